"""gen-holdout-12: lessons about code (millis() deadlines that break on rollover in Arduino firmware, SOQL and DML inside
loops in an Apex trigger handler, per-cell calls in a Google Apps Script, wall-clock time in a ROS 2 node, counts glued
to nouns instead of ICU plurals in a React app, focus outlines removed in the checkout's SCSS, credentials interpolated
by Groovy in a Jenkinsfile, NOLOCK hints in a T-SQL reporting view)."""
from cc import Session
from registry import (
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

GLASS = "/home/marek/firmware/glasshouse-ctl"
SFDX = "/home/lucia/sfdx/fieldops-org"
GAS = "/Users/joao/dev/stock-sheet-scripts"
ROS = "/home/hana/ros2_ws/src/orchard_nav"
DRIVE = "/Users/ola/dev/shared-drive-web"
SHOP = "/home/ines/src/bakery-webshop"
BILL = "/home/piotr/src/billing-service"
DWH = "/home/gintare/sql/dwh-finance"


# -----------------------------------------------------------------------------
H12L09_CORR = ("Ilona's review on the PR:\n> `if (millis() > openedAt + VENT_MAX_OPEN_MS && ...` breaks after 49.7 days "
               "when millis() wraps: openedAt + 20 min overflows first, and then the vent shuts at once or never. these "
               "boards run for months.\n```suggestion\n  if (millis() - openedAt >= VENT_MAX_OPEN_MS && temp < 18.0f) {\n"
               "```\nso: elapsed time is always now - start >= interval on unsigned long, never interval added to a "
               "timestamp.")

VENT = ("#include \"vent.h\"\n\nstatic unsigned long openedAt = 0;\nstatic bool isOpen = false;\n\n"
        "void ventLoop(float temp) {\n  if (!isOpen && temp > 26.0f) {\n    motorOpen();\n    isOpen = true;\n"
        "    openedAt = millis();\n  }\n}\n")
VENT_BAD = VENT.replace("    openedAt = millis();\n  }\n}\n",
                        "    openedAt = millis();\n  }\n  if (isOpen && millis() > openedAt + VENT_MAX_OPEN_MS && temp < "
                        "18.0f) {\n    motorClose();\n    isOpen = false;\n  }\n}\n")

@lesson("H12L09", "millis-rollover", "review-suggestion-block", ["now - start >= interval", "millis() wraps",
                                                                 "49.7 days"], [
    fire_edit(f"{GLASS}/src/stepper.cpp", "  if (micros() - lastStep >= STEP_INTERVAL_US) {\n",
              "  if (micros() >= lastStep + STEP_INTERVAL_US) {\n", note="deadline by addition on micros(); no shared "
              "words"),
    fire_prompt("make the irrigation pump run every 6 hours: store nextRun = millis() + SIX_HOURS and start it when "
                "millis() passes nextRun", note="asks for an added-deadline timer"),
    silent_edit(f"{GLASS}/src/vent.cpp", "  if (!isOpen && temp > 26.0f) {\n", "  if (!isOpen && temp > 27.0f) {\n",
                note="threshold tweak"),
    silent_bash("pio test -e native", "Run the native unit tests", note="tests"),
])
def H12L09():
    s = Session("H12L09", GLASS, branch="feat/vent-timeout", version="2.0.37", start="2026-11-10T19:00:00")
    s.prompt("the vent should close again if it has been open longer than 20 minutes and the temperature dropped below "
             "18 °C")
    path = f"{GLASS}/src/vent.cpp"
    s.read(path, VENT)
    s.edit(path, "    openedAt = millis();\n  }\n}\n",
           "    openedAt = millis();\n  }\n  if (isOpen && millis() > openedAt + VENT_MAX_OPEN_MS && temp < 18.0f) {\n"
           "    motorClose();\n    isOpen = false;\n  }\n}\n", VENT)
    s.bash("pio run -e uno && git commit -qam \"vent: close after 20 min below 18C\" && git push -q",
           "Build, commit and push", out="RAM:   [==        ]  21.4% (used 438 bytes from 2048 bytes)\n"
           "Flash: [====      ]  38.9% (used 12544 bytes from 32256 bytes)\n========== [SUCCESS] Took 3.12 seconds")
    s.say("The vent closes when it has been open for more than `VENT_MAX_OPEN_MS` (20 min) and the temperature is under "
          "18 °C. It builds for the Uno and the branch is pushed.", end=True)
    s.prompt(H12L09_CORR, correction=True, think_secs=(900, 3600))
    s.edit(path, "  if (isOpen && millis() > openedAt + VENT_MAX_OPEN_MS && temp < 18.0f) {\n",
           "  if (isOpen && millis() - openedAt >= VENT_MAX_OPEN_MS && temp < 18.0f) {\n", VENT_BAD)
    s.grep("millis\\(\\) *[<>]=? *[A-Za-z_]+ *\\+", path=f"{GLASS}/src", mode="content",
           lines=[GLASS + "/src/mister.cpp:31:  if (millis() > lastMist + MIST_PERIOD_MS) {"])
    s.edit(f"{GLASS}/src/mister.cpp", "  if (millis() > lastMist + MIST_PERIOD_MS) {\n",
           "  if (millis() - lastMist >= MIST_PERIOD_MS) {\n",
           "void misterLoop() {\n  if (millis() > lastMist + MIST_PERIOD_MS) {\n    mistOn();\n")
    s.bash("pio test -e native -f test_timing && pio run -e uno", "Rollover test and build",
           out="test/test_timing/test_main.cpp:44: test_vent_closes_across_rollover [PASSED]\n"
               "test/test_timing/test_main.cpp:58: test_mister_across_rollover [PASSED]\n"
               "=========== 2 test cases: 2 succeeded ===========\n========== [SUCCESS] Took 3.04 seconds")
    s.say("Both checks now compare elapsed time (`millis() - start >= interval`, unsigned long): the vent and the mister "
          "in `mister.cpp`, which had the same pattern. A native test starts the timers 5 minutes before the 49.7-day "
          "wrap and both fire on time.", end=True)
    return s


# -----------------------------------------------------------------------------
H12L10_CORR = ("the nightly load of 400 work orders into the full sandbox blew up:\n```\n02:14:09.412 (4120338812)|"
               "FATAL_ERROR|System.LimitException: Too many SOQL queries: 101\nTrigger.WorkOrderTrigger: line 3, column 1\n"
               "Class.WorkOrderTriggerHandler.afterUpdate: line 14, column 1\n```\nclassic. a trigger gets up to 200 records "
               "at a time: query once for the whole batch (collect the ids in a Set, one SELECT ... WHERE Id IN :ids into a "
               "Map), collect the changes in a list and do one update after the loop.")

HANDLER = ("public with sharing class WorkOrderTriggerHandler {\n    public static void afterUpdate(List<WorkOrder> newList, "
           "Map<Id, WorkOrder> oldMap) {\n    }\n}\n")
HANDLER_BAD = ("public with sharing class WorkOrderTriggerHandler {\n    public static void afterUpdate(List<WorkOrder> newList, "
               "Map<Id, WorkOrder> oldMap) {\n        for (WorkOrder wo : newList) {\n"
               "            if (wo.Status == 'Completed' && oldMap.get(wo.Id).Status != 'Completed' && wo.AssetId != null) "
               "{\n                Asset a = [SELECT Id, Last_Serviced__c FROM Asset WHERE Id = :wo.AssetId];\n"
               "                a.Last_Serviced__c = wo.EndDate.date();\n                update a;\n            }\n"
               "        }\n    }\n}\n")

@lesson("H12L10", "apex-bulkification", "pasted-debug-log", ["Too many SOQL queries: 101", "query once for the whole batch",
                                                             "one update after the loop"], [
    fire_edit(f"{SFDX}/force-app/main/default/classes/CaseEscalation.cls",
              "        for (Case c : escalated) {\n            c.Priority = 'High';\n",
              "        for (Case c : escalated) {\n            c.Priority = 'High';\n"
              "            insert new Task(WhatId = c.Id, Subject = 'Call back customer', OwnerId = c.OwnerId);\n",
              note="DML inside a for"),
    fire_prompt("when an Account moves to another region, go through its contacts and fetch each one's mailing country "
                "to copy across", note="invites a lookup per record; no shared words"),
    silent_edit(f"{SFDX}/force-app/main/default/classes/WorkOrderTriggerHandlerTest.cls",
                "        System.assertEquals(1, updated.size());\n", "        System.assertEquals(200, updated.size());\n",
                note="test tweak"),
    silent_bash("sf apex run test --class-names WorkOrderTriggerHandlerTest --target-org fs-full --result-format human "
                "--wait 10", "Run the handler tests", note="tests"),
])
def H12L10():
    s = Session("H12L10", SFDX, branch="feature/asset-last-serviced", version="2.1.7", start="2026-11-12T10:00:00")
    s.prompt("when a Work Order is completed, set the related Asset's Last_Serviced__c to the work order's end date")
    path = f"{SFDX}/force-app/main/default/classes/WorkOrderTriggerHandler.cls"
    s.read(path, HANDLER)
    s.write(path, HANDLER_BAD, original=HANDLER)
    s.bash("sf project deploy start --source-dir force-app --target-org fs-full --test-level RunSpecifiedTests "
           "--tests WorkOrderTriggerHandlerTest --wait 20", "Deploy to the full sandbox with the handler test", lo=40,
           hi=120, out="Deploy Succeeded.\nTest Results: 1 passing, 0 failing (WorkOrderTriggerHandlerTest)\n"
           "Code coverage: WorkOrderTriggerHandler 100%")
    s.say("Completing a Work Order now sets `Last_Serviced__c` on its Asset to the end date. Deployed to the full sandbox; "
          "the test passes with 100% coverage.", end=True)
    s.prompt(H12L10_CORR, correction=True, think_secs=(3600, 9000))
    s.write(path, "public with sharing class WorkOrderTriggerHandler {\n    public static void afterUpdate(List<WorkOrder> "
            "newList, Map<Id, WorkOrder> oldMap) {\n        Map<Id, Date> servicedOn = new Map<Id, Date>();\n"
            "        for (WorkOrder wo : newList) {\n            if (wo.Status == 'Completed' && oldMap.get(wo.Id).Status != "
            "'Completed' && wo.AssetId != null) {\n                servicedOn.put(wo.AssetId, wo.EndDate.date());\n"
            "            }\n        }\n        if (servicedOn.isEmpty()) {\n            return;\n        }\n"
            "        List<Asset> assets = [SELECT Id FROM Asset WHERE Id IN :servicedOn.keySet()];\n"
            "        for (Asset a : assets) {\n            a.Last_Serviced__c = servicedOn.get(a.Id);\n        }\n"
            "        update assets;\n    }\n}\n", original=HANDLER_BAD)
    s.bash("sf project deploy start --source-dir force-app --target-org fs-full --test-level RunSpecifiedTests "
           "--tests WorkOrderTriggerHandlerTest --wait 20", "Deploy with the 200-record test", lo=40, hi=120,
           out="Deploy Succeeded.\nTest Results: 2 passing, 0 failing (WorkOrderTriggerHandlerTest)\n"
               "SOQL queries (bulk test, 200 work orders): 1 of 100; DML statements: 1 of 150")
    s.say("The handler collects the asset ids first, runs one query for the whole batch and does one `update` after the "
          "loop. A new test completes 200 work orders in one update: 1 SOQL query and 1 DML statement.", end=True)
    return s


# -----------------------------------------------------------------------------
H12L11_CORR = ("it stopped with \"Exceeded maximum execution time\" at row 2,130 of 4,000. quick question: how many trips "
               "to the spreadsheet service does your loop make for each row, and what does that add up to at 4,000 rows?")

FLAG_BAD = ("function flagReorder() {\n  const sheet = SpreadsheetApp.getActive().getSheetByName('Inventory');\n"
            "  const last = sheet.getLastRow();\n  for (let r = 2; r <= last; r++) {\n"
            "    const stock = sheet.getRange(r, 6).getValue();\n    const reorderAt = sheet.getRange(r, 7).getValue();\n"
            "    if (stock < reorderAt) {\n      sheet.getRange(r, 8).setValue('REORDER');\n"
            "      sheet.getRange(r, 1, 1, 8).setBackground('#ffd8a8');\n    }\n  }\n}\n")

@lesson("H12L11", "apps-script-batching", "socratic-question", ["Exceeded maximum execution time",
                                                                "how many trips to the spreadsheet service"], [
    fire_edit(f"{GAS}/src/priceUpdate.js", "  const prices = loadPrices();\n",
              "  const prices = loadPrices();\n  for (let r = 2; r <= sheet.getLastRow(); r++) {\n"
              "    const sku = sheet.getRange(r, 1).getValue();\n    sheet.getRange(r, 5).setValue(prices[sku] || '');\n"
              "  }\n", note="getValue/setValue per cell; no shared words"),
    fire_prompt("add a helper that colours each overdue cell in column C red, going down the rows one by one",
                note="asks for cell-by-cell formatting"),
    silent_edit(f"{GAS}/src/flagReorder.js", "const HIGHLIGHT = '#ffd8a8';\n", "const HIGHLIGHT = '#ffc078';\n",
                note="colour constant"),
    silent_bash("clasp push", "Push the scripts", note="deploy"),
])
def H12L11():
    s = Session("H12L11", GAS, branch="main", version="2.0.14", start="2026-11-05T15:30:00")
    s.prompt("in the Inventory sheet, mark rows where stock (F) is below the reorder level (G): put REORDER in column H "
             "and make the row orange")
    s.write(f"{GAS}/src/flagReorder.js", FLAG_BAD)
    s.bash("clasp push", "Push to the script project", out="└─ src/flagReorder.js\nPushed 4 files.")
    s.say("Added `flagReorder()` in `src/flagReorder.js` and pushed it. Run it from the Extensions menu or add a "
          "time-driven trigger.", end=True)
    s.prompt(H12L11_CORR, correction=True, think_secs=(400, 900))
    s.write(f"{GAS}/src/flagReorder.js",
            "const HIGHLIGHT = '#ffd8a8';\n\nfunction flagReorder() {\n"
            "  const sheet = SpreadsheetApp.getActive().getSheetByName('Inventory');\n"
            "  const n = sheet.getLastRow() - 1;\n  const range = sheet.getRange(2, 1, n, 8);\n"
            "  const values = range.getValues();\n  const colours = range.getBackgrounds();\n"
            "  values.forEach((v, i) => {\n    if (v[5] < v[6]) {\n      v[7] = 'REORDER';\n"
            "      colours[i] = colours[i].map(() => HIGHLIGHT);\n    }\n  });\n"
            "  range.setValues(values);\n  range.setBackgrounds(colours);\n}\n", original=FLAG_BAD)
    s.bash("clasp push && clasp run flagReorder", "Push and run it",
           out="Pushed 4 files.\nRunning in dev mode.\nNo response. (execution time 3.8 s)")
    s.say("Up to four calls per row: two `getValue`, a `setValue` and a `setBackground`, so around 8,000 to 16,000 "
          "round trips for 4,000 rows, each tens of milliseconds, which runs past the 6-minute limit. Now it reads the "
          "block once (`getValues`, `getBackgrounds`), works on the arrays and writes back once (`setValues`, "
          "`setBackgrounds`): four calls in total, 3.8 s for all 4,000 rows.", end=True)
    return s


# -----------------------------------------------------------------------------
H12L12_CORR = "stop. node clock, not time.time(). we replay bags at 4x with use_sim_time, wall time makes every timeout wrong there"

FOLLOWER = ("import time\n\nimport rclpy\nfrom rclpy.node import Node\n\n\nclass WaypointFollower(Node):\n"
            "    def __init__(self):\n        super().__init__('waypoint_follower')\n"
            "        self.timeout_s = self.declare_parameter('waypoint_timeout', 30.0).value\n"
            "        self.started = None\n")
FOLLOWER_BAD = FOLLOWER + ("\n    def on_new_waypoint(self, wp):\n        self.current = wp\n        self.started = "
                           "time.time()\n\n    def tick(self):\n        if self.started and time.time() - self.started > "
                           "self.timeout_s:\n            self.get_logger().warn('waypoint timeout, skipping')\n"
                           "            self.advance()\n")

@lesson("H12L12", "ros2-node-clock", "interrupted-then-terse", ["node clock, not time.time()", "use_sim_time"], [
    fire_edit(f"{ROS}/orchard_nav/battery_monitor.py", "        self.low_since = None\n",
              "        self.low_since = datetime.now()\n", note="datetime.now() in a node; no shared words"),
    fire_write(f"{ROS}/orchard_nav/obstacle_pause.py",
               "import time\n\nfrom rclpy.node import Node\n\n\nclass ObstaclePause(Node):\n    def __init__(self):\n"
               "        super().__init__('obstacle_pause')\n        self.paused_at = None\n\n    def on_obstacle(self, msg):\n"
               "        self.paused_at = time.monotonic()\n\n    def resume_due(self):\n"
               "        return self.paused_at and time.monotonic() - self.paused_at > 5.0\n",
               note="new node timing with the process clock"),
    silent_edit(f"{ROS}/config/follower.yaml", "    waypoint_timeout: 30.0\n", "    waypoint_timeout: 45.0\n",
                note="parameter value"),
    silent_bash("ros2 bag info bags/row14_2026-11-20", "Bag info", note="read-only"),
])
def H12L12():
    s = Session("H12L12", ROS, branch="feat/waypoint-timeout", version="2.1.31", start="2026-11-21T10:45:00")
    s.prompt("the waypoint follower should give up on a waypoint after 30 s and go to the next one. test it on the row 14 "
             "bag")
    path = f"{ROS}/orchard_nav/waypoint_follower.py"
    s.read(path, FOLLOWER, offset=1, limit=11, total=96)
    s.edit(path, "        self.started = None\n", FOLLOWER_BAD[len(FOLLOWER) - len("        self.started = None\n"):],
           FOLLOWER)
    s.bash("cd ~/ros2_ws && colcon build --packages-select orchard_nav", "Build the package", lo=10, hi=40,
           out="Starting >>> orchard_nav\nFinished <<< orchard_nav [2.31s]\n\nSummary: 1 package finished [2.6s]")
    s.say("Built. Now replaying the row 14 bag with the follower running.")
    s.interrupt_tool("Bash", {"command": "cd ~/ros2_ws && source install/setup.bash && (ros2 bag play "
                                         "bags/row14_2026-11-20 --clock --rate 4 &) && ros2 launch orchard_nav "
                                         "follow.launch.py use_sim_time:=true",
                              "description": "Replay the bag at 4x and run the follower"})
    s.prompt(H12L12_CORR, correction=True, think_secs=(3, 15))
    f2 = s.edit(path, "import time\n\nimport rclpy\nfrom rclpy.node import Node\n",
                "import rclpy\nfrom rclpy.duration import Duration\nfrom rclpy.node import Node\n", FOLLOWER_BAD)
    f3 = s.edit(path, "        self.started = time.time()\n", "        self.started = self.get_clock().now()\n", f2)
    s.edit(path, "        if self.started and time.time() - self.started > self.timeout_s:\n",
           "        if self.started and self.get_clock().now() - self.started > Duration(seconds=self.timeout_s):\n", f3)
    s.bash("cd ~/ros2_ws && colcon build --packages-select orchard_nav && colcon test --packages-select orchard_nav "
           "--pytest-args -k timeout && colcon test-result --verbose | tail -1", "Build and run the timeout test",
           lo=20, hi=60, out="Summary: 4 tests, 0 errors, 0 failures, 0 skipped")
    s.say("`started` and the check both use `self.get_clock().now()` with a `Duration` now, so with "
          "`use_sim_time` on the bag's 4x clock a waypoint is dropped after 30 s of bag time, not 30 s of wall time. The "
          "timeout test passes; want me to run the replay now?", end=True)
    return s


# -----------------------------------------------------------------------------
H12L13_CORR = ("QA-2291 (Kasia, Polish QA): \"Toolbar shows '5 plik zaznaczone', should be '5 plików zaznaczonych'. "
               "Polish has three plural forms (1 plik, 2–4 pliki, 5+ plików), Arabic has six. Also the word order is "
               "fixed to English.\"\ncounts go into one ICU message with plural in it, {count, plural, one {# file "
               "selected} other {# files selected}}, and the translators write every form for their language. no gluing "
               "number + noun.")

TOOLBAR = ("export function Toolbar({ selected }: { selected: FileItem[] }) {\n  const intl = useIntl();\n  return (\n"
           "    <div className=\"toolbar\">\n      <ShareButton disabled={!selected.length} />\n    </div>\n  );\n}\n")
TOOLBAR_BAD = TOOLBAR.replace("      <ShareButton disabled={!selected.length} />\n",
                              "      {selected.length > 0 && (\n        <span>\n          {selected.length}{' '}\n"
                              "          {intl.formatMessage({ id: selected.length === 1 ? 'toolbar.file' : "
                              "'toolbar.files' })}{' '}\n          {intl.formatMessage({ id: 'toolbar.selected' })}\n"
                              "        </span>\n      )}\n      <ShareButton disabled={!selected.length} />\n")

@lesson("H12L13", "icu-plurals", "pasted-qa-ticket", ["one ICU message with plural", "no gluing number + noun",
                                                      "three plural forms"], [
    fire_edit(f"{DRIVE}/src/components/TrashBanner.tsx", "      <span>{t('trash.empty')}</span>\n",
              "      <span>{days} {t('trash.days')} {t('trash.untilDeleted')}</span>\n",
              note="a count followed by a separate word; no shared words"),
    fire_prompt("on the sharing dialog show how many people have access, '1 person' or '3 people', pick the word with a "
                "ternary", note="asks for an English-only singular/plural switch"),
    silent_edit(f"{DRIVE}/src/i18n/messages/en.json", "  \"members.title\": \"Members\",\n",
                "  \"members.title\": \"Members\",\n  \"members.count\": \"{count, plural, one {# member} other {# "
                "members}}\",\n", note="compliant plural message"),
    silent_prompt("what does the # stand for inside an ICU plural branch?", note="question"),
])
def H12L13():
    s = Session("H12L13", DRIVE, branch="feat/selection-count", version="2.0.76", start="2026-11-13T11:00:00")
    s.prompt("show 'N files selected' in the toolbar when files are selected")
    path = f"{DRIVE}/src/components/Toolbar.tsx"
    s.read(path, TOOLBAR, offset=12, limit=8, total=40)
    s.edit(path, "      <ShareButton disabled={!selected.length} />\n",
           TOOLBAR_BAD[TOOLBAR_BAD.index("      {selected.length > 0"):TOOLBAR_BAD.index("    </div>")], TOOLBAR)
    s.edit(f"{DRIVE}/src/i18n/messages/en.json", "  \"toolbar.share\": \"Share\",\n",
           "  \"toolbar.share\": \"Share\",\n  \"toolbar.file\": \"file\",\n  \"toolbar.files\": \"files\",\n"
           "  \"toolbar.selected\": \"selected\",\n", "{\n  \"toolbar.share\": \"Share\",\n  \"toolbar.upload\": \"Upload\"\n}\n")
    s.bash("npm run i18n:extract && npm test -- Toolbar", "Extract and test",
           out="Extracted 3 new messages to lang/en.json\n PASS  src/components/Toolbar.test.tsx\n  ✓ shows the selection "
               "count (41 ms)")
    s.say("The toolbar shows \"3 files selected\" (\"1 file selected\" for one). Three new messages are extracted for "
          "the translators.", end=True)
    s.prompt(H12L13_CORR, correction=True, think_secs=(3600, 7200))
    s.edit(path, "          {selected.length}{' '}\n          {intl.formatMessage({ id: selected.length === 1 ? "
           "'toolbar.file' : 'toolbar.files' })}{' '}\n          {intl.formatMessage({ id: 'toolbar.selected' })}\n",
           "          {intl.formatMessage({ id: 'toolbar.filesSelected' }, { count: selected.length })}\n", TOOLBAR_BAD)
    s.edit(f"{DRIVE}/src/i18n/messages/en.json", "  \"toolbar.file\": \"file\",\n  \"toolbar.files\": \"files\",\n"
           "  \"toolbar.selected\": \"selected\",\n",
           "  \"toolbar.filesSelected\": \"{count, plural, one {# file selected} other {# files selected}}\",\n",
           "{\n  \"toolbar.share\": \"Share\",\n  \"toolbar.file\": \"file\",\n  \"toolbar.files\": \"files\",\n"
           "  \"toolbar.selected\": \"selected\",\n  \"toolbar.upload\": \"Upload\"\n}\n")
    s.bash("npm run i18n:extract && npm test -- Toolbar", "Extract and test",
           out="Extracted 1 new message, removed 3 unused\n PASS  src/components/Toolbar.test.tsx\n  ✓ shows the "
               "selection count (38 ms)\n  ✓ uses Polish plural forms (2, 5, 22) (12 ms)")
    s.say("One message now, `toolbar.filesSelected` = `{count, plural, one {# file selected} other {# files selected}}`, "
          "formatted with `{ count }`; the three glued pieces are gone. A test with the Polish catalogue checks 2, 5 and "
          "22 files, and Crowdin will ask the translators for every plural form of their language.", end=True)
    return s


# -----------------------------------------------------------------------------
H12L14_CORR = ("I just went through the whole checkout with only the keyboard, like our customers with screen magnifiers "
               "do. after the second Tab I had no idea where I was, and I typed my card number into the gift message "
               "without noticing. the glow Carla didn't like was the only thing that shows where the keyboard is.")

BASE = ("*,\n*::before,\n*::after {\n  box-sizing: border-box;\n}\n\nbody {\n  font-family: $font-body;\n  color: "
        "$ink-900;\n}\n")
BASE_BAD = BASE + "\n*:focus {\n  outline: none;\n}\n\nbutton:focus,\ninput:focus,\nselect:focus {\n  box-shadow: none;\n}\n"

@lesson("H12L14", "focus-indicators", "consequence-only", ["no idea where I was",
                                                            "the only thing that shows where the keyboard is",
                                                            "only the keyboard"], [
    fire_edit(f"{SHOP}/src/styles/_forms.scss", "  border: 1px solid $grey-300;\n",
              "  border: 1px solid $grey-300;\n  &:focus { outline: 0; box-shadow: none; }\n",
              note="removes the focus ring on form fields; no shared words"),
    fire_prompt("get rid of the dotted ring that appears around links when you tab onto them, it looks cheap",
                note="asks to remove the focus indicator"),
    silent_edit(f"{SHOP}/src/styles/_base.scss", "  outline: 2px solid $brand-700;\n",
                "  outline: 3px solid $brand-700;\n", note="makes the focus ring thicker"),
    silent_edit(f"{SHOP}/src/styles/_buttons.scss", "  &:hover { background: $brand-600; }\n",
                "  &:hover { background: $brand-500; }\n", note="hover colour"),
])
def H12L14():
    s = Session("H12L14", SHOP, branch="design/checkout-polish", version="2.1.9", start="2026-11-17T13:00:00")
    s.prompt("the blue glow around buttons and inputs after you click them looks ugly in the checkout, Carla (design) "
             "wants it gone")
    path = f"{SHOP}/src/styles/_base.scss"
    s.read(path, BASE)
    s.edit(path, "  color: $ink-900;\n}\n", "  color: $ink-900;\n}\n\n*:focus {\n  outline: none;\n}\n\nbutton:focus,\n"
           "input:focus,\nselect:focus {\n  box-shadow: none;\n}\n", BASE)
    s.bash("npm run build:css && npm run test:visual -- checkout", "Build the CSS and run the visual tests",
           out="sass: src/styles/main.scss -> dist/main.css (41.2 kB)\n✓ checkout/cart (3 snapshots updated)\n"
               "✓ checkout/payment (2 snapshots updated)")
    s.say("The glow is gone: no outline or shadow on focus for buttons, inputs and selects. The checkout snapshots are "
          "updated.", end=True)
    s.prompt(H12L14_CORR, correction=True, think_secs=(1200, 3600))
    s.edit(path, "*:focus {\n  outline: none;\n}\n\nbutton:focus,\ninput:focus,\nselect:focus {\n  box-shadow: none;\n}\n",
           ":focus:not(:focus-visible) {\n  outline: none;\n  box-shadow: none;\n}\n\n:focus-visible {\n"
           "  outline: 2px solid $brand-700;\n  outline-offset: 2px;\n}\n", BASE_BAD)
    s.bash("npm run build:css && npm run test:a11y -- checkout", "Build and run the keyboard checks",
           out="✓ checkout: every focusable element has a visible focus indicator (axe focus-order-semantics, "
               "custom focus-visible check)\n✓ 0 violations")
    s.say("I'm sorry, that was a bad trade. The ring is back for keyboard focus (`:focus-visible`, 2 px in the brand "
          "colour with an offset) and only hidden when focus comes from a mouse click, which is what Carla saw. The "
          "keyboard check on the checkout passes.", end=True)
    return s


# -----------------------------------------------------------------------------
H12L15_CORR = ("no. double quotes, so Groovy interpolates the password into the command string before the shell ever sees "
               "it: it ends up in the build log and in ps on the agent, Jenkins even prints a warning about it. "
               "single-quoted sh '...' and let the shell expand $NEXUS_PASS, same for every credential")

JENKINS = ("pipeline {\n    agent { label 'gradle-jdk21' }\n    stages {\n        stage('Test') {\n            steps {\n"
           "                sh './gradlew test'\n            }\n        }\n    }\n}\n")

@lesson("H12L15", "jenkins-secret-interpolation", "rejected-edit-with-feedback", ["Groovy interpolates the password",
                                                                                  "single-quoted sh",
                                                                                  "let the shell expand"], [
    fire_edit(f"{BILL}/Jenkinsfile", "                sh './gradlew test'\n",
              "                sh './gradlew test'\n                withCredentials([usernamePassword(credentialsId: "
              "'harbor-push', usernameVariable: 'REG_USER', passwordVariable: 'REG_TOKEN')]) {\n"
              "                    sh \"docker login -u ${REG_USER} -p ${REG_TOKEN} harbor.internal\"\n"
              "                }\n", note="registry token interpolated by Groovy; no shared words"),
    fire_write(f"{BILL}/ci/notify.groovy",
               "def call(String text) {\n    withCredentials([string(credentialsId: 'slack-webhook', variable: "
               "'HOOK')]) {\n        sh \"curl -s -X POST -d '{\\\"text\\\": \\\"${text}\\\"}' ${HOOK}\"\n    }\n}\n",
               note="webhook secret in a double-quoted sh"),
    silent_edit(f"{BILL}/Jenkinsfile", "        timeout(time: 30, unit: 'MINUTES')\n",
                "        timeout(time: 45, unit: 'MINUTES')\n", note="timeout tweak"),
    silent_bash("curl -s -X POST -F \"jenkinsfile=<Jenkinsfile\" \"$JENKINS_URL/pipeline-model-converter/validate\"",
                "Validate the Jenkinsfile", note="lint"),
])
def H12L15():
    s = Session("H12L15", BILL, branch="ci/publish-nexus", version="2.0.37", start="2026-11-09T09:15:00")
    s.prompt("add a stage that publishes the jar to Nexus after the tests, only on main")
    path = f"{BILL}/Jenkinsfile"
    s.read(path, JENKINS)
    s.reject("Edit", {"file_path": path, "old_string": "                sh './gradlew test'\n            }\n        }\n",
                      "new_string": "                sh './gradlew test'\n            }\n        }\n"
                                    "        stage('Publish') {\n            when { branch 'main' }\n            steps {\n"
                                    "                withCredentials([usernamePassword(credentialsId: 'nexus-deploy', "
                                    "usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n"
                                    "                    sh \"./gradlew publish -PnexusUser=${NEXUS_USER} "
                                    "-PnexusPassword=${NEXUS_PASS}\"\n                }\n            }\n        }\n",
                      "replace_all": False}, feedback=H12L15_CORR)
    s.edit(path, "                sh './gradlew test'\n            }\n        }\n",
           "                sh './gradlew test'\n            }\n        }\n        stage('Publish') {\n"
           "            when { branch 'main' }\n            steps {\n                withCredentials([usernamePassword("
           "credentialsId: 'nexus-deploy', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n"
           "                    sh './gradlew publish -PnexusUser=$NEXUS_USER -PnexusPassword=$NEXUS_PASS'\n"
           "                }\n            }\n        }\n", JENKINS)
    s.bash("curl -s -X POST -F \"jenkinsfile=<Jenkinsfile\" \"$JENKINS_URL/pipeline-model-converter/validate\"",
           "Validate the Jenkinsfile", out="Jenkinsfile successfully validated.")
    s.say("Added the `Publish` stage (main only). The `sh` step is single-quoted, so Groovy leaves `$NEXUS_USER` and "
          "`$NEXUS_PASS` alone and the shell expands them from the environment `withCredentials` sets; Jenkins masks "
          "them in the log. The Jenkinsfile validates.", end=True)
    return s


# -----------------------------------------------------------------------------
H12L16_CORR = ("wait, did you just put NOLOCK on the AR ageing view? while the load runs that reads rows the ETL may still "
               "roll back, and rows on pages being split get read twice or skipped. last year an ageing total was off by "
               "1.2M and it went into the board pack. it can't be faster by being wrong. look at the plan and the "
               "indexes, or ask me about snapshot isolation on the reporting db")

AGEING = ("CREATE OR ALTER VIEW dbo.vw_ar_ageing AS\nSELECT c.customer_no, c.name,\n"
          "       SUM(CASE WHEN DATEDIFF(day, i.due_date, GETDATE()) <= 30 THEN i.open_amount END) AS d0_30,\n"
          "       SUM(CASE WHEN DATEDIFF(day, i.due_date, GETDATE()) > 90 THEN i.open_amount END) AS d90_plus\n"
          "FROM dbo.open_items i\nJOIN dbo.customers c ON c.customer_id = i.customer_id\n"
          "WHERE i.open_amount <> 0\nGROUP BY c.customer_no, c.name;\n")
AGEING_BAD = AGEING.replace("FROM dbo.open_items i\nJOIN dbo.customers c ON",
                            "FROM dbo.open_items i WITH (NOLOCK)\nJOIN dbo.customers c WITH (NOLOCK) ON")

@lesson("H12L16", "tsql-dirty-reads", "question-after-the-fact", ["did you just put NOLOCK",
                                                                  "it can't be faster by being wrong",
                                                                  "read twice or skipped"], [
    fire_edit(f"{DWH}/procs/usp_cash_forecast.sql", "FROM dbo.bank_balances bb\n",
              "FROM dbo.bank_balances bb WITH (READUNCOMMITTED)\n", note="the same hint under another name; no shared "
              "words"),
    fire_prompt("set the isolation level to read uncommitted at the top of the month-end revenue proc so it stops "
                "waiting on the loads", note="asks for dirty reads"),
    silent_edit(f"{DWH}/views/vw_ar_ageing.sql", "SELECT c.customer_no, c.name,\n",
                "SELECT c.customer_no, c.name, c.credit_limit,\n", note="adds a column"),
    silent_bash("sqlcmd -S dwh-sql01 -d Reporting -E -i queries/ar_ageing_plan.sql -o /tmp/plan.txt",
                "Capture the query plan", note="looks at the plan"),
])
def H12L16():
    s = Session("H12L16", DWH, branch="perf/ar-ageing", version="2.1.7", start="2026-11-16T08:20:00")
    s.prompt("the AR ageing report is slow and sometimes times out in the morning while the ETL is loading. speed it up")
    path = f"{DWH}/views/vw_ar_ageing.sql"
    s.read(path, AGEING)
    s.edit(path, "FROM dbo.open_items i\nJOIN dbo.customers c ON", "FROM dbo.open_items i WITH (NOLOCK)\n"
           "JOIN dbo.customers c WITH (NOLOCK) ON", AGEING)
    s.bash("sqlcmd -S dwh-sql01 -d Reporting -E -i views/vw_ar_ageing.sql && sqlcmd -S dwh-sql01 -d Reporting -E -Q "
           "\"SET STATISTICS TIME ON; SELECT COUNT(*) FROM dbo.vw_ar_ageing\" | tail -2", "Deploy the view and time it",
           out=" SQL Server Execution Times:\n   CPU time = 3921 ms,  elapsed time = 4108 ms.")
    s.say("The view no longer waits on the ETL's locks: with `NOLOCK` on both tables it returns in about 4 s, even while "
          "the load is running.", end=True)
    s.prompt(H12L16_CORR, correction=True, think_secs=(30, 200))
    s.edit(path, "FROM dbo.open_items i WITH (NOLOCK)\nJOIN dbo.customers c WITH (NOLOCK) ON",
           "FROM dbo.open_items i\nJOIN dbo.customers c ON", AGEING_BAD)
    s.bash("sqlcmd -S dwh-sql01 -d Reporting -E -i views/vw_ar_ageing.sql && sqlcmd -S dwh-sql01 -d Reporting -E -Q "
           "\"SET STATISTICS IO ON; SELECT COUNT(*) FROM dbo.vw_ar_ageing\" | grep 'Table'", "Put the view back and "
           "look at the reads", out="Table 'open_items'. Scan count 1, logical reads 1841207, physical reads 2\n"
           "Table 'customers'. Scan count 1, logical reads 4112")
    s.write(f"{DWH}/migrations/2026-11-16_ix_open_items_open.sql",
            "CREATE NONCLUSTERED INDEX ix_open_items_open\n    ON dbo.open_items (customer_id, due_date)\n"
            "    INCLUDE (open_amount)\n    WHERE open_amount <> 0\n    WITH (ONLINE = ON);\n")
    s.say("Yes, and I've taken it out again; the view is back as it was. The real cost is a full scan of `open_items` "
          "(1.84M logical reads) for the few rows still open. I wrote a filtered index on `(customer_id, due_date)` "
          "including `open_amount` where `open_amount <> 0` in `migrations/2026-11-16_ix_open_items_open.sql`, not "
          "applied; it should let the view read only open items, so it also holds fewer locks for less time. Snapshot "
          "isolation I'd leave to you.", end=True)
    return s
