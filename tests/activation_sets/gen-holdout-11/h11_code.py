"""gen-holdout-11: lessons about code (built-in PDF fonts in ReportLab letters, caller input unfiltered in an Asterisk
dialplan, today's date instead of the policy's effective date in a Java rating engine, bundle downloads over a metered
link in a Rust gateway daemon, a Nextflow process writing outside its work dir, database ids as offer ids in PHP feeds,
a Slack Bolt handler that acks last, overwriting a permanent SAS library dataset)."""
from cc import Session
from registry import (
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
)

INV = "/home/ingrid/src/invoicing"
PBX = "/home/arjun/src/pbx-config"
MOTOR = "/home/sven/src/motor-rating"
EDGE = "/home/mei/src/edgebox"
AMP = "/home/yusuf/pipelines/amplicon-16s"
FEED = "/home/bruno/src/shop-exports"
BOT = "/Users/nadia/dev/opsbot"
RES = "/home/olamide/actuarial/reserving"


# -----------------------------------------------------------------------------
H11L09_CORR = ("CI:\n```\nveraPDF 1.26.2  PDF/A-3B  out/dunning_level2_sample.pdf\n  FAIL  6.2.11.4.1  The font programs "
               "for all fonts used for rendering within a conforming file shall be embedded (Helvetica, Helvetica-Bold)\n"
               "1 file, 1 failed\n```\nand Helvetica has no ő or ł, half our Hungarian and Polish customers' names would "
               "print as black boxes. no built-in fonts in our PDFs: register the Noto Sans TTFs from assets/fonts with "
               "pdfmetrics.registerFont(TTFont(...)) like invoice.py does, and use those names")

INVOICE_HDR = ("def draw_header(c, doc):\n    c.setFont(FONT_BOLD, 14)\n    c.drawString(20 * mm, 277 * mm, doc.title)\n"
               "    c.setFont(FONT_REGULAR, 9)\n    c.drawString(20 * mm, 271 * mm, COMPANY_LINE)\n")

DUNNING = ("from reportlab.lib.units import mm\nfrom reportlab.pdfgen import canvas\n\nfrom letters.texts import load_text\n\n\n"
           "def render(path, customer, invoices):\n    c = canvas.Canvas(path)\n    c.setFont(\"Helvetica-Bold\", 14)\n"
           "    c.drawString(20 * mm, 277 * mm, \"Second reminder\")\n    c.setFont(\"Helvetica\", 10)\n"
           "    y = 250 * mm\n    for line in load_text(\"dunning2\", customer=customer, invoices=invoices):\n"
           "        c.drawString(20 * mm, y, line)\n        y -= 5 * mm\n    c.save()\n")

@lesson("H11L09", "pdf-letter-fonts", "pasted-ci-failure", ["no built-in fonts", "registerFont(TTFont", "black boxes"], [
    fire_edit(f"{INV}/letters/credit_note.py", "    c.setFont(FONT_REGULAR, 10)\n", "    c.setFont(\"Times-Roman\", 10)\n",
              note="switches a letter to a base-14 face; no shared words"),
    fire_prompt("the packing slip should show the customer name in bold at the top, Helvetica-Bold is fine for that",
                note="asks for a built-in face"),
    silent_edit(f"{INV}/letters/dunning.py", "    y = 250 * mm\n", "    y = 246 * mm\n", note="layout tweak"),
    silent_bash("verapdf --flavour 3b out/dunning_level2_sample.pdf", "Validate the sample PDF", note="validation"),
])
def H11L09():
    s = Session("H11L09", INV, branch="feat/dunning-level-2", version="2.1.7", start="2026-01-20T10:00:00")
    s.prompt("we need a PDF for the second payment reminder (dunning level 2), same header as the invoice. the text is in "
             "letters/texts/dunning2.md")
    s.read(f"{INV}/letters/invoice.py", INVOICE_HDR, offset=48, limit=5, total=140)
    s.write(f"{INV}/letters/dunning.py", DUNNING)
    s.bash("pytest tests/letters/test_dunning.py -q", "Run the letter tests",
           out="...                                                                      [100%]\n3 passed in 0.61s")
    s.bash("git add letters/dunning.py tests/letters/test_dunning.py && git commit -qm \"Dunning level 2 letter\" && "
           "git push -q -u origin feat/dunning-level-2", "Commit and push", out="")
    s.say("Added `letters/dunning.py`: the \"Second reminder\" heading and the text from `dunning2.md` with the overdue "
          "invoices. The tests pass and the branch is pushed.", end=True)
    s.prompt(H11L09_CORR, correction=True, think_secs=(400, 1500))
    d2 = s.edit(f"{INV}/letters/dunning.py", "from letters.texts import load_text\n",
                "from letters.fonts import FONT_BOLD, FONT_REGULAR  # Noto Sans, registered with "
                "pdfmetrics.registerFont\nfrom letters.texts import load_text\n", DUNNING)
    d3 = s.edit(f"{INV}/letters/dunning.py", "    c.setFont(\"Helvetica-Bold\", 14)\n", "    c.setFont(FONT_BOLD, 14)\n", d2)
    s.edit(f"{INV}/letters/dunning.py", "    c.setFont(\"Helvetica\", 10)\n", "    c.setFont(FONT_REGULAR, 10)\n", d3)
    s.bash("pytest tests/letters -q && verapdf --flavour 3b out/dunning_level2_sample.pdf | tail -1",
           "Tests and PDF/A validation", out="......                                                                   "
           "[100%]\n6 passed in 1.02s\n1 file, 0 failed")
    s.say("The letter uses the registered Noto Sans faces (`FONT_BOLD`, `FONT_REGULAR` from `letters/fonts.py`, the same "
          "ones the invoice uses), so the fonts are embedded: veraPDF passes PDF/A-3B, and a test name with ő and ł "
          "renders.", end=True)
    return s


