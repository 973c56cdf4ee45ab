"""A lesson that holds a suggested change or a diff (a reviewer's ```suggestion, a ```diff in
place of the agent's code): the lines it takes out are what the cue warns about, the lines it puts
in (the fix) are never a name to warn about, and a later action that writes the taken-out lines
again meets the lesson."""
from __future__ import annotations

from memkit.activation import acts, catalogue, compiler, match
from memkit.activation.clauses import spoken_changes

CAT = catalogue.load(None)
DIFF = ("```diff\n-FROM python:3.12-alpine\n-RUN apk add --no-cache build-base libffi-dev\n+FROM python:3.12-slim\n"
        "+ENV PIP_NO_CACHE_DIR=1\n```\nmusl means no wheels, hence your 10 minute pip install")


def test_a_diff_is_read_as_what_it_takes_out_and_what_it_puts_in():
    said = spoken_changes(DIFF)
    assert "not `FROM python:3.12-alpine`." in said and "slim" not in said
    assert said.endswith("musl means no wheels, hence your 10 minute pip install")
    assert spoken_changes("```suggestion\nlog.warn(\"failed login for {email}\")\n```\nno passwords") == "\nno passwords"
    assert spoken_changes("no fences here, `x` stays") == "no fences here, `x` stays"


def test_the_cue_warns_about_the_lines_taken_out_and_not_those_put_in():
    cue = compiler.compile_lesson(CAT, DIFF, "Edit: Dockerfile — FROM python:3.12-alpine")
    assert "FROM python:3.12-alpine" in cue["entities"]
    assert not any("PIP_NO_CACHE_DIR" in e or "slim" in e for e in cue["entities"])
    row = match.row_of(cue, path="workshop/x.md", project="", reviewed=False, names="")

    def fires(content: str) -> bool:
        act = acts.from_call("Write", {"file_path": "/srv/api/Dockerfile", "content": content})
        return match.judge(match.Cue(row), match.Probe(act, CAT.classify(act), CAT), CAT) > 0

    assert fires("FROM python:3.12-alpine\nRUN apk add --no-cache build-base libffi-dev\nCOPY . /app\n")
    assert not fires("FROM python:3.12-slim\nENV PIP_NO_CACHE_DIR=1\nCOPY . /app\n")
