"""A lesson is given once a session: an agent that runs the suite thirty times is not handed the same
line thirty times. It is given again before the corrected call itself, before a high-consequence
action, in another session, after the context was compacted, and every time under `ask` delivery;
a line at a request does not silence the line before the call. Driven through the hook protocol."""
from __future__ import annotations

import json
import os
import time

import pytest
from conftest import run_cli, write_generic

from memkit.activation import told
from memkit.storage.vault import Vault

CWD = "/srv/shop"


def rejected(n: int, asked: str, tool: str, call: dict, said: str, at: str) -> list[dict]:
    """One exchange: a request, the agent's call, the person rejecting it and saying why."""
    return [{"role": "user", "content": asked, "timestamp": f"{at}:00Z"},
            {"role": "assistant", "content": "on it", "tool_calls": [{"id": f"c{n}", "name": tool, "input": call}]},
            {"role": "tool", "tool_call_id": f"c{n}", "content": "The user doesn't want to proceed", "rejected": True},
            {"role": "user", "content": said, "timestamp": f"{at}:30Z"}]


def ingest(vault, path, session: str, *exchanges: list[dict]) -> None:
    log = write_generic(path, [m for ex in exchanges for m in ex], {"session_id": session, "project": "shop", "cwd": CWD})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)


@pytest.fixture
def shop(vault, tmp_path):
    ingest(vault, tmp_path / "print.jsonl", "s-shop",
           rejected(1, "the totals are off for refunds, find out why", "Edit",
                    {"file_path": f"{CWD}/billing/totals.py", "old_string": "    return total",
                     "new_string": "    print('total', total)\n    return total"},
                    "no print() for debugging in this codebase, use the logger: log.debug", "2026-05-01T10:00"),
           rejected(2, "clean up the staging database", "Bash", {"command": "psql $PROD_URL -c 'TRUNCATE orders'"},
                    "STOP. never run anything against the production database, that is prod", "2026-05-01T11:00"))
    return vault


def edit(path: str, new: str) -> dict:
    return {"tool_name": "Edit", "tool_input": {"file_path": f"{CWD}/{path}", "old_string": "    return x",
                                                "new_string": new}}


def hook(vault, verb: str, session: str, **payload) -> str:
    event = payload.pop("event", "PreToolUse" if verb == "check" else "UserPromptSubmit")
    raw = json.dumps({"session_id": session, "cwd": CWD, "hook_event_name": event, **payload})
    out = run_cli("--vault", str(vault), verb, "--hook", input=raw, check=True).stdout
    return json.loads(out)["hookSpecificOutput"]["additionalContext"] if out else ""


def test_a_lesson_before_calls_is_given_once_a_session_and_again_where_it_is_owed(shop):
    first = hook(shop, "check", "s1", **edit("billing/refunds.py", "    print('refund', x)\n    return x"))
    assert "log.debug" in first
    assert hook(shop, "check", "s1", **edit("billing/tax.py", "    print('tax', x)\n    return x")) == ""
    assert "log.debug" in hook(shop, "check", "s2", **edit("billing/tax.py", "    print('tax', x)\n    return x"))
    # the corrected call itself, nearly as it was: said again
    again = edit("billing/totals.py", "    print('total', total)\n    return total")
    assert "log.debug" in hook(shop, "check", "s1", **again)
    # compacted: the agent's context lost it
    assert hook(shop, "context", "s1", event="SessionStart", source="compact") is not None
    assert "log.debug" in hook(shop, "check", "s1", **edit("billing/tax.py", "    print('tax', x)\n    return x"))


def test_a_high_consequence_action_is_said_every_time_and_ask_delivery_asks_every_time(shop, monkeypatch):
    prod = {"tool_name": "Bash", "tool_input": {"command": "psql $PROD_URL -c 'DELETE FROM carts'"}}
    assert "production" in hook(shop, "check", "s1", **prod)
    assert "production" in hook(shop, "check", "s1", **{**prod, "tool_input": {"command": "psql $PROD_URL -f fix.sql"}})
    monkeypatch.setenv("MEMKIT_DELIVERY", "ask")
    call = edit("billing/refunds.py", "    print('refund', x)\n    return x")
    asked = [run_cli("--vault", str(shop), "check", "--hook", check=True, input=json.dumps(
        {"session_id": "s3", "cwd": CWD, "hook_event_name": "PreToolUse", **call})).stdout for _ in range(2)]
    assert all(json.loads(a)["hookSpecificOutput"]["permissionDecision"] == "ask" for a in asked)


def test_a_line_at_a_request_is_said_once_and_leaves_the_call_its_own(shop):
    ask = "add some debug output to the refund totals so we can see what is going on"
    assert "log.debug" in hook(shop, "context", "s1", prompt=ask)
    assert hook(shop, "context", "s1", prompt=ask) == ""
    assert "log.debug" in hook(shop, "check", "s1", **edit("billing/refunds.py", "    print('refund', x)\n    return x"))


