"""The corrected command itself: a lesson about the very call the person stopped, named or refused
fires when the agent runs that command again (its program and subcommands, whatever the
arguments), stays silent when the command only looks or is the way the lesson names, and never
fires on a program that runs whatever it is given."""
from __future__ import annotations

import pytest

from conftest import run_cli, write_generic
from memkit.activation import acts, catalogue, commands, compiler
from memkit.storage import notes

CAT = catalogue.load(None)


@pytest.mark.parametrize("piece, signature", [
    ("sudo certbot certonly --webroot -w /srv -d a.example", "certbot certonly"),
    ("gsutil -m rm -r gs://archive/2024", "gsutil"),
    ("helm upgrade api ./chart --set image.tag=1.4", "helm upgrade"),   # `api` is what it upgrades
    ("gh release create v2.0 --notes-file n.md", "gh release create"),
    ("aws ec2 describe-instances --output text", ""),   # only looks
    ("gh release view v2.0", ""),
    ("ls -la build/", ""),
    ("pulumi preview --stack live", ""),
    ("journalctl -u nginx --since today --no-pager", ""),   # reads the journal
    ("journalctl --vacuum-time=2d", "journalctl"),   # deletes from it
    ("dmesg -T", ""),
    ("dmesg --clear", "dmesg"),
    ("dig +short MX example.org", ""),
])
def test_a_command_is_known_by_its_program_and_subcommands(piece, signature):
    assert commands.call_signature(piece) == signature


@pytest.mark.parametrize("piece, signature, same", [
    ("gh release edit v2.0 --draft=false", "gh release create", True),   # changes the release as well
    ("gh release delete v2.0", "gh release create", False),             # does another thing to it
    ("gh release view v2.0", "gh release create", False),
    ("zowe jobs submit data-set X", "zowe zos-jobs submit", True),        # the short name of the group
    ("vault kv patch -mount=s a/b K=v", "vault kv put", False),           # one field, not the whole
    ("FOO=1 sudo certbot certonly -d b.example --test-cert", "certbot certonly", True),
    ("certbot renew --dry-run", "certbot certonly", False),
])
def test_a_command_repeats_another_when_it_does_the_same_to_the_same(piece, signature, same):
    assert commands.repeats(piece, signature) is same


def test_the_compiler_keeps_the_command_the_lesson_is_about():
    cue = compiler.compile_lesson(CAT, "cfgstore put replaces the whole entry, so you wiped the other keys. to change "
                                       "one key it's cfgstore patch", "Bash: cfgstore put api/prod K=v")
    assert cue["calls"] == ["cfgstore put"]
    assert "cfgstore patch" in cue["complies"]
    # a command the catalogue reads is left to its kinds: a lesson about `git add -A` is not about
    # every `git add`, nor one that mentions pytest about every test run
    cue = compiler.compile_lesson(CAT, "no, never git add everything, stage the files by name",
                                  "Bash: git add -A (rejected)")
    assert "calls" not in cue and "git:stage-all" in cue["forbids"]
    cue = compiler.compile_lesson(CAT, "pytest passes, but you did not check the warnings it printed",
                                  "Bash: pytest specs/cli_spec.py")
    assert "calls" not in cue
    # an aside after an everyday call names no command: nothing was stopped, named or refused
    cue = compiler.compile_lesson(CAT, "thanks. the dashboard numbers look odd though, check the timezone",
                                  "Bash: helm upgrade api ./chart --set image.tag=1.4")
    assert "calls" not in cue
    # a program that runs whatever it is given is no command to repeat, stopped or not
    cue = compiler.compile_lesson(CAT, "no, not like that", "Bash: curl -s -X DELETE https://api.example/v1/users/7 "
                                                            "(rejected)")
    assert "curl" not in cue.get("calls", [])
    # the other command of the same program the lesson names for what it wants is not what it forbids
    cue = compiler.compile_lesson(CAT, "never empty the failed-jobs queue. fix the cause, then requeue them with "
                                       "`jobctl queue retry`", "Bash: jobctl queue clear failed")
    assert cue["calls"] == ["jobctl queue clear"] and "jobctl queue retry" in cue["complies"]
    # sudo says how a command ran, not what it did: the command no catalogue foresaw is still the call
    cue = compiler.compile_lesson(CAT, "no! the reindex took the whole shard offline. never reindex on the "
                                       "primary, run idxtool reindex on a replica", "Bash: sudo idxtool reindex --all")
    assert cue["calls"] == ["idxtool reindex"]



