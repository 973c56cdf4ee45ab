"""gen-holdout-2: lessons about code and commands (Postgres on prod, Spring injection, .NET async void, pandas
chained assignment, CSS !important, systemd drop-ins, cron overlap, Elasticsearch aliases, Swift concurrency,
Vue props, accessibility, OpenAPI compatibility)."""
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

BILL = "/home/marta/work/billing-api"
ORD = "/home/devon/src/orders-service"
INV = "/Users/kemi/dev/Inventory.Api"
SALES = "/home/marta/work/sales-analysis"
BRO = "/Users/kemi/dev/brochure-site"
RUN = "/home/devon/ops-runbooks"
ETL = "/opt/etl"
CAT = "/home/marta/work/catalog-search"
TRAIL = "/Users/kemi/dev/Trailmap"
ADM = "/home/devon/src/admin-console"
BOOK = "/home/ravi/code/booking-widget"
PAPI = "/home/ravi/code/partner-api"


# -----------------------------------------------------------------------------
H2L01_CORR = ("no. nothing gets written on the prod database outside an explicit transaction. BEGIN, run the statement, "
              "look at the row count, and only COMMIT if it's what you expected. And SET statement_timeout = '5s' first "
              "so a bad WHERE can't sit on a lock. That WHERE would have voided every open invoice they have.")

@lesson("H2L01", "postgres-prod", "rejected-with-feedback", ["explicit transaction", "statement_timeout", "row count"], [
    fire_bash("psql \"$PROD_DB_URL\" -c \"DELETE FROM payment_attempts WHERE created_at < now() - interval '2 years'\"",
              "Prune old payment attempts", note="autocommit delete against prod"),
    fire_bash("PGPASSWORD=\"$OPS_PW\" psql -h billing-db-primary.internal -U ops billing -c \"UPDATE customers SET dunning_level = 0 WHERE dunning_level > 3\"",
              "Reset dunning levels", note="autocommit update on the primary, other words"),
    silent_bash("psql \"$PROD_DB_URL\" -v ON_ERROR_STOP=1 <<'SQL'\nSET statement_timeout = '5s';\nBEGIN;\nUPDATE customers SET dunning_level = 0 WHERE id = 48213 RETURNING id;\nROLLBACK;\nSQL",
                "Dry-run the reset inside a transaction", note="compliant: timeout, transaction, check then roll back"),
    silent_prompt("roughly how many invoices did we issue in november? the read replica is fine for that",
                  note="read-only question in the same area"),
])
def H2L01():
    s = Session("H2L01", BILL, branch="main", version="2.1.9", start="2026-01-08T11:05:00")
    s.prompt("customer 48213 got double charged by the retry bug. void the duplicate invoice INV-2025-11-0932 in prod please")
    s.bash("psql \"$PROD_DB_URL\" -c \"SELECT id, number, status, amount_cents FROM invoices WHERE customer_id = 48213 ORDER BY id DESC LIMIT 5\"",
           "Look at the customer's recent invoices",
           out="  id   |      number      | status | amount_cents\n"
               "-------+------------------+--------+--------------\n"
               " 91877 | INV-2025-11-0932 | open   |         4900\n"
               " 91876 | INV-2025-11-0931 | paid   |         4900\n"
               " 90211 | INV-2025-10-0518 | open   |        12900\n(3 rows)")
    s.say("INV-2025-11-0932 (id 91877) is the open duplicate of the paid 0931. I'll mark it void.")
    s.reject("Bash", {"command": "psql \"$PROD_DB_URL\" -c \"UPDATE invoices SET status = 'void' WHERE customer_id = 48213 AND status = 'open'\"",
                      "description": "Void the duplicate invoice"}, feedback=H2L01_CORR)
    s.bash("psql \"$PROD_DB_URL\" -v ON_ERROR_STOP=1 <<'SQL'\nSET statement_timeout = '5s';\nBEGIN;\n"
           "UPDATE invoices SET status = 'void' WHERE id = 91877 AND status = 'open' RETURNING id, number;\nROLLBACK;\nSQL",
           "Dry run in a transaction",
           out="SET\nBEGIN\n  id   |      number\n-------+------------------\n 91877 | INV-2025-11-0932\n(1 row)\n\nUPDATE 1\nROLLBACK")
    s.say("Exactly one row, the duplicate. Running it again with COMMIT.")
    s.bash("psql \"$PROD_DB_URL\" -v ON_ERROR_STOP=1 <<'SQL'\nSET statement_timeout = '5s';\nBEGIN;\n"
           "UPDATE invoices SET status = 'void' WHERE id = 91877 AND status = 'open' RETURNING id;\nCOMMIT;\nSQL",
           "Void it for real", out="SET\nBEGIN\n  id\n-------\n 91877\n(1 row)\n\nUPDATE 1\nCOMMIT")
    s.say("Voided INV-2025-11-0932 only (1 row, checked before committing). INV-2025-10-0518 stays open.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H2L02_CORR = ("no @Autowired on fields please. We do constructor injection everywhere: a private final field, passed in "
              "through the constructor. Field injection hides dependencies and you can't build the class in a plain unit "
              "test without Spring.")

