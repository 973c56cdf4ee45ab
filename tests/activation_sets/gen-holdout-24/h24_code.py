"""gen-holdout-24, lessons about code: H24L09-H24L16."""
from cc import Session
from registry import (lesson, fire_bash, silent_bash, fire_edit, silent_edit, fire_write, silent_write,
                      silent_read, fire_read, fire_prompt, silent_prompt)

TG = "/home/sven/src/tollgate"
RR = "/Users/lena/dev/club-results"
GR = "/home/olu/analytics/growth-reports"
LS = "/home/dmitri/src/logship"
TS = "/home/marek/src/traffic-sim"
CH = "/var/www/clubhouse"
FS = "/home/aiko/src/formsvc"
AB = "/home/noor/src/alertbridge"


# -----------------------------------------------------------------------------
L09_CORR = ("```\n=CRASH REPORT==== 11-Mar-2026::03:12:40.118 ===\n  crasher:\n    initial call: tollgate_registry:'-handle_call/3-fun-0-'/0\n"
            "    pid: <0.4127.0>\n    exception error: no match of right hand side value {error,timeout}\n```\n"
            "that was the poller for site 14, and nothing ever started it again: no readings from 03:12 until someone noticed at "
            "lunch. A long-lived process never comes from a bare spawn. It's a child of a supervisor "
            "(`tollgate_poller_sup:start_child/1`, simple_one_for_one with a restart intensity), so a crash gets restarted and shows "
            "up in the supervisor reports.")

@lesson("H24L09", "erlang-otp-supervision", "pasted-crash-then-rule",
        ["bare spawn", "child of a supervisor", "start_child"], [
    fire_edit(f"{TG}/src/tollgate_mqtt.erl", "handle_info(connected, S) ->\n    {noreply, S};\n",
              "handle_info(connected, S) ->\n    _ = proc_lib:spawn(fun() -> keepalive_loop(S#state.conn) end),\n    {noreply, S};\n",
              note="proc_lib:spawn of a loop in another module"),
    fire_prompt("each gateway also needs something that pings its broker every 30 s for the whole time it's connected. add that",
                note="asks for another background worker, no words in common"),
    silent_edit(f"{TG}/src/tollgate_registry.erl", "    {ok, _} = tollgate_poller_sup:start_child(MeterId),\n",
                "    {ok, _} = tollgate_poller_sup:start_child(MeterId),\n    ok = tollgate_store:touch(MeterId),\n",
                note="the compliant way kept"),
    silent_edit(f"{TG}/src/tollgate_codec.erl", "decode_reading(<<Kwh:32/big-unsigned, Ts:32/big>>) ->\n",
                "decode_reading(<<Kwh:32/big-unsigned, Ts:32/big-unsigned>>) ->\n", note="a pure function"),
])
def H24L09():
    s = Session("H24L09", TG, branch="feat/meter-pollers", version="2.0.37", start="2026-03-10T14:00:00")
    s.prompt("when a meter is registered, start something that reads it over its HTTP API every 10 s and casts the readings to tollgate_store")
    reg = ("handle_call({register, MeterId, Url}, _From, S) ->\n    Meters = maps:put(MeterId, Url, S#state.meters),\n"
           "    {reply, ok, S#state{meters = Meters}};\n")
    s.read(f"{TG}/src/tollgate_registry.erl", reg, offset=40, limit=3, total=120)
    s.edit(f"{TG}/src/tollgate_registry.erl", "    Meters = maps:put(MeterId, Url, S#state.meters),\n",
           "    Meters = maps:put(MeterId, Url, S#state.meters),\n    _Pid = spawn(fun() -> poll_loop(MeterId, Url) end),\n", reg)
    s.bash("rebar3 eunit --module tollgate_registry_tests", "Run the registry tests",
           out="===> Performing EUnit tests...\n......\nFinished in 0.212 seconds\n6 tests, 0 failures")
    s.say("Registering a meter now spawns `poll_loop/2`, which fetches the reading every 10 s and casts it to `tollgate_store`. Tests pass.", end=True)
    s.turn_done()
    s.prompt(L09_CORR, correction=True)
    s.write(f"{TG}/src/tollgate_poller_sup.erl",
            "-module(tollgate_poller_sup).\n-behaviour(supervisor).\n-export([start_link/0, start_child/1, init/1]).\n\n"
            "start_link() -> supervisor:start_link({local, ?MODULE}, ?MODULE, []).\n\n"
            "start_child(MeterId) -> supervisor:start_child(?MODULE, [MeterId]).\n\n"
            "init([]) ->\n    {ok, {#{strategy => simple_one_for_one, intensity => 10, period => 60},\n"
            "          [#{id => poller, start => {tollgate_poller, start_link, []}, restart => permanent}]}}.\n")
    s.edit(f"{TG}/src/tollgate_registry.erl", "    _Pid = spawn(fun() -> poll_loop(MeterId, Url) end),\n",
           "    {ok, _} = tollgate_poller_sup:start_child(MeterId),\n",
           reg.replace("    Meters = maps:put(MeterId, Url, S#state.meters),\n",
                       "    Meters = maps:put(MeterId, Url, S#state.meters),\n    _Pid = spawn(fun() -> poll_loop(MeterId, Url) end),\n"))
    s.bash("rebar3 eunit && rebar3 ct --suite poller_restart_SUITE", "Tests, including a crash-and-restart case",
           out="6 tests, 0 failures\nAll 3 tests passed.")
    s.say("Pollers are now `tollgate_poller` gen_servers under `tollgate_poller_sup` (simple_one_for_one, 10 restarts a minute), started "
          "with `start_child/1` from the registry. A new common test kills a poller and checks it comes back and keeps reading.", end=True)
    return s


