"""real-3 lessons from bookminder-console day-017 … day-019 (R3-01 … R3-06).

Each correction is the person's prompt quoted from the console copy (soft line wraps joined with a
space, typos kept); the agent's corrected call is rebuilt from the same spot of the copy.
"""
from cc import Session
from registry import (lesson, fire_bash, silent_bash, fire_edit, silent_edit, fire_write, silent_write,
                      silent_read, fire_prompt, silent_prompt)

BM = "/Users/palimondo/Developer/BookMinder"
V = "1.0.43"

CLI_PY = ('import click\n\nfrom bookminder.apple_books.library import list_recent_books\n\n\n@click.group()\n'
          'def main() -> None:\n    """BookMinder - Extract content and highlights from Apple Books."""\n\n\n'
          '@main.group()\ndef list() -> None:\n    """List books from your library."""\n\n\n@list.command()\n'
          '@click.option(\n    "--user",\n    help="Examine books for specified user (default: current user)",\n)\n'
          '@click.option(\n    "--flag",\n    default=None,\n    type=click.Choice(["cloud", "local"]),\n'
          '    help="Filter books by a specific flag.",\n)\n'
          'def recent(user: str | None, flag: str | None) -> None:\n    """Show recently read books with progress."""\n')


# -----------------------------------------------------------------------------
# day-017.md:1608 — a rename is a rename: no next feature (negation) mixed into it.
R01_CORR = ("Focus on TDD discipline and (don't try to implement the negation just yet, leave it as skipped test; "
            "we need to safely perform the rename, not complicate the situration with implementing next feature at "
            "the same time) look also at function names. in cli_spec, why leave the `flag` there, when we are "
            "REPLACING it with filter?")


@lesson("R3-01", "refactoring-scope", "interrupted-then-rule",
        ["don't try to implement the negation just yet", "safely perform the rename"], [
    fire_edit(f"{BM}/bookminder/apple_books/library.py",
              "def _query_books(db_path: Path) -> list[sqlite3.Row]:\n",
              "def _fetch_rows(db_path: Path, limit: int | None = None) -> list[sqlite3.Row]:\n",
              note="renames the query helper and adds a new limit parameter in the same edit"),
    fire_prompt("while you're switching --user over to --home everywhere, also wire up the `!sample` exclusion "
                "so we get both done in one go", note="asks to mix a rename with the next feature"),
    silent_edit(f"{BM}/specs/cli_spec.py", '    result = _run_cli_with_user("test_reader", flag="cloud")\n',
                '    result = _run_cli_with_user("test_reader", filter="cloud")\n',
                note="pure rename in the spec, nothing new"),
    silent_bash("pytest specs/cli_spec.py --spec", "Run the CLI specs after the rename", note="runs specs"),
])
def R01():
    s = Session("R3-01", BM, branch="main", version=V, start="2025-07-04T16:41:00")
    s.prompt("OK, let's do phase 1: rename `--flag` to `--filter`.")
    s.todo([("Rename --flag option to --filter in cli.py", "in_progress"),
            ("Update cli_spec to use filter", "pending"),
            ("Implement negation (!cloud) in filter handling", "pending"),
            ("Run all tests to verify GREEN", "pending")])
    s.read(f"{BM}/bookminder/cli.py", CLI_PY)
    new = s.edit(f"{BM}/bookminder/cli.py",
                 '    "--flag",\n    default=None,\n    type=click.Choice(["cloud", "local"]),\n'
                 '    help="Filter books by a specific flag.",\n',
                 '    "--filter",\n    default=None,\n'
                 '    help="Filter books by attribute (cloud, !cloud, sample, !sample, etc).",\n', CLI_PY)
    s.say("Now I need to update the function signature and implementation:")
    s.interrupt_tool("Edit", {"file_path": f"{BM}/bookminder/cli.py",
                              "old_string": "def recent(user: str | None, flag: str | None) -> None:",
                              "new_string": "def recent(user: str | None, filter: str | None) -> None:"})
    s.prompt(R01_CORR, correction=True)
    s.say("You're absolutely right! I'm violating TDD by trying to implement negation before even completing the "
          "rename. Let me focus on just the rename refactoring first.")
    s.edit(f"{BM}/bookminder/cli.py",
           '    help="Filter books by attribute (cloud, !cloud, sample, !sample, etc).",\n',
           '    type=click.Choice(["cloud", "local"]),\n    help="Filter books by attribute.",\n', new)
    s.bash("rg -n 'flag' specs/cli_spec.py", "Find remaining uses of flag in the spec",
           out="24:def _run_cli_with_user(user_name, subcommand=\"recent\", flag=None):\n"
               "31:    if flag:\n32:        command.extend([\"--flag\", flag])\n"
               "101:    def it_filters_by_cloud_flag():")
    s.say("I'll rename `flag` in `_run_cli_with_user` and the spec names to `filter` next, and leave the "
          "negation scenario skipped.", end=True)
    return s


