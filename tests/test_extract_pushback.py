"""Corrections the way people type them, and the near misses that must stay silent.

Every session is a small generic JSONL log ingested through the command line; the candidates are
read from the workshop on disk.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, write_generic

from memkit.storage import notes

EDIT = {"role": "assistant", "content": "I moved the retry loop into the client and added a cache.",
        "tool_calls": [{"id": "e1", "name": "Edit", "input": {"file_path": "src/client.py", "old_string": "x",
                                                             "new_string": "cache = {}"}}]}
EDIT_DONE = {"role": "tool", "tool_call_id": "e1", "content": "ok"}
PLAN = {"role": "assistant", "content": "Here is the plan:\n1. rewrite the importer\n2. add a progress bar\n"
                                        "Shall I start with the importer?"}


def candidates(vault: Path, kind: str = "*") -> list[notes.Note]:
    return [notes.read(p) for p in sorted((vault / "workshop" / "observations").glob(f"{kind}/*.md"))]


def ingest(vault: Path, tmp_path: Path, name: str, messages: list[dict]) -> None:
    log = write_generic(tmp_path / f"{name}.jsonl", messages, {"session_id": name, "agent": "generic",
                                                              "project": "atlas"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)


def after_edit(text: str) -> list[dict]:
    return [{"role": "user", "content": "speed up the client"}, EDIT, EDIT_DONE, {"role": "user", "content": text}]


def after_refused_edit(text: str) -> list[dict]:
    return [{"role": "user", "content": "print the report"},
            {"role": "assistant", "content": "Adding a formatter.", "tool_calls": [
                {"id": "c1", "name": "Edit", "input": {"file_path": "app/cli.py", "old_string": "pass\n",
                                                        "new_string": "output = format_report(rows)\n"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "rejected", "rejected": True},
            {"role": "user", "content": text}]


def after_plan(text: str) -> list[dict]:
    return [{"role": "user", "content": "plan the import work"}, PLAN, {"role": "user", "content": text}]


CORRECTIONS = {
    "question-why": after_edit("why did you add a cache there? the client is called once per run"),
    "question-whats-with": after_edit("what's with the global dict? nothing else in the module keeps state"),
    "question-isnt": after_edit("isn't the retry loop already in the transport layer?"),
    "question-did-you": after_edit("did you read the transport module before moving the loop?"),
    "question-purpose": after_edit("I'm puzzled, what's the purpose of caching a value we read once?"),
    "wait": after_edit("w8, hold on"),
    "stop": after_edit("stop, revert the cache first"),
    "thanks-then-redirect": after_edit("Thanks! Actually, in this repo we keep clients stateless, drop the cache"),
    "rule-restated": after_edit("please recall that you should not add module level state to clients"),
    "claim-wrong": after_plan("that's not right, the importer was rewritten last month and works fine"),
    "still-there": after_edit("the old retry helper is still there, you only copied it"),
    "agreement-first": after_plan("OK, but without the progress bar, the job runs in cron"),
    "agreement-first-use": after_plan("yes, but use the batch reader for the importer"),
    "draft-edit": after_plan("drop the second step and put the notes under docs/out/"),
    "draft-keep": after_plan("keep the original file names in the importer output"),
    "critique": after_edit("I don't see why a cache helps here, the data changes every call"),
    "polite-instead": after_edit("Could you keep the values in a local dict instead? module state leaks between tests"),
    "no-longer-done": after_edit("ugh we're past that. no module caches anymore, the transport layer keeps them"),
    "moved-on": after_edit("hmm, we migrated to the async transport last month, the retry loop lives there"),
    "thanks-what-then-but": after_edit("thanks, the client connects now! but a module dict outlives the request, "
                                       "tests leak into each other. Keep the values on the instance."),
    "thanks-then-put-back": after_edit("great, it's green. but that file is shared by every service. Can you put "
                                       "client.py back and add the cache in your own wrapper?"),
    "go-ahead-one-thing-first": after_plan("go ahead, but one thing first: don't cache anything at module level"),
    "sure-dash-dont": after_plan("sure — just don't touch the retry loop while you're in there"),
    "one-rule": after_plan("yes. one rule: the importer only ever reads from the replica"),
    "ok-but-condition": after_plan("ok in principle, but the importer must never write to the orders table"),
    "only-thing-dash": after_edit("appreciate it, the client connects. only thing — a module dict is a no-go here"),
    "relay-msg-from-team": after_edit('msg from the infra team in #ops: "the client cache filled the disk on '
                                      'worker-3". keep the cache per request'),
    "revert-after-act": after_edit("that module is generated from the schema. revert, change the schema instead"),
    "x-not-y": after_edit("instance state, not module state"),
    "next-time-plain": after_edit("next time you add a client, register it in clients/__init__.py too. the "
                                  "worker never loaded this one"),
    "going-forward": after_edit("going forward, client modules have to stay free of module state. the tests "
                                "leaked into each other"),
    "unfenced-compiler-error": after_edit("src/client.c:41:9: error: 'cache' undeclared (first use in this function)\n"
                                          "make: *** [all] Error 1\n\nwe don't keep globals in the client. pass the "
                                          "cache in from the caller"),
    "thanks-report-one-thing": after_edit("thanks, the client itself looks right. one thing though: I'd rather you "
                                          "didn't keep anything at module level. could you undo that part?"),
    "this-is-why": after_edit("the nightly job timed out again. this is why we don't cache connections in the client, "
                              "the pool owns them"),
    "review-then-rule": after_edit("looks good otherwise, one thing before I merge: we don't log whole responses here"),
    "polite-prefer": after_edit("Hmm, I'd really prefer we don't keep state in the client at all"),
    "not-something-i-can": after_plan("thanks, but a plan without numbers isn't something I can take to the team"),
    "ah-wait": after_edit("ah wait, the client name. every client here starts with the service name"),
    "why-code": after_edit("why cache_ttl=0? the transport already retries, leave the default"),
    "so-no-list": after_edit("the old runtime chokes on it: so no walrus, no match statements in the client"),
    "praise-then-next-time": after_edit("thanks, that runs! one thing for next time though: please don't put caches in "
                                       "the client, the transport owns them"),
    "works-but-can-we-not": after_edit("works, but can we not keep a module dict here? tests leak into each other"),
    "good-but-next-time": after_edit("looks good, but next time don't add state to the client without asking"),
    "last-time-you": after_edit("last time you were putting the cache behind the transport, why in the client now"),
    "you-have-it-installed": after_edit("you have the redis client installed, use that for the cache"),
    "mixed-up": after_edit("you're getting the two clients mixed up, the cache belongs to the batch one"),
    "as-we-agreed": after_edit("hmm, but in our last session we agreed the client stays stateless"),
    "ran-the-wrong-one": after_edit("it ran against the old transport instead of the new one"),
    "looks-right-but": after_edit("looks right but you skipped the retry test"),
    "no-need-to": after_edit("no need to cache anything, the client is called once per run"),
    "go-back": after_edit("go back to the version without the cache"),
    "cleaned-up-after": after_edit("ok so that cache is on the main branch now, I've reverted it in the web UI. please "
                                   "never push client changes straight to main"),
    "terse-not-against": after_edit("not against prod. the client tests only ever hit the sandbox"),
    "you-wiped": after_edit("I restored it from the backup. the cache write replaces the whole file, so you wiped "
                            "the other entries"),
    "praise-then-rule-later": after_edit("thanks, the timings look right! one thing for next time though: please no "
                                         "globals in the client, the transport owns state"),
    "fyi-for-the-future": after_edit("fyi for the future: please don't cache in the client, the transport does it"),
    "where-is-that-from": after_edit("where's that from? the retry budget is set by the gateway, not the client"),
    "you-cannot-know": after_edit("\"faster\" and \"fixed\"? nothing here ran the benchmark, you can't know that"),
    "thanks-but-you-must-not": after_edit("Thank you for the fix. But please, you must not keep state in the client."),
    "caveat-then-rule": after_edit("nice, the cache hits now. big caveat though: don't fill it at import time"),
    "pls-dont": after_edit("pls dont put a cache in the client, it breaks the worker pool"),
    "double-question": after_edit("did the client just keep the tokens in a module dict?? they leak across tenants"),
    "run-did-damage": after_edit("morning. last night's sync deleted the cached reports: the client cache was the only "
                                 "copy. the client never deletes files it did not write"),
    "paused-then-rule": after_edit("I paused the client at ~200 calls. the batch endpoint isn't for single lookups, "
                                   "those go through the read API"),
    "scope-it-back": after_edit("please scope it back to the staging tenants, nothing goes to all tenants at once"),
    "works-here-but": after_edit("hmm, it works on my laptop, but a module dict means every worker keeps its own "
                                 "copy in production"),
    # a standing rule said right after the act, tied to it by what it caused, a pasted failure or a
    # reviewer's words passed on
    "sigh-then-rule": after_edit("sigh. the cache filled the disk on every worker overnight. client code never "
                                 "keeps state across requests"),
    "emoji-then-rule": after_edit("\U0001F644 that went straight to the shared cache, tenants saw each other's "
                                  "tokens. tokens never go in a module cache"),
    "fixed-it-myself": after_edit("I fixed the retry count in the client myself: it's the gateway's budget, never a "
                                  "constant in our code"),
    "relayed-review": after_edit("Priya on the PR: \"a cache in the client breaks the worker pool.\" so no caches "
                                 "below the transport layer"),
    "broken-then-must": after_edit("doesnt work on the workers, they all share one token now. each request has to "
                                   "build its own session"),
    "thanks-green-but": after_edit("Thank you, it compiles and the tests pass. But one thing is not correct: the "
                                   "cache must live in the transport."),
    "not-ours-to-edit": after_edit("thanks! but src/ isn't ours to edit: the vendor sync overwrites it every night, "
                                   "such changes go to their tracker"),
    # no phrase of the lists: two signs of pushback right after the act (it judges the outcome,
    # points at what was done, tells what the person had to do, says no, shows feeling)
    "pointed-and-judged": after_edit("that cache you added broke the worker pool, every worker is stuck now"),
    "repaired-and-judged": after_edit("I reverted it this morning, the client was leaking tokens between tenants"),
    "felt-and-no": after_edit("ugh. the client doesn't need a cache, the transport has one"),
    "cost-then-we-never": after_edit("that loop made 40k calls to the paid API overnight, about $310. for next time: "
                                     "we never call the paid API in a retry loop"),
    # other styles (tests/data/correction-styles/fresh-*.json)
    "neither-option": after_plan("neither. the client config is generated from settings.toml, change that file"),
    "socratic-what-happens": after_edit("what happens to the cached token when the tenant switches mid-request?"),
    "what-are-you-doing": after_edit("what are you trying to do there? the client already retries in the transport"),
    "relayed-why": after_edit("Priya from the platform team asks why the client keeps a module cache at all"),
    "polite-better-not": after_edit("thank you. maybe it is better if the client does not keep state, we run many tenants"),
    "would-you-mind-not": after_edit("would you mind not adding module state? the workers share the process"),
    "sarcasm-asked-for-one": after_edit("I asked for one retry and got a whole backoff framework. great"),
    "sets-it-straight": after_edit("the tests failed all night. tenant ids are UUIDs, not integers"),
    "seems-strange": after_edit("a module cache in the client seems strange, nothing else here keeps state"),
    "in-another-language": after_edit("Não, tira esse cache do cliente, nenhum módulo aqui guarda estado"),
    "less-than-ideal": after_edit("hmm, a cache per module is less than ideal. I'm not a huge fan of state in clients"),
    "a-choice": after_edit("that's... a choice. the client is shared by every worker, perhaps not the best idea"),
    "claim-set-against-what-happened": after_edit("you said the client stays stateless, but I ran it twice and the "
                                                  "second run read the first run's cache"),
    "permission-narrowed": after_edit("I did say you could touch the client, but that didn't include caching in it"),
    "understated": after_edit("hmm, interesting choice to cache it at module level. not entirely convinced that "
                              "survives the worker pool"),
}


@pytest.mark.parametrize("shape", sorted(CORRECTIONS))
def test_each_shape_of_pushback_is_one_correction_in_the_persons_words(vault, tmp_path, shape):
    messages = CORRECTIONS[shape]
    ingest(vault, tmp_path, shape, messages)
    [corr] = candidates(vault, "correction")
    assert corr.meta["lesson"] == messages[-1]["content"]
    assert corr.meta["source"].endswith(f"#^t{len(messages)}]]")
    assert corr.meta["trigger"]
    assert candidates(vault, "preference") == []   # a rule said in a correction is stored once


NEAR_MISSES = {
    "next-time-you-then-no-work": after_edit("next time you are in this module, we can look at the logging "
                                             "together. the release job picked the change up"),
    "information-question": after_edit("how does the transport layer decide when to give up?"),
    "thats-all": after_edit("no, that's all for now"),
    "looks-fine": after_edit("actually that looks fine, leave it"),
    "go-ahead": after_plan("yes go ahead"),
    "thanks": after_edit("ok, thanks"),
    "small-talk": after_edit("great, nice work"),
    "new-task": after_edit("now add a test for the parser"),
    "no-agent-yet": [{"role": "user", "content": "why did the nightly build fail yesterday?"}],
    "pasted-output": after_edit("No such file or directory\nls: cannot access 'build/': No such file or directory"),
    "declined-offer": after_plan("no, I'll run the importer myself later"),
    "fixed-now": after_edit("nice, it doesn't time out anymore. can you also add a test"),
    "thanks-what-then-more": after_edit("thanks, it's fast now! but could you also add a test for the cache?"),
    "yes-but-lets-also": after_plan("yes, but let's also look at the exporter while we're at it"),
    "ok-but-explain": after_plan("ok, but explain to me how the retry loop decides to stop"),
    "go-back-to-the-top": after_edit("go back to the top of the file and add the logging import"),
    "thanks-what-then-remark": after_edit("great, that was quick! but the build server is slow today anyway"),
    "polite-ask": after_edit("could you also add a docstring to the client?"),
    "no-need-to-apologise": after_edit("no need to apologise, it happens"),
    "claim-asked-about": after_edit("you said it's stateless: does that hold when two workers share the process?"),
    "gripe-put-off": after_edit("I'm not wild about the old retry helper, but that's for another day. this looks good"),
    "not-a-fan-either": after_edit("not a huge fan of the old client either, so thanks for this"),
    "understated-praise": after_edit("well, that's not bad at all. rather tidier than the old client"),
    "a-warning-left-behind": after_edit("we dropped out of the slow-start warning with this, thank you"),
    "asks-what-is-installed": after_edit("do you have the redis client installed?"),
    "praise-then-another-task": after_edit("works great. one more thing: please make the timeout configurable"),
    "praise-then-keep-going": after_edit("perfect, that runs. for next time, keep going like this"),
    "as-discussed-go-on": after_edit("as we discussed, now move the retry loop too"),
    "last-time-continue": after_edit("last time you were working on the transport, continue from there"),
    "killed-then-reminder": after_edit("I killed the dev server, don't forget to restart it after the change"),
    "can-you-stop-server": after_edit("can you stop the server and restart it with the new client?"),
    "go-back-to-a-place": after_edit("go back to the top of the file and add the import"),
    "you-have-it-so-run": after_edit("you have node available, so run the client tests"),
    "no-need-to-ask": after_edit("no need to ask, just do it"),
    "praise-then-task": after_edit("great, that compiles. one more thing: add a test for the parser"),
    "cleaned-up-then-go-on": after_edit("ok I've deleted the old branch, please continue"),
    "works-here-but-more": after_edit("it works on my laptop, but can you also add a test for the cache?"),
    "not-that-only": after_edit("not bad at all, ship it"),
    "for-the-future-go-on": after_edit("for the future: please keep the commits this small, thanks"),
    "where-is-the-file": after_edit("where's the config file these days? I want to check the timeout"),
    "caveat-no-rule": after_edit("nice. one caveat: the docs page still shows the old flag, can you update it?"),
    "bring-it-back-up": after_edit("the server went down during the deploy, bring it back up please"),
    "the-job-finished": after_edit("the nightly job finished at 04:10, all green. now add the retry metric"),
    "shows-output": after_edit("when I run the client now I get this:\nTimeoutError: read timed out, it was fine before"),
    "task-with-a-no": after_edit("implement the retry metric next, it should not count cache hits"),
    "approval-with-a-no": after_edit("ok that works, nothing else broke either"),
    "only-questions": after_edit("is the old cache gone now? and the worker, is it not restarting?"),
    "status-remark": after_edit("the client you wrote is in review now, Sam will look at it tomorrow"),
    "rule-for-the-next-task": after_edit("great, that works. now add the endpoint, it must return 404 for unknown ids"),
    "fixed-then-next-task": after_edit("I fixed the typo in the README myself. now add a test for the parser"),
    "fallout-without-rule": after_edit("the nightly job failed again, the API was down for an hour"),
    "rule-without-fallout": after_edit("next, the exporter: rows never exceed 500 per file"),
    "pasted-failure-asks": after_edit("CI says:\n```\nFAILED tests/test_client.py::test_x\n```\nwhat does that "
                                      "mean? it must be the fixture"),
    "relayed-why-new-task": after_edit("Sam from support asks why the export page is slow, can you look at it next?"),
    "sincere-love": after_edit("the new retry metric is live and the on-call team is going to love it, thanks!"),
    "neither-just-curious": after_plan("neither, I was just curious how it works. carry on"),
    "sincere-verdict": after_edit("wow, this is great, not what I expected at all!"),
    "polite-better-later": after_edit("looks good. maybe it would be nicer if we also add a dark mode later"),
    "exactly-what-I-needed": after_edit("Thank you very much, this is exactly what I needed. could you explain why the order matters?"),
}


@pytest.mark.parametrize("case", sorted(NEAR_MISSES))
def test_near_misses_write_no_correction(vault, tmp_path, case):
    ingest(vault, tmp_path, case, NEAR_MISSES[case])
    assert candidates(vault, "correction") == []


def test_a_rule_under_a_pasted_failure_corrects_what_failed(vault, tmp_path):
    ingest(vault, tmp_path, "ci", after_edit("CI:\n```\nFAILED tests/test_client.py::test_isolation - AssertionError\n"
                                             "```\nno module state in the client, the tests share one process"))
    [corr] = candidates(vault, "correction")
    assert "no module state in the client" in corr.meta["lesson"] and "FAILED" not in corr.meta["lesson"]


REDO = [{"role": "assistant", "content": "Removed the cache.", "tool_calls": [
    {"id": "e2", "name": "Edit", "input": {"file_path": "src/client.py", "old_string": "cache = {}", "new_string": ""}}]},
    {"role": "tool", "tool_call_id": "e2", "content": "ok"}]
ELSEWHERE = [{"role": "assistant", "content": "Added the exporter.", "tool_calls": [
    {"id": "w2", "name": "Write", "input": {"file_path": "src/exporter.py", "content": "ROWS = 500"}}]},
    {"role": "tool", "tool_call_id": "w2", "content": "ok"}]


def test_a_rule_the_agent_answers_by_redoing_its_work_corrects_that_work(vault, tmp_path):
    ingest(vault, tmp_path, "redo", after_edit("client modules never keep state between calls here") + REDO)
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: src/client.py")
    assert corr.meta["lesson"] == "client modules never keep state between calls here"


@pytest.mark.parametrize("text, after", [
    ("client modules never keep state between calls here", ELSEWHERE),   # the agent went on to other work
    ("great, that works. now add the exporter, it must never write more than 500 rows", REDO),   # new work
])
def test_a_rule_without_the_work_redone_or_opening_new_work_is_no_correction(vault, tmp_path, text, after):
    ingest(vault, tmp_path, "rule", after_edit(text) + after)
    assert candidates(vault, "correction") == []


def test_a_direction_the_agent_answers_by_redoing_its_work_is_a_correction(vault, tmp_path):
    ingest(vault, tmp_path, "direct", after_edit("pls keep the client free of module state, tests share a process")
           + REDO)
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: src/client.py")


def test_work_redone_in_a_folder_the_agent_had_changed_counts_as_redone(vault, tmp_path):
    revert = [{"role": "assistant", "content": "Reverted.", "tool_calls": [
        {"id": "b2", "name": "Bash", "input": {"command": "git checkout HEAD~1 -- src/ && git commit -qam revert"}}]},
        {"role": "tool", "tool_call_id": "b2", "content": "ok"}]
    ingest(vault, tmp_path, "folder", after_edit("Sam just commented on the PR: \"leave src/ alone, it ships as is\". "
                                                 "so only the docs") + revert)
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: src/client.py")


@pytest.mark.parametrize("text", [
    "I'm unfamiliar with TypedDict. are the keys properties now? or am I misreading how it works?",
    "Recall the plan we agreed: phase 1 is done, phase 2 handles a missing cache. Let's continue.",
    "uninstall all traces of the VPN server",   # a bare task that weighs nothing done: the next task, even
    "enable verbose logging and restart the client",   # when the agent then works on the same files
])
def test_questions_a_go_ahead_or_the_next_task_before_the_work_goes_on_are_no_correction(vault, tmp_path, text):
    ingest(vault, tmp_path, "goon", after_edit(text) + REDO)
    assert candidates(vault, "correction") == []


@pytest.mark.parametrize("text", [
    'Theo requested changes on #12: "the client never keeps state, every test shares the process"',
    "got this from ops:\n> the client cache filled the disk on every worker\nclient modules never keep state",
    "ops just forwarded me this:\n```\n12:41 worker-3 disk full\n```\nclient modules never keep state",
    "Leif ran it this morning and got\n```\nRun-time error '1004': cache lookup failed\n```\n"
    "because two people ran it at once. no module state in our clients",
    'from our handbook (wiki > Services > Clients): "client modules never keep state between requests." that is '
    "how the cache filled the disk last spring",
    "this not works, the worker stops after one job. client modules never keep state",   # non-native English
    "forwarding from Ines (support): \"a customer saw another customer's data\". so please: never keep "
    "state in a client module",
    "CI on the branch:\n```\nFAILED tests/test_client.py::test_isolation\n```\nevery client gets its state "
    "from the request, like `Client(req.state)`",
])
def test_a_rule_under_relayed_words_or_a_pasted_failure_corrects_the_act(vault, tmp_path, text):
    ingest(vault, tmp_path, "relay", after_edit(text))
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: src/client.py")


def test_the_corrected_call_is_the_work_not_the_commit_that_followed_it(vault, tmp_path):
    commit = {"role": "assistant", "content": "Committed and pushed.",
              "tool_calls": [{"id": "g1", "name": "Bash", "input": {"command": "git commit -qam 'cache' && git push -q"}}]}
    ingest(vault, tmp_path, "ceremony", [*after_edit("x")[:3], commit, {"role": "tool", "tool_call_id": "g1",
                                                                        "content": "ok"},
                                         {"role": "user", "content": "sigh. the cache filled the disk on every worker "
                                                                     "overnight. client code never keeps state"}])
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: src/client.py")


def test_pasted_output_is_left_out_of_the_lesson(vault, tmp_path):
    text = ("it still fails, you skipped the migration step:\n"
            "$ make migrate\n"
            "Error: relation \"jobs\" does not exist\n"
            "No such file or directory")
    ingest(vault, tmp_path, "paste", after_edit(text))
    [corr] = candidates(vault, "correction")
    assert corr.meta["lesson"] == "it still fails, you skipped the migration step:"


def test_a_redirect_after_a_refused_call_names_the_call(vault, tmp_path):
    ingest(vault, tmp_path, "refused", [
        {"role": "user", "content": "tidy the build folder"},
        {"role": "assistant", "content": "Removing it.", "tool_calls": [
            {"id": "c1", "name": "Bash", "input": {"command": "rm -rf build/"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "rejected", "rejected": True},
        {"role": "user", "content": "move it to archive/ instead"},
    ])
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"] == "Bash: rm -rf build/ (rejected)"
    assert corr.meta["lesson"] == "move it to archive/ instead"


@pytest.mark.parametrize("text", [
    "that line is over the limit, so the linter will complain, why not inline it into the call?",
    "the helper already exists; could you reuse it instead of a new one?",
])
def test_a_suggestion_after_a_remark_on_a_refused_call_is_a_correction(vault, tmp_path, text):
    ingest(vault, tmp_path, "suggested", after_refused_edit(text))
    [corr] = candidates(vault, "correction")
    assert corr.meta["lesson"] == text


@pytest.mark.parametrize("text", ["hmm, can you explain why you need this change?", "I don't get it, why not?"])
def test_a_question_after_a_remark_on_a_refused_call_is_no_correction(vault, tmp_path, text):
    ingest(vault, tmp_path, "asked-after", after_refused_edit(text))
    assert candidates(vault, "correction") == []


def test_a_question_after_a_refusal_that_redirects_nothing_is_no_correction(vault, tmp_path):
    ingest(vault, tmp_path, "asked", [
        {"role": "user", "content": "tidy the build folder"},
        {"role": "assistant", "content": "Removing it.", "tool_calls": [
            {"id": "c1", "name": "Bash", "input": {"command": "rm -rf build/"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "rejected", "rejected": True},
        {"role": "user", "content": "where does the build script put its cache?"},
    ])
    assert candidates(vault, "correction") == []


def test_a_message_sent_again_after_an_api_error_is_one_correction_with_both_turns(vault, tmp_path):
    text = "why did you add a cache there? the client is called once per run"
    ingest(vault, tmp_path, "resent", after_edit(text) + [
        {"role": "system", "content": "API Error: 529 overloaded"},
        {"role": "user", "content": text},
    ])
    [corr] = candidates(vault, "correction")
    assert corr.meta["sources"] == [corr.meta["source"], corr.meta["source"].replace("^t4", "^t6")]


@pytest.mark.parametrize("text, lifecycle", [
    ("no, never keep state in a client module, we pass it in", "knowledge"),
    ("no, in this repo we keep clients stateless", "knowledge"),
    ("no, I prefer small functions over a cache like that", "self"),
    ("no, use the other file for that", "operational"),
])
def test_durable_lessons_are_told_from_one_off_steering(vault, tmp_path, text, lifecycle):
    ingest(vault, tmp_path, "life", after_edit(text))
    [corr] = candidates(vault, "correction")
    assert corr.meta["lifecycle"] == lifecycle
    durable = lifecycle != "operational"
    assert (corr.meta["importance"] >= 0.75) is durable


def test_a_standing_wish_without_a_correction_is_a_preference(vault, tmp_path):
    ingest(vault, tmp_path, "pref", [{"role": "user", "content": "from now on keep commits small and focused"}])
    [pref] = candidates(vault, "preference")
    assert pref.meta["lesson"] == "from now on keep commits small and focused"
    assert candidates(vault, "correction") == []


def test_a_polite_question_about_the_future_is_a_preference(vault, tmp_path):
    ingest(vault, tmp_path, "ask", after_plan("thanks. one thing for the future: when you report a timing, "
                                              "could you say which machine and load it was measured on?"))
    [pref] = candidates(vault, "preference")
    assert pref.meta["lesson"].startswith("one thing for the future: when you report a timing")
    ingest(vault, tmp_path, "info", after_plan("could you say which machine it was?"))
    assert len(candidates(vault, "preference")) == 1   # a plain question asks for information


def test_the_console_reader_flags_a_refused_plan_and_a_declined_edit(vault, tmp_path):
    copy = tmp_path / "console.md"
    copy.write_text("\n".join([
        "╭──────────────────────────────╮",
        "│ ✻ Welcome to Claude Code!    │",
        "│   cwd: /home/dev/atlas        │",
        "╰──────────────────────────────╯",
        "",
        "> plan the importer rewrite",
        "  ⎿  User rejected Claude's plan:",
        "     ╭──────────────╮",
        "     │ Plan: rewrite │",
        "     ╰──────────────╯",
        "",
        "> keep the old parser, only add the batch reader",
        "",
        "⏺ Update(src/importer.py)",
        "  ⎿  (No changes)",
        "",
        "> name it read_batches, not load_all",
        "",
    ]) + "\n", encoding="utf-8")
    run_cli("--vault", str(vault), "ingest", str(copy), check=True)
    lessons = sorted(c.meta["lesson"] for c in candidates(vault, "correction"))
    assert lessons == ["keep the old parser, only add the batch reader", "name it read_batches, not load_all"]
    triggers = sorted(c.meta["trigger"] for c in candidates(vault, "correction"))
    assert triggers[0].startswith("ExitPlanMode") and triggers[0].endswith("(rejected)")
    assert triggers[1] == "Update: src/importer.py (rejected)"


def test_the_trigger_of_a_long_edit_shows_the_line_the_correction_names(vault, tmp_path):
    body = "\n".join(f"def helper_{i}(value):\n    return value * {i}\n" for i in range(12))
    body += "\ndef connect():\n    return psycopg.connect(autocommit=True)\n"
    write = {"role": "assistant", "content": "Added the helpers and the connection.",
             "tool_calls": [{"id": "w1", "name": "Write", "input": {"file_path": "src/db.py", "content": body}}]}
    ingest(vault, tmp_path, "long-edit", [
        {"role": "user", "content": "add the db helpers"}, write, {"role": "tool", "tool_call_id": "w1", "content": "ok"},
        {"role": "user", "content": "no autocommit=True in psycopg.connect here, we run every write in a transaction"}])
    [corr] = candidates(vault, "correction")
    assert "psycopg.connect(autocommit=True)" in corr.meta["trigger"]
    assert corr.meta["trigger"].startswith("Write: src/db.py — … ")


HANDED = {"role": "assistant", "content": "Pushed. You can now check the CI run on GitHub; please let me know the "
                                          "results and we'll go on."}
OFFER = {"role": "assistant", "content": "Pushed. Let me know if you'd like the changelog updated as well."}


RUN_THAT = {"role": "assistant", "content": "Here is the check:\n```\ngh run list --limit 1\n```\nRun that and let "
                                            "me know:\n1. Is it green?\n2. How long did it take?"}


@pytest.mark.parametrize("agent, text", [
    (HANDED, "Use gh to check the CI status"), (HANDED, "you run it and tell me what it says"),
    (HANDED, "can't you just check it with the gh cli?"),
    (HANDED, "please run the full CI check yourself and write up what fails"),
    (RUN_THAT, "please run the check and the lint too, then summarise"),
])
def test_saying_to_do_the_step_the_agent_handed_over_is_a_correction(vault, tmp_path, agent, text):
    ingest(vault, tmp_path, "handed", [{"role": "user", "content": "push the fix"}, agent,
                                       {"role": "user", "content": text}])
    [corr] = candidates(vault, "correction")
    assert corr.meta["lesson"] == text


@pytest.mark.parametrize("agent, text", [
    (OFFER, "use the release script to tag it next"),            # an offer, no step handed over: new work
    (HANDED, "great, all green. now add the exporter"),           # the person did the step
])
def test_new_work_after_a_step_or_an_offer_is_no_correction(vault, tmp_path, agent, text):
    ingest(vault, tmp_path, "offer", [{"role": "user", "content": "push the fix"}, agent,
                                      {"role": "user", "content": text}])
    assert candidates(vault, "correction") == []


@pytest.mark.parametrize("text, after", [
    ("😳 400 hosts in one go. a canary group first, every time", []),                    # shock, then the rule
    ("great, and now every client that reconnects is told to restart again, they have been boot-looping "
     "since noon. restart commands are never retained", REDO),                          # sarcasm: the fallout
    ("thanks! but I can't read the chart, I'm colourblind. series never differ only by colour", REDO),
    ("Review from Nadia on #318: client modules never keep state between calls", []),    # a review relayed
    ("ok, the totals match. next: the exporter. oh and client modules never keep module state", REDO),
    ("ok, the totals match. next: the exporter. oh and money always gets rounded half-up, per line", REDO),
])
def test_a_rule_after_the_act_in_the_ways_people_say_it_is_a_correction(vault, tmp_path, text, after):
    ingest(vault, tmp_path, "rule", after_edit(text) + after)
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: src/client.py")


@pytest.mark.parametrize("text, after", [
    ("😳 wow, that was quick", []),                                                      # surprise, no rule
    ("ok, the totals match. next: the exporter. oh and client modules never keep module state", ELSEWHERE),
    ("thanks! that reads well", REDO),
    ("ok, the totals match. next: the exporter, it always runs after the import", REDO),   # says what happens
])
def test_a_reaction_or_an_aside_the_agent_does_not_act_on_is_no_correction(vault, tmp_path, text, after):
    ingest(vault, tmp_path, "aside", after_edit(text) + after)
    assert candidates(vault, "correction") == []


@pytest.mark.parametrize("text", [
    "oops, please fix the name of the cache. just call it client_cache",
    "the client shouldn't hold that cache, move it to the worker",
    'Ops just messaged: "the workers ran out of memory". so every client we ship is written without a cache',
])
def test_a_direction_that_weighs_the_work_and_is_answered_by_a_redo_is_a_correction(vault, tmp_path, text):
    ingest(vault, tmp_path, "weighs", after_edit(text) + REDO)
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: src/client.py")


OWNED = [{"role": "assistant", "content": "I'm sorry, that cache should not have gone into the client. Moving it."}]


def test_a_direction_the_agent_answers_by_owning_a_mistake_is_a_correction(vault, tmp_path):
    # no opener, no rule word: the agent's own "I'm sorry" says the work was wrong
    ingest(vault, tmp_path, "owned", after_edit("the worker holds caches in this codebase, the client stays thin")
           + OWNED)
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: src/client.py")


@pytest.mark.parametrize("text", [
    "what does the client cache hold exactly?",   # a question the agent apologises to
    "thanks, now add the exporter",   # the next task
])
def test_an_apology_after_a_question_or_the_next_task_makes_no_correction(vault, tmp_path, text):
    ingest(vault, tmp_path, "sorry", after_edit(text) + OWNED)
    assert candidates(vault, "correction") == []


GRANTED = [{"role": "assistant", "content": "You're absolutely right! The client shouldn't hold that cache. Moving it."}]


@pytest.mark.parametrize("text", [
    "does the cache in the client add anything the worker doesn't already do?",   # pushback asked as a question
    "hmm, isn't this the same cache the worker keeps",
    "the worker already has one of these, the client stays thin",
    "oh my! look at how the worker names its caches and do the same here",   # dismay, then a direction
    "almost. the worker names them client_cache_*",
])
def test_words_the_agent_grants_as_a_point_against_its_work_are_a_correction(vault, tmp_path, text):
    # no opener, no rule word, no redo: the agent's "You're absolutely right" says its work was wrong
    ingest(vault, tmp_path, "granted", after_edit(text) + GRANTED)
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: src/client.py")


def test_a_question_after_a_refused_call_that_the_agent_grants_is_a_correction(vault, tmp_path):
    answer = [{"role": "assistant", "content": "Good catch, the header keeps the old date format. Leaving it."}]
    ingest(vault, tmp_path, "refused", after_refused_edit("does the header still need the old date format?") + answer)
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"].startswith("Edit: app/cli.py")


@pytest.mark.parametrize("text, answer", [
    ("we should also add a changelog entry for this", GRANTED),   # the next piece of work, granted
    ("thanks, that reads well", GRANTED),                            # approval
    ("continue with the exporter", GRANTED),                         # a go-ahead
    ("did I miss a step? the page still shows the old list when I open it", GRANTED),   # their own try
    ("hmm, still the old list on the page. run it again", GRANTED),   # the same step once more
    ("how do you plan to go about it? it seems like a big step", GRANTED),   # the plan asked for
    ("does the cache in the client add anything the worker doesn't already do?",   # the same question, answered
     [{"role": "assistant", "content": "It does: the client cache keeps the last page for offline use."}]),
])
def test_a_grant_after_new_work_or_approval_and_a_plain_answer_make_no_correction(vault, tmp_path, text, answer):
    ingest(vault, tmp_path, "plain", after_edit(text) + answer)
    assert candidates(vault, "correction") == []


@pytest.mark.parametrize("text", [
    "log in to the registry with my account",   # the same request sent again
    "how do we keep you logged in to the registry between sessions",   # a question without its mark
])
def test_a_request_sent_again_or_a_question_after_an_interruption_is_no_correction(vault, tmp_path, text):
    login = {"role": "assistant", "content": "Logging in.", "tool_calls": [
        {"id": "l1", "name": "Bash", "input": {"command": "gh auth login --web"}}]}
    ingest(vault, tmp_path, "again", [{"role": "user", "content": "log in to the registry with my account"}, login,
                                      {"role": "tool", "tool_call_id": "l1", "content": "waiting for the browser"},
                                      {"role": "user", "content": "[Request interrupted]", "interrupt": True},
                                      {"role": "user", "content": text}])
    assert candidates(vault, "correction") == []


def test_a_terminal_pasted_whole_after_a_refusal_is_no_correction(vault, tmp_path):
    # the person ran the step in their own terminal and pasted it: nothing they wrote corrects
    run = {"role": "assistant", "content": "Running the audit.", "tool_calls": [
        {"id": "a1", "name": "Bash", "input": {"command": "sudo ./audit.sh"}}]}
    paste = "me@mac ~ % ./audit.sh\n" + "\n".join(f"[+] check {n} passed: sshd, firewall and disk" for n in range(30))
    ingest(vault, tmp_path, "paste", [{"role": "user", "content": "audit the machine"}, run,
                                      {"role": "tool", "tool_call_id": "a1", "content": "rejected", "rejected": True},
                                      {"role": "user", "content": paste}])
    assert candidates(vault, "correction") == []
