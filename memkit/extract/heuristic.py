"""The heuristic extractor: offline, deterministic, fast; reads the structure of a trace.

Owns turning turns into candidates: corrections (a refused call, an interruption, or a
message that pushes back on what the agent just did or proposed), preferences, decisions
(resolved against the options the agent offered), facts and negative results the person
states. Precision over volume: when unsure it extracts nothing. Never reads a sub-agent's,
the harness's or the agent's words as the person's, nor pasted output as their words.
"""
from __future__ import annotations

import re

from memkit import rxcache
from memkit.extract import (Candidate, TraceContext, aftermath, contrasts, decisions, gather, pushback, remarks, signals,
                            statements)
from memkit.extract.phrases import find, phrases
from memkit.extract.pushback import QUESTION_TOOLS
from memkit.layers import Flag, Role
from memkit.traces.model import ToolCall, Turn

NAME = "heuristic"
VERSION = 3
_any = find   # the name older callers use
LESSON_LIMIT = 1200
PROPOSAL_READ = 400   # the opening of the agent's words a proposal's kinds are read from (whole sentences)
PER_TRACE = 60        # candidates one session may add to the review queue (40 lost real corrections of long days)
KEEP_EACH = 3         # … of which each kind found keeps at least this many


def extract(ctx: TraceContext, config) -> list[Candidate]:
    out: list[Candidate] = []
    turns = ctx.turns
    calls = {c.id: c for t in turns for c in t.tool_calls if c.id}
    last_user, sc = -1, None
    for i, turn in enumerate(turns):
        if turn.role is Role.TOOL and Flag.REJECTED in turn.flags:
            c = _rejection_feedback(turns, i, calls)
            if c:
                out.append(c)
        if not turn.typed or Flag.QUEUED in turn.flags:
            continue
        prior = turns[last_user + 1:i]
        last_user = i
        if sc is None or not _failed_send(prior):
            sc = pushback.scene(turns, i, prior)
        # else the agent never answered (an API or credit error): the message is sent again
        # into the scene the first sending met
        out.extend(_from_user(turns, i, prior, sc, calls, out))
    return _most_important(gather.within(out))


def _most_important(found: list[Candidate]) -> list[Candidate]:
    """At most PER_TRACE candidates, the most important first (durable lessons outrank steering),
    so reviewing one long session stays a few minutes' work. Each kind keeps its KEEP_EACH most
    important, so that many corrections do not crowd out the one fact or failed approach."""
    if len(found) <= PER_TRACE:
        return found
    rank = sorted(range(len(found)), key=lambda k: (-found[k].importance, -found[k].confidence, k))
    keep: set[int] = set()
    for kind in dict.fromkeys(c.kind for c in found):
        keep.update([k for k in rank if found[k].kind == kind][:KEEP_EACH])
    keep.update([k for k in rank if k not in keep][:max(0, PER_TRACE - len(keep))])
    return [c for k, c in enumerate(found) if k in keep]


def _failed_send(prior: list[Turn]) -> bool:
    """Only the harness spoke since the person's last message, and it reported an error."""
    return bool(prior) and all(t.role is Role.SYSTEM for t in prior) and any(
        re.search(r"\b(error|credit|rate.?limit|overloaded|failed|timed? ?out)\b", t.text, re.I) for t in prior)


