"""Each refusal is the Python subclass of its cause, wherever it arises.

Every entry point is driven to each refusal it can meet (the work cap, the
memory budget, invalid input, a convention it does not answer), and the
class is checked, never the bare `stonegame.Error`. Entry points are found by
introspection: one that takes `max_work` or `memory_mib` must appear below
with a refusal of that kind, or be listed with the reason it has none."""

from typing import Any, Callable, Dict, List, Tuple, Type

import pytest

import stonegame
from calls import CALLABLES, METHODS

E = stonegame
Work = E.WorkLimitError
Budget = E.BudgetError
Invalid = E.InvalidInputError
Convention = E.UnsupportedConventionError


def clique(n: int) -> List[Tuple[int, int]]:
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def count_to(limit: int) -> Callable[[int], List[int]]:
    return lambda p: [1, 2] if p < limit else []


# (entry point as the stub labels it, what is asked, the class expected)
REFUSALS: List[Tuple[str, Callable[[], Any], Type[E.Error]]] = [
    # Sequences.
    ("grundy_sequence", lambda: E.grundy_sequence("0.1777", 10**6, max_work=1000), Work),
    ("grundy_sequence", lambda: E.grundy_sequence("0.1777", 10**7, memory_mib=1), Budget),
    ("grundy_sequence", lambda: E.grundy_sequence("0.9", 10), Invalid),
    ("grundy_sequence", lambda: E.grundy_sequence("kayles", 2**40), Invalid),
    ("grundy_stats", lambda: E.grundy_stats("0.1777", 10**6, max_work=1000), Work),
    ("grundy_stats", lambda: E.grundy_stats("0.1777", 10**7, memory_mib=1), Budget),
    ("grundy_stats", lambda: E.grundy_stats("kayles", 10, count_mask=0), Invalid),
    ("find_period", lambda: E.find_period("0.1777", 10**6, max_work=1000), Work),
    ("find_period", lambda: E.find_period("0.1777", 10**7, memory_mib=1), Budget),
    ("find_period", lambda: E.find_period("0.9"), Invalid),
    # Counting and graphs.
    ("janken_count", lambda: E.janken_count(50, 50, 10000, max_work=1000), Work),
    ("janken_count", lambda: E.janken_count(30, 40, 10**12, modulo=10**9 + 7, max_work=1000), Work),
    ("janken_count", lambda: E.janken_count(5000, 5000, 100000, memory_mib=1, max_work=10**15), Budget),
    ("janken_count", lambda: E.janken_count(1, 1, 1, modulo=0), Invalid),
    ("solve_graph", lambda: E.solve_graph(10**7, [], memory_mib=1), Budget),
    ("solve_graph", lambda: E.solve_graph(2, [(0, 5)]), Invalid),
    # Impartial games.
    ("Subtraction.outcome", lambda: E.Subtraction(list(range(1000, 1100)), max_work=1000).outcome([10**12]), Work),
    ("Subtraction.outcome", lambda: E.Subtraction([10**9], memory_mib=1).outcome([10**18]), Budget),
    ("Subtraction.outcome", lambda: E.Subtraction(list(range(1000, 1100)), misere=True, max_work=1000).outcome([10**12, 5]), Work),
    ("Subtraction.winning_move", lambda: E.Subtraction(list(range(1000, 1100)), max_work=1000).winning_move([10**12]), Work),
    ("Subtraction.solve", lambda: E.Subtraction([10**9], memory_mib=1).solve([10**18]), Budget),
    ("Subtraction.nimber", lambda: E.Subtraction(list(range(1000, 1100)), max_work=1000).nimber([10**12]), Work),
    ("Subtraction.nimber", lambda: E.Subtraction([2, 3], misere=True).nimber([5]), Convention),
    ("Subtraction.period", lambda: E.Subtraction(list(range(1000, 1100)), max_work=1000).period(), Work),
    ("Subtraction.period", lambda: E.Subtraction([2, 3], misere=True).period(), Convention),
    ("Subtraction.grundy_sequence", lambda: E.Subtraction(list(range(1000, 1100)), max_work=1000).grundy_sequence(10**6), Work),
    ("Subtraction.grundy_sequence", lambda: E.Subtraction([2, 3], memory_mib=1).grundy_sequence(10**7), Budget),
    ("Subtraction.grundy_sequence", lambda: E.Subtraction([2, 3]).grundy_sequence(10**8), Invalid),
    ("Subtraction.grundy_sequence", lambda: E.Subtraction([2, 3], misere=True).grundy_sequence(5), Convention),
    ("Subtraction.__init__", lambda: E.Subtraction([0]), Invalid),
    ("OctalGame.outcome", lambda: E.OctalGame("0.1777", max_work=1000).outcome([10**6]), Work),
    ("OctalGame.outcome", lambda: E.OctalGame("0.1777", memory_mib=1).outcome([10**7]), Budget),
    # A misère sum beyond the game's quotient: refused by the exact search,
    # whose error is the cause (issue 49).
    ("OctalGame.outcome", lambda: E.OctalGame("kayles", misere=True, max_work=100).outcome([50, 40]), Work),
    ("OctalGame.outcome", lambda: E.OctalGame("kayles", misere=True, memory_mib=1).outcome([3000, 2000, 1000]), Budget),
    ("OctalGame.winning_move", lambda: E.OctalGame("kayles", misere=True, max_work=100).winning_move([50, 40]), Work),
    ("OctalGame.solve", lambda: E.OctalGame("0.07", misere=True, max_work=100).solve([50, 40]), Work),
    ("OctalGame.winning_move", lambda: E.OctalGame("0.1777", max_work=1000).winning_move([10**6]), Work),
    ("OctalGame.nimber", lambda: E.OctalGame("0.1777", max_work=1000).nimber([10**6]), Work),
    ("OctalGame.nimber", lambda: E.OctalGame("kayles", misere=True).nimber([3]), Convention),
    ("OctalGame.__init__", lambda: E.OctalGame("0.9"), Invalid),
    ("Nim.nimber", lambda: E.Nim(misere=True).nimber([1, 2]), Convention),
    ("Boxes.nimber", lambda: E.Boxes(misere=True).nimber([(3, 2)]), Convention),
    ("Boxes.outcome", lambda: E.Boxes().outcome([(5, 0)]), Invalid),
    ("LastOne.nimber", lambda: E.LastOne().nimber([1, 2]), Convention),
    ("Staircase.nimber", lambda: E.Staircase(misere=True).nimber([1, 2]), Convention),
    ("Moore.__init__", lambda: E.Moore(0), Invalid),
    ("Euclid.outcome", lambda: E.Euclid().outcome((0, 5)), Invalid),
    ("Wythoff.outcome", lambda: E.Wythoff().outcome((1, 2, 3)), Invalid),
    ("FibonacciNim.outcome", lambda: E.FibonacciNim().outcome(1), Invalid),
    ("GreenHackenbush.winning_move", lambda: E.GreenHackenbush(clique(10), max_work=100).winning_move(), Work),
    ("GreenHackenbush.solve", lambda: E.GreenHackenbush(clique(11), max_work=100).solve(), Work),
    ("GreenHackenbush.nimber", lambda: E.GreenHackenbush(clique(200), memory_mib=1).nimber(), Budget),
    ("GreenHackenbush.outcome", lambda: E.GreenHackenbush(clique(200), memory_mib=1).outcome(), Budget),
    # Scoring games.
    ("Ends.solve", lambda: E.Ends(list(range(3000)), max_work=1000).solve(), Work),
    ("Front.solve", lambda: E.Front(list(range(10**6)), 3, memory_mib=1).solve(), Budget),
    ("StoneMerge.solve", lambda: E.StoneMerge(list(range(10**6)), memory_mib=1).solve(), Budget),
    ("EndsRemainder.solve", lambda: E.EndsRemainder(list(range(3000)), memory_mib=1).solve(), Budget),
    ("FrontDoubling.value", lambda: E.FrontDoubling(list(range(3000)), max_work=1000).value(), Work),
    ("FrontDoubling.outcome", lambda: E.FrontDoubling(list(range(30000)), memory_mib=1).outcome(), Budget),
    ("StoneSplit.solve", lambda: E.StoneSplit(list(range(1, 1000)), max_work=1000).solve(), Work),
    ("StoneSplit.value", lambda: E.StoneSplit(list(range(1, 3000)), memory_mib=1).value(), Budget),
    ("EndsRemainder.value", lambda: E.EndsRemainder(list(range(3000)), max_work=1000).value(), Work),
    ("Front.__init__", lambda: E.Front([1, 2], 0), Invalid),
    ("Valuations.__init__", lambda: E.Valuations([1, 2], [1]), Invalid),
    ("StoneMod3.__init__", lambda: E.StoneMod3([0]), Invalid),
    # Your own games.
    ("ImpartialGame.nimber", lambda: E.ImpartialGame(lambda n: range(n), max_work=1000).nimber(1000), Work),
    ("ImpartialGame.nimber", lambda: E.ImpartialGame(lambda n: range(n), memory_mib=1).nimber(100000), Budget),
    ("ImpartialGame.outcome", lambda: E.ImpartialGame(lambda n: range(n), misere=True, max_work=1000).outcome(1000), Work),
    ("ImpartialGame.winning_move", lambda: E.ImpartialGame(lambda n: range(n), memory_mib=1).winning_move(100000), Budget),
    ("ImpartialGame.solve", lambda: E.ImpartialGame(lambda n: [n]).solve(1), Invalid),
    ("ImpartialGame.nimber", lambda: E.ImpartialGame(lambda n: range(n), misere=True).nimber(3), Convention),
    ("ScoringGame.value", lambda: E.ScoringGame(0, count_to(1000), lambda p, m: (m, p + m), max_work=1000).value(), Work),
    ("ScoringGame.outcome", lambda: E.ScoringGame(0, count_to(100000), lambda p, m: (m, p + m), memory_mib=1).outcome(), Budget),
    ("ScoringGame.solve", lambda: E.ScoringGame(0, lambda p: [1], lambda p, m: (1, p)).solve(), Invalid),
    ("ScoringGame.value", lambda: E.ScoringGame(0, count_to(3), lambda p, m: (2**62, p + 1)).value(), Invalid),
    ("RetrogradeGame.value", lambda: E.RetrogradeGame(lambda n: range(n), max_work=1000).value(3000), Work),
    ("RetrogradeGame.solve", lambda: E.RetrogradeGame(lambda n: [n - 1, n - 2] if n > 1 else [], memory_mib=1).solve(10**5), Budget),
]

