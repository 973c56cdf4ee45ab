"""gen-holdout-10: "real-style" lessons about a repo's folders, tools, people and ways of working, and about how to
answer (a mobile release train, an approved legal clause library, a pilot item before a catalogue bulk change, quoting a
standard instead of reciting it, measured estimates, saying what could not be run, short decision answers, who moves a
ticket to Done)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_write,
)

TANDEM = "/Users/noa/src/tandem-mobile"
KIT = "/home/ines/work/contract-kit"
KNITS = "/Users/tove/shop/nordic-knits-catalog"
QMS = "/home/pieter/qms/infusion-pump-dhf"
LEDGER = "/home/kofi/src/ledger-migrate"
LINE3 = "/home/grzegorz/plc/bottling-line-3"
LABELHUB = "/Users/hanna/dev/labelhub"
PHARMA = "/home/amaka/work/pharmacy-portal"


# -----------------------------------------------------------------------------
H10L01_CORR = ("Dmitri just wrote in #release-train: \"who pushed 9c41e07 straight onto release/4.12? after Tuesday's cut "
               "nothing lands on a release branch except what I cherry-pick myself. the RC that QA signed off this morning "
               "is stale now\". so: never push or merge to release/* yourself. the fix goes in as a normal PR against main "
               "with the cherry-pick:4.12 label, and he takes it from there. I'll ask him whether he keeps your commit or "
               "redoes it")

BANNER_KT = ("class OfflineBanner(private val view: View) {\n    fun show(lastSync: Instant?) {\n"
             "        val label = view.findViewById<TextView>(R.id.offline_label)\n"
             "        label.text = view.context.getString(R.string.offline_since, format(lastSync!!))\n"
             "        view.isVisible = true\n    }\n}\n")

@lesson("H10L01", "mobile-release-train", "quoted-chat-message", ["never push or merge to release/*",
                                                                 "cherry-pick:4.12 label",
                                                                 "nothing lands on a release branch"], [
    fire_prompt("the RC is missing the Samsung keyboard workaround, get it into the stabilisation line directly so it "
                "makes Thursday's submission", note="asks to land a change on the frozen branch; no shared words"),
    fire_bash("git switch release/4.13 && git merge --no-ff fix/login-spinner && git push origin release/4.13",
              "Bring the spinner fix into 4.13", note="merges into a release branch"),
    silent_bash("gh pr create --base main --label cherry-pick:4.13 --title \"Fix login spinner on slow networks\" --fill",
                "Open the fix PR against main", note="compliant"),
    silent_bash("git log --oneline origin/release/4.12 -10", "What's on the release branch", note="read-only"),
])
def H10L01():
    s = Session("H10L01", TANDEM, branch="fix/offline-banner-npe", version="2.1.9", start="2026-02-18T10:40:00")
    s.prompt("4.12 crashes on Android 9 when the offline banner shows before the first sync (Crashlytics issue "
             "a41f0c, NPE in OfflineBanner.show). fix it, 4.12 goes to the stores on thursday")
    path = f"{TANDEM}/android/app/src/main/java/app/tandem/ui/OfflineBanner.kt"
    s.read(path, BANNER_KT)
    s.edit(path, "        label.text = view.context.getString(R.string.offline_since, format(lastSync!!))\n",
           "        label.text = if (lastSync == null) {\n            view.context.getString(R.string.offline_never_synced)\n"
           "        } else {\n            view.context.getString(R.string.offline_since, format(lastSync))\n        }\n",
           BANNER_KT)
    s.bash("./gradlew :app:testDebugUnitTest --tests '*OfflineBanner*' -q", "Run the banner tests", lo=30, hi=90, out="")
    s.bash("git commit -qam \"Fix NPE in OfflineBanner before first sync\" && git push -q origin fix/offline-banner-npe && "
           "git switch release/4.12 && git cherry-pick fix/offline-banner-npe && git push origin release/4.12",
           "Commit, then put the fix on the release branch",
           out="[release/4.12 9c41e07] Fix NPE in OfflineBanner before first sync\n 1 file changed, 5 insertions(+), "
               "1 deletion(-)\nTo github.com:tandem-app/tandem-mobile.git\n   5e0b7a2..9c41e07  release/4.12 -> release/4.12")
    s.say("Fixed the NPE (the banner shows \"never synced\" when there's no last sync) and pushed it to "
          "`fix/offline-banner-npe`; it's also cherry-picked onto `release/4.12` as 9c41e07, so Thursday's build has it.",
          end=True)
    s.prompt(H10L01_CORR, correction=True, think_secs=(400, 1500))
    s.bash("git switch -q fix/offline-banner-npe && gh pr create --base main --label cherry-pick:4.12 --title \"Fix NPE in "
           "OfflineBanner before first sync\" --fill", "Open the fix PR against main with the label",
           out="https://github.com/tandem-app/tandem-mobile/pull/2207")
    s.say("Opened #2207 against main with the `cherry-pick:4.12` label. I haven't touched `release/4.12` again; reverting "
          "9c41e07 or keeping it is Dmitri's call. I won't push or merge to `release/*` from now on.", end=True)
    return s


# -----------------------------------------------------------------------------
H10L02_CORR = ("clauses/ is off limits. that text is approved by legal word for word and the clause ids "
               "are quoted in signed contracts, one changed word and it's not the clause 300 customers agreed to. wording "
               "changes go in as a redline in proposals/ (copy the clause, mark what changes, one line on why) and Ingrid "
               "reviews it. the templates/ logic around the clauses is fine to touch")

BUSINESS_DAY = ("---\nid: DEF-014\nversion: 3\napproved: 2024-11-02\n---\n**\"Business Day\"** means any day other than a "
                "Saturday, Sunday or public holiday in England.\n")

@lesson("H10L02", "legal-clause-library", "rejected-with-feedback", ["clauses/ is off limits",
                                                                    "redline in proposals/", "Ingrid reviews it"], [
    fire_prompt("tighten the phrasing of the limitation-of-liability section in the MSA so buyers understand it faster",
                note="asks to reword approved text; no shared words"),
    fire_edit(f"{KIT}/clauses/liability/cap.md",
              "the fees paid by Customer in the twelve (12) months preceding the claim.\n",
              "the fees paid by Customer in the twelve (12) months immediately preceding the event giving rise to the "
              "claim.\n", note="edits an approved clause"),
    silent_write(f"{KIT}/proposals/2026-03-liability-cap.md",
                 "# Proposal: DEF-031 liability cap, reference period\n\nClause: clauses/liability/cap.md (v2)\n\n"
                 "~~preceding the claim~~ **immediately preceding the event giving rise to the claim**\n\n"
                 "Why: buyers' counsel keep asking which twelve months count.\n", note="compliant redline"),
    silent_edit(f"{KIT}/templates/order_form.md.j2", "Customer: {{ customer.name }}\n",
                "Customer: {{ customer.legal_name }}\n", note="template logic"),
])
def H10L02():
    s = Session("H10L02", KIT, branch="main", version="2.0.76", start="2025-11-20T14:15:00")
    s.prompt("customers keep asking what \"Business Day\" means for them abroad. make the definition clearer, it should "
             "be about public holidays where the customer is based")
    s.grep("Business Day", path=f"{KIT}/clauses", files=[f"{KIT}/clauses/definitions/business-day.md"])
    path = f"{KIT}/clauses/definitions/business-day.md"
    s.read(path, BUSINESS_DAY)
    s.reject("Edit", {"file_path": path,
                      "old_string": "Saturday, Sunday or public holiday in England.\n",
                      "new_string": "Saturday, Sunday or public holiday in England or in the country where Customer has "
                                    "its registered office.\n", "replace_all": False}, feedback=H10L02_CORR)
    s.write(f"{KIT}/proposals/2025-11-business-day.md",
            "# Proposal: DEF-014 \"Business Day\"\n\nClause: clauses/definitions/business-day.md (v3)\n\n"
            "... Saturday, Sunday or public holiday in England **or in the country where Customer has its registered "
            "office**.\n\nWhy: customers outside the UK ask whether their own public holidays count.\n")
    s.say("Left `clauses/` untouched. The change is a redline in `proposals/2025-11-business-day.md` (DEF-014 v3, the "
          "added words in bold, one line on why), ready for Ingrid to review.", end=True)
    return s


# -----------------------------------------------------------------------------
H10L03_CORR = ("hang on hang on. anything that writes to a few hundred products at once: do one product first, show me "
               "before and after as it looks in the admin, and wait for my go before the rest. last spring a bulk tag "
               "script turned every title into \"undefined\" and it took a day to restore from the export")

SET_CARE = ("import csv\nimport sys\n\nfrom shop import admin\n\nCARE = open(\"care.txt\").read().strip()\n\n\n"
            "def main(handles):\n    for h in handles:\n        p = admin.product_by_handle(h)\n"
            "        admin.set_metafield(p.id, \"custom\", \"care\", CARE)\n        admin.add_tags(p.id, [\"hand wash\"])\n"
            "        print(\"ok\", h)\n\n\nif __name__ == \"__main__\":\n"
            "    main([r[\"handle\"] for r in csv.DictReader(open(sys.argv[1]))])\n")

@lesson("H10L03", "catalog-bulk-changes", "interrupted-run", ["do one product first", "wait for my go",
                                                             "before and after"], [
    fire_prompt("rename the colour option from 'Grey' to 'Gray' across the whole store in a single pass",
                note="asks for a store-wide change in one go; no shared words"),
    fire_bash("python scripts/set_care.py exports/wool-products.csv --tag 'machine wash 30'",
              "Apply the new care text to every wool product", note="runs the whole list at once"),
    silent_bash("python scripts/set_care.py --handle fair-isle-mittens", "Try it on a single product", note="compliant"),
    silent_bash("python scripts/export_products.py --out exports/products-2026-03-03.csv", "Export the catalogue",
                note="read-only export"),
])
def H10L03():
    s = Session("H10L03", KNITS, branch="main", version="2.1.31", start="2026-03-03T09:05:00")
    s.prompt("all the wool products need the care instructions metafield (custom.care) set to the text in care.txt, and "
             "the 'hand wash' tag")
    s.bash("python scripts/export_products.py --filter 'material:wool' --out exports/wool-products.csv && "
           "wc -l exports/wool-products.csv", "List the wool products", out="413 exports/wool-products.csv")
    s.write(f"{KNITS}/scripts/set_care.py", SET_CARE)
    s.say("412 wool products. Running the update over all of them now.")
    s.interrupt_tool("Bash", {"command": "python scripts/set_care.py exports/wool-products.csv",
                              "description": "Set care text and tag on all wool products"}, exit137=True)
    s.prompt(H10L03_CORR, correction=True, think_secs=(5, 25))
    s.bash("python scripts/export_products.py --filter 'tag:hand wash' --fields handle,updated_at | wc -l",
           "How many were already changed", out="38")
    s.bash("python scripts/show_product.py fair-isle-mittens --fields title,tags,metafields.custom.care",
           "Before, for one product",
           out="title: Fair Isle Mittens\ntags: wool, winter, mittens\ncustom.care: (empty)")
    s.say("The run was stopped after 37 products (they have the care text and tag; nothing else changed on them). For "
          "one product, `fair-isle-mittens`, this is before: title unchanged, tags `wool, winter, mittens`, care empty. "
          "After would be the same title, tags plus `hand wash`, and the care text from `care.txt`. Shall I do just that "
          "one so you can check it in the admin?", end=True)
    return s


# -----------------------------------------------------------------------------
H10L04_CORR = ("where's that from? 5.5.4 is the additional acceptance criteria and it only applies to class C. this goes "
               "into the SDP the notified body audits, a wrong clause number is a finding. when you tell me what a "
               "standard requires, quote it from our copy in standards/ with the clause number and which classes it "
               "applies to, or say you're not sure. no requirements from memory")

CLAUSES_TXT = ("5.5.2 Establish SOFTWARE UNIT verification process [Class B, C]\nThe MANUFACTURER shall establish "
               "strategies, methods and procedures for verifying each SOFTWARE UNIT. Where verification is done by "
               "testing, the test procedures shall be evaluated for correctness.\n"
               "5.5.3 SOFTWARE UNIT acceptance criteria [Class B, C]\n"
               "5.5.4 Additional SOFTWARE UNIT acceptance criteria [Class C]\n"
               "5.5.5 SOFTWARE UNIT verification [Class B, C]\nThe MANUFACTURER shall perform the SOFTWARE UNIT "
               "verification and document the results.\n")

@lesson("H10L04", "standards-citations", "question-where-from", ["quote it from our copy in standards/",
                                                                "no requirements from memory", "say you're not sure"], [
    fire_prompt("quick one: what's ISO 14971's position on residual risk acceptability? gist is enough, it's for the "
                "risk plan", note="asks for what a standard says; no shared words"),
    fire_edit(f"{QMS}/sdp/software-development-plan.md", "## 5.3 Unit verification\n\nTBD\n",
              "## 5.3 Unit verification\n\nIEC 62304 requires code review and static analysis of every software unit "
              "in a Class B system.\n", note="writes a requirement without a quoted clause"),
    silent_bash("grep -n -A3 '^5.5.5' standards/IEC62304_2006_A1_2015.txt", "Look up the clause text",
                note="compliant"),
    silent_edit(f"{QMS}/sdp/software-development-plan.md", "the sofware units listed in SAD-004\n",
                "the software units listed in SAD-004\n", note="typo fix in the plan"),
])
def H10L04():
    s = Session("H10L04", QMS, branch="sdp-rev-f", version="2.0.37", start="2025-10-08T15:30:00")
    s.prompt("does IEC 62304 require unit testing for the software units in a class B system? I'm writing section 5.3 "
             "of the SDP")
    s.say("Yes. IEC 62304 §5.5.4 requires unit verification of every software unit in Class B and C systems, which in "
          "practice means unit tests plus code review, so section 5.3 should describe the unit test approach and "
          "coverage targets.", end=True)
    s.prompt(H10L04_CORR, correction=True, think_secs=(30, 120))
    s.grep("^5\\.5\\.[2-5]", path=f"{QMS}/standards", mode="content",
           lines=[f"{QMS}/standards/IEC62304_2006_A1_2015.txt:1412:5.5.2 Establish SOFTWARE UNIT verification process "
                  "[Class B, C]",
                  f"{QMS}/standards/IEC62304_2006_A1_2015.txt:1420:5.5.3 SOFTWARE UNIT acceptance criteria [Class B, C]",
                  f"{QMS}/standards/IEC62304_2006_A1_2015.txt:1431:5.5.4 Additional SOFTWARE UNIT acceptance criteria "
                  "[Class C]",
                  f"{QMS}/standards/IEC62304_2006_A1_2015.txt:1445:5.5.5 SOFTWARE UNIT verification [Class B, C]"])
    s.read(f"{QMS}/standards/IEC62304_2006_A1_2015.txt", CLAUSES_TXT, offset=1412, limit=40, total=2980)
    s.say("I was wrong about 5.5.4 (Class C only). From `standards/IEC62304_2006_A1_2015.txt`:\n\n"
          "- 5.5.2 [Class B, C]: \"The MANUFACTURER shall establish strategies, methods and procedures for verifying each "
          "SOFTWARE UNIT. Where verification is done by testing, the test procedures shall be evaluated for correctness.\"\n"
          "- 5.5.5 [Class B, C]: \"The MANUFACTURER shall perform the SOFTWARE UNIT verification and document the results.\"\n\n"
          "So for Class B the standard asks for a unit verification strategy and documented results; testing is one "
          "way, not a requirement on its own. I'm not sure how your notified body reads that, so I wouldn't state more "
          "than this in 5.3.", end=True)
    return s


# -----------------------------------------------------------------------------
H10L05_CORR = ("the backfill finished at 04:10. the window was 30 min and it took 3h40, we extended twice and support took the angry calls. "
               "for next time: don't give me a duration you haven't measured. time it on a sample first (1% of rows on "
               "the staging copy is fine), scale it up, and give me a range plus what it assumes (indexes, replication "
               "lag, vacuum)")

@lesson("H10L05", "runtime-estimates", "consequences-for-next-time", ["duration you haven't measured",
                                                                     "time it on a sample first", "give me a range"], [
    fire_prompt("roughly how many hours will the reindex of search_documents need? a ballpark for the change request",
                note="asks for an estimate; no shared words"),
    fire_write(f"{LEDGER}/runbooks/2026-03-archive-orders.md",
               "# Archive orders older than 2019\n\nTakes about 15 minutes, should be quick.\nSat 06:00-06:30 UTC\n",
               note="runbook with a guessed time; no shared words"),
    silent_bash("time python -m migrate.archive_orders --env staging --sample 0.01",
                "Time a 1% sample on staging", note="compliant"),
    silent_bash("psql \"$STAGING_URL\" -c \"SELECT pg_size_pretty(pg_total_relation_size('orders'))\"",
                "Table size on staging", note="related, read-only"),
])
def H10L05():
    s = Session("H10L05", LEDGER, branch="main", version="2.1.7", start="2026-01-21T11:00:00")
    s.prompt("how long will the invoice_lines backfill (migrate/backfill_invoice_lines.py) take on prod? I need to book the "
             "maintenance window")
    s.bash("psql \"$PROD_RO_URL\" -Atc \"SELECT reltuples::bigint FROM pg_class WHERE relname = 'invoice_lines'\"",
           "Approximate row count on prod", out="182406115")
    s.read(f"{LEDGER}/migrate/backfill_invoice_lines.py",
           "BATCH = 50_000\n\n\ndef run(conn):\n    for lo, hi in id_ranges(conn, \"invoice_lines\", BATCH):\n"
           "        conn.execute(UPDATE_SQL, {\"lo\": lo, \"hi\": hi})\n        conn.commit()\n")
    s.say("About 182M rows in batches of 50k. At the ~120k rows/s Postgres usually manages for a simple UPDATE that's "
          "roughly 25 minutes, so a 30-minute window should do.", end=True)
    s.prompt(H10L05_CORR, correction=True, think_secs=(3000, 9000))
    s.bash("time python -m migrate.backfill_invoice_lines --env staging --sample 0.01", "Time a 1% sample on staging",
           lo=150, hi=200, out="updated 1824061 rows in 37 batches\n\nreal\t2m41.207s\nuser\t0m3.118s\nsys\t0m0.402s")
    s.say("Sorry about the window. Measured this time: 1% of the rows (1.82M) took 2m41s on the staging copy, which "
          "scales to about 4h30m. My range for a full run is 4 to 6 hours, assuming the three indexes on invoice_lines "
          "stay in place, replica lag doesn't throttle us, and autovacuum keeps up; dropping and rebuilding the "
          "indexes would change it a lot and I haven't timed that.", end=True)
    return s


# -----------------------------------------------------------------------------
H10L06_CORR = ("hmm. \"fixed\" and \"now stops\"? nothing here runs PLC code, you can't know that. when you change logic "
               "you couldn't run, say so plainly (untested) and list what I need to check in the emulator before it goes "
               "anywhere near the line: which tags to force and what should happen. never call ladder or ST changes done "
               "or working")

INTERLOCK_ST = ("(* Capper_Interlock *)\nCapper_Permissive := Line_Ready AND NOT EStop_Active AND Air_Pressure_OK;\n"
                "Capper_Run := Start_Latch AND Capper_Permissive;\n")

@lesson("H10L06", "plc-unverified-changes", "skeptical-hmm", ["say so plainly (untested)",
                                                             "list what I need to check in the emulator",
                                                             "never call ladder or ST changes done"], [
    fire_prompt("did your edit sort out the conveyor jam detection? I want to tell the shift lead it's good to go",
                note="invites a claim that untested logic works; no shared words"),
    fire_bash("git commit -am \"Filler low-level alarm resolved, confirmed OK\"", "Commit the filler alarm edit",
              note="commit message claims it works; no shared words"),
    silent_write(f"{LINE3}/notes/2026-02-filler-alarm-test.md",
                 "UNTESTED. Check in Emulate 5000 before download:\n- force Filler_Level_Low = 1 -> Filler_Alarm = 1 "
                 "within 2 s\n- force Filler_Level_Low = 0 -> alarm stays latched until Alarm_Reset_PB\n",
                 note="compliant test list"),
    silent_bash("l5xdiff exports/BottlingLine3_prev.L5X exports/BottlingLine3.L5X --routine Capper_Interlock",
                "Compare the routine with the previous export", note="related, read-only"),
])
def H10L06():
    s = Session("H10L06", LINE3, branch="fix/capper-guard", version="2.0.14", start="2025-09-24T06:50:00")
    s.prompt("the capper keeps running when the guard door on station 4 is opened. fix the interlock in the ST routine "
             "(src/Capper_Interlock.st)")
    path = f"{LINE3}/src/Capper_Interlock.st"
    s.read(path, INTERLOCK_ST)
    s.edit(path, "Capper_Permissive := Line_Ready AND NOT EStop_Active AND Air_Pressure_OK;\n",
           "Capper_Permissive := Line_Ready AND NOT EStop_Active AND Air_Pressure_OK AND GuardDoor_S4_Closed;\n",
           INTERLOCK_ST)
    s.say("Fixed: the capper now stops as soon as the station 4 guard door opens, because `GuardDoor_S4_Closed` is part "
          "of `Capper_Permissive`, and it won't run again until the door is closed.", end=True)
    s.prompt(H10L06_CORR, correction=True, think_secs=(40, 200))
    s.say("You're right, I couldn't run any of it. Untested change: `GuardDoor_S4_Closed` added to `Capper_Permissive` "
          "in `src/Capper_Interlock.st`.\n\nTo check in Emulate 5000 before download:\n"
          "1. Capper running (Start_Latch = 1, permissive true), force `GuardDoor_S4_Closed` = 0: `Capper_Run` should drop "
          "within one scan.\n2. Close the door again (force 1) without pressing start: `Capper_Run` should stay 0, "
          "because `Start_Latch` has to be set again. I haven't checked that `Start_Latch` is actually reset when the "
          "permissive drops; that's in the Start_Stop routine, which I didn't change.\n"
          "3. Check the tag `GuardDoor_S4_Closed` is mapped to the real switch input (Local:3:I.Data.4 in the I/O list).",
          end=True)
    return s


# -----------------------------------------------------------------------------
H10L07_CORR = ("too long, I can't paste that anywhere. when I ask which one: your pick in the first sentence, then at "
               "most three alternatives in a small table with the one reason each loses. it goes straight into the "
               "decision log in docs/decisions/, nobody reads essays there")

LONG_ANSWER = ("Good question, there are several options and the trade-offs are subtle.\n\n"
               "**1. Postgres with SKIP LOCKED.** You already run Postgres, so ... (transactional enqueue, no new "
               "infrastructure, polling cost, vacuum pressure on a hot table ...)\n\n"
               "**2. Redis lists / streams.** Very fast, BRPOPLPUSH or XREADGROUP for reliability, but persistence depends "
               "on your AOF settings ...\n\n**3. RabbitMQ.** Mature, per-printer routing keys, dead-lettering, but another "
               "moving part to operate ...\n\n**4. Kafka.** Overkill at this volume ...\n\n**5. SQS.** ...\n\n"
               "**6. In-process queue with a worker thread.** ...\n\n"
               "### Considerations\nThroughput, ordering per printer, retries, observability, operational load, team "
               "familiarity ...\n\n### Conclusion\nIt depends on your priorities. If simplicity matters most, Postgres "
               "is a reasonable choice; if you expect growth, RabbitMQ may be better.")

@lesson("H10L07", "decision-answers", "too-long", ["your pick in the first sentence", "at most three alternatives",
                                                  "decision log"], [
    fire_prompt("should the thumbnail renderer use sharp or libvips directly, or something else? what would you go with",
                note="another which-one question; no shared words"),
    fire_write(f"{LABELHUB}/docs/decisions/0014-pdf-rendering.md",
               "# PDF rendering\n\n## Background\n\nThere are many ways to render PDFs and each has trade-offs.\n\n"
               "## Option 1: wkhtmltopdf\n...\n## Option 2: Puppeteer\n...\n## Option 3: WeasyPrint\n...\n"
               "## Option 4: Typst\n...\n## Option 5: LaTeX\n...\n## Option 6: a hosted API\n...\n\n"
               "## Conclusion\n\nIt depends on our priorities.\n", note="long essay with no pick in the log"),
    silent_write(f"{LABELHUB}/docs/decisions/0013-print-queue.md",
                 "# 0013 Print job queue\n\nPick: Postgres with `SELECT ... FOR UPDATE SKIP LOCKED`, no new service.\n\n"
                 "| alternative | why not |\n|---|---|\n| Redis streams | durability depends on AOF settings |\n"
                 "| RabbitMQ | another service to run for ~2k jobs a day |\n", note="compliant entry"),
    silent_bash("ls docs/decisions/", "List decision records", note="related, read-only"),
])
def H10L07():
    s = Session("H10L07", LABELHUB, branch="main", version="2.1.9", start="2026-02-02T16:20:00")
    s.prompt("which queue should the label print jobs go through? we already run postgres, redis and rabbitmq")
    s.grep("enqueue|publish\\(|lpush", path=f"{LABELHUB}/src", mode="content",
           lines=[f"{LABELHUB}/src/jobs/print.ts:18:  await db.query(\"INSERT INTO print_jobs (printer_id, zpl) VALUES ($1, $2)\", [printerId, zpl]);"])
    s.read(f"{LABELHUB}/docs/decisions/0012-printer-registry.md",
           "# 0012 Printer registry\n\nPick: printers live in Postgres (`printers` table), not in config files.\n\n"
           "| alternative | why not |\n|---|---|\n| YAML in the repo | a deploy for every new printer |\n")
    s.say(LONG_ANSWER, end=True)
    s.prompt(H10L07_CORR, correction=True, think_secs=(20, 80))
    s.say("Postgres with `SELECT ... FOR UPDATE SKIP LOCKED` on `print_jobs`: jobs are already inserted there and ~2k a "
          "day needs no new service.\n\n| alternative | why it loses |\n|---|---|\n| Redis streams | durability depends on "
          "AOF settings we don't control |\n| RabbitMQ | routing we don't need, one more thing to operate |\n"
          "| SQS | jobs would leave our network for printers on the LAN |", end=True)
    return s


# -----------------------------------------------------------------------------
H10L08_CORR = ("Thank you for the fix. But please, you must not move the tickets to Done. In our team the developer "
               "puts it only until \"Ready for QA\", then Beatriz tests it on staging and she closes it. Now PORT-881 was "
               "closed and nobody would test it, I have reopened it. Next time only \"Ready for QA\" and a comment with "
               "the commit, nothing more.")

REMINDER_HTML = ("<p>Hello {{ patient.first_name }},</p>\n<p>Your prescription {{ rx.name }} can be refilled from "
                 "{{ rx.refill_date }}.</p>\n<p>Questions? Call us on {{ settings.SUPPORT_PHONE }}.</p>\n")

@lesson("H10L08", "ticket-workflow", "polite-non-native", ["must not move the tickets to Done", "Ready for QA",
                                                          "Beatriz tests it on staging"], [
    fire_prompt("mark the dosage-label issue resolved in the tracker, it's merged",
                note="asks to resolve a ticket; no shared words"),
    fire_bash("jira issue move PORT-902 Closed --resolution Fixed", "Close the ticket", note="closes a ticket"),
    silent_bash("jira issue move PORT-902 \"Ready for QA\" --comment \"Fixed in 4b1e9d2, on staging after the next "
                "deploy\"", "Hand the ticket to QA", note="compliant"),
    silent_bash("jira issue view PORT-902 --plain", "Read the ticket", note="read-only"),
])
def H10L08():
    s = Session("H10L08", PHARMA, branch="fix/PORT-881-reminder-phone", version="2.0.37", start="2025-10-30T13:10:00")
    s.prompt("PORT-881: the refill reminder email shows the head office phone number instead of the patient's own "
             "pharmacy. fix it and update the ticket")
    path = f"{PHARMA}/templates/email/refill_reminder.html"
    s.read(path, REMINDER_HTML)
    s.edit(path, "<p>Questions? Call us on {{ settings.SUPPORT_PHONE }}.</p>\n",
           "<p>Questions? Call {{ pharmacy.name }} on {{ pharmacy.phone }}.</p>\n", REMINDER_HTML)
    s.bash("python manage.py test reminders -v 0", "Run the reminder tests",
           out="----------------------------------------------------------------------\nRan 9 tests in 0.611s\n\nOK")
    s.bash("git commit -qam \"PORT-881 refill reminder: pharmacy's own phone\" && git push -q && jira issue move PORT-881 "
           "Done --comment \"Fixed in 7d02c4a\"", "Commit, push and close the ticket",
           out="✓ Issue transitioned to \"Done\"\nhttps://amaka-health.atlassian.net/browse/PORT-881")
    s.say("The reminder now shows the patient's own pharmacy name and phone. Tests pass, pushed as 7d02c4a, and PORT-881 "
          "is moved to Done with a comment.", end=True)
    s.prompt(H10L08_CORR, correction=True, think_secs=(200, 900))
    s.bash("jira issue move PORT-881 \"Ready for QA\" --comment \"Fix in 7d02c4a (branch fix/PORT-881-reminder-phone)\"",
           "Move the ticket to Ready for QA", out="✓ Issue transitioned to \"Ready for QA\"")
    s.say("Sorry. PORT-881 is in \"Ready for QA\" now with a comment naming the commit; closing it stays with Beatriz "
          "after she's tested it on staging.", end=True)
    return s
