"""gen-holdout-23 distractors: sessions in the lessons' areas with no correction."""
from cc import Session
from registry import distractor

CDE = "/home/aoife/bim/riverside-school"
REM = "/Users/kwame/dev/remit-core"
LS = "/home/erik/src/ledger-sync"
LC = "/home/lea/geo/landcover-change"
AR = "/home/sam/ops/archive-tools"
OT = "/home/jo/platform/otel-pipeline"


@distractor("H23D01", "construction-document-control", "a new revision issued properly; near-miss 'no, that's fine'")
def H23D01():
    s = Session("H23D01", CDE, branch="main", version="2.1.31", start="2026-03-02T09:15:00")
    s.prompt("Declan's second round of comments is in (slab edge at grid C moved 150 east). update the structural model and issue it")
    s.bash("cde status RSS-ACM-ZZ-XX-M3-S-0002", "Current revision on the CDE",
           out="RSS-ACM-ZZ-XX-M3-S-0002  current P04  S2 'for coordination'  issued 2026-02-16  transmittal TR-0187")
    s.bash("python scripts/move_slab_edge.py wip/RSS-ACM-ZZ-XX-M3-S-0002.ifc --grid C --dx 150", "Move the slab edge in the WIP model",
           out="moved 3 IfcSlab edges at grid C by +150 mm (x)")
    s.bash("cde issue wip/RSS-ACM-ZZ-XX-M3-S-0002.ifc --rev P05 --status S2 --reason 'slab edge grid C +150 per SE comments round 2'",
           "Issue as P05", out="issued RSS-ACM-ZZ-XX-M3-S-0002_P05.ifc  status S2  (transmittal TR-0203 to Kellan Build)")
    s.say("Issued P05 (S2) with the slab edge at grid C moved 150 mm east, transmittal TR-0203. P04 stays on the CDE as it was. "
          "Do you want a change note for the contractor as well?", end=True)
    s.prompt("no, that's fine, the transmittal covers it. thanks")
    return s


@distractor("H23D02", "sanctions-screening", "status question about escalated cases, answered; approval")
def H23D02():
    s = Session("H23D02", REM, branch="main", version="2.1.9", start="2026-02-19T09:05:00")
    s.prompt("what happened to the 14 Ghana cases from yesterday? support wants an update for the customers")
    s.bash("screenctl list --corridor GH --since 2026-02-18 --fields case,state,analyst,decided_at", "Where the cases stand",
           out="SCR-2281  released  a.owusu  2026-02-18 16:40\nSCR-2282  released  a.owusu  2026-02-18 16:44\n"
               "... 11 more released\nSCR-2290  pending_docs  m.keller  -")
    s.say("13 of the 14 were released by compliance yesterday afternoon (analyst a.owusu), and those payouts went out in the 17:00 run. "
          "SCR-2290 is waiting for documents: compliance asked the sender for the beneficiary's ID. Support can tell 13 customers the money is on "
          "its way and the last one that compliance will contact them.", end=True)
    s.prompt("looks good, I'll pass that on")
    return s


@distractor("H23D03", "clojure-lazy-side-effects", "a counter added with doseq; approval")
def H23D03():
    s = Session("H23D03", LS, branch="feat/merchant-webhooks", version="1.0.98", start="2026-03-03T11:30:00")
    s.prompt("count the webhooks we send per merchant in prometheus, labelled by result (ok/error)")
    clj = ("(defn notify-merchants! [batch]\n  (doseq [m (merchants-in batch)]\n"
           "    (http/post (:webhook-url m) {:body (json/encode (webhook-body m batch)) :content-type :json})))\n")
    s.read(f"{LS}/src/ledger_sync/settlement.clj", clj, offset=52, limit=3, total=130)
    s.edit(f"{LS}/src/ledger_sync/settlement.clj",
           "    (http/post (:webhook-url m) {:body (json/encode (webhook-body m batch)) :content-type :json})))\n",
           "    (let [result (try (http/post (:webhook-url m) {:body (json/encode (webhook-body m batch)) :content-type :json :throw-exceptions true})\n"
           "                      :ok (catch Exception _ :error))]\n      (prometheus/inc! metrics :webhooks-sent {:result (name result)}))))\n", clj)
    s.bash("lein test ledger-sync.settlement-test", "Run the tests", out="Ran 8 tests containing 19 assertions.\n0 failures, 0 errors.")
    s.say("`webhooks_sent_total{result=\"ok\"|\"error\"}` is incremented for each post inside the existing `doseq`. Tests pass. I left out a per-merchant "
          "label on purpose to keep the series count small; the merchant id goes in the log line instead.", end=True)
    s.prompt("nice, thanks")
    return s


