"""gen-holdout distractors: ordinary sessions in the same projects and domains, no correction. Some do the
thing the compliant way, some carry near-miss wording ("no worries", "actually, leave it")."""
from cc import Session
from registry import distractor

BIRD = "/Users/tomasz/Projects/Birdsong"
PARCEL = "/home/sam/work/parcel-android"
MGRAPH = "/home/priya/code/marketplace-graph"
WFEED = "/home/sam/work/warehouse-feed"
BASKET = "/Users/tomasz/Projects/basket-web"
MWEB = "/home/priya/code/marketplace-web"
TENANT = "/home/sam/work/tenant-portal"
CLINIC = "/home/priya/code/clinic-booking"
SENSOR = "/home/sam/work/sensor-fw"
ROSTER = "/Users/tomasz/Projects/roster"
VENUE = "/home/priya/code/venue-hire"
RELAY = "/home/sam/work/relay_hub"
DBT = "/home/priya/code/analytics-dbt"
LABEL = "/home/sam/work/labelprint"
RATES = "/home/priya/code/rates-engine"
PLATFORM = "/home/sam/work/platform/services/accounts"


@distractor("HD01", "ios-release", "release through the fastlane lane")
def HD01():
    s = Session("HD01", BIRD, branch="release/3.5.0", version="2.1.9", start="2026-01-09T15:00:00")
    s.prompt("cut 3.5.0 for TestFlight")
    plist = "\t<key>CFBundleShortVersionString</key>\n\t<string>3.4.1</string>\n"
    s.read(f"{BIRD}/Birdsong/Info.plist", plist)
    s.edit(f"{BIRD}/Birdsong/Info.plist", "\t<string>3.4.1</string>\n", "\t<string>3.5.0</string>\n", plist)
    s.bash("bundle exec fastlane beta", "Build and upload", out="[15:12:40]: Successfully uploaded build 437 of Birdsong 3.5.0 to App Store Connect")
    s.say("3.5.0 (build 437, set by the lane) is on its way to TestFlight.", end=True)
    s.prompt("no worries if it takes a while to process, ping me when it's there")
    return s


@distractor("HD02", "android-coroutines", "viewModelScope, compliant")
def HD02():
    s = Session("HD02", PARCEL, branch="feat/pull-to-refresh", version="2.0.76", start="2025-11-26T10:00:00")
    s.prompt("add pull-to-refresh on the parcels list")
    vm = "class ParcelListViewModel(private val repo: ParcelRepo) : ViewModel() {\n}\n"
    s.read(f"{PARCEL}/app/src/main/java/com/parcel/app/list/ParcelListViewModel.kt", vm)
    s.edit(f"{PARCEL}/app/src/main/java/com/parcel/app/list/ParcelListViewModel.kt", ") : ViewModel() {\n}\n",
           ") : ViewModel() {\n    fun refresh() {\n        viewModelScope.launch { _state.update { it.copy(refreshing = true) }; load() }\n    }\n}\n", vm)
    s.bash("./gradlew :app:testDebugUnitTest -q", "Unit tests", out="")
    s.say("Added `refresh()` on the view model and wired it to `PullToRefreshBox`. Tests pass.", end=True)
    return s


@distractor("HD03", "gradle-dependencies", "catalog entry, compliant")
def HD03():
    s = Session("HD03", PARCEL, branch="chore/kotlinx-datetime", version="2.1.31", start="2026-02-03T13:30:00")
    s.prompt("we need kotlinx-datetime in the tracking module")
    toml = "[versions]\nkotlin = \"2.0.20\"\n\n[libraries]\n"
    s.read(f"{PARCEL}/gradle/libs.versions.toml", toml)
    s.edit(f"{PARCEL}/gradle/libs.versions.toml", "[libraries]\n",
           "[libraries]\nkotlinx-datetime = { module = \"org.jetbrains.kotlinx:kotlinx-datetime\", version = \"0.6.1\" }\n", toml)
    s.edit(f"{PARCEL}/feature/tracking/build.gradle.kts", "dependencies {\n", "dependencies {\n    implementation(libs.kotlinx.datetime)\n", "dependencies {\n}\n")
    s.bash("./gradlew :feature:tracking:assembleDebug -q", "Build", out="")
    s.say("Added `kotlinx-datetime` 0.6.1 to the catalog and the tracking module.", end=True)
    return s


