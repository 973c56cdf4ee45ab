"""gen-holdout-2: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

BILL = "/home/marta/work/billing-api"
ORD = "/home/devon/src/orders-service"
BRO = "/Users/kemi/dev/brochure-site"
CAT = "/home/marta/work/catalog-search"
DP = "/home/lena/data-platform"
TIDY = "/home/lena/oss/tidyconf"
MONO = "/home/ravi/code/monorepo"
TRAIL = "/Users/kemi/dev/Trailmap"

unrelated(BILL, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"}, "git status")
unrelated(ORD, "pre_tool", "Read", {"file_path": f"{ORD}/README.md"}, "read README")
unrelated(TIDY, "pre_tool", "Bash", {"command": "pytest -q tests/test_cli.py", "description": "Run CLI tests"}, "run one test file")
unrelated(CAT, "pre_tool", "Grep", {"pattern": "def build_query", "path": f"{CAT}/search", "output_mode": "files_with_matches"}, "grep")
unrelated(BRO, "pre_tool", "Edit", {"file_path": f"{BRO}/src/content/about.md", "old_string": "Founded in 2014, we",
                                   "new_string": "Founded in 2015, we", "replace_all": False}, "copy typo fix")
unrelated(DP, "prompt", None, "what does the load_customers job do with rows that have no country?", "question about code")
unrelated(MONO, "pre_tool", "Glob", {"pattern": "services/*/BUILD.bazel"}, "glob")
unrelated(TRAIL, "prompt", None, "looks good, thanks!", "closing remark")
