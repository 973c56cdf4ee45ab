"""gen-holdout: lessons about code and release practice (iOS, Android, Gradle, GraphQL, Kafka, feature
flags, CDN caching, email, password hashing, C firmware, Rails jobs, Laravel, Elixir, dbt)."""
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


# -----------------------------------------------------------------------------
HL01_CORR = ("Actually, leave CFBundleVersion alone. fastlane's increment_build_number sets it from the CI run number in the "
             "beta lane; when people bump it by hand we get two uploads with the same build and App Store Connect rejects "
             "the second. Only the marketing version (3.4.1) is ours to change.")

@lesson("HL01", "ios-release", "polite-actually", ["increment_build_number", "CI run number", "leave CFBundleVersion alone"], [
    fire_edit(f"{BIRD}/Birdsong.xcodeproj/project.pbxproj", "\t\t\t\tCURRENT_PROJECT_VERSION = 413;\n",
              "\t\t\t\tCURRENT_PROJECT_VERSION = 414;\n", note="bumping the project's build setting directly"),
    fire_prompt("re-upload 3.4.1 to TestFlight, the last binary had the wrong app icon", note="asks for another upload of the same version"),
    silent_bash("bundle exec fastlane beta", "Upload a TestFlight build", note="the lane that numbers builds, the compliant way"),
    silent_edit(f"{BIRD}/fastlane/metadata/en-US/release_notes.txt", "- Bug fixes.\n",
                "- Offline sightings now sync when you reconnect.\n- Bug fixes.\n", note="release notes text"),
])
def HL01():
    s = Session("HL01", BIRD, branch="release/3.4.1", version="2.0.37", start="2025-10-06T16:20:00")
    s.prompt("prepare 3.4.1 for TestFlight: bump the version and build, and add 'fixed the crash when a photo has no GPS' to the release notes")
    plist = ("\t<key>CFBundleShortVersionString</key>\n\t<string>3.4.0</string>\n\t<key>CFBundleVersion</key>\n\t<string>412</string>\n")
    s.read(f"{BIRD}/Birdsong/Info.plist", plist)
    p2 = s.edit(f"{BIRD}/Birdsong/Info.plist", "\t<string>3.4.0</string>\n", "\t<string>3.4.1</string>\n", plist)
    s.edit(f"{BIRD}/Birdsong/Info.plist", "\t<string>412</string>\n", "\t<string>413</string>\n", p2)
    notes = "- Bug fixes.\n"
    s.edit(f"{BIRD}/fastlane/metadata/en-US/release_notes.txt", "- Bug fixes.\n",
           "- Fixed a crash when a photo has no GPS data.\n- Bug fixes.\n", notes)
    s.say("Version 3.4.1, build 413, and the release note is in. Ready for `fastlane beta`.", end=True)
    s.prompt(HL01_CORR, correction=True)
    s.edit(f"{BIRD}/Birdsong/Info.plist", "\t<string>413</string>\n", "\t<string>412</string>\n",
           p2.replace("\t<string>412</string>\n", "\t<string>413</string>\n"))
    s.bash("git diff --stat", "Check the diff", out=" Birdsong/Info.plist                              | 2 +-\n fastlane/metadata/en-US/release_notes.txt | 1 +\n 2 files changed, 2 insertions(+), 1 deletion(-)")
    s.say("Reverted the build number; only the marketing version and the notes change. The beta lane will set the build.", end=True)
    return s


# -----------------------------------------------------------------------------
HL02_CORR = ("no GlobalScope in view models. That coroutine outlives the screen: rotate the phone a few times and you've got "
             "five requests racing to write into a dead ViewModel. Use viewModelScope.launch so it's cancelled in onCleared; "
             "in fragments use viewLifecycleOwner.lifecycleScope.")

