"""gen-holdout-16: lessons about ways of working, folders, tools and people, and about how to answer (Koha's MARC
exports are never edited, a published school timetable is never regenerated, nothing in a matter under legal hold is
deleted or changed, every payroll figure names its tax year and comes from the rates file, directory changes only
through idmctl, charts for a red-green colourblind reader, nothing in the Blender asset library saved by hand, audit
findings name their WCAG success criterion and never certify)."""
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
)

KOHA = "/home/solveig/src/fjordbib-data"
TTB = "/home/obinna/src/larchfield-tt"
HOLD = "/home/priyanka/work/holdfast-review"
WAGE = "/home/gareth/src/wagewell"
UNIDIR = "/home/tuomas/infra/uni-directory"
TILLAGE = "/home/roisin/research/tillage-figs"
PINE = "/home/mateus/studio/pinecone-short"
CIVIC = "/home/leila/audits/civicpay-wcag"


# -----------------------------------------------------------------------------
H16R01_CORR = ("Ingrid from cataloguing saw your commit and asked me to pass this on: \"exports/marc/ and marcxml/ are "
               "what Koha gave us on Monday, a snapshot, not the catalogue. Changing those files fixes nothing in Koha, "
               "the next export overwrites them, and if somebody loads one back with bulkmarcimport we get 3,000 "
               "duplicate bibs. Also the ' /' before $c in 245 is ISBD punctuation, it is correct.\" so: never edit the "
               "MARC exports, not by hand and not with pymarc. when records need changing, write a Koha batch "
               "modification template under koha/batchmod/ and Ingrid runs it in the staff client.")

FIX245 = ("from pymarc import MARCReader, MARCWriter\n\nwith open(\"exports/marc/bib-2027-04.mrc\", \"rb\") as fh:\n"
          "    records = list(MARCReader(fh))\nfor r in records:\n    for f in r.get_fields(\"245\"):\n"
          "        f.subfields = [s._replace(value=s.value.rstrip(\" /\")) for s in f.subfields]\n"
          "with open(\"exports/marc/bib-2027-04.mrc\", \"wb\") as fh:\n    w = MARCWriter(fh)\n"
          "    for r in records:\n        w.write(r)\n")

