"""gen-holdout-18: lessons about commands and operations (backfills in key-range batches, mysqldump only from the
replica with --single-transaction --quick, DNS cutovers lower the TTL first, no npm unpublish, prod debug logging
only through the self-reverting tool, source maps hidden and deleted after upload, no reset of a remote Supabase
database, Ansible modules rather than shell)."""
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

SUBS = "/home/lea/work/subscriptions-api"
SHOPDB = "/home/marco/ops/shop-db"
DNS = "/Users/hana/infra/dns"
VALID = "/home/vik/src/fieldwork-validators"
NOTIF = "/home/ola/code/notif-service"
ATLAS = "/Users/jo/src/atlas-dashboard"
HABIT = "/home/kai/code/habitloop"
FLEETOPS = "/home/sven/ops/ansible-fleet"


# -----------------------------------------------------------------------------
H18L17_CORR = ("stop. that's a single UPDATE over 41M rows in one transaction: it holds row locks on everything it "
               "touched until it commits, the replicas fall behind for as long as it runs, and the dead tuples pile up "
               "with nothing able to vacuum them. Backfills go in batches by primary key range, ~5k rows a statement, "
               "each batch its own transaction, with a short sleep in between and --max-replica-lag 5s on the runner. "
               "scripts/backfills/2025_11_currency.py has the pattern.")

CURRENCY_PY = ("BATCH = 5000\n\n\ndef run(conn, sleep):\n    lo, hi = conn.execute(\"select min(id), max(id) from invoices\")"
               ".one()\n    for start in range(lo, hi + 1, BATCH):\n        with conn.begin():\n            conn.execute(\n"
               "                text(\"update invoices set currency = 'EUR' where id >= :a and id < :b and currency is null\"),\n"
               "                {\"a\": start, \"b\": start + BATCH},\n            )\n        sleep()\n")

@lesson("H18L17", "data-backfills", "interrupted-stop",
        ["batches by primary key range", "one transaction", "--max-replica-lag 5s"], [
    fire_prompt("set customers.country_code from the billing address for everybody in production, it's around 30M "
                "customers", note="asks for a huge one-shot write; no shared words"),
    fire_write(f"{SUBS}/scripts/backfills/2026_03_trial_end.sql",
               "UPDATE subscriptions\nSET trial_ends_at = created_at + interval '14 days'\nWHERE trial_ends_at IS NULL;\n",
               note="a whole-table statement as the backfill"),
    silent_bash("psql \"$PROD_REPLICA_URL\" -Atc \"select count(*) from subscriptions where plan_family is null\"",
                "How many rows are left", note="read-only count on the replica"),
    silent_write(f"{SUBS}/scripts/backfills/2026_03_trial_end.py",
                 "BATCH = 5000\n\n\ndef run(conn, sleep):\n    lo, hi = conn.execute(\"select min(id), max(id) from "
                 "subscriptions\").one()\n    for start in range(lo, hi + 1, BATCH):\n        with conn.begin():\n"
                 "            conn.execute(\n                text(\"update subscriptions set trial_ends_at = created_at + "
                 "interval '14 days' \"\n                     \"where id >= :a and id < :b and trial_ends_at is null\"),\n"
                 "                {\"a\": start, \"b\": start + BATCH},\n            )\n        sleep()\n",
                 note="compliant: batched by id range"),
])
def H18L17():
    s = Session("H18L17", SUBS, branch="main", version="2.1.9", start="2026-01-29T15:45:00")
    s.prompt("plan_family on subscriptions is migrated (nullable). backfill it on prod from plans.family, then we can "
             "add the NOT NULL next week")
    s.bash("bin/run-backfill --help", "Backfill runner options",
           out="usage: run-backfill --env ENV FILE [--max-replica-lag DURATION] [--batch-sleep DURATION]\n\n"
               "FILE is a .sql file (run as is) or a .py module with run(conn, sleep).")
    s.bash("psql \"$PROD_REPLICA_URL\" -Atc \"select count(*) from subscriptions where plan_family is null\"",
           "Rows to fill", out="41882109")
    s.write(f"{SUBS}/scripts/backfills/2026_02_plan_family.sql",
            "UPDATE subscriptions s\nSET plan_family = p.family\nFROM plans p\nWHERE p.id = s.plan_id\n"
            "  AND s.plan_family IS NULL;\n")
    s.interrupt_tool("Bash", {"command": "bin/run-backfill --env prod scripts/backfills/2026_02_plan_family.sql",
                              "description": "Run the backfill on prod"})
    s.prompt(H18L17_CORR, correction=True)
    s.read(f"{SUBS}/scripts/backfills/2025_11_currency.py", CURRENCY_PY)
    s.write(f"{SUBS}/scripts/backfills/2026_02_plan_family.py",
            "BATCH = 5000\n\n\ndef run(conn, sleep):\n    lo, hi = conn.execute(\"select min(id), max(id) from subscriptions\")"
            ".one()\n    for start in range(lo, hi + 1, BATCH):\n        with conn.begin():\n            conn.execute(\n"
            "                text(\"update subscriptions s set plan_family = p.family from plans p \"\n"
            "                     \"where p.id = s.plan_id and s.id >= :a and s.id < :b and s.plan_family is null\"),\n"
            "                {\"a\": start, \"b\": start + BATCH},\n            )\n        sleep()\n")
    s.bash("rm scripts/backfills/2026_02_plan_family.sql && bin/run-backfill --env prod "
           "scripts/backfills/2026_02_plan_family.py --max-replica-lag 5s --batch-sleep 200ms 2>&1 | tail -3",
           "Run the batched backfill",
           out="batch 8377/8378 ids 41885001-41890000 updated 4998 lag 0.4s\nbatch 8378/8378 ids 41890001-41891204 "
               "updated 1204 lag 0.3s\ndone: 41882109 rows in 8378 batches, 52m11s, max replica lag 2.1s")
    s.say("The interrupted run never started a statement. The backfill now goes in 5,000-id batches, each in its own "
          "transaction, with 200 ms between batches and the runner pausing above 5 s of replica lag. It filled all "
          "41,882,109 rows in 52 minutes; replica lag peaked at 2.1 s.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L18_CORR = ("from #oncall while that ran: \"checkout p95 is 9s and the processlist is full of 'Waiting for table "
               "metadata lock' on products, is somebody running a dump??\" that was your dump. A plain mysqldump takes "
               "LOCK TABLES on everything it dumps for the whole run. Dumps never go against the prod writer: use the "
               "replica, mysql-prod-ro.internal, and always pass --single-transaction --quick (a consistent InnoDB "
               "snapshot without table locks, rows streamed instead of buffered).")

