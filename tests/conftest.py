"""Shared fixtures: every test runs with its own client home and no MEM_* settings from outside."""

from __future__ import annotations

import io
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest


def _unshadow_checkout_name() -> None:
    """Give the checkout folder's name back to the distribution that owns it.

    The repository root is the ``mem`` package (it has an ``__init__.py``), so pytest's importlib
    mode registers it in ``sys.modules`` under the checkout folder's name before any conftest runs.
    A checkout named like an installed distribution (a worktree called ``mcp``) would then shadow
    it: ``import mcp`` in ``mem mcp`` would find this repository instead of the MCP SDK.
    """
    import contextlib
    import importlib

    root = Path(__file__).resolve().parents[1]
    if root.name == "mem" or not root.name.isidentifier():
        return
    module = sys.modules.get(root.name)
    if module is not None and Path(getattr(module, "__file__", None) or "").resolve() == root / "__init__.py":
        del sys.modules[root.name]
    if root.name not in sys.modules:
        with contextlib.suppress(ImportError):
            importlib.import_module(root.name)  # the real distribution, which pytest then reuses as parent


_unshadow_checkout_name()


@pytest.fixture(autouse=True)
def isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point MEM_HOME at a fresh folder, clear every other MEM_* variable (semantic quoting off), unfreeze the clock."""
    for name in list(os.environ):
        if name.startswith("MEM_"):
            monkeypatch.delenv(name)
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("MEM_HOME", str(home))
    # The lexical engine's tests pin its exact quotes, and ingest would embed every sentence of every
    # test document: the semantic layer is off unless a test turns it on (tests/agent/test_semantic.py).
    monkeypatch.setenv("MEM_SEMANTIC", "off")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("LLM_USER_PATH", str(tmp_path_factory.mktemp("llm-user")))
    from mem.core import clock

    clock.freeze(None)
    yield home
    clock.freeze(None)


@dataclass
class Result:
    exit_code: int
    stdout: str
    stderr: str


def _run(*args: str, input: str | None = None) -> Result:
    """Run ``mem ARGS…`` in this process, capturing stdout/stderr and the exit code."""
    from mem.cli.main import main

    old = sys.stdout, sys.stderr, sys.stdin
    out, err = io.StringIO(), io.StringIO()
    sys.stdout, sys.stderr = out, err
    sys.stdin = io.StringIO(input or "")
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:  # a command may still call sys.exit
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.stdout, sys.stderr, sys.stdin = old
    return Result(code, out.getvalue(), err.getvalue())


@pytest.fixture
def mem():
    """``mem(*args, input=None) -> Result``: the CLI in-process, with error mapping as in production."""
    return _run


class ScriptedModelHandle:
    """What the ``scripted_model`` fixture returns: queue answers, then read the prompts it saw."""

    def __init__(self) -> None:
        self.answers: list = []
        self.prompts: list = []  # (system, prompt text, schema, tool names) per call

    def script(self, *answers) -> ScriptedModelHandle:
        """Queue answers: a string (text), a dict/list (sent as JSON), a dict {"tool_calls": [{name,
        arguments}]} (tool calls), or a callable(prompt_text) returning one of those."""
        self.answers.extend(answers)
        return self


@pytest.fixture
def scripted_model():
    """Register the model id ``scripted`` through llm's plugin manager for one test.

    Use with ``Config.model.name = "scripted"`` (``MEM_MODEL=scripted`` or ``mem.toml``). The model
    answers from the queue; an empty queue is an error, so a test sees every call it did not expect.
    """
    import json

    import llm
    from llm.plugins import pm

    handle = ScriptedModelHandle()

    class ScriptedModel(llm.Model):
        model_id = "scripted"
        supports_schema = True
        supports_tools = True
        can_stream = False

        def execute(self, prompt, stream, response, conversation):
            handle.prompts.append(
                (prompt.system, prompt.prompt, prompt.schema, [t.name for t in (prompt.tools or [])])
            )
            if not handle.answers:
                raise RuntimeError("scripted model: no answer queued for this call")
            answer = handle.answers.pop(0)
            if callable(answer):
                answer = answer(prompt.prompt)
            if isinstance(answer, dict) and "tool_calls" in answer:
                for call in answer["tool_calls"]:
                    response.add_tool_call(llm.ToolCall(name=call["name"], arguments=call.get("arguments", {})))
                yield answer.get("text", "")
                return
            yield answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)

    class ScriptedPlugin:
        __name__ = "ScriptedPlugin"

        @llm.hookimpl
        def register_models(self, register):
            register(ScriptedModel())

    pm.register(ScriptedPlugin(), name="mem-scripted-model")
    try:
        yield handle
    finally:
        pm.unregister(name="mem-scripted-model")


# --- S: a real `mem serve` on loopback ---------------------------------------------------------


class LiveServer:
    """A uvicorn server running ``create_app(workspace)`` in a thread on a free 127.0.0.1 port.

    ``url`` is its base URL; ``received`` lists ``(method, path, body bytes)`` of every request the
    server got (so a test can prove what did — or did not — leave the client).
    """

    def __init__(self, workspace: Path, config=None) -> None:
        import socket
        import threading

        import uvicorn

        from mem.core.config import Config
        from mem.server.app import create_app

        self.workspace = Path(workspace)
        self.config = config or Config.load(workspace=self.workspace)
        self.app = create_app(self.workspace, config=self.config)
        self.received: list[tuple[str, str, bytes]] = []
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._server = uvicorn.Server(uvicorn.Config(self._recording_app, interface="asgi3", log_level="warning",
                                                     access_log=False, lifespan="off"))
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]}, daemon=True)
        self._sock = sock
        self._thread.start()
        import time

        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("live_server: uvicorn did not start")
            time.sleep(0.01)

    async def _recording_app(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        chunks: list[bytes] = []

        async def recording_receive():
            message = await receive()
            if message["type"] == "http.request":
                chunks.append(message.get("body", b""))
                if not message.get("more_body"):
                    self.received.append((scope["method"], scope["path"], b"".join(chunks)))
            return message

        if scope["method"] in ("GET", "HEAD", "DELETE"):
            self.received.append((scope["method"], scope["path"], b""))
            return await self.app(scope, receive, send)
        return await self.app(scope, recording_receive, send)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._sock.close()


@pytest.fixture
def live_server():
    """``live_server(workspace, config=None) -> LiveServer``: real uvicorn on loopback, stopped after the test."""
    servers: list[LiveServer] = []

    def start(workspace: Path, config=None) -> LiveServer:
        server = LiveServer(workspace, config)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture()
def rules_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The injection detector's rules without its learned second opinion: a test of one rule's structure pins
    what the rules say (the learned model has its own tests, tests/core/test_instructions_learned.py)."""
    from mem.core.instructions import learned

    monkeypatch.setattr(learned, "model", lambda: None)
    monkeypatch.setattr(learned, "page_model", lambda: None)


