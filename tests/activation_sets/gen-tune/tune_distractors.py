"""gen-tune distractors: ordinary sessions in the same projects and domains, no correction. Some do the
thing the compliant way, some carry near-miss wording ("no, that's all", "actually that looks fine")."""
from cc import Session
from registry import distractor

FLEET = "/home/kofi/src/fleetd"
CONSOLE = "/Users/mei/work/atlas-console"
CHARTS = "/home/kofi/src/platform-charts"
PAYPROTO = "/home/lars/dev/payments-proto"
CHURN = "/home/lars/dev/churn-model"
NOTIFY = "/home/kofi/src/notify-svc"
INVOICER = "/home/lars/dev/invoicer"
TERN = "/home/kofi/src/tern-agent"
PIXEL = "/home/lars/dev/pixelcore"
ORBIT = "/Users/mei/work/orbit"


@distractor("TD01", "go-errors", "wrapped errors, compliant")
def TD01():
    s = Session("TD01", FLEET, branch="feat/trip-summary", version="2.1.9", start="2026-01-12T10:00:00")
    s.prompt("add a store method that returns the total distance per vehicle for a day")
    st = "package trips\n\ntype Store struct{ db *sql.DB }\n"
    s.read(f"{FLEET}/internal/trips/store.go", st)
    s.edit(f"{FLEET}/internal/trips/store.go", "type Store struct{ db *sql.DB }\n",
           "type Store struct{ db *sql.DB }\n\nfunc (s *Store) DistanceByVehicle(ctx context.Context, day time.Time) (map[string]float64, error) {\n"
           "\trows, err := s.db.QueryContext(ctx, distanceSQL, day)\n\tif err != nil {\n\t\treturn nil, fmt.Errorf(\"querying distance for %s: %w\", day.Format(time.DateOnly), err)\n\t}\n"
           "\tdefer rows.Close()\n\treturn scanDistances(rows)\n}\n", st)
    s.bash("go test ./internal/trips/...", "Run trip tests", out="ok  \tgithub.com/fleetd/fleetd/internal/trips\t0.302s")
    s.say("Added `DistanceByVehicle`; errors are wrapped with the day for context. Tests pass.", end=True)
    s.prompt("no, that's all for now, thanks")
    return s


@distractor("TD02", "react-hooks", "memoised callback, near-miss 'actually that looks fine'")
def TD02():
    s = Session("TD02", CONSOLE, branch="feat/driver-search", version="2.0.76", start="2025-11-10T14:00:00")
    s.prompt("add a debounced search box to the drivers page")
    s.write(f"{CONSOLE}/src/features/drivers/useDriverSearch.ts",
            "export function useDriverSearch(query: string) {\n  const [rows, setRows] = useState<Driver[]>([]);\n"
            "  const run = useCallback((q: string) => api.drivers.search(q).then(setRows), []);\n\n"
            "  useEffect(() => {\n    const t = setTimeout(() => run(query), 250);\n    return () => clearTimeout(t);\n  }, [query, run]);\n\n  return rows;\n}\n")
    s.bash("npx eslint src/features/drivers && npx vitest run src/features/drivers", "Lint and test",
           out=" ✓ src/features/drivers/useDriverSearch.test.ts (2 tests) 12ms")
    s.say("Added `useDriverSearch` (250 ms debounce). Do you want the debounce delay configurable?", end=True)
    s.prompt("actually that looks fine as it is, leave it at 250")
    s.say("Leaving it at 250 ms.", end=True)
    return s


@distractor("TD03", "accessibility", "button-based menu, compliant")
def TD03():
    s = Session("TD03", CONSOLE, branch="feat/row-actions", version="2.1.31", start="2026-02-04T09:30:00")
    s.prompt("add a row actions menu (archive, duplicate) to the routes table")
    s.write(f"{CONSOLE}/src/features/routes/RowActions.tsx",
            "export function RowActions({ onArchive, onDuplicate }: Props) {\n  return (\n    <Menu>\n"
            "      <MenuButton aria-label=\"Row actions\">⋯</MenuButton>\n      <MenuItems>\n"
            "        <MenuItem as=\"button\" onClick={onDuplicate}>Duplicate</MenuItem>\n        <MenuItem as=\"button\" onClick={onArchive}>Archive</MenuItem>\n"
            "      </MenuItems>\n    </Menu>\n  );\n}\n")
    s.bash("npx playwright test a11y/routes.spec.ts", "axe check", out="Running 1 test using 1 worker\n  1 passed (2.9s)")
    s.say("Added `RowActions` using the headless Menu (keyboard navigation included). The axe check passes.", end=True)
    return s


