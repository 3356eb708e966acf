"""A Korean PDF read through pypdf, not built from ``PdfLine`` tuples: a line the wrap cut inside a word joins without
a blank ("…정기구독 서" / "비스(이하 …" is "서비스"), a line that ends at a blank the PDF kept keeps it (rev31).

The machine has no Hangul font (the project's PDF tests draw Latin text with fpdf2's core fonts, and only DejaVu is
installed), so the PDF is written by hand as Word and HWP write one: a Type0 font with Identity-H codes and a
ToUnicode map, whose glyphs no reader needs to extract the text. The text layer is the real thing pypdf reads."""

from __future__ import annotations

from pathlib import Path

from mem.policies.readers import read_document


def _korean_pdf(lines: list[str], size: float = 10.0) -> bytes:
    """One page of ``lines``, set line under line in a non-embedded CID font (the text layer only)."""
    chars = sorted({ord(c) for line in lines for c in line})
    blocks = [chars[i:i + 100] for i in range(0, len(chars), 100)]
    maps = "\n".join(f"{len(block)} beginbfchar\n" + "\n".join(f"<{c:04X}> <{c:04X}>" for c in block) + "\nendbfchar"
                     for block in blocks)
    cmap = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) "
            "/Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def "
            f"1 begincodespacerange <0000> <FFFF> endcodespacerange\n{maps}\nendcmap "
            "CMapName currentdict /CMap defineresource pop end end")
    widths = " ".join(f"{c} [{500 if c < 0x3000 else 1000}]" for c in chars)
    text = "\n".join(f"<{''.join(f'{ord(c):04X}' for c in line)}> Tj T*" for line in lines)
    body = f"BT /F1 {size:g} Tf 50 800 Td {size * 1.4:g} TL\n{text}\nET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> "
        "/Contents 4 0 R >>",
        f"<< /Length {len(body.encode())} >>\nstream\n{body}\nendstream",
        "<< /Type /Font /Subtype /Type0 /BaseFont /HYGoThic-Medium /Encoding /Identity-H /DescendantFonts [6 0 R] "
        "/ToUnicode 8 0 R >>",
        "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /HYGoThic-Medium /CIDSystemInfo << /Registry (Adobe) "
        f"/Ordering (Identity) /Supplement 0 >> /FontDescriptor 7 0 R /DW 1000 /W [{widths}] /CIDToGIDMap /Identity >>",
        "<< /Type /FontDescriptor /FontName /HYGoThic-Medium /Flags 4 /FontBBox [0 -120 1000 880] /ItalicAngle 0 "
        "/Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>",
        f"<< /Length {len(cmap.encode())} >>\nstream\n{cmap}\nendstream",
    ]
    out, offsets = b"%PDF-1.4\n", []
    for number, obj in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{obj}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    return out + f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()


def test_a_korean_pdf_read_through_pypdf_joins_a_cut_word_and_keeps_a_kept_blank(tmp_path: Path) -> None:
    pdf = tmp_path / "terms.pdf"
    pdf.write_bytes(_korean_pdf([
        "제1조(목적)",
        "이 약관은 주식회사 모아박스가 제공하는 온라인 정기구독 서",
        "비스(이하 서비스)의 이용 조건과 절차를 정하는 것을 목적",
        "으로 합니다.",
        "제2조(결제)",
        "정기결제가 실패하면 회사는 3일 후 다시 결제를 재결제에도 ",
        "실패하면 구독은 자동으로 정지됩니다. 회원은 정지 후 7일 ",
        "안에 결제수단을 바꿀 수 있습니다.",
    ]))
    blocks = [b.text for b in read_document(pdf, max_bytes=1_000_000).blocks]
    assert blocks[0] == "제1조(목적)" and blocks[2] == "제2조(결제)"
    # cut at the margin inside "서비스" and "목적으로": joined with no blank
    assert "정기구독 서비스(이하 서비스)의" in blocks[1] and "것을 목적으로 합니다." in blocks[1]
    # the PDF kept the blank at the end of the line: the words stay apart
    assert "재결제에도 실패하면" in blocks[3] and "7일 안에" in blocks[3]
    assert "서 비스" not in blocks[1] and "재결제에도실패하면" not in blocks[3]
