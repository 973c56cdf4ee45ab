"""The MCP tools that read: search, recent, timeline, show, fetch, context, check, why, fact_get.

Each is a function of the vault and its arguments, which publish their schema (enums, ranges,
descriptions), and calls one library verb. Long text comes in pages (`offset`, `max_chars`,
turn ranges), never as one unbounded result. Never writes to the vault.
"""
from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field

from memkit import search as search_mod
from memkit.errors import InvalidInput, MemkitError
from memkit.storage import lookup

Kind = Literal["correction", "preference", "decision", "fact", "procedure", "discovery", "negative_result",
               "question"]
Layer = Literal["trace", "workshop", "observation", "episode", "fact", "library"]
ISO = r"^\d{4}-\d{2}-\d{2}(T[0-9:.]+Z?)?$"
KindArg = Annotated[Kind | None, Field(description="Only observations of this kind.")]
LayerArg = Annotated[Layer | None, Field(description="Only this layer: trace (whole sessions), workshop "
                                         "(unreviewed candidates), observation, episode, fact or library.")]
ProjectArg = Annotated[str | None, Field(description="Only notes of this project (as traces name it).",
                                         max_length=200)]
SinceArg = Annotated[str | None, Field(description="Only notes created on or after this ISO date "
                                       "(2026-03-01 or 2026-03-01T10:00:00Z).", pattern=ISO)]
UntilArg = Annotated[str | None, Field(description="Only notes created on or before this ISO date.", pattern=ISO)]
LimitArg = Annotated[int, Field(description="How many results (1-100).", ge=1, le=100)]
OffsetArg = Annotated[int, Field(description="Skip this many results (paging; 0-10000).", ge=0, le=10_000)]
IdArg = Annotated[str, Field(description="A note id, or TRACE-ID#^tN for one turn of a trace.", min_length=1,
                             max_length=300)]
CwdArg = Annotated[str | None, Field(description="Your working directory (its project's lessons first).",
                                     max_length=4096)]
TOOL_NAMES = ("Bash", "Edit", "MultiEdit", "Write", "NotebookEdit", "Read", "Glob", "Grep", "LS", "WebFetch",
              "WebSearch", "apply_patch")
MAX_TURNS = 100
READ = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}
TOOLS: list[tuple] = []   # (function, title, description, annotations), in the order they are listed


def tool(title: str, description: str):
    """Mark a function as a read tool: the vault first, then its arguments as the schema shows them."""
    def mark(fn):
        TOOLS.append((fn, title, description, READ))
        return fn
    return mark


@tool("Search memory", "Full-text search over traces, candidates, observations, episodes, facts and library "
      "notes, best first; filter by kind, layer, project and dates; page with offset.")
def search(vault, query: Annotated[str, Field(description="Words to find; every word first, else any.",
                                              min_length=1, max_length=2000)],
           kind: KindArg = None, layer: LayerArg = None, project: ProjectArg = None, since: SinceArg = None,
           until: UntilArg = None, limit: LimitArg = 10, offset: OffsetArg = 0) -> dict[str, Any]:
    filters = search_mod.Filters(kind, layer, project, _day(since, "since"), _day(until, "until"))
    hits = search_mod.search(vault, query, limit=limit + 1, offset=offset, filters=filters)
    return {"hits": [h.as_dict() for h in hits[:limit]], "offset": offset,
            "next_offset": offset + limit if len(hits) > limit else None}


@tool("Recent activity", "The newest notes (sessions, candidates, reviewed notes), newest first; filter by "
      "kind, layer, project and dates.")
def recent(vault, kind: KindArg = None, layer: LayerArg = None, project: ProjectArg = None, since: SinceArg = None,
           until: UntilArg = None, limit: LimitArg = 10, offset: OffsetArg = 0) -> dict[str, Any]:
    filters = search_mod.Filters(kind, layer, project, _day(since, "since"), _day(until, "until"))
    notes = search_mod.recent(vault, limit=limit + 1, offset=offset, filters=filters)
    return {"notes": notes[:limit], "offset": offset, "next_offset": offset + limit if len(notes) > limit else None}


def _day(value: str | None, name: str) -> str | None:
    """An ISO date the calendar has (the pattern lets 2026-13-45 through), as the command line asks."""
    from datetime import datetime

    try:
        if value:
            datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise InvalidInput(f"{name}: {value!r} is no date there is (month 01-12, a day the month has)") from None
    return value


