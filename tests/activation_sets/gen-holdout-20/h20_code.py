"""gen-holdout-20: lessons about code (Airflow DAGs set catchup=False and a fixed start date, partitioned Spark
writes overwrite dynamically, supplier dates are parsed with an explicit format, Android text is sized in sp, card
numbers never reach our servers, flash is never written from a loop or a timer, styles use logical properties for
RTL, Prometheus metrics are named in base units)."""
from cc import Session
from registry import (
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
    silent_write,
)

DAGS = "/home/raj/src/airflow-dags"
ETL = "/home/mei/jobs/clickstream-etl"
PRICES = "/home/oskar/work/supplier-prices"
TRANSIT = "/Users/zoe/AndroidStudioProjects/TransitBuddy"
SHOP = "/home/felix/src/ticket-shop"
SOIL = "/home/arjun/fw/soil-sensor"
SOUK = "/Users/layla/code/souk-web"
DISPATCH = "/home/dmitri/src/dispatch-service"

RES = f"{TRANSIT}/app/src/main/res"


# -----------------------------------------------------------------------------
H20L09_CORR = ("morning. for next time: every DAG sets catchup=False explicitly and a fixed start_date "
               "(pendulum.datetime(2025, 11, 1, tz=\"UTC\")), never days_ago() or anything computed. fx_rates had its "
               "start date a year back and catchup on by default, so the scheduler queued 380 daily runs the moment "
               "you unpaused it and hammered the partner API until they rate-limited us for the whole morning. If we "
               "want history, that's a backfill we decide on.")

FX_DAG = ("from datetime import datetime\n\nfrom airflow import DAG\nfrom airflow.operators.python import PythonOperator\n\n"
          "from fx.load import load_rates\n\nwith DAG(\n    dag_id=\"fx_rates_daily\",\n    start_date=datetime(2024, 11, 1),\n"
          "    schedule=\"@daily\",\n    tags=[\"fx\", \"partner-api\"],\n) as dag:\n"
          "    PythonOperator(task_id=\"load_rates\", python_callable=load_rates, op_kwargs={\"day\": \"{{ ds }}\"})\n")

@lesson("H20L09", "airflow-catchup", "for-next-time", ["catchup=False", "fixed start_date", "days_ago()"], [
    fire_prompt("write a pipeline that loads yesterday's warehouse stock levels nightly from the WMS",
                note="asks for a new scheduled pipeline; no shared words"),
    fire_write(f"{DAGS}/dags/shipments_sync.py",
               "from datetime import datetime\n\nfrom airflow import DAG\nfrom airflow.operators.python import PythonOperator\n\n"
               "with DAG(dag_id=\"shipments_sync\", start_date=datetime(2023, 1, 1), schedule=\"@hourly\") as dag:\n"
               "    PythonOperator(task_id=\"sync\", python_callable=sync_shipments)\n",
               note="old start date, catchup left to the default"),
    silent_write(f"{DAGS}/dags/returns_export.py",
                 "import pendulum\nfrom airflow import DAG\nfrom airflow.operators.python import PythonOperator\n\n"
                 "with DAG(\n    dag_id=\"returns_export\",\n    start_date=pendulum.datetime(2026, 1, 1, tz=\"UTC\"),\n"
                 "    schedule=\"0 4 * * *\",\n    catchup=False,\n) as dag:\n"
                 "    PythonOperator(task_id=\"export\", python_callable=export_returns)\n", note="compliant"),
    silent_bash("airflow dags list-import-errors", "Any DAG import errors", note="read-only"),
])
def H20L09():
    s = Session("H20L09", DAGS, branch="feat/fx-rates", version="2.0.37", start="2025-10-30T17:20:00")
    s.prompt("new DAG: pull the daily FX rates from the partner API into raw.fx_rates. load_rates(day) already exists "
             "in fx/load.py. unpause it when it's in")
    s.write(f"{DAGS}/dags/fx_rates.py", FX_DAG)
    s.bash("airflow dags test fx_rates_daily 2025-10-29 2>&1 | tail -2", "Test one run",
           out="[2025-10-30T17:24:51] INFO - Marking task as SUCCESS. dag_id=fx_rates_daily, task_id=load_rates\n"
               "[2025-10-30T17:24:51] INFO - DagRun Finished: state=success")
    s.bash("git add dags/fx_rates.py && git commit -qm \"fx_rates_daily DAG\" && git push -q && airflow dags unpause "
           "fx_rates_daily", "Ship and unpause", out="Dag: fx_rates_daily, paused: False")
    s.say("`fx_rates_daily` is deployed and unpaused; a test run for 2025-10-29 loaded the rates.", end=True)
    s.prompt(H20L09_CORR, correction=True)
    s.edit(f"{DAGS}/dags/fx_rates.py", "    start_date=datetime(2024, 11, 1),\n    schedule=\"@daily\",\n",
           "    start_date=pendulum.datetime(2025, 11, 1, tz=\"UTC\"),\n    schedule=\"@daily\",\n    catchup=False,\n",
           FX_DAG)
    s.bash("airflow dags list-runs -d fx_rates_daily --state queued | wc -l", "Anything still queued", out="0")
    s.say("Sorry about the morning. `fx_rates_daily` now has `catchup=False` and a fixed pendulum start date of "
          "2025-11-01 UTC, and nothing is queued any more. If you want the past year, tell me the range and I'll "
          "set up a backfill.", end=True)
    return s