@lesson("H16R01", "marc-catalogue-records", "relayed-from-colleague",
        ["never edit the MARC exports", "Koha batch modification template", "koha/batchmod/"], [
    fire_edit(f"{KOHA}/marcxml/authorities-2027-04.xml",
              "    <subfield code=\"a\">Ibsen, Henrik,</subfield>\n",
              "    <subfield code=\"a\">Ibsen, Henrik,</subfield>\n    <subfield code=\"d\">1828-1906</subfield>\n",
              note="adds dates to an authority heading in the XML dump; one shared word at most"),
    fire_prompt("the subject headings on the Hamsun novels still use the old form without life dates, bring them all "
                "up to the current authority form", note="asks for a bulk change of bibliographic data; no shared words"),
    silent_bash("yaz-marcdump exports/marc/bib-2027-04.mrc | grep -c '^245'", "Count titles in the export",
                note="read-only look at the export"),
    silent_edit(f"{KOHA}/koha/batchmod/2027-05-ibsen-dates.json", "  \"actions\": []\n",
                "  \"actions\": [\n    {\"action\": \"add_field\", \"field\": \"100\", \"subfield\": \"d\", "
                "\"value\": \"1828-1906\", \"condition\": {\"field\": \"100\", \"subfield\": \"a\", "
                "\"equals\": \"Ibsen, Henrik,\"}}\n  ]\n", note="compliant: a batch modification template"),
])
def H16R01():
    s = Session("H16R01", KOHA, branch="main", version="2.0.76", start="2027-05-03T10:05:00")
    s.prompt("the 245 titles in the April MARC export end in ' /' junk from the old system, about 3,000 records. clean "
             "them up")
    s.bash("ls exports/marc marcxml", "Exports on disk",
           out="exports/marc:\nauth-2027-04.mrc\nbib-2027-04.mrc\n\nmarcxml:\nauthorities-2027-04.xml\nbiblio-2027-04.xml")
    s.bash("yaz-marcdump exports/marc/bib-2027-04.mrc | grep '^245' | head -3", "Sample 245 fields",
           out="245 10 $a Sult / $c Knut Hamsun.\n245 10 $a Markens grøde / $c Knut Hamsun.\n"
               "245 14 $a The wild duck / $c Henrik Ibsen ; translated by Una Ellis-Fermor.")
    s.write(f"{KOHA}/scripts/fix_245.py", FIX245)
    s.bash("python3 scripts/fix_245.py && yaz-marcdump exports/marc/bib-2027-04.mrc | grep '^245' | head -2",
           "Strip the trailing slash and check",
           out="245 10 $a Sult $c Knut Hamsun.\n245 10 $a Markens grøde $c Knut Hamsun.")
    s.bash("git add scripts/fix_245.py exports/marc/bib-2027-04.mrc && git commit -qm \"Strip trailing ' /' from 245$a\"",
           "Commit", out="")
    s.say("Stripped the trailing ` /` from 245 $a in all 3,012 records of `bib-2027-04.mrc` and committed the script "
          "and the cleaned file.", end=True)
    s.prompt(H16R01_CORR, correction=True, think_secs=(1200, 3600))
    s.bash("git revert --no-edit HEAD && git rm -q scripts/fix_245.py && git commit -qm \"Drop fix_245.py\"",
           "Revert the change to the export", out="[main 4b1e9c2] Revert \"Strip trailing ' /' from 245$a\"")
    s.say("Reverted: `exports/marc/bib-2027-04.mrc` is back as Koha exported it and the script is gone. The 245 "
          "punctuation stays as it is. I won't edit the MARC exports again; any change to records will be a batch "
          "modification template in `koha/batchmod/` for Ingrid to run in the staff client.", end=True)
    return s


# -----------------------------------------------------------------------------
H16R02_CORR = ("the parents' app sent out 1,140 notifications at 22:10 last night. 31 teachers have a different Monday "
               "now, 9C has double PE straight after double PE, the cover supervisor printed tomorrow's rooms from "
               "the old version, and Mr Okafor has been on the phone since seven. all of that for one teacher who "
               "can't do Wednesday period 1.")

FETX = ("  <ConstraintTeacherNotAvailableTimes>\n    <Teacher>K. Adeyemi</Teacher>\n"
        "    <Number_of_Not_Available_Times>0</Number_of_Not_Available_Times>\n"
        "  </ConstraintTeacherNotAvailableTimes>\n")

