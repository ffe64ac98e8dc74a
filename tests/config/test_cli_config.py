"""`navwright run / runs / config` at the command line: bad input is one line and exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from navwright.cli import app


def _invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env=env)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("task", ["", "   ", "\n"])
def test_an_empty_task_is_refused(task: str) -> None:
    code, _, err = _invoke("run", task)
    assert code == 2 and err.strip() == err.strip().splitlines()[0] and "the task is empty" in err


@pytest.mark.parametrize("steps", ["0", "-1"])
def test_max_steps_below_one_is_refused(steps: str) -> None:
    code, _, err = _invoke("run", "find a mouse", "--max-steps", steps)
    assert code == 2 and f"--max-steps must be at least 1 (got {steps})" in err


def test_runs_limit_below_one_is_refused() -> None:
    code, out, err = _invoke("runs", "--limit", "-3")
    assert code == 2 and "--limit must be at least 1 (got -3)" in err and "No runs" not in out


def test_run_refuses_a_bad_config_file_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[models]\ntimeout = "x"\n')
    for args, env in ((["--config", str(path)], None), ([], {"NAVWRIGHT_CONFIG": str(path)})):
        code, _, err = _invoke("run", "find a mouse", *args, env=env)
        assert code == 2, err
        expected = f"navwright: {path}: [models] timeout: Input should be a valid number"
        assert err.strip().startswith(expected) and len(err.strip().splitlines()) == 1


def test_config_show_names_where_each_setting_came_from(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[models]\nplanner = "openai:m@http://127.0.0.1:9/v1;key=MY_KEY"\n[run]\nmax_steps = 3\n')
    env = {"NAVWRIGHT_CONFIG": str(path), "NAVWRIGHT_MODEL_TIMEOUT": "7", "MY_KEY": "sk-very-secret"}
    code, out, _ = _invoke("config", "show", env=env)
    assert code == 0
    lines = out.splitlines()
    assert f"# config file: {path}" in lines
    assert f'models.planner = "openai:m@http://127.0.0.1:9/v1;key=MY_KEY"  # file {path}' in lines
    assert f"run.max_steps = 3  # file {path}" in lines
    assert "models.timeout = 7.0  # env NAVWRIGHT_MODEL_TIMEOUT" in lines
    assert "run.repeat_limit = 3  # default" in lines
    assert "sk-very-secret" not in out
    code, out, _ = _invoke("config", "path", env=env)
    assert code == 0 and out.strip() == str(path)


def test_config_show_refuses_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[run]\nmax_stepz = 3\n")
    code, out, err = _invoke("config", "show", "--config", str(path))
    assert code == 2 and err.strip() == f"navwright: {path}: [run] max_stepz: unknown key" and not out


def test_a_browser_that_does_not_start_is_reported_in_json_and_in_words(tmp_path: Path) -> None:
    env = {"NAVWRIGHT_CHROMIUM": str(tmp_path / "no-chromium")}
    spec = "openai:m@http://127.0.0.1:9/v1"  # never called: the browser fails first
    code, out, _ = _invoke("run", "find a mouse", "--model", spec, "--json", env=env)
    data = json.loads(out)
    assert code == 1 and data["status"] == "failed"
    assert "no-chromium" in data["error"] and "does not exist" in data["error"]
    code, out, err = _invoke("run", "find a mouse", "--model", spec, env=env)
    assert code == 1
    assert "the browser did not start: the configured Chromium" in out + err