# -----------------------------------------------------------------------------
H20L10_CORR = ("stop. mode(\"overwrite\") with partitionBy on that table replaces the whole table, not just the days "
               "you wrote: analytics.clickstream would have been left with two days of data. On any partitioned "
               "table, get the session from get_session() in common/session.py (it sets "
               "spark.sql.sources.partitionOverwriteMode=dynamic) or use insertInto. A static overwrite never.")

SESSIONIZE = ("from pyspark.sql import SparkSession\n\nspark = SparkSession.builder.appName(\"sessionize\").getOrCreate()\n\n"
              "events = spark.read.parquet(RAW_PATH).where(F.col(\"event_date\").isin(args.dates))\n"
              "sessions = sessionize(drop_bots(events))\n")

@lesson("H20L10", "spark-partition-overwrite", "interrupted-stop",
        ["partitionOverwriteMode=dynamic", "replaces the whole table", "get_session()"], [
    fire_prompt("re-run the device rollup for last Tuesday only and put the result back into its slot in the lake",
                note="asks to rewrite one slice of a partitioned output; no shared words"),
    fire_edit(f"{ETL}/jobs/daily_orders.py", "    df.write.format(\"parquet\").save(TARGET)\n",
              "    df.write.mode(\"overwrite\").partitionBy(\"order_date\").parquet(TARGET)\n",
              note="static overwrite in another job"),
    silent_edit(f"{ETL}/jobs/device_rollup.py",
                "spark = SparkSession.builder.appName(\"device-rollup\").getOrCreate()\n",
                "spark = get_session(\"device-rollup\")\n", note="compliant: the shared session"),
    silent_bash("aws s3 ls s3://lake-prod/analytics/clickstream/ | tail -5", "Latest partitions", note="read-only"),
])
def H20L10():
    s = Session("H20L10", ETL, branch="fix/bot-filter-reprocess", version="2.1.7", start="2025-12-04T11:30:00")
    s.prompt("reprocess clickstream for 2025-11-27 and 2025-11-28, the bot filter was wrong on those two days")
    s.read(f"{ETL}/jobs/sessionize.py", SESSIONIZE)
    s.edit(f"{ETL}/jobs/sessionize.py", "sessions = sessionize(drop_bots(events))\n",
           "sessions = sessionize(drop_bots(events))\nsessions.write.mode(\"overwrite\").partitionBy(\"event_date\")"
           ".parquet(OUT_PATH)\n", SESSIONIZE)
    s.say("The job now writes only the selected dates. Running it for the two days on the cluster.")
    s.interrupt_tool("Bash", {"command": "spark-submit --master yarn --deploy-mode cluster jobs/sessionize.py --dates "
                                         "2025-11-27 2025-11-28", "description": "Reprocess the two days"}, exit137=True)
    s.prompt(H20L10_CORR, correction=True)
    sess2 = SESSIONIZE.replace("sessions = sessionize(drop_bots(events))\n",
                               "sessions = sessionize(drop_bots(events))\nsessions.write.mode(\"overwrite\").partitionBy(\"event_date\")"
                               ".parquet(OUT_PATH)\n")
    s.edit(f"{ETL}/jobs/sessionize.py",
           "from pyspark.sql import SparkSession\n\nspark = SparkSession.builder.appName(\"sessionize\").getOrCreate()\n",
           "from common.session import get_session\n\nspark = get_session(\"sessionize\")\n", sess2)
    s.bash("aws s3 ls s3://lake-prod/analytics/clickstream/ | wc -l", "Partitions still there", out="1462")
    s.bash("spark-submit --master yarn --deploy-mode cluster jobs/sessionize.py --dates 2025-11-27 2025-11-28 2>&1 | "
           "tail -1 && aws s3 ls s3://lake-prod/analytics/clickstream/ | wc -l", "Reprocess with dynamic overwrite",
           out="25/12/04 11:52:10 INFO Client: final status: SUCCEEDED\n1462")
    s.say("The kill came before the write stage, all 1,462 partitions were still there. The job now uses "
          "`get_session()` (dynamic partition overwrite); the rerun replaced only 2025-11-27 and 2025-11-28.", end=True)
    return s


