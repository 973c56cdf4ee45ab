"""real-3 lessons from bookminder-console day-020 and day-021 (R3-07 … R3-15).

Each correction is the person's prompt quoted from the console copy (soft line wraps joined with a
space, typos kept); R3-13 keeps only the first sentence of the prompt (the rest steers that one story).
"""
from cc import Session
from registry import (lesson, fire_bash, silent_bash, fire_edit, silent_edit, fire_write, silent_write,
                      silent_read, fire_prompt, silent_prompt)

BM = "/Users/palimondo/Developer/BookMinder"
V = "1.0.44"
V21 = "1.0.48"
FIX = "specs/apple_books/fixtures/users"


# -----------------------------------------------------------------------------
# day-020.md:6672 — clean up surgically; no sweeping wipe operations.
R07_CORR = "can't you clean that more surgically? I'm tired, and suspisious of sweeping wipe operaions"


@lesson("R3-07", "git-usage", "tired-after-reject", ["clean that more surgically", "sweeping wipe"], [
    fire_bash("git checkout -- specs/", "Discard the fixture changes", note="throws away every change under specs/"),
    fire_bash(f"git clean -fdx {FIX}", "Remove untracked fixture files", note="recursive clean of a whole tree"),
    silent_bash(f"git restore --staged {FIX}/never_opened_user/Library/.gitkeep",
                "Unstage one redundant .gitkeep", note="one named file"),
    silent_bash("git status --short specs/apple_books/fixtures/", "Show fixture changes", note="read-only"),
])
def R07():
    s = Session("R3-07", BM, branch="main", version=V, start="2025-07-08T22:05:00")
    s.prompt("explain the .gitkeep to me? shouldn't one at the leaf node of our empty directory tree suffice?")
    s.say("You're absolutely right! Git tracks files, not directories. So we only need a .gitkeep file at the "
          "deepest level (leaf node) to preserve the entire directory structure above it.\n\n"
          "Let me remove the redundant .gitkeep files:")
    s.bash(f"git status --short {FIX}/never_opened_user/",
           out=f"A  {FIX}/never_opened_user/.gitkeep\nA  {FIX}/never_opened_user/Library/.gitkeep\n"
               f"A  {FIX}/never_opened_user/Library/Containers/.gitkeep\n"
               f"A  {FIX}/never_opened_user/Library/Containers/com.apple.iBooksX/Data/Documents/BKLibrary/.gitkeep")
    s.reject("Bash", {"command": f"git reset HEAD {FIX}/never_opened_user/",
                      "description": "Unstage all never_opened_user files"})
    s.prompt(R07_CORR, correction=True)
    s.say("You're absolutely right to be cautious! Let me surgically remove only the redundant .gitkeep files, "
          "keeping just the one at the leaf:")
    s.bash(f"git rm --cached {FIX}/never_opened_user/.gitkeep {FIX}/never_opened_user/Library/.gitkeep "
           f"{FIX}/never_opened_user/Library/Containers/.gitkeep",
           out=f"rm '{FIX}/never_opened_user/.gitkeep'\nrm '{FIX}/never_opened_user/Library/.gitkeep'\n"
               f"rm '{FIX}/never_opened_user/Library/Containers/.gitkeep'")
    s.bash(f"rm {FIX}/never_opened_user/.gitkeep {FIX}/never_opened_user/Library/.gitkeep "
           f"{FIX}/never_opened_user/Library/Containers/.gitkeep")
    s.say("Only the leaf `.gitkeep` under `BKLibrary/` is left staged.", end=True)
    return s


# -----------------------------------------------------------------------------
# day-020.md:7061 — undo a commit with git revert, not by hand.
R08_CORR = "can't we just find that commit in history and revert it? Why are you doint it manually?"


