"""memkit: memory for LLM coding agents, kept in a plain-Markdown, git-backed vault.

The Markdown files in the vault are the only source of truth; `.memkit/` holds
disposable caches, locks and logs. This module names the version and where the
files memkit ships live (data/, and the repository's templates/ and hooks/).
"""
from __future__ import annotations

__version__ = "0.1.0"
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


def __getattr__(name: str):
    """PACKAGE (this folder) and DATA (its data/), made on first use: the executable's short
    paths (memkit.entry) import this module and would otherwise pay for pathlib on every call."""
    if name not in ("PACKAGE", "DATA"):
        raise AttributeError(f"module 'memkit' has no attribute {name!r}")
    from pathlib import Path

    package = Path(__file__).parent
    globals().update(PACKAGE=package, DATA=package / "data")
    return globals()[name]


def shipped(folder: str) -> Path:
    """A top-level folder of the repository carried into the package: `templates` or `hooks`.
    A built wheel holds it as memkit/_<folder>; a source checkout (editable install) has it
    beside the package."""
    package = __getattr__("PACKAGE")
    inside = package / f"_{folder}"
    return inside if inside.is_dir() else package.parent / folder
