"""Why an answer on the right page quotes the wrong sentence: a cause × set table, and a replay of the quote's choice.

Reads the JSONL ``scripts/bench_policy_qa.py --dump FILE`` writes (never for a set kept as a check): each row holds
the cited page's choice (``choice``: the page body, the lexical engine's sentences, the most similar sentence and
the next ones by the adapter's score, the sentences quoted). Each miss — an answerable question whose cited page is
the expected one and whose quote lacks the expected words — is sorted by the first of these rules that holds:

0. the answer says no rule matches (the quote-or-"no rule" decision's, not the sentence choice's);
1. the expected words are no one sentence of the page (the page splits them, or the file quotes across two);
2. an exception or a limit after the quoted sentence (however, except, unless, notwithstanding, does not apply,
   only, 다만, 단, 제외, ただし, 除き, 限り …);
3. a clause that refers back (it begins with a pronoun or "in that case" for the sentence before it);
4. a table row (a rendered "Heading: cell; Heading: cell" row, or a ``|`` / ``<td>`` line of the page);
5. a list item (a bullet or a numbered item of the page);
6. the quoted sentence's neighbour (the sentence just before or after one quoted);
7. a Korean or Japanese question;
8. else "other".

    python scripts/sentence_causes.py DUMP.jsonl [--before OLD.jsonl] [--list CAUSE] [--replay]

``--list`` prints one cause's misses (question, expected words, quoted, where the expected sentence ranks by the
adapter's score and whether the lexical engine chose it). ``--replay`` chooses every recorded page's quote again
with the current ``mem.agent.semantic.fused_rule`` and ``mem.agent.rule_quote.choose_rule`` left as recorded (the
lexical sentences, the most similar ones; the sentences quoted beside the most similar one are chosen again from
the recorded scores by the current ``mem.agent.semantic.close_of``), says the "in short" of each changed quote again
with the current
``in_short`` (as ``states_causes.py --replay``), and counts the right sentences, the stated figures or yes/no and the
opposite yes/no before → after: a change to how the quote is put together is measured in seconds (the bench still
decides).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from states_causes import show, with_in_short  # one table printer and one in-short replay for both

from mem.agent.rule_quote import RuleQuote

CAUSES = ("said no rule", "not one sentence of the page", "exception or limit after the quoted sentence",
          "clause that refers back", "table row", "list item", "neighbour of the quoted sentence",
          "Korean or Japanese question", "other")
_TABLE = re.compile(r"^[^:;]{1,40}:\s[^;]+;\s[^:;]{1,40}:\s")
_EXCEPTION = re.compile(r"\b(?:however|except|excepting|unless|notwithstanding|does\s+not\s+apply|do\s+not\s+apply|"
                        r"instead|only|but|other\s+than|apart\s+from|excluding|exempt)\b|다만|단[,\s]|제외|예외|"
                        r"불구하고|경우에만|ただし|但し|除き|除く|限り|のみ|例外|かかわらず", re.IGNORECASE)
_REFERS_BACK = re.compile(r"^(?:\d+(?:\.\d+)*\.?\s+)?(?:it|this|these|they|that|those|such|in\s+(?:that|this|which)\s+"
                          r"case|if\s+so|otherwise|then)\b|^(?:이|그|이는|이때|이 경우|그 경우|これ|この|その|それ|"
                          r"この場合|その場合)", re.IGNORECASE)
_CJK = re.compile(r"[가-힣぀-ヿ一-鿿]")


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def misses(rows: list[dict]) -> list[dict]:
    """Answerable questions cited on the expected page whose quote lacks the expected words."""
    return [r for r in rows if r["page"] and r["cited"] == r["page"] and not r["right_sentence"]]


def _candidates(body: str) -> list[str]:
    from mem.agent.rule_quote import quotable

    return quotable(body)


def where(row: dict) -> tuple[list[str], int | None, list[int]]:
    """The page's quotable sentences, the expected one's index (None when no one sentence holds the words) and the
    quoted ones' indices."""
    choice = row.get("choice") or {}
    candidates = _candidates(choice.get("body", ""))
    expected = next((i for i, s in enumerate(candidates) if row["sentence"] in s), None)
    quoted = [i for i, s in enumerate(candidates) if s in (choice.get("sentences") or [])]
    return candidates, expected, quoted


def cause(row: dict) -> str:
    choice = row.get("choice") or {}
    if not row["quote"]:
        return "said no rule"
    candidates, expected, quoted = where(row)
    if expected is None or not choice:
        return "not one sentence of the page"
    sentence = candidates[expected]
    body = choice["body"]
    line = next((ln for ln in body.splitlines() if sentence[:40] in ln), "")
    if quoted and expected > min(quoted) and _EXCEPTION.search(sentence):
        return "exception or limit after the quoted sentence"
    if _REFERS_BACK.match(sentence):
        return "clause that refers back"
    if _TABLE.match(sentence) or line.lstrip().startswith("|") or "<td" in line:
        return "table row"
    if re.match(r"^\s*(?:[-*+•・]|\d+[.)])\s", line) and not re.match(r"^\s*\d+\.\d", line):
        return "list item"
    if any(abs(expected - i) == 1 for i in quoted):
        return "neighbour of the quoted sentence"
    if _CJK.search(row["question"]):
        return "Korean or Japanese question"
    return "other"


