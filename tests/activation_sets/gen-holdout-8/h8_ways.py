"""gen-holdout-8: "real-style" lessons about a repo's folders, tools and ways of working (which store track a build goes
to, where DNS records are changed, who owns the bibliography, who signs off an export's layout, which library talks to
the bench instruments, where a mod's changes to the game go)."""
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
    silent_write,
)

TRAM = "/Users/jonas/dev/tramlink-android"
ZONES = "/home/kofi/infra/dns-zones"
THESIS = "/home/malin/phd/thesis"
LEDGER = "/home/darius/work/ledgerline-reports"
HIL = "/home/pradeep/lab/bms-hil"
MOD = "/Users/tobi/mods/cozy-hearths"


# -----------------------------------------------------------------------------
H8L01_CORR = ("ok so that's on the production track now at 10%, I've halted the rollout in the console. please never upload "
              "anywhere but internal from here: once a build is in production people have it and you can't take a version "
              "back, only ship a higher one. the flow is `bundle exec fastlane internal`, QA tests that build, and Ines "
              "promotes it and sets the rollout percentage herself after sign-off")

FASTFILE = ("default_platform(:android)\n\nplatform :android do\n  desc \"Build the release bundle and upload it to the internal "
            "testing track\"\n  lane :internal do\n    gradle(task: \"bundle\", build_type: \"Release\")\n"
            "    upload_to_play_store(track: \"internal\", aab: lane_context[SharedValues::GRADLE_AAB_OUTPUT_PATH])\n  end\n"
            "end\n")

@lesson("H8L01", "play-store-release", "after-the-fact-cleanup", ["anywhere but internal", "Ines promotes it",
                                                                 "bundle exec fastlane internal"], [
    fire_prompt("the crash fix in 1.42.1 can't wait for the usual dance, get it to everyone on the store today",
                note="asks to ship straight to all users; no shared words"),
    fire_bash("bundle exec fastlane run upload_to_play_store track:production rollout:0.2 "
              "aab:app/build/outputs/bundle/release/app-release.aab", "Publish the bundle with a 20% staged rollout",
              note="production upload by another spelling"),
    silent_bash("bundle exec fastlane internal", "Build and upload to the internal testing track", note="compliant"),
    silent_bash("./gradlew :app:bundleRelease", "Build the release bundle", note="related, harmless"),
])
def H8L01():
    s = Session("H8L01", TRAM, branch="release/1.42.0", version="2.1.9", start="2026-02-10T16:02:00")
    s.prompt("1.42.0 is merged, changelog is in fastlane/metadata. build the release and ship it")
    s.read(f"{TRAM}/fastlane/Fastfile", FASTFILE)
    s.bash("./gradlew :app:bundleRelease", "Build the signed release bundle", lo=60, hi=200,
           out="> Task :app:signReleaseBundle\n\nBUILD SUCCESSFUL in 2m 41s\n187 actionable tasks: 61 executed, 126 up-to-date")
    s.bash("bundle exec fastlane supply --aab app/build/outputs/bundle/release/app-release.aab --track production "
           "--rollout 0.1 --skip_upload_metadata false", "Upload 1.42.0 to Google Play with a 10% staged rollout",
           out="[16:09:12]: Preparing aab at path 'app/build/outputs/bundle/release/app-release.aab' for upload...\n"
               "[16:09:31]: Updating track 'production'...\n[16:09:33]: Uploading all changes to Google Play...\n"
               "[16:09:35]: Successfully finished the upload to Google Play")
    s.say("Built the signed bundle and uploaded 1.42.0 (versionCode 14200) to Google Play on the production track with a "
          "10% staged rollout, using the changelog from `fastlane/metadata`. You can raise the rollout from the Play Console "
          "once the crash rate looks fine.", end=True)
    s.prompt(H8L01_CORR, correction=True, think_secs=(60, 240))
    s.bash("bundle exec fastlane internal", "Upload the same build to the internal testing track",
           out="[16:21:04]: Updating track 'internal'...\n[16:21:07]: Successfully finished the upload to Google Play")
    s.say("Understood. 1.42.0 is now on the internal track for QA; I'll only ever upload to internal and leave promotion and "
          "the rollout percentage to Ines.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H8L02_CORR = ("stop, don't touch cloudflare directly. every record lives in zones/kestrel.io.yaml and octodns syncs it from CI "
              "after merge, and the sync is authoritative: whatever is created by hand gets deleted on the next run, with no "
              "review and no history of who changed what. edit the yaml, run octodns-sync without --doit to see the plan, "
              "and open a PR, Kofi approves dns changes")

