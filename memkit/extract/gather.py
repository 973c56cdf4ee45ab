"""Gathering: the same lesson given again becomes one observation with several sources.

Owns recognising a repeat (same kind, the same words give or take a few characters: a
message re-sent after an error, a replayed or resumed history, the same rule restated in a
later session) and folding it into the first candidate: its `sources` and `sessions` lists
grow and its importance rises. Folds only into candidates memkit wrote and nobody reviewed
or edited; a person's edits are never overwritten. Never touches library notes.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from memkit import rxcache
from memkit.extract import Candidate
from memkit.layers import OBSERVATIONS

KINDS = tuple(str(kind) for kind, (_, _, gathered) in OBSERVATIONS.items() if gathered)
SAME = 92            # rapidfuzz ratio of the normalised words: a repeat, not a new lesson
BOOST = 0.05         # importance added per further source
_WORD = rxcache.compile(r"[a-z0-9]+")


def key(kind: str, fields: dict[str, Any], statement: str) -> str:
    """What must match for two observations to be one: kind and the person's words."""
    if kind == "fact":
        text = f"{fields.get('key')} {fields.get('value')}"
    elif kind == "decision":
        text = str(fields.get("chosen") or statement)
    else:
        text = str(fields.get("lesson") or fields.get("approach") or statement)
    return kind + ":" + " ".join(_WORD.findall(text.lower().replace("*", "")))


def same(a: str, b: str) -> bool:
    if a == b:
        return True
    if a.split(":", 1)[0] != b.split(":", 1)[0] or min(len(a), len(b)) < 24:
        return False
    if _resent_longer(a.split(), b.split()):
        return True
    from memkit.similar import fuzz

    return fuzz.ratio(a, b) >= SAME


RESENT_WORDS = 6   # the words a message cut short must hold before it counts as the start of the one sent after it


def _resent_longer(a: list[str], b: list[str]) -> bool:
    """One message is the other cut short and sent again in full ("… path handling, can ywe" then
    "… path handling, can we now use the GOOS idea"): every word of the shorter but its last, which
    may have been cut mid-word, opens the longer."""
    short, long = sorted((a, b), key=len)
    return len(short) >= RESENT_WORDS and len(long) > len(short) and long[:len(short) - 1] == short[:-1]


def within(found: list[Candidate], trace_id: str = "") -> list[Candidate]:
    """One candidate per lesson of a session: later repeats become further sources of the first."""
    out: list[Candidate] = []
    keys: list[str] = []
    for c in found:
        k = key(c.kind, c.fields, c.statement)
        hit = next((j for j, other in enumerate(keys) if same(k, other)), None)
        if hit is None:
            out.append(c)
            keys.append(k)
            continue
        first = out[hit]
        if len(k) > len(keys[hit]) and _resent_longer(k.split(), keys[hit].split()):
            # the first was cut short: the one sent in full is the lesson, the cut one a further source
            earlier = first.fields.get("repeated_at") or []
            first, c = replace(c, fields={**c.fields, "repeated_at": earlier}), first
            keys[hit] = k
        turns = list(first.fields.get("repeated_at") or []) + [c.turn]
        out[hit] = replace(first, importance=min(1.0, round(max(first.importance, c.importance) + BOOST, 2)),
                           fields={**first.fields, "repeated_at": turns})
    return out


# ---- across sessions: a pass over what one extraction run found, before it writes ------------
def across(vault, fresh: list[tuple], out: dict[str, Any]) -> dict[str, list[dict] | None]:
    """Fold each candidate this run found (its `record`, the file not written yet) into an older
    unreviewed candidate of the same lesson from another session. Older first sayings are
    rewritten here; returns, for each of this run's candidates folded away, None, and for each
    of its first sayings that takes in repeats, what they bring (`folded` writes them in).
    The caller holds the vault lock."""
    if not fresh:
        return {}
    by_rel = {r[0]: r for r in fresh}
    pool = [_slim(rel, meta) for rel, meta in _older(vault, set(by_rel))] + fresh
    # what the workshop held before this run anchors first, then the run's own, oldest first
    pool.sort(key=lambda r: (r[0] in by_rel, r[3], r[4]))
    anchors = _Anchors()
    folds = _Folds(vault, by_rel)
    for rel, _stamp, k, _created, _id, session, _extra in pool:
        anchor = anchors.first(k, session)
        if anchor is None or rel not in by_rel or not folds.add(anchor[1], by_rel[rel]):
            anchors.append(k, rel, session)
    return folds.write(out)


