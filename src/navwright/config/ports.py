"""`Port`: a TCP port number, checked before anything listens (`serve`, `mcp --http`, the demo shop)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, TypeAdapter, ValidationError

Port = Annotated[int, Field(ge=1, le=65535)]
_PORT: TypeAdapter[int] = TypeAdapter(Port)


def check_port(port: object, option: str = "--port") -> int:
    """`port` as a number from 1 to 65535; ValueError in words (naming `option`) otherwise."""
    try:
        return _PORT.validate_python(port)
    except ValidationError:
        raise ValueError(f"{option} must be a number from 1 to 65535 (got {port})") from None