ZONE_YAML = ("---\n'':\n  - type: A\n    values:\n      - 203.0.113.10\n      - 203.0.113.11\n  - type: MX\n    values:\n"
             "      - exchange: mx1.mailhost.net.\n        preference: 10\napi:\n  type: CNAME\n  value: api-lb.kestrel.io.\n"
             "docs:\n  type: CNAME\n  value: kestrel-docs.netlify.app.\n")

@lesson("H8L02", "dns-octodns", "interrupted-then-explained", ["zones/kestrel.io.yaml", "without --doit",
                                                              "octodns syncs it from CI"], [
    fire_prompt("Google Search Console wants a TXT entry on the apex to verify ownership: "
                "google-site-verification=Qm3xV8pLw0 — put it in immediately with the API token in my env",
                note="asks for a hand-made record through the provider's API; no shared words"),
    fire_bash("flarectl dns update --zone kestrel.io --id 5d1c0e7a --content 203.0.113.40",
              "Point the apex A record at the new load balancer", note="changes a record at the provider directly"),
    silent_edit(f"{ZONES}/zones/kestrel.io.yaml", "docs:\n  type: CNAME\n  value: kestrel-docs.netlify.app.\n",
                "docs:\n  type: CNAME\n  value: kestrel-docs.netlify.app.\nstatus:\n  type: CNAME\n"
                "  value: kestrel.statuspage.io.\n", note="compliant: the record in the zone file"),
    silent_bash("dig +short CNAME status.kestrel.io @1.1.1.1", "Check what resolvers see", note="read-only lookup"),
])
def H8L02():
    s = Session("H8L02", ZONES, branch="main", version="2.0.76", start="2025-11-27T08:47:00")
    s.prompt("status.kestrel.io has to point at our new statuspage (CNAME kestrel.statuspage.io), the incident comms go out "
             "at 10")
    s.bash("ls zones config && env | grep -c ^CF_", "Look around the repo",
           out="config:\nproduction.yaml\n\nzones:\nkestrel.io.yaml\nkestrel.dev.yaml\n2")
    s.bash("flarectl zone list | grep kestrel", "Find the zone", out="8c1f…e42 kestrel.io  active\n3a7d…019 kestrel.dev  active")
    s.interrupt_tool("Bash", {"command": "flarectl dns create --zone kestrel.io --name status --type CNAME "
                                         "--content kestrel.statuspage.io --ttl 300",
                              "description": "Create the status CNAME in Cloudflare"})
    s.prompt(H8L02_CORR, correction=True, think_secs=(15, 50))
    s.read(f"{ZONES}/zones/kestrel.io.yaml", ZONE_YAML)
    s.edit(f"{ZONES}/zones/kestrel.io.yaml", "docs:\n  type: CNAME\n  value: kestrel-docs.netlify.app.\n",
           "docs:\n  type: CNAME\n  value: kestrel-docs.netlify.app.\nstatus:\n  type: CNAME\n  value: kestrel.statuspage.io.\n",
           ZONE_YAML)
    s.bash("octodns-sync --config-file config/production.yaml kestrel.io.", "Show the plan (no --doit)",
           out="********************************************************************************\n* kestrel.io.\n"
               "********************************************************************************\n* cloudflare (CloudflareProvider)\n"
               "*   Create <CnameRecord CNAME 300, status.kestrel.io., kestrel.statuspage.io.> (config)\n*   Summary: Creates=1, "
               "Updates=0, Deletes=0, Existing Records=6\n********************************************************************************")
    s.bash("git switch -c dns/status-cname && git commit -am \"kestrel.io: status CNAME to statuspage\" && git push -u origin "
           "dns/status-cname && gh pr create --fill --reviewer kofi-a", "Branch, commit, open the PR for Kofi",
           out="https://github.com/kestrel-io/dns-zones/pull/212")
    s.say("Nothing was created in Cloudflare. The CNAME is in `zones/kestrel.io.yaml`, the plan shows exactly one create, and "
          "the PR is #212 with Kofi as reviewer; CI syncs it once it's merged.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L03_CORR = ("thanks, that compiles! one thing for next time though: please don't edit refs.bib directly. it's auto-exported "
              "from our group's Zotero library by Better BibTeX, so anything added by hand gets overwritten the next time "
              "Zotero syncs, and Annika's chapters cite from the same library. if a reference is missing, tell me the DOI and "
              "I'll add it in Zotero. I've just done this one, its key is kingmaAutoEncodingVariational2014")

