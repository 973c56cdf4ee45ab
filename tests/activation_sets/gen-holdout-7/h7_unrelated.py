"""gen-holdout-7: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

PAYOUT = "/home/ngozi/work/payout-engine"
TIDE = "/home/gustavo/src/tidewater-erp"
CLIPS = "/home/lukas/tools/clipforge"
LANTERN = "/Users/saoirse/games/lantern-keeper"
FERRY = "/home/oona/dev/ferry-booking"
EPI = "/home/ifeoma/research/epidemic-abm"
TANDEM = "/home/alvaro/src/tandem-api"
GROWTH = "/Users/wren/work/growth-sql"
BRAILLE = "/home/pilar/src/braille-embosser"

unrelated(PAYOUT, "pre_tool", "Bash", {"command": "git log --oneline -8", "description": "Recent commits"}, "git log")
unrelated(TIDE, "pre_tool", "Read", {"file_path": f"{TIDE}/README.md"}, "read README")
unrelated(CLIPS, "pre_tool", "Grep", {"pattern": "def probe", "path": f"{CLIPS}/clipforge", "output_mode": "content"}, "grep")
unrelated(LANTERN, "pre_tool", "Glob", {"pattern": "scenes/**/*.tscn"}, "glob")
unrelated(FERRY, "pre_tool", "Bash", {"command": "./gradlew dependencies --configuration runtimeClasspath | head -40",
                                      "description": "Show runtime dependencies"}, "gradle dependencies")
unrelated(EPI, "prompt", None, "what's the difference between an SEIR and an SIR model, in two sentences?", "question")
unrelated(TANDEM, "pre_tool", "Edit", {"file_path": f"{TANDEM}/README.md", "old_string": "Run `npm run dev` to start the sever.\n",
                                       "new_string": "Run `npm run dev` to start the server.\n", "replace_all": False},
          "README typo fix")
unrelated(BRAILLE, "pre_tool", "Bash", {"command": "cargo test --workspace", "description": "Run the tests"}, "cargo test")
unrelated(GROWTH, "prompt", None, "thanks, that's everything for today", "closing remark")