@lesson("H18L18", "mysql-dumps", "pasted-oncall-then-rule",
        ["--single-transaction --quick", "mysql-prod-ro.internal", "LOCK TABLES"], [
    fire_prompt("grab a copy of the live reviews and ratings data so I can reproduce the sorting bug on my box",
                note="asks for a copy of prod data; no shared words"),
    fire_bash("mysqldump -h mysql-prod-01.internal -u ops -p\"$MYSQL_OPS_PWD\" shop customers customer_addresses > "
              "/tmp/customers.sql", "Dump the customer tables", note="plain dump against the writer"),
    silent_bash("mysqldump -h mysql-prod-ro.internal --single-transaction --quick -u ops -p\"$MYSQL_OPS_PWD\" shop "
                "promotions | gzip > /tmp/promotions.sql.gz", "Dump promotions from the replica",
                note="compliant: replica and the right flags"),
    silent_bash("mysql -h mysql-prod-ro.internal -u ops -p\"$MYSQL_OPS_PWD\" -e \"SELECT COUNT(*) FROM shop.reviews\"",
                "Count reviews", note="read-only query on the replica"),
])
def H18L18():
    s = Session("H18L18", SHOPDB, branch="main", version="2.0.37", start="2025-10-16T12:05:00")
    s.prompt("dump the catalog tables from prod (products, categories, product_images) so we can load them into "
             "staging for the search relaunch tests")
    s.bash("mysql -h mysql-prod-01.internal -u ops -p\"$MYSQL_OPS_PWD\" -e \"SELECT table_name, ROUND(data_length/1024/1024) "
           "AS mb FROM information_schema.tables WHERE table_schema='shop' AND table_name IN ('products','categories',"
           "'product_images')\"", "Table sizes",
           out="+----------------+------+\n| TABLE_NAME     | mb   |\n+----------------+------+\n| categories     |    3 |\n"
               "| product_images | 2210 |\n| products       | 4875 |\n+----------------+------+",
           err="mysql: [Warning] Using a password on the command line interface can be insecure.")
    s.bash("mysqldump -h mysql-prod-01.internal -u ops -p\"$MYSQL_OPS_PWD\" shop products categories product_images | "
           "gzip > /tmp/catalog-$(date +%F).sql.gz && ls -lh /tmp/catalog-*.sql.gz", "Dump the catalog tables",
           out="-rw-r--r-- 1 marco marco 1.8G Oct 16 12:14 /tmp/catalog-2025-10-16.sql.gz",
           err="mysqldump: [Warning] Using a password on the command line interface can be insecure.", lo=300, hi=560)
    s.say("The dump is at `/tmp/catalog-2025-10-16.sql.gz` (1.8 GB compressed). Load it into staging with "
          "`gunzip -c ... | mysql -h mysql-staging.internal shop`.", end=True)
    s.prompt(H18L18_CORR, correction=True)
    s.bash("mysql -h mysql-prod-01.internal -u ops -p\"$MYSQL_OPS_PWD\" -e \"SELECT COUNT(*) FROM information_schema."
           "processlist WHERE state LIKE 'Waiting for table%'\"", "Check nothing is still waiting",
           out="+----------+\n| COUNT(*) |\n+----------+\n|        0 |\n+----------+",
           err="mysql: [Warning] Using a password on the command line interface can be insecure.")
    s.say("Sorry, that's on me: the dump held table locks on products for about nine minutes. Nothing is waiting any "
          "more. The file itself is fine to load into staging; any further dump I take will come from "
          "`mysql-prod-ro.internal` with `--single-transaction --quick`.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H18L19_CORR = ("Actually, hm, I should have said this before you ran it. That record had a TTL of 86400, so resolvers "
               "that asked yesterday keep the old answer for up to a day, and since the new one also went out with "
               "86400, if the new balancer misbehaves we can't roll back quickly either: everyone would be stuck on the "
               "new answer for a day too. How we do cutovers here: a full old-TTL ahead of time, lower the TTL on the "
               "existing record to 60 without touching the target, wait out the old TTL, then switch the target with "
               "TTL 60, watch it, and raise the TTL back to 3600 only once it's been fine for a day. I've already put "
               "api back on the old target with TTL 60, so we'll switch tomorrow evening.")

