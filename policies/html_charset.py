"""The charset an HTML file declares, honoured when its bytes are not UTF-8.

An HTML page saved from an older site or a Windows or Japanese/Korean tool says what it is in its head:
``<meta charset="shift_jis">`` or ``<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">``.
mem read every document as UTF-8 and refused those pages as "not UTF-8" though the file named its encoding.

As browsers do (the WHATWG encoding rules): a byte-order mark wins, then UTF-8 is tried (a file re-saved as UTF-8
often keeps its old declaration), then the charset declared in the first 1024 bytes, by its web name — the labels
browsers read as a superset (``shift_jis`` → Windows-31J, ``euc-kr`` → CP949, ``iso-8859-1`` and ``us-ascii`` →
Windows-1252, ``gb2312`` → GB18030). A declared charset Python does not know, or bytes that are not valid in it, are
one clear error naming the declaration.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from mem.core.errors import InvalidInput
from mem.core.inputs import UTF16_BOMS

# ``<meta charset=…>`` or the ``content`` of an http-equiv: a bounded read of the tag, never past its ``>``
_DECLARED = re.compile(rb"<meta\b[^>]{0,300}?charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:\-]{1,40})", re.IGNORECASE)
_HEAD_BYTES = 1024
# web labels whose encoding browsers read as a superset (WHATWG): what the page meant
_WEB_SUPERSETS = {
    "shift_jis": "cp932", "shift-jis": "cp932", "sjis": "cp932", "x-sjis": "cp932", "ms_kanji": "cp932",
    "windows-31j": "cp932", "euc-kr": "cp949", "ks_c_5601-1987": "cp949", "iso-8859-1": "cp1252",
    "latin1": "cp1252", "iso8859-1": "cp1252", "us-ascii": "cp1252", "ascii": "cp1252", "gb2312": "gb18030",
    "gbk": "gb18030", "x-gbk": "gb18030", "big5": "big5hkscs", "iso-8859-9": "cp1254", "tis-620": "cp874",
}


def declared_charset(data: bytes) -> str | None:
    """The charset label a page declares in its first 1024 bytes (lower case), or ``None``."""
    match = _DECLARED.search(data[:_HEAD_BYTES])
    return match.group(1).decode("ascii").lower() if match else None


def html_declared_text(path: Path | str, data: bytes) -> str | None:
    """The text of an HTML file in the charset it declares, when its bytes are not UTF-8 (module docstring);
    ``None`` when it is UTF-8, starts with a byte-order mark or declares nothing (the UTF-8 reader decides)."""
    if data.startswith((codecs.BOM_UTF8, *UTF16_BOMS)):
        return None
    try:
        data.decode("utf-8")
        return None
    except UnicodeDecodeError:
        pass
    label = declared_charset(data)
    if label is None or label.replace("_", "-") in ("utf-8", "utf8"):
        return None
    try:
        codec = codecs.lookup(_WEB_SUPERSETS.get(label, label)).name
    except LookupError:
        raise InvalidInput(f"{path}: declares charset {label!r}, which mem cannot read; save it as UTF-8 and "
                           "retry") from None
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InvalidInput(f"{path}: declares charset {label!r} but is not valid {label} (line {line}, byte "
                           f"{exc.start}: 0x{data[exc.start]:02x}); save it as UTF-8 and retry") from exc
