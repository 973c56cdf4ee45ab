"""Patterns compiled once per machine (memkit.rxcache): the next process gets the very pattern
`re.compile` gives, from the kept code; a damaged, stale or foreign cache is compiled afresh."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from memkit import rxcache
from memkit.activation import catalogue

# each process compiles these, reports which came from the cache, and checks each against re.compile
_PROBE = r"""
import json, re, sys
from memkit import rxcache
patterns = json.loads(sys.stdin.read())
kept, same = 0, 0
for source, flags in patterns:
    made = rxcache.compile(source, flags)
    key = rxcache._key(source, flags)
    kept += rxcache._span(key) is not None and key not in rxcache._state["new"]
    same += made == re.compile(source, flags) and made.groupindex == re.compile(source, flags).groupindex
rxcache.save()   # as the hook's fast path does before it ends
print(json.dumps({"kept": kept, "same": same}))
"""


def _fresh() -> dict:
    return {"loaded": False, "keys": rxcache.array("Q"), "spans": rxcache.array("Q"), "cold": None, "new": {},
            "dir": None}


def _patterns() -> list[tuple[str, int]]:
    cat = catalogue.load(None)
    sources = sorted({s for k in list(cat.kinds.values())[::20] for rx in catalogue._all_rx(k) for s in rx.sources})
    return [(s, 0) for s in sources] + [
        (r"(?P<word>[a-z]+)\s+(?P=word)", re.IGNORECASE), (r"^\s*#", re.MULTILINE), (r"é+|ß", 0),
        (r"(?x) a  b # spaced", 0), (r"\bcolou?r\b", re.ASCII | re.IGNORECASE)]


def _run(cache: Path, patterns) -> dict:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run([sys.executable, "-c", _PROBE], input=json.dumps(patterns), env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(rxcache._sre is None, reason="another Python: re.compile alone")
def test_the_next_process_gets_each_pattern_from_the_cache_and_it_is_what_re_makes(tmp_path):
    patterns = _patterns()
    assert len(patterns) > 100
    first = _run(tmp_path, patterns)
    assert first == {"kept": 0, "same": len(patterns)}
    assert (tmp_path / "memkit" / rxcache.NAME).is_file()
    assert _run(tmp_path, patterns) == {"kept": len(patterns), "same": len(patterns)}


@pytest.mark.skipif(rxcache._sre is None, reason="another Python: re.compile alone")
@pytest.mark.parametrize("damage", ["garbage", "cut", "flipped", "other python"])
def test_a_damaged_or_foreign_cache_is_compiled_afresh_and_rewritten(tmp_path, damage):
    patterns = [(r"\bgit\s+push\s+(-f|--force)\b", 0), (r"(?i)\bdrop\s+table\b", 0), (r"[a-z]{3,}", 0)]
    _run(tmp_path, patterns)
    path = tmp_path / "memkit" / rxcache.NAME
    whole = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"\x00not a cache")
    elif damage == "cut":
        path.write_bytes(whole[: len(whole) - 40])
    elif damage == "flipped":   # a byte of the last entry changed: it may still be code the engine takes
        at = len(whole) - 12
        path.write_bytes(whole[:at] + bytes([whole[at] ^ 1]) + whole[at + 1:])
    else:
        path.write_bytes(whole.replace(b"cpython", b"cpythoX", 1))
    again = _run(tmp_path, patterns)
    assert again["same"] == len(patterns)
    assert again["kept"] == (2 if damage == "flipped" else 0)
    assert _run(tmp_path, patterns) == {"kept": len(patterns), "same": len(patterns)}


def test_a_bad_pattern_raises_as_re_does_and_nothing_is_kept_of_it(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(rxcache, "_state", _fresh())
    with pytest.raises(re.error):
        rxcache.compile(r"(unclosed")
    assert rxcache.compile(r"a|b", re.I) == re.compile(r"a|b", re.I)
    assert list(rxcache._state["new"]) == [rxcache._key(r"a|b", re.I)]
    rxcache.save()
    assert (tmp_path / "memkit" / rxcache.NAME).is_file() and rxcache._state["new"] == {}


def test_an_unwritable_cache_folder_still_compiles(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    monkeypatch.setattr(rxcache, "_state", _fresh())
    assert rxcache.compile(r"\d+") == re.compile(r"\d+")
    rxcache.save()   # nowhere to keep it: nothing raised
    assert blocked.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.slow   # seconds of CPU; CI runs it with the slow tests
@pytest.mark.skipif(rxcache._sre is None, reason="another Python: re.compile alone")
def test_a_hook_process_keeps_what_it_compiled_though_it_ends_without_exit_handlers(tmp_path):
    """The hook's fast path ends with os._exit: it saves the patterns it compiled afresh itself,
    and the next hook process takes them from the cache."""
    exe = Path(sys.executable).parent / "memkit"
    if not exe.exists():
        pytest.skip("no memkit executable beside this Python")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    vault = tmp_path / "vault"
    subprocess.run([str(exe), "init", str(vault)], env=env, capture_output=True, check=True, timeout=120)
    event = json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Bash", "session_id": "s", "cwd": str(tmp_path),
                        "tool_input": {"command": "git push --force origin main"}})
    kept = tmp_path / "cache" / "memkit" / rxcache.NAME
    kept.unlink(missing_ok=True)
    done = subprocess.run([str(exe), "--vault", str(vault), "check", "--hook"], input=event, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = rxcache._read(str(kept))
    assert found is not None and len(found[0]) > 20   # memkit's own patterns and the kinds the call needed
    stamp = kept.stat().st_mtime_ns
    again = subprocess.run([str(exe), "--vault", str(vault), "check", "--hook"], input=event, env=env,
                           capture_output=True, text=True, timeout=120)
    assert again.stdout == done.stdout
    assert kept.stat().st_mtime_ns == stamp   # nothing new to keep: every pattern came from the cache


def test_a_process_that_does_not_save_leaves_the_cache_as_it_was(tmp_path):
    """Only the processes a person waits on keep what they compiled: one that compiles patterns
    and neither ingests nor answers a hook (a review, a test run) does not grow the file."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    code = "from memkit import rxcache\nfor n in range(50):\n    rxcache.compile('x{%d}y' % n)\n"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "memkit" / rxcache.NAME).exists()


