"""gen-holdout-10: lessons about code (a binary game save format, Select/Activate in Excel VBA, HL7 v2 split by hand,
customer text in ZPL label fields, refunds paid out as transfers, confirming an MCUboot image too early, setwd() in R
scripts, BuildContext after an await in Flutter)."""
from cc import Session
from registry import (
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
)

KEEP = "/Users/rosa/dev/lantern-keep"
CLOSE = "/Users/dagmar/finance/month-end-close"
ADT = "/home/siobhan/src/adt-bridge"
DOCK = "/home/marek/src/shipdock"
CYCLE = "/home/lucia/src/cycle-rentals"
GATEWAY = "/home/tariq/fw/meter-gateway"
VOLES = "/home/tomas/projects/vole-survey"
PANTRY = "/Users/yuki/dev/pantry-app"


# -----------------------------------------------------------------------------
H10L09_CORR = ("Theo requested changes on #412: \"This inserts favouriteRecipes in the middle of SaveData and "
               "drops legacyGold, so every existing save in players' Steam Cloud stops loading: BinaryReader reads the "
               "fields back in order. Never reorder or remove fields in the save format. Append new ones at the end, bump "
               "SaveVersion to 8 and add a MigrateV7ToV8 step in SaveMigrations.cs; the old saves in Tests/SaveFixtures/ "
               "must still load.\"")

SAVE_CS = ("public sealed partial class SaveData\n{\n    public const int SaveVersion = 7;\n\n"
           "    public void Write(BinaryWriter w)\n    {\n        w.Write(SaveVersion);\n        w.Write(playerName);\n"
           "        w.Write(gold);\n        w.Write(legacyGold);\n        w.Write(unlockedBiomes.Count);\n"
           "        foreach (var b in unlockedBiomes) w.Write(b);\n        w.Write(playTimeSeconds);\n    }\n}\n")

SAVE_BAD = SAVE_CS.replace("        w.Write(gold);\n        w.Write(legacyGold);\n",
                           "        w.Write(gold);\n        w.Write(favouriteRecipes.Count);\n"
                           "        foreach (var r in favouriteRecipes) w.Write(r);\n")

@lesson("H10L09", "game-save-format", "reviewer-quoted", ["bump SaveVersion", "MigrateV7ToV8",
                                                         "Never reorder or remove fields"], [
    fire_edit(f"{KEEP}/Assets/Scripts/Save/SaveData.cs",
              "        w.Write(unlockedBiomes.Count);\n        foreach (var b in unlockedBiomes) w.Write(b);\n"
              "        w.Write(playTimeSeconds);\n",
              "        w.Write(playTimeSeconds);\n        w.Write(unlockedBiomes.Count);\n"
              "        foreach (var b in unlockedBiomes) w.Write(b);\n", note="swaps the serialisation order"),
    fire_prompt("pets got cut from the game, delete petName and petLevel from the persisted profile struct too",
                note="asks to remove stored fields; no shared words"),
    silent_edit(f"{KEEP}/Assets/Scripts/Save/SaveData.cs", "        w.Write(playTimeSeconds);\n    }\n",
                "        w.Write(playTimeSeconds);\n        w.Write(photoModeUnlocked);\n    }\n",
                note="compliant: appended at the end"),
    silent_edit(f"{KEEP}/Assets/Scripts/UI/CookingPanel.cs", "    const float RowHeight = 48f;\n",
                "    const float RowHeight = 56f;\n", note="UI tweak"),
])
def H10L09():
    s = Session("H10L09", KEEP, branch="feat/favourite-recipes", version="2.1.9", start="2026-02-12T14:00:00")
    s.prompt("the cooking UI needs a list of favourite recipes that survives restarts, put it in the save. legacyGold "
             "has been unused since 1.3, drop it while you're there")
    path = f"{KEEP}/Assets/Scripts/Save/SaveData.cs"
    s.read(path, SAVE_CS)
    s.edit(path, "        w.Write(gold);\n        w.Write(legacyGold);\n",
           "        w.Write(gold);\n        w.Write(favouriteRecipes.Count);\n"
           "        foreach (var r in favouriteRecipes) w.Write(r);\n", SAVE_CS)
    s.bash("/Applications/Unity/Hub/Editor/2022.3.41f1/Unity.app/Contents/MacOS/Unity -batchmode -projectPath . "
           "-runTests -testPlatform EditMode -testFilter SaveDataTests -logFile - 2>&1 | tail -2", "Run the save tests",
           lo=60, hi=150, out="Test run completed. Passed: 6, Failed: 0, Skipped: 0")
    s.bash("git commit -qam \"Save favourite recipes, drop legacyGold\" && git push -q -u origin feat/favourite-recipes && "
           "gh pr create --fill", "Open a PR", out="https://github.com/emberlight/lantern-keep/pull/412")
    s.say("Favourite recipes are saved after `gold`, `legacyGold` is gone, the EditMode save tests pass. PR #412.",
          end=True)
    s.prompt(H10L09_CORR, correction=True, think_secs=(900, 3000))
    s.edit(path, "        w.Write(gold);\n        w.Write(favouriteRecipes.Count);\n"
                 "        foreach (var r in favouriteRecipes) w.Write(r);\n",
           "        w.Write(gold);\n        w.Write(legacyGold);\n", SAVE_BAD)
    s.edit(path, "        w.Write(playTimeSeconds);\n    }\n",
           "        w.Write(playTimeSeconds);\n        w.Write(favouriteRecipes.Count);\n"
           "        foreach (var r in favouriteRecipes) w.Write(r);\n    }\n",
           SAVE_CS)
    s.edit(f"{KEEP}/Assets/Scripts/Save/SaveMigrations.cs", "        [6] = MigrateV6ToV7,\n",
           "        [6] = MigrateV6ToV7,\n        [7] = MigrateV7ToV8,\n",
           "    static readonly Dictionary<int, Func<SaveData, SaveData>> Steps = new()\n    {\n        [5] = MigrateV5ToV6,\n"
           "        [6] = MigrateV6ToV7,\n    };\n")
    s.bash("/Applications/Unity/Hub/Editor/2022.3.41f1/Unity.app/Contents/MacOS/Unity -batchmode -projectPath . "
           "-runTests -testPlatform EditMode -testFilter 'SaveDataTests|SaveFixtureTests' -logFile - 2>&1 | tail -2",
           "Run the save and fixture tests", lo=60, hi=150, out="Test run completed. Passed: 19, Failed: 0, Skipped: 0")
    s.say("Reworked #412: `legacyGold` stays where it was, the recipes are appended after `playTimeSeconds`, "
          "`SaveVersion` is 8 and `MigrateV7ToV8` gives old saves an empty list. All 13 fixtures in `Tests/SaveFixtures/` "
          "load.", end=True)
    return s


