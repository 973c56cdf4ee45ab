"""The hand labels in tests/data/extraction-labels/ are well-formed and line up with the corpus.

Each label names a typed prompt by day file, line and hash, never by its text; these tests
check that every (line, sha1) is a typed prompt as memkit's console reader sees it and
that every typed prompt of a labelled day has exactly one label. They say nothing about
extraction quality (bench/extraction.py measures that). The corpus checks skip when the
shared folder beside the repository (or $MEMKIT_SHARED) is absent.
"""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LABELS = REPO / "tests" / "data" / "extraction-labels"
FILES = sorted(LABELS.glob("*.jsonl"))
KINDS = {"correction", "preference", "decision", "fact", "negative_result", "none"}
KEYS = {"file", "line", "sha1", "label", "also", "durable", "why"}


def _bench():
    spec = importlib.util.spec_from_file_location("bench_extraction", REPO / "bench" / "extraction.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_extraction", mod)
    spec.loader.exec_module(mod)
    return mod


BENCH = _bench()


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_there_are_label_files_and_a_readme():
    assert len(FILES) >= 4
    assert (LABELS / "README.md").is_file()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_label_file_is_well_formed(path):
    day = re.fullmatch(r"bookminder-day-(\d{3})", path.stem)
    assert day, f"{path.name}: expected bookminder-day-0NN.jsonl"
    rows = _rows(path)
    assert rows, f"{path.name} is empty"
    lines = []
    for i, row in enumerate(rows, 1):
        where = f"{path.name}:{i}"
        assert set(row) == KEYS, f"{where}: keys {sorted(row)}"
        assert row["file"] == f"bookminder-console/day-{day.group(1)}.md", where
        assert isinstance(row["line"], int) and row["line"] >= 1, where
        assert re.fullmatch(r"[0-9a-f]{12}", row["sha1"]), where
        assert row["label"] in KINDS, where
        assert isinstance(row["also"], list) and len(set(row["also"])) == len(row["also"]), where
        assert all(a in KINDS - {"none", row["label"]} for a in row["also"]), f"{where}: also {row['also']}"
        if row["label"] in ("correction", "preference"):
            assert isinstance(row["durable"], bool), f"{where}: durable must be true or false"
        else:
            assert row["durable"] is None, f"{where}: durable must be null for {row['label']}"
        assert isinstance(row["why"], str) and 0 < len(row["why"]) <= 120, f"{where}: why"
        lines.append(row["line"])
    assert lines == sorted(set(lines)), f"{path.name}: lines must be unique and in file order"


needs_corpus = pytest.mark.skipif(not (BENCH.CORPORA / "bookminder-console").is_dir(),
                                  reason=f"shared corpora not found at {BENCH.CORPORA}")


@needs_corpus
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_labels_identify_every_typed_prompt_of_the_day(path):
    rows = _rows(path)
    day = BENCH.CORPORA / rows[0]["file"]
    prompts = BENCH.typed_prompts(day)          # raises if it disagrees with memkit's console reader
    by_line = {p.line: p for p in prompts}
    for i, row in enumerate(rows, 1):
        p = by_line.get(row["line"])
        assert p is not None, f"{path.name}:{i}: no typed prompt starts at {row['file']}:{row['line']}"
        assert BENCH.prompt_sha(p.text) == row["sha1"], f"{path.name}:{i}: hash differs at line {row['line']}"
        assert not _copies(row["why"], p.text), f"{path.name}:{i}: `why` quotes the prompt"
    assert [r["line"] for r in rows] == [p.line for p in prompts], f"{path.name}: not every typed prompt is labelled"


@needs_corpus
def test_load_labels_attaches_each_label_to_its_prompt():
    day, prompts = BENCH.load_labels(FILES[0])
    assert day.is_file()
    assert all(p.label and p.label_line for p in prompts)


def _copies(why: str, text: str, run: int = 6) -> bool:
    """True when `why` repeats six or more consecutive words of the prompt."""
    w, t = re.findall(r"\w+", why.lower()), " ".join(re.findall(r"\w+", text.lower()))
    return any(" ".join(w[i:i + run]) in t for i in range(len(w) - run + 1))
