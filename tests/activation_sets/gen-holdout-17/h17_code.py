"""gen-holdout-17: lessons about code (server data through TanStack Query, no TypeScript enums, z-index only from
the token scale, icon-only buttons get an accessible name, no Go HTTP call without a timeout, every pandas merge
validated, Compose flows collected with the lifecycle, CSV exports for finance written for Excel)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_write,
)

FERNWEB = "/home/aoife/code/fernly-web"
FERNUI = "/home/aoife/code/fernly-ui"
QUILL = "/home/tobias/dev/quillpad-app"
SEAGLASS = "/home/ngozi/src/seaglass-web"
FXGATE = "/home/jun/src/fxgate"
CHURNRPT = "/home/freya/analytics/retention-reports"
RIDELOG = "/home/olu/AndroidStudioProjects/ridelog"
EXPENSIO = "/home/mateo/src/expensio"


# -----------------------------------------------------------------------------
H17L09_CORR = ("no, we don't fetch in useEffect anywhere in this app. server data goes through TanStack Query: add a "
               "hook under api/queries/ (useWateringsQuery) with a proper queryKey and call that. otherwise there's "
               "no caching, no dedupe, a race when the id changes, and every screen reinvents loading and error state.")

PLANT_TSX = ("export function PlantDetail({ id }: { id: string }) {\n  const plant = usePlantQuery(id).data;\n"
             "  return (\n    <section>\n      <h1>{plant?.name}</h1>\n    </section>\n  );\n}\n")

@lesson("H17L09", "react-query-fetching", "plain-no",
        ["TanStack Query", "don't fetch in useEffect", "api/queries/"], [
    fire_edit(f"{FERNWEB}/src/pages/Subscriptions.tsx", "  const [subs, setSubs] = useState<Sub[]>([]);\n",
              "  const [subs, setSubs] = useState<Sub[]>([]);\n  useEffect(() => {\n"
              "    axios.get(\"/v1/subscriptions\").then((r) => setSubs(r.data));\n  }, []);\n",
              note="useEffect + axios in a page"),
    fire_prompt("the invoices table needs the list from GET /v1/invoices, wire it up in InvoicesTable",
                note="asks to load remote data into a component; no shared words"),
    silent_write(f"{FERNWEB}/src/api/queries/useInvoicesQuery.ts",
                 "import { useQuery } from \"@tanstack/react-query\";\nimport { client } from \"../client\";\n\n"
                 "export const useInvoicesQuery = () =>\n  useQuery({ queryKey: [\"invoices\"], queryFn: () => "
                 "client.get(\"/v1/invoices\").then((r) => r.data) });\n", note="compliant: a query hook"),
    silent_edit(f"{FERNWEB}/src/pages/PlantDetail.tsx", "  const plant = usePlantQuery(id).data;\n",
                "  const plant = usePlantQuery(id).data;\n  useEffect(() => {\n    if (plant) document.title = `${plant.name} · "
                "Fernly`;\n  }, [plant]);\n", note="an effect that fetches nothing"),
])
def H17L09():
    s = Session("H17L09", FERNWEB, branch="feat/watering-history", version="2.1.9", start="2026-01-14T10:30:00")
    s.prompt("the plant detail page should show the watering history from /v1/plants/:id/waterings")
    s.read(f"{FERNWEB}/src/pages/PlantDetail.tsx", PLANT_TSX)
    s.edit(f"{FERNWEB}/src/pages/PlantDetail.tsx", "  const plant = usePlantQuery(id).data;\n",
           "  const plant = usePlantQuery(id).data;\n  const [waterings, setWaterings] = useState<Watering[]>([]);\n"
           "  useEffect(() => {\n    fetch(`/v1/plants/${id}/waterings`).then((r) => r.json()).then(setWaterings);\n"
           "  }, [id]);\n", PLANT_TSX)
    s.bash("pnpm tsc --noEmit && pnpm vitest run src/pages", "Type-check and test",
           out=" ✓ src/pages/PlantDetail.test.tsx (2 tests) 57ms\n\n Test Files  1 passed (1)")
    s.say("The detail page loads the waterings when it mounts and lists them under the plant name.", end=True)
    s.prompt(H17L09_CORR, correction=True, think_secs=(40, 200))
    s.write(f"{FERNWEB}/src/api/queries/useWateringsQuery.ts",
            "import { useQuery } from \"@tanstack/react-query\";\nimport { client } from \"../client\";\n\n"
            "export const useWateringsQuery = (plantId: string) =>\n  useQuery({\n    queryKey: [\"plants\", plantId, "
            "\"waterings\"],\n    queryFn: () => client.get(`/v1/plants/${plantId}/waterings`).then((r) => r.data as Watering[]),\n  });\n")
    s.bash("pnpm tsc --noEmit && pnpm vitest run src/pages", "Type-check and test",
           out=" ✓ src/pages/PlantDetail.test.tsx (3 tests) 61ms\n\n Test Files  1 passed (1)")
    s.say("Moved the request into `useWateringsQuery` (key `[\"plants\", id, \"waterings\"]`); the page calls the hook "
          "and uses its loading and error states. No effect fetches anything now.", end=True)
    return s


# -----------------------------------------------------------------------------
H17L10_CORR = ("Actually, we don't use TypeScript enums in this codebase. Use a plain object with `as const` plus a "
               "union type: export const Visibility = { Private: \"private\", ... } as const; export type Visibility = "
               "(typeof Visibility)[keyof typeof Visibility]. enums emit runtime code, don't tree-shake, and the numeric "
               "ones accept any number.")

@lesson("H17L10", "ts-const-objects", "polite-actually",
        ["don't use TypeScript enums", "as const", "union type"], [
    fire_edit(f"{QUILL}/src/billing/plans.ts", "export const TRIAL_DAYS = 14;\n",
              "export const TRIAL_DAYS = 14;\n\nexport enum PlanTier {\n  Free = \"free\",\n  Plus = \"plus\",\n"
              "  Business = \"business\",\n}\n", note="new enum"),
    fire_prompt("the iOS app has a NoteColour with cases yellow, mint, lavender and slate; mirror it on the web side "
                "so the picker can loop over them", note="asks to mirror a Swift enum; no shared words"),
    silent_edit(f"{QUILL}/src/notes/sort.ts", "export type SortOrder = string;\n",
                "export const SortOrder = { Asc: \"asc\", Desc: \"desc\" } as const;\n"
                "export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder];\n", note="compliant pattern"),
])
def H17L10():
    s = Session("H17L10", QUILL, branch="feat/note-visibility", version="2.0.37", start="2025-10-28T13:00:00")
    s.prompt("notes need a visibility setting: private, team, or anyone with the link")
    s.write(f"{QUILL}/src/notes/visibility.ts",
            "export enum Visibility {\n  Private = \"private\",\n  Team = \"team\",\n  Link = \"link\",\n}\n\n"
            "export const DEFAULT_VISIBILITY = Visibility.Private;\n")
    s.bash("pnpm tsc --noEmit", "Type-check", out="")
    s.say("Added a `Visibility` enum (private, team, link) with private as the default.", end=True)
    s.prompt(H17L10_CORR, correction=True, think_secs=(30, 150))
    s.write(f"{QUILL}/src/notes/visibility.ts",
            "export const Visibility = {\n  Private: \"private\",\n  Team: \"team\",\n  Link: \"link\",\n} as const;\n\n"
            "export type Visibility = (typeof Visibility)[keyof typeof Visibility];\n\n"
            "export const DEFAULT_VISIBILITY: Visibility = Visibility.Private;\n",
            original="export enum Visibility {\n  Private = \"private\",\n  Team = \"team\",\n  Link = \"link\",\n}\n\n"
                     "export const DEFAULT_VISIBILITY = Visibility.Private;\n")
    s.bash("pnpm tsc --noEmit && pnpm lint src/notes", "Type-check and lint", out="✔ No ESLint warnings or errors")
    s.say("`Visibility` is now an `as const` object with a matching union type; call sites still read "
          "`Visibility.Private`.", end=True)
    return s


# -----------------------------------------------------------------------------
H17L11_CORR = ("from Lars on the PR:\n> z-index: 99999 again. we have a scale for this in styles/tokens/_z.scss "
               "($z-dropdown 100, $z-sticky 200, $z-overlay 300, $z-modal 400, $z-toast 500). raw numbers are how the "
               "modal ended up under the banner last year.\nhe's right: no magic z-index numbers, always one of the "
               "$z- tokens, and if nothing fits ask before adding a layer.")

BANNER_SCSS = ".cookie-banner {\n  position: fixed;\n  bottom: 0;\n  inset-inline: 0;\n}\n"

@lesson("H17L11", "css-z-index-scale", "pasted-review",
        ["no magic z-index numbers", "$z- tokens", "styles/tokens/_z.scss"], [
    fire_edit(f"{SEAGLASS}/styles/components/_promo-ribbon.scss", "  position: sticky;\n  top: 0;\n",
              "  position: sticky;\n  top: 0;\n  z-index: 1000;\n", note="raw number in scss"),
    fire_edit(f"{SEAGLASS}/app/widgets/Lightbox.tsx", "<div className=\"fixed inset-0 bg-black/80\">",
              "<div className=\"fixed inset-0 z-[2147483647] bg-black/80\">",
              note="arbitrary Tailwind stacking value; no shared words"),
    silent_edit(f"{SEAGLASS}/styles/components/_chat-launcher.scss", "  z-index: 250;\n", "  z-index: $z-overlay;\n",
                note="compliant: replaces a number with a token"),
    silent_edit(f"{SEAGLASS}/styles/components/_cookie-banner.scss", "  padding: 16px;\n", "  padding: 12px 16px;\n",
                note="unrelated style tweak"),
])
def H17L11():
    s = Session("H17L11", SEAGLASS, branch="fix/cookie-banner", version="2.1.31", start="2026-02-17T11:20:00")
    s.prompt("the cookie banner is hidden behind the chat widget on mobile, it has to sit above it")
    s.read(f"{SEAGLASS}/styles/components/_cookie-banner.scss", BANNER_SCSS)
    s.grep("z-index", path=f"{SEAGLASS}/styles/components", mode="content",
           lines=[f"{SEAGLASS}/styles/components/_chat-launcher.scss:4:  z-index: 250;"])
    s.edit(f"{SEAGLASS}/styles/components/_cookie-banner.scss", "  inset-inline: 0;\n",
           "  inset-inline: 0;\n  z-index: 99999;\n", BANNER_SCSS)
    s.bash("git commit -qam \"Cookie banner above chat launcher\" && git push -q && gh pr create --fill",
           "Open the PR", out="https://github.com/seaglass/seaglass-web/pull/2207")
    s.say("The banner now stacks above the chat launcher (PR #2207).", end=True)
    s.prompt(H17L11_CORR, correction=True, think_secs=(900, 3600))
    s.edit(f"{SEAGLASS}/styles/components/_cookie-banner.scss", "  z-index: 99999;\n", "  z-index: $z-toast;\n",
           BANNER_SCSS.replace("  inset-inline: 0;\n", "  inset-inline: 0;\n  z-index: 99999;\n"))
    s.bash("pnpm stylelint 'styles/**/*.scss' && git commit -qam \"Use the z-index token\" && git push -q",
           "Lint and push", out="")
    s.say("The banner uses `$z-toast` (500) now, above the launcher's 250. I'll point Lars at the launcher too, it "
          "still has a raw 250.", end=True)
    return s


# -----------------------------------------------------------------------------
H17L12_CORR = ("before you build it: every icon-only button in the kit needs an accessible name, an aria-label (or "
               "visually hidden text), and the icon itself aria-hidden. screen reader users just hear \"button\" "
               "otherwise, and axe fails the build. now, add a close (X) button to the Modal header.")

MODAL_TSX = ("    <header className={styles.header}>\n      <h2 id={titleId}>{title}</h2>\n    </header>\n")

@lesson("H17L12", "a11y-icon-button-names", "rule-before-the-act",
        ["icon-only button", "accessible name", "aria-label"], [
    fire_edit(f"{FERNUI}/src/components/Toolbar/Toolbar.tsx", "      {children}\n",
              "      {children}\n      <button type=\"button\" onClick={onUndo}>\n        <Undo2 size={16} />\n"
              "      </button>\n", note="glyph-only control without a name; one shared word"),
    fire_edit(f"{FERNUI}/src/components/Pagination/Pagination.tsx", "  return (\n    <nav>\n",
              "  return (\n    <nav>\n      <IconButton onClick={prev}><ChevronLeft /></IconButton>\n"
              "      <IconButton onClick={next}><ChevronRight /></IconButton>\n", note="chevrons only; no shared words"),
    silent_edit(f"{FERNUI}/src/components/CopyField/CopyField.tsx", "      <input readOnly value={value} />\n",
                "      <input readOnly value={value} />\n      <button type=\"button\" aria-label=\"Copy link\" "
                "onClick={copy}>\n        <Copy aria-hidden=\"true\" size={16} />\n      </button>\n",
                note="compliant: labelled"),
])
def H17L12():
    s = Session("H17L12", FERNUI, branch="feat/modal-close", version="2.0.76", start="2025-12-02T10:00:00")
    s.prompt(H17L12_CORR, correction=True)
    s.read(f"{FERNUI}/src/components/Modal/Modal.tsx", MODAL_TSX, offset=22, limit=3, total=71)
    s.edit(f"{FERNUI}/src/components/Modal/Modal.tsx", "      <h2 id={titleId}>{title}</h2>\n",
           "      <h2 id={titleId}>{title}</h2>\n      <button type=\"button\" className={styles.close} "
           "aria-label={closeLabel} onClick={onClose}>\n        <X aria-hidden=\"true\" size={18} />\n      </button>\n",
           MODAL_TSX)
    s.bash("pnpm vitest run src/components/Modal", "Run the modal tests including axe",
           out=" ✓ src/components/Modal/Modal.test.tsx (6 tests) 212ms\n   ✓ has no axe violations\n\n Test Files  1 passed (1)")
    s.say("The Modal header has a close button labelled by the `closeLabel` prop (default \"Close dialog\"), with the X "
          "icon aria-hidden. The axe check passes.", end=True)
    s.prompt("great, thanks")
    return s


# -----------------------------------------------------------------------------
H17L13_CORR = ("```\ngoroutine profile: total 4127\n4061 @ 0x43e8d6 0x4508b2 0x6c1f2e 0x471a21\n#\t0x6c1f2d\t"
               "net/http.(*persistConn).readLoop+0x9ad\n```\nthat's prod after the ECB endpoint hung this morning. "
               "http.Get and http.DefaultClient have no timeout at all, every call just waits forever. always use the "
               "shared client from internal/httpx (httpx.New, 10s default timeout) and pass ctx with "
               "http.NewRequestWithContext. never the default client.")

ECB_GO = ("func (f *Fetcher) FetchECB(ctx context.Context) (Rates, error) {\n\tresp, err := http.Get(ecbURL)\n\tif err != nil {\n"
          "\t\treturn nil, fmt.Errorf(\"ecb: %w\", err)\n\t}\n\tdefer resp.Body.Close()\n\treturn parseECB(resp.Body)\n}\n")

@lesson("H17L13", "go-http-client-timeouts", "pasted-error-then-rule",
        ["no timeout at all", "internal/httpx", "never the default client"], [
    fire_edit(f"{FXGATE}/internal/geo/lookup.go", "\tvar out Location\n",
              "\tresp, err := http.Get(fmt.Sprintf(\"https://ipinfo.example/%s/json\", ip))\n\tif err != nil {\n"
              "\t\treturn Location{}, err\n\t}\n\tdefer resp.Body.Close()\n\tvar out Location\n",
              note="package-level Get"),
    fire_edit(f"{FXGATE}/cmd/backfill/main.go", "\tbody, _ := os.ReadFile(os.Args[1])\n",
              "\tbody, _ := os.ReadFile(os.Args[1])\n"
              "\tresp, err := http.Post(os.Getenv(\"LEDGER_URL\"), \"application/json\", bytes.NewReader(body))\n"
              "\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n\tlog.Println(resp.Status)\n",
              note="package-level Post in a one-off command; one shared word"),
    silent_edit(f"{FXGATE}/internal/rates/boe.go", "\tvar rates Rates\n",
                "\treq, err := http.NewRequestWithContext(ctx, http.MethodGet, boeURL, nil)\n\tif err != nil {\n"
                "\t\treturn nil, err\n\t}\n\tresp, err := f.client.Do(req)\n\tvar rates Rates\n",
                note="compliant: request with ctx on the injected client"),
    silent_bash("go test ./internal/rates/...", "Run the rates tests", note="tests"),
])
def H17L13():
    s = Session("H17L13", FXGATE, branch="feat/ecb-rates", version="2.0.37", start="2025-10-06T08:50:00")
    s.prompt("add a fetcher for the ECB daily reference rates (the eurofxref XML) to internal/rates")
    s.write(f"{FXGATE}/internal/rates/ecb.go", "package rates\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"net/http\"\n)\n\n"
            "const ecbURL = \"https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml\"\n\n" + ECB_GO)
    s.bash("go test ./internal/rates/... -run ECB", "Run the ECB tests", out="ok  \tgithub.com/fxgate/fxgate/internal/rates\t0.214s")
    s.say("`FetchECB` downloads and parses the daily XML into `Rates`; the parser test passes against a saved copy.",
          end=True)
    s.prompt(H17L13_CORR, correction=True, think_secs=(3600, 20000))
    s.edit(f"{FXGATE}/internal/rates/ecb.go", "\tresp, err := http.Get(ecbURL)\n",
           "\treq, err := http.NewRequestWithContext(ctx, http.MethodGet, ecbURL, nil)\n\tif err != nil {\n"
           "\t\treturn nil, err\n\t}\n\tresp, err := f.client.Do(req) // httpx.New(): 10s timeout\n", ECB_GO)
    s.bash("go vet ./... && go test ./internal/rates/...", "Vet and test",
           out="ok  \tgithub.com/fxgate/fxgate/internal/rates\t0.231s")
    s.say("`FetchECB` now builds its request with `ctx` and goes through the `httpx.New()` client (10s timeout) "
          "injected into the fetcher. A hung ECB endpoint times out instead of piling up goroutines.", end=True)
    return s


# -----------------------------------------------------------------------------
H17L14_CORR = ("that total is 2.3x what finance has for September. accounts with a mid-month upgrade have two rows in "
               "subscriptions, so each of their invoices came out twice and the sum doubled. every merge in this repo "
               "states what it expects: validate=\"many_to_one\" (or one_to_one), and check the row count before and "
               "after. if validate raises, dedupe the right side first, don't drop the validate.")

REV_PY = ("invoices = load_invoices(month)\nsubs = load_subscriptions()\n"
          "df = invoices\nreport = df.groupby(\"plan\", dropna=False)[\"amount\"].sum()\n")

@lesson("H17L14", "pandas-merge-validate", "consequences-then-rule",
        ["validate=\"many_to_one\"", "check the row count", "don't drop the validate"], [
    fire_edit(f"{CHURNRPT}/reports/cohort_retention.py", "cohort = signups\n",
              "cohort = signups.merge(events, on=\"user_id\", how=\"left\")\n", note="unchecked merge; one shared word"),
    fire_edit(f"{CHURNRPT}/reports/ltv.py", "ltv = orders\n",
              "ltv = orders.join(customers.set_index(\"customer_id\"), on=\"customer_id\")\n",
              note="unchecked DataFrame.join; no shared words"),
    silent_edit(f"{CHURNRPT}/reports/churn_by_plan.py", "df = accounts\n",
                "n = len(accounts)\ndf = accounts.merge(plans, on=\"plan_id\", how=\"left\", validate=\"many_to_one\")\n"
                "assert len(df) == n\n", note="compliant merge"),
    silent_bash("python reports/monthly_revenue.py --month 2025-09", "Rerun the report", note="run"),
])
def H17L14():
    s = Session("H17L14", CHURNRPT, branch="main", version="2.1.9", start="2025-10-03T14:10:00")
    s.prompt("add plan name and seat count to the monthly revenue report (bring them over from subscriptions)")
    s.read(f"{CHURNRPT}/reports/monthly_revenue.py", REV_PY, offset=12, limit=4, total=40)
    s.edit(f"{CHURNRPT}/reports/monthly_revenue.py", "df = invoices\n",
           "df = invoices.merge(subs[[\"account_id\", \"plan\", \"seats\"]], on=\"account_id\", how=\"left\")\n", REV_PY)
    s.bash("python reports/monthly_revenue.py --month 2025-09", "Run it for September",
           out="plan        amount\nbusiness  1,104,220.00\nplus        612,480.00\nstarter     126,300.00\ntotal     1,843,000.00")
    s.say("The report now has plan and seats per invoice. September comes to £1.84M, most of it on Business.", end=True)
    s.prompt(H17L14_CORR, correction=True, think_secs=(600, 2400))
    s.edit(f"{CHURNRPT}/reports/monthly_revenue.py",
           "df = invoices.merge(subs[[\"account_id\", \"plan\", \"seats\"]], on=\"account_id\", how=\"left\")\n",
           "current = subs.sort_values(\"started_at\").drop_duplicates(\"account_id\", keep=\"last\")\nn = len(invoices)\n"
           "df = invoices.merge(current[[\"account_id\", \"plan\", \"seats\"]], on=\"account_id\", how=\"left\", "
           "validate=\"many_to_one\")\nassert len(df) == n, (n, len(df))\n",
           REV_PY.replace("df = invoices\n", "df = invoices.merge(subs[[\"account_id\", \"plan\", \"seats\"]], on=\"account_id\", how=\"left\")\n"))
    s.bash("python reports/monthly_revenue.py --month 2025-09 | tail -1", "Rerun", out="total       801,300.00")
    s.say("Subscriptions are reduced to the latest row per account before the merge, the merge has "
          "`validate=\"many_to_one\"` and the row count is asserted. September is £801,300, in line with finance.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H17L15_CORR = ("use collectAsStateWithLifecycle(), never plain collectAsState() for flows from a ViewModel. "
               "collectAsState keeps going while we're in the background, and for the ride stats that means the GPS "
               "flow keeps running and draining the battery. it's in lifecycle-runtime-compose, already in the "
               "version catalog.")

RIDE_KT = ("@Composable\nfun RideScreen(viewModel: RideViewModel = hiltViewModel()) {\n    RideMap()\n}\n")
UI = f"{RIDELOG}/app/src/main/java/com/ridelog/ui"

@lesson("H17L15", "compose-lifecycle-collect", "rejected-then-instruction",
        ["collectAsStateWithLifecycle", "never plain collectAsState()", "draining the battery"], [
    fire_edit(f"{UI}/history/HistoryScreen.kt", "    val filter = remember { mutableStateOf(Filter.All) }\n",
              "    val filter = remember { mutableStateOf(Filter.All) }\n    val rides by viewModel.rides.collectAsState()\n",
              note="plain collectAsState"),
    fire_edit(f"{UI}/map/MapActivity.kt", "        setContentView(binding.root)\n",
              "        setContentView(binding.root)\n        lifecycleScope.launch {\n"
              "            vm.position.collect { marker.position = it }\n        }\n",
              note="collect in lifecycleScope without repeatOnLifecycle; no shared words"),
    silent_edit(f"{UI}/profile/ProfileScreen.kt", "    val name = \"\"\n",
                "    val profile by viewModel.profile.collectAsStateWithLifecycle()\n", note="compliant"),
    silent_bash("./gradlew :app:testDebugUnitTest", "Unit tests", note="tests"),
])
def H17L15():
    s = Session("H17L15", RIDELOG, branch="feat/live-stats", version="2.0.76", start="2025-11-12T16:00:00")
    s.prompt("show the live ride stats (distance, pace) on RideScreen from RideViewModel.stats")
    s.read(f"{UI}/ride/RideScreen.kt", RIDE_KT)
    s.reject("Edit", {"file_path": f"{UI}/ride/RideScreen.kt", "old_string": "    RideMap()\n",
                      "new_string": "    val stats by viewModel.stats.collectAsState()\n    RideMap()\n    StatsRow(stats)\n",
                      "replace_all": False})
    s.prompt(H17L15_CORR, correction=True, think_secs=(20, 90))
    s.edit(f"{UI}/ride/RideScreen.kt", "    RideMap()\n",
           "    val stats by viewModel.stats.collectAsStateWithLifecycle()\n    RideMap()\n    StatsRow(stats)\n", RIDE_KT)
    s.bash("./gradlew :app:compileDebugKotlin -q", "Compile", out="")
    s.say("RideScreen collects `stats` with `collectAsStateWithLifecycle()`, so collection stops when the app goes to "
          "the background and the GPS flow stops with it.", end=True)
    return s


# -----------------------------------------------------------------------------
H17L16_CORR = ("Birgit from finance just messaged: \"the export opens in Excel with Ã¼ and Ã© everywhere and all the "
               "amounts in column A\". Excel on their machines doesn't guess UTF-8 and the German locale splits on ;. "
               "so every CSV we hand to finance: UTF-8 BOM first (encoding utf-8-sig), delimiter \";\", decimal comma. "
               "excel_csv_writer() in reports/exports.py does all three, use it.")

VIEW_PY = ("@staff_member_required\ndef approved_export(request, year, month):\n"
           "    qs = Expense.objects.approved().for_month(year, month)\n    return HttpResponse(status=501)\n")

APPROVED_BODY = ("    response = HttpResponse(content_type=\"text/csv\")\n"
                 "    response[\"Content-Disposition\"] = f'attachment; filename=\"expenses-{year}-{month:02d}.csv\"'\n"
                 "    writer = csv.writer(response)\n    writer.writerow([\"Employee\", \"Date\", \"Category\", \"Amount\"])\n"
                 "    for e in qs:\n        writer.writerow([e.employee.name, e.date, e.category, e.amount])\n"
                 "    return response\n")
APPROVED_V1 = VIEW_PY.replace("    return HttpResponse(status=501)\n", APPROVED_BODY)

@lesson("H17L16", "csv-export-excel-bom", "relayed-from-colleague",
        ["UTF-8 BOM", "utf-8-sig", "excel_csv_writer()"], [
    fire_write(f"{EXPENSIO}/reports/views/mileage_export.py",
               "import csv\n\nfrom django.http import HttpResponse\n\n\ndef mileage_export(request, year):\n"
               "    response = HttpResponse(content_type=\"text/csv\")\n    writer = csv.writer(response)\n"
               "    writer.writerow([\"Employee\", \"Date\", \"Km\", \"Amount\"])\n"
               "    for t in Trip.objects.filter(date__year=year):\n"
               "        writer.writerow([t.employee.name, t.date, t.km, t.amount])\n    return response\n",
               note="plain csv.writer"),
    fire_bash("python manage.py shell -c \"import pandas as pd; from claims.models import Claim; "
              "pd.DataFrame(Claim.objects.filter(status='approved').values()).to_csv('/tmp/claims_q3.csv', index=False)\"",
              "Dump Q3 approved claims for the controller", note="pandas to_csv default encoding; one shared word"),
    silent_edit(f"{EXPENSIO}/reports/views/approved.py", "    return HttpResponse(status=501)\n",
                "    response, writer = excel_csv_writer(f\"expenses-{year}-{month:02d}.csv\")\n"
                "    for e in qs:\n        writer.writerow([e.employee.name, e.date, format_amount(e.amount)])\n"
                "    return response\n", note="compliant helper"),
    silent_bash("python manage.py test reports", "Run the report tests", note="tests"),
])
def H17L16():
    s = Session("H17L16", EXPENSIO, branch="feat/finance-export", version="2.1.31", start="2026-02-24T09:30:00")
    s.prompt("finance wants a CSV of approved expenses per month, downloadable from the staff area")
    s.read(f"{EXPENSIO}/reports/views/approved.py", VIEW_PY)
    s.edit(f"{EXPENSIO}/reports/views/approved.py", "    return HttpResponse(status=501)\n", APPROVED_BODY, VIEW_PY)
    s.bash("python manage.py test reports.tests.test_approved", "Run the export test",
           out="..\n----------------------------------------------------------------------\nRan 2 tests in 0.188s\n\nOK")
    s.say("Staff can download `expenses-YYYY-MM.csv` with employee, date, category and amount for each approved "
          "expense.", end=True)
    s.prompt(H17L16_CORR, correction=True, think_secs=(3600, 9000))
    s.edit(f"{EXPENSIO}/reports/views/approved.py",
           "    response = HttpResponse(content_type=\"text/csv\")\n"
           "    response[\"Content-Disposition\"] = f'attachment; filename=\"expenses-{year}-{month:02d}.csv\"'\n"
           "    writer = csv.writer(response)\n",
           "    response, writer = excel_csv_writer(f\"expenses-{year}-{month:02d}.csv\")\n", APPROVED_V1)
    s.bash("python manage.py test reports", "Tests after switching to excel_csv_writer()",
           out="....\n----------------------------------------------------------------------\nRan 4 tests in 0.301s\n\nOK")
    s.say("The view now builds its response with `excel_csv_writer()` (BOM, semicolons, decimal comma through "
          "`format_amount`). I opened a sample in LibreOffice with the German locale: umlauts and columns come out "
          "right.", end=True)
    return s
