"""gen-holdout-17: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

FERNWEB = "/home/aoife/code/fernly-web"
BRAMBLE = "/home/yusra/src/bramble-api"
FXGATE = "/home/jun/src/fxgate"
CHURNRPT = "/home/freya/analytics/retention-reports"
RIDELOG = "/home/olu/AndroidStudioProjects/ridelog"
QUILL = "/home/tobias/dev/quillpad-app"
ORDERSC = "/home/sunita/src/orders-consumer"
DOCVAULT = "/home/rashid/ops/docvault-tools"
TALLYMARK = "/home/celine/work/tallymark"
KITEBOARD = "/home/ama/code/kiteboard"

unrelated(FERNWEB, "pre_tool", "Glob", {"pattern": "src/**/*.test.tsx"}, "glob")
unrelated(BRAMBLE, "pre_tool", "Bash", {"command": "pytest -q tests/test_health.py", "description": "Health check tests"},
          "pytest")
unrelated(FXGATE, "pre_tool", "Bash", {"command": "go vet ./...", "description": "Vet"}, "go vet")
unrelated(CHURNRPT, "prompt", None, "what's the difference between DataFrame.loc and DataFrame.iloc when the index is "
          "made of integers?", "question")
unrelated(RIDELOG, "pre_tool", "Read", {"file_path": f"{RIDELOG}/README.md"}, "read README")
unrelated(QUILL, "pre_tool", "Grep", {"pattern": "TODO", "path": f"{QUILL}/src", "output_mode": "files_with_matches"},
          "grep")
unrelated(ORDERSC, "pre_tool", "Bash", {"command": "git log --oneline -10", "description": "Recent commits"}, "git log")
unrelated(DOCVAULT, "pre_tool", "Edit", {"file_path": f"{DOCVAULT}/README.md",
                                         "old_string": "Run `make lint` befor pushing.\n",
                                         "new_string": "Run `make lint` before pushing.\n",
                                         "replace_all": False}, "README typo fix")
unrelated(TALLYMARK, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"},
          "git status")
unrelated(KITEBOARD, "prompt", None, "thanks, that's everything for today", "closing remark")
