"""The lesson compiler: a correction, preference, convention or negative result becomes a
structured cue — the kinds of action it forbids (and the concrete call that went wrong),
what it prescribes and what complies with it, the entities it names, its scope, and
whether it is a standing rule for every session — so the hook only matches.

Runs when a note is written or indexed, never on the hot path. Pure: the lesson's words,
its trigger and the catalogue in, a plain mapping out (DESIGN §1 `cue:`).
"""
from __future__ import annotations

import hashlib
import marshal
import re

from memkit import rxcache
from memkit.activation import acts as acts_mod, asked as asked_mod, entities as entities_mod
from memkit.activation import commands, conditions, intent, keeps, needs, redo, referents
from memkit.activation.clauses import INTERJECTION as _INTERJECTION
from memkit.activation.clauses import (MISSING, MOMENT_WORDS, clauses, due_before, judges_work, located, mended, omitted,
                                       pasted, slips_of, spoken_changes, spoken_of, switched_back, this_step, undoes)
from memkit.activation.echo import called, commands_said, echoed, spoken
from memkit.activation.scope import scope_of

VERSION = 52
NAME = f"heuristic@{VERSION}"
KEYS = ("forbids", "example", "calls", "args", "entities", "prescribes", "complies", "scope", "standing", "compiled", "of",
        "before", "first", "topics", "undone", "kept", "needs")

_OUTRIGHT = rxcache.compile(r"(?i)\b(never|don'?t|do\s+not|must\s*n[o']t|should\s*n[o']t|forbidden|banned|not\s+allowed|"
                       r"off-limits|at\s+all|rather\s+you\s+didn'?t)\b")
_FOR_NOW = rxcache.compile(rf"(?i)\b(?:{MOMENT_WORDS}|until)\b")
_TELLS = rxcache.compile(r"(?i)(?:i|i'm|i've|i'll|we've|they|it|that|this)\b(?!\s+(?:must|should|need|have\s+to|want))")
# "I read the diff myself and commit from my own terminal": what someone does, not what is asked
_STOPPED = acts_mod.STOPPED   # a call the person refused or cut off
_THAT_ONE = rxcache.compile(r"(?i)^\W*(?:so\s+|then\s+|just\s+|please\s+)*use\s+(?:that|it|this|those|them)(?:\s+one)?\b")
_LACKS = rxcache.compile(r"\b(without|not|no|missing|lacking|unpinned|untyped|unsigned|unversioned|instead\s+of)\b"
                    r"|\bwhere\s+(?:the\s+)?(?:\w+\s+){0,3}(?:uses?|expects?|requires?)\b")   # "… where the project uses Y"
_WRONG_PLACE = rxcache.compile(r"(?i)\bwrong\s+(repo|repository|project|folder|directory|checkout|clone|worktree)\b|"
                          r"\bthis\s+is\s+(the|an?)\s+(old|read-only|archived|stale|legacy)\s+(\w+\s+)?(repo|mirror|copy|"
                          r"clone|checkout|fork)\b")
_ALWAYS = (r"never|always|from\s+now\s+on|every\s+time|whenever|going\s+forward|any\s+time|each\s+time|"
           r"by\s+default")
_EVERMORE = rxcache.compile(rf"(?i)\b(?:{_ALWAYS}|in\s+(?:the\s+)?future)\b")   # said to hold from now on
_DURABLE = rxcache.compile(rf"(?i)\b(?:{_ALWAYS}|in\s+this\s+(repo|project|codebase|team)|we\s+(use|never|always|don'?t|"
                      r"do\s+not|keep|follow)|our\s+(style|rule|convention)|remember)\b")
STANDING_AREAS = frozenset({"conduct"})


def fingerprint(lesson: str, trigger: str, fix=()) -> str:
    """Which text a cue was compiled from: a person who edits the lesson gets a fresh cue. The
    lesson as the compiler reads it (one space, at most 4,000 characters), stored or not."""
    lesson = " ".join(str(lesson or "").replace("``", "`").split())[:4000]
    fixed = "".join(f"\x00{line}" for line in fix or ())   # the agent's own fix, when the note keeps one
    return hashlib.sha1(f"{lesson}\x00{trigger}{fixed}".encode("utf-8", "replace")).hexdigest()[:8]


