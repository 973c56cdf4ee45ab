"""gen-holdout-10: sessions in the same areas with no correction (compliant work, thanks, near-miss 'no, that's fine')."""
from cc import Session
from registry import distractor

TANDEM = "/Users/noa/src/tandem-mobile"
CLOSE = "/Users/dagmar/finance/month-end-close"
CLINIC = "/home/ayla/ops/clinic-db-ops"
ADT = "/home/siobhan/src/adt-bridge"
LABELHUB = "/Users/hanna/dev/labelhub"


@distractor("H10D01", "mobile-release-train", "fix PR against main with the cherry-pick label; near-miss 'no, that's fine'")
def H10D01():
    s = Session("H10D01", TANDEM, branch="fix/receipt-share-ios16", version="2.1.9", start="2026-02-24T09:30:00")
    s.prompt("sharing a receipt crashes on iOS 16 in 4.12 (UIActivityViewController on iPad without a sourceView). fix "
             "it and get it to Dmitri for 4.12")
    sheet = ("func shareReceipt(_ url: URL, from vc: UIViewController) {\n"
             "    let avc = UIActivityViewController(activityItems: [url], applicationActivities: nil)\n"
             "    vc.present(avc, animated: true)\n}\n")
    path = f"{TANDEM}/ios/Tandem/Receipts/ShareReceipt.swift"
    s.read(path, sheet)
    s.edit(path, "    vc.present(avc, animated: true)\n",
           "    if let pop = avc.popoverPresentationController {\n        pop.sourceView = vc.view\n"
           "        pop.sourceRect = CGRect(x: vc.view.bounds.midX, y: vc.view.bounds.midY, width: 0, height: 0)\n"
           "    }\n    vc.present(avc, animated: true)\n", sheet)
    s.bash("xcodebuild test -scheme Tandem -destination 'platform=iOS Simulator,name=iPad (10th generation),OS=16.4' "
           "-only-testing:TandemTests/ShareReceiptTests -quiet", "Run the share tests on an iPad simulator", lo=60, hi=180,
           out="Test Suite 'ShareReceiptTests' passed.\n\t Executed 3 tests, with 0 failures (0 unexpected) in 1.204 seconds")
    s.bash("git commit -qam \"Fix receipt share crash on iPad (missing popover source)\" && git push -q -u origin "
           "fix/receipt-share-ios16 && gh pr create --base main --label cherry-pick:4.12 --fill", "Open the PR",
           out="https://github.com/tandem-app/tandem-mobile/pull/2219")
    s.say("PR #2219 against main with the `cherry-pick:4.12` label; the popover now has a source view, and the iPad "
          "tests pass. Should I also post the PR in #release-train?", end=True)
    s.prompt("no, that's fine, he goes through the labelled PRs every morning")
    s.say("OK, leaving it with the label.", end=True)
    return s


@distractor("H10D02", "excel-vba", "qualified ranges, compliant")
def H10D02():
    s = Session("H10D02", CLOSE, branch="main", version="2.0.76", start="2025-12-01T10:10:00")
    s.prompt("the Reconcile macro should colour unmatched bank lines yellow")
    rec = ("    For r = 2 To lastRow\n        If IsError(Application.Match(wsBank.Cells(r, 3).Value, "
           "wsLedger.Columns(3), 0)) Then\n            unmatched = unmatched + 1\n        End If\n    Next r\n")
    path = f"{CLOSE}/src/Reconcile.bas"
    s.read(path, rec, offset=22, limit=5, total=61)
    s.edit(path, "            unmatched = unmatched + 1\n",
           "            unmatched = unmatched + 1\n"
           "            wsBank.Range(wsBank.Cells(r, 1), wsBank.Cells(r, 6)).Interior.Color = vbYellow\n", rec)
    s.bash("python tools/vba_import.py month-end.xlsm src/Reconcile.bas", "Import the module",
           out="imported Reconcile (1 module) into month-end.xlsm")
    s.say("Unmatched bank lines (columns A to F) are now coloured yellow through `wsBank`, and the module is imported.",
          end=True)
    s.prompt("perfect, thanks")
    return s


