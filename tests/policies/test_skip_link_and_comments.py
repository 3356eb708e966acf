# ruff: noqa: E501  (documents as exporters write them: one element per line)
"""A web page's skip link and a help-centre article's comments section are not policy (held-out 30's Zendesk export;
the skip link opens eight writers' pages): read, each was a page of its own."""

from __future__ import annotations

from pathlib import Path

from mem.policies.readers import read_document

_PAGE = """<html lang="{lang}"><body>
<a class="skip-navigation" tabindex="1" href="#main-content">{skip}</a>
<header class="header"><a href="/hc">{home}</a></header>
<main id="main-content" role="main"><article>
<h1>{title}</h1>
<div class="article-body">
<ul><li><a href="#returns">{toc}</a></li></ul>
<h2 id="returns">{toc}</h2>
<p>{rule} <a href="#returns">{see}</a></p>
</div>
<section class="article-comments"><h2 class="comment-heading">{comments}</h2>
<p class="comment-callout">{sign_in}</p></section>
</article></main></body></html>"""

_LANGS = {
    "en": dict(skip="Skip to main content", home="Help Centre", title="Ending your rental", toc="Returns",
               rule="You can return a piece within 14 days of delivery.", see="See returns.",
               comments="Comments", sign_in="Please sign in to leave a comment."),
    "ko": dict(skip="본문 바로가기", home="고객센터", title="렌탈 해지 안내", toc="반납",
               rule="배송일로부터 14일 이내에 반납할 수 있습니다.", see="반납 보기",
               comments="댓글", sign_in="댓글을 남기려면 로그인하세요."),
    "ja": dict(skip="本文へスキップ", home="ヘルプセンター", title="解約について", toc="返却",
               rule="お届けから14日以内であれば返却できます。", see="返却を見る",
               comments="コメント", sign_in="コメントするにはサインインしてください。"),
}


def _read(tmp_path: Path, lang: str) -> tuple[list[str], list[str]]:
    path = tmp_path / f"article-{lang}.html"
    path.write_text(_PAGE.format(lang=lang, **_LANGS[lang]), encoding="utf-8")
    doc = read_document(path, max_bytes=0)
    return [block.text for block in doc.blocks], doc.warnings


def test_the_skip_link_and_the_comments_section_are_left_out(tmp_path: Path) -> None:
    for lang, words in _LANGS.items():
        texts, warnings = _read(tmp_path, lang)
        assert words["skip"] not in texts, lang
        assert not any(words["sign_in"] in text or text == words["comments"] for text in texts), lang
        assert any("skip-to-content link" in w and "comments" in w for w in warnings), lang


def test_links_to_anchors_in_a_list_or_in_text_stay(tmp_path: Path) -> None:
    # twins: a table of contents (a link to an anchor in a list) and a link inside a rule's text are read
    for lang, words in _LANGS.items():
        texts, _ = _read(tmp_path, lang)
        assert any(words["toc"] in text for text in texts if not text.startswith("#")), lang
        assert any(words["rule"] in text and words["see"] in text for text in texts), lang


def test_a_page_opening_with_a_link_to_another_page_keeps_it(tmp_path: Path) -> None:
    # twin: a first link that leads off the page ("Back to all policies") is not a skip link
    path = tmp_path / "p.html"
    path.write_text('<html><body><a href="/policies">Back to all policies</a><h1>Refunds</h1>'
                    "<p>Refunds take 5 days.</p></body></html>", encoding="utf-8")
    assert "Back to all policies" in [b.text for b in read_document(path, max_bytes=0).blocks]
