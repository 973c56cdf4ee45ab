"""gen-holdout-4: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

INV = "/home/lena/dev/invoicing-service"
TRIP = "/home/lucia/dev/tripnest-web"
BIRD = "/Users/hana/dev/Birdlog"
COURIER = "/home/pavel/src/Courier.Api"
RENT = "/home/olu/dev/rentflow"
FIELD = "/home/mia/dev/fieldnotes-app"
NOTIFY = "/home/diego/code/notify-worker"
PIM = "/home/bea/work/pim-importer"

unrelated(INV, "pre_tool", "Read", {"file_path": f"{INV}/README.md"}, "read README")
unrelated(TRIP, "pre_tool", "Bash", {"command": "git log --oneline -10", "description": "Recent commits"}, "git log")
unrelated(BIRD, "pre_tool", "Glob", {"pattern": "Birdlog/**/*Row.swift"}, "glob")
unrelated(COURIER, "pre_tool", "Grep", {"pattern": "class ShipmentsController", "path": f"{COURIER}/Controllers",
                                        "output_mode": "files_with_matches"}, "grep")
unrelated(RENT, "prompt", None, "what's the difference between a Lease and a Tenancy in our models?", "question about the model")
unrelated(FIELD, "pre_tool", "Edit", {"file_path": f"{FIELD}/README.md", "old_string": "Notes are synced every few minuts",
                                     "new_string": "Notes are synced every few minutes", "replace_all": False}, "README typo fix")
unrelated(NOTIFY, "pre_tool", "Bash", {"command": "ls src/providers", "description": "List providers"}, "ls")
unrelated(PIM, "prompt", None, "thanks, that's all for today", "closing remark")
