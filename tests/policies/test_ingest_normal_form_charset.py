"""Documents read in one normal form (NFC) and in the charset an HTML page declares (new-user report 21 #4, #11)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from mem.core.config import Config
from mem.core.errors import InvalidInput
from mem.policies.ingest import ingest_documents
from mem.policies.readers import read_document
from mem.wiki.store import Wiki

DOC = "# Café vouchers\n\nA café voucher is refunded within 7 days of purchase.\n"


def config_for(ws: Path) -> Config:
    return Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})


def test_an_unchanged_document_resaved_in_nfd_is_no_new_version(ws, tmp_path):
    doc = tmp_path / "vouchers.md"
    doc.write_text(DOC, encoding="utf-8")
    ingest_documents(ws, [doc], config=config_for(ws))
    for form in ("NFD", "NFC", "NFD"):
        doc.write_text(unicodedata.normalize(form, DOC), encoding="utf-8")
        [result] = ingest_documents(ws, [doc], config=config_for(ws))
        assert [(p.version, p.change) for p in result.pages] in ([(1, "source-updated")], [(1, "unchanged")]), form
    page = Wiki(ws).get("cafe-vouchers")
    assert page.version == 1 and page.title == "Café vouchers" and unicodedata.is_normalized("NFC", page.body)


def html(charset: str, body: str, *, http_equiv: bool = False) -> bytes:
    meta = (f'<meta http-equiv="Content-Type" content="text/html; charset={charset}">' if http_equiv
            else f'<meta charset="{charset}">')
    return f"<html><head>{meta}<title>t</title></head><body>{body}</body></html>".encode(charset)


@pytest.mark.parametrize("charset, body, expected", [
    ("shift_jis", "<h1>返品規約</h1><p>商品到着後14日以内に返品できます。</p>", "商品到着後14日以内に返品できます。"),
    ("cp949", "<h1>환불 규정</h1><p>구매 후 14일 이내에 전액 환불됩니다.</p>", "구매 후 14일 이내에 전액 환불됩니다."),
    ("windows-1252", "<h1>Remboursement</h1><p>Sous 14 jours — café compris.</p>", "Sous 14 jours — café compris."),
])
@pytest.mark.parametrize("http_equiv", [False, True])
def test_html_in_its_declared_charset_is_read(tmp_path, charset, body, expected, http_equiv):
    path = tmp_path / "policy.html"
    path.write_bytes(html(charset, body, http_equiv=http_equiv))
    doc = read_document(path, max_bytes=0)
    assert expected in doc.text


def test_html_without_a_declaration_or_with_a_wrong_one_is_one_clear_error(tmp_path):
    path = tmp_path / "policy.html"
    path.write_bytes(b"<html><body><p>caf\xe9</p></body></html>")
    with pytest.raises(InvalidInput, match=r"not UTF-8 text .*save it as UTF-8"):
        read_document(path, max_bytes=0)
    path.write_bytes(b'<html><head><meta charset="x-nothing"></head><body><p>caf\xe9</p></body></html>')
    with pytest.raises(InvalidInput, match=r"declares charset 'x-nothing', which mem cannot read"):
        read_document(path, max_bytes=0)
    path.write_bytes(b'<html><head><meta charset="shift_jis"></head><body><p>\x82\xa0\x81 </p></body></html>')
    with pytest.raises(InvalidInput, match=r"declares charset 'shift_jis' but is not valid shift_jis"):
        read_document(path, max_bytes=0)


def test_a_utf8_page_keeps_utf8_whatever_it_declares(tmp_path):
    path = tmp_path / "policy.html"
    path.write_bytes('<html><head><meta charset="windows-1252"></head><body><p>Zürich café</p></body></html>'
                     .encode())
    assert "Zürich café" in read_document(path, max_bytes=0).text
