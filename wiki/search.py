"""Keyword search over the wiki's pages (BM25), for the agent's policy and know-how look-ups.

The index is a cached inverted index: term frequencies per page, stored in
``<workspace>/.mem/search-index.json`` and keyed by each page file's (mtime, size), so a search
re-reads only the pages that changed since the last one; within one process the loaded index is
kept in memory too. It is derived data — delete it and the next search rebuilds it.

Terms: the search analyzer customer fact search uses (``mem.core.text.analyzer``): English words
lower-cased, stop words removed and Snowball-stemmed ("returns" finds "return", "shipping" finds
"ship"), plus character 1- and 2-grams of Korean and Japanese runs; a query drops English
question and filler words and looks up the bigrams of its CJK runs. Title words weigh 3×,
summary and tags 2×, the body 1×. A query also looks up, at half weight, the words the support
lexicon (``mem.core.text.lexicon``) relates to its own ("kids" → children, "booking" → reservation,
代引き → 代金引換): a customer rarely uses the policy's word.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mem.core.errors import InvalidInput, NotFound, StorageError
from mem.core.fsio import atomic_write_text
from mem.core.json_types import JsonObject
from mem.core.text import index_terms, query_terms
from mem.core.text.articles import article_keys, title_article
from mem.core.text.lexicon import related_terms
from mem.wiki.index import FOLDERS
from mem.wiki.page import Page, split_frontmatter
from mem.wiki.store import STATE_DIR, Wiki

#: maps a page found to the edition to return, or None to leave it out (``mem.wiki.in_force``)
Serve = Callable[[Page], "Page | None"]
INDEX_NAME = "search-index.json"
# 2: terms of the shared search analyzer (stemmed); 3: in their search form (accents folded); 4: a title's article
# in key form (``title_article``); older caches are rebuilt
FORMAT = 4
K1, B = 1.2, 0.75
WEIGHTS = {"title": 3, "summary": 2, "tags": 2, "body": 1}

_SNIPPET_WORD = re.compile(r"\w+")

@dataclass(frozen=True)
class SearchHit:
    """One page found, best first; ``score`` only compares hits of the same search."""

    page: Page
    score: float
    snippet: str

    @property
    def id(self) -> str:
        return self.page.id

    def to_dict(self) -> JsonObject:
        return {"id": self.page.id, "type": self.page.type, "title": self.page.title, "version": self.page.version,
                "score": round(self.score, 4), "snippet": self.snippet}


def tokenize(text: str) -> list[str]:
    """Index terms of ``text``, the same analysis a customer's fact index applies."""
    return index_terms(text)


def search_terms(query: str) -> list[str]:
    """The terms a search for ``query`` looks up (stop and question words dropped), in order, deduplicated; an
    article cited by its number ("제8조", "第６条") first, as one term in the form a title holds (``title_article``)."""
    return list(dict.fromkeys(article_keys(query) + query_terms(query)))


def query_weights(query: str) -> tuple[list[str], dict[str, float]]:
    """``query``'s own search terms, and the terms the lexicon relates to them with their weights."""
    terms = search_terms(query)
    return terms, related_terms(query, terms)


def page_terms(meta: JsonObject, body: str) -> dict[str, int]:
    """Weighted term frequencies of one page."""
    counts: Counter[str] = Counter()
    tags = meta.get("tags")
    parts = {"title": str(meta.get("title") or ""), "summary": str(meta.get("summary") or ""),
             "tags": " ".join(map(str, tags)) if isinstance(tags, list) else "", "body": _plain(body)}
    for field, text in parts.items():
        for term in tokenize(text):
            counts[term] += WEIGHTS[field]
    # the article a title opens with is one term in key form, as a question citing it looks it up: "第６条解約" is
    # one word to the analyzer, and "제8조" must not be a question's "제", "8", "조"
    article = title_article(parts["title"])
    if article and article not in tokenize(parts["title"]):
        counts[article] += WEIGHTS["title"]
    return dict(counts)


