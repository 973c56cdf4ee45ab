"""Pushback: whether a typed message corrects what the agent just did or proposed.

Owns reading one message in its scene (a refused call, an interruption, the agent's last
actions and words since the person last spoke) into a verdict, and telling a durable lesson
from one-off steering. Reads only the person's own words (pasted output is left out by the
caller); never calls a message a correction when the agent had done and said nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from memkit import rxcache
from memkit.extract import aftermath, contrasts, relay, remarks, rework, signals
from memkit.extract.aftermath import read_only
from memkit.extract.phrases import find, phrases
from memkit.layers import Flag, Role
from memkit.traces.model import ToolCall, Turn

QUESTION_TOOLS = {"AskUserQuestion"}   # refusing to answer a question is not a correction
MIN_WORDS = 3   # a lesson shorter than this says nothing a later session could use
# after "yes, but …": a negation or an imperative that changes what was agreed to
_AFTER_BUT = rxcache.compile(r"^((for )?next time,? |in (the )?future,? )?(please,? )?((you )?(must|should|shall) ?n[o']?t\b|"
                        r"(without|not|no|never|don'?t|do not|leave out|skip|use|make|put|call|name|"
                        r"keep|drop|remove|move|change|rename|replace)\b|"
                        # "… but tokens/ isn't ours to edit": what is someone else's to change
                        r"[^.!?\n]{1,60}\b(isn'?t|is not|aren'?t|are not) (ours|mine|yours|for us|for you) to "
                        r"(edit|touch|change|modify|update|rewrite|delete)\b)", re.I)
_NEGATED = rxcache.compile(r"^((for )?next time,? |in (the )?future,? )?(please )?(without|not|no|never|don'?t|do not|"
                      r"leave out|skip|drop|remove|stop)\b", re.I)
# "it runs, but …": a reservation about the work, unless what follows only asks for more of it
_WORKS = rxcache.compile(r"\b(works|worked|runs|ran|compiles|compiled|builds|built|passes|passed|is green)\b", re.I)
_MORE = rxcache.compile(r"^(can|could|would) you (also|now|then)\b|^(also|now|next|then|additionally)\b|"
                   r"^let'?s (also|now|then|next)\b|"
                   r"^(please )?(also|add|check|verify|test|confirm|double-check|make sure)\b",
                   re.I)
# after a refusal these carry no direction: a request to be told something, and a lead-in to
# output the person pastes ("I ran it on the other machine:")
_ASKS = rxcache.compile(r"^(please |can you |could you )?(explain|tell me|describe|clarify|help me understand|remind me)\b",
                   re.I)
_REPORTS = rxcache.compile(r"^(I|we)('ve| have| had)? (just |now |also |already )?([a-z]+ed|ran|did|got|made|saw|found|"
                      r"took|wrote|built|put|set|went|had|kept|gave|brought|caught|left)\b[^.!?]*:$", re.I)


@dataclass(frozen=True)
class Scene:
    """What happened between the person's previous message and this one."""
    rejected: tuple[Turn, ...]        # tool results the person refused
    interrupted: bool
    acted: tuple[ToolCall, ...]       # calls that changed something
    proposal: str                     # the agent's last words, when it said any
    redone: bool = False              # the agent then changed again what it had just changed
    owned: bool = False               # the agent's answer owns a mistake ("I'm sorry", "my mistake")
    conceded: bool = False            # the agent's answer grants the point ("You're absolutely right", "good catch")

    @property
    def agent_spoke(self) -> bool:
        return bool(self.rejected or self.interrupted or self.acted or self.proposal)


def scene(turns: list[Turn], i: int, prior: list[Turn]) -> Scene:
    rejected = tuple(t for t in prior if Flag.REJECTED in t.flags and t.tool_name not in QUESTION_TOOLS)
    acted = tuple(c for t in prior for c in t.tool_calls if not read_only(c.name))
    said = aftermath.answer(turns, i)
    return Scene(rejected, any(Flag.INTERRUPT in t.flags for t in prior), acted, proposal(turns, i),
                 aftermath.redone(turns, i, acted), aftermath.owned(said), aftermath.conceded(said))


def proposal(turns: list[Turn], i: int) -> str:
    """The agent's last text before turn i, back to the person's previous message."""
    for t in reversed(turns[max(0, i - 8):i]):
        if t.role is Role.ASSISTANT and t.text.strip():
            return t.text.strip()
        if t.role is Role.USER and t.typed:
            break
    return ""


