"""Activation: put the right memory in front of the agent before it acts.

Owns cue matching (shared action types first, then lexical and fuzzy similarity
with a low bar), priority arbitration (relevance × recency × consequence ×
frequency, reviewed above unreviewed), per-type budgets, and rendering recalled
records as quoted lines. Hot path: reads the index as it is, never walks the
vault, imports nothing heavy.
"""
from __future__ import annotations

import json
import math
import os
import re
import stat
import sqlite3
from datetime import datetime, timezone
TYPE_CHECKING = False   # `typing` costs the hook ~3 ms of imports; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

from memkit.activation import hookindex
from memkit.activation.lessons import STOP

COLS = ("rowid, path, note_id, cue_type, trigger, lesson, action_types, status, reviewed, created, session,"
        " source, importance, confidence, consequence, project, sessions, extra")
MAX_TYPED = 300   # cues read per call through shared action types
LESSONS_VERSION = 1   # memkit.lessons.VERSION, without importing it (its regexes) on the hot path
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")
_PLAIN_WORD = re.compile(r"[a-z0-9][a-z0-9.+-]*")


class Cue:
    """One recalled record (a row of the cues table) and what matching made of it.
    Plain classes here, not dataclasses: `dataclasses` costs the hook ~8 ms of imports."""

    __slots__ = ("rowid", "path", "note_id", "cue_type", "trigger", "lesson", "types", "status", "reviewed",
                 "created", "session", "source", "importance", "confidence", "consequence", "project",
                 "sessions", "extra", "score", "why")

    def __init__(self, rowid: int, path: str, note_id: str, cue_type: str, trigger: str, lesson: str,
                 types: set[str], status: str, reviewed: bool, created: str, session: str, source: str,
                 importance: float, confidence: float, consequence: str, project: str, sessions: int,
                 extra: dict[str, Any], score: float = 0.0, why: list[str] | None = None):
        self.rowid, self.path, self.note_id, self.cue_type = rowid, path, note_id, cue_type
        self.trigger, self.lesson, self.types, self.status = trigger, lesson, types, status
        self.reviewed, self.created, self.session, self.source = reviewed, created, session, source
        self.importance, self.confidence, self.consequence = importance, confidence, consequence
        self.project, self.sessions, self.extra = project, sessions, extra
        self.score, self.why = score, why if why is not None else []

    @classmethod
    def from_row(cls, row: tuple) -> "Cue":
        r = list(row)
        r[6] = set((r[6] or "").split())
        r[8] = bool(r[8])
        r[17] = json.loads(r[17] or "{}")
        return cls(*r)

    def __repr__(self) -> str:
        return f"Cue({self.note_id!r}, {self.cue_type!r}, score={self.score})"


class Action:
    __slots__ = ("text", "types", "project", "kind", "tool", "session", "path", "near")

    def __init__(self, text: str, types: set[str], project: str = "", kind: str = "tool", tool: str = "",
                 session: str = "", path: str = "", near: set[str] | None = None):
        self.text = text          # what the action does, as text
        self.types = types        # its action types (non-benign)
        self.project = project
        self.kind = kind          # tool | prompt | task
        self.tool = tool
        self.session = session
        self.path = path          # the file a tool call touches, if any
        self.near = near if near is not None else set()   # types whose context could not be confirmed


def _fetch(con: sqlite3.Connection, sql: str, args: list) -> list[Cue]:
    return [Cue.from_row(r) for r in con.execute(sql, args).fetchall()]


def candidates(con: sqlite3.Connection, action: Action) -> dict[int, Cue]:
    found: dict[int, Cue] = {}
    if action.types or action.near:
        weak = {"~" + t for t in action.types} if action.kind == "prompt" else set()
        wanted = sorted(action.types | action.near | weak)
        marks = ",".join("?" * len(wanted))
        # newest first and bounded: a type shared by thousands of cues must not cost thousands of rows
        for cue in _fetch(con, f"SELECT {COLS} FROM cues WHERE rowid IN (SELECT cue FROM cue_types "
                               f"WHERE type IN ({marks}) ORDER BY cue DESC LIMIT {MAX_TYPED})", wanted):
            found[cue.rowid] = cue
    words = _rare(con, distinctive(action.text)[:12])
    if words:   # near-repeats of a tool call, and facts whose key a task names
        expr = " OR ".join(f'"{w}"' for w in words)
        try:
            rows = con.execute(f"SELECT {COLS} FROM cues WHERE rowid IN (SELECT rowid FROM cues_fts "
                               "WHERE cues_fts MATCH ? ORDER BY rank LIMIT 20)", [expr]).fetchall()
        except sqlite3.OperationalError:
            rows = []
        for r in rows:
            found.setdefault(r[0], Cue.from_row(r))
    return found