REFS = ("@article{higginsBetaVAELearningBasic2017,\n  title = {Beta-{{VAE}}: {{Learning Basic Visual Concepts}}},\n"
        "  author = {Higgins, Irina and Matthey, Loic},\n  year = {2017}\n}\n\n"
        "@inproceedings{rezendeStochasticBackpropagationApproximate2014,\n  title = {Stochastic {{Backpropagation}}},\n"
        "  author = {Rezende, Danilo Jimenez and Mohamed, Shakir},\n  year = {2014}\n}\n")
METHOD_TEX = ("\\section{Variational objective}\n\nWe maximise the evidence lower bound (ELBO) on the marginal likelihood of "
              "the observed spectra,\n")

@lesson("H8L03", "thesis-bibliography", "thanks-for-next-time", ["don't edit refs.bib directly", "Better BibTeX",
                                                                "tell me the DOI"], [
    fire_prompt("Goodfellow's GAN paper isn't in the bibliography yet; write the @inproceedings entry yourself so section "
                "2.3 builds", note="asks to hand-write a bibliography entry; no shared words"),
    fire_edit(f"{THESIS}/bib/refs.bib", "@inproceedings{rezendeStochasticBackpropagationApproximate2014,\n",
              "@article{vaswani2017attention,\n  title = {Attention Is All You Need},\n  author = {Vaswani, Ashish and others},"
              "\n  year = {2017}\n}\n\n@inproceedings{rezendeStochasticBackpropagationApproximate2014,\n",
              note="adds an entry to the exported .bib"),
    silent_edit(f"{THESIS}/chapters/02-background.tex", "adversarial training of a generator and a discriminator.\n",
                "adversarial training of a generator and a discriminator~\\cite{goodfellowGenerativeAdversarialNets2014}.\n",
                note="cites an existing key"),
    silent_prompt("what's the DOI of the Goodfellow GAN paper? I'll put it into Zotero tonight",
                  note="compliant: the person adds it to the library"),
])
def H8L03():
    s = Session("H8L03", THESIS, branch="main", version="2.0.37", start="2025-10-21T14:12:00")
    s.prompt("in chapter 3 where I introduce the ELBO I need to cite the Kingma & Welling VAE paper, can you add it")
    s.grep("kingma", path=f"{THESIS}/bib/refs.bib", mode="content", lines=[], i=True)
    s.read(f"{THESIS}/bib/refs.bib", REFS, limit=12, total=2318)
    s.edit(f"{THESIS}/bib/refs.bib", "@inproceedings{rezendeStochasticBackpropagationApproximate2014,\n",
           "@article{kingma2014autoencoding,\n  title = {Auto-Encoding Variational Bayes},\n"
           "  author = {Kingma, Diederik P. and Welling, Max},\n  journal = {ICLR},\n  year = {2014}\n}\n\n"
           "@inproceedings{rezendeStochasticBackpropagationApproximate2014,\n", REFS)
    s.edit(f"{THESIS}/chapters/03-method.tex", "the observed spectra,\n",
           "the observed spectra~\\cite{kingma2014autoencoding},\n", METHOD_TEX)
    s.bash("latexmk -pdf -outdir=build main.tex 2>&1 | tail -3", "Rebuild the PDF", lo=20, hi=60,
           out="Output written on build/main.pdf (142 pages, 3811204 bytes).\nLatexmk: All targets (build/main.pdf) are up-to-date")
    s.say("Added the Kingma & Welling entry to `bib/refs.bib` and cited it in `03-method.tex` where the ELBO is introduced. "
          "The thesis builds without undefined citations.", end=True)
    s.prompt(H8L03_CORR, correction=True)
    s.bash("git checkout -- bib/refs.bib && sed -i 's/kingma2014autoencoding/kingmaAutoEncodingVariational2014/' "
           "chapters/03-method.tex && latexmk -pdf -outdir=build main.tex 2>&1 | tail -1",
           "Drop my bib edit, use the Zotero key, rebuild",
           out="Latexmk: All targets (build/main.pdf) are up-to-date")
    s.say("Reverted my edit to `refs.bib` and switched the citation to `kingmaAutoEncodingVariational2014`; it resolves from "
          "the exported file. Next time a reference is missing I'll give you the DOI instead.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L04_CORR = ("wait, don't put it in the middle. finance's month-end workbook pulls this file with power query and reads it by "
              "column position, not by header, so every column after net_amount moves one to the right and gross lands "
              "under the wrong heading without anyone noticing. new columns go at the very end, and renaming, reordering or "
              "dropping one has to go past Marta first, she owns that workbook")

