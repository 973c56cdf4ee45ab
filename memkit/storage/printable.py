"""Text from the vault made safe to print on a terminal.

A trace holds what tools printed: escape sequences that set a window title, clear the screen,
write the clipboard (OSC 52) or move the cursor over text already shown. Printed as they are,
they act on the person's terminal. Owns one function, used by every command that prints what
the vault holds; imports nothing until a text holds a control character (the search fast path
uses it).
"""
from __future__ import annotations

# OSC … BEL/ST, DCS/SOS/PM/APC … ST, CSI …, any other ESC sequence, then the C0 and C1 controls
# a line of text has no use for (tab and newline stay; so do STX/ETX, which act on no terminal and
# mark a search snippet's matched words)
_CONTROLS = frozenset(map(chr, [0, 1, *range(0x04, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0)]))
_PATTERN = (r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|"
            r"\x1b\[[0-?]*[ -/]*[@-~]?|\x1b[ -/]*[0-~]?|\x9b[0-?]*[ -/]*[@-~]?|"
            r"[\x00\x01\x04-\x08\x0b-\x1f\x7f-\x9f]")
_compiled = None


def printable(text: str) -> str:
    """text without terminal control sequences and control characters (tabs and newlines kept)."""
    global _compiled
    text = str(text)
    if _CONTROLS.isdisjoint(text):
        return text
    if _compiled is None:
        import re

        _compiled = re.compile(_PATTERN)
    return _compiled.sub("", text)
