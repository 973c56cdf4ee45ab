"""gen-tune: "real-style" lessons, the way people actually type them: a folder not to touch, where a file
really lives, which tool or make target to use, how to commit, how to answer."""
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

FLEET = "/home/kofi/src/fleetd"
CONSOLE = "/Users/mei/work/atlas-console"
PIXEL = "/home/lars/dev/pixelcore"
INVOICER = "/home/lars/dev/invoicer"
TERN = "/home/kofi/src/tern-agent"
CHURN = "/home/lars/dev/churn-model"
NOTIFY = "/home/kofi/src/notify-svc"
ORBIT = "/Users/mei/work/orbit"


# -----------------------------------------------------------------------------
TR01_CORR = ("dont edit stuff under third_party/ , its vendored and gets overwritten by tools/sync_vendor.sh on the next bump. "
             "put fixes in patches/ as a .patch file, the sync applies them after copying")

@lesson("TR01", "vendored-code", "terse", ["third_party/", "patches/", "sync_vendor.sh"], [
    fire_edit(f"{PIXEL}/third_party/stb/stb_image.h", "#define STBI_MAX_DIMENSIONS (1 << 24)\n",
              "#define STBI_MAX_DIMENSIONS (1 << 26)\n", note="editing another vendored header"),
    fire_bash("sed -i 's/ -Werror//' third_party/zlib/CMakeLists.txt", "Drop -Werror from zlib", note="sed on a vendored file"),
    silent_write(f"{PIXEL}/patches/zlib-0001-no-werror.patch",
                 "--- a/CMakeLists.txt\n+++ b/CMakeLists.txt\n@@ -12,7 +12,7 @@\n-set(CMAKE_C_FLAGS \"${CMAKE_C_FLAGS} -Werror\")\n+set(CMAKE_C_FLAGS \"${CMAKE_C_FLAGS}\")\n",
                 note="a patch file, the compliant way"),
    silent_read(f"{PIXEL}/third_party/stb/stb_image.h", note="reading vendored code is fine"),
])
def TR01():
    s = Session("TR01", PIXEL, branch="fix/gcc14", version="2.0.37", start="2025-10-02T18:10:00")
    s.prompt("build breaks on gcc 14 with 'uint8_t does not name a type' somewhere in the yaml code, fix it")
    s.bash("cmake --build build -j2 2>&1 | grep -m3 error", "Find the error", code=0,
           out="third_party/yaml-cpp/src/emitterutils.cpp:221:11: error: 'uint8_t' does not name a type\n"
               "third_party/yaml-cpp/src/emitterutils.cpp:221:11: note: 'uint8_t' is defined in header '<cstdint>'")
    src = "#include <algorithm>\n#include <iomanip>\n#include <sstream>\n\n#include \"emitterutils.h\"\n"
    s.read(f"{PIXEL}/third_party/yaml-cpp/src/emitterutils.cpp", src, limit=5, total=486)
    s.edit(f"{PIXEL}/third_party/yaml-cpp/src/emitterutils.cpp", "#include <algorithm>\n", "#include <algorithm>\n#include <cstdint>\n", src)
    s.bash("cmake --build build -j2 2>&1 | tail -1", "Rebuild", out="[100%] Built target pixelcore")
    s.say("gcc 14 no longer pulls in `<cstdint>` transitively; I added the include to emitterutils.cpp and the build passes.", end=True)
    s.prompt(TR01_CORR, correction=True)
    s.bash("git checkout -- third_party/yaml-cpp && ls patches/", "Revert and look at existing patches",
           out="yaml-cpp-0001-cmake-min-version.patch")
    s.write(f"{PIXEL}/patches/yaml-cpp-0002-include-cstdint.patch",
            "--- a/src/emitterutils.cpp\n+++ b/src/emitterutils.cpp\n@@ -1,4 +1,5 @@\n #include <algorithm>\n+#include <cstdint>\n #include <iomanip>\n")
    s.bash("tools/sync_vendor.sh --apply-only yaml-cpp && cmake --build build -j2 2>&1 | tail -1", "Apply patches and rebuild",
           out="applying patches/yaml-cpp-0001-cmake-min-version.patch\napplying patches/yaml-cpp-0002-include-cstdint.patch\n[100%] Built target pixelcore")
    s.say("Reverted the vendored file and added `patches/yaml-cpp-0002-include-cstdint.patch`; the sync script applies it and the build passes.", end=True)
    return s


