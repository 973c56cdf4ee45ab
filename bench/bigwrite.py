#!/usr/bin/env python3
"""Hook latency on a megabyte: `check --hook` for a Write of ~1 MB (a lock file), as whole
processes, on a copy of the example vault; p50 and p95 beside a small Write in the same run.

    .venv/bin/python bench/bigwrite.py            # 30 calls each
    .venv/bin/python bench/bigwrite.py --calls 60
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def payload(size: int) -> str:
    lines, n = [], 0
    while sum(map(len, lines)) + len(lines) < size:
        lines.append(f'"pkg-{n}": {{"version": "1.{n}.0", "resolved": "https://registry.example/pkg-{n}"}},')
        n += 1
    return json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Write", "cwd": "/srv/shop",
                       "session_id": "bench", "tool_input": {"file_path": "/srv/shop/package-lock.json",
                                                             "content": "\n".join(lines)}})


def timed(memkit: str, vault: Path, data: str, calls: int) -> list[float]:
    out = []
    for _ in range(calls):
        t = time.perf_counter()
        subprocess.run([memkit, "--vault", str(vault), "check", "--hook"], input=data, text=True,
                       capture_output=True, check=True)
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=30)
    ap.add_argument("--memkit", default=str(Path(sys.executable).parent / "memkit"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        vault = Path(tmp) / "vault"
        shutil.copytree(REPO / "vault", vault)
        subprocess.run([args.memkit, "--vault", str(vault), "reindex"], capture_output=True, check=True)
        big, small = payload(1 << 20), payload(2000)
        timed(args.memkit, vault, big, 3)   # warm: the index and the catalogue snapshot are built
        for name, data in (("1 MB Write", big), ("2 KB Write", small)):
            ms = sorted(timed(args.memkit, vault, data, args.calls))
            p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
            print(f"{name} ({len(data):,} bytes of JSON): p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, "
                  f"max {ms[-1]:.0f} ms over {len(ms)} calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