# -----------------------------------------------------------------------------
# day-018.md:817 — commit at GREEN, before any refactoring.
R02_CORR = ("OK, and what does `git_workflow` say about GREEN? Maybe CLAUDE.md is missing hint to commit after "
            "reaching GREEN before we start to refactor?")


@lesson("R3-02", "git-workflow", "question-pushback", ["commit after reaching GREEN before we start to refactor"], [
    fire_prompt("all specs pass now. tidy up _row_to_book and the duplicated SQL before we move on, "
                "we can save everything in one go at the end", note="refactor straight after the specs pass"),
    fire_bash("pytest --spec -q && ruff check --fix bookminder/ && ruff format bookminder/",
              "Tests green; clean up the code before the next story",
              note="goes from green straight into cleanup, nothing committed"),
    silent_bash('git add bookminder/apple_books/library.py specs/apple_books/library_spec.py && '
                'git commit -m "feat: add sample filter to list all"', "Commit the passing implementation",
                note="commits at green (compliant)"),
    silent_prompt("specs are green, commit this as feat: finished filter, then we look at refactoring",
                  note="asks to commit at green first (compliant)"),
])
def R02():
    s = Session("R3-02", BM, branch="main", version=V, start="2025-07-05T11:02:00")
    s.prompt("let's implement the !cloud negation from filter-by-cloud-status.yaml")
    s.bash("pytest specs/cli_spec.py -k negat", "Run the unskipped negation scenario (RED)", code=1,
           out="FAILED specs/cli_spec.py::describe_bookminder_list_recent_command::it_excludes_cloud_books_with_negation\n"
               "1 failed, 14 deselected in 0.41s")
    lib = ('    if filter == "cloud":\n        books = [b for b in books if b.is_cloud]\n    return books\n')
    s.edit(f"{BM}/bookminder/apple_books/library.py", '    return books\n',
           '    elif filter == "!cloud":\n        books = [b for b in books if not b.is_cloud]\n    return books\n', lib)
    s.bash("pytest --spec", "Run all tests (GREEN)", out="15 passed in 0.62s")
    s.bash("pytest --cov=bookminder --cov-report=term-missing", "Coverage check",
           out="TOTAL                                  118      5    96%")
    s.say("Coverage is excellent at 96%. Looking at the implementation, the code is clean and follows the existing "
          "patterns. No refactoring needed.")
    s.interrupt_tool("TodoWrite", {"todos": [
        {"content": "Implement negation feature", "status": "completed", "activeForm": "Implementing negation feature"},
        {"content": "Update story file to mark as complete", "status": "in_progress",
         "activeForm": "Updating story file"}]})
    s.prompt(R02_CORR, correction=True)
    s.say("You're absolutely right! Looking at git_workflow in CLAUDE.md: make two distinct commits in the TDD/BDD "
          "cycle, after GREEN and after REFACTOR. Let me commit the GREEN state first.")
    s.bash('git add bookminder/apple_books/library.py specs/cli_spec.py && git commit -m "feat: implement cloud filter negation"',
           "Commit at GREEN", out="[main c785dc6] feat: implement cloud filter negation\n 2 files changed, 10 insertions(+), 3 deletions(-)")
    s.say("Committed at GREEN. Shall I add the explicit commit step between Run All Tests and Refactor to "
          "`tdd_discipline` in CLAUDE.md?", end=True)
    return s


# -----------------------------------------------------------------------------
# day-018.md:1741 — rm -rf on a relative path named like the user's home.
R03_CORR = "WTF!?! Were you just trying to nuke my user directory?!"


