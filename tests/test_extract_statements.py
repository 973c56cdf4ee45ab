"""Facts a person states about their environment, approaches they gave up, and the near misses
that must stay silent. Each case is a small generic JSONL session ingested through the command
line; candidates are read from the workshop on disk.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, write_generic

from memkit.storage import notes

ASK = {"role": "user", "content": "get the ingest job running on the new box"}
REPLY = {"role": "assistant", "content": "Which database should the job use?"}


def candidates(vault: Path, kind: str) -> list[notes.Note]:
    return [notes.read(p) for p in sorted((vault / "workshop" / "observations" / kind).glob("*.md"))]


def said(vault: Path, tmp_path: Path, text: str, name: str = "s") -> None:
    log = write_generic(tmp_path / f"{name}.jsonl", [ASK, REPLY, {"role": "user", "content": text}],
                        {"session_id": name, "agent": "generic", "project": "ingest"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)


FACTS = {
    "installed": ("the build host has `jq` installed, use it for the JSON", "jq_installed", "installed"),
    "installed-passive": ("`shellcheck` is already installed on the runner", "shellcheck_installed", "installed"),
    "not-installed": ("we don't have docker on that machine", "docker_installed", "not installed"),
    "made": ("I've created the ingest_ro role for the job", "ingest_ro", "created"),
    "present": ("I already have `~/.pgpass` with the credentials", "pgpass", "present"),
    "location": ("The warehouse dump lives in /srv/dumps/warehouse", "warehouse_dump_location", "/srv/dumps/warehouse"),
    "port": ("the replica listens on port 6543", "replica_port", "6543"),
    "version": ("we're on Postgres 15.4 everywhere", "postgres_version", "15.4"),
    "version-said": ("the client library is at version 3.2", "library_version", "3.2"),
    "machine": ("I'm on my ThinkPad today, not the desktop", "current_machine", "ThinkPad"),
    "machine-has": ("that laptop has no VPN client", "laptop", "no VPN client"),
    "account": ("my registry account is ops-bot", "registry_account", "ops-bot"),
    "signed-out": ("I am not signed into the cloud console account", "cloud_console_account_login", "not signed in"),
    "access": ("I had to use sudo to read the spool directory", "read_the_spool_directory", "needs sudo"),
    "figure": ("the monthly bill was $41.20 for the replica", "monthly_bill", "$41.20"),
}


@pytest.mark.parametrize("case", sorted(FACTS))
def test_an_environment_fact_the_person_states_becomes_a_fact_candidate(vault, tmp_path, case):
    text, key, value = FACTS[case]
    said(vault, tmp_path, text)
    [fact] = candidates(vault, "fact")
    assert (fact.meta["key"], fact.meta["value"]) == (key, value)
    assert fact.meta["source_kind"] == "user_stated"
    assert text in fact.body                       # the person's own sentence, quoted


NOT_FACTS = {
    "question": "is `jq` installed on the build host?",
    "pronoun": "I have it installed somewhere",
    "vague-place": "all of these are in /srv/dumps",
    "plain-word-thing": "I've created a draft for you",
    "number-not-version": "we are using PEP 621 metadata",
    "on-not-port": "the staging db is on the other cluster",
}


@pytest.mark.parametrize("case", sorted(NOT_FACTS))
def test_near_misses_state_no_fact(vault, tmp_path, case):
    said(vault, tmp_path, NOT_FACTS[case])
    assert candidates(vault, "fact") == []


def test_a_fact_inside_pasted_output_is_not_the_persons(vault, tmp_path):
    said(vault, tmp_path, "here is what I see:\n```\n$ which jq\n/usr/bin/jq\nthe replica listens on port 6543\n```")
    assert candidates(vault, "fact") == []


NEGATIVES = {
    "when-tried": ("when I tried the bulk loader, it hung after the first file and I killed it",
                   "the bulk loader", "it hung after the first file and I killed it"),
    "did-not-help": ("raising the pool size didn't help because the locks are per table",
                     "raising the pool size", "the locks are per table"),
    "gave-up": ("we gave up on logical replication because the schema changes every week",
                "logical replication", "the schema changes every week"),
    "same-error": ("I tried a fresh virtualenv, same error about the missing header",
                   "a fresh virtualenv", "error about the missing header"),
}


@pytest.mark.parametrize("case", sorted(NEGATIVES))
def test_an_approach_given_up_is_a_negative_result_with_its_reason(vault, tmp_path, case):
    text, approach, reason = NEGATIVES[case]
    said(vault, tmp_path, text)
    [neg] = candidates(vault, "negative_result")
    assert (neg.meta["approach"], neg.meta["reason"]) == (approach, reason)


@pytest.mark.parametrize("text", [
    "when I tried the bulk loader, it finished in a minute",
    "switching to the new driver made it twice as fast",
    "we tried it and it worked",
])
def test_an_approach_that_worked_is_no_negative_result(vault, tmp_path, text):
    said(vault, tmp_path, text)
    assert candidates(vault, "negative_result") == []


def test_a_failure_the_agent_reports_and_the_person_confirms_is_marked_as_the_agents(vault, tmp_path):
    log = write_generic(tmp_path / "c.jsonl", [
        ASK, {"role": "assistant", "content": "I tried the parallel loader, it failed because the target table "
                                              "locks on every insert. Shall I go back to the serial one?"},
        {"role": "user", "content": "yes, that's right"}], {"session_id": "c", "agent": "generic"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [neg] = candidates(vault, "negative_result")
    assert neg.meta["approach"] == "the parallel loader"
    assert (neg.meta["said_by"], neg.meta["confirmed_by"]) == ("agent", "person")
