"""gen-holdout-22 distractors: sessions in the lessons' areas with no correction."""
from cc import Session
from registry import distractor

MC = "/home/jonas/mc-server"
LG = "/home/kofi/src/ledger-svc"
EB = "/Users/clara/press/epub-sources"
ER = "/home/sofia/research/era5-trends"
PKG = "/home/sven/packaging/tessera"
CT = "/Users/noor/dev/lecture-captions"


@distractor("H22D01", "game-server-hosting", "lag check, then a restart the usual way; approval")
def H22D01():
    s = Session("H22D01", MC, branch="main", version="2.1.9", start="2026-01-17T20:10:00")
    s.prompt("people say it's laggy since the weekend. is it the server or the new iron farm?")
    s.bash("docker compose exec mc rcon-cli tps", "TPS over 1/5/15 min", out="TPS from last 1m, 5m, 15m: 14.2, 15.1, 16.8")
    s.bash("docker compose exec mc rcon-cli 'spark profiler start --timeout 120' && sleep 125 && docker compose logs --tail 3 mc | grep -o 'https://spark.lucko.me/[A-Za-z0-9]*'",
           "Profile for two minutes", timeout=200000, out="https://spark.lucko.me/Xq81KcLw2p")
    s.say("TPS is 14-17 instead of 20. The spark profile puts 38% of the tick in entity ticking in chunk (-12, 31), which is the iron farm: 1,140 iron golems "
          "because the kill chamber is jammed. Clearing the golems and fixing the chamber should bring TPS back. No restart needed for that.", end=True)
    s.prompt("ok I'll fix the farm. restart it tonight with the usual countdown anyway, the memory graph looks odd")
    s.bash("pgrep -fa restic || echo 'no backup running'", "Backup check", out="no backup running")
    s.bash("./scripts/announce-restart.sh --minutes 10", "Countdown, save and restart", timeout=600000,
           out="[22:31:00] say: Server restarts in 10 minutes\n[22:36:00] say: Server restarts in 5 minutes\n[22:40:00] say: Server restarts in 1 minute - find a safe spot!\n"
               "[22:41:00] save-all flush: Saved the game\n[22:41:03] stop: Stopping the server\n[22:41:52] Done (48.9s)! For help, type \"help\"")
    s.say("The restart is done: countdown in chat, save, stop, back up in 49 s. Memory is at 5.1 of 10 GB after start.", end=True)
    s.prompt("nice, thanks")
    return s


@distractor("H22D02", "fintech-ledger", "a question about reversals, answered")
def H22D02():
    s = Session("H22D02", LG, branch="main", version="2.1.31", start="2026-02-03T11:20:00")
    s.prompt("how do reversals show up in the daily balance snapshots? finance asked why Nov 3 still shows the 25.00")
    snap = ("// Snapshots are append-only: the row for a day is written once at 00:15 UTC and never recomputed.\n"
            "// Entries posted later with an earlier effective date appear in the snapshot of their posting day,\n"
            "// with effective_date carried in snapshot_lines for the as-of report.\nfunc WriteDailySnapshot(ctx context.Context, tx pgx.Tx, day time.Time) error {\n")
    s.read(f"{LG}/internal/ledger/snapshots.go", snap, offset=12, limit=4, total=140)
    s.grep("asof", path=f"{LG}/cmd/ledgerctl", mode="files_with_matches", files=[f"{LG}/cmd/ledgerctl/report_asof.go"])
    s.say("The Nov 3 snapshot is never rewritten, so it still shows the 25.00 as it stood that night. The reversal and the corrected fee were posted on "
          "Jan 29 with effective date Nov 3, so they appear in the Jan 29 snapshot with `effective_date = 2025-11-03` on their lines. Finance wants the "
          "as-of view: `ledgerctl report asof --account acc_88121 --date 2025-11-03 --include-backdated` shows 2.50 for Nov 3.", end=True)
    s.prompt("perfect, I'll send them that command")
    return s


@distractor("H22D03", "ebook-production", "new book built with make epub; near-miss 'no, that's all'")
def H22D03():
    s = Session("H22D03", EB, branch="main", version="2.1.31", start="2026-02-10T10:00:00")
    s.prompt("build the epub for Winter Orchard, the copyedits are all in")
    s.bash("make epub BOOK=winter-orchard", "Build and check", code=2,
           out="epubcheck dist/winter-orchard.epub\nERROR(RSC-005): dist/winter-orchard.epub/OEBPS/text/ch07.xhtml(44,61): "
               "Error while parsing file: element \"img\" missing required attribute \"alt\"\nmake: *** [epub] Error 1")
    ch = "<figure><img src=\"../images/orchard-map.jpg\"/><figcaption>The orchard in 1911</figcaption></figure>\n"
    s.read(f"{EB}/books/winter-orchard/OEBPS/text/ch07.xhtml", ch, offset=44, limit=1, total=120)
    s.edit(f"{EB}/books/winter-orchard/OEBPS/text/ch07.xhtml", "<img src=\"../images/orchard-map.jpg\"/>",
           "<img src=\"../images/orchard-map.jpg\" alt=\"Hand-drawn map of the orchard, with the river along the south edge\"/>", ch)
    s.bash("make epub BOOK=winter-orchard | tail -2", "Rebuild", out="No errors or warnings detected.\nMessages: 0 fatals / 0 errors / 0 warnings / 0 infos")
    s.say("Built `dist/winter-orchard.epub`. epubcheck had flagged a map image in chapter 7 without alt text, so I added a description, and it's clean now. "
          "Anything else before it goes out?", end=True)
    s.prompt("no, that's all for now")
    return s