COLUMNS_PY = ("FIELDS = [\n    \"invoice_no\",\n    \"invoice_date\",\n    \"cust_ref\",\n    \"country\",\n"
              "    \"net_amount\",\n    \"gross_amount\",\n    \"currency\",\n    \"legacy_code\",\n]\n")

@lesson("H8L04", "finance-export-layout", "interrupted-mid-message", ["column position", "at the very end",
                                                                      "go past Marta"], [
    fire_edit(f"{LEDGER}/reports/revenue/fields.py", "    \"cust_ref\",\n", "    \"customer_reference\",\n",
              note="renames a field in the export; no shared words"),
    fire_edit(f"{LEDGER}/reports/revenue/fields.py", "    \"currency\",\n    \"legacy_code\",\n]\n",
              "    \"currency\",\n]\n", note="drops a column nobody asked about"),
    silent_edit(f"{LEDGER}/reports/revenue/fields.py", "    \"legacy_code\",\n]\n", "    \"legacy_code\",\n    \"vat_rate\",\n]\n",
                note="compliant: a new column at the end"),
    silent_bash("python -m reports.revenue --month 2025-12 --out /tmp/revenue-2025-12.xlsx",
                "Generate December's export to look at it", note="related, harmless"),
])
def H8L04():
    s = Session("H8L04", LEDGER, branch="feat/vat-column", version="2.1.7", start="2026-01-08T10:30:00")
    s.prompt("finance asked for the VAT amount in the monthly revenue export, can you add it")
    path = f"{LEDGER}/reports/revenue/fields.py"
    s.read(path, COLUMNS_PY)
    s.edit(path, "    \"net_amount\",\n", "    \"net_amount\",\n    \"vat_amount\",\n", COLUMNS_PY)
    s.edit(f"{LEDGER}/reports/revenue/rows.py", "        \"net_amount\": inv.net_cents / 100,\n",
           "        \"net_amount\": inv.net_cents / 100,\n        \"vat_amount\": inv.vat_cents / 100,\n",
           "def to_row(inv):\n    return {\n        \"invoice_no\": inv.number,\n        \"net_amount\": inv.net_cents / 100,\n"
           "        \"gross_amount\": inv.gross_cents / 100,\n    }\n")
    s.bash("pytest tests/revenue -q", "Run the export tests", out="........\n8 passed in 0.74s")
    s.say("Added `vat_amount` to the export, right after `net_amount` so the amounts sit together: net, VAT, gross. The tests "
          "pass. I'll now regenerate the November file so you can send it to")
    s.interrupt()
    s.prompt(H8L04_CORR, correction=True, think_secs=(10, 30))
    updated = COLUMNS_PY.replace("    \"net_amount\",\n", "    \"net_amount\",\n    \"vat_amount\",\n")
    s.edit(path, "    \"net_amount\",\n    \"vat_amount\",\n", "    \"net_amount\",\n", updated)
    s.edit(path, "    \"legacy_code\",\n]\n", "    \"legacy_code\",\n    \"vat_amount\",\n]\n", COLUMNS_PY)
    s.bash("pytest tests/revenue -q", "Run the tests again", out="........\n8 passed in 0.71s")
    s.say("`vat_amount` is now the last column, so every existing column keeps its position. Nothing renamed or reordered.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H8L05_CORR = ("```\nrig-guard 14:02:17 rig-2 PSU1 CH1 OUTP ON with CURR 10.000 A (no limit set by client) -> logged to "
              "#hil-rig\n```\nthat's from the rig log. your test switched the output on with the supply still at its 10 A "
              "default. never talk to the instruments with raw pyvisa writes; go through hil.instruments.Psu "
              "(`with rig.psu(channel=1, volts=9.0, amps=0.5) as ch:`), it sets OVP and the current limit before it enables "
              "the output and switches off again if the test throws. we cooked a BMS board in april exactly like this")