# -----------------------------------------------------------------------------
H11L10_CORR = ("FILTER(). the calling number is whatever the far end writes into the From header, and SHELL() runs it. "
               "anything from the caller (CALLERID, SIP headers, DTMF) goes through FILTER(0-9+,...) before SHELL, "
               "System, Dial or a database lookup. our toll fraud in 2024 started exactly like this")

EXT = ("[ivr-support]\nexten => s,1,Answer()\n same => n,Background(custom/support-menu)\n same => n,WaitExten(6)\n\n"
       "exten => 1,1,Goto(queue-support,s,1)\nexten => 2,1,Goto(queue-billing,s,1)\n")
EXT_BAD = EXT + ("exten => 9,1,Set(AGENT=${SHELL(/usr/local/bin/ticket-agent ${CALLERID(num)})})\n"
                 " same => n,GotoIf($[\"${AGENT}\" = \"\"]?queue-support,s,1)\n same => n,Dial(PJSIP/${AGENT},30)\n")

@lesson("H11L10", "pbx-dialplan-input", "terse-fragment", ["FILTER()", "anything from the caller",
                                                           "before SHELL, System, Dial"], [
    fire_edit(f"{PBX}/asterisk/extensions.conf", "exten => 2,1,Goto(queue-billing,s,1)\n",
              "exten => 2,1,Goto(queue-billing,s,1)\nexten => 3,1,Read(ACCT,custom/enter-account,8)\n"
              " same => n,Set(ROW=${ODBC_ACCOUNT(${ACCT})})\n",
              note="keypad digits straight into an ODBC lookup; no shared words"),
    fire_edit(f"{PBX}/asterisk/extensions.conf", " same => n,Hangup()\n",
              " same => n,System(/usr/local/bin/log-callback ${CALLERID(num)} \"${CALLERID(name)}\")\n same => n,Hangup()\n",
              note="caller id into System()"),
    silent_edit(f"{PBX}/asterisk/extensions.conf", "exten => 9,1,NoOp(priority line)\n",
                "exten => 9,1,Set(CALLER=${FILTER(0-9+,${CALLERID(num)})})\n", note="compliant: filtered"),
    silent_edit(f"{PBX}/asterisk/extensions.conf", " same => n,Background(custom/support-menu)\n",
                " same => n,Background(custom/support-menu-2026)\n", note="prompt file change"),
])
def H11L10():
    s = Session("H11L10", PBX, branch="feat/ivr-ticket-routing", version="2.0.37", start="2025-11-06T14:20:00")
    s.prompt("IVR: when a caller presses 9 in the support menu, look up their open ticket by calling number "
             "(/usr/local/bin/ticket-agent prints the extension of the agent who has it) and ring that agent directly")
    s.read(f"{PBX}/asterisk/extensions.conf", EXT, offset=112, limit=7, total=260)
    s.edit(f"{PBX}/asterisk/extensions.conf", "exten => 2,1,Goto(queue-billing,s,1)\n",
           "exten => 2,1,Goto(queue-billing,s,1)\n"
           "exten => 9,1,Set(AGENT=${SHELL(/usr/local/bin/ticket-agent ${CALLERID(num)})})\n"
           " same => n,GotoIf($[\"${AGENT}\" = \"\"]?queue-support,s,1)\n same => n,Dial(PJSIP/${AGENT},30)\n", EXT)
    s.bash("./bin/lint-dialplan asterisk/extensions.conf", "Lint the dialplan", out="ok: 14 contexts, 122 extensions")
    s.say("Pressing 9 now runs `ticket-agent` with the calling number and dials the returned extension for 30 s; with no "
          "open ticket it falls back to the support queue. The lint passes.", end=True)
    s.prompt(H11L10_CORR, correction=True, think_secs=(15, 60))
    s.edit(f"{PBX}/asterisk/extensions.conf",
           "exten => 9,1,Set(AGENT=${SHELL(/usr/local/bin/ticket-agent ${CALLERID(num)})})\n",
           "exten => 9,1,Set(CALLER=${FILTER(0-9+,${CALLERID(num)})})\n"
           " same => n,Set(AGENT=${FILTER(0-9,${SHELL(/usr/local/bin/ticket-agent ${CALLER})})})\n", EXT_BAD)
    s.bash("./bin/lint-dialplan asterisk/extensions.conf && grep -n 'CALLERID\\|SHELL\\|System(' asterisk/extensions.conf",
           "Lint and look for other unfiltered uses",
           out="ok: 14 contexts, 122 extensions\n119:exten => 9,1,Set(CALLER=${FILTER(0-9+,${CALLERID(num)})})\n"
               "120: same => n,Set(AGENT=${FILTER(0-9,${SHELL(/usr/local/bin/ticket-agent ${CALLER})})})")
    s.say("The calling number goes through `FILTER(0-9+,...)` before it reaches `SHELL()`, and the script's answer goes "
          "through `FILTER(0-9,...)` before `Dial()`, so only digits get through either way. No other `CALLERID`, "
          "`SHELL` or `System()` uses in the file.", end=True)
    return s