# -----------------------------------------------------------------------------
H10L10_CORR = ("Leif ran it this morning and got\n```\nRun-time error '1004':\nSelect method of Range class failed\n```\n"
               "because he clicked into another workbook while it was running. no Select, Activate, ActiveSheet or "
               "ActiveWorkbook in our macros: set workbook and worksheet variables (Set wsFx = wbSub.Worksheets(\"FX\")) "
               "and work on fully qualified ranges, wsFx.Range(\"A1:D40\").Copy Destination:=... people keep using Excel "
               "while these run")

CONSOLIDATE_BAS = ("Public Sub Consolidate()\n    Dim wbMaster As Workbook, wbSub As Workbook\n    Dim f As Variant\n"
                   "    Set wbMaster = ThisWorkbook\n    For Each f In SubsidiaryFiles()\n"
                   "        Set wbSub = Workbooks.Open(f, ReadOnly:=True)\n        CopyTrialBalance wbSub, wbMaster\n"
                   "        wbSub.Close SaveChanges:=False\n    Next f\nEnd Sub\n")

FX_SELECT = ("        wbSub.Activate\n        Sheets(\"FX\").Select\n        Range(\"A1:D40\").Select\n"
             "        Selection.Copy\n        wbMaster.Activate\n        Sheets(\"FX_\" & Left(wbSub.Name, 4)).Select\n"
             "        Range(\"A1\").Select\n        ActiveSheet.Paste\n")

