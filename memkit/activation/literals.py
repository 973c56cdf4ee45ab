"""The literals a taxonomy regex needs: from a pattern's source alone, the clauses of
lower-cased strings such that every match holds one string of each clause (None: cannot
tell), and which of them a text holds. The taxonomy skips a pattern whose literals a text
lacks, so most of its ~1,000 regexes are never run, or even compiled, for a given text; a
process reading many lessons finds the few a text can match through them (`Patterns`).
"""
from __future__ import annotations

import functools
import re

_TOKEN_SOURCE = (r"""\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\U[0-9a-fA-F]{8}|\\.
  |\[\^?\]?(?:\\.|[^\]\\])*\]|\(\?P<\w+>|\(\?P=\w+\)|\(\?[aiLmsux]+\)|\(\?[aiLmsux-]*:
  |\(\?<?[=!]|\(\?\#[^)]*\)|\(|\{\d*(?:,\d*)?\}\??|[?*+]\??|.""")   # compiled on a literal-cache miss only


@functools.lru_cache(maxsize=1)
def _token_rx() -> re.Pattern:
    return re.compile(_TOKEN_SOURCE, re.VERBOSE | re.DOTALL)


SPECIAL = frozenset(".|()[]{}?*+^$")


def literals(pattern: str, cache: dict) -> tuple[frozenset[str], ...] | None:
    if pattern not in cache["literals"]:
        tokens = _token_rx().findall(pattern)
        # a (?(1)…) group, not an optional "\(" before a group (compiled on a cache miss only, like _token_rx)
        opaque = bool(re.search(r"(?<!\\)(?:\\\\)*\(\?\(", pattern)) or any(
            t.startswith("(?") and "x" in t.split(":")[0] for t in tokens)
        branches = [[]] if opaque else _alternation(tokens, 0)[0]
        clauses = branches[0] if len(branches) == 1 else [_clause(branches)]
        cache["literals"][pattern] = [sorted({lit.lower() for lit in c}) for c in clauses if c] or None
        cache["dirty"] = True
    found = cache["literals"][pattern]
    return tuple(frozenset(c) for c in found) if found is not None else None


def _alternation(tokens: list[str], i: int) -> tuple[list[list[set[str]]], int]:
    """Parse up to the closing paren: per branch, the literal sets it requires."""
    branches, cands, run = [], [], ""
    while i < len(tokens):
        tok, i = tokens[i], i + 1
        if tok in (")", "|"):
            branches.append(cands + [{run}] if run else cands)
            cands, run = [], ""
            if tok == ")":
                return branches, i
            continue
        quant = tokens[i] if i < len(tokens) and tokens[i][0] in "?*+{" else ""
        if tok[0] == "(" and not tok.endswith(")"):
            sub, i = _alternation(tokens, i)
            quant = tokens[i] if i < len(tokens) and tokens[i][0] in "?*+{" else ""
            cands, run, sub = cands + [{run}] if run else cands, "", _clause(sub)
            if sub and not tok.startswith(("(?=", "(?!", "(?<")) and not _optional(quant):
                cands.append(sub)
        elif tok == "\\s" and run and not _optional(quant):   # "rm\s" needs "rm " or "rm\t"…
            cands, run = cands + [{run + space for space in " \t\n\r\f\v"}], ""
        else:
            lit = _escape(tok) if len(tok) > 1 else None if tok in SPECIAL else tok
            run += lit if lit is not None and not _optional(quant) else ""
            if lit is None or quant:
                cands, run = cands + [{run}] if run else cands, ""
        i += 1 if quant else 0
    branches.append(cands + [{run}] if run else cands)
    return branches, i


def _clause(branches: list[list[set[str]]]) -> set[str] | None:
    """One set that any match of the alternation hits: each branch's most selective set."""
    best = [max(c, key=lambda s: (min(len(x.strip()) for x in s), -len(s))) if c else None
            for c in branches]
    return None if None in best else set().union(*best)


