#!/usr/bin/env python3
"""Activation on real corrections: people's own words from the shared real logs, later actions written by hand.

    .venv/bin/python bench/activation_real.py                        # summary, per-lesson lines, last line activation: ...
    .venv/bin/python bench/activation_real.py -v --json /tmp/real.json
    .venv/bin/python bench/activation_real.py --memkit "python -m memkit" --shared /work/shared

A fresh vault is made with `memkit init`, the corpus files listed in
tests/activation_sets/real/corpus.txt (paths under ../shared/corpora) are ingested with
`memkit ingest --no-commit`, and every probe of tests/activation_sets/real/probes.jsonl is sent
to `memkit check --hook` (pre_tool) or `memkit context --hook` (prompt), one process per probe.
Results are classified as ../shared/eval/activation-dev/run.py classifies them (hit, wrong
context, miss, error; false fire or ok). Per lesson it also says whether extraction wrote a
candidate whose `lesson` contains the correction's first words. Reads the corpus, never copies it.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SET_DIR = REPO / "tests" / "activation_sets" / "real"
STOP = frozenset("""a about above after again all also am an and any are as at be been before being but by can
could did do does doing done don dont down each else even for from get got had has have having he her here him
his how i if in into is it its just let lets like may me might more most must my no nor not now of off on once
one only or other our out over own please same shall she should so some such than that the their them then
there these they this those through to too under until up upon us very was we were what when where which while
who whom why will with would yes yet you your yours ok okay plz right""".split())
TOKEN = re.compile(r"[a-z0-9_]+")


# ---- words, as the probe format counts them ---------------------------------------------
def norm(s: str) -> str:
    """Lower-cased, quotes and dashes folded, whitespace collapsed (run.py's matching)."""
    s = s.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    s = re.sub(r"[\u2010-\u2015]", "-", s)
    return re.sub(r"\s+", " ", s).strip().lower()


def stem(word: str) -> str:
    """A light stem: plural, -ing and -ed endings off, a trailing e and a doubled last letter folded."""
    if "_" in word or word.isdigit():
        return word                                        # identifiers and numbers stay whole
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x")):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            return word[: -len(suffix)] + keep
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def content_words(text: str) -> set[str]:
    """Lower-cased [a-z0-9_]+ tokens of 3 or more characters, stopwords out, lightly stemmed."""
    return {stem(t) for t in TOKEN.findall(text.lower()) if len(t) >= 3 and t not in STOP}


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def action_text(probe: dict) -> str:
    """What the agent is about to do: the prompt, or every string of the tool call's input."""
    payload = probe["payload"]
    if probe["kind"] == "prompt":
        return payload.get("prompt", "")
    return "\n".join(_strings(payload.get("tool_input")))


def shared_words(probe: dict, correction: str) -> list[str]:
    return sorted(content_words(action_text(probe)) & content_words(correction))


# ---- the set: probes, corpus files, the corrections they name ----------------------------
def load_probes(path: Path = SET_DIR / "probes.jsonl") -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def corpus_files(corpora: Path, listing: Path = SET_DIR / "corpus.txt") -> list[Path]:
    """The listed corpus files in their listed order (one relative path a line, # comments)."""
    lines = (l.split("#", 1)[0].strip() for l in listing.read_text(encoding="utf-8").splitlines())
    return [corpora / l for l in lines if l]


def lessons(probes: list[dict]) -> list[dict]:
    """Each lesson once, in probe order: {"file", "starts"}."""
    seen: dict[tuple, dict] = {}
    for p in probes:
        if p.get("lesson"):
            seen.setdefault((p["lesson"]["file"], p["lesson"]["starts"]), p["lesson"])
    return list(seen.values())


def typed_prompts(path: Path) -> list[str]:
    """Every prompt a person typed in a log, as memkit's own reader reads it."""
    from memkit.traces import ingest

    sessions = ingest.reader(ingest.detect(path)).read(path)
    return [t.text for s in sessions for t in s.turns if t.typed]


def find_correction(corpora: Path, lesson: dict, cache: dict | None = None) -> str | None:
    """The first typed prompt of the lesson's file that starts with the lesson's first words."""
    cache = {} if cache is None else cache
    path = corpora / lesson["file"]
    if path not in cache:
        cache[path] = typed_prompts(path)
    start = norm(lesson["starts"])
    return next((t for t in cache[path] if norm(t).startswith(start)), None)


# ---- running memkit, classifying what it printed ----------------------------------------
def classify(rc, stdout: str, err: str | None, expected_event: str) -> tuple[str, str, str]:
    """-> (status, detail, context), status silent | fired | error, exactly as run.py decides."""
    if err:
        return "error", err, ""
    if rc != 0:
        return "error", f"exit status {rc}", ""
    out = (stdout or "").strip()
    if not out:
        return "silent", "", ""
    try:
        obj = json.loads(out)
    except ValueError:
        return "error", "stdout is not valid JSON", ""
    if not isinstance(obj, dict):
        return "error", "stdout JSON is not an object", ""
    status, detail, ctx, effect = _hook_output(obj.get("hookSpecificOutput"), expected_event)
    if status == "error":
        return status, detail, ""
    if obj.get("decision") == "block" or obj.get("continue") is False:
        effect = True
    return ("fired", "", ctx) if ctx.strip() or effect else ("silent", "", "")


def _hook_output(hso, expected_event: str) -> tuple[str, str, str, bool]:
    if hso is None:
        return "ok", "", "", False
    if not isinstance(hso, dict):
        return "error", "hookSpecificOutput is not an object", "", False
    if hso.get("hookEventName") != expected_event:
        return "error", f"hookEventName is {hso.get('hookEventName')!r}, expected {expected_event!r}", "", False
    ctx = hso.get("additionalContext")
    if ctx is not None and not isinstance(ctx, str):
        return "error", "additionalContext is not a string", "", False
    decision = hso.get("permissionDecision")
    if decision is not None and decision not in ("allow", "deny", "ask", "defer"):
        return "error", f"unknown permissionDecision {decision!r}", "", False
    return "ok", "", ctx or "", decision in ("deny", "ask")


def run(cmd: list[str], env: dict, cwd: Path, stdin: str | None = None, timeout: float | None = None):
    """-> (rc, stdout, stderr, seconds, error) with error None, 'timeout' or 'oserror: ...'."""
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout, cwd=cwd,
                           env=env, encoding="utf-8", errors="replace", check=False)
        return p.returncode, p.stdout, p.stderr, time.perf_counter() - t0, None
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode("utf-8", "replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return None, out, "", time.perf_counter() - t0, "timeout"
    except OSError as e:
        return None, "", str(e), time.perf_counter() - t0, f"oserror: {e}"


def _tail(s: str, n: int = 300) -> str:
    s = (s or "").strip()
    return s if len(s) <= n else "..." + s[-n:]


def build_vault(argv: list[str], env: dict, work: Path, files: list[Path], timeout: float) -> tuple[float, list[str]]:
    """`memkit init` a vault under work, ingest the files without committing; -> (seconds, errors)."""
    vault, errors, seconds = work / "vault", [], 0.0
    rc, out, err, _, e = run(argv + ["init", str(vault)], env, work, timeout=timeout)
    if e or rc != 0:
        errors.append(f"init failed ({e or f'exit {rc}'}): {_tail(err or out)}")
    for i in range(0, len(files), 100):
        batch = [str(f) for f in files[i:i + 100]]
        rc, out, err, dt, e = run(argv + ["--vault", str(vault), "ingest", "--no-commit", *batch], env, work,
                                  timeout=timeout)
        seconds += dt
        if e or rc != 0:
            errors.append(f"ingest failed ({e or f'exit {rc}'}): {_tail(err or out)}")
    return seconds, errors


def probe_once(argv: list[str], env: dict, work: Path, p: dict, timeout: float) -> dict:
    sub, event = ("check", "PreToolUse") if p["kind"] == "pre_tool" else ("context", "UserPromptSubmit")
    rc, out, err, dt, e = run(argv + ["--vault", str(work / "vault"), sub, "--hook"], env, work,
                              stdin=json.dumps(p["payload"]), timeout=timeout)
    status, detail, ctx = classify(rc, out, e, event)
    nctx = norm(ctx)
    matched = next((ph for ph in p.get("expect_any") or [] if norm(ph) in nctx), None) if status == "fired" else None
    if p["expect"] == "fire":
        outcome = "hit" if matched else {"fired": "wrong_context", "error": "error"}.get(status, "miss")
    else:
        outcome = {"fired": "false_fire", "error": "error"}.get(status, "ok")
    lesson = p.get("lesson")
    return {"id": p["id"], "kind": p["kind"], "expect": p["expect"], "domain": p.get("domain"),
            "lesson": f"{lesson['file']}: {lesson['starts']}" if lesson else None,
            "no_shared_words": bool(p.get("no_shared_words")), "same_domain": bool(lesson),
            "status": status, "outcome": outcome, "matched": matched, "error": detail or None,
            "latency_ms": round(dt * 1000, 1), "context_head": ctx[:300],
            "stderr_tail": _tail(err) if status == "error" else "", "note": p.get("note", "")}


# ---- was the correction extracted at all -------------------------------------------------
def candidate_lessons(vault: Path) -> list[str]:
    """The `lesson` of every observation candidate extraction wrote, normalised."""
    import yaml

    found = []
    for path in sorted((vault / "workshop" / "observations").glob("*/*.md")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if not text.startswith("---"):
            continue
        try:
            meta = yaml.safe_load(text.split("---", 2)[1]) or {}
        except yaml.YAMLError:
            continue
        if isinstance(meta, dict) and isinstance(meta.get("lesson"), str):
            found.append(norm(meta["lesson"]))
    return found


def extraction_of(lesson: dict, phrases: list[str], candidates: list[str]) -> dict:
    start = norm(lesson["starts"])
    return {"extracted": any(start in c for c in candidates),
            "quoted": any(norm(ph) in c for c in candidates for ph in phrases)}


# ---- report ------------------------------------------------------------------------------
def _rate(part: list, whole: list) -> float:
    return len(part) / len(whole) if whole else 0.0


def _frac(part: list, whole: list) -> str:
    return f"{_rate(part, whole):.3f} ({len(part)}/{len(whole)})"


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    return v[max(0, min(len(v) - 1, int(round(q / 100.0 * len(v) + 0.5)) - 1))]


def summary(results: list[dict], ingest_s: float, setup_errors: list[str]) -> dict:
    pos = [r for r in results if r["expect"] == "fire"]
    neg = [r for r in results if r["expect"] == "silent"]
    nsw = [r for r in pos if r["no_shared_words"]]
    hit = lambda rows: [r for r in rows if r["outcome"] == "hit"]
    lat = [r["latency_ms"] for r in results]
    return {"hit_rate": round(_rate(hit(pos), pos), 4), "hit_rate_no_shared_words": round(_rate(hit(nsw), nsw), 4),
            "false_fire_rate": round(_rate([r for r in neg if r["outcome"] == "false_fire"], neg), 4),
            "p50_ms": round(_pct(lat, 50), 1), "p95_ms": round(_pct(lat, 95), 1), "positives": len(pos),
            "negatives": len(neg), "errors": sum(r["status"] == "error" for r in results),
            "ingest_s": round(ingest_s, 2), "setup_errors": setup_errors}


def print_rates(results: list[dict]) -> None:
    """run.py's summary lines, word for word."""
    pos = [r for r in results if r["expect"] == "fire"]
    neg = [r for r in results if r["expect"] == "silent"]
    hits = lambda rows: [r for r in rows if r["outcome"] == "hit"]
    print(f"positive probes: hit rate {_frac(hits(pos), pos)}")
    nsw = [r for r in pos if r["no_shared_words"]]
    print(f"  no-shared-words subset: {_frac(hits(nsw), nsw)}")
    for kind in ("pre_tool", "prompt"):
        rows = [r for r in pos if r["kind"] == kind]
        print(f"  {kind:<8}: {_frac(hits(rows), rows)}")
    count = lambda rows, outcome: sum(r["outcome"] == outcome for r in rows)
    print(f"  fired without an expected phrase: {count(pos, 'wrong_context')}"
          f"   silent: {count(pos, 'miss')}   errors: {count(pos, 'error')}")
    ff = lambda rows: [r for r in rows if r["outcome"] == "false_fire"]
    same = [r for r in neg if r["same_domain"]]
    other = [r for r in neg if not r["same_domain"]]
    print(f"negative probes: false-fire rate {_frac(ff(neg), neg)}")
    print(f"  same-domain: {_frac(ff(same), same)}   unrelated: {_frac(ff(other), other)}")


def print_errors_and_latency(results: list[dict]) -> None:
    errs = [r for r in results if r["status"] == "error"]
    kinds: dict[str, int] = {}
    for r in errs:
        key = r["error"] if r["error"] in ("timeout", "stdout is not valid JSON") else (
            "non-zero exit" if (r["error"] or "").startswith("exit status") else "malformed output")
        kinds[key] = kinds.get(key, 0) + 1
    print(f"errors (crash / timeout / invalid JSON): {len(errs)}" + (f"  {kinds}" if kinds else ""))
    if errs:
        print(f"  first error: {errs[0]['id']}: {errs[0]['error']} {errs[0]['stderr_tail'][:200]}")
    lat = [r["latency_ms"] for r in results]
    print(f"latency per probe: p50 {_pct(lat, 50):.0f} ms, p95 {_pct(lat, 95):.0f} ms, max {max(lat, default=0):.0f} ms")


def lesson_rows(probes: list[dict], results: list[dict], candidates: list[str]) -> list[dict]:
    by_id = {r["id"]: r for r in results}
    rows = []
    for lesson in lessons(probes):
        mine = [by_id[p["id"]] for p in probes if p.get("lesson") == lesson]
        phrases = sorted({ph for p in probes if p.get("lesson") == lesson for ph in p.get("expect_any") or []})
        fire = [r for r in mine if r["expect"] == "fire"]
        silent = [r for r in mine if r["expect"] == "silent"]
        rows.append({"file": lesson["file"], "starts": lesson["starts"], **extraction_of(lesson, phrases, candidates),
                     "hits": sum(r["outcome"] == "hit" for r in fire), "positives": len(fire),
                     "false_fires": sum(r["outcome"] == "false_fire" for r in silent), "negatives": len(silent),
                     "outcomes": {r["id"]: r["outcome"] for r in mine}})
    return rows


def print_lessons(rows: list[dict]) -> None:
    extracted = [r for r in rows if r["extracted"]]
    quoted = [r for r in rows if r["quoted"]]
    print(f"lessons extracted: {len(extracted)}/{len(rows)} (a candidate's lesson holds the correction's first words);"
          f" {len(quoted)}/{len(rows)} hold one of its phrases")
    for r in rows:
        mark = "yes" if r["extracted"] else ("phrase" if r["quoted"] else "no")
        print(f"  [{mark:<6}] hit {r['hits']}/{r['positives']}  false fire {r['false_fires']}/{r['negatives']}"
              f"  {r['file']}: {r['starts'][:50]!r}")


def print_verbose(results: list[dict]) -> None:
    for r in results:
        if r["outcome"] in ("hit", "ok"):
            continue
        print(f"  [{r['outcome']}] {r['id']} ({r['kind']}, {r['domain']}): {r['note']}"
              + (f" -- {r['error']}" if r["error"] else "")
              + (f" -- context: {r['context_head'][:120]!r}" if r["outcome"] in ("wrong_context", "false_fire") else ""))


# ---- main --------------------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="examples:\n" + "\n".join(__doc__.split("\n")[2:5]))
    ap.add_argument("--memkit", default=str(Path(sys.executable).parent / "memkit"),
                    help="memkit command line (default: the memkit next to this Python)")
    ap.add_argument("--shared", help="the shared folder (default: $MEMKIT_SHARED, else <repo>/../shared)")
    ap.add_argument("--json", metavar="OUT", help="write the summary, the lessons and every probe's result here")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds allowed per probe (default 30)")
    ap.add_argument("--ingest-timeout", type=float, default=1800.0, help="seconds allowed for init and ingest")
    ap.add_argument("--probes", metavar="FILE", default=str(SET_DIR / "probes.jsonl"),
                    help="the probes to send (default: tests/activation_sets/real/probes.jsonl; the vault is the same)")
    ap.add_argument("--keep-vault", action="store_true", help="keep the temporary vault and print its path")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss, wrong context, false fire and error")
    return ap.parse_args(argv)


def shared_dir(arg: str | None) -> Path:
    return Path(arg or os.environ.get("MEMKIT_SHARED") or REPO.parent / "shared").resolve()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from activation_sets import child_env, compile_memkit, memkit_argv

    corpora = shared_dir(args.shared) / "corpora"
    if not corpora.is_dir():
        print(f"error: shared corpora not found at {corpora} (pass --shared DIR)", file=sys.stderr)
        return 2
    cmd = memkit_argv(args.memkit)
    if cmd is None:
        print(f"error: memkit command not found: {args.memkit!r} (pass --memkit CMD)", file=sys.stderr)
        return 2
    if not Path(args.probes).is_file():
        print(f"error: probes file not found: {args.probes}", file=sys.stderr)
        return 2
    files, probes = corpus_files(corpora), load_probes(Path(args.probes))
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        print(f"error: corpus file not found: {missing[0]}", file=sys.stderr)
        return 2
    compile_memkit(cmd)
    env = child_env()
    work = Path(tempfile.mkdtemp(prefix="memkit-real-"))
    try:
        return measure(args, cmd, env, work, files, probes)
    finally:
        if args.keep_vault:
            print(f"vault kept at {work / 'vault'}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


def measure(args, cmd: list[str], env: dict, work: Path, files: list[Path], probes: list[dict]) -> int:
    print(f"memkit activation on real corrections: {len(files)} corpus files, {len(probes)} probes ({args.probes})")
    ingest_s, setup_errors = build_vault(cmd, env, work, files, args.ingest_timeout)
    print(f"ingest: {ingest_s:.1f}s" + ("  [SETUP ERRORS]" if setup_errors else ""))
    for e in setup_errors:
        print("  " + e)
    results = [probe_once(cmd, env, work, p, args.timeout) for p in probes]
    rows = lesson_rows(probes, results, candidate_lessons(work / "vault"))
    print_rates(results)
    print_errors_and_latency(results)
    print_lessons(rows)
    if args.verbose:
        print_verbose(results)
    figures = summary(results, ingest_s, setup_errors)
    figures["lessons"], figures["lessons_extracted"] = len(rows), sum(r["extracted"] for r in rows)
    if args.json:
        report = {"summary": figures, "lessons": rows, "probes": results}
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"activation: hit={figures['hit_rate']:.2f} false_fire={figures['false_fire_rate']:.2f} "
          f"p50_ms={figures['p50_ms']:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