def _batch(name, value, ttl, comment):
    return ("{\n  \"Comment\": \"%s\",\n  \"Changes\": [\n    {\n      \"Action\": \"UPSERT\",\n"
            "      \"ResourceRecordSet\": {\n        \"Name\": \"%s\",\n        \"Type\": \"CNAME\",\n"
            "        \"TTL\": %d,\n        \"ResourceRecords\": [{ \"Value\": \"%s\" }]\n      }\n    }\n  ]\n}\n"
            % (comment, name, ttl, value))

@lesson("H18L19", "dns-cutovers", "polite-actually-long",
        ["lower the TTL", "wait out the old TTL", "cutovers"], [
    fire_prompt("on thursday mail.kanjo.app moves over to the Postfix box at 203.0.113.25, just flip its A entry "
                "when I give the word", note="asks to move a name in one go; one shared word"),
    fire_write(f"{DNS}/route53/batches/2026-03-03-app-cname.json",
               _batch("app.kanjo.app.", "d3k9x0q1w2e3r4.cloudfront.net", 3600, "app: move to CloudFront"),
               note="target switched with a long TTL and no lowering step"),
    silent_bash("dig +noall +answer app.kanjo.app", "Current answer for app", note="read-only lookup"),
    silent_write(f"{DNS}/route53/batches/2026-03-02-app-ttl.json",
                 _batch("app.kanjo.app.", "kanjo-app-old.herokudns.com", 60, "app: lower TTL ahead of cutover"),
                 note="compliant: the lowering step, same target"),
])
def H18L19():
    s = Session("H18L19", DNS, branch="main", version="2.1.31", start="2026-02-25T17:30:00")
    s.prompt("point api.kanjo.app at the new load balancer (api-prod-1839201.eu-central-1.elb.amazonaws.com). change "
             "batches go in route53/batches/ like the others, zone id is in the README")
    s.bash("dig +noall +answer api.kanjo.app", "Current record",
           out="api.kanjo.app.\t\t86400\tIN\tCNAME\tkanjo-api-old.herokudns.com.")
    s.read(f"{DNS}/route53/batches/2025-11-18-status-cname.json",
           _batch("status.kanjo.app.", "kanjo.statuspage.io", 86400, "status page"))
    s.write(f"{DNS}/route53/batches/2026-02-25-api-cname.json",
            _batch("api.kanjo.app.", "api-prod-1839201.eu-central-1.elb.amazonaws.com", 86400, "api: new load balancer"))
    s.bash("aws route53 change-resource-record-sets --hosted-zone-id Z0418273AB12CD --change-batch "
           "file://route53/batches/2026-02-25-api-cname.json --profile dns-admin", "Apply the change",
           out="{\n    \"ChangeInfo\": {\n        \"Id\": \"/change/C03187262Q8ZK1V3W9XJ\",\n        \"Status\": \"PENDING\",\n"
               "        \"SubmittedAt\": \"2026-02-25T17:34:12.118Z\",\n        \"Comment\": \"api: new load balancer\"\n"
               "    }\n}")
    s.say("Submitted; Route 53 reports the change as PENDING and it is usually INSYNC within a minute. Resolvers will "
          "pick up the new target as their cached answer expires.", end=True)
    s.prompt(H18L19_CORR, correction=True)
    s.write(f"{DNS}/route53/batches/2026-02-26-api-switch.json",
            _batch("api.kanjo.app.", "api-prod-1839201.eu-central-1.elb.amazonaws.com", 60, "api: switch to new LB"))
    s.say("Understood. I've prepared `route53/batches/2026-02-26-api-switch.json` (new target, TTL 60) for tomorrow "
          "evening and haven't applied it. Once it has been stable for a day, a third batch raises the TTL to 3600.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H18L20_CORR = ("wait, did you just unpublish 3.2.0? we never unpublish anything. people's lockfiles pin exact versions, "
               "so every install and CI run that has 3.2.0 locked now 404s, and npm won't ever let us reuse that version "
               "number. A broken release gets `npm deprecate @fieldwork/validators@3.2.0 \"broken ESM build, use "
               "3.2.1\"` plus the fixed patch on top, nothing more.")

