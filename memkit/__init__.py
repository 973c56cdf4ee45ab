"""memkit: memory for LLM coding agents, kept in a plain-Markdown, git-backed vault.

The Markdown files in the vault are the only source of truth; `.memkit/` holds
disposable caches, locks and logs. This module names the version and where the
files memkit ships live (data/, and the repository's templates/ and hooks/).
"""
from pathlib import Path

__version__ = "0.1.0"
PACKAGE = Path(__file__).parent
DATA = PACKAGE / "data"


def shipped(folder: str) -> Path:
    """A top-level folder of the repository carried into the package: `templates` or `hooks`.
    A built wheel holds it as memkit/_<folder>; a source checkout (editable install) has it
    beside the package."""
    inside = PACKAGE / f"_{folder}"
    return inside if inside.is_dir() else PACKAGE.parent / folder
