"""The public functions docs/customers.md lists take a path as a ``str`` or any ``os.PathLike`` — and say so in
their type hints (new-user report 32 #10: ``home: Path`` in ``login_client``/``sync``, ``workspace: Path`` in
``lint_workspace`` gave a mypy user false errors for the ``str`` that works)."""

from __future__ import annotations

import inspect
import os
import typing
from pathlib import Path

import pytest

from mem.client.sync import sync
from mem.client.trust import login_client
from mem.client.vault_client import backup_to_server, restore_from_server
from mem.core.config import Config
from mem.customers import delete_customer, export_customer, import_customer, list_customers
from mem.customers.request_log import RequestLog
from mem.policies import ingest_documents
from mem.server.bundle import build_bundle
from mem.server.keys import init_keys
from mem.wiki import init_workspace
from mem.wiki.lint import fix, lint_workspace

PUBLIC = [
    (init_workspace, ("path",)), (Config.load, ("workspace", "home")), (ingest_documents, ("workspace",)),
    (lint_workspace, ("workspace",)), (fix, ("workspace",)), (init_keys, ("workspace",)),
    (build_bundle, ("workspace",)), (login_client, ("home", "trust_key")), (sync, ("home",)),
    (backup_to_server, ("home",)), (restore_from_server, ("home",)), (export_customer, ("home",)),
    (import_customer, ("home",)), (delete_customer, ("home",)), (list_customers, ("home",)),
    (RequestLog.import_file, ("path",)),
]


def _accepts_str_and_pathlike(hint: object) -> bool:
    members = set(typing.get_args(hint)) or {hint}
    return str in members and any(typing.get_origin(m) is os.PathLike or m is os.PathLike for m in members)


@pytest.mark.parametrize(("function", "names"), PUBLIC, ids=lambda v: getattr(v, "__qualname__", str(v)))
def test_a_documented_path_parameter_is_hinted_str_or_pathlike(function, names):
    for name in names:
        hint = _hint(function, name)
        assert _accepts_str_and_pathlike(hint), f"{function.__qualname__}({name}: {hint})"


def _hint(function, name: str) -> object:
    # the one parameter's annotation, evaluated where the function is defined: get_type_hints would also need
    # the names its other hints import only for the type checker
    annotation = inspect.signature(function).parameters[name].annotation
    return eval(annotation, function.__globals__) if isinstance(annotation, str) else annotation


def test_lint_takes_a_list_of_str_paths_in_its_hint():
    hint = _hint(lint_workspace, "paths")
    sequence = next(a for a in typing.get_args(hint) if a is not type(None))
    assert _accepts_str_and_pathlike(typing.get_args(sequence)[0])


def test_the_str_the_hints_promise_works(tmp_path: Path):
    workspace = str(tmp_path / "ws")
    assert init_workspace(workspace) == Path(workspace).resolve()
    config = Config.load(workspace=workspace, home=str(tmp_path / "home"), env={})
    report = lint_workspace(workspace, [os.path.join(workspace, "policies")], config=config)
    assert not report.errors
    assert list_customers(str(tmp_path / "home")) == []
