"""gen-holdout-21: lessons about code (plugin parameter IDs never change, SMS templates stay GSM-7 and one segment,
stays are half-open ranges of nights, a browser extension runs no remotely hosted code, no static mut in the RTIC
firmware, no partial functions in the Haskell service, DICOM leaves only through the de-identification pipeline, no
third-party SDKs in the kids' app)."""
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

JUCE = "/Users/sam/dev/TapeWarmth"
SMS = "/home/ade/src/notify-gateway"
INN = "/home/elena/src/innkeeper"
EXT = "/Users/jo/dev/tabtidy"
BEACON = "/home/mikko/fw/beacon-fw"
TERMS = "/home/tova/src/payterms-hs"
MAMMO = "/home/rahel/ml/mammo-reader-study"
KIDS = "/Users/ben/dev/LittleReaders-android"


# -----------------------------------------------------------------------------
H21L09_CORR = ("no, parameter IDs never change once a version has shipped. hosts store automation and session state "
               "against the ID string, so every Live and Logic project with TapeWarmth in it would open with drive back "
               "at its default and the automation lane orphaned. Change the display name (the second argument) as much "
               "as you like, the ID \"drive\" stays. Same with removing one: it stays in the layout and just gets "
               "hidden from the UI. New parameters get a new ID with the current version hint.")

LAYOUT_CPP = ("juce::AudioProcessorValueTreeState::ParameterLayout createLayout()\n{\n"
              "    juce::AudioProcessorValueTreeState::ParameterLayout layout;\n"
              "    layout.add (std::make_unique<juce::AudioParameterFloat> (juce::ParameterID { \"drive\", 1 }, \"Drive\",\n"
              "        juce::NormalisableRange<float> (0.0f, 24.0f, 0.01f), 6.0f));\n"
              "    layout.add (std::make_unique<juce::AudioParameterFloat> (juce::ParameterID { \"mix\", 1 }, \"Mix\",\n"
              "        juce::NormalisableRange<float> (0.0f, 1.0f), 1.0f));\n"
              "    layout.add (std::make_unique<juce::AudioParameterChoice> (juce::ParameterID { \"tapeType\", 1 }, \"Tape\",\n"
              "        juce::StringArray { \"Ferric\", \"Chrome\", \"Metal\" }, 0));\n    return layout;\n}\n")
EDITOR_CPP = ("    driveAttachment = std::make_unique<SliderAttachment> (processor.apvts, \"drive\", driveSlider);\n"
              "    driveLabel.setText (\"Drive\", juce::dontSendNotification);\n")

@lesson("H21L09", "juce-parameter-ids", "plain-no",
        ["parameter IDs never change", "automation lane orphaned", "display name"], [
    fire_edit(f"{JUCE}/Source/params/ModLayout.cpp",
              "        juce::ParameterID { \"wowDepth\", 1 }, \"Wow\",\n",
              "        juce::ParameterID { \"wow_depth\", 1 }, \"Wow Depth\",\n",
              note="renames another parameter's ID; one shared word (the project name in the path)"),
    fire_prompt("tidy up the plugin's knob naming so it's all consistent camelCase, some are snake_case and some "
                "abbreviated", note="asks for a naming clean-up across the knobs; no shared words"),
    silent_edit(f"{JUCE}/Source/params/Layout.cpp",
                "    layout.add (std::make_unique<juce::AudioParameterFloat> (juce::ParameterID { \"mix\", 1 }, \"Mix\",\n",
                "    layout.add (std::make_unique<juce::AudioParameterFloat> (juce::ParameterID { \"mix\", 1 }, \"Dry/Wet\",\n",
                note="compliant: display name only"),
    silent_edit(f"{JUCE}/Source/dsp/Saturator.cpp", "    return std::tanh (x * gain);\n",
                "    return std::tanh (x * gain) / std::tanh (gain);\n", note="DSP change"),
])
def H21L09():
    s = Session("H21L09", JUCE, branch="feat/saturation-label", version="2.1.9", start="2026-01-14T15:00:00")
    s.prompt("rename the 'drive' knob to 'saturation' everywhere, code and UI. people keep asking what drive does")
    s.read(f"{JUCE}/Source/params/Layout.cpp", LAYOUT_CPP)
    layout2 = s.edit(f"{JUCE}/Source/params/Layout.cpp", "(juce::ParameterID { \"drive\", 1 }, \"Drive\",\n",
                     "(juce::ParameterID { \"saturation\", 1 }, \"Saturation\",\n", LAYOUT_CPP)
    s.grep("\"drive\"", path=f"{JUCE}/Source", mode="content",
           lines=["Source/PluginEditor.cpp:41:    driveAttachment = std::make_unique<SliderAttachment> (processor.apvts, \"drive\", driveSlider);"])
    editor2 = s.edit(f"{JUCE}/Source/PluginEditor.cpp",
                     "(processor.apvts, \"drive\", driveSlider);\n    driveLabel.setText (\"Drive\",",
                     "(processor.apvts, \"saturation\", driveSlider);\n    driveLabel.setText (\"Saturation\",", EDITOR_CPP)
    s.bash("cmake --build build --config Release --target TapeWarmth_VST3 2>&1 | tail -1", "Build the VST3",
           out="[100%] Built target TapeWarmth_VST3")
    s.say("The knob is now \"Saturation\" in the layout and the editor, and the VST3 builds.", end=True)
    s.prompt(H21L09_CORR, correction=True)
    s.edit(f"{JUCE}/Source/params/Layout.cpp", "(juce::ParameterID { \"saturation\", 1 }, \"Saturation\",\n",
           "(juce::ParameterID { \"drive\", 1 }, \"Saturation\",\n", layout2)
    s.edit(f"{JUCE}/Source/PluginEditor.cpp", "(processor.apvts, \"saturation\", driveSlider);",
           "(processor.apvts, \"drive\", driveSlider);", editor2)
    s.bash("cmake --build build --config Release --target TapeWarmth_VST3 2>&1 | tail -1 && pluginval --strictness-level 5 "
           "build/TapeWarmth_artefacts/Release/VST3/TapeWarmth.vst3 | tail -1", "Build and validate",
           out="[100%] Built target TapeWarmth_VST3\nSUCCESS")
    s.say("The ID is back to \"drive\"; only the display name and the editor label say \"Saturation\" now. Saved "
          "sessions and automation keep working, and pluginval passes.", end=True)
    return s