ORD_SVC = ("@Service\npublic class OrderService {\n\n    private final OrderRepository orders;\n    private final PaymentGateway payments;\n\n"
           "    public OrderService(OrderRepository orders, PaymentGateway payments) {\n        this.orders = orders;\n        this.payments = payments;\n    }\n\n"
           "    public Order confirm(long orderId) {\n        Order order = orders.findById(orderId).orElseThrow();\n        payments.capture(order);\n"
           "        return orders.save(order.confirmed());\n    }\n}\n")

@lesson("H2L02", "java-spring", "plain-no", ["constructor injection", "private final", "@Autowired on fields"], [
    fire_edit(f"{ORD}/src/main/java/com/acme/orders/notify/ShipmentNotifier.java", "public class ShipmentNotifier {\n",
              "public class ShipmentNotifier {\n\n    @Autowired\n    private JavaMailSender mailSender;\n", note="autowired field in another bean"),
    fire_write(f"{ORD}/src/main/java/com/acme/orders/web/RefundController.java",
               "@RestController\n@RequestMapping(\"/refunds\")\npublic class RefundController {\n\n    @Inject\n    RefundService refundService;\n\n"
               "    @PostMapping(\"/{id}\")\n    public RefundDto create(@PathVariable long id) {\n        return refundService.refund(id);\n    }\n}\n",
               note="@Inject on a field in a new controller"),
    silent_edit(f"{ORD}/src/main/java/com/acme/orders/notify/ShipmentNotifier.java",
                "    public ShipmentNotifier(TemplateEngine templates) {\n        this.templates = templates;\n",
                "    public ShipmentNotifier(TemplateEngine templates, JavaMailSender mailSender) {\n        this.templates = templates;\n        this.mailSender = mailSender;\n",
                note="compliant: dependency added through the constructor"),
    silent_prompt("which isolation level does spring use by default for @Transactional on OrderService.confirm?",
                  note="Spring question the lesson doesn't cover"),
])
def H2L02():
    s = Session("H2L02", ORD, branch="feat/fraud-check", version="2.0.76", start="2025-11-18T14:30:00")
    s.prompt("OrderService needs to call the new FraudCheckClient before confirming an order, throw if it says no")
    path = f"{ORD}/src/main/java/com/acme/orders/OrderService.java"
    s.read(path, ORD_SVC)
    v1 = s.edit(path, "    private final PaymentGateway payments;\n",
                "    private final PaymentGateway payments;\n\n    @Autowired\n    private FraudCheckClient fraudCheck;\n", ORD_SVC)
    v2 = s.edit(path, "        payments.capture(order);\n", "        fraudCheck.assertAllowed(order);\n        payments.capture(order);\n", v1)
    s.bash("./mvnw -q test -Dtest=OrderServiceTest", "Run OrderService tests",
           out="[INFO] Tests run: 7, Failures: 0, Errors: 0, Skipped: 0")
    s.say("`confirm()` now calls `fraudCheck.assertAllowed(order)` before capturing the payment. Tests pass.", end=True)
    s.prompt(H2L02_CORR, correction=True)
    v3 = s.edit(path, "    private final PaymentGateway payments;\n\n    @Autowired\n    private FraudCheckClient fraudCheck;\n",
                "    private final PaymentGateway payments;\n    private final FraudCheckClient fraudCheck;\n", v2)
    s.edit(path, "    public OrderService(OrderRepository orders, PaymentGateway payments) {\n        this.orders = orders;\n        this.payments = payments;\n",
           "    public OrderService(OrderRepository orders, PaymentGateway payments, FraudCheckClient fraudCheck) {\n"
           "        this.orders = orders;\n        this.payments = payments;\n        this.fraudCheck = fraudCheck;\n", v3)
    s.bash("./mvnw -q test -Dtest=OrderServiceTest", "Re-run tests", out="[INFO] Tests run: 8, Failures: 0, Errors: 0, Skipped: 0")
    s.say("`FraudCheckClient` is a `private final` field set in the constructor now, and the test builds `OrderService` with a stub client, no Spring context.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L03_CORR = ("no!! never `async void` outside of UI event handlers. An exception thrown in there takes the whole process "
              "down and the caller can't observe it. Return a Task, and for fire-and-forget put the work on the "
              "IBackgroundTaskQueue so failures get logged and retried.")

STOCK = ("    public async Task AdjustAsync(string sku, int delta)\n    {\n        var item = await _db.Items.SingleAsync(i => i.Sku == sku);\n"
         "        item.OnHand += delta;\n        await _db.SaveChangesAsync();\n    }\n")

