"""gen-holdout-3: lessons about code (Airflow DAG parsing, TLS verification, Angular subscriptions, Go request
contexts, panics in Rust handlers, Rails index migrations, Laravel env(), Phoenix contexts, metric label cardinality)."""
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
    silent_write,
)

DAGS = "/home/amaru/airflow-dags"
VS = "/home/noor/src/vendor-sync"
FP = "/home/elif/work/fleet-portal"
LED = "/home/kofi/go/src/github.com/tideline/ledger-api"
PR = "/home/ines/code/parcel-router"
SF = "/home/dana/src/shopfront"
CB = "/home/mateo/projects/clinic-booking"
HIVE = "/home/yuki/dev/hive"
CG = "/home/raj/svc/checkout-gateway"


# -----------------------------------------------------------------------------
H3L08_CORR = ("Actually, a DAG file can't do anything expensive at module level: no Variable.get, no HTTP calls, no DB queries. "
              "The scheduler re-parses every DAG file every 30 seconds, so those two lines at the top would hit Vault and the "
              "shop API thousands of times a day and slow down parsing for every other DAG. Read the token inside the task "
              "(or template it, {{ var.value.shop_api_token }}), and get the channels from an upstream task with .expand().")

DAG_V1 = ("from datetime import datetime\n\nimport requests\nfrom airflow.decorators import dag, task\nfrom airflow.models import Variable\n\n"
          "from lake.s3 import upload_jsonl\n\nAPI = \"https://api.shop.internal/v2\"\nTOKEN = Variable.get(\"shop_api_token\")\n"
          "CHANNELS = requests.get(f\"{API}/channels\", headers={\"Authorization\": f\"Bearer {TOKEN}\"}, timeout=10).json()\n\n\n"
          "@dag(schedule=\"0 2 * * *\", start_date=datetime(2025, 12, 1), catchup=False, tags=[\"shop\", \"raw\"])\n"
          "def shop_orders_daily():\n    @task\n    def extract(channel: str, ds=None):\n"
          "        resp = requests.get(f\"{API}/orders\", params={\"channel\": channel, \"date\": ds},\n"
          "                            headers={\"Authorization\": f\"Bearer {TOKEN}\"}, timeout=60)\n        resp.raise_for_status()\n"
          "        upload_jsonl(f\"s3://lake-raw/shop/orders/channel={channel}/dt={ds}/orders.jsonl\", resp.json()[\"orders\"])\n\n"
          "    for ch in CHANNELS:\n        extract.override(task_id=f\"extract_{ch['code']}\")(ch[\"code\"])\n\n\nshop_orders_daily()\n")
DAG_V2 = ("from datetime import datetime\n\nimport requests\nfrom airflow.decorators import dag, task\nfrom airflow.models import Variable\n\n"
          "from lake.s3 import upload_jsonl\n\nAPI = \"https://api.shop.internal/v2\"\n\n\n"
          "def _headers() -> dict:\n    return {\"Authorization\": f\"Bearer {Variable.get('shop_api_token')}\"}\n\n\n"
          "@dag(schedule=\"0 2 * * *\", start_date=datetime(2025, 12, 1), catchup=False, tags=[\"shop\", \"raw\"])\n"
          "def shop_orders_daily():\n    @task\n    def channels() -> list[str]:\n"
          "        resp = requests.get(f\"{API}/channels\", headers=_headers(), timeout=10)\n        resp.raise_for_status()\n"
          "        return [c[\"code\"] for c in resp.json()]\n\n    @task\n    def extract(channel: str, ds=None):\n"
          "        resp = requests.get(f\"{API}/orders\", params={\"channel\": channel, \"date\": ds}, headers=_headers(), timeout=60)\n"
          "        resp.raise_for_status()\n"
          "        upload_jsonl(f\"s3://lake-raw/shop/orders/channel={channel}/dt={ds}/orders.jsonl\", resp.json()[\"orders\"])\n\n"
          "    extract.expand(channel=channels())\n\n\nshop_orders_daily()\n")

