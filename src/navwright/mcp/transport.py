"""How the MCP server is reached. Over stdio a line that is not JSON-RPC is answered with a JSON-RPC
error (-32700 for one that is not JSON, -32600 for JSON that is not a message) instead of silence. Over
HTTP the same guard as `navwright serve` stands in front of every request: no token means loopback
only (a non-loopback bind is refused before anything starts); a request from another origin is refused.
"""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

import mcp_types as types
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

if TYPE_CHECKING:
    from mcp.shared._stream_protocols import ReadStream, WriteStream

Item = SessionMessage | Exception


class NavwrightMCP(MCPServer[None]):
    """The SDK's server, whose stdio transport answers a malformed line in words."""

    async def run_stdio_async(self) -> None:
        low = self._lowlevel_server
        async with stdio_server() as (read, write):
            await low.run(ParseErrors(read, write), write, low.create_initialization_options())


class ParseErrors:
    """The stdio read stream, less its malformed lines: each is answered on `write` with a JSON-RPC
    error (id null) and the server reads on."""

    def __init__(self, read: ReadStream[Item], write: WriteStream[SessionMessage]) -> None:
        self._read = read
        self._write = write

    async def receive(self) -> Item:
        while True:
            item = await self._read.receive()
            if not isinstance(item, Exception):
                return item
            await self._write.send(SessionMessage(parse_error(item)))

    async def aclose(self) -> None:
        await self._read.aclose()

    def __aiter__(self) -> Self:
        return self

    async def __anext__(self) -> Item:
        from anyio import EndOfStream

        try:
            return await self.receive()
        except EndOfStream:
            raise StopAsyncIteration from None

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool | None:
        await self.aclose()
        return None


def parse_error(exc: Exception) -> types.JSONRPCError:
    """The JSON-RPC error for a line that could not be read as a message."""
    not_json = isinstance(exc, ValidationError) and any(e["type"] == "json_invalid" for e in exc.errors())
    if not_json or not isinstance(exc, ValidationError):
        error = types.ErrorData(code=types.PARSE_ERROR, message="Parse error: the line is not JSON")
    else:
        error = types.ErrorData(code=types.INVALID_REQUEST,
                                message="Invalid request: the line is JSON but not a JSON-RPC message")
    return types.JSONRPCError(jsonrpc="2.0", id=None, error=error)


def serve_http(server: MCPServer[None], host: str, port: int, token: str | None) -> None:
    """Streamable HTTP at /mcp behind the server's guard (token, origin, loopback host)."""
    import uvicorn

    from navwright.server.auth import Guard

    app: Any = Guard(server.streamable_http_app(host=host), token)
    uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).run()
