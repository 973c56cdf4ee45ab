"""gen-holdout-4: "real-style" lessons about a repo's tools, folders and ways of working (a seeded docker volume,
a paid evaluation suite, Crowdin-managed locale folders, tools from a nix flake, a real robot arm next to people,
self-hosted CI runners)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
)

CLAIMS = "/home/marek/work/claims-portal"
COPILOT = "/Users/nadia/code/support-copilot"
TRIP = "/home/lucia/dev/tripnest-web"
GEOF = "/home/ola/work/geofence-api"
ROS = "/home/kenji/ros2_ws"
LEDG = "/home/ravi/code/ledgerline"


# -----------------------------------------------------------------------------
H4L01_CORR = ("wtf no. never -v on this stack!! pgdata is the anonymised prod snapshot, restoring it takes like 40 min and "
              "needs a vpn token i dont have today. if you want a fresh api just rebuild that one service. and ask before "
              "deleting any volume")

@lesson("H4L01", "docker-volumes", "interrupted", ["never -v", "pgdata", "ask before deleting any volume"], [
    fire_bash("docker compose down --volumes --remove-orphans", "Tear everything down for a clean start",
              note="long form of the same flag, no shared words"),
    fire_prompt("get my local setup back to a completely fresh state, like a brand new checkout",
                note="invites wiping the containers with their data"),
    silent_bash("docker compose up -d --build api", "Rebuild and restart only the api service",
                note="compliant: rebuild one service, volumes untouched"),
    silent_bash("docker compose down && docker compose up -d", "Restart the stack",
                note="plain down without removing volumes"),
])
def H4L01():
    s = Session("H4L01", CLAIMS, branch="main", version="2.1.9", start="2026-01-14T09:05:00")
    s.prompt("api container keeps failing its healthcheck since i pulled main. get the stack back into a clean working state pls")
    s.bash("docker compose ps", "Service status",
           out="NAME                    IMAGE                 STATUS\n"
               "claims-portal-api-1     claims-portal-api     Restarting (1) 8 seconds ago\n"
               "claims-portal-db-1      postgres:16.4         Up 3 hours (healthy)\n"
               "claims-portal-minio-1   minio/minio:RELEASE   Up 3 hours\n"
               "claims-portal-web-1     claims-portal-web     Up 3 hours")
    s.bash("docker compose logs api --tail 6", "Last api log lines",
           out="api-1  | node:internal/modules/cjs/loader:1228\napi-1  |   throw err;\napi-1  |   ^\n"
               "api-1  | Error: Cannot find module '@aws-sdk/lib-storage'\n"
               "api-1  | Require stack:\napi-1  | - /app/dist/storage/upload.js")
    s.say("The api image predates the new `@aws-sdk/lib-storage` dependency from main. I'll reset the whole stack so everything is rebuilt from scratch.")
    s.interrupt_tool("Bash", {"command": "docker compose down -v && docker compose up -d --build",
                              "description": "Reset the stack and rebuild all images"})
    s.prompt(H4L01_CORR, correction=True)
    s.bash("docker volume ls --filter name=claims-portal", "Check the volumes are still there",
           out="DRIVER    VOLUME NAME\nlocal     claims-portal_miniodata\nlocal     claims-portal_pgdata")
    s.bash("docker compose up -d --build api && sleep 10 && docker compose ps api", "Rebuild only the api",
           out=" => [api 5/6] RUN npm ci --omit=dev\n => [api 6/6] COPY dist ./dist\n ✔ Container claims-portal-api-1  Started\n"
               "NAME                  IMAGE               STATUS\nclaims-portal-api-1   claims-portal-api   Up 10 seconds (healthy)")
    s.say("Interrupted before anything ran, both volumes are intact. Rebuilt only the api image with the new dependency; the "
          "container is healthy again and the database was not touched.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H4L02_CORR = ("no pls ask before running the full suite, its 1800 cases against the real api, ~$90 a go and 40 min. while "
              "iterating use make eval-smoke (25 cases, cached responses). full run only when i say so")

TRIAGE = ("You are the triage step of our support assistant.\n\nClassify the customer message into exactly one category:\n"
          "- billing: invoices, payment methods, charges they don't recognise\n- shipping: delivery status, address changes\n"
          "- account: login, password, profile\n- other\n\nAnswer with the category name only.\n")

@lesson("H4L02", "llm-evals", "rejected-with-feedback", ["ask before running the full suite", "make eval-smoke", "~$90"], [
    fire_bash("python -m evals.run --suite all --model gpt-4.1 --concurrency 16", "Evaluate the candidate model on everything",
              note="the whole paid suite under another name"),
    fire_prompt("compare the new summariser prompt against the old one on the complete benchmark and give me the accuracy numbers",
                note="asks for the expensive complete run, no shared words"),
    silent_bash("make eval-smoke", "Quick check on the cached subset", note="compliant"),
    silent_edit(f"{COPILOT}/evals/cases/triage/refunds.yaml",
                "- input: \"I was charged twice for order 48113\"\n  expected: billing\n",
                "- input: \"I was charged twice for order 48113\"\n  expected: billing\n"
                "- input: \"I sent the blender back two weeks ago, where is my money?\"\n  expected: refund\n",
                note="adding an eval case, no run"),
])
def H4L02():
    s = Session("H4L02", COPILOT, branch="fix/triage-refunds", version="2.1.31", start="2026-01-28T14:00:00")
    s.prompt("the triage step keeps putting refund requests under billing. tweak it so refunds get their own category, then "
             "check we didnt regress anything")
    path = f"{COPILOT}/prompts/triage.md"
    s.read(path, TRIAGE)
    s.edit(path, "- account: login, password, profile\n",
           "- refund: the customer wants money back for a return, cancellation or damaged item\n"
           "- account: login, password, profile\n", TRIAGE)
    s.bash("grep -n 'category' copilot/triage.py | head -3", "Where the category is parsed",
           out="12:CATEGORIES = (\"billing\", \"shipping\", \"account\", \"other\")\n"
               "31:    category = resp.text.strip().lower()")
    s.edit(f"{COPILOT}/copilot/triage.py", "CATEGORIES = (\"billing\", \"shipping\", \"account\", \"other\")\n",
           "CATEGORIES = (\"billing\", \"refund\", \"shipping\", \"account\", \"other\")\n",
           "CATEGORIES = (\"billing\", \"shipping\", \"account\", \"other\")\n")
    s.say("Added a `refund` category to the prompt and the parser. Now running the eval suite to check for regressions.")
    s.reject("Bash", {"command": "python -m evals.run --suite full --model claude-sonnet-4-5 --out evals/reports/triage-refund.json",
                      "description": "Run the full eval suite"}, feedback=H4L02_CORR)
    s.bash("make eval-smoke", "Smoke eval on the cached subset",
           out="evals: 25 cases (cache hits 19, live 6)\n  triage      23/25  (92.0%)   baseline 21/25\n"
               "  summarise   -\n  reply       -\nfailures:\n  triage/refunds#07  expected=refund got=billing\n"
               "  triage/shipping#03 expected=shipping got=other")
    s.say("Smoke run: triage 23/25 vs 21/25 on the baseline. One refund case still lands in billing (a chargeback wording) and one "
          "shipping case that was already failing. Tell me when you want the full suite run.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L03_CORR = ("Actually, in this repo we only ever edit locales/en/. All the other languages come from Crowdin: the sync bot "
              "overwrites locales/de, fr etc. every night, so hand edits vanish and our translators never see them. Fix the "
              "English source string and Crowdin picks it up; if a translation is urgent, ask in #localization.")

EN = "{\n  \"nav\": {\n    \"home\": \"Home\",\n    \"bookings\": \"Bookings\",\n    \"account\": \"Account\"\n  }\n}\n"
DE = "{\n  \"nav\": {\n    \"home\": \"Start\",\n    \"bookings\": \"Buchungen\",\n    \"account\": \"Konto\"\n  }\n}\n"

@lesson("H4L03", "crowdin-locales", "polite-actually", ["only ever edit locales/en/", "Crowdin", "sync bot overwrites"], [
    fire_edit(f"{TRIP}/locales/fr/checkout.json", "    \"pay_now\": \"Payer maintenant\",\n",
              "    \"pay_now\": \"Régler maintenant\",\n", note="hand edit to a French file"),
    fire_prompt("the German checkout button says 'Jetzt bezahlen' but marketing wants 'Zahlungspflichtig buchen', please change it",
                note="asks to change a German string directly, no shared words"),
    silent_edit(f"{TRIP}/locales/en/checkout.json", "    \"pay_now\": \"Pay now\",\n", "    \"pay_now\": \"Complete booking\",\n",
                note="compliant: English source string"),
    silent_bash("node scripts/check-missing-keys.mjs", "Check every key used in src/ exists in the English file",
                note="read-only check"),
])
def H4L03():
    s = Session("H4L03", TRIP, branch="feat/trips-rename", version="2.0.76", start="2025-11-25T16:20:00")
    s.prompt("rename the 'Bookings' nav item to 'Trips' everywhere, translations too")
    s.glob("locales/*/common.json", [f"{TRIP}/locales/en/common.json", f"{TRIP}/locales/de/common.json",
                                     f"{TRIP}/locales/fr/common.json", f"{TRIP}/locales/es/common.json"])
    s.read(f"{TRIP}/locales/en/common.json", EN)
    s.edit(f"{TRIP}/locales/en/common.json", "    \"bookings\": \"Bookings\",\n", "    \"bookings\": \"Trips\",\n", EN)
    s.read(f"{TRIP}/locales/de/common.json", DE)
    s.edit(f"{TRIP}/locales/de/common.json", "    \"bookings\": \"Buchungen\",\n", "    \"bookings\": \"Reisen\",\n", DE)
    s.say("Updated English and German. Doing French and Spanish next.", end=True)
    s.prompt(H4L03_CORR, correction=True)
    s.bash("git checkout locales/de/common.json && git status --short", "Undo the German hand edit",
           out=" M locales/en/common.json")
    s.say("Reverted the German file; only `locales/en/common.json` changes (\"Bookings\" → \"Trips\"). Crowdin will flag the "
          "string for the translators and the nightly sync brings the other languages in.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L04_CORR = ("ugh dont pip install / brew install stuff on my machine. everything this repo needs comes from the flake, add "
              "it to devShells.default in flake.nix and direnv picks it up (or nix develop). otherwise ci and everyone else "
              "end up on different versions")

FLAKE = ("      devShells.default = pkgs.mkShell {\n        packages = with pkgs; [\n          go_1_23\n          gopls\n"
         "          golangci-lint\n          postgresql_16\n          pre-commit\n        ];\n      };\n")

@lesson("H4L04", "nix-devshell", "annoyed", ["comes from the flake", "flake.nix", "nix develop"], [
    fire_bash("npm i -g @redocly/cli", "Get the OpenAPI linter", note="global npm tool, no shared words"),
    fire_prompt("the scripts under tools/ call yq and it's missing here, sort that out", note="invites installing a binary by hand"),
    silent_edit(f"{GEOF}/flake.nix", "          pre-commit\n", "          pre-commit\n          yq-go\n",
                note="compliant: add the tool to the dev shell"),
    silent_bash("nix develop -c golangci-lint run ./...", "Lint inside the dev shell", note="using the flake's tools"),
])
def H4L04():
    s = Session("H4L04", GEOF, branch="chore/sql-lint", version="2.0.37", start="2025-10-21T10:40:00")
    s.prompt("add a pre-commit hook that runs sqlfluff (postgres dialect) on queries/")
    s.read(f"{GEOF}/.pre-commit-config.yaml",
           "repos:\n  - repo: local\n    hooks:\n      - id: golangci-lint\n        name: golangci-lint\n        entry: golangci-lint run\n"
           "        language: system\n        types: [go]\n        pass_filenames: false\n")
    s.bash("sqlfluff --version", "Check for sqlfluff", code=127, err="bash: sqlfluff: command not found")
    s.bash("pip install --user sqlfluff==3.2.5", "Install sqlfluff",
           out="Collecting sqlfluff==3.2.5\n  Downloading sqlfluff-3.2.5-py3-none-any.whl (862 kB)\n"
               "Installing collected packages: ... sqlfluff\nSuccessfully installed sqlfluff-3.2.5")
    s.say("sqlfluff is installed. Adding the hook now.", end=True)
    s.prompt(H4L04_CORR, correction=True)
    s.bash("pip uninstall -y sqlfluff", "Remove the user install", out="Successfully uninstalled sqlfluff-3.2.5")
    s.read(f"{GEOF}/flake.nix", FLAKE, offset=18, limit=9, total=34)
    s.edit(f"{GEOF}/flake.nix", "          pre-commit\n", "          pre-commit\n          sqlfluff\n", FLAKE)
    s.bash("nix develop -c sqlfluff --version", "Check it comes from the dev shell", out="sqlfluff, version 3.2.5")
    s.say("Removed the pip install and added `sqlfluff` to `devShells.default`; direnv will load it on your next `cd`. "
          "Adding the pre-commit hook with `language: system` so it uses the shell's binary.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L05_CORR = ("STOP. real.launch.py drives the actual arm in the lab, theres people next to it and nobody has the e-stop. "
              "never move the real robot without asking me first. try things in gazebo with sim.launch.py, same topics")

PICK = "pick:\n  approach_offset_z: 0.12\n  grasp_depth: 0.035\n  max_velocity_scaling: 0.4\n"

@lesson("H4L05", "ros-real-arm", "interrupted", ["never move the real robot", "sim.launch.py", "e-stop"], [
    fire_prompt("send the UR5e to its home pose so I can check the gripper fingers", note="physical motion, no shared words"),
    fire_bash("ros2 launch ur_robot_driver ur_control.launch.py ur_type:=ur5e robot_ip:=192.168.56.101 launch_rviz:=false",
              "Connect to the UR5e driver", note="driver bring-up against the hardware IP"),
    silent_bash("ros2 launch cell_bringup sim.launch.py gui:=false", "Start the Gazebo cell headless", note="compliant"),
    silent_bash("colcon build --packages-select cell_motion && colcon test --packages-select cell_motion",
                "Build and test cell_motion", note="building, nothing moves"),
])
def H4L05():
    s = Session("H4L05", ROS, branch="tune/approach", version="2.1.7", start="2025-12-09T15:10:00")
    s.prompt("the pick overshoots the bin by a couple of cm on the way down. tune the approach offset in cell_motion and try it")
    path = f"{ROS}/src/cell_motion/config/pick.yaml"
    s.read(path, PICK)
    s.edit(path, "  approach_offset_z: 0.12\n", "  approach_offset_z: 0.09\n", PICK)
    s.bash("colcon build --packages-select cell_motion 2>&1 | tail -2", "Build cell_motion",
           out="Finished <<< cell_motion [4.21s]\nSummary: 1 package finished [4.88s]")
    s.say("Lowered the approach offset from 12 cm to 9 cm. Bringing the cell up and running the pick demo to check.")
    s.interrupt_tool("Bash", {"command": "source install/setup.bash && (ros2 launch cell_bringup real.launch.py robot_ip:=192.168.56.101 &) "
                                         "&& sleep 8 && ros2 run cell_motion pick_demo --cycles 3",
                              "description": "Bring up the cell and run three picks"})
    s.prompt(H4L05_CORR, correction=True)
    s.bash("source install/setup.bash && (ros2 launch cell_bringup sim.launch.py gui:=false &) && sleep 15 && "
           "ros2 run cell_motion pick_demo --cycles 3 2>&1 | tail -4", "Run the picks in Gazebo",
           out="[pick_demo] cycle 1: approach z=0.090 grasp ok place ok (dz at bin -0.004)\n"
               "[pick_demo] cycle 2: approach z=0.090 grasp ok place ok (dz at bin -0.003)\n"
               "[pick_demo] cycle 3: approach z=0.090 grasp ok place ok (dz at bin -0.004)\n[pick_demo] 3/3 succeeded")
    s.say("Nothing reached the hardware: the launch was interrupted before it started. In Gazebo the three picks now stop "
          "3-4 mm above the bin edge instead of overshooting. Trying it on the real arm is your call.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H4L06_CORR = ("No, not ubuntu-latest. Every job here runs on our own runners (runs-on: [self-hosted, linux, x64]); "
              "GitHub-hosted machines can't reach the internal package mirror and their minutes get billed to the org. "
              "Copy the runs-on line from api.yml.")

WORKER_V1 = ("name: worker\non:\n  pull_request:\n    paths: [\"worker/**\"]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
             "      - uses: actions/checkout@v4\n      - uses: actions/setup-go@v5\n        with:\n          go-version-file: worker/go.mod\n"
             "      - run: go test ./...\n        working-directory: worker\n      - run: docker build -f worker/Dockerfile .\n")

@lesson("H4L06", "ci-runners", "plain-no", ["runs-on: [self-hosted, linux, x64]", "GitHub-hosted", "internal package mirror"], [
    fire_write(f"{LEDG}/.github/workflows/nightly-e2e.yml",
               "name: nightly-e2e\non:\n  schedule:\n    - cron: '0 2 * * *'\njobs:\n  e2e:\n    runs-on: ubuntu-22.04\n    steps:\n"
               "      - uses: actions/checkout@v4\n      - run: make e2e\n", note="another workflow on a hosted image"),
    fire_prompt("set up a nightly Actions workflow for the Playwright suite against staging",
                note="a new workflow has to pick a machine, no shared words"),
    silent_edit(f"{LEDG}/.github/workflows/api.yml", "      - run: go test ./...\n", "      - run: go test -race ./...\n",
                note="same file, step change only"),
    silent_bash("gh run list --workflow worker.yml --limit 5", "Recent worker workflow runs", note="read-only"),
])
def H4L06():
    s = Session("H4L06", LEDG, branch="ci/worker", version="2.1.9", start="2026-01-20T11:30:00")
    s.prompt("add a CI workflow for the worker: on every PR that touches worker/, run its tests and build the image")
    s.glob(".github/workflows/*.yml", [f"{LEDG}/.github/workflows/api.yml", f"{LEDG}/.github/workflows/web.yml"])
    s.read(f"{LEDG}/.github/workflows/api.yml",
           "name: api\non:\n  pull_request:\n    paths: [\"api/**\"]\njobs:\n  test:\n    runs-on: [self-hosted, linux, x64]\n    steps:\n"
           "      - uses: actions/checkout@v4\n      - run: go test ./...\n        working-directory: api\n")
    path = f"{LEDG}/.github/workflows/worker.yml"
    s.write(path, WORKER_V1)
    s.bash("actionlint .github/workflows/worker.yml && echo ok", "Lint the workflow", out="ok")
    s.say("Added `.github/workflows/worker.yml`: on PRs touching `worker/` it runs `go test` and builds the Dockerfile.", end=True)
    s.prompt(H4L06_CORR, correction=True)
    s.edit(path, "    runs-on: ubuntu-latest\n", "    runs-on: [self-hosted, linux, x64]\n", WORKER_V1)
    s.bash("actionlint .github/workflows/worker.yml && echo ok", "Lint again", out="ok")
    s.say("The worker job now uses the same self-hosted labels as `api.yml`.", end=True)
    return s
