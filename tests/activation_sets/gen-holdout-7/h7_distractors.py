"""gen-holdout-7: sessions in the same areas with no correction (compliant work, thanks, a near-miss 'no')."""
from cc import Session
from registry import distractor

FJORD = "/Users/henrik/code/fjord-cms"
CLICK = "/home/yusuf/work/clickstream-reports"
LIDAR = "/home/hyejin/src/lidarview-lite"
SEIS = "/home/anouk/research/seismic-picker"


@distractor("H7D01", "draft-pull-requests", "a draft PR without reviewers")
def H7D01():
    s = Session("H7D01", FJORD, branch="feat/gallery-alt-text", version="2.0.76", start="2025-11-25T11:08:00")
    s.prompt("alt text for gallery images is done, open the PR")
    s.bash("git push -u origin feat/gallery-alt-text", "Push the branch",
           out="branch 'feat/gallery-alt-text' set up to track 'origin/feat/gallery-alt-text'.")
    s.bash("gh pr create --draft --title \"Alt text for gallery images\" --body \"Adds an alt text field per gallery image, "
           "falls back to the caption, and warns in the editor when both are empty.\"", "Open a draft PR",
           out="Creating draft pull request for feat/gallery-alt-text into main in fjord-cms/fjord\n\n"
               "https://github.com/fjord-cms/fjord/pull/1197")
    s.say("Opened draft #1197 with no reviewers; CI is running (the visual regression job usually takes about 20 minutes).",
          end=True)
    s.prompt("great, I'll mark it ready once the visual diffs are in")
    s.say("Sounds good.", end=True)
    return s


@distractor("H7D02", "bigquery-cost", "dry run first, partition filter; near-miss 'no, that's fine'")
def H7D02():
    s = Session("H7D02", CLICK, branch="main", version="2.0.76", start="2025-11-19T09:14:00")
    s.prompt("how many sessions came from the spring newsletter last week?")
    q = ("SELECT COUNT(DISTINCT session_id) AS sessions FROM `larkspur-prod.analytics.events` WHERE event_date BETWEEN "
         "\"2026-03-09\" AND \"2026-03-15\" AND utm_campaign = \"spring-newsletter\"")
    s.bash(f"bq query --dry_run --use_legacy_sql=false '{q}'", "Estimate the bytes",
           out="Query successfully validated. Assuming the tables are not modified, running this query will process upper "
               "bound of 9412556201 bytes of data.")
    s.bash(f"bq query --use_legacy_sql=false --format=csv '{q}'", "Run it (9.4 GB)", out="sessions\n4127")
    s.say("**4,127** sessions from the spring newsletter between 9 and 15 March (event_date, inclusive), from "
          "`analytics.events` where `utm_campaign = \"spring-newsletter\"`. The dry run estimated 9.4 GB.\n\nWant me to break it "
          "down by day, or widen it to the whole month?", end=True)
    s.prompt("no, that's fine, the week total is all I need")
    s.say("OK.", end=True)
    return s


@distractor("H7D03", "cmake-builds", "a new test built with the preset")
def H7D03():
    s = Session("H7D03", LIDAR, branch="test/ply-binary", version="2.1.7", start="2026-01-12T15:30:00")
    s.prompt("add a test for the PLY reader's binary little-endian path")
    s.write(f"{LIDAR}/tests/ply_binary_test.cpp",
            "#include <catch2/catch_test_macros.hpp>\n#include \"io/ply_reader.hpp\"\n\n"
            "TEST_CASE(\"binary little-endian PLY is read\") {\n  auto cloud = lv::read_ply(\"data/cube_le.ply\");\n"
            "  REQUIRE(cloud.size() == 8);\n  CHECK(cloud.points[7].x == 1.0f);\n}\n")
    tl = "add_executable(lidarview_tests\n  ply_ascii_test.cpp\n  octree_test.cpp\n)\n"
    s.edit(f"{LIDAR}/tests/CMakeLists.txt", "  ply_ascii_test.cpp\n", "  ply_ascii_test.cpp\n  ply_binary_test.cpp\n", tl)
    s.bash("cmake --build --preset dev --target lidarview_tests && ctest --preset dev -R ply", "Build and run the PLY tests",
           out="Test project /home/hyejin/src/lidarview-lite/build/dev\n    Start 1: ply_ascii\n1/2 Test #1: ply_ascii ........   "
               "Passed    0.02 sec\n    Start 2: ply_binary\n2/2 Test #2: ply_binary .......   Passed    0.01 sec\n\n"
               "100% tests passed, 0 tests failed out of 2")
    s.say("Added `ply_binary_test.cpp` with an 8-point little-endian cube; it passes alongside the ASCII test.", end=True)
    s.prompt("thanks")
    return s


@distractor("H7D04", "dvc-data", "pull data with dvc, retrain, report metrics")
def H7D04():
    s = Session("H7D04", SEIS, branch="main", version="2.1.7", start="2026-04-21T09:02:00")
    s.prompt("retrain the picker on march + april and tell me the F1 on the held-out stations")
    s.bash("dvc pull data/raw/2026-03.dvc data/raw/2026-04.dvc", "Fetch the recordings",
           out="A       data/raw/2026-03/\nA       data/raw/2026-04/\n2 files added and 2791 files fetched")
    s.bash("dvc repro train", "Run the training stage", timeout=3600000, lo=900, hi=2400,
           out="Running stage 'train':\n> python -m picker.train --config params.yaml\nepoch 30/30  loss 0.0412  val_f1 0.903\n"
               "Updating lock file 'dvc.lock'")
    s.bash("dvc metrics show", "Show the metrics",
           out="Path                 f1_p     f1_s     precision_p    recall_p\nmetrics/heldout.json  0.931    0.874    0.944          0.918")
    s.say("Retrained on March and April. On the held-out stations: F1 0.931 for P picks and 0.874 for S picks "
          "(`metrics/heldout.json`). `dvc.lock` is updated; want me to commit it?", end=True)
    s.prompt("yes please")
    s.bash("git add dvc.lock metrics/heldout.json && git commit -m \"train: retrain on March and April 2026\"", "Commit",
           out="[main 9b17e02] train: retrain on March and April 2026\n 2 files changed, 14 insertions(+), 10 deletions(-)")
    s.say("Committed.", end=True)
    return s