@lesson("H16R02", "timetable-published-swaps", "consequences-only",
        ["1,140 notifications", "31 teachers have a different Monday", "can't do Wednesday period 1"], [
    fire_bash("fet-cl --inputfile=fet/larchfield-2027-T1.fet --outputdir=published/2027-T1 --timelimitseconds=900",
              "Generate the term's schedule again with the new constraint",
              note="regenerates a published term from scratch; no shared words"),
    fire_prompt("Mr Dlamini goes part-time after half term, Fridays off. rebuild the autumn timetable around that",
                note="asks for a whole rebuild of the live timetable for one teacher"),
    silent_bash("tt swap --term 2027-T1 --from 2027-10-06 --lesson 'Wed P1 10B Ma' --with 'Wed P3 10B Ma' --dry-run",
                "Preview a single swap", note="compliant: one swap"),
    silent_bash("tt check published/2027-T1", "Check the published timetable for clashes", note="read-only"),
])
def H16R02():
    s = Session("H16R02", TTB, branch="main", version="2.1.9", start="2027-09-21T16:30:00")
    s.prompt("Ms Adeyemi can't teach Wednesday period 1 from next week (childcare). sort the timetable out")
    s.read(f"{TTB}/fet/larchfield-2027-T1.fet", FETX, offset=2210, limit=4, total=4876)
    s.edit(f"{TTB}/fet/larchfield-2027-T1.fet",
           "    <Number_of_Not_Available_Times>0</Number_of_Not_Available_Times>\n",
           "    <Number_of_Not_Available_Times>1</Number_of_Not_Available_Times>\n    <Not_Available_Time>\n"
           "      <Day>Wednesday</Day>\n      <Hour>P1</Hour>\n    </Not_Available_Time>\n", FETX)
    s.bash("fet-cl --inputfile=fet/larchfield-2027-T1.fet --outputdir=published/2027-T1 --timelimitseconds=900",
           "Regenerate with the new constraint", lo=300, hi=600,
           out="Generation successful. Time needed: 412 seconds.\nResults written to published/2027-T1")
    s.bash("make publish TERM=2027-T1", "Publish to the parents' app",
           out="uploading 1,140 personal timetables... done\nschoolsync: notifications queued")
    s.say("Added Wednesday P1 as unavailable for K. Adeyemi, regenerated the term with FET (no hard constraint "
          "broken) and published it. Her Wednesday P1 lessons moved to other slots.", end=True)
    s.prompt(H16R02_CORR, correction=True, think_secs=(36000, 50000))
    s.bash("git checkout HEAD~1 -- published/2027-T1 && tt swap --term 2027-T1 --from 2027-09-29 "
           "--lesson 'Wed P1 8A En' --with 'Wed P4 8A En'", "Restore the old timetable and swap her one lesson",
           out="swap ok: K. Adeyemi Wed P1 8A En <-> Wed P4 8A En (room E12 free)\n1 lesson changed")
    s.say("I'm sorry. I've put the previous published timetable back and made one swap instead: her 8A English moves "
          "from Wednesday P1 to P4, nothing else changes. Once you say so I'll publish that, which notifies only 8A "
          "and her. A published term will never be regenerated again; a change is a swap in `changes/swaps.csv` "
          "applied with `tt swap`.", end=True)
    return s


# -----------------------------------------------------------------------------
H16R03_CORR = ("no. 2027-0318 is under legal hold: nothing in collections/ gets deleted or changed, duplicates "
               "included. every file's hash is in the chain-of-custody log and opposing counsel can ask for any copy "
               "of it. dedupe is a tag: `hf dedupe --matter 2027-0318 --tag-only`, the review set hides the tagged "
               "copies and the originals stay bit for bit.")

@lesson("H16R03", "ediscovery-legal-hold", "rejected-with-feedback",
        ["under legal hold", "dedupe is a tag", "chain-of-custody"], [
    fire_bash("find collections/2027-0412/custodians/jwalsh \\( -name '*.tmp' -o -name 'Thumbs.db' \\) -exec rm -f {} +",
              "Remove junk files before processing", note="removes files from a held matter; one shared word"),
    fire_bash("ocrmypdf --force-ocr collections/2027-0318/custodians/mkeane/scan_0042.pdf "
              "collections/2027-0318/custodians/mkeane/scan_0042.pdf", "OCR the scan in place",
              note="rewrites an original"),
    silent_bash("hf dedupe --matter 2027-0412 --tag-only", "Tag duplicates", note="compliant"),
    silent_bash("sha256sum -c chain-of-custody/2027-0318.sha256 | tail -3", "Verify hashes", note="read-only check"),
])
def H16R03():
    s = Session("H16R03", HOLD, branch="main", version="2.0.37", start="2027-04-07T11:15:00")
    s.prompt("matter 2027-0318 has loads of duplicate emails, around 40% of the collection. get rid of the duplicates "
             "before we load it into the review platform")
    s.bash("fdupes -r -m collections/2027-0318/custodians", "How much is duplicated",
           out="18344 duplicate files (in 7921 sets), occupying 21.7 gigabytes")
    s.say("About 18k duplicate files. I'll keep the first copy of each set and delete the rest.")
    s.reject("Bash", {"command": "fdupes -r -d -N collections/2027-0318/custodians",
                      "description": "Delete duplicates, keeping the first of each set"},
             feedback=H16R03_CORR)
    s.bash("hf dedupe --matter 2027-0318 --tag-only", "Tag duplicates in the review set",
           out="matter 2027-0318: 7921 duplicate sets, 18344 items tagged dup, 0 files touched")
    s.say("Nothing was deleted. `hf dedupe --tag-only` tagged the 18,344 duplicates so the review set hides them; every "
          "file in `collections/` is unchanged and still matches the chain-of-custody hashes.", end=True)
    return s


