"""`memkit tried APPROACH`: "why didn't we do X?" answered from the vault's records.

Owns matching an approach against negative results (their approach), corrections (trigger
and lesson) and failed or abandoned episodes (goal and lessons) — rapidfuzz plus the
full-text index — and phrasing each match as one line that leads to its session turn.
Reads only; nothing recorded is an answer, not an error.
"""
from __future__ import annotations

from typing import Any

from memkit.library import provenance
from memkit.search import search
from memkit.storage import index

MATCH = 70      # rapidfuzz token-set score for "the same approach"
RELATED = 45    # a lower score that counts when the full-text index finds it too


def _records(vault) -> list[dict[str, Any]]:
    from memkit.storage import queries

    rows = queries.notes(vault, types=("observation",), kinds=("negative_result", "correction", "decision"),
                         or_types=("episode",), not_statuses=("rejected", "superseded"))
    return [{**m, "_path": p} for p, m in rows]


def _texts(m: dict[str, Any]) -> list[str]:
    if m.get("type") == "episode":
        return [str(m.get("goal") or ""), " ".join(map(str, m.get("lessons") or []))]
    if m.get("kind") == "negative_result":
        return [str(m.get("approach") or ""), f"{m.get('approach') or ''} {m.get('reason') or ''}"]
    return [str(m.get("trigger") or ""), str(m.get("lesson") or "")]


def _where(m: dict[str, Any]) -> tuple[str, int | None]:
    found = provenance.links(m.get("source")) or provenance.links(m.get("sessions"))
    return found[0] if found else ("", None)


def tried(vault, approach: str, limit: int = 10) -> list[dict[str, Any]]:
    """Records about an approach, best first: negative results, corrections, failed or abandoned episodes."""
    from memkit.similar import fuzz, utils

    index.refresh(vault)
    records = _records(vault)
    fts = {h.id for h in search(vault, approach, limit=50, refresh=False)}
    found = []
    for m in records:
        if m.get("kind") == "decision" or (m.get("type") == "episode" and m.get("outcome") not in ("failed", "abandoned")):
            continue
        score = max((fuzz.token_set_ratio(approach, t, processor=utils.default_process) for t in _texts(m) if t),
                    default=0)
        if score >= MATCH or (score >= RELATED and m.get("id") in fts):
            found.append(_answer(m, score + (5 if m.get("id") in fts else 0), records))
    order = {"negative_result": 0, "episode": 1, "correction": 2}
    found.sort(key=lambda a: (-a["score"], order.get(a["kind"], 3), a["date"]), reverse=False)
    return found[:limit]


def _answer(m: dict[str, Any], score: float, records: list[dict[str, Any]]) -> dict[str, Any]:
    tid, turn = _where(m)
    date = tid[:10] if tid[:4].isdigit() else str(m.get("created") or "")[:10] or "undated"
    where = f"in session {date}" + (f" (turn {turn})" if turn else "")
    kind = "episode" if m.get("type") == "episode" else str(m.get("kind"))
    if kind == "negative_result":
        reason = m.get("reason")
        line = (f"we tried {_short(m.get('approach'))} {where}: "
                + (f"it failed because {_short(reason, 240)}" if reason else "it did not work"))
        after = _decided_after(m, tid, turn, records)
        line += f"; then {after}" if after else ""
    elif kind == "correction":
        line = f"corrected {where}: {_short(m.get('trigger') or 'an action')} → {_short(m.get('lesson'))}"
    else:
        lessons = _short("; ".join(map(str, m.get("lessons") or [])), 240)
        line = f"episode “{_short(m.get('goal'))}” {where} ended {m.get('outcome')}" + (f": {lessons}" if lessons else "")
    line += f" — see [[{m.get('id')}]]"
    return {"id": m.get("id"), "kind": kind, "score": round(float(score), 1), "session": tid, "turn": turn,
            "date": date, "path": m["_path"], "line": line}


def _short(text: Any, limit: int = 120) -> str:
    text = " ".join(str(text or "").split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def _decided_after(m: dict[str, Any], tid: str, turn: int | None, records: list[dict[str, Any]]) -> str:
    """The decision made later in the same session, if one was recorded."""
    later = [(n or 0, r) for r in records if r.get("kind") == "decision"
             for t, n in provenance.links(r.get("source")) if t == tid and (n or 0) > (turn or 0)]
    if not later:
        return ""
    _, r = min(later, key=lambda x: x[0])
    return f"decided: {r.get('chosen') or r.get('lesson')} ([[{r.get('id')}]])"