@lesson("H3L08", "airflow-dags", "polite-actually", ["module level", "re-parses", "inside the task"], [
    fire_edit(f"{DAGS}/dags/crm_contacts_sync.py", "from airflow.models import Variable\n",
              "from airflow.models import Variable\n\nHUBSPOT_KEY = Variable.get(\"hubspot_private_app_token\")\n",
              note="Variable read at import time in another DAG"),
    fire_prompt("make the supplier import pipeline build one loader per supplier, fetching the names from the postgres "
                "suppliers table whenever the definition is imported",
                note="asks for a database query at parse time, no shared words"),
    silent_prompt("why does shop_orders_daily sit in queued for ten minutes before the first extract starts?",
                  note="scheduling question about the same DAG"),
    silent_write(f"{DAGS}/dags/crm_contacts_sync.py",
                 "from datetime import datetime\n\nfrom airflow.decorators import dag, task\nfrom airflow.models import Variable\n\n"
                 "from crm.hubspot import HubSpot\n\n\n@dag(schedule=\"@hourly\", start_date=datetime(2025, 12, 1), catchup=False)\n"
                 "def crm_contacts_sync():\n    @task\n    def sync(data_interval_start=None):\n"
                 "        client = HubSpot(Variable.get(\"hubspot_private_app_token\"))\n        client.export_contacts(since=data_interval_start)\n\n"
                 "    sync()\n\n\ncrm_contacts_sync()\n",
                 note="compliant: Variable read inside the task"),
])
def H3L08():
    s = Session("H3L08", DAGS, branch="feat/shop-orders", version="2.1.7", start="2025-12-08T10:30:00")
    s.prompt("new DAG: every night pull yesterday's orders from the shop API into s3://lake-raw/shop/orders/, one task per sales channel")
    s.glob("dags/*.py", [f"{DAGS}/dags/crm_contacts_sync.py", f"{DAGS}/dags/fx_rates_daily.py", f"{DAGS}/dags/ads_spend.py"])
    path = f"{DAGS}/dags/shop_orders_daily.py"
    s.write(path, DAG_V1)
    s.bash("airflow dags test shop_orders_daily 2025-12-07 2>&1 | tail -2", "Test run",
           out="[2025-12-08T10:34:51.208+0000] {dagrun.py:854} INFO - Marking run <DagRun shop_orders_daily @ 2025-12-07 00:00:00+00:00: "
               "manual__2025-12-07T00:00:00+00:00, state:running, queued_at: None. externally triggered: False> successful")
    s.say("Added `shop_orders_daily`: one extract task per channel (web, app, marketplace), each writing JSONL under "
          "`s3://lake-raw/shop/orders/channel=.../dt=.../`. The test run succeeds.", end=True)
    s.prompt(H3L08_CORR, correction=True)
    s.write(path, DAG_V2, original=DAG_V1)
    s.bash("time python dags/shop_orders_daily.py && airflow dags list-import-errors", "Parse time and import errors",
           out="real\t0m0.412s\nuser\t0m0.371s\nsys\t0m0.040s\nNo data found")
    s.say("Nothing runs at import any more: the token is read inside the tasks via `_headers()`, and the channel list comes from "
          "an upstream `channels` task that `extract.expand()` maps over. Parsing the file takes 0.4s with no network calls.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L09_CORR = ("no. we never switch off certificate verification, internal hosts included: that's exactly how someone on the "
              "network reads the API tokens. The internal services are signed by our own CA, so point the client at "
              "/etc/pki/corp/ca-bundle.pem (verify=settings.CA_BUNDLE, or REQUESTS_CA_BUNDLE in the unit file).")

INV = ("    def stock(self) -> list[dict]:\n        resp = self._s.get(f\"{self.base_url}/api/v2/stock\", timeout=30)\n"
       "        resp.raise_for_status()\n        return resp.json()[\"items\"]\n")

@lesson("H3L09", "tls-verification", "plain-no", ["certificate verification", "our own CA", "ca-bundle.pem"], [
    fire_bash("curl -k https://billing.int.acme.net/health", "Check billing health", note="curl -k, no shared words"),
    fire_edit(f"{VS}/vendor_sync/clients/pricing.py", "        self._http = httpx.Client(base_url=base_url, timeout=15)\n",
              "        self._http = httpx.Client(base_url=base_url, timeout=15, verify=False)\n", note="verify=False in another client"),
    silent_edit(f"{VS}/vendor_sync/clients/pricing.py", "        self._http = httpx.Client(base_url=base_url, timeout=15)\n",
                "        self._http = httpx.Client(base_url=base_url, timeout=15, verify=settings.CA_BUNDLE)\n",
                note="compliant: corp CA bundle"),
    silent_bash("openssl s_client -connect inventory.int.acme.net:443 -servername inventory.int.acme.net "
                "-CAfile /etc/pki/corp/ca-bundle.pem </dev/null 2>/dev/null | grep 'Verify return code'",
                "Check the chain against the corp CA", note="diagnosing the certificate chain"),
])
def H3L09():
    s = Session("H3L09", VS, branch="fix/inventory-ssl", version="2.0.37", start="2025-10-28T14:20:00")
    s.prompt("the nightly sync started failing against the new internal inventory API, traceback is in logs/sync-2025-10-28.log")
    s.bash("tail -3 logs/sync-2025-10-28.log", "Last lines of the log",
           out="requests.exceptions.SSLError: HTTPSConnectionPool(host='inventory.int.acme.net', port=443): Max retries exceeded with url: "
               "/api/v2/stock (Caused by SSLError(SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: "
               "unable to get local issuer certificate (_ssl.c:1006)')))")
    path = f"{VS}/vendor_sync/clients/inventory.py"
    s.read(path, INV, offset=22, limit=4, total=61)
    s.edit(path, "        resp = self._s.get(f\"{self.base_url}/api/v2/stock\", timeout=30)\n",
           "        resp = self._s.get(f\"{self.base_url}/api/v2/stock\", timeout=30, verify=False)\n", INV)
    s.bash("python -m vendor_sync --only inventory --dry-run", "Dry run the inventory sync",
           out="InsecureRequestWarning: Unverified HTTPS request is being made to host 'inventory.int.acme.net'. Adding certificate "
               "verification is strongly advised.\nfetched 18234 stock rows (dry run)")
    s.say("The new inventory host has a certificate our client doesn't trust; with verification skipped the sync fetches all 18,234 rows again.", end=True)
    s.prompt(H3L09_CORR, correction=True)
    s.edit(path, "timeout=30, verify=False)\n", "timeout=30, verify=settings.CA_BUNDLE)\n",
           INV.replace("timeout=30)\n", "timeout=30, verify=False)\n"))
    s.bash("python -m vendor_sync --only inventory --dry-run", "Dry run with the corp CA bundle", out="fetched 18234 stock rows (dry run)")
    s.say("The client verifies against `settings.CA_BUNDLE` (`/etc/pki/corp/ca-bundle.pem`) now; the dry run works with no warning.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L10_CORR = ("Could you not subscribe by hand in components? We keep the observable as a field (status$) and use the async "
              "pipe in the template, so Angular unsubscribes when the component is destroyed. Those detail pages are opened "
              "and closed all day and manual subscriptions were leaking websocket listeners before. If you really need the "
              "value in code, pipe it through takeUntilDestroyed().")