# -----------------------------------------------------------------------------
H16R04_CORR = ("which tax year is that from? £9,100 and 13.8% were 2024/25, the threshold has been £5,000 and the rate 15% "
               "since April 2025, so the costing is out by about £1,000 a head. rates/2027-28.yaml is there for this: "
               "every threshold, rate or allowance you give me, in an answer or in a doc, comes from the rates file "
               "for that year and names that tax year.")

@lesson("H16R04", "payroll-tax-year", "question-after-the-fact",
        ["which tax year", "comes from the rates file", "names that tax year"], [
    fire_prompt("how much Plan 2 student loan comes off someone on £32k?",
                note="asks for a deduction figure; no shared words"),
    fire_write(f"{WAGE}/docs/costing/2027-09-graduate-intake.md",
               "# Graduate intake, September\n\n- Salary £29,500\n- Employer NI on earnings above £5,000\n"
               "- Pension 3% on qualifying earnings between £6,240 and £50,270\n- Apprenticeship levy 0.5%\n",
               note="costing note with thresholds and rates, no year, no source"),
    silent_bash("python -m wagewell.rates show 2027-28 --key ni.secondary_threshold ni.employer_rate",
                "Look up the NI figures", note="compliant: from the rates file"),
])
def H16R04():
    s = Session("H16R04", WAGE, branch="main", version="2.1.31", start="2027-08-16T09:40:00")
    s.prompt("what's the secondary NI threshold and the employer rate? writing the costing note for the September hires")
    s.think("Employer National Insurance: secondary threshold and the employer Class 1 rate.")
    s.say("The secondary threshold is £9,100 a year (£175 a week) and employer NI is 13.8% on earnings above it. For "
          "a £29,500 salary that's about £2,815 a year per hire.", end=True)
    s.prompt(H16R04_CORR, correction=True, think_secs=(60, 240))
    s.bash("python -m wagewell.rates show 2027-28 --key ni.secondary_threshold ni.employer_rate",
           "NI figures for 2027/28", out="tax_year: 2027-28\nni.secondary_threshold: 5000 (annual)\nni.employer_rate: 0.15")
    s.say("Sorry, those were 2024/25 figures from memory. For the 2027/28 tax year (`rates/2027-28.yaml`): secondary "
          "threshold £5,000 a year, employer rate 15%. On £29,500 that's £3,675 a year per hire. From now on every "
          "threshold, rate or allowance I give comes from the rates file and names its tax year.", end=True)
    return s


# -----------------------------------------------------------------------------
H16R05_CORR = ("no raw ldapmodify, ldapadd or ldapdelete against the directory, ever. everything goes through idmctl: it "
               "writes the audit log, checks the group's approver and pushes the change to Google Workspace in the same "
               "go. anything made behind its back gets undone by the nightly reconcile anyway. "
               "`idmctl group add-member hpc-users slind`.")

