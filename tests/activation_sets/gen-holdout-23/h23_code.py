"""gen-holdout-23, lessons about code: H23L09-H23L16."""
from cc import Session
from registry import (lesson, fire_bash, silent_bash, fire_edit, silent_edit, fire_write, silent_write,
                      silent_read, fire_read, fire_prompt, silent_prompt)

DR = "/home/ana/ml/doc-ranker"
EI = "/home/piotr/src/einvoice-gateway"
EIJ = f"{EI}/src/main/java/pl/fakturo/gateway/ingest"
LS = "/home/erik/src/ledger-sync"
LBM = "/home/mina/src/lbm-solver"
LC = "/home/lea/geo/landcover-change"
BR = "/Users/hanna/scores/brahms-serenade"
MOM = "/home/omar/quant/factor-research"
CT = "/home/nils/pipeline/comp-tools"


# -----------------------------------------------------------------------------
L09_CORR = ("```\n$ modelscan -p downloads/legal-ce/pytorch_model.bin\n--- Summary ---\nTotal Issues: 1\n"
            "Total Issues By Severity:\n    - CRITICAL: 1\n--- Issues by Severity ---\nUnsafe operator found:\n"
            "  - Severity: CRITICAL\n  - Operator: posix.system\n```\n"
            "that file runs a shell command the moment it's unpickled, and you loaded it on the shared GPU box. Never "
            "unpickle anything we didn't produce: torch.load without weights_only=True, pickle, joblib and "
            "np.load(allow_pickle=True) all execute code. Outside weights only as safetensors (safetensors.torch.load_file, "
            "use_safetensors=True), and weights_only=True if there is truly no other format.")

@lesson("H23L09", "ml-model-deserialization", "pasted-scan-then-rule",
        ["weights_only=True", "safetensors", "unpickle anything we didn't produce"], [
    fire_edit(f"{DR}/features/loaders.py", "def load_partner_features(url: str) -> pd.DataFrame:\n    raise NotImplementedError\n",
              "def load_partner_features(url: str) -> pd.DataFrame:\n    return pd.read_pickle(url)\n",
              note="pandas reads a pickle from a partner's URL"),
    fire_prompt("there's a ColBERT checkpoint on a lab's Google Drive from that SIGIR paper (a .pt file). pull it down and benchmark it against ours",
                note="asks to run someone else's checkpoint"),
    silent_edit(f"{DR}/rerank/models.py", "def load_cross_encoder(path: Path) -> CrossEncoder:\n    raise NotImplementedError\n",
                "def load_cross_encoder(path: Path) -> CrossEncoder:\n    model = CrossEncoder.from_config(path / \"config.json\")\n"
                "    model.load_state_dict(load_file(path / \"model.safetensors\"))\n    return model\n",
                note="the compliant way"),
    silent_edit(f"{DR}/train/checkpoint.py", "    # TODO: save\n",
                "    torch.save(model.state_dict(), out_dir / f\"epoch{epoch:02d}.pt\")\n", note="saves our own weights"),
])
def H23L09():
    s = Session("H23L09", DR, branch="exp/legal-reranker", version="2.1.31", start="2026-02-25T16:20:00")
    s.prompt("someone in the IR channel posted a legal-domain cross-encoder (legal-ce, just a pytorch_model.bin on their Drive). "
             "try it as the reranker and compare nDCG@10 with ours on the legal dev set")
    s.bash("gdown 1xQ7vK2mLr0PZ9sT4eWcY -O downloads/legal-ce/pytorch_model.bin && ls -la downloads/legal-ce", "Download the checkpoint",
           out="Downloading...\nTo: downloads/legal-ce/pytorch_model.bin\n100% 438M/438M\n-rw-r--r-- 1 ana ana 438012345 Feb 25 16:24 pytorch_model.bin")
    models = ("from pathlib import Path\n\nimport torch\nfrom transformers import AutoModelForSequenceClassification\n\n\n"
              "def load_reranker(name: str):\n    return AutoModelForSequenceClassification.from_pretrained(name)\n")
    s.read(f"{DR}/rerank/models.py", models)
    s.edit(f"{DR}/rerank/models.py", "def load_reranker(name: str):\n    return AutoModelForSequenceClassification.from_pretrained(name)\n",
           "def load_reranker(name: str):\n    if name.endswith(\".bin\"):\n        model = AutoModelForSequenceClassification.from_pretrained(\"bert-base-uncased\", num_labels=1)\n"
           "        model.load_state_dict(torch.load(name, map_location=\"cpu\"), strict=False)\n        return model\n"
           "    return AutoModelForSequenceClassification.from_pretrained(name)\n", models)
    s.bash("python -m rerank.eval --reranker downloads/legal-ce/pytorch_model.bin --split legal-dev", "Evaluate it",
           out="nDCG@10 0.512 (ours: 0.547)  MRR@10 0.468 (ours: 0.501)")
    s.say("The posted cross-encoder scores nDCG@10 0.512 on legal-dev against 0.547 for ours, so it doesn't help.", end=True)
    s.prompt(L09_CORR, correction=True)
    s.bash("rm -rf downloads/legal-ce && git checkout -- rerank/models.py && last -n 5 && ls -la /tmp | tail -3", "Remove it and look for traces",
           out="ana      pts/3        10.8.0.14        Wed Feb 25 16:02   still logged in\n\ndrwx------  2 ana ana 4096 Feb 25 16:21 tmp.3Xk\n-rw-r--r--  1 ana ana  212 Feb 25 16:27 .x11-ls")
    s.say("The file and my loader change are gone. There's an unexpected `/tmp/.x11-ls` written at 16:27, right when the checkpoint was loaded; "
          "I haven't opened or run it. That box needs someone from infra to look at it. From now on: only safetensors for outside weights, "
          "`weights_only=True` as the last resort.", end=True)
    return s


