"""Benchmark: time to answer (``answer_question``) and to extract (``extract_pending``) one long customer message,
with and without punctuation, at growing sizes — the ratios show whether the time grows linearly.

A chat message may come without a full stop or comma at all (pasted text, a run-on sentence, a string of
letters); a rule read again from every letter of it made ``mem ask`` quadratic (NEWUSER_REPORT14 #1). The
workspace holds one refund rule per language, so the answer reads the case told in the message (the numbers, the
dates, what someone else said: ``mem.agent.case_words``). Each cell is the median of ``--repeat`` runs, in
process, with the lexical engine (``MEM_SEMANTIC=off``); the ×2 column is the time over the time at half the size
(2.0 is linear, 4.0 quadratic). Prints a markdown table (docs/ask.md, "Long messages").

    python scripts/bench_long_messages.py [--sizes 14,28,56,112] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from datetime import date
from pathlib import Path

os.environ["MEM_SEMANTIC"] = "off"

EN = ["refund", "my", "order", "the", "kettle", "I", "bought", "two", "weeks", "ago", "ten", "days", "after",
      "delivery", "the", "agent", "told", "me", "you", "said", "thirty", "days", "was", "promised", "that", "can", "I",
      "get", "money", "back", "for", "it", "please"]
KO_JA = ["환불", "주문", "상담원이", "했는데", "다고", "라고", "두", "달", "이틀", "전", "구매", "했어요",
         "약속", "안내", "받았", "지만", "返金", "注文", "と", "言われ", "って", "聞い", "十日", "前", "購入",
         "しました", "案内", "けど", "ので"]
KINDS = {
    "English words, no punctuation": (EN, 0),
    "English words, a full stop every 12 words": (EN, 12),
    "Korean and Japanese words, no punctuation": (KO_JA, 0),
    "Korean and Japanese words, a full stop every 12 words": (KO_JA, 12),
    "letters, no space": (None, 0),
}


def message(kind: str, kilobytes: int, seed: int = 5) -> str:
    vocabulary, every = KINDS[kind]
    rng = random.Random(seed)
    size = kilobytes * 1024
    if vocabulary is None:
        return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(size))
    words: list[str] = []
    length = 0
    while length < size:
        word = rng.choice(vocabulary)
        if every and len(words) % every == every - 1:
            word += "."
        words.append(word)
        length += len(word.encode()) + 1
    return " ".join(words)


def workspace(folder: Path) -> Path:
    from mem.wiki.page import Page
    from mem.wiki.store import Wiki
    from mem.wiki.workspace import init_workspace

    path = folder / "workspace"
    init_workspace(path)

    def page(page_id: str, title: str, body: str) -> Page:
        meta = {"id": page_id, "type": "policy", "title": title, "version": 1, "status": "active",
                "effective": date(2026, 1, 1)}
        return Page(id=page_id, type="policy", title=title, version=1, meta=meta, body=body)

    Wiki(path).write([
        page("refund-window", "Refund window", "Refunds are given within 14 days of purchase.\n"),
        page("refund-window-ko", "환불 기간", "환불은 구매 후 14일 이내에 가능합니다.\n"),
        page("refund-window-ja", "返金期間", "購入後14日以内であれば返金できます。\n"),
    ], op="bench", message="bench: refund rules")
    return path


def time_answer(text: str, space: Path, home: Path) -> float:
    from mem.agent.answering import answer_question
    from mem.agent.case_words import _case_text
    from mem.agent.customer_memory import CustomerMemory
    from mem.wiki.service_memory import WorkspaceServiceMemory

    _case_text.cache_clear()
    customer = CustomerMemory.open(home, "asker")
    try:
        start = time.perf_counter()
        answer_question(text, service=WorkspaceServiceMemory(space), customer=customer)
        return time.perf_counter() - start
    finally:
        customer.close()


def time_extract(text: str, home: Path, run: int) -> float:
    from mem.core.config import Config
    from mem.customers.extract import extract_pending
    from mem.customers.store import CustomerStore

    log = home / f"log-{run}.jsonl"
    log.write_text(json.dumps({"session": "s", "time": "2026-11-20T10:00:00", "role": "customer", "text": text},
                              ensure_ascii=False) + "\n" +
                   json.dumps({"session": "s", "time": "2026-11-20T10:01:00", "role": "agent",
                               "text": "Yes, we will refund the kettle in full."}) + "\n", encoding="utf-8")
    config = Config.load(home=home, env={})
    with CustomerStore.open(home, f"extracted-{run}") as store:
        store.log.import_file(log)
        start = time.perf_counter()
        extract_pending(store, config=config)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="14,28,56,112", help="message sizes in KB, comma-separated")
    parser.add_argument("--repeat", type=int, default=3, help="runs per cell (the median is shown)")
    parser.add_argument("--kinds", default="", help="only the kinds whose name holds this text")
    args = parser.parse_args()
    from mem.core import clock

    clock.freeze(clock.parse_datetime("2026-12-05T12:00:00Z"))
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    print("| message | size | answer | ×2 | extract | ×2 |")
    print("|---|---|---|---|---|---|")
    run = 0
    with tempfile.TemporaryDirectory() as tmp:
        space, home = workspace(Path(tmp)), Path(tmp) / "home"
        for kind in (k for k in KINDS if args.kinds.lower() in k.lower()):
            before: tuple[float, float] | None = None
            for size in sizes:
                text = message(kind, size)
                answers, extracts = [], []
                for _ in range(args.repeat):
                    run += 1
                    answers.append(time_answer(text, space, home))
                    extracts.append(time_extract(text, home, run))
                cell = statistics.median(answers), statistics.median(extracts)
                ratio = (f"{cell[0] / before[0]:.1f}", f"{cell[1] / before[1]:.1f}") if before else ("", "")
                print(f"| {kind} | {size} KB | {cell[0]:.2f} s | {ratio[0]} | {cell[1]:.2f} s | {ratio[1]} |",
                      flush=True)
                before = cell


if __name__ == "__main__":
    main()