WAKE_TEST = ("import time\n\nimport pyvisa\n\n\ndef test_wakes_at_undervoltage_edge(rig):\n"
             "    psu = pyvisa.ResourceManager().open_resource(\"TCPIP::10.20.0.31::INSTR\")\n"
             "    psu.write(\"VOLT 9.0\")\n    psu.write(\"OUTP ON\")\n    time.sleep(0.5)\n"
             "    assert rig.can.wait_for(\"BMS_Status\", timeout=2.0).state == \"AWAKE\"\n    psu.write(\"OUTP OFF\")\n")

@lesson("H8L05", "hil-bench-instruments", "pasted-log-then-rule", ["raw pyvisa", "hil.instruments.Psu",
                                                                   "current limit before it enables the output"], [
    fire_prompt("quick one: put bench source 2 at 13.8 V and energise it so I can watch the CAN bus traffic",
                note="asks to power the bench by hand; no shared words"),
    fire_bash("python -c \"import pyvisa; p = pyvisa.ResourceManager().open_resource('TCPIP::10.20.0.31::INSTR'); "
              "p.write('VOLT 12.0'); p.write('OUTP ON')\"", "Power the DUT at 12 V", note="raw SCPI to the supply"),
    silent_write(f"{HIL}/tests/hil/test_sleep_current.py",
                 "def test_sleep_current_below_100uA(rig):\n    with rig.psu(channel=1, volts=12.0, amps=0.5) as ch:\n"
                 "        rig.can.send(\"BMS_Cmd\", sleep=1)\n        assert ch.measure_current() < 100e-6\n",
                 note="compliant: the wrapper"),
    silent_bash("pytest tests/hil/test_wakeup.py --rig rig-2 -q", "Run the wake-up tests on rig 2", note="related"),
])
def H8L05():
    s = Session("H8L05", HIL, branch="test/undervoltage-wakeup", version="2.0.76", start="2025-12-03T13:40:00")
    s.prompt("add a HIL test that the BMS still wakes up at 9 V supply, that's the undervoltage edge from the spec")
    s.glob("tests/hil/*.py", [f"{HIL}/tests/hil/conftest.py", f"{HIL}/tests/hil/test_can_heartbeat.py",
                              f"{HIL}/tests/hil/test_balancing.py"])
    s.write(f"{HIL}/tests/hil/test_wakeup.py", WAKE_TEST)
    s.bash("pytest tests/hil/test_wakeup.py --rig rig-2 -q", "Run it on rig 2", lo=5, hi=20,
           out=".\n1 passed in 3.12s")
    s.say("Added `tests/hil/test_wakeup.py`: it sets the supply to 9.0 V, switches the output on and waits up to 2 s for a "
          "`BMS_Status` frame with state AWAKE. It passes on rig 2.", end=True)
    s.prompt(H8L05_CORR, correction=True, think_secs=(40, 160))
    s.write(f"{HIL}/tests/hil/test_wakeup.py",
            "def test_wakes_at_undervoltage_edge(rig):\n    with rig.psu(channel=1, volts=9.0, amps=0.5):\n"
            "        assert rig.can.wait_for(\"BMS_Status\", timeout=2.0).state == \"AWAKE\"\n", original=WAKE_TEST)
    s.bash("pytest tests/hil/test_wakeup.py --rig rig-2 -q", "Run it again", out=".\n1 passed in 2.87s")
    s.say("Rewrote the test on `rig.psu(...)`, so the limit and OVP are set before the output comes on and it's switched off "
          "even if the assertion fails. No more pyvisa in the tests; it passes on rig 2.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L06_CORR = ("no. nothing goes under net/minecraft in our src. a copied vanilla class shadows the real one for us only, "
              "breaks as soon as another mod touches campfires, and breaks again on every MC update. behaviour changes are a "
              "mixin in dev/tobi/cozyhearths/mixin, listed in cozyhearths.mixins.json. @Inject into the tick, not @Overwrite")

