"""The navigator's examples from memory: the most like learned steps, compact, within budget."""

from __future__ import annotations

from navwright.memory import Descriptor, LearnedAction, LearnedStep
from navwright.memory.examples import examples_text, most_similar


def _clicks(request: str, *names: str) -> LearnedStep:
    return LearnedStep(site="s", request=request, actions=[
        LearnedAction(skill="click", element_param="element", target=Descriptor(role="checkbox", name=n))
        for n in names])  # fmt: skip


LEARNED = [_clicks("Select nothing and click Submit.", "Submit"),
           _clicks("Select ACjXo, ktK, ZAHr and click Submit.", "ACjXo", "ktK", "ZAHr", "Submit"),
           _clicks("Select nothing and click Submit.", "Submit"),
           _clicks("Open the settings page", "Settings")]


def test_two_unlike_steps_of_the_same_form_are_the_examples_and_a_repeat_counts_once() -> None:
    chosen = most_similar("Select HF2 and click Submit.", LEARNED, most=2)
    assert sorted(s.request for s in chosen) == ["Select ACjXo, ktK, ZAHr and click Submit.",
                                                "Select nothing and click Submit."]
    text = examples_text(chosen)
    assert text.count("A step done before on this site worked this way.") == 2
    assert '{"name":"click","element":"ACjXo"}' in text


def test_a_field_with_no_name_is_shown_by_its_role_in_an_example() -> None:
    step = LearnedStep(site="s", request='Enter "Chas" and press Submit.', actions=[
        LearnedAction(skill="type_text", element_param="element", target=Descriptor(role="textbox"),
                      params={"text": "Chas"})])  # fmt: skip
    assert '{"name":"type_text","element":"textbox","text":"Chas"}' in examples_text([step])