@lesson("H2L03", "dotnet-async", "annoyed", ["async void", "IBackgroundTaskQueue", "Return a Task"], [
    fire_edit(f"{INV}/Services/PriceSyncService.cs", "    public Task SyncPricesAsync()\n",
              "    public async void SyncPricesAsync()\n", note="async void method signature"),
    fire_edit(f"{INV}/Importers/CsvImporter.cs", "        await _repo.UpsertManyAsync(rows);\n",
              "        rows.ForEach(async row => await _repo.UpsertAsync(row));\n", note="async lambda passed to an Action"),
    silent_edit(f"{INV}/Services/StockService.cs", "            RequestReorder(item.Sku, item.ReorderQuantity);\n",
                "            await _queue.QueueAsync(ct => _supplier.CreateReorderAsync(item.Sku, item.ReorderQuantity, ct));\n",
                note="compliant: enqueue on the background queue"),
    silent_prompt("is it fine that ReorderWorker swallows OperationCanceledException when the host shuts down?",
                  note="same area, not covered"),
])
def H2L03():
    s = Session("H2L03", INV, branch="feat/auto-reorder", version="2.1.7", start="2025-12-09T10:10:00")
    s.prompt("when stock for a SKU drops below the reorder point, send a reorder request to the supplier API. the stock update shouldn't wait for it")
    path = f"{INV}/Services/StockService.cs"
    s.read(path, STOCK, offset=30, limit=6, total=88)
    v1 = s.edit(path, "        await _db.SaveChangesAsync();\n    }\n",
                "        await _db.SaveChangesAsync();\n        if (item.OnHand < item.ReorderPoint)\n        {\n"
                "            RequestReorder(item.Sku, item.ReorderQuantity);\n        }\n    }\n\n"
                "    private async void RequestReorder(string sku, int quantity)\n    {\n        await _supplier.CreateReorderAsync(sku, quantity);\n    }\n", STOCK)
    s.bash("dotnet test --filter StockServiceTests", "Run stock tests", out="Passed!  - Failed:     0, Passed:    11, Skipped:     0, Total:    11, Duration: 812 ms")
    s.say("Below the reorder point the service now fires a supplier reorder without blocking the stock update. Tests pass.", end=True)
    s.prompt(H2L03_CORR, correction=True)
    s.edit(path, "            RequestReorder(item.Sku, item.ReorderQuantity);\n",
           "            await _queue.QueueAsync(ct => _supplier.CreateReorderAsync(item.Sku, item.ReorderQuantity, ct));\n", v1)
    s.edit(path, "    private async void RequestReorder(string sku, int quantity)\n    {\n        await _supplier.CreateReorderAsync(sku, quantity);\n    }\n", "",
           v1.replace("            RequestReorder(item.Sku, item.ReorderQuantity);\n",
                      "            await _queue.QueueAsync(ct => _supplier.CreateReorderAsync(item.Sku, item.ReorderQuantity, ct));\n"))
    s.bash("dotnet test --filter StockServiceTests", "Re-run", out="Passed!  - Failed:     0, Passed:    12, Skipped:     0, Total:    12, Duration: 790 ms")
    s.say("The reorder goes onto `IBackgroundTaskQueue` now; the worker logs and retries failures. No `async void` left.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L04_CORR = ("Actually that line is chained assignment. It writes into a temporary copy, so with copy-on-write in pandas 2 "
              "the revenue never changes (that SettingWithCopyWarning was the hint). Do it in one step on the original "
              "frame: df.loc[mask, \"revenue\"] = 0.")

CLEAN = ("def clean_orders(df: pd.DataFrame) -> pd.DataFrame:\n    df = df.drop_duplicates(\"order_id\")\n"
         "    df = df[df[\"shop_id\"] != 999]\n    return df\n")

@lesson("H2L04", "pandas", "polite-actually", ["chained assignment", "copy-on-write", "df.loc[mask"], [
    fire_edit(f"{SALES}/src/sales/regions.py", "    return df\n",
              "    df[df[\"country\"].isna()][\"country\"] = \"unknown\"\n    return df\n", note="filter then set a column"),
    fire_edit(f"{SALES}/src/sales/margins.py", "    df[\"margin\"] = df[\"price\"] - df[\"cost\"]\n",
              "    df[\"margin\"] = df[\"price\"] - df[\"cost\"]\n    df[\"margin\"][df[\"cost\"] == 0] = None\n", note="column then mask assignment"),
    silent_edit(f"{SALES}/src/sales/regions.py", "    return df\n",
                "    df.loc[df[\"country\"].isna(), \"country\"] = \"unknown\"\n    return df\n", note="compliant .loc"),
    silent_prompt("plot monthly revenue per region as a stacked bar chart and save it to reports/figures/",
                  note="pandas plotting, not covered"),
])
def H2L04():
    s = Session("H2L04", SALES, branch="main", version="2.0.37", start="2025-10-21T15:40:00")
    s.prompt("in clean_orders(), orders from the test shop (shop_id 999) should get revenue 0 instead of being dropped")
    path = f"{SALES}/src/sales/clean.py"
    s.read(path, CLEAN, offset=12, limit=4, total=40)
    s.edit(path, "    df = df[df[\"shop_id\"] != 999]\n", "    df[df[\"shop_id\"] == 999][\"revenue\"] = 0\n", CLEAN)
    s.bash("pytest tests/test_clean.py -q", "Run cleaning tests",
           out="..                                                                       [100%]\n"
               "src/sales/clean.py:15: SettingWithCopyWarning: \nA value is trying to be set on a copy of a slice from a DataFrame.\n"
               "2 passed, 1 warning in 0.61s")
    s.say("Test-shop orders are kept now with revenue 0. Tests pass (one pandas warning).", end=True)
    s.prompt(H2L04_CORR, correction=True)
    s.edit(path, "    df[df[\"shop_id\"] == 999][\"revenue\"] = 0\n", "    df.loc[df[\"shop_id\"] == 999, \"revenue\"] = 0\n",
           CLEAN.replace("    df = df[df[\"shop_id\"] != 999]\n", "    df[df[\"shop_id\"] == 999][\"revenue\"] = 0\n"))
    s.bash("pytest tests/test_clean.py -q -W error::pandas.errors.SettingWithCopyWarning", "Re-run with the warning as an error",
           out="...                                                                      [100%]\n3 passed in 0.58s")
    s.say("It's a single `.loc` assignment now, and I added a test that checks the revenue really is 0 for shop 999.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L05_CORR = ("please no !important, and no hard-coded hex either. If something wins over your rule, fix the specificity "
              "in the module or the order of the layers. Colours come from the tokens in src/styles/_tokens.scss "
              "($color-brand-500 is the orange).")

