"""gen-holdout-16: lessons about code (Snakemake inputs never globbed from files another step still has to make,
LiveView lists that grow go into streams, nothing crosses FPGA clock domains without a synchronizer, ABAP FOR ALL
ENTRIES only with a non-empty driver table, COBOL money arithmetic ROUNDED with ON SIZE ERROR, FHIR writes with
If-Match, MQTT commands never retained, gettext messages are fixed strings with named placeholders)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    lesson,
    silent_bash,
    silent_edit,
)

SMK = "/home/ioana/pipelines/soil-metagenomes"
TOWN = "/home/kwame/src/townhall-chat"
SDR = "/home/hiroshi/fpga/sdr-frontend"
ZSD = "/home/ulrike/abap/zsd-reports"
LOAN = "/home/ramesh/mainframe/loan-accrual"
WARD = "/home/amara/src/ward-allergies"
GREEN = "/home/bjorn/iot/greenhouse-fleet"
FBOOK = "/home/ines/src/ferrybook"


# -----------------------------------------------------------------------------
H16L09_CORR = ("```\n[Tue Mar  9 02:14:55 2027]\nlocalrule checkm_bins:\n    input: \n    output: "
               "results/S07/checkm/summary.tsv\ncheckm lineage_wf: error: no bins found\n```\nthat's what every fresh "
               "sample does. the input function globs when the DAG is built, before metabat has written anything, so "
               "the list is empty. no glob.glob, os.listdir or glob_wildcards over files snakemake itself still has to "
               "make: metabat becomes a `checkpoint`, and the aggregating input function calls "
               "`checkpoints.metabat.get(sample=...)` first.")

SNAKEFILE = ("rule metabat:\n    input: \"results/{sample}/contigs.fa\"\n    output: directory(\"results/{sample}/bins\")\n"
             "    shell: \"metabat2 -i {input} -o {output}/bin\"\n")

@lesson("H16L09", "snakemake-checkpoints", "pasted-error-then-rule",
        ["checkpoint", "when the DAG is built", "checkpoints.metabat.get"], [
    fire_edit(f"{SMK}/rules/amr.smk", "def amr_tables(wc):\n    return []\n",
              "def amr_tables(wc):\n    return sorted(str(p) for p in Path(f\"work/{wc.acc}/contigs\").rglob(\"*.fna\"))\n",
              note="collects another step's outputs from disk at parse time; no shared words"),
    fire_edit(f"{SMK}/Snakefile", "rule gtdbtk:\n    input:\n",
              "rule gtdbtk:\n    input:\n        expand(\"results/{{sample}}/bins/{b}.fa\", "
              "b=glob_wildcards(\"results/S07/bins/{b}.fa\").b),\n",
              note="glob_wildcards over bins that a rule still has to make"),
    silent_edit(f"{SMK}/Snakefile", "def bins_of(wc):\n    return []\n",
                "def bins_of(wc):\n    d = checkpoints.metabat.get(sample=wc.sample).output[0]\n"
                "    return expand(f\"{d}/{{b}}.fa\", b=glob_wildcards(f\"{d}/{{b}}.fa\").b)\n",
                note="compliant: checkpoint first"),
    silent_bash("snakemake -n results/S07/checkm/summary.tsv", "Dry run for one sample", note="dry run"),
])
def H16L09():
    s = Session("H16L09", SMK, branch="feat/checkm", version="2.1.31", start="2027-03-08T17:20:00")
    s.prompt("add CheckM over all MetaBAT bins per sample, and a summary table at the end")
    s.read(f"{SMK}/Snakefile", SNAKEFILE, offset=40, limit=4, total=131)
    s.edit(f"{SMK}/Snakefile", "    shell: \"metabat2 -i {input} -o {output}/bin\"\n",
           "    shell: \"metabat2 -i {input} -o {output}/bin\"\n\nlocalrules: checkm_bins\n\nrule checkm_bins:\n"
           "    input: lambda wc: sorted(glob.glob(f\"results/{wc.sample}/bins/*.fa\"))\n"
           "    output: \"results/{sample}/checkm/summary.tsv\"\n"
           "    shell: \"checkm lineage_wf -x fa $(dirname {input[0]}) results/{wildcards.sample}/checkm/out && "
           "checkm qa -o 2 --tab_table -f {output} ...\"\n", SNAKEFILE)
    s.bash("snakemake -n --quiet rules", "Dry run", out="Job stats:\njob            count\n-----------  -------\n"
           "checkm_bins       12\nmetabat           12\ntotal             24")
    s.bash("sbatch --wrap 'snakemake --profile slurm'", "Submit the run", out="Submitted batch job 4418203")
    s.say("CheckM runs on each sample's bins after MetaBAT; the run is submitted as job 4418203.", end=True)
    s.prompt(H16L09_CORR, correction=True, think_secs=(28000, 36000))
    s.edit(f"{SMK}/Snakefile", "rule metabat:\n", "checkpoint metabat:\n", SNAKEFILE)
    s.say("`metabat` is now a checkpoint, and `checkm_bins` takes its input from a function that calls "
          "`checkpoints.metabat.get(sample=wc.sample)` before listing the bins, so Snakemake re-evaluates it after "
          "binning. No globbing of files the workflow still has to create.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L10_CORR = ("Review from Nadia on #318:\n> `assign(:messages, list_messages(room.id))` keeps every message of "
               "the room in the LiveView process, once per open tab. #general has 48k messages and 600 people in it on "
               "a town hall night, that's the whole history in memory 600 times, and `++` sends the full list again on "
               "every new message. Use streams: `stream(:messages, ...)` with a limit, `phx-update=\"stream\"` on the "
               "container, older pages loaded on scroll with `at: 0`. Nothing that grows with the room goes in plain "
               "assigns.\n\nplease fix before merge")

MOUNT = ("  def mount(%{\"id\" => id}, _session, socket) do\n    room = Chat.get_room!(id)\n"
         "    if connected?(socket), do: Chat.subscribe(room)\n    {:ok, assign(socket, room: room)}\n  end\n")

@lesson("H16L10", "liveview-streams", "pasted-review",
        ["Use streams", "phx-update=\"stream\"", "Nothing that grows with the room goes in plain assigns"], [
    fire_edit(f"{TOWN}/lib/townhall_web/live/alerts_live.ex",
              "  def handle_info({:new_alert, a}, socket) do\n    {:noreply, socket}\n",
              "  def handle_info({:new_alert, a}, socket) do\n    {:noreply, update(socket, :alerts, &[a | &1])}\n",
              note="an ever-growing list kept in the process; no shared words"),
    fire_edit(f"{TOWN}/lib/townhall_web/live/room_live.ex", "    {:ok, assign(socket, room: room)}\n",
              "    {:ok, assign(socket, room: room, members: Chat.list_members(room))}\n",
              note="all members of a room into assigns"),
    silent_edit(f"{TOWN}/lib/townhall_web/live/alerts_live.ex", "    {:ok, socket}\n",
                "    {:ok, stream(socket, :alerts, Inbox.recent(socket.assigns.current_user, limit: 50))}\n",
                note="compliant: stream with a limit"),
    silent_bash("mix test test/townhall_web/live/room_live_test.exs", "Room LiveView tests", note="tests"),
])
def H16L10():
    s = Session("H16L10", TOWN, branch="feat/history", version="2.0.76", start="2027-05-19T11:00:00")
    s.prompt("the room view should show the message history, people want to scroll back")
    s.read(f"{TOWN}/lib/townhall_web/live/room_live.ex", MOUNT, offset=8, limit=5, total=64)
    s.edit(f"{TOWN}/lib/townhall_web/live/room_live.ex", "    {:ok, assign(socket, room: room)}\n",
           "    {:ok, assign(socket, room: room, messages: Chat.list_messages(room.id))}\n", MOUNT)
    s.bash("mix test test/townhall_web/live/room_live_test.exs", "Tests",
           out="......\nFinished in 0.4 seconds (0.1s async, 0.3s sync)\n6 tests, 0 failures")
    s.say("The room loads its full history on mount, and `handle_info({:new_message, m}, ...)` appends with `++`. "
          "Tests pass; pushed to #318.", end=True)
    s.prompt(H16L10_CORR, correction=True, think_secs=(3000, 9000))
    s.edit(f"{TOWN}/lib/townhall_web/live/room_live.ex", "    {:ok, assign(socket, room: room)}\n",
           "    {:ok, socket |> assign(room: room) |> stream(:messages, Chat.latest_messages(room.id, limit: 50))}\n",
           MOUNT)
    s.say("Changed: the room streams its latest 50 messages, new ones go in with `stream_insert`, the list container "
          "has `phx-update=\"stream\"`, and scrolling up loads the next 50 with `at: 0`. Nothing that grows with the "
          "room is kept in assigns any more.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L11_CORR = ("which clock is adc_rx_valid on, and which one is that process on? it comes out of the ADC interface at "
               "245.76 MHz on adc_clk, and you sample it on s_axi_aclk at 100 MHz: a one-cycle strobe gets missed or "
               "counted twice, and the flop can go metastable. nothing crosses between clock domains raw: single bits "
               "through sync_2ff, strobes through pulse_sync, buses through cdc_fifo, and every crossing gets a "
               "set_max_delay -datapath_only in constraints/cdc.xdc.")

REGS = ("  process(s_axi_aclk)\n  begin\n    if rising_edge(s_axi_aclk) then\n"
        "      if s_axi_aresetn = '0' then\n        pkt_count <= (others => '0');\n      end if;\n    end if;\n"
        "  end process;\n")

@lesson("H16L11", "fpga-cdc-synchronizers", "socratic-question",
        ["sync_2ff", "pulse_sync", "cdc_fifo"], [
    fire_edit(f"{SDR}/rtl/tx_dac.vhd", "      if rising_edge(dac_clk) then\n",
              "      if rising_edge(dac_clk) then\n        dac_enable <= ctrl_reg(0);\n        nco_step <= ctrl_reg(31 downto 8);\n",
              note="register-bank bits used straight in another domain; no shared words"),
    fire_edit(f"{SDR}/rtl/regs_axi.vhd", "        status_reg(0) <= '0';\n",
              "        status_reg(0) <= adc_overflow;\n", note="an adc_clk flag read on the AXI clock"),
    silent_edit(f"{SDR}/rtl/regs_axi.vhd", "  -- synchronizers\n",
                "  -- synchronizers\n  u_ovf_sync : entity work.sync_2ff\n    port map (clk => s_axi_aclk, d => "
                "adc_overflow, q => adc_overflow_s);\n", note="compliant: synchronizer"),
    silent_bash("vivado -mode batch -source scripts/report_cdc.tcl -tclargs build/sdr_top.dcp",
                "CDC report", note="check"),
])
def H16L11():
    s = Session("H16L11", SDR, branch="feat/pkt-counter", version="2.1.9", start="2027-01-19T14:10:00")
    s.prompt("count the rx_valid strobes from the ADC interface in the AXI register block so software can read the "
             "packet count")
    s.read(f"{SDR}/rtl/regs_axi.vhd", REGS, offset=120, limit=8, total=244)
    s.edit(f"{SDR}/rtl/regs_axi.vhd", "        pkt_count <= (others => '0');\n      end if;\n",
           "        pkt_count <= (others => '0');\n      elsif adc_rx_valid = '1' then\n"
           "        pkt_count <= pkt_count + 1;\n      end if;\n", REGS)
    s.bash("ghdl -a --std=08 rtl/regs_axi.vhd && ghdl -a --std=08 tb/tb_regs_axi.vhd && ghdl -r --std=08 tb_regs_axi "
           "--stop-time=20us", "Simulate", out="tb_regs_axi.vhd:88:9:@20us:(report note): pkt_count = 400, PASS")
    s.say("`pkt_count` counts `adc_rx_valid` in the register process and is readable at offset 0x24. Simulation "
          "passes.", end=True)
    s.prompt(H16L11_CORR, correction=True, think_secs=(120, 600))
    s.edit(f"{SDR}/rtl/regs_axi.vhd", "      elsif adc_rx_valid = '1' then\n",
           "      elsif rx_valid_axi = '1' then  -- from pulse_sync (adc_clk -> s_axi_aclk)\n",
           REGS.replace("        pkt_count <= (others => '0');\n      end if;\n",
                        "        pkt_count <= (others => '0');\n      elsif adc_rx_valid = '1' then\n"
                        "        pkt_count <= pkt_count + 1;\n      end if;\n"))
    s.say("Right, it was sampled raw across domains. The strobe now goes through `pulse_sync` from adc_clk to "
          "s_axi_aclk, the counter counts the synchronized pulse, and I added the `set_max_delay -datapath_only` for "
          "the crossing to `constraints/cdc.xdc`. Note that strobes closer than a few AXI cycles merge; for the full "
          "rate the count belongs in the adc_clk domain and goes over with `cdc_fifo`.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L12_CORR = ("Please, always before FOR ALL ENTRIES you check that the driver table is not initial. When lt_orders is "
               "empty, the WHERE is ignored completely and the SELECT reads all of VBAP, this is 41 million rows in P01. "
               "We had this in March with the credit limit program, the work process was running 50 minutes and then "
               "dump TSV_TNEW_PAGE_ALLOC_FAILED. Also the Code Inspector is now mandatory before the transport.")

SELITEMS = ("  SELECT vbeln, kunnr FROM vbak\n    WHERE kunnr IN @s_kunnr\n    INTO TABLE @DATA(lt_orders).\n")

@lesson("H16L12", "abap-for-all-entries", "non-native-english",
        ["check that the driver table is not initial", "the WHERE is ignored completely", "FOR ALL ENTRIES"], [
    fire_prompt("the stock aging list should pull plant stock from MARD just for the materials the user picked on the "
                "selection screen", note="a lookup keyed by a list that may be empty; no shared words"),
    fire_edit(f"{ZSD}/src/zsd_delivery_due.prog.abap", "  \" delivery items\n",
              "  \" delivery items\n  SELECT vbeln, posnr, matnr, lfimg FROM lips\n    FOR ALL ENTRIES IN @lt_deliv\n"
              "    WHERE vbeln = @lt_deliv-vbeln\n    INTO TABLE @DATA(lt_lips).\n",
              note="FOR ALL ENTRIES without the emptiness check"),
    silent_edit(f"{ZSD}/src/zmm_stock_aging.prog.abap", "  \" stock\n",
                "  \" stock\n  IF lt_mat IS NOT INITIAL.\n    SELECT matnr, werks, labst FROM mard\n"
                "      FOR ALL ENTRIES IN @lt_mat\n      WHERE matnr = @lt_mat-matnr\n      INTO TABLE @DATA(lt_mard).\n"
                "  ENDIF.\n", note="compliant: guarded"),
    silent_bash("sapcli atc package ZSD_REPORTS --variant ZSD_DEFAULT", "Code Inspector run", note="check"),
])
def H16L12():
    s = Session("H16L12", ZSD, branch="main", version="2.0.37", start="2027-04-22T08:35:00")
    s.prompt("ZSD_OPEN_ITEMS should also show the item texts from VBAP for the orders of the selected customers")
    s.read(f"{ZSD}/src/zsd_open_items.prog.abap", SELITEMS, offset=44, limit=3, total=212)
    s.edit(f"{ZSD}/src/zsd_open_items.prog.abap", "    INTO TABLE @DATA(lt_orders).\n",
           "    INTO TABLE @DATA(lt_orders).\n\n  SELECT vbeln, posnr, arktx FROM vbap\n    FOR ALL ENTRIES IN @lt_orders\n"
           "    WHERE vbeln = @lt_orders-vbeln\n    INTO TABLE @DATA(lt_items).\n", SELITEMS)
    s.bash("sapcli checkin --corrnr D01K912344 src/zsd_open_items.prog.abap", "Check in to D01",
           out="Writing PROG ZSD_OPEN_ITEMS\nActivating 1 object\nActivation successful")
    s.say("The report now reads the item texts (ARKTX) from VBAP for the selected orders and shows them in the item "
          "column. Activated in D01 under D01K912344.", end=True)
    s.prompt(H16L12_CORR, correction=True, think_secs=(600, 2400))
    s.edit(f"{ZSD}/src/zsd_open_items.prog.abap", "    INTO TABLE @DATA(lt_orders).\n",
           "    INTO TABLE @DATA(lt_orders).\n\n  IF lt_orders IS NOT INITIAL.\n    SELECT vbeln, posnr, arktx FROM vbap\n"
           "      FOR ALL ENTRIES IN @lt_orders\n      WHERE vbeln = @lt_orders-vbeln\n      INTO TABLE @DATA(lt_items).\n"
           "  ENDIF.\n", SELITEMS)
    s.bash("sapcli atc package ZSD_REPORTS --variant ZSD_DEFAULT", "Code Inspector",
           out="ZSD_OPEN_ITEMS: 0 errors, 0 warnings")
    s.say("The VBAP read is now inside `IF lt_orders IS NOT INITIAL`, so with no matching orders nothing is read. "
          "Code Inspector is clean. I'll guard every FOR ALL ENTRIES like this.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L13_CORR = ("ok, the numbers match the test file. next: the statement line for the fee goes into STMT0200, same "
               "layout as the interest line. oh and COMPUTE on money always gets ROUNDED and ON SIZE ERROR, the default "
               "truncates: in 2024 the daily interest lost a fraction of a cent per account and audit found 18k "
               "missing over the year.")

FEE = ("       2300-LATE-FEE.\n           IF WS-DAYS-OVERDUE > 30\n"
       "               MOVE ZERO TO WS-LATE-FEE\n           END-IF.\n")

@lesson("H16L13", "cobol-compute-rounding", "buried-in-next-request",
        ["always gets ROUNDED", "ON SIZE ERROR", "the default truncates"], [
    fire_edit(f"{LOAN}/src/ACCR0300.cbl", "           MOVE ZERO TO WS-PRINCIPAL-EUR.\n",
              "           MULTIPLY WS-PRINCIPAL BY WS-FX-RATE GIVING WS-PRINCIPAL-EUR.\n",
              note="currency conversion truncated, no ROUNDED, no size check; no shared words"),
    fire_edit(f"{LOAN}/src/ACCR0500.cbl", "           MOVE ZERO TO WS-PENALTY-AMT.\n",
              "           COMPUTE WS-PENALTY-AMT = WS-BALANCE * WS-PENALTY-PCT / 100.\n",
              note="money COMPUTE without ROUNDED"),
    silent_edit(f"{LOAN}/src/ACCR0300.cbl", "           MOVE ZERO TO WS-INT-DAY.\n",
                "           COMPUTE WS-INT-DAY ROUNDED = WS-BALANCE * WS-RATE / 365\n"
                "               ON SIZE ERROR PERFORM 9100-SIZE-ERROR\n           END-COMPUTE.\n",
                note="compliant"),
    silent_bash("cobc -x -std=ibm -I copy -o bin/ACCR0400 src/ACCR0400.cbl", "Compile", note="build"),
])
def H16L13():
    s = Session("H16L13", LOAN, branch="feat/late-fee", version="1.0.88", start="2027-02-15T10:00:00")
    s.prompt("add the late fee in ACCR0400: 1.5% a month on the overdue balance once it's more than 30 days overdue")
    s.read(f"{LOAN}/src/ACCR0400.cbl", FEE, offset=310, limit=4, total=688)
    s.edit(f"{LOAN}/src/ACCR0400.cbl", "               MOVE ZERO TO WS-LATE-FEE\n",
           "               COMPUTE WS-LATE-FEE = WS-OVERDUE-BAL * 0.015\n", FEE)
    s.bash("cobc -x -std=ibm -I copy -o bin/ACCR0400 src/ACCR0400.cbl && ./bin/ACCR0400 < test/accr-in.dat | "
           "grep -c FEE", "Compile and run the test file", out="27")
    s.say("The fee is computed in 2300-LATE-FEE for accounts over 30 days overdue; 27 of the test accounts get one.",
          end=True)
    s.prompt(H16L13_CORR, correction=True, think_secs=(300, 1200))
    s.edit(f"{LOAN}/src/ACCR0400.cbl", "               MOVE ZERO TO WS-LATE-FEE\n",
           "               COMPUTE WS-LATE-FEE ROUNDED = WS-OVERDUE-BAL * 0.015\n"
           "                   ON SIZE ERROR PERFORM 9100-SIZE-ERROR\n               END-COMPUTE\n", FEE)
    s.say("The fee COMPUTE now has ROUNDED and ON SIZE ERROR (into 9100-SIZE-ERROR). I'll do the same on every money "
          "calculation. Now the fee line in STMT0200.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L14_CORR = ("no, a plain PUT is last-writer-wins: pharmacy edits the same AllergyIntolerance resources, and whatever "
               "they wrote between our GET and our PUT is silently gone (that's how a penicillin reaction note vanished "
               "in May). every write to the FHIR server sends If-Match: W/\"<meta.versionId>\" from the read, and on 412 "
               "we re-read and show the nurse the newer version.")

RESOLVE = ("export async function markResolved(id: string) {\n  const a = await fhir.read(\"AllergyIntolerance\", id);\n"
           "  a.clinicalStatus = status(\"resolved\");\n}\n")

@lesson("H16L14", "fhir-conditional-updates", "plain-no",
        ["If-Match", "meta.versionId", "last-writer-wins"], [
    fire_edit(f"{WARD}/src/api/medStatements.ts", "  ms.status = \"stopped\";\n",
              "  ms.status = \"stopped\";\n  await client.request({ method: \"PUT\", url: `MedicationStatement/${ms.id}`, "
              "body: ms });\n", note="unconditional update of a shared record; one shared word"),
    fire_edit(f"{WARD}/src/api/conditions.ts", "  cond.abatementDateTime = when;\n",
              "  cond.abatementDateTime = when;\n  await fetch(`${base}/Condition/${cond.id}`, { method: \"PUT\", "
              "headers: { \"Content-Type\": \"application/fhir+json\" }, body: JSON.stringify(cond) });\n",
              note="PUT without If-Match"),
    silent_edit(f"{WARD}/src/api/conditions.ts", "  headers: { \"Content-Type\": \"application/fhir+json\" },\n",
                "  headers: { \"Content-Type\": \"application/fhir+json\", \"If-Match\": `W/\"${cond.meta.versionId}\"` },\n",
                note="compliant"),
    silent_bash("npm test -- allergy", "Allergy tests", note="tests"),
])
def H16L14():
    s = Session("H16L14", WARD, branch="feat/resolve-allergy", version="2.1.31", start="2027-07-07T13:25:00")
    s.prompt("when a nurse marks an allergy as resolved, set clinicalStatus to resolved on the AllergyIntolerance in "
             "the FHIR server")
    s.read(f"{WARD}/src/api/allergies.ts", RESOLVE, offset=30, limit=4, total=118)
    s.edit(f"{WARD}/src/api/allergies.ts", "  a.clinicalStatus = status(\"resolved\");\n",
           "  a.clinicalStatus = status(\"resolved\");\n  await fhir.update(a); // PUT AllergyIntolerance/{id}\n",
           RESOLVE)
    s.bash("npm test -- allergy", "Tests", out="PASS src/api/allergies.test.ts\nTests: 9 passed, 9 total")
    s.say("Resolving reads the AllergyIntolerance, sets clinicalStatus to resolved and PUTs it back. Tests pass.",
          end=True)
    s.prompt(H16L14_CORR, correction=True, think_secs=(60, 300))
    s.edit(f"{WARD}/src/api/allergies.ts", "  a.clinicalStatus = status(\"resolved\");\n",
           "  a.clinicalStatus = status(\"resolved\");\n  try {\n    await fhir.update(a, { ifMatch: "
           "`W/\"${a.meta.versionId}\"` });\n  } catch (e) {\n    if (isPreconditionFailed(e)) throw new "
           "StaleVersion(await fhir.read(\"AllergyIntolerance\", id));\n    throw e;\n  }\n", RESOLVE)
    s.say("The update now sends `If-Match: W/\"<versionId>\"` from the read; a 412 throws `StaleVersion` with the "
          "re-read resource so the UI can show the nurse what changed. I'll do the same on every FHIR write.",
          end=True)
    return s


# -----------------------------------------------------------------------------
H16L15_CORR = ("great, and now every controller that reconnects until the end of time is told to reboot again. gh2's "
               "controllers have been boot-looping on staging since 14:00 because their Wi-Fi keeps dropping. retain "
               "is for state (gh/+/state/...), never for commands: cmd/ topics go out with retain=False, QoS 1, and a "
               "command id plus expiry in the payload so a late one gets ignored. I cleared it with an empty retained "
               "message.")

CMD = ("def reboot_house(client, house: str) -> None:\n    pass\n")

@lesson("H16L15", "mqtt-retained-commands", "sarcasm",
        ["never for commands", "retain=False", "command id plus expiry"], [
    fire_bash("mosquitto_pub -h mqtt.gh.local -t 'gh/gh4/fan/2/set' -m on -r",
              "Switch fan 2 in greenhouse 4 on", note="a control message held by the server; no shared words"),
    fire_edit(f"{GREEN}/fleet/firmware.py", "    topic = f\"gh/{house}/cmd/ota\"\n",
              "    topic = f\"gh/{house}/cmd/ota\"\n    client.publish(topic, json.dumps({\"url\": url}), qos=1, retain=True)\n",
              note="retained command"),
    silent_edit(f"{GREEN}/fleet/state.py", "    topic = f\"gh/{house}/state/setpoint\"\n",
                "    topic = f\"gh/{house}/state/setpoint\"\n    client.publish(topic, json.dumps(sp), qos=1, retain=True)\n",
                note="compliant: retained state"),
    silent_bash("mosquitto_sub -h mqtt.gh.local -t 'gh/+/state/#' -v -C 20", "Watch state topics", note="read-only"),
])
def H16L15():
    s = Session("H16L15", GREEN, branch="feat/reboot-button", version="2.0.76", start="2027-08-30T11:40:00")
    s.prompt("the ops dashboard needs a 'reboot all controllers in a greenhouse' button, backend side")
    s.read(f"{GREEN}/fleet/commands.py", CMD, offset=12, limit=2, total=80)
    s.edit(f"{GREEN}/fleet/commands.py", "    pass\n",
           "    client.publish(f\"gh/{house}/cmd/reboot\", \"1\", qos=1, retain=True)\n", CMD)
    s.bash("python -m fleet.cli reboot --house gh2 --env staging", "Try it on staging",
           out="published gh/gh2/cmd/reboot (qos=1, retain=True)")
    s.say("`reboot_house` publishes to `gh/<house>/cmd/reboot`, retained so controllers that are offline get it when "
          "they reconnect. Tried on staging for gh2.", end=True)
    s.prompt(H16L15_CORR, correction=True, think_secs=(900, 2400))
    s.edit(f"{GREEN}/fleet/commands.py", "    pass\n",
           "    payload = {\"id\": str(uuid4()), \"cmd\": \"reboot\", \"expires\": int(time()) + 60}\n"
           "    client.publish(f\"gh/{house}/cmd/reboot\", json.dumps(payload), qos=1, retain=False)\n", CMD)
    s.say("Fixed: reboot is published with retain=False and QoS 1, and the payload carries an id and an expiry 60 s "
          "out, so a controller that comes back later ignores it. Sorry about gh2.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L16_CORR = ("Actually, the text inside _() has to be a fixed string. makemessages can't extract an f-string, and at "
               "runtime the formatted text never matches a msgid, so everyone sees English. placeholders go in as "
               "named %(name)s placeholders and are filled in after translation: _(\"Your crossing to %(island)s on "
               "%(date)s is confirmed\") % {...}. the same for gettext_lazy, ngettext and blocktranslate in templates.")

CONF = ("def confirmation_message(booking):\n    date = formats.date_format(booking.departs, \"DATE_FORMAT\")\n"
        "    return \"\"\n")

@lesson("H16L16", "gettext-fstrings", "actually-polite",
        ["has to be a fixed string", "named %(name)s placeholders", "filled in after translation"], [
    fire_edit(f"{FBOOK}/ferrybook/tickets/emails.py", "    subject = \"\"\n",
              "    subject = gettext(\"Refund of \" + str(refund.amount) + \" NOK issued\")\n",
              note="a message built by concatenation inside gettext; one shared word"),
    fire_edit(f"{FBOOK}/ferrybook/seats/views.py", "    label = \"\"\n",
              "    label = _(f\"Deck {deck.number}, {free} seats left\")\n", note="f-string inside _()"),
    silent_edit(f"{FBOOK}/ferrybook/seats/views.py", "    label = \"\"\n",
                "    label = ngettext(\"%(count)d seat left\", \"%(count)d seats left\", free) % {\"count\": free}\n",
                note="compliant"),
    silent_bash("python manage.py makemessages -l nb -l de && python manage.py compilemessages",
                "Update the catalogues", note="extract and compile"),
])
def H16L16():
    s = Session("H16L16", FBOOK, branch="feat/confirm-i18n", version="2.1.9", start="2027-04-28T09:05:00")
    s.prompt("the booking confirmation needs \"Your crossing to {island} on {date} is confirmed\" translated, we have "
             "nb and de")
    s.read(f"{FBOOK}/ferrybook/bookings/messages.py", CONF, offset=20, limit=3, total=46)
    s.edit(f"{FBOOK}/ferrybook/bookings/messages.py", "    return \"\"\n",
           "    return _(f\"Your crossing to {booking.route.island} on {date} is confirmed\")\n", CONF)
    s.say("The confirmation text is wrapped in `_()`. Next I'll run makemessages and add the nb and de strings.",
          end=True)
    s.prompt(H16L16_CORR, correction=True, think_secs=(30, 120))
    s.edit(f"{FBOOK}/ferrybook/bookings/messages.py", "    return \"\"\n",
           "    return _(\"Your crossing to %(island)s on %(date)s is confirmed\") % {\n"
           "        \"island\": booking.route.island, \"date\": date}\n", CONF)
    s.bash("python manage.py makemessages -l nb -l de", "Extract", out="processing locale nb\nprocessing locale de")
    s.say("The msgid is now the fixed string with `%(island)s` and `%(date)s`, filled in after translation, and it is "
          "in both catalogues for the translators.", end=True)
    return s