@lesson("H18L20", "npm-publishing", "question-after", ["we never unpublish", "npm deprecate", "lockfiles pin exact versions"], [
    fire_prompt("1.9.0 of the cli package has a typo in its bin path, pull that one off the registry",
                note="asks to remove a published version; one shared word"),
    fire_bash("npm unpublish @fieldwork/validators-react@2.0.3", "Remove the broken React adapter release",
              note="unpublish of another package"),
    silent_bash("npm deprecate @fieldwork/validators@3.1.4 \"security fix in 3.1.5, please upgrade\"",
                "Deprecate the vulnerable version", note="compliant: deprecate"),
    silent_bash("npm view @fieldwork/validators versions --json", "Published versions", note="read-only"),
])
def H18L20():
    s = Session("H18L20", VALID, branch="main", version="2.0.14", start="2025-09-17T09:25:00")
    s.prompt("3.2.0 went out with a broken ESM build: the exports map points at dist/esm/index.js but that's not in "
             "the tarball. fix it and get a good version out")
    s.bash("npm pack --dry-run 2>&1 | grep -E 'dist/' | head -4", "What's in the tarball",
           out="npm notice 1.2kB dist/cjs/index.js\nnpm notice 3.4kB dist/cjs/rules.js\nnpm notice 911B dist/cjs/index.d.ts\n"
               "npm notice 2.8kB dist/cjs/rules.d.ts")
    pkg = "  \"files\": [\n    \"dist/cjs\",\n    \"README.md\"\n  ],\n"
    s.read(f"{VALID}/package.json", pkg, offset=14, limit=4, total=48)
    s.edit(f"{VALID}/package.json", "    \"dist/cjs\",\n", "    \"dist/cjs\",\n    \"dist/esm\",\n", pkg)
    s.bash("npm run build && npm pack --dry-run 2>&1 | grep -c dist/esm", "Build and check the ESM files", out="14")
    s.bash("npm unpublish @fieldwork/validators@3.2.0", "Remove the broken version", out="- @fieldwork/validators@3.2.0")
    s.bash("npm version patch -m \"fix: ship dist/esm\" && npm publish", "Publish the fix",
           out="v3.2.1\nnpm notice Publishing to https://registry.npmjs.org/ with tag latest and default access\n"
               "+ @fieldwork/validators@3.2.1")
    s.say("Fixed `files` so `dist/esm` ships, removed the broken 3.2.0 from the registry and published 3.2.1.",
          end=True)
    s.prompt(H18L20_CORR, correction=True)
    s.bash("npm view @fieldwork/validators versions --json | tail -4", "Versions on the registry",
           out="  \"3.1.4\",\n  \"3.1.5\",\n  \"3.2.1\"\n]")
    s.say("Yes, and I shouldn't have. 3.2.0 can't be restored or reused, so anyone with it locked has to move to "
          "3.2.1. I've added a note to the 3.2.1 changelog entry saying so. Broken releases will get `npm deprecate` "
          "and a patch from now on.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L21_CORR = ("for next time: the LOG_LEVEL=debug from yesterday was still on this morning. 14 hours of debug from "
               "every machine, 1.1 TB into Datadog (a quarter of the month's log budget) and every push payload with "
               "device tokens in it. I've set it back. Debug on prod only ever through `bin/loglevel notif-prod debug "
               "--for 15m`, which flips it at runtime and reverts by itself; never through the app's env or secrets.")