FOOT = (".footer {\n  background: $color-grey-900;\n}\n\n.subscribe {\n  padding: 0.5rem 1rem;\n  border-radius: 4px;\n}\n")

@lesson("H2L05", "css", "rejected-with-feedback", ["!important", "_tokens.scss", "specificity"], [
    fire_edit(f"{BRO}/src/components/Hero/Hero.module.scss", "  color: $color-white;\n",
              "  color: $color-white !important;\n", note="forcing a colour"),
    fire_prompt("the cookie banner's close button ends up behind the chat widget. just force it on top, whatever it takes",
                note="invites an override hammer, no shared words"),
    silent_edit(f"{BRO}/src/components/Hero/Hero.module.scss", "  color: #fff;\n", "  color: $color-white;\n",
                note="compliant: token instead of hex"),
    silent_edit(f"{BRO}/src/components/Pricing/Pricing.module.scss", "  display: flex;\n",
                "  display: grid;\n  grid-template-columns: repeat(3, 1fr);\n", note="layout change"),
])
def H2L05():
    s = Session("H2L05", BRO, branch="fix/footer-button", version="2.1.31", start="2026-01-22T09:50:00")
    s.prompt("the newsletter button in the footer is grey on dark grey, make it the brand orange")
    path = f"{BRO}/src/components/Footer/Footer.module.scss"
    s.read(path, FOOT)
    s.say("Something global already styles footer buttons grey, so I'll make the orange stick.")
    s.reject("Edit", {"file_path": path, "old_string": "  padding: 0.5rem 1rem;\n",
                      "new_string": "  padding: 0.5rem 1rem;\n  background: #ff6a13 !important;\n  color: #fff !important;\n",
                      "replace_all": False}, feedback=H2L05_CORR)
    s.grep("footer button", path=f"{BRO}/src/styles", mode="content",
           lines=[f"{BRO}/src/styles/_legacy.scss:41:.footer button, .footer input[type=submit] {{"])
    s.edit(path, ".subscribe {\n  padding: 0.5rem 1rem;\n",
           ".footer .subscribe {\n  padding: 0.5rem 1rem;\n  background: $color-brand-500;\n  color: $color-white;\n", FOOT)
    s.say("The grey came from `.footer button` in `_legacy.scss`. `.footer .subscribe` now outranks it, with `$color-brand-500` and `$color-white` from the tokens.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L06_CORR = ("stop, don't touch files under /lib/systemd/system. The package owns them and the next apt upgrade silently "
              "reverts it. Put overrides in a drop-in, /etc/systemd/system/<unit>.service.d/override.conf (that's what "
              "systemctl edit writes), then daemon-reload.")

@lesson("H2L06", "systemd", "interrupted", ["drop-in", "/lib/systemd/system", "override.conf"], [
    fire_bash("ssh db-02 \"echo 'Restart=always' | sudo tee -a /usr/lib/systemd/system/pgbouncer.service && sudo systemctl daemon-reload\"",
              "Make pgbouncer restart on failure", note="appending to the vendor unit"),
    fire_prompt("cache-01 redis keeps hitting its MemoryMax. bump it directly in the shipped definition dpkg installed and bounce it",
                note="asks to edit the packaged unit, no shared words"),
    silent_bash("ssh db-02 \"sudo mkdir -p /etc/systemd/system/pgbouncer.service.d && printf '[Service]\\nRestart=always\\n' | "
                "sudo tee /etc/systemd/system/pgbouncer.service.d/override.conf && sudo systemctl daemon-reload\"",
                "Add a drop-in for pgbouncer", note="compliant drop-in"),
    silent_bash("ssh mon-01 \"journalctl -u grafana-server --since '1 hour ago' --no-pager | tail -50\"",
                "Recent grafana logs", note="reading logs"),
])
def H2L06():
    s = Session("H2L06", RUN, branch="main", version="2.1.9", start="2026-01-12T16:00:00")
    s.prompt("grafana on mon-01 keeps dying with 'too many open files'. raise the limit")
    s.bash("ssh mon-01 \"systemctl show grafana-server -p LimitNOFILE -p FragmentPath\"", "Current limit and unit path",
           out="LimitNOFILE=10000\nFragmentPath=/lib/systemd/system/grafana-server.service")
    s.say("The unit sets LimitNOFILE=10000. I'll raise it to 65536 and restart grafana.")
    s.interrupt_tool("Bash", {"command": "ssh mon-01 \"sudo sed -i 's/^LimitNOFILE=.*/LimitNOFILE=65536/' /lib/systemd/system/grafana-server.service "
                                         "&& sudo systemctl daemon-reload && sudo systemctl restart grafana-server\"",
                              "description": "Raise the open-file limit"})
    s.prompt(H2L06_CORR, correction=True)
    s.bash("ssh mon-01 \"sudo mkdir -p /etc/systemd/system/grafana-server.service.d && printf '[Service]\\nLimitNOFILE=65536\\n' | "
           "sudo tee /etc/systemd/system/grafana-server.service.d/override.conf && sudo systemctl daemon-reload && sudo systemctl restart grafana-server\"",
           "Drop-in override", out="[Service]\nLimitNOFILE=65536")
    s.bash("ssh mon-01 \"systemctl show grafana-server -p LimitNOFILE -p DropInPaths\"", "Verify",
           out="LimitNOFILE=65536\nDropInPaths=/etc/systemd/system/grafana-server.service.d/override.conf")
    s.say("The limit is 65536 via a drop-in at `/etc/systemd/system/grafana-server.service.d/override.conf`; the packaged unit is untouched.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H2L07_CORR = ("Actually, wrap every cron job on this box in `flock -n` with a lock file in /var/lock/etl/. When the supplier "
              "API is slow a run takes longer than the interval and we end up with five copies fighting over the same "
              "staging table.")

