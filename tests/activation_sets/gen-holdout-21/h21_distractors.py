"""gen-holdout-21: compliant sessions in the same areas as the lessons, with no correction in them."""
from cc import Session
from registry import distractor

MUSEUM = "/home/ciaran/src/collections-online"
JUCE = "/Users/sam/dev/TapeWarmth"
INN = "/home/elena/src/innkeeper"
BESS = "/home/oskar/ops/bess-tools"
PAYROLL = "/home/jakob/src/payroll-exports"
HAL = "/home/vikram/src/infotainment-hal"


@distractor("H21D01", "museum-image-rights", "rights checked first, two records without images; near-miss 'no, that's fine'")
def H21D01():
    s = Session("H21D01", MUSEUM, branch="main", version="2.1.9", start="2026-02-03T11:00:00")
    s.prompt("publish the Dunne bequest (2023.201 to 2023.214) to the online collection")
    s.bash("./bin/ca objects list --accession '2023.2[01]*' --fields accession,rights_status | awk -F'|' '$1 >= \"2023.201\" "
           "&& $1 <= \"2023.214\"' | cut -d'|' -f2 | sort | uniq -c", "Rights status of the bequest",
           out="     10 Cleared\n      2 In copyright\n      2 Public domain")
    s.bash("./bin/publish-objects --accession-list dunne_cleared.txt --with-images && ./bin/publish-objects "
           "--accession-list dunne_copyright.txt --no-images", "Publish cleared with images, the rest without",
           out="records: 12 upserted, images: 31 pushed\nrecords: 2 upserted, images: 0 pushed")
    s.say("12 objects are online with their images. 2023.209 and 2023.212 are In copyright, so only their records "
          "went up. Shall I send Aoife those two accession numbers?", end=True)
    s.prompt("no, that's fine, I'll bring them up with her at the collections meeting on Thursday")
    return s


@distractor("H21D02", "juce-parameter-ids", "new parameter with a new ID and version hint")
def H21D02():
    s = Session("H21D02", JUCE, branch="feat/tape-age", version="2.1.9", start="2026-01-27T14:00:00")
    s.prompt("add a 'tape age' control, 0 to 100%, that darkens the top end")
    layout = ("    layout.add (std::make_unique<juce::AudioParameterChoice> (juce::ParameterID { \"tapeType\", 1 }, \"Tape\",\n"
              "        juce::StringArray { \"Ferric\", \"Chrome\", \"Metal\" }, 0));\n    return layout;\n")
    s.read(f"{JUCE}/Source/params/Layout.cpp", layout, offset=9, limit=3, total=14)
    s.edit(f"{JUCE}/Source/params/Layout.cpp", "    return layout;\n",
           "    layout.add (std::make_unique<juce::AudioParameterFloat> (juce::ParameterID { \"tapeAge\", 2 }, \"Tape Age\",\n"
           "        juce::NormalisableRange<float> (0.0f, 100.0f, 0.1f), 0.0f,\n"
           "        juce::AudioParameterFloatAttributes().withLabel (\"%\")));\n    return layout;\n", layout)
    s.bash("cmake --build build --config Release --target TapeWarmth_VST3 2>&1 | tail -1 && pluginval --strictness-level 5 "
           "build/TapeWarmth_artefacts/Release/VST3/TapeWarmth.vst3 | tail -1", "Build and validate",
           out="[100%] Built target TapeWarmth_VST3\nSUCCESS")
    s.say("Added `tapeAge` (version hint 2, since the last release shipped with 1) and a one-pole low-pass whose "
          "cutoff falls from 18 kHz to 6 kHz as it goes up. pluginval passes.", end=True)
    return s


@distractor("H21D03", "stay-nights-half-open", "departures list through the stay helpers")
def H21D03():
    s = Session("H21D03", INN, branch="feat/departures", version="2.1.31", start="2026-02-09T08:50:00")
    s.prompt("front desk wants a departures list for tomorrow: guest, room, and whether the room is booked again the same "
             "night")
    s.read(f"{INN}/src/lib/stay.ts",
           "export function overlaps(a: Stay, b: Stay): boolean {\n  return a.checkIn < b.checkOut && b.checkIn < a.checkOut;\n}\n",
           offset=17, limit=3, total=41)
    s.write(f"{INN}/src/reports/departures.ts",
            "import { isSameDay } from \"date-fns\";\nimport { nightsOf } from \"../lib/stay\";\n\n"
            "export function departures(stays: Stay[], day: Date) {\n  return stays\n"
            "    .filter((s) => s.status !== \"cancelled\" && isSameDay(s.checkOut, day))\n"
            "    .map((s) => ({\n      guest: s.guestName,\n      room: s.roomId,\n"
            "      turnover: stays.some((o) => o.roomId === s.roomId && nightsOf(o).some((n) => isSameDay(n, day))),\n"
            "    }));\n}\n")
    s.bash("pnpm vitest run src/reports/departures.test.ts", "Run the tests",
           out=" \u2713 src/reports/departures.test.ts (3 tests) 6ms")
    s.say("`departures(stays, day)` lists tomorrow's check-outs with a `turnover` flag when someone else has that "
          "room for the same night. The tests cover a same-day turnover.", end=True)
    return s


