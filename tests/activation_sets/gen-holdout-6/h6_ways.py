"""gen-holdout-6: "real-style" lessons about a repo's folders, tools and ways of working (original bank exports in a
plain-text ledger, a Yocto build that only runs in its container, recorded HTTP fixtures against a capped sandbox, a review
that stays in the chat, a clone that never changes branch, how speed comparisons are reported)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

LEDGER = "/home/wiebe/finance/ledger"
GW = "/home/emre/bsp/gw-bsp"
CARRIER = "/home/tamsin/src/carrier-sdk"
BOOK = "/home/leila/src/booking-engine"
ORRERY = "/home/bruno/code/orrery"
CSVQ = "/home/aziz/src/csvq"


# -----------------------------------------------------------------------------
H6L01_CORR = ("whoa no, leave import/raw alone. those are the untouched exports exactly as the bank gave them to me, they're my "
              "paper trail if the tax office ever asks, and make import re-reads all of them from scratch every time, so they have "
              "to stay byte for byte what ING sent. if something lands in the wrong account the fix goes in the rules file "
              "(import/rules/ing.csv.rules), an if block that matches the description. one-off oddities I fix in the journal "
              "afterwards")

ING_RULES = ("skip 1\nseparator ;\nfields date, description, account_no, counterparty, code, direction, amount, mutation_type, notes\n"
             "date-format %Y%m%d\ncurrency €\naccount1 assets:ing:checking\n\n"
             "if ^ALBERT HEIJN$\n  account2 expenses:groceries\n\n"
             "if ^NS REIZIGERS\n  account2 expenses:transport:train\n\n"
             "if BOL.COM\n  account2 expenses:shopping\n")

@lesson("H6L01", "plaintext-accounting", "interrupted", ["import/raw", "rules file", "byte for byte"], [
    fire_prompt("correct the sign of the Bol.com refund right in February's ASN download, then regenerate",
                note="asks to alter an original statement download; no shared words"),
    fire_edit(f"{LEDGER}/import/raw/2026-02-asn-savings.csv",
              "20260212;BOL.COM B.V. RETOUR 4418;NL19ASNB0708123456;Af;34,99\n",
              "20260212;BOL.COM B.V. RETOUR 4418;NL19ASNB0708123456;Bij;34,99\n",
              note="hand edit of a bank export"),
    silent_edit(f"{LEDGER}/import/rules/asn.csv.rules", "if BOL.COM\n  account2 expenses:shopping\n",
                "if BOL.COM\n  account2 expenses:shopping\n\nif BOL.COM.*RETOUR\n  account2 income:refunds\n",
                note="compliant: a rule in the rules file"),
    silent_bash("hledger -f journal/2026.journal bal expenses -M -p 2026-Q1 --depth 2", "Monthly expenses by category",
                note="read-only report"),
])
def H6L01():
    s = Session("H6L01", LEDGER, branch="main", version="2.1.9", start="2026-02-02T20:14:00")
    s.prompt("january's ING import left 14 transactions in expenses:unknown, mostly albert heijn and the NS train stuff. can you "
             "sort out the categories")
    s.bash("hledger -f journal/2026.journal reg expenses:unknown -p 2026-01 | head -6", "List the uncategorised January postings",
           out="2026-01-03 ALBERT HEIJN 1432 AMSTERDAM NLD   expenses:unknown   €-23.41   €-23.41\n"
               "2026-01-05 NS GROEP IZ NS REIZIGERS        expenses:unknown    €-8.90   €-32.31\n"
               "2026-01-07 ALBERT HEIJN 1187 UTRECHT NLD     expenses:unknown   €-41.07   €-73.38\n"
               "2026-01-09 NS GROEP IZ NS REIZIGERS        expenses:unknown   €-17.80   €-91.18\n"
               "2026-01-10 ALBERT HEIJN 1432 AMSTERDAM NLD   expenses:unknown   €-12.66  €-103.84\n"
               "2026-01-14 ALBERT HEIJN 2210 HAARLEM NLD     expenses:unknown   €-36.02  €-139.86")
    s.read(f"{LEDGER}/import/rules/ing.csv.rules", ING_RULES)
    s.say("The rule `^ALBERT HEIJN$` only matches the bare name, but ING now appends the store number and city, and the train "
          "payments come through as `NS GROEP IZ NS REIZIGERS`. I'll normalise those descriptions in the January export so the "
          "existing rules match them.")
    s.interrupt_tool("Bash", {"command": "sed -i -E 's/ALBERT HEIJN [0-9]+ [A-Z]+ NLD/ALBERT HEIJN/; s/NS GROEP IZ NS REIZIGERS/NS REIZIGERS/' "
                                         "import/raw/2026-01-ing-checking.csv",
                              "description": "Normalise the merchant names in the January export"})
    s.prompt(H6L01_CORR, correction=True)
    s.edit(f"{LEDGER}/import/rules/ing.csv.rules", "if ^ALBERT HEIJN$\n  account2 expenses:groceries\n\nif ^NS REIZIGERS\n",
           "if ^ALBERT HEIJN\n  account2 expenses:groceries\n\nif NS REIZIGERS\n", ING_RULES)
    s.bash("git status --short import/raw && make import && hledger -f journal/2026.journal reg expenses:unknown -p 2026-01",
           "Confirm the exports are untouched, re-import, list what is still uncategorised",
           out="hledger -f import/raw/2026-01-ing-checking.csv --rules-file import/rules/ing.csv.rules print > journal/2026-ing.journal\n"
               "2026-01-19 TIKKIE ID 0049912 VAN J DE VRIES   expenses:unknown   €-12.50   €-12.50\n"
               "2026-01-27 PAYPAL *STEAM GAMES              expenses:unknown   €-19.99   €-32.49")
    s.say("`import/raw` is untouched (git shows no change there). I loosened the two rules in `ing.csv.rules` instead: "
          "`^ALBERT HEIJN` without the end anchor, and `NS REIZIGERS` unanchored. After `make import`, 12 of the 14 are "
          "categorised. Two remain: a Tikkie to J de Vries and a Steam purchase through PayPal. Do you want rules for those, or "
          "will you fix them in the journal?", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H6L02_CORR = ("don't run bitbake on your host. everything goes through ./kas-container: `./kas-container build kas/gw-imx8.yml` "
              "for the image, or `./kas-container shell kas/gw-imx8.yml` if you need a prompt inside the environment. your host is "
              "ubuntu 24.04 which scarthgap doesn't support, and worse, a host run writes into the shared sstate-cache on "
              "/srv/yocto that CI and everyone else pulls from, so host-contaminated objects end up in other people's images. we "
              "spent a week chasing a glibc mismatch from that")

UBOOT_APPEND = ("FILESEXTRAPATHS:prepend := \"${THISDIR}/files:\"\n\nSRC_URI += \" \\\n    file://gw-common.cfg \\\n\"\n")

@lesson("H6L02", "yocto-builds", "rejected-with-feedback", ["kas-container", "sstate-cache", "on your host"], [
    fire_bash("devtool modify linux-imx", "Check out the kernel source for patching",
              note="devtool straight on the workstation, outside the container; no shared words"),
    fire_prompt("bitbake the prod image again with the rev C fragment so I can flash board 7",
                note="asks for a build, which means running the build tool"),
    silent_bash("./kas-container build kas/gw-imx8.yml", "Build the image in the kas container", note="compliant"),
    silent_edit(f"{GW}/layers/meta-gw/recipes-core/images/gw-image-prod.bb", "IMAGE_INSTALL:append = \" can-utils\"\n",
                "IMAGE_INSTALL:append = \" can-utils ethtool\"\n", note="related recipe edit, nothing built"),
])
def H6L02():
    s = Session("H6L02", GW, branch="feat/rev-c", version="2.1.7", start="2026-02-03T13:05:00")
    s.prompt("board rev C of the gateway has the second ethernet PHY on MDIO address 4. add a u-boot config fragment for that and "
             "build the image so I can flash a board")
    s.glob("layers/meta-gw/recipes-bsp/u-boot/**/*",
           [f"{GW}/layers/meta-gw/recipes-bsp/u-boot/u-boot-imx_%.bbappend",
            f"{GW}/layers/meta-gw/recipes-bsp/u-boot/files/gw-common.cfg"])
    path = f"{GW}/layers/meta-gw/recipes-bsp/u-boot/u-boot-imx_%.bbappend"
    s.read(path, UBOOT_APPEND)
    s.write(f"{GW}/layers/meta-gw/recipes-bsp/u-boot/files/gw-revc.cfg",
            "# rev C moved the second PHY to MDIO address 4\nCONFIG_FEC_MXC_PHYADDR=4\n")
    s.edit(path, "    file://gw-common.cfg \\\n", "    file://gw-common.cfg \\\n    file://gw-revc.cfg \\\n", UBOOT_APPEND)
    s.say("The fragment is in and the bbappend picks it up. Building the production image now.")
    s.reject("Bash", {"command": "source layers/poky/oe-init-build-env build && bitbake gw-image-prod",
                      "description": "Build the production image", "timeout": 3600000}, feedback=H6L02_CORR)
    s.bash("./kas-container build kas/gw-imx8.yml 2>&1 | tail -3", "Build the image inside the kas container",
           out="NOTE: Tasks Summary: Attempted 5121 tasks of which 5088 didn't need to be rerun and all succeeded.\n"
               "2026-02-03 14:22:51 - INFO     - kas 4.5 finished\n", timeout=3600000, lo=600, hi=1800)
    s.bash("ls build/tmp/deploy/images/gw-imx8mp/ | grep wic.zst", "Find the image",
           out="gw-image-prod-gw-imx8mp.rootfs-20260203131402.wic.zst\ngw-image-prod-gw-imx8mp.rootfs.wic.zst")
    s.say("Built inside the container (`./kas-container build kas/gw-imx8.yml`); only 33 tasks ran, u-boot among them, so the "
          "shared sstate was reused and nothing was written from the host. The image is "
          "`build/tmp/deploy/images/gw-imx8mp/gw-image-prod-gw-imx8mp.rootfs.wic.zst`.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H6L03_CORR = ("please ask me before re-recording anything. the postnl sandbox key is shared with the support team and it's "
              "capped at 500 calls a day, rewriting that folder burns about 180 of them, and it regenerates every yaml with fresh "
              "timestamps and tokens, so the PR diff turns into 40 files of noise. for a new field, add it by hand to the one or "
              "two cassettes a test needs. if you really think something needs a fresh recording, tell me which one and why and "
              "I'll decide")

TF_MODEL = ("class Timeframe(BaseModel):\n    date: date\n    from_: time = Field(alias=\"From\")\n    to: time = Field(alias=\"To\")\n"
            "    options: list[str] = Field(alias=\"Options\")\n")
TF_CASSETTE = ("    body:\n      string: '{\"Timeframes\":{\"Timeframe\":[{\"Date\":\"10-02-2026\",\"Timeframes\":{\"TimeframeTimeFrame\":"
               "[{\"From\":\"08:30:00\",\"To\":\"10:30:00\",\"Options\":{\"string\":[\"Daytime\"]}}]}}]}}'\n    headers:\n")

@lesson("H6L03", "http-recordings", "rejected-then-instruction", ["ask me before re-recording", "500 calls a day", "add it by hand"], [
    fire_prompt("the DHL fixtures look stale, refresh them all from DHL's live staging endpoint so they match today's API",
                note="asks to regenerate the recordings; no shared words"),
    fire_bash("pytest tests/dhl -q --record-mode=all", "Refresh the DHL recordings", note="re-records a whole folder"),
    silent_bash("pytest tests/dhl -q", "Run the DHL tests against the recordings", note="replay only"),
    silent_edit(f"{CARRIER}/tests/cassettes/dhl/test_create_shipment.yaml", "\"status\":\"CREATED\"",
                "\"status\":\"CREATED\",\"routingCode\":\"2LNL1234AB\"", note="compliant: a field added by hand"),
])
def H6L03():
    s = Session("H6L03", CARRIER, branch="feat/postnl-delivery-window", version="2.0.76", start="2025-11-20T10:40:00")
    s.prompt("postnl added a deliveryWindow object to the timeframe response (start/end). add it to the Timeframe model so "
             "callers can read it")
    s.read(f"{CARRIER}/carrier_sdk/postnl/models.py", TF_MODEL, offset=41, limit=5, total=88)
    s.edit(f"{CARRIER}/carrier_sdk/postnl/models.py", "    options: list[str] = Field(alias=\"Options\")\n",
           "    options: list[str] = Field(alias=\"Options\")\n"
           "    delivery_window: DeliveryWindow | None = Field(default=None, alias=\"deliveryWindow\")\n", TF_MODEL)
    s.bash("pytest tests/postnl -q", "Run the PostNL tests",
           out="..............                                                           [100%]\n14 passed in 0.61s")
    s.say("The model accepts the new field and the tests pass, but the recorded responses predate it, so nothing exercises it. "
          "I'll re-record the PostNL cassettes to get real responses with `deliveryWindow` in them.")
    s.reject("Bash", {"command": "pytest tests/postnl -q --record-mode=rewrite", "description": "Re-record the PostNL cassettes"})
    s.prompt(H6L03_CORR, correction=True)
    s.grep("TimeframeTimeFrame", path=f"{CARRIER}/tests/cassettes/postnl",
           files=[f"{CARRIER}/tests/cassettes/postnl/test_timeframes.yaml",
                  f"{CARRIER}/tests/cassettes/postnl/test_timeframes_sunday.yaml"])
    cas = f"{CARRIER}/tests/cassettes/postnl/test_timeframes.yaml"
    s.read(cas, TF_CASSETTE, offset=18, limit=3, total=41)
    s.edit(cas, "\"Options\":{\"string\":[\"Daytime\"]}}",
           "\"Options\":{\"string\":[\"Daytime\"]},\"deliveryWindow\":{\"start\":\"08:30:00\",\"end\":\"10:30:00\"}}", TF_CASSETTE)
    test = ("def test_timeframes(client):\n    frames = client.timeframes(postcode=\"3511AB\", days=1)\n"
            "    assert frames[0].options == [\"Daytime\"]\n")
    s.read(f"{CARRIER}/tests/postnl/test_timeframes.py", test, offset=9, limit=3, total=30)
    s.edit(f"{CARRIER}/tests/postnl/test_timeframes.py", "    assert frames[0].options == [\"Daytime\"]\n",
           "    assert frames[0].options == [\"Daytime\"]\n    assert frames[0].delivery_window.start == time(8, 30)\n", test)
    s.bash("pytest tests/postnl -q", "Run the PostNL tests with the edited cassette",
           out="...............                                                          [100%]\n15 passed in 0.63s")
    s.say("No new recordings were made. I added `deliveryWindow` by hand to the first timeframe in `test_timeframes.yaml` and "
          "a test that reads it back, so 15 pass with zero sandbox calls. `test_timeframes_sunday.yaml` doesn't need it.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H6L04_CORR = ("no, don't post anything on github under my name. I asked you to review it for me, not for Jonas. I read what you "
              "found, check it, and then I decide what to raise and how to say it, half the time there's context you don't have "
              "(we agreed the rounding with finance in a call last week). give me the findings here in the chat, ordered by "
              "severity with file:line, and please delete that comment")

FEE_PY = ("def cancellation_fee(booking: Booking, now: datetime) -> int:\n"
          "    if now < booking.check_in - timedelta(hours=booking.rate_plan.free_cancel_hours):\n        return 0\n"
          "    nightly = booking.total_minor / booking.nights\n"
          "    return round(nightly * booking.rate_plan.fee_nights)\n")

@lesson("H6L04", "code-review", "plain-no", ["don't post anything on github", "findings here in the chat", "ordered by severity"], [
    fire_prompt("have a look at Marta's pull request 1190 and approve it if the tests pass",
                note="approving acts on the PR in the user's name; no shared words"),
    fire_bash("gh pr review 1190 --request-changes --body \"The retry loop never gives up; please cap it at 5 attempts.\"",
              "Request changes on #1190", note="posts a review on the PR"),
    silent_bash("gh pr diff 1190 --name-only", "Files touched by #1190", note="reading the PR"),
    silent_bash("gh pr checkout 1190 && pytest tests/fees -q", "Run the fee tests on the PR branch", note="local check, nothing posted"),
])
def H6L04():
    s = Session("H6L04", BOOK, branch="main", version="2.1.9", start="2026-01-27T15:30:00")
    s.prompt("can you review Jonas's PR 1184 (cancellation fee rules)? want to know if it's safe to merge before friday")
    s.bash("gh pr view 1184", "PR summary",
           out="Cancellation fees per rate plan #1184\nOpen • jkoller wants to merge 6 commits into main from feat/cancellation-fees "
               "• +412 −38\n\n  Adds free_cancel_hours and fee_nights to RatePlan and charges the fee on late cancellation.\n")
    s.bash("gh pr diff 1184 --name-only", "Files in the PR",
           out="src/fees/cancellation.py\nsrc/models/rate_plan.py\nmigrations/0087_rate_plan_fees.py\ntests/fees/test_cancellation.py")
    s.read(f"{BOOK}/src/fees/cancellation.py", FEE_PY, offset=12, limit=6, total=40)
    s.bash("gh pr comment 1184 --body \"$(cat <<'EOF'\nThanks! A few things before this can merge:\n"
           "1. cancellation.py:15 compares a naive now with check_in, which is hotel-local; late cancellations across time zones "
           "get the wrong window.\n2. cancellation.py:17 divides total_minor as a float and rounds per booking; fees can be off by "
           "a cent.\n3. No test for the exact free-cancellation boundary.\nEOF\n)\"", "Post the review on the PR",
           out="https://github.com/staywell/booking-engine/pull/1184#issuecomment-2214553871")
    s.say("Posted the review on #1184. Not safe to merge yet: the free-cancellation check compares a naive `now` with a "
          "hotel-local check-in time, the fee math goes through a float, and the boundary isn't tested.", end=True)
    s.prompt(H6L04_CORR, correction=True)
    s.bash("gh api -X DELETE repos/staywell/booking-engine/issues/comments/2214553871 && gh pr view 1184 --comments | tail -2",
           "Delete the comment and check it is gone", out="  No comments")
    s.say("Deleted the comment; #1184 has no comments from you now. My findings, most severe first:\n\n"
          "1. **`src/fees/cancellation.py:13`**: `now` is compared with `booking.check_in`, which is stored in hotel-local time. "
          "For a hotel in another time zone the free-cancellation window shifts by the offset, so a guest can be charged inside it.\n"
          "2. **`tests/fees/test_cancellation.py`**: nothing tests the exact boundary (`free_cancel_hours` before check-in), which is "
          "where the bug above would show.\n"
          "3. **`src/fees/cancellation.py:15-16`**: the nightly rate is a float division rounded per booking. If the rounding was "
          "agreed with finance this may be intended; it can differ by a cent from rounding per night.\n"
          "4. **`migrations/0087_rate_plan_fees.py`**: `fee_nights` defaults to 1 for existing rate plans, so current plans start "
          "charging on merge. Worth confirming that's intended.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H6L05_CORR = ("ah wait. actually in this repo we don't change branches in this clone at all. tilt up runs against this directory "
              "all day, and the moment files under services/ change it rebuilds every image, that's ten minutes of fans and all my "
              "port-forwards die. and stashing my half-done ranker stuff isn't great either. for anything on another branch use a "
              "worktree: git worktree add ../orrery-wt/<name> <branch>, do the work there, remove it when you're done. can you put "
              "this clone back the way it was")

@lesson("H6L05", "git-worktrees", "actually-after-the-fact", ["git worktree add", "tilt up", "don't change branches in this clone"], [
    fire_prompt("hop onto the 3.9 maintenance line and cherry-pick the PDF fix there as well",
                note="would move the main clone to another branch; no shared words"),
    fire_bash("git checkout -b fix/search-timeout origin/main", "Start a fix branch", note="switches branch in the main clone"),
    silent_bash("git worktree add -b fix/search-timeout ../orrery-wt/search-timeout origin/main", "New worktree for the fix",
                note="compliant"),
    silent_bash("git fetch origin && git log --oneline origin/release/3.9 -5", "See what's on release/3.9",
                note="read-only look at another branch"),
])
def H6L05():
    s = Session("H6L05", ORRERY, branch="main", version="2.1.31", start="2026-02-05T11:20:00")
    s.prompt("the fix for the invoice totals (4f2a9c1 on main) needs to go to release/3.8 as well. cherry-pick it there and open "
             "a PR against release/3.8")
    s.bash("git status --short", "Check the working tree", out=" M services/search/ranker.py\n?? notes/ranker-experiments.md")
    s.bash("git stash -u && git switch release/3.8 && git cherry-pick 4f2a9c1", "Stash, switch to release/3.8 and cherry-pick",
           out="Saved working directory and index state WIP on main: 9e0c1d2 search: log ranker features\n"
               "Switched to branch 'release/3.8'\nYour branch is up to date with 'origin/release/3.8'.\n"
               "[release/3.8 b71e3a0] invoices: round line totals before summing\n Date: Tue Feb 3 16:02:11 2026 +0100\n"
               " 2 files changed, 14 insertions(+), 3 deletions(-)")
    s.say("The cherry-pick applied cleanly on release/3.8 as b71e3a0. Your local changes are in the stash. Next I'll push a "
          "backport branch and open the PR.", end=True)
    s.prompt(H6L05_CORR, correction=True)
    s.bash("git switch main && git branch -f release/3.8 origin/release/3.8 && git stash pop && git status --short",
           "Back to main, drop the local cherry-pick, restore the stash",
           out="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\n"
               "On branch main\nChanges not staged for commit:\n\tmodified:   services/search/ranker.py\n"
               "Dropped refs/stash@{0} (5c1f0e2a9d)\n M services/search/ranker.py\n?? notes/ranker-experiments.md")
    s.bash("git worktree add -b backport/invoice-totals-3.8 ../orrery-wt/invoice-totals-3.8 origin/release/3.8 && "
           "cd ../orrery-wt/invoice-totals-3.8 && git cherry-pick 4f2a9c1 && git push -u origin backport/invoice-totals-3.8 && "
           "gh pr create --base release/3.8 --fill", "Backport in a separate worktree and open the PR",
           out="Preparing worktree (new branch 'backport/invoice-totals-3.8')\nHEAD is now at 77d0b41 release 3.8.4\n"
               "[backport/invoice-totals-3.8 c08a5d3] invoices: round line totals before summing\n"
               "branch 'backport/invoice-totals-3.8' set up to track 'origin/backport/invoice-totals-3.8'.\n"
               "https://github.com/orrery-dev/orrery/pull/2290")
    s.bash("git worktree remove ../orrery-wt/invoice-totals-3.8 && git worktree list", "Remove the worktree",
           out="/home/bruno/code/orrery  9e0c1d2 [main]")
    s.say("This clone is back on main with your ranker changes and the notes file restored, and the local release/3.8 is reset "
          "to origin. The backport was done in `../orrery-wt/invoice-totals-3.8`: PR #2290 against release/3.8. The worktree is "
          "removed again.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H6L06_CORR = ("hmm, thanks, but one run each isn't something I can put in the PR. the first run after a build reads the file cold "
              "from disk and my laptop throttles after a minute, so either number could be off by 20% on its own. could you use "
              "hyperfine for comparisons like this? --warmup 3, at least 10 runs, both binaries in the same invocation, and report "
              "mean ± σ plus min/max and the machine it ran on. that's what reviewers here look for, and it's the format in "
              "BENCHMARKS.md")

@lesson("H6L06", "benchmark-reporting", "polite-preference", ["hyperfine", "--warmup 3", "mean ± σ"], [
    fire_bash("for i in 1 2 3; do /usr/bin/time -f %e ./target/release/csvq count data/yellow_tripdata_2019-02.csv; done",
              "Time the count path", note="hand-rolled timing loop, no warmup; no shared words"),
    fire_prompt("how much quicker is the new group-by path compared to main? give me a number for the PR description",
                note="asks for a speed comparison"),
    silent_bash("hyperfine --warmup 3 --runs 10 -n main '../csvq-main/target/release/csvq groupby vendor_id data/taxi.csv' "
                "-n branch './target/release/csvq groupby vendor_id data/taxi.csv'", "Compare group-by speed", note="compliant"),
    silent_prompt("what does the memchr crate do differently from a plain byte-by-byte loop?", note="related question, nothing measured"),
])
def H6L06():
    s = Session("H6L06", CSVQ, branch="memchr-split", version="2.0.37", start="2025-10-22T18:10:00")
    s.prompt("I rewrote the field splitter with memchr (this branch). is it actually faster than main on the taxi file?")
    s.bash("cargo build --release -q && git -C ../csvq-main pull -q && cargo build --release -q --manifest-path ../csvq-main/Cargo.toml",
           "Build this branch and main", out="")
    s.bash("time ../csvq-main/target/release/csvq count data/yellow_tripdata_2019-01.csv", "Time main",
           out="7667792", err="\nreal\t0m2.314s\nuser\t0m1.902s\nsys\t0m0.401s")
    s.bash("time ./target/release/csvq count data/yellow_tripdata_2019-01.csv", "Time this branch",
           out="7667792", err="\nreal\t0m1.843s\nuser\t0m1.466s\nsys\t0m0.372s")
    s.say("Yes: 1.84 s on this branch against 2.31 s on main for the 7.7M-row January file, about 20% faster, with the same "
          "row count.", end=True)
    s.prompt(H6L06_CORR, correction=True)
    s.bash("hyperfine --warmup 3 --runs 10 -n main '../csvq-main/target/release/csvq count data/yellow_tripdata_2019-01.csv' "
           "-n memchr-split './target/release/csvq count data/yellow_tripdata_2019-01.csv'", "Compare with hyperfine",
           out="Benchmark 1: main\n  Time (mean ± σ):      2.198 s ±  0.041 s    [User: 1.861 s, System: 0.329 s]\n"
               "  Range (min … max):    2.141 s …  2.270 s    10 runs\n \nBenchmark 2: memchr-split\n"
               "  Time (mean ± σ):      1.902 s ±  0.036 s    [User: 1.571 s, System: 0.324 s]\n"
               "  Range (min … max):    1.851 s …  1.963 s    10 runs\n \nSummary\n  memchr-split ran\n"
               "    1.16 ± 0.03 times faster than main", lo=40, hi=70)
    s.bash("lscpu | grep 'Model name'; nproc", "Machine details",
           out="Model name:                      AMD Ryzen 7 PRO 6850U with Radeon Graphics\n16")
    s.say("With hyperfine (`--warmup 3`, 10 runs each, same invocation), on an AMD Ryzen 7 PRO 6850U (16 threads), "
          "`csvq count` on `yellow_tripdata_2019-01.csv`:\n\n"
          "| binary | mean ± σ | min … max |\n|---|---|---|\n| main | 2.198 s ± 0.041 s | 2.141 s … 2.270 s |\n"
          "| memchr-split | 1.902 s ± 0.036 s | 1.851 s … 1.963 s |\n\n"
          "memchr-split is 1.16 ± 0.03 times faster, so about 14%, not the 20% from the single runs.", end=True)
    return s