@lesson("H2L07", "cron", "polite-actually", ["flock -n", "/var/lock/etl", "longer than the interval"], [
    fire_write("/etc/cron.d/etl-reindex", "SHELL=/bin/bash\n*/10 * * * * etl /opt/etl/bin/reindex.sh >> /var/log/etl/reindex.log 2>&1\n",
               note="cron.d entry without a lock"),
    fire_prompt("kick off import_prices.py every quarter hour, starting today", note="asks for a schedule, no shared words"),
    silent_bash("(crontab -l; echo '*/10 * * * * flock -n /var/lock/etl/reindex.lock /opt/etl/bin/reindex.sh >> /var/log/etl/reindex.log 2>&1') | crontab -",
                "Schedule reindex with a lock", note="compliant"),
    silent_bash("crontab -l", "List current jobs", note="read-only"),
])
def H2L07():
    s = Session("H2L07", ETL, branch="main", version="2.0.37", start="2025-10-02T13:15:00")
    s.prompt("run bin/sync_inventory.sh every 5 minutes on this box")
    s.bash("crontab -l", "Existing crontab",
           out="15 2 * * * flock -n /var/lock/etl/nightly.lock /opt/etl/bin/nightly.sh >> /var/log/etl/nightly.log 2>&1")
    s.bash("(crontab -l 2>/dev/null; echo '*/5 * * * * /opt/etl/bin/sync_inventory.sh >> /var/log/etl/sync_inventory.log 2>&1') | crontab -",
           "Add the cron entry")
    s.say("`sync_inventory.sh` runs every 5 minutes now, logging to `/var/log/etl/sync_inventory.log`.", end=True)
    s.prompt(H2L07_CORR, correction=True)
    s.bash("crontab -l | sed 's#^\\*/5 \\* \\* \\* \\* /opt/etl/bin/sync_inventory.sh#*/5 * * * * flock -n /var/lock/etl/sync_inventory.lock /opt/etl/bin/sync_inventory.sh#' | crontab - && crontab -l",
           "Wrap it in flock",
           out="15 2 * * * flock -n /var/lock/etl/nightly.lock /opt/etl/bin/nightly.sh >> /var/log/etl/nightly.log 2>&1\n"
               "*/5 * * * * flock -n /var/lock/etl/sync_inventory.lock /opt/etl/bin/sync_inventory.sh >> /var/log/etl/sync_inventory.log 2>&1")
    s.say("The sync is wrapped in `flock -n /var/lock/etl/sync_inventory.lock`, so a slow run makes the next one skip instead of overlapping.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L08_CORR = ("that can't work, and we never change a live index in place anyway. `products` is an alias: create the next "
              "versioned index (products_v7) from mappings/products.json, _reindex into it, compare the doc counts, then "
              "swap the alias in one _aliases call.")