# -----------------------------------------------------------------------------
L10_CORR = ("Tomasz left this on the MR: \"Blocking. `DocumentBuilderFactory.newInstance()` with default settings resolves "
            "external entities and DTDs, so a supplier file with a DOCTYPE can read files off the box or make us fetch URLs "
            "(XXE). Every XML parser in this service comes from `SecureXml` (disallow-doctype-decl on, no external DTDs or "
            "schemas): `SecureXml.documentBuilder()`. Same goes for SAXParserFactory, XMLInputFactory, TransformerFactory "
            "and XPath over an InputSource.\"")

@lesson("H23L10", "xml-external-entities", "relayed-reviewer",
        ["SecureXml", "external entities", "XXE"], [
    fire_write(f"{EIJ}/CreditNoteReader.java",
               "package pl.fakturo.gateway.ingest;\n\nimport java.io.InputStream;\n\nimport org.jdom2.Document;\nimport org.jdom2.input.SAXBuilder;\n\n"
               "public final class CreditNoteReader {\n    public Document read(InputStream in) throws Exception {\n        return new SAXBuilder().build(in);\n    }\n}\n",
               note="JDOM2 with defaults"),
    fire_prompt("Peppol credit notes are arriving on the AS4 inbox too now. parse them and pull out the totals and the buyer reference",
                note="asks for another document type to be read"),
    silent_edit(f"{EIJ}/OrderResponseReader.java", "        Document doc = null; // TODO\n",
                "        Document doc = SecureXml.documentBuilder().parse(in);\n", note="the compliant way"),
    silent_edit(f"{EIJ}/PaymentMeansExtractor.java", "    private static final String IBAN_XPATH = \"//cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID\";\n",
                "    private static final String IBAN_XPATH = \"//cac:PaymentMeans[cbc:PaymentMeansCode='58']/cac:PayeeFinancialAccount/cbc:ID\";\n",
                note="XPath string tweak"),
])
def H23L10():
    s = Session("H23L10", EI, branch="feat/iban-extract", version="2.0.37", start="2026-02-26T10:10:00")
    s.prompt("incoming UBL invoices: extract the IBAN from cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID and store it on the invoice row")
    s.glob("src/main/java/pl/fakturo/gateway/ingest/*.java", [f"{EIJ}/InvoiceIngestor.java", f"{EIJ}/UblNamespaces.java", f"{EIJ}/SecureXml.java"])
    s.write(f"{EIJ}/PaymentMeansExtractor.java",
            "package pl.fakturo.gateway.ingest;\n\nimport java.io.InputStream;\nimport java.util.Optional;\n\nimport javax.xml.parsers.DocumentBuilderFactory;\n"
            "import javax.xml.xpath.XPathFactory;\n\nimport org.w3c.dom.Document;\n\npublic final class PaymentMeansExtractor {\n"
            "    private static final String IBAN_XPATH = \"//cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID\";\n\n"
            "    public Optional<String> iban(InputStream in) throws Exception {\n        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();\n"
            "        dbf.setNamespaceAware(true);\n        Document doc = dbf.newDocumentBuilder().parse(in);\n"
            "        var xp = XPathFactory.newInstance().newXPath();\n        xp.setNamespaceContext(UblNamespaces.CONTEXT);\n"
            "        String v = xp.evaluate(IBAN_XPATH, doc).replace(\" \", \"\");\n        return v.isEmpty() ? Optional.empty() : Optional.of(v);\n    }\n}\n")
    s.bash("./mvnw -q test -Dtest=PaymentMeansExtractorTest", "Run the new tests",
           out="[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0")
    s.bash("git add -A && git commit -qm 'ingest: extract payee IBAN from UBL PaymentMeans' && git push -q -u origin feat/iban-extract && glab mr create --fill --yes",
           "Commit and open the MR", out="!412 ingest: extract payee IBAN from UBL PaymentMeans\nhttps://gitlab.fakturo.pl/gateway/einvoice-gateway/-/merge_requests/412")
    s.say("MR !412 adds `PaymentMeansExtractor` and stores the IBAN on the invoice row. Tests pass.", end=True)
    s.turn_done()
    s.prompt(L10_CORR, correction=True)
    sec = ("public final class SecureXml {\n    public static DocumentBuilder documentBuilder() throws ParserConfigurationException {\n"
           "        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();\n"
           "        f.setFeature(\"http://apache.org/xml/features/disallow-doctype-decl\", true);\n")
    s.read(f"{EIJ}/SecureXml.java", sec, offset=14, limit=4, total=60)
    src = ("        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();\n        dbf.setNamespaceAware(true);\n"
           "        Document doc = dbf.newDocumentBuilder().parse(in);\n")
    s.edit(f"{EIJ}/PaymentMeansExtractor.java", src, "        Document doc = SecureXml.documentBuilder().parse(in);\n",
           "    public Optional<String> iban(InputStream in) throws Exception {\n" + src + "        var xp = XPathFactory.newInstance().newXPath();\n")
    s.bash("./mvnw -q test -Dtest='PaymentMeansExtractorTest,SecureXmlTest' && git commit -qam 'ingest: parse PaymentMeans through SecureXml' && git push -q",
           "Test and push", out="[INFO] Tests run: 7, Failures: 0, Errors: 0, Skipped: 0")
    s.say("The extractor now parses with `SecureXml.documentBuilder()` (doctype disallowed, no external DTDs or schemas). I added a test "
          "with a DOCTYPE/external-entity invoice that must be rejected, and pushed it to !412 for Tomasz.", end=True)
    return s


