"""A request meets a kind's description only when their words stem alike: a word's forms, and
the roots the catalogue's patterns spell, share one stem."""
import pytest

from memkit.activation import intent


@pytest.mark.parametrize("forms", [
    ("printers", "printer", "print"),
    ("wipe", "wiped", "wiping", "wip"),          # `wip\w*` in a pattern
    ("empty", "emptied", "emptying", "empt"),    # `empt(y|ied)`
    ("delete", "deleted", "deleting", "delet"),
    ("migration", "migrations", "migrate"),
    ("servers", "server", "serve"),
    ("cancelling", "cancel", "cancelled"),
    ("apply", "applied", "applies"),
    ("status", "statuses"),
    ("process", "processes"),
])
def test_forms_share_a_stem(forms):
    assert len({intent.stem(w) for w in forms}) == 1, {w: intent.stem(w) for w in forms}


@pytest.mark.parametrize("a, b", [("print", "private"), ("deploy", "depot"), ("user", "use"), ("cache", "catch")])
def test_other_words_keep_apart(a, b):
    assert intent.stem(a) != intent.stem(b)


def test_a_request_in_other_forms_meets_the_kind():
    weighted = {"print:cancel-all": {intent.stem("print"): 3.0, intent.stem("wipe"): 4.5, intent.stem("queue"): 2.0}}
    kid, score, terms = intent.about(weighted, "wipe the printers' queues")
    assert kid == "print:cancel-all" and score == 9.5 and len(terms) == 3
    assert intent.about(weighted, "print the invoice")[1] == 0.0   # one shared word is no request about it


@pytest.mark.parametrize("text, only", [
    ("did the nightly sync go through? show me the log for the last three", True),
    ("which branch is it on? tell me", True),
    ("did it pass? fix it then", False),                       # work after the question
    ("is this right? show me how to fix it", False),           # asks for the fix
    ("show me the log", False),                                # one request: read by its kinds
])
def test_a_question_with_a_request_to_be_shown_asks_only_to_be_told(text, only):
    assert intent.asks_only(text) is only


@pytest.mark.parametrize("a, b", [("role", "roll"), ("file", "fill"), ("comment", "come")])
def test_short_words_keep_apart_from_their_lookalikes(a, b):
    assert intent.stem(a) != intent.stem(b)


@pytest.mark.parametrize("text", [
    "did the deploy finish? show me the logs and restart the worker",
    "is the edge cache stale? tell me, then purge everything",
    "why is CI red? show me the failing test and delete it",
])
def test_a_question_that_also_asks_for_work_is_work(text):
    assert not intent.asks_only(text)