# Entry points that take `max_work` or `memory_mib` and cannot reach that
# limit, and why.
NO_WORK_REFUSAL = {
    "Nim": "Bouton's rules: linear in the heaps",
    "Boxes": "the residues' Nim rules: linear in the boxes",
    "Wythoff": "closed form (Beatty pairs)",
    "Moore": "closed form (bit counts)",
    "Staircase": "closed form (Nim on the odd steps)",
    "Euclid": "closed form (the golden ratio test)",
    "FibonacciNim": "closed form (Zeckendorf)",
    "LastOne": "closed form (each row a Nim heap)",
    "Front": "a sliding window: linear",
    "Valuations": "a sort: O(n log n)",
    "StoneMerge": "linear",
    "StoneMod3": "counts modulo 3: linear",
    "solve_graph": "takes no max_work",
}
NO_BUDGET_REFUSAL = {
    "Nim": "no table",
    "Boxes": "no table",
    "Wythoff": "no table",
    "Moore": "no table",
    "Staircase": "no table",
    "Euclid": "no table",
    "FibonacciNim": "no table",
    "LastOne": "no table",
    "Ends": "the linear evaluator: no table",
    "Valuations": "a sort of the n stones, within the row's own size",
    "StoneMod3": "three counts",
}


def owner(label: str) -> str:
    return label.split(".")[0]


