"""A lesson that names no kind and no entity in its warning still names things around it: a remark
before the warning names what it is about when the warning speaks of it in one of its words ("the
shop kiln" of `kiln-live.toml`), and a name after it is the way to comply."""
from __future__ import annotations

from conftest import run_cli, write_generic
from memkit.activation import catalogue, compiler, referents

LESSON = ("hold on. kiln-live.toml wires the bench to the controller on the shop floor, the real one. never start a "
          "firing profile on the shop kiln without me there. sim-rig.toml talks to the simulator, use that for trying "
          "things")
TRIGGER = "Bash: python firing/run_profile.py --profile bisque-04 (interrupted)"
CAT = catalogue.load(None)


def test_the_remark_before_the_warning_names_what_it_warns_of():
    assert referents.warned_of(compiler.clauses(LESSON)) == (["kiln-live.toml"], ["sim-rig.toml"])
    cue = compiler.compile_lesson(CAT, LESSON, TRIGGER)
    assert cue["entities"] == ["kiln-live.toml"] and "sim-rig.toml" in cue["complies"]


def test_a_remark_the_warning_does_not_speak_of_names_nothing():
    """The warning's words say which remark it is about; without a warning, nothing is warned of."""
    parts = compiler.clauses("kiln-live.toml and sim-rig.toml both read creds.toml. never print the password")
    assert referents.warned_of(parts)[0] == []
    assert referents.warned_of(compiler.clauses("kiln-live.toml is the real one. use sim-rig.toml")) == ([], [])
    chatty = compiler.compile_lesson(CAT, "kiln-live.toml is slow to load. never start a firing profile twice", TRIGGER)
    assert "kiln-live.toml" not in chatty["entities"]


def test_the_lesson_fires_on_the_live_config_and_not_the_simulator(tmp_path):
    vault = tmp_path / "v"
    run_cli("init", str(vault), check=True)
    msgs = [{"role": "user", "content": "run the bisque profile to check the new ramp", "timestamp": "2026-06-01T09:00:00Z"},
            {"role": "assistant", "content": "starting it", "timestamp": "2026-06-01T09:00:10Z",
             "tool_calls": [{"id": "c0", "name": "Bash",
                             "input": {"command": "python firing/run_profile.py --profile bisque-04"}}]},
            {"role": "tool", "tool_call_id": "c0", "content": "[Request interrupted by user for tool use]"},
            {"role": "user", "content": LESSON, "timestamp": "2026-06-01T09:01:00Z"}]
    log = write_generic(tmp_path / "kiln.jsonl", msgs, {"session_id": "kiln", "project": "studio", "cwd": "/p/studio"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    fired = run_cli("--vault", str(vault), "check", "--json",
                    "python firing/run_profile.py --config kiln-live.toml --profile glaze-02", check=True).stdout
    assert "shop kiln" in fired, fired
    quiet = run_cli("--vault", str(vault), "check", "--json",
                    "python firing/run_profile.py --config sim-rig.toml --profile glaze-02", check=True).stdout
    assert "shop kiln" not in quiet, quiet
