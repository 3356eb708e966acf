"""The one door to language models: the ``llm`` library, with its errors translated to ``ModelError``.

Every step that can use a model (ingest synthesis, fact extraction, judgement, answering) calls
``complete`` or ``complete_json`` here with the model id from ``Config.model.name``; an empty id
means the caller uses its deterministic engine instead and never reaches this module. ``llm`` is
imported only inside these functions so start-up stays light. Callers validate what comes back
(schema, grounding, allowed ids) before anything touches memory.
"""

from __future__ import annotations

import json
from typing import Any

from mem.core.errors import ModelError
from mem.core.json_types import JsonObject


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
             tools: list[Any] | None = None) -> Any:
    """Run one prompt; returns the ``llm`` response object (``.text()``, ``.tool_calls()``)."""
    import llm

    model = get_model(name)
    kwargs: dict[str, Any] = {"system": system}
    if schema is not None and getattr(model, "supports_schema", False):
        kwargs["schema"] = schema
    if tools:
        kwargs["tools"] = tools
    try:
        response = model.prompt(prompt, **kwargs)
        response.text()  # force execution here so errors surface inside this try
        return response
    except llm.errors.NeedsKeyException as exc:
        raise ModelError(f"model {name!r} needs an API key: {exc}") from exc
    except Exception as exc:  # noqa: BLE001 - any plugin's failure becomes one clear line
        raise ModelError(f"model {name!r} failed: {type(exc).__name__}: {exc}") from exc


def complete_text(name: str, prompt: str, *, system: str | None = None) -> str:
    """Run one prompt and return its text."""
    return complete(name, prompt, system=system).text()


# Any: the model's JSON answer as parsed, not trusted: every caller checks it against its schema.
def complete_json(name: str, prompt: str, *, system: str | None = None,
                  schema: JsonObject | None = None) -> Any:
    """Run one prompt that must answer JSON; returns the parsed value or raises ``ModelError``.

    Tolerates a fenced ```json block around the answer (common with chat models); anything else
    that is not JSON is rejected. Checking the value against ``schema`` is the caller's job.
    """
    text = complete(name, prompt, system=system, schema=schema).text().strip()
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