@lesson("HL02", "android-coroutines", "plain-no", ["viewModelScope", "outlives the screen", "lifecycleScope"], [
    fire_edit(f"{PARCEL}/app/src/main/java/com/parcel/app/scan/ScanFragment.kt",
              "        binding.scanButton.setOnClickListener {\n",
              "        binding.scanButton.setOnClickListener {\n            CoroutineScope(Dispatchers.IO).launch {\n"
              "                val label = labels.fetch(code)\n                binding.result.text = label.summary\n            }\n",
              note="ad-hoc CoroutineScope in a fragment"),
    fire_write(f"{PARCEL}/app/src/main/java/com/parcel/app/settings/SettingsViewModel.kt",
               "class SettingsViewModel(private val prefs: PrefsRepo) : ViewModel() {\n    fun save(s: Settings) {\n"
               "        GlobalScope.launch { prefs.write(s) }\n    }\n}\n", note="GlobalScope in a new view model"),
    silent_edit(f"{PARCEL}/app/src/main/java/com/parcel/app/settings/SettingsViewModel.kt",
                "        prefs.write(s)\n", "        viewModelScope.launch { prefs.write(s) }\n", note="viewModelScope, the compliant way"),
    silent_edit(f"{PARCEL}/app/src/main/java/com/parcel/app/tracking/TrackingRepo.kt",
                "    suspend fun history(id: String): List<Event> = api.history(id)\n",
                "    suspend fun history(id: String): List<Event> = withContext(Dispatchers.IO) { api.history(id) }\n",
                note="suspend function with withContext"),
])
def HL02():
    s = Session("HL02", PARCEL, branch="feat/tracking-history", version="2.1.9", start="2026-01-13T11:05:00")
    s.prompt("load the tracking history when the ShipmentDetail screen opens")
    vm = ("class ShipmentDetailViewModel(\n    private val repo: TrackingRepo,\n    private val id: String,\n) : ViewModel() {\n"
          "    private val _history = MutableStateFlow<List<Event>>(emptyList())\n    val history: StateFlow<List<Event>> = _history\n}\n")
    s.read(f"{PARCEL}/app/src/main/java/com/parcel/app/tracking/ShipmentDetailViewModel.kt", vm)
    s.edit(f"{PARCEL}/app/src/main/java/com/parcel/app/tracking/ShipmentDetailViewModel.kt",
           "    val history: StateFlow<List<Event>> = _history\n",
           "    val history: StateFlow<List<Event>> = _history\n\n    init {\n        GlobalScope.launch {\n            _history.value = repo.history(id)\n        }\n    }\n", vm)
    s.bash("./gradlew :app:testDebugUnitTest --tests '*ShipmentDetail*' -q", "Run the view model tests", out="")
    s.say("The view model loads the history on creation; the unit tests pass.", end=True)
    s.prompt(HL02_CORR, correction=True)
    s.edit(f"{PARCEL}/app/src/main/java/com/parcel/app/tracking/ShipmentDetailViewModel.kt",
           "        GlobalScope.launch {\n", "        viewModelScope.launch {\n",
           vm.replace("    val history: StateFlow<List<Event>> = _history\n",
                      "    val history: StateFlow<List<Event>> = _history\n\n    init {\n        GlobalScope.launch {\n            _history.value = repo.history(id)\n        }\n    }\n"))
    s.bash("./gradlew :app:testDebugUnitTest --tests '*ShipmentDetail*' -q", "Run the view model tests", out="")
    s.say("Switched to `viewModelScope.launch`, so leaving the screen cancels the request.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
HL03_CORR = ("Thanks! Actually, versions never go inline in build.gradle.kts here. Declare coil in gradle/libs.versions.toml "
             "and reference it as libs.coil.compose; Renovate only bumps what's in the catalog, so inline ones rot.")

@lesson("HL03", "gradle-dependencies", "thanks-actually", ["libs.versions.toml", "Renovate", "inline"], [
    fire_edit(f"{PARCEL}/feature/tracking/build.gradle.kts", "dependencies {\n",
              "dependencies {\n    implementation(\"com.squareup.okhttp3:logging-interceptor:4.12.0\")\n",
              note="hard-coded coordinate in another module"),
    fire_prompt("pull in Timber for logging in the app module", note="asks to add a library"),
    silent_edit(f"{PARCEL}/gradle/libs.versions.toml", "[libraries]\n",
                "[libraries]\ntimber = { module = \"com.jakewharton.timber:timber\", version.ref = \"timber\" }\n",
                note="catalog entry, the compliant way"),
    silent_bash("./gradlew :app:dependencies --configuration releaseRuntimeClasspath | grep coil", "Look at the resolved coil",
                note="inspecting dependencies"),
])
def HL03():
    s = Session("HL03", PARCEL, branch="feat/parcel-photos", version="2.0.76", start="2025-11-17T10:40:00")
    s.prompt("add coil so we can load the parcel photos in the detail screen")
    g = ("dependencies {\n    implementation(libs.androidx.core.ktx)\n    implementation(libs.compose.material3)\n}\n")
    s.read(f"{PARCEL}/app/build.gradle.kts", g)
    s.edit(f"{PARCEL}/app/build.gradle.kts", "    implementation(libs.compose.material3)\n",
           "    implementation(libs.compose.material3)\n    implementation(\"io.coil-kt:coil-compose:2.6.0\")\n", g)
    s.bash("./gradlew :app:assembleDebug -q", "Build", out="")
    s.say("Added coil-compose 2.6.0; the debug build passes. `AsyncImage` is available now.", end=True)
    s.prompt(HL03_CORR, correction=True)
    toml = "[versions]\ncompose-bom = \"2024.09.00\"\n\n[libraries]\n"
    s.read(f"{PARCEL}/gradle/libs.versions.toml", toml, limit=5, total=48)
    s.edit(f"{PARCEL}/gradle/libs.versions.toml", "compose-bom = \"2024.09.00\"\n",
           "coil = \"2.6.0\"\ncompose-bom = \"2024.09.00\"\n", toml)
    s.edit(f"{PARCEL}/app/build.gradle.kts", "    implementation(\"io.coil-kt:coil-compose:2.6.0\")\n",
           "    implementation(libs.coil.compose)\n", g.replace("    implementation(libs.compose.material3)\n",
                                                            "    implementation(libs.compose.material3)\n    implementation(\"io.coil-kt:coil-compose:2.6.0\")\n"))
    s.bash("./gradlew :app:assembleDebug -q", "Build", out="")
    s.say("coil is declared in the catalog (`coil = \"2.6.0\"`, `libs.coil.compose`) and the app module references it.", end=True)
    return s


# -----------------------------------------------------------------------------
HL04_CORR = ("don't throw for validation problems. Mutations return a <Name>Payload with a userErrors list (field + message), "
             "like createListing does; the apps render userErrors next to the input, while a thrown error only shows a "
             "generic toast. Throwing is for auth failures and bugs.")

@lesson("HL04", "graphql", "rejected-with-feedback", ["userErrors", "Payload", "generic toast"], [
    fire_edit(f"{MGRAPH}/src/resolvers/reviews.ts", "  const review = await ctx.db.reviews.create({\n",
              "  if (args.stars < 1 || args.stars > 5) return Promise.reject(new Error(\"stars must be 1-5\"));\n  const review = await ctx.db.reviews.create({\n",
              note="rejects on bad input in another resolver"),
    fire_edit(f"{MGRAPH}/schema/cart.graphql", "type Mutation {\n",
              "type Mutation {\n  addToCart(listingId: ID!, qty: Int!): Cart!\n", note="new mutation returning the bare object"),
    silent_edit(f"{MGRAPH}/schema/cart.graphql", "type Mutation {\n",
                "type Mutation {\n  addToCart(input: AddToCartInput!): AddToCartPayload!\n}\n\ntype AddToCartPayload {\n  cart: Cart\n  userErrors: [UserError!]!\n",
                note="payload type, the compliant way"),
    silent_edit(f"{MGRAPH}/schema/listing.graphql", "  \"The listing title\"\n  title: String!\n",
                "  \"The listing title, max 80 characters\"\n  title: String!\n", note="description tweak on a type"),
])
def HL04():
    s = Session("HL04", MGRAPH, branch="feat/update-price", version="2.1.31", start="2026-02-02T14:25:00")
    s.prompt("add an updateListingPrice mutation. sellers can only change their own listings and the price has to be > 0")
    sch = "type Mutation {\n  createListing(input: CreateListingInput!): CreateListingPayload!\n}\n"
    s.read(f"{MGRAPH}/schema/listing.graphql", sch)
    s.edit(f"{MGRAPH}/schema/listing.graphql", "type Mutation {\n",
           "type Mutation {\n  updateListingPrice(id: ID!, priceCents: Int!): Listing!\n", sch)
    res = "export const listingMutations = {\n  createListing,\n};\n"
    s.reject("Edit", {"file_path": f"{MGRAPH}/src/resolvers/listings.ts", "old_string": "  createListing,\n",
                      "new_string": "  createListing,\n  async updateListingPrice(_: unknown, { id, priceCents }: Args, ctx: Ctx) {\n"
                                    "    if (priceCents <= 0) throw new GraphQLError(\"Price must be positive\", { extensions: { code: \"BAD_USER_INPUT\" } });\n"
                                    "    return ctx.listings.setPrice(id, priceCents, ctx.user);\n  },\n", "replace_all": False},
             feedback=HL04_CORR)
    s.edit(f"{MGRAPH}/schema/listing.graphql", "  updateListingPrice(id: ID!, priceCents: Int!): Listing!\n",
           "  updateListingPrice(input: UpdateListingPriceInput!): UpdateListingPricePayload!\n",
           sch.replace("type Mutation {\n", "type Mutation {\n  updateListingPrice(id: ID!, priceCents: Int!): Listing!\n"))
    s.edit(f"{MGRAPH}/src/resolvers/listings.ts", "  createListing,\n",
           "  createListing,\n  updateListingPrice,\n", res)
    s.bash("npm run codegen && npm test -- listings", "Codegen and tests",
           out="✔ Generate outputs\n\n PASS  src/resolvers/listings.test.ts\n  Tests:       9 passed, 9 total")
    s.say("`updateListingPrice` returns `UpdateListingPricePayload { listing, userErrors }`; a non-positive price gives a userError on `priceCents`, another seller's listing is a FORBIDDEN error.", end=True)
    return s


# -----------------------------------------------------------------------------
HL05_CORR = ("hold on, not auto-commit. Offsets may only be committed after the row is written to postgres, otherwise a crash "
             "between reading and writing silently loses those stock movements. If per-message commits are slow, commit "
             "in batches (every 500 messages or 2 s) after the batch is flushed.")

@lesson("HL05", "kafka-consumers", "interrupted", ["after the row is written", "silently loses", "commit in batches"], [
    fire_edit(f"{WFEED}/warehouse_feed/price_consumer.py", "    \"enable.auto.commit\": False,\n",
              "    \"enable.auto.commit\": True,\n    \"auto.commit.interval.ms\": 1000,\n", note="auto-commit in another consumer"),
    fire_edit(f"{WFEED}/warehouse_feed/returns_consumer.py", "        msg = consumer.poll(1.0)\n        handle(msg)\n",
              "        msg = consumer.poll(1.0)\n        consumer.store_offsets(msg)\n        handle(msg)\n",
              note="offset stored before handling"),
    silent_edit(f"{WFEED}/warehouse_feed/returns_consumer.py", "        batch.append(msg)\n",
                "        batch.append(msg)\n        if len(batch) >= 500:\n            repo.flush(batch)\n            consumer.commit(asynchronous=False)\n            batch.clear()\n",
                note="commit after flush, the compliant way"),
    silent_prompt("why does the consumer lag spike every night around 2am?", note="question about lag"),
])
def HL05():
    s = Session("HL05", WFEED, branch="perf/inventory-consumer", version="2.0.14", start="2025-09-18T13:10:00")
    s.prompt("the inventory consumer can't keep up (lag 400k), it commits after every single message. speed it up")
    c = ("CONFIG = {\n    \"bootstrap.servers\": BROKERS,\n    \"group.id\": \"inventory\",\n    \"enable.auto.commit\": False,\n}\n\n"
         "def run(consumer, repo):\n    while True:\n        msg = consumer.poll(1.0)\n        if msg is None:\n            continue\n"
         "        repo.apply_movement(decode(msg))\n        consumer.commit(msg, asynchronous=False)\n")
    s.read(f"{WFEED}/warehouse_feed/inventory_consumer.py", c)
    c2 = s.edit(f"{WFEED}/warehouse_feed/inventory_consumer.py", "    \"enable.auto.commit\": False,\n", "    \"enable.auto.commit\": True,\n", c)
    s.edit(f"{WFEED}/warehouse_feed/inventory_consumer.py", "        consumer.commit(msg, asynchronous=False)\n", "", c2)
    s.say("Switched to auto-commit so we stop doing a synchronous commit per message. Running the load test.")
    s.interrupt_tool("Bash", {"command": "python -m warehouse_feed.loadtest --consumer inventory --messages 200000",
                              "description": "Load test the consumer"})
    s.prompt(HL05_CORR, correction=True)
    s.edit(f"{WFEED}/warehouse_feed/inventory_consumer.py", "    \"enable.auto.commit\": True,\n", "    \"enable.auto.commit\": False,\n",
           c2.replace("        consumer.commit(msg, asynchronous=False)\n", ""))
    s.bash("python -m warehouse_feed.loadtest --consumer inventory --messages 200000", "Load test batched commits",
           out="consumed 200000 in 41.2s (4854 msg/s), commits: 401, duplicates after kill -9: 0 lost: 0")
    s.say("Auto-commit is off again; the loop buffers movements, writes them in one transaction every 500 messages or 2 s, then commits. 4.8k msg/s, and a kill -9 mid-run loses nothing.", end=True)
    return s


# -----------------------------------------------------------------------------
HL06_CORR = ("why is this going straight to everyone? anything that changes the checkout flow ships behind a flag in "
             "src/flags.ts, default off, so we can ramp it per market and kill it without a deploy")

@lesson("HL06", "feature-flags", "question-pushback", ["behind a flag", "default off", "kill it without a deploy"], [
    fire_edit(f"{BASKET}/src/payments/PaymentMethods.tsx", "      <CardForm onSubmit={pay} />\n",
              "      <ExpressWalletButtons onSubmit={pay} />\n      <CardForm onSubmit={pay} />\n",
              note="new payment options for all users"),
    fire_prompt("switch the address step to the new Google Places autocomplete for all users", note="asks for a direct switch"),
    silent_edit(f"{BASKET}/src/payments/PaymentMethods.tsx", "      <CardForm onSubmit={pay} />\n",
                "      {flags.expressWallets && <ExpressWalletButtons onSubmit={pay} />}\n      <CardForm onSubmit={pay} />\n",
                note="gated by a flag, the compliant way"),
    silent_edit(f"{BASKET}/src/checkout/checkout.css", "  padding: 12px;\n", "  padding: 16px;\n", note="styling tweak"),
])
def HL06():
    s = Session("HL06", BASKET, branch="feat/one-page-checkout", version="2.1.9", start="2026-01-20T10:15:00")
    s.prompt("replace the 3-step checkout with the new single-page one (SinglePageCheckout is already built)")
    r = "export const routes = [\n  { path: \"/checkout\", element: <CheckoutWizard steps={3} /> },\n];\n"
    s.read(f"{BASKET}/src/routes.tsx", r)
    s.edit(f"{BASKET}/src/routes.tsx", "<CheckoutWizard steps={3} />", "<SinglePageCheckout />", r)
    s.bash("pnpm test checkout", "Run checkout tests", out=" Test Files  4 passed (4)\n      Tests  31 passed (31)")
    s.say("/checkout now renders `SinglePageCheckout`; the checkout tests pass.", end=True)
    s.prompt(HL06_CORR, correction=True)
    fl = "export const flags = {\n  newSearch: flag(\"new-search\", false),\n};\n"
    s.read(f"{BASKET}/src/flags.ts", fl)
    s.edit(f"{BASKET}/src/flags.ts", "  newSearch: flag(\"new-search\", false),\n",
           "  newSearch: flag(\"new-search\", false),\n  singlePageCheckout: flag(\"single-page-checkout\", false),\n", fl)
    s.edit(f"{BASKET}/src/routes.tsx", "<SinglePageCheckout />",
           "{flags.singlePageCheckout ? <SinglePageCheckout /> : <CheckoutWizard steps={3} />}",
           r.replace("<CheckoutWizard steps={3} />", "<SinglePageCheckout />"))
    s.say("The route picks the page from `flags.singlePageCheckout`, which defaults to off; ramp it in the flag dashboard.", end=True)
    return s


# -----------------------------------------------------------------------------
HL07_CORR = ("no — never mark a response public if it depends on who's logged in. The CDN will cache one person's page and "
             "hand it to everybody; that's how a buyer saw someone else's order history in March. Personalised routes get "
             "`private, no-store`; only anonymous pages get s-maxage.")

@lesson("HL07", "cdn-caching", "plain-no", ["private, no-store", "someone else's", "depends on who's logged in"], [
    fire_edit(f"{MWEB}/infra/cloudfront.tf", "  ordered_cache_behavior {\n    path_pattern = \"/static/*\"\n",
              "  ordered_cache_behavior {\n    path_pattern = \"/dashboard/*\"\n    min_ttl      = 300\n    default_ttl  = 600\n  }\n\n"
              "  ordered_cache_behavior {\n    path_pattern = \"/static/*\"\n", note="edge TTL on a signed-in area"),
    fire_edit(f"{MWEB}/src/pages/api/me/wishlist.ts", "  res.status(200).json(items);\n",
              "  res.setHeader(\"Cache-Control\", \"public, max-age=600\");\n  res.status(200).json(items);\n",
              note="public header on a per-user endpoint"),
    silent_edit(f"{MWEB}/src/pages/api/me/wishlist.ts", "  res.status(200).json(items);\n",
                "  res.setHeader(\"Cache-Control\", \"private, no-store\");\n  res.status(200).json(items);\n",
                note="private, the compliant way"),
    silent_edit(f"{MWEB}/src/pages/api/categories.ts", "  res.status(200).json(categories);\n",
                "  res.setHeader(\"Cache-Control\", \"public, s-maxage=3600\");\n  res.status(200).json(categories);\n",
                note="public caching of an anonymous endpoint"),
])
def HL07():
    s = Session("HL07", MWEB, branch="perf/account-cache", version="2.0.76", start="2025-11-11T15:00:00")
    s.prompt("the /account page takes 1.8s on every visit, add some caching headers")
    nc = "async headers() {\n  return [\n    { source: \"/static/:path*\", headers: [{ key: \"Cache-Control\", value: \"public, max-age=31536000, immutable\" }] },\n  ];\n},\n"
    s.read(f"{MWEB}/next.config.js", nc)
    s.edit(f"{MWEB}/next.config.js", "  ];\n",
           "    { source: \"/account\", headers: [{ key: \"Cache-Control\", value: \"public, s-maxage=300, stale-while-revalidate=600\" }] },\n  ];\n", nc)
    s.bash("npm run build 2>&1 | tail -2", "Build", out="✓ Compiled successfully\n✓ Generating static pages (42/42)")
    s.say("/account is cached at the edge for 5 minutes with stale-while-revalidate, so repeat visits skip the server.", end=True)
    s.prompt(HL07_CORR, correction=True)
    s.edit(f"{MWEB}/next.config.js", "value: \"public, s-maxage=300, stale-while-revalidate=600\"", "value: \"private, no-store\"",
           nc.replace("  ];\n", "    { source: \"/account\", headers: [{ key: \"Cache-Control\", value: \"public, s-maxage=300, stale-while-revalidate=600\" }] },\n  ];\n"))
    s.say("/account is `private, no-store` now. For speed I'll look at the three sequential API calls the page makes instead.", end=True)
    return s


# -----------------------------------------------------------------------------
HL08_CORR = ("please remember you should never point a dev script at the real SMTP relay. Local and seed scripts send "
             "through Mailpit (localhost:1025); a seed run once mailed 3,000 real tenants a 'your rent is overdue' test "
             "message.")

@lesson("HL08", "email-sending", "rule-restated", ["Mailpit", "localhost:1025", "real SMTP relay"], [
    fire_bash("MAILER_URL=ses://eu-west-1 npx tsx bin/invite-residents.ts --all",
              "Invite all residents", note="running a tool against SES"),
    fire_write(f"{TENANT}/scripts/reminder-blast.ts",
               "const transport = nodemailer.createTransport({\n  host: \"email-smtp.eu-west-1.amazonaws.com\",\n  port: 587,\n"
               "  auth: { user: process.env.SES_USER, pass: process.env.SES_PASS },\n});\n", note="new script wired to SES"),
    silent_bash("MAIL_HOST=localhost MAIL_PORT=1025 npx tsx scripts/send-statements.ts", "Send statements to Mailpit",
                note="Mailpit, the compliant way"),
    silent_edit(f"{TENANT}/emails/statement.mjml", "<mj-text>Your statement for {{month}}</mj-text>\n",
                "<mj-text font-size=\"18px\">Your statement for {{month}}</mj-text>\n", note="template tweak"),
])
def HL08():
    s = Session("HL08", TENANT, branch="feat/statements", version="2.1.31", start="2026-02-11T11:30:00")
    s.prompt("write a script that sends the monthly statement email to every tenant in the seed data so I can check the layout")
    s.read(f"{TENANT}/src/mail/transport.ts",
           "export const transport = nodemailer.createTransport({\n  host: process.env.SMTP_HOST,\n  port: Number(process.env.SMTP_PORT ?? 587),\n});\n")
    s.write(f"{TENANT}/scripts/send-statements.ts",
            "import { transport } from \"../src/mail/transport\";\nimport { tenants } from \"../seed/tenants\";\n\n"
            "for (const t of tenants) {\n  await transport.sendMail({ to: t.email, subject: \"Your statement\", html: renderStatement(t) });\n}\n")
    s.say("Run it with `npx tsx scripts/send-statements.ts`; it uses the SMTP settings from `.env`.", end=True)
    s.prompt(HL08_CORR, correction=True)
    s.bash("docker compose up -d mailpit && docker compose ps mailpit", "Start Mailpit",
           out="NAME                IMAGE                  STATUS\ntenant-mailpit-1    axllent/mailpit:v1.20  Up 2 seconds")
    s.bash("SMTP_HOST=localhost SMTP_PORT=1025 npx tsx scripts/send-statements.ts", "Send to Mailpit", out="sent 48 statements")
    s.say("All 48 statements went to Mailpit; open http://localhost:8025 to check the layout.", end=True)
    return s


# -----------------------------------------------------------------------------
HL09_CORR = ("sha256 is far too fast for passwords, a GPU does billions a second. We already have "
             "clinic.security.hash_password (argon2id via argon2-cffi): use that and verify_password, never roll hashing "
             "by hand.")

@lesson("HL09", "password-hashing", "rejected-then-instruction", ["argon2", "hash_password", "far too fast"], [
    fire_edit(f"{CLINIC}/clinic/patients/portal.py", "    pin = form.pin\n",
              "    pin = form.pin\n    pin_hash = hashlib.md5(pin.encode()).hexdigest()\n", note="md5 of a PIN"),
    fire_prompt("let receptionists set a password on their kiosk accounts", note="asks for another credential store"),
    silent_edit(f"{CLINIC}/clinic/patients/portal.py", "    pin = form.pin\n",
                "    pin = form.pin\n    account.pin_hash = hash_password(pin)\n", note="the shared helper, the compliant way"),
    silent_edit(f"{CLINIC}/clinic/auth/schemas.py", "    password: str = Field(min_length=10)\n",
                "    password: str = Field(min_length=12)\n", note="length rule"),
])
def HL09():
    s = Session("HL09", CLINIC, branch="feat/staff-signup", version="2.0.37", start="2025-10-13T09:25:00")
    s.prompt("add a staff signup endpoint: email + password, store the account")
    s.read(f"{CLINIC}/clinic/auth/models.py", "class StaffAccount(Base):\n    id = Column(Integer, primary_key=True)\n    email = Column(String, unique=True)\n    password_hash = Column(String)\n")
    s.reject("Write", {"file_path": f"{CLINIC}/clinic/auth/passwords.py",
                       "content": "import hashlib\n\n\ndef hash_pw(password: str) -> str:\n    return hashlib.sha256(password.encode()).hexdigest()\n"})
    s.prompt(HL09_CORR, correction=True)
    s.edit(f"{CLINIC}/clinic/auth/routes.py", "@router.post(\"/login\")\n",
           "@router.post(\"/signup\", status_code=201)\nasync def signup(body: SignupIn, db: Session = Depends(get_db)):\n"
           "    acct = StaffAccount(email=body.email, password_hash=hash_password(body.password))\n    db.add(acct)\n    db.commit()\n"
           "    return {\"id\": acct.id}\n\n\n@router.post(\"/login\")\n", "@router.post(\"/login\")\n")
    s.bash("pytest tests/auth -q", "Run auth tests", out=".......                                                                  [100%]\n7 passed in 1.12s")
    s.say("The signup route stores `hash_password(body.password)` (argon2id); login already uses `verify_password`.", end=True)
    return s


# -----------------------------------------------------------------------------
HL10_CORR = ("no strcpy/sprintf in the firmware. Use snprintf with sizeof(dst) (or strlcpy) and check what it returns; a "
             "33-char SSID overflowed the config struct on the field units and bricked a whole batch.")

@lesson("HL10", "c-firmware", "plain-no", ["snprintf", "strlcpy", "overflowed"], [
    fire_edit(f"{SENSOR}/src/mqtt/topic.c", "    topic[0] = '\\0';\n", "    topic[0] = '\\0';\n    strcat(topic, prefix);\n    strcat(topic, device_id);\n",
              note="unbounded strcat"),
    fire_prompt("write a helper that builds the MQTT client id from the device's MAC address", note="asks for string-building C code"),
    silent_edit(f"{SENSOR}/src/mqtt/topic.c", "    topic[0] = '\\0';\n",
                "    int n = snprintf(topic, sizeof topic, \"%s/%s\", prefix, device_id);\n    if (n < 0 || (size_t)n >= sizeof topic) return ERR_TOO_LONG;\n",
                note="bounded snprintf, the compliant way"),
    silent_edit(f"{SENSOR}/include/config.h", "#define REPORT_INTERVAL_S 60\n", "#define REPORT_INTERVAL_S 30\n", note="a define"),
])
def HL10():
    s = Session("HL10", SENSOR, branch="feat/boot-status", version="1.0.98", start="2025-08-26T15:50:00")
    s.prompt("print the wifi SSID and RSSI in the status line at boot")
    w = "void wifi_log_status(const wifi_cfg_t *cfg, int rssi) {\n    char status[48];\n    log_line(status);\n}\n"
    s.read(f"{SENSOR}/src/net/wifi.c", w)
    s.edit(f"{SENSOR}/src/net/wifi.c", "    char status[48];\n",
           "    char status[48];\n    sprintf(status, \"ssid=%s rssi=%d\", cfg->ssid, rssi);\n", w)
    s.bash("idf.py build 2>&1 | tail -1", "Build", out="Project build complete. To flash, run: idf.py flash")
    s.say("The boot status line now includes `ssid=... rssi=...`. Builds fine.", end=True)
    s.prompt(HL10_CORR, correction=True)
    s.edit(f"{SENSOR}/src/net/wifi.c", "    sprintf(status, \"ssid=%s rssi=%d\", cfg->ssid, rssi);\n",
           "    int n = snprintf(status, sizeof status, \"ssid=%.32s rssi=%d\", cfg->ssid, rssi);\n    if (n < 0) return;\n",
           w.replace("    char status[48];\n", "    char status[48];\n    sprintf(status, \"ssid=%s rssi=%d\", cfg->ssid, rssi);\n"))
    s.bash("idf.py build 2>&1 | tail -1 && ctest --test-dir build/host -R wifi", "Build and host tests",
           out="Project build complete. To flash, run: idf.py flash\n100% tests passed, 0 tests failed out of 3")
    s.say("Switched to `snprintf(status, sizeof status, ...)` with the SSID capped at 32 chars and the return checked.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
HL11_CORR = ("Actually, please don't rescue StandardError in jobs and just log it. Sidekiq only retries a job that raises, "
             "and a swallowed exception never reaches Sentry either; we lost a day of payroll exports that way. Let it "
             "raise, or rescue the specific error and re-raise.")

@lesson("HL11", "rails-jobs", "polite-actually", ["Sidekiq only retries", "never reaches Sentry", "rescue StandardError"], [
    fire_edit(f"{ROSTER}/app/workers/holiday_import_worker.rb", "    importer.call(region)\n  end\n",
              "    importer.call(region)\n  rescue => _err\n    nil\n  end\n", note="bare rescue returning nil"),
    fire_write(f"{ROSTER}/app/jobs/roster_digest_job.rb",
               "class RosterDigestJob < ApplicationJob\n  def perform(team_id)\n    DigestMailer.weekly(Team.find(team_id)).deliver_now\n"
               "  rescue StandardError => e\n    Rails.logger.error(\"digest failed: #{e.message}\")\n  end\nend\n",
               note="new job that logs and swallows"),
    silent_edit(f"{ROSTER}/app/jobs/shift_reminder_job.rb", "    user = shift.user\n",
                "    user = shift.user\n    return if user.phone.blank?\n", note="guard clause, the compliant way"),
    silent_edit(f"{ROSTER}/app/jobs/roster_digest_job.rb", "  queue_as :default\n", "  queue_as :mailers\n", note="queue name"),
])
def HL11():
    s = Session("HL11", ROSTER, branch="fix/shift-reminder", version="2.0.14", start="2025-09-04T10:05:00")
    s.prompt("ShiftReminderJob blows up every now and then when someone has no phone number. make it robust")
    j = ("class ShiftReminderJob < ApplicationJob\n  queue_as :default\n\n  def perform(shift_id)\n    shift = Shift.find(shift_id)\n"
         "    user = shift.user\n    SmsClient.send(user.phone, reminder_text(shift))\n  end\nend\n")
    s.read(f"{ROSTER}/app/jobs/shift_reminder_job.rb", j)
    s.edit(f"{ROSTER}/app/jobs/shift_reminder_job.rb", "    SmsClient.send(user.phone, reminder_text(shift))\n  end\n",
           "    SmsClient.send(user.phone, reminder_text(shift))\n  rescue StandardError => e\n    Rails.logger.error(\"shift reminder failed: #{e.message}\")\n  end\n", j)
    s.bash("bin/rspec spec/jobs/shift_reminder_job_spec.rb", "Run the job spec", out="....\n\nFinished in 0.21 seconds (files took 2.3 seconds to load)\n4 examples, 0 failures")
    s.say("The job no longer crashes; any error is logged instead.", end=True)
    s.prompt(HL11_CORR, correction=True)
    s.edit(f"{ROSTER}/app/jobs/shift_reminder_job.rb",
           "    user = shift.user\n    SmsClient.send(user.phone, reminder_text(shift))\n  rescue StandardError => e\n    Rails.logger.error(\"shift reminder failed: #{e.message}\")\n  end\n",
           "    user = shift.user\n    return if user.phone.blank?\n\n    SmsClient.send(user.phone, reminder_text(shift))\n  end\n",
           j.replace("    SmsClient.send(user.phone, reminder_text(shift))\n  end\n",
                     "    SmsClient.send(user.phone, reminder_text(shift))\n  rescue StandardError => e\n    Rails.logger.error(\"shift reminder failed: #{e.message}\")\n  end\n"))
    s.bash("bin/rspec spec/jobs/shift_reminder_job_spec.rb", "Run the job spec", out=".....\n\nFinished in 0.23 seconds (files took 2.2 seconds to load)\n5 examples, 0 failures")
    s.say("Removed the rescue; the job returns early for users without a phone (new spec case), and any other error raises so Sidekiq retries it.", end=True)
    return s


# -----------------------------------------------------------------------------
HL12_CORR = ("no, never pass $request->all() into create()/update(). Validate with a FormRequest and pass "
             "$request->validated(); with all() anyone can post is_admin=1 or someone else's owner_id and it gets saved.")

@lesson("HL12", "laravel", "plain-no", ["$request->validated()", "FormRequest", "is_admin"], [
    fire_edit(f"{VENUE}/app/Http/Controllers/Api/ProfileController.php", "    public function store()\n    {\n",
              "    public function store()\n    {\n        $user = auth()->user();\n        $user->fill($_POST)->save();\n",
              note="fill() with the raw body"),
    fire_edit(f"{VENUE}/app/Http/Controllers/InvoiceController.php", "        // TODO store\n",
              "        $invoice = Invoice::create($request->input());\n", note="create() with all input"),
    silent_edit(f"{VENUE}/app/Http/Controllers/BookingController.php", "        // TODO update\n",
                "        $booking->update($request->validated());\n", note="validated(), the compliant way"),
    silent_bash("php artisan route:list --path=bookings", "List booking routes", note="route listing"),
])
def HL12():
    s = Session("HL12", VENUE, branch="feat/booking-notes", version="2.1.9", start="2026-01-23T14:50:00")
    s.prompt("add an endpoint to update a booking's notes and headcount")
    ctl = "class BookingController extends Controller\n{\n    public function show(Booking $booking)\n    {\n        return $booking;\n    }\n}\n"
    s.read(f"{VENUE}/app/Http/Controllers/BookingController.php", ctl)
    s.edit(f"{VENUE}/app/Http/Controllers/BookingController.php", "        return $booking;\n    }\n}\n",
           "        return $booking;\n    }\n\n    public function update(Request $request, Booking $booking)\n    {\n"
           "        $booking->update($request->all());\n        return $booking;\n    }\n}\n", ctl)
    s.bash("php artisan test --filter=BookingTest", "Run booking tests", out="  PASS  Tests\\Feature\\BookingTest\n  Tests:    6 passed (14 assertions)")
    s.say("PATCH /bookings/{booking} updates the booking; tests pass.", end=True)
    s.prompt(HL12_CORR, correction=True)
    s.write(f"{VENUE}/app/Http/Requests/UpdateBookingRequest.php",
            "class UpdateBookingRequest extends FormRequest\n{\n    public function rules(): array\n    {\n"
            "        return ['notes' => ['nullable', 'string', 'max:2000'], 'headcount' => ['integer', 'min:1', 'max:400']];\n    }\n}\n")
    s.bash("php artisan test --filter=BookingTest", "Run booking tests", out="  PASS  Tests\\Feature\\BookingTest\n  Tests:    8 passed (19 assertions)")
    s.say("`update` takes an `UpdateBookingRequest` and saves `$request->validated()` (notes, headcount only); new tests check that `is_admin` and `venue_id` are ignored.", end=True)
    return s


# -----------------------------------------------------------------------------
HL13_CORR = ("String.to_atom on anything that comes from a request is a no-go: atoms are never garbage collected and the "
             "atom table has a hard limit, so a bot can crash the whole BEAM. Map the allowed strings explicitly or use "
             "String.to_existing_atom.")

@lesson("HL13", "elixir", "rejected-with-feedback", ["to_existing_atom", "garbage collected", "atom table"], [
    fire_edit(f"{RELAY}/lib/relay_hub_web/plugs/json_body.ex", "    {:ok, decoded} = Jason.decode(body)\n",
              "    {:ok, decoded} = Jason.decode(body, keys: :atoms)\n", note="decoding JSON keys into atoms"),
    fire_edit(f"{RELAY}/lib/relay_hub/webhooks/parser.ex", "    event = Map.fetch!(payload, \"type\")\n",
              "    event = payload |> Map.fetch!(\"type\") |> String.to_atom()\n", note="to_atom on webhook input"),
    silent_edit(f"{RELAY}/lib/relay_hub/webhooks/parser.ex", "    event = Map.fetch!(payload, \"type\")\n",
                "    event = Map.fetch!(@event_types, Map.fetch!(payload, \"type\"))\n", note="explicit mapping, the compliant way"),
    silent_prompt("list the channels that had no messages in the last 30 days", note="a query request"),
])
def HL13():
    s = Session("HL13", RELAY, branch="feat/channel-filter", version="2.0.76", start="2025-11-24T13:35:00")
    s.prompt("let clients filter the channel list by status: ?status=active|muted|archived")
    ctl = "  def index(conn, params) do\n    channels = Channels.list(conn.assigns.account)\n    render(conn, :index, channels: channels)\n  end\n"
    s.read(f"{RELAY}/lib/relay_hub_web/controllers/channel_controller.ex", ctl)
    s.reject("Edit", {"file_path": f"{RELAY}/lib/relay_hub_web/controllers/channel_controller.ex",
                      "old_string": "    channels = Channels.list(conn.assigns.account)\n",
                      "new_string": "    status = params[\"status\"] && String.to_atom(params[\"status\"])\n    channels = Channels.list(conn.assigns.account, status: status)\n",
                      "replace_all": False}, feedback=HL13_CORR)
    s.edit(f"{RELAY}/lib/relay_hub_web/controllers/channel_controller.ex", "    channels = Channels.list(conn.assigns.account)\n",
           "    status = Map.get(%{\"active\" => :active, \"muted\" => :muted, \"archived\" => :archived}, params[\"status\"])\n"
           "    channels = Channels.list(conn.assigns.account, status: status)\n", ctl)
    s.bash("mix test test/relay_hub_web/controllers/channel_controller_test.exs", "Run controller tests",
           out="......\nFinished in 0.3 seconds (0.1s async, 0.2s sync)\n6 tests, 0 failures")
    s.say("The status param goes through an explicit map of the three allowed values; anything else means no filter.", end=True)
    return s


# -----------------------------------------------------------------------------
HL14_CORR = ("Thanks! Actually models never name a warehouse table directly. Go through {{ source('shop', 'orders') }} for "
             "raw tables and {{ ref('stg_sellers') }} for other models; hardcoded names break lineage and the dev-schema "
             "builds (your model reads prod data even in a dev run).")

@lesson("HL14", "dbt", "thanks-actually", ["source(", "ref(", "lineage"], [
    fire_write(f"{DBT}/analyses/churn_cohorts.sql",
               "select date_trunc('month', first_seen) as cohort, count(*) as customers\nfrom prod_warehouse.core.customers\ngroup by 1\n",
               note="analysis reading a fully qualified table"),
    fire_write(f"{DBT}/models/marts/fct_refunds_daily.sql",
               "select date_trunc('day', r.created_at) as day, sum(r.amount) as refunded\nfrom raw.payments.refunds r\ngroup by 1\n",
               note="mart reading a raw table"),
    silent_write(f"{DBT}/models/marts/fct_refunds_daily.sql",
                 "select date_trunc('day', created_at) as day, sum(amount) as refunded\nfrom {{ ref('stg_refunds') }}\ngroup by 1\n",
                 note="ref(), the compliant way"),
    silent_prompt("what does stg_orders dedupe on when the same order arrives twice?", note="question about a model"),
])
def HL14():
    s = Session("HL14", DBT, branch="feat/seller-revenue", version="2.1.31", start="2026-02-06T10:20:00")
    s.prompt("add a mart with monthly revenue per seller")
    s.glob("models/marts/*.sql", [f"{DBT}/models/marts/fct_orders.sql", f"{DBT}/models/marts/dim_sellers.sql"])
    sql = ("select s.seller_id, date_trunc('month', o.paid_at) as month, sum(o.total) as revenue\nfrom raw.shop.orders o\n"
           "join analytics.stg_sellers s using (seller_id)\ngroup by 1, 2\n")
    s.write(f"{DBT}/models/marts/fct_seller_revenue_monthly.sql", sql)
    s.bash("dbt build --select fct_seller_revenue_monthly", "Build the model",
           out="1 of 2 OK created sql table model dev_priya.fct_seller_revenue_monthly [SELECT 18211 in 4.12s]\n"
               "Done. PASS=2 WARN=0 ERROR=0 SKIP=0 TOTAL=2")
    s.say("Added `fct_seller_revenue_monthly`; it builds and its tests pass.", end=True)
    s.prompt(HL14_CORR, correction=True)
    s.write(f"{DBT}/models/marts/fct_seller_revenue_monthly.sql",
            "select s.seller_id, date_trunc('month', o.paid_at) as month, sum(o.total) as revenue\nfrom {{ source('shop', 'orders') }} o\n"
            "join {{ ref('stg_sellers') }} s using (seller_id)\ngroup by 1, 2\n", original=sql)
    s.bash("dbt build --select +fct_seller_revenue_monthly", "Build with upstream",
           out="Done. PASS=5 WARN=0 ERROR=0 SKIP=0 TOTAL=5")
    s.say("The model reads `source('shop', 'orders')` and `ref('stg_sellers')`, so it shows up in the lineage graph and dev builds stay in dev_priya.", end=True)
    return s