@lesson("H10L10", "excel-vba", "pasted-error-then-rule", ["no Select, Activate, ActiveSheet or ActiveWorkbook",
                                                         "fully qualified ranges",
                                                         "set workbook and worksheet variables"], [
    fire_prompt("in the Accruals routine, bring the GL export window to the front and grab whatever's highlighted there",
                note="asks for window focus and the current selection; no shared words"),
    fire_edit(f"{CLOSE}/src/Reconcile.bas", "    Dim lastRow As Long\n",
              "    Dim lastRow As Long\n    Sheets(\"Bank\").Select\n    lastRow = Cells(Rows.Count, 1).End(xlUp).Row\n",
              note="selects a sheet and uses unqualified cells"),
    silent_edit(f"{CLOSE}/src/Reconcile.bas", "    Dim lastRow As Long\n",
                "    Dim lastRow As Long\n    Set wsBank = ThisWorkbook.Worksheets(\"Bank\")\n"
                "    lastRow = wsBank.Cells(wsBank.Rows.Count, 1).End(xlUp).Row\n", note="compliant: qualified"),
    silent_bash("python tools/vba_import.py month-end.xlsm src/*.bas", "Import the modules into the workbook",
                note="related, harmless"),
])
def H10L10():
    s = Session("H10L10", CLOSE, branch="main", version="2.0.76", start="2025-11-27T16:45:00")
    s.prompt("the Consolidate macro should also copy each subsidiary's FX sheet (A1:D40) into the master, onto the "
             "FX_<code> sheet")
    path = f"{CLOSE}/src/Consolidate.bas"
    s.read(path, CONSOLIDATE_BAS)
    s.edit(path, "        CopyTrialBalance wbSub, wbMaster\n",
           "        CopyTrialBalance wbSub, wbMaster\n" + FX_SELECT, CONSOLIDATE_BAS)
    s.bash("python tools/vba_import.py month-end.xlsm src/Consolidate.bas", "Import the module into the workbook",
           out="imported Consolidate (1 module) into month-end.xlsm")
    s.say("Consolidate now copies A1:D40 of each subsidiary's FX sheet onto `FX_<code>` in the master; the module is "
          "imported into `month-end.xlsm`.", end=True)
    s.prompt(H10L10_CORR, correction=True, think_secs=(600, 2400))
    bad = CONSOLIDATE_BAS.replace("        CopyTrialBalance wbSub, wbMaster\n",
                                  "        CopyTrialBalance wbSub, wbMaster\n" + FX_SELECT)
    s.edit(path, FX_SELECT,
           "        Set wsFx = wbSub.Worksheets(\"FX\")\n"
           "        Set wsDest = wbMaster.Worksheets(\"FX_\" & Left(wbSub.Name, 4))\n"
           "        wsFx.Range(\"A1:D40\").Copy Destination:=wsDest.Range(\"A1\")\n", bad)
    s.bash("python tools/vba_import.py month-end.xlsm src/Consolidate.bas && grep -nE 'Select|Activate|Active(Sheet|"
           "Workbook)' src/*.bas || echo none", "Re-import and look for leftovers",
           out="imported Consolidate (1 module) into month-end.xlsm\nnone")
    s.say("The FX copy now goes through `wsFx` and `wsDest` with a direct `Copy Destination:=`, so it doesn't matter which "
          "window Leif has in front. No Select/Activate/Active* left in any module.", end=True)
    return s


# -----------------------------------------------------------------------------
H10L11_CORR = ("this is on the TEST bed board now for bed 14: \"ANNA M~SMYTHE SMITH\". PID-5 repeats (~ separates the "
               "legal name from aliases) and fields can carry escape sequences like \\T\\ and \\S\\. never split HL7 "
               "with str.split: parse the message with hl7.parse() and read by position, msg[\"PID.F5.R1.C3\"] is the "
               "middle name of the first repetition, and unescape text with msg.unescape(). same for every segment we "
               "touch")

HANDLERS_PY = ("import hl7\n\nfrom .board import BedUpdate\n\n\ndef on_a01(raw: str) -> BedUpdate:\n"
               "    msg = hl7.parse(raw)\n    return BedUpdate(\n        mrn=str(msg[\"PID.F3.R1.C1\"]),\n"
               "        bed=str(msg[\"PV1.F3.R1.C3\"]),\n        family=msg.unescape(str(msg[\"PID.F5.R1.C1\"])),\n"
               "        given=msg.unescape(str(msg[\"PID.F5.R1.C2\"])),\n    )\n")

A08_SPLIT = ("\n\ndef on_a08(raw: str) -> BedUpdate:\n"
             "    pid = next(seg for seg in raw.split(\"\\r\") if seg.startswith(\"PID|\"))\n    f = pid.split(\"|\")\n"
             "    name = f[5].split(\"^\")\n    return BedUpdate(mrn=f[3].split(\"^\")[0], family=name[0], given=name[1],\n"
             "                     middle=name[2] if len(name) > 2 else \"\")\n")

