"""What ``mem mcp`` reads off the wire: every message the host sends is answered, one that is not a message too.

The SDK's stdio reader parses each line with ``validate_json`` and, when that fails, hands the
exception to the session, which only logs it: a host that sent a request with a lone surrogate in
it (an emoji cut in half), a line that is not JSON, JSON nested too deep for the parser, an ``id``
that is ``null`` or an object, or ``"jsonrpc": "1.0"`` waited for a reply that never came. Here each
line is checked before the SDK sees it:

- a line that is not JSON, or is nested deeper than ``MAX_DEPTH`` levels, gets the JSON-RPC parse
  error (-32700) with ``id`` null — the id cannot be read from it;
- JSON that is not a JSON-RPC 2.0 message gets invalid request (-32600), with the message's id when
  it has a usable one (a string or a number) and ``null`` otherwise (an ``id`` of ``null`` or an
  object is itself the fault: MCP requires a string or a number);
- a lone surrogate in a string is replaced by U+FFFD, as ``mem log import`` repairs it
  (docs/customers.md), and the message goes on to its tool: the rest of the text is still the
  customer's.

Blank lines are not messages and are skipped. Over HTTP (``CheckedBodies``) each POST body is checked
the same way: the SDK answered a body that is not JSON itself, but took ``"id": null`` for a
notification (202, no reply) and answered ``"jsonrpc": "1.0"`` with pydantic's multi-line dump.
The SDK is imported by the functions that need it only.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import AsyncIterable, AsyncIterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer
    from mcp.shared.message import SessionMessage

# The SDK parses with jiter, which refuses about 200 levels; MCP messages are a few levels deep.
MAX_DEPTH = 100
PARSE_ERROR = -32700
INVALID_REQUEST = -32600


class LineError(Exception):
    """A line that is not a message: the JSON-RPC error code, a one-line reason, the id to answer."""

    def __init__(self, code: int, reason: str, request_id: str | int | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.request_id = request_id


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _repaired(text: str) -> str:
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)


def _has_surrogate(text: str) -> bool:
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


# Any: parsed JSON (dict, list, str, number, bool, None), walked without recursion.
def clean(value: Any) -> tuple[Any, bool]:
    """``value`` with every lone surrogate replaced by U+FFFD, and whether any was; ``LineError`` past MAX_DEPTH."""
    changed = False

    def fix(text: str) -> str:
        nonlocal changed
        if _has_surrogate(text):
            changed = True
            return _repaired(text)
        return text

    root: list[Any] = [value]
    stack: list[tuple[Any, int]] = [(root, 0)]
    while stack:
        container, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise LineError(PARSE_ERROR, f"Parse error: the message is nested deeper than {MAX_DEPTH} levels")
        if isinstance(container, dict):
            items = list(container.items())
            if any(_has_surrogate(key) for key, _ in items):
                container.clear()
                container.update((fix(key), item) for key, item in items)
            keys: Any = list(container.keys())
        else:
            keys = range(len(container))
        for key in keys:
            item = container[key]
            if isinstance(item, str):
                container[key] = fix(item)
            elif isinstance(item, (dict, list)):
                stack.append((item, depth + 1))
    return root[0], changed


def _request_id(message: Any) -> str | int | None:
    ident = message.get("id") if isinstance(message, dict) else None
    return ident if isinstance(ident, (str, int)) and not isinstance(ident, bool) else None


def _invalid_reason(message: Any) -> str:
    if not isinstance(message, dict):
        return "Invalid Request: a message is one JSON object (batches are not part of MCP)"
    if message.get("jsonrpc") != "2.0":
        return 'Invalid Request: "jsonrpc" must be "2.0"'
    if "id" in message and _request_id(message) is None:
        return 'Invalid Request: "id" must be a string or a number'
    if "method" in message and not isinstance(message["method"], str):
        return 'Invalid Request: "method" must be a string'
    return "Invalid Request: not a JSON-RPC request, notification or response"


def check_line(line: str) -> str | None:
    """The line to hand to the SDK (repaired if it held a lone surrogate), ``None`` for a blank line;
    ``LineError`` when it is not a message the SDK will accept."""
    if not line.strip():
        return None
    from mcp_types import jsonrpc_message_adapter
    from pydantic import ValidationError

    try:
        message = json.loads(line, parse_constant=_reject_constant)
    except RecursionError:
        raise LineError(PARSE_ERROR, f"Parse error: the message is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # JSONDecodeError, a NaN/Infinity, invalid UTF-8 already replaced by the reader
        raise LineError(PARSE_ERROR, f"Parse error: not JSON ({str(exc).split(':')[0]})") from None
    try:
        message, changed = clean(message)
    except LineError as error:
        raise LineError(error.code, error.reason, _request_id(message)) from None
    if isinstance(message, dict) and "id" in message and _request_id(message) is None:
        # MCP: "the ID MUST NOT be null"; the SDK took such a request for a notification and never answered
        raise LineError(INVALID_REQUEST, _invalid_reason(message))
    text = json.dumps(message, ensure_ascii=False) if changed else line
    try:
        jsonrpc_message_adapter.validate_json(text, by_name=False)  # the SDK's own check, so it cannot drop it
    except ValidationError:
        raise LineError(INVALID_REQUEST, _invalid_reason(message), _request_id(message)) from None
    return text


class CheckedLines:
    """The host's lines as the SDK's stdio reader reads them, each checked by ``check_line``; a line that
    fails is answered with its JSON-RPC error on the transport's write stream (``answer_on``)."""

    def __init__(self, lines: AsyncIterable[str]) -> None:
        import anyio

        self._lines = lines
        self._ready = anyio.Event()
        self._replies: Any = None  # the SDK's write stream of SessionMessage

    # Any: the SDK's write stream of SessionMessage (mcp.shared._context_streams, a private module)
    def answer_on(self, write_stream: Any) -> None:
        self._replies = write_stream
        self._ready.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._checked()

    async def _checked(self) -> AsyncIterator[str]:
        await self._ready.wait()
        async for line in self._lines:
            try:
                checked = check_line(line)
            except LineError as error:
                await self._replies.send(error_message(error))
                continue
            if checked is not None:
                yield checked


