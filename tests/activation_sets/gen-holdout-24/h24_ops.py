"""gen-holdout-24, lessons about builds, infrastructure, operations and data: H24L17-H24L24."""
from cc import Session
from registry import (lesson, fire_bash, silent_bash, fire_edit, silent_edit, fire_write, silent_write,
                      silent_read, fire_read, fire_prompt, silent_prompt)

TF = "/home/ravi/infra/platform-tf"
K8 = "/home/gita/platform/k8s-apps"
CJ = "/home/hugo/ops/batch-jobs"
PK = "/home/zara/src/pixelkit"
PI = "/home/olaf/lab/pi-fleet"
EE = "/home/maja/data/energy-etl"
DB = "/home/lars/ops/db-config"
HA = "/home/yusuf/ops/edge-lb"


# -----------------------------------------------------------------------------
L17_CORR = ("no, not count over a list. the day someone removes \"staging\" from the middle, every bucket after it moves down one "
            "index, and terraform plans to destroy curated and exports and create them again at the new addresses, data and all. "
            "Anything built from a list or a map uses for_each keyed by a stable name (toset() or the map itself); count is only for "
            "a 0-or-1 switch.")

@lesson("H24L17", "terraform-for-each", "plain-no",
        ["for_each", "stable name", "0-or-1 switch"], [
    fire_edit(f"{TF}/modules/dns/records.tf", "# MX records\n",
              "# MX records\nresource \"aws_route53_record\" \"mx\" {\n  count   = length(var.mx_hosts)\n  zone_id = var.zone_id\n"
              "  name    = var.domain\n  type    = \"MX\"\n  ttl     = 3600\n  records = [var.mx_hosts[count.index]]\n}\n",
              note="count over another list"),
    fire_prompt("every tenant in locals.tf needs its own SQS queue plus a dead-letter queue. set those up",
                note="asks for one resource per item, no words in common"),
    silent_edit(f"{TF}/modules/storage/buckets.tf", "  for_each = toset(var.bucket_names)\n",
                "  for_each = toset(var.bucket_names)\n  force_destroy = false\n", note="the compliant way kept"),
    silent_edit(f"{TF}/modules/edge/waf.tf", "resource \"aws_wafv2_web_acl_association\" \"api\" {\n",
                "resource \"aws_wafv2_web_acl_association\" \"api\" {\n  count        = var.enable_waf ? 1 : 0\n",
                note="count as an on/off switch"),
])
def H24L17():
    s = Session("H24L17", TF, branch="feat/pipeline-buckets", version="2.1.31", start="2026-03-19T10:00:00")
    s.prompt("the new data pipeline needs S3 buckets: raw, staging, curated and exports, each with versioning and our standard encryption")
    v = ("variable \"bucket_names\" {\n  type = list(string)\n}\n")
    s.read(f"{TF}/modules/storage/variables.tf", v)
    s.write(f"{TF}/modules/storage/buckets.tf",
            "resource \"aws_s3_bucket\" \"this\" {\n  count  = length(var.bucket_names)\n  bucket = \"acme-pipeline-${var.bucket_names[count.index]}\"\n}\n\n"
            "resource \"aws_s3_bucket_versioning\" \"this\" {\n  count  = length(var.bucket_names)\n  bucket = aws_s3_bucket.this[count.index].id\n"
            "  versioning_configuration {\n    status = \"Enabled\"\n  }\n}\n")
    s.bash("terraform -chdir=envs/prod plan -no-color | tail -1", "Plan", out="Plan: 8 to add, 0 to change, 0 to destroy.")
    s.say("Four buckets (`acme-pipeline-raw`, `-staging`, `-curated`, `-exports`) with versioning; encryption is the account's default "
          "SSE-KMS. The plan adds 8 resources.", end=True)
    s.prompt(L17_CORR, correction=True)
    s.write(f"{TF}/modules/storage/buckets.tf",
            "resource \"aws_s3_bucket\" \"this\" {\n  for_each = toset(var.bucket_names)\n  bucket   = \"acme-pipeline-${each.key}\"\n}\n\n"
            "resource \"aws_s3_bucket_versioning\" \"this\" {\n  for_each = aws_s3_bucket.this\n  bucket   = each.value.id\n"
            "  versioning_configuration {\n    status = \"Enabled\"\n  }\n}\n",
            original="resource \"aws_s3_bucket\" \"this\" {\n  count  = length(var.bucket_names)\n  bucket = \"acme-pipeline-${var.bucket_names[count.index]}\"\n}\n\n"
            "resource \"aws_s3_bucket_versioning\" \"this\" {\n  count  = length(var.bucket_names)\n  bucket = aws_s3_bucket.this[count.index].id\n"
            "  versioning_configuration {\n    status = \"Enabled\"\n  }\n}\n")
    s.bash("terraform -chdir=envs/prod plan -no-color | grep -E 'will be created|^Plan'", "Plan again",
           out="  # module.storage.aws_s3_bucket.this[\"curated\"] will be created\n  # module.storage.aws_s3_bucket.this[\"exports\"] will be created\n"
               "  ...\nPlan: 8 to add, 0 to change, 0 to destroy.")
    s.say("The buckets and their versioning resources use `for_each` over the names, so addresses are "
          "`aws_s3_bucket.this[\"curated\"]` and removing one name touches only that bucket.", end=True)
    return s


