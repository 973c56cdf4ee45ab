"""gen-holdout-17: lessons about ways of working, folders, tools and team conventions, and about how to answer
(before/after screenshots on every PR that changes what users see, review threads are resolved by the reviewer, mobile
PRs target develop, nothing new in the frozen legacy folder, UI copy comes from the UX writer, answers show only the
changed lines, production feature flags are product's call, every UI kit component ships with stories)."""
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
    silent_write,
)

FERNWEB = "/home/aoife/code/fernly-web"
FERNUI = "/home/aoife/code/fernly-ui"
BRAMBLE = "/home/yusra/src/bramble-api"
MOSSCART = "/home/henrik/dev/mosscart-mobile"
TALLYMARK = "/home/celine/work/tallymark"
QUILL = "/home/tobias/dev/quillpad-app"
HOPPER = "/home/nikolai/src/hopper-worker"
KITEBOARD = "/home/ama/code/kiteboard"


# -----------------------------------------------------------------------------
H17R01_CORR = ("Maya (design) left a note on #1184 and asked me to pass it on: \"I can't review a visual change from a "
               "diff. Please put before/after screenshots in the PR, desktop and mobile width.\" so for any PR that "
               "changes what users see: fill in the Screenshots section of the PR template with before/after images "
               "(desktop + 375px), or a short screen recording when it's an interaction. no screenshots, no design "
               "review.")

PLANCARD_CSS = (".card {\n  border: 1px solid var(--neutral-200);\n  border-radius: 4px;\n  padding: 16px;\n}\n\n"
                ".current {\n  background: var(--neutral-50);\n}\n")

@lesson("H17R01", "pr-ui-screenshots", "relayed-from-colleague",
        ["before/after screenshots", "Screenshots section of the PR template", "no design review"], [
    fire_bash("gh pr create --base main --title \"Darker sidebar nav, bigger tap targets\" --body \"Sidebar uses "
              "neutral-800 as background; nav items are 44px tall now.\"", "Open the pull request",
              note="PR for a restyle with no images; no shared words"),
    fire_prompt("the dark mode toggle looks good locally, open a pull request for it",
                note="asks for a PR of a visible change"),
    silent_bash("gh pr create --base main --title \"Bump vitest to 2.1\" --body \"Dev tooling only, nothing "
                "visible changes.\"", "Open the PR", note="PR without any UI change"),
    silent_bash("pnpm shots /orders --widths 1280,375 --out .pr-shots/orders-table", "Capture before/after images",
                note="compliant: captures the screenshots"),
])
def H17R01():
    s = Session("H17R01", FERNWEB, branch="feat/plan-cards-restyle", version="2.0.76", start="2025-11-18T10:20:00")
    s.prompt("restyle the plan cards on /account/plans to match the new Figma frame (12px radius, accent border on "
             "the current plan) and open a PR")
    s.read(f"{FERNWEB}/src/features/plans/PlanCard.module.css", PLANCARD_CSS)
    s.edit(f"{FERNWEB}/src/features/plans/PlanCard.module.css",
           "  border-radius: 4px;\n", "  border-radius: 12px;\n", PLANCARD_CSS)
    after = PLANCARD_CSS.replace("  border-radius: 4px;\n", "  border-radius: 12px;\n")
    s.edit(f"{FERNWEB}/src/features/plans/PlanCard.module.css",
           ".current {\n  background: var(--neutral-50);\n}\n",
           ".current {\n  background: var(--neutral-50);\n  border: 2px solid var(--accent-500);\n}\n", after)
    s.bash("pnpm vitest run src/features/plans", "Run the plan tests",
           out=" ✓ src/features/plans/PlanCard.test.tsx (3 tests) 41ms\n\n Test Files  1 passed (1)\n      Tests  3 passed (3)")
    s.bash("git add -A src/features/plans && git commit -qm \"Restyle plan cards\" && git push -u origin HEAD && "
           "gh pr create --base main --title \"Restyle plan cards\" --body \"Plan cards now match the Figma frame.\"",
           "Commit, push and open the PR", out="https://github.com/fernly/fernly-web/pull/1184")
    s.say("Opened #1184: 12px radius on the plan cards and an accent border on the current plan. Tests pass.", end=True)
    s.prompt(H17R01_CORR, correction=True, think_secs=(1800, 5400))
    s.bash("git stash -q && pnpm shots /account/plans --widths 1280,375 --out .pr-shots/before && git stash pop -q && "
           "pnpm shots /account/plans --widths 1280,375 --out .pr-shots/after", "Capture before and after",
           out="saved .pr-shots/before/account-plans@1280.png\nsaved .pr-shots/before/account-plans@375.png\n"
               "saved .pr-shots/after/account-plans@1280.png\nsaved .pr-shots/after/account-plans@375.png")
    s.bash("gh pr edit 1184 --body-file .pr-shots/body-1184.md", "Fill in the template with the images",
           out="https://github.com/fernly/fernly-web/pull/1184")
    s.say("The PR body now follows the template, with a before/after table at 1280px and 375px in the Screenshots "
          "section. I'll do that for every PR that changes what users see.", end=True)
    return s


