"""gen-holdout-6: sessions in the same areas with no correction (compliant work, thanks, a near-miss 'no')."""
from cc import Session
from registry import distractor

LEDGER = "/home/wiebe/finance/ledger"
PROXY = "/srv/chat-proxy"
JOTTER = "/Users/odile/dev/jotter-api"
BOOK = "/home/leila/src/booking-engine"


@distractor("H6D01", "plaintext-accounting", "a new rule in the rules file")
def H6D01():
    s = Session("H6D01", LEDGER, branch="main", version="2.1.9", start="2026-02-09T21:00:00")
    s.prompt("vattenfall payments should go to expenses:utilities:energy, they keep ending up in unknown")
    rules = ("if BOL.COM\n  account2 expenses:shopping\n")
    s.read(f"{LEDGER}/import/rules/ing.csv.rules", rules, offset=17, limit=2, total=18)
    s.edit(f"{LEDGER}/import/rules/ing.csv.rules", "if BOL.COM\n  account2 expenses:shopping\n",
           "if BOL.COM\n  account2 expenses:shopping\n\nif VATTENFALL\n  account2 expenses:utilities:energy\n", rules)
    s.bash("make import && hledger -f journal/2026.journal reg expenses:utilities:energy", "Re-import and check",
           out="hledger -f import/raw/2026-01-ing-checking.csv --rules-file import/rules/ing.csv.rules print > journal/2026-ing.journal\n"
               "2026-01-28 VATTENFALL KLANTENSERVICE N.V.   expenses:utilities:energy   €-142.00   €-142.00")
    s.say("Added an `if VATTENFALL` rule to `ing.csv.rules`. After `make import` the January payment of €142.00 is under "
          "`expenses:utilities:energy`.", end=True)
    s.prompt("thanks!")
    s.turn_done()
    return s


@distractor("H6D02", "nginx-reload", "config change tested and reloaded; near-miss 'no, that's fine'")
def H6D02():
    s = Session("H6D02", PROXY, branch="main", version="2.1.9", start="2026-01-26T08:30:00")
    s.prompt("the json api responses from the chat proxy aren't gzipped, add application/json to gzip_types")
    conf = ("    gzip on;\n    gzip_types text/css application/javascript;\n")
    s.read(f"{PROXY}/nginx.conf", conf, offset=22, limit=2, total=60)
    s.edit(f"{PROXY}/nginx.conf", "    gzip_types text/css application/javascript;\n",
           "    gzip_types text/css application/javascript application/json;\n", conf)
    s.bash("sudo nginx -t && sudo systemctl reload nginx", "Test the config, then reload",
           out="nginx: the configuration file /etc/nginx/nginx.conf syntax is ok\n"
               "nginx: configuration file /etc/nginx/nginx.conf test is successful")
    s.bash("curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip' https://chat.example.net/api/rooms | grep -i content-encoding",
           "Check the response encoding", out="content-encoding: gzip")
    s.say("`application/json` is in `gzip_types`; the config tested clean and nginx was reloaded. `/api/rooms` now comes back "
          "gzipped. Should I also set `gzip_min_length` so tiny responses aren't compressed?", end=True)
    s.prompt("no, that's fine, leave it")
    s.say("OK, leaving it as it is.", end=True)
    s.turn_done()
    return s


@distractor("H6D03", "mongodb-updates", "a counter with $inc")
def H6D03():
    s = Session("H6D03", JOTTER, branch="feat/view-count", version="2.1.7", start="2025-12-12T10:05:00")
    s.prompt("count how often a note is opened: bump viewCount whenever GET /notes/:id serves it")
    r = ("router.get(\"/notes/:id\", requireUser, async (req, res) => {\n  const note = await notes.findOne({ _id: new ObjectId(req.params.id), ownerId: req.user.id });\n"
         "  if (!note) return res.status(404).end();\n  res.json(note);\n});\n")
    s.read(f"{JOTTER}/src/routes/notes.ts", r, offset=20, limit=5, total=140)
    s.edit(f"{JOTTER}/src/routes/notes.ts",
           "  const note = await notes.findOne({ _id: new ObjectId(req.params.id), ownerId: req.user.id });\n",
           "  const note = await notes.findOneAndUpdate(\n    { _id: new ObjectId(req.params.id), ownerId: req.user.id },\n"
           "    { $inc: { viewCount: 1 } },\n    { returnDocument: \"after\" },\n  );\n", r)
    s.bash("npm test -- notes.get", "Run the note tests",
           out=" ✓ test/routes/notes.get.test.ts (3 tests) 150ms\n\n Test Files  1 passed (1)\n      Tests  3 passed (3)")
    s.say("`GET /notes/:id` now increments `viewCount` with `$inc` in the same `findOneAndUpdate` that reads the note. "
          "Tests pass.", end=True)
    s.prompt("great")
    return s


@distractor("H6D04", "code-review", "review handed back in the chat")
def H6D04():
    s = Session("H6D04", BOOK, branch="main", version="2.1.9", start="2026-02-02T16:10:00")
    s.prompt("review PR 1201 (refund webhook) for me please, I'll talk to Daan about it tomorrow")
    s.bash("gh pr view 1201", "PR summary",
           out="Handle refund.succeeded webhooks #1201\nOpen • dvermeer wants to merge 3 commits into main from feat/refund-webhook "
               "• +188 −4\n")
    s.bash("gh pr diff 1201 --name-only", "Files in the PR",
           out="src/webhooks/payments.py\nsrc/bookings/refunds.py\ntests/webhooks/test_refunds.py")
    s.read(f"{BOOK}/src/webhooks/payments.py",
           "@router.post(\"/webhooks/payments\")\nasync def payments_webhook(request: Request):\n    event = json.loads(await request.body())\n"
           "    if event[\"type\"] == \"refund.succeeded\":\n        await mark_refunded(event[\"data\"][\"booking_id\"], event[\"data\"][\"amount\"])\n",
           offset=30, limit=5, total=70)
    s.say("Findings for #1201, most severe first:\n\n"
          "1. **`src/webhooks/payments.py:32`**: the body is parsed without checking the provider's signature, so anyone can post "
          "a fake `refund.succeeded`.\n2. **`src/bookings/refunds.py:18`**: `mark_refunded` isn't idempotent; a redelivered event "
          "refunds twice in our books.\n3. **`tests/webhooks/test_refunds.py`**: no test for a partial refund.\n\n"
          "I haven't posted anything on the PR.", end=True)
    s.prompt("great, I'll bring those up with him")
    return s
