"""The heuristic extractor: offline, deterministic, fast; reads the structure of a trace.

Owns turning turns into candidates: corrections (a rejected call, an interruption,
or a message that redirects what the agent just did), preferences, decisions
(resolved against the options the agent offered), facts, negative results and
discoveries. Precision over volume: when unsure it extracts nothing. Never
reads a sub-agent's or the harness's words as the person's.
"""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from memkit import DATA
from memkit.extract import Candidate, TraceContext
from memkit.extract import signals
from memkit.traces.model import ToolCall, Turn
from memkit.layers import Flag, Role

NAME = "heuristic"
VERSION = 1
QUESTION_TOOLS = {"AskUserQuestion"}   # refusing to answer a question is not a correction
READ_ONLY = {"Read", "Glob", "Grep", "LS", "WebSearch", "TodoWrite", "TodoRead", "NotebookRead", "Task",
             "ExitPlanMode", "BashOutput", "ListMcpResourcesTool"}


@lru_cache(maxsize=1)
def phrases() -> dict[str, Any]:
    data = tomllib.loads((DATA / "heuristics.toml").read_text())
    flags = re.I | re.M
    out: dict[str, Any] = {}
    for key, value in data.items():
        out[key] = re.compile(value, flags) if isinstance(value, str) else [re.compile(v, flags) for v in value]
    return out


def _any(key: str, text: str) -> re.Match | None:
    for rx in phrases()[key]:
        m = rx.search(text)
        if m:
            return m
    return None


def extract(ctx: TraceContext, config) -> list[Candidate]:
    out: list[Candidate] = []
    turns = ctx.turns
    calls = {c.id: c for t in turns for c in t.tool_calls if c.id}
    last_user = -1
    for i, turn in enumerate(turns):
        if turn.role is Role.TOOL and Flag.REJECTED in turn.flags:
            c = _rejection_feedback(ctx, turns, i, calls)
            if c:
                out.append(c)
        if turn.role is Role.ASSISTANT and turn.text and Flag.SIDECHAIN not in turn.flags:
            out.extend(_from_assistant(ctx, turn, out))
        if not turn.typed or Flag.QUEUED in turn.flags:
            continue
        prior = turns[last_user + 1:i]
        last_user = i
        out.extend(_from_user(ctx, turns, i, prior, calls, out))
    return out


def _from_user(ctx, turns, i, prior, calls, so_far) -> list[Candidate]:
    turn = turns[i]
    text = signals.clean(turn.text)
    if not text or signals.is_paste(text) or signals.is_harness(text):
        return []
    found: list[Candidate] = []
    correction = _correction(ctx, turns, i, prior, calls, text, so_far)
    if correction:
        found.append(correction)
    else:
        pref = _preference(ctx, turn, text)
        if pref:
            found.append(pref)
    dec = _decision(ctx, turns, i, text)
    if dec:
        found.append(dec)
    found += _facts(ctx, turn, text)
    found += _negative(ctx, turn, text, "user")
    if not found and _any("explicit_markers", text):
        found.append(_marked(ctx, turns, i, text))
    return [c for c in found if c]


# ---- corrections ------------------------------------------------------------
def _rejection_feedback(ctx, turns, i, calls) -> Candidate | None:
    from memkit.traces.readers.claude import rejection_feedback

    reason = rejection_feedback(turns[i].text)
    if len(reason.split()) < 3 or turns[i].tool_name in QUESTION_TOOLS:
        return None
    call = calls.get(turns[i].tool_call_id or "")
    return _make_correction(ctx, turns[i], reason, [call] if call else [], "rejected the call and said",
                            0.9, rejected=True)