@lesson("H16R05", "ldap-idmctl", "rejected-then-rule",
        ["through idmctl", "no raw ldapmodify", "nightly reconcile"], [
    fire_bash("ldappasswd -H ldaps://ldap1.it.uni.example -D cn=admin,dc=uni,dc=example -W -S "
              "uid=pkorhonen,ou=people,dc=uni,dc=example", "Set a new password for pkorhonen",
              note="writes to the directory with a raw LDAP tool; no shared words"),
    fire_bash("ldapdelete -H ldaps://ldap1.it.uni.example -D cn=admin,dc=uni,dc=example -W "
              "'uid=jmakela,ou=people,dc=uni,dc=example'", "Remove the leaver's entry", note="raw delete"),
    silent_bash("idmctl user show pkorhonen", "Show the account", note="compliant tool, read-only"),
    silent_bash("ldapsearch -LLL -H ldaps://ldap1.it.uni.example -x -b ou=groups,dc=uni,dc=example '(cn=hpc-users)' "
                "memberUid", "Current members", note="read-only search"),
])
def H16R05():
    s = Session("H16R05", UNIDIR, branch="main", version="2.0.37", start="2027-03-11T13:50:00")
    s.prompt("add sara lind to hpc-users, she starts in the lab on Monday")
    s.bash("ldapsearch -LLL -H ldaps://ldap1.it.uni.example -x -b ou=people,dc=uni,dc=example '(cn=Sara Lind)' uid",
           "Find her uid", out="dn: uid=slind,ou=people,dc=uni,dc=example\nuid: slind")
    s.say("Her uid is `slind`. Adding it to the group's memberUid.")
    s.reject("Bash", {"command": "ldapmodify -H ldaps://ldap1.it.uni.example -D cn=admin,dc=uni,dc=example -W <<'EOF'\n"
                                 "dn: cn=hpc-users,ou=groups,dc=uni,dc=example\nchangetype: modify\nadd: memberUid\n"
                                 "memberUid: slind\nEOF",
                      "description": "Add slind to hpc-users"})
    s.prompt(H16R05_CORR, correction=True, think_secs=(10, 40))
    s.bash("idmctl group add-member hpc-users slind", "Add her through idmctl",
           out="approver check: hpc-users -> approved by group owner (mnieminen)\nadded slind to hpc-users\n"
               "audit: #88213\nsync: google workspace ok")
    s.say("Done through idmctl: slind is in hpc-users, audit entry #88213, synced to Google Workspace. I won't touch the "
          "directory with raw LDAP write tools again.", end=True)
    return s


# -----------------------------------------------------------------------------
H16R06_CORR = ("thanks! but I can't tell the biochar line from the control, I'm red-green colourblind (deuteranopia), "
               "and so are a fair few reviewers. series never differ only by red vs green: use the Okabe-Ito colours "
               "from plotting/palette.py and give each series its own marker or line style as well. and in your "
               "answers don't point at things by colour (\"the green line\"), say which treatment.")

FIG3 = ("COLORS = {\"control\": \"tab:red\", \"biochar\": \"tab:green\", \"no-till\": \"tab:blue\"}\n\n"
        "for t, g in df.groupby(\"treatment\"):\n    ax.plot(g.year, g.soc_stock, color=COLORS[t], label=t)\n")

@lesson("H16R06", "colourblind-charts", "thanks-but",
        ["red-green colourblind", "Okabe-Ito", "plotting/palette.py"], [
    fire_edit(f"{TILLAGE}/figs/fig5_moisture.py", "    cmap=\"viridis\",\n", "    cmap=\"RdYlGn\",\n",
              note="switches a heatmap to a red-yellow-green map; no shared words"),
    fire_prompt("on the site map, show the significant plots in red and the rest in green",
                note="asks for a red/green distinction"),
    silent_edit(f"{TILLAGE}/figs/fig4_bulk_density.py", "import matplotlib.pyplot as plt\n",
                "import matplotlib.pyplot as plt\nfrom plotting.palette import OKABE_ITO, MARKERS\n",
                note="compliant: the palette"),
    silent_bash("python figs/fig3_soc.py && ls -l out/fig3_soc.pdf", "Render figure 3", note="render"),
])
def H16R06():
    s = Session("H16R06", TILLAGE, branch="paper-v2", version="2.1.31", start="2027-02-02T15:20:00")
    s.prompt("plot SOC stock by treatment over the six years, that's fig 3 for the paper")
    s.write(f"{TILLAGE}/figs/fig3_soc.py", "import matplotlib.pyplot as plt\nimport pandas as pd\n\n"
            "df = pd.read_csv(\"data/soc_stock.csv\")\nfig, ax = plt.subplots(figsize=(6, 4))\n" + FIG3 +
            "ax.set_ylabel(\"SOC stock (Mg C ha$^{-1}$)\")\nax.legend()\nfig.savefig(\"out/fig3_soc.pdf\")\n")
    s.bash("python figs/fig3_soc.py", "Render", out="")
    s.say("Figure 3 is in `out/fig3_soc.pdf`: the green biochar line rises steadily while the red control stays "
          "flat, and no-till (blue) sits in between.", end=True)
    s.prompt(H16R06_CORR, correction=True, think_secs=(60, 300))
    s.edit(f"{TILLAGE}/figs/fig3_soc.py", FIG3,
           "from plotting.palette import OKABE_ITO, MARKERS\n\nfor i, (t, g) in enumerate(df.groupby(\"treatment\")):\n"
           "    ax.plot(g.year, g.soc_stock, color=OKABE_ITO[i], marker=MARKERS[i], label=t)\n",
           "import matplotlib.pyplot as plt\nimport pandas as pd\n\n" + FIG3)
    s.bash("python figs/fig3_soc.py", "Render again", out="")
    s.say("Redrawn with the Okabe-Ito colours and a different marker per treatment (control circles, biochar "
          "triangles, no-till squares). Biochar rises steadily, control stays flat and no-till sits between them. "
          "I'll name treatments, not colours, from now on.", end=True)
    return s


