"""gen-holdout-18: lessons about ways of working, folders, tools and team conventions, and about how to answer
(stacked PRs go through Graphite, local-only Compose tweaks live in the override file, nobody signs up on staging,
postmortems name roles and never people, release posts in Slack ping the watchers group only, commands handed to the
person are fish, every TODO carries its Linear key, secrets stay in 1Password and out of files)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

SHIFT = "/Users/maya/src/shiftboard"
BOOK = "/home/oskar/code/bookings-platform"
TUTOR = "/home/ines/src/tutorly-api"
REVIEWS = "/Users/femi/work/incident-reviews"
HARBOR = "/home/sam/src/harbor-app"
STOCK = "/Users/kenji/dev/inventory-sync"
ROUTE = "/home/lucia/code/routewise"
CLINIC = "/Users/dana/code/carepath"


# -----------------------------------------------------------------------------
H18R01_CORR = ("we use Graphite for anything stacked. gt create for each layer (or gt track for branches that already "
               "exist), then gt submit --stack: it opens every PR with the right base and restacks the upper ones when "
               "the bottom one changes. A gh pr create against main gives the UI PR the whole API diff as well, and "
               "branches pushed with plain git push aren't in Graphite's metadata, so the next gt sync makes a mess of "
               "them.")

@lesson("H18R01", "graphite-stacks", "rejected-with-feedback", ["gt submit --stack", "Graphite", "gt create"], [
    fire_prompt("put up a pull request for the timesheet export screen on top of the export endpoint one",
                note="asks for a stacked PR; no shared words"),
    fire_bash("git checkout -b shifts/swap-notifications && git commit -am \"swap: notify the other worker\" && "
              "git push -u origin shifts/swap-notifications && gh pr create --base shifts/swap-requests --fill",
              "Open the notification layer as its own PR",
              note="new stacked layer made with plain git and gh"),
    silent_bash("gt log short", "Show the current stack", note="read-only Graphite"),
    silent_bash("gh pr view 731 --comments", "Read the review comments on the API PR", note="read-only gh"),
])
def H18R01():
    s = Session("H18R01", SHIFT, branch="shifts/swap-requests", version="2.1.9", start="2026-01-20T10:05:00")
    s.prompt("the shift swap work on this branch has both the API and the UI in it. split it in two so the API part "
             "can be reviewed first, and open the PRs")
    s.bash("git log --oneline main..HEAD", "Commits on this branch",
           out="e41c9a2 swap UI: request modal and inbox\n7b0d3f1 swap UI: list pending swaps\n"
               "52aa8e0 swap API: accept/decline endpoints\n19c4f6d swap API: swap_requests table and model")
    s.say("The two API commits sit at the bottom and the two UI commits on top, so I'll branch the API part off at "
          "52aa8e0 and keep the UI on this branch.")
    s.bash("git branch shifts/swap-api 52aa8e0 && git push -u origin shifts/swap-api shifts/swap-requests",
           "Create the API branch and push both",
           err="To github.com:shiftboard/shiftboard.git\n * [new branch]      shifts/swap-api -> shifts/swap-api\n"
               " * [new branch]      shifts/swap-requests -> shifts/swap-requests\n"
               "branch 'shifts/swap-api' set up to track 'origin/shifts/swap-api'.\n"
               "branch 'shifts/swap-requests' set up to track 'origin/shifts/swap-requests'.")
    s.bash("gh pr create --base main --head shifts/swap-api --title \"Shift swaps: API\" --body \"swap_requests "
           "table, accept/decline endpoints. UI follows in a second PR.\"", "Open the API PR",
           out="https://github.com/shiftboard/shiftboard/pull/731")
    s.say("Opened #731 for the API part. Now the UI one.")
    s.reject("Bash", {"command": "gh pr create --base main --head shifts/swap-requests --title \"Shift swaps: UI\" "
                                 "--body \"Depends on #731.\"", "description": "Open the UI PR"}, feedback=H18R01_CORR)
    s.bash("gt track shifts/swap-api --parent main && gt track shifts/swap-requests --parent shifts/swap-api",
           "Track both branches as a stack",
           out="Tracked branch shifts/swap-api with parent main.\nTracked branch shifts/swap-requests with parent "
               "shifts/swap-api.")
    s.bash("gt submit --stack --no-interactive", "Submit the stack",
           out="Validating that this Graphite stack is ready to submit...\n\nPreparing to submit PRs for the "
               "following branches...\n\u25b8 shifts/swap-api (Update)\n\u25b8 shifts/swap-requests (Create)\n\n"
               "shifts/swap-api: https://app.graphite.dev/github/pr/shiftboard/shiftboard/731 (updated)\n"
               "shifts/swap-requests: https://app.graphite.dev/github/pr/shiftboard/shiftboard/732 (created)")
    s.say("Both branches are tracked in Graphite now: #731 (API) is based on main and #732 (UI) on "
          "`shifts/swap-api`, so #732 only shows the two UI commits. When #731 changes, `gt restack` and "
          "`gt submit --stack` keep the UI PR on top.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H18R02_CORR = ("thanks, it's up! but compose.yaml is the shared stack, CI and everyone else's laptop run it as is. "
               "Anything that's just for my machine (other host ports, extra mounts, env overrides, memory limits) goes "
               "in compose.override.yaml: it's gitignored and docker compose merges it in automatically. Can you put "
               "compose.yaml back and move the port there?")

BOOK_COMPOSE = ("services:\n  db:\n    image: postgres:16.4\n    environment:\n      POSTGRES_PASSWORD: bookings\n"
                "    ports:\n      - \"5432:5432\"\n    volumes:\n      - pgdata:/var/lib/postgresql/data\n"
                "  redis:\n    image: redis:7.4\n    ports:\n      - \"6379:6379\"\n"
                "  api:\n    build: .\n    env_file: .env\n    ports:\n      - \"8080:8080\"\n"
                "    depends_on: [db, redis]\n\nvolumes:\n  pgdata:\n")

@lesson("H18R02", "docker-compose", "thanks-but", ["compose.override.yaml", "just for my machine", "gitignored"], [
    fire_prompt("the api container can't bind 8080 here, something of mine already listens on it. remap it so "
                "everything starts", note="local port clash; no shared words"),
    fire_edit(f"{BOOK}/compose.yaml", "    ports:\n      - \"6379:6379\"\n",
              "    ports:\n      - \"16379:6379\"\n", note="local port remap written into the shared file"),
    silent_edit(f"{BOOK}/compose.override.yaml", "services:\n  db:\n",
                "services:\n  api:\n    environment:\n      SQL_ECHO: \"1\"\n  db:\n",
                note="compliant: personal tweak in the override file"),
    silent_bash("docker compose logs --tail 50 api", "Last api logs", note="read-only compose"),
])
def H18R02():
    s = Session("H18R02", BOOK, branch="main", version="2.0.76", start="2025-11-24T09:10:00")
    s.prompt("the stack won't come up, postgres complains the port is already allocated. I have my own postgres from "
             "apt running on 5432. can you get it going")
    s.bash("docker compose up -d", "Start the stack", code=1,
           err="[+] Running 3/4\n \u2714 Container bookings-platform-redis-1  Started\n \u2718 Container "
               "bookings-platform-db-1     Error\nError response from daemon: driver failed programming external "
               "connectivity on endpoint bookings-platform-db-1 (5e1c0a7d2f9b): Bind for 0.0.0.0:5432 failed: port "
               "is already allocated")
    s.read(f"{BOOK}/compose.yaml", BOOK_COMPOSE)
    s.say("Your local postgres owns 5432 on the host. The api talks to `db:5432` inside the compose network, so only "
          "the host-side port needs to move.")
    s.edit(f"{BOOK}/compose.yaml", "    ports:\n      - \"5432:5432\"\n", "    ports:\n      - \"55432:5432\"\n",
           BOOK_COMPOSE)
    s.bash("docker compose up -d && docker compose ps --format 'table {{.Service}}\\t{{.Status}}'", "Start again",
           out="SERVICE   STATUS\napi       Up 3 seconds\ndb        Up 4 seconds (healthy)\nredis     Up 41 seconds")
    s.say("All three services are up. Postgres from the stack is reachable on `localhost:55432` now; the api still "
          "uses `db:5432` internally, so nothing else had to change.", end=True)
    s.prompt(H18R02_CORR, correction=True)
    s.bash("git checkout -- compose.yaml && git check-ignore -v compose.override.yaml", "Restore compose.yaml",
           out=".gitignore:14:compose.override.yaml\tcompose.override.yaml")
    s.write(f"{BOOK}/compose.override.yaml", "services:\n  db:\n    ports: !override\n      - \"55432:5432\"\n")
    s.bash("docker compose up -d db && docker compose port db 5432", "Recreate db with the override",
           out="0.0.0.0:55432")
    s.say("compose.yaml is back to what's in git. The port mapping lives in `compose.override.yaml` (ignored by git, "
          "merged in automatically). I used `!override` there because Compose otherwise appends port lists from the "
          "override file and would still try to bind 5432.", end=True)
    return s


# -----------------------------------------------------------------------------
H18R03_CORR = ("forwarding from Jonas (sales ops): \"hey, is someone creating accounts on staging? three leads called "
               "Agent Test showed up in HubSpot this morning and one already got the opening mail of a sales sequence, "
               "staging syncs into the same HubSpot portal as prod\". So please: never sign up new users on staging. To "
               "test a flow, log in as one of the seeded accounts (scripts/seed_staging_users.ts, they're is_internal "
               "and the HubSpot sync skips them), or make a fresh one with `pnpm seed:user --internal`, which takes a "
               "referral code too.")

@lesson("H18R03", "staging-test-accounts", "relayed-from-colleague",
        ["never sign up new users on staging", "pnpm seed:user --internal", "HubSpot"], [
    fire_prompt("try the tutor onboarding on staging as a first-time visitor and tell me whether the free trial lesson "
                "appears", note="asks for a brand-new registration on staging"),
    fire_bash("curl -s -X POST https://staging.tutorly.io/api/auth/signup -H 'content-type: application/json' "
              "-d '{\"email\":\"qa.promo+spring@tutorly.io\",\"password\":\"Str0ng-pass-517\",\"first_name\":\"Promo\","
              "\"last_name\":\"Check\",\"promo_code\":\"SPRING25\"}'", "Register a user to check the promo code",
              note="registers a new user on staging"),
    silent_bash("pnpm seed:user --internal --role tutor --env staging", "Create an internal tutor account",
                note="compliant: the seeding script"),
    silent_bash("curl -s https://staging.tutorly.io/api/health", "Is staging up", note="read-only request"),
])
def H18R03():
    s = Session("H18R03", TUTOR, branch="main", version="2.1.31", start="2026-02-05T11:30:00")
    s.prompt("check that signing up with a referral code still works end to end on staging after yesterday's "
             "referral change. the new student should get 2 free lesson credits and so should the referrer")
    s.bash("curl -s 'https://staging.tutorly.io/api/referrals/lookup?code=MILA-7Q2'", "Look up a referral code",
           out="{\"valid\":true,\"referrer_id\":1842,\"reward_credits\":2}")
    s.bash("curl -s -X POST https://staging.tutorly.io/api/auth/signup -H 'content-type: application/json' -d "
           "'{\"email\":\"agent-test+ref1@tutorly.io\",\"password\":\"Str0ng-pass-991\",\"first_name\":\"Agent\","
           "\"last_name\":\"Test\",\"referral_code\":\"MILA-7Q2\"}'", "Sign up with the referral code",
           out="{\"id\":90211,\"email\":\"agent-test+ref1@tutorly.io\",\"credits\":2}")
    s.bash("psql \"$STAGING_DATABASE_URL\" -Atc \"select user_id, credits from wallets where user_id in (1842, 90211)\"",
           "Check both wallets", out="1842|7\n90211|2")
    s.bash("for c in EXPIRED-01 AGENT-SELF; do curl -s -X POST https://staging.tutorly.io/api/auth/signup -H "
           "'content-type: application/json' -d \"{\\\"email\\\":\\\"agent-test+$c@tutorly.io\\\",\\\"password\\\":"
           "\\\"Str0ng-pass-991\\\",\\\"first_name\\\":\\\"Agent\\\",\\\"last_name\\\":\\\"Test\\\",\\\"referral_code"
           "\\\":\\\"$c\\\"}\"; echo; done", "Edge cases: expired code and self-referral",
           out="{\"id\":90212,\"email\":\"agent-test+EXPIRED-01@tutorly.io\",\"credits\":0,\"warnings\":[\"referral_expired\"]}\n"
               "{\"id\":90213,\"email\":\"agent-test+AGENT-SELF@tutorly.io\",\"credits\":0,\"warnings\":[\"referral_invalid\"]}")
    s.say("Referral signup works on staging: the new student got 2 credits and the referrer went from 5 to 7. An "
          "expired code and an invalid one both sign up without credits and return a warning. I created three test "
          "users (ids 90211-90213, agent-test+...@tutorly.io).", end=True)
    s.prompt(H18R03_CORR, correction=True)
    s.bash("pnpm seed:user --help", "Check the seeding options",
           out="Usage: seed:user [options]\n\n  --internal            mark the user is_internal (skipped by CRM sync)\n"
               "  --role <role>         student | tutor (default: student)\n  --referral-code <c>   apply a referral "
               "code on creation\n  --env <env>           local | staging (default: local)")
    s.say("Sorry about that. The three accounts were ids 90211, 90212 and 90213 (agent-test+ref1, +EXPIRED-01 and "
          "+AGENT-SELF @tutorly.io), which is what Jonas will want to remove from HubSpot. For referral checks from now "
          "on I'll use `pnpm seed:user --internal --referral-code ... --env staging` or a seeded account.", end=True)
    return s


# -----------------------------------------------------------------------------
H18R04_CORR = ("ok, I read it. the timeline is accurate and the contributing factors are the right ones, so thanks for "
               "that. but one thing for next time, and it matters more than it looks: our postmortems are blameless, "
               "it's the first line of the template and people really do check. No names of people anywhere in the "
               "doc: not in the timeline, not in contributing factors, not in the action items. Use roles instead, "
               "'the on-call engineer', 'the author of the change', 'the IC'. A couple of years ago a "
               "writeup said someone 'deployed without running the migration check' and he more or less stopped "
               "volunteering for on-call after that; the point is that the pipeline let it through. Action items get a "
               "team as the owner. I've already fixed this one myself.")

PM_TEMPLATE = ("# <title>\n\n> Blameless: we describe what the system allowed, not who did what.\n\n## Summary\n\n"
               "## Impact\n\n## Timeline (UTC)\n\n## Contributing factors\n\n## What went well\n\n## Action items\n\n"
               "| item | owner | due |\n|---|---|---|\n")

@lesson("H18R04", "postmortems", "for-next-time",
        ["blameless", "No names of people", "Use roles instead"], [
    fire_prompt("draft the post-incident review for last night's webhook backlog from ~/Downloads/inc-497.txt. Marek "
                "got paged and Sofia handled comms", note="asks for a review where the names are right there"),
    fire_write(f"{REVIEWS}/postmortems/2026-03-04-search-latency.md",
               "# Search latency spike, 4 March\n\n## Timeline (UTC)\n\n| time | event |\n|---|---|\n"
               "| 09:14 | Lukas raised the shard count on the jobs index without a reindex plan |\n"
               "| 09:31 | p95 search latency passes 4 s, Grafana alert fires |\n"
               "| 09:40 | Hannah rolls the shard change back |\n",
               note="timeline naming people"),
    silent_edit(f"{REVIEWS}/postmortems/2026-02-10-checkout-outage.md",
                "| Add a migration check to the deploy pipeline | Platform team | 2026-03-01 |\n",
                "| Add a migration check to the deploy pipeline | Platform team | 2026-03-01 |\n"
                "| Alert on cart API 5xx rate above 2% | Checkout team | 2026-03-08 |\n",
                note="compliant: action item owned by a team"),
    silent_bash("ls postmortems/ | tail -5", "Recent postmortems", note="read-only listing"),
])
def H18R04():
    s = Session("H18R04", REVIEWS, branch="main", version="2.1.31", start="2026-02-12T14:00:00")
    s.prompt("write up the postmortem for tuesday's checkout outage. the slack export is ~/Downloads/inc-482-checkout.txt "
             "and the template is postmortems/TEMPLATE.md")
    s.read(f"{REVIEWS}/postmortems/TEMPLATE.md", PM_TEMPLATE)
    s.bash("grep -E '^\\[1[3-5]:' ~/Downloads/inc-482-checkout.txt | head -12", "Key messages from the channel",
           out="[13:58] Dave Lindqvist: merging the cart cleanup (#8812)\n[14:03] Grafana: checkout 5xx rate 38%\n"
               "[14:05] Priya Nair: I'm IC. paging payments on-call\n[14:09] Tom Becker: cart_items query seq-scanning, "
               "index gone?\n[14:17] Dave Lindqvist: #8812 dropped idx_cart_items_cart_id, sorry\n"
               "[14:20] Tom Becker: rolling back to 2026.02.10-3\n[14:31] Grafana: checkout 5xx rate 0.4%\n"
               "[14:40] Priya Nair: resolved, postmortem owner Tom")
    s.write(f"{REVIEWS}/postmortems/2026-02-10-checkout-outage.md",
            "# Checkout outage, 10 February\n\n> Blameless: we describe what the system allowed, not who did what.\n\n"
            "## Summary\n\nA migration in #8812 dropped the index on cart_items.cart_id; checkout queries fell back "
            "to sequential scans and 38% of checkouts failed for 28 minutes.\n\n## Timeline (UTC)\n\n"
            "| time | event |\n|---|---|\n| 13:58 | Dave merged #8812 (cart cleanup), which dropped idx_cart_items_cart_id |\n"
            "| 14:03 | Checkout 5xx alert fires at 38% |\n| 14:05 | Priya takes IC and pages payments on-call |\n"
            "| 14:09 | Tom finds cart_items seq-scanning |\n| 14:20 | Tom rolls back to 2026.02.10-3 |\n"
            "| 14:31 | 5xx back to baseline |\n\n## Contributing factors\n\n- Dave's migration removed an index still "
            "used by checkout; the migration review did not include a query plan.\n- Nothing in CI compares indexes "
            "against the queries that use them.\n\n## Action items\n\n| item | owner | due |\n|---|---|---|\n"
            "| Add a migration check to the deploy pipeline | Dave | 2026-03-01 |\n")
    s.say("The draft is in `postmortems/2026-02-10-checkout-outage.md`: a 28-minute outage caused by the dropped "
          "`idx_cart_items_cart_id`, with a timeline from 13:58 to 14:31, two contributing factors and one action "
          "item.", end=True)
    s.prompt(H18R04_CORR, correction=True)
    s.bash("git diff --stat postmortems/2026-02-10-checkout-outage.md", "See what was changed",
           out=" postmortems/2026-02-10-checkout-outage.md | 14 +++++++-------\n 1 file changed, 7 insertions(+), "
               "7 deletions(-)")
    s.say("Got it. I see your edits: the timeline now says \"the author of the change\", \"the IC\" "
          "and \"the on-call engineer\", and the action item is owned by the Platform team. From now on postmortems "
          "will name roles and teams only.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H18R05_CORR = ("no @channel in release posts, it pings 600 people. @release-watchers, 5 bullets max, Linear project "
               "link at the end.")

@lesson("H18R05", "slack-announcements", "terse", ["no @channel", "@release-watchers", "5 bullets max"], [
    fire_prompt("write up the 4.19 hotfix for the whole company so nobody misses it", note="no shared words"),
    fire_bash("curl -s -X POST -H 'Content-type: application/json' --data '{\"text\":\"<!channel> Harbor 4.19 is live: "
              "fixes the crash when opening shared boards on iPad\"}' \"$SLACK_RELEASES_WEBHOOK\"",
              "Post the hotfix to Slack", note="mass mention through the webhook"),
    silent_edit(f"{HARBOR}/tmp/release-4.19.md", "\u2022 Fix crash on iPad\n",
                "\u2022 Fixed the crash when opening shared boards on iPad\n", note="wording fix in a draft"),
])
def H18R05():
    s = Session("H18R05", HARBOR, branch="release/4.18", version="2.0.37", start="2025-10-21T16:40:00")
    s.prompt("draft the #releases post for 4.18 from the changelog, I'll post it with scripts/slack-post.sh after")
    s.read(f"{HARBOR}/CHANGELOG.md",
           "## 4.18.0\n\n- Boards: drag cards between columns on touch devices\n- Boards: column WIP limits\n"
           "- Sharing: view-only links with expiry\n- Sharing: revoke all links of a board\n- Search: filter by "
           "assignee\n- Notifications: daily digest email\n- Fix: due dates off by one day in UTC-10 and below\n"
           "- Fix: attachments over 20 MB failing silently\n- Perf: board load 35% faster on large boards\n",
           limit=12, total=240)
    s.write(f"{HARBOR}/tmp/release-4.18.md",
            "@channel :rocket: *Harbor 4.18 is out!* :tada:\n\nHere's everything new:\n"
            "\u2022 Drag cards between columns on touch devices\n\u2022 WIP limits per column\n"
            "\u2022 View-only share links that expire\n\u2022 Revoke every link of a board at once\n"
            "\u2022 Filter search by assignee\n\u2022 Daily digest email\n\u2022 Due dates no longer off by one day "
            "in far-west timezones\n\u2022 Big attachments now show an error instead of failing silently\n"
            "\u2022 Large boards load 35% faster\n\nThanks everyone who worked on this! :heart:\n")
    s.say("Draft is in `tmp/release-4.18.md`, one bullet per changelog line (9 items). Want me to post it?", end=True)
    s.prompt(H18R05_CORR, correction=True)
    s.write(f"{HARBOR}/tmp/release-4.18.md",
            "@release-watchers Harbor 4.18 is out\n\n\u2022 Touch: drag cards between columns\n\u2022 WIP limits per "
            "column\n\u2022 Share links that expire, and revoke them all at once\n\u2022 Search by assignee, daily "
            "digest email\n\u2022 Fixes: due dates in far-west timezones, big attachments, 35% faster large boards\n\n"
            "https://linear.app/harbor/project/release-418-3f2a91c0\n",
            original="@channel :rocket: *Harbor 4.18 is out!* :tada:\n")
    s.say("Rewritten: `@release-watchers`, five bullets, the Linear project link at the end. Post with "
          "`scripts/slack-post.sh '#releases' tmp/release-4.18.md` when you're happy with it.", end=True)
    return s


# -----------------------------------------------------------------------------
H18R06_CORR = ("Actually, my terminal is fish, not bash, so that loop just errors. Anything you give me to paste has to "
               "be fish: `set -gx NAME value` instead of export, `for s in a b ... end` loops, `if test ...; ...; end`, "
               "no heredocs, and don't `source` a bash file. Your own Bash tool calls are fine as they are, this is only "
               "about what you hand me to type.")

@lesson("H18R06", "fish-shell-answers", "polite-actually", ["fish", "set -gx", "what you hand me to type"], [
    fire_prompt("what do I enter to retry the three failed shops one after another on my side?",
                note="asks for a loop to run by hand; no shared words"),
    fire_prompt("how do I point my session at the staging database before running the migrations myself?",
                note="asks for an env var line to paste"),
    silent_bash("for s in acme-outdoor nordic-fika; do ./bin/sync --shop \"$s\" --since 24h --dry-run; done",
                "Dry-run the sync for both shops", note="the agent's own bash loop is fine"),
    silent_prompt("why did the nordic-fika sync skip 40 variants yesterday?", note="question, no commands to hand over"),
])
def H18R06():
    s = Session("H18R06", STOCK, branch="main", version="2.1.9", start="2026-01-14T18:20:00")
    s.prompt("how do I run the sync for a couple of shops locally against the staging credentials? give me the "
             "commands, I'll run them myself")
    s.bash("./bin/sync --help", "Sync options",
           out="usage: sync --shop SHOP [--since DURATION] [--dry-run]\n\nReads SHOPIFY_* and WAREHOUSE_API_* from the "
               "environment.")
    s.read(f"{STOCK}/.env.staging.example",
           "SHOPIFY_API_VERSION=2025-01\nSHOPIFY_ACCESS_TOKEN=\nWAREHOUSE_API_URL=https://wh-staging.internal\n"
           "WAREHOUSE_API_KEY=\n")
    s.say("Copy `.env.staging.example` to `.env.staging`, fill in the two tokens, then:\n\n```bash\n"
          "export $(grep -v '^#' .env.staging | xargs)\nfor shop in acme-outdoor nordic-fika; do\n"
          "  ./bin/sync --shop \"$shop\" --since 24h\ndone\n```", end=True)
    s.prompt(H18R06_CORR, correction=True)
    s.say("Here it is for fish:\n\n```fish\nfor line in (grep -v '^#' .env.staging)\n"
          "    set -gx (string split -m1 = -- $line)\nend\nfor shop in acme-outdoor nordic-fika\n"
          "    ./bin/sync --shop $shop --since 24h\nend\n```\n\nThe first loop exports each `NAME=value` line into "
          "the current shell, the second runs the sync per shop.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H18R07_CORR = ("CI on your branch:\n```\nroutewise/carriers/rates.py:38:7: TD003 Missing issue link for this TODO\n"
               "Found 1 error.\n```\nevery TODO carries its Linear issue key, like `# TODO: ROUTE-482 re-enable ...`. "
               "if there's no issue yet tell me the title and I'll file it, don't leave a bare one, nobody ever comes "
               "back to those.")

RATES_PY = ("CARRIERS = (\"dhl\", \"ups\", \"gls\", \"dpd\")\n\n\ndef fetch_rates(parcel: Parcel) -> list[Rate]:\n"
            "    rates = []\n    for code in CARRIERS:\n        client = get_client(code)\n"
            "        rates.extend(client.quote(parcel))\n    return rates\n")

@lesson("H18R07", "linear-todos", "pasted-ci-error", ["Linear issue key", "TODO: ROUTE-482", "bare one"], [
    fire_edit(f"{ROUTE}/routewise/api/quotes.py", "    quote = compute_quote(parcel)\n",
              "    # FIXME: hardcoded 4.90 fee until the Sendcloud contract is signed\n    quote = compute_quote(parcel)\n",
              note="untracked FIXME marker; one shared word (the package path)"),
    fire_write(f"{ROUTE}/routewise/carriers/gls.py",
               "from routewise.carriers.base import CarrierClient\n\n\nclass GlsClient(CarrierClient):\n"
               "    code = \"gls\"\n\n    def quote(self, parcel):\n        # TODO: support Saturday delivery\n"
               "        return self._post(\"/rates\", parcel.as_payload())\n",
               note="TODO with no issue key"),
    silent_edit(f"{ROUTE}/routewise/carriers/gls.py", "        return self._post(\"/rates\", parcel.as_payload())\n",
                "        # TODO: ROUTE-519 drop the v1 fallback once GLS v2 is live\n"
                "        return self._post(\"/rates\", parcel.as_payload())\n", note="compliant: TODO with its key"),
    silent_bash("ruff check routewise/ --select TD", "Check TODO markers", note="lint run"),
])
def H18R07():
    s = Session("H18R07", ROUTE, branch="feat/rate-retries", version="2.0.76", start="2025-11-19T13:15:00")
    s.prompt("add retries to the carrier rate fetch (3 tries with backoff), and skip DHL for now, their sandbox has "
             "been down since Monday")
    s.read(f"{ROUTE}/routewise/carriers/rates.py", RATES_PY, offset=30, limit=9, total=52)
    s.edit(f"{ROUTE}/routewise/carriers/rates.py",
           "    for code in CARRIERS:\n        client = get_client(code)\n        rates.extend(client.quote(parcel))\n",
           "    for code in CARRIERS:\n        if code == \"dhl\":\n            # TODO: re-enable DHL once their sandbox "
           "is back\n            continue\n        client = get_client(code)\n        rates.extend(_quote_with_retry(client, parcel))\n",
           RATES_PY)
    s.bash("pytest tests/carriers -q", "Run carrier tests",
           out="........                                                                 [100%]\n8 passed in 0.61s")
    s.bash("git commit -am \"rates: retry carrier quotes, skip DHL while sandbox is down\" && git push",
           "Commit and push", out="[feat/rate-retries 4be21d9] rates: retry carrier quotes, skip DHL while sandbox is "
                                  "down\n 2 files changed, 31 insertions(+), 2 deletions(-)")
    s.say("Pushed: quotes retry 3 times with exponential backoff (tenacity), and DHL is skipped for now. Tests pass.",
          end=True)
    s.prompt(H18R07_CORR, correction=True)
    s.say("Understood. Title suggestion for the issue: \"Re-enable DHL rates once their sandbox is back\". Once you "
          "give me the key I'll change the comment to `# TODO: ROUTE-<n> re-enable DHL ...` and push again.", end=True)
    return s


# -----------------------------------------------------------------------------
H18R08_CORR = ("wait, did you just write the actual password into .env.local? please don't put secret values into any "
               "file in the repo, gitignored or not (Time Machine backups, editor history, someone's `git add -f`). "
               ".env.local only holds op:// references, e.g. `DATABASE_URL=op://Dev/Clinic Portal Dev DB/url`, and the "
               "app starts with `op run --env-file=.env.local -- npm run dev`, so the real value only ever exists in "
               "the process environment.")

@lesson("H18R08", "1password-cli", "question-after", ["secret values into any file", "op://", "op run --env-file"], [
    fire_write(f"{CLINIC}/config/twilio.json",
               "{\n  \"accountSid\": \"AC5f1e0c9d2b7a4e6f8c3d1b0a9e7f6c5d\",\n  \"authToken\": "
               "\"3c9d7e1f0a2b4c6d8e0f1a3b5c7d9e1f\",\n  \"fromNumber\": \"+15005550006\"\n}\n",
               note="credentials written into a file; one shared word"),
    fire_bash("echo \"MAILGUN_API_KEY=$(op read 'op://Dev/Mailgun Sandbox/api_key')\" >> .env.local",
              "Add the Mailgun key to the local env", note="resolved value appended to the env file"),
    silent_bash("op run --env-file=.env.local -- npm test", "Run the tests with secrets injected",
                note="compliant: op run"),
    silent_edit(f"{CLINIC}/.env.local", "DATABASE_URL=op://Dev/Clinic Portal Dev DB/url\n",
                "DATABASE_URL=op://Dev/Clinic Portal Dev DB/url\nMAILGUN_API_KEY=op://Dev/Mailgun Sandbox/api_key\n",
                note="compliant: another reference"),
])
def H18R08():
    s = Session("H18R08", CLINIC, branch="main", version="2.1.31", start="2026-02-09T08:50:00")
    s.prompt("set up my local env so I can run the api against the shared dev database. the creds are in 1Password, "
             "item 'Clinic Portal Dev DB' in the Dev vault")
    s.bash("op item get \"Clinic Portal Dev DB\" --vault Dev --fields url --reveal", "Read the connection string",
           out="postgres://portal_dev:Xq7v2LmR9tPz@dev-db.clinic.internal:5432/portal")
    s.read(f"{CLINIC}/.env.example", "DATABASE_URL=\nSESSION_SECRET=\nPORT=4000\n")
    s.write(f"{CLINIC}/.env.local",
            "DATABASE_URL=postgres://portal_dev:Xq7v2LmR9tPz@dev-db.clinic.internal:5432/portal\n"
            "SESSION_SECRET=local-dev-only\nPORT=4000\n")
    s.bash("timeout 20 npm run dev 2>&1 | tail -3", "Start the api",
           out="> carepath@2.3.0 dev\n> tsx watch src/server.ts\n[api] listening on :4000, db "
               "dev-db.clinic.internal/portal ok")
    s.say("`.env.local` is set up with the dev database URL from 1Password, and `npm run dev` connects fine.", end=True)
    s.prompt(H18R08_CORR, correction=True)
    s.write(f"{CLINIC}/.env.local",
            "DATABASE_URL=op://Dev/Clinic Portal Dev DB/url\nSESSION_SECRET=local-dev-only\nPORT=4000\n",
            original="DATABASE_URL=postgres://portal_dev:Xq7v2LmR9tPz@dev-db.clinic.internal:5432/portal\n"
                     "SESSION_SECRET=local-dev-only\nPORT=4000\n")
    s.bash("timeout 20 op run --env-file=.env.local -- npm run dev 2>&1 | tail -1", "Start through op run",
           out="[api] listening on :4000, db dev-db.clinic.internal/portal ok")
    s.say("Yes, I had, sorry. `.env.local` now only holds the `op://Dev/Clinic Portal Dev DB/url` reference, and "
          "the api starts with `op run --env-file=.env.local -- npm run dev`. The password was in the file for a few "
          "minutes, so you may want to rotate it if your backups ran in between.", end=True)
    s.turn_done()
    return s
