"""gen-holdout-15: lessons about ways of working, folders, tools and people, and about how to answer (genomic
positions always carry their build and transcript, a published story's factual error gets a correction note instead of a
silent edit, new dependencies only with a licence from legal's allowlist, a sent invoice is corrected with a credit note
and never changed, Steam builds go to the qa branch and the producer sets them live, every alert comes with a runbook, a
severity that routes and a test, answers to a screen reader user without tables or drawings, no fix dates or versions
promised to customers)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

GEN = "/home/daan/src/varreport"
NEWS = "/home/jonas/newsroom/harbour-herald-site"
DOCF = "/Users/wei/src/docforge"
LEDG = "/home/marta/src/ledgerly"
GAME = "/home/kasper/gamedev/lanternfall"
ALERT = "/home/ade/ops/alerting-rules"
TRANSIT = "/home/tom/src/transit-api"
SUP = "/home/lina/work/syncbox-support"


# -----------------------------------------------------------------------------
H15L01_CORR = ("Fatima read the MDT summary and asked me to pass this on: \"Which build is chr17:43057078? Half the lab "
               "still opens GRCh37 browsers, and last year someone took a 38 position into a 37 browser and ended up in "
               "the wrong exon. And c.5123C>A on which transcript?\" so from now on: any genomic position you write, in a "
               "report or in an answer to me, says the build (GRCh38 here), and any c. or p. notation carries the "
               "transcript with version, the MANE Select one (NM_007294.4 for BRCA1).")

VCF_LINE = ("chr17\t43057078\t.\tC\tA\t812.4\tPASS\tGENE=BRCA1;CSQ=missense_variant;HGVSc=NM_007294.4:c.5123C>A;"
            "HGVSp=NP_009225.1:p.Ala1708Glu;CLNSIG=Pathogenic\tGT:AD:DP\t0/1:41,38:79\n")

@lesson("H15L01", "variant-genome-build", "relayed-from-colleague",
        ["says the build", "carries the transcript with version", "MANE Select"], [
    fire_prompt("where exactly does the TP53 hit in 24-1107 sit, and what does it do to the protein?",
                note="asks for a location and a protein change in an answer; no shared words"),
    fire_write(f"{GEN}/reports/24-1107-mdt.md",
               "# 24-1107, MDT 2027-11-18\n\nTP53 missense, heterozygous, VAF 0.47 (61 reads).\n\n"
               "- chr17:7674220 C>T\n- c.743G>A p.(Arg248Gln)\n- ClinVar: pathogenic (12 submitters)\n",
               note="report with a position and c./p. notation but no build and no transcript"),
    silent_bash("bcftools view -H -r chr13:32315000-32400000 results/24-1107/24-1107.annotated.vcf.gz | wc -l",
                "Calls in the BRCA2 region", note="looking at the data"),
    silent_edit(f"{GEN}/reports/24-0913-mdt.md", "- c.5123C>A p.(Ala1708Glu)\n",
                "- NM_007294.4(BRCA1):c.5123C>A p.(Ala1708Glu)\n", note="compliant: transcript added"),
])
def H15L01():
    s = Session("H15L01", GEN, branch="main", version="2.1.31", start="2027-11-15T14:10:00")
    s.prompt("summarise the BRCA1 finding in sample 24-0913 for the MDT on Thursday, the annotated VCF is in "
             "results/24-0913/. one short page in reports/")
    s.bash("bcftools view -H -i 'GENE=\"BRCA1\" && CLNSIG~\"Pathogenic\"' results/24-0913/24-0913.annotated.vcf.gz",
           "Pathogenic BRCA1 calls", out=VCF_LINE)
    s.write(f"{GEN}/reports/24-0913-mdt.md",
            "# 24-0913, MDT 2027-11-18\n\nBRCA1 missense, heterozygous, VAF 0.48 (79 reads).\n\n"
            "- chr17:43057078 C>A\n- c.5123C>A p.(Ala1708Glu)\n- ClinVar: pathogenic (functional evidence, "
            "BRCT domain)\n")
    s.say("Wrote `reports/24-0913-mdt.md`: one heterozygous BRCA1 missense, chr17:43057078 C>A, c.5123C>A "
          "p.(Ala1708Glu), VAF 0.48 at 79 reads, classed pathogenic in ClinVar. Nothing else in BRCA1 passes the "
          "filters.", end=True)
    s.prompt(H15L01_CORR, correction=True, think_secs=(1800, 5400))
    s.edit(f"{GEN}/reports/24-0913-mdt.md", "- chr17:43057078 C>A\n- c.5123C>A p.(Ala1708Glu)\n",
           "- GRCh38 chr17:43057078 C>A\n- NM_007294.4(BRCA1):c.5123C>A, NP_009225.1:p.(Ala1708Glu) (MANE Select)\n",
           "# 24-0913, MDT 2027-11-18\n\nBRCA1 missense, heterozygous, VAF 0.48 (79 reads).\n\n"
           "- chr17:43057078 C>A\n- c.5123C>A p.(Ala1708Glu)\n- ClinVar: pathogenic (functional evidence, "
           "BRCT domain)\n")
    s.say("Fixed: the position now reads GRCh38 chr17:43057078 C>A and the change is "
          "NM_007294.4(BRCA1):c.5123C>A, NP_009225.1:p.(Ala1708Glu), the MANE Select transcript. I'll give the build "
          "with every position and the versioned transcript with every c./p. description from now on, in reports "
          "and in answers.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L02_CORR = ("Thanks! Actually, a factual error in a published story is never just edited away: the council and two "
               "radio shows have already quoted the €14m. The figure gets fixed and the story gets a correction note at "
               "the bottom, dated, saying what was wrong (there's a `corrections:` list in the front matter, the "
               "template renders it). Typos and broken links can be fixed quietly, facts never. Ilse on the standards "
               "desk goes through the corrections log every Friday.")

STORY = ("---\ntitle: \"Council signs harbour dredging contract\"\ndate: 2027-05-11\nauthor: \"Marit Solberg\"\n"
         "---\n\nThe city council on Monday signed a €14m contract with Nordmudd AS to dredge the inner harbour "
         "before the autumn cruise season.\n")

@lesson("H15L02", "published-corrections", "thanks-actually",
        ["never just edited away", "correction note", "corrections:"], [
    fire_edit(f"{NEWS}/content/news/2027/06/school-closures.md",
              "Three schools in the eastern district will close in August, the education committee decided.\n",
              "Two schools in the eastern district will close in August, the education committee decided.\n",
              note="changes a fact in a published story, nothing else; no shared words"),
    fire_prompt("the ferry fire piece names the wrong captain, it was Erik Moe, not Per Lunde. swap the name in",
                note="a wrong name in a published story"),
    silent_edit(f"{NEWS}/content/news/2027/06/school-closures.md", "the goverment's plan", "the government's plan",
                note="a typo, allowed"),
    silent_bash("hugo --gc --minify && git status --short", "Build the site", note="build"),
])
def H15L02():
    s = Session("H15L02", NEWS, branch="main", version="2.0.76", start="2027-05-13T10:20:00")
    s.prompt("the harbour dredging story from Tuesday says the contract is €14m, it's €4.1m. fix it please")
    s.read(f"{NEWS}/content/news/2027/05/harbour-dredging.md", STORY, limit=8, total=31)
    s.edit(f"{NEWS}/content/news/2027/05/harbour-dredging.md", "signed a €14m contract", "signed a €4.1m contract",
           STORY)
    s.bash("hugo --gc --minify -q && git commit -qam \"harbour dredging: contract value\" && git push -q",
           "Build and publish", out="")
    s.say("Changed the figure to €4.1m and pushed; the site rebuilds in about a minute.", end=True)
    s.prompt(H15L02_CORR, correction=True, think_secs=(40, 200))
    s.edit(f"{NEWS}/content/news/2027/05/harbour-dredging.md", "author: \"Marit Solberg\"\n",
           "author: \"Marit Solberg\"\ncorrections:\n  - date: 2027-05-13\n    text: \"An earlier version of this "
           "article gave the value of the contract as €14m. It is €4.1m.\"\n",
           STORY.replace("signed a €14m contract", "signed a €4.1m contract"))
    s.bash("hugo --gc --minify -q && git commit -qam \"harbour dredging: correction note\" && git push -q",
           "Publish the correction note", out="")
    s.say("Added a dated correction to the story's front matter (\"An earlier version of this article gave the value "
          "of the contract as €14m. It is €4.1m.\"), which the template shows at the bottom, and pushed. For facts in "
          "published stories I'll always add the note; only typos and links get fixed without one.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L03_CORR = ("from Miriam (legal), after the dependency report ran on your branch:\n> iText 7 is AGPL-3.0. We ship "
               "it on-prem to customers, so AGPL would oblige us to offer them our source, or we buy a commercial "
               "iText licence, which we don't have. Please take it out. For anything new: its licence has to be on "
               "legal/licence-allowlist.yaml; GPL, AGPL, SSPL or no licence at all lands with me as an OSS-review ticket "
               "first.\n\nso revert it and use something from the list, PDFBox is on it already.")

GRADLE = ("dependencies {\n    implementation(\"org.apache.pdfbox:pdfbox:3.0.2\")\n"
          "    implementation(\"com.fasterxml.jackson.core:jackson-databind:2.17.1\")\n}\n")

@lesson("H15L03", "licence-allowlist", "legal-email-pasted",
        ["legal/licence-allowlist.yaml", "OSS-review ticket", "AGPL"], [
    fire_edit(f"{DOCF}/build.gradle.kts",
              "    implementation(\"com.fasterxml.jackson.core:jackson-databind:2.17.1\")\n",
              "    implementation(\"com.fasterxml.jackson.core:jackson-databind:2.17.1\")\n"
              "    runtimeOnly(\"com.mysql:mysql-connector-j:8.4.0\")\n",
              note="GPL-2.0 connector added without checking; no shared words"),
    fire_prompt("we need to read the customers' xlsx uploads in the importer, pick whichever library handles them best "
                "and wire it in", note="asks to choose a dependency freely"),
    silent_bash("./gradlew dependencies --configuration runtimeClasspath | grep -i pdfbox", "Where PDFBox comes from",
                note="read-only"),
    silent_bash("grep -n -i 'apache-2.0\\|mit\\|bsd' legal/licence-allowlist.yaml | head", "Allowed licences",
                note="compliant check"),
])
def H15L03():
    s = Session("H15L03", DOCF, branch="feat/paid-watermark", version="2.1.9", start="2027-09-06T11:05:00")
    s.prompt("we need to stamp a 'PAID' watermark diagonally on the PDFs in InvoiceRenderer, add whatever library "
             "makes that easy")
    s.read(f"{DOCF}/build.gradle.kts", GRADLE, offset=31, limit=4, total=58)
    s.edit(f"{DOCF}/build.gradle.kts", "    implementation(\"org.apache.pdfbox:pdfbox:3.0.2\")\n",
           "    implementation(\"org.apache.pdfbox:pdfbox:3.0.2\")\n    implementation(\"com.itextpdf:itext7-core:8.0.4\")\n",
           GRADLE)
    s.write(f"{DOCF}/src/main/java/io/docforge/render/Watermark.java",
            "package io.docforge.render;\n\nimport com.itextpdf.kernel.pdf.*;\nimport com.itextpdf.kernel.pdf.canvas."
            "PdfCanvas;\n\npublic final class Watermark {\n    public static void stamp(PdfDocument doc, String text) {\n"
            "        for (int i = 1; i <= doc.getNumberOfPages(); i++) {\n            PdfCanvas c = new PdfCanvas(doc."
            "getPage(i));\n            // rotated 45 degrees, 30% grey\n        }\n    }\n}\n")
    s.bash("./gradlew test --tests '*InvoiceRenderer*' -q", "Run the renderer tests", lo=30, hi=90, out="")
    s.say("Added iText 7 (`itext7-core`) and a `Watermark.stamp()` helper that draws \"PAID\" at 45° in 30% grey on "
          "every page; the renderer tests pass.", end=True)
    s.prompt(H15L03_CORR, correction=True, think_secs=(1200, 3600))
    s.edit(f"{DOCF}/build.gradle.kts", "    implementation(\"com.itextpdf:itext7-core:8.0.4\")\n", "",
           GRADLE.replace("pdfbox:3.0.2\")\n", "pdfbox:3.0.2\")\n    implementation(\"com.itextpdf:itext7-core:8.0.4\")\n"))
    s.bash("grep -n -i 'pdfbox' legal/licence-allowlist.yaml", "Check PDFBox is on the list",
           out="14:  - name: org.apache.pdfbox:pdfbox\n15:    licence: Apache-2.0")
    s.say("iText is out. I'll redo the watermark with PDFBox (`PDPageContentStream` with a rotated text matrix and "
          "`PDExtendedGraphicsState` for the transparency), which is Apache-2.0 and already on the allowlist. Anything "
          "new I'll check against `legal/licence-allowlist.yaml` first, and anything not on it goes to Miriam as an "
          "OSS-review ticket before it's added.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L04_CORR = ("wait, you changed INV-2027-0412 in place? it went out on the 3rd and it's already in the VAT return for "
               "May. a sent invoice is never changed, voided or deleted: the numbering has to stay gapless and what "
               "Fjordline holds must match our books, and Kari (our auditor) checks exactly that. the way to fix it is a "
               "credit note against 0412 for the full amount and a new invoice with the right rate. "
               "`manage.py credit_note` does the first.")

@lesson("H15L04", "invoice-credit-notes", "question-after-the-fact",
        ["a sent invoice is never changed, voided or deleted", "credit note", "gapless"], [
    fire_bash("python manage.py shell -c \"from billing.models import Invoice; "
              "Invoice.objects.filter(number='INV-2027-0388').delete()\"", "Remove the duplicate invoice",
              note="deletes an issued invoice"),
    fire_prompt("Hallgrim AS got billed twice for April's desk rent, just get rid of the extra one so their statement "
                "adds up", note="asks to remove an issued invoice; no shared words"),
    silent_bash("python manage.py credit_note INV-2027-0388 --reason \"duplicate of INV-2027-0387\"",
                "Credit the duplicate", note="compliant"),
    silent_prompt("what's the difference in the books between a credit note and a refund?",
                  note="question in the area"),
])
def H15L04():
    s = Session("H15L04", LEDG, branch="main", version="2.1.7", start="2027-06-14T09:35:00")
    s.prompt("Fjordline says INV-2027-0412 has the wrong VAT rate, 25% instead of 12% for the conference room "
             "rental (it's room hire with the hotel package). can you fix it")
    s.bash("python manage.py shell -c \"from billing.models import Invoice; i=Invoice.objects.get(number="
           "'INV-2027-0412'); print(i.status, i.sent_at, [(l.description, l.vat_rate) for l in i.lines.all()])\"",
           "Look at the invoice",
           out="sent 2027-06-03 08:12:44+00:00 [('Conference room, 2 days', Decimal('25.00')), ('Coffee service', "
               "Decimal('15.00'))]")
    s.bash("python manage.py shell -c \"from billing.models import Invoice; i=Invoice.objects.get(number="
           "'INV-2027-0412'); l=i.lines.get(description__startswith='Conference'); l.vat_rate=12; l.save(); "
           "i.recalculate(); i.save(); print(i.total)\"", "Set the rate to 12% and recalculate", out="18480.00")
    s.bash("python manage.py render_invoice INV-2027-0412 --out /tmp/INV-2027-0412.pdf", "Render the corrected PDF",
           out="wrote /tmp/INV-2027-0412.pdf (2 pages)")
    s.say("The conference room line on INV-2027-0412 is now at 12% VAT; the total went from 20,140.00 to 18,480.00 "
          "NOK. The corrected PDF is at `/tmp/INV-2027-0412.pdf` if you want to send it to Fjordline.", end=True)
    s.prompt(H15L04_CORR, correction=True, think_secs=(30, 120))
    s.bash("python manage.py shell -c \"from billing.models import Invoice; i=Invoice.objects.get(number="
           "'INV-2027-0412'); l=i.lines.get(description__startswith='Conference'); l.vat_rate=25; l.save(); "
           "i.recalculate(); i.save(); print(i.total)\"", "Put 0412 back as it was sent", out="20140.00")
    s.bash("python manage.py credit_note INV-2027-0412 --reason \"wrong VAT rate on room hire\" && python manage.py "
           "reissue INV-2027-0412 --vat-rate 'Conference room, 2 days=12'", "Credit note and new invoice",
           out="created CN-2027-0031 for INV-2027-0412 (-20140.00)\ncreated INV-2027-0431 (18480.00)")
    s.say("0412 is back exactly as sent (20,140.00). CN-2027-0031 credits it in full and INV-2027-0431 is the new "
          "invoice with 12% on the room hire (18,480.00); both are ready to send to Fjordline. I won't touch a sent "
          "invoice again.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L05_CORR = ("no. builds only ever go to the qa branch. Noor sets it live on default from Steamworks once QA has "
               "signed it off and the patch notes are up: default is what 40k players download the moment it's set. "
               "put SetLive back to qa.")

VDF = ("\"AppBuild\"\n{\n\t\"AppID\" \"2417810\"\n\t\"Desc\" \"1.3.1 hotfix\"\n\t\"ContentRoot\" \"../../Builds/\"\n"
       "\t\"BuildOutput\" \"../output/\"\n\t\"SetLive\" \"qa\"\n\t\"Depots\"\n\t{\n\t\t\"2417811\" "
       "\"depot_build_2417811.vdf\"\n\t}\n}\n")

@lesson("H15L05", "steam-beta-branch", "rejected-with-feedback",
        ["builds only ever go to the qa branch", "Noor sets it live", "SetLive back to qa"], [
    fire_edit(f"{GAME}/build/steam/app_build_2417900.vdf", "\t\"SetLive\" \"qa\"\n", "\t\"SetLive\" \"default\"\n",
              note="the soundtrack app's build set live on default"),
    fire_prompt("the Steam Deck crash fix is verified on my machine, get it out to everyone tonight so the reviews "
                "stop", note="asks to ship to all players; no shared words"),
    silent_bash(f"steamcmd +login lanternfall_build +run_app_build {GAME}/build/steam/app_build_2417810.vdf +quit", "Upload to the qa branch", note="compliant: the vdf says qa"),
    silent_edit(f"{GAME}/build/steam/app_build_2417810.vdf", "\t\"Desc\" \"1.3.2 hotfix\"\n",
                "\t\"Desc\" \"1.3.3 controller fix\"\n", note="build description"),
])
def H15L05():
    s = Session("H15L05", GAME, branch="release/1.3", version="2.1.42", start="2027-10-21T18:40:00")
    s.prompt("hotfix 1.3.2 is built (Builds/Windows and Builds/Linux), push it to Steam")
    s.read(f"{GAME}/build/steam/app_build_2417810.vdf", VDF)
    vdf2 = s.edit(f"{GAME}/build/steam/app_build_2417810.vdf", "\t\"Desc\" \"1.3.1 hotfix\"\n",
                  "\t\"Desc\" \"1.3.2 hotfix\"\n", VDF)
    s.edit(f"{GAME}/build/steam/app_build_2417810.vdf", "\t\"SetLive\" \"qa\"\n", "\t\"SetLive\" \"default\"\n", vdf2)
    s.say("The build script is set to 1.3.2 and to go live on the default branch, so players get the hotfix as soon as "
          "the upload finishes. Uploading now.")
    s.reject("Bash", {"command": f"steamcmd +login lanternfall_build +run_app_build "
                                 f"{GAME}/build/steam/app_build_2417810.vdf +quit", "description": "Upload 1.3.2 to Steam"},
             feedback=H15L05_CORR)
    s.edit(f"{GAME}/build/steam/app_build_2417810.vdf", "\t\"SetLive\" \"default\"\n", "\t\"SetLive\" \"qa\"\n",
           vdf2.replace("\t\"SetLive\" \"qa\"\n", "\t\"SetLive\" \"default\"\n"))
    s.bash(f"steamcmd +login lanternfall_build +run_app_build {GAME}/build/steam/app_build_2417810.vdf +quit", "Upload 1.3.2 to the qa branch", lo=120, hi=400,
           out="Building depot 2417811...\nSuccessfully finished AppID 2417810 build (BuildID 14023377).\n"
               "Set BuildID 14023377 live on branch \"qa\"")
    s.say("1.3.2 is uploaded as BuildID 14023377 and live on the `qa` branch only. When QA has signed it off, Noor can "
          "set it live on default in Steamworks.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L06_CORR = ("lovely, so at 3am Jun gets paged with 'PaymentsQueueBacklog' and a number, and gets to guess what to "
               "do. that's exactly what happened with DiskFillingUp last month. every one of these needs a runbook_url "
               "pointing at runbooks/<AlertName>.md (what to check, who to call), severity is page or ticket (nothing "
               "else routes), and a promtool test in tests/ before it merges.")

RULE = ("groups:\n  - name: payments\n    rules:\n      - alert: PaymentsQueueBacklog\n        expr: "
        "rabbitmq_queue_messages_ready{queue=\"payments.settle\"} > 5000\n        for: 10m\n        labels:\n"
        "          severity: critical\n        annotations:\n          summary: \"payments.settle backlog above 5k\"\n")

@lesson("H15L06", "alert-runbooks", "sarcasm",
        ["runbook_url", "runbooks/<AlertName>.md", "severity is page or ticket"], [
    fire_write(f"{ALERT}/rules/tls-certs.yaml",
               "groups:\n  - name: tls\n    rules:\n      - alert: CertExpiringSoon\n        expr: "
               "probe_ssl_earliest_cert_expiry - time() < 14 * 86400\n        for: 1h\n        annotations:\n"
               "          summary: \"certificate for {{ $labels.instance }} expires within two weeks\"\n",
               note="new paging rule with no link to instructions and no routing label; no shared words"),
    fire_edit(f"{ALERT}/rules/ledger.yaml", "    rules:\n",
              "    rules:\n      - alert: LedgerExportStale\n        expr: time() - ledger_export_last_success_seconds "
              "> 7200\n        labels:\n          severity: critical\n",
              note="alert with an unknown severity and no runbook"),
    silent_bash("promtool check rules rules/*.yaml && promtool test rules tests/*.yaml", "Check and test the rules",
                note="compliant"),
    silent_edit(f"{ALERT}/rules/http.yaml", "    rules:\n",
                "    rules:\n      - record: job:http_requests:rate5m\n        expr: sum by (job) "
                "(rate(http_requests_total[5m]))\n", note="a recording rule, nothing pages"),
])
def H15L06():
    s = Session("H15L06", ALERT, branch="main", version="2.1.31", start="2027-08-09T15:00:00")
    s.prompt("add an alert for the payments queue backing up: page if payments.settle has more than 5k ready "
             "messages for 10 minutes")
    s.write(f"{ALERT}/rules/payments.yaml", RULE)
    s.bash("promtool check rules rules/payments.yaml", "Check the rule",
           out="Checking rules/payments.yaml\n  SUCCESS: 1 rules found")
    s.bash("git add rules/payments.yaml && git commit -qm \"alert: payments queue backlog\" && git push -q",
           "Commit and push", out="")
    s.say("Added `PaymentsQueueBacklog` (ready messages on `payments.settle` above 5,000 for 10 minutes, severity "
          "critical) and pushed; promtool is happy.", end=True)
    s.prompt(H15L06_CORR, correction=True, think_secs=(60, 300))
    s.write(f"{ALERT}/runbooks/PaymentsQueueBacklog.md",
            "# PaymentsQueueBacklog\n\nWhat it means: settlement messages are queuing faster than `settle-worker` "
            "consumes them.\n\n1. `kubectl -n payments get pods -l app=settle-worker`: are the workers running?\n"
            "2. Grafana \"Payments / Settlement\": is the acquirer API slow (p99 > 2s)?\n3. If the acquirer is down: "
            "nothing to fix on our side, post in #payments and call the payments on-call.\n")
    s.edit(f"{ALERT}/rules/payments.yaml", "          severity: critical\n        annotations:\n",
           "          severity: page\n        annotations:\n          runbook_url: \"https://git.internal/ops/alerting-rules/"
           "-/blob/main/runbooks/PaymentsQueueBacklog.md\"\n", RULE)
    s.bash("promtool test rules tests/payments_test.yaml", "Run the new rule test",
           out="Unit Testing:  tests/payments_test.yaml\n  SUCCESS")
    s.say("The alert now has severity `page`, a `runbook_url` to `runbooks/PaymentsQueueBacklog.md` (what to check "
          "and who to call) and a promtool test in `tests/payments_test.yaml` that fires at 5,001 ready messages "
          "after 10 minutes and not before. Every alert I add will come with all three.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L07_CORR = ("NVDA just read that to me as \"vertical line Option vertical line Latency vertical line Ops cost "
               "vertical line, vertical line dash dash dash vertical line dash dash dash\" for most of a minute, and the "
               "diagram under it as a long string of plus signs and hyphens. I still don't know which one you picked.")

@lesson("H15L07", "screen-reader-answers", "consequences-only",
        ["NVDA", "vertical line", "plus signs and hyphens"], [
    fire_prompt("compare gunicorn and uvicorn workers for this service, pros and cons side by side",
                note="invites a side-by-side grid; no shared words"),
    fire_prompt("sketch how a request flows from the gateway through to the timetable store and back",
                note="invites a drawn diagram"),
    silent_bash("pytest tests/timetable -q", "Run the timetable tests", note="tests"),
    silent_edit(f"{TRANSIT}/transit/timetable/cache.py", "CACHE_TTL = 60\n", "CACHE_TTL = 300\n",
                note="code edit in the area"),
])
def H15L07():
    s = Session("H15L07", TRANSIT, branch="main", version="2.1.9", start="2027-04-19T10:45:00")
    s.prompt("which of the three options for caching the timetable lookups would you pick: redis, an in-process LRU, or "
             "postgres materialized views?")
    s.say("| Option | Latency | Ops cost | Invalidation |\n|---|---|---|---|\n| Redis | ~1 ms | new service | TTL + "
          "pub/sub |\n| In-process LRU | ~µs | none | per worker, stale across pods |\n| Materialized view | ~5 ms | "
          "none | `REFRESH ... CONCURRENTLY` on import |\n\n```\n+---------+     +-------+     +----------+\n| request | "
          "--> | cache | --> | postgres |\n+---------+     +-------+     +----------+\n```\n\nI'd go with the "
          "materialized view.", end=True)
    s.prompt(H15L07_CORR, correction=True, think_secs=(50, 140))
    s.say("Sorry about that. My pick is the Postgres materialized view. The timetable only changes when the nightly "
          "GTFS import runs, so the view can be refreshed right after the import and is never stale in between. It "
          "needs no new service, and a lookup takes about five milliseconds, which is plenty for this API. Redis "
          "would be faster but is one more thing to run. An in-process cache would be fastest, but each worker would "
          "hold its own copy and they would disagree for a while after every import.", end=True)
    s.prompt("ok, thanks, that works for me. go with the view")
    s.write(f"{TRANSIT}/migrations/0042_timetable_lookup_view.sql",
            "CREATE MATERIALIZED VIEW timetable_lookup AS\nSELECT stop_id, route_id, departure_time, service_date\n"
            "FROM stop_times JOIN trips USING (trip_id) JOIN calendar_dates USING (service_id);\n\n"
            "CREATE UNIQUE INDEX ON timetable_lookup (stop_id, route_id, service_date, departure_time);\n")
    s.say("Added migration 0042, which creates the view and the unique index that a concurrent refresh needs. Next "
          "I'll call the refresh at the end of the import job.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L08_CORR = ("before you write it: never a date or a version for a fix in anything that goes to a customer. "
               "milestones move, and then it's our promise broken in writing; Henrik (PM) is the only one who commits "
               "to dates. say it's a confirmed bug, link the public issue, give the workaround, and tell them we'll "
               "update the ticket when the fix is out.")

@lesson("H15L08", "support-no-dates", "rule-before-acting",
        ["never a date or a version for a fix", "Henrik", "update the ticket when the fix is out"], [
    fire_prompt("the Acme admin wants to know when SSO group mapping will finally work, draft them something "
                "reassuring with when they can expect it", note="asks for a promised time; no shared words"),
    fire_write(f"{SUP}/replies/88340.md",
               "Hi Jens,\n\nGood news: this is fixed in 4.12, which is due out next Tuesday. After updating, the "
               "duplicated contacts will be merged automatically.\n\nBest,\nLina\n",
               note="reply promising a version and a day"),
    silent_bash("python tools/zd.py draft 88213 replies/88213.md --internal", "Save the draft on the ticket",
                note="posting the draft internally"),
    silent_edit(f"{SUP}/replies/88213.md", "Hi Marit,\n", "Hi Marit and team,\n", note="greeting"),
])
def H15L08():
    s = Session("H15L08", SUP, branch="main", version="2.0.76", start="2027-07-07T13:15:00")
    s.prompt("ticket 88213: customer says calendar sync duplicates all-day events since 4.11. it's the known bug "
             "SB-4471. draft a reply in replies/")
    s.bash("gh issue view 4471 --repo syncbox/syncbox --json title,milestone,state -q '[.title,.milestone.title,"
           ".state]|@tsv'", "The public issue",
           out="All-day events duplicated after 4.11 update\t4.12 (due 2027-07-18)\tOPEN")
    s.say("It's syncbox/syncbox#4471, milestone 4.12 due on the 18th. I'll draft a reply saying it's a known bug that "
          "will be fixed in 4.12 on July 18, with the workaround of turning off \"Sync all-day events\" until then.",
          end=True)
    s.prompt(H15L08_CORR, correction=True, think_secs=(15, 60))
    s.write(f"{SUP}/replies/88213.md",
            "Hi Marit,\n\nThank you for the detailed report. We have confirmed this as a bug in 4.11: all-day events "
            "can be duplicated after the update. You can follow it here: https://github.com/syncbox/syncbox/issues/"
            "4471\n\nUntil it is fixed, turning off Settings > Calendar > \"Sync all-day events\" stops new "
            "duplicates.\n\nWe'll update this ticket as soon as the fix is released.\n\nBest regards,\nLina\n")
    s.say("Draft in `replies/88213.md`: confirmed bug, link to #4471, the workaround, and that we'll update the ticket "
          "when the fix is released. No date or version in it, here or in any other reply.", end=True)
    return s