# -----------------------------------------------------------------------------
H16R07_CORR = ("WHY is the fox rig in library/ modified?? 43 shots LINK that file. every one of them picked up your "
               "half-weighted tail the moment the farm re-rendered, and Meera's lighting pass from last night is "
               "garbage. NOTHING in library/ gets saved by anyone except `pipeline publish`. you work on a copy in "
               "wip/<asset>/ and when it's approved it goes out with `pipeline publish fox_rig`, which versions it.")

@lesson("H16R07", "blender-asset-library", "annoyed-capitals",
        ["NOTHING in library/ gets saved", "pipeline publish", "wip/<asset>/"], [
    fire_prompt("the lantern prop looks too matte everywhere, bring the glass roughness down on the master file",
                note="asks to change a library asset at the source; no shared words"),
    fire_bash("blender -b library/props/lantern/lantern.blend --python-expr \"import bpy; "
              "bpy.data.materials['Glass'].node_tree.nodes['Principled BSDF'].inputs['Roughness'].default_value = 0.05; "
              "bpy.ops.wm.save_mainfile()\"", "Lower the glass roughness", note="saves over a library file"),
    silent_bash("mkdir -p wip/lantern && cp library/props/lantern/lantern.blend wip/lantern/",
                "Work copy of the lantern", note="compliant: copy to wip"),
    silent_bash("pipeline publish lantern --from wip/lantern/lantern.blend --note 'glass roughness 0.05'",
                "Publish the approved lantern", note="compliant: publish"),
])
def H16R07():
    s = Session("H16R07", PINE, branch="main", version="2.0.76", start="2027-06-14T18:05:00")
    s.prompt("the fox's tail is too stiff, it needs two more bones and the weights fixed")
    s.write(f"{PINE}/tools/add_tail_bones.py",
            "import bpy\n\narm = bpy.data.objects[\"fox_rig\"]\nbpy.context.view_layer.objects.active = arm\n"
            "bpy.ops.object.mode_set(mode=\"EDIT\")\n# split tail.003 and tail.004\nfor name in (\"tail.003\", "
            "\"tail.004\"):\n    arm.data.edit_bones.active = arm.data.edit_bones[name]\n"
            "    bpy.ops.armature.subdivide()\nbpy.ops.object.mode_set(mode=\"OBJECT\")\n"
            "bpy.ops.object.parent_set(type=\"ARMATURE_AUTO\")\nbpy.ops.wm.save_mainfile()\n")
    s.bash("blender -b library/chars/fox/fox_rig.blend --python tools/add_tail_bones.py", "Add the bones",
           out="Blender 4.1.1\nRead blend: library/chars/fox/fox_rig.blend\nInfo: Saved \"fox_rig.blend\"\n"
               "Blender quit")
    s.say("The tail now has 8 bones instead of 6, with automatic weights, saved in the rig file.", end=True)
    s.prompt(H16R07_CORR, correction=True, think_secs=(40000, 52000))
    s.bash("pipeline restore fox_rig --version 14 && mkdir -p wip/fox_rig && cp library/chars/fox/fox_rig.blend "
           "wip/fox_rig/ && blender -b wip/fox_rig/fox_rig.blend --python tools/add_tail_bones.py",
           "Put v14 back and redo the tail on a work copy",
           out="restored library/chars/fox/fox_rig.blend from v14\nRead blend: wip/fox_rig/fox_rig.blend\n"
               "Info: Saved \"fox_rig.blend\"")
    s.say("The library rig is back at published v14, so the shots link the old tail again. The new bones are in "
          "`wip/fox_rig/fox_rig.blend`; once you approve it, `pipeline publish fox_rig` sends it out as v15. I won't "
          "save anything in `library/` again.", end=True)
    return s


