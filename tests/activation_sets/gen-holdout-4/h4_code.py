"""gen-holdout-4: lessons about code (type inference on supplier CSVs, naive datetimes in Django, personal data in logs,
SwiftUI model ownership, HttpClient lifetime in .NET, Spring @Transactional proxies, RabbitMQ acknowledgements,
Svelte 5 runes, browser-extension host permissions, Stripe idempotency keys)."""
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

PIM = "/home/bea/work/pim-importer"
SHIFT = "/home/femi/projects/shiftboard"
ONB = "/home/tariq/src/onboarding-api"
BIRD = "/Users/hana/dev/Birdlog"
COURIER = "/home/pavel/src/Courier.Api"
INV = "/home/lena/dev/invoicing-service"
NOTIFY = "/home/diego/code/notify-worker"
FIELD = "/home/mia/dev/fieldnotes-app"
TABS = "/home/sam/code/tabtidy-extension"
RENT = "/home/olu/dev/rentflow"


# -----------------------------------------------------------------------------
H4L07_CORR = ("no no. look at article_no and ean in that output, the leading zeros are gone (00417 -> 417). never let pandas "
              "guess types on supplier files: dtype=str for everything, then convert the numeric columns yourself "
              "(decimal=',' for these). we shipped 3000 broken EANs to the shop last year exactly like this")

BRENNER_V1 = ("import pandas as pd\n\nfrom pim.schema import Product\n\n\ndef load(path: str) -> list[Product]:\n"
              "    df = pd.read_csv(path, sep=\";\", encoding=\"cp1252\")\n"
              "    return [\n        Product(sku=f\"BRN-{r.Artikelnr}\", ean=str(r.EAN), name=r.Bezeichnung, price=r.Preis, stock=r.Bestand)\n"
              "        for r in df.itertuples()\n    ]\n")

@lesson("H4L07", "csv-imports", "annoyed", ["leading zeros", "dtype=str", "guess types"], [
    fire_write(f"{PIM}/importers/kraemer.py",
               "import pandas as pd\n\nfrom pim.schema import Product\n\n\ndef load(path: str) -> list[Product]:\n"
               "    df = pd.read_excel(path, sheet_name=\"Artikel\")\n"
               "    return [Product(sku=f\"KRM-{r.Artikel}\", ean=str(r.GTIN), name=r.Text, price=r.VK, stock=r.Menge) "
               "for r in df.itertuples()]\n",
               note="Excel sheet read with inferred types"),
    fire_prompt("load the Kraemer spreadsheet into a dataframe and upsert the rows by GTIN",
                note="asks for a supplier file load, no shared words"),
    silent_edit(f"{PIM}/importers/brenner.py", "    df = pd.read_csv(path, sep=\";\", dtype=str, keep_default_na=False)\n",
                "    df = pd.read_csv(path, sep=\";\", dtype=str, keep_default_na=False, encoding=\"cp1252\")\n",
                note="compliant: still all strings"),
    silent_bash("head -5 inbox/hoffmann_2025-12.csv | iconv -f cp1252 -t utf-8", "Peek at the new feed", note="looking at raw bytes"),
])
def H4L07():
    s = Session("H4L07", PIM, branch="feat/brenner", version="2.0.76", start="2025-11-18T08:50:00")
    s.prompt("write the importer for the new supplier (Brenner GmbH), sample file is inbox/brenner_2025-11.csv, map it to our Product schema")
    s.bash("head -3 inbox/brenner_2025-11.csv | iconv -f cp1252 -t utf-8", "Look at the sample",
           out="Artikelnr;EAN;Bezeichnung;Preis;Bestand\n00417;0401234567895;Gartenschere Profi;12,50;40\n"
               "01022;0401234567901;Astschere 70cm;34,90;12")
    path = f"{PIM}/importers/brenner.py"
    s.write(path, BRENNER_V1)
    s.bash("python -m pim.cli preview importers.brenner inbox/brenner_2025-11.csv --limit 2", "Preview the mapping",
           out="sku        ean            name                price  stock\nBRN-417    401234567895   Gartenschere Profi  12,50  40\n"
               "BRN-1022   401234567901   Astschere 70cm      34,90  12")
    s.say("The Brenner importer maps Artikelnr/EAN/Bezeichnung/Preis/Bestand onto `Product`. Preview looks right.", end=True)
    s.prompt(H4L07_CORR, correction=True)
    s.write(path, BRENNER_V1.replace(
        "    df = pd.read_csv(path, sep=\";\", encoding=\"cp1252\")\n",
        "    df = pd.read_csv(path, sep=\";\", encoding=\"cp1252\", dtype=str, keep_default_na=False)\n"
        "    df[\"Preis\"] = df[\"Preis\"].str.replace(\",\", \".\").map(Decimal)\n    df[\"Bestand\"] = df[\"Bestand\"].astype(int)\n"
    ).replace("import pandas as pd\n", "from decimal import Decimal\n\nimport pandas as pd\n").replace("ean=str(r.EAN)", "ean=r.EAN"),
        original=BRENNER_V1)
    s.bash("python -m pim.cli preview importers.brenner inbox/brenner_2025-11.csv --limit 2", "Preview again",
           out="sku        ean            name                price  stock\nBRN-00417  0401234567895  Gartenschere Profi  12.50  40\n"
               "BRN-01022  0401234567901  Astschere 70cm      34.90  12")
    s.say("Everything is read as strings now, so article numbers and EANs keep their leading zeros; price becomes a Decimal "
          "from the comma format and stock an int.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L08_CORR = ("no. never naive datetimes here: datetime.now() / date.today() use the server clock, which is UTC, and django "
              "warns 'received a naive datetime'. use django.utils.timezone.now() and timezone.localdate() / localtime() with "
              "the site's zone (every Site has .tz) and compare aware values.")

