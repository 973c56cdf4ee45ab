"""gen-holdout-6: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

LEDGER = "/home/wiebe/finance/ledger"
GW = "/home/emre/bsp/gw-bsp"
CARRIER = "/home/tamsin/src/carrier-sdk"
CSVQ = "/home/aziz/src/csvq"
UART = "/home/theo/fpga/uart-bridge"
MAIL = "/Users/camille/dev/mailroom"
BILL = "/home/piotr/go/src/github.com/kestrel-io/billing"
CLINIC = "/home/farah/dev/clinic-scheduler"
TIX = "/Users/nuno/dev/tixly"

unrelated(LEDGER, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(GW, "pre_tool", "Read", {"file_path": f"{GW}/README.md"}, "read README")
unrelated(CARRIER, "pre_tool", "Grep", {"pattern": "class Shipment\\b", "path": f"{CARRIER}/carrier_sdk",
                                        "output_mode": "files_with_matches"}, "grep")
unrelated(CSVQ, "pre_tool", "Bash", {"command": "cargo clippy --all-targets -- -D warnings", "description": "Lint"}, "clippy")
unrelated(UART, "prompt", None, "how many LUTs and block RAMs does the iCE40 UP5K have?", "question about the part")
unrelated(MAIL, "pre_tool", "Bash", {"command": "npm ci", "description": "Install dependencies"}, "npm ci")
unrelated(BILL, "pre_tool", "Bash", {"command": "go test ./...", "description": "Run the tests"}, "go test")
unrelated(CLINIC, "pre_tool", "Glob", {"pattern": "src/main/resources/db/migration/*.sql"}, "glob")
unrelated(TIX, "prompt", None, "thanks, that's all for today", "closing remark")
