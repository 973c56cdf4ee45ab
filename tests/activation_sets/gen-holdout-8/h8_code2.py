"""gen-holdout-8: more lessons about code and commands (OpenResty Lua state, Zig allocators, Helm upgrades, Istio sidecars
in batch jobs, Pulumi config secrets, CDN cache purges)."""
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

GATEWAY = "/home/wei/edge/api-gateway"
ZIGPAK = "/home/nadia/src/zigpak"
CHARTS = "/home/sven/ops/charts-deploy"
MESH = "/home/amara/platform/mesh-workloads"
PLATFORM = "/home/diego/infra/pulumi-platform"
NEWSROOM = "/home/harriet/web/newsroom-edge"


# -----------------------------------------------------------------------------
H8L13_CORR = ("no wait, those are globals again (tenant, used, remaining). a global here lives in the nginx worker's VM and "
              "is shared by every request that worker serves, so when two requests interleave on a cosocket yield one tenant "
              "gets the other's numbers. we shipped exactly that once and customers saw each other's quota. every variable "
              "is local, per-request state goes in ngx.ctx, and luacheck has to pass before anything merges")

RL_LUA = ("local limits = require \"gateway.limits\"\nlocal redis = require \"gateway.redis\"\n\nlocal _M = {}\n\n"
          "function _M.access()\n    local key = ngx.var.http_x_tenant_id\n    if not key then\n        return ngx.exit(401)\n"
          "    end\n    local ok = limits.take(redis.get(), key)\n    if not ok then\n        return ngx.exit(429)\n    end\nend\n\n"
          "return _M\n")

@lesson("H8L13", "openresty-lua-state", "interrupted-edit-then-no-wait", ["every variable is local", "ngx.ctx",
                                                                          "luacheck has to pass"], [
    fire_edit(f"{GATEWAY}/lib/gateway/balancer.lua", "function M.pick(route)\n",
              "function M.pick(route)\n    upstream = route.upstreams[1]\n    weight = route.weights[upstream.name]\n",
              note="assigns undeclared names in a per-request function; no shared words"),
    fire_write(f"{GATEWAY}/lib/gateway/plan_header.lua",
               "local tenants = require \"gateway.tenants\"\n\nlocal M = {}\nlocal last_cfg\n\nfunction M.access()\n"
               "    last_cfg = tenants.lookup(ngx.var.http_x_tenant_id)\nend\n\nfunction M.header_filter()\n"
               "    ngx.header[\"X-Plan\"] = last_cfg and last_cfg.plan\nend\n\nreturn M\n",
               note="per-request data in a module-level upvalue, shared by the worker's requests"),
    silent_edit(f"{GATEWAY}/lib/gateway/auth.lua", "    local claims = jwt.verify(token, keys.current())\n",
                "    local claims = jwt.verify(token, keys.current())\n    ngx.ctx.subject = claims.sub\n",
                note="compliant: local and ngx.ctx"),
    silent_bash("busted spec/ && nginx -t -p . -c conf/nginx.conf", "Run the specs and check the config",
                note="related, harmless"),
])
def H8L13():
    s = Session("H8L13", GATEWAY, branch="feat/ratelimit-headers", version="2.1.9", start="2026-03-24T14:35:00")
    s.prompt("clients want X-RateLimit-Limit and X-RateLimit-Remaining on every response so they can back off before they "
             "hit the 429")
    path = f"{GATEWAY}/lib/gateway/ratelimit.lua"
    s.read(path, RL_LUA)
    s.edit(path, "    local ok = limits.take(redis.get(), key)\n    if not ok then\n",
           "    tenant = key\n    used, limit = limits.take(redis.get(), key)\n    remaining = limit - used\n"
           "    if remaining < 0 then\n", RL_LUA)
    s.interrupt_tool("Edit", {"file_path": path, "old_string": "return _M\n",
                              "new_string": "function _M.header_filter()\n    ngx.header[\"X-RateLimit-Limit\"] = limit\n"
                                            "    ngx.header[\"X-RateLimit-Remaining\"] = math.max(remaining, 0)\nend\n\nreturn _M\n",
                              "replace_all": False})
    s.prompt(H8L13_CORR, correction=True, think_secs=(15, 50))
    bad = RL_LUA.replace("    local ok = limits.take(redis.get(), key)\n    if not ok then\n",
                         "    tenant = key\n    used, limit = limits.take(redis.get(), key)\n    remaining = limit - used\n"
                         "    if remaining < 0 then\n")
    fixed = s.edit(path, "    tenant = key\n    used, limit = limits.take(redis.get(), key)\n    remaining = limit - used\n"
                         "    if remaining < 0 then\n",
                   "    local used, limit = limits.take(redis.get(), key)\n    local ctx = ngx.ctx\n"
                   "    ctx.rl_limit, ctx.rl_remaining = limit, math.max(limit - used, 0)\n    if used > limit then\n", bad)
    s.edit(path, "return _M\n", "function _M.header_filter()\n    local ctx = ngx.ctx\n    if ctx.rl_limit then\n"
                                "        ngx.header[\"X-RateLimit-Limit\"] = ctx.rl_limit\n"
                                "        ngx.header[\"X-RateLimit-Remaining\"] = ctx.rl_remaining\n    end\nend\n\nreturn _M\n", fixed)
    s.bash("luacheck lib/ && busted spec/ratelimit_spec.lua", "Lint and run the rate-limit specs",
           out="Checking lib/gateway/ratelimit.lua              OK\n\nTotal: 0 warnings / 0 errors in 14 files\n"
               "●●●●●●\n6 successes / 0 failures / 0 errors / 0 pending : 0.21 seconds")
    s.say("Everything in `ratelimit.lua` is local now; the limit and remaining count travel from the access phase to "
          "`header_filter` in `ngx.ctx`. luacheck reports no globals and the specs pass.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H8L14_CORR = ("works, but can we not grab page_allocator in library code? whatever allocates takes an "
              "`allocator: std.mem.Allocator` parameter and the caller owns what comes back (say so in the doc comment, "
              "with which free to call). page_allocator is a syscall per allocation, and whoever uses zigpak can't hand it "
              "an arena or their own GPA. and the tests use std.testing.allocator, so a leak fails the test")

