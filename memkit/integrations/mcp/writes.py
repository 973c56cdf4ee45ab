"""The MCP tools that write: remember and fact_set.

What an agent writes is a candidate in workshop/observations/ for a person to review, never
a reviewed note: a fact is agent-inferred (trust at most 0.5) and unconfirmed until a person
accepts it, whatever the caller asks. Each write is one git commit (when `[git] commit` is
on) with trailers naming the candidate and its turn. Never touches the library or facts/.
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from memkit.errors import InvalidInput, MemkitError
from memkit.extract import remember as remember_mod
from memkit.integrations.mcp.recall import Kind

WRITE = {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}
SessionArg = Annotated[str | None, Field(description="Your session id (or its trace id), so the candidate "
                                         "links the turn it came from.", max_length=300)]
FieldsArg = Annotated[dict[str, Any] | None, Field(description="Kind-specific fields: correction {trigger, "
                                                   "lesson, action_types}, decision {alternatives, chosen}, "
                                                   "negative_result {approach, reason}.")]
KindArg = Annotated[Kind, Field(description="What it is: a correction the user gave, a preference, a decision, "
                                "a procedure, a discovery, a negative result (tried X, failed because Y) or an "
                                "open question. For a fact use fact_set.")]


def remember(vault, text: Annotated[str, Field(description="The statement worth keeping, in one or two "
                                               "sentences.", min_length=1, max_length=4000)],
             kind: KindArg = "discovery", session: SessionArg = None, fields: FieldsArg = None) -> dict[str, Any]:
    if kind == "fact":
        raise InvalidInput("a fact goes through fact_set (key and value)")
    made = remember_mod.remember(vault, text, kind=kind, session=session, fields=fields)
    return {**made, "status": "candidate"}


def fact_set(vault, key: Annotated[str, Field(description="The fact's key: words joined by _, e.g. "
                                              "backup_frequency (KEY@CONTEXT for one context).", min_length=1,
                                              max_length=80)],
             value: Annotated[str, Field(description="Its value, as plain text.", min_length=1, max_length=2000)],
             session: SessionArg = None,
             reason: Annotated[str | None, Field(description="Why you believe it (where you saw it).",
                                                 max_length=300)] = None) -> dict[str, Any]:
    from memkit.facts import store

    statement = f"{key} = {value}" + (f" ({reason})" if reason else "")
    made = remember_mod.remember(vault, statement, kind="fact", session=session, fields={"key": key, "value": value})
    try:
        current = store.get(vault, key).as_dict()
    except MemkitError:   # no such fact yet: nothing to compare with
        current = None
    return {**made, "status": "candidate", "source": "agent_inferred", "unconfirmed": True,
            "current": {k: current[k] for k in ("key", "value", "trust", "source")} if current else None}


TOOLS = [
    (remember, "Remember", ("Keep something worth remembering as a candidate observation for a person to review "
                            "(never straight into the library); one commit. The same text again is the same "
                            "candidate."), WRITE),
    (fact_set, "Propose a fact", ("Propose a fact (key = value) as an agent-inferred candidate (trust 0.5, "
                                  "unconfirmed) for a person to accept; the active value, if any, is returned "
                                  "beside it."), WRITE),
]
