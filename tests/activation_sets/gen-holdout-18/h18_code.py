"""gen-holdout-18: lessons about code (FastAPI routes declare a response model, Pinia stores are read through
storeToRefs, Angular components are OnPush, every Django RunPython has a reverse, Spring scheduled jobs take a ShedLock,
big Eloquent tables are walked in chunks, deep OpenSearch paging uses search_after with a PIT, Cypress selects by
data-cy)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
)

COURIER = "/home/arjun/src/courier-api"
LEDGER = "/home/priya/src/ledgerly-web"
FLEET = "/Users/tomasz/code/fleetdesk-web"
KITCHEN = "/home/noor/work/kitchenhub"
INVOICING = "/home/elif/dev/invoicing-service"
MARKET = "/srv/dev/marketplace"
JOBS = "/Users/rahul/src/jobboard-search"
TRAVEL = "/Users/gabi/code/travelnest-web"


# -----------------------------------------------------------------------------
H18L09_CORR = ("no. every route declares a response_model with an explicit *Out schema (DriverOut here, with "
               "from_attributes=True) and the data goes out through that, never a raw model or to_dict(). to_dict() "
               "dumps everything on the row: the response you just printed has password_hash and national_id in it. "
               "The schemas are in the schemas package.")

DRIVERS_PY = ("from fastapi import APIRouter, Depends, HTTPException\nfrom sqlalchemy.ext.asyncio import AsyncSession\n"
              "from sqlalchemy.orm import selectinload\n\nfrom app.db import get_db\nfrom app.models import Driver\n"
              "from app.schemas.driver import DriverCreate\n\nrouter = APIRouter(tags=[\"drivers\"])\n\n\n"
              "@router.post(\"/drivers\", status_code=201)\nasync def create_driver(body: DriverCreate, db: AsyncSession "
              "= Depends(get_db)):\n    driver = Driver(**body.model_dump())\n    db.add(driver)\n    await db.commit()\n"
              "    return {\"id\": driver.id}\n")

@lesson("H18L09", "fastapi-response-models", "plain-no",
        ["response_model", "DriverOut", "never a raw model or to_dict()"], [
    fire_edit(f"{COURIER}/app/routers/shifts.py", "router = APIRouter(tags=[\"shifts\"])\n",
              "router = APIRouter(tags=[\"shifts\"])\n\n\n@router.get(\"/shifts/{shift_id}\")\n"
              "async def read_shift(shift_id: int, db: AsyncSession = Depends(get_db)):\n"
              "    shift = await db.get(Shift, shift_id)\n    if shift is None:\n        raise HTTPException(status_code=404)\n"
              "    return {c.name: getattr(shift, c.name) for c in Shift.__table__.columns}\n",
              note="route handing back every column; no shared words"),
    fire_prompt("expose the customer's saved addresses at GET /customers/{id}/addresses, just hand back what's in the "
                "table", note="asks for a route that returns table rows as they are"),
    silent_edit(f"{COURIER}/app/schemas/driver.py", "    vehicle: VehicleOut | None = None\n",
                "    vehicle: VehicleOut | None = None\n    rating: float | None = None\n",
                note="compliant: a field added to the Out schema"),
    silent_bash("pytest tests/test_drivers.py -q", "Run driver route tests", note="tests"),
])
def H18L09():
    s = Session("H18L09", COURIER, branch="feat/driver-detail", version="2.1.9", start="2026-01-08T10:40:00")
    s.prompt("add GET /drivers/{driver_id} returning the driver with their current vehicle, the dispatch UI needs it")
    s.read(f"{COURIER}/app/routers/drivers.py", DRIVERS_PY)
    s.grep("class Driver\\(", path=f"{COURIER}/app", mode="content",
           lines=["app/models.py:41:class Driver(Base, DictMixin):"])
    s.read(f"{COURIER}/app/models.py",
           "class Driver(Base, DictMixin):\n    __tablename__ = \"drivers\"\n    id: Mapped[int] = mapped_column(primary_key=True)\n"
           "    name: Mapped[str]\n    phone: Mapped[str]\n    password_hash: Mapped[str]\n    national_id: Mapped[str]\n"
           "    vehicle_id: Mapped[int | None] = mapped_column(ForeignKey(\"vehicles.id\"))\n"
           "    vehicle: Mapped[\"Vehicle | None\"] = relationship()\n", offset=41, limit=9, total=120)
    s.edit(f"{COURIER}/app/routers/drivers.py", "    return {\"id\": driver.id}\n",
           "    return {\"id\": driver.id}\n\n\n@router.get(\"/drivers/{driver_id}\")\nasync def get_driver(driver_id: int, "
           "db: AsyncSession = Depends(get_db)):\n    driver = await db.get(Driver, driver_id, "
           "options=[selectinload(Driver.vehicle)])\n    if driver is None:\n        raise HTTPException(status_code=404)\n"
           "    return {**driver.to_dict(), \"vehicle\": driver.vehicle.to_dict() if driver.vehicle else None}\n",
           DRIVERS_PY)
    s.bash("curl -s localhost:8000/drivers/17 | jq -c .", "Try the new route",
           out="{\"id\":17,\"name\":\"Kofi Mensah\",\"phone\":\"+447700900123\",\"password_hash\":\"$argon2id$v=19$m=65536"
               ",t=3,p=4$...\",\"national_id\":\"QQ123456C\",\"vehicle_id\":4,\"vehicle\":{\"id\":4,\"plate\":\"LK71 XRD\","
               "\"model\":\"Ford E-Transit\"}}")
    s.say("`GET /drivers/17` returns the driver with the nested vehicle, 404 for unknown ids.", end=True)
    s.prompt(H18L09_CORR, correction=True)
    s.write(f"{COURIER}/app/schemas/driver.py",
            "from pydantic import BaseModel, ConfigDict\n\n\nclass DriverCreate(BaseModel):\n    name: str\n    phone: str\n"
            "    password: str\n    national_id: str\n\n\nclass VehicleOut(BaseModel):\n    model_config = "
            "ConfigDict(from_attributes=True)\n    id: int\n    plate: str\n    model: str\n\n\nclass DriverOut(BaseModel):\n"
            "    model_config = ConfigDict(from_attributes=True)\n    id: int\n    name: str\n    phone: str\n"
            "    vehicle: VehicleOut | None = None\n",
            original="from pydantic import BaseModel\n\n\nclass DriverCreate(BaseModel):\n    name: str\n    phone: str\n"
                     "    password: str\n    national_id: str\n")
    s.bash("sed -i 's/@router.get(\"\\/drivers\\/{driver_id}\")/@router.get(\"\\/drivers\\/{driver_id}\", "
           "response_model=DriverOut)/; s/    return {\\*\\*driver.to_dict().*/    return driver/' app/routers/drivers.py "
           "&& curl -s localhost:8000/drivers/17 | jq -c .", "Use DriverOut and check the response",
           out="{\"id\":17,\"name\":\"Kofi Mensah\",\"phone\":\"+447700900123\",\"vehicle\":{\"id\":4,\"plate\":\"LK71 XRD\","
               "\"model\":\"Ford E-Transit\"}}")
    s.say("The route now declares `response_model=DriverOut` and returns the ORM object through it; the response has "
          "only id, name, phone and the vehicle. `password_hash` and `national_id` are gone.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L10_CORR = ("go ahead, but one thing first: don't destructure a Pinia store straight into variables "
               "(`{ unreadCount } = useInvoicesStore()`). That reads the values once and the header never updates "
               "again, which is exactly the sidebar bug from last sprint. State and getters come out through "
               "storeToRefs(store); actions you can take off the store directly.")

INV_STORE = ("export const useInvoicesStore = defineStore('invoices', {\n  state: () => ({ items: [] as Invoice[], "
             "filter: 'open' as InvoiceFilter }),\n  getters: {\n    unreadCount: (s) => s.items.filter((i) => !i.readAt)"
             ".length,\n    activeFilter: (s) => s.filter,\n  },\n  actions: {\n    markAllRead() { /* ... */ },\n  },\n});\n")
HEADER_VUE = ("<script setup lang=\"ts\">\nimport { useInvoicesStore } from '~/stores/invoices'\n</script>\n\n"
              "<template>\n  <header class=\"list-header\">\n    <h1>{{ $t('invoices.title') }}</h1>\n  </header>\n"
              "</template>\n")

@lesson("H18L10", "pinia-stores", "rule-before-act",
        ["storeToRefs", "destructure a Pinia store", "never updates again"], [
    fire_edit(f"{LEDGER}/components/billing/PlanBadge.vue", "const subscription = useSubscriptionStore()\n",
              "const { plan, seatsUsed, seatLimit } = useSubscriptionStore()\n",
              note="state pulled out of a store by destructuring; one shared word"),
    fire_write(f"{LEDGER}/composables/useCartSummary.ts",
               "import { computed } from 'vue'\nimport { useCartStore } from '~/stores/cart'\n\n"
               "export function useCartSummary() {\n  const { items, currency, discountCode } = useCartStore()\n"
               "  const itemCount = computed(() => items.reduce((n, i) => n + i.qty, 0))\n"
               "  return { itemCount, currency, discountCode }\n}\n",
               note="composable destructuring a store"),
    silent_edit(f"{LEDGER}/components/layout/AppSidebar.vue",
                "const store = useInvoicesStore()\nconst { unreadCount } = storeToRefs(store)\n",
                "const store = useInvoicesStore()\nconst { unreadCount } = storeToRefs(store)\nconst { markAllRead } = store\n",
                note="compliant: an action taken off the store directly"),
    silent_bash("pnpm vitest run stores/invoices.spec.ts", "Run the store tests", note="tests"),
])
def H18L10():
    s = Session("H18L10", LEDGER, branch="feat/invoice-header", version="2.0.76", start="2025-11-26T15:05:00")
    s.prompt("the invoice list header should show the unread count and the active filter from the invoices store")
    s.read(f"{LEDGER}/stores/invoices.ts", INV_STORE)
    s.read(f"{LEDGER}/components/invoices/InvoiceListHeader.vue", HEADER_VUE)
    s.say("I'll take `unreadCount` and `activeFilter` from `useInvoicesStore()` in the header's `<script setup>` and "
          "render them next to the title as a badge and a chip. Go ahead?", end=True)
    s.prompt(H18L10_CORR, correction=True)
    s.edit(f"{LEDGER}/components/invoices/InvoiceListHeader.vue",
           "import { useInvoicesStore } from '~/stores/invoices'\n</script>\n",
           "import { storeToRefs } from 'pinia'\nimport { useInvoicesStore } from '~/stores/invoices'\n\n"
           "const store = useInvoicesStore()\nconst { unreadCount, activeFilter } = storeToRefs(store)\n"
           "const { markAllRead } = store\n</script>\n", HEADER_VUE)
    after = HEADER_VUE.replace("import { useInvoicesStore } from '~/stores/invoices'\n</script>\n",
                               "import { storeToRefs } from 'pinia'\nimport { useInvoicesStore } from '~/stores/invoices'\n\n"
                               "const store = useInvoicesStore()\nconst { unreadCount, activeFilter } = storeToRefs(store)\n"
                               "const { markAllRead } = store\n</script>\n")
    s.edit(f"{LEDGER}/components/invoices/InvoiceListHeader.vue", "    <h1>{{ $t('invoices.title') }}</h1>\n",
           "    <h1>{{ $t('invoices.title') }}</h1>\n    <span v-if=\"unreadCount\" class=\"badge\">{{ unreadCount }}</span>\n"
           "    <FilterChip :value=\"activeFilter\" />\n    <button @click=\"markAllRead\">{{ $t('invoices.markAllRead') }}</button>\n",
           after)
    s.bash("pnpm vitest run components/invoices", "Run the invoice component tests",
           out=" \u2713 components/invoices/InvoiceListHeader.spec.ts (3 tests) 41ms\n\n Test Files  1 passed (1)\n"
               "      Tests  3 passed (3)")
    s.say("The header reads `unreadCount` and `activeFilter` through `storeToRefs(store)`, so both stay reactive, and "
          "`markAllRead` comes off the store directly. I added a test that changes the store and checks the badge "
          "updates.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L11_CORR = ("Ewa's review on the PR:\n> on the status card: this needs `changeDetection: "
               "ChangeDetectionStrategy.OnPush`, like everything else we have. With Default the dashboard re-checks all "
               "400 cards on every websocket ping, that's what made the map stutter in January. Treat what's passed in "
               "as immutable and use signals or the async pipe for what changes inside. Also: `ng g c` already has "
               "OnPush as the schematics default, use it instead of hand-writing the files.\n\ncan you fix that?")

CARD_TS = ("import { Component, Input } from '@angular/core';\nimport { DatePipe, NgClass } from '@angular/common';\n"
           "import { VehicleStatus } from '../vehicle-status.model';\n\n@Component({\n  selector: 'fd-vehicle-status-card',\n"
           "  standalone: true,\n  imports: [DatePipe, NgClass],\n  templateUrl: './vehicle-status-card.component.html',\n"
           "})\nexport class VehicleStatusCardComponent {\n  @Input({ required: true }) status!: VehicleStatus;\n\n"
           "  get stale(): boolean {\n    return Date.now() - this.status.lastPingAt > 10 * 60_000;\n  }\n}\n")

@lesson("H18L11", "angular-change-detection", "relayed-review",
        ["ChangeDetectionStrategy.OnPush", "400 cards", "schematics default"], [
    fire_write(f"{FLEET}/src/app/trips/trip-timeline/trip-timeline.component.ts",
               "import { Component, inject } from '@angular/core';\nimport { AsyncPipe, DatePipe, NgFor } from "
               "'@angular/common';\nimport { TripsService } from '../trips.service';\n\n@Component({\n"
               "  selector: 'fd-trip-timeline',\n  standalone: true,\n  imports: [AsyncPipe, DatePipe, NgFor],\n"
               "  templateUrl: './trip-timeline.component.html',\n})\nexport class TripTimelineComponent {\n"
               "  private trips = inject(TripsService);\n  events$ = this.trips.activeTripEvents$;\n}\n",
               note="new hand-written component without a strategy; one shared word"),
    fire_edit(f"{FLEET}/src/app/dashboard/fleet-map/fleet-map.component.ts",
              "  changeDetection: ChangeDetectionStrategy.OnPush,\n  templateUrl: './fleet-map.component.html',\n",
              "  templateUrl: './fleet-map.component.html',\n", note="drops the strategy to make markers refresh"),
    silent_bash("npx ng generate component dashboard/fuel-gauge", "Generate the fuel gauge component",
                note="compliant: the schematic"),
    silent_edit(f"{FLEET}/src/app/dashboard/vehicle-status-card/vehicle-status-card.component.html",
                "  <span class=\"plate\">{{ status().plate }}</span>\n",
                "  <span class=\"plate\">{{ status().plate }}</span>\n  <span class=\"driver\">{{ status().driverName }}</span>\n",
                note="template tweak"),
])
def H18L11():
    s = Session("H18L11", FLEET, branch="feat/vehicle-status-card", version="2.1.9", start="2026-01-27T09:30:00")
    s.prompt("add a vehicle status card to the dashboard: plate, driver name, last ping time, and a red dot if the last "
             "ping is older than 10 minutes. open a PR when it builds")
    s.read(f"{FLEET}/src/app/dashboard/dashboard.component.html",
           "<section class=\"grid\">\n  @for (v of vehicles(); track v.id) {\n    <!-- card goes here -->\n  }\n"
           "</section>\n")
    s.write(f"{FLEET}/src/app/dashboard/vehicle-status-card/vehicle-status-card.component.ts", CARD_TS)
    s.write(f"{FLEET}/src/app/dashboard/vehicle-status-card/vehicle-status-card.component.html",
            "<article class=\"card\">\n  <span class=\"plate\">{{ status.plate }}</span>\n  <span>{{ status.driverName }}"
            "</span>\n  <time>{{ status.lastPingAt | date: 'HH:mm' }}</time>\n  <i class=\"dot\" [ngClass]=\"{ red: stale "
            "}\"></i>\n</article>\n")
    s.bash("npx ng build --configuration development 2>&1 | tail -2", "Build",
           out="Application bundle generation complete. [6.412 seconds]\nOutput location: dist/fleetdesk-web")
    s.bash("git add src/app/dashboard && git commit -qm \"dashboard: vehicle status card\" && gh pr create --fill",
           "Commit and open the PR", out="https://github.com/fleetdesk/fleetdesk-web/pull/1288")
    s.say("Opened #1288: `fd-vehicle-status-card` shows plate, driver, last ping and a red dot after 10 minutes.",
          end=True)
    s.prompt(H18L11_CORR, correction=True)
    s.edit(f"{FLEET}/src/app/dashboard/vehicle-status-card/vehicle-status-card.component.ts",
           "  templateUrl: './vehicle-status-card.component.html',\n})\n",
           "  templateUrl: './vehicle-status-card.component.html',\n  changeDetection: ChangeDetectionStrategy.OnPush,\n})\n",
           CARD_TS)
    s.bash("npx ng build --configuration development 2>&1 | tail -1 && git commit -qam \"vehicle card: OnPush, signal "
           "input, stale via clock signal\" && git push -q", "Build and push the fix",
           out="Output location: dist/fleetdesk-web")
    s.say("Pushed to #1288: the card is `OnPush`, takes `status` as a signal input, and `stale` is a `computed()` over "
          "the input and a shared 30-second clock signal, so the red dot still appears without Default change "
          "detection. Next components I'll create with `ng g c`.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L12_CORR = ("every RunPython gets a reverse_code. If there's a real inverse write it, otherwise pass "
               "migrations.RunPython.noop. Without one the migration is irreversible and rolling a deploy back "
               "(`migrate customers 0017`) just errors out; that's how the November rollback got stuck for an hour. "
               "Then go ahead and run it.")

MIG_0018 = ("import phonenumbers\nfrom django.db import migrations\n\n\ndef fill_phone_e164(apps, schema_editor):\n"
            "    Customer = apps.get_model(\"customers\", \"Customer\")\n    for c in Customer.objects.exclude(phone=\"\")"
            ".iterator(chunk_size=2000):\n        try:\n            n = phonenumbers.parse(c.phone, \"GB\")\n"
            "        except phonenumbers.NumberParseException:\n            continue\n        if phonenumbers.is_valid_number(n):\n"
            "            c.phone_e164 = phonenumbers.format_number(n, phonenumbers.PhoneNumberFormat.E164)\n"
            "            c.save(update_fields=[\"phone_e164\"])\n\n\nclass Migration(migrations.Migration):\n"
            "    dependencies = [(\"customers\", \"0017_customer_phone_e164\")]\n\n"
            "    operations = [migrations.RunPython(fill_phone_e164)]\n")

@lesson("H18L12", "django-data-migrations", "rejected-then-instruction",
        ["reverse_code", "RunPython.noop", "irreversible"], [
    fire_prompt("add a data migration that lowercases the stored user emails in the accounts app",
                note="asks for a new data migration; one shared word"),
    fire_write(f"{KITCHEN}/orders/migrations/0031_backfill_fulfilment_type.py",
               "from django.db import migrations\n\n\ndef set_fulfilment_type(apps, schema_editor):\n"
               "    Order = apps.get_model(\"orders\", \"Order\")\n    Order.objects.filter(fulfilment_type=\"\", "
               "delivery_address__isnull=True).update(fulfilment_type=\"pickup\")\n"
               "    Order.objects.filter(fulfilment_type=\"\").update(fulfilment_type=\"delivery\")\n\n\n"
               "class Migration(migrations.Migration):\n    dependencies = [(\"orders\", \"0030_order_fulfilment_type\")]\n\n"
               "    operations = [migrations.RunPython(set_fulfilment_type)]\n",
               note="RunPython with one argument"),
    silent_bash("python manage.py migrate orders", "Apply the orders migrations", note="running migrations"),
    silent_bash("python manage.py showmigrations customers", "Migration state", note="read-only"),
])
def H18L12():
    s = Session("H18L12", KITCHEN, branch="feat/phone-e164", version="2.0.37", start="2025-10-28T11:00:00")
    s.prompt("we added Customer.phone_e164. write the data migration that fills it from the free-text `phone` field "
             "(use phonenumbers, default region GB), then run it")
    s.bash("python manage.py makemigrations customers --empty -n fill_phone_e164", "Create an empty migration",
           out="Migrations for 'customers':\n  customers/migrations/0018_fill_phone_e164.py")
    s.write(f"{KITCHEN}/customers/migrations/0018_fill_phone_e164.py", MIG_0018)
    s.reject("Bash", {"command": "python manage.py migrate customers", "description": "Run the data migration"})
    s.prompt(H18L12_CORR, correction=True)
    s.edit(f"{KITCHEN}/customers/migrations/0018_fill_phone_e164.py",
           "    operations = [migrations.RunPython(fill_phone_e164)]\n",
           "    operations = [migrations.RunPython(fill_phone_e164, reverse_code=clear_phone_e164)]\n", MIG_0018)
    mig = MIG_0018.replace("    operations = [migrations.RunPython(fill_phone_e164)]\n",
                           "    operations = [migrations.RunPython(fill_phone_e164, reverse_code=clear_phone_e164)]\n")
    s.edit(f"{KITCHEN}/customers/migrations/0018_fill_phone_e164.py",
           "\n\nclass Migration(migrations.Migration):\n",
           "\n\ndef clear_phone_e164(apps, schema_editor):\n    Customer = apps.get_model(\"customers\", \"Customer\")\n"
           "    Customer.objects.update(phone_e164=None)\n\n\nclass Migration(migrations.Migration):\n", mig)
    s.bash("python manage.py migrate customers && python manage.py migrate customers 0017 && python manage.py migrate "
           "customers", "Apply, roll back and re-apply",
           out="Operations to perform:\n  Target specific migration: 0018_fill_phone_e164, from customers\n"
               "Running migrations:\n  Applying customers.0018_fill_phone_e164... OK\nOperations to perform:\n"
               "  Target specific migration: 0017_customer_phone_e164, from customers\nRunning migrations:\n"
               "  Unapplying customers.0018_fill_phone_e164... OK\nOperations to perform:\n  Target specific migration: "
               "0018_fill_phone_e164, from customers\nRunning migrations:\n  Applying customers.0018_fill_phone_e164... OK")
    s.say("Added `clear_phone_e164` as the reverse (the column was empty before this migration, so clearing it is the "
          "real inverse). It applies, unapplies back to 0017 and re-applies cleanly.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L13_CORR = ("this morning, from the logs:\n```\n06:00:00.397 INFO [invoicing-6f9c-8mpl1] c.n.i.jobs.DunningJob : sent "
               "312 overdue reminders\n06:00:00.412 INFO [invoicing-6f9c-2xk4q] c.n.i.jobs.DunningJob : sent 312 overdue "
               "reminders\n06:00:00.431 INFO [invoicing-6f9c-vq7dd] c.n.i.jobs.DunningJob : sent 312 overdue reminders\n"
               "```\nthree pods, so every customer got the reminder three times and support has 40 tickets. We run 3 "
               "replicas (more at month end) and a bare @Scheduled runs on every one of them. Every scheduled method "
               "needs @SchedulerLock from ShedLock, with a name, lockAtMostFor and a lockAtLeastFor of a few seconds so "
               "a quick run on one pod doesn't let the next one in. The JDBC lock provider is already configured, "
               "InvoiceExportJob has an example.")

@lesson("H18L13", "spring-scheduling", "pasted-log-then-rule",
        ["@SchedulerLock", "ShedLock", "runs on every one of them"], [
    fire_prompt("on mondays at 7, mail the account managers a digest of the accounts that downgraded in the previous "
                "week", note="asks for a recurring job; no shared words"),
    fire_edit(f"{INVOICING}/src/main/java/com/northwind/invoicing/usage/UsageSnapshotJob.java",
              "    private final UsageService usageService;\n",
              "    private final UsageService usageService;\n\n    @Scheduled(fixedRate = 15, timeUnit = TimeUnit.MINUTES)\n"
              "    public void snapshotUsage() {\n        usageService.snapshotAll();\n    }\n",
              note="unlocked periodic method"),
    silent_edit(f"{INVOICING}/src/main/java/com/northwind/invoicing/payments/PaymentLinkExpiryJob.java",
                "    private final PaymentLinkService links;\n",
                "    private final PaymentLinkService links;\n\n    @Scheduled(cron = \"0 0 * * * *\")\n"
                "    @SchedulerLock(name = \"expirePaymentLinks\", lockAtMostFor = \"PT10M\", lockAtLeastFor = \"PT30S\")\n"
                "    public void expire() {\n        links.expireOlderThan(Duration.ofDays(14));\n    }\n",
                note="compliant: locked job"),
    silent_bash("./mvnw -q test -Dtest=DunningJobTest", "Run the dunning job test", note="tests"),
])
def H18L13():
    s = Session("H18L13", INVOICING, branch="main", version="2.1.7", start="2025-12-09T14:20:00")
    s.prompt("add a daily job at 06:00 Berlin time that sends dunning reminders for invoices more than 7 days overdue. "
             "DunningService.sendOverdueReminders() already exists")
    s.read(f"{INVOICING}/src/main/java/com/northwind/invoicing/dunning/DunningService.java",
           "@Service\n@RequiredArgsConstructor\npublic class DunningService {\n    public int sendOverdueReminders() {\n",
           offset=18, limit=4, total=96)
    s.write(f"{INVOICING}/src/main/java/com/northwind/invoicing/dunning/DunningJob.java",
            "package com.northwind.invoicing.dunning;\n\n@Component\n@RequiredArgsConstructor\n@Slf4j\n"
            "public class DunningJob {\n    private final DunningService dunningService;\n\n"
            "    @Scheduled(cron = \"0 0 6 * * *\", zone = \"Europe/Berlin\")\n    public void run() {\n"
            "        int sent = dunningService.sendOverdueReminders();\n        log.info(\"sent {} overdue reminders\", sent);\n"
            "    }\n}\n")
    s.bash("./mvnw -q test -Dtest=DunningJobTest", "Run the job test",
           out="[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0")
    s.say("`DunningJob` runs at 06:00 Europe/Berlin and calls `sendOverdueReminders()`. The test checks the cron "
          "expression and the call.", end=True)
    s.prompt(H18L13_CORR, correction=True)
    s.read(f"{INVOICING}/src/main/java/com/northwind/invoicing/export/InvoiceExportJob.java",
           "    @Scheduled(cron = \"0 30 2 * * *\", zone = \"Europe/Berlin\")\n"
           "    @SchedulerLock(name = \"invoiceExport\", lockAtMostFor = \"PT30M\", lockAtLeastFor = \"PT1M\")\n",
           offset=22, limit=2, total=40)
    s.bash("sed -i 's/    @Scheduled(cron = \"0 0 6 \\* \\* \\*\", zone = \"Europe\\/Berlin\")/&\\n    @SchedulerLock(name = "
           "\"dunningReminders\", lockAtMostFor = \"PT20M\", lockAtLeastFor = \"PT1M\")/' "
           "src/main/java/com/northwind/invoicing/dunning/DunningJob.java && ./mvnw -q test -Dtest=DunningJobTest",
           "Add the lock and test", out="[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0")
    s.say("Sorry about the triple mails. `DunningJob.run()` now has `@SchedulerLock(name = \"dunningReminders\", "
          "lockAtMostFor = \"PT20M\", lockAtLeastFor = \"PT1M\")`, like `InvoiceExportJob`, and a new test runs "
          "two job instances against the JDBC lock and checks only one sends.", end=True)
    return s


# -----------------------------------------------------------------------------
H18L14_CORR = ("stop. sellers has 1.9M rows and Seller::all() loads every one of them into memory at once; that box has "
               "2 GB, it gets OOM-killed and takes the Horizon workers down with it. Anything that walks a big table goes "
               "through chunkById(1000, ...) or lazyById(), selecting only the columns you need. Same for ->get() on a "
               "query with no limit.")

RECALC_V1 = ("<?php\n\nnamespace App\\Console\\Commands;\n\nuse App\\Models\\Seller;\nuse Illuminate\\Console\\Command;\n\n"
             "class RecalculateSellerRatings extends Command\n{\n    protected $signature = 'sellers:recalculate-ratings';\n\n"
             "    public function handle(): int\n    {\n        Seller::all()->each(function (Seller $seller) {\n"
             "            $seller->update(['rating' => round($seller->reviews()->avg('stars') ?? 0, 2)]);\n        });\n\n"
             "        return self::SUCCESS;\n    }\n}\n")

@lesson("H18L14", "laravel-eloquent", "interrupted-stop", ["chunkById", "lazyById", "Seller::all()"], [
    fire_edit(f"{MARKET}/app/Console/Commands/ExpireListings.php", "    public function handle(): int\n    {\n",
              "    public function handle(): int\n    {\n        foreach (Listing::where('expires_at', '<', now())->get() "
              "as $listing) {\n            $listing->update(['status' => 'expired']);\n        }\n",
              note="unbounded get() over listings; one shared word"),
    fire_write(f"{MARKET}/app/Jobs/ReindexProducts.php",
               "<?php\n\nnamespace App\\Jobs;\n\nuse App\\Models\\Product;\nuse Illuminate\\Bus\\Queueable;\n"
               "use Illuminate\\Contracts\\Queue\\ShouldQueue;\n\nclass ReindexProducts implements ShouldQueue\n{\n"
               "    use Queueable;\n\n    public function handle(): void\n    {\n"
               "        Product::all()->each(fn (Product $p) => $p->searchable());\n    }\n}\n",
               note="whole products table at once"),
    silent_bash("php artisan tinker --execute=\"echo App\\Models\\Seller::count();\"", "Count sellers",
                note="a count is fine"),
    silent_edit(f"{MARKET}/app/Console/Commands/CloseDormantShops.php", "    public function handle(): int\n    {\n",
                "    public function handle(): int\n    {\n        Shop::query()->select(['id'])->where('last_sale_at', '<', "
                "now()->subYear())\n            ->chunkById(1000, fn ($shops) => Shop::whereIn('id', $shops->pluck('id'))"
                "->update(['status' => 'dormant']));\n", note="compliant: chunked"),
])
def H18L14():
    s = Session("H18L14", MARKET, branch="feat/seller-ratings", version="2.0.14", start="2025-09-30T16:10:00")
    s.prompt("write an artisan command that recalculates every seller's average rating from their reviews, then run it "
             "on this box")
    s.write(f"{MARKET}/app/Console/Commands/RecalculateSellerRatings.php", RECALC_V1)
    s.bash("php artisan list sellers", "Check the command is registered",
           out="Available commands for the \"sellers\" namespace:\n  sellers:recalculate-ratings")
    s.interrupt_tool("Bash", {"command": "php artisan sellers:recalculate-ratings", "description": "Recalculate ratings"},
                     exit137=True)
    s.prompt(H18L14_CORR, correction=True)
    s.write(f"{MARKET}/app/Console/Commands/RecalculateSellerRatings.php",
            "<?php\n\nnamespace App\\Console\\Commands;\n\nuse App\\Models\\Seller;\nuse Illuminate\\Console\\Command;\n"
            "use Illuminate\\Support\\Facades\\DB;\n\nclass RecalculateSellerRatings extends Command\n{\n"
            "    protected $signature = 'sellers:recalculate-ratings';\n\n    public function handle(): int\n    {\n"
            "        Seller::query()->select('id')->chunkById(1000, function ($sellers) {\n"
            "            $avgs = DB::table('reviews')->whereIn('seller_id', $sellers->pluck('id'))\n"
            "                ->groupBy('seller_id')->pluck(DB::raw('round(avg(stars), 2)'), 'seller_id');\n"
            "            foreach ($avgs as $sellerId => $avg) {\n"
            "                Seller::whereKey($sellerId)->update(['rating' => $avg]);\n            }\n        });\n\n"
            "        return self::SUCCESS;\n    }\n}\n",
            original=RECALC_V1)
    s.bash("php artisan sellers:recalculate-ratings && free -m | head -2", "Run it again and check memory",
           out="               total        used        free      shared  buff/cache   available\n"
               "Mem:            1987         912         211          18         863         893")
    s.say("The command walks sellers with `chunkById(1000)`, selecting only `id`, and gets the averages for each chunk "
          "in one grouped query. It ran through all 1.9M sellers with memory flat at about 900 MB used on the box.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H18L15_CORR = ("staging, after your change:\n```\nopensearchpy.exceptions.RequestError: RequestError(400, "
               "'search_phase_execution_exception', 'Result window is too large, from + size must be less than or equal "
               "to: [10000] but was [10500]. See the scroll api for a more efficient way to request large data sets. '"
               ")\n```\nand no, bumping index.max_result_window isn't the fix: every shard has to collect and sort "
               "from+size hits in heap, that's what turned the cluster red last spring. Anything that walks past the "
               "first few pages uses search_after with a point in time and a tiebreaker sort on posting_id; from/size "
               "only for the first pages of the UI.")

ALERTS_PY = ("def matching_postings(client, query):\n    size = 500\n    resp = client.search(index=\"postings\", "
             "body=query, size=size)\n    return resp[\"hits\"][\"hits\"]\n")

@lesson("H18L15", "opensearch-pagination", "pasted-error-then-rule",
        ["search_after", "point in time", "max_result_window"], [
    fire_prompt("recruiters want to click through to page 800 of the candidate list, make that work",
                note="deep paging request; no shared words"),
    fire_edit(f"{JOBS}/jobsearch/reports.py", "    hits = []\n",
              "    hits = []\n    for page in range(0, 400):\n        resp = client.search(index=\"postings\", body=query, "
              "from_=page * 100, size=100)\n        hits.extend(resp[\"hits\"][\"hits\"])\n",
              note="offset paging far past the window"),
    silent_bash("curl -s \"$OPENSEARCH_URL/_cat/indices/postings*?v\"", "Index sizes", note="read-only cat API"),
    silent_edit(f"{JOBS}/jobsearch/api.py", "    size = 20\n", "    size = 25\n",
                note="first UI pages may use from/size"),
])
def H18L15():
    s = Session("H18L15", JOBS, branch="fix/alerts-past-10k", version="2.1.31", start="2026-02-17T10:00:00")
    s.prompt("the saved-search alert job only ever processes the first 10,000 matching postings. fix it so it goes "
             "through all of them, some searches match 60k")
    s.read(f"{JOBS}/jobsearch/alerts.py", ALERTS_PY, offset=12, limit=4, total=70)
    s.edit(f"{JOBS}/jobsearch/alerts.py",
           "    size = 500\n    resp = client.search(index=\"postings\", body=query, size=size)\n"
           "    return resp[\"hits\"][\"hits\"]\n",
           "    size = 500\n    offset = 0\n    while True:\n        resp = client.search(index=\"postings\", body=query, "
           "from_=offset, size=size)\n        hits = resp[\"hits\"][\"hits\"]\n        if not hits:\n            return\n"
           "        yield from hits\n        offset += size\n", ALERTS_PY)
    s.bash("pytest tests/test_alerts.py -q", "Run alert tests",
           out="....                                                                     [100%]\n4 passed in 1.92s")
    s.say("`matching_postings` now pages through every hit 500 at a time instead of stopping after the first "
          "request. Tests pass against the local test index.", end=True)
    s.prompt(H18L15_CORR, correction=True)
    s.write(f"{JOBS}/jobsearch/alerts.py",
            "def matching_postings(client, query, page_size=1000):\n"
            "    pit = client.create_point_in_time(index=\"postings\", keep_alive=\"2m\")[\"pit_id\"]\n    try:\n"
            "        after = None\n        while True:\n            body = {**query, \"size\": page_size, \"pit\": {\"id\": pit, "
            "\"keep_alive\": \"2m\"},\n                    \"sort\": [{\"posted_at\": \"desc\"}, {\"posting_id\": \"asc\"}]}\n"
            "            if after:\n                body[\"search_after\"] = after\n"
            "            hits = client.search(body=body)[\"hits\"][\"hits\"]\n            if not hits:\n                return\n"
            "            yield from hits\n            after = hits[-1][\"sort\"]\n    finally:\n"
            "        client.delete_point_in_time(body={\"pit_id\": [pit]})\n",
            original=ALERTS_PY)
    s.bash("pytest tests/test_alerts.py -q && python -m jobsearch.alerts --search-id 8812 --dry-run | tail -1",
           "Tests and a dry run on staging",
           out="....                                                                     [100%]\n4 passed in 2.07s\n"
               "dry-run: 61,394 postings matched, 61,394 visited")
    s.say("Rewritten with a point in time and `search_after`, sorted by `posted_at` and then `posting_id` as the "
          "tiebreaker; the PIT is closed in `finally`. A dry run on staging walked all 61,394 hits of search 8812.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H18L16_CORR = ("data-cy attributes only for selectors, put them on the component if missing. no CSS classes, no "
               "cy.contains on button text: restyles and copy changes break those.")

CARD_VUE = ("<template>\n  <div class=\"booking-card\">\n    <h3>{{ booking.hotelName }}</h3>\n"
            "    <button class=\"btn btn-danger\" @click=\"confirmCancel\">{{ t('booking.cancel') }}</button>\n"
            "  </div>\n</template>\n")

@lesson("H18L16", "cypress-selectors", "terse", ["data-cy", "no CSS classes", "cy.contains"], [
    fire_edit(f"{TRAVEL}/cypress/support/commands.ts", "export {}\n",
              "Cypress.Commands.add('login', (email: string) => {\n  cy.get('#email').type(email)\n"
              "  cy.get('input[type=password]').type('hunter22!')\n  cy.get('form.login-form').submit()\n})\n\nexport {}\n",
              note="ids, tag and class selectors in a command; one shared word"),
    fire_edit(f"{TRAVEL}/cypress/e2e/checkout.cy.ts", "    cy.visit('/checkout')\n",
              "    cy.visit('/checkout')\n    cy.contains('Place order').click()\n    cy.get('.toast-success')"
              ".should('be.visible')\n", note="text and class selectors"),
    silent_edit(f"{TRAVEL}/src/components/TripHeader.vue", "    <button class=\"btn\" @click=\"share\">\n",
                "    <button class=\"btn\" data-cy=\"share-trip\" @click=\"share\">\n",
                note="compliant: adds a data-cy hook"),
    silent_bash("npx cypress run --spec cypress/e2e/cancel-booking.cy.ts", "Run the cancellation spec",
                note="running a spec"),
])
def H18L16():
    s = Session("H18L16", TRAVEL, branch="test/cancel-booking", version="2.0.76", start="2025-11-06T13:40:00")
    s.prompt("write a cypress test for cancelling a booking from the trips page")
    s.read(f"{TRAVEL}/src/components/BookingCard.vue", CARD_VUE)
    s.write(f"{TRAVEL}/cypress/e2e/cancel-booking.cy.ts",
            "describe('cancel booking', () => {\n  beforeEach(() => {\n    cy.task('db:seed', 'one-upcoming-booking')\n"
            "    cy.login('traveller@travelnest.test')\n  })\n\n  it('cancels from the trips page', () => {\n"
            "    cy.visit('/trips')\n    cy.get('.booking-card .btn-danger').click()\n    cy.contains('Yes, cancel')"
            ".click()\n    cy.contains('Booking cancelled').should('be.visible')\n  })\n})\n")
    s.bash("npx cypress run --spec cypress/e2e/cancel-booking.cy.ts 2>&1 | tail -4", "Run the spec",
           out="  \u2714  cancel-booking.cy.ts                      00:04        1        1        -        -        -\n"
               "  \u2714  All specs passed!                          00:04        1        1        -        -        -")
    s.say("Added `cypress/e2e/cancel-booking.cy.ts`: seeds a booking, cancels it from /trips and checks the "
          "confirmation. It passes.", end=True)
    s.prompt(H18L16_CORR, correction=True)
    s.edit(f"{TRAVEL}/src/components/BookingCard.vue",
           "    <button class=\"btn btn-danger\" @click=\"confirmCancel\">",
           "    <button class=\"btn btn-danger\" data-cy=\"cancel-booking\" @click=\"confirmCancel\">", CARD_VUE)
    s.bash("sed -i \"s/cy.get('.booking-card .btn-danger')/cy.get('[data-cy=cancel-booking]')/; "
           "s/cy.contains('Yes, cancel')/cy.get('[data-cy=confirm-dialog-ok]')/; "
           "s/cy.contains('Booking cancelled')/cy.get('[data-cy=toast]')/\" cypress/e2e/cancel-booking.cy.ts && "
           "npx cypress run --spec cypress/e2e/cancel-booking.cy.ts 2>&1 | tail -1", "Switch to data-cy and re-run",
           out="  \u2714  All specs passed!                          00:04        1        1        -        -        -")
    s.say("The spec selects only by `data-cy` now (`cancel-booking` added to BookingCard; the dialog and toast "
          "already had hooks) and still passes.", end=True)
    return s
