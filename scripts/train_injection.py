"""Train the injection detector's learned second opinion, validate it leave-one-writer-out, write its weights.

Two models, one run each (``--model``): ``customer`` (asked of customer messages, ``learned_weights.bin``) and
``page`` (asked of page sentences, ``learned_page_weights.bin``).

Data: every labelled row of scripts/data/injection_*.jsonl — the external red-teamers' sets
(``external`` … ``external29``, one writer each), the sets written as training data in the thirteenth to twenty-fourth
rounds (``train13a``, ``train13b``, ``train14a``, ``train14b``, ``train15a``, ``train15b``, ``train16a``, ``train16b``,
``train17a``, ``train17b``, ``train18a``, ``train18b``, ``train19a``, ``train19b``, ``train20a``, ``train20b``,
``train21a``, ``train21b``,
``train22a``, ``train22b``, ``train23a``, ``train23b``, ``train24a``)
and the project's own corpora and probes (one more group, ``project``).
A row's place is its ``where`` (the page corpus is ``policy``, the customer corpus
``customer``). Beside them, ordinary text no one labelled, all clean (``load_background``), weighed together as
at most ``--share`` times the labelled clean rows of its place: for the customer model the customer turns of
every scripts/data/conversations*/ set and the sentences of the policy-QA tuning pages and the demo's pages
(training data only, unless ``--background-fp``: one group a folder and one for the pages, held out like the
writers), and every scripts/data/ordinary_customer*.jsonl (``load_ordinary``: ordinary customer messages of the
register the look-alikes leave out, all clean, one group a file, never a writer; training negatives at full weight,
unless ``--ordinary-fp`` holds each out, below; ``--no-ordinary`` leaves them out), and every
scripts/data/twins_customer*.jsonl (``load_twins``: clean twins of labelled customer attacks, each its source's
writer's, left out whenever that writer is held out; ``--no-twins`` leaves them out); for the page model every
sentence of every policy-QA document, raw and as ingested, one group a folder (held out by folder, below).

The model (``mem.core.instructions.learned``): logistic regression over hashed features of each normalised
sentence, trained with AdaGrad and an L2 penalty (seeded shuffles, so a run is repeatable to the bit). A row
is flagged when any of its sentences (the detector's unit, ``sentences``; for pages those with words enough,
``page_judges``) scores at or over the threshold; an attack row of several sentences teaches the model as a whole
in a first pass, then with the sentence the first pass scores highest; a clean row teaches it with every sentence.

Validation, the point of the script: for each external writer, train on every other row, choose the threshold
on those training rows only (out-of-fold scores of an inner leave-one-group-out over the remaining writers, the
project's corpora and, for the page model, the folders of ordinary pages: the lowest threshold whose false
positives stay within ``--fp`` of the labelled clean rows in each place where the model is shipped —
``--places`` — and, for pages, within ``--page-fp`` of the ordinary pages' sentences), then report on the
writer's set: the rules alone, the model alone, rules OR model, and what ships (rules OR model where the model
is asked, the rules alone elsewhere), by place, and the mean over the six writers. The rules were tuned on
external 1–4 in earlier rounds, so their figures there are not a stranger's; external 5 and 6 have not been tuned
on. The page model also reports the ordinary pages held out by folder (``folders``). The final weights are trained
on every row, the threshold chosen the same way.

Features: the hashed words, pairs and letter n-grams, and the word classes the rules know
(``word_classes``: override, target, the AI, modal, standing order, grant…, their pairs and neighbours);
``--no-classes`` trains on words alone. The customer model is not asked about a customer's request about their own
account (``own_requests``, as ``customer_reason`` ships it): its sentences are still training data, but the rows are
scored and the threshold chosen without them (``--no-own-gate`` asks about every sentence). The shipped customer
weights (seventeenth round, twenty-one writers — externals 1–13 and train 13a–16b, ``--exclude train17a,train17b``:
those two arrived mid-round and were kept as never-seen writers) were trained with ``--shipped-fp 0.02
--inner-folds 4``: the threshold keeps what ships (rules OR model) within 2 % of the training folds' labelled clean
rows of its place, the rules' own flags spending that budget first (0.661); it was then set to 0.78, the sixteenth
round's, at which the leave-one-writer-out mean of what ships stays within 2 % false positives and no update-case
string changes verdict (docs/measurements/lint.md, seventeenth round); the page weights
are the twenty-fifth round's, words only (``--no-classes``), ``--fp`` 0.005, ``--inner-folds 4``,
``--operator-pages``, over all forty-four writers (externals 1–21, train 13a–24a; threshold 0.955;
docs/measurements/lint.md, twenty-fifth round; the twenty-third round's, without the operator text, was 0.970).
``--operator-pages`` adds legitimate operator text to the page model's ordinary pages (``operator_pages``:
scripts/data/ordinary_policy*.jsonl, one group a file, held out by group within ``--page-fp``; twenty-fifth round).
``--rules-cache PATH`` keeps the rules' verdict of each text between runs (stamped with the rules' code).

    python scripts/train_injection.py [--model customer|page] [--fp 0.005] [--shipped-fp 0.02] [--page-fp 0.005]
                                      [--share N] [--l2 0.001] [--epochs 8] [--dim 18] [--grams 2,4]
                                      [--places customer] [--no-classes] [--no-own-gate] [--no-background]
                                      [--no-write] [--quick] [--final-only] [--writers external5,external6] [--out PATH]
                                      [--inner-folds K] [--exclude WRITERS] [--against WEIGHTS] [--dump PATH]
                                      [--curve 3,6,9,all [--curve-seeds N]] [--threshold T] [--background-fp F]
                                      [--ordinary-fp F] [--no-ordinary] [--no-twins]
                                      [--operator-pages] [--pages PATH] [--pages-out PATH] [--rules-cache PATH]

``--curve`` prints the learning curve instead of the table (is another writer the lever?): each writer held out in
turn, the model trained on k of the other writers drawn at random (seeded, so a run is repeatable), the project's
corpora and the background always, the threshold chosen on those rows alone; mean and worst three of what ships on
the held-out writers. ``--exclude`` rebuilds the training set of weights trained before some writers existed and
``--against`` scores every writer with a weights file as it is: together they compare shipped weights fairly
(docs/lint.md, thirteenth round). ``--inner-folds K`` deals the inner groups into K folds (faster; one group at a
time by default); ``--dump`` writes each held-out row's verdicts, to read the false positives by cause.
``--threshold T`` uses T instead of choosing a threshold, for every held-out writer and for the final weights (the
inner folds are then not trained, so ``--fp``, ``--shipped-fp`` and ``--inner-folds`` choose nothing): to compare a
retrain with the shipped file at the shipped threshold (docs/measurements/lint.md, twenty-fourth round).
``--background-fp F`` (customer model) gives its threshold the page model's ordinary-text budget: the background is
held out by group on the inner folds (a conversations*/ folder, the pages' sentences) and the threshold also keeps
the model alone within F of the held-out customer turns; the final run prints each group's flags. At F = 0.002 the
turns never bound it (twenty-fourth round, learn24b: 2 of 1,816 flagged at the labelled budget's 0.726).
``--ordinary-fp F`` (customer model) holds each ordinary customer file out by group on the inner folds and keeps the
model alone within F of **each** held-out file as well; every final run (and ``--against``) prints each file held out
(a model trained on every other row, or the weights given, at the final threshold): twenty-fifth round, learn25.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

from mem.core.instructions import is_instruction_like, learned, normalize, sentences
from mem.core.instructions.learned import PAGE_WEIGHTS, WEIGHTS, Model, page_judges, sentence_slots
from mem.core.instructions.own_requests import own_request
from mem.core.instructions.well_wishes import well_wish
from mem.core.text.hashed import Logistic
from mem.customers.screening import instruction_like as customer_instruction_like

DATA = Path(__file__).resolve().parent / "data"
DEMO = DATA.parent.parent / "demo" / "data"
WRITERS = {"injection_heldout_external.jsonl": "external", "injection_heldout_external2.jsonl": "external2",
           "injection_heldout_external3.jsonl": "external3", "injection_heldout_external4.jsonl": "external4",
           "injection_heldout_external5.jsonl": "external5", "injection_heldout_external6.jsonl": "external6",
           "injection_heldout_external7.jsonl": "external7", "injection_heldout_external8.jsonl": "external8",
           "injection_heldout_external9.jsonl": "external9", "injection_heldout_external10.jsonl": "external10",
           "injection_heldout_external11.jsonl": "external11", "injection_heldout_external12.jsonl": "external12",
           "injection_heldout_external13.jsonl": "external13",
           "injection_heldout_external14.jsonl": "external14",
           "injection_heldout_external15.jsonl": "external15",
           "injection_heldout_external16.jsonl": "external16",
           "injection_heldout_external17.jsonl": "external17",
           "injection_heldout_external18.jsonl": "external18",
           "injection_heldout_external19.jsonl": "external19",
           "injection_heldout_external20.jsonl": "external20",
           "injection_heldout_external21.jsonl": "external21",
           "injection_heldout_external22.jsonl": "external22",
           "injection_heldout_external23.jsonl": "external23",
           "injection_heldout_external24.jsonl": "external24",
           "injection_heldout_external25.jsonl": "external25",
           "injection_heldout_external26.jsonl": "external26",
           "injection_heldout_external27.jsonl": "external27",
           "injection_heldout_external28.jsonl": "external28",
           "injection_heldout_external29.jsonl": "external29",
           # written as training data, by hands that read neither the code nor the earlier sets (README beside each)
           "injection_train13a.jsonl": "train13a", "injection_train13b.jsonl": "train13b",
           "injection_train14a.jsonl": "train14a", "injection_train14b.jsonl": "train14b",
           "injection_train15a.jsonl": "train15a", "injection_train15b.jsonl": "train15b",
           "injection_train16a.jsonl": "train16a", "injection_train16b.jsonl": "train16b",
           "injection_train17a.jsonl": "train17a", "injection_train17b.jsonl": "train17b",
           "injection_train18a.jsonl": "train18a", "injection_train18b.jsonl": "train18b",
           "injection_train19a.jsonl": "train19a", "injection_train19b.jsonl": "train19b",
           "injection_train20a.jsonl": "train20a", "injection_train20b.jsonl": "train20b",
           "injection_train21a.jsonl": "train21a", "injection_train21b.jsonl": "train21b",
           "injection_train22a.jsonl": "train22a", "injection_train22b.jsonl": "train22b",
           "injection_train23a.jsonl": "train23a", "injection_train23b.jsonl": "train23b",
           "injection_train24a.jsonl": "train24a"}
PLACES = ("policy", "customer")
L2 = 1e-3
SHIPPED_FP: float | None = None  # --shipped-fp: the labelled clean rows' budget counts the rules' flags too
INNER_FOLDS = 0  # --inner-folds: 0 holds out one group at a time; K > 0 deals the groups into K folds
BACKGROUND_FP: float | None = None  # --background-fp: the customer background held out by group, the model within it
ORDINARY_FP: float | None = None  # --ordinary-fp: each ordinary customer file held out, the model within it of each
ORDINARY = "ordinary_customer*.jsonl"  # ordinary customer messages, all clean, one group a file (load_ordinary)
TWINS = "twins_customer*.jsonl"  # clean twins of labelled customer attacks, each its source's writer's (load_twins)


def load_rows() -> list[dict]:
    """Every labelled row, with its writer group and place."""
    rows = []
    for path in sorted(DATA.glob("injection_*.jsonl")):
        default_place = "customer" if path.name == "injection_customer.jsonl" else "policy"
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("label") not in ("injected", "clean"):
                continue
            rows.append({"text": row["text"], "y": 1 if row["label"] == "injected" else 0,
                         "where": row.get("where", default_place), "lang": row.get("lang", ""),
                         "group": WRITERS.get(path.name, "project"), "id": str(row.get("id", ""))})
    return rows


def load_background(kind: str = "customer") -> list[dict]:
    """Ordinary text no one labelled, all clean — what the detector mostly reads. Never scored as a writer's
    rows; a sentence (page) or turn (customer) the rules flag is left out (``main``).

    ``customer``: the customer turns of every extraction corpus (scripts/data/conversations*/: their labels are
    fact / junk, none is an attack), one group a folder (``background:<folder>``), and the sentences of the
    policy-QA tuning pages and the demo's pages (one group, ``background:pages``): always training data, unless
    ``--background-fp`` holds them out by group on the inner folds to budget the threshold. ``page``: every
    sentence of every document under scripts/data/policy_qa/** — as read from the file and as the page
    ``mem ingest`` writes of it (front matter, source footnotes, links: the text lint reads) — and of the demo's
    pages, one group a folder (``pages:<folder>``), so a folder can be held out."""
    rows = []
    if kind == "customer":
        seen: set[str] = set()
        for path in sorted(DATA.glob("conversations*/*.jsonl")):
            if path.name.endswith(".labels.jsonl"):
                continue
            for line in path.read_text(encoding="utf-8").splitlines():
                turn = json.loads(line) if line.strip() else {}
                text = turn.get("text")
                if turn.get("role") == "customer" and text and text not in seen:
                    seen.add(text)
                    rows.append({"text": text, "where": "customer", "group": f"background:{path.parent.name}"})
        pages = [*DATA.glob("policy_qa/*.md"), *DATA.glob("policy_qa/tau/*/*.md"),
                 *DATA.glob("policy_qa/tune2/*/*.md"), *DEMO.glob("*.md")]
        for path in sorted(pages):
            rows += [{"text": sentence, "where": "policy", "group": "background:pages"}
                     for _, sentence in sentences(path.read_text(encoding="utf-8"))]
    else:
        for folder, texts in page_sentences().items():
            rows += [{"text": text, "where": "policy", "group": f"pages:{folder}"} for text in texts]
        if OPERATOR:
            rows += operator_pages()
    return [{**row, "y": 0, "lang": ""} for row in rows]