@pytest.mark.parametrize(
    "label, ask, expected", REFUSALS, ids=[f"{label}-{cls.__name__}" for label, _, cls in REFUSALS]
)
def test_refusals_have_the_class_of_their_cause(label: str, ask: Callable[[], Any], expected: Type[E.Error]) -> None:
    assert label in CALLABLES, label
    with pytest.raises(E.Error) as caught:
        ask()
    assert type(caught.value) is expected, (type(caught.value), str(caught.value))
    words = {Work: "work limit", Budget: "memory budget", Convention: "misère play"}
    if expected in words and not str(caught.value).startswith("misère "):
        assert words[expected] in str(caught.value)


@pytest.mark.parametrize("limit, refusal, unreachable", [("max_work", Work, NO_WORK_REFUSAL), ("memory_mib", Budget, NO_BUDGET_REFUSAL)])
def test_every_entry_point_with_a_limit_is_driven_to_it(limit: str, refusal: Type[E.Error], unreachable: Dict[str, str]) -> None:
    """A callable that takes the limit (or whose class does) appears above
    with that refusal, or is listed with the reason it cannot reach it."""
    covered = {owner(label) for label, _, cls in REFUSALS if cls is refusal}
    takers = {
        item.owner or item.name
        for item in METHODS
        if (item.owner is None or item.name == "__init__") and any(p.name == limit for p in item.parameters)
    }
    missing = takers - covered - set(unreachable)
    assert not missing, f"no {refusal.__name__} for {sorted(missing)}"
    assert not (covered & set(unreachable)), "listed as unreachable but reached"


def test_a_misere_sum_refused_by_the_exact_search_carries_its_cause() -> None:
    """Issue 49: the work cap hit inside the misère search is a
    WorkLimitError (it was the base Error), and the search's own error is its
    `__cause__`, with its own class and message."""
    with pytest.raises(E.WorkLimitError) as caught:
        E.OctalGame("kayles", misere=True, max_work=100).outcome([50, 40])
    error = caught.value
    assert "quotient verified to heap" in str(error) and "cap of 100 steps" in str(error)
    cause = error.__cause__
    assert type(cause) is E.WorkLimitError
    assert "exact misère search" in str(cause) and "100 steps" in str(cause)
    assert cause.__cause__ is None
    with pytest.raises(E.BudgetError) as budget:
        E.OctalGame("kayles", misere=True, memory_mib=1).outcome([3000, 2000, 1000])
    assert type(budget.value.__cause__) is E.BudgetError


def test_errors_without_a_cause_have_none() -> None:
    with pytest.raises(E.WorkLimitError) as caught:
        E.grundy_sequence("0.1777", 10**6, max_work=1000)
    assert caught.value.__cause__ is None
