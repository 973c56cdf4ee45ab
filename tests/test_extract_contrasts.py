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
