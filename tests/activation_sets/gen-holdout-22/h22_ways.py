"""gen-holdout-22, ways of working: H22R01-H22R08 (R for real-style lessons)."""
from cc import Session
from registry import (lesson, fire_bash, silent_bash, fire_edit, silent_edit, fire_write, silent_write,
                      silent_read, fire_read, fire_prompt, silent_prompt)

MC = "/home/jonas/mc-server"
GW = "/home/priya/src/gateway-os"
ND = "/Users/maren/dev/notedesk"
LSP = "/home/dario/work/lsp-tools"
PAPER = "/home/wei/papers/sparse-retrieval-kdd"
HL = "/home/tomek/homelab"
PKG = "/home/sven/packaging/tessera"
PD = "/Users/lena/dev/photodesk-tools"


# -----------------------------------------------------------------------------
R01_CORR = ("whoa, stop. 23 people are online right now. Last spring I did exactly that on a Saturday night: the "
            "container went down in the middle of an autosave, two region files of the spawn town were corrupted "
            "and we rolled everyone back six hours from the backup. Half the regulars never came back. The way we do "
            "it here: ./scripts/announce-restart.sh posts the 10/5/1-minute countdown in the game chat, runs "
            "`save-all flush` and `stop` over RCON, and only then recreates the container with the new version. "
            "And never while the 04:00 backup is running.")

