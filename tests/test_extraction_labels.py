"""The hand labels in tests/data/extraction-labels/ are well-formed and line up with the corpus.

Each label names a typed prompt by hash, never by its text: a console-day label
(bookminder-day-0NN.jsonl) by day file and line, a JSONL-log label (m-claude.jsonl,
spotter.jsonl: one file per corpus folder of Claude Code logs) by log file, turn and session.
These tests check that every label is a typed prompt as memkit's reader sees it (the console
readers, or the Claude JSONL reader) and that every typed prompt of a labelled day or folder
has exactly one label. They say nothing about extraction quality (bench/extraction.py
measures that). The corpus checks skip when the shared folder beside the repository (or
$MEMKIT_SHARED) is absent.
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
LOG_KEYS = {"file", "turn", "session", "sha1", "label", "also", "durable", "why"}
LOG_FILES = ("m-claude", "spotter")     # label files of JSONL logs: one per folder of ../shared/corpora


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


def _check_label(row: dict, where: str) -> None:
    assert re.fullmatch(r"[0-9a-f]{12}", row["sha1"]), where
    assert row["label"] in KINDS, where
    assert isinstance(row["also"], list) and len(set(row["also"])) == len(row["also"]), where
    assert all(a in KINDS - {"none", row["label"]} for a in row["also"]), f"{where}: also {row['also']}"
    if row["label"] in ("correction", "preference"):
        assert isinstance(row["durable"], bool), f"{where}: durable must be true or false"
    else:
        assert row["durable"] is None, f"{where}: durable must be null for {row['label']}"
    assert isinstance(row["why"], str) and 0 < len(row["why"]) <= 120, f"{where}: why"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_label_file_is_well_formed(path):
    rows = _rows(path)
    assert rows, f"{path.name} is empty"
    if path.stem in LOG_FILES:
        keys = []
        for i, row in enumerate(rows, 1):
            where = f"{path.name}:{i}"
            assert set(row) == LOG_KEYS, f"{where}: keys {sorted(row)}"
            assert row["file"].startswith(f"{path.stem}/") and row["file"].endswith(".jsonl"), where
            assert isinstance(row["turn"], int) and row["turn"] >= 1, where
            assert isinstance(row["session"], str) and row["session"], where
            _check_label(row, where)
            keys.append((row["file"], row["turn"]))
        assert keys == sorted(set(keys)), f"{path.name}: (file, turn) must be unique and in order"
        return
    day = re.fullmatch(r"bookminder-day-(\d{3})", path.stem)
    assert day, f"{path.name}: expected bookminder-day-0NN.jsonl or one of {LOG_FILES}"
    lines = []
    for i, row in enumerate(rows, 1):
        where = f"{path.name}:{i}"
        assert set(row) == KEYS, f"{where}: keys {sorted(row)}"
        assert row["file"] == f"bookminder-console/day-{day.group(1)}.md", where
        assert isinstance(row["line"], int) and row["line"] >= 1, where
        _check_label(row, where)
        lines.append(row["line"])
    assert lines == sorted(set(lines)), f"{path.name}: lines must be unique and in file order"


needs_corpus = pytest.mark.skipif(not (BENCH.CORPORA / "bookminder-console").is_dir(),
                                  reason=f"shared corpora not found at {BENCH.CORPORA}")
DAY_FILES = [f for f in FILES if f.stem not in LOG_FILES]
LOG_LABEL_FILES = [f for f in FILES if f.stem in LOG_FILES]


@needs_corpus
@pytest.mark.parametrize("path", DAY_FILES, ids=lambda p: p.name)
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


@pytest.mark.parametrize("path", LOG_LABEL_FILES, ids=lambda p: p.name)
def test_labels_identify_every_typed_prompt_of_the_logs(path):
    folder = BENCH.CORPORA / path.stem
    if not folder.is_dir():
        pytest.skip(f"shared corpus folder not found at {folder}")
    rows = _rows(path)
    prompts = {}
    for log in BENCH.jsonl_logs(folder):     # every log below the folder, sub-agent logs included
        rel = str(log.relative_to(BENCH.CORPORA))
        for p in BENCH.jsonl_prompts(log):   # memkit's Claude JSONL reader: typed user turns only
            prompts[(rel, p.turn)] = p
    for i, row in enumerate(rows, 1):
        p = prompts.get((row["file"], row["turn"]))
        assert p is not None, f"{path.name}:{i}: no typed prompt at {row['file']} turn {row['turn']}"
        assert BENCH.prompt_sha(p.text) == row["sha1"], f"{path.name}:{i}: hash differs at turn {row['turn']}"
        assert p.session == row["session"], f"{path.name}:{i}: session differs at turn {row['turn']}"
        assert not _copies(row["why"], p.text), f"{path.name}:{i}: `why` quotes the prompt"
    assert sorted((r["file"], r["turn"]) for r in rows) == sorted(prompts), \
        f"{path.name}: not every typed prompt of {folder} is labelled"


@needs_corpus
def test_load_labels_attaches_each_label_to_its_prompt():
    day, prompts = BENCH.load_labels(DAY_FILES[0])
    assert day.is_file()
    assert all(p.label and p.label_line for p in prompts)


@pytest.mark.parametrize("path", LOG_LABEL_FILES, ids=lambda p: p.name)
def test_load_log_labels_attaches_each_label_to_its_prompt(path):
    if not (BENCH.CORPORA / path.stem).is_dir():
        pytest.skip(f"shared corpus folder not found at {BENCH.CORPORA / path.stem}")
    logs, prompts = BENCH.load_log_labels(path)
    assert logs and all(log.is_file() for log in logs)
    assert len(prompts) == len(_rows(path))
    assert all(p.label and p.label_line and p.line == 0 for p in prompts)


def _copies(why: str, text: str, run: int = 6) -> bool:
    """True when `why` repeats six or more consecutive words of the prompt."""
    w, t = re.findall(r"\w+", why.lower()), " ".join(re.findall(r"\w+", text.lower()))
    return any(" ".join(w[i:i + run]) in t for i in range(len(w) - run + 1))