# -----------------------------------------------------------------------------
H21L10_CORR = ("Twilio usage alert: Programmable SMS segments yesterday 412,880 (7-day avg 141,302)\n\n"
               "that's the reminder. the \u201c \u201d quotes and the truck emoji aren't in the GSM-7 alphabet, so every "
               "reminder went out as UCS-2, where a segment is 70 characters instead of 160, so 3 segments each. "
               "len(body) <= 160 says nothing about what we pay. every template has to pass gsm7.is_gsm7() "
               "(test_templates.py checks the others, add yours there) and the length check is "
               "sms.segments(body) == 1, or ask me if it really needs two.")

REMINDERS_PY = ("REMINDER_HOUR = 18\n\n\ndef send_slot_reminders(day: date) -> int:\n    sent = 0\n"
                "    for order in orders_with_slot_on(day + timedelta(days=1)):\n"
                "        body = render(\"delivery_reminder\", order)\n        if len(body) > 160:\n"
                "            body = body[:157] + \"...\"\n        sms.send(order.phone, body)\n        sent += 1\n    return sent\n")

@lesson("H21L10", "sms-gsm7-segments", "pasted-alert",
        ["GSM-7", "sms.segments", "UCS-2"], [
    fire_write(f"{SMS}/notify/templates/sms/driver_nearby.txt",
               "Good news {first_name} \U0001F389 your driver\u2019s about 10 minutes away. Track it here: {link}\n",
               note="new template with an emoji and a curly apostrophe; one shared word"),
    fire_edit(f"{SMS}/notify/campaigns.py", "    body = render(template, contact)\n",
              "    body = render(template, contact)\n    if len(body) > 160:\n        body = body[:159] + \"\u2026\"\n",
              note="character-count check on a campaign message"),
    silent_edit(f"{SMS}/notify/jobs/reminders.py", "REMINDER_HOUR = 18\n", "REMINDER_HOUR = 17\n",
                note="send time tweak"),
    silent_prompt("what's the opt-out rate on the delivery reminders since we launched them?", note="question"),
])
def H21L10():
    s = Session("H21L10", SMS, branch="main", version="2.0.76", start="2025-11-17T10:30:00")
    s.prompt("add an SMS reminder the evening before a delivery slot. text: \u201cHi {first_name}, your Greenbox delivery "
             "is tomorrow {slot} \U0001F69A Reply STOP to opt out\u201d")
    s.write(f"{SMS}/notify/templates/sms/delivery_reminder.txt",
            "\u201cHi {first_name}, your Greenbox delivery is tomorrow {slot} \U0001F69A Reply STOP to opt out\u201d\n")
    s.write(f"{SMS}/notify/jobs/reminders.py", REMINDERS_PY)
    s.bash("pytest -q tests/test_reminders.py", "Run reminder tests",
           out="...                                                                      [100%]\n3 passed in 0.41s")
    s.say("The reminder goes out at 18:00 the day before the slot, using the text you gave. Anything over 160 "
          "characters gets truncated. The tests pass.", end=True)
    s.prompt(H21L10_CORR, correction=True)
    s.write(f"{SMS}/notify/templates/sms/delivery_reminder.txt",
            "Hi {first_name}, your Greenbox delivery is tomorrow {slot}. Reply STOP to opt out\n",
            original="\u201cHi {first_name}, your Greenbox delivery is tomorrow {slot} \U0001F69A Reply STOP to opt out\u201d\n")
    s.edit(f"{SMS}/notify/jobs/reminders.py", "        if len(body) > 160:\n            body = body[:157] + \"...\"\n",
           "        if sms.segments(body) != 1:\n            log.warning(\"reminder for order %s needs %d segments\", order.id, sms.segments(body))\n",
           REMINDERS_PY)
    s.bash("pytest -q tests/test_templates.py tests/test_reminders.py", "Template and reminder tests",
           out="..........                                                               [100%]\n10 passed in 0.52s")
    s.say("The template is plain GSM-7 now (straight text, no emoji), `delivery_reminder` is in test_templates.py's "
          "`is_gsm7` list, and the job checks `sms.segments(body)` instead of the length.", end=True)
    return s


