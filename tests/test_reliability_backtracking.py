"""Texts an agent writes or a person pastes are read in time linear in their length: a hex blob or a
long dotted token before a code pattern, base64 beside "is installed", 32 KB of code pasted into a
prompt. Each case once took seconds to minutes (a pattern retried from every position of a long run);
each must now answer in well under a second, and still find what it found before."""
from __future__ import annotations

import base64
import random
import time

import pytest

from memkit.activation import acts, catalogue
from memkit.extract import signals, statements
from memkit.traces.model import Turn
from memkit.layers import Role

CAT = catalogue.load(None)
N = 64 * 1024   # the hook reads this much of one act (acts.MAX_TEXT)
RNG = random.Random(7)
HEX = bytes(RNG.getrandbits(8) for _ in range(N // 4)).hex()   # 32 KB of hex, the code after it still read


def _timed(fn, limit: float = 1.0):
    start = time.perf_counter()
    out = fn()
    assert time.perf_counter() - start < limit
    return out


def _write(path: str, content: str) -> set[str]:
    return _timed(lambda: set(CAT.classify(acts.from_call("Write", {"file_path": path, "content": content}))))


@pytest.mark.parametrize("content", [
    ("a." * N)[:N],                                             # 28 s before
    "-".join(["release-notes-draft"] * (N // 20))[:N],         # a long kebab-case token: 6 s
])
def test_a_long_dotted_or_hyphenated_run_is_read_once(content):
    _write("/tmp/p/token.txt", content)


@pytest.mark.parametrize("path, code, kind", [
    ("Svc.cs", "var r = client.GetAsync(url).Result;", "dotnet:sync-over-async"),                # 17 s before
    ("views.py", "for u in User.objects.all():\n    pass", "perf:unbounded-query"),             # 17 s
    ("price.js", 'label = total + " USD";', "payments:hardcoded-currency"),                     # > 30 s at 32 KB
])
def test_a_blob_before_the_code_a_kind_looks_for_leaves_it_found_in_time(path, code, kind):
    assert kind in _write(path, f'const BLOB = "{HEX}";\n{code}\n')
    assert kind in _write(path, code + "\n")


def _facts(text: str):
    turn = Turn(n=1, role=Role.USER, text=text)
    return _timed(lambda: statements.facts(turn, signals.own_words(text)))


def test_base64_or_a_dotted_run_beside_is_installed_is_read_in_time():
    blob = base64.b64encode(bytes(RNG.getrandbits(8) for _ in range(4096))).decode()[:4096]
    _facts("numpy is installed on my laptop. the key is: " + blob)          # 8 s before
    _facts("numpy is installed on my laptop, see " + "a." * 1024)          # > 10 s
    # what these rules read is read as before
    assert any(f.fields.get("value") == "installed" for f in _facts("`ripgrep` is installed on this machine"))
    assert any(f.fields.get("value") == "not installed" for f in _facts("node.js isn't installed on the runner"))
    assert any("~/work/app" in str(f.fields.get("value")) for f in _facts("config.yaml is in ~/work/app"))


def test_a_long_pasted_prompt_is_read_by_its_opening_and_its_end():
    code = "".join(f"def f{i}(x):\n    return x + {i}  # helper number {i}\n" for i in range(800))[:32 * 1024]
    act = acts.from_request("drop the legacy_flag column from users in a migration\n" + code + "\nthanks!")
    assert len(act.prose) <= acts.REQUEST_HEAD + acts.REQUEST_TAIL + 3
    assert act.prose.startswith("drop the legacy_flag column") and act.prose.endswith("thanks!")
    _timed(lambda: CAT.classify(act), 2.0)   # 9 s for the whole 32 KB before
    short = "drop the legacy_flag column from users in a migration"
    assert acts.from_request(short).prose == short
