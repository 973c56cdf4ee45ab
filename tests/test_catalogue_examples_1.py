"""Every catalogue kind's examples classify as that kind and its counter-examples do not: the
first third of the kinds (test_catalogue.examples_test)."""
from __future__ import annotations

from test_catalogue import examples_test

test_examples_classify_as_their_kind = examples_test(0)