def _from_user(turns, i, prior, sc, calls, so_far) -> list[Candidate]:
    turn = turns[i]
    raw = signals.clean(turn.text)
    if not raw or signals.is_harness(raw):
        return []
    if sc.acted and not (sc.rejected or sc.interrupted) and remarks.replaces(raw, sc.acted):
        # code given in place of the agent's (a suggested change, a diff): the lesson is the words and the code
        return [_make_correction(turn, raw, list(sc.acted[-3:]), "gave code in place of the act's", 0.65,
                                 fix=aftermath.fix_after(turns, i))]
    if sc.proposal and not (sc.rejected or sc.interrupted) and contrasts.rewrites_draft(raw, sc.proposal):
        # the person's own version of the draft the agent proposed, in place of it
        return [_make_correction(turn, raw, list(sc.acted[-3:]), "wrote their own version of the agent's draft", 0.6,
                                 proposal=sc.proposal)]
    words = signals.own_words(raw)
    if not words or (signals.is_paste(raw) and len(words.split()) < 4) or signals.pasted_terminal(raw):
        return []
    found: list[Candidate] = []
    dec = decisions.decision(turns, i, words)
    # an answer that picks one of the options the agent asked about is a decision, not pushback
    picked = dec is not None and not (sc.rejected or sc.interrupted) and decisions.offered(sc.proposal, dec)
    correction = None if picked else _correction(turns, i, prior, sc, calls, words, so_far)
    if correction:
        found.append(correction)
    else:
        pref = _preference(turn, words)
        if pref:
            found.append(pref)
    if dec and (not correction or decisions.reverses(words)):   # changing one's own mind is both
        found.append(dec)
    found += statements.facts(turn, words)
    found += statements.negatives(turn, words)
    if not found and phrases()["confirmations"].match(words):
        found += _confirmed(turns, i, sc.proposal)
    if not found and find("explicit_markers", words):
        found += [c for c in [_marked(turns, i, words)] if c is not None]
    return found


# ---- corrections ------------------------------------------------------------
def _rejection_feedback(turns, i, calls) -> Candidate | None:
    from memkit.traces.readers.claude import rejection_feedback

    reason = signals.own_words(rejection_feedback(turns[i].text))
    if len(reason.split()) < 3 or turns[i].tool_name in QUESTION_TOOLS:
        return None
    call = calls.get(turns[i].tool_call_id or "")
    return _make_correction(turns[i], reason, [call] if call else [], "rejected the call and said",
                            0.9, rejected=True, fix=aftermath.fix_after(turns, i))


def _correction(turns, i, prior, sc, calls, words, so_far) -> Candidate | None:
    if any(c.kind == "correction" and c.turn in {t.n for t in prior} for c in so_far):
        return None   # the refusal already carried the person's reason
    again = _resent(turns, i)   # "login to git", interrupted, "login to git": the same request again
    if again and not any(c.kind == "correction" and c.turn == again for c in so_far):
        return None   # (a correction sent again stays one, with both turns)
    found = pushback.verdict(words, sc, signals.clean(turns[i].text))
    if not found:
        return None
    how, confidence = found
    trigger_calls = [calls[t.tool_call_id] for t in sc.rejected if t.tool_call_id in calls] or list(sc.acted[-3:])
    return _make_correction(turns[i], words, trigger_calls, how, confidence, rejected=bool(sc.rejected),
                            proposal=sc.proposal, fix=aftermath.fix_after(turns, i))


def _resent(turns, i) -> int:
    """The turn of the person's previous message when this one repeats it word for word (sent
    again after an interruption or a failed step), else 0."""
    said = gather.key("", {}, turns[i].text)   # the same words, as gathering repeats reads them
    for t in reversed(turns[max(0, i - 40):i]):
        if t.role is Role.USER and t.typed:
            return t.n if gather.key("", {}, t.text) == said else 0
    return 0