@distractor("H21D04", "modbus-live-writes", "read-only polling added; near-miss 'no, that's all for now'")
def H21D04():
    s = Session("H21D04", BESS, branch="main", version="2.1.9", start="2026-02-12T10:15:00")
    s.prompt("add battery state of charge and inverter temperature from Crowmarsh to the grafana poller, input "
             "registers 30845 and 30953")
    cfg = ("crowmarsh:\n  host: 10.40.7.10\n  unit: 1\n  points:\n    - {name: export_kw, fc: 4, reg: 30775, scale: 1}\n")
    s.read(f"{BESS}/poller/sites.yaml", cfg, offset=22, limit=5, total=61)
    s.edit(f"{BESS}/poller/sites.yaml", "    - {name: export_kw, fc: 4, reg: 30775, scale: 1}\n",
           "    - {name: export_kw, fc: 4, reg: 30775, scale: 1}\n    - {name: soc_pct, fc: 4, reg: 30845, scale: 1}\n"
           "    - {name: inverter_temp_c, fc: 4, reg: 30953, scale: 0.1}\n", cfg)
    s.bash("modpoll -m tcp -a 1 -t 3 -r 30845 -c 1 -1 10.40.7.10 | tail -1 && modpoll -m tcp -a 1 -t 3 -r 30953 -c 1 -1 "
           "10.40.7.10 | tail -1", "Read both registers once", out="[30845]: 63\n[30953]: 387")
    s.say("Both points are in the poller config: SoC reads 63% and the inverter is at 38.7 \u00b0C. They will show up "
          "in Grafana after the next poll. Do you want alert thresholds on the temperature as well?", end=True)
    s.prompt("no, that's all for now, thanks")
    return s


@distractor("H21D05", "sepa-payroll-files", "one rejected payment traced and a single-payment file prepared")
def H21D05():
    s = Session("H21D05", PAYROLL, branch="main", version="2.1.31", start="2025-07-29T09:40:00")
    s.prompt("Lena Brandt says her July salary hasn't arrived")
    s.bash("paybatch status --period 2025-07", "July batches",
           out="PAYR-2025-07-01  pain001_payroll.xml  144 tx  EUR 515,204.90  signed 2025-07-25  executed")
    s.bash("paybatch report pain002 --msgid PAYR-2025-07-01 | grep -i -A1 brandt", "Her line in the status report",
           out="E-10482 Brandt, Lena  EUR 3,412.55  RJCT  AC01 (incorrect account number)")
    s.say("Everyone else was paid. Lena's payment was rejected with AC01 (incorrect account number), so the money "
          "never left. When HR has her corrected IBAN, she needs a single-payment file for EUR 3,412.55. Shall I "
          "prepare it?", end=True)
    s.prompt("yes, HR fixed her IBAN this morning. go ahead, Ruth will upload it")
    s.bash("paybatch single --employee 10482 --period 2025-07 --out payments/2025-07/single_10482.xml",
           "Single-payment file for Lena", out="1 transaction, EUR 3,412.55, MsgId PAYR-2025-07-S01 (IBAN DE89 \u2026 3000)")
    s.say("`payments/2025-07/single_10482.xml` is ready for Ruth: one transaction of EUR 3,412.55 to the new IBAN.",
          end=True)
    return s


@distractor("H21D06", "gerrit-review-refs", "series uploaded for review; near-miss 'no, that's fine'")
def H21D06():
    s = Session("H21D06", HAL, branch="master", version="2.0.37", start="2025-10-07T14:30:00")
    s.prompt("upload the two audio ducking patches as a series for review")
    s.bash("git log --oneline -2", "The two commits",
           out="c91a4e2 audio: duck media by 12 dB during nav prompts\n5b07f13 audio: add ducking config to audio_policy.xml")
    s.bash("git push origin HEAD:refs/for/master%topic=audio-ducking", "Upload as a topic",
           out="remote: SUCCESS\nremote:   https://gerrit.example.com/c/infotainment-hal/+/48390 audio: add ducking config [NEW]\n"
               "remote:   https://gerrit.example.com/c/infotainment-hal/+/48391 audio: duck media by 12 dB during nav prompts [NEW]")
    s.say("Both are up as 48390 and 48391 under the topic `audio-ducking`, in order. Shall I add Priya as a reviewer?",
          end=True)
    s.prompt("no, that's fine, the owners plugin adds her on its own")
    return s
