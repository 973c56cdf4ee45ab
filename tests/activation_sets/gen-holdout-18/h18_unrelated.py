"""gen-holdout-18: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

SHIFT = "/Users/maya/src/shiftboard"
BOOK = "/home/oskar/code/bookings-platform"
COURIER = "/home/arjun/src/courier-api"
LEDGER = "/home/priya/src/ledgerly-web"
FLEET = "/Users/tomasz/code/fleetdesk-web"
KITCHEN = "/home/noor/work/kitchenhub"
MARKET = "/srv/dev/marketplace"
SUBS = "/home/lea/work/subscriptions-api"
HARBOR = "/home/sam/src/harbor-app"
DNS = "/Users/hana/infra/dns"

unrelated(SHIFT, "pre_tool", "Bash", {"command": "git status --short", "description": "Working tree status"},
          "git status")
unrelated(BOOK, "pre_tool", "Read", {"file_path": f"{BOOK}/README.md"}, "read README")
unrelated(COURIER, "pre_tool", "Bash", {"command": "pytest -q", "description": "Run the test suite"}, "pytest")
unrelated(LEDGER, "prompt", None, "what does the useInvoiceFilters composable return when no filter is set?",
          "question")
unrelated(FLEET, "pre_tool", "Glob", {"pattern": "src/app/**/*.spec.ts"}, "glob")
unrelated(KITCHEN, "pre_tool", "Grep", {"pattern": "class Customer\\b", "path": f"{KITCHEN}/customers",
                                        "output_mode": "content"}, "grep")
unrelated(MARKET, "pre_tool", "Bash", {"command": "php artisan route:list --path=sellers",
                                       "description": "Seller routes"}, "route list")
unrelated(SUBS, "pre_tool", "Bash", {"command": "git log --oneline -8", "description": "Recent commits"}, "git log")
unrelated(HARBOR, "pre_tool", "Edit", {"file_path": f"{HARBOR}/README.md",
                                       "old_string": "Run `pnpm dev` and open http://localhost:5173 in you browser.\n",
                                       "new_string": "Run `pnpm dev` and open http://localhost:5173 in your browser.\n",
                                       "replace_all": False}, "README typo fix")
unrelated(DNS, "prompt", None, "thanks, that's everything for today", "closing remark")