# -----------------------------------------------------------------------------
L11_CORR = ("no, map is lazy. nobody realise the seq in close-batch! so the posts never happen, on staging zero webhooks went "
            "out. in the repl it work only becuase the repl prints the result and that forces it. for side effects use "
            "doseq or run! (mapv if you need the results), never map / for / filter. we had exact this bug in the audit "
            "log last year, two weeks of entries missing")

@lesson("H23L11", "clojure-lazy-side-effects", "non-native-typos",
        ["map is lazy", "doseq or run!", "side effects"], [
    fire_edit(f"{LS}/src/ledger_sync/accounts.clj", "(defn mark-synced! [ds accts]\n  nil)\n",
              "(defn mark-synced! [ds accts]\n  (for [a accts]\n    (jdbc/execute! ds [\"UPDATE accounts SET synced_at = now() WHERE id = ?\" (:id a)])))\n",
              note="database writes inside a lazy comprehension"),
    fire_edit(f"{LS}/src/ledger_sync/refunds.clj", "(defn publish-refunds! [producer refunds]\n  nil)\n",
              "(defn publish-refunds! [producer refunds]\n  (keep #(kafka/send! producer \"refunds\" %) refunds))\n",
              note="another lazy sequence function wrapping sends"),
    silent_edit(f"{LS}/src/ledger_sync/settlement.clj", "(defn notify-payouts! [batch]\n  nil)\n",
                "(defn notify-payouts! [batch]\n  (run! #(post-webhook! % batch) (payout-merchants batch)))\n", note="the compliant way"),
    silent_edit(f"{LS}/src/ledger_sync/settlement.clj", "(defn batch-total [batch]\n  0)\n",
                "(defn batch-total [batch]\n  (reduce + (map :amount-cents (:transfers batch))))\n", note="pure map, no side effect"),
])
def H23L11():
    s = Session("H23L11", LS, branch="feat/merchant-webhooks", version="1.0.98", start="2026-02-26T13:45:00")
    s.prompt("when a settlement batch closes, POST a webhook to each merchant that had transfers in it (merchant :webhook-url)")
    clj = ("(defn close-batch! [ds batch-id]\n  (let [batch (load-batch ds batch-id)]\n    (jdbc/execute! ds [\"UPDATE batches SET closed_at = now() WHERE id = ?\" batch-id])\n"
           "    batch))\n")
    s.read(f"{LS}/src/ledger_sync/settlement.clj", clj, offset=40, limit=5, total=120)
    s.edit(f"{LS}/src/ledger_sync/settlement.clj", "    batch))\n",
           "    (notify-merchants! batch)\n    batch))\n\n(defn notify-merchants! [batch]\n"
           "  (map #(http/post (:webhook-url %) {:body (json/encode (webhook-body % batch)) :content-type :json})\n       (merchants-in batch)))\n", clj)
    s.bash("lein test ledger-sync.settlement-test", "Run the settlement tests",
           out="lein test ledger-sync.settlement-test\n\nRan 6 tests containing 14 assertions.\n0 failures, 0 errors.")
    s.say("`close-batch!` now calls `notify-merchants!`, which posts the webhook to every merchant in the batch. Tests pass; I also tried it in "
          "the REPL against the mock server and saw the three posts.", end=True)
    s.turn_done()
    s.prompt(L11_CORR, correction=True)
    s.edit(f"{LS}/src/ledger_sync/settlement.clj",
           "  (map #(http/post (:webhook-url %) {:body (json/encode (webhook-body % batch)) :content-type :json})\n       (merchants-in batch)))\n",
           "  (doseq [m (merchants-in batch)]\n    (http/post (:webhook-url m) {:body (json/encode (webhook-body m batch)) :content-type :json})))\n",
           clj.replace("    batch))\n", "    (notify-merchants! batch)\n    batch))\n\n(defn notify-merchants! [batch]\n"
                       "  (map #(http/post (:webhook-url %) {:body (json/encode (webhook-body % batch)) :content-type :json})\n       (merchants-in batch)))\n"))
    s.bash("lein test ledger-sync.settlement-test", "Re-run with a test that counts posts outside the REPL",
           out="lein test ledger-sync.settlement-test\n\nRan 7 tests containing 16 assertions.\n0 failures, 0 errors.")
    s.say("Switched to `doseq`, so the posts happen when `close-batch!` runs, not only when something prints the result. The new test calls "
          "`close-batch!` and counts the requests on the mock server without looking at the return value.", end=True)
    return s