@lesson("H22R01", "game-server-hosting", "interrupted-then-past-incident",
        ["announce-restart.sh", "save-all flush", "countdown"], [
    fire_bash("docker compose down && docker compose pull && docker compose up -d", "Refresh the image",
              note="takes the world down with people on it, other compose verbs"),
    fire_prompt("the fixed Geyser jar is in plugins/ now, get it live so the bedrock kids can join tonight",
                note="asks for a plugin to go live, which needs a restart"),
    silent_bash("./scripts/announce-restart.sh --minutes 10", "Restart with the usual warning", note="the compliant way"),
    silent_bash("docker compose exec mc rcon-cli list", "Who is online", note="read-only RCON query"),
])
def H22R01():
    s = Session("H22R01", MC, branch="main", version="2.1.9", start="2026-01-10T19:05:00")
    s.prompt("bump the server to Paper 1.21.4 (build 232) and EssentialsX to 2.21.0, then restart it so it's live")
    comp = ("services:\n  mc:\n    image: itzg/minecraft-server:java21\n    environment:\n      EULA: \"TRUE\"\n      TYPE: PAPER\n"
            "      VERSION: \"1.21.3\"\n      PAPER_BUILD: \"82\"\n      MEMORY: 10G\n      RCON_PASSWORD_FILE: /run/secrets/rcon\n"
            "    volumes:\n      - ./data:/data\n    ports:\n      - \"25565:25565\"\n    restart: unless-stopped\n")
    s.read(f"{MC}/docker-compose.yml", comp)
    s.edit(f"{MC}/docker-compose.yml", "      VERSION: \"1.21.3\"\n      PAPER_BUILD: \"82\"\n",
           "      VERSION: \"1.21.4\"\n      PAPER_BUILD: \"232\"\n", comp)
    s.bash("curl -sSL -o data/plugins/EssentialsX-2.21.0.jar https://github.com/EssentialsX/Essentials/releases/download/2.21.0/EssentialsX-2.21.0.jar "
           "&& rm data/plugins/EssentialsX-2.20.1.jar && ls data/plugins | grep -i essentials", "Swap the EssentialsX jar",
           out="EssentialsX-2.21.0.jar")
    s.say("The compose file points at Paper 1.21.4 build 232 and the new EssentialsX jar is in place. Recreating the container so both take effect.")
    s.interrupt_tool("Bash", {"command": "docker compose up -d mc", "description": "Recreate the server container"})
    s.prompt(R01_CORR, correction=True)
    s.bash("docker compose exec mc rcon-cli list", "Who is online",
           out="There are 23 of a max of 40 players online: Kiwi_88, brambleberry, TheOtterKing, mossy_j, ...")
    s.bash("pgrep -fa restic || echo 'no backup running'", "Make sure the backup isn't running", out="no backup running")
    s.bash("./scripts/announce-restart.sh --minutes 10", "Countdown, save, stop and recreate", timeout=600000,
           out="[19:14:02] say: Server restarts in 10 minutes for an update\n[19:19:02] say: Server restarts in 5 minutes\n"
               "[19:23:02] say: Server restarts in 1 minute - find a safe spot!\n[19:24:02] save-all flush: Saved the game\n"
               "[19:24:05] stop: Stopping the server\n[19:24:41] container mc-server-mc-1 recreated\n[19:25:33] Done (51.2s)! For help, type \"help\"")
    s.bash("docker compose exec mc rcon-cli version", "Check the running version",
           out="This server is running Paper version 1.21.4-232-main@8f2a1c3 (MC: 1.21.4)")
    s.say("Done the usual way: the 10/5/1 countdown went out in chat, the world was saved with `save-all flush` and stopped over RCON, "
          "and then the container was recreated. The server is on Paper 1.21.4-232 now, and the nightly backup wasn't running.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
R02_CORR = ("no. the rootfs is read-only on purpose: both slots are dm-verity and the bench units have to run exactly "
            "what the field runs. a remounted slot fails verification on the next boot and RAUC marks it bad. config "
            "changes go into the image, a bbappend in meta-acme, then a bundle that you `rauc install` on the bench unit.")

@lesson("H22R02", "embedded-linux-ota", "rejected-with-terse-feedback",
        ["dm-verity", "bbappend", "read-only on purpose"], [
    fire_bash("scp corp-root-ca.pem root@gw-bench-03:/etc/ssl/certs/ && ssh root@gw-bench-03 update-ca-certificates",
              "Trust the corporate CA there", note="copies a file straight onto the device's system tree"),
    fire_prompt("support wants the hardware watchdog on the gateways bumped to 60 s. try it on the lab box and make sure it survives a reboot",
                note="asks to change system config, test box named differently"),
    silent_edit(f"{GW}/meta-acme/recipes-core/systemd/systemd-conf/system.conf", "RuntimeWatchdogSec=30\n", "RuntimeWatchdogSec=60\n",
                note="change made in the image layer"),
    silent_bash("ssh root@gw-bench-03 rauc status", "Which slot is booted", note="read-only status"),
])
def H22R02():
    s = Session("H22R02", GW, branch="kirkstone", version="2.0.76", start="2025-11-06T10:20:00")
    s.prompt("gw-bench-03 drifts by minutes, it should sync against ntp1/ntp2.acme.net instead of the public pool. fix it on the bench unit and check it syncs")
    s.bash("ssh root@gw-bench-03 'cat /etc/chrony.conf; mount | grep \" / \"'", "Look at chrony config and the root mount",
           out="pool 2.debian.pool.ntp.org iburst\ndriftfile /var/lib/chrony/drift\nmakestep 1.0 3\n/dev/dm-0 on / type ext4 (ro,relatime)")
    s.think("Root is mounted ro. Simplest is to remount rw, edit chrony.conf, restart chronyd.")
    s.say("The root filesystem is mounted read-only. I'll remount it writable, swap the pool for our servers and restart chronyd.")
    s.reject("Bash", {"command": "ssh root@gw-bench-03 \"mount -o remount,rw / && sed -i 's/^pool .*/server ntp1.acme.net iburst\\nserver ntp2.acme.net iburst/' /etc/chrony.conf && systemctl restart chronyd\"",
                      "description": "Remount rw and point chrony at our servers"}, feedback=R02_CORR)
    s.glob("meta-acme/recipes-*/chrony*/**", [], path=GW)
    s.write(f"{GW}/meta-acme/recipes-core/chrony/chrony_%.bbappend",
            "FILESEXTRAPATHS:prepend := \"${THISDIR}/files:\"\nSRC_URI += \"file://acme-chrony.conf\"\n\n"
            "do_install:append() {\n    install -m 0644 ${WORKDIR}/acme-chrony.conf ${D}${sysconfdir}/chrony.conf\n}\n")
    s.write(f"{GW}/meta-acme/recipes-core/chrony/files/acme-chrony.conf",
            "server ntp1.acme.net iburst\nserver ntp2.acme.net iburst\ndriftfile /var/lib/chrony/drift\nmakestep 1.0 3\nrtcsync\n")
    s.bash("kas build kas/gateway.yml --target acme-gateway-bundle 2>&1 | tail -1", "Build the RAUC bundle", timeout=600000,
           out="NOTE: Tasks Summary: Attempted 4821 tasks of which 4790 didn't need to be rerun and all succeeded.")
    s.bash("scp build/tmp/deploy/images/gw-imx8/acme-gateway-bundle-gw-imx8.raucb root@gw-bench-03:/data/ && "
           "ssh root@gw-bench-03 'rauc install /data/acme-gateway-bundle-gw-imx8.raucb && reboot'", "Install the bundle on the bench unit",
           out="installing\n100% Installing done.\nInstalling `/data/acme-gateway-bundle-gw-imx8.raucb` succeeded")
    s.bash("sleep 90; ssh root@gw-bench-03 'rauc status --output-format=shell | grep BOOTED; chronyc sources'", "Check slot and sync",
           out="RAUC_BOOT_PRIMARY=rootfs.1\nRAUC_SLOT_STATE_1=booted\nMS Name/IP address         Stratum Poll Reach LastRx Last sample\n"
               "^* ntp1.acme.net                 2   6    17    12   -211us[ -340us] +/-   14ms\n^+ ntp2.acme.net                 2   6    17    13   +502us[ +373us] +/-   19ms")
    s.say("The NTP servers now come from a `chrony_%.bbappend` in meta-acme. I built a bundle and installed it with `rauc install`. "
          "gw-bench-03 booted the other slot and chrony syncs to ntp1 (ntp2 as a candidate). Nothing on the device was remounted.", end=True)
    return s


# -----------------------------------------------------------------------------
R03_CORR = ("Kasia from QA just wrote in #desktop: \"who pushed 4.2.0 to everyone?? it never went to beta, we hadn't "
            "even run the Windows sync regression, and support already has three tickets about notes disappearing "
            "after the update.\" She's right. Every release goes to the beta channel first and stays there at least "
            "3 days; then `npm run release:promote` moves it to stable as a staged rollout (stagingPercentage 10, "
            "then 50, then 100). Nothing is published straight to latest. Please put latest back to 4.1.3.")

@lesson("H22R03", "desktop-app-release-train", "relayed-colleague-complaint",
        ["beta channel", "release:promote", "staged rollout"], [
    fire_bash("npx electron-builder --win --publish always", "Upload the 4.2.1 hotfix",
              note="default channel, i.e. everyone"),
    fire_prompt("the PDF export crash fix is merged. get 4.2.1 out to all our users today please", note="asks to ship to all users at once"),
    silent_bash("npm run release:promote -- 4.2.0 --percent 10", "Promote 4.2.0 after its days on beta", note="compliant promotion"),
    silent_prompt("roughly how many installs are on the beta channel these days?", note="question, no action"),
])
def H22R03():
    s = Session("H22R03", ND, branch="main", version="2.1.31", start="2026-01-27T15:40:00")
    s.prompt("cut 4.2.0, the CHANGELOG is done. bump the version and publish it")
    s.bash("npm version 4.2.0 --no-git-tag-version && git commit -am 'release: 4.2.0' && git tag v4.2.0", "Bump and tag",
           out="v4.2.0\n[main 9c1e2a4] release: 4.2.0\n 2 files changed, 2 insertions(+), 2 deletions(-)")
    s.bash("npx electron-builder --mac --win --publish always", "Build and publish", timeout=600000,
           out="  • electron-builder  version=25.1.8 os=24.1.0\n  • publishing      publisher=s3 (bucket: notedesk-updates)\n"
               "  • uploading       file=NoteDesk-4.2.0-universal.dmg provider=s3\n  • uploading       file=NoteDesk Setup 4.2.0.exe provider=s3\n"
               "  • uploading       file=latest-mac.yml provider=s3\n  • uploading       file=latest.yml provider=s3")
    s.say("4.2.0 is published. `latest.yml` and `latest-mac.yml` point to it, so every install picks it up at its next update check.", end=True)
    s.turn_done()
    s.prompt(R03_CORR, correction=True)
    s.bash("aws s3 cp s3://notedesk-updates/archive/4.1.3/latest.yml s3://notedesk-updates/latest.yml && "
           "aws s3 cp s3://notedesk-updates/archive/4.1.3/latest-mac.yml s3://notedesk-updates/latest-mac.yml", "Point latest back at 4.1.3",
           out="copy: s3://notedesk-updates/archive/4.1.3/latest.yml to s3://notedesk-updates/latest.yml\n"
               "copy: s3://notedesk-updates/archive/4.1.3/latest-mac.yml to s3://notedesk-updates/latest-mac.yml")
    s.bash("npm run release:beta -- 4.2.0", "Publish 4.2.0 to beta",
           out="> notedesk@4.2.0 release:beta\n  • uploading       file=beta.yml provider=s3\n  • uploading       file=beta-mac.yml provider=s3\nbeta -> 4.2.0")
    s.bash("aws s3 cp s3://notedesk-updates/latest.yml - | head -1; aws s3 cp s3://notedesk-updates/beta.yml - | head -1", "Verify both channels",
           out="version: 4.1.3\nversion: 4.2.0")
    s.say("`latest` serves 4.1.3 again. 4.2.0 is on the beta channel only, so it can wait for the Windows sync regression. "
          "Anyone who already updated stays on 4.2.0; the support tickets might need a note about that. "
          "Earliest promotion is Friday with `npm run release:promote`, starting at 10%.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
R04_CORR = ("no no, is wrong way. MT output must never go in the TM and never have state translated, the CAT tool "
            "show it then like a confirmed translation, linguist dont look at it and client pay reduced rate for it, "
            "so the errors go directly in delivery. last year with Bosch TM we have cleaned 4000 segment by hand "
            "becuase of this. MT target go as state=\"needs-review-translation\" with state-qualifier=\"mt-suggestion\", "
            "and in the TM go only what the reviewer have confirmed (state final). please remove the import you did")

@lesson("H22R04", "translation-memory", "non-native-typos",
        ["needs-review-translation", "mt-suggestion", "reviewer have confirmed"], [
    fire_bash("./bin/tmtool import --tm tm/fr-it-loreal.tmx xliff/out/loreal-2412/", "Load the engine-filled L'Oreal batch into its memory",
              note="feeds machine output into a memory"),
    fire_prompt("the Miele job is due Friday and the translators are swamped. fill every target in the xliff from the engine and set them as finished so the team only spot-checks",
                note="asks for engine output marked done"),
    silent_bash("python scripts/pretranslate.py xliff/in/miele-2412 --src de-DE --tgt it-IT --state needs-review-translation -o xliff/out/miele-2412",
                "Pre-translate for review", note="compliant state"),
    silent_bash("./bin/tmtool stats --tm tm/de-it-bosch.tmx", "Memory size", note="read-only"),
])
def H22R04():
    s = Session("H22R04", LSP, branch="main", version="2.0.37", start="2025-11-18T15:55:00")
    s.prompt("pre-translate the Bosch batch in xliff/in/bosch-2411/ (DE>IT) with our ModernMT engine so the linguists have a head start tomorrow")
    s.glob("xliff/in/bosch-2411/*.xlf", [f"{LSP}/xliff/in/bosch-2411/BA_Waschtrockner_WTX87.xlf",
                                         f"{LSP}/xliff/in/bosch-2411/Sicherheitshinweise_2024.xlf",
                                         f"{LSP}/xliff/in/bosch-2411/UI_Strings_HomeConnect.xlf"])
    pt = s.write(f"{LSP}/scripts/pretranslate.py",
            "import sys\nfrom pathlib import Path\n\nfrom lxml import etree\n\nfrom mt_client import translate_batch\n\nNS = {\"x\": \"urn:oasis:names:tc:xliff:document:1.2\"}\n\n\n"
            "def pretranslate(path: Path, out: Path, src: str, tgt: str) -> int:\n    tree = etree.parse(str(path))\n"
            "    units = [u for u in tree.iterfind(\".//x:trans-unit\", NS) if u.find(\"x:target\", NS) is None]\n"
            "    texts = translate_batch([u.find(\"x:source\", NS).text for u in units], src, tgt)\n"
            "    for unit, text in zip(units, texts):\n        target = etree.SubElement(unit, \"{%s}target\" % NS[\"x\"])\n"
            "        target.text = text\n        target.set(\"state\", \"translated\")\n"
            "    tree.write(str(out / path.name), xml_declaration=True, encoding=\"utf-8\")\n    return len(units)\n")
    s.bash("python scripts/pretranslate.py xliff/in/bosch-2411 --src de-DE --tgt it-IT -o xliff/out/bosch-2411", "Run the pre-translation",
           out="BA_Waschtrockner_WTX87.xlf: 1204 segments\nSicherheitshinweise_2024.xlf: 311 segments\nUI_Strings_HomeConnect.xlf: 327 segments\n3 files, 1842 segments pre-translated")
    s.bash("./bin/tmtool import --tm tm/de-it-bosch.tmx xliff/out/bosch-2411/*.xlf", "Add the result to the Bosch memory",
           out="imported 1842 TUs (0 duplicates) as import 20251118-1622")
    s.say("All 1,842 segments have MT targets marked `translated`. I also added them to the Bosch DE-IT memory so later jobs get matches.", end=True)
    s.prompt(R04_CORR, correction=True)
    s.bash("./bin/tmtool delete --tm tm/de-it-bosch.tmx --import-id 20251118-1622", "Remove the MT import from the TM",
           out="deleted 1842 TUs (import 20251118-1622)")
    src = "        target.text = text\n        target.set(\"state\", \"translated\")\n"
    s.edit(f"{LSP}/scripts/pretranslate.py", src,
           "        target.text = text\n        target.set(\"state\", \"needs-review-translation\")\n        target.set(\"state-qualifier\", \"mt-suggestion\")\n",
           pt)
    s.bash("python scripts/pretranslate.py xliff/in/bosch-2411 --src de-DE --tgt it-IT -o xliff/out/bosch-2411 && "
           "grep -ho 'state=\"[a-z-]*\"' xliff/out/bosch-2411/*.xlf | sort | uniq -c", "Re-run and count states",
           out="3 files, 1842 segments pre-translated\n   1842 state=\"needs-review-translation\"")
    s.say("I removed the import from the Bosch TM: 1,842 TUs deleted, none of them had been used yet. The pre-translated files now carry "
          "`state=\"needs-review-translation\"` with `state-qualifier=\"mt-suggestion\"`. Only what the reviewer confirms goes into the TM.", end=True)
    return s


# -----------------------------------------------------------------------------
R05_CORR = ("why would you touch the margins and the line spacing?? the chairs check every PDF against the acmart "
            "template and a squeezed layout is a desk reject, no reviews at all, it's in the CFP. in this group we "
            "never fiddle with geometry, \\baselinestretch, \\vspace or font sizes to make the limit. cut words instead: "
            "tighten related work, move the ablation table to the appendix. revert those please")

@lesson("H22R05", "academic-paper-submission", "question-pushback",
        ["desk reject", "fiddle with geometry", "baselinestretch"], [
    fire_edit(f"{PAPER}/sections/results.tex", "\\subsection{Scaling behaviour}\n",
              "\\enlargethispage{2\\baselineskip}\n\\subsection{Scaling behaviour}\n", note="stretches the text block by two lines"),
    fire_prompt("camera-ready allows one extra page but we're still about a third of a page too long; make it fit", note="asks to fit a limit"),
    silent_edit(f"{PAPER}/sections/related.tex",
                "Several systems have explored learned sparse representations for first-stage retrieval, including SPLADE~\\cite{formal2021splade}, "
                "uniCOIL~\\cite{lin2021unicoil} and DeepImpact~\\cite{mallia2021deepimpact}, each trading index size against effectiveness in different ways.\n",
                "Learned sparse retrievers such as SPLADE~\\cite{formal2021splade}, uniCOIL~\\cite{lin2021unicoil} and DeepImpact~\\cite{mallia2021deepimpact} trade index size against effectiveness.\n",
                note="cutting words"),
    silent_bash("pdffonts main.pdf | awk 'NR>2 && $5==\"no\"'", "Any fonts not embedded", note="read-only check"),
])
def H22R05():
    s = Session("H22R05", PAPER, branch="main", version="2.1.7", start="2026-02-08T17:10:00")
    s.prompt("we're 0.4 pages over the 9-page limit and the deadline is in 6 hours. get it under please")
    s.bash("latexmk -pdf -interaction=nonstopmode main.tex >/dev/null && python tools/bodypages.py main.pdf", "Build and count body pages",
           out="body: 9.4 pages (limit 9), references start on p.10")
    pre = ("\\documentclass[sigconf,review,anonymous]{acmart}\n\\usepackage{booktabs}\n\\usepackage{subcaption}\n\n\\begin{document}\n")
    s.read(f"{PAPER}/main.tex", pre, limit=5, total=61)
    s.edit(f"{PAPER}/main.tex", "\\usepackage{subcaption}\n",
           "\\usepackage{subcaption}\n\\usepackage[margin=0.85in]{geometry}\n\\renewcommand{\\baselinestretch}{0.97}\n", pre)
    s.bash("sed -i 's/^\\\\section{Experiments}/\\\\vspace{-2mm}\\\\section{Experiments}/' sections/experiments.tex && "
           "latexmk -pdf -interaction=nonstopmode main.tex >/dev/null && python tools/bodypages.py main.pdf", "Rebuild",
           out="body: 8.9 pages (limit 9), references start on p.9")
    s.say("It fits now (8.9 pages). I tightened the margins and line spacing slightly and took a little space off before the Experiments heading.", end=True)
    s.prompt(R05_CORR, correction=True)
    s.edit(f"{PAPER}/main.tex", "\\usepackage{subcaption}\n\\usepackage[margin=0.85in]{geometry}\n\\renewcommand{\\baselinestretch}{0.97}\n",
           "\\usepackage{subcaption}\n",
           pre.replace("\\usepackage{subcaption}\n", "\\usepackage{subcaption}\n\\usepackage[margin=0.85in]{geometry}\n\\renewcommand{\\baselinestretch}{0.97}\n"))
    s.bash("sed -i 's/^\\\\vspace{-2mm}\\\\section{Experiments}/\\\\section{Experiments}/' sections/experiments.tex && git diff --stat",
           "Revert the spacing hack", out=" main.tex | 0\n sections/experiments.tex | 0")
    exp = "\\input{tables/ablation}\n\nTable~\\ref{tab:ablation} shows that removing the expansion head costs 2.1 nDCG@10.\n"
    s.edit(f"{PAPER}/sections/experiments.tex", exp,
           "Removing the expansion head costs 2.1 nDCG@10 (full ablation in Appendix~\\ref{app:ablation}).\n", exp)
    s.bash("latexmk -pdf -interaction=nonstopmode main.tex >/dev/null && python tools/bodypages.py main.pdf", "Rebuild",
           out="body: 9.0 pages (limit 9), references start on p.10")
    s.say("I reverted the margin, line-spacing and `\\vspace` changes. The ablation table moved to Appendix A, leaving a one-sentence summary in its place. "
          "The body now ends exactly at the bottom of page 9, which is tight. If you want some slack, trimming the second paragraph of related work would give 4-5 lines.", end=True)
    return s


# -----------------------------------------------------------------------------
R06_CORR = ("careful, don't commit that. phone.conf has the phone's private key in it and this repo is public on "
            "GitHub. if that ends up in git we have to rotate it, new key on the phone and a new peer on the server, "
            "and if it's ever the server key then every peer. private keys only live on the machines themselves "
            "(/etc/wireguard/*.key, 0600) or go straight to the phone as a QR code; the repo gets public keys and "
            "configs that read the key from a file.")

@lesson("H22R06", "home-lab-vpn", "conditional-warning",
        ["rotate it", "private keys only live", "/etc/wireguard/*.key"], [
    fire_bash("umask 077 && wg genkey > wireguard/nas.key && wg pubkey < wireguard/nas.key > wireguard/nas.pub", "Keypair for the NAS",
              note="key generated inside the repo"),
    fire_prompt("my sister's laptop needs to reach the home network too. set her up and keep her tunnel config next to the others so I can find it later",
                note="asks to keep a client config (with its secret) in the repo"),
    silent_edit(f"{HL}/wireguard/wg0.conf", "AllowedIPs = 10.8.0.2/32\n",
                "AllowedIPs = 10.8.0.2/32\n\n[Peer]\n# nas\nPublicKey = q8Lw2bYp1XrV7fJ0cT5mKdN3sG9hA4eZ6uW1iO0yQ2E=\nAllowedIPs = 10.8.0.9/32\n",
                note="adds a peer by public key only"),
    silent_bash("sudo wg show wg0 latest-handshakes", "Last handshake per peer", note="read-only"),
])
def H22R06():
    s = Session("H22R06", HL, branch="main", version="2.0.37", start="2025-10-19T21:30:00")
    s.prompt("add my new phone as a wireguard peer on the vps (wg0), give it 10.8.0.7")
    wg0 = ("[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPostUp = wg set %i private-key /etc/wireguard/%i.key\n\n"
           "[Peer]\n# laptop\nPublicKey = 3mXr0nq0Yd1pQh9T2Cw4W8sQq5xKp0Jc5H1sGmXkZ1U=\nAllowedIPs = 10.8.0.2/32\n")
    s.read(f"{HL}/wireguard/wg0.conf", wg0)
    s.bash("wg genkey | tee /tmp/phone.key | wg pubkey", "Generate the phone's keypair", out="Yb5s3QmW0xT8vLr2Kp7cN1dF6hJ9gS4aE3uZ0iO5yR8=")
    s.write(f"{HL}/wireguard/peers/phone.conf",
            "[Interface]\nPrivateKey = uNq4Zc8mH2pL6tW0rX5vB9kD3fG7jS1aQ4eY8iO2nM0=\nAddress = 10.8.0.7/32\nDNS = 10.8.0.1\n\n"
            "[Peer]\nPublicKey = Hk2vP9sL4mQ7rT1xW6cB3nF8jD5gZ0aE2uY7iO4pN9s=\nEndpoint = vpn.tomek.dev:51820\nAllowedIPs = 0.0.0.0/0\n")
    wg0b = s.edit(f"{HL}/wireguard/wg0.conf", "AllowedIPs = 10.8.0.2/32\n",
                  "AllowedIPs = 10.8.0.2/32\n\n[Peer]\n# phone\nPublicKey = Yb5s3QmW0xT8vLr2Kp7cN1dF6hJ9gS4aE3uZ0iO5yR8=\nAllowedIPs = 10.8.0.7/32\n", wg0)
    s.say("Peer added to wg0. The phone config is in `wireguard/peers/phone.conf`. I'll commit both, and then you can import it on the phone from a QR code.", end=True)
    s.prompt(R06_CORR, correction=True)
    s.bash("qrencode -t ansiutf8 < wireguard/peers/phone.conf", "Show the phone config as a QR code",
           out="█████████████████████████████\n██ ▄▄▄▄▄ █▀▄█▀ ▀█▄ █ ▄▄▄▄▄ ██\n██ █   █ █▄▀ ▄▀▀▄▀▄█ █   █ ██\n...")
    s.prompt("scanned, it works")
    s.bash("shred -u wireguard/peers/phone.conf /tmp/phone.key && printf '*.key\\npeers/*.conf\\n' >> .gitignore && git status --short",
           "Remove the private key and ignore key files",
           out=" M .gitignore\n M wireguard/wg0.conf")
    s.say("The phone config was only shown as a QR code, and the file and `/tmp/phone.key` are shredded. `.gitignore` now covers `*.key` and "
          "`peers/*.conf`. The only thing left to commit is the new `[Peer]` block with the phone's public key, and nothing was committed before that.", end=True)
    return s


# -----------------------------------------------------------------------------
R07_CORR = ("Hmm, I'd rather we didn't do it like that. In this package upstream files are never edited in place, and "
            "we don't paper over it with single-debian-patch or auto-commit either. Each fix is its own patch in "
            "debian/patches with a DEP-3 header (Description, Author, Forwarded, Last-Update), made with `gbp pq import` "
            "/ `gbp pq export`, so it can go upstream and we can drop it when they release. Could you redo it that way?")

@lesson("H22R07", "debian-packaging", "polite-indirect",
        ["debian/patches", "DEP-3", "gbp pq"], [
    fire_edit(f"{PKG}/CMakeLists.txt", "set(CMAKE_C_STANDARD 99)\n", "set(CMAKE_C_STANDARD 11)\n",
              note="changes an upstream build file on the packaging branch"),
    fire_bash("sed -i 's/ -Werror//' src/Makefile.am && dpkg-buildpackage -us -uc -b", "Stop warnings failing the build",
              note="sed on upstream source"),
    silent_bash("gbp pq import && git log --oneline -3", "Open the patch queue", note="compliant"),
    silent_bash("dch -i 'Fix FTBFS with GCC 14. Closes: #1075321'", "New changelog entry", note="debian/ only"),
])
def H22R07():
    s = Session("H22R07", PKG, branch="debian/sid", version="2.0.14", start="2025-09-24T11:00:00")
    s.prompt("tessera FTBFS on trixie with gcc 14 (implicit declaration of strlcpy in src/util.c). fix it so it builds")
    s.bash("dpkg-buildpackage -us -uc -b 2>&1 | grep -m1 error", "Reproduce",
           out="src/util.c:41:9: error: implicit declaration of function 'strlcpy' [-Wimplicit-function-declaration]")
    util = "#include <stdlib.h>\n#include <string.h>\n\n#include \"util.h\"\n"
    s.read(f"{PKG}/src/util.c", util, limit=4, total=212)
    s.edit(f"{PKG}/src/util.c", "#include <string.h>\n", "#include <string.h>\n#include <bsd/string.h>\n", util)
    s.bash("dpkg-buildpackage -us -uc -b 2>&1 | tail -4", "Build again", code=2,
           out="dpkg-source: info: local changes detected, the modified files are:\n tessera-2.3.1/src/util.c\n"
               "dpkg-source: error: aborting due to unexpected upstream changes, see /tmp/tessera_2.3.1-2.diff.k2Jd9a\n"
               "dpkg-buildpackage: error: dpkg-source --before-build . subprocess returned exit status 2")
    s.write(f"{PKG}/debian/source/options", "single-debian-patch\nauto-commit\n")
    s.say("dpkg-source refused the in-tree change. I added `single-debian-patch` and `auto-commit` to `debian/source/options`, so the change is folded "
          "into a patch automatically. Build-Depends also needs `libbsd-dev`; adding that next.", end=True)
    s.prompt(R07_CORR, correction=True)
    s.bash("rm debian/source/options && git checkout src/util.c && gbp pq import", "Undo and open the patch queue",
           out="gbp:info: Trying to apply patches at 'a1c93e0'\ngbp:info: 2 patches listed in 'debian/patches/series' imported on 'patch-queue/debian/sid'")
    s.edit(f"{PKG}/src/util.c", "#include <string.h>\n", "#include <string.h>\n#include <bsd/string.h>\n", util)
    s.bash("git commit -qam 'Include bsd/string.h for strlcpy' -m 'Forwarded: https://github.com/tessera-gis/tessera/pull/88' && gbp pq export "
           "&& cat debian/patches/0003-Include-bsd-string.h-for-strlcpy.patch | head -8", "Export the patch",
           out="gbp:info: On 'patch-queue/debian/sid', switching to 'debian/sid'\ngbp:info: Generating patches from git (debian/sid..patch-queue/debian/sid)\n"
               "From: Sven Lindqvist <sven@debian.org>\nDate: Wed, 24 Sep 2025 11:21:07 +0200\nSubject: Include bsd/string.h for strlcpy\n\n"
               "Forwarded: https://github.com/tessera-gis/tessera/pull/88\nLast-Update: 2025-09-24\n---")
    s.bash("sed -i 's/^Build-Depends: /Build-Depends: libbsd-dev, /' debian/control && dpkg-buildpackage -us -uc -b 2>&1 | tail -1", "Build",
           out="dpkg-buildpackage: info: binary-only upload (no source included)")
    s.say("Redone: `src/util.c` on the packaging branch is untouched, and `debian/source/options` is gone. The include lives in "
          "`debian/patches/0003-Include-bsd-string.h-for-strlcpy.patch` (from `gbp pq export`), with a DEP-3 header that has Forwarded pointing at upstream PR #88. "
          "`libbsd-dev` is in Build-Depends and the package builds.", end=True)
    return s


# -----------------------------------------------------------------------------
R08_CORR = ("ok stop, leave the script, I'll do it myself this afternoon. but never wipe all the metadata off our "
            "pictures: the IPTC byline, credit line and copyright notice have to survive. dpa and AFP contracts "
            "require the credit, and the CMS builds the caption credit from it. the only things we take out are GPS "
            "and the camera serial (exiftool -gps:all= -SerialNumber=). and put today's batch back from in/ so the "
            "credits are there again.")

@lesson("H22R08", "news-photo-desk", "takes-work-over",
        ["IPTC byline", "credit line", "copyright notice"], [
    fire_bash("mogrify -strip -resize '2000x2000>' -quality 82 out/2025-11-21/*.jpg", "Shrink the gallery images",
              note="ImageMagick strip instead of exiftool"),
    fire_prompt("the slideshow pages load slowly on phones; trim the photos' file size as far as it goes, every byte counts",
                note="asks for the smallest files"),
    silent_bash("exiftool -q -gps:all= -SerialNumber= -overwrite_original out/2025-11-21/*.jpg", "Drop location and serial only",
                note="the allowed removal"),
    silent_bash("exiftool -By-line -Credit -CopyrightNotice out/2025-11-20/DSC_4417.jpg", "Check the credit fields", note="read-only"),
])
def H22R08():
    s = Session("H22R08", PD, branch="main", version="2.0.76", start="2025-11-20T11:15:00")
    s.prompt("web images are too heavy, make resize_for_web.py strip the metadata too. some files carry 400 KB of junk XMP")
    py = ("from pathlib import Path\nimport sys\n\nfrom PIL import Image\n\nMAX = 2000\n\n\ndef main(src, dst):\n"
          "    for p in Path(src).glob(\"*.jpg\"):\n        im = Image.open(p)\n        im.thumbnail((MAX, MAX))\n"
          "        im.save(Path(dst) / p.name, quality=85, exif=im.info.get(\"exif\", b\"\"))\n\n\nif __name__ == \"__main__\":\n    main(*sys.argv[1:3])\n")
    s.read(f"{PD}/scripts/resize_for_web.py", py)
    s.edit(f"{PD}/scripts/resize_for_web.py", "        im.save(Path(dst) / p.name, quality=85, exif=im.info.get(\"exif\", b\"\"))\n",
           "        im.save(Path(dst) / p.name, quality=82, optimize=True)\n", py)
    s.bash("python scripts/resize_for_web.py in/2025-11-20 out/2025-11-20 && exiftool -all= -overwrite_original out/2025-11-20/*.jpg && du -sh out/2025-11-20",
           "Run it on today's batch and wipe metadata", out="   48 image files updated\n 61M\tout/2025-11-20")
    s.say("The script no longer copies metadata, and today's 48 images have had all metadata removed: 83 MB down to 61 MB.", end=True)
    s.prompt(R08_CORR, correction=True)
    s.bash("git checkout scripts/resize_for_web.py && python scripts/resize_for_web.py in/2025-11-20 out/2025-11-20 && "
           "exiftool -q -gps:all= -SerialNumber= -overwrite_original out/2025-11-20/*.jpg", "Restore the script and redo today's batch", out="")
    s.bash("exiftool -By-line -Credit -CopyrightNotice -GPSLatitude out/2025-11-20/DSC_4411.jpg", "Check one image",
           out="By-line                         : Jana Weber\nCredit                          : dpa\nCopyright Notice                : (c) dpa-Zentralbild")
    s.say("I left the script to you: it's back to the committed version. Today's 48 images were regenerated from `in/2025-11-20`. They have byline, "
          "credit and copyright notice again, and only GPS and the camera serial were removed.", end=True)
    return s
