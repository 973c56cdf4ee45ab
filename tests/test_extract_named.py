"""A rule said right after the agent acted, tied to the act by naming what the agent did: a flag,
a tag or a call its commands ran or its edits wrote, or two words of the commands it ran and of
what it said it did. And the messages that name the act without saying no to it: approval, a
question, a flag that holds "no", a file new work names."""
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
    "tag-and-rule": after(TAG, "Manifest written.", "not `:latest`. every image is tagged with the commit sha, "
                                                    "never latest"),
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
    "no-inside-a-flag": after({"name": "Bash", "input": {"command": "docker build --no-cache -t api ."}}, "Built.",
                              "the --no-cache build took nine minutes, about what I expected. we never cache in CI"),
    "a-file-new-work-names": after(TAG, "Manifest written.", "deploy/worker.yaml isn't applied by CI yet, never "
                                                             "mind that, I'll wire it up tomorrow"),
    "a-word-inside-code": after({"name": "Edit", "input": {"file_path": "app.py", "old_string": "",
                                                           "new_string": "import os\nPORT = 8080\n"}},
                                "Port set.", "the `port` setting is not configurable yet. we never expose it"),
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
    ("the forced rotation was fine", ""),                    # names it, says no "no"
    ("never on a live host", ""),                             # says no, names nothing it did
    ("why not --break-system-packages?", ""),                 # a question
    ("--break-system-packages is fine, no venv here", ""),    # at ease with it
    ("never touch /etc/logrotate.d/pg", ""),                  # a place, not an act
])
def test_what_a_no_names_of_the_act(words, named):
    acted = (ToolCall("c1", "Bash", {"command": "logrotate -f /etc/logrotate.d/pg --break-system-packages"}),
             ToolCall("c2", "Write", {"file_path": "w.yaml", "content": "image: worker:latest"}))
    assert rework.names_the_act(words, acted, "I forced a rotation on db-2.") == named


RDS = {"name": "Edit", "input": {"file_path": "infra/db.tf", "old_string": "  size = \"small\"\n",
                                  "new_string": "  size = \"large\"\n  apply_immediately = true\n  maxPoolSize = 60\n"}}
RDS_SAID = "The instance is resized; I set apply_immediately so it does not wait for the window."

# a remark that names code the act wrote, with a no, a rule or a judgement beside it anywhere in the
# message: a story of what it did before, a note to a colleague, a warning of what it will cause
NAMED_CODE = {
    "story": after(RDS, RDS_SAID, "the last time somebody flipped apply_immediately on that box it rebooted in "
                                  "the middle of the nightly load and we lost the whole batch"),
    "to-a-colleague": after(RDS, RDS_SAID, "@dana fyi it set maxPoolSize to 60, the database only takes 40 "
                                           "connections across all the pods"),
    "warning": after(RDS, RDS_SAID, "if apply_immediately stays in, the resize reboots prod at noon. the "
                                    "maintenance window has to do it"),
}
NAMED_CODE_NONE = {
    "a-question-and-what-I-could-not-find": after(RDS, RDS_SAID, "what does maxPoolSize default to? I couldn't "
                                                                 "find it in the module docs"),
    "a-word-in-backticks-for-new-work": after(RDS, "Done. What would you like to do next?",
                                              "the `size` variable needs to be documented in the README"),
    "approval": after(RDS, RDS_SAID, "great, apply_immediately is what we want for staging"),
}


# praise first, then a sentence that turns: what follows the turn decides; a colleague's view retold
PIVOTS = {
    "turns-to-a-no": (after(ROTATE, "I forced a rotation on db-2 to check the config; it rotated cleanly.",
                            "cool, thanks, 14 days of logs is plenty and the disk graph is already dropping. hm, but "
                            "that was a live box in the middle of the day. no forced rotations on live hosts"), 1),
    "turns-to-more-work": (after(ROTATE, "I forced a rotation on db-2 to check the config; it rotated cleanly.",
                                 "great, the disk graph is already dropping on db-2. but also add the same config "
                                 "for db-3 and db-4"), 0),
    # someone's objection retold and taken up, then the rule: no colon, no quote marks, a typo
    "objection-agreed": (after(TAG, "Manifest written.", "Priya from the platform team looked at it and siad the "
                               "rollback picks whatever latest was at the time. I agree with her. every image gets the "
                               "commit sha as its tag"), 1),
    "objection-not-taken-up": (after(TAG, "Manifest written.", "Priya from the platform team looked at it and said "
                                     "the rollback picks whatever latest was at the time. she is checking the registry "
                                     "settings herself, every image there gets scanned anyway"), 0),
}