def _plain(body: str) -> str:
    body = re.sub(r"^\[\^[^\]]+\]:.*$", " ", body, flags=re.M)  # footnote definitions cite files, not content
    return re.sub(r"\[\^[^\]]+\]|[#*_`>|]", " ", body)


def bm25_rank(docs: dict[str, dict[str, int]], terms: list[str],
              postings: dict[str, dict[str, int]] | None = None,
              related: dict[str, float] | None = None) -> list[tuple[str, float]]:
    """Rank documents (key → weighted term frequencies, from ``page_terms``) for query ``terms``, best first.

    Shared by the workspace index and the verified bundle's pages, so a policy is found the same way
    whichever source the agent reads. ``postings`` (term → key → tf) may be passed when cached.
    ``related``: more terms, each counted at its weight (``query_weights`` gives both).
    """
    if not terms or not docs:
        return []
    if postings is None:
        postings = build_postings(docs)
    n = len(docs)
    lengths = {key: sum(tf.values()) for key, tf in docs.items()}
    avg = sum(lengths.values()) / n or 1.0
    scores: dict[str, float] = {}
    weighted = [(term, 1.0) for term in terms] + [(term, w) for term, w in (related or {}).items() if term not in terms]
    for term, share in weighted:
        matches = postings.get(term)
        if not matches:
            continue
        idf = share * math.log(1 + (n - len(matches) + 0.5) / (len(matches) + 0.5))
        for key, tf in matches.items():
            scores[key] = scores.get(key, 0.0) + idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[key] / avg))
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


def rarity(postings: dict[str, dict[str, int]], pages: int, terms: list[str]) -> dict[str, float]:
    """Each term's inverse document frequency among ``pages`` pages (BM25's; a term no page holds is the rarest)."""
    return {term: math.log(1 + (pages - len(postings.get(term, {})) + 0.5) / (len(postings.get(term, {})) + 0.5))
            for term in terms}


