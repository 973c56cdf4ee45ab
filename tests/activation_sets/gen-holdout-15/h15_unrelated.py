"""gen-holdout-15: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

GEN = "/home/daan/src/varreport"
DOCF = "/Users/wei/src/docforge"
PAK = "/home/mirela/src/pakfile"
MUSE = "/home/sanne/src/museum-web"
RIDE = "/home/ngozi/src/ridehail-ops"
FLEET = "/home/femke/nix/fleet"
LEDG = "/home/marta/src/ledgerly"
POD = "/home/yara/audio/talkshop-pod"
SUP = "/home/lina/work/syncbox-support"

unrelated(GEN, "pre_tool", "Glob", {"pattern": "scripts/*.py"}, "glob")
unrelated(DOCF, "pre_tool", "Read", {"file_path": f"{DOCF}/README.md"}, "read README")
unrelated(PAK, "pre_tool", "Bash", {"command": "cargo test -q", "description": "Run the tests"}, "cargo test")
unrelated(MUSE, "pre_tool", "Grep", {"pattern": "useTranslation", "path": f"{MUSE}/src", "output_mode":
                                     "files_with_matches"}, "grep")
unrelated(RIDE, "pre_tool", "Bash", {"command": "git log --oneline -8", "description": "Recent commits"}, "git log")
unrelated(FLEET, "prompt", None, "what's the difference between a flake input's follows and pinning it twice?",
          "question")
unrelated(LEDG, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"},
          "git status")
unrelated(POD, "pre_tool", "Edit", {"file_path": f"{POD}/README.md",
                                    "old_string": "Episodes are publised every Thursday.\n",
                                    "new_string": "Episodes are published every Thursday.\n",
                                    "replace_all": False}, "README typo fix")
unrelated(SUP, "prompt", None, "thanks, that's all for today", "closing remark")