@pytest.mark.slow   # two whole ingest processes: runs in CI's `pytest -m slow` step
@pytest.mark.skipif(rxcache._sre is None, reason="another Python: re.compile alone")
def test_an_ingest_keeps_what_it_compiled_and_the_next_one_compiles_nothing(tmp_path):
    """A session's ingest (and the pre-commit hook's extraction) compiles some hundreds of
    patterns of its own: it keeps them at exit, and the next ingest takes every one from the
    cache, the redaction scanner's one large pattern included."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    vault, logs = tmp_path / "vault", tmp_path / "logs"
    logs.mkdir()
    (logs / "s.jsonl").write_text(json.dumps({"session_id": "s1", "role": "user", "content": (
        "no, never push to main directly; open a pull request with gh pr create instead")}) + "\n", encoding="utf-8")
    report = ("import sys\nfrom memkit import rxcache\nfrom memkit.cli import main\nkeep = rxcache.save\n"
              "def told():\n    print('new', len(rxcache._state['new']), file=sys.stderr)\n    keep()\n"
              "rxcache.save = told\nmain(sys.argv[1:])\n")   # what the ingest's exit handler keeps
    runs = []
    for n in range(2):
        subprocess.run([sys.executable, "-m", "memkit", "init", str(vault / str(n))], env=env, capture_output=True,
                       check=True, timeout=120)
        done = subprocess.run([sys.executable, "-c", report, "--vault", str(vault / str(n)), "ingest", str(logs),
                               "--format", "generic", "--no-commit"], env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        runs.append(int(done.stderr.split("new ")[-1].split()[0]))
    assert runs[0] > 100 and runs[1] == 0, runs


def test_the_patterns_memkit_builds_are_the_same_in_every_process(tmp_path):
    """A pattern joined from a set's words must not depend on the process's string hashing:
    the cache knows a pattern by its text, and one that changed with every process was compiled
    afresh by every one (the redaction scanner's 16 KB pattern did, for ~30 ms of each ingest)."""
    code = ("import hashlib\nimport memkit.redact.patterns as p\nimport memkit.extract.heuristic, "
            "memkit.activation.compiler\nfrom memkit import rxcache\n"
            "print(hashlib.sha1('\\n'.join(sorted(e[:200].hex() for e in rxcache._state['new'].values()))"
            ".encode()).hexdigest(), hashlib.sha1(p._SCAN.pattern.encode()).hexdigest())\n")
    seen = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "XDG_CACHE_HOME": str(tmp_path / seed)}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        seen.add(done.stdout.split()[1])
    assert len(seen) == 1