def build_postings(docs: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Invert key → term frequencies into term → key → frequency."""
    postings: dict[str, dict[str, int]] = {}
    for key, terms in docs.items():
        for term, tf in terms.items():
            postings.setdefault(term, {})[key] = tf
    return postings


class SearchIndex:
    """The inverted index of one workspace, refreshed from the page files on every ``search``."""

    def __init__(self, workspace: Path) -> None:
        self.workspace = Path(workspace)
        self.wiki = Wiki(self.workspace)
        self._docs: dict[str, dict[str, Any]] = {}  # relpath → {key, id, type, terms, length}
        self._postings: dict[str, dict[str, int]] | None = None
        self._loaded = False

    @property
    def path(self) -> Path:
        return self.workspace / STATE_DIR / INDEX_NAME

    def refresh(self) -> int:
        """Bring the index up to date with the page files; returns how many pages were (re)read."""
        if not self._loaded:
            self._load()
        current: dict[str, tuple[Path, list[int]]] = {}
        for file in self.wiki.page_files():
            try:
                stat = file.stat()
            except OSError:
                continue
            rel = file.relative_to(self.workspace).as_posix()
            current[rel] = (file, [stat.st_mtime_ns, stat.st_size])
        changed = [rel for rel, (_, key) in current.items() if self._docs.get(rel, {}).get("key") != key]
        removed = [rel for rel in self._docs if rel not in current]
        for rel in removed:
            del self._docs[rel]
        for rel in changed:
            file, key = current[rel]
            try:
                text = file.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                self._docs.pop(rel, None)
                continue
            meta, body, _ = split_frontmatter(text)
            meta = meta or {}
            terms = page_terms(meta, body)
            self._docs[rel] = {"key": key, "id": str(meta.get("id") or file.stem), "type": meta.get("type"),
                               "terms": terms, "length": sum(terms.values())}
        if changed or removed:
            self._postings = None
            self._save()
        return len(changed)

    def _load(self) -> None:
        self._loaded = True
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("docs"), dict):
            self._docs = data["docs"]

    def _save(self) -> None:
        # The cache is an optimisation: a read-only workspace still searches, just without it.
        with contextlib.suppress(OSError, StorageError):
            atomic_write_text(self.path, json.dumps({"format": FORMAT, "docs": self._docs}, ensure_ascii=False,
                                                    separators=(",", ":")))

    def _build_postings(self) -> dict[str, dict[str, int]]:
        if self._postings is None:
            self._postings = build_postings({rel: doc["terms"] for rel, doc in self._docs.items()})
        return self._postings

    def term_rarity(self, terms: list[str]) -> dict[str, float]:
        """Inverse document frequency of ``terms`` over the workspace's pages (see ``rarity``).

        Read from the index as the last search left it: the agent asks right after its page search,
        and a second pass over every page file (a stat each) cost as much as the search itself.
        """
        if not self._loaded:
            self.refresh()
        return rarity(self._build_postings(), len(self._docs), terms)

    def page_count(self, type: str | None = None) -> int:
        """Pages of the workspace (of one type), as the last search left the index (see ``term_rarity``)."""
        if not self._loaded:
            self.refresh()
        return sum(1 for doc in self._docs.values() if type is None or doc.get("type") == type)

    def search(self, query: str, *, type: str | None = None, limit: int = 5,
               include_deprecated: bool = False, serve: Serve | None = None) -> list[SearchHit]:
        """Pages matching ``query`` best first (BM25); deprecated pages only on request. ``serve`` maps a
        page to the edition to return (``mem.wiki.in_force``) or None to leave it out."""
        if type is not None and type not in FOLDERS:
            raise InvalidInput(f"unknown page type {type!r} (policy or knowhow)")
        self.refresh()
        terms, related = query_weights(query)
        if not terms or not self._docs:
            return []
        ranked = bm25_rank({rel: doc["terms"] for rel, doc in self._docs.items()}, terms, self._build_postings(),
                           related)
        hits: list[SearchHit] = []
        for rel, score in ranked:
            doc = self._docs[rel]
            if type and doc.get("type") != type:
                continue
            try:
                page = self.wiki.get(doc["id"])
            except (InvalidInput, NotFound, StorageError):  # an invalid page is lint's business; skip it
                continue
            if page.status == "deprecated" and not include_deprecated:
                continue
            if serve is not None:
                served = serve(page)
                if served is None:
                    continue
                page = served
            hits.append(SearchHit(page, score, snippet(page.body, query)))
            if len(hits) >= limit:
                break
        return hits


_INDEXES: dict[Path, SearchIndex] = {}


def search_pages(workspace: Path, query: str, *, type: str | None = None, limit: int = 5,
                 include_deprecated: bool = False, serve: Serve | None = None) -> list[SearchHit]:
    """Keyword search over a workspace's pages (the index is kept per workspace for this process)."""
    return _index(workspace).search(query, type=type, limit=limit, include_deprecated=include_deprecated,
                                    serve=serve)


def term_rarity(workspace: Path, terms: list[str]) -> dict[str, float]:
    """``SearchIndex.term_rarity`` of a workspace (the index kept for this process)."""
    return _index(workspace).term_rarity(terms)


def page_count(workspace: Path, type: str | None = None) -> int:
    """``SearchIndex.page_count`` of a workspace (the index kept for this process)."""
    return _index(workspace).page_count(type)


def _index(workspace: Path) -> SearchIndex:
    key = Path(workspace).resolve()
    index = _INDEXES.get(key)
    if index is None:
        index = _INDEXES[key] = SearchIndex(key)
    return index


def snippet(body: str, query: str, *, width: int = 160) -> str:
    """The stretch of ``body`` around the first word that matches a query term (or the body's start)."""
    text = " ".join(_plain(body).split())
    wanted = set(search_terms(query))
    start = 0
    for match in _SNIPPET_WORD.finditer(text):
        if wanted & set(tokenize(match.group(0))):
            start = max(0, match.start() - width // 3)
            break
    piece = text[start:start + width]
    return ("…" if start else "") + piece + ("…" if start + width < len(text) else "")