def verdict(words: str, sc: Scene, raw: str = "") -> tuple[str, float] | None:
    """(how, confidence) when the message redirects the agent, else None. raw: the message as
    typed, pasted output included (words are the person's own)."""
    if sc.acted and contrasts.bare_value(words):   # "`.envrc`?" after a line appended to ~/.bashrc
        return "asked back a value of the act", 0.6
    if len(words.split()) < MIN_WORDS or not sc.agent_spoke or find("near_misses", words) or _goes_on(words) \
            or remarks.left_as_is(words):
        return None
    cue = _cue(words, bool(sc.acted or sc.proposal or sc.rejected))
    granted = sc.conceded and _weighs_in(words)   # the agent's answer granted the point these words make
    if sc.rejected:
        if cue or _plain_direction(words) or granted:
            return "rejected the call, then said", 0.85
        return None
    if sc.interrupted:
        if cue or _plain_direction(words) or granted:
            return "interrupted, then said", 0.8
        return None
    if cue:
        return "redirected", 0.75 if cue == "opener" else 0.7
    if sc.proposal and contrasts.handed_back(sc.proposal, signals.unwrap(words)):
        return "handed work to the person, who said to do it", 0.65
    if sc.acted and _rule_after_act(words, raw, sc.redone, lambda: rework.names_the_act(words, sc.acted,
                                                                                         sc.proposal)):
        return "stated a rule after the act", 0.65
    if sc.acted and any(_UNDO_ASKED.match(s.strip()) for s in _sentences(words)):   # "…generated. revert, …"
        return "asked to undo the act", 0.65
    signs = scene_signs(words) if sc.acted else set()
    if sc.acted and sc.redone and _directs(words) and (signs or _WEIGHS.search(words)):
        return "directed, and the agent redid its work", 0.6
    if len(signs) >= 2 and (signs & _ABOUT_THE_ACT or _no_and_rule(words)):
        return "answered the act with " + " and ".join(sorted(signs)), 0.6
    how = rework.verdict(words, sc.proposal, raw)   # no opener announced it: said again, quoted back, a point among others
    if how or (sc.acted and (how := remarks.kind(words, raw, signs)
                             or contrasts.kind(words, sc.acted, signs, lambda: _new_work(words), lambda: _tells(words)))):
        return how, 0.6
    if sc.owned and (sc.acted or sc.proposal) and _directs(words):
        return "said, and the agent owned a mistake", 0.55
    if granted and (sc.acted or sc.proposal):
        return "said, and the agent granted the point", 0.55
    if sc.acted and signs and rework.act_token(words, sc.acted):   # code the act wrote, named beside a no
        weighed = scene_signs(rework.stated(_sentences(words))) & {"no", "judged", "rule"}
        if weighed:
            return "named what the act did, with " + " and ".join(sorted(weighed)), 0.55
    return None


# a direction that weighs what was done (a sign of pushback, or what should be, what to keep or leave, a
# why, a but): a bare imperative after the agent's work ("uninstall all traces of the VPN server") is
# the next task, even when the agent then works on the same files again
_WEIGHS = rxcache.compile(r"(?i)\b(should|shouldn'?t|shoudl|rather|why|but|keep|leave|every|free\s+of)\b")


def _goes_on(words: str) -> bool:
    """"like I said, the tests pass, go ahead and merge": a go-ahead with nothing held back is no
    correction, whatever a repetition or a "not bad" in it sounds like."""
    return bool(_GO_AHEAD.search(words)) and not _HELD_BACK.search(words)


_GO_AHEAD = rxcache.compile(r"(?i)\b(go\s+ahead|keep\s+going|carry\s+on|go\s+for\s+it|ship\s+it|merge\s+it|lgtm|"
                       r"looks\s+good|sounds\s+good|not\s+bad)\b")
_HELD_BACK = rxcache.compile(r"(?i)\b(but|however|though|except|instead|only|don'?t|do\s+not|never|no\s+longer|stop|"
                        r"wrong|revert|undo|redo|rather|fix|first|before|wait|hold|why|shouldn'?t|should|must|again|"
                        r"not(?!\s+(too\s+|half\s+)?bad\b))\b|[?]")


_ABOUT_THE_ACT = {"judged", "pointed", "repaired", "felt"}


def _no_and_rule(words: str) -> bool:
    """Nothing said of the act, but a no and, in other words, a rule ("cant be done bilinear … we always
    use conservative remapping"; one "never" is not both), unless the person is content ("anyway, merged.")."""
    rows = {row["sign"]: row["rx"] for row in phrases()["scene_signs"]}
    return bool(rows["rule"].search(rows["no"].sub(" ", words)) and rows["no"].search(words)
                and not (_CLOSES.match(_sentences(words)[-1].strip()) or rework.content(words)))


