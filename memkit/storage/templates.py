"""Rendering note bodies from Jinja2 templates: packaged ones, overridable per vault.

Owns the only import of jinja2. A vault's `templates/<name>.md.j2` wins over the
packaged file of the same name. Templates produce bodies for people; frontmatter
is never templated (notes.py writes it).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from memkit import shipped
from typing import Any

PACKAGED = shipped("templates")


@lru_cache(maxsize=8)
def _env(vault_templates: str | None):
    import jinja2

    dirs = ([vault_templates] if vault_templates else []) + [str(PACKAGED)]
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(dirs), autoescape=False,
                             keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.ChainableUndefined)
    env.filters["quote"] = lambda text: "\n".join("> " + line for line in str(text or "").splitlines()) or ">"
    env.filters["oneline"] = lambda text: " ".join(str(text or "").split())
    return env


def prepared(name: str, vault_root: Path | None = None):
    """The compiled template (Jinja2 keeps it: a later render of it compiles nothing)."""
    folder = vault_root / "templates" if vault_root else None
    return _env(str(folder) if folder and folder.is_dir() else None).get_template(f"{name}.md.j2")


def render(name: str, vault_root: Path | None = None, **values: Any) -> str:
    return prepared(name, vault_root).render(**values)