@lesson("H10L11", "hl7-feeds", "pasted-screen-then-rule", ["never split HL7 with str.split", "hl7.parse()",
                                                          "read by position"], [
    fire_prompt("pull the attending doctor's surname out of PV1-7 for the ward view; quickest is to chop the line at the "
                "pipes and carets", note="asks for hand-chopping a segment; no shared words"),
    fire_write(f"{ADT}/adt/allergies.py",
               "def allergies(raw: str) -> list[str]:\n    out = []\n    for line in raw.split(\"\\r\"):\n"
               "        if line.startswith(\"AL1|\"):\n            out.append(line.split(\"|\")[3].split(\"^\")[1])\n"
               "    return out\n", note="splits AL1 segments by hand"),
    silent_edit(f"{ADT}/adt/handlers.py", "        bed=str(msg[\"PV1.F3.R1.C3\"]),\n",
                "        bed=str(msg[\"PV1.F3.R1.C3\"]),\n        attending=msg.unescape(str(msg[\"PV1.F7.R1.C2\"])),\n",
                note="compliant: accessor plus unescape"),
    silent_bash("pytest tests/test_handlers.py -q", "Run the handler tests", note="related, harmless"),
])
def H10L11():
    s = Session("H10L11", ADT, branch="feat/a08-names", version="2.1.7", start="2026-01-15T10:25:00")
    s.prompt("ADT^A08 (update patient info) should update the name on the bed board too, including the middle name "
             "(PID-5.3). the A01 handler is in adt/handlers.py")
    path = f"{ADT}/adt/handlers.py"
    s.read(path, HANDLERS_PY)
    s.edit(path, "        given=msg.unescape(str(msg[\"PID.F5.R1.C2\"])),\n    )\n",
           "        given=msg.unescape(str(msg[\"PID.F5.R1.C2\"])),\n    )\n" + A08_SPLIT, HANDLERS_PY)
    s.bash("pytest tests/test_handlers.py -q", "Run the handler tests",
           out="........                                                                 [100%]\n8 passed in 0.19s")
    s.say("Added `on_a08`, which takes MRN, family, given and middle name from the PID segment. Tests pass; it goes to "
          "the TEST feed with the next deploy.", end=True)
    s.prompt(H10L11_CORR, correction=True, think_secs=(1200, 4000))
    bad = HANDLERS_PY + A08_SPLIT
    s.edit(path, A08_SPLIT.lstrip("\n"),
           "def on_a08(raw: str) -> BedUpdate:\n    msg = hl7.parse(raw)\n    return BedUpdate(\n"
           "        mrn=str(msg[\"PID.F3.R1.C1\"]),\n        family=msg.unescape(str(msg[\"PID.F5.R1.C1\"])),\n"
           "        given=msg.unescape(str(msg[\"PID.F5.R1.C2\"])),\n"
           "        middle=msg.unescape(str(msg[\"PID.F5.R1.C3\"])),\n    )\n", bad)
    s.bash("pytest tests/test_handlers.py -q", "Run the tests, with a repeated-name fixture added",
           out=".........                                                                [100%]\n9 passed in 0.21s")
    s.say("`on_a08` now uses `hl7.parse()` and reads `PID.F5.R1.C1..C3` (first repetition only) through "
          "`msg.unescape()`. I added the SMITH^ANNA^M~SMYTHE^ANNA message as a fixture; bed 14 would show ANNA M SMITH.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H10L12_CORR = ("nope. customer text never goes into ^FD as is: a ^ or ~ in a company name ends the field or runs a "
               "printer command (a whole batch came out half blank because of one \"A^B Logistik\"). wrap it in "
               "zplField(), it hex-escapes for ^FH, and the template already has ^CI28 so umlauts come out right")

LABEL_GO = ("func shippingLabel(b *strings.Builder, o Order) {\n\tb.WriteString(\"^XA^CI28\\n\")\n"
            "\tfmt.Fprintf(b, \"^FO40,60^A0N,40,40^FH^FD%s^FS\\n\", zplField(o.Recipient.Name))\n"
            "\tfmt.Fprintf(b, \"^FO40,160^A0N,30,30^FH^FD%s^FS\\n\", zplField(o.Recipient.Street))\n"
            "\tb.WriteString(\"^XZ\\n\")\n}\n")

