"""gen-holdout-20: compliant sessions in the same areas as the lessons, with no correction in them."""
from cc import Session
from registry import distractor

ATLAS = "/home/maya/src/atlas-monorepo"
DAGS = "/home/raj/src/airflow-dags"
SOUK = "/Users/layla/code/souk-web"
DBT = "/home/gwen/analytics/dbt-core-models"
TFAWS = "/home/bea/infra/terraform-aws"
SEARCH = "/home/ivan/ops/search-cluster"


@distractor("H20D01", "pnpm-workspace-installs", "dependency added with pnpm --filter; near-miss 'no, that's fine'")
def H20D01():
    s = Session("H20D01", ATLAS, branch="feat/ui-tooltips", version="2.1.9", start="2026-01-15T11:00:00")
    s.prompt("the ui package needs floating-ui for the tooltip positioning")
    s.bash("pnpm add @floating-ui/react@0.26 --filter @atlas/ui", "Add floating-ui to @atlas/ui",
           out="packages/ui                              |  +2 +\nProgress: resolved 1247, reused 1191, downloaded 2, added 2, done\n\n"
               "dependencies:\n+ @floating-ui/react 0.26.28\n\nDone in 2.9s")
    s.bash("pnpm --filter @atlas/ui test -- Tooltip", "Tooltip tests",
           out=" \u2713 src/Tooltip/Tooltip.test.tsx (6 tests) 88ms\n\n      Tests  6 passed (6)")
    s.say("`@floating-ui/react` 0.26.28 is in `@atlas/ui` and the tooltip tests pass. Should I also bump it in the "
          "admin app, which pins an older copy?", end=True)
    s.prompt("no, that's fine, admin gets replaced next quarter anyway")
    return s


@distractor("H20D02", "airflow-catchup", "new DAG with catchup=False and a fixed start date")
def H20D02():
    s = Session("H20D02", DAGS, branch="feat/invoice-export", version="2.0.37", start="2025-11-06T10:30:00")
    s.prompt("add a DAG that exports yesterday's invoices to the accounting SFTP at 05:00 UTC")
    s.write(f"{DAGS}/dags/invoice_export.py",
            "import pendulum\nfrom airflow import DAG\nfrom airflow.operators.python import PythonOperator\n\n"
            "from invoices.export import export_day\n\nwith DAG(\n    dag_id=\"invoice_export\",\n"
            "    start_date=pendulum.datetime(2025, 11, 7, tz=\"UTC\"),\n    schedule=\"0 5 * * *\",\n    catchup=False,\n"
            "    tags=[\"finance\"],\n) as dag:\n    PythonOperator(task_id=\"export\", python_callable=export_day, "
            "op_kwargs={\"day\": \"{{ ds }}\"})\n")
    s.bash("airflow dags test invoice_export 2025-11-05 2>&1 | tail -1", "Test one run",
           out="[2025-11-06T10:34:12] INFO - DagRun Finished: state=success")
    s.say("`invoice_export` runs daily at 05:00 UTC from 2025-11-07 with `catchup=False`; a test run for 2025-11-05 "
          "uploaded the file.", end=True)
    return s


@distractor("H20D03", "rtl-logical-properties", "new component styled with logical properties")
def H20D03():
    s = Session("H20D03", SOUK, branch="feat/coupon-chip", version="2.1.9", start="2026-02-02T14:15:00")
    s.prompt("add a small coupon chip next to the price, with an icon before the text")
    s.write(f"{SOUK}/src/components/CouponChip.module.css",
            ".chip {\n  display: inline-flex;\n  align-items: center;\n  gap: 4px;\n  margin-inline-start: 8px;\n"
            "  padding-inline: 6px 8px;\n  border-radius: 999px;\n}\n")
    s.write(f"{SOUK}/src/components/CouponChip.tsx",
            "export function CouponChip({ label }: { label: string }) {\n  return (\n    <span className={styles.chip}>\n"
            "      <TagIcon aria-hidden />\n      {label}\n    </span>\n  );\n}\n")
    s.bash("pnpm stylelint \"src/components/CouponChip.module.css\" && pnpm vitest run src/components/CouponChip",
           "Lint and test", out=" \u2713 src/components/CouponChip.test.tsx (2 tests) 19ms\n\n      Tests  2 passed (2)")
    s.say("Added `CouponChip`; the spacing uses inline-start/inline padding so it mirrors in Arabic and Hebrew.",
          end=True)
    return s


