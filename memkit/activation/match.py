"""Matching an action or a request against the compiled cues in the index.

Owns which cues are candidates (a forbidden kind the action has, an entity it touches, a near
repeat of the corrected call), the judgement of each (its tier and the reasons, including why
one did not fire), compliance, and ranking. Hot path: reads rows the index hands it, parses no
lesson prose, imports nothing heavy.
"""
from __future__ import annotations

import json
import math
import re
from datetime import datetime, timezone

from memkit import rxcache
from memkit.activation import acts, commands, entities, intent, keeps, redo, repeat, scope, sources

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# the tiers of a match: a cue that matched through a broad trait never outranks one that
# matched through its concrete action or an entity it names
CONCRETE, ENTITY, INTENT, TOPIC = 4, 3, 2, 1
TIER_WEIGHT = {CONCRETE: 1.0, ENTITY: 0.9, INTENT: 0.8, TOPIC: 0.5}
CROWD = 3   # lessons met at one topic beyond which a request is about none of them
WRITE_WORDS = frozenset("rm rmdir mv cp ln touch mkdir chmod chown tee truncate dd sed perl install uninstall "
                        "add remove delete del push commit reset checkout restore rebase merge apply destroy "
                        "drop kill deploy publish upload sync write create update upgrade patch edit scale "
                        "run exec unlink prune purge clean format clone init erase wipe flash overwrite rename "
                        "move save".split())


_PARTS = rxcache.compile(r"[-_:.]")
_AND_DO = rxcache.compile(r"(?i)(?:\b(?:and|then)\s+(?:then\s+)?|[.?!;]\s+)(?:please\s+)?(?:fix|change|update|make|add|remove|delete|"
                     r"write|run|deploy|apply|rename|move|migrate|commit|push|refactor|implement|install)\b")
# a request that only asks for an explanation ("explain the difference between …"), not for work
_EXPLAIN = rxcache.compile(r"(?i)\s*(?:before\s+[^,?!\n]{1,60}?,\s*|first,?\s+)?"   # "before touching X, walk me through …"
                      r"(?:please\s+|(?:can|could|would)\s+you\s+(?:please\s+)?)?(?:explain\b|"
                      r"(?:walk|talk|take)\s+me\s+through\b|"
                      r"what(?:'s|\s+is|\s+are)\s+(?:the\s+)?differences?\s+between\b|what\s+(?:is|are)\s+an?\s+|"
                      r"how\s+(?:many|much|often|long)\b|(?:when|who)\s+(?:did|was|were|has|have)\b)")   # a count, a date


class Cue:
    """One cue row and what matching made of it. A plain class: the hook builds hundreds."""

    __slots__ = ("rowid", "path", "note_id", "cue_type", "trigger", "lesson", "kinds", "names", "status",
                 "reviewed", "created", "session", "source", "importance", "confidence", "lifecycle", "project",
                 "sessions", "extra", "score", "tier", "why", "matched", "topics", "said", "again")

    def __init__(self, row: tuple):
        (self.rowid, self.path, self.note_id, self.cue_type, self.trigger, self.lesson, kinds, names, self.status,
         reviewed, self.created, self.session, self.source, self.importance, self.confidence, self.lifecycle,
         self.project, self.sessions, extra) = row
        split = (kinds or "").split()
        self.kinds = {k for k in split if not k.startswith("~")}
        self.topics = {k[1:] for k in split if k.startswith("~")}   # what a request meets it at
        self.names = set((names or "").split())
        self.reviewed = bool(reviewed)
        self.extra = json.loads(extra or "{}")
        self.score, self.tier, self.why, self.matched = 0.0, 0, [], set()
        self.said = 0.0   # how strongly a request speaks of its kind, when only its words meet it
        self.again = False   # the action repeats the call the lesson corrected (`repeat`)

    @property
    def cue(self) -> dict:
        return self.extra.get("cue") or {}

    # the name older code reads
    @property
    def types(self) -> set[str]:
        return self.kinds

    def __repr__(self) -> str:
        return f"Cue({self.note_id!r}, tier={self.tier}, score={self.score})"


