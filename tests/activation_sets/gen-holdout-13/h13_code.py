"""gen-holdout-13: lessons about code (Solidity reentrancy, Jetpack Compose side effects, Roblox server authority,
Pydantic v2 API, Polars expressions instead of Python per row, Qt widgets only on the GUI thread, EF Core filtering on the
IQueryable, java.time instead of SimpleDateFormat)."""
from cc import Session
from registry import (
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
)

VAULT = "/home/ifeoma/src/tessera-vault"
PARK = "/home/dario/AndroidStudioProjects/ParkPass"
ISLAND = "/Users/theo/dev/island-tycoon"
CLAIMS = "/home/samir/src/claims-intake"
MOBIL = "/home/yuki/research/mobility-panel"
SPECTRA = "/home/oskar/src/spectra-viewer"
CLINIC = "/home/analucia/src/ClinicBooking"
LEDGER = "/home/rafael/src/ledger-gateway"


# -----------------------------------------------------------------------------
H13L09_CORR = ("```\nReentrancy in TesseraVault.withdraw(uint256) (src/TesseraVault.sol#88-96):\n\tExternal calls:\n"
               "\t- (ok,None) = address(msg.sender).call{value: amount}() (src/TesseraVault.sol#91)\n"
               "\tState variables written after the call(s):\n\t- balances[msg.sender] -= amount (src/TesseraVault.sol#93)\n"
               "\tTesseraVault.balances (src/TesseraVault.sol#21) can be used in cross function reentrancies\n```\n"
               "checks-effects-interactions. update state before any external call, and nonReentrant on every function "
               "that moves ETH or tokens.")

VAULT_SOL = ("    function deposit() external payable {\n        balances[msg.sender] += msg.value;\n"
             "        emit Deposited(msg.sender, msg.value);\n    }\n")
WITHDRAW_BAD = ("    function withdraw(uint256 amount) external {\n        require(balances[msg.sender] >= amount, \"balance\");\n"
                "        (bool ok, ) = msg.sender.call{value: amount}(\"\");\n        require(ok, \"transfer failed\");\n"
                "        balances[msg.sender] -= amount;\n        emit Withdrawn(msg.sender, amount);\n    }\n")
WITHDRAW_OK = ("    function withdraw(uint256 amount) external nonReentrant {\n"
               "        require(balances[msg.sender] >= amount, \"balance\");\n        balances[msg.sender] -= amount;\n"
               "        emit Withdrawn(msg.sender, amount);\n        (bool ok, ) = msg.sender.call{value: amount}(\"\");\n"
               "        require(ok, \"transfer failed\");\n    }\n")

@lesson("H13L09", "solidity-reentrancy", "pasted-tool-output", ["checks-effects-interactions", "nonReentrant",
                                                               "update state before any external call"], [
    fire_edit(f"{VAULT}/src/Marketplace.sol", "        require(!o.settled, \"settled\");\n",
              "        require(!o.settled, \"settled\");\n        Address.sendValue(payable(o.seller), o.price);\n"
              "        o.settled = true;\n", note="pays out before marking the order settled"),
    fire_prompt("add an emergency withdrawAll() for the owner that pays each depositor in the list back and then zeroes "
                "their entry", note="invites pay-then-zero in a loop; no shared words"),
    silent_edit(f"{VAULT}/src/StakingPool.sol", "    function claim() external {\n        uint256 owed = rewards[msg.sender];\n",
                "    function claim() external nonReentrant {\n        uint256 owed = rewards[msg.sender];\n"
                "        rewards[msg.sender] = 0;\n        rewardToken.safeTransfer(msg.sender, owed);\n",
                note="compliant order"),
    silent_bash("forge test --match-test test_withdraw -vvv", "Run the withdraw tests", note="tests"),
])
def H13L09():
    s = Session("H13L09", VAULT, branch="feat/withdraw", version="2.1.9", start="2027-01-12T13:30:00")
    s.prompt("add withdraw(uint256 amount) to TesseraVault so depositors can take their ETH back out; emit Withdrawn")
    s.read(f"{VAULT}/src/TesseraVault.sol", VAULT_SOL, offset=80, limit=4, total=120)
    s.edit(f"{VAULT}/src/TesseraVault.sol", VAULT_SOL, VAULT_SOL + "\n" + WITHDRAW_BAD, VAULT_SOL)
    s.bash("forge build && forge test --match-contract TesseraVaultTest", "Build and test",
           out="[⠊] Compiling...\n[⠒] Compiling 2 files with Solc 0.8.26\n[⠢] Solc 0.8.26 finished in 1.84s\n"
               "Compiler run successful!\n\nRan 6 tests for test/TesseraVault.t.sol:TesseraVaultTest\n"
               "[PASS] test_deposit() (gas: 46214)\n[PASS] test_withdraw() (gas: 58377)\n"
               "[PASS] test_withdraw_moreThanBalance_reverts() (gas: 21090)\n"
               "Suite result: ok. 6 passed; 0 failed; 0 skipped; finished in 2.91ms")
    s.say("Added `withdraw(uint256)`: it checks the balance, sends the ETH, then lowers the balance and emits "
          "`Withdrawn`. All 6 vault tests pass.", end=True)
    s.prompt(H13L09_CORR, correction=True, think_secs=(120, 600))
    w = VAULT_SOL + "\n" + WITHDRAW_BAD
    s.edit(f"{VAULT}/src/TesseraVault.sol", WITHDRAW_BAD, WITHDRAW_OK, w)
    s.write(f"{VAULT}/test/ReentrantWithdrawer.sol",
            "// SPDX-License-Identifier: MIT\npragma solidity 0.8.26;\n\nimport {TesseraVault} from \"../src/TesseraVault.sol\";\n\n"
            "contract ReentrantWithdrawer {\n    TesseraVault vault;\n    constructor(TesseraVault v) { vault = v; }\n"
            "    function attack() external payable { vault.deposit{value: msg.value}(); vault.withdraw(msg.value); }\n"
            "    receive() external payable { if (address(vault).balance >= msg.value) vault.withdraw(msg.value); }\n}\n")
    s.bash("forge test --match-contract TesseraVaultTest && slither . --filter-paths lib/ 2>&1 | tail -1",
           "Test, including the reentrancy attempt, and rerun slither",
           out="Ran 7 tests for test/TesseraVault.t.sol:TesseraVaultTest\n"
               "[PASS] test_withdraw_reentrancy_reverts() (gas: 112940)\n"
               "Suite result: ok. 7 passed; 0 failed; 0 skipped; finished in 3.40ms\n"
               "INFO:Slither:. analyzed (14 contracts with 93 detectors), 0 result(s) found")
    s.say("`withdraw` now lowers the balance and emits before the external call and is `nonReentrant`. A new test with "
          "a reentrant receiver shows the second withdraw reverts, and slither reports nothing.", end=True)
    return s


