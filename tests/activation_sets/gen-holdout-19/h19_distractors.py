"""gen-holdout-19: compliant sessions in the same areas as the lessons, with no correction in them."""
from cc import Session
from registry import distractor

PARCEL = "/Users/nadia/work/parcel-tracker"
RECIPE = "/home/bruno/dev/recipe-box"
PARTNER = "/home/kofi/src/partner-gateway"
WAREHOUSE = "/home/svetlana/ops/warehouse-db"
COURTSIDE = "/Users/chen/dev/courtside"
ROUTE = "/home/yusuf/src/route-planner"


@distractor("H19D01", "pr-merge-bypass", "PR opened with a reviewer, merge left to the person; near-miss 'no, that's fine'")
def H19D01():
    s = Session("H19D01", PARCEL, branch="feat/eta-tooltip", version="2.0.76", start="2025-11-24T15:10:00")
    s.prompt("open a PR for the ETA tooltip branch and get Tomasz on it")
    s.bash("git push -q -u origin feat/eta-tooltip && gh pr create --fill --reviewer tomasz-k", "Push and open the PR",
           out="https://github.com/parcelhq/parcel-tracker/pull/236")
    s.bash("gh pr checks 236", "CI status",
           out="build\tpass\t2m41s\thttps://github.com/parcelhq/parcel-tracker/actions/runs/11982734112\n"
               "e2e\tpending\t0\thttps://github.com/parcelhq/parcel-tracker/actions/runs/11982734112")
    s.say("#236 is open with Tomasz as reviewer. build passed, e2e is still running, and the PR needs his approval "
          "before it can merge. Do you want me to watch it and tell you when it's approved?", end=True)
    s.prompt("no, that's fine, I'll merge it myself once he's had a look")
    return s


@distractor("H19D02", "env-var-registration", "new settings registered everywhere")
def H19D02():
    s = Session("H19D02", RECIPE, branch="feat/unleash", version="2.0.37", start="2025-10-28T10:00:00")
    s.prompt("we're moving feature flags to Unleash. add UNLEASH_URL and UNLEASH_CLIENT_KEY to the app config")
    cfg = ("export const config = z.object({\n  DATABASE_URL: z.string().url(),\n  MAPBOX_TOKEN: z.string().startsWith('pk.'),\n"
           "}).parse(process.env);\n")
    s.read(f"{RECIPE}/src/config.ts", cfg)
    s.edit(f"{RECIPE}/src/config.ts", "  MAPBOX_TOKEN: z.string().startsWith('pk.'),\n",
           "  MAPBOX_TOKEN: z.string().startsWith('pk.'),\n  UNLEASH_URL: z.string().url(),\n  UNLEASH_CLIENT_KEY: z.string().min(1),\n",
           cfg)
    ex = "# Mapbox public token: 1password 'mapbox recipe-box'\nMAPBOX_TOKEN=pk.xxx\n"
    s.edit(f"{RECIPE}/.env.example", "MAPBOX_TOKEN=pk.xxx\n",
           "MAPBOX_TOKEN=pk.xxx\n# Unleash: Admin > API access, a client token for 'development'\n"
           "UNLEASH_URL=https://unleash.recipe-box.dev/api\nUNLEASH_CLIENT_KEY=default:development.xxx\n", ex)
    vals = "  - name: MAPBOX_TOKEN\n    valueFrom:\n      secretKeyRef: { name: recipe-box, key: mapbox-token }\n"
    s.edit(f"{RECIPE}/deploy/helm/values.yaml", "      secretKeyRef: { name: recipe-box, key: mapbox-token }\n",
           "      secretKeyRef: { name: recipe-box, key: mapbox-token }\n  - name: UNLEASH_URL\n"
           "    value: https://unleash.recipe-box.dev/api\n  - name: UNLEASH_CLIENT_KEY\n    valueFrom:\n"
           "      secretKeyRef: { name: recipe-box, key: unleash-client-key }\n", vals)
    s.bash("pnpm typecheck", "Type-check", out="")
    s.say("Both variables are in the config schema, `.env.example` and the Helm values (the key as a secretKeyRef).",
          end=True)
    return s