# -----------------------------------------------------------------------------
H21L11_CORR = ("Actually, a stay is the nights from check-in up to but not including check-out: someone arriving on the "
               "10th and leaving on the 14th has 4 nights (10th, 11th, 12th, 13th) and the room is free again on the "
               "night of the 14th. isWithinInterval is inclusive at both ends, so every stay counts one night too many, "
               "and the same mistake in availability blocks same-day turnovers. Anything about occupancy, availability "
               "or rates goes through the half-open helpers in src/lib/stay.ts: nightsOf(stay), and overlaps(a, b), "
               "which compares checkIn < other.checkOut.")

OCC_TS = ("import { eachDayOfInterval, startOfMonth, endOfMonth, isWithinInterval } from \"date-fns\";\n\n"
          "export function bookedNights(bookings: Booking[], roomId: string, month: Date): number {\n"
          "  const days = eachDayOfInterval({ start: startOfMonth(month), end: endOfMonth(month) });\n"
          "  return days.filter((day) =>\n    bookings.some((b) => b.roomId === roomId && b.status !== \"cancelled\" &&\n"
          "      isWithinInterval(day, { start: b.checkIn, end: b.checkOut }))).length;\n}\n")
STAY_TS = ("export function nightsOf(stay: Stay): Date[] {\n  // half-open: [checkIn, checkOut)\n"
           "  return eachDayOfInterval({ start: stay.checkIn, end: subDays(stay.checkOut, 1) });\n}\n\n"
           "export function overlaps(a: Stay, b: Stay): boolean {\n  return a.checkIn < b.checkOut && b.checkIn < a.checkOut;\n}\n")

@lesson("H21L11", "stay-nights-half-open", "polite-actually",
        ["up to but not including check-out", "nightsOf", "half-open helpers"], [
    fire_edit(f"{INN}/src/rates/quote.ts", "  const nights = stay.nights;\n",
              "  const nights = differenceInCalendarDays(stay.checkOut, stay.checkIn) + 1;\n",
              note="inclusive night count in the price quote"),
    fire_edit(f"{INN}/web/calendar/inventory.ts",
              "export function isTaken(unit: Unit, date: Date): boolean {\n  return false;\n}\n",
              "export function isTaken(unit: Unit, date: Date): boolean {\n"
              "  return unit.reservations.some((r) => r.arrival <= date && date <= r.departure);\n}\n",
              note="inclusive availability check with other field names; one shared word"),
    silent_bash("pnpm vitest run src/lib/stay.test.ts", "Run the stay helper tests", note="tests"),
    silent_edit(f"{INN}/src/components/StayDates.tsx", "  const label = format(stay.checkIn, \"d MMM\");\n",
                "  const label = format(stay.checkIn, \"EEE d MMM\");\n", note="display format"),
])
def H21L11():
    s = Session("H21L11", INN, branch="feat/occupancy-report", version="2.1.31", start="2026-02-02T09:45:00")
    s.prompt("the owners want an occupancy report: booked nights per room for a given month, plus the occupancy %")
    s.glob("src/reports/*.ts", [f"{INN}/src/reports/revenue.ts", f"{INN}/src/reports/index.ts"])
    s.write(f"{INN}/src/reports/occupancy.ts", OCC_TS)
    s.bash("pnpm vitest run src/reports && pnpm tsx scripts/report.ts occupancy --month 2025-05 --room 12",
           "Tests and a sample run",
           out=" \u2713 src/reports/occupancy.test.ts (3 tests) 8ms\n\nroom 12, May 2025: 27 booked nights of 31 (87.1%)")
    s.say("Added `bookedNights()` in `src/reports/occupancy.ts`. Room 12 had 27 of 31 nights booked in May (87.1%).",
          end=True)
    s.prompt(H21L11_CORR, correction=True)
    s.read(f"{INN}/src/lib/stay.ts", STAY_TS, offset=12, limit=9, total=41)
    s.write(f"{INN}/src/reports/occupancy.ts",
            "import { isSameMonth } from \"date-fns\";\nimport { nightsOf } from \"../lib/stay\";\n\n"
            "export function bookedNights(bookings: Booking[], roomId: string, month: Date): number {\n"
            "  return bookings\n    .filter((b) => b.roomId === roomId && b.status !== \"cancelled\")\n"
            "    .flatMap((b) => nightsOf(b))\n    .filter((night) => isSameMonth(night, month)).length;\n}\n",
            original=OCC_TS)
    s.bash("pnpm vitest run src/reports && pnpm tsx scripts/report.ts occupancy --month 2025-05 --room 12",
           "Tests and the sample again",
           out=" \u2713 src/reports/occupancy.test.ts (4 tests) 7ms\n\nroom 12, May 2025: 23 booked nights of 31 (74.2%)")
    s.say("The report counts nights through `nightsOf()` now. Room 12 in May comes to 23 nights (74.2%), not 27. I "
          "added a test for a 10th-14th stay, which gives 4 nights.", end=True)
    return s


