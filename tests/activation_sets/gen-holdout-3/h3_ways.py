"""gen-holdout-3: "real-style" lessons about a repo's tools, folders and ways of working (a pinned SDK wrapper,
Unity .meta files, a provisioned flash partition, an Ansible wrapper script, generated API docs, who cuts releases,
what may run on a cluster login node)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
    silent_write,
)

PANTRY = "/Users/priya/dev/pantry_app"
SKY = "/home/jonas/games/Skyforge"
SOIL = "/home/tomas/fw/soilnode"
INFRA = "/home/sven/infra-ansible"
GEO = "/home/greta/oss/geotiler"
FK = "/home/oskar/oss/fetchkit"
CFD = "/home/hahmadi/cfd-wing"


# -----------------------------------------------------------------------------
H3L01_CORR = ("ugh, not the global flutter. this project is pinned with fvm (.fvmrc says 3.22.3), always go through "
              "`fvm flutter` / `fvm dart`. the one on your PATH is 3.27 and it just rewrote pubspec.lock with a newer "
              "sdk constraint + a mobile_scanner that needs it")

SCREEN = ("class AddItemScreen extends StatelessWidget {\n  const AddItemScreen({super.key});\n\n  @override\n"
          "  Widget build(BuildContext context) {\n    return Scaffold(\n      appBar: AppBar(title: const Text('Add item')),\n"
          "      body: const AddItemForm(),\n    );\n  }\n}\n")

@lesson("H3L01", "flutter-toolchain", "annoyed", ["fvm flutter", ".fvmrc", "pinned with fvm"], [
    fire_bash("flutter test --coverage test/widgets", "Run widget tests with coverage", note="global SDK for the test run"),
    fire_prompt("bump the app's dependencies to their latest minor versions and check that analyze is still clean",
                note="invites pub upgrade/analyze with whatever SDK is on PATH, no shared words"),
    silent_bash("fvm flutter test test/widgets/add_item_screen_test.dart", "Run the add-item widget test",
                note="compliant: through fvm"),
    silent_edit(f"{PANTRY}/lib/screens/pantry_list_screen.dart", "        itemCount: items.length,\n",
                "        itemCount: items.length,\n        padding: const EdgeInsets.only(bottom: 88),\n",
                note="plain UI change, no tooling"),
])
def H3L01():
    s = Session("H3L01", PANTRY, branch="feat/barcode-scan", version="2.1.9", start="2026-01-19T10:20:00")
    s.prompt("add barcode scanning to the add-item screen, the mobile_scanner package is fine")
    s.bash("flutter pub add mobile_scanner", "Add mobile_scanner",
           out="Resolving dependencies... \nDownloading packages... \n+ mobile_scanner 6.0.2\nChanged 1 dependency!")
    path = f"{PANTRY}/lib/screens/add_item_screen.dart"
    s.read(path, SCREEN)
    s.edit(path, "      appBar: AppBar(title: const Text('Add item')),\n",
           "      appBar: AppBar(\n        title: const Text('Add item'),\n        actions: [\n          IconButton(\n"
           "            icon: const Icon(Icons.qr_code_scanner),\n            onPressed: () => _scan(context),\n          ),\n        ],\n      ),\n",
           SCREEN)
    s.bash("flutter analyze", "Analyze", out="Analyzing pantry_app...\nNo issues found! (ran in 3.1s)")
    s.say("Added a scan button to the app bar that opens a `MobileScanner` sheet and fills the barcode field. Analyze is clean.", end=True)
    s.prompt(H3L01_CORR, correction=True)
    s.bash("cat .fvmrc && git diff --stat", "Pinned version and what changed",
           out="{\n  \"flutter\": \"3.22.3\"\n}\n lib/screens/add_item_screen.dart | 10 +++++++++-\n pubspec.lock                     | 14 +++++++-------\n"
               " pubspec.yaml                     |  1 +\n 3 files changed, 18 insertions(+), 7 deletions(-)")
    s.bash("git checkout pubspec.lock pubspec.yaml && fvm flutter pub add mobile_scanner:^5.2.3", "Re-add with the pinned SDK",
           out="Resolving dependencies... \n+ mobile_scanner 5.2.3\nChanged 1 dependency!")
    s.bash("fvm flutter analyze && fvm flutter test", "Analyze and test with the pinned SDK",
           out="Analyzing pantry_app...\nNo issues found! (ran in 2.8s)\n00:06 +23: All tests passed!")
    s.say("Reverted the lockfile and re-added the package through `fvm flutter` (3.22.3): that resolves mobile_scanner 5.2.3, "
          "which still supports our SDK. Analyze and all 23 tests pass.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L02_CORR = ("No, that leaves the .meta files behind. When Unity imports an asset without its .meta it generates a new GUID, "
              "and every scene and prefab that referenced the old one shows Missing. If you move things from the shell, "
              "move each .meta together with its asset (folders have one too). And never delete or regenerate .meta files.")

@lesson("H3L02", "unity-assets", "rejected-with-feedback", [".meta", "new GUID", "together with its asset"], [
    fire_prompt("put the boss textures in Art/Textures into their own Boss subfolder, just do it from the terminal",
                note="reorganising assets from a shell, no shared words"),
    fire_bash("mkdir -p Assets/Audio/Sfx/Combat && mv Assets/Audio/Sfx/sword_*.wav Assets/Audio/Sfx/Combat/",
              "Group the combat sounds", note="mv of audio clips without their sidecar files"),
    silent_bash("git mv Assets/Audio/Sfx/sword_hit.wav Assets/Audio/Sfx/sword_hit.wav.meta Assets/Audio/Sfx/Combat/",
                "Move the clip together with its sidecar", note="compliant: asset and .meta moved together"),
    silent_edit(f"{SKY}/Assets/Scripts/Enemies/EnemyAI.cs", "    [SerializeField] float chaseSpeed = 3.5f;\n",
                "    [SerializeField] float chaseSpeed = 4.2f;\n", note="tuning a script value"),
])
def H3L02():
    s = Session("H3L02", SKY, branch="chore/prefab-folders", version="2.0.76", start="2025-11-27T21:05:00")
    s.prompt("the Prefabs folder is a mess. move all the Enemy_* prefabs into Prefabs/Enemies")
    s.glob("Assets/Prefabs/Enemy_*.prefab", [f"{SKY}/Assets/Prefabs/Enemy_Archer.prefab", f"{SKY}/Assets/Prefabs/Enemy_Brute.prefab",
                                             f"{SKY}/Assets/Prefabs/Enemy_Grunt.prefab"])
    s.say("Three enemy prefabs. I'll move them with `git mv` so the history follows.")
    s.reject("Bash", {"command": "mkdir -p Assets/Prefabs/Enemies && git mv Assets/Prefabs/Enemy_*.prefab Assets/Prefabs/Enemies/",
                      "description": "Move enemy prefabs"}, feedback=H3L02_CORR)
    s.bash("mkdir -p Assets/Prefabs/Enemies && for f in Assets/Prefabs/Enemy_*.prefab; do git mv \"$f\" \"$f.meta\" Assets/Prefabs/Enemies/; done "
           "&& git status --short",
           "Move each prefab with its .meta",
           out="R  Assets/Prefabs/Enemy_Archer.prefab -> Assets/Prefabs/Enemies/Enemy_Archer.prefab\n"
               "R  Assets/Prefabs/Enemy_Archer.prefab.meta -> Assets/Prefabs/Enemies/Enemy_Archer.prefab.meta\n"
               "R  Assets/Prefabs/Enemy_Brute.prefab -> Assets/Prefabs/Enemies/Enemy_Brute.prefab\n"
               "R  Assets/Prefabs/Enemy_Brute.prefab.meta -> Assets/Prefabs/Enemies/Enemy_Brute.prefab.meta\n"
               "R  Assets/Prefabs/Enemy_Grunt.prefab -> Assets/Prefabs/Enemies/Enemy_Grunt.prefab\n"
               "R  Assets/Prefabs/Enemy_Grunt.prefab.meta -> Assets/Prefabs/Enemies/Enemy_Grunt.prefab.meta")
    s.bash("grep -h '^guid' Assets/Prefabs/Enemies/*.meta", "Check the GUIDs are unchanged",
           out="guid: 6b1e2f0c9a4d4e53b0c2a1f7d8e9c301\nguid: 0f3a9c2d7e1b4a6f8c5d2e9b1a7c4d02\nguid: c4d8e2a1f09b47e3a6d5c2b1e8f7a903")
    s.say("All three prefabs moved together with their .meta files, so the GUIDs (and every reference in the scenes) stay the same. "
          "`Enemies/` itself gets a .meta the next time the Editor imports; commit it along with this.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L03_CORR = ("stop stop. never erase the flash on the rig boards!! nvs has the per-board soil calibration and the device cert "
              "from provisioning and theres no copy of either. app-flash only writes the app partition, use that. and ask me "
              "first if you ever think a full wipe is needed")

TASK_C = ("void app_main(void)\n{\n    soil_load_calibration();\n    xTaskCreate(sensor_task, \"sensor_task\", 2048, NULL, 5, NULL);\n"
          "    xTaskCreate(mqtt_task, \"mqtt_task\", 4096, NULL, 4, NULL);\n}\n")

@lesson("H3L03", "esp32-firmware", "interrupted", ["erase the flash", "calibration", "app-flash"], [
    fire_bash("esptool.py --chip esp32s3 -p /dev/ttyUSB1 erase_flash", "Clear the chip before reinstalling",
              note="full chip erase with esptool, no shared words"),
    fire_bash("parttool.py --port /dev/ttyUSB0 erase_partition --partition-name=nvs", "Reset stored settings",
              note="erasing exactly the partition that holds the provisioning data"),
    silent_bash("idf.py -p /dev/ttyUSB0 app-flash monitor", "Flash the app and watch the log", note="compliant"),
    silent_prompt("what does 'calibration loaded: dry=2870 wet=1290' in the boot log mean for the moisture percentage?",
                  note="question about calibration values, no flashing"),
])
def H3L03():
    s = Session("H3L03", SOIL, branch="fix/boot-loop", version="2.1.31", start="2026-01-27T15:40:00")
    s.prompt("the node on the rig (ttyUSB0) is boot looping since this morning's build. figure out why")
    s.bash("timeout 15 idf.py -p /dev/ttyUSB0 monitor 2>&1 | tail -9", "Capture the boot log",
           out="I (312) soil: calibration loaded: dry=2870 wet=1290\nI (318) soil: starting sensor task\n\n"
               "***ERROR*** A stack overflow in task sensor_task has been detected.\n\n"
               "Backtrace: 0x40375a2e:0x3fc9b8a0 0x4037b3f5:0x3fc9b8c0 0x4037e1d2:0x3fc9b8e0\n\nELF file SHA256: 6c1f0a2b9e4d7a13\n\nRebooting...")
    path = f"{SOIL}/main/main.c"
    s.read(path, TASK_C, offset=88, limit=6, total=93)
    s.edit(path, "    xTaskCreate(sensor_task, \"sensor_task\", 2048, NULL, 5, NULL);\n",
           "    xTaskCreate(sensor_task, \"sensor_task\", 4096, NULL, 5, NULL);\n", TASK_C)
    s.bash("idf.py build 2>&1 | tail -2", "Build", out="Project build complete. To flash, run:\n idf.py flash")
    s.say("Stack overflow in `sensor_task`: the new median filter keeps a 256-sample buffer on the stack, which doesn't fit in 2 KB. "
          "Raised the stack to 4096. I'll do a clean flash so nothing from the broken image is left over.")
    s.interrupt_tool("Bash", {"command": "idf.py -p /dev/ttyUSB0 erase-flash flash monitor", "description": "Clean flash and monitor"})
    s.prompt(H3L03_CORR, correction=True)
    s.bash("idf.py -p /dev/ttyUSB0 app-flash && timeout 15 idf.py -p /dev/ttyUSB0 monitor 2>&1 | tail -4", "Flash only the app",
           out="Wrote 912384 bytes (571203 compressed) at 0x00010000 in 6.9 seconds (effective 1057.4 kbit/s)...\nHash of data verified.\n"
               "I (312) soil: calibration loaded: dry=2870 wet=1290\nI (318) soil: starting sensor task\n"
               "I (1324) soil: moisture=41.2% raw=2224\nI (2325) mqtt: published soil/rig-03/moisture")
    s.say("Flashed only the app partition. The board boots, still reads its calibration (dry=2870 wet=1290) and publishes moisture again. "
          "NVS was not touched.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H3L04_CORR = ("dont call ansible-playbook directly, ever. use ./bin/play <env> <playbook> [args], it gets the vault pass "
              "from 1password, uses the pinned ansible from .venv and posts to #ops-deploys. it also does a --check --diff "
              "run first and only applies when you pass --apply. raw ansible-playbook skips all that")

EDGE = "nginx_rate_limit: 10r/s\nnginx_rate_burst: 20\nnginx_worker_connections: 4096\n"

@lesson("H3L04", "ansible-wrapper", "annoyed", ["./bin/play", "vault pass", "--check --diff"], [
    fire_bash("ansible-playbook -i inventories/staging playbooks/rotate-certs.yml -e cert_days=90", "Rotate certs on staging",
              note="raw playbook run for a different playbook"),
    fire_prompt("push the updated sshd hardening role out to the staging fleet", note="asks for a rollout, no shared words"),
    silent_bash("./bin/play staging playbooks/rotate-certs.yml", "Check run of the cert rotation", note="compliant wrapper"),
    silent_bash("ansible-lint roles/nginx", "Lint the nginx role", note="linting, not a run"),
])
def H3L04():
    s = Session("H3L04", INFRA, branch="main", version="2.0.37", start="2025-10-16T11:00:00")
    s.prompt("roll out the new nginx rate limit to the edge boxes: 20r/s per IP, burst 40")
    s.read(f"{INFRA}/roles/nginx/templates/ratelimit.conf.j2",
           "limit_req_zone $binary_remote_addr zone=perip:10m rate={{ nginx_rate_limit }};\nlimit_req zone=perip burst={{ nginx_rate_burst }} nodelay;\n")
    path = f"{INFRA}/inventories/production/group_vars/edge.yml"
    s.read(path, EDGE)
    s.edit(path, "nginx_rate_limit: 10r/s\nnginx_rate_burst: 20\n", "nginx_rate_limit: 20r/s\nnginx_rate_burst: 40\n", EDGE)
    s.bash("ansible-playbook -i inventories/production site.yml --tags nginx --limit edge", "Apply nginx to the edge group",
           code=1, out="ERROR! Attempting to decrypt but no vault secrets found")
    s.say("The production inventory has vaulted variables. Is there a vault password file I should pass with `--vault-password-file`?", end=True)
    s.prompt(H3L04_CORR, correction=True)
    s.bash("./bin/play production site.yml --tags nginx --limit edge", "Check run through the wrapper",
           out="[play] ansible-core 2.16.6 (.venv)\n[play] vault password: op://ops/ansible-vault/password\n[play] CHECK MODE (--check --diff)\n\n"
               "TASK [nginx : render rate limit config] ****\n--- before: /etc/nginx/conf.d/ratelimit.conf\n+++ after: /etc/nginx/conf.d/ratelimit.conf\n"
               "-limit_req_zone $binary_remote_addr zone=perip:10m rate=10r/s;\n+limit_req_zone $binary_remote_addr zone=perip:10m rate=20r/s;\n"
               "changed: [edge-01] [edge-02] [edge-03]\n\nPLAY RECAP ****\nedge-01 : ok=9 changed=2\nedge-02 : ok=9 changed=2\nedge-03 : ok=9 changed=2\n"
               "[play] check only; re-run with --apply to make changes")
    s.say("The check run changes only the rate-limit config on edge-01..03 (plus the reload handler). Apply it?", end=True)
    s.prompt("yes go")
    s.bash("./bin/play production site.yml --tags nginx --limit edge --apply", "Apply through the wrapper",
           out="PLAY RECAP ****\nedge-01 : ok=9 changed=2\nedge-02 : ok=9 changed=2\nedge-03 : ok=9 changed=2\n[play] posted to #ops-deploys")
    s.say("Applied on the three edge hosts and announced in #ops-deploys.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L05_CORR = ("no, docs/api/ is generated. make api-docs rebuilds it from the docstrings and overwrites anything edited by hand "
              "(the header of each file says so). Fix the docstring in geotiler/ and regenerate; CI fails when docs/api is out "
              "of sync with the source.")

API_MD = ("### tile_bounds\n\n```python\ntile_bounds(x: int, y: int, z: int) -> tuple[float, float, float, float]\n```\n\n"
          "Returns the (lat, lon) pairs of the tile's corners.\n")
TILES_PY = ("def tile_bounds(x: int, y: int, z: int) -> tuple[float, float, float, float]:\n"
            "    \"\"\"Returns the (lat, lon) pairs of the tile's corners.\"\"\"\n")

@lesson("H3L05", "generated-docs", "plain-no", ["docs/api/ is generated", "make api-docs", "docstring"], [
    fire_edit(f"{GEO}/docs/api/projections.md", "Defaults to EPSG:4326.\n", "Defaults to EPSG:4326 (WGS 84 longitude/latitude).\n",
              note="hand edit to another generated page"),
    fire_prompt("the reference page for TileCache still mentions the removed max_age parameter, delete that paragraph from the markdown",
                note="asks to fix generated reference text directly, no shared words"),
    silent_edit(f"{GEO}/geotiler/cache.py",
                "    max_age:\n        Deprecated, ignored since 2.0.\n", "",
                note="compliant: fix the docstring in the source"),
    silent_edit(f"{GEO}/docs/guide/quickstart.md", "pip install geotiler\n", "pip install \"geotiler[cache]\"\n",
                note="hand-written guide page, not generated"),
])
def H3L05():
    s = Session("H3L05", GEO, branch="docs/tile-bounds", version="2.1.7", start="2025-12-11T18:30:00")
    s.prompt("the docs for tile_bounds() say it returns (lat, lon) pairs but it returns (west, south, east, north). fix the docs")
    s.grep("tile_bounds", files=[f"{GEO}/docs/api/tiles.md", f"{GEO}/geotiler/tiles.py", f"{GEO}/docs/guide/quickstart.md"])
    s.read(f"{GEO}/docs/api/tiles.md", API_MD, offset=41, limit=7, total=130)
    s.edit(f"{GEO}/docs/api/tiles.md", "Returns the (lat, lon) pairs of the tile's corners.\n",
           "Returns the tile's bounding box as `(west, south, east, north)` in degrees.\n", API_MD)
    s.say("Updated the tile_bounds entry to say it returns `(west, south, east, north)`.", end=True)
    s.prompt(H3L05_CORR, correction=True)
    s.bash("git checkout docs/api/tiles.md", "Undo the hand edit")
    s.read(f"{GEO}/geotiler/tiles.py", TILES_PY, offset=57, limit=2, total=210)
    s.edit(f"{GEO}/geotiler/tiles.py", "    \"\"\"Returns the (lat, lon) pairs of the tile's corners.\"\"\"\n",
           "    \"\"\"Returns the tile's bounding box as ``(west, south, east, north)`` in degrees.\"\"\"\n", TILES_PY)
    s.bash("make api-docs && git diff --stat", "Regenerate the API pages",
           out="python tools/gen_api_docs.py geotiler docs/api\nwrote 9 pages\n docs/api/tiles.md | 2 +-\n geotiler/tiles.py | 2 +-\n 2 files changed, 2 insertions(+), 2 deletions(-)")
    s.say("Fixed the docstring in `geotiler/tiles.py` and regenerated; `docs/api/tiles.md` picked up the new wording from it.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L06_CORR = ("no. never push tags or publish anything yourself. a v* tag triggers the npm publish workflow and npm never "
              "lets us reuse a version number once its out. add a changeset (pnpm changeset) to the fix PR, the changesets bot "
              "opens the release PR that does the bump and i merge that one")

RETRY = ("  const delay = Math.min(baseMs * 2 ** attempt, maxMs);\n  await sleep(delay);\n")

@lesson("H3L06", "release-process", "rejected-then-instruction", ["push tags", "changeset", "npm publish workflow"], [
    fire_bash("gh release create v3.5.0 --generate-notes --target main", "Cut 3.5.0 on GitHub",
              note="creating the tag through a GitHub release"),
    fire_prompt("3.5.0 looks good, ship it to the registry so users can install it today", note="asks to ship, no shared words"),
    silent_write(f"{FK}/.changeset/brave-owls-sing.md", "---\n\"fetchkit\": minor\n---\n\nAdd `signal` support to `fetchWithRetry`.\n",
                 note="compliant changeset"),
    silent_bash("git push -u origin feat/abort-signal && gh pr create --fill", "Open the PR", note="pushing a branch, not a tag"),
])
def H3L06():
    s = Session("H3L06", FK, branch="main", version="2.1.31", start="2026-01-29T12:10:00")
    s.prompt("fix the retry backoff bug from #482 (it ignores Retry-After) and get it out, people are waiting")
    path = f"{FK}/src/retry.ts"
    s.read(path, RETRY, offset=30, limit=2, total=74)
    s.edit(path, "  const delay = Math.min(baseMs * 2 ** attempt, maxMs);\n",
           "  const delay = retryAfterMs(res) ?? Math.min(baseMs * 2 ** attempt, maxMs);\n", RETRY)
    s.bash("pnpm vitest run src/retry.test.ts", "Run retry tests",
           out=" ✓ src/retry.test.ts (9 tests) 41ms\n\n Test Files  1 passed (1)\n      Tests  9 passed (9)")
    s.bash("git commit -am 'fix(retry): honour Retry-After (#482)' && npm version patch -m 'chore: release %s'", "Commit and bump",
           out="[main 8c1d2e4] fix(retry): honour Retry-After (#482)\n 2 files changed, 31 insertions(+), 2 deletions(-)\nv3.4.2")
    s.say("Fixed and bumped to 3.4.2. Pushing with the tag.")
    s.reject("Bash", {"command": "git push origin main --follow-tags", "description": "Push the release"})
    s.prompt(H3L06_CORR, correction=True)
    s.bash("git tag -d v3.4.2 && git reset --hard HEAD~1 && git switch -c fix/retry-after && git branch -f main origin/main",
           "Undo the version bump and move the fix to a branch",
           out="Deleted tag 'v3.4.2' (was 5e0a7b1)\nHEAD is now at 8c1d2e4 fix(retry): honour Retry-After (#482)\nSwitched to a new branch 'fix/retry-after'")
    s.write(f"{FK}/.changeset/quiet-otters-wait.md", "---\n\"fetchkit\": patch\n---\n\nHonour the `Retry-After` header when backing off (#482).\n")
    s.bash("git add .changeset && git commit -m 'changeset' && git push -u origin fix/retry-after && gh pr create --fill",
           "Open the fix PR", out="https://github.com/fetchkit/fetchkit/pull/487")
    s.say("Removed the local tag and bump, moved the fix to `fix/retry-after` with a patch changeset, and opened PR #487. "
          "The changesets bot will fold it into the release PR.", end=True)
    return s


# -----------------------------------------------------------------------------
H3L07_CORR = ("stop!! your on the login node, admins kill anything heavy there and i get the angry email. solver runs go "
              "through slurm: sbatch jobs/run_case.sh <case>, or srun --pty for interactive stuff. on the login node only "
              "editing, git and tiny post-processing")

@lesson("H3L07", "hpc-cluster", "interrupted", ["login node", "sbatch", "srun --pty"], [
    fire_bash("python scripts/sweep_aoa.py --angles 0:16:0.5 --workers 48", "Angle-of-attack sweep",
              note="48-worker sweep started in the shell, no shared words"),
    fire_bash("mpirun -np 64 pimpleFoam -parallel -case cases/wing_gust > cases/wing_gust/log.pimpleFoam 2>&1",
              "Run the gust case", note="MPI solver run outside the scheduler"),
    silent_bash("sbatch --array=0-32 jobs/sweep_aoa.sh", "Submit the sweep as an array job", note="compliant"),
    silent_bash("python scripts/plot_cl.py cases/wing_fine/postProcessing/forceCoeffs/0/coefficient.dat -o figs/cl_fine.png",
                "Plot Cl for the fine mesh", note="small post-processing, explicitly fine"),
])
def H3L07():
    s = Session("H3L07", CFD, branch="main", version="2.0.76", start="2025-11-21T09:05:00")
    s.prompt("rerun the mesh convergence case with the fine mesh (cases/wing_fine) and plot Cl vs iteration next to the medium one")
    s.bash("ls cases/wing_fine && grep numberOfSubdomains cases/wing_fine/system/decomposeParDict", "Look at the case",
           out="0\nconstant\nsystem\nnumberOfSubdomains 32;")
    s.say("The case is set up for 32 subdomains. Decomposing and starting the solver.")
    s.interrupt_tool("Bash", {"command": "cd cases/wing_fine && decomposePar -force > log.decomposePar && mpirun -np 32 simpleFoam -parallel > log.simpleFoam 2>&1",
                              "description": "Decompose and run the fine case"}, exit137=True)
    s.prompt(H3L07_CORR, correction=True)
    s.read(f"{CFD}/jobs/run_case.sh", "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=32\n#SBATCH --time=08:00:00\n#SBATCH --partition=compute\n"
           "set -euo pipefail\ncd \"$1\"\ndecomposePar -force > log.decomposePar\nsrun simpleFoam -parallel > log.simpleFoam 2>&1\nreconstructPar -latestTime\n")
    s.bash("sbatch jobs/run_case.sh cases/wing_fine", "Submit the fine case", out="Submitted batch job 4815162")
    s.bash("squeue -u $USER", "Check the queue",
           out="  JOBID PARTITION     NAME     USER ST  TIME  NODES NODELIST(REASON)\n4815162   compute run_case  hahmadi  R  0:12      1 cn-0417")
    s.say("Submitted as job 4815162, running on cn-0417. When it's done I'll plot Cl from `postProcessing/forceCoeffs` on the login node; "
          "that part is light.", end=True)
    s.turn_done()
    return s