def _escape(tok: str) -> str | None:
    if len(tok) > 2 and tok[:2] in ("\\x", "\\u", "\\U"):
        return tok.encode().decode("unicode_escape")
    if tok[0] != "\\" or tok[1].isalnum() and tok[1] not in "nt":
        return None
    return {"n": "\n", "t": "\t"}.get(tok[1], tok[1])


def _optional(quant: str) -> bool:
    return bool(quant) and (quant[0] in "?*" or quant.startswith(("{0", "{,", "{}")))


CONCRETE_KEYS = ("action", "command", "code")   # tried on an action's text; "words" and "intent" on prose only
PROSE_KEYS = ("words", "intent", *CONCRETE_KEYS)   # tried on a lesson or a request, in this order


def selective(clause: frozenset) -> tuple[int, int]:
    """How well a clause of literals narrows the texts a pattern is tried on: its shortest literal
    first (one letter is in every text), then fewer alternatives."""
    return min((len(x.strip()) for x in clause), default=0), -len(clause)


def derive(kinds: dict, all_rx) -> tuple:
    """The literal lookup tables: which kinds may match a text holding a given literal
    (all_rx(kind): every pattern of a kind). The index gives, for each literal, the kinds one
    of whose action, command or code patterns needs it, and those only a words or intent
    pattern needs (tried on prose alone)."""
    lits = {lit for k in kinds.values() for rx in all_rx(k) for cs in rx.literals if cs for c in cs for lit in c}
    short = tuple(sorted(lit for lit in lits if len(lit) < 3))
    by_head: dict[str, list[str]] = {}
    for lit in sorted(lits - set(short)):
        by_head.setdefault(lit[:3], []).append(lit)
    index: dict[str, tuple[set[str], set[str]]] = {}
    # "text": kinds tried on every text, "concrete": those of them tried on an action's text;
    # "paths": kinds tried on every act that touches a path; "by_path": the others with path
    # patterns, by the literals those patterns need (looked up in the act's paths)
    always: dict = {"text": set(), "concrete": set(), "paths": set(), "by_path": {}}
    for k in kinds.values():
        _index_kind(k, index, always)
    for concrete, prose in index.values():
        prose -= concrete
    return short, by_head, index, always


def _index_kind(k, index: dict, always: dict) -> None:
    for key in PROSE_KEYS:
        rx = k.rx.get(key)
        if rx is None:
            continue
        if rx.any_literal is None:
            always["text"].add(k.id)
            if key in CONCRETE_KEYS:
                always["concrete"].add(k.id)
        else:
            for lit in rx.any_literal:
                index.setdefault(lit, (set(), set()))[0 if key in CONCRETE_KEYS else 1].add(k.id)
    paths = k.rx.get("paths")
    if k.calls or (paths is not None and paths.any_literal is None):
        always["paths"].add(k.id)
    elif paths is not None:
        for lit in paths.any_literal:
            always["by_path"].setdefault(lit, set()).add(k.id)
    if k.calls:
        always["text"].add(k.id)
        always["concrete"].add(k.id)


def packed(ids: tuple) -> str:
    """One index entry as a snapshot keeps it: the action kinds, then the prose-only ones."""
    return "\0".join(sorted(ids[0])) + "\1" + "\0".join(sorted(ids[1]))


def lead_to(index: dict, present: frozenset, prose: bool, found: set) -> None:
    """Add to found the kinds the literals present lead to (for an action's text, only those
    tried on an action's text); each entry is split the first time it is used."""
    for lit in present:
        ids = entry(index, lit)
        if ids is None:
            continue
        found.update(ids[0])
        if prose:
            found.update(ids[1])


def entry(index: dict, lit: str) -> tuple[tuple, tuple] | None:
    """The kinds one literal leads to, as `lead_to` reads them: (action kinds, prose-only kinds)."""
    ids = index.lookup(lit) if type(index) is Index else index.get(lit)
    if ids is not None and (type(ids) is not tuple or type(ids[0]) is not tuple):
        ids = index[lit] = unpacked(ids)
    return ids


