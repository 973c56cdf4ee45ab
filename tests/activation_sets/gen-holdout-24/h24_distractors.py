"""gen-holdout-24 distractors: sessions in the lessons' areas with no correction."""
from cc import Session
from registry import distractor

WIKI = "/home/signe/dev/halden-comms"
EOS = "/home/ines/theatre/eos-tools"
RR = "/Users/lena/dev/club-results"
TF = "/home/ravi/infra/platform-tf"
CJ = "/home/hugo/ops/batch-jobs"
HA = "/home/yusuf/ops/edge-lb"


@distractor("H24D01", "wikipedia-coi-edits", "a Talk page request drafted; near-miss 'no, that's fine'")
def H24D01():
    s = Session("H24D01", WIKI, branch="main", version="2.1.31", start="2026-03-09T14:00:00")
    s.prompt("draft a Talk page request to mention the H7 arm in the Products section of our article, with independent sources")
    s.bash("python scripts/wiki.py show 'Halden Robotics' --section Products | head -3", "Current Products section",
           out="== Products ==\nHalden Robotics makes collaborative arms for packaging lines, notably the H5 (2019).")
    s.write(f"{WIKI}/drafts/talk-request-h7-arm.md",
            "== Edit request: H7 arm ==\n{{Edit COI|D}}\n\nPlease add after the sentence on the H5: \"In 2025 the company launched "
            "the H7, a seven-axis arm for food packaging lines.\"\n\nSources: Teknisk Ukeblad, 14 May 2025; Packaging Europe, 2 June 2025.\n\n~~~~\n")
    s.say("Draft is in `drafts/talk-request-h7-arm.md`, with two trade-press sources that are independent of the company. Should I "
          "post it on the Talk page from the HaldenComms account?", end=True)
    s.prompt("no, that's fine, I'll post it myself once Signe has read it")
    return s


@distractor("H24D02", "theatre-lighting-cues", "a change made in Blind during a hold; approval")
def H24D02():
    s = Session("H24D02", EOS, branch="main", version="2.1.7", start="2026-03-08T14:30:00")
    s.prompt("Marta has called a hold. Jonas approved the bluer cyc for cue 40: colour 7 on channels 101-108. put it in")
    s.bash("python tools/eos.py cmd 'Blind Cue 40 Enter Chan 101 Thru 108 Color 7 Enter'", "Change cue 40 in Blind",
           out="sent /eos/newcmd  (user 1, Blind: Cue 40)")
    s.bash("python tools/eos.py query 'Cue 40' --channels 101-108", "Check the cue", out="Cue 40  list 1  chan 101-108 @ 70  color 7")
    s.say("Cue 40 has colour 7 on the cyc (101-108) at 70, changed in Blind; the stage picks it up the next time cue 40 runs.", end=True)
    s.prompt("nice, thanks")
    return s


@distractor("H24D03", "js-numeric-sort", "standings sorted with a comparator; approval")
def H24D03():
    s = Session("H24D03", RR, branch="feat/club-standings", version="2.1.31", start="2026-03-14T10:00:00")
    s.prompt("club standings table: clubs by total points, highest first, ties by club name")
    st = ("export function standings(clubs: ClubTotal[]): ClubTotal[] {\n  return clubs;\n}\n")
    s.read(f"{RR}/src/lib/standings.ts", st)
    s.edit(f"{RR}/src/lib/standings.ts", "  return clubs;\n",
           "  return [...clubs].sort((a, b) => b.points - a.points || a.name.localeCompare(b.name, \"nb\"));\n", st)
    s.bash("pnpm vitest run src/lib/standings.test.ts", "Run the tests", out=" ✓ src/lib/standings.test.ts (3 tests) 2ms\n      Tests  3 passed (3)")
    s.say("Standings are sorted by points (descending), then by name with the Norwegian collation so Ås comes after Z. Tests pass.", end=True)
    s.prompt("looks good")
    return s


