"""``scripts/train_adapter.py``'s fit of the question adapter (docs/ask.md, "The learned adapter")."""

from __future__ import annotations

import pytest


def _train_adapter():
    pytest.importorskip("numpy")
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import train_adapter

    return train_adapter


def test_the_fit_in_single_precision_is_deterministic_and_near_the_double_one():
    """``--float32`` (fifteenth round: nineteen sets' folds in half the time) fits the same adapter as double
    precision up to rounding, and the same one twice."""
    train_adapter = _train_adapter()
    np = train_adapter.np
    rng = np.random.default_rng(7)  # the rows only; the fit itself draws nothing
    q = rng.normal(size=(12, 8))
    p = rng.normal(size=(20, 8))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    p /= np.linalg.norm(p, axis=1, keepdims=True)
    gold = np.zeros((12, 20), dtype=bool)
    for k in range(8):
        gold[k, k] = True
    answerable = np.arange(12) < 8
    rows = [train_adapter.Group(q, p, gold, gold, answerable)]
    kept = train_adapter.FLOAT32[0]
    try:
        train_adapter.FLOAT32[0] = False
        u64, w64 = train_adapter.fit(rows, 0.03, 8, rank=4)
        train_adapter.FLOAT32[0] = True
        u32, w32 = train_adapter.fit(rows, 0.03, 8, rank=4)
        again = train_adapter.fit(rows, 0.03, 8, rank=4)
    finally:
        train_adapter.FLOAT32[0] = kept
    assert np.array_equal(u32, again[0]) and np.array_equal(w32, again[1])
    assert np.allclose(u32 @ w32.T, u64 @ w64.T, atol=1e-3)


def _gathered(train_adapter, rows):
    """Questions and their simulated answers from (writer, answerable, similarity, fuse mode said "no rule")."""
    np = train_adapter.np
    items, sims = [], []
    for n, (writer, answerable, similarity, fuse_no_rule) in enumerate(rows):
        q = {"question": f"q{n}", "page": "p" if answerable else None, "sentence": f"rule {n}" if answerable else ""}
        current = ("p", "" if fuse_no_rule else f"rule {n}", fuse_no_rule)
        items.append(train_adapter.QuestionData(writer, q, 0, np.zeros(2), "en", ["p"], ["p"], {}, current))
        sims.append(train_adapter.Simulated("p", f"rule {n}", False, similarity))
    return items, sims


# two writers; an unanswerable question's best sentence scores like an answerable one's gold
ROWS = [("a", True, 0.87, False), ("a", False, 0.86, True), ("a", True, 0.91, False),
        ("b", False, 0.90, False), ("b", True, 0.935, False), ("b", False, 0.93, False)]


def test_the_threshold_keeps_the_floor_it_is_given_not_fuse_modes():
    """Fuse mode's honesty (1 of 3) lets the threshold answer every answerable question at 0.87; the shipped
    adapter's (2 of 3, the twenty-second round's floor) costs a right sentence and keeps the second honest "no rule";
    a floor no threshold keeps is come nearest to."""
    train_adapter = _train_adapter()
    items, sims = _gathered(train_adapter, ROWS)
    Floor = train_adapter.Floor
    assert train_adapter.fuse_floor(items) == Floor(frozenset({"a", "b"}), 1)
    assert train_adapter.choose_threshold(sims, items) == 0.87
    assert train_adapter.choose_threshold(sims, items, Floor(frozenset({"a", "b"}), 2)) == 0.91
    # the floor counts on its own writers only: b's two unanswerable questions both "no rule"
    assert train_adapter.choose_threshold(sims, items, Floor(frozenset({"b"}), 2)) == 0.935
    assert train_adapter.choose_threshold(sims, items, Floor(frozenset({"a", "b"}), 4)) == 0.935
    assert train_adapter.kept(sims, items, 0.91, Floor(frozenset({"a", "b"}), 2)) == (True, 2)
    assert train_adapter.kept(sims, items, 0.87, Floor(frozenset({"b"}), 1)) == (False, 0)


def test_the_shipped_floor_is_the_shipped_adapters_honesty_on_the_writers_it_has_not_seen(monkeypatch):
    train_adapter = _train_adapter()
    from types import SimpleNamespace

    items, sims = _gathered(train_adapter, ROWS)
    by_question = {i.q["question"]: s for i, s in zip(items, sims, strict=True)}
    monkeypatch.setattr(train_adapter, "simulated",
                        lambda asked, pages, adapter: [by_question[i.q["question"]] for i in asked])
    ship = SimpleNamespace(columns=[[0.0, 0.0]], rows=[[0.0, 0.0]], threshold=0.905)
    # at 0.905: a's 0.86 and b's 0.90 say "no rule", b's 0.93 answers
    assert train_adapter.shipped_floor(items, [], ship, seen=("a",)) == train_adapter.Floor(frozenset({"b"}), 1)
    # it has seen every writer: in sample on all of them
    every = train_adapter.shipped_floor(items, [], ship, seen=("a", "b"))
    assert every == train_adapter.Floor(frozenset({"a", "b"}), 2)


