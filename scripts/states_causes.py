"""Why an answer that quotes the right sentence does not state the expected figure or yes/no: a cause × set table.

Reads the JSONL ``scripts/bench_policy_qa.py --dump FILE`` writes (never for a set kept as a check) and sorts
each miss — a question with an expected ``states`` whose right sentence was quoted and whose answer did not state
it — by the first of these rules that holds (docs/measurements/ask.md, "What the answer states"):

1. a two-part question (two asks, or "and how / what …");
2. a kind of value never stated (the expected value is a phone number or an e-mail, or holds no digit and is
   no yes/no: a document, a body, a zone);
3. for an expected figure, one stated from another quoted sentence than the expected one;
4. for an expected figure, one from the right sentence, but the wrong cell or item;
5. for an expected yes/no, a question of its own polarity ("do I need to", "is it too late", "is there any",
   해야, 있나요, 必要ですか, かかりますか);
6. the customer's case against the rule's condition (a number or a time told);
7. a rule whose polarity words were misread (must, only, unless, not, except, 만, 경우에만, のみ, ません);
8. else "not stated (other)", yes/no or figure.

    python scripts/states_causes.py DUMP.jsonl [--before OLD.jsonl] [--list CAUSE]

``--before`` prints the same table for an older dump and, per set, right sentence / states right / states the
opposite before → after; ``--list`` prints the misses of one cause (question, expected, the answer's first line).
``--replay`` asks the current code's ``in_short`` again with what each cited page's "in short" was read from (the
dump's recorded calls) and puts its line in the answer in place of the old one: a change to what the answer
states is measured in seconds, not in a run of the bench (which still decides: the note comparing the customer's
time with a window and the choice of the leading page are not replayed).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

CAUSES = ("case against the rule's condition", "rule polarity (must/only/unless/not…)",
          "wrong cell or item for the key term", "yes/no not stated (other)", "figure not stated (other)",
          "question polarity", "two-part question", "figure from another quoted sentence",
          "kind of value never stated")
SHORT = {"held-out": "h1", "held-out-2": "h2", "tune-2": "t2", "tune": "tune", "tau": "tau"}
_YES_NO = ("Yes", "No", "예", "네", "아니요", "아니오", "はい", "いいえ")
_TWO_PART = re.compile(r"\?.+\?|\band\s+(?:how|what|when|where|which|who|can|could|do|does|is|are|will|would)\b|"
                       r"[?？].+[?？]", re.IGNORECASE)
_CONTACT = re.compile(r"@|\+?\d[\d\s\-]{6,}\d")
_OWN_POLARITY = re.compile(r"\b(?:need\s+to|have\s+to|has\s+to|must\s+i|required|too\s+(?:late|early|old|young))\b|"
                           r"\bis\s+there\s+(?:any|a|an)\b|\bare\s+there\s+any\b|해야|있나요|있어요\?|있을까요|늦었|"
                           r"必要|かかりますか|ありますか|手遅れ|遅すぎ", re.IGNORECASE)
_TOLD = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|a\s+(?:day|week|month|"
                   r"year)|yesterday|last\s+(?:week|month|year))\b|어제|지난|작년|이틀|사흘|열흘|한\s*달|두\s*달|"
                   r"[一二三四五六七八九十]+(?:日|週|か月|ヶ月|年|歳|円)|昨日|先週|先月|去年|昨年", re.IGNORECASE)
_RULE_POLARITY = re.compile(r"\b(?:must|only|unless|not|no|never|cannot|except|excluded?|required)\b|n't|"
                            r"만\b|만\s|경우에만|제외|않|없|불가|금지|のみ|限り|除き|ません|できない|不可|禁止",
                            re.IGNORECASE)
_FIGURE_STATED = re.compile(r"(?:In short|要点|요점)[:：]\s*(.+?)(?:,? as the rule| \(|（|$)", re.MULTILINE)


def cause(row: dict) -> str:
    expected = str(row["states"])
    question = row["question"]
    yes_no = expected.startswith(_YES_NO)
    answer = row["answer"]
    stated = _FIGURE_STATED.search(answer)
    figure = stated.group(1).strip() if stated else ""
    quotes = row.get("quotes") or [row["quote"]]
    right = next((q for q in quotes if row["sentence"] in q), row["quote"])
    if _TWO_PART.search(question):
        return "two-part question"
    if not yes_no and (_CONTACT.search(expected) or not re.search(r"\d", expected)):
        return "kind of value never stated"
    if not yes_no and figure and figure not in right and any(figure in q for q in quotes if q != right):
        return "figure from another quoted sentence"
    if not yes_no and figure and figure in right:
        return "wrong cell or item for the key term"
    if yes_no and _OWN_POLARITY.search(question):
        return "question polarity"
    if _TOLD.search(question):
        return "case against the rule's condition"
    if _RULE_POLARITY.search(right):
        return "rule polarity (must/only/unless/not…)"
    return "yes/no not stated (other)" if yes_no else "figure not stated (other)"


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def table(rows: list[dict]) -> tuple[list[str], dict[str, Counter]]:
    # a set whose questions name no expected figure or yes/no (the first tuning set) has no column
    sets = list(dict.fromkeys(r["set"] for r in rows if r.get("states")))
    counts: dict[str, Counter] = {c: Counter() for c in CAUSES}
    for r in rows:
        if r.get("states") and r["right_sentence"] and not r["stated"]:
            counts[cause(r)][r["set"]] += 1
    return sets, counts


def show(sets: list[str], counts: dict[str, Counter]) -> None:
    names = [SHORT.get(s, s.replace("heldout", "h").replace("train", "t")) for s in sets]
    print("| cause | " + " | ".join(names) + " | all |")
    print("|---|" + "---:|" * (len(sets) + 1))
    for c in counts:  # in the order of its causes (scripts/sentence_causes.py prints its own through this)
        print(f"| {c} | " + " | ".join(str(counts[c][s]) for s in sets) + f" | {sum(counts[c].values())} |")


def measures(rows: list[dict]) -> dict[str, tuple[int, int, int]]:
    out: dict[str, tuple[int, int, int]] = {}
    for s in dict.fromkeys(r["set"] for r in rows):
        mine = [r for r in rows if r["set"] == s]
        out[s] = (sum(1 for r in mine if r["page"] and r["right_sentence"]),
                  sum(1 for r in mine if r.get("states") and r["stated"]),
                  sum(1 for r in mine if r.get("opposite")))
    return out


_LEADING_YES = re.compile(r"^(?:Yes|예|네|はい)(?![\w])")
_LEADING_NO = re.compile(r"^(?:No|아니요|아니오|いいえ)(?![\w])")


def verdicts(rows: list[dict]) -> dict[str, tuple[int, int, int, int]]:
    """Per set, of the questions whose expected value begins with a yes or a no ("No", "No, 최소 2시간", "はい"):
    how many answers say that yes/no in their own words, how many the other, how many neither, and the total.
    The bench's "states" needs the whole expected text ("No, 최소 2시간") in the answer's own words, which a verdict
    and a quoted reason never are; this counts the verdict alone."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_policy_qa import states_it, states_opposite

    out: dict[str, tuple[int, int, int, int]] = {}
    for s in dict.fromkeys(r["set"] for r in rows):
        right = opposite = total = 0
        for r in rows:
            expected = str(r.get("states") or "")
            if r["set"] != s or not (_LEADING_YES.match(expected) or _LEADING_NO.match(expected)):
                continue
            word = "Yes" if _LEADING_YES.match(expected) else "No"
            quotes = r.get("quotes") or []
            total += 1
            right += states_it({"states": word}, r["answer"], quotes)
            opposite += states_opposite({"states": word}, r["answer"], quotes)
        out[s] = (right, opposite, total - right - opposite, total)
    return out