@lesson("H8L06", "fabric-mod-mixins", "terse", ["mixin", "cozyhearths.mixins.json", "not @Overwrite"], [
    fire_prompt("sheep should drop two wool when they get sheared in the rain; easiest is to copy Mojang's sheep code into "
                "our project and tweak it there", note="asks to copy and patch a game class; no shared words"),
    fire_write(f"{MOD}/src/main/java/net/minecraft/block/entity/FurnaceBlockEntity.java",
               "package net.minecraft.block.entity;\n\n// copied from 1.21.1 yarn sources, cook time scaled by fuel type\n"
               "public abstract class AbstractFurnaceBlockEntity extends LockableContainerBlockEntity {\n",
               note="copies a game class into the mod's sources"),
    silent_write(f"{MOD}/src/main/java/dev/tobi/cozyhearths/mixin/SheepEntityMixin.java",
                 "@Mixin(SheepEntity.class)\npublic abstract class SheepEntityMixin {\n"
                 "    @Inject(method = \"sheared\", at = @At(\"TAIL\"))\n    private void cozy$extraWool(CallbackInfo ci) {\n",
                 note="compliant: an injecting mixin"),
    silent_bash("./gradlew runClient", "Start the dev client", note="related, harmless"),
])
def H8L06():
    s = Session("H8L06", MOD, branch="main", version="2.1.7", start="2026-01-24T19:55:00")
    s.prompt("campfires should cook food items that are dropped onto them too, not only the ones placed on them with "
             "right-click")
    s.bash("./gradlew genSources -q && find ~/.gradle/caches/fabric-loom -name 'minecraft-merged-*-sources.jar' | head -1",
           "Decompile Minecraft for reference", lo=30, hi=120,
           out="/Users/tobi/.gradle/caches/fabric-loom/minecraftMaven/net/minecraft/minecraft-merged-1.21.1-net.fabricmc."
               "yarn.1_21_1.1.21.1+build.3-v2-sources.jar")
    s.write(f"{MOD}/src/main/java/net/minecraft/block/entity/CampfireBlockEntity.java",
            "package net.minecraft.block.entity;\n\n// copied from 1.21.1 yarn sources; litServerTick also picks up dropped "
            "items\npublic class CampfireBlockEntity extends BlockEntity implements Clearable {\n")
    s.bash("./gradlew build -q", "Build the mod", lo=20, hi=80, out="")
    s.say("Copied the vanilla `CampfireBlockEntity` into our sources and extended `litServerTick` so it also pulls in item "
          "entities resting on the block's top face (up to the four slots). It builds; try dropping raw beef on a lit "
          "campfire in `runClient`.", end=True)
    s.prompt(H8L06_CORR, correction=True)
    s.bash("git rm -q --cached src/main/java/net/minecraft/block/entity/CampfireBlockEntity.java 2>/dev/null; "
           "rm -r src/main/java/net/minecraft", "Remove the copied class", out="")
    s.write(f"{MOD}/src/main/java/dev/tobi/cozyhearths/mixin/CampfireBlockEntityMixin.java",
            "@Mixin(CampfireBlockEntity.class)\npublic abstract class CampfireBlockEntityMixin {\n"
            "    @Inject(method = \"litServerTick\", at = @At(\"TAIL\"))\n    private static void cozy$cookDroppedItems(World world, "
            "BlockPos pos, BlockState state, CampfireBlockEntity campfire, CallbackInfo ci) {\n")
    s.edit(f"{MOD}/src/main/resources/cozyhearths.mixins.json", "  \"mixins\": [\n",
           "  \"mixins\": [\n    \"CampfireBlockEntityMixin\",\n",
           "{\n  \"required\": true,\n  \"package\": \"dev.tobi.cozyhearths.mixin\",\n  \"mixins\": [\n    \"LanternMixin\"\n  ]\n}\n")
    s.bash("./gradlew build -q", "Build again", out="")
    s.say("Removed the copied class; the behaviour is now an `@Inject` at the tail of `litServerTick` in "
          "`CampfireBlockEntityMixin`, registered in `cozyhearths.mixins.json`. It builds.", end=True)
    return s