def rank_of(row: dict) -> str:
    """Where the expected sentence stands by the adapter's score on its page, and whether the lexical engine chose
    it: "sem 3, lex" (third, chosen by the lexical engine too)."""
    choice = row.get("choice") or {}
    order = [choice.get("match")] + [s for _, s in choice.get("following") or []]
    at = next((n for n, s in enumerate(order) if s and row["sentence"] in s), None)
    lexical = any(row["sentence"] in s for s in choice.get("lexical") or [])
    return f"sem {'-' if at is None else at + 1}{', lex' if lexical else ''}"


def table(rows: list[dict]) -> tuple[list[str], dict[str, Counter]]:
    sets = list(dict.fromkeys(r["set"] for r in rows))
    counts: dict[str, Counter] = {c: Counter() for c in CAUSES}
    for r in misses(rows):
        counts[cause(r)][r["set"]] += 1
    return sets, counts


def shown_of(choice: dict) -> tuple[str, ...]:
    """The page's next most similar sentence when within ``QUOTE_CLOSE`` of the best but not ``CLOSE`` (quoted, not
    read: ``mem.agent.semantic.Match.shown``), from the recorded scores."""
    from mem.agent.semantic import CLOSE, QUOTE_CLOSE

    best, following = choice.get("score"), choice.get("following") or []
    if best is None or not following:
        return ()
    score, sentence = following[0]
    return (sentence,) if best - QUOTE_CLOSE <= score < best - CLOSE else ()


def replay(rows: list[dict]) -> list[dict]:
    """The rows with each recorded quote put together again by the current ``fused_rule``."""
    from mem.agent.semantic import Match, close_of, fused_rule

    out = []
    for row in rows:
        row = dict(row)
        choice = row.get("choice")
        if choice and choice.get("match"):
            # the sentences quoted with the candidate, chosen again from the recorded scores by the current rule
            close, shown = ((tuple(choice["close"]), shown_of(choice)) if choice.get("score") is None else
                            close_of(choice["score"], [(s, t) for s, t in choice["following"]]))
            match = Match(page_id="", sentence=choice["match"], similarity=1.0, close=close,
                          shown=shown, score=choice["score"],
                          following=tuple((s, t) for s, t in choice["following"]))
            lexical = RuleQuote(chosen=list(choice["lexical"]), sentences=list(choice["lexical"]) if
                                choice["lexical_answers"] else [], question=row["question"])
            rule = fused_rule(choice["body"], lexical, match, threshold=0.0, answers=True)
            if rule.sentences != choice["sentences"]:
                _say_again(row, rule)
        out.append(row)
    return out


def _say_again(row: dict, rule: RuleQuote) -> None:
    """``row`` with its quote made ``rule``'s: the right sentence, and the answer's "in short" line said again by the
    current ``in_short`` from the new quote's sentences (as ``states_causes.replay`` does), its stated value and
    opposite yes/no counted again."""
    from bench_policy_qa import quotes_expected, states_it, states_opposite

    from mem.agent.rule_quote import in_short

    quotes = row.get("quotes") or []
    call = next((c for c in row.get("in_short_calls") or [] if quotes and (set(c[1]) == set(quotes) or all(
        said in " ".join(quotes) for said in c[1]))), None)
    old = tuple(call[2]) if call and call[2] else None
    new = in_short(row["question"], rule.ranked)
    text = row["answer"]
    if old != new:
        text = with_in_short(text, row["question"], old, new)
    row["answer"], row["quote"], row["quotes"] = text, rule.text, list(rule.sentences)
    row["right_sentence"] = bool(row["page"]) and quotes_expected(row["sentence"], rule.text)  # as the bench counts
    q = {"states": row.get("states")}
    row["stated"] = bool(row.get("states")) and states_it(q, text, row["quotes"])
    row["opposite"] = states_opposite(q, text, row["quotes"])


def right_sentences(rows: list[dict], key: str = "right_sentence") -> dict[str, int]:
    """Per set, the answers with ``key`` true (a right sentence counts on an answerable question only)."""
    out: Counter = Counter()
    for r in rows:
        out[r["set"]] += bool((r["page"] or key != "right_sentence") and r.get(key))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dump", type=Path)
    parser.add_argument("--before", type=Path)
    parser.add_argument("--list", help="print the misses of this cause (a prefix of its name)")
    parser.add_argument("--replay", action="store_true", help="put each recorded quote together again")
    args = parser.parse_args()
    rows = load(args.dump)
    old = load(args.before) if args.before else (rows if args.replay else None)
    if args.replay:
        rows = replay(rows)
    if old is not None:
        print("before:")
        show(*table(old))
        print("\nafter:")
    show(*table(rows))
    if old is not None:
        keys = ("right_sentence", "stated", "opposite")
        before = {k: right_sentences(old, k) for k in keys}
        after = {k: right_sentences(rows, k) for k in keys}
        print("\n| set | right sentence | states the figure or yes/no | states the opposite |\n|---|---|---|---|")
        for s in after["right_sentence"]:
            print(f"| {s} | " + " | ".join(f"{before[k].get(s, 0)} → {after[k].get(s, 0)}" for k in keys) + " |")
        print("| all | " + " | ".join(f"{sum(before[k].values())} → {sum(after[k].values())}" for k in keys) + " |")
        was = {(r["set"], r["id"]) for r in old if r["page"] and r["right_sentence"]}
        lost = [(r["set"], r["id"]) for r in rows if (r["set"], r["id"]) in was and not r["right_sentence"]]
        print(f"\nright before, not after: {lost}")
    if args.list:
        for r in misses(rows):
            if cause(r).startswith(args.list):
                print(f"- {r['set']} {r['id']} {r['question']!r} ({rank_of(r)})\n    expected: {r['sentence']!r}\n"
                      f"    quoted: {r['quote'][:220]!r}")


if __name__ == "__main__":
    main()