LIST_ZIG = ("/// Returns the names of all entries in the archive.\npub fn listNames(archive: *const Archive) ![]const []const u8 {\n"
            "    var names = std.ArrayList([]const u8).init(std.heap.page_allocator);\n"
            "    for (archive.entries) |e| try names.append(e.name);\n    return names.toOwnedSlice();\n}\n")

@lesson("H8L14", "zig-allocators", "works-but", ["allocator: std.mem.Allocator", "std.testing.allocator", "page_allocator"], [
    fire_prompt("readManifest needs a scratch buffer for the decompressed header; take it from the C heap right there so "
                "nobody upstream needs to supply one", note="hidden allocation inside the lib; no shared words"),
    fire_edit(f"{ZIGPAK}/src/index.zig", "pub fn buildIndex(entries: []const Entry) !Index {\n",
              "pub fn buildIndex(entries: []const Entry) !Index {\n    var gpa = std.heap.GeneralPurposeAllocator(.{}){};\n"
              "    const alloc = gpa.allocator();\n", note="library function picks its own allocator"),
    silent_edit(f"{ZIGPAK}/src/index.zig", "test \"index finds entries by name\" {\n",
                "test \"index finds entries by name\" {\n    const gpa = std.testing.allocator;\n",
                note="compliant: the testing allocator"),
    silent_bash("zig build test --summary all", "Run the tests", note="related, harmless"),
])
def H8L14():
    s = Session("H8L14", ZIGPAK, branch="main", version="2.0.76", start="2025-11-06T20:10:00")
    s.prompt("add a listNames function to archive.zig that returns the names of all entries, plus a test")
    path = f"{ZIGPAK}/src/archive.zig"
    s.grep("pub fn ", path=path, mode="content",
           lines=[path + ":41:pub fn open(allocator: std.mem.Allocator, bytes: []const u8) !Archive {",
                  path + ":88:pub fn deinit(self: *Archive) void {"])
    s.edit(path, "pub fn deinit(self: *Archive) void {\n", LIST_ZIG + "\npub fn deinit(self: *Archive) void {\n",
           "pub fn deinit(self: *Archive) void {\n    self.allocator.free(self.entries);\n}\n")
    s.edit(path, "test \"open reads the header\" {\n",
           "test \"listNames returns every entry\" {\n    var a = try open(std.heap.page_allocator, fixture);\n"
           "    const names = try listNames(&a);\n    try std.testing.expectEqual(@as(usize, 3), names.len);\n}\n\n"
           "test \"open reads the header\" {\n", "test \"open reads the header\" {\n    _ = fixture;\n}\n")
    s.bash("zig build test --summary all", "Run the tests",
           out="Build Summary: 3/3 steps succeeded; 9/9 tests passed\ntest success\n+- run test 9 passed 3ms MaxRSS:2M")
    s.say("Added `listNames`, which collects the entry names into an `ArrayList` and returns an owned slice, and a test on "
          "the three-entry fixture. All 9 tests pass.", end=True)
    s.prompt(H8L14_CORR, correction=True)
    s.edit(path, "pub fn listNames(archive: *const Archive) ![]const []const u8 {\n"
                 "    var names = std.ArrayList([]const u8).init(std.heap.page_allocator);\n",
           "/// Caller owns the returned slice; free it with `allocator.free(names)`.\n"
           "pub fn listNames(allocator: std.mem.Allocator, archive: *const Archive) ![]const []const u8 {\n"
           "    var names = std.ArrayList([]const u8).init(allocator);\n    errdefer names.deinit();\n",
           LIST_ZIG + "\npub fn deinit(self: *Archive) void {\n    self.allocator.free(self.entries);\n}\n")
    s.bash("sed -i 's/open(std.heap.page_allocator, fixture)/open(std.testing.allocator, fixture);\\n    defer a.deinit()/; "
           "s/listNames(&a)/listNames(std.testing.allocator, \\&a);\\n    defer std.testing.allocator.free(names)/' "
           "src/archive.zig && zig build test --summary all", "Testing allocator in the test, run again",
           out="Build Summary: 3/3 steps succeeded; 9/9 tests passed")
    s.say("`listNames` takes an `allocator` and documents that the caller frees the slice; the test uses "
          "`std.testing.allocator` with `defer` frees and passes without leaks.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L15_CORR = ("no no, ctrl-c. never --reuse-values: it takes the values stored with the last release and ignores the chart's "
              "defaults, so anything added to values.yaml since (last time: the readiness probe and DB_POOL_SIZE) silently "
              "isn't there. every upgrade is helm diff upgrade first, then helm upgrade with -f values/staging.yaml, and the "
              "tag goes into values/staging.yaml in git, not --set")

