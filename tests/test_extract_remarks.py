"""Remarks on the agent's act that correct it without the usual words of pushback (extract/remarks.py):
a review's labelled comments, a spec cited against it, a regression reported, a challenge behind a
hedge, and the unsure musing that leaves the work as it is."""
from __future__ import annotations

import pytest
from test_extract_named import after
from test_extract_pushback import candidates, ingest

from memkit.extract import remarks

EXPIRY = {"name": "Edit", "input": {"file_path": "src/auth/links.ts", "old_string": "sign(payload, key)",
                                    "new_string": "sign({ ...payload, exp: Date.now() + 3600000 }, key)"}}
SAID = "Magic links now carry an exp one hour after issue."

CORRECTIONS = {
    "review-labels": "src/auth/links.ts\n\nL12 blocking: exp is in seconds, this is milliseconds.\nL14 nit: name the "
                     "constant",
    "spec-cited": "RFC 7519 section 4.1.4: exp has to be a NumericDate, seconds since the epoch. this one is in "
                  "milliseconds",
    "regression": "the links used to expire after an hour. now:\n\n  TokenExpiredError: jwt expired\n\nright after they "
                  "are sent",
    "hedged-challenge": "I might be wrong here but shouldn't exp be in seconds? the other tokens divide by 1000",
    "complaint-passed-on": 'support ticket 4471:\n\n> "the login link in my email says it expired before I even opened '
                           'it"\n\nthree of those since lunch',
    "who-cleans-up": "and now what, every link we mailed today is dead. who's going to email the 300 people who could "
                     "not log in?",
    "screen-observed": "the link page now says 'expired' for every link we sent today. it normally shows the sign-in "
                       "button",
    "screen-stuck": "now there's a spinner stuck on the sign-in page forever after clicking the link",
    "suggested-change": "```suggestion\nsign({ ...payload, exp: Math.floor(Date.now() / 1000) + 3600 }, key)\n```\n"
                        "seconds, not ms",
    "diff-in-its-place": "```diff\n-sign({ ...payload, exp: Date.now() + 3600000 }, key)\n"
                         "+sign({ ...payload, exp: Math.floor(Date.now() / 1000) + 3600 }, key)\n```",
}
NONE = {
    "spec-cited-in-agreement": "the RFC 7519 text on exp matches what you did, good to know",
    "unsure-and-left": "hmm, maybe the expiry doesn't belong in links.ts, the config module instead? not sure tbh, "
                       "the admin links might want it too but maybe not. eh, leave it where it is for now, we'll see",
    "review-praise": "reviewed the diff, the expiry math reads well and the tests cover it",
    "diff-that-only-adds": "works. while you're there, add this too:\n```diff\n+export const LINK_TTL_SECONDS = 3600\n```",
    "diff-of-other-code": "unrelated, but can you apply this to the mailer?\n```diff\n-  retries: 3,\n+  retries: 5,\n```",
    "metric-better": "sign-in success went from 91% to 97% since this change, nice",
    "a-list-pasted": "the other service signs its links like this:\n```\n- sign({ ...payload, exp: Date.now() + "
                     "3600000 }, key)\n- verify(token, key)\n```\nsame as ours",
    "screen-as-wanted": "now the link page shows the sign-in button right away, exactly what I wanted",
}


@pytest.mark.parametrize("shape", sorted(CORRECTIONS))
def test_remarks_that_correct_the_act(vault, tmp_path, shape):
    ingest(vault, tmp_path, shape, after(EXPIRY, SAID, CORRECTIONS[shape]))
    [corr] = candidates(vault, "correction")
    # the person's own words: a file name alone or pasted output is left out
    assert all(line in CORRECTIONS[shape] for line in corr.meta["lesson"].splitlines())


@pytest.mark.parametrize("shape", sorted(NONE))
def test_remarks_that_do_not(vault, tmp_path, shape):
    ingest(vault, tmp_path, shape, after(EXPIRY, SAID, NONE[shape]))
    assert candidates(vault, "correction") == []


