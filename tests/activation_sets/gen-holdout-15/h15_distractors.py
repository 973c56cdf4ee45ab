"""gen-holdout-15: sessions in the same areas with no correction (compliant work, thanks, near-miss 'no, that's
fine')."""
from cc import Session
from registry import distractor

NEWS = "/home/jonas/newsroom/harbour-herald-site"
TABI = "/home/kenji/src/tabiyo-checkout"
SKIFF = "/Users/kasia/Unity/Skiffrun"
ONP = "/home/ayesha/ops/k8s-onprem"
ALERT = "/home/ade/ops/alerting-rules"


@distractor("H15D01", "published-corrections", "typo fixed in a published story; near-miss 'no, that's fine'")
def H15D01():
    s = Session("H15D01", NEWS, branch="main", version="2.0.76", start="2027-06-04T08:55:00")
    s.prompt("the school closures piece says 'goverment' in the third paragraph, fix it")
    story = ("Parents were told on Friday. \"We understand the goverment's plan, but nobody asked us,\" said Hege "
             "Lund, who has two children at Østbyen school.\n")
    s.read(f"{NEWS}/content/news/2027/06/school-closures.md", story, offset=14, limit=1, total=29)
    s.edit(f"{NEWS}/content/news/2027/06/school-closures.md", "the goverment's plan", "the government's plan", story)
    s.bash("hugo --gc --minify -q && git commit -qam \"school closures: typo\" && git push -q", "Build and publish",
           out="")
    s.say("Fixed the spelling and pushed. It's a typo, not a factual change, so I didn't add anything to "
          "`corrections:`. Should I note it anyway?", end=True)
    s.prompt("no, that's fine, it's only a typo")
    s.say("OK, leaving it as is.", end=True)
    return s


@distractor("H15D02", "stripe-zero-decimal", "SEK added through to_minor_units, compliant")
def H15D02():
    s = Session("H15D02", TABI, branch="feat/sek", version="2.1.31", start="2027-03-08T14:20:00")
    s.prompt("add SEK to the supported checkout currencies")
    conf = "SUPPORTED_CURRENCIES = {\"eur\", \"gbp\", \"jpy\", \"nok\"}\n"
    s.read(f"{TABI}/billing/settings.py", conf)
    s.edit(f"{TABI}/billing/settings.py", conf, "SUPPORTED_CURRENCIES = {\"eur\", \"gbp\", \"jpy\", \"nok\", \"sek\"}\n",
           conf)
    s.bash("pytest billing -q -k 'currency or minor_units'", "Currency tests",
           out="..........                                                               [100%]\n10 passed in 0.74s")
    s.say("SEK is in `SUPPORTED_CURRENCIES`. Amounts already go through `to_minor_units`, which treats SEK as two "
          "decimals, so 249.00 kr is sent to Stripe as 24900. Tests pass.", end=True)
    s.prompt("great, thanks")
    return s


@distractor("H15D03", "unity-fixedupdate", "current force added in FixedUpdate; near-miss 'no, that's fine'")
def H15D03():
    s = Session("H15D03", SKIFF, branch="feat/river-current", version="2.0.76", start="2027-05-10T19:40:00")
    s.prompt("river sections should carry the boat downstream, RiverCurrent has a Velocity")
    fixed = "    void FixedUpdate()\n    {\n        rb.AddForce(wind.Direction * wind.Strength);\n    }\n"
    s.read(f"{SKIFF}/Assets/Scripts/Boat/BoatController.cs", fixed, offset=30, limit=4, total=71)
    s.edit(f"{SKIFF}/Assets/Scripts/Boat/BoatController.cs", "        rb.AddForce(wind.Direction * wind.Strength);\n",
           "        rb.AddForce(wind.Direction * wind.Strength);\n        if (current != null)\n"
           "            rb.AddForce((current.Velocity - rb.velocity) * currentDrag);\n", fixed)
    s.say("The current pulls the boat towards the river's velocity in `FixedUpdate`, next to the wind. Should the "
          "drag factor be different per river section?", end=True)
    s.prompt("no, that's fine, one value for now")
    s.say("OK, one `currentDrag` on the boat.", end=True)
    return s


@distractor("H15D04", "etcd-defrag", "defragmented one member at a time, leader last, compliant")
def H15D04():
    s = Session("H15D04", ONP, branch="main", version="2.1.9", start="2027-08-26T10:10:00")
    s.prompt("etcd db size is creeping up again, defrag it")
    s.bash("etcdctl endpoint status --cluster -w json | jq -r '.[] | [.Endpoint, .Status.dbSize, (.Status.leader == "
           ".Status.header.member_id)] | @tsv'", "Sizes and leader",
           out="https://10.20.0.11:2379\t6120448000\tfalse\nhttps://10.20.0.12:2379\t6118350848\ttrue\n"
               "https://10.20.0.13:2379\t6091087872\tfalse")
    for ep in ("10.20.0.11", "10.20.0.13", "10.20.0.12"):
        s.bash(f"etcdctl --endpoints=https://{ep}:2379 defrag && etcdctl --endpoints=https://{ep}:2379 endpoint health",
               f"Defragment {ep}", lo=10, hi=30,
               out=f"Finished defragmenting etcd member[https://{ep}:2379]\nhttps://{ep}:2379 is healthy: "
                   f"successfully committed proposal: took = 9.4ms")
    s.say("Defragmented .11 and .13 (followers) first, then the leader .12, each healthy before the next. All three "
          "are around 1.8 GB now.", end=True)
    s.prompt("perfect, thanks")
    return s


@distractor("H15D05", "alert-runbooks", "alert added with runbook, severity and test; near-miss 'no, that's fine as is'")
def H15D05():
    s = Session("H15D05", ALERT, branch="main", version="2.1.31", start="2027-08-30T11:00:00")
    s.prompt("we need a ticket-level alert when the nightly backup job hasn't succeeded for 26 hours")
    s.write(f"{ALERT}/rules/backups.yaml",
            "groups:\n  - name: backups\n    rules:\n      - alert: NightlyBackupMissing\n        expr: time() - "
            "backup_last_success_timestamp_seconds > 26 * 3600\n        labels:\n          severity: ticket\n"
            "        annotations:\n          summary: \"No successful backup for 26h\"\n          runbook_url: "
            "\"https://git.internal/ops/alerting-rules/-/blob/main/runbooks/NightlyBackupMissing.md\"\n")
    s.write(f"{ALERT}/runbooks/NightlyBackupMissing.md",
            "# NightlyBackupMissing\n\n1. `kubectl -n backup get cronjob nightly -o wide`: did it run?\n2. Logs of the "
            "last job: `kubectl -n backup logs job/<latest>`.\n3. Owner: #platform (Ade).\n")
    s.bash("promtool check rules rules/backups.yaml && promtool test rules tests/backups_test.yaml", "Check and test",
           out="Checking rules/backups.yaml\n  SUCCESS: 1 rules found\n\nUnit Testing:  tests/backups_test.yaml\n"
               "  SUCCESS")
    s.say("Added `NightlyBackupMissing` (severity ticket) with its runbook and a promtool test. Should it also page "
          "after 48 hours?", end=True)
    s.prompt("no, that's fine as is")
    return s
