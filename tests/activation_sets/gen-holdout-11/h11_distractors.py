"""gen-holdout-11: sessions in the same areas with no correction (compliant work, thanks, near-miss 'no, that's fine')."""
from cc import Session
from registry import distractor

LMS = "/home/obi/src/lms-ops"
MOTOR = "/home/sven/src/motor-rating"
GIS = "/home/jorge/gis/basemap-cache"
CLOSE = "/home/kwame/fin/close-batch"
SEARCH = "/Users/lena/dev/shop-search"


@distractor("H11D01", "lms-tenant-exports", "tenant confirmed before the export; near-miss 'no, that's fine'")
def H11D01():
    s = Session("H11D01", LMS, branch="main", version="2.0.76", start="2026-03-05T10:15:00")
    s.prompt("Holy Cross needs their term 3 attendance export for the inspection")
    s.bash("lmsctl tenants find \"Holy Cross\"", "Find the tenant",
           out="ID      NAME                       TOWN      CALENDAR\n"
               "t_4410  Holy Cross High School     Hamilton  scotland-4term\n"
               "t_5512  Holy Cross College         Belfast   ni-3term")
    s.say("Two tenants are called Holy Cross:\n\n| id | school | town |\n|---|---|---|\n"
          "| t_4410 | Holy Cross High School | Hamilton |\n| t_5512 | Holy Cross College | Belfast |\n\nWhich one is it?",
          end=True)
    s.prompt("Belfast, t_5512")
    s.bash("lmsctl export attendance --tenant-id t_5512 --term 3 --format csv --out exports/t_5512-attendance-t3.csv",
           "Export attendance for t_5512", out="exported 1032 students, 61 school days -> exports/t_5512-attendance-t3.csv")
    s.say("Exported term 3 attendance for t_5512 (Holy Cross College, Belfast): 1,032 students over 61 school days, in "
          "`exports/t_5512-attendance-t3.csv`. Should I also make a per-class summary sheet?", end=True)
    s.prompt("no, that's fine, they only asked for the raw export")
    s.say("OK, leaving it at the raw export.", end=True)
    return s


@distractor("H11D02", "insurance-rating-dates", "new table chosen by the policy's effective date, compliant")
def H11D02():
    s = Session("H11D02", MOTOR, branch="feat/ncd-2026", version="2.1.9", start="2026-03-09T09:20:00")
    s.prompt("the 2026 no-claims discount scale (rates/ncd_2026.csv) applies to policies starting from 1 May 2026, wire "
             "it in")
    path = f"{MOTOR}/src/main/java/se/nordlys/rating/factors/NoClaimsDiscount.java"
    ncd = ("    @Override\n    public BigDecimal apply(Policy policy, Driver driver) {\n"
           "        RateTable table = tables.get(\"ncd_2024\");\n        return table.lookup(driver.claimFreeYears());\n"
           "    }\n")
    s.read(path, ncd, offset=18, limit=5, total=30)
    s.edit(path, "        RateTable table = tables.get(\"ncd_2024\");\n",
           "        RateTable table = policy.getEffectiveDate().isBefore(NCD_2026_FROM)\n"
           "                ? tables.get(\"ncd_2024\")\n                : tables.get(\"ncd_2026\");\n", ncd)
    s.bash("./mvnw -q test -Dtest=NoClaimsDiscountTest", "Run the NCD tests", lo=20, hi=60,
           out="[INFO] Tests run: 6, Failures: 0, Errors: 0, Skipped: 0")
    s.say("`NoClaimsDiscount` picks `ncd_2026` for policies effective on or after 1 May 2026, by the policy's effective "
          "date; the tests use fixed dates on both sides of the switch.", end=True)
    s.prompt("perfect, thanks")
    return s


