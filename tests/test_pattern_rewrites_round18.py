"""The six patterns the merged eighteenth round made quadratic again, rewritten to read a run once, match what they
matched before: each rewrite against its former source, on random texts of the pattern's own words, the way it is
called (a line matched whole, a match right after "your rules", a match from the start)."""

from __future__ import annotations

import random
import re

from mem.agent.rule_quote import _SPAN_BEFORE_EVENT
from mem.core.instructions.addressed import _ON_A_TOPIC
from mem.core.text.mail_furniture import _COMMA_LINE, _KO_NAMED

_FORMER_KO_NAMED = r"[^\n]{1,30}?\s*(?:드림|올림|배상)\s*[.!]?"
_FORMER_COMMA_LINE = r"[^\W\d_][^\s,]*(?:\s+[^\s,]+){0,2},"
_FORMER_ON_A_TOPIC = (r"\s+(?:are\s+|is\s+)?(?:on|about|regarding|concerning|for|around)\s+"
                      r"(?!(?:this|the|our|my)\s+(?:chat|conversation|session|bot|ai|assistant|model)\b|you\b|me\b)")
_FORMER_SPAN_BEFORE_EVENT = (r"^\s*(?:(?:business\s+|working\s+)?(?:days?|hours?|weeks?)\s+)?"
                             r"(?:before|prior\s+to|ahead\s+of)\b|^\s*(?:영업일|일|시간|주일?|営業日|日|時間|週間)?\s*(?:전|前)")
_BLANKS = [" ", "  ", "\n", "\t", "\u00a0", "\u3000"]
_N = 3000


def _text(rng: random.Random, words: list[str], most: int) -> str:
    return "".join(rng.choice(words) for _ in range(rng.randint(0, most)))


def _same_lines(new, former: re.Pattern[str], words: list[str], most: int) -> int:
    rng = random.Random(18)
    hits = 0
    for _ in range(_N):
        line = _text(rng, words, most)
        before, after = former.fullmatch(line), new.fullmatch(line)
        assert (before and before.span()) == (after and after.span()), repr(line)
        hits += before is not None
    return hits


def test_korean_sign_off_matches_the_lines_it_matched():
    words = ["드림", "올림", "배상", ".", "!", "a", "염수빈", "(주)", "기획팀", "x" * 12, *_BLANKS]
    assert _same_lines(_KO_NAMED, re.compile(_FORMER_KO_NAMED), words, 12) > _N // 10


def test_comma_line_matches_the_lines_it_matched():
    words = ["Yours", "Diolch", "yn", "fawr", ",", "1", "_", "é", "!", ".", "x", *_BLANKS]
    assert _same_lines(_COMMA_LINE, re.compile(_FORMER_COMMA_LINE), words, 10) > _N // 100


def test_rules_on_a_topic_matches_after_your_rules_as_before():
    former = re.compile(_FORMER_ON_A_TOPIC)
    words = ["are", "is", "on", "about", "regarding", "concerning", "for", "around", "this", "the", "our", "my",
             "chat", "bot", "ai", "you", "me", "dogs", ".", "x", *_BLANKS]
    rng = random.Random(18)
    hits = 0
    for _ in range(_N):
        head = _text(rng, ["tell me what ", "x ", " "], 3) + rng.choice(["your rules", "your policy", "your policies"])
        text = head + _text(rng, words, 10)
        before, after = former.match(text, len(head)), _ON_A_TOPIC.match(text, len(head))
        assert (before and before.span()) == (after and after.span()), repr(text)
        hits += before is not None
    assert hits > 0


def test_span_before_event_matches_from_the_start_as_before():
    former = re.compile(_FORMER_SPAN_BEFORE_EVENT, re.IGNORECASE)
    words = ["business", "working", "day", "days", "hours", "Week", "before", "prior", "to", "ahead", "of", "영업일",
             "일", "시간", "주", "주일", "営業日", "日", "時間", "週間", "전", "前", "까지", "x", *_BLANKS]
    rng = random.Random(18)
    hits = 0
    for _ in range(_N):
        text = _text(rng, words, 8)
        before, after = former.match(text), _SPAN_BEFORE_EVENT.match(text)
        assert (before and before.span()) == (after and after.span()), repr(text)
        hits += before is not None
    assert hits > _N // 10


def test_wordy_value_finds_what_it_found():
    from mem.core.instructions.carried_text import _WORDY

    former = re.compile(r"[a-z]{2,}[\s_-]+[a-z]{2,}")
    words = ["a", "ab", "word", "x" * 7, "_", "-", "A", "1", ".", "é", *_BLANKS]
    rng = random.Random(18)
    hits = 0
    for _ in range(_N):
        text = _text(rng, words, 10)
        before, after = former.search(text), _WORDY.search(text)
        assert (before and before.span()) == (after and after.span()), repr(text)
        hits += before is not None
    assert hits > _N // 20


def test_attribution_matches_the_lines_it_matched():
    from mem.customers.message_body import _ATTRIBUTION

    source = _ATTRIBUTION.pattern.removeprefix("(?<![^\\n])(?:").removesuffix(")")
    former = re.compile(source, re.IGNORECASE)
    words = ["On", "am", "Mon 3 Jun", "2024", ",", "Rob", "wrote", "schrieb", "a écrit", "napisał(a)", ":", "：",
             "写道", "님이 작성", "のメッセージ", "<rob@example.com>", "<", ">", "@", "x" * 40, "\n", *_BLANKS]
    rng = random.Random(18)
    hits = 0
    for _ in range(_N):
        line = _text(rng, words, 12)
        before, after = former.fullmatch(line), _ATTRIBUTION.fullmatch(line)
        assert (before and before.span()) == (after and after.span()), repr(line)
        hits += before is not None
    assert hits > _N // 40
