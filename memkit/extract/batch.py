"""Heuristic extraction of many traces, gathered before anything is written.

Two passes over the worker processes (`pool.Workers`), the decisions between them in this
process: find every trace's candidates (nothing written but the trace's `extracted` mark, to a
temp file), give them their ids in trace order and decide which repeats fold into which first
saying (`gather.across`, on records in memory), write only the first sayings (each with its
repeats folded in, once) to temp files, then put them all in place after one sync, first
sayings first, the marks after them. A run killed before that leaves its traces to the next run, which finds the
same candidates and gathers them as a clean run would (a first saying already listing a
repeat is left as it is). Never writes a repeat it folds away.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from memkit.extract import Candidate, TraceContext, gather, pool

STORE_EVERY = 16   # traces whose index rows are stored in one transaction


@dataclass
class Found:
    """One trace's candidates (not written), pickled: a run holds every trace's until it has
    gathered (a few hundred bytes each, against a few KB as objects); each one's gathering
    record, id and path left blank."""
    rel: str
    ctx: TraceContext            # without its turns: candidates and ids need only its names
    packed: bytes
    records: list[tuple | None]

    @property
    def candidates(self) -> list[Candidate]:
        import pickle

        return pickle.loads(self.packed)


def run(job, rels: list[str], out: dict[str, Any]) -> None:
    """Extract from these traces with job (an `extract.Job`); the caller holds the vault lock.
    The traces' index rows are stored as the first pass reads them, their `files` rows again
    once they are marked (`memkit.storage.ahead`): no trace is read for the index."""
    from contextlib import closing

    from memkit.storage import ahead, index

    with pool.Workers(job, len(rels)) as workers, closing(index.connect(job.vault.index_path)) as con:
        found: list[Found] = []
        marks: dict[str, list] = {"written": [], "pending": [], "rows": []}
        for n, part in enumerate(workers.map(find, rels, [_size(job.vault.root / rel) for rel in rels]), 1):
            out["errors"] += part["errors"]
            out["traces"] += part["traces"]
            found += [part["found"]] if part["found"] is not None else []
            for key in marks:
                marks[key] += part["mark"][key]
            ahead.store(job.vault, con, part["rows"])
            if n % STORE_EVERY == 0 or n == len(rels):
                con.commit()   # stored while the workers go on reading
        tasks, order = _plan(job, found, out)
        made = _write_all(workers, tasks, order, out)
        _mark_all(job, con, marks, made, out)


def _size(path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def find(job, rel: str) -> dict[str, Any]:
    """First pass, in a worker: the trace's candidates, what gathering needs of each, the
    trace's index rows as read, and its `extracted` mark written to a temp file (put in place
    after every candidate of the run, by `_mark_all`): the trace is read once."""
    import pickle

    from memkit import extract, redact
    from memkit.storage import ahead

    part: dict[str, Any] = {"errors": [], "traces": 0, "found": None, "rows": [],
                            "mark": {"written": [], "pending": [], "rows": []}}
    try:
        st = (job.vault.root / rel).stat()   # before the read: a later change makes the rows stale
    except FileNotFoundError:
        st = None
    got = job.found(rel, part)
    if got is not None:
        ctx, note, found = got
        if st is not None:
            part["rows"] = [ahead.rows_read(job.vault, rel, note, st, ctx.turns)]
        ctx = replace(ctx, turns=[])
        records = [gather.made("", redact.data(_read(extract.meta_of(ctx, c, "", job.tag)))[0], ()) for c in found]
        part["found"] = Found(rel, ctx, pickle.dumps(found, pickle.HIGHEST_PROTOCOL), records)
        part["mark"] = mark(job, [(rel, note)])   # after its rows: they are of the trace as read
    return part


def _read(meta: dict[str, Any]) -> dict[str, Any]:
    """The keys gathering reads, each through the redaction gate as the written file will hold it."""
    return {k: meta[k] for k in gather.READS if k in meta}


def _plan(job, found: list[Found], out: dict[str, Any]) -> tuple[list[tuple], dict[str, tuple]]:
    """Ids in trace order (those one process writing the traces in turn would give), then the
    gathering pass over the run's records: the write tasks of what survives, by trace."""
    from memkit import extract

    made: dict[str, str] = {}   # id -> session link, for this run's candidates
    items, fresh = [], []
    for f in found:
        new_ids: set[str] = set()
        for k, (c, record) in enumerate(zip(f.candidates, f.records)):
            cid = extract._free_id(job.vault, f.ctx, c, job.existing, made)
            known = job.existing.get(cid)
            if cid in new_ids or (known is not None and (cid in made or
                                                         not extract._replaceable(job.vault.root / known, job.tag))):
                continue
            new_ids.add(cid)
            rel = f"workshop/observations/{c.kind}/{cid}.md"
            job.existing[cid], made[cid] = rel, f"[[{f.ctx.id}]]"
            items.append((f, k, cid, rel, known is None))
            if record is not None:
                fresh.append(gather.named(record, rel, cid))
            out["written"].append(rel)
            out["counts"][c.kind] = out["counts"].get(c.kind, 0) + 1
        extract._drop_stale(job.vault, f.ctx, job.tag, new_ids, job.existing, job.older.get(f"[[{f.ctx.id}]]", {}),
                            out)
        f.records = []   # gathering holds them now, named
    order = {r[0]: (r[3], r[4]) for r in fresh}   # gathering's order: the first sayings are put in place in it
    return _tasks(job, items, gather.across(job.vault, fresh, out), out), order


