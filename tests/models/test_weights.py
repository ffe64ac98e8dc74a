"""Where the embedded model lives and when it counts as verified."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from navwright.models import weights


def test_model_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(weights.MODEL_DIR_ENV, str(tmp_path))
    assert weights.model_path() == tmp_path / weights.MODEL_FILENAME
    assert weights.model_dir(tmp_path / "x") == tmp_path / "x"


def test_verified_marker_goes_stale_when_the_file_changes(tmp_path: Path) -> None:
    path = tmp_path / weights.MODEL_FILENAME
    assert not weights.is_verified(path)
    with path.open("wb") as f:
        f.truncate(weights.MODEL_SIZE)  # sparse: the right size, no disk used
    assert not weights.is_verified(path), "no marker yet"
    weights._write_marker(path)
    assert weights.is_verified(path)
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    assert not weights.is_verified(path)


def test_installed_parts_are_found_in_order() -> None:
    if weights.missing_parts():
        pytest.skip("model part packages are not installed")
    sizes = [p.stat().st_size for n in range(1, weights.PART_COUNT + 1) if (p := weights.part_path(n))]
    assert sum(sizes) == weights.MODEL_SIZE


def test_pull_returns_a_verified_file_at_once_when_present() -> None:
    path = weights.model_path()
    if not weights.is_verified(path):
        pytest.skip("the embedded model is not assembled on this machine")
    messages: list[str] = []
    assert weights.pull(progress=False, say=messages.append) == path
    assert messages == []