def compile_lesson(cat, lesson: str, trigger: str = "", *, kind: str = "correction", project: str = "",
                   declared: tuple = (), lifecycle: str = "", fix: tuple = ()) -> dict:
    """The cue for one lesson. `declared`: kinds an earlier step gave the note (not read: the
    compiler derives every kind from the lesson's words and the corrected call)."""
    of = fingerprint(lesson, trigger, fix)   # of the words as the note holds them (`is_current` reads those)
    lesson = " ".join(spoken_changes(str(lesson or "")).replace("``", "`").split())[:4000]
    # "not yet" is no rule for later, nor is a pasted log; a slipped word ("doctrings") as the catalogue spells it
    parts = [] if pasted(lesson) else [p for p in clauses(mended(lesson, _derived(cat)["slips"])) if p[0] != "moment"]
    by = _read(cat, [p for p in parts if p[0] != "when"])
    by["before"] |= conditions.due(cat, parts, STANDING_AREAS, entities_mod.names_in, entities_mod.kind_of)
    prescribed = by["prescribe"] | by["allow"]
    forbid = by["forbid"] | (by["instead"] - prescribed)   # what replaces a thing is named in its reason too
    whole = forbid | prescribed | by["neutral"]
    calls = acts_mod.from_trigger(trigger)
    corrected = set().union(*(_trigger_kinds(cat, a) for a in calls)) if calls else set()
    did = corrected - set().union(*(acts_mod.how_it_runs(cat, a.command) for a in calls if a.family == "shell"))
    act = _pick(cat, calls, whole)
    if act is not None and act.family != "prose":   # "keep it brief" after an edit is about the edit
        whole, forbid, prescribed = (x - _derived(cat)["answering"] for x in (whole, forbid, prescribed))
    names = _names(lesson, parts, act, project)
    wrong, right = commands.revalued(act, parts)   # "--mode adjust" after `--mode set`
    names["forbids"] += [w for w in wrong if w not in names["forbids"]]
    names["complies"] += right
    forbids, complies = _forbids(cat, whole, forbid, prescribed, corrected)
    named = commands.kinds_named(cat, [n for n in names["forbids"] if entities_mod.kind_of(n) == "command"])
    forbids, whole = _where(cat, lesson, forbids) | named, whole | named   # "`git add .` won't do": git add -A
    if act is not None and act.lang:   # a lesson about a Python file forbids no Scala construct it quoted
        forbids = {k for k in forbids if k not in by["quoted"] or not cat.kinds[k].langs or act.lang in cat.kinds[k].langs}
    if act is not None:
        forbids = _from_call(cat, forbids, names, act, trigger, did, prescribed if forbid | prescribed else None, parts)
    # "no public objects, ever" after a call that made one public: the trait it names is the mistake
    forbids |= {k for k in echoed(cat, parts, corrected, prescribed, act) if not _file_lacks(cat, k)}
    cut = bool(parts) and _CUT.match(parts[0][1].strip()) and _STOPPED.search(str(trigger or "")) and not any(
        p == "forbid" and _OUTRIGHT.search(t) for p, t in parts[1:])   # "stop. never X": X, not the call
    if not _narrow(cat, forbids, True) or cut:   # "absolutely not." after a refused call, or "stop." that cut
        forbids |= _refused(cat, parts, did, prescribed)   # one off: what the call did (not `2>/dev/null`)
    if not _narrow(cat, forbids, True):
        forbids |= by["remedy"]
    if act is not None and act.family == "shell" and _STOPPED.search(str(trigger or "")) and omitted(lesson):
        by["before"] |= _moment_of(cat, act)   # "I haven't seen you running coverage" after a stopped
        # commit: the step is due before any commit
    if not _narrow(cat, forbids, True):   # a "before X" rule, or one that forbids a broad X outright, fires
        by["before"] |= by["outright"]   # before any X, topic or not
        forbids |= by["before"]
    terms = names["complies"] + [a for p, text in parts if p == "allow" for a in entities_mod.allowed(text)]
    terms = entities_mod.excused(act, terms) + located(lesson)
    bare = entities_mod.unwrapped(act, terms, names["forbids"])
    spelled, siblings = entities_mod.spelled_out(act, parts, names["forbids"])
    names["forbids"] += bare + spelled + referents.pointed_at(act, parts, trigger)   # "don't touch that file"
    without, asked = asked_mod.lacking(act, parts)
    seen = _narrow(cat, forbids, True)
    if not seen:   # a kind the catalogue knows decides; else the command itself
        names["forbids"] += [n for n in without if n not in names["forbids"]]
    unseen = without if seen and not seen & corrected else []   # "--dry-run first" after `migrate-to-uv` names a
    # data-script run, which the call was not known as: the command itself stays one of the cue's calls
    siblings += asked
    names["forbids"] += entities_mod.code_shapes(act, parts, names["forbids"])
    names["forbids"] += [c for c in called(parts, act, names["forbids"]) if c not in names["forbids"]]
    held, asked = needs.of(act, parts) if not _narrow(cat, forbids, True) and not names["forbids"] else ([], [])
    names["forbids"], terms = names["forbids"] + held, terms + asked   # "every @Scheduled needs @SchedulerLock"
    forbids |= commands.flagged(cat, act, [text for p, text in parts if p in ("forbid", "instead")])
    if not _narrow(cat, forbids, True) and not names["forbids"] and corrected:   # "pages stay server components" after
        said = " ".join(text for _, text in parts)   # `"use client"` on a page; not what it holds back "for now"
        forbids |= {k for k in spoken(cat, said, did - prescribed) if not _file_lacks(cat, k)}
    ways = complies & _remedies(cat)
    if not forbids and not names["forbids"] and not by["before"] and 0 < len(ways) <= 2 and len(lesson.split()) <= 30:
        # "we use pnpm here", "use gh for that" and nothing else: the ways the one it asks for replaces
        forbids = {k for k in _replaced(cat, ways) - complies if not cat.kinds[k].safe and not cat.kinds[k].broad}
    others = commands.others(calls, lesson, parts)   # what the way it names does as well is not what went wrong
    # (`aws sqs start-message-move-task` has no --region either), nor is what the lesson allows, unless forbidden
    forbids -= ((cat.kinds_of(acts_mod.from_command(" && ".join(others))) if others else set()) | by["allow"]) - by["forbid"]
    terms = [t for t in terms if t.lower() not in bare] + siblings + others
    if undoes(lesson):   # "put it back as it was": the call touched what to undo, not what to avoid
        said = [t for p, t in parts if p in ("forbid", "instead")]
        names["forbids"] = [n for n in names["forbids"] if n in names.get("subject", ())
                            or any(n in t and entities_mod.negated(n, t) for t in said)]
    terms = [t for t in terms if not asked_mod.held_already(t, calls, names["forbids"])]
    undone = redo.undone(fix)[0]   # what the agent's own fix took out: a way the mistake held is no sign
    terms = [t for t in terms if not any(t.lower() in u.lower() for u in undone)]
    cue = {
        "forbids": sorted(forbids),
        "example": _example(act),
        "entities": [n for n in names["forbids"] if not entities_mod.ordinary(n)],
        "prescribes": _prescribes(parts),
        "complies": sorted(complies) + [t for t in dict.fromkeys(terms) if t not in complies and not entities_mod.ordinary(t)],
        "scope": scope_of(project, parts, act),
        "standing": _standing(cat, kind, lesson, parts, whole, names, act, lifecycle),
        "compiled": NAME,
        "of": of,
    }
    keeps.settle(cue, parts, undone)   # code the agent's fix took out; names the lesson says to keep
    cue.update({"needs": [n for n in held if n in cue["entities"]]} if held else {})   # what complies with them
    if by["before"] and by["before"] <= forbids:
        cue["before"] = sorted(by["before"])
        if by["first"]:
            cue["first"] = sorted(by["first"])
    refused = any(p == "forbid" and _FRAGMENT.match(t.strip()) for p, t in parts)   # "not against prod."
    keys = commands.call_keys(calls, lesson, parts, bool(_narrow(cat, forbids, True) or names["forbids"]),
                              lambda piece: commands.known(cat, piece, _derived(cat)["depth"]), refused,
                              bool(cue["complies"]))
    if keys:
        cue.update(keys)
        # the call's kinds the lesson does not name are how it ran (`ssh host "…"`, `nohup … &`): the command says it
        cue["forbids"] = sorted(k for k in forbids if k in whole or k in by["before"])
    cue.update({"calls": list(dict.fromkeys([*cue.get("calls", []), *unseen]))} if unseen else {})
    said = commands_said(parts, act, _derived(cat)["depth"])   # "never qm stop"
    if said and not cue.get("args"):
        cue["calls"] = list(dict.fromkeys([*cue.get("calls", []), *said]))[:4]
    if not cue.get("calls") and not cue["forbids"] and not cue["entities"] and not {"before", "kept"} & cue.keys():
        cue.update(commands.last_resort(act, parts))   # else it could match nothing
        if not cue.get("calls") and not cue.get("undone"):   # the code the corrected edit wrote that it names
            cue.update({"undone": found} if (found := redo.named(act, parts)) else {})
        if not cue.get("calls") and not cue.get("undone") and not cue["standing"]:   # its words, at length,
            wrong, right = referents.warned_of(parts)   # and the things it speaks of around its warning
            cue.update(entities=wrong, complies=cue["complies"] + [r for r in right if r not in cue["complies"]])
            cue["forbids"] = [k for k in [intent.lesson_kind(_derived(cat)["lexicon"], lesson)[0]] if k]
    topics = _topics(cat, by, corrected, forbids, prescribed)   # (the kinds dropped just above are no topic either)
    if whole:   # "anything you give me to paste is fish": any request for commands to paste (not any question)
        topics += sorted(k for k in whole - forbids if k in cat.kinds and cat.kinds[k].area in STANDING_AREAS
                         and cat.kinds[k].rx.get("intent") and k not in _derived(cat)["answering"])
    cue.update({"topics": topics} if topics else {})
    return cue