def least_cpu_seconds(read: Callable[[], object], runs: int = 3) -> float:
    """The least CPU seconds of ``runs`` calls of ``read``: a linear-time test compares two sizes as a ratio, and one
    run on a loaded machine can take a spike that makes a linear step look quadratic (CI, loaded by the end benches,
    took 0.76 s for a step a quiet run takes in 0.26 s)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        read()
        times.append(time.process_time() - start)
    return min(times)


@pytest.fixture(name="least_cpu_seconds")
def least_cpu_seconds_fixture() -> Callable[[Callable[[], object], int], float]:
    """``least_cpu_seconds`` for the linear-time tests of every package."""
    return least_cpu_seconds


# A run at full size under this many CPU seconds passes at once: no input a test reads takes this little when it is
# quadratic (the blow-ups issue #10 names took seconds to minutes at 200 KB), and fast readers cost nothing extra.
# Well below the old absolute bounds (0.2-10 s), so a slower machine only moves a reader from "cheap" to "measured".
LINEAR_CHEAP_SECONDS = 0.1
# Four times the input: linear takes about 4 times the CPU, n log n about 4.5, quadratic 16. 8 is the geometric middle
# of 4 and 16: twice linear's ratio (room for cache misses on the larger input and a spike the least of a few runs
# did not filter) and half quadratic's, so neither a noisy linear reader nor a quadratic one lands on the wrong side.
LINEAR_MAX_RATIO = 8.0


def assert_linear(run: Callable[[int], object], size: int, *, cheap: float = LINEAR_CHEAP_SECONDS,
                  runs: int = 3) -> None:
    """Assert that ``run(n)`` (which builds its input of about ``n`` units and reads it) grows linearly up to ``size``.

    The rule for timed tests: they check growth, not speed (a machine's speed and load are not the product's). A
    first run at ``size`` under ``cheap`` CPU seconds passes at once; otherwise runs at ``size // 4`` and at ``size``
    alternate, and the least CPU time of each must stay under ``LINEAR_MAX_RATIO`` times apart. CPU time
    (``process_time``), not wall time, so other jobs on the machine count less; a reader behind a cache must be passed
    unwrapped (``f.__wrapped__``), or the repeated runs measure the cache."""
    start = time.process_time()
    run(size)
    large = time.process_time() - start
    if large < cheap:
        return
    small = float("inf")
    # Alternate the two sizes: on a loaded machine even CPU time swells for a while (other jobs share the caches and
    # the core's clock), and a CI run once took its quarter size in a quiet moment and every full size in a busy one
    # (x17 for a reader that is x4 here). Alternating puts both sizes in the same weather; a linear reader passes on
    # the first pair that does, a quadratic one never does, and a doubt gets a second, longer round.
    for pairs in (runs, 2 * runs):
        for _ in range(pairs):
            start = time.process_time()
            run(size // 4)
            small = min(small, time.process_time() - start)
            if large < LINEAR_MAX_RATIO * small:
                return
            start = time.process_time()
            run(size)
            large = min(large, time.process_time() - start)
            if large < cheap or large < LINEAR_MAX_RATIO * small:
                return
    raise AssertionError(
        f"not linear: {large:.3f} s CPU at {size} against {small:.3f} s at {size // 4} "
        f"(x{large / max(small, 1e-9):.1f}; linear is about 4, quadratic 16, the bound {LINEAR_MAX_RATIO:g})")


@pytest.fixture(name="assert_linear")
def assert_linear_fixture() -> Callable[..., None]:
    """``assert_linear`` for the size-scaling tests of every package."""
    return assert_linear