@distractor("H20D04", "dbt-full-refresh", "backfill of fct_events through the date-range vars")
def H20D04():
    s = Session("H20D04", DBT, branch="main", version="2.1.31", start="2026-02-24T08:50:00")
    s.prompt("the tracking outage on Feb 20-21 is backfilled upstream now, update fct_events for those days")
    s.bash("dbt run -s fct_events --vars '{backfill_start: \"2026-02-20\", backfill_end: \"2026-02-21\"}'",
           "Backfill Feb 20-21",
           out="08:52:40  1 of 1 OK created sql incremental model marts.fct_events ................ [SUCCESS 2631877 in 71.40s]\n"
               "08:52:40  Completed successfully")
    s.bash("dbt test -s fct_events", "Test it", out="08:54:02  Done. PASS=7 WARN=0 ERROR=0 SKIP=0 TOTAL=7")
    s.say("fct_events is updated for 2026-02-20 and 2026-02-21 (2.6M rows reinserted), tests pass.", end=True)
    return s


@distractor("H20D05", "terraform-state-surgery", "rename through a moved block; near-miss 'no, that's fine'")
def H20D05():
    s = Session("H20D05", TFAWS, branch="refactor/bucket-names", version="2.1.7", start="2025-12-15T15:30:00")
    s.prompt("rename aws_s3_bucket.bucket1 to aws_s3_bucket.invoices in storage.tf, it's been bugging me")
    tf = "resource \"aws_s3_bucket\" \"bucket1\" {\n  bucket = \"acme-invoices-prod\"\n}\n"
    s.edit(f"{TFAWS}/storage.tf", "resource \"aws_s3_bucket\" \"bucket1\" {\n",
           "resource \"aws_s3_bucket\" \"invoices\" {\n", tf)
    moves = "# moves and removals, delete after one release\n"
    s.edit(f"{TFAWS}/moves.tf", moves, moves + "\nmoved {\n  from = aws_s3_bucket.bucket1\n  to   = aws_s3_bucket.invoices\n}\n",
           moves)
    s.bash("terraform plan -no-color | tail -2", "Plan",
           out="  # aws_s3_bucket.bucket1 has moved to aws_s3_bucket.invoices\n\nPlan: 0 to add, 0 to change, 0 to destroy.")
    s.say("Renamed, with a `moved` block; the plan shows only the move. Want me to rename the other numbered buckets "
          "too?", end=True)
    s.prompt("no, that's fine, one at a time")
    return s


@distractor("H20D06", "es-reindex-throttle", "throttled reindex as a task; near-miss 'no, that's all'")
def H20D06():
    s = Session("H20D06", SEARCH, branch="main", version="2.0.14", start="2025-09-25T21:05:00")
    s.prompt("reindex brands_v2 into brands_v3 (new synonyms), tonight is fine")
    s.bash("curl -s -XPOST \"$ES/_reindex?requests_per_second=500&slices=auto&wait_for_completion=false\" -H "
           "'Content-Type: application/json' -d '{\"source\":{\"index\":\"brands_v2\"},\"dest\":{\"index\":\"brands_v3\"}}'",
           "Start a throttled reindex", out="{\"task\":\"oTUltX4IQMOUUVeiohTt8A:201554\"}")
    s.bash("curl -s \"$ES/_tasks/oTUltX4IQMOUUVeiohTt8A:201554\" | jq -c '{completed, total: .task.status.total}'",
           "Check the task", out="{\"completed\":true,\"total\":48213}")
    s.say("Done: 48,213 brands copied into brands_v3. Should I move the `brands` alias over?", end=True)
    s.prompt("no, that's all for tonight, I'll swap it tomorrow after checking the synonyms")
    return s