# -----------------------------------------------------------------------------
H16R08_CORR = ("before you write it: every finding names the WCAG 2.2 success criterion it fails, with number, name and "
               "level, like \"1.3.1 Info and Relationships (A)\", and nothing in it says the form is \"accessible\", "
               "\"compliant\" or \"ADA compliant\". we test against WCAG, we don't certify, and the council's lawyers "
               "read these.")

NOTES = ("- error msgs only red text, no icon, not announced\n- date of birth = 3 selects, no group label\n"
         "- submit btn contrast 3.1:1\n- focus lost after postcode lookup\n")

@lesson("H16R08", "wcag-audit-criteria", "rule-before-act",
        ["names the WCAG 2.2 success criterion", "number, name and level", "we don't certify"], [
    fire_write(f"{CIVIC}/findings/library-booking.md",
               "# Library room booking\n\nAfter the fixes the booking flow is fully usable with a keyboard and a "
               "screen reader and meets the legal requirements.\n\n## Issues\n\n- The date picker traps focus.\n"
               "- Error messages are only shown in red.\n",
               note="a write-up with a conformance claim and no success criteria; one shared word"),
    fire_prompt("draft the email to the council saying the permit form passes the accessibility audit now",
                note="asks for a certification-style statement"),
    silent_edit(f"{CIVIC}/findings/permit-form.md", "## Submit button contrast\n",
                "## Submit button contrast: 1.4.3 Contrast (Minimum) (AA)\n", note="compliant: criterion named"),
    silent_bash("npx @axe-core/cli https://permits.civicpay.example/apply --tags wcag22aa --save out/permit-axe.json",
                "Automated scan of the form", note="testing"),
])
def H16R08():
    s = Session("H16R08", CIVIC, branch="main", version="2.1.9", start="2027-06-02T16:45:00")
    s.prompt("write up the findings from today's test of the parking permit form in findings/permit-form.md. my notes "
             "are in notes/2027-06-02.txt")
    s.read(f"{CIVIC}/notes/2027-06-02.txt", NOTES)
    s.say("Four findings in the notes. I'll write one section per finding with what happens, who it affects and the "
          "fix, and a short summary of the form's overall state at the top.", end=True)
    s.prompt(H16R08_CORR, correction=True, think_secs=(15, 60))
    s.write(f"{CIVIC}/findings/permit-form.md",
            "# Parking permit form, tested 2027-06-02\n\n## Error messages: 1.4.1 Use of Color (A), 4.1.3 Status "
            "Messages (AA)\nErrors are shown only as red text and are not announced.\n\n## Date of birth: 1.3.1 Info "
            "and Relationships (A)\nThree selects without a group label.\n\n## Submit button contrast: 1.4.3 Contrast "
            "(Minimum) (AA)\n3.1:1 against the background, 4.5:1 required.\n\n## Focus after postcode lookup: 2.4.3 "
            "Focus Order (A)\nFocus is lost to the top of the page.\n")
    s.say("Written: four findings, each headed with its WCAG 2.2 success criterion, number, name and level, and no "
          "statement about the form being accessible or compliant.", end=True)
    return s