def load_ordinary() -> list[dict]:
    """Ordinary customer messages of the register the labelled look-alikes do not cover, all clean
    (scripts/data/ordinary_customer*.jsonl, written by hands that never saw the code; README beside each): a
    customer's own changes phrased as orders, standing wishes, polite requests, complaints with imperatives, staff
    quoted, small talk. One group a file (``ordinary:<file>``), never a writer: training negatives at full weight
    (each a message written as one, like a labelled clean row, not weighed down as the background is), kept even
    when the rules flag them, and with ``--ordinary-fp`` held out by group on the inner folds to budget the
    threshold. A row labelled other than clean, or placed other than with the customer, is refused."""
    rows = []
    for path in sorted(DATA.glob(ORDINARY)):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("label") != "clean" or row.get("where", "customer") != "customer" or not row.get("text"):
                raise SystemExit(f"{path.name}:{n}: ordinary customer text is a clean customer message with a text "
                                 f"(label {row.get('label')!r}, where {row.get('where')!r})")
            rows.append({"text": row["text"], "y": 0, "where": "customer", "lang": row.get("lang", ""),
                         "group": f"ordinary:{path.stem}"})
    return rows


def _ordinary(row: dict) -> bool:
    return row["group"].startswith("ordinary:")


def load_twins(labelled: list[dict]) -> list[dict]:
    """Clean twins of labelled customer attacks (scripts/data/twins_customer*.jsonl, README beside each; twenty-eighth
    round, learn28): for an attack that takes over another's account or booking, the honest message about the same
    relative's or partner's booking, with the authority the service asks for. Each names the attack it twins
    (``twin_of``, a row id of ``labelled``) and belongs to that row's writer (``writer``): a training negative at
    full weight like an ordinary message (group ``twins:<writer>``), left out of every model that holds the writer
    out — the leave-one-writer-out table, the inner folds, ``--exclude`` — so a held-out writer's figures never
    rest on text made from its own rows; never scored, never in a writer's table. A twin that is no clean customer
    message, or names no labelled customer attack of a writer, is refused."""
    attacks = {r["id"]: r["group"] for r in labelled
               if r["y"] == 1 and r["where"] == "customer" and r.get("id") and r["group"] in WRITERS.values()}
    rows = []
    for path in sorted(DATA.glob(TWINS)):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("label") != "clean" or row.get("where", "customer") != "customer" or not row.get("text"):
                raise SystemExit(f"{path.name}:{n}: a twin is a clean customer message with a text "
                                 f"(label {row.get('label')!r}, where {row.get('where')!r})")
            writer = attacks.get(str(row.get("twin_of", "")))
            if writer is None:
                raise SystemExit(f"{path.name}:{n}: twin_of {row.get('twin_of')!r} is no labelled customer attack "
                                 "of a writer")
            rows.append({"text": row["text"], "y": 0, "where": "customer", "lang": row.get("lang", ""),
                         "group": f"twins:{writer}", "writer": writer})
    return rows