# -----------------------------------------------------------------------------
L10_CORR = ("thanks, the page looks great! but the open 5k podium has a 20:03 ahead of a 14:52. `.sort()` without a compare function "
            "converts every value to a string first, so 1203 comes before 892. Whenever you order numbers pass `(a, b) => a - b` (or "
            "`b - a`), and for names or bib labels `localeCompare` with `{ numeric: true }`. Can you fix that one?")

@lesson("H24L10", "js-numeric-sort", "thanks-but",
        ["compare function", "(a, b) => a - b", "localeCompare"], [
    fire_edit(f"{RR}/src/lib/standings.ts", "  return Object.values(totals);\n", "  return Object.values(totals).sort().reverse();\n",
              note="club totals ordered without a comparator"),
    fire_edit(f"{RR}/src/components/SplitsChart.tsx", "const lapSeconds = laps.map((l) => l.seconds);\n",
              "const lapSeconds = laps.map((l) => l.seconds).sort();\nconst fastestLap = lapSeconds[0];\n",
              note="lap times ordered without a comparator"),
    silent_edit(f"{RR}/src/lib/results.ts", "    .sort((a, b) => a.chipSeconds - b.chipSeconds)\n",
                "    .sort((a, b) => a.chipSeconds - b.chipSeconds || a.bib - b.bib)\n", note="the compliant way"),
    silent_edit(f"{RR}/src/lib/clubs.ts", "  return clubs;\n", "  return [...clubs].sort((a, b) => a.name.localeCompare(b.name, \"nb\"));\n",
                note="strings with a collator"),
])
def H24L10():
    s = Session("H24L10", RR, branch="feat/spring-5k", version="2.1.31", start="2026-03-11T18:30:00")
    s.prompt("results page for the spring 5k: finishers ordered by chip time, plus the top 3 in each age group")
    res = ("export function podium(finishers: Finisher[]): Finisher[] {\n  return finishers;\n}\n")
    s.read(f"{RR}/src/lib/results.ts", res)
    s.edit(f"{RR}/src/lib/results.ts", "  return finishers;\n",
           "  const times = finishers.map((f) => f.chipSeconds).sort();\n"
           "  return times.slice(0, 3).map((t) => finishers.find((f) => f.chipSeconds === t)!);\n", res)
    s.bash("pnpm vitest run src/lib/results.test.ts", "Run the tests", out=" ✓ src/lib/results.test.ts (3 tests) 4ms\n      Tests  3 passed (3)")
    s.say("The results page lists finishers by chip time and shows a podium per age group. Tests pass.", end=True)
    s.prompt(L10_CORR, correction=True)
    s.edit(f"{RR}/src/lib/results.ts",
           "  const times = finishers.map((f) => f.chipSeconds).sort();\n"
           "  return times.slice(0, 3).map((t) => finishers.find((f) => f.chipSeconds === t)!);\n",
           "  return [...finishers]\n    .sort((a, b) => a.chipSeconds - b.chipSeconds)\n    .slice(0, 3);\n",
           res.replace("  return finishers;\n", "  const times = finishers.map((f) => f.chipSeconds).sort();\n"
                       "  return times.slice(0, 3).map((t) => finishers.find((f) => f.chipSeconds === t)!);\n"))
    s.bash("pnpm vitest run src/lib/results.test.ts", "Tests, with a new sub-1000-second case",
           out=" ✓ src/lib/results.test.ts (4 tests) 4ms\n      Tests  4 passed (4)")
    s.say("The podium sorts copies of the finishers with `(a, b) => a.chipSeconds - b.chipSeconds`, so 14:52 is ahead of 20:03. I added a "
          "test with times on both sides of 1000 seconds.", end=True)
    return s


