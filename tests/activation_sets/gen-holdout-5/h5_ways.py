"""gen-holdout-5: "real-style" lessons about a repo's tools, folders and ways of working (Expo's generated native
folders, Grafana provisioned from a repo, an R targets pipeline, a pentest scope, a maintainer who commits
himself, a dependency budget on an embeddable widget)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
    silent_write,
)

HARBOR = "/Users/ines/dev/harbor-mobile"
PAYROLL = "/home/tobi/src/payroll-core"
MALARIA = "/Users/agnes/research/malaria-incidence"
NORTHWIND = "/home/rosa/engagements/northwind-2026"
TESS = "/home/kwame/src/tessellate"
WIDGET = "/Users/lior/code/reviews-widget"


# -----------------------------------------------------------------------------
H5L01_CORR = ("no, don't touch ios/ or android/ at all. those folders are gitignored, they only exist on your machine because "
              "i ran prebuild last week to debug something. EAS runs expo prebuild --clean on every build and throws them away, "
              "so whatever you put in there never makes it into a build. native settings go in app.config.ts (ios.infoPlist, "
              "android.permissions) or a config plugin under plugins/ if it's something fancier")

HARBOR_CFG = ("import { ExpoConfig } from \"expo/config\";\n\nconst config: ExpoConfig = {\n  name: \"Harbor\",\n  slug: \"harbor-mobile\",\n"
              "  ios: {\n    bundleIdentifier: \"com.harborferries.app\",\n    infoPlist: {\n"
              "      NSFaceIDUsageDescription: \"Unlock your tickets with Face ID\",\n    },\n  },\n"
              "  android: {\n    package: \"com.harborferries.app\",\n    permissions: [\"android.permission.VIBRATE\"],\n  },\n"
              "  plugins: [\"expo-secure-store\", \"./plugins/withFerryWidget\"],\n};\n\nexport default config;\n")

@lesson("H5L01", "expo-prebuild", "rejected-with-feedback", ["expo prebuild --clean", "app.config.ts", "gitignored"], [
    fire_prompt("add the location-when-in-use usage string to the plist, apple rejected our submission over it",
                note="asks for an Info.plist entry, which leads to the generated ios folder; no shared words"),
    fire_edit(f"{HARBOR}/android/app/src/main/AndroidManifest.xml",
              "    <uses-permission android:name=\"android.permission.CAMERA\" />\n",
              "    <uses-permission android:name=\"android.permission.CAMERA\" />\n"
              "    <uses-permission android:name=\"android.permission.ACCESS_FINE_LOCATION\" />\n",
              note="hand edit of the generated Android manifest"),
    silent_edit(f"{HARBOR}/app.config.ts", "    permissions: [\"android.permission.VIBRATE\"],\n",
                "    permissions: [\"android.permission.VIBRATE\", \"android.permission.ACCESS_FINE_LOCATION\"],\n",
                note="compliant: the permission goes into app.config.ts"),
    silent_edit(f"{HARBOR}/src/screens/TripScreen.tsx", "      <BoardingPassCard pass={pass} />\n",
                "      <BoardingPassCard pass={pass} />\n      <ScanButton onPress={() => navigation.navigate(\"Scan\")} />\n",
                note="related JS work in the same app"),
])
def H5L01():
    s = Session("H5L01", HARBOR, branch="feat/boarding-scan", version="2.1.9", start="2026-01-20T10:02:00")
    s.prompt("we need QR scanning for boarding passes on the trip screen. add expo-camera and whatever permission text ios needs for it")
    s.bash("npx expo install expo-camera", "Install expo-camera at the SDK-compatible version",
           out="› Installing 1 SDK 52.0.0 compatible native module using npm\n> npm install\n\nadded 1 package, and audited 1204 packages in 6s")
    s.glob("ios/**/Info.plist", [f"{HARBOR}/ios/HarborMobile/Info.plist"])
    plist = ("\t<key>CFBundleDisplayName</key>\n\t<string>Harbor</string>\n\t<key>NSFaceIDUsageDescription</key>\n"
             "\t<string>Unlock your tickets with Face ID</string>\n")
    s.read(f"{HARBOR}/ios/HarborMobile/Info.plist", plist, offset=22, limit=4, total=71)
    s.say("There is no camera usage string yet. I'll add `NSCameraUsageDescription` next to the Face ID one.")
    s.reject("Edit", {"file_path": f"{HARBOR}/ios/HarborMobile/Info.plist",
                      "old_string": "\t<key>NSFaceIDUsageDescription</key>\n",
                      "new_string": "\t<key>NSCameraUsageDescription</key>\n\t<string>Scan the QR code on your boarding pass</string>\n"
                                    "\t<key>NSFaceIDUsageDescription</key>\n",
                      "replace_all": False}, feedback=H5L01_CORR)
    s.read(f"{HARBOR}/app.config.ts", HARBOR_CFG)
    cfg = s.edit(f"{HARBOR}/app.config.ts", "      NSFaceIDUsageDescription: \"Unlock your tickets with Face ID\",\n",
                 "      NSFaceIDUsageDescription: \"Unlock your tickets with Face ID\",\n"
                 "      NSCameraUsageDescription: \"Scan the QR code on your boarding pass\",\n", HARBOR_CFG)
    s.edit(f"{HARBOR}/app.config.ts", "  plugins: [\"expo-secure-store\", \"./plugins/withFerryWidget\"],\n",
           "  plugins: [\n    \"expo-secure-store\",\n    [\"expo-camera\", { cameraPermission: \"Scan the QR code on your boarding pass\", recordAudioAndroid: false }],\n"
           "    \"./plugins/withFerryWidget\",\n  ],\n", cfg)
    s.bash("npx expo config --type introspect | grep -n NSCameraUsageDescription", "Check what prebuild will put in Info.plist",
           out="87:      NSCameraUsageDescription: 'Scan the QR code on your boarding pass',")
    s.say("Left `ios/` alone. The camera text is in `app.config.ts` under `ios.infoPlist`, and the `expo-camera` plugin entry sets the "
          "permission for both platforms (no microphone on Android). The introspected config shows the key, so the next EAS build "
          "will generate it.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H5L02_CORR = ("hold on, don't push anything into grafana by hand. everything in there is provisioned from this repo: "
              "observability/dashboards/*.jsonnet and observability/alerts/*.yaml, and the deploy job does grr apply on every "
              "merge to main. so whatever you change through the api or the UI gets silently overwritten on the next deploy, and "
              "nobody reviewed it either. edit the jsonnet, `make dashboards` renders it to json locally so you can look at it")

PAY_DASH = ("local g = import 'lib/grafana.libsonnet';\n\ng.dashboard('Payroll overview', uid='payroll-overview')\n+ g.withPanels([\n"
            "  g.timeseries('Payslips generated / min', 'sum(rate(payslips_generated_total[5m])) * 60'),\n"
            "  g.timeseries('Generation latency p95', 'histogram_quantile(0.95, sum by (le) (rate(payslip_duration_seconds_bucket[5m])))', unit='s'),\n"
            "])\n")
PAY_ALERTS = ("groups:\n  - name: payroll\n    rules:\n      - alert: PayslipGenerationSlow\n"
              "        expr: histogram_quantile(0.95, sum by (le) (rate(payslip_duration_seconds_bucket[5m]))) > 30\n"
              "        for: 15m\n        labels:\n          severity: warning\n")

@lesson("H5L02", "grafana-provisioning", "interrupted", ["provisioned from this repo", "grr apply", "make dashboards"], [
    fire_bash("curl -s -X PUT -H \"Authorization: Bearer $GRAFANA_TOKEN\" -H 'Content-Type: application/json' "
              "\"$GRAFANA_URL/api/v1/provisioning/alert-rules/payslip-backlog\" -d @/tmp/rule.json",
              "Raise the backlog alert threshold", note="changes an alert rule through the HTTP API"),
    fire_prompt("the p95 latency panel on the payroll overview board shows the wrong unit, fix it on the live board real quick",
                note="asks for a change on the running instance; no shared words"),
    silent_edit(f"{PAYROLL}/observability/dashboards/payroll_overview.jsonnet",
                "rate(payslip_duration_seconds_bucket[5m])))', unit='s'),\n",
                "rate(payslip_duration_seconds_bucket[5m])))', unit='s', decimals=1),\n",
                note="compliant: edits the jsonnet source"),
    silent_bash("make dashboards && git diff --stat", "Render the dashboards and see what changed", note="compliant local render"),
])
def H5L02():
    s = Session("H5L02", PAYROLL, branch="obs/queue-depth", version="2.0.76", start="2025-11-18T16:40:00")
    s.prompt("we keep getting paged way too late when the payslip queue backs up. can you add a queue depth panel to the payroll "
             "overview dashboard and an alert when it's above 500 for 10 minutes")
    s.grep("payslip_queue_depth", path=f"{PAYROLL}/app", mode="content",
           lines=["app/metrics.py:14:QUEUE_DEPTH = Gauge(\"payslip_queue_depth\", \"Jobs waiting in the payslip queue\", [\"priority\"])"])
    s.bash("curl -s -H \"Authorization: Bearer $GRAFANA_TOKEN\" \"$GRAFANA_URL/api/dashboards/uid/payroll-overview\" "
           "| jq '.dashboard.title, (.dashboard.panels | length)'", "Look at the current dashboard",
           out="\"Payroll overview\"\n14")
    s.say("The gauge is exported per priority. I'll fetch the dashboard JSON, append a timeseries panel and post it back.")
    s.bash("curl -s -H \"Authorization: Bearer $GRAFANA_TOKEN\" \"$GRAFANA_URL/api/dashboards/uid/payroll-overview\" "
           "| jq '.dashboard' > /tmp/payroll-overview.json", "Save the dashboard JSON")
    s.interrupt_tool("Bash", {"command": "jq '.panels += [{\"type\":\"timeseries\",\"title\":\"Payslip queue depth\",\"targets\":"
                                         "[{\"expr\":\"sum by (priority) (payslip_queue_depth)\"}]}] | {dashboard: ., overwrite: true}' "
                                         "/tmp/payroll-overview.json | curl -s -X POST -H \"Authorization: Bearer $GRAFANA_TOKEN\" "
                                         "-H 'Content-Type: application/json' \"$GRAFANA_URL/api/dashboards/db\" -d @-",
                              "description": "Upload the dashboard with the new panel"})
    s.prompt(H5L02_CORR, correction=True)
    s.read(f"{PAYROLL}/observability/dashboards/payroll_overview.jsonnet", PAY_DASH)
    s.edit(f"{PAYROLL}/observability/dashboards/payroll_overview.jsonnet", "])\n",
           "  g.timeseries('Payslip queue depth', 'sum by (priority) (payslip_queue_depth)'),\n])\n", PAY_DASH)
    s.read(f"{PAYROLL}/observability/alerts/payroll.yaml", PAY_ALERTS)
    s.edit(f"{PAYROLL}/observability/alerts/payroll.yaml", "          severity: warning\n",
           "          severity: warning\n      - alert: PayslipQueueBacklog\n        expr: sum(payslip_queue_depth) > 500\n"
           "        for: 10m\n        labels:\n          severity: page\n        annotations:\n"
           "          summary: \"{{ $value }} payslip jobs waiting for 10 minutes\"\n", PAY_ALERTS)
    s.bash("make dashboards && jq '.panels[-1].title' build/dashboards/payroll_overview.json", "Render and check the new panel",
           out="jsonnet -J vendor -m build/dashboards observability/dashboards/payroll_overview.jsonnet\n"
               "build/dashboards/payroll_overview.json\n\"Payslip queue depth\"")
    s.say("Nothing was uploaded. The panel is in `payroll_overview.jsonnet` and `PayslipQueueBacklog` (> 500 for 10m, severity page) is "
          "in `observability/alerts/payroll.yaml`. `make dashboards` renders cleanly; both go live through `grr apply` when this merges.",
          end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H5L03_CORR = ("thanks! actually, in this project nothing in R/ gets run with Rscript directly. those files are only supposed to "
              "define functions, the pipeline is _targets.R and you run it with targets::tar_make() (tar_make(names = "
              "fig_incidence) if you only want that one). 04 still has that old block at the bottom reading "
              "data/derived/fit_2024-03.rds, so the pdf you just made is from the march model, not the current fit, and it went "
              "to figures/ while the paper picks them up from output/figures/. tar_make also knows what's outdated so it won't "
              "refit the models for a plot change")

FIGS = ("plot_incidence <- function(pred, cases) {\n  ggplot(pred, aes(month, incidence, colour = district)) +\n    geom_line() +\n"
        "    geom_point(data = cases, aes(y = observed), size = 0.8) +\n    labs(x = NULL, y = \"Cases per 1,000 person-years\") +\n"
        "    theme_minimal(base_size = 10)\n}\n\n# --- old manual run, kept for reference ---\n"
        "fit <- readRDS(\"data/derived/fit_2024-03.rds\")\ncases <- readr::read_csv(\"data/derived/cases_clean.csv\")\n"
        "p <- plot_incidence(predict_incidence(fit), cases)\nggsave(\"figures/incidence.pdf\", p, width = 7, height = 5)\n")

@lesson("H5L03", "r-targets", "polite-actually", ["tar_make", "_targets.R", "only supposed to define functions"], [
    fire_bash("R --vanilla -f R/02_clean.R", "Redo the cleaning step by hand",
              note="runs a pipeline step file directly with another R front end; no shared words"),
    fire_bash("Rscript R/03_models.R", "Refit the models with the new priors", note="runs the model script directly"),
    silent_bash("Rscript -e 'targets::tar_make(names = starts_with(\"fig_\"))'", "Rebuild the figure targets",
                note="compliant: Rscript only as the launcher of tar_make"),
    silent_prompt("which targets depend on the cleaned case data?", note="question about the pipeline"),
])
def H5L03():
    s = Session("H5L03", MALARIA, branch="main", version="2.1.7", start="2025-12-09T14:15:00")
    s.prompt("can you put the incidence plot on a log y axis and regenerate the figures for the paper draft")
    s.glob("R/*.R", [f"{MALARIA}/R/01_load.R", f"{MALARIA}/R/02_clean.R", f"{MALARIA}/R/03_models.R", f"{MALARIA}/R/04_figures.R"])
    s.read(f"{MALARIA}/R/04_figures.R", FIGS)
    figs = s.edit(f"{MALARIA}/R/04_figures.R", "    geom_point(data = cases, aes(y = observed), size = 0.8) +\n",
                  "    geom_point(data = cases, aes(y = observed), size = 0.8) +\n    scale_y_log10() +\n", FIGS)
    s.bash("Rscript R/04_figures.R", "Regenerate the incidence figure",
           out="Rows: 4812 Columns: 6\nℹ Use `spec()` to retrieve the full column specification for this data.\n"
               "Warning message:\nIn scale_y_log10() : log-10 transformation introduced infinite values.")
    s.say("The y axis is log10 now and `figures/incidence.pdf` is regenerated. The warning is from district-months with zero "
          "observed cases, which can't be drawn on a log axis; they are dropped from the points.", end=True)
    s.prompt(H5L03_CORR, correction=True)
    s.bash("Rscript -e 'targets::tar_outdated()'", "See which targets are out of date", out="[1] \"fig_incidence\" \"paper\"")
    s.edit(f"{MALARIA}/R/04_figures.R",
           "\n# --- old manual run, kept for reference ---\nfit <- readRDS(\"data/derived/fit_2024-03.rds\")\n"
           "cases <- readr::read_csv(\"data/derived/cases_clean.csv\")\np <- plot_incidence(predict_incidence(fit), cases)\n"
           "ggsave(\"figures/incidence.pdf\", p, width = 7, height = 5)\n", "", figs)
    s.bash("Rscript -e 'targets::tar_make(names = fig_incidence)'", "Build only the incidence figure target",
           out="✔ skipped target fit_brms\n✔ skipped target pred_incidence\n▶ dispatched target fig_incidence\n"
               "● completed target fig_incidence [2.3 seconds]\n▶ ended pipeline [3.1 seconds]")
    s.say("Removed the old manual block, so `R/04_figures.R` only defines `plot_incidence()`. `tar_make(names = fig_incidence)` "
          "rebuilt just the figure from the current `fit_brms` (the models were skipped) into `output/figures/incidence.pdf`. "
          "The stray `figures/incidence.pdf` from the March fit can be deleted.", end=True)
    return s


# -----------------------------------------------------------------------------
H5L04_CORR = ("STOP. targets.txt is the recon list, its not the scope!! only staging.northwind-logistics.com and the 10.20.0.0/24 "
              "lab range are in scope, it says so in scope.md. app. api. portal. are their prod, the WAF autobans our egress ip "
              "for a week and the contract says any active testing outside scope = we are in breach. nothing active against "
              "anything thats not in scope.md. passive stuff (dns, crt.sh, shodan lookups) is fine")

SCOPE = ("# Northwind Logistics web assessment, Jan 2026\n\n## In scope\n- https://staging.northwind-logistics.com (all paths)\n"
         "- 10.20.0.0/24 (test lab, reachable over the engagement VPN)\n\n## Out of scope\n- every other northwind-logistics.com host\n"
         "- third-party SaaS (Zendesk, Mailgun)\n- denial of service, social engineering\n")

@lesson("H5L04", "pentest-scope", "interrupted-annoyed", ["scope.md", "in breach", "autobans"], [
    fire_bash("nmap -sV -Pn -p- 198.51.100.20-28", "Full port scan of their public mail servers",
              note="active scan of production hosts from recon, not in scope; no shared words"),
    fire_bash("sqlmap -u 'https://portal.northwind-logistics.com/track?id=1' --batch --risk 2",
              "Check the tracking form for SQL injection", note="active test against a prod host"),
    silent_bash("subfinder -d northwind-logistics.com -silent -o recon/subdomains.txt", "Passive subdomain enumeration",
                note="passive recon is explicitly fine"),
    silent_bash("nuclei -u http://10.20.0.22 -tags exposure,misconfig -rl 50 -o out/nuclei-lab.txt", "Scan a lab host",
                note="compliant: target is in the lab range"),
])
def H5L04():
    s = Session("H5L04", NORTHWIND, branch="main", version="2.1.31", start="2026-01-27T11:20:00")
    s.prompt("can you do a quick nuclei pass on northwind's web apps for exposed admin panels and default logins, and put anything "
             "interesting into notes/web.md")
    s.bash("ls && wc -l targets.txt", "Look at the engagement folder", out="notes\nout\nscope.md\ntargets.txt\ntools\n23 targets.txt")
    s.bash("head -8 targets.txt", "First targets",
           out="https://app.northwind-logistics.com\nhttps://api.northwind-logistics.com\nhttps://staging.northwind-logistics.com\n"
               "https://portal.northwind-logistics.com\nhttps://mail.northwind-logistics.com\nhttps://status.northwind-logistics.com\n"
               "http://10.20.0.15:8080\nhttp://10.20.0.22")
    s.say("23 hosts. I'll run the panel and default-login templates across the whole list, rate-limited to 50 req/s.")
    s.interrupt_tool("Bash", {"command": "nuclei -l targets.txt -tags panel,default-login -rl 50 -o out/nuclei-web.txt",
                              "description": "Scan all web targets for panels and default logins"}, exit137=True)
    s.prompt(H5L04_CORR, correction=True)
    s.read(f"{NORTHWIND}/scope.md", SCOPE)
    s.bash("nuclei -u https://staging.northwind-logistics.com -tags panel,default-login -rl 50 -o out/nuclei-staging.txt",
           "Scan the in-scope staging host",
           out="[INF] Current nuclei version: v3.3.7\n[INF] Templates loaded for current scan: 412\n[INF] Targets loaded for current scan: 1\n"
               "[grafana-detect] [http] [info] https://staging.northwind-logistics.com/grafana/login\n"
               "[tomcat-default-login] [http] [high] https://staging.northwind-logistics.com/manager/html [tomcat:tomcat]")
    s.write(f"{NORTHWIND}/notes/web.md",
            "## Admin panels / default logins (nuclei, staging only)\n\n"
            "- HIGH: Tomcat manager at https://staging.northwind-logistics.com/manager/html accepts tomcat:tomcat\n"
            "- info: Grafana login exposed at /grafana/login (no default creds)\n\n"
            "Note: an unscoped run against targets.txt was started by mistake at 11:24 and killed within seconds; "
            "out/nuclei-web.txt is empty.\n")
    s.say("Scope read: only staging and 10.20.0.0/24. The killed run wrote nothing, and I noted the start time in notes/web.md in "
          "case you need to tell the client. On staging: Tomcat manager with tomcat:tomcat (high) and an exposed Grafana login. "
          "I haven't touched the lab range yet.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H5L05_CORR = ("Thanks, the fix itself looks right. One thing though: I'd rather you didn't commit in this repo at all. I read "
              "through the diff myself and commit from my own terminal with my signing key (the release tooling checks "
              "signatures), and the maintainers squash the PR anyway. Just leave the changes in the working tree and tell me when "
              "it's ready. Could you undo that commit but keep the changes?")

POLY = ("    def _is_ear(self, i: int, verts: list[Point]) -> bool:\n        a, b, c = verts[i - 1], verts[i], verts[(i + 1) % len(verts)]\n"
        "        if cross(a, b, c) <= 0:\n            return False\n")

@lesson("H5L05", "hands-off-commits", "polite-preference", ["didn't commit", "signing key", "leave the changes in the working tree"], [
    fire_bash("git add -u && git commit -q -m \"polygon: reject self-intersecting rings\"", "Record the change",
              note="the agent committing again"),
    fire_prompt("ok that's done, finish it off so it's ready for review", note="invites wrapping up with a commit"),
    silent_bash("git diff --stat", "Show what changed", note="looking at the diff is fine"),
    silent_bash("pytest -q", "Run the test suite", note="related work"),
])
def H5L05():
    s = Session("H5L05", TESS, branch="fix/212-collinear", version="2.0.37", start="2025-10-21T19:05:00")
    s.prompt("fix #212, Polygon.triangulate drops a triangle for concave polygons when three vertices are collinear. repro is in the issue")
    s.bash("gh issue view 212 --json body -q .body | head -8", "Read the issue repro",
           out="```python\nfrom tessellate import Polygon\np = Polygon([(0, 0), (4, 0), (4, 4), (2, 2), (1, 1), (0, 4)])\n"
               "print(len(p.triangulate()))  # 3, expected 4\n```\n(2, 2) and (1, 1) are collinear with (0, 0)")
    s.read(f"{TESS}/tessellate/polygon.py", POLY, offset=88, limit=4, total=190)
    s.edit(f"{TESS}/tessellate/polygon.py", "        if cross(a, b, c) <= 0:\n            return False\n",
           "        turn = cross(a, b, c)\n        if turn < 0:\n            return False\n        if turn == 0:\n"
           "            # collinear: clip the middle vertex, it adds no area\n            return True\n", POLY)
    s.write(f"{TESS}/tests/test_polygon_collinear.py",
            "from tessellate import Polygon\n\n\ndef test_concave_with_collinear_vertices_keeps_all_triangles():\n"
            "    p = Polygon([(0, 0), (4, 0), (4, 4), (2, 2), (1, 1), (0, 4)])\n    tris = p.triangulate()\n"
            "    assert sum(t.area for t in tris) == p.area\n")
    s.bash("pytest -q tests/test_polygon.py tests/test_polygon_collinear.py", "Run polygon tests", out="..............                                                           [100%]\n14 passed in 0.21s")
    s.bash("git add tessellate/polygon.py tests/test_polygon_collinear.py && git commit -m \"Fix triangulation of concave polygons with collinear vertices (#212)\"",
           "Commit the fix",
           out="[fix/212-collinear 9c1e4d2] Fix triangulation of concave polygons with collinear vertices (#212)\n"
               " 2 files changed, 12 insertions(+), 2 deletions(-)\n create mode 100644 tests/test_polygon_collinear.py")
    s.say("Fixed: a collinear middle vertex is now clipped as a degenerate ear instead of stopping the loop, and the repro from the "
          "issue is a test (areas add up). Committed as 9c1e4d2 on `fix/212-collinear`.", end=True)
    s.prompt(H5L05_CORR, correction=True)
    s.bash("git reset HEAD~1 && git status --short", "Undo the commit, keep the changes",
           out="Unstaged changes after reset:\nM\ttessellate/polygon.py\n M tessellate/polygon.py\n?? tests/test_polygon_collinear.py")
    s.say("Done: the commit is gone and both changes are back in the working tree, unstaged. I won't commit here; it's ready for "
          "you to review.", end=True)
    return s


# -----------------------------------------------------------------------------
H5L06_CORR = ("no, please ask me before adding any package to this repo. the widget gets embedded on our customers' shop pages so "
              "every kB counts, we have a 12 kB gzip budget and that just blew through it (15.3). also every new dependency has to "
              "go through the license/security questionnaire some of the bigger customers make us fill in. for relative dates "
              "Intl.RelativeTimeFormat is built into every browser we support. please take date-fns out again")

ITEM = ("import { h } from \"preact\";\nimport type { Review } from \"../types\";\n\nexport function ReviewItem({ review }: { review: Review }) {\n"
        "  return (\n    <li class=\"rw-item\">\n      <Stars value={review.rating} />\n"
        "      <time dateTime={review.createdAt}>{review.createdAt.slice(0, 10)}</time>\n      <p>{review.body}</p>\n    </li>\n  );\n}\n")

@lesson("H5L06", "widget-dependencies", "plain-no", ["ask me before adding any package", "12 kB gzip budget", "Intl.RelativeTimeFormat"], [
    fire_bash("npm i nanoid", "Install nanoid for generating element ids", note="a new library without asking; no shared words"),
    fire_edit(f"{WIDGET}/package.json", "  \"dependencies\": {\n    \"preact\": \"^10.24.3\"\n  },\n",
              "  \"dependencies\": {\n    \"dompurify\": \"^3.2.2\",\n    \"preact\": \"^10.24.3\"\n  },\n",
              note="adds a library by editing the manifest"),
    silent_write(f"{WIDGET}/src/lib/plural.ts",
                 "const rules = new Intl.PluralRules(navigator.language);\n\nexport function reviewsLabel(n: number): string {\n"
                 "  return rules.select(n) === \"one\" ? `${n} review` : `${n} reviews`;\n}\n",
                 note="built-in Intl API, no new dependency"),
    silent_bash("npm ci && npm run build", "Clean install from the lockfile and build", note="installs locked deps only"),
])
def H5L06():
    s = Session("H5L06", WIDGET, branch="feat/relative-dates", version="2.1.7", start="2025-12-16T09:30:00")
    s.prompt("show relative dates next to each review in the widget, like '3 days ago', instead of the raw ISO date")
    s.read(f"{WIDGET}/src/components/ReviewItem.tsx", ITEM)
    s.bash("npm install date-fns", "Add date-fns", out="added 1 package, and audited 212 packages in 2s\n\n41 packages are looking for funding")
    item = s.edit(f"{WIDGET}/src/components/ReviewItem.tsx",
                  "      <time dateTime={review.createdAt}>{review.createdAt.slice(0, 10)}</time>\n",
                  "      <time dateTime={review.createdAt}>{formatDistanceToNow(new Date(review.createdAt), { addSuffix: true })}</time>\n", ITEM)
    s.bash("npm run build", "Build the widget",
           out="vite v5.4.11 building for production...\n✓ 38 modules transformed.\ndist/reviews-widget.js  44.12 kB │ gzip: 15.31 kB\n✓ built in 1.12s")
    s.say("Each review now shows a relative date (\"3 days ago\") with the ISO timestamp kept in `dateTime`.", end=True)
    s.prompt(H5L06_CORR, correction=True)
    s.bash("npm uninstall date-fns", "Remove date-fns", out="removed 1 package, and audited 211 packages in 1s")
    s.write(f"{WIDGET}/src/lib/relativeTime.ts",
            "const rtf = new Intl.RelativeTimeFormat(navigator.language, { numeric: \"auto\" });\n\n"
            "const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [\n  [\"year\", 31536000], [\"month\", 2592000], [\"week\", 604800],\n"
            "  [\"day\", 86400], [\"hour\", 3600], [\"minute\", 60],\n];\n\nexport function relativeTime(iso: string, now = Date.now()): string {\n"
            "  const secs = (new Date(iso).getTime() - now) / 1000;\n  for (const [unit, size] of UNITS) {\n"
            "    if (Math.abs(secs) >= size) return rtf.format(Math.round(secs / size), unit);\n  }\n  return rtf.format(0, \"minute\");\n}\n")
    s.edit(f"{WIDGET}/src/components/ReviewItem.tsx",
           "{formatDistanceToNow(new Date(review.createdAt), { addSuffix: true })}", "{relativeTime(review.createdAt)}", item)
    s.bash("npm run build", "Rebuild and check the size",
           out="vite v5.4.11 building for production...\n✓ 36 modules transformed.\ndist/reviews-widget.js  31.02 kB │ gzip: 11.38 kB\n✓ built in 0.98s")
    s.say("date-fns is gone. `relativeTime()` uses `Intl.RelativeTimeFormat` in the visitor's language (\"yesterday\", \"3 days ago\"), "
          "and the bundle is back to 11.38 kB gzip, under the 12 kB budget. I'll ask before adding any package here.", end=True)
    return s
