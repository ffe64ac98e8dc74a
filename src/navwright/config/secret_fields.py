"""Which settings are secrets, by what they are: a field typed `SecretStr` or marked `Field(...,
json_schema_extra=SECRET)`; and the password of any URL (`https://user:PASSWORD@host/`)."""

from __future__ import annotations

import re
import types
import typing

from pydantic import BaseModel, SecretBytes, SecretStr
from pydantic.fields import FieldInfo

SECRET = {"secret": True}
"""`Field(json_schema_extra=SECRET)`: `config show` prints the setting as ***."""
HIDDEN = "***"
_URL_PASSWORD = re.compile(r"(://[^/@:\s]*:)[^/@\s]+@")


def secret_keys(model: type[BaseModel], prefix: str = "") -> set[str]:
    """Dotted keys of the secret fields of `model` and of its sections."""
    keys: set[str] = set()
    for name, info in model.model_fields.items():
        dotted = f"{prefix}.{name}" if prefix else name
        if is_secret(info):
            keys.add(dotted)
        for section in _models(info.annotation):
            keys |= secret_keys(section, dotted)
    return keys


def is_secret(info: FieldInfo) -> bool:
    extra = info.json_schema_extra
    marked = isinstance(extra, dict) and extra.get("secret") is True
    return marked or any(a in (SecretStr, SecretBytes) for a in _members(info.annotation))


def without_passwords(text: str) -> str:
    """`text` with the password of every URL in it shown as ***."""
    return _URL_PASSWORD.sub(rf"\g<1>{HIDDEN}@", text)


def _members(annotation: object) -> list[object]:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return list(typing.get_args(annotation))
    return [annotation]


def _models(annotation: object) -> list[type[BaseModel]]:
    return [a for a in _members(annotation) if isinstance(a, type) and issubclass(a, BaseModel)]
