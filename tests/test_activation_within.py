"""A special case of what a lesson forbids is what it forbids: a lesson against sending messages to
people fires before a Twilio SMS call (`sms:send` is within `comms:send`), though the catalogue gives
that call only its special kind. The wider kind does not stand for its special cases the other way."""
from __future__ import annotations

from memkit.activation import acts, catalogue, compiler, match

CAT = catalogue.load(None)
SMS = 'twilio api:core:messages:create --to "+15551234567" --from "+15557654321" --body "Your order shipped"'


def _judged(lesson: str, command: str) -> tuple[int, list[str]]:
    cue = compiler.compile_lesson(CAT, lesson, "", kind="correction")
    found = match.Cue(match.row_of(cue))
    act = acts.from_command(command)
    return match.judge(found, match.Probe(act, CAT.classify(act), CAT), CAT), found.why


def test_the_catalogue_gives_the_call_only_its_special_kind():
    kinds = CAT.kinds_of(acts.from_command(SMS))
    assert "sms:send" in kinds and "comms:send" not in kinds
    assert "comms:send" in CAT.kinds["sms:send"].within


def test_a_lesson_against_the_wider_kind_fires_on_the_special_case():
    lesson = "never send notifications to real users while testing"
    assert "comms:send" in compiler.compile_lesson(CAT, lesson, "", kind="correction")["forbids"]
    tier, why = _judged(lesson, SMS)
    assert tier == match.CONCRETE
    assert any("special case" in w and "sms:send" in w for w in why)


def test_it_stays_silent_on_what_is_no_case_of_it():
    lesson = "never send notifications to real users while testing"
    assert _judged(lesson, "git commit -m 'fix the footer'")[0] == 0
    assert _judged(lesson, "pytest tests/test_notify.py -q")[0] == 0


def test_a_lesson_against_the_special_case_does_not_fire_on_the_wider_kind():
    lesson = "don't send SMS from the dev box, texts cost money and reach real phones"
    cue = compiler.compile_lesson(CAT, lesson, "", kind="correction")
    assert "sms:send" in cue["forbids"] and "comms:send" not in cue["forbids"]
    slack = "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy done\"}' https://hooks.slack.com/services/T0/B0/XX"
    assert "sms:send" not in CAT.kinds_of(acts.from_command(slack))
    assert _judged(lesson, slack)[0] == 0