_CLOSES = rxcache.compile(r"(?i)^(?:(?:anyway|so|ok(?:ay)?|all in all)[,.]?\s+)?(?:(?:this|that|it) (?:is|looks) (?:good|great|fine)|"
                          r"merged|approved|lgtm|ship it|looks good|good work|nice work|thanks?(?: you)?)\b[^.!?]{0,20}[.!]*$")


# an instruction ("Analyze all router logs …", "implement the failing tests") opens work; a lead-in to
# output ("here's what I get:") reports it
_OPENS_WORK = rxcache.compile(r"(?i)^(please\s+)?(" + "|".join(
    "analy[sz]e implement add create write build make update run fix refactor rename move review investigate "
    "look check find search explain describe summari[sz]e document test debug profile design plan draft prepare "
    "set configure install deploy migrate generate cycle clean convert port extract split merge rebase commit push "
    "open close start stop restart try continue resume finish do go show tell give help let".split()) + r")\b")
_SHOWS = rxcache.compile(r"(?im)\b(I (get|got|see|saw)( this| the following)?|here'?s what I (get|got|see)|this is what I "
                    r"(get|got|see))\s*(:|$)")


def _tells(words: str) -> bool:
    """A sentence of the message, not a question, says what to do ("log the route and the status")."""
    return any(_DO.match(x.strip()) for x in _sentences(words) if not x.rstrip().endswith("?"))


def _new_work(words: str) -> bool:
    body, turn = _after_courtesy(words)
    return body is None or _opens_work(body, words, turn)


def _opens_work(body: str, words: str, turn: str) -> bool:
    """The message (its body after any courtesy, which turns by `turn`) asks for new work rather than
    reworking the last ("thanks! but …": what follows the turn decides, not the thanks)."""
    if _NOW_WHAT.match(body):   # "and now what — Marco's commits are gone": the fallout, asked about
        return False
    whole = turn not in ("but", "redirect") and phrases()["new_task"].match(words.strip())
    return bool(phrases()["new_task"].match(body) or whole or _OPENS_WORK.match(body))


_NOW_WHAT = rxcache.compile(r"(?i)^(?:and|so|ok(?:ay)?)?[,.]?\s*now\s+what\b")
_FILLERS = rxcache.compile(r"(?i)^(?:(?:ok(?:ay)?|um+|uh+|erm|so|well|right|alright|yeah)[,.]?\s+)+")


def scene_signs(words: str) -> set[str]:
    """The signs of pushback a message shows (heuristics.toml `scene_signs`), none when it opens
    new work ("now add the endpoint, it must not …") or is only questions."""
    body, turn = _after_courtesy(words)
    if body is None or _SHOWS.search(body):
        return set()
    said = _sentences(body)
    if said and all(s.rstrip().endswith("?") for s in said):   # questions: the challenges are read above
        return set()
    signs = {row["sign"] for row in phrases()["scene_signs"] if row["rx"].search(words)}
    if _opens_work(body, words, turn) and not (   # "ok so context, … you changed the global TTL, that's a hard no"
            {"pointed"} < signs and signs & {"no", "judged"} and not any(_opens_work(x, "", "but") for x in said)):
        return set()
    return signs


def _sentences(body: str) -> list[str]:
    """The person's sentences, one per line or full stop (a quotation's closing mark too)."""
    return [s for s in _SENTENCE_END.split(signals.unwrap(body)) if s.strip()]


_SENTENCE_END = rxcache.compile(r"(?<=[.!?;])\s+|(?<=[.!?;][\"')\]])\s+|\n+")


def _rule_after_act(words: str, raw: str, redo: bool = False, named=lambda: "") -> bool:
    """A standing rule said right after the agent acted, tied to the act by what it caused
    ("40 stores couldn't take card payments. tills never restart while the store is open"),
    by a failure pasted above it, by a reviewer's words relayed ("Jonas on the MR: …"), by the
    agent going back to the work it had just done (redo) when the message opens no new task, or by
    naming what the agent did where it says no to it (`named`, called only when nothing else ties it)."""
    body, turn = _after_courtesy(words)
    if body is None:
        return False
    aside = _aside_rule(body)
    redo = redo and (not _opens_work(body, words, turn) or aside)
    said = [_NEXT_TIME.sub("", s.strip()).strip() for s in _sentences(body) if not s.rstrip().endswith("?")]
    # under a colleague's words, a failure or "next time", what to do is said plainly ("set real limits")
    plainly = relay.passed_on(words) or _failure_pasted(raw, words) or _NEXT_TIME.match(_FILLERS.sub("", words))
    if not aside and not any(find("rule_sentences", s) or plainly and (_DO.match(s) and not _AS_NOW.search(s)
                                                                      or _DONT.search(s)) for s in said):
        return False
    return bool(find("fallout", words) or plainly or redo or not _opens_work(body, words, turn) and named())