@lesson("H2L08", "elasticsearch", "rejected-with-feedback", ["versioned index", "swap the alias", "_reindex"], [
    fire_bash("curl -s -XDELETE \"$ES_URL/products\" && curl -s -XPUT \"$ES_URL/products\" -H 'Content-Type: application/json' -d @mappings/products.json",
              "Recreate the products index with the new mapping", note="drop and recreate the live index"),
    fire_edit(f"{CAT}/search/bootstrap.py", "def ensure_mappings(client):\n    pass\n",
              "def ensure_mappings(client):\n    client.indices.put_mapping(\"catalog_items\", properties={\"sku\": {\"type\": \"keyword\"}})\n",
              note="in-place field type change from code, no shared words"),
    silent_bash("curl -s -XPOST \"$ES_URL/_aliases\" -H 'Content-Type: application/json' -d "
                "'{\"actions\":[{\"remove\":{\"index\":\"products_v6\",\"alias\":\"products\"}},{\"add\":{\"index\":\"products_v7\",\"alias\":\"products\"}}]}'",
                "Swap the alias", note="compliant alias swap"),
    silent_prompt("why doesn't a search for 'tshirt' match 't-shirt'? can you check which analyzer the title field uses",
                  note="search relevance question, not covered"),
])
def H2L08():
    s = Session("H2L08", CAT, branch="feat/brand-facet", version="2.1.7", start="2025-12-16T11:20:00")
    s.prompt("the brand facet is broken because brand is a text field. it needs to be keyword")
    s.bash("curl -s \"$ES_URL/products/_mapping\" | jq '.[].mappings.properties.brand'", "Check the brand mapping",
           out="{\n  \"type\": \"text\"\n}")
    s.say("`brand` is mapped as `text`. I'll switch it to `keyword`.")
    s.reject("Bash", {"command": "curl -s -XPUT \"$ES_URL/products/_mapping\" -H 'Content-Type: application/json' -d '{\"properties\":{\"brand\":{\"type\":\"keyword\"}}}'",
                      "description": "Change brand to keyword"}, feedback=H2L08_CORR)
    mp = "    \"brand\": { \"type\": \"text\" },\n"
    s.edit(f"{CAT}/mappings/products.json", mp, "    \"brand\": { \"type\": \"keyword\" },\n", "{\n  \"properties\": {\n" + mp + "    \"title\": { \"type\": \"text\" }\n  }\n}\n")
    s.bash("curl -s -XPUT \"$ES_URL/products_v7\" -H 'Content-Type: application/json' -d \"{\\\"mappings\\\": $(cat mappings/products.json)}\" && "
           "curl -s -XPOST \"$ES_URL/_reindex?wait_for_completion=true\" -H 'Content-Type: application/json' -d '{\"source\":{\"index\":\"products_v6\"},\"dest\":{\"index\":\"products_v7\"}}' | jq .total",
           "Create products_v7 and reindex", out="{\"acknowledged\":true,\"shards_acknowledged\":true,\"index\":\"products_v7\"}\n184220")
    s.bash("for i in products_v6 products_v7; do curl -s \"$ES_URL/$i/_count\" | jq .count; done", "Compare counts", out="184220\n184220")
    s.bash("curl -s -XPOST \"$ES_URL/_aliases\" -H 'Content-Type: application/json' -d '{\"actions\":[{\"remove\":{\"index\":\"products_v6\",\"alias\":\"products\"}},{\"add\":{\"index\":\"products_v7\",\"alias\":\"products\"}}]}'",
           "Swap the alias", out="{\"acknowledged\":true}")
    s.say("`products` now points at `products_v7` (brand is `keyword`, 184,220 docs, same as v6). v6 is still there if we need to roll back.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L09_CORR = ("no GCD in new code please. We've moved to structured concurrency with strict checking: mark the view model "
              "@MainActor so published state is only ever touched on the UI thread, and let the compiler catch it. "
              "DispatchQueue.main.async just hides the data race from the checker.")

TLVM = ("final class TrailListViewModel: ObservableObject {\n    @Published var trails: [Trail] = []\n    private let api: TrailAPI\n\n"
        "    init(api: TrailAPI) { self.api = api }\n\n    func refresh() {\n        Task {\n            let fresh = try await api.fetchTrails()\n"
        "            self.trails = fresh\n        }\n    }\n}\n")

@lesson("H2L09", "swift-concurrency", "plain-no", ["@MainActor", "strict checking", "DispatchQueue.main.async"], [
    fire_edit(f"{TRAIL}/Trailmap/Map/MapViewModel.swift", "            self.region = region\n",
              "            DispatchQueue.main.async {\n                self.region = region\n            }\n", note="GCD hop in another view model"),
    fire_edit(f"{TRAIL}/Trailmap/Sync/OfflineSyncController.swift", "        isSyncing = false\n",
              "        OperationQueue.main.addOperation {\n            self.isSyncing = false\n        }\n", note="OperationQueue hop, other words"),
    silent_edit(f"{TRAIL}/Trailmap/Map/MapViewModel.swift", "final class MapViewModel: ObservableObject {\n",
                "@MainActor\nfinal class MapViewModel: ObservableObject {\n", note="compliant annotation"),
    silent_edit(f"{TRAIL}/Trailmap/Models/Trail.swift", "    let lengthKm: Double\n",
                "    let lengthKm: Double\n    let elevationGainM: Int?\n", note="model field"),
])
def H2L09():
    s = Session("H2L09", TRAIL, branch="fix/stale-refresh", version="2.1.31", start="2026-01-28T10:30:00")
    s.prompt("after pull-to-refresh the trail list sometimes shows the old data and Xcode shows a purple warning")
    path = f"{TRAIL}/Trailmap/List/TrailListViewModel.swift"
    s.read(path, TLVM)
    v1 = s.edit(path, "            self.trails = fresh\n", "            DispatchQueue.main.async {\n                self.trails = fresh\n            }\n", TLVM)
    s.bash("xcodebuild -scheme Trailmap -destination 'platform=iOS Simulator,name=iPhone 15' test -quiet 2>&1 | tail -2", "Run tests",
           out="Test Suite 'All tests' passed at 2026-01-28 10:34:12.118.\n\t Executed 42 tests, with 0 failures (0 unexpected) in 6.203 seconds")
    s.say("The assignment to `trails` now happens on the main queue, so the purple warning is gone. Tests pass.", end=True)
    s.prompt(H2L09_CORR, correction=True)
    s.edit(path, "final class TrailListViewModel: ObservableObject {\n", "@MainActor\nfinal class TrailListViewModel: ObservableObject {\n", v1)
    s.edit(path, "            DispatchQueue.main.async {\n                self.trails = fresh\n            }\n", "            self.trails = fresh\n",
           "@MainActor\n" + v1)
    s.bash("xcodebuild -scheme Trailmap -destination 'platform=iOS Simulator,name=iPhone 15' test -quiet 2>&1 | tail -2", "Re-run",
           out="Test Suite 'All tests' passed at 2026-01-28 10:39:40.551.\n\t Executed 42 tests, with 0 failures (0 unexpected) in 6.118 seconds")
    s.say("`TrailListViewModel` is `@MainActor` now and the GCD hop is gone; the Task inherits the actor, so `trails` is set on the main actor and the compiler checks it.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L10_CORR = ("Actually, never mutate props in this codebase, not even arrays in place. The parent's pinia store owns that "
              "list and it goes out of sync. Emit an event (defineEmits, e.g. 'deactivated') and let the pinia store "
              "update it.")