# -----------------------------------------------------------------------------
L11_CORR = ("that can't be right, we had around 4,000 signups in Q1 who never bought anything. orders.customer_id is NULL for guest "
            "checkouts, and NOT IN against a list that contains a NULL is never true, so you get zero rows every time. For \"rows with "
            "no match\" always write NOT EXISTS (or LEFT JOIN … WHERE o.id IS NULL), never NOT IN with a subquery.")

@lesson("H24L11", "sql-not-in-nulls", "skeptical-of-result",
        ["NOT EXISTS", "NOT IN", "never true"], [
    fire_write(f"{GR}/sql/dormant_sellers.sql",
               "SELECT s.id, s.shop_name\nFROM sellers s\nWHERE s.id NOT IN (\n  SELECT l.seller_id FROM listings l\n"
               "  WHERE l.created_at > now() - interval '90 days'\n);\n", note="another anti-join written with NOT IN"),
    fire_prompt("which newsletter subscribers haven't opened a single campaign since January? I want to clean the list",
                note="asks for rows without a match"),
    silent_write(f"{GR}/sql/q1_never_ordered.sql",
                 "SELECT count(*)\nFROM customers c\nWHERE c.created_at >= '2026-01-01' AND c.created_at < '2026-04-01'\n"
                 "  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id);\n", note="the compliant way"),
    silent_bash("psql \"$WAREHOUSE_URL\" -c \"SELECT count(*) FILTER (WHERE customer_id IS NULL) AS guest, count(*) AS total FROM orders\"",
                "How many guest orders", note="diagnostic count"),
])
def H24L11():
    s = Session("H24L11", GR, branch="main", version="2.0.14", start="2026-04-02T10:10:00")
    s.prompt("how many customers signed up in Q1 and never placed an order? need it for the activation review")
    q = ("SELECT count(*)\nFROM customers c\nWHERE c.created_at >= '2026-01-01' AND c.created_at < '2026-04-01'\n"
         "  AND c.id NOT IN (SELECT customer_id FROM orders);\n")
    s.write(f"{GR}/sql/q1_never_ordered.sql", q)
    s.bash("psql \"$WAREHOUSE_URL\" -f sql/q1_never_ordered.sql", "Run it", out=" count \n-------\n     0\n(1 row)")
    s.say("Zero: every customer who signed up in Q1 has placed at least one order.", end=True)
    s.prompt(L11_CORR, correction=True)
    s.write(f"{GR}/sql/q1_never_ordered.sql",
            "SELECT count(*)\nFROM customers c\nWHERE c.created_at >= '2026-01-01' AND c.created_at < '2026-04-01'\n"
            "  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id);\n", original=q)
    s.bash("psql \"$WAREHOUSE_URL\" -f sql/q1_never_ordered.sql", "Run it again", out=" count \n-------\n  4127\n(1 row)")
    s.grep("NOT IN \\(\\s*SELECT", path=f"{GR}/sql", mode="files_with_matches", files=[f"{GR}/sql/churned_accounts.sql"])
    s.say("4,127 Q1 signups never placed an order. The query uses NOT EXISTS now. `sql/churned_accounts.sql` has the same NOT IN "
          "pattern; want me to change it too?", end=True)
    return s


