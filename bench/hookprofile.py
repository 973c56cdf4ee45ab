"""Where the time of one `check --hook` / `context --hook` call goes, on a built vault.

    python bench/hookprofile.py bench/out/vault-10000

Prints, per hook, the median wall time of the whole process beside `python -c pass`, the
import time per module (`python -X importtime`, median of several runs) and the time per
step inside the call (cProfile of `memkit.hook.run`, cumulative, memkit functions only).
"""
from __future__ import annotations

import json
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import MEMKIT, PYTHON, compile_package, median, run  # noqa: E402

PAYLOADS = {
    "check": {"hook_event_name": "PreToolUse", "session_id": "bench", "cwd": "/home/dev/ledger", "tool_name": "Bash",
              "tool_input": {"command": "git add -A && git commit -m 'fix totals'"}},
    "context": {"hook_event_name": "UserPromptSubmit", "session_id": "bench", "cwd": "/home/dev/ledger",
                "prompt": "drop the legacy_status column from orders"},
}
ENTRY = "import sys; from memkit.entry import main; sys.argv[0] = 'memkit'; main()"
STEPS = """
import cProfile, io, json, pstats, sys, time
t0 = time.perf_counter()
from memkit.activation import hook
t1 = time.perf_counter()
prof = cProfile.Profile()
prof.enable()
hook.run(sys.argv[1], sys.argv[2], sys.argv[3])
prof.disable()
t2 = time.perf_counter()
st = pstats.Stats(prof)
rows = []
for (file, line, fn), (cc, nc, tt, ct, callers) in st.stats.items():
    rows.append((ct, tt, nc, f"{file.split('/memkit/')[-1] if '/memkit/' in file else file.rsplit('/', 1)[-1]}:{fn}"))
print(json.dumps({"import_hook": t1 - t0, "run": t2 - t1, "rows": sorted(rows, reverse=True)[:400]}), file=sys.stderr)
"""


def import_times(vault: str, name: str, reps: int) -> tuple[dict[str, float], dict[str, float], float]:
    """Median self and cumulative import time (seconds) per module over reps runs."""
    selfs, cums, totals = defaultdict(list), defaultdict(list), []
    for _ in range(reps):
        r = run([PYTHON, "-X", "importtime", "-c", ENTRY, "--vault", vault, name, "--hook"],
                stdin=json.dumps(PAYLOADS[name]))
        total = 0.0
        for line in r.err.splitlines():
            m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)", line)
            if m:
                selfs[m.group(4)].append(int(m.group(1)) / 1e6)
                cums[m.group(4)].append(int(m.group(2)) / 1e6)
                if not m.group(3):
                    total += int(m.group(2)) / 1e6
        totals.append(total)
    return ({k: statistics.median(v) for k, v in selfs.items()}, {k: statistics.median(v) for k, v in cums.items()},
            statistics.median(totals))


def steps(vault: str, name: str, reps: int) -> tuple[float, float, list[tuple[float, str]]]:
    runs = [json.loads(run([PYTHON, "-c", STEPS, name, vault, json.dumps(PAYLOADS[name])]).err.strip().splitlines()[-1])
            for _ in range(reps)]
    by = defaultdict(list)
    for r in runs:
        for ct, tt, nc, label in r["rows"]:
            by[label].append(ct)
    rows = sorted(((statistics.median(v), k) for k, v in by.items() if len(v) == reps), reverse=True)
    return median([r["import_hook"] for r in runs]), median([r["run"] for r in runs]), rows


def report(vault: str, reps: int = 7) -> str:
    out = []
    floor = median([run([PYTHON, "-c", "pass"]).wall for _ in range(reps * 2)])
    for name in ("check", "context"):
        walls = [run([MEMKIT, "--vault", vault, name, "--hook"], stdin=json.dumps(PAYLOADS[name])).wall
                 for _ in range(reps * 2)]
        selfs, cums, total = import_times(vault, name, reps)
        imp_hook, inside, rows = steps(vault, name, reps)
        out.append(f"### `{name} --hook` on {vault}\n")
        out.append(f"- whole process p50: {median(walls) * 1000:.0f} ms; `python -c pass`: {floor * 1000:.0f} ms")
        out.append(f"- imports (sum of top-level `-X importtime`): {total * 1000:.0f} ms; in-process: "
                   f"`import memkit.activation.hook` {imp_hook * 1000:.0f} ms, `hook.run` {inside * 1000:.0f} ms (under cProfile)")
        top = sorted(cums.items(), key=lambda kv: -kv[1])
        mk = [(k, v) for k, v in top if k.startswith("memkit")][:10]
        third = [(k, v) for k, v in top if not k.startswith(("memkit", "_", "encodings", "site", "__editable"))
                 and "." not in k][:10]
        out.append("- memkit modules (cumulative import ms): " + ", ".join(f"`{k}` {v * 1000:.1f}" for k, v in mk))
        out.append("- other top-level modules (cumulative import ms): " + ", ".join(
            f"`{k}` {v * 1000:.1f}" for k, v in third))
        editable = [v for k, v in cums.items() if k.startswith("__editable__")]
        if editable:
            out.append(f"- the editable-install finder that `site` imports at every start: {editable[0] * 1000:.1f} ms "
                       "(also inside the `python -c pass` floor)")
        shown = [(v, k) for v, k in rows if _interesting(k)][:18]
        out.append("- steps inside the call (cumulative ms under cProfile, which inflates Python-heavy code): "
                   + ", ".join(f"`{k}` {v * 1000:.1f}" for v, k in shown))
        out.append("")
    return "\n".join(out)


def _interesting(label: str) -> bool:
    """memkit's own functions (paths shown relative to the package), SQLite and rapidfuzz calls."""
    if "<" in label or label.startswith(("hook.py:run",)):
        return False
    mine = re.match(r"^[a-z_/]+\.py:", label) and not label.startswith(("__init__.py", "enum.py"))
    return bool(mine) or "execute" in label or "fetch" in label or "fuzz" in label or "ratio" in label


if __name__ == "__main__":
    compile_package()
    print(report(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7))