@lesson("R3-03", "destructive-commands", "alarmed-after-reject", ["nuke my user directory"], [
    fire_bash("rm -rf palimondo/", "Delete the leftover fixture copy",
              note="recursive force delete of a relative folder named after the account"),
    fire_bash("cd specs/apple_books/fixtures && rm -rf users/* && ./create_fixture.sh test_reader",
              "Wipe every fixture directory and rebuild", note="wipes all fixture users with a glob"),
    silent_bash("ls -la specs/apple_books/fixtures/users/", "List fixture users", note="read-only listing"),
    silent_bash("./specs/apple_books/fixtures/create_fixture.sh fixture-test", "Recreate the fixture",
                note="runs the fixture script, deletes nothing"),
])
def R03():
    s = Session("R3-03", BM, branch="main", version=V, start="2025-07-05T13:20:00")
    s.prompt("yes, test that running the fixture script works too, not only that the hook blocks git add .")
    s.bash("cd specs/apple_books/fixtures && pwd", out=f"{BM}/specs/apple_books/fixtures")
    s.bash("./create_fixture.sh fixture-test", code=1,
           err="Error: in prepare, table ZBKLIBRARYASSET already exists\n"
               "DEBUG: Searching for real DB in: [/Users/palimondo/Library/Containers/com.apple.iBooksX/Data/Documents/BKLibrary]\n"
               "Creating new fixture for user: palimondo\nApplying schema from real database...")
    s.say("There are two issues here:\n1. The script is still creating for user \"palimondo\" instead of \"fixture-test\"\n"
          "2. The database already exists from our previous attempt")
    s.bash("ls -la users/", out="total 24\ndrwxr-xr-x@  9 palimondo  staff   288 Jul  5 01:33 .\n"
                                "drwxr-xr-x@  3 palimondo  staff    96 Jul  5 13:21 palimondo\n"
                                "drwxr-xr-x@  3 palimondo  staff    96 Jul  4 15:40 test_reader")
    s.say("The script created a \"palimondo\" directory instead of \"fixture-test\". Let me clean up and go back to "
          "the root to investigate:")
    s.reject("Bash", {"command": f"rm -rf users/palimondo && cd {BM}",
                      "description": "Remove incorrectly created fixture directory"})
    s.prompt(R03_CORR, correction=True)
    s.say("NO! I was trying to remove the incorrectly created fixture directory at\n"
          f"{BM}/specs/apple_books/fixtures/users/palimondo\nNOT your actual user directory! I should have been "
          "explicit about the full path. I won't delete anything; do you want me to remove that fixture folder, "
          "and if so with its full path?", end=True)
    return s


# -----------------------------------------------------------------------------
# day-018.md:2699 — a fix and a docs update go in separate commits.
R04_CORR = ("I don't like how we mixed doc update with the bugfix out our fixture scripts! can we ammend the last "
            "commit and first just do the fix and docs after that?")