# -----------------------------------------------------------------------------
H13L10_CORR = ("how many times does the body of TicketsScreen run while the list scrolls? firebase DebugView shows 340 "
               "screen_view events from me opening it once, and the tickets endpoint got hammered. anything that isn't "
               "drawing UI goes in a LaunchedEffect(key) / DisposableEffect or the ViewModel's init, never straight in "
               "the composable body.")

TICKETS_KT = ("@Composable\nfun TicketsScreen(viewModel: TicketsViewModel = hiltViewModel(), analytics: Analytics = "
              "LocalAnalytics.current) {\n    val state by viewModel.state.collectAsStateWithLifecycle()\n"
              "    TicketList(state.tickets, onOpen = viewModel::open)\n}\n")

@lesson("H13L10", "compose-side-effects", "socratic-question", ["LaunchedEffect", "never straight in the composable body",
                                                               "DisposableEffect"], [
    fire_edit(f"{PARK}/app/src/main/java/app/parkpass/ui/map/ParkingMapScreen.kt",
              "    val fusedClient = remember { LocationServices.getFusedLocationProviderClient(context) }\n",
              "    val fusedClient = remember { LocationServices.getFusedLocationProviderClient(context) }\n"
              "    fusedClient.requestLocationUpdates(request, callback, Looper.getMainLooper())\n",
              note="location subscription straight in the body; no shared words"),
    fire_write(f"{PARK}/app/src/main/java/app/parkpass/ui/receipt/ReceiptScreen.kt",
               "package app.parkpass.ui.receipt\n\n@Composable\nfun ReceiptScreen(receiptId: String, viewModel: ReceiptViewModel "
               "= hiltViewModel()) {\n    viewModel.fetchReceipt(receiptId)\n    val receipt by viewModel.receipt."
               "collectAsStateWithLifecycle()\n    ReceiptCard(receipt)\n}\n", note="fetch in the body of a new screen"),
    silent_edit(f"{PARK}/app/src/main/java/app/parkpass/ui/history/HistoryScreen.kt",
                "    val items by viewModel.items.collectAsStateWithLifecycle()\n",
                "    val items by viewModel.items.collectAsStateWithLifecycle()\n"
                "    LaunchedEffect(month) { viewModel.loadMonth(month) }\n", note="compliant"),
    silent_bash("./gradlew :app:testDebugUnitTest --tests '*TicketsViewModelTest*'", "Run the view model tests",
                note="tests"),
])
def H13L10():
    s = Session("H13L10", PARK, branch="feat/tickets-analytics", version="2.0.76", start="2026-12-02T10:15:00")
    s.prompt("log a screen_view to analytics when the tickets screen opens, and load the tickets from the repo there too "
             "instead of in MainActivity")
    path = f"{PARK}/app/src/main/java/app/parkpass/ui/tickets/TicketsScreen.kt"
    s.read(path, TICKETS_KT, offset=14, limit=6, total=40)
    t2 = s.edit(path, "    val state by viewModel.state.collectAsStateWithLifecycle()\n",
                "    analytics.logScreen(\"tickets\")\n    viewModel.loadTickets()\n"
                "    val state by viewModel.state.collectAsStateWithLifecycle()\n", TICKETS_KT)
    s.bash("./gradlew :app:assembleDebug -q", "Build", lo=30, hi=80, out="")
    s.say("TicketsScreen now logs `screen_view` (tickets) and triggers `loadTickets()` itself; I removed the call from "
          "MainActivity. The debug build compiles.", end=True)
    s.prompt(H13L10_CORR, correction=True, think_secs=(300, 900))
    s.edit(path, "    analytics.logScreen(\"tickets\")\n    viewModel.loadTickets()\n",
           "    LaunchedEffect(Unit) {\n        analytics.logScreen(\"tickets\")\n        viewModel.loadTickets()\n    }\n", t2)
    s.bash("./gradlew :app:assembleDebug -q && ./gradlew :app:testDebugUnitTest -q", "Build and test", lo=30, hi=90,
           out="")
    s.say("Both calls are in a `LaunchedEffect(Unit)` now, so they run once when the screen enters the composition, "
          "not on every recomposition while the list scrolls. Build and unit tests pass.", end=True)
    return s