def _read(cat, parts: list[tuple[str, str]]) -> dict[str, set]:
    """The kinds each clause names, by its polarity (and the "before X" moments)."""
    by = {"forbid": set(), "instead": set(), "prescribe": set(), "allow": set(), "neutral": set(), "before": set(),
          "outright": set(), "quoted": set(), "remedy": set(), "first": set()}
    last: set = set()
    for polarity, text in parts:
        how = cat.classify(acts_mod.from_prose(text), lesson=True)
        found = {k for k in how if not cat.kinds[k].safe}
        if polarity == "prescribe" and not found and _THAT_ONE.match(text):   # "you have the gh CLI. use that"
            found, how = set(last), {k: "words" for k in last}
        last = found
        by["quoted"] |= {k for k in found if how[k] == "code"}   # code the lesson quotes, in no language
        if polarity == "forbid" and _OUTRIGHT.search(text) and not _FOR_NOW.search(text):   # "never commit here yourself": every commit
            by["outright"] |= {k for k in found if how[k] == "words" and cat.kinds[k].broad
                               and cat.kinds[k].area in STANDING_AREAS}   # acting without asking
        by["forbid"] |= {k for k in found if how[k] == "words" and switched_back(text, cat.kinds[k].about)}
        if polarity == "prescribe" and not _TELLS.match(_INTERJECTION.sub("", text)):
            # asking for what a kind lacks ("pin every action to a SHA") forbids that kind; its
            # pattern matched in a request names only the action itself
            by["forbid"] |= {k for k in found if how[k] == "words" and _LACKS.search(cat.kinds[k].about)}
        elif polarity == "neutral" and not text.rstrip().endswith("?") and not _TELLS.match(_INTERJECTION.sub("", text)):
            # "after every await, if (!context.mounted) return": a remark that names the remedy of
            # a narrow kind asks for it, when nothing else says what went wrong
            by["remedy"] |= {k for k in found if how[k] == "words" and _LACKS.search(cat.kinds[k].about)
                             and not cat.kinds[k].broad and cat.kinds[k].area not in STANDING_AREAS}
        if judges_work(text):   # "that comment is too verbose": the work, not the reply
            found -= _derived(cat)["answering"]
        if polarity == "neutral" or text.rstrip().endswith("?") and polarity != "forbid":
            # a remark or a question is no rule about how to answer or work
            found = {k for k in found if cat.kinds[k].area not in STANDING_AREAS}
        by[polarity] |= found
        moment = due_before(text, polarity)
        # "run the specs before you push": fire before pushing ("before you do that": the step at hand)
        if moment and not this_step(moment["moment"], text):
            before = {k for k in cat.kinds_of(acts_mod.from_prose("before " + moment["moment"]), lesson=True)
                      if cat.kinds[k].area not in STANDING_AREAS and not cat.kinds[k].safe}
            by["before"] |= before
            if before and polarity == "prescribe":   # the step the rule puts first ("run the specs")
                by["first"] |= cat.kinds_of(acts_mod.from_prose(text[:moment.start()]), lesson=True,
                                            include_safe=True) - before
    by["prescribe"] -= by["forbid"]
    return by