@lesson("H10L12", "zpl-labels", "rejected-then-instruction", ["customer text never goes into ^FD", "zplField()", "^FH"], [
    fire_edit(f"{DOCK}/label/return_label.go", "\tb.WriteString(\"^FO40,60^A0N,36,36^FDReturn to sender^FS\\n\")\n",
              "\tb.WriteString(\"^FO40,60^A0N,36,36^FDReturn to sender^FS\\n\")\n"
              "\tfmt.Fprintf(b, \"^FO40,110^A0N,28,28^FD%s^FS\\n\", ret.CustomerName)\n",
              note="raw order data in a field; no shared words"),
    fire_prompt("print the gift message the buyer typed at checkout on the packing slip label",
                note="free text from the order onto a label"),
    silent_edit(f"{DOCK}/label/return_label.go", "\tb.WriteString(\"^FO40,60^A0N,36,36^FDReturn to sender^FS\\n\")\n",
                "\tb.WriteString(\"^FO40,60^A0N,36,36^FDReturn to sender^FS\\n\")\n"
                "\tfmt.Fprintf(b, \"^FO40,110^A0N,28,28^FH^FD%s^FS\\n\", zplField(ret.CustomerName))\n",
                note="compliant: escaped"),
    silent_edit(f"{DOCK}/label/return_label.go", "^FO40,60^A0N,36,36^FDReturn to sender^FS",
                "^FO40,60^A0N,44,44^FDReturn to sender^FS", note="font size of a constant"),
])
def H10L12():
    s = Session("H10L12", DOCK, branch="feat/company-line", version="2.0.37", start="2025-10-13T11:50:00")
    s.prompt("B2B orders need the recipient's company name as a line between the name and the street on the 4x6 label")
    path = f"{DOCK}/label/shipping_label.go"
    s.read(path, LABEL_GO)
    s.reject("Edit", {"file_path": path,
                      "old_string": "\tfmt.Fprintf(b, \"^FO40,160^A0N,30,30^FH^FD%s^FS\\n\", zplField(o.Recipient.Street))\n",
                      "new_string": "\tif o.Recipient.Company != \"\" {\n"
                                    "\t\tfmt.Fprintf(b, \"^FO40,110^A0N,30,30^FD%s^FS\\n\", o.Recipient.Company)\n\t}\n"
                                    "\tfmt.Fprintf(b, \"^FO40,160^A0N,30,30^FH^FD%s^FS\\n\", zplField(o.Recipient.Street))\n",
                      "replace_all": False})
    s.prompt(H10L12_CORR, correction=True, think_secs=(10, 40))
    s.edit(path, "\tfmt.Fprintf(b, \"^FO40,160^A0N,30,30^FH^FD%s^FS\\n\", zplField(o.Recipient.Street))\n",
           "\tif o.Recipient.Company != \"\" {\n"
           "\t\tfmt.Fprintf(b, \"^FO40,110^A0N,30,30^FH^FD%s^FS\\n\", zplField(o.Recipient.Company))\n\t}\n"
           "\tfmt.Fprintf(b, \"^FO40,160^A0N,30,30^FH^FD%s^FS\\n\", zplField(o.Recipient.Street))\n", LABEL_GO)
    s.bash("go test ./label/ -run 'TestShippingLabel' -v 2>&1 | tail -3", "Run the label tests",
           out="--- PASS: TestShippingLabel/company_with_caret (0.00s)\nPASS\nok  \tshipdock/label\t0.014s")
    s.say("The company line goes through `zplField()` with `^FH`, only when there is a company. I added a test case with "
          "\"A^B Logistik\"; it renders as one field.", end=True)
    return s


# -----------------------------------------------------------------------------
H10L13_CORR = ("no no no, hold on. money back to a customer is always a refund of the original payment: "
               "Payments.refund(psp_reference:, amount_cents:) against booking.deposit_psp_reference. never a payout or a "
               "fresh transfer, those don't reconcile with the capture and finance can't match them. and the amount is what "
               "we actually captured minus what's already been refunded, not the bike's current deposit price")

CANCEL_RB = ("class Cancellation\n  def initialize(booking)\n    @booking = booking\n  end\n\n  def call\n"
             "    @booking.update!(state: :cancelled, cancelled_at: Time.current)\n"
             "    BookingMailer.cancelled(@booking).deliver_later\n  end\nend\n")

PAYOUT_RB = ("    if @booking.created_at > 24.hours.ago\n"
             "      Payouts.create(iban: @booking.customer.iban, amount_cents: @booking.bike.deposit_cents,\n"
             "                     reference: \"deposit-#{@booking.id}\")\n    end\n")