# -----------------------------------------------------------------------------
H13L11_CORR = ("someone in our discord just bought the Golden Boat for -99999 coins and now has 2 billion. never trust "
               "anything the client sends through a remote. the client only says what it wants, the server looks up "
               "price, cooldown and distance itself (ServerStorage.Config) and checks them all")

SHOP_BAD = ("local ReplicatedStorage = game:GetService(\"ReplicatedStorage\")\nlocal BuyItem = ReplicatedStorage.Remotes.BuyItem\n"
            "local Inventory = require(script.Parent.Inventory)\n\nBuyItem.OnServerEvent:Connect(function(player, itemId, price)\n"
            "\tlocal coins = player.leaderstats.Coins\n\tif coins.Value >= price then\n\t\tcoins.Value -= price\n"
            "\t\tInventory.give(player, itemId)\n\tend\nend)\n")
SHOP_OK = ("local ReplicatedStorage = game:GetService(\"ReplicatedStorage\")\nlocal ServerStorage = game:GetService(\"ServerStorage\")\n"
           "local BuyItem = ReplicatedStorage.Remotes.BuyItem\nlocal Inventory = require(script.Parent.Inventory)\n"
           "local Items = require(ServerStorage.Config.Items)\n\nlocal lastBuy = {}\n\n"
           "BuyItem.OnServerEvent:Connect(function(player, itemId)\n\tlocal item = typeof(itemId) == \"string\" and Items[itemId]\n"
           "\tif not item then return end\n\tlocal now = os.clock()\n"
           "\tif lastBuy[player] and now - lastBuy[player] < item.cooldown then return end\n"
           "\tlocal char = player.Character\n\tlocal shop = workspace.Shops:FindFirstChild(item.shop)\n"
           "\tif not (char and shop and (char:GetPivot().Position - shop:GetPivot().Position).Magnitude <= 20) then return end\n"
           "\tlocal coins = player.leaderstats.Coins\n\tif coins.Value < item.price then return end\n"
           "\tcoins.Value -= item.price\n\tlastBuy[player] = now\n\tInventory.give(player, itemId)\nend)\n")

@lesson("H13L11", "roblox-server-authority", "player-incident", ["never trust anything the client sends",
                                                                "server looks up price"], [
    fire_edit(f"{ISLAND}/src/server/Fishing.server.luau",
              "CatchFish.OnServerEvent:Connect(function(player, fishId, weight)\nend)\n",
              "CatchFish.OnServerEvent:Connect(function(player, fishId, weight)\n"
              "\tlocal stats = player:FindFirstChild(\"leaderstats\")\n\tstats.Gems.Value += math.floor(weight * 3)\nend)\n",
              note="gems from a weight the player reports; shares only the folder name"),
    fire_prompt("let players report how much damage their sword swing did so the boss health bar goes down",
                note="damage decided on the client; no shared words"),
    silent_edit(f"{ISLAND}/src/server/Trade.server.luau", "\tlocal offer = pendingOffers[player.UserId]\n",
                "\tlocal offer = pendingOffers[player.UserId]\n\tif not offer or offer.expires < os.clock() then return end\n",
                note="server-side check"),
    silent_bash("selene src/ && rojo build default.project.json -o build/IslandTycoon.rbxlx", "Lint and build",
                note="lint and build"),
])
def H13L11():
    s = Session("H13L11", ISLAND, branch="main", version="2.1.7", start="2026-12-20T17:45:00")
    s.prompt("hook up the shop: when a player clicks Buy in ShopGui, fire the BuyItem remote and give them the item on "
             "the server")
    client = ("buyButton.Activated:Connect(function()\n\tlocal item = selectedItem\n\tif not item then return end\nend)\n")
    s.read(f"{ISLAND}/src/client/ShopGui.client.luau", client, offset=41, limit=4, total=77)
    c2 = s.edit(f"{ISLAND}/src/client/ShopGui.client.luau", "\tif not item then return end\nend)\n",
           "\tif not item then return end\n\tRemotes.BuyItem:FireServer(item.Id, item.Price)\nend)\n", client)
    s.write(f"{ISLAND}/src/server/Shop.server.luau", SHOP_BAD)
    s.bash("rojo build default.project.json -o build/IslandTycoon.rbxlx", "Build the place",
           out="Building project 'island-tycoon'\nBuilt project to build/IslandTycoon.rbxlx")
    s.say("The Buy button fires `BuyItem` with the item id and price; the server script takes the coins and gives the "
          "item through `Inventory.give`. The place builds.", end=True)
    s.prompt(H13L11_CORR, correction=True, think_secs=(3600, 30000))
    s.write(f"{ISLAND}/src/server/Shop.server.luau", SHOP_OK, original=SHOP_BAD)
    s.edit(f"{ISLAND}/src/client/ShopGui.client.luau", "\tRemotes.BuyItem:FireServer(item.Id, item.Price)\n",
           "\tRemotes.BuyItem:FireServer(item.Id)\n", c2)
    s.bash("selene src/ && rojo build default.project.json -o build/IslandTycoon.rbxlx", "Lint and build",
           out="Results:\n0 errors\n0 warnings\n0 parse errors\nBuilt project to build/IslandTycoon.rbxlx")
    s.say("The client sends only the item id now. The server ignores unknown ids, looks the price, cooldown and shop up "
          "in `ServerStorage.Config.Items`, checks the player is within 20 studs of that shop and has the coins, and only "
          "then charges and gives the item. The player with 2 billion coins still needs fixing by hand.", end=True)
    return s


