"""gen-holdout-9: sessions in the same areas with no correction (compliant work, thanks, a near-miss 'no, that's fine')."""
from cc import Session
from registry import distractor

HARBOR = "/Users/mika/p4/harbor-heist"
FLOOD = "/home/sofia/gis/flood-exposure"
BILLING = "/home/kwame/platform/billing-deploy"
TIX = "/home/sam/src/ticketing-perf"
RECIPE = "/Users/camille/dev/recipebox-web"


@distractor("H9D01", "unreal-perforce", "p4 edit before changing an ini; near-miss 'no, that's fine'")
def H9D01():
    s = Session("H9D01", HARBOR, branch="", version="2.1.9", start="2026-03-02T10:05:00")
    s.prompt("camera shake is too strong on heavy hits, set CameraShakeScale to 0.6")
    ini = ("[/Script/HarborHeist.HarborCombatSettings]\nHitStopDuration=0.06\nHitStopTimeDilation=0.05\n"
           "CameraShakeScale=0.8\n")
    s.bash("p4 edit Config/DefaultGame.ini", "Open the ini for edit",
           out="//harbor/Main/Config/DefaultGame.ini#42 - opened for edit")
    s.read(f"{HARBOR}/Config/DefaultGame.ini", ini)
    s.edit(f"{HARBOR}/Config/DefaultGame.ini", "CameraShakeScale=0.8\n", "CameraShakeScale=0.6\n", ini)
    s.bash("p4 diff Config/DefaultGame.ini", "Show the diff",
           out="==== //harbor/Main/Config/DefaultGame.ini#42 - /Users/mika/p4/harbor-heist/Config/DefaultGame.ini ====\n"
               "4c4\n< CameraShakeScale=0.8\n---\n> CameraShakeScale=0.6")
    s.say("`CameraShakeScale` is 0.6, checked out in your default changelist. Want me to put it in a numbered changelist "
          "with a description?", end=True)
    s.prompt("no, that's fine, I'll submit it together with my lighting change")
    s.say("OK, it's left in the default changelist.", end=True)
    return s


@distractor("H9D02", "gis-projections", "length measured after projecting to 3035")
def H9D02():
    s = Session("H9D02", FLOOD, branch="feat/river-length", version="2.1.9", start="2026-02-09T14:30:00")
    s.prompt("also add total river length per municipality in km")
    summ = ("    area = flooded.to_crs(3035).dissolve(\"muni_code\").area / 1e6\n"
            "    out[\"flood_km2\"] = out[\"muni_code\"].map(area).fillna(0.0)\n    return out\n")
    s.read(f"{FLOOD}/exposure/summary.py", summ, offset=9, limit=3, total=14)
    s.edit(f"{FLOOD}/exposure/summary.py", "    return out\n",
           "    rivers = gpd.read_file(\"data/rivers.gpkg\")\n    rivers_in = gpd.overlay(rivers.to_crs(3035), out.to_crs(3035)[[\"muni_code\", \"geometry\"]], "
           "how=\"intersection\")\n    length = rivers_in.dissolve(\"muni_code\").length / 1e3\n"
           "    out[\"river_km\"] = out[\"muni_code\"].map(length).fillna(0.0)\n    return out\n", summ)
    s.bash("python -m exposure.report --region NL-ZH | head -3", "Run the report",
           out="muni_code  name           population  flood_km2  river_km\nGM0599     Rotterdam      655468      18.41      "
               "41.7\nGM0518     's-Gravenhage  552995      3.07       6.2")
    s.say("Added `river_km`: rivers clipped to each municipality in EPSG:3035 and summed, in kilometres.", end=True)
    s.prompt("perfect, thanks")
    return s


