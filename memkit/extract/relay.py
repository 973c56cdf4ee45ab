"""Words someone else said, passed on by the person: a colleague's message forwarded, a reviewer's
comment quoted, the team's runbook cited, or someone's objection retold and agreed with. Under them
the person's rule is said plainly and ties to the act it answers."""
from __future__ import annotations

import re

from memkit import rxcache


def passed_on(words: str) -> bool:
    return bool(RELAY.search(words) or endorsed(words))


# someone's objection retold and taken up: "Dana … said VoiceOver reads them all as "button". I agree with her"
_TOLD = rxcache.compile(r"(?i)\b(?:said|says|pointed out|flagged|noticed|mentioned|complained|objected|found)\b")
_AGREE = rxcache.compile(r"(?i)(?:^|[.!;,]\s+)(?:and\s+)?I (?:fully |totally |completely |have to |do )?agree(?: with (?:him|her|them|"
                         r"that|[A-Z]\w+))?\b")


def endorsed(words: str) -> bool:
    agree = _AGREE.search(words)   # with a third person, or after what someone said
    return bool(agree and (re.search(r"(?i)\bwith (?:him|her|them|[A-Z]\w+)$", agree.group(0))
                           or _TOLD.search(words[:agree.start()])))


# a colleague's words passed on: "fwd from Kenji:", "Jonas on the MR:", "per Ana in #infra:", "ops just
# forwarded me this:", "got this from hpc-admin:", 'Theo requested changes on #412: "…"', or the team's
# written rule quoted: "from our runbook (wiki > Proxmox): …"
RELAY = rxcache.compile(r"^(fwd?|fw)\b|^(from|per) @?[\w.-]+( (in|on) #?[\w-]+)?\s*:|"
                   r"^(?:(?:msg|message|note|word)\s+)?(?:from|per)\b[^\n.!?:]{1,50}:\s*[\"“'>\n]|"
                   r"^[^\n.!?:]{0,50}\b(?:said|wrote|commented|replied|asked|looked at it|flagged|reported|complained)"
                   r"\b[^\n.!?:]{0,40}:\s*[\"“'>\n]|"
                   r"^(?:[\w-]+\s+){0,2}(?:review|comment|feedback|note|message|msg)s?\s+(?:from|by)\b[^\n:]{0,40}:|"
                   r"^(from|per|see|in) (our|the|this) (team'?s? )?(runbook|wiki|handbook|playbook|guidelines?|"
                   r"style ?guide|readme|contributing( guide)?|policy|conventions?|onboarding( docs?)?|docs?)\b"
                   r"[^\n:]{0,60}:|"
                   r"^@?[\w.-]+ (on|in) (the )?(MR|PR|review|thread|ticket|issue|channel|slack|chat|#[\w-]+)\s*:|"
                   r"^(review|comment|feedback|note)s? (from|by) @?[\w.-]+( (on|in) [^\n:]{1,30})?\s*:|"
                   r"^[^\n.!?]{0,40}\b(forwarded|forwarding|passing on|relaying|fwd)\b[^\n.!?]{0,30}:|^[^\n.!?]{0,30}\bfrom @?[\w.-]+\s*:\s*(>|$)|"
                   r"^@?[A-Z][\w.-]+ (just |also )?(said|wrote|commented|replied|asked|requested changes|left a comment)"
                   r"[^\n.!?:]{0,40}:\s*[\"“>]", re.I | re.M)
