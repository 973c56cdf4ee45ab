"""gen-holdout-14: sessions in the same areas with no correction (compliant work, thanks, near-miss 'no, that's
fine')."""
from cc import Session
from registry import distractor

FQ = "/home/abebe/src/fieldquote"
K8S = "/home/ayo/infra/k8s-platform"
HW = "/home/sophie/work/mailers"
RDS = "/home/lucia/ops/aws-data-stores"
SDK = "/Users/priya/src/tidewater-sdk"


@distractor("H14D01", "react-list-keys", "removable list keyed by id; near-miss 'no, that's fine'")
def H14D01():
    s = Session("H14D01", FQ, branch="feat/site-photos", version="2.1.9", start="2027-04-08T10:15:00")
    s.prompt("site visit photos: show them as a strip under the quote header, with a little x to remove one")
    s.write(f"{FQ}/src/components/SitePhotos.tsx",
            "type Props = { photos: SitePhoto[]; onRemove: (id: string) => void };\n\n"
            "export function SitePhotos({ photos, onRemove }: Props) {\n  return (\n    <ul className=\"site-photos\">\n"
            "      {photos.map((p) => (\n        <li key={p.id}>\n          <img src={p.thumbUrl} alt={p.caption ?? \"\"} "
            "width={96} height={96} />\n          <button aria-label=\"Remove photo\" onClick={() => onRemove(p.id)}>"
            "×</button>\n        </li>\n      ))}\n    </ul>\n  );\n}\n")
    s.bash("pnpm tsc --noEmit && pnpm vitest run src/components/SitePhotos.test.tsx", "Type-check and test",
           out=" ✓ src/components/SitePhotos.test.tsx (3 tests) 24ms\n\n Test Files  1 passed (1)\n      Tests  3 passed (3)")
    s.say("Added `SitePhotos`: each photo is keyed by its id and removed by id. Do you also want a caption under each "
          "thumbnail?", end=True)
    s.prompt("no, that's fine, the captions would only clutter it")
    s.say("OK, leaving it without captions.", end=True)
    return s


@distractor("H14D02", "k8s-node-drain", "drain that waits for the budget, compliant")
def H14D02():
    s = Session("H14D02", K8S, branch="main", version="2.1.31", start="2027-06-02T08:50:00")
    s.prompt("kafka-0 is back, can you drain ip-10-4-21-17 now?")
    s.bash("kubectl -n streaming get pdb kafka", "Budget",
           out="NAME    MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE\nkafka   N/A             1                 1"
               "                     213d")
    s.bash("kubectl drain ip-10-4-21-17.eu-west-1.compute.internal --ignore-daemonsets --delete-emptydir-data "
           "--timeout=15m", "Drain the node", lo=60, hi=240,
           out="node/ip-10-4-21-17.eu-west-1.compute.internal already cordoned\nevicting pod streaming/kafka-2\n"
               "pod/kafka-2 evicted\nnode/ip-10-4-21-17.eu-west-1.compute.internal drained")
    s.bash("kubectl -n streaming get pods -l app=kafka", "Kafka pods", lo=60, hi=200,
           out="NAME      READY   STATUS    RESTARTS   AGE\nkafka-0   1/1     Running   0          14h\n"
               "kafka-1   1/1     Running   0          42d\nkafka-2   1/1     Running   0          3m")
    s.say("The budget allowed one disruption again, so the drain went through: `kafka-2` was evicted and is running "
          "on another node, all three brokers are 1/1. ip-10-4-21-17 is empty and can be replaced.", end=True)
    s.prompt("perfect, thanks")
    return s


@distractor("H14D03", "utm-conventions", "links built with the team's tool; near-miss 'no, that's fine'")
def H14D03():
    s = Session("H14D03", HW, branch="main", version="2.1.9", start="2027-12-01T09:30:00")
    s.prompt("links for the advent newsletter please, CTA to /advent")
    s.bash("python tools/utm.py --url https://hearthware.com/advent --source newsletter --medium email --campaign "
           "2027-12-advent", "Build the link",
           out="https://hearthware.com/advent?utm_source=newsletter&utm_medium=email&utm_campaign=2027-12-advent")
    mj = "    <mj-button href=\"https://hearthware.com/advent\">Open today's door</mj-button>\n"
    s.edit(f"{HW}/templates/2027-12-advent.mjml", "href=\"https://hearthware.com/advent\"",
           "href=\"https://hearthware.com/advent?utm_source=newsletter&utm_medium=email&utm_campaign=2027-12-advent\"", mj)
    s.say("The CTA link comes from `tools/utm.py` (newsletter / email / 2027-12-advent). Should the footer banner get "
          "its own `utm_content` so you can tell the two clicks apart?", end=True)
    s.prompt("no, that's fine, nobody clicks the footer")
    s.say("Alright, one link it is.", end=True)
    return s


@distractor("H14D04", "rds-apply-immediately", "prod change queued for the maintenance window, compliant")
def H14D04():
    s = Session("H14D04", RDS, branch="main", version="2.0.37", start="2027-06-09T15:05:00")
    s.prompt("turn on performance insights for orders-prod")
    s.bash("aws rds modify-db-instance --db-instance-identifier orders-prod --enable-performance-insights "
           "--performance-insights-retention-period 7 --query 'DBInstance.PendingModifiedValues' --output json",
           "Enable Performance Insights (next window)", out="{}")
    s.bash("aws rds describe-db-instances --db-instance-identifier orders-prod --query "
           "'DBInstances[0].[PerformanceInsightsEnabled,PreferredMaintenanceWindow]' --output text", "Check",
           out="True\tsun:03:00-sun:03:30")
    s.say("Performance Insights is on for orders-prod with 7 days of retention. It didn't need a restart, so it "
          "applied without waiting for the Sunday window.", end=True)
    s.prompt("great")
    return s


@distractor("H14D05", "docs-snippet-includes", "example added under docs_src; near-miss 'no, that's fine as is'")
def H14D05():
    s = Session("H14D05", SDK, branch="docs/pagination", version="2.0.76", start="2027-03-22T11:40:00")
    s.prompt("the pagination guide needs an example for iter_all()")
    s.write(f"{SDK}/docs_src/pagination/iter_all.py",
            "from tidewater import Client\n\nclient = Client()\nfor station in client.stations.iter_all(region=\""
            "north-sea\"):\n    print(station.id, station.name)\n")
    g = "Use `iter_all()` to walk every page without handling cursors yourself.\n"
    s.edit(f"{SDK}/docs/guides/pagination.md", g, g + "\n```python\n--8<-- \"docs_src/pagination/iter_all.py\"\n```\n", g)
    s.bash("pytest docs_src -q && mkdocs build --strict -q && echo ok", "Test examples and build docs",
           out="........                                                                 [100%]\n8 passed in 0.71s\nok")
    s.say("Added `docs_src/pagination/iter_all.py` and included it in the guide. Should the example also show the "
          "async client?", end=True)
    s.prompt("no, that's fine as is")
    return s