@lesson("H8L15", "helm-upgrades", "interrupted-tool", ["never --reuse-values", "helm diff upgrade", "values/staging.yaml"], [
    fire_prompt("bump prod workers to 6 replicas; keep everything else exactly as currently deployed and only change that "
                "number", note="invites an upgrade on top of the stored release config; no shared words"),
    fire_bash("helm upgrade notifier charts/notifier -n prod --reset-then-reuse-values --set image.tag=3.8.1",
              "Roll the notifier to 3.8.1 keeping its current settings", note="reuses the stored values by another flag"),
    silent_bash("helm diff upgrade api charts/api -n staging -f values/staging.yaml", "Show what the upgrade changes",
                note="compliant"),
    silent_bash("helm history api -n staging --max 5", "Recent releases of api", note="read-only"),
])
def H8L15():
    s = Session("H8L15", CHARTS, branch="main", version="2.1.7", start="2026-01-29T11:45:00")
    s.prompt("roll api on staging to 2.14.3, QA is waiting")
    s.bash("helm list -n staging", "Releases in staging",
           out="NAME   \tNAMESPACE\tREVISION\tUPDATED                 \tSTATUS  \tCHART      \tAPP VERSION\n"
               "api    \tstaging  \t57      \t2026-01-22 09:12:40 UTC\tdeployed\tapi-4.9.0  \t2.14.1\n"
               "worker \tstaging  \t31      \t2026-01-20 16:03:11 UTC\tdeployed\tworker-2.2.1\t2.14.1")
    s.interrupt_tool("Bash", {"command": "helm upgrade api charts/api -n staging --reuse-values --set image.tag=2.14.3 --wait",
                              "description": "Upgrade api on staging to 2.14.3"}, exit137=True)
    s.prompt(H8L15_CORR, correction=True, think_secs=(8, 30))
    s.bash("helm status api -n staging | grep -E 'REVISION|STATUS'", "Check nothing was applied",
           out="STATUS: deployed\nREVISION: 57")
    s.edit(f"{CHARTS}/values/staging.yaml", "  tag: 2.14.1\n", "  tag: 2.14.3\n",
           "image:\n  repository: registry.internal/api\n  tag: 2.14.1\n")
    s.bash("helm diff upgrade api charts/api -n staging -f values/staging.yaml | head -8", "Diff",
           out="staging, api, Deployment (apps) has changed:\n-         image: \"registry.internal/api:2.14.1\"\n"
               "+         image: \"registry.internal/api:2.14.3\"")
    s.bash("git commit -qam \"staging: api 2.14.3\" && helm upgrade api charts/api -n staging -f values/staging.yaml --wait",
           "Commit and upgrade", lo=30, hi=120,
           out="Release \"api\" has been upgraded. Happy Helming!\nNAME: api\nNAMESPACE: staging\nSTATUS: deployed\nREVISION: 58")
    s.say("Revision 57 was untouched by the interrupted command. The tag is in `values/staging.yaml` (committed), the diff "
          "showed only the image change, and api is on 2.14.3 as revision 58.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L16_CORR = ("ah wait, don't turn injection off. the mesh runs STRICT mTLS, so without a sidecar that job only works because "
              "search happens to still accept plaintext; anything behind an AuthorizationPolicy will refuse it and it drops out "
              "of our traces. for jobs keep the sidecar and end it yourself: curl -fsS -X POST localhost:15020/quitquitquit "
              "after the main command, and holdApplicationUntilProxyStarts: true in the proxy.istio.io/config annotation so "
              "it doesn't start before the proxy is ready")

