#!/usr/bin/env python3
"""End-to-end smoke test of memkit as a user installs it: a wheel of this checkout, installed
(not editable) into a fresh virtual environment and through pipx, then driven through its
`memkit` executable from a folder outside the checkout. Each step prints what it does; the first failure stops the
run with the command, its output and exit 1.

Usage: python3 .ci/smoke.py [WORKDIR]   (WORKDIR defaults to a new temporary folder)
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SESSIONS = REPO / "examples" / "sessions"


def fail(message: str) -> None:
    print(f"smoke: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def run(argv: list[str], *, cwd: Path, env: dict, input: str | None = None, ok: bool = True) -> str:
    print("smoke: $", " ".join("<script>" if "\n" in str(a) else str(a) for a in argv), flush=True)
    proc = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, input=input, capture_output=True, text=True,
                          timeout=900, check=False)
    if ok and proc.returncode != 0:
        fail(f"exit {proc.returncode}\n--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}")
    return proc.stdout


def expect(condition: bool, what: str, got: str = "") -> None:
    if not condition:
        fail(what + (f"\n--- got\n{got}" if got else ""))
    print(f"smoke: ok: {what}", flush=True)


def install(work: Path, env: dict) -> Path:
    dist, venv = work / "dist", work / "venv"
    run([sys.executable, "-m", "venv", venv], cwd=work, env=env)
    run([venv / "bin" / "python", "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, REPO], cwd=work, env=env)
    wheels = sorted(dist.glob("memkit-*.whl"))
    expect(len(wheels) == 1, f"one wheel built ({[w.name for w in wheels]})")
    run([venv / "bin" / "python", "-m", "pip", "install", "-q", wheels[0]], cwd=work, env=env)
    where = run([venv / "bin" / "python", "-c", "import memkit, sys; print(memkit.__file__)"], cwd=work, env=env)
    expect(str(venv) in where and str(REPO) not in where, "memkit is imported from the installed wheel", where)
    return venv


def isolated_env(work: Path) -> dict:
    home = work / "home"
    home.mkdir()
    (home / ".gitconfig").write_text("[user]\n\tname = Smoke Test\n\temail = smoke@example.com\n"
                                     "[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "MEMKIT_", "VIRTUAL_ENV", "PYTHON"))}
    env.update(HOME=str(home), GIT_CONFIG_GLOBAL=str(home / ".gitconfig"), GIT_CONFIG_NOSYSTEM="1")
    return env


def core(memkit: Path, work: Path, env: dict) -> Path:
    vault = work / "vault"
    run([memkit, "init", vault], cwd=work, env=env)
    logs = sorted(SESSIONS.glob("*.jsonl"))
    out = json.loads(run([memkit, "--vault", vault, "ingest", *logs[:3], "--json"], cwd=work, env=env))
    expect(len(out["traces"]) == 3 and out["candidates"] and out["commit"], "ingest wrote traces, candidates, a commit")
    hits = json.loads(run([memkit, "--vault", vault, "search", "git add", "--json"], cwd=work, env=env))
    expect(any(h["kind"] == "correction" for h in hits), "search --json finds the correction", json.dumps(hits))
    plain = run([memkit, "--vault", vault, "search", "git add"], cwd=work, env=env)
    expect("**add**" not in plain and "\x1b[" not in plain and "git add -A" in plain,
           "search prints plain text into a pipe (no **term** marks)", plain)
    payload = {"session_id": "smoke-1", "transcript_path": str(work / "t.jsonl"), "cwd": str(work),
               "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_use_id": "toolu_1",
               "tool_input": {"command": "git add -A && git commit -m wip"}}
    answer = json.loads(run([memkit, "--vault", vault, "check", "--hook"], cwd=work, env=env,
                            input=json.dumps(payload)))
    context = answer["hookSpecificOutput"]["additionalContext"]
    expect(answer["hookSpecificOutput"]["hookEventName"] == "PreToolUse" and "git add -A" in context,
           "check --hook answers a PreToolUse payload with the lesson", json.dumps(answer))
    quiet = run([memkit, "--vault", vault, "check", "--hook"], cwd=work, env=env,
                input=json.dumps({**payload, "tool_input": {"command": "ls -la"}}))
    expect(quiet == "", "check --hook prints nothing when nothing matches", quiet)
    status = json.loads(run([memkit, "--vault", vault, "status", "--json"], cwd=work, env=env))
    expect(isinstance(status, dict), "status --json parses")
    return vault


MCP_CLIENT = textwrap.dedent("""
    import anyio, sys
    from mcp import Client, StdioServerParameters

    async def main():
        params = StdioServerParameters(command=sys.argv[1], args=["--vault", sys.argv[2], "mcp"])
        async with Client(params) as client:
            tools = await client.list_tools()
            found = await client.call_tool("search", {"query": "git add", "limit": 3})
            print(",".join(sorted(t.name for t in tools.tools)))
            print(len(found.structured_content["hits"]))
    anyio.run(main)
