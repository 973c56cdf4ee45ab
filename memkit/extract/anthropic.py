"""The anthropic extractor: one schema-constrained request per signal type (opt-in).

Owns the request per signal type (a forced tool call, through memkit.llm, whose
input schema is the observation's fields), and checking every answer
against that schema and against the trace (the turn must exist). Never asks to
"summarise the session"; every failure becomes one MemkitError line.
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from typing import Any

from memkit import DATA
from memkit.errors import MemkitError
from memkit.extract import Candidate, TraceContext, aftermath
from memkit.layers import Flag, Role

NAME = "anthropic"
VERSION = 1
FIELDS = {
    "correction": {"trigger": "string", "lesson": "string"},
    "preference": {"lesson": "string"},
    "decision": {"chosen": "string", "alternatives": "array"},
    "fact": {"key": "string", "value": "string"},
    "negative_result": {"approach": "string", "reason": "string"},
}
LIFECYCLE = {"correction": "operational", "preference": "self", "decision": "knowledge", "fact": "knowledge",
             "negative_result": "knowledge"}
MAX_TRANSCRIPT = 120_000


@lru_cache(maxsize=1)
def prompts() -> dict[str, Any]:
    return tomllib.loads((DATA / "prompts.toml").read_text())


def schema(kind: str) -> dict[str, Any]:
    props: dict[str, Any] = {"turn": {"type": "integer"}, "confidence": {"type": "number"}}
    for name, typ in FIELDS[kind].items():
        props[name] = {"type": "array", "items": {"type": "string"}} if typ == "array" else {"type": "string"}
    item = {"type": "object", "properties": props, "required": ["turn", *FIELDS[kind]]}
    return {"type": "object", "properties": {"items": {"type": "array", "items": item}}, "required": ["items"]}


def transcript(ctx: TraceContext, limit: int) -> str:
    lines = []
    for t in ctx.turns:
        if t.role is Role.SYSTEM or Flag.SIDECHAIN in t.flags:
            continue
        who = "USER" if t.typed else "USER (interrupt)" if t.role is Role.USER else t.role.value.upper()
        text = " ".join(t.text.split())[:limit]
        if t.role is Role.TOOL:
            text = ("REJECTED BY THE USER. " if Flag.REJECTED in t.flags else "") + text[:400]
        calls = " ".join(f"<call {c.name} {str(c.input)[:300]}>" for c in t.tool_calls)
        lines.append(f"[t{t.n}] {who}: {text} {calls}".rstrip())
    return "\n".join(lines)[-MAX_TRANSCRIPT:]


def _ask(api, config, kind: str, text: str) -> list[dict[str, Any]]:
    from memkit import llm

    spec = prompts()["kinds"][kind]
    answer = llm.forced_tool(api, config, "anthropic extractor", system=prompts()["system"],
                             prompt=f"{spec['ask']}\n\n<session>\n{text}\n</session>", tool=spec["tool"],
                             description=f"Record the {kind.replace('_', ' ')}s found.", schema=schema(kind))
    items = answer.get("items")
    if not isinstance(items, list):
        raise MemkitError(f"anthropic extractor: the reply for {kind} does not fit the schema")
    return items


def _valid(kind: str, item: Any, turns: dict[int, Any]) -> bool:
    if not isinstance(item, dict) or not isinstance(item.get("turn"), int) or item["turn"] not in turns:
        return False
    for name, typ in FIELDS[kind].items():
        value = item.get(name)
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value) if typ == "array" \
            else isinstance(value, str) and value.strip()
        if not ok and not (name in ("reason", "trigger") and value in (None, "")):
            return False
    return True


def extract(ctx: TraceContext, config) -> list[Candidate]:
    from memkit import llm

    client = llm.client(config, "anthropic extractor")
    text = transcript(ctx, int(config.get("anthropic.max_turn_chars")))
    turns = {t.n: t for t in ctx.turns}
    where = {t.n: i for i, t in enumerate(ctx.turns)}
    out: list[Candidate] = []
    for kind in FIELDS:
        for item in _ask(client, config, kind, text):
            if not _valid(kind, item, turns):
                continue
            fields = {k: item.get(k) for k in FIELDS[kind]}
            statement = str(fields.get("lesson") or fields.get("value") or fields.get("chosen")
                            or fields.get("approach"))
            if kind == "fact":
                statement = f"{fields['key']} = {fields['value']}"
            if kind == "correction":   # the agent's own fix, as the heuristic extractor keeps it
                fix = aftermath.fix_after(ctx.turns, where[item["turn"]])
                if fix:
                    fields["fix"] = fix
            conf = item.get("confidence")
            conf = float(conf) if isinstance(conf, (int, float)) and 0 <= conf <= 1 else 0.7
            out.append(Candidate(kind, item["turn"], statement, conf, 0.6 if kind == "correction" else 0.5,
                                 LIFECYCLE[kind], fields, created=turns[item["turn"]].ts))
    return out
