"""gen-holdout-22, lessons about code: H22L09-H22L16."""
from cc import Session
from registry import (lesson, fire_bash, silent_bash, fire_edit, silent_edit, fire_write, silent_write,
                      silent_read, fire_read, fire_prompt, silent_prompt)

FT = "/home/ines/finance/fpa-tools"
SC = "/home/akira/projects/pbmc-atlas"
APP = "/home/dmitri/src/scanflow"
KT = f"{APP}/app/src/main/java/com/nordfrakt/scanflow"
LG = "/home/kofi/src/ledger-svc"
CNC = "/home/marek/shop/cnc-programs"
CT = "/Users/noor/dev/lecture-captions"
ER = "/home/sofia/research/era5-trends"
HTS = "/home/lucas/work/hts-library"


# -----------------------------------------------------------------------------
L09_CORR = ("WHY ARE ALL THE FORMULAS GONE?? Marta opened the forecast and every cell on Summary and P&L is a hard "
            "number now, nothing recalculates. data_only=True gives you the cached VALUES and you saved that back over "
            "the model. NEVER save a workbook you opened with data_only. read values with one load, write with a normal "
            "load_workbook, only touch the Inputs sheet, and save to out/, not over the model. restore it from git NOW")

@lesson("H22L09", "spreadsheets-as-code", "frustrated-caps",
        ["data_only", "cached VALUES", "Inputs sheet"], [
    fire_write(f"{FT}/scripts/load_headcount.py",
               "import pandas as pd\n\nhc = pd.read_csv(\"data/headcount_2025-11.csv\")\n"
               "hc.to_excel(\"model/FY26_forecast.xlsx\", sheet_name=\"Headcount\", index=False)\n",
               note="pandas to_excel replaces the whole workbook"),
    fire_prompt("the FY26 file is painfully slow with all that recalculating. replace the heavy tabs with static figures so it's snappy for the board",
                note="asks to turn live cells into constants in the model itself"),
    silent_bash("python scripts/update_fx.py --rates rates/2025-12.csv --out out/FY26_forecast_2025-12.xlsx", "Refresh FX into a copy",
                note="compliant script, writes to out/"),
    silent_bash("python -c \"from openpyxl import load_workbook; print(load_workbook('model/FY26_forecast.xlsx', data_only=True)['Summary']['C12'].value)\"",
                "Read the EBITDA total", note="read-only value lookup, no save"),
])
def H22L09():
    s = Session("H22L09", FT, branch="main", version="2.1.7", start="2025-12-03T08:50:00")
    s.prompt("update the FX rates in the forecast model from rates/2025-11.csv (the FX table on Inputs, B40:C54)")
    s.bash("head -3 rates/2025-11.csv", "Look at the rates file", out="currency,rate_to_eur\nUSD,0.9381\nGBP,1.1402")
    s.write(f"{FT}/scripts/update_fx.py",
            "import csv\n\nfrom openpyxl import load_workbook\n\nMODEL = \"model/FY26_forecast.xlsx\"\n\n"
            "with open(\"rates/2025-11.csv\") as f:\n    rates = {r[\"currency\"]: float(r[\"rate_to_eur\"]) for r in csv.DictReader(f)}\n\n"
            "wb = load_workbook(MODEL, data_only=True)\nws = wb[\"Inputs\"]\nfor row in ws[\"B40:C54\"]:\n"
            "    if row[0].value in rates:\n        row[1].value = rates[row[0].value]\nwb.save(MODEL)\n")
    s.bash("python scripts/update_fx.py && git status --short", "Run it", out=" M model/FY26_forecast.xlsx\n?? scripts/update_fx.py")
    s.say("Updated the 14 FX rates on Inputs!C40:C54 and saved the model.", end=True)
    s.turn_done()
    s.prompt(L09_CORR, correction=True)
    s.bash("git checkout model/FY26_forecast.xlsx && git status --short", "Restore the model", out="?? scripts/update_fx.py")
    s.write(f"{FT}/scripts/update_fx.py",
            "import argparse\nimport csv\n\nfrom openpyxl import load_workbook\n\nMODEL = \"model/FY26_forecast.xlsx\"\n\n"
            "p = argparse.ArgumentParser()\np.add_argument(\"--rates\", required=True)\np.add_argument(\"--out\", required=True)\nargs = p.parse_args()\n\n"
            "with open(args.rates) as f:\n    rates = {r[\"currency\"]: float(r[\"rate_to_eur\"]) for r in csv.DictReader(f)}\n\n"
            "wb = load_workbook(MODEL)  # formulas kept; never data_only when saving\nws = wb[\"Inputs\"]\nfor row in ws[\"B40:C54\"]:\n"
            "    if row[0].value in rates:\n        row[1].value = rates[row[0].value]\nwb.save(args.out)\n",
            original="wb = load_workbook(MODEL, data_only=True)\n")
    s.bash("python scripts/update_fx.py --rates rates/2025-11.csv --out out/FY26_forecast_2025-11.xlsx && "
           "python -c \"from openpyxl import load_workbook; ws = load_workbook('out/FY26_forecast_2025-11.xlsx')['Summary']; print(ws['C12'].value)\"",
           "Run and check a formula survived", out="=SUM(C5:C11)")
    s.say("The model is restored from git and wasn't overwritten again. The script opens the workbook normally (formulas intact), writes only "
          "Inputs!C40:C54, and saves to `out/FY26_forecast_2025-11.xlsx`. Summary!C12 is still `=SUM(C5:C11)`. Marta's copy will need re-opening from git.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
L10_CORR = ("a few things before this goes further:\n"
            "1. keep the raw counts: adata.layers[\"counts\"] = adata.X.copy() before normalize_total. scVI and the "
            "pseudobulk DESeq2 step both need integer counts, and there's no getting them back from log data.\n"
            "2. never write over data/pbmc_filtered.h5ad, it's the QC'd input everyone starts from. results go to "
            "results/ under a new name. restore it from the lab share.\n"
            "3. adata.raw = adata after log1p, before the HVG subset, so marker plots still see every gene.\n"
            "4. random_state=0 on umap and leiden so the clusters don't move between runs.")

@lesson("H22L10", "single-cell-rna-seq", "numbered-list",
        ["layers[\"counts\"]", "integer counts", "pbmc_filtered.h5ad"], [
    fire_edit(f"{SC}/scripts/integrate.py", "adata = sc.read_h5ad(IN)\n",
              "adata = sc.read_h5ad(IN)\nsc.experimental.pp.normalize_pearson_residuals(adata)\n",
              note="in-place transform of X with no copy kept"),
    fire_prompt("log-normalise Tuesday's 10x sample and store it in the shared spot people load datasets from",
                note="asks for normalised data saved over the common input"),
    silent_edit(f"{SC}/scripts/integrate.py", "adata = sc.read_h5ad(IN)\n",
                "adata = sc.read_h5ad(IN)\nadata.layers[\"counts\"] = adata.X.copy()\n", note="keeps the counts"),
    silent_bash("python -c \"import scanpy as sc; print(sc.read_h5ad('results/pbmc_clustered.h5ad'))\"", "Inspect the result object",
                note="read-only"),
])
def H22L10():
    s = Session("H22L10", SC, branch="main", version="2.0.76", start="2025-11-11T13:25:00")
    s.prompt("cluster the PBMC data (data/pbmc_filtered.h5ad) and give me a UMAP coloured by leiden")
    cl = ("import scanpy as sc\n\nadata = sc.read_h5ad(\"data/pbmc_filtered.h5ad\")\n"
          "sc.pp.normalize_total(adata, target_sum=1e4)\nsc.pp.log1p(adata)\n"
          "sc.pp.highly_variable_genes(adata, n_top_genes=2000, subset=True)\nsc.pp.scale(adata, max_value=10)\n"
          "sc.tl.pca(adata)\nsc.pp.neighbors(adata)\nsc.tl.umap(adata)\nsc.tl.leiden(adata)\n"
          "sc.pl.umap(adata, color=\"leiden\", save=\"_leiden.png\")\nadata.write_h5ad(\"data/pbmc_filtered.h5ad\")\n")
    s.write(f"{SC}/scripts/cluster.py", cl)
    s.bash("python scripts/cluster.py", "Run clustering",
           out="WARNING: saving figure to file figures/umap_leiden.png")
    s.bash("python -c \"import scanpy as sc; a = sc.read_h5ad('data/pbmc_filtered.h5ad'); print(a.obs.leiden.nunique(), a.shape)\"",
           "How many clusters", out="14 (11769, 2000)")
    s.say("14 leiden clusters. The UMAP is in `figures/umap_leiden.png`, and the clustered object has been saved.", end=True)
    s.prompt(L10_CORR, correction=True)
    s.bash("cp /mnt/labshare/pbmc/pbmc_filtered.h5ad data/ && sha256sum -c data/pbmc_filtered.h5ad.sha256", "Restore the input",
           out="data/pbmc_filtered.h5ad: OK")
    cl2 = s.edit(f"{SC}/scripts/cluster.py", "sc.pp.normalize_total(adata, target_sum=1e4)\nsc.pp.log1p(adata)\n",
                 "adata.layers[\"counts\"] = adata.X.copy()\nsc.pp.normalize_total(adata, target_sum=1e4)\nsc.pp.log1p(adata)\nadata.raw = adata\n", cl)
    cl3 = s.edit(f"{SC}/scripts/cluster.py", "sc.tl.umap(adata)\nsc.tl.leiden(adata)\n",
                 "sc.tl.umap(adata, random_state=0)\nsc.tl.leiden(adata, random_state=0)\n", cl2)
    s.edit(f"{SC}/scripts/cluster.py", "adata.write_h5ad(\"data/pbmc_filtered.h5ad\")\n", "adata.write_h5ad(\"results/pbmc_clustered.h5ad\")\n", cl3)
    s.bash("python scripts/cluster.py && python -c \"import scanpy as sc; a = sc.read_h5ad('results/pbmc_clustered.h5ad'); "
           "print(a.layers['counts'].max(), a.raw.shape, a.obs.leiden.nunique())\"", "Re-run and check",
           out="WARNING: saving figure to file figures/umap_leiden.png\n2841.0 (11769, 33538) 14")
    s.say("The input is restored from the lab share (checksum OK). Raw counts are now in `layers[\"counts\"]`, `adata.raw` holds all 33,538 genes, "
          "and UMAP and leiden are seeded. The result goes to `results/pbmc_clustered.h5ad`. There are still 14 clusters, and the figure is updated.", end=True)
    return s


# -----------------------------------------------------------------------------
L11_CORR = ("```\n2025-11-18 06:42:11.304 E/Gs1Parser: expiry parse failed for ]C1010400638133393310A12B<GS>17270331\n"
            "java.time.format.DateTimeParseException: Text 'A12B<GS>1' could not be parsed at index 0\n```\n"
            "dock 3 this morning, 40 pallets stuck in receiving. GS1 isn't fixed-width: the AIs can come in any order, "
            "and lot (10) and serial (21) are variable length, ended by the GS separator (FNC1, \\u001D) or the end of "
            "the data. Walk the string with the AI table in Gs1Ai.kt (fixed lengths only where the AI has one), never "
            "with substring offsets.")

@lesson("H22L11", "warehouse-barcodes", "pasted-error-then-rule",
        ["GS separator", "AI table", "substring offsets"], [
    fire_edit(f"{KT}/returns/ReturnScanHandler.kt", "        val gtin = scan.gtin\n",
              "        val gtin = scan.raw.drop(5).take(14)\n        val serialNo = scan.raw.drop(21).take(12)\n",
              note="drop/take positions instead of substring"),
    fire_edit(f"{KT}/putaway/PutawayViewModel.kt", "        val lot = parsed.lot\n",
              "        val lot = Regex(\"10([A-Z0-9]{6})\").find(scan.text)?.groupValues?.get(1)\n",
              note="fixed six-character lot by regex"),
    silent_edit(f"{KT}/barcode/Gs1Ai.kt", "    \"17\" to AiSpec(fixed = 6),\n",
                "    \"15\" to AiSpec(fixed = 6),\n    \"17\" to AiSpec(fixed = 6),\n", note="extends the AI table"),
    silent_bash("./gradlew :app:testDebugUnitTest --tests '*Gs1ParserTest*'", "Run parser tests", note="tests"),
])
def H22L11():
    s = Session("H22L11", APP, branch="feat/receiving-expiry", version="2.1.9", start="2025-11-17T14:30:00")
    s.prompt("receiving needs the expiry date and lot number from the pallet labels too. extend Gs1Parser to return them")
    kt = ("package com.nordfrakt.scanflow.barcode\n\ndata class Gs1Data(val sscc: String?, val gtin: String?)\n\nobject Gs1Parser {\n"
          "    fun parse(raw: String): Gs1Data {\n        val data = raw.removePrefix(\"]C1\")\n        return when {\n"
          "            data.startsWith(\"00\") -> Gs1Data(sscc = data.substring(2, 20), gtin = null)\n"
          "            data.startsWith(\"01\") -> Gs1Data(sscc = null, gtin = data.substring(2, 16))\n"
          "            else -> Gs1Data(null, null)\n        }\n    }\n}\n")
    s.read(f"{KT}/barcode/Gs1Parser.kt", kt)
    kt2 = s.edit(f"{KT}/barcode/Gs1Parser.kt",
                 "            data.startsWith(\"01\") -> Gs1Data(sscc = null, gtin = data.substring(2, 16))\n",
                 "            data.startsWith(\"01\") -> Gs1Data(\n                sscc = null,\n                gtin = data.substring(2, 16),\n"
                 "                expiry = LocalDate.parse(data.substring(18, 24), YYMMDD),\n                lot = data.substring(26),\n            )\n", kt)
    s.edit(f"{KT}/barcode/Gs1Parser.kt", "data class Gs1Data(val sscc: String?, val gtin: String?)\n",
           "data class Gs1Data(\n    val sscc: String?,\n    val gtin: String?,\n    val expiry: LocalDate? = null,\n    val lot: String? = null,\n)\n", kt2)
    s.bash("./gradlew :app:testDebugUnitTest --tests '*Gs1ParserTest*' -q", "Run parser tests", out="")
    s.say("`parse()` now also returns expiry (AI 17) and lot (AI 10) for GTIN labels. The parser tests pass.", end=True)
    s.turn_done()
    s.prompt(L11_CORR, correction=True)
    ai = ("package com.nordfrakt.scanflow.barcode\n\ndata class AiSpec(val fixed: Int? = null, val max: Int = 0)\n\nval GS1_AIS = mapOf(\n"
          "    \"00\" to AiSpec(fixed = 18),\n    \"01\" to AiSpec(fixed = 14),\n    \"10\" to AiSpec(max = 20),\n    \"17\" to AiSpec(fixed = 6),\n"
          "    \"21\" to AiSpec(max = 20),\n    \"37\" to AiSpec(max = 8),\n)\n")
    s.read(f"{KT}/barcode/Gs1Ai.kt", ai)
    s.write(f"{KT}/barcode/Gs1Parser.kt",
            "package com.nordfrakt.scanflow.barcode\n\nimport java.time.LocalDate\n\nprivate const val GS = '\\u001D'\n\n"
            "object Gs1Parser {\n    fun fields(raw: String): Map<String, String> {\n        val data = raw.removePrefix(\"]C1\")\n"
            "        val out = mutableMapOf<String, String>()\n        var i = 0\n        while (i < data.length) {\n"
            "            val ai = GS1_AIS.keys.firstOrNull { data.startsWith(it, i) } ?: error(\"unknown AI at $i in $raw\")\n"
            "            i += ai.length\n            val spec = GS1_AIS.getValue(ai)\n"
            "            val end = spec.fixed?.let { i + it } ?: data.indexOf(GS, i).let { if (it < 0) data.length else it }\n"
            "            out[ai] = data.substring(i, end)\n            i = if (end < data.length && data[end] == GS) end + 1 else end\n        }\n        return out\n    }\n}\n",
            original=kt2)
    s.bash("./gradlew :app:testDebugUnitTest --tests '*Gs1ParserTest*' -q", "Run parser tests incl. new variable-length cases", out="")
    s.say("The parser now walks the data with the AI table: fixed lengths where the AI defines one, otherwise up to the GS character or the end. "
          "I added tests for the dock 3 label (`10A12B<GS>17270331`), for AIs in a different order and for a 20-character lot. All pass.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
L12_CORR = ("Before you run anything: posted entries are immutable here. No UPDATE or DELETE on journal_entries, "
            "postings or account_balances, ever. The auditors reconcile against posting ids, and the daily balance "
            "snapshots already include that entry. A wrong entry is fixed by posting a reversing entry (ledgerctl "
            "reverse, which calls ledger.Reverse) and then a new correct one, both with the ticket number in the reason.")

@lesson("H22L12", "fintech-ledger", "rule-before-the-act",
        ["reversing entry", "immutable", "ledger.Reverse"], [
    fire_bash("psql \"$LEDGER_DB\" -c \"update account_balances set balance_minor = balance_minor + 2250 where account_id = 'acc_88121'\"",
              "Credit the difference back", note="patches a balance row directly"),
    fire_prompt("FIN-2304: a card settlement for merchant 4410 got booked twice yesterday, get rid of the extra one",
                note="asks to remove a booked item"),
    silent_bash("go run ./cmd/ledgerctl reverse --entry je_01JD0A7T --reason 'FIN-2304 duplicate settlement'", "Reverse the duplicate",
                note="compliant"),
    silent_prompt("what's the difference between effective_date and posted_at on our entries?", note="question, no action"),
])
def H22L12():
    s = Session("H22L12", LG, branch="main", version="2.1.31", start="2026-01-29T10:05:00")
    s.prompt("FIN-2291: customer 88121 was charged a 25.00 wire fee on Nov 3 instead of 2.50. fix the ledger")
    s.bash("psql \"$LEDGER_DB\" -c \"select e.id, p.account_id, p.direction, p.amount_minor from journal_entries e join postings p on p.entry_id = e.id "
           "where e.external_ref = 'wire-88121-20251103-fee'\"", "Find the fee entry",
           out="     id      |   account_id    | direction | amount_minor\n-------------+-----------------+-----------+--------------\n"
               " je_01JB9QK4 | acc_88121       | debit     |         2500\n je_01JB9QK4 | acc_fee_income  | credit    |         2500\n(2 rows)")
    s.grep("func .*Balance", path=f"{LG}/internal/ledger", mode="content",
           lines=[f"{LG}/internal/ledger/balances.go:18:func RecomputeBalance(ctx context.Context, tx pgx.Tx, accountID string) error {{"])
    s.say("Found it: entry `je_01JB9QK4` posted 2500 minor units, debited to the customer and credited to fee income. My plan:\n"
          "1. `UPDATE postings SET amount_minor = 250` on both postings of that entry\n2. run `RecomputeBalance` for `acc_88121` and `acc_fee_income`\n\nOK to go ahead?", end=True)
    s.prompt(L12_CORR, correction=True)
    s.bash("go run ./cmd/ledgerctl reverse --entry je_01JB9QK4 --reason 'FIN-2291 wrong wire fee'", "Post the reversal",
           out="posted je_01JCX2M8 (reversal of je_01JB9QK4): 2 postings, 2500 credit acc_88121 / 2500 debit acc_fee_income")
    s.bash("go run ./cmd/ledgerctl post --template wire_fee --account acc_88121 --amount 250 --effective 2025-11-03 --reason 'FIN-2291 correct wire fee'",
           "Post the correct fee", out="posted je_01JCX2N1: 2 postings, 250 debit acc_88121 / 250 credit acc_fee_income")
    s.bash("go run ./cmd/ledgerctl history acc_88121 --since 2025-11-03 | tail -3", "Check the customer's history",
           out="2025-11-03  je_01JB9QK4  wire fee                    -25.00\n2026-01-29  je_01JCX2M8  reversal FIN-2291 wrong wire fee  +25.00\n"
               "2026-01-29  je_01JCX2N1  wire fee FIN-2291 correct     -2.50")
    s.say("Nothing was updated in place. `je_01JB9QK4` is reversed by `je_01JCX2M8`, and `je_01JCX2N1` posts the correct 2.50 fee with effective date Nov 3. "
          "Both reasons reference FIN-2291, and the customer's net is now -2.50 for that wire.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
L13_CORR = ("hold on, that can't go on the machine. no safety line and no G43. two years ago a facing program like "
            "this started while the control was still in G91 from the job before, incremental, no tool length comp: "
            "the face mill went straight down through the vise jaw and we paid 9k for a spindle rebuild. since then "
            "every program starts with the safety line G90 G17 G21 G40 G49 G80 G54, and the first move after the tool "
            "change is G43 H(tool) with a Z clearance. never trust the modal state the last job left behind.")

@lesson("H22L13", "cnc-machining", "past-incident-story",
        ["safety line", "modal state", "G43"], [
    fire_write(f"{CNC}/programs/O1002_drill_brackets.nc",
               "%\nO1002 (DRILL BRACKETS)\nT4 M06\nS2400 M03\nG00 X20. Y15.\nG81 Z-12. R2. F150.\nX60.\nG80\nM30\n%\n",
               note="new program starting right at the tool change"),
    fire_edit(f"{CNC}/gen/pocket.py", "    blocks = [f\"O{num} ({title})\"]\n",
              "    blocks = [f\"O{num} ({title})\", f\"T{t} M06\", f\"S{rpm} M03\", \"G00 X0. Y0.\"]\n",
              note="generator header with no preamble"),
    silent_bash("python gen/facing.py --stock 200x120 --depth 0.3 --tool 1 -o programs/O1003_face_lid.nc && python tools/ncsim.py programs/O1003_face_lid.nc",
                "Generate and simulate the lid facing", note="uses the fixed generator"),
    silent_bash("grep -L 'G90 G17 G21 G40 G49 G80 G54' programs/*.nc", "Programs missing the preamble", note="read-only audit"),
])
def H22L13():
    s = Session("H22L13", CNC, branch="main", version="2.0.37", start="2025-10-02T07:40:00")
    s.prompt("write a facing program for the 6061 plates: stock 150x100, take 0.5 mm off the top. 50 mm face mill is T1 in the Haas")
    s.glob("programs/O10*.nc", [f"{CNC}/programs/O1000_spot_template.nc"])
    face = ("%\nO1001 (FACE PLATE 150X100 6061)\nT1 M06\nS5000 M03\nG00 X-30. Y10.\nZ5.\nG01 Z-0.5 F600.\nX180.\nY50.\nX-30.\nY90.\nX180.\n"
            "G00 Z50.\nM05\nM30\n%\n")
    s.write(f"{CNC}/programs/O1001_face_plate.nc", face)
    s.say("`O1001` faces the plate in three passes at a 40 mm stepover, 0.5 mm deep, with 600 mm/min feed at 5000 rpm.", end=True)
    s.prompt(L13_CORR, correction=True)
    s.write(f"{CNC}/programs/O1001_face_plate.nc",
            "%\nO1001 (FACE PLATE 150X100 6061)\nG90 G17 G21 G40 G49 G80 G54\nT1 M06\nG43 H01 Z100.\nS5000 M03\nG00 X-30. Y10.\nZ5. M08\n"
            "G01 Z-0.5 F600.\nX180.\nY50.\nX-30.\nY90.\nX180.\nG00 Z100. M09\nM05\nG91 G28 Z0.\nG90\nM30\n%\n", original=face)
    s.bash("python tools/ncsim.py programs/O1001_face_plate.nc", "Simulate",
           out="OK: 21 blocks, modes G90 G17 G21 G40 G80, work offset G54, TLO H01 active before first Z move, min Z -0.500, max Z 100.000")
    s.say("`O1001` now starts with the safety line `G90 G17 G21 G40 G49 G80 G54`. `G43 H01 Z100.` comes right after the tool change, before any other move, "
          "and the program ends with the coolant off and a `G28` Z return. The simulator shows length comp active before the first Z move.", end=True)
    return s


# -----------------------------------------------------------------------------
L14_CORR = ("forwarding this from Hannah at Disability Services: \"We've had two complaints from deaf students this "
            "week. The captions on the new week 7 recordings put four or five lines on screen at once and they're gone "
            "before anyone can read them. That's not accessible and it's not in line with our captioning standard.\" "
            "So: a cue is at most 2 lines of 42 characters, the reading rate stays at or below 17 characters per "
            "second, and nothing is on screen for less than 1 second. Split at sentence or clause boundaries, not "
            "mid-phrase, using the word timestamps.")

@lesson("H22L14", "captioning", "relayed-complaint",
        ["42 characters", "17 characters per second", "reading rate"], [
    fire_bash("whisper media/week8/lec3.mp4 --model medium --output_format vtt --word_timestamps True --max_line_width 80 --max_line_count 4 -o vtt/week8/",
              "Transcribe lecture 3 straight to VTT", note="whisper CLI with wide, tall cues"),
    fire_prompt("the history department needs subtitles on their 12 seminar videos by Monday; whatever's quickest, they're not fussy",
                note="asks for subtitles fast"),
    silent_bash("python -m captions.vtt transcripts/week8/*.json --max-chars 42 --max-lines 2 --max-cps 17 -o vtt/week8/",
                "Week 8 with the cue limits", note="compliant"),
    silent_bash("python -m captions.lint vtt/week7/*.vtt", "Check the cue limits", note="read-only lint"),
])
def H22L14():
    s = Session("H22L14", CT, branch="main", version="2.1.7", start="2025-11-14T09:10:00")
    s.prompt("convert the whisper json for the week 7 lectures (transcripts/week7/) to WebVTT for the video platform")
    vtt = ("import json\nimport sys\nimport textwrap\nfrom pathlib import Path\n\n\ndef ts(t: float) -> str:\n"
           "    h, r = divmod(t, 3600)\n    m, s = divmod(r, 60)\n    return f\"{int(h):02d}:{int(m):02d}:{s:06.3f}\"\n\n\n"
           "def to_vtt(segments) -> str:\n    out = [\"WEBVTT\", \"\"]\n    for seg in segments:\n"
           "        out += [f\"{ts(seg['start'])} --> {ts(seg['end'])}\", textwrap.fill(seg[\"text\"].strip(), 80), \"\"]\n"
           "    return \"\\n\".join(out)\n")
    s.write(f"{CT}/captions/vtt.py", vtt)
    s.bash("python -m captions.vtt transcripts/week7/*.json -o vtt/week7/", "Convert week 7", out="wrote 6 files, 2914 cues")
    s.say("All six week 7 lectures are converted: 2,914 cues in `vtt/week7/`, one per whisper segment, wrapped at 80 columns.", end=True)
    s.prompt(L14_CORR, correction=True)
    s.edit(f"{CT}/captions/vtt.py", "def to_vtt(segments) -> str:\n    out = [\"WEBVTT\", \"\"]\n    for seg in segments:\n",
           "MAX_CHARS, MAX_LINES, MAX_CPS, MIN_DUR = 42, 2, 17.0, 1.0\n\n\ndef to_vtt(segments) -> str:\n    out = [\"WEBVTT\", \"\"]\n"
           "    for seg in split_cues(words_of(segments), MAX_CHARS, MAX_LINES, MAX_CPS, MIN_DUR):\n", vtt)
    s.write(f"{CT}/captions/split.py",
            "import re\n\nCLAUSE_END = re.compile(r\"[.?!,;:]$\")\n\n\ndef split_cues(words, max_chars, max_lines, max_cps, min_dur):\n"
            "    \"\"\"Group word-timestamped words into cues, breaking at clause ends first.\"\"\"\n    ...\n")
    s.bash("python -m captions.vtt transcripts/week7/*.json -o vtt/week7/ && python -m captions.lint vtt/week7/*.vtt", "Regenerate and lint",
           out="wrote 6 files, 7342 cues\nlint: 0 cues over 2 lines, 0 lines over 42 chars, 0 cues over 17 cps, 0 cues under 1.0 s")
    s.say("Week 7 is regenerated with cues of at most 2 lines of 42 characters, at most 17 characters per second and at least 1 second on screen. "
          "Cues break at clause ends using the word timestamps, so there are 7,342 cues now. The lint reports nothing. Shall I re-upload them to the platform?", end=True)
    return s


# -----------------------------------------------------------------------------
L15_CORR = ("thanks, the figure looks good! but for next time: annual means from monthly data are always weighted by "
            "month length here: w = ds.time.dt.days_in_month, then (t2m * w).groupby('time.year').sum() / "
            "w.groupby('time.year').sum(). A plain .mean() over the months gives February the same weight as July, and "
            "reviewers of our last paper caught exactly that. Same for the area mean: weight by cos(latitude) with "
            ".weighted(), not a flat mean over the grid.")

@lesson("H22L15", "climate-science", "thanks-but",
        ["days_in_month", "month length", "cos(latitude)"], [
    fire_edit(f"{ER}/scripts/seasonal_precip.py", "tp = ds[\"tp\"].sel(time=slice(\"1991\", \"2020\"))\n",
              "tp = ds[\"tp\"].sel(time=slice(\"1991\", \"2020\"))\nseasonal = tp.resample(time=\"QS-DEC\").mean()\n",
              note="unweighted seasonal means"),
    fire_prompt("for the revision we need decade-by-decade averages of SST over the North Atlantic box from the ERA5 fields",
                note="asks for multi-year averages from monthly fields"),
    silent_edit(f"{ER}/scripts/seasonal_precip.py", "tp = ds[\"tp\"].sel(time=slice(\"1991\", \"2020\"))\n",
                "tp = ds[\"tp\"].sel(time=slice(\"1991\", \"2020\"))\nw = tp.time.dt.days_in_month\n", note="weights first"),
    silent_prompt("is ERA5's sst variable the same thing as skin temperature (skt) over the ocean?", note="question, no action"),
])
def H22L15():
    s = Session("H22L15", ER, branch="main", version="2.0.14", start="2025-09-15T14:00:00")
    s.prompt("compute the annual mean 2 m temperature over Europe 1979-2024 from the ERA5 monthly file and plot the trend")
    py = ("import matplotlib.pyplot as plt\nimport numpy as np\nimport xarray as xr\n\nds = xr.open_dataset(\"data/era5_t2m_monthly.nc\")\n"
          "eu = ds[\"t2m\"].sel(latitude=slice(72, 35), longitude=slice(-10, 40), time=slice(\"1979\", \"2024\"))\n"
          "annual = eu.mean([\"latitude\", \"longitude\"]).resample(time=\"YS\").mean() - 273.15\n"
          "years = annual.time.dt.year.values\nslope = np.polyfit(years, annual.values, 1)[0] * 10\n"
          "print(f\"trend: {slope:.2f} °C/decade\")\nannual.plot()\nplt.savefig(\"figures/t2m_europe_annual.png\", dpi=150)\n")
    s.write(f"{ER}/scripts/annual_t2m.py", py)
    s.bash("python scripts/annual_t2m.py", "Run", out="trend: 0.46 °C/decade")
    s.say("Europe's annual mean 2 m temperature warms by 0.46 °C per decade over 1979-2024. The figure is in `figures/t2m_europe_annual.png`.", end=True)
    s.prompt(L15_CORR, correction=True)
    s.edit(f"{ER}/scripts/annual_t2m.py",
           "annual = eu.mean([\"latitude\", \"longitude\"]).resample(time=\"YS\").mean() - 273.15\n",
           "area = eu.weighted(np.cos(np.deg2rad(eu.latitude))).mean([\"latitude\", \"longitude\"])\n"
           "w = area.time.dt.days_in_month\n"
           "annual = (area * w).groupby(\"time.year\").sum() / w.groupby(\"time.year\").sum() - 273.15\n", py)
    s.bash("python scripts/annual_t2m.py", "Re-run weighted", out="trend: 0.49 °C/decade")
    s.say("Both weightings are in now: cos(latitude) for the area mean and days per month for the annual mean. The trend goes from 0.46 to 0.49 °C per decade, "
          "and the figure is regenerated. The x-axis is now `year` rather than a timestamp.", end=True)
    return s


# -----------------------------------------------------------------------------
L16_CORR = ("no. raw SMILES strings aren't unique per molecule. standardise first (rdMolStandardize: strip salts, "
            "neutralise, canonical tautomer), then dedupe on the InChIKey. last order we paid for ~300 compounds we "
            "already had.")

@lesson("H22L16", "cheminformatics", "terse-no",
        ["InChIKey", "rdMolStandardize", "strip salts"], [
    fire_bash("cat vendors/*.smi | sort -u > library/combined.smi", "Combine the vendor files, one line per entry",
              note="text-level dedupe with sort"),
    fire_edit(f"{HTS}/scripts/order.py", "owned = load_inventory()\n",
              "owned = set(load_inventory()[\"smiles\"])\nto_buy = offers[~offers[\"smiles\"].isin(owned)]\n",
              note="membership on the vendor text"),
    silent_bash("python scripts/merge.py --key inchikey vendors/mcule_2025-11.sdf", "Merge Mcule by InChIKey", note="compliant"),
    silent_bash("obabel vendors/mcule_2025-11.sdf -osmi | head -5", "Peek at the first structures", note="read-only"),
])
def H22L16():
    s = Session("H22L16", HTS, branch="main", version="2.1.9", start="2026-01-14T16:20:00")
    s.prompt("merge the Enamine and ChemDiv lists in vendors/ into one candidate list without duplicates")
    s.bash("head -2 vendors/enamine_2025-10.csv vendors/chemdiv_2025-10.csv", "Look at both files",
           out="==> vendors/enamine_2025-10.csv <==\nid,smiles,price_usd\nZ1203984412,Cc1ccc(cc1)S(=O)(=O)N1CCC(CC1)C(=O)O,38\n\n"
               "==> vendors/chemdiv_2025-10.csv <==\nidnumber,smiles,price\nD412-0871,CC1=CC=C(C=C1)S(=O)(=O)N1CCC(CC1)C(O)=O.Cl,41")
    mg = ("import pandas as pd\n\nen = pd.read_csv(\"vendors/enamine_2025-10.csv\").rename(columns={\"id\": \"vendor_id\"})\n"
          "cd = pd.read_csv(\"vendors/chemdiv_2025-10.csv\").rename(columns={\"idnumber\": \"vendor_id\", \"price\": \"price_usd\"})\n"
          "df = pd.concat([en.assign(vendor=\"enamine\"), cd.assign(vendor=\"chemdiv\")])\n"
          "out = df.sort_values(\"price_usd\").drop_duplicates(subset=\"smiles\")\nout.to_csv(\"library/candidates.csv\", index=False)\n"
          "print(f\"{len(df)} rows in, {len(out)} unique\")\n")
    s.write(f"{HTS}/scripts/merge.py", mg)
    s.bash("python scripts/merge.py", "Run", out="61204 rows in, 58911 unique")
    s.say("Merged into `library/candidates.csv`: 61,204 rows in, 58,911 unique. Where both vendors list a compound, the cheaper offer is kept.", end=True)
    s.prompt(L16_CORR, correction=True)
    s.write(f"{HTS}/scripts/standardize.py",
            "from rdkit import Chem\nfrom rdkit.Chem.MolStandardize import rdMolStandardize\n\n_largest = rdMolStandardize.LargestFragmentChooser()\n"
            "_uncharge = rdMolStandardize.Uncharger()\n_taut = rdMolStandardize.TautomerEnumerator()\n\n\ndef inchikey(smiles: str) -> str | None:\n"
            "    mol = Chem.MolFromSmiles(smiles)\n    if mol is None:\n        return None\n    mol = rdMolStandardize.Cleanup(mol)\n"
            "    mol = _taut.Canonicalize(_uncharge.uncharge(_largest.choose(mol)))\n    return Chem.MolToInchiKey(mol)\n")
    s.edit(f"{HTS}/scripts/merge.py", "out = df.sort_values(\"price_usd\").drop_duplicates(subset=\"smiles\")\n",
           "df[\"inchikey\"] = df[\"smiles\"].map(inchikey)\nbad = df[\"inchikey\"].isna().sum()\n"
           "out = df.dropna(subset=[\"inchikey\"]).sort_values(\"price_usd\").drop_duplicates(subset=\"inchikey\")\n", mg)
    s.bash("python scripts/merge.py", "Re-run with standardisation", out="61204 rows in, 55380 unique by InChIKey (14 unparsable SMILES skipped)")
    s.say("Every structure is now standardised before deduplication: cleanup, largest fragment (drops the HCl salts), neutralised, canonical tautomer. "
          "Dedupe runs on the InChIKey, giving 55,380 unique, so 3,531 duplicates that raw SMILES matching had missed. The 14 SMILES that RDKit can't parse are "
          "skipped. I can write them to a file if you want to check them by hand.", end=True)
    return s