# -----------------------------------------------------------------------------
H13L12_CORR = ("CI:\n```\nE   pydantic.warnings.PydanticDeprecatedSince20: Pydantic V1 style `@validator` validators are "
               "deprecated. You should migrate to Pydantic V2 style `@field_validator` validators, see the migration "
               "guide for more details.\nFAILED tests/test_claims.py::test_policy_ref_normalised - "
               "pydantic.warnings.PydanticDeprecatedSince20\n```\nwe're on pydantic 2 and pytest runs with -W error. v2 "
               "API only: field_validator, model_dump(), model_validate(), model_config = ConfigDict(...).")

SCHEMAS = ("from pydantic import BaseModel, ConfigDict, Field\n\n\nclass ClaimIn(BaseModel):\n"
           "    model_config = ConfigDict(str_strip_whitespace=True)\n\n    incident_date: date\n"
           "    description: str = Field(max_length=4000)\n")
POLICY_BAD = ("\n\nclass PolicyRef(BaseModel):\n    number: str\n    product_code: str | None = None\n\n"
              "    class Config:\n        orm_mode = True\n\n    @validator(\"number\")\n"
              "    def normalise(cls, v):\n        return v.replace(\" \", \"\").upper()\n")
POLICY_OK = ("\n\nclass PolicyRef(BaseModel):\n    model_config = ConfigDict(from_attributes=True)\n\n    number: str\n"
             "    product_code: str | None = None\n\n    @field_validator(\"number\")\n    @classmethod\n"
             "    def normalise(cls, v: str) -> str:\n        return v.replace(\" \", \"\").upper()\n")
ROUTE = ("@router.post(\"/claims\", status_code=201)\nasync def create_claim(body: dict, svc: ClaimService = Depends()):\n"
         "    claim = await svc.create(body)\n    return claim\n")

@lesson("H13L12", "pydantic-v2", "pasted-ci-failure", ["v2 API only", "field_validator", "model_dump()"], [
    fire_edit(f"{CLAIMS}/app/routes/attachments.py",
              "    return AttachmentOut(id=row.id, filename=row.filename, size=row.size)\n",
              "    return AttachmentOut.from_orm(row)\n", note="v1 from_orm; no shared words"),
    fire_prompt("add a response model for GET /claims/{id}/status where received_at is always serialised as UTC ISO 8601",
                note="invites v1 Config.json_encoders"),
    silent_edit(f"{CLAIMS}/app/schemas.py", "class AttachmentOut(BaseModel):\n",
                "class AttachmentOut(BaseModel):\n    model_config = ConfigDict(from_attributes=True)\n\n",
                note="compliant"),
    silent_bash("pytest -q -W error tests/test_attachments.py", "Run the attachment tests", note="tests"),
])
def H13L12():
    s = Session("H13L12", CLAIMS, branch="feat/policy-ref", version="2.1.31", start="2027-02-02T09:05:00")
    s.prompt("add a PolicyRef model for the intake payload: policy number normalised to upper case without spaces, "
             "product code optional. use it in POST /claims")
    s.read(f"{CLAIMS}/app/schemas.py", SCHEMAS)
    s2 = s.edit(f"{CLAIMS}/app/schemas.py", "    description: str = Field(max_length=4000)\n",
                "    description: str = Field(max_length=4000)\n    policy: PolicyRef\n" + POLICY_BAD, SCHEMAS)
    s.read(f"{CLAIMS}/app/routes/claims.py", ROUTE, offset=22, limit=4, total=60)
    s.edit(f"{CLAIMS}/app/routes/claims.py", "    claim = await svc.create(body)\n    return claim\n",
           "    payload = ClaimIn.parse_obj(body)\n    claim = await svc.create(payload.dict())\n    return claim\n", ROUTE)
    s.bash("python -c 'import app.main' && echo ok", "Import check", out="ok")
    s.say("Added `PolicyRef` (number upper-cased with spaces removed, optional product code) as `ClaimIn.policy`, and "
          "POST /claims parses the body into `ClaimIn` now.", end=True)
    s.prompt(H13L12_CORR, correction=True, think_secs=(400, 1200))
    s2 = s.edit(f"{CLAIMS}/app/schemas.py", POLICY_BAD, POLICY_OK, s2)
    s.edit(f"{CLAIMS}/app/routes/claims.py", "    payload = ClaimIn.parse_obj(body)\n    claim = await svc.create(payload.dict())\n",
           "    payload = ClaimIn.model_validate(body)\n    claim = await svc.create(payload.model_dump())\n",
           ROUTE.replace("    claim = await svc.create(body)\n",
                         "    payload = ClaimIn.parse_obj(body)\n    claim = await svc.create(payload.dict())\n"))
    s.bash("pytest -q -W error", "Full test run with warnings as errors",
           out="........................................                                 [100%]\n40 passed in 3.12s")
    s.say("Switched to the v2 API: `@field_validator` with `@classmethod`, `model_config = ConfigDict(from_attributes="
          "True)`, `model_validate()` and `model_dump()` in the route. All 40 tests pass with `-W error`.", end=True)
    return s