@distractor("TD04", "kubernetes-helm", "values tweak with resources set")
def TD04():
    s = Session("TD04", CHARTS, branch="chore/gateway-replicas", version="2.0.37", start="2025-10-20T11:00:00")
    s.prompt("gateway needs 4 replicas in prod and a bit more memory, it's at 90% of the limit")
    v = "replicaCount: 2\nresources:\n  requests:\n    cpu: 200m\n    memory: 256Mi\n  limits:\n    memory: 384Mi\n"
    s.read(f"{CHARTS}/charts/gateway/values-prod.yaml", v)
    v2 = s.edit(f"{CHARTS}/charts/gateway/values-prod.yaml", "replicaCount: 2\n", "replicaCount: 4\n", v)
    s.edit(f"{CHARTS}/charts/gateway/values-prod.yaml", "    memory: 256Mi\n  limits:\n    memory: 384Mi\n",
           "    memory: 384Mi\n  limits:\n    memory: 512Mi\n", v2)
    s.bash("helm lint charts/gateway -f charts/gateway/values-prod.yaml", "Lint", out="1 chart(s) linted, 0 chart(s) failed")
    s.say("Prod gateway: 4 replicas, requests 384Mi, limit 512Mi.", end=True)
    s.prompt("no worries, ship it in the next release train")
    return s


@distractor("TD05", "protobuf", "new field at the next number")
def TD05():
    s = Session("TD05", PAYPROTO, branch="feat/refund-note", version="2.1.9", start="2026-01-16T15:00:00")
    s.prompt("add an optional free-text note to Refund")
    p = "message Refund {\n  string id = 1;\n  string charge_id = 2;\n  int64 amount_minor = 3;\n  reserved 4;\n  string reason = 6;\n}\n"
    s.read(f"{PAYPROTO}/proto/payments/v1/refund.proto", p)
    s.edit(f"{PAYPROTO}/proto/payments/v1/refund.proto", "  string reason = 6;\n", "  string reason = 6;\n  optional string note = 7;\n", p)
    s.bash("buf lint && buf breaking --against '.git#branch=main'", "Lint and breaking check")
    s.say("Added `optional string note = 7;`. Lint and the breaking check are clean.", end=True)
    return s


@distractor("TD06", "ml-leakage", "pipeline cross-validation, compliant")
def TD06():
    s = Session("TD06", CHURN, branch="exp/cv", version="2.0.14", start="2025-09-09T10:30:00")
    s.prompt("give me 5-fold CV scores for the current pipeline instead of a single split")
    s.edit(f"{CHURN}/src/churn/evaluate.py", "def evaluate(pipe, X, y):\n    pass\n",
           "def evaluate(pipe, X, y):\n    scores = cross_val_score(pipe, X, y, cv=StratifiedKFold(5, shuffle=True, random_state=7), scoring=\"roc_auc\")\n"
           "    return scores.mean(), scores.std()\n", "def evaluate(pipe, X, y):\n    pass\n")
    s.bash("python -m churn.evaluate --config configs/base.yaml", "Run CV", out="AUC 0.862 ± 0.004 (5 folds)")
    s.say("5-fold stratified CV on the whole pipeline (scaler refitted per fold): AUC 0.862 ± 0.004.", end=True)
    return s


@distractor("TD07", "metrics-cardinality", "bounded labels, question about dashboards")
def TD07():
    s = Session("TD07", NOTIFY, branch="main", version="2.1.31", start="2026-02-05T13:00:00")
    s.prompt("which metrics do we export for email sends? I want to build a dashboard")
    s.grep("Counter\\(|Histogram\\(", path=f"{NOTIFY}/notify", mode="content",
           lines=[f"{NOTIFY}/notify/email/metrics.py:3:SENT = Counter(\"email_sent_total\", \"Emails sent\", [\"template\", \"provider\"])",
                  f"{NOTIFY}/notify/email/metrics.py:4:LATENCY = Histogram(\"email_send_seconds\", \"Send latency\", [\"provider\"])"])
    s.say("Two: `email_sent_total{template, provider}` and `email_send_seconds{provider}`. A rate by template plus a p95 by provider covers most of it.", end=True)
    s.prompt("perfect, that's enough to start")
    return s


