"""Activation generalises: ten lessons taught once, then later actions in other words.

Each lesson fires on a later action of the same kind that shares few words with it, and
stays silent on the compliant alternative the lesson itself prescribes (pnpm, uv,
--force-with-lease, log.debug, timezone-aware datetimes…) and on unrelated actions.
"""
from __future__ import annotations

import json

import pytest

from conftest import run_cli, write_generic

LESSONS = [
 ("npm", [("Bash",{"command":"npm install lodash"})], "no, we use pnpm in this repo, never npm: the lockfile is pnpm-lock.yaml"),
 ("main", [("Bash",{"command":"git push origin main"})], "don't push straight to main. Open a PR from a branch, CI has to pass first."),
 ("mockdb", [("Write",{"file_path":"/p/app/tests/test_orders.py","content":"from unittest import mock\n\n@mock.patch('app.db.session')\ndef test_total(sess):\n    pass\n"})], "no, don't mock the database in tests; use the postgres test container fixture, mocks hid a broken migration last time"),
 ("uv", [("Bash",{"command":"pip install requests"})], "actually, we manage deps with uv here: uv add, never pip install into the env"),
 ("print", [("Edit",{"file_path":"/p/app/svc.py","old_string":"    total = a + b\n","new_string":"    total = a + b\n    print('total', total)\n"})], "no print debugging in the service, use the module logger (log.debug)"),
 ("utc", [("Edit",{"file_path":"/p/app/jobs.py","old_string":"x = 1\n","new_string":"started = datetime.now()\n"})], "no naive datetimes: always datetime.now(timezone.utc), the servers run in different timezones"),
 ("skip", [("Edit",{"file_path":"/p/app/tests/test_api.py","old_string":"def test_login():\n","new_string":"@pytest.mark.skip(reason='flaky')\ndef test_login():\n"})], "don't skip failing tests, fix them or tell me. Skipped tests rot."),
 ("force", [("Bash",{"command":"git push --force origin feature/x"})], "never force-push, use --force-with-lease if you must, others build on that branch"),
 ("rmrf", [("Bash",{"command":"rm -rf build/ node_modules/ .cache"})], "stop, don't rm -rf things in this repo without asking, the .cache holds the model weights"),
 ("docstr", [("Edit",{"file_path":"/p/app/util.py","old_string":"def f(x):\n","new_string":"def f(x):\n    \"\"\"Compute f of x.\"\"\"\n"})], "please don't add docstrings to every little function, the names say enough"),
 ("rg", [("Bash",{"command":"grep -rn TODO src/"})], "use `ripgrep` instead of `grep` in this repo, it skips what .gitignore lists"),
 ("where", [("Bash",{"command":"gh repo view acme/notes-site"})], "no, notes-site is in the Projects folder, not in home"),
 ("aside", [("Bash",{"command":"git log --oneline -3"})], "hmm, I think we haven't released yet, have a look first"),
 ("source", [("Bash",{"command":"shelf list recent --source cloud"})], "ok, but never --source local on this machine, it reads my real library"),
 ("tmux", [("Bash",{"command":"ssh build-02 './bin/reindex --full'"})], "the ssh session dropped at 60% and the job is dead. long jobs on a server have to go inside tmux: `tmux new -d -s <name> '<cmd> | tee ~/logs/<name>.log'`"),
 ("tokens", [("Edit",{"file_path":"/p/app/tokens/colors.json","old_string":"\"teal\": \"#0aa\"","new_string":"\"teal\": \"#088\""})], "thanks! but tokens/ isn't ours to edit, the design team exports it and the next sync overwrites it"),
 ("gh", [("WebFetch",{"url":"https://github.com/acme/app/pulls","prompt":"open pull requests?"})], "you have the gh CLI installed, use that for GitHub"),
]
PROBES = [
 ("npm","fire","Bash",{"command":"npm i -D vitest"}),
 ("npm","silent","Bash",{"command":"pnpm add -D vitest"}),
 ("main","fire","Bash",{"command":"git push origin HEAD:main"}),
 ("main","silent","Bash",{"command":"git push -u origin feature/login"}),
 ("mockdb","fire","Edit",{"file_path":"/p/app/tests/test_users.py","old_string":"def test_x():\n","new_string":"@patch('app.db.get_session')\ndef test_x(get_session):\n"}),
 ("mockdb","silent","Edit",{"file_path":"/p/app/tests/test_users.py","old_string":"def test_x():\n","new_string":"def test_x(pg_container):\n"}),
 ("uv","fire","Bash",{"command":"python -m pip install httpx"}),
 ("uv","silent","Bash",{"command":"uv add httpx"}),
 ("print","fire","Edit",{"file_path":"/p/app/api.py","old_string":"    return r\n","new_string":"    print(r)\n    return r\n"}),
 ("print","silent","Edit",{"file_path":"/p/app/api.py","old_string":"    return r\n","new_string":"    log.debug('r=%s', r)\n    return r\n"}),
 ("utc","fire","Edit",{"file_path":"/p/app/report.py","old_string":"y = 2\n","new_string":"today = datetime.utcnow().date()\n"}),
 ("utc","silent","Edit",{"file_path":"/p/app/report.py","old_string":"y = 2\n","new_string":"today = datetime.now(timezone.utc).date()\n"}),
 ("skip","fire","Edit",{"file_path":"/p/app/tests/test_cart.py","old_string":"def test_merge():\n","new_string":"@pytest.mark.xfail\ndef test_merge():\n"}),
 ("skip","silent","Bash",{"command":"pytest -q tests/test_cart.py"}),
 ("force","fire","Bash",{"command":"git push -f"}),
 ("force","silent","Bash",{"command":"git push --force-with-lease origin feature/x"}),
 ("rmrf","fire","Bash",{"command":"rm -rf dist .cache"}),
 ("rmrf","silent","Bash",{"command":"rm dist/app.whl"}),
 ("docstr","fire","Edit",{"file_path":"/p/app/util.py","old_string":"def g(y):\n","new_string":"def g(y):\n    \"\"\"Return g.\"\"\"\n"}),
 ("docstr","silent","Edit",{"file_path":"/p/app/util.py","old_string":"def g(y):\n    return y\n","new_string":"def g(y):\n    return y + 1\n"}),
 ("rg","fire","Bash",{"command":"grep -rl old_name lib/"}),
 ("rg","silent","Bash",{"command":"rg -l old_name lib/"}),
 ("where","fire","Bash",{"command":"git clone git@github.com:acme/notes-site.git ~/notes-site"}),
 ("where","silent","Bash",{"command":"cd ~/Projects/notes-site && git pull"}),
 ("aside","silent","Bash",{"command":"git log --oneline -3"}),
 ("source","fire","Bash",{"command":"shelf export --source local --format csv"}),
 ("source","silent","Bash",{"command":"shelf export --source cloud --format csv"}),   # the value the call had
 ("tmux","fire","Bash",{"command":"ssh build-03 './bin/rebuild-thumbnails --all'"}),
 ("tmux","silent","Bash",{"command":"ssh build-03 \"tmux new -d -s thumbs './bin/rebuild-thumbnails --all | tee ~/logs/thumbs.log'\""}),
 ("tokens","fire","Edit",{"file_path":"/p/app/tokens/spacing.json","old_string":"\"gap\": 8","new_string":"\"gap\": 12"}),
 ("tokens","silent","Bash",{"command":"pnpm tokens:build && git status --short src/styles"}),
 ("gh","fire","Bash",{"command":"curl -s https://api.github.com/repos/acme/app/actions/runs?per_page=1 | jq '.workflow_runs[0].conclusion'"}),
 ("gh","fire","WebFetch",{"url":"https://github.com/acme/app/issues/12","prompt":"what is the issue about?"}),
 ("gh","silent","Bash",{"command":"gh run list --limit 1"}),
 (None,"silent","Bash",{"command":"git status"}),
 (None,"silent","Read",{"file_path":"/p/app/util.py"}),
]