def _names(lesson: str, parts: list[tuple[str, str]], act, project: str) -> dict[str, list[str]]:
    """The entities the lesson warns about and the names that comply, with the things whose
    place it gives ("X is in the Y folder") and, for "wrong repo", the project itself."""
    names = entities_mod.from_lesson(parts, act)
    names["forbids"] += conditions.names(parts, names["forbids"], entities_mod.names_in, entities_mod.kind_of)
    if act is not None and act.family in ("edit", "write", "shell"):   # the file the call changed, as the
        # lesson's subject ("compose.yaml is the shared stack"), is what it warns about, not a way to comply
        touched = entities_mod.tokens(act)
        subject = [n for p, text in parts if p in ("prescribe", "neutral", "forbid") for n in entities_mod.names_in(text)
                   if entities_mod.kind_of(n) == "path" and len(n.strip("/.")) > 3
                   and entities_mod.touches(touched, act.text, n) and spoken_of(text, n)]
        names["forbids"] += [n for n in dict.fromkeys(subject) if n not in names["forbids"]]
        names["complies"] = [c for c in names["complies"] if c not in subject]
        names["subject"] = subject
    placed = [p.rsplit("/", 1)[1] + "/" for p in located(lesson)]
    if project and _WRONG_PLACE.search(lesson):
        placed.append(project + "/")
    names["forbids"] += [p for p in placed if p.rstrip("/").lower() not in map(str.lower, names["forbids"])]
    return names