class Patterns:
    """The patterns a lesson or request is tried on, for a process reading many of them (an
    ingest): each words, intent, action, command and code pattern of a kind the index lists,
    under the literals of its most selective clause (those its Rx is indexed by), with its other
    clauses. A text then visits the patterns one of its literals leads to and keeps those whose
    every clause it holds: a few dozen, where the kinds its literals lead to hold thousands.
    Gathered a literal at a time, from the first text that holds it; a process reading fewer
    than `after` texts (a hook) gathers nothing and tries each kind's patterns in turn."""

    after = 32

    def __init__(self, index: dict, kinds: dict):
        self.reads, self._index, self._kinds = 0, index, kinds
        self._by_lit: dict[str, tuple] = {}   # literal -> its (kind id, key, number, other clauses)
        self._by_kind: dict[str, dict] = {}   # kind id -> literal -> ((key, number, other clauses), ...)

    def possible(self, present: frozenset, request: bool) -> dict[str, dict[str, set]] | None:
        """kind id -> key -> the numbers of its patterns whose every clause the text holds (intent
        patterns for a request only); None while this process has read too few texts."""
        self.reads += 1
        if self.reads <= self.after:
            return None
        found: dict = {}
        lacks, by_lit = present.isdisjoint, self._by_lit
        for lit in present:
            pats = by_lit.get(lit)
            if pats is None:
                pats = self._gather(lit)
            for group in pats[request]:   # a lesson's patterns, and a request's intent ones
                for kid, key, n, rest in group:
                    if not (rest and any(map(lacks, rest))):
                        found.setdefault(kid, {}).setdefault(key, set()).add(n)
        return found

    def _gather(self, lit: str) -> tuple:
        """A literal's patterns: (those a lesson is tried on,), and with them the intent ones."""
        ids = entry(self._index, lit)
        pats = [(kid, *p) for kid in ((*ids[0], *ids[1]) if ids else ()) for p in self._of_kind(kid).get(lit, ())]
        said = tuple(p for p in pats if p[1] != "intent")
        self._by_lit[lit] = found = ((said,), (said, tuple(p for p in pats if p[1] == "intent")))
        return found

    def _of_kind(self, kid: str) -> dict[str, list]:
        """A kind's patterns by the literals of their most selective clause (the one its Rx's
        any_literal holds, looked for among the clauses it holds whole). A key one of whose patterns
        no literal narrows is left out: the kind is tried on every text."""
        found = self._by_kind.get(kid)
        if found is None:
            found = self._by_kind[kid] = {}
            for key in PROSE_KEYS:
                rx = self._kinds[kid].rx.get(key)
                for n, clauses in enumerate(rx.literals if rx is not None and rx.any_literal is not None else ()):
                    whole = [c for c in clauses if c <= rx.any_literal] if len(clauses) > 1 else clauses
                    best = whole[0] if len(whole) == 1 else max(whole, key=selective)
                    rest = tuple(c for c in clauses if c is not best) if len(clauses) > 1 else ()
                    for lit in best:
                        found.setdefault(lit, []).append((key, n, rest))
        return found


_ENTRY, _FIELD = "\x1e", "\x1f"


def _head(lit: str) -> str:
    return lit[:3] if len(lit) >= 3 else ""


def buckets(index: dict) -> dict[str, str]:
    """The index as a snapshot keeps it: the entries of one head (a literal's first three letters,
    "" for shorter literals) as one string, so a hook builds only the entries its text can hold."""
    if type(index) is Index:
        return index.buckets
    out: dict[str, list[str]] = {}
    for lit, ids in sorted(index.items()):
        if _ENTRY in lit or _FIELD in lit:   # no catalogue's regex needs these: kept whole, never found
            continue
        out.setdefault(_head(lit), []).append(lit + _FIELD + (ids if isinstance(ids, str) else packed(ids)))
    return {head: _ENTRY.join(entries) for head, entries in out.items()}


class Index(dict):
    """A snapshot's literal index: literal -> entry, each head's entries split from their string
    the first time a literal of that head is looked up."""

    def __init__(self, stored: dict[str, str]):
        super().__init__()
        self.buckets, self._opened = stored, set()

    def lookup(self, lit: str):
        found = dict.get(self, lit)
        if found is None and (head := _head(lit)) not in self._opened:
            self._opened.add(head)
            for entry in self.buckets.get(head, "").split(_ENTRY):
                name, _, ids = entry.partition(_FIELD)
                if ids:
                    self.setdefault(name, ids)
            found = dict.get(self, lit)
        return found


