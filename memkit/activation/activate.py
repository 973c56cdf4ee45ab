"""Activation's two verbs: `check` (an action the agent is about to take) and `context` (a
request, or the standing lessons of a project at session start), and `explain` for a person.

Owns assembling a probe, asking the index for candidates, facts, the optional LLM judge,
per-type budgets and the result. Hot path: reads the index as it is, never walks the vault,
imports nothing heavy.
"""
from __future__ import annotations

from memkit import rxcache
from memkit.activation import acts, hookindex, intent, match, render
from memkit.traces.project import project_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

COMMON_FROM = 200   # cues: below this many, every word is looked up (the full-text query is cheap)
_WORD = rxcache.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")
_PART = rxcache.compile(r"[^\W_]+")
STOP = frozenset("the and for with that this from into you your are was were have has not but all any can will "
                 "should would could must use using used just like then than them they what when where which who "
                 "how why its it's our out get got let make made need needs want wants file files code new add "
                 "please here there some more only also does did done don't dont true false none null self return "
                 "def import const let var function class".split())
BUDGET_KEY = {"correction": "correction", "preference": "preference", "fact": "fact", "precedent": "precedent",
              "procedure": "procedure", "negative_result": "negative_result"}
MAX_LINES = {"tool": 3, "prompt": 4, "task": 8}
UNREVIEWED_AT_START = 3   # candidates nobody reviewed that may open a session (its best guesses at standing rules)


class Result:
    __slots__ = ("cues", "text", "high", "probe", "considered")

    def __init__(self, cues: list, text: str, high: bool = False, probe=None, considered: list | None = None):
        self.cues, self.text, self.high, self.probe = cues, text, high, probe
        self.considered = considered or []   # every candidate, fired or not (for --explain)

    @property
    def action(self):
        return self.probe

    def as_dict(self) -> dict[str, Any]:
        probe = self.probe
        return {"text": self.text, "high_consequence": self.high,
                "action_types": sorted(probe.kinds) if probe else [],
                "kinds": {k: v for k, v in sorted(probe.parts.items())} if probe else {},
                "cues": [match.as_dict(c) for c in self.cues]}


def _catalogue(vault):
    kept = getattr(vault, "kept", None)   # a long-running server's (memkit serve), re-checked each second
    if kept is not None and kept.catalogue is not None:
        return kept.catalogue
    from memkit.activation import catalogue

    return catalogue.load(vault.root)


def check(vault, tool_name: str, tool_input: Any, cwd: str | None = None, told: frozenset = frozenset(),
          user: str | None = None) -> Result:
    """Cues that match an action the agent is about to take (a tool call). With no tool name the
    input is a shell command or a description typed on the command line. user: whose candidates
    may fire besides the team's reviewed notes (default: the person at this clone; "team": none);
    told: note ids the agent was given in this session already (see `told`)."""
    cat = _catalogue(vault)
    if not tool_name:
        text = str(tool_input)
        act = acts.from_command(text)
        parts = cat.classify(act)
        for kid, part in cat.classify(acts.from_request(text)).items():
            parts.setdefault(kid, part)
    else:
        act = acts.from_call(tool_name, tool_input, read_context=True)
        parts = cat.classify(act)
    near = set(cat.classify(act, relax=True)) - set(parts) if act.paths else set()
    probe = match.Probe(act, parts, cat, project_of(cwd), "tool", near, cwd or "")
    return _match(vault, probe, cat, None, _person(vault, user), told)


def context(vault, task: str | None, budget: int | None = None, cwd: str | None = None,
            user: str | None = None, told: frozenset = frozenset()) -> Result:
    """A context block for a request; with no task, the standing lessons of the project."""
    cat = _catalogue(vault)
    if task and task.strip():
        act = acts.from_request(task)
        probe = match.Probe(act, cat.classify(act), cat, project_of(cwd), "prompt", cwd=cwd or "")
        return _match(vault, probe, cat, budget, _person(vault, user), told)
    return _standing(vault, cat, budget, cwd or "", _person(vault, user))