def test_what_was_told_is_kept_per_session_and_old_sessions_are_pruned(shop):
    v = Vault(shop)
    assert told.add(v, told.TOOL, "s9", ["corr-a"]) and not told.add(v, told.TOOL, "s9", ["corr-a"])
    assert told.ids(v, told.TOOL, "s9") == {"corr-a"} and told.ids(v, told.TOOL, "") == frozenset()
    assert told.add(v, told.TOOL, "", ["corr-a"])   # no session named: nothing is kept, everything is new
    kept = next((v.state / told.TOOL).glob("*.json"))
    old = time.time() - (told.KEEP_DAYS + 1) * 86400
    os.utime(kept, (old, old))
    told.add(v, told.PROMPT, "s10", ["corr-b"])
    told.prune(v)
    assert told.ids(v, told.TOOL, "s9") == frozenset() and told.ids(v, told.PROMPT, "s10") == {"corr-b"}


def test_a_store_that_cannot_be_written_or_read_costs_the_answer_nothing(shop):
    """A file where the store's folder should be (a full or read-only disk behaves alike), or a corrupt
    store: the lesson is given as if nothing was told."""
    state = Vault(shop).state
    (state / told.TOOL).write_text("not a folder")
    call = edit("billing/refunds.py", "    print('refund', x)\n    return x")
    assert "log.debug" in hook(shop, "check", "s1", **call)
    assert "log.debug" in hook(shop, "check", "s1", **call)   # nothing could be kept: said again
    (state / told.TOOL).unlink()
    told.add(Vault(shop), told.TOOL, "s2", ["x"])
    next((state / told.TOOL).glob("*.json")).write_text("[" * 100_000)
    assert "log.debug" in hook(shop, "check", "s2", **call)


def test_a_lesson_given_already_leaves_its_place_to_the_next(shop, tmp_path, monkeypatch):
    """The lines before a call are few (the best three; one here): a lesson already given in this
    session does not hold that place, or the next lesson would never be given."""
    from memkit.activation import activate

    ingest(shop, tmp_path / "structlog.jsonl", "s-structlog",
           rejected(1, "log the refund amounts", "Edit",
                    {"file_path": f"{CWD}/billing/refunds.py", "old_string": "    return refund",
                     "new_string": "    print(f'refund {refund}')\n    return refund"},
                    "no print statements in billing, we have structlog: logger.info with fields", "2026-05-02T10:00"))
    monkeypatch.setitem(activate.MAX_LINES, "tool", 1)
    v = Vault(shop)
    call = edit("billing/tax.py", "    print('tax', x)\n    return x")
    [first] = activate.check(v, call["tool_name"], call["tool_input"], CWD).cues
    [second] = activate.check(v, call["tool_name"], call["tool_input"], CWD, frozenset({first.note_id})).cues
    assert second.note_id != first.note_id


def test_deny_once_lets_the_retry_through_even_when_other_lessons_rank_in(vault, tmp_path):
    said = ("never stage everything with git add ., name the files you mean",
            "don't use git add -A, you'll pick up the scratch files",
            "no bulk staging please: git add the paths you changed",
            "stop adding everything at once, stage file by file")
    for n, words in enumerate(said):
        ingest(vault, tmp_path / f"add{n}.jsonl", f"s-add-{n}",
               rejected(n, "commit the fix", "Bash", {"command": "git add . && git commit -m fix"}, words,
                        f"2026-05-0{n + 1}T10:00"))
    def decide(session: str, described: str = "Commit the work") -> str:
        call = {"tool_name": "Bash", "tool_input": {"command": "git add . && git commit -m 'wip'",
                                                    "description": described}}
        raw = json.dumps({"session_id": session, "cwd": CWD, "hook_event_name": "PreToolUse", **call})
        out = run_cli("--vault", str(vault), "check", "--hook", input=raw, check=True,
                      env={**os.environ, "MEMKIT_DELIVERY": "deny-once"}).stdout
        return json.loads(out)["hookSpecificOutput"].get("permissionDecision", "") if out else ""

    assert decide("d1") == "deny"
    assert decide("d1", "Stage all changes and commit") == ""   # the same call again, described afresh: it
    # goes through, whatever else ranks in now
    assert decide("d2") == "deny"  # another session is denied once too


def test_a_payload_whose_cwd_is_no_text_is_still_answered(shop):
    raw = json.dumps({"session_id": "c1", "cwd": 42, "hook_event_name": "PreToolUse",
                      **edit("billing/refunds.py", "    print('refund', x)\n    return x")})
    out = run_cli("--vault", str(shop), "check", "--hook", input=raw)
    assert out.returncode == 0 and "log.debug" in json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"]
    assert out.stderr.count("\n") == 1 and "cwd is not a string" in out.stderr