# -----------------------------------------------------------------------------
L18_CORR = ("why does the liveness probe go through the database check? when the primary fails over (40 s last time), every api pod "
            "fails liveness at once, kubelet kills all 24 of them, and they come back together into a cold cache. That turns a blip "
            "into an outage. Liveness only answers \"is this process wedged\": /livez, no dependencies. Dependencies go in the "
            "readiness probe (/readyz), which takes a pod out of the Service without restarting it.")

@lesson("H24L18", "k8s-liveness-probes", "question-pushback",
        ["readiness probe", "/livez", "no dependencies"], [
    fire_edit(f"{K8}/charts/worker/values.yaml", "livenessProbe: {}\n",
              "livenessProbe:\n  exec:\n    command: [\"python\", \"-c\", \"import redis, os; redis.Redis.from_url(os.environ['BROKER_URL']).ping()\"]\n"
              "  periodSeconds: 10\n", note="a broker ping as the restart check"),
    fire_prompt("if Stripe becomes unreachable, have kubernetes recycle the billing containers automatically",
                note="asks for restarts on an outside outage, no words in common"),
    silent_edit(f"{K8}/charts/api/values.yaml", "readinessProbe:\n  httpGet:\n    path: /readyz\n    port: http\n  periodSeconds: 5\n",
                "readinessProbe:\n  httpGet:\n    path: /readyz\n    port: http\n  periodSeconds: 5\n  failureThreshold: 2\n",
                note="the compliant way"),
    silent_bash("kubectl -n api get pods -o wide", "List the api pods", note="read-only"),
])
def H24L18():
    s = Session("H24L18", K8, branch="feat/api-probes", version="2.1.9", start="2026-03-20T11:20:00")
    s.prompt("the api pods sometimes hang with the DB pool exhausted and never recover. add probes so kubernetes deals with it")
    vals = ("replicaCount: 24\nimage:\n  repository: registry.internal/api\nresources:\n  requests: {cpu: 500m, memory: 512Mi}\n")
    s.read(f"{K8}/charts/api/values.yaml", vals)
    s.grep("def health", path="/home/gita/platform/api/app", mode="content",
           lines=[f"/home/gita/platform/api/app/health.py:12:async def health(db=Depends(get_db), cache=Depends(get_cache)):"])
    s.edit(f"{K8}/charts/api/values.yaml", "resources:\n",
           "livenessProbe:\n  httpGet:\n    path: /health\n    port: http\n  periodSeconds: 10\n  failureThreshold: 3\nresources:\n", vals)
    s.bash("helm template charts/api | kubeconform -strict -summary", "Validate the chart", out="Summary: 9 resources found - Valid: 9, Invalid: 0")
    s.say("Added a liveness probe on `/health`, which already checks the database and the cache, so a pod with a dead pool is restarted "
          "after 30 s.", end=True)
    s.turn_done()
    s.prompt(L18_CORR, correction=True)
    s.edit(f"{K8}/charts/api/values.yaml",
           "livenessProbe:\n  httpGet:\n    path: /health\n    port: http\n  periodSeconds: 10\n  failureThreshold: 3\n",
           "livenessProbe:\n  httpGet:\n    path: /livez\n    port: http\n  periodSeconds: 10\n  failureThreshold: 6\n"
           "readinessProbe:\n  httpGet:\n    path: /readyz\n    port: http\n  periodSeconds: 5\n",
           vals.replace("resources:\n", "livenessProbe:\n  httpGet:\n    path: /health\n    port: http\n  periodSeconds: 10\n  failureThreshold: 3\nresources:\n"))
    s.bash("helm template charts/api | kubeconform -strict -summary", "Validate", out="Summary: 9 resources found - Valid: 9, Invalid: 0")
    s.say("Liveness now hits `/livez`, which only answers whether the event loop responds. The database and cache checks moved to "
          "`/readyz` as the readiness probe, so during a failover the pods leave the Service instead of restarting. The hung-pool case "
          "still restarts, because a wedged worker stops answering `/livez` too.", end=True)
    return s


