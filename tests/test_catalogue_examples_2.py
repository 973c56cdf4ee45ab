"""Every catalogue kind's examples classify as that kind and its counter-examples do not: the
second third of the kinds (test_catalogue.examples_test)."""
from __future__ import annotations

import pytest
from test_catalogue import examples_test

pytestmark = pytest.mark.slow   # CI's `pytest -m slow` step; the default run checks the first third

test_examples_classify_as_their_kind = examples_test(1)