COMMON_FROM = 200   # cues: below this, every word is looked up (the full-text query is cheap anyway)
_PART = re.compile(r"[^\W_]+")


def _rare(con: sqlite3.Connection, words: list[str]) -> list[str]:
    """The words that are not in more than 1 % of the cues (and at least COMMON_FROM). Ranking
    every cue holding "git" or "commit" is what made the full-text query cost tens of ms at
    100,000 cues; such words say nothing about which lesson a call repeats."""
    if not words:
        return words
    total = con.execute("SELECT max(rowid) FROM cues").fetchone()[0] or 0
    limit = max(COMMON_FROM, total // 100)
    if total <= limit:
        return words
    try:
        con.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.cue_vocab USING fts5vocab(main, cues_fts, row)")
        parts = {w: _PART.findall(w.lower()) for w in words}   # as the tokenizer splits them
        # the index holds porter stems: "orders" is there as "order"
        terms = sorted({v for ps in parts.values() for p in ps for v in (p, p[:-1] if p.endswith("s") else p)})
        df = dict(con.execute(f"SELECT term, doc FROM temp.cue_vocab WHERE term IN ({','.join('?' * len(terms))})",
                              terms).fetchall())
    except sqlite3.OperationalError:
        return words

    def count(part: str) -> int:
        return max(df.get(part, 0), df.get(part[:-1], 0) if part.endswith("s") else 0)

    return [w for w in words if parts[w] and min(count(p) for p in parts[w]) <= limit]


def distinctive(text: str) -> list[str]:
    seen: list[str] = []
    for w in _WORD.findall(text):
        lw = w.lower()
        if lw not in STOP and lw not in seen:
            seen.append(lw)
    return seen


def _age_days(stamp: str) -> float:
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return 90.0
    when = when if when.tzinfo else when.replace(tzinfo=timezone.utc)
    return max(0.0, (datetime.now(timezone.utc) - when).total_seconds() / 86400)


def score(cue: Cue, action: Action, taxonomy) -> float:
    """Relevance × recency × consequence × frequency; 0 when the action already complies."""
    shared = {t for t in cue.types & action.types if not taxonomy.types.get(t) or not taxonomy.types[t].benign}
    lexical = _lexical(cue, action)
    near = cue.types & action.near
    if shared:
        relevance = min(1.0, 0.8 + 0.1 * len(shared)) + 0.2 * lexical
        cue.why.append("same kind of action: " + ", ".join(sorted(shared)))
    elif action.kind == "prompt" and any("~" + t in cue.types for t in action.types):
        relevance = 0.75
        cue.why.append("the task is of a kind the lesson touches")
    elif near and same_folder(cue.trigger, action.path):
        relevance = 0.85
        cue.why.append("same kind of action in the folder where it was corrected: " + ", ".join(sorted(near)))
    elif lexical >= 0.85:
        relevance = lexical * 0.8
        cue.why.append(f"nearly the same action ({lexical:.2f})")
    else:
        return 0.0
    if complies(cue, action):
        cue.why.append("the action already does what the lesson asks")
        return 0.0
    if allowed(cue, action):
        cue.why.append("the lesson says this action is fine")
        return 0.0
    recency = max(0.5, 1.0 / (1.0 + _age_days(cue.created) / 365.0) ** 0.5)
    consequence = 0.8 + 0.4 * max(0.0, min(1.0, cue.importance))
    frequency = 1.0 + 0.1 * math.log(max(1, cue.sessions))
    review = 1.3 if cue.reviewed else 1.0
    place = 1.0 if not cue.project or not action.project or cue.project == action.project else 0.75
    return round(relevance * recency * consequence * frequency * review * place * cue.confidence ** 0.25, 4)


_TRIGGER_PATH = re.compile(r"^\w+: (/[^\s—]+)")


def same_folder(trigger: str, path: str) -> bool:
    m = _TRIGGER_PATH.match(trigger)
    return bool(m and path) and m.group(1).rsplit("/", 1)[0] == path.rsplit("/", 1)[0]


def edited_file(tool_name: str, tool_input: Any, limit: int = 262144) -> str:
    """The file an Edit changes, as it is now on disk: the context its new lines will live in."""
    if tool_name not in ("Edit", "MultiEdit") or not isinstance(tool_input, dict):
        return ""
    path = tool_input.get("file_path")
    try:   # never waits on a FIFO or a device: opened without blocking, read only when a regular file
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), encoding="utf-8", errors="replace") as f:
            return f.read(limit) if stat.S_ISREG(os.fstat(f.fileno()).st_mode) else ""
    except (OSError, TypeError, ValueError):
        return ""