@distractor("HD04", "graphql", "payload mutation, compliant")
def HD04():
    s = Session("HD04", MGRAPH, branch="feat/archive-listing", version="2.0.37", start="2025-10-14T11:20:00")
    s.prompt("add an archiveListing mutation")
    sch = "type Mutation {\n  createListing(input: CreateListingInput!): CreateListingPayload!\n}\n"
    s.read(f"{MGRAPH}/schema/listing.graphql", sch)
    s.edit(f"{MGRAPH}/schema/listing.graphql", "type Mutation {\n",
           "type Mutation {\n  archiveListing(input: ArchiveListingInput!): ArchiveListingPayload!\n", sch)
    s.bash("npm run codegen && npm test -- listings", "Codegen and tests", out="Tests:       11 passed, 11 total")
    s.say("`archiveListing` returns `ArchiveListingPayload { listing, userErrors }`; archiving twice gives a userError.", end=True)
    s.prompt("actually, leave the resolver as it is, looks good")
    return s


@distractor("HD05", "kafka-consumers", "explaining consumer lag")
def HD05():
    s = Session("HD05", WFEED, branch="main", version="2.1.9", start="2026-01-21T08:40:00")
    s.prompt("how far behind is the inventory consumer right now?")
    s.bash("kafka-consumer-groups --bootstrap-server localhost:9092 --describe --group inventory | awk 'NR>1 {lag+=$6} END {print lag}'",
           "Total lag", out="1834")
    s.say("About 1.8k messages behind across all partitions, under a second of traffic at the current rate.", end=True)
    s.prompt("ok, nothing to do then")
    return s


@distractor("HD06", "feature-flags", "flagged change, compliant")
def HD06():
    s = Session("HD06", BASKET, branch="feat/gift-wrap", version="2.0.14", start="2025-09-22T14:15:00")
    s.prompt("add a gift wrap option to the basket, behind a new flag")
    fl = "export const flags = {\n  newSearch: flag(\"new-search\", false),\n};\n"
    s.read(f"{BASKET}/src/flags.ts", fl)
    s.edit(f"{BASKET}/src/flags.ts", "  newSearch: flag(\"new-search\", false),\n",
           "  newSearch: flag(\"new-search\", false),\n  giftWrap: flag(\"gift-wrap\", false),\n", fl)
    s.bash("pnpm test basket", "Run basket tests", out=" Test Files  3 passed (3)\n      Tests  22 passed (22)")
    s.say("`giftWrap` (off by default) shows the option in the basket summary.", end=True)
    return s


@distractor("HD07", "cdn-caching", "immutable static assets")
def HD07():
    s = Session("HD07", MWEB, branch="perf/fonts", version="2.1.31", start="2026-02-10T10:00:00")
    s.prompt("fonts are re-downloaded on every page, cache them properly")
    nc = "async headers() {\n  return [\n  ];\n},\n"
    s.read(f"{MWEB}/next.config.js", nc)
    s.edit(f"{MWEB}/next.config.js", "  return [\n",
           "  return [\n    { source: \"/fonts/:path*\", headers: [{ key: \"Cache-Control\", value: \"public, max-age=31536000, immutable\" }] },\n", nc)
    s.bash("npm run build 2>&1 | tail -1", "Build", out="✓ Generating static pages (42/42)")
    s.say("Fonts are served with a one-year immutable cache (their filenames are content-hashed).", end=True)
    return s


@distractor("HD08", "email-sending", "template change checked in Mailpit")
def HD08():
    s = Session("HD08", TENANT, branch="feat/statement-footer", version="2.0.76", start="2025-11-05T16:00:00")
    s.prompt("add the company address to the statement email footer")
    t = "<mj-section>\n  <mj-column>\n    <mj-text>Thanks for renting with us.</mj-text>\n  </mj-column>\n</mj-section>\n"
    s.read(f"{TENANT}/emails/statement.mjml", t)
    s.edit(f"{TENANT}/emails/statement.mjml", "    <mj-text>Thanks for renting with us.</mj-text>\n",
           "    <mj-text>Thanks for renting with us.</mj-text>\n    <mj-text font-size=\"12px\">Harbour Lettings Ltd, 4 Quay St, Bristol BS1 4DB</mj-text>\n", t)
    s.bash("SMTP_HOST=localhost SMTP_PORT=1025 npx tsx scripts/send-statements.ts --only t_001", "Send one to Mailpit", out="sent 1 statement")
    s.say("Footer added; one sample statement is in Mailpit.", end=True)
    return s