# -----------------------------------------------------------------------------
H20L11_CORR = "dayfirst dates. pd.to_datetime with an explicit format= every time, no guessing. 03/04 is 3 April here"

HALLBERG = ("def load(path: Path) -> pd.DataFrame:\n    df = pd.read_csv(path, sep=\";\", dtype=str)\n"
            "    df[\"price\"] = df[\"Preis\"].str.replace(\",\", \".\").astype(float)\n"
            "    df[\"effective\"] = pd.to_datetime(df[\"G\u00fcltig ab\"])\n    return df\n")

@lesson("H20L11", "pandas-date-parsing", "terse", ["explicit format=", "pd.to_datetime", "no guessing"], [
    fire_edit(f"{PRICES}/loaders/nordvik.py", "    df = pd.read_csv(path, sep=\";\", dtype=str)\n",
              "    df = pd.read_csv(path, sep=\";\", dtype=str, parse_dates=[\"Lieferdatum\"])\n",
              note="date parsing left to inference in another loader; no shared words"),
    fire_edit(f"{PRICES}/loaders/brandt.py", "    df[\"valid_from\"] = df[\"valid_from\"].str.strip()\n",
              "    df[\"valid_from\"] = pd.to_datetime(df[\"valid_from\"].str.strip(), errors=\"coerce\")\n",
              note="to_datetime without a format"),
    silent_edit(f"{PRICES}/loaders/kessler.py", "    df[\"Datum\"] = df[\"Datum\"].str.strip()\n",
                "    df[\"Datum\"] = pd.to_datetime(df[\"Datum\"].str.strip(), format=\"%d.%m.%Y\")\n",
                note="compliant: explicit format"),
    silent_bash("python -m loaders.hallberg inbox/hallberg_2025-11.csv --dry-run", "Dry-run the November file",
                note="running the loader"),
])
def H20L11():
    s = Session("H20L11", PRICES, branch="main", version="1.0.88", start="2025-09-16T08:45:00")
    s.prompt("hallberg sent their october price list (inbox/hallberg_2025-10.csv). load it with the effective dates")
    s.bash("head -4 inbox/hallberg_2025-10.csv", "Look at the file",
           out="Artikel;Preis;G\u00fcltig ab\n0041772;12,40;03/10/2025\n0041773;8,95;03/10/2025\n0050110;31,00;13/10/2025")
    s.read(f"{PRICES}/loaders/hallberg.py", HALLBERG, offset=8, limit=6, total=31)
    s.bash("python -m loaders.hallberg inbox/hallberg_2025-10.csv", "Load it",
           out="loaded 412 rows; effective dates 2025-03-10 .. 2025-10-13")
    s.say("Loaded 412 prices from Hallberg; effective dates run from 2025-03-10 to 2025-10-13.", end=True)
    s.prompt(H20L11_CORR, correction=True)
    s.edit(f"{PRICES}/loaders/hallberg.py", "    df[\"effective\"] = pd.to_datetime(df[\"G\u00fcltig ab\"])\n",
           "    df[\"effective\"] = pd.to_datetime(df[\"G\u00fcltig ab\"], format=\"%d/%m/%Y\")\n", HALLBERG)
    s.bash("python -m loaders.hallberg inbox/hallberg_2025-10.csv --replace", "Reload with the right dates",
           out="replaced 412 rows; effective dates 2025-10-03 .. 2025-10-13")
    s.say("Reloaded with `format=\"%d/%m/%Y\"`: the effective dates are 3 to 13 October now; the earlier load had "
          "read 03/10 as 10 March.", end=True)
    return s


