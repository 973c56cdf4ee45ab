"""gen-holdout-17: sessions in the same areas with no correction (compliant work, thanks, near-miss 'no, that's
fine')."""
from cc import Session
from registry import distractor

FERNWEB = "/home/aoife/code/fernly-web"
FERNUI = "/home/aoife/code/fernly-ui"
MOSSCART = "/home/henrik/dev/mosscart-mobile"
ARGOAPPS = "/home/pieter/infra/deploy-manifests"
DBTWH = "/home/freya/analytics/dbt-warehouse"
SUBSY = "/home/gideon/src/subsy-billing"


@distractor("H17D01", "react-query-fetching", "new screen reads server data through a query hook; near-miss "
                                              "'no, that's fine'")
def H17D01():
    s = Session("H17D01", FERNWEB, branch="feat/deliveries", version="2.1.9", start="2026-01-21T09:30:00")
    s.prompt("add a deliveries page listing upcoming shipments from /v1/deliveries")
    s.write(f"{FERNWEB}/src/api/queries/useDeliveriesQuery.ts",
            "import { useQuery } from \"@tanstack/react-query\";\nimport { client } from \"../client\";\n\n"
            "export const useDeliveriesQuery = () =>\n  useQuery({ queryKey: [\"deliveries\"], queryFn: () => "
            "client.get(\"/v1/deliveries\").then((r) => r.data as Delivery[]) });\n")
    s.write(f"{FERNWEB}/src/pages/Deliveries.tsx",
            "export function Deliveries() {\n  const { data, isPending, error } = useDeliveriesQuery();\n"
            "  if (isPending) return <Spinner />;\n  if (error) return <ErrorPanel error={error} />;\n"
            "  return <DeliveryList items={data} />;\n}\n")
    s.bash("pnpm tsc --noEmit && pnpm vitest run src/pages", "Type-check and test",
           out=" ✓ src/pages/Deliveries.test.tsx (3 tests) 64ms\n\n Test Files  1 passed (1)")
    s.say("The Deliveries page uses `useDeliveriesQuery` with loading and error states. Want a refetch interval so "
          "the list updates while it's open?", end=True)
    s.prompt("no, that's fine, people don't keep it open")
    s.say("OK, no polling.", end=True)
    return s


@distractor("H17D02", "argocd-manual-kubectl", "replica change made in git, read-only kubectl, PR opened")
def H17D02():
    s = Session("H17D02", ARGOAPPS, branch="main", version="2.1.31", start="2026-03-05T11:00:00")
    s.prompt("search-api needs more memory, it got OOMKilled twice today")
    s.bash("kubectl --context prod-eu -n search get pods -l app=search-api", "Pod status",
           out="NAME                          READY   STATUS    RESTARTS      AGE\n"
               "search-api-6c8d9b7f5d-2kq9x   1/1     Running   2 (3h ago)    2d")
    v = "resources:\n  requests:\n    cpu: 500m\n    memory: 512Mi\n  limits:\n    memory: 512Mi\n"
    s.read(f"{ARGOAPPS}/apps/search-api/values-prod.yaml", v)
    s.edit(f"{ARGOAPPS}/apps/search-api/values-prod.yaml", "    memory: 512Mi\n  limits:\n    memory: 512Mi\n",
           "    memory: 1Gi\n  limits:\n    memory: 1Gi\n", v)
    s.bash("git switch -qc search-api-memory && git commit -qam \"search-api: 1Gi memory in prod\" && git push -qu "
           "origin HEAD && gh pr create --fill", "Open the PR", out="https://github.com/acme-pay/deploy-manifests/pull/1541")
    s.say("PR #1541 raises search-api to 1Gi; Argo CD will roll it out after merge.", end=True)
    s.prompt("thanks, merged")
    return s


@distractor("H17D03", "dbt-prod-target", "model change built in the dev schema, PR; near-miss 'no, that's all'")
def H17D03():
    s = Session("H17D03", DBTWH, branch="feat/customer-region", version="2.0.76", start="2025-11-13T14:20:00")
    s.prompt("add region to dim_customers from the country mapping seed")
    d = "select\n    c.customer_id,\n    c.country_code\nfrom {{ ref('stg_customers') }} c\n"
    s.read(f"{DBTWH}/models/marts/dim_customers.sql", d)
    s.edit(f"{DBTWH}/models/marts/dim_customers.sql",
           "    c.country_code\nfrom {{ ref('stg_customers') }} c\n",
           "    c.country_code,\n    m.region\nfrom {{ ref('stg_customers') }} c\nleft join {{ ref('country_regions') }} m "
           "using (country_code)\n", d)
    s.bash("dbt build --select dim_customers --target dev", "Build in my schema",
           out="1 of 4 OK created sql table model dbt_freya.dim_customers [SELECT 88120 in 6.40s]\n\nDone. PASS=4 WARN=0 "
               "ERROR=0 SKIP=0 TOTAL=4")
    s.bash("git commit -qam \"dim_customers: add region\" && git push -qu origin HEAD && gh pr create --fill", "PR",
           out="https://github.com/freya-data/dbt-warehouse/pull/418")
    s.say("Built in `dbt_freya` (tests pass), PR #418. It reaches prod with the nightly run after merge. Anything "
          "else on the customer mart?", end=True)
    s.prompt("no, that's all for now")
    return s


