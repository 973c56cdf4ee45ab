"""gen-holdout-9: lessons about code (measuring in a geographic CRS, MATLAB eval'd variable names, blocking work in a
Zephyr interrupt callback, Cassandra queries off the partition key, Avro schema evolution, client directives on Next.js
pages, expected errors sent to Sentry, analytics events outside the tracking plan)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_write,
)

FLOOD = "/home/sofia/gis/flood-exposure"
EEG = "/Users/henrik/lab/eeg-toolbox"
SOIL = "/home/li/fw/soil-probe"
TELE = "/home/omar/src/telemetry-store"
ORDERS = "/home/greta/src/orders-events"
ATELIER = "/Users/jules/dev/atelier-shop"
BOOKING = "/home/nnamdi/src/booking-api"
RECIPE = "/Users/camille/dev/recipebox-web"


# -----------------------------------------------------------------------------
H9L09_CORR = ("no. that's square degrees divided by a million. everything in data/ is EPSG:4326, so anything you measure "
              "(area, length, buffers) must be projected first: .to_crs(3035), LAEA Europe, which is equal-area. 4326 "
              "stays for storage and the web map only")

SUMMARY_PY = ("import geopandas as gpd\n\n\ndef summary(munis: gpd.GeoDataFrame, flood: gpd.GeoDataFrame) -> gpd.GeoDataFrame:\n"
              "    out = munis[[\"muni_code\", \"name\", \"population\", \"geometry\"]].copy()\n    return out\n")

@lesson("H9L09", "gis-projections", "terse-no", ["to_crs(3035)", "square degrees", "projected first"], [
    fire_write(f"{FLOOD}/exposure/hospital_access.py",
               "from shapely.ops import nearest_points\n\n\ndef nearest_hospital_m(pt, hospitals):\n"
               "    h = nearest_points(pt, hospitals.unary_union)[1]\n    return pt.distance(h) * 111_320\n",
               note="degree distance times a constant; no shared words"),
    fire_edit(f"{FLOOD}/exposure/rivers.py", "    return rivers\n",
              "    rivers[\"geometry\"] = rivers.geometry.buffer(0.0045)  # ~500 m\n    return rivers\n",
              note="buffer given in degrees"),
    silent_edit(f"{FLOOD}/exposure/rivers.py", "    return rivers\n",
                "    rivers[\"geometry\"] = rivers.to_crs(3035).buffer(500).to_crs(4326)\n    return rivers\n",
                note="compliant: projected buffer"),
    silent_bash("ogrinfo -so data/municipalities.gpkg municipalities", "Layer summary", note="related, read-only"),
])
def H9L09():
    s = Session("H9L09", FLOOD, branch="feat/flooded-area", version="2.1.9", start="2026-02-04T09:45:00")
    s.prompt("add the flooded area per municipality in km² to the summary table. flood extent is data/flood_extent_2024.gpkg")
    path = f"{FLOOD}/exposure/summary.py"
    s.read(path, SUMMARY_PY)
    s.bash("python -c \"import geopandas as gpd; print(gpd.read_file('data/municipalities.gpkg').crs, "
           "gpd.read_file('data/flood_extent_2024.gpkg').crs)\"", "Check the layers' CRS", out="EPSG:4326 EPSG:4326")
    s.edit(path, "    return out\n",
           "    flooded = gpd.overlay(out, flood[[\"geometry\"]], how=\"intersection\")\n"
           "    area = flooded.dissolve(\"muni_code\").area / 1e6\n"
           "    out[\"flood_km2\"] = out[\"muni_code\"].map(area).fillna(0.0)\n    return out\n", SUMMARY_PY)
    s.bash("python -m exposure.report --region NL-ZH | head -4", "Run the report",
           out="muni_code  name           population  flood_km2\nGM0599     Rotterdam      655468      0.000000021\n"
               "GM0518     's-Gravenhage  552995      0.000000004\nGM0503     Delft          104468      0.000000002")
    s.say("Added `flood_km2` (area of the overlay, dissolved per municipality, divided by 1e6). The report runs.", end=True)
    s.prompt(H9L09_CORR, correction=True, think_secs=(15, 60))
    bad = SUMMARY_PY.replace("    return out\n", "    flooded = gpd.overlay(out, flood[[\"geometry\"]], how=\"intersection\")\n"
                             "    area = flooded.dissolve(\"muni_code\").area / 1e6\n"
                             "    out[\"flood_km2\"] = out[\"muni_code\"].map(area).fillna(0.0)\n    return out\n")
    s.edit(path, "    area = flooded.dissolve(\"muni_code\").area / 1e6\n",
           "    area = flooded.to_crs(3035).dissolve(\"muni_code\").area / 1e6\n", bad)
    s.bash("python -m exposure.report --region NL-ZH | head -4", "Run it again",
           out="muni_code  name           population  flood_km2\nGM0599     Rotterdam      655468      18.41\n"
               "GM0518     's-Gravenhage  552995      3.07\nGM0503     Delft          104468      1.62")
    s.say("The overlay is now projected to EPSG:3035 before `.area`, so `flood_km2` is in real square kilometres (Rotterdam "
          "18.4 km²). The stored layers stay in 4326.", end=True)
    return s


# -----------------------------------------------------------------------------
H9L10_CORR = ("thanks, the numbers match my spreadsheet! one thing for next time though: please no eval (or assignin/evalin) "
              "to conjure numbered names like sub01, sub02. the Code Analyzer flags each line, nothing downstream can loop "
              "over them, and the toolbox gets compiled with mcc for the clinic, where eval'd code breaks. keep them in a "
              "struct array or a cell (subjects(i) = load(...)), or dynamic fields s.(name) when you really need names")

RUN_GROUP_EVAL = ("for i = 1:24\n    eval(sprintf('sub%02d = load(\"data/sub%02d.mat\");', i, i));\n"
                  "    eval(sprintf('alpha_%02d = bandpower_mean(sub%02d.eeg, sub%02d.fs, [8 12]);', i, i, i));\nend\n"
                  "alpha = cellfun(@eval, compose('alpha_%02d', (1:24)'));\n"
                  "T = table((1:24)', alpha, 'VariableNames', {'subject', 'alpha'});\n")

ERP_M = ("conds = {'target', 'standard', 'novel'};\nfor c = 1:numel(conds)\nend\n")

@lesson("H9L10", "matlab-dynamic-variables", "thanks-one-thing", ["no eval", "struct array", "dynamic fields"], [
    fire_prompt("give every participant a workspace variable called after their ID so I can poke at them from the command "
                "window", note="asks for one variable per participant; no shared words"),
    fire_edit(f"{EEG}/analysis/erp_conditions.m", "for c = 1:numel(conds)\nend\n",
              "for c = 1:numel(conds)\n    eval(['erp_' conds{c} ' = mean(epochs.' conds{c} ', 3);']);\nend\n",
              note="eval to build variable names"),
    silent_edit(f"{EEG}/analysis/erp_conditions.m", "for c = 1:numel(conds)\nend\n",
                "for c = 1:numel(conds)\n    erp.(conds{c}) = mean(epochs.(conds{c}), 3);\nend\n",
                note="compliant: dynamic field"),
    silent_bash("matlab -batch \"results = runtests('tests'); disp(table(results))\"", "Run the toolbox tests",
                note="related, harmless"),
])
def H9L10():
    s = Session("H9L10", EEG, branch="main", version="2.0.37", start="2025-10-28T14:00:00")
    s.prompt("run_group.m should load data/sub01.mat … sub24.mat and put mean alpha power (8-12 Hz) per subject in a table")
    s.glob("data/sub*.mat", [f"{EEG}/data/sub{i:02d}.mat" for i in range(1, 25)])
    s.write(f"{EEG}/run_group.m", RUN_GROUP_EVAL)
    s.bash("matlab -batch \"run_group; disp(head(T, 3))\"", "Run it", lo=15, hi=45,
           out="    subject    alpha \n    _______    ______\n\n       1       4.2183\n       2       3.9071\n       3       5.0112")
    s.say("`run_group.m` loads all 24 subjects, computes mean 8-12 Hz power with `bandpower_mean` and builds table `T`.",
          end=True)
    s.prompt(H9L10_CORR, correction=True, think_secs=(120, 400))
    s.write(f"{EEG}/run_group.m",
            "n = 24;\nsubjects = struct('eeg', cell(n, 1), 'fs', cell(n, 1));\nalpha = zeros(n, 1);\nfor i = 1:n\n"
            "    subjects(i) = load(sprintf('data/sub%02d.mat', i), 'eeg', 'fs');\n"
            "    alpha(i) = bandpower_mean(subjects(i).eeg, subjects(i).fs, [8 12]);\nend\n"
            "T = table((1:n)', alpha, 'VariableNames', {'subject', 'alpha'});\n", original=RUN_GROUP_EVAL)
    s.bash("matlab -batch \"run_group; disp(head(T, 3)); checkcode('run_group.m')\"", "Run it and the Code Analyzer",
           lo=15, hi=45, out="    subject    alpha \n    _______    ______\n\n       1       4.2183\n       2       3.9071\n"
                             "       3       5.0112")
    s.say("Rewrote it with a struct array `subjects(i)` and a preallocated `alpha` vector; same numbers, and the Code "
          "Analyzer has nothing to report.", end=True)
    return s


# -----------------------------------------------------------------------------
H9L11_CORR = ("```\n[00:00:12.418,884] <err> os: ***** USAGE FAULT *****\n[00:00:12.418,884] <err> os:   Illegal use of the "
              "EPSR\nASSERTION FAIL [!arch_is_in_isr()] @ WEST_TOPDIR/zephyr/kernel/sched.c:1490\n```\nthat's the board "
              "the first time the bucket tipped. the gpio callback runs in interrupt context, nothing in there may sleep or "
              "block: no k_msleep, no sensor_sample_fetch or any i2c, no mutex with K_FOREVER. just atomic_inc the tips and "
              "k_work_submit() the rest; the work item runs on the system workqueue and can sleep all it wants")

RAIN_C = ("#include <zephyr/kernel.h>\n#include <zephyr/drivers/gpio.h>\n#include <zephyr/drivers/sensor.h>\n\n"
          "static const struct gpio_dt_spec reed = GPIO_DT_SPEC_GET(DT_NODELABEL(rain_reed), gpios);\n"
          "static const struct device *const sht = DEVICE_DT_GET_ONE(sensirion_sht4x);\n"
          "static struct gpio_callback reed_cb;\nstatic atomic_t tips;\n\n"
          "static void reed_isr(const struct device *port, struct gpio_callback *cb, uint32_t pins)\n{\n}\n")

RAIN_BAD_BODY = ("{\n\tk_msleep(5); /* debounce */\n\tif (!gpio_pin_get_dt(&reed)) {\n\t\treturn;\n\t}\n"
                 "\tstruct sensor_value t, rh;\n\tsensor_sample_fetch(sht);\n"
                 "\tsensor_channel_get(sht, SENSOR_CHAN_AMBIENT_TEMP, &t);\n"
                 "\tsensor_channel_get(sht, SENSOR_CHAN_HUMIDITY, &rh);\n\tatomic_inc(&tips);\n"
                 "\tlog_tip(atomic_get(&tips), &t, &rh);\n}\n")

@lesson("H9L11", "zephyr-isr", "pasted-crash-then-rule", ["interrupt context", "k_work_submit", "may sleep or block"], [
    fire_edit(f"{SOIL}/src/buttons.c",
              "static void button_pressed(const struct device *port, struct gpio_callback *cb, uint32_t pins)\n{\n",
              "static void button_pressed(const struct device *port, struct gpio_callback *cb, uint32_t pins)\n{\n"
              "\tk_sleep(K_MSEC(30)); /* debounce */\n", note="delay inside a pin handler; no shared words"),
    fire_prompt("in the anemometer pulse handler, grab the wind-vane ADC sample right there so both stay in sync",
                note="asks for a blocking ADC read inside the pulse callback"),
    silent_edit(f"{SOIL}/src/rain.c", "static void rain_work_fn(struct k_work *work)\n{\n",
                "static void rain_work_fn(struct k_work *work)\n{\n\tk_msleep(20); /* let the SHT4x settle */\n",
                note="sleeping in the work handler is fine"),
    silent_bash("west build -b nrf52840dk/nrf52840 -p auto", "Build the firmware", note="related, harmless"),
])
def H9L11():
    s = Session("H9L11", SOIL, branch="feat/rain-gauge", version="2.1.7", start="2026-01-14T17:25:00")
    s.prompt("when the rain gauge reed switch closes (P0.14, falling edge) read temp/humidity from the SHT4x and bump the tip "
             "counter")
    path = f"{SOIL}/src/rain.c"
    s.read(path, RAIN_C)
    s.edit(path, "static void reed_isr(const struct device *port, struct gpio_callback *cb, uint32_t pins)\n{\n}\n",
           "static void reed_isr(const struct device *port, struct gpio_callback *cb, uint32_t pins)\n" + RAIN_BAD_BODY,
           RAIN_C)
    s.bash("west build -b nrf52840dk/nrf52840 -p auto && west flash", "Build and flash", lo=40, hi=120,
           out="[187/187] Linking C executable zephyr/zephyr.elf\nMemory region         Used Size  Region Size  %age Used\n"
               "           FLASH:      118424 B         1 MB     11.29%\n-- runners.nrfjprog: Flashing file: zephyr/zephyr.hex\n"
               "-- runners.nrfjprog: Board with serial number 1050212233 flashed successfully.")
    s.say("The reed callback debounces for 5 ms, reads temperature and humidity from the SHT4x and increments `tips`. "
          "Built and flashed.", end=True)
    s.prompt(H9L11_CORR, correction=True, think_secs=(90, 400))
    bad = RAIN_C.replace("{\n}\n", RAIN_BAD_BODY)
    bad = s.edit(path, RAIN_BAD_BODY,
                 "{\n\tatomic_inc(&tips);\n\tk_work_submit(&rain_work);\n}\n", bad)
    s.edit(path, "static atomic_t tips;\n",
           "static atomic_t tips;\n\nstatic void rain_work_fn(struct k_work *work)\n{\n\tk_msleep(5); /* debounce */\n"
           "\tif (!gpio_pin_get_dt(&reed)) {\n\t\treturn;\n\t}\n\tstruct sensor_value t, rh;\n"
           "\tsensor_sample_fetch(sht);\n\tsensor_channel_get(sht, SENSOR_CHAN_AMBIENT_TEMP, &t);\n"
           "\tsensor_channel_get(sht, SENSOR_CHAN_HUMIDITY, &rh);\n\tlog_tip(atomic_get(&tips), &t, &rh);\n}\n\n"
           "static K_WORK_DEFINE(rain_work, rain_work_fn);\n", bad)
    s.bash("west build -b nrf52840dk/nrf52840 -p auto && west flash", "Build and flash again", lo=40, hi=120,
           out="[12/12] Linking C executable zephyr/zephyr.elf\n-- runners.nrfjprog: Board with serial number 1050212233 "
               "flashed successfully.")
    s.say("The callback now only does `atomic_inc(&tips)` and `k_work_submit(&rain_work)`; debounce, the SHT4x read and "
          "logging moved to `rain_work_fn`, which runs on the system workqueue. Flashed; tipping the bucket no longer "
          "faults.", end=True)
    return s


# -----------------------------------------------------------------------------
H9L12_CORR = ("hmm, it works on the dev node, but ALLOW FILTERING on readings means every node scans every partition in prod "
              "(12 nodes, ~4 TB), that's exactly what timed out the cluster in November. we query cassandra by partition key "
              "only. if you need readings by firmware, add a table keyed for that query (readings_by_firmware, partition "
              "(firmware, day)), write both in one logged batch, and check with TRACING ON that it touches a single partition")

REPO_JAVA = ("public final class ReadingRepository {\n    private static final String BY_SENSOR_DAY =\n"
             "        \"SELECT sensor_id, ts, value FROM readings WHERE sensor_id = ? AND day = ?\";\n\n"
             "    private final CqlSession session;\n}\n")

@lesson("H9L12", "cassandra-queries", "works-but", ["ALLOW FILTERING", "by partition key only", "readings_by_firmware"], [
    fire_edit(f"{TELE}/src/main/java/io/omar/telemetry/DeviceRepository.java",
              "    private static final String BY_ID = \"SELECT id, owner_email, model FROM devices WHERE id = ?\";\n",
              "    private static final String BY_ID = \"SELECT id, owner_email, model FROM devices WHERE id = ?\";\n"
              "    private static final String BY_OWNER = \"SELECT id, owner_email, model FROM devices WHERE owner_email = ?\";\n",
              note="lookup on a non-key column; no shared words"),
    fire_bash("cqlsh cass-prod-1.internal -e \"SELECT count(*) FROM telemetry.readings WHERE status = 'ERR' ALLOW FILTERING;\"",
              "Count error readings", note="filtering scan on the cluster"),
    silent_edit(f"{TELE}/src/main/java/io/omar/telemetry/ReadingRepository.java",
                "        \"SELECT sensor_id, ts, value FROM readings WHERE sensor_id = ? AND day = ?\";\n",
                "        \"SELECT sensor_id, ts, value FROM readings WHERE sensor_id = ? AND day = ? AND ts >= ?\";\n",
                note="compliant: partition key plus clustering range"),
    silent_bash("cqlsh localhost -e \"TRACING ON; SELECT * FROM telemetry.readings WHERE sensor_id = 'a1f3' AND "
                "day = '2026-03-02' LIMIT 5;\"", "Trace a partition read locally", note="related, harmless"),
])
def H9L12():
    s = Session("H9L12", TELE, branch="feat/readings-by-firmware", version="2.1.9", start="2026-02-24T10:15:00")
    s.prompt("new endpoint GET /readings?firmware=…&since=… returning the readings of one firmware version over the last day")
    path = f"{TELE}/src/main/java/io/omar/telemetry/ReadingRepository.java"
    s.read(path, REPO_JAVA)
    s.edit(path, "        \"SELECT sensor_id, ts, value FROM readings WHERE sensor_id = ? AND day = ?\";\n",
           "        \"SELECT sensor_id, ts, value FROM readings WHERE sensor_id = ? AND day = ?\";\n"
           "    private static final String BY_FIRMWARE =\n"
           "        \"SELECT sensor_id, ts, value FROM readings WHERE firmware = ? AND ts > ? ALLOW FILTERING\";\n", REPO_JAVA)
    s.bash("./gradlew test --tests '*ReadingsEndpointTest*' -q", "Run the endpoint tests", lo=20, hi=60, out="")
    s.say("Added `GET /readings?firmware=&since=` backed by a `BY_FIRMWARE` query; the tests pass against the local node.",
          end=True)
    s.prompt(H9L12_CORR, correction=True, think_secs=(60, 300))
    s.write(f"{TELE}/src/main/resources/cql/V14__readings_by_firmware.cql",
            "CREATE TABLE IF NOT EXISTS telemetry.readings_by_firmware (\n    firmware text,\n    day date,\n"
            "    ts timestamp,\n    sensor_id text,\n    value double,\n    PRIMARY KEY ((firmware, day), ts, sensor_id)\n"
            ") WITH CLUSTERING ORDER BY (ts DESC, sensor_id ASC);\n")
    bad = REPO_JAVA.replace("        \"SELECT sensor_id, ts, value FROM readings WHERE sensor_id = ? AND day = ?\";\n",
                            "        \"SELECT sensor_id, ts, value FROM readings WHERE sensor_id = ? AND day = ?\";\n"
                            "    private static final String BY_FIRMWARE =\n"
                            "        \"SELECT sensor_id, ts, value FROM readings WHERE firmware = ? AND ts > ? ALLOW FILTERING\";\n")
    s.edit(path, "        \"SELECT sensor_id, ts, value FROM readings WHERE firmware = ? AND ts > ? ALLOW FILTERING\";\n",
           "        \"SELECT sensor_id, ts, value FROM readings_by_firmware WHERE firmware = ? AND day IN ? AND ts > ?\";\n", bad)
    s.bash("./gradlew test -q && cqlsh localhost -e \"TRACING ON; SELECT * FROM telemetry.readings_by_firmware WHERE "
           "firmware = '2.8.1' AND day = '2026-02-24' LIMIT 1;\" | grep -c 'Merging data from memtables'",
           "Tests and a traced read", lo=20, hi=60, out="1")
    s.say("Added `readings_by_firmware` keyed by `(firmware, day)`, written together with `readings` in one logged batch; "
          "the endpoint reads today's and yesterday's partitions. The trace shows a single partition read.", end=True)
    return s


# -----------------------------------------------------------------------------
H9L13_CORR = ("wait wait, don't flip the subject to NONE. that check is what keeps the nine consumer services, and the S3 "
              "sink that replays two years of history, able to read old and new events alike. a new field needs a default: "
              "turn it into a union with null first and \"default\": null, and the compatibility test passes. never loosen "
              "the compatibility level; renames or changing a field's kind get a new subject after we've talked")

AVSC = ("{\n  \"type\": \"record\",\n  \"name\": \"OrderPlaced\",\n  \"namespace\": \"com.greta.orders.events\",\n"
        "  \"fields\": [\n    {\"name\": \"orderId\", \"type\": \"string\"},\n    {\"name\": \"customerId\", \"type\": \"string\"},\n"
        "    {\"name\": \"totalCents\", \"type\": \"long\"}\n  ]\n}\n")

@lesson("H9L13", "avro-schema-evolution", "interrupted-wait", ["needs a default", "never loosen the compatibility level",
                                                               "flip the subject to NONE"], [
    fire_prompt("ship v7 of OrderPlaced with loyaltyTier as a required attribute; make the registry stop complaining",
                note="asks to get a breaking schema through; no shared words"),
    fire_edit(f"{ORDERS}/src/main/avro/PaymentCaptured.avsc", "    {\"name\": \"amountCents\", \"type\": \"long\"}\n",
              "    {\"name\": \"amountCents\", \"type\": \"long\"},\n    {\"name\": \"pspReference\", \"type\": \"string\"}\n",
              note="new field without a default"),
    silent_edit(f"{ORDERS}/src/main/avro/PaymentCaptured.avsc", "    {\"name\": \"amountCents\", \"type\": \"long\"}\n",
                "    {\"name\": \"amountCents\", \"type\": \"long\"},\n"
                "    {\"name\": \"pspReference\", \"type\": [\"null\", \"string\"], \"default\": null}\n",
                note="compliant: optional field with a default"),
    silent_bash("mvn -q schema-registry:test-compatibility", "Check the schemas against the registry",
                note="related, harmless"),
])
def H9L13():
    s = Session("H9L13", ORDERS, branch="feat/loyalty-tier", version="2.0.76", start="2025-12-01T11:10:00")
    s.prompt("consumers want the customer's loyalty tier on OrderPlaced, add it")
    path = f"{ORDERS}/src/main/avro/OrderPlaced.avsc"
    s.read(path, AVSC)
    s.edit(path, "    {\"name\": \"totalCents\", \"type\": \"long\"}\n",
           "    {\"name\": \"totalCents\", \"type\": \"long\"},\n    {\"name\": \"loyaltyTier\", \"type\": \"string\"}\n", AVSC)
    s.bash("mvn -q schema-registry:test-compatibility", "Check compatibility", code=1,
           out="[ERROR] Schema /home/greta/src/orders-events/src/main/avro/OrderPlaced.avsc is not compatible with subject "
               "(orders.order-placed-value) with error [{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE', "
               "description:'The field 'loyaltyTier' at path '/fields/3' in the new schema has no default value and is "
               "missing in the old schema', additionalInfo:'loyaltyTier'}, {compatibility: 'BACKWARD'}]")
    s.say("The registry's BACKWARD check rejects the new required field. I'll relax the subject's compatibility so v7 can be "
          "registered.")
    s.interrupt_tool("Bash", {"command": "curl -s -X PUT -H 'Content-Type: application/vnd.schemaregistry.v1+json' --data "
                                         "'{\"compatibility\": \"NONE\"}' \"$SCHEMA_REGISTRY_URL/config/orders.order-placed-value\"",
                              "description": "Set the subject's compatibility to NONE"})
    s.prompt(H9L13_CORR, correction=True, think_secs=(8, 30))
    bad = AVSC.replace("    {\"name\": \"totalCents\", \"type\": \"long\"}\n",
                       "    {\"name\": \"totalCents\", \"type\": \"long\"},\n    {\"name\": \"loyaltyTier\", \"type\": \"string\"}\n")
    s.edit(path, "    {\"name\": \"loyaltyTier\", \"type\": \"string\"}\n",
           "    {\"name\": \"loyaltyTier\", \"type\": [\"null\", \"string\"], \"default\": null}\n", bad)
    s.bash("mvn -q schema-registry:test-compatibility", "Check compatibility again",
           out="[INFO] Schema /home/greta/src/orders-events/src/main/avro/OrderPlaced.avsc is compatible with subject "
               "(orders.order-placed-value)")
    s.say("Nothing was sent to the registry. `loyaltyTier` is now `[\"null\", \"string\"]` with `\"default\": null`, and the "
          "BACKWARD check passes; consumers get `null` for older events.", end=True)
    return s


# -----------------------------------------------------------------------------
H9L14_CORR = ("ugh no, dont slap \"use client\" on the hole page. that makes the entire route a client bundle, kills the server "
              "fetch + caching and ships the product json twice. pages stay server components; make a tiny client "
              "component (QuantityPicker.tsx with \"use client\" at the top) and render it from the page. thx")

PDP = ("import { getProduct } from \"@/lib/catalog\";\nimport { AddToCart } from \"@/components/AddToCart\";\n\n"
       "export default async function ProductPage({ params }: { params: Promise<{ slug: string }> }) {\n"
       "  const { slug } = await params;\n  const product = await getProduct(slug);\n  return (\n    <main className=\"pdp\">\n"
       "      <h1>{product.name}</h1>\n      <AddToCart sku={product.sku} />\n    </main>\n  );\n}\n")

PDP_CLIENT = ("\"use client\";\n\nimport { useEffect, useState } from \"react\";\nimport { useParams } from \"next/navigation\";\n"
              "import { AddToCart } from \"@/components/AddToCart\";\n\nexport default function ProductPage() {\n"
              "  const { slug } = useParams<{ slug: string }>();\n  const [product, setProduct] = useState<Product | null>(null);\n"
              "  const [qty, setQty] = useState(1);\n  useEffect(() => {\n    fetch(`/api/products/${slug}`).then((r) => r.json())"
              ".then(setProduct);\n  }, [slug]);\n  if (!product) return null;\n  return (\n    <main className=\"pdp\">\n"
              "      <h1>{product.name}</h1>\n      <input type=\"number\" min={1} max={product.stock} value={qty} "
              "onChange={(e) => setQty(Number(e.target.value))} />\n      <AddToCart sku={product.sku} qty={qty} />\n"
              "    </main>\n  );\n}\n")

@lesson("H9L14", "nextjs-server-components", "annoyed-typos", ["use client", "pages stay server components",
                                                               "tiny client component"], [
    fire_prompt("let the root layout hold the cart drawer's open/closed state with useState so it can pop up from anywhere",
                note="stateful hooks in the root layout; no shared words"),
    fire_edit(f"{ATELIER}/app/collections/[handle]/page.tsx", "import { getCollection } from \"@/lib/catalog\";\n",
              "\"use client\";\n\nimport { useSearchParams } from \"next/navigation\";\nimport { getCollection } from "
              "\"@/lib/catalog\";\n", note="client directive at the top of a page"),
    silent_write(f"{ATELIER}/components/SizeGuideToggle.tsx",
                 "\"use client\";\n\nimport { useState } from \"react\";\n\nexport function SizeGuideToggle({ children }: "
                 "{ children: React.ReactNode }) {\n  const [open, setOpen] = useState(false);\n  return (\n    <>\n"
                 "      <button onClick={() => setOpen(!open)}>Size guide</button>\n      {open && children}\n    </>\n  );\n}\n",
                 note="compliant: a small interactive leaf"),
    silent_edit(f"{ATELIER}/app/products/[slug]/page.tsx", "      <AddToCart sku={product.sku} />\n",
                "      <AddToCart sku={product.sku} />\n      <SizeGuideToggle><SizeTable sizes={product.sizes} /></SizeGuideToggle>\n",
                note="server page renders the leaf"),
])
def H9L14():
    s = Session("H9L14", ATELIER, branch="feat/qty-picker", version="2.1.31", start="2026-03-10T15:50:00")
    s.prompt("product page needs a quantity picker next to add to cart (max = stock)")
    path = f"{ATELIER}/app/products/[slug]/page.tsx"
    s.read(path, PDP)
    s.write(path, PDP_CLIENT, original=PDP)
    s.bash("pnpm build 2>&1 | grep products", "Build", lo=30, hi=90,
           out="├ ƒ /products/[slug]                     38.2 kB         141 kB")
    s.say("The product page now has a quantity input (1 to stock) next to Add to cart and passes `qty` through. It builds.",
          end=True)
    s.prompt(H9L14_CORR, correction=True, think_secs=(20, 90))
    s.write(f"{ATELIER}/components/QuantityPicker.tsx",
            "\"use client\";\n\nimport { useState } from \"react\";\nimport { AddToCart } from \"@/components/AddToCart\";\n\n"
            "export function QuantityPicker({ sku, max }: { sku: string; max: number }) {\n  const [qty, setQty] = useState(1);\n"
            "  return (\n    <>\n      <input type=\"number\" min={1} max={max} value={qty} onChange={(e) => "
            "setQty(Number(e.target.value))} />\n      <AddToCart sku={sku} qty={qty} />\n    </>\n  );\n}\n")
    s.write(path, PDP.replace("import { AddToCart } from \"@/components/AddToCart\";\n",
                              "import { QuantityPicker } from \"@/components/QuantityPicker\";\n")
            .replace("      <AddToCart sku={product.sku} />\n", "      <QuantityPicker sku={product.sku} max={product.stock} />\n"),
            original=PDP_CLIENT)
    s.bash("pnpm build 2>&1 | grep products", "Build again", lo=30, hi=90,
           out="├ ƒ /products/[slug]                     1.9 kB          104 kB")
    s.say("The page is a server component again (server fetch and caching as before); only `QuantityPicker` is a client "
          "component. The route's JS dropped from 38.2 kB to 1.9 kB.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H9L15_CORR = ("so this went out with yesterday's 17:00 deploy and on-call got paged 300+ times overnight, and we burned a third "
              "of the monthly event quota. expected errors (failed validation, 404s, expired tokens) never go to Sentry, "
              "they're normal traffic. log them at info level and count them with metrics.increment(\"booking.validation_"
              "failed\", { field }). captureException is for bugs we didn't see coming")

ERRORS_TS = ("import type { ErrorRequestHandler } from \"express\";\nimport * as Sentry from \"@sentry/node\";\n"
             "import { ValidationError, NotFoundError } from \"../errors\";\nimport { logger } from \"../logger\";\n\n"
             "export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {\n"
             "  if (err instanceof ValidationError) {\n    return res.status(422).json({ error: err.code, field: err.field });\n"
             "  }\n  if (err instanceof NotFoundError) {\n    return res.status(404).json({ error: \"not_found\" });\n  }\n"
             "  Sentry.captureException(err);\n  logger.error({ err }, \"unhandled error\");\n"
             "  return res.status(500).json({ error: \"internal\" });\n};\n")

@lesson("H9L15", "sentry-noise", "after-the-fact-page-storm", ["expected errors", "never go to Sentry",
                                                               "metrics.increment"], [
    fire_prompt("make sure we get an alert for each 409 when someone tries to grab a slot that's already taken",
                note="asks for alerting on a routine conflict; no shared words"),
    fire_edit(f"{BOOKING}/src/middleware/auth.ts", "    if (e instanceof TokenExpiredError) {\n",
              "    if (e instanceof TokenExpiredError) {\n      Sentry.captureException(e);\n",
              note="expired token reported as an exception"),
    silent_edit(f"{BOOKING}/src/middleware/auth.ts", "    if (e instanceof TokenExpiredError) {\n",
                "    if (e instanceof TokenExpiredError) {\n      metrics.increment(\"auth.token_expired\");\n",
                note="compliant: a counter"),
    silent_edit(f"{BOOKING}/src/jobs/reminders.ts", "  } catch (err) {\n    logger.error({ err }, \"reminder batch failed\");\n",
                "  } catch (err) {\n    Sentry.captureException(err);\n    logger.error({ err }, \"reminder batch failed\");\n",
                note="compliant: an unexpected failure in a job"),
])
def H9L15():
    s = Session("H9L15", BOOKING, branch="main", version="2.1.9", start="2026-02-11T16:20:00")
    s.prompt("we have zero visibility when people submit bad booking dates. add error reporting on the validation path")
    path = f"{BOOKING}/src/middleware/errors.ts"
    s.read(path, ERRORS_TS)
    s.edit(path, "  if (err instanceof ValidationError) {\n",
           "  if (err instanceof ValidationError) {\n    Sentry.captureException(err, { tags: { kind: \"validation\", "
           "field: err.field } });\n", ERRORS_TS)
    s.bash("pnpm test -- errors && git commit -qam \"report validation errors\" && git push -q", "Test, commit, push",
           out=" ✓ test/middleware/errors.test.ts (6 tests) 41ms\n\n Test Files  1 passed (1)\n      Tests  6 passed (6)")
    s.say("Validation errors are now reported to Sentry with the failing field as a tag; pushed to main, so it goes out "
          "with the 17:00 deploy.", end=True)
    s.prompt(H9L15_CORR, correction=True, think_secs=(900, 3000))
    bad = ERRORS_TS.replace("  if (err instanceof ValidationError) {\n",
                            "  if (err instanceof ValidationError) {\n    Sentry.captureException(err, { tags: { kind: "
                            "\"validation\", field: err.field } });\n")
    s.edit(path, "    Sentry.captureException(err, { tags: { kind: \"validation\", field: err.field } });\n",
           "    logger.info({ code: err.code, field: err.field }, \"validation failed\");\n"
           "    metrics.increment(\"booking.validation_failed\", { field: err.field });\n", bad)
    s.bash("pnpm test -- errors && git commit -qam \"validation errors: log + counter, not Sentry\" && git push -q",
           "Test, commit, push", out=" ✓ test/middleware/errors.test.ts (6 tests) 38ms")
    s.say("Sorry for the night. Validation failures are logged at info and counted with "
          "`booking.validation_failed{field}`; Sentry only sees the unhandled 500 path again. Pushed.", end=True)
    return s


# -----------------------------------------------------------------------------
H9L16_CORR = ("wait. no raw analytics.track calls in this app: Segment Protocols drops any event that isn't in the tracking "
              "plan, so yours would never arrive downstream. add it to the plan first (tracking-plan/plan.json, \"Recipe "
              "Saved\": Object Action, Title Case, snake_case properties), run npx typewriter build, then call the generated "
              "typewriter.recipeSaved({...}). and no extra events nobody asked for")

SAVE_TSX = ("export function SaveToCollection({ recipe }: { recipe: Recipe }) {\n"
            "  const save = async (collectionId: string) => {\n    await api.saveToCollection(recipe.id, collectionId);\n"
            "    toast.success(\"Saved\");\n  };\n  return <CollectionMenu onPick={save} />;\n}\n")

@lesson("H9L16", "analytics-tracking-plan", "interrupted-mid-message", ["tracking plan", "typewriter", "Object Action"], [
    fire_edit(f"{RECIPE}/src/components/ShareSheet.tsx", "    await navigator.share({ url });\n",
              "    await navigator.share({ url });\n    window.amplitude?.logEvent(\"clicked share\", { url });\n",
              note="direct SDK call with a free-form name; no shared words"),
    fire_edit(f"{RECIPE}/src/components/FilterBar.tsx", "    setFilters(next);\n",
              "    setFilters(next);\n    analytics.track(\"Filter Applied\", { filters: next });\n",
              note="raw track call"),
    silent_edit(f"{RECIPE}/src/components/FilterBar.tsx", "    setFilters(next);\n",
                "    setFilters(next);\n    typewriter.filterApplied({ filter_keys: Object.keys(next) });\n",
                note="compliant: generated function"),
    silent_bash("npx typewriter build", "Regenerate the tracking client", note="compliant"),
])
def H9L16():
    s = Session("H9L16", RECIPE, branch="feat/save-tracking", version="2.0.37", start="2025-10-22T10:35:00")
    s.prompt("marketing wants to know when someone saves a recipe into a collection, track it")
    path = f"{RECIPE}/src/components/SaveToCollection.tsx"
    s.read(path, SAVE_TSX)
    s.edit(path, "    toast.success(\"Saved\");\n",
           "    toast.success(\"Saved\");\n    analytics.track(\"saved_recipe\", { recipeId: recipe.id, collectionId });\n",
           SAVE_TSX)
    s.say("Added a `saved_recipe` event after a successful save, with `recipeId` and `collectionId`. While I'm here I'll "
          "also add a `shared_recipe` event to the share sheet so marketing")
    s.interrupt()
    s.prompt(H9L16_CORR, correction=True, think_secs=(10, 40))
    plan = ("{\n  \"events\": [\n    {\n      \"name\": \"Recipe Viewed\",\n      \"properties\": { \"recipe_id\": "
            "{ \"type\": \"string\", \"required\": true } }\n    }\n  ]\n}\n")
    s.edit(f"{RECIPE}/tracking-plan/plan.json", "  \"events\": [\n",
           "  \"events\": [\n    {\n      \"name\": \"Recipe Saved\",\n      \"properties\": {\n        \"recipe_id\": "
           "{ \"type\": \"string\", \"required\": true },\n        \"collection_id\": { \"type\": \"string\", \"required\": "
           "true }\n      }\n    },\n", plan)
    s.bash("npx typewriter build", "Regenerate the typed client",
           out="✔ Loaded tracking-plan/plan.json (14 events)\n✔ Generated src/analytics/typewriter/index.ts")
    bad = SAVE_TSX.replace("    toast.success(\"Saved\");\n", "    toast.success(\"Saved\");\n    analytics.track(\"saved_recipe\", "
                           "{ recipeId: recipe.id, collectionId });\n")
    s.edit(path, "    analytics.track(\"saved_recipe\", { recipeId: recipe.id, collectionId });\n",
           "    typewriter.recipeSaved({ recipe_id: recipe.id, collection_id: collectionId });\n", bad)
    s.say("\"Recipe Saved\" is in `tracking-plan/plan.json` with `recipe_id` and `collection_id`, the client is "
          "regenerated, and the component calls `typewriter.recipeSaved(...)`. No share event added.", end=True)
    return s
