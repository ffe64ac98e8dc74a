"""Where an application lives on this machine: its cached virtualenv, its seeded pristine copy, and a
server process on 127.0.0.1 that is always stopped by its PID.

The cache is `<user cache>/navwright/apps/<app>-<version>/` with `venv/` (the pinned install) and
`pristine/` (the seeded data, copied before every task). A `ready` file in each marks it complete, so
an interrupted install or seed is redone, never half used.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import platformdirs

INSTALL_TIMEOUT_S = 900.0
START_TIMEOUT_S = 60.0


class AppError(RuntimeError):
    """An application could not be installed, seeded or started; the message says which and why."""


def cache_root() -> Path:
    override = os.environ.get("NAVWRIGHT_APPS_CACHE")
    return Path(override) if override else Path(platformdirs.user_cache_dir("navwright")) / "apps"


def python_of(venv: Path) -> Path:
    return venv / "bin" / "python"


def ensure_venv(venv: Path, requirements: Sequence[str], say: Callable[[str], None]) -> Path:
    """The venv with `requirements` installed (once); returns its python. Raises AppError on failure."""
    wanted = " ".join(requirements) + "\n"
    if (venv / "ready").exists() and (venv / "ready").read_text() == wanted:
        return python_of(venv)
    if venv.exists():
        shutil.rmtree(venv)
    say(f"installing {' '.join(requirements)} into {venv} (once; a minute or two)")
    _call([sys.executable, "-m", "venv", str(venv)], "create the virtualenv", 120.0)
    pip = [str(python_of(venv)), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    _call([*pip, *requirements], f"pip install {' '.join(requirements)}", INSTALL_TIMEOUT_S)
    (venv / "ready").write_text(wanted)
    return python_of(venv)


def _call(argv: list[str], what: str, timeout: float, cwd: Path | None = None,
          env: dict[str, str] | None = None) -> str:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=cwd, check=False,
                              env={**os.environ, **env} if env else None)  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        raise AppError(f"{what}: no result within {timeout:g} s") from exc
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise AppError(f"{what} failed ({done.returncode}): {' / '.join(tail)}")
    return done.stdout


def run_in(python: Path, argv: Sequence[str], what: str, *, cwd: Path | None = None,
           timeout: float = 600.0, env: dict[str, str] | None = None) -> str:
    """Run `python argv...` (a script or `-m module`) of an app's venv; AppError when it fails."""
    return _call([str(python), *argv], what, timeout, cwd, env)


def copy_tree(source: Path, target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, symlinks=True)


@contextlib.contextmanager
def server(argv: Sequence[str], *, url: str, cwd: Path, log: Path,
           env: dict[str, str] | None = None) -> Iterator[str]:
    """Start an app server, wait until `url` answers, yield it; always stop it (its process group) by PID."""
    with log.open("w") as out:
        proc = subprocess.Popen(list(argv), cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, **(env or {})}, start_new_session=True)  # fmt: skip
    try:
        _wait_ready(proc, url, log)
        yield url
    finally:
        stop(proc)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the server's process group (its own session), SIGKILL it after 5 s."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(5.0)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5.0)


def _wait_ready(proc: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = " / ".join(log.read_text(errors="replace").strip().splitlines()[-3:])
            raise AppError(f"the server exited ({proc.returncode}): {tail}")
        try:
            with urllib.request.urlopen(url, timeout=5.0):
                return
        except urllib.error.HTTPError:
            return  # it answers (a login page or a redirect counts)
        except OSError:
            time.sleep(0.3)
    raise AppError(f"the server did not answer {url} within {START_TIMEOUT_S:g} s")
