"""A lesson that says a construct of code needs something ("every scheduled method needs a lock")
after an edit that wrote the construct without it: later code writing the construct recalls the
lesson, code that holds what it needs does not, and code without the construct stays quiet."""
from __future__ import annotations

import pytest

from memkit.activation import acts, catalogue, compiler, match, needs
from memkit.activation.clauses import clauses

CAT = catalogue.load(None)


def _fires(cue: dict, tool: str, payload: dict) -> bool:
    act = acts.from_call(tool, payload)
    return match.judge(match.Cue(match.row_of(cue)), match.Probe(act, CAT.classify(act), CAT), CAT) > 0


CASES = [   # (lesson, the corrected edit's file and code, a later repeat, a later compliant one, unrelated code)
    ("two workers ran the nightly import at once and doubled every row. Each @cron_job needs @run_once too, "
     "no exceptions",
     "tasks/imports.py", "@cron_job('0 2 * * *')\ndef nightly_import():\n    load_all()\n",
     "@cron_job('0 * * * *')\ndef hourly_sync():\n    sync()\n",
     "@cron_job('0 * * * *')\n@run_once\ndef hourly_sync():\n    sync()\n",
     "def helper(rows):\n    return [r for r in rows if r]\n"),
    ("the map stutters. A bare TileView renders again on every tick; each one needs React.memo around it",
     "src/map/TileView.tsx", "export function TileView({ tile }: Props) {\n  return <div>{tile.label}</div>\n}\n",
     "export function TileView({ tile }: Props) {\n  return <span>{tile.name}</span>\n}\n",
     "export const TileView = React.memo(function TileView({ tile }: Props) {\n  return <span/>\n})\n",
     "export function Legend() {\n  return <ul/>\n}\n"),
    ("the printer read a caret in a company name as a command. every writeField call needs zplEscape() around "
     "the text", "label/ship.go", "writeField(b, order.Company)\n", "writeField(b, order.Street)\n",
     "writeField(b, zplEscape(order.Street))\n", 'b.WriteString("^XA")\n'),
]


@pytest.mark.parametrize("lesson, path, wrote, repeat, compliant, unrelated", CASES)
def test_code_that_writes_the_construct_without_what_it_needs_recalls_the_lesson(lesson, path, wrote, repeat,
                                                                                   compliant, unrelated):
    cue = compiler.compile_lesson(CAT, lesson, f"Edit: /home/dev/app/{path} — {wrote}")
    assert cue.get("needs") and set(cue["needs"]) <= set(cue["entities"])
    edit = {"file_path": f"/home/dev/app/{path}", "old_string": "\n", "replace_all": False}
    assert _fires(cue, "Edit", {**edit, "new_string": repeat})
    assert not _fires(cue, "Edit", {**edit, "new_string": compliant})
    assert not _fires(cue, "Edit", {**edit, "new_string": unrelated})


def test_the_construct_and_what_it_lacked_are_read_from_the_code_and_the_rule():
    act = acts.from_trigger("Edit: /srv/jobs.py — @periodic_task(run_every=60)\ndef sync(): pass")[0]
    held, asked = needs.of(act, clauses("Each @periodic_task needs @single_instance, no exceptions"))
    assert held == ["@periodic_task"] and asked == ["@single_instance"]
    # a rule whose names the code already holds, or a lesson about prose, gives nothing
    assert needs.of(act, clauses("Each @periodic_task needs run_every set")) == ([], [])
    assert needs.of(act, clauses("keep the replies short")) == ([], [])
    shell = acts.from_trigger("Bash: ./deploy.sh prod")[0]
    assert needs.of(shell, clauses("Each @periodic_task needs @single_instance")) == ([], [])


def test_a_lesson_that_names_a_kind_of_its_own_is_left_as_the_compiler_reads_it():
    cue = compiler.compile_lesson(CAT, "never git push --force to main, use --force-with-lease",
                                  "Bash: git push --force origin main")
    assert "needs" not in cue