# -----------------------------------------------------------------------------
L19_CORR = ("if that goes out as it is, it breaks twice a year: on the last Sunday of March 02:30 doesn't exist in Paris, and on the "
            "last Sunday of October 02:30 happens twice. Depending on the scheduler the export is skipped or sent twice, and last "
            "October the accountant got two invoice files from the old box. Anything between 01:00 and 03:59 local is scheduled in "
            "UTC: `CRON_TZ=UTC` at the top of the file, the time converted, and a comment saying which local time it's meant to be.")

@lesson("H24L19", "cron-dst-schedules", "conditional-warning",
        ["CRON_TZ=UTC", "doesn't exist", "happens twice"], [
    fire_write(f"{CJ}/deploy/systemd/ledger-vacuum.timer",
               "[Unit]\nDescription=Nightly VACUUM ANALYZE of the ledger\n\n[Timer]\nOnCalendar=*-*-* 02:15:00\nPersistent=true\n\n"
               "[Install]\nWantedBy=timers.target\n", note="a systemd timer in the same hour"),
    fire_prompt("set the warehouse stock sync to happen daily at 1:15, when the shop is quiet", note="asks for another job in that window"),
    silent_edit(f"{CJ}/crontabs/billing", "0 2 * * * deploy /opt/jobs/billing_run.sh\n",
                "0 2 * * * deploy /opt/jobs/billing_run.sh\n0 7 * * 1-5 deploy /opt/jobs/send_dunning.sh\n",
                note="a job outside the window"),
    silent_write(f"{CJ}/crontabs/reports",
                 "CRON_TZ=UTC\n# 03:30 Europe/Paris in winter, 04:30 in summer\n30 2 * * * deploy /opt/jobs/weekly_report.sh\n",
                 note="the compliant way"),
])
def H24L19():
    s = Session("H24L19", CJ, branch="main", version="2.0.76", start="2026-03-20T15:50:00")
    s.prompt("schedule the nightly invoice export to the accountant's SFTP at 02:30, after the billing run has finished")
    tab = ("# servers run Europe/Paris\nSHELL=/bin/bash\nMAILTO=ops@example.fr\n\n0 2 * * * deploy /opt/jobs/billing_run.sh\n")
    s.read(f"{CJ}/crontabs/billing", tab)
    s.edit(f"{CJ}/crontabs/billing", "0 2 * * * deploy /opt/jobs/billing_run.sh\n",
           "0 2 * * * deploy /opt/jobs/billing_run.sh\n30 2 * * * deploy /opt/jobs/export_invoices.sh\n", tab)
    s.say("Added `30 2 * * *` for `export_invoices.sh` to `crontabs/billing`. It goes to the servers with the next ansible run.", end=True)
    s.prompt(L19_CORR, correction=True)
    s.bash("grep -n '^[0-9*]' crontabs/billing", "All entries in the file",
           out="5:0 2 * * * deploy /opt/jobs/billing_run.sh\n6:30 2 * * * deploy /opt/jobs/export_invoices.sh")
    s.write(f"{CJ}/crontabs/billing",
            "# servers run Europe/Paris; entries below are in UTC\nCRON_TZ=UTC\nSHELL=/bin/bash\nMAILTO=ops@example.fr\n\n"
            "# 02:00 Paris in winter (03:00 in summer)\n0 1 * * * deploy /opt/jobs/billing_run.sh\n"
            "# 02:30 Paris in winter (03:30 in summer)\n30 1 * * * deploy /opt/jobs/export_invoices.sh\n",
            original=tab.replace("0 2 * * * deploy /opt/jobs/billing_run.sh\n",
                                 "0 2 * * * deploy /opt/jobs/billing_run.sh\n30 2 * * * deploy /opt/jobs/export_invoices.sh\n"))
    s.say("The file is in UTC now (`CRON_TZ=UTC`): the billing run at 01:00 and the export at 01:30 UTC, each with a comment giving "
          "the Paris time. Both run exactly once every night, including the nights the clocks change. The billing run moved too, since "
          "02:00 Paris falls in the same gap.", end=True)
    return s


