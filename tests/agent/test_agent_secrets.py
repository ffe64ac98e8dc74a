"""Secret values are masked by one function; `--secret` parsing."""

from __future__ import annotations

import pytest

from navwright.agent.events import ActionDone, UserAnswered
from navwright.agent.secrets import Masker
from navwright.api import parse_secrets


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
    masked = masker.event(event)
    assert "4471" not in masked.model_dump_json() and 'we"ird' not in masked.model_dump_json()
    assert masked.params == {"text": "{{PASS}}"} and masked.result == "typed {{PIN}} into [3]"  # type: ignore[union-attr]
    assert masker.text("pin 4471") == "pin {{PIN}}"
    assert masker.event(UserAnswered(run_id="r", answer="ok")).answer == "ok"  # type: ignore[union-attr]


def test_secrets_come_from_pairs_or_the_environment() -> None:
    env = {"TOKEN": "abc", "NAVWRIGHT_SECRET_PIN": "1234"}
    assert parse_secrets(["USER=ada", "TOKEN", "PIN"], env) == {"USER": "ada", "TOKEN": "abc", "PIN": "1234"}
    with pytest.raises(ValueError, match="has no value"):
        parse_secrets(["MISSING"], env)
    with pytest.raises(ValueError, match="secret names"):
        parse_secrets(["bad name=x"], env)
