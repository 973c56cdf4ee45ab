"""gen-holdout-13: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

TILES = "/Users/keiko/code/tileserver"
VAULT = "/home/ifeoma/src/tessera-vault"
CLINIC = "/home/analucia/src/ClinicBooking"
NAS = "/home/ines/ops/nas-admin"
SPECTRA = "/home/oskar/src/spectra-viewer"
MOBIL = "/home/yuki/research/mobility-panel"
ISLAND = "/Users/theo/dev/island-tycoon"
PARK = "/home/dario/AndroidStudioProjects/ParkPass"
DBR = "/home/kofi/ops/db-runbooks"

unrelated(TILES, "pre_tool", "Glob", {"pattern": "src/**/*.rs"}, "glob")
unrelated(VAULT, "pre_tool", "Read", {"file_path": f"{VAULT}/README.md"}, "read README")
unrelated(CLINIC, "pre_tool", "Grep", {"pattern": "class Patient\\b", "path": f"{CLINIC}/src", "output_mode": "content"},
          "grep")
unrelated(NAS, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(SPECTRA, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"},
          "git status")
unrelated(MOBIL, "prompt", None, "how do I put the y axis on a log scale in matplotlib?", "question")
unrelated(ISLAND, "pre_tool", "Edit", {"file_path": f"{ISLAND}/README.md",
                                       "old_string": "Run `rojo serve` and conect from Studio.\n",
                                       "new_string": "Run `rojo serve` and connect from Studio.\n",
                                       "replace_all": False}, "README typo fix")
unrelated(PARK, "pre_tool", "Bash", {"command": "./gradlew --version", "description": "Gradle version"}, "gradle version")
unrelated(DBR, "prompt", None, "thanks, that's all for today", "closing remark")
