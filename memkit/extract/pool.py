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
    chunks = [rels[k:k + CHUNK] for k in range(0, len(rels), CHUNK)]
    with multiprocessing.get_context("fork").Pool(workers, initializer=_start, initargs=(job,)) as pool:
        for part in pool.imap(_chunk, chunks):
            for key in ("written", "deleted", "errors"):
                out[key] += part[key]
            out["traces"] += part["traces"]
            for kind, n in part["counts"].items():
                out["counts"][kind] = out["counts"].get(kind, 0) + n


def _start(job) -> None:
    global _job
    _job = job


def _chunk(rels: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"written": [], "deleted": [], "counts": {}, "errors": [], "traces": 0}
    for rel in rels:
        _job.one(rel, out)
    return out
