"""Settings: defaults, then the config file, then NAVWRIGHT_* variables, then arguments; bad files
are one-line errors naming the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from navwright.config import ConfigError, load_model_config, load_settings
from navwright.models.base import ModelError


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_file_then_env_then_arguments_each_later_one_wins(tmp_path: Path) -> None:
    path = _file(tmp_path, '[models]\nplanner = "openai:a"\ntimeout = 30\nmax_retries = 1\n'
                           "[run]\nmax_steps = 3\n[browser]\nheadless = false\n")  # fmt: skip
    env = {"NAVWRIGHT_MODEL_TIMEOUT": "9", "NAVWRIGHT_MAX_STEPS": "5"}
    loaded = load_settings(path, environ=env, overrides={"run.max_steps": 8})
    s = loaded.settings
    assert (str(s.models.planner), s.models.timeout, s.models.max_retries) == ("openai:a", 9.0, 1)
    assert s.run.max_steps == 8 and s.browser.headless is False
    assert loaded.source("models.planner") == f"file {path}"
    assert loaded.source("models.timeout") == "env NAVWRIGHT_MODEL_TIMEOUT"
    assert loaded.source("run.max_steps") == "argument"
    assert loaded.source("models.n_ctx") == "default"


def test_the_config_file_comes_from_the_environment_or_the_user_folder(tmp_path: Path) -> None:
    path = _file(tmp_path, "[run]\nmax_steps = 2\n")
    assert load_settings(environ={"NAVWRIGHT_CONFIG": str(path)}).settings.run.max_steps == 2
    default = tmp_path / "xdg" / "navwright" / "config.toml"
    default.parent.mkdir(parents=True)
    default.write_text("[run]\nmax_steps = 4\n")
    loaded = load_settings(environ={})
    assert loaded.path == default and loaded.settings.run.max_steps == 4


def test_a_missing_default_file_means_defaults_but_a_named_one_is_an_error(tmp_path: Path) -> None:
    assert load_settings(environ={}).file_used is False
    with pytest.raises(ConfigError, match=r"nope\.toml: the config file does not exist"):
        load_settings(tmp_path / "nope.toml", environ={})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[models]\ntimeout = "slow"\n', "[models] timeout: Input should be a valid number"),
        ("[models]\nmax_retries = 1.5\n", "[models] max_retries: Input should be a valid integer"),
        ("[models]\ntimout = 3\n", "[models] timout: unknown key"),
        ('[models]\nplanner = "gpt4"\n', "[models] planner: unknown model spec 'gpt4'"),
        ("[browsr]\nheadless = false\n", "[browsr]: unknown key"),
        ("[run.confirm]\nenabled = 3\n", "[run.confirm] enabled: Input should be a valid boolean"),
        ("[run.confirm]\nalways = true\n", "[run.confirm] always: unknown key"),
        ("[models\n", "not valid TOML: Expected ']'"),
        ("models = 3\n", "models: Input should be a valid dictionary"),
    ],
)
def test_a_bad_file_is_one_line_naming_the_file_and_the_key(tmp_path: Path, text: str, expected: str) -> None:
    path = _file(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_settings(path, environ={})
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and expected in message and "\n" not in message


def test_a_bad_environment_value_names_the_variable(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"^\$NAVWRIGHT_MODEL_TIMEOUT \(\[models\] timeout\): "):
        load_settings(environ={"NAVWRIGHT_MODEL_TIMEOUT": "soon"})


def test_env_lists_and_flags(tmp_path: Path) -> None:
    env = {"NAVWRIGHT_ALLOW_DOMAINS": "a.test, b.test", "NAVWRIGHT_HEADED": "1", "NAVWRIGHT_YES": "true"}
    s = load_settings(environ=env).settings
    assert s.run.allowed_domains == ["a.test", "b.test"] and s.browser.headless is False and s.run.yes


def test_load_model_config_reports_the_file_and_key_as_a_model_error(tmp_path: Path) -> None:
    path = _file(tmp_path, "[models]\ntimeout = [1]\n")
    with pytest.raises(ModelError, match=r"config.toml: \[models\] timeout: "):
        load_model_config(path)


def test_max_steps_below_one_is_refused_from_every_source(tmp_path: Path) -> None:
    path = _file(tmp_path, "[run]\nmax_steps = 0\n")
    with pytest.raises(ConfigError, match=r"\[run\] max_steps: Input should be greater than or equal to 1"):
        load_settings(path, environ={})
    with pytest.raises(ConfigError, match=r"^\$NAVWRIGHT_MAX_STEPS"):
        load_settings(environ={"NAVWRIGHT_MAX_STEPS": "-1"})