@lesson("R3-08", "git-usage", "question-after-decline", ["find that commit in history and revert it"], [
    fire_prompt("put back the old CliRunner-based helper the way it was two days ago, just retype it",
                note="asks to restore an earlier state by retyping"),
    fire_bash("git diff HEAD~1 -- bookminder/apple_books/library.py | patch -R -p1",
              "Undo the last commit's change to library.py by hand", note="reverse patch instead of git revert"),
    silent_bash("git revert --no-edit 3f2a9c1", "Revert the runner conversion", note="compliant"),
    silent_bash("git log --oneline -- specs/cli_spec.py | head -10", "Recent commits touching cli_spec",
                note="read-only history"),
])
def R08():
    s = Session("R3-08", BM, branch="main", version=V, start="2025-07-09T00:12:00")
    s.prompt("I don't think converting the acceptance tests from subprocess to CliRunner was a good idea, we lost "
             "the entry point check. undo that")
    spec = ("def _run_cli_with_user(user_name, subcommand=\"recent\", filter=None):\n"
            "    runner = CliRunner()\n    result = runner.invoke(main, command)\n"
            "    assert result.exit_code == 0, \\\n        f\"Expected exit code 0, got {result.exit_code}: {result.output}\"\n"
            "    return result\n")
    s.read(f"{BM}/specs/cli_spec.py", spec, offset=20, total=190)
    new = s.edit(f"{BM}/specs/cli_spec.py",
                 "    runner = CliRunner()\n    result = runner.invoke(main, command)\n"
                 "    assert result.exit_code == 0, \\\n        f\"Expected exit code 0, got {result.exit_code}: {result.output}\"\n",
                 "    result = subprocess.run(\n        command,\n        capture_output=True,\n        text=True,\n"
                 "        cwd=Path(__file__).parent.parent,\n    )\n    assert result.returncode == 0, \\\n"
                 "        f\"Expected exit code 0, got {result.returncode}: {result.stderr}\"\n", spec)
    s.say("Now I need to change all result.output back to result.stdout:")
    s.reject("Edit", {"file_path": f"{BM}/specs/cli_spec.py", "old_string": "result.output", "new_string": "result.stdout",
                      "replace_all": True})
    s.prompt(R08_CORR, correction=True)
    s.say("You're absolutely right! Much cleaner to use git revert:")
    s.bash("git checkout -- specs/cli_spec.py && git log --oneline | rg -i 'clirunner|subprocess'",
           out="3f2a9c1 refactor: use CliRunner in acceptance tests instead of subprocess")
    s.bash("git revert --no-edit 3f2a9c1",
           out="[main 9d04be2] Revert \"refactor: use CliRunner in acceptance tests instead of subprocess\"\n 1 file changed, 14 insertions(+), 9 deletions(-)")
    s.say("Reverted 3f2a9c1; the acceptance tests run the real entry point through subprocess again.", end=True)
    return s


# -----------------------------------------------------------------------------
# day-020.md:8642 — no Java-style interfaces; keep the light functional Python style.
R09_CORR = ("can you, Opus, think harder about the Pythonic way to do what GOOS guys suggested? I'm not sure if that "
            "interface isn't too Java-centric concept. So far we have pretty lightweight and functional style of "
            "python code in our project.")


@lesson("R3-09", "code-design", "question-pushback", ["too Java-centric", "lightweight and functional style"], [
    fire_write(f"{BM}/bookminder/apple_books/book_source.py",
               "from abc import ABC, abstractmethod\n\nfrom bookminder.apple_books.library import Book\n\n\n"
               "class BookSource(ABC):\n    @abstractmethod\n    def fetch_all(self) -> list[Book]: ...\n\n\n"
               "class SqliteBookSource(BookSource):\n    def __init__(self, db_path):\n        self.db_path = db_path\n\n"
               "    def fetch_all(self) -> list[Book]:\n        return _read(self.db_path)\n",
               note="abstract base class plus implementation class"),
    fire_prompt("let's introduce a BookRepository class hierarchy with an abstract base and a SQLite implementation, "
                "then inject it into the CLI", note="asks for the repository pattern"),
    silent_edit(f"{BM}/bookminder/apple_books/library.py",
                "def list_all_books(user_home: Path | None = None) -> list[Book]:\n",
                "def list_all_books(user_home: Path | None = None, fetch=_query_books) -> list[Book]:\n",
                note="plain function parameter for the seam"),
    silent_edit(f"{BM}/bookminder/apple_books/library.py", "    is_cloud: bool = False\n",
                "    is_cloud: bool = False\n    is_finished: bool = False\n", note="dataclass field"),
])
def R09():
    s = Session("R3-09", BM, branch="main", version=V, start="2025-07-08T14:30:00")
    s.prompt("10 of 21 tests fail when I drop ZISSAMPLE from the fixture query. ask the council how to decouple the "
             "tests from the SQL details")
    s.think("The user wants the expert council's view on test coupling to SQL.")
    s.say("Steve Freeman & Nat Pryce (GOOS Authors)\n\"This is a textbook case of architectural boundaries being in "
          "the wrong place. Currently you have CLI → library.list_books() → _query_books() → _row_to_book(). What "
          "you need: CLI → BookRepository (interface) → SqlBookRepository. Unit tests mock the BookRepository "
          "interface; integration tests test SqlBookRepository with a real database.\"\n\n"
          "Consensus Recommendations\n1. Add an explicit SQL query structure test (Dave's point)\n"
          "2. Move edge case testing to integration tests\n3. Make acceptance tests mock at the CLI/library boundary\n\n"
          "Longer Term:\n- Consider a repository pattern if the coupling persists (Steve's architecture)", end=True)
    s.prompt(R09_CORR, correction=True)
    s.think("The user is concerned that a BookRepository interface is too Java-like for this codebase.")
    s.say("You're right. In Python the seam doesn't need an interface class: functions are first-class, so the "
          "library can take the row-fetching function as a parameter with the real query as its default, and "
          "tests pass a plain function or a `mocker.patch` of `_query_books`.")
    lib = ("def list_all_books(user_home: Path | None = None) -> list[Book]:\n"
           "    return [_row_to_book(r) for r in _query_books(_db_path(user_home))]\n")
    s.read(f"{BM}/bookminder/apple_books/library.py", lib, offset=120, total=190)
    s.say("That keeps `library.py` a module of small functions, no classes beyond the `Book` dataclass. Shall I "
          "start with the acceptance tests mocking at the CLI/library boundary?", end=True)
    return s


