"""gen-holdout-12: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

ROS = "/home/hana/ros2_ws/src/orchard_nav"
PAPER = "/home/sofia/papers/coral-bleaching-2026"
GAS = "/Users/joao/dev/stock-sheet-scripts"
AVR = "/home/tomas/hw/doorbell-node"
BILL = "/home/piotr/src/billing-service"
DRIVE = "/Users/ola/dev/shared-drive-web"
EDGE = "/home/leila/netops/edge-routers"
NEWS = "/home/giulia/src/newsletter-sender"
RECON = "/home/felix/src/payments-recon"

unrelated(ROS, "pre_tool", "Glob", {"pattern": "launch/*.launch.py"}, "glob")
unrelated(PAPER, "pre_tool", "Read", {"file_path": f"{PAPER}/README.md"}, "read README")
unrelated(GAS, "pre_tool", "Grep", {"pattern": "function onOpen", "path": f"{GAS}/src", "output_mode": "content"},
          "grep")
unrelated(AVR, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(BILL, "pre_tool", "Bash", {"command": "./gradlew -q compileJava", "description": "Compile"}, "compile")
unrelated(DRIVE, "prompt", None, "what's the difference between useMemo and useCallback again?", "question")
unrelated(EDGE, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"},
          "git status")
unrelated(NEWS, "pre_tool", "Edit", {"file_path": f"{NEWS}/README.md",
                                     "old_string": "Run the unit tests with `make tset`.\n",
                                     "new_string": "Run the unit tests with `make test`.\n",
                                     "replace_all": False}, "README typo fix")
unrelated(RECON, "prompt", None, "cheers, that's all for today", "closing remark")