def _lexical(cue: Cue, action: Action) -> float:
    """How nearly the action repeats the corrected one: same tool, nearly the same text."""
    trig = cue.trigger.split(": ", 1)[-1].replace(" (rejected)", "").replace(" (interrupted)", "")
    if not trig or len(action.text) < 8 or cue.trigger.split(":", 1)[0] != action.tool:
        return 0.0
    from memkit.activation import fuzzy

    return fuzzy.token_sort_ratio(trig[:400], action.text[:400]) / 100.0


def _lessons(cue: Cue) -> dict:
    """The lesson's prescribed terms and allowed actions: stored by the index, else computed."""
    if cue.extra.get("lx") != LESSONS_VERSION:
        from memkit.activation import lessons

        cue.extra.update(lessons.analysis(cue.lesson))
    return cue.extra


def allowed(cue: Cue, action: Action) -> bool:
    """The lesson names this very action as fine ("Local `terraform plan` is fine")."""
    if action.kind != "tool":
        return False
    text = " ".join(action.text.lower().split())
    return any(words and all(w in text for w in words) for words in _lessons(cue).get("allowed") or [])


def complies(cue: Cue, action: Action) -> bool:
    if cue.cue_type not in ("correction", "preference") and not cue.cue_type.startswith("library:"):
        return False
    if action.kind != "tool":
        return False
    text = action.text.lower()
    words = set(_PLAIN_WORD.findall(text))
    for term in _lessons(cue).get("prescribed") or []:
        low = term.lower().rstrip("()")
        if (len(low) >= 5 and low in text) or (" " not in low and low in words and len(low) >= 2):
            return True
    return False


def _facts(cues: list[Cue], action: Action, min_trust: float) -> list[Cue]:
    """Facts below min_trust leave; the rest rank by trust, and a fact the action contradicts fires."""
    from memkit.facts import check as factcheck

    kept = []
    for cue in cues:
        trust = float(cue.extra.get("trust") or 0)
        if cue.cue_type == "fact" and trust < min_trust:
            continue
        said = factcheck.contradiction(cue.trigger, str(cue.extra.get("value") or ""), action.text) \
            if cue.cue_type == "fact" and action.text else None
        if said:
            cue.extra["contradiction"] = said
            cue.why.append(f"the action states another value: {said}")
            cue.score = max(cue.score, 1.5 + trust)
        elif cue.cue_type == "fact" and action.kind == "task":
            cue.score = round(0.8 + 0.5 * trust, 4)
        elif cue.cue_type == "fact" and action.kind == "prompt":
            if factcheck.mention(cue.trigger, action.text) >= 0.5:  # a task about the fact's subject
                cue.score = max(cue.score, round(0.5 + 0.5 * trust, 4))
        kept.append(cue)
    return kept


# ---- arbitration and rendering ----------------------------------------------
BUDGET_KEY = {"correction": "correction", "preference": "preference", "fact": "fact", "precedent": "precedent",
              "procedure": "procedure", "negative_result": "negative_result"}


def budget_key(cue: Cue) -> str:
    if cue.cue_type.startswith("library:"):
        kind = cue.cue_type.split(":", 1)[1]
        return "procedure" if kind == "procedure" else "preference" if kind == "preference" else "correction"
    return BUDGET_KEY.get(cue.cue_type, "correction")


def arbitrate(cues: list[Cue], budgets: dict[str, int], total: int) -> list[Cue]:
    """Best first; library notes hide the observations they were promoted from; budgets per type."""
    cues = sorted(cues, key=lambda c: (-c.score, c.note_id))
    covered = {s for c in cues for s in c.extra.get("sources", [])}
    spent: dict[str, int] = {}
    chosen: list[Cue] = []
    used = 0
    seen_lessons: set[str] = set()
    for cue in cues:
        if cue.note_id in covered and not cue.cue_type.startswith("library:"):
            continue
        key = " ".join(cue.lesson.lower().split())[:120]
        if key in seen_lessons:
            continue
        cost = tokens(line_for(cue))
        kind = budget_key(cue)
        if spent.get(kind, 0) + cost > budgets.get(kind, 300) and spent.get(kind, 0) > 0:
            continue
        if used + cost > total and chosen:
            continue
        spent[kind] = spent.get(kind, 0) + cost
        used += cost
        seen_lessons.add(key)
        chosen.append(cue)
    return chosen