@distractor("H24D04", "terraform-for-each", "IAM users with for_each; near-miss 'no, that's fine as is'")
def H24D04():
    s = Session("H24D04", TF, branch="feat/contractor-users", version="2.1.31", start="2026-03-27T09:30:00")
    s.prompt("add IAM users for the three contractors in contractors.auto.tfvars, read-only on the pipeline buckets")
    s.write(f"{TF}/envs/prod/contractors.tf",
            "resource \"aws_iam_user\" \"contractor\" {\n  for_each = var.contractors\n  name     = each.key\n  tags     = { company = each.value.company }\n}\n\n"
            "resource \"aws_iam_user_policy_attachment\" \"contractor_ro\" {\n  for_each   = aws_iam_user.contractor\n  user       = each.value.name\n"
            "  policy_arn = aws_iam_policy.pipeline_read.arn\n}\n")
    s.bash("terraform -chdir=envs/prod plan -no-color | tail -1", "Plan", out="Plan: 6 to add, 0 to change, 0 to destroy.")
    s.say("Three users keyed by name, each with the read-only pipeline policy; the plan adds 6 resources. Do you also want an MFA-required policy on them?", end=True)
    s.prompt("no, that's fine as is, they only use access keys from the vendor's CI")
    return s


@distractor("H24D05", "cron-dst-schedules", "a daytime job moved; near-miss 'no, that's all'")
def H24D05():
    s = Session("H24D05", CJ, branch="main", version="2.0.76", start="2026-03-28T11:00:00")
    s.prompt("move the dunning emails from 07:00 to 09:00, customers complained they arrive too early")
    tab = ("# servers run Europe/Paris\nSHELL=/bin/bash\nMAILTO=ops@example.fr\n\n0 7 * * 1-5 deploy /opt/jobs/send_dunning.sh\n"
           "15 12 * * * deploy /opt/jobs/sync_crm.sh\n")
    s.read(f"{CJ}/crontabs/mailing", tab)
    s.edit(f"{CJ}/crontabs/mailing", "0 7 * * 1-5 deploy /opt/jobs/send_dunning.sh\n", "0 9 * * 1-5 deploy /opt/jobs/send_dunning.sh\n", tab)
    s.bash("grep -n send_dunning crontabs/mailing", "Check the line", out="5:0 9 * * 1-5 deploy /opt/jobs/send_dunning.sh")
    s.say("Dunning emails now go out at 09:00 Paris time on weekdays. That hour exists every day of the year, so server local time is "
          "fine here. Should I also move the CRM sync?", end=True)
    s.prompt("no, that's all, thanks")
    return s


@distractor("H24D06", "haproxy-backend-drain", "web3 drained, patched and put back; approval")
def H24D06():
    s = Session("H24D06", HA, branch="main", version="2.1.31", start="2026-03-27T07:30:00")
    s.prompt("same kernel update for web3 please, the usual way")
    s.bash("echo 'set server be_app/web3 state drain' | sudo socat stdio /run/haproxy/admin.sock && sleep 60 && "
           "echo 'show stat' | sudo socat stdio /run/haproxy/admin.sock | cut -d, -f1,2,5,18 | grep web3", "Drain web3",
           out="be_app,web3,0,DRAIN")
    s.bash("ssh web3 'sudo apt-get update -q && sudo apt-get -y upgrade && sudo reboot'; sleep 90; ssh web3 uname -r", "Patch and reboot",
           out="6.1.0-32-amd64")
    s.bash("echo 'set server be_app/web3 state ready' | sudo socat stdio /run/haproxy/admin.sock && sleep 10 && "
           "echo 'show stat' | sudo socat stdio /run/haproxy/admin.sock | cut -d, -f1,2,5,18 | grep web3", "Back into rotation",
           out="be_app,web3,29,UP")
    s.say("web3: drained to 0 sessions, kernel 6.1.0-32 installed, rebooted, back to ready with 29 sessions.", end=True)
    s.prompt("great")
    return s
