"""`Settings`: the sections of every run, loaded from the config file, then the environment, then
arguments (each later source wins), with where each value came from.

The config file is `--config PATH`, else `$NAVWRIGHT_CONFIG`, else `config.toml` in the user config
folder (`~/.config/navwright/` on Linux); a missing default file means defaults. Tables: `[models]`
(ModelConfig), `[browser]` (BrowserSettings), `[run]` (RunSettings) and `[run.confirm]`
(ConfirmPolicy). A bad file (TOML syntax, an unknown key, a wrong type) is a ConfigError whose
message is one line naming the file and the key.
"""

from __future__ import annotations

import os
import tomllib
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from navwright.agent.settings import RunSettings
from navwright.browser.chromium import BrowserSettings
from navwright.config.env import env_values
from navwright.models.base import ModelError
from navwright.models.config import ModelConfig, default_config_path

CONFIG_ENV = "NAVWRIGHT_CONFIG"
DEFAULT = "default"


class ConfigError(ValueError):
    """Settings that cannot be used; the message is one line naming the source and the key."""


class Settings(BaseModel):
    """Everything a run is built from (secrets are not settings: they are passed to the run)."""

    model_config = ConfigDict(extra="forbid")

    models: ModelConfig = Field(default_factory=ModelConfig)
    browser: BrowserSettings = Field(default_factory=BrowserSettings)
    run: RunSettings = Field(default_factory=RunSettings)

    @model_validator(mode="after")
    def _one_fence(self) -> Settings:
        """The run's allowed domains and the browser's are one fence (the run's win when both are
        set): whatever opens a browser from these settings (a run, the MCP page tools, teach) is
        fenced alike."""
        domains = list(self.run.allowed_domains or self.browser.allowed_domains)
        if self.run.allowed_domains != domains:
            self.run = self.run.model_copy(update={"allowed_domains": domains})
        if self.browser.allowed_domains != domains:
            self.browser = self.browser.model_copy(update={"allowed_domains": domains})
        return self


class LoadedSettings(BaseModel):
    settings: Settings
    path: Path
    """The config file that was looked for (it may not exist)."""
    file_used: bool
    sources: dict[str, str] = Field(default_factory=dict)
    """Dotted key -> "file PATH", "env NAME" or "argument"; keys not here are defaults."""

    def source(self, key: str) -> str:
        """Where the value of `key` (or the section holding it) came from."""
        parts = key.split(".")
        for n in range(len(parts), 0, -1):
            found = self.sources.get(".".join(parts[:n]))
            if found:
                return found
        return DEFAULT


def config_path(explicit: Path | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """`explicit`, else $NAVWRIGHT_CONFIG, else the default file."""
    env = os.environ if environ is None else environ
    if explicit is not None:
        return explicit.expanduser()
    return Path(env[CONFIG_ENV]).expanduser() if env.get(CONFIG_ENV) else default_config_path()


def shown(path: Path) -> str:
    """The path with the home folder written as ~."""
    home = Path.home()
    return f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)


def load_settings(
    config: Path | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, object] | None = None,
) -> LoadedSettings:
    """Defaults, then the config file, then $NAVWRIGHT_* variables, then `overrides` (dotted keys such
    as `models.planner` or `run.max_steps`, from CLI or API arguments). Raises ConfigError."""
    env = os.environ if environ is None else environ
    path = config_path(config, env)
    explicit = config is not None or bool(env.get(CONFIG_ENV))
    data: dict[str, Any] = {}
    sources: dict[str, str] = {}
    file_used = path.is_file()
    if file_used:
        file_data = _read_toml(path)
        check_keys(Settings, file_data, path)
        for key, value in _leaves(file_data):
            _put(data, sources, key, value, f"file {shown(path)}")
    elif explicit:
        raise ConfigError(f"{shown(path)}: the config file does not exist")
    for key, value, name in env_values(env):
        _put(data, sources, key, value, f"env {name}")
    for key, value in (overrides or {}).items():
        _put(data, sources, key, value, "argument")
    try:
        settings = Settings.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(_first_error(exc, sources)) from None
    return LoadedSettings(settings=settings, path=path, file_used=file_used, sources=sources)


def load_model_config(path: Path | None = None) -> ModelConfig:
    """The [models] table of the config file (then $NAVWRIGHT_* variables); defaults when the
    default file does not exist. Raises ModelError with one line naming the file."""
    try:
        return load_settings(path).settings.models
    except ConfigError as exc:
        raise ModelError(str(exc)) from None

def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{shown(path)}: not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{shown(path)}: cannot read it: {exc}") from None


def check_keys(model: type[BaseModel], data: Mapping[str, Any], path: Path, table: str = "") -> None:
    """Unknown keys and tables (a typo must not be silently ignored), recursively through sections."""
    for key, value in data.items():
        field = model.model_fields.get(key)
        if field is None:
            where = f"[{table}] {key}" if table else f"[{key}]" if isinstance(value, dict) else key
            raise ConfigError(f"{shown(path)}: {where}: unknown key")
        section = _model_type(field.annotation)
        if section is not None and isinstance(value, dict):
            check_keys(section, value, path, f"{table}.{key}" if table else key)


def _model_type(annotation: object) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        found = [a for a in typing.get_args(annotation) if isinstance(a, type) and issubclass(a, BaseModel)]
        return found[0] if len(found) == 1 else None
    return None


def _leaves(data: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """Dotted keys of a nested table; a section's own tables recurse, other values are leaves."""
    out: list[tuple[str, Any]] = []
    for key, value in data.items():
        dotted = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and dotted.count(".") < 2 and _is_section(dotted):
            out.extend(_leaves(value, dotted))
        else:
            out.append((dotted, value))
    return out


def _is_section(dotted: str) -> bool:
    if not dotted:
        return False
    model: type[BaseModel] | None = Settings
    for part in dotted.split("."):
        field = model.model_fields.get(part) if model else None
        model = _model_type(field.annotation) if field else None
    return model is not None


def _put(data: dict[str, Any], sources: dict[str, str], key: str, value: object, source: str) -> None:
    node = data
    *parents, last = key.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value
    for known in [k for k in sources if k.startswith(key + ".")]:
        del sources[known]
    sources[key] = source


def _first_error(exc: ValidationError, sources: Mapping[str, str]) -> str:
    first = exc.errors()[0]
    loc = [str(p) for p in first["loc"]]
    source = DEFAULT
    for n in range(len(loc), 0, -1):
        if ".".join(loc[:n]) in sources:
            source = sources[".".join(loc[:n])]
            break
    n = max((i for i in range(len(loc)) if _is_section(".".join(loc[:i])) or i == 0), default=0)
    table, key = ".".join(loc[:n]), ".".join(loc[n:])
    where = f"[{table}] {key}" if table else key
    msg = first["msg"].removeprefix("Value error, ")
    if source.startswith("file "):
        return f"{source.removeprefix('file ')}: {where}: {msg}"
    if source.startswith("env "):
        return f"${source.removeprefix('env ')} ({where}): {msg}"
    return f"{where}: {msg}"