VD = ("export class VehicleDetailComponent implements OnInit {\n  private route = inject(ActivatedRoute);\n"
      "  private vehicles = inject(VehicleService);\n\n  vehicleId!: string;\n\n  ngOnInit(): void {\n"
      "    this.vehicleId = this.route.snapshot.paramMap.get('id')!;\n  }\n}\n")

@lesson("H3L10", "angular-rxjs", "polite-preference", ["async pipe", "takeUntilDestroyed", "subscribe by hand"], [
    fire_edit(f"{FP}/src/app/alerts/alert-banner.component.ts", "  ngOnInit(): void {\n  }\n",
              "  ngOnInit(): void {\n    this.alerts.active$.subscribe((list) => (this.active = list));\n  }\n",
              note="manual subscribe in another component"),
    fire_prompt("on the fleet map, move each marker whenever PositionService.stream() emits; wire it up in ngAfterViewInit",
                note="invites a hand-written subscription to an endless stream in a component, no shared words"),
    silent_edit(f"{FP}/src/app/vehicles/vehicle-detail/vehicle-detail.component.html",
                "<app-status-badge [status]=\"status\" />\n",
                "@if (status$ | async; as status) {\n  <app-status-badge [status]=\"status\" />\n}\n", note="compliant async pipe"),
    silent_edit(f"{FP}/src/app/vehicles/vehicle.service.ts",
                "    return this.socket.on<VehicleStatus>(`vehicle/${id}/status`);\n",
                "    return this.socket.on<VehicleStatus>(`vehicle/${id}/status`).pipe(shareReplay({ bufferSize: 1, refCount: true }));\n",
                note="service-side operator, no subscription"),
])
def H3L10():
    s = Session("H3L10", FP, branch="feat/live-status", version="2.1.9", start="2026-01-09T13:15:00")
    s.prompt("show the vehicle's live status (moving / idle / offline) on the detail page. VehicleService.status$(id) already streams it")
    path = f"{FP}/src/app/vehicles/vehicle-detail/vehicle-detail.component.ts"
    s.read(path, VD, offset=12, limit=10, total=21)
    v1 = s.edit(path, "  vehicleId!: string;\n", "  vehicleId!: string;\n  status?: VehicleStatus;\n", VD)
    v2 = s.edit(path, "    this.vehicleId = this.route.snapshot.paramMap.get('id')!;\n",
                "    this.vehicleId = this.route.snapshot.paramMap.get('id')!;\n"
                "    this.vehicles.status$(this.vehicleId).subscribe((s) => (this.status = s));\n", v1)
    html = "<h2>{{ vehicleId }}</h2>\n"
    s.edit(f"{FP}/src/app/vehicles/vehicle-detail/vehicle-detail.component.html", html,
           html + "<app-status-badge [status]=\"status\" />\n", html)
    s.bash("npx ng test --watch=false --include src/app/vehicles", "Run vehicle tests",
           out="Chrome Headless 131.0.0.0 (Linux x86_64): Executed 14 of 14 SUCCESS (0.61 secs / 0.522 secs)\nTOTAL: 14 SUCCESS")
    s.say("The detail page shows a status badge that updates live from `status$`. Tests pass.", end=True)
    s.prompt(H3L10_CORR, correction=True)
    v3 = s.edit(path, "  status?: VehicleStatus;\n", "  status$!: Observable<VehicleStatus>;\n", v2)
    s.edit(path, "    this.vehicles.status$(this.vehicleId).subscribe((s) => (this.status = s));\n",
           "    this.status$ = this.vehicles.status$(this.vehicleId);\n", v3)
    s.bash("npx ng test --watch=false --include src/app/vehicles", "Re-run",
           out="Chrome Headless 131.0.0.0 (Linux x86_64): Executed 14 of 14 SUCCESS (0.58 secs / 0.497 secs)\nTOTAL: 14 SUCCESS")
    s.say("The component only exposes `status$` now, and the template renders it with `status$ | async`, so Angular drops the "
          "subscription when you leave the page.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L11_CORR = ("no, don't start from context.Background() in a handler. derive it from r.Context(): if the client goes away or "
              "the gateway gives up, the request context is cancelled and the query stops with it. From Background it keeps "
              "running on the replica, and you drop the trace span and request id the middleware put on the context.")

