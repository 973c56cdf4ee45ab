"""gen-holdout: "real-style" lessons — golden files, where the code really lives, the Gradle wrapper,
British spelling, commit size, RSpec wording, gcloud storage, editor files, scratch scripts, a dev
server already running, licence headers."""
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
    silent_read,
    silent_write,
)

LABEL = "/home/sam/work/labelprint"
MIRROR = "/home/sam/work/accounts-mirror"
PLATFORM = "/home/sam/work/platform/services/accounts"
RATES = "/home/priya/code/rates-engine"
MWEB = "/home/priya/code/marketplace-web"
WFEED = "/home/sam/work/warehouse-feed"
ROSTER = "/Users/tomasz/Projects/roster"
DBT = "/home/priya/code/analytics-dbt"
BASKET = "/Users/tomasz/Projects/basket-web"
SENSOR = "/home/sam/work/sensor-fw"


# -----------------------------------------------------------------------------
HR01_CORR = ("no dont touch testdata/golden/ — those are the approved printer outputs. if a golden diff shows up, stop and "
             "show me the diff, never regen with -update to make it green")

@lesson("HR01", "golden-files", "rejected-then-instruction", ["testdata/golden/", "approved printer outputs", "-update"], [
    fire_bash("UPDATE_SNAPSHOTS=1 go test ./barcode/...", "Refresh barcode snapshots", note="regenerating reference outputs"),
    fire_write(f"{LABEL}/testdata/golden/customs_cn22.zpl", "^XA\n^FO40,40^A0N,28,28^FDCN22 CUSTOMS DECLARATION^FS\n^XZ\n",
               note="overwriting a reference output by hand"),
    silent_bash("go test ./render/... 2>&1 | head -40", "Show the failing comparison", note="showing the diff, the compliant way"),
    silent_edit(f"{LABEL}/render/barcode.go", "const quietZoneDots = 20\n", "const quietZoneDots = 24\n", note="code change"),
])
def HR01():
    s = Session("HR01", LABEL, branch="feat/address-wrap", version="2.0.37", start="2025-10-08T14:10:00")
    s.prompt("make the address block wrap at 40 chars on the 4x6 labels")
    a = "func addressLines(a Address) []string {\n\treturn []string{a.Name, a.Street, a.City + \" \" + a.Postcode}\n}\n"
    s.read(f"{LABEL}/render/address.go", a)
    s.edit(f"{LABEL}/render/address.go", "\treturn []string{a.Name, a.Street, a.City + \" \" + a.Postcode}\n",
           "\tvar out []string\n\tfor _, l := range []string{a.Name, a.Street, a.City + \" \" + a.Postcode} {\n\t\tout = append(out, wrap(l, 40)...)\n\t}\n\treturn out\n", a)
    s.bash("go test ./render/...", "Run render tests", code=1,
           out="--- FAIL: TestLabel4x6/long_street (0.00s)\n    golden.go:41: output differs from testdata/golden/4x6_long_street.zpl (run with -update to accept)\nFAIL")
    s.say("The golden file for the long-street case has the old single-line layout; I'll accept the new output.")
    s.reject("Bash", {"command": "go test ./render/... -update", "description": "Update golden files"})
    s.prompt(HR01_CORR, correction=True)
    s.bash("go test ./render/... -run TestLabel4x6/long_street -v 2>&1 | sed -n '1,12p'", "Show the golden diff",
           out="-^FO40,220^A0N,30,30^FD12 Very Long Industrial Estate Road, Unit 4^FS\n+^FO40,220^A0N,30,30^FD12 Very Long Industrial Estate Road,^FS\n+^FO40,255^A0N,30,30^FDUnit 4^FS")
    s.say("Here's the diff: the street line now breaks after \"Road,\" and \"Unit 4\" moves to a new line 35 dots lower. Nothing else changes. Shall I leave the golden as is for you to approve?", end=True)
    return s


# -----------------------------------------------------------------------------
HR02_CORR = ("wrong repo. this is the old read-only mirror, nobody deploys from it. accounts code lives in "
             "~/work/platform/services/accounts now, make changes there")