@distractor("TD08", "celery-tasks", "task taking ids, on_commit")
def TD08():
    s = Session("TD08", INVOICER, branch="feat/reminders", version="2.0.76", start="2025-11-13T10:10:00")
    s.prompt("send a payment reminder 3 days after the due date if the invoice is still open")
    s.write(f"{INVOICER}/billing/reminders.py",
            "@shared_task\ndef send_reminder(invoice_id: int) -> None:\n    invoice = Invoice.objects.get(pk=invoice_id)\n"
            "    if invoice.status == Invoice.Status.OPEN:\n        send_reminder_email(invoice)\n")
    s.bash("pytest billing/tests/test_reminders.py -q", "Run reminder tests", out="...                                                                      [100%]\n3 passed in 0.44s")
    s.say("`send_reminder(invoice_id)` is scheduled with `eta=due_date + 3 days` from `transaction.on_commit`. Tests pass.", end=True)
    s.prompt("great, thanks")
    return s


@distractor("TD09", "browser-auth", "logout clears cookie server-side")
def TD09():
    s = Session("TD09", CONSOLE, branch="feat/logout-everywhere", version="2.1.9", start="2026-01-22T16:00:00")
    s.prompt("add a 'log out everywhere' button in account settings")
    s.read(f"{CONSOLE}/src/auth/session.ts", "export async function logout() {\n  await fetch(\"/auth/logout\", { method: \"POST\", credentials: \"include\" });\n}\n")
    s.edit(f"{CONSOLE}/src/auth/session.ts", "export async function logout() {\n",
           "export async function logoutEverywhere() {\n  await fetch(\"/auth/sessions\", { method: \"DELETE\", credentials: \"include\" });\n  setToken(null);\n}\n\nexport async function logout() {\n",
           "export async function logout() {\n  await fetch(\"/auth/logout\", { method: \"POST\", credentials: \"include\" });\n}\n")
    s.bash("npx vitest run src/auth", "Run auth tests", out=" Test Files  2 passed (2)\n      Tests  8 passed (8)")
    s.say("Added `logoutEverywhere()`, which revokes all refresh cookies server-side and clears the in-memory token.", end=True)
    return s


@distractor("TD10", "rust-errors", "? operator, compliant")
def TD10():
    s = Session("TD10", TERN, branch="feat/net-collector", version="2.0.37", start="2025-10-28T09:40:00")
    s.prompt("add a collector for bytes in/out per interface from /proc/net/dev")
    s.write(f"{TERN}/src/collector/net.rs",
            "pub fn read_net_dev(path: &Path) -> Result<Vec<IfaceStats>, CollectError> {\n    let raw = fs::read_to_string(path)?;\n"
            "    raw.lines().skip(2).map(parse_line).collect()\n}\n")
    s.bash("cargo test -q net 2>&1 | tail -1", "Run net tests", out="test result: ok. 4 passed; 0 failed; 0 ignored")
    s.say("Added the `net` collector; parse errors surface as `CollectError::Parse` with the offending line.", end=True)
    return s


@distractor("TD11", "vendored-code", "explaining vendored code")
def TD11():
    s = Session("TD11", PIXEL, branch="main", version="2.1.31", start="2026-02-09T11:00:00")
    s.prompt("which version of stb_image do we vendor and when was it last synced?")
    s.bash("head -5 third_party/stb/stb_image.h && git log -1 --format='%h %ad %s' -- third_party/stb", "Version and last sync",
           out="/* stb_image - v2.29 - public domain image loader - http://nothings.org/stb\n\n"
               "a4f1d77 Mon Nov 3 2025 vendor: sync stb to 5c20573")
    s.say("stb_image v2.29, last synced on 3 Nov 2025 (commit a4f1d77).", end=True)
    s.prompt("no, that's recent enough, leave it")
    s.say("Leaving it as is.", end=True)
    return s


@distractor("TD12", "build-codegen", "regenerate with make proto")
def TD12():
    s = Session("TD12", FLEET, branch="feat/geofence-events", version="2.0.14", start="2025-09-25T15:30:00")
    s.prompt("add a GeofenceEvent message (vehicle_id, zone_id, kind enter/exit, at) and regenerate")
    s.write(f"{FLEET}/api/geofence.proto",
            "syntax = \"proto3\";\n\npackage fleetd.v1;\n\nmessage GeofenceEvent {\n  enum Kind { KIND_UNSPECIFIED = 0; ENTER = 1; EXIT = 2; }\n"
            "  string vehicle_id = 1;\n  string zone_id = 2;\n  Kind kind = 3;\n  google.protobuf.Timestamp at = 4;\n}\n")
    s.bash("make proto && go build ./...", "Regenerate and build", out="generated gen/geofence.pb.go")
    s.say("Added `api/geofence.proto` and regenerated; the build passes.", end=True)
    return s