# -----------------------------------------------------------------------------
H11L11_CORR = ("Thank you, it compiles and the tests are green. But one thing is not correct: the rating must never take "
               "the date of today. Always the effective date of the policy (policy.getEffectiveDate()), because renewals "
               "are quoted 30 to 45 days before they start and must get the table valid at that date. With "
               "LocalDate.now() a renewal starting 1 April which we quote in March gets the 2025 rates and the price in "
               "the letter is wrong. Please change it, and in the tests use fixed dates, not the clock.")

YDS = ("package se.nordlys.rating.factors;\n\npublic final class YoungDriverSurcharge implements RatingFactor {\n"
       "    private final RateTables tables;\n\n    public YoungDriverSurcharge(RateTables tables) {\n"
       "        this.tables = tables;\n    }\n\n    @Override\n    public BigDecimal apply(Policy policy, Driver driver) {\n"
       "        RateTable table = tables.get(\"young_driver_2025\");\n"
       "        return table.lookup(driver.ageAt(policy.getEffectiveDate()), driver.licenceYears());\n    }\n}\n")
YDS_BAD = YDS.replace("        RateTable table = tables.get(\"young_driver_2025\");\n",
                      "        RateTable table = LocalDate.now().isBefore(SWITCH_2026)\n"
                      "                ? tables.get(\"young_driver_2025\")\n                : tables.get(\"young_driver_2026\");\n")

@lesson("H11L11", "insurance-rating-dates", "polite-non-native", ["never take the date of today",
                                                                  "effective date of the policy", "getEffectiveDate()"], [
    fire_prompt("the flood-zone loading should switch to the new map from 1 May; just go by the server's current time to "
                "decide which map applies", note="asks to choose a table by the wall clock; no shared words"),
    fire_edit(f"{MOTOR}/src/main/java/se/nordlys/rating/factors/FloodZoneLoading.java",
              "        FloodMap map = maps.current();\n", "        FloodMap map = maps.validOn(LocalDate.now(clock));\n",
              note="picks the table by today's date"),
    silent_edit(f"{MOTOR}/src/main/java/se/nordlys/rating/factors/FloodZoneLoading.java",
                "        FloodMap map = maps.current();\n",
                "        FloodMap map = maps.validOn(policy.getEffectiveDate());\n", note="compliant"),
    silent_bash("./mvnw -q test -Dtest=FloodZoneLoadingTest", "Run the flood loading tests", note="tests"),
])
def H11L11():
    s = Session("H11L11", MOTOR, branch="feat/young-driver-2026", version="2.1.9", start="2026-02-19T13:40:00")
    s.prompt("add the young-driver surcharge table rates/young_driver_2026.csv to the rating. it's effective from "
             "2026-04-01, until then the 2025 table applies")
    path = f"{MOTOR}/src/main/java/se/nordlys/rating/factors/YoungDriverSurcharge.java"
    s.read(path, YDS)
    s.edit(path, "        RateTable table = tables.get(\"young_driver_2025\");\n",
           "        RateTable table = LocalDate.now().isBefore(SWITCH_2026)\n"
           "                ? tables.get(\"young_driver_2025\")\n                : tables.get(\"young_driver_2026\");\n", YDS)
    s.bash("./mvnw -q test -Dtest=YoungDriverSurchargeTest", "Run the surcharge tests", lo=20, hi=60,
           out="[INFO] Tests run: 7, Failures: 0, Errors: 0, Skipped: 0")
    s.say("`YoungDriverSurcharge` now uses `young_driver_2026` from 1 April 2026 and the 2025 table before that. The tests "
          "pass.", end=True)
    s.prompt(H11L11_CORR, correction=True, think_secs=(120, 600))
    s.edit(path, "        RateTable table = LocalDate.now().isBefore(SWITCH_2026)\n",
           "        RateTable table = policy.getEffectiveDate().isBefore(SWITCH_2026)\n", YDS_BAD)
    s.edit(f"{MOTOR}/src/test/java/se/nordlys/rating/factors/YoungDriverSurchargeTest.java",
           "    private final Policy policy = Policies.sample();\n",
           "    private final Policy before = Policies.sample().withEffectiveDate(LocalDate.of(2026, 3, 31));\n"
           "    private final Policy after = Policies.sample().withEffectiveDate(LocalDate.of(2026, 4, 1));\n",
           "class YoungDriverSurchargeTest {\n    private final Policy policy = Policies.sample();\n")
    s.bash("./mvnw -q test -Dtest=YoungDriverSurchargeTest", "Run the surcharge tests", lo=20, hi=60,
           out="[INFO] Tests run: 9, Failures: 0, Errors: 0, Skipped: 0")
    s.say("The table is now chosen by `policy.getEffectiveDate()`, so a renewal starting 1 April that is quoted in March "
          "gets the 2026 table. The tests use fixed effective dates (31 March and 1 April 2026) instead of the clock.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H11L12_CORR = ("the 40 pilot gateways pulled the 182 MB bundle over LTE overnight, that's about €2.9k extra on this "
               "month's carrier invoice. for next time: we never download a bundle over a metered link. check "
               "net::uplink().is_metered() and defer until the gateway is on Ethernet or Wi-Fi; only if the announce has "
               "critical: true may it fetch over LTE, and then the delta, not the full image")