def _as_place(name: str, text: str) -> bool:
    """The text speaks of the name as a place: "in routes", "out of `routes`", "the routes folder"."""
    n = re.escape(name)
    return re.search(rf"(?i)\b(?:in|into|under|inside|from|out\s+of)\s+(?:the\s+)?`?{n}`?(?![\w-])|"
                     rf"(?<![\w-]){n}`?\s+(?:folder|dir|directory)", text) is not None


def _from_call(cat, forbids: set, names: dict, act, trigger: str, corrected: set, prescribed: set | None,
               parts: list) -> set:
    """What the corrected call adds when the lesson names what it acted on. prescribed: None when
    the lesson names no kind at all."""
    if not _named_in_call(names["forbids"], act):
        return forbids
    if prescribed is None:
        if not corrected:
            return forbids
        # "don't change staging by hand" after `kubectl -n staging set env …`: the call's kinds are
        # the mistake when it was stopped or is risky; after an everyday call, the name it touched
        # carries the cue alone — and a name that is part of the call's paths fires as a path
        stopped = _STOPPED.search(str(trigger or "")) is not None
        folders = {seg for t in entities_mod.targets(act) if "/" in t for seg in t.split("/")}
        said = " ".join(t for _, t in parts)   # after an accepted call, a plain word only as a place
        # ("routes answer through their Out schema" names no folder)
        names["forbids"] = [n + "/" if entities_mod.kind_of(n) != "path" and n.lower() in folders and (
            entities_mod.kind_of(n) != "word" or stopped or _as_place(n, said)) else n for n in names["forbids"]]
        through = _through(cat, act, names["forbids"])
        if act.family == "shell" and any(p == "prescribe" for p, _ in parts):   # "no xml1, we need compact":
            corrected = corrected & through   # the call was the right one but for that name
        # an accepted edit's lines that hold the name ("can we not grab page_allocator here?") are
        # the mistake too, not the rest of what the edit did
        named = through if act.family in ("edit", "write") else set()
        # a file's missing header or magic comment is no mistake that nobody named
        return forbids | {k for k in corrected if not cat.kinds[k].broad and not cat.kinds[k].safe
                and (stopped or cat.kinds[k].consequence == "high" or k in named) and not cat.lacking(k, corrected)
                and (k in named or not _file_lacks(cat, k))}
    # the call did what the lesson asks for, the wrong way ("use `make proto` for codegen, not
    # protoc"): the asked-for kind is the topic; what complies says it is done right. An edit's
    # lines that hold what the lesson says no to are the mistake, whatever else it names
    named = _through(cat, act, names["forbids"]) - prescribed if act.family in ("edit", "write") else set()
    return forbids | {k for k in (prescribed & corrected) | named if not cat.kinds[k].broad and not cat.kinds[k].safe
                      and (k not in named or not cat.lacking(k, corrected))}