def error_message(error: LineError) -> SessionMessage:
    from mcp.shared.message import SessionMessage
    from mcp_types import ErrorData, JSONRPCError

    return SessionMessage(JSONRPCError(jsonrpc="2.0", id=error.request_id,
                                       error=ErrorData(code=error.code, message=error.reason)))


async def run_stdio(server: MCPServer) -> None:
    """``server.run("stdio")`` with every line checked first (module docstring)."""
    import anyio
    from mcp.server.stdio import stdio_server

    # invalid UTF-8 bytes become U+FFFD, as in the SDK's own reader; the wrapper never closes stdin's buffer
    wrapper = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    lines = CheckedLines(anyio.wrap_file(wrapper))
    try:
        async with stdio_server(stdin=lines) as (read_stream, write_stream):  # type: ignore[arg-type]
            lines.answer_on(write_stream)
            lowlevel = server._lowlevel_server  # what MCPServer.run_stdio_async runs; the SDK has no public name
            await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
    finally:
        wrapper.detach()


class CheckedBodies:
    """ASGI middleware in front of the SDK's streamable HTTP app: each POST body is checked by
    ``check_line`` (a body that fails gets its JSON-RPC error, HTTP 400; a lone surrogate is repaired)
    before the SDK reads it. Bodies reach it through the SDK's own size limit (``wrap_http``)."""

    # Any: ASGI's scope, receive and send (starlette.types, not a dependency of this module's callers)
    def __init__(self, app: Any) -> None:
        self.app = app

    # Any: ASGI's scope, receive and send
    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before its body was complete
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        try:
            checked = check_line(body.decode("utf-8", errors="replace"))
        except LineError as error:
            await _send_error(send, error)
            return
        if checked is not None:
            body = checked.encode("utf-8")
        headers = [(k, v) for k, v in scope.get("headers", []) if k.lower() != b"content-length"]
        headers.append((b"content-length", str(len(body)).encode()))
        delivered = False

        async def replay() -> Any:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(dict(scope, headers=headers), replay, send)


# Any: ASGI's send callable
async def _send_error(send: Any, error: LineError) -> None:
    payload = json.dumps({"jsonrpc": "2.0", "id": error.request_id,
                          "error": {"code": error.code, "message": error.reason}}).encode("utf-8")
    await send({"type": "http.response.start", "status": 400,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]})
    await send({"type": "http.response.body", "body": payload})


# Any: the SDK's Starlette app, returned wrapped
def wrap_http(app: Any) -> Any:
    """``app`` behind ``CheckedBodies``, itself behind the SDK's request body limit (413 past it)."""
    from mcp.server.transport_security import DEFAULT_MAX_REQUEST_BODY_SIZE, RequestBodyLimitMiddleware

    return RequestBodyLimitMiddleware(CheckedBodies(app), DEFAULT_MAX_REQUEST_BODY_SIZE)
