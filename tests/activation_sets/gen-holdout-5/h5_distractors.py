"""gen-holdout-5: sessions in the same areas with no correction (compliant work, thanks, a near-miss 'no')."""
from cc import Session
from registry import distractor

HARBOR = "/Users/ines/dev/harbor-mobile"
ADSTATS = "/home/ilya/work/adstats"
BOOKSHELF = "/Users/joao/dev/bookshelf-web"
MALARIA = "/Users/agnes/research/malaria-incidence"


@distractor("H5D01", "expo-prebuild", "native setting through app.config.ts")
def H5D01():
    s = Session("H5D01", HARBOR, branch="feat/dark-splash", version="2.1.9", start="2026-01-23T09:15:00")
    s.prompt("the splash screen flashes white in dark mode, can it use the navy background there")
    cfg = ("  splash: {\n    image: \"./assets/splash.png\",\n    backgroundColor: \"#ffffff\",\n  },\n")
    s.read(f"{HARBOR}/app.config.ts", cfg, offset=6, limit=4, total=34)
    s.edit(f"{HARBOR}/app.config.ts", "    backgroundColor: \"#ffffff\",\n  },\n",
           "    backgroundColor: \"#ffffff\",\n    dark: { image: \"./assets/splash-dark.png\", backgroundColor: \"#0b1f3a\" },\n  },\n", cfg)
    s.bash("npx expo config --type public | grep -A4 'splash:'", "Check the resolved splash config",
           out="  splash: {\n    image: './assets/splash.png',\n    backgroundColor: '#ffffff',\n"
               "    dark: { image: './assets/splash-dark.png', backgroundColor: '#0b1f3a' }")
    s.say("Added a `dark` variant to `splash` in `app.config.ts` (navy #0b1f3a with the light logo). It takes effect on the next "
          "EAS build; Expo Go won't show it.", end=True)
    s.prompt("nice, thanks")
    return s


@distractor("H5D02", "clickhouse-mutations", "tombstones through a versioned insert")
def H5D02():
    s = Session("H5D02", ADSTATS, branch="main", version="2.1.31", start="2026-01-26T16:00:00")
    s.prompt("QA ran a load test against prod tracking yesterday as advertiser 9001, get those rows out of the reports")
    s.bash("clickhouse-client --query \"SELECT count() FROM events FINAL WHERE advertiser_id = 9001 AND toDate(ts) = '2026-01-25'\"",
           "Count the load-test rows", out="52000")
    s.bash("clickhouse-client --query \"INSERT INTO events SELECT * REPLACE (1 AS is_deleted, now64(3) AS version) FROM events FINAL "
           "WHERE advertiser_id = 9001 AND toDate(ts) = '2026-01-25'\" && clickhouse-client --query \"SELECT count() FROM events FINAL "
           "WHERE advertiser_id = 9001 AND toDate(ts) = '2026-01-25'\"", "Tombstone them and re-count", out="0")
    s.say("Re-inserted the 52,000 rows with `is_deleted = 1` and a newer version, so FINAL reads (and the reports) no longer see them.",
          end=True)
    s.prompt("perfect")
    return s


@distractor("H5D03", "playwright-waits", "retrying assertions; near-miss 'no, that's fine'")
def H5D03():
    s = Session("H5D03", BOOKSHELF, branch="test/newsletter", version="2.0.37", start="2025-11-03T11:10:00")
    s.prompt("add an e2e test for the newsletter signup in the footer")
    s.write(f"{BOOKSHELF}/tests/e2e/newsletter.spec.ts",
            "import { test, expect } from \"@playwright/test\";\n\ntest(\"signs up for the newsletter\", async ({ page }) => {\n"
            "  await page.goto(\"/\");\n  const footer = page.getByRole(\"contentinfo\");\n"
            "  await footer.getByLabel(\"Email\").fill(\"reader@example.com\");\n"
            "  await footer.getByRole(\"button\", { name: \"Subscribe\" }).click();\n"
            "  await expect(footer.getByText(\"Check your inbox to confirm\")).toBeVisible();\n});\n")
    s.bash("npx playwright test tests/e2e/newsletter.spec.ts --repeat-each 5", "Run it a few times",
           out="Running 5 tests using 4 workers\n  5 passed (9.8s)")
    s.say("The test passes 5/5. Should I also raise the default `expect` timeout in playwright.config.ts from 5 s to 10 s for CI?",
          end=True)
    s.prompt("no, that's fine, 5s is plenty")
    s.say("OK, leaving the config as it is.", end=True)
    return s


@distractor("H5D04", "r-targets", "new target built with tar_make")
def H5D04():
    s = Session("H5D04", MALARIA, branch="main", version="2.1.7", start="2025-12-11T10:00:00")
    s.prompt("reviewer 2 wants a sensitivity analysis without 2020 (covid reporting gaps). add it to the pipeline")
    t = ("  tar_target(fit_brms, fit_incidence_model(cases_clean)),\n  tar_target(pred_incidence, predict_incidence(fit_brms)),\n")
    s.read(f"{MALARIA}/_targets.R", t, offset=18, limit=2, total=31)
    s.edit(f"{MALARIA}/_targets.R", "  tar_target(pred_incidence, predict_incidence(fit_brms)),\n",
           "  tar_target(pred_incidence, predict_incidence(fit_brms)),\n"
           "  tar_target(fit_no2020, fit_incidence_model(dplyr::filter(cases_clean, lubridate::year(month) != 2020))),\n"
           "  tar_target(tab_sensitivity, compare_fits(fit_brms, fit_no2020)),\n", t)
    s.bash("Rscript -e 'targets::tar_make(names = tab_sensitivity)'", "Build the sensitivity targets",
           out="✔ skipped target cases_clean\n✔ skipped target fit_brms\n▶ dispatched target fit_no2020\n"
               "● completed target fit_no2020 [6.2 minutes]\n▶ dispatched target tab_sensitivity\n● completed target tab_sensitivity [0.4 seconds]")
    s.say("Added `fit_no2020` and `tab_sensitivity` to `_targets.R`; `tar_make` fitted only the new model. The incidence ratios move "
          "by less than 4% without 2020.", end=True)
    s.prompt("thanks!")
    return s
