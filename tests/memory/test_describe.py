"""Re-finding a learned element among the page's elements by its descriptor."""

from __future__ import annotations

from navwright.memory import Descriptor
from navwright.memory.describe import find


def test_a_field_with_no_name_or_label_is_found_by_its_html_id_and_not_by_another_field() -> None:
    bare = Descriptor(role="textbox", tag="input", html_id="tt", input_type="text")
    page = {"1": Descriptor(role="textbox", tag="input", html_id="other", input_type="text"),
            "2": Descriptor(role="textbox", tag="input", html_id="tt", input_type="text"),
            "3": Descriptor(role="button", name="Submit", tag="button")}  # fmt: skip
    assert find(bare, page) == "2"
    assert find(bare, {"1": page["1"], "3": page["3"]}) is None


def test_a_field_with_no_name_no_label_and_no_id_is_found_by_its_place_in_its_form() -> None:
    bare = Descriptor(role="textbox", form="Sign up", index_in_form=1, input_type="text")
    page = {"4": Descriptor(role="textbox", form="Sign up", index_in_form=0, input_type="text"),
            "5": Descriptor(role="textbox", form="Sign up", index_in_form=1, input_type="text")}  # fmt: skip
    assert find(bare, page) == "5"
    assert find(Descriptor(role="textbox"), page) is None  # nothing to know it by: no guess