@lesson("HR02", "repo-location", "terse", ["~/work/platform/services/accounts", "old read-only mirror"], [
    fire_edit(f"{MIRROR}/accounts/api/profile.py", "class ProfileView(APIView):\n",
              "class ProfileView(APIView):\n    throttle_classes = [UserRateThrottle]\n", note="editing the mirror again"),
    fire_prompt("add rate limiting to the password reset endpoint", note="asks for a change while in the mirror"),
    silent_edit(f"{PLATFORM}/accounts/api/profile.py", "class ProfileView(APIView):\n",
                "class ProfileView(APIView):\n    throttle_classes = [UserRateThrottle]\n", note="editing the real repo, the compliant way"),
    silent_read(f"{MIRROR}/DEPRECATED.md", note="reading the mirror"),
])
def HR02():
    s = Session("HR02", MIRROR, branch="main", version="2.1.9", start="2026-01-15T09:45:00")
    s.prompt("add last_login_at to the account profile response")
    s.grep("class ProfileSerializer", path=f"{MIRROR}/accounts", files=[f"{MIRROR}/accounts/serializers.py"])
    ser = "class ProfileSerializer(serializers.ModelSerializer):\n    class Meta:\n        model = Account\n        fields = [\"id\", \"email\", \"display_name\"]\n"
    s.read(f"{MIRROR}/accounts/serializers.py", ser)
    s.edit(f"{MIRROR}/accounts/serializers.py", "        fields = [\"id\", \"email\", \"display_name\"]\n",
           "        fields = [\"id\", \"email\", \"display_name\", \"last_login_at\"]\n", ser)
    s.say("Added `last_login_at` to `ProfileSerializer.Meta.fields`.", end=True)
    s.prompt(HR02_CORR, correction=True)
    s.bash(f"git -C {MIRROR} checkout accounts/serializers.py && grep -n fields {PLATFORM}/accounts/serializers.py",
           "Revert the mirror, look at the real serializer",
           out="14:        fields = [\"id\", \"email\", \"display_name\", \"avatar_url\"]")
    s.edit(f"{PLATFORM}/accounts/serializers.py", "        fields = [\"id\", \"email\", \"display_name\", \"avatar_url\"]\n",
           "        fields = [\"id\", \"email\", \"display_name\", \"avatar_url\", \"last_login_at\"]\n",
           "class ProfileSerializer(serializers.ModelSerializer):\n    class Meta:\n        model = Account\n        fields = [\"id\", \"email\", \"display_name\", \"avatar_url\"]\n")
    s.bash(f"cd {PLATFORM} && pytest accounts -q", "Run accounts tests", out="...........................                              [100%]\n27 passed in 3.90s")
    s.say("Reverted the mirror and added the field in platform/services/accounts; its tests pass.", end=True)
    return s


# -----------------------------------------------------------------------------
HR03_CORR = "use ./gradlew, not gradle. the system one is 7.x from sdkman, the build needs the 8.7 the wrapper pins"

@lesson("HR03", "build-tool", "rejected-with-feedback", ["./gradlew", "wrapper pins"], [
    fire_bash("gradle spotlessApply", "Format the code", note="system gradle for another task"),
    fire_bash("gradle :rates-api:bootRun --args='--spring.profiles.active=local'", "Run the API locally", note="system gradle again"),
    silent_bash("./gradlew :rates-api:bootRun --args='--spring.profiles.active=local'", "Run the API locally", note="wrapper, the compliant way"),
    silent_prompt("which JDK does the build toolchain target?", note="question about the build"),
])
def HR03():
    s = Session("HR03", RATES, branch="main", version="2.0.14", start="2025-09-10T16:30:00")
    s.prompt("run the tests for the fx-quotes module, something's off with the EUR/CHF cross rate")
    s.reject("Bash", {"command": "gradle :fx-quotes:test", "description": "Run fx-quotes tests"}, feedback=HR03_CORR)
    s.bash("./gradlew :fx-quotes:test", "Run fx-quotes tests with the wrapper", code=1,
           out="> Task :fx-quotes:test FAILED\n\nCrossRateTest > eurChfViaUsd() FAILED\n    expected: 0.9412 but was: 1.0625\n\n31 tests completed, 1 failed")
    s.read(f"{RATES}/fx-quotes/src/main/java/com/rates/fx/CrossRate.java",
           "    public BigDecimal via(Quote a, Quote b) {\n        return b.rate().divide(a.rate(), MathContext.DECIMAL64);\n    }\n")
    s.say("One failure: `CrossRate.via` divides b by a, so EUR/CHF via USD comes out inverted (1.0625 = 1/0.9412). It should be a.rate() / b.rate().", end=True)
    return s