@distractor("H23D04", "raster-resampling", "2012 land cover with nearest and the change matrix; near-miss 'no, that's all for now'")
def H23D04():
    s = Session("H23D04", LC, branch="main", version="2.0.14", start="2026-03-03T15:00:00")
    s.prompt("reproject the 2012 CORINE the same way and build the 2012 to 2018 change matrix")
    s.bash("gdalwarp -t_srs EPSG:32633 -te_srs EPSG:32633 -tr 30 30 -r near -tap data/clc2012_100m.tif out/clc2012_30m.tif", "2012 onto the grid",
           out="0...10...20...30...40...50...60...70...80...90...100 - done.")
    s.bash("python scripts/change_matrix.py out/clc2012_30m.tif out/clc2018_30m.tif -o out/change_2012_2018.csv && head -3 out/change_2012_2018.csv",
           "Change matrix in hectares", out="from,to,ha\n23,1,412.2\n24,12,98.1")
    s.say("Both years are on the 30 m grid (nearest neighbour), and `out/change_2012_2018.csv` has the matrix in hectares. The biggest change is "
          "broad-leaved forest (23) to continuous urban fabric (1), 412 ha. Should I also make a Sankey plot?", end=True)
    s.prompt("no, that's all for now. I'll look at the numbers first")
    return s


@distractor("H23D05", "glacier-retrievals", "two files restored at the Bulk tier; near-miss 'no, that's fine'")
def H23D05():
    s = Session("H23D05", AR, branch="main", version="2.1.31", start="2026-03-16T10:20:00")
    s.prompt("marketing wants the two drone shots of the Lofoten shoot from 2020 for the anniversary film")
    s.bash("archivectl find --project lofoten --year 2020 --type drone --keys-only", "Find them",
           out="raw/2020/lofoten/drone_0007.mov\nraw/2020/lofoten/drone_0011.mov")
    s.bash("printf '%s\\n' raw/2020/lofoten/drone_0007.mov raw/2020/lofoten/drone_0011.mov > /tmp/lofoten.txt && bin/bulk-restore /tmp/lofoten.txt 7",
           "Bulk restore for 7 days", out="")
    s.say("Both clips are requested at the Bulk tier for 7 days; they'll be readable within about 12 hours. Want me to ask for the faster Standard tier instead?", end=True)
    s.prompt("no, that's fine, they only need them on Thursday")
    return s


@distractor("H23D06", "otel-trace-sampling", "a tail-sampling policy for one route; near-miss 'no, that's fine as is'")
def H23D06():
    s = Session("H23D06", OT, branch="main", version="2.1.31", start="2026-03-17T14:10:00")
    s.prompt("also keep traces for POST /checkout/confirm when they take over 1 s, that's the one people complain about")
    gw = ("          - name: slow\n            type: latency\n            latency: {threshold_ms: 2000}\n")
    s.read(f"{OT}/deploy/gateway.yaml", gw, offset=31, limit=3, total=74)
    s.edit(f"{OT}/deploy/gateway.yaml", "            latency: {threshold_ms: 2000}\n",
           "            latency: {threshold_ms: 2000}\n          - name: slow-confirm\n            type: and\n            and:\n              and_sub_policy:\n"
           "                - {name: route, type: string_attribute, string_attribute: {key: http.route, values: [/checkout/confirm]}}\n"
           "                - {name: over-1s, type: latency, latency: {threshold_ms: 1000}}\n", gw)
    s.bash("otelcol-contrib validate --config deploy/gateway.yaml && echo ok", "Validate", out="ok")
    s.say("Added a `slow-confirm` policy: traces whose `http.route` is `/checkout/confirm` and that take over 1 s are kept. That's about 300 traces "
          "an hour at current traffic. Should I add a dashboard panel for them?", end=True)
    s.prompt("no, that's fine as is")
    return s