def _tasks(job, items: list[tuple], folds: dict[str, list | None], out: dict[str, Any]) -> list[tuple]:
    """(trace context, [(candidate, id, path, exclusive, repeats folded in)]) per trace with a
    candidate to write. A folded repeat that would have replaced an older version's file
    (same id) leaves no file: that older candidate is gone, as the repeat is."""
    tasks: dict[str, tuple] = {}
    trace, candidates = None, []
    for f, k, cid, rel, exclusive in items:
        if rel in folds and folds[rel] is None:
            if not exclusive:
                (job.vault.root / rel).unlink(missing_ok=True)
            else:   # never a file: nothing for the index to learn or forget
                out.setdefault("indexed", set()).add(rel)
            continue
        if f is not trace:   # one trace's candidates unpacked at a time, the survivors kept
            trace, candidates = f, f.candidates
            f.packed = b""
        tasks.setdefault(f.rel, (f.ctx, []))[1].append((candidates[k], cid, rel, exclusive, folds.get(rel) or []))
    return list(tasks.values())


def _write_all(workers: pool.Workers, tasks: list[tuple], order: dict[str, tuple], out: dict[str, Any]) -> dict:
    """Second pass: what survived gathering, written by the workers to temp files (put in place
    with the marks, in gathering's order), and its index rows."""
    made: dict[str, list] = {"pending": [], "rows": []}
    for part in workers.map(write, tasks, [len(items) for _ctx, items in tasks]):
        for planned, actual in part["renamed"]:
            at = out["written"].index(planned)   # its name was taken meanwhile (by a person, another tool)
            out["written"][at:at + 1] = [actual] if actual else []
        made["pending"] += part["pending"]
        made["rows"] += part["rows"]
    root = len(str(workers.job.vault.root)) + 1
    made["pending"].sort(key=lambda p: order.get(str(p[1])[root:], ("", "")))
    return made


def write(job, task: tuple) -> dict[str, list]:
    """Second pass, in a worker: a trace's surviving candidates, each written once, its repeats
    folded in, and their index rows. `renamed`: (planned path, path written or None) for each
    name found taken meanwhile."""
    from memkit.storage import ahead

    ctx, items = task
    part: dict[str, list] = {"renamed": [], "rows": [], "pending": []}
    written = []
    with job.vault.replacing(part["pending"]):
        for c, cid, rel, exclusive, repeats in items:
            path = _write_one(job, ctx, c, cid, rel, exclusive, repeats)
            if path != rel:
                part["renamed"].append((rel, path))
            written += [path] if path else []
    part["rows"] = ahead.prepared(job.vault, written, [tmp for tmp, _full, _x in part["pending"]])
    return part


def _write_one(job, ctx: TraceContext, c: Candidate, cid: str, rel: str, exclusive: bool,
               repeats: list) -> str | None:
    """The candidate's note, written under its planned id, else a longer one (another writer took
    the name since the run listed the vault); a person's file is never replaced."""
    from memkit import extract
    from memkit.storage import notes

    for digits in (0, 8, 16, 64):
        if digits:
            cid = extract.candidate_id(ctx, c, digits)
            rel = f"workshop/observations/{c.kind}/{cid}.md"
        text = notes.render(notes.Note(*extract._note(job.vault, ctx, c, cid, job.tag)))
        if repeats:
            text = gather.folded(text, repeats)
        try:
            job.vault.write_text(rel, text, exclusive=exclusive)
            return rel
        except FileExistsError:
            continue
    return None


def _mark_all(job, con, marks: dict, made: dict, out: dict[str, Any]) -> None:
    """Last step: one sync of the first sayings and of the traces' marks (temp files the first
    pass wrote), the renames (first sayings first: no trace is marked before every candidate of
    the run is in place) and the index rows of both. A run killed before the renames leaves
    nothing of its candidates and every trace unmarked."""
    from memkit.storage import ahead, vault

    for full in vault.put_in_place(job.vault.root, made["pending"] + marks["pending"]):   # a name taken meanwhile
        gone = job.vault.rel(full)
        out["written"].remove(gone)
        out["errors"].append(f"{gone}: another file took this name during the run; the candidate was left out")
    out["written"] += marks["written"]
    indexed = out.setdefault("indexed", set())
    indexed.update(ahead.store(job.vault, con, made["rows"]))
    indexed.update(ahead.restamp(job.vault, con, marks["rows"]))
    con.commit()


def mark(job, read: list[tuple[str, Any]]) -> dict[str, list]:
    """These traces' `extracted` marks in temp files, from their notes as read, and their `files` rows."""
    from memkit import extract
    from memkit.storage import ahead

    part: dict[str, list] = {"written": [], "pending": []}
    with job.vault.replacing(part["pending"]):
        for rel, note in read:
            extract._mark(job.vault, rel, note, job.tag, part)
    notes_of = dict(read)   # each mark written is one temp file, in order
    part["rows"] = ahead.restamped(job.vault, [(rel, notes_of[rel], tmp)
                                               for rel, (tmp, _full, _x) in zip(part["written"], part["pending"])])
    return part