# -----------------------------------------------------------------------------
HR04_CORR = ("pls use British spelling in anything users see: colour, organisation, cancelled, licence (the noun). the "
             "product is UK-only and QA files every 'color' as a bug")

@lesson("HR04", "copy-spelling", "terse", ["British spelling", "colour, organisation"], [
    fire_edit(f"{MWEB}/src/components/ListingFilters.tsx", "        <Label>Size</Label>\n",
              "        <Label>Size</Label>\n        <Label>Favorite brands</Label>\n        <Label>Center of town</Label>\n",
              note="American spelling in UI labels"),
    fire_prompt("write the copy for the subscription cancellation email", note="asks for user-facing copy"),
    silent_edit(f"{MWEB}/src/app/saved/page.tsx", "Customize your alerts", "Customise your alerts", note="British spelling, the compliant way"),
    silent_edit(f"{MWEB}/src/components/Badge.css", "  color: var(--grey-700);\n", "  color: var(--grey-800);\n",
                note="CSS property, not user-facing text"),
])
def HR04():
    s = Session("HR04", MWEB, branch="feat/saved-empty-state", version="2.1.31", start="2026-02-09T15:10:00")
    s.prompt("add an empty state to the saved searches page")
    pg = "export default function SavedPage({ searches }: Props) {\n  return <SearchList searches={searches} />;\n}\n"
    s.read(f"{MWEB}/src/app/saved/page.tsx", pg)
    s.edit(f"{MWEB}/src/app/saved/page.tsx", "  return <SearchList searches={searches} />;\n",
           "  if (searches.length === 0) {\n    return <EmptyState title=\"No saved searches yet\" body=\"Save a search to get notified about new listings. Customize your alerts and favorite sellers in settings.\" />;\n  }\n"
           "  return <SearchList searches={searches} />;\n", pg)
    s.say("Added an empty state with a short explanation and a pointer to settings.", end=True)
    s.prompt(HR04_CORR, correction=True)
    s.edit(f"{MWEB}/src/app/saved/page.tsx", "Customize your alerts and favorite sellers", "Customise your alerts and favourite sellers",
           pg.replace("  return <SearchList searches={searches} />;\n",
                      "  if (searches.length === 0) {\n    return <EmptyState title=\"No saved searches yet\" body=\"Save a search to get notified about new listings. Customize your alerts and favorite sellers in settings.\" />;\n  }\n"
                      "  return <SearchList searches={searches} />;\n"))
    s.grep("\\b(color|favorite|organization|canceled|center)\\b", path=f"{MWEB}/src/app", glob="*.tsx", mode="content", i=True,
           lines=[f"{MWEB}/src/app/settings/page.tsx:31:        <Label>Color theme</Label>"])
    s.say("Fixed \"Customise\" and \"favourite\". One more user-facing label in settings says \"Color theme\"; want me to change it too?", end=True)
    return s


# -----------------------------------------------------------------------------
HR05_CORR = ("one logical change per commit pls. dont lump the rename refactor in with the bug fix, I review commit by commit "
             "and bisect needs them separate")