@lesson("H10L13", "payment-refunds", "interrupted-mid-message", ["refund of the original payment", "never a payout",
                                                                "what we actually captured"], [
    fire_prompt("when a ride is cut short by a flat tyre, reimburse the rider's bank account for the unused hours",
                note="asks to send money to a bank account; no shared words"),
    fire_edit(f"{CYCLE}/app/services/waiver_reversal.rb", "    # TODO: give the waiver fee back\n",
              "    Payouts.create(iban: @rental.customer.iban, amount_cents: WaiverFee.current.amount_cents,\n"
              "                   reference: \"waiver-#{@rental.id}\")\n", note="payout at the current fee"),
    silent_edit(f"{CYCLE}/app/services/waiver_reversal.rb", "    # TODO: give the waiver fee back\n",
                "    Payments.refund(psp_reference: @rental.waiver_psp_reference,\n"
                "                    amount_cents: @rental.waiver_captured_cents - @rental.waiver_refunded_cents)\n",
                note="compliant refund"),
    silent_bash("bundle exec rspec spec/services/cancellation_spec.rb", "Run the cancellation specs",
                note="related, harmless"),
])
def H10L13():
    s = Session("H10L13", CYCLE, branch="feat/free-cancellation", version="2.1.31", start="2026-03-09T09:35:00")
    s.prompt("customers who cancel within 24h of booking should get their deposit back automatically")
    path = f"{CYCLE}/app/services/cancellation.rb"
    s.read(path, CANCEL_RB)
    s.edit(path, "    BookingMailer.cancelled(@booking).deliver_later\n",
           PAYOUT_RB + "    BookingMailer.cancelled(@booking).deliver_later\n", CANCEL_RB)
    s.say("Cancellations within 24 hours now pay the bike's deposit back to the customer's IBAN. I'll also wire the same "
          "payout into the admin \"give deposit back\" button so support can")
    s.interrupt()
    s.prompt(H10L13_CORR, correction=True, think_secs=(5, 20))
    bad = CANCEL_RB.replace("    BookingMailer.cancelled(@booking).deliver_later\n",
                            PAYOUT_RB + "    BookingMailer.cancelled(@booking).deliver_later\n")
    s.edit(path, PAYOUT_RB,
           "    if @booking.created_at > 24.hours.ago\n"
           "      refundable = @booking.deposit_captured_cents - @booking.deposit_refunded_cents\n"
           "      Payments.refund(psp_reference: @booking.deposit_psp_reference, amount_cents: refundable) if "
           "refundable.positive?\n    end\n", bad)
    s.bash("bundle exec rspec spec/services/cancellation_spec.rb", "Run the cancellation specs",
           out="......\n\nFinished in 0.84 seconds (files took 2.1 seconds to load)\n6 examples, 0 failures")
    s.say("The deposit now goes back as `Payments.refund` against `deposit_psp_reference`, for what was captured minus "
          "what's already refunded. No payout anywhere, and I left the admin button alone.", end=True)
    return s


# -----------------------------------------------------------------------------
H10L14_CORR = ("nice, it sticks now. big caveat though: don't confirm at the top of main(). "
               "confirm only after the self-test passes (modem registered, M-Bus answering, MQTT connected). an image that "
               "boots in test mode and isn't confirmed is what lets MCUboot roll back a broken build on the next reset; "
               "confirming first thing means one bad OTA bricks 4,000 gateways in basements we can't get into")

MAIN_C = ("#include <zephyr/kernel.h>\n#include <zephyr/dfu/mcuboot.h>\n#include \"modem.h\"\n#include \"meterbus.h\"\n"
          "#include \"uplink.h\"\n\nint main(void)\n{\n\tmodem_init();\n\tmeterbus_init();\n\tuplink_start();\n"
          "\treturn 0;\n}\n")

HEALTH_C = ("void selftest_done(bool ok)\n{\n\tif (!ok) {\n\t\tLOG_ERR(\"self-test failed\");\n\t\treturn;\n\t}\n"
            "\tLOG_INF(\"self-test ok\");\n}\n")

@lesson("H10L14", "mcuboot-image-confirm", "nice-but-caveat", ["don't confirm at the top of main()",
                                                                    "only after the self-test passes",
                                                                    "roll back a broken build"], [
    fire_prompt("mark the freshly installed firmware as permanent during early init so the device stops reverting to "
                "the earlier slot", note="asks to accept the image at startup; no shared words"),
    fire_edit(f"{GATEWAY}/src/main.c", "int main(void)\n{\n\tmodem_init();\n",
              "int main(void)\n{\n\tif (!boot_is_img_confirmed()) {\n\t\tboot_write_img_confirmed();\n\t}\n"
              "\tmodem_init();\n", note="confirms before anything is checked"),
    silent_edit(f"{GATEWAY}/src/health.c", "\tLOG_INF(\"self-test ok\");\n",
                "\tLOG_INF(\"self-test ok\");\n\tif (!boot_is_img_confirmed()) {\n\t\tboot_write_img_confirmed();\n\t}\n",
                note="compliant: after the self-test"),
    silent_bash("west build -b nrf9160dk/nrf9160/ns -p auto", "Build the firmware", note="related, harmless"),
])
def H10L14():
    s = Session("H10L14", GATEWAY, branch="fix/ota-revert", version="2.1.9", start="2026-02-25T15:10:00")
    s.prompt("after an OTA the gateway runs the new image once and then goes back to the old one on the next reboot. make "
             "updates stick")
    path = f"{GATEWAY}/src/main.c"
    s.read(path, MAIN_C)
    s.edit(path, "int main(void)\n{\n\tmodem_init();\n",
           "int main(void)\n{\n\tboot_write_img_confirmed();\n\tmodem_init();\n", MAIN_C)
    s.bash("west build -b nrf9160dk/nrf9160/ns -p auto && mcumgr -c gw image upload build/zephyr/app_update.bin && "
           "mcumgr -c gw image test $(mcumgr -c gw image list | awk '/slot=1/{f=1} f&&/hash/{print $2; exit}') && "
           "mcumgr -c gw reset && sleep 40 && mcumgr -c gw reset && sleep 40 && mcumgr -c gw image list | head -4",
           "Build, OTA, reboot twice and check the slots", lo=120, hi=240,
           out="Images:\n image=0 slot=0\n    version: 2.4.1\n    flags: active confirmed")
    s.say("The app now confirms its image at the start of `main()`, so MCUboot keeps it. Tested with an OTA and two "
          "reboots: slot 0 runs 2.4.1, active and confirmed.", end=True)
    s.prompt(H10L14_CORR, correction=True, think_secs=(120, 600))
    bad = MAIN_C.replace("int main(void)\n{\n\tmodem_init();\n", "int main(void)\n{\n\tboot_write_img_confirmed();\n"
                         "\tmodem_init();\n")
    s.edit(path, "\tboot_write_img_confirmed();\n", "", bad)
    s.edit(f"{GATEWAY}/src/health.c", "\tLOG_INF(\"self-test ok\");\n",
           "\tLOG_INF(\"self-test ok\");\n\tif (!boot_is_img_confirmed()) {\n\t\tboot_write_img_confirmed();\n\t}\n",
           HEALTH_C)
    s.say("Moved the confirm into `selftest_done()`: it only runs once modem, M-Bus and MQTT checks have passed, so an "
          "image that fails them stays unconfirmed and MCUboot swaps back on the next reset. Not flashed yet; want me "
          "to repeat the OTA test, including one with the modem antenna unplugged?", end=True)
    return s


