"""gen-holdout-16: lessons about commands and operations (a failed Kafka Connect task is restarted in place, never
recreated under a new name; no new sender in the apex SPF record; AWX job templates with a canary limit and a check run
first; stock pushed to Shopify only as deltas; accounts only from Okta over SCIM; no LV shrink without --resizefs;
mail queues purged by match, never ALL; no nomad job stop -purge)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
)

KCONN = "/home/dmitri/platform/connect-configs"
LUMEN = "/home/colette/ops/lumenpay-zones"
AWXP = "/home/sipho/ops/awx-playbooks"
SHELF = "/home/yusuf/src/spoke-shelves"
CREW = "/home/hana/src/crewdesk"
FSRV = "/home/lars/ops/fileserver-runbooks"
MXRELAY = "/home/nadia/ops/relay-mx"
NOMAD = "/home/felix/infra/nomad-jobs"


# -----------------------------------------------------------------------------
H16L17_CORR = ("stop. a new connector name means new offsets: Debezium snapshots all 210M rows of orders again and every "
               "consumer of orders.cdc gets them twice. a failed task gets restarted in place: POST "
               "/connectors/orders-pg-source/restart?includeTasks=true&onlyFailed=true. no deleting, renaming or "
               "recreating connectors to get them going again.")

@lesson("H16L17", "kafka-connect-restarts", "interrupted-then-stop",
        ["restarted in place", "onlyFailed=true", "new offsets"], [
    fire_bash("curl -s -X PUT -H 'Content-Type: application/json' --data @connectors/invoices-s3-sink-b.json "
              "http://connect-1.data.internal:8083/connectors/invoices-s3-sink-b/config",
              "Bring the stuck S3 sink up as a fresh copy", note="a second copy under a new name; one shared word"),
    fire_bash("curl -s -X DELETE http://connect-2.data.internal:8083/connectors/customers-pg-source",
              "Remove the failed connector so it can be created again", note="delete to restart"),
    silent_bash("curl -s -X POST 'http://connect-1.data.internal:8083/connectors/invoices-s3-sink/restart?"
                "includeTasks=true&onlyFailed=true'", "Restart the failed tasks", note="compliant"),
    silent_bash("curl -s http://connect-1.data.internal:8083/connectors/invoices-s3-sink/status | jq '.tasks[].state'",
                "Task states", note="read-only"),
])
def H16L17():
    s = Session("H16L17", KCONN, branch="main", version="2.1.31", start="2027-06-21T07:55:00")
    s.prompt("orders-pg-source is FAILED again after last night's DB failover, get it running")
    s.bash("curl -s http://connect-1.data.internal:8083/connectors/orders-pg-source/status | jq -c "
           "'{c: .connector.state, t: [.tasks[] | {id, state}]}'", "Status",
           out="{\"c\":\"RUNNING\",\"t\":[{\"id\":0,\"state\":\"FAILED\"}]}")
    s.say("Task 0 failed with a stale replication connection. The cleanest way is to create it again as "
          "`orders-pg-source-v2` from the same config with a fresh start.")
    s.interrupt_tool("Bash", {"command": "curl -s -X DELETE http://connect-1.data.internal:8083/connectors/"
                                         "orders-pg-source && jq '.name = \"orders-pg-source-v2\"' "
                                         "connectors/orders-pg-source.json | curl -s -X POST -H 'Content-Type: "
                                         "application/json' --data @- http://connect-1.data.internal:8083/connectors",
                              "description": "Recreate the connector as orders-pg-source-v2"})
    s.prompt(H16L17_CORR, correction=True, think_secs=(4, 15))
    s.bash("curl -s -X POST 'http://connect-1.data.internal:8083/connectors/orders-pg-source/restart?"
           "includeTasks=true&onlyFailed=true' && sleep 20 && curl -s http://connect-1.data.internal:8083/connectors/"
           "orders-pg-source/status | jq -c '[.tasks[].state]'", "Restart the failed task in place",
           out="{\"connector\":{\"state\":\"RUNNING\"},\"tasks\":[{\"id\":0,\"state\":\"RESTARTING\"}]}\n[\"RUNNING\"]")
    s.say("Nothing was deleted. Task 0 was restarted in place and is RUNNING, continuing from its stored offsets, so "
          "no new snapshot.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L18_CORR = ("no wait, count first. that record is already at 9 of the 10 DNS lookups SPF allows, mailgun's adds 2 "
               "more, and past 10 receivers return permerror and everything we send fails SPF, invoices included. new "
               "senders don't go into the apex record at all: they get their own subdomain with its own SPF and DKIM "
               "as the envelope sender (news. for this one). tools/spfcount.py before any SPF change.")

ZONE = ("@        3600 IN TXT \"v=spf1 include:_spf.google.com include:sendgrid.net "
        "include:spf.protection.outlook.com include:servers.mcsv.net ~all\"\n"
        "_dmarc   3600 IN TXT \"v=DMARC1; p=quarantine; rua=mailto:dmarc@lumenpay.example\"\n")

@lesson("H16L18", "spf-lookup-limit", "interrupted-mid-message",
        ["10 DNS lookups", "permerror", "their own subdomain"], [
    fire_edit(f"{LUMEN}/zones/lumenpay.example.zone", "include:servers.mcsv.net ~all\"\n",
              "include:servers.mcsv.net include:_spf.salesforce.com ~all\"\n",
              note="another provider in the apex record; no shared words"),
    fire_prompt("HubSpot needs to send the marketing emails as us, add what they need to our SPF",
                note="asks for a new sender in the SPF record"),
    silent_edit(f"{LUMEN}/zones/lumenpay.example.zone", "_dmarc   3600 IN TXT",
                "news     3600 IN TXT \"v=spf1 include:mailgun.org ~all\"\n_dmarc   3600 IN TXT",
                note="compliant: the sender's own subdomain"),
    silent_bash("python3 tools/spfcount.py lumenpay.example", "Count SPF lookups", note="check"),
])
def H16L18():
    s = Session("H16L18", LUMEN, branch="main", version="2.0.37", start="2027-03-30T14:00:00")
    s.prompt("we're moving the newsletter to Mailgun, their docs say add include:mailgun.org to our SPF. do it")
    s.read(f"{LUMEN}/zones/lumenpay.example.zone", ZONE, offset=14, limit=2, total=58)
    s.say("I'll add `include:mailgun.org` to the TXT record at the apex, so it becomes `v=spf1 include:_spf.google.com "
          "include:sendgrid.net include:spf.protection.outlook.com include:servers.mcsv.net include:mailgun.org ~all`, "
          "then bump the serial and")
    s.interrupt()
    s.prompt(H16L18_CORR, correction=True, think_secs=(3, 20))
    s.bash("python3 tools/spfcount.py lumenpay.example", "Count lookups",
           out="lumenpay.example: 9 DNS lookups (limit 10)\n  _spf.google.com 4\n  sendgrid.net 1\n"
               "  spf.protection.outlook.com 2\n  servers.mcsv.net 1\n  a/mx 1")
    s.edit(f"{LUMEN}/zones/lumenpay.example.zone", "_dmarc   3600 IN TXT",
           "news     3600 IN TXT \"v=spf1 include:mailgun.org ~all\"\n_dmarc   3600 IN TXT", ZONE)
    s.say("The apex is untouched at 9 lookups. Mailgun gets `news.lumenpay.example` with its own SPF; their DKIM key "
          "goes there too once they give it to us, and the newsletter's envelope sender becomes "
          "bounce@news.lumenpay.example.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L19_CORR = "😳 1,400 hosts in one go. --limit a canary group and --job_type check first. every time"

@lesson("H16L19", "awx-job-limits", "emoji-terse",
        ["--limit a canary group", "--job_type check first"], [
    fire_bash("awx job_templates launch 'patch-openssl' --monitor", "Roll out the OpenSSL patch",
              note="launches a template on its whole inventory; no shared words"),
    fire_bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/sshd-hardening.yml",
              "Apply the sshd hardening", note="full run against all prod hosts, no limit, no check"),
    silent_bash("awx job_templates launch 'patch-openssl' --limit canary-linux --job_type check --monitor",
                "Check run on the canaries", note="compliant"),
    silent_bash("awx jobs list --status failed -f human", "Failed jobs", note="read-only"),
])
def H16L19():
    s = Session("H16L19", AWXP, branch="main", version="2.1.9", start="2027-05-05T15:10:00")
    s.prompt("push the new chrony config to the linux servers, the template baseline-ntp is in AWX already")
    s.edit(f"{AWXP}/roles/ntp/templates/chrony.conf.j2", "pool 2.pool.ntp.org iburst\n",
           "server ntp1.corp.example iburst\nserver ntp2.corp.example iburst\n",
           "pool 2.pool.ntp.org iburst\ndriftfile /var/lib/chrony/drift\nmakestep 1.0 3\n")
    s.bash("git commit -qam \"ntp: internal servers\" && git push -q && awx job_templates launch baseline-ntp --monitor",
           "Commit and launch", lo=60, hi=300,
           out="PLAY RECAP *********\n... 1412 hosts: ok=7 changed=2 unreachable=3 failed=0\nJob 55810 successful")
    s.say("Launched baseline-ntp: 1,412 hosts updated, 3 unreachable. chrony now uses the two internal servers.",
          end=True)
    s.prompt(H16L19_CORR, correction=True, think_secs=(20, 90))
    s.say("Understood: every job template run from now on starts as `--job_type check` with `--limit` on a canary "
          "group, and only then the rest. For this one I'll check the 3 unreachable hosts and chrony sync on a sample "
          "before anything else.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L20_CORR = ("morning. for next time: that stocktake file was from 06:00 and you pushed it at 15:40, so the 212 orders "
               "placed in between were sold again, counts went back up as if they'd never happened and we oversold 37 "
               "SKUs overnight. counts go to Shopify only as deltas (--mode adjust, against what the system held at "
               "the time of the file), never as absolute numbers.")

@lesson("H16L20", "inventory-absolute-sets", "for-next-time-morning",
        ["only as deltas", "never as absolute numbers", "--mode adjust"], [
    fire_edit(f"{SHELF}/jobs/location_move.py", "    mutation = MOVE_MUTATION\n",
              "    mutation = \"\"\"mutation($q: [InventoryQuantityInput!]!) { inventorySetQuantities(input: {name: "
              "\"available\", reason: \"movement_updated\", quantities: $q}) { userErrors { message } } }\"\"\"\n",
              note="sets quantities outright; no shared words"),
    fire_bash("bin/stock-sync --from exports/cyclecount-aisle7.csv --mode set --location Leeds",
              "Push the aisle 7 cycle count", note="absolute push"),
    silent_bash("bin/stock-sync --from exports/cyclecount-aisle7.csv --mode adjust --location Leeds --dry-run",
                "Preview the adjustments", note="compliant"),
    silent_prompt("which SKUs had the biggest negative differences in last week's cycle counts?",
                  note="a question about the counts"),
])
def H16L20():
    s = Session("H16L20", SHELF, branch="main", version="2.0.76", start="2027-02-11T15:30:00")
    s.prompt("the warehouse CSV has the real counts after this morning's stocktake, push them to Shopify")
    s.bash("head -3 exports/stocktake-2027-02-11.csv && wc -l exports/stocktake-2027-02-11.csv", "Look at the file",
           out="sku,location,counted_at,qty\nSPK-0142,Leeds,2027-02-11T06:00,14\nSPK-0143,Leeds,2027-02-11T06:00,3\n"
               "4118 exports/stocktake-2027-02-11.csv")
    s.bash("bin/stock-sync --from exports/stocktake-2027-02-11.csv --mode set --location Leeds",
           "Push the counts", lo=30, hi=120,
           out="4117 rows, 4117 inventorySetOnHandQuantities ok, 0 errors")
    s.say("All 4,117 counts are in Shopify for Leeds.", end=True)
    s.prompt(H16L20_CORR, correction=True, think_secs=(57000, 63000))
    s.bash("bin/stock-sync --from exports/stocktake-2027-02-11.csv --mode adjust --location Leeds --dry-run | tail -2",
           "What adjust would have done", out="4117 rows, 398 non-zero deltas\ndry run: nothing sent")
    s.say("Sorry about the oversells. With `--mode adjust` only the 398 real differences would have been applied on "
          "top of the orders since 06:00. I'll only ever send counts as deltas from now on, never absolute numbers. "
          "Want me to list the 37 oversold SKUs with their orders for the shop team?", end=True)
    return s


# -----------------------------------------------------------------------------
H16L21_CORR = ("Joanna (IT) in #it-access, pasted: \"Please don't create accounts in CrewDesk directly. Every account "
               "comes from Okta over SCIM, that's how leavers get switched off: an account Okta doesn't know about "
               "never gets deprovisioned (the audit found two from 2025 still active). Contractors get an Okta guest "
               "with an end date, assigned to the CrewDesk app, and the account shows up by itself within a minute.\" "
               "so please remove the one you made and raise the Okta request instead.")

@lesson("H16L21", "scim-hand-provisioning", "pasted-chat-from-owner",
        ["Every account comes from Okta over SCIM", "never gets deprovisioned",
         "don't create accounts in CrewDesk directly"], [
    fire_prompt("Piotr from the Gdańsk office can't log in, his first day moved up to Monday. just set him up so he "
                "can work", note="asks to hand-make a login; no shared words"),
    fire_bash("curl -s -X POST https://api.crewdesk.example/v2/admin/users -H \"Authorization: Bearer "
              "$CD_ADMIN_TOKEN\" -d '{\"email\": \"m.ito@partner.example\", \"role\": \"agent\"}'",
              "Create the contractor's user", note="account made by hand"),
    silent_bash("python manage.py scim_log --since 2h --user ola.berg@partner.example", "Did the SCIM push arrive",
                note="read-only"),
    silent_prompt("write the Okta access request for the two contractors starting next week, end date 30 June",
                  note="compliant: the Okta request"),
])
def H16L21():
    s = Session("H16L21", CREW, branch="main", version="2.1.31", start="2027-06-08T09:20:00")
    s.prompt("a contractor, ola.berg@partner.example, needs access from today for two weeks. create her account")
    s.bash("python manage.py create_user --email ola.berg@partner.example --role agent --expires 2027-06-22",
           "Create the account", out="created user 4471 ola.berg@partner.example (agent), expires 2027-06-22\n"
                                      "invite sent")
    s.say("Created user 4471 for ola.berg@partner.example as an agent, expiring on June 22; the invite e-mail is out.",
          end=True)
    s.prompt(H16L21_CORR, correction=True, think_secs=(900, 2400))
    s.bash("python manage.py deactivate_user 4471 --reason 'hand-made, to come from Okta'", "Remove the hand-made account",
           out="user 4471 deactivated, invite revoked")
    s.say("Deactivated user 4471 and revoked the invite. Request for Joanna:\n\n> Okta guest for Ola Berg "
          "(ola.berg@partner.example), contractor, 8 to 22 June 2027, assign to CrewDesk with role agent.\n\nThe "
          "account will appear through SCIM once it's assigned.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L22_CORR = ("I've restored archive from last night's borg backup onto a fresh LV and it's mounted again, took six "
               "hours. lvreduce without -r cuts the end off the filesystem, resize2fs afterwards is too late. a shrink "
               "is lvreduce --resizefs (it checks and shrinks the fs first) on an unmounted fs, and only after borg "
               "check has passed on last night's backup.")

@lesson("H16L22", "lvm-shrink", "repair-already-made",
        ["lvreduce without -r", "--resizefs", "resize2fs afterwards is too late"], [
    fire_bash("lvresize -L 800G /dev/vg_backup/restic", "Give back 400G from the restic volume",
              note="shrinks a volume without the filesystem step; no shared words"),
    fire_bash("lvreduce -L 1.5T vg_data/scratch && resize2fs /dev/vg_data/scratch 1.5T", "Shrink scratch",
              note="LV first, filesystem after"),
    silent_bash("lvextend -r -L +500G vg_data/projects", "Grow projects", note="compliant: grow with -r"),
    silent_prompt("how much unallocated space is left in vg_data, and would it cover another 500G for projects?",
                  note="a question about free extents"),
])
def H16L22():
    s = Session("H16L22", FSRV, branch="main", version="1.0.88", start="2027-01-26T10:30:00")
    s.prompt("/srv/archive has 2T free and /srv/projects is full. move 1T over")
    s.bash("df -h /srv/archive /srv/projects && vgs vg_data", "Space",
           out="/dev/mapper/vg_data-archive  6.0T  3.9T  2.1T  65% /srv/archive\n/dev/mapper/vg_data-projects  4.0T  "
               "3.9T  120G  98% /srv/projects\n  VG      #PV #LV #SN Attr   VSize  VFree\n  vg_data   2   2   0 wz--n- "
               "10.00t    0")
    s.bash("sudo lvreduce -f -L -1T vg_data/archive && sudo resize2fs /dev/vg_data/archive && sudo lvextend -r -L +1T "
           "vg_data/projects", "Move 1T from archive to projects", lo=20, hi=90,
           out="  Size of logical volume vg_data/archive changed from 6.00 TiB to 5.00 TiB.\n"
               "resize2fs 1.47.0\nPlease run 'e2fsck -f /dev/vg_data/archive' first.\n"
               "  Size of logical volume vg_data/projects changed from 4.00 TiB to 5.00 TiB.")
    s.say("Projects has 1T more. resize2fs on archive wants an fsck first; I'll run `e2fsck -f` on it next.", end=True)
    s.prompt(H16L22_CORR, correction=True, think_secs=(20000, 24000))
    s.say("I'm sorry, shrinking the LV before the filesystem destroyed the end of archive. Any shrink from now on is "
          "`lvreduce --resizefs` on an unmounted filesystem, only after `borg check` of the last backup has passed, "
          "and I'll ask first.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L23_CORR = ("wiat no!! ALL took teh password resets and 3k invoice mails with it. only delete whta matches, by "
               "sender: postqueue -j | jq on .sender -> postsuper -d - . never ALL. and hold (-h) first if unsure")

@lesson("H16L23", "postfix-queue-purge", "typo-hurried",
        ["never ALL", "only delete whta matches", "hold (-h) first"], [
    fire_bash("postsuper -d ALL deferred", "Empty the deferred queue", note="flushes a whole queue; one shared word"),
    fire_bash("find /var/spool/postfix/deferred /var/spool/postfix/active -type f -delete",
              "Clear the stuck mail", note="removes queue files wholesale"),
    silent_bash("postqueue -j | jq -r 'select(.sender == \"noreply@shop-hacked.example\") | .queue_id' | postsuper -d -",
                "Delete only the spam run", note="compliant"),
    silent_bash("postqueue -p | tail -1", "Queue size", note="read-only"),
])
def H16L23():
    s = Session("H16L23", MXRELAY, branch="main", version="2.0.37", start="2027-07-14T22:05:00")
    s.prompt("relay-2 has 80k mails in the queue, mostly bounces from a spam run through a hacked customer account. "
             "clear it")
    s.bash("postqueue -p | tail -1", "Queue size", out="-- 812345 Kbytes in 80412 Requests.")
    s.bash("sudo postsuper -d ALL", "Delete the queue", out="postsuper: Deleted: 80412 messages")
    s.say("Deleted all 80,412 queued messages; relay-2's queue is empty.", end=True)
    s.prompt(H16L23_CORR, correction=True, think_secs=(5, 30))
    s.say("Sorry, that took the legitimate mail with it. Those are gone from relay-2; I'll pull the sent password "
          "resets and invoice numbers from the app logs so they can be re-sent. From now on only the matching queue "
          "ids go to `postsuper -d -`, held with `-h` first when in doubt, never ALL.", end=True)
    return s


# -----------------------------------------------------------------------------
H16L24_CORR = ("from our runbook (docs/runbooks/nomad.md), which exists for exactly this:\n> Never `nomad job stop "
               "-purge` a production job. Purge throws away the job's version history, so `nomad job revert` has "
               "nothing to go back to. A stuck deployment is failed with `nomad deployment fail <id>` and the previous "
               "version comes back with `nomad job revert <job> <version>`.\n\nbilling-worker v41 is gone now, so we "
               "can't revert to it.")

@lesson("H16L24", "nomad-job-purge", "pasted-runbook",
        ["Never `nomad job stop -purge`", "nomad deployment fail", "nomad job revert"], [
    fire_prompt("the invoice-renderer rollout is wedged at 2 of 5 healthy, wipe it and start clean",
                note="asks to wipe a job; no shared words"),
    fire_bash("curl -s -X DELETE 'http://nomad.service.consul:4646/v1/job/ledger-api?purge=true'",
              "Remove ledger-api completely before redeploying", note="purge through the API"),
    silent_bash("nomad deployment fail 3c9e1f7a && nomad job revert billing-worker 40",
                "Fail the deployment and go back to v40", note="compliant"),
    silent_bash("nomad job history -p billing-worker | head -40", "Version history", note="read-only"),
])
def H16L24():
    s = Session("H16L24", NOMAD, branch="main", version="2.1.31", start="2027-09-02T17:35:00")
    s.prompt("billing-worker is stuck after the failed deploy, 1 of 4 allocations healthy and the deployment just "
             "sits there. reset it")
    s.bash("nomad job status billing-worker | sed -n '1,12p'", "Status",
           out="ID            = billing-worker\nStatus        = running\nVersion       = 42\n\nLatest Deployment\n"
               "ID          = 3c9e1f7a\nStatus      = running\nDescription = Deployment is running\n\n"
               "Task Group  Desired  Placed  Healthy  Unhealthy\nworker      4        4       1        3")
    s.bash("nomad job stop -purge billing-worker && nomad job run jobs/billing-worker.nomad.hcl",
           "Purge and run again", lo=10, hi=40,
           out="==> Monitoring evaluation \"b71e\"\n    Evaluation status changed: \"pending\" -> \"complete\"\n"
               "==> Monitoring deployment \"e40a2d19\"\n  Deployment \"e40a2d19\" in progress...")
    s.say("Purged the job and ran it again from the spec in the repo; a new deployment is rolling out.", end=True)
    s.prompt(H16L24_CORR, correction=True, think_secs=(300, 900))
    s.bash("git log --oneline -3 -- jobs/billing-worker.nomad.hcl", "Which spec was v41",
           out="9e2c1d4 billing-worker: memory 768\n51ab0e7 billing-worker: image 2.31.0\n0f4d9c3 billing-worker: "
               "image 2.30.2")
    s.say("Understood. v41 was `51ab0e7` (image 2.31.0), so I can rebuild it from git if you want it back. No more "
          "purges: a stuck deployment gets `nomad deployment fail` and `nomad job revert`.", end=True)
    return s