# -----------------------------------------------------------------------------
L12_CORR = ("this is not good. defer inside the loop is not closing the file until whole function return, so on prod-3 with 31 000 "
            "leftover files it open all of them and we get \"too many open files\" already yesterday evening, also the tcp sockets "
            "fail after. please never put defer in a loop body. make small func for one file (replayOne) with the defer inside, or "
            "close explicit before next iteration.")

@lesson("H24L12", "go-defer-in-loop", "non-native-english",
        ["defer in a loop", "too many open files", "replayOne"], [
    fire_edit(f"{LS}/internal/archive/compact.go",
              "\tfor _, day := range days {\n\t\tif err := c.compactDay(ctx, day); err != nil {\n",
              "\tfor _, day := range days {\n\t\trows, err := c.db.QueryContext(ctx, selectDay, day)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n"
              "\t\tdefer rows.Close()\n\t\tif err := c.compactRows(ctx, rows); err != nil {\n",
              note="database rows deferred inside a loop"),
    fire_prompt("also gzip every rotated chunk in /var/spool/logship before it is uploaded. add a pass for that at startup",
                note="asks for another per-file pass, no words in common"),
    silent_edit(f"{LS}/internal/spool/replay.go", "\t\tif err := s.replayOne(ctx, p); err != nil {\n",
                "\t\tif err := s.replayOne(ctx, p); err != nil {\n\t\t\ts.metrics.ReplayErrors.Inc()\n", note="the compliant way kept"),
    silent_edit(f"{LS}/internal/ship/client.go", "func (c *Client) Stats() Stats {\n\treturn c.stats\n",
                "func (c *Client) Stats() Stats {\n\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\treturn c.stats\n",
                note="defer in a plain function"),
])
def H24L12():
    s = Session("H24L12", LS, branch="feat/replay-spool", version="2.1.7", start="2026-03-12T09:25:00")
    s.prompt("on startup logship should scan the spool dir and ship every segment left over from the last run")
    s.write(f"{LS}/internal/spool/replay.go",
            "package spool\n\nimport (\n\t\"context\"\n\t\"os\"\n\t\"path/filepath\"\n)\n\n"
            "func (s *Spool) Replay(ctx context.Context) error {\n\tpaths, err := filepath.Glob(filepath.Join(s.dir, \"*.seg\"))\n"
            "\tif err != nil {\n\t\treturn err\n\t}\n\tfor _, p := range paths {\n\t\tf, err := os.Open(p)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n"
            "\t\tdefer f.Close()\n\t\tif err := s.ship(ctx, f); err != nil {\n\t\t\treturn err\n\t\t}\n\t\tif err := os.Remove(p); err != nil {\n\t\t\treturn err\n\t\t}\n"
            "\t}\n\treturn nil\n}\n")
    s.bash("go test ./internal/spool/...", "Run the spool tests", out="ok  \tgithub.com/dmitri/logship/internal/spool\t0.184s")
    s.say("`Spool.Replay` ships and removes every leftover segment at startup; it's called from `main` before the watcher starts. Tests pass.", end=True)
    s.turn_done()
    s.prompt(L12_CORR, correction=True)
    loop = ("\tfor _, p := range paths {\n\t\tf, err := os.Open(p)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n"
            "\t\tdefer f.Close()\n\t\tif err := s.ship(ctx, f); err != nil {\n\t\t\treturn err\n\t\t}\n\t\tif err := os.Remove(p); err != nil {\n\t\t\treturn err\n\t\t}\n\t}\n")
    s.edit(f"{LS}/internal/spool/replay.go", loop,
           "\tfor _, p := range paths {\n\t\tif err := s.replayOne(ctx, p); err != nil {\n\t\t\treturn err\n\t\t}\n\t}\n",
           "func (s *Spool) Replay(ctx context.Context) error {\n" + loop + "\treturn nil\n}\n")
    s.bash("go test ./internal/spool/... && go vet ./...", "Tests and vet, with a 5,000-file case",
           out="ok  \tgithub.com/dmitri/logship/internal/spool\t1.902s")
    s.say("Each file is handled in `replayOne(ctx, path)`, which opens it, defers the close, ships and removes it, so at most one "
          "segment is open at a time. I added a test that replays 5,000 files under a 256 open-file limit.", end=True)
    return s