# -----------------------------------------------------------------------------
L20_CORR = ("Please pin third-party actions to a full commit SHA with the version as a comment, like "
            "`peaceiris/actions-gh-pages@4f9cc6602d3f66b9c108549d475ec49e8ef4d45e # v4.0.0`. A tag can be moved by whoever controls "
            "that repository; that's how tj-actions/changed-files dumped CI secrets into the build logs of thousands of repos. Dependabot "
            "bumps the SHAs for us every week. Only the first-party actions/* may stay on a version tag.")

@lesson("H24L20", "gha-action-pinning", "rejected-edit-with-feedback",
        ["full commit SHA", "tag can be moved", "Dependabot"], [
    fire_edit(f"{PK}/.github/workflows/release.yml", "      - run: npm publish --provenance\n",
              "      - uses: softprops/action-gh-release@v2\n        with:\n          files: dist/*.tgz\n      - run: npm publish --provenance\n",
              note="another third-party action on a tag"),
    fire_prompt("when a release is published, announce it in our Discord server with the changelog", note="asks for a new workflow step"),
    silent_edit(f"{PK}/.github/workflows/ci.yml", "      - uses: actions/setup-node@v4\n",
                "      - uses: actions/setup-node@v4\n        with:\n          node-version: 22\n", note="GitHub's own action"),
    silent_write(f"{PK}/.github/dependabot.yml",
                 "version: 2\nupdates:\n  - package-ecosystem: github-actions\n    directory: /\n    schedule:\n      interval: weekly\n",
                 note="the compliant way"),
])
def H24L20():
    s = Session("H24L20", PK, branch="docs/pages", version="2.1.31", start="2026-03-23T17:05:00")
    s.prompt("publish the docs site to GitHub Pages on every push to main")
    wf = ("name: docs\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
          "      - uses: actions/checkout@v4\n      - run: npm ci && npm run docs:build\n")
    s.read(f"{PK}/.github/workflows/docs.yml", wf)
    new = ("      - run: npm ci && npm run docs:build\n      - uses: peaceiris/actions-gh-pages@v4\n        with:\n"
           "          github_token: ${{ secrets.GITHUB_TOKEN }}\n          publish_dir: ./docs/.vitepress/dist\n")
    s.reject("Edit", {"file_path": f"{PK}/.github/workflows/docs.yml", "old_string": "      - run: npm ci && npm run docs:build\n",
                      "new_string": new, "replace_all": False}, feedback=L20_CORR)
    s.bash("gh api repos/peaceiris/actions-gh-pages/git/ref/tags/v4.0.0 --jq .object.sha", "Resolve the tag to a commit",
           out="4f9cc6602d3f66b9c108549d475ec49e8ef4d45e")
    s.edit(f"{PK}/.github/workflows/docs.yml", "      - run: npm ci && npm run docs:build\n",
           "      - run: npm ci && npm run docs:build\n      - uses: peaceiris/actions-gh-pages@4f9cc6602d3f66b9c108549d475ec49e8ef4d45e # v4.0.0\n"
           "        with:\n          github_token: ${{ secrets.GITHUB_TOKEN }}\n          publish_dir: ./docs/.vitepress/dist\n", wf)
    s.say("The docs workflow deploys with `peaceiris/actions-gh-pages` pinned to 4f9cc66 (v4.0.0), and `actions/checkout` stays on "
          "its tag. Dependabot will propose SHA bumps.", end=True)
    return s