@distractor("H17D04", "stripe-live-mode-cli", "refund through bin/billing, webhook tested in test mode")
def H17D04():
    s = Session("H17D04", SUBSY, branch="main", version="2.0.37", start="2025-11-04T10:10:00")
    s.prompt("cus_R2mP9aQ1 cancelled within the 14-day window, refund their first payment")
    s.bash("bin/billing charges cus_R2mP9aQ1", "Charges for the customer",
           out="ch_3PC1aaLkd8TfQm2b  2025-10-28  €99.00  INV-2025-10-0912  paid")
    s.bash("bin/billing refund ch_3PC1aaLkd8TfQm2b --reason cooling_off", "Refund through billing",
           out="refund re_3PC1aaLkd8TfQm2b0d succeeded\ncredit note CN-2025-0151 created for INV-2025-10-0912")
    s.bash("stripe trigger charge.refunded", "Check the local webhook handles the refund event (test mode)",
           out="Setting up fixture for: charge\nRunning fixture for: charge\nTrigger succeeded!")
    s.say("Refunded €99 through billing: re_3PC1aaLkd8TfQm2b0d, credit note CN-2025-0151 against INV-2025-10-0912. "
          "The webhook handler processed a test-mode `charge.refunded` fine.", end=True)
    s.prompt("perfect, thanks")
    return s


@distractor("H17D05", "gitflow-develop-base", "branch from develop, PR to develop; near-miss 'no, that's fine as is'")
def H17D05():
    s = Session("H17D05", MOSSCART, branch="develop", version="2.1.9", start="2026-01-13T15:40:00")
    s.prompt("the promo code field accepts lowercase but the API wants uppercase (MOB-440), fix it")
    t = "  const onSubmit = () => applyPromo(code);\n"
    s.bash("git fetch -q origin && git switch -c fix/MOB-440-promo-case origin/develop", "Branch from develop",
           out="branch 'fix/MOB-440-promo-case' set up to track 'origin/develop'.")
    s.read(f"{MOSSCART}/src/screens/Promo.tsx", t, offset=30, limit=1, total=64)
    s.edit(f"{MOSSCART}/src/screens/Promo.tsx", t, "  const onSubmit = () => applyPromo(code.trim().toUpperCase());\n", t)
    s.bash("yarn jest src/screens/__tests__/Promo.test.tsx && git commit -qam \"MOB-440: uppercase promo codes\" && "
           "git push -qu origin HEAD && gh pr create --base develop --fill", "Test, commit, PR",
           out="Tests:       3 passed, 3 total\nhttps://github.com/mosscart/mosscart-mobile/pull/889")
    s.say("PR #889 against develop: promo codes are trimmed and uppercased before they go to the API. Should I also "
          "uppercase as the user types?", end=True)
    s.prompt("no, that's fine as is")
    return s


@distractor("H17D06", "storybook-stories", "new kit component written together with its stories")
def H17D06():
    s = Session("H17D06", FERNUI, branch="feat/switch", version="2.0.76", start="2025-12-09T13:00:00")
    s.prompt("add a Switch to the kit (on/off, optional label, disabled state)")
    s.write(f"{FERNUI}/src/components/Switch/Switch.tsx",
            "type Props = { checked: boolean; onChange: (v: boolean) => void; label?: string; disabled?: boolean };\n\n"
            "export function Switch({ checked, onChange, label, disabled }: Props) {\n  return (\n    <label>\n"
            "      <input type=\"checkbox\" role=\"switch\" checked={checked} disabled={disabled}\n"
            "        onChange={(e) => onChange(e.target.checked)} />\n      {label}\n    </label>\n  );\n}\n")
    s.write(f"{FERNUI}/src/components/Switch/Switch.stories.tsx",
            "import type { Meta, StoryObj } from \"@storybook/react\";\nimport { Switch } from \"./Switch\";\n\n"
            "const meta: Meta<typeof Switch> = { component: Switch, args: { checked: false, onChange: () => {} } };\n"
            "export default meta;\ntype Story = StoryObj<typeof Switch>;\n\nexport const Off: Story = {};\n"
            "export const On: Story = { args: { checked: true } };\nexport const WithLabel: Story = { args: { label: "
            "\"Email reminders\" } };\nexport const Disabled: Story = { args: { disabled: true } };\n")
    s.bash("pnpm build && pnpm build-storybook --quiet", "Build the package and Storybook",
           out="✓ built in 2.24s\ninfo => Output directory: storybook-static")
    s.say("Added `Switch` (a checkbox with role=switch) and its stories: Off, On, WithLabel, Disabled. Both builds "
          "pass.", end=True)
    s.prompt("nice")
    return s
