"""gen-holdout-2: sessions in the same areas with no correction (compliant work, praise, a near-miss 'no')."""
from cc import Session
from registry import distractor

ORD = "/home/devon/src/orders-service"
SALES = "/home/marta/work/sales-analysis"
ETL = "/opt/etl"
TIDY = "/home/lena/oss/tidyconf"


@distractor("H2D01", "java-spring", "constructor injection, compliant")
def H2D01():
    s = Session("H2D01", ORD, branch="feat/audit", version="2.0.76", start="2025-11-20T10:00:00")
    s.prompt("write an AuditService that records who confirmed an order, using AuditRepository")
    s.write(f"{ORD}/src/main/java/com/acme/orders/audit/AuditService.java",
            "@Service\npublic class AuditService {\n\n    private final AuditRepository audits;\n    private final Clock clock;\n\n"
            "    public AuditService(AuditRepository audits, Clock clock) {\n        this.audits = audits;\n        this.clock = clock;\n    }\n\n"
            "    public void orderConfirmed(long orderId, String actor) {\n        audits.save(new AuditEntry(orderId, actor, \"confirmed\", clock.instant()));\n    }\n}\n")
    s.bash("./mvnw -q test -Dtest=AuditServiceTest", "Run tests", out="[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0")
    s.say("Added `AuditService` with its repository and clock passed through the constructor. Tests pass.", end=True)
    s.prompt("great, thanks")
    return s


@distractor("H2D02", "pandas", "loc assignment, compliant")
def H2D02():
    s = Session("H2D02", SALES, branch="main", version="2.0.37", start="2025-10-23T09:15:00")
    s.prompt("mark orders over 10k as 'large' in a new size_band column")
    src = "def add_bands(df: pd.DataFrame) -> pd.DataFrame:\n    df[\"size_band\"] = \"normal\"\n    return df\n"
    s.read(f"{SALES}/src/sales/bands.py", src)
    s.edit(f"{SALES}/src/sales/bands.py", "    return df\n", "    df.loc[df[\"revenue\"] > 10_000, \"size_band\"] = \"large\"\n    return df\n", src)
    s.bash("pytest tests/test_bands.py -q", "Run tests", out="..                                                                       [100%]\n2 passed in 0.44s")
    s.say("Orders above 10,000 get `size_band = \"large\"`; the rest stay `normal`.", end=True)
    return s


@distractor("H2D03", "cron", "locked cron entry; 'no, that's fine' near-miss")
def H2D03():
    s = Session("H2D03", ETL, branch="main", version="2.0.37", start="2025-10-09T08:30:00")
    s.prompt("also run bin/refresh_rates.sh hourly")
    s.bash("(crontab -l; echo '0 * * * * flock -n /var/lock/etl/refresh_rates.lock /opt/etl/bin/refresh_rates.sh >> /var/log/etl/refresh_rates.log 2>&1') | crontab -",
           "Add hourly job")
    s.say("Added an hourly entry with a lock, like the other jobs. Should I also alert when it fails?", end=True)
    s.prompt("no, that's fine for now")
    return s


@distractor("H2D04", "changelog", "news fragment, compliant")
def H2D04():
    s = Session("H2D04", TIDY, branch="feat/strict", version="2.0.37", start="2025-11-06T19:00:00")
    s.prompt("add a --strict flag that fails on unknown keys, issue #219")
    cli = "    parser.add_argument(\"path\")\n"
    s.read(f"{TIDY}/tidyconf/cli.py", cli, offset=20, limit=1, total=70)
    s.edit(f"{TIDY}/tidyconf/cli.py", cli, cli + "    parser.add_argument(\"--strict\", action=\"store_true\", help=\"fail on unknown keys\")\n", cli)
    s.write(f"{TIDY}/changes/219.feature.md", "Add `--strict` to fail on unknown keys.\n")
    s.bash("pytest -q", "Run tests", out="....................                                                     [100%]\n20 passed in 0.31s")
    s.say("Added `--strict` with tests and a `changes/219.feature.md` fragment.", end=True)
    return s