def folded(text: str, repeats: list[dict[str, Any]]) -> str:
    """A first saying's file text (as memkit renders it) with its repeats folded in, one by one."""
    from memkit.storage import notes

    target = _Target(notes.parse(text))
    for fields in repeats:
        target.fold(fields)
    return target.text()


def record(vault, rel: str) -> tuple | None:
    """What gathering needs of one candidate file, read now: None for a file it leaves alone.
    (rel, file stamp, key, created, id, session, (status, edited by a person, fold fields))."""
    from memkit.errors import InvalidInput
    from memkit.storage import notes

    path = vault.root / rel
    try:
        st = path.stat()
        note = notes.read(path)
    except (FileNotFoundError, InvalidInput):
        return None
    return made(rel, note.meta, (st.st_mtime_ns, st.st_size, st.st_ino), note.edited_by_person())


READS = ("kind", "extractor", "status", "created", "id", "session", "sessions", "source", "sources",
         "importance", "lesson", "chosen", "approach", "key", "value")   # all `made` reads of a note


def made(rel: str, meta: dict[str, Any], stamp: tuple, edited: bool = False) -> tuple | None:
    """`record` of a candidate's frontmatter already at hand (its writer has it in memory)."""
    if meta.get("kind") not in KINDS or not str(meta.get("extractor") or "").startswith("heuristic@"):
        return None
    return _slim(rel, meta, stamp, edited)


def named(record: tuple, rel: str, cid: str) -> tuple:
    """A record made before its candidate had an id and a path, with them."""
    return (rel, *record[1:4], cid, *record[5:])


def _slim(rel: str, meta: dict[str, Any], stamp: tuple = (), edited: bool = False) -> tuple:
    k = key(str(meta.get("kind")), meta, str(meta.get("lesson") or meta.get("chosen") or ""))
    fields = {f: meta[f] for f in ("source", "sources", "session", "sessions", "importance") if f in meta}
    return (rel, stamp, k, str(meta.get("created") or ""), str(meta.get("id") or ""), _session(meta),
            (meta.get("status"), edited, fields))


class _Anchors:
    """The first sayings, in order, found by key: the first one that is `same` as a key and from
    another session. Exact keys by dictionary, near ones by rapidfuzz over the distinct keys of
    the same kind (a repeat's words are mostly the very same words) whose lengths allow a ratio of
    SAME: ratio = 100 * (1 - indel distance / (la + lb)) and the distance is at least |la - lb|."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str, str]] = []   # (key, rel, session)
        self.by_key: dict[str, list[int]] = {}
        self.keys_of_kind: dict[str, dict[int, list[str]]] = {}   # kind -> key length -> keys

    def append(self, k: str, rel: str, session: str) -> None:
        if k not in self.by_key:
            self.by_key[k] = []
            self.keys_of_kind.setdefault(k.split(":", 1)[0], {}).setdefault(len(k), []).append(k)
        self.by_key[k].append(len(self.items))
        self.items.append((k, rel, session))

    def first(self, k: str, session: str) -> tuple[str, str, str] | None:
        found = list(self.by_key.get(k, ()))
        if len(k) >= 24:
            from memkit.similar import fuzz, process

            near = process.extract(k, self._sized_like(k), scorer=fuzz.ratio, score_cutoff=SAME, limit=None)
            found += [i for other, _score, _n in near if other != k and len(other) >= 24 for i in self.by_key[other]]
        hits = [i for i in found if self.items[i][2] != session]
        return self.items[min(hits)] if hits else None

    def _sized_like(self, k: str) -> list[str]:
        """The keys of k's kind long enough and short enough to be `same` as k (a few to spare)."""
        by_length, slack = self.keys_of_kind.get(k.split(":", 1)[0], {}), 1 - SAME / 100
        low, high = int(len(k) * (1 - slack) / (1 + slack)) - 1, int(len(k) * (1 + slack) / (1 - slack)) + 1
        if len(by_length) < high - low:
            return [o for n, keys in by_length.items() if low <= n <= high for o in keys]
        return [o for n in range(low, high + 1) for o in by_length.get(n, ())]


