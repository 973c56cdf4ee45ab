"""real-3 distractor sessions: BookMinder work in the lessons' areas, with no correction."""
from cc import Session
from registry import distractor

BM = "/Users/palimondo/Developer/BookMinder"


@distractor("R3-D01", "git-workflow", "green, committed, then a refactor; the person only says thanks")
def D01():
    s = Session("R3-D01", BM, branch="main", version="1.0.44", start="2025-07-09T10:05:00")
    s.prompt("implement the finished filter for list all, the spec is already unskipped")
    lib = '    if filter == "sample":\n        books = [b for b in books if b.is_sample]\n    return books\n'
    s.edit(f"{BM}/bookminder/apple_books/library.py", "    return books\n",
           '    elif filter == "finished":\n        books = [b for b in books if b.is_finished]\n    return books\n', lib)
    s.bash("pytest --spec --cov=bookminder --cov-report=term-missing", "Specs and coverage",
           out="22 passed in 0.71s\nTOTAL                                  134      0   100%")
    s.bash('git add bookminder/apple_books/library.py specs/cli_spec.py && git commit -m "feat: filter finished books in list all"',
           "Commit at GREEN", out="[main 4e7b0a2] feat: filter finished books in list all\n 2 files changed, 6 insertions(+), 1 deletion(-)")
    s.say("GREEN and committed. No refactoring needed for a two-line branch.", end=True)
    s.prompt("thanks, looks good")
    return s


@distractor("R3-D02", "tool-usage", "gemini --yolo research that works; the person is satisfied")
def D02():
    s = Session("R3-D02", BM, branch="main", version="1.0.48", start="2025-07-11T14:00:00")
    s.prompt("ask gemini when we first added the cloud indicator, summaries first")
    s.bash('gemini --yolo -p "Find the day the cloud indicator was added to the CLI output. Read the gemini-summary '
           'files in claude-dev-log-diary first, then confirm with rg in that day\'s log."', "Research with gemini",
           out="Loaded cached credentials.\nThe cloud indicator was added on day-013 (commit a91c3e0, \"feat: show cloud indicator\").")
    s.bash("git show --stat a91c3e0 | head -5", "Confirm the commit",
           out="commit a91c3e0\nAuthor: Pavol Vaskovic\nDate:   Tue Jun 24 2025\n\n    feat: show cloud indicator")
    s.say("Gemini's answer, in full: \"The cloud indicator was added on day-013 (commit a91c3e0, \\\"feat: show cloud "
          "indicator\\\").\" The commit confirms it.", end=True)
    s.prompt("great")
    return s


@distractor("R3-D03", "docs-style", "a database query added to the docs; the person approves")
def D03():
    s = Session("R3-D03", BM, branch="main", version="1.0.48", start="2025-07-11T16:30:00")
    s.prompt("add the query for finished books to the database section of apple_books.md")
    doc = "### Content Filtering Strategies\n```sql\n-- Active reading\nSELECT * FROM ZBKLIBRARYASSET WHERE ZREADINGPROGRESS > 0;\n```\n"
    s.read(f"{BM}/docs/apple_books.md", doc, offset=530, total=650)
    s.edit(f"{BM}/docs/apple_books.md", "```\n",
           "\n-- Finished books\nSELECT * FROM ZBKLIBRARYASSET WHERE ZISFINISHED = 1 ORDER BY ZLASTOPENDATE DESC;\n```\n", doc)
    s.bash("sqlite3 ~/Library/Containers/com.apple.iBooksX/Data/Documents/BKLibrary/BKLibrary-*.sqlite "
           "\"SELECT COUNT(*) FROM ZBKLIBRARYASSET WHERE ZISFINISHED = 1\"", "Check the query on the real library", out="37")
    s.say("Added the finished-books query under Content Filtering Strategies; it returns 37 books on your library.", end=True)
    s.prompt("perfect, commit it")
    s.bash('git add docs/apple_books.md && git commit -m "docs: query for finished books"', "Commit docs",
           out="[main 77c1d09] docs: query for finished books\n 1 file changed, 3 insertions(+)")
    s.say("Committed.", end=True)
    return s