@pytest.fixture(scope="module")
def taught(tmp_path_factory):
    root = tmp_path_factory.mktemp("gen")
    vault = root / "v"
    run_cli("init", str(vault), check=True)
    logs = []
    for i, (name, calls, lesson) in enumerate(LESSONS):
        day = f"2026-05-{i + 1:02d}T10:00"
        msgs = [{"role": "user", "content": "please do the thing", "timestamp": f"{day}:00Z"},
                {"role": "assistant", "content": "ok", "timestamp": f"{day}:10Z",
                 "tool_calls": [{"id": f"c{j}", "name": n, "input": inp} for j, (n, inp) in enumerate(calls)]}]
        msgs += [{"role": "tool", "tool_call_id": f"c{j}", "content": "done"} for j in range(len(calls))]
        msgs.append({"role": "user", "content": lesson, "timestamp": f"2026-05-{i + 1:02d}T10:01:00Z"})
        logs.append(str(write_generic(root / f"{name}.jsonl", msgs,
                                      {"session_id": f"gen-{name}", "project": "app", "cwd": "/p/app"})))
    run_cli("--vault", str(vault), "ingest", *logs, check=True)
    return vault


@pytest.mark.parametrize("name,expect,tool,tool_input", PROBES,
                         ids=[f"{p[0]}-{p[1]}-{i}" for i, p in enumerate(PROBES)])