SEL = ("from datetime import date, datetime, time\n\nfrom shifts.models import Shift\n\n\ndef todays_shifts(site):\n"
       "    start = datetime.combine(date.today(), time.min)\n    end = datetime.combine(date.today(), time.max)\n"
       "    return Shift.objects.filter(site=site, starts_at__range=(start, end)).order_by(\"starts_at\")\n")

@lesson("H4L08", "django-timezones", "plain-no", ["naive datetime", "timezone.now()", "localdate"], [
    fire_edit(f"{SHIFT}/shifts/models.py", "    def is_overdue(self):\n        return False\n",
              "    def is_overdue(self):\n        return self.ends_at < datetime.utcnow() and not self.clocked_out\n",
              note="utcnow() is naive too"),
    fire_prompt("the weekly roster email should go out Monday 7am local for each branch; build the scheduling for it",
                note="per-branch local time, no shared words"),
    silent_edit(f"{SHIFT}/shifts/selectors.py",
                "    today = timezone.localdate()\n", "    today = timezone.localdate(timezone=site.tz)\n",
                note="compliant aware call"),
    silent_edit(f"{SHIFT}/templates/shifts/roster.html", "{{ shift.starts_at|date:\"D j M\" }}",
                "{{ shift.starts_at|date:\"D j M, H:i\" }}", note="display format only"),
])
def H4L08():
    s = Session("H4L08", SHIFT, branch="fix/today-widget", version="2.1.7", start="2025-12-04T07:55:00")
    s.prompt("the 'today's shifts' widget shows yesterday's shifts between midnight and 1am for the Lagos branch. fix it")
    path = f"{SHIFT}/shifts/selectors.py"
    s.read(path, SEL)
    s.edit(path, "    start = datetime.combine(date.today(), time.min)\n    end = datetime.combine(date.today(), time.max)\n",
           "    now = datetime.now() + timedelta(hours=1)\n    start = now.replace(hour=0, minute=0, second=0, microsecond=0)\n"
           "    end = start + timedelta(days=1)\n", SEL)
    s.bash("python manage.py test shifts.tests.test_selectors", "Run selector tests",
           out="Found 6 test(s).\n......\n----------------------------------------------------------------------\nRan 6 tests in 0.212s\n\nOK")
    s.say("The widget shifts the day boundary by one hour for West Africa Time, so from midnight it shows the new day. Tests pass.", end=True)
    s.prompt(H4L08_CORR, correction=True)
    s.write(path, "from datetime import datetime, time, timedelta\n\nfrom django.utils import timezone\n\nfrom shifts.models import Shift\n\n\n"
                  "def todays_shifts(site):\n    today = timezone.localdate(timezone=site.tz)\n"
                  "    start = timezone.make_aware(datetime.combine(today, time.min), site.tz)\n    end = start + timedelta(days=1)\n"
                  "    return Shift.objects.filter(site=site, starts_at__gte=start, starts_at__lt=end).order_by(\"starts_at\")\n",
            original=SEL.replace("    start = datetime.combine(date.today(), time.min)\n    end = datetime.combine(date.today(), time.max)\n",
                                 "    now = datetime.now() + timedelta(hours=1)\n    start = now.replace(hour=0, minute=0, second=0, microsecond=0)\n"
                                 "    end = start + timedelta(days=1)\n"))
    s.bash("python manage.py test shifts.tests.test_selectors", "Run selector tests",
           out="Found 7 test(s).\n.......\n----------------------------------------------------------------------\nRan 7 tests in 0.231s\n\nOK")
    s.say("`todays_shifts` takes today in the site's own zone and builds an aware midnight-to-midnight window from it, so it works "
          "for Lagos and London alike. I added a test at 00:30 Lagos time.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L09_CORR = ("not the payload. that has the passport number, DOB and address, and our logs go to Datadog which is not "
              "allowed to hold personal data (GDPR, our DPA with the IdP). log the applicant_id, the status code and the error "
              "codes from the response, nothing else. if you need fields for debugging use log_safe(), it masks them")

CLIENT = ("    async def verify(self, applicant_id: str, payload: dict) -> Verification:\n"
          "        resp = await self._http.post(\"/v2/verifications\", json=payload)\n        resp.raise_for_status()\n"
          "        return Verification.model_validate(resp.json())\n")