def row_of(cue: dict, *, path: str = "workshop/x.md", note_id: str = "corr-x", project: str = "",
           reviewed: bool = False, names: str = "") -> tuple:
    """An index row holding this cue, in the order `Cue` reads one: to match a cue that is in no
    index (a lesson compiled on the spot, by a test or a benchmark)."""
    kinds = " ".join([*cue.get("forbids", []), *("~" + k for k in cue.get("topics", []))])
    return (1, path, note_id, "correction", "", "", kinds, names, "candidate", int(reviewed), "", "", "", 0.5, 0.5,
            "", project, 1, json.dumps({"cue": cue}))


def visible(cue: Cue, person: str) -> bool:
    """The team's reviewed notes fire for everyone; a workshop candidate only for the person whose
    session it came from (one naming no one, for all); person "team": reviewed notes only."""
    if not cue.path.startswith("workshop/"):
        return True
    owner = cue.extra.get("user")
    return person != "team" and (not owner or owner == person)


class Probe:
    """The action or request being matched, classified once."""

    __slots__ = ("act", "kinds", "parts", "tokens", "globs", "project", "kind", "text", "writes", "near", "cwd",
                 "explains", "asks", "wider", "gone", "_heads")

    def __init__(self, act, parts: dict[str, str], cat, project: str = "", kind: str = "tool",
                 near: set[str] | None = None, cwd: str = ""):
        self.act, self.parts, self.project, self.kind, self.cwd = act, parts, project, kind, cwd or project
        self.kinds = {k for k in parts if not cat.kinds[k].safe}
        self.near = near or set()   # kinds whose context (`requires`) the action could not show
        self.tokens = entities.tokens(act)
        self.gone = keeps.gone(act, self.tokens) if kind == "tool" else set()   # the names an edit takes out
        self.globs = [t for t in self.tokens if entities.reaching(t)]   # file patterns (`*-diary`) it reaches with
        self.text = act.text
        self.writes = kind == "prompt" or _writes(act, self.kinds)
        asked = _EXPLAIN.match(act.text) if kind == "prompt" else None   # "explain X and fix it" asks for work
        self.explains = bool(asked) and ("differen" in asked.group(0).lower() or not _AND_DO.search(act.text))
        self.asks = kind == "prompt" and intent.asks_only(act.text)   # only asks to be told something
        # what a request's kinds are special cases of ("get it live" is a deploy to production, a deploy)
        self.wider = _wider(cat, self.kinds)   # an SMS sent is a message sent: a lesson against the wider fires
        self._heads: list[tuple[str, list[str]]] | None = None

    @property
    def heads(self) -> list[tuple[str, list[str]]]:
        """The simple commands of the action with their program and subcommands, read once."""
        if self._heads is None:
            self._heads = [(p, commands.head(p.strip())) for p in commands.pieces(self.act.command)[:12]]
        return self._heads


# a lesson against the ssh or sudo itself, not what ran through it
_NO_TRANSPORT = rxcache.compile(r"(?i)\b(?:don'?t|do\s+not|never|no|stop|without)\s+(?:\w+\s+){0,2}?(?:ssh|sudo)\b")


MOVES = frozenset({"shell:cd-chain"})   # changing the working folder inside a command
_CD = rxcache.compile(r"(?:^|[;&|(]\s*)(?:cd|pushd)\s+([\"']?)([^\s;&|\"']+)\1")


def _stays_home(probe: Probe) -> bool:
    """Every `cd` of the command goes to the folder the session works in (its project root)."""
    home = (probe.cwd or "").rstrip("/")
    found = [m.group(2).rstrip("/") for m in _CD.finditer(probe.act.command or "")]
    return bool(home) and bool(found) and all(f == home for f in found)


def _only_looks_there(probe: Probe) -> bool:
    return _looks(commands.remote(probe.act.command)) if probe.act.command else False


def _looks(remote: list[str]) -> bool:
    """Every command run on the other host only looks (`qm list`, `nft list ruleset`, `systemctl
    status x`, `tail -n 50 log`): none has a signature to repeat, none writes a file."""
    inner = [p for c in remote if c for p in commands.pieces(c)]
    return bool(inner) and all(">" not in p and not commands.call_signature(p) for p in inner)


def _wider(cat, kinds: set[str]) -> set[str]:
    """The kinds these are special cases of, and theirs in turn (a chain of `within`)."""
    found, todo = set(), [w for k in kinds for w in cat.kinds[k].within]
    while todo:
        if (wider := todo.pop()) not in found and wider in cat.kinds:
            found.add(wider)
            todo.extend(cat.kinds[wider].within)
    return found - kinds