""")


def mcp(venv: Path, vault: Path, work: Path, env: dict) -> None:
    out = run([venv / "bin" / "python", "-c", MCP_CLIENT, venv / "bin" / "memkit", vault], cwd=work, env=env)
    names, hits = out.split()
    expect({"search", "context", "check", "show", "remember", "timeline"} <= set(names.split(",")),
           "the MCP server lists its tools to the official SDK client over stdio", out)
    expect(int(hits) > 0, "the MCP search tool answers over stdio", out)


def served(memkit: Path, vault: Path, work: Path, env: dict) -> None:
    """`memkit serve` answers a hook over HTTP, and `memkit search` through it prints what it prints alone."""
    import time
    import urllib.request

    alone = run([memkit, "--vault", vault, "search", "git add", "--json"], cwd=work, env=env)
    print("smoke: $ memkit serve --port 0 (in the background)", flush=True)
    server = subprocess.Popen([str(memkit), "--vault", str(vault), "serve", "--port", "0"], cwd=work, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        state, deadline = vault / ".memkit" / "serve.json", time.monotonic() + 60
        while not state.exists() and server.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        expect(state.exists(), "memkit serve starts and writes its state file", server.stderr.read()
               if server.poll() is not None else "")
        port = json.loads(state.read_text())["port"]
        token = (vault / ".memkit" / "serve.token").read_text().strip()
        payload = {"session_id": "smoke-2", "cwd": str(work), "hook_event_name": "PreToolUse", "tool_name": "Bash",
                   "tool_input": {"command": "git add -A && git commit -m wip"}}
        request = urllib.request.Request(f"http://127.0.0.1:{port}/memkit/check", json.dumps(payload).encode(),
                                         {"X-Memkit-Token": token})
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read().decode()
        expect("git add -A" in body, "memkit serve answers a PreToolUse hook over HTTP", body)
        through = run([memkit, "--vault", vault, "search", "git add", "--json"], cwd=work, env=env)
        expect(through == alone, "search with the server running prints what it prints alone", through)
    finally:
        server.terminate()
        server.wait(30)
    expect(not (vault / ".memkit" / "serve.json").exists(), "memkit serve removes its state file when stopped")


def git_hook(memkit: Path, vault: Path, work: Path, env: dict) -> None:
    run([memkit, "--vault", vault, "hooks", "install", "--git"], cwd=work, env=env)
    last = max(SESSIONS.glob("*.jsonl"))
    run([memkit, "--vault", vault, "ingest", "--no-commit", "--no-extract", last], cwd=work, env=env)
    run(["git", "add", "traces"], cwd=vault, env=env)
    proc = subprocess.run(["git", "commit", "-m", "a session"], cwd=vault, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    expect(proc.returncode == 0, "git commit with a staged trace succeeds", proc.stdout + proc.stderr)
    files = run(["git", "show", "--name-only", "--format=", "HEAD"], cwd=vault, env=env).split()
    expect(any(f.startswith("traces/") for f in files) and any(f.startswith("workshop/") for f in files),
           "the pre-commit hook put the trace's candidates into the same commit", "\n".join(files))
    (vault / "notes.txt").write_text("no trace here\n")
    run(["git", "add", "notes.txt"], cwd=vault, env=env)
    proc = subprocess.run(["git", "commit", "-m", "no trace"], cwd=vault, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    expect(proc.returncode == 0 and proc.stderr == "", "a commit without a trace: the hook says nothing",
           proc.stderr)


def pipx(work: Path, vault: Path, env: dict) -> None:
    """The same wheel through pipx, as a person installs a command-line tool."""
    tools = work / "tools"
    run([sys.executable, "-m", "venv", tools], cwd=work, env=env)
    run([tools / "bin" / "python", "-m", "pip", "install", "-q", "pipx"], cwd=work, env=env)
    wheel = min((work / "dist").glob("memkit-*.whl"))
    e = {**env, "PIPX_HOME": str(work / "pipx"), "PIPX_BIN_DIR": str(work / "pipx-bin")}
    run([tools / "bin" / "pipx", "install", wheel], cwd=work, env=e)
    memkit = work / "pipx-bin" / "memkit"
    out = run([memkit, "--vault", vault, "check", "git add -A && git commit -m wip"], cwd=work, env=e)
    expect("git add -A" in out, "the pipx-installed memkit recalls the correction", out)


def main() -> None:
    work = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="memkit-smoke-"))
    work.mkdir(parents=True, exist_ok=True)
    env = isolated_env(work)
    venv = install(work, env)
    memkit = venv / "bin" / "memkit"
    vault = core(memkit, work, env)
    mcp(venv, vault, work, env)
    served(memkit, vault, work, env)
    git_hook(memkit, vault, work, env)
    pipx(work, vault, env)
    print("smoke: all passed", flush=True)


if __name__ == "__main__":
    main()
