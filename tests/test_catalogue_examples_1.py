"""Every catalogue kind's examples classify as that kind and its counter-examples do not: one
third of the kinds (every third entry from the first), kept in a file of its own so that a
parallel run spreads the catalogue's ~2,400 kinds over its workers."""
from __future__ import annotations

import pytest

from test_catalogue import ENTRIES, check_examples

PART = ENTRIES[0::3]


@pytest.mark.parametrize("name,entry", PART, ids=[e["id"] for _, e in PART])
def test_examples_classify_as_their_kind(name, entry):
    check_examples(name, entry)
