"""The file a lesson points at without naming it. "Don't touch that file", "leave it alone", "DO NOT
TOUCH OUR IMPLEMENTATION", said of an edit the person refused or cut off, are about the file that
edit changed (the file, not its folder: "don't modify the implementation, only the tests" leaves the
tests beside it free). A rule about a purpose ("don't touch our implementation for exploratory
probing") or a manner ("don't change it that way") is about that, not the file: it points at nothing.

Pure text and the corrected call; read by the lesson compiler, never on the hot path.
"""
from __future__ import annotations

from memkit.activation import entities
from memkit.activation.acts import STOPPED
from memkit.activation.acts import Lazy as _Lazy

_FILE = r"(?:file|module|script|class|config(?:uration)?(?:\s+file)?|test\s+file|spec)"
_PART = (r"(?:implementation|production\s+code|source(?:\s+code)?|library(?:\s+code)?|code(?:base)?|"
         r"app\s+code)")
_OWNER = r"(?:this|that|the|our|my|your)\s+(?:own\s+|existing\s+|actual\s+)?"
_WHAT = rf"(?:(?:it|this|that|this\s+one|that\s+one)\b|{_OWNER}(?:{_FILE}|{_PART})\b)"
_BARE = rf"(?:it|this|that|this\s+one|that\s+one|{_OWNER}\w+(?:\s+\w+)?)"
_ENDS = (r"(?=\s*(?:$|[.,;:!?)]|--|\s(?:alone|again|any\s*more|directly|by\s+hand|ever|yourself|at\s+all|"
         r"please)\b))")   # the phrase ends there: not "the code style", "it that way", "the class name", nor
# "our implementation for exploratory probing" (a purpose)
_HANDS_OFF = _Lazy(
    r"(?i)(?:\b(?:don'?t|do\s+not|never|stop|quit|no\s+more|not\s+allowed\s+to|not\s+to|"
    r"rather\s+you\s+didn'?t|you\s+(?:can'?t|cannot|may\s+not|shouldn'?t\s+have|should\s+not\s+have))\s+"
    r"(?:\w+\s+)?(?:touch|chang|edit|modify|mess\w*\s+(?:with|up)|fiddl\w*\s+with|rewrit|overwrit|"
    r"hack\w*\s+(?:on|at)|tamper\w*\s+with|mak\w*\s+(?:any\s+)?changes\s+to)\w*\s+|"
    r"\bno\s+(?:more\s+)?(?:changes|edits)\s+to\s+|"
    rf"\bleave\s+(?={_BARE}\s+alone\b)|\bhands\s+off\s+(?:of\s+)?|"
    rf"\bkeep\s+(?:your\s+hands\s+)?off\s+){_WHAT}{_ENDS}")


def pointed_at(act, parts: list[tuple[str, str]], trigger: str) -> list[str]:
    """The entity a hands-off rule points at by "it", "this file" or "our implementation": the file (the
    last two segments of its path) when the corrected call was an edit or a write the person stopped.
    Nothing for a call that went through: "it" could be anything then."""
    stopped = STOPPED.search(str(trigger or ""))
    if act is None or act.family not in ("edit", "write") or not act.paths or not stopped:
        return []
    if not any(p != "allow" and _HANDS_OFF.search(text) for p, text in parts):
        return []
    segments = [s for s in act.paths[0].replace("\\", "/").split("/") if s and s != "."]
    return ["/".join(segments[-2:])] if segments else []


def warned_of(parts: list[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """For a lesson nothing else names: the things a remark before its warning names that the
    warning speaks of in a word of theirs, and the ones its remedy names. "real.launch.py drives
    the actual arm ... never move the real robot without asking me first. try things in gazebo
    with sim.launch.py": the warning is about real.launch.py, and sim.launch.py complies ("data/
    raw-scans/ holds the originals. never rename the exports" warns of no folder). Only names
    shaped as things (a path, a flag, an identifier, code, a command); a remark after the last
    warning is part of the remedy."""
    last = max((i for i, (p, _) in enumerate(parts) if p in ("forbid", "instead")), default=-1)
    if last < 0:
        return [], []
    warning = {w.rstrip("s") for p, t in parts if p in ("forbid", "instead") for w in _WORDS.findall(t.lower())}
    said = [(p in ("prescribe", "allow") or i > last, n) for i, (p, text) in enumerate(parts)
            if p != "forbid" and p != "instead" for n in entities.names_in(text) if entities.fires_alone(n)]
    right = list(dict.fromkeys(n for remedy, n in said if remedy))
    wrong = [n for remedy, n in said if not remedy and n not in right
             and any(w.rstrip("s") in warning for w in _WORDS.findall(n.lower()) if w not in _PLAIN_PARTS)]
    return list(dict.fromkeys(wrong)), right


_WORDS = _Lazy(r"[a-z]{3,}")
_PLAIN_PARTS = frozenset("the and src lib app main index test tests spec docs com org www http https json yaml yml "
                         "toml txt csv py js ts rb go rs md sh".split())   # a folder or an extension says nothing
