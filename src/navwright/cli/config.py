"""`navwright config show / path`: the effective settings and where each came from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

if TYPE_CHECKING:
    from navwright.config import LoadedSettings

config_app = typer.Typer(help="The settings: config file, environment, defaults.", no_args_is_help=True)
ConfigOpt = Annotated[Path | None, typer.Option(help="Config file (TOML) instead of the default one.")]


@config_app.command("path")
def config_path_cmd(config: ConfigOpt = None) -> None:
    """Print the config file navwright reads (and whether it exists)."""
    from navwright.config import config_path

    path = config_path(config)
    print(f"{path}" + ("" if path.is_file() else " (does not exist; defaults are used)"))


@config_app.command("show")
def config_show(config: ConfigOpt = None) -> None:
    """Print every effective setting and where it came from (default, file, env or argument)."""
    from navwright.config import ConfigError, load_settings

    try:
        loaded = load_settings(config)
    except ConfigError as exc:
        Console(stderr=True).print(f"navwright: {exc}", style="red", markup=False, soft_wrap=True)
        raise typer.Exit(2) from None
    for line in settings_lines(loaded):
        print(line)


def settings_lines(loaded: LoadedSettings) -> list[str]:
    """`section.key = value  # source` for every setting; secret settings (so marked: see
    `navwright.config.secret_fields`) and the passwords inside URLs are hidden."""
    from navwright.config import Settings
    from navwright.config.secret_fields import HIDDEN, secret_keys, without_passwords
    from navwright.config.settings import shown

    state = "" if loaded.file_used else " (does not exist)"
    lines = [f"# config file: {shown(loaded.path)}{state}"]
    data = loaded.settings.model_dump(mode="json")
    data["models"]["planner"] = str(loaded.settings.models.planner)
    data["models"]["navigator"] = str(loaded.settings.models.navigator)
    hidden = secret_keys(Settings)
    for key, value in _flat(data):
        text = HIDDEN if key in hidden else without_passwords(json.dumps(value, ensure_ascii=False))
        lines.append(f"{key} = {text}  # {loaded.source(key)}")
    return lines


def _flat(data: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in data.items():
        dotted = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            out.extend(_flat(value, dotted))
        else:
            out.append((dotted, value))
    return out