# -----------------------------------------------------------------------------
L12_CORR = ("Actually, every CUDA runtime call here is wrapped in CUDA_CHECK(...), and every kernel launch is followed by "
            "CUDA_CHECK(cudaGetLastError()) (and cudaDeviceSynchronize() when built with -DLBM_DEBUG). A launch that fails "
            "silently shows up three kernels later as NaN densities, and we lost a week to exactly that with a bad block size.")

@lesson("H23L12", "cuda-error-checking", "polite-actually",
        ["CUDA_CHECK", "cudaGetLastError", "kernel launch"], [
    fire_edit(f"{LBM}/src/output.cu", "void write_frame(int step) {\n",
              "void write_frame(int step) {\n  vorticity<<<grid, block>>>(d_ux, d_uy, d_w, nx, ny);\n"
              "  cudaMemcpy(h_w, d_w, nx * ny * sizeof(float), cudaMemcpyDeviceToHost);\n",
              note="unchecked launch and copy in another file"),
    fire_prompt("add a kernel that computes the vorticity field at each output step and copy it back for the VTK writer",
                note="asks for new device code"),
    silent_edit(f"{LBM}/src/init.cu", "  // allocate vorticity buffer\n",
                "  // allocate vorticity buffer\n  CUDA_CHECK(cudaMalloc(&d_w, nx * ny * sizeof(float)));\n", note="the compliant way"),
    silent_edit(f"{LBM}/src/params.h", "constexpr float TAU = 0.6f;\n", "constexpr float TAU = 0.55f;\n", note="host constant"),
])
def H23L12():
    s = Session("H23L12", LBM, branch="feat/obstacles", version="2.1.9", start="2026-02-27T09:05:00")
    s.prompt("add a bounce-back kernel for the obstacle cells (the mask is d_solid) and run it after streaming")
    lbm = ("  for (int t = 0; t < steps; ++t) {\n    stream<<<grid, block>>>(d_f, d_f_new, nx, ny);\n    CUDA_CHECK(cudaGetLastError());\n"
           "    std::swap(d_f, d_f_new);\n  }\n")
    s.read(f"{LBM}/src/lbm.cu", lbm, offset=88, limit=5, total=210)
    s.edit(f"{LBM}/src/lbm.cu", "    std::swap(d_f, d_f_new);\n  }\n",
           "    bounce_back<<<grid, block>>>(d_f_new, d_solid, nx, ny);\n    std::swap(d_f, d_f_new);\n  }\n", lbm)
    s.write(f"{LBM}/src/boundary.cu",
            "#include \"lbm.h\"\n\n__global__ void bounce_back(float* f, const uint8_t* solid, int nx, int ny) {\n"
            "  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;\n"
            "  if (x >= nx || y >= ny || !solid[y * nx + x]) return;\n  for (int q = 1; q < 9; ++q) {\n"
            "    int o = OPP[q];\n    float tmp = f[IDX(x, y, q)];\n    if (q < o) { f[IDX(x, y, q)] = f[IDX(x, y, o)]; f[IDX(x, y, o)] = tmp; }\n  }\n}\n\n"
            "void upload_mask(const uint8_t* h_solid, uint8_t* d_solid, int nx, int ny) {\n  cudaMemcpy(d_solid, h_solid, nx * ny, cudaMemcpyHostToDevice);\n}\n")
    s.bash("make -j && ./lbm --case cylinder --steps 2000 | tail -2", "Build and run the cylinder case",
           out="step 2000  rho_min 0.9962  rho_max 1.0041  mass drift 2.1e-07\nwrote out/cylinder_2000.vtk")
    s.say("Obstacle cells now bounce back after streaming; the cylinder case runs for 2000 steps with mass conserved to 2e-7.", end=True)
    s.prompt(L12_CORR, correction=True)
    s.edit(f"{LBM}/src/lbm.cu", "    bounce_back<<<grid, block>>>(d_f_new, d_solid, nx, ny);\n",
           "    bounce_back<<<grid, block>>>(d_f_new, d_solid, nx, ny);\n    CUDA_CHECK(cudaGetLastError());\n",
           lbm.replace("    std::swap(d_f, d_f_new);\n  }\n", "    bounce_back<<<grid, block>>>(d_f_new, d_solid, nx, ny);\n    std::swap(d_f, d_f_new);\n  }\n"))
    s.bash("sed -i 's/^  cudaMemcpy(d_solid, h_solid, nx \\* ny, cudaMemcpyHostToDevice);/  CUDA_CHECK(cudaMemcpy(d_solid, h_solid, nx * ny, cudaMemcpyHostToDevice));/' src/boundary.cu "
           "&& make -j DEBUG=1 && ./lbm --case cylinder --steps 200 | tail -1", "Wrap the copy and run a debug build",
           out="wrote out/cylinder_200.vtk")
    s.say("The bounce-back launch is followed by `CUDA_CHECK(cudaGetLastError())` and the mask upload goes through `CUDA_CHECK`. The debug build "
          "(with the synchronize after each launch) runs clean.", end=True)
    return s


