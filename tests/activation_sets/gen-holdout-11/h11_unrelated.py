"""gen-holdout-11: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

EDI = "/home/marisol/integrations/edi-gateway"
LMS = "/home/obi/src/lms-ops"
BSS = "/home/nkechi/src/bss-rating"
MOTOR = "/home/sven/src/motor-rating"
FEED = "/home/bruno/src/shop-exports"
BOT = "/Users/nadia/dev/opsbot"
AMP = "/home/yusuf/pipelines/amplicon-16s"
PBX = "/home/arjun/src/pbx-config"
CMS = "/Users/elif/dev/travel-guides-cms"

unrelated(EDI, "pre_tool", "Glob", {"pattern": "maps/*.yaml"}, "glob")
unrelated(LMS, "pre_tool", "Read", {"file_path": f"{LMS}/README.md"}, "read README")
unrelated(BSS, "pre_tool", "Grep", {"pattern": "def rate_event", "path": f"{BSS}/rating", "output_mode": "content"},
          "grep")
unrelated(MOTOR, "pre_tool", "Bash", {"command": "./mvnw -q compile", "description": "Compile"}, "compile")
unrelated(FEED, "pre_tool", "Bash", {"command": "vendor/bin/phpstan analyse src --level 6",
                                     "description": "Static analysis"}, "phpstan")
unrelated(BOT, "prompt", None, "what does `satisfies` do in TypeScript again, compared to a type annotation?",
          "question")
unrelated(AMP, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"},
          "git status")
unrelated(PBX, "pre_tool", "Edit", {"file_path": f"{PBX}/README.md",
                                    "old_string": "Reload the dialplan after every chnage with `make reload`.\n",
                                    "new_string": "Reload the dialplan after every change with `make reload`.\n",
                                    "replace_all": False}, "README typo fix")
unrelated(CMS, "prompt", None, "thanks, that's it for today", "closing remark")