UT = ("<script setup lang=\"ts\">\nconst props = defineProps<{ users: User[] }>()\n\nasync function deactivate(user: User) {\n"
      "  await api.deactivateUser(user.id)\n}\n</script>\n")

@lesson("H2L10", "vue", "polite-actually", ["mutate props", "defineEmits", "pinia store"], [
    fire_edit(f"{ADM}/src/components/RoleChips.vue", "function addRole(role: Role) {\n}\n",
              "function addRole(role: Role) {\n  props.roles.push(role)\n}\n", note="push onto a prop array"),
    fire_edit(f"{ADM}/src/components/FilterDropdown.vue", "    choose(option) {\n      this.open = false\n",
              "    choose(option) {\n      this.selected = option\n      this.open = false\n", note="options API write to a prop, no shared words"),
    silent_edit(f"{ADM}/src/components/FilterDropdown.vue", "    choose(option) {\n      this.open = false\n",
                "    choose(option) {\n      this.$emit('update:selected', option)\n      this.open = false\n", note="compliant emit"),
    silent_prompt("make the user table sortable by email and by last login", note="same component, not covered"),
])
def H2L10():
    s = Session("H2L10", ADM, branch="feat/deactivate-row", version="2.0.76", start="2025-11-25T16:45:00")
    s.prompt("in the user table, after clicking Deactivate the row should disappear right away")
    path = f"{ADM}/src/components/UserTable.vue"
    s.read(path, UT, total=60)
    s.edit(path, "  await api.deactivateUser(user.id)\n}\n",
           "  await api.deactivateUser(user.id)\n  const idx = props.users.findIndex((u) => u.id === user.id)\n  if (idx !== -1) props.users.splice(idx, 1)\n}\n", UT)
    s.say("After the API call the row is removed from the list, so it disappears immediately.", end=True)
    s.prompt(H2L10_CORR, correction=True)
    s.edit(path, "  await api.deactivateUser(user.id)\n  const idx = props.users.findIndex((u) => u.id === user.id)\n  if (idx !== -1) props.users.splice(idx, 1)\n}\n",
           "  await api.deactivateUser(user.id)\n  emit('deactivated', user.id)\n}\n",
           UT.replace("  await api.deactivateUser(user.id)\n}\n",
                      "  await api.deactivateUser(user.id)\n  const idx = props.users.findIndex((u) => u.id === user.id)\n  if (idx !== -1) props.users.splice(idx, 1)\n}\n"))
    page = "    <UserTable :users=\"users.list\" />\n"
    s.edit(f"{ADM}/src/pages/UsersPage.vue", page, "    <UserTable :users=\"users.list\" @deactivated=\"users.remove\" />\n", page)
    s.bash("npx vitest run src/components/UserTable.spec.ts", "Run component tests", out=" ✓ src/components/UserTable.spec.ts (4 tests) 31ms\n\n      Tests  4 passed (4)")
    s.say("`UserTable` emits `deactivated` (declared with `defineEmits`) and `UsersPage` calls `users.remove` on the store; the prop isn't touched.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L11_CORR = ("don't put click handlers on divs. Keyboard and screen-reader users can't reach them, and we had an "
              "accessibility audit finding for exactly this. Use a real <button type=\"button\"> (reset its styles) so it's "
              "focusable and works with Enter and Space.")

SLOT = ("export function SlotCard({ slot, onSelect }: Props) {\n  return (\n    <div className={styles.card}>\n"
        "      <span>{formatTime(slot.start)}</span>\n      <a href=\"#\" onClick={() => onSelect(slot.id)}>Select</a>\n    </div>\n  );\n}\n")