# a no and a rule right after the act, with nothing said of the act itself: a correction, unless the
# message closes the work
NO_AND_RULE = {
    "run-on": (after(ROTATE, "I forced a rotation on db-2 to check the config; it rotated cleanly.",
                     "logrotate configs get checked with the dry run flag only, the forced one cant be undone on a "
                     "box that serves traffic"), 1),
    "ok-then-you-did": (after(ROTATE, "I forced a rotation on db-2 to check the config; it rotated cleanly.",
                              "ok so, long day here. you forced the rotation on a box that serves traffic, that is a "
                              "no from me. the dry run checks a config"), 1),
    "ok-then-next-task": (after(ROTATE, "I forced a rotation on db-2 to check the config; it rotated cleanly.",
                                "ok, maybe your rotation was the cause of the blip, never mind. then set up the same "
                                "config on db-3, not on db-4"), 0),
    "closes": (after(ROTATE, "I forced a rotation on db-2 to check the config; it rotated cleanly.",
                     "going forward the hosts move to journald, so don't be surprised if this config goes away. "
                     "anyway, merged."), 0),
}


@pytest.mark.parametrize("shape", sorted(NO_AND_RULE))
def test_a_no_and_a_rule_after_the_act_correct_it_unless_the_work_is_closed(vault, tmp_path, shape):
    messages, corrections = NO_AND_RULE[shape]
    ingest(vault, tmp_path, shape, messages)
    assert len(candidates(vault, "correction")) == corrections


@pytest.mark.parametrize("shape", sorted(PIVOTS))
def test_praise_that_turns_or_a_view_retold_is_read_for_what_the_person_says(vault, tmp_path, shape):
    messages, corrections = PIVOTS[shape]
    ingest(vault, tmp_path, shape, messages)
    assert len(candidates(vault, "correction")) == corrections


@pytest.mark.parametrize("shape", sorted(NAMED_CODE))
def test_a_rule_or_a_judgement_beside_code_the_act_wrote_is_a_correction(vault, tmp_path, shape):
    ingest(vault, tmp_path, shape, NAMED_CODE[shape])
    [corr] = candidates(vault, "correction")
    assert corr.meta["lesson"] == NAMED_CODE[shape][-1]["content"] and "db.tf" in corr.meta["trigger"]


@pytest.mark.parametrize("shape", sorted(NAMED_CODE_NONE))
def test_code_of_the_act_named_in_a_question_new_work_or_approval_is_none(vault, tmp_path, shape):
    ingest(vault, tmp_path, shape, NAMED_CODE_NONE[shape])
    assert candidates(vault, "correction") == []


@pytest.mark.parametrize("words, token", [
    ("never apply_immediately here", "apply_immediately"),
    ("it needs isomericSmiles=True", "isomericSmiles"),   # camelCase, its value cut off
    ("read it from SENTRY_DSN", "SENTRY_DSN"),            # the case of what it wrote does not matter
    ("the `size` is wrong", ""),                          # a plain word in backticks is no code
    ("infra/db.tf is wrong", ""),                         # a file, not what it did
    ("never max_pool here", ""),                          # code the act did not write
])
def test_which_code_of_the_act_a_message_names(words, token):
    acted = (ToolCall("c1", "Edit", {"file_path": "infra/db.tf", "old_string": "",
                                     "new_string": "size = 1\napply_immediately = true\nsentry_dsn = 'x'\n"
                                                   "key(isomericSmiles=False)"}),)
    assert rework.act_token(words, acted) == token


def test_code_the_agent_only_replaced_is_not_what_it_did():
    acted = (ToolCall("c1", "Edit", {"file_path": "a.py", "old_string": "x.unwrap()", "new_string": "x?"}),)
    assert rework.names_the_act("no .unwrap() in this crate", acted) == ""
    assert rework.names_the_act("no `?` here, never", acted) == ""   # shorter than a name


def test_a_long_message_against_large_calls_is_read_quickly():
    import time

    acted = tuple(ToolCall(f"c{i}", "Write", {"file_path": f"f{i}.py", "content": "x = `a` --flag-" * 3000})
                  for i in range(12))
    words = "isn't `a--b` --no-x never " * 400
    start = time.perf_counter()
    rework.names_the_act(words, acted, "I did it. " * 500)
    assert time.perf_counter() - start < 0.25