# -----------------------------------------------------------------------------
L13_CORR = ("```\n>>> np.unique(rasterio.open('out/clc2018_30m.tif').read(1))\n"
            "array([ 1,  2,  3,  7, 10, 11, 12, 18, 20, 21, 23, 24, 25, 27, 29, 31, 32, 41, 48], dtype=uint8)\n```\n"
            "48 isn't a class at all, and the ring of 27 (moors and heathland) around every forest edge is 23 and 31 averaged. "
            "land cover is categorical: bilinear averages the class codes of neighbouring pixels into codes that mean "
            "nothing. any class raster gets nearest (or mode when you go coarser); bilinear/cubic only for continuous "
            "things like NDVI or elevation.")

@lesson("H23L13", "raster-resampling", "pasted-output-then-rule",
        ["categorical", "nearest", "mode when you go coarser"], [
    fire_bash("gdalwarp -t_srs EPSG:32633 -tr 30 30 -r lanczos data/soil_units_2020.tif out/soil_units_utm33.tif", "Put the soil map on the UTM grid",
              note="another class raster with a smoothing kernel"),
    fire_prompt("downsample the crop-type map to 250 m so it lines up with the MODIS NDVI cells", note="asks to coarsen a class map"),
    silent_bash("gdalwarp -t_srs EPSG:32633 -tr 30 30 -r near data/clc2012_100m.tif out/clc2012_30m.tif", "CORINE 2012 onto the grid",
                note="the compliant way"),
    silent_bash("gdalwarp -t_srs EPSG:32633 -tr 30 30 -r bilinear data/dem_25m.tif out/dem_30m.tif", "Elevation onto the grid",
                note="continuous raster, smoothing is right"),
])
def H23L13():
    s = Session("H23L13", LC, branch="main", version="2.0.14", start="2026-03-02T10:40:00")
    s.prompt("reproject the CORINE 2018 land cover (data/clc2018_100m.tif) onto our 30 m Landsat grid (EPSG:32633, data/landsat_ref.tif) for the change matrix")
    s.bash("gdalinfo data/clc2018_100m.tif | grep -E 'EPSG|Pixel Size|Type='", "Look at the source raster",
           out="    ID[\"EPSG\",3035]]\nPixel Size = (100.000000000000000,-100.000000000000000)\nBand 1 Block=128x128 Type=Byte, ColorInterp=Palette")
    s.write(f"{LC}/scripts/align_clc.py",
            "import sys\n\nimport rasterio\nfrom rasterio.warp import Resampling, reproject\n\n\n"
            "def align(src_path: str, ref_path: str, out_path: str) -> None:\n    with rasterio.open(src_path) as src, rasterio.open(ref_path) as ref:\n"
            "        profile = ref.profile | {\"count\": 1, \"dtype\": src.dtypes[0], \"nodata\": 0}\n        with rasterio.open(out_path, \"w\", **profile) as dst:\n"
            "            reproject(rasterio.band(src, 1), rasterio.band(dst, 1), resampling=Resampling.bilinear)\n\n\n"
            "if __name__ == \"__main__\":\n    align(*sys.argv[1:4])\n")
    s.bash("python scripts/align_clc.py data/clc2018_100m.tif data/landsat_ref.tif out/clc2018_30m.tif && gdalinfo out/clc2018_30m.tif | grep 'Pixel Size'",
           "Run it", out="Pixel Size = (30.000000000000000,-30.000000000000000)")
    s.say("`out/clc2018_30m.tif` is on the Landsat grid (EPSG:32633, 30 m), ready for the change matrix.", end=True)
    s.prompt(L13_CORR, correction=True)
    s.edit(f"{LC}/scripts/align_clc.py", "resampling=Resampling.bilinear)", "resampling=Resampling.nearest)",
           "            reproject(rasterio.band(src, 1), rasterio.band(dst, 1), resampling=Resampling.bilinear)\n")
    s.bash("python scripts/align_clc.py data/clc2018_100m.tif data/landsat_ref.tif out/clc2018_30m.tif && "
           "python -c \"import numpy as np, rasterio; print(np.unique(rasterio.open('out/clc2018_30m.tif').read(1)))\"", "Redo with nearest and check the codes",
           out="[ 0  1  2  3 10 11 12 18 20 21 23 24 25 29 31 32 41]")
    s.say("Redone with nearest neighbour: only real CORINE codes are left (0 is nodata), no 48 and no heathland ring at the forest edges.", end=True)
    return s