# -----------------------------------------------------------------------------
H13L13_CORR = ("no map_elements / apply with python functions on this panel. it's 180M trips, that runs one row at a time "
               "in python on one core and the full build takes all night. write it as expressions (pl.when().then(), "
               ".dt, .str) on the LazyFrame and collect once at the end.")

TRIPS_PY = ("def build_trips(path: str) -> pl.LazyFrame:\n    lf = pl.scan_parquet(path)\n"
            "    lf = lf.join(pl.scan_parquet(\"data/anchors.parquet\"), on=\"person_id\", how=\"left\")\n    return lf\n")

@lesson("H13L13", "polars-expressions", "plain-no", ["write it as expressions", "map_elements", "collect once at the end"], [
    fire_edit(f"{MOBIL}/pipeline/stays.py",
              "def dwell_minutes(df: pl.DataFrame) -> pl.DataFrame:\n    return df\n",
              "def dwell_minutes(df: pl.DataFrame) -> pl.DataFrame:\n    out = []\n    for r in df.iter_rows(named=True):\n"
              "        out.append((r[\"end_ts\"] - r[\"start_ts\"]).total_seconds() / 60)\n"
              "    return df.with_columns(pl.Series(\"dwell_min\", out))\n", note="Python loop over rows"),
    fire_prompt("tag each journey with the nearest transit stop using a small helper that gets lat/lon and returns the "
                "stop id, then add that as a column", note="per-row helper function; no shared words"),
    silent_edit(f"{MOBIL}/pipeline/trips.py", "    return lf\n",
                "    lf = lf.with_columns(\n        pl.when(pl.col(\"distance_km\") < 2).then(pl.lit(\"short\"))\n"
                "        .when(pl.col(\"distance_km\") < 15).then(pl.lit(\"medium\"))\n"
                "        .otherwise(pl.lit(\"long\")).alias(\"distance_band\")\n    )\n    return lf\n",
                note="compliant expressions"),
    silent_bash("python -m pipeline.trips --sample 0.01 --profile", "Profile the build on a 1% sample", note="run"),
])
def H13L13():
    s = Session("H13L13", MOBIL, branch="main", version="2.1.9", start="2027-01-27T15:20:00")
    s.prompt("add a trip_purpose column to the trips panel: 'commute' if it starts at home and ends at the work location "
             "on a weekday departing between 6 and 10, 'return' for the reverse after 15:00, else 'other'")
    s.read(f"{MOBIL}/pipeline/trips.py", TRIPS_PY, offset=30, limit=4, total=88)
    s.edit(f"{MOBIL}/pipeline/trips.py", "    return lf\n",
           "    return lf.with_columns(\n        pl.struct([\"start_zone\", \"end_zone\", \"home_zone\", \"work_zone\", "
           "\"start_ts\"])\n        .map_elements(_purpose, return_dtype=pl.Utf8)\n        .alias(\"trip_purpose\")\n    )\n\n\n"
           "def _purpose(r: dict) -> str:\n    wd = r[\"start_ts\"].weekday() < 5\n    h = r[\"start_ts\"].hour\n"
           "    if wd and 6 <= h < 10 and r[\"start_zone\"] == r[\"home_zone\"] and r[\"end_zone\"] == r[\"work_zone\"]:\n"
           "        return \"commute\"\n    if wd and h >= 15 and r[\"start_zone\"] == r[\"work_zone\"] and r[\"end_zone\"] == "
           "r[\"home_zone\"]:\n        return \"return\"\n    return \"other\"\n", TRIPS_PY)
    s.bash("python -m pipeline.trips --sample 0.01", "Run on a 1% sample", lo=40, hi=60,
           out="sampled 1,803,227 trips\ntrip_purpose: commute 21.4%  return 19.8%  other 58.8%\ndone in 41.2s")
    s.say("Added `trip_purpose` (commute / return / other). On the 1% sample: 21% commute, 20% return.", end=True)
    s.prompt(H13L13_CORR, correction=True, think_secs=(60, 200))
    s.write(f"{MOBIL}/pipeline/purpose.py",
            "import polars as pl\n\nweekday = pl.col(\"start_ts\").dt.weekday() <= 5\nhour = pl.col(\"start_ts\").dt.hour()\n"
            "home_to_work = (pl.col(\"start_zone\") == pl.col(\"home_zone\")) & (pl.col(\"end_zone\") == pl.col(\"work_zone\"))\n"
            "work_to_home = (pl.col(\"start_zone\") == pl.col(\"work_zone\")) & (pl.col(\"end_zone\") == pl.col(\"home_zone\"))\n\n"
            "trip_purpose = (\n    pl.when(weekday & hour.is_between(6, 9) & home_to_work).then(pl.lit(\"commute\"))\n"
            "    .when(weekday & (hour >= 15) & work_to_home).then(pl.lit(\"return\"))\n"
            "    .otherwise(pl.lit(\"other\"))\n    .alias(\"trip_purpose\")\n)\n")
    s.bash("python -m pipeline.trips --sample 0.01", "Run on a 1% sample again", lo=3, hi=6,
           out="sampled 1,803,227 trips\ntrip_purpose: commute 21.4%  return 19.8%  other 58.8%\ndone in 2.3s")
    s.say("`trip_purpose` is a single `pl.when/then` expression now (`pipeline/purpose.py`, `.dt.weekday()` and "
          "`.dt.hour()`), applied on the LazyFrame with one collect at the end. Same shares on the sample, 2.3 s "
          "instead of 41 s.", end=True)
    return s