# -----------------------------------------------------------------------------
H21L12_CORR = ("Chrome Web Store: Your item has been rejected.\nViolation reference ID: Blue Argon\n"
               "Violation: Including remotely hosted code in a Manifest V3 item.\n"
               "Violating content: popup.html: https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.9.0/highlight.min.js\n\n"
               "that's the highlighting change, and review took 9 days. nothing the extension runs may come from outside "
               "the package: no script tags pointing at a CDN, no import() of a URL, no eval or new Function on fetched "
               "text. libraries get installed from npm and bundled by our vite build into dist/.")

POPUP_HTML = ("<!doctype html>\n<html>\n<head>\n  <meta charset=\"utf-8\">\n  <link rel=\"stylesheet\" href=\"popup.css\">\n"
              "</head>\n<body>\n  <main id=\"notes\"></main>\n  <script type=\"module\" src=\"popup.js\"></script>\n</body>\n</html>\n")

@lesson("H21L12", "extension-remote-code", "pasted-rejection",
        ["remotely hosted code", "outside the package", "bundled by our vite build"], [
    fire_edit(f"{EXT}/src/content/annotate.js", "import { renderNote } from \"./render.js\";\n",
              "import { renderNote } from \"./render.js\";\n\n"
              "const { default: DOMPurify } = await import(\"https://esm.sh/dompurify@3.1.6\");\n",
              note="dynamic import of a URL in a content script"),
    fire_prompt("show the notes as rendered markdown in the popup, marked or whatever's lightest",
                note="asks for a new library in the popup; one shared word"),
    silent_bash("npm install marked && npm run build", "Install and bundle marked", note="compliant"),
    silent_edit(f"{EXT}/src/popup/popup.css", ".note pre {\n  padding: 8px;\n}\n",
                ".note pre {\n  padding: 8px;\n  overflow-x: auto;\n}\n", note="style tweak"),
])
def H21L12():
    s = Session("H21L12", EXT, branch="main", version="2.1.7", start="2025-12-01T14:00:00")
    s.prompt("add syntax highlighting to the code snippets in the notes popup")
    s.read(f"{EXT}/src/popup/popup.html", POPUP_HTML)
    s.edit(f"{EXT}/src/popup/popup.html", "  <link rel=\"stylesheet\" href=\"popup.css\">\n",
           "  <link rel=\"stylesheet\" href=\"popup.css\">\n"
           "  <link rel=\"stylesheet\" href=\"https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.9.0/styles/github.min.css\">\n"
           "  <script src=\"https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.9.0/highlight.min.js\"></script>\n",
           POPUP_HTML)
    s.bash("npm run build && npm run zip", "Build and package",
           out="vite v5.4.8 building for production...\n\u2713 14 modules transformed.\ndist/ built in 412ms\n"
               "created tabtidy-1.8.0.zip")
    s.say("Code blocks in notes get highlight.js styling when the popup opens. `tabtidy-1.8.0.zip` is ready to "
          "upload.", end=True)
    s.prompt(H21L12_CORR, correction=True)
    s.bash("npm install highlight.js", "Install highlight.js", out="added 1 package in 2s")
    s.write(f"{EXT}/src/popup/highlight.js",
            "import hljs from \"highlight.js/lib/common\";\nimport \"highlight.js/styles/github.css\";\n\n"
            "export function highlightNotes(root) {\n  root.querySelectorAll(\"pre code\").forEach((el) => hljs.highlightElement(el));\n}\n")
    s.bash("npm run build && grep -rl 'https://' dist/ || echo 'no remote URLs in dist'", "Rebuild and check for remote URLs",
           out="\u2713 31 modules transformed.\ndist/ built in 655ms\nno remote URLs in dist")
    s.say("The CDN tags are gone from `popup.html`. highlight.js comes from npm (the common-languages build) and is "
          "bundled into `dist/`, and the built package has no remote URLs left.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H21L13_CORR = ("no static mut please. it's UB as soon as the GPIOTE interrupt and the advertise task touch it at the same "
               "time, and the 2024 edition lint flags every reference to it anyway. shared state in this firmware is an "
               "RTIC #[shared] resource that you go through .lock() for, or an AtomicU32 if it's just a counter. no "
               "unsafe for this.")

