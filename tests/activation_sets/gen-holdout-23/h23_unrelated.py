"""gen-holdout-23 unrelated probes: everyday actions no lesson covers."""
from registry import unrelated

CDE = "/home/aoife/bim/riverside-school"
TEI = "/home/marta/edition/kessler-letters"
PP = "/home/lin/src/parcel-portal"
LS = "/home/erik/src/ledger-sync"
LBM = "/home/mina/src/lbm-solver"
LC = "/home/lea/geo/landcover-change"
MOM = "/home/omar/quant/factor-research"
VM = "/home/kari/infra/vmware-ops"
FJ = "/Users/ingrid/dev/fjord-fulfil"
SS = "/home/anke/iot/vineyard-sensors"

unrelated(CDE, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"}, "git status")
unrelated(TEI, "pre_tool", "Read", {"file_path": f"{TEI}/README.md"}, "read README")
unrelated(PP, "pre_tool", "Read", {"file_path": f"{PP}/apps/web/package.json"}, "read package.json")
unrelated(LS, "pre_tool", "Bash", {"command": "lein test ledger-sync.accounts-test", "description": "Run the accounts tests"}, "lein test")
unrelated(LBM, "pre_tool", "Grep", {"pattern": "__global__", "path": f"{LBM}/src", "output_mode": "files_with_matches"}, "grep")
unrelated(LC, "pre_tool", "Glob", {"pattern": "scripts/*.py"}, "glob")
unrelated(MOM, "prompt", None, "what's the difference between arithmetic and geometric mean returns in the summary table?", "question")
unrelated(VM, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(FJ, "pre_tool", "Bash", {"command": "ls fulfil/", "description": "List the package"}, "ls")
unrelated(SS, "prompt", None, "thanks, that's everything for today", "closing remark")
