"""memkit.fuzzy gives rapidfuzz's token_sort_ratio without importing rapidfuzz on the hot path."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from memkit.activation import fuzzy

WORDS = st.text(alphabet="ab cdé-_/.\n\tΩ\xa0\x85\u2028\u3000\x1c", max_size=120)   # rapidfuzz's own quirks included


@settings(max_examples=400, deadline=None)
@given(WORDS, WORDS)
def test_same_value_as_rapidfuzz(a, b):
    fuzzy._spent = 0
    assert fuzzy.token_sort_ratio(a, b) == fuzz.token_sort_ratio(a, b)   # to the last bit


def test_real_commands():
    pairs = [("git add -A && git commit -m 'fix totals'", "git commit -am 'fix totals'"),
             ("pytest -q tests/test_orders.py", "pytest -q tests/test_orders.py"),
             ("rm -rf build/ .cache/", "make clean"), ("x" * 400, "x" * 399 + "y")]
    for a, b in pairs:
        fuzzy._spent = 0
        assert fuzzy.token_sort_ratio(a, b) == fuzz.token_sort_ratio(a, b)


def test_past_the_budget_rapidfuzz_answers():
    fuzzy._spent = fuzzy.BUDGET + 1
    try:
        assert fuzzy.token_sort_ratio("git push origin main", "main origin git push") == 100.0
        assert fuzzy._spent == fuzzy.BUDGET + 1   # nothing more counted in Python
    finally:
        fuzzy._spent = 0