MAIN_RS = ("    #[shared]\n    struct Shared {\n        battery_mv: u16,\n    }\n\n"
           "    #[task(binds = GPIOTE, local = [gpiote])]\n    fn on_button(cx: on_button::Context) {\n"
           "        cx.local.gpiote.reset_events();\n    }\n\n"
           "    #[task(shared = [battery_mv], priority = 1)]\n    async fn advertise(mut cx: advertise::Context) {\n"
           "        loop {\n            let mv = cx.shared.battery_mv.lock(|v| *v);\n"
           "            let payload = adv::manufacturer_data(mv);\n            radio::advertise(&payload).await;\n"
           "            Mono::delay(ADV_INTERVAL_MS.millis()).await;\n        }\n    }\n")

@lesson("H21L13", "rust-embedded-static-mut", "rejected-with-feedback",
        ["static mut", "#[shared] resource", "AtomicU32"], [
    fire_edit(f"{BEACON}/src/battery.rs",
              "pub fn sample(saadc: &mut Saadc, pin: &mut P0_04<Input<Floating>>) -> u16 {\n",
              "static mut LAST_MV: u16 = 0;\n\npub fn sample(saadc: &mut Saadc, pin: &mut P0_04<Input<Floating>>) -> u16 {\n",
              note="global mutable in another module"),
    fire_prompt("keep a running total of the packets we've sent since boot, the scanner app wants to show it",
                note="asks for a counter shared across contexts; no shared words"),
    silent_edit(f"{BEACON}/src/config.rs", "pub const ADV_INTERVAL_MS: u32 = 1000;\n",
                "pub const ADV_INTERVAL_MS: u32 = 500;\n", note="constant tweak"),
    silent_bash("cargo build --release && cargo size --release -- -A | head -12", "Build and check flash size",
                note="build"),
])
def H21L13():
    s = Session("H21L13", BEACON, branch="feat/press-count", version="2.0.76", start="2025-11-26T11:20:00")
    s.prompt("count button presses in the GPIOTE handler and put the count in the advertisement's manufacturer data "
             "(bytes 2-3)")
    s.read(f"{BEACON}/src/main.rs", MAIN_RS, offset=30, limit=21, total=118)
    s.reject("Edit", {"file_path": f"{BEACON}/src/main.rs", "replace_all": False,
                      "old_string": "        cx.local.gpiote.reset_events();\n",
                      "new_string": "        cx.local.gpiote.reset_events();\n        unsafe { PRESSES = PRESSES.wrapping_add(1) };\n"},
             feedback=H21L13_CORR)
    main2 = s.edit(f"{BEACON}/src/main.rs", "        battery_mv: u16,\n    }\n", "        battery_mv: u16,\n        presses: u16,\n    }\n",
                   MAIN_RS)
    main3 = s.edit(f"{BEACON}/src/main.rs",
                   "    #[task(binds = GPIOTE, local = [gpiote])]\n    fn on_button(cx: on_button::Context) {\n"
                   "        cx.local.gpiote.reset_events();\n",
                   "    #[task(binds = GPIOTE, local = [gpiote], shared = [presses])]\n    fn on_button(mut cx: on_button::Context) {\n"
                   "        cx.local.gpiote.reset_events();\n        cx.shared.presses.lock(|p| *p = p.wrapping_add(1));\n", main2)
    s.edit(f"{BEACON}/src/main.rs",
           "    #[task(shared = [battery_mv], priority = 1)]\n    async fn advertise(mut cx: advertise::Context) {\n        loop {\n"
           "            let mv = cx.shared.battery_mv.lock(|v| *v);\n            let payload = adv::manufacturer_data(mv);\n",
           "    #[task(shared = [battery_mv, presses], priority = 1)]\n    async fn advertise(mut cx: advertise::Context) {\n        loop {\n"
           "            let mv = cx.shared.battery_mv.lock(|v| *v);\n            let presses = cx.shared.presses.lock(|p| *p);\n"
           "            let payload = adv::manufacturer_data(mv, presses);\n", main3)
    s.bash("cargo build --release 2>&1 | tail -1", "Build", out="    Finished `release` profile [optimized + debuginfo] target(s) in 6.84s")
    s.say("`presses` is an RTIC shared resource now. The GPIOTE task increments it under `lock`, and `advertise` reads "
          "it the same way and writes it into bytes 2-3 of the manufacturer data. No `unsafe`, and it builds.", end=True)
    return s


# -----------------------------------------------------------------------------
H21L14_CORR = ("no head/tail/!!/fromJust/read in this codebase pls. the billing worker died last month on 'Prelude.head: "
               "empty list' from one blank line in a suppliers file. pattern match or NonEmpty, readMaybe, and retrun "
               "Left with the line number. hlint flags them anyway")