# -----------------------------------------------------------------------------
H20L12_CORR = ("review from Sven on !311: \"textSize in dp on the departure board won't scale with the system font "
               "size. Riders who set large text (and we have a lot of older riders) get a tiny board. Text is always "
               "sp, or better a TextAppearance / MaterialTheme.typography style; dp only for layout sizes.\" can you "
               "fix that, and keep it in mind")

ITEM_DEPARTURE = ("<TextView\n    android:id=\"@+id/departure_time\"\n    android:layout_width=\"wrap_content\"\n"
                  "    android:layout_height=\"wrap_content\"\n    android:padding=\"12dp\"\n    android:textSize=\"14sp\" />\n")

@lesson("H20L12", "android-text-scaling", "relayed-review", ["always sp", "system font", "TextAppearance"], [
    fire_edit(f"{TRANSIT}/app/src/main/java/com/transitbuddy/ui/TicketCard.kt",
              "                text = ticket.zoneLabel,\n",
              "                text = ticket.zoneLabel,\n                fontSize = with(LocalDensity.current) { 18.dp.toSp() },\n",
              note="Compose text pinned to density; one shared word"),
    fire_edit(f"{RES}/layout/item_stop_alert.xml", "    android:textAppearance=\"@style/TextAppearance.Transit.Body\"\n",
              "    android:textSize=\"16dp\"\n", note="dp text size in another layout"),
    silent_edit(f"{RES}/values/dimens.xml", "    <dimen name=\"row_gap\">8dp</dimen>\n",
                "    <dimen name=\"row_gap\">8dp</dimen>\n    <dimen name=\"row_padding_compact\">6dp</dimen>\n",
                note="dp for layout spacing"),
    silent_edit(f"{RES}/values/styles.xml", "    <style name=\"TextAppearance.Transit.Body\" parent=\"TextAppearance.Material3.BodyMedium\"/>\n",
                "    <style name=\"TextAppearance.Transit.Body\" parent=\"TextAppearance.Material3.BodyMedium\"/>\n"
                "    <style name=\"TextAppearance.Transit.Platform\" parent=\"TextAppearance.Material3.LabelLarge\">\n"
                "        <item name=\"android:textSize\">16sp</item>\n    </style>\n", note="compliant: sp in a style"),
])
def H20L12():
    s = Session("H20L12", TRANSIT, branch="feat/board-density", version="2.0.14", start="2025-09-29T13:10:00")
    s.prompt("departure board rows are cramped on small phones. make the times bigger and tighten the padding")
    s.read(f"{RES}/layout/item_departure.xml", ITEM_DEPARTURE)
    s.edit(f"{RES}/layout/item_departure.xml", "    android:padding=\"12dp\"\n    android:textSize=\"14sp\" />\n",
           "    android:padding=\"8dp\"\n    android:textSize=\"18dp\" />\n", ITEM_DEPARTURE)
    s.bash("./gradlew :app:assembleDebug -q", "Build", out="")
    s.say("Times are 18 and the row padding is 8dp; the debug build passes.", end=True)
    s.prompt(H20L12_CORR, correction=True)
    dep2 = ITEM_DEPARTURE.replace("    android:padding=\"12dp\"\n    android:textSize=\"14sp\" />\n",
                                  "    android:padding=\"8dp\"\n    android:textSize=\"18dp\" />\n")
    s.edit(f"{RES}/layout/item_departure.xml", "    android:textSize=\"18dp\" />\n",
           "    android:textAppearance=\"@style/TextAppearance.Transit.DepartureTime\" />\n", dep2)
    s.grep("textSize=\"[0-9]+dp\"", path=f"{RES}", mode="content", lines=[])
    s.bash("./gradlew :app:assembleDebug -q", "Build", out="")
    s.say("The time uses `TextAppearance.Transit.DepartureTime` (18sp) now, so it follows the system font size; "
          "padding stays 8dp. No other layout has a dp text size.", end=True)
    return s


# -----------------------------------------------------------------------------
H20L13_CORR = ("no. card numbers never touch our servers, not even passing through: that puts the whole backend in "
               "PCI DSS scope (SAQ D instead of SAQ A). Card details are only ever typed into Stripe's Payment Element "
               "(their iframe); the browser gets a PaymentMethod id back and that id is all our backend sees.")