def test_commands_of_a_program_the_call_ran_that_a_clause_says_no_to_are_calls_too():
    # the corrected call only looked (over ssh); the lesson names the commands it forbids by name
    cue = compiler.compile_lesson(CAT, "careful: never jobctl purge or jobctl drain a live queue, pause it with "
                                       "jobctl pause first", "Bash: ssh worker1 'jobctl status main'")
    assert {"jobctl purge", "jobctl drain"} <= set(cue["calls"])
    assert "jobctl pause" not in cue["calls"]
    assert _judged(cue, "ssh worker2 'jobctl drain main && jobctl status main'")
    assert not _judged(cue, "jobctl pause main")
    # a program the catalogue reads is judged by its kinds, not by a command named in passing
    cue = compiler.compile_lesson(CAT, "never git push to main, open a pull request", "Bash: git status")
    assert "git push" not in cue.get("calls", [])


def _session(vault, tmp_path, name: str, calls: list[tuple[str, bool]], lesson: str) -> None:
    """A session in which the agent ran `calls` (command, refused?) and the person then said `lesson`."""
    messages: list[dict] = [{"role": "user", "content": "take care of the release", "timestamp": "2026-05-01T10:00:00Z"}]
    for k, (command, refused) in enumerate(calls):
        messages.append({"role": "assistant", "content": "Running it.", "timestamp": f"2026-05-01T10:0{k}:05Z",
                         "tool_calls": [{"id": f"c{k}", "name": "Bash", "input": {"command": command}}]})
        messages.append({"role": "tool", "tool_call_id": f"c{k}", "rejected": refused,
                         "content": "The user doesn't want to proceed" if refused else "done"})
    if not calls[-1][1]:
        messages.append({"role": "assistant", "content": "Done.", "timestamp": "2026-05-01T10:08:00Z"})
    messages.append({"role": "user", "content": lesson, "timestamp": "2026-05-01T10:09:00Z"})
    log = write_generic(tmp_path / f"{name}.jsonl", messages, {"session_id": name, "project": "shop",
                                                              "cwd": "/srv/shop"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)


def _judged(cue: dict, command: str) -> bool:
    """The hook's matcher, given one stored cue and one command."""
    import json

    from memkit.activation import match

    row = (1, "workshop/x.md", "corr-x", "correction", "", "", " ".join(cue["forbids"]), "", "candidate", 0, "", "",
           "", 0.5, 0.5, "", "", 1, json.dumps({"cue": cue}))
    act = acts.from_command(command)
    return match.judge(match.Cue(row), match.Probe(act, CAT.classify(act), CAT), CAT) > 0


def _fires(vault, command: str) -> bool:
    out = run_cli("--vault", str(vault), "check", "--explain", command, check=True).stdout
    return "FIRES:" in out


def test_a_refused_release_fires_before_the_release_is_changed_by_hand_again(vault, tmp_path):
    # the refusal names nothing but the call: the command, whatever its arguments, is the mistake
    _session(vault, tmp_path, "rel", [("git tag v2.0 && git push origin v2.0", False),
                                      ("sentry-cli releases new v2.0", True)],
             "not by hand. the release workflow makes them when the tag lands, with the source maps")
    [path] = (vault / "workshop" / "observations" / "correction").glob("*.md")
    assert "sentry-cli releases new" in notes.read(path).meta["cue"]["calls"]
    assert _fires(vault, "sentry-cli releases new v2.1 --finalize")
    assert _fires(vault, "sentry-cli releases set-commits v2.1 --auto")   # changes the release as well
    assert not _fires(vault, "sentry-cli releases list")
    assert not _fires(vault, "sentry-cli releases info v2.0")


def test_a_named_command_fires_again_unless_it_does_what_the_lesson_asks(vault, tmp_path):
    _session(vault, tmp_path, "helm", [("helm list -n shop", False),
                                       ("helm upgrade shop ./chart -n shop --set image.tag=1.4", False)],
             "hmm, you reset the replica count and the ingress host we set by hand: helm upgrade drops every value "
             "you don't pass. always pass --reuse-values")
    assert _fires(vault, "helm upgrade shop ./chart -n shop --set image.tag=1.5")
    assert not _fires(vault, "helm upgrade shop ./chart -n shop --reuse-values --set image.tag=1.5")
    assert not _fires(vault, "helm history shop -n shop")


def test_a_call_stopped_with_a_remark_about_something_else_is_no_command_to_avoid(vault, tmp_path):
    _session(vault, tmp_path, "fix", [("fixturectl copy reader 'Long Novel'", True)],
             "recall what I said about the test books yesterday")
    assert not _fires(vault, "fixturectl copy reader 'Short Stories'")


def test_a_bare_refusal_after_an_accepted_call_is_about_that_call(vault, tmp_path):
    _session(vault, tmp_path, "load", [("loadgen run --users 500 --target https://shop.example", False)],
             "not against the live site. the sandbox only: https://sandbox.shop.example")
    assert _fires(vault, "loadgen run --users 2000 --target https://shop.example/checkout")
    assert not _fires(vault, "loadgen report --last")


def test_a_verb_the_lesson_says_no_to_names_the_command_that_did_it(vault, tmp_path):
    _session(vault, tmp_path, "tix", [("git push -q && tracker issue move WEB-12 Done", False)],
             "Thank you. But please, you must not move the tickets to Done, QA does that. Only \"Ready for QA\" "
             "and a comment with the commit.")
    [path] = (vault / "workshop" / "observations" / "correction").glob("*.md")
    cue = notes.read(path).meta["cue"]
    assert cue["calls"] == ["tracker issue move"] and "Ready for QA" in cue["complies"]
    assert _fires(vault, "tracker issue move WEB-40 Closed --resolution Fixed")
    assert not _fires(vault, "tracker issue move WEB-40 'Ready for QA'")   # what it asks for
    # a word used in passing is no verb said no to: "a broken build" names no `west build`
    cue = compiler.compile_lesson(CAT, "nice. don't confirm the image at the top of main(), that isn't safe: it "
                                       "lets a broken build through", "Bash: west build -b board -p auto")
    assert "calls" not in cue


def test_absolutely_not_after_a_refused_call_forbids_what_the_call_did():
    cue = compiler.compile_lesson(CAT, "absolutely not. that revokes every certificate on the team account",
                                  "Bash: bundle exec fastlane match nuke distribution (rejected)")
    assert "ios:match-nuke" in cue["forbids"]


def test_a_quoted_phrase_the_lesson_says_no_to_is_a_name_it_fires_on():
    cue = compiler.compile_lesson(CAT, "ugh no, don't put \"use client\" on the whole page, only on the small widget",
                                  "Write: /srv/shop/app/page.tsx — \"use client\";")
    assert "use client" in cue["entities"]


def test_a_lesson_that_names_an_argument_fires_only_when_the_command_runs_with_it(vault, tmp_path):
    # said after the fact, with what it caused: "imports never go into main" is about `--env main`
    _session(vault, tmp_path, "cms", [("cmsctl content import --env main --file pages.json", False)],
             "\U0001F643 that went straight into main and the live site shows 300 broken pages. imports never go "
             "into main: make a sandbox env from main (cmsctl env create --env import-0512 --from main), import "
             "there, I check it")
    [path] = (vault / "workshop" / "observations" / "correction").glob("*.md")
    cue = notes.read(path).meta["cue"]
    assert cue["calls"] == ["cmsctl content import"] and cue["args"] == ["main"]
    assert "--env" not in cue["complies"]   # the corrected call ran with it: it makes nothing right
    assert _fires(vault, "cmsctl content import --env main --file more.json")
    assert not _fires(vault, "cmsctl content import --env import-0601 --file more.json")
    assert not _fires(vault, "cmsctl env create --env import-0601 --from main")


def test_a_command_run_over_ssh_is_the_command_it_runs(vault, tmp_path):
    _session(vault, tmp_path, "erp", [("ssh ops@erp-live \"xport stage R42 LIVE && xport apply R42 LIVE\"", True)],
             "no apply into LIVE from us. the release team applies the whole queue on Thursdays. stage it and "
             "tell Dana the number")
    [path] = (vault / "workshop" / "observations" / "correction").glob("*.md")
    cue = notes.read(path).meta["cue"]
    assert cue["calls"] == ["xport apply"] and not cue["forbids"]   # not every ssh
    assert _fires(vault, "ssh ops@erp-live \"xport apply R43 LIVE\"")
    assert not _fires(vault, "ssh ops@erp-live \"xport stage R43 LIVE\"")
    assert not _fires(vault, "ssh ops@erp-live uptime")


@pytest.mark.parametrize("piece", ["tile-seed -f seed.yaml --summary", "deployctl apply --dry-run=server",
                                   "xport apply R43 LIVE --what-if"])
def test_a_command_that_only_says_what_it_would_do_repeats_nothing(piece):
    assert commands.repeats(piece, commands.call_signature(piece.split(" -")[0])) is False


def test_how_a_command_was_started_says_nothing_of_what_it_did():
    cue = compiler.compile_lesson(CAT, "the county office blocked our address. seeding from their tile server: at "
                                       "most 2 workers, nights only",
                                  "Bash: nohup tile-seed --layer ortho --workers 16 > seed.log 2>&1 &")
    assert cue["calls"] == ["tile-seed"]   # "seeding" names it
    assert "shell:background-process" not in cue["forbids"]


def test_an_action_the_lesson_makes_wait_names_the_command_that_did_it():
    cue = compiler.compile_lesson(CAT, "never pick a school by its name: look it up with schoolctl find, show me the "
                                       "ids, and wait until I confirm before any export",
                                  "Bash: schoolctl export marks --school s_12 --out marks.csv")
    assert cue["calls"] == ["schoolctl export"]


@pytest.mark.parametrize("command, kind", [
    ("salt 'pos-*' cmd.run 'shutdown -r now'", "system:reboot"),
    ("ansible kiosks -m shell -a 'reboot'", "system:reboot"),
    ("ssh ops@files-2 \"rm -rf /srv/exports/2024\"", "fs:recursive-delete"),
    ("kubectl exec -it api-0 -- rm -rf /data/cache", "fs:recursive-delete"),
])
def test_a_command_run_on_another_host_is_read_as_that_command(command, kind):
    assert kind in CAT.kinds_of(acts.from_command(command))


def test_a_quoted_message_runs_nothing():
    assert commands.remote("git commit -m \"docs: why bash -c 'rm -rf build' is gone\"") == []
    assert commands.remote("cd /srv && sudo bash -c 'rm -rf build'") == ["rm -rf build"]


def test_a_person_reads_which_command_a_cue_fires_on():
    from memkit.activation import render

    cue = compiler.compile_lesson(CAT, "imports never go into main: make a sandbox env from main, import there",
                                  "Bash: cmsctl content import --env main --file pages.json")
    said = render.describe(cue, CAT)
    assert "another run of `cmsctl content import` with `main`" in said["fires before"]
    assert any("--dry-run" in s for s in said["silent when"])


def test_a_lesson_about_work_done_over_ssh_stays_silent_when_the_other_host_is_only_looked_at(vault, tmp_path):
    _session(vault, tmp_path, "reindex", [("ssh ops@search-1 'cd /opt/catalog && ./bin/reindex --full'", False)],
             "no, it died with the ssh session at 61%. long-running stuff on a server always goes inside tmux, "
             "then check the log. my wifi drops, nothing long should hang off your connection")
    assert _fires(vault, "ssh ops@search-2 './bin/rebuild-suggestions --all'")
    assert not _fires(vault, "ssh ops@search-2 'systemctl status search'")
    assert not _fires(vault, "ssh ops@search-2 'sudo tail -n 200 /var/log/search/reindex.log'")


def test_a_lesson_against_ssh_itself_fires_on_a_look_over_ssh(vault, tmp_path):
    _session(vault, tmp_path, "logs", [("ssh ops@notify-prod-1 'sudo tail -n 300 /var/log/notify/worker.log'", False)],
             "pls don't ssh into prod hosts to read logs. those sessions get audited and page security. "
             "everything is in Loki: use logcli")
    assert _fires(vault, "ssh ops@notify-prod-4 'tail -n 50 /var/log/notify/push.log'")
    assert not _fires(vault, "logcli query '{app=\"notify\"}' --since=2h")


def test_a_lesson_that_compiles_to_nothing_else_keeps_the_corrected_call_a_clause_says_no_to():
    # the call is of the kind the lesson asks for (a secret written), done the wrong way: its own
    # subcommand, said in a clause that says no, is what went wrong
    cue = compiler.compile_lesson(CAT, "that wiped the other keys. kv put swaps the whole entry for the keys you "
                                       "give it, so for one key use vault kv patch", "Bash: vault kv put secret/shop/prod API_TOKEN=x")
    assert cue["calls"] == ["vault kv put"]
    assert _judged(cue, "vault kv put secret/billing/prod WEBHOOK=y")
    assert not _judged(cue, "vault kv patch secret/billing/prod WEBHOOK=y")
    # an argument of the call a clause says no to: a run with it again, not one without
    cue = compiler.compile_lesson(CAT, "no!! that dropped every single queued message we had this morning. only "
                                       "remove the ones from that one sender next time, never ALL", "Bash: sudo postsuper -d ALL")
    assert cue["calls"] == ["postsuper"] and cue["args"] == ["all"]
    assert _judged(cue, "postsuper -d ALL deferred")
    assert not _judged(cue, "postsuper -d 4F1A2B3C")
    # said shortly, in the words of what the call did: that kind is the mistake (echo.spoken)
    cue = compiler.compile_lesson(CAT, "no!! that dropped every queued message. only remove the ones from that "
                                       "sender, never ALL", "Bash: sudo postsuper -d ALL")
    assert cue["forbids"] == ["mail:queue-delete-all"]
    assert _judged(cue, "postsuper -d ALL deferred")
    assert not _judged(cue, "postsuper -d 4F1A2B3C")
    # the area's name is no word on one of its kinds: "git" and "commit" in a remark about the docs
    # of a refused commit say nothing of sign-offs or message style
    cue = compiler.compile_lesson(CAT, "we should also take the git-lint hook out of the pre-commit docs",
                                  'Bash: git commit -m "Document the pre-commit hooks" (rejected)')
    assert not {"git:commit-no-signoff", "git:nonconventional-message"} & set(cue["forbids"])
    # the kind a lesson names is not what the call was known by ("--dry-run first" names a data
    # script run; `reshape-db` is none the catalogue knows): the command run again without the flag
    # still recalls it, and "why not now?" names no tool
    cue = compiler.compile_lesson(CAT, "you ran it with --dry-run first yesterday, why not now?",
                                  "Bash: uvx reshape-db --target prod (rejected)")
    assert cue["calls"] == ["reshape-db"] and "now" not in cue["entities"]
    assert _judged(cue, "uvx reshape-db --target prod")
    assert not _judged(cue, "uvx reshape-db --target prod --dry-run")
    # a remark that names nothing of the call leaves it no mistake
    cue = compiler.compile_lesson(CAT, "never give me a time estimate you haven't measured",
                                  "Bash: vault kv put secret/x A=b")
    assert "calls" not in cue
    # praise that names the call says no to nothing; a subcommand named as the way is no mistake
    assert "calls" not in compiler.compile_lesson(CAT, "good, the staging workspace is what I wanted",
                                                  "Bash: terraform workspace select staging")
    assert "calls" not in compiler.compile_lesson(CAT, "please use gh release edit to fix the notes next time",
                                                  "Bash: gh release create v1.2 --notes x")
    # of several commands, only the one that ran with the argument
    cue = compiler.compile_lesson(CAT, "never ALL. only the failed ones", "Bash: make build && ./deploy.sh ALL")
    assert cue["calls"] == ["deploy.sh"] and cue["args"] == ["all"]