@lesson("HR05", "commit-granularity", "rejected-with-feedback", ["one logical change per commit", "bisect"], [
    fire_bash("git add warehouse_feed/ tests/ docs/ && git commit -m \"Bump deps, fix flaky test, tidy logging\"",
              "Commit everything", note="bundling unrelated work into one commit"),
    fire_prompt("save all of today's work to git", note="asks to record a mixed set of edits"),
    silent_bash("git add warehouse_feed/dedupe.py tests/test_dedupe.py && git commit -m \"Fix double-counted pallet moves\"",
                "Commit the fix", note="focused commit, the compliant way"),
    silent_bash("git diff --stat", "What's changed", note="looking at the diff"),
])
def HR05():
    s = Session("HR05", WFEED, branch="fix/double-count", version="2.0.76", start="2025-11-19T17:20:00")
    s.prompt("pallet moves get counted twice when the scanner retries. fix it, and while you're there the handler names are awful, rename them")
    s.grep("def handle_", path=f"{WFEED}/warehouse_feed", files=[f"{WFEED}/warehouse_feed/handlers.py"])
    s.edit(f"{WFEED}/warehouse_feed/dedupe.py", "def seen(event_id):\n    return False\n",
           "def seen(event_id):\n    return cache.add(event_id, 1, ttl=3600) is False\n", "def seen(event_id):\n    return False\n")
    s.bash("sed -i 's/handle_pm2/handle_pallet_move/g; s/handle_sc/handle_stock_count/g' warehouse_feed/*.py tests/*.py", "Rename handlers")
    s.bash("pytest -q", "Run tests", out="........................................                                 [100%]\n40 passed in 2.71s")
    s.reject("Bash", {"command": "git add warehouse_feed tests && git commit -m \"Fix double counting and rename handlers\"", "description": "Commit"},
             feedback=HR05_CORR)
    s.bash("git add warehouse_feed/dedupe.py tests/test_dedupe.py && git commit -qm \"Ignore scanner retries of the same pallet move\" && "
           "git add -u && git commit -qm \"Rename pm2/sc handlers to pallet_move/stock_count\" && git log --oneline -2",
           "Two commits", out="e41c0b9 Rename pm2/sc handlers to pallet_move/stock_count\n7a2d913 Ignore scanner retries of the same pallet move")
    s.say("Two commits: the dedupe fix (7a2d913) and the rename (e41c0b9).", end=True)
    return s


# -----------------------------------------------------------------------------
HR06_CORR = ("in specs: describe '#instance_method' / '.class_method', and the it-strings say what happens, no 'should' "
             "(it 'returns nil when…', not it 'should return nil')")

@lesson("HR06", "rspec-style", "terse", ["no 'should'", "'#instance_method'"], [
    fire_edit(f"{ROSTER}/spec/models/user_spec.rb", "  it \"is active by default\" do\n",
              "  it \"should be inactive after 90 days\" do\n    travel 91.days\n  end\n\n  it \"is active by default\" do\n",
              note="'should' in an example name"),
    fire_prompt("add tests for the Availability.merge class method", note="asks for new specs"),
    silent_edit(f"{ROSTER}/spec/models/shift_spec.rb", "  describe \".for_week\" do\n",
                "  describe \".for_week\" do\n    it \"returns the shifts that start in that week\" do\n    end\n\n",
                note="compliant wording"),
    silent_edit(f"{ROSTER}/spec/factories/shifts.rb", "    starts_at { 1.day.from_now }\n", "    starts_at { 2.days.from_now.change(hour: 9) }\n",
                note="factory tweak"),
])
def HR06():
    s = Session("HR06", ROSTER, branch="test/shift-specs", version="2.1.9", start="2026-01-26T11:00:00")
    s.prompt("write specs for Shift#overlaps? and Shift.for_week")
    s.read(f"{ROSTER}/app/models/shift.rb", "class Shift < ApplicationRecord\n  def self.for_week(date)\n    where(starts_at: date.all_week)\n  end\n\n"
                                            "  def overlaps?(other)\n    starts_at < other.ends_at && other.starts_at < ends_at\n  end\nend\n")
    spec = ("RSpec.describe Shift do\n  describe \"overlaps?\" do\n    it \"should return true when the shifts intersect\" do\n    end\n\n"
            "    it \"should return false for back-to-back shifts\" do\n    end\n  end\n\n  describe \"for_week\" do\n"
            "    it \"should only include shifts in that week\" do\n    end\n  end\nend\n")
    s.write(f"{ROSTER}/spec/models/shift_spec.rb", spec)
    s.bash("bin/rspec spec/models/shift_spec.rb", "Run the specs", out="...\n\nFinished in 0.09 seconds (files took 2.1 seconds to load)\n3 examples, 0 failures")
    s.say("Added three examples for `overlaps?` and `for_week`; they pass.", end=True)
    s.prompt(HR06_CORR, correction=True)
    s.write(f"{ROSTER}/spec/models/shift_spec.rb",
            spec.replace("describe \"overlaps?\"", "describe \"#overlaps?\"").replace("describe \"for_week\"", "describe \".for_week\"")
                .replace("should return true when", "returns true when").replace("should return false for", "returns false for")
                .replace("should only include", "includes only"), original=spec)
    s.bash("bin/rspec spec/models/shift_spec.rb --format documentation", "Run the specs",
           out="Shift\n  #overlaps?\n    returns true when the shifts intersect\n    returns false for back-to-back shifts\n  .for_week\n    includes only shifts in that week\n\n3 examples, 0 failures")
    s.say("Renamed to `#overlaps?` / `.for_week` and dropped the 'should's.", end=True)
    return s