def _through(cat, act, named: list[str]) -> set:
    """The kinds a shell call has through the names a lesson gives (`plutil -convert xml1 -o
    /tmp/b.xml` has its /tmp path whatever the format); any other call, all of its kinds."""
    found = cat.kinds_of(act)
    keys = [entities_mod._norm(n).strip("/") for n in named]
    if act.family in ("edit", "write") and act.added:   # what the lines holding the name do, by themselves
        marks = [re.compile(rf"(?<!\w){re.escape(k)}(?!\w)") for k in keys if k]   # one lesson's: not kept
        lines = act.added.splitlines()
        held = [any(rx.search(ln.lower()) for rx in marks) for ln in lines]   # or bring to their file
        if not any(held):
            return set()
        alone, rest = ([ln for ln, h in zip(lines, held) if h == keep] for keep in (True, False))
        kinds = [cat.kinds_of(acts_mod.Act(act.tool, act.family, "", act.paths, "\n".join(part), "", act.lang, "",
                                           act.context, "")) for part in (alone, rest)]
        return {k for k in found & kinds[0] | found - kinds[1] if not _file_lacks(cat, k)}
    if act.family != "shell":
        return found
    words = [w for w in act.command.split() if not any(k and k in w.lower() for k in keys)]
    return found - cat.kinds_of(acts_mod.from_command(" ".join(words)))


_CUT = rxcache.compile(r"(?i)^(?:stop|wait|whoa|woah|hold\s+on|hang\s+on)[.!]*$")   # "stop." as a call runs
_FRAGMENT = rxcache.compile(r"(?i)^(?:absolutely|definitely|certainly|hell|god)?[,\s]*(?:not|no+|nope)[.!]*$|"
                       r"^(?:(?:ugh|argh|hmm+|oh|ah|uh|no+|nope|nah|wait|stop|whoa|actually)[,.!]*\s+)*"
                       rf"(?:not|no)\s+(?!(?:{MOMENT_WORDS}|now|so\s+fast|until|like\s+that)\b)"
                       r"(?:\S+\s+){0,4}\S+?[.!]*$")   # "not yet": when, not what


def _moment_of(cat, act) -> set:
    """The broad kinds of a call's programs and subcommands alone (`git commit`, not its message):
    the moment a step left out is due before."""
    heads = [" ".join(commands.head(part.strip())) for part in acts_mod.pieces(act.command)]
    found = cat.kinds_of(acts_mod.from_command(" && ".join(h for h in heads if h)))
    return {k for k in found if cat.kinds[k].broad and not cat.kinds[k].safe and cat.kinds[k].area not in STANDING_AREAS}


def _refused(cat, parts: list[tuple[str, str]], corrected: set, prescribed: set) -> set:
    """"no, not the whole repo" after `black .`: a bare refusal names no kind of its own, so what
    the corrected call did beyond what the lesson asks for is the mistake."""
    # ("it needs to list the model -- not the tool!": right after what it asks for, "not X" is its contrast)
    bare = [t for n, (p, t) in enumerate(parts) if ((p == "forbid" and _FRAGMENT.match(t.strip())
                                                     and (n == 0 or parts[n - 1][0] != "prescribe"))
                                                    or _CUT.match(t.strip()))
            and not cat.kinds_of(acts_mod.from_prose(t), lesson=True)]
    did = {k for k in corrected if not cat.kinds[k].broad and not cat.kinds[k].safe and k not in prescribed
           and not _file_lacks(cat, k)}
    return ((did - commands.TRANSPORT) or did) if bare else set()   # over ssh or sudo: what it ran there


