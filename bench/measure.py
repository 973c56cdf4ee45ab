"""How bench/run.py times things: one child process at a time, wall clock from spawn to
reap, and that child's own peak RSS from wait4 (not the whole process tree's high-water
mark). Medians and p95 over repeated calls; no timing in this module is ever asserted.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

PYTHON = os.environ.get("BENCH_PYTHON") or str(Path(__file__).resolve().parent.parent / ".venv" / "bin" / "python")
MEMKIT = str(Path(PYTHON).with_name("memkit"))


@dataclass
class Run:
    wall: float          # seconds, spawn to exit
    rss_mb: float        # the child's peak resident set size
    rc: int
    out: str
    err: str


def clean_env(extra: dict | None = None) -> dict:
    """The environment a hook would see: no GIT_* or MEMKIT_* leaking in from the caller, and
    bytecode caching on (an installed package has its .pyc files; without them every call
    would compile memkit's sources again)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "MEMKIT_"))
           and k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra or {})
    return env


def compile_package() -> None:
    """Write memkit's .pyc files, as `pip install` does, so no timed call compiles sources."""
    subprocess.run([PYTHON, "-m", "compileall", "-q", str(Path(__file__).resolve().parent.parent / "memkit")],
                   check=True, env=clean_env(), stdout=subprocess.DEVNULL)


def run(cmd: list[str], *, stdin: str | None = None, cwd: Path | None = None, env: dict | None = None,
        check: bool = True) -> Run:
    err_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"bench-stderr-{os.getpid()}"
    with open(err_path, "w+") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, cwd=cwd,
                             env=env if env is not None else clean_env(), text=True)
        out = _talk(p, stdin)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        err_text = err.read()
    err_path.unlink(missing_ok=True)
    if check and p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}): {err_text.strip()[-500:]}")
    return Run(wall, usage.ru_maxrss / 1024, p.returncode, out, err_text)


def _talk(p: subprocess.Popen, stdin: str | None) -> str:
    """Write stdin, read stdout to the end; the caller reaps the child with wait4 (for its rusage)."""
    if stdin:
        p.stdin.write(stdin)
    p.stdin.close()
    out = p.stdout.read()
    p.stdout.close()
    return out


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def p95(xs: list[float]) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(0.95 * len(s) + 0.5) - 1))]


def timed_calls(cmds: list[tuple[list[str], str | None]], *, cwd: Path | None = None,
                env: dict | None = None, check: bool = True) -> list[Run]:
    return [run(c, stdin=s, cwd=cwd, env=env, check=check) for c, s in cmds]


def in_process(fn, reps: int) -> list[float]:
    out = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out
