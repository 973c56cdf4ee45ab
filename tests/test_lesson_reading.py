"""A lesson that keeps the agent from changing a folder fires on commands that write there, not on
ones that only read it (copying out of it to work on the copy); "except X" names a way it allows."""
from __future__ import annotations


import pytest

from memkit.activation import acts, catalogue, clauses, compiler, match, sources

CAT = catalogue.load(None)
LESSON = ("WHY is the rig in assets/ modified?? every shot links that file. NOTHING in assets/ gets saved by anyone "
          "except `studio publish`. you work on a copy in work/")
TRIGGER = "Bash: blender -b assets/chars/rig.blend --python tools/add_bones.py"


def _fires(command: str) -> bool:
    cue = compiler.compile_lesson(CAT, LESSON, TRIGGER)
    act = acts.from_call("Bash", {"command": command})
    return match.judge(match.Cue(match.row_of(cue)), match.Probe(act, CAT.classify(act), CAT), CAT) > 0


@pytest.mark.parametrize("command, read", [
    ("mkdir -p work/lamp && cp assets/props/lamp.blend work/lamp/", {"assets/props/lamp.blend"}),
    ("cp -t work/ assets/a.blend assets/b.blend", {"assets/a.blend", "assets/b.blend"}),
    ("cat assets/notes.txt > work/notes.txt", {"assets/notes.txt"}),
    ("rsync -a assets/ /mnt/backup/assets/", {"assets/"}),
    ("diff assets/a.blend work/a.blend", {"assets/a.blend", "work/a.blend"}),
    ("rsync -a --remove-source-files assets/ old/", set()),      # the sources go away
    ("find assets -name '*.tmp' -delete", set()),
    ("cat work/a > assets/a", {"work/a"}),
    ("blender -b assets/x.blend --python-expr 'save()'", set()),
])
def test_what_a_command_only_reads(command, read):
    assert sources.only_read(command) == read


def test_copying_out_of_a_folder_the_lesson_protects_is_how_work_on_a_copy_starts():
    assert not _fires("mkdir -p work/lamp && cp assets/props/lamp.blend work/lamp/")
    assert not _fires("diff assets/props/lamp.blend work/lamp/lamp.blend")
    assert _fires("cp work/lamp/lamp.blend assets/props/lamp.blend")
    assert _fires("mv assets/props/lamp.blend assets/props/lamp-old.blend")
    assert _fires("blender -b assets/props/lamp.blend --python-expr 'import bpy; bpy.ops.wm.save_mainfile()'")


def test_a_command_that_names_one_file_as_input_and_output_writes_it_whatever_the_program():
    assert _fires("ocrmypdf --force-ocr assets/scans/s42.pdf assets/scans/s42.pdf")
    assert _fires("magick assets/tex/wood.png -resize 50% assets/tex/wood.png")
    assert not _fires("ocrmypdf --force-ocr assets/scans/s42.pdf work/s42.pdf")   # the copy is the output
    assert not _fires("pdfinfo assets/scans/s42.pdf")


def test_the_way_a_rule_makes_an_exception_for_complies():
    assert compiler.clauses("don't touch anything except src/") == [("forbid", "don't touch anything"),
                                                                    ("allow", "src/")]
    assert compiler.clauses("everything except the tests passes") == [("neutral", "everything except the tests passes")]
    cue = compiler.compile_lesson(CAT, LESSON, TRIGGER)
    assert "studio publish" in cue["complies"] and "studio publish" not in cue.get("entities", [])
    assert not _fires("studio publish lamp --from work/lamp/lamp.blend")


@pytest.mark.parametrize("lesson, rest", [
    ('Ines from finance saw the commit and asked me to pass this on: "ledger/closed/ is what the auditors signed. '
     'nothing in there changes." so: never edit it', "ledger/closed/ is what the auditors signed. nothing in there "
                                                    "changes. so: never edit it"),
    ('fwd from Arun in #payments: "who changed the fee table?? finance approved 2.9%"', "who changed the fee table?? "
                                                                                       "finance approved 2.9%"),
    ("Review from Mia on #512: the handler blocks the event loop", "the handler blocks the event loop"),
    ('Ana (IT) in #access, pasted: "no accounts by hand. every account comes from the IdP."', "no accounts by hand. "
                                                                                         "every account comes from the IdP."),
    ("Mark wrote: never push to main on a Friday", "never push to main on a Friday"),
    ("Leif ran it this morning and got: KeyError 'total'", "Leif ran it this morning and got: KeyError 'total'"),
    ("no: use pnpm in this repo, never npm", "no: use pnpm in this repo, never npm"),
])
def test_who_passed_a_lesson_on_is_no_part_of_it(lesson, rest):
    assert clauses.unrelayed(lesson) == rest


def test_folders_an_explanation_names_are_forbidden_when_the_rule_speaks_of_them_in_words():
    lesson = ("data/raw-scans/ and archive/ are what the scanner wrote, the originals. so: never touch the raw "
              "scans, work on copies in data/work/")
    cue = compiler.compile_lesson(CAT, lesson, "Bash: python tools/deskew.py data/raw-scans/0001.tif")
    assert {"data/raw-scans/", "archive/"} <= set(cue["entities"])
    assert "data/work/" not in cue["entities"]
    other = compiler.compile_lesson(CAT, "data/raw-scans/ holds the originals. never rename the exports",
                                    "Bash: python tools/rename.py exports/0001.csv")
    assert "data/raw-scans/" not in other.get("entities", [])


def test_what_follows_a_missing_safeguard_and_a_colon_is_how_to_set_it_up():
    parts = compiler.clauses("nothing goes to the router without a way back: copy running-config to "
                             "/srv/cfg/rollback.cfg, apply, then check you can still log in")
    assert parts == [("forbid", "nothing goes to the router without a way back"),
                     ("prescribe", "copy running-config to /srv/cfg/rollback.cfg, apply, then check you can still log in")]
    reason = compiler.clauses("never deploy without tests: it breaks the build")
    assert "prescribe" not in {p for p, _ in reason}


def test_asking_to_switch_something_back_on_forbids_switching_it_off():
    """"Now re-enable the hooks" after the agent turned them off: skipping hooks was the mistake,
    whichever way it is done next (`git commit -n`); asking to turn on what no kind turns off
    ("re-enable the feature flag", "switch the tests back on and run them") forbids nothing."""
    hooks = compiler.compile_lesson(CAT, "next time a commit keeps failing, tell me. Now re-enable the pre-commit hooks "
                                         "and wait for me", "Edit: .pre-commit-config.yaml — hooks: [] (interrupted)")
    assert "git:no-verify" in hooks["forbids"]
    tls = compiler.compile_lesson(CAT, "turn certificate verification back on, nothing ships with it off",
                                  "Edit: app/http.py — requests.get(url, verify=False)")
    assert "security:disable-tls" in tls["forbids"]
    flag = compiler.compile_lesson(CAT, "ok now re-enable the dark-mode flag for everyone", "Bash: ./flags set dark-mode off")
    assert "git:no-verify" not in flag["forbids"] and "tests:run" not in flag["forbids"]
    tests = compiler.compile_lesson(CAT, "switch the tests back on and run them", "Bash: pytest -k 'not slow'")
    assert not {k for k in tests["forbids"] if k.startswith("tests:run")}