def _writes(act, kinds: set[str]) -> bool:
    """The action changes something (an entity touched by a read is no reason to recall a lesson)."""
    if act.family in ("edit", "write"):
        return True
    if act.family != "shell":
        return False
    if kinds:
        return True
    words = act.command.replace("|", " ").replace(";", " ").replace("&&", " ").split()
    return ">" in act.command or any(part in WRITE_WORDS for w in words[:40]   # erase_flash, db:drop too
                                     for part in _PARTS.split(w.rsplit("/", 1)[-1])) or _in_place(act.command)


def _in_place(command: str) -> bool:
    """One simple command names the same file as its input and its output (`ocrmypdf in.pdf
    in.pdf`, `sips -s format jpeg x.jpg --out x.jpg`): whatever the program, it writes that file."""
    for piece in commands.pieces(command)[:20]:
        words = piece.replace("\\ ", "\0").split()[1:40]   # a path with escaped spaces is one word
        files = [w.strip("\"'") for w in words if not w.startswith(("-", "2>", ">", "&>", "<"))
                 and "/" in w.strip("/") and "*" not in w and "/dev/" not in w and "$" not in w]
        if len(files) != len(set(files)):
            return True
    return False


def judge(cue: Cue, probe: Probe, cat) -> int:
    """The cue's tier for this probe (0: it stays silent), with the reasons in cue.why."""
    # a "before X" rule ("ask me before adding any package") fires before any X, broad or not
    specific = {k for k in cue.kinds if k in cat.kinds and not cat.kinds[k].broad} | set(cue.cue.get("before") or ())
    shared = cue.kinds & probe.kinds
    concrete = {k for k in shared if k in specific}
    tier = 0
    if concrete and probe.kind == "tool":
        tier = CONCRETE
        cue.why.append("same kind of action: " + ", ".join(f"{k} ({probe.parts[k]})" for k in sorted(concrete)))
    elif concrete and probe.explains and not _occasion(concrete, probe, cat):   # "how many opened the mail?"
        # asks for no mail to be sent
        cue.why.append("the request only asks about " + ", ".join(sorted(concrete)) + "; it does none of it")
    elif concrete:
        tier = INTENT
        cue.why.append("the request is of a kind the lesson forbids: " + ", ".join(sorted(concrete)))
    if not concrete and probe.kind == "tool" and cue.kinds & probe.wider & specific:
        concrete = cue.kinds & probe.wider & specific
        tier = CONCRETE
        cue.why.append("a special case of what the lesson forbids: " + ", ".join(
            f"{k} ({w})" for w in sorted(concrete) for k in sorted(probe.kinds) if w in cat.kinds[k].within))
    if not concrete and probe.kind == "tool" and cue.kinds & probe.near & specific and _same_folder(cue, probe):
        concrete = cue.kinds & probe.near & specific
        tier = CONCRETE
        cue.why.append("same kind of action in the folder where it was corrected: " + ", ".join(sorted(concrete)))
    if concrete and concrete <= commands.TRANSPORT and _only_looks_there(probe) and not _NO_TRANSPORT.search(cue.lesson):
        # `ssh pve2 'qm list'` does none of the work a lesson about work over ssh is about ("don't ssh" is)
        cue.why.append("only looks on the other host: " + ", ".join(sorted(concrete)))
        concrete, tier = set(), 0
    if concrete and concrete <= MOVES and _stays_home(probe):   # `cd <project root> && …` is where the
        # lesson about wandering off into subfolders asks the agent to be
        cue.why.append("changes only into the folder the session works in")
        concrete, tier = set(), 0
    cue.matched = set(concrete)
    # a kind only said ("one store first") leaves the lesson's names to stand for an action
    touched = _touched(cue, probe, {k for k in specific if probe.kind != "tool" or not _said_only(cat, k)})
    if touched and tier < ENTITY:
        tier = ENTITY
        cue.why.append("touches what the lesson names: " + ", ".join(touched[:3]))
    near = repeat.near(cue, probe) if probe.writes and repeat.about_call(cue, cat) and not repeat.read_first(
        cue, probe, cat, specific) else 0.0
    cue.again = near >= repeat.NEAR
    if cue.again and tier < CONCRETE:
        tier = CONCRETE
        cue.why.append(f"nearly repeats the corrected call ({near:.2f})")
    if probe.kind == "tool" and cue.cue.get("calls") and probe.act.command:   # the same command (none that
        # only looks) does what it did, whatever WRITE_WORDS make of its words
        ran = repeat.repeated(cue, probe)
        cue.again = cue.again or bool(ran)
        if ran and tier < CONCRETE:
            tier = CONCRETE
            cue.why.append(f"runs the command it corrected: {ran}")
    about = shared or cue.topics & probe.kinds
    if not about and probe.kind == "prompt":   # "get it live" asks for a deploy to production: a lesson
        about = cue.kinds & probe.wider        # about deploying at all is about it
    if not tier and probe.kind == "prompt" and about and not probe.explains:   # a question about a
        # concept ("explain the difference between a stub and a fake") does nothing a lesson is about
        tier = TOPIC
        cue.matched = set(about)
        cue.why.append("the request is about the lesson's topic: " + ", ".join(sorted(about)))
    if not tier and probe.kind == "prompt" and not probe.explains and not probe.asks and cue.extra.get("intent"):
        kid, strength, terms = intent.about(cue.extra["intent"], probe.act.prose)
        if strength >= intent.THRESHOLD:
            tier, cue.said = TOPIC, strength
            cue.matched = {kid}
            said = ", ".join(intent.spoken(probe.act.prose, terms)[:4])
            cue.why.append(f"the request speaks of what the lesson is about: {kid} ({said})")
    if not tier:
        if shared:
            cue.why.append("shares only broad kinds (" + ", ".join(sorted(shared)) + "), not the mistake")
        return 0
    if not cue.reviewed and cue.project and probe.project and cue.project != probe.project:
        cue.why.append(f"an unreviewed lesson from {cue.project}, not this project")
        return 0
    if _other_env(cue, probe):
        cue.why.append("the lesson is about " + "/".join(cue.cue["scope"]["env"]) + "; the action names another")
        return 0
    reason = complies(cue, probe, cat)
    if reason:
        cue.why.append(reason)
        return 0
    return tier