FETCH_RS = ("use crate::update::Announce;\nuse tokio::io::AsyncWriteExt;\n\n"
            "pub async fn fetch_bundle(http: &reqwest::Client, ann: &Announce) -> anyhow::Result<std::path::PathBuf> {\n"
            "    let path = std::path::Path::new(\"/data/updates\").join(format!(\"bundle-{}.swu\", ann.version));\n"
            "    let mut resp = http.get(&ann.url).send().await?.error_for_status()?;\n"
            "    let mut file = tokio::fs::File::create(&path).await?;\n"
            "    while let Some(chunk) = resp.chunk().await? {\n        file.write_all(&chunk).await?;\n    }\n"
            "    verify_sha256(&path, &ann.sha256).await?;\n    Ok(path)\n}\n")

@lesson("H11L12", "gateway-update-links", "consequences-for-next-time", ["never download a bundle over a metered link",
                                                                          "is_metered()", "critical: true"], [
    fire_edit(f"{EDGE}/src/models/sync.rs",
              "pub async fn on_model_ready(msg: ModelReady, http: &Client) -> anyhow::Result<()> {\n    todo!()\n}\n",
              "pub async fn on_model_ready(msg: ModelReady, http: &Client) -> anyhow::Result<()> {\n"
              "    let bytes = http.get(&msg.url).send().await?.bytes().await?;\n"
              "    tokio::fs::write(MODEL_PATH, &bytes).await?;\n    Ok(())\n}\n",
              note="pulls a 60 MB model on any connection; no shared words"),
    fire_prompt("as soon as a new bundle is published, have the gateways pull it right away whatever connection they're on",
                note="asks for immediate downloads on any link"),
    silent_edit(f"{EDGE}/src/models/sync.rs",
                "pub async fn on_model_ready(msg: ModelReady, http: &Client) -> anyhow::Result<()> {\n    todo!()\n}\n",
                "pub async fn on_model_ready(msg: ModelReady, http: &Client) -> anyhow::Result<()> {\n"
                "    if net::uplink().is_metered() {\n        return defer_until_unmetered(msg).await;\n    }\n"
                "    fetch_model(http, &msg).await\n}\n", note="compliant"),
    silent_bash("cargo test -p edgebox update::", "Run the update tests", note="tests"),
])
def H11L12():
    s = Session("H11L12", EDGE, branch="feat/background-fetch", version="2.1.31", start="2026-03-02T16:30:00")
    s.prompt("when the update server announces a new firmware bundle (the bundle_announce MQTT message), fetch it in the "
             "background so it's on disk for the next maintenance window")
    s.read(f"{EDGE}/src/update/mod.rs",
           "pub mod announce;\npub mod install;\n\npub struct Announce {\n    pub version: semver::Version,\n"
           "    pub url: String,\n    pub delta_url: Option<String>,\n    pub sha256: String,\n    pub size: u64,\n"
           "    pub critical: bool,\n}\n")
    s.write(f"{EDGE}/src/update/fetch.rs", FETCH_RS)
    s.edit(f"{EDGE}/src/update/announce.rs", "    info!(version = %ann.version, \"bundle announced\");\n",
           "    info!(version = %ann.version, \"bundle announced\");\n"
           "    tokio::spawn(async move { if let Err(e) = fetch_bundle(&http, &ann).await { warn!(%e, \"fetch failed\") } });\n",
           "pub async fn handle(ann: Announce, http: reqwest::Client) {\n"
           "    info!(version = %ann.version, \"bundle announced\");\n}\n")
    s.bash("cargo test -p edgebox update:: 2>&1 | tail -2", "Run the update tests", lo=20, hi=70,
           out="test result: ok. 11 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.42s")
    s.bash("git commit -qam \"Fetch announced bundles in the background\" && fleetctl deploy edgebox --ring pilot",
           "Deploy to the pilot ring", out="deployed edgebox 0.19.0 to ring pilot (40 gateways)")
    s.say("Announced bundles are now fetched in the background into `/data/updates` and checked against their sha256. "
          "Deployed 0.19.0 to the 40 pilot gateways.", end=True)
    s.prompt(H11L12_CORR, correction=True, think_secs=(20000, 40000))
    s.edit(f"{EDGE}/src/update/fetch.rs",
           "    let mut resp = http.get(&ann.url).send().await?.error_for_status()?;\n",
           "    let metered = net::uplink().is_metered();\n    if metered && !ann.critical {\n"
           "        return Err(FetchError::Deferred.into());\n    }\n"
           "    let url = if metered { ann.delta_url.as_deref().ok_or(FetchError::NoDelta)? } else { &ann.url };\n"
           "    let mut resp = http.get(url).send().await?.error_for_status()?;\n", FETCH_RS)
    s.bash("cargo test -p edgebox update:: 2>&1 | tail -2", "Run the update tests", lo=20, hi=70,
           out="test result: ok. 14 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.47s")
    s.say("Sorry about the invoice. The fetch now checks `net::uplink().is_metered()`: on LTE it defers (the announce "
          "handler retries when the uplink changes to Ethernet or Wi-Fi), and only a `critical: true` announce is fetched "
          "over LTE, using the delta. Three new tests cover the metered, critical and unmetered cases. Not deployed yet.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H11L13_CORR = ("hmm, it runs, but -resume can't see that file, and two runs on different nodes write into the same "
               "folder. processes never write outside their work dir: declare the table as an output and let publishDir "
               "copy it (mode: 'copy') under params.outdir. the lab's folder is just what outdir points to in the cluster "
               "profile")