@lesson("H4L09", "logging-pii", "rejected-then-instruction", ["passport number", "log_safe()", "personal data"], [
    fire_edit(f"{ONB}/app/routes/signup.py", "    user = await users.create(body)\n",
              "    logger.debug(\"signup body: %s\", body.model_dump())\n    user = await users.create(body)\n",
              note="dumps the whole signup body, no shared words"),
    fire_prompt("add a log line with the user's email and phone whenever a password reset is requested, support keeps asking who triggered them",
                note="asks to log contact details"),
    silent_edit(f"{ONB}/app/identity/client.py", "        resp.raise_for_status()\n",
                "        if resp.is_error:\n            logger.warning(\"verify failed applicant_id=%s status=%s codes=%s\",\n"
                "                           applicant_id, resp.status_code, error_codes(resp))\n        resp.raise_for_status()\n",
                note="compliant: ids and codes only"),
    silent_edit(f"{ONB}/app/settings.py", "    log_level: str = \"INFO\"\n", "    log_level: str = \"WARNING\"\n",
                note="log level, no content change"),
])
def H4L09():
    s = Session("H4L09", ONB, branch="debug/idp-422", version="2.1.31", start="2026-02-02T13:25:00")
    s.prompt("signup sometimes fails with a 422 from the identity provider and we have no idea why. add logging around the verify call")
    path = f"{ONB}/app/identity/client.py"
    s.read(path, CLIENT, offset=40, limit=4, total=88)
    s.say("I'll log the outgoing request and the error body so the next failure shows what the IdP rejected.")
    s.reject("Edit", {"file_path": path, "old_string": "        resp.raise_for_status()\n",
                      "new_string": "        if resp.is_error:\n            logger.warning(\"verify failed: %s request=%s body=%s\", resp.status_code, payload, resp.text)\n"
                                    "        resp.raise_for_status()\n", "replace_all": False})
    s.prompt(H4L09_CORR, correction=True)
    s.read(f"{ONB}/app/logging.py", "def log_safe(data: dict, keep: tuple[str, ...] = ()) -> dict:\n"
           "    \"\"\"Copy of data with every value masked except the keys in keep.\"\"\"\n", offset=22, limit=2, total=47)
    s.edit(path, "        resp.raise_for_status()\n",
           "        if resp.is_error:\n            logger.warning(\"verify failed applicant_id=%s status=%s codes=%s fields=%s\",\n"
           "                           applicant_id, resp.status_code, error_codes(resp), log_safe(payload, keep=(\"country\", \"document_type\")))\n"
           "        resp.raise_for_status()\n", CLIENT)
    s.bash("pytest tests/identity -q", "Run identity tests", out="........                                                                 [100%]\n8 passed in 0.44s")
    s.say("On an error the client logs only the applicant id, status code, the IdP's error codes and a masked copy of the payload "
          "(country and document type left readable).", end=True)
    return s


# -----------------------------------------------------------------------------
H4L10_CORR = ("Could you make that @StateObject instead? When a view creates its own model, @ObservedObject gets a fresh "
              "instance every time the parent re-renders, so the list reloads and loses its scroll position (we had exactly "
              "this bug on the map tab). @ObservedObject only for a model that's passed in from outside.")

LIST_V1 = ("import SwiftUI\n\nstruct SightingsListView: View {\n    @ObservedObject var store = SightingsStore(api: .live)\n\n"
           "    var body: some View {\n        List(store.sightings) { sighting in\n            SightingRow(sighting: sighting)\n        }\n"
           "        .refreshable { await store.reload() }\n        .task { await store.loadIfNeeded() }\n        .navigationTitle(\"Sightings\")\n    }\n}\n")

