"""One configuration: `Settings` from the config file, then `NAVWRIGHT_*` variables, then arguments."""

from navwright.config.env import ENV_VARS
from navwright.config.ports import Port, check_port
from navwright.config.settings import (
    ConfigError,
    LoadedSettings,
    Settings,
    config_path,
    load_model_config,
    load_settings,
)

__all__ = [
    "ENV_VARS", "ConfigError", "LoadedSettings", "Port", "Settings", "check_port", "config_path",
    "load_model_config", "load_settings",
]  # fmt: skip
