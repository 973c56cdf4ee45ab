"""The example vault in the repository: the README's main job works on it, and it is current."""
from __future__ import annotations

import json
import shutil

from conftest import REPO, run_cli


def copy(tmp_path):
    target = tmp_path / "vault"
    shutil.copytree(REPO / "vault", target, ignore=shutil.ignore_patterns(".memkit"))
    return target


def test_readme_main_job_recalls_the_correction(tmp_path):
    vault = copy(tmp_path)
    out = run_cli("--vault", str(vault), "check", "git commit -am 'fix typo'", check=True).stdout
    assert out.startswith("memkit — recalled from past sessions")
    assert "never use git add -A in this repo" in out and "turn 4" in out
    ctx = run_cli("--vault", str(vault), "context", "remove the deprecated discount_code column from orders",
                  check=True).stdout
    assert "three-phase removal" in ctx
    hits = json.loads(run_cli("--vault", str(vault), "search", "circuit breaker", "--json", check=True).stdout)
    assert hits and any(h["kind"] == "negative_result" for h in hits)


def test_example_vault_is_current_with_its_sessions(tmp_path):
    """Rebuild with: rm -rf vault && memkit init vault --no-git && memkit --vault vault ingest examples/sessions --no-commit"""
    vault = copy(tmp_path)
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(REPO / "examples" / "sessions"), "--no-commit",
                             "--json", check=True).stdout)
    assert {f["status"] for f in out["files"]} == {"unchanged"}
    assert out["candidates"] == []