@lesson("H4L10", "swiftui-state", "polite-preference", ["@StateObject", "re-renders", "passed in from outside"], [
    fire_write(f"{BIRD}/Birdlog/Features/Map/MapScreen.swift",
               "import MapKit\nimport SwiftUI\n\nstruct MapScreen: View {\n    @ObservedObject private var viewModel = MapViewModel(locations: .shared)\n\n"
               "    var body: some View {\n        Map(position: $viewModel.camera) {\n            ForEach(viewModel.pins) { Marker($0.title, coordinate: $0.coordinate) }\n"
               "        }\n    }\n}\n", note="view-owned model marked observed"),
    fire_prompt("build a settings screen whose form state lives in a SettingsModel class that the screen instantiates itself",
                note="a screen that creates its own observable, no shared words"),
    silent_write(f"{BIRD}/Birdlog/Features/Sightings/SightingDetailView.swift",
                 "import SwiftUI\n\nstruct SightingDetailView: View {\n    @ObservedObject var sighting: SightingViewModel\n\n"
                 "    var body: some View {\n        Form {\n            LabeledContent(\"Species\", value: sighting.species)\n"
                 "            LabeledContent(\"Seen\", value: sighting.seenAt.formatted())\n        }\n    }\n}\n",
                 note="compliant: model passed in"),
    silent_edit(f"{BIRD}/Birdlog/Features/Sightings/SightingsListView.swift", "        .navigationTitle(\"Sightings\")\n",
                "        .navigationTitle(\"Sightings\")\n        .overlay { if store.sightings.isEmpty { ContentUnavailableView(\"No sightings yet\", systemImage: \"bird\") } }\n",
                note="UI tweak in the same view"),
])
def H4L10():
    s = Session("H4L10", BIRD, branch="feat/sightings-list", version="2.0.37", start="2025-10-30T19:40:00")
    s.prompt("add a sightings list screen that loads from SightingsStore (it's an ObservableObject), with pull to refresh")
    s.grep("class SightingsStore", files=[f"{BIRD}/Birdlog/Data/SightingsStore.swift"])
    path = f"{BIRD}/Birdlog/Features/Sightings/SightingsListView.swift"
    s.write(path, LIST_V1)
    s.bash("xcodebuild -scheme Birdlog -destination 'platform=iOS Simulator,name=iPhone 16' build 2>&1 | tail -1", "Build",
           out="** BUILD SUCCEEDED **")
    s.say("Added `SightingsListView`: it loads on appear, refreshes on pull and shows one `SightingRow` per sighting.", end=True)
    s.prompt(H4L10_CORR, correction=True)
    s.edit(path, "    @ObservedObject var store = SightingsStore(api: .live)\n",
           "    @StateObject private var store = SightingsStore(api: .live)\n", LIST_V1)
    s.bash("xcodebuild -scheme Birdlog -destination 'platform=iOS Simulator,name=iPhone 16' build 2>&1 | tail -1", "Build",
           out="** BUILD SUCCEEDED **")
    s.say("Switched to `@StateObject private var store`, so the store is created once per screen and survives parent updates.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L11_CORR = ("dont new up HttpClient per call. under load that runs out of sockets (ports stuck in TIME_WAIT), and a static one "
              "ignores DNS changes. register a typed client with AddHttpClient<DhlTrackingClient>() in Program.cs and take "
              "HttpClient in the constructor")

DHL_BAD = ("public sealed class DhlTrackingClient(IOptions<CarrierOptions> options)\n{\n"
           "    public async Task<TrackingStatus?> GetStatusAsync(string trackingNumber, CancellationToken ct)\n    {\n"
           "        using var http = new HttpClient { BaseAddress = new Uri(options.Value.DhlBaseUrl) };\n"
           "        return await http.GetFromJsonAsync<TrackingStatus>($\"track/shipments?trackingNumber={trackingNumber}\", ct);\n    }\n}\n")
DHL_OK = ("public sealed class DhlTrackingClient(HttpClient http)\n{\n"
          "    public Task<TrackingStatus?> GetStatusAsync(string trackingNumber, CancellationToken ct) =>\n"
          "        http.GetFromJsonAsync<TrackingStatus>($\"track/shipments?trackingNumber={trackingNumber}\", ct);\n}\n")
PROG = ("builder.Services.AddControllers();\nbuilder.Services.Configure<CarrierOptions>(builder.Configuration.GetSection(\"Carriers\"));\n")

@lesson("H4L11", "dotnet-httpclient", "rejected-with-feedback", ["new up HttpClient", "AddHttpClient", "typed client"], [
    fire_edit(f"{COURIER}/Services/WebhookNotifier.cs", "        var body = JsonContent.Create(evt);\n",
              "        var body = JsonContent.Create(evt);\n        using var client = new HttpClient();\n"
              "        await client.PostAsync(subscription.Url, body, ct);\n", note="a fresh HttpClient inside a method"),
    fire_write(f"{COURIER}/Services/FxRatesClient.cs",
               "public sealed class FxRatesClient(IOptions<FxOptions> options)\n{\n"
               "    public async Task<decimal> GetRateAsync(string from, string to)\n    {\n        var rest = new RestClient(options.Value.BaseUrl);\n"
               "        var res = await rest.GetAsync<FxRate>(new RestRequest($\"rates/{from}/{to}\"));\n        return res!.Rate;\n    }\n}\n",
               note="RestSharp client built on every request, no distinctive shared words"),
    silent_edit(f"{COURIER}/Program.cs", "builder.Services.AddHttpClient<DhlTrackingClient>(",
                "builder.Services.AddHttpClient<FxRatesClient>(c => c.BaseAddress = new Uri(builder.Configuration[\"Fx:BaseUrl\"]!));\n"
                "builder.Services.AddHttpClient<DhlTrackingClient>(", note="compliant registration"),
    silent_edit(f"{COURIER}/Services/DhlTrackingClient.cs", "$\"track/shipments?trackingNumber={trackingNumber}\"",
                "$\"track/shipments?trackingNumber={Uri.EscapeDataString(trackingNumber)}&language=en\"",
                note="query string change in the typed client"),
])
def H4L11():
    s = Session("H4L11", COURIER, branch="feat/dhl-tracking", version="2.1.9", start="2026-01-12T10:05:00")
    s.prompt("add a client for DHL's tracking API (base url is Carriers:DhlBaseUrl in appsettings) and use it in ShipmentsController to fill in the tracking status")
    s.read(f"{COURIER}/Program.cs", PROG, offset=8, limit=2, total=41)
    s.reject("Write", {"file_path": f"{COURIER}/Services/DhlTrackingClient.cs", "content": DHL_BAD}, feedback=H4L11_CORR)
    s.write(f"{COURIER}/Services/DhlTrackingClient.cs", DHL_OK)
    s.edit(f"{COURIER}/Program.cs", "builder.Services.AddControllers();\n",
           "builder.Services.AddControllers();\nbuilder.Services.AddHttpClient<DhlTrackingClient>((sp, c) =>\n"
           "    c.BaseAddress = new Uri(sp.GetRequiredService<IOptions<CarrierOptions>>().Value.DhlBaseUrl));\n", PROG)
    s.bash("dotnet build -nologo -v q && dotnet test -nologo --filter Shipments", "Build and run shipment tests",
           out="Build succeeded.\n    0 Warning(s)\n    0 Error(s)\nPassed!  - Failed:     0, Passed:    11, Skipped:     0, Total:    11")
    s.say("`DhlTrackingClient` takes its `HttpClient` from the constructor and is registered with `AddHttpClient<DhlTrackingClient>` "
          "(base address from `Carriers:DhlBaseUrl`). `ShipmentsController` gets it injected and fills `TrackingStatus`.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L12_CORR = ("Actually, @Transactional on a private method, or on a method you call from inside the same class, does nothing: "
              "Spring's proxy only sees calls that come in from another bean. Put @Transactional on the public create() itself "
              "(or move the work into a separate bean). We had invoices without audit rows in prod because of exactly this.")

