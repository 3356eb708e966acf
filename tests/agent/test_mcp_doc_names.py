"""docs/mcp.md names the tool-error flag as the Python SDK spells it (new-user report 32 #10: the docs said
``isError``, the SDK's ``CallToolResult`` has only ``is_error``, and ``result.isError`` was an AttributeError)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from mcp.types import CallToolResult

DOC = Path(__file__).resolve().parents[2] / "docs" / "mcp.md"


def _python_examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_every_attribute_the_examples_read_of_a_tool_result_is_the_sdks():
    read = set()
    for code in _python_examples():
        tree = ast.parse(code)
        results = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
                   for target in node.targets if isinstance(target, ast.Name)
                   and isinstance(node.value, ast.Await) and isinstance(node.value.value, ast.Call)
                   and getattr(node.value.value.func, "attr", "") == "call_tool"}
        read |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                 and isinstance(node.value, ast.Name) and node.value.id in results}
    assert "is_error" in read  # the example shows how a caller tells a tool error
    assert read <= set(CallToolResult.model_fields), read - set(CallToolResult.model_fields)


def test_the_prose_names_the_sdk_attribute_beside_the_wire_field():
    text = DOC.read_text(encoding="utf-8")
    for match in re.finditer(r"`isError", text):
        assert "is_error" in text[match.start():match.start() + 200], text[match.start():match.start() + 200]