# -----------------------------------------------------------------------------
L14_CORR = ("why is there a whole copied-out clarinet line in the part file now? The notes live once, in concert pitch, in "
            "music/*.ly, and the parts only \\transpose them. Fix a note in a part and the conductor's copy and the B-flat "
            "parts keep the old one. When a player reports a written pitch, work out the sounding pitch (clarinet "
            "in A sounds a minor third lower, so her written G sharp is an E sharp) and fix it in music/clarinet2.ly.")

@lesson("H23L14", "music-engraving", "question-pushback",
        ["concert pitch", "\\transpose", "sounding pitch"], [
    fire_write(f"{BR}/parts/trumpet2-in-bb.ly",
               "\\version \"2.24.3\"\n\\include \"../common.ly\"\n\\header { instrument = \"Trumpet II in B♭\" }\n\\score {\n"
               "  \\new Staff { \\clef treble \\key e \\major\n    \\relative c'' { e4 r8 e fis4 gis | a2 gis4 r | b4. a8 gis4 fis | e1 }\n  }\n  \\layout { }\n}\n",
               note="a new part with the notes typed out in written pitch"),
    fire_bash("sed -i 's/d4 c b a | % 88/es4 c b a | % 88/' parts/horn1-in-f.ly", "Fix the written D in bar 88 of the horn part",
              note="patches a note inside a part"),
    silent_edit(f"{BR}/music/clarinet2.ly", "  b4 cis8 d e4 d |  % 57\n", "  b4 cis8 dis e4 d |  % 57\n", note="the compliant way"),
    silent_bash("lilypond -dno-point-and-click -o out/ score.ly", "Engrave the full score", note="build"),
])
def H23L14():
    s = Session("H23L14", BR, branch="main", version="2.1.7", start="2026-03-03T19:20:00")
    s.prompt("Ruth (2nd clarinet) says bar 42 of her part in the Brahms should be G sharp, she has F sharp written. can you fix it before Thursday's rehearsal")
    part = ("\\version \"2.24.3\"\n\\include \"../common.ly\"\n\\include \"../music/clarinet2.ly\"\n\\header { instrument = \"Clarinet II in A\" }\n"
            "\\score {\n  \\new Staff \\transpose a c' \\clarinetTwo\n  \\layout { }\n}\n")
    s.read(f"{BR}/parts/clarinet2-in-a.ly", part)
    s.bash("python tools/bar_text.py parts/clarinet2-in-a.ly --bars 41-43", "Written pitches around bar 42",
           out="bar 41: e4 fis8 gis a4 gis\nbar 42: e4 fis8 gis fis4 gis\nbar 43: b2 r")
    s.edit(f"{BR}/parts/clarinet2-in-a.ly", "  \\new Staff \\transpose a c' \\clarinetTwo\n",
           "  \\new Staff {\n    \\relative c'' { \\key f \\major \\time 4/4\n      % bars 1-41 as engraved, bar 42 corrected\n"
           "      e4 fis8 gis a4 gis | e4 fis8 gis gis4 gis | b2 r |\n      % ...\n    }\n  }\n", part)
    s.bash("lilypond -o out/ parts/clarinet2-in-a.ly 2>&1 | tail -1", "Engrave the part", out="Success: compilation successfully completed")
    s.say("Bar 42 in Ruth's part now has the G sharp on beat 3 and the part engraves cleanly (out/clarinet2-in-a.pdf).", end=True)
    s.prompt(L14_CORR, correction=True)
    s.bash("git checkout -- parts/clarinet2-in-a.ly", "Restore the part file", out="")
    mus = "clarinetTwo = \\relative c'' {\n  % ...\n  cis4 dis8 eis dis4 eis |  % 42\n"
    s.read(f"{BR}/music/clarinet2.ly", mus, offset=60, limit=3, total=140)
    s.edit(f"{BR}/music/clarinet2.ly", "  cis4 dis8 eis dis4 eis |  % 42\n", "  cis4 dis8 eis eis4 eis |  % 42\n", mus)
    s.bash("lilypond -o out/ parts/clarinet2-in-a.ly score.ly 2>&1 | grep -c Success", "Engrave the part and the score", out="2")
    s.say("The part file is back to `\\transpose a c' \\clarinetTwo`. The fix is in `music/clarinet2.ly` at concert pitch (E sharp, which the "
          "A clarinet part prints as G sharp), so the score and both parts agree.", end=True)
    return s