# "for next time: …" as the message's first words: this time went wrong
_NEXT_TIME = rxcache.compile(r"(?i)^\W*(?:(?:(?:one thing |a note |a rule )?for next time|(?:in|for) (?:the )?future|next time|"
                        r"going forward|from now on)\s*[:,—–-]|next time (?=(?:you|we|pls|please|when|if|before|after|just|do|don'?t|use|run|ask)\b))")


# "keep the commits this small", "more like this": do as now, no correction
_AS_NOW = rxcache.compile(r"(?i)\bkeep\b[^.]{0,40}\b(?:this|that|these|those|it|them)\s+(?:\w+\s+)?(?:small|short|way|size|tidy|"
                     r"clean|simple|focused|up|going|coming)\b|\blike\s+(?:this|that)\b")
_DONT = rxcache.compile(r"(?i)\b(?:don'?t|do not|never)\b|,\s*always\b")
# the verbs that say what to do ("add it nullable", "allowlist extensions"), and a sentence that says it
_DO_VERBS = (r"add|set|use|make|put|keep|move|drop|remove|change|rename|replace|revert|undo|restore|split|batch|"
             r"backfill|run|write|generate|allowlist|validate|switch|pin|lock|wrap|guard|check|bump|format|test|"
             r"declare|register|call|return|log|raise|catch|handle|commit|push|ask|tell")
_DO = rxcache.compile(rf"(?i)^(?:so:?\s+|please\s+|pls\s+|then\s+|and\s+)*(?:{_DO_VERBS}|only|always)\b")
_ASIDE = rxcache.compile(r"(?i)^(?:oh,? and|and oh,?|oh,|btw,?|by the way,?|ps:?|p\.s\.:?)\s+")


def _aside_rule(body: str) -> bool:
    """"ok, next: the statement line … oh and COMPUTE on money always gets ROUNDED": a rule said in
    passing after the next request, about the work just done (the caller checks that it was redone)."""
    return any(_ASIDE.match(s.strip()) and find("rule_sentences", _ASIDE.sub("", s.strip()))
               for s in _sentences(body)[1:])


_FAILED = rxcache.compile(r"\b(FAIL(ED|URE)?|ERROR|Error|Exception|Traceback|Forbidden|[Dd]enied|[Rr]efused|fatal|panic)\b|"
                     r"\b[A-Z]\w*(?:Error|Exception)\b|"
                     r"(?i:\b(error|failed|failure)\b)(?!\s*[:=]?\s*0\b)")


def _failure_pasted(raw: str, words: str) -> bool:
    """The message pastes output (a log, a CI report) that failed."""
    kept = set(words.splitlines())
    return any(_FAILED.search(line) for line in raw.splitlines()
               if line.strip() and (line not in kept or _TOOL_SAYS.match(line)))


# a line a program printed: "src/x.go:57:16: Error …", "collect2: error: ld returned 1", "make: *** [lint]"
_TOOL_SAYS = rxcache.compile(r"^\s*[\w./-]+(?::\d+)*:\s+(?:\*\*\*|[\w`'\"])")


def _cue(words: str, produced: bool) -> str:
    """Which kind of pushback the words carry: opener, challenge, statement, edit — or ""."""
    body, turned = _after_courtesy(words)
    if body is None:
        return ""
    if turned == "nit":   # "one thing for next time: don't …" corrects; "one more thing: add …" is a new task
        return "edit" if _NEGATED.match(body) or find("rule_sentences", body) or find("pushback_statements", body) \
            or _UNDO.search(body) else ""
    if turned == "rule":   # "yes. one rule: …", "fine, go. rule for this codebase though: …"
        return "edit"
    if turned == "redirect" or (turned and _AFTER_BUT.match(body)) or (turned == "works, but" and not _MORE.match(body)):
        return "opener" if turned == "redirect" else "edit"
    asked = _CONDITION.search(body) or _UNDO.search(body)
    if turned == "but" and asked and not _MORE.match(body) and not _ASKS.match(body) and not all(
            s.rstrip().endswith("?") for s in _sentences(body)):
        return "edit"   # "go, but one package per commit please", "thanks! but X ships the maps. Use Y."
    first = _first_sentence(body)
    if find("redirect_openers", first):
        return "opener"
    if produced and find("draft_edits", re.sub(r"^let'?s\s+", "", first, flags=re.I)):
        return "edit"
    if any(find("challenge_questions", s) for s in _questions(body)):
        return "challenge"
    if find("pushback_statements", body):   # not the words of the next task after approval ("perfect, thanks.
        return "" if turned == "" and body != words.strip() and _NEXT_ONE.match(body) else "statement"   # next one: …")
    return ""