def _make_correction(turn, lesson, candidates: list[ToolCall], how, confidence, *, rejected=False,
                     proposal="", fix: list[str] | None = None) -> Candidate:
    from memkit.activation import catalogue as taxonomy

    lesson = _trim(lesson)
    tax = taxonomy.load(None)
    lesson_types = tax.classify_text(lesson)
    chosen = _pick_calls(tax, candidates, lesson_types, lesson, "interrupted" in how)
    if chosen:
        trigger = "; ".join(signals.describe_call(c, lesson) for c in chosen[:2])
        # The lesson says what mattered; the call's other traits (it wrote a file, it ran git)
        # would fire on every later action of that kind. Only a lesson with no type of its own
        # borrows the call's.
        types = set(lesson_types) if lesson_types else set().union(*(tax.classify_action(c.name, c.input)
                                                                     for c in chosen))
    else:
        trigger = ("proposed: " + signals.first_sentence(proposal)) if proposal else "the agent's previous step"
        # its opening (the whole sentences of its first PROPOSAL_READ characters) and its last sentence
        # (where a plan asks about the next step): every step of a long plan would link this correction
        # to every other in promotion (and cost seconds to classify)
        said = signals.sentences(proposal[:PROPOSAL_READ])
        opening = " ".join(said[:-1] if len(said) > 1 and len(proposal) > PROPOSAL_READ else said)
        last = next(iter(reversed(list(signals.sentences(proposal[-2000:])))), "")
        types = set(lesson_types) | tax.classify_text(opening) | tax.classify_text(last)
    trigger += " (rejected)" if rejected else " (interrupted)" if "interrupted" in how else ""
    about = next((tax.about(t) for t in sorted(types, key=lambda t: (t not in lesson_types, t))), "") if types else ""
    life = signals.lifecycle(lesson)
    importance = signals.importance(0.6 if life == "operational" else 0.75, lesson, rejected=rejected,
                                    interrupted="interrupted" in how,
                                    high=any(tax.types[t].consequence == "high" for t in types if t in tax.types))
    meta = {"trigger": trigger, "lesson": lesson, "action_types": sorted(types), "trigger_about": about}
    if fix:   # the agent's own fix, as its edits wrote it (the compiler reads the code it took out)
        meta["fix"] = fix
    return Candidate("correction", turn.n, lesson, confidence, importance, life, meta, how=how, created=turn.ts)