# -----------------------------------------------------------------------------
H10L15_CORR = ("pls dont put setwd() in the scripts, thats your path and it breaks on everyone elses machine and on the CI "
               "runner. theres an .Rproj and renv, so build paths with here::here(\"data\", \"raw\", \"counts_2025.csv\"), "
               "that works wherever R was started from")

CLEAN_R = ("library(dplyr)\nlibrary(readr)\n\ncounts <- read_csv(\"data/raw/counts_2025.csv\")\n")

@lesson("H10L15", "r-project-paths", "annoyed-typos", ["dont put setwd()", "here::here",
                                                      "breaks on everyone elses machine"], [
    fire_prompt("make plot_map.R jump into ~/projects/vole-survey before anything else so the relative file names resolve",
                note="asks to change directory at the top; no shared words"),
    fire_edit(f"{VOLES}/R/fit_occupancy.R", "library(unmarked)\n",
              "library(unmarked)\nsource(\"/home/tomas/projects/vole-survey/R/utils.R\")\n",
              note="absolute path in a script; no shared words"),
    silent_edit(f"{VOLES}/R/fit_occupancy.R", "library(unmarked)\n",
                "library(unmarked)\nsites <- read.csv(here::here(\"data\", \"sites.csv\"))\n", note="compliant"),
    silent_bash("Rscript -e 'renv::status()'", "Check the renv lockfile", note="related, harmless"),
])
def H10L15():
    s = Session("H10L15", VOLES, branch="main", version="2.0.14", start="2025-09-18T13:20:00")
    s.prompt("clean_counts.R fails for me: cannot open file 'data/raw/counts_2025.csv': No such file or directory. "
             "I run it from the R/ folder in RStudio")
    path = f"{VOLES}/R/clean_counts.R"
    s.read(path, CLEAN_R)
    s.edit(path, "library(dplyr)\n", "setwd(\"/home/tomas/projects/vole-survey\")\n\nlibrary(dplyr)\n", CLEAN_R)
    s.bash("cd R && Rscript clean_counts.R && echo ok", "Run it from R/", out="Rows: 4812 Columns: 9\nok")
    s.say("Added `setwd()` to the project root at the top, so the relative paths resolve wherever you start it. It runs "
          "from `R/` now.", end=True)
    s.prompt(H10L15_CORR, correction=True, think_secs=(15, 60))
    bad = "setwd(\"/home/tomas/projects/vole-survey\")\n\nlibrary(dplyr)\n" + CLEAN_R[len("library(dplyr)\n"):]
    s.edit(path, "setwd(\"/home/tomas/projects/vole-survey\")\n\nlibrary(dplyr)\n", "library(dplyr)\n", bad)
    s.edit(path, "counts <- read_csv(\"data/raw/counts_2025.csv\")\n",
           "counts <- read_csv(here::here(\"data\", \"raw\", \"counts_2025.csv\"))\n", CLEAN_R)
    s.bash("cd R && Rscript clean_counts.R && cd .. && Rscript R/clean_counts.R && echo ok", "Run it from both places",
           out="Rows: 4812 Columns: 9\nRows: 4812 Columns: 9\nok")
    s.say("Removed the `setwd()`; the CSV path is built with `here::here()` and the script runs from `R/` and from the "
          "project root.", end=True)
    return s