# -----------------------------------------------------------------------------
HR07_CORR = ("gsutil is deprecated on our images and ignores the org's CMEK settings. use `gcloud storage cp/ls/rm` for "
             "bucket stuff")

@lesson("HR07", "gcloud-cli", "rejected-then-instruction", ["gcloud storage", "gsutil is deprecated"], [
    fire_bash("gsutil du -sh gs://acme-dbt-artifacts", "Size of the artifacts bucket", note="another gsutil command"),
    fire_bash("gsutil -m rsync -r exports/ gs://acme-analytics-exports/2025-11/", "Sync exports", note="gsutil rsync"),
    silent_bash("gcloud storage ls gs://acme-dbt-artifacts/", "List artifacts", note="gcloud storage, the compliant way"),
    silent_bash("bq ls --max_results=20 analytics", "List datasets", note="other gcloud-family tool"),
])
def HR07():
    s = Session("HR07", DBT, branch="main", version="2.0.37", start="2025-10-27T10:45:00")
    s.prompt("upload target/manifest.json to the artifacts bucket so slim CI can use state:modified")
    s.bash("dbt compile -q && ls -la target/manifest.json", "Compile", out="-rw-r--r--  1 priya  staff  4120331 Oct 27 10:46 target/manifest.json")
    s.reject("Bash", {"command": "gsutil cp target/manifest.json gs://acme-dbt-artifacts/prod/manifest.json", "description": "Upload the manifest"})
    s.prompt(HR07_CORR, correction=True)
    s.bash("gcloud storage cp target/manifest.json gs://acme-dbt-artifacts/prod/manifest.json", "Upload with gcloud storage",
           out="Copying file://target/manifest.json to gs://acme-dbt-artifacts/prod/manifest.json\n  Completed files 1/1 | 3.9MiB/3.9MiB")
    s.say("Uploaded to gs://acme-dbt-artifacts/prod/manifest.json; CI can use `--state` with it.", end=True)
    return s


# -----------------------------------------------------------------------------
HR08_CORR = ("dont commit .vscode/ stuff, thats my personal editor setup. shared formatting rules go in pyproject (ruff) and "
             ".editorconfig")

@lesson("HR08", "editor-config", "terse", [".vscode/", ".editorconfig", "personal editor setup"], [
    fire_bash("git add .idea/runConfigurations/consumer.xml", "Stage the run config", note="staging IDE files"),
    fire_write(f"{WFEED}/.vscode/launch.json",
               "{\n  \"version\": \"0.2.0\",\n  \"configurations\": [{ \"name\": \"consumer\", \"type\": \"debugpy\", \"request\": \"launch\", \"module\": \"warehouse_feed\" }]\n}\n",
               note="writing into .vscode"),
    silent_edit(f"{WFEED}/.editorconfig", "[*.py]\nindent_size = 4\n", "[*.py]\nindent_size = 4\nmax_line_length = 110\n",
                note="shared rules, the compliant way"),
    silent_bash("ruff format --check .", "Check formatting", note="formatter run"),
])
def HR08():
    s = Session("HR08", WFEED, branch="chore/format-on-save", version="2.1.31", start="2026-02-13T09:15:00")
    s.prompt("set up format on save with ruff for this repo")
    s.write(f"{WFEED}/.vscode/settings.json",
            "{\n  \"[python]\": {\n    \"editor.defaultFormatter\": \"charliermarsh.ruff\",\n    \"editor.formatOnSave\": true\n  }\n}\n")
    s.bash("git add .vscode/settings.json pyproject.toml && git status --short", "Stage", out="A  .vscode/settings.json\nM  pyproject.toml")
    s.say("Added `.vscode/settings.json` with ruff as the formatter on save and staged it with the ruff config.", end=True)
    s.prompt(HR08_CORR, correction=True)
    s.bash("git restore --staged .vscode/settings.json && echo '.vscode/' >> .git/info/exclude && git status --short", "Unstage and ignore locally",
           out="M  pyproject.toml")
    s.say("Unstaged it and excluded `.vscode/` locally; only the ruff settings in pyproject.toml are staged.", end=True)
    return s