@lesson("H20L13", "pci-card-fields", "rejected-with-feedback",
        ["never touch our servers", "PCI DSS scope", "Payment Element"], [
    fire_edit(f"{SHOP}/api/src/routes/checkout.ts", "router.post('/checkout', async (req, res) => {\n",
              "router.post('/checkout', async (req, res) => {\n  const { pan, expMonth, expYear, cvv } = req.body;\n",
              note="raw card fields arriving at the server; no shared words"),
    fire_write(f"{SHOP}/web/src/components/GiftCardPurchase.tsx",
               "export function GiftCardPurchase() {\n  return (\n    <form onSubmit={submit}>\n"
               "      <input name=\"cardNumber\" autoComplete=\"cc-number\" inputMode=\"numeric\" />\n"
               "      <input name=\"cvc\" autoComplete=\"cc-csc\" />\n      <button>Buy gift card</button>\n    </form>\n  );\n}\n",
               note="own card inputs posted to us"),
    silent_edit(f"{SHOP}/web/src/components/PayButton.tsx", "    setBusy(true);\n",
                "    setBusy(true);\n    const { error } = await stripe.confirmPayment({ elements, redirect: 'if_required' });\n",
                note="compliant: Stripe confirms"),
    silent_prompt("does the checkout still offer Apple Pay and Google Pay after the Stripe SDK upgrade?",
                  note="question in the same area"),
])
def H20L13():
    s = Session("H20L13", SHOP, branch="feat/saved-cards", version="2.1.9", start="2026-01-20T15:45:00")
    s.prompt("customers want to save a card for faster checkout next time. add that to the account page")
    s.read(f"{SHOP}/web/src/pages/account/PaymentMethods.tsx",
           "export function PaymentMethods() {\n  const { data } = useSavedCards();\n  return <CardList cards={data ?? []} />;\n}\n")
    s.reject("Write", {"file_path": f"{SHOP}/web/src/components/AddCardForm.tsx",
                       "content": "export function AddCardForm() {\n  const [card, setCard] = useState({ number: '', exp: '', cvc: '' });\n"
                                  "  const save = () => fetch('/api/cards', { method: 'POST', body: JSON.stringify(card) });\n"
                                  "  return (\n    <form onSubmit={save}>\n      <input value={card.number} onChange={(e) => "
                                  "setCard({ ...card, number: e.target.value })} />\n    </form>\n  );\n}\n"},
             feedback=H20L13_CORR)
    s.write(f"{SHOP}/web/src/components/AddCardForm.tsx",
            "export function AddCardForm({ clientSecret }: { clientSecret: string }) {\n  const stripe = useStripe();\n"
            "  const elements = useElements();\n  const save = async () => {\n"
            "    await stripe!.confirmSetup({ elements: elements!, redirect: 'if_required' });\n  };\n"
            "  return (\n    <form onSubmit={save}>\n      <PaymentElement />\n      <button>Save card</button>\n"
            "    </form>\n  );\n}\n")
    s.write(f"{SHOP}/api/src/routes/setupIntents.ts",
            "router.post('/setup-intents', async (req, res) => {\n  const intent = await stripe.setupIntents.create({\n"
            "    customer: req.user.stripeCustomerId,\n    usage: 'off_session',\n  });\n"
            "  res.json({ clientSecret: intent.client_secret });\n});\n")
    s.bash("pnpm vitest run api/src/routes/setupIntents.test.ts", "Setup intent tests",
           out=" \u2713 api/src/routes/setupIntents.test.ts (3 tests) 44ms\n\n      Tests  3 passed (3)")
    s.say("Cards are saved through a SetupIntent: our API only creates the intent and returns its client secret, "
          "the Payment Element collects the card in Stripe's iframe, and we store the resulting PaymentMethod on the "
          "Stripe customer.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H20L14_CORR = ("ok, this works on the bench and the readings look right, but I need to stop you on the saving part. "
               "The config lives in the internal flash page at 0x0803F800, and a flash page is good for about 10k "
               "erase cycles. You call settings_write() from the measurement loop, which runs every 30 s, so that's "
               "~2,900 erases a day and the page is dead in under four days, and these boxes sit in a field for five "
               "years. We learned this the hard way with the v1 units: the ones that logged min/max to flash bricked "
               "themselves after a month and someone had to drive out and swap them. So: nothing in a loop or on a "
               "timer writes flash. Keep running values in RAM (the .noinit section survives a reset), and only write "
               "on a real config change or right before deep sleep, through settings_save_if_changed(), which compares "
               "before it erases.")