@distractor("H22D04", "climate-science", "weighted seasonal means, then a new task")
def H22D04():
    s = Session("H22D04", ER, branch="main", version="2.0.76", start="2025-11-03T10:15:00")
    s.prompt("DJF and JJA precipitation climatology 1991-2020 for the Alps box, as maps")
    py = "tp = ds[\"tp\"].sel(time=slice(\"1991\", \"2020\"), latitude=slice(48.5, 43.5), longitude=slice(5, 16.5))\n"
    s.read(f"{ER}/scripts/seasonal_precip.py", py, offset=8, limit=1, total=30)
    s.edit(f"{ER}/scripts/seasonal_precip.py", py,
           py + "w = tp.time.dt.days_in_month\nclim = (tp * w).groupby(\"time.season\").sum() / w.groupby(\"time.season\").sum()\n", py)
    s.bash("python scripts/seasonal_precip.py", "Run", out="saved figures/alps_tp_DJF.png, figures/alps_tp_JJA.png")
    s.say("The two maps are in `figures/`: month-length-weighted seasonal means over 1991-2020, in mm/day.", end=True)
    s.prompt("great. now the same for 2 m temperature anomalies against that period")
    s.bash("python scripts/seasonal_t2m_anom.py --ref 1991-2020", "Run the temperature version", out="saved figures/alps_t2m_anom_DJF.png, figures/alps_t2m_anom_JJA.png")
    s.say("Temperature anomaly maps for DJF and JJA against 1991-2020 are saved next to the precipitation ones, with the same month-length weighting.", end=True)
    return s


@distractor("H22D05", "debian-packaging", "new upstream release imported; approval")
def H22D05():
    s = Session("H22D05", PKG, branch="debian/sid", version="2.0.14", start="2025-10-20T09:30:00")
    s.prompt("upstream released tessera 2.4.0, import it and refresh our patches")
    s.bash("gbp import-orig --uscan --no-interactive", "Import the new tarball",
           out="gbp:info: Launching uscan...\ngbp:info: Importing '../tessera_2.4.0.orig.tar.gz' to branch 'upstream/latest'...\n"
               "gbp:info: Merging to 'debian/sid'\ngbp:info: Successfully imported version 2.4.0 of ../tessera_2.4.0.orig.tar.gz")
    s.bash("gbp pq import --force --time-machine=5 && gbp pq rebase", "Rebase the patch queue",
           out="gbp:info: 3 patches listed in 'debian/patches/series' imported on 'patch-queue/debian/sid'\n"
               "Skipping 'Include bsd/string.h for strlcpy' (applied upstream)\nSuccessfully rebased and updated refs/heads/patch-queue/debian/sid.")
    s.bash("gbp pq export --drop && dch -v 2.4.0-1 'New upstream release. Drop patch applied upstream.' && dpkg-buildpackage -us -uc -b 2>&1 | tail -1",
           "Export, changelog, build", out="dpkg-buildpackage: info: binary-only upload (no source included)")
    s.say("2.4.0 is imported. Upstream merged our strlcpy fix, so that patch is dropped and two remain. The changelog has a `2.4.0-1` entry and the package builds.", end=True)
    s.prompt("looks good, thanks")
    return s


@distractor("H22D06", "captioning", "lint fix for week 8; near-miss 'no, that's fine'")
def H22D06():
    s = Session("H22D06", CT, branch="main", version="2.1.7", start="2025-11-21T14:00:00")
    s.prompt("run the caption lint on week 8 before I upload")
    s.bash("python -m captions.lint vtt/week8/*.vtt", "Lint week 8",
           out="vtt/week8/lec2.vtt: cue 311 at 18.9 cps (limit 17)\nvtt/week8/lec2.vtt: cue 312 at 17.6 cps (limit 17)\nvtt/week8/lec4.vtt: cue 77 at 21.0 cps (limit 17)\n3 problems")
    s.bash("python -m captions.vtt transcripts/week8/lec2.json transcripts/week8/lec4.json --max-chars 42 --max-lines 2 --max-cps 17 --extend-into-gaps -o vtt/week8/ "
           "&& python -m captions.lint vtt/week8/*.vtt", "Regenerate the two lectures, letting cues use the pauses", out="wrote 2 files, 2460 cues\n0 problems")
    s.say("Three cues in lec2 and lec4 were over 17 cps. With `--extend-into-gaps` they use the pause after them, and lint is clean now. "
          "Do you want me to re-run week 6 with the same option too?", end=True)
    s.prompt("no, that's fine, week 6 was checked by hand. thanks")
    return s