def _file_lacks(cat, kid: str) -> bool:
    """The kind is what a whole new file lacks (a licence header, a magic comment): no mistake a
    correction stands for unless the lesson names it."""
    return MISSING.search(cat.kinds[kid].about) is not None


def _topics(cat, by: dict, corrected: set, forbids: set, prescribed: set) -> list[str]:
    """What a request about the lesson's matter is of: the kinds its forbidding and neutral clauses name, the
    moments it is due at, what the corrected call did, and what those are special cases of — not what it asks for."""
    named = (by["forbid"] | by["instead"] | by["neutral"] | by["before"] | corrected) - prescribed
    wider = {w for k in named | forbids if k in cat.kinds for w in cat.kinds[k].within}
    return sorted(k for k in (named | wider) - forbids if k in cat.kinds and not cat.kinds[k].safe
                  and cat.kinds[k].area not in STANDING_AREAS)


def _narrow(cat, kinds, seen: bool = False) -> set:   # seen: a kind only said ("one store first") leaves
    return {k for k in kinds if k in cat.kinds and not cat.kinds[k].broad and not (seen and cat.kinds[k].said_only)}


def _pick(cat, calls: list, whole: set):
    """The corrected call the lesson is about: one sharing its kinds, else the last."""
    for call in calls:
        if _trigger_kinds(cat, call) & whole:
            return call
    return calls[-1] if calls else None


def _trigger_kinds(cat, act) -> set[str]:
    if act is None:
        return set()
    found = cat.kinds_of(act, lesson=act.family == "prose")
    return found


def _forbids(cat, whole: set, forbid: set, prescribed: set, corrected: set) -> tuple[set, set]:
    """What the lesson forbids and which kinds comply with it.

    With a corrected call, the lesson is about the kinds it shares with that call (what went
    wrong) — except a way the catalogue knows as a remedy, which the lesson asks for — and about
    whatever it forbids outright; kinds it asks for that the call lacked are the compliant way.
    Without one, it forbids what it names in a forbidding clause. Either way, the other ways a
    prescription replaces ("we use pnpm": npm, yarn) are forbidden too."""
    remedies = _remedies(cat)
    instead_of = _replaced(cat, _narrow(cat, prescribed))
    if corrected:
        shared = {k for k in whole & corrected if k in forbid or k not in prescribed or k not in remedies}
        # the tool the call used among those the prescription replaces, and its siblings (yarn beside npm)
        used = corrected & instead_of
        replaced = instead_of & (corrected | forbid | _replaced(cat, {a for k in used for a in cat.kinds[k].alternatives}))
        forbids = shared | replaced | forbid
        complies = {k for k in prescribed - corrected - forbid - forbids if k in remedies or any(
            k in cat.kinds[f].alternatives for f in forbids if f in cat.kinds)}   # a remedy, not a mistake
    else:
        replaced = instead_of & (forbid | whole)
        forbids = forbid | replaced
        complies = {k for k in prescribed - forbid if k in remedies or any(
            k in cat.kinds[f].alternatives for f in forbids if f in cat.kinds)}
    forbids = {k for k in forbids if k in cat.kinds and not cat.kinds[k].safe}
    forbids = _within(cat, forbids)
    narrow = _narrow(cat, forbids)
    if len(narrow) > 4 and narrow & forbid:   # a long lesson names many things: keep what it forbids
        narrow = (narrow & forbid) | (narrow & corrected)
    if narrow:   # the topic stays when the corrected call or a forbidding clause shows it: a request
        # meets a lesson at its topic ("add a dependency"), an action at its mistake
        forbids = narrow | {k for k in forbids - narrow if k in corrected or k in forbid}
    complies = {k for k in complies if k in cat.kinds and not cat.kinds[k].broad}
    # the topic the lesson and its corrected call share ("add a dependency") stays, whatever the
    # lesson asks for within it: a request meets a lesson at its topic
    forbids |= {k for k in whole & corrected if k in cat.kinds and cat.kinds[k].broad and not cat.kinds[k].safe}
    return forbids, complies


def _where(cat, lesson: str, forbids: set) -> set:
    """"document it in the old style, no emojis": one clause says where, another what; the special
    case of a forbidden kind that the whole lesson names (emoji in docs) is the mistake, and the
    wider kind (emoji anywhere) only its topic."""
    wider = {k for k in forbids if k in cat.kinds}
    if not wider:
        return forbids
    special = {s for s in cat.kinds_of(acts_mod.from_prose(lesson), lesson=True)
               if s not in forbids and set(cat.kinds[s].within) & wider}
    return _within(cat, forbids | special) if special else forbids