@distractor("HD09", "password-hashing", "login rate limit using existing helpers")
def HD09():
    s = Session("HD09", CLINIC, branch="feat/login-lockout", version="2.1.9", start="2026-01-27T09:00:00")
    s.prompt("lock a staff account for 15 minutes after 5 failed logins")
    r = "    if not verify_password(body.password, acct.password_hash):\n        raise HTTPException(401)\n"
    s.read(f"{CLINIC}/clinic/auth/routes.py", r)
    s.edit(f"{CLINIC}/clinic/auth/routes.py", "        raise HTTPException(401)\n",
           "        lockout.record_failure(acct.id)\n        raise HTTPException(401)\n", r)
    s.bash("pytest tests/auth -q", "Run auth tests", out=".........                                                                [100%]\n9 passed in 1.30s")
    s.say("Failed logins are counted per account; the fifth within 15 minutes locks it until the window passes.", end=True)
    return s


@distractor("HD10", "c-firmware", "bounded formatting, compliant")
def HD10():
    s = Session("HD10", SENSOR, branch="feat/uptime", version="2.0.37", start="2025-10-29T13:40:00")
    s.prompt("add uptime in seconds to the status line")
    w = "    int n = snprintf(status, sizeof status, \"ssid=%.32s rssi=%d\", cfg->ssid, rssi);\n"
    s.read(f"{SENSOR}/src/net/wifi.c", w)
    s.edit(f"{SENSOR}/src/net/wifi.c", "\"ssid=%.32s rssi=%d\", cfg->ssid, rssi);", "\"ssid=%.32s rssi=%d up=%lu\", cfg->ssid, rssi, uptime_s());", w)
    s.bash("idf.py build 2>&1 | tail -1", "Build", out="Project build complete. To flash, run: idf.py flash")
    s.say("Status line now ends with `up=<seconds>`; still one bounded snprintf.", end=True)
    return s


@distractor("HD11", "rails-jobs", "retry options question")
def HD11():
    s = Session("HD11", ROSTER, branch="main", version="2.1.31", start="2026-02-12T11:15:00")
    s.prompt("how many times does sidekiq retry our jobs before giving up?")
    s.grep("sidekiq_options|retry", path=f"{ROSTER}/app", mode="content",
           lines=[f"{ROSTER}/app/jobs/payroll_export_job.rb:3:  sidekiq_options retry: 10"])
    s.read(f"{ROSTER}/config/sidekiq.yml", ":concurrency: 10\n:queues:\n  - default\n  - mailers\n")
    s.say("The default is 25 retries over about 21 days; `PayrollExportJob` sets 10. Nothing else overrides it.", end=True)
    return s


@distractor("HD12", "laravel", "validated request, compliant")
def HD12():
    s = Session("HD12", VENUE, branch="feat/venue-photos", version="2.0.14", start="2025-09-29T15:20:00")
    s.prompt("let venue owners add a caption to each photo")
    s.write(f"{VENUE}/app/Http/Requests/UpdatePhotoRequest.php",
            "class UpdatePhotoRequest extends FormRequest\n{\n    public function rules(): array\n    {\n        return ['caption' => ['nullable', 'string', 'max:200']];\n    }\n}\n")
    s.edit(f"{VENUE}/app/Http/Controllers/PhotoController.php", "        // TODO\n", "        $photo->update($request->validated());\n",
           "    public function update(UpdatePhotoRequest $request, Photo $photo)\n    {\n        // TODO\n    }\n")
    s.bash("php artisan test --filter=PhotoTest", "Run photo tests", out="  Tests:    4 passed (9 assertions)")
    s.say("Captions (max 200 chars) are saved through `UpdatePhotoRequest`.", end=True)
    return s