# -----------------------------------------------------------------------------
# day-020.md:9791 — order tests simplest first; collections 0, 1, n.
R10_CORR = ("very nice, but please order the test cases by rising level of complexity, start with the simplest and "
            "gradually build up to more complex cases. Similarily, order test for collection logic incrementally: "
            "0, 1, n (2)")


@lesson("R3-10", "test-style", "praise-then-but", ["rising level of complexity", "0, 1, n"], [
    fire_write(f"{BM}/specs/apple_books/library_spec.py",
               "from bookminder.apple_books.library import list_all_books\n\n\ndef describe_list_all_books():\n"
               "    def it_returns_three_books_sorted_by_last_opened(reader_home):\n"
               "        assert [b.title for b in list_all_books(reader_home)] == [\"C\", \"B\", \"A\"]\n\n"
               "    def it_returns_the_single_book(single_home):\n"
               "        assert [b.title for b in list_all_books(single_home)] == [\"A\"]\n\n"
               "    def it_returns_nothing_for_a_fresh_library(fresh_home):\n"
               "        assert list_all_books(fresh_home) == []\n",
               note="many before one before empty"),
    fire_edit(f"{BM}/specs/cli_formatting_spec.py", "def describe_format_book_list():\n",
              "def describe_format_book_list():\n    def it_joins_several_books_with_progress_sample_and_cloud():\n"
              "        books = [Book(\"A\", \"X\", reading_progress_percentage=50), Book(\"B\", \"Y\", is_sample=True),\n"
              "                 Book(\"C\", \"Z\", is_cloud=True)]\n"
              "        assert format_book_list(books).count(\"\\n\") == 2\n\n",
              note="puts the most complex case first in the describe"),
    silent_edit(f"{BM}/specs/cli_formatting_spec.py",
                "        assert format_book_list([]) == \"\"\n",
                "        assert format_book_list([]) == \"\"\n\n    def it_formats_one_book_without_progress():\n"
                "        assert format_book_list([Book(\"A\", \"X\")]) == \"A - X\"\n",
                note="adds the 1 case right after the empty case"),
    silent_bash("pytest specs/cli_formatting_spec.py --spec", "Run the formatting specs", note="runs specs"),
])
def R10():
    s = Session("R3-10", BM, branch="main", version=V, start="2025-07-08T17:40:00")
    s.prompt("now refactor the formatting spec the same way, explicit Book fields, one expected string")
    old = ("def describe_format_book_list():\n    def it_formats_books_with_indicators():\n"
           "        books = [Book(title=\"Book 1\", author=\"Author 1\", reading_progress_percentage=50),\n"
           "                 Book(title=\"Book 2\", author=\"Author 2\", is_sample=True),\n"
           "                 Book(title=\"Book 3\", author=\"Author 3\", is_cloud=True)]\n"
           "        expected = \"Book 1 - Author 1 (50%)\\nBook 2 - Author 2 • Sample\\nBook 3 - Author 3 ☁️\"\n"
           "        assert format_book_list(books) == expected\n")
    s.read(f"{BM}/specs/cli_formatting_spec.py", old)
    new = old + ("\n    def it_formats_a_single_book():\n"
                 "        assert format_book_list([Book(title=\"Book 1\", author=\"Author 1\")]) == \"Book 1 - Author 1\"\n\n"
                 "    def it_formats_empty_list():\n        assert format_book_list([]) == \"\"\n")
    s.write(f"{BM}/specs/cli_formatting_spec.py", new, original=old)
    s.bash("pytest specs/cli_formatting_spec.py -v", out="3 passed in 0.05s")
    s.say("The formatting spec now builds `Book` with explicit fields and compares one expected string. All 3 "
          "pass.", end=True)
    s.prompt(R10_CORR, correction=True)
    s.say("You're absolutely right! Let me reorder the tests from simplest to most complex: empty list, one book, "
          "then several books with indicators.")
    s.write(f"{BM}/specs/cli_formatting_spec.py",
            "def describe_format_book_list():\n    def it_formats_empty_list():\n        assert format_book_list([]) == \"\"\n\n"
            "    def it_formats_a_single_book():\n"
            "        assert format_book_list([Book(title=\"Book 1\", author=\"Author 1\")]) == \"Book 1 - Author 1\"\n\n"
            + old.split("\n", 1)[1], original=new)
    s.bash("pytest specs/cli_formatting_spec.py -v", out="3 passed in 0.05s")
    s.say("Reordered: 0, 1, then n books. Still green.", end=True)
    return s


