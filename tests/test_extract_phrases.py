"""The phrase table's prefilter: a regex it leaves out for a text cannot match that text."""
from __future__ import annotations

import pytest

from conftest import CORPORA
from memkit.activation import catalogue, catalogue_files
from memkit.extract import phrases

ODD = ["", "NEVER push to MAIN again", "don't\x1cdo that", "ﬁle was never found", "the Kelvin \u212a", "İstanbul",
       "from now on\talways run the tests", "I prefer tabs.\nWe use pnpm here", "it turns out the root cause was DNS"]


def _examples() -> list[str]:
    texts = []
    for path in sorted(catalogue.PACKAGED.glob("*.toml")):
        for entry in catalogue_files.read_file(path)[1]:
            texts += [x.split(": ", 1)[-1] for x in entry.get("examples", []) + entry.get("counter", [])]
    return texts


def _same(texts: list[str]) -> None:
    for key, items in phrases.phrases().items():
        if not isinstance(items, list):
            continue
        for text in texts:
            kept = phrases.listed(key, text)
            first = None
            for item in items:
                rx = item["rx"] if isinstance(item, dict) else item
                m = rx.search(text)
                assert not m or any(k is item for k in kept), (key, rx.pattern, text)
                first = first or m
            if not isinstance(items[0], dict):   # find(): the first match of the first regex that matches
                found = phrases.find(key, text)
                assert (found and (found.re, found.span())) == (first and (first.re, first.span())), (key, text)


@pytest.mark.slow   # seconds of CPU; CI runs it with the slow tests
def test_a_phrase_left_out_for_a_text_cannot_match_it():
    """Over the catalogue's examples (prose and commands) and texts that are not plain ASCII, or
    hold a space \\s matches that no literal spells, or upper-case words."""
    _same(_examples()[::2] + ODD)


@pytest.mark.slow
@pytest.mark.skipif(not CORPORA.is_dir(), reason="../shared/corpora absent")
def test_a_phrase_left_out_for_a_line_of_the_real_logs_cannot_match_it():
    lines = [line for path in sorted((CORPORA / "bookminder-console").glob("day-*.md"))
             for line in path.read_text(encoding="utf-8", errors="replace").split("\n\n")]
    _same(lines[::3])
