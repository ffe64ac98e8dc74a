"""Named browser profiles: the cookies and storage of earlier runs, so a run can start logged in.

A profile is Playwright's storage state (cookies, local storage) in `<home>/profiles/NAME/state.json`,
loaded into the run's browser context when it opens and saved when it closes. The folders are
owner-only (0700) and the file is written owner-only (0600) and replaced atomically. Nothing here
reads a profile into text: its contents never reach a prompt, an event or the run store; `describe`
reports only counts, domains and the time it was saved.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from navwright.browser.errors import BrowserError
from navwright.paths import default_home

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
STATE_FILE = "state.json"


class ProfileError(BrowserError, ValueError):
    """A profile name that cannot be used, or a profile that does not exist or cannot be read."""


class _Cookie(BaseModel):
    domain: str = ""


class _Origin(BaseModel):
    origin: str = ""


class _State(BaseModel):
    """The parts of Playwright's storage state that `describe` counts (other keys are ignored)."""

    cookies: list[_Cookie] = Field(default_factory=list)
    origins: list[_Origin] = Field(default_factory=list)


class ProfileInfo(BaseModel):
    """What `navwright profiles list/show` prints: never a cookie's or a storage item's value."""

    name: str
    saved: dt.datetime | None = None
    cookies: int = 0
    domains: list[str] = Field(default_factory=list)
    """The domains the cookies belong to."""
    origins: list[str] = Field(default_factory=list)
    """The origins that keep local storage."""


def check_name(name: str) -> str:
    """`name` if it is a usable profile name (letters, digits, `_ . -`; at most 64), else ProfileError."""
    if not NAME.fullmatch(name) or ".." in name:
        raise ProfileError(
            f"{name!r} is not a profile name: use letters, digits, '_', '.' and '-' (at most 64, "
            "starting with a letter or digit)"
        )
    return name


class ProfileStore:
    """The profiles folder: `<home>/profiles` (home: $NAVWRIGHT_HOME or the user data folder)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else default_home() / "profiles"

    def state_path(self, name: str) -> Path:
        return self.root / check_name(name) / STATE_FILE

    def exists(self, name: str) -> bool:
        return self.state_path(name).is_file()

    def load_path(self, name: str) -> Path | None:
        """The storage-state file to open a context with; None for a profile not saved yet."""
        path = self.state_path(name)
        return path if path.is_file() else None

    def save(self, name: str, state: dict[str, Any]) -> Path:
        """Write the storage state owner-only (0700 folders, 0600 file), replacing the old one atomically."""
        path = self.state_path(name)
        for folder in (self.root, path.parent):
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            folder.chmod(0o700)
        tmp = path.with_name(f".{STATE_FILE}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(state, out)
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        return path

    def names(self) -> list[str]:
        if not self.root.is_dir():
            return []
        found = (p.parent.name for p in self.root.glob(f"*/{STATE_FILE}"))
        return sorted(name for name in found if NAME.fullmatch(name))

    def describe(self, name: str) -> ProfileInfo:
        path = self.state_path(name)
        if not path.is_file():
            raise ProfileError(f"there is no profile {name!r}; `navwright profiles list` shows them")
        state = _read_state(name, path)
        saved = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)
        domains = sorted({c.domain.lstrip(".") for c in state.cookies})
        origins = [o.origin for o in state.origins]
        count = len(state.cookies)
        return ProfileInfo(name=name, saved=saved, cookies=count, domains=domains, origins=origins)

    def delete(self, name: str) -> None:
        folder = self.state_path(name).parent
        if not folder.is_dir():
            raise ProfileError(f"there is no profile {name!r}; `navwright profiles list` shows them")
        shutil.rmtree(folder)


def _read_state(name: str, path: Path) -> _State:
    """The profile's state file, or ProfileError naming the file and what is wrong with it."""
    try:
        return _State.model_validate_json(path.read_bytes())
    except OSError as exc:
        raise ProfileError(f"profile {name!r} cannot be read ({path}): {exc.strerror or exc}") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        raise ProfileError(
            f"profile {name!r} is damaged: {path} is not a browser state file ({where}: {first['msg']}); "
            f"`navwright profiles delete {name}` removes it"
        ) from None
