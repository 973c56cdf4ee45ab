"""gen-holdout-19: lessons about code (HTML from the CMS goes through sanitizeHtml before dangerouslySetInnerHTML,
secrets never get the VITE_ prefix, JWTs are only decoded verified, no parallel streams on the common pool, inference
runs in eval mode under inference_mode, catalogue search uses the tsvector column, Cargo versions live in the
workspace table, escaping closures capture weak self)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

HELPCENTER = "/Users/gemma/code/helpcenter-web"
FIELDNOTES = "/home/ravi/src/fieldnotes-app"
PARTNER = "/home/kofi/src/partner-gateway"
QUOTES = "/home/marta/dev/quote-engine"
DEFECTS = "/home/ines/ml/defect-detector"
BOOKSHELF = "/home/sofia/code/bookshelf"
TILEMILL = "/home/jonas/src/tilemill-rs"
RUNTRACK = "/Users/lena/dev/RunTrack-iOS"

QJAVA = f"{QUOTES}/src/main/java/com/harbourline/quotes"


# -----------------------------------------------------------------------------
H19L09_CORR = ("the CMS bodies are written by 40 support agents and the Zendesk import keeps whatever HTML the old "
               "articles had, so this is stored XSS waiting to happen: an <img onerror> in one imported article runs in "
               "every reader's session. Nothing goes into dangerouslySetInnerHTML without going through sanitizeHtml() "
               "from lib/sanitize.ts first (DOMPurify with our allowlist).")

ARTICLE_TSX = ("export function ArticlePage({ article }: { article: Article }) {\n  return (\n    <main className=\"article\">\n"
               "      <h1>{article.title}</h1>\n      <p className=\"excerpt\">{article.excerpt}</p>\n    </main>\n  );\n}\n")

@lesson("H19L09", "react-html-sanitize", "rejected-with-feedback",
        ["dangerouslySetInnerHTML", "sanitizeHtml()", "DOMPurify"], [
    fire_edit(f"{HELPCENTER}/src/components/CommentBody.tsx", "  useEffect(() => {\n    if (!ref.current) return;\n",
              "  useEffect(() => {\n    if (!ref.current) return;\n    ref.current.innerHTML = comment.renderedMarkdown;\n",
              note="raw markup through a ref; no shared words"),
    fire_edit(f"{HELPCENTER}/src/pages/ReleaseNotesPage.tsx", "      <h1>{release.version}</h1>\n",
              "      <h1>{release.version}</h1>\n      <section className=\"notes\" dangerouslySetInnerHTML={{ __html: release.notesHtml }} />\n",
              note="unsanitized HTML on another page"),
    silent_edit(f"{HELPCENTER}/src/pages/FaqPage.tsx", "      <dd>{faq.answerText}</dd>\n",
                "      <dd dangerouslySetInnerHTML={{ __html: sanitizeHtml(faq.answerHtml) }} />\n",
                note="compliant: sanitized first"),
    silent_edit(f"{HELPCENTER}/src/components/ArticleCard.tsx", "    <article className=\"card\">\n",
                "    <article className=\"card card--compact\">\n", note="class tweak"),
])
def H19L09():
    s = Session("H19L09", HELPCENTER, branch="feat/article-html", version="2.1.31", start="2026-02-24T10:05:00")
    s.prompt("article bodies from the CMS come as HTML now (bodyHtml). render them on ArticlePage instead of the "
             "plain-text excerpt")
    s.read(f"{HELPCENTER}/src/pages/ArticlePage.tsx", ARTICLE_TSX)
    s.reject("Edit", {"file_path": f"{HELPCENTER}/src/pages/ArticlePage.tsx",
                      "old_string": "      <p className=\"excerpt\">{article.excerpt}</p>\n",
                      "new_string": "      <div className=\"article-body\" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />\n",
                      "replace_all": False}, feedback=H19L09_CORR)
    s.read(f"{HELPCENTER}/src/lib/sanitize.ts",
           "import DOMPurify from 'dompurify';\n\nconst ALLOWED_TAGS = ['p', 'a', 'ul', 'ol', 'li', 'strong', 'em', 'code', "
           "'pre', 'h2', 'h3', 'img', 'table', 'tr', 'td', 'th'];\n\nexport function sanitizeHtml(html: string): string {\n"
           "  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'src', 'alt', 'title'] });\n}\n")
    s.edit(f"{HELPCENTER}/src/pages/ArticlePage.tsx", "      <p className=\"excerpt\">{article.excerpt}</p>\n",
           "      <div className=\"article-body\" dangerouslySetInnerHTML={{ __html: sanitizeHtml(article.bodyHtml) }} />\n",
           ARTICLE_TSX)
    s.bash("pnpm vitest run src/pages/ArticlePage.test.tsx", "Run the page tests",
           out=" \u2713 src/pages/ArticlePage.test.tsx (4 tests) 37ms\n\n      Tests  4 passed (4)")
    s.say("ArticlePage renders `sanitizeHtml(article.bodyHtml)` now, so imported markup goes through DOMPurify with "
          "the allowlist first. I added a test with an `<img onerror>` body: the handler is stripped.", end=True)
    return s


# -----------------------------------------------------------------------------
H19L10_CORR = ("Actually, anything prefixed VITE_ is inlined into the JS bundle at build time, so that OpenAI key would "
               "be readable by anyone who opens devtools on the production site, and they'd run up our bill. Secrets "
               "stay on the server: the browser calls our own /api/summarize endpoint and the Express server reads "
               "OPENAI_API_KEY from its environment. VITE_ is only for values that are public anyway, like the API base "
               "URL or the Sentry DSN.")

AI_TS = ("export async function summarize(text: string): Promise<string> {\n"
         "  const res = await fetch('https://api.openai.com/v1/chat/completions', {\n    method: 'POST',\n"
         "    headers: { Authorization: `Bearer ${import.meta.env.VITE_OPENAI_API_KEY}`, 'Content-Type': 'application/json' },\n"
         "    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `Summarize:\\n${text}` }] }),\n"
         "  });\n  return (await res.json()).choices[0].message.content;\n}\n")

@lesson("H19L10", "vite-public-env", "polite-actually",
        ["VITE_", "inlined into the JS bundle", "Secrets stay on the server"], [
    fire_edit(f"{FIELDNOTES}/src/lib/payments.ts", "export async function createCheckout(planId: string) {\n",
              "const stripe = new Stripe(import.meta.env.VITE_STRIPE_SECRET_KEY);\n\n"
              "export async function createCheckout(planId: string) {\n",
              note="secret key read in browser code; no shared words"),
    fire_edit(f"{FIELDNOTES}/.env.production", "VITE_API_BASE_URL=https://api.fieldnotes.app\n",
              "VITE_API_BASE_URL=https://api.fieldnotes.app\nVITE_MAILGUN_API_KEY=key-7d1f0c9e2b3a4c5d6e7f8a9b0c1d2e3f\n",
              note="private key under the public prefix"),
    silent_edit(f"{FIELDNOTES}/server/routes/transcribe.ts", "const client = new OpenAI();\n",
                "const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY });\n",
                note="compliant: server-side secret"),
    silent_bash("pnpm build && (grep -l 'sk-' dist/assets/*.js || echo clean)", "Check the bundle has no keys",
                note="verification"),
])
def H19L10():
    s = Session("H19L10", FIELDNOTES, branch="feat/ai-summary", version="2.1.9", start="2026-01-08T16:30:00")
    s.prompt("add a 'Summarize' button on the note view that sends the note text to OpenAI (gpt-4o-mini) and shows the "
             "summary under the note")
    view = "      <NoteBody note={note} />\n"
    s.read(f"{FIELDNOTES}/src/features/notes/NoteView.tsx", view, offset=31, limit=1, total=58)
    s.write(f"{FIELDNOTES}/src/lib/ai.ts", AI_TS)
    s.edit(f"{FIELDNOTES}/src/features/notes/NoteView.tsx", view,
           "      <NoteBody note={note} />\n      <SummarizeButton text={note.body} />\n", view)
    s.bash("pnpm typecheck && pnpm vitest run src/lib", "Type-check and test",
           out=" \u2713 src/lib/ai.test.ts (2 tests) 9ms\n\n      Tests  2 passed (2)")
    s.say("The note view has a Summarize button; `src/lib/ai.ts` calls OpenAI directly. Add "
          "`VITE_OPENAI_API_KEY=sk-...` to `.env.local` (and the production env) and it works.", end=True)
    s.prompt(H19L10_CORR, correction=True)
    s.write(f"{FIELDNOTES}/server/routes/summarize.ts",
            "import OpenAI from 'openai';\nimport { Router } from 'express';\n\nconst client = new OpenAI({ apiKey: "
            "process.env.OPENAI_API_KEY });\nexport const summarizeRouter = Router();\n\n"
            "summarizeRouter.post('/api/summarize', requireUser, async (req, res) => {\n"
            "  const out = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: "
            "`Summarize:\\n${req.body.text}` }] });\n  res.json({ summary: out.choices[0].message.content });\n});\n")
    s.write(f"{FIELDNOTES}/src/lib/ai.ts",
            "export async function summarize(text: string): Promise<string> {\n"
            "  const res = await api.post('/api/summarize', { text });\n  return res.summary;\n}\n", original=AI_TS)
    s.say("The browser now calls `/api/summarize`, and only the Express server knows `OPENAI_API_KEY` (from its "
          "environment, behind `requireUser`). Nothing with a `VITE_` prefix holds a secret.", end=True)
    return s


# -----------------------------------------------------------------------------
H19L11_CORR = ("wait, why verify_signature False? with that anyone can mint a token with any partner_id they like and "
               "we'd believe it. Tokens are only ever decoded with the issuer's public key from its JWKS "
               "(PyJWKClient(settings.PARTNER_JWKS_URL)), algorithms=[\"RS256\"] spelled out, and aud and exp checked. "
               "An unverified decode is never ok here, not even just to read a claim for logging.")

AUTH_PY = ("async def partner_context(request: Request, call_next):\n    header = request.headers.get(\"authorization\", \"\")\n"
           "    request.state.partner_id = None\n    return await call_next(request)\n")

@lesson("H19L11", "jwt-verification", "question-after",
        ["verify_signature", "PyJWKClient", "algorithms=[\"RS256\"]"], [
    fire_edit(f"{PARTNER}/app/webhooks/events.py",
              "async def handle_event(request: Request):\n    body = await request.json()\n",
              "async def handle_event(request: Request):\n    body = await request.json()\n"
              "    bearer = request.headers[\"authorization\"].removeprefix(\"Bearer \")\n"
              "    sub = jose_jwt.get_unverified_claims(bearer)[\"sub\"]\n",
              note="unverified claims through another library; no shared words"),
    fire_edit(f"{PARTNER}/app/admin/session.py", "    payload = jwt.decode(cookie, settings.ADMIN_SECRET, algorithms=[\"HS256\"])\n",
              "    payload = jwt.decode(cookie, settings.ADMIN_SECRET, algorithms=[\"HS256\"], options={\"verify_exp\": False})\n",
              note="expiry check switched off"),
    silent_edit(f"{PARTNER}/app/auth.py", "        audience=\"partner-gateway\",\n",
                "        audience=\"partner-gateway\",\n        leeway=30,\n", note="compliant: clock skew on a verified decode"),
    silent_bash("pytest tests/test_auth.py -q", "Auth tests", note="tests"),
])
def H19L11():
    s = Session("H19L11", PARTNER, branch="feat/partner-rate-limit", version="2.0.76", start="2025-12-02T11:45:00")
    s.prompt("partners send a JWT in the Authorization header. read the partner_id claim and put it on "
             "request.state.partner_id so the rate limiter can key on it")
    s.read(f"{PARTNER}/app/auth.py", AUTH_PY, offset=14, limit=4, total=30)
    s.edit(f"{PARTNER}/app/auth.py", "    request.state.partner_id = None\n",
           "    request.state.partner_id = None\n    if header.startswith(\"Bearer \"):\n"
           "        claims = jwt.decode(header[7:], options={\"verify_signature\": False})\n"
           "        request.state.partner_id = claims.get(\"partner_id\")\n", AUTH_PY)
    s.bash("pytest tests/test_rate_limit.py -q", "Rate limiter tests",
           out="......                                                                   [100%]\n6 passed in 0.37s")
    s.say("`partner_context` now reads `partner_id` from the bearer token into `request.state.partner_id`, and the "
          "rate limiter keys on it. Tests pass.", end=True)
    s.prompt(H19L11_CORR, correction=True)
    s.edit(f"{PARTNER}/app/auth.py",
           "        claims = jwt.decode(header[7:], options={\"verify_signature\": False})\n",
           "        signing_key = jwks_client.get_signing_key_from_jwt(header[7:])\n"
           "        claims = jwt.decode(\n            header[7:],\n            signing_key.key,\n"
           "            algorithms=[\"RS256\"],\n            audience=\"partner-gateway\",\n"
           "            options={\"require\": [\"exp\", \"aud\", \"partner_id\"]},\n        )\n",
           AUTH_PY.replace("    request.state.partner_id = None\n",
                           "    request.state.partner_id = None\n    if header.startswith(\"Bearer \"):\n"
                           "        claims = jwt.decode(header[7:], options={\"verify_signature\": False})\n"
                           "        request.state.partner_id = claims.get(\"partner_id\")\n"))
    s.bash("pytest tests/test_rate_limit.py tests/test_auth.py -q", "Tests with signed and forged tokens",
           out="...........                                                              [100%]\n11 passed in 0.52s")
    s.say("You're right, that trusted anything. Tokens are verified now against the partner's JWKS "
          "(`jwks_client = PyJWKClient(settings.PARTNER_JWKS_URL)`), RS256 only, with `aud` and `exp` required; an "
          "invalid token gets a 401. I added tests for a forged and an expired token.", end=True)
    return s


# -----------------------------------------------------------------------------
H19L12_CORR = ("Piotr on the PR: \"parallelStream() here runs the rate lookups on ForkJoinPool.commonPool(), the same pool "
               "every CompletableFuture.supplyAsync without an executor uses. A blocking HTTP call in there starved the "
               "async pipeline in the March pricing incident. No parallel streams in the service at all please: the "
               "bounded ratesExecutor bean with supplyAsync(..., ratesExecutor), or better, the batch endpoint "
               "rateClient.fetchRates(lines).\" can you rework it?")

QUOTE_SVC = ("    public List<PricedLine> priceLines(List<QuoteLine> lines) {\n        return lines.stream()\n"
             "            .map(line -> price(line, rateClient.fetchRate(line.productCode(), line.region())))\n"
             "            .toList();\n    }\n")

@lesson("H19L12", "java-parallel-streams", "relayed-review",
        ["parallelStream()", "commonPool()", "ratesExecutor"], [
    fire_edit(f"{QJAVA}/discount/DiscountService.java",
              "        List<Discount> applied = new ArrayList<>();\n        for (DiscountRule rule : rules) {\n",
              "        List<Discount> applied = rules.parallelStream()\n"
              "            .map(rule -> rule.evaluate(customerClient.tier(customerId)))\n",
              note="same construct in another service; one shared word"),
    fire_edit(f"{QJAVA}/inventory/StockService.java", "        Stock stock = warehouseClient.stockFor(sku);\n",
              "        CompletableFuture<Stock> stock = CompletableFuture.supplyAsync(() -> warehouseClient.stockFor(sku));\n",
              note="async call on the default pool"),
    silent_edit(f"{QJAVA}/QuoteService.java", "        Map<String, Rate> rates = rateClient.fetchRates(lines);\n",
                "        Map<String, Rate> rates = rateClient.fetchRates(lines);\n        log.debug(\"priced {} lines\", lines.size());\n",
                note="compliant batch call, log line"),
    silent_bash("./mvnw -q test -Dtest=QuoteServiceTest", "Quote service tests", note="tests"),
])
def H19L12():
    s = Session("H19L12", QUOTES, branch="perf/price-lines", version="2.1.7", start="2025-12-10T09:25:00")
    s.prompt("pricing a 300-line quote takes ~4s, almost all of it in QuoteService.priceLines. make it faster and open a PR")
    s.read(f"{QJAVA}/QuoteService.java", QUOTE_SVC, offset=48, limit=5, total=120)
    s.say("Each line does its own blocking `fetchRate` HTTP call, one after another. Running them in parallel should "
          "cut the wall time a lot.")
    s.edit(f"{QJAVA}/QuoteService.java", "        return lines.stream()\n", "        return lines.parallelStream()\n",
           QUOTE_SVC)
    s.bash("./mvnw -q test -Dtest=QuoteServiceTest,QuotePerfIT 2>&1 | tail -3", "Tests and the perf check",
           out="[INFO] Tests run: 9, Failures: 0, Errors: 0, Skipped: 0\n"
               "QuotePerfIT > price300Lines: 612 ms (was 4031 ms)")
    s.bash("git commit -qam \"Price quote lines in parallel\" && git push -q -u origin perf/price-lines && gh pr create --fill",
           "Open the PR", out="https://github.com/harbourline/quote-engine/pull/377")
    s.say("300 lines price in ~0.6 s instead of ~4 s. PR #377 is open.", end=True)
    s.prompt(H19L12_CORR, correction=True)
    s.grep("fetchRates", path=f"{QUOTES}/src/main/java", mode="content",
           lines=["src/main/java/com/harbourline/quotes/rates/RateClient.java:31:    public Map<String, Rate> "
                  "fetchRates(List<QuoteLine> lines) {"])
    cur = QUOTE_SVC.replace("        return lines.stream()\n", "        return lines.parallelStream()\n")
    s.edit(f"{QJAVA}/QuoteService.java",
           "        return lines.parallelStream()\n"
           "            .map(line -> price(line, rateClient.fetchRate(line.productCode(), line.region())))\n",
           "        Map<String, Rate> rates = rateClient.fetchRates(lines);\n        return lines.stream()\n"
           "            .map(line -> price(line, rates.get(line.rateKey())))\n", cur)
    s.bash("./mvnw -q test -Dtest=QuoteServiceTest,QuotePerfIT 2>&1 | tail -2 && git commit -qam \"Use the batch rates "
           "endpoint instead of a parallel stream\" && git push -q", "Test and update the PR",
           out="[INFO] Tests run: 9, Failures: 0, Errors: 0, Skipped: 0\nQuotePerfIT > price300Lines: 188 ms (was 4031 ms)")
    s.say("Reworked: one `rateClient.fetchRates(lines)` call, then a plain sequential stream. No parallel stream and "
          "nothing on the common pool; it's faster too (188 ms). Pushed to #377.", end=True)
    return s


# -----------------------------------------------------------------------------
H19L13_CORR = ("```\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity "
               "of 23.65 GiB of which 1.12 GiB is free.\n```\nthat's your first run, and dropping the batch size to 8 "
               "only hid it. Inference code always calls model.eval() and runs under torch.inference_mode(): without it "
               "autograd keeps every activation for a backward pass that never comes, and BatchNorm and dropout stay in "
               "training mode, so the F1 you printed is off as well.")

EVAL_PY = ("model = build_model(cfg).to(device)\nmodel.load_state_dict(torch.load(args.checkpoint)[\"model\"])\n"
           "loader = DataLoader(val_set, batch_size=64, num_workers=8)\n\npreds, labels = [], []\nfor images, y in loader:\n"
           "    logits = model(images.to(device))\n    preds.append(logits.argmax(1).cpu())\n    labels.append(y)\n")

@lesson("H19L13", "pytorch-inference-mode", "pasted-error-then-rule",
        ["model.eval()", "torch.inference_mode()", "autograd keeps every activation"], [
    fire_write(f"{DEFECTS}/scripts/predict_folder.py",
               "import json\nimport sys\nfrom pathlib import Path\n\nfrom defects.data import load_image\n"
               "from defects.net import load_checkpoint\n\nnet = load_checkpoint(sys.argv[1]).cuda()\nresults = {}\n"
               "for path in sorted(Path(sys.argv[2]).glob(\"*.png\")):\n    logits = net(load_image(path).unsqueeze(0).cuda())\n"
               "    results[path.name] = logits.argmax(1).item()\njson.dump(results, sys.stdout, indent=2)\n",
               note="a prediction script with neither; one shared word"),
    fire_edit(f"{DEFECTS}/serve/handler.py", "    def predict(self, batch):\n        x = self.preprocess(batch)\n",
              "    def predict(self, batch):\n        x = self.preprocess(batch)\n        scores = self.model(x).softmax(dim=1)\n",
              note="serving path calls the model with autograd on"),
    silent_edit(f"{DEFECTS}/train.py", "    lr: float = 3e-4\n", "    lr: float = 1e-4\n", note="training config"),
    silent_prompt("how much GPU memory does a training run at batch size 64 take on the 4090?", note="question"),
])
def H19L13():
    s = Session("H19L13", DEFECTS, branch="main", version="2.0.37", start="2025-10-16T13:00:00")
    s.prompt("write scripts/evaluate.py: load checkpoints/best.pt, run it over the val split and print per-class F1")
    s.write(f"{DEFECTS}/scripts/evaluate.py", EVAL_PY)
    s.bash("python scripts/evaluate.py --checkpoint checkpoints/best.pt 2>&1 | tail -2", "Run the evaluation", code=1,
           err="    return F.conv2d(input, weight, bias, self.stride,\ntorch.OutOfMemoryError: CUDA out of memory. "
               "Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 23.65 GiB of which 1.12 GiB is free.")
    s.edit(f"{DEFECTS}/scripts/evaluate.py", "batch_size=64", "batch_size=8", EVAL_PY)
    s.bash("python scripts/evaluate.py --checkpoint checkpoints/best.pt", "Run again with smaller batches",
           out="class        f1\nscratch    0.871\ndent       0.803\ncrack      0.692\nok         0.958\nmacro      0.831")
    s.say("The first run ran out of GPU memory at batch size 64, so I dropped it to 8. Per-class F1 is above; "
          "macro F1 0.831.", end=True)
    s.prompt(H19L13_CORR, correction=True)
    cur = EVAL_PY.replace("batch_size=64", "batch_size=8")
    s.edit(f"{DEFECTS}/scripts/evaluate.py",
           "loader = DataLoader(val_set, batch_size=8, num_workers=8)\n\npreds, labels = [], []\nfor images, y in loader:\n"
           "    logits = model(images.to(device))\n    preds.append(logits.argmax(1).cpu())\n    labels.append(y)\n",
           "model.eval()\nloader = DataLoader(val_set, batch_size=64, num_workers=8)\n\npreds, labels = [], []\n"
           "with torch.inference_mode():\n    for images, y in loader:\n        logits = model(images.to(device))\n"
           "        preds.append(logits.argmax(1).cpu())\n        labels.append(y)\n", cur)
    s.bash("python scripts/evaluate.py --checkpoint checkpoints/best.pt", "Run in eval mode",
           out="class        f1\nscratch    0.902\ndent       0.847\ncrack      0.751\nok         0.969\nmacro      0.867")
    s.say("With `model.eval()` and `torch.inference_mode()` it runs at batch size 64 again, and the numbers moved: macro "
          "F1 is 0.867, not 0.831. The earlier figures were wrong because BatchNorm was using batch statistics.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H19L14_CORR = ("no. icontains is ILIKE '%q%' under the hood, which can't use an index: a sequential scan over 2.3M rows on "
               "every keystroke, and it matches 'cat' inside 'education'. Search goes through the search_vector column "
               "(GIN index, kept current by the trigger from migration 0041) with SearchQuery(q, search_type=\"websearch\", "
               "config=\"simple\"), ordered by SearchRank.")

CAT_VIEWS = ("def catalogue(request):\n    books = Book.objects.select_related(\"publisher\")\n"
             "    return render(request, \"catalogue/list.html\", {\"page\": paginate(request, books)})\n")

@lesson("H19L14", "postgres-fts", "plain-no", ["search_vector", "websearch", "sequential scan"], [
    fire_edit(f"{BOOKSHELF}/authors/views.py", "    authors = Author.objects.all()\n",
              "    authors = Author.objects.filter(name__icontains=request.GET.get(\"name\", \"\"))\n",
              note="substring lookup on another big table; no shared words"),
    fire_write(f"{BOOKSHELF}/reports/sql/publisher_lookup.sql",
               "SELECT id, name, country\nFROM catalogue_publisher\nWHERE name ILIKE '%' || %(term)s || '%'\n"
               "ORDER BY name\nLIMIT 50;\n", note="raw SQL with a wildcard match"),
    silent_edit(f"{BOOKSHELF}/catalogue/api.py", "    qs = Book.objects.all()\n",
                "    query = SearchQuery(q, search_type=\"websearch\", config=\"simple\")\n"
                "    qs = Book.objects.filter(search_vector=query).annotate(rank=SearchRank(\"search_vector\", query)).order_by(\"-rank\")\n",
                note="compliant"),
    silent_edit(f"{BOOKSHELF}/catalogue/isbn.py", "    return Book.objects.filter(isbn=code).first()\n",
                "    return Book.objects.filter(isbn=code.replace(\"-\", \"\")).first()\n", note="exact lookup"),
])
def H19L14():
    s = Session("H19L14", BOOKSHELF, branch="feat/catalogue-search", version="2.1.7", start="2025-12-08T14:20:00")
    s.prompt("add a search box to the catalogue page that searches title, author and description")
    s.read(f"{BOOKSHELF}/catalogue/views.py", CAT_VIEWS, offset=22, limit=3, total=60)
    s.edit(f"{BOOKSHELF}/catalogue/views.py", "    books = Book.objects.select_related(\"publisher\")\n",
           "    books = Book.objects.select_related(\"publisher\")\n    if q := request.GET.get(\"q\", \"\").strip():\n"
           "        books = books.filter(Q(title__icontains=q) | Q(author_name__icontains=q) | Q(description__icontains=q))\n",
           CAT_VIEWS)
    s.bash("pytest catalogue/tests/test_views.py -q", "Catalogue view tests",
           out=".....                                                                    [100%]\n5 passed in 1.21s")
    s.say("The catalogue takes `?q=` and matches title, author or description, case-insensitive. I added the input to "
          "`list.html`. Tests pass.", end=True)
    s.prompt(H19L14_CORR, correction=True)
    cur = CAT_VIEWS.replace("    books = Book.objects.select_related(\"publisher\")\n",
                            "    books = Book.objects.select_related(\"publisher\")\n    if q := request.GET.get(\"q\", \"\").strip():\n"
                            "        books = books.filter(Q(title__icontains=q) | Q(author_name__icontains=q) | Q(description__icontains=q))\n")
    s.edit(f"{BOOKSHELF}/catalogue/views.py",
           "        books = books.filter(Q(title__icontains=q) | Q(author_name__icontains=q) | Q(description__icontains=q))\n",
           "        query = SearchQuery(q, search_type=\"websearch\", config=\"simple\")\n"
           "        books = books.filter(search_vector=query).annotate(rank=SearchRank(\"search_vector\", query)).order_by(\"-rank\")\n",
           cur)
    s.bash("pytest catalogue/tests/test_views.py -q && python manage.py shell -c \"from catalogue.views import _explain; "
           "print(_explain('tolkien hobbit'))\" | head -3", "Tests and the plan",
           out=".....                                                                    [100%]\n5 passed in 1.19s\n"
               "Sort  (cost=412.18..412.43 rows=98 width=1024)\n  ->  Bitmap Heap Scan on catalogue_book  "
               "(cost=24.76..408.90 rows=98 width=1024)\n        ->  Bitmap Index Scan on book_search_vector_gin")
    s.say("Search uses `search_vector` with a websearch query and ranks by `SearchRank` now; the plan is a bitmap "
          "index scan on the GIN index.", end=True)
    return s


# -----------------------------------------------------------------------------
H19L15_CORR = ("versions only in the root [workspace.dependencies]. member crates just say `flate2 = { workspace = true }` "
               "(features on top if needed)")

SERVER_TOML = ("[package]\nname = \"tile-server\"\nversion.workspace = true\nedition.workspace = true\n\n[dependencies]\n"
               "axum = { workspace = true }\ntile-core = { path = \"../tile-core\" }\n")
ROOT_TOML = ("[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n\n[workspace.dependencies]\naxum = \"0.7.5\"\n"
             "bytes = \"1.6\"\ntokio = { version = \"1.38\", features = [\"rt-multi-thread\", \"macros\"] }\n")

@lesson("H19L15", "cargo-workspace-deps", "terse", ["[workspace.dependencies]", "workspace = true"], [
    fire_bash("cargo add reqwest -p tile-fetch", "Add an HTTP client to tile-fetch",
              note="cargo add into a member crate; no shared words"),
    fire_edit(f"{TILEMILL}/crates/tile-cache/Cargo.toml", "[dependencies]\nbytes = { workspace = true }\n",
              "[dependencies]\nbytes = { workspace = true }\nlru = \"0.12.3\"\n", note="pinned version in a member"),
    silent_edit(f"{TILEMILL}/Cargo.toml", "bytes = \"1.6\"\n", "bytes = \"1.6\"\nlru = \"0.12.3\"\n",
                note="compliant: version in the workspace table"),
    silent_bash("cargo clippy --workspace --all-targets -- -D warnings", "Clippy", note="lint"),
])
def H19L15():
    s = Session("H19L15", TILEMILL, branch="feat/gzip-tiles", version="2.0.37", start="2025-10-29T17:10:00")
    s.prompt("tile-server should gzip responses when the client sends Accept-Encoding: gzip")
    s.read(f"{TILEMILL}/crates/tile-server/Cargo.toml", SERVER_TOML)
    s.edit(f"{TILEMILL}/crates/tile-server/Cargo.toml", "axum = { workspace = true }\n",
           "axum = { workspace = true }\nflate2 = \"1.0.30\"\ntower-http = { version = \"0.5\", features = [\"compression-gzip\"] }\n",
           SERVER_TOML)
    s.bash("cargo test -p tile-server 2>&1 | tail -3", "Tests",
           out="running 14 tests\n..............\ntest result: ok. 14 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; "
               "finished in 0.21s")
    s.say("Added `CompressionLayer` from tower-http to the router (gzip only), plus `flate2` for the pre-compressed "
          "tile cache. Tests pass.", end=True)
    s.prompt(H19L15_CORR, correction=True)
    s.edit(f"{TILEMILL}/Cargo.toml", "bytes = \"1.6\"\n",
           "bytes = \"1.6\"\nflate2 = \"1.0.30\"\ntower-http = \"0.5\"\n", ROOT_TOML)
    cur = SERVER_TOML.replace("axum = { workspace = true }\n",
                              "axum = { workspace = true }\nflate2 = \"1.0.30\"\ntower-http = { version = \"0.5\", "
                              "features = [\"compression-gzip\"] }\n")
    s.edit(f"{TILEMILL}/crates/tile-server/Cargo.toml",
           "flate2 = \"1.0.30\"\ntower-http = { version = \"0.5\", features = [\"compression-gzip\"] }\n",
           "flate2 = { workspace = true }\ntower-http = { workspace = true, features = [\"compression-gzip\"] }\n", cur)
    s.bash("cargo build --workspace -q && cargo tree -p tile-server -i flate2 --depth 0", "Build and check",
           out="flate2 v1.0.30")
    s.say("Moved both versions to `[workspace.dependencies]`; `tile-server` uses `workspace = true` and adds only the "
          "`compression-gzip` feature.", end=True)
    return s


# -----------------------------------------------------------------------------
H19L16_CORR = ("thanks, pace updates nicely now! but the Memory Graph shows every LiveRunViewController we ever pushed "
               "still alive after dismissing it: the repeating timer and the onLocation closure both hold self strongly. "
               "Any escaping closure that self ends up owning (timers, callbacks stored in a property, Combine sinks kept "
               "in cancellables, NotificationCenter observer blocks) captures [weak self] and starts with guard let self "
               "else { return }. And invalidate the timer in viewWillDisappear.")

LIVE_VC = ("    override func viewDidLoad() {\n        super.viewDidLoad()\n        configureMap()\n    }\n")

@lesson("H19L16", "swift-closure-capture", "thanks-but", ["[weak self]", "guard let self else", "Memory Graph"], [
    fire_edit(f"{RUNTRACK}/RunTrack/Services/HealthKitBridge.swift", "    func startObserving() {\n",
              "    func startObserving() {\n        store.onAuthorizationChange = { granted in self.refreshPermissions(granted) }\n",
              note="stored callback capturing self strongly; one shared word"),
    fire_edit(f"{RUNTRACK}/RunTrack/Features/Workout/WorkoutViewModel.swift", "    init(session: WorkoutSession) {\n",
              "    init(session: WorkoutSession) {\n        NotificationCenter.default.addObserver(forName: .workoutPaused, object: nil, "
              "queue: .main) { _ in self.showPausedBanner() }\n", note="observer block holding self"),
    silent_edit(f"{RUNTRACK}/RunTrack/Features/Settings/SettingsViewModel.swift", "        bindUnits()\n",
                "        bindUnits()\n        units.sink { [weak self] value in\n            guard let self else { return }\n"
                "            self.reload(value)\n        }.store(in: &cancellables)\n", note="compliant"),
    silent_edit(f"{RUNTRACK}/RunTrack/Features/Summary/SummaryView.swift", "        let labels = splits.map(\\.label)\n",
                "        let labels = splits.map { self.format($0) }\n", note="non-escaping closure"),
])
def H19L16():
    s = Session("H19L16", RUNTRACK, branch="feat/live-pace", version="2.1.9", start="2026-01-21T19:40:00")
    s.prompt("LiveRunViewController: update the pace label every second and draw each new location on the map as it comes in")
    s.read(f"{RUNTRACK}/RunTrack/Features/LiveRun/LiveRunViewController.swift", LIVE_VC, offset=30, limit=4, total=112)
    s.edit(f"{RUNTRACK}/RunTrack/Features/LiveRun/LiveRunViewController.swift", "        configureMap()\n",
           "        configureMap()\n        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in\n"
           "            self.paceLabel.text = self.viewModel.formattedPace\n        }\n"
           "        viewModel.onLocation = { location in\n            self.routeOverlay.append(location)\n"
           "            self.mapView.setNeedsDisplay()\n        }\n", LIVE_VC)
    s.bash("xcodebuild test -scheme RunTrack -destination 'platform=iOS Simulator,name=iPhone 15' -quiet 2>&1 | tail -2",
           "Run the tests", out="Test Suite 'All tests' passed at 2026-01-21 19:46:12.804.\n\t Executed 58 tests, with 0 "
                                "failures (0 unexpected) in 6.114 (6.342) seconds")
    s.say("The pace label updates every second and each new location extends the route overlay. Tests pass.", end=True)
    s.prompt(H19L16_CORR, correction=True)
    cur = LIVE_VC.replace("        configureMap()\n",
                          "        configureMap()\n        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in\n"
                          "            self.paceLabel.text = self.viewModel.formattedPace\n        }\n"
                          "        viewModel.onLocation = { location in\n            self.routeOverlay.append(location)\n"
                          "            self.mapView.setNeedsDisplay()\n        }\n")
    cur = s.edit(f"{RUNTRACK}/RunTrack/Features/LiveRun/LiveRunViewController.swift",
           "{ _ in\n            self.paceLabel.text = self.viewModel.formattedPace\n        }\n"
           "        viewModel.onLocation = { location in\n            self.routeOverlay.append(location)\n",
           "{ [weak self] _ in\n            guard let self else { return }\n"
           "            self.paceLabel.text = self.viewModel.formattedPace\n        }\n"
           "        viewModel.onLocation = { [weak self] location in\n            guard let self else { return }\n"
           "            self.routeOverlay.append(location)\n", cur)
    s.edit(f"{RUNTRACK}/RunTrack/Features/LiveRun/LiveRunViewController.swift", "    override func viewDidLoad() {\n",
           "    override func viewWillDisappear(_ animated: Bool) {\n        super.viewWillDisappear(animated)\n"
           "        timer?.invalidate()\n    }\n\n    override func viewDidLoad() {\n", cur)
    s.say("Both closures capture `[weak self]` with `guard let self else { return }`, and `viewWillDisappear` now "
          "invalidates the timer. In the Memory Graph the controller is freed after dismissing.", end=True)
    return s
