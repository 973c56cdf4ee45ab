"""Decisions put as questions: a bulleted menu under the agent's question, the two sides of its
"X, or Y?", a reply that does what one of them says, and a person reversing their own choice;
plus the near misses (a list of findings is no menu, a pronoun names no choice, a go-ahead that
only moves the session along)."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, write_generic

from memkit.storage import notes

BULLETS = ("The flaky test comes from the shared temp folder.\n\nWould you like me to:\n"
           "- Isolate the folder per test with a fixture?\n- Mark the test as flaky and retry it?\n"
           "- Remove the test altogether?\n\nEither way the suite stays green.")
EITHER = ("The cache never expires today. Should we add a time-to-live to every entry, "
          "or just clear the whole cache on deploy?")
OR_NEXT = ("I can shorten the migration. Want me to split it into two files? "
           "Or should we keep one file and add comments?")
FINDINGS = ("I looked at the failures:\n1. The fixture writes to a shared folder\n2. The retry hides the error\n"
            "3. The log level is too low")


def ingest(vault: Path, tmp_path: Path, offered: str, reply: str, name: str = "c") -> None:
    log = write_generic(tmp_path / f"{name}.jsonl", [
        {"role": "user", "content": "look into the flaky suite"},
        {"role": "assistant", "content": offered},
        {"role": "user", "content": reply},
    ], {"session_id": name, "agent": "generic", "project": "suite"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)


def found(vault: Path, kind: str) -> list[notes.Note]:
    return [notes.read(p) for p in sorted((vault / "workshop" / "observations" / kind).glob("*.md"))]


@pytest.mark.parametrize("offered, reply, chosen", [
    (BULLETS, "isolate it, and tell me which other tests share the folder",
     "Isolate the folder per test with a fixture"),
    (BULLETS, "hm, remove it. It never caught anything", "Remove the test altogether"),
    (EITHER, "it looks risky to flush everything, but add the ttl", "add a time-to-live to every entry"),
    (OR_NEXT, "keep it as one, please", "keep one file and add comments"),
])
def test_a_reply_that_does_what_one_alternative_says_is_a_decision(vault, tmp_path, offered, reply, chosen):
    ingest(vault, tmp_path, offered, reply)
    [dec] = found(vault, "decision")
    assert dec.meta["chosen"] == chosen
    assert chosen not in dec.meta["alternatives"] and dec.meta["alternatives"]
    assert found(vault, "correction") == []          # picking what was offered is no pushback


@pytest.mark.parametrize("offered, reply", [
    (FINDINGS, "check the fixture first"),                 # a list of findings is no menu
    (BULLETS, "do whatever you think is best"),            # names none of them
    (EITHER, "why does the cache never expire?"),          # a question picks nothing
    ("All green. Should I push now, or run the slow suite first?", "run it first"),   # moves the session along
])
def test_near_misses_are_no_decision(vault, tmp_path, offered, reply):
    ingest(vault, tmp_path, offered, reply)
    assert found(vault, "decision") == []


def test_a_reversal_of_ones_own_choice_is_a_decision_beside_the_correction(vault, tmp_path):
    ingest(vault, tmp_path, "I marked the test as flaky and added a retry as you asked.",
           "no, I changed my mind. Isolating the folder per test matters more than a green run.")
    [dec] = found(vault, "decision")
    assert dec.meta["chosen"] == "Isolating the folder per test matters more than a green run"
    assert len(found(vault, "correction")) == 1


def test_a_pronoun_names_no_choice(vault, tmp_path):
    ingest(vault, tmp_path, "Here is the retry helper.", "let's use this as the pattern for the other suites?")
    ingest(vault, tmp_path, "Here is the retry helper.", "we'll use it in the other suites too", name="c2")
    assert found(vault, "decision") == []
