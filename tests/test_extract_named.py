"""Pushback that names what the agent just did: a "no" to a flag, a tag or a keyword its call
wrote or ran, or a rule said right after the act in the words the agent used for it. And the
messages that name the act without saying no to it."""
from __future__ import annotations

import pytest
from test_extract_pushback import candidates, ingest

from memkit.extract import rework
from memkit.traces.model import ToolCall


def after(call: dict, said: str, text: str) -> list[dict]:
    return [{"role": "user", "content": "set it up"},
            {"role": "assistant", "content": "On it.", "tool_calls": [{"id": "c1", **call}]},
            {"role": "tool", "tool_call_id": "c1", "content": "ok"},
            {"role": "assistant", "content": said},
            {"role": "user", "content": text}]


PIP = {"name": "Bash", "input": {"command": "pip install --user --break-system-packages httpx"}}
TAG = {"name": "Write", "input": {"file_path": "deploy/worker.yaml",
                                  "content": "spec:\n  containers:\n    - name: worker\n      image: reg.example/worker:latest\n"}}
TICKS = {"name": "Edit", "input": {"file_path": "src/clock.c", "old_string": "static uint64_t ticks;",
                                   "new_string": "static volatile uint64_t ticks;"}}
ROTATE = {"name": "Bash", "input": {"command": "ssh db-2 sudo logrotate -f /etc/logrotate.d/pg"}}

CORRECTIONS = {
    "flag": after(PIP, "httpx is installed.", "`uv venv && uv pip install httpx` — never --break-system-packages"),
    "tag-in-a-review": after(TAG, "Manifest written.", "- `:latest` no, the tag is the commit sha\n"
                                                       "- the probes look fine"),
    "keyword-judged": after(TICKS, "ticks is volatile now, so reads see the current value.",
                            "`volatile` doesn't fix this, the 64-bit read is still two loads and the timer can "
                            "fire between them"),
    "words-of-the-act": after(ROTATE, "I forced a rotation on db-2 to check the config; it rotated cleanly.",
                              "the rotate restarts postgres and db-2 is live. no forced rotations on live hosts, "
                              "logrotate -d checks a config without touching anything"),
}

NEAR_MISSES = {
    "named-and-approved": after(PIP, "httpx is installed.", "thanks, that --break-system-packages is fine in this "
                                                            "throwaway container"),
    "named-new-work": after(TAG, "Manifest written.", "good. next add a service for the worker, same labels as "
                                                      "reg.example/worker:latest has"),
    "no-worries": after(ROTATE, "I forced a rotation on db-2 to check the config; it rotated cleanly.",
                        "no worries, db-2 is the spare one anyway. what does the config keep, 14 days?"),
    "named-as-the-fix": after(TICKS, "ticks is volatile now, so reads see the current value.",
                              "nice, `volatile` on ticks was the missing piece, the uptime is right now"),
}


@pytest.mark.parametrize("shape", sorted(CORRECTIONS))
def test_a_no_that_names_what_the_agent_did_is_a_correction(vault, tmp_path, shape):
    ingest(vault, tmp_path, shape, CORRECTIONS[shape])
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"]


@pytest.mark.parametrize("shape", sorted(NEAR_MISSES))
def test_naming_the_act_without_saying_no_to_it_is_none(vault, tmp_path, shape):
    ingest(vault, tmp_path, shape, NEAR_MISSES[shape])
    assert candidates(vault, "correction") == []


@pytest.mark.parametrize("words, named", [
    ("never --break-system-packages", "--break-system-packages"),
    ("`:latest` no.", ":latest"),
    ("no, not `worker:latest`", "worker:latest"),
    ("no forced rotations on live hosts", "forc rotation"),
    ("the forced rotation was fine", ""),                   # names it, says no "no"
    ("never on a live host", ""),                            # says no, names nothing it did
])
def test_what_a_no_names_of_the_act(words, named):
    acted = (ToolCall("c1", "Bash", {"command": "logrotate -f /etc/logrotate.d/pg --break-system-packages"}),
             ToolCall("c2", "Write", {"file_path": "w.yaml", "content": "image: worker:latest"}))
    assert rework.names_the_act(words, acted, "I forced a rotation on db-2.") == named


def test_code_the_agent_only_replaced_is_not_what_it_did():
    acted = (ToolCall("c1", "Edit", {"file_path": "a.py", "old_string": "x.unwrap()", "new_string": "x?"}),)
    assert rework.names_the_act("no .unwrap() in this crate", acted, plain=False) == ""