def unpacked(ids) -> tuple[tuple, tuple]:
    """An index entry as `packed` stored it (or as `derive` built it), as two tuples of ids."""
    if not isinstance(ids, str):
        return tuple(ids[0]), tuple(ids[1])
    concrete, _, prose = ids.partition("\1")
    return tuple(concrete.split("\0")) if concrete else (), tuple(prose.split("\0")) if prose else ()


def by_tail(lits: list[str]) -> tuple[tuple, dict]:
    """One head's literals as a process reading many texts searches for them: those of three
    letters (the head itself), and the longer ones by their last three letters."""
    tails: dict[str, list[str]] = {}
    for lit in lits:
        if len(lit) > 3:
            tails.setdefault(lit[-3:], []).append(lit)
    return tuple(lit for lit in lits if len(lit) == 3), {t: tuple(v) for t, v in tails.items()}


class Reader:
    """The literals texts hold, for one catalogue: a process reading many texts (an ingest) groups
    each head's literals by tail, and remembers the literals of short texts it reads again (the
    same commands and lessons)."""

    MEMO_SIZE, MEMO_LONGEST = 2048, 2048   # texts remembered, and their longest

    def __init__(self, short: tuple, by_head: dict):
        self.short, self.by_head, self.heads = split_short(short), by_head, frozenset(by_head)
        self.tails: dict = {}   # head -> its literals as `by_tail` groups them
        self.reads, self.memo = 0, {}

    def read(self, text: str) -> tuple[str, frozenset]:
        """(text, the known literals it holds): a catalogue's doc of the text."""
        if (hit := self.memo.get(text)) is not None:
            return hit
        self.reads += 1
        doc = text, held(text, self.short, self.by_head, self.heads, self.tails, self.reads > 64)
        if len(text) <= self.MEMO_LONGEST:
            if len(self.memo) >= self.MEMO_SIZE:
                self.memo.clear()
            self.memo[text] = doc
        return doc


def held(text: str, short: tuple, by_head: dict, heads: frozenset, tails: dict, grouped: bool) -> frozenset:
    """The known literals a text holds, found through their first three letters. short: the
    literals of fewer than three letters, as `split_short` gives them; by_head: a head's
    literals (one string in a snapshot, split on first use); tails: with grouped, each head's
    literals as `by_tail` groups them (a process reading many texts)."""
    low = text.lower()
    grams = {low[i:i + 3] for i in range(len(low) - 2)}
    present = _short_held(low, grams, short)
    add = present.add
    for head in grams & heads:
        lits = tails.get(head) if grouped else None
        if lits is None:
            lits = by_head[head]
            if isinstance(lits, str):
                lits = by_head[head] = lits.split("\0")
            if not grouped:
                present.update(lit for lit in lits if len(lit) == 3 or lit[-3:] in grams and lit in low)
                continue
            lits = tails[head] = by_tail(lits)
        whole, longer = lits
        present.update(whole)
        for tail in grams.intersection(longer):   # a literal is in the text only if its last three letters are
            for lit in longer[tail]:
                if lit in low:
                    add(lit)
    return frozenset(present)


def split_short(short: tuple) -> tuple[frozenset, frozenset, frozenset]:
    """The literals of fewer than three letters by length (0, 1, 2), as `held` looks them up."""
    return tuple(frozenset(lit for lit in short if len(lit) == n) for n in range(3))


def _short_held(low: str, grams: set, short: tuple) -> set:
    """The short literals low holds: its letters and pairs of letters as sets, each pair the
    start of one of its three-letter grams but the last (one lookup each, not a search)."""
    empty, ones, twos = short
    pairs = {g[:2] for g in grams}
    if len(low) >= 2:
        pairs.add(low[-2:])
    return set(empty) | ones.intersection(low) | twos.intersection(pairs)