SVC = ("@Service\nclass InvoiceService(\n    private val invoices: InvoiceRepository,\n    private val audit: AuditLogRepository,\n) {\n"
       "    fun create(cmd: CreateInvoice): Invoice {\n        val invoice = Invoice.from(cmd)\n        return invoices.save(invoice)\n    }\n}\n")

@lesson("H4L12", "spring-transactions", "polite-actually", ["@Transactional on a private method", "proxy", "same class"], [
    fire_edit(f"{INV}/src/main/kotlin/com/lena/invoicing/payments/PaymentService.kt",
              "    private fun applyRefund(payment: Payment, amount: Money) {\n",
              "    @Transactional\n    private fun applyRefund(payment: Payment, amount: Money) {\n", note="annotation on a private helper"),
    fire_prompt("settleLine() in SettlementJob has to be atomic per line: if the ledger write fails, undo the status update too. "
                "runBatch loops over the lines and invokes it",
                note="self-invoked method that needs a transaction, no shared words"),
    silent_edit(f"{INV}/src/main/kotlin/com/lena/invoicing/InvoiceService.kt", "    fun cancel(id: Long, reason: String) {\n",
                "    @Transactional\n    fun cancel(id: Long, reason: String) {\n", note="compliant: public entry point"),
    silent_prompt("why does the invoice number sequence skip values after a rollback?", note="related question"),
])
def H4L12():
    s = Session("H4L12", INV, branch="feat/invoice-audit", version="2.0.76", start="2025-11-06T14:35:00")
    s.prompt("when an invoice is created, also write an audit entry. both in one transaction, if the audit insert fails the invoice must not be saved either")
    path = f"{INV}/src/main/kotlin/com/lena/invoicing/InvoiceService.kt"
    s.read(path, SVC, offset=14, limit=11, total=58)
    v1 = s.edit(path, "        val invoice = Invoice.from(cmd)\n        return invoices.save(invoice)\n    }\n",
                "        val invoice = Invoice.from(cmd)\n        return persistWithAudit(invoice, cmd.actor)\n    }\n\n"
                "    @Transactional\n    private fun persistWithAudit(invoice: Invoice, actor: String): Invoice {\n"
                "        val saved = invoices.save(invoice)\n        audit.save(AuditEntry.created(saved, actor))\n        return saved\n    }\n", SVC)
    s.bash("./gradlew test --tests '*InvoiceServiceTest' -q", "Run invoice service tests", out="")
    s.say("`create()` now saves the invoice and its audit entry through `persistWithAudit`, which is transactional. Tests pass.", end=True)
    s.prompt(H4L12_CORR, correction=True)
    v2 = s.edit(path, "    fun create(cmd: CreateInvoice): Invoice {\n", "    @Transactional\n    fun create(cmd: CreateInvoice): Invoice {\n", v1)
    s.edit(path, "    @Transactional\n    private fun persistWithAudit(", "    private fun persistWithAudit(", v2)
    s.bash("./gradlew test --tests '*InvoiceServiceTest' -q", "Re-run with the rollback test", out="")
    s.say("`@Transactional` sits on the public `create()` now, so the proxy wraps the whole call. I added a test where the audit "
          "insert throws and checked no invoice row is left behind.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L13_CORR = ("stop, noAck true means rabbit drops the msg the moment its delivered. worker crashes or twilio times out = sms "
              "gone. ack after sendSms succeeds, nack(msg, false, false) on failure so it goes to the dead letter queue, and set prefetch(10)")