def test_later_action(taught, name, expect, tool, tool_input):
    payload = {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": tool_input, "cwd": "/p/app"}
    out = run_cli("--vault", str(taught), "check", "--hook", input=json.dumps(payload), check=True).stdout
    if expect == "silent":
        assert out == ""
    else:
        lesson = dict((n, les) for n, _, les in LESSONS)[name]
        assert lesson[:30] in json.loads(out)["hookSpecificOutput"]["additionalContext"]


@pytest.mark.parametrize("prompt,expect", [
    ("push the release to main", "don't push straight to main"),
    ("clean out the build folder and node_modules", "don't rm -rf things"),
    ("add vitest as a dev dependency", None),       # a broad intent: reminded of the package-manager lessons
    ("thanks, that's all", ""),
    ("what time is it in Lisbon?", ""),
])
def test_prompts_bring_lessons_by_intent(taught, prompt, expect):
    payload = {"hook_event_name": "UserPromptSubmit", "prompt": prompt, "cwd": "/p/app"}
    out = run_cli("--vault", str(taught), "context", "--hook", input=json.dumps(payload), check=True).stdout
    if expect == "":
        assert out == ""
        return
    ctx = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    if expect is None:
        assert "uv add" in ctx or "pnpm" in ctx
    else:
        assert expect in ctx


def test_a_lesson_that_calls_an_action_fine_across_a_line_break_still_allows_it():
    from memkit.activation import catalogue, compiler

    cue = compiler.compile_lesson(catalogue.load(None), "Never apply by hand. Local `terraform plan` is\nfine.",
                                  "Bash: terraform apply -auto-approve")
    assert "terraform plan" in cue["complies"]


def test_a_step_the_lesson_puts_before_an_action_silences_it_when_the_command_runs_it_first(tmp_path):
    vault = tmp_path / "v"
    run_cli("init", str(vault), check=True)
    log = write_generic(tmp_path / "specs.jsonl", [
        {"role": "user", "content": "push the fix", "timestamp": "2026-05-01T10:00:00Z"},
        {"role": "assistant", "content": "ok", "timestamp": "2026-05-01T10:00:10Z",
         "tool_calls": [{"id": "c0", "name": "Bash", "input": {"command": "git push origin main"}}]},
        {"role": "tool", "tool_call_id": "c0", "content": "done"},
        {"role": "user", "content": "please always run the specs locally beforu you push to GitHub, CI caught what "
                                    "you broke", "timestamp": "2026-05-01T10:01:00Z"}],
        {"session_id": "specs", "project": "app", "cwd": "/p/app"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)

    def check(command: str) -> str:
        payload = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": command},
                   "cwd": "/p/app"}
        return run_cli("--vault", str(vault), "check", "--hook", input=json.dumps(payload), check=True).stdout

    assert "run the specs locally" in check("git push -u origin fix/totals")
    assert "run the specs locally" in check("git push -u origin fix/totals && pytest -q")   # after is too late
    assert check("source .venv/bin/activate && pytest -q && git push -u origin fix/totals") == ""