# -----------------------------------------------------------------------------
# day-021.md:3576 — after each change while refactoring, run tests and coverage.
R11_CORR = "no, after you refactor code, (after EACH Write/Update) you should run the tests and coverage"


@lesson("R3-11", "test-process", "plain-no-after-decline", ["after EACH Write/Update", "run the tests and coverage"], [
    fire_prompt("go ahead and rework the other five specs in cli_spec the same way in one batch, we'll check them "
                "when you're done", note="batch of changes, checking only at the end"),
    fire_edit(f"{BM}/bookminder/cli.py", "    books = list_all_books(user=user_path, filter=filter)\n    for book in books:\n",
              "    for book in list_all_books(user=user_path, filter=filter):\n",
              note="another refactoring edit queued straight after the previous one"),
    silent_bash("pytest --cov=bookminder --cov-report=term-missing specs/", "Run specs with coverage",
                note="the check the person asked for"),
    silent_read(f"{BM}/specs/cli_spec.py", note="reading, no change"),
])
def R11():
    s = Session("R3-11", BM, branch="main", version=V21, start="2025-07-10T11:15:00")
    s.prompt("ok, refactor the list all acceptance tests to mock at the library boundary like we did for recent")
    spec = ("    def it_shows_all_books_in_library():\n"
            "        result = _run_cli_with_user(\"test_reader\", subcommand=\"all\")\n"
            "        assert \"Snow Crash\" in result.stdout\n\n"
            "    def it_filters_by_sample_status():\n"
            "        result = _run_cli_with_user(\"test_reader\", subcommand=\"all\", filter=\"sample\")\n")
    s.read(f"{BM}/specs/cli_spec.py", spec, offset=90, total=160)
    new = s.edit(f"{BM}/specs/cli_spec.py",
                 "    def it_shows_all_books_in_library():\n"
                 "        result = _run_cli_with_user(\"test_reader\", subcommand=\"all\")\n"
                 "        assert \"Snow Crash\" in result.stdout\n",
                 "    def it_shows_all_books_in_library(runner):\n"
                 "        book1 = Book(title=\"B1\", author=\"A1\")\n        book2 = Book(title=\"B2\", author=\"A2\")\n"
                 "        with patch('bookminder.cli.list_all_books') as mock_list_all, \\\n"
                 "             patch('bookminder.cli.format') as mock_format:\n"
                 "            mock_list_all.return_value = [book1, book2]\n"
                 "            runner.invoke(main, ['list', 'all'])\n"
                 "        mock_list_all.assert_called_once_with(user=None, filter=None)\n"
                 "        assert mock_format.call_args_list == [((book1,),), ((book2,),)]\n", spec)
    s.say("Now the sample filter test:")
    s.reject("Edit", {"file_path": f"{BM}/specs/cli_spec.py",
                      "old_string": "    def it_filters_by_sample_status():\n"
                                    "        result = _run_cli_with_user(\"test_reader\", subcommand=\"all\", filter=\"sample\")\n",
                      "new_string": "    def it_filters_by_sample_status(runner):\n"
                                    "        with patch('bookminder.cli.list_all_books') as mock_list_all:\n"
                                    "            runner.invoke(main, ['list', 'all', '--filter', 'sample'])\n"
                                    "        mock_list_all.assert_called_once_with(user=None, filter='sample')\n"})
    s.prompt(R11_CORR, correction=True)
    s.say("You're absolutely right! I need to follow the TDD discipline properly. Let me run the tests after the "
          "first change:")
    s.bash("pytest specs/cli_spec.py::describe_bookminder_list_all_command::it_shows_all_books_in_library -v",
           out="1 passed in 0.18s")
    s.bash("pytest --cov=bookminder --cov-report=term-missing", out="TOTAL                                  131      0   100%")
    s.say("Perfect! Still 100% coverage. Now I can proceed with the sample filter test.", end=True)
    return s