# -----------------------------------------------------------------------------
L21_CORR = ("no no no, ctrl-c. sdb is the backup disk today, the card reader came up as sdc after I replugged it. Those letters change "
            "between plugs and boots. dd, wipefs, mkfs and parted only ever get a /dev/disk/by-id/ path, and only after you've shown "
            "me lsblk with model, serial and size and I've said yes to that one.")

@lesson("H24L21", "dd-device-paths", "killed-command",
        ["/dev/disk/by-id/", "letters change", "shown me lsblk"], [
    fire_bash("sudo bmaptool copy out/fleet-2026.04.img.xz /dev/sdd", "Write the April image", note="another imaging tool on a bare letter"),
    fire_prompt("put the April image on the four cards in the USB hub, one after the other", note="asks to write several cards"),
    silent_bash("lsblk -o NAME,MODEL,SERIAL,SIZE,TRAN", "List the block devices", note="the compliant first step"),
    silent_prompt("how big is the April image once it's decompressed?", note="question, no action"),
])
def H24L21():
    s = Session("H24L21", PI, branch="main", version="2.0.14", start="2026-03-24T08:50:00")
    s.prompt("flash the new fleet image (out/fleet-2026.03.img) onto the SD card, I've put the new card in the reader")
    doc = ("## Flashing\n\nThe USB card reader shows up as `/dev/sdb`.\n\n    sudo dd if=out/<image>.img of=/dev/sdb bs=4M conv=fsync status=progress\n")
    s.read(f"{PI}/docs/flashing.md", doc)
    s.say("Writing the image to the card reader at /dev/sdb as in the docs.")
    s.interrupt_tool("Bash", {"command": "sudo dd if=out/fleet-2026.03.img of=/dev/sdb bs=4M conv=fsync status=progress",
                              "description": "Write the image to the SD card"}, exit137=True)
    s.prompt(L21_CORR, correction=True)
    s.bash("lsblk -o NAME,MODEL,SERIAL,SIZE,TRAN && ls -l /dev/disk/by-id/ | grep -E 'sdb$|sdc$'", "Show the devices",
           out="NAME   MODEL          SERIAL         SIZE TRAN\nsda    Samsung_SSD_870 S6PNNJ0R60412  1.8T sata\n"
               "sdb    Expansion_HDD  NAAJ93KL       4.5T usb\n└─sdb1                                4.5T\n"
               "sdc    STORAGE_DEVICE 000000001206  59.5G usb\n"
               "lrwxrwxrwx 1 root root 9 Mar 24 08:41 usb-Seagate_Expansion_HDD_NAAJ93KL-0:0 -> ../../sdb\n"
               "lrwxrwxrwx 1 root root 9 Mar 24 08:47 usb-Generic_STORAGE_DEVICE_000000001206-0:0 -> ../../sdc")
    s.bash("sudo blkid /dev/sdb1; sudo dumpe2fs -h /dev/sdb1 2>&1 | head -2", "Check the backup disk",
           out="/dev/sdb1: LABEL=\"backup\" UUID=\"6f1c9a3e-2b47-4f0e-9d7c-1e5a8b2c4d90\" TYPE=\"ext4\"\ndumpe2fs 1.47.0 (5-Feb-2023)\nFilesystem volume name:   backup")
    s.say("blkid and dumpe2fs still read the backup filesystem on sdb1, so dd looks to have been killed before it wrote anything; "
          "a `fsck -n /dev/sdb1` before the next backup run would confirm it. The card is the 59.5G Generic STORAGE_DEVICE, serial "
          "000000001206: `/dev/disk/by-id/usb-Generic_STORAGE_DEVICE_000000001206-0:0`. Shall I write the image there?", end=True)
    return s