SMS_V1 = ("export async function startSmsConsumer(channel: Channel) {\n  await channel.assertQueue(\"sms.send\", { durable: true });\n"
          "  await channel.consume(\n    \"sms.send\",\n    async (msg) => {\n      if (!msg) return;\n"
          "      const job = JSON.parse(msg.content.toString()) as SmsJob;\n      await sendSms(job.to, job.body);\n    },\n"
          "    { noAck: true },\n  );\n}\n")
SMS_V2 = ("export async function startSmsConsumer(channel: Channel) {\n  await channel.assertQueue(\"sms.send\", {\n    durable: true,\n"
          "    arguments: { \"x-dead-letter-exchange\": \"dlx\" },\n  });\n  await channel.prefetch(10);\n  await channel.consume(\"sms.send\", async (msg) => {\n"
          "    if (!msg) return;\n    try {\n      const job = JSON.parse(msg.content.toString()) as SmsJob;\n      await sendSms(job.to, job.body);\n"
          "      channel.ack(msg);\n    } catch (err) {\n      logger.error({ err }, \"sms send failed\");\n      channel.nack(msg, false, false);\n    }\n  });\n}\n")

@lesson("H4L13", "rabbitmq-consumers", "annoyed", ["noAck", "dead letter", "prefetch"], [
    fire_write(f"{NOTIFY}/src/consumers/email.ts",
               "export async function startEmailConsumer(channel: Channel) {\n  await channel.consume(\n    \"email.send\",\n"
               "    async (msg) => {\n      if (!msg) return;\n      await sendEmail(JSON.parse(msg.content.toString()));\n    },\n"
               "    { noAck: true },\n  );\n}\n", note="same flag in another consumer"),
    fire_prompt("hook up a listener for the push-notifications topic on amqp that forwards each payload to FCM",
                note="a new consumer, no shared words"),
    silent_edit(f"{NOTIFY}/src/consumers/sms.ts", "  await channel.prefetch(10);\n", "  await channel.prefetch(20);\n",
                note="tuning, acks unchanged"),
    silent_write(f"{NOTIFY}/src/consumers/email.ts", SMS_V2.replace("Sms", "Email").replace("sms", "email")
                 .replace("await sendEmail(job.to, job.body);", "await sendEmail(job);").replace("SmsJob", "EmailJob"),
                 note="compliant: manual ack, nack to DLX"),
])
def H4L13():
    s = Session("H4L13", NOTIFY, branch="feat/sms-consumer", version="2.1.7", start="2025-12-15T11:10:00")
    s.prompt("write the consumer for the sms.send queue, it should call twilio through sendSms() in src/providers/twilio.ts")
    s.read(f"{NOTIFY}/src/providers/twilio.ts", "export async function sendSms(to: string, body: string): Promise<string> {\n"
           "  const msg = await client.messages.create({ to, from: FROM, body });\n  return msg.sid;\n}\n")
    path = f"{NOTIFY}/src/consumers/sms.ts"
    s.write(path, SMS_V1)
    s.bash("pnpm tsc --noEmit && pnpm vitest run src/consumers", "Type-check and test",
           out=" ✓ src/consumers/sms.test.ts (3 tests) 18ms\n\n Test Files  1 passed (1)\n      Tests  3 passed (3)")
    s.say("Added `startSmsConsumer`: it declares the durable `sms.send` queue and calls `sendSms` for each message.", end=True)
    s.prompt(H4L13_CORR, correction=True)
    s.write(path, SMS_V2, original=SMS_V1)
    s.bash("pnpm tsc --noEmit && pnpm vitest run src/consumers", "Type-check and test",
           out=" ✓ src/consumers/sms.test.ts (5 tests) 22ms\n\n Test Files  1 passed (1)\n      Tests  5 passed (5)")
    s.say("Messages are acked only after `sendSms` resolves; on failure they're nacked without requeue so they go to the DLX. "
          "Prefetch is 10. Added tests for both paths.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L14_CORR = ("ugh we're on svelte 5. no export let, no $: anymore. runes only: $props(), $state, $derived. the whole codebase got "
              "migrated in october and the lint rule fails on legacy syntax")

EDITOR = ("<script lang=\"ts\">\n  let { note = $bindable() }: { note: Note } = $props();\n</script>\n\n"
          "<textarea bind:value={note.body} class=\"editor\"></textarea>\n")