# -----------------------------------------------------------------------------
# day-021.md:6947 — the UI section of the docs speaks plain language, no column names.
R12_CORR = ("you probably don't want to mention COLUMNNAME here, we just decided to use plan language to describe "
            "the UI and only refer to DB section which contains DB queries that replicated the list in our testing. "
            "And we JUST cracked the point \"4. **Sample books can show progress** but are marked distinctly\". "
            "Think harder!")


@lesson("R3-12", "docs-style", "declined-edit", ["use plan language to describe the UI", "mention COLUMNNAME here"], [
    fire_edit(f"{BM}/docs/apple_books.md", "## UI Behavior Insights\n",
              "## UI Behavior Insights\n\n- Finished titles (ZISFINISHED = 1) drop out of Continue once "
              "ZLASTOPENDATE ages past seven days\n",
              note="Z-columns written into the app-behaviour section"),
    fire_prompt("in the Apple Books app part of apple_books.md, note that the Want to Read shelf is everything with "
                "ZISDESIRED = 1", note="asks for a column name in the UI description"),
    silent_edit(f"{BM}/docs/apple_books.md", "### Content Filtering Strategies\n",
                "### Content Filtering Strategies\n```sql\n-- Finished books\nSELECT * FROM ZBKLIBRARYASSET WHERE ZISFINISHED = 1;\n```\n",
                note="SQL with columns in the database section"),
    silent_edit(f"{BM}/docs/apple_books.md", "## UI Behavior Insights\n",
                "## UI Behavior Insights\n\n- Finished books leave Continue and appear under Finished.\n",
                note="plain-language UI note"),
])
def R12():
    s = Session("R3-12", BM, branch="main", version=V21, start="2025-07-10T19:02:00")
    s.prompt("update apple_books.md with what we found about the Continue section, keep it consistent")
    doc = ("## UI Behavior Insights\n\n1. **Continue section** shows books with 1-99% progress\n"
           "4. **Sample books can show progress** but are marked distinctly\n")
    s.read(f"{BM}/docs/apple_books.md", doc, offset=410, total=640)
    s.think("Issue #1 in UI Behavior Insights is outdated: it includes samples too. #4 is misleading: samples "
            "actually have 0% progress in the database.")
    s.say("Let me fix the outdated UI Behavior Insights:")
    s.reject("Edit", {"file_path": f"{BM}/docs/apple_books.md",
                      "old_string": "1. **Continue section** shows books with 1-99% progress\n",
                      "new_string": "1. **Continue section** shows books with ZREADINGPROGRESS between 0.01 and 0.99, "
                                    "plus samples (ZISSAMPLE = 1 or ZSTATE = 6) opened in the last 7 days "
                                    "(ZLASTOPENDATE)\n"})
    s.prompt(R12_CORR, correction=True)
    s.think("The UI section should describe what the person sees in plain language and point to the DB section "
            "for queries; and point 4 was just resolved: samples show 'Sample' instead of a percentage.")
    s.edit(f"{BM}/docs/apple_books.md", "1. **Continue section** shows books with 1-99% progress\n",
           "1. **Continue section** shows books you are reading and samples you opened recently "
           "(see [Database Queries](#database-queries))\n", doc)
    s.say("The UI section now describes the list in plain words and refers to the DB section for the query.", end=True)
    return s