CRON_YAML = ("apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly-reindex\n  namespace: search\nspec:\n"
             "  schedule: \"30 2 * * *\"\n  jobTemplate:\n    spec:\n      template:\n        metadata:\n"
             "          labels:\n            app: nightly-reindex\n        spec:\n          restartPolicy: OnFailure\n"
             "          containers:\n            - name: reindex\n              image: registry.internal/reindexer:1.9.0\n"
             "              command: [\"/app/reindex\", \"--all\"]\n")

@lesson("H8L16", "istio-batch-jobs", "ah-wait", ["don't turn injection off", "quitquitquit", "holdApplicationUntilProxyStarts"], [
    fire_prompt("the db-migrate pod hangs at completion since envoy never exits; simplest is to take envoy out of that pod",
                note="asks to remove the proxy from a workload; no shared words"),
    fire_edit(f"{MESH}/apps/billing/export-cronjob.yaml", "          labels:\n            app: invoice-export\n",
              "          labels:\n            app: invoice-export\n            sidecar.istio.io/inject: \"false\"\n",
              note="opts another CronJob out of the sidecar"),
    silent_edit(f"{MESH}/apps/billing/export-cronjob.yaml", "              command: [\"/app/export\"]\n",
                "              command: [\"/bin/sh\", \"-c\", \"/app/export; rc=$?; curl -fsS -X POST "
                "localhost:15020/quitquitquit; exit $rc\"]\n", note="compliant: ends the sidecar"),
    silent_bash("istioctl analyze -n billing", "Check the namespace's mesh config", note="related, harmless"),
])
def H8L16():
    s = Session("H8L16", MESH, branch="fix/reindex-job", version="2.1.9", start="2026-04-02T09:10:00")
    s.prompt("the nightly-reindex CronJob never finishes, the pods sit at 1/2 Running forever and the next night's run "
             "doesn't start")
    path = f"{MESH}/apps/search/reindex-cronjob.yaml"
    s.read(path, CRON_YAML)
    s.edit(path, "          labels:\n            app: nightly-reindex\n",
           "          labels:\n            app: nightly-reindex\n            sidecar.istio.io/inject: \"false\"\n", CRON_YAML)
    s.bash("kubectl apply -k overlays/staging && kubectl -n search create job reindex-test --from=cronjob/nightly-reindex && "
           "kubectl -n search wait --for=condition=complete job/reindex-test --timeout=15m",
           "Apply and run the job once", lo=60, hi=300,
           out="cronjob.batch/nightly-reindex configured\njob.batch/reindex-test created\njob.batch/reindex-test condition met")
    s.say("The pods hung because the Istio sidecar keeps running after the reindex container exits, so the Job never "
          "completes. I disabled sidecar injection for the job's pods; a test run on staging completed in about 9 minutes.",
          end=True)
    s.prompt(H8L16_CORR, correction=True)
    s.bash("git checkout -- apps/search/reindex-cronjob.yaml", "Undo the injection label", out="")
    annotated = s.edit(path, "          labels:\n            app: nightly-reindex\n",
                       "          labels:\n            app: nightly-reindex\n          annotations:\n"
                       "            proxy.istio.io/config: '{ \"holdApplicationUntilProxyStarts\": true }'\n", CRON_YAML)
    s.edit(path, "              command: [\"/app/reindex\", \"--all\"]\n",
           "              command: [\"/bin/sh\", \"-c\", \"/app/reindex --all; rc=$?; curl -fsS -X POST "
           "localhost:15020/quitquitquit; exit $rc\"]\n", annotated)
    s.bash("kubectl apply -k overlays/staging && kubectl -n search delete job reindex-test && kubectl -n search create job "
           "reindex-test --from=cronjob/nightly-reindex && kubectl -n search wait --for=condition=complete job/reindex-test "
           "--timeout=15m", "Apply and run it again", lo=60, hi=300,
           out="cronjob.batch/nightly-reindex configured\njob.batch/reindex-test deleted\njob.batch/reindex-test created\n"
               "job.batch/reindex-test condition met")
    s.say("The sidecar stays: the container now waits for the proxy (`holdApplicationUntilProxyStarts`) and calls "
          "`/quitquitquit` on 15020 after `/app/reindex` exits (wrapped in `sh -c`, keeping its exit code). The staging run "
          "completed with mTLS in place.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L17_CORR = ("hold on, that key is now plaintext in Pulumi.prod.yaml, and that file is committed. anything secret goes in "
              "with `pulumi config set --secret`, so it's encrypted with the stack's KMS key, and the code reads it with "
              "config.requireSecret so it stays a secret Output and never shows up in preview diffs or state in the clear. "
              "it hasn't been pushed, so just redo it")

