"""A lesson that says to keep something ("don't remove `legacy_id`", "keep the X-Request-Id header",
"don't take credit away from claude-3-7-sonnet") fires before an edit that takes it out, including
a file written whole over one on disk, and stays silent on an edit that uses it or adds beside it."""
from __future__ import annotations

import pytest

from memkit.activation import acts, catalogue, compiler, match, render

CAT = catalogue.load(None)


def _tier(cue: dict, tool: str, payload: dict, read_context: bool = False) -> int:
    act = acts.from_call(tool, payload, read_context=read_context)
    return match.judge(match.Cue(match.row_of(cue)), match.Probe(act, CAT.classify(act), CAT), CAT)


@pytest.mark.parametrize("lesson, name", [
    ("don't remove `legacy_id`, the nightly export still reads it", "legacy_id"),
    ("keep the X-Request-Id header on every response, support greps for it", "X-Request-Id"),
    ("never drop the @deprecated markers", "@deprecated"),
    ("Please don't take credit away from claude-3-7-sonnet, it was a past contributor", "claude-3-7-sonnet"),
])
def test_what_a_lesson_says_to_keep_is_kept_not_avoided(lesson, name):
    cue = compiler.compile_lesson(CAT, lesson, "Edit: /home/ana/shop/app/models.py — pass")
    assert name in cue["kept"]
    assert name not in cue["entities"]          # using it later is no mistake
    assert f"an edit that takes out {name}" in render.describe(cue, CAT)["fires before"]


def test_an_edit_that_takes_it_out_fires_and_one_that_uses_it_does_not():
    cue = compiler.compile_lesson(CAT, "don't remove `legacy_id`, the nightly export still reads it",
                                  "Edit: /home/ana/shop/app/models.py — pass")
    path = "/home/ana/shop/app/models.py"
    assert _tier(cue, "Edit", {"file_path": path, "old_string": "    legacy_id = Column(Integer)\n    name = Column(String)\n",
                               "new_string": "    name = Column(String)\n"})
    assert not _tier(cue, "Edit", {"file_path": path, "old_string": "    name = Column(String)\n",
                                   "new_string": "    name = Column(String)\n    code = lookup(legacy_id)\n"})
    assert not _tier(cue, "Edit", {"file_path": path, "old_string": "    legacy_id = Column(Integer)\n",   # renamed in place
                                   "new_string": "    legacy_id = Column(BigInteger)\n"})


def test_a_name_with_a_version_after_it_is_the_name_taken_out():
    cue = compiler.compile_lesson(CAT, "Please don't take credit away from claude-3-7-sonnet, it was a past contributor",
                                  "Update: LICENSE")
    old = '    {name = "Claude AI (claude-3-7-sonnet-20250219)"},\n'
    assert _tier(cue, "Edit", {"file_path": "/p/pyproject.toml", "old_string": old,
                               "new_string": '    {name = "Claude AI (claude-sonnet-4)"},\n'})
    assert not _tier(cue, "Edit", {"file_path": "/p/pyproject.toml", "old_string": old,
                                   "new_string": old + '    {name = "Gemini 2.5 Pro"},\n'})


def test_a_file_written_whole_over_one_on_disk_takes_out_what_it_leaves_out(tmp_path):
    cue = compiler.compile_lesson(CAT, "keep the X-Request-Id header on every response, support greps for it",
                                  "Edit: /srv/api/app/middleware.py — pass")
    target = tmp_path / "middleware.py"
    target.write_text("def add_headers(resp, rid):\n    resp.headers['X-Request-Id'] = rid\n    return resp\n")
    rewrite = {"file_path": str(target), "content": "def add_headers(resp, rid):\n    return resp\n"}
    assert _tier(cue, "Write", rewrite, read_context=True)
    assert not _tier(cue, "Write", rewrite)                        # no file read: nothing known to be lost
    assert not _tier(cue, "Write", {"file_path": str(tmp_path / "new.py"), "content": "x = 1\n"}, read_context=True)


def test_removed_lines_are_only_the_lines_an_edit_no_longer_holds():
    act = acts.from_call("Edit", {"file_path": "a.py", "old_string": "a = 1\nb = 2\n", "new_string": "a = 1\nb = 2\nc = 3\n"})
    assert act.removed == ""
    act = acts.from_call("Edit", {"file_path": "a.py", "old_string": "a = 1\nb = 2\n", "new_string": "a = 1\n"})
    assert act.removed == "b = 2"


def test_through_the_hook_a_later_edit_that_drops_the_kept_field_is_recalled(vault, tmp_path):
    import json

    from conftest import run_cli, write_generic

    model = "/home/ana/shop/app/models.py"
    log = write_generic(tmp_path / "s1.jsonl", [
        {"role": "user", "content": "tidy the Order model"},
        {"role": "assistant", "content": "Removing unused fields.", "tool_calls": [
            {"id": "c1", "name": "Edit", "input": {"file_path": model, "old_string": "    legacy_id = Column(Integer)\n",
                                                    "new_string": ""}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "assistant", "content": "Removed legacy_id, nothing in the app reads it."},
        {"role": "user", "content": "no, don't remove `legacy_id`, the nightly export still reads it. put it back"},
    ], {"session_id": "s1", "agent": "generic", "project": "shop"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    drop = {"file_path": "/home/ana/shop/app/invoice.py", "old_string": "    legacy_id = Column(Integer)\n    total = 0\n",
            "new_string": "    total = 0\n"}
    out = run_cli("--vault", str(vault), "check", "--json", "--tool", "Edit", json.dumps(drop), check=True)
    assert "legacy_id" in json.loads(out.stdout)["text"]
    use = {"file_path": "/home/ana/shop/app/invoice.py", "old_string": "    total = 0\n",
           "new_string": "    total = 0\n    ref = legacy_id\n"}
    out = run_cli("--vault", str(vault), "check", "--json", "--tool", "Edit", json.dumps(use), check=True)
    assert not json.loads(out.stdout)["text"]