BAL = ("func (h *Handler) GetBalance(w http.ResponseWriter, r *http.Request) {\n\tid := chi.URLParam(r, \"id\")\n"
       "\tbal, err := h.store.Balance(r.Context(), id)\n\tif err != nil {\n\t\th.fail(w, r, err)\n\t\treturn\n\t}\n"
       "\twriteJSON(w, http.StatusOK, bal)\n}\n")

@lesson("H3L11", "go-http", "plain-no", ["r.Context()", "context.Background()", "request context"], [
    fire_prompt("the statement export endpoint needs a fresh 10s budget of its own for the CSV select, independent of the incoming call's deadline",
                note="asks for a deadline detached from the request, no shared words"),
    fire_write(f"{LED}/internal/http/sessions.go",
               "package http\n\nimport (\n\t\"context\"\n\t\"net/http\"\n)\n\n"
               "func (h *Handler) GetSession(w http.ResponseWriter, r *http.Request) {\n\ttoken := r.Header.Get(\"X-Session\")\n"
               "\tsess, err := h.redis.Get(context.Background(), \"sess:\"+token).Result()\n\tif err != nil {\n"
               "\t\thttp.Error(w, \"unknown session\", http.StatusUnauthorized)\n\t\treturn\n\t}\n\twriteJSON(w, http.StatusOK, sess)\n}\n",
               note="new handler built on context.Background()"),
    silent_edit(f"{LED}/internal/http/balance.go", "\tbal, err := h.store.Balance(r.Context(), id)\n",
                "\tctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)\n\tdefer cancel()\n\tbal, err := h.store.Balance(ctx, id)\n",
                note="compliant: timeout derived from the request"),
    silent_edit(f"{LED}/cmd/ledger-api/main.go", "\tctx := context.Background()\n",
                "\tctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)\n\tdefer stop()\n",
                note="root context in main, not a handler"),
])
def H3L11():
    s = Session("H3L11", LED, branch="perf/balance-timeout", version="2.1.31", start="2026-01-30T09:45:00")
    s.prompt("GET /accounts/{id}/balance sometimes hangs 30s+ when the replica is busy. give the db query a 2s timeout and return 503 when it hits")
    path = f"{LED}/internal/http/balance.go"
    s.read(path, BAL, offset=14, limit=9, total=40)
    v1 = s.edit(path, "\tbal, err := h.store.Balance(r.Context(), id)\n\tif err != nil {\n",
                "\tctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)\n\tdefer cancel()\n"
                "\tbal, err := h.store.Balance(ctx, id)\n\tif errors.Is(err, context.DeadlineExceeded) {\n"
                "\t\thttp.Error(w, \"balance temporarily unavailable\", http.StatusServiceUnavailable)\n\t\treturn\n\t}\n\tif err != nil {\n", BAL)
    s.bash("go test ./internal/http/ -run Balance", "Run balance tests", out="ok  \tgithub.com/tideline/ledger-api/internal/http\t0.412s")
    s.say("The balance query now gets 2 seconds; on timeout the handler returns 503. Tests pass.", end=True)
    s.prompt(H3L11_CORR, correction=True)
    s.edit(path, "\tctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)\n",
           "\tctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)\n", v1)
    s.bash("go test ./internal/http/ -run Balance -v 2>&1 | tail -4", "Re-run with the new cancellation test",
           out="=== RUN   TestGetBalance_ClientGone\n--- PASS: TestGetBalance_ClientGone (0.01s)\nPASS\nok  \tgithub.com/tideline/ledger-api/internal/http\t0.398s")
    s.say("The timeout wraps `r.Context()` now, so a disconnect cancels the query and the trace/request ID carry through. "
          "I added a test that cancels the request mid-query.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H3L12_CORR = ("please no unwrap()/expect() in handler code. one bad postcode panics the task, the client just gets a dropped "
              "connection instead of a 400. return Result<Json<_>, AppError> and use ?, AppError in src/error.rs already maps "
              "to the right status codes (add a variant if one's missing).")

