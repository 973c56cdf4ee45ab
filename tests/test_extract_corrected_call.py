"""Which of the agent's last calls a correction is about, when the lesson names none of them: the
work, not the type-check, build or test run that followed it — unless the lesson speaks of
checking, or the person cut that run off. A script the agent ran is work (it may be the bulk
update the lesson is about)."""
from __future__ import annotations

import pytest
from test_extract_pushback import candidates, ingest


def session(work: dict, check: dict, text: str, *, cut: bool = False) -> list[dict]:
    ran = [{"role": "user", "content": "add the consumer for outgoing sms"},
           {"role": "assistant", "content": "Writing it.", "tool_calls": [{"id": "c1", **work}]},
           {"role": "tool", "tool_call_id": "c1", "content": "ok"},
           {"role": "assistant", "content": "Checking it.", "tool_calls": [{"id": "c2", **check}]},
           {"role": "tool", "tool_call_id": "c2", "content": "running"}]
    if cut:
        return ran + [{"role": "user", "content": "[Request interrupted]", "interrupt": True},
                      {"role": "user", "content": text}]
    return ran + [{"role": "assistant", "content": "Done: the consumer is in and everything passes."},
                  {"role": "user", "content": text}]


CONSUMER = {"name": "Write", "input": {"file_path": "src/consumers/sms.ts", "content":
            "export async function start(ch) {\n  await ch.consume('sms', onMessage, { noAck: true });\n}\n"}}
RETRY = {"name": "Edit", "input": {"file_path": "src/jobs/retry.go", "old_string": "\tdelay := base\n",
                                   "new_string": "\tdelay := base * 2\n"}}


def bash(command: str) -> dict:
    return {"name": "Bash", "input": {"command": command}}


LESSON = ("stop, with that flag the broker drops a message the moment it is delivered. a crash means the "
          "sms is gone. acknowledge after the provider accepted it, reject to the dead letter queue otherwise")


@pytest.mark.parametrize("work,check", [
    (CONSUMER, bash("pnpm tsc --noEmit && pnpm vitest run src/consumers")),
    (CONSUMER, bash("npx ng build --configuration development 2>&1 | tail -2")),
    (RETRY, bash("go vet ./... && go build ./cmd/worker")),
    (CONSUMER, bash("./bin/lint-consumers src/consumers/sms.ts")),
], ids=["typecheck-and-tests", "build-piped", "vet-and-build", "a-lint-script"])
def test_the_work_is_the_corrected_call_not_the_check_after_it(vault, tmp_path, work, check):
    ingest(vault, tmp_path, "work", session(work, check, LESSON))
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith(("Write:", "Edit:")), corr.meta["trigger"]
    assert work["input"]["file_path"].rsplit("/", 1)[-1] in corr.meta["trigger"]


@pytest.mark.parametrize("check,text,cut", [
    (bash("uv run pytest tests/test_serializers.py -q"),
     "no, you're not done until the whole suite is green. running one file hides the contract tests", False),
    (bash("pnpm tsc --noEmit && pnpm vitest run src/consumers"), LESSON, True),
    (bash("python scripts/set_status.py exports/all-products.csv"), LESSON, False),
    (bash("go build ./cmd/worker && ./deploy.sh staging"), LESSON, False),
], ids=["the-lesson-speaks-of-testing", "the-run-was-cut-off", "a-script-is-work", "a-build-that-ships"])
def test_the_check_stays_the_corrected_call_when_it_is_what_the_lesson_is_about(vault, tmp_path, check, text, cut):
    ingest(vault, tmp_path, "check", session(CONSUMER, check, text, cut=cut))
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Bash:"), corr.meta["trigger"]


@pytest.mark.parametrize("call", [{"name": "exec_command", "input": {"cmd": "docker system prune -a --volumes -f"}},
                                  {"name": "shell", "input": {"command": ["bash", "-lc",
                                                                          "docker system prune -a --volumes -f"]}}])
def test_a_codex_shell_call_is_read_as_its_command(vault, tmp_path, call):
    """Codex runs commands as `exec_command` {"cmd": …} or `shell` with an argv: the trigger is the command."""
    log = [{"role": "user", "content": "free some disk space on the build box"},
           {"role": "assistant", "content": "Pruning.", "tool_calls": [{"id": "c1", **call}]},
           {"role": "tool", "tool_call_id": "c1", "content": "Deleted Volumes: pgdata"},
           {"role": "user", "content": "you deleted the pgdata volume! Never pass --volumes to docker prune on the "
                                       "build box. Only prune dangling images with docker image prune."}]
    ingest(vault, tmp_path, "codex-prune", log)
    [c] = candidates(vault, "correction")
    assert c.meta["trigger"] == f"{call['name']}: docker system prune -a --volumes -f"
    assert c.meta["cue"]["example"] == "docker system prune -a --volumes -f"
