"""gen-holdout-19: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

LEDGER_SYNC = "/home/tariq/src/ledger-sync"
RECIPE = "/home/bruno/dev/recipe-box"
ROTA = "/home/wen/src/rota-api"
FORMFLOW = "/Users/akira/src/formflow"
TELEMETRY = "/home/olu/work/fleet-telemetry"
BOOKSHELF = "/home/sofia/code/bookshelf"
TILEMILL = "/home/jonas/src/tilemill-rs"
RUNTRACK = "/Users/lena/dev/RunTrack-iOS"
VENUE = "/home/dario/src/venue-portal"
WAREHOUSE = "/home/svetlana/ops/warehouse-db"

unrelated(LEDGER_SYNC, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"},
          "git status")
unrelated(RECIPE, "pre_tool", "Read", {"file_path": f"{RECIPE}/README.md"}, "read README")
unrelated(ROTA, "pre_tool", "Bash", {"command": "ruff check rota/", "description": "Lint the package"}, "ruff")
unrelated(FORMFLOW, "pre_tool", "Glob", {"pattern": "exporter/**/*_test.go"}, "glob")
unrelated(TELEMETRY, "pre_tool", "Grep", {"pattern": "class .*Enricher\\b", "path": f"{TELEMETRY}/enrichers",
                                          "output_mode": "content"}, "grep")
unrelated(BOOKSHELF, "prompt", None, "what does BookQuerySet.available() filter on, stock or publication date?",
          "question")
unrelated(TILEMILL, "pre_tool", "Bash", {"command": "cargo test -p tile-core", "description": "Core tests"}, "cargo test")
unrelated(RUNTRACK, "pre_tool", "Edit", {"file_path": f"{RUNTRACK}/README.md",
                                         "old_string": "Open `RunTrack.xcodeproj` and run the RunTrack sheme.\n",
                                         "new_string": "Open `RunTrack.xcodeproj` and run the RunTrack scheme.\n",
                                         "replace_all": False}, "README typo fix")
unrelated(VENUE, "pre_tool", "Bash", {"command": "git log --oneline -10", "description": "Recent commits"}, "git log")
unrelated(WAREHOUSE, "prompt", None, "great, thanks, that's everything for today", "closing remark")
