"""What a lesson says no to in the words of the corrected call's own kinds.

"no public objects, ever" after `aws s3api put-object-acl … --acl public-read`, or "don't touch
prod with kubectl" after `kubectl --context prod-eu scale …`: the clause names no kind the
catalogue knows by its lesson words, but it says no to a trait the corrected call has — the word
that kind is named by. That kind is the mistake, whatever command does it next time.
"""

from __future__ import annotations

import re

from memkit import rxcache
from memkit.activation import commands, intent
from memkit.activation.negation import negated

# words a kind's name or description shares with nearly every clause: no trait of their own
_PLAIN = frozenset(
    "change changes changing changed edit edits editing update updates updating modify modifying make making "
    "create creates creating add adds adding write writes writing run runs running use uses using set sets "
    "setting put get gets getting call calls calling open opens opening start starts starting move moving "
    "take taking give giving keep keeping file files code command commands thing things something anything "
    "everything without with into from onto that this those these than then there their them they what when "
    "where which while also only just more most other some such very your ours mine here ever never always "
    "again whole every each before after first last local direct directly manual manually hand hands "
    "action actions request requests work working done does doing over under same".split())
_WORD = rxcache.compile(r"[a-z][a-z0-9]{3,}")


_NO = rxcache.compile(r"(?i)(?<![\w-])(?:no|not|never|don'?t|do\s+not|stop|avoid)\b")
_PLACE = rxcache.compile(r"(?i)^(?:in|on|at|to|for|from|into|within|inside|of|about|by)$")


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _PLAIN}


def _refused(text: str) -> set[str]:
    """The words a "no" governs: the three after it, up to a preposition ("don't touch prod", "no
    public objects", but not the message of "don't say in the commit message")."""
    out: set[str] = set()
    for m in _NO.finditer(text):
        for word in text[m.end():].split()[:3]:
            word = word.strip(".,;:!?`'\"()")
            if _PLACE.match(word):
                break
            out |= _words(word)
    return out


def _alike(a: str, b: str) -> bool:
    """One word is the other or its stem (prod, production; cluster, clusters)."""
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and (len(short) >= 5 or len(long) - len(short) <= 6)


def echoed(cat, parts: list[tuple[str, str]], corrected: set, prescribed: set, act=None) -> set:
    """The corrected call's specific kinds whose own name a clause that says no repeats — by a
    trait, not by what the call ran ("I'd rather you didn't commit" after `git commit` names the
    act, not its missing sign-off)."""
    said = set().union(*(_refused(t) for p, t in parts if p == "forbid")) if parts else set()
    if not said:
        return set()
    ran = {w for piece in commands.pieces(act.command)[:12] for h in commands.head(piece.strip())
           for w in _WORD.findall(h.lower())} if act is not None and act.command else set()
    out = set()
    for kid in corrected:
        kind = cat.kinds.get(kid)
        if kind is None or kind.broad or kind.safe or kid in prescribed:
            continue
        whole = _words(kid.split(":", 1)[-1].replace("-", " "))
        # a name the call ran names the act, not a trait of it, unless the kind is that act itself and the
        # clause says no to it bare ("never a reset." after `supabase db reset`: db:reset; not "never a
        # reset outside your machine", "don't revert the revert")
        name = {w for w in whole if not any(_alike(w, r) for r in ran)} or {w for w in whole if _bare(w, parts)}
        if any(_alike(w, s) for w in name for s in said):
            out.add(kid)
    return out


def _bare(word: str, parts: list[tuple[str, str]]) -> bool:
    """A clause says no to the word with nothing after it ("never a reset.", "don't reset, migrate")."""
    rx = re.compile(rf"{_NO.pattern}(?:\s+(?:a|an|the|any|ever|again))?\s+{re.escape(word)}\w*\s*(?:[.,;:!?)]|$)")
    return any(p == "forbid" and rx.search(t) for p, t in parts)


SHORT = 20   # words: a remark about the act; a longer lesson meets a kind's description by chance