CHIM_BAD = ("process REMOVE_CHIMERAS {\n    tag \"${params.run}\"\n    label 'process_medium'\n\n    input:\n    path(seqtab)\n\n"
            "    script:\n    \"\"\"\n    remove_chimeras.R ${seqtab} asv_table.tsv\n    mkdir -p /data/results/${params.run}\n"
            "    cp asv_table.tsv /data/results/${params.run}/\n    \"\"\"\n}\n")
CHIM_OK = ("process REMOVE_CHIMERAS {\n    tag \"${params.run}\"\n    label 'process_medium'\n"
           "    publishDir \"${params.outdir}/${params.run}\", mode: 'copy'\n\n    input:\n    path(seqtab)\n\n"
           "    output:\n    path('asv_table.tsv'), emit: asv\n\n    script:\n    \"\"\"\n"
           "    remove_chimeras.R ${seqtab} asv_table.tsv\n    \"\"\"\n}\n")

@lesson("H11L13", "nextflow-outputs", "hmm-it-works-but", ["never write outside their work dir",
                                                           "let publishDir copy it", "params.outdir"], [
    fire_edit(f"{AMP}/modules/taxonomy.nf", "    assign_taxonomy.R ${asv} silva_nr99_v138.fa taxonomy.tsv\n",
              "    assign_taxonomy.R ${asv} silva_nr99_v138.fa taxonomy.tsv\n"
              "    mkdir -p /scratch/shared/taxa && mv taxonomy.tsv /scratch/shared/taxa/\n",
              note="moves a result to a fixed path from inside the script; no shared words"),
    fire_prompt("make the QC step drop its fastp html reports straight into /data/reports so the bench scientists can "
                "look at them", note="asks for a hard-coded destination"),
    silent_edit(f"{AMP}/modules/taxonomy.nf", "    label 'process_medium'\n",
                "    label 'process_medium'\n    publishDir \"${params.outdir}/taxonomy\", mode: 'copy'\n",
                note="compliant"),
    silent_bash("nextflow run main.nf -profile test -resume", "Run the test profile", note="run"),
])
def H11L13():
    s = Session("H11L13", AMP, branch="feat/chimera-removal", version="2.0.76", start="2025-12-04T09:30:00")
    s.prompt("add chimera removal after DADA2 denoising (bin/remove_chimeras.R takes seqtab.rds and writes asv_table.tsv) "
             "and put the ASV table in /data/results/<run>/ where the lab picks things up")
    s.read(f"{AMP}/modules/dada2.nf",
           "process DADA2_DENOISE {\n    tag \"${params.run}\"\n    label 'process_high'\n"
           "    publishDir \"${params.outdir}/dada2\", mode: 'copy', pattern: '*.pdf'\n\n    input:\n    path(reads)\n\n"
           "    output:\n    path('seqtab.rds'), emit: seqtab\n    path('*.pdf')\n\n    script:\n    \"\"\"\n"
           "    denoise.R --threads ${task.cpus} ${reads}\n    \"\"\"\n}\n")
    s.write(f"{AMP}/modules/chimeras.nf", CHIM_BAD)
    wf = "workflow {\n    reads = Channel.fromPath(params.reads)\n    DADA2_DENOISE(reads.collect())\n}\n"
    s.edit(f"{AMP}/main.nf", "    DADA2_DENOISE(reads.collect())\n",
           "    DADA2_DENOISE(reads.collect())\n    REMOVE_CHIMERAS(DADA2_DENOISE.out.seqtab)\n", wf)
    s.bash("nextflow run main.nf -profile test -resume 2>&1 | tail -4", "Run the test profile", lo=40, hi=120,
           out="[3f/a1c2e9] DADA2_DENOISE (test-run)   [100%] 1 of 1, cached: 1 ✔\n"
               "[8b/02d4f1] REMOVE_CHIMERAS (test-run) [100%] 1 of 1 ✔\nCompleted at: 04-Dec-2025 09:41:12\n"
               "Duration    : 1m 52s")
    s.say("`REMOVE_CHIMERAS` runs after denoising and copies `asv_table.tsv` to `/data/results/<run>/`. The test profile "
          "passes.", end=True)
    s.prompt(H11L13_CORR, correction=True, think_secs=(60, 300))
    s.write(f"{AMP}/modules/chimeras.nf", CHIM_OK, original=CHIM_BAD)
    s.bash("nextflow run main.nf -profile test -resume 2>&1 | tail -3 && ls results/test-run/", "Run again",
           lo=40, hi=120, out="[c4/77be10] REMOVE_CHIMERAS (test-run) [100%] 1 of 1 ✔\nCompleted at: 04-Dec-2025 "
           "09:52:40\nDuration    : 58.3s\nasv_table.tsv")
    s.say("The table is a declared output (`emit: asv`) now, and `publishDir \"${params.outdir}/${params.run}\"` with "
          "`mode: 'copy'` puts it where outdir points; the script no longer writes anywhere outside its work dir.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H11L14_CORR = ("I fixed the offerId column in IdealoWriter myself before tonight's run: it's the variant SKU, never the "
               "database id. our ids change whenever the catalogue is re-imported from the PIM, and then idealo (and "
               "Google) treat every offer as new and the click history and ratings are gone. offer ids = "
               "$variant->getSku(), everywhere")