_NEXT_ONE = rxcache.compile(r"(?i)^(?:(?:next(?:\s+(?:one|up|task|thing|ticket|item))?|now|on\s+to|moving\s+on)\b\s*[:,—–-]|"
                            r"now\s+(?:let'?s\s+|please\s+)?(?:do|add|make|build|write|create|implement|run|set|wire|port|"
                            r"apply|use|try)\b)")


def _after_courtesy(words: str) -> tuple[str | None, str]:
    """The words after a leading "thanks," / "yes," and how they turn: "redirect" after "actually" or
    "instead", "but" after "but"/"however", "" when they do not turn. None: only courtesy."""
    body = words.strip()
    m = phrases()["courtesy_openers"].match(body)
    if not m:
        return body, ""
    rest = re.sub(r"^[—–-]+\s*", "", body[m.end():].strip())   # "nice one — only thing: …"
    if not rest:
        return None, ""
    turn = phrases()["agreement_turns"].match(rest)
    said = None if turn else _SAID_FIRST.match(rest)
    if said and len(said.group(0).split()) <= 8:   # "thanks, it's up! but …": what the thanks were for,
        after = phrases()["agreement_turns"].match(rest[said.end():])   # then the turn (not "for next
        if after and not re.search(r"(?i)next time|future", after.group(1)):   # time:" after approval)
            rest, turn = rest[said.end():], after
    if turn:
        how = _how(turn.group(1).lower())
        if how == "but" and _WORKS.search(body[:m.end()]):   # "it works on the dev node, but …" qualifies what works
            how = "works, but"
        return rest[turn.end():].strip() or None, how
    pivot = _PIVOT.search(rest)   # praise that turns later: "cool, 14 days is plenty … hm, but you force-rotated …"
    return (rest[pivot.end():], "but") if pivot and len(rest[pivot.end():].split()) >= MIN_WORDS else (rest, "")


_PIVOT = rxcache.compile(r"(?i)(?:[.!;][ \t\n]|\n)[ \t]*(?:(?:hm+|oh|ah|well|ok(?:ay)?)[,.]*\s+)?(?:but|however)\b[,:]?\s+")


def _how(word: str) -> str:
    """How an agreement turns: "redirect" (actually, instead), "rule" (one rule: …), "but", or "nit"
    (one thing: …, for next time: …)."""
    if word in ("actually", "instead"):
        return "redirect"
    if re.search(r"\brule\b", word):
        return "rule"
    if re.search(r"\b(thing|note|nit|request|point|remark|catch|issue|problem)\b", word):
        return "nit"
    return "but" if re.match(r"(but|however|though|although|except|only)\b", word) else "nit"


_UNDO_WORDS = r"(?:put|move|change|switch|set|roll)\b(?:[^.?!]|\.(?=\w)){0,40}\bback\b|(?:revert|undo)\b"
_UNDO = rxcache.compile(rf"(?i)\b(?:{_UNDO_WORDS})")   # "can you put compose.yaml back", "revert that part"
# what makes a "but" a condition or a reservation, not a remark ("but the build server is slow today")
_CONDITION = rxcache.compile(r"(?i)\b(?:must|should|shall|needs?\s+to|has\s+to|have\s+to|please|pls|first|only|always|"
                        rf"never|don'?t|do\s+not|not|no|instead|rather)\b|(?:^|[.;:]\s+)(?:{_DO_VERBS})\b|"
                        r"is\s+(?:a\s+)?no-go\b")
_UNDO_ASKED = rxcache.compile(rf"(?i)(?:please\s+|pls\s+|so\s+|just\s+)*(?:{_UNDO_WORDS}|roll\s*back\b)")   # a sentence that asks it
_SAID_FIRST = rxcache.compile(r"[^.?!\n:]{1,60}?(?:[.!]+|,)\s+")   # a short sentence said first ("it's up!")


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s+|\n", signals.unwrap(text), maxsplit=1)[0]