@distractor("HD13", "elixir", "existing atoms, compliant")
def HD13():
    s = Session("HD13", RELAY, branch="feat/sort-param", version="2.1.9", start="2026-01-19T14:00:00")
    s.prompt("allow ?sort=name|inserted_at on the channel list")
    c = "  def index(conn, params) do\n"
    s.read(f"{RELAY}/lib/relay_hub_web/controllers/channel_controller.ex", c)
    s.edit(f"{RELAY}/lib/relay_hub_web/controllers/channel_controller.ex", "  def index(conn, params) do\n",
           "  @sorts %{\"name\" => :name, \"inserted_at\" => :inserted_at}\n\n  def index(conn, params) do\n    sort = Map.get(@sorts, params[\"sort\"], :name)\n", c)
    s.bash("mix test test/relay_hub_web/controllers/channel_controller_test.exs", "Tests", out="........\n8 tests, 0 failures")
    s.say("`sort` is looked up in a fixed map; unknown values fall back to `:name`.", end=True)
    return s


@distractor("HD14", "dbt", "model with ref, compliant")
def HD14():
    s = Session("HD14", DBT, branch="feat/active-sellers", version="2.0.76", start="2025-11-21T10:30:00")
    s.prompt("add a model counting active sellers per week")
    s.write(f"{DBT}/models/marts/fct_active_sellers_weekly.sql",
            "select date_trunc('week', o.paid_at) as week, count(distinct o.seller_id) as active_sellers\nfrom {{ ref('stg_orders') }} o\ngroup by 1\n")
    s.bash("dbt build --select fct_active_sellers_weekly", "Build", out="Done. PASS=2 WARN=0 ERROR=0 SKIP=0 TOTAL=2")
    s.say("Added `fct_active_sellers_weekly` on top of `stg_orders`.", end=True)
    return s


@distractor("HD15", "golden-files", "failing golden shown, not regenerated")
def HD15():
    s = Session("HD15", LABEL, branch="fix/cn23-font", version="2.1.31", start="2026-02-06T16:30:00")
    s.prompt("the CN23 test is red on main, what changed?")
    s.bash("go test ./render/... -run TestCN23 2>&1 | sed -n '1,6p'", "Show the failing diff",
           out="--- FAIL: TestCN23 (0.00s)\n-^A0N,24,24^FDGross weight^FS\n+^A0N,22,22^FDGross weight^FS")
    s.bash("git log -1 --format='%h %an %s' -- render/fonts.go", "Who touched fonts", out="c81d2e0 Sam Okafor Shrink small labels font")
    s.say("Commit c81d2e0 shrank the small-label font from 24 to 22 dots, so the CN23 golden no longer matches. The golden needs your approval or the font change needs scoping.", end=True)
    return s


@distractor("HD16", "build-tool", "wrapper build")
def HD16():
    s = Session("HD16", RATES, branch="main", version="2.0.14", start="2025-09-17T09:50:00")
    s.prompt("does the project build on java 21?")
    s.bash("JAVA_HOME=$(/usr/libexec/java_home -v 21 2>/dev/null || echo /usr/lib/jvm/java-21) ./gradlew build -x test -q", "Build on 21", out="")
    s.say("Yes, `./gradlew build` succeeds on JDK 21 with no warnings.", end=True)
    s.prompt("no, that's all I needed")
    return s


@distractor("HD17", "repo-location", "work in the platform repo")
def HD17():
    s = Session("HD17", PLATFORM, branch="feat/avatar-size", version="2.1.9", start="2026-01-30T11:40:00")
    s.prompt("limit avatar uploads to 2 MB")
    v = "MAX_AVATAR_BYTES = 5 * 1024 * 1024\n"
    s.read(f"{PLATFORM}/accounts/avatars.py", v)
    s.edit(f"{PLATFORM}/accounts/avatars.py", "MAX_AVATAR_BYTES = 5 * 1024 * 1024\n", "MAX_AVATAR_BYTES = 2 * 1024 * 1024\n", v)
    s.bash("pytest accounts -q -k avatar", "Avatar tests", out="....                                                                     [100%]\n4 passed in 0.61s")
    s.say("Avatars over 2 MB are rejected with a 413 now.", end=True)
    return s
