"""Secret values are masked by one function; `--secret` parsing."""

from __future__ import annotations

import pytest

from navwright.agent.events import ActionDone, UserAnswered
from navwright.api import parse_secrets
from navwright.masking import Masker


def test_the_masker_replaces_values_with_their_names_in_events_and_text() -> None:
    masker = Masker({"PIN": "4471", "PASS": 'we"ird\\pass'})
    event = ActionDone(
        run_id="r",
        step=1,
        action="type_text",
        params={"text": 'we"ird\\pass'},
        ok=True,
        result="typed 4471 into [3]",
    )
    masked = masker.model(event)
    assert "4471" not in masked.model_dump_json() and 'we"ird' not in masked.model_dump_json()
    assert masked.params == {"text": "{{PASS}}"} and masked.result == "typed {{PIN}} into [3]"  # type: ignore[union-attr]
    assert masker.text("pin 4471") == "pin {{PIN}}"
    assert masker.model(UserAnswered(run_id="r", answer="ok")).answer == "ok"  # type: ignore[union-attr]


def test_secrets_come_from_pairs_or_the_environment() -> None:
    env = {"TOKEN": "abc", "NAVWRIGHT_SECRET_PIN": "1234"}
    assert parse_secrets(["USER=ada", "TOKEN", "PIN"], env) == {"USER": "ada", "TOKEN": "abc", "PIN": "1234"}
    with pytest.raises(ValueError, match="has no value"):
        parse_secrets(["MISSING"], env)
    with pytest.raises(ValueError, match="secret names"):
        parse_secrets(["bad name=x"], env)


def test_every_encoding_of_a_secret_is_masked() -> None:
    import html
    import json
    from urllib.parse import quote, quote_plus

    value = 'p@ss w0rd&x=1"<é>'
    masker = Masker({"PW": value})
    forms = [
        quote(value, safe=""), quote(value, safe="").lower(), quote_plus(value), quote_plus(value).lower(),
        html.escape(value), json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=False)[1:-1],
        quote(quote_plus(value)), html.escape(quote(value, safe="/")), json.dumps(html.escape(value))[1:-1],
        "p&#64;ss w0rd&amp;x=1&quot;&lt;&#233;&gt;",  # named and numeric entities mixed
    ]  # fmt: skip
    for form in forms:
        assert masker.text(f"<{form}>") == "<{{PW}}>", form


def test_a_short_secret_is_masked_as_a_whole_token_and_never_breaks_an_event() -> None:
    masker = Masker({"PIN": "4", "PW": "e", "Q": '"'})
    assert masker.text("pin 4 of 14, e done") == "pin {{PIN}} of 14, {{PW}} done"
    event = ActionDone(run_id="r4e", step=4, action="type_text", params={"text": "e", "n": 4}, ok=True,
                       result='typed "4" and e into [4]')  # fmt: skip
    masked = masker.model(event)
    assert masked.type == "action_done" and masked.run_id == "r4e" and masked.step == 4  # type: ignore[union-attr]
    assert masked.params == {"text": "{{PW}}", "n": 4}  # type: ignore[union-attr]
    assert masked.result == 'typed "{{PIN}}" and {{PW}} into [{{PIN}}]'  # type: ignore[union-attr]
