"""gen-tune unrelated probes: everyday actions that must stay silent."""
from registry import unrelated

FLEET = "/home/kofi/src/fleetd"
CONSOLE = "/Users/mei/work/atlas-console"
CHARTS = "/home/kofi/src/platform-charts"
CHURN = "/home/lars/dev/churn-model"
NOTIFY = "/home/kofi/src/notify-svc"
INVOICER = "/home/lars/dev/invoicer"
TERN = "/home/kofi/src/tern-agent"
ORBIT = "/Users/mei/work/orbit"

unrelated(FLEET, "pre_tool", "Bash", {"command": "ls internal", "description": "List packages"}, "ls")
unrelated(FLEET, "pre_tool", "Bash", {"command": "go test ./...", "description": "Run all tests"}, "go test")
unrelated(CONSOLE, "pre_tool", "Read", {"file_path": f"{CONSOLE}/tsconfig.json"}, "read tsconfig.json")
unrelated(CONSOLE, "pre_tool", "Bash", {"command": "git status", "description": "Working tree status"}, "git status")
unrelated(CHARTS, "pre_tool", "Glob", {"pattern": "charts/*/Chart.yaml"}, "glob charts")
unrelated(CHURN, "prompt", None, "what does the churned column mean exactly, is it 30 or 60 days of inactivity?", "question")
unrelated(NOTIFY, "pre_tool", "Grep", {"pattern": "def send", "path": f"{NOTIFY}/notify", "output_mode": "files_with_matches"}, "grep")
unrelated(INVOICER, "pre_tool", "Bash", {"command": "python -m pytest -q -x", "description": "Run the test suite"}, "pytest")
unrelated(INVOICER, "pre_tool", "Read", {"file_path": f"{INVOICER}/billing/models.py"}, "read models")
unrelated(TERN, "pre_tool", "Bash", {"command": "cargo test -q", "description": "Run tests"}, "cargo test")
unrelated(ORBIT, "prompt", None, "thanks, that's everything for today", "closing remark")
unrelated(ORBIT, "pre_tool", "Bash", {"command": "git log --oneline -8", "description": "Recent commits"}, "git log")
unrelated(CONSOLE, "prompt", None, "what's the difference between useMemo and useRef again?", "general question")