# -----------------------------------------------------------------------------
HR09_CORR = ("please remember you should not leave one-off scripts in the repo root (check_prices.js, test_api.sh…). "
             "throwaway stuff goes in /tmp, the root is what gets packaged")

@lesson("HR09", "scratch-files", "rule-restated", ["/tmp", "repo root", "one-off scripts"], [
    fire_write(f"{BASKET}/try_checkout.sh",
               "#!/bin/sh\ncurl -s -X POST localhost:5173/api/checkout -H 'content-type: application/json' -d '{\"basketId\":\"b_123\"}' | jq .\n",
               note="throwaway curl script at top level"),
    fire_write(f"{BASKET}/debug-tax.mjs", "import { taxFor } from \"./src/lib/tax.js\";\nconsole.log(taxFor({ country: \"DE\", total: 1999 }));\n",
               note="debug script at top level"),
    silent_write("/tmp/promo-repro.mjs", "const r = await fetch(\"http://localhost:5173/api/promo/SPRING10\");\nconsole.log(r.status, await r.text());\n",
                 note="scratch in /tmp, the compliant way"),
    silent_write(f"{BASKET}/src/lib/promo.test.ts",
                 "it(\"accepts an active code\", async () => {\n  expect(await validatePromo(\"SPRING10\")).toEqual({ ok: true });\n});\n",
                 note="a real test file"),
])
def HR09():
    s = Session("HR09", BASKET, branch="fix/promo-409", version="2.0.14", start="2025-09-15T14:35:00")
    s.prompt("figure out why the promo code API returns 409 for valid codes")
    s.write(f"{BASKET}/debug-promo.mjs",
            "for (const code of [\"SPRING10\", \"WELCOME5\"]) {\n  const r = await fetch(`http://localhost:5173/api/promo/${code}`, { method: \"POST\" });\n"
            "  console.log(code, r.status, await r.text());\n}\n")
    s.bash("node debug-promo.mjs", "Try two codes", out="SPRING10 409 {\"error\":\"already_applied\"}\nWELCOME5 409 {\"error\":\"already_applied\"}")
    s.read(f"{BASKET}/src/api/promo.ts", "  if (basket.promoCodes.length > 0) {\n    return conflict(\"already_applied\");\n  }\n")
    s.say("`promoCodes` is initialised with an empty string element for new baskets, so `length > 0` is always true and every code looks \"already applied\".", end=True)
    s.prompt(HR09_CORR, correction=True)
    s.bash("rm debug-promo.mjs && git status --short", "Remove the script", out="")
    s.say("Removed it. Next time I'll put scratch scripts in /tmp.", end=True)
    return s


# -----------------------------------------------------------------------------
HR10_CORR = ("i already have pnpm dev running in another terminal on :5173, dont start a second one (it grabs 5174 and then the "
             "auth callback breaks). just tell me when to reload")