@tool("Turns around a moment", "The turns before and after an anchor turn (TRACE-ID#^tN, or an observation's "
      "source turn): what led to it and what came of it.")
def timeline(vault, anchor: Annotated[str, Field(description="A turn as TRACE-ID#^tN, or the id of a note whose "
                                                 "source is a turn (an observation).", min_length=1,
                                                 max_length=300)],
             before: Annotated[int, Field(description="Turns before the anchor (0-50).", ge=0, le=50)] = 3,
             after: Annotated[int, Field(description="Turns after the anchor (0-50).", ge=0, le=50)] = 3,
             max_chars: Annotated[int, Field(description="Characters kept of each turn (200-20000).", ge=200,
                                             le=20_000)] = 2000) -> dict[str, Any]:
    found = lookup.timeline(vault, anchor, before, after)
    return {**found, "turns": [_turn(found["trace"], t, max_chars) for t in found["turns"]]}


@tool("Show a note", "One note by id, or one turn (TRACE-ID#^tN); long notes come in pages (offset, max_chars) "
      "and a trace's turns by range (turns='10-20').")
def show(vault, id: IdArg,
         turns: Annotated[str | None, Field(description=f"For a trace: the turns to show, N or A-B (at most "
                                            f"{MAX_TURNS}).", pattern=r"^\d+(-\d+)?$")] = None,
         offset: Annotated[int, Field(description="Start at this character (paging).", ge=0)] = 0,
         max_chars: Annotated[int, Field(description="Characters in this page (500-100000).", ge=500,
                                         le=100_000)] = 20_000):
    from mcp.types import CallToolResult, TextContent

    text, data = _turns_text(vault, id, turns) if turns else _note_text(vault, id)
    page = text[offset:offset + max_chars]
    more = offset + len(page) < len(text)
    data.update(offset=offset, total_chars=len(text), next_offset=offset + len(page) if more else None)
    tail = ""
    if more or offset:
        tail = (f"\n… [characters {offset}-{offset + len(page)} of {len(text)}"
                + (f"; call show again with offset={offset + len(page)}" if more else "")
                + (", or turns='A-B' for a trace" if data["type"] == "trace" and not turns else "") + "]")
    return CallToolResult(content=[TextContent(type="text", text=page + tail)], structured_content=data)


@tool("Fetch several notes", "Several notes by id in one call (each cut to max_chars); an unknown id gets an "
      "error entry, the others still come.")
def fetch(vault, ids: Annotated[list[str], Field(description="Note ids (or TRACE-ID#^tN), 1-20 of them.",
                                                 min_length=1, max_length=20)],
          max_chars: Annotated[int, Field(description="Characters kept of each note (500-50000).", ge=500,
                                          le=50_000)] = 8000) -> dict[str, Any]:
    return {"notes": [_one(vault, i, max_chars) for i in dict.fromkeys(ids)]}


@tool("Context for a task", "The remembered corrections, preferences, facts and precedents relevant to a task, "
      "as one block under a token budget.")
def context(vault, task: Annotated[str | None, Field(description="What you are about to do, in a sentence. "
                                                     "Without it: the project's standing lessons.",
                                                     max_length=20_000)] = None,
            budget: Annotated[int | None, Field(description="Token budget of the block (50-20000; default: "
                                                "memkit.toml).", ge=50, le=20_000)] = None,
            cwd: CwdArg = None) -> dict[str, Any]:
    from memkit.activation import activate

    return activate.context(vault, task, budget, cwd=cwd).as_dict()


@tool("Check an action", "Match a tool call you are about to make against remembered corrections; empty "
      "`cues` means nothing was recalled.")
def check(vault, action: Annotated[str, Field(description="The shell command you are about to run; for Edit, "
                                              "MultiEdit, Write or NotebookEdit the new text.",
                                              max_length=200_000)] = "",
          tool: Annotated[str, Field(description=f"The tool you are about to call ({', '.join(TOOL_NAMES)}; any "
                                     "case).", max_length=100)] = "Bash",
          file_path: Annotated[str | None, Field(description="The file an edit or write changes.",
                                                 max_length=4096)] = None,
          tool_input: Annotated[dict[str, Any] | None, Field(description="The tool call's own input, as the "
                                                             "agent passes it (instead of action).")] = None,
          cwd: CwdArg = None) -> dict[str, Any]:
    from memkit.activation import activate

    name = tool_name(tool)
    given = tool_input if tool_input is not None else shape(name, action, file_path)
    if not given or given == {"command": ""}:
        raise InvalidInput("check needs action (the command or new text) or tool_input")
    return activate.check(vault, name, given, cwd=cwd).as_dict()


