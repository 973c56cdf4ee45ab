"""gen-holdout-3: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

SKY = "/home/jonas/games/Skyforge"
LED = "/home/kofi/go/src/github.com/tideline/ledger-api"
PR = "/home/ines/code/parcel-router"
HIVE = "/home/yuki/dev/hive"
FP = "/home/elif/work/fleet-portal"
GEO = "/home/greta/oss/geotiler"
CB = "/home/mateo/projects/clinic-booking"
VS = "/home/noor/src/vendor-sync"

unrelated(SKY, "pre_tool", "Read", {"file_path": f"{SKY}/README.md"}, "read README")
unrelated(LED, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"}, "git status")
unrelated(PR, "pre_tool", "Bash", {"command": "cargo clippy --all-targets -- -D warnings", "description": "Run clippy"}, "clippy")
unrelated(HIVE, "pre_tool", "Grep", {"pattern": "def list_projects", "path": f"{HIVE}/lib", "output_mode": "files_with_matches"}, "grep")
unrelated(FP, "pre_tool", "Glob", {"pattern": "src/app/**/*.component.ts"}, "glob")
unrelated(GEO, "pre_tool", "Edit", {"file_path": f"{GEO}/README.md", "old_string": "Tiles are cached in memroy",
                                   "new_string": "Tiles are cached in memory", "replace_all": False}, "README typo fix")
unrelated(CB, "prompt", None, "which statuses can an appointment have besides confirmed and cancelled?", "question about the model")
unrelated(VS, "prompt", None, "thanks, that's all for today", "closing remark")