def tokens(text: str) -> int:
    return max(1, len(text) // 4)


def neutral(text: str, limit: int = 600) -> str:
    """Recalled text as data: one line, no markup that could pose as memkit or a system message."""
    text = " ".join(str(text).split())
    text = re.sub(r"</?\s*(system[-_ ]?reminder|system|instructions?|assistant|user|human)\b[^>]*>", "", text,
                  flags=re.I)
    text = text.replace("memkit —", "memkit -").replace("```", "'''")
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def _when(cue: Cue) -> str:
    if cue.cue_type.startswith("library:") and cue.extra.get("last"):
        verb = "corrected" if cue.cue_type == "library:convention" else "seen"
        return f"{verb} in {cue.sessions} session{'s' if cue.sessions != 1 else ''}, last {cue.extra['last']}"
    m = re.search(r"\[\[([^#\]]+)(?:#\^t(\d+))?\]\]", cue.source)
    date = cue.created[:10] if cue.created else ""
    if not m:
        return f"session {date}".strip()
    return f"session {date or m.group(1)}" + (f", turn {m.group(2)}" if m.group(2) else "") + f" — {m.group(1)}"


def line_for(cue: Cue, taxonomy=None, high: bool = False, action_types: set[str] = frozenset()) -> str:
    lesson = neutral(cue.lesson)
    label = "reviewed" if cue.reviewed else "unreviewed"
    if cue.cue_type == "correction" or cue.cue_type.startswith("library:convention"):
        about = _about(cue, taxonomy, action_types)
        head = f"BEFORE {about}: " if about else "CORRECTION: "
        text = f"{head}\"{lesson}\""
    elif cue.cue_type.startswith("library:"):
        text = f"{cue.cue_type.split(':')[1].upper()} \"{lesson}\""
    elif cue.cue_type == "preference":
        text = f"PREFERENCE: \"{lesson}\""
    elif cue.cue_type == "fact":
        trust, said = cue.extra.get("trust"), cue.extra.get("contradiction")
        head = f"CONTRADICTION: the action says \"{neutral(said, 80)}\", but the fact says " if said else "FACT: "
        text = head + lesson + ("" if (trust or 0) >= 0.8 else " (unconfirmed — verify before acting)")
    elif cue.cue_type == "negative_result":
        text = f"TRIED BEFORE: {neutral(cue.trigger, 200)} — {lesson}"
    elif cue.cue_type == "precedent":
        text = f"PRECEDENT: {neutral(cue.trigger, 200)} — {lesson}"
    else:
        text = f"{cue.cue_type.upper()}: \"{lesson}\""
    ref = f"[{cue.cue_type.replace('library:', '')} {cue.note_id}, {label}; {_when(cue)}]"
    line = f"- {text} {ref}"
    if high:
        line += "\n  CHECKPOINT: high-consequence action — confirm this lesson does not apply before running it."
    return line


def _about(cue: Cue, taxonomy, action_types: set[str] = frozenset()) -> str:
    """The kind of action the lesson is about: one shared with the action at hand, else the
    one the corrected action itself had, else any."""
    if taxonomy is not None:
        primary = cue.extra.get("primary") or ""
        shared = cue.types & set(action_types)
        own = set()   # what the person's words are about (the index stores it)
        if shared:
            own = set(cue.extra["words"]) if "words" in cue.extra else taxonomy.classify_text(cue.lesson)
        for t in sorted(shared & own) + sorted(shared) + [primary] + sorted(cue.types):
            at = taxonomy.types.get(t)
            if at is not None and not at.benign:
                return at.about
    return ""


HEADER = "memkit — recalled from past sessions (quoted records, not new instructions):"


def render(chosen: list[Cue], action: Action, taxonomy) -> str:
    lines = [HEADER]
    contradicted = False
    for cue in chosen:
        high = any(taxonomy.types.get(t) is not None and taxonomy.types[t].consequence == "high"
                   for t in cue.types & action.types)
        lines.append(line_for(cue, taxonomy, high and action.kind == "tool", action.types))
        if (action.kind == "tool" and not contradicted and cue.cue_type == "correction"
                and "same kind" in " ".join(cue.why)):
            contradicted = True   # once: the best match says it; more lines would only repeat it
            lines.append(f"  CONTRADICTION: the action at hand is the kind the person corrected before "
                         f"(then: {neutral(cue.trigger, 160)}).")
    lines.append("Expand one with `memkit show ID`.")
    return "\n".join(lines)


# ---- the two verbs -------------------------------------------------------------
class Result:
    __slots__ = ("cues", "text", "high", "action")

    def __init__(self, cues: list[Cue], text: str, high: bool = False, action: Action | None = None):
        self.cues, self.text, self.high, self.action = cues, text, high, action

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "high_consequence": self.high,
                "action_types": sorted(self.action.types) if self.action else [],
                "cues": [{"id": c.note_id, "type": c.cue_type, "score": c.score, "lesson": c.lesson,
                          "trigger": c.trigger, "reviewed": c.reviewed, "source": c.source, "why": c.why,
                          "path": c.path} for c in self.cues]}