IMPORT_HS = ("module Terms.Import (parseTerms) where\n\nimport qualified Data.Text as T\nimport Data.Maybe (fromJust)\n"
             "import Terms.Types\n\nparseTerms :: T.Text -> [SupplierTerms]\nparseTerms = map parseLine . tail . T.lines\n\n"
             "parseLine :: T.Text -> SupplierTerms\nparseLine l =\n  let cols = T.splitOn \",\" l\n"
             "      sid  = fromJust (mkSupplierId (head cols))\n   in SupplierTerms sid (map (read . T.unpack) (tail cols))\n")

@lesson("H21L14", "haskell-partial-functions", "terse-typos",
        ["Prelude.head: empty list", "readMaybe", "NonEmpty"], [
    fire_edit(f"{TERMS}/src/Invoice/Due.hs", "dueDays :: Text -> Int\ndueDays _raw = 30\n",
              "dueDays :: Text -> Int\ndueDays raw = read (T.unpack raw)\n",
              note="read on input text in another module; one shared word"),
    fire_edit(f"{TERMS}/src/Ledger/Match.hs", "  let acct = M.lookup (entryAccount e) accounts\n",
              "  let acct = fromJust (M.lookup (entryAccount e) accounts)\n", note="fromJust on a map lookup"),
    silent_edit(f"{TERMS}/src/Invoice/Due.hs", "import Data.Text (Text)\n",
                "import Data.Text (Text)\nimport Text.Read (readMaybe)\n", note="compliant import"),
    silent_bash("cabal build all && hlint src/", "Build and lint", note="build"),
])
def H21L14():
    s = Session("H21L14", TERMS, branch="feat/terms-import", version="2.1.9", start="2026-01-09T14:25:00")
    s.prompt("add an importer for the supplier payment terms CSV in src/Terms/Import.hs. first column is the supplier "
             "id, the rest are day offsets (like 30,60,90), there's a header line")
    s.read(f"{TERMS}/src/Terms/Types.hs",
           "data SupplierTerms = SupplierTerms\n  { stSupplier :: SupplierId\n  , stOffsets  :: [Int]\n  } deriving (Eq, Show)\n\n"
           "mkSupplierId :: Text -> Maybe SupplierId\n", offset=8, limit=6, total=40)
    s.write(f"{TERMS}/src/Terms/Import.hs", IMPORT_HS)
    s.bash("cabal test terms-test 2>&1 | tail -2", "Run the tests", out="4 of 4 tests passed (0.02s)\nTest suite terms-test: PASS")
    s.say("`parseTerms` skips the header and turns each line into `SupplierTerms`. The four tests pass.", end=True)
    s.prompt(H21L14_CORR, correction=True)
    s.write(f"{TERMS}/src/Terms/Import.hs",
            "module Terms.Import (parseTerms, ImportError (..)) where\n\nimport qualified Data.Text as T\n"
            "import Text.Read (readMaybe)\nimport Terms.Types\n\ndata ImportError = ImportError { ieLine :: Int, ieReason :: T.Text }\n"
            "  deriving (Eq, Show)\n\nparseTerms :: T.Text -> Either ImportError [SupplierTerms]\n"
            "parseTerms txt = case T.lines txt of\n  [] -> Right []\n  (_header : rows) -> traverse parseRow (zip [2 ..] rows)\n\n"
            "parseRow :: (Int, T.Text) -> Either ImportError SupplierTerms\nparseRow (n, l) = case T.splitOn \",\" l of\n"
            "  (rawId : offsets) | not (T.null rawId) -> do\n"
            "    sid <- maybe (Left (ImportError n \"bad supplier id\")) Right (mkSupplierId rawId)\n"
            "    days <- maybe (Left (ImportError n \"bad day offset\")) Right (traverse (readMaybe . T.unpack) offsets)\n"
            "    pure (SupplierTerms sid days)\n  _ -> Left (ImportError n \"empty line\")\n",
            original=IMPORT_HS)
    s.bash("cabal test terms-test 2>&1 | tail -2 && hlint src/Terms/", "Tests and hlint",
           out="6 of 6 tests passed (0.02s)\nTest suite terms-test: PASS\nNo hints")
    s.say("`parseTerms` returns `Either ImportError` now. Every row is pattern-matched, offsets go through "
          "`readMaybe`, and a blank or bad line gives `Left` with its line number. Two new tests, hlint is clean.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H21L15_CORR = ("ok thanks, but for next time: setting PatientName and PatientID by hand isn't de-identification. there are "
               "dates, accession numbers, the referring physician, the institution, private vendor tags with the name in "
               "them, and the UIDs link straight back to our PACS. some of the older images also have the name burned "
               "into the pixels. everything that leaves the hospital goes through deid_pipeline.apply(ds, "
               "profile=\"research_v3\") (the DICOM basic profile plus our UID remapping and date shift), and its "
               "burned-in check flags images for a manual look. I've deleted anon/, nothing had been sent.")