def _person(vault, user: str | None) -> str:
    if user is not None:
        return user
    kept = getattr(vault, "kept", None)
    if kept is not None and kept.person is not None:
        return kept.person
    from memkit.storage import people

    return people.me(vault)


def _candidates(con, probe) -> dict[int, match.Cue]:
    from memkit.storage import index

    found: dict[int, match.Cue] = {}
    rows = index.cues_by_kinds(con, probe.kinds | (probe.wider if probe.kind == "tool" else set())) if probe.kinds else []
    if probe.kind == "prompt" and probe.kinds:   # a request meets a lesson at its topic too
        rows += index.cues_by_kinds(con, {"~" + k for k in probe.kinds} | probe.wider)
    if probe.kind == "prompt" and not probe.explains and not probe.asks:
        rows += index.cues_by_names(con, intent.request_keys(probe.act.prose), 100, intent.LEAST)   # or speaks of
        # what it is about
    if probe.writes and probe.tokens:
        rows += index.cues_by_names(con, _name_keys(probe.tokens))
    elif probe.kind == "tool" and probe.tokens:   # a program a lesson forbids or a folder to stay out
        # of, even to read
        rows += index.cues_by_names(con, _name_keys(probe.tokens))
    if probe.gone:   # an edit that takes out a name a lesson says to keep
        rows += index.cues_by_names(con, _name_keys(probe.gone))
    if probe.globs:   # a file pattern reaches the names it matches
        rows += index.cues_by_names(con, probe.globs, globs=True)
    rows += index.cues_by_words(con, _rare(con, distinctive(probe.text)[:12]))
    for row in rows:
        if row[0] not in found:
            found[row[0]] = match.Cue(row)
    return found


def _known_project(cwd: str, known: set[str]) -> str:
    """The project of a working folder, as the vault knows it: the innermost folder that is one
    (a subfolder or a clone under another name is no other project); "" when none is."""
    for part in reversed((cwd or "").replace("\\", "/").rstrip("/").split("/")):
        if part in known:
            return part
    return ""


def _name_keys(tokens: set[str]) -> list[str]:
    return sorted(t for t in tokens if len(t) >= 3)[:500]


def _match(vault, probe, cat, budget: int | None, person: str, told: frozenset = frozenset()) -> Result:
    con = hookindex.open_index(vault)
    if con is None:
        return Result([], "", probe=probe)
    try:
        found = [c for c in _candidates(con, probe).values() if match.visible(c, person)]
        if found:
            from memkit.storage import index

            probe.project = _known_project(probe.cwd, index.cue_projects(con))
    finally:
        con.close()
    considered = []
    for cue in found:
        if cue.cue_type == "fact":
            continue
        cue.tier = match.judge(cue, probe, cat)
        if cue.tier:
            cue.score = match.score(cue, probe)
        considered.append(cue)
    facts = _facts([c for c in found if c.cue_type == "fact"], probe, float(vault.config.get("facts.min_trust")))
    fired = [c for c in considered if c.tier] + facts
    if fired and vault.config.get("activation.judge"):
        from memkit.activation import judge

        fired = judge.review(vault, fired, probe, cat)
    if told:   # given once in this session: again only before the corrected call itself, or before a
        # high-consequence action (production data, a force push) every time
        fired = [c for c in fired if c.note_id not in told or c.again
                 or probe.kind == "tool" and any(k in cat.kinds and cat.kinds[k].consequence == "high"
                                                 for k in c.matched)]
    fired = match.rank(fired, MAX_LINES[probe.kind], cat)
    chosen = arbitrate(fired, dict(vault.config.section("budgets")),
                       budget or int(vault.config.get("activation.budget")))
    high = probe.kind == "tool" and any(k in cat.kinds and cat.kinds[k].consequence == "high"
                                        for c in chosen for k in c.matched)
    text = render.block(chosen, cat, probe.kinds, probe.kind == "tool") if chosen else ""
    return Result(chosen, text, high, probe, considered + facts)