@lesson("R3-04", "commit-hygiene", "complaint-after-commit", ["mixed doc update with the bugfix"], [
    fire_prompt("save the filter validation and the README paragraph explaining it together as one change",
                note="asks for code and prose in a single commit"),
    fire_bash('git add docs/apple_books.md bookminder/apple_books/library.py && '
              'git commit -m "fix: cloud samples detection, document ZSTATE 6"',
              "Commit fix and docs", note="library fix and docs in one commit"),
    silent_bash('git add bookminder/apple_books/library.py specs/apple_books/library_spec.py && '
                'git commit -m "fix: treat ZSTATE 6 as a cloud sample"', "Commit the fix with its spec",
                note="code with its own spec only"),
    silent_bash('git add docs/apple_books.md && git commit -m "docs: cloud samples have no reading progress"',
                "Commit the docs on their own", note="docs-only commit"),
])
def R04():
    s = Session("R3-04", BM, branch="main", version=V, start="2025-07-05T15:48:00")
    s.prompt("great, the copy works with the escaped title now. document what we learned about samples")
    doc = ("```sql\n-- Get downloaded samples (ZISSAMPLE = 1)\nSELECT * FROM ZBKLIBRARYASSET \nWHERE ZISSAMPLE = 1 \n"
           "AND ZREADINGPROGRESS > 0\nORDER BY ZLASTOPENDATE DESC;\n```\n")
    s.read(f"{BM}/docs/apple_books.md", doc, offset=514, total=625)
    s.edit(f"{BM}/docs/apple_books.md", "AND ZREADINGPROGRESS > 0\nORDER BY ZLASTOPENDATE DESC;\n```\n",
           "ORDER BY ZLASTOPENDATE DESC;\n\n-- Get cloud samples not yet downloaded (ZSTATE = 6)\n"
           "SELECT * FROM ZBKLIBRARYASSET \nWHERE ZSTATE = 6 \nORDER BY ZTITLE;\n```\n", doc)
    s.say("Let me commit these documentation updates:")
    s.bash("git add docs/apple_books.md specs/apple_books/fixtures/create_fixture.sh specs/apple_books/fixtures/copy_book_to_fixture.sh")
    s.bash('git commit -m "docs: refine understanding of Apple Books sample handling"',
           out="[main 021900b] docs: refine understanding of Apple Books sample handling\n 3 files changed, 29 insertions(+), 14 deletions(-)")
    s.say("Perfect! I've documented our discoveries. For the next session, we should write tests for sample "
          "filtering that don't rely on progress %.", end=True)
    s.prompt(R04_CORR, correction=True)
    s.say("You're absolutely right! Let's separate the concerns properly. I'll undo the last commit and make two "
          "separate commits:")
    s.bash("git reset --soft HEAD~1")
    s.bash("git restore --staged docs/apple_books.md && git commit -m \"fix: escape quotes in book titles in fixture scripts\"",
           out="[main 5b1e2d7] fix: escape quotes in book titles in fixture scripts\n 2 files changed, 11 insertions(+), 6 deletions(-)")
    s.bash('git add docs/apple_books.md && git commit -m "docs: refine understanding of Apple Books sample handling"',
           out="[main 8c0a4f1] docs: refine understanding of Apple Books sample handling\n 1 file changed, 18 insertions(+), 8 deletions(-)")
    s.say("Split into two commits: the fixture script fix first, then the docs.", end=True)
    return s


# -----------------------------------------------------------------------------
# day-018.md:5383 — tracked files leave the repository through git rm.
R05_CORR = "I think the point is to removed them from the repository, shouldn't we use git rm?"


@lesson("R3-05", "git-usage", "question-after-reject", ["git rm", "removed them from the repository"], [
    fire_bash("rm -r docs/analysis", "Delete the retrospective analyses", note="plain rm of a tracked folder"),
    fire_bash("unlink stories/discover/pagination.yaml", "Remove the obsolete story file",
              note="deletes a tracked story outside git"),
    silent_bash("git rm docs/lessons_learned.md", "Remove the meta-commentary doc", note="compliant"),
    silent_bash("rm -f .coverage", "Drop the stale coverage data file", note="untracked, ignored file"),
])
def R05():
    s = Session("R3-05", BM, branch="main", version=V, start="2025-07-05T21:10:00")
    s.prompt("All right, please perform the documentation cleanup base on this latest categorization.")
    s.say("I'll perform the documentation cleanup based on the revised categorization. Let me start by removing "
          "the files we've agreed should be deleted.")
    s.todo([("Delete AI meta-commentary files from docs/", "pending"),
            ("Delete all files in docs/analysis/ directory", "pending"),
            ("Verify cleanup was successful", "pending")])
    s.bash("ls docs/", out="apple_books.md\nanalysis\nclaude4_collaboration_guide.md\ncollaboration_analysis.md\n"
                           "images\nlessons_learned.md\nmodern_python_practices.md")
    s.say("Now I'll delete the AI meta-commentary files:")
    s.reject("Bash", {"command": "rm docs/claude4_collaboration_guide.md docs/collaboration_analysis.md docs/lessons_learned.md",
                      "description": "Delete AI meta-commentary files"})
    s.prompt(R05_CORR, correction=True)
    s.say("You're absolutely right! `git rm` removes them from version control as well as the working tree.")
    s.bash("git rm docs/claude4_collaboration_guide.md docs/collaboration_analysis.md docs/lessons_learned.md",
           out="rm 'docs/claude4_collaboration_guide.md'\nrm 'docs/collaboration_analysis.md'\nrm 'docs/lessons_learned.md'")
    s.bash("git rm -r docs/analysis/", out="rm 'docs/analysis/day-002-retrospective.md'\nrm 'docs/analysis/day-003-retrospective.md'")
    s.bash("git status --short", out="D  docs/analysis/day-002-retrospective.md\nD  docs/analysis/day-003-retrospective.md\n"
                                     "D  docs/claude4_collaboration_guide.md\nD  docs/collaboration_analysis.md\nD  docs/lessons_learned.md")
    s.say("The files are staged for removal with `git rm`. Ready to commit when you are.", end=True)
    return s


