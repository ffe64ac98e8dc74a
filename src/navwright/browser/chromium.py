"""Browser settings and finding a Chromium to launch."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from pydantic import BaseModel, Field, field_validator

from navwright.browser.errors import BrowserUnavailable
from navwright.browser.profiles import check_name

ENV_VAR = "NAVWRIGHT_CHROMIUM"
SYSTEM_BROWSERS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
DEFAULT_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
INSTALL_HINT = (
    "no Chromium found. Install one (Debian/Ubuntu: `apt-get install chromium`), or set "
    f"{ENV_VAR} to a Chromium/Chrome executable, or run `playwright install chromium`"
)


class BrowserSettings(BaseModel):
    """How to launch the browser for one run."""

    executable_path: str | None = Field(None, description=f"Chromium to launch (else ${ENV_VAR}, searched)")
    headless: bool = True
    extra_args: list[str] = Field(default_factory=list)
    viewport_width: int = 1280
    viewport_height: int = 800
    navigation_timeout_s: float = 20.0
    action_timeout_s: float = 5.0
    downloads_dir: Path | None = Field(None, description="where downloads are saved (else the run folder)")
    allowed_domains: list[str] = Field(default_factory=list, description="empty: every domain is allowed")
    allowed_schemes: list[str] = Field(default_factory=list, description="empty: every scheme is allowed; "
                                       "else only these (about:blank always)")
    profile: str = Field("", description="browser profile: cookies and storage kept between runs (a name)")
    cdp_url: str | None = Field(None, description="drive a running Chromium at this CDP endpoint instead")

    @field_validator("profile")
    @classmethod
    def _profile_name(cls, value: str) -> str:
        return check_name(value.strip()) if value.strip() else ""

    @field_validator("allowed_schemes")
    @classmethod
    def _schemes(cls, value: list[str]) -> list[str]:
        schemes = [v.strip().lower().rstrip("/").rstrip(":") for v in value]
        bad = [s for s in schemes if not s.isascii() or not s.replace("-", "").replace("+", "").isalnum()]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a URL scheme (write file, data, http...)")
        return list(dict.fromkeys(schemes))

    def launch_args(self) -> list[str]:
        return [*DEFAULT_ARGS, *self.extra_args]


def find_chromium(settings: BrowserSettings, *, env: dict[str, str] | None = None) -> str | None:
    """Path of the Chromium to launch; None means Playwright's own downloaded browser.

    Order: the setting, $NAVWRIGHT_CHROMIUM, the system browsers, Playwright's download.
    Raises BrowserUnavailable (saying how to install one) when there is none.
    """
    environ = os.environ if env is None else env
    for candidate in (settings.executable_path, environ.get(ENV_VAR)):
        if candidate:
            found = shutil.which(candidate) or (candidate if Path(candidate).is_file() else None)
            if not found:
                raise BrowserUnavailable(f"the configured Chromium {candidate!r} does not exist")
            return found
    for path in SYSTEM_BROWSERS:
        if Path(path).is_file() and os.access(path, os.X_OK):
            return path
    if _playwright_browser_installed(environ):
        return None
    raise BrowserUnavailable(INSTALL_HINT)


def _playwright_browser_installed(environ: os._Environ[str] | dict[str, str]) -> bool:
    root = environ.get("PLAYWRIGHT_BROWSERS_PATH") or str(Path.home() / ".cache" / "ms-playwright")
    base = Path(root)
    return base.is_dir() and any(p.name.startswith("chromium") for p in base.iterdir())
