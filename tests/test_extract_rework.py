"""Pushback that no opening phrase announces (memkit/extract/rework.py): said again, quoted back,
one point among others, asked not to, told beside a colleague, a list of what to fix, the right
code shown. And the messages of the same shapes that are no correction."""
from __future__ import annotations

import pytest
from conftest import run_cli, write_generic
from test_extract_pushback import after_edit, after_plan, candidates, ingest

from memkit.extract import rework, signals

CORRECTIONS = {
    "once-again": after_edit("once again, this client keeps no state of its own. take the dict out"),
    "nth-time": after_edit("for the fourth time, the retry loop belongs to the transport. move it back there"),
    "like-i-said": after_edit("like i said on monday, we don't cache in clients"),
    "if-again": after_edit("if you add module state to a client one more time I'll lock the folder. drop it"),
    "quoted-back": after_plan('"rewrite the importer" — no, it was rewritten in spring and it works'),
    "quoted-back-stays": after_edit('"added a cache" — the client is created per request. the old lookup stays'),
    "can-we-not": after_edit("thx. can we not keep a global there, pass it in from the caller"),
    "addressed": after_edit("@lena have a look, it added state again. @assistant the rule here is stateless "
                            "clients, take the cache out"),
    "bot-aside": after_edit("@lena the cache is in this diff, we said it waits for the redesign (bot: keep the "
                            "old client, only the retry)"),
    "point-among-others": after_edit("quick update:\n1) the staging box is back up\n2) thats the wrong client in "
                                     "your change, the async one replaced it — kill it and restart from main\n"
                                     "3) standup moves to 10"),
    "status-delete-redo": after_edit("great, two things. marketing wants it friday. and the export can't have "
                                     "emails in it, so delete that file and regenerate it with ids only"),
    "fix-list": after_edit("needs another pass:\n- the cache won't survive a fork\n- retries go through the "
                           "transport\n- drop the global"),
    "almost-but": after_edit("almost, but the cache isn't per client, it is per process. pass it in"),
    "not-quite": after_plan("not quite: the importer stays, only the progress bar is new"),
    "snippet": after_edit("```python\nclient = Client(cache=caller_cache)\n```\npassed in, not a module global"),
}

NEAR_MISSES = {
    "almost-there": after_edit("almost there! great, run the tests when you're done"),
    "once-again-thanks": after_edit("once again, thanks, this is exactly it"),
    "list-of-next-work": after_edit("next:\n- add a test for the parser\n- document the client\n- bump the version"),
    "status-only": after_edit("quick update:\n1) the staging box is back up\n2) standup moves to 10\n3) new laptop "
                              "arrives friday"),
    "mention-of-a-file": after_edit("@claude-notes/day-3.md has the context from yesterday, read it and continue"),
    "pasted-terminal": after_edit("```\nana@laptop ~ % ls build\nls: build: No such file or directory\n```\n"
                                  "not sure what that means, is it expected?"),
    "quote-of-someone-else": after_edit('"ship it friday" — that is what marketing said, so plan for it'),
    "second-time-today": after_edit("for the second time today the CI is green, nice. don't forget the changelog"),
    "if-again-task": after_edit("if you hit the rate limit again, wait a minute and retry"),
    "quoted-approval": after_edit('"moved the retry loop into the client" — nice, no more duplicate code'),
    "lets-not-worry": after_edit("let's not worry about windows for now, ship linux first"),
    "at-agent-task": after_edit("@claude add tests for the parser too"),
    "at-agent-thanks": after_edit("@claude thanks, no further changes needed from my side"),
    "take-a-look": after_edit("thanks. take a look and figure out why the build is slow"),
    "drop-and-regenerate-other": after_edit("good. now drop the old branch and regenerate the docs"),
    "review-checklist": after_edit("review checklist:\n- no print statements left\n- tests pass\n- docs updated"),
    "new-issues": after_edit("nice. new issues to look at:\n- login page doesn't load on safari\n- export is missing the "
                             "header row"),
    "pasted-log-block": after_edit("```\nCreated table users\nMigration 0042 applied successfully\n```\ndone, the db isn't "
                                   "empty anymore"),
    "snippet-question": after_edit("```python\nclient = Client()\n```\nis this not the same as before?"),
}


@pytest.mark.parametrize("shape", sorted(CORRECTIONS))
def test_unannounced_pushback_is_one_correction(vault, tmp_path, shape):
    messages = CORRECTIONS[shape]
    ingest(vault, tmp_path, shape, messages)
    [corr] = candidates(vault, "correction")
    assert corr.meta["trigger"]


@pytest.mark.parametrize("shape", sorted(NEAR_MISSES))
def test_the_same_shapes_without_pushback_stay_silent(vault, tmp_path, shape):
    ingest(vault, tmp_path, shape, NEAR_MISSES[shape])
    assert candidates(vault, "correction") == []


def test_a_typed_numbered_point_is_the_persons_words_and_a_numbered_listing_is_not():
    text = "update:\n1) thats the old ref in your command, use refs/hg38\n2) 0.31 0.44 0.95 12.0 7.7"
    words = signals.own_words(text)
    assert "use refs/hg38" in words and "0.31" not in words


def test_a_quote_counts_only_when_the_agent_said_it():
    assert rework.verdict('"moves the loop" — no, it copies it', "This moves the loop into the client.")
    assert not rework.verdict('"moves the loop" — no, it copies it', "I rewrote the parser.")


@pytest.mark.parametrize("words, raw", [
    ("like I said, I'm not in tomorrow, so go ahead and merge when green", ""),
    ("nice, this is much cleaner, not bad at all", "```js\nconst x = await fetch(url)\n```\nnice, this is much cleaner"),
    ("for the 3rd time this week prod is stable, no changes from us", ""),
    ("ok cool. take your time, check out the release branch first", ""),
])
def test_praise_or_a_go_ahead_beside_the_signs_is_no_pushback(words, raw):
    assert rework.verdict(words, "I moved the retry loop into the client.", raw or words) == ""


def test_long_and_hostile_messages_are_read_quickly():
    import time

    start = time.perf_counter()
    for text in ("\n" * 20000, "```\n" + "\n" * 20000, "@" * 20000, "a" + " " * 20000 + "b", "note: " * 3000):
        rework.verdict(text, "", text)
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("words", [
    "like I said, the tests pass now, go ahead and merge",
    "nice, that's not bad at all",
    "yeah like I said earlier, keep going",
    "ok, let's move on to the docs",
    "I said yes already, go",
    "I told you it would work, nice",
    "never mind, I figured it out",
    "stop here for today, thanks",
])
def test_a_go_ahead_that_holds_nothing_back_is_no_correction(vault, tmp_path, words):
    ingest(vault, tmp_path, "ahead", after_edit(words))
    assert candidates(vault, "correction") == []


@pytest.mark.parametrize("words", [
    "like I said, don't merge yet, the client keeps state",
    "that's not what I asked, go ahead and redo it without the cache",
    "that's not bad but drop the cache from the client",
    "I said no global state in clients",
    "stop here and revert the client change",
])
def test_a_go_ahead_beside_a_no_is_still_a_correction(vault, tmp_path, words):
    ingest(vault, tmp_path, "held", after_edit(words))
    assert len(candidates(vault, "correction")) == 1
