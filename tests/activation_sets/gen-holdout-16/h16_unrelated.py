"""gen-holdout-16: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

SMK = "/home/ioana/pipelines/soil-metagenomes"
TOWN = "/home/kwame/src/townhall-chat"
SDR = "/home/hiroshi/fpga/sdr-frontend"
WARD = "/home/amara/src/ward-allergies"
FBOOK = "/home/ines/src/ferrybook"
SHELF = "/home/yusuf/src/spoke-shelves"
PINE = "/home/mateus/studio/pinecone-short"
CIVIC = "/home/leila/audits/civicpay-wcag"
NOMAD = "/home/felix/infra/nomad-jobs"
WAGE = "/home/gareth/src/wagewell"

unrelated(SMK, "pre_tool", "Glob", {"pattern": "envs/*.yaml"}, "glob")
unrelated(TOWN, "pre_tool", "Bash", {"command": "mix format --check-formatted", "description": "Formatting check"},
          "mix format")
unrelated(SDR, "pre_tool", "Read", {"file_path": f"{SDR}/README.md"}, "read README")
unrelated(WARD, "pre_tool", "Grep", {"pattern": "TODO", "path": f"{WARD}/src", "output_mode": "files_with_matches"},
          "grep")
unrelated(FBOOK, "pre_tool", "Bash", {"command": "git log --oneline -10", "description": "Recent commits"}, "git log")
unrelated(SHELF, "prompt", None, "what's the difference between a Python dataclass with slots=True and a NamedTuple?",
          "question")
unrelated(PINE, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"},
          "git status")
unrelated(CIVIC, "pre_tool", "Edit", {"file_path": f"{CIVIC}/README.md",
                                      "old_string": "Reports are writen in Markdown.\n",
                                      "new_string": "Reports are written in Markdown.\n",
                                      "replace_all": False}, "README typo fix")
unrelated(NOMAD, "prompt", None, "thanks, that's everything for today", "closing remark")
unrelated(WAGE, "pre_tool", "Bash", {"command": "pytest -q tests/test_parsing.py", "description": "Parser tests"},
          "pytest")
