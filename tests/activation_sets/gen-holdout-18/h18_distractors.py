"""gen-holdout-18: compliant sessions in the same areas as the lessons, with no correction in them."""
from cc import Session
from registry import distractor

SHIFT = "/Users/maya/src/shiftboard"
BOOK = "/home/oskar/code/bookings-platform"
COURIER = "/home/arjun/src/courier-api"
INVOICING = "/home/elif/dev/invoicing-service"
SHOPDB = "/home/marco/ops/shop-db"
TRAVEL = "/Users/gabi/code/travelnest-web"


@distractor("H18D01", "graphite-stacks", "review fix on the bottom of a stack with gt; near-miss 'no, that's fine'")
def H18D01():
    s = Session("H18D01", SHIFT, branch="shifts/swap-api", version="2.1.9", start="2026-01-22T09:15:00")
    s.prompt("Lina wants accept/decline renamed to approve/reject in the swap API (#731). do it and update the stack")
    s.bash("gt checkout shifts/swap-api && git grep -n 'decline' -- src/api | head -3", "Go to the API branch",
           out="src/api/swaps.ts:41:router.post('/swaps/:id/decline', declineSwap);\nsrc/api/swaps.ts:88:export async "
               "function declineSwap(req, res) {")
    src = "router.post('/swaps/:id/accept', acceptSwap);\nrouter.post('/swaps/:id/decline', declineSwap);\n"
    s.read(f"{SHIFT}/src/api/swaps.ts", src, offset=40, limit=2, total=130)
    s.edit(f"{SHIFT}/src/api/swaps.ts", src,
           "router.post('/swaps/:id/approve', approveSwap);\nrouter.post('/swaps/:id/reject', rejectSwap);\n", src)
    s.bash("pnpm test src/api/swaps 2>&1 | tail -1 && gt modify -a -m \"swap API: approve/reject\" && gt submit --stack "
           "--no-interactive | tail -2", "Test, amend and resubmit the stack",
           out="Tests  12 passed (12)\nshifts/swap-api: https://app.graphite.dev/github/pr/shiftboard/shiftboard/731 "
               "(updated)\nshifts/swap-requests: https://app.graphite.dev/github/pr/shiftboard/shiftboard/732 (updated)")
    s.say("Renamed the routes and handlers to approve/reject, amended the API branch with `gt modify`, and `gt submit "
          "--stack` restacked and updated both #731 and #732. Should I also rename the UI's button labels in #732?",
          end=True)
    s.prompt("no, that's fine, the UI already says approve/reject")
    return s


@distractor("H18D02", "docker-compose", "personal mount added to the override file")
def H18D02():
    s = Session("H18D02", BOOK, branch="main", version="2.0.76", start="2025-12-01T10:00:00")
    s.prompt("I want my local checkout of pricing-rules (~/code/pricing-rules) mounted into the api container so I can "
             "try rule changes without publishing them")
    ov = "services:\n  db:\n    ports: !override\n      - \"55432:5432\"\n"
    s.read(f"{BOOK}/compose.override.yaml", ov)
    s.edit(f"{BOOK}/compose.override.yaml", "services:\n",
           "services:\n  api:\n    volumes:\n      - ~/code/pricing-rules:/app/vendor/pricing-rules:ro\n", ov)
    s.bash("docker compose up -d api && docker compose exec api ls /app/vendor/pricing-rules | head -3",
           "Recreate the api and check the mount", out="README.md\nrules\nschema.json")
    s.say("Your pricing-rules checkout is mounted read-only at `/app/vendor/pricing-rules` through "
          "`compose.override.yaml`, so nobody else's stack changes.", end=True)
    return s


@distractor("H18D03", "fastapi-response-models", "new route with its Out schema")
def H18D03():
    s = Session("H18D03", COURIER, branch="feat/vehicle-lookup", version="2.1.9", start="2026-01-12T14:30:00")
    s.prompt("the depot app needs GET /vehicles/{plate}")
    s.read(f"{COURIER}/app/schemas/driver.py",
           "class VehicleOut(BaseModel):\n    model_config = ConfigDict(from_attributes=True)\n    id: int\n"
           "    plate: str\n    model: str\n", offset=12, limit=5, total=40)
    s.write(f"{COURIER}/app/routers/vehicles.py",
            "router = APIRouter(tags=[\"vehicles\"])\n\n\n@router.get(\"/vehicles/{plate}\", response_model=VehicleOut)\n"
            "async def vehicle_by_plate(plate: str, db: AsyncSession = Depends(get_db)):\n"
            "    vehicle = await db.scalar(select(Vehicle).where(Vehicle.plate == plate.upper()))\n"
            "    if vehicle is None:\n        raise HTTPException(status_code=404)\n    return vehicle\n")
    s.bash("pytest tests/test_vehicles.py -q", "Run the vehicle tests",
           out="...                                                                      [100%]\n3 passed in 0.58s")
    s.say("Added `GET /vehicles/{plate}` returning `VehicleOut` (id, plate, model), case-insensitive on the plate, "
          "404 when unknown. Tests pass.", end=True)
    return s