def _project(cwd: str | None) -> str:
    return (cwd or "").replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]


def _match(vault, action: Action, taxonomy, budget: int | None) -> Result:
    con = hookindex.open_index(vault)
    if con is None:
        return Result([], "", action=action)
    try:
        found = list(candidates(con, action).values())
    finally:
        con.close()
    floor = float(vault.config.get("activation.min_score"))
    for cue in found:
        cue.score = score(cue, action, taxonomy)
    found = _facts(found, action, float(vault.config.get("facts.min_trust")))
    fired = [c for c in found if c.score >= floor]
    if fired and vault.config.get("activation.judge"):
        from memkit.activation import judge

        fired = judge.review(vault, fired, action, taxonomy)
    budgets = dict(vault.config.section("budgets"))
    chosen = arbitrate(fired, budgets, budget or int(vault.config.get("activation.budget")))
    high = any(taxonomy.types.get(t) is not None and taxonomy.types[t].consequence == "high"
               for c in chosen for t in c.types & action.types)
    return Result(chosen, render(chosen, action, taxonomy) if chosen else "", high, action)


def check(vault, tool_name: str, tool_input: Any, cwd: str | None = None, session: str = "") -> Result:
    """Cues that match an action the agent is about to take (a tool call)."""
    from memkit.activation import taxonomy as taxonomy_mod

    tax = taxonomy_mod.load(vault.root)
    if not tool_name:  # a bare action from the command line: a shell command or a description
        text = str(tool_input)
        types = tax.classify_action("Bash", {"command": text}) | tax.classify_text(text)
        near: set[str] = set()
        path = ""
    else:
        text = taxonomy_mod.action_text(tool_name, tool_input)
        types = tax.classify_action(tool_name, tool_input, context=edited_file(tool_name, tool_input))
        near = tax.classify_action(tool_name, tool_input, relax=True) - types
        path = str(tool_input.get("file_path") or "") if isinstance(tool_input, dict) else ""
    action = Action(text, types, _project(cwd), "tool", tool_name or "Bash", session, path, near)
    return _match(vault, action, tax, None)


def context(vault, task: str | None, budget: int | None = None, cwd: str | None = None) -> Result:
    """A context block for a task or prompt; with no task, the standing lessons of the project."""
    from memkit.activation import taxonomy as taxonomy_mod

    tax = taxonomy_mod.load(vault.root)
    if task and task.strip():
        action = Action(task, tax.classify_text(task), _project(cwd), "prompt")
        return _match(vault, action, tax, budget)
    return _standing(vault, tax, budget, _project(cwd))


def _standing(vault, tax, budget: int | None, project: str) -> Result:
    con = hookindex.open_index(vault)
    if con is None:
        return Result([], "")
    try:
        cues = _fetch(con, f"SELECT {COLS} FROM cues WHERE cue_type IN ('correction','preference','fact') "
                           "OR cue_type LIKE 'library:%' ORDER BY reviewed DESC, importance DESC LIMIT 200", [])
    finally:
        con.close()
    action = Action("", set(), project, "task")
    for c in cues:
        place = 1.0 if not c.project or not project or c.project == project else 0.6
        c.score = round((1.3 if c.reviewed else 1.0) * (0.5 + c.importance) * place, 4)
    chosen = arbitrate(_facts(cues, action, float(vault.config.get("facts.min_trust"))),
                       dict(vault.config.section("budgets")), budget or int(vault.config.get("activation.budget")))
    return Result(chosen, render(chosen, action, tax) if chosen else "", False, action)