def spoken(cat, lesson: str, corrected: set) -> set:
    """"no, pages stay server components here" after a page marked `"use client"`: a short lesson
    that speaks of what one of the corrected call's specific kinds is about (two of its rare terms,
    as a request would) names that kind as the mistake. Longer lessons meet some kind's words by
    chance (on the shared real logs, lessons up to 45 words doubled the false fires)."""
    if len(lesson.split()) > SHORT:
        return set()
    kinds = [k for k in corrected if k in cat.kinds and not cat.kinds[k].broad and not cat.kinds[k].safe]
    # the id's prefix ("git" of git:commit-no-signoff) is every sibling's term: it says what the lesson
    # is about, not which of the call's kinds it means ("drop the git-autofixer from the pre-commit
    # docs" is no word on sign-offs)
    # ... nor are the terms of the wider kind it is a case of ("the commit message doesn't reflect the
    # changes" speaks of commit messages, not of the Conventional Commits form the message lacked)
    table = intent.table(cat)[0]
    wider = {k: set().union(*(table.get(w, ()) for w in (*cat.kinds[k].alternatives, *cat.kinds[k].within)
                              if w in cat.kinds and cat.kinds[w].broad)) for k in kinds}
    weighted = {k: {t: w for t, w in terms.items() if t != intent.stem(k.split(":")[0]) and t not in wider[k]}
                for k, terms in intent.weights(cat, kinds).items()}
    kid, strength, _ = intent.about(weighted, lesson) if kinds else ("", 0.0, [])
    return {kid} if kid and strength >= intent.THRESHOLD else set()


_SELF = frozenset("self this cls super me it".split())   # the object itself: its methods name nothing
_CALLED = rxcache.compile(r"(?<![\w.$@])([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?\s*\(")


def called(parts: list[tuple[str, str]], act, named: list[str]) -> list[str]:
    """"never a payout, always a refund" after an edit that wrote `Payouts.create(…)`: the code the
    corrected edit called whose name a clause says no to — `Payouts.create(`, `setwd(` — is the
    mistake wherever it is written next. The name must be one the clause says no to, not one it
    asks for, and spelled as a call in the edit's own lines: a member call (by its owner or its
    member: `os.chdir(`), or a function by its lower-case name (a type's name is in its
    declarations too: `new ObjectMapper` is code_shapes'). `named`: the entities already found
    (a name one of them holds is not named again)."""
    if act is None or act.family not in ("edit", "write") or not act.added or not parts:
        return []
    said = set().union(*(_refused(t) for p, t in parts if p == "forbid"))
    asked = set().union(*(_words(t) for p, t in parts if p in ("prescribe", "allow")))
    said = {s for s in said if not any(_alike(s, a) for a in asked)}
    if not said:
        return []
    out: list[str] = []
    for m in _CALLED.finditer(act.added[:20000]):
        owner, member = m.group(1), m.group(2)
        if owner.lower() in _PLAIN or owner in _SELF or (not member and (len(owner) < 4 or not owner[0].islower())) \
                or any(re.search(rf"(?i)(?<!\w){re.escape(owner)}(?!\w)", n) for n in named):
            continue
        if any(_alike(word.lower(), s) for word in (owner, member) if word and len(word) >= 4 for s in said):
            out.append(f"{owner}.{member}(" if member else f"{owner}(")
    return list(dict.fromkeys(out))[:3]


_WAY = rxcache.compile(rf"(?i)\b(?:{commands.WAY_WORDS})\s+`?$")
_NOT_A_SUBCOMMAND = commands.PROSE | frozenset("any anything everything yourself without".split())


def commands_said(parts: list[tuple[str, str]], act, depth: dict[str, int]) -> list[str]:
    """"Never qm stop or qm reset a running guest" after a call that ran `qm` (however it ran: over
    ssh, after a sleep): the commands of that program a forbidding clause says no to, kept as the
    cue's calls so that a later `qm stop 211` fires and `qm shutdown 211` does not. Only programs no
    catalogue kind reads (`depth`): for those, a kind decides; a name must stand near what the
    clause says no to (negation's `negated`)."""
    if act is None or act.family != "shell" or not act.command or not parts:
        return []
    programs = {commands.command_name(p) for p in commands.pieces(act.command)[:12]}
    programs = {p for p in programs if len(p) >= 2 and depth.get(p, 0) == 0 and p not in commands.ANY_PROGRAM
                and p not in commands.PLAIN_PROGRAMS}
    out: list[str] = []
    for polarity, text in parts:
        if polarity != "forbid":
            continue
        for program in sorted(programs):
            for m in re.finditer(rf"(?<![\w/.-]){re.escape(program)}\s+([a-z][\w-]{{1,30}})\b", text):
                name = f"{program} {m.group(1)}"
                if m.group(1) not in _NOT_A_SUBCOMMAND and name not in out and negated(name, text) \
                        and not _WAY.search(text[:m.start()]):   # "pause it with `jobctl pause`": the way
                    out.append(name)
    return out[:4]