@lesson("H4L14", "svelte-runes", "annoyed", ["svelte 5", "runes only", "$derived"], [
    fire_edit(f"{FIELD}/src/lib/components/TagPicker.svelte", "<script lang=\"ts\">\n",
              "<script lang=\"ts\">\n  export let tags: string[] = [];\n  export let selected: string[] = [];\n",
              note="legacy props in another component"),
    fire_edit(f"{FIELD}/src/lib/components/NoteList.svelte", "  import NoteCard from './NoteCard.svelte';\n",
              "  import NoteCard from './NoteCard.svelte';\n\n"
              "  $: filtered = notes.filter((n) => n.title.toLowerCase().includes(query.toLowerCase()));\n",
              note="reactive statement, only the file extension in common"),
    silent_edit(f"{FIELD}/src/lib/components/NoteList.svelte", "  let { notes, query }: { notes: Note[]; query: string } = $props();\n",
                "  let { notes, query }: { notes: Note[]; query: string } = $props();\n\n"
                "  const filtered = $derived(notes.filter((n) => n.title.toLowerCase().includes(query.toLowerCase())));\n",
                note="compliant"),
    silent_edit(f"{FIELD}/src/routes/notes/+page.server.ts", "  const notes = await db.note.findMany({ where: { ownerId: locals.user.id } });\n",
                "  const notes = await db.note.findMany({ where: { ownerId: locals.user.id }, orderBy: { updatedAt: \"desc\" } });\n",
                note="server load function, no component syntax"),
])
def H4L14():
    s = Session("H4L14", FIELD, branch="feat/word-count", version="2.1.31", start="2026-01-26T17:45:00")
    s.prompt("add a word counter under the note editor, turn it red past the limit (default 500)")
    path = f"{FIELD}/src/lib/components/NoteEditor.svelte"
    s.read(path, EDITOR)
    s.edit(path, EDITOR,
           "<script lang=\"ts\">\n  let { note = $bindable() }: { note: Note } = $props();\n  export let maxWords = 500;\n\n"
           "  $: words = note.body.trim().split(/\\s+/).filter(Boolean).length;\n</script>\n\n"
           "<textarea bind:value={note.body} class=\"editor\"></textarea>\n<p class:over={words > maxWords}>{words} / {maxWords} words</p>\n",
           EDITOR)
    s.say("Added the counter below the textarea; it turns red above `maxWords`.", end=True)
    s.prompt(H4L14_CORR, correction=True)
    s.write(path, "<script lang=\"ts\">\n  let { note = $bindable(), maxWords = 500 }: { note: Note; maxWords?: number } = $props();\n\n"
                  "  const words = $derived(note.body.trim().split(/\\s+/).filter(Boolean).length);\n</script>\n\n"
                  "<textarea bind:value={note.body} class=\"editor\"></textarea>\n<p class:over={words > maxWords}>{words} / {maxWords} words</p>\n",
            original="<script lang=\"ts\">\n  let { note = $bindable() }: { note: Note } = $props();\n  export let maxWords = 500;\n\n"
                     "  $: words = note.body.trim().split(/\\s+/).filter(Boolean).length;\n</script>\n\n"
                     "<textarea bind:value={note.body} class=\"editor\"></textarea>\n<p class:over={words > maxWords}>{words} / {maxWords} words</p>\n")
    s.bash("pnpm lint && pnpm check", "Lint and svelte-check",
           out="svelte-check found 0 errors and 0 warnings")
    s.say("`maxWords` is a prop via `$props()` and the count is `$derived`; lint and svelte-check are clean.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L15_CORR = ("No, no <all_urls> and no broad host permissions. The store review flagged us for that last time and it shows the "
              "scary 'read and change all your data on all websites' warning at install. The tabs permission is enough to read "
              "URLs from the popup; if we ever need page access, use activeTab or request it at runtime via optional_host_permissions.")

MANIFEST = ("{\n  \"manifest_version\": 3,\n  \"name\": \"TabTidy\",\n  \"version\": \"1.8.0\",\n  \"action\": { \"default_popup\": \"popup.html\" },\n"
            "  \"permissions\": [\"storage\"],\n  \"content_scripts\": [\n    { \"matches\": [\"https://github.com/*\"], \"js\": [\"content/github.js\"] }\n  ]\n}\n")

