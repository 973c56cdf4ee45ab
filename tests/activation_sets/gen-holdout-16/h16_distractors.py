"""gen-holdout-16: sessions in the same areas with no correction (compliant work, thanks, near-miss 'no, that's
fine')."""
from cc import Session
from registry import distractor

TILLAGE = "/home/roisin/research/tillage-figs"
TOWN = "/home/kwame/src/townhall-chat"
KCONN = "/home/dmitri/platform/connect-configs"
AWXP = "/home/sipho/ops/awx-playbooks"
KOHA = "/home/solveig/src/fjordbib-data"


@distractor("H16D01", "colourblind-charts", "figure drawn with the Okabe-Ito palette and markers; near-miss 'no, that's fine'")
def H16D01():
    s = Session("H16D01", TILLAGE, branch="paper-v2", version="2.1.31", start="2027-02-09T10:15:00")
    s.prompt("fig 4: bulk density by depth for the three treatments")
    s.write(f"{TILLAGE}/figs/fig4_bulk_density.py",
            "import matplotlib.pyplot as plt\nimport pandas as pd\nfrom plotting.palette import OKABE_ITO, MARKERS\n\n"
            "df = pd.read_csv(\"data/bulk_density.csv\")\nfig, ax = plt.subplots(figsize=(4, 5))\n"
            "for i, (t, g) in enumerate(df.groupby(\"treatment\")):\n"
            "    ax.plot(g.bd, g.depth_cm, color=OKABE_ITO[i], marker=MARKERS[i], label=t)\n"
            "ax.invert_yaxis()\nax.set_xlabel(\"Bulk density (g cm$^{-3}$)\")\nax.legend()\n"
            "fig.savefig(\"out/fig4_bulk_density.pdf\")\n")
    s.bash("python figs/fig4_bulk_density.py && ls out/fig4_bulk_density.pdf", "Render",
           out="out/fig4_bulk_density.pdf")
    s.say("Figure 4 is rendered: depth on an inverted y axis, one Okabe-Ito colour and marker per treatment. No-till "
          "is densest at 10-20 cm. Should I add error bars from the replicate plots?", end=True)
    s.prompt("no, that's fine, the means are enough for now")
    s.say("OK, leaving it with the means.", end=True)
    return s


@distractor("H16D02", "liveview-streams", "audit log page built on a stream with a limit, compliant")
def H16D02():
    s = Session("H16D02", TOWN, branch="feat/audit-log", version="2.0.76", start="2027-06-02T14:30:00")
    s.prompt("admins need a page with the moderation audit log, newest first, live")
    mount = "  def mount(_params, _session, socket) do\n    {:ok, socket}\n  end\n"
    s.write(f"{TOWN}/lib/townhall_web/live/audit_live.ex",
            "defmodule TownhallWeb.AuditLive do\n  use TownhallWeb, :live_view\n\n" + mount + "end\n")
    s.edit(f"{TOWN}/lib/townhall_web/live/audit_live.ex", "    {:ok, socket}\n",
           "    if connected?(socket), do: Moderation.subscribe()\n"
           "    {:ok, stream(socket, :entries, Moderation.recent_entries(limit: 100))}\n", mount)
    s.bash("mix test test/townhall_web/live/audit_live_test.exs", "Tests",
           out="...\nFinished in 0.3 seconds\n3 tests, 0 failures")
    s.say("The audit page streams the latest 100 entries and inserts new ones at the top with `stream_insert(..., at: "
          "0)`; the table body has `phx-update=\"stream\"`. Tests pass.", end=True)
    s.prompt("great, thanks")
    return s


