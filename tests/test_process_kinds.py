"""Corrections about how work is done rather than with which tool ("one store first, then the
rest", "only after closing", "Ines closes tickets, not you"): the catalogue's process kinds let a
later request that states only its goal ("swap the brand name across all 1,200 product pages")
meet the lesson, while a kind only said never hides the corrected call's own command.

The cases in tests/data/process-lessons are our own, in domains of our choosing: study.txt was
written beside the kinds, holdout.txt before they were tuned and only measured (three general
defects it showed were mended: dots inside numbers ended a sentence, a compliant request naming
the maintenance window matched, and the diagnosis kind's `about` did not say what it lacks)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli
from test_activation_compiler import _vault_with_lesson

from memkit.activation import acts, catalogue, compiler
from memkit.storage import notes

CAT = catalogue.load(None)
DATA = Path(__file__).parent / "data" / "process-lessons"


def _cases(name: str):
    """(lesson, trigger, request, should fire) from a file of `L:`, `T:`, `+ …` and `- …` lines."""
    lesson = trigger = ""
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("L: "):
            lesson, trigger = line[3:], ""
        elif line.startswith("T: "):
            trigger = line[3:]
        elif line[:2] in ("+ ", "- "):
            yield lesson, trigger, line[2:], line[0] == "+"


def _figures(name: str) -> tuple[int, int, int, int]:
    hits = fires = wrong = silent = 0
    cues: dict[tuple, dict] = {}
    for lesson, trigger, request, should in _cases(name):
        cue = cues.setdefault((lesson, trigger), compiler.compile_lesson(CAT, lesson, trigger))
        met = bool(set(CAT.classify(acts.from_prose(request))) & set(cue["forbids"]))
        if should:
            hits, fires = hits + met, fires + 1
        else:
            wrong, silent = wrong + met, silent + 1
    return hits, fires, wrong, silent


@pytest.mark.parametrize("name, least, most_wrong", [("study.txt", 21, 0), ("holdout.txt", 21, 1)])
def test_a_goal_stated_request_meets_the_process_lesson_it_would_break(name, least, most_wrong):
    hits, fires, wrong, silent = _figures(name)
    assert (fires, silent) == (22, 22)
    assert hits >= least and wrong <= most_wrong, (hits, wrong)


def test_a_lesson_of_a_process_kind_keeps_the_corrected_command_as_its_handle():
    cue = compiler.compile_lesson(
        CAT, "whoa, 600 kiosks in one go. never all of them at once. --canary 5 first, then the rest",
        "Bash: fleetctl apply --policy kiosk-lockdown --targets all")
    assert "process:bulk-change" in cue["forbids"]
    assert "fleetctl apply" in cue["entities"] and "--canary" in cue["complies"]


def _recalled(vault, command: str, *args: str) -> list[str]:
    out = run_cli("--vault", str(vault), command, "--json", *args, check=True).stdout
    return [c["id"] for c in json.loads(out)["cues"]]


def test_a_question_that_is_the_occasion_for_the_mistake_still_recalls_the_lesson(vault, tmp_path):
    path = _vault_with_lesson(vault, tmp_path, "no. don't give me a runtime you haven't measured: time it on a 1% sample "
                   "and say it is an extrapolation", "echo 'the backfill takes about 20 minutes'")
    assert "process:unmeasured-estimate" in notes.read(path).meta["cue"]["forbids"]
    assert _recalled(vault, "context", "how long will rebuilding the search index take? a ballpark is fine") == [
        path.stem]
    assert _recalled(vault, "context", "how many rows does the orders table have?") == []


@pytest.fixture
def window_vault(vault, tmp_path):
    return vault, _vault_with_lesson(vault, tmp_path, "no. the tills only get updated after closing, never while "
                                     "the store is open, card payments die. use posctl update --after-close.",
                                     "posctl update --store 114 --now")


def test_a_request_for_now_recalls_the_window_lesson_and_the_same_program_still_does(window_vault):
    vault, path = window_vault
    assert "process:outside-window" in notes.read(path).meta["cue"]["forbids"]
    assert _recalled(vault, "context", "roll the new receipt layout out to the Bergen stores right now") == [
        path.stem]
    assert _recalled(vault, "check", "posctl update --store 22") == [path.stem]
    assert _recalled(vault, "check", "posctl update --store 22 --after-close") == []
    assert _recalled(vault, "context", "prepare the receipt layout for tonight after close") == []