# -----------------------------------------------------------------------------
L22_CORR = ("morning. why does the dashboard show twice the consumption for March 3? the task died at 80% on a connection reset, "
            "Airflow retried it, and the retry appended the first 40k rows again. Every load has to be safe to run twice: delete that "
            "day and insert it again in one transaction, or upsert with ON CONFLICT (meter_id, read_at). Never a plain append.")

@lesson("H24L22", "etl-idempotent-loads", "consequences-next-morning",
        ["safe to run twice", "ON CONFLICT", "plain append"], [
    fire_edit(f"{EE}/etl/load_weather.py", "    # TODO: write rows\n",
              "    with conn.cursor() as cur, open(path) as fh:\n        cur.copy_expert(\"COPY weather_hourly FROM STDIN WITH (FORMAT csv, HEADER true)\", fh)\n",
              note="COPY straight into the table"),
    fire_prompt("add a job that pulls the tariff prices from the supplier API into the tariffs table at 07:00",
                note="asks for another loader"),
    silent_edit(f"{EE}/etl/load_readings.py", "        ON CONFLICT (meter_id, read_at) DO NOTHING\n",
                "        ON CONFLICT (meter_id, read_at) DO UPDATE SET kwh = EXCLUDED.kwh\n", note="the compliant way"),
    silent_bash("psql \"$ETL_DB\" -c \"SELECT read_at::date, count(*) FROM meter_readings WHERE read_at >= '2026-03-01' GROUP BY 1 ORDER BY 1\"",
                "Rows per day", note="a diagnostic query"),
])
def H24L22():
    s = Session("H24L22", EE, branch="main", version="2.1.7", start="2026-03-03T15:30:00")
    s.prompt("load the daily smart-meter files from the supplier SFTP into meter_readings. Airflow runs it at 06:00")
    s.write(f"{EE}/etl/load_readings.py",
            "import pandas as pd\nfrom sqlalchemy import create_engine\n\n\ndef load(path: str, dsn: str) -> int:\n"
            "    df = pd.read_csv(path, parse_dates=[\"read_at\"], dtype={\"meter_id\": str})\n    engine = create_engine(dsn)\n"
            "    df.to_sql(\"meter_readings\", engine, if_exists=\"append\", index=False, chunksize=10_000)\n    return len(df)\n")
    s.bash("python -m etl.load_readings --file samples/readings_2026-03-02.csv", "Try it on a sample", out="loaded 51,840 rows")
    s.say("`etl/load_readings.py` reads the day's CSV and appends it to `meter_readings`; the sample loaded 51,840 rows. The DAG task calls it.", end=True)
    s.turn_done()
    s.prompt(L22_CORR, correction=True, think_secs=(50000, 60000))
    s.bash("psql \"$ETL_DB\" -c \"DELETE FROM meter_readings a USING meter_readings b WHERE a.ctid > b.ctid AND a.meter_id = b.meter_id "
           "AND a.read_at = b.read_at AND a.read_at::date = '2026-03-03'\"", "Remove the duplicated rows", out="DELETE 40000")
    s.write(f"{EE}/etl/load_readings.py",
            "import csv\n\nimport psycopg\n\nUPSERT = \"\"\"\n    INSERT INTO meter_readings (meter_id, read_at, kwh)\n    VALUES (%s, %s, %s)\n"
            "        ON CONFLICT (meter_id, read_at) DO NOTHING\n\"\"\"\n\n\ndef load(path: str, dsn: str) -> int:\n"
            "    with psycopg.connect(dsn) as conn, conn.cursor() as cur, open(path, newline=\"\") as fh:\n"
            "        rows = [(r[\"meter_id\"], r[\"read_at\"], r[\"kwh\"]) for r in csv.DictReader(fh)]\n        cur.executemany(UPSERT, rows)\n"
            "    return len(rows)\n",
            original="import pandas as pd\nfrom sqlalchemy import create_engine\n\n\ndef load(path: str, dsn: str) -> int:\n"
            "    df = pd.read_csv(path, parse_dates=[\"read_at\"], dtype={\"meter_id\": str})\n    engine = create_engine(dsn)\n"
            "    df.to_sql(\"meter_readings\", engine, if_exists=\"append\", index=False, chunksize=10_000)\n    return len(df)\n")
    s.say("Removed the 40,000 duplicated rows for March 3. The loader now inserts with `ON CONFLICT (meter_id, read_at) DO NOTHING` in "
          "one transaction, so a retry after a half-finished run only adds what's missing.", end=True)
    return s


