"""The renderer's texts and the distillation passes, on plain data."""

from __future__ import annotations

from navwright.browser.distill import (
    Line,
    apply_budget,
    collapse_link_runs,
    drop_duplicate_text,
    join_inline,
    passes_for,
)
from navwright.browser.render import element_line, estimate_tokens, render_result
from navwright.browser.types import ActionResult, ElementChange, ElementInfo


def link(i: int, name: str, group: int = 1) -> Line:
    return Line(1, group, 0, elements=[ElementInfo(id=str(i), role="link", name=name)])


def test_element_line_shows_state_and_hides_password() -> None:
    box = ElementInfo(id="3", role="textbox", name="Username", value="bob")
    pw = ElementInfo(id="4", role="textbox", name="Password", value="•••", input_type="password")
    assert element_line(box) == '[3] textbox "Username" value="bob"'
    assert element_line(pw) == '[4] textbox "Password" type=password filled'
    new = ElementInfo(id="5", role="checkbox", name="Remember me", checked=True, new=True)
    assert element_line(new) == '[5] checkbox "Remember me" checked new'


def test_render_result_lists_appeared_elements_with_ids_and_caps_them() -> None:
    appeared = [ElementInfo(id=str(i), role="option", name=f"City {i}", new=True) for i in range(20)]
    result = ActionResult(action="type_text", ok=True, detail="typed 'Par' into [4]", appeared=appeared,
                          disappeared=["9"], changed=[ElementChange(id="4", what='value is now "Par"')])
    text = render_result(result)
    assert text.startswith("type_text: done, typed 'Par' into [4].")
    assert '[0] option "City 0" new' in text and "+8 more" in text and "Gone: [9]." in text
    assert 'Changed: [4] value is now "Par".' in text


def test_render_result_says_why_it_failed_and_what_navigated() -> None:
    gone = "element 7 is gone; read the page again"
    failed = render_result(ActionResult(action="click", ok=False, error=gone))
    assert failed == "click: failed (element 7 is gone; read the page again)."
    moved = render_result(ActionResult(action="click", ok=True, navigated=True, url="http://x/2", title="Two",
                                       new_tab=True, dialog="confirm: Sure?"))
    assert "navigated to http://x/2 (Two)" in moved and "new tab" in moved and "confirm: Sure?" in moved


def test_collapse_puts_sibling_links_on_one_line_only_within_a_group() -> None:
    lines = collapse_link_runs([link(1, "Home"), link(2, "News"), link(3, "Other", group=2)])
    assert [len(ln.elements) for ln in lines] == [2, 1]


def test_duplicate_text_next_to_an_element_with_that_name_is_dropped() -> None:
    lines = drop_duplicate_text([Line(0, 0, 0, "Sign in"), link(1, "Sign in"), Line(0, 0, 0, "Other")])
    assert [ln.text for ln in lines if not ln.is_element] == ["Other"]


def test_join_inline_puts_link_words_back_in_the_sentence() -> None:
    a = Line(0, 0, 0, "Read our")
    b = link(1, "terms")
    b.joins = True
    c = Line(0, 0, 0, "today.", joins=True)
    assert [ln.text for ln in join_inline([a, b, c])] == ["Read our terms today."]


def _all(lines: list[Line]) -> list[str]:
    for step in passes_for("all", 1800, 800):
        lines = step(lines)
    return [ln.text for ln in lines]


def test_all_mode_keeps_a_page_within_reach_of_the_viewport_whole() -> None:
    long_text = "word " * 60
    lines = [Line(0, 0, 10, long_text), link(1, "x" * 50), Line(0, 0, 1700, "# Near heading")]
    out = _all(lines)
    assert out == [long_text, "", "# Near heading"]


def test_all_mode_on_a_long_page_keeps_elements_and_counts_what_it_leaves_out() -> None:
    far_link = Line(0, 0, 9000, elements=[ElementInfo(id="9", role="link", name="x")])
    lines = [Line(0, 0, 10, "near " * 40), Line(0, 0, 1200, "text below the viewport"),
             Line(0, 0, 2000, elements=[ElementInfo(id="3", role="button", name="Buy")]),
             Line(0, 0, 2200, "# Reviews"), far_link, Line(0, 0, 6000, "# Far heading")]
    out = _all(lines)
    assert out[0].startswith("near near") and out[0].endswith("…") and len(out[0]) <= 120
    assert out[1:3] == ["", "# Reviews"]
    closing = "(1 more elements below, 2 text lines not shown: scroll to see them)"
    assert out[-1] == closing


def test_long_page_shortens_names_options_and_counts_elements_above() -> None:
    above = Line(0, 0, -2000, elements=[ElementInfo(id="1", role="link", name="top")])
    pick = ElementInfo(id="2", role="select", name="Month " * 10, options=[f"m{i}" for i in range(30)])
    lines = [above, Line(0, 0, 100, elements=[pick]), Line(0, 0, 9000, "far text")]
    for step in passes_for("all", 1800, 800):
        lines = step(lines)
    assert lines[0].text == "(1 more elements above; scroll up to see them)"
    shown = element_line(lines[1].elements[0], cut=30)
    assert shown.startswith('[2] select "Month Month Month Month Month…"')
    assert shown.endswith("options: m0 | m1 | m2 | m3 | m4 | m5 | m6 | m7 | +22 more")


def test_budget_cuts_deterministically_and_counts_elements() -> None:
    lines = [link(i, f"Item {i}") for i in range(10)]
    kept, cut = apply_budget(lines, 3, lambda ln: 1)
    assert len(kept) == 3 and cut == 7


def test_token_estimator_counts_words_digits_and_punctuation() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens('[12] button "Sign in"') == 9


def test_a_long_page_leaves_out_row_buttons_named_like_many_others_where_their_row_is_not_shown() -> None:
    """Below the viewport a long page shows elements, not text: a row's "edit" and "delete" there name
    no row, and were most of a long table's lines; a link with a name of its own stays."""
    rows: list[Line] = []
    for i in range(12):
        y = 100 + i * 300  # rows 0-2 in the 800 px viewport, the rest below it
        rows += [Line(0, 0, y, f"2024-04-{i + 10} | Groceries | {i}.00"),
                 Line(0, 0, y + 20, elements=[ElementInfo(id=f"{2 * i}", role="link", name="edit")]),
                 Line(0, 0, y + 40, elements=[ElementInfo(id=f"{2 * i + 1}", role="button", name="delete")])]
    rows.append(Line(0, 0, 2500, elements=[ElementInfo(id="99", role="link", name="Add a new bill")]))
    lines = [*rows, Line(0, 0, 9000, "far text")]
    for step in passes_for("all", 1800, 800):
        lines = step(lines)
    shown = [e.id for ln in lines for e in ln.elements]
    assert shown == ["0", "1", "2", "3", "4", "5", "99"]
    assert lines[-1].text.startswith("(18 more elements below, ")