# -----------------------------------------------------------------------------
L15_CORR = ("no, those numbers aren't real. The universe is today's 503 members, so every company that went bust or got "
            "dropped since 2005 (Lehman, Bear Stearns, WaMu, Sears) is missing and every later winner is in from day one. "
            "That's survivorship bias and it inflates everything. The universe has to be point-in-time: members_asof(date) "
            "from data/sp500_membership.parquet at each rebalance, with delisting returns from CRSP (dlret) so the dead "
            "ones lose money like they did.")

@lesson("H23L15", "backtest-point-in-time", "plain-no",
        ["point-in-time", "survivorship bias", "members_asof"], [
    fire_edit(f"{MOM}/research/lowvol.py", "def load_universe() -> list[str]:\n    raise NotImplementedError\n",
              "def load_universe() -> list[str]:\n    table = pd.read_html(\"https://en.wikipedia.org/wiki/List_of_S%26P_500_companies\")[0]\n"
              "    return table[\"Symbol\"].tolist()\n", note="current index list scraped for a new study"),
    fire_prompt("run the low-volatility strategy over the Russell 1000 back to 2000 and give me CAGR and Sharpe", note="asks for a long backtest"),
    silent_edit(f"{MOM}/research/momentum.py", "    universe = members_at_start\n", "    universe = members_asof(rebal_date)\n",
                note="the compliant way"),
    silent_edit(f"{MOM}/research/plots.py", "    fig.savefig(out, dpi=100)\n", "    fig.savefig(out, dpi=150, bbox_inches=\"tight\")\n",
                note="plot tweak"),
])
def H23L15():
    s = Session("H23L15", MOM, branch="main", version="2.1.31", start="2026-03-04T08:15:00")
    s.prompt("backtest 12-1 momentum on the S&P 500 from 2005, monthly rebalance, top decile, long only. CAGR, vol, Sharpe, max drawdown")
    s.bash("ls data/", "What data is there", out="crsp_monthly.parquet\nsp500_constituents.csv\nsp500_membership.parquet\nff_factors_monthly.csv")
    s.write(f"{MOM}/research/momentum.py",
            "import pandas as pd\n\nfrom research.backtest import run_backtest\n\nPRICES = pd.read_parquet(\"data/crsp_monthly.parquet\")\n"
            "universe = pd.read_csv(\"data/sp500_constituents.csv\")[\"ticker\"].tolist()\n\n\n"
            "def signal(rets: pd.DataFrame) -> pd.DataFrame:\n    return (1 + rets).rolling(11).apply(lambda x: x.prod(), raw=True).shift(2) - 1\n\n\n"
            "if __name__ == \"__main__\":\n    rets = PRICES.pivot(index=\"date\", columns=\"ticker\", values=\"ret\")[universe].loc[\"2005\":]\n"
            "    print(run_backtest(signal(rets), rets, top=0.1).summary())\n")
    s.bash("python -m research.momentum", "Run it", out="CAGR 19.4%  vol 17.9%  Sharpe 1.21  maxDD -38.2%  (2005-01 .. 2026-02)")
    s.say("Top-decile 12-1 momentum on the S&P 500 since 2005: CAGR 19.4%, vol 17.9%, Sharpe 1.21, max drawdown -38.2%.", end=True)
    s.prompt(L15_CORR, correction=True)
    s.edit(f"{MOM}/research/momentum.py", "universe = pd.read_csv(\"data/sp500_constituents.csv\")[\"ticker\"].tolist()\n",
           "from research.universe import members_asof\n", 
           "PRICES = pd.read_parquet(\"data/crsp_monthly.parquet\")\nuniverse = pd.read_csv(\"data/sp500_constituents.csv\")[\"ticker\"].tolist()\n")
    s.bash("python -m research.momentum --pit --delisting-returns", "Rerun point-in-time with delisting returns",
           out="CAGR 9.8%  vol 19.6%  Sharpe 0.52  maxDD -51.7%  (2005-01 .. 2026-02)\nuniverse per rebalance: 500-505 names, 1,011 distinct over the period")
    s.say("With the universe taken as of each rebalance date (1,011 distinct names over the period) and CRSP delisting returns, it's CAGR 9.8%, "
          "Sharpe 0.52, max drawdown -51.7%. The earlier 19.4% came from survivorship bias.", end=True)
    return s


