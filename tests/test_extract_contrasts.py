"""What a person sets against the agent's act, read without the usual words of pushback: what was
expected beside what the act gave, crosses on a checklist, an agreement recalled, a bare value
asked back, and what the act put in asked to be taken out. Each with the near misses that look
the same and correct nothing."""
from __future__ import annotations

from memkit.extract import contrasts
from memkit.traces.model import ToolCall


def test_expected_set_against_what_the_act_gave():
    assert contrasts.mismatch('the header should read "Total (EUR)", right now it reads "Total"')
    assert contrasts.mismatch("expected: `2024-03-01T00:00:00Z`. actual: `2024-03-01 00:00`")
    assert contrasts.mismatch("for an empty cart it should show 0.00, currently it shows -0.00")
    # checked examples that all agree are a verification, not a correction
    assert not contrasts.mismatch("expected 14, got 14. expected 9, got 9. all good")
    assert not contrasts.mismatch("I expected it to be slow, and actually it's still quick")
    assert not contrasts.mismatch("what did you expect the output to be?")


def test_a_checklist_with_the_agents_items_crossed():
    assert contrasts.crossed("✅ schema\n❌ the seed script still writes plain passwords")
    assert contrasts.crossed("build ✅ lint ✅ docs ❌ — the README still shows the old flag")
    assert not contrasts.crossed("✅ schema\n✅ seeds\n❌ load test — that one's on me, tomorrow")
    assert not contrasts.crossed("✅ everything, thanks")
    # a failing test as a test runner prints it, pasted: not the person's verdict
    assert not contrasts.crossed("  ✓ it lists books\n  ✗ it finds a book by title")


def test_an_agreement_recalled():
    assert contrasts.recalls_agreement("as we agreed yesterday, the cache layer stays out of the domain package")
    assert contrasts.recalls_agreement("we already talked about this: no new singletons")
    assert not contrasts.recalls_agreement("we agreed on the colours with design, now do the header")


def test_a_bare_value_asked_back():
    for asked in ("`poetry.lock`?", "timeout: 5s in prod?", "`~/.config/app/env`?", "NODE_ENV=development?"):
        assert contrasts.bare_value(asked), asked
    for asked in ("tests?", "done?", "pnpm?", "what about `x.py`?", "is `main.py` next?",
                  "/var/log/app.log? I just want to tail it"):
        assert not contrasts.bare_value(asked), asked


def _write(path: str, content: str) -> ToolCall:
    return ToolCall(id="t1", name="Write", input={"file_path": path, "content": content})


def test_what_the_act_put_in_asked_to_be_taken_out():
    acted = [_write("deploy/api/pdb.yaml", "kind: PodDisruptionBudget"), _write("src/cache.ts", "export const useCache = 1")]
    assert contrasts.takes_out("only the limits were asked for. take both out", acted)
    assert contrasts.takes_out("the cluster has no PDBs anywhere; drop the pdb.yaml", acted)
    assert contrasts.takes_out("fine otherwise, but remove `useCache`, we read through the store", acted)
    # removing something the act did not write, or taking a thing out of a state
    assert not contrasts.takes_out("remove the `legacyAuth` flag too", acted)
    assert not contrasts.takes_out("take it out of draft and open the PR", acted)


def test_a_line_that_quotes_values_in_code_spans_is_the_persons_own():
    from memkit.extract import signals

    typed = "expected `1,204.10` and `7,000.00`. actual, in the csv: `1,204.1` and `7,000`. use `:.2f`."
    assert signals.own_words(typed) == typed
    # output a person pastes has no spans: a row of figures stays out
    assert signals.own_words("looks off:\n2024-05-01  1,204.1  7,000  0.13  -12.5") == "looks off:"


def _verdict(words: str, acted: list[ToolCall], proposal: str = "Done: the change is in and the tests pass.") -> str:
    from memkit.extract import pushback

    found = pushback.verdict(words, pushback.Scene(rejected=(), interrupted=False, acted=tuple(acted), proposal=proposal))
    return found[0] if found else ""


def test_what_the_act_will_cause_and_what_to_do_instead():
    acted = [_write("api/middleware/log.py", "logger.info('request %s', request.json())")]
    assert "will cause" in _verdict("every password and token in a login body lands in Loki with this. "
                                    "log the route, the status and the request id.", acted)
    assert "will cause" in _verdict("that runs a full table scan on every single request now. add an index on "
                                    "(tenant_id, created_at) in the same migration.", acted)
    # content with the work, or the next task, or no direction at all
    assert not _verdict("with this the import works end to end. commit it", acted)
    assert not _verdict("with this in place, what would a retry cost us?", acted)
    assert not _verdict("this will be fine for the demo, thanks. push it", acted)


