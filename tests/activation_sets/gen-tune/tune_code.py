"""gen-tune: lessons about code patterns (Go, React, accessibility, Helm, protobuf, ML, metrics,
Celery, browser auth, Rust)."""
from cc import Session
from registry import (
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
)

FLEET = "/home/kofi/src/fleetd"
CONSOLE = "/Users/mei/work/atlas-console"
CHARTS = "/home/kofi/src/platform-charts"
PAYPROTO = "/home/lars/dev/payments-proto"
CHURN = "/home/lars/dev/churn-model"
NOTIFY = "/home/kofi/src/notify-svc"
INVOICER = "/home/lars/dev/invoicer"
TERN = "/home/kofi/src/tern-agent"


# -----------------------------------------------------------------------------
TL01_CORR = ("no, don't hand errors back up untouched. Wrap them with fmt.Errorf and %w (\"looking up device for vehicle %s: %w\") "
             "so the log line says which step failed and callers can still errors.Is against ErrNotFound. Half our 500s "
             "say nothing but \"sql: no rows in result set\" right now.")

@lesson("TL01", "go-errors", "plain-no", ["fmt.Errorf", "%w", "errors.Is"], [
    fire_edit(f"{FLEET}/internal/geofence/repo.go",
              "\trows, err := r.db.QueryContext(ctx, listZonesSQL, fleetID)\n",
              "\trows, err := r.db.QueryContext(ctx, listZonesSQL, fleetID)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n",
              note="bare `return nil, err` after a query in another package"),
    fire_write(f"{FLEET}/internal/billing/export.go",
               "package billing\n\nfunc (e *Exporter) Run(ctx context.Context, month string) error {\n\tusage, err := e.usage.ForMonth(ctx, month)\n"
               "\tif err != nil {\n\t\treturn err\n\t}\n\tf, err := e.bucket.Create(ctx, month+\".csv\")\n\tif err != nil {\n\t\treturn err\n\t}\n"
               "\tdefer f.Close()\n\treturn writeCSV(f, usage)\n}\n",
               note="new file passing errors up unwrapped"),
    silent_edit(f"{FLEET}/internal/geofence/repo.go",
                "\tif err != nil {\n\t\treturn nil, err\n\t}\n",
                "\tif err != nil {\n\t\treturn nil, fmt.Errorf(\"listing zones for fleet %s: %w\", fleetID, err)\n\t}\n",
                note="the compliant wrap"),
    silent_edit(f"{FLEET}/internal/geofence/repo.go", "const maxZonesPerFleet = 500\n", "const maxZonesPerFleet = 2000\n",
                note="constant tweak in the same file"),
])
def TL01():
    s = Session("TL01", FLEET, branch="fix/telemetry-500", version="2.0.37", start="2025-09-23T10:04:00")
    s.prompt("GET /vehicles/{id}/telemetry returns a 500 with a useless log line when the tracker isn't registered yet. "
             "look up the device first and return a 404 if there isn't one")
    svc = ("package telemetry\n\nfunc (s *Service) Latest(ctx context.Context, vehicleID string) (*Reading, error) {\n"
           "\tr, err := s.store.LatestReading(ctx, vehicleID)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn r, nil\n}\n")
    s.read(f"{FLEET}/internal/telemetry/service.go", svc)
    s.grep("func \\(s \\*DeviceStore\\) ByVehicle", path=f"{FLEET}/internal", files=[f"{FLEET}/internal/devices/store.go"])
    svc2 = s.edit(f"{FLEET}/internal/telemetry/service.go",
                  "\tr, err := s.store.LatestReading(ctx, vehicleID)\n",
                  "\tdev, err := s.devices.ByVehicle(ctx, vehicleID)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n"
                  "\tr, err := s.store.LatestReading(ctx, dev.ID)\n", svc)
    s.bash("go test ./internal/telemetry/...", "Run telemetry tests", out="ok  \tgithub.com/fleetd/fleetd/internal/telemetry\t0.214s")
    s.say("The service now resolves the device before reading telemetry. Tests pass; I'll map the not-found case in the handler next.", end=True)
    s.prompt(TL01_CORR, correction=True)
    s.edit(f"{FLEET}/internal/telemetry/service.go",
           "\tdev, err := s.devices.ByVehicle(ctx, vehicleID)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n",
           "\tdev, err := s.devices.ByVehicle(ctx, vehicleID)\n\tif err != nil {\n\t\treturn nil, fmt.Errorf(\"looking up device for vehicle %s: %w\", vehicleID, err)\n\t}\n",
           svc2)
    s.bash("go vet ./... && go test ./internal/...", "Vet and test",
           out="ok  \tgithub.com/fleetd/fleetd/internal/devices\t0.088s\nok  \tgithub.com/fleetd/fleetd/internal/telemetry\t0.231s")
    s.say("Both returns in `Latest` wrap with `%w` now, and the handler uses `errors.Is(err, devices.ErrNotFound)` to answer 404.", end=True)
    return s