QUOTE_BAD = ("use axum::{extract::State, Json};\nuse serde::{Deserialize, Serialize};\n\nuse crate::{postcode::Postcode, AppState};\n\n"
             "#[derive(Deserialize)]\npub struct QuoteRequest {\n    postcode: String,\n    weight_g: u32,\n}\n\n"
             "#[derive(Serialize)]\npub struct QuoteResponse {\n    zone: String,\n    price_cents: u32,\n}\n\n"
             "pub async fn quote(State(state): State<AppState>, Json(req): Json<QuoteRequest>) -> Json<QuoteResponse> {\n"
             "    let postcode: Postcode = req.postcode.parse().unwrap();\n    let zone = state.zones.lookup(&postcode).await.unwrap();\n"
             "    let price_cents = state.tariff.price(&zone, req.weight_g).expect(\"no tariff for zone\");\n"
             "    Json(QuoteResponse { zone: zone.code, price_cents })\n}\n")
ERR_RS = ("#[derive(Debug, thiserror::Error)]\npub enum AppError {\n    #[error(\"not found: {0}\")]\n    NotFound(String),\n"
          "    #[error(\"bad request: {0}\")]\n    BadRequest(String),\n    #[error(transparent)]\n    Internal(#[from] anyhow::Error),\n}\n")

@lesson("H3L12", "rust-axum", "rejected-with-feedback", ["unwrap()", "AppError", "src/error.rs"], [
    fire_edit(f"{PR}/src/routes/track.rs", "    let events = state.events.for_parcel(parcel.id).await?;\n",
              "    let events = state.events.for_parcel(parcel.id).await.unwrap();\n", note="unwrap in another route"),
    fire_prompt("if the carrier's response can't be parsed in the tracking endpoint just let it blow up, no point wrapping it",
                note="asks for a panic on bad input, no shared words"),
    silent_edit(f"{PR}/src/routes/quote.rs", "    let zone = state.zones.lookup(&postcode).await?;\n",
                "    let zone = state.zones.lookup(&postcode).await?\n        .ok_or_else(|| AppError::NotFound(format!(\"no zone for {postcode}\")))?;\n",
                note="compliant error mapping"),
    silent_edit(f"{PR}/tests/quote.rs", "    let res = app.oneshot(req).await.unwrap();\n",
                "    let res = app.oneshot(req).await.unwrap();\n    assert_eq!(res.status(), StatusCode::BAD_REQUEST);\n",
                note="test code, where unwrap is fine"),
])
def H3L12():
    s = Session("H3L12", PR, branch="feat/quote", version="2.1.7", start="2025-12-17T16:00:00")
    s.prompt("add POST /quote: takes {postcode, weight_g}, looks up the zone for the postcode and returns the price")
    s.read(f"{PR}/src/routes/mod.rs", "pub fn router(state: AppState) -> Router {\n    Router::new()\n        .route(\"/health\", get(health))\n"
           "        .route(\"/track/:id\", get(track::track))\n        .with_state(state)\n}\n")
    s.reject("Write", {"file_path": f"{PR}/src/routes/quote.rs", "content": QUOTE_BAD}, feedback=H3L12_CORR)
    s.read(f"{PR}/src/error.rs", ERR_RS, limit=10, total=38)
    s.write(f"{PR}/src/routes/quote.rs", QUOTE_BAD.replace(
        "-> Json<QuoteResponse> {\n    let postcode: Postcode = req.postcode.parse().unwrap();\n    let zone = state.zones.lookup(&postcode).await.unwrap();\n"
        "    let price_cents = state.tariff.price(&zone, req.weight_g).expect(\"no tariff for zone\");\n    Json(QuoteResponse { zone: zone.code, price_cents })\n",
        "-> Result<Json<QuoteResponse>, AppError> {\n    let postcode: Postcode = req.postcode.parse()\n"
        "        .map_err(|_| AppError::BadRequest(format!(\"invalid postcode: {}\", req.postcode)))?;\n"
        "    let zone = state.zones.lookup(&postcode).await?\n        .ok_or_else(|| AppError::NotFound(format!(\"no zone for {postcode}\")))?;\n"
        "    let price_cents = state.tariff.price(&zone, req.weight_g)\n        .ok_or_else(|| AppError::NotFound(format!(\"no tariff for zone {}\", zone.code)))?;\n"
        "    Ok(Json(QuoteResponse { zone: zone.code, price_cents }))\n"))
    s.bash("cargo test quote", "Run quote tests",
           out="running 4 tests\ntest quote::valid_postcode_returns_price ... ok\ntest quote::malformed_postcode_is_400 ... ok\n"
               "test quote::unknown_zone_is_404 ... ok\ntest quote::missing_tariff_is_404 ... ok\n\ntest result: ok. 4 passed; 0 failed; 0 ignored")
    s.say("`POST /quote` returns `Result<Json<_>, AppError>`: a malformed postcode is a 400 and an unknown zone or tariff a 404, "
          "all through the existing `AppError` variants. No unwraps in the handler.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L13_CORR = ("wait. orders has ~80M rows, a plain add_index locks writes on the table for the whole build and checkout stops "
              "taking orders. on big tables an index is always algorithm: :concurrently plus disable_ddl_transaction! in that "
              "migration. strong_migrations flags the plain version in CI anyway")

