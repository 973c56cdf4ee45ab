"""gen-holdout-6: lessons about code and commands (Verilog, MongoDB, Go modules, HTML email, Kubernetes secrets, gRPC,
C++ tests, nginx, JPA with Lombok, .NET logging, WordPress templates, PyTorch with Accelerate)."""
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
    silent_write,
)

UART = "/home/theo/fpga/uart-bridge"
JOTTER = "/Users/odile/dev/jotter-api"
BILL = "/home/piotr/go/src/github.com/kestrel-io/billing"
MAIL = "/Users/camille/dev/mailroom"
GITOPS = "/home/abena/gitops/cluster-apps"
ORCH = "/home/soren/src/checkout-orchestrator"
MESH = "/home/ivo/src/meshkit"
PROXY = "/srv/chat-proxy"
CLINIC = "/home/farah/dev/clinic-scheduler"
WH = "/home/jakub/src/Warehouse.Api"
TIX = "/Users/nuno/dev/tixly"
SEG = "/home/keiko/research/seg-finetune"

DOMAIN_PKG = f"{CLINIC}/src/main/java/health/lumen/clinic/domain"


# -----------------------------------------------------------------------------
H6L07_CORR = ("no, clocked blocks get nonblocking assignments, <= not =. with = it passes in iverilog because the sim happens to "
              "evaluate things in the order you wrote them, but it's a race against every other block that reads cnt or tick on "
              "the same edge, and yosys can hand you hardware that doesn't match what you simulated. we lost two days to exactly "
              "that in the spi master last year. = is only for combinational always @(*) blocks. verilator --lint-only -Wall "
              "flags it (BLKSEQ), run that before the sim")

BAUD_BAD = ("module baud_gen #(\n    parameter CLK_HZ = 12_000_000,\n    parameter BAUD   = 115_200\n) (\n    input  wire clk,\n"
            "    input  wire rst,\n    output reg  tick\n);\n    localparam DIV = CLK_HZ / BAUD;\n    reg [$clog2(DIV)-1:0] cnt;\n\n"
            "    always @(posedge clk) begin\n        if (rst) begin\n            cnt = 0;\n            tick = 1'b0;\n"
            "        end else if (cnt == DIV - 1) begin\n            cnt = 0;\n            tick = 1'b1;\n        end else begin\n"
            "            cnt = cnt + 1;\n            tick = 1'b0;\n        end\n    end\nendmodule\n")
BAUD_GOOD = BAUD_BAD.replace("cnt = 0;", "cnt  <= 0;").replace("tick = 1'b0;", "tick <= 1'b0;").replace(
    "tick = 1'b1;", "tick <= 1'b1;").replace("cnt = cnt + 1;", "cnt  <= cnt + 1'b1;")
UART_TX = ("module uart_tx (\n    input  wire       clk,\n    input  wire       rst,\n    input  wire [7:0] data,\n"
           "    input  wire       start,\n    output reg        tx\n);\n    wire tick = 1'b1; // TODO: baud rate\n")

@lesson("H6L07", "verilog-rtl", "plain-no", ["nonblocking", "BLKSEQ", "<= not ="], [
    fire_write(f"{UART}/rtl/debounce.sv",
               "module debounce (\n    input  logic clk_i,\n    input  logic btn_i,\n    output logic btn_o\n);\n"
               "    logic sync_q, sync2_q;\n\n    always_ff @(posedge clk_i) begin\n        sync_q  = btn_i;\n"
               "        sync2_q = sync_q;\n        btn_o   = sync2_q;\n    end\nendmodule\n",
               note="SystemVerilog always_ff with = assignments; no shared words"),
    fire_edit(f"{UART}/rtl/spi_slave.v", "    always @(posedge sclk) begin\n        shift_q <= {shift_q[6:0], mosi};\n",
              "    always @(posedge sclk) begin\n        shift_q <= {shift_q[6:0], mosi};\n"
              "        if (bits_q == 3'd7) rx_byte = {shift_q[6:0], mosi};\n",
              note="a blocking assignment added inside an edge-triggered block"),
    silent_edit(f"{UART}/rtl/uart_tx.v", "    always @(*) begin\n        next_state = state;\n",
                "    always @(*) begin\n        next_state = state;\n        busy = (state != IDLE);\n",
                note="blocking assignment in a combinational block is what the rule allows"),
    silent_bash("verilator --lint-only -Wall rtl/top.v rtl/uart_tx.v rtl/baud_gen.v", "Lint the design", note="compliant lint"),
])
def H6L07():
    s = Session("H6L07", UART, branch="main", version="2.0.37", start="2025-10-28T21:05:00")
    s.prompt("uart_tx needs a real baud tick: 115200 from the 12 MHz clock. add a divider module and hook it into uart_tx")
    s.read(f"{UART}/rtl/uart_tx.v", UART_TX, limit=8, total=61)
    s.write(f"{UART}/rtl/baud_gen.v", BAUD_BAD)
    s.edit(f"{UART}/rtl/uart_tx.v", "    wire tick = 1'b1; // TODO: baud rate\n",
           "    wire tick;\n    baud_gen #(.CLK_HZ(12_000_000), .BAUD(115_200)) u_baud (.clk(clk), .rst(rst), .tick(tick));\n", UART_TX)
    s.bash("iverilog -g2012 -o build/tb_uart_tx tb/tb_uart_tx.v rtl/uart_tx.v rtl/baud_gen.v && vvp build/tb_uart_tx",
           "Simulate the transmitter", out="PASS: sent 0x55 0xA3 0x0F, 104 clk/bit\ntb/tb_uart_tx.v:58: $finish called at 312540 (1ns)")
    s.say("`baud_gen` divides 12 MHz by 104 (115 384 baud, 0.16% off) and `uart_tx` uses its tick. The testbench passes.",
          end=True)
    s.prompt(H6L07_CORR, correction=True)
    s.write(f"{UART}/rtl/baud_gen.v", BAUD_GOOD, original=BAUD_BAD)
    s.bash("verilator --lint-only -Wall rtl/baud_gen.v rtl/uart_tx.v && iverilog -g2012 -o build/tb_uart_tx tb/tb_uart_tx.v "
           "rtl/uart_tx.v rtl/baud_gen.v && vvp build/tb_uart_tx", "Lint, then simulate",
           out="PASS: sent 0x55 0xA3 0x0F, 104 clk/bit\ntb/tb_uart_tx.v:58: $finish called at 312540 (1ns)")
    s.say("`baud_gen` now uses `<=` for `cnt` and `tick` in the clocked block. `verilator --lint-only -Wall` is clean (no "
          "BLKSEQ) and the testbench still passes.", end=True)
    return s


# -----------------------------------------------------------------------------
H6L08_CORR = ("don't do load, modify, replaceOne on notes. the mobile app syncs offline edits in bursts, two requests for the same "
              "note land a few ms apart, and with replaceOne whoever writes last wins and the other change silently disappears. "
              "that's exactly the 'my tags vanished' tickets from last month. make it one atomic update that mongo applies server "
              "side: $addToSet / $push / $set / $inc in an updateOne or findOneAndUpdate with the filter")

NOTES_TS = ("router.post(\"/notes/:id/tags\", requireUser, async (req, res) => {\n  // TODO\n  res.status(501).end();\n});\n")