class _Folds:
    """Repeats folded into their first saying, each first saying written once however many
    repeats it takes in: the note a fold after another fold would leave, stamped once. A first
    saying of this run (fresh, not written yet) is written by its writer, repeats folded in."""

    def __init__(self, vault, fresh: dict[str, tuple]) -> None:
        self.vault, self.fresh, self.order, self.targets = vault, fresh, [], {}
        self.repeats: dict[str, list[dict] | None] = {}

    def add(self, into: str, extra: tuple) -> bool:
        """False when `into` or the repeat may not change (reviewed, or edited by a person)."""
        from memkit.storage import notes

        if into not in self.targets and into not in self.fresh:
            target = notes.read(self.vault.root / into)
            if target.meta.get("status") != "candidate" or target.edited_by_person():
                return False
            self.targets[into] = _Target(target)
        status, edited, fields = extra[6]
        if status != "candidate" or edited:
            return False
        if into in self.fresh:
            self.repeats.setdefault(into, []).append(fields)
        else:
            self.targets[into].fold(fields)
        self.repeats[extra[0]] = None
        self.order.append((into, extra[0]))
        return True

    def write(self, out: dict[str, Any]) -> dict[str, list[dict] | None]:
        for into, target in self.targets.items():
            if len(target.lines) > 1:
                self.vault.write_text(into, target.text())
        for into, rel in self.order:
            out["written"] += [into, rel]
            out.setdefault("deleted", []).append(rel)
            out.setdefault("gathered", []).append(rel)
        return self.repeats


class _Target:
    """A first saying taking in repeats: its sources and sessions grow, its importance rises, and
    each fold adds a "Said again" line. Linear in what each repeat brings (a lesson said in
    thousands of sessions is not gone over again for each). A repeat whose every source the
    note lists already (folded in by a run killed before it marked its traces) changes nothing."""

    def __init__(self, note) -> None:
        self.note, self.meta, self.lines = note, dict(note.meta), [note.body.rstrip("\n")]
        self.seen_sources, self.seen_sessions = set(sources(note.meta)), None

    def fold(self, extra: dict[str, Any]) -> None:
        meta = self.meta
        added = [x for x in dict.fromkeys(sources(extra)) if x not in self.seen_sources]
        if not added:
            return
        if len(self.lines) == 1:   # the first fold: the lists as the file has them, each item once
            meta["sources"], meta["sessions"] = _union(sources(meta), []), _union(sessions(meta), [])
            self.seen_sessions = set(meta["sessions"])
        meta["sources"] += added
        self.seen_sources.update(added)
        new_sessions = [x for x in dict.fromkeys(sessions(extra)) if x not in self.seen_sessions]
        meta["sessions"] += new_sessions
        self.seen_sessions.update(new_sessions)
        meta["importance"] = min(1.0, round(max(float(meta.get("importance") or 0.5),
                                                float(extra.get("importance") or 0.5)) + BOOST, 2))
        self.lines.append(", ".join(added))

    def text(self) -> str:
        from memkit.storage import notes

        body = "\n\nSaid again: ".join(self.lines) + "\n"
        return notes.render(notes.Note(notes.stamp(self.meta, body), body, newline=self.note.newline))


def _older(vault, skip: set[str]) -> list[tuple[str, dict[str, Any]]]:
    """Unreviewed heuristic candidates already in the workshop, from the index."""
    from memkit.storage import queries

    rows = queries.notes(vault, types=("observation",), layer="workshop", statuses=("candidate",),
                         extractor_prefix="heuristic@")
    return [(rel, meta) for rel, meta in rows
            if rel not in skip and (vault.root / rel).exists() and meta.get("kind") in KINDS]


def _session(meta: dict[str, Any]) -> str:
    return str(meta.get("session") or "")


def sources(meta: dict[str, Any]) -> list[str]:
    """Every turn an observation was said at: its `sources`, else its one `source`."""
    found = [str(s) for s in meta.get("sources") or []]
    return found or ([str(meta["source"])] if meta.get("source") else [])


def sessions(meta: dict[str, Any]) -> list[str]:
    found = [str(s) for s in meta.get("sessions") or []]
    return found or ([str(meta["session"])] if meta.get("session") else [])


def _union(a: list[str], b: list[str]) -> list[str]:
    return list(dict.fromkeys(a + b))