FCM_TS = ("  const res = await fcm.send(message);\n  if (!res.ok) {\n    log.warn({ status: res.status }, 'fcm send "
          "failed');\n  }\n")

@lesson("H18L21", "datadog-logging", "for-next-time", ["bin/loglevel", "--for 15m", "reverts by itself"], [
    fire_prompt("turn up the verbosity on the live workers this afternoon so we can see what APNs replies with",
                note="asks for more logging in production; one shared word"),
    fire_bash("fly secrets set LOG_LEVEL=trace -a notif-worker-prod", "More logging on the workers",
              note="log level through the app's secrets"),
    silent_bash("bin/loglevel notif-prod debug --for 15m", "Debug for 15 minutes", note="compliant: the tool"),
    silent_bash("fly logs -a notif-prod --no-tail | grep -m 20 apns", "Recent APNs lines", note="reading logs"),
])
def H18L21():
    s = Session("H18L21", NOTIF, branch="fix/fcm-unregistered", version="2.1.7", start="2025-12-16T10:10:00")
    s.prompt("android pushes fail for some users since tuesday, can you dig into it on prod?")
    s.bash("fly secrets set LOG_LEVEL=debug -a notif-prod", "Turn on debug logging",
           out="Updating existing machines in 'notif-prod' with rolling strategy\n\n-------\n \u2714 [1/3] Machine "
               "3d8d9551c40e89 [app] update succeeded\n \u2714 [2/3] Machine 7811e4d9a2b5d8 [app] update succeeded\n"
               " \u2714 [3/3] Machine 0e286ee1c15398 [app] update succeeded\n-------")
    s.bash("fly logs -a notif-prod --no-tail | grep -i 'fcm' | tail -4", "FCM lines",
           out="2025-12-16T10:14:02Z app[3d8d9551c40e89] fra [info] debug fcm send token=eX3k\u2026 status=404 "
               "error=UNREGISTERED\n2025-12-16T10:14:02Z app[7811e4d9a2b5d8] fra [info] debug fcm send token=cQ91\u2026 "
               "status=200\n2025-12-16T10:14:03Z app[0e286ee1c15398] fra [info] debug fcm send token=fP0z\u2026 status=404 "
               "error=UNREGISTERED\n2025-12-16T10:14:03Z app[3d8d9551c40e89] fra [info] debug fcm send token=eX3k\u2026 "
               "status=404 error=UNREGISTERED")
    s.read(f"{NOTIF}/src/push/fcm.ts", FCM_TS, offset=40, limit=4, total=88)
    s.edit(f"{NOTIF}/src/push/fcm.ts", "  if (!res.ok) {\n",
           "  if (res.status === 404 && res.error === 'UNREGISTERED') {\n    await devices.forgetToken(message.token);\n"
           "    return;\n  }\n  if (!res.ok) {\n", FCM_TS)
    s.bash("npm test -- src/push 2>&1 | tail -2", "Push tests", out="Tests:       11 passed, 11 total\nTime:        2.3 s")
    s.say("Found it: the failing users have tokens FCM reports as UNREGISTERED (the app was reinstalled), and we kept "
          "retrying them. `fcm.ts` now forgets such tokens. The app registers a fresh one on next launch.", end=True)
    s.prompt(H18L21_CORR, correction=True)
    s.bash("bin/loglevel --help", "How the tool works",
           out="usage: loglevel APP LEVEL --for DURATION\n\nSets the runtime log level on every machine of APP through the "
               "admin socket and reverts after DURATION.")
    s.say("Sorry, I left it on. Next time I need debug output on prod I'll use `bin/loglevel notif-prod debug --for "
          "15m`, which reverts on its own.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L22_CORR = ("thanks, the traces are readable now! but sourcemap: true ships the .map files to the CDN right beside "
               "the bundles, so anyone can open our whole unminified source in devtools, pricing rules included. Use "
               "sourcemap: 'hidden' (no sourceMappingURL comment in the bundles), let the Sentry plugin upload them, "
               "and delete them before deploy with filesToDeleteAfterUpload.")

VITE_CFG = ("export default defineConfig({\n  plugins: [vue()],\n  build: {\n    outDir: 'dist',\n  },\n});\n")

