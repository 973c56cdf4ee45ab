"""Synthetic agent logs and ready-made vaults for the benchmark suite, seeded and reproducible.

Session i of seed s is the same whatever the corpus size, so the 100-session corpus is a
prefix of the 1,000 one. Sessions follow five templates (feature work, debugging,
refactors, migrations, deployments), run 10-200 turns with Bash/Edit/Write/Read/Grep calls
and tool outputs from a few bytes to tens of kilobytes, and carry about ten extractable
signals each (corrections after rejected calls or interruptions, never/always preferences,
numbered-option decisions, "set X to N" facts, "tried X, failed because Y").
Half are memkit's generic JSONL, half Claude Code JSONL.

    python bench/generate.py logs  --sessions 1000            # bench/out/logs-1000/
    python bench/generate.py vault --sessions 1000 [--git]    # bench/out/vault-1000/ (logs ingested)
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
import tomllib
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

GENERATOR_VERSION = 1
BENCH = Path(__file__).resolve().parent
OUT = BENCH / "out"
VOCAB = tomllib.loads((BENCH / "vocab.toml").read_text())
REPO = BENCH.parent
# the memkit being measured (BENCH_PYTHON's, as bench/measure.py runs it): one install per vault, else the
# cue stamp of one install makes the other recompile every cue in the middle of a measurement
MEMKIT = Path(os.environ.get("BENCH_PYTHON") or sys.executable).with_name("memkit")
REJECTION = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a "
             "file edit, the new_string was NOT written to the file). STOP what you are doing and wait for "
             "the user to tell you how to proceed.")
FEEDBACK = (" The user doesn't want to take this action right now. To tell you how to proceed, "
            "the user said:\n")
EPOCH = datetime(2025, 1, 6, 8, 0, tzinfo=timezone.utc)
SIGNALS = ("rejection", "rejection", "rejection", "interrupt", "preference", "preference", "decision",
           "fact", "fact", "negative", "marker")


# ---- one session as a list of events ----------------------------------------------------------
class Session:
    """The events of one synthetic session: ("user"|"assistant"|"tool", fields)."""

    def __init__(self, i: int, seed: int):
        self.rng = rng = random.Random(f"{seed}:{i}")
        self.i = i
        self.template = rng.choice(sorted(VOCAB["templates"]))
        self.project = rng.choice(VOCAB["projects"])
        self.id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        self.fmt = "claude" if rng.random() < 0.5 else "generic"
        self.cwd = f"/home/dev/{self.project}"
        days = rng.randrange(0, 640)
        self.clock = EPOCH + timedelta(days=days, minutes=rng.randrange(0, 600))
        self.events: list[tuple[str, dict]] = []
        self.calls = 0
        self.slots = {"module": rng.choice(VOCAB["modules"]), "table": rng.choice(VOCAB["tables"]),
                      "column": rng.choice(VOCAB["columns"]), "branch": rng.choice(VOCAB["branches"]),
                      "pkg": rng.choice(VOCAB["packages"]), "function": rng.choice(VOCAB["functions"]),
                      "service": rng.choice(VOCAB["services"]), "num": str(rng.randrange(10, 99)),
                      "n1": str(rng.randrange(2, 9)), "n2": str(rng.randrange(10, 99)),
                      "n3": str(rng.randrange(100, 999))}

    def fill(self, text: str) -> str:
        return text.format(**self.slots)

    def stamp(self) -> str:
        self.clock += timedelta(seconds=self.rng.randrange(2, 90))
        return self.clock.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.rng.randrange(1000):03d}Z"

    def add(self, role: str, **fields) -> None:
        fields["ts"] = self.stamp()
        self.events.append((role, fields))

    def call_id(self) -> str:
        self.calls += 1
        return f"toolu_{self.i:06d}{self.calls:04d}{self.rng.getrandbits(40):010x}"


def build(i: int, seed: int) -> Session:
    s = Session(i, seed)
    rng = s.rng
    turns = int(min(200, max(10, rng.lognormvariate(3.85, 0.6))))
    signals = max(1, round(turns / 5 * rng.uniform(0.8, 1.2)))
    plan = [rng.choice(SIGNALS) for _ in range(signals)]
    goal = s.fill(rng.choice(VOCAB["templates"][s.template]["goals"]))
    s.add("user", text=f"{goal}. The code is in src/{s.slots['module']}/.")
    while len(s.events) < turns or plan:
        left = turns - len(s.events)
        if plan and (left <= 0 or rng.random() < len(plan) * 2.5 / left):
            SIGNAL[plan.pop()](s)
        else:
            _work(s)
    return s


def _work(s: Session) -> None:
    """An assistant step with one or two tool calls and their results, sometimes a filler prompt."""
    rng = s.rng
    tool = rng.choices(("Read", "Grep", "Bash", "Edit", "Write"), (30, 15, 30, 20, 5))[0]
    call, output = TOOLS[tool](s)
    cid = s.call_id()
    s.add("assistant", text=_say(s), calls=[(cid, tool, call)])
    s.add("tool", call=cid, name=tool, text=output)
    if rng.random() < 0.15:
        s.add("user", text=s.fill(rng.choice(VOCAB["fillers"])))


def _say(s: Session) -> str:
    rng = s.rng
    lines = [s.fill(rng.choice(("Let me look at src/{module}/models.py.", "I'll run the test suite.",
                                "Next I'll update {function} to handle the empty case.",
                                "The failure comes from {function}: it reads a stale value from the cache.",
                                "Done with that step; the {module} tests pass now.",
                                "I'll check how {table} is queried.", "Let me search for callers of {function}.")))]
    if rng.random() < 0.2:
        lines.append(" ".join(_code_line(rng) for _ in range(rng.randrange(5, 40))))
    return "\n\n".join(lines)


def _code_line(rng: random.Random) -> str:
    name, other = rng.choice(VOCAB["functions"]), rng.choice(VOCAB["modules"])
    return rng.choice((f"    result = {name}({other}, limit={rng.randrange(100)})",
                       f"def {name}(self, {other}_id: int) -> dict:", f"    if not {other}:",
                       f"        raise ValueError('{other} missing')", f"from {other}.service import {name}",
                       f"    return {{'status': 'ok', 'count': {rng.randrange(1000)}}}", "",
                       f"# {name} keeps the {other} cache warm", f"    logger.info('{name} done', n=len({other}))"))


def _read(s: Session):
    path = s.fill(s.rng.choice(("src/{module}/models.py", "src/{module}/service.py", "tests/test_{module}.py",
                                "src/{module}/api.py", "README.md", "pyproject.toml")))
    n = int(s.rng.choice((8, 30, 80, 200, 400)) * s.rng.uniform(0.5, 1.5))
    body = "\n".join(f"{k:6d}\t{_code_line(s.rng)}" for k in range(1, n + 1))
    return {"file_path": f"{s.cwd}/{path}"}, body


def _grep(s: Session):
    pattern = s.fill(s.rng.choice(("{function}", "{table}", "import {module}", "TODO")))
    hits = [f"src/{s.rng.choice(VOCAB['modules'])}/service.py:{s.rng.randrange(1, 400)}:{_code_line(s.rng)}"
            for _ in range(s.rng.randrange(0, 40))]
    return {"pattern": pattern, "path": s.cwd, "output_mode": "content"}, "\n".join(hits) or "No matches found"


def _bash(s: Session):
    rng = s.rng
    kind = rng.choice(("pytest", "git", "ls", "build", "logs"))
    if kind == "pytest":
        n = rng.randrange(5, 400)
        lines = [f"tests/test_{rng.choice(VOCAB['modules'])}.py::test_{rng.choice(VOCAB['functions'])} PASSED"
                 for _ in range(min(n, 120))]
        return {"command": s.fill("pytest -q tests/test_{module}.py")}, "\n".join(lines + [f"{n} passed in 3.2s"])
    if kind == "git":
        return {"command": "git status --short"}, "\n".join(f" M src/{m}/service.py" for m in
                                                             rng.sample(VOCAB["modules"], rng.randrange(1, 6)))
    if kind == "ls":
        return {"command": s.fill("ls src/{module}")}, "\n".join(f"{f}.py" for f in VOCAB["functions"][:rng.randrange(3, 14)])
    if kind == "build":
        out = [f"#{k} [{rng.randrange(1, 9)}/9] RUN pip install -r requirements.txt" for k in range(rng.randrange(5, 300))]
        if rng.random() < 0.02:
            out.append("AWS_SECRET_ACCESS_KEY=" + "".join(rng.choice("ABCDEFGHabcdefgh0123456789") for _ in range(40)))
        return {"command": s.fill("docker build -t {service}:dev .")}, "\n".join(out)
    lines = [f"{s.stamp()} INFO {s.slots['service']} request id={rng.getrandbits(32):08x} path=/api/{rng.choice(VOCAB['modules'])} "
             f"status={rng.choice((200, 200, 200, 404, 500))} ms={rng.randrange(1, 900)}" for _ in range(rng.randrange(10, 250))]
    return {"command": s.fill("kubectl logs deploy/{service} --tail 200")}, "\n".join(lines)


def _edit(s: Session):
    path = s.fill(s.rng.choice(("src/{module}/service.py", "src/{module}/models.py", "tests/test_{module}.py")))
    old = "\n".join(_code_line(s.rng) for _ in range(s.rng.randrange(1, 8)))
    new = "\n".join(_code_line(s.rng) for _ in range(s.rng.randrange(1, 12)))
    return ({"file_path": f"{s.cwd}/{path}", "old_string": old, "new_string": new},
            f"The file {s.cwd}/{path} has been updated.")


def _write(s: Session):
    path = s.fill(s.rng.choice(("src/{module}/helpers.py", "docs/{module}.md", "tests/test_{function}.py")))
    content = "\n".join(_code_line(s.rng) for _ in range(s.rng.randrange(10, 120)))
    return {"file_path": f"{s.cwd}/{path}", "content": content}, f"File created successfully at: {s.cwd}/{path}"


TOOLS = {"Read": _read, "Grep": _grep, "Bash": _bash, "Edit": _edit, "Write": _write}


# ---- signals ----------------------------------------------------------------------------------
def _wrong_call(s: Session) -> tuple[str, dict, str]:
    c = s.rng.choice(VOCAB["corrections"])
    lesson = s.fill(s.rng.choice(c["lesson"]))
    if c["tool"] == "Bash":
        return "Bash", {"command": s.fill(c["action"])}, lesson
    path = f"{s.cwd}/{s.fill(c['path'])}"
    if c["tool"] == "Write":
        return "Write", {"file_path": path, "content": s.fill(c["content"])}, lesson
    return "Edit", {"file_path": path, "old_string": "    pass\n", "new_string": s.fill(c["content"])}, lesson


def _rejection(s: Session) -> None:
    tool, call, lesson = _wrong_call(s)
    cid = s.call_id()
    s.add("assistant", text=s.fill("I'll take care of that now."), calls=[(cid, tool, call)])
    words = s.rng.choice(VOCAB["correction_wordings"]).replace("{lesson}", lesson)
    if s.fmt == "claude" and s.rng.random() < 0.4:   # newer Claude Code: the reason rides on the rejection
        s.add("tool", call=cid, name=tool, text=REJECTION + FEEDBACK + words, rejected=True)
        return
    s.add("tool", call=cid, name=tool, text=REJECTION, rejected=True)
    s.add("user", text=words)


def _interrupt(s: Session) -> None:
    tool, call, lesson = _wrong_call(s)
    cid = s.call_id()
    s.add("assistant", text="Running it now.", calls=[(cid, tool, call)])
    s.add("tool", call=cid, name=tool, text="[Request interrupted by user for tool use]", interrupted=True)
    s.add("user", text="[Request interrupted by user for tool use]", interrupt=True)
    opener = s.rng.choice(("no, {lesson}", "stop, {lesson}", "wait — {lesson}", "don't. {lesson}",
                           "actually, {lesson} instead"))
    s.add("user", text=opener.replace("{lesson}", lesson))


def _preference(s: Session) -> None:
    s.add("user", text=s.fill(s.rng.choice(VOCAB["preferences"])) + s.rng.choice((".", "", ", thanks.", "!")))
    s.add("assistant", text="Understood, I'll keep that in mind.")


def _decision(s: Session) -> None:
    d = s.rng.choice(VOCAB["decisions"])
    options = "\n".join(f"{k}. {s.fill(o)}" for k, o in enumerate(d["options"], 1))
    s.add("assistant", text=f"{s.fill(d['question'])} I see these options:\n\n{options}\n\nWhich one do you prefer?")
    n = s.rng.randrange(1, len(d["options"]) + 1)
    s.add("user", text=s.rng.choice(VOCAB["decision_replies"]).format(n=n))


def _fact(s: Session) -> None:
    f = s.rng.choice(VOCAB["facts"])
    text = s.rng.choice(VOCAB["fact_wordings"]).replace("{key}", f["key"]).replace("{value}", s.fill(f["value"]))
    s.add("user", text=s.fill(text))
    cid = s.call_id()
    s.add("assistant", text="Updating the config.", calls=[(cid, "Edit", {
        "file_path": f"{s.cwd}/config/settings.toml", "old_string": "x = 1", "new_string": "x = 2"})])
    s.add("tool", call=cid, name="Edit", text=f"The file {s.cwd}/config/settings.toml has been updated.")


def _negative(s: Session) -> None:
    n = s.rng.choice(VOCAB["negatives"])
    text = s.rng.choice(VOCAB["negative_wordings"]).replace("{approach}", n["approach"]).replace("{reason}", n["reason"])
    s.add("user", text=s.fill(text) + ".")
    s.add("assistant", text="Good to know, I'll try another way.")


def _marker(s: Session) -> None:
    s.add("user", text=s.fill(s.rng.choice(VOCAB["markers"])))
    s.add("assistant", text="Noted.")


SIGNAL = {"rejection": _rejection, "interrupt": _interrupt, "preference": _preference, "decision": _decision,
          "fact": _fact, "negative": _negative, "marker": _marker}


# ---- serialisation ----------------------------------------------------------------------------
def generic_lines(s: Session) -> list[str]:
    out = [{"type": "session", "session_id": s.id, "agent": "generic", "project": s.project, "cwd": s.cwd}]
    for role, f in s.events:
        rec: dict = {"role": role, "content": f["text"], "timestamp": f["ts"]}
        if role == "assistant" and f.get("calls"):
            rec["tool_calls"] = [{"id": c, "name": n, "input": i} for c, n, i in f["calls"]]
        elif role == "tool":
            rec["tool_call_id"] = f["call"]
            if f.get("rejected"):
                rec["rejected"] = True
            if f.get("rejected") or f.get("interrupted"):
                rec["is_error"] = True
        elif role == "user" and f.get("interrupt"):
            rec["interrupt"] = True
        out.append(rec)
    return [json.dumps(r, ensure_ascii=False) for r in out]


def claude_lines(s: Session) -> list[str]:
    out, parent = [], None
    env = {"isSidechain": False, "userType": "external", "cwd": s.cwd, "sessionId": s.id, "version": "2.1.31",
           "gitBranch": s.slots["branch"]}
    out.append({"type": "file-history-snapshot", "messageId": str(uuid.UUID(int=s.rng.getrandbits(128))),
                "snapshot": {"trackedFileBackups": {}, "timestamp": s.events[0][1]["ts"]}, "isSnapshotUpdate": False})

    def rec(kind: str, ts: str, **extra) -> None:
        nonlocal parent
        me = str(uuid.UUID(int=s.rng.getrandbits(128), version=4))
        out.append({"parentUuid": parent, **env, "type": kind, "uuid": me, "timestamp": ts, **extra})
        parent = me

    for role, f in s.events:
        if role == "user":
            rec("user", f["ts"], message={"role": "user", "content": f["text"]})
        elif role == "assistant":
            mid = f"msg_01{s.rng.getrandbits(96):024x}"
            blocks = ([{"type": "text", "text": f["text"]}] if f["text"] else []) + [
                {"type": "tool_use", "id": c, "name": n, "input": i} for c, n, i in f.get("calls") or []]
            for b in blocks:      # Claude Code writes one record per content block
                rec("assistant", f["ts"], requestId=f"req_011{s.rng.getrandbits(64):016x}",
                    message={"model": "claude-sonnet-4-5", "id": mid, "type": "message", "role": "assistant",
                             "content": [b], "stop_reason": None,
                             "usage": {"input_tokens": 9, "output_tokens": s.rng.randrange(20, 900)}})
        else:
            err = bool(f.get("rejected") or f.get("interrupted"))
            result = {"tool_use_id": f["call"], "type": "tool_result", "content": f["text"]}
            if err:
                result["is_error"] = True
            rec("user", f["ts"], message={"role": "user", "content": [result]},
                toolUseResult=("Error: " + f["text"]) if err else {"stdout": f["text"][:200], "stderr": ""})
            if s.rng.random() < 0.3:
                rec("progress", f["ts"], data={"type": "hook_progress", "hookEvent": "PostToolUse",
                                              "hookName": f"PostToolUse:{f['name']}", "command": "true"})
    rec("system", s.events[-1][1]["ts"], subtype="turn_duration", durationMs=s.rng.randrange(1000, 900000),
        isMeta=False)
    return [json.dumps(r, ensure_ascii=False) for r in out]


def session_path(s: Session, root: Path) -> Path:
    if s.fmt == "claude":
        return root / "claude" / f"-home-dev-{s.project}" / f"{s.id}.jsonl"
    return root / "generic" / s.project / f"{s.id}.jsonl"


def write_session(s: Session, root: Path) -> int:
    path = session_path(s, root)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = "\n".join(claude_lines(s) if s.fmt == "claude" else generic_lines(s)) + "\n"
    path.write_text(data, encoding="utf-8")
    return len(data.encode("utf-8"))


def write_logs(n: int, seed: int, root: Path, start: int = 0) -> dict:
    """Sessions start..start+n-1 as log files under root; returns counts and bytes."""
    stats = {"sessions": n, "bytes": 0, "turns": 0, "claude": 0, "generic": 0, "seed": seed}
    for i in range(start, start + n):
        s = build(i, seed)
        stats["bytes"] += write_session(s, root)
        stats["turns"] += len(s.events)
        stats[s.fmt] += 1
    return stats


def logs(n: int, seed: int = 7) -> tuple[Path, dict]:
    """bench/out/logs-N, generated once per (N, seed, generator version)."""
    root = OUT / f"logs-{n}"
    stamp = root / "STAMP.json"
    want = {"version": GENERATOR_VERSION, "seed": seed, "sessions": n}
    if stamp.exists():
        got = json.loads(stamp.read_text())
        if {k: got.get(k) for k in want} == want:
            return root, got
    shutil.rmtree(root, ignore_errors=True)
    stats = write_logs(n, seed, root)
    stamp.write_text(json.dumps({**want, **stats}, indent=1))
    return root, {**want, **stats}


# ---- library notes and facts ------------------------------------------------------------------
LIB_FOLDERS = {"convention": "conventions", "procedure": "procedures", "decision": "decisions",
               "preference": "preferences", "note": "notes"}


def write_library(vault: Path, n_sessions: int, seed: int) -> dict:
    """A few hundred library notes (with cues) and facts, written as files (DESIGN §1, §8)."""
    rng = random.Random(f"{seed}:library")
    notes_n, facts_n = 40 + n_sessions // 40, 30 + n_sessions // 50
    for k in range(notes_n):
        kind = rng.choice(sorted(LIB_FOLDERS))
        c = rng.choice(VOCAB["corrections"]) if kind != "preference" else None
        lesson = rng.choice(c["lesson"]) if c else rng.choice(VOCAB["preferences"])
        slots = {"module": rng.choice(VOCAB["modules"]), "branch": rng.choice(VOCAB["branches"]),
                 "pkg": rng.choice(VOCAB["packages"]), "service": rng.choice(VOCAB["services"]),
                 "table": rng.choice(VOCAB["tables"]), "column": rng.choice(VOCAB["columns"]),
                 "function": rng.choice(VOCAB["functions"]), "num": "42"}
        lesson = lesson.format(**slots)
        trigger = (c["action"] if c and "action" in c else f"editing {c['path']}" if c else "any change").format(**slots)
        title = lesson[0].upper() + lesson[1:].split(",")[0].split(";")[0]
        nid = "-".join(w for w in "".join(ch if ch.isalnum() else " " for ch in title.lower()).split()[:7]) + f"-{k:03d}"
        day = (EPOCH + timedelta(days=rng.randrange(0, 640))).strftime("%Y-%m-%dT%H:%M:%SZ")
        meta = {"type": kind, "id": nid, "status": "active", "created": day, "updated": day,
                "sources": [f"[[corr-bench-{k:03d}]]", f"[[2025-03-02-claude-{rng.getrandbits(32):08x}#^t{rng.randrange(2, 60)}]]"],
                "cues": [{"trigger": trigger, "lesson": lesson}]}
        text = f"---\n{_yaml(meta)}---\n# {title}\n\n{lesson[0].upper() + lesson[1:]}.\n\nSeen in past sessions; see the sources.\n"
        path = vault / "library" / LIB_FOLDERS[kind] / f"{nid}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for k in range(facts_n):
        f = rng.choice(VOCAB["facts"])
        project = rng.choice(VOCAB["projects"]).replace("-", "_")
        key = f"{project}.{f['key'].replace(' ', '_')}_{k}"
        value = f["value"].format(n1=rng.randrange(2, 9), n2=rng.randrange(10, 99), n3=rng.randrange(100, 999))
        day = (EPOCH + timedelta(days=rng.randrange(0, 640))).strftime("%Y-%m-%dT%H:%M:%SZ")
        meta = {"type": "fact", "id": key.replace("_", "-"), "key": key, "value": value,
                "trust": rng.choice((0.8, 1.0, 0.5)), "source": "user_stated", "created": day, "updated": day,
                "superseded_by": None, "history": []}
        label = key.split(".", 1)[1].replace("_", " ")
        (vault / "facts").mkdir(exist_ok=True)
        (vault / "facts" / f"{meta['id']}.md").write_text(
            f"---\n{_yaml(meta)}---\n{label.capitalize()} is **{value}** (user-stated, trust {meta['trust']}).\n")
    return {"library_notes": notes_n, "facts": facts_n}


def _yaml(meta: dict) -> str:
    import yaml

    return yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=100000)


# ---- a ready vault ------------------------------------------------------------------------------
def memkit(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(MEMKIT), *args], capture_output=True, text=True, check=True, **kw)


def git(root: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@localhost", GIT_COMMITTER_NAME="bench",
               GIT_COMMITTER_EMAIL="bench@localhost")
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True, env=env).stdout


def new_vault(root: Path, n: int, seed: int, *, git_repo: bool) -> None:
    """An empty vault with the library notes and facts, in its own git repository when asked."""
    shutil.rmtree(root, ignore_errors=True)
    memkit("init", str(root))
    write_library(root, n, seed)
    if git_repo:
        git(root, "init", "-q", "-b", "main")
        git(root, "add", "-A")
        git(root, "commit", "-q", "--no-verify", "-m", "bench: empty vault with library and facts")


def vault(n: int, seed: int = 7, *, git_repo: bool = True, force: bool = False) -> tuple[Path, dict]:
    """bench/out/vault-N: the logs ingested (with extraction), committed, the git hook installed."""
    root = OUT / f"vault-{n}"
    stamp_path = OUT / f"vault-{n}.json"
    want = {"version": GENERATOR_VERSION, "seed": seed, "sessions": n, "git": git_repo}
    if not force and stamp_path.exists() and (root / "memkit.toml").exists():
        got = json.loads(stamp_path.read_text())
        if {k: got.get(k) for k in want} == want:
            return root, got
    log_root, log_stats = logs(n, seed)
    new_vault(root, n, seed, git_repo=git_repo)
    t0 = time.perf_counter()
    memkit("--vault", str(root), "ingest", str(log_root), "--no-commit", "--json")
    built = {**want, "ingest_seconds": round(time.perf_counter() - t0, 2), "log_bytes": log_stats["bytes"],
             "built": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    if git_repo:
        git(root, "add", "-A")
        git(root, "commit", "-q", "--no-verify", "-m", f"bench: {n} sessions ingested")
        memkit("--vault", str(root), "hooks", "install", "--git", cwd=root)
    stamp_path.write_text(json.dumps(built, indent=1))
    return root, built


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("logs", "vault"))
    ap.add_argument("--sessions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, help="logs only: write here instead of bench/out/logs-N")
    ap.add_argument("--no-git", action="store_true", help="vault only: no git repository")
    ap.add_argument("--force", action="store_true", help="rebuild even when a cached copy matches")
    a = ap.parse_args()
    if a.what == "logs":
        if a.out:
            print(json.dumps(write_logs(a.sessions, a.seed, a.out), indent=1))
        else:
            print(json.dumps(logs(a.sessions, a.seed)[1], indent=1))
    else:
        root, info = vault(a.sessions, a.seed, git_repo=not a.no_git, force=a.force)
        print(json.dumps({"vault": str(root), **info}, indent=1))


if __name__ == "__main__":
    main()