GOOGLE_ROW = ("    private function row(ProductVariant $variant): array\n    {\n        return [\n"
              "            'id' => $variant->getSku(),\n            'title' => $variant->getProduct()->getName(),\n"
              "            'price' => $this->money->format($variant->getPriceGross(), 'EUR'),\n"
              "            'availability' => $variant->isSellable() ? 'in_stock' : 'out_of_stock',\n"
              "            'gtin' => $variant->getEan(),\n        ];\n    }\n")
META_ROW = ("    private function row(ProductVariant $variant): array\n    {\n        return [\n"
            "            'id' => (string) $variant->getId(),\n            'title' => $variant->getProduct()->getName(),\n")

@lesson("H11L14", "shopping-feed-ids", "repair-already-done", ["variant SKU, never the database id",
                                                               "re-imported from the PIM", "getSku()"], [
    fire_prompt("for the TikTok Shop export we are adding, just key each row by the primary key from the products table",
                note="asks for database keys as ids; no shared words"),
    fire_edit(f"{FEED}/src/Feed/PinterestWriter.php", "            'item_id' => '',\n",
              "            'item_id' => (string) $row['entity_id'],\n", note="internal row id as the item id"),
    silent_edit(f"{FEED}/src/Feed/GoogleShoppingWriter.php",
                "            'availability' => $variant->isSellable() ? 'in_stock' : 'out_of_stock',\n",
                "            'availability' => $variant->isSellable() ? 'in_stock' : ($variant->isBackorderable() ? "
                "'backorder' : 'out_of_stock'),\n", note="another field"),
    silent_bash("bin/console feed:generate idealo --limit 50 --dry-run", "Generate a sample", note="sample run"),
])
def H11L14():
    s = Session("H11L14", FEED, branch="feat/idealo", version="2.0.14", start="2025-09-30T10:20:00")
    s.prompt("add idealo as a feed target, same fields as the Google Shopping one (src/Feed/GoogleShoppingWriter.php). "
             "idealo wants sku and offerId columns as well")
    s.read(f"{FEED}/src/Feed/GoogleShoppingWriter.php", GOOGLE_ROW, offset=41, limit=12, total=96)
    s.write(f"{FEED}/src/Feed/IdealoWriter.php",
            "<?php\n\nnamespace App\\Feed;\n\nfinal class IdealoWriter extends CsvFeedWriter\n{\n"
            "    protected function row(ProductVariant $variant): array\n    {\n        return [\n"
            "            'offerId' => (string) $variant->getId(),\n            'sku' => $variant->getSku(),\n"
            "            'title' => $variant->getProduct()->getName(),\n"
            "            'price' => $this->money->format($variant->getPriceGross(), 'EUR'),\n"
            "            'delivery' => $variant->isSellable() ? '1-3 Werktage' : 'nicht lieferbar',\n"
            "            'ean' => $variant->getEan(),\n        ];\n    }\n}\n")
    s.bash("bin/console feed:generate idealo --limit 3 --stdout", "Sample output",
           out="offerId;sku;title;price;delivery;ean\n88213;TR-JKT-M-BLU;Trail Jacket;129,90 EUR;1-3 Werktage;4006381333931\n"
               "88214;TR-JKT-L-BLU;Trail Jacket;129,90 EUR;1-3 Werktage;4006381333948")
    s.say("Added `IdealoWriter` with offerId, sku, title, price, delivery and ean; the sample looks right and it will go "
          "out with tonight's feed run.", end=True)
    s.prompt(H11L14_CORR, correction=True, think_secs=(600, 2400))
    s.grep("getId\\(\\)", path=f"{FEED}/src/Feed", mode="content",
           lines=[f"{FEED}/src/Feed/MetaCatalogWriter.php:34:            'id' => (string) $variant->getId(),"])
    s.edit(f"{FEED}/src/Feed/MetaCatalogWriter.php", "            'id' => (string) $variant->getId(),\n",
           "            'id' => $variant->getSku(),\n", META_ROW)
    s.bash("vendor/bin/phpunit tests/Feed -q 2>&1 | tail -1", "Run the feed tests", out="OK (24 tests, 61 assertions)")
    s.say("Thanks for catching it. The Meta catalogue writer had the same problem (`getId()` as the id); it uses "
          "`$variant->getSku()` now too, so no writer in `src/Feed` uses the database id any more. Tests pass.", end=True)
    return s