def _facts(cues: list, probe, min_trust: float) -> list:
    """Facts below min_trust leave; a fact the action contradicts fires; a request about a fact's
    subject brings it along."""
    from memkit.facts import check as factcheck

    kept = []
    for cue in cues:
        trust = render._num(cue.extra.get("trust"))
        if trust < min_trust:
            continue
        said = factcheck.contradiction(cue.trigger, str(cue.extra.get("value") or ""), probe.text) \
            if probe.text else None
        if said:
            cue.extra["contradiction"] = said
            cue.why.append(f"the action states another value: {said}")
            cue.tier, cue.score = match.CONCRETE, round(1.5 + trust, 4)
        elif probe.kind == "prompt" and factcheck.mention(cue.trigger, probe.text) >= 0.5:
            cue.tier, cue.score = match.INTENT, round(0.5 + 0.5 * trust, 4)
            cue.why.append("the request is about the fact's subject")
        else:
            continue
        kept.append(cue)
    return kept


def budget_key(cue) -> str:
    if cue.cue_type.startswith("library:"):
        kind = cue.cue_type.split(":", 1)[1]
        return "procedure" if kind == "procedure" else "preference" if kind == "preference" else "correction"
    return BUDGET_KEY.get(cue.cue_type, "correction")


def arbitrate(cues: list, budgets: dict[str, int], total: int) -> list:
    """In rank order; library notes hide the observations they were promoted from; one line per
    lesson text (or text said whole within another line's); per-type budgets and a total."""
    covered = {s for c in cues for s in c.extra.get("sources", [])}
    spent: dict[str, int] = {}
    chosen, used, seen, chosen_keys = [], 0, set(), []
    for cue in cues:
        if cue.note_id in covered and not cue.cue_type.startswith("library:"):
            continue
        key = " ".join(_WORD.findall(cue.lesson.lower()))
        if key[:120] in seen or _said_within(key, chosen_keys):
            continue
        cost = render.tokens(render.line(cue))
        kind = budget_key(cue)
        if spent.get(kind, 0) + cost > budgets.get(kind, 300) and spent.get(kind, 0) > 0:
            continue
        if used + cost > total and chosen:
            continue
        spent[kind] = spent.get(kind, 0) + cost
        used += cost
        seen.add(key[:120])
        chosen_keys.append(key)
        chosen.append(cue)
    return chosen


def _said_within(key: str, keys: list[str]) -> bool:
    """The lesson's words stand whole inside a line already chosen, or that line's inside it (the
    same complaint kept as a preference in one session and as part of a correction in another)."""
    return len(key.split()) >= 6 and any(f" {key} " in f" {k} " or (len(k.split()) >= 6 and f" {k} " in f" {key} ")
                                         for k in keys)


def _standing(vault, cat, budget: int | None, cwd: str, person: str) -> Result:
    """Session start: rules for every session first, then reviewed lessons and trusted facts. The
    project is the working folder's as the vault knows it, as for an action."""
    from memkit.storage import index

    con = hookindex.open_index(vault)
    if con is None:
        return Result([], "")
    try:
        cues = [c for c in map(match.Cue, index.standing_cues(con)) if match.visible(c, person)]
        project = _known_project(cwd, index.cue_projects(con)) if cues else ""
    finally:
        con.close()
    min_trust = float(vault.config.get("facts.min_trust"))
    kept = []
    for c in cues:
        if c.cue_type == "fact" and render._num(c.extra.get("trust")) < min_trust:
            continue
        if c.cue_type != "fact" and not c.reviewed and _for_now(c):
            continue   # a candidate said for the task at hand, or a pick among options, waits for its action
        if not c.reviewed and c.project and project and c.project != project:
            continue   # another project's unreviewed lesson, as an action's check leaves it out
        place = 1.0 if not c.project or not project or c.project == project else 0.6
        standing = 1.5 if c.cue.get("standing") else 1.0
        c.tier = match.INTENT
        if c.cue_type == "fact":   # facts by trust: a confirmed value first
            c.score = round((0.8 + 0.5 * render._num(c.extra.get("trust"))) * place, 4)
        else:
            c.score = round((1.3 if c.reviewed else 1.0) * (0.5 + c.importance) * place * standing * _ruled(c), 4)
        kept.append(c)
    kept.sort(key=lambda c: c.note_id)   # stable sorts: by score, then the newer first, then by id
    kept.sort(key=lambda c: c.created or "", reverse=True)
    kept.sort(key=lambda c: -c.score)
    guesses = {id(c) for c in [c for c in kept if c.cue_type != "fact" and not c.reviewed][UNREVIEWED_AT_START:]}
    kept = [c for c in kept if id(c) not in guesses]   # the person's reviewed rules are not crowded out by guesses
    chosen = arbitrate(kept, dict(vault.config.section("budgets")),
                       budget or int(vault.config.get("activation.budget")))
    return Result(chosen, render.block(chosen, cat, set(), False) if chosen else "", False, None)