def with_in_short(answer: str, question: str, old: tuple | None, new: tuple | None) -> str:
    """The answer's "in short" line said again: ``old`` (the dump's reading) replaced by ``new`` in the answer's
    language and citation number, or ``new`` put first where the answer had none."""
    from mem.agent.language import phrase

    said = next(((lang, n) for lang in ("en", "ko", "ja") for n in range(1, 10) if old and phrase(
        lang, f"short_{old[0]}", figure=old[1], n=n) in answer), None)
    if said is None:
        hangul, kana = re.search(r"[가-힣]", question), re.search(r"[぀-ヿ]", question)
        said = ("ko" if hangul else "ja" if kana else "en", 1)
    language, n = said
    line = phrase(language, f"short_{new[0]}", figure=new[1], n=n) if new else ""
    if old:
        return answer.replace(phrase(language, f"short_{old[0]}", figure=old[1], n=n), line)
    return line + "\n" + answer

def replay(rows: list[dict]) -> list[dict]:
    """The rows with each answer's "in short" line as the current code says it (see the module docstring)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_policy_qa import states_it, states_opposite

    from mem.agent.rule_quote import in_short

    out = []
    for row in rows:
        row = dict(row)
        quotes = row.get("quotes") or []
        # the call made with the quoted sentences (a rule read with its exception is one of them joined to the next)
        call = next((c for c in row.get("in_short_calls") or [] if quotes and (set(c[1]) == set(quotes) or all(
            said in " ".join(quotes) for said in c[1]))), None)
        if call is not None:
            old = tuple(call[2]) if call[2] else None
            new = in_short(call[0], call[1])
            if old != new:
                text = row["answer"] = with_in_short(row["answer"], row["question"], old, new)
                q = {"states": row.get("states")}
                row["stated"] = bool(row.get("states")) and states_it(q, text, quotes)
                row["opposite"] = states_opposite(q, text, quotes)
        out.append(row)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dump", type=Path)
    parser.add_argument("--before", type=Path)
    parser.add_argument("--list", help="print the misses of this cause (a prefix of its name)")
    parser.add_argument("--replay", action="store_true",
                        help="compare DUMP with its answers' 'in short' said again by the current code")
    args = parser.parse_args()
    rows = load(args.dump)
    if args.replay:
        args.before, rows = args.dump, replay(rows)
    if args.before:
        old = load(args.before) if args.before != args.dump else load(args.dump)
        print("before:")
        show(*table(old))
        print("\nafter:")
        before, after = measures(old), measures(rows)
        show(*table(rows))
        print("\n| set | right sentence | states right | states the opposite |\n|---|---|---|---|")
        for s, (sent, right, opp) in after.items():
            b = before.get(s, (0, 0, 0))
            print(f"| {s} | {b[0]} → {sent} | {b[1]} → {right} | {b[2]} → {opp} |")
        total_b = [sum(v[i] for v in before.values()) for i in range(3)]
        total_a = [sum(v[i] for v in after.values()) for i in range(3)]
        print(f"| all | {total_b[0]} → {total_a[0]} | {total_b[1]} → {total_a[1]} | {total_b[2]} → {total_a[2]} |")
        lost = [(r["set"], r["id"]) for r in old if r.get("states") and r["stated"]]
        now = {(r["set"], r["id"]): r for r in rows}
        gone = [key for key in lost if key in now and not now[key]["stated"]]
        print(f"\nstated before, not after: {gone}")
        vb, va = verdicts(old), verdicts(rows)
        print("\n| set | yes/no-led: verdict right | opposite | none | of |\n|---|---|---|---|---|")
        for s, (right, opp, none, total) in va.items():
            b = vb.get(s, (0, 0, 0, 0))
            print(f"| {s} | {b[0]} → {right} | {b[1]} → {opp} | {b[2]} → {none} | {total} |")
        tb = [sum(v[i] for v in vb.values()) for i in range(4)]
        ta = [sum(v[i] for v in va.values()) for i in range(4)]
        print(f"| all | {tb[0]} → {ta[0]} | {tb[1]} → {ta[1]} | {tb[2]} → {ta[2]} | {ta[3]} |")
    else:
        show(*table(rows))
    if args.list:
        for r in rows:
            if r.get("states") and r["right_sentence"] and not r["stated"] and cause(r).startswith(args.list):
                first = next((line for line in r["answer"].splitlines() if "[1]" in line or "—" in line), "")
                print(f"- {r['set']} {r['id']} {r['question']!r} expected {r['states']!r}\n    quote: "
                      f"{r['quote'][:160]!r}\n    said: {first[:160]!r}{' OPPOSITE' if r.get('opposite') else ''}")


if __name__ == "__main__":
    main()
