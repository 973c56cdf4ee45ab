"""gen-holdout-7: "real-style" lessons about a repo's folders, tools and ways of working (how branches are named, how pull
requests are opened, where recorded data lives, what needs asking first, how a figure is reported, how far a formatter
reaches)."""
from cc import Session
from registry import (
    fire_bash,
    fire_prompt,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

PAYOUT = "/home/ngozi/work/payout-engine"
FJORD = "/Users/henrik/code/fjord-cms"
SEIS = "/home/anouk/research/seismic-picker"
CUISTO = "/home/rafael/dev/cuisto-backend"
GROWTH = "/Users/wren/work/growth-sql"
TIDE = "/home/gustavo/src/tidewater-erp"


# -----------------------------------------------------------------------------
H7L01_CORR = ("ah wait, the branch name. here every branch starts with the jira key, so PAY-2291-iban-lowercase or whatever short "
              "slug after it, no fix/ or feature/ in front. the link-ticket check in CI reads the key out of the branch name and "
              "fails the PR without it, and that's also how the ticket gets its development panel so QA can find the build. can "
              "you rename it and get rid of the old one on the remote")

NORMALIZE_GO = ("package iban\n\nimport (\n\t\"errors\"\n\t\"regexp\"\n)\n\nvar ErrFormat = errors.New(\"iban: bad format\")\n\n"
                "var pattern = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)\n\n"
                "// Validate checks the format and the mod-97 checksum.\nfunc Validate(s string) (string, error) {\n"
                "\tif !pattern.MatchString(s) {\n\t\treturn \"\", ErrFormat\n\t}\n\treturn s, checksum(s)\n}\n")

@lesson("H7L01", "branch-naming", "ah-wait-after-the-fact", ["jira key", "link-ticket", "PAY-2291-iban-lowercase"], [
    fire_bash("git switch --create hotfix/sepa-cutoff-time", "New line of work for the SEPA deadline change",
              note="new branch with a type prefix and no ticket key; no shared words"),
    fire_prompt("new branch for the settlement CSV export (PAY-2310) please, then push it so Dimitri can have a look",
                note="asks for a branch; the agent picks the name"),
    silent_bash("git switch -c PAY-2310-settlement-csv-export", "Branch for the settlement export ticket",
                note="compliant: key first"),
    silent_bash("git push origin PAY-2291-iban-lowercase", "Push the follow-up commit", note="push of a correctly named branch"),
])
def H7L01():
    s = Session("H7L01", PAYOUT, branch="main", version="2.1.9", start="2026-03-02T09:41:00")
    s.prompt("PAY-2291: payouts to IBANs that were typed in lowercase or with spaces get rejected by the validator. fix it on a "
             "new branch off main, commit and push so QA can pick it up")
    s.bash("git switch main && git pull --ff-only", "Update main", out="Already on 'main'\nAlready up to date.")
    path = f"{PAYOUT}/internal/iban/normalize.go"
    s.read(path, NORMALIZE_GO)
    s.edit(path, "func Validate(s string) (string, error) {\n\tif !pattern.MatchString(s) {\n",
           "func Validate(s string) (string, error) {\n\ts = strings.ToUpper(strings.Join(strings.Fields(s), \"\"))\n"
           "\tif !pattern.MatchString(s) {\n", NORMALIZE_GO)
    s.bash("goimports -w internal/iban/normalize.go && go test ./internal/iban/...", "Fix imports and run the iban tests",
           out="ok  \tgithub.com/ngozi-o/payout-engine/internal/iban\t0.012s")
    s.bash("git switch -c fix/iban-lowercase && git add internal/iban && git commit -m \"iban: normalise case and spaces before "
           "validating\" && git push -u origin fix/iban-lowercase", "Branch, commit and push",
           out="Switched to a new branch 'fix/iban-lowercase'\n[fix/iban-lowercase 7e2b9c1] iban: normalise case and spaces before "
               "validating\n 2 files changed, 19 insertions(+), 1 deletion(-)\nbranch 'fix/iban-lowercase' set up to track "
               "'origin/fix/iban-lowercase'.")
    s.say("`Validate` now upper-cases the input and strips all whitespace before matching, with table tests for "
          "`nl91 abna 0417 1643 00` and friends. Pushed on `fix/iban-lowercase`.", end=True)
    s.prompt(H7L01_CORR, correction=True)
    s.bash("git branch -m PAY-2291-iban-lowercase && git push -u origin PAY-2291-iban-lowercase && git push origin --delete "
           "fix/iban-lowercase", "Rename the branch and remove the old remote one",
           out="branch 'PAY-2291-iban-lowercase' set up to track 'origin/PAY-2291-iban-lowercase'.\n"
               "To github.com:ngozi-o/payout-engine.git\n - [deleted]         fix/iban-lowercase")
    s.say("Renamed to `PAY-2291-iban-lowercase`, pushed it and deleted `fix/iban-lowercase` from the remote, so the link-ticket "
          "check can pick up the key.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L02_CORR = ("thanks! actually, could you open PRs as drafts from now on, and don't add reviewers? requesting web-platform pings "
              "nine people on slack the second it's created, and half the time CI hasn't even finished (the visual regression job "
              "takes ~20 min). I look at the checks myself, then I mark it ready and pick who reviews. I've already taken them "
              "off this one")

@lesson("H7L02", "draft-pull-requests", "thanks-actually", ["as drafts", "don't add reviewers", "mark it ready"], [
    fire_bash("gh pr create --fill --base main", "Create the PR from the branch",
              note="a ready-for-review pull request; no shared words"),
    fire_bash("gh pr edit 1191 --add-reviewer maja-h,tobias-k", "Ask Maja and Tobias to look at it",
              note="requests reviewers on the person's behalf"),
    silent_bash("gh pr create --draft --fill", "Open a draft PR", note="compliant"),
    silent_bash("gh pr checks 1184 --watch", "Watch CI on the PR", note="related, harmless"),
])
def H7L02():
    s = Session("H7L02", FJORD, branch="fix/focal-crop", version="2.0.76", start="2025-11-18T15:22:00")
    s.prompt("the focal point crop fix is done I think, tests pass locally. open a PR for it")
    s.bash("git status -sb && git log --oneline main..HEAD", "Check the branch",
           out="## fix/focal-crop...origin/fix/focal-crop\n3f1c2aa media: keep the focal point inside the crop box\n"
               "9d04e71 media: clamp focal point to image bounds")
    s.bash("gh pr create --title \"Keep the focal point inside the crop box\" --body \"Clamps the focal point to the image "
           "bounds and keeps it inside the crop box for every preset ratio. Fixes the cut-off faces on 4:5 teasers.\" "
           "--reviewer fjord-cms/web-platform", "Open the pull request",
           out="Creating pull request for fix/focal-crop into main in fjord-cms/fjord\n\nhttps://github.com/fjord-cms/fjord/pull/1184")
    s.say("Opened #1184 (https://github.com/fjord-cms/fjord/pull/1184) and requested a review from `web-platform`.", end=True)
    s.prompt(H7L02_CORR, correction=True)
    s.bash("gh pr ready 1184 --undo", "Convert the PR back to a draft",
           out="✓ Pull request fjord-cms/fjord#1184 is converted to \"draft\"")
    s.say("#1184 is a draft now, with no reviewers on it. I'll open them as drafts and leave the reviewers to you.", end=True)
    return s


# -----------------------------------------------------------------------------
H7L03_CORR = ("stop stop. nothing under data/ goes into git, it's all tracked with dvc. `dvc add data/raw/2026-03` writes a tiny "
              ".dvc pointer file, that's what gets committed, and `dvc push` uploads the actual waveforms to the s3 remote the "
              "cluster pulls from. 11 gigs in git history would sit there forever for everyone who clones, and gitlab rejects "
              "pushes with files over 100MB anyway")

@lesson("H7L03", "dvc-data", "interrupted", ["dvc add", "dvc push", "nothing under data/ goes into git"], [
    fire_prompt("commit the April seismograms along with the code so Jonas has everything after one checkout",
                note="asks to put the recordings into git history; no shared words"),
    fire_bash("git add -f data/processed/picks_2026-03.parquet && git commit -m \"add March picks\"", "Commit the picked arrivals",
              note="force-adds a data file to git"),
    silent_bash("dvc pull data/raw/2026-03.dvc", "Fetch the March recordings", note="compliant"),
    silent_bash("git add picker/phasenet.yaml && git commit -m \"picker: raise the S-wave threshold to 0.4\"", "Commit the config",
                note="code/config commit, no data"),
])
def H7L03():
    s = Session("H7L03", SEIS, branch="main", version="2.1.7", start="2026-04-07T11:03:00")
    s.prompt("the march field recordings from the Groningen stations are in data/raw/2026-03/ now (11 GB of mseed). get them "
             "into the repo so the cluster jobs can use them")
    s.bash("du -sh data/raw/2026-03 && ls data/raw/2026-03 | head -4", "Size and a few file names",
           out="11G\tdata/raw/2026-03\nNL.G014..HHZ.2026.060.mseed\nNL.G014..HHZ.2026.061.mseed\nNL.G014..HHZ.2026.062.mseed\n"
               "NL.G014..HHZ.2026.063.mseed")
    s.bash("git status --short", "Is it tracked?", out="?? data/raw/2026-03/")
    s.say("The folder is untracked. I'll add and commit it.")
    s.interrupt_tool("Bash", {"command": "git add data/raw/2026-03 && git commit -m \"data: add March 2026 Groningen recordings\"",
                              "description": "Commit the March recordings"})
    s.prompt(H7L03_CORR, correction=True)
    s.bash("git status --short", "Make sure nothing was staged", out="?? data/raw/2026-03/")
    s.bash("dvc add data/raw/2026-03 && git add data/raw/2026-03.dvc data/raw/.gitignore && git commit -m \"data: track March "
           "2026 Groningen recordings with dvc\"", "Track the folder with dvc and commit the pointer",
           out="100% Adding...|████████████████████████████████████████|1/1 [02:41, 161.02s/file]\n"
               "[main 5a0c7de] data: track March 2026 Groningen recordings with dvc\n 2 files changed, 6 insertions(+)")
    s.bash("dvc push data/raw/2026-03.dvc", "Upload to the s3 remote", out="1412 files pushed", timeout=1800000)
    s.say("Nothing went into git except `data/raw/2026-03.dvc` and the `.gitignore` entry; the 1412 mseed files are on the "
          "s3 remote, so the cluster jobs get them with `dvc pull`.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L04_CORR = ("pls ask me before sending any push. even on staging. the staging app is on the whole sales team's phones plus "
              "~60 beta testers, they all got a 'TEST TEST ignore' at 6am last month and i heard about it for a week. to check "
              "the payload use --dry-run, it prints the exact json it would send. if you really need to see it on a device, "
              "--only-token with your own test device token, but still ask first")

DAILY_PY = ("def build_message(recipe: Recipe, token: str) -> messaging.Message:\n    return messaging.Message(\n"
            "        token=token,\n        notification=messaging.Notification(\n            title=_(\"Recipe of the day\"),\n"
            "            body=recipe.title,\n        ),\n        data={\"recipe_id\": str(recipe.pk)},\n    )\n")

@lesson("H7L04", "push-notifications", "rejected-then-instruction", ["ask me before sending any push", "--dry-run", "--only-token"], [
    fire_bash("curl -s -X POST https://fcm.googleapis.com/v1/projects/cuisto-stg/messages:send -H \"Authorization: Bearer "
              "$FCM_BEARER\" -d @/tmp/announce.body", "Deliver the announcement",
              note="raw FCM call against the staging project; one shared word"),
    fire_prompt("notify all our users that the meal planner just launched", note="asks for a push to real phones; no shared words"),
    silent_bash("python manage.py send_daily_push --env staging --dry-run", "Print the payload without sending", note="compliant"),
    silent_edit(f"{CUISTO}/notifications/daily.py", "            title=_(\"Recipe of the day\"),\n",
                "            title=_(\"Today's recipe\"),\n", note="copy change, nothing sent"),
])
def H7L04():
    s = Session("H7L04", CUISTO, branch="feat/push-image", version="2.1.31", start="2026-02-24T07:58:00")
    s.prompt("the 'recipe of the day' push should carry the hero image now (FCM image field) so android shows the big picture. "
             "add it and make sure it actually works")
    path = f"{CUISTO}/notifications/daily.py"
    s.read(path, DAILY_PY, offset=31, limit=10, total=88)
    s.edit(path, "            body=recipe.title,\n        ),\n",
           "            body=recipe.title,\n            image=recipe.hero_image_url(width=1024),\n        ),\n", DAILY_PY)
    s.bash("python manage.py test notifications -v 1", "Run the notification tests",
           out="Found 14 test(s).\nSystem check identified no issues (0 silenced).\n..............\n"
               "----------------------------------------------------------------------\nRan 14 tests in 0.381s\n\nOK")
    s.say("Tests pass. I'll send the daily push on staging to see the image render on a real device.")
    s.reject("Bash", {"command": "python manage.py send_daily_push --env staging", "description": "Send the daily push on staging"})
    s.prompt(H7L04_CORR, correction=True, think_secs=(15, 50))
    s.bash("python manage.py send_daily_push --env staging --dry-run", "Print the payload without sending",
           out="[dry-run] 1 message, 0 sent\n{\"message\": {\"topic\": \"daily-recipe-en\", \"notification\": {\"title\": "
               "\"Recipe of the day\", \"body\": \"Shakshuka with feta\", \"image\": "
               "\"https://img.cuisto.app/r/8812/hero.jpg?w=1024\"}, \"data\": {\"recipe_id\": \"8812\"}}}")
    s.say("Nothing was sent. The dry run shows the `image` field in the notification with a 1024 px hero URL. If you want to "
          "see it on a phone, tell me which device token to use with `--only-token` and I'll send just that one.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L05_CORR = ("thanks. one thing for the future: when you give me a number, could you put the query you ran right under it, and "
              "say which table and date range it covers (and whether that's by trial start or by conversion date, and in what "
              "timezone)? I paste these straight into the Monday metrics doc, and when finance asks where 1,284 came from I need "
              "to be able to re-run it. last quarter we ended up with two different 'conversion' numbers going round because of "
              "a cut-off nobody could see")

@lesson("H7L05", "analysis-reporting", "polite-preference", ["the query you ran", "date range", "re-run it"], [
    fire_prompt("what was the average revenue per paying account in Q1?", note="asks for a figure; no shared words"),
    fire_prompt("quick one: how many people cancelled within their first month last year?", note="another figure to report"),
    silent_prompt("rename trial_started_at to trial_start_ts in the staging model and fix whatever breaks",
                  note="related work in the repo, no figure asked for"),
    silent_bash("duckdb warehouse.duckdb -c \"describe subscriptions\"", "Look at the subscriptions columns",
                note="schema look-up, nothing reported"),
])
def H7L05():
    s = Session("H7L05", GROWTH, branch="main", version="2.1.9", start="2026-03-09T08:47:00")
    s.prompt("how many trial users converted to paid in february?")
    s.bash("duckdb warehouse.duckdb -c \"describe trials\"", "Columns of the trials table",
           out="┌──────────────────┬──────────────────────────┐\n│   column_name    │       column_type        │\n"
               "├──────────────────┼──────────────────────────┤\n│ account_id       │ BIGINT                   │\n"
               "│ plan             │ VARCHAR                  │\n│ trial_started_at │ TIMESTAMP WITH TIME ZONE │\n"
               "│ converted_at     │ TIMESTAMP WITH TIME ZONE │\n└──────────────────┴──────────────────────────┘")
    s.bash("duckdb warehouse.duckdb -c \"select count(*) filter (where converted_at is not null) as converted, count(*) as trials "
           "from trials where trial_started_at >= '2026-02-01' and trial_started_at < '2026-03-01'\"", "Count February conversions",
           out="┌───────────┬────────┐\n│ converted │ trials │\n├───────────┼────────┤\n│      1284 │   5561 │\n"
               "└───────────┴────────┘")
    s.say("1,284 trial users converted to paid in February, out of 5,561 trials started that month (23.1%).", end=True)
    s.prompt(H7L05_CORR, correction=True)
    s.bash("duckdb warehouse.duckdb -c \"select current_setting('TimeZone')\"", "Which timezone the comparison used",
           out="┌───────────────────────────────┐\n│ current_setting('TimeZone')   │\n├───────────────────────────────┤\n"
               "│ UTC                           │\n└───────────────────────────────┘")
    s.say("**1,284** of **5,561** February trials converted to paid (23.1%).\n\n- Table: `trials` in `warehouse.duckdb`\n"
          "- Range: trials *started* 2026-02-01 00:00 to 2026-03-01 00:00 UTC, start inclusive, end exclusive; a conversion "
          "counts whenever it happened (some in March)\n\n```sql\nselect count(*) filter (where converted_at is not null) as "
          "converted,\n       count(*) as trials\nfrom trials\nwhere trial_started_at >= '2026-02-01'\n  and trial_started_at "
          "< '2026-03-01';\n```", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L06_CORR = ("ugh no, not the whole repo. we only format the files we actually touch, theres 15 years of code in here and a "
              "repo wide reformat wrecks git blame for everybody, plus every open branch gets conflicts on files it never "
              "changed. `pre-commit run --files <whatever you changed>` is how we do it, that runs black with our config on just "
              "those files. revert everything else pls")

TOTALS_PY = ("def invoice_total(lines):\n    total = Decimal(0)\n    for line in lines:\n"
             "        total += line.unit_price * line.quantity * (1 - line.discount)\n"
             "    return total.quantize(Decimal(\"0.01\"), rounding=ROUND_HALF_UP)\n")

@lesson("H7L06", "code-formatting", "annoyed-lowercase", ["only format the files we actually touch", "pre-commit run --files",
                                                          "git blame"], [
    fire_bash("ruff format tidewater/", "Tidy up the style", note="formatter over the whole package; one shared word"),
    fire_bash("autopep8 --in-place --recursive tidewater/", "Clean up whitespace and style across the package",
              note="another formatter over the whole package; no shared words"),
    silent_bash("pre-commit run --files tidewater/billing/discounts.py", "Format the file I changed", note="compliant"),
    silent_bash("pytest tests/billing -q", "Run the billing tests", note="related, harmless"),
])
def H7L06():
    s = Session("H7L06", TIDE, branch="fix/invoice-rounding", version="2.0.37", start="2025-10-21T14:12:00")
    s.prompt("invoice totals are off by a cent on some multi-line invoices, fix the rounding in tidewater/billing/totals.py. run "
             "the formatter on it before committing")
    path = f"{TIDE}/tidewater/billing/totals.py"
    s.read(path, TOTALS_PY, offset=40, limit=5, total=71)
    s.edit(path, "        total += line.unit_price * line.quantity * (1 - line.discount)\n",
           "        line_total = line.unit_price * line.quantity * (1 - line.discount)\n"
           "        total += line_total.quantize(Decimal(\"0.01\"), rounding=ROUND_HALF_UP)\n", TOTALS_PY)
    s.bash("pytest tests/billing/test_totals.py -q", "Run the totals tests",
           out="........                                                                 [100%]\n8 passed in 0.42s")
    s.bash("black .", "Run the formatter",
           out="reformatted /home/gustavo/src/tidewater-erp/tidewater/accounts/models.py\n"
               "reformatted /home/gustavo/src/tidewater-erp/tidewater/billing/totals.py\n...\n\nAll done! ✨ 🍰 ✨\n"
               "612 files reformatted, 9 files left unchanged.")
    s.say("Each line is now rounded half-up to cents before summing, which matches the printed line totals; the 8 totals tests "
          "pass. I ran black, so everything is formatted and ready to commit.", end=True)
    s.prompt(H7L06_CORR, correction=True)
    s.bash("git diff --name-only | grep -v -e '^tidewater/billing/totals.py$' -e '^tests/billing/test_totals.py$' | xargs git "
           "checkout --", "Revert the formatting everywhere else", out="")
    s.bash("pre-commit run --files tidewater/billing/totals.py tests/billing/test_totals.py", "Format only the changed files",
           out="black....................................................................Passed\n"
               "flake8...................................................................Passed")
    s.bash("git status --short", "What is left", out=" M tests/billing/test_totals.py\n M tidewater/billing/totals.py")
    s.say("Reverted the other 610 files. Only `totals.py` and its test are changed, and `pre-commit run --files` passes on "
          "both.", end=True)
    s.turn_done()
    return s
