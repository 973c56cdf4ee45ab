"""gen-holdout-5: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

EMBER = "/home/yara/dev/ember-engine"
TELE = "/home/nkechi/jobs/telemetry-etl"
SUBS = "/home/sol/work/subscriptions-api"
TESS = "/home/kwame/src/tessellate"
JOURNAL = "/Users/anja/AndroidStudioProjects/FieldJournal"
RELAY = "/home/chen/src/relay-proxy"
WIDGET = "/Users/lior/code/reviews-widget"
TRAIL = "/home/ewa/dev/trailhead-api"
ATELIER = "/home/maxime/www/atelier-shop"

unrelated(EMBER, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"}, "git status")
unrelated(TELE, "pre_tool", "Read", {"file_path": f"{TELE}/README.md"}, "read README")
unrelated(SUBS, "pre_tool", "Grep", {"pattern": "export function formatPlanName", "path": f"{SUBS}/src",
                                     "output_mode": "files_with_matches"}, "grep")
unrelated(TESS, "prompt", None, "what's the difference between Polygon.area and Polygon.signed_area?", "question about the API")
unrelated(JOURNAL, "pre_tool", "Glob", {"pattern": "app/src/main/res/layout/*.xml"}, "glob")
unrelated(RELAY, "pre_tool", "Bash", {"command": "cargo fmt --check", "description": "Check formatting"}, "cargo fmt")
unrelated(WIDGET, "pre_tool", "Edit", {"file_path": f"{WIDGET}/README.md", "old_string": "Embed the widget with a singel script tag",
                                      "new_string": "Embed the widget with a single script tag", "replace_all": False}, "README typo fix")
unrelated(ATELIER, "pre_tool", "Bash", {"command": "php bin/console debug:router | grep product", "description": "List product routes"},
          "symfony routes")
unrelated(TRAIL, "prompt", None, "thanks, that's everything for today", "closing remark")