def _occasion(kinds: set[str], probe: Probe, cat) -> bool:
    """The question itself is the occasion for the mistake ("how long will the backfill take?" for a
    lesson against unmeasured estimates): a kind the request meets through its own `intent`
    patterns, not one that every question meets (the way answers are written)."""
    return any(probe.parts.get(k) == "intent" and k not in intent.answering(cat) for k in kinds)


def _said_only(cat, kid: str) -> bool:
    return kid in cat.kinds and cat.kinds[kid].said_only


def _touched(cue: Cue, probe: Probe, specific: set[str]) -> list[str]:
    """The names of the lesson the action touches in a way that recalls it. A folder or file fires
    on any change to it (on a read too when the lesson keeps the agent out of it); a flag or an
    identifier only when the lesson names no specific kind (with one, the kind decides and the
    name only keeps compliance honest); code in the shape the corrected edit wrote it, always; a
    program or package it forbids, when it runs."""
    names = cue.cue.get("entities", [])
    alone = [n for n in names if entities.kind_of(n) in ("path", "code")
             or (not specific and (entities.fires_alone(n) or n in cue.cue.get("needs", ())))]   # code it wrote
    touched = [n for n in alone if entities.touches(probe.tokens, probe.text, n) or entities.reached(n, probe.globs)]
    reads = (cue.cue.get("scope") or {}).get("reads") is True
    if touched and not reads and probe.kind == "tool" and probe.act.family == "shell":
        touched = _written_there(probe, touched)
    ran = [n for n in names if not specific and entities.kind_of(n) == "word" and probe.kind == "tool"
           and entities.runs(probe.act, n)]
    commands = [n for n in touched if entities.kind_of(n) == "command" and probe.kind == "tool"]   # run, not read
    # code the agent's own fix took out, written again (`sourcemap: true`, `.to_dict(`)
    undone = [p for p in cue.cue.get("undone") or () if probe.kind == "tool" and redo.written(probe.act, p)]
    taken = [n for n in cue.cue.get("kept") or () if probe.gone and keeps.removes(probe.act, n)]
    # work run on the machine a lesson with no kind of its own keeps the agent off ("don't run anything on
    # the instrument PC"); with a kind ("never hard-clear BGP on the edge router"), the kind decides
    hosts = () if specific or probe.kind != "tool" else (cue.cue.get("scope") or {}).get("hosts") or ()
    there = [h for h in hosts if any(host == h and not _looks([rest]) for host, rest in scope.remote(probe.act.command))]
    return list(dict.fromkeys((touched if probe.writes or reads else commands) + ran + undone + taken + there))


