"""Heuristic extraction on every core: traces are independent, so forked workers take chunks
of them and the parent merges what they report, pass after pass (`memkit.extract.batch`).

Forked, not spawned: the workers inherit the vault, its lock, the journal owner and what
every trace shares (the ids already in the vault), so nothing is read twice. Below
PARALLEL_FROM traces, or with one core, every pass runs in this process.
"""
from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from typing import Any, Self

PARALLEL_FROM = 24   # traces: below this, forking costs more than it saves
CHUNK = 8            # items per task at most
SHARES = 8           # a task holds at most 1/SHARES of one worker's share of the weight: the last
                     # tasks are small, so both cores stay busy to the end of a pass
_job = None


class Workers:
    """The processes one extraction run's passes share: `map(fn, items)` yields fn(job, item) in order."""

    def __init__(self, job, traces: int):
        self.job, self.pool = job, None
        self.workers = workers = min(os.cpu_count() or 1, 8)
        if traces >= PARALLEL_FROM and workers >= 2 and "fork" in multiprocessing.get_all_start_methods():
            _warm(job.vault)
            self.pool = multiprocessing.get_context("fork").Pool(workers, initializer=_start, initargs=(job,))

    def map(self, fn: Callable[[Any, Any], Any], items: list, weights: list[int] | None = None) -> Iterator[Any]:
        """weights: each item's expected cost (a trace's bytes), so that tasks are cut by cost,
        not count: one heavy task last keeps a core busy while the other waits."""
        if self.pool is None:
            yield from (fn(self.job, item) for item in items)
            return
        tasks = [(fn, items[a:b]) for a, b in _cut(weights or [1] * len(items), self.workers)]
        for part in self.pool.imap(_chunk, tasks):
            yield from part

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.terminate() if exc[0] else self.pool.close()
            self.pool.join()


def _cut(weights: list[int], workers: int) -> Iterator[tuple[int, int]]:
    """Consecutive (start, end) slices of at most CHUNK items, each closed once it holds
    a SHARES-th of a worker's share of the total weight."""
    most = max(1, sum(weights) // (workers * SHARES))
    start, held = 0, 0
    for n, w in enumerate(weights):
        held += w
        if held >= most or n + 1 - start >= CHUNK:
            yield start, n + 1
            start, held = n + 1, 0
    if start < len(weights):
        yield start, len(weights)


def _warm(vault) -> None:
    """Load the action catalogues every worker classifies with, once, before the fork: a worker
    that loaded them itself would each read the snapshot again (or, when it is stale, build the
    whole catalogue again). The phrase lists and the note template too (each worker compiled
    them again: ~50 ms of every pool)."""
    from memkit import similar  # noqa: F401  (rapidfuzz, for gathering repeats)
    from memkit.activation import catalogue, cues
    from memkit.extract.phrases import phrases
    from memkit.storage import templates

    catalogue.load(None)   # the extractor's
    cues.catalogue_of(vault)   # the cue compiler's (the vault's own kinds included)
    phrases()   # the extractor's phrase lists, compiled
    templates.prepared("observation", vault.root)   # the template every candidate note is rendered with


def _start(job) -> None:
    global _job
    _job = job


def _chunk(task: tuple[Callable, list]) -> list:
    fn, items = task
    return [fn(_job, item) for item in items]
