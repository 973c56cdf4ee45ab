"""Names a lesson gives in other ways than a path or a flag: a namespaced identifier (`std::vector`,
`tokio::spawn`), the machine the corrected call reached over ssh ("don't run anything on the
instrument PC"), a complaint put as a question ("why is there a … inside Update()?"), and a rule
whose "right now" belongs to the reason after it, not to the rule."""
from __future__ import annotations


from memkit.activation import acts, catalogue, compiler, entities, match
from memkit.activation.clauses import clauses

CAT = catalogue.load(None)


def compiled(lesson: str, trigger: str = "") -> dict:
    return compiler.compile_lesson(CAT, lesson, trigger)


def fires(cue: dict, tool: str, data: dict) -> bool:
    act = acts.from_command(data["command"]) if tool == "Bash" else acts.from_call(tool, data)
    return match.judge(match.Cue(match.row_of(cue)), match.Probe(act, CAT.classify(act), CAT), CAT) > 0


def test_a_namespaced_identifier_is_one_name_in_a_lesson_and_in_an_action():
    assert entities.names_in("never call tokio::spawn inside the request handler") == ["tokio::spawn"]
    assert entities.kind_of("std::vector") == "ident"
    assert entities.names_in("EPSG:4326 stays for storage") == []   # one colon is no namespace
    act = acts.from_call("Edit", {"file_path": "/g/src/hud.cpp", "old_string": "x",
                                  "new_string": "std::vector<const Enemy*> visible;"})
    touched = entities.tokens(act)
    assert {"std::vector", "std", "vector"} <= touched


def test_a_complaint_put_as_a_question_forbids_what_it_names():
    assert clauses("why is there a std::vector inside Update()?")[0][0] == "forbid"
    cue = compiled("why is there a std::vector and a new/delete inside Update()? nothing that runs per frame "
                   "touches the heap here. per-frame scratch memory comes from the FrameArena: ctx.frame_arena()",
                   "Edit: /g/src/physics/world.cpp — std::vector<ContactPair> pairs;")
    assert "std::vector" in cue["entities"]
    assert fires(cue, "Edit", {"file_path": "/g/src/ui/hud.cpp", "old_string": "void Hud::Update() {\n",
                               "new_string": "void Hud::Update() {\n    std::vector<int> ids;\n"})
    assert not fires(cue, "Edit", {"file_path": "/g/src/ui/hud.cpp", "old_string": "void Hud::Update() {\n",
                                   "new_string": "void Hud::Update() {\n    auto ids = ctx.frame_arena().make<int>(8);\n"})
    # a question that asks, not complains, stays a question
    assert clauses("why does the build take so long?")[0][0] == "neutral"


def test_a_moment_in_the_reason_after_a_rule_leaves_the_rule_standing():
    assert clauses("don't touch the specs yet")[0][0] == "moment"
    assert clauses("no deploys for now, the freeze is on")[0][0] == "moment"
    said = clauses("dont run anything on the instrument PC it is acquiring the overnight sequence right now")
    assert said[0][0] == "forbid"


def test_the_machine_a_rule_speaks_of_is_the_host_the_corrected_call_reached():
    lesson = ("no dont run anything on the instrument PC it is acquiring the overnight sequence right now and "
              "msconvert eats the CPU. convert them on the analysis server")
    cue = compiled(lesson, 'Bash: ssh lab@mspc-01 "msconvert.exe D:\\Data\\run1.raw --mzML"')
    assert cue["scope"]["hosts"] == ["mspc-01"]
    assert fires(cue, "Bash", {"command": 'ssh lab@mspc-01 "robocopy D:\\Data \\\\nas01\\raw *.raw /MOV"'})
    assert fires(cue, "Bash", {"command": 'ssh -i ~/.ssh/lab admin@mspc-01 "dir D:\\Data"'})
    assert not fires(cue, "Bash", {"command": 'ssh lab@analysis-02 "msconvert run1.raw --mzML"'})
    # a rule that speaks of no machine leaves the host out: the lesson is about the work, not the box
    cue = compiled("never run the whole suite, it takes an hour. run the file you changed",
                   'Bash: ssh ci@build-01 "make test"')
    assert "hosts" not in cue["scope"]


def test_on_a_machine_a_lesson_with_a_kind_of_its_own_fires_on_that_kind_only():
    lesson = "never hard-clear the BGP sessions on the edge router, it drops every peer. use a soft clear"
    cue = compiled(lesson, 'Bash: ssh admin@edge-01 "clear ip bgp *"')
    assert cue["forbids"] and cue["scope"]["hosts"] == ["edge-01"]
    assert not fires(cue, "Bash", {"command": 'ssh admin@edge-01 "show ip bgp summary"'})
    assert not fires(cue, "Bash", {"command": 'ssh admin@edge-01 "copy running-config startup-config"'})


