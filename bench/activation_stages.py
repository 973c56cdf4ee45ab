#!/usr/bin/env python3
"""Where activation loses each positive probe of our own sets: which lessons were never extracted,
which compiled to an empty cue, and which had a cue the later action or request did not meet.

    .venv/bin/python bench/activation_stages.py --sets gen-holdout-17,gen-holdout-18
    .venv/bin/python bench/activation_stages.py --sets gen-tune --json stages.json --memkit "python -m memkit"

Each set is built and run as bench/activation_sets.py does (../shared/eval/activation-dev/run.py,
fresh vault, hook protocol), with the vault kept until its notes are read. A lesson counts as
extracted when a note of its session carries a `cue:`; its cue is empty when no note of it forbids
a kind, names an entity, holds a `calls` key or is a standing rule. Every positive probe lands in
one stage:

    hit             fired with the lesson's words
    wrong context   fired, without them (another lesson's words)
    not extracted   no note of the lesson's session has a cue
    empty cue       the lesson compiled to nothing an action or request could meet
    action missed   a PreToolUse probe the lesson's cue did not meet
    request missed  a UserPromptSubmit probe the lesson's cue did not meet

The figures are counts only; nothing of a probe or a lesson is printed, so a set kept unread
stays unread. Needs the shared folder beside the repository (or --shared).
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import activation_sets as sets  # noqa: E402

STAGES = ("hit", "wrong context", "not extracted", "empty cue", "action missed", "request missed")
_SESSION = re.compile(r"claude-([0-9a-f]{8})")


def lesson_cues(vault: Path) -> dict[str, list[dict]]:
    """session prefix (8 hex) -> the cues of the notes that session gave."""
    import frontmatter

    out: dict[str, list[dict]] = {}
    for path in vault.rglob("*.md"):
        if "traces" in path.parts or "episodes" in path.parts:
            continue
        try:
            meta = frontmatter.load(path).metadata
        except Exception:   # a note this script cannot read counts as no note
            continue
        m = _SESSION.search(str(meta.get("session") or ""))
        if m and isinstance(meta.get("cue"), dict):
            out.setdefault(m.group(1), []).append(meta["cue"])
    return out


def empty(cues: list[dict]) -> bool:
    return not any(c.get("forbids") or c.get("entities") or c.get("calls") or c.get("standing")
                   or c.get("before") or c.get("kept") for c in cues)


def stage(result: dict, probe: dict, cues: dict[str, list[dict]]) -> str:
    if result["outcome"] == "hit":
        return "hit"
    if result["outcome"] == "wrong_context":
        return "wrong context"
    mine = cues.get(str(probe.get("lesson_session") or "")[:8])
    if not mine:
        return "not extracted"
    if empty(mine):
        return "empty cue"
    return "action missed" if probe["kind"] == "pre_tool" else "request missed"


def run_one(name: str, shared: Path, memkit: str, tmp: Path) -> dict:
    data = tmp / name
    err = sets.build(name, shared, data)
    if err:
        return {"error": "build failed: " + err}
    out_json = tmp / f"{name}.json"
    harness = shared / "eval" / "activation-dev" / "run.py"
    p = subprocess.run([sys.executable, str(harness), "--memkit", memkit, "--data", str(data), "--json",
                        str(out_json), "--keep-vault"], capture_output=True, text=True, env=sets.child_env(),
                       check=False)
    kept = re.search(r"vault kept at (\S+)", p.stdout + p.stderr)
    try:
        if p.returncode != 0 or not out_json.is_file() or not kept:
            tail = (p.stderr or p.stdout).strip().splitlines()
            return {"error": "run failed: " + (tail[-1] if tail else f"exit {p.returncode}")}
        cues = lesson_cues(Path(kept.group(1)))
        results = {r["id"]: r for r in json.loads(out_json.read_text(encoding="utf-8"))["probes"]}
        probes = [json.loads(line) for line in (data / "probes.jsonl").read_text(encoding="utf-8").splitlines()
                  if line.strip()]
        manifest = json.loads((data / "manifest.json").read_text(encoding="utf-8"))
        lessons = [s["file"][:8] for s in manifest.get("sessions", []) if s.get("role") == "lesson"]
        counts = Counter(stage(results[p["id"]], p, cues) for p in probes
                         if p["expect"] == "fire" and p["id"] in results)
        return {"positives": sum(counts.values()), **{s: counts.get(s, 0) for s in STAGES},
                "lessons": len(lessons), "lessons_extracted": sum(k in cues for k in lessons),
                "lessons_empty": sum(k in cues and empty(cues[k]) for k in lessons)}
    finally:
        if kept:
            shutil.rmtree(kept.group(1), ignore_errors=True)


def row(name: str, f: dict) -> str:
    if "error" in f:
        return f"{name:<16} {f['error']}"
    cells = "  ".join(f"{f[s]:>4}" for s in STAGES)
    return (f"{name:<16} {f['positives']:>4}  {cells}   {f['lessons']:>3} / {f['lessons_extracted']:>3} / "
            f"{f['lessons_empty']:>3}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", required=True, help="comma-separated sets of tests/activation_sets/")
    ap.add_argument("--memkit", default=str(Path(sys.executable).parent / "memkit"),
                    help="memkit command line (default: the memkit next to this Python)")
    ap.add_argument("--shared", help="the shared folder (default: <repo>/../shared)")
    ap.add_argument("--json", metavar="OUT", help="write every set's counts to this JSON file")
    args = ap.parse_args()

    shared = Path(args.shared).resolve() if args.shared else sets.REPO.parent / "shared"
    if not (shared / "eval" / "builder" / "build.py").is_file():
        print(f"error: shared eval folder not found at {shared / 'eval'} (pass --shared DIR)", file=sys.stderr)
        return 2
    argv = sets.memkit_argv(args.memkit)
    if argv is None:
        print(f"error: memkit command not found: {args.memkit!r} (pass --memkit CMD)", file=sys.stderr)
        return 2
    names = [n.strip() for n in args.sets.split(",") if n.strip()]
    unknown = [n for n in names if n not in sets.own_sets()]
    if unknown:
        print(f"error: not a set of tests/activation_sets/: {', '.join(unknown)}", file=sys.stderr)
        return 2
    sets.compile_memkit(argv)
    print(f"{'set':<16} {'pos':>4}  " + "  ".join(s.split()[0][:4] for s in STAGES)
          + "   lessons / extracted / empty cue", flush=True)
    print(f"{'':<16} {'':>4}  " + "  ".join((s.split() + [''])[1][:4].rjust(4) for s in STAGES))
    found: dict[str, dict] = {}
    total: Counter = Counter()
    with tempfile.TemporaryDirectory(prefix="memkit-stages-") as tmpdir:
        for name in names:
            f = run_one(name, shared, args.memkit, Path(tmpdir))
            found[name] = f
            if "error" not in f:
                total.update(f)
            print(row(name, f), flush=True)
    if len(names) > 1 and total:
        print(row("all", {k: total.get(k, 0) for k in ("positives", *STAGES, "lessons", "lessons_extracted",
                                                         "lessons_empty")}))
    if args.json:
        Path(args.json).write_text(json.dumps({"memkit": args.memkit, "sets": found}, indent=2) + "\n",
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