MEASURE_C = ("void measure_task(void)\n{\n    uint16_t raw = adc_read(ADC_SOIL);\n    uint16_t pct = soil_pct(raw);\n"
             "    report_push(pct);\n}\n")

@lesson("H20L14", "flash-wear", "long-rambling",
        ["10k erase cycles", "settings_save_if_changed()", "nothing in a loop or on a timer writes flash"], [
    fire_edit(f"{SOIL}/src/battery.c",
              "static void batt_sample_cb(void)\n{\n    uint16_t mv = adc_read_vbat();\n    g_batt.last_mv = mv;\n",
              "static void batt_sample_cb(void)\n{\n    uint16_t mv = adc_read_vbat();\n    g_batt.last_mv = mv;\n"
              "    nvm_write(NVM_BATT_ADDR, &g_batt, sizeof g_batt);\n",
              note="persisting on every periodic sample; no shared words"),
    fire_edit(f"{SOIL}/src/lora.c", "    g_cfg.uplink_count++;\n",
              "    g_cfg.uplink_count++;\n    settings_write(&g_cfg);\n", note="config written after every uplink"),
    silent_edit(f"{SOIL}/src/sleep.c", "void enter_deep_sleep(uint32_t seconds)\n{\n",
                "void enter_deep_sleep(uint32_t seconds)\n{\n    settings_save_if_changed(&g_cfg);\n",
                note="compliant: save before deep sleep"),
    silent_bash("pio run -e soil_v3", "Build the v3 firmware", note="build"),
])
def H20L14():
    s = Session("H20L14", SOIL, branch="feat/minmax", version="2.0.76", start="2025-11-26T10:25:00")
    s.prompt("keep the min/max soil moisture since the last sync, and it has to survive a reboot")
    s.read(f"{SOIL}/src/measure.c", MEASURE_C, offset=40, limit=7, total=88)
    s.edit(f"{SOIL}/src/measure.c", "    report_push(pct);\n",
           "    report_push(pct);\n    if (pct < g_cfg.min_pct) g_cfg.min_pct = pct;\n"
           "    if (pct > g_cfg.max_pct) g_cfg.max_pct = pct;\n    settings_write(&g_cfg);\n", MEASURE_C)
    s.bash("pio run -e soil_v3 && pio test -e native -f test_minmax", "Build and test",
           out="RAM:   [====      ]  38.2% (used 6260 bytes from 16384 bytes)\nFlash: [=======   ]  71.4%\n"
               "test/test_minmax/test_main.c:31: test_minmax_tracks_extremes\t[PASSED]\n1 Tests 0 Failures 0 Ignored")
    s.say("Min/max are tracked in `g_cfg` and saved with `settings_write()` after each measurement, so they survive "
          "a reboot.", end=True)
    s.prompt(H20L14_CORR, correction=True)
    m2 = MEASURE_C.replace("    report_push(pct);\n", "    report_push(pct);\n    if (pct < g_cfg.min_pct) g_cfg.min_pct = pct;\n"
                           "    if (pct > g_cfg.max_pct) g_cfg.max_pct = pct;\n    settings_write(&g_cfg);\n")
    s.edit(f"{SOIL}/src/measure.c",
           "    if (pct < g_cfg.min_pct) g_cfg.min_pct = pct;\n    if (pct > g_cfg.max_pct) g_cfg.max_pct = pct;\n"
           "    settings_write(&g_cfg);\n",
           "    if (pct < g_minmax.min_pct) g_minmax.min_pct = pct;\n    if (pct > g_minmax.max_pct) g_minmax.max_pct = pct;\n", m2)
    s.write(f"{SOIL}/src/minmax.c",
            "#include \"minmax.h\"\n\n/* RAM only: kept across resets, lost on power loss; never written to flash. */\n"
            "__attribute__((section(\".noinit\"))) struct minmax g_minmax;\n\nvoid minmax_reset_on_sync(void)\n{\n"
            "    g_minmax.min_pct = 100;\n    g_minmax.max_pct = 0;\n}\n")
    s.bash("pio run -e soil_v3 && pio test -e native -f test_minmax", "Build and test",
           out="RAM:   [====      ]  38.3% (used 6268 bytes from 16384 bytes)\nFlash: [=======   ]  71.3%\n"
               "test/test_minmax/test_main.c:31: test_minmax_tracks_extremes\t[PASSED]\n1 Tests 0 Failures 0 Ignored")
    s.say("Moved min/max out of the flash config into `g_minmax` in the `.noinit` section: it survives resets and "
          "watchdog reboots, costs no erase cycles, and is cleared after each sync. Nothing in the measurement path "
          "writes flash now.", end=True)
    return s


