"""Text similarity: the one home of rapidfuzz (fuzz ratios, best matches, its normalising of
case and punctuation). Callers import this module inside the functions that compare, so a
hook or a command that compares nothing never loads rapidfuzz (11-15 ms)."""
from __future__ import annotations

from rapidfuzz import fuzz, process, utils

__all__ = ["fuzz", "process", "utils"]
