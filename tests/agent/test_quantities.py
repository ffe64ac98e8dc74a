"""A careful reader checks the unit: a price is no answer to "how heavy", a weight no answer to "how much"."""

from __future__ import annotations

from navwright.agent.grounding import Seen
from navwright.agent.quantities import unit_mismatch
from navwright.agent.task.asks import asked_quantity


def _seen(*lines: str) -> Seen:
    seen = Seen()
    seen.add("http://127.0.0.1/p", "\n".join(lines))
    return seen


def test_a_price_given_as_the_weight_asked_for_is_a_mismatch() -> None:
    seen = _seen("Ridgeline 2P Tent", "★★★★★ 4.6", "$279.00", "In stock")
    assert unit_mismatch("The Ridgeline 2P tent is 279.00 pounds heavy.", seen,
                         asked_quantity("how heavy is the Ridgeline 2P tent?")) == "279.00"


def test_the_weight_printed_with_its_unit_answers_how_heavy() -> None:
    seen = _seen("$279.00 · Weight: 2.1 kg")
    asked = asked_quantity("how heavy is the Ridgeline 2P tent?")
    assert unit_mismatch("It weighs 2.1 kg.", seen, asked) is None


def test_an_answer_that_calls_a_price_a_weight_is_a_mismatch_whatever_the_question() -> None:
    seen = _seen("Fee: €55 per bag")
    assert unit_mismatch("55 kg", seen, asked_quantity("what about the second bag?")) == "55"


def test_a_bare_number_or_an_unclear_question_is_never_a_mismatch() -> None:
    heavy = asked_quantity("how heavy is Pelin?")
    assert unit_mismatch("7,215", _seen("Population (2020) | 7,215"), heavy) is None
    assert unit_mismatch("$279.00", _seen("$279.00"), asked_quantity("tell me about the tent")) is None


def test_the_kind_of_quantity_a_question_asks_for() -> None:
    assert asked_quantity("how heavy is the tent?") == "weight"
    assert asked_quantity("How much does a second checked bag cost?") == "money"
    assert asked_quantity("what is the average high temperature in July?") == "temperature"
    assert asked_quantity("who is the mayor of Vellmar?") is None