def _trim(text: str) -> str:
    text = text.strip()
    if len(text) <= LESSON_LIMIT:
        return text
    cut = text[:LESSON_LIMIT]
    return cut[:max(cut.rfind(". "), cut.rfind("\n"), LESSON_LIMIT // 2) + 1].rstrip() + " …"


def _pick_calls(tax, calls: list[ToolCall], lesson_types: set[str], lesson: str = "",
                cut_off: bool = False) -> list[ToolCall]:
    """The call the lesson is about: the ones sharing its most specific action types, else the one
    whose command the lesson's lead names, else the last one that did something."""
    calls = [c for c in calls if c is not None]
    if lesson_types:   # the kinds each call shares with the lesson (only those are tried)
        shared = [tax.classify_action(c.name, c.input, among=lesson_types) for c in calls]
        weight = [(sum(1 for k in found if k in tax.types and not tax.types[k].broad), len(found)) for found in shared]
        best = max(weight, default=(0, 0))
        if best[1]:   # the calls that share the lesson's most specific kinds (`purge-queue` over the peeks before it)
            return [c for c, w in zip(calls, weight) if w == best][-2:]
    kinds = [tax.classify_action(c.name, c.input) for c in calls]
    doing = [c for c, found in zip(calls, kinds) if found
             or not tax.classify_action(c.name, c.input, include_benign=True)]
    named = _named_calls(calls, lesson, doing) if not cut_off else []   # a call cut off is the one it is about
    if named:
        return named
    # the commit, push or test run that followed the work carries no mistake the lesson did not name;
    # nor does a build or type-check after it, unless the lesson speaks of checking ("run the whole
    # suite, not one file") or the person cut that call off
    work = [c for c, found in zip(calls, kinds) if c in doing and not _ceremony(c, found)]
    if len(work) > 1 and not cut_off and not _CHECKS_SAID.search(lesson):
        work = [c for c in work if not _only_checks(c)] or work
    return work[-1:] or doing[-1:] or calls[-1:]


_CEREMONY_AREAS = frozenset({"git", "tests", "ci", "lint", "format", "e2e"})


def _ceremony(call: ToolCall, kinds: set[str]) -> bool:
    """A call that records, ships for review or checks the work (git commit, a push, opening a PR,
    a test run), not the work itself."""
    from memkit.activation import acts, commands

    act = acts.from_call(call.name, call.input)
    if act.family != "shell" or not act.command:
        return False
    programs = commands.commands_of(act)
    return bool(programs) and (programs <= {"git", "gh", "glab", "hub"} or _TEST_RUN.search(act.command) is not None
                               or (bool(kinds) and all(k.split(":", 1)[0] in _CEREMONY_AREAS for k in kinds)))


def _only_checks(call: ToolCall) -> bool:
    """A command that tests, type-checks, lints or builds, and does nothing else but look (`pnpm
    tsc --noEmit && pnpm vitest run`, `npx cypress run --spec … | tail -4`): it exercised the work
    before it. A step that ships or changes anything else (`west flash`), or runs a script (the
    script may be the work: a bulk update), is work."""
    from memkit.activation import acts, commands

    act = acts.from_call(call.name, call.input)
    if act.family != "shell" or not act.command:
        return False
    steps = [(piece, commands.call_signature(piece)) for piece in acts.pieces(act.command)[:12]]
    steps = [(piece, sig) for piece, sig in steps if sig]   # not `tail -2`, which only looks
    for piece, sig in steps:   # the program and subcommands, in parts: `lint-dialplan`, `-m orders.validate`
        bare = [w for w in piece.split()[:5] if not w.startswith("-") and "/" not in w and "." not in w]
        named = " ".join([sig, *bare, *_MODULE.findall(piece)])
        if _SHIPS.search(piece) or not any(_CHECK_WORD.match(w) for w in _PART.split(named.lower())):
            return False
    return bool(steps)


_CHECK_WORD = rxcache.compile(r"(?:test|tests|check|build|lint|vet|typecheck|type-check|tsc|vitest|jest|pytest|mypy|"
                              r"pyright|clippy|rspec|phpunit|tox|nox|ctest|noemit|validate|verify|compile|cypress|playwright)$")
_PART = rxcache.compile(r"[\s/._:-]+")
_CHECKS_SAID = rxcache.compile(r"(?i)\b(?:tests?|testing|suite|specs?|builds?|lint\w*|type[- ]?check\w*|tsc|compil\w+|"
                               r"ci|pytest|jest|vitest)\b")
_MODULE = rxcache.compile(r"(?<!\S)-m\s+([\w.]+)")
_SHIPS = rxcache.compile(r"(?i)\b(?:deploy|push|publish|release|upload|flash|apply|install|migrate|send|rm|delete|"
                         r"drop|destroy|prod|production)\b")


_TEST_RUN = rxcache.compile(r"^\s*(?:\S+=\S+\s+)*(?:(?:npm|yarn|pnpm|bun)\s+(?:run\s+)?test\b|(?:python3?\s+-m\s+)?pytest\b|"
                       r"go\s+test\b|cargo\s+test\b|(?:\./)?(?:mvnw?|gradlew?)\s+(?:-\S+\s+)*test\b|make\s+test\b|"
                       r"(?:bundle\s+exec\s+)?rspec\b|npx\s+(?:jest|vitest|playwright\s+test)\b|tox\b|nox\b|dotnet\s+test\b)")


_CALL_WORD = rxcache.compile(r"[a-z0-9][a-z0-9_.-]{2,}")
_PLAIN_WORDS = frozenset("the and for with that this from into you your are was were have has not but all any can "
                         "will just only then than when what which who its it's out off one two our their them they "
                         "there here also very more most some such use used using run ran get got put set make made "
                         "new old file files data true false none null".split())


def _named_calls(calls: list[ToolCall], lesson: str, doing: list[ToolCall]) -> list[ToolCall]:
    """The call that holds most of the lesson's own words ("don't launch GPU machines on EC2"
    after `aws ec2 run-instances …` then `ssh …`); of two that hold as many, one that did
    something over one that looked (`cancel -a` over the `lpstat -o` after it), else the later."""
    said = {w.strip(".-") for w in _CALL_WORD.findall(lesson[:300].lower())} - _PLAIN_WORDS   # its lead
    if not said:
        return []
    from memkit.activation import acts, commands

    scored = []
    for c in calls:   # what the call ran and acted on: its commands' programs and subcommands, its paths
        act = acts.from_call(c.name, c.input)
        words = {w for p in acts.pieces(act.command) for w in commands.call_signature(p).split()}
        words |= {seg for path in act.paths for seg in re.split(r"[/\\]", path.lower()) if seg}
        n = len(said & {w.strip(".-") for w in words})
        scored.append((n, n > 0 and c in doing))
    best = max(scored, default=(0, False))
    return [c for c, n in zip(calls, scored) if n == best][-1:] if best[0] else []


# ---- preferences, decisions, facts, negative results ------------------------
def _preference(turn, text) -> Candidate | None:
    for sentence in signals.sentences(text):
        if len(sentence.split()) < 3 or (sentence.rstrip().endswith("?") and not _asks_for_good(sentence)):
            continue
        if find("preference_markers", sentence) or _standing(sentence):
            from memkit.activation import catalogue as taxonomy

            if _BACK.search(sentence):   # "please remember this for all formulas": the message says what
                sentence = text[:600]      # "this" is
            elif _LEAD_IN.match(sentence) and sentence in text:   # "for next time: …": the rule follows
                sentence = text[text.index(sentence):][:600]
            types = sorted(taxonomy.load(None).classify_text(sentence))
            life = "knowledge" if signals.lifecycle(sentence) == "knowledge" else "self"
            return Candidate("preference", turn.n, sentence.strip(), 0.65, signals.importance(0.6, text), life,
                             {"lesson": sentence.strip(), "trigger": "", "action_types": types}, created=turn.ts)
    return None


def _standing(sentence: str) -> bool:
    """A rule for the project, not the task: where or when it holds and what it requires, not for this once."""
    return bool(find("standing_scope", sentence) and find("standing_norm", sentence) and not find("one_off", sentence))


_BACK = rxcache.compile(r"(?i)\bremember (this|that)\b")
_LEAD_IN = rxcache.compile(r"(?i)^\W*(?:for next time|as a rule|going forward|from now on|in (?:the )?future)\s*:")


def _asks_for_good(sentence: str) -> bool:
    """'could you … from now on?': a question that asks for a standing way of working."""
    return bool(re.search(r"\b(could|would|can) you\b", sentence, re.I)) and bool(
        re.search(r"\b(for|in) the future\b|\bfrom now on\b|\bgoing forward\b|\bnext time\b", sentence, re.I))


def _confirmed(turns, i, reported: str) -> list[Candidate]:
    """What the agent reported (a finding, an approach that failed) and the person confirmed:
    the agent's words, marked as such, with the person's confirming turn as the source."""
    turn = turns[i]
    out = [c for c in statements.negatives(turn, reported) if c.fields.get("reason")][:1]
    for sentence in signals.sentences(reported):
        if find("discoveries", sentence) and 6 <= len(sentence.split()) <= 60:
            out.append(Candidate("discovery", turn.n, sentence, 0.5, 0.45, "knowledge",
                                 {"lesson": sentence}, created=turn.ts))
            break
    return [Candidate(c.kind, c.turn, c.statement, 0.5, c.importance, c.lifecycle,
                      {**c.fields, "said_by": "agent", "confirmed_by": "person"}, c.evidence,
                      "the agent reported it and the person confirmed", c.created) for c in out]


def _marked(turns, i, text) -> Candidate | None:
    """What the person marked, in their own words; a bare "remember this" says nothing of its own
    (the agent's sentence before it is the agent's, never the person's lesson)."""
    if len(re.sub(r"(?i)please|remember (this|that)|thanks?|this was (very )?good\.?", "", text).split()) < 4:
        return None
    return Candidate("discovery", turns[i].n, text, 0.6, signals.importance(0.55, text), "knowledge",
                     {"lesson": text}, created=turns[i].ts)