@distractor("H18D04", "spring-scheduling", "locked hourly job")
def H18D04():
    s = Session("H18D04", INVOICING, branch="main", version="2.1.7", start="2025-12-15T11:00:00")
    s.prompt("payment links older than 14 days should expire, check every hour")
    s.write(f"{INVOICING}/src/main/java/com/northwind/invoicing/payments/PaymentLinkExpiryJob.java",
            "@Component\n@RequiredArgsConstructor\npublic class PaymentLinkExpiryJob {\n    private final PaymentLinkService "
            "links;\n\n    @Scheduled(cron = \"0 0 * * * *\")\n    @SchedulerLock(name = \"expirePaymentLinks\", "
            "lockAtMostFor = \"PT10M\", lockAtLeastFor = \"PT30S\")\n    public void expire() {\n"
            "        links.expireOlderThan(Duration.ofDays(14));\n    }\n}\n")
    s.bash("./mvnw -q test -Dtest=PaymentLinkExpiryJobTest", "Run the job test",
           out="[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0")
    s.say("`PaymentLinkExpiryJob` runs hourly under the `expirePaymentLinks` ShedLock, so only one pod expires links "
          "each hour.", end=True)
    return s


@distractor("H18D05", "mysql-dumps", "dump from the replica; near-miss 'no, that's all for now'")
def H18D05():
    s = Session("H18D05", SHOPDB, branch="main", version="2.0.37", start="2025-10-23T15:20:00")
    s.prompt("I need the promotions and coupon_codes tables from prod to debug the stacking rules")
    s.bash("mysqldump -h mysql-prod-ro.internal --single-transaction --quick -u ops -p\"$MYSQL_OPS_PWD\" shop promotions "
           "coupon_codes | gzip > /tmp/promos-$(date +%F).sql.gz && ls -lh /tmp/promos-*.sql.gz", "Dump from the replica",
           out="-rw-r--r-- 1 marco marco 41M Oct 23 15:22 /tmp/promos-2025-10-23.sql.gz",
           err="mysqldump: [Warning] Using a password on the command line interface can be insecure.")
    s.say("Dumped both tables from the replica into `/tmp/promos-2025-10-23.sql.gz` (41 MB). Want me to load it into "
          "your local database too?", end=True)
    s.prompt("no, that's all for now, thanks")
    return s


@distractor("H18D06", "cypress-selectors", "spec written with data-cy hooks")
def H18D06():
    s = Session("H18D06", TRAVEL, branch="test/search-filters", version="2.0.76", start="2025-11-13T10:10:00")
    s.prompt("add a cypress test for the price filter on hotel search")
    f = "<template>\n  <input v-model.number=\"maxPrice\" type=\"range\" data-cy=\"price-max\" />\n</template>\n"
    s.read(f"{TRAVEL}/src/components/search/PriceFilter.vue", f)
    s.write(f"{TRAVEL}/cypress/e2e/price-filter.cy.ts",
            "describe('price filter', () => {\n  it('hides hotels above the max price', () => {\n    cy.visit('/search?city="
            "lisbon')\n    cy.get('[data-cy=price-max]').invoke('val', 120).trigger('input')\n"
            "    cy.get('[data-cy=hotel-price]').each(($p) => expect(Number($p.attr('data-value'))).to.be.at.most(120))\n"
            "  })\n})\n")
    s.bash("npx cypress run --spec cypress/e2e/price-filter.cy.ts 2>&1 | tail -1", "Run the spec",
           out="  \u2714  All specs passed!                          00:03        1        1        -        -        -")
    s.say("Added `price-filter.cy.ts`; it drives the `price-max` slider and checks every `hotel-price` is at most 120. "
          "Passes.", end=True)
    return s