def test_gathered_parts_join_as_one_gather_in_the_writers_order():
    """``--join``: each part's questions point at its own services, moved past the parts before it; the questions
    come in ``WRITERS`` order whatever the parts' order (the inner folds are thirds of that order)."""
    train_adapter = _train_adapter()
    np = train_adapter.np

    def page(name):
        return train_adapter.PageData(name, "en", False, "", [], [], np.zeros((0, 2)), np.zeros(0, dtype=bool))

    def question(writer, n, service):
        return train_adapter.QuestionData(writer, {"question": f"{writer} {n}"}, service, np.zeros(2), "en", [], [],
                                          {}, (None, "", True))

    late = ([[page("x")], [page("y")]], [question("heldout4", 0, 1), question("heldout4", 1, 0)])
    early = ([[page("z")]], [question("tau", 0, 0), question("tune", 0, 0)])
    pages, items = train_adapter.joined([late, early])
    assert [[p.id for p in service] for service in pages] == [["x"], ["y"], ["z"]]
    assert [(i.writer, i.q["question"], i.service) for i in items] == [
        ("tune", "tune 0", 2), ("tau", "tau 0", 2), ("heldout4", "heldout4 0", 1), ("heldout4", "heldout4 1", 0)]
    assert late[1][0].service == 1  # the parts themselves are left as they were
    with pytest.raises(ValueError, match="tau"):
        train_adapter.joined([early, early])


def test_the_retrain_ships_only_when_sentences_rise_and_no_set_loses_honesty_or_three_pages():
    """``--strangers``' rule (twenty-first round, applied in the twenty-third): right sentences rise in sum over the
    strangers' sets, honest "no rule" falls on none, no set loses more than two right pages."""
    train_adapter = _train_adapter()
    Cells = train_adapter.Cells
    shipped = {"s19": Cells(99, 81, 132, 25, 30), "s20": Cells(121, 92, 138, 25, 30)}
    # two pages lost on one set, two right sentences on the other: it ships
    candidate = {"s19": Cells(97, 86, 132, 25, 30), "s20": Cells(121, 90, 138, 26, 30)}
    assert train_adapter.ships(shipped, candidate) == (True, [])
    # a sum that only holds even is no rise
    go, failed = train_adapter.ships(shipped, {"s19": Cells(99, 82, 132, 25, 30), "s20": Cells(121, 91, 138, 25, 30)})
    assert not go and failed == ["right sentences do not rise in sum (173 → 173)"]
    # one honest "no rule" lost on one set outweighs any rise
    go, failed = train_adapter.ships(shipped, {"s19": Cells(99, 90, 132, 24, 30), "s20": Cells(121, 95, 138, 27, 30)})
    assert not go and failed == ['s19: honest "no rule" falls (25 → 24)']
    # three right pages lost on one set
    go, failed = train_adapter.ships(shipped, {"s19": Cells(99, 82, 132, 25, 30), "s20": Cells(118, 93, 138, 25, 30)})
    assert not go and failed == ["s20: 3 right pages lost (121 → 118)"]


def test_a_strangers_cells_count_the_opposite_of_yes_no_questions_only_and_the_answerable_told_no_rule():
    train_adapter = _train_adapter()
    np = train_adapter.np

    def item(n, page, states=None):
        q = {"question": f"q{n}", "page": page, "sentence": f"rule {n}" if page else "", "states": states}
        return train_adapter.QuestionData("a", q, 0, np.zeros(2), "en", [], [], {}, (None, "", True))

    items = [item(0, "p", "Yes"), item(1, "p", "2 days"), item(2, "p", "아니요"), item(3, None)]
    answers = [("p", "rule 0", False), ("p", "rule 1", False), ("p", "", True), (None, "", True)]
    # the second's "opposite" is no yes/no question's: not counted; the third's page is right though it says "no rule"
    cells = train_adapter.cells(items, answers, [True, True, False, False])
    assert cells == train_adapter.Cells(3, 2, 3, 1, 1, opposite=1, yes_no=2, unanswered=1)
    assert str(cells) == "3 / 2, 1, 1 of 2, 1"


def test_the_second_page_answers_in_the_firsts_place_only_over_its_bar():
    """``--second-over B,S`` (scripts/abstain_causes.py, measured in the twenty-fourth round and not shipped): when the
    first page's rule does not answer, the second page's answers when its candidate scores at least the threshold + B
    and stands out by S; unset, the first page alone decides, as the engine does."""
    train_adapter = _train_adapter()
    standout = train_adapter.FEATURE_NAMES.index("standout")

    def page(page_id: str, score: float, stands: float, quote: str) -> object:
        features = [0.0] * len(train_adapter.FEATURE_NAMES)
        features[standout] = stands
        return train_adapter.Simulated(page_id, quote, False, score, features, beside=True)

    first = page("shipping", 0.85, 0.0, "Orders ship in 2 days.")
    kept = train_adapter.SECOND_OVER[0]
    try:
        for second, over, expected in [
            (page("returns", 0.93, 0.03, "Returns within 30 days."), None, ("shipping", "", True)),
            (page("returns", 0.93, 0.03, "Returns within 30 days."), (0.005, 0.0),
             ("returns", "Returns within 30 days.", False)),
            (page("returns", 0.92, 0.03, "Returns within 30 days."), (0.005, 0.0), ("shipping", "", True)),
            (page("returns", 0.93, 0.01, "Returns within 30 days."), (0.005, 0.02), ("shipping", "", True)),
        ]:
            first.second = second
            train_adapter.SECOND_OVER[0] = over
            assert train_adapter.as_answer(first, 0.9175) == expected
        first.second = None
        assert train_adapter.as_answer(first, 0.9175) == ("shipping", "", True)
    finally:
        train_adapter.SECOND_OVER[0] = kept