@lesson("H18L22", "sentry-sourcemaps", "thanks-but",
        ["sourcemap: 'hidden'", "filesToDeleteAfterUpload", "ships the .map files"], [
    fire_edit(f"{ATLAS}/apps/marketing/next.config.mjs", "const nextConfig = {\n  reactStrictMode: true,\n",
              "const nextConfig = {\n  reactStrictMode: true,\n  productionBrowserSourceMaps: true,\n",
              note="public browser maps in another app; one shared word"),
    fire_edit(f"{ATLAS}/packages/admin/vite.config.ts", "  build: {\n    outDir: 'dist',\n",
              "  build: {\n    outDir: 'dist',\n    sourcemap: true,\n", note="public maps in the admin build"),
    silent_bash("npm run build && ls dist/assets | grep -c '\\.map$'", "Build and count map files",
                note="checks that no maps are left"),
])
def H18L22():
    s = Session("H18L22", ATLAS, branch="fix/sentry-sourcemaps", version="2.1.9", start="2026-01-22T11:15:00")
    s.prompt("stack traces in Sentry are minified garbage since the vite migration. get source maps working")
    s.read(f"{ATLAS}/vite.config.ts", VITE_CFG)
    s.edit(f"{ATLAS}/vite.config.ts", "  plugins: [vue()],\n  build: {\n    outDir: 'dist',\n  },\n",
           "  plugins: [\n    vue(),\n    sentryVitePlugin({ org: 'atlas', project: 'dashboard', authToken: "
           "process.env.SENTRY_AUTH_TOKEN }),\n  ],\n  build: {\n    outDir: 'dist',\n    sourcemap: true,\n  },\n",
           VITE_CFG)
    s.bash("npm run build 2>&1 | grep -i sentry | tail -2 && ls dist/assets | head -4", "Build and upload",
           out="[sentry-vite-plugin] Info: Successfully uploaded source maps to Sentry\n"
               "index-4f2a91c0.js\nindex-4f2a91c0.js.map\nvendor-a81b7d33.js\nvendor-a81b7d33.js.map")
    s.bash("npm run deploy:preview 2>&1 | tail -1", "Deploy a preview",
           out="Preview: https://atlas-dashboard-pr-412.pages.dev")
    s.say("Source maps are built and uploaded on every build, and a test error from the preview shows readable "
          "frames in Sentry.", end=True)
    s.prompt(H18L22_CORR, correction=True)
    cfg = VITE_CFG.replace("  plugins: [vue()],\n  build: {\n    outDir: 'dist',\n  },\n",
                           "  plugins: [\n    vue(),\n    sentryVitePlugin({ org: 'atlas', project: 'dashboard', authToken: "
                           "process.env.SENTRY_AUTH_TOKEN }),\n  ],\n  build: {\n    outDir: 'dist',\n    sourcemap: true,\n  },\n")
    s.edit(f"{ATLAS}/vite.config.ts",
           "authToken: process.env.SENTRY_AUTH_TOKEN }),\n",
           "authToken: process.env.SENTRY_AUTH_TOKEN,\n      sourcemaps: { filesToDeleteAfterUpload: ['./dist/**/*.map'] } }),\n",
           cfg)
    cfg2 = cfg.replace("authToken: process.env.SENTRY_AUTH_TOKEN }),\n",
                       "authToken: process.env.SENTRY_AUTH_TOKEN,\n      sourcemaps: { filesToDeleteAfterUpload: "
                       "['./dist/**/*.map'] } }),\n")
    s.edit(f"{ATLAS}/vite.config.ts", "    sourcemap: true,\n", "    sourcemap: 'hidden',\n", cfg2)
    s.bash("npm run build >/dev/null && ls dist/assets | grep -c '\\.map$'; grep -c sourceMappingURL dist/assets/*.js",
           "Check no maps or map comments ship", code=1, out="0\ndist/assets/index-9b0e11d4.js:0\n"
                                                          "dist/assets/vendor-a81b7d33.js:0")
    s.say("Now `sourcemap: 'hidden'`: the bundles carry no `sourceMappingURL`, the plugin uploads the maps to "
          "Sentry and `filesToDeleteAfterUpload` removes them from `dist/` before deploy; the build has 0 `.map` files "
          "left.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L23_CORR = ("NO. --linked is the remote dev project the whole team and the TestFlight build use: reset wipes its data "
               "(test users, their seeded habits, storage metadata) and reruns seed.sql on it. Resets are local only. "
               "Changes reach the remote projects as migration files through `supabase db push` in the deploy workflow, "
               "never a reset.")