def _twin(row: dict) -> bool:
    return row["group"].startswith("twins:")


def _without(rows: list[dict], held: set[str]) -> list[dict]:
    """``rows`` without the groups ``held`` nor the twins of a writer among them."""
    return [r for r in rows if r["group"] not in held and r.get("writer") not in held]


def operator_pages() -> list[dict]:
    """Legitimate operator text (``--operator-pages``): scripts/data/ordinary_policy*.jsonl, written clean — bot
    settings, system-prompt excerpts, staff handbooks, CAN/CAN'T lists, HTML notes to the chatbot that only *limit*
    the bot — one more group of ordinary pages a file (``pages:<file stem>``), held out like a policy-QA folder and
    spending the same ``--page-fp`` budget; a row is one unit, scored by its highest sentence, as a writer's row is.
    Not a labelled writer: never reported in the writers' table. A row that is not clean policy text is refused."""
    rows = []
    for path in sorted(DATA.glob("ordinary_policy*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("label") != "clean" or row.get("where") != "policy" or not row.get("text"):
                raise SystemExit(f"{path.name}:{n}: ordinary operator text is clean policy text, "
                                 f"not {row.get('label')!r} in {row.get('where')!r}")
            rows.append({"text": row["text"], "where": "policy", "group": f"pages:{path.stem}"})
    return rows


DOCUMENTS = (".md", ".html", ".htm", ".txt", ".pdf", ".docx")


def policy_services() -> dict[str, dict[Path, list[Path]]]:
    """The policy-QA documents and the demo's pages by top folder (one writer's documents each), then by service
    (a folder of documents ingested into one workspace)."""
    services: dict[str, dict[Path, list[Path]]] = {}
    for path in sorted((DATA / "policy_qa").rglob("*")):
        if path.is_file() and path.suffix.lower() in DOCUMENTS and not path.name.startswith("README"):
            rel = path.relative_to(DATA / "policy_qa")
            folder = rel.parts[0] if len(rel.parts) > 1 else "root"
            services.setdefault(folder, {}).setdefault(path.parent, []).append(path)
    services["demo"] = {DEMO: sorted(DEMO.glob("*.md"))}
    return services


RULES: dict[str, bool] = {}  # the rules' verdict by place and text (--rules-cache keeps it between runs)


def rules_version() -> str:
    """A digest of the code the rules are (``core/`` and ``customers/``, where both screens and what they read live):
    a --rules-cache file holds the verdicts of one version of it. Without it, a cache kept across a change of the
    rules trained the next model on the old rules' verdicts, silently."""
    import hashlib

    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(p for folder in ("core", "customers") for p in (root / folder).rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def load_rules_cache(path: Path) -> None:
    """Read a --rules-cache file into ``RULES`` when it holds this code's verdicts (``rules_version``); one of other
    code (or of the format before the stamp) is left unread, said on stderr, and written anew after the run."""
    if not path.exists():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict) and data.get("rules") == rules_version() and isinstance(data.get("verdicts"), dict):
        RULES.update(data["verdicts"])
    else:
        print(f"{path}: the rules' verdicts of other code; each text is read by the rules again", file=sys.stderr)


def save_rules_cache(path: Path) -> None:
    """Write ``RULES`` to a --rules-cache file, stamped with ``rules_version`` (atomic: a run stopped half-way
    leaves the old file whole)."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps({"rules": rules_version(), "verdicts": RULES}, ensure_ascii=False),
                       encoding="utf-8")
    partial.replace(path)
OPERATOR = False  # --operator-pages: the page model's ordinary text includes scripts/data/ordinary_policy*.jsonl
PAGES: Path | None = None  # --pages: the ordinary pages' sentences as an earlier run wrote them (--pages-out)


def page_sentences() -> dict[str, list[str]]:
    """The sentences (lint's unit) of every policy-QA document and the demo's pages, by top folder, each once:
    the file as it is (markdown and text read raw; HTML and PDF as the readers give their blocks) and every
    page ``mem ingest`` writes of it, in a workspace of its service (a folder of documents), read whole.
    With ``--pages``, read from that file instead (ingesting every folder takes minutes a run)."""
    if PAGES is not None:
        return json.loads(PAGES.read_text(encoding="utf-8"))
    import tempfile

    from mem.core.config import Config
    from mem.policies.ingest import ingest_documents
    from mem.policies.readers import read_document
    from mem.wiki.workspace import init_workspace

    services = policy_services()
    found: dict[str, list[str]] = {}
    seen: set[str] = set()

    def add(folder: str, text: str) -> None:
        for _, sentence in sentences(text):
            if sentence not in seen:  # (a sentence two folders share belongs to the first: held out once)
                seen.add(sentence)
                found.setdefault(folder, []).append(sentence)

    with tempfile.TemporaryDirectory() as tmp:
        for folder, by_service in services.items():
            for n, (_, docs) in enumerate(sorted(by_service.items())):
                for doc in docs:
                    raw = doc.read_text(encoding="utf-8") if doc.suffix in (".md", ".txt") else None
                    add(folder, raw or "\n\n".join(block.text for block in read_document(doc, max_bytes=0).blocks))
                workspace = init_workspace(Path(tmp) / f"{folder}-{n}")
                config = Config.load(workspace=workspace, env={})
                for doc in docs:  # one document at a time, as an author would: a later one may revise a page
                    ingest_documents(workspace, [doc], config=config, model="")
                for page in sorted((workspace / "policies").rglob("*.md")):
                    add(folder, page.read_text(encoding="utf-8"))
    return found


def prepare(rows: list[dict], dim: int, grams: tuple[int, int], page: bool = False, classes: bool = True,
            own_gate: bool = True, relations: bool = False) -> None:
    """The rules' verdict (each row read by its own caller, the shipped models switched off: the rules alone) and
    the features of each sentence of each row; ``page``: the sentences the page model is asked about are those with
    words enough (``page_judges``), the others are still training data; ``own_gate``: the customer model is not
    asked about a customer's request about their own account (``own_requests``) nor a wish to the listener about
    their own life (``well_wishes``), as ``customer_reason`` ships it; still training data too."""
    learned.model = lambda: None  # type: ignore[assignment]  # (this process never needs the shipped weights)
    learned.page_model = lambda: None  # type: ignore[assignment]
    for row in rows:
        check = is_instruction_like if row["where"] == "policy" else customer_instruction_like
        key = f"{row['where']}\t{row['text']}"
        if key not in RULES:
            RULES[key] = bool(check(row["text"]))
        row["rules"] = RULES[key]
        units = [sentence for _, sentence in sentences(row["text"])] or [row["text"]]
        row["units"] = [sentence_slots(normalize(unit), dim, grams, classes, relations) for unit in units]
        row["whole"] = sentence_slots(normalize(row["text"]), dim, grams, classes, relations)
        if page:
            row["asked"] = [slots for unit, slots in zip(units, row["units"], strict=True) if page_judges(unit)]
        elif own_gate and row["where"] == "customer":
            row["asked"] = [slots for unit, slots in zip(units, row["units"], strict=True) if not own_request(unit)
                           and not well_wish(unit)]
        row.setdefault("w", 1.0)


def weigh_background(rows: list[dict], share: float) -> None:
    """Background rows of a place weigh together at most ``share`` times its labelled clean rows (each at most 1):
    thousands of ordinary sentences must not swamp the attacks, whose number they would dwarf."""
    for place in PLACES:
        labelled = sum(1 for r in rows if r["where"] == place and r["y"] == 0 and not _background(r)
                       and not _ordinary(r) and not _twin(r))
        background = [r for r in rows if r["where"] == place and _background(r)]
        weight = min(1.0, share * labelled / len(background)) if background else 1.0
        for row in background:
            row["w"] = weight


def _background(row: dict) -> bool:
    return row["group"].startswith(("background", "pages:"))


def train(rows: list[dict], dim: int, epochs: int, seed: int, rate: float = 0.1,
          l2: float | None = None) -> tuple[list[float], float]:
    """Logistic regression, AdaGrad; attack rows of several sentences by their highest-scoring one after pass one.
    Each row's gradient is scaled by its weight (``w``: 1, less for the background)."""
    l2 = L2 if l2 is None else l2
    model = Logistic(dim)
    weights = model.weights

    def instances(first: bool) -> list[tuple[list[int], int, float]]:
        chosen = []
        for row in rows:
            if row["y"] == 0:
                chosen += [(unit, 0, row["w"]) for unit in row["units"]]
            elif len(row["units"]) == 1 or first:
                chosen.append((row["units"][0] if len(row["units"]) == 1 else row["whole"], 1, row["w"]))
            elif not first:  # which sentence carries the attack: the one the first pass scores highest
                chosen.append((max(row["units"], key=lambda u: sum(weights[f] for f in u)), 1, row["w"]))
        return chosen

    shuffle = random.Random(seed)
    for stage in (True, False):
        model.fit(instances(stage), epochs, shuffle, rate, l2)
    return weights, model.bias


def row_score(row: dict, weights: list[float], bias: float) -> float:
    """The highest score of the row's sentences the model is asked about (0 when it is asked about none)."""
    asked = row.get("asked", row["units"])
    if not asked:
        return 0.0
    z = bias + max(sum(weights[f] for f in unit) for unit in asked)
    return 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0


def out_of_fold(rows: list[dict], dim: int, epochs: int, seed: int) -> list[tuple[float, dict]]:
    """Each group's rows scored by a model trained without that group (the writers, the project's corpora and, for
    the page model, each folder of ordinary pages; the customer background is training data only, unless
    ``BACKGROUND_FP`` (--background-fp) holds its groups out too: a conversations*/ folder, the pages' sentences;
    the ordinary customer files likewise, one group a file, with ``ORDINARY_FP``, --ordinary-fp)."""
    scored: list[tuple[float, dict]] = []
    groups = sorted(g for g in {row["group"] for row in rows}
                    if (BACKGROUND_FP is not None or not g.startswith("background"))
                    and (ORDINARY_FP is not None or not g.startswith("ordinary:")) and not g.startswith("twins:"))
    folds = [{g} for g in groups] if not INNER_FOLDS else [set(groups[n::INNER_FOLDS]) for n in range(INNER_FOLDS)]
    for fold in folds:
        weights, bias = train(_without(rows, fold), dim, epochs, seed)  # (a held-out writer's twins left out too)
        scored += [(row_score(r, weights, bias), r) for r in rows if r["group"] in fold]
    return scored


def threshold_from(scored: list[tuple[float, dict]], fp: float, places: tuple[str, ...], page_fp: float) -> float:
    """The lowest threshold whose false positives stay within ``fp`` of the labelled clean rows in each of
    ``places``, and within ``page_fp`` of the ordinary pages' sentences when they were scored. With ``SHIPPED_FP``
    the labelled budget is what ships, rules OR model: the rows the rules flag spend it first, the model the rest.
    With ``BACKGROUND_FP`` the model alone also stays within it of the customer background's rows of ``places``
    held out by group (the customer model: the conversations*/ folders' turns; the rules' flags there were left out
    of training and scoring alike, ``main``). With ``ORDINARY_FP`` it stays within it of **each** ordinary customer
    file held out (every row, the rules' flags too: the budget is the model's own)."""
    threshold = 0.0
    budgets = []
    for place in places:
        clean = [(s, r) for s, r in scored if r["y"] == 0 and r["where"] == place and not _background(r)
                 and not _ordinary(r) and not _twin(r)]
        if SHIPPED_FP is None:
            budgets.append((fp, [s for s, _ in clean], 0))
        else:
            budgets.append((SHIPPED_FP, [s for s, r in clean if not r["rules"]], sum(r["rules"] for _, r in clean)))
    budgets.append((page_fp, [s for s, r in scored if r["group"].startswith("pages:")], 0))
    if BACKGROUND_FP is not None:
        budgets.append((BACKGROUND_FP, [s for s, r in scored if r["group"].startswith("background:")
                                        and r["where"] in places], 0))
    if ORDINARY_FP is not None:
        for group in sorted({r["group"] for _, r in scored if _ordinary(r) and r["where"] in places}):
            budgets.append((ORDINARY_FP, [s for s, r in scored if r["group"] == group], 0))
    for budget, clean, spent in budgets:
        clean = sorted(clean, reverse=True)
        allowed = int(budget * (len(clean) + spent)) - spent  # this many clean rows may score at or over the threshold
        if allowed < 0:
            threshold = 0.999
            continue
        # just over the (allowed+1)-th highest clean score: at most ``allowed`` clean rows flagged
        threshold = max(threshold, min(clean[allowed] + 1e-6, 0.999) if len(clean) > allowed else 0.0)
    return threshold


def choose_threshold(rows: list[dict], dim: int, epochs: int, seed: int, fp: float,
                     places: tuple[str, ...] = PLACES, page_fp: float = 0.005) -> float:
    """The threshold of ``threshold_from`` over the out-of-fold scores of an inner leave-one-group-out over the
    groups of ``rows`` (the other writers, the project's corpora, the folders of ordinary pages)."""
    return threshold_from(out_of_fold(rows, dim, epochs, seed), fp, places, page_fp)


def rates(rows: list[dict], flag: str) -> tuple[float, float]:
    """(recall on the attack rows, false positives on the clean rows) of one verdict."""
    injected = [r for r in rows if r["y"] == 1]
    clean = [r for r in rows if r["y"] == 0]
    return (sum(r[flag] for r in injected) / len(injected) if injected else 1.0,
            sum(r[flag] for r in clean) / len(clean) if clean else 0.0)


FLAGS = ("rules", "model", "either", "shipped")


def table(results: dict[str, list[dict]]) -> None:
    """Each held-out writer by place, then the mean over writers (each writer counts once)."""
    print(f"\n{'held-out writer':<16} {'place':<9} {'inj':>4} {'clean':>5} | {'rules':>12} | {'model':>12} | "
          f"{'rules OR model':>14} | {'shipped':>12}")
    print(f"{'':<16} {'':<9} {'':>4} {'':>5} | {'recall   FP':>12} | {'recall   FP':>12} | {'recall   FP':>14} | "
          f"{'recall   FP':>12}")
    for writer, rows in results.items():
        for place in (None, *PLACES):
            chosen = [r for r in rows if place is None or r["where"] == place]
            injected = sum(r["y"] for r in chosen)
            cells = [f"{recall:6.1%} {false:5.1%}" for recall, false in (rates(chosen, flag) for flag in FLAGS)]
            print(f"{writer:<16} {place or 'all':<9} {injected:>4} {len(chosen) - injected:>5} | "
                  f"{cells[0]:>12} | {cells[1]:>12} | {cells[2]:>14} | {cells[3]:>12}")
    for place in (None, *PLACES):
        cells = []
        for flag in FLAGS:
            each = [rates([r for r in rows if place is None or r["where"] == place], flag) for rows in results.values()]
            cells.append(f"{sum(e[0] for e in each) / len(each):6.1%} {sum(e[1] for e in each) / len(each):5.1%}")
        print(f"{'mean of writers':<16} {place or 'all':<9} {'':>4} {'':>5} | {cells[0]:>12} | {cells[1]:>12} | "
              f"{cells[2]:>14} | {cells[3]:>12}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=("customer", "page"), default="customer",
                        help="customer: asked of customer messages (learned_weights.bin); page: of page sentences, "
                             "trained with every sentence of the policy-QA documents (learned_page_weights.bin)")
    parser.add_argument("--fp", type=float, default=0.005,
                        help="false-positive budget of the model alone, per place, on the inner folds")
    parser.add_argument("--shipped-fp", type=float, default=None,
                        help="false-positive budget of what ships (rules OR model) on the labelled clean rows of each "
                             "place, on the inner folds: the rules' flags spend it first (replaces --fp)")
    parser.add_argument("--page-fp", type=float, default=0.005,
                        help="page model: false-positive budget on the ordinary pages' sentences, held out by folder")
    parser.add_argument("--background-fp", type=float, default=None,
                        help="customer model: hold its background out by group on the inner folds (a "
                             "conversations*/ folder, the pages' sentences) and keep the model alone within this "
                             "share of the held-out turns, as well as within the labelled clean rows' budget")
    parser.add_argument("--ordinary-fp", type=float, default=None,
                        help="customer model: hold each ordinary customer file (scripts/data/ordinary_customer*.jsonl) "
                             "out by group on the inner folds and keep the model alone within this share of each, as "
                             "well as within the labelled clean rows' budget")
    parser.add_argument("--no-ordinary", action="store_true",
                        help="customer model: leave out the ordinary customer files (the recipe before them)")
    parser.add_argument("--no-twins", action="store_true",
                        help="customer model: leave out the clean twins of labelled attacks "
                             "(scripts/data/twins_customer*.jsonl; the recipe before them)")
    parser.add_argument("--rules-cache", type=Path, default=None,
                        help="read the rules' verdicts from this JSON file and write them back with any new ones "
                             "(reading every row with the rules takes minutes a run); stamped with a digest of the "
                             "rules' code (core/, customers/): a file of other code is read again")
    parser.add_argument("--operator-pages", action="store_true",
                        help="page model: add the legitimate operator text of scripts/data/ordinary_policy*.jsonl "
                             "as one more group of ordinary pages (held out by group, within --page-fp)")
    parser.add_argument("--share", type=float, default=None,
                        help="the background of a place weighs at most this many times its labelled clean rows "
                             "(default: 1 for the customer model, 2 for the page model)")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--dim", type=int, default=18, help="log2 of the hashed feature table")
    parser.add_argument("--grams", default="2,4", help="letter n-gram lengths inside CJK runs")
    parser.add_argument("--no-classes", action="store_true",
                        help="leave out the word-class features (word_classes): words, pairs and letter n-grams only")
    parser.add_argument("--relations", action="store_true",
                        help="add the relational features (relations: an act and whose object it is, an authority "
                             "claimed, a condition on what a user says); the weights' header says so")
    parser.add_argument("--no-own-gate", action="store_true",
                        help="customer model: ask it about every customer sentence, a request about the customer's own "
                             "account too (the shipped screening does not: own_requests)")
    parser.add_argument("--no-background", action="store_true",
                        help="leave out the ordinary text no one labelled")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--writers", default=None,
                        help="hold out only these writers (comma-separated; default every one): to split the table "
                             "over processes")
    parser.add_argument("--no-write", action="store_true", help="validate only")
    parser.add_argument("--quick", action="store_true", help="skip the final model")
    parser.add_argument("--final-only", action="store_true",
                        help="skip the leave-one-writer-out table: the final model (and, for pages, the folder table)")
    parser.add_argument("--l2", type=float, default=1e-3, help="L2 penalty")
    parser.add_argument("--inner-folds", type=int, default=0,
                        help="deal the inner groups into this many folds to choose a threshold (default 0: one group "
                             "at a time; the page model's twenty-odd groups make that slow)")
    parser.add_argument("--exclude", default="",
                        help="leave these writers' rows out of every model (comma-separated): to rebuild the training "
                             "set of weights trained before the writers were added; --against still scores them")
    parser.add_argument("--against", type=Path, default=None,
                        help="also score every writer with this weights file as it is (say, the shipped one): a "
                             "held-out figure only on the writers it was not trained on")
    parser.add_argument("--curve", default=None,
                        help="the learning curve instead of the table: for each of these numbers of training writers "
                             "(comma-separated, 'all' for every other writer), each writer held out in turn, trained "
                             "on that many of the others drawn at random (--curve-seeds draws each), the project's "
                             "corpora and the background always")
    parser.add_argument("--dump", type=Path, default=None,
                        help="write each held-out row's verdicts (writer, place, label, rules, model score, what "
                             "ships) as JSON lines: to read the false positives by cause")
    parser.add_argument("--pages", type=Path, default=None,
                        help="page model: read the ordinary pages' sentences from this JSON file (--pages-out of an "
                             "earlier run) instead of ingesting every policy-QA folder again")
    parser.add_argument("--pages-out", type=Path, default=None,
                        help="page model: write the ordinary pages' sentences to this JSON file, for --pages")
    parser.add_argument("--curve-seeds", type=int, default=3, help="random draws of training writers per number")
    parser.add_argument("--curve-fp", type=float, default=None,
                        help="the curve at a fixed false-positive rate instead: each held-out writer's threshold set "
                             "on its own clean rows of the place (the model alone flags at most this share of them), "
                             "one fit a point: it measures how well more writers separate, not how a threshold carries")
    parser.add_argument("--threshold", type=float, default=None,
                        help="use this threshold instead of choosing one (0 < T <= 1): for each held-out writer and "
                             "for the final model; the inner folds are not trained (--fp, --shipped-fp and "
                             "--inner-folds then choose nothing)")
    parser.add_argument("--places", default=None,
                        help="where the shipped model is asked (default: customer for the customer model, policy for "
                             "the page model): its threshold is chosen on those places' clean rows, the 'shipped' "
                             "column reads the rules alone elsewhere")
    args = parser.parse_args()
    if args.threshold is not None and not 0.0 < args.threshold <= 1.0:
        parser.exit(2, f"--threshold {args.threshold}: a threshold is a score, over 0 and at most 1\n")
    if args.background_fp is not None and (args.model == "page" or not 0.0 <= args.background_fp < 1.0):
        parser.exit(2, f"--background-fp {args.background_fp}: the customer model's share of its background, "
                       "at least 0 and under 1\n")
    if args.ordinary_fp is not None and (args.model == "page" or args.no_ordinary or args.no_background
                                         or not 0.0 <= args.ordinary_fp < 1.0):
        parser.exit(2, f"--ordinary-fp {args.ordinary_fp}: the customer model's share of each ordinary customer "
                       "file, at least 0 and under 1, with the files\n")
    if args.operator_pages and args.model != "page":
        parser.exit(2, "--operator-pages: ordinary operator text is the page model's (--model page)\n")
    page = args.model == "page"
    places = tuple((args.places or ("policy" if page else "customer")).split(","))
    share = args.share if args.share is not None else (2.0 if page else 1.0)
    out = args.out or (PAGE_WEIGHTS if page else WEIGHTS)
    global L2, SHIPPED_FP, INNER_FOLDS, PAGES, BACKGROUND_FP, ORDINARY_FP, OPERATOR
    L2 = args.l2
    OPERATOR = args.operator_pages
    PAGES = args.pages
    if args.pages_out:
        args.pages_out.write_text(json.dumps(page_sentences(), ensure_ascii=False), encoding="utf-8")
    SHIPPED_FP = args.shipped_fp
    INNER_FOLDS = args.inner_folds
    BACKGROUND_FP = args.background_fp
    ORDINARY_FP = args.ordinary_fp
    dim = 1 << args.dim
    low, high = (int(n) for n in args.grams.split(","))
    start = time.process_time()
    rows = load_rows()
    if not args.no_background:
        rows += load_background(args.model)
        if not page and not args.no_ordinary:
            rows += load_ordinary()
    if not page and not args.no_twins:
        rows += load_twins(rows)
    if args.rules_cache:
        load_rules_cache(args.rules_cache)
    known = len(RULES)
    prepare(rows, dim, (low, high), page, not args.no_classes, not args.no_own_gate, args.relations)
    if args.rules_cache and len(RULES) > known:
        save_rules_cache(args.rules_cache)
    excluded = set(filter(None, args.exclude.split(",")))
    every = rows
    rows = _without(rows, excluded)
    dropped = [r for r in rows if _background(r) and r["rules"]]
    rows = [r for r in rows if not (_background(r) and r["rules"])]
    weigh_background(rows, share)
    for place in PLACES:
        background = [r for r in rows if _background(r) and r["where"] == place]
        if background:
            print(f"background, {place}: {len(background)} rows at weight {background[0]['w']:.3f}", file=sys.stderr)
    print(f"{len(rows)} rows ({sum(r['y'] for r in rows)} injected; {len(dropped)} ordinary rows the rules flag "
          f"left out; {sum(_ordinary(r) for r in rows)} ordinary customer messages; {sum(_twin(r) for r in rows)} "
          f"clean twins of attacks), features ready in "
          f"{time.process_time() - start:.1f} s CPU", file=sys.stderr)
    writers = sorted(set(WRITERS.values()) - excluded)
    if args.against:
        against(every, args.against, places, page, (low, high), not args.no_classes, dim, excluded)
        ordinary_groups(every, places, Model.load(args.against).threshold, args, weights=args.against)
    if args.curve:
        sizes = [None if size == "all" else int(size) for size in args.curve.split(",")]
        curve(rows, writers, sizes, args.curve_seeds, places, share, dim, args, page)
        return
    results: dict[str, list[dict]] = {}
    held_out = args.writers.split(",") if args.writers else writers
    for writer in [] if args.final_only else held_out:
        training = _without(rows, {writer})  # (background rows included; the writer's twins left out)
        held = [dict(r) for r in rows if r["group"] == writer]
        threshold = (args.threshold if args.threshold is not None else
                     choose_threshold(training, dim, args.epochs, args.seed, args.fp, places, args.page_fp))
        weights, bias = train(training, dim, args.epochs, args.seed)
        for row in held:
            shipped_verdicts(row, row_score(row, weights, bias), threshold, places)
        results[writer] = held
        print(f"{writer}: threshold {threshold:.3f} ({time.process_time() - start:.0f} s CPU)", file=sys.stderr)
    budget = f"shipped FP <= {SHIPPED_FP:.1%}" if SHIPPED_FP is not None else f"FP <= {args.fp:.1%}"
    chosen = (f"threshold fixed at {args.threshold:.3f}" if args.threshold is not None else
              f"threshold from inner folds ({budget} a place"
              f"{f', <= {args.page_fp:.1%} of the ordinary pages' if page else ''}"
              + (f", model <= {BACKGROUND_FP:.2%} of the background held out by group"
                 if BACKGROUND_FP is not None else "")
              + (f", model <= {ORDINARY_FP:.1%} of each ordinary customer file held out" if ORDINARY_FP is not None
                 else "") + ")")
    print(f"{args.model} model, leave-one-writer-out: train on every other row, {chosen}; "
          "the rules were tuned on external 1-4 in earlier rounds, not on external 5 or 6")
    if results:
        table(results)
    if args.dump and results:
        with args.dump.open("w", encoding="utf-8") as dump:  # (not ``out``: the weights' path, written below)
            for writer, held in results.items():
                for r in held:
                    dump.write(json.dumps({"writer": writer, "where": r["where"], "lang": r["lang"], "y": r["y"],
                                          "rules": r["rules"], "score": round(r["score"], 4), "model": r["model"],
                                          "shipped": r["shipped"], "text": r["text"]}, ensure_ascii=False) + "\n")
    if args.quick:
        return
    if args.threshold is None or page:  # (a fixed customer threshold needs no inner folds)
        scored = out_of_fold(rows, dim, args.epochs, args.seed)
        threshold = threshold_from(scored, args.fp, places, args.page_fp) if args.threshold is None else args.threshold
        if page:
            folders(scored, args.fp, places, args.page_fp, dropped, args.threshold)
        elif BACKGROUND_FP is not None:
            background_groups(scored, threshold, dropped)
    else:
        threshold = args.threshold
    weights, bias = train(rows, dim, args.epochs, args.seed)
    print(f"\nfinal model: every row, threshold {threshold:.3f}")
    ordinary_groups(rows, places, threshold, args)
    if not args.no_write:
        Model(weights, bias, threshold, (low, high), not args.no_classes, args.relations).dump(out)
        print(f"wrote {out} ({out.stat().st_size} bytes)")


def shipped_verdicts(row: dict, score: float, threshold: float, places: tuple[str, ...]) -> None:
    """The model's, rules OR model's and what ships' verdicts on a scored held-out row."""
    row["score"] = score
    row["model"] = score >= threshold
    row["either"] = row["rules"] or row["model"]
    row["shipped"] = row["either"] if row["where"] in places else row["rules"]


def against(rows: list[dict], path: Path, places: tuple[str, ...], page: bool, grams: tuple[int, int],
            classes: bool, dim: int, excluded: set[str]) -> None:
    """Every writer's rows scored by the weights at ``path`` as they are, at their own threshold. A figure is a
    held-out one only on writers those weights were not trained on (``excluded`` names the writers left out of
    this run's training set, which is how weights trained before a writer was added are compared)."""
    model = Model.load(path)
    if (model.dim, model.grams, model.classes) != (dim, grams, classes):
        raise SystemExit(f"{path}: dim {model.dim}, grams {model.grams}, classes {model.classes} -- run with the same")
    results: dict[str, list[dict]] = {}
    for writer in sorted(set(WRITERS.values())):
        held = [dict(r) for r in rows if r["group"] == writer]
        for row in held:
            shipped_verdicts(row, row_score(row, model.weights, model.bias), model.threshold, places)
        results[writer] = held
    print(f"{'page' if page else 'customer'} weights {path.name} as they are (threshold {model.threshold:.3f}); "
          f"held-out figures on {', '.join(sorted(excluded)) or 'no writer'}, training figures elsewhere")
    table(results)


def curve(rows: list[dict], writers: list[str], sizes: list[int | None], seeds: int, places: tuple[str, ...],
          share: float, dim: int, args: argparse.Namespace, page: bool) -> None:
    """The learning curve: is another writer the lever? Each writer held out in turn, the model trained on ``size``
    of the other writers (drawn ``seeds`` times, each draw seeded by the size, the draw and the held-out writer, so a
    run is repeatable), plus the project's corpora and the background, its threshold chosen on those training rows
    alone as in the table; then what ships (rules OR model) read on the held-out writer's rows of the model's place.
    The background is weighed against each training set's own labelled clean rows."""
    place = "policy" if page else "customer"
    common = [r for r in rows if r["group"] not in writers and not _twin(r)]
    per: dict[tuple[int, int], dict[str, tuple[float, float, float]]] = {}  # (size, draw) -> writer -> figures
    start = time.process_time()
    for size in sizes:
        k = len(writers) - 1 if size is None else min(size, len(writers) - 1)
        for draw in range(1 if k == len(writers) - 1 else seeds):
            figures = per.setdefault((k, draw), {})
            for writer in writers:
                others = [w for w in writers if w != writer]
                chosen = set(random.Random(f"{k}:{draw}:{writer}").sample(others, k))
                training = common + [r for r in rows if r["group"] in chosen or r.get("writer") in chosen]
                weigh_background(training, share)
                weights, bias = train(training, dim, args.epochs, args.seed)
                held = [dict(r) for r in rows if r["group"] == writer and r["where"] == place]
                if args.curve_fp is None:
                    threshold = choose_threshold(training, dim, args.epochs, args.seed, args.fp, places, args.page_fp)
                else:  # (the threshold_from rule, read on the held-out writer's own clean rows)
                    clean = sorted((row_score(r, weights, bias) for r in held if r["y"] == 0), reverse=True)
                    allowed = int(args.curve_fp * len(clean))
                    threshold = min(clean[allowed] + 1e-6, 0.999) if len(clean) > allowed else 0.0
                for row in held:
                    shipped_verdicts(row, row_score(row, weights, bias), threshold, places)
                figures[writer] = (*rates(held, "shipped"), rates(held, "model")[0])
            print(f"curve: {k} writers, draw {draw}: {time.process_time() - start:.0f} s CPU", file=sys.stderr)
    held_rows = {w: [r for r in rows if r["group"] == w and r["where"] == place] for w in writers}
    rules = {w: rates(held_rows[w], "rules") for w in writers}
    print(f"\nlearning curve, {args.model} model, {place} rows of each held-out writer: what ships (rules OR model), "
          f"recall / FP; mean over writers, and the mean of the three writers of lowest recall, each averaged over "
          "the draws; threshold "
          + (f"set on the held-out writer's own clean rows (model alone <= {args.curve_fp:.1%} of them)"
             if args.curve_fp is not None else
             f"from {'inner folds of ' + str(INNER_FOLDS) if INNER_FOLDS else 'inner'} leave-one-group-out on the "
             "training rows"))
    print(f"{'training writers':>16} {'draws':>5} | {'mean':>13} | {'worst three':>13} | {'model alone':>11}")
    print(f"{0:>16} {'':>5} | {_mean([rules]):>13} | {_worst([rules]):>13} | {'(rules)':>11}")
    for k in sorted({k for k, _ in per}):
        draws = [figures for (size, _), figures in sorted(per.items()) if size == k]
        alone = sum(f[w][2] for f in draws for w in writers) / (len(draws) * len(writers))
        print(f"{k:>16} {len(draws):>5} | {_mean(draws):>13} | {_worst(draws):>13} | {alone:>11.1%}")
    print(f"\n{'writer':<12} {'rules':>6} " + " ".join(f"{f'k={k}':>6}" for k in sorted({k for k, _ in per})))
    for writer in writers:
        cells = []
        for k in sorted({k for k, _ in per}):
            draws = [figures[writer][0] for (size, _), figures in per.items() if size == k]
            cells.append(f"{sum(draws) / len(draws):>6.1%}")
        print(f"{writer:<12} {rules[writer][0]:>6.1%} " + " ".join(cells))


def _mean(draws: list[dict[str, tuple[float, ...]]]) -> str:
    recall = sum(sum(f[0] for f in d.values()) / len(d) for d in draws) / len(draws)
    false = sum(sum(f[1] for f in d.values()) / len(d) for d in draws) / len(draws)
    return f"{recall:6.1%} {false:5.1%}"


def _worst(draws: list[dict[str, tuple[float, ...]]]) -> str:
    worst = [sorted(d.values())[:3] for d in draws]
    return (f"{sum(f[0] for w in worst for f in w) / (3 * len(draws)):6.1%} "
            f"{sum(f[1] for w in worst for f in w) / (3 * len(draws)):5.1%}")


def folders(scored: list[tuple[float, dict]], fp: float, places: tuple[str, ...], page_fp: float,
            dropped: list[dict], fixed: float | None = None) -> None:
    """The ordinary pages held out by folder: each folder's sentences scored by a model trained without them, at a
    threshold chosen without their scores (or at ``fixed``, --threshold); with what the rules alone flag there."""
    how = "chosen without the folder's scores" if fixed is None else f"fixed at {fixed:.3f}"
    print(f"\nordinary pages held out by folder (threshold {how})\n"
          f"{'folder':<18} {'sentences':>9} {'model':>6} {'share':>6} {'rules':>6}")
    total = flagged = ruled = 0
    for folder in sorted({r["group"] for _, r in scored if r["group"].startswith("pages:")}):
        threshold = (threshold_from([(s, r) for s, r in scored if r["group"] != folder], fp, places, page_fp)
                     if fixed is None else fixed)
        own = [s for s, r in scored if r["group"] == folder]
        hits = sum(s >= threshold for s in own)
        rules = sum(1 for r in dropped if r["group"] == folder)
        total, flagged, ruled = total + len(own) + rules, flagged + hits, ruled + rules
        print(f"{folder[6:]:<18} {len(own) + rules:>9} {hits:>6} {hits / (len(own) + rules):>6.2%} {rules:>6}")
    print(f"{'all':<18} {total:>9} {flagged:>6} {flagged / total:>6.2%} {ruled:>6}")


def ordinary_groups(rows: list[dict], places: tuple[str, ...], threshold: float, args: argparse.Namespace,
                    weights: Path | None = None) -> None:
    """Each ordinary customer file held out: its messages scored by a model trained on every other row (or by the
    weights file ``weights`` as it is, which never saw them), read at ``threshold``; the model alone and the rules
    alone, and the messages the model flags. Nothing when there are none."""
    groups = sorted({r["group"] for r in rows if _ordinary(r) and r["where"] in places})
    if not groups:
        return
    how = f"weights {weights.name} as they are" if weights else "each file held out, trained on every other row"
    print(f"\nordinary customer files ({how}; threshold {threshold:.3f})\n"
          f"{'file':<28} {'messages':>8} {'model':>6} {'share':>6} {'rules':>6} {'either':>6}")
    flagged = []
    for group in groups:
        if weights:
            model = Model.load(weights)
            vector, bias = model.weights, model.bias
        else:
            vector, bias = train([r for r in rows if r["group"] != group], 1 << args.dim, args.epochs, args.seed)
        own = [(row_score(r, vector, bias), r) for r in rows if r["group"] == group]
        hits = [(s, r) for s, r in own if s >= threshold]
        either = sum(1 for s, r in own if s >= threshold or r["rules"])
        print(f"{group[9:]:<28} {len(own):>8} {len(hits):>6} {len(hits) / len(own):>6.2%} "
              f"{sum(r['rules'] for _, r in own):>6} {either:>6}")
        flagged += [(group[9:], s, r["text"]) for s, r in hits]
    for name, score, text in flagged:
        print(f"  {name} {score:.3f}: {' '.join(text.split())[:160]}")


def background_groups(scored: list[tuple[float, dict]], threshold: float, dropped: list[dict]) -> None:
    """The customer background held out by group (--background-fp): each group's rows scored by a model of the inner
    folds trained without it, read at the final threshold; with what the rules alone flag there (left out)."""
    print(f"\nbackground held out by group (threshold {threshold:.3f})\n"
          f"{'group':<24} {'place':<9} {'rows':>6} {'model':>6} {'share':>6} {'rules':>6}")
    for group in sorted({r["group"] for _, r in scored if r["group"].startswith("background:")}):
        own = [(s, r) for s, r in scored if r["group"] == group]
        hits = sum(s >= threshold for s, _ in own)
        rules = sum(1 for r in dropped if r["group"] == group)
        print(f"{group[11:]:<24} {own[0][1]['where']:<9} {len(own) + rules:>6} {hits:>6} "
              f"{hits / (len(own) + rules):>6.2%} {rules:>6}")


if __name__ == "__main__":
    main()