def _correction(ctx, turns, i, prior, calls, text, so_far) -> Candidate | None:
    if any(c.kind == "correction" and c.turn in {t.n for t in prior} for c in so_far):
        return None   # the rejection already carried the person's reason
    low = text.lower()
    if _any("near_misses", low):
        return None
    rejected = [t for t in prior if Flag.REJECTED in t.flags and t.tool_name not in QUESTION_TOOLS]
    interrupted = any(Flag.INTERRUPT in t.flags for t in prior)
    acted = [c for t in prior for c in t.tool_calls if c.name not in READ_ONLY]
    proposal = _proposal(turns, i)
    opener = _any("redirect_openers", low)
    words = len(text.split())
    question_only = text.rstrip().endswith("?") and not re.search(r"\bwhy did you\b|\binstead\b", low)
    redirect = bool(opener or _any("redirect_inside", low) or _any("preference_markers", low))
    if (rejected or (interrupted and redirect)) and words >= 3 and not question_only:
        trigger_calls = [calls[t.tool_call_id] for t in rejected if t.tool_call_id in calls] or acted[-1:]
        how = "rejected the call, then said" if rejected else "interrupted, then said"
        return _make_correction(ctx, turns[i], text, trigger_calls, how, 0.85, rejected=bool(rejected),
                                proposal=proposal)
    if opener and (acted or proposal) and words >= 4 and not question_only:
        return _make_correction(ctx, turns[i], text, acted, "redirected", 0.75, proposal=proposal)
    return None


def _proposal(turns: list[Turn], i: int) -> str:
    for t in reversed(turns[max(0, i - 6):i]):
        if t.role is Role.ASSISTANT and t.text.strip():
            return t.text.strip()
        if t.role is Role.USER and t.typed:
            break
    return ""


def _make_correction(ctx, turn, lesson, candidates: list[ToolCall], how, confidence, *, rejected=False,
                     proposal="") -> Candidate:
    from memkit.activation import taxonomy

    tax = taxonomy.load(None)
    lesson_types = tax.classify_text(lesson)
    chosen = _pick_calls(tax, candidates, lesson_types)
    if chosen:
        trigger = "; ".join(signals.describe_call(c) for c in chosen[:2])
        call_types = set().union(*(tax.classify_action(c.name, c.input) for c in chosen))
        # The lesson says what mattered; the call's other traits (it wrote a file, it ran git)
        # would fire on every later action of that kind. Only a lesson with no type of its own
        # borrows the call's.
        types = set(lesson_types) if lesson_types else call_types
    else:
        trigger = ("proposed: " + signals.first_sentence(proposal)) if proposal else "the agent's previous step"
        types = set(lesson_types) | tax.classify_text(proposal)
    trigger += " (rejected)" if rejected else " (interrupted)" if "interrupted" in how else ""
    about = next((tax.about(t) for t in sorted(types, key=lambda t: (t not in lesson_types, t))), "") if types else ""
    importance = signals.importance(0.6, lesson, rejected=rejected, interrupted="interrupted" in how,
                                    high=any(tax.types[t].consequence == "high" for t in types if t in tax.types))
    return Candidate("correction", turn.n, lesson, confidence, importance, "operational",
                     {"trigger": trigger, "lesson": lesson, "action_types": sorted(types),
                      "trigger_about": about}, how=how, created=turn.ts)


def _pick_calls(tax, calls: list[ToolCall], lesson_types: set[str]) -> list[ToolCall]:
    """The call the lesson is about: one of its action types, else the last one that did something."""
    calls = [c for c in calls if c is not None]
    relevant = [c for c in calls if tax.classify_action(c.name, c.input) & lesson_types]
    if relevant:
        return relevant
    doing = [c for c in calls if tax.classify_action(c.name, c.input)
             or not tax.classify_action(c.name, c.input, include_benign=True)]
    return doing[-1:] or calls[-1:]


