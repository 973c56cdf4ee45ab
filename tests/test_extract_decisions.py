"""Decisions that shape the project are recorded (and proposed as ADRs); menu picks that only move
the session along are not; agent-only text never becomes a candidate that claims to be the person's."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, write_generic

from memkit.storage import notes

DESIGNS = ("Two ways to model samples:\n1. an optional is_sample field on the Book record\n"
           "2. a separate SampleBook type with its own loader\nWhich do you prefer?")
MENU = "All tests pass. What next?\n1. Push to GitHub\n2. Stage and commit all changes\n3. Show the diff"


def ingest(vault: Path, tmp_path: Path, offered: str, reply: str, name: str = "d") -> None:
    log = write_generic(tmp_path / f"{name}.jsonl", [
        {"role": "user", "content": "let's support sample books"},
        {"role": "assistant", "content": offered},
        {"role": "user", "content": reply},
    ], {"session_id": name, "agent": "generic", "project": "shelf"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)


def written(vault: Path, folder: str) -> list[notes.Note]:
    return [notes.read(p) for p in sorted((vault / "workshop" / folder).rglob("*.md"))]


@pytest.mark.parametrize("reply, chosen", [
    ("2", "a separate SampleBook type with its own loader"),
    ("yes, the optional field", "an optional is_sample field on the Book record"),
    ("go with the separate type", "a separate SampleBook type with its own loader"),
])
def test_a_choice_among_designs_is_a_decision_with_its_alternatives(vault, tmp_path, reply, chosen):
    ingest(vault, tmp_path, DESIGNS, reply)
    [dec] = written(vault, "observations/decision")
    assert dec.meta["chosen"] == chosen
    assert len(dec.meta["alternatives"]) == 1 and dec.meta["alternatives"][0] != chosen
    assert dec.meta["question"] == "Which do you prefer?"


def test_a_pick_by_number_keeps_the_persons_own_reply(vault, tmp_path):
    ingest(vault, tmp_path, DESIGNS, "2.\nand keep the loader lazy")
    [dec] = written(vault, "observations/decision")
    assert dec.meta["chosen"] == "a separate SampleBook type with its own loader"
    assert dec.meta["reply"] == "2.\nand keep the loader lazy"
    assert '(the reply: "2. and keep the loader lazy")' in dec.body


def test_a_choice_in_words_is_its_own_quote(vault, tmp_path):
    ingest(vault, tmp_path, DESIGNS, "go with the separate type")
    [dec] = written(vault, "observations/decision")
    assert "reply" not in dec.meta and "go with the separate type" in dec.body


@pytest.mark.parametrize("reply", ["1", "2", "go with 3", "yes go ahead", "push to github"])
def test_a_menu_pick_that_only_moves_the_session_along_is_no_decision(vault, tmp_path, reply):
    ingest(vault, tmp_path, MENU, reply)
    assert written(vault, "observations") == []
    assert written(vault, "proposals") == []


def test_a_bare_yes_to_one_proposal_is_no_decision(vault, tmp_path):
    ingest(vault, tmp_path, "I'll add an is_sample field to Book. Shall I go ahead?", "yes")
    assert written(vault, "observations") == []


def test_what_only_the_agent_said_is_no_candidate(vault, tmp_path):
    ingest(vault, tmp_path, "It turns out the root cause was a stale cache. I tried clearing the cache, "
                            "it failed because the directory is read-only.", "ok, thanks")
    assert written(vault, "observations") == []


def test_an_operational_decision_is_never_drafted_as_an_adr(vault, tmp_path):
    """A decision candidate tagged operational (by hand or by another extractor) stays out of the scan."""
    ingest(vault, tmp_path, DESIGNS, "2")
    [dec] = written(vault, "observations/decision")
    assert written(vault, "proposals")            # a debated design choice: a draft ADR
    for p in (vault / "workshop" / "proposals").glob("*.md"):
        p.unlink()
    dec.meta["lifecycle"] = "operational"
    dec.path.write_text(notes.render(dec), encoding="utf-8")
    run_cli("--vault", str(vault), "reindex", check=True)
    from memkit.library import promote
    from memkit.storage.vault import Vault

    v = Vault(vault)
    with v.lock():
        promote.scan(v)
    assert written(vault, "proposals") == []


@pytest.mark.parametrize("question", [
    "Where would you like to go from here?\n1. the CSV export for the accountants\n2. the retry queue for webhooks\n"
    "Which would you like to work on next?",
    "Two things are left:\n1. the CSV export for the accountants\n2. the retry queue for webhooks\nWhat interests you most?",
    "Two ways to begin:\n1. the CSV export for the accountants\n2. the retry queue for webhooks\n"
    "Should we start by building the export?",
    "The key has expired. Options:\n1. renew the signing key\n2. sign with the backup key\nHow would you like to proceed?",
])
def test_a_pick_of_what_to_do_next_is_kept_but_steers_only_this_session(vault, tmp_path, question):
    """The person's pick from a menu of next tasks, or of ways past an obstacle, is a decision; it is
    not a design choice worth a decision record, nor a line at the top of every later session."""
    ingest(vault, tmp_path, question, "2")
    [dec] = written(vault, "observations/decision")
    assert dec.meta["lifecycle"] == "operational" and dec.meta["alternatives"]
    assert written(vault, "proposals") == []
    ingest(vault, tmp_path, DESIGNS, "2", name="e")   # a design question beside it is drafted as before
    assert {d.meta["lifecycle"] for d in written(vault, "observations/decision")} == {"operational", "knowledge"}
    assert len(written(vault, "proposals")) == 1


@pytest.mark.parametrize("question", [
    "Should we start with PostgreSQL or SQLite for the store?",
    "Should I install Redis or Memcached for the session cache?",
    "Would you like to begin with a monorepo or separate repositories?",
])
def test_a_design_choice_asked_as_where_to_begin_is_still_a_design_choice(question):
    from memkit.extract import decisions

    assert decisions._lifecycle(question) == "knowledge"


def test_a_finding_the_person_confirms_is_a_candidate_marked_as_the_agents(vault, tmp_path):
    ingest(vault, tmp_path, "It turns out the nightly job reads the replica, which lags by six hours.",
           "yes, that's right")
    [disc] = written(vault, "observations/discovery")
    assert disc.meta["lesson"] == "It turns out the nightly job reads the replica, which lags by six hours."
    assert (disc.meta["said_by"], disc.meta["confirmed_by"]) == ("agent", "person")
    assert disc.meta["source"].endswith("#^t3]]")   # the person's confirming turn


FIXES = ("The fork errors have a few fixes:\n\n### **Option 1: Disable the profile scripts**\nQuick, but temporary.\n\n"
         "### **Option 2: Update Git for Windows**\nA newer build may carry the fix.\n\n"
         "### **Option 3: Exclude Git from the virus scanner**\nThe scanner slows every fork.\n\n"
         "### **Option 4: Live with it**\nThe errors are cosmetic.\n\n"
         "Which fix would you like me to implement, or should we go back to the router problem?")


@pytest.mark.parametrize("offered, reply, chosen", [
    (FIXES, "start with option 2, 3", "Update Git for Windows; Exclude Git from the virus scanner"),
    (DESIGNS.replace("1.", "A)").replace("2.", "B)"), "A + B",
     "an optional is_sample field on the Book record; a separate SampleBook type with its own loader"),
    ("Should I keep the cache in memory, or should I write it to a file on disk?", "both",
     "keep the cache in memory; write it to a file on disk"),
])
def test_several_options_picked_at_once_are_one_decision(vault, tmp_path, offered, reply, chosen):
    ingest(vault, tmp_path, offered, reply)
    [dec] = written(vault, "observations/decision")
    assert dec.meta["chosen"] == chosen
    assert chosen.split("; ")[0] not in dec.meta.get("alternatives", [])


@pytest.mark.parametrize("offered, reply", [
    (MENU, "1 and 3"),                     # pushing and showing the diff only move the session along
    (FIXES, "5, 6"),                       # no such options
    ("I'll add an is_sample field to Book. Shall I go ahead?", "both"),   # nothing offered twice
])
def test_several_picks_that_name_no_real_alternatives_are_no_decision(vault, tmp_path, offered, reply):
    ingest(vault, tmp_path, offered, reply)
    assert written(vault, "observations/decision") == []


def test_an_option_copied_back_as_the_reply_picks_it(vault, tmp_path):
    ingest(vault, tmp_path, FIXES, "Option 3: Exclude Git from the virus scanner\n\nThe scanner slows every fork.")
    [dec] = written(vault, "observations/decision")
    assert dec.meta["chosen"] == "Exclude Git from the virus scanner"
