"""The one door to language models: the ``llm`` library, with its errors translated to ``ModelError``.

Every step that can use a model (ingest synthesis, fact extraction, judgement, answering) calls
``complete`` or ``complete_json`` here with the model id from ``Config.model.name``; an empty id
means the caller uses its deterministic engine instead and never reaches this module. ``llm`` is
imported only inside these functions so start-up stays light. Callers validate what comes back
(schema, grounding, allowed ids) before anything touches memory.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mem.core.errors import ModelError
from mem.core.json_types import JsonObject
from mem.core.model_limits import DEFAULT_TIMEOUT, current_timeout, set_timeout

__all__ = ["DEFAULT_TIMEOUT", "complete", "complete_json", "complete_text", "get_model", "set_timeout",
           "tools_on_caller", "within_timeout"]


# Any: llm ships no type information, so its Model class would be Any to mypy anyway.
def get_model(name: str) -> Any:
    """The ``llm`` model for ``name`` (any model an installed ``llm`` plugin registers)."""
    import llm

    try:
        return llm.get_model(name)
    except llm.UnknownModelError as exc:
        raise ModelError(
            f"unknown model {name!r}: install the llm plugin that provides it, or set [model] name = '' "
            "for the deterministic engine"
        ) from exc


# Any: llm's response and tool objects (llm ships no types); ``schema`` is a JSON schema, any JSON object.
def complete(name: str, prompt: str, *, system: str | None = None, schema: JsonObject | None = None,
             tools: list[Any] | None = None, timeout: float | None = None) -> Any:
    """Run one prompt; returns the ``llm`` response object (``.text()``, ``.tool_calls()``).

    ``timeout``: seconds the model may take (default: ``set_timeout``'s, ``[model] timeout``; 0 = no limit); a
    model that has not answered by then is a ``ModelError`` naming the setting.
    """
    import llm

    model = get_model(name)
    kwargs: dict[str, Any] = {"system": system}
    if schema is not None and getattr(model, "supports_schema", False):
        kwargs["schema"] = schema
    if tools:
        kwargs["tools"] = tools

    def run() -> Any:
        response = model.prompt(prompt, **kwargs)
        response.text()  # force execution here so errors surface inside this try
        return response

    try:
        return within_timeout(name, lambda _on_caller: run(), timeout)
    except ModelError:
        raise
    except llm.errors.NeedsKeyException as exc:
        raise ModelError(f"model {name!r} needs an API key: {exc}") from exc
    except Exception as exc:  # noqa: BLE001 - any plugin's failure becomes one clear line
        raise ModelError(f"model {name!r} failed: {type(exc).__name__}: {exc}") from exc


# Any: what the call returns (an llm response, its text); what a function run on the caller's thread returns.
def within_timeout(name: str, call: Callable[[Callable[..., Any]], Any], timeout: float | None = None) -> Any:
    """``call(on_caller)``, or ``ModelError`` when it has not returned within ``timeout`` seconds (default
    ``set_timeout``'s, ``[model] timeout``; 0 = no limit).

    The call runs in a daemon thread, so a provider that never answers is left behind (its thread ends with the
    process), never waited for. ``on_caller(fn, *args)`` runs ``fn`` on the calling thread while the call waits for
    it: a model's tool reads the customer's store there (an SQLite connection belongs to the thread that opened it).
    The call's exception, if it raises in time, is raised here.
    """
    import queue
    import threading
    import time

    limit = current_timeout() if timeout is None else float(timeout)
    if limit <= 0:
        return call(_run_here)
    requests: queue.Queue[Any] = queue.Queue()
    outcome: list[tuple[bool, Any]] = []

    def on_caller(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        reply: queue.Queue[tuple[bool, Any]] = queue.Queue(maxsize=1)
        requests.put((fn, args, kwargs, reply))
        ok, value = reply.get()
        if not ok:
            raise value
        return value

    def target() -> None:
        try:
            outcome.append((True, call(on_caller)))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            outcome.append((False, exc))
        finally:
            requests.put(None)

    threading.Thread(target=target, name=f"model {name}", daemon=True).start()
    deadline = time.monotonic() + limit
    while True:
        try:
            item = requests.get(timeout=max(deadline - time.monotonic(), 0.0))
        except queue.Empty:
            raise ModelError(f"model {name!r} did not answer within {limit:g} s ([model] timeout in mem.toml; "
                             "0 waits without a limit)") from None
        if item is None:
            break
        fn, args, kwargs, reply = item
        try:
            reply.put((True, fn(*args, **kwargs)))
        except BaseException as exc:  # noqa: BLE001 - raised in the model's thread, where the tool was called
            reply.put((False, exc))
    ok, value = outcome[0]
    if not ok:
        raise value
    return value


# Any: a function's arguments and result
def _run_here(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    return fn(*args, **kwargs)


# Any: llm.Tool objects (llm ships no types)
def tools_on_caller(tools: list[Any], on_caller: Callable[..., Any]) -> list[Any]:
    """``tools`` whose implementations run on the thread waiting in ``within_timeout``."""
    import dataclasses
    import functools

    def moved(implementation: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(implementation)
        def run(**arguments: Any) -> Any:
            return on_caller(implementation, **arguments)
        return run

    return [dataclasses.replace(tool, implementation=moved(tool.implementation)) if tool.implementation else tool
            for tool in tools]


def complete_text(name: str, prompt: str, *, system: str | None = None, timeout: float | None = None) -> str:
    """Run one prompt and return its text."""
    return complete(name, prompt, system=system, timeout=timeout).text()


# Any: the model's JSON answer as parsed, not trusted: every caller checks it against its schema.
def complete_json(name: str, prompt: str, *, system: str | None = None,
                  schema: JsonObject | None = None, timeout: float | None = None) -> Any:
    """Run one prompt that must answer JSON; returns the parsed value or raises ``ModelError``.

    Tolerates a fenced ```json block around the answer (common with chat models); anything else
    that is not JSON is rejected. Checking the value against ``schema`` is the caller's job.
    """
    text = complete(name, prompt, system=system, schema=schema, timeout=timeout).text().strip()
    if not text:
        # "Expecting value at char 0" described the JSON parser, not the model that said nothing
        raise ModelError(f"model {name!r} answered nothing (an empty reply), where JSON was asked for")
    if text.startswith("```"):
        text = text.strip("`")
        text = text[text.find("\n") + 1:] if "\n" in text else text
        text = text.rsplit("```", 1)[0] if "```" in text else text
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ModelError(f"model {name!r} did not answer valid JSON: {exc.msg} at char {exc.pos}") from exc


def json_type(value: object) -> str:
    """What a parsed JSON value is, for an error message: "a list", "a number", "an object"…"""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "null"
    return "text" if isinstance(value, str) else type(value).__name__