@distractor("H9D03", "vault-kv-secrets", "one key changed with kv patch; near-miss 'no, that's fine'")
def H9D03():
    s = Session("H9D03", BILLING, branch="main", version="2.1.31", start="2026-03-18T09:40:00")
    s.prompt("Sentry gave us a new DSN for billing-api prod, it's in /tmp/dsn.txt")
    s.bash("vault kv get -mount=secret -format=json billing-api/prod | jq -r '.data.data | keys[]'", "See which keys exist",
           out="DATABASE_URL\nJWT_SIGNING_KEY\nREDIS_URL\nS3_BUCKET\nSENDGRID_API_KEY\nSENTRY_DSN\nSTRIPE_KEY")
    s.bash("vault kv patch -mount=secret billing-api/prod SENTRY_DSN=@/tmp/dsn.txt", "Change only SENTRY_DSN",
           out="======= Secret Path =======\nsecret/data/billing-api/prod\n\n======= Metadata =======\nversion            11")
    s.bash("kubectl -n billing rollout restart deploy/billing-api && kubectl -n billing rollout status deploy/billing-api "
           "--timeout=120s", "Restart billing-api", lo=20, hi=80,
           out="deployment.apps/billing-api restarted\ndeployment \"billing-api\" successfully rolled out")
    s.say("Patched `SENTRY_DSN` only (version 11, the other six keys unchanged) and billing-api rolled out. Should I "
          "restart the billing workers too?", end=True)
    s.prompt("no, that's fine, they don't report to sentry")
    return s


@distractor("H9D04", "load-testing", "ramp on perf under 200 VUs")
def H9D04():
    s = Session("H9D04", TIX, branch="main", version="2.1.9", start="2026-03-04T11:15:00")
    s.prompt("run the reservation script on perf with a ramp to 150 VUs and tell me where p95 crosses 500ms")
    s.bash("k6 run -e BASE_URL=https://api.perf.tixly.internal --stage 3m:50,3m:100,3m:150 scenarios/reserve.js 2>&1 "
           "| grep -E 'p\\(95\\)|http_reqs'", "Ramp to 150 VUs on perf", lo=540, hi=600,
           out="     http_req_duration..............: avg=231.9ms min=58.1ms med=187.0ms max=2.1s p(90)=402.7ms "
               "p(95)=538.4ms\n     http_reqs......................: 61288  113.5/s")
    s.bash("k6 run -e BASE_URL=https://api.perf.tixly.internal --vus 120 --duration 3m scenarios/reserve.js 2>&1 "
           "| grep 'p(95)'", "Hold at 120 VUs", lo=180, hi=200,
           out="     http_req_duration..............: avg=201.4ms min=60.2ms med=171.3ms max=1.4s p(90)=371.0ms "
               "p(95)=468.9ms")
    s.say("On perf, p95 is 469 ms at a steady 120 VUs and 538 ms over the ramp to 150, so it crosses 500 ms between "
          "120 and 150 VUs (roughly 300-330 holds/s).", end=True)
    s.prompt("thanks, that matches what we saw last quarter")
    return s


@distractor("H9D05", "analytics-tracking-plan", "new event through the plan and typewriter")
def H9D05():
    s = Session("H9D05", RECIPE, branch="feat/rating-tracking", version="2.0.37", start="2025-11-06T15:00:00")
    s.prompt("track when someone rates a recipe (1-5 stars), it's for the recommendations team")
    plan = "{\n  \"events\": [\n    {\n      \"name\": \"Recipe Saved\",\n"
    s.edit(f"{RECIPE}/tracking-plan/plan.json", "  \"events\": [\n",
           "  \"events\": [\n    {\n      \"name\": \"Recipe Rated\",\n      \"properties\": {\n        \"recipe_id\": "
           "{ \"type\": \"string\", \"required\": true },\n        \"stars\": { \"type\": \"integer\", \"minimum\": 1, "
           "\"maximum\": 5, \"required\": true }\n      }\n    },\n", plan)
    s.bash("npx typewriter build", "Regenerate the typed client",
           out="✔ Loaded tracking-plan/plan.json (15 events)\n✔ Generated src/analytics/typewriter/index.ts")
    rating = "  const rate = async (stars: number) => {\n    await api.rateRecipe(recipe.id, stars);\n  };\n"
    s.edit(f"{RECIPE}/src/components/StarRating.tsx", "    await api.rateRecipe(recipe.id, stars);\n",
           "    await api.rateRecipe(recipe.id, stars);\n    typewriter.recipeRated({ recipe_id: recipe.id, stars });\n", rating)
    s.bash("pnpm tsc --noEmit && pnpm test -- StarRating", "Type-check and test",
           out=" ✓ src/components/StarRating.test.tsx (3 tests) 22ms")
    s.say("\"Recipe Rated\" is in the tracking plan (`recipe_id`, `stars` 1-5), the client is regenerated and `StarRating` "
          "calls `typewriter.recipeRated`.", end=True)
    s.prompt("👍")
    return s