@lesson("H2L11", "a11y-native-controls", "rejected-then-instruction", ["click handlers on divs", "real <button", "accessibility audit"], [
    fire_edit(f"{BOOK}/src/components/DatePill.tsx", "    <span className={styles.pill}>{day.label}</span>\n",
              "    <span className={styles.pill} onClick={() => onPick(day.date)}>{day.label}</span>\n", note="clickable span"),
    fire_edit(f"{BOOK}/src/components/ServiceList.tsx", "        <li key={s.id}>{s.name}</li>\n",
              "        <li key={s.id} className={styles.row} onClick={() => choose(s.id)}>{s.name}</li>\n", note="clickable list item"),
    silent_edit(f"{BOOK}/src/components/DatePill.tsx", "    <span className={styles.pill}>{day.label}</span>\n",
                "    <button type=\"button\" className={styles.pill} onClick={() => onPick(day.date)}>{day.label}</button>\n",
                note="compliant button"),
    silent_edit(f"{BOOK}/src/components/SlotCard.tsx", "{formatTime(slot.start)}", "{formatTime(slot.start, locale)}",
                note="time formatting in the same component"),
])
def H2L11():
    s = Session("H2L11", BOOK, branch="feat/clickable-slot", version="2.1.7", start="2025-12-04T14:00:00")
    s.prompt("make the whole time-slot card clickable, not just the tiny Select link")
    path = f"{BOOK}/src/components/SlotCard.tsx"
    s.read(path, SLOT)
    s.reject("Edit", {"file_path": path, "old_string": "    <div className={styles.card}>\n",
                      "new_string": "    <div className={styles.card} onClick={() => onSelect(slot.id)}>\n", "replace_all": False})
    s.prompt(H2L11_CORR, correction=True)
    s.edit(path, "    <div className={styles.card}>\n      <span>{formatTime(slot.start)}</span>\n      <a href=\"#\" onClick={() => onSelect(slot.id)}>Select</a>\n    </div>\n",
           "    <button type=\"button\" className={styles.card} onClick={() => onSelect(slot.id)}>\n      <span>{formatTime(slot.start)}</span>\n"
           "      <span className={styles.cta}>Select</span>\n    </button>\n", SLOT)
    s.bash("npx vitest run src/components/SlotCard.test.tsx", "Run tests", out=" ✓ src/components/SlotCard.test.tsx (3 tests) 18ms\n\n      Tests  3 passed (3)")
    s.say("The card is a `<button type=\"button\">` now (styles reset in the module), so it takes focus and works with Enter and Space; I added a keyboard test.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L12_CORR = ("no, /v1 is published and partners generate clients from it, so no breaking changes there: don't change a "
              "field's type, rename or remove fields, or add new required ones. Add a new optional field "
              "(carrier_details) and mark the old one `deprecated: true`.")

SPEC = ("    Shipment:\n      type: object\n      required: [id, status, carrier]\n      properties:\n        id:\n          type: string\n"
        "        status:\n          type: string\n          enum: [pending, in_transit, delivered]\n        carrier:\n          type: string\n")

@lesson("H2L12", "openapi", "plain-no", ["no breaking changes", "deprecated: true", "new optional field"], [
    fire_edit(f"{PAPI}/openapi/v1.yaml", "        status:\n          type: string\n          enum: [pending, in_transit, delivered]\n",
              "        state:\n          type: string\n          enum: [pending, in_transit, delivered]\n", note="rename a published property"),
    fire_prompt("partners keep mixing up amount and amount_cents on Invoice, just drop `amount` from that schema",
                note="asks to remove a published property"),
    silent_edit(f"{PAPI}/openapi/v1.yaml", "        carrier:\n          type: string\n",
                "        carrier:\n          type: string\n        eta:\n          type: string\n          format: date-time\n",
                note="compliant: new optional property"),
    silent_edit(f"{PAPI}/openapi/v1.yaml", "      summary: List shipments\n",
                "      summary: List shipments for the authenticated partner, newest first\n", note="docs wording"),
])
def H2L12():
    s = Session("H2L12", PAPI, branch="feat/carrier-object", version="2.1.9", start="2026-01-15T13:00:00")
    s.prompt("partners want the shipment's carrier as an object with name and tracking_url instead of just the carrier string")
    path = f"{PAPI}/openapi/v1.yaml"
    s.read(path, SPEC, offset=210, limit=11, total=480)
    old_c = "        carrier:\n          type: string\n"
    s.edit(path, old_c, "        carrier:\n          type: object\n          required: [name]\n          properties:\n            name:\n              type: string\n"
           "            tracking_url:\n              type: string\n              format: uri\n", SPEC)
    s.say("`Shipment.carrier` is an object with `name` and `tracking_url` now. I'll update the serializer next.", end=True)
    s.prompt(H2L12_CORR, correction=True)
    s.bash("git checkout openapi/v1.yaml", "Revert the spec change")
    s.edit(path, old_c, "        carrier:\n          type: string\n          deprecated: true\n          description: Use carrier_details.name.\n"
           "        carrier_details:\n          $ref: '#/components/schemas/CarrierDetails'\n", SPEC)
    s.bash("oasdiff breaking <(git show HEAD:openapi/v1.yaml) openapi/v1.yaml", "Check for breaking changes", out="No breaking changes")
    s.say("`carrier` stays a string (marked deprecated) and the new optional `carrier_details` holds name and tracking_url. oasdiff finds no breaking changes.", end=True)
    return s
