"""Benchmark what one ingest costs on a large wiki once the sentence-vector cache is past ``PRUNE_FROM``.

    python scripts/bench_vector_prune.py [--sizes 300,1000,3000] [--ingests 6]

For each size a committed wiki of that many pages is generated (``bench_wiki.generate_wiki``: nine in ten are
policy pages, four sentences each), its sentence-vector cache filled with a vector for every live passage and a
tenth as many stale ones (the steady state of a wiki revised for a while: past 2,000 rows, under twice the live
passages, so nothing is pruned). Then ``--ingests`` small documents (three sentences, a new page each) are
ingested one after the other with the deterministic engine, exactly as ``mem ingest --model ''`` does.

The encoder is replaced by a stand-in that returns a fixed vector at once: embedding is the same for both
sides (a few new sentences), and what is measured is the rest — before round 20 every such ingest read every
policy page to decide whether to prune. Prints a markdown table: pages, live passages, median ingest wall time,
how many of the ingests read the whole wiki (``_live_policy_texts``) and the seconds those reads took in all.
Run it on another checkout with ``PYTHONPATH=/path/to/parent-of-mem`` to get the "before" column.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_wiki import generate_wiki  # noqa: E402

from mem.core.config import Config  # noqa: E402
from mem.core.text import vectors  # noqa: E402
from mem.core.text.encoder import DIM  # noqa: E402
from mem.policies import ingest  # noqa: E402
from mem.wiki.store import STATE_DIR, Wiki  # noqa: E402


class _StandIn:
    """An encoder that answers at once: the benchmark measures what ingest does around the embedding."""

    def passages(self, texts: list[str]) -> list[array]:
        return [array("f", [1.0 / DIM ** 0.5] * DIM) for _ in texts]


def run_size(pages: int, ingests: int) -> dict[str, float]:
    reads, read_seconds = 0, 0.0
    real_live = ingest._live_policy_texts

    def counted(workspace: Path, wiki: Wiki) -> list[tuple[str, str]]:
        nonlocal reads, read_seconds
        reads += 1
        start = time.perf_counter()
        try:
            return real_live(workspace, wiki)
        finally:
            read_seconds += time.perf_counter() - start

    vectors.load = lambda: _StandIn()  # type: ignore[assignment]
    ingest._live_policy_texts = counted  # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            workspace = generate_wiki(Path(tmp) / "ws", pages)
            config = Config.load(workspace=workspace, env={})
            live = vectors._passage_texts(real_live(workspace, Wiki(workspace)))
            stale = [f"a sentence of a revision long gone {i}" for i in range(len(live) // 10)]
            cache = vectors.VectorCache(workspace / STATE_DIR / vectors.CACHE_FILE)
            cache.put(dict.fromkeys(live + stale, _StandIn().passages(["x"])[0]))
            cache.close()
            times = []
            for k in range(ingests):
                source = Path(tmp) / f"notice-{k}.md"
                source.write_text(f"# Notice {k}\n\nParcels for notice {k} are held for {k + 3} days. "
                                  f"A held parcel is returned after {k + 10} days. Staff confirm it in writing.\n",
                                  encoding="utf-8")
                start = time.perf_counter()
                ingest.ingest_documents(workspace, [source], config=config, model="")
                times.append(time.perf_counter() - start)
            return {"pages": pages, "live": len(live), "seconds": statistics.median(times), "reads": reads,
                    "ingests": ingests, "read_seconds": read_seconds}
    finally:
        ingest._live_policy_texts = real_live  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="300,1000,3000")
    parser.add_argument("--ingests", type=int, default=6)
    args = parser.parse_args(argv)
    print(f"mem from {Path(vectors.__file__).parents[2]}")
    print("| pages | live passages | ingest median (s) | ingests that read the whole wiki | in those reads (s) |")
    print("|---:|---:|---:|---:|---:|")
    for size in (int(s) for s in args.sizes.split(",")):
        row = run_size(size, args.ingests)
        print(f"| {row['pages']:,} | {row['live']:,} | {row['seconds']:.2f} | {row['reads']} of {row['ingests']} | "
              f"{row['read_seconds']:.2f} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
