"""The literal prefilter never hides a match: checked against re itself on many strings."""
from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from memkit.prefilter import may_match, required

PATTERNS = [r"(?i)\bdrop\s+column\b", r"\bop\.drop_column\(", r"(?i)alter\s+table\s+\S+\s+drop\b",
            r"\b(drop|remove)\s+columns?", r"redis-cli\b.*\bkeys\b", r"\.keys\(", r"[a-z]+", r"(?i)KEYS\s+\*",
            r"(?:set|change)\s+(?:the\s+)?limit", r"git\s+add\s+(-A|--all|\.)", r"(?i)(?:ab)+cd", r"x?yzzy"]


def test_required_literals():
    assert required(r"\bop\.drop_column\(") == ("op.drop_column(",)
    assert required(r"(?:set|change)\s+x") == ("change", "set")
    assert required(r"[a-z]+") is None
    assert required(r"(unclosed") is None


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PATTERNS), st.text(alphabet="abcdeklopqrstuvwxyz ADEKLORSTY-_.(*", max_size=40),
       st.sampled_from(["", "drop column ", "op.drop_column(", "redis-cli x keys", "ALTER TABLE t DROP",
                        "git add -A", "KEYS *", "change the limit", ".keys(", "ababcd", "yzzy"]))
def test_prefilter_never_hides_a_match(pattern, noise, planted):
    text = noise[:20] + planted + noise[20:]
    if re.search(pattern, text):
        assert may_match(pattern, text.lower())