# -----------------------------------------------------------------------------
# day-021.md:7328 (first sentence) — story scenarios carry no implementation detail.
R13_CORR = "line 12 is dictating implementaion detail -- not appropriate for story scenario!"


@lesson("R3-13", "stories-style", "declined-edit", ["dictating implementaion detail", "not appropriate for story scenario"], [
    fire_edit(f"{BM}/stories/discover/filter-by-reading-status.yaml", "      then:\n",
              "      then:\n        - results come from ZBKLIBRARYASSET where ZREADINGPROGRESS is between 0.01 and 0.99\n",
              note="SQL columns in a then-step"),
    fire_write(f"{BM}/stories/discover/list-finished-books.yaml",
               "title: List finished books\nscenarios:\n  - scenario: Show finished books\n"
               "    when: I run \"bookminder list finished\"\n    then:\n"
               "      - library.list_finished_books() queries ZISFINISHED = 1 ordered by ZLASTOPENDATE\n",
               note="new story whose scenario names functions and columns"),
    silent_edit(f"{BM}/stories/discover/filter-by-reading-status.yaml", "      then:\n",
                "      then:\n        - I see only books I have finished\n", note="behaviour in the user's words"),
    silent_prompt("add a scenario to the pagination story: when I ask for page 2 I see the next ten books",
                  note="a scenario in the reader's words"),
])
def R13():
    s = Session("R3-13", BM, branch="main", version=V21, start="2025-07-10T20:11:00")
    s.prompt("samples show up in Continue, so update the stories that this touches")
    story = ("title: Filter by sample flag\nscenarios:\n  - scenario: Show only samples\n"
             "    when: I run \"bookminder list all --filter sample\"\n    then:\n      - I see only sample books\n")
    s.read(f"{BM}/stories/discover/filter-by-sample-flag.yaml", story)
    s.say("This story is for list all, but now that samples can appear in list recent, we should clarify whether "
          "sample filters apply to both commands. Let me update this story:")
    s.reject("Edit", {"file_path": f"{BM}/stories/discover/filter-by-sample-flag.yaml",
                      "old_string": "      - I see only sample books\n",
                      "new_string": "      - I see only sample books from all\n"
                                    "      - Samples are books where ZSTATE = 6 or ZISSAMPLE = 1\n"})
    s.prompt(R13_CORR, correction=True)
    s.think("The story scenario should say what the person sees, not how the database marks samples.")
    s.edit(f"{BM}/stories/discover/filter-by-sample-flag.yaml", "      - I see only sample books\n",
           "      - I see only sample books, downloaded or in iCloud\n", story)
    s.say("The then-step now only says what the reader sees; how samples are detected stays in docs/apple_books.md.",
          end=True)
    return s


# -----------------------------------------------------------------------------
# day-021.md:8004 — run the gemini CLI non-interactively with --yolo.
R14_CORR = ("the issue is that Gemini is requesting permissions for its tool use, but in a non interactive session "
            "this is refused. give it --yolo permission")


@lesson("R3-14", "tool-usage", "explanation-after-reject", ["give it --yolo permission", "non interactive session"], [
    fire_prompt("ask the other CLI agent to dig through the dev log summaries for when we decided on the fixture users",
                note="delegating a research task to the helper CLI"),
    fire_bash('gemini -p "Use rg to search claude-dev-log-diary for the first mention of never_opened_user and '
              'report the day and the context"', "Research with gemini", note="gemini -p without --yolo"),
    silent_bash('gemini --yolo -p "Research when the test_reader fixture was created. Read the gemini-summary files '
                'first; use rg, the day files are huge."', "Research with gemini", note="compliant"),
    silent_bash("gemini --version", "Check gemini version", note="harmless"),
])
def R14():
    s = Session("R3-14", BM, branch="main", version=V21, start="2025-07-10T23:40:00")
    s.prompt("use gemini to find out how we managed story status before, it's somewhere in the dev log")
    s.bash('gemini -p "List files in the current directory using ls command"', "Check gemini works",
           out="Loaded cached credentials.\nI'm sorry, I can't use relative paths. I'll use the absolute path I have for "
               "the current directory.I have listed the files in the current directory. Is there anything else I can "
               "help you with?")
    s.think("Gemini is working but it completes its task without showing the output. Let me ask it to write the "
            "results to a file.")
    s.say("I see the issue - gemini is executing but not showing the full output. Let me ask it to write the results "
          "to a file:")
    s.reject("Bash", {"command": 'gemini -p "I give you explicit permission to read files in the claude-dev-log-diary '
                                 'directory. Your task is to research the history of story status management in this '
                                 'project. Write your findings to /tmp/story_status.md"',
                      "description": "Research story status history with gemini"})
    s.prompt(R14_CORR, correction=True)
    s.say("Ah, that makes sense! Let me run gemini with the --yolo flag to automatically accept all actions:")
    s.bash('gemini --yolo -p "I give you explicit permission to read files in the claude-dev-log-diary directory. '
           'Research the history of story status management in this project."', "Research with gemini --yolo",
           out="Loaded cached credentials.\nI've found several summary logs that mention the term \"status\". "
               "Day 009 introduced the Completed Features section in TODO.md ...")
    s.say("Gemini found it: story status lives in TODO.md sections since day 009.", end=True)
    return s


