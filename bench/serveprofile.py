"""Where the time of one hook answered over HTTP (`memkit serve`) goes, on a built vault.

    python bench/serveprofile.py bench/out/vault-10000

Prints, per verb, the p50 over HTTP as bench/run.py measures it (a new connection per call, the
token header, the same payloads), the p50 of the answer itself in-process (`hook.reply` on a vault
kept as `memkit serve` keeps it), the answer's steps (cumulative ms per answer under cProfile,
memkit functions only) and its SQL per statement (ms per answer on the kept connection).
"""
from __future__ import annotations

import cProfile
import http.client
import json
import pstats
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import MEMKIT, clean_env, compile_package, median
from run import check_payloads, context_payloads

REPS = 5


def over_http(root: Path) -> dict[str, float]:
    """p50 per verb of POSTs to a `memkit serve` process, each on a new connection."""
    state = root / ".memkit" / "serve.json"
    state.unlink(missing_ok=True)   # a server killed earlier may have left its own
    proc = subprocess.Popen([MEMKIT, "--vault", str(root), "serve", "--port", "0"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=clean_env())
    try:
        while not state.exists():
            time.sleep(0.1)
        port, secret = json.loads(state.read_text())["port"], (root / ".memkit" / "serve.token").read_text().strip()

        def post(verb: str, payload: dict) -> float:
            t0 = time.perf_counter()
            con = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            con.request("POST", f"/memkit/{verb}", body=json.dumps(payload).encode(), headers={"X-Memkit-Token": secret})
            con.getresponse().read()
            con.close()
            return time.perf_counter() - t0
        out = {}
        for verb, payloads in (("check", check_payloads()), ("context", context_payloads())):
            for p in payloads:
                post(verb, p)
            cpu = cpu_seconds(proc.pid)
            out[verb] = median([post(verb, p) for _ in range(REPS) for p in payloads])
            out[verb + " cpu"] = (cpu_seconds(proc.pid) - cpu) / (REPS * len(payloads))
        return out
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time so far (Linux /proc; 0 elsewhere)."""
    import os

    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def in_process(root: Path) -> list[str]:
    from memkit.activation import hook
    from memkit.integrations import kept, serve
    from memkit.storage import keptindex
    from memkit.storage.vault import Vault

    sql: dict[str, float] = defaultdict(float)
    plain = keptindex.Connection.execute

    def timed(con, text, parameters=(), /):   # the rows are read here, so their time counts too
        t0 = time.perf_counter()
        rows = plain(con, text, parameters)
        rows = rows if isinstance(rows, keptindex.Rows) else keptindex.Rows(rows.fetchall())
        sql[" ".join(text.split())[:70] + (" …" if parameters else "")] += time.perf_counter() - t0
        return rows
    keptindex.Connection.execute = timed
    vault = Vault(root)
    vault.kept = kept.Kept(vault)
    serve.warm(vault)
    lines = []
    for verb, payloads in (("check", check_payloads()), ("context", context_payloads())):
        for p in payloads:
            hook.reply(verb, vault, p)
        walls, prof = [], cProfile.Profile()
        sql.clear()
        for _ in range(REPS):
            for p in payloads:
                t0 = time.perf_counter()
                hook.reply(verb, vault, p)
                walls.append(time.perf_counter() - t0)
        n = REPS * len(payloads)
        top = sorted(sql.items(), key=lambda kv: -kv[1])[:6]
        prof.enable()
        for p in payloads:
            hook.reply(verb, vault, p)
        prof.disable()
        lines.append(f"- `{verb}` in-process p50 {median(walls) * 1000:.2f} ms; SQL per answer: "
                     + "; ".join(f"`{k}` {v / n * 1000:.3f}" for k, v in top))
        lines.append(f"- `{verb}` steps (cumulative ms per answer, cProfile): " + steps(prof, len(payloads)))
    vault.kept.close()
    return lines


def steps(prof: cProfile.Profile, n: int) -> str:
    rows = []
    for (file, _line, fn), (_cc, _nc, _tt, ct, _callers) in pstats.Stats(prof).stats.items():  # type: ignore[attr-defined]
        if "/memkit/" in file and not fn.startswith("<"):
            rows.append((ct, f"{file.split('/memkit/')[-1]}:{fn}"))
    return ", ".join(f"`{label}` {ct / n * 1000:.2f}" for ct, label in sorted(rows, reverse=True)[:14])


def main() -> None:
    root = Path(sys.argv[1]).resolve()
    compile_package()
    http = over_http(root)
    print(f"### `memkit serve` on {root}\n")
    print(f"- over HTTP p50: check {http['check'] * 1000:.2f} ms, context {http['context'] * 1000:.2f} ms; the "
          f"server's CPU per call (mean): check {http['check cpu'] * 1000:.2f} ms, context "
          f"{http['context cpu'] * 1000:.2f} ms")
    print("\n".join(in_process(root)))


if __name__ == "__main__":
    main()
