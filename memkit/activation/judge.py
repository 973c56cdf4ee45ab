"""The optional LLM relevance judge for high-consequence cues (off unless activation.judge).

Owns asking, per high-consequence cue, whether its lesson applies to the action at
hand, and dropping the ones the model says do not. It fails toward showing: any
error keeps the cue and prints one line on stderr; `[activation] judge_timeout` bounds the whole
wait of one hook call (no retries). Imported only when enabled.
"""
from __future__ import annotations

import sys
import time
import tomllib

from memkit import DATA
from memkit.errors import MemkitError

SCHEMA = {"type": "object", "properties": {"relevant": {"type": "boolean"}, "reason": {"type": "string"}},
          "required": ["relevant"]}


def _prompts() -> dict:
    return tomllib.loads((DATA / "prompts.toml").read_text())["judge"]


def _within(seconds: float, ask):
    """ask() when it answers within seconds (an endpoint that sends a byte now and then never times
    out a read); else MemkitError. The waiting thread is left to the process's end (a hook's is near)."""
    import threading

    box: dict = {}

    def run():
        try:
            box["answer"] = ask()
        except BaseException as e:   # noqa: BLE001 — handed to the caller
            box["error"] = e
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise MemkitError(f"relevance judge: no answer within {seconds:.1f} s")
    if "error" in box:
        raise box["error"]
    return box["answer"]


def review(vault, cues: list, action, cat) -> list:
    from memkit import llm

    high = [c for c in cues if any(k in cat.kinds and cat.kinds[k].consequence == "high" for k in c.matched)]
    if not high:
        return cues
    config, text = vault.config, _prompts()
    budget = float(config.get("activation.judge_timeout"))   # the whole wait, every cue judged in it
    deadline = time.monotonic() + budget
    try:
        api = llm.client(config, "relevance judge", timeout=budget, retries=0)
    except MemkitError as e:
        print(f"memkit: {e}; showing the lesson unjudged", file=sys.stderr)
        return cues
    dropped = set()
    for cue in high:
        left = deadline - time.monotonic()
        if left < 0.05:
            print(f"memkit: relevance judge: no answer within {budget:g} s ([activation] judge_timeout); showing "
                  "the lesson unjudged", file=sys.stderr)
            break
        prompt = text["ask"].format(action=action.text[:4000], trigger=cue.trigger[:600], lesson=cue.lesson[:1500])
        try:
            answer = _within(left, lambda: llm.forced_tool(
                api.with_options(timeout=left), config, "relevance judge", system=text["system"], prompt=prompt,
                tool="judge_relevance", description="Say whether the lesson applies.", schema=SCHEMA, max_tokens=300))
        except MemkitError as e:
            print(f"memkit: {e}; showing the lesson unjudged", file=sys.stderr)
            break
        if answer.get("relevant") is False:
            dropped.add(cue.rowid)
        else:
            cue.why.append("the relevance judge agreed")
    return [c for c in cues if c.rowid not in dropped]