def test_a_command_that_only_looks_on_the_machine_is_no_work_there():
    lesson = "dont run anything on the instrument PC, it is acquiring the overnight sequence right now"
    cue = compiled(lesson, 'Bash: ssh lab@mspc-01 "msconvert.exe D:\\Data\\run1.raw --mzML"')
    assert not fires(cue, "Bash", {"command": 'ssh lab@mspc-01 "df -h"'})
    assert fires(cue, "Bash", {"command": 'ssh lab@mspc-01 "python convert_all.py D:/Data"'})


def test_a_machine_lesson_from_a_real_session_fires_through_the_cli_and_says_so(vault, tmp_path):
    from conftest import run_cli, write_generic
    from memkit.activation import cues
    from memkit.storage import notes

    log = write_generic(tmp_path / "s.jsonl", [
        {"role": "user", "content": "convert last night's raw files to mzML", "timestamp": "2026-05-01T10:00:00Z"},
        {"role": "assistant", "content": "Converting on the instrument PC.", "timestamp": "2026-05-01T10:00:05Z",
         "tool_calls": [{"id": "c1", "name": "Bash",
                         "input": {"command": 'ssh lab@mspc-01 "msconvert.exe D:\\\\Data\\\\run1.raw --mzML"'}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "[Request interrupted by user for tool use]"},
        {"role": "user", "content": "no dont run anything on the instrument PC it is acquiring the overnight sequence "
                                    "right now. convert them on the analysis server",
         "timestamp": "2026-05-01T10:00:30Z"},
    ], {"session_id": "lab-1", "project": "lab", "cwd": "/srv/lab"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    path = next((vault / "workshop" / "observations" / "correction").glob("*.md"))
    assert notes.read(path).meta["cue"]["scope"]["hosts"] == ["mspc-01"]
    assert "fires before:" in run_cli("--vault", str(vault), "show", path.stem, check=True).stdout
    out = run_cli("--vault", str(vault), "check", "--explain", 'ssh lab@mspc-01 "python batch_convert.py D:/Data"',
                  check=True).stdout
    assert f"FIRES: {path.stem}" in out and "mspc-01" in out
    quiet = run_cli("--vault", str(vault), "check", "--explain", 'ssh lab@analysis-02 "python batch_convert.py"',
                    check=True).stdout
    assert f"FIRES: {path.stem}" not in quiet
    # a person who writes the machine by hand, bare and in capitals, is read the same way
    assert cues.valid({"scope": {"hosts": "lab@MSPC-01", "env": "Prod"}})["scope"] == {"hosts": ["mspc-01"], "env": ["prod"]}
    assert cues.valid({"scope": {"hosts": [None, ""]}})["scope"] == {}


def test_the_host_of_an_ssh_call_is_read_through_runners_options_and_quotes():
    from memkit.activation import scope

    assert scope.remote('ssh -o "ProxyCommand ssh -W %h:%p bastion" -vp 22 deploy@web-1 uptime') == [("web-1", "uptime")]
    assert scope.remote("timeout 60 /usr/bin/ssh -i 'my key' -- Lab@MSPC-01 df -h") == [("mspc-01", "df -h")]
    assert [h for h, _ in scope.remote('ssh a "ls"; sudo -E ssh lab@mspc-01 "python x.py"')] == ["a", "mspc-01"]
    assert scope.remote("rsync -e ssh a/ b:/c") == [] and scope.remote("git push") == []
    cue = compiled("dont run anything on the instrument PC, it is acquiring the overnight sequence right now",
                   'Bash: ssh lab@mspc-01 "msconvert.exe D:\\Data\\run1.raw --mzML"')
    assert not fires(cue, "Bash", {"command": "ssh lab@mspc-01 df -h"})   # unquoted, still only looking
    assert fires(cue, "Bash", {"command": "ssh lab@mspc-01 python convert_all.py"})


def test_show_names_the_machine_only_where_the_machine_decides():
    from memkit.activation import render

    cue = compiled("dont run anything on the instrument PC, it is acquiring the overnight sequence right now",
                   'Bash: ssh lab@mspc-01 "msconvert.exe D:\\Data\\run1.raw --mzML"')
    assert "work run on mspc-01 over ssh" in render.describe_line({**cue, "forbids": []}, CAT)
    assert "mspc-01 over ssh" not in render.describe_line({**cue, "forbids": ["process:busy-machine"]}, CAT)