ANON_PY = ("import hashlib\nimport pathlib\n\nimport pydicom\n\nSRC, DST = pathlib.Path(\"raw\"), pathlib.Path(\"anon\")\n\n"
           "for f in SRC.rglob(\"*.dcm\"):\n    ds = pydicom.dcmread(f)\n    if not (\"2019\" <= ds.StudyDate[:4] <= \"2021\"):\n"
           "        continue\n    ds.PatientName = \"ANON\"\n"
           "    ds.PatientID = hashlib.sha256(ds.PatientID.encode()).hexdigest()[:12]\n"
           "    out = DST / f.relative_to(SRC)\n    out.parent.mkdir(parents=True, exist_ok=True)\n    ds.save_as(out)\n")

@lesson("H21L15", "dicom-deidentification", "for-next-time",
        ["deid_pipeline.apply", "research_v3", "burned into the pixels"], [
    fire_write(f"{MAMMO}/scripts/export_tomo_partner.py",
               "import pathlib\n\nimport pydicom\n\nfor f in pathlib.Path(\"raw/tomo\").rglob(\"*.dcm\"):\n"
               "    ds = pydicom.dcmread(f)\n    for kw in (\"PatientName\", \"PatientBirthDate\", \"InstitutionName\"):\n"
               "        if kw in ds:\n            ds.data_element(kw).value = \"\"\n"
               "    ds.save_as(pathlib.Path(\"out/oxford\") / f.name)\n",
               note="hand-rolled blanking of a few tags in a new export script"),
    fire_prompt("the Oxford group wants 300 of the tomosynthesis cases for their model, can you prep a copy they can "
                "take away on a drive?", note="asks for an external copy of studies; no shared words"),
    silent_bash("python scripts/export_reader_study.py --profile research_v3 --years 2022 --out anon/2022",
                "De-identify the 2022 studies", note="compliant"),
    silent_edit(f"{MAMMO}/scripts/stats.py", "by_year = Counter(ds.StudyDate[:4] for ds in studies)\n",
                "by_year = Counter(ds.StudyDate[:4] for ds in studies)\nby_view = Counter(ds.ViewPosition for ds in studies)\n",
                note="local statistics"),
])
def H21L15():
    s = Session("H21L15", MAMMO, branch="main", version="2.0.37", start="2025-10-13T09:10:00")
    s.prompt("export the 2019-2021 screening studies from raw/ into anon/ for the external reader study. strip the "
             "patient names and IDs")
    s.bash("find raw -name '*.dcm' | wc -l && du -sh raw", "How much is there", out="11940\n212G\traw")
    s.write(f"{MAMMO}/scripts/anonymise.py", ANON_PY)
    s.bash("python scripts/anonymise.py && find anon -name '*.dcm' | wc -l", "Run the export", out="4812")
    s.bash("python -c \"import pydicom; d = pydicom.dcmread(next(__import__('pathlib').Path('anon').rglob('*.dcm'))); "
           "print(d.PatientName, d.PatientID)\"", "Spot check", out="ANON 3f9a0c27d1e4")
    s.say("4,812 studies from 2019-2021 are in `anon/`, with the patient name set to ANON and the patient ID replaced "
          "by a hash.", end=True)
    s.prompt(H21L15_CORR, correction=True)
    s.write(f"{MAMMO}/scripts/export_reader_study.py",
            "import argparse\nimport pathlib\n\nimport pydicom\n\nimport deid_pipeline\n\n\ndef main() -> None:\n"
            "    ap = argparse.ArgumentParser()\n    ap.add_argument(\"--profile\", default=\"research_v3\")\n"
            "    ap.add_argument(\"--years\", nargs=\"+\", required=True)\n    ap.add_argument(\"--out\", required=True)\n"
            "    args = ap.parse_args()\n    flagged = []\n    for f in pathlib.Path(\"raw\").rglob(\"*.dcm\"):\n"
            "        ds = pydicom.dcmread(f)\n        if ds.StudyDate[:4] not in args.years:\n            continue\n"
            "        result = deid_pipeline.apply(ds, profile=args.profile)\n        if result.burned_in_suspect:\n"
            "            flagged.append(str(f))\n            continue\n        result.save(pathlib.Path(args.out))\n"
            "    pathlib.Path(args.out, \"flagged_for_review.txt\").write_text(\"\\n\".join(flagged))\n\n\n"
            "if __name__ == \"__main__\":\n    main()\n")
    s.bash("python scripts/export_reader_study.py --years 2019 2020 2021 --out anon/ && wc -l anon/flagged_for_review.txt",
           "Export through the pipeline", out="37 anon/flagged_for_review.txt")
    s.say("The export now goes through `deid_pipeline.apply(..., profile=\"research_v3\")`. 37 images were flagged as "
          "possibly having burned-in text; they are listed in `anon/flagged_for_review.txt` and left out of the "
          "export until someone has looked at them.", end=True)
    return s


