"""Inputs refused in words (issue 36, items 14 and 17): an empty `--secret NAME=`, and `config show`
hides what is secret by what it is, not by a word in its name."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, Field, SecretStr
from typer.testing import CliRunner

from navwright.api import parse_secrets
from navwright.cli import app
from navwright.config.secret_fields import SECRET, secret_keys, without_passwords


@pytest.mark.parametrize("given", ["PW=", "PW= ", "PW"])
def test_a_secret_without_a_value_is_refused_in_words(given: str) -> None:
    result = CliRunner().invoke(app, ["run", "find a mouse", "--secret", given], env={"PW": ""})
    assert result.exit_code == 2, result.output
    assert "secret PW" in result.stderr and "Traceback" not in result.stderr
    with pytest.raises(ValueError, match="secret PW"):
        parse_secrets([given], {})


def test_a_secret_with_a_value_is_kept() -> None:
    assert parse_secrets(["PW=a=b", "PIN"], {"PIN": "1234"}) == {"PW": "a=b", "PIN": "1234"}


def test_config_show_prints_numeric_token_settings_and_hides_url_passwords(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[models]\nplanner = "openai:m@http://ada:hunter22@127.0.0.1:9/v1"\n'
                    "[run]\nplanner_max_tokens = 333\n")  # fmt: skip
    result = CliRunner().invoke(app, ["config", "show"], env={"NAVWRIGHT_CONFIG": str(path)})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert f"run.planner_max_tokens = 333  # file {path}" in lines
    for key in ("observe_budget_tokens", "planner_page_tokens", "navigator_max_tokens"):
        [line] = [line for line in lines if line.startswith(f"run.{key} = ")]
        assert line.split(" = ")[1].split()[0].isdigit(), line
    assert "hunter22" not in result.stdout
    assert f'models.planner = "openai:m@http://ada:***@127.0.0.1:9/v1"  # file {path}' in lines
    assert 'models.planner.api_key_env' not in result.stdout  # the spec is shown as one line


class _Section(BaseModel):
    api_token: SecretStr | None = None
    password_hint: str = ""
    max_tokens: int = 3
    cookie: str = Field("", json_schema_extra=SECRET)


class _Settings(BaseModel):
    section: _Section = Field(default_factory=_Section)
    token_budget: int = 5


def test_secret_settings_are_those_typed_or_marked_secret() -> None:
    assert secret_keys(_Settings) == {"section.api_token", "section.cookie"}
    assert without_passwords("https://u:p%40ss@h/x and ws://h:9/?t=1") == "https://u:***@h/x and ws://h:9/?t=1"