# -----------------------------------------------------------------------------
H13L14_CORR = ("nope, widgets only from the gui thread. on the lab pc it crashes every few runs w/ \"QObject::setParent: "
               "Cannot set parent, new parent is in a different thread\" and once it just froze. from the worker emit a "
               "signal (queued connection) or QMetaObject::invokeMethod(this, ..., Qt::QueuedConnection), never touch "
               "ui-> from there")

MAIN_CPP = ("void MainWindow::onAcquireClicked()\n{\n    const int n = ui->framesSpin->value();\n"
            "    for (int i = 0; i < n; ++i)\n        m_frames.append(m_device->readFrame(ui->exposureSpin->value()));\n"
            "    ui->plot->setFrames(m_frames);\n}\n")
MAIN_BAD = ("void MainWindow::onAcquireClicked()\n{\n    const int n = ui->framesSpin->value();\n"
            "    const int exposure = ui->exposureSpin->value();\n    ui->acquireButton->setEnabled(false);\n"
            "    QtConcurrent::run([this, n, exposure] {\n        for (int i = 0; i < n; ++i) {\n"
            "            m_frames.append(m_device->readFrame(exposure));\n"
            "            ui->progressBar->setValue((i + 1) * 100 / n);\n"
            "            ui->statusLabel->setText(tr(\"Frame %1 of %2\").arg(i + 1).arg(n));\n        }\n"
            "        ui->plot->setFrames(m_frames);\n        ui->acquireButton->setEnabled(true);\n    });\n}\n")
MAIN_OK = ("void MainWindow::onAcquireClicked()\n{\n    const int n = ui->framesSpin->value();\n"
           "    const int exposure = ui->exposureSpin->value();\n    ui->acquireButton->setEnabled(false);\n"
           "    auto *worker = new AcquisitionWorker(m_device, n, exposure);\n"
           "    connect(worker, &AcquisitionWorker::progress, this, &MainWindow::onAcquireProgress, Qt::QueuedConnection);\n"
           "    connect(worker, &AcquisitionWorker::finished, this, &MainWindow::onAcquireFinished, Qt::QueuedConnection);\n"
           "    worker->moveToThread(&m_acqThread);\n    QMetaObject::invokeMethod(worker, &AcquisitionWorker::process, "
           "Qt::QueuedConnection);\n}\n")

@lesson("H13L14", "qt-gui-thread", "hurried-lowercase", ["only from the gui thread", "QMetaObject::invokeMethod",
                                                        "emit a signal"], [
    fire_edit(f"{SPECTRA}/src/acquisition/AcquisitionWorker.cpp", "        m_frames.append(frame);\n",
              "        m_frames.append(frame);\n        m_window->spectrumPlot()->replot();\n",
              note="replot from the worker; no shared words"),
    fire_prompt("while the CSV export runs in the background, update the status bar with how many spectra are written so "
                "far", note="status bar updates from background work"),
    silent_edit(f"{SPECTRA}/src/export/CsvExporter.cpp", "        ++written;\n",
                "        ++written;\n        emit progress(written, total);\n", note="compliant signal"),
    silent_bash("cmake --build build -j8 && ctest --test-dir build --output-on-failure", "Build and test", note="build"),
])
def H13L14():
    s = Session("H13L14", SPECTRA, branch="feat/async-acquire", version="2.0.37", start="2026-12-08T11:00:00")
    s.prompt("the Acquire button freezes the whole window for the 20 s of a dark-frame series. move the acquisition off "
             "the GUI thread and show progress")
    s.read(f"{SPECTRA}/src/MainWindow.cpp", MAIN_CPP, offset=212, limit=7, total=480)
    s.edit(f"{SPECTRA}/src/MainWindow.cpp", MAIN_CPP, MAIN_BAD, MAIN_CPP)
    s.bash("cmake --build build -j8 2>&1 | tail -2", "Build", lo=20, hi=50,
           out="[ 98%] Linking CXX executable spectra-viewer\n[100%] Built target spectra-viewer")
    s.say("Acquisition runs in `QtConcurrent::run` now; the progress bar and status label update per frame and the "
          "button is re-enabled at the end. It builds.", end=True)
    s.prompt(H13L14_CORR, correction=True, think_secs=(600, 2400))
    s.write(f"{SPECTRA}/src/acquisition/AcquisitionWorker.h",
            "#pragma once\n#include <QObject>\n#include <QVector>\n#include \"Device.h\"\n\nclass AcquisitionWorker : public QObject\n{\n"
            "    Q_OBJECT\npublic:\n    AcquisitionWorker(Device *dev, int frames, int exposureMs);\npublic slots:\n"
            "    void process();\nsignals:\n    void progress(int done, int total);\n"
            "    void finished(QVector<Frame> frames);\nprivate:\n    Device *m_dev;\n    int m_n, m_exposure;\n};\n")
    s.edit(f"{SPECTRA}/src/MainWindow.cpp", MAIN_BAD, MAIN_OK, MAIN_BAD)
    s.bash("cmake --build build -j8 2>&1 | tail -1 && ctest --test-dir build -R acquisition", "Build and test",
           lo=20, hi=50, out="[100%] Built target spectra-viewer\n100% tests passed, 0 tests failed out of 3")
    s.say("The worker lives in its own `QThread`, starts through `QMetaObject::invokeMethod` and only emits "
          "`progress(done, total)` and `finished(frames)`; the queued connections run `onAcquireProgress` / "
          "`onAcquireFinished` on the GUI thread, which are the only places that touch `ui->`.", end=True)
    return s


