"""A lesson that names no kind by the catalogue's patterns, but speaks at length in one kind's
rarest words, forbids that kind; a long, chatty lesson in the catalogue's common words forbids
nothing it happens to mention."""
from __future__ import annotations

import pytest

from conftest import run_cli, write_generic
from memkit.activation import catalogue, compiler, intent

BUILDS = ("no, that won't work. the cohort was aligned against GRCh38 months ago; this batch came back on hg19, so nothing "
          "lines up with the other 400 samples and the variant calls cannot be compared")
CHATTY = ("ok this is getting long, let me look back at what we changed locally first and think about the plan "
          "before you fix anything else, I want to see where we are")
ALIGN = "Bash: bwa mem ref/hg19.fa reads/S12_R1.fq.gz reads/S12_R2.fq.gz > S12.sam"


@pytest.fixture(scope="module")
def cat():
    return catalogue.load(None)


def test_a_lesson_in_a_kinds_rare_words_forbids_it(cat):
    kid, strength, terms = intent.lesson_kind(intent.lesson_index(cat, compiler.STANDING_AREAS), BUILDS)
    assert kid == "bio:mixed-reference-builds"
    assert strength >= intent.LESSON_THRESHOLD and len(terms) >= intent.LESSON_LEAST
    assert {"grch38", "hg19"} <= set(terms)
    assert compiler.compile_lesson(cat, BUILDS, ALIGN)["forbids"] == ["bio:mixed-reference-builds"]


def test_common_words_at_length_name_no_kind(cat):
    assert intent.lesson_kind(intent.lesson_index(cat, compiler.STANDING_AREAS), CHATTY) == ("", 0.0, [])
    assert compiler.compile_lesson(cat, CHATTY, ALIGN)["forbids"] == []


def test_the_lesson_reaches_a_later_merge_of_builds(tmp_path):
    vault = tmp_path / "v"
    run_cli("init", str(vault), check=True)
    msgs = [{"role": "user", "content": "align the new batch", "timestamp": "2026-06-01T09:00:00Z"},
            {"role": "assistant", "content": "aligning", "timestamp": "2026-06-01T09:00:10Z",
             "tool_calls": [{"id": "c0", "name": "Bash",
                             "input": {"command": ALIGN.removeprefix("Bash: ")}}]},
            {"role": "tool", "tool_call_id": "c0", "content": "[M::main] Real time: 812 sec"},
            {"role": "user", "content": BUILDS, "timestamp": "2026-06-01T09:20:00Z"}]
    log = write_generic(tmp_path / "builds.jsonl", msgs, {"session_id": "builds", "project": "cohort",
                                                          "cwd": "/p/cohort"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    fired = run_cli("--vault", str(vault), "check", "--json",
                    "bcftools merge cohort_grch38.vcf.gz batch7_hg19.vcf.gz -Oz -o merged.vcf.gz", check=True).stdout
    assert "GRCh38" in fired, fired
    quiet = run_cli("--vault", str(vault), "check", "--json", "ls -la results/", check=True).stdout
    assert "GRCh38" not in quiet, quiet
