"""Stored text reaches the terminal with its control characters escaped (a shared memory file cannot
rewrite the terminal), and a memory file that is not UTF-8 is refused in words naming it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from navwright.cli import app
from navwright.memory import Descriptor, LearnedAction, LearnedStep, MemoryFile, Workflow
from navwright.memory.db import dumps
from navwright.memory.models import Effect

ESC = "\x1b]0;owned\x07\x1b[2J\x1b[1A\r\u202e"
SITE = "http://127.0.0.1:8765"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def hostile_file(path: Path) -> Path:
    button = Descriptor(role="button", name=f"Sign up{ESC}", form="signup")
    action = LearnedAction(skill="click", element_param="element", target=button, params={"text": ESC},
                           effect=Effect(navigated=True, path=f"/welcome{ESC}", visible=True))
    step = LearnedStep(id="s1", site=SITE, request=f"Sign up {{{{$1}}}}{ESC}", values=["Ada"],
                       actions=[action], run_id=f"r{ESC}")
    flow = Workflow(id="w1", site=f"{SITE}{ESC}", task=f"Sign up {{{{$1}}}}{ESC}", values=[f"Ada{ESC}"],
                    steps=[step], answer=f"done{ESC}")
    path.write_text(dumps(MemoryFile(workflows=[flow], steps=[step])), encoding="utf-8")
    return path


def test_memory_list_and_show_print_no_control_character_of_an_imported_file(home: Path) -> None:
    runner = CliRunner()
    file = hostile_file(home.parent / "shared.json")
    assert runner.invoke(app, ["memory", "import", str(file)]).exit_code == 0
    outputs = [runner.invoke(app, ["memory", *args]) for args in (["list"], ["show", "w1"], ["show", "s1"])]
    for result in outputs:
        assert result.exit_code == 0, result.output
        assert not any((ord(c) < 32 and c != "\n") or c in "\x7f\u202e" for c in result.output), result.output
    assert "Sign up {{$1}}\\x1b]0;owned\\x07" in outputs[0].output  # shown, escaped, not obeyed
    assert "\\u202e" in outputs[1].output and "answer: done\\x1b" in outputs[1].output


def test_importing_a_file_that_is_not_utf8_says_so_naming_the_file(home: Path) -> None:
    bad = home.parent / "latin1.json"
    bad.write_bytes('{"workflows": [], "steps": [], "note": "caf\xe9"}'.encode("latin-1"))
    result = CliRunner().invoke(app, ["memory", "import", str(bad)])
    assert result.exit_code == 2
    assert f"{bad} is not a navwright memory file: it is not UTF-8 text (byte 0xe9" in result.output
    assert "Traceback" not in result.output and "UnicodeDecodeError" not in result.output