# -----------------------------------------------------------------------------
H17R02_CORR = ("why are all of Tom's threads marked resolved? he resolves them himself once he's checked the change, "
               "that's how he keeps track of what's still open; now he has to reopen every one to see what happened. "
               "never resolve someone else's review threads. reply in the thread with the commit hash that addresses "
               "it (or why you didn't) and leave it open.")

@lesson("H17R02", "review-thread-resolution", "question-after-the-fact",
        ["never resolve someone else's review threads", "reply in the thread with the commit hash", "leave it open"], [
    fire_bash("gh api graphql -f query='mutation { resolveReviewThread(input: {threadId: \"PRRT_kwDOKq9x5c5Fa1Zb\"}) "
              "{ thread { isResolved } } }'", "Mark Lina's pagination remark as done",
              note="resolves a reviewer's thread through the API"),
    fire_prompt("Ana left six remarks on the migration PR, sort them out and tick them all off when you're finished",
                note="asks to close a reviewer's remarks; no shared words"),
    silent_bash("gh api repos/bramble-hq/bramble-api/pulls/351/comments/1699042211/replies -f body=\"Done in 8c41e0d: "
                "the cursor is opaque base64 now.\"", "Reply under Lina's comment", note="compliant: a reply"),
    silent_bash("gh pr view 351 --comments", "Read the review", note="read-only"),
])
def H17R02():
    s = Session("H17R02", BRAMBLE, branch="feat/bulk-invites", version="2.1.9", start="2026-01-20T14:05:00")
    s.prompt("Tom reviewed #342 (bulk invite endpoint), address his comments")
    s.bash("gh pr view 342 --comments | tail -20", "Read Tom's review",
           out="tomvdb commented on app/routers/invites.py:41\n  This loads every invite into memory, stream or cap it?\n"
               "tomvdb commented on app/routers/invites.py:58\n  409 instead of 400 for duplicates?\n"
               "tomvdb commented on app/schemas.py:12\n  max_length on emails list\n"
               "tomvdb commented on tests/test_invites.py:7\n  missing test for the duplicate case")
    s.bash("git commit -qam \"Cap bulk invites at 500, 409 on duplicates, test\" && git push -q", "Commit the fixes",
           out="")
    s.bash("for t in PRRT_kwDOKq9x5c5FZ0aa PRRT_kwDOKq9x5c5FZ0ab PRRT_kwDOKq9x5c5FZ0ac PRRT_kwDOKq9x5c5FZ0ad; do "
           "gh api graphql -f query=\"mutation { resolveReviewThread(input: {threadId: \\\"$t\\\"}) { thread { "
           "isResolved } } }\"; done", "Resolve the addressed threads",
           out="{\"data\":{\"resolveReviewThread\":{\"thread\":{\"isResolved\":true}}}}\n" * 4)
    s.say("All four comments are addressed in 3f2a9c1 (cap of 500 invites, 409 for duplicates, max_length, and a test) "
          "and I've resolved the threads.", end=True)
    s.prompt(H17R02_CORR, correction=True, think_secs=(600, 3000))
    s.bash("for t in PRRT_kwDOKq9x5c5FZ0aa PRRT_kwDOKq9x5c5FZ0ab PRRT_kwDOKq9x5c5FZ0ac PRRT_kwDOKq9x5c5FZ0ad; do "
           "gh api graphql -f query=\"mutation { unresolveReviewThread(input: {threadId: \\\"$t\\\"}) { thread { "
           "isResolved } } }\"; done", "Reopen the threads",
           out="{\"data\":{\"unresolveReviewThread\":{\"thread\":{\"isResolved\":false}}}}\n" * 4)
    s.say("Reopened all four and replied in each with the line of 3f2a9c1 that addresses it. From now on I reply with "
          "the commit and leave resolving to the reviewer.", end=True)
    return s