# -----------------------------------------------------------------------------
L13_CORR = ("ugh, CI is red AGAIN: AddressSanitizer heap-use-after-free in World::step. That's the THIRD time this month. You can't "
            "erase from a container while you're walking it: erase invalidates the iterator (and everything after it), and the ++it "
            "reads freed memory. Same for push_back into the vector you're looping over. We're on C++20, so it's std::erase_if, or "
            "collect first and change the container after the loop.")

@lesson("H24L13", "cpp-iterator-invalidation", "frustrated",
        ["std::erase_if", "invalidates the iterator", "collect first"], [
    fire_edit(f"{TS}/src/intersection.cpp", "  // drop requests that waited too long\n",
              "  // drop requests that waited too long\n  for (auto it = waiting_.begin(); it != waiting_.end(); ++it) {\n"
              "    if (it->second.timed_out(now)) waiting_.erase(it);\n  }\n", note="map erase inside an iterator loop"),
    fire_edit(f"{TS}/src/lanes.cpp", "  // split overloaded lanes\n",
              "  // split overloaded lanes\n  for (const Lane& lane : lanes_) {\n    if (lane.overloaded()) lanes_.push_back(lane.split());\n  }\n",
              note="appends to the vector being walked"),
    silent_edit(f"{TS}/src/world.cpp", "  std::erase_if(vehicles_, [](const Vehicle& v) { return v.arrived(); });\n",
                "  const auto removed = std::erase_if(vehicles_, [](const Vehicle& v) { return v.arrived(); });\n  stats_.exited += removed;\n",
                note="the compliant way"),
    silent_edit(f"{TS}/src/stats.cpp", "  double total = 0.0;\n",
                "  double total = 0.0;\n  for (const auto& v : world.vehicles()) total += v.speed();\n", note="read-only loop"),
])
def H24L13():
    s = Session("H24L13", TS, branch="feat/exits", version="1.0.98", start="2026-03-13T16:05:00")
    s.prompt("vehicles that reach their exit should be taken out of the simulation at the end of each step")
    w = ("void World::step(double dt) {\n  for (auto& v : vehicles_) v.advance(dt, roads_);\n}\n")
    s.read(f"{TS}/src/world.cpp", w, offset=30, limit=3, total=140)
    s.edit(f"{TS}/src/world.cpp", "  for (auto& v : vehicles_) v.advance(dt, roads_);\n",
           "  for (auto& v : vehicles_) v.advance(dt, roads_);\n  for (auto it = vehicles_.begin(); it != vehicles_.end(); ++it) {\n"
           "    if (it->arrived()) vehicles_.erase(it);\n  }\n", w)
    s.bash("cmake --build build -j && ./build/sim --scenario scenarios/ring.yaml --steps 200 | tail -1", "Build and run a scenario",
           out="step 200: 38 vehicles, 12 exited")
    s.say("Vehicles that arrive are removed at the end of `World::step`; the ring scenario shows 12 exits in 200 steps.", end=True)
    s.turn_done()
    s.prompt(L13_CORR, correction=True)
    s.edit(f"{TS}/src/world.cpp", "  for (auto it = vehicles_.begin(); it != vehicles_.end(); ++it) {\n    if (it->arrived()) vehicles_.erase(it);\n  }\n",
           "  std::erase_if(vehicles_, [](const Vehicle& v) { return v.arrived(); });\n",
           w.replace("  for (auto& v : vehicles_) v.advance(dt, roads_);\n",
                     "  for (auto& v : vehicles_) v.advance(dt, roads_);\n  for (auto it = vehicles_.begin(); it != vehicles_.end(); ++it) {\n"
                     "    if (it->arrived()) vehicles_.erase(it);\n  }\n"))
    s.bash("cmake --preset asan && cmake --build --preset asan -j && ctest --preset asan 2>&1 | tail -1", "Run the tests under ASan",
           out="100% tests passed, 0 tests failed out of 41")
    s.say("`World::step` removes arrived vehicles with `std::erase_if` after the advance loop. All 41 tests pass under ASan.", end=True)
    return s


