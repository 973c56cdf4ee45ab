"""Our activation generalisation sets (tests/activation_sets/*) build with the shared builder and
meet their minimums. Only the builder runs here, never memkit: bench/activation_sets.py measures."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SHARED

BUILDER = SHARED / "eval" / "builder" / "build.py"
SETS = sorted(d for d in (REPO / "tests" / "activation_sets").iterdir() if d.is_dir() and any(d.glob("*.py")))
REAL_STYLE = re.compile(r"^[A-Z]R\d+$")    # lesson ids like TR01 / HR01 mark folder/tool/way-of-working lessons

pytestmark = pytest.mark.skipif(not BUILDER.is_file(), reason="../shared/eval/builder absent")


def build(src: Path, out: Path) -> tuple[dict, list[dict]]:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run([sys.executable, str(BUILDER), str(out), *sorted(p.name for p in src.glob("*.py"))],
                          cwd=src, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert proc.returncode == 0, f"{src.name} does not validate:\n{proc.stdout}\n{proc.stderr}"
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    probes = [json.loads(l) for l in (out / "probes.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    return manifest, probes


FULL = ("gen-tune", "gen-holdout")


@pytest.mark.parametrize("src", SETS, ids=[d.name for d in SETS])
def test_set_builds_and_meets_its_minimums(src, tmp_path):
    manifest, probes = build(src, tmp_path / src.name)
    lessons = [s for s in manifest["sessions"] if s["role"] == "lesson"]
    files = {s["file"]: s for s in lessons}
    if src.name in FULL:   # the two sets the figures are reported on; a later, smaller held-out set is
        # measured once and kept as written
        assert len(lessons) >= 22
        assert manifest["counts"]["distractor_sessions"] >= 15
        assert sum(bool(REAL_STYLE.match(s["id"])) for s in lessons) >= 10
        assert len({s["domain"] for s in lessons}) >= 16
        assert len({s["correction_style"] for s in lessons}) >= 7
    else:
        assert len(lessons) >= 12 and len({s["domain"] for s in lessons}) >= 12
    for f in files:
        mine = [p for p in probes if p["lesson_session"] == f]
        fire = [p for p in mine if p["expect"] == "fire"]
        silent = [p for p in mine if p["expect"] == "silent"]
        assert len(fire) == 2 and any(p["no_shared_words"] for p in fire), files[f]["id"]
        assert 1 <= len(silent) <= 2, files[f]["id"]
    assert sum(p["expect"] == "silent" and p["lesson_session"] is None for p in probes) >= (10 if src.name in FULL else 8)
    prompts = sum(p["kind"] == "prompt" for p in probes)
    assert prompts >= 0.12 * len(probes)          # about one probe in six asks through a prompt


def test_the_sets_share_no_domain_or_project():
    """The holdout is not a paraphrase of the tuning set: no domain label and no project in common."""
    if len(SETS) < 2:
        pytest.skip("one set only")
    seen: dict[str, tuple[set, set]] = {}
    for src in SETS:
        text = "\n".join(p.read_text(encoding="utf-8") for p in src.glob("*.py"))
        domains = set(re.findall(r'@(?:lesson|distractor)\("\w+", "([\w-]+)"', text))
        projects = set(re.findall(r'^[A-Z]+ = "(/[^"]+)"', text, re.MULTILINE))
        seen[src.name] = (domains, projects)
    names = sorted(seen)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not (seen[a][0] & seen[b][0]), (a, b, seen[a][0] & seen[b][0])
            assert not (seen[a][1] & seen[b][1]), (a, b, seen[a][1] & seen[b][1])
