"""The file a lesson points at without naming it. "Don't touch that file", "leave it alone", "DO NOT
TOUCH OUR IMPLEMENTATION", said of an edit the person refused or cut off, are about what that edit
changed: the file itself, or for the code of a whole part ("the implementation", "the production
code") the folder that holds it. A rule about a purpose ("don't touch our implementation for
exploratory probing") is about the purpose, not the file: it points at nothing.

Pure text and the corrected call; read by the lesson compiler, never on the hot path.
"""
from __future__ import annotations

from memkit.activation.acts import STOPPED
from memkit.activation.acts import Lazy as _Lazy

_FILE = r"(?:file|module|script|class|config(?:uration)?(?:\s+file)?|test\s+file|spec)"
_PART = r"(?:implementation|production\s+code|source(?:\s+code)?|library(?:\s+code)?|code(?:base)?|app\s+code)"
_WHAT = (rf"(?:(?P<it>it|this\s+one|that\s+one)\b|(?:this|that|the|our|my|your)\s+(?:own\s+|existing\s+|actual\s+)?"
         rf"(?:(?P<file>{_FILE})|(?P<part>{_PART}))\b)")
_BARE = r"(?:it|this\s+one|that\s+one|(?:this|that|the|our|my|your)\s+(?:own\s+|existing\s+|actual\s+)?\w+(?:\s+\w+)?)"
_HANDS_OFF = _Lazy(
    r"(?i)(?:\b(?:don'?t|do\s+not|never|stop|quit|no\s+more|not\s+allowed\s+to|"
    r"rather\s+you\s+didn'?t|you\s+(?:can'?t|cannot|may\s+not))\s+"
    r"(?:\w+\s+)?(?:touch|chang|edit|modify|mess\w*\s+(?:with|up)|fiddl\w*\s+with|rewrit|overwrit|hack\w*\s+(?:on|at)"
    rf"|tamper\w*\s+with)\w*\s+|\bleave\s+(?={_BARE}\s+alone\b)|\bhands\s+off\s+(?:of\s+)?|"
    rf"\bkeep\s+(?:your\s+hands\s+)?off\s+){_WHAT}")

_PURPOSE = _Lazy(r"(?i)\s+(?:just\s+|only\s+)?(?:for|to|in\s+order\s+to|while|when|so\s+that|unless|until)\b")


def pointed_at(act, parts: list[tuple[str, str]], trigger: str) -> list[str]:
    """The entities a hands-off rule points at by "it", "this file" or "our implementation": the file
    (last two segments of its path) or the folder holding it, when the corrected call was an edit or
    a write the person stopped. Nothing for a call that went through: "it" could be anything then."""
    if act is None or act.family not in ("edit", "write") or not act.paths or not STOPPED.search(str(trigger or "")):
        return []
    said = [m for p, text in parts if p in ("forbid", "instead") for m in _HANDS_OFF.finditer(text)
            if not _PURPOSE.match(text, m.end())]   # "… for exploratory probing": a purpose, not the file
    if not said:
        return []
    segments = [s for s in act.paths[0].replace("\\", "/").split("/") if s and s != "."]
    if len(segments) < 2:
        return segments[-1:] if segments and not any(m.group("part") for m in said) else []
    if any(m.group("part") for m in said):   # the folder of the part of the code it was in
        return ["/".join(segments[-3:-1]) + "/"]
    return ["/".join(segments[-2:])]
