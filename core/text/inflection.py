"""Inflected Korean and Japanese words reduced to what a question and a rule share.

A customer asks "환불은 며칠 걸려요?", "환불되나요?", "何週間おきに届きますか" about rules that say "걸립니다",
"환불됩니다", "お届けします". Character bigrams (the search analyzer) meet the nouns but not the verbs:
"걸려" and "걸립" share no bigram. This module gives each word a *stem key* both sides can compare.

Korean (``korean_key``): a word is cut after its particle or verb ending (a list of the common
endings, longest first: 습니다, 나요, 어요, 으려면, 는, 을 …), then after a light verb that makes a
noun a verb (환불+되다, 설치+하다: 하/해/했/할/한/합/되/돼/됐/될/된/됩, when two syllables or more stand
before it), and the stem's last syllable is written without its final consonant and with the
contracted vowel undone (려 → 리, 와 → 오, 줘 → 주, 돼 → 되): "걸려요", "걸립니다", "걸리는" → "걸리";
"환불되나요", "환불됩니다", "환불돼요" → "환부" (the key of 환불). Keys are compared with keys, never
shown: the final consonant is dropped on both sides, so "환불" and its verbs meet.

Japanese (``japanese_stems``): a kanji standing alone before hiragana is a word of its own — a noun
before a particle ("犬を") or the stem of a verb before its ending ("届きます", "泊まれ", "吸った").
The bigram analyzer holds every kanji as a 1-gram too, so the stem "届" meets "お届け" and "泊" meets
"宿泊". A verb stem is weak evidence (the same kanji sits in many words); callers weigh it as such.
"""

from __future__ import annotations

import re

from mem.core.text.cjk import HAN, HANGUL_SYLLABLES, HIRAGANA, KATAKANA
from mem.core.text.pattern import lazy

_BASE = 0xAC00
_VOWELS = 21
_FINALS = 28
# contracted vowels undone: 리+어 → 려, 오+아 → 와, 주+어 → 줘, 되+어 → 돼, 하+여 → 해 (ㅐ is also a
# vowel of its own, so only the contractions that cannot be one are undone)
_UNCONTRACT = {6: 20, 9: 8, 14: 13, 10: 11}  # ㅕ→ㅣ, ㅘ→ㅗ, ㅝ→ㅜ, ㅙ→ㅚ


def _longest_first(text: str) -> tuple[str, ...]:
    return tuple(sorted(text.split(), key=len, reverse=True))


_PARTICLES_KO = _longest_first("""
은 는 이 가 을 를 에 의 로 으로 에서 에서는 까지 부터 와 과 랑 하고 한테 에게 께 도 만 에는 으로는 로는 이나 나
처럼 보다
""")
_ENDINGS = _longest_first("""
습니까 습니다 ㅂ니다 니까 니다 나요 는데요 는데 는지 은지 을지 어요 아요 여요 에요 예요 세요 으세요 어야 아야
으려면 려면 으면 면 으니 어서 아서 어도 아도 었어요 았어요 었 았 겠 고 지 야 서 게 기 요 다 까 죠 네 자
는 은 을
""")
# one-syllable endings that also end nouns (정지, 경고, 일기, 계약서): a two-syllable word keeps them
_NOUN_LIKE_ENDINGS = frozenset(("지", "고", "기", "게", "다", "네", "자", "까", "서", "은", "을"))
_LIGHT_VERBS = frozenset("하해했할한합되돼됐될된됩")
_HANGUL_WORD = lazy(f"[{HANGUL_SYLLABLES}]+")
# a kanji alone between non-kanji, followed by hiragana: a one-kanji noun or a verb's stem
_LONE_KANJI = lazy(f"(?<![{HAN}])([{HAN}])(?=[{HIRAGANA}])")
_PARTICLES = frozenset("をはがもにでとのへやか")


def _parts(syllable: str) -> tuple[int, int, int]:
    code = ord(syllable) - _BASE
    return code // (_VOWELS * _FINALS), (code // _FINALS) % _VOWELS, code % _FINALS


