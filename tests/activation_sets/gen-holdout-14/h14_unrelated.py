"""gen-holdout-14: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

FQ = "/home/abebe/src/fieldquote"
RELAY = "/home/yusuf/go/src/github.com/fernpay/webhook-relay"
LB = "/home/giorgos/src/leasebook"
ELEX = "/home/ruth/newsroom/election-night-2027"
TRAIL = "/home/chiara/AndroidStudioProjects/Trailmate"
MAG = "/home/ottilie/sites/alpenrad-magazin"
K8S = "/home/ayo/infra/k8s-platform"
FEST = "/Users/mette/design/vinterlys-festival"
ELT = "/home/kwame/data/elt-config"

unrelated(FQ, "pre_tool", "Glob", {"pattern": "src/hooks/*.ts"}, "glob")
unrelated(RELAY, "pre_tool", "Read", {"file_path": f"{RELAY}/README.md"}, "read README")
unrelated(LB, "pre_tool", "Grep", {"pattern": "class Unit\\(", "path": f"{LB}/properties", "output_mode": "content"},
          "grep")
unrelated(ELEX, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(TRAIL, "pre_tool", "Bash", {"command": "./gradlew :app:lintDebug -q", "description": "Android lint"}, "lint")
unrelated(MAG, "prompt", None, "what's the difference between Astro's content collections and plain markdown pages?",
          "question")
unrelated(K8S, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"},
          "git status")
unrelated(FEST, "pre_tool", "Edit", {"file_path": f"{FEST}/README.md",
                                     "old_string": "Compile with `typst complie programme.typ`.\n",
                                     "new_string": "Compile with `typst compile programme.typ`.\n",
                                     "replace_all": False}, "README typo fix")
unrelated(ELT, "prompt", None, "thanks, that's it for today", "closing remark")
