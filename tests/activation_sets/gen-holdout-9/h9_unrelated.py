"""gen-holdout-9: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

HARBOR = "/Users/mika/p4/harbor-heist"
QDOCS = "/home/bram/src/quarrydb-docs"
TELE = "/home/omar/src/telemetry-store"
FLOOD = "/home/sofia/gis/flood-exposure"
ORDERS = "/home/greta/src/orders-events"
ATELIER = "/Users/jules/dev/atelier-shop"
EEG = "/Users/henrik/lab/eeg-toolbox"
EDGE = "/home/elif/infra/edge-proxy"
INCKIT = "/home/tomasz/ops/incident-kit"

unrelated(HARBOR, "pre_tool", "Glob", {"pattern": "Source/HarborHeist/**/*.h"}, "glob")
unrelated(QDOCS, "pre_tool", "Read", {"file_path": f"{QDOCS}/README.md"}, "read README")
unrelated(TELE, "pre_tool", "Grep", {"pattern": "class ReadingController", "path": f"{TELE}/src",
                                     "output_mode": "content"}, "grep")
unrelated(FLOOD, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(ORDERS, "pre_tool", "Bash", {"command": "mvn -q -DskipTests package", "description": "Build the jar"}, "build")
unrelated(ATELIER, "pre_tool", "Bash", {"command": "pnpm lint", "description": "Run ESLint"}, "lint")
unrelated(EEG, "prompt", None, "what's the difference between filter and filtfilt again?", "question")
unrelated(EDGE, "pre_tool", "Edit", {"file_path": f"{EDGE}/README.md",
                                     "old_string": "Configs are reloaded automaticaly by the deploy hook.\n",
                                     "new_string": "Configs are reloaded automatically by the deploy hook.\n",
                                     "replace_all": False}, "README typo fix")
unrelated(INCKIT, "prompt", None, "thanks, that's all for today", "closing remark")
