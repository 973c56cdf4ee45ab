"""gen-holdout-24 unrelated probes: everyday actions no lesson covers."""
from registry import unrelated

WIKI = "/home/signe/dev/halden-comms"
OSM = "/home/joost/osm/utrecht-fietsparkeren"
RR = "/Users/lena/dev/club-results"
TG = "/home/sven/src/tollgate"
TS = "/home/marek/src/traffic-sim"
TF = "/home/ravi/infra/platform-tf"
GR = "/home/olu/analytics/growth-reports"
K8 = "/home/gita/platform/k8s-apps"
PI = "/home/olaf/lab/pi-fleet"
HA = "/home/yusuf/ops/edge-lb"

unrelated(WIKI, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"}, "git status")
unrelated(OSM, "pre_tool", "Read", {"file_path": f"{OSM}/README.md"}, "read README")
unrelated(RR, "pre_tool", "Read", {"file_path": f"{RR}/package.json"}, "read package.json")
unrelated(TG, "pre_tool", "Bash", {"command": "rebar3 eunit --module tollgate_codec_tests", "description": "Run the codec tests"}, "rebar3 eunit")
unrelated(TS, "pre_tool", "Grep", {"pattern": "class World", "path": f"{TS}/src", "output_mode": "files_with_matches"}, "grep")
unrelated(TF, "pre_tool", "Glob", {"pattern": "modules/*/variables.tf"}, "glob")
unrelated(GR, "prompt", None, "what's the difference between a median and a trimmed mean in the cohort table?", "question")
unrelated(K8, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(PI, "pre_tool", "Bash", {"command": "ls out/", "description": "List the built images"}, "ls")
unrelated(HA, "prompt", None, "thanks, that's everything for today", "closing remark")