MIG = "db/migrate/20251113113412_add_index_to_orders_tracking_number.rb"
MIG_SKEL = "class AddIndexToOrdersTrackingNumber < ActiveRecord::Migration[7.1]\n  def change\n  end\nend\n"
MIG_V1 = "class AddIndexToOrdersTrackingNumber < ActiveRecord::Migration[7.1]\n  def change\n    add_index :orders, :tracking_number\n  end\nend\n"

@lesson("H3L13", "rails-migrations", "interrupted", ["algorithm: :concurrently", "disable_ddl_transaction!", "locks writes"], [
    fire_write(f"{SF}/db/migrate/20260203101500_add_index_to_line_items_sku.rb",
               "class AddIndexToLineItemsSku < ActiveRecord::Migration[7.1]\n  def change\n    add_index :line_items, :sku\n  end\nend\n",
               note="plain index on line_items, which is even bigger than orders"),
    fire_prompt("payment lookups by customer_id are slow too, and payments is the biggest thing we have (~70M records). "
                "put a btree on that column and ship it", note="asks for an index on another huge table, no shared words"),
    silent_write(f"{SF}/db/migrate/20260203101500_add_index_to_line_items_sku.rb",
                 "class AddIndexToLineItemsSku < ActiveRecord::Migration[7.1]\n  disable_ddl_transaction!\n\n  def change\n"
                 "    add_index :line_items, :sku, algorithm: :concurrently\n  end\nend\n", note="compliant"),
    silent_write(f"{SF}/db/migrate/20260203104000_create_gift_cards.rb",
                 "class CreateGiftCards < ActiveRecord::Migration[7.1]\n  def change\n    create_table :gift_cards do |t|\n"
                 "      t.string :code, null: false\n      t.integer :balance_cents, null: false, default: 0\n      t.timestamps\n"
                 "      t.index :code, unique: true\n    end\n  end\nend\n", note="index on a brand-new empty table"),
])
def H3L13():
    s = Session("H3L13", SF, branch="perf/tracking-number-index", version="2.0.76", start="2025-11-13T11:30:00")
    s.prompt("support says searching orders by tracking number in the admin takes forever. add an index")
    s.bash("bin/rails g migration AddIndexToOrdersTrackingNumber", "Generate the migration",
           out=f"      invoke  active_record\n      create    {MIG}")
    s.write(f"{SF}/{MIG}", MIG_V1, original=MIG_SKEL)
    s.say("Migration written. Running it and committing.")
    s.interrupt_tool("Bash", {"command": "bin/rails db:migrate && git add db/ && git commit -m 'Index orders.tracking_number'",
                              "description": "Run and commit the migration"})
    s.prompt(H3L13_CORR, correction=True)
    s.write(f"{SF}/{MIG}",
            "class AddIndexToOrdersTrackingNumber < ActiveRecord::Migration[7.1]\n  disable_ddl_transaction!\n\n  def change\n"
            "    add_index :orders, :tracking_number, algorithm: :concurrently\n  end\nend\n", original=MIG_V1)
    s.bash("bin/rails db:migrate && git diff --stat db/schema.rb", "Migrate locally",
           out="== 20251113113412 AddIndexToOrdersTrackingNumber: migrating ===================\n"
               "-- add_index(:orders, :tracking_number, {:algorithm=>:concurrently})\n   -> 0.0113s\n"
               "== 20251113113412 AddIndexToOrdersTrackingNumber: migrated (0.0114s) ==========\n\n db/schema.rb | 3 ++-\n 1 file changed")
    s.say("The migration builds the index concurrently outside a transaction, so orders stay writable while it builds in prod. "
          "Not committed yet.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H3L14_CORR = ("Actually, in this repo we only call env() inside config/*.php. Prod runs php artisan config:cache on deploy and "
              "after that env() returns null everywhere else, so this would have worked locally and sent nothing in production. "
              "Put a twilio block in config/services.php and read it with config('services.twilio.sid') etc.")

SMS_V1 = ("<?php\n\nnamespace App\\Services;\n\nuse Twilio\\Rest\\Client;\n\nclass SmsSender\n{\n    private Client $client;\n\n"
          "    public function __construct()\n    {\n        $this->client = new Client(env('TWILIO_SID'), env('TWILIO_TOKEN'));\n    }\n\n"
          "    public function send(string $to, string $body): void\n    {\n"
          "        $this->client->messages->create($to, ['from' => env('TWILIO_FROM'), 'body' => $body]);\n    }\n}\n")
SERVICES = ("    'postmark' => [\n        'token' => env('POSTMARK_TOKEN'),\n    ],\n\n];\n")

@lesson("H3L14", "laravel-config", "polite-actually", ["env()", "config:cache", "config/services.php"], [
    fire_edit(f"{CB}/app/Http/Controllers/StripeWebhookController.php",
              "        $secret = config('services.stripe.webhook_secret');\n", "        $secret = env('STRIPE_WEBHOOK_SECRET');\n",
              note="env() in a controller"),
    fire_prompt("show the Google Analytics measurement id in the layout, pull it straight from the environment variables in the blade template",
                note="reading the environment from a view, no shared words"),
    silent_edit(f"{CB}/config/services.php", "    'postmark' => [\n",
                "    'mailgun' => [\n        'domain' => env('MAILGUN_DOMAIN'),\n        'secret' => env('MAILGUN_SECRET'),\n    ],\n\n    'postmark' => [\n",
                note="compliant: env() inside a config file"),
    silent_prompt("add a test that the reminder command skips patients who have no phone number",
                  note="same feature, nothing about configuration"),
])
def H3L14():
    s = Session("H3L14", CB, branch="feat/sms-reminders", version="2.1.9", start="2026-01-07T17:20:00")
    s.prompt("send an SMS reminder 24h before each appointment via Twilio. creds are in .env already (TWILIO_SID, TWILIO_TOKEN, TWILIO_FROM)")
    sms = f"{CB}/app/Services/SmsSender.php"
    s.write(sms, SMS_V1)
    s.write(f"{CB}/app/Console/Commands/SendAppointmentReminders.php",
            "<?php\n\nnamespace App\\Console\\Commands;\n\nuse App\\Models\\Appointment;\nuse App\\Services\\SmsSender;\nuse Illuminate\\Console\\Command;\n\n"
            "class SendAppointmentReminders extends Command\n{\n    protected $signature = 'appointments:remind';\n\n"
            "    public function handle(SmsSender $sms): void\n    {\n        $tomorrow = now()->addDay();\n"
            "        Appointment::confirmed()->startingBetween($tomorrow->copy()->startOfHour(), $tomorrow->copy()->endOfHour())\n"
            "            ->each(fn ($a) => $sms->send($a->patient->phone, __('reminders.sms', ['time' => $a->starts_at->format('H:i')])));\n    }\n}\n")
    s.bash("php artisan test --filter=Reminder", "Run reminder tests",
           out="   PASS  Tests\\Feature\\SendAppointmentRemindersTest\n  ✓ sends reminder for appointments tomorrow    0.21s\n"
               "  ✓ skips cancelled appointments    0.03s\n\n  Tests:    2 passed (5 assertions)\n  Duration: 0.41s")
    s.say("Added `SmsSender` and an hourly `appointments:remind` command that texts patients 24h ahead. Tests pass.", end=True)
    s.prompt(H3L14_CORR, correction=True)
    s.edit(f"{CB}/config/services.php", "    'postmark' => [\n",
           "    'twilio' => [\n        'sid' => env('TWILIO_SID'),\n        'token' => env('TWILIO_TOKEN'),\n        'from' => env('TWILIO_FROM'),\n    ],\n\n"
           "    'postmark' => [\n", SERVICES)
    s.write(sms, SMS_V1.replace("new Client(env('TWILIO_SID'), env('TWILIO_TOKEN'))",
                                "new Client(config('services.twilio.sid'), config('services.twilio.token'))")
            .replace("env('TWILIO_FROM')", "config('services.twilio.from')"), original=SMS_V1)
    s.bash("php artisan config:cache && php artisan test --filter=Reminder && php artisan config:clear", "Test with cached config",
           out="   INFO  Configuration cached successfully.\n\n   PASS  Tests\\Feature\\SendAppointmentRemindersTest\n"
               "  ✓ sends reminder for appointments tomorrow    0.19s\n  ✓ skips cancelled appointments    0.03s\n\n  Tests:    2 passed (5 assertions)\n\n"
               "   INFO  Configuration cache cleared successfully.")
    s.say("The credentials live under `services.twilio` in `config/services.php`, and `SmsSender` reads them with `config()`. "
          "Tests pass with the config cached, like prod.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L15_CORR = ("I'd rather the LiveView didn't talk to the Repo at all. In this app the web layer only calls context functions "
              "(Hive.Projects, Hive.Accounts, ...), that's where the authorization check and the PubSub broadcast live, so with "
              "this the sidebar in other tabs never heard about it. Could you add Projects.archive_project(scope, project) and call that?")

LV = ("  def handle_event(\"rename\", %{\"id\" => id, \"name\" => name}, socket) do\n"
      "    project = Projects.get_project!(socket.assigns.current_scope, id)\n"
      "    {:ok, _} = Projects.rename_project(socket.assigns.current_scope, project, name)\n"
      "    {:noreply, put_flash(socket, :info, \"Project renamed\")}\n  end\n")
LV_ARCHIVE = ("\n  def handle_event(\"archive\", %{\"id\" => id}, socket) do\n    project = Repo.get!(Project, id)\n"
              "    {:ok, _} = project |> Ecto.Changeset.change(archived_at: DateTime.utc_now(:second)) |> Repo.update()\n"
              "    {:noreply, socket |> put_flash(:info, \"Project archived\") |> stream_delete(:projects, project)}\n  end\n")

@lesson("H3L15", "phoenix-contexts", "polite-preference", ["context functions", "the Repo", "Hive.Projects"], [
    fire_edit(f"{HIVE}/lib/hive_web/controllers/invite_controller.ex", "  def accept(conn, %{\"token\" => token}) do\n",
              "  def accept(conn, %{\"token\" => token}) do\n    invite = Hive.Repo.get_by!(Hive.Accounts.Invite, token: token)\n",
              note="Repo call in a controller"),
    fire_prompt("load the board's cards with an Ecto query directly inside mount/3 of BoardLive",
                note="database query in the web layer, no shared words"),
    silent_edit(f"{HIVE}/lib/hive/projects.ex", "  def rename_project(%Scope{} = scope, %Project{} = project, name) do\n",
                "  def unarchive_project(%Scope{} = scope, %Project{} = project) do\n    with :ok <- authorize(scope, :archive, project) do\n"
                "      project |> Project.archive_changeset(nil) |> Repo.update() |> broadcast(:project_unarchived)\n    end\n  end\n\n"
                "  def rename_project(%Scope{} = scope, %Project{} = project, name) do\n",
                note="Repo inside the context module is where it belongs"),
    silent_edit(f"{HIVE}/lib/hive_web/live/board_live.ex", "    {:ok, assign(socket, board: board)}\n",
                "    cards = Boards.list_cards(socket.assigns.current_scope, board)\n    {:ok, socket |> assign(board: board) |> stream(:cards, cards)}\n",
                note="compliant: LiveView calls a context function"),
])
def H3L15():
    s = Session("H3L15", HIVE, branch="feat/archive-project", version="2.0.76", start="2025-11-19T15:50:00")
    s.prompt("on the team settings page, let admins archive a project (set archived_at, hide it from the sidebar)")
    path = f"{HIVE}/lib/hive_web/live/team_settings_live.ex"
    s.read(path, LV, offset=48, limit=6, total=97)
    v1 = s.edit(path, "    {:noreply, put_flash(socket, :info, \"Project renamed\")}\n  end\n",
                "    {:noreply, put_flash(socket, :info, \"Project renamed\")}\n  end\n" + LV_ARCHIVE, LV)
    s.bash("mix test test/hive_web/live/team_settings_live_test.exs", "Run LiveView tests",
           out="....\nFinished in 0.4 seconds (0.2s async, 0.2s sync)\n4 tests, 0 failures")
    s.say("Admins get an Archive button per project; it sets `archived_at` and removes the row from the list. Tests pass.", end=True)
    s.prompt(H3L15_CORR, correction=True)
    ctx = "  def rename_project(%Scope{} = scope, %Project{} = project, name) do\n"
    s.edit(f"{HIVE}/lib/hive/projects.ex", ctx,
           "  def archive_project(%Scope{} = scope, %Project{} = project) do\n    with :ok <- authorize(scope, :archive, project) do\n"
           "      project\n      |> Project.archive_changeset(DateTime.utc_now(:second))\n      |> Repo.update()\n"
           "      |> broadcast(:project_archived)\n    end\n  end\n\n" + ctx, ctx)
    s.edit(path, "    project = Repo.get!(Project, id)\n    {:ok, _} = project |> Ecto.Changeset.change(archived_at: DateTime.utc_now(:second)) |> Repo.update()\n",
           "    project = Projects.get_project!(socket.assigns.current_scope, id)\n"
           "    {:ok, project} = Projects.archive_project(socket.assigns.current_scope, project)\n", v1)
    s.bash("mix test test/hive/projects_test.exs test/hive_web/live/team_settings_live_test.exs", "Run context and LiveView tests",
           out="..........\nFinished in 0.6 seconds (0.3s async, 0.3s sync)\n10 tests, 0 failures")
    s.say("`Projects.archive_project/2` checks the admin permission, updates the row and broadcasts `:project_archived`, "
          "so open sidebars drop it too. The LiveView only calls the context now.", end=True)
    return s
