"""The pure parts of change observation: diffing observations, new text, redacting secrets."""

from __future__ import annotations

from navwright.browser.diff import diff_observations, new_text_lines, redact
from navwright.browser.types import ActionResult, ElementInfo, Observation, PageProblem


def _obs(
    text: str, *elements: ElementInfo, url: str = "http://x/", lines: tuple[str, ...] = ()
) -> Observation:
    return Observation(url=url, title="T", mode="all", text=text, elements=list(elements),
                       text_lines=list(lines))


def test_same_document_lists_appeared_disappeared_and_changed() -> None:
    before = _obs(
        "[1] button \"Menu\" collapsed\n[2] checkbox \"A\"",
        ElementInfo(id="1", role="button", name="Menu", expanded=False),
        ElementInfo(id="2", role="checkbox", name="A", checked=False),
        ElementInfo(id="3", role="textbox", name="Q", value=""),
    )
    after = _obs(
        "[1] button \"Menu\" expanded\nPlease pick one\n[4] menuitem \"Open\"",
        ElementInfo(id="1", role="button", name="Menu", expanded=True),
        ElementInfo(id="2", role="checkbox", name="A", checked=True),
        ElementInfo(id="4", role="menuitem", name="Open", new=True),
        lines=("Please pick one",),
    )
    result = diff_observations("click", before, after, same_document=True)
    assert [e.id for e in result.appeared] == ["4"]
    assert result.disappeared == ["3"]
    assert [(c.id, c.what) for c in result.changed] == [("1", "expanded"), ("2", "checked")]
    assert result.appeared_text == ["Please pick one"]
    assert not result.navigated


def test_new_document_is_a_navigation_and_lists_only_the_first_elements() -> None:
    before = _obs("", ElementInfo(id="1", role="link", name="Next"))
    many = [ElementInfo(id=str(i), role="link", name=f"L{i}") for i in range(1, 100)]
    result = diff_observations("click", before, _obs("", *many, url="http://x/2"), same_document=False)
    assert result.navigated and result.url == "http://x/2"
    assert len(result.appeared) == 40 and result.disappeared == [] and result.changed == []


def test_password_values_are_never_spelled_out() -> None:
    field = ElementInfo(id="1", role="textbox", name="Password", input_type="password")
    before = _obs("", field)
    after = _obs("", field.model_copy(update={"value": "s3cret"}))
    result = diff_observations("type_text", before, after, same_document=True)
    assert [c.what for c in result.changed] == ["filled"]


def test_new_text_lines_count_repeats() -> None:
    assert new_text_lines(["Total: 1"], ["Total: 1", "Total: 1", " ", "Saved"]) == ["Total: 1", "Saved"]


def test_redact_replaces_secrets_everywhere() -> None:
    result = ActionResult(
        action="type_text",
        ok=True,
        detail="typed hunter2",
        appeared=[ElementInfo(id="1", role="textbox", name="x", value="hunter2")],
        appeared_text=["Welcome alice"],
    )
    clean = redact(result, {"PW": "hunter2", "USER": "alice"})
    dumped = clean.model_dump_json()
    assert "hunter2" not in dumped and "alice" not in dumped
    assert clean.detail == "typed {{PW}}" and clean.appeared_text == ["Welcome {{USER}}"]


def test_a_short_secret_is_masked_as_a_whole_token_and_never_breaks_the_kinds_of_a_result() -> None:
    """A secret "e" is in "invalid_field", "type_text" and "other": kinds and names keep their values (a
    kind the mask broke made the whole result invalid), and the page's words keep their letters: a
    short secret is masked only where it stands alone (the one Masker, navwright.masking)."""
    problem = PageProblem(kind="invalid_field", text="Please enter the code: e", label="Code")
    result = ActionResult(action="type_text", ok=True, does="type", problems=[problem], appeared_text=["see"])
    masked = redact(result, {"E": "e"})
    assert (masked.action, masked.does, masked.problems[0].kind) == ("type_text", "type", "invalid_field")
    assert masked.problems[0].text == "Please enter the code: {{E}}"
    assert masked.appeared_text == ["see"]


def test_a_secret_in_a_result_is_masked_in_every_encoding_a_page_gives_it() -> None:
    """A GET form puts the typed secret in the URL encoded; a page may echo it HTML-escaped. The
    browser's results (what the MCP tools return) mask every form, as events do (before, only the
    value as typed was replaced and the encoded one reached the client)."""
    secret = "p@ss w0rd&x=1"
    result = ActionResult(action="click", ok=True, url="http://127.0.0.1/find?q=p%40ss+w0rd%26x%3D1",
                          appeared_text=["You asked for p@ss w0rd&amp;x=1"])
    masked = redact(result, {"PASS": secret})
    assert masked.url == "http://127.0.0.1/find?q={{PASS}}"
    assert masked.appeared_text == ["You asked for {{PASS}}"]