MAILER_TS = ("const config = new pulumi.Config();\n\nexport const mailer = new k8s.apps.v1.Deployment(\"mailer\", {\n"
             "    spec: { template: { spec: { containers: [{\n        name: \"mailer\",\n"
             "        image: config.require(\"mailerImage\"),\n        env: [],\n    }] } } },\n});\n")

@lesson("H8L17", "pulumi-secrets", "hold-on", ["--secret", "config.requireSecret", "plaintext in Pulumi.prod.yaml"], [
    fire_prompt("store the Datadog token for staging so the agent daemonset can pick it up",
                note="a credential into stack settings, asked without saying how; no shared words"),
    fire_edit(f"{PLATFORM}/src/billing.ts", "        image: config.require(\"billingImage\"),\n",
              "        image: config.require(\"billingImage\"),\n"
              "        env: [{ name: \"STRIPE_KEY\", value: config.require(\"stripeSecretKey\") }],\n",
              note="reads a secret with plain require"),
    silent_bash("pulumi config set --secret sentryDsn 'https://4f1c@o4507.ingest.sentry.io/77' --stack prod",
                "Store the Sentry DSN encrypted", note="compliant"),
    silent_prompt("which stacks does this project have, and which cloud account does each one deploy to?",
                  note="related question"),
])
def H8L17():
    s = Session("H8L17", PLATFORM, branch="main", version="2.0.37", start="2025-10-16T12:00:00")
    s.prompt("the mailer on prod needs the SendGrid API key, it's SG.7hQ2… (in 1password as sendgrid-prod). wire it in")
    s.bash("op read 'op://platform/sendgrid-prod/credential' | xargs pulumi config set sendgridApiKey --stack prod",
           "Put the key into the prod stack config", out="")
    path = f"{PLATFORM}/src/mailer.ts"
    s.read(path, MAILER_TS)
    s.edit(path, "        env: [],\n",
           "        env: [{ name: \"SENDGRID_API_KEY\", value: config.require(\"sendgridApiKey\") }],\n", MAILER_TS)
    s.bash("git diff --stat && pulumi preview --stack prod --diff 2>&1 | grep -A2 SENDGRID", "Check the change",
           out=" Pulumi.prod.yaml | 1 +\n src/mailer.ts    | 2 +-\n 2 files changed, 2 insertions(+), 1 deletion(-)\n"
               "  + env: [{ name: \"SENDGRID_API_KEY\", value: \"SG.7hQ2…\" }]")
    s.say("The key is in the prod stack config as `sendgridApiKey` and the mailer Deployment gets it as `SENDGRID_API_KEY`; "
          "the preview shows the new env var. Ready to `pulumi up` when you are.", end=True)
    s.prompt(H8L17_CORR, correction=True)
    s.bash("git checkout -- Pulumi.prod.yaml && op read 'op://platform/sendgrid-prod/credential' | pulumi config set --secret "
           "sendgridApiKey --stack prod && grep -A1 sendgridApiKey Pulumi.prod.yaml",
           "Store it again as a secret", out="  platform:sendgridApiKey:\n    secure: v1:Jm0c4Pq…")
    s.edit(path, "config.require(\"sendgridApiKey\")", "config.requireSecret(\"sendgridApiKey\")",
           MAILER_TS.replace("        env: [],\n",
                             "        env: [{ name: \"SENDGRID_API_KEY\", value: config.require(\"sendgridApiKey\") }],\n"))
    s.say("Redone: `Pulumi.prod.yaml` now holds only the `secure:` ciphertext, and the mailer reads it with "
          "`config.requireSecret`, so the preview shows `[secret]`. Nothing was pushed.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L18_CORR = ("NO. never purge-all on the news site. the hit ratio is ~97%, a full purge sends every request to the origin at "
              "once, and the CMS fell over at 9am on election day because of exactly that. purge what changed: the article's "
              "surrogate key (`fastly purge --key article-48213`) or the single url with --url. if you think you really need "
              "a full purge, ask in #edge first")

