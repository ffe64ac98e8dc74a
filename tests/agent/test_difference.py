"""Questions about two quantities: a partial answer is not accepted, and code works out the difference."""

from __future__ import annotations

from navwright.agent.difference import admits_gap, partial, with_difference
from navwright.agent.task.intent import parse

MORE = "Using the wiki: how many more inhabitants does Vellmar have than Pelin?"


def test_an_answer_that_says_part_was_not_found_is_partial() -> None:
    assert admits_gap("Vellmar has 12,948 inhabitants, while Pelin has no information provided.")
    assert partial("The parcel's weight is not listed on the page.", parse("How heavy is the parcel?"))
    assert not partial("The tent weighs 2.1 kg.", parse("How heavy is the Ridgeline tent?"))


def test_a_difference_question_needs_both_numbers_and_a_year_beside_them_is_no_quantity() -> None:
    assert partial("Vellmar had 12,948 inhabitants at the 2020 census.", parse(MORE))
    assert not partial("Vellmar had 12,948 at the 2020 census and Pelin 7,215.", parse(MORE))
    assert not partial("Corva.", parse("Which town was founded first, Corva or Pelin?"))  # no quantity asked


def test_code_adds_the_difference_in_the_numbers_own_format() -> None:
    assert with_difference("Vellmar had 12,948 at the 2020 census and Pelin 7,215.", parse(MORE)) == (
        "Vellmar had 12,948 at the 2020 census and Pelin 7,215 (difference: 5,733).")
    assert with_difference("Corva: 1631, Pelin: 1688", parse("How much older is Corva than Pelin?")) == (
        "Corva: 1631, Pelin: 1688 (difference: 57).")
    cheaper = "How much cheaper is the shell than the hoody?"
    assert with_difference("$149.00 and $179.50", parse(cheaper)) == (
        "$149.00 and $179.50 (difference: 30.50).")
    assert with_difference("Vellmar has 12,948.", parse(MORE)) == "Vellmar has 12,948."  # one number: no sum
    assert with_difference("12 and 7", parse("What is the population of Pelin?")) == "12 and 7"


def test_one_number_said_of_both_things_is_one_quantity() -> None:
    # read off the first town's note on the search results page: "Pelin has 12,948 inhabitants as well"
    assert partial("Vellmar has 12,948 inhabitants, while Pelin has 12,948 inhabitants as well.", parse(MORE))