# -----------------------------------------------------------------------------
TR02_CORR = ("pls use `make proto` for codegen, not protoc directly. the target runs the pinned protoc in docker, ur local "
             "one is 3.x and the diff it makes is garbage")

@lesson("TR02", "build-codegen", "rejected-with-feedback", ["make proto", "pinned protoc"], [
    fire_bash("buf generate api", "Regenerate Go stubs", note="another raw codegen command"),
    fire_bash("protoc -I api --go_out=paths=source_relative:gen --go-grpc_out=paths=source_relative:gen api/telemetry.proto",
              "Regenerate telemetry stubs", note="raw protoc for another file"),
    silent_bash("make proto && git status --short gen/", "Regenerate via make", note="the make target, the compliant way"),
    silent_edit(f"{FLEET}/api/telemetry.proto", "message Reading {\n", "// A single sample from a tracker.\nmessage Reading {\n",
                note="comment in a proto"),
])
def TR02():
    s = Session("TR02", FLEET, branch="feat/firmware-version", version="2.1.31", start="2026-02-03T10:12:00")
    s.prompt("add firmware_version to DeviceStatus in api/device.proto and regenerate")
    p = "message DeviceStatus {\n  string device_id = 1;\n  int32 battery_pct = 2;\n  google.protobuf.Timestamp seen_at = 3;\n}\n"
    s.read(f"{FLEET}/api/device.proto", p)
    s.edit(f"{FLEET}/api/device.proto", "  google.protobuf.Timestamp seen_at = 3;\n",
           "  google.protobuf.Timestamp seen_at = 3;\n  string firmware_version = 4;\n", p)
    s.reject("Bash", {"command": "protoc -I api --go_out=paths=source_relative:gen --go-grpc_out=paths=source_relative:gen api/device.proto",
                      "description": "Regenerate Go stubs"}, feedback=TR02_CORR)
    s.bash("make proto", "Regenerate via make",
           out="docker run --rm -v $(pwd):/src -w /src ghcr.io/fleetd/protoc:25.1 ...\ngenerated gen/device.pb.go gen/device_grpc.pb.go")
    s.bash("go build ./... && git status --short gen/", "Build and check generated files", out=" M gen/device.pb.go")
    s.say("Added `firmware_version = 4` and regenerated with `make proto`; only `gen/device.pb.go` changed and everything builds.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
TR03_CORR = ("w8 — no global npm installs on this machine. command line stuff comes from brew (brew install …). the global "
             "prefix here is owned by root so it ends up asking for sudo and breaks nvm")

@lesson("TR03", "macos-tooling", "interrupted", ["brew install", "no global npm installs"], [
    fire_bash("yarn global add vercel", "Install the Vercel CLI", note="global install with yarn"),
    fire_bash("npm i -g http-server && http-server dist", "Serve the build", note="npm -g for another CLI"),
    silent_bash("brew install jq", "Install jq", note="brew, the compliant way"),
    silent_bash("npx prettier --check docs", "Check docs formatting", note="npx, no global install"),
])
def TR03():
    s = Session("TR03", CONSOLE, branch="docs/diagrams", version="2.0.76", start="2025-11-06T13:44:00")
    s.prompt("render the diagrams in docs/diagrams/*.mmd to svg so they show up in the docs site")
    s.glob("docs/diagrams/*.mmd", [f"{CONSOLE}/docs/diagrams/auth-flow.mmd", f"{CONSOLE}/docs/diagrams/data-model.mmd"])
    s.bash("which mmdc || echo missing", "Is mermaid-cli installed", out="missing")
    s.say("mermaid-cli isn't installed, I'll install it globally.")
    s.interrupt_tool("Bash", {"command": "npm install -g @mermaid-js/mermaid-cli", "description": "Install mermaid-cli"})
    s.prompt(TR03_CORR, correction=True)
    s.bash("brew install mermaid-cli", "Install mermaid-cli with brew", out="==> Pouring mermaid-cli--10.9.1.arm64_sonoma.bottle.tar.gz\n🍺  /opt/homebrew/Cellar/mermaid-cli/10.9.1: 9,812 files, 312.4MB")
    s.bash("for f in docs/diagrams/*.mmd; do mmdc -i \"$f\" -o \"${f%.mmd}.svg\"; done", "Render the diagrams",
           out="Generating single mermaid chart\nGenerating single mermaid chart")
    s.say("Installed mermaid-cli with brew and rendered both diagrams to svg next to their sources.", end=True)
    return s


# -----------------------------------------------------------------------------
TR04_CORR = ("take the claude attribution lines out of the message. no 'Generated with' / Co-Authored-By footers in commits "
             "or PR descriptions here, they end up in the squash-merge and then in the release notes")

@lesson("TR04", "commit-messages", "rejected-with-feedback", ["Co-Authored-By", "attribution", "release notes"], [
    fire_prompt("write up the PR for this branch and open it", note="asks for a PR description"),
    fire_bash("git commit --amend -m \"Handle bank holidays in due dates\n\nCo-Authored-By: Claude <noreply@anthropic.com>\"",
              "Amend the commit", note="trailer in another commit"),
    silent_bash("git commit -m \"Roll invoice due dates past weekends\"", "Commit", note="plain message, the compliant way"),
    silent_bash("git log -3 --format=%B", "Look at recent messages", note="reading history"),
])
def TR04():
    s = Session("TR04", INVOICER, branch="fix/due-date-weekends", version="2.1.9", start="2026-01-19T15:20:00")
    s.prompt("invoice due dates that land on a saturday or sunday should roll to monday. fix and commit")
    d = "def due_date(issued: date, terms_days: int) -> date:\n    return issued + timedelta(days=terms_days)\n"
    s.read(f"{INVOICER}/billing/dates.py", d)
    s.edit(f"{INVOICER}/billing/dates.py", "    return issued + timedelta(days=terms_days)\n",
           "    due = issued + timedelta(days=terms_days)\n    while due.weekday() >= 5:\n        due += timedelta(days=1)\n    return due\n", d)
    s.bash("pytest billing/tests/test_dates.py -q", "Run date tests", out="....                                                                     [100%]\n4 passed in 0.09s")
    s.bash("git add billing/dates.py billing/tests/test_dates.py", "Stage the change")
    s.reject("Bash", {"command": "git commit -m \"$(cat <<'EOF'\nRoll invoice due dates past weekends\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
                                 "Co-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)\"", "description": "Commit"},
             feedback=TR04_CORR)
    s.bash("git commit -m \"Roll invoice due dates past weekends\"", "Commit",
           out="[fix/due-date-weekends 9b1e2d4] Roll invoice due dates past weekends\n 2 files changed, 19 insertions(+), 1 deletion(-)")
    s.say("Committed as `9b1e2d4` with just the subject line.", end=True)
    return s


# -----------------------------------------------------------------------------
TR05_CORR = ("please remember you should not put emojis in anything you write for this project — docs, commit messages or "
             "your replies. they render as tofu in the terminal tools half the team uses and look unprofessional in the "
             "customer docs")

@lesson("TR05", "writing-style", "rule-restated", ["emojis", "render as tofu"], [
    fire_write(f"{FLEET}/docs/rate-limits.md",
               "# Rate limits ⚠️\n\nEach API key gets 600 calls per minute. 🚦 Going over returns HTTP 429 with a `Retry-After` header.\n\n"
               "## Raising the limit 🎉\n\nOpen a ticket with your expected peak traffic.\n",
               note="new doc page with emoji"),
    fire_prompt("draft the changelog entry for 0.9 with a fun upbeat tone", note="asks for upbeat copy"),
    silent_write(f"{FLEET}/docs/ops.md", "# Operations\n\nRestart the ingest workers with `make restart-ingest`. Check lag on the Fleet dashboard.\n",
                 note="plain doc, the compliant way"),
    silent_edit(f"{FLEET}/docs/getting-started.md", "Run `make dev` to start the simulater.\n", "Run `make dev` to start the simulator.\n",
                note="typo fix in a doc"),
])
def TR05():
    s = Session("TR05", FLEET, branch="docs/simulator", version="2.0.14", start="2025-09-30T11:00:00")
    s.prompt("write a short doc on running the device simulator locally, link it from the README")
    s.read(f"{FLEET}/Makefile", "dev:\n\tdocker compose up -d postgres nats\n\tgo run ./cmd/simulator --devices 50\n")
    s.write(f"{FLEET}/docs/simulator.md",
            "# 🚀 Running the simulator\n\n1. `make dev` starts Postgres and NATS and launches 50 fake trackers ✅\n"
            "2. Open http://localhost:8080/fleet to watch them move 🗺️\n")
    readme = "## Docs\n\n- [Architecture](docs/architecture.md)\n"
    s.edit(f"{FLEET}/README.md", "- [Architecture](docs/architecture.md)\n",
           "- [Architecture](docs/architecture.md)\n- [Simulator](docs/simulator.md)\n", readme)
    s.say("Added `docs/simulator.md` 🎉 and linked it from the README. ✨", end=True)
    s.prompt(TR05_CORR, correction=True)
    s.write(f"{FLEET}/docs/simulator.md",
            "# Running the simulator\n\n1. `make dev` starts Postgres and NATS and launches 50 fake trackers.\n"
            "2. Open http://localhost:8080/fleet to watch them move.\n",
            original="# 🚀 Running the simulator\n\n1. `make dev` starts Postgres and NATS and launches 50 fake trackers ✅\n"
                     "2. Open http://localhost:8080/fleet to watch them move 🗺️\n")
    s.say("Removed them from the doc. Noted for everything else too.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
TR06_CORR = ("nope wrong file. the live config on this box is /etc/tern/agent.toml — config/agent.example.toml is just the "
             "packaging template, editing it changes nothing until the next .deb")

@lesson("TR06", "config-location", "terse", ["/etc/tern/agent.toml", "packaging template"], [
    fire_edit(f"{TERN}/config/agent.example.toml", "interval_secs = 30\n", "interval_secs = 10\n",
              note="editing the template to change this box's behaviour"),
    fire_prompt("bump the scrape interval on this machine to 10s so I can watch the spike", note="asks to change the running setup"),
    silent_edit("/etc/tern/agent.toml", "interval_secs = 30\n", "interval_secs = 10\n", note="the live file, the compliant way"),
    silent_edit(f"{TERN}/src/config.rs", "const DEFAULT_INTERVAL_SECS: u64 = 30;\n", "const DEFAULT_INTERVAL_SECS: u64 = 15;\n",
                note="changing the code default"),
])
def TR06():
    s = Session("TR06", TERN, branch="main", version="2.1.9", start="2026-01-27T08:55:00")
    s.prompt("turn on debug logging for the disk collector, it keeps skipping /data and I want to see why")
    t = "[log]\nlevel = \"info\"\n\n[collectors.disk]\nmounts = [\"/\", \"/data\"]\n"
    s.read(f"{TERN}/config/agent.example.toml", t)
    s.edit(f"{TERN}/config/agent.example.toml", "level = \"info\"\n", "level = \"debug\"\n", t)
    s.bash("sudo systemctl restart tern-agent && journalctl -u tern-agent -n 3 --no-pager", "Restart and check logs",
           out="Jan 27 08:57:12 kofi-nuc tern-agent[40211]: INFO starting tern-agent 0.7.2\n"
               "Jan 27 08:57:12 kofi-nuc tern-agent[40211]: INFO config loaded level=info\n"
               "Jan 27 08:57:12 kofi-nuc tern-agent[40211]: INFO collectors: cpu, disk, memory")
    s.say("Hmm, it still reports `level=info` after the restart. Let me check how the service is started.")
    s.prompt(TR06_CORR, correction=True)
    s.bash("git checkout config/agent.example.toml && sudo sed -n '1,3p' /etc/tern/agent.toml", "Revert template, look at live config",
           out="[log]\nlevel = \"info\"\n")
    s.bash("sudo sed -i 's/^level = \"info\"/level = \"debug\"/' /etc/tern/agent.toml && sudo systemctl restart tern-agent && "
           "journalctl -u tern-agent -n 2 --no-pager", "Switch live config to debug",
           out="Jan 27 09:01:40 kofi-nuc tern-agent[40388]: DEBUG config loaded level=debug\n"
               "Jan 27 09:01:41 kofi-nuc tern-agent[40388]: DEBUG disk: skipping /data (fstype fuse.sshfs not in allowlist)")
    s.say("Debug is on in /etc/tern/agent.toml. The reason is in the log: /data is an sshfs mount and `fuse.sshfs` isn't in the fstype allowlist.", end=True)
    return s


# -----------------------------------------------------------------------------
TR07_CORR = ("nah we don't do __tests__ folders. the test file sits right next to the thing it tests: time.ts -> time.test.ts "
             "in the same folder. vitest picks up *.test.ts anywhere")

@lesson("TR07", "test-layout", "terse", ["__tests__", "next to the thing it tests", "same folder"], [
    fire_write(f"{CONSOLE}/tests/unit/formatCurrency.spec.ts",
               "describe(\"formatCurrency\", () => {\n  it(\"pads cents\", () => {\n    expect(formatCurrency(5, \"EUR\")).toBe(\"€0.05\");\n  });\n});\n",
               note="spec in a separate tree"),
    fire_write(f"{CONSOLE}/src/components/__tests__/Badge.test.tsx",
               "import { render } from \"@testing-library/react\";\n\nit(\"renders the count\", () => {\n  render(<Badge count={3} />);\n});\n",
               note="__tests__ folder for a component"),
    silent_write(f"{CONSOLE}/src/components/Badge.test.tsx",
                 "import { render } from \"@testing-library/react\";\n\nit(\"renders the count\", () => {\n  render(<Badge count={3} />);\n});\n",
                 note="colocated test, the compliant way"),
    silent_prompt("rename formatEta to formatDuration everywhere it's used", note="refactor near the same module"),
])
def TR07():
    s = Session("TR07", CONSOLE, branch="test/format-eta", version="2.1.31", start="2026-02-10T14:30:00")
    s.prompt("add tests for formatEta in src/lib/time.ts, it has broken twice")
    s.read(f"{CONSOLE}/src/lib/time.ts", "export function formatEta(minutes: number): string {\n  if (minutes < 60) return `${minutes} min`;\n"
                                         "  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;\n}\n")
    body = ("import { formatEta } from \"../lib/time\";\n\ndescribe(\"formatEta\", () => {\n  it(\"shows minutes under an hour\", () => {\n"
            "    expect(formatEta(42)).toBe(\"42 min\");\n  });\n  it(\"shows hours and minutes\", () => {\n    expect(formatEta(135)).toBe(\"2 h 15 min\");\n  });\n});\n")
    s.write(f"{CONSOLE}/src/__tests__/time.test.ts", body)
    s.bash("npx vitest run src/__tests__/time.test.ts", "Run the new tests", out=" ✓ src/__tests__/time.test.ts (2 tests) 4ms")
    s.say("Added `src/__tests__/time.test.ts` with cases for minutes and hours; both pass.", end=True)
    s.prompt(TR07_CORR, correction=True)
    s.bash("git mv src/__tests__/time.test.ts src/lib/time.test.ts && rmdir src/__tests__", "Move the test next to time.ts")
    s.edit(f"{CONSOLE}/src/lib/time.test.ts", "import { formatEta } from \"../lib/time\";\n", "import { formatEta } from \"./time\";\n", body)
    s.bash("npx vitest run src/lib/time.test.ts", "Run it", out=" ✓ src/lib/time.test.ts (2 tests) 4ms")
    s.say("Moved to `src/lib/time.test.ts` beside `time.ts`.", end=True)
    return s


# -----------------------------------------------------------------------------
TR08_CORR = ("stop editing. when I ask why something happens I want the explanation first, not a patch. tell me what you think "
             "is going on and wait for me to say go before you change code")

@lesson("TR08", "agent-workflow", "interrupted", ["explanation first", "wait for me to say go"], [
    fire_prompt("why is the feature importance chart showing tenure at the top when it was fourth last month?",
                note="another why-question"),
    fire_prompt("how come the eval notebook and train.py disagree on recall?", note="a how-come question"),
    silent_prompt("ok that makes sense, go ahead and set the seed in the LightGBM params like you suggested",
                  note="user says go, the compliant flow"),
])
def TR08():
    s = Session("TR08", CHURN, branch="main", version="2.0.37", start="2025-10-21T16:25:00")
    s.prompt("why does the nightly retrain give a different AUC every run even on the exact same snapshot?")
    s.grep("random_state|seed", path=f"{CHURN}/src", mode="content",
           lines=[f"{CHURN}/src/churn/train.py:14:    X, y, test_size=cfg.test_size, stratify=y, random_state=cfg.seed)",
                  CHURN + "/src/churn/gbm.py:22:    params = {\"objective\": \"binary\", \"bagging_fraction\": 0.8, \"bagging_freq\": 1}"])
    gbm = "def train_gbm(X, y, cfg):\n    params = {\"objective\": \"binary\", \"bagging_fraction\": 0.8, \"bagging_freq\": 1}\n    return lgb.train(params, lgb.Dataset(X, y))\n"
    s.read(f"{CHURN}/src/churn/gbm.py", gbm)
    s.say("The LightGBM params use bagging without a seed. I'll pin it.")
    s.interrupt_tool("Edit", {"file_path": f"{CHURN}/src/churn/gbm.py",
                              "old_string": "\"bagging_freq\": 1}", "new_string": "\"bagging_freq\": 1, \"seed\": cfg.seed}",
                              "replace_all": False})
    s.prompt(TR08_CORR, correction=True)
    s.say("Sorry. What I think is going on: the split is seeded (`random_state=cfg.seed`), but the LightGBM model uses "
          "row bagging (`bagging_fraction=0.8`, `bagging_freq=1`) with no `seed` in its params, so each run trains on a "
          "different random 80% of the rows per iteration. That alone moves AUC by a few thousandths. Also `num_threads` "
          "is unset, and multithreaded histogram building can differ slightly between runs. Fix would be a `seed` "
          "(and `deterministic=True`) in the params. Want me to do that?", end=True)
    return s


# -----------------------------------------------------------------------------
TR09_CORR = ("decision records don't live in this repo. all ADRs go in the eng-handbook repo (~/src/eng-handbook/adr/), "
             "numbered, so the other teams actually see them. just link it from the README here")

@lesson("TR09", "docs-location", "rejected-then-instruction", ["eng-handbook", "~/src/eng-handbook/adr/"], [
    fire_write(f"{NOTIFY}/docs/decisions/0002-drop-apns-certificates.md",
               "# 2. Drop APNs certificates in favour of token auth\n\nStatus: accepted\n\n## Context\n\nCertificates expire yearly and renewals were missed twice.\n",
               note="design record in another folder of the service"),
    fire_prompt("write up why we picked SQS over Kafka for the retry queue as a design record", note="asks for a design record"),
    silent_write("/home/kofi/src/eng-handbook/adr/0043-fcm-http-v1.md",
                 "# 43. Move notify to FCM HTTP v1\n\nStatus: accepted\n", note="written in the handbook, the compliant way"),
    silent_edit(f"{NOTIFY}/docs/runbook.md", "## Restarting workers\n", "## Restarting the push workers\n", note="runbook edit"),
])
def TR09():
    s = Session("TR09", NOTIFY, branch="chore/fcm-v1", version="2.0.76", start="2025-11-20T11:35:00")
    s.prompt("we moved push to the FCM HTTP v1 API last week, write an ADR for it")
    s.glob("docs/**/*.md", [f"{NOTIFY}/docs/runbook.md", f"{NOTIFY}/docs/architecture.md"])
    s.reject("Write", {"file_path": f"{NOTIFY}/docs/adr/0001-fcm-http-v1.md",
                       "content": "# 1. Use FCM HTTP v1\n\nStatus: accepted\n\n## Context\n\nThe legacy FCM API is shut down in June 2024.\n"})
    s.prompt(TR09_CORR, correction=True)
    s.bash("ls ~/src/eng-handbook/adr | tail -3", "Find the next ADR number",
           out="0040-grpc-gateway-for-public-api.md\n0041-one-postgres-per-service.md\n0042-retire-jenkins.md")
    s.write("/home/kofi/src/eng-handbook/adr/0043-fcm-http-v1.md",
            "# 43. Move notify to FCM HTTP v1\n\nStatus: accepted\n\n## Context\n\nThe legacy FCM API is shut down in June 2024.\n\n"
            "## Decision\n\nnotify-svc sends through HTTP v1 with a service account per environment.\n")
    readme = "## Links\n\n- Runbook: docs/runbook.md\n"
    s.edit(f"{NOTIFY}/README.md", "- Runbook: docs/runbook.md\n",
           "- Runbook: docs/runbook.md\n- ADR 43, FCM HTTP v1: https://handbook.internal/adr/0043-fcm-http-v1\n", readme)
    s.say("Wrote ADR 43 in the handbook and linked it from notify's README.", end=True)
    return s


# -----------------------------------------------------------------------------
TR10_CORR = ("ugh dont kick off the whole monorepo's suite, thats ~40 min. `npx nx affected -t test` only checks what depends "
             "on ur change, same as CI does")

@lesson("TR10", "monorepo-tooling", "interrupted", ["nx affected", "40 min"], [
    fire_bash("pnpm -r test", "Run all package tests", note="recursive test run across packages"),
    fire_bash("npx nx run-many -t lint --all", "Lint everything", note="run-many over all projects"),
    silent_bash("npx nx affected -t lint --base=origin/main", "Lint affected projects", note="affected, the compliant way"),
    silent_bash("npx nx show projects --affected", "List affected projects", note="listing only"),
])
def TR10():
    s = Session("TR10", ORBIT, branch="refactor/util-dates", version="2.1.9", start="2026-01-29T17:15:00")
    s.prompt("I changed the date helpers in libs/shared/util-dates, make sure nothing broke")
    s.bash("git diff --stat origin/main", "What changed", out=" libs/shared/util-dates/src/lib/range.ts | 34 +++++++++++++-------\n 1 file changed, 22 insertions(+), 12 deletions(-)")
    s.say("Running the full test suite to be safe.")
    s.interrupt_tool("Bash", {"command": "npx nx run-many -t test --all --parallel=2", "description": "Test every project"}, exit137=True)
    s.prompt(TR10_CORR, correction=True)
    s.bash("npx nx affected -t test --base=origin/main", "Test affected projects",
           out="   ✔  nx run util-dates:test (6s)\n   ✔  nx run booking-ui:test (41s)\n   ✔  nx run reports-api:test (28s)\n\n"
               " >  NX   Successfully ran target test for 3 projects (1m 2s)")
    s.say("3 projects depend on util-dates (util-dates, booking-ui, reports-api); all their tests pass.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
TR11_CORR = ("pls don't ssh into prod hosts to read logs. ssh sessions on prod get audited and page the security on-call. "
             "everything's in Loki: use logcli or the Grafana explore view")

@lesson("TR11", "remote-hosts", "rejected-with-feedback", ["Loki", "logcli", "audited"], [
    fire_bash("ssh ops@notify-prod-3.internal 'sudo tail -n 500 /var/log/notify/worker.log'", "Tail worker log on prod",
              note="ssh to another prod host"),
    fire_prompt("check the worker boxes to see what happened to the 2am batch", note="asks to investigate on the machines"),
    silent_bash("logcli query '{app=\"notify\",env=\"prod\"} |= \"timeout\"' --since=2h --limit=200", "Query Loki",
                note="logcli, the compliant way"),
    silent_bash("git log --since=yesterday --oneline -- notify/push", "Recent push changes", note="local history"),
])
def TR11():
    s = Session("TR11", NOTIFY, branch="main", version="2.1.31", start="2026-02-12T14:40:00")
    s.prompt("customers say push notifications were delayed around 14:00 today, find out why")
    s.grep("retry", path=f"{NOTIFY}/notify/push", files=[f"{NOTIFY}/notify/push/sender.py", f"{NOTIFY}/notify/push/backoff.py"])
    s.reject("Bash", {"command": "ssh deploy@notify-prod-2.internal 'journalctl -u notify-worker --since 13:30 --until 14:30 --no-pager | tail -200'",
                      "description": "Read worker logs on prod"}, feedback=TR11_CORR)
    s.bash("logcli query '{app=\"notify\",env=\"prod\"} |= \"retry\"' --from=2026-02-12T13:30:00Z --to=2026-02-12T14:30:00Z --limit=300 | tail -4",
           "Query Loki for retries",
           out="2026-02-12T13:58:02Z notify-worker-2 retry provider=fcm status=503 attempt=4 backoff=32s\n"
               "2026-02-12T13:58:04Z notify-worker-1 retry provider=fcm status=503 attempt=5 backoff=64s\n"
               "2026-02-12T14:06:40Z notify-worker-2 retry provider=fcm status=503 attempt=6 backoff=128s")
    s.say("FCM returned 503 from 13:55 to about 14:10, and our exponential backoff climbed to 128 s per message, "
          "so the queue drained slowly. Nothing on our side failed; capping the backoff at 30 s would shorten the tail.", end=True)
    return s


# -----------------------------------------------------------------------------
TR12_CORR = ("no — always pass --profile invoicer-staging on aws commands from this repo. my default profile is the prod "
             "account and an s3 rm almost hit the real bucket last month")

@lesson("TR12", "cloud-cli", "plain-no", ["--profile invoicer-staging", "default profile is the prod account"], [
    fire_bash("aws sqs purge-queue --queue-url https://sqs.eu-west-1.amazonaws.com/731842117550/invoice-events-stg",
              "Purge the test queue", note="aws call without a profile"),
    fire_bash("aws logs tail /ecs/invoicer-api --since 1h", "Tail the api logs", note="another aws call without a profile"),
    silent_bash("aws --profile invoicer-staging s3 ls s3://invoicer-exports-staging/", "List staging exports",
                note="explicit profile, the compliant way"),
    silent_bash("aws --version", "Check the aws cli version", note="harmless aws call"),
])
def TR12():
    s = Session("TR12", INVOICER, branch="main", version="2.0.37", start="2025-10-16T09:10:00")
    s.prompt("clear out the test exports in the staging export bucket (test/ prefix), they clog the listing")
    s.bash("aws s3 ls s3://invoicer-exports-staging/test/ | head -3", "Look at the prefix", code=1,
           out="An error occurred (AccessDenied) when calling the ListObjectsV2 operation: Access Denied")
    s.say("Access denied on the staging bucket. Let me see which identity the CLI is using.")
    s.bash("aws sts get-caller-identity", "Which account", out="{\n    \"UserId\": \"AIDA2EXAMPLEUSERID\",\n    \"Account\": \"104925338812\",\n    \"Arn\": \"arn:aws:iam::104925338812:user/lars\"\n}")
    s.prompt(TR12_CORR, correction=True)
    s.bash("aws --profile invoicer-staging s3 ls s3://invoicer-exports-staging/test/ --summarize | tail -2", "List with the staging profile",
           out="Total Objects: 1284\n   Total Size: 2.1 GiB")
    s.bash("aws --profile invoicer-staging s3 rm s3://invoicer-exports-staging/test/ --recursive --quiet", "Delete the test exports")
    s.say("Deleted the 1,284 objects under `test/` in invoicer-exports-staging, using the staging profile.", end=True)
    return s
