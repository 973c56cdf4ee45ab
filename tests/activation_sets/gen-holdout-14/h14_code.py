"""gen-holdout-14: lessons about code (React list keys from ids, Celery tasks queued after the commit, the client IP
from Express's trust proxy, secrets compared in constant time in Go, targeted R8 keep rules on Android, iOS
permission prompts at the moment of use, images with reserved space on an Astro site, Parquet partitioned by date and
not by a high-cardinality id)."""
from cc import Session
from registry import (
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

FQ = "/home/abebe/src/fieldquote"
LB = "/home/giorgos/src/leasebook"
CLINIC = "/home/nadia/code/clinic-booking-api"
RELAY = "/home/yusuf/go/src/github.com/fernpay/webhook-relay"
TRAIL = "/home/chiara/AndroidStudioProjects/Trailmate"
PARCEL = "/Users/hamza/dev/Parcelly"
MAG = "/home/ottilie/sites/alpenrad-magazin"
LAKE = "/home/wen/repos/telemetry-lake"


# -----------------------------------------------------------------------------
H14L09_CORR = ("just tried it on the preview: quote with 3 lines (Tiles 12 m², Grout 3 bags, Labour 6 h), deleted "
               "Grout. now the row says Labour but the quantity shows 3 and the unit says bags, and saving sends "
               "Labour 3 bags. index as key. keys come from the item's id (item.id from the API, new rows get "
               "crypto.randomUUID()), never the position.")

LINES = ("      {items.map((item) => (\n        <LineItemRow\n          item={item}\n"
         "          onChange={(patch) => update(item.id, patch)}\n        />\n      ))}\n")

@lesson("H14L09", "react-list-keys", "own-repro-then-rule",
        ["index as key", "never the position", "crypto.randomUUID()"], [
    fire_edit(f"{FQ}/src/components/AttachmentsList.tsx",
              "      {files.map((f) => (\n        <AttachmentChip file={f} />\n",
              "      {files.map((f, idx) => (\n        <AttachmentChip key={idx} file={f} onRemove={() => onRemove(idx)} />\n",
              note="array position as the key of a removable list"),
    fire_prompt("let people drag the photos in the site-visit gallery into a different order",
                note="a reorderable list; no shared words"),
    silent_edit(f"{FQ}/src/components/MaterialsTable.tsx",
                "        <MaterialRow material={m} />\n", "        <MaterialRow key={m.sku} material={m} />\n",
                note="compliant: stable key"),
    silent_bash("pnpm vitest run src/components/LineItems.test.tsx", "Run the line item tests", note="tests"),
])
def H14L09():
    s = Session("H14L09", FQ, branch="feat/line-item-reorder", version="2.1.9", start="2027-04-06T09:25:00")
    s.prompt("the line items editor should let you delete a row and drag rows to reorder them (dnd-kit is installed)")
    s.read(f"{FQ}/src/components/LineItems.tsx", LINES, offset=40, limit=6, total=88)
    s.edit(f"{FQ}/src/components/LineItems.tsx", LINES,
           "      <SortableContext items={items.map((_, i) => i)} strategy={verticalListSortingStrategy}>\n"
           "        {items.map((item, i) => (\n          <SortableLineItemRow\n            key={i}\n            id={i}\n"
           "            item={item}\n            onChange={(patch) => update(item.id, patch)}\n"
           "            onDelete={() => removeAt(i)}\n          />\n        ))}\n      </SortableContext>\n", LINES)
    s.bash("pnpm tsc --noEmit && pnpm vitest run src/components", "Type-check and test",
           out=" ✓ src/components/LineItems.test.tsx (6 tests) 88ms\n ✓ src/components/Totals.test.tsx (4 tests) 12ms\n\n"
               " Test Files  2 passed (2)\n      Tests  10 passed (10)")
    s.say("Rows can be deleted and dragged now (dnd-kit `SortableContext`). Types and tests pass.", end=True)
    s.prompt(H14L09_CORR, correction=True, think_secs=(1200, 4000))
    s.edit(f"{FQ}/src/components/LineItems.tsx",
           "      <SortableContext items={items.map((_, i) => i)} strategy={verticalListSortingStrategy}>\n"
           "        {items.map((item, i) => (\n          <SortableLineItemRow\n            key={i}\n            id={i}\n",
           "      <SortableContext items={items.map((it) => it.id)} strategy={verticalListSortingStrategy}>\n"
           "        {items.map((item) => (\n          <SortableLineItemRow\n            key={item.id}\n"
           "            id={item.id}\n",
           "      <SortableContext items={items.map((_, i) => i)} strategy={verticalListSortingStrategy}>\n"
           "        {items.map((item, i) => (\n          <SortableLineItemRow\n            key={i}\n            id={i}\n"
           "            item={item}\n            onChange={(patch) => update(item.id, patch)}\n"
           "            onDelete={() => removeAt(i)}\n          />\n        ))}\n      </SortableContext>\n")
    s.bash("grep -n 'id:' src/state/quoteSlice.ts | head -3", "How new rows get their id",
           out="57:    state.items.push({ id: crypto.randomUUID(), description: \"\", qty: 1, unit: \"pcs\" });")
    s.bash("pnpm vitest run src/components", "Tests",
           out=" ✓ src/components/LineItems.test.tsx (7 tests) 91ms\n ✓ src/components/Totals.test.tsx (4 tests) 12ms\n\n"
               " Test Files  2 passed (2)\n      Tests  11 passed (11)")
    s.say("Keys and sortable ids are `item.id` now (new rows already get `crypto.randomUUID()` in `quoteSlice`), and "
          "deleting uses the id instead of the position. I added a test for your case: delete the middle row and "
          "check that the last row keeps its own quantity and unit.", end=True)
    return s


# -----------------------------------------------------------------------------
H14L10_CORR = ("from sentry, staging, 14 events in the last hour:\n```\nDoesNotExist: Lease matching query does not exist.\n"
               "  File \"leases/tasks.py\", line 22, in build_lease_summary\n    lease = Lease.objects.get(pk=lease_id)\n"
               "```\nthe worker is faster than the commit. tasks get queued with transaction.on_commit, never from "
               "inside the atomic block.")

VIEW = ("    with transaction.atomic():\n        lease = form.save(commit=False)\n        lease.unit = unit\n"
        "        lease.save()\n        LeaseEvent.objects.create(lease=lease, kind=\"signed_upload\")\n")

@lesson("H14L10", "enqueue-after-commit", "pasted-error-then-rule",
        ["transaction.on_commit", "never from inside the atomic block", "the worker is faster than the commit"], [
    fire_prompt("when a tenant opens a maintenance request, kick off notify_landlord from the same view, right after the "
                "request is saved", note="queue a task right after a save"),
    fire_edit(f"{LB}/billing/signals.py",
              "@receiver(post_save, sender=Invoice)\ndef invoice_created(sender, instance, created, **kwargs):\n"
              "    pass\n",
              "@receiver(post_save, sender=Invoice)\ndef invoice_created(sender, instance, created, **kwargs):\n"
              "    if created:\n        render_invoice_pdf.apply_async(args=[instance.pk], countdown=0)\n",
              note="post_save inside ATOMIC_REQUESTS; no shared words"),
    silent_edit(f"{LB}/leases/services.py",
                "        send_welcome_pack.delay(tenant.pk)\n",
                "        transaction.on_commit(lambda: send_welcome_pack.delay(tenant.pk))\n", note="compliant"),
    silent_bash("python manage.py test leases -v 1", "Run the lease tests", note="tests"),
])
def H14L10():
    s = Session("H14L10", LB, branch="feat/lease-summary", version="2.0.37", start="2027-04-13T11:00:00")
    s.prompt("when a tenant uploads a signed lease, build the PDF summary in the background, the task is "
             "leases.tasks.build_lease_summary")
    s.read(f"{LB}/leases/views.py", VIEW, offset=61, limit=5, total=97)
    s.edit(f"{LB}/leases/views.py", "        LeaseEvent.objects.create(lease=lease, kind=\"signed_upload\")\n",
           "        LeaseEvent.objects.create(lease=lease, kind=\"signed_upload\")\n        "
           "build_lease_summary.delay(lease.pk)\n", VIEW)
    s.bash("python manage.py test leases -v 1", "Run the lease tests",
           out="Ran 31 tests in 4.208s\n\nOK")
    s.bash("git commit -qam \"Build lease summary in the background\" && git push -q && echo pushed", "Push",
           out="pushed")
    s.say("The upload view queues `build_lease_summary` for the new lease. Tests pass and it's pushed; staging deploys "
          "from the branch.", end=True)
    s.prompt(H14L10_CORR, correction=True, think_secs=(1800, 3600))
    s.edit(f"{LB}/leases/views.py", "        build_lease_summary.delay(lease.pk)\n",
           "        transaction.on_commit(lambda: build_lease_summary.delay(lease.pk))\n",
           VIEW.replace("        LeaseEvent.objects.create(lease=lease, kind=\"signed_upload\")\n",
                        "        LeaseEvent.objects.create(lease=lease, kind=\"signed_upload\")\n        "
                        "build_lease_summary.delay(lease.pk)\n"))
    s.bash("grep -rn '\\.delay(\\|apply_async(' leases/ billing/ | grep -v on_commit", "Other tasks queued inside transactions?",
           out="billing/views.py:118:        send_invoice_email.delay(invoice.pk)")
    s.bash("python manage.py test leases billing -v 1", "Tests", out="Ran 58 tests in 6.911s\n\nOK")
    s.say("The task is queued with `transaction.on_commit`, so the worker only sees the lease after the commit. "
          "`billing/views.py:118` has the same pattern inside `atomic()`; want me to change that one too?", end=True)
    return s


# -----------------------------------------------------------------------------
H14L11_CORR = ("Farid (security) after looking at the PR:\n> the limiter keys on the first X-Forwarded-For entry. "
               "that's whatever the client sends: curl -H 'X-Forwarded-For: 1.2.3.<n>' lands in a fresh bucket every "
               "time, which is how the brute force on the old portal got through. We're behind exactly one ALB: "
               "app.set('trust proxy', 1) and use req.ip everywhere, never parse X-Forwarded-For yourself.")

@lesson("H14L11", "client-ip-trust-proxy", "colleague-relayed",
        ["app.set('trust proxy', 1)", "use req.ip everywhere", "never parse X-Forwarded-For yourself"], [
    fire_edit(f"{CLINIC}/src/realtime/waitingRoom.ts",
              "  io.on(\"connection\", (socket) => {\n",
              "  io.on(\"connection\", (socket) => {\n    const clientAddr = socket.handshake.headers[\"x-real-ip\"] ?? "
              "socket.handshake.address;\n    if (blockedAddrs.has(String(clientAddr))) return socket.disconnect(true);\n",
              note="address from a raw header in the socket handler; no shared words"),
    fire_write(f"{CLINIC}/src/middleware/geoBlock.ts",
               "import type { Request, Response, NextFunction } from \"express\";\nimport { countryOf } from "
               "\"../lib/geoip\";\n\nexport function geoBlock(req: Request, res: Response, next: NextFunction) {\n"
               "  const fwd = req.headers[\"x-forwarded-for\"];\n  const ip = (Array.isArray(fwd) ? fwd[0] : fwd)?.split"
               "(\",\")[0].trim() ?? req.socket.remoteAddress;\n  if (countryOf(ip) === \"KP\") return res.sendStatus(451);\n"
               "  next();\n}\n", note="parses X-Forwarded-For by hand"),
    silent_edit(f"{CLINIC}/src/middleware/rateLimit.ts",
                "  windowMs: 60 * 60 * 1000,\n  limit: 5,\n",
                "  windowMs: 60 * 60 * 1000,\n  limit: 5,\n  keyGenerator: (req) => req.ip ?? \"unknown\",\n",
                note="compliant"),
    silent_bash("npm test -- src/middleware", "Run the middleware tests", note="tests"),
])
def H14L11():
    s = Session("H14L11", CLINIC, branch="sec/login-rate-limit", version="2.1.7", start="2027-04-20T14:40:00")
    s.prompt("rate limit POST /auth/login per client IP, 10 attempts per 15 minutes, then 429")
    s.write(f"{CLINIC}/src/middleware/loginLimiter.ts",
            "import rateLimit from \"express-rate-limit\";\n\nexport const loginLimiter = rateLimit({\n"
            "  windowMs: 15 * 60 * 1000,\n  limit: 10,\n  standardHeaders: \"draft-7\",\n  keyGenerator: (req) => {\n"
            "    const fwd = (req.headers[\"x-forwarded-for\"] as string | undefined) ?? \"\";\n"
            "    return fwd.split(\",\")[0].trim() || req.socket.remoteAddress || \"unknown\";\n  },\n});\n")
    app = "const app = express();\napp.use(express.json());\n"
    s.read(f"{CLINIC}/src/app.ts", app, limit=2, total=48)
    s.bash("npm test -- src/middleware", "Run the middleware tests",
           out="PASS src/middleware/loginLimiter.test.ts\n  ✓ allows 10 attempts (41 ms)\n  ✓ returns 429 on the 11th (9 ms)\n\n"
               "Tests:       2 passed, 2 total")
    s.say("Added `loginLimiter` (10 per 15 minutes per client IP, 429 after that) and wired it to `POST /auth/login`. "
          "It takes the first `X-Forwarded-For` entry since we're behind the load balancer. PR #214 is open.", end=True)
    s.prompt(H14L11_CORR, correction=True, think_secs=(2000, 6000))
    s.edit(f"{CLINIC}/src/app.ts", "const app = express();\n", "const app = express();\napp.set(\"trust proxy\", 1); "
           "// exactly one hop: the ALB\n", app)
    s.write(f"{CLINIC}/src/middleware/loginLimiter.ts",
            "import rateLimit from \"express-rate-limit\";\n\nexport const loginLimiter = rateLimit({\n"
            "  windowMs: 15 * 60 * 1000,\n  limit: 10,\n  standardHeaders: \"draft-7\",\n  keyGenerator: (req) => req.ip ?? "
            "\"unknown\",\n});\n",
            original="import rateLimit from \"express-rate-limit\";\n\nexport const loginLimiter = rateLimit({\n"
                     "  windowMs: 15 * 60 * 1000,\n  limit: 10,\n  standardHeaders: \"draft-7\",\n  keyGenerator: (req) => {\n"
                     "    const fwd = (req.headers[\"x-forwarded-for\"] as string | undefined) ?? \"\";\n"
                     "    return fwd.split(\",\")[0].trim() || req.socket.remoteAddress || \"unknown\";\n  },\n});\n")
    s.bash("grep -rn 'x-forwarded-for\\|x-real-ip' -i src/ | grep -v test", "Any other hand-read headers?", out="")
    s.bash("npm test -- src/middleware", "Tests",
           out="PASS src/middleware/loginLimiter.test.ts\n  ✓ allows 10 attempts (38 ms)\n  ✓ returns 429 on the 11th (8 ms)\n"
               "  ✓ ignores a spoofed X-Forwarded-For (7 ms)\n\nTests:       3 passed, 3 total")
    s.say("`app.set(\"trust proxy\", 1)` is set and the limiter keys on `req.ip`. A test now sends a different "
          "`X-Forwarded-For` on every request and still gets 429 on the 11th. Nothing else in `src/` reads the "
          "headers directly.", end=True)
    return s


# -----------------------------------------------------------------------------
H14L12_CORR = ("no, a secret is never compared with == or != (or bytes.Equal): that stops at the first byte that "
               "differs, and the timing gives the token away one byte at a time. subtle.ConstantTimeCompare on the "
               "byte slices, or hmac.Equal for signatures, like verify.go does.")

ROUTES = ("func (s *Server) routes() {\n\ts.mux.HandleFunc(\"POST /hooks/{partner}\", s.receive)\n}\n")

@lesson("H14L12", "constant-time-compare", "plain-no",
        ["subtle.ConstantTimeCompare", "never compared with ==", "hmac.Equal"], [
    fire_edit(f"{RELAY}/internal/partners/auth.go",
              "\texpected := computeMAC(body, p.Key)\n",
              "\texpected := computeMAC(body, p.Key)\n\tif hex.EncodeToString(expected) != r.Header.Get(\"X-Partner-Mac\") "
              "{\n\t\treturn errUnauthorized\n\t}\n", note="MAC compared with !=; no shared words"),
    fire_edit(f"{RELAY}/internal/apikeys/store.go",
              "func (k *Key) Matches(presented string) bool {\n\treturn false\n}\n",
              "func (k *Key) Matches(presented string) bool {\n\treturn k.Secret == presented\n}\n",
              note="secret compared with =="),
    silent_edit(f"{RELAY}/internal/admin/token.go",
                "\treturn got == want\n",
                "\treturn subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1\n", note="compliant"),
    silent_edit(f"{RELAY}/internal/server/ingest.go",
                "\tif ct := r.Header.Get(\"Content-Type\"); ct != \"application/json\" {\n",
                "\tif ct := r.Header.Get(\"Content-Type\"); !strings.HasPrefix(ct, \"application/json\") {\n",
                note="non-secret string comparison"),
])
def H14L12():
    s = Session("H14L12", RELAY, branch="feat/admin-replay", version="2.1.31", start="2027-04-22T10:10:00")
    s.prompt("add an admin endpoint POST /admin/replay/{id} that re-sends a stored webhook. auth is the X-Admin-Token "
             "header, compare it to cfg.AdminToken")
    s.read(f"{RELAY}/internal/server/routes.go", ROUTES)
    s.edit(f"{RELAY}/internal/server/routes.go", "\ts.mux.HandleFunc(\"POST /hooks/{partner}\", s.receive)\n",
           "\ts.mux.HandleFunc(\"POST /hooks/{partner}\", s.receive)\n\ts.mux.HandleFunc(\"POST /admin/replay/{id}\", "
           "s.adminOnly(s.replay))\n", ROUTES)
    s.write(f"{RELAY}/internal/server/admin.go",
            "package server\n\nimport \"net/http\"\n\nfunc (s *Server) adminOnly(next http.HandlerFunc) http.HandlerFunc {\n"
            "\treturn func(w http.ResponseWriter, r *http.Request) {\n\t\tif r.Header.Get(\"X-Admin-Token\") != "
            "s.cfg.AdminToken {\n\t\t\thttp.Error(w, \"unauthorized\", http.StatusUnauthorized)\n\t\t\treturn\n\t\t}\n"
            "\t\tnext(w, r)\n\t}\n}\n")
    s.bash("go test ./internal/server/...", "Run the server tests",
           out="ok  \tgithub.com/fernpay/webhook-relay/internal/server\t0.412s")
    s.say("Added `POST /admin/replay/{id}` behind `adminOnly`, which checks `X-Admin-Token` against "
          "`cfg.AdminToken`. Tests pass.", end=True)
    s.prompt(H14L12_CORR, correction=True, think_secs=(30, 120))
    s.write(f"{RELAY}/internal/server/admin.go",
            "package server\n\nimport (\n\t\"crypto/subtle\"\n\t\"net/http\"\n)\n\nfunc (s *Server) adminOnly(next "
            "http.HandlerFunc) http.HandlerFunc {\n\twant := []byte(s.cfg.AdminToken)\n\treturn func(w "
            "http.ResponseWriter, r *http.Request) {\n\t\tgot := []byte(r.Header.Get(\"X-Admin-Token\"))\n\t\tif "
            "len(want) == 0 || subtle.ConstantTimeCompare(got, want) != 1 {\n\t\t\thttp.Error(w, \"unauthorized\", "
            "http.StatusUnauthorized)\n\t\t\treturn\n\t\t}\n\t\tnext(w, r)\n\t}\n}\n",
            original="package server\n\nimport \"net/http\"\n\nfunc (s *Server) adminOnly(next http.HandlerFunc) "
                     "http.HandlerFunc {\n\treturn func(w http.ResponseWriter, r *http.Request) {\n\t\tif "
                     "r.Header.Get(\"X-Admin-Token\") != s.cfg.AdminToken {\n\t\t\thttp.Error(w, \"unauthorized\", "
                     "http.StatusUnauthorized)\n\t\t\treturn\n\t\t}\n\t\tnext(w, r)\n\t}\n}\n")
    s.bash("go vet ./... && go test ./internal/server/...", "Vet and test",
           out="ok  \tgithub.com/fernpay/webhook-relay/internal/server\t0.398s")
    s.say("`adminOnly` now uses `subtle.ConstantTimeCompare` on the byte slices, and an empty configured token "
          "rejects everything instead of matching an empty header.", end=True)
    return s


# -----------------------------------------------------------------------------
H14L13_CORR = ("ok it starts now, but the release APK went from 14 MB to 23 MB, and with -dontobfuscate anyone can read our "
               "code in jadx again, which the bank partner's pentest flagged last time. no blanket keeps and no "
               "-dontobfuscate/-dontshrink. keep exactly the class the reflection needs (here the generated "
               "JsonAdapter, or put @JsonClass on the model so Moshi generates one) and check apkanalyzer after.")

RULES = ("# Retrofit\n-keepattributes Signature, InnerClasses, EnclosingMethod\n-keepattributes RuntimeVisibleAnnotations\n")

@lesson("H14L13", "r8-keep-rules", "works-but",
        ["no blanket keeps", "-dontobfuscate", "keep exactly the class the reflection needs"], [
    fire_edit(f"{TRAIL}/app/build.gradle.kts",
              "            isMinifyEnabled = true\n            isShrinkResources = true\n",
              "            isMinifyEnabled = false\n            isShrinkResources = false\n",
              note="turns R8 off for release; no shared words"),
    fire_edit(f"{TRAIL}/app/proguard-rules.pro",
              "# Retrofit\n", "# Retrofit\n-keep class retrofit2.** { *; }\n-keep class com.trailmate.** { *; }\n",
              note="blanket keeps for another crash"),
    silent_edit(f"{TRAIL}/app/src/main/java/com/trailmate/sync/SyncPayload.kt",
                "data class SyncPayload(\n", "@JsonClass(generateAdapter = true)\ndata class SyncPayload(\n",
                note="compliant: generated adapter"),
    silent_bash("./gradlew :app:assembleRelease && apkanalyzer apk file-size "
                "app/build/outputs/apk/release/app-release.apk", "Build release and check the size", note="build"),
])
def H14L13():
    s = Session("H14L13", TRAIL, branch="fix/release-crash", version="2.0.76", start="2027-05-03T16:20:00")
    s.prompt("release build crashes on start, debug is fine. logcat says: java.lang.IllegalArgumentException: Unable to "
             "create converter for class com.trailmate.routes.RouteSummary ... Cannot serialize Kotlin type. fix it")
    s.read(f"{TRAIL}/app/proguard-rules.pro", RULES)
    s.edit(f"{TRAIL}/app/proguard-rules.pro", "-keepattributes RuntimeVisibleAnnotations\n",
           "-keepattributes RuntimeVisibleAnnotations\n\n# Moshi reflection\n-keep class com.trailmate.** { *; }\n"
           "-dontobfuscate\n", RULES)
    s.bash("./gradlew :app:installRelease && adb shell am start -W com.trailmate/.MainActivity | grep Status",
           "Install the release build and start it", lo=60, hi=180, out="Status: ok")
    s.say("The release build starts now: R8 was stripping the Moshi-reflected model classes, so I keep everything "
          "under `com.trailmate` and turned obfuscation off.", end=True)
    s.prompt(H14L13_CORR, correction=True, think_secs=(200, 900))
    s.edit(f"{TRAIL}/app/proguard-rules.pro",
           "\n# Moshi reflection\n-keep class com.trailmate.** { *; }\n-dontobfuscate\n", "\n",
           RULES.replace("-keepattributes RuntimeVisibleAnnotations\n", "-keepattributes RuntimeVisibleAnnotations\n\n"
                         "# Moshi reflection\n-keep class com.trailmate.** { *; }\n-dontobfuscate\n"))
    model = "data class RouteSummary(\n    val id: String,\n    val distanceKm: Double,\n"
    s.edit(f"{TRAIL}/app/src/main/java/com/trailmate/routes/RouteSummary.kt", "data class RouteSummary(\n",
           "@JsonClass(generateAdapter = true)\ndata class RouteSummary(\n", model)
    s.bash("./gradlew :app:assembleRelease -q && apkanalyzer apk file-size app/build/outputs/apk/release/app-release.apk "
           "&& ./gradlew :app:installRelease -q && adb shell am start -W com.trailmate/.MainActivity | grep Status",
           "Build, size, start", lo=60, hi=180, out="14712306\nStatus: ok")
    s.say("The blanket keep and `-dontobfuscate` are gone. `RouteSummary` gets a generated adapter through "
          "`@JsonClass(generateAdapter = true)` (kapt/KSP were already set up), so no reflection is needed. The APK is "
          "14.7 MB again and the release build starts.", end=True)
    return s


# -----------------------------------------------------------------------------
H14L14_CORR = ("ok. next thing: the onboarding copy for screen 3 is in Onboarding.strings, change 'Track everything' to "
               "'All your parcels in one place'. oh and move the permission prompt out of launch: the system alert "
               "only ever comes when someone taps 'Notify me' on a parcel, after our own explainer sheet. asking on "
               "first launch got us 34% opt-in last time and you only get to ask once.")

DELEGATE = ("    func application(_ application: UIApplication,\n                     didFinishLaunchingWithOptions "
            "launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n        FirebaseApp.configure()\n"
            "        return true\n    }\n")

@lesson("H14L14", "ios-permission-timing", "buried-in-next-request",
        ["move the permission prompt out of launch", "after our own explainer sheet", "you only get to ask once"], [
    fire_edit(f"{PARCEL}/Parcelly/App/SceneDelegate.swift",
              "        window.makeKeyAndVisible()\n",
              "        window.makeKeyAndVisible()\n        locationManager.requestWhenInUseAuthorization()\n"
              "        ATTrackingManager.requestTrackingAuthorization { _ in }\n",
              note="location and tracking requested when the scene connects; no shared words"),
    fire_prompt("ask for location access as soon as the app opens so the nearest pickup lockers are ready",
                note="asks for an upfront permission request"),
    silent_edit(f"{PARCEL}/Parcelly/Parcels/ParcelDetailView.swift",
                "            Button(\"Notify me\") { showNotifyExplainer = true }\n",
                "            Button(\"Notify me\") { showNotifyExplainer = true }\n"
                "                .sheet(isPresented: $showNotifyExplainer) { NotifyExplainerSheet(parcel: parcel) }\n",
                note="compliant: explainer before the system prompt"),
    silent_bash("xcodebuild -scheme Parcelly -destination 'platform=iOS Simulator,name=iPhone 16' test | xcpretty",
                "Run the tests", note="tests"),
])
def H14L14():
    s = Session("H14L14", PARCEL, branch="feat/push", version="2.1.9", start="2027-05-10T10:30:00")
    s.prompt("add push notifications for delivery updates: register with APNs and POST the token to /v1/devices")
    s.read(f"{PARCEL}/Parcelly/App/AppDelegate.swift", DELEGATE, offset=12, limit=6, total=44)
    s.edit(f"{PARCEL}/Parcelly/App/AppDelegate.swift", "        FirebaseApp.configure()\n",
           "        FirebaseApp.configure()\n        UNUserNotificationCenter.current().requestAuthorization(options: "
           "[.alert, .badge, .sound]) { granted, _ in\n            guard granted else { return }\n"
           "            DispatchQueue.main.async { application.registerForRemoteNotifications() }\n        }\n", DELEGATE)
    s.write(f"{PARCEL}/Parcelly/Push/DeviceTokenUploader.swift",
            "import Foundation\n\nenum DeviceTokenUploader {\n    static func upload(_ token: Data) async throws {\n"
            "        let hex = token.map { String(format: \"%02x\", $0) }.joined()\n"
            "        try await API.shared.post(\"/v1/devices\", body: [\"token\": hex, \"platform\": \"ios\"])\n    }\n}\n")
    s.bash("xcodebuild -scheme Parcelly -destination 'platform=iOS Simulator,name=iPhone 16' build | tail -1",
           "Build", lo=40, hi=120, out="** BUILD SUCCEEDED **")
    s.say("Push is wired up: the app asks for notification permission at launch, registers with APNs and uploads the "
          "token to `/v1/devices`. It builds.", end=True)
    s.prompt(H14L14_CORR, correction=True, think_secs=(60, 240))
    strings = "\"onboarding.3.title\" = \"Track everything\";\n"
    s.edit(f"{PARCEL}/Parcelly/Resources/en.lproj/Onboarding.strings", "\"Track everything\"",
           "\"All your parcels in one place\"", strings)
    s.edit(f"{PARCEL}/Parcelly/App/AppDelegate.swift",
           "        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge, .sound]) { granted, _ "
           "in\n            guard granted else { return }\n            DispatchQueue.main.async { "
           "application.registerForRemoteNotifications() }\n        }\n", "",
           DELEGATE.replace("        FirebaseApp.configure()\n",
                            "        FirebaseApp.configure()\n        UNUserNotificationCenter.current()."
                            "requestAuthorization(options: [.alert, .badge, .sound]) { granted, _ in\n            guard "
                            "granted else { return }\n            DispatchQueue.main.async { "
                            "application.registerForRemoteNotifications() }\n        }\n"))
    s.write(f"{PARCEL}/Parcelly/Push/NotificationPermission.swift",
            "import UIKit\nimport UserNotifications\n\n/// Called from NotifyExplainerSheet's \"Turn on\" button only.\n"
            "enum NotificationPermission {\n    static func requestIfNeeded() async {\n        let center = "
            "UNUserNotificationCenter.current()\n        guard await center.notificationSettings().authorizationStatus == "
            ".notDetermined else { return }\n        if (try? await center.requestAuthorization(options: [.alert, .badge, "
            ".sound])) == true {\n            await UIApplication.shared.registerForRemoteNotifications()\n        }\n"
            "    }\n}\n")
    s.say("Screen 3 now says \"All your parcels in one place\". The permission request is gone from launch: "
          "`NotificationPermission.requestIfNeeded()` is only called from the explainer sheet's \"Turn on\" button, "
          "which opens when someone taps \"Notify me\" on a parcel. Token upload is unchanged.", end=True)
    return s


# -----------------------------------------------------------------------------
H14L15_CORR = ("quick question: how tall is that banner before the file has arrived? and what happens to the paragraph "
               "someone is already reading when it does? Search Console flagged the article template for CLS 0.31 last "
               "month, that's why every image and iframe here has width and height (or an aspect-ratio).")

LAYOUT = ("<article class=\"article\">\n  <header>\n    <h1>{title}</h1>\n    <p class=\"byline\">{author.name}</p>\n"
          "  </header>\n  <div class=\"prose\"><slot /></div>\n</article>\n")

@lesson("H14L15", "img-layout-shift", "socratic-question",
        ["width and height", "CLS 0.31", "aspect-ratio"], [
    fire_edit(f"{MAG}/src/components/RouteMap.astro",
              "<figure class=\"route-map\">\n",
              "<figure class=\"route-map\">\n  <iframe src={`https://www.komoot.com/tour/${tourId}/embed?profile=1`} "
              "class=\"route-map__frame\" loading=\"lazy\"></iframe>\n", note="embed without reserved space"),
    fire_write(f"{MAG}/src/components/GalleryStrip.astro",
               "---\nconst { photos } = Astro.props;\n---\n<div class=\"gallery-strip\">\n  {photos.map((p) => (\n"
               "    <img src={p.src} alt={p.caption} loading=\"lazy\" />\n  ))}\n</div>\n",
               note="photos without dimensions; no shared words"),
    silent_edit(f"{MAG}/src/components/AuthorCard.astro",
                "  <img src={author.avatar} alt=\"\" class=\"avatar\" />\n",
                "  <img src={author.avatar} alt=\"\" class=\"avatar\" width=\"64\" height=\"64\" />\n",
                note="compliant"),
    silent_bash("npx astro check && npm run build", "Check and build", note="build"),
])
def H14L15():
    s = Session("H14L15", MAG, branch="feat/sponsor-banner", version="2.1.31", start="2027-05-12T08:50:00")
    s.prompt("add the sponsor banner above the article body and the author's photo to the byline. banner url and alt "
             "are in the frontmatter (sponsor.banner, sponsor.name)")
    s.read(f"{MAG}/src/layouts/ArticleLayout.astro", LAYOUT, offset=14, limit=7, total=52)
    s.edit(f"{MAG}/src/layouts/ArticleLayout.astro",
           "    <p class=\"byline\">{author.name}</p>\n  </header>\n",
           "    <p class=\"byline\"><img src={author.photo} alt=\"\" class=\"byline__photo\" /> {author.name}</p>\n"
           "  </header>\n  {sponsor && <a href={sponsor.url} class=\"sponsor\"><img src={sponsor.banner} "
           "alt={sponsor.name} /></a>}\n", LAYOUT)
    s.bash("npm run build 2>&1 | tail -2", "Build", lo=15, hi=40,
           out="[build] 412 page(s) built in 18.44s\n[build] Complete!")
    s.say("The sponsor banner sits between the header and the article body, and the byline shows the author's photo. "
          "The site builds.", end=True)
    s.prompt(H14L15_CORR, correction=True, think_secs=(120, 600))
    s.edit(f"{MAG}/src/layouts/ArticleLayout.astro",
           "    <p class=\"byline\"><img src={author.photo} alt=\"\" class=\"byline__photo\" /> {author.name}</p>\n"
           "  </header>\n  {sponsor && <a href={sponsor.url} class=\"sponsor\"><img src={sponsor.banner} "
           "alt={sponsor.name} /></a>}\n",
           "    <p class=\"byline\"><img src={author.photo} alt=\"\" class=\"byline__photo\" width=\"40\" height=\"40\" /> "
           "{author.name}</p>\n  </header>\n  {sponsor && <a href={sponsor.url} class=\"sponsor\"><img "
           "src={sponsor.banner} alt={sponsor.name} width=\"1200\" height=\"200\" /></a>}\n",
           LAYOUT.replace("    <p class=\"byline\">{author.name}</p>\n  </header>\n",
                          "    <p class=\"byline\"><img src={author.photo} alt=\"\" class=\"byline__photo\" /> "
                          "{author.name}</p>\n  </header>\n  {sponsor && <a href={sponsor.url} class=\"sponsor\"><img "
                          "src={sponsor.banner} alt={sponsor.name} /></a>}\n"))
    s.bash("npm run build 2>&1 | tail -1 && npx lighthouse http://localhost:4321/touren/grossglockner --only-categories="
           "performance --quiet --output json | jq '.audits[\"cumulative-layout-shift\"].displayValue'",
           "Build and measure CLS", lo=30, hi=80, out="[build] Complete!\n\"0.01\"")
    s.say("Both images have width and height now (the banners are all 1200x200 per the sponsor spec, the byline "
          "photo 40x40), so the space is reserved before they load. CLS on a sample article is 0.01.", end=True)
    return s


# -----------------------------------------------------------------------------
H14L16_CORR = ("no stop. device_id has 1.8 million values, that's a directory per device per day: millions of tiny "
               "files, the S3 listing alone takes longer than the query. partition by event_date only (event_hour at "
               "most) and sort within partitions by device_id so the row-group stats skip the rest.")

@lesson("H14L16", "parquet-partitioning", "assistant-interrupted-then-rule",
        ["partition by event_date only", "millions of tiny files", "sort within partitions"], [
    fire_edit(f"{LAKE}/jobs/sessions_rollup.py",
              "    (sessions.write.mode(\"overwrite\")\n",
              "    (sessions.write.mode(\"overwrite\")\n        .partitionBy(\"user_id\")\n",
              note="one folder per user; no shared words"),
    fire_prompt("store the order lines in the lake partitioned by customer so finance can pull one customer's history fast",
                note="asks for a per-customer layout"),
    silent_edit(f"{LAKE}/jobs/clean_crashes.py",
                "    (crashes.write.mode(\"overwrite\")\n",
                "    (crashes.sortWithinPartitions(\"device_id\").write.mode(\"overwrite\")\n        .partitionBy(\"event_date\")\n",
                note="compliant"),
    silent_prompt("how many rows did yesterday's clean_events run write, and how long did it take?",
                  note="question in the area"),
])
def H14L16():
    s = Session("H14L16", LAKE, branch="feat/clean-events", version="2.1.9", start="2027-05-15T13:35:00")
    s.prompt("write the cleaned device events to s3://acme-telemetry/clean/events/ as parquet. the analysts mostly "
             "look at one device at a time, make that fast")
    job = ("    cleaned = dedupe(raw).filter(F.col(\"ts\").isNotNull())\n    (cleaned.write.mode(\"overwrite\")\n"
           "        .parquet(\"s3://acme-telemetry/clean/events/\"))\n")
    s.read(f"{LAKE}/jobs/clean_events.py", job, offset=38, limit=3, total=61)
    s.edit(f"{LAKE}/jobs/clean_events.py", "    (cleaned.write.mode(\"overwrite\")\n",
           "    (cleaned.write.mode(\"overwrite\")\n        .partitionBy(\"event_date\", \"device_id\")\n", job)
    s.bash("spark-submit --master local[4] jobs/clean_events.py --date 2027-05-14 --sample 0.01 && aws s3 ls "
           "s3://acme-telemetry/tmp/clean-sample/event_date=2027-05-14/ | wc -l", "Sample run", lo=30, hi=90,
           out="18211")
    s.say("The job now writes `event_date=.../device_id=...` folders, so a query for one device reads only its own "
          "folder. The 1% sample produced 18,211 device folders for one day, which")
    s.interrupt()
    s.prompt(H14L16_CORR, correction=True, think_secs=(5, 25))
    s.edit(f"{LAKE}/jobs/clean_events.py",
           "    (cleaned.write.mode(\"overwrite\")\n        .partitionBy(\"event_date\", \"device_id\")\n",
           "    (cleaned.repartition(\"event_date\").sortWithinPartitions(\"device_id\", \"ts\")\n"
           "        .write.mode(\"overwrite\")\n        .partitionBy(\"event_date\")\n",
           job.replace("    (cleaned.write.mode(\"overwrite\")\n",
                       "    (cleaned.write.mode(\"overwrite\")\n        .partitionBy(\"event_date\", \"device_id\")\n"))
    s.bash("aws s3 rm --recursive --quiet s3://acme-telemetry/tmp/clean-sample/ && spark-submit --master local[4] "
           "jobs/clean_events.py --date 2027-05-14 --sample 0.01 && aws s3 ls s3://acme-telemetry/tmp/clean-sample/"
           "event_date=2027-05-14/ | wc -l", "Sample run again", lo=30, hi=90, out="4")
    s.say("Partitioned by `event_date` only now, sorted by `device_id` (then `ts`) within each partition, so a "
          "`WHERE device_id = ...` skips most row groups by their min/max stats. The sample day is 4 files instead of "
          "18,211 folders; I removed the sample output from before.", end=True)
    return s