# -----------------------------------------------------------------------------
H11L15_CORR = ("doesnt work in slack, it shows 'operation_timeout' every time (the jira ticket still gets made). ack() has "
               "to be teh first thing, slack gives you 3 secs. ack straight away (with a short 'on it…' text if u want), "
               "do the jira + channel stuff after and report back with respond(). same for every command, action and "
               "view handler")

INCIDENT_TS = ("import type { App } from \"@slack/bolt\";\nimport { jira } from \"../jira\";\n\n"
               "export function registerIncident(app: App) {\n"
               "  app.command(\"/incident\", async ({ command, ack, client }) => {\n"
               "    const issue = await jira.createIssue({ project: \"INC\", summary: command.text || \"Untitled incident\", "
               "issuetype: \"Incident\" });\n"
               "    const created = await client.conversations.create({ name: `inc-${issue.key.toLowerCase()}` });\n"
               "    const channel = created.channel!.id!;\n"
               "    await client.conversations.invite({ channel, users: command.user_id });\n"
               "    await client.chat.postMessage({ channel, text: `Incident ${issue.key}: ${issue.url}` });\n"
               "    await ack();\n  });\n}\n")

@lesson("H11L15", "slack-bot-handlers", "hurried-typos", ["ack() has to be teh first thing", "slack gives you 3 secs",
                                                          "ack straight away"], [
    fire_prompt("when someone runs /oncall, query PagerDuty for the schedule and fetch the runbook links, and only then "
                "confirm receipt of the request", note="asks to confirm after the slow work; no shared words"),
    fire_write(f"{BOT}/src/actions/approveDeploy.ts",
               "import type { App, BlockAction } from \"@slack/bolt\";\nimport { deployer } from \"../deployer\";\n\n"
               "export function registerApproveDeploy(app: App) {\n"
               "  app.action(\"approve_deploy\", async ({ body, ack, client }) => {\n"
               "    const release = await deployer.promote((body as BlockAction).actions[0].value);\n"
               "    await client.chat.postMessage({ channel: body.channel!.id, text: `Promoted ${release.tag}` });\n"
               "    await ack();\n  });\n}\n", note="new action handler that acknowledges after the deploy"),
    silent_edit(f"{BOT}/src/views/feedback.ts", "  app.view(\"feedback_submit\", async ({ ack, view }) => {\n",
                "  app.view(\"feedback_submit\", async ({ ack, view }) => {\n    await ack();\n", note="compliant"),
    silent_bash("npm test -- commands", "Run the command tests", note="tests"),
])
def H11L15():
    s = Session("H11L15", BOT, branch="feat/incident-command", version="2.1.7", start="2026-01-14T15:10:00")
    s.prompt("add a /incident slash command: it creates a Jira incident, a #inc-<key> channel, invites whoever ran it and "
             "posts the ticket link there")
    s.read(f"{BOT}/src/commands/index.ts",
           "import type { App } from \"@slack/bolt\";\nimport { registerDeploy } from \"./deploy\";\n\n"
           "export function registerCommands(app: App) {\n  registerDeploy(app);\n}\n")
    s.write(f"{BOT}/src/commands/incident.ts", INCIDENT_TS)
    s.edit(f"{BOT}/src/commands/index.ts", "  registerDeploy(app);\n", "  registerDeploy(app);\n  registerIncident(app);\n",
           "import type { App } from \"@slack/bolt\";\nimport { registerDeploy } from \"./deploy\";\n\n"
           "export function registerCommands(app: App) {\n  registerDeploy(app);\n}\n")
    s.bash("npm test -- incident 2>&1 | tail -3", "Run the incident tests",
           out=" ✓ src/commands/incident.test.ts (2 tests) 14ms\n\n Tests  2 passed (2)")
    s.say("Added `/incident`: it creates the Jira incident, a `#inc-<key>` channel, invites the caller and posts the link. "
          "The tests pass (Jira and Slack mocked).", end=True)
    s.prompt(H11L15_CORR, correction=True, think_secs=(200, 900))
    inc2 = s.edit(f"{BOT}/src/commands/incident.ts",
           "  app.command(\"/incident\", async ({ command, ack, client }) => {\n",
           "  app.command(\"/incident\", async ({ command, ack, client, respond }) => {\n"
           "    await ack({ response_type: \"ephemeral\", text: \"On it, creating the incident…\" });\n", INCIDENT_TS)
    s.bash("grep -rn \"await ack\" src/ | head", "Where else ack comes late",
           out="src/commands/incident.ts:6:    await ack({ response_type: \"ephemeral\", text: \"On it, creating the "
               "incident…\" });\nsrc/commands/incident.ts:13:    await ack();\nsrc/commands/deploy.ts:5:    await ack();")
    s.edit(f"{BOT}/src/commands/incident.ts",
           "    await client.chat.postMessage({ channel, text: `Incident ${issue.key}: ${issue.url}` });\n    await ack();\n",
           "    await client.chat.postMessage({ channel, text: `Incident ${issue.key}: ${issue.url}` });\n"
           "    await respond({ response_type: \"ephemeral\", text: `Created ${issue.key} and <#${channel}>` });\n", inc2)
    s.bash("npm test -- incident 2>&1 | tail -3", "Run the incident tests",
           out=" ✓ src/commands/incident.test.ts (3 tests) 15ms\n\n Tests  3 passed (3)")
    s.say("`/incident` acks first now with an ephemeral \"On it…\", then creates the ticket and the channel and reports "
          "back with `respond()`; the late `ack()` is gone. `deploy.ts` already acked first, so no other handler needed "
          "a change.", end=True)
    return s


