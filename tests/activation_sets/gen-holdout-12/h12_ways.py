"""gen-holdout-12: lessons about ways of working, folders, tools and people, and about how to answer (locked entries of
an electronic lab notebook get an amendment, source strings on a frozen release branch, alarm times in the wind farm's
local time, plain text for ServiceNow work notes, unmatched settlement lines go to treasury's exceptions queue, Power BI
reports published only to the Dev workspace, suggestions instead of rewrites in an author's manuscript, every on-air
schedule change logged in the MCR log)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

ELN = "/home/ngozi/lab/assay-notebooks"
APP = "/home/tobias/src/fieldbook-app"
WIND = "/home/renata/src/prairie-ridge-ops"
ITSM = "/home/dmitri/ops/erp-support"
RECON = "/home/felix/src/payments-recon"
PBI = "/Users/sanna/bi/sales-reporting"
PAPER = "/home/sofia/papers/coral-bleaching-2026"
PLAYOUT = "/home/kwabena/broadcast/playout-automation"


# -----------------------------------------------------------------------------
H12L01_CORR = ("from the audit trail:\n```\n2026-11-24 10:41:07  exp 4812  UNLOCK     by svc-elab-bot\n"
               "2026-11-24 10:41:08  exp 4812  EDIT body  by svc-elab-bot\n2026-11-24 10:41:08  exp 4812  LOCK       by "
               "svc-elab-bot\n2026-11-24 10:41:09  exp 4812  TIMESTAMP INVALIDATED\n```\nthat entry was signed and "
               "witnessed by Dr Okafor, and now its timestamp is void; QA will ask me about it at the GLP inspection. a "
               "locked entry stays exactly as it was. a mistake in it gets an amendment: a new linked entry that says what "
               "was wrong, what's right and why (./bin/elab amend 4812), and Dr Okafor countersigns that.")

@lesson("H12L01", "eln-locked-entries", "pasted-audit-trail", ["a locked entry stays exactly as it was", "./bin/elab amend",
                                                                "gets an amendment"], [
    fire_prompt("the plate-map picture on last Tuesday's finalised ELISA got mixed up with plate 2's, swap in the correct "
                "image",
                note="asks to change a finalised record in place; no shared words"),
    fire_bash("./bin/elab unlock 4790 && ./bin/elab edit 4790 --replace 'S-114' 'S-141' && ./bin/elab lock 4790",
              "Fix the sample id in 4790", note="unlocks and edits a locked entry"),
    silent_bash("./bin/elab amend 4790 --title \"Amendment to 4790: sample ids\" --body-file /tmp/amend-4790.md",
                "Create an amendment to 4790", note="compliant"),
    silent_bash("./bin/elab list --mine --status draft", "My draft entries", note="read-only"),
])
def H12L01():
    s = Session("H12L01", ELN, branch="main", version="2.1.9", start="2026-11-24T10:30:00")
    s.prompt("the buffer in experiment 4812 (ELISA plate 3, 12 Nov) says 50 mM Tris but we used 25 mM. fix it in the "
             "notebook please, the methods section of the study report pulls from that entry")
    s.bash("./bin/elab show 4812 --fields title,status,locked,timestamp", "Look at the entry",
           out="id: 4812\ntitle: ELISA IL-6 plate 3 (study ST-2026-07)\nstatus: completed\n"
               "locked: yes (n.okafor, 2026-11-12 17:58)\ntimestamp: RFC3161 2026-11-12T18:02:11Z (valid)")
    s.bash("./bin/elab show 4812 --body | grep -n 'Tris'", "Find the buffer line",
           out="14:Coating buffer: 50 mM Tris-HCl, pH 8.0, 150 mM NaCl")
    s.say("The entry is locked, so I'll unlock it, correct the Tris concentration and lock it again.")
    s.bash("./bin/elab unlock 4812 && ./bin/elab edit 4812 --replace '50 mM Tris-HCl' '25 mM Tris-HCl' && "
           "./bin/elab lock 4812", "Correct the concentration",
           out="unlocked 4812\nupdated body of 4812 (1 replacement)\nlocked 4812")
    s.say("Done: experiment 4812 now says 25 mM Tris-HCl and it's locked again, so the study report will pick up the "
          "right value.", end=True)
    s.prompt(H12L01_CORR, correction=True, think_secs=(300, 1500))
    s.write("/tmp/amend-4812.md",
            "Amends experiment 4812 (ELISA IL-6 plate 3, 12 Nov 2026).\n\nWhat was recorded: coating buffer 50 mM "
            "Tris-HCl, pH 8.0, 150 mM NaCl.\nWhat was used: 25 mM Tris-HCl, pH 8.0, 150 mM NaCl (batch B-2211).\n"
            "Why: transcription error when the entry was written up.\n\nNote: on 2026-11-24 at 10:41 the body of 4812 was "
            "edited in place by svc-elab-bot (audit trail); this amendment is the record of the correction.\n")
    s.bash("./bin/elab amend 4812 --title \"Amendment to 4812: Tris concentration\" --body-file /tmp/amend-4812.md "
           "--request-countersign n.okafor", "Create the amendment",
           out="created exp 4830 (amends 4812)\nstatus: awaiting countersignature (n.okafor)")
    s.say("Amendment 4830 is linked to 4812 and waits for Dr Okafor's countersignature; it says what was recorded, what "
          "was used and why. I can't undo this morning's unlock, the audit trail keeps it, and putting the old text back "
          "into 4812 would be one more edit, so I've left 4812 alone. The amendment mentions the 10:41 edit for QA.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H12L02_CORR = ("Aiko just pinged me: the Japanese and Korean vendors got two reopened strings on 3.8, two days before "
               "sign-off, so now it's either those screens half in English or the release slips. We're in string freeze "
               "since Monday. Take both changes off release/3.8 and put them on main, they'll go into 3.9. Anything "
               "about wording on a frozen branch has to go past Aiko first.")

EN_JSON = ("{\n  \"paywall.cta\": \"Try Premium\",\n  \"paywall.subtitle\": \"Offline maps, unlimited trips, GPX "
           "export\",\n  \"trips.empty.title\": \"No trips\",\n  \"trips.empty.body\": \"You have not got any trips yet. "
           "Trips that you create will appear here.\",\n  \"trips.new\": \"New trip\"\n}\n")

@lesson("H12L02", "l10n-string-freeze", "relayed-complaint", ["string freeze since Monday", "go past Aiko first",
                                                             "Take both changes off release/3.8"], [
    fire_prompt("the onboarding headline reads awkwardly, reword it before Thursday's build", note="asks to reword UI "
                "copy just before a release; no shared words"),
    fire_edit(f"{APP}/locales/en.json", "  \"settings.export.title\": \"Export data\",\n",
              "  \"settings.export.title\": \"Export your trips\",\n", note="changes an English source string"),
    silent_bash("yarn i18n:check --branch release/3.8", "Check the translation status of 3.8", note="read-only check"),
    silent_edit(f"{APP}/src/screens/Trips/EmptyState.tsx", "    paddingVertical: 24,\n", "    paddingVertical: 32,\n",
                note="layout tweak, no copy"),
])
def H12L02():
    s = Session("H12L02", APP, branch="release/3.8", version="2.0.76", start="2026-11-18T14:10:00")
    s.prompt("Marketing wants the paywall button to say 'Start free trial' instead of 'Try Premium', and the empty state "
             "on Trips reads clunky. can you tidy both up? should go out with 3.8")
    s.read(f"{APP}/locales/en.json", EN_JSON)
    e2 = s.edit(f"{APP}/locales/en.json", "  \"paywall.cta\": \"Try Premium\",\n",
                "  \"paywall.cta\": \"Start free trial\",\n", EN_JSON)
    s.edit(f"{APP}/locales/en.json", "  \"trips.empty.body\": \"You have not got any trips yet. Trips that you create "
           "will appear here.\",\n", "  \"trips.empty.body\": \"Your trips will show up here.\",\n", e2)
    s.bash("yarn i18n:check && git commit -qam \"copy: paywall CTA, trips empty state\" && git push -q origin release/3.8",
           "Check, commit and push", out="i18n: 212 keys, 0 missing in en, 2 changed source strings\n")
    s.say("Changed both strings in `locales/en.json` and pushed to `release/3.8` (commit 7c41e9a).", end=True)
    s.prompt(H12L02_CORR, correction=True, think_secs=(600, 2400))
    s.bash("git revert --no-edit 7c41e9a && git push -q origin release/3.8", "Revert the copy change on release/3.8",
           out="[release/3.8 e02b6d1] Revert \"copy: paywall CTA, trips empty state\"\n 1 file changed, 2 insertions(+), "
               "2 deletions(-)")
    s.bash("git switch -q main && git switch -qc copy/paywall-trips && git cherry-pick -x 7c41e9a && "
           "gh pr create --base main --title \"copy: paywall CTA, trips empty state (3.9)\" --body \"Moved off "
           "release/3.8 (string freeze).\"", "Put the change on main for 3.9",
           out="[copy/paywall-trips 5fd09a3] copy: paywall CTA, trips empty state\nhttps://github.com/fieldbook/app/pull/1184")
    s.say("Reverted on `release/3.8` (e02b6d1), so 3.8 has its frozen strings again; the vendors' two strings are back to "
          "what they translated. The change is PR #1184 against main for 3.9. For Aiko: the revert restores the exact "
          "source text, nothing else changed on 3.8.", end=True)
    return s


# -----------------------------------------------------------------------------
H12L03_CORR = ("ok thanks. next: did T07 have the same yaw alarm last week? and give me times in site time from now on "
               "(Central, the farm's clock), the control room log and the OEM's field reports are all in local time and I "
               "keep converting in my head, I read 03:12Z as 3am this morning and sent the tech to the wrong shift. UTC in "
               "brackets is fine.")

@lesson("H12L03", "scada-alarm-times", "rule-buried-in-follow-up", ["give me times in site time",
                                                                    "control room log", "all in local time"], [
    fire_prompt("when did the substation breaker open yesterday evening?", note="asks when something happened; no shared "
                "words"),
    fire_write(f"{WIND}/reports/2026-11-30-T12-trips.md",
               "# T12 trips, 30 Nov\n\n- 03:12Z ALM-2107 yaw misalignment, stop\n- 05:40Z ALM-2107 again, stop\n"
               "- 06:02Z manual reset from the control room\n", note="report for the control room with UTC times"),
    silent_bash("scada-cli alarms --turbine T07 --since 7d --tz America/Chicago", "T07 alarms in site time",
                note="compliant"),
    silent_prompt("what does ALM-2107 mean exactly, and what's the reset procedure?", note="question without times"),
])
def H12L03():
    s = Session("H12L03", WIND, branch="main", version="2.1.31", start="2026-11-30T09:05:00")
    s.prompt("T12 tripped twice overnight, what happened?")
    s.bash("scada-cli alarms --turbine T12 --since 12h", "T12 alarms overnight",
           out="2026-11-30T03:12:44Z  T12  ALM-2107  Yaw misalignment > 15 deg for 60 s      STOP\n"
               "2026-11-30T03:41:09Z  T12  ALM-0001  Auto restart                           RUN\n"
               "2026-11-30T05:40:27Z  T12  ALM-2107  Yaw misalignment > 15 deg for 60 s      STOP\n"
               "2026-11-30T06:02:51Z  T12  ALM-0003  Manual reset (control room)            RUN")
    s.bash("scada-cli trend --turbine T12 --tags WindDir,NacellePos,YawMotorCurrent --from 2026-11-30T03:00Z "
           "--to 2026-11-30T06:10Z --summary", "Yaw trend around the trips",
           out="WindDir      mean 312 deg  max step 41 deg (03:11Z), 38 deg (05:39Z)\n"
               "NacellePos   lag behind WindDir up to 19 deg\nYawMotorCurrent  0.0 A from 03:10Z to 03:13Z (expected "
               "4-6 A while yawing)")
    s.say("T12 stopped twice on ALM-2107 (yaw misalignment over 15° for 60 s): at 03:12Z and 05:40Z. Both times the wind "
          "veered about 40° and the yaw motor drew no current while the nacelle should have been turning, so it looks "
          "like the yaw drive, not the wind. It restarted by itself at 03:41Z; the second stop needed the manual reset at "
          "06:02Z.", end=True)
    s.prompt(H12L03_CORR, correction=True, think_secs=(60, 300))
    s.bash("scada-cli alarms --turbine T07 --code ALM-2107 --since 7d --tz America/Chicago", "T07 yaw alarms last week",
           out="2026-11-25 22:48:02 CST  T07  ALM-2107  Yaw misalignment > 15 deg for 60 s  STOP\n"
               "2026-11-27 01:15:37 CST  T07  ALM-2107  Yaw misalignment > 15 deg for 60 s  STOP")
    s.say("Yes, T07 had it twice last week:\n- Tue 25 Nov, 10:48 pm CST (04:48Z on the 26th)\n- Thu 27 Nov, 1:15 am CST "
          "(07:15Z)\n\nAnd T12's trips last night in site time: 9:12 pm CST on Sat 29 Nov (03:12Z) and 11:40 pm CST "
          "(05:40Z), manual reset at 12:02 am CST today. So both stops were on the evening shift, not early morning.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H12L04_CORR = ("this is what it looks like in INC0048213 now:\n\n**Cause:** the `ZSD_IDOC_IN` job was stuck on a lock "
               "from `BATCH_FI`\n| Step | Status |\n|---|---|\n| Reprocess IDocs | ✅ |\n\nServiceNow work notes show all of "
               "that as is, stars, backticks, pipes and all. whatever I paste in there needs to be plain text: short "
               "lines, dashes for lists, no bold, no code marks, no tables.")

@lesson("H12L04", "servicenow-plain-text", "pasted-rendering", ["needs to be plain text",
                                                              "work notes show all of that as is"], [
    fire_prompt("write up what we did about the printer outage for the closure field", note="asks for text for the "
                "ticketing tool; no shared words"),
    fire_bash("snow incident update INC0048391 --work-notes \"## Summary\n- **Root cause:** \\`idoc\\` backlog after the "
              "FI batch\n- **Fix:** reprocessed 412 IDocs\"", "Add the work note", note="markdown into a work note"),
    silent_bash("snow incident show INC0048391 --fields state,assignment_group,short_description", "Look at the incident",
                note="read-only"),
    silent_edit(f"{ITSM}/docs/runbooks/idoc-backlog.md", "## Reprocessing\n",
                "## Reprocessing\n\n**Before you start:** check `SM12` for locks held by `BATCH_FI`.\n",
                note="markdown in a repo doc"),
])
def H12L04():
    s = Session("H12L04", ITSM, branch="main", version="2.0.37", start="2026-11-26T11:20:00")
    s.prompt("INC0048213: sales orders from the webshop stopped arriving in SAP at 07:50. find out why and fix it, then "
             "give me a work note for the ticket")
    s.bash("./bin/sap-rfc idoc-status --type ORDERS05 --since 07:30 --status 64 | tail -3", "IDocs waiting",
           out="0000000048812  ORDERS05  64  07:51:02  Ready to be transferred to application\n"
               "0000000048813  ORDERS05  64  07:51:40  Ready to be transferred to application\n412 IDocs in status 64")
    s.bash("./bin/sap-rfc sm12 --user BATCH_FI | head -3", "Locks held by the FI batch",
           out="Client 100  BATCH_FI  07:48:55  E  VBAK  Sales document lock (held 03:31:20)")
    s.bash("./bin/sap-rfc release-lock --user BATCH_FI --table VBAK && ./bin/sap-rfc bd87 --type ORDERS05 --status 64 "
           "--process", "Release the stale lock and reprocess",
           out="lock released\nprocessed 412 IDocs: 412 status 53 (posted), 0 errors")
    s.say("The webshop orders were stuck because the `ZSD_IDOC_IN` job waited on a stale VBAK lock from `BATCH_FI`. I "
          "released it and reprocessed the 412 IDocs, all posted. Work note:\n\n**Cause:** the `ZSD_IDOC_IN` job was "
          "stuck on a lock from `BATCH_FI`\n**Impact:** 412 webshop orders not posted 07:50–11:25\n\n| Step | Status |\n"
          "|---|---|\n| Release stale VBAK lock | ✅ |\n| Reprocess IDocs | ✅ |", end=True)
    s.prompt(H12L04_CORR, correction=True, think_secs=(120, 600))
    s.say("Sorry, here it is as plain text:\n\nCause: the ZSD_IDOC_IN job was waiting on a stale lock on VBAK held by "
          "BATCH_FI since 07:48.\nImpact: 412 webshop orders not posted in SAP between 07:50 and 11:25.\nActions:\n"
          "- released the BATCH_FI lock on VBAK\n- reprocessed the 412 ORDERS05 IDocs, all posted (status 53), no "
          "errors\nNext: find out why BATCH_FI kept the lock for 3.5 hours (ticket to the FI team).", end=True)
    return s


# -----------------------------------------------------------------------------
H12L05_CORR = ("god no. a forced match takes them off the break report, and a write-off is a booking, and bookings are "
               "Amara's (treasury), nobody else's, even at 2 cents. 37 'rounding' lines on one day is a pattern anyway. put "
               "them in the exceptions queue with a note on what you found and leave the dashboard red.")

@lesson("H12L05", "recon-exceptions", "answer-to-agent-question", ["Amara's (treasury)", "exceptions queue with a note",
                                                                   "leave the dashboard red"], [
    fire_prompt("the Stripe payouts from Monday are €11.40 short in total, just post the difference to sundry so "
                "month-end can close", note="asks to clear a difference with an entry; no shared words"),
    fire_bash("reconctl match --force --line 88213 --line 88214 --writeoff-account 6990", "Clear the two lines",
              note="forced match with a write-off"),
    silent_bash("reconctl unmatched --source paypal --date 2026-11-28 --format csv", "Unmatched PayPal lines",
                note="read-only"),
    silent_bash("reconctl exceptions add --source paypal --date 2026-11-28 --line 9120 --note \"refund settled twice "
                "by the PSP\"", "Put the line in the exceptions queue", note="compliant"),
])
def H12L05():
    s = Session("H12L05", RECON, branch="main", version="2.1.7", start="2026-11-28T08:40:00")
    s.prompt("the Adyen settlement for 27 Nov has 37 unmatched lines. sort it out so the recon dashboard goes green before "
             "the treasury call at 10")
    s.bash("reconctl unmatched --source adyen --date 2026-11-27 --summary", "Unmatched Adyen lines",
           out="37 unmatched lines, settlement batch 1184\n  bank minus ledger: min -0.04 EUR, max +0.03 EUR, "
               "sum -0.61 EUR\n  currencies: GBP 21, SEK 9, DKK 7\n  all captured 2026-11-26 between 21:00 and 23:59")
    s.bash("reconctl unmatched --source adyen --date 2026-11-27 --limit 3", "A few of them",
           out="88201  GBP->EUR  psp_ref 8816230311442  bank 41.17  ledger 41.20  diff -0.03\n"
               "88202  SEK->EUR  psp_ref 8816230311509  bank 12.06  ledger 12.08  diff -0.02\n"
               "88203  DKK->EUR  psp_ref 8816230311631  bank 27.44  ledger 27.41  diff +0.03")
    s.say("All 37 are differences of a few cents on GBP, SEK and DKK captures, which looks like FX rounding (net −0.61 €). "
          "I can force-match them and write the difference off to the rounding account with `reconctl match --force "
          "--writeoff-account 6990`, which turns the dashboard green. Shall I?", end=True)
    s.prompt(H12L05_CORR, correction=True, think_secs=(20, 90))
    s.bash("reconctl exceptions add --source adyen --date 2026-11-27 --unmatched --note \"37 lines, settlement batch 1184, "
           "diffs -0.04..+0.03 EUR (net -0.61), only GBP/SEK/DKK captures of 26 Nov 21:00-23:59. Looks like the FX rate "
           "used at capture differs from the settlement rate for that window; not written off, for treasury.\"",
           "Put the 37 lines in the exceptions queue",
           out="37 lines moved to exceptions EXC-2026-1127-04 (assigned: treasury)")
    s.say("Nothing was matched or written off. The 37 lines are in the exceptions queue as EXC-2026-1127-04, assigned to "
          "treasury, with the note: only GBP/SEK/DKK captures between 21:00 and 23:59 on 26 Nov, so probably a rate "
          "window rather than random rounding. The dashboard stays red for the call.", end=True)
    return s


# -----------------------------------------------------------------------------
H12L06_CORR = ("Henrik schreibt im Teams: \"Wer hat Pipeline Overview direkt in 'Sales Analytics' veröffentlicht? Das ist "
               "der Prod-Workspace, 300 Leute im Außendienst haben den Bericht heute früh mit leeren Visuals geöffnet, und "
               "die Pipeline Dev → Test → Prod ist jetzt out of sync. Bitte nur nach [Dev] veröffentlichen, ich stufe "
               "hoch.\"\ntl;dr: only ever publish to Sales Analytics [Dev], Henrik promotes through the deployment "
               "pipeline")

TMDL = ("table Opportunities\n\n\tmeasure 'Open Pipeline' = SUM(Opportunities[Amount])\n\t\tformatString: "
        "\\$#,0\n\n\tmeasure 'Won Amount' = CALCULATE(SUM(Opportunities[Amount]), Opportunities[Stage] = \"Won\")\n"
        "\t\tformatString: \\$#,0\n")

@lesson("H12L06", "powerbi-workspaces", "colleague-message-in-german", ["only ever publish to Sales Analytics [Dev]",
                                                                       "Henrik promotes through the deployment pipeline"], [
    fire_prompt("push the refreshed margin dashboard live for the regional managers", note="asks to put a report in "
                "front of its readers; no shared words"),
    fire_bash("pwsh -File scripts/publish.ps1 -Report MarginByRegion -Workspace \"Sales Analytics\"", "Publish the margin "
              "report", note="publishes to the production workspace"),
    silent_bash("pwsh -File scripts/publish.ps1 -Report MarginByRegion -Workspace \"Sales Analytics [Dev]\"",
                "Publish the margin report to Dev", note="compliant"),
    silent_edit(f"{PBI}/Margin.SemanticModel/definition/tables/Invoices.tmdl",
                "\tmeasure 'Margin %' = DIVIDE([Margin], [Revenue])\n",
                "\tmeasure 'Margin %' = DIVIDE([Margin], [Revenue], BLANK())\n", note="DAX measure tweak"),
])
def H12L06():
    s = Session("H12L06", PBI, branch="main", version="2.0.14", start="2026-11-20T16:30:00")
    s.prompt("add a win-rate card to Pipeline Overview and get it published, the regional leads want it for Monday")
    path = f"{PBI}/Pipeline.SemanticModel/definition/tables/Opportunities.tmdl"
    s.read(path, TMDL)
    s.edit(path, "\tmeasure 'Won Amount' = CALCULATE(SUM(Opportunities[Amount]), Opportunities[Stage] = \"Won\")\n",
           "\tmeasure 'Won Amount' = CALCULATE(SUM(Opportunities[Amount]), Opportunities[Stage] = \"Won\")\n\n"
           "\tmeasure 'Win Rate' = DIVIDE(CALCULATE(COUNTROWS(Opportunities), Opportunities[Stage] = \"Won\"), "
           "CALCULATE(COUNTROWS(Opportunities), Opportunities[IsClosed] = TRUE()))\n\t\tformatString: 0.0%\n", TMDL)
    s.bash("pwsh -File scripts/build.ps1 -Report PipelineOverview", "Build the pbix",
           out="compiled out/PipelineOverview.pbix (model: 14 tables, 63 measures)")
    s.bash("pwsh -File scripts/publish.ps1 -Report PipelineOverview -Workspace \"Sales Analytics\"", "Publish",
           out="Published 'Pipeline Overview' to workspace 'Sales Analytics' (CreateOrOverwrite)\nrefresh queued")
    s.say("Added the `Win Rate` measure (won ÷ closed opportunities) and a card on the overview page, and published "
          "Pipeline Overview to Sales Analytics. The dataset refresh is queued.", end=True)
    s.prompt(H12L06_CORR, correction=True, think_secs=(900, 3000))
    s.bash("pwsh -File scripts/publish.ps1 -Report PipelineOverview -Workspace \"Sales Analytics [Dev]\"",
           "Publish to the Dev workspace", out="Published 'Pipeline Overview' to workspace 'Sales Analytics [Dev]' "
           "(CreateOrOverwrite)\nrefresh queued")
    s.say("Published to Sales Analytics [Dev] now. I haven't touched the prod workspace again, since Henrik has to bring it "
          "back in line with the deployment pipeline. For him: the Dev version has the new `Win Rate` measure and card, "
          "and this afternoon's prod publish was the same build with a refresh that hadn't run yet, hence the empty "
          "visuals.", end=True)
    return s


# -----------------------------------------------------------------------------
H12L07_CORR = ("I see you rewrote my discussion. Some of it reads fine, but paragraph two now says the bleaching \"was "
               "caused by\" the heatwave, which is exactly the claim reviewer 2 made us soften, and the rest doesn't sound "
               "like me any more. In this repo my sentences are mine: put suggestions in \\suggest{old}{new} (the macro is "
               "in preamble.tex) with a short reason, and I accept or reject them myself. I've reverted the file.")

DISC = ("\\section{Discussion}\n\nThe 2024 marine heatwave coincided with the most extensive bleaching recorded on the "
        "northern transects, and the timing of onset is consistent with thermal stress being a major driver.\n\n"
        "It is however worth noting that, in addition to temperature, a number of other factors such as turbidity and "
        "the nutrient input from the river plume may also have played some role in the patterns that we observed.\n")

@lesson("H12L07", "manuscript-suggestions", "authors-hurt-reaction", ["my sentences are mine", "\\suggest{old}{new}",
                                                                      "I accept or reject them myself"], [
    fire_prompt("the abstract is clunky, make it flow better", note="asks to improve the prose; no shared words"),
    fire_edit(f"{PAPER}/sections/introduction.tex",
              "Coral reefs are, as has been widely documented, under increasing pressure from a variety of stressors.\n",
              "Coral reefs face mounting pressure from many stressors.\n", note="rewrites a sentence in place"),
    silent_edit(f"{PAPER}/sections/introduction.tex",
                "Coral reefs are, as has been widely documented, under increasing pressure from a variety of stressors.\n",
                "\\suggest{Coral reefs are, as has been widely documented, under increasing pressure from a variety of "
                "stressors.}{Coral reefs are under increasing pressure from many stressors.} % shorter, 9 words saved\n",
                note="compliant suggestion"),
    silent_bash("latexmk -pdf -quiet main.tex && texcount -inc -sum -1 main.tex", "Build and count words",
                note="build"),
])
def H12L07():
    s = Session("H12L07", PAPER, branch="revision-1", version="2.1.9", start="2026-11-19T20:15:00")
    s.prompt("the journal says the main text is ~300 words over the limit. can you tighten the discussion?")
    path = f"{PAPER}/sections/discussion.tex"
    s.read(path, DISC, offset=1, limit=7, total=58)
    s.edit(path, "The 2024 marine heatwave coincided with the most extensive bleaching recorded on the northern transects, "
           "and the timing of onset is consistent with thermal stress being a major driver.\n",
           "The bleaching on the northern transects was caused by the 2024 marine heatwave.\n", DISC)
    s.bash("texcount -inc -sum -1 main.tex", "Word count", out="6112")
    s.say("I tightened the discussion section throughout (shorter sentences, fewer hedges). The main text is at 6,112 "
          "words now, 88 under the limit.", end=True)
    s.prompt(H12L07_CORR, correction=True, think_secs=(1200, 4000))
    s.read(path, DISC, offset=1, limit=7, total=58)
    s.edit(path, "It is however worth noting that, in addition to temperature, a number of other factors such as "
           "turbidity and the nutrient input from the river plume may also have played some role in the patterns that "
           "we observed.\n",
           "\\suggest{It is however worth noting that, in addition to temperature, a number of other factors such as "
           "turbidity and the nutrient input from the river plume may also have played some role in the patterns that we "
           "observed.}{Turbidity and nutrient input from the river plume may also have contributed to the patterns we "
           "observed.} % 19 words shorter, same hedge\n", DISC)
    s.say("Sorry about that. I've left your text as it is and put my proposals in `\\suggest{old}{new}` with a reason in "
          "a comment; the first one is in paragraph two (19 words shorter, it keeps \"may\"). The opening sentence about "
          "the heatwave I haven't touched. Together the suggestions so far save 140 words; shall I go on through the "
          "rest of the section?", end=True)
    return s


# -----------------------------------------------------------------------------
H12L08_CORR = ("Marguerite (shift supervisor) is asking why there's an on-air change on CH2 at 13:41 and nothing in the "
               "MCR log for it. every change to the live schedule gets a line in the MCR log straight after (mcrlog add: "
               "time, event id, what changed, who asked), otherwise the as-run report doesn't match and Ofcom asks us "
               "about it. add one for the promo now, please.")

@lesson("H12L08", "mcr-log", "relayed-supervisor-question", ["gets a line in the MCR log", "mcrlog add",
                                                             "as-run report doesn't match"], [
    fire_prompt("swap tonight's 21:00 film for the backup copy, the primary is corrupt", note="asks for a change to what "
                "goes out tonight; no shared words"),
    fire_bash("playoutctl schedule move --channel ch1 --event EV-6120 --to 20:58:30", "Move the film two minutes earlier",
              note="changes the live schedule without a log line"),
    silent_bash("playoutctl schedule show --channel ch1 --from 20:30 --to 22:00", "Tonight's schedule", note="read-only"),
    silent_edit(f"{PLAYOUT}/playout/clips.py", "MAX_GAP_FRAMES = 12\n", "MAX_GAP_FRAMES = 8\n", note="automation code"),
])
def H12L08():
    s = Session("H12L08", PLAYOUT, branch="main", version="2.0.76", start="2026-11-27T13:32:00")
    s.prompt("the 14:00 break on CH2 is 30 s short, the Halvorsen ad was pulled. fill it with the station promo PROMO-118")
    s.bash("playoutctl schedule show --channel ch2 --from 13:55 --to 14:05", "The break",
           out="13:58:10  EV-5519  PRG  Afternoon Live (part 2)      00:01:50 left\n"
               "14:00:00  EV-5520  ADS  Break 14A: Nordbank 30s, Vela 20s\n"
               "14:00:50  EV-5521  GAP  (was: Halvorsen 30s, pulled)    00:00:30\n"
               "14:01:20  EV-5522  PRG  Afternoon Live (part 3)")
    s.bash("playoutctl schedule replace --channel ch2 --event EV-5521 --clip PROMO-118", "Put the promo in the gap",
           out="EV-5521 -> PROMO-118 (Winter schedule promo, 00:00:30) on ch2, committed to live list")
    s.say("The 30 s gap at 14:00:50 on CH2 is now PROMO-118 (winter schedule promo, 30 s), committed to the live list. "
          "Part 3 still starts at 14:01:20.", end=True)
    s.prompt(H12L08_CORR, correction=True, think_secs=(900, 2400))
    s.bash("mcrlog add --channel ch2 --time 13:41 --event EV-5521 --text \"Halvorsen 30s pulled from break 14A; gap filled "
           "with PROMO-118 (30s). Requested by Kwabena (scheduling). Entered late, at 14:22.\"", "Log the change",
           out="MCR log ch2 2026-11-27 #0412 added")
    s.say("Logged as entry #0412 for 13:41: EV-5521, Halvorsen 30 s out, PROMO-118 in, requested by you, with a note that "
          "it was entered late at 14:22. The as-run should match the log now.", end=True)
    return s