def test_what_it_gives_set_against_what_it_should():
    assert contrasts.mismatch("round(2.675, 2) gives 2.67 with this, should be 2.68")
    assert contrasts.mismatch('the greeting shows "Hello, None" for guests - should say "Hello"')
    assert not contrasts.mismatch("it gives 2.68, as it should")


def test_the_wrong_place_and_a_reference_to_work_like():
    acted = [ToolCall(id="t1", name="Bash", input={"command": "kubectl -n payments rollout restart deploy/api"})]
    assert _verdict("you were in the prod cluster, not staging. scale it back down and tell me when", acted)
    assert _verdict("see how the orders client retries? build this one the same way, with the backoff helper", acted)
    assert not _verdict("we're in the prod cluster now, so go slowly and show me each step", acted)


def test_the_persons_own_version_of_a_draft_in_place_of_the_agents():
    proposal = "Here is the release note:\n\n```\nVarious fixes and improvements to sync.\n```\n\nShall I publish it?"
    mine = ("```\nSync no longer drops edits made offline: changes queued while the app had no network are\n"
            "now sent in order once it reconnects.\n```")
    assert contrasts.rewrites_draft(mine, proposal)
    # a log pasted in a block is no version of the draft, nor is a block with the person's question around it
    assert not contrasts.rewrites_draft("```\n2024-06-01 12:00:01 ERROR sync 502 /v1/push 1.2s\n```", proposal)
    assert not contrasts.rewrites_draft("can you say it more like this, and why not?\n```\nSync keeps offline edits.\n```",
                                        proposal)


def test_another_agents_work_handed_to_this_one_to_mend():
    acted = [_write("api/Dockerfile", "FROM node:20\nCOPY . .\nRUN npm ci")]
    assert "another agent" in _verdict("Codex, look at what Claude just did in api/Dockerfile: it copies the .env into "
                                       "the image. add a .dockerignore and copy only what the build needs.", acted)
    assert "another agent" in _verdict("reviewer agent: the previous agent's new cache key never expires. "
                                       "give it a TTL of an hour.", acted)
    # a hand-over of work that is fine, and a task for another agent that says nothing of the work
    assert not _verdict("Gemini, write the changelog entry for what Claude just shipped, it's good to go", acted)
    assert not _verdict("Sonnet, please add a health check endpoint to the api", acted)


def test_pieces_the_message_names_taken_out_by_a_pronoun():
    acted = [_write("tmp_check.py", "print(1)"), _write("notes.txt", "x")]
    assert contrasts.takes_out("the fix is in, but tmp_check.py and notes.txt are still lying in the root. delete them",
                               acted)
    assert not contrasts.takes_out("config.old and backup.sql are ancient. delete them", acted)


def test_status_approvals_and_next_tasks_are_no_correction():
    """Messages a person types after the act that look like the rules above and correct nothing."""
    acted = [_write("src/dates.py", "def parse_date(s): ...")]
    for said in ("Looks good. Merge?", "nice. tests?", "Works as expected - it now shows 12 rows. Next, add pagination.",
                 "The endpoint returns 200 in 40ms now, should be fine for 1000 users. Let's write the changelog.",
                 "ok the deploy should be live in 5 minutes; currently it is at step 3 of 7. write the release notes",
                 "Thanks, you fixed it before I even noticed the alert. Now let's look at the login page.",
                 "Perfect, now do these the same way for the orders and billing services.",
                 "now run the migrations in this order: users, orders, payments.",
                 "I should've mentioned, the API key is in .env. Use it to hit the staging endpoint.",
                 "The API is now live. Write the release notes for it.",
                 "you're in luck, not much left to do: just add the CLI flag for verbose mode."):
        assert not _verdict(said, acted), said
    # and the corrections beside them still are
    assert _verdict("No, that's still wrong. I just want to get it right: use UTC everywhere, not local time.", acted)


def test_the_new_readings_stay_fast_on_long_messages():
    import time

    acted = [_write("a.py", "x")]
    for said in ("the logs are noisy. drop them " + "1" * 20000, ", should be 1 gives 2 " * 5000,
                 "expected 1, got " * 6000):
        start = time.perf_counter()
        _verdict(said, acted)
        assert time.perf_counter() - start < 1.0


def test_a_question_passed_on_is_read_in_one_pass_over_a_long_message():
    """"Ana asks why …" is read against the whole message at once: a pasted log with "asks" near its
    top and "why" at its end once took the reader 25 s, trying the message from each line's start."""
    import time

    acted = [_write("a.py", "x")]
    said = "she asks about it\n" + "\n".join(f"line {i}: the value is fine" for i in range(5000)) + "\nwhy"
    start = time.perf_counter()
    _verdict(said, acted)
    assert time.perf_counter() - start < 1.0
    # the question passed on is still read, and still not when new work is asked for besides it
    assert _verdict("Ana from the data team asks why the importer keeps a second copy of every row", acted)
    assert not _verdict("Can you add paging to the list?\nAna asks why the importer keeps a second copy of every row",
                        acted)