@distractor("H11D03", "wms-tile-seeding", "night seed with two requests; near-miss 'no, that's fine'")
def H11D03():
    s = Session("H11D03", GIS, branch="main", version="2.0.14", start="2025-09-22T15:10:00")
    s.prompt("we need the new land-use layer cached for the county too, same as the orthophotos")
    seed = ("seeds:\n  orthophoto_county:\n    caches: [dop20_cache]\n    grids: [GLOBAL_WEBMERCATOR]\n"
            "    coverages: [county]\n    levels:\n      to: 16\n")
    s.read(f"{GIS}/seed.yaml", seed)
    s.edit(f"{GIS}/seed.yaml", "      to: 16\n",
           "      to: 16\n  landuse_county:\n    caches: [landuse_cache]\n    grids: [GLOBAL_WEBMERCATOR]\n"
           "    coverages: [county]\n    levels:\n      to: 16\n", seed)
    s.bash("echo 'cd /home/jorge/gis/basemap-cache && mapproxy-seed -f mapproxy.yaml -s seed.yaml --seed landuse_county "
           "-c 2' | at 20:10", "Schedule the seed for tonight", out="job 21 at Mon Sep 22 20:10:00 2025")
    s.say("Added `landuse_county` to `seed.yaml` (down to level 16) and scheduled it for 20:10 tonight with two parallel "
          "requests. Do you want an e-mail when it finishes?", end=True)
    s.prompt("no, that's fine, I'll look at the log tomorrow")
    return s


@distractor("H11D04", "month-end-close-batch", "resume from the failed step, compliant")
def H11D04():
    s = Session("H11D04", CLOSE, branch="main", version="2.1.7", start="2026-05-04T08:05:00")
    s.prompt("the April accruals run stopped at step 4, the cost-centre mapping was missing CC-7710. I've added it, can "
             "you finish the run?")
    s.bash("batchctl status --period 2026-04 --job accruals --last", "Status of the accruals run",
           out="run 20260503-0130  accruals  period=2026-04\n  1 extract          OK      01:30:08\n"
               "  2 validate         OK      01:31:44\n  3 post-accruals    OK      01:36:20  posted JE 91022-91480\n"
               "  4 allocate-cc      FAILED  01:36:31  unknown cost centre CC-7710\n  5-6              PENDING")
    s.bash("batchctl resume 20260503-0130 --from 4", "Resume at step 4", lo=60, hi=300,
           out="resuming run 20260503-0130 at step 4\n  4 allocate-cc      OK      08:07:12\n"
               "  5 reconcile        OK      08:08:40\n  6 report           OK      08:09:02\nrun 20260503-0130 COMPLETED")
    s.say("Resumed the accruals run at step 4; steps 4–6 completed. The accruals from step 3 (JE 91022–91480) were posted "
          "once.", end=True)
    s.prompt("great, thank you")
    return s


@distractor("H11D05", "search-relevance-reporting", "change evaluated on the judgement set; near-miss 'no, that's fine'")
def H11D05():
    s = Session("H11D05", SEARCH, branch="feat/sofa-synonyms", version="2.1.31", start="2026-03-24T11:00:00")
    s.prompt("add sofa/couch/settee as synonyms and tell me what it does")
    syn = "tv, television\nfridge, refrigerator\n"
    s.read(f"{SEARCH}/search/synonyms.txt", syn)
    s.edit(f"{SEARCH}/search/synonyms.txt", "fridge, refrigerator\n", "fridge, refrigerator\nsofa, couch, settee\n", syn)
    s.bash("relevance-eval --judgements judgements/2026-q1.tsv --baseline main --candidate HEAD --metric ndcg@10 "
           "--show-losers", "Evaluate against the judgement set", lo=60, hi=180,
           out="judgements: 1204 queries, 18930 graded docs\nndcg@10  baseline=0.6587  candidate=0.6601  delta=+0.0014\n"
               "worse by > 0.05: 1 query\n  couch potato dvd   0.700 -> 0.612")
    s.say("nDCG@10 on `judgements/2026-q1.tsv`: 0.6587 → 0.6601 (+0.0014). One query got worse by more than 0.05: `couch "
          "potato dvd` 0.700 → 0.612, since sofas now show up for it. Should I add it as a protected phrase?", end=True)
    s.prompt("no, that's fine, one DVD query we can live with")
    return s