# ---- preferences, decisions, facts, negative results ------------------------
def _preference(ctx, turn, text) -> Candidate | None:
    for sentence in signals.sentences(text):
        if sentence.rstrip().endswith("?") or len(sentence.split()) < 3:
            continue
        if _any("preference_markers", sentence):
            from memkit.activation import taxonomy

            types = sorted(taxonomy.load(None).classify_text(sentence))
            imp = signals.importance(0.5, text)
            return Candidate("preference", turn.n, sentence.strip(), 0.65, imp, "self",
                             {"lesson": sentence.strip(), "trigger": "", "action_types": types}, created=turn.ts)
    return None


def _decision(ctx, turns, i, text) -> Candidate | None:
    m = phrases()["decision_reply"].match(text)
    if m:
        options = signals.options(_proposal(turns, i))
        choice = m.group("choice").lower()
        if choice in options and len(options) >= 2:
            chosen = options[choice]
            alts = [v for k, v in options.items() if k != choice]
            return Candidate("decision", turns[i].n, f"chose {chosen}", 0.7, 0.5, "knowledge",
                             {"chosen": chosen, "alternatives": alts,
                              "question": signals.last_question(_proposal(turns, i))}, created=turns[i].ts)
        return None
    for rx in phrases()["decision_explicit"]:
        m = rx.search(text)
        if m and not text.rstrip().endswith("?"):
            chosen = m.group("chosen").strip()
            alts = [m.group("rejected").strip()] if "rejected" in rx.groupindex and m.group("rejected") else []
            return Candidate("decision", turns[i].n, m.group(0).strip(), 0.6, 0.5, "knowledge",
                             {"chosen": chosen, "alternatives": alts}, created=turns[i].ts)
    return None


def _facts(ctx, turn, text) -> list[Candidate]:
    out = []
    for rx in phrases()["facts"]:
        for m in rx.finditer(text):
            key, value = signals.fact_key(m.group("key")), m.group("value").strip(" .`'\"")
            if "location" in rx.groupindex:
                key = f"{key}_location"
            if key and value and len(key) <= 40 and not signals.is_vague(key) and signals.value_like(value):
                out.append(Candidate("fact", turn.n, m.group(0).strip(), 0.6, 0.45, "knowledge",
                                     {"key": key, "value": value, "source_kind": "user_stated"}, created=turn.ts))
    return out[:3]


def _negative(ctx, turn, text, who) -> list[Candidate]:
    out = []
    for rx in phrases()["negative_results"]:
        for m in rx.finditer(text):
            approach = m.group("approach").strip()
            reason = (m.groupdict().get("reason") or "").strip()
            out.append(Candidate("negative_result", turn.n, m.group(0).strip(), 0.6, 0.55, "knowledge",
                                 {"approach": approach, "reason": reason}, created=turn.ts))
    return out[:2]


def _from_assistant(ctx, turn, so_far) -> list[Candidate]:
    """Low-confidence discoveries and negative results the agent reported (capped per trace)."""
    if sum(c.kind == "discovery" for c in so_far) >= 3:
        return []
    out = [c for c in _negative(ctx, turn, turn.text, "assistant") if c.fields.get("reason")]
    for sentence in signals.sentences(turn.text):
        if _any("discoveries", sentence) and 6 <= len(sentence.split()) <= 60:
            out.append(Candidate("discovery", turn.n, sentence, 0.3, 0.35, "knowledge",
                                 {"lesson": sentence}, created=turn.ts))
            break
    return [Candidate(c.kind, c.turn, c.statement, min(c.confidence, 0.45), c.importance, c.lifecycle, c.fields,
                      c.evidence, c.how, c.created) for c in out]


def _marked(ctx, turns, i, text) -> Candidate | None:
    """What the person marked, in their own words; a bare "remember this" says nothing of its own
    (the agent's sentence before it is the agent's, never the person's lesson)."""
    if len(re.sub(r"(?i)please|remember (this|that)|thanks?|this was (very )?good\.?", "", text).split()) < 4:
        return None
    return Candidate("discovery", turns[i].n, text, 0.6, signals.importance(0.55, text), "knowledge",
                     {"lesson": text}, created=turns[i].ts)