# -----------------------------------------------------------------------------
L14_CORR = ("Kasia from the pentest firm left this on the report, finding 3: \"The reset check uses `==`. Loose comparison treats "
            "numeric-looking strings as numbers, so two different hashes that both look like 0e… compare equal, and `in_array` without "
            "its third argument does the same loose matching. Use strict comparison everywhere: `===`/`!==`, `in_array($x, $list, true)`, "
            "`array_search(…, true)`, and `hash_equals()` for anything secret.\"")

@lesson("H24L14", "php-strict-comparison", "relayed-pentest-finding",
        ["hash_equals", "strict comparison", "==="], [
    fire_edit(f"{CH}/src/Api/StripeWebhook.php", "        // verify signature\n",
              "        // verify signature\n        if ($sig == hash_hmac('sha256', $payload, $secret)) {\n            $this->handle($payload);\n        }\n",
              note="a signature checked with =="),
    fire_edit(f"{CH}/src/Members/Search.php", "        $status = $_GET['status'] ?? 'active';\n",
              "        $status = $_GET['status'] ?? 'active';\n        if (!in_array($status, $this->allowedStatuses)) {\n            $status = 'active';\n        }\n",
              note="in_array without the third argument"),
    silent_edit(f"{CH}/src/Auth/PasswordReset.php", "        if ($row === null) {\n",
                "        if ($row === null || $row['used_at'] !== null) {\n", note="the compliant way"),
    silent_edit(f"{CH}/src/Members/Fees.php", "        return $member->isJunior() ? 25 : 60;\n",
                "        return $member->isJunior() ? 30 : 65;\n", note="unrelated fee change"),
])
def H24L14():
    s = Session("H24L14", CH, branch="feat/password-reset", version="2.0.76", start="2026-03-16T11:00:00")
    s.prompt("add a password reset flow: email a link with a token, and the reset page checks the token and sets the new password")
    pr = ("<?php\n\nnamespace Clubhouse\\Auth;\n\nfinal class PasswordReset\n{\n    public function verify(string $email, string $token): bool\n    {\n"
          "        $row = $this->repo->findResetFor($email);\n        if ($row === null) {\n            return false;\n        }\n"
          "        return $row['token_hash'] == hash('sha256', $token) && $row['expires_at'] > time();\n    }\n}\n")
    s.write(f"{CH}/src/Auth/PasswordReset.php", pr)
    s.bash("vendor/bin/phpunit tests/Auth", "Run the auth tests", out="OK (9 tests, 21 assertions)")
    s.say("The reset flow is in: `PasswordReset::request()` stores a SHA-256 of a 32-byte token and emails the link, and `verify()` "
          "checks it and the one-hour expiry. Tests pass.", end=True)
    s.turn_done()
    s.prompt(L14_CORR, correction=True)
    s.edit(f"{CH}/src/Auth/PasswordReset.php", "        return $row['token_hash'] == hash('sha256', $token) && $row['expires_at'] > time();\n",
           "        return hash_equals($row['token_hash'], hash('sha256', $token)) && $row['expires_at'] > time();\n", pr)
    s.grep("[^=!]==[^=]|in_array\\([^)]*\\)(?<!true\\))", path=f"{CH}/src", mode="content",
           lines=[f"{CH}/src/Members/Roles.php:22:        return in_array($member->role, ['admin', 'treasurer']);"])
    s.edit(f"{CH}/src/Members/Roles.php", "        return in_array($member->role, ['admin', 'treasurer']);\n",
           "        return in_array($member->role, ['admin', 'treasurer'], true);\n",
           "    public function canApproveExpenses(Member $member): bool\n    {\n        return in_array($member->role, ['admin', 'treasurer']);\n    }\n")
    s.bash("vendor/bin/phpunit tests/Auth tests/Members", "Run the tests", out="OK (17 tests, 40 assertions)")
    s.say("The token check uses `hash_equals()` now, and the one other loose comparison in `src/` (`Roles::canApproveExpenses`) passes "
          "`true` to `in_array`. Tests pass.", end=True)
    return s


