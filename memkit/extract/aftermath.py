"""What the agent did right after a person's message, before the person spoke again: whether its
answer owns a mistake ("I'm sorry", "my mistake") or grants the point ("You're absolutely right",
"good catch"), whether it changed again the files it had just changed, and the fix its edits made.
Each is evidence that the message corrected the agent, whatever its wording (`pushback.verdict`).
"""
from __future__ import annotations

from memkit import rxcache
from memkit.layers import Role
from memkit.traces.model import ToolCall, Turn

READ_ONLY = {"Read", "Glob", "Grep", "LS", "WebSearch", "TodoWrite", "TodoRead", "NotebookRead", "Task",
             "ExitPlanMode", "BashOutput", "ListMcpResourcesTool", "Search", "List", "Fetch", "WebFetch"}


# the agent's answer opens by owning a mistake: an apology, "my mistake", "I shouldn't have"
_OWNED = rxcache.compile(r"(?i)^\W*(?:(?:oh|ah),?\s+)?(?:(?:i'?m|i\s+am)\s+(?:so\s+|very\s+|really\s+)?sorry\b|sorry\b|"
                    r"(?:my\s+)?apologies\b|i\s+apologi[sz]e\b|my\s+(?:mistake|bad)\b|that\s+was\s+my\s+mistake\b|"
                    r"i\s+shouldn'?t\s+have\b)")


# the agent's answer opens by granting the person's point, as coding agents answer a correction
_CONCEDED = rxcache.compile(r"(?i)^\W*(?:(?:yes|ah|oh|ok(?:ay)?|right|hmm)[,.!]?\s+)?(?:(?:you'?re|you\s+are)\s+"
                            r"(?:absolutely\s+|completely\s+|totally\s+|entirely\s+|quite\s+|so\s+|exactly\s+)?"
                            r"(?:right|correct)|(?:good|great|excellent|sharp)\s+(?:catch|eye)|"
                            r"(?:good|great|excellent|fair|valid)\s+point)\b")


def owned(said: str) -> bool:
    """The opening of the agent's answer (`answer`) owns a mistake."""
    return _OWNED.match(said) is not None


def conceded(said: str) -> bool:
    """The opening of the agent's answer (`answer`) grants the person's point."""
    return _CONCEDED.match(said) is not None


def answer(turns: list[Turn], i: int) -> str:
    """The opening of the agent's first words after message i, before the person speaks again."""
    for t in turns[i + 1:i + 12]:
        if t.role is Role.USER and t.typed:
            return ""
        if t.role is Role.ASSISTANT and t.text.strip():
            return t.text.strip()[:200]
    return ""


_FILE_WORD = rxcache.compile(r"[\w.-]*/[\w./-]*|[\w-]+\.[A-Za-z]\w{0,7}\b")   # a path, or a name with an extension


def redone(turns: list[Turn], i: int, acted: tuple[ToolCall, ...]) -> bool:
    """After message i, before the person speaks again, the agent changes again a file (or a
    folder holding one) that it had changed just before: it redoes its work, as after a correction."""
    before = set().union(*(_touches(c) for c in acted)) if acted else set()
    if not before:
        return False
    names = {b.rsplit("/", 1)[-1] for b in before}
    for t in turns[i + 1:i + 60]:
        if t.role is Role.USER and t.typed:
            return False
        for c in t.tool_calls:
            if read_only(c.name):
                continue
            for touched in _touches(c):
                if touched.rsplit("/", 1)[-1] in names or any(f"/{touched}/" in f"/{b}/" for b in before):
                    return True
    return False


def fix_after(turns: list[Turn], i: int, limit: int = 8) -> list[str]:
    """The agent's own fix after message i, before the person speaks again: the lines its edits
    took out (`-…`) and put in (`+…`), each stripped, the lines both sides keep left out. A line
    taken out counts only when the agent had written it itself before message i (code that was
    there before the session is no mistake of its)."""
    wrote = {ln for t in turns[max(0, i - 60):i] for c in t.tool_calls for _, new in _changes(c) for ln in new}
    out: list[str] = []
    for t in turns[i + 1:i + 60]:
        if t.role is Role.USER and t.typed:
            break
        for c in t.tool_calls:
            for before, after in _changes(c):
                if before:
                    out += ["-" + ln[:200] for ln in sorted(before - after) if ln in wrote][:limit]
                    out += ["+" + ln[:200] for ln in sorted(after - before)][:limit]
    return list(dict.fromkeys(out))[:2 * limit]


def _changes(call: ToolCall) -> list[tuple[set[str], set[str]]]:
    """(lines replaced, lines written) of each change an edit or write call makes, stripped."""
    args = call.input if isinstance(call.input, dict) else {}
    if isinstance(args.get("content"), str):   # a whole file written
        return [(set(), {ln.strip() for ln in args["content"].splitlines() if ln.strip()})]
    out = []
    for e in args.get("edits") if isinstance(args.get("edits"), list) else [args]:
        old, new = (e.get(k) if isinstance(e, dict) else None for k in ("old_string", "new_string"))
        if isinstance(old, str) and isinstance(new, str):
            out.append(tuple({ln.strip() for ln in x.splitlines() if ln.strip()} for x in (old, new)))
    return out


def _touches(call: ToolCall) -> set[str]:
    """The files a call changes or runs on: an edit's file, the paths and file names in a command
    (without a leading ./ or a trailing /)."""
    args = call.input if isinstance(call.input, dict) else {}
    found = {str(args[k]) for k in ("file_path", "path", "notebook_path") if isinstance(args.get(k), str)}
    command = args.get("command") if isinstance(args.get("command"), str) else ""
    found |= set(_FILE_WORD.findall(command[:2000]))
    out = set()
    for f in found:
        f = f.strip()
        f = f[2:] if f.startswith("./") else f
        f = f.rstrip("/")
        if len(f.rsplit("/", 1)[-1]) >= 3:
            out.add(f)
    return out


def read_only(tool: str) -> bool:
    """A call that only looked (read, search, fetch, plan): it changed nothing to correct.
    Known by name, or by the family activation gives the tool (other agents' names)."""
    from memkit.activation import acts

    return tool in READ_ONLY or acts.family(tool) in acts.READ_ONLY
