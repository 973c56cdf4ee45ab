"""Provenance in git: trailers that name a note or a turn are found exactly by `git log -F --grep`,
and the commit that created a candidate names it."""
from __future__ import annotations

import json

from conftest import REPO, git, run_cli

from memkit.storage import git as git_mod

EXAMPLES = sorted((REPO / "examples" / "sessions").glob("*.jsonl"))


def test_a_turn_trailer_matches_its_turn_only():
    text = git_mod.message("subject", [("Memkit-Action", "promote"), ("Memkit-Source", "2026-03-02-claude-aa#^t58"),
                                       ("Memkit-Observation", "[[corr-x-1b2c]]")])
    assert "Memkit-Source: [[2026-03-02-claude-aa#^t58]]\n" in text and "Memkit-Observation: [[corr-x-1b2c]]" in text
    assert "Memkit-Action: promote" in text


def test_git_log_finds_exactly_the_commit_that_made_a_candidate(vault):
    out = json.loads(run_cli("--vault", str(vault), "ingest", *map(str, EXAMPLES), "--json", check=True).stdout)
    cid = out["candidates"][0].rsplit("/", 1)[-1].removesuffix(".md")
    found = git(vault, "log", "--format=%H", "-F", "--grep", f"Memkit-Candidate: [[{cid}]]").split()
    assert found == [out["commit"]]
    assert git(vault, "log", "--format=%H", "-F", "--grep", f"Memkit-Candidate: [[{cid[:-1]}]]") == ""
    trace = out["traces"][0].rsplit("/", 1)[-1].removesuffix(".md")
    assert git(vault, "log", "--format=%H", "-F", "--grep", f"Memkit-Trace: [[{trace}]]").split() == found


def test_a_source_turn_is_not_a_prefix_of_a_longer_one(vault):
    (vault / "a.md").write_text("a")
    (vault / "b.md").write_text("b")
    for name, turn in (("a.md", 58), ("b.md", 582)):
        git_mod.commit(vault, [vault / name], f"commit {name}", [("Memkit-Source", f"2026-03-02-claude-aa#^t{turn}")])
    found = git(vault, "log", "--format=%s", "-F", "--grep", "Memkit-Source: [[2026-03-02-claude-aa#^t58]]")
    assert found.split("\n")[:-1] == ["commit a.md"]


def test_the_readme_searches_trailers_as_fixed_strings():
    lines = [line for line in (REPO / "README.md").read_text().splitlines() if "--grep" in line and "Memkit-" in line]
    assert len(lines) >= 3
    for line in lines:
        assert "git log" in line and " -F " in line, line
        value = line.split("Memkit-", 1)[1].split(":", 1)[1].strip().strip('"`')
        assert value.startswith("[[") or line.count("Memkit-Fact") == 1, line
