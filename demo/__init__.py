"""``mem demo``: the reference flow of docs/design.md ("One question, step by step"), end to end, in one process.

It orchestrates every part — workspace and ingest (``policies``), customers' memory
(``customers``), sharing and approval (``client`` → ``server`` → ``knowhow``), recheck, the
answer (``agent``) and the evidence push — so it sits above all of them, like the CLI. Its
documents and conversations are in ``data/``.
"""