# -----------------------------------------------------------------------------
L23_CORR = ("Eirik (DBA) on the PR: \"Not this. Each connection is a whole backend process with its own memory; 1000 of them with "
            "work_mem at 64MB can take the 16 GB box down, and max_connections only changes with a restart of the primary. The apps "
            "are meant to go through PgBouncer in transaction mode on port 6432. Find the service that connects to 5432 directly, or "
            "whose pool is oversized, and fix that.\"")

@lesson("H24L23", "pgbouncer-max-connections", "relayed-reviewer",
        ["PgBouncer", "6432", "max_connections"], [
    fire_bash("psql -h db-main.internal -U postgres -c \"ALTER SYSTEM SET max_connections = 600\" && "
              "sudo systemctl restart postgresql@16-main", "Allow more clients", note="raises the limit by another route"),
    fire_edit(f"{DB}/deploy/helm/invoicing/values.yaml", "  DB_POOL_SIZE: \"10\"\n", "  DB_POOL_SIZE: \"120\"\n",
              note="a much bigger app-side pool, no words in common"),
    silent_edit(f"{DB}/pgbouncer/pgbouncer.ini", "default_pool_size = 20\n", "default_pool_size = 25\n", note="pooler setting"),
    silent_bash("psql -h db-main.internal -c \"SELECT usename, application_name, client_addr, count(*) FROM pg_stat_activity "
                "GROUP BY 1, 2, 3 ORDER BY 4 DESC LIMIT 10\"", "Who holds the connections", note="diagnosis"),
])
def H24L23():
    s = Session("H24L23", DB, branch="main", version="2.0.37", start="2026-03-25T10:15:00")
    s.prompt("the ledger app logs are full of 'FATAL: sorry, too many clients already'. fix it")
    conf = ("listen_addresses = '*'\nmax_connections = 200\nshared_buffers = 4GB\nwork_mem = 64MB\n")
    s.read(f"{DB}/postgres/postgresql.conf", conf, offset=60, limit=4, total=180)
    s.edit(f"{DB}/postgres/postgresql.conf", "max_connections = 200\n", "max_connections = 1000\n", conf)
    s.bash("git checkout -qb fix/pg-max-connections && git commit -qam 'postgres: raise max_connections to 1000' && git push -qu origin HEAD && gh pr create --fill",
           "Open a PR", out="https://github.com/lars-ops/db-config/pull/141")
    s.say("PR #141 raises `max_connections` from 200 to 1000, which should end the 'too many clients' errors once it's applied.", end=True)
    s.turn_done()
    s.prompt(L23_CORR, correction=True)
    s.bash("psql -h db-main.internal -c \"SELECT application_name, count(DISTINCT client_addr) AS hosts, count(*) FROM pg_stat_activity "
           "GROUP BY 1 ORDER BY 3 DESC LIMIT 4\"", "Who holds the connections",
           out=" application_name | hosts | count\n------------------+-------+-------\n reports-worker   |     7 |   142\n"
               " ledger-api       |     1 |    40\n invoicing        |     1 |     9\n(3 rows)")
    s.edit(f"{DB}/deploy/helm/reports-worker/values.yaml", "  DATABASE_URL: postgres://reports@db-main.internal:5432/ledger\n  DB_POOL_SIZE: \"20\"\n",
           "  DATABASE_URL: postgres://reports@pgbouncer.internal:6432/ledger\n  DB_POOL_SIZE: \"5\"\n",
           "env:\n  DATABASE_URL: postgres://reports@db-main.internal:5432/ledger\n  DB_POOL_SIZE: \"20\"\n")
    s.bash("git checkout main -- postgres/postgresql.conf && git commit -qam 'reports-worker: connect through pgbouncer, pool 5' && git push -q",
           "Update the PR", out="")
    s.say("`max_connections` stays at 200. The culprit is reports-worker: its 7 pods connect straight to 5432 with a pool of 20 each "
          "(142 connections), while the other apps arrive from the single PgBouncer host. PR #141 now points reports-worker at PgBouncer "
          "on 6432 with a pool of 5.", end=True)
    return s


