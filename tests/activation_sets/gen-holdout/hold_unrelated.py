"""gen-holdout unrelated probes: everyday actions that must stay silent."""
from registry import unrelated

PARCEL = "/home/sam/work/parcel-android"
MGRAPH = "/home/priya/code/marketplace-graph"
WFEED = "/home/sam/work/warehouse-feed"
BASKET = "/Users/tomasz/Projects/basket-web"
CLINIC = "/home/priya/code/clinic-booking"
SENSOR = "/home/sam/work/sensor-fw"
ROSTER = "/Users/tomasz/Projects/roster"
DBT = "/home/priya/code/analytics-dbt"
RATES = "/home/priya/code/rates-engine"

unrelated(PARCEL, "pre_tool", "Bash", {"command": "ls app/src/main/java/com/parcel/app", "description": "List packages"}, "ls")
unrelated(MGRAPH, "pre_tool", "Read", {"file_path": f"{MGRAPH}/codegen.yml"}, "read codegen config")
unrelated(WFEED, "pre_tool", "Bash", {"command": "pytest -q --ff", "description": "Run the test suite, failures first"}, "pytest")
unrelated(BASKET, "pre_tool", "Bash", {"command": "git status", "description": "Working tree status"}, "git status")
unrelated(CLINIC, "prompt", None, "what does the Appointment.slot_length field default to?", "question")
unrelated(SENSOR, "pre_tool", "Grep", {"pattern": "app_main", "path": f"{SENSOR}/src", "output_mode": "files_with_matches"}, "grep")
unrelated(ROSTER, "pre_tool", "Bash", {"command": "bin/rspec", "description": "Run all specs"}, "rspec")
unrelated(DBT, "pre_tool", "Glob", {"pattern": "models/staging/*.sql"}, "glob")
unrelated(RATES, "pre_tool", "Bash", {"command": "git log --oneline --decorate -12", "description": "Recent history"}, "git log")
unrelated(RATES, "pre_tool", "Read", {"file_path": f"{RATES}/settings.gradle.kts"}, "read settings.gradle.kts")
unrelated(BASKET, "prompt", None, "cheers, that's it for today", "closing remark")
unrelated(WFEED, "prompt", None, "can you explain what a consumer group rebalance is in two sentences?", "general question")
unrelated(PARCEL, "pre_tool", "Bash", {"command": "adb devices", "description": "Connected devices"}, "adb devices")
unrelated(PARCEL, "prompt", None, "what's the difference between a Kotlin Flow and a Channel?", "general question")