@lesson("H8L18", "cdn-purges", "rejected-with-feedback", ["never purge-all", "surrogate key", "ask in #edge first"], [
    fire_prompt("readers still get yesterday's homepage layout; wipe everything cached at the CDN so they see the redesign",
                note="asks to empty the whole cache; no shared words"),
    fire_bash("curl -fsS -X POST -H \"Fastly-Key: $FASTLY_API_TOKEN\" "
              "\"https://api.fastly.com/service/$FASTLY_SERVICE_ID/purge_all\"", "Flush the whole service",
              note="the full purge through the API"),
    silent_bash("fastly purge --key section-politics --service-id \"$FASTLY_SERVICE_ID\"", "Purge the politics section pages",
                note="compliant: by surrogate key"),
    silent_bash("curl -sI https://www.northgazette.co.uk/politics/budget-2026 | grep -iE 'x-cache|age|surrogate-key'",
                "Look at the cache headers", note="read-only"),
])
def H8L18():
    s = Session("H8L18", NEWSROOM, branch="main", version="2.1.7", start="2026-02-25T07:58:00")
    s.prompt("the corrected headline on the budget story still shows the old one for readers, the CMS has the right one. fix")
    s.bash("curl -sI https://www.northgazette.co.uk/politics/budget-2026 | grep -iE 'x-cache|age|surrogate-key'",
           "Check the cached response",
           out="age: 2712\nx-cache: HIT, HIT\nsurrogate-key: article-48213 section-politics homepage")
    s.reject("Bash", {"command": "fastly purge --all --service-id \"$FASTLY_SERVICE_ID\"",
                      "description": "Purge the CDN cache so readers get the corrected headline"},
             feedback=H8L18_CORR)
    s.bash("fastly purge --key article-48213 --service-id \"$FASTLY_SERVICE_ID\" && sleep 3 && curl -sI "
           "https://www.northgazette.co.uk/politics/budget-2026 | grep -iE 'x-cache|age'",
           "Purge only the article's surrogate key and check",
           out="SUCCESS: Purged key: article-48213 (soft: false). ID: 108-1740470312-2291803\nage: 0\nx-cache: MISS, MISS")
    s.say("Purged only the `article-48213` surrogate key; the article now comes fresh from the origin (`age: 0`, MISS) "
          "with the corrected headline. The homepage and section pages were not purged; say if the teaser there is "
          "still wrong and I'll purge `homepage` too.", end=True)
    return s