def _syllable(initial: int, vowel: int, final: int = 0) -> str:
    return chr(_BASE + (initial * _VOWELS + vowel) * _FINALS + final)


def _cut(word: str, endings: tuple[str, ...], keep: int = 1) -> str:
    """``word`` without one of ``endings`` (the longest that leaves ``keep`` syllables)."""
    for ending in endings:
        if ending == "ㅂ니다":
            # 걸립니다, 됩니다: the ending's ㅂ is the last syllable's final consonant
            if len(word) >= 3 and word.endswith("니다") and _parts(word[-3])[2] == 17:
                return word[:-2]
            continue
        if word.endswith(ending) and len(word) - len(ending) >= keep:
            if len(word) == 2 and ending in _NOUN_LIKE_ENDINGS:
                continue
            return word[: -len(ending)]
    return word


def korean_stem(word: str) -> str:
    """One Korean word without its particles or verb endings, as written ("환불은" → "환불", "사나요" → "사")."""
    # a noun and its particle: the noun keeps two syllables at least (아이 is a child, not 아 + 이)
    stem = _cut(word, _PARTICLES_KO, keep=2)  # 걸리는, 받을: a verb form cut the same way
    if stem != word:
        return _cut(stem, _PARTICLES_KO, keep=2)  # particles stack: 토요일+에+도, 고객+에게+는
    for _ in range(2):  # a verb: an ending after an ending (걸리+나+요)
        cut = _cut(stem, _ENDINGS)
        if cut == stem:
            break
        stem = cut
    return stem


def korean_key(word: str) -> str:
    """The stem key of one Korean word ("" for a word that is all ending)."""
    if not word or not all(_BASE <= ord(ch) <= 0xD7A3 for ch in word):
        return ""
    stem = korean_stem(word)
    for i in range(2, len(stem)):
        if stem[i] in _LIGHT_VERBS:
            stem = stem[:i]  # 환불+되나요, 설치+하는: the noun
            break
    if not stem:
        return ""
    initial, vowel, _ = _parts(stem[-1])
    return stem[:-1] + _syllable(initial, _UNCONTRACT.get(vowel, vowel))


def korean_keys(text: str) -> set[str]:
    """The stem keys of every Korean word of ``text`` (two syllables or more: one says too little)."""
    return {key for key in (korean_key(word) for word in _HANGUL_WORD.findall(text)) if len(key) >= 2}


def japanese_stems(text: str) -> list[tuple[str, bool]]:
    """Each kanji standing alone before hiragana, with whether it is a noun (a particle follows) or a verb's stem."""
    found: list[tuple[str, bool]] = []
    for match in _LONE_KANJI.finditer(text):
        following = text[match.end():match.end() + 1]
        found.append((match.group(1), following in _PARTICLES))
    return found


# the hiragana that end a run after its last kanji or katakana: a verb's ending, a particle, です/ます
_JAPANESE_TAIL = lazy(f"(?<=[{HAN}{KATAKANA}])[{HIRAGANA}]+(?![{HIRAGANA}{HAN}{KATAKANA}])")


def without_endings(text: str) -> str:
    """``text`` with what only grammar says cut off its Korean and Japanese words, for searching by topic.

    A Korean word loses its particles and verb endings ("환불은" → "환불", "되나요" → "되"), and a word
    left as a lone light verb (되, 하: "is it possible", "do") is dropped; a Japanese run loses the
    hiragana after its last kanji or katakana ("返品できますか" → "返品"). Two questions ending alike
    ("…되나요", "…하나요") otherwise share the bigram "나요" with anything written with that ending,
    in any fact, whatever it is about. A run of hiragana only is kept: nothing tells its words apart.
    """
    def korean(match: re.Match[str]) -> str:
        stem = korean_stem(match.group())
        return "" if len(stem) == 1 and stem in _LIGHT_VERBS else stem

    return _JAPANESE_TAIL.sub("", _HANGUL_WORD.sub(korean, text))