# -----------------------------------------------------------------------------
H10L16_CORR = ("Nope. after an await, context can belong to a widget that's already gone (user taps back while the save is "
               "in flight, and you get \"Looking up a deactivated widget's ancestor is unsafe\"). after every await, "
               "if (!context.mounted) return; before you touch context again, and leave the use_build_context_synchronously "
               "lint on, don't ignore it")

EDIT_ITEM = ("  Future<void> _save() async {\n    await repo.save(_item);\n  }\n")

EDIT_IGNORED = ("  Future<void> _save() async {\n    await repo.save(_item);\n"
                "    // ignore: use_build_context_synchronously\n"
                "    ScaffoldMessenger.of(context).showSnackBar(const SnackBar(content: Text('Saved')));\n"
                "    // ignore: use_build_context_synchronously\n    Navigator.of(context).pop();\n  }\n")

@lesson("H10L16", "flutter-async-context", "terse-nope", ["if (!context.mounted) return;",
                                                         "use_build_context_synchronously", "after every await"], [
    fire_prompt("once the photo upload finishes, pop the dialog and flash a toast saying it's done",
                note="UI calls after an async step; no shared words"),
    fire_edit(f"{PANTRY}/lib/screens/scan_screen.dart", "    final product = await barcodeApi.lookup(code);\n",
              "    final product = await barcodeApi.lookup(code);\n"
              "    Navigator.of(context).push(MaterialPageRoute(builder: (_) => ProductSheet(product)));\n",
              note="navigates with context right after an await"),
    silent_edit(f"{PANTRY}/lib/screens/scan_screen.dart", "    final product = await barcodeApi.lookup(code);\n",
                "    final product = await barcodeApi.lookup(code);\n    if (!context.mounted) return;\n"
                "    Navigator.of(context).push(MaterialPageRoute(builder: (_) => ProductSheet(product)));\n",
                note="compliant: mounted check"),
    silent_bash("flutter analyze lib/screens", "Analyze the screens", note="related, harmless"),
])
def H10L16():
    s = Session("H10L16", PANTRY, branch="feat/save-feedback", version="2.0.76", start="2025-12-04T17:05:00")
    s.prompt("after saving an item on the edit screen, show a 'Saved' snackbar and go back to the list")
    path = f"{PANTRY}/lib/screens/edit_item_screen.dart"
    s.read(path, EDIT_ITEM, offset=41, limit=3, total=118)
    s.edit(path, "    await repo.save(_item);\n  }\n",
           "    await repo.save(_item);\n    ScaffoldMessenger.of(context).showSnackBar(const SnackBar(content: "
           "Text('Saved')));\n    Navigator.of(context).pop();\n  }\n", EDIT_ITEM)
    s.bash("flutter analyze lib/screens/edit_item_screen.dart", "Analyze", code=1,
           out="   info • Don't use 'BuildContext's across async gaps • lib/screens/edit_item_screen.dart:44:26 • "
               "use_build_context_synchronously\n   info • Don't use 'BuildContext's across async gaps • "
               "lib/screens/edit_item_screen.dart:45:15 • use_build_context_synchronously\n\n2 issues found.")
    mid = EDIT_ITEM.replace("    await repo.save(_item);\n  }\n",
                            "    await repo.save(_item);\n    ScaffoldMessenger.of(context).showSnackBar(const SnackBar("
                            "content: Text('Saved')));\n    Navigator.of(context).pop();\n  }\n")
    s.write(path, EDIT_IGNORED, original=mid)
    s.say("Saving now shows a \"Saved\" snackbar and pops back to the list. I silenced the two analyzer infos on those "
          "lines; the context is still valid right after the save in practice.", end=True)
    s.prompt(H10L16_CORR, correction=True, think_secs=(15, 60))
    s.write(path, "  Future<void> _save() async {\n    await repo.save(_item);\n    if (!context.mounted) return;\n"
                  "    ScaffoldMessenger.of(context).showSnackBar(const SnackBar(content: Text('Saved')));\n"
                  "    Navigator.of(context).pop();\n  }\n", original=EDIT_IGNORED)
    s.bash("flutter analyze lib/screens/edit_item_screen.dart", "Analyze again", out="No issues found! (ran in 1.9s)")
    s.say("Removed the ignore comments and added `if (!context.mounted) return;` after the save; the analyzer is clean "
          "with the lint on.", end=True)
    return s