# -----------------------------------------------------------------------------
# day-021.md:8745 — the Completed Features list keeps its order; reopen in place.
R15_CORR = ("can we find some in-place notation for reopening the `**List Recently Read Books via CLI:**` so that we "
            "don't have to remove it from the first position in the list-- it was the first implemented user story, "
            "so I'd like to keep the order in Completed Features as immutable record of implementation journey "
            "through the User Story Map")


@lesson("R3-15", "backlog-docs", "declined-edit", ["immutable record of implementation journey",
                                                    "keep the order in Completed Features"], [
    fire_edit(f"{BM}/TODO.md",
              "- **Filter by Cloud Status:** (See `stories/discover/filter-by-cloud-status.yaml`)\n"
              "- **Documentation Cleanup:** Removed retrospective AI meta-docs (commit eea59e3)\n",
              "- **Documentation Cleanup:** Removed retrospective AI meta-docs (commit eea59e3)\n"
              "- **Filter by Cloud Status:** (See `stories/discover/filter-by-cloud-status.yaml`)\n",
              note="swaps two done items"),
    fire_prompt("Filter by Cloud Status needs more work; move that entry back into the backlog section",
                note="asks to pull an item out of the done list"),
    silent_edit(f"{BM}/TODO.md",
                "- **Documentation Cleanup:** Removed retrospective AI meta-docs (commit eea59e3)\n",
                "- **Documentation Cleanup:** Removed retrospective AI meta-docs (commit eea59e3)\n"
                "- **Filter by Sample Flag:** (See `stories/discover/filter-by-sample-flag.yaml`)\n",
                note="appends a newly finished item at the end"),
    silent_edit(f"{BM}/TODO.md",
                "- `stories/discover/filter-by-reading-status.yaml`\n- `stories/discover/filter-by-multiple-criteria.yaml`\n",
                "- `stories/discover/filter-by-multiple-criteria.yaml`\n- `stories/discover/filter-by-reading-status.yaml`\n",
                note="reorders the backlog, not the done list"),
])
def R15():
    s = Session("R3-15", BM, branch="main", version=V21, start="2025-07-11T09:25:00")
    s.prompt("mark list recent as reopened, we are adding samples to it, and filter by sample flag is in progress")
    todo = ("## Completed Features\n- **List Recently Read Books via CLI:** (See `stories/discover/list-recent-books.yaml`)\n"
            "- **Handle Diverse User Environments:** (See `stories/discover/handle-user-environments.yaml`)\n"
            "- **Filter by Cloud Status:** (See `stories/discover/filter-by-cloud-status.yaml`)\n\n"
            "## Current Backlog (Stories in `stories/` directory)\n")
    s.read(f"{BM}/TODO.md", todo, offset=7, total=40)
    s.reject("Edit", {"file_path": f"{BM}/TODO.md",
                      "old_string": "- **List Recently Read Books via CLI:** (See `stories/discover/list-recent-books.yaml`)\n"
                                    "- **Handle Diverse User Environments:**",
                      "new_string": "- **Handle Diverse User Environments:**"})
    s.prompt(R15_CORR, correction=True)
    s.say("Excellent point! Let's keep the historical order and add an inline notation:")
    s.edit(f"{BM}/TODO.md", "- **List Recently Read Books via CLI:** (See `stories/discover/list-recent-books.yaml`)\n",
           "- **List Recently Read Books via CLI:** (See `stories/discover/list-recent-books.yaml`) "
           "*(reopened: include samples)*\n", todo)
    s.say("The first completed story stays first and carries a *reopened* note.", end=True)
    return s