@pytest.mark.parametrize("words, how", [
    ("blocking: the lock is never released", "reviewed the act"),
    ("- L88-L90 suggestion: read SR once", "reviewed the act"),
    ("per the docs, retries must be idempotent", "cited the spec against the act"),   # with a sign (a rule)
    ("per the docs, the flag exists", ""),                                             # no sign of pushback
    ("this worked last week. since this build it crashes on launch", "reported what the act broke"),
    ("it used to be slow, nice work", ""),                                             # nothing broken now
    ("the export opens as one column in Excel now. this worked last week", "reported what the act broke"),
    ('user feedback:\n> "love the new links"\ngreat job', ""),                        # praise passed on
    ("the revenue panel now says 2.4 Mil for a Tuesday. it's normally around 24K", "reported what the act broke"),
    ("First Load JS went from 182 kB to 251 kB with this, drop it", "reported what the act broke"),
    ("now let's do the settings page", ""),                                            # "now": the next task
    ("p95 jumped from 80ms to 1.2s after the deploy, way too slow", "reported what the act broke"),
    ("responses are 6x bigger than before, 3G users wait ages", "reported what the act broke"),
    ("error rate went from 0.1% to 3% with this, mostly timeouts", "reported what the act broke"),
    ("the dropdown now overflows the header and the last rows are off-screen", "reported what the act broke"),
    ("the list is empty for any query with an accent since this went out", "reported what the act broke"),
    ("the search box is now hidden behind the keyboard on Android", "reported what the act broke"),
    ("all the prices show as NaN in the dropdown now", "reported what the act broke"),
    ("the dropdown sits on top of the nav bar now and I can't reach the menu", "reported what the act broke"),
    ("the dropdown now sits right under the box, exactly where it should be", ""),
    ("p95 went from 1.2s to 80ms after the deploy, thanks!", ""),                    # better, and content
    ("results look much better now, even misspelled names come first", ""),
])
def test_which_remark_a_message_is(words, how):
    from memkit.extract.pushback import scene_signs

    assert remarks.kind(words, words, scene_signs(words)) == how


def test_a_hedge_is_taken_off_a_challenge():
    assert remarks.unhedged("not 100% sure about this, but doesn't that drop the table?") == "doesn't that drop the table?"
    assert remarks.unhedged("correct me if I'm wrong: isn't it UTC?") == "isn't it UTC?"
    assert remarks.unhedged("shouldn't it be UTC?") == "shouldn't it be UTC?"


@pytest.mark.parametrize("text", [
    "support feedback:" + "\n" * 100_000 + "x",
    "L1 " + " \t" * 100_000 + "x",
    "thanks, great." + "\n \n" * 50_000 + "x",
    "it used to work " * 20_000,
    "```diff\n" + "-" * 100_000 + "\n```",
    "now it was " + "x " * 50_000 + "went from " * 10_000,
])
def test_a_huge_message_is_read_in_linear_time(text):
    import time

    from memkit.extract import pushback

    from memkit.extract.phrases import find

    start = time.perf_counter()
    remarks.kind(text, text, {"no"})
    pushback.scene_signs(text)
    pushback._after_courtesy(text)
    find("preference_markers", "fyi " + text)
    remarks.replaces(text, [])
    # ~0.6-0.8 s for the longest alone on a slow 2-core machine, more beside other test workers;
    # a pattern that backtracks over 100-320 KB takes minutes
    assert time.perf_counter() - start < 3.0


def test_dictated_punctuation_is_read_back_only_in_a_message_typed_without_any():
    from memkit.extract import signals

    said = "ok so next time reload it instead period a restart drops every connection comma twenty uploads died"
    assert signals.own_words(said) == ("ok so next time reload it instead. a restart drops every connection, "
                                       "twenty uploads died")
    assert signals.own_words("the billing period is monthly, keep it") == "the billing period is monthly, keep it"
    assert signals.own_words("use a comma here and a period there") == "use a comma here and a period there"
