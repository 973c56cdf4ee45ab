"""gen-holdout-20: lessons about ways of working, folders, tools and team conventions (pnpm only in the workspace,
no force-push once review has started, the docs style guide and vale, binary art through Git LFS, numbers for
stakeholders only from the marts schema, copied code gets its notice, generated Dart files are never edited, UI
work is checked with the keyboard and axe before it is called done)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_write,
)

ATLAS = "/home/maya/src/atlas-monorepo"
CLAIMS = "/home/leon/work/claims-portal"
QUARRY = "/Users/hana/dev/quarry-docs"
EMBER = "/home/piotr/dev/emberfall"
WAREHOUSE = "/home/ade/work/analytics-warehouse"
MESH = "/home/claire/src/meshsync"
PANTRY = "/Users/tomas/dev/pantry_app"
PERMITS = "/home/ines/src/council-permits-web"


# -----------------------------------------------------------------------------
H20R01_CORR = ("this is a pnpm workspace, don't use npm (or yarn) in here. npm install writes a package-lock.json next "
               "to pnpm-lock.yaml and doesn't understand the workspace: protocol, so @atlas/ui gets fetched from the "
               "registry instead of linked. Add deps from the root with pnpm add <pkg> --filter @atlas/web.")

WEB_PKG = ("{\n  \"name\": \"@atlas/web\",\n  \"private\": true,\n  \"dependencies\": {\n    \"@atlas/ui\": \"workspace:*\",\n"
           "    \"react\": \"18.3.1\",\n    \"react-dom\": \"18.3.1\"\n  }\n}\n")

@lesson("H20R01", "pnpm-workspace-installs", "rejected-with-feedback",
        ["pnpm workspace", "pnpm add", "--filter"], [
    fire_bash("cd packages/charts && npm i -D vitest @vitest/coverage-v8", "Test runner for charts",
              note="npm inside a workspace package; one shared word"),
    fire_prompt("the admin dashboard should chart revenue with recharts, set that up",
                note="asks for a new dependency; no shared words"),
    silent_bash("pnpm add -D vitest --filter @atlas/charts", "Test runner for charts", note="compliant"),
    silent_bash("pnpm --filter @atlas/web build", "Build the web app", note="workspace build"),
])
def H20R01():
    s = Session("H20R01", ATLAS, branch="feat/booking-calendar", version="2.1.9", start="2026-01-13T10:05:00")
    s.prompt("the booking calendar in the web app needs date-fns, add it and use it for the week headers")
    s.read(f"{ATLAS}/apps/web/package.json", WEB_PKG)
    s.say("I'll add date-fns to the web app.")
    s.reject("Bash", {"command": "cd apps/web && npm install date-fns@4", "description": "Install date-fns"},
             feedback=H20R01_CORR)
    s.bash("pnpm add date-fns@4 --filter @atlas/web", "Add date-fns to @atlas/web",
           out="apps/web                                 |  +1 +\nProgress: resolved 1243, reused 1189, downloaded 1, added 1, done\n\n"
               "dependencies:\n+ date-fns 4.1.0\n\nDone in 3.2s")
    s.bash("git status --short", "Check nothing else changed", out=" M apps/web/package.json\n M pnpm-lock.yaml")
    cal = ("export function WeekHeader({ days }: { days: Date[] }) {\n  return (\n    <tr>\n"
           "      {days.map((d) => <th key={d.toISOString()}>{d.toDateString()}</th>)}\n    </tr>\n  );\n}\n")
    s.edit(f"{ATLAS}/apps/web/src/calendar/WeekHeader.tsx",
           "      {days.map((d) => <th key={d.toISOString()}>{d.toDateString()}</th>)}\n",
           "      {days.map((d) => <th key={d.toISOString()}>{format(d, 'EEE d MMM')}</th>)}\n", cal)
    s.bash("pnpm --filter @atlas/web typecheck", "Type-check the web app", out="")
    s.say("date-fns 4.1.0 is added to `@atlas/web` with `pnpm add --filter` (only `apps/web/package.json` and "
          "`pnpm-lock.yaml` changed), and the week headers use `format(d, 'EEE d MMM')`.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H20R02_CORR = ("Priya on #482: \"the branch was force-pushed after my review, so GitHub lost track of what I'd already "
               "seen and two of my comments now point at lines that don't exist anymore. Please don't rebase or amend "
               "once review has started.\" She's right. Once a PR has review comments, push follow-up commits on top "
               "(git commit --fixup is fine), no amend and no force-push. We squash when merging anyway.")

UPLOAD_TS = ("export async function uploadAttachment(claimId: string, file: File) {\n"
             "  const url = await presign(claimId, file.name);\n  await put(url, file);\n}\n")

@lesson("H20R02", "review-force-push", "relayed-from-colleague",
        ["force-push", "once review has started", "--fixup"], [
    fire_bash("git rebase -i origin/main && git push -f origin fix/claim-upload-retry", "Tidy history before re-review",
              note="rewrite and force-push a reviewed branch"),
    fire_prompt("tidy up the claim-upload work into one clean change and publish it again, Jonas is halfway "
                "through reading it", note="asks to rewrite history under a reviewer; no shared words"),
    silent_bash("git commit --fixup HEAD~1 && git push", "Follow-up commit for the review", note="compliant"),
    silent_bash("gh pr view 482 --comments", "Read the review comments", note="read-only"),
])
def H20R02():
    s = Session("H20R02", CLAIMS, branch="feat/attachment-upload", version="2.0.76", start="2025-11-20T14:30:00")
    s.prompt("address Priya's comments on #482: rename presign to presignUpload and handle an empty file name")
    s.bash("gh pr view 482 --comments | tail -6", "Review comments",
           out="priya-r commented on src/claims/upload.ts:2\n  nit: `presign` is vague, `presignUpload`?\n\n"
               "priya-r commented on src/claims/upload.ts:2\n  what happens when file.name is empty (pasted images)?")
    s.read(f"{CLAIMS}/src/claims/upload.ts", UPLOAD_TS)
    s.edit(f"{CLAIMS}/src/claims/upload.ts", "  const url = await presign(claimId, file.name);\n",
           "  const name = file.name || `pasted-${Date.now()}.png`;\n  const url = await presignUpload(claimId, name);\n",
           UPLOAD_TS)
    s.bash("pnpm vitest run src/claims", "Run the claims tests",
           out=" \u2713 src/claims/upload.test.ts (5 tests) 21ms\n\n      Tests  5 passed (5)")
    s.bash("git commit -qa --amend --no-edit && git push --force-with-lease", "Fold into the PR commit and update",
           out="+ 9c41d2e...3b7f0a1 feat/attachment-upload -> feat/attachment-upload (forced update)")
    s.say("Both comments are addressed: `presignUpload`, and a generated name for empty file names. I amended the "
          "PR commit and updated the branch.", end=True)
    s.prompt(H20R02_CORR, correction=True)
    s.bash("gh pr comment 482 --body \"Sorry, I force-pushed over your review. The changes since your review are only "
           "in src/claims/upload.ts (rename + empty-name fallback). Further changes will come as separate commits.\"",
           "Tell Priya what changed", out="https://github.com/leonhq/claims-portal/pull/482#issuecomment-2493811062")
    s.say("Left a comment on #482 saying what changed since her review. From here on, review follow-ups go on top as "
          "new commits, no amend or force-push.", end=True)
    return s


# -----------------------------------------------------------------------------
H20R03_CORR = ("thanks, the page reads well! but our style guide bans \"simply\", \"easy\" and \"obviously\" in the "
               "docs (if someone is stuck, it isn't easy for them), and headings are sentence case. Run vale on every "
               "page you touch (vale docs/) and fix what it flags before you tell me it's done.")

QUICKSTART_V1 = ("# Getting Started With Webhooks\n\nSetting up webhooks is easy. Simply register an endpoint and "
                 "Quarry will start sending events.\n\n## Register Your Endpoint\n\nObviously you need a public HTTPS URL.\n")

@lesson("H20R03", "docs-style-vale", "thanks-but", ["vale", "simply", "sentence case"], [
    fire_write(f"{QUARRY}/docs/guides/rate-limits.md",
               "# Rate Limits And Retries\n\nHitting a 429 is no big deal: just wait for the number of seconds in "
               "`Retry-After` and try again. Any HTTP client handles this trivially.\n",
               note="title case and breezy wording in a new page; one shared word"),
    fire_edit(f"{QUARRY}/docs/auth/api-keys.md", "## Rotating keys\n",
              "## Rotating Your API Keys\n\nSimply create a second key, deploy it, and revoke the old one. Easy.\n",
              note="banned words in another page"),
    silent_bash("vale docs/auth/", "Style check the auth pages", note="compliant"),
    silent_edit(f"{QUARRY}/docs/webhooks/events.md", "[signature guide](../security/signatures.md)",
                "[signature guide](../security/verifying-signatures.md)", note="link fix"),
])
def H20R03():
    s = Session("H20R03", QUARRY, branch="docs/webhooks-quickstart", version="2.0.37", start="2025-10-09T11:20:00")
    s.prompt("write a quickstart page for webhooks: register an endpoint, verify the signature, handle retries")
    s.glob("docs/webhooks/*.md", ["docs/webhooks/events.md", "docs/webhooks/retries.md"])
    s.write(f"{QUARRY}/docs/webhooks/quickstart.md", QUICKSTART_V1)
    s.say("Added `docs/webhooks/quickstart.md` with the three steps and links to the events and retries pages.",
          end=True)
    s.prompt(H20R03_CORR, correction=True)
    s.bash("vale docs/webhooks/quickstart.md", "Style check the new page", code=1,
           out=" docs/webhooks/quickstart.md\n 1:3   warning  'Getting Started With Webhooks' should use sentence-style "
               "capitalization.  Quarry.Headings\n 3:27  error    Don't use 'easy'.      Quarry.Simplicity\n"
               " 3:33  error    Don't use 'Simply'.    Quarry.Simplicity\n 5:4   warning  'Register Your Endpoint' should "
               "use sentence-style capitalization.  Quarry.Headings\n 7:1   error    Don't use 'Obviously'.  "
               "Quarry.Simplicity\n\n\u2716 3 errors, 2 warnings and 0 suggestions in 1 file.")
    s.write(f"{QUARRY}/docs/webhooks/quickstart.md",
            "# Get started with webhooks\n\nRegister an endpoint, and Quarry sends events to it as they happen.\n\n"
            "## Register your endpoint\n\nYou need a public HTTPS URL that answers within 10 seconds.\n", QUICKSTART_V1)
    s.bash("vale docs/webhooks/quickstart.md", "Check again", out="\u2714 0 errors, 0 warnings and 0 suggestions in 1 file.")
    s.say("Fixed: sentence-case headings and no banned words; vale is clean on the page now.", end=True)
    return s


# -----------------------------------------------------------------------------
H20R04_CORR = ("did you just commit Tidewall_albedo.psd as a normal git object? .psd isn't in .gitattributes yet, so it "
               "went into history as a 740 MB blob and every clone carries it forever. Binary art (psd, fbx, wav, exr, "
               "tga) goes through Git LFS: check git check-attr filter on the file, add the pattern with git lfs track "
               "first if it's missing, then commit. I'll rewrite that commit out before anyone pulls.")

@lesson("H20R04", "game-lfs-assets", "question-after", ["Git LFS", "git lfs track", ".gitattributes"], [
    fire_prompt("Marta dropped the harbour crane model and its 8K textures on the shared drive, bring them into the "
                "Unity project and push", note="asks to bring in binary art; no shared words"),
    fire_bash("git add Assets/Audio/Ambience/harbour_night.wav Assets/Audio/Ambience/gull_loop.wav && git commit -m "
              "\"Harbour ambience loops\"", "Commit the ambience audio", note="audio committed without checking LFS"),
    silent_bash("git lfs track \"*.blend\" && git add .gitattributes && git check-attr filter -- Assets/Models/crane.blend",
                "Track .blend in LFS first", note="compliant"),
    silent_edit(f"{EMBER}/Assets/Scripts/Harbour/CraneController.cs", "    public float swingSpeed = 0.6f;\n",
                "    public float swingSpeed = 0.45f;\n", note="script tweak"),
])
def H20R04():
    s = Session("H20R04", EMBER, branch="art/tidewall", version="2.1.7", start="2025-12-02T16:10:00")
    s.prompt("Marta's Tidewall textures are in ~/Downloads/tidewall. put them in Assets/Art/Environment/Tidewall, "
             "commit and push so the level team can use them")
    s.bash("ls -lh ~/Downloads/tidewall", "What came in",
           out="-rw-r--r-- 1 piotr piotr 740M Dec  2 15:58 Tidewall_albedo.psd\n"
               "-rw-r--r-- 1 piotr piotr  22M Dec  2 15:58 Tidewall_normal.png\n"
               "-rw-r--r-- 1 piotr piotr 5.1M Dec  2 15:58 Tidewall_mask.png")
    s.bash("mkdir -p Assets/Art/Environment/Tidewall && cp ~/Downloads/tidewall/* Assets/Art/Environment/Tidewall/",
           "Copy the textures in")
    s.bash("git add Assets/Art/Environment/Tidewall && git commit -qm \"Tidewall textures\" && git push -q",
           "Commit and push", out="[art/tidewall 5d2e8a9] Tidewall textures\n 3 files changed\n"
                                  " create mode 100644 Assets/Art/Environment/Tidewall/Tidewall_albedo.psd\n"
                                  " create mode 100644 Assets/Art/Environment/Tidewall/Tidewall_mask.png\n"
                                  " create mode 100644 Assets/Art/Environment/Tidewall/Tidewall_normal.png")
    s.say("The three Tidewall textures are in `Assets/Art/Environment/Tidewall` and pushed to `art/tidewall`.",
          end=True)
    s.prompt(H20R04_CORR, correction=True)
    s.bash("git check-attr filter -- Assets/Art/Environment/Tidewall/Tidewall_albedo.psd", "Check the LFS attribute",
           out="Assets/Art/Environment/Tidewall/Tidewall_albedo.psd: filter: unspecified")
    s.bash("git lfs track \"*.psd\" \"*.exr\" \"*.tga\" && git diff .gitattributes", "Track the missing formats",
           out="+*.psd filter=lfs diff=lfs merge=lfs -text\n+*.exr filter=lfs diff=lfs merge=lfs -text\n"
               "+*.tga filter=lfs diff=lfs merge=lfs -text")
    s.say("Yes, sorry: .psd had no LFS rule, so the albedo went in as a regular blob. I've added LFS tracking for "
          ".psd, .exr and .tga (not committed yet, so it doesn't get in the way of your rewrite). Once the commit is "
          "gone I'll re-add the textures through LFS.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H20R05_CORR = ("Actually, numbers that go to anyone outside the data team come from the marts schema only "
               "(marts.fct_revenue, marts.dim_customers and so on). raw.stripe_charges still has test-mode charges, "
               "refunds aren't netted, and it's in cents and UTC, which is why your 412k doesn't match finance's 388k. "
               "raw and staging are for building models, not for answers.")

@lesson("H20R05", "warehouse-certified-marts", "polite-actually",
        ["marts schema", "fct_revenue", "not for answers"], [
    fire_prompt("how many active subscribers did we have at the end of Q3? the CEO wants it for the board deck",
                note="stakeholder number; no shared words"),
    fire_bash("snowsql -c analytics -q \"select date_trunc('week', closed_at) as wk, count(*) from raw.hubspot_deals "
              "where stage = 'closedwon' group by 1 order by 1\"", "Won deals per week for the sales update",
              note="stakeholder figure from a raw table; one shared word"),
    silent_bash("snowsql -c analytics -q \"select country, sum(net_revenue_eur) from marts.fct_revenue where "
                "revenue_month = '2025-10-01' group by 1 order by 2 desc\"", "October revenue by country",
                note="compliant"),
    silent_edit(f"{WAREHOUSE}/models/staging/stripe/stg_stripe__charges.sql", "    amount as amount_cents,\n",
                "    amount as amount_cents,\n    livemode as is_live,\n", note="building a model on raw is fine"),
])
def H20R05():
    s = Session("H20R05", WAREHOUSE, branch="main", version="2.1.31", start="2026-02-05T09:15:00")
    s.prompt("quick one for Lena in finance: gross revenue in September 2025, by country, top 5")
    s.bash("snowsql -c analytics -o output_format=psql -q \"select billing_country, round(sum(amount)/100) from "
           "raw.stripe_charges where created >= '2025-09-01' and created < '2025-10-01' and status = 'succeeded' "
           "group by 1 order by 2 desc limit 5\"", "September charges by country",
           out="+-----------------+---------+\n| BILLING_COUNTRY | ROUND   |\n|-----------------+---------|\n"
               "| DE              | 171 204 |\n| FR              |  88 930 |\n| NL              |  61 377 |\n"
               "| AT              |  49 015 |\n| BE              |  41 620 |\n+-----------------+---------+")
    s.say("September 2025 gross revenue, top 5 countries: DE 171k, FR 89k, NL 61k, AT 49k, BE 42k (412k in total "
          "across those five).", end=True)
    s.prompt(H20R05_CORR, correction=True)
    s.bash("snowsql -c analytics -o output_format=psql -q \"select country, round(sum(gross_revenue_eur)) from "
           "marts.fct_revenue where revenue_month = '2025-09-01' group by 1 order by 2 desc limit 5\"",
           "September revenue from the mart",
           out="+---------+---------+\n| COUNTRY | ROUND   |\n|---------+---------|\n| DE      | 160 482 |\n"
               "| FR      |  84 107 |\n| NL      |  57 990 |\n| AT      |  45 233 |\n| BE      |  40 188 |\n"
               "+---------+---------+")
    s.say("From `marts.fct_revenue` (September 2025, EUR, month in Europe/Berlin): DE 160.5k, FR 84.1k, NL 58.0k, "
          "AT 45.2k, BE 40.2k, 388k together, which matches finance.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H20R06_CORR = ("ok so the jump hash works, and I get why you grabbed it, it's a neat little function. but this is the "
               "part that always bites us. That code is from github.com/dgryski/go-jump, which is MIT, and MIT is fine, "
               "but MIT means we have to keep the copyright notice. We ship meshsync as a binary to customers and legal "
               "runs a notices check before every release; last year we had to pull a release for a day because a "
               "snippet copied from a GPL project turned up in the audit. So anything you copy in from outside, even "
               "twenty lines, even from Stack Overflow (that's CC BY-SA, which is its own mess, ask me first), gets a "
               "comment at the top of the copied code with the source URL and licence, and an entry in "
               "THIRD_PARTY_NOTICES.md with name, URL, licence and the copyright line. And if it's GPL or AGPL or has "
               "no licence at all, don't copy it, tell me.")

JUMP_GO = ("package shard\n\n// Jump returns the bucket for key, Lamping & Veach's jump consistent hash.\n"
           "func Jump(key uint64, buckets int) int {\n\tvar b, j int64 = -1, 0\n\tfor j < int64(buckets) {\n\t\tb = j\n"
           "\t\tkey = key*2862933555777941757 + 1\n\t\tj = int64(float64(b+1) * (float64(int64(1)<<31) / float64((key>>33)+1)))\n"
           "\t}\n\treturn int(b)\n}\n")
NOTICES = ("# Third-party notices\n\n## golang.org/x/sync\n\nBSD-3-Clause, https://cs.opensource.google/go/x/sync\n"
           "Copyright (c) 2009 The Go Authors. All rights reserved.\n")

@lesson("H20R06", "third-party-notices", "long-rambling",
        ["THIRD_PARTY_NOTICES.md", "source URL and licence", "copyright notice"], [
    fire_prompt("there's a nice LRU in hashicorp's golang-lru repo, lift the core of it into internal/cache so we "
                "don't depend on the whole module", note="asks to bring in outside code; no shared words"),
    fire_write(f"{MESH}/internal/wire/varint.go",
               "package wire\n\n// Varint encoding, based on the protowire package of google.golang.org/protobuf.\n"
               "func AppendVarint(b []byte, v uint64) []byte {\n\tfor v >= 0x80 {\n\t\tb = append(b, byte(v)|0x80)\n"
               "\t\tv >>= 7\n\t}\n\treturn append(b, byte(v))\n}\n",
               note="ported code without notice entry"),
    silent_edit(f"{MESH}/THIRD_PARTY_NOTICES.md", "Copyright (c) 2009 The Go Authors. All rights reserved.\n",
                "Copyright (c) 2009 The Go Authors. All rights reserved.\n\n## github.com/klauspost/compress (zstd)\n\n"
                "BSD-3-Clause, https://github.com/klauspost/compress\nCopyright (c) 2019 Klaus Post. All rights reserved.\n",
                note="compliant: notices entry"),
    silent_write(f"{MESH}/internal/shard/ring_test.go",
                 "package shard\n\nimport \"testing\"\n\nfunc TestJumpStable(t *testing.T) {\n\tfor k := uint64(0); k < 1000; k++ {\n"
                 "\t\tif Jump(k, 10) != Jump(k, 10) {\n\t\t\tt.Fatalf(\"unstable for %d\", k)\n\t\t}\n\t}\n}\n",
                 note="own test code"),
])
def H20R06():
    s = Session("H20R06", MESH, branch="feat/shard-assignment", version="2.0.14", start="2025-09-24T13:40:00")
    s.prompt("we need consistent hashing to assign shards to nodes. something small, no new dependency")
    s.think("Jump consistent hash is a few lines and needs no state; dgryski/go-jump has a clean implementation.")
    s.write(f"{MESH}/internal/shard/jump.go", JUMP_GO)
    s.bash("go test ./internal/shard/ -run Jump -count=1", "Run the shard tests",
           out="ok  \tgithub.com/meshsync/meshsync/internal/shard\t0.014s")
    s.say("Added `shard.Jump(key, buckets)`, the jump consistent hash (adapted from dgryski/go-jump): no state, no "
          "dependency, and moving from n to n+1 nodes only moves 1/(n+1) of the keys.", end=True)
    s.prompt(H20R06_CORR, correction=True)
    s.edit(f"{MESH}/internal/shard/jump.go", "package shard\n\n",
           "package shard\n\n// Jump is copied from https://github.com/dgryski/go-jump (jump.go), MIT licence,\n"
           "// Copyright (c) 2014 Damian Gryski. See THIRD_PARTY_NOTICES.md.\n\n", JUMP_GO)
    s.read(f"{MESH}/THIRD_PARTY_NOTICES.md", NOTICES)
    s.edit(f"{MESH}/THIRD_PARTY_NOTICES.md", "Copyright (c) 2009 The Go Authors. All rights reserved.\n",
           "Copyright (c) 2009 The Go Authors. All rights reserved.\n\n## github.com/dgryski/go-jump\n\n"
           "MIT, https://github.com/dgryski/go-jump\nCopyright (c) 2014 Damian Gryski\n", NOTICES)
    s.say("Done: `jump.go` has a header with the source URL and the MIT licence, and `THIRD_PARTY_NOTICES.md` has "
          "the go-jump entry with its copyright line. Anything copied from outside gets the same, and I'll ask you "
          "first for Stack Overflow code or anything GPL, AGPL or unlicensed.", end=True)
    return s


# -----------------------------------------------------------------------------
H20R07_CORR = ("[SEVERE] json_serializable on lib/models/pantry_item.dart:\n\nConflicting outputs were detected and "
               "the build is unable to prompt for permission to remove them.\n\nthat's what I get after pulling. "
               "pantry_item.g.dart is generated, you edited it by hand, and the next build_runner run either throws or "
               "wipes your change. never touch *.g.dart or *.freezed.dart: change the annotated class and regenerate "
               "with dart run build_runner build --delete-conflicting-outputs.")

ITEM_DART = ("@JsonSerializable(fieldRename: FieldRename.snake)\nclass PantryItem {\n  final String id;\n"
             "  final String name;\n  final int quantity;\n\n  PantryItem({required this.id, required this.name, "
             "required this.quantity});\n\n  factory PantryItem.fromJson(Map<String, dynamic> json) => "
             "_$PantryItemFromJson(json);\n}\n")
ITEM_G = ("PantryItem _$PantryItemFromJson(Map<String, dynamic> json) => PantryItem(\n      id: json['id'] as String,\n"
          "      name: json['name'] as String,\n      quantity: (json['quantity'] as num).toInt(),\n    );\n")

@lesson("H20R07", "flutter-codegen", "pasted-error", ["*.g.dart", "build_runner", "annotated class"], [
    fire_edit(f"{PANTRY}/lib/api/recipes_api.g.dart", "    final _value = Recipe.fromJson(_result.data!);\n",
              "    final _value = Recipe.fromJson(_result.data ?? <String, Object?>{});\n",
              note="hand edit in retrofit output"),
    fire_prompt("the JSON mapping code for Household forgets owner_id; patch the mapping file straight away, no need "
                "to rerun anything", note="asks for a hand patch of generated output; no shared words"),
    silent_bash("dart run build_runner build --delete-conflicting-outputs", "Regenerate", note="compliant"),
    silent_edit(f"{PANTRY}/lib/models/household.dart", "  final String name;\n",
                "  final String name;\n  @JsonKey(name: 'owner_id')\n  final String? ownerId;\n",
                note="editing the annotated source"),
])
def H20R07():
    s = Session("H20R07", PANTRY, branch="feat/expiry-dates", version="2.0.76", start="2025-11-12T15:00:00")
    s.prompt("add an expiry date to PantryItem, the API sends it as expires_on (yyyy-mm-dd, can be null)")
    s.read(f"{PANTRY}/lib/models/pantry_item.dart", ITEM_DART)
    s.read(f"{PANTRY}/lib/models/pantry_item.g.dart", ITEM_G)
    s.edit(f"{PANTRY}/lib/models/pantry_item.dart", "  final int quantity;\n",
           "  final int quantity;\n  final DateTime? expiresOn;\n", ITEM_DART)
    s.edit(f"{PANTRY}/lib/models/pantry_item.g.dart", "      quantity: (json['quantity'] as num).toInt(),\n",
           "      quantity: (json['quantity'] as num).toInt(),\n      expiresOn: json['expires_on'] == null ? null : "
           "DateTime.parse(json['expires_on'] as String),\n", ITEM_G)
    s.bash("flutter test test/models/pantry_item_test.dart", "Run the model tests",
           out="00:02 +4: All tests passed!")
    s.say("`PantryItem` has a nullable `expiresOn`, parsed from `expires_on`. Tests pass.", end=True)
    s.prompt(H20R07_CORR, correction=True)
    s.bash("git checkout -- lib/models/pantry_item.g.dart && dart run build_runner build --delete-conflicting-outputs "
           "2>&1 | tail -2", "Drop the hand edit and regenerate",
           out="[INFO] Running build completed, took 6.8s\n[INFO] Succeeded after 6.9s with 3 outputs (3 actions)")
    s.bash("grep -n expires_on lib/models/pantry_item.g.dart && flutter test test/models/pantry_item_test.dart",
           "Check the generated mapping",
           out="9:      expiresOn: json['expires_on'] == null\n00:02 +4: All tests passed!")
    s.say("Reverted my edit to `pantry_item.g.dart` and regenerated it with build_runner from the annotated class; "
          "`fieldRename: snake` already maps `expiresOn` to `expires_on`.", end=True)
    return s


# -----------------------------------------------------------------------------
H20R08_CORR = ("build the 'add co-applicant' dialog on the permit form (design in PERM-231). before you start: UI in "
               "this repo isn't done until it's been checked with the keyboard only (tab order, focus goes into the "
               "dialog and back to the button on close, Esc closes it) and pnpm test:a11y passes (axe through "
               "Playwright). We sell to councils and the EN 301 549 audit is in the contract. Put what you checked in "
               "your summary.")

@lesson("H20R08", "a11y-checks", "rule-before-act", ["keyboard only", "pnpm test:a11y", "EN 301 549"], [
    fire_prompt("make the fee breakdown table sortable by clicking the column headers",
                note="new interactive UI; no shared words"),
    fire_write(f"{PERMITS}/src/components/WithdrawApplicationModal.tsx",
               "export function WithdrawApplicationModal({ open, onClose, onConfirm }: Props) {\n  if (!open) return null;\n"
               "  return (\n    <div className=\"modal-backdrop\">\n      <div className=\"modal\">\n"
               "        <p>Withdraw this application?</p>\n        <button onClick={onConfirm}>Withdraw</button>\n"
               "        <button onClick={onClose}>Cancel</button>\n      </div>\n    </div>\n  );\n}\n",
               note="another modal written from scratch"),
    silent_bash("pnpm test:a11y -- withdraw", "Axe checks for the withdraw flow", note="compliant"),
    silent_edit(f"{PERMITS}/src/api/fees.ts", "const BASE_FEE_PENCE = 23400;\n", "const BASE_FEE_PENCE = 24100;\n",
                note="non-UI constant"),
])
def H20R08():
    s = Session("H20R08", PERMITS, branch="feat/co-applicant", version="2.1.31", start="2026-02-19T10:00:00")
    s.prompt(H20R08_CORR, correction=True)
    s.read(f"{PERMITS}/src/components/Dialog.tsx",
           "import * as RadixDialog from '@radix-ui/react-dialog';\n\nexport function Dialog({ title, trigger, children }: "
           "DialogProps) {\n  return (\n    <RadixDialog.Root>\n      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>\n"
           "      <RadixDialog.Portal>\n        <RadixDialog.Overlay className=\"overlay\" />\n"
           "        <RadixDialog.Content className=\"dialog\">\n          <RadixDialog.Title>{title}</RadixDialog.Title>\n"
           "          {children}\n        </RadixDialog.Content>\n      </RadixDialog.Portal>\n    </RadixDialog.Root>\n  );\n}\n")
    s.write(f"{PERMITS}/src/components/CoApplicantDialog.tsx",
            "export function CoApplicantDialog({ onAdd }: { onAdd: (c: CoApplicant) => void }) {\n  return (\n"
            "    <Dialog title=\"Add a co-applicant\" trigger={<button type=\"button\">Add co-applicant</button>}>\n"
            "      <CoApplicantForm onSubmit={onAdd} />\n    </Dialog>\n  );\n}\n")
    s.write(f"{PERMITS}/e2e/a11y/co-applicant.spec.ts",
            "test('co-applicant dialog is keyboard operable', async ({ page }) => {\n  await page.goto('/permits/new');\n"
            "  await page.keyboard.press('Tab');\n  await page.getByRole('button', { name: 'Add co-applicant' }).press('Enter');\n"
            "  await expect(page.getByRole('dialog')).toBeFocused();\n  await page.keyboard.press('Escape');\n"
            "  await expect(page.getByRole('button', { name: 'Add co-applicant' })).toBeFocused();\n"
            "  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);\n});\n")
    s.bash("pnpm test:a11y -- co-applicant", "Axe and keyboard checks",
           out="Running 3 tests using 1 worker\n  \u2713  1 co-applicant.spec.ts:3 co-applicant dialog is keyboard operable (2.1s)\n"
               "  \u2713  2 co-applicant.spec.ts:14 form fields have labels (1.4s)\n  \u2713  3 co-applicant.spec.ts:22 "
               "errors are announced (1.7s)\n\n  3 passed (6.9s)")
    s.say("The co-applicant dialog is built on the shared Radix `Dialog`.\n\nChecked: tab order on the permit form "
          "reaches the button after the applicant fields; Enter opens the dialog with focus inside it; Tab stays "
          "inside while it's open; Esc closes it and focus returns to the button; every field has a visible label; "
          "validation errors are announced. `pnpm test:a11y` passes (3 tests, no axe violations).", end=True)
    s.turn_done()
    return s