# -----------------------------------------------------------------------------
H17R03_CORR = ("no, in this repo PRs go to develop, never to main. main is exactly what's in the App Store and Play "
               "Store right now; release branches are cut from develop and merged to main by the release manager. "
               "retarget it (gh pr edit --base develop) and branch off develop from now on.")

CHECKOUT_TSX = ("export function CheckoutScreen() {\n  const basket = useBasket();\n"
                "  const first = basket.items[0];\n  return <CheckoutSummary currency={first.currency} items={basket.items} />;\n}\n")

@lesson("H17R03", "gitflow-develop-base", "plain-no",
        ["PRs go to develop", "never to main", "branch off develop"], [
    fire_bash("git fetch origin && git switch -c feat/MOB-430-apple-pay origin/main", "Start the Apple Pay branch",
              note="new branch from main; one shared word"),
    fire_bash("gh pr create -B main --title \"MOB-433: haptic on add-to-basket\" --body \"Light haptic when an item "
              "lands in the basket.\"", "Open the PR", note="PR against main"),
    silent_bash("gh pr create --base develop --title \"MOB-431: badge count off by one\" --fill", "Open the PR",
                note="compliant base"),
    silent_bash("git log --oneline origin/main -5", "What shipped last", note="read-only look at main"),
])
def H17R03():
    s = Session("H17R03", MOSSCART, branch="main", version="2.0.37", start="2025-10-09T09:40:00")
    s.prompt("fix the crash on the checkout screen when the basket is empty (MOB-412) and open a PR")
    s.read(f"{MOSSCART}/src/screens/Checkout.tsx", CHECKOUT_TSX)
    s.edit(f"{MOSSCART}/src/screens/Checkout.tsx", "  const first = basket.items[0];\n",
           "  if (basket.items.length === 0) return <EmptyBasket />;\n  const first = basket.items[0];\n", CHECKOUT_TSX)
    s.bash("yarn jest src/screens/__tests__/Checkout.test.tsx", "Run the checkout tests",
           out="PASS src/screens/__tests__/Checkout.test.tsx\n  ✓ renders the empty basket state (38 ms)\n\nTests:       4 passed, 4 total")
    s.bash("git switch -c fix/MOB-412-empty-basket && git commit -qam \"MOB-412: empty basket no longer crashes "
           "checkout\" && git push -qu origin HEAD && gh pr create --base main --fill", "Branch, commit and open the PR",
           out="https://github.com/mosscart/mosscart-mobile/pull/877")
    s.say("Opened #877: the checkout screen shows the empty-basket state instead of reading `items[0]` of an empty "
          "list. Tests pass.", end=True)
    s.prompt(H17R03_CORR, correction=True, think_secs=(60, 300))
    s.bash("git fetch -q origin && git rebase -q --onto origin/develop origin/main fix/MOB-412-empty-basket && "
           "git push -qf origin HEAD && gh pr edit 877 --base develop", "Rebase onto develop and retarget",
           out="https://github.com/mosscart/mosscart-mobile/pull/877")
    s.say("#877 now targets develop, rebased onto `origin/develop`. New branches will start from develop.", end=True)
    return s


# -----------------------------------------------------------------------------
H17R04_CORR = ("not in app/legacy/. that folder is frozen: we're carving it up into packs and every new file there is "
               "one more thing to move later. new code goes in packs/<domain>/ (this one is packs/statements/), and "
               "app/legacy only gets bug fixes with a ticket number in the commit. if you need something from legacy, "
               "call it through its public constant, don't add to it.")