STREAKS_SQL = ("create table public.streaks (\n  id bigint generated always as identity primary key,\n"
               "  user_id uuid not null references auth.users on delete cascade,\n  habit_id bigint not null references "
               "public.habits on delete cascade,\n  current int not null default 0,\n  unique (user_id)\n);\n")

@lesson("H18L23", "supabase-cli", "rejected-with-feedback", ["--linked", "supabase db push", "never a reset"], [
    fire_bash("psql \"$STAGING_DB_URL\" -c 'drop schema public cascade; create schema public;'",
              "Start staging from a clean schema", note="wipes a shared remote database; one shared word"),
    fire_bash("supabase db reset --db-url \"$DEV_DB_URL\"", "Reset the dev database",
              note="same reset, aimed at the remote by URL"),
    silent_bash("supabase db reset", "Reset the local database", note="local reset is fine"),
    silent_bash("supabase migration new streaks_timezone", "New migration file", note="compliant: a migration"),
])
def H18L23():
    s = Session("H18L23", HABIT, branch="feat/streaks", version="2.1.31", start="2026-03-01T20:10:00")
    s.prompt("the streaks migration I added locally is broken and my local db is in a weird state. sort it out, and "
             "make sure the remote dev project ends up with the fixed schema too")
    s.bash("supabase migration list", "Local vs remote migrations",
           out="  \n   Local          | Remote         | Time (UTC)          \n  ----------------|----------------|"
               "---------------------\n   20260210093000 | 20260210093000 | 2026-02-10 09:30:00 \n   20260301120000 |"
               "                | 2026-03-01 12:00:00 ")
    s.read(f"{HABIT}/supabase/migrations/20260301120000_streaks.sql", STREAKS_SQL)
    s.edit(f"{HABIT}/supabase/migrations/20260301120000_streaks.sql", "  unique (user_id)\n",
           "  unique (user_id, habit_id)\n", STREAKS_SQL)
    s.bash("supabase db reset", "Reset the local database",
           out="Resetting local database...\nRecreating database...\nInitialising schema...\nSeeding globals from "
               "roles.sql...\nApplying migration 20260210093000_habits.sql...\nApplying migration "
               "20260301120000_streaks.sql...\nSeeding data from supabase/seed.sql...\nRestarting containers...\n"
               "Finished supabase db reset on branch feat/streaks.")
    s.say("Local is clean again: the unique constraint was on `user_id` alone, so a second habit's streak failed to "
          "insert; it's `(user_id, habit_id)` now. Next, the remote dev project.")
    s.reject("Bash", {"command": "supabase db reset --linked", "description": "Reset the remote dev project"},
             feedback=H18L23_CORR)
    s.bash("git add supabase/migrations/20260301120000_streaks.sql && git commit -qm \"streaks: unique per user and "
           "habit\" && git push -q -u origin feat/streaks", "Commit and push the migration")
    s.say("Understood. The fixed migration is committed and pushed on `feat/streaks`; the remote dev project never "
          "had it, so the deploy workflow's `supabase db push` will apply it as-is after merge. Nothing was run "
          "against the remote.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L24_CORR = ("no, don't shell out where a module exists: get_url and unarchive for the tarball, user for the account, "
               "template for the unit file, systemd for enable and start. shell: and command: report changed on every "
               "run, --check can't say anything about them and the recap never goes quiet. If something really has no "
               "module, give it creates: or changed_when: so it stays idempotent.")

NODE_EXP_V1 = (
            "- name: Download and unpack node_exporter\n  ansible.builtin.shell: >\n    curl -sL https://github.com/"
            "prometheus/node_exporter/releases/download/v1.8.2/node_exporter-1.8.2.linux-amd64.tar.gz\n"
            "    | tar xz -C /opt\n\n- name: Create the service user\n  ansible.builtin.command: useradd --system "
            "--no-create-home node_exporter\n  ignore_errors: true\n\n- name: Install the unit\n  ansible.builtin.copy:\n"
            "    src: node_exporter.service\n    dest: /etc/systemd/system/node_exporter.service\n\n"
            "- name: Enable and start\n  ansible.builtin.shell: systemctl daemon-reload && systemctl enable --now "
            "node_exporter\n")

SITE_YML = ("- hosts: build\n  become: true\n  roles:\n    - common\n    - docker_host\n")