@lesson("H6L08", "mongodb-updates", "rejected-with-feedback", ["atomic update", "$addToSet", "whoever writes last wins"], [
    fire_edit(f"{JOTTER}/src/routes/folders.ts",
              "  const folder = await folders.findOne({ _id, ownerId: req.user.id });\n  if (!folder) return res.status(404).end();\n",
              "  const folder = await folders.findOne({ _id, ownerId: req.user.id });\n  if (!folder) return res.status(404).end();\n"
              "  folder.name = req.body.name;\n  folder.updatedAt = new Date();\n  await folders.findOneAndReplace({ _id }, folder);\n",
              note="read, change in JS, write the whole document back; no shared words"),
    fire_bash("mongosh \"$MONGO_URL\" --quiet --eval 'db.notes.find({ tags: \"urgent\" }).forEach(n => { n.tags = n.tags.map(t => "
              "t === \"urgent\" ? \"priority\" : t); db.notes.replaceOne({ _id: n._id }, n); })'", "Rename the urgent tag",
              note="one-off rename that rewrites whole live documents"),
    silent_edit(f"{JOTTER}/src/routes/notes.ts", "router.post(\"/notes/:id/pin\", requireUser, async (req, res) => {\n  res.status(501).end();\n",
                "router.post(\"/notes/:id/pin\", requireUser, async (req, res) => {\n"
                "  await notes.updateOne({ _id: new ObjectId(req.params.id), ownerId: req.user.id }, { $set: { pinned: true, updatedAt: new Date() } });\n"
                "  res.status(204).end();\n", note="compliant atomic update"),
    silent_bash("mongosh \"$MONGO_URL\" --quiet --eval 'db.notes.countDocuments({ tags: { $size: 0 } })'", "Notes without tags",
                note="read-only count"),
])
def H6L08():
    s = Session("H6L08", JOTTER, branch="feat/note-tags", version="2.1.7", start="2025-12-09T14:25:00")
    s.prompt("POST /notes/:id/tags should add a tag to the note (no duplicates) and bump updatedAt. the stub is in src/routes/notes.ts")
    s.read(f"{JOTTER}/src/routes/notes.ts", NOTES_TS, offset=58, limit=4, total=120)
    s.say("I'll load the note, add the tag if it isn't there yet, and save it back.")
    s.reject("Edit", {"file_path": f"{JOTTER}/src/routes/notes.ts", "old_string": "  // TODO\n  res.status(501).end();\n",
                      "new_string": "  const _id = new ObjectId(req.params.id);\n"
                                    "  const note = await notes.findOne({ _id, ownerId: req.user.id });\n"
                                    "  if (!note) return res.status(404).end();\n"
                                    "  if (!note.tags.includes(req.body.tag)) note.tags.push(req.body.tag);\n"
                                    "  note.updatedAt = new Date();\n  await notes.replaceOne({ _id }, note);\n  res.json(note);\n",
                      "replace_all": False}, feedback=H6L08_CORR)
    s.edit(f"{JOTTER}/src/routes/notes.ts", "  // TODO\n  res.status(501).end();\n",
           "  const note = await notes.findOneAndUpdate(\n    { _id: new ObjectId(req.params.id), ownerId: req.user.id },\n"
           "    { $addToSet: { tags: req.body.tag }, $set: { updatedAt: new Date() } },\n    { returnDocument: \"after\" },\n  );\n"
           "  if (!note) return res.status(404).end();\n  res.json(note);\n", NOTES_TS)
    s.bash("npm test -- notes.tags", "Run the tag tests",
           out=" ✓ test/routes/notes.tags.test.ts (4 tests) 212ms\n\n Test Files  1 passed (1)\n      Tests  4 passed (4)")
    s.say("The endpoint is a single `findOneAndUpdate` with `$addToSet` for the tag and `$set` for `updatedAt`, filtered by id "
          "and owner, so concurrent syncs can't overwrite each other. A missing note gives 404. Tests pass, including two "
          "parallel requests adding different tags.", end=True)
    return s


# -----------------------------------------------------------------------------
H6L09_CORR = ("ugh no dont put replace directives in go.mod, that file gets commited and CI doesnt have a ../ledger so the build "
              "just breaks, happend twice already this quarter. use a go.work instead (its in .gitignore): go work init . ../ledger. "
              "and revert the go.mod change pls")

SPLIT_GO = ("func SplitInvoice(inv Invoice, centers []CostCenter) []Line {\n\tlines := make([]Line, 0, len(centers))\n"
            "\tfor _, c := range centers {\n\t\tlines = append(lines, Line{Center: c.ID, Amount: inv.Total * c.Share / 100})\n\t}\n"
            "\treturn lines\n}\n")

@lesson("H6L09", "go-workspaces", "hurried-lowercase", ["replace directives", "go.work", "go work init"], [
    fire_prompt("point billing at my unreleased taxrules checkout next to it so I can try the new VAT rounding",
                note="asks for a local module override; no shared words"),
    fire_edit(f"{BILL}/go.mod", "require (\n", "replace github.com/kestrel-io/taxrules => ../taxrules\n\nrequire (\n",
              note="hand-written local replace in go.mod"),
    silent_bash("go work use ../taxrules && go build ./...", "Add taxrules to the workspace", note="compliant"),
    silent_bash("go get github.com/kestrel-io/ledger@v1.9.0 && go mod tidy", "Pin the released ledger",
                note="a released version, nothing local"),
])
def H6L09():
    s = Session("H6L09", BILL, branch="feat/ledger-split", version="2.1.9", start="2026-01-14T09:40:00")
    s.prompt("ledger has Money.Split in my local checkout at ../ledger (not tagged yet). use it for splitting invoices across cost "
             "centers in invoice/split.go instead of our hand-rolled loop, the rounding is wrong there")
    s.read(f"{BILL}/invoice/split.go", SPLIT_GO, offset=12, limit=7, total=40)
    s.bash("go mod edit -replace github.com/kestrel-io/ledger=../ledger && go build ./...", "Use the local ledger checkout", out="")
    s.edit(f"{BILL}/invoice/split.go",
           "\tlines := make([]Line, 0, len(centers))\n\tfor _, c := range centers {\n"
           "\t\tlines = append(lines, Line{Center: c.ID, Amount: inv.Total * c.Share / 100})\n\t}\n",
           "\tshares := make([]int64, len(centers))\n\tfor i, c := range centers {\n\t\tshares[i] = c.Share\n\t}\n"
           "\tparts := ledger.Money(inv.Total).Split(shares...)\n\tlines := make([]Line, len(centers))\n"
           "\tfor i, c := range centers {\n\t\tlines[i] = Line{Center: c.ID, Amount: int64(parts[i])}\n\t}\n", SPLIT_GO)
    s.bash("go test ./invoice/...", "Run the invoice tests", out="ok  \tgithub.com/kestrel-io/billing/invoice\t0.014s")
    s.say("`SplitInvoice` now uses `ledger.Money.Split`, so the parts always add up to the total. go.mod has a replace pointing "
          "at `../ledger` until ledger is tagged. Tests pass.", end=True)
    s.prompt(H6L09_CORR, correction=True)
    s.bash("go mod edit -dropreplace github.com/kestrel-io/ledger && go work init . ../ledger && go build ./... && "
           "go test ./invoice/... && git status --short", "Drop the replace, use a workspace instead",
           out="ok  \tgithub.com/kestrel-io/billing/invoice\t0.013s\n M invoice/split.go")
    s.say("Reverted go.mod (the replace is gone, so git only shows `invoice/split.go` as changed) and created a `go.work` with "
          "`.` and `../ledger`. It's ignored by git, so CI keeps using the released ledger. Build and tests pass locally through "
          "the workspace.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H6L10_CORR = ("thanks! actually, emails here are built with tables only: role=presentation tables, widths as attributes, every "
              "style inline. no flex, no grid, no divs for layout. Outlook on Windows renders with Word's engine and ignores all "
              "of that, so your version comes out as one squashed column with a giant image, and Outlook is about 30% of our B2B "
              "opens. two columns = a nested table with two td's at width 50%, and the stacking on mobile comes from the "
              ".stack-column class in partials/_head.hbs. npm run preview:outlook renders it through Litmus so you can check")

