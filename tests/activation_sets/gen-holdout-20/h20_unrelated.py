"""gen-holdout-20: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

ATLAS = "/home/maya/src/atlas-monorepo"
CLAIMS = "/home/leon/work/claims-portal"
MESH = "/home/claire/src/meshsync"
DISPATCH = "/home/dmitri/src/dispatch-service"
PRICES = "/home/oskar/work/supplier-prices"
TRANSIT = "/Users/zoe/AndroidStudioProjects/TransitBuddy"
SHOP = "/home/felix/src/ticket-shop"
QUARRY = "/Users/hana/dev/quarry-docs"
GREENHOUSE = "/home/tove/code/greenhouse-api"
TFAWS = "/home/bea/infra/terraform-aws"

unrelated(ATLAS, "pre_tool", "Bash", {"command": "git diff --stat", "description": "What changed"}, "git diff")
unrelated(CLAIMS, "pre_tool", "Read", {"file_path": f"{CLAIMS}/CONTRIBUTING.md"}, "read CONTRIBUTING")
unrelated(MESH, "pre_tool", "Bash", {"command": "go vet ./...", "description": "Vet"}, "go vet")
unrelated(SHOP, "pre_tool", "Glob", {"pattern": "web/src/**/*.test.tsx"}, "glob")
unrelated(DISPATCH, "pre_tool", "Grep", {"pattern": "func \\(a \\*Assigner\\)", "path": f"{DISPATCH}/internal",
                                         "output_mode": "content"}, "grep")
unrelated(PRICES, "prompt", None, "what's the difference between loaders/common.py and loaders/base.py, do we need both?",
          "question")
unrelated(TRANSIT, "pre_tool", "Bash", {"command": "./gradlew :app:testDebugUnitTest", "description": "Unit tests"},
          "gradle unit tests")
unrelated(GREENHOUSE, "pre_tool", "Edit", {"file_path": f"{GREENHOUSE}/README.md",
                                           "old_string": "Run `make dev` to start the API and the databse.\n",
                                           "new_string": "Run `make dev` to start the API and the database.\n",
                                           "replace_all": False}, "README typo fix")
unrelated(TFAWS, "pre_tool", "Bash", {"command": "git branch -a --sort=-committerdate | head", "description": "Recent branches"},
          "git branch")
unrelated(QUARRY, "prompt", None, "perfect, thanks, that's it for now", "closing remark")