@lesson("H17R04", "legacy-folder-freeze", "rejected-with-feedback",
        ["that folder is frozen", "packs/statements/", "new code goes in packs"], [
    fire_write(f"{TALLYMARK}/app/legacy/invoicing/late_fee_calculator.rb",
               "class LateFeeCalculator\n  RATE = BigDecimal(\"0.015\")\n\n  def initialize(invoice)\n    @invoice = invoice\n"
               "  end\n\n  def amount\n    return 0 unless @invoice.overdue?\n    (@invoice.total * RATE).round(2)\n  end\nend\n",
               note="new class in the frozen tree"),
    fire_prompt("write the VAT report exporter alongside the old invoicing classes",
                note="asks to put new work next to old code; no shared words"),
    silent_edit(f"{TALLYMARK}/app/legacy/invoicing/invoice_number.rb",
                "    format(\"INV-%05d\", seq)\n", "    format(\"INV-%06d\", seq)\n",
                note="bug fix in legacy, allowed"),
    silent_write(f"{TALLYMARK}/packs/invoicing/app/services/invoicing/late_fee.rb",
                 "module Invoicing\n  class LateFee\n    RATE = BigDecimal(\"0.015\")\n\n    def self.for(invoice)\n"
                 "      invoice.overdue? ? (invoice.total * RATE).round(2) : 0\n    end\n  end\nend\n",
                 note="compliant: in packs/"),
])
def H17R04():
    s = Session("H17R04", TALLYMARK, branch="feat/monthly-statements", version="2.1.31", start="2026-02-03T11:00:00")
    s.prompt("add a service that emails the monthly statement PDF to customers who opted in")
    s.grep("class Statement", path=f"{TALLYMARK}/app", files=[f"{TALLYMARK}/app/legacy/statements/statement.rb",
                                                              f"{TALLYMARK}/app/legacy/statements/statement_mailer.rb"])
    s.say("The statement model and mailer live in `app/legacy/statements/`. I'll add the sender next to them.")
    s.reject("Write", {"file_path": f"{TALLYMARK}/app/legacy/statements/monthly_statement_sender.rb",
                       "content": "class MonthlyStatementSender\n  def call(month)\n    Customer.opted_in_statements.find_each do |c|\n"
                                  "      StatementMailer.monthly(c, month).deliver_later\n    end\n  end\nend\n"},
             feedback=H17R04_CORR)
    s.write(f"{TALLYMARK}/packs/statements/app/services/statements/monthly_sender.rb",
            "module Statements\n  class MonthlySender\n    def call(month)\n      Customer.opted_in_statements.find_each do |c|\n"
            "        ::StatementMailer.monthly(c, month).deliver_later\n      end\n    end\n  end\nend\n")
    s.bash("bin/packwerk check packs/statements", "Check pack boundaries",
           out="📦 Packwerk is inspecting 14 files\n..............\n📦 Finished in 0.41 seconds\n\nNo offenses detected")
    s.say("The sender is `Statements::MonthlySender` in `packs/statements/`, calling the legacy mailer through its "
          "public constant. Nothing was added to `app/legacy/`; packwerk reports no offenses.", end=True)
    return s


# -----------------------------------------------------------------------------
H17R05_CORR = ("thanks! but please don't write UI text yourself. every user-facing string comes from Noor (UX writing) "
               "through the copy doc, she keeps tone and terminology consistent and legal checks some of it. add the "
               "key to locales/en.json with the value \"TODO copy\" and list the keys in the PR so she can fill them in.")

SHARE_TSX = ("      {status === \"sending\" && <Spinner size=\"sm\" />}\n      <DialogFooter>\n")