SHIPPED = ("{{#each items}}\n<tr>\n  <td style=\"padding:8px 0;font-family:Helvetica,Arial,sans-serif;font-size:14px;\">\n"
           "    {{name}} × {{quantity}} · {{price}}\n  </td>\n</tr>\n{{/each}}\n")
SHIPPED_FLEX = ("{{#each items}}\n<tr>\n  <td style=\"padding:8px 0;\">\n"
                "    <div style=\"display:flex;gap:16px;align-items:center;\">\n"
                "      <img src=\"{{imageUrl}}\" width=\"96\" alt=\"{{name}}\" style=\"border-radius:4px;\">\n"
                "      <div style=\"font-family:Helvetica,Arial,sans-serif;font-size:14px;\">{{name}}<br>× {{quantity}} · {{price}}</div>\n"
                "    </div>\n  </td>\n</tr>\n{{/each}}\n")

@lesson("H6L10", "html-email", "thanks-actually", ["role=presentation", "Outlook", "no flex"], [
    fire_prompt("put the three recommended products side by side under the receipt in the invoice-paid message",
                note="asks for a multi-column layout; no shared words"),
    fire_write(f"{MAIL}/templates/password-reset.hbs",
               "<div style=\"display:flex;flex-direction:column;align-items:center;gap:24px;padding:32px;\">\n"
               "  <img src=\"{{logoUrl}}\" width=\"120\" alt=\"Mailroom\">\n  <p style=\"font-size:16px;\">Hi {{firstName}}, reset your password below.</p>\n"
               "  <a href=\"{{resetUrl}}\" style=\"background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;\">Reset password</a>\n</div>\n",
               note="new template laid out with a flex container"),
    silent_edit(f"{MAIL}/templates/order-shipped.hbs", "Your order is on its way", "Good news: your order is on its way",
                note="copy change"),
    silent_edit(f"{MAIL}/partials/footer.hbs", "<td align=\"center\" style=\"padding:24px;font-size:12px;color:#6b7280;\">\n",
                "<td align=\"center\" style=\"padding:24px;font-size:12px;line-height:18px;color:#6b7280;\">\n",
                note="inline style tweak in a table cell"),
])
def H6L10():
    s = Session("H6L10", MAIL, branch="feat/shipped-images", version="2.0.76", start="2025-11-26T11:00:00")
    s.prompt("the order-shipped email should show the items in two columns on desktop (image left, name/qty/price right). "
             "stacking on mobile is fine")
    s.read(f"{MAIL}/templates/order-shipped.hbs", SHIPPED, offset=31, limit=7, total=74)
    s.edit(f"{MAIL}/templates/order-shipped.hbs",
           "  <td style=\"padding:8px 0;font-family:Helvetica,Arial,sans-serif;font-size:14px;\">\n"
           "    {{name}} × {{quantity}} · {{price}}\n  </td>\n",
           "  <td style=\"padding:8px 0;\">\n    <div style=\"display:flex;gap:16px;align-items:center;\">\n"
           "      <img src=\"{{imageUrl}}\" width=\"96\" alt=\"{{name}}\" style=\"border-radius:4px;\">\n"
           "      <div style=\"font-family:Helvetica,Arial,sans-serif;font-size:14px;\">{{name}}<br>× {{quantity}} · {{price}}</div>\n"
           "    </div>\n  </td>\n", SHIPPED)
    s.bash("npm run build:emails && npm run preview -- order-shipped", "Build and preview",
           out="> mailroom@3.2.0 build:emails\n✓ built 14 templates\nPreview: http://localhost:3030/order-shipped")
    s.say("Each item is now a flex row: 96 px image on the left, name, quantity and price on the right. On narrow screens it "
          "wraps.", end=True)
    s.prompt(H6L10_CORR, correction=True)
    s.edit(f"{MAIL}/templates/order-shipped.hbs",
           "  <td style=\"padding:8px 0;\">\n    <div style=\"display:flex;gap:16px;align-items:center;\">\n"
           "      <img src=\"{{imageUrl}}\" width=\"96\" alt=\"{{name}}\" style=\"border-radius:4px;\">\n"
           "      <div style=\"font-family:Helvetica,Arial,sans-serif;font-size:14px;\">{{name}}<br>× {{quantity}} · {{price}}</div>\n"
           "    </div>\n  </td>\n",
           "  <td style=\"padding:8px 0;\">\n"
           "    <table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\">\n      <tr>\n"
           "        <td class=\"stack-column\" width=\"50%\" valign=\"middle\" style=\"padding-right:16px;\">\n"
           "          <img src=\"{{imageUrl}}\" width=\"96\" alt=\"{{name}}\" style=\"display:block;border:0;\">\n        </td>\n"
           "        <td class=\"stack-column\" width=\"50%\" valign=\"middle\" style=\"font-family:Helvetica,Arial,sans-serif;font-size:14px;\">\n"
           "          {{name}}<br>× {{quantity}} · {{price}}\n        </td>\n      </tr>\n    </table>\n  </td>\n", SHIPPED_FLEX)
    s.bash("npm run build:emails && npm run preview:outlook -- order-shipped", "Build and render in Outlook through Litmus",
           out="✓ built 14 templates\nLitmus: Outlook 2019 (Windows)  ✓ 2 columns\nLitmus: Outlook 365 (Windows)   ✓ 2 columns\n"
               "Litmus: iPhone 15 Mail          ✓ stacked\nscreenshots: .litmus/order-shipped/", lo=20, hi=45)
    s.say("Rewrote the row as a nested `role=\"presentation\"` table with two `td`s at `width=\"50%\"`, styles inline, and "
          "`stack-column` on both cells for mobile. Litmus shows two columns in Outlook 2019 and 365 and a stacked layout on "
          "iPhone Mail.", end=True)
    return s


# -----------------------------------------------------------------------------
H6L11_CORR = ("stop, no plain Secrets in this repo, not even base64'd. it's readable by the whole company on gitlab and flux "
              "applies whatever's on main, so a Secret here is a password on a wiki. we seal them: `kubectl create secret generic "
              "reports-smtp -n reports --from-literal=SMTP_PASSWORD=\"$(op read 'op://infra/reports smtp/password')\" "
              "--dry-run=client -o yaml | kubeseal --controller-namespace sealed-secrets --format yaml > "
              "apps/reports/smtp-sealedsecret.yaml`. op read so the value never lands in a file or your shell history")

REPORTS_DEPLOY = ("        image: registry.internal/reports:2.14.0\n        env:\n          - name: SMTP_HOST\n"
                  "            value: relay.internal\n          - name: SMTP_USER\n            value: reports@internal\n")
REPORTS_KUSTOM = ("resources:\n  - deployment.yaml\n  - service.yaml\n  - configmap.yaml\n")