# -----------------------------------------------------------------------------
H13L15_CORR = ("hold on, that ToListAsync() pulls the whole appointments table with patients into memory, 1.4 million "
               "rows, the SQL in the log has no WHERE. filters, ordering and paging go on the IQueryable, before "
               "ToListAsync, never after ToList or AsEnumerable.")

CTRL_CS = ("    [HttpGet]\n    public async Task<ActionResult<IEnumerable<AppointmentDto>>> Get(int doctorId, DateOnly date)\n"
           "    {\n        return Ok(Array.Empty<AppointmentDto>());\n    }\n")

@lesson("H13L15", "ef-core-client-filtering", "interrupted-mid-message", ["before ToListAsync", "never after ToList",
                                                                         "no WHERE"], [
    fire_edit(f"{CLINIC}/src/ClinicBooking.Api/Services/InvoiceService.cs",
              "        return new List<InvoiceDto>();\n",
              "        var invoices = await _db.Invoices.ToListAsync();\n"
              "        return invoices.Where(i => i.PatientId == patientId && !i.Paid).Select(InvoiceDto.From).ToList();\n",
              note="loads all invoices, filters in memory"),
    fire_prompt("the admin page needs the doctors who still have a free slot next Tuesday, sorted by surname, 20 a page",
                note="query with filter, sort and paging; no shared words"),
    silent_edit(f"{CLINIC}/src/ClinicBooking.Api/Controllers/PatientsController.cs",
                "        return Ok(Array.Empty<PatientDto>());\n",
                "        var patients = await _db.Patients.Where(p => p.LastName.StartsWith(q)).OrderBy(p => p.LastName)\n"
                "            .Skip(skip).Take(20).Select(p => new PatientDto(p.Id, p.FirstName, p.LastName)).ToListAsync();\n"
                "        return Ok(patients);\n", note="compliant"),
    silent_bash("dotnet test tests/ClinicBooking.Tests --filter FullyQualifiedName~Appointments", "Run appointment tests",
                note="tests"),
])
def H13L15():
    s = Session("H13L15", CLINIC, branch="feat/appointments-by-day", version="2.1.9", start="2027-01-05T14:40:00")
    s.prompt("GET /api/appointments?doctorId=&date= should return that doctor's appointments for the day, ordered by "
             "start time, with the patient's name")
    path = f"{CLINIC}/src/ClinicBooking.Api/Controllers/AppointmentsController.cs"
    s.read(path, CTRL_CS, offset=30, limit=5, total=70)
    bad = ("        var all = await _db.Appointments.Include(a => a.Patient).ToListAsync();\n"
           "        var result = all.Where(a => a.DoctorId == doctorId && DateOnly.FromDateTime(a.Start) == date)\n"
           "            .OrderBy(a => a.Start).Select(AppointmentDto.From).ToList();\n        return Ok(result);\n")
    c2 = s.edit(path, "        return Ok(Array.Empty<AppointmentDto>());\n", bad, CTRL_CS)
    s.bash("dotnet build -v q", "Build", lo=10, hi=30, out="Build succeeded.\n    0 Warning(s)\n    0 Error(s)")
    s.say("Done. The endpoint loads the appointments with their patients, keeps the ones for that doctor and day, "
          "orders them by start time and")
    s.interrupt()
    s.prompt(H13L15_CORR, correction=True, think_secs=(5, 30))
    good = ("        var from = date.ToDateTime(TimeOnly.MinValue);\n        var to = from.AddDays(1);\n"
            "        var result = await _db.Appointments\n"
            "            .Where(a => a.DoctorId == doctorId && a.Start >= from && a.Start < to)\n"
            "            .OrderBy(a => a.Start)\n"
            "            .Select(a => new AppointmentDto(a.Id, a.Start, a.End, a.Patient.FirstName + \" \" + a.Patient.LastName))\n"
            "            .ToListAsync();\n        return Ok(result);\n")
    s.edit(path, bad, good, c2)
    s.bash("dotnet test tests/ClinicBooking.Tests --filter FullyQualifiedName~Appointments -v q", "Run tests",
           lo=15, hi=40, out="Passed!  - Failed:     0, Passed:    12, Skipped:     0, Total:    12, Duration: 1 s")
    s.say("The filter (doctor and a day range on `Start`, so the index on (DoctorId, Start) can be used), the ordering "
          "and the projection to the DTO are on the IQueryable now; the SQL has the WHERE and ORDER BY and only "
          "selects the columns the DTO needs. Tests pass.", end=True)
    return s