def _written_there(probe: Probe, touched: list[str]) -> list[str]:
    """The folders and files of the lesson the command does more than read: copying out of a folder
    the lesson keeps the agent from changing is how the work on a copy starts."""
    rest = sources.without_reads(probe.act.command)
    if not rest:
        return touched
    tokens = entities.tokens(acts.from_command(rest))
    return [n for n in touched if entities.kind_of(n) != "path" or entities.touches(tokens, rest, n)]


def complies(cue: Cue, probe: Probe, cat) -> str:
    """Why the action already does what the lesson asks ("" when it does not). A name the lesson
    forbids in the action voids term-based compliance ("--force-with-lease is fine" but not on main)."""
    terms = [c for c in cue.cue.get("complies", []) if c not in cat.kinds]
    kinds = {c for c in cue.cue.get("complies", []) if c in cat.kinds}
    named = [n for n in cue.cue.get("entities", []) if entities.touches(probe.tokens, probe.text, n)
             and not any(n.strip("/").lower() in t.lower() for t in terms)   # not where it says it belongs
             and n not in cue.cue.get("needs", ())]   # nor a construct that complies with what it needs
    if named:   # the corrected command's program and subcommands are its subject, no name to avoid
        subject = repeat.programs(cue) | {w for c in cue.cue.get("calls") or () for w in c.split()}
        named = [n for n in named if n.lower() not in subject]
    if probe.kind != "tool" or named:
        return ""
    if _first_step_done(cue, probe, cat):
        return "the action runs the step the lesson puts first: " + ", ".join(cue.cue["first"])
    hit = sorted(kinds & set(probe.parts))
    if hit and cue.matched:   # the mistake itself is there: only its own remedy makes it right
        hit = [k for k in hit if any(k in cat.kinds[m].alternatives for m in cue.matched if m in cat.kinds)]
    if hit:
        return "the action does it the way the lesson asks: " + ", ".join(hit)
    low = " ".join(probe.text.lower().split())
    for term in terms:
        term, where = entities.condition(term)
        if where and not entities.meets(probe.tokens, where):
            continue
        t = _fixed(" ".join(term.lower().split()).rstrip("()"))
        t = "/" + t[2:] if t.startswith("~/") else t   # a home path is written out in the action
        if len(t) < 2:
            continue
        if entities.holds(probe.tokens, low, t):
            return f"the action already uses what the lesson prescribes: {term}"
    return ""


def _first_step_done(cue: Cue, probe: Probe, cat) -> bool:
    """"run the specs before you push": a command that runs them and then pushes (`pytest && git push`)."""
    first, before = set(cue.cue.get("first") or ()), set(cue.cue.get("before") or ())
    if not first or not before or probe.act.family != "shell" or not probe.act.command:
        return False
    seen = set()
    for piece, _ in probe.heads:
        kinds = set(cat.classify(acts.from_command(piece.strip())))
        if kinds & before:
            return bool(seen & first)
        seen |= kinds
    return False


_PLACEHOLDER = rxcache.compile(r"<[^<>\n]{1,30}>|‹[^‹›\n]{1,30}›|\{[^{}\n]{1,30}\}|\$\{?[A-Za-z_]\w*\}?|…|\.\.\.")


def _fixed(term: str) -> str:
    """A way the lesson writes as a template (`tmux new -d -s <name> '<cmd>'`): what an action
    written that way holds whatever fills it in is the words before the first blank."""
    m = _PLACEHOLDER.search(term)
    if not m:
        return term
    head = term[:m.start()].rstrip(" '\"=:")
    return head if len(head) >= 5 and (" " in head or not head.isalnum()) else term


