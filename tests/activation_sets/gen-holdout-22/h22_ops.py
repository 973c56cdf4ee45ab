"""gen-holdout-22, lessons about builds, releases and operations: H22L17-H22L24."""
from cc import Session
from registry import (lesson, fire_bash, silent_bash, fire_edit, silent_edit, fire_write, silent_write,
                      silent_read, fire_read, fire_prompt, silent_prompt)

VOD = "/srv/media/vod-packager"
GT = "/home/elif/transit/gtfs-builder"
EB = "/Users/clara/press/epub-sources"
WX = "/Users/henrik/dev/fieldlog-desktop"
RP = "/home/bram/gemeente/reports-pipeline"
CH = "/Users/oskar/dev/clubhouse"
TP = "/home/femi/oss/tidyparse"
SV = "/home/greta/surveys/wellbeing-2025"


# -----------------------------------------------------------------------------
L17_CORR = ("```\n$ mediastreamvalidator out/harbour_lights/master.m3u8\nError: Measured segment duration differs from EXTINF\n"
            "--> 720p/stream.m3u8 segment 14: EXTINF 4.000, measured 6.006\nError: Variant target durations differ\n"
            "--> 1080p: 7, 720p: 6, 480p: 5\n```\n"
            "every rendition needs the same closed GOP on a fixed cadence so the segment boundaries line up across the "
            "ladder: at 24 fps that's -g 48 -keyint_min 48 -sc_threshold 0 (2 s GOPs, two per 4 s segment), or "
            "force_key_frames on an expression. No scene-cut keyframes, no encoder defaults.")