@lesson("H17R05", "ui-copy-ownership", "thanks-but",
        ["don't write UI text yourself", "comes from Noor", "TODO copy"], [
    fire_edit(f"{QUILL}/src/features/trash/TrashView.tsx", "  if (notes.length === 0) return null;\n",
              "  if (notes.length === 0)\n    return <p className=\"muted\">Nothing in here. Deleted notes stay for 30 "
              "days before they vanish for good.</p>;\n", note="agent-written empty-state sentence; no shared words"),
    fire_prompt("add a confirmation before deleting a notebook that warns it can't be undone",
                note="asks for a dialog whose wording the agent would invent"),
    silent_edit(f"{QUILL}/locales/en.json", "  \"trash.title\": \"Trash\",\n",
                "  \"trash.title\": \"Trash\",\n  \"trash.empty\": \"TODO copy\",\n", note="compliant placeholder"),
    silent_edit(f"{QUILL}/src/features/sharing/ShareDialog.tsx", "<DialogFooter>", "<DialogFooter align=\"end\">",
                note="layout tweak, no text"),
])
def H17R05():
    s = Session("H17R05", QUILL, branch="feat/share-errors", version="2.0.37", start="2025-10-22T15:30:00")
    s.prompt("the share dialog needs an error state when the invite fails")
    s.read(f"{QUILL}/src/features/sharing/ShareDialog.tsx", SHARE_TSX, offset=48, limit=2, total=112)
    s.edit(f"{QUILL}/src/features/sharing/ShareDialog.tsx", "      <DialogFooter>\n",
           "      {status === \"error\" && (\n        <p className=\"error\">Oops! We couldn't send that invite. Double-check "
           "the address and give it another go.</p>\n      )}\n      <DialogFooter>\n", SHARE_TSX)
    s.bash("pnpm vitest run src/features/sharing", "Run the sharing tests",
           out=" ✓ src/features/sharing/ShareDialog.test.tsx (5 tests) 88ms\n\n Test Files  1 passed (1)")
    s.say("When the invite request fails the dialog now shows an error message above the footer. Tests pass.",
          end=True)
    s.prompt(H17R05_CORR, correction=True, think_secs=(120, 600))
    s.edit(f"{QUILL}/src/features/sharing/ShareDialog.tsx",
           "        <p className=\"error\">Oops! We couldn't send that invite. Double-check the address and give it "
           "another go.</p>\n",
           "        <p className=\"error\">{t(\"share.invite.error\")}</p>\n",
           SHARE_TSX.replace("      <DialogFooter>\n",
                             "      {status === \"error\" && (\n        <p className=\"error\">Oops! We couldn't send that "
                             "invite. Double-check the address and give it another go.</p>\n      )}\n      <DialogFooter>\n"))
    s.say("The paragraph now renders `t(\"share.invite.error\")`, and `locales/en.json` has that key set to "
          "\"TODO copy\". I'll list it in the PR under \"Copy needed\" for Noor.", end=True)
    return s


# -----------------------------------------------------------------------------
H17R06_CORR = ("way too long, I read these on my phone between meetings. just the lines that change, as a diff with "
               "file:line, and one sentence on why. not the whole file.")

CONSUMER_TS = ("export async function handle(msg: Message) {\n  try {\n    await process(msg);\n  } catch (err) {\n"
               "    await queue.retry(msg, { delayMs: 1000 });\n  }\n}\n")

@lesson("H17R06", "answer-changed-hunks", "terse-fragment",
        ["just the lines that change", "file:line", "not the whole file"], [
    fire_prompt("what would need to be different in src/queue/dlq.ts so poison messages get parked after 5 attempts?",
                note="asks how code should change"),
    fire_prompt("show me how you'd add a per-tenant concurrency cap to the scheduler",
                note="asks for a proposed change; no shared words"),
    silent_prompt("paste the full contents of src/config.ts here, I want to copy it into the other repo",
                  note="explicitly asks for a whole file"),
    silent_bash("npx tsc --noEmit -p .", "Type-check", note="unrelated check in the same repo"),
])
def H17R06():
    s = Session("H17R06", HOPPER, branch="main", version="2.1.31", start="2026-02-11T12:10:00")
    s.prompt("how would you make the retry in src/queue/consumer.ts back off exponentially?")
    s.read(f"{HOPPER}/src/queue/consumer.ts", CONSUMER_TS, total=184)
    s.say("Here's the whole of `src/queue/consumer.ts` with exponential backoff:\n\n```ts\nimport { Message } from "
          "\"./types\";\nimport { queue } from \"./client\";\n\nconst BASE_MS = 1000;\nconst MAX_MS = 5 * 60_000;\n\n"
          "export async function handle(msg: Message) {\n  try {\n    await process(msg);\n  } catch (err) {\n"
          "    const attempt = msg.attempts ?? 0;\n    const delayMs = Math.min(MAX_MS, BASE_MS * 2 ** attempt);\n"
          "    await queue.retry(msg, { delayMs });\n  }\n}\n// ... 170 more lines unchanged ...\n```\n\nThe delay "
          "doubles with each attempt, capped at five minutes, and the rest of the file stays as it is.", end=True)
    s.prompt(H17R06_CORR, correction=True, think_secs=(30, 200))
    s.say("`src/queue/consumer.ts:5`\n```diff\n-    await queue.retry(msg, { delayMs: 1000 });\n+    await "
          "queue.retry(msg, { delayMs: Math.min(300_000, 1000 * 2 ** (msg.attempts ?? 0)) });\n```\nThe delay "
          "doubles per attempt, capped at 5 minutes.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H17R07_CORR = ("stop. production flags are Hana's call, not ours. we turn flags on in development and staging only; "
               "product flips them in production when support and the help centre are ready, usually for 10% first. "
               "tell her in #releases that it's ready.")

