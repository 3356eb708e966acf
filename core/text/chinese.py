"""Whether a text in Han characters is Chinese rather than Japanese (``reads_chinese``).

``detect_language`` knows English, Korean and Japanese by their script, and a text of Han characters without
kana is Japanese to it. A Chinese question ("购买20天后还能全额退款吗？", "禮品卡可以退款嗎？") was then answered in
Japanese ("お問い合わせありがとうございます…", new-user report 21 #7). Japanese sentences are built with kana (its
particles and endings), so a text with kana is Japanese, whatever its kanji; without kana, two things only Chinese
has tell the two apart:

- a character Japanese does not write: the simplified forms (购 买 货 费 们 这 还 …) are outside the Japanese
  character set (JIS X 0208 with the kanji Windows adds, as cp932 encodes it: 髙橋, 山﨑 are Japanese names);
- Chinese grammar: its sentence particles and pronouns (吗 嗎 呢 吧 么 麼 你 您 我 …) and question words (可以,
  多久, 多少, 是否, 能否), words a kana-less Japanese label ("返品期限", "送料無料", "配送完了") does not hold.

A kana-less Japanese text keeps being Japanese unless it has one of these; Korean (Hangul) is never Chinese.
"""

from __future__ import annotations

from mem.core.text.cjk import HAN, HANGUL, KANA
from mem.core.text.pattern import lazy

# sentence particles, pronouns and question words of Chinese (simplified and traditional) that Japanese
# does not write in kanji: 的 了 是 在 能 他 are left out (目的, 完了, 是非, 在庫, 可能, 他社), and so are the
# traditional 還 給 請, 我 and 没, which Japanese words are made of (返還, 還付, 支給, 給与, 請求, 申請, 我慢, 没収):
# they count in Chinese words only
_GRAMMAR = frozenset("吗嗎呢吧么麼们們这這哪什怎沒给还请您你")
_GRAMMAR_WORDS = ("可以", "多久", "多少錢", "多少钱", "是否", "能否", "我的", "我想", "我要", "我們", "我们", "没有",
                  "沒有", "請問", "給我", "還能", "還是", "還有")
_HAN_CHAR = lazy(f"[{HAN}]")
_KANA_OR_HANGUL = lazy(f"[{KANA}{HANGUL}]")


def reads_chinese(text: str) -> bool:
    """True when ``text`` is written in Han characters as Chinese: no kana or Hangul, and a character Japanese
    does not write or a word of Chinese grammar (module docstring)."""
    if _KANA_OR_HANGUL.search(text) is not None:
        return False
    if any(word in text for word in _GRAMMAR_WORDS):
        return True
    for match in _HAN_CHAR.finditer(text):
        char = match.group(0)
        if char in _GRAMMAR:
            return True
        try:
            char.encode("cp932")  # JIS X 0208 and the kanji Windows adds to it (髙, 﨑: family names)
        except UnicodeEncodeError:
            return True
    return False