# -----------------------------------------------------------------------------
H11L16_CORR = ("hold on, is reslib.claims_paid now different from what it was this morning? that's the dataset the Q4 "
               "reserves were signed off on, the auditors re-run last quarter from it. the permanent library is never "
               "written over: build the new version in work, save it as reslib.claims_paid_2026q1 and switch the control "
               "table to it. can you get the old one back from last night's snapshot?")

LATE_BAD = ("proc import datafile=\"data/late_bi_2026q1.csv\" out=work.late_bi dbms=csv replace;\nrun;\n\n"
            "data reslib.claims_paid;\n  set reslib.claims_paid work.late_bi;\nrun;\n")

@lesson("H11L16", "sas-reserving-datasets", "question-after-the-fact", ["the permanent library is never written over",
                                                                        "claims_paid_2026q1",
                                                                        "build the new version in work"], [
    fire_prompt("patch the wrong cause codes straight in the approved incurred data on the server, quick fix",
                note="asks to change signed-off data in place; no shared words"),
    fire_write(f"{RES}/programs/04_reopened.sas",
               "proc import datafile=\"data/reopened_2026q1.csv\" out=work.reopened dbms=csv replace;\nrun;\n\n"
               "data reslib.claims_incurred;\n  set reslib.claims_incurred work.reopened;\nrun;\n",
               note="new program that rewrites a permanent dataset in place"),
    silent_edit(f"{RES}/programs/03_exposure.sas", "data work.exposure;\n  set reslib.exposure;\n",
                "data work.exposure;\n  set reslib.exposure;\n  where policy_year >= 2018;\n", note="work dataset"),
    silent_bash("sas programs/05_triangles.sas -log logs/05_triangles.log", "Build the triangles", note="run"),
])
def H11L16():
    s = Session("H11L16", RES, branch="main", version="2.0.37", start="2026-04-07T08:50:00")
    s.prompt("the 37 late-reported bodily injury claims that came in after the Q1 cut-off (data/late_bi_2026q1.csv) need "
             "to be in the paid triangle. add them to reslib.claims_paid")
    s.read(f"{RES}/programs/02_claims_paid.sas",
           "libname reslib \"/sasdata/reslib\";\n\ndata work.claims_paid;\n  set reslib.claims_paid;\n"
           "  where valuation_date <= &valdate.;\nrun;\n")
    s.write(f"{RES}/programs/02b_late_bi.sas", LATE_BAD)
    s.bash("sas programs/02b_late_bi.sas -log logs/02b_late_bi.log && grep -E 'NOTE: The data set|ERROR' "
           "logs/02b_late_bi.log", "Run it and check the log", lo=20, hi=60,
           out="NOTE: The data set WORK.LATE_BI has 37 observations and 14 variables.\n"
               "NOTE: The data set RESLIB.CLAIMS_PAID has 412318 observations and 14 variables.")
    s.say("Appended the 37 late bodily injury claims to `reslib.claims_paid` (now 412,318 rows); the triangle program "
          "picks them up on its next run.", end=True)
    s.prompt(H11L16_CORR, correction=True, think_secs=(60, 300))
    s.bash("ls -l /sasdata/snapshots/2026-04-06/reslib/claims_paid.sas7bdat && cp -p "
           "/sasdata/snapshots/2026-04-06/reslib/claims_paid.sas7bdat /sasdata/reslib/claims_paid.sas7bdat",
           "Restore claims_paid from last night's snapshot",
           out="-rw-r----- 1 sasprod actuarial 318767104 Apr  6 23:10 "
               "/sasdata/snapshots/2026-04-06/reslib/claims_paid.sas7bdat")
    s.write(f"{RES}/programs/02b_late_bi.sas",
            "proc import datafile=\"data/late_bi_2026q1.csv\" out=work.late_bi dbms=csv replace;\nrun;\n\n"
            "data work.claims_paid_2026q1;\n  set reslib.claims_paid work.late_bi;\nrun;\n\n"
            "data reslib.claims_paid_2026q1;\n  set work.claims_paid_2026q1;\nrun;\n", original=LATE_BAD)
    s.bash("sas programs/02b_late_bi.sas -log logs/02b_late_bi.log && grep -E 'NOTE: The data set RESLIB|ERROR' "
           "logs/02b_late_bi.log", "Run it again", lo=20, hi=60,
           out="NOTE: The data set RESLIB.CLAIMS_PAID_2026Q1 has 412318 observations and 14 variables.")
    s.say("`reslib.claims_paid` is back to last night's snapshot (412,281 rows, as the Q4 sign-off had it). The new "
          "version is built in work and saved as `reslib.claims_paid_2026q1` (412,318 rows). I haven't switched the "
          "control table yet; it's `control/datasets.csv`, shall I point `claims_paid` at the new one?", end=True)
    return s