@lesson("H22L17", "streaming-video-packaging", "pasted-validator-output-then-rule",
        ["sc_threshold", "keyint_min", "segment boundaries"], [
    fire_bash("ffmpeg -i src/tidewater_ep2.mov -c:v libx265 -crf 24 -preset medium -c:a aac -b:a 128k -f hls -hls_time 6 "
              "-hls_playlist_type vod out/tidewater_ep2/full.m3u8", "Encode episode 2 for streaming",
              note="HLS muxer straight from ffmpeg, x265 defaults"),
    fire_write(f"{VOD}/scripts/ladder_uhd.sh",
               "#!/bin/bash\nset -euo pipefail\nIN=$1\nfor h in 2160 1440 1080; do\n"
               "  ffmpeg -y -i \"$IN\" -vf scale=-2:$h -c:v libx264 -preset slow -crf 20 -an \"work/${h}p.mp4\"\ndone\n",
               note="4K ladder with no keyframe control"),
    silent_bash("./scripts/ladder.sh masters/tidewater_ep2.mov out/tidewater_ep2 --fps 25", "Package ep2 with the fixed GOP",
                note="the corrected script"),
    silent_bash("ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate,width,height masters/tidewater_ep2.mov",
                "Frame rate of the master", note="read-only"),
])
def H22L17():
    s = Session("H22L17", VOD, branch="main", version="2.1.9", start="2026-01-06T10:30:00")
    s.prompt("package the Harbour Lights documentary (masters/harbour_lights.mov) into our usual HLS ladder, 1080/720/480, 4 s segments")
    s.bash("ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate,width,height -of csv=p=0 masters/harbour_lights.mov",
           "Probe the master", out="1920,1080,24/1")
    sh = ("#!/bin/bash\nset -euo pipefail\nIN=$1; OUT=$2\nmkdir -p work \"$OUT\"\nfor r in 1080:5000k 720:3000k 480:1200k; do\n"
          "  h=${r%%:*}; b=${r##*:}\n  ffmpeg -y -i \"$IN\" -vf scale=-2:$h -c:v libx264 -preset veryfast -b:v $b -c:a aac -b:a 128k \"work/${h}p.mp4\"\ndone\n"
          "packager \\\n  in=work/1080p.mp4,stream=video,playlist_name=1080p/stream.m3u8 \\\n  in=work/720p.mp4,stream=video,playlist_name=720p/stream.m3u8 \\\n"
          "  in=work/480p.mp4,stream=video,playlist_name=480p/stream.m3u8 \\\n  in=work/1080p.mp4,stream=audio,playlist_name=audio/stream.m3u8,hls_group_id=aud \\\n"
          "  --segment_duration 4 --hls_master_playlist_output \"$OUT/master.m3u8\"\n")
    s.write(f"{VOD}/scripts/ladder.sh", sh)
    s.bash("./scripts/ladder.sh masters/harbour_lights.mov out/harbour_lights 2>&1 | tail -1", "Encode and package", timeout=600000,
           out="Packaging completed successfully.")
    s.say("Harbour Lights is packaged: `out/harbour_lights/master.m3u8` with 1080p/720p/480p renditions plus one audio group, in 4 s segments.", end=True)
    s.turn_done()
    s.prompt(L17_CORR, correction=True)
    s.edit(f"{VOD}/scripts/ladder.sh", "-c:v libx264 -preset veryfast -b:v $b ",
           "-c:v libx264 -preset veryfast -b:v $b -maxrate $b -bufsize $((${b%k}*2))k -g $GOP -keyint_min $GOP -sc_threshold 0 -flags +cgop ", sh)
    s.edit(f"{VOD}/scripts/ladder.sh", "IN=$1; OUT=$2\n",
           "IN=$1; OUT=$2\nFPS=$(ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 \"$IN\" | bc)\nGOP=$((FPS * 2))\n",
           sh.replace("-c:v libx264 -preset veryfast -b:v $b ",
                      "-c:v libx264 -preset veryfast -b:v $b -maxrate $b -bufsize $((${b%k}*2))k -g $GOP -keyint_min $GOP -sc_threshold 0 -flags +cgop "))
    s.bash("./scripts/ladder.sh masters/harbour_lights.mov out/harbour_lights 2>&1 | tail -1 && mediastreamvalidator out/harbour_lights/master.m3u8 | tail -3",
           "Re-package and validate", timeout=600000,
           out="Packaging completed successfully.\nProcessed 4 out of 4 variants\nNo problems found")
    s.say("The ladder now uses a closed 2 s GOP at the source frame rate (`-g 48 -keyint_min 48 -sc_threshold 0` for this 24 fps master), the same in every rendition. "
          "Segments are an exact 4 s everywhere and mediastreamvalidator finds no problems.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
L18_CORR = ("so this morning realtime arrivals were gone for every route in Google Maps and the Transit app, and the "
            "ops desk had riders calling from 6am. the feed you published renumbered every trip_id (T1...T4810), and the "
            "GTFS-RT TripUpdates from the AVL system still carry the HASTUS trip numbers, so nothing matched. trip_id, "
            "stop_id and route_id are stable keys: they come from the source system (HASTUS trip number, stop code) and "
            "are never regenerated, not even when the timetable changes. where trip numbers repeat across service "
            "calendars, use the composite the AVL side already sends (calendar + trip number). fix the builder and republish.")

@lesson("H22L18", "public-transit-data", "consequences-next-morning",
        ["stable keys", "TripUpdates", "renumbered"], [
    fire_edit(f"{GT}/gtfs_builder/stops.py", "            stop_id=row[\"stop_code\"],\n", "            stop_id=f\"S{idx:05d}\",\n",
              note="sequential stop ids"),
    fire_prompt("for the rebrand, make the identifiers in our open data download short and sequential, none of that legacy scheduling junk",
                note="asks for new ids"),
    silent_bash("python tools/match_rt.py out/spring-2026.zip --rt https://avl.citybus.example/gtfs-rt/tripupdates", "Check realtime still matches",
                note="compliant check"),
    silent_edit(f"{GT}/gtfs_builder/trips.py", "            headsign=row[\"dest_text\"],\n", "            headsign=row[\"dest_text\"].strip(),\n",
                note="headsign cleanup"),
])
def H22L18():
    s = Session("H22L18", GT, branch="main", version="2.0.76", start="2025-11-28T16:00:00")
    s.prompt("build the winter timetable feed from exports/winter-2025/ and publish it, it starts Sunday")
    s.bash("python -m gtfs_builder exports/winter-2025 -o out/winter-2025.zip && java -jar gtfs-validator.jar -i out/winter-2025.zip -o out/validation | tail -2",
           "Build and validate", out="E duplicate_key: 1204 notices (trips.txt trip_id)\n1 error type, 12 warning types")
    tr = ("def build_trips(rows):\n    trips = []\n    for row in rows:\n        trips.append(Trip(\n            trip_id=row[\"trip_no\"],\n"
          "            route_id=row[\"line\"],\n            service_id=row[\"calendar\"],\n            headsign=row[\"dest_text\"],\n        ))\n    return trips\n")
    s.read(f"{GT}/gtfs_builder/trips.py", tr)
    s.say("The winter export reuses trip numbers across the weekday and Saturday calendars, so trip_id isn't unique. I'll generate unique ids.")
    s.edit(f"{GT}/gtfs_builder/trips.py", "    for row in rows:\n        trips.append(Trip(\n            trip_id=row[\"trip_no\"],\n",
           "    for i, row in enumerate(rows, 1):\n        trips.append(Trip(\n            trip_id=f\"T{i}\",\n", tr)
    s.bash("python -m gtfs_builder exports/winter-2025 -o out/winter-2025.zip && java -jar gtfs-validator.jar -i out/winter-2025.zip -o out/validation | tail -1 "
           "&& ./publish.sh out/winter-2025.zip", "Rebuild, validate, publish",
           out="0 error types, 12 warning types\nuploaded https://data.citybus.example/gtfs/latest.zip\nnotified: google-transit, transitapp, moovit")
    s.say("The winter feed is published: validator errors are down to 0 (12 warnings, all pre-existing), and Google, Transit and Moovit have been notified.", end=True)
    s.prompt(L18_CORR, correction=True)
    tr2 = tr.replace("    for row in rows:\n        trips.append(Trip(\n            trip_id=row[\"trip_no\"],\n",
                     "    for i, row in enumerate(rows, 1):\n        trips.append(Trip(\n            trip_id=f\"T{i}\",\n")
    s.edit(f"{GT}/gtfs_builder/trips.py", "    for i, row in enumerate(rows, 1):\n        trips.append(Trip(\n            trip_id=f\"T{i}\",\n",
           "    for row in rows:\n        trips.append(Trip(\n            trip_id=f\"{row['calendar']}_{row['trip_no']}\",\n", tr2)
    s.bash("python -m gtfs_builder exports/winter-2025 -o out/winter-2025.zip && "
           "python tools/match_rt.py out/winter-2025.zip --rt https://avl.citybus.example/gtfs-rt/tripupdates", "Rebuild and match against live realtime",
           out="matched 3911/3924 trip updates (99.7%); 13 unmatched are deadhead trips not in the public feed")
    s.bash("./publish.sh out/winter-2025.zip", "Republish",
           out="uploaded https://data.citybus.example/gtfs/latest.zip\nnotified: google-transit, transitapp, moovit")
    s.say("Sorry about the morning. trip_id is now the composite the AVL sends (`<calendar>_<trip_no>`), which is unique and stable, and I didn't touch stop and route ids. "
          "Against the live TripUpdates 99.7% match; the 13 misses are deadheads. The corrected feed is republished. Google usually picks it up within a few hours.", end=True)
    return s


# -----------------------------------------------------------------------------
L19_CORR = ("why are you zipping it by hand? an EPUB isn't any zip: `mimetype` has to be the first entry and stored "
            "uncompressed, the rest goes in after it without extra attributes. your zip -r deflated mimetype, put it "
            "fourth and threw in .DS_Store, and Apple bounces exactly that. that's what `make epub` is for, and it runs "
            "epubcheck at the end. did you run epubcheck at all?")

@lesson("H22L19", "ebook-production", "question-pushback",
        ["make epub", "first entry", "epubcheck"], [
    fire_bash("cd books/winter-orchard && 7z a -tzip ../../dist/winter-orchard.epub *", "Package Winter Orchard",
              note="7z instead of zip"),
    fire_prompt("Kobo flagged the cover on Winter Orchard as too small; swap in the 1600px version and send me the new file",
                note="asks for a rebuilt book"),
    silent_bash("make epub BOOK=winter-orchard", "Build with the Makefile", note="compliant"),
    silent_bash("unzip -l dist/the-salt-road.epub | head -6", "List the first entries", note="read-only"),
])
def H22L19():
    s = Session("H22L19", EB, branch="main", version="2.1.31", start="2026-02-02T12:45:00")
    s.prompt("fix the 'recieve' typo in chapter 3 of The Salt Road and rebuild the epub for Kobo")
    s.grep("recieve", path=f"{EB}/books/the-salt-road", mode="content",
           lines=[f"{EB}/books/the-salt-road/OEBPS/text/ch03.xhtml:112:<p>She did not expect to recieve an answer before the thaw.</p>"])
    ch = "<p>She did not expect to recieve an answer before the thaw.</p>\n"
    s.edit(f"{EB}/books/the-salt-road/OEBPS/text/ch03.xhtml", "to recieve an", "to receive an", ch)
    s.bash("cd books/the-salt-road && rm -f ../../dist/the-salt-road.epub && zip -r ../../dist/the-salt-road.epub .", "Rebuild the epub",
           out="  adding: .DS_Store (deflated 94%)\n  adding: META-INF/ (stored 0%)\n  adding: META-INF/container.xml (deflated 33%)\n"
               "  adding: mimetype (deflated 2%)\n  adding: OEBPS/ (stored 0%)\n  adding: OEBPS/content.opf (deflated 71%)\n  ...")
    s.say("Typo fixed in chapter 3, and `dist/the-salt-road.epub` is rebuilt for Kobo.", end=True)
    s.prompt(L19_CORR, correction=True)
    s.bash("epubcheck dist/the-salt-road.epub | head -3", "Check the hand-made file", code=1,
           out="ERROR(PKG-006): dist/the-salt-road.epub/mimetype: Mimetype file entry is missing or is not the first file in the archive.\n"
               "ERROR(PKG-007): dist/the-salt-road.epub/mimetype: Mimetype file should only contain the string \"application/epub+zip\" and should not be compressed.")
    s.bash("make epub BOOK=the-salt-road", "Build it properly",
           out="cd books/the-salt-road && zip -X0 ../../dist/the-salt-road.epub mimetype\n"
               "cd books/the-salt-road && zip -rX9 ../../dist/the-salt-road.epub META-INF OEBPS -x '*.DS_Store'\n"
               "epubcheck dist/the-salt-road.epub\nNo errors or warnings detected.\nMessages: 0 fatals / 0 errors / 0 warnings / 0 infos")
    s.say("No, I hadn't run epubcheck, and it fails the hand-zipped file (PKG-006 and PKG-007). Rebuilt with `make epub BOOK=the-salt-road`, "
          "which puts `mimetype` first and stored and leaves out `.DS_Store`. epubcheck is clean now. That file is the one to send to Kobo.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
L20_CORR = ("stop. the UpgradeCode never changes, not for a rename and not for 3.0. it's how MajorUpgrade finds the old "
            "install and removes it; with a new one 3.0 installs next to 2.x, people get two entries in Apps & features "
            "and the 2.x updater keeps running. only Version changes (the ProductCode is generated on every build anyway).")

@lesson("H22L20", "windows-installers", "interrupted-then-stop",
        ["UpgradeCode never changes", "MajorUpgrade", "Apps & features"], [
    fire_bash("sed -i \"s/UpgradeCode=\\\"[0-9A-F-]*\\\"/UpgradeCode=\\\"$(uuidgen | tr a-z A-Z)\\\"/\" installer/Package.wxs",
              "Regenerate the package GUID", note="sed with uuidgen"),
    fire_prompt("after the rebrand to Nordlys Field, give the installer its own fresh identity so nothing ties it to the FieldLog package anymore",
                note="asks for a fresh installer identity"),
    silent_edit(f"{WX}/installer/Package.wxs", "           Version=\"3.0.0\"\n", "           Version=\"3.0.1\"\n", note="version bump only"),
    silent_bash("dotnet build installer/FieldLog.Installer.wixproj -c Release", "Build the MSI", note="build"),
])
def H22L20():
    s = Session("H22L20", WX, branch="release/3.0", version="2.0.37", start="2025-10-09T13:15:00")
    s.prompt("3.0 release: rename the product to 'FieldLog Pro' in the installer and bump it to 3.0.0")
    wxs = ("<Wix xmlns=\"http://wixtoolset.org/schemas/v4/wxs\">\n  <Package Name=\"FieldLog\"\n           Manufacturer=\"Nordlys Instruments AS\"\n"
           "           Version=\"2.9.4\"\n           UpgradeCode=\"8C3B7E2A-5F41-4D6C-9B0E-2A7D1F6C4E93\">\n"
           "    <MajorUpgrade DowngradeErrorMessage=\"A newer version of [ProductName] is already installed.\" />\n"
           "    <MediaTemplate EmbedCab=\"yes\" />\n")
    s.read(f"{WX}/installer/Package.wxs", wxs, limit=7, total=58)
    wxs2 = s.edit(f"{WX}/installer/Package.wxs", "  <Package Name=\"FieldLog\"\n", "  <Package Name=\"FieldLog Pro\"\n", wxs)
    wxs3 = s.edit(f"{WX}/installer/Package.wxs", "           Version=\"2.9.4\"\n", "           Version=\"3.0.0\"\n", wxs2)
    s.say("Since 3.0 is a new major version with a new name, I'll also give the package a fresh UpgradeCode.")
    s.interrupt_tool("Edit", {"file_path": f"{WX}/installer/Package.wxs",
                              "old_string": "           UpgradeCode=\"8C3B7E2A-5F41-4D6C-9B0E-2A7D1F6C4E93\">\n",
                              "new_string": "           UpgradeCode=\"E51D0A93-7C2B-4F18-A6D4-93B0C7E12F58\">\n", "replace_all": False})
    s.prompt(L20_CORR, correction=True)
    s.bash("dotnet build installer/FieldLog.Installer.wixproj -c Release 2>&1 | tail -2", "Build the MSI",
           out="  FieldLog.Installer -> /Users/henrik/dev/fieldlog-desktop/installer/bin/Release/FieldLog-Pro-3.0.0-x64.msi\nBuild succeeded.")
    s.bash("grep -o 'UpgradeCode=\"[^\"]*\"' installer/Package.wxs && git diff --stat", "Confirm the UpgradeCode is untouched",
           out="UpgradeCode=\"8C3B7E2A-5F41-4D6C-9B0E-2A7D1F6C4E93\"\n installer/Package.wxs | 4 ++--\n 1 file changed, 2 insertions(+), 2 deletions(-)")
    s.say("I didn't make that edit. The UpgradeCode is still `8C3B7E2A-…`, so MajorUpgrade replaces 2.x in place. The diff is only the name "
          "(`FieldLog Pro`) and `Version=\"3.0.0\"`, and the MSI builds.", end=True)
    return s


# -----------------------------------------------------------------------------
L21_CORR = ("Actually, we can't put our PDFs through Ghostscript. pdfwrite throws away the structure tree, so the "
            "headings, reading order, table headers, alt text and the document language are gone and the file no longer "
            "passes PDF/UA. Everything the council publishes has to pass the accessibility check under the Web "
            "Accessibility Directive. To get the size down, downsample the images before WeasyPrint renders "
            "(scripts/shrink_images.py), keep --pdf-variant pdf/ua-1, and run veraPDF on the result.")

@lesson("H22L21", "accessible-pdfs", "polite-actually",
        ["structure tree", "veraPDF", "pdf/ua-1"], [
    fire_bash("pdftocairo -pdf out/budget-2026.pdf out/budget-2026-small.pdf", "Lighter copy of the budget",
              note="re-renders through cairo, which drops tags"),
    fire_prompt("the housing strategy is too heavy for the council portal, get it under 10 MB", note="asks for a smaller document"),
    silent_bash("python scripts/shrink_images.py content/budget-2026/img --max-px 1600 && weasyprint --pdf-variant pdf/ua-1 build/budget-2026.html out/budget-2026.pdf",
                "Smaller images, re-render", note="compliant"),
    silent_bash("verapdf --flavour ua1 out/annual-report-2025.pdf | tail -3", "Check conformance", note="read-only"),
])
def H22L21():
    s = Session("H22L21", RP, branch="main", version="2.1.9", start="2026-01-21T09:35:00")
    s.prompt("the annual report PDF is 38 MB and the website's upload limit is 10 MB. make it fit")
    s.bash("ls -lh out/annual-report-2025.pdf && pdfimages -list out/annual-report-2025.pdf | awk 'NR>2{print $4\"x\"$5}' | sort | uniq -c | sort -rn | head -3",
           "Size and image dimensions", out="-rw-r--r-- 1 bram bram 38M Jan 20 16:02 out/annual-report-2025.pdf\n     31 6000x4000\n      9 4032x3024\n      4 2400x1600")
    s.bash("gs -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook -dNOPAUSE -dBATCH -q -sOutputFile=out/annual-report-2025-web.pdf out/annual-report-2025.pdf "
           "&& ls -lh out/annual-report-2025-web.pdf", "Compress with Ghostscript",
           out="-rw-r--r-- 1 bram bram 7.9M Jan 21 09:38 out/annual-report-2025-web.pdf")
    s.say("`out/annual-report-2025-web.pdf` is 7.9 MB, compressed with Ghostscript's `/ebook` preset (images at 150 dpi, text stays vector).", end=True)
    s.prompt(L21_CORR, correction=True)
    s.bash("rm out/annual-report-2025-web.pdf && python scripts/shrink_images.py content/annual-report-2025/img --max-px 1800 --quality 80",
           "Downsample the source images", out="44 images resized, 212 MB -> 19 MB")
    s.bash("weasyprint --pdf-variant pdf/ua-1 build/annual-report-2025.html out/annual-report-2025.pdf && ls -lh out/annual-report-2025.pdf",
           "Re-render", out="-rw-r--r-- 1 bram bram 9.1M Jan 21 09:51 out/annual-report-2025.pdf")
    s.bash("verapdf --flavour ua1 out/annual-report-2025.pdf | grep -o 'isCompliant=\"[a-z]*\"'", "Check PDF/UA-1", out="isCompliant=\"true\"")
    s.say("I deleted the Ghostscript copy. The source images are downsampled to 1800 px before rendering, and WeasyPrint renders with `--pdf-variant pdf/ua-1`. "
          "The report is 9.1 MB and veraPDF reports it PDF/UA-1 compliant.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
L22_CORR = ("couple of problems:\n"
            "1. don't expand the series into one event per week. a weekly session is ONE VEVENT with an RRULE "
            "(FREQ=WEEKLY;UNTIL=...). otherwise moving or cancelling the session means 40 updates and subscribers end up "
            "with duplicates.\n"
            "2. no UTC for local events: DTSTART with TZID=Europe/Stockholm (and the VTIMEZONE). converting with "
            "today's offset puts every session an hour off after the clocks change on 26 October.\n"
            "3. cancelled weeks go in EXDATE, a moved single week gets a RECURRENCE-ID override.\n"
            "4. the UID stays the same per series (e.g. session-42@ikfalken.se) or every refresh adds copies.")

@lesson("H22L22", "calendaring", "numbered-list",
        ["RRULE", "TZID=Europe/Stockholm", "EXDATE"], [
    fire_edit(f"{CH}/courts/calendar.py", "def court_feed(court):\n    cal = Calendar()\n",
              "def court_feed(court):\n    cal = Calendar()\n    for slot in court.weekly_slots.all():\n        for n in range(26):\n"
              "            cal.add_component(slot.as_event(offset_days=7 * n))\n", note="26 copies of each weekly slot"),
    fire_prompt("the U12 coach wants the Saturday matches through May to show up on members' phones, and they'll skip the Easter weekend",
                note="asks for a repeating series with a gap"),
    silent_edit(f"{CH}/teams/feeds.py", "        ev.add(\"rrule\", {\"freq\": \"weekly\", \"until\": until})\n",
                "        ev.add(\"rrule\", {\"freq\": \"weekly\", \"until\": until})\n        for d in s.cancelled_dates:\n"
                "            ev.add(\"exdate\", local_dt(d, s.start_time))\n", note="adds exceptions the right way"),
    silent_bash("curl -s http://localhost:8000/teams/u14-girls/training.ics | head -20", "Look at a feed", note="read-only"),
])
def H22L22():
    s = Session("H22L22", CH, branch="feat/ics-feeds", version="2.0.14", start="2025-09-30T18:20:00")
    s.prompt("members want to subscribe to their team's training schedule in Google/Apple Calendar. add an .ics feed per team")
    mod = ("class TrainingSession(models.Model):\n    team = models.ForeignKey(Team, related_name=\"training_sessions\", on_delete=models.CASCADE)\n"
           "    weekday = models.IntegerField()\n    start_time = models.TimeField()\n    duration = models.DurationField()\n"
           "    first_date = models.DateField()\n    last_date = models.DateField()\n    location = models.CharField(max_length=120)\n")
    s.read(f"{CH}/teams/models.py", mod, offset=40, limit=8, total=96)
    feeds = ("from datetime import datetime, timedelta, timezone\n\nfrom icalendar import Calendar, Event\n\n\ndef team_calendar(team) -> bytes:\n"
             "    cal = Calendar()\n    cal.add(\"prodid\", \"-//Clubhouse//Training//EN\")\n    cal.add(\"version\", \"2.0\")\n"
             "    for s in team.training_sessions.all():\n        day = s.first_date\n        while day <= s.last_date:\n"
             "            start = datetime.combine(day, s.start_time).astimezone(timezone.utc)\n            ev = Event()\n"
             "            ev.add(\"uid\", f\"{s.pk}-{day.isoformat()}@clubhouse\")\n            ev.add(\"summary\", f\"{team.name} training\")\n"
             "            ev.add(\"dtstart\", start)\n            ev.add(\"dtend\", start + s.duration)\n            ev.add(\"location\", s.location)\n"
             "            cal.add_component(ev)\n            day += timedelta(weeks=1)\n    return cal.to_ical()\n")
    s.write(f"{CH}/teams/feeds.py", feeds)
    s.bash("python manage.py test teams.tests.test_feeds -v 0", "Run feed tests",
           out="----------------------------------------------------------------------\nRan 3 tests in 0.219s\n\nOK")
    s.say("Every team has a feed at `/teams/<slug>/training.ics`, with one event per training date between the first and last date. The tests pass.", end=True)
    s.prompt(L22_CORR, correction=True)
    s.write(f"{CH}/teams/feeds.py",
            "from datetime import datetime\nfrom zoneinfo import ZoneInfo\n\nfrom icalendar import Calendar, Event, Timezone\n\nTZ = ZoneInfo(\"Europe/Stockholm\")\n\n\n"
            "def local_dt(day, t):\n    return datetime.combine(day, t, tzinfo=TZ)\n\n\ndef team_calendar(team) -> bytes:\n    cal = Calendar()\n"
            "    cal.add(\"prodid\", \"-//Clubhouse//Training//EN\")\n    cal.add(\"version\", \"2.0\")\n"
            "    cal.add_component(Timezone.from_ical(STOCKHOLM_VTIMEZONE))\n    for s in team.training_sessions.all():\n        ev = Event()\n"
            "        ev.add(\"uid\", f\"session-{s.pk}@ikfalken.se\")\n        ev.add(\"summary\", f\"{team.name} training\")\n"
            "        ev.add(\"dtstart\", local_dt(s.first_date, s.start_time))\n        ev.add(\"duration\", s.duration)\n"
            "        until = local_dt(s.last_date, s.start_time)\n        ev.add(\"rrule\", {\"freq\": \"weekly\", \"until\": until})\n"
            "        for d in s.cancelled_dates:\n            ev.add(\"exdate\", local_dt(d, s.start_time))\n"
            "        for o in s.overrides.all():\n            cal.add_component(o.as_event(uid=f\"session-{s.pk}@ikfalken.se\"))\n"
            "        ev.add(\"location\", s.location)\n        cal.add_component(ev)\n    return cal.to_ical()\n", original=feeds)
    s.bash("python manage.py test teams.tests.test_feeds -v 0 && curl -s http://localhost:8000/teams/u14-girls/training.ics | grep -E '^(DTSTART|RRULE|EXDATE|UID)'",
           "Tests and a look at one feed",
           out="Ran 5 tests in 0.244s\n\nOK\nUID:session-17@ikfalken.se\nDTSTART;TZID=Europe/Stockholm:20250902T173000\n"
               "RRULE:FREQ=WEEKLY;UNTIL=20251216T163000Z\nEXDATE;TZID=Europe/Stockholm:20251028T173000")
    s.say("Each training series is now a single VEVENT: `DTSTART;TZID=Europe/Stockholm` plus a VTIMEZONE, a weekly RRULE until the last date, and cancelled weeks "
          "in EXDATE. A moved week is a RECURRENCE-ID override with the same UID (`session-<pk>@ikfalken.se`). I added tests for the October clock change and for a cancelled week.", end=True)
    return s


# -----------------------------------------------------------------------------
L23_CORR = ("if that goes out in a release, every project that depends on tidyparse and has its own pydantic or httpx "
            "pin gets a resolver conflict and can't install us at all. a library never pins exact versions in "
            "[project].dependencies. ranges only: a tested lower bound, and an upper bound only where we know it breaks "
            "(httpx>=0.24,<0.28 until we fix the proxies call). exact pins go in constraints/ci.txt for our own test runs.")

@lesson("H22L23", "python-library-packaging", "conditional-warning",
        ["resolver conflict", "constraints/ci.txt", "tested lower bound"], [
    fire_bash("uv add 'attrs==24.2.0' 'typing-extensions==4.12.2'", "Add the new runtime requirements",
              note="uv writes == into the library's metadata"),
    fire_prompt("numpy 2.1 broke things for a downstream user again; nail everything we rely on to what works today",
                note="asks to freeze the library's requirements"),
    silent_edit(f"{TP}/pyproject.toml", "    \"pydantic>=2.5,<3\",\n", "    \"pydantic>=2.5,<3\",\n    \"attrs>=23.1\",\n", note="new dependency as a range"),
    silent_bash("python -m build && twine check dist/*", "Build and check the distributions", note="build check"),
])
def H22L23():
    s = Session("H22L23", TP, branch="fix/412-httpx", version="2.1.7", start="2025-12-11T20:05:00")
    s.prompt("issue #412: someone's install broke because httpx 0.28 removed the `proxies` argument. make sure that can't happen again")
    pp = ("[project]\nname = \"tidyparse\"\nversion = \"1.8.0\"\nrequires-python = \">=3.9\"\ndependencies = [\n    \"httpx>=0.24\",\n"
          "    \"pydantic>=2.5\",\n    \"python-dateutil>=2.8\",\n]\n")
    s.read(f"{TP}/pyproject.toml", pp, limit=9, total=64)
    s.edit(f"{TP}/pyproject.toml", "    \"httpx>=0.24\",\n    \"pydantic>=2.5\",\n    \"python-dateutil>=2.8\",\n",
           "    \"httpx==0.27.2\",\n    \"pydantic==2.9.2\",\n    \"python-dateutil==2.9.0.post0\",\n", pp)
    s.bash("uv lock -q && uv run pytest -q", "Lock and test", out="112 passed in 3.41s")
    s.say("All three dependencies are pinned to the versions the test suite passes with, so a new httpx can't break installs. Shall I cut 1.8.1?", end=True)
    s.prompt(L23_CORR, correction=True)
    pp2 = pp.replace("    \"httpx>=0.24\",\n    \"pydantic>=2.5\",\n    \"python-dateutil>=2.8\",\n",
                     "    \"httpx==0.27.2\",\n    \"pydantic==2.9.2\",\n    \"python-dateutil==2.9.0.post0\",\n")
    s.edit(f"{TP}/pyproject.toml", "    \"httpx==0.27.2\",\n    \"pydantic==2.9.2\",\n    \"python-dateutil==2.9.0.post0\",\n",
           "    \"httpx>=0.24,<0.28\",  # <0.28 until #412 drops the proxies= call\n    \"pydantic>=2.5,<3\",\n    \"python-dateutil>=2.8\",\n", pp2)
    s.write(f"{TP}/constraints/ci.txt", "# exact versions for our own CI runs only; never copied into pyproject\nhttpx==0.27.2\npydantic==2.9.2\npython-dateutil==2.9.0.post0\n")
    s.bash("uv pip install -q -e . -c constraints/ci.txt && pytest -q && uv pip install -q -e . --resolution lowest-direct && pytest -q",
           "Test at the pinned and at the lowest versions", out="112 passed in 3.38s\n112 passed in 3.52s")
    s.say("`pyproject.toml` has ranges again: `httpx>=0.24,<0.28` with a comment pointing at #412, `pydantic>=2.5,<3` and `python-dateutil>=2.8`. "
          "The exact versions moved to `constraints/ci.txt`. Tests pass at those pins and at the lowest allowed versions.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
L24_CORR = ("leave the table, I'll redo it myself before the meeting. but never report plain means or counts from the "
            "panel: the sample is unbalanced on purpose (over-65s and the rural strata are oversampled), so an "
            "unweighted mean is simply wrong. every estimate goes through the svydesign object (ids = ~psu, strata = "
            "~stratum, weights = ~wt_final, nest = TRUE) with svymean / svyby, and the CIs come from that design too. "
            "could you at least put the design object in R/design.R so it's there for everyone?")

@lesson("H22L24", "survey-research", "takes-work-over",
        ["svydesign", "wt_final", "unweighted"], [
    fire_write(f"{SV}/analysis/employment_by_age.R",
               "library(dplyr)\n\nw3 <- readRDS(\"data/panel_w3.rds\")\nw3 |>\n  count(age_band, employed) |>\n  group_by(age_band) |>\n"
               "  mutate(share = n / sum(n))\n", note="shares from raw tallies"),
    fire_prompt("the funder asks what share of wave 3 respondents volunteer at least monthly, urban vs rural. can you get me the numbers?",
                note="asks for a population share"),
    silent_bash("Rscript -e \"source('R/design.R'); print(survey::svyby(~volunteer, ~urban, des_w3, survey::svymean, na.rm = TRUE))\"",
                "Weighted volunteering by urban/rural", note="compliant"),
    silent_prompt("what was the wave 3 response rate again?", note="question, no action"),
])
def H22L24():
    s = Session("H22L24", SV, branch="main", version="2.0.76", start="2025-11-24T16:40:00")
    s.prompt("quick one: loneliness prevalence by region from wave 3, as a table for tomorrow's steering group")
    s.bash("Rscript -e \"names(readRDS('data/panel_w3.rds'))\"", "Columns of wave 3",
           out=" [1] \"pid\"      \"psu\"      \"stratum\"  \"wt_final\" \"region\"   \"age_band\" \"urban\"    \"lonely\"   \"volunteer\" \"employed\"")
    s.write(f"{SV}/analysis/loneliness_by_region.R",
            "library(dplyr)\n\nw3 <- readRDS(\"data/panel_w3.rds\")\ntab <- w3 |>\n  group_by(region) |>\n"
            "  summarise(n = n(), lonely_pct = round(100 * mean(lonely, na.rm = TRUE), 1))\nknitr::kable(tab)\n")
    s.bash("Rscript analysis/loneliness_by_region.R", "Run",
           out="|region     |    n| lonely_pct|\n|:----------|----:|----------:|\n|East       |  812|       24.1|\n|North      |  944|       27.8|\n"
               "|South      | 1203|       21.5|\n|West       |  689|       23.0|")
    s.say("Loneliness by region, wave 3:\n\n| region | n | lonely % |\n|---|---|---|\n| East | 812 | 24.1 |\n| North | 944 | 27.8 |\n| South | 1203 | 21.5 |\n| West | 689 | 23.0 |", end=True)
    s.prompt(L24_CORR, correction=True)
    s.write(f"{SV}/R/design.R",
            "# Survey design for the wellbeing panel. Every estimate goes through these objects.\nlibrary(survey)\n\n"
            "w3 <- readRDS(\"data/panel_w3.rds\")\ndes_w3 <- svydesign(ids = ~psu, strata = ~stratum, weights = ~wt_final, nest = TRUE, data = w3)\n")
    s.bash("rm analysis/loneliness_by_region.R && Rscript -e \"source('R/design.R'); print(des_w3)\"", "Drop my table script, check the design loads",
           out="Stratified 1 - level Cluster Sampling design (with replacement)\nWith (212) clusters.\nsvydesign(ids = ~psu, strata = ~stratum, weights = ~wt_final, nest = TRUE, data = w3)")
    s.say("I've left the table to you and removed my unweighted script. `R/design.R` builds `des_w3` with psu, stratum, `wt_final` and `nest = TRUE`, "
          "so `svyby(~lonely, ~region, des_w3, svymean)` gives the weighted figures with design-based CIs.", end=True)
    return s
