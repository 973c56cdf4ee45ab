"""Search in a vault whose common words hold more rows than one search ranks (search.plan): a rare
word's turn is still found however old, every row found is scored on every word of the query,
and a search ranks a bounded number of rows. BUDGET is made small so that a vault of a few dozen
sessions meets what a vault of thousands does; real sessions ingested, a real SQLite index."""
from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from functools import partial

import pytest
from conftest import run_cli, write_generic

from memkit.search import plan, query, rank
from memkit.storage import fulltext, notes
from memkit.storage.vault import Vault

BUDGET = 20
COMMON = "deploy the service with the new config"


def _ingest(vault, logs) -> None:
    run_cli("--vault", str(vault), "ingest", str(logs), "--no-commit", "--no-extract", check=True)


@pytest.fixture
def crowd(vault, tmp_path, monkeypatch):
    """One old session that names a rare word, then 40 newer ones saying the same common words."""
    old = tmp_path / "old"
    old.mkdir()
    write_generic(old / "old.jsonl", [
        {"role": "user", "content": f"{COMMON}; the zeppelin cache keeps stale entries"},
        {"role": "assistant", "content": "I will look at how the cache expires."},
    ], {"session_id": "old-zeppelin", "project": "shop"})
    _ingest(vault, old)
    new = tmp_path / "new"
    new.mkdir()
    for k in range(40):
        write_generic(new / f"s{k:02d}.jsonl", [
            {"role": "user", "content": f"{COMMON}, step {k}"},
            {"role": "assistant", "content": f"Deploying the service: config {k} checked."},
        ], {"session_id": f"new-{k:02d}", "project": "shop"})
    _ingest(vault, new)
    monkeypatch.setattr(plan, "BUDGET", BUDGET)
    return vault


def _hits(vault, *args: str) -> list[dict]:
    return json.loads(run_cli("--vault", str(vault), "search", *args, "--json", check=True).stdout)


def _sid(vault, hit: dict) -> str:
    """The agent's session id of the trace a hit is in."""
    return notes.read(vault / hit["path"]).meta["session_id"]


def _con(vault) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{Vault(vault).index_path}?mode=ro", uri=True)


def test_a_rare_word_is_found_first_behind_many_newer_rows_of_common_words(crowd):
    with closing(_con(crowd)) as con:   # the common words hold more rows than a search ranks
        assert fulltext.sample(con, "turns", '"deploy"', BUDGET)[0] > BUDGET
    hits = _hits(crowd, "zeppelin deploy service config")
    assert "old-zeppelin" in _sid(crowd, hits[0]) and hits[0]["turn"] == 1
    assert "**zeppelin**" in hits[0]["snippet"] and "**deploy**" in hits[0]["snippet"]
    notes = _hits(crowd, "zeppelin deploy service config", "--by", "note")
    assert "old-zeppelin" in _sid(crowd, notes[0])


def test_every_row_found_is_scored_on_every_word_of_the_query(crowd):
    found = query.terms("zeppelin deploy service config step")
    with closing(_con(crowd)) as con:
        sample = rank._sampler(con)
        parts = plan.plan(found, partial(sample, "turns", BUDGET), partial(fulltext.newest, con, "turns"))
        assert len(parts) == 2 and not any(p.exact for p in parts)   # the rare word's rows, and the others'
        every = dict(fulltext.best_turns(con, plan.any_of(found), rank.WEIGHTS, fulltext.Filters(), 10_000))
        for part in parts:
            got = fulltext.best_turns(con, part.expr, rank.WEIGHTS, fulltext.Filters(), 10_000,
                                      rank._floor(sample, "turns", part), plan.any_of(found))
            assert got and all(score == pytest.approx(every[rowid], abs=1e-9) for rowid, score in got)


def test_a_search_ranks_a_bounded_number_of_rows(crowd):
    with closing(_con(crowd)) as con:
        total = fulltext.sample(con, "turns", '"deploy" OR "config"', 10_000)[0]
        sample = rank._sampler(con)
        parts = plan.plan(["deploy", "config"], partial(sample, "turns", BUDGET), partial(fulltext.newest, con, "turns"))
        assert parts == [plan.Part('("deploy" AND "config")', BUDGET, True)]
        floor = rank._floor(sample, "turns", parts[0])
        ranked = fulltext.best_turns(con, parts[0].expr, rank.WEIGHTS, fulltext.Filters(), 10_000, floor)
    assert total > 2 * BUDGET and len(ranked) <= BUDGET + 1   # the newest of them
    assert min(rowid for rowid, _ in ranked) == floor
    hits = _hits(crowd, "deploy config", "--limit", "5")
    assert len(hits) == 5 and all(_sid(crowd, h).startswith("new-") for h in hits)


def test_a_filtered_search_still_ranks_every_matching_row(crowd):
    hits = _hits(crowd, "zeppelin deploy")
    assert "old-zeppelin" in _sid(crowd, hits[0])
    proc = run_cli("--vault", str(crowd), "search", "deploy zeppelin", "--project", "shop", "--json", check=True)
    assert "old-zeppelin" in _sid(crowd, json.loads(proc.stdout)[0])


def test_snippets_read_by_range_are_each_rows_own(crowd, monkeypatch):
    """Hits far apart are read a range each and nearby ones in one range: each row's snippet is the
    one FTS5 gives that row alone, and a row the words do not match has none."""
    monkeypatch.setattr(fulltext, "SNIPPET_GAP", 3)
    expr = '"zeppelin" OR "deploy" OR "checked"'
    sql = "SELECT snippet(turns, -1, char(2), char(3), ' … ', 16) FROM turns WHERE turns MATCH ? AND rowid = ?"
    with closing(_con(crowd)) as con:
        rowids = [r for r, in con.execute("SELECT rowid FROM turns WHERE turns MATCH ? ORDER BY rowid", (expr,))]
        unmatched = con.execute("SELECT rowid FROM turns WHERE turns MATCH '\"expires\"'").fetchone()[0]
        picked = [rowids[-1], rowids[0], rowids[1], rowids[len(rowids) // 2], unmatched]
        got = fulltext.snippets(con, expr, picked)
        alone = {r: " ".join(s.split()) for r in picked for s, in con.execute(sql, (expr, r))}
    assert len(alone) == 4 and got == alone