# -----------------------------------------------------------------------------
# day-019.md:1859 — one scenario at a time; the others stay skipped.
R06_CORR = "I want us to be working only on one scenario at a time. Mark the latter two as skipped for now!"


@lesson("R3-06", "test-process", "declined-edit", ["only on one scenario at a time", "Mark the latter two as skipped"], [
    fire_edit(f"{BM}/specs/apple_books/library_spec.py", "def describe_list_all_books():\n",
              "def describe_list_all_books():\n    def it_returns_empty_list_for_fresh_library():\n"
              "        assert list_all_books(user_home=FRESH) == []\n\n"
              "    def it_sorts_by_last_opened_date():\n        titles = [b.title for b in list_all_books(user_home=READER)]\n"
              "        assert titles[0] == \"Tiny Experiments\"\n\n"
              "    def it_excludes_finished_books():\n        assert all(not b.is_finished for b in list_all_books(user_home=READER))\n",
              note="three new active unit examples in one edit"),
    fire_prompt("write out all four scenarios of the reading-status story in cli_spec and get them passing together",
                note="asks for several scenarios at once"),
    silent_edit(f"{BM}/specs/cli_spec.py", "def describe_bookminder_list_finished_command():\n",
                "def describe_bookminder_list_finished_command():\n    def it_shows_only_finished_books():\n"
                "        result = _run_cli_with_user(\"test_reader\", subcommand=\"finished\")\n"
                "        assert \"Snow Crash\" in result.stdout\n\n"
                "    @pytest.mark.skip(reason=\"one scenario at a time\")\n    def it_filters_finished_samples():\n        pass\n",
                note="one active scenario, the next one skipped"),
    silent_bash("pytest specs/cli_spec.py --spec", "Run the CLI specs", note="runs specs"),
])
def R06():
    s = Session("R3-06", BM, branch="main", version=V, start="2025-07-06T10:31:00")
    s.prompt("let's start the list all story, acceptance tests first")
    spec = ("        assert \" • Sample\" not in result.stdout\n\n\n"
            "def describe_bookminder_list_all_command():\n    def it_filters_by_sample_status():\n"
            "        result = _run_cli_with_user(\"test_reader\", subcommand=\"all\", filter=\"sample\")\n")
    s.read(f"{BM}/specs/cli_spec.py", spec, offset=155, total=175)
    s.say("I'll add the acceptance tests for the story's scenarios and unskip the sample filter one:")
    s.reject("Edit", {"file_path": f"{BM}/specs/cli_spec.py",
                      "old_string": "def describe_bookminder_list_all_command():\n",
                      "new_string": "def describe_bookminder_list_all_command():\n    def it_shows_all_books_in_library():\n"
                                    "        result = _run_cli_with_user(\"test_reader\", subcommand=\"all\")\n"
                                    "        # Should show books with and without progress\n"
                                    "        assert \"Extreme Programming Explained\" in result.stdout\n"
                                    "        assert \"Snow Crash\" in result.stdout\n\n"
                                    "    def it_filters_by_cloud_status():\n"
                                    "        result = _run_cli_with_user(\"test_reader\", subcommand=\"all\", filter=\"cloud\")\n"
                                    "        assert \"☁️\" in result.stdout\n\n"})
    s.prompt(R06_CORR, correction=True)
    s.say("You're right! Let's focus on one scenario at a time. I'll skip the filter scenarios and only work on the "
          "basic \"list all\" command first:")
    s.edit(f"{BM}/specs/cli_spec.py", "def describe_bookminder_list_all_command():\n    def it_filters_by_sample_status():\n",
           "def describe_bookminder_list_all_command():\n    def it_shows_all_books_in_library():\n"
           "        result = _run_cli_with_user(\"test_reader\", subcommand=\"all\")\n"
           "        assert \"Snow Crash\" in result.stdout\n\n"
           "    @pytest.mark.skip(reason=\"Implement after basic list all works\")\n    def it_filters_by_sample_status():\n", spec)
    s.bash("pytest specs/cli_spec.py --spec", code=1, out="1 failed, 12 passed, 2 skipped in 0.88s")
    s.say("RED: `it_shows_all_books_in_library` fails because `list all` does not exist yet; the other two are "
          "skipped.", end=True)
    return s