# -----------------------------------------------------------------------------
H20L15_CORR = ("Actually, we ship Arabic and Hebrew, so no left/right in styles. Use the logical properties "
               "(margin-inline-start, padding-inline-end, inset-inline-end, text-align: start) so the layout flips by "
               "itself under dir=\"rtl\".")

CARD_CSS = (".card {\n  position: relative;\n  display: flex;\n  gap: 8px;\n}\n\n.badge {\n  font-size: 12px;\n"
            "  border-radius: 4px;\n}\n")

@lesson("H20L15", "rtl-logical-properties", "polite-actually",
        ["logical properties", "margin-inline-start", "dir=\"rtl\""], [
    fire_edit(f"{SOUK}/src/components/Breadcrumbs.tsx", "      <li className=\"crumb\">\n",
              "      <li className=\"crumb ml-3 pr-2\">\n", note="physical Tailwind spacing; no shared words"),
    fire_edit(f"{SOUK}/src/components/CartDrawer.module.css", ".drawer {\n  position: fixed;\n",
              ".drawer {\n  position: fixed;\n  right: 0;\n  border-left: 1px solid var(--border);\n",
              note="physical sides in another stylesheet"),
    silent_edit(f"{SOUK}/src/components/SellerRow.module.css", ".seller {\n  display: flex;\n",
                ".seller {\n  display: flex;\n  padding-inline-start: 12px;\n", note="compliant"),
    silent_edit(f"{SOUK}/src/components/ProductCard.module.css", "  border-radius: 4px;\n",
                "  border-radius: 6px;\n", note="non-directional tweak"),
])
def H20L15():
    s = Session("H20L15", SOUK, branch="fix/seller-badge", version="2.1.9", start="2026-01-28T16:05:00")
    s.prompt("the seller badge overlaps the product title on the cards. push it to the far side with a bit of space")
    s.read(f"{SOUK}/src/components/ProductCard.module.css", CARD_CSS)
    s.edit(f"{SOUK}/src/components/ProductCard.module.css", ".badge {\n  font-size: 12px;\n",
           ".badge {\n  margin-left: auto;\n  padding-right: 6px;\n  font-size: 12px;\n", CARD_CSS)
    s.bash("pnpm stylelint \"src/**/*.css\"", "Lint styles", out="")
    s.say("The badge now sits at the far end of the card with 6px padding, so it no longer covers the title.",
          end=True)
    s.prompt(H20L15_CORR, correction=True)
    c2 = CARD_CSS.replace(".badge {\n  font-size: 12px;\n", ".badge {\n  margin-left: auto;\n  padding-right: 6px;\n  font-size: 12px;\n")
    s.edit(f"{SOUK}/src/components/ProductCard.module.css", "  margin-left: auto;\n  padding-right: 6px;\n",
           "  margin-inline-start: auto;\n  padding-inline-end: 6px;\n", c2)
    s.bash("pnpm playwright test e2e/product-card.spec.ts --project=chromium-ar", "Check the card in Arabic",
           out="Running 2 tests using 2 workers\n  2 passed (4.1s)")
    s.say("Switched to `margin-inline-start` and `padding-inline-end`; in the Arabic run the badge sits on the left, "
          "clear of the title.", end=True)
    return s


# -----------------------------------------------------------------------------
H20L16_CORR = ("no, metric names carry base units: seconds and bytes, with the unit as a suffix "
               "(dispatch_assign_duration_seconds), and durations are histograms, not a gauge holding the last value. "
               "_ms and _kb metrics don't line up with anything else in Grafana and the SLO recording rules expect "
               "seconds. And counters end in _total.")

