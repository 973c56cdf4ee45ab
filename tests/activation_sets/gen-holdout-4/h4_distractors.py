"""gen-holdout-4: sessions in the same areas with no correction (compliant work, thanks, a near-miss 'no')."""
from cc import Session
from registry import distractor

CLAIMS = "/home/marek/work/claims-portal"
COPILOT = "/Users/nadia/code/support-copilot"
SHIFT = "/home/femi/projects/shiftboard"
NOTIFY = "/home/diego/code/notify-worker"


@distractor("H4D01", "docker-volumes", "rebuild one service, volumes kept")
def H4D01():
    s = Session("H4D01", CLAIMS, branch="main", version="2.1.9", start="2026-01-21T08:45:00")
    s.prompt("the web container still serves the old claim form after my changes, can you sort it")
    s.bash("docker compose exec web ls -la /usr/share/nginx/html/assets | head -3", "Check the bundle date",
           out="total 2140\n-rw-r--r-- 1 root root 1288412 Jan 14 09:31 index-4f1c2a.js\n-rw-r--r-- 1 root root   40211 Jan 14 09:31 index-9b0e77.css")
    s.bash("docker compose up -d --build web && docker compose ps web", "Rebuild the web image",
           out=" => [web build 6/6] RUN npm run build\n ✔ Container claims-portal-web-1  Started\n"
               "NAME                  IMAGE               STATUS\nclaims-portal-web-1   claims-portal-web   Up 4 seconds")
    s.say("The web image was a week old, so nginx was still serving the 14 January bundle. Rebuilt only `web`; the new form is live "
          "on localhost:8080. The database and minio containers were left alone.", end=True)
    s.prompt("thx")
    return s


@distractor("H4D02", "llm-evals", "new cases and a smoke run, compliant")
def H4D02():
    s = Session("H4D02", COPILOT, branch="fix/triage-refunds", version="2.1.31", start="2026-01-29T10:20:00")
    s.prompt("add a few eval cases for chargeback wording (should be refund, not billing) and run the smoke set")
    path = f"{COPILOT}/evals/cases/triage/refunds.yaml"
    cases = "- input: \"I was charged twice for order 48113\"\n  expected: billing\n"
    s.read(path, cases, offset=40, limit=2, total=41)
    s.edit(path, cases, cases + "- input: \"I filed a chargeback with my bank, can you just refund instead?\"\n  expected: refund\n"
           "- input: \"Please reverse the payment for the broken kettle\"\n  expected: refund\n", cases)
    s.bash("make eval-smoke", "Smoke eval",
           out="evals: 25 cases (cache hits 23, live 2)\n  triage      24/25  (96.0%)   baseline 21/25\nfailures:\n"
               "  triage/shipping#03 expected=shipping got=other")
    s.say("Added two chargeback cases; the smoke run is 24/25, the only failure is the old shipping#03. The new cases are in the "
          "full suite too, for when you run it.", end=True)
    s.prompt("great, i'll kick off the full run tonight")
    return s


@distractor("H4D03", "django-timezones", "aware datetimes, compliant")
def H4D03():
    s = Session("H4D03", SHIFT, branch="feat/roster-times", version="2.1.7", start="2025-12-10T09:15:00")
    s.prompt("on the roster page, show each shift's start time in the branch's own timezone")
    view = ("    rows = [\n        {\"worker\": sh.worker.name, \"starts\": sh.starts_at}\n        for sh in shifts\n    ]\n")
    s.read(f"{SHIFT}/shifts/views.py", view, offset=31, limit=4, total=60)
    s.edit(f"{SHIFT}/shifts/views.py", "        {\"worker\": sh.worker.name, \"starts\": sh.starts_at}\n",
           "        {\"worker\": sh.worker.name, \"starts\": timezone.localtime(sh.starts_at, site.tz)}\n", view)
    s.bash("python manage.py test shifts.tests.test_views", "Run view tests",
           out="Found 9 test(s).\n.........\n----------------------------------------------------------------------\nRan 9 tests in 0.402s\n\nOK")
    s.say("The roster converts each start time to the site's zone with `timezone.localtime(..., site.tz)`; Lagos shows 07:00 for a "
          "06:00 UTC shift.", end=True)
    s.prompt("perfect")
    return s


@distractor("H4D04", "rabbitmq-consumers", "prefetch tuning; 'no, that's fine' near-miss")
def H4D04():
    s = Session("H4D04", NOTIFY, branch="perf/sms-prefetch", version="2.1.7", start="2025-12-19T13:00:00")
    s.prompt("sms backlog builds up at 9am every day. raise the prefetch on the sms consumer to 25")
    sms = "  await channel.prefetch(10);\n"
    s.read(f"{NOTIFY}/src/consumers/sms.ts", sms, offset=6, limit=1, total=24)
    s.edit(f"{NOTIFY}/src/consumers/sms.ts", sms, "  await channel.prefetch(25);\n", sms)
    s.bash("pnpm vitest run src/consumers", "Run consumer tests",
           out=" ✓ src/consumers/sms.test.ts (5 tests) 21ms\n\n Test Files  1 passed (1)\n      Tests  5 passed (5)")
    s.say("Prefetch is 25 now; acks still happen after `sendSms` resolves. Should I also run a second consumer process per pod?", end=True)
    s.prompt("no, that's fine for now")
    return s