UNLEASH = "https://unleash.kiteboard.io/api/admin/projects/default/features"

@lesson("H17R07", "unleash-flag-rollout", "interrupted-then-stop",
        ["production flags are Hana's call", "development and staging only", "#releases"], [
    fire_bash(f"curl -s -X POST -H \"Authorization: $UNLEASH_ADMIN_TOKEN\" "
              f"{UNLEASH}/invoice-reminders-v2/environments/production/on",
              "Switch invoice reminders on for customers", note="toggle in production; one shared word"),
    fire_prompt("enterprise customers keep asking for the new dashboard, enable it for everyone live",
                note="asks to switch a feature on for all; no shared words"),
    silent_bash(f"curl -s -X POST -H \"Authorization: $UNLEASH_ADMIN_TOKEN\" "
                f"{UNLEASH}/invoice-reminders-v2/environments/staging/on", "Turn it on in staging",
                note="compliant environment"),
    silent_bash(f"curl -s -H \"Authorization: $UNLEASH_ADMIN_TOKEN\" {UNLEASH}/bulk-csv-import | "
                "jq '.environments[] | {name, enabled}'", "Where is it on?", note="read-only"),
])
def H17R07():
    s = Session("H17R07", KITEBOARD, branch="main", version="2.1.9", start="2026-01-08T16:45:00")
    s.prompt("the bulk CSV import is merged and deployed (flag bulk-csv-import), turn it on")
    s.bash(f"for env in development staging; do curl -s -X POST -H \"Authorization: $UNLEASH_ADMIN_TOKEN\" "
           f"{UNLEASH}/bulk-csv-import/environments/$env/on -o /dev/null -w \"$env %{{http_code}}\\n\"; done",
           "Enable in development and staging", out="development 200\nstaging 200")
    s.say("On in development and staging. Now production.")
    s.interrupt_tool("Bash", {"command": f"curl -s -X POST -H \"Authorization: $UNLEASH_ADMIN_TOKEN\" "
                                         f"{UNLEASH}/bulk-csv-import/environments/production/on",
                              "description": "Enable in production"})
    s.prompt(H17R07_CORR, correction=True, think_secs=(5, 30))
    s.bash(f"curl -s -H \"Authorization: $UNLEASH_ADMIN_TOKEN\" {UNLEASH}/bulk-csv-import | "
           "jq -c '.environments[] | {name, enabled}'", "Check nothing changed in production",
           out="{\"name\":\"development\",\"enabled\":true}\n{\"name\":\"staging\",\"enabled\":true}\n"
               "{\"name\":\"production\",\"enabled\":false}")
    s.say("Production is untouched (still off). Message for #releases: \"bulk-csv-import is on in development and "
          "staging and ready for production whenever you are, @Hana.\"", end=True)
    return s


# -----------------------------------------------------------------------------
H17R08_CORR = ("looks good, merged. for next time: every component in the kit gets a Tag.stories.tsx next to it, one "
               "story per variant plus any disabled or loading state, because Chromatic only snapshots what has a story and the "
               "designers review in Storybook, not in the code.")