METRICS_GO = ("var (\n\tassignLatencyMs = promauto.NewGauge(prometheus.GaugeOpts{\n\t\tName: \"dispatch_assign_latency_ms\",\n"
              "\t\tHelp: \"Time of the last driver assignment in ms.\",\n\t})\n"
              "\tassignFailures = promauto.NewCounter(prometheus.CounterOpts{\n\t\tName: \"dispatch_assign_failures\",\n"
              "\t\tHelp: \"Failed driver assignments.\",\n\t})\n)\n")

@lesson("H20L16", "prometheus-metric-units", "plain-no", ["base units", "_seconds", "_total"], [
    fire_edit(f"{DISPATCH}/internal/routing/client.go", "\tresp, err := c.http.Do(req)\n",
              "\tbegin := time.Now()\n\tresp, err := c.http.Do(req)\n"
              "\troutingCallMillis.Set(float64(time.Since(begin).Milliseconds()))\n",
              note="gauge of the last call in milliseconds; no shared words"),
    fire_edit(f"{DISPATCH}/internal/geo/cache.go", "var tileCache = lru.New(4096)\n",
              "var tileCache = lru.New(4096)\n\nvar tileCacheKB = promauto.NewGauge(prometheus.GaugeOpts{\n"
              "\tName: \"dispatch_tile_cache_kb\",\n\tHelp: \"Tile cache size in KB.\",\n})\n",
              note="size metric in kilobytes"),
    silent_edit(f"{DISPATCH}/internal/eta/metrics.go", "var (\n",
                "var (\n\tetaCalcSeconds = promauto.NewHistogram(prometheus.HistogramOpts{\n"
                "\t\tName:    \"dispatch_eta_calc_duration_seconds\",\n\t\tBuckets: prometheus.DefBuckets,\n\t})\n",
                note="compliant"),
    silent_bash("go test ./internal/...", "Run the internal tests", note="tests"),
])
def H20L16():
    s = Session("H20L16", DISPATCH, branch="feat/assign-metrics", version="2.0.37", start="2025-10-15T09:50:00")
    s.prompt("add metrics for how long driver assignment takes and how many assignments fail")
    s.write(f"{DISPATCH}/internal/assign/metrics.go", METRICS_GO)
    assign = ("func (a *Assigner) Assign(ctx context.Context, job Job) (DriverID, error) {\n"
              "\tdriver, err := a.pick(ctx, job)\n\treturn driver, err\n}\n")
    assign2 = s.edit(f"{DISPATCH}/internal/assign/assign.go", "\tdriver, err := a.pick(ctx, job)\n",
                     "\tstart := time.Now()\n\tdriver, err := a.pick(ctx, job)\n"
                     "\tassignLatencyMs.Set(float64(time.Since(start).Milliseconds()))\n\tif err != nil {\n\t\tassignFailures.Inc()\n\t}\n",
                     assign)
    s.bash("go test ./internal/assign/", "Run the assign tests", out="ok  \tdispatch/internal/assign\t0.211s")
    s.say("Added `dispatch_assign_latency_ms` (latest assignment time) and `dispatch_assign_failures`.", end=True)
    s.prompt(H20L16_CORR, correction=True)
    s.write(f"{DISPATCH}/internal/assign/metrics.go",
            "var (\n\tassignDuration = promauto.NewHistogram(prometheus.HistogramOpts{\n"
            "\t\tName:    \"dispatch_assign_duration_seconds\",\n\t\tHelp:    \"Time to assign a driver to a job.\",\n"
            "\t\tBuckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5},\n\t})\n"
            "\tassignFailures = promauto.NewCounter(prometheus.CounterOpts{\n\t\tName: \"dispatch_assign_failures_total\",\n"
            "\t\tHelp: \"Failed driver assignments.\",\n\t})\n)\n", METRICS_GO)
    s.edit(f"{DISPATCH}/internal/assign/assign.go", "\tassignLatencyMs.Set(float64(time.Since(start).Milliseconds()))\n",
           "\tassignDuration.Observe(time.Since(start).Seconds())\n", assign2)
    s.bash("go test ./internal/assign/ && curl -s localhost:9102/metrics | grep -c '^dispatch_assign'",
           "Test and look at the exposition", out="ok  \tdispatch/internal/assign\t0.198s\n13")
    s.say("Now `dispatch_assign_duration_seconds` (histogram, observed with `time.Since(start).Seconds()`) and "
          "`dispatch_assign_failures_total`.", end=True)
    return s