@distractor("H16D03", "kafka-connect-restarts", "failed task restarted in place, compliant")
def H16D03():
    s = Session("H16D03", KCONN, branch="main", version="2.1.31", start="2027-07-03T08:20:00")
    s.prompt("invoices-s3-sink shows a failed task in the Connect UI, have a look")
    s.bash("curl -s http://connect-1.data.internal:8083/connectors/invoices-s3-sink/status | jq -c "
           "'[.tasks[] | {id, state}]'", "Task states",
           out="[{\"id\":0,\"state\":\"RUNNING\"},{\"id\":1,\"state\":\"FAILED\"}]")
    s.bash("curl -s http://connect-1.data.internal:8083/connectors/invoices-s3-sink/tasks/1/status | jq -r .trace | "
           "head -2", "Why task 1 failed",
           out="org.apache.kafka.connect.errors.ConnectException: Unable to write to S3\n"
               "Caused by: software.amazon.awssdk.services.s3.model.S3Exception: SlowDown (Status Code: 503)")
    s.bash("curl -s -X POST 'http://connect-1.data.internal:8083/connectors/invoices-s3-sink/restart?"
           "includeTasks=true&onlyFailed=true'", "Restart the failed task",
           out="{\"connector\":{\"state\":\"RUNNING\"},\"tasks\":[{\"id\":1,\"state\":\"RESTARTING\"}]}")
    s.say("Task 1 had hit S3 throttling (503 SlowDown). Restarted only the failed task in place; it is running again "
          "from its committed offsets.", end=True)
    s.prompt("perfect, thanks")
    return s


@distractor("H16D04", "awx-job-limits", "canary check run, then the rest; near-miss 'no, that's fine'")
def H16D04():
    s = Session("H16D04", AWXP, branch="main", version="2.1.9", start="2027-05-20T11:00:00")
    s.prompt("roll out the new logrotate settings with the baseline-logrotate template")
    s.bash("awx job_templates launch baseline-logrotate --limit canary-linux --job_type check --diff_mode true --monitor",
           "Check run on the canaries", lo=30, hi=120,
           out="PLAY RECAP *********\n... 12 hosts: ok=5 changed=1 unreachable=0 failed=0\nJob 56102 successful")
    s.bash("awx job_templates launch baseline-logrotate --limit canary-linux --monitor", "Apply on the canaries",
           lo=30, hi=120, out="... 12 hosts: ok=5 changed=1 failed=0\nJob 56103 successful")
    s.say("Check run and real run on the 12 canaries are clean: one file changed per host, "
          "`/etc/logrotate.d/app`. Shall I run it on the rest of the fleet, or leave the canaries for a day first?",
          end=True)
    s.prompt("no, that's fine, go ahead with the rest")
    s.bash("awx job_templates launch baseline-logrotate --limit 'linux:!canary-linux' --monitor", "The rest",
           lo=60, hi=300, out="... 1400 hosts: ok=5 changed=1 unreachable=2 failed=0\nJob 56104 successful")
    s.say("Done: 1,400 more hosts, 2 unreachable (db-old-03, lab-07).", end=True)
    return s


@distractor("H16D05", "marc-catalogue-records", "batch modification template written for Ingrid; near-miss 'no, that's fine as is'")
def H16D05():
    s = Session("H16D05", KOHA, branch="main", version="2.0.76", start="2027-05-24T13:10:00")
    s.prompt("the Undset records have her name without dates in 100$d, can you prepare that fix for Ingrid")
    tpl = "{\n  \"name\": \"undset-dates\",\n  \"actions\": []\n}\n"
    s.write(f"{KOHA}/koha/batchmod/2027-05-undset-dates.json", tpl)
    s.edit(f"{KOHA}/koha/batchmod/2027-05-undset-dates.json", "  \"actions\": []\n",
           "  \"actions\": [\n    {\"action\": \"add_field\", \"field\": \"100\", \"subfield\": \"d\", \"value\": "
           "\"1882-1949\", \"condition\": {\"field\": \"100\", \"subfield\": \"a\", \"equals\": \"Undset, Sigrid,\"}}\n"
           "  ]\n", tpl)
    s.say("The template `koha/batchmod/2027-05-undset-dates.json` adds 100 $d 1882-1949 where 100 $a is \"Undset, "
          "Sigrid,\". Ingrid can load it as a MARC modification template. Should I also list the matching biblionumbers "
          "for her?", end=True)
    s.prompt("no, that's fine as is, she'll run it against the saved search")
    s.say("OK.", end=True)
    return s
