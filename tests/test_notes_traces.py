"""The two file formats memkit owns: notes (frontmatter + body) and traces (turns with anchors)."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from memkit.storage import notes
from memkit.traces import render as traces
from memkit.traces.model import Session, ToolCall, Turn
from memkit.layers import Flag, Role


def test_note_round_trip_keeps_unknown_keys_order_crlf_and_body():
    text = ("---\r\ntype: observation\r\nzeta: 1\r\nid: x-1\r\nwhen: 2026-03-02T10:00:00Z\r\nalpha: [a, b]\r\n---\r\n"
            "Body line one\r\n\r\n---\r\nnot frontmatter\r\n")
    note = notes.parse(text)
    assert list(note.meta) == ["type", "zeta", "id", "when", "alpha"]
    assert note.meta["when"] == "2026-03-02T10:00:00Z"          # timestamps stay strings
    assert notes.render(note, keep_raw=True) == text
    again = notes.parse(notes.render(note))
    assert again.meta == note.meta and again.body == note.body
    assert notes.render(again).count("---\r\ntype:") == 1            # never a second frontmatter block


def test_unsafe_yaml_is_refused():
    import pytest
    from memkit.errors import InvalidInput

    with pytest.raises(InvalidInput, match="not valid YAML"):
        notes.parse("---\nx: !!python/object/apply:os.system ['echo hi']\n---\nbody\n")
    with pytest.raises(InvalidInput, match="never closes"):
        notes.parse("---\ntype: trace\nno end\n")


def test_person_edits_are_detected_by_hash():
    meta = notes.stamp({"type": "observation", "id": "a", "lesson": "x"}, "body\n")
    note = notes.parse(notes.render(notes.Note(meta, "body\n")))
    assert not note.edited_by_person()
    note.meta["extracted"] = ["heuristic@2"]            # memkit's own bookkeeping is not an edit
    assert not note.edited_by_person()
    note.body += "my own remark\n"
    assert note.edited_by_person()


def _session(texts: list[str]) -> Session:
    turns = []
    for i, text in enumerate(texts):
        role = [Role.USER, Role.ASSISTANT, Role.TOOL][i % 3]
        calls = (ToolCall(f"c{i}", "Bash", {"command": text[:40]}),) if role is Role.ASSISTANT else ()
        flags = frozenset({Flag.REJECTED}) if role is Role.TOOL and i % 2 else frozenset()
        turns.append(Turn(role, text, f"2026-01-01T00:00:{i % 60:02d}Z", calls,
                          "Bash" if role is Role.TOOL else None, f"c{i - 1}" if role is Role.TOOL else None, flags))
    return Session("s-1", "generic", turns).finish()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200), min_size=1,
                max_size=9))
def test_trace_render_parse_round_trip(texts):
    session = _session(["## Turn 1 · user ^t1\n```\n" + t if i == 0 else t for i, t in enumerate(texts)])
    parsed = traces.parse_turns(traces.render_body(session))
    assert [t.n for t in parsed] == [t.n for t in session.turns]
    for a, b in zip(session.turns, parsed):
        assert (a.role, a.flags, a.tool_name, a.tool_call_id) == (b.role, b.flags, b.tool_name, b.tool_call_id)
        assert b.text == a.text.strip("\n")      # blank lines around a turn's text are layout, not content
        assert [(c.id, c.name, c.input) for c in a.tool_calls] == [(c.id, c.name, c.input) for c in b.tool_calls]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from("#T u·^t1 \n\r\tab"), max_size=60), min_size=1, max_size=6))
def test_one_turn_is_parsed_as_the_whole_trace_would_parse_it(texts):
    body = traces.render_body(_session(texts)) + "## Turn 2 · an edit by hand ^t2 \nagain\n"
    assert [m.span() for m in traces._headings(body)] == [m.span() for m in traces._HEADINGS.finditer(body)]
    whole = {t.n: t for t in traces.parse_turns(body)}   # the last of two turns numbered 2
    spans = traces.turn_spans(body)
    for n in [*whole, 99]:
        for one in (traces.parse_turn(body, n), traces.parse_turn(body, n, spans)):
            assert (one.text, one.role, one.ts) == (whole[n].text, whole[n].role, whole[n].ts) if n in whole else one is None
    assert traces.parse_turn("no headings", 1) is None and traces.turn_spans("") == {}


def test_trace_id_is_readable_and_safe():
    s = Session("b7c1e0aa-5f0e-4c1e-9a51-3d2f0c8e11aa", "claude-code", [], started="2026-03-02T10:00:00Z")
    assert traces.trace_id(s) == "2026-03-02-claude-b7c1e0aa"
    hostile = Session("../../etc/passwd", "generic", [], started="2026-03-02T10:00:00Z")
    tid = traces.trace_id(hostile)
    assert "/" not in tid and ".." not in tid and tid.startswith("2026-03-02-generic-")


def test_a_message_that_leaves_a_code_fence_open_does_not_swallow_the_turns_after_it():
    opened = "here is what I ran:\n```bash\n$ make test\nFAILED"
    session = Session("s-2", "generic", [Turn(Role.USER, opened), Turn(Role.ASSISTANT, "The import fails."),
                                         Turn(Role.USER, "no, never change the test, fix the import")]).finish()
    body = traces.render_body(session)
    before_heading = body.split("## Turn 2 ")[0]
    fences = [ln for ln in before_heading.splitlines() if ln.startswith("```")]
    assert len(fences) % 2 == 0, body   # every fence closed before turn 2's heading: a viewer shows it
    assert [t.text for t in traces.parse_turns(body)] == [opened, "The import fails.",
                                                         "no, never change the test, fix the import"]
    closed = "```py\nx = 1\n```\ndone"
    assert traces.CLOSED not in traces.render_body(Session("s-3", "generic", [Turn(Role.USER, closed)]).finish())
