"""`navwright profiles list / show` with a state file that is not what Playwright writes: one line in
words naming the file, never a TypeError; names and domains from the file reach the terminal escaped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from navwright.browser.profiles import ProfileStore
from navwright.cli import app


@pytest.mark.parametrize("content", [b"[1, 2]", b'{"cookies": 3}', b'{"cookies": [7]}', b'"text"',
                                     b'{"origins": [{"origin": ["x"]}]}', b"\xff\xfe{}"])  # fmt: skip
def test_a_malformed_state_file_is_named_in_words(home: Path, content: bytes) -> None:
    store = ProfileStore()
    store.save("good", {"cookies": [{"name": "s", "value": "v", "domain": ".example.com"}], "origins": []})
    store.save("bad", {})
    state = store.state_path("bad")
    state.write_bytes(content)
    runner = CliRunner()
    listed = runner.invoke(app, ["profiles", "list"])
    assert listed.exit_code == 0, listed.output
    assert "good  saved" in listed.output and "1 cookies  example.com" in listed.output
    assert f"bad  (profile 'bad' is damaged: {state} is not a browser state file" in listed.output
    shown = runner.invoke(app, ["profiles", "show", "bad"])
    assert shown.exit_code == 2 and str(state) in shown.output and "Traceback" not in shown.output
    assert "navwright profiles delete bad" in shown.output


def test_a_cookie_domain_with_escape_sequences_is_printed_escaped(home: Path) -> None:
    store = ProfileStore()
    store.save("p", {"cookies": [{"name": "s", "value": "v", "domain": "evil.test\x1b[2J"}], "origins": []})
    for args in (["list"], ["show", "p"]):
        result = CliRunner().invoke(app, ["profiles", *args])
        assert result.exit_code == 0 and "\x1b" not in result.output
        assert "evil.test\\x1b[2J" in result.output
    assert json.loads(store.state_path("p").read_text())["cookies"][0]["value"] == "v"