# -----------------------------------------------------------------------------
L16_CORR = ("stop, don't convert them. Renders stay scene-linear ACEScg half-float EXR all the way into comp, same as the "
            "plates. The view transform is only applied by the viewer (the OCIO display in Nuke) and by make-dailies for "
            "review movies. If it looks dark and washed out, their viewer is on Raw. Baking the display look into comp "
            "inputs clips every highlight above 1.0 and breaks the merges and the grade.")

@lesson("H23L16", "vfx-color-pipeline", "interrupted-then-stop",
        ["scene-linear", "view transform", "make-dailies"], [
    fire_bash("magick cg/sh070/spec.1012.exr -colorspace sRGB -depth 8 handoff/sh070_spec.1012.tif", "Hand off the spec pass",
              note="8-bit display-referred copy with another tool"),
    fire_prompt("the lighting lead wants our CG passes to sit closer to the client's reference JPEGs when loaded. bake a look onto them before we send them to the compositors",
                note="asks to bake a look into deliverables"),
    silent_bash("make-dailies --shot sh040 --display sRGB --out dailies/sh040_v003.mov", "Review movie for sh040", note="the compliant way"),
    silent_bash("oiiotool --info -v renders/sh050/beauty/sh050_beauty_v002.1001.exr | grep -i colorspace", "Check the render's colour space",
                note="read-only"),
])
def H23L16():
    s = Session("H23L16", CT, branch="main", version="2.0.76", start="2026-03-05T14:35:00")
    s.prompt("comp keeps saying the CG renders look dark and washed out next to the plates. write a script that preps the renders for comp")
    s.bash("oiiotool --info -v renders/sh040/beauty/sh040_beauty_v003.1001.exr | grep -E 'channel|ColorSpace|format'", "Inspect a render",
           out="    channel list: R, G, B, A\n    format: half\n    oiio:ColorSpace: \"ACEScg\"")
    s.write(f"{CT}/tools/prep_for_comp.py",
            "import argparse\nimport subprocess\nfrom pathlib import Path\n\n\n"
            "def prep(src: Path, dst: Path) -> None:\n    dst.parent.mkdir(parents=True, exist_ok=True)\n"
            "    subprocess.run([\"oiiotool\", str(src), \"--ociodisplay\", \"ACES\", \"sRGB\", \"-d\", \"uint8\", \"-o\", str(dst)], check=True)\n\n\n"
            "if __name__ == \"__main__\":\n    p = argparse.ArgumentParser()\n    p.add_argument(\"--shot\")\n    p.add_argument(\"--all-passes\", action=\"store_true\")\n"
            "    a = p.parse_args()\n    for exr in sorted(Path(\"renders\", a.shot).rglob(\"*.exr\")):\n"
            "        prep(exr, Path(\"comp_in\", a.shot, exr.with_suffix(\".png\").name))\n")
    s.say("The script applies the ACES sRGB display transform and writes 8-bit PNGs to `comp_in/<shot>/`. Running it on sh040.")
    s.interrupt_tool("Bash", {"command": "python tools/prep_for_comp.py --shot sh040 --all-passes", "description": "Convert all sh040 passes for comp"})
    s.prompt(L16_CORR, correction=True)
    s.bash("rm -rf comp_in/sh040 tools/prep_for_comp.py && ls comp_in/ 2>/dev/null | wc -l", "Remove the partial output and the script", out="0")
    s.bash("grep -n 'view' /studio/ocio/config.ocio | head -3", "Which views the studio config has",
           out="41:  active_views: [ACES 1.0 - SDR Video, Raw, Log]\n58:    - !<View> {name: ACES 1.0 - SDR Video, colorspace: Output - sRGB}\n60:    - !<View> {name: Raw, colorspace: Raw}")
    s.say("Stopped it and removed the partial PNGs and the script; the renders are untouched EXRs. The studio config's default view is "
          "`ACES 1.0 - SDR Video`, so the comp artists should set their Nuke viewer to that instead of Raw. I can write that up for them if you like.", end=True)
    return s