@lesson("H4L15", "browser-extension", "plain-no", ["<all_urls>", "activeTab", "optional_host_permissions"], [
    fire_edit(f"{TABS}/manifest.json", "\"matches\": [\"https://github.com/*\"]", "\"matches\": [\"*://*/*\"]",
              note="content script on every site, no shared words"),
    fire_prompt("make the word-count badge work on every site the user visits, injected automatically",
                note="asks for automatic injection everywhere, no shared words"),
    silent_edit(f"{TABS}/manifest.json", "  \"permissions\": [\"storage\", \"tabs\", \"clipboardWrite\"],\n",
                "  \"permissions\": [\"storage\", \"tabs\", \"clipboardWrite\"],\n  \"optional_host_permissions\": [\"https://*.atlassian.net/*\"],\n",
                note="compliant optional permission"),
    silent_edit(f"{TABS}/src/popup/popup.ts", "  const lines = tabs.map((t) => `- ${t.url}`);\n",
                "  const lines = tabs.map((t) => `- [${t.title}](${t.url})`);\n", note="popup output format"),
])
def H4L15():
    s = Session("H4L15", TABS, branch="feat/copy-markdown", version="2.0.37", start="2025-10-23T20:15:00")
    s.prompt("add a 'copy all tab URLs as markdown' button to the popup")
    s.read(f"{TABS}/manifest.json", MANIFEST)
    s.edit(f"{TABS}/manifest.json", "  \"permissions\": [\"storage\"],\n",
           "  \"permissions\": [\"storage\", \"tabs\", \"clipboardWrite\"],\n  \"host_permissions\": [\"<all_urls>\"],\n", MANIFEST)
    s.write(f"{TABS}/src/popup/copy.ts",
            "export async function copyTabsAsMarkdown() {\n  const tabs = await chrome.tabs.query({ currentWindow: true });\n"
            "  const lines = tabs.map((t) => `- [${t.title}](${t.url})`);\n  await navigator.clipboard.writeText(lines.join(\"\\n\"));\n}\n")
    s.say("Added the button and the permissions it needs; the manifest now requests tabs, clipboard and host access.", end=True)
    s.prompt(H4L15_CORR, correction=True)
    s.edit(f"{TABS}/manifest.json", "  \"host_permissions\": [\"<all_urls>\"],\n", "",
           MANIFEST.replace("  \"permissions\": [\"storage\"],\n",
                            "  \"permissions\": [\"storage\", \"tabs\", \"clipboardWrite\"],\n  \"host_permissions\": [\"<all_urls>\"],\n"))
    s.bash("pnpm build && npx web-ext lint -s dist", "Build and lint the extension",
           out="Validation Summary:\n\nerrors          0\nnotices         0\nwarnings        0")
    s.say("Dropped the host permission; `tabs` alone gives the popup each tab's title and URL, so the install prompt no longer "
          "mentions website data.", end=True)
    return s


# -----------------------------------------------------------------------------
H4L16_CORR = ("wait — every Stripe call that creates something needs an idempotency_key. If the worker times out after Stripe "
              "already took the money and the job retries, the customer pays twice. Derive the key from our side, "
              "f\"rent-{invoice.id}-attempt-{n}\", so replaying the same attempt is a no-op at Stripe.")

RETRY_PY = ("def retry_rent(invoice_id: int, attempt: int) -> None:\n    invoice = Invoice.objects.get(pk=invoice_id)\n"
            "    intent = stripe.PaymentIntent.create(\n        amount=invoice.amount_cents,\n        currency=\"gbp\",\n"
            "        customer=invoice.tenant.stripe_customer_id,\n        payment_method=invoice.tenant.default_payment_method,\n"
            "        off_session=True,\n        confirm=True,\n    )\n    invoice.record_attempt(attempt, intent)\n")

@lesson("H4L16", "stripe-idempotency", "interrupt-then-explain", ["idempotency_key", "pays twice", "a no-op at Stripe"], [
    fire_edit(f"{RENT}/billing/refunds.py", "    refund_deposit_locally(lease)\n",
              "    stripe.Refund.create(payment_intent=lease.deposit_intent_id, amount=amount_cents)\n    refund_deposit_locally(lease)\n",
              note="refund without a key"),
    fire_prompt("charge the deposit to the tenant's saved card when they sign the lease", note="a new charge, no shared words"),
    silent_edit(f"{RENT}/billing/retries.py", "        confirm=True,\n    )\n",
                "        confirm=True,\n        idempotency_key=f\"rent-{invoice.id}-attempt-{attempt}\",\n    )\n", note="compliant"),
    silent_bash("stripe listen --forward-to localhost:8000/webhooks/stripe", "Forward test-mode webhooks", note="local webhook forwarding"),
])
def H4L16():
    s = Session("H4L16", RENT, branch="feat/rent-retries", version="2.1.9", start="2026-01-16T15:00:00")
    s.prompt("when a tenant's card fails, retry the rent charge up to 3 times over the next week (day 1, 3, 7)")
    s.read(f"{RENT}/billing/tasks.py", "@shared_task\ndef charge_rent(invoice_id: int) -> None:\n    ...\n", offset=10, limit=3, total=64)
    s.write(f"{RENT}/billing/retries.py", RETRY_PY)
    s.say("Wrote `retry_rent`, which creates and confirms an off-session PaymentIntent for the invoice. Next I'll schedule it from "
          "`charge_rent` on failure with countdowns of 1, 3 and 7 days, and make the task itself auto-retry on network errors so")
    s.interrupt()
    s.prompt(H4L16_CORR, correction=True)
    s.edit(f"{RENT}/billing/retries.py", "        confirm=True,\n    )\n",
           "        confirm=True,\n        idempotency_key=f\"rent-{invoice.id}-attempt-{attempt}\",\n    )\n", RETRY_PY)
    s.bash("pytest billing/tests/test_retries.py -q", "Run retry tests",
           out="....                                                                     [100%]\n4 passed in 0.37s")
    s.say("Every PaymentIntent for a retry carries `rent-<invoice>-attempt-<n>`, so if the task re-runs after a timeout Stripe returns "
          "the original intent instead of charging again. Added a test that calls the same attempt twice.", end=True)
    return s