@distractor("TD13", "commit-messages", "plain commit, near-miss 'no' answer")
def TD13():
    s = Session("TD13", INVOICER, branch="chore/ruff", version="2.1.9", start="2026-01-30T10:00:00")
    s.prompt("fix the ruff warnings in billing/ and commit")
    s.bash("ruff check billing --fix", "Autofix", out="Found 7 errors (7 fixed, 0 remaining).")
    s.bash("git add billing && git commit -m \"Fix ruff warnings in billing\"", "Commit",
           out="[chore/ruff 1c0f7aa] Fix ruff warnings in billing\n 4 files changed, 9 insertions(+), 11 deletions(-)")
    s.say("Committed `1c0f7aa`. Should I push and open a PR?", end=True)
    s.prompt("no, I'll push it myself later")
    return s


@distractor("TD14", "monorepo-tooling", "affected tests, compliant")
def TD14():
    s = Session("TD14", ORBIT, branch="feat/booking-filters", version="2.0.76", start="2025-11-27T15:45:00")
    s.prompt("add a 'only mine' filter to the booking list and run the affected tests")
    s.edit(f"{ORBIT}/apps/booking-ui/src/BookingFilters.tsx", "  const [status, setStatus] = useState(\"all\");\n",
           "  const [status, setStatus] = useState(\"all\");\n  const [onlyMine, setOnlyMine] = useState(false);\n",
           "  const [status, setStatus] = useState(\"all\");\n")
    s.bash("npx nx affected -t test --base=origin/main", "Affected tests",
           out="   ✔  nx run booking-ui:test (39s)\n\n >  NX   Successfully ran target test for 1 project (40s)")
    s.say("Added the toggle; booking-ui is the only affected project and its tests pass.", end=True)
    return s


@distractor("TD15", "remote-hosts", "loki query, compliant")
def TD15():
    s = Session("TD15", NOTIFY, branch="main", version="2.1.31", start="2026-02-16T09:20:00")
    s.prompt("how many email sends failed yesterday?")
    s.bash("logcli query 'sum(count_over_time({app=\"notify\",env=\"prod\"} |= \"email send failed\" [24h]))' --from=2026-02-15T00:00:00Z --to=2026-02-16T00:00:00Z",
           "Count failures in Loki", out="[{\"metric\":{},\"value\":[1771200000,\"37\"]}]")
    s.say("37 failed email sends yesterday (out of roughly 41k).", end=True)
    s.prompt("ok that's normal, thanks")
    return s


@distractor("TD16", "cloud-cli", "aws with explicit profile")
def TD16():
    s = Session("TD16", INVOICER, branch="main", version="2.0.37", start="2025-10-23T14:05:00")
    s.prompt("how big is the staging exports bucket now?")
    s.bash("aws --profile invoicer-staging s3 ls s3://invoicer-exports-staging/ --recursive --summarize | tail -2", "Bucket size",
           out="Total Objects: 20311\n   Total Size: 38.7 GiB")
    s.say("20,311 objects, 38.7 GiB.", end=True)
    s.prompt("ok, no need to clean anything up")
    return s


@distractor("TD17", "writing-style", "plain release notes")
def TD17():
    s = Session("TD17", FLEET, branch="release/0.8", version="2.1.9", start="2026-01-06T12:00:00")
    s.prompt("write the 0.8 release notes from the merged PRs")
    s.bash("gh pr list --state merged --base main --search 'merged:>2025-12-01' --json title --jq '.[].title'", "Merged PRs",
           out="Add geofence events\nWrap store errors with context\nSimulator: 50 devices by default")
    s.write(f"{FLEET}/docs/releases/0.8.md",
            "# fleetd 0.8\n\n- Geofence enter/exit events on the stream API.\n- Store errors now say which query failed.\n- The simulator starts 50 devices by default.\n")
    s.say("Wrote `docs/releases/0.8.md` with the three changes.", end=True)
    return s