@lesson("H18L24", "ansible-roles", "plain-no", ["where a module exists", "changed_when", "idempotent"], [
    fire_edit(f"{FLEETOPS}/roles/firewall/tasks/main.yml", "- name: Default deny incoming\n",
              "- name: Allow prometheus to scrape 9100\n  ansible.builtin.shell: ufw allow from 10.20.0.5 to any port 9100 "
              "proto tcp\n\n- name: Default deny incoming\n", note="shell for a firewall rule; one shared word"),
    fire_edit(f"{FLEETOPS}/roles/docker_host/tasks/main.yml", "- name: Start docker\n",
              "- name: Add deploy user to the docker group\n  ansible.builtin.command: usermod -aG docker deploy\n\n"
              "- name: Start docker\n", note="command where the user module exists"),
    silent_bash("ansible-playbook -i inventory/build.ini site.yml --limit build-03 --check --diff",
                "Check run on one host", note="dry run"),
    silent_edit(f"{FLEETOPS}/roles/node_exporter/handlers/main.yml", "---\n",
                "---\n- name: Restart node_exporter\n  ansible.builtin.systemd:\n    name: node_exporter\n"
                "    state: restarted\n    daemon_reload: true\n", note="compliant: systemd module handler"),
])
def H18L24():
    s = Session("H18L24", FLEETOPS, branch="feat/node-exporter", version="2.0.76", start="2025-11-11T09:40:00")
    s.prompt("add a role that installs node_exporter 1.8.2 on the build servers and runs it as a service")
    s.write(f"{FLEETOPS}/roles/node_exporter/tasks/main.yml", NODE_EXP_V1)
    s.read(f"{FLEETOPS}/site.yml", SITE_YML)
    s.edit(f"{FLEETOPS}/site.yml", "    - docker_host\n", "    - docker_host\n    - node_exporter\n", SITE_YML)
    s.bash("for i in 1 2; do ansible-playbook -i inventory/build.ini site.yml --limit build-03 2>&1 | tail -2; done",
           "Run twice on one host",
           out="PLAY RECAP *********************************************************************\n"
               "build-03                   : ok=14   changed=3    unreachable=0    failed=0    skipped=0    rescued=0    "
               "ignored=1\nPLAY RECAP *********************************************************************\n"
               "build-03                   : ok=14   changed=3    unreachable=0    failed=0    skipped=0    rescued=0    "
               "ignored=1")
    s.say("node_exporter 1.8.2 runs on build-03 and answers on :9100. The role is in `roles/node_exporter` and wired "
          "into `site.yml` for the build hosts.", end=True)
    s.prompt(H18L24_CORR, correction=True)
    s.write(f"{FLEETOPS}/roles/node_exporter/tasks/main.yml",
            "- name: Service user\n  ansible.builtin.user:\n    name: node_exporter\n    system: true\n"
            "    create_home: false\n    shell: /usr/sbin/nologin\n\n- name: Download node_exporter\n"
            "  ansible.builtin.get_url:\n    url: https://github.com/prometheus/node_exporter/releases/download/v{{ "
            "node_exporter_version }}/node_exporter-{{ node_exporter_version }}.linux-amd64.tar.gz\n"
            "    dest: /tmp/node_exporter-{{ node_exporter_version }}.tar.gz\n    checksum: \"{{ node_exporter_checksum }}\"\n\n"
            "- name: Unpack\n  ansible.builtin.unarchive:\n    src: /tmp/node_exporter-{{ node_exporter_version }}.tar.gz\n"
            "    dest: /opt\n    remote_src: true\n    creates: /opt/node_exporter-{{ node_exporter_version }}.linux-amd64\n\n"
            "- name: Unit file\n  ansible.builtin.template:\n    src: node_exporter.service.j2\n"
            "    dest: /etc/systemd/system/node_exporter.service\n  notify: Restart node_exporter\n\n"
            "- name: Enable and start\n  ansible.builtin.systemd:\n    name: node_exporter\n    enabled: true\n"
            "    state: started\n    daemon_reload: true\n",
            original=NODE_EXP_V1)
    s.bash("for i in 1 2; do ansible-playbook -i inventory/build.ini site.yml --limit build-03 2>&1 | tail -1; done",
           "Run twice again",
           out="build-03                   : ok=15   changed=2    unreachable=0    failed=0    skipped=0    rescued=0    "
               "ignored=0\nbuild-03                   : ok=15   changed=0    unreachable=0    failed=0    skipped=0    "
               "rescued=0    ignored=0")
    s.say("Rewritten with `user`, `get_url` (with checksum), `unarchive` (`creates:`), `template` and `systemd`. The "
          "second run reports changed=0, so `--check` is meaningful for the role now.", end=True)
    return s
