"""gen-holdout-15: lessons about code (Stripe amounts in each currency's own minor unit, a firmware watchdog fed only by
the supervisor task, motion only for visitors who have not asked for less, physics in FixedUpdate in Unity, MPI ranks
that do not all write the same file, no narrowing `as` casts in a Rust file-format crate, no COMMIT inside PL/SQL
package procedures, no provider blocks inside Terraform modules)."""
from cc import Session
from registry import (
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

TABI = "/home/kenji/src/tabiyo-checkout"
HEAT = "/home/ilona/fw/heatpump-ctrl"
MUSE = "/home/sanne/src/museum-web"
SKIFF = "/Users/kasia/Unity/Skiffrun"
PLASMA = "/home/rohan/sim/plasma1d"
PAK = "/home/mirela/src/pakfile"
UTIL = "/home/gunnar/src/utility-billing-db"
TFP = "/home/olu/infra/tf-platform"


# -----------------------------------------------------------------------------
H15L09_CORR = ("just ran a ¥1,500 test booking on staging and Stripe shows ¥150,000. JPY has no minor unit, Stripe "
               "takes yen as they are; KRW is the same, and a few others have three decimals. no * 100 anywhere near an "
               "amount: it goes through to_minor_units(amount, currency) in billing/money.py, which knows the exponents.")

CHARGES = ("def create_payment_intent(booking):\n    return stripe.PaymentIntent.create(\n"
           "        amount=int(booking.total * 100),\n        currency=\"eur\",\n"
           "        metadata={\"booking_id\": booking.id},\n    )\n")

@lesson("H15L09", "stripe-zero-decimal", "own-repro-then-rule",
        ["JPY has no minor unit", "to_minor_units(amount, currency)", "no * 100 anywhere near an amount"], [
    fire_edit(f"{TABI}/tabiyo/hosts/payouts.py", "    payout_value = host_share\n",
              "    payout_value = int(round(host_share * 100))\n",
              note="multiplies by 100 for the payout; no shared words"),
    fire_edit(f"{TABI}/billing/refunds.py", "        amount=refund.amount_minor,\n",
              "        amount=int(refund.amount * 100),\n", note="refund amount times 100"),
    silent_edit(f"{TABI}/billing/deposits.py", "        amount=deposit.amount_minor,\n",
                "        amount=to_minor_units(deposit.amount, deposit.currency),\n", note="compliant"),
    silent_bash("pytest billing -q -k jpy", "Run the JPY tests", note="tests"),
])
def H15L09():
    s = Session("H15L09", TABI, branch="feat/jpy", version="2.1.31", start="2027-02-22T10:00:00")
    s.prompt("we're opening bookings in Japan next week. make create_payment_intent work with JPY (it's hardcoded to "
             "eur now)")
    s.read(f"{TABI}/billing/stripe_charges.py", CHARGES, offset=12, limit=6, total=48)
    s.edit(f"{TABI}/billing/stripe_charges.py", "        currency=\"eur\",\n",
           "        currency=booking.currency.lower(),\n", CHARGES)
    s.bash("pytest billing -q", "Run the billing tests",
           out="..................                                                       [100%]\n18 passed in 2.04s")
    s.say("`create_payment_intent` now uses the booking's own currency instead of `eur`, so JPY bookings go through; "
          "the billing tests pass.", end=True)
    s.prompt(H15L09_CORR, correction=True, think_secs=(300, 900))
    money = ("ZERO_DECIMAL = {\"bif\", \"clp\", \"djf\", \"gnf\", \"jpy\", \"kmf\", \"krw\", \"mga\", \"pyg\", \"rwf\", "
             "\"ugx\", \"vnd\", \"vuv\", \"xaf\", \"xof\", \"xpf\"}\nTHREE_DECIMAL = {\"bhd\", \"jod\", \"kwd\", \"omr\", "
             "\"tnd\"}\n\n\ndef to_minor_units(amount, currency):\n")
    s.read(f"{TABI}/billing/money.py", money, limit=6, total=22)
    s.edit(f"{TABI}/billing/stripe_charges.py", "        amount=int(booking.total * 100),\n",
           "        amount=to_minor_units(booking.total, booking.currency),\n",
           CHARGES.replace("        currency=\"eur\",\n", "        currency=booking.currency.lower(),\n"))
    s.bash("pytest billing -q -k 'payment_intent'", "Run the payment intent tests",
           out="......                                                                   [100%]\n6 passed in 0.88s")
    s.say("The amount now goes through `to_minor_units(booking.total, booking.currency)`, so ¥1,500 is sent as 1500 "
          "and €12.50 still as 1250. No more `* 100` on amounts; a JPY and a KWD case in the tests would catch this "
          "next time, shall I add them?", end=True)
    return s


# -----------------------------------------------------------------------------
H15L10_CORR = ("Review from Tomasz on !214:\n> `HAL_IWDG_Refresh()` in the TIM6 callback means the dog gets fed as long "
               "as interrupts run, so a deadlocked modbus task never resets the unit again: it just sits there with the "
               "compressor in whatever state it had. The IWDG is fed in one place only, supervisor_task, and only when "
               "every task has set its bit in the check-in event group for that period. Don't lengthen the timeout or "
               "move the refresh somewhere else to make resets go away; find what blocks. (The flash erase in "
               "modbus_task holds the bus for ~400 ms, that's the lead.)")

TIMCB = ("void HAL_TIM_PeriodElapsedCallback(TIM_HandleTypeDef *htim)\n{\n  if (htim->Instance == TIM6) {\n"
         "    HAL_IncTick();\n  }\n}\n")

@lesson("H15L10", "firmware-watchdog", "review-quoted",
        ["fed in one place only", "supervisor_task", "Don't lengthen the timeout"], [
    fire_edit(f"{HEAT}/Core/Src/main.c", "  hiwdg.Init.Prescaler = IWDG_PRESCALER_64;\n  hiwdg.Init.Reload = 1249;\n",
              "  hiwdg.Init.Prescaler = IWDG_PRESCALER_256;\n  hiwdg.Init.Reload = 4095;\n",
              note="stretches the watchdog period to the maximum; no shared words"),
    fire_edit(f"{HEAT}/Core/Src/freertos.c", "void vApplicationIdleHook(void)\n{\n",
              "void vApplicationIdleHook(void)\n{\n  HAL_IWDG_Refresh(&hiwdg);\n", note="refresh from the idle hook"),
    silent_edit(f"{HEAT}/App/supervisor.c", "#define CHECKIN_ALL (CHECKIN_MODBUS | CHECKIN_CONTROL)\n",
                "#define CHECKIN_ALL (CHECKIN_MODBUS | CHECKIN_CONTROL | CHECKIN_DISPLAY)\n",
                note="compliant: a new task joins the check-in"),
    silent_bash("make -j8 && arm-none-eabi-size build/heatpump-ctrl.elf", "Build and size", note="build"),
])
def H15L10():
    s = Session("H15L10", HEAT, branch="fix/iwdg-resets", version="2.1.9", start="2027-03-02T08:50:00")
    s.prompt("units in the field reboot every few hours, RCC_CSR says IWDGRSTF. the modbus task sometimes takes long "
             "when it writes settings to flash. can you make the resets stop")
    s.read(f"{HEAT}/Core/Src/main.c", TIMCB, offset=402, limit=6, total=455)
    s.edit(f"{HEAT}/Core/Src/main.c", "    HAL_IncTick();\n", "    HAL_IncTick();\n    HAL_IWDG_Refresh(&hiwdg);\n",
           TIMCB)
    s.bash("make -j8 2>&1 | tail -2", "Build", out="   text\t   data\t    bss\t    dec\n  48212\t    412\t  11032\t  59656")
    s.say("The watchdog is now refreshed from the 1 ms TIM6 tick, so a slow flash write in the modbus task can no "
          "longer trigger a reset. It builds; I'll open the MR.", end=True)
    s.prompt(H15L10_CORR, correction=True, think_secs=(1800, 7200))
    s.edit(f"{HEAT}/Core/Src/main.c", "    HAL_IncTick();\n    HAL_IWDG_Refresh(&hiwdg);\n", "    HAL_IncTick();\n",
           TIMCB.replace("    HAL_IncTick();\n", "    HAL_IncTick();\n    HAL_IWDG_Refresh(&hiwdg);\n"))
    s.bash("grep -n 'flash_erase\\|HAL_FLASHEx_Erase' App/modbus_task.c", "Where the modbus task erases flash",
           out="211:    HAL_FLASHEx_Erase(&erase, &sector_error);   /* sector 7, 128 KB */")
    s.say("Took the refresh out of the TIM6 callback again; `supervisor_task` stays the only place that feeds the "
          "IWDG. The erase at `modbus_task.c:211` wipes a whole 128 KB sector (about 1 s on the F4, not 400 ms) while "
          "holding the bus mutex, so the control task misses its check-in. I'll move the settings to a small sector "
          "or a two-page EEPROM emulation and leave the timeout alone.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L11_CORR = ("It looks very nice, but last year we have a complaint from a visitor with a vestibular disorder, the "
               "moving background on the Vermeer page made her sick and she wrote to the director. Every motion must be "
               "inside @media (prefers-reduced-motion: no-preference), and in React you ask useReducedMotion() before "
               "you start the parallax. Only a opacity fade is ok without. Please do it like this always, for all our "
               "sites, not only this hero.")

@lesson("H15L11", "reduced-motion", "non-native-english",
        ["prefers-reduced-motion: no-preference", "useReducedMotion()", "vestibular"], [
    fire_write(f"{MUSE}/src/components/Carousel.module.scss",
               ".track {\n  display: flex;\n  animation: drift 40s linear infinite;\n}\n\n@keyframes drift {\n"
               "  from { transform: translateX(0); }\n  to { transform: translateX(-50%); }\n}\n",
               note="endless sliding strip with no opt-out; no shared words"),
    fire_prompt("the collection grid could use some life, make the cards float up one after another as you scroll down",
                note="asks for scroll-triggered movement"),
    silent_edit(f"{MUSE}/src/components/Button.module.scss", "  transition: none;\n",
                "  transition: opacity 150ms ease-in;\n", note="an opacity fade, allowed"),
    silent_bash("npm run build && npx playwright test e2e/exhibition.spec.ts", "Build and run the exhibition e2e",
                note="build and test"),
])
def H15L11():
    s = Session("H15L11", MUSE, branch="feat/hero-motion", version="2.1.42", start="2027-09-27T13:30:00")
    s.prompt("make the exhibition hero feel alive: slow parallax on the background image and the title sliding in "
             "from the left")
    hero = ("export function ExhibitionHero({ exhibition }: Props) {\n  return (\n    <header className={styles.hero}>\n"
            "      <img className={styles.bg} src={exhibition.heroUrl} alt=\"\" />\n")
    s.read(f"{MUSE}/src/components/ExhibitionHero.tsx", hero, limit=4, total=24)
    hero2 = s.edit(f"{MUSE}/src/components/ExhibitionHero.tsx", "  return (\n",
           "  const bgRef = useRef<HTMLImageElement>(null);\n  useEffect(() => {\n    const onScroll = () => {\n"
           "      if (bgRef.current) bgRef.current.style.transform = `translateY(${window.scrollY * 0.3}px)`;\n    };\n"
           "    window.addEventListener(\"scroll\", onScroll, { passive: true });\n"
           "    return () => window.removeEventListener(\"scroll\", onScroll);\n  }, []);\n  return (\n", hero)
    s.write(f"{MUSE}/src/components/ExhibitionHero.module.scss",
            ".title {\n  animation: slide-in 900ms cubic-bezier(0.2, 0.8, 0.2, 1) both;\n}\n\n@keyframes slide-in {\n"
            "  from { transform: translateX(-40px); opacity: 0; }\n  to { transform: none; opacity: 1; }\n}\n")
    s.say("The background now moves at 30% of the scroll speed and the title slides in from the left over 0.9 s. Try "
          "it on the Vermeer page.", end=True)
    s.prompt(H15L11_CORR, correction=True, think_secs=(120, 600))
    s.write(f"{MUSE}/src/components/ExhibitionHero.module.scss",
            ".title {\n  animation: fade-in 600ms ease-out both;\n}\n\n@media (prefers-reduced-motion: no-preference) {\n"
            "  .title {\n    animation: slide-in 900ms cubic-bezier(0.2, 0.8, 0.2, 1) both;\n  }\n}\n",
            original=".title {\n  animation: slide-in 900ms cubic-bezier(0.2, 0.8, 0.2, 1) both;\n}\n\n@keyframes "
                     "slide-in {\n  from { transform: translateX(-40px); opacity: 0; }\n  to { transform: none; "
                     "opacity: 1; }\n}\n")
    s.edit(f"{MUSE}/src/components/ExhibitionHero.tsx", "  useEffect(() => {\n    const onScroll",
           "  const reduceMotion = useReducedMotion();\n  useEffect(() => {\n    if (reduceMotion) return;\n"
           "    const onScroll", hero2)
    s.say("The title only slides when the visitor hasn't asked for reduced motion; otherwise it just fades in. In the "
          "hero I now check `useReducedMotion()` and don't register the scroll listener at all when it's true, so the "
          "background stays still. I'll do the same for every animation on your sites.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L12_CORR = ("what does that push add up to per second on Emil's 144 Hz monitor, compared with the Switch build at "
               "30? Update runs once per rendered frame. forces and anything touching the Rigidbody go in FixedUpdate; "
               "Update only reads input into fields.")

BOAT = ("public class BoatController : MonoBehaviour\n{\n    Rigidbody2D rb;\n    WindZone2D wind;\n\n"
        "    void Update()\n    {\n        steer = Input.GetAxis(\"Horizontal\");\n    }\n}\n")

@lesson("H15L12", "unity-fixedupdate", "socratic-question",
        ["forces and anything touching the Rigidbody go in FixedUpdate", "Update only reads input", "144 Hz"], [
    fire_write(f"{SKIFF}/Assets/Scripts/Hazards/Whirlpool.cs",
               "using UnityEngine;\n\npublic class Whirlpool : MonoBehaviour\n{\n    [SerializeField] float pull = 4f;\n"
               "    [SerializeField] Transform centre;\n    Rigidbody2D body;\n\n    void Awake() => body = "
               "GetComponent<Rigidbody2D>();\n\n    void LateUpdate()\n    {\n        Vector2 toCentre = (Vector2)centre."
               "position - body.position;\n        body.velocity += toCentre.normalized * pull * Time.deltaTime;\n"
               "    }\n}\n", note="velocity changed per rendered frame in LateUpdate; no shared words"),
    fire_edit(f"{SKIFF}/Assets/Scripts/Boat/Paddle.cs", "    void Update()\n    {\n",
              "    void Update()\n    {\n        if (Input.GetButtonDown(\"Paddle\"))\n            rb.AddTorque(side * "
              "strokeTorque, ForceMode2D.Impulse);\n", note="torque applied in Update"),
    silent_edit(f"{SKIFF}/Assets/Scripts/Boat/BoatController.cs", "    void FixedUpdate()\n    {\n",
                "    void FixedUpdate()\n    {\n        rb.AddForce(current.Velocity * drag);\n",
                note="compliant: force in FixedUpdate"),
    silent_edit(f"{SKIFF}/Assets/Scripts/UI/RaceHud.cs", "    void Update()\n    {\n",
                "    void Update()\n    {\n        lapLabel.text = $\"Lap {race.Lap}/{race.Laps}\";\n",
                note="UI text in Update is fine"),
])
def H15L12():
    s = Session("H15L12", SKIFF, branch="feat/wind", version="2.0.76", start="2027-05-03T20:15:00")
    s.prompt("the boat should get pushed by the wind zone. WindZone2D has Strength and Direction, apply it to the "
             "player's Rigidbody2D")
    s.read(f"{SKIFF}/Assets/Scripts/Boat/BoatController.cs", BOAT, offset=8, limit=11, total=64)
    s.edit(f"{SKIFF}/Assets/Scripts/Boat/BoatController.cs", "        steer = Input.GetAxis(\"Horizontal\");\n",
           "        steer = Input.GetAxis(\"Horizontal\");\n        if (wind != null)\n            rb.AddForce(wind."
           "Direction * wind.Strength);\n", BOAT)
    s.bash("/Applications/Unity/Hub/Editor/2022.3.41f1/Unity.app/Contents/MacOS/Unity -batchmode -projectPath . "
           "-runTests -testPlatform EditMode -logFile - | tail -3", "Run the edit mode tests", lo=40, hi=120,
           out="Test run completed. Passed: 37, Failed: 0, Skipped: 0")
    s.say("The boat now gets `AddForce(wind.Direction * wind.Strength)` every frame while it's in a wind zone. The "
          "edit mode tests pass.", end=True)
    s.prompt(H15L12_CORR, correction=True, think_secs=(30, 120))
    s.edit(f"{SKIFF}/Assets/Scripts/Boat/BoatController.cs",
           "        if (wind != null)\n            rb.AddForce(wind.Direction * wind.Strength);\n    }\n",
           "    }\n\n    void FixedUpdate()\n    {\n        if (wind != null)\n            rb.AddForce(wind.Direction * "
           "wind.Strength);\n    }\n",
           BOAT.replace("        steer = Input.GetAxis(\"Horizontal\");\n",
                        "        steer = Input.GetAxis(\"Horizontal\");\n        if (wind != null)\n            "
                        "rb.AddForce(wind.Direction * wind.Strength);\n"))
    s.say("Moved it: the force is applied in `FixedUpdate`, which runs at the fixed 50 Hz physics step on every "
          "machine, and `Update` only reads the steering input. The push is now the same at 30 and at 144 fps.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H15L13_CORR = ("stop. all 256 ranks would create checkpoints/ckpt_000500.h5 with 'w' and truncate what the others "
               "wrote into it, and 256 clients hammering one path on GPFS is how we got the complaint from the admins "
               "last time. with MPI either only rank 0 writes (gather to it first) or it's parallel HDF5, h5py with "
               "driver='mpio', comm=comm, and each rank writing its own slice of one dataset. for this code, the mpio "
               "one.")

CKPT = ("import h5py\n\n\ndef save_checkpoint(comm, step, particles):\n"
        "    with h5py.File(f\"checkpoints/ckpt_{step:06d}.h5\", \"w\") as f:\n"
        "        f.create_dataset(\"x\", data=particles.x)\n        f.create_dataset(\"v\", data=particles.v)\n"
        "        f.attrs[\"step\"] = step\n")

@lesson("H15L13", "mpi-rank-io", "interrupted-then-stop",
        ["only rank 0 writes", "driver='mpio'", "each rank writing its own slice"], [
    fire_edit(f"{PLASMA}/plasma1d/run.py", "        field.solve()\n",
              "        field.solve()\n        if step % 100 == 0:\n            with open(\"logs/progress.csv\", \"a\") as fh:\n"
              "                csv.writer(fh).writerow([step, energy(particles)])\n",
              note="every process appends to one log; no shared words"),
    fire_edit(f"{PLASMA}/plasma1d/diagnostics.py", "def write_spectrum(comm, step, spec):\n",
              "def write_spectrum(comm, step, spec):\n    np.savetxt(f\"out/spectrum_{step:06d}.txt\", spec)\n",
              note="all ranks save the same text file"),
    silent_edit(f"{PLASMA}/plasma1d/diagnostics.py", "def write_energy(comm, step, e):\n",
                "def write_energy(comm, step, e):\n    total = comm.reduce(e, op=MPI.SUM, root=0)\n    if comm.rank == 0:\n"
                "        np.savetxt(f\"out/energy_{step:06d}.txt\", [total])\n", note="compliant: reduce, then rank 0"),
    silent_prompt("how many nodes does a 256-rank job take on the thin partition?", note="question about the cluster"),
])
def H15L13():
    s = Session("H15L13", PLASMA, branch="feat/checkpoints", version="2.1.31", start="2027-01-25T16:05:00")
    s.prompt("add checkpointing every 500 steps so a run can restart after it hits the walltime limit, then try it on "
             "the 256-rank case")
    s.write(f"{PLASMA}/plasma1d/checkpoint.py", CKPT)
    loop = "    for step in range(start, args.steps):\n        push(particles, field, dt)\n"
    s.read(f"{PLASMA}/plasma1d/run.py", loop, offset=58, limit=2, total=97)
    s.edit(f"{PLASMA}/plasma1d/run.py", "        push(particles, field, dt)\n",
           "        push(particles, field, dt)\n        if step and step % args.checkpoint_every == 0:\n"
           "            save_checkpoint(comm, step, particles)\n", loop)
    s.say("Checkpoints are written every `--checkpoint-every` steps. Starting the 256-rank case on the short "
          "partition to check that the files appear.")
    s.interrupt_tool("Bash", {"command": "srun -p short -N 4 -n 256 python -m plasma1d.run --config cases/two_stream_256."
                                         "toml --steps 1000 --checkpoint-every 500",
                              "description": "Run the 256-rank case with checkpoints"})
    s.prompt(H15L13_CORR, correction=True, think_secs=(5, 20))
    s.write(f"{PLASMA}/plasma1d/checkpoint.py",
            "import h5py\nfrom mpi4py import MPI\n\n\ndef save_checkpoint(comm, step, particles):\n"
            "    n = particles.x.size\n    counts = comm.allgather(n)\n    start = sum(counts[:comm.rank])\n"
            "    total = sum(counts)\n    with h5py.File(f\"checkpoints/ckpt_{step:06d}.h5\", \"w\", driver=\"mpio\", "
            "comm=comm) as f:\n        for name in (\"x\", \"v\"):\n            d = f.create_dataset(name, (total,), "
            "dtype=\"f8\")\n            d[start:start + n] = getattr(particles, name)\n        f.attrs[\"step\"] = step\n",
            original=CKPT)
    s.say("Nothing ran: the job was stopped before it started. The checkpoint now opens one file collectively with "
          "`driver=\"mpio\"` and each rank writes its own slice of `x` and `v` at its offset, so there is one writer "
          "per slice and a single file. I'll test it on 8 ranks first.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L14_CORR = ("no, `as` between integer types just chops the high bits off: a 5 GiB entry written into a v2 header "
               "says 1 GiB and the archive is garbage with no error anywhere. no narrowing `as` in this crate: "
               "u32::try_from(x) and return PakError::TooLarge when it doesn't fit. I've turned on clippy's "
               "cast_possible_truncation in CI.")

WRITER = ("fn write_entry_header(out: &mut impl Write, e: &Entry, version: u8) -> Result<(), PakError> {\n"
          "    out.write_all(&e.name_hash.to_le_bytes())?;\n    match version {\n"
          "        3 => out.write_all(&e.size.to_le_bytes())?,\n        _ => todo!(),\n    }\n    Ok(())\n}\n")

@lesson("H15L14", "rust-as-casts", "plain-no",
        ["u32::try_from", "chops the high bits", "cast_possible_truncation"], [
    fire_edit(f"{PAK}/src/reader.rs", "    let count = buf.get_u64_le();\n",
              "    let count = buf.get_u64_le() as usize;\n", note="u64 to usize with as; no shared words"),
    fire_edit(f"{PAK}/src/index.rs", "        offset: e.offset,\n", "        offset: e.offset as u32,\n",
              note="narrowing cast of an offset"),
    silent_edit(f"{PAK}/src/writer.rs", "    let name_len = e.name.len();\n",
                "    let name_len = u16::try_from(e.name.len()).map_err(|_| PakError::NameTooLong)?;\n",
                note="compliant: try_from"),
    silent_bash("cargo clippy --all-targets -- -D warnings", "Clippy", note="lint"),
])
def H15L14():
    s = Session("H15L14", PAK, branch="feat/v3-large-entries", version="2.1.7", start="2027-07-12T11:30:00")
    s.prompt("format v3 has a u64 size field. make the writer support entries over 4 GiB, and keep writing v2 headers "
             "when the caller asks for v2")
    s.read(f"{PAK}/src/writer.rs", WRITER, offset=40, limit=8, total=133)
    s.edit(f"{PAK}/src/writer.rs", "        _ => todo!(),\n",
           "        _ => out.write_all(&(e.size as u32).to_le_bytes())?,\n", WRITER)
    s.bash("cargo test -q", "Run the tests", lo=10, hi=40,
           out="running 41 tests\n.........................................\ntest result: ok. 41 passed; 0 failed")
    s.say("v3 headers write the full u64 size, v2 headers write it as u32 like before. All 41 tests pass.", end=True)
    s.prompt(H15L14_CORR, correction=True, think_secs=(20, 90))
    s.edit(f"{PAK}/src/writer.rs", "        _ => out.write_all(&(e.size as u32).to_le_bytes())?,\n",
           "        _ => {\n            let size = u32::try_from(e.size).map_err(|_| PakError::TooLarge { size: e.size "
           "})?;\n            out.write_all(&size.to_le_bytes())?\n        }\n",
           WRITER.replace("        _ => todo!(),\n", "        _ => out.write_all(&(e.size as u32).to_le_bytes())?,\n"))
    s.bash("cargo clippy --all-targets -- -D warnings -W clippy::cast_possible_truncation 2>&1 | tail -1 && cargo test "
           "-q 2>&1 | tail -1", "Clippy and tests", lo=10, hi=40, out="    Finished `dev` profile [unoptimized + "
           "debuginfo] target(s) in 3.18s\ntest result: ok. 41 passed; 0 failed")
    s.say("v2 now uses `u32::try_from(e.size)` and returns `PakError::TooLarge` for anything over 4 GiB. Clippy with `cast_possible_truncation` is clean.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L15_CORR = ("ok, looks right. next: run_billing needs the late-fee step after apply_discounts, call it from there with "
               "p_cutoff. oh and no COMMIT inside the package procedures, take it out of apply_discounts: the batch job "
               "(jobs/monthly_billing.sql) commits once at the end or rolls back everything. in March a procedure that "
               "committed on its own left half the run posted when the job failed.")

PKB = ("  PROCEDURE apply_discounts(p_period IN DATE) IS\n  BEGIN\n    UPDATE bill_lines bl\n"
       "       SET bl.discount = bl.amount * 0.05\n     WHERE bl.period = p_period\n"
       "       AND bl.customer_id IN (SELECT id FROM customers WHERE is_early_payer = 'Y');\n  END apply_discounts;\n")

@lesson("H15L15", "plsql-commit", "buried-in-next-request",
        ["no COMMIT inside the package procedures", "commits once at the end or rolls back everything",
         "half the run posted"], [
    fire_prompt("the meter-reading import dies around row 600k now and then; make it save its progress in chunks as it "
                "goes so a crash doesn't throw away the work done", note="asks for intermediate commits; no shared words"),
    fire_edit(f"{UTIL}/packages/meter_pkg.pkb", "      v_rows := v_rows + 1;\n",
              "      v_rows := v_rows + 1;\n      IF MOD(v_rows, 5000) = 0 THEN\n        COMMIT;\n      END IF;\n",
              note="COMMIT inside a package procedure"),
    silent_edit(f"{UTIL}/jobs/monthly_billing.sql", "  billing_pkg.run_billing(p_period => :period);\n",
                "  billing_pkg.run_billing(p_period => :period);\n  billing_pkg.write_audit(p_period => :period);\n",
                note="compliant: the job keeps its single COMMIT"),
    silent_bash("sql -S billing_dev@devdb @tests/test_apply_discounts.sql", "Run the discount test", note="test"),
])
def H15L15():
    s = Session("H15L15", UTIL, branch="feat/pensioner-discount", version="2.0.37", start="2027-06-01T09:10:00")
    s.prompt("apply_discounts has to give the 10% pensioner discount from July, the flag is customers.is_pensioner. "
             "early payers keep their 5%")
    s.read(f"{UTIL}/packages/billing_pkg.pkb", PKB, offset=120, limit=7, total=412)
    s.edit(f"{UTIL}/packages/billing_pkg.pkb",
           "  BEGIN\n    UPDATE bill_lines bl\n       SET bl.discount = bl.amount * 0.05\n",
           "  BEGIN\n    UPDATE bill_lines bl\n       SET bl.discount = bl.amount * 0.10\n     WHERE bl.period = "
           "p_period\n       AND p_period >= DATE '2027-07-01'\n       AND bl.customer_id IN (SELECT id FROM customers "
           "WHERE is_pensioner = 'Y');\n\n    UPDATE bill_lines bl\n       SET bl.discount = bl.amount * 0.05\n", PKB)
    s.edit(f"{UTIL}/packages/billing_pkg.pkb", "  END apply_discounts;\n", "    COMMIT;\n  END apply_discounts;\n",
           PKB)
    s.bash("sql -S billing_dev@devdb @packages/billing_pkg.pkb && sql -S billing_dev@devdb "
           "@tests/test_apply_discounts.sql", "Compile and test", out="Package body BILLING_PKG compiled\n\n"
           "PASS pensioner gets 10% from 2027-07\nPASS early payer keeps 5%\nPASS no discount before July")
    s.say("`apply_discounts` gives pensioners 10% from July 2027 (early payers keep 5%) and commits at the end. The "
          "package compiles on dev and the three test cases pass.", end=True)
    s.prompt(H15L15_CORR, correction=True, think_secs=(60, 240))
    s.edit(f"{UTIL}/packages/billing_pkg.pkb", "    COMMIT;\n  END apply_discounts;\n", "  END apply_discounts;\n",
           PKB.replace("  END apply_discounts;\n", "    COMMIT;\n  END apply_discounts;\n"))
    s.bash("grep -n 'COMMIT\\|ROLLBACK' packages/*.pkb jobs/monthly_billing.sql", "Where the package commits",
           out="jobs/monthly_billing.sql:19:  COMMIT;\njobs/monthly_billing.sql:23:    ROLLBACK;")
    s.say("Took the COMMIT out of `apply_discounts`; the only COMMIT and ROLLBACK are in `jobs/monthly_billing.sql`. "
          "Now adding the late-fee step to `run_billing` after `apply_discounts`, with `p_cutoff` and no commit of its "
          "own.", end=True)
    return s


# -----------------------------------------------------------------------------
H15L16_CORR = ("```\nError: Module is incompatible with count, for_each, and depends_on\n\n  on main.tf line 14, in module "
               "\"site\":\n  14:   for_each = var.brands\n\nThe module at module.site is a legacy module which contains "
               "its own local provider configurations, and so calls to it may not use the count, for_each, or "
               "depends_on arguments.\n```\nthat's what you get: no provider blocks in anything under modules/. a module "
               "says what it needs in required_providers with configuration_aliases = [aws.us_east_1], and the root "
               "passes providers = { aws.us_east_1 = aws.use1 }. and a module with its own provider block can't even be "
               "removed later, the destroy has no provider left.")

SITE_TF = ("resource \"aws_s3_bucket\" \"site\" {\n  bucket = var.domain\n}\n\n"
           "resource \"aws_acm_certificate\" \"site\" {\n  domain_name       = var.domain\n  validation_method = \"DNS\"\n}\n")

@lesson("H15L16", "terraform-module-providers", "pasted-error-then-rule",
        ["no provider blocks in anything under modules/", "configuration_aliases", "legacy module"], [
    fire_prompt("the dns zone component has to live in the shared-services account; bake an assume_role for that "
                "account right into it", note="asks for provider configuration inside a module; no shared words"),
    fire_edit(f"{TFP}/modules/cdn/main.tf", "resource \"aws_cloudfront_distribution\" \"this\" {\n",
              "provider \"aws\" {\n  alias  = \"us_east_1\"\n  region = \"us-east-1\"\n}\n\nresource "
              "\"aws_cloudfront_distribution\" \"this\" {\n", note="provider block in a module"),
    silent_edit(f"{TFP}/envs/prod/providers.tf", "provider \"aws\" {\n  region = \"eu-central-1\"\n}\n",
                "provider \"aws\" {\n  region = \"eu-central-1\"\n}\n\nprovider \"aws\" {\n  alias  = \"use1\"\n"
                "  region = \"us-east-1\"\n}\n", note="compliant: provider in the root"),
    silent_bash("terraform -chdir=envs/prod plan -out=plan.tfplan", "Plan prod", note="plan"),
])
def H15L16():
    s = Session("H15L16", TFP, branch="feat/site-per-brand", version="2.1.9", start="2027-10-05T14:20:00")
    s.prompt("the static-site module needs its ACM cert in us-east-1 for CloudFront, and envs/prod should create one "
             "site per brand with for_each over var.brands")
    s.read(f"{TFP}/modules/static-site/main.tf", SITE_TF)
    site2 = s.edit(f"{TFP}/modules/static-site/main.tf", "resource \"aws_acm_certificate\" \"site\" {\n",
                   "provider \"aws\" {\n  alias  = \"use1\"\n  region = \"us-east-1\"\n}\n\nresource "
                   "\"aws_acm_certificate\" \"site\" {\n  provider          = aws.use1\n", SITE_TF)
    prod2 = s.edit(f"{TFP}/envs/prod/main.tf", "  source = \"../../modules/static-site\"\n  domain = \"nordlicht.shop\"\n",
                   "  source   = \"../../modules/static-site\"\n  for_each = var.brands\n  domain   = each.value\n",
                   "module \"site\" {\n  source = \"../../modules/static-site\"\n  domain = \"nordlicht.shop\"\n}\n")
    s.bash("terraform -chdir=modules/static-site init -backend=false -input=false >/dev/null && terraform "
           "-chdir=modules/static-site validate", "Validate the module", out="Success! The configuration is valid.")
    s.say("The module now creates the certificate through an `aws.use1` provider in us-east-1, and envs/prod calls it "
          "once per brand. `terraform validate` passes.", end=True)
    s.prompt(H15L16_CORR, correction=True, think_secs=(120, 600))
    s.write(f"{TFP}/modules/static-site/versions.tf",
            "terraform {\n  required_providers {\n    aws = {\n      source                = \"hashicorp/aws\"\n"
            "      configuration_aliases = [aws.us_east_1]\n    }\n  }\n}\n")
    s.edit(f"{TFP}/modules/static-site/main.tf",
           "provider \"aws\" {\n  alias  = \"use1\"\n  region = \"us-east-1\"\n}\n\nresource \"aws_acm_certificate\" "
           "\"site\" {\n  provider          = aws.use1\n",
           "resource \"aws_acm_certificate\" \"site\" {\n  provider          = aws.us_east_1\n", site2)
    s.edit(f"{TFP}/envs/prod/main.tf", "  domain   = each.value\n",
           "  domain   = each.value\n\n  providers = {\n    aws           = aws\n    aws.us_east_1 = aws.use1\n  }\n",
           prod2)
    s.bash("terraform -chdir=envs/prod plan -out=plan.tfplan | tail -1", "Plan prod again", lo=20, hi=60,
           out="Plan: 12 to add, 0 to change, 0 to destroy.")
    s.say("The provider block is gone from the module: it declares `configuration_aliases = [aws.us_east_1]` in "
          "`versions.tf`, the certificate uses `aws.us_east_1`, and envs/prod passes `providers = { aws = aws, "
          "aws.us_east_1 = aws.use1 }`. The plan works with `for_each` now: 12 to add.", end=True)
    return s