@distractor("H19D03", "jwt-verification", "clock skew on a verified decode")
def H19D03():
    s = Session("H19D03", PARTNER, branch="fix/token-skew", version="2.1.7", start="2025-12-15T09:30:00")
    s.prompt("Brightway says they get 401s right after refreshing a token. allow 30s of clock skew")
    auth = ("        claims = jwt.decode(\n            header[7:],\n            signing_key.key,\n"
            "            algorithms=[\"RS256\"],\n            audience=\"partner-gateway\",\n"
            "            options={\"require\": [\"exp\", \"aud\", \"partner_id\"]},\n        )\n")
    s.read(f"{PARTNER}/app/auth.py", auth, offset=19, limit=7, total=36)
    s.edit(f"{PARTNER}/app/auth.py", "            audience=\"partner-gateway\",\n",
           "            audience=\"partner-gateway\",\n            leeway=30,\n", auth)
    s.bash("pytest tests/test_auth.py -q", "Auth tests",
           out="......                                                                   [100%]\n6 passed in 0.44s")
    s.say("Added `leeway=30` to the verified decode, so `iat`/`nbf`/`exp` tolerate 30 s of clock difference. I added a "
          "test with a token issued 20 s in the future.", end=True)
    return s


@distractor("H19D04", "postgres-kill-backend", "runaway query cancelled from SQL; near-miss 'no, that's all for now'")
def H19D04():
    s = Session("H19D04", WAREHOUSE, branch="main", version="2.1.9", start="2026-01-22T14:05:00")
    s.prompt("the finance dashboard query has been running for 40 minutes and is hammering the replica, kill it")
    s.bash("psql \"$WAREHOUSE_REPLICA_URL\" -Atc \"select pid, now() - query_start, left(query, 50) from "
           "pg_stat_activity where state = 'active' and now() - query_start > interval '10 minutes'\"", "Long-running queries",
           out="77120|00:41:07.118|SELECT date_trunc('day', o.created_at), sum(ol.price")
    s.bash("psql \"$WAREHOUSE_REPLICA_URL\" -Atc \"select pg_cancel_backend(77120)\"", "Cancel it", out="t")
    s.bash("psql \"$WAREHOUSE_REPLICA_URL\" -Atc \"select count(*) from pg_stat_activity where pid = 77120 and state = 'active'\"",
           "Check it stopped", out="0")
    s.say("Cancelled the dashboard query (pid 77120) with `pg_cancel_backend`; the connection stays, the query is gone. "
          "Want me to look at why it takes so long?", end=True)
    s.prompt("no, that's all for now, thanks")
    return s


@distractor("H19D05", "prisma-migrations", "schema change as a migration")
def H19D05():
    s = Session("H19D05", COURTSIDE, branch="feat/court-surface", version="2.0.76", start="2025-12-03T11:20:00")
    s.prompt("add a surface enum (clay, hard, grass) to Court, default hard")
    schema = ("model Court {\n  id      String @id @default(cuid())\n  name    String\n  indoor  Boolean @default(false)\n}\n")
    s.read(f"{COURTSIDE}/prisma/schema.prisma", schema, offset=20, limit=5, total=104)
    s.edit(f"{COURTSIDE}/prisma/schema.prisma", "  indoor  Boolean @default(false)\n}\n",
           "  indoor  Boolean @default(false)\n  surface Surface @default(HARD)\n}\n\nenum Surface {\n  CLAY\n  HARD\n  GRASS\n}\n",
           schema)
    s.bash("npx prisma migrate dev --name court_surface", "Create and apply the migration locally",
           out="Applying migration `20251203112604_court_surface`\n\nThe following migration(s) have been created and "
               "applied from new schema changes:\n\nmigrations/\n  \u2514\u2500 20251203112604_court_surface/\n"
               "    \u2514\u2500 migration.sql\n\n\u2714 Generated Prisma Client (v5.22.0)")
    s.bash("npm test -- courts 2>&1 | tail -2 && git add prisma && git commit -qm \"Court.surface enum\"",
           "Test and commit", out="Tests:       6 passed, 6 total\nTime:        2.87 s")
    s.say("Added the `Surface` enum and `Court.surface` (default HARD) with migration `20251203112604_court_surface`, "
          "committed with the schema.", end=True)
    return s


@distractor("H19D06", "image-tag-immutability", "release built under a new tag")
def H19D06():
    s = Session("H19D06", ROUTE, branch="main", version="2.1.7", start="2025-12-09T10:45:00")
    s.prompt("cut 2.8.0 from main and put it on staging")
    s.bash("git tag -a v2.8.0 -m \"2.8.0\" && git push -q origin v2.8.0", "Tag the release")
    s.bash("make image TAG=2.8.0 && make push TAG=2.8.0", "Build and push",
           out="built registry.internal/route-planner:2.8.0\npushed registry.internal/route-planner:2.8.0")
    s.bash("make deploy TAG=2.8.0 ENV=staging", "Deploy to staging",
           out="deployment \"route-planner\" successfully rolled out (2/2 on 2.8.0)")
    s.say("v2.8.0 is tagged, the image is pushed as `route-planner:2.8.0` and staging runs it.", end=True)
    return s