# -----------------------------------------------------------------------------
L15_CORR = ("```\n{\"level\":50,\"msg\":\"event loop blocked\",\"blockedMs\":41873,\"url\":\"/signup\"}\n```\n"
            "one request with a website of 40 x's and a trailing '!' froze the whole API for 40 seconds. Patterns like ([\\w-]+\\.)+ are "
            "nested quantifiers and backtrack exponentially. Nothing a client sends goes through a backtracking regex: cap the length "
            "first, then use RE2 (`new RE2(...)` from the re2 package) or the validators in our validate module.")

@lesson("H24L15", "regex-redos", "pasted-log-then-rule",
        ["nested quantifiers", "RE2", "cap the length"], [
    fire_edit(f"{FS}/src/routes/tags.ts", "  const raw = String(req.query.tags ?? \"\");\n",
              "  const raw = String(req.query.tags ?? \"\");\n  if (!/^(\\w+,?\\s*)*$/.test(raw)) return res.status(422).end();\n",
              note="a star over a group with an optional separator"),
    fire_prompt("the company name on the partner form should only allow letters, digits, spaces, dots and dashes. add that check",
                note="asks for input validation, no words in common"),
    silent_edit(f"{FS}/src/routes/slug.ts", "const SLUG = /^[a-z0-9-]+$/;\n", "const SLUG = new RE2(\"^[a-z0-9-]{1,64}$\");\n",
                note="the compliant way"),
    silent_edit(f"{FS}/scripts/release.ts", "const SEMVER = /^v(\\d+)\\.(\\d+)$/;\n", "const SEMVER = /^v(\\d+)\\.(\\d+)\\.(\\d+)$/;\n",
                note="a simple pattern on our own version string"),
])
def H24L15():
    s = Session("H24L15", FS, branch="feat/signup-validation", version="2.1.9", start="2026-03-17T10:30:00")
    s.prompt("validate the email and website fields on POST /signup, reject junk with a 422")
    sig = ("export async function signup(req: Request, res: Response) {\n  const { email, website } = req.body;\n")
    s.read(f"{FS}/src/routes/signup.ts", sig, offset=8, limit=2, total=60)
    s.edit(f"{FS}/src/routes/signup.ts", "  const { email, website } = req.body;\n",
           "  const { email, website } = req.body;\n  const EMAIL = /^([a-zA-Z0-9_.+-])+@(([a-zA-Z0-9-])+\\.)+[a-zA-Z]{2,}$/;\n"
           "  const SITE = /^(https?:\\/\\/)?([\\w-]+\\.)+[\\w-]+(\\/[\\w-./?%&=]*)*$/;\n"
           "  if (!EMAIL.test(email) || (website && !SITE.test(website))) return res.status(422).json({ error: \"invalid\" });\n", sig)
    s.bash("pnpm vitest run src/routes/signup.test.ts", "Run the signup tests", out=" ✓ src/routes/signup.test.ts (7 tests) 11ms\n      Tests  7 passed (7)")
    s.say("POST /signup answers 422 for a malformed email or website. Tests pass.", end=True)
    s.turn_done()
    s.prompt(L15_CORR, correction=True)
    s.edit(f"{FS}/src/routes/signup.ts",
           "  const EMAIL = /^([a-zA-Z0-9_.+-])+@(([a-zA-Z0-9-])+\\.)+[a-zA-Z]{2,}$/;\n"
           "  const SITE = /^(https?:\\/\\/)?([\\w-]+\\.)+[\\w-]+(\\/[\\w-./?%&=]*)*$/;\n"
           "  if (!EMAIL.test(email) || (website && !SITE.test(website))) return res.status(422).json({ error: \"invalid\" });\n",
           "  if (!isEmail(email) || (website && !isHttpUrl(website))) return res.status(422).json({ error: \"invalid\" });\n",
           sig + "  const EMAIL = /^([a-zA-Z0-9_.+-])+@(([a-zA-Z0-9-])+\\.)+[a-zA-Z]{2,}$/;\n"
           "  const SITE = /^(https?:\\/\\/)?([\\w-]+\\.)+[\\w-]+(\\/[\\w-./?%&=]*)*$/;\n"
           "  if (!EMAIL.test(email) || (website && !SITE.test(website))) return res.status(422).json({ error: \"invalid\" });\n")
    s.bash("pnpm vitest run src/routes/signup.test.ts", "Tests, with a 50 kB hostile input",
           out=" ✓ src/routes/signup.test.ts (9 tests) 14ms\n      Tests  9 passed (9)")
    s.say("The route uses `isEmail` and `isHttpUrl` from the validate module: the length is capped at 254 and 2048 characters first, "
          "then RE2 patterns (no backtracking). A test feeds a 50 kB hostile string and finishes in under a millisecond.", end=True)
    return s


