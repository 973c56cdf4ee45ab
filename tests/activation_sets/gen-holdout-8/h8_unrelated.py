"""gen-holdout-8: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

ZONES = "/home/kofi/infra/dns-zones"
THESIS = "/home/malin/phd/thesis"
LEDGERD = "/home/yara/src/ledgerd"
MOD = "/Users/tobi/mods/cozy-hearths"
CLAIMS = "/home/matteo/work/claims-service"
ZIGPAK = "/home/nadia/src/zigpak"
MAILROOM = "/home/gunnar/work/mailroom-tools"
MESH = "/home/amara/platform/mesh-workloads"
NEWSROOM = "/home/harriet/web/newsroom-edge"

unrelated(ZONES, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(THESIS, "pre_tool", "Bash", {"command": "texcount -inc -total main.tex | tail -4",
                                       "description": "Word count of the thesis"}, "word count")
unrelated(LEDGERD, "pre_tool", "Grep", {"pattern": "newtype AccountId", "path": f"{LEDGERD}/src", "output_mode": "content"},
          "grep")
unrelated(MOD, "pre_tool", "Glob", {"pattern": "src/main/resources/assets/cozyhearths/textures/**/*.png"}, "glob")
unrelated(CLAIMS, "pre_tool", "Read", {"file_path": f"{CLAIMS}/build.sbt"}, "read build file")
unrelated(ZIGPAK, "pre_tool", "Bash", {"command": "zig version", "description": "Which Zig is installed"}, "tool version")
unrelated(MAILROOM, "prompt", None, "what does `local $/;` do in perl again?", "question")
unrelated(MESH, "pre_tool", "Edit", {"file_path": f"{MESH}/README.md",
                                     "old_string": "Each app has it's own folder under apps/.\n",
                                     "new_string": "Each app has its own folder under apps/.\n", "replace_all": False},
          "README typo fix")
unrelated(NEWSROOM, "prompt", None, "thanks, that's all for this morning", "closing remark")