def _for_now(c: match.Cue) -> bool:
    """An unreviewed candidate that steered one task (an operational correction) or picked one
    of the agent's options (a decision observation): no rule to open every session with."""
    return c.lifecycle == "operational" or "/observations/decision/" in c.path


# said to hold from now on, or of how the person likes to work ("I hate when you …")
_FROM_NOW = rxcache.compile(r"(?i)\b(?:never|always|from\s+now\s+on|going\s+forward|next\s+time|in\s+(?:the\s+)?future|"
                            r"every\s+time|whenever|by\s+default|as\s+a\s+rule|i\s+(?:hate|dislike|prefer|only\s+want)|"
                            r"in\s+this\s+(?:repo|project|codebase))\b")


def _ruled(c: match.Cue) -> float:
    """How plainly a lesson reads as a rule for every session: said with "never", "always", "from
    now on" or as the person's way of working, said briefly (a long message is mostly the task),
    said again in other sessions."""
    words = len(c.lesson.split())
    return ((1.25 if _FROM_NOW.search(c.lesson[:600]) else 1.0) * (0.8 if words > 45 else 1.0)
            * (1.0 + 0.2 * min(max(int(c.sessions or 1), 1) - 1, 3)))


def distinctive(text: str) -> list[str]:
    seen: list[str] = []
    for w in _WORD.findall(text[:20000]):
        lw = w.lower()
        if lw not in STOP and lw not in seen:
            seen.append(lw)
            if len(seen) >= 40:
                break
    return seen


def _rare(con, words: list[str]) -> list[str]:
    """The words not in more than 1 % of the cues (and at least COMMON_FROM): ranking every cue
    holding "git" or "commit" cost tens of ms at 100,000 cues and says nothing about a repeat."""
    from memkit.storage import index

    if not words:
        return words
    total = index.cue_count(con)
    limit = max(COMMON_FROM, total // 100)
    if total <= limit:
        return words
    parts = {w: _PART.findall(w.lower()) for w in words}
    terms = sorted({v for ps in parts.values() for p in ps for v in (p, p[:-1] if p.endswith("s") else p)})
    df = index.word_frequencies(con, terms)
    if not df and terms:
        return words

    def count(part: str) -> int:
        return max(df.get(part, 0), df.get(part[:-1], 0) if part.endswith("s") else 0)

    return [w for w in words if parts[w] and min(count(p) for p in parts[w]) <= limit]


def explain(result: Result, cat) -> str:
    """For a person: how the action was classified, which cues fired through which part, and
    why the others stayed silent."""
    lines = []
    probe = result.probe
    noun = "request" if probe is not None and probe.kind == "prompt" else "action"
    if probe is not None:
        kinds = ", ".join(f"{k} ({p})" for k, p in sorted(probe.parts.items())) or "none"
        what = noun if noun == "request" else f"action: {probe.act.family}"
        lines.append(f"{what} — {' '.join(probe.text.split())[:120]}")
        lines.append(f"kinds: {kinds}")
    fired = {id(c) for c in result.cues}
    for cue in sorted(result.considered, key=lambda c: (-c.tier, -c.score)):
        mark = "FIRES" if id(cue) in fired else ("ranked out" if cue.tier else "silent")
        lines.append(f"{mark}: {cue.note_id} [{cue.cue_type}] tier {cue.tier} score {cue.score}")
        for why in cue.why or ["no shared kind, entity or near repeat"]:
            lines.append(f"    {why}")
    if not result.considered:
        lines.append(f"no cue shares a kind, an entity or rare words with this {noun}")
    return "\n".join(lines)