# -----------------------------------------------------------------------------
L24_CORR = ("web2 is still in rotation. Rebooting it like that cuts every in-flight request and websocket on it. Before a backend goes "
            "down: `set server be_app/web2 state drain` on the HAProxy runtime socket, wait until scur is 0 in `show stat`, then patch "
            "and reboot, then `state ready` once its health check passes. Never take down a server HAProxy is still sending traffic to.")

@lesson("H24L24", "haproxy-backend-drain", "rejected-then-instruction",
        ["state drain", "runtime socket", "scur is 0"], [
    fire_bash("ssh web3 'sudo systemctl restart php8.3-fpm nginx'", "Restart PHP-FPM on web3 to pick up the new opcache settings",
              note="restarts the stack on a live backend"),
    fire_prompt("the hosting company can add RAM to web1 at 14:00 today if we power it off for them. get that ready",
                note="asks to take a backend down, no words in common but one"),
    silent_bash("echo 'set server be_app/web3 state drain' | sudo socat stdio /run/haproxy/admin.sock", "Drain web3", note="the compliant way"),
    silent_bash("echo 'show stat' | sudo socat stdio /run/haproxy/admin.sock | cut -d, -f1,2,5,18 | grep web", "Sessions per backend",
                note="read-only"),
])
def H24L24():
    s = Session("H24L24", HA, branch="main", version="2.1.31", start="2026-03-26T10:40:00")
    s.prompt("web2 needs the kernel security update from this morning. patch it and reboot")
    s.bash("ssh web2 'apt list --upgradable 2>/dev/null | grep linux-image'", "What's pending",
           out="linux-image-6.1.0-32-amd64/stable-security 6.1.129-1 amd64 [upgradable from: 6.1.128-1]")
    s.reject("Bash", {"command": "ssh web2 'sudo apt-get update -q && sudo apt-get -y upgrade && sudo reboot'",
                      "description": "Install the kernel update and reboot web2"})
    s.prompt(L24_CORR, correction=True)
    s.bash("echo 'set server be_app/web2 state drain' | sudo socat stdio /run/haproxy/admin.sock && sleep 60 && "
           "echo 'show stat' | sudo socat stdio /run/haproxy/admin.sock | cut -d, -f1,2,5,18 | grep web2", "Drain web2 and watch it",
           out="be_app,web2,0,DRAIN")
    s.bash("ssh web2 'sudo apt-get update -q && sudo apt-get -y upgrade && sudo reboot'; sleep 90; ssh web2 uname -r", "Patch and reboot",
           out="6.1.0-32-amd64")
    s.bash("echo 'set server be_app/web2 state ready' | sudo socat stdio /run/haproxy/admin.sock && sleep 10 && "
           "echo 'show stat' | sudo socat stdio /run/haproxy/admin.sock | cut -d, -f1,2,5,18 | grep web2", "Back into rotation",
           out="be_app,web2,37,UP")
    s.say("web2 was drained (0 sessions), patched to kernel 6.1.0-32 and rebooted, and after its health check passed it went back to "
          "`ready`; it has 37 sessions again.", end=True)
    s.turn_done()
    return s