@lesson("H6L11", "sealed-secrets", "interrupted-mid-message", ["no plain Secrets", "kubeseal", "op read"], [
    fire_prompt("wire the Stripe key into the billing deployment as an env var, commit it with the rest of the manifests",
                note="a credential going into git; no shared words"),
    fire_write(f"{GITOPS}/apps/billing/db-credentials.yaml",
               "apiVersion: v1\nkind: Secret\nmetadata:\n  name: billing-db\n  namespace: billing\ntype: Opaque\ndata:\n"
               "  DATABASE_PASSWORD: aHVudGVyMg==\n", note="plain Secret manifest"),
    silent_bash("kubeseal --controller-namespace sealed-secrets --validate < apps/reports/smtp-sealedsecret.yaml",
                "Check the sealed secret decrypts", note="compliant"),
    silent_edit(f"{GITOPS}/apps/reports/deployment.yaml", "image: registry.internal/reports:2.14.0",
                "image: registry.internal/reports:2.15.1", note="image bump"),
])
def H6L11():
    s = Session("H6L11", GITOPS, branch="main", version="2.1.9", start="2026-01-29T10:15:00")
    s.prompt("the reports service needs SMTP_PASSWORD as an env var now (they moved to the authenticated relay). the password's in "
             "1password, item 'reports smtp'. wire it up in apps/reports")
    s.bash("ls apps/reports", "What's in the app folder", out="configmap.yaml\ndeployment.yaml\nkustomization.yaml\nservice.yaml")
    s.read(f"{GITOPS}/apps/reports/deployment.yaml", REPORTS_DEPLOY, offset=18, limit=6, total=44)
    s.say("I'll add a `Secret` manifest `apps/reports/smtp-secret.yaml` with the password under `stringData`, reference it from "
          "the deployment with `secretKeyRef`, and list it in the kustomization. For the value I'll")
    s.interrupt()
    s.prompt(H6L11_CORR, correction=True)
    s.bash("kubectl create secret generic reports-smtp -n reports --from-literal=SMTP_PASSWORD=\"$(op read 'op://infra/reports smtp/password')\" "
           "--dry-run=client -o yaml | kubeseal --controller-namespace sealed-secrets --format yaml > apps/reports/smtp-sealedsecret.yaml "
           "&& grep -c SMTP_PASSWORD apps/reports/smtp-sealedsecret.yaml", "Seal the SMTP password", out="1")
    dep = s.edit(f"{GITOPS}/apps/reports/deployment.yaml", "            value: reports@internal\n",
                 "            value: reports@internal\n          - name: SMTP_PASSWORD\n            valueFrom:\n"
                 "              secretKeyRef:\n                name: reports-smtp\n                key: SMTP_PASSWORD\n", REPORTS_DEPLOY)
    s.read(f"{GITOPS}/apps/reports/kustomization.yaml", REPORTS_KUSTOM)
    s.edit(f"{GITOPS}/apps/reports/kustomization.yaml", "  - configmap.yaml\n", "  - configmap.yaml\n  - smtp-sealedsecret.yaml\n",
           REPORTS_KUSTOM)
    s.bash("kustomize build apps/reports | kubeconform -strict -summary -skip SealedSecret -", "Validate the rendered manifests",
           out="Summary: 4 resources found parsing stdin - Valid: 4, Invalid: 0, Errors: 0, Skipped: 1")
    s.say("Sealed the password into `apps/reports/smtp-sealedsecret.yaml` (the value came from `op read` straight into "
          "kubeseal, never written anywhere), added `SMTP_PASSWORD` from `secretKeyRef: reports-smtp` to the deployment, and "
          "listed the sealed secret in the kustomization. The manifests validate; flux will create the Secret in-cluster.",
          end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H6L12_CORR = ("why is there no timeout on the ReserveItems call? every outbound grpc call in this service needs a deadline. "
              "without one, when inventory hangs (it did on black friday, GC pauses) our worker threads just sit there waiting "
              "forever, the pool fills up and the whole purchase path goes down with it. pass timeout= from settings.GRPC_DEADLINES (add an "
              "inventory entry) and treat DEADLINE_EXCEEDED as retryable, same as the payments call")

CHECKOUT_PY = ("    def place_order(self, order: Order) -> PlacedOrder:\n        self._validate(order)\n"
               "        try:\n            charge = self.payments.Authorize(\n"
               "                payments_pb2.AuthorizeRequest(order_id=order.id, amount_minor=order.total_minor),\n"
               "                timeout=settings.GRPC_DEADLINES[\"payments\"],\n            )\n"
               "        except grpc.RpcError as e:\n            raise map_rpc_error(e, service=\"payments\") from e\n")
SETTINGS_PY = ("GRPC_DEADLINES = {\n    \"payments\": 2.0,\n    \"carriers\": 1.5,\n}\n")

@lesson("H6L12", "grpc-deadlines", "question", ["deadline", "GRPC_DEADLINES", "DEADLINE_EXCEEDED"], [
    fire_edit(f"{ORCH}/orchestrator/shipping.py", "    def quote(self, order: Order) -> Quote:\n",
              "    def quote(self, order: Order) -> Quote:\n"
              "        resp = self.carriers.QuoteRates(carriers_pb2.QuoteRequest(postcode=order.address.postcode, weight_g=order.weight_g))\n",
              note="new outbound rpc with no time limit; no shared words"),
    fire_prompt("hook the loyalty service's GetBalance into the order summary so we can show the customer's points",
                note="asks for a new outbound rpc"),
    silent_edit(f"{ORCH}/orchestrator/settings.py", "    \"carriers\": 1.5,\n", "    \"carriers\": 2.5,\n",
                note="tuning an existing deadline value"),
    silent_edit(f"{ORCH}/orchestrator/shipping.py", "    def quote(self, order: Order) -> Quote:\n",
                "    def quote(self, order: Order) -> Quote:\n"
                "        resp = self.carriers.QuoteRates(\n            carriers_pb2.QuoteRequest(postcode=order.address.postcode, weight_g=order.weight_g),\n"
                "            timeout=settings.GRPC_DEADLINES[\"carriers\"],\n        )\n", note="compliant call with a timeout"),
])
def H6L12():
    s = Session("H6L12", ORCH, branch="feat/reserve-stock", version="2.0.14", start="2025-09-30T13:50:00")
    s.prompt("before charging, reserve the stock through the inventory service's ReserveItems rpc. stubs are in "
             "gen/inventory_pb2_grpc.py, the channel is already set up in clients.py as self.inventory")
    s.read(f"{ORCH}/orchestrator/checkout.py", CHECKOUT_PY, offset=40, limit=9, total=96)
    co = s.edit(f"{ORCH}/orchestrator/checkout.py", "        self._validate(order)\n",
                "        self._validate(order)\n        reservation = self.inventory.ReserveItems(\n"
                "            inventory_pb2.ReserveRequest(order_id=order.id, lines=[inventory_pb2.Line(sku=l.sku, qty=l.qty) for l in order.lines])\n"
                "        )\n", CHECKOUT_PY)
    s.bash("pytest tests/test_checkout.py -q", "Run the checkout tests",
           out="........                                                                 [100%]\n8 passed in 0.57s")
    s.say("`place_order` reserves the items before authorising the payment. Tests pass.", end=True)
    s.prompt(H6L12_CORR, correction=True)
    s.read(f"{ORCH}/orchestrator/settings.py", SETTINGS_PY, offset=30, limit=4, total=52)
    s.edit(f"{ORCH}/orchestrator/settings.py", "    \"carriers\": 1.5,\n", "    \"carriers\": 1.5,\n    \"inventory\": 0.8,\n", SETTINGS_PY)
    s.edit(f"{ORCH}/orchestrator/checkout.py",
           "        reservation = self.inventory.ReserveItems(\n"
           "            inventory_pb2.ReserveRequest(order_id=order.id, lines=[inventory_pb2.Line(sku=l.sku, qty=l.qty) for l in order.lines])\n"
           "        )\n",
           "        try:\n            reservation = self.inventory.ReserveItems(\n"
           "                inventory_pb2.ReserveRequest(order_id=order.id, lines=[inventory_pb2.Line(sku=l.sku, qty=l.qty) for l in order.lines]),\n"
           "                timeout=settings.GRPC_DEADLINES[\"inventory\"],\n            )\n"
           "        except grpc.RpcError as e:\n            raise map_rpc_error(e, service=\"inventory\") from e\n", co)
    s.bash("pytest tests/test_checkout.py -q", "Run the checkout tests",
           out=".........                                                                [100%]\n9 passed in 0.61s")
    s.say("`ReserveItems` now gets `timeout=settings.GRPC_DEADLINES[\"inventory\"]` (0.8 s, a new entry) and its errors go through "
          "`map_rpc_error` like payments, which makes `DEADLINE_EXCEEDED` retryable. I added a test with a stub that never "
          "answers.", end=True)
    return s


# -----------------------------------------------------------------------------
H6L13_CORR = ("CI just went red on the arm64 runner:\n\n  [  FAILED  ] Polygon.CentroidOfRightTriangle\n  Expected equality of these values:\n"
              "    c.x\n      Which is: 1.3333333333333335\n    1.3333333333333333\n\n"
              "this is why we don't compare doubles with EXPECT_EQ. it passes on your x86 box and then the last bit differs on "
              "aarch64 (fma contraction) or with the -ffast-math release preset. use EXPECT_NEAR with a tolerance that means "
              "something for the value, there's kTol (1e-9) for unit-scale coordinates in tolerances.hpp. "
              "EXPECT_DOUBLE_EQ only if you really mean within 4 ULPs")

POLY_TEST = ("TEST(Polygon, AreaOfUnitSquare) {\n  Polygon sq{{0, 0}, {1, 0}, {1, 1}, {0, 1}};\n  EXPECT_NEAR(sq.area(), 1.0, kTol);\n}\n")

@lesson("H6L13", "float-comparisons", "ci-failure-pasted", ["EXPECT_NEAR", "kTol", "last bit differs"], [
    fire_edit(f"{MESH}/tests/test_ring.cpp", "  Ring sq = Ring::regular(4, 1.0);\n",
              "  Ring sq = Ring::regular(4, 1.0);\n  ASSERT_EQ(sq.perimeter(), 5.656854249492381);\n",
              note="exact equality on a computed length; no shared words"),
    fire_write(f"{MESH}/tests/test_transform.cpp",
               "#include <gtest/gtest.h>\n#include \"meshkit/transform.hpp\"\n\nTEST(Transform, RotateEighthTurn) {\n"
               "  auto p = meshkit::rotate({1.0, 0.0}, M_PI / 4);\n  EXPECT_EQ(p.x, 0.7071067811865476);\n"
               "  EXPECT_EQ(p.y, 0.7071067811865475);\n}\n", note="new test comparing rotated coordinates exactly"),
    silent_edit(f"{MESH}/tests/test_polygon.cpp", "  Polygon sq{{0, 0}, {1, 0}, {1, 1}, {0, 1}};\n",
                "  Polygon sq{{0, 0}, {1, 0}, {1, 1}, {0, 1}};\n  EXPECT_EQ(sq.size(), 4u);\n", note="exact comparison of an integer count"),
    silent_edit(f"{MESH}/tests/test_polygon.cpp", "  EXPECT_NEAR(sq.area(), 1.0, kTol);\n",
                "  EXPECT_NEAR(sq.area(), 1.0, kTol);\n  EXPECT_NEAR(sq.perimeter(), 4.0, kTol);\n", note="compliant"),
])
def H6L13():
    s = Session("H6L13", MESH, branch="feat/centroid", version="2.1.7", start="2025-12-15T16:35:00")
    s.prompt("add Polygon::centroid() (area-weighted, not the vertex average) with tests")
    hpp = "  double area() const;\n  double perimeter() const;\n"
    s.read(f"{MESH}/include/meshkit/polygon.hpp", hpp, offset=31, limit=2, total=58)
    s.edit(f"{MESH}/include/meshkit/polygon.hpp", "  double perimeter() const;\n", "  double perimeter() const;\n  Point centroid() const;\n", hpp)
    s.write(f"{MESH}/src/polygon_centroid.cpp",
            "#include \"meshkit/polygon.hpp\"\n\nnamespace meshkit {\n\nPoint Polygon::centroid() const {\n  double a = 0, cx = 0, cy = 0;\n"
            "  for (size_t i = 0, n = pts_.size(); i < n; ++i) {\n    const Point& p = pts_[i];\n    const Point& q = pts_[(i + 1) % n];\n"
            "    double cross = p.x * q.y - q.x * p.y;\n    a += cross;\n    cx += (p.x + q.x) * cross;\n    cy += (p.y + q.y) * cross;\n  }\n"
            "  return {cx / (3 * a), cy / (3 * a)};\n}\n\n}  // namespace meshkit\n")
    test = s.edit(f"{MESH}/tests/test_polygon.cpp", "  EXPECT_NEAR(sq.area(), 1.0, kTol);\n}\n",
                  "  EXPECT_NEAR(sq.area(), 1.0, kTol);\n}\n\nTEST(Polygon, CentroidOfRightTriangle) {\n"
                  "  Polygon tri{{0, 0}, {4, 0}, {0, 3}};\n  auto c = tri.centroid();\n  EXPECT_EQ(c.x, 1.3333333333333333);\n"
                  "  EXPECT_EQ(c.y, 1.0);\n}\n", POLY_TEST)
    s.bash("cmake --build build -j && ctest --test-dir build -R Polygon --output-on-failure", "Build and run the polygon tests",
           out="[100%] Built target meshkit_tests\n    Start 7: Polygon.CentroidOfRightTriangle\n7/7 Test #7: Polygon.CentroidOfRightTriangle ...   Passed    0.00 sec\n\n"
               "100% tests passed, 0 tests failed out of 7")
    s.say("Added `Polygon::centroid()` (shoelace-weighted) and a right-triangle test. All 7 polygon tests pass.", end=True)
    s.prompt(H6L13_CORR, correction=True)
    s.edit(f"{MESH}/tests/test_polygon.cpp", "  EXPECT_EQ(c.x, 1.3333333333333333);\n  EXPECT_EQ(c.y, 1.0);\n",
           "  EXPECT_NEAR(c.x, 4.0 / 3.0, kTol);\n  EXPECT_NEAR(c.y, 1.0, kTol);\n", test)
    s.bash("cmake --build build -j && ctest --test-dir build -R Polygon --output-on-failure", "Build and run the polygon tests",
           out="[100%] Built target meshkit_tests\n100% tests passed, 0 tests failed out of 7")
    s.say("The centroid test uses `EXPECT_NEAR(..., kTol)` now, with `4.0 / 3.0` as the expected value instead of a pasted "
          "literal. Passes here; it no longer depends on the last bit, so the arm64 runner should agree.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H6L14_CORR = ("STOP. never restart it. this box holds ~40k open websocket connections for the live chat, a restart drops every "
              "single one, they all reconnect at the same moment and flatten the backend. reload is graceful, the old workers keep "
              "their connections until they're done. and always nginx -t first, a restart with a broken config means the proxy "
              "simply doesn't come back. so: sudo nginx -t && sudo systemctl reload nginx")

CHAT_CONF = ("    location /socket/ {\n        proxy_pass http://chat_backend;\n        proxy_http_version 1.1;\n"
             "        proxy_set_header Upgrade $http_upgrade;\n        proxy_set_header Connection \"upgrade\";\n    }\n")

@lesson("H6L14", "nginx-reload", "interrupted", ["nginx -t", "reload is graceful", "never restart"], [
    fire_prompt("certbot renewed the certificate, bounce the web server so it picks up the new one",
                note="asks to bounce the proxy; no shared words"),
    fire_bash("sudo systemctl stop nginx && sudo systemctl start nginx", "Cycle nginx to pick up the upstream change",
              note="a restart in two steps, no config test"),
    silent_bash("sudo nginx -t", "Check the config syntax", note="config test alone"),
    silent_prompt("what does proxy_read_timeout default to, and does it matter for the socket location?", note="question about the config"),
])
def H6L14():
    s = Session("H6L14", PROXY, branch="main", version="2.1.9", start="2026-01-22T07:55:00")
    s.prompt("add a /status location on the chat proxy that goes to the health exporter on 127.0.0.1:9100, office range only "
             "(10.20.0.0/16)")
    s.read(f"{PROXY}/sites/chat.conf", CHAT_CONF, offset=40, limit=6, total=88)
    s.edit(f"{PROXY}/sites/chat.conf", "        proxy_set_header Connection \"upgrade\";\n    }\n",
           "        proxy_set_header Connection \"upgrade\";\n    }\n\n    location = /status {\n        allow 10.20.0.0/16;\n"
           "        deny all;\n        proxy_pass http://127.0.0.1:9100/metrics;\n    }\n", CHAT_CONF)
    s.bash("ls -l /etc/nginx/sites-enabled/", "Check the config is linked",
           out="lrwxrwxrwx 1 root root 28 Mar  4  2025 chat.conf -> /srv/chat-proxy/sites/chat.conf")
    s.say("The site config is the file I edited. Applying it.")
    s.interrupt_tool("Bash", {"command": "sudo systemctl restart nginx && curl -s -o /dev/null -w '%{http_code}\\n' https://chat.example.net/status",
                              "description": "Restart nginx and check /status"})
    s.prompt(H6L14_CORR, correction=True)
    s.bash("sudo nginx -t && sudo systemctl reload nginx", "Test the config, then reload",
           out="nginx: the configuration file /etc/nginx/nginx.conf syntax is ok\n"
               "nginx: configuration file /etc/nginx/nginx.conf test is successful")
    s.bash("curl -s -o /dev/null -w '%{http_code}\\n' --interface 10.20.4.17 https://chat.example.net/status; "
           "curl -s -o /dev/null -w '%{http_code}\\n' https://chat.example.net/status", "Check from the office range and from outside",
           out="200\n403")
    s.say("Nothing was restarted: the config tested clean and nginx was reloaded, so the open chat connections stayed up. "
          "`/status` answers 200 from 10.20.0.0/16 and 403 from elsewhere.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H6L15_CORR = ("no @Data on entities. it generates equals/hashCode/toString over every field, lazy @ManyToOne included, so "
              "logging one or putting it in a HashSet fires extra selects, or a LazyInitializationException once the session is "
              "closed, and the hash changes when the id gets assigned on save, which breaks any Set of appointments. @Getter "
              "@Setter on it, equals/hashCode on the id by hand, copy what Patient does")

APPT_BAD = ("package health.lumen.clinic.domain;\n\nimport jakarta.persistence.*;\nimport lombok.Data;\nimport java.time.OffsetDateTime;\n\n"
            "@Entity\n@Table(name = \"appointments\")\n@Data\npublic class Appointment {\n"
            "    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) private Long id;\n"
            "    @ManyToOne(fetch = FetchType.LAZY, optional = false) private Patient patient;\n"
            "    @ManyToOne(fetch = FetchType.LAZY, optional = false) private Practitioner practitioner;\n"
            "    private OffsetDateTime startsAt;\n    private OffsetDateTime endsAt;\n"
            "    @Enumerated(EnumType.STRING) private AppointmentStatus status = AppointmentStatus.BOOKED;\n}\n")
APPT_GOOD = (APPT_BAD.replace("import lombok.Data;\n", "import lombok.Getter;\nimport lombok.Setter;\n")
             .replace("import java.time.OffsetDateTime;\n", "import java.time.OffsetDateTime;\nimport java.util.Objects;\n")
             .replace("@Data\n", "@Getter\n@Setter\n")
             .replace("AppointmentStatus.BOOKED;\n}\n", "AppointmentStatus.BOOKED;\n\n    @Override\n    public boolean equals(Object o) {\n"
                      "        return this == o || (o instanceof Appointment other && id != null && id.equals(other.id));\n    }\n\n"
                      "    @Override\n    public int hashCode() {\n        return Appointment.class.hashCode();\n    }\n}\n"))
PATIENT = ("@Getter\n@Setter\npublic class Patient {\n    ...\n    @Override\n    public boolean equals(Object o) {\n"
           "        return this == o || (o instanceof Patient other && id != null && id.equals(other.id));\n    }\n\n"
           "    @Override\n    public int hashCode() {\n        return Patient.class.hashCode();\n    }\n}\n")

@lesson("H6L15", "jpa-entities", "terse-rule", ["no @Data on entities", "LazyInitializationException", "@Getter @Setter"], [
    fire_edit(f"{DOMAIN_PKG}/Room.java", "@Entity\n@Table(name = \"rooms\")\npublic class Room {\n",
              "@Entity\n@Table(name = \"rooms\")\n@EqualsAndHashCode\npublic class Room {\n",
              note="Lombok all-field equals/hashCode on a JPA entity; no shared words"),
    fire_write(f"{DOMAIN_PKG}/Invoice.java",
               "package health.lumen.clinic.domain;\n\nimport jakarta.persistence.*;\nimport lombok.Data;\n\n@Entity\n@Data\n"
               "public class Invoice {\n    @Id @GeneratedValue private Long id;\n"
               "    @ManyToOne(fetch = FetchType.LAZY) private Appointment appointment;\n    private long amountCents;\n}\n",
               note="new entity with @Data"),
    silent_write(f"{CLINIC}/src/main/java/health/lumen/clinic/web/dto/AppointmentView.java",
                 "package health.lumen.clinic.web.dto;\n\nimport lombok.AllArgsConstructor;\nimport lombok.Data;\n"
                 "import java.time.OffsetDateTime;\n\n@Data\n@AllArgsConstructor\npublic class AppointmentView {\n"
                 "    private Long id;\n    private String patientName;\n    private OffsetDateTime startsAt;\n}\n",
                 note="@Data on a plain response DTO, not an entity"),
    silent_edit(f"{DOMAIN_PKG}/Appointment.java", "    @Enumerated(EnumType.STRING) private AppointmentStatus status",
                "    @Column(nullable = false)\n    @Enumerated(EnumType.STRING) private AppointmentStatus status",
                note="column constraint on the entity"),
])
def H6L15():
    s = Session("H6L15", CLINIC, branch="feat/appointments", version="2.0.76", start="2025-11-10T09:30:00")
    s.prompt("add an Appointment entity: patient and practitioner (both many-to-one), startsAt, endsAt, status enum (BOOKED, "
             "CANCELLED, DONE). plus a spring data repository")
    s.glob("src/main/java/health/lumen/clinic/domain/*.java",
           [f"{DOMAIN_PKG}/Patient.java", f"{DOMAIN_PKG}/Practitioner.java", f"{DOMAIN_PKG}/Room.java", f"{DOMAIN_PKG}/Clinic.java"])
    s.write(f"{DOMAIN_PKG}/Appointment.java", APPT_BAD)
    s.write(f"{DOMAIN_PKG}/AppointmentStatus.java", "package health.lumen.clinic.domain;\n\npublic enum AppointmentStatus { BOOKED, CANCELLED, DONE }\n")
    s.write(f"{CLINIC}/src/main/java/health/lumen/clinic/repo/AppointmentRepository.java",
            "package health.lumen.clinic.repo;\n\nimport health.lumen.clinic.domain.Appointment;\n"
            "import org.springframework.data.jpa.repository.JpaRepository;\n\n"
            "public interface AppointmentRepository extends JpaRepository<Appointment, Long> {}\n")
    s.bash("./mvnw -q test -Dtest=AppointmentRepositoryTest", "Run the repository test",
           out="[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0")
    s.say("Added `Appointment` (with `@Data`), the status enum and `AppointmentRepository`. The repository test passes.", end=True)
    s.prompt(H6L15_CORR, correction=True)
    s.read(f"{DOMAIN_PKG}/Patient.java", PATIENT, offset=14, limit=13, total=40)
    s.write(f"{DOMAIN_PKG}/Appointment.java", APPT_GOOD, original=APPT_BAD)
    s.bash("./mvnw -q test -Dtest='Appointment*Test'", "Run the appointment tests",
           out="[INFO] Tests run: 5, Failures: 0, Errors: 0, Skipped: 0")
    s.say("`Appointment` now has `@Getter @Setter` and equals/hashCode on the id, written like `Patient` (constant hashCode, so "
          "it doesn't change on save). No `toString` touches the lazy patient or practitioner. Tests pass, including one that "
          "keeps an appointment in a `HashSet` across `save()`.", end=True)
    return s


# -----------------------------------------------------------------------------
H6L16_CORR = ("looks fine otherwise, but one thing before I merge: we don't use string interpolation in log calls here. Seq "
              "indexes the message template, so with $\"...\" every call is its own unique message, you can't filter on OrderId or "
              "count them, and the string gets built even when Information is switched off. use a template with named holes and "
              "pass the values as arguments: _logger.LogInformation(\"Generated pick list for {OrderId}: {LineCount} lines in "
              "{Zone}\", order.Id, lines.Count, zone.Name). that CA2254 warning in the build is exactly this")

PICK_CS = ("        var lines = await _allocator.AllocateAsync(order, zone, ct);\n        var pickList = new PickList(order.Id, zone.Id, lines);\n"
           "        _db.PickLists.Add(pickList);\n        await _db.SaveChangesAsync(ct);\n        return pickList;\n")

@lesson("H6L16", "dotnet-logging", "reviewer-before-merge", ["message template", "named holes", "CA2254"], [
    fire_edit(f"{WH}/Services/SupplierSyncService.cs", "        catch (HttpRequestException ex)\n        {\n",
              "        catch (HttpRequestException ex)\n        {\n"
              "            logger.LogError(ex, \"Supplier sync failed for \" + supplier.Code + \" after \" + attempt + \" attempts\");\n",
              note="concatenated error log; no shared words"),
    fire_edit(f"{WH}/Services/ReceivingService.cs", "        await _db.SaveChangesAsync(ct);\n",
              "        await _db.SaveChangesAsync(ct);\n        _logger.LogWarning($\"Pallet {pallet.Sscc} rejected at dock {dockId}: {reason}\");\n",
              note="interpolated warning"),
    silent_edit(f"{WH}/Services/DockService.cs", "        dock.OpenedAt = _clock.UtcNow;\n",
                "        dock.OpenedAt = _clock.UtcNow;\n        _logger.LogInformation(\"Dock {DockId} opened by {UserId}\", dock.Id, userId);\n",
                note="compliant template"),
    silent_edit(f"{WH}/appsettings.Production.json", "      \"Default\": \"Information\",", "      \"Default\": \"Warning\",",
                note="log level config"),
])
def H6L16():
    s = Session("H6L16", WH, branch="feat/picklist-logging", version="2.1.31", start="2026-02-06T14:00:00")
    s.prompt("log when a pick list gets generated: order id, number of lines, which zone")
    s.read(f"{WH}/Services/PickListService.cs", PICK_CS, offset=48, limit=5, total=90)
    s.edit(f"{WH}/Services/PickListService.cs", "        await _db.SaveChangesAsync(ct);\n",
           "        await _db.SaveChangesAsync(ct);\n"
           "        _logger.LogInformation($\"Generated pick list for order {order.Id}: {lines.Count} lines in zone {zone.Name}\");\n", PICK_CS)
    s.bash("dotnet build -c Release 2>&1 | tail -4", "Build",
           out="/home/jakub/src/Warehouse.Api/Services/PickListService.cs(53,32): warning CA2254: The logging message template "
               "should not vary between calls to 'LoggerExtensions.LogInformation(ILogger, string?, params object?[])'\n"
               "    1 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:07.41")
    s.say("`GeneratePickListAsync` logs the order id, line count and zone after saving. The build succeeds with one analyzer "
          "warning.", end=True)
    s.prompt(H6L16_CORR, correction=True)
    s.edit(f"{WH}/Services/PickListService.cs",
           "        _logger.LogInformation($\"Generated pick list for order {order.Id}: {lines.Count} lines in zone {zone.Name}\");\n",
           "        _logger.LogInformation(\"Generated pick list for {OrderId}: {LineCount} lines in {Zone}\", order.Id, lines.Count, zone.Name);\n",
           PICK_CS.replace("        await _db.SaveChangesAsync(ct);\n", "        await _db.SaveChangesAsync(ct);\n"
                           "        _logger.LogInformation($\"Generated pick list for order {order.Id}: {lines.Count} lines in zone {zone.Name}\");\n"))
    s.bash("dotnet build -c Release 2>&1 | tail -3", "Build", out="    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:06.88")
    s.say("The log call is a template now with `OrderId`, `LineCount` and `Zone` as properties, so Seq can filter and group "
          "on them. The CA2254 warning is gone.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H6L17_CORR = ("argh, that's raw post meta going straight into the page. any organiser account can edit those fields, so that's "
              "stored XSS on a public event page. everything gets escaped at the point of output: esc_html() for text, esc_url() "
              "for the href, esc_attr() inside attributes, wp_kses_post() if markup is allowed, and esc_html_e instead of _e. the "
              "wp.org plugin review bounced our last release for exactly this, phpcs with WordPress-Extra flags it as "
              "OutputNotEscaped, run it")

FORM_PHP = ("\t<button type=\"submit\" class=\"tixly-buy\"><?php esc_html_e( 'Get tickets', 'tixly' ); ?></button>\n</form>\n")
FORM_RAW = ("\t<button type=\"submit\" class=\"tixly-buy\"><?php esc_html_e( 'Get tickets', 'tixly' ); ?></button>\n</form>\n"
            "<p class=\"tixly-venue\"><?php echo get_post_meta( $event_id, '_tixly_venue', true ); ?></p>\n"
            "<a class=\"tixly-organiser\" href=\"<?php echo get_post_meta( $event_id, '_tixly_organiser_url', true ); ?>\">"
            "<?php _e( 'Organiser website', 'tixly' ); ?></a>\n")

@lesson("H6L17", "wordpress-escaping", "annoyed", ["escaped at the point of output", "esc_html()", "OutputNotEscaped"], [
    fire_edit(f"{TIX}/templates/ticket-summary.php", "<div class=\"tixly-summary\">\n",
              "<div class=\"tixly-summary\">\n    <h3><?php echo $ticket->name; ?></h3>\n"
              "    <span class=\"tixly-price\"><?php echo $ticket->price_label; ?></span>\n",
              note="echoes ticket fields as they are; no shared words"),
    fire_write(f"{TIX}/includes/shortcode-countdown.php",
               "<?php\nadd_shortcode( 'tixly_countdown', function ( $atts ) {\n"
               "\t$atts = shortcode_atts( array( 'until' => '', 'label' => '' ), $atts );\n"
               "\treturn '<div class=\"tixly-countdown\" data-until=\"' . $atts['until'] . '\">' . $atts['label'] . '</div>';\n} );\n",
               note="shortcode markup built from raw attributes"),
    silent_edit(f"{TIX}/templates/ticket-summary.php", "<div class=\"tixly-summary\">\n",
                "<div class=\"tixly-summary\">\n    <h3><?php echo esc_html( $ticket->name ); ?></h3>\n", note="compliant"),
    silent_bash("vendor/bin/phpcs --standard=WordPress-Extra includes/ templates/", "Run the coding standards", note="lint"),
])
def H6L17():
    s = Session("H6L17", TIX, branch="feat/venue-line", version="2.0.37", start="2025-10-09T15:45:00")
    s.prompt("under the ticket form, show the venue name and a link to the organiser's site. they're in post meta: _tixly_venue "
             "and _tixly_organiser_url")
    s.read(f"{TIX}/templates/ticket-form.php", FORM_PHP, offset=38, limit=2, total=39)
    s.edit(f"{TIX}/templates/ticket-form.php", "</form>\n",
           "</form>\n<p class=\"tixly-venue\"><?php echo get_post_meta( $event_id, '_tixly_venue', true ); ?></p>\n"
           "<a class=\"tixly-organiser\" href=\"<?php echo get_post_meta( $event_id, '_tixly_organiser_url', true ); ?>\">"
           "<?php _e( 'Organiser website', 'tixly' ); ?></a>\n", FORM_PHP)
    s.bash("curl -s http://tixly.test/event/jazz-night/ | grep -A1 tixly-venue", "Check the event page",
           out="<p class=\"tixly-venue\">Paradiso, Amsterdam</p>\n<a class=\"tixly-organiser\" href=\"https://jazzcollective.nl\">Organiser website</a>")
    s.say("The venue and the organiser link now show under the ticket form on the event page.", end=True)
    s.prompt(H6L17_CORR, correction=True)
    s.edit(f"{TIX}/templates/ticket-form.php",
           "<p class=\"tixly-venue\"><?php echo get_post_meta( $event_id, '_tixly_venue', true ); ?></p>\n"
           "<a class=\"tixly-organiser\" href=\"<?php echo get_post_meta( $event_id, '_tixly_organiser_url', true ); ?>\">"
           "<?php _e( 'Organiser website', 'tixly' ); ?></a>\n",
           "<p class=\"tixly-venue\"><?php echo esc_html( get_post_meta( $event_id, '_tixly_venue', true ) ); ?></p>\n"
           "<a class=\"tixly-organiser\" href=\"<?php echo esc_url( get_post_meta( $event_id, '_tixly_organiser_url', true ) ); ?>\">"
           "<?php esc_html_e( 'Organiser website', 'tixly' ); ?></a>\n", FORM_RAW)
    s.bash("vendor/bin/phpcs --standard=WordPress-Extra templates/ticket-form.php && echo clean", "Coding standards", out="clean")
    s.say("The venue goes through `esc_html()`, the link through `esc_url()`, and the label uses `esc_html_e`. phpcs with "
          "WordPress-Extra reports nothing for the template now.", end=True)
    return s


# -----------------------------------------------------------------------------
H6L18_CORR = ("kill it, sorry. don't hardcode cuda anywhere in here. this only ever runs through accelerate launch: on the 4-GPU "
              "box every process has its own device and .cuda() puts everything on GPU 0, so rank 0 OOMs and the other ranks "
              "compute garbage, and the CI smoke test runs it on CPU where .cuda() just crashes. the dataloaders already come out "
              "of accelerator.prepare(), so whatever they yield is on the right device; anything you create yourself gets "
              "device=accelerator.device")

EVAL_BAD = ("import torch\n\n\n@torch.no_grad()\ndef evaluate(model, val_dl, num_classes):\n    model.eval()\n"
            "    conf = torch.zeros(num_classes, num_classes, dtype=torch.long).cuda()\n    for batch in val_dl:\n"
            "        pixel_values = batch[\"pixel_values\"].cuda()\n        labels = batch[\"labels\"].cuda()\n"
            "        preds = model(pixel_values=pixel_values).logits.argmax(1)\n        mask = labels != 255\n"
            "        conf += torch.bincount(labels[mask] * num_classes + preds[mask], minlength=num_classes**2).view(num_classes, -1)\n"
            "    iou = conf.diag() / (conf.sum(0) + conf.sum(1) - conf.diag()).clamp(min=1)\n    model.train()\n"
            "    return iou.mean().item()\n")
EVAL_GOOD = ("import torch\n\n\n@torch.no_grad()\ndef evaluate(accelerator, model, val_dl, num_classes):\n    model.eval()\n"
             "    conf = torch.zeros(num_classes, num_classes, dtype=torch.long, device=accelerator.device)\n    for batch in val_dl:\n"
             "        preds = model(pixel_values=batch[\"pixel_values\"]).logits.argmax(1)\n"
             "        preds, labels = accelerator.gather_for_metrics((preds, batch[\"labels\"]))\n        mask = labels != 255\n"
             "        conf += torch.bincount(labels[mask] * num_classes + preds[mask], minlength=num_classes**2).view(num_classes, -1)\n"
             "    iou = conf.diag() / (conf.sum(0) + conf.sum(1) - conf.diag()).clamp(min=1)\n    model.train()\n"
             "    return iou.mean().item()\n")

@lesson("H6L18", "accelerate-devices", "interrupted-run", ["hardcode cuda", "accelerator.device", "accelerator.prepare"], [
    fire_edit(f"{SEG}/train.py", "        pixel_values = batch[\"pixel_values\"]\n",
              "        pixel_values = batch[\"pixel_values\"].to(0, non_blocking=True)\n",
              note="moves the batch to device index 0; no shared words"),
    fire_write(f"{SEG}/losses.py",
               "import torch\nimport torch.nn.functional as F\n\n\ndef weighted_ce(logits, labels, class_freq):\n"
               "    weights = (1.0 / class_freq).to(torch.device(\"cuda\"))\n"
               "    return F.cross_entropy(logits, labels, weight=weights, ignore_index=255)\n",
               note="class weights pinned to the GPU"),
    silent_bash("accelerate launch --num_processes 4 train.py --config configs/segformer_b2.yaml", "Start the training run",
                note="compliant launch"),
    silent_prompt("plot the val mIoU curves of the last three runs from wandb next to each other", note="related question about results"),
])
def H6L18():
    s = Session("H6L18", SEG, branch="main", version="2.1.9", start="2026-01-16T19:20:00")
    s.prompt("add an eval loop that computes mIoU on the val split after every epoch and logs it")
    tr = ("accelerator = Accelerator(log_with=\"wandb\")\nmodel, optimizer, train_dl, val_dl = accelerator.prepare(model, optimizer, train_dl, val_dl)\n"
          "for epoch in range(cfg.epochs):\n    train_one_epoch(accelerator, model, optimizer, train_dl)\n")
    s.read(f"{SEG}/train.py", tr, offset=61, limit=4, total=110)
    s.write(f"{SEG}/evaluate.py", EVAL_BAD)
    tr2 = s.edit(f"{SEG}/train.py", "    train_one_epoch(accelerator, model, optimizer, train_dl)\n",
                 "    train_one_epoch(accelerator, model, optimizer, train_dl)\n    miou = evaluate(model, val_dl, cfg.num_classes)\n"
                 "    accelerator.log({\"val/mIoU\": miou}, step=epoch)\n", tr)
    s.say("Running one short epoch to check the loop.")
    s.interrupt_tool("Bash", {"command": "python train.py --config configs/segformer_b2.yaml --epochs 1 --max-steps 50",
                              "description": "Smoke-test one epoch with eval"}, exit137=True)
    s.prompt(H6L18_CORR, correction=True)
    s.write(f"{SEG}/evaluate.py", EVAL_GOOD, original=EVAL_BAD)
    s.edit(f"{SEG}/train.py", "    miou = evaluate(model, val_dl, cfg.num_classes)\n",
           "    miou = evaluate(accelerator, model, val_dl, cfg.num_classes)\n", tr2)
    s.bash("accelerate launch --num_processes 4 train.py --config configs/segformer_b2.yaml --epochs 1 --max-steps 50 2>&1 | tail -2",
           "Smoke-test through accelerate", out="epoch 0 | train loss 1.284 | val mIoU 0.412\nwandb: Synced 4 W&B file(s)",
           lo=90, hi=180)
    s.say("`evaluate.py` has no `.cuda()` left: batches come from the prepared `val_dl`, the confusion matrix is created on "
          "`accelerator.device`, and predictions and labels go through `gather_for_metrics` so all four ranks count towards one "
          "mIoU. The 4-process smoke run logs val mIoU 0.412.", end=True)
    s.turn_done()
    return s