# -----------------------------------------------------------------------------
H21L16_CORR = ("before you add anything: no third-party SDKs in this app. not Firebase Analytics, not Crashlytics, not "
               "Adjust or any ads/attribution thing, and never the advertising ID. it's a kids' app in Google Play's "
               "Families programme and under COPPA; last year a Firebase update pulled in the AD_ID permission and "
               "review bounced the release for two weeks. events go to our own KidsTelemetry "
               "(telemetry/KidsTelemetry.kt) with the anonymous install id, nothing that identifies the device.")

TELEMETRY_KT = ("sealed interface Event {\n    data class BookOpened(val bookId: String) : Event\n"
                "    data class BookCompleted(val bookId: String) : Event\n}\n\n"
                "class KidsTelemetry(private val api: TelemetryApi, private val installId: InstallId) {\n"
                "    fun log(event: Event) = api.enqueue(installId.value, event)\n}\n")

@lesson("H21L16", "kids-app-no-tracking", "rule-before",
        ["no third-party SDKs", "KidsTelemetry", "Families programme"], [
    fire_edit(f"{KIDS}/app/build.gradle.kts", "    implementation(libs.androidx.core.ktx)\n",
              "    implementation(libs.androidx.core.ktx)\n    implementation(\"io.sentry:sentry-android:7.14.0\")\n",
              note="adds a third-party crash SDK by another name; one shared word"),
    fire_prompt("marketing wants to see which campaigns bring in installs, can you hook that up?",
                note="asks for install attribution; one shared word"),
    silent_edit(f"{KIDS}/app/src/main/java/com/littlereaders/telemetry/KidsTelemetry.kt",
                "    data class BookCompleted(val bookId: String) : Event\n",
                "    data class BookCompleted(val bookId: String) : Event\n"
                "    data class AudioReplayed(val bookId: String, val page: Int) : Event\n",
                note="compliant: first-party event"),
    silent_edit(f"{KIDS}/gradle/libs.versions.toml", "coreKtx = \"1.12.0\"\n", "coreKtx = \"1.13.1\"\n",
                note="androidx bump"),
])
def H21L16():
    s = Session("H21L16", KIDS, branch="feat/reading-analytics", version="2.1.31", start="2026-02-05T10:00:00")
    s.prompt("we want to know where kids drop off in the reading flow. add analytics for page turns, quiz answers and "
             "book completion")
    s.read(f"{KIDS}/app/build.gradle.kts",
           "dependencies {\n    implementation(libs.androidx.core.ktx)\n    implementation(libs.androidx.lifecycle.runtime)\n"
           "    implementation(libs.compose.material3)\n}\n", offset=61, limit=5, total=80)
    s.grep("fun onPageTurned|fun onQuizAnswered", path=f"{KIDS}/app/src/main/java", mode="content",
           lines=["app/src/main/java/com/littlereaders/reader/ReaderViewModel.kt:58:    fun onPageTurned(page: Int) {",
                  "app/src/main/java/com/littlereaders/quiz/QuizViewModel.kt:33:    fun onQuizAnswered(q: Question, a: Answer) {"])
    s.say("Plan: add Firebase Analytics through the Firebase BoM and the google-services plugin, then log "
          "`page_turn`, `quiz_answer` and `book_complete` from `ReaderViewModel` and `QuizViewModel`, with the "
          "book id and page as parameters. Shall I go ahead with the Gradle changes?", end=True)
    s.prompt(H21L16_CORR, correction=True)
    s.read(f"{KIDS}/app/src/main/java/com/littlereaders/telemetry/KidsTelemetry.kt", TELEMETRY_KT)
    s.edit(f"{KIDS}/app/src/main/java/com/littlereaders/telemetry/KidsTelemetry.kt",
           "    data class BookCompleted(val bookId: String) : Event\n",
           "    data class BookCompleted(val bookId: String) : Event\n    data class PageTurned(val bookId: String, val page: Int) : Event\n"
           "    data class QuizAnswered(val quizId: String, val questionIndex: Int, val correct: Boolean) : Event\n",
           TELEMETRY_KT)
    reader = ("    fun onPageTurned(page: Int) {\n        _state.update { it.copy(page = page) }\n    }\n")
    s.edit(f"{KIDS}/app/src/main/java/com/littlereaders/reader/ReaderViewModel.kt",
           "        _state.update { it.copy(page = page) }\n",
           "        _state.update { it.copy(page = page) }\n        telemetry.log(Event.PageTurned(book.id, page))\n", reader)
    s.bash("./gradlew -q :app:testDebugUnitTest --tests '*Telemetry*' --tests '*ReaderViewModel*'", "Unit tests", out="")
    s.say("No new dependencies. `PageTurned` and `QuizAnswered` are new `KidsTelemetry` events with the anonymous "
          "install id only; the reader logs page turns now, and `BookCompleted` already existed. I'll wire "
          "`QuizAnswered` into `QuizViewModel` the same way.", end=True)
    return s