def _questions(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?])\s+|\n+", signals.unwrap(text))
    return [re.sub(r"^(so|and|also|then|hmm+|well|but)[,]?\s+", "", remarks.unhedged(p), flags=re.I) for p in parts
            if p.rstrip().endswith("?") or p.rstrip().endswith("?!")][:4]


def _directs(words: str) -> bool:
    """A direction about the work at hand: no new task, no output shown, no question alone."""
    body, turn = _after_courtesy(words)
    if body is None or _opens_work(body, words, turn) or _SHOWS.search(body):
        return False
    said = _sentences(body)
    asked = [x for x in said if x.rstrip().endswith("?")]
    if said and (2 * len(asked) >= len(said) or _GO_ON.search(said[-1])):   # mostly questions; or it ends
        return False                                                        # with a go-ahead
    return _plain_direction(words)


_GO_ON = rxcache.compile(r"(?i)^\W*(?:so\s+|now\s+|then\s+|ok(?:ay)?,?\s+)?(?:let'?s\s+)?(?:continu\w*|proceed|go\s+on|carry\s+on|"
                    r"keep\s+going|go\s+ahead)\b")


# a question typed without its mark: "how do we enable you to have sudo again"
_ASKED = rxcache.compile(r"(?i)^(?:how|what|where|which|who)\s+(?:do|does|did|can|could|should|would|is|are)\s+"
                    r"(?:we|i|you|it|they|this|that)\b")


def _weighs_in(words: str) -> bool:
    """Words the agent then granted weigh in on its work: a question about it, a sign of pushback, a
    but or a should; not a go-ahead, a new task, or approval that holds nothing back."""
    body, turn = _after_courtesy(words)
    if body is None or _GO_ON.match(body) or _goes_on(words) or _opens_work(body, words, turn):
        return False
    if turn == "" and body != words.strip():   # "thanks, that works": courtesy with no turn
        return False
    if _OWN_TRY.search(body) or _RETRY.search(body) or _PLAN_ASKED.match(body):   # the person's own attempt;
        return False                                                  # the same step once more; the plan asked for
    return "?" in body or bool(_DOUBTS.search(body) or scene_signs(body))


_OWN_TRY = rxcache.compile(r"(?i)\b(?:am\s+i|did\s+i|have\s+i|when\s+i|i\s+(?:ran|run|tried|try|did|do)\b)")
_PLAN_ASKED = rxcache.compile(r"(?i)^\W*(?:so\s+|and\s+|ok(?:ay)?,?\s+)?(?:how|what)\s+(?:do|would|will)\s+you\s+"
                             r"(?:plan|propose|intend|want)\b|^\W*what'?s\s+(?:your|the)\s+plan\b")
_RETRY = rxcache.compile(r"(?i)\b(?:try|run\s+it|do\s+it)\s+again\b|\bretry\b|\bonce\s+more\b")


# what sets words against the work, as opposed to adding to it ("we should also …")
_DOUBTS = rxcache.compile(r"(?i)\b(but|however|though|except|instead|rather|not|no|never|n'?t|wrong|incorrect|revert|undo|"
                          r"redo|why|again|still|already|forgot|missed|missing|confusing|strange|wait|almost|error|mistake|"
                          r"oh\s+my|omg|ugh+|argh+|oops|sigh|a{4,}h*)\b")


def _plain_direction(words: str) -> bool:
    """After a refusal: a direction, even one asked as a request ("can you … first?"), that does not
    open with an information question or a go-ahead."""
    body, _ = _after_courtesy(words)
    if body is None or len(body.split()) < MIN_WORDS:
        return False
    first = _first_sentence(body)
    if re.match(r"^(ok|okay|yes|yep|sure|go|go ahead|continue|proceed|carry on)\b", first, re.I):
        return False
    if _REPORTS.match(first) or (_ASKS.match(first) and first == signals.unwrap(body)):
        return False
    asked = first.rstrip().endswith("?") or _ASKED.match(first) is not None
    return not asked or bool(re.match(r"^(please|(can|could|would|will) you|let'?s|how about|what about|why not)\b",
                                      first, re.I) or re.search(r"[,;:]\s+(?:so\s+|then\s+)?(?:let'?s|how about|"
                                                                r"what about|why not\s+\w+)\b", first, re.I))
    # "…, so why not inline it?": a suggestion after a remark