_DERIVED: dict = {}


def _derived(cat) -> dict:
    """What the compiler reads off the whole catalogue, once per catalogue: which kinds each kind
    is named as the remedy of (`alternatives`, reversed) and the kinds of how to answer (those the
    catalogue sees in any plain question)."""
    if _DERIVED.get("of") is not cat and (stored := cat.compiler_packed):   # as its snapshot kept it
        _DERIVED.clear()
        _DERIVED.update(marshal.loads(stored), of=cat)
    if _DERIVED.get("of") is not cat:
        replaced_by: dict[str, set[str]] = {}
        for k in cat.kinds.values():
            for a in k.alternatives:
                replaced_by.setdefault(a, set()).add(k.id)
        _DERIVED.clear()
        words = {w for k in cat.kinds.values() if k.rx.get("words") for lits in k.rx["words"].literals if lits
                 for clause in lits for lit in clause for w in re.findall(r"[a-z]{7,}", lit)}
        _DERIVED.update(of=cat, replaced_by=replaced_by, slips=slips_of(words), depth=commands.depth(cat),
                        answering=intent.answering(cat), lexicon=intent.lesson_index(cat, STANDING_AREAS))
    return _DERIVED


def _remedies(cat) -> set[str]:   # kinds the catalogue names as the right way instead of another
    return _derived(cat)["replaced_by"].keys()


def _replaced(cat, remedies) -> set[str]:   # the kinds these remedies replace ("use pnpm": npm, yarn)
    return set().union(*(_derived(cat)["replaced_by"].get(r, ()) for r in remedies))


def _within(cat, forbids: set) -> set:
    """A kind and a special case of it both forbidden: the special case is the mistake, the wider
    kind only its topic (a lesson against writes to production does not fire on every read)."""
    wider = {w for k in forbids if k in cat.kinds for w in cat.kinds[k].within if w in forbids}
    return forbids - wider


def _named_in_call(names: list[str], act) -> bool:
    return bool({entities_mod._norm(n) for n in names} & entities_mod.targets(act))


def _example(act) -> str:
    if act is None or act.family == "prose":   # a description is no call to repeat
        return ""
    return act.command[:300] if act.command else " ".join(act.text.split())[:300]


def _prescribes(parts: list[tuple[str, str]]) -> list[str]:
    found = [text for polarity, text in parts if polarity in ("prescribe", "allow") and len(text.split()) >= 2]
    return [t[:160] for t in found[:3]]


def _standing(cat, kind: str, lesson: str, parts: list, whole: set, names: dict, act, lifecycle: str) -> bool:
    """A rule for every session (a way of working or of answering) rather than a trigger on one
    kind of action: its kinds are all about conduct, or it names no kind, no entity and no
    corrected call and says it holds beyond the moment."""
    if kind not in ("correction", "preference") and not kind.startswith("library:"):
        return False
    areas = {cat.kinds[k].area for k in whole if k in cat.kinds}
    if areas and areas <= STANDING_AREAS:
        return True
    durable = lifecycle in ("self", "knowledge") or bool(_DURABLE.search(lesson))
    concrete = act is not None and act.family != "prose"
    said = [text for _, text in parts if len(text.split()) > 2]
    # "can we check for other such cases?" asks for a thing once: a rule is said, not asked
    asked = bool(said) and not _EVERMORE.search(lesson) and all(t.rstrip(" .!)").endswith("?") for t in said)
    return not whole and not names["forbids"] and not concrete and durable and not asked


def is_current(cue, lesson: str, trigger: str, fix=()) -> bool:
    """A stored cue still stands: a person wrote it, or memkit compiled it from this very text
    with this compiler."""
    if not isinstance(cue, dict):
        return False
    if cue.get("compiled") == "person" or str(cue.get("compiled") or "").startswith("llm:"):
        return cue.get("of") in (None, fingerprint(lesson, trigger, fix)) or cue.get("compiled") == "person"
    return cue.get("compiled") == NAME and cue.get("of") == fingerprint(lesson, trigger, fix)
