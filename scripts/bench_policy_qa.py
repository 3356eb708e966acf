"""Does the deterministic engine cite the right page and quote the right sentence? And say "no rule" honestly?

Five policy documents written for this benchmark, in different shapes (scripts/data/policy_qa/):
a `#` title with unnumbered `##` sections (retail-policy.md), numbered clauses (airline-terms.md),
HTML (warranty.html), a PDF whose headings are only set in a larger font (built here with fpdf2 from
the text below), and a Korean document (membership-ko.md). They are ingested into a fresh
workspace with the deterministic engine; each question of questions.jsonl (84: 72 with an answer,
12 without) is asked through ``answer_question`` with no customer.

- right page: the first policy block the answer cites is the expected page;
- right sentence: the quoted rule contains the expected words;
- "no rule" honesty: for a question the policy does not answer, the answer says no rule matches
  (or that nothing was found) instead of quoting a rule.

Questions with an odd id are the tuning half (``--misses`` lists only their errors); even ids are
held out.

    python scripts/bench_policy_qa.py [--misses]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "policy_qa"
PRIVACY = [
    ("Privacy notice", None),
    ("Data we collect", ["We collect your name, email address, shipping address and order history.",
                         "We do not store card numbers; payments are handled by our payment provider."]),
    ("Retention", ["Order and payment records are kept for seven years for tax purposes.",
                   "Support chats are deleted after 12 months."]),
    ("Deletion requests", ["You can ask for your data to be deleted through the privacy form on our website.",
                           "Deletion requests are completed within 30 days."]),
    ("Cookies", ["We use analytics cookies to improve the store; you can turn analytics cookies off in "
                 "the cookie settings.", "We do not use cookies for advertising."]),
    ("Sharing", ["We never sell personal data.",
                 "We share your address only with carriers and payment providers to fulfil orders."]),
]
NO_RULE = ("No rule in the policy matches", "could not find", "해당하는 규정이 정책에 없습니다",
           "정책의 언어로는", "該当する規定", "No matching rule was found", "이 질문에 해당하는 규정, 처리 방침",
           "このご質問に当てはまる規定")


def build_pdf(path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    for title, paragraphs in PRIVACY:
        pdf.set_font("Helvetica", "B", 20 if paragraphs is None else 14)
        pdf.multi_cell(0, 10, title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 11)
        for text in paragraphs or []:
            pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
    pdf.output(str(path))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list the tuning half's questions answered wrongly")
    args = parser.parse_args()

    from mem.agent.answering import answer_question
    from mem.core.config import Config
    from mem.policies.ingest import ingest_documents
    from mem.wiki.service_memory import WorkspaceServiceMemory
    from mem.wiki.workspace import init_workspace

    with tempfile.TemporaryDirectory() as tmp:
        ws = init_workspace(Path(tmp) / "ws")
        pdf = Path(tmp) / "privacy-notice.pdf"
        build_pdf(pdf)
        docs = [DATA / "retail-policy.md", DATA / "airline-terms.md", DATA / "warranty.html", pdf,
                DATA / "membership-ko.md"]
        config = Config.load(workspace=ws, env={})
        for doc in docs:
            ingest_documents(ws, [doc], config=config, model="")
        service = WorkspaceServiceMemory(ws)
        questions = [json.loads(line) for line in (DATA / "questions.jsonl").read_text(encoding="utf-8").splitlines()
                     if line.strip()]
        results = []
        for q in questions:
            answer = answer_question(q["question"], service=service, customer=None)
            policy = [b for b in answer.retrieved if b.get("memory") == "policy"]
            first = policy[0] if policy else None
            quote = str(first.get("quote") or "") if first else ""
            honest = any(marker in answer.text for marker in NO_RULE)
            results.append((q, first["id"] if first else None, quote, honest))
    print(f"{'questions':<16} {'measure':<30} {'right':>6} {'of':>4} {'share':>7}  target")
    for name, half in (("tune (odd ids)", 1), ("held-out (even)", 0), ("all", None)):
        chosen = [r for r in results if half is None or r[0]["id"] % 2 == half]
        answerable = [r for r in chosen if r[0]["page"]]
        unanswerable = [r for r in chosen if not r[0]["page"]]
        rows = [("right page (answerable)", [r for r in answerable if r[1] == r[0]["page"]], answerable, "≥ 95%"),
                ("right sentence (answerable)", [r for r in answerable if r[0]["sentence"] in r[2]], answerable,
                 "≥ 90%"),
                ("says no rule (unanswerable)", [r for r in unanswerable if r[3]], unanswerable, "100%")]
        for measure, right, total, target in rows:
            print(f"{name:<16} {measure:<30} {len(right):>6} {len(total):>4} {len(right) / len(total):>7.1%}  {target}")
    if args.misses:
        for q, page, quote, is_honest in [r for r in results if r[0]["id"] % 2 == 1]:  # the tuning half only
            wrong = (page != q["page"] or q["sentence"] not in quote) if q["page"] else not is_honest
            if wrong:
                said = " (said no rule)" if is_honest else ""
                print(f"  {q['id']:>3} {q['question']!r} → {page} {quote[:70]!r}{said}")


if __name__ == "__main__":
    main()