# -----------------------------------------------------------------------------
TL02_CORR = ("Actually, we don't switch off react-hooks/exhaustive-deps in this codebase. Wrap load in useCallback (or move it "
             "inside the effect) so the dependency list stays honest; a silenced deps warning gave us a stale-closure bug "
             "in the checkout summary last spring.")

@lesson("TL02", "react-hooks", "polite-actually", ["exhaustive-deps", "useCallback", "stale-closure"], [
    fire_edit(f"{CONSOLE}/src/features/customers/useCustomerSearch.ts",
              "  useEffect(() => {\n    search(query);\n  }, [query, search]);\n",
              "  useEffect(() => {\n    search(query);\n    // eslint-disable-next-line\n  }, [query]);\n",
              note="drops a dep and disables the lint line in another hook"),
    fire_edit(f"{CONSOLE}/src/features/invoices/InvoiceList.tsx",
              "  }, [page, fetchPage]);\n", "  }, [page]); // eslint-disable-line react-hooks/exhaustive-deps\n",
              note="same rule silenced in another component"),
    silent_edit(f"{CONSOLE}/src/features/customers/useCustomerSearch.ts",
                "  const search = (q: string) => api.customers.search(q).then(setRows);\n",
                "  const search = useCallback((q: string) => api.customers.search(q).then(setRows), []);\n",
                note="memoising with useCallback, the compliant way"),
    silent_edit(f"{CONSOLE}/src/features/invoices/InvoiceList.tsx",
                "    <table className=\"table-compact\">\n", "    <table className=\"table-compact table-striped\">\n",
                note="class name tweak in the same component"),
])
def TL02():
    s = Session("TL02", CONSOLE, branch="fix/orders-refetch-loop", version="2.1.9", start="2026-01-08T11:20:00")
    s.prompt("OrdersTable keeps refetching in a loop as soon as you change the status filter, the network tab is a waterfall. fix pls")
    tbl = ("export function OrdersTable({ status }: { status: OrderStatus }) {\n  const [rows, setRows] = useState<Order[]>([]);\n"
           "  const load = async (s: OrderStatus) => setRows(await api.orders.list({ status: s }));\n\n"
           "  useEffect(() => {\n    load(status);\n  }, [status, load]);\n\n  return <Table rows={rows} />;\n}\n")
    s.read(f"{CONSOLE}/src/features/orders/OrdersTable.tsx", tbl)
    s.think("`load` is recreated on every render, so the effect sees a new dependency each time and re-runs. Quickest fix is to drop it from the deps.")
    tbl2 = s.edit(f"{CONSOLE}/src/features/orders/OrdersTable.tsx", "  }, [status, load]);\n",
                  "    // eslint-disable-next-line react-hooks/exhaustive-deps\n  }, [status]);\n", tbl)
    s.bash("npx eslint src/features/orders && npx vitest run src/features/orders", "Lint and test orders",
           out=" ✓ src/features/orders/OrdersTable.test.tsx (3 tests) 41ms\n\n Test Files  1 passed (1)\n      Tests  3 passed (3)")
    s.say("The loop came from `load` being a new function on every render. I removed it from the dependency array, so the effect only re-runs when `status` changes.", end=True)
    s.prompt(TL02_CORR, correction=True)
    s.edit(f"{CONSOLE}/src/features/orders/OrdersTable.tsx",
           "  const load = async (s: OrderStatus) => setRows(await api.orders.list({ status: s }));\n",
           "  const load = useCallback(async (s: OrderStatus) => setRows(await api.orders.list({ status: s })), []);\n", tbl2)
    s.edit(f"{CONSOLE}/src/features/orders/OrdersTable.tsx",
           "    // eslint-disable-next-line react-hooks/exhaustive-deps\n  }, [status]);\n", "  }, [status, load]);\n",
           tbl2.replace("  const load = async (s: OrderStatus) => setRows(await api.orders.list({ status: s }));\n",
                        "  const load = useCallback(async (s: OrderStatus) => setRows(await api.orders.list({ status: s })), []);\n"))
    s.bash("npx eslint src/features/orders && npx vitest run src/features/orders", "Lint and test orders",
           out=" ✓ src/features/orders/OrdersTable.test.tsx (3 tests) 39ms\n\n Test Files  1 passed (1)\n      Tests  3 passed (3)")
    s.say("`load` is memoised with `useCallback`, the dependency list is complete again and the disable comment is gone. No refetch loop, lint is clean.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
TL03_CORR = ("please use a real <button> (or a link) for anything clickable, not a div with onClick. A div can't get keyboard "
             "focus and screen readers don't announce it, and the axe check in CI flags it anyway.")

@lesson("TL03", "accessibility", "rejected-with-feedback", ["real <button>", "keyboard focus", "screen readers"], [
    fire_edit(f"{CONSOLE}/src/features/fleet/VehicleCard.tsx",
              "    <li className=\"card\">\n", "    <li className=\"card\" onClick={() => select(vehicle.id)}>\n",
              note="click handler on a list item"),
    fire_prompt("make the whole notification tile clickable so it marks the item as read", note="asks for a clickable tile"),
    silent_edit(f"{CONSOLE}/src/features/fleet/VehicleCard.tsx",
                "      <h3>{vehicle.plate}</h3>\n",
                "      <h3>\n        <button type=\"button\" className=\"card-link\" onClick={() => select(vehicle.id)}>{vehicle.plate}</button>\n      </h3>\n",
                note="a real button, the compliant way"),
    silent_edit(f"{CONSOLE}/src/features/fleet/VehicleCard.tsx",
                "      <img src={vehicle.photoUrl} />\n", "      <img src={vehicle.photoUrl} alt={`Photo of ${vehicle.plate}`} />\n",
                note="adding alt text nearby"),
])
def TL03():
    s = Session("TL03", CONSOLE, branch="feat/shipment-drawer", version="2.0.76", start="2025-11-18T15:02:00")
    s.prompt("clicking a row in the shipments list should open the detail drawer")
    row = ("export function ShipmentRow({ s, onOpen }: Props) {\n  return (\n    <div className=\"row\">\n      <span>{s.reference}</span>\n"
           "      <span>{s.destination}</span>\n      <StatusPill status={s.status} />\n    </div>\n  );\n}\n")
    s.read(f"{CONSOLE}/src/features/shipments/ShipmentRow.tsx", row)
    s.grep("onOpen", path=f"{CONSOLE}/src/features/shipments", files=[f"{CONSOLE}/src/features/shipments/ShipmentList.tsx",
                                                                       f"{CONSOLE}/src/features/shipments/ShipmentRow.tsx"])
    s.say("`onOpen` is already passed down from the list; I'll attach it to the row.")
    s.reject("Edit", {"file_path": f"{CONSOLE}/src/features/shipments/ShipmentRow.tsx",
                      "old_string": "    <div className=\"row\">\n",
                      "new_string": "    <div className=\"row cursor-pointer\" onClick={() => onOpen(s.id)}>\n", "replace_all": False},
             feedback=TL03_CORR)
    s.edit(f"{CONSOLE}/src/features/shipments/ShipmentRow.tsx", "      <span>{s.reference}</span>\n",
           "      <button type=\"button\" className=\"row-link\" onClick={() => onOpen(s.id)}>\n        {s.reference}\n      </button>\n", row)
    s.bash("npx vitest run src/features/shipments && npx playwright test a11y/shipments.spec.ts", "Unit tests and axe check",
           out=" Test Files  2 passed (2)\n\nRunning 2 tests using 1 worker\n  2 passed (3.8s)")
    s.say("The reference is now a `<button>` that opens the drawer, so it's reachable by Tab and announced as a button. The axe check passes.", end=True)
    return s


# -----------------------------------------------------------------------------
TL04_CORR = ("Thanks! Actually every workload we ship needs resources.requests and limits, memory especially. Without requests "
             "the scheduler stacks pods onto one node and the renderer gets OOM-killed at 3am. Copy what notify does.")

@lesson("TL04", "kubernetes-helm", "thanks-actually", ["resources.requests", "OOM-killed", "requests and limits"], [
    fire_write(f"{CHARTS}/charts/thumbnailer/templates/cronjob.yaml",
               "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: {{ include \"thumbnailer.fullname\" . }}\nspec:\n  schedule: \"*/15 * * * *\"\n"
               "  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers:\n"
               "            - name: thumbnailer\n              image: \"{{ .Values.image.repository }}:{{ .Values.image.tag }}\"\n"
               "              args: [\"--batch\", \"200\"]\n",
               note="new CronJob template with no resources block"),
    fire_prompt("add a Helm chart for the webhook-relay service, same shape as the others", note="asks for a new chart"),
    silent_edit(f"{CHARTS}/charts/notify/values.yaml", "    memory: 256Mi\n", "    memory: 384Mi\n", note="raising an existing memory figure"),
    silent_bash("helm lint charts/pdf-renderer && helm template charts/pdf-renderer | kubeconform -strict",
                "Lint and validate the chart", note="chart validation"),
])
def TL04():
    s = Session("TL04", CHARTS, branch="feat/pdf-renderer", version="2.1.31", start="2026-01-21T16:40:00")
    s.prompt("add a chart for pdf-renderer: one Deployment + Service on port 8080, image ghcr.io/acme/pdf-renderer, tag 1.8.2")
    s.glob("charts/*/Chart.yaml", [f"{CHARTS}/charts/notify/Chart.yaml", f"{CHARTS}/charts/gateway/Chart.yaml"])
    s.write(f"{CHARTS}/charts/pdf-renderer/Chart.yaml", "apiVersion: v2\nname: pdf-renderer\nversion: 0.1.0\nappVersion: \"1.8.2\"\n")
    s.write(f"{CHARTS}/charts/pdf-renderer/values.yaml",
            "replicaCount: 2\nimage:\n  repository: ghcr.io/acme/pdf-renderer\n  tag: \"1.8.2\"\nservice:\n  port: 8080\n")
    s.write(f"{CHARTS}/charts/pdf-renderer/templates/deployment.yaml",
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: pdf-renderer\nspec:\n  replicas: {{ .Values.replicaCount }}\n"
            "  template:\n    spec:\n      containers:\n        - name: pdf-renderer\n"
            "          image: \"{{ .Values.image.repository }}:{{ .Values.image.tag }}\"\n          ports:\n            - containerPort: 8080\n")
    s.bash("helm lint charts/pdf-renderer", "Lint the chart", out="==> Linting charts/pdf-renderer\n\n1 chart(s) linted, 0 chart(s) failed")
    s.say("Added `charts/pdf-renderer` with a Deployment (2 replicas) and a ClusterIP Service on 8080. `helm lint` passes.", end=True)
    s.prompt(TL04_CORR, correction=True)
    s.read(f"{CHARTS}/charts/notify/values.yaml",
           "resources:\n  requests:\n    cpu: 100m\n    memory: 192Mi\n  limits:\n    memory: 256Mi\n")
    s.edit(f"{CHARTS}/charts/pdf-renderer/values.yaml", "service:\n  port: 8080\n",
           "service:\n  port: 8080\nresources:\n  requests:\n    cpu: 250m\n    memory: 512Mi\n  limits:\n    memory: 768Mi\n",
           "replicaCount: 2\nimage:\n  repository: ghcr.io/acme/pdf-renderer\n  tag: \"1.8.2\"\nservice:\n  port: 8080\n")
    s.bash("helm template charts/pdf-renderer | grep -A4 resources", "Check rendered resources",
           out="          resources:\n            limits:\n              memory: 768Mi\n            requests:\n              cpu: 250m")
    s.say("pdf-renderer now requests 250m CPU / 512Mi and is limited to 768Mi memory (Chromium spikes), following notify's pattern.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
TL05_CORR = ("stop. never reuse a tag number in a proto, not even for a 'rename'. Old clients still send 4 as an int64 and the "
             "new code would decode garbage. Mark it `reserved 4; reserved \"customer_ref\";` and add payer_id with the next "
             "free number.")

@lesson("TL05", "protobuf", "interrupted", ["reserved", "tag number", "next free number"], [
    fire_edit(f"{PAYPROTO}/proto/payments/v1/refund.proto", "  string reason = 6;\n", "  RefundReason reason = 6;\n",
              note="changes a field's type in place"),
    fire_edit(f"{PAYPROTO}/proto/payments/v1/payout.proto", "  string iban = 3;\n  string bic = 4;\n", "  BankAccount account = 3;\n",
              note="replaces two fields, new one takes an old slot"),
    silent_edit(f"{PAYPROTO}/proto/payments/v1/payout.proto", "  google.protobuf.Timestamp paid_at = 8;\n}\n",
                "  google.protobuf.Timestamp paid_at = 8;\n  reserved 5;\n  string statement_descriptor = 9;\n}\n",
                note="reserving and appending, the compliant way"),
    silent_bash("buf lint", "Lint the protos", note="lint only"),
])
def TL05():
    s = Session("TL05", PAYPROTO, branch="feat/payer-id", version="1.0.98", start="2025-08-19T13:30:00")
    s.prompt("rename customer_ref to payer_id on Charge and make it a string (uuid), it's an int64 today")
    proto = ("syntax = \"proto3\";\n\npackage payments.v1;\n\nmessage Charge {\n  string id = 1;\n  int64 amount_minor = 2;\n"
             "  string currency = 3;\n  int64 customer_ref = 4;\n  google.protobuf.Timestamp created_at = 5;\n}\n")
    s.read(f"{PAYPROTO}/proto/payments/v1/charge.proto", proto)
    s.edit(f"{PAYPROTO}/proto/payments/v1/charge.proto", "  int64 customer_ref = 4;\n", "  string payer_id = 4;\n", proto)
    s.bash("buf breaking --against '.git#branch=main'", "Check for breaking changes", code=100,
           out="proto/payments/v1/charge.proto:9:3:Field \"4\" with name \"payer_id\" on message \"Charge\" changed type from \"int64\" to \"string\".\n"
               "proto/payments/v1/charge.proto:9:3:Field \"4\" on message \"Charge\" changed name from \"customer_ref\" to \"payer_id\".")
    s.say("buf flags the type change, which is expected for this rename. Regenerating the stubs.")
    s.interrupt_tool("Bash", {"command": "buf generate", "description": "Regenerate Go and TS stubs"})
    s.prompt(TL05_CORR, correction=True)
    s.edit(f"{PAYPROTO}/proto/payments/v1/charge.proto", "  string payer_id = 4;\n  google.protobuf.Timestamp created_at = 5;\n}\n",
           "  reserved 4;\n  reserved \"customer_ref\";\n  google.protobuf.Timestamp created_at = 5;\n  string payer_id = 6;\n}\n",
           proto.replace("  int64 customer_ref = 4;\n", "  string payer_id = 4;\n"))
    s.bash("buf lint && buf breaking --against '.git#branch=main' && buf generate", "Lint, breaking check, generate",
           out="")
    s.say("Field 4 and the name `customer_ref` are reserved, and `payer_id` is field 6. `buf breaking` is clean and the stubs are regenerated.", end=True)
    return s


# -----------------------------------------------------------------------------
TL06_CORR = ("why did you fit the scaler on all of X before the split? that leaks the test rows' means and variances into "
             "training, so the AUC we report is optimistic. Split first and fit preprocessing on the train part only — put "
             "the StandardScaler and the model in one sklearn Pipeline so it can't happen by accident.")

@lesson("TL06", "ml-leakage", "question-pushback", ["Pipeline", "fit preprocessing on the train part only", "leaks"], [
    fire_edit(f"{CHURN}/src/churn/features.py", "def add_tenure_buckets(df):\n",
              "def impute_income(df):\n    df[\"income\"] = df[\"income\"].fillna(df[\"income\"].median())\n    return df\n\n\ndef add_tenure_buckets(df):\n",
              note="median imputation over the whole frame"),
    fire_prompt("reduce the 300 embedding dims with PCA before we train the gradient boosting model", note="asks for another fitted transform"),
    silent_edit(f"{CHURN}/src/churn/train.py", "model.fit(X_train, y_train)\n",
                "pipe = make_pipeline(SimpleImputer(strategy=\"median\"), StandardScaler(), LogisticRegression(max_iter=1000))\npipe.fit(X_train, y_train)\n",
                note="pipeline fitted on the train split, the compliant way"),
    silent_edit(f"{CHURN}/configs/base.yaml", "test_size: 0.2\n", "test_size: 0.25\n", note="config tweak"),
])
def TL06():
    s = Session("TL06", CHURN, branch="exp/scaling", version="2.0.14", start="2025-09-02T09:45:00")
    s.prompt("add feature scaling before the logistic regression in train.py, the coefficients are all over the place")
    tr = ("df = load_features(cfg.features_path)\nX, y = df.drop(columns=[\"churned\"]), df[\"churned\"]\n"
          "X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=cfg.test_size, stratify=y, random_state=cfg.seed)\n"
          "model = LogisticRegression(max_iter=1000)\nmodel.fit(X_train, y_train)\n")
    s.read(f"{CHURN}/src/churn/train.py", tr)
    s.edit(f"{CHURN}/src/churn/train.py", "X, y = df.drop(columns=[\"churned\"]), df[\"churned\"]\n",
           "X, y = df.drop(columns=[\"churned\"]), df[\"churned\"]\nX = StandardScaler().fit_transform(X)\n", tr)
    s.bash("python -m churn.train --config configs/base.yaml", "Retrain",
           out="[train] rows=184203 features=41\n[eval] test AUC 0.871  recall@0.5 0.63")
    s.say("Scaled the features with `StandardScaler`; the coefficients are comparable now and test AUC is 0.871.", end=True)
    s.prompt(TL06_CORR, correction=True)
    s.edit(f"{CHURN}/src/churn/train.py",
           "X = StandardScaler().fit_transform(X)\n", "",
           tr.replace("X, y = df.drop(columns=[\"churned\"]), df[\"churned\"]\n",
                      "X, y = df.drop(columns=[\"churned\"]), df[\"churned\"]\nX = StandardScaler().fit_transform(X)\n"))
    s.edit(f"{CHURN}/src/churn/train.py", "model = LogisticRegression(max_iter=1000)\nmodel.fit(X_train, y_train)\n",
           "model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))\nmodel.fit(X_train, y_train)\n", tr)
    s.bash("python -m churn.train --config configs/base.yaml", "Retrain",
           out="[train] rows=184203 features=41\n[eval] test AUC 0.864  recall@0.5 0.62")
    s.say("The scaler now lives in a `make_pipeline(...)` with the model and only sees `X_train`. The honest AUC is 0.864 (0.007 lower).", end=True)
    return s


# -----------------------------------------------------------------------------
TL07_CORR = ("no, customer_id can't be a Prometheus label. Every distinct value becomes its own time series; we have 2M "
             "customers and that's exactly how we took Prometheus down last year with the raw URL path. Keep labels to "
             "small fixed sets (provider, error reason) and put the customer in the structured log / trace span instead.")

@lesson("TL07", "metrics-cardinality", "plain-no", ["own time series", "small fixed sets", "structured log"], [
    fire_edit(f"{NOTIFY}/notify/email/metrics.py",
              "BOUNCES = Counter(\"email_bounces_total\", \"Hard and soft bounces\", [\"kind\"])\n",
              "BOUNCES = Counter(\"email_bounces_total\", \"Hard and soft bounces\", [\"kind\", \"recipient\"])\n",
              note="recipient address as a metric dimension"),
    fire_edit(f"{NOTIFY}/notify/sms/sender.py", "    SMS_LATENCY.observe(elapsed)\n",
              "    SMS_LATENCY.labels(phone=msg.to_number).observe(elapsed)\n", note="phone number as a dimension"),
    silent_edit(f"{NOTIFY}/notify/push/sender.py", "        PUSH_FAILED.labels(provider=p).inc()\n",
                "        PUSH_FAILED.labels(provider=p, reason=err.code).inc()\n        log.warning(\"push failed\", customer_id=msg.customer_id, code=err.code)\n",
                note="bounded label plus id in the log, the compliant way"),
    silent_edit(f"{NOTIFY}/notify/metrics.py", "buckets=(0.05, 0.1, 0.5, 1, 5)", "buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5)",
                note="histogram buckets"),
])
def TL07():
    s = Session("TL07", NOTIFY, branch="feat/push-failure-metrics", version="2.0.37", start="2025-10-09T14:15:00")
    s.prompt("we need to see which customers get the most push failures, add a metric for it")
    m = ("from prometheus_client import Counter, Histogram\n\nPUSH_SENT = Counter(\"push_sent_total\", \"Push notifications sent\", [\"provider\"])\n"
         "PUSH_LATENCY = Histogram(\"push_send_seconds\", \"Time to hand a push to the provider\", [\"provider\"])\n")
    s.read(f"{NOTIFY}/notify/metrics.py", m)
    s.edit(f"{NOTIFY}/notify/metrics.py", "PUSH_LATENCY = Histogram(",
           "PUSH_FAILED = Counter(\"push_failed_total\", \"Push sends that failed\", [\"provider\", \"customer_id\"])\nPUSH_LATENCY = Histogram(", m)
    snd = "    except ProviderError as err:\n        log.warning(\"push failed\", code=err.code)\n        raise\n"
    s.edit(f"{NOTIFY}/notify/push/sender.py", "        log.warning(\"push failed\", code=err.code)\n",
           "        log.warning(\"push failed\", code=err.code)\n        PUSH_FAILED.labels(provider=p, customer_id=msg.customer_id).inc()\n", snd)
    s.bash("pytest tests/test_push_sender.py -q", "Run sender tests", out="......                                                                   [100%]\n6 passed in 0.37s")
    s.say("Added `push_failed_total{provider, customer_id}`; a Grafana `topk(10, ...)` will show the customers with the most failures.", end=True)
    s.prompt(TL07_CORR, correction=True)
    s.edit(f"{NOTIFY}/notify/metrics.py", "[\"provider\", \"customer_id\"]", "[\"provider\", \"reason\"]",
           m.replace("PUSH_LATENCY = Histogram(", "PUSH_FAILED = Counter(\"push_failed_total\", \"Push sends that failed\", [\"provider\", \"customer_id\"])\nPUSH_LATENCY = Histogram("))
    s.bash("pytest tests/test_push_sender.py -q", "Run sender tests", out="......                                                                   [100%]\n6 passed in 0.35s")
    s.say("The counter is labelled by provider and reason only. The customer id goes into the `push failed` log event, so a Loki query can rank customers instead.", end=True)
    return s


# -----------------------------------------------------------------------------
TL08_CORR = ("Actually, in this repo task arguments are always plain ids, never model instances. The broker serialises with "
             "JSON, and even with pickle the worker would get a stale copy from before the transaction committed. Pass "
             "invoice.pk, load it inside the task, and enqueue with transaction.on_commit.")

@lesson("TL08", "celery-tasks", "polite-actually", ["plain ids", "transaction.on_commit", "stale copy"], [
    fire_edit(f"{INVOICER}/billing/signals.py", "    if created:\n        pass\n",
              "    if created:\n        sync_to_xero.delay(payment)\n", note="passing an object to .delay"),
    fire_edit(f"{INVOICER}/customers/signup.py", "    form.save()\n",
              "    customer = form.save()\n    send_welcome_pack.apply_async(args=[customer], countdown=600)\n",
              note="passing an object to apply_async"),
    silent_edit(f"{INVOICER}/customers/signup.py", "    form.save()\n",
                "    customer = form.save()\n    transaction.on_commit(lambda: send_welcome_pack.delay(customer.pk))\n",
                note="pk after commit, the compliant way"),
    silent_edit(f"{INVOICER}/billing/tasks.py", "@shared_task\ndef email_invoice(invoice_id):\n",
                "@shared_task(autoretry_for=(SMTPException,), retry_backoff=True, max_retries=5)\ndef email_invoice(invoice_id):\n",
                note="retry settings on a task"),
])
def TL08():
    s = Session("TL08", INVOICER, branch="feat/async-invoice-email", version="2.1.9", start="2026-01-14T10:50:00")
    s.prompt("when an invoice is finalised, email the pdf in the background instead of inline, the finalise button takes 6s")
    svc = ("def finalise(invoice):\n    invoice.status = Invoice.Status.FINAL\n    invoice.save(update_fields=[\"status\"])\n"
           "    pdf = render_invoice_pdf(invoice)\n    send_invoice_email(invoice.customer.email, pdf)\n")
    s.read(f"{INVOICER}/billing/services.py", svc)
    s.write(f"{INVOICER}/billing/tasks.py",
            "from celery import shared_task\n\n\n@shared_task\ndef email_invoice(invoice):\n    pdf = render_invoice_pdf(invoice)\n"
            "    send_invoice_email(invoice.customer.email, pdf)\n")
    s.edit(f"{INVOICER}/billing/services.py",
           "    pdf = render_invoice_pdf(invoice)\n    send_invoice_email(invoice.customer.email, pdf)\n",
           "    email_invoice.delay(invoice)\n", svc)
    s.bash("pytest billing -q", "Run billing tests", out="..................                                                       [100%]\n18 passed in 2.41s")
    s.say("Finalising now enqueues `email_invoice` and returns straight away. Tests pass (they run Celery eagerly).", end=True)
    s.prompt(TL08_CORR, correction=True)
    s.write(f"{INVOICER}/billing/tasks.py",
            "from celery import shared_task\n\n\n@shared_task\ndef email_invoice(invoice_id):\n    invoice = Invoice.objects.select_related(\"customer\").get(pk=invoice_id)\n"
            "    pdf = render_invoice_pdf(invoice)\n    send_invoice_email(invoice.customer.email, pdf)\n",
            original="from celery import shared_task\n\n\n@shared_task\ndef email_invoice(invoice):\n    pdf = render_invoice_pdf(invoice)\n"
                     "    send_invoice_email(invoice.customer.email, pdf)\n")
    s.edit(f"{INVOICER}/billing/services.py", "    email_invoice.delay(invoice)\n",
           "    transaction.on_commit(lambda: email_invoice.delay(invoice.pk))\n",
           svc.replace("    pdf = render_invoice_pdf(invoice)\n    send_invoice_email(invoice.customer.email, pdf)\n", "    email_invoice.delay(invoice)\n"))
    s.bash("pytest billing -q", "Run billing tests", out="..................                                                       [100%]\n18 passed in 2.38s")
    s.say("The task takes `invoice_id` and loads the invoice itself, and it's enqueued from `transaction.on_commit`.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
TL09_CORR = ("no. The token never goes into localStorage — any XSS or sketchy third-party script can read it from there. "
             "The API already sets an httpOnly refresh cookie; call /auth/refresh on load and keep the access token in "
             "memory only.")

@lesson("TL09", "browser-auth", "rejected-then-instruction", ["httpOnly", "in memory only", "any XSS"], [
    fire_edit(f"{CONSOLE}/src/lib/http.ts", "  const body = await res.json();\n",
              "  const body = await res.json();\n  sessionStorage.setItem(\"jwt\", body.bearer);\n", note="bearer into sessionStorage"),
    fire_prompt("remember the user's login between visits so they don't have to sign in each morning", note="asks for persistent login"),
    silent_edit(f"{CONSOLE}/src/auth/session.ts", "export async function restore() {\n",
                "export async function restore() {\n  const res = await fetch(\"/auth/refresh\", { method: \"POST\", credentials: \"include\" });\n",
                note="refresh via the cookie, the compliant way"),
])
def TL09():
    s = Session("TL09", CONSOLE, branch="fix/logout-on-refresh", version="2.0.76", start="2025-11-25T09:30:00")
    s.prompt("people get logged out on every page refresh, keep them signed in")
    sess = ("let accessToken: string | null = null;\n\nexport function setToken(t: string) {\n  accessToken = t;\n}\n\n"
            "export function getToken() {\n  return accessToken;\n}\n")
    s.read(f"{CONSOLE}/src/auth/session.ts", sess)
    s.say("The token only lives in a module variable, so a reload loses it. I'll persist it.")
    s.reject("Edit", {"file_path": f"{CONSOLE}/src/auth/session.ts", "old_string": "  accessToken = t;\n",
                      "new_string": "  accessToken = t;\n  localStorage.setItem(\"atlas.token\", t);\n", "replace_all": False})
    s.prompt(TL09_CORR, correction=True)
    s.edit(f"{CONSOLE}/src/auth/session.ts", "export function getToken() {\n",
           "export async function restore() {\n  const res = await fetch(\"/auth/refresh\", { method: \"POST\", credentials: \"include\" });\n"
           "  if (res.ok) setToken((await res.json()).accessToken);\n}\n\nexport function getToken() {\n", sess)
    s.bash("npx vitest run src/auth", "Run auth tests", out=" Test Files  2 passed (2)\n      Tests  7 passed (7)")
    s.say("On startup the app calls `restore()`, which hits `/auth/refresh` with the httpOnly cookie and keeps the new access token in memory only.", end=True)
    return s


# -----------------------------------------------------------------------------
TL10_CORR = ("no unwrap() in the agent's library code please. A typo in someone's config should come back as a readable "
             "error, not a panic with a backtrace that takes the whole daemon down. Use ? and map it into our ConfigError "
             "(thiserror); unwrap is only ok in tests.")

@lesson("TL10", "rust-errors", "plain-no", ["ConfigError", "not a panic", "unwrap is only ok in tests"], [
    fire_edit(f"{TERN}/src/collector/memory.rs", "    let raw = fs::read_to_string(\"/proc/meminfo\")?;\n",
              "    let raw = fs::read_to_string(\"/proc/meminfo\").expect(\"meminfo present\");\n", note="expect() on I/O"),
    fire_write(f"{TERN}/src/sink/http.rs",
               "pub fn build(url: &str, timeout_ms: &str) -> HttpSink {\n    let url = Url::parse(url).unwrap();\n"
               "    let timeout = Duration::from_millis(timeout_ms.parse().unwrap());\n    HttpSink { url, timeout }\n}\n",
               note="new module with unwraps"),
    silent_edit(f"{TERN}/src/sink/http.rs", "    let url = Url::parse(url)?;\n",
                "    let url = Url::parse(url).map_err(|e| ConfigError::SinkUrl(url.to_string(), e))?;\n",
                note="map_err + ?, the compliant way"),
    silent_edit(f"{TERN}/tests/config_test.rs", "    let cfg = load(\"fixtures/min.toml\").unwrap();\n",
                "    let cfg = load(\"fixtures/min.toml\").unwrap();\n    assert_eq!(cfg.interval_secs, 30);\n",
                note="unwrap inside a test, which the user allows"),
])
def TL10():
    s = Session("TL10", TERN, branch="feat/listen-addr", version="2.0.14", start="2025-09-16T17:05:00")
    s.prompt("read the listen address from the config instead of hardcoding 0.0.0.0:9400")
    cfg = ("#[derive(Deserialize)]\nstruct RawConfig {\n    listen: Option<String>,\n}\n\npub fn listen_addr(raw: &RawConfig) -> SocketAddr {\n"
           "    \"0.0.0.0:9400\".parse().unwrap()\n}\n")
    s.read(f"{TERN}/src/config.rs", cfg)
    s.edit(f"{TERN}/src/config.rs", "    \"0.0.0.0:9400\".parse().unwrap()\n",
           "    raw.listen.as_deref().unwrap_or(\"0.0.0.0:9400\").parse().unwrap()\n", cfg)
    s.bash("cargo build 2>&1 | tail -2", "Build", out="   Compiling tern-agent v0.7.2 (/home/kofi/src/tern-agent)\n    Finished dev [unoptimized + debuginfo] target(s) in 7.91s")
    s.say("`listen_addr` reads `listen` from the config and falls back to 0.0.0.0:9400.", end=True)
    s.prompt(TL10_CORR, correction=True)
    s.edit(f"{TERN}/src/config.rs",
           "pub fn listen_addr(raw: &RawConfig) -> SocketAddr {\n    raw.listen.as_deref().unwrap_or(\"0.0.0.0:9400\").parse().unwrap()\n}\n",
           "pub fn listen_addr(raw: &RawConfig) -> Result<SocketAddr, ConfigError> {\n    let s = raw.listen.as_deref().unwrap_or(\"0.0.0.0:9400\");\n"
           "    s.parse().map_err(|e| ConfigError::Listen(s.to_string(), e))\n}\n",
           cfg.replace("    \"0.0.0.0:9400\".parse().unwrap()\n", "    raw.listen.as_deref().unwrap_or(\"0.0.0.0:9400\").parse().unwrap()\n"))
    s.bash("cargo clippy -- -D warnings 2>&1 | tail -1 && cargo test -q 2>&1 | tail -2", "Clippy and tests",
           out="    Finished dev [unoptimized + debuginfo] target(s) in 3.02s\ntest result: ok. 24 passed; 0 failed; 0 ignored")
    s.say("`listen_addr` returns `Result<SocketAddr, ConfigError>`; a bad address now gives `invalid listen address \"...\"` instead of a panic.", end=True)
    return s
