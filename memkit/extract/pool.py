"""Heuristic extraction on every core: traces are independent, so forked workers take chunks
of them (each writes its own traces' candidates) and the parent merges what they report.

Forked, not spawned: the workers inherit the vault, its lock, the journal owner and what
every trace shares (the ids already in the vault), so nothing is read twice. New candidate
files are created exclusively, so two workers can never write the same one.
"""
from __future__ import annotations

import multiprocessing
import os
from typing import Any

PARALLEL_FROM = 24   # traces: below this, forking costs more than it saves
CHUNK = 8            # traces per task: small enough to keep both cores busy to the end
_job = None


def run(job, rels: list[str], out: dict[str, Any]) -> None:
    workers = min(os.cpu_count() or 1, 8)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        for rel in rels:
            job.one(rel, out)
        return
    from contextlib import closing

    from memkit.storage import ahead, index

    _warm(job.vault)
    chunks = [rels[k:k + CHUNK] for k in range(0, len(rels), CHUNK)]
    with multiprocessing.get_context("fork").Pool(workers, initializer=_start, initargs=(job,)) as pool, \
            closing(index.connect(job.vault.index_path)) as con:
        for part in pool.imap(_chunk, chunks):
            for key in ("written", "deleted", "errors"):
                out[key] += part[key]
            out["traces"] += part["traces"]
            out.setdefault("made", {}).update(part["made"])   # gathering need not read these files again
            for kind, n in part["counts"].items():
                out["counts"][kind] = out["counts"].get(kind, 0) + n
            out.setdefault("indexed", set()).update(ahead.store(job.vault, con, part["rows"]))
            con.commit()   # the parent stores while the workers extract: no file is read twice


def _warm(vault) -> None:
    """Load the action catalogues every worker classifies with, once, before the fork: a worker
    that loaded them itself would each read the snapshot again (or, when it is stale, build the
    whole catalogue again)."""
    from memkit.activation import catalogue, cues

    catalogue.load(None)   # the extractor's
    cues.catalogue_of(vault)   # the cue compiler's (the vault's own kinds included)


def _start(job) -> None:
    global _job
    _job = job


def _chunk(rels: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"written": [], "deleted": [], "counts": {}, "errors": [], "traces": 0}
    for rel in rels:
        _job.one(rel, out)
    from memkit.storage import ahead

    out.setdefault("made", {})   # what gathering reads of each candidate written (`_write_all` keeps it)
    # the traces' index rows (a row per turn: most of indexing), computed here in parallel; candidates
    # are indexed after the gathering pass, which folds most repeats away
    out["rows"] = ahead.prepared(_job.vault, [r for r in out["written"] if r.startswith("traces/")])
    return out