TAG_TSX = ("import { X } from \"lucide-react\";\nimport styles from \"./Tag.module.css\";\n\n"
           "type Props = { label: string; tone?: \"neutral\" | \"accent\"; onRemove?: () => void };\n\n"
           "export function Tag({ label, tone = \"neutral\", onRemove }: Props) {\n"
           "  return (\n    <span className={styles[tone]}>\n      {label}\n"
           "      {onRemove && <button aria-label={`Remove ${label}`} onClick={onRemove}><X aria-hidden /></button>}\n"
           "    </span>\n  );\n}\n")

@lesson("H17R08", "storybook-stories", "for-next-time",
        ["stories.tsx next to it", "one story per variant", "Chromatic only snapshots what has a story"], [
    fire_write(f"{FERNUI}/src/components/Avatar/Avatar.tsx",
               "import styles from \"./Avatar.module.css\";\n\ntype Props = { name: string; src?: string; size?: \"sm\" | \"md\" | \"lg\" };\n\n"
               "export function Avatar({ name, src, size = \"md\" }: Props) {\n  const initials = name.split(\" \").map((p) => p[0]).join(\"\");\n"
               "  return src ? <img className={styles[size]} src={src} alt={name} /> : <span className={styles[size]}>{initials}</span>;\n}\n",
               note="new kit component with no stories file; one shared word"),
    fire_prompt("we need a Tooltip primitive: shows on hover and keyboard focus, small arrow, 300ms delay",
                note="asks for a new primitive; no shared words"),
    silent_write(f"{FERNUI}/src/components/Tag/Tag.stories.tsx",
                 "import type { Meta, StoryObj } from \"@storybook/react\";\nimport { Tag } from \"./Tag\";\n\n"
                 "const meta: Meta<typeof Tag> = { component: Tag, args: { label: \"Monstera\" } };\nexport default meta;\n\n"
                 "export const Neutral: StoryObj<typeof Tag> = {};\nexport const Accent: StoryObj<typeof Tag> = { args: { tone: \"accent\" } };\n",
                 note="compliant: the stories file"),
    silent_edit(f"{FERNUI}/src/components/Tag/Tag.module.css", "  padding: 2px 8px;\n", "  padding: 2px 10px;\n",
                note="style tweak of an existing component"),
])
def H17R08():
    s = Session("H17R08", FERNUI, branch="feat/tag", version="2.0.76", start="2025-11-25T09:15:00")
    s.prompt("the UI kit needs a Tag component: small rounded label, neutral and accent tones, optional remove button")
    s.write(f"{FERNUI}/src/components/Tag/Tag.tsx", TAG_TSX)
    s.write(f"{FERNUI}/src/components/Tag/Tag.module.css",
            ".neutral, .accent {\n  border-radius: 999px;\n  padding: 2px 8px;\n  font-size: 12px;\n}\n\n"
            ".neutral { background: var(--neutral-100); }\n.accent { background: var(--accent-100); }\n")
    s.bash("echo 'export * from \"./components/Tag/Tag\";' >> src/index.ts && pnpm build", "Export it and build",
           out="vite v5.4.8 building for production...\n✓ 214 modules transformed.\ndist/index.js  61.02 kB │ gzip: 17.40 kB\n✓ built in 2.11s")
    s.bash("git add -A && git commit -qm \"Add Tag component\" && gh pr create --fill", "Open the PR",
           out="https://github.com/fernly/fernly-ui/pull/96")
    s.say("Added `Tag` with neutral and accent tones and an optional remove button (labelled for screen readers). "
          "It's exported from the package and the build passes. PR #96.", end=True)
    s.prompt(H17R08_CORR, correction=True, think_secs=(3600, 14000))
    s.write(f"{FERNUI}/src/components/Tag/Tag.stories.tsx",
            "import type { Meta, StoryObj } from \"@storybook/react\";\nimport { Tag } from \"./Tag\";\n\n"
            "const meta: Meta<typeof Tag> = { component: Tag, args: { label: \"Monstera\" } };\nexport default meta;\n"
            "type Story = StoryObj<typeof Tag>;\n\nexport const Neutral: Story = {};\n"
            "export const Accent: Story = { args: { tone: \"accent\" } };\n"
            "export const Removable: Story = { args: { onRemove: () => {} } };\n")
    s.say("Added `Tag.stories.tsx` with Neutral, Accent and Removable stories in a follow-up PR, so Chromatic picks "
          "it up. Every new component will come with its stories file.", end=True)
    return s
