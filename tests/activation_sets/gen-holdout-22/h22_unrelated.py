"""gen-holdout-22 unrelated probes: everyday actions no lesson covers."""
from registry import unrelated

MC = "/home/jonas/mc-server"
GW = "/home/priya/src/gateway-os"
ND = "/Users/maren/dev/notedesk"
HTS = "/home/lucas/work/hts-library"
LG = "/home/kofi/src/ledger-svc"
CT = "/Users/noor/dev/lecture-captions"
CH = "/Users/oskar/dev/clubhouse"
TP = "/home/femi/oss/tidyparse"
RP = "/home/bram/gemeente/reports-pipeline"
ER = "/home/sofia/research/era5-trends"

unrelated(MC, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"}, "git status")
unrelated(GW, "pre_tool", "Read", {"file_path": f"{GW}/README.md"}, "read README")
unrelated(ND, "pre_tool", "Read", {"file_path": f"{ND}/package.json"}, "read package.json")
unrelated(HTS, "pre_tool", "Bash", {"command": "ls vendors/", "description": "List vendor files"}, "ls")
unrelated(LG, "pre_tool", "Grep", {"pattern": "func .*Handler", "path": f"{LG}/internal/api", "output_mode": "files_with_matches"}, "grep")
unrelated(CT, "pre_tool", "Glob", {"pattern": "transcripts/week*/"}, "glob")
unrelated(CH, "prompt", None, "what's the difference between the Team and Squad models? they look like the same thing", "question")
unrelated(TP, "pre_tool", "Bash", {"command": "uv run pytest -q tests/test_dates.py", "description": "Run the date tests"}, "pytest")
unrelated(RP, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(ER, "prompt", None, "thanks, that's everything for today", "closing remark")