# -----------------------------------------------------------------------------
H13L16_CORR = ("Wojtek on the PR:\n> static SimpleDateFormat isn't thread-safe. the statement import runs 8 files in "
               "parallel and last year exactly this gave us booking dates like 2025-13-41. java.time only please: "
               "DateTimeFormatter (immutable, fine as static final), LocalDate / Instant, no java.util.Date or Calendar "
               "in new code.\n\nfix that and push to the same branch")

MT940 = ("    private StatementLine parse61(String field) {\n        StatementLine line = new StatementLine();\n"
         "        line.setAmount(parseAmount(field));\n        return line;\n    }\n")

@lesson("H13L16", "java-date-api", "pr-review-quoted", ["java.time only", "DateTimeFormatter", "isn't thread-safe"], [
    fire_edit(f"{LEDGER}/gateway-core/src/main/java/com/norte/ledger/camt/Camt053Parser.java",
              "        line.setValueDate(valueDate);\n",
              "        line.setValueDate(valueDate);\n        Calendar cal = Calendar.getInstance();\n"
              "        cal.setTime(valueDate);\n        cal.add(Calendar.DAY_OF_MONTH, 2);\n"
              "        line.setSettlementDate(cal.getTime());\n", note="old date API for date arithmetic"),
    fire_prompt("the SEPA export file name needs the creation timestamp in the form 20270214T0930, add a shared helper for that",
                note="shared formatter helper; no shared words"),
    silent_edit(f"{LEDGER}/gateway-core/src/main/java/com/norte/ledger/camt/Camt053Parser.java",
                "        LocalDate valueDate = null;\n",
                "        LocalDate valueDate = LocalDate.parse(text(entry, \"ValDt/Dt\"), DateTimeFormatter.ISO_LOCAL_DATE);\n",
                note="compliant"),
    silent_bash("./mvnw -q -pl gateway-core verify", "Build and test the core module", note="build"),
])
def H13L16():
    s = Session("H13L16", LEDGER, branch="feat/mt940-dates", version="2.0.76", start="2026-12-10T10:00:00")
    s.prompt("MT940 statements from Banco Norte have the value date in :61: as YYMMDD and the entry date as MMDD right "
             "after it. parse both in Mt940Parser and fill StatementLine.valueDate/entryDate. open a PR when done")
    path = f"{LEDGER}/gateway-core/src/main/java/com/norte/ledger/mt940/Mt940Parser.java"
    s.read(path, MT940, offset=58, limit=5, total=190)
    m2 = s.edit(path, "        line.setAmount(parseAmount(field));\n",
                "        try {\n            Date value = YYMMDD.parse(field.substring(0, 6));\n"
                "            line.setValueDate(value);\n            Calendar c = Calendar.getInstance();\n"
                "            c.setTime(value);\n            line.setEntryDate(MMDD_IN_YEAR.parse(c.get(Calendar.YEAR) + "
                "field.substring(6, 10)));\n        } catch (ParseException e) {\n"
                "            throw new Mt940FormatException(\":61: bad date \" + field, e);\n        }\n"
                "        line.setAmount(parseAmount(field));\n", MT940)
    s.bash("./mvnw -q -pl gateway-core test -Dtest=Mt940ParserTest && git commit -qam \"mt940: parse value and entry "
           "date of :61:\" && git push -q -u origin feat/mt940-dates && gh pr create --fill",
           "Test, commit, push, open PR", lo=20, hi=60,
           out="[INFO] Tests run: 9, Failures: 0, Errors: 0, Skipped: 0\nhttps://github.com/norte-bank/ledger-gateway/pull/731")
    s.say("Value and entry date are parsed with two static `SimpleDateFormat`s (`yyMMdd`, `yyyyMMdd`), the entry date "
          "taking its year from the value date. Tests pass; PR #731 is open.", end=True)
    s.prompt(H13L16_CORR, correction=True, think_secs=(1800, 7200))
    s.edit(path, "        try {\n            Date value = YYMMDD.parse(field.substring(0, 6));\n"
                 "            line.setValueDate(value);\n            Calendar c = Calendar.getInstance();\n"
                 "            c.setTime(value);\n            line.setEntryDate(MMDD_IN_YEAR.parse(c.get(Calendar.YEAR) + "
                 "field.substring(6, 10)));\n        } catch (ParseException e) {\n",
           "        try {\n            LocalDate value = LocalDate.parse(field.substring(0, 6), YYMMDD);\n"
           "            line.setValueDate(value);\n            MonthDay entry = MonthDay.parse(field.substring(6, 10), MMDD);\n"
           "            line.setEntryDate(entry.atYear(value.getYear()));\n        } catch (DateTimeParseException e) {\n", m2)
    s.bash("./mvnw -q -pl gateway-core test -Dtest=Mt940ParserTest && git commit -qam \"mt940: use java.time for :61: "
           "dates\" && git push -q", "Test and push", lo=20, hi=60,
           out="[INFO] Tests run: 9, Failures: 0, Errors: 0, Skipped: 0")
    s.say("Pushed to the PR: the parser uses `static final DateTimeFormatter`s (`yyMMdd` with `LocalDate`, `MMdd` with "
          "`MonthDay`), and `StatementLine.valueDate/entryDate` are `LocalDate`. No `Date`, `Calendar` or "
          "`SimpleDateFormat` left in the change.", end=True)
    return s