_ENVS = (("prod", rxcache.compile(r"(?i)(?<![\w/])(prod|production)(?![\w/])|[-_.](prod|production)\b")),
         ("staging", rxcache.compile(r"(?i)\bstaging\b|[-_.]stg\b")),
         ("dev", rxcache.compile(r"(?i)\blocalhost\b|\b127\.0\.0\.1\b|\b(RAILS_ENV|NODE_ENV|APP_ENV|ENV)=(dev|"
                            r"development|test)\b|--(?:env|environment|target|stage)[= ][\x22\x27]?(dev|development|local)\b")))


def _same_folder(cue: Cue, probe: Probe) -> bool:
    m = re.match(r"^[\w.:-]+: (/[^\s—]+)", cue.trigger or "")
    if not m or not probe.act.paths:
        return False
    return m.group(1).rsplit("/", 1)[0] == probe.act.paths[0].rsplit("/", 1)[0]


def _other_env(cue: Cue, probe: Probe) -> bool:
    """The lesson is scoped to an environment and the action names only another one."""
    envs = (cue.cue.get("scope") or {}).get("env") or []
    if not envs:
        return False
    text = probe.act.command or probe.act.prose or "\n".join(probe.act.paths)
    said = {e for e, rx in _ENVS if rx.search(text[:20000])}
    return bool(said) and not (said & set(envs))


def age_days(stamp: str) -> float:
    try:
        when = datetime.fromisoformat(str(stamp).replace("Z", "+00:00"))
    except ValueError:
        return 90.0
    when = when if when.tzinfo else when.replace(tzinfo=timezone.utc)
    return max(0.0, (datetime.now(timezone.utc) - when).total_seconds() / 86400)


def score(cue: Cue, probe: Probe) -> float:
    """Relevance (the tier) × recency × consequence × frequency, reviewed notes above candidates."""
    recency = max(0.5, 1.0 / (1.0 + age_days(cue.created) / 365.0) ** 0.5)
    consequence = 0.8 + 0.4 * max(0.0, min(1.0, cue.importance))
    frequency = 1.0 + 0.1 * math.log(max(1, cue.sessions))
    review = 1.3 if cue.reviewed else 1.0
    place = 1.0 if not cue.project or not probe.project or cue.project == probe.project else 0.75
    durable = 1.0 if cue.lifecycle != "operational" else 0.85
    specific = 1.0 / math.sqrt(max(1, len(cue.kinds)))   # a lesson that forbids many things is sure of none
    return round(TIER_WEIGHT[cue.tier] * recency * consequence * frequency * review * place * durable * specific
                 ** 0.5 * max(0.05, cue.confidence) ** 0.25, 4)


def rank(cues: list[Cue], limit: int, cat) -> list[Cue]:
    """Best first: tier, then a match through a specific kind before one through a broad kind only
    (a "before every commit" rule after the one about this commit's staging), then how few of the
    others matched the same kind of action (a kind that one lesson forbids says more about this
    action than one that several share: a convention about every commit beside the one about this
    commit's message), then a kind the request is of before one only its words speak of (the more
    strongly they speak of it, the sooner), then score.
    Only cues of the best tiers make it: a broad match never rides along beside a concrete one."""
    shared: dict[str, int] = {}
    for c in cues:
        for k in c.matched:
            shared[k] = shared.get(k, 0) + 1
    crowd = {id(c): min((shared[k] for k in c.matched), default=1) for c in cues}
    # a request that meets many lessons only at one shared topic ("edit the README" and every lesson
    # a docs edit was corrected in) is about none of them in particular
    cues = sorted((c for c in cues if c.tier > TOPIC or crowd[id(c)] <= CROWD),
                  key=lambda c: (-c.tier, _broad_only(c, cat), crowd[id(c)], c.said > 0, -c.said, -c.score,
                                 c.note_id))
    if not cues:
        return cues
    floor = cues[0].tier - 1 if cues[0].tier >= ENTITY else cues[0].tier
    return [c for c in cues if c.tier >= floor][:limit]


def _broad_only(cue: Cue, cat) -> bool:
    return bool(cue.matched) and all(k in cat.kinds and cat.kinds[k].broad for k in cue.matched)


def as_dict(cue: Cue) -> dict[str, Any]:
    return {"id": cue.note_id, "type": cue.cue_type, "score": cue.score, "tier": cue.tier, "lesson": cue.lesson,
            "trigger": cue.trigger, "reviewed": cue.reviewed, "source": cue.source, "why": cue.why,
            "path": cue.path, "cue": cue.cue}
