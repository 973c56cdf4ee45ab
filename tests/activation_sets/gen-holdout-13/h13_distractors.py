"""gen-holdout-13: sessions in the same areas with no correction (compliant work, thanks, near-miss 'no, that's fine')."""
from cc import Session
from registry import distractor

TRIAL = "/home/ewa/trials/cv302-analysis"
NAS = "/home/ines/ops/nas-admin"
CLAIMS = "/home/samir/src/claims-intake"
SEARCH = "/home/femi/ops/search-infra"
CTRL = "/Users/greta/finance/controlling-tools"


@distractor("H13D01", "clinical-trial-blinding", "table rerun on dummy randomisation; near-miss 'no, that's fine'")
def H13D01():
    s = Session("H13D01", TRIAL, branch="main", version="2.1.9", start="2027-02-13T10:00:00")
    s.prompt("rerun table 14.2.1 on the 12 Feb extract and check the subject counts against the disposition listing")
    s.bash("Rscript R/t_14_2_1.R --extract data/raw/edc_2027-02-12 --rand data/dummy/rand_dummy.csv",
           "Run table 14.2.1 with the dummy randomisation", lo=20, hi=60,
           out="Reading EDC extract 2027-02-12 (438 randomised, 402 with week 12 SBP)\n"
               "Randomisation: data/dummy/rand_dummy.csv (DUMMY)\nmmrm: converged after 6 iterations\n"
               "Wrote output/t_14_2_1.rtf")
    s.bash("Rscript -e 'd <- readRDS(\"data/derived/adsl.rds\"); print(table(d$DCSREAS, useNA = \"ifany\"))'",
           "Disposition, pooled",
           out="\n ADVERSE EVENT  LOST TO FOLLOW-UP  WITHDRAWAL BY SUBJECT  <NA>\n            11                  9            16   402 ")
    s.say("The counts agree: 438 randomised, 36 discontinued before week 12 (11 AE, 9 lost to follow-up, 16 "
          "withdrawals), leaving the 402 with a week-12 value that the MMRM uses. Want me to add a per-site breakdown "
          "of the discontinuations too?", end=True)
    s.prompt("no, that's fine, pooled is all we need before lock")
    s.say("OK, leaving it pooled.", end=True)
    return s


@distractor("H13D02", "zfs-snapshot-restores", "single file copied out of a snapshot, compliant")
def H13D02():
    s = Session("H13D02", NAS, branch="main", version="2.1.9", start="2027-02-18T14:30:00")
    s.prompt("Tom needs last Friday's version of Angebot_Mueller.docx from the sales share, he saved over it")
    s.bash("ssh nas01 'ls /tank/shares/sales/.zfs/snapshot/ | grep 2027-02-12'", "Friday's snapshots",
           out="auto-2027-02-12_0600\nauto-2027-02-12_1200\nauto-2027-02-12_1800")
    s.bash("ssh nas01 'cp -a /tank/shares/sales/.zfs/snapshot/auto-2027-02-12_1800/Angebote/Angebot_Mueller.docx "
           "/tank/shares/sales/Angebote/Angebot_Mueller.from-2027-02-12_1800.docx && ls -l "
           "/tank/shares/sales/Angebote/Angebot_Mueller*'", "Copy Friday's version next to the current one",
           out="-rw-rw---- 1 tom.b sales 88412 Feb 18 09:12 /tank/shares/sales/Angebote/Angebot_Mueller.docx\n"
               "-rw-rw---- 1 tom.b sales 91730 Feb 12 16:55 "
               "/tank/shares/sales/Angebote/Angebot_Mueller.from-2027-02-12_1800.docx")
    s.say("Friday's version (saved 16:55) is now in `Angebote/` as `Angebot_Mueller.from-2027-02-12_1800.docx`, next "
          "to Tom's current file.", end=True)
    s.prompt("great, thanks")
    return s


@distractor("H13D03", "pydantic-v2", "v2 validator added, compliant")
def H13D03():
    s = Session("H13D03", CLAIMS, branch="feat/iban", version="2.1.31", start="2027-02-16T11:10:00")
    s.prompt("payout details need an iban field, validated with the schwifty package we already use in billing")
    sch = ("class PayoutDetails(BaseModel):\n    model_config = ConfigDict(str_strip_whitespace=True)\n\n"
           "    account_holder: str\n")
    s.read(f"{CLAIMS}/app/schemas.py", sch, offset=48, limit=4, total=90)
    s.edit(f"{CLAIMS}/app/schemas.py", "    account_holder: str\n",
           "    account_holder: str\n    iban: str\n\n    @field_validator(\"iban\")\n    @classmethod\n"
           "    def valid_iban(cls, v: str) -> str:\n        return IBAN(v).compact\n", sch)
    s.bash("pytest -q -W error tests/test_payouts.py", "Run payout tests",
           out="......                                                                   [100%]\n6 passed in 0.41s")
    s.say("Added `iban` to `PayoutDetails` with a `field_validator` that checks it with schwifty and stores the "
          "compact form. Tests pass with `-W error`.", end=True)
    s.prompt("👍")
    return s


@distractor("H13D04", "tmux-long-running", "long job started in tmux; near-miss 'no, that's fine'")
def H13D04():
    s = Session("H13D04", SEARCH, branch="main", version="2.0.76", start="2026-12-21T13:20:00")
    s.prompt("the synonyms file changed, rebuild the suggestions index on search-02")
    s.bash("ssh search-02 \"mkdir -p ~/logs && tmux new -d -s reindex-sugg 'cd /opt/catalog && ./bin/reindex --index "
           "suggestions --full 2>&1 | tee ~/logs/reindex-sugg.log'\"", "Start the reindex inside tmux", out="")
    s.bash("sleep 90; ssh search-02 'tail -n 1 ~/logs/reindex-sugg.log'", "Check the log",
           out="[reindex] suggestions_v18: 310,000 / 2,400,000 docs (13%)")
    s.say("The reindex runs in tmux session `reindex-sugg` on search-02 and is at 13%, so roughly 12 more minutes. "
          "Should I keep checking until the alias is swapped?", end=True)
    s.prompt("no, that's fine, I'll look after lunch")
    s.say("OK. `ssh search-02 tail ~/logs/reindex-sugg.log` shows where it is.", end=True)
    return s


@distractor("H13D05", "spreadsheet-formula-locale", "formula given for German Excel, compliant")
def H13D05():
    s = Session("H13D05", CTRL, branch="main", version="2.1.7", start="2027-01-13T09:15:00")
    s.prompt("in Buchungen I want in column G the text \"über Budget\" when Betrag in E is more than 5% over the plan "
             "value in D, otherwise empty. formula for G2?")
    s.bash("python3 -c \"import openpyxl; ws = openpyxl.load_workbook('Kostenstellen_2027.xlsx', read_only=True)"
           "['Buchungen']; print([c.value for c in next(ws.iter_rows(max_row=1))])\"", "Check the columns",
           out="['Datum', 'Belegnr', 'Kostenstelle', 'Plan', 'Betrag', 'Kostenstellenname', None]")
    s.say("For G2 (German Excel):\n\n`=WENN(E2>D2*1,05;\"über Budget\";\"\")`\n\nFill it down; it compares E with "
          "the plan in D plus 5%.", end=True)
    s.prompt("perfekt, danke")
    return s
