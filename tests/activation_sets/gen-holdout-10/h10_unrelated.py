"""gen-holdout-10: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

TANDEM = "/Users/noa/src/tandem-mobile"
KIT = "/home/ines/work/contract-kit"
ADT = "/home/siobhan/src/adt-bridge"
DOCK = "/home/marek/src/shipdock"
VOLES = "/home/tomas/projects/vole-survey"
MARKET = "/home/ravi/src/marketplace-db"
PANTRY = "/Users/yuki/dev/pantry-app"
STUDIO = "/Users/jonas/admin/studio-backups"
FLEET = "/Users/priti/it/device-fleet"

unrelated(TANDEM, "pre_tool", "Glob", {"pattern": "android/app/src/main/res/values*/strings.xml"}, "glob")
unrelated(KIT, "pre_tool", "Read", {"file_path": f"{KIT}/README.md"}, "read README")
unrelated(ADT, "pre_tool", "Grep", {"pattern": "class BedUpdate", "path": f"{ADT}/adt", "output_mode": "content"}, "grep")
unrelated(DOCK, "pre_tool", "Bash", {"command": "go test ./...", "description": "Run all tests"}, "go test")
unrelated(VOLES, "prompt", None, "what's the difference between dplyr::across and dplyr::if_any again?", "question")
unrelated(MARKET, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(PANTRY, "pre_tool", "Bash", {"command": "flutter pub get", "description": "Fetch packages"}, "pub get")
unrelated(STUDIO, "pre_tool", "Edit", {"file_path": f"{STUDIO}/README.md",
                                       "old_string": "Restores are tested every quarter and the results are loged in "
                                                     "restores.md.\n",
                                       "new_string": "Restores are tested every quarter and the results are logged in "
                                                     "restores.md.\n",
                                       "replace_all": False}, "README typo fix")
unrelated(FLEET, "prompt", None, "thanks, that's all for today", "closing remark")
