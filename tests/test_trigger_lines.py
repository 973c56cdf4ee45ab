"""A correction's trigger describes the corrected edit on one line, yet keeps its lines: the
compiler reads the call's kinds from it with patterns anchored at a line's start."""
from __future__ import annotations

from conftest import run_cli, write_generic

from memkit.activation import acts, catalogue
from memkit.extract import signals
from memkit.storage import notes

CAT = catalogue.load(None)


def test_an_edit_described_on_one_line_classifies_as_its_lines_do():
    code = '"use client";\nimport { useState } from "react";\nexport default function Page() {}\n'
    line = signals._snippet(code, "")
    assert "\n" not in line and signals.LINE_BREAK.strip() in line
    [act] = acts.from_trigger(f"Write: /srv/shop/app/orders/page.tsx — {line}")
    assert "next:use-client" in CAT.classify(act)
    [flat] = acts.from_trigger("Write: /srv/shop/app/orders/page.tsx — " + " ".join(code.split()))
    assert "next:use-client" not in CAT.classify(flat)   # what the lines lost before


def test_the_trigger_of_an_ingested_correction_keeps_the_lines(vault, tmp_path):
    messages = [{"role": "user", "content": "add the orders page"},
                {"role": "assistant", "content": "Writing the page.", "tool_calls": [
                    {"id": "w1", "name": "Write", "input": {"file_path": "app/orders/page.tsx",
                                                           "content": '"use client";\nexport default function P() {}\n'}}]},
                {"role": "tool", "tool_call_id": "w1", "content": "ok"},
                {"role": "user", "content": "no, pages stay server components here, never mark a page that way"}]
    log = write_generic(tmp_path / "s.jsonl", messages, {"session_id": "s1", "agent": "generic", "project": "shop"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [path] = (vault / "workshop" / "observations" / "correction").glob("*.md")
    trigger = notes.read(path).meta["trigger"]
    assert trigger.startswith("Write: ") and signals.LINE_BREAK in trigger and "\n" not in trigger


def test_a_short_lesson_in_the_words_of_what_the_call_did_forbids_it():
    from memkit.activation import compiler

    trigger = 'Write: /srv/shop/app/orders/page.tsx — "use client"; ⏎ export default function P() { return null }'
    cue = compiler.compile_lesson(CAT, "no, pages stay server components here, never mark a page that way", trigger)
    assert "next:use-client" in cue["forbids"]
    long = ("no, pages stay server components here, never mark a page that way; we talked about this at length in "
            "the review last spring and again when the checkout was rebuilt, and the notes are in the wiki")
    assert "next:use-client" not in compiler.compile_lesson(CAT, long, trigger)["forbids"]   # a long lesson
    # meets a kind's words by chance: only the short remark is read this way


def test_a_lesson_in_the_words_of_the_wider_kind_names_no_special_case_of_it():
    """"the commit message doesn't reflect the changes" after a commit whose message was also not in
    the Conventional Commits form speaks of commit messages, the wider kind: the form it lacked is
    not the mistake (it would recall the lesson before every such commit); a lesson in the special
    case's own words still names it."""
    from memkit.activation import compiler

    trigger = 'Bash: git add notes.md && git commit -m "Added tags to the notes" (rejected)'
    vague = compiler.compile_lesson(CAT, "the commit message doesn't reflect the changes you made, fix it", trigger)
    assert "git:nonconventional-message" not in vague["forbids"] and "git:commit-message" in vague["forbids"]
    said = compiler.compile_lesson(CAT, "we follow conventional commits, a feat: or fix: prefix", trigger)
    assert "git:nonconventional-message" in said["forbids"]