@tool("Provenance", "Where a note or fact came from: its sources, the turns that justify it, its commits.")
def why(vault, id: Annotated[str, Field(description="A note id, a fact key or a vault path.", min_length=1,
                                        max_length=300)]) -> dict[str, Any]:
    from memkit.library import provenance

    found = provenance.why(vault, id)
    return found.as_dict() if hasattr(found, "as_dict") else found


@tool("Get a fact", "The active value of a fact by key, with its trust, source and history.")
def fact_get(vault, key: Annotated[str, Field(description="The fact's key, e.g. backup_frequency.", min_length=1,
                                              max_length=100)]) -> dict[str, Any]:
    from memkit.facts import store

    return store.get(vault, key).as_dict()


# ---- helpers ---------------------------------------------------------------------------
def tool_name(tool: str) -> str:
    """`bash` → `Bash`, `multiedit` → `MultiEdit`: a tool name in any case; others as given
    (activation reads other agents' tool names in any case too)."""
    t = (tool or "Bash").strip()
    known = {n.lower(): n for n in TOOL_NAMES}
    return known.get(t.lower(), t)


def shape(tool: str, action: str, file_path: str | None) -> dict[str, Any]:
    """The tool_input an agent would pass for this action: an edit adds `action` as new text."""
    path = file_path or ""
    shapes = {"Edit": {"file_path": path, "old_string": "", "new_string": action},
              "MultiEdit": {"file_path": path, "edits": [{"old_string": "", "new_string": action}]},
              "Write": {"file_path": path, "content": action},
              "NotebookEdit": {"notebook_path": path, "new_source": action},
              "Read": {"file_path": path or action},
              "Glob": {"pattern": action, "path": path}, "Grep": {"pattern": action, "path": path},
              "LS": {"path": path or action}, "WebFetch": {"url": action}, "WebSearch": {"query": action}}
    return shapes.get(tool, {"command": action})


def _turn(trace: str, t, max_chars: int) -> dict[str, Any]:
    calls = [{"name": c.name, "input": _cut(c.input if isinstance(c.input, str) else
                                            json.dumps(c.input, ensure_ascii=False, default=str), max_chars)}
             for c in t.tool_calls]
    return {"ref": f"{trace}#^t{t.n}", "n": t.n, "role": t.role.value, "tool": t.tool_name, "ts": t.ts,
            "flags": sorted(str(f) for f in t.flags), "text": _cut(t.text, max_chars),
            "truncated": len(t.text) > max_chars, "calls": calls}


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f" … [{len(text) - limit} more characters]"


def _turns_text(vault, ident: str, turns: str) -> tuple[str, dict[str, Any]]:
    lo_text, _, hi_text = turns.partition("-")
    lo, hi = int(lo_text), int(hi_text or lo_text)
    if hi < lo or hi - lo >= MAX_TURNS:
        raise InvalidInput(f"turns: give N or A-B with A ≤ B and at most {MAX_TURNS} turns (got {turns})")
    note, found = lookup.trace_turns(vault, ident, lo, hi)
    text = "\n".join(lookup.turn_text(note.id, t) for t in found) or f"{note.id} has no turns {turns}\n"
    return text, {"id": note.id, "path": vault.rel(note.path), "type": "trace",
                  "turns": {"from": lo, "to": hi, "of": note.meta.get("turns")}}


def _note_text(vault, ident: str) -> tuple[str, dict[str, Any]]:
    shown = lookup.show(vault, ident)
    kind = "turn" if "turn" in shown else str((shown.get("meta") or {}).get("type") or "")
    return shown["text"], {"id": shown["id"], "path": shown["path"], "type": kind}


def _one(vault, ident: str, max_chars: int) -> dict[str, Any]:
    try:
        shown = lookup.show(vault, ident)
    except MemkitError as e:
        return {"id": ident, "error": str(e)}
    text = shown["text"]
    return {"id": shown["id"] + (f"#^t{shown['turn']}" if "turn" in shown else ""), "path": shown["path"],
            "text": _cut(text, max_chars), "total_chars": len(text), "truncated": len(text) > max_chars}