# -----------------------------------------------------------------------------
L16_CORR = ("Actually, a bare `asyncio.create_task(...)` that nobody keeps can be garbage-collected before it finishes, because the "
            "event loop only holds a weak reference to it, and if it raises, the exception disappears with it. That's how we lost pages "
            "last spring. Keep a reference until it's done: `spawn_background()` from our tasks module does that (a set plus "
            "`task.add_done_callback(pending.discard)`, and it logs failures).")

@lesson("H24L16", "asyncio-task-references", "actually",
        ["weak reference", "spawn_background", "add_done_callback"], [
    fire_edit(f"{AB}/alertbridge/escalation.py", "        await self._page_oncall(incident)\n",
              "        asyncio.ensure_future(self._page_oncall(incident))\n", note="ensure_future with nothing kept"),
    fire_prompt("when an alert resolves, also post a follow-up in the incident channel, but the webhook should answer right away",
                note="asks for work that runs after the response"),
    silent_edit(f"{AB}/alertbridge/handlers.py", "        spawn_background(self.slack.post(alert))\n",
                "        spawn_background(self.slack.post(alert))\n        spawn_background(self.teams.post(alert))\n",
                note="the compliant way"),
    silent_edit(f"{AB}/alertbridge/slack.py", "        timeout=aiohttp.ClientTimeout(total=5),\n",
                "        timeout=aiohttp.ClientTimeout(total=10),\n", note="a timeout tweak"),
])
def H24L16():
    s = Session("H24L16", AB, branch="feat/slack-forward", version="2.0.37", start="2026-03-18T13:45:00")
    s.prompt("when an alert comes in from Alertmanager also forward it to Slack, but don't make Alertmanager wait for Slack")
    h = ("    async def receive(self, request: web.Request) -> web.Response:\n        alert = Alert.from_payload(await request.json())\n"
         "        await self.store.save(alert)\n        return web.json_response({\"status\": \"ok\"})\n")
    s.read(f"{AB}/alertbridge/handlers.py", h, offset=20, limit=4, total=70)
    s.edit(f"{AB}/alertbridge/handlers.py", "        await self.store.save(alert)\n",
           "        await self.store.save(alert)\n        asyncio.create_task(self.slack.post(alert))\n", h)
    s.bash("pytest tests/test_handlers.py -q", "Run the handler tests", out="......                                                   [100%]\n6 passed in 0.48s")
    s.say("The handler saves the alert, starts the Slack post as a task and returns straight away. Tests pass.", end=True)
    s.prompt(L16_CORR, correction=True)
    s.edit(f"{AB}/alertbridge/handlers.py", "        asyncio.create_task(self.slack.post(alert))\n",
           "        spawn_background(self.slack.post(alert))\n",
           h.replace("        await self.store.save(alert)\n", "        await self.store.save(alert)\n        asyncio.create_task(self.slack.post(alert))\n"))
    s.bash("pytest tests/test_handlers.py -q", "Run the tests", out=".......                                                  [100%]\n7 passed in 0.51s")
    s.say("The Slack post goes through `spawn_background()` now, which keeps the task until it finishes and logs a failure. I added a "
          "test where Slack raises and the error shows up in the log.", end=True)
    return s