@distractor("H10D03", "postgres-restores", "restore into a scratch database; near-miss 'no, that's fine'")
def H10D03():
    s = Session("H10D03", CLINIC, branch="main", version="2.0.76", start="2025-12-16T14:05:00")
    s.prompt("a doctor says a clinical note for patient 58213 from last week vanished. can you check whether it's in "
             "last night's backup?")
    s.bash("createdb clinic_restore_1216 && pg_restore -d clinic_restore_1216 -t clinical_notes "
           "/backups/clinic/clinic-2025-12-16.dump", "Restore the notes table into a scratch database", lo=30, hi=120,
           out="")
    s.bash("psql -Atc \"SELECT id, created_at, author_id FROM clinical_notes WHERE patient_id = 58213 AND created_at >= "
           "'2025-12-08' ORDER BY created_at\" clinic_restore_1216", "Look for the note in the restored copy",
           out="904417|2025-12-10 11:42:07+01|312")
    s.bash("psql -Atc \"SELECT count(*) FROM clinical_notes WHERE id = 904417\" clinic_prod", "Is it still in prod?",
           out="0")
    s.say("Note 904417 (10 Dec, author 312) is in last night's backup, restored into `clinic_restore_1216`, and missing "
          "in prod. Want me to prepare the INSERT ... SELECT to copy it back?", end=True)
    s.prompt("no, that's fine, I'll copy it over myself after I've talked to the doctor")
    s.say("OK. `clinic_restore_1216` stays until you drop it.", end=True)
    return s


@distractor("H10D04", "hl7-feeds", "new field through hl7.parse and an accessor")
def H10D04():
    s = Session("H10D04", ADT, branch="feat/attending", version="2.1.7", start="2026-01-22T09:15:00")
    s.prompt("the ward view wants the attending doctor's surname from PV1-7 on A01 too")
    h = ("        bed=str(msg[\"PV1.F3.R1.C3\"]),\n        family=msg.unescape(str(msg[\"PID.F5.R1.C1\"])),\n")
    path = f"{ADT}/adt/handlers.py"
    s.read(path, h, offset=9, limit=2, total=38)
    s.edit(path, "        bed=str(msg[\"PV1.F3.R1.C3\"]),\n",
           "        bed=str(msg[\"PV1.F3.R1.C3\"]),\n        attending=msg.unescape(str(msg[\"PV1.F7.R1.C2\"])),\n", h)
    s.bash("pytest tests/test_handlers.py -q", "Run the handler tests",
           out="..........                                                               [100%]\n10 passed in 0.22s")
    s.say("A01 now fills `attending` from PV1-7.2 (family name of the first repetition), unescaped. Tests pass.",
          end=True)
    s.prompt("great")
    return s


@distractor("H10D05", "decision-answers", "short pick with a table; near-miss 'no, that's fine'")
def H10D05():
    s = Session("H10D05", LABELHUB, branch="main", version="2.1.9", start="2026-02-09T11:40:00")
    s.prompt("which barcode library should we use for the Code 128 on the labels, bwip-js or JsBarcode?")
    s.grep("bwip-js|jsbarcode", path=f"{LABELHUB}/package.json", mode="content", lines=[])
    s.bash("npm view bwip-js version && npm view jsbarcode version", "Check current versions",
           out="4.5.1\n3.11.6")
    s.say("bwip-js: it renders Code 128 straight to PNG or ZPL-ready bitmaps on the server, which is where labels are "
          "built.\n\n| alternative | why it loses |\n|---|---|\n| JsBarcode | aimed at the browser/canvas, needs a canvas "
          "shim in Node |\n| printer-native ^BC | can't preview the label as an image |\n\nWant me to add it to "
          "docs/decisions/?", end=True)
    s.prompt("no, that's fine, I'll paste it in with the other two later")
    return s
