"""Every catalogue kind's examples classify as that kind and its counter-examples do not: one
third of the kinds (every third entry from the second), kept in a file of its own so that a
parallel run spreads the catalogue's ~2,400 kinds over its workers. The default run checks the
first third (test_catalogue_examples_1.py); this third runs with the long tests (`pytest -m slow`,
CI's second step), which keeps the default run within three minutes on two cores."""
from __future__ import annotations

import pytest

from test_catalogue import ENTRIES, check_examples

pytestmark = pytest.mark.slow

PART = ENTRIES[1::3]


@pytest.mark.parametrize("name,entry", PART, ids=[e["id"] for _, e in PART])
def test_examples_classify_as_their_kind(name, entry):
    check_examples(name, entry)