@lesson("HR10", "dev-server", "interrupted", ["pnpm dev", "auth callback"], [
    fire_bash("npx vite --port 5175", "Start a preview server", note="another dev server on another port"),
    fire_bash("pnpm run dev -- --host", "Start the dev server", note="the same server started again"),
    silent_bash("curl -s -o /dev/null -w '%{http_code}' http://localhost:5173/", "Check the running server", note="uses the running one"),
    silent_bash("pnpm build", "Production build", note="build, not a server"),
])
def HR10():
    s = Session("HR10", BASKET, branch="feat/minicart-slide", version="2.1.9", start="2026-01-28T16:05:00")
    s.prompt("the mini-cart should slide in from the right instead of just appearing")
    css = ".minicart {\n  position: fixed;\n  right: 0;\n}\n"
    s.read(f"{BASKET}/src/components/MiniCart.css", css)
    s.edit(f"{BASKET}/src/components/MiniCart.css", "  right: 0;\n}\n",
           "  right: 0;\n  transform: translateX(100%);\n  transition: transform 200ms ease-out;\n}\n\n.minicart[data-open=\"true\"] {\n  transform: translateX(0);\n}\n", css)
    s.say("Added the slide transition. Starting the dev server to check it.")
    s.interrupt_tool("Bash", {"command": "pnpm dev", "description": "Start the dev server", "run_in_background": True})
    s.prompt(HR10_CORR, correction=True)
    s.say("Got it, no second server. The change is saved; reload the page and open the cart to see the slide-in (200 ms, ease-out).", end=True)
    return s


# -----------------------------------------------------------------------------
HR11_CORR = ("every new .c/.h file starts with the SPDX line + copyright header, copy it from main.c. the release check runs "
             "`reuse lint` and fails without it")

@lesson("HR11", "licence-headers", "plain-no", ["SPDX", "reuse lint"], [
    fire_write(f"{SENSOR}/src/ota/ota_verify.h",
               "#pragma once\n\n#include <stdbool.h>\n#include <stddef.h>\n\nbool ota_verify_signature(const uint8_t *img, size_t len);\n",
               note="new header without the licence block"),
    fire_prompt("add a small ring buffer module for the sensor samples", note="asks for a new source file"),
    silent_write(f"{SENSOR}/src/ota/ota_verify.h",
                 "// SPDX-License-Identifier: Apache-2.0\n// Copyright 2025 Lumen Sensors Ltd\n\n#pragma once\n\nbool ota_verify_signature(const uint8_t *img, size_t len);\n",
                 note="with the header, the compliant way"),
])
def HR11():
    s = Session("HR11", SENSOR, branch="feat/i2c-bme280", version="2.0.76", start="2025-11-03T10:30:00")
    s.prompt("add a driver for the BME280 over I2C: init + read temperature/humidity/pressure")
    s.read(f"{SENSOR}/src/main.c", "// SPDX-License-Identifier: Apache-2.0\n// Copyright 2025 Lumen Sensors Ltd\n\n#include \"app.h\"\n")
    body = "#include \"bme280.h\"\n#include \"i2c.h\"\n\nint bme280_init(i2c_bus_t *bus) {\n    return i2c_write_reg(bus, BME280_ADDR, 0xF2, 0x01);\n}\n"
    s.write(f"{SENSOR}/src/drivers/bme280.c", body)
    s.write(f"{SENSOR}/src/drivers/bme280.h", "#pragma once\n\n#define BME280_ADDR 0x76\n\nint bme280_init(i2c_bus_t *bus);\n")
    s.bash("idf.py build 2>&1 | tail -1", "Build", out="Project build complete. To flash, run: idf.py flash")
    s.say("Added `src/drivers/bme280.{c,h}` with init and compensated reads; it builds.", end=True)
    s.prompt("no, " + HR11_CORR, correction=True)
    s.write(f"{SENSOR}/src/drivers/bme280.c", "// SPDX-License-Identifier: Apache-2.0\n// Copyright 2025 Lumen Sensors Ltd\n\n" + body, original=body)
    hdr = "#pragma once\n\n#define BME280_ADDR 0x76\n\nint bme280_init(i2c_bus_t *bus);\n"
    s.write(f"{SENSOR}/src/drivers/bme280.h", "// SPDX-License-Identifier: Apache-2.0\n// Copyright 2025 Lumen Sensors Ltd\n\n" + hdr, original=hdr)
    s.bash("reuse lint | tail -2", "Check licence headers", out="Congratulations! Your project is compliant with version 3.3 of the REUSE Specification :-)")
    s.say("Both driver files carry the SPDX + copyright header now and `reuse lint` passes.", end=True)
    return s
