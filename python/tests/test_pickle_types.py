"""Python's own protocols: every class pickles, copies and has a repr that
evaluates back (a user's game: with its callables, which pickle when they are
module-level functions); `Outcome` and `Convention` are `enum.Enum`s of the
CLI's words; `Move` has fields; answers cross `multiprocessing`; the version
is the crates'."""

import copy
import enum
import multiprocessing
import pickle
import re
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

import stonegame
from calls import CALLABLES, arguments

ROOT = Path(__file__).resolve().parents[2]


def moves_below(n: int) -> List[int]:
    """A user's game: a move lowers the counter (module level: it pickles)."""
    return list(range(n))


def successors(n: int) -> List[int]:
    return [(n + 1) % 3] if n else []


def play(position: int, move: int) -> Tuple[int, int]:
    return move, position - move


def takes(position: int) -> List[int]:
    return [1, 2] if position >= 2 else [1] if position else []


# The user's games with picklable callables (calls.py's samples are lambdas).
USER_GAMES: Dict[str, Any] = {
    "ImpartialGame": lambda: stonegame.ImpartialGame(moves_below, misere=True, max_work=10**6),
    "ScoringGame": lambda: stonegame.ScoringGame(5, takes, play, memory_mib=64),
    "RetrogradeGame": lambda: stonegame.RetrogradeGame(successors, misere=True),
}


def instances() -> List[Tuple[str, Any]]:
    """One instance of every class the stub gives a constructor."""
    made = []
    for item in CALLABLES.values():
        if item.owner is None or item.name != "__init__":
            continue
        if item.owner in USER_GAMES:
            made.append((item.owner, USER_GAMES[item.owner]()))
            continue
        positional, keywords = arguments(item)
        made.append((item.owner, getattr(stonegame, item.owner)(*positional, **keywords)))
    # Answers of every kind, and settings that differ from the defaults.
    made += [
        ("Solution", stonegame.Ends([5, 3, 4, 5]).solve()),
        ("Solution", stonegame.Nim(misere=True).solve([1, 2, 2])),
        ("Solution", stonegame.RetrogradeGame(successors).solve(1)),
        ("Move", stonegame.OctalGame("kayles").winning_move([7, 3])),
        ("PeriodCertificate", stonegame.find_period("0.137", 1 << 16)),
        ("OctalGame", stonegame.OctalGame("0.07", misere=True, memory_mib=8, max_work=10**7)),
        ("LastOne", stonegame.LastOne(misere=False)),
        ("Outcome", stonegame.Outcome.Draw),
        ("Convention", stonegame.Convention.Misere),
    ]
    return made


INSTANCES = instances()
LABELS = [f"{name}-{index}" for index, (name, _) in enumerate(INSTANCES)]


def test_every_class_is_covered() -> None:
    classes = {name for name, _ in INSTANCES}
    public = {
        name
        for name in stonegame.__all__
        if isinstance(getattr(stonegame, name), type)
        and not issubclass(getattr(stonegame, name), BaseException)
    }
    assert public <= classes


@pytest.mark.parametrize("value", [v for _, v in INSTANCES], ids=LABELS)
def test_pickle_and_copy_keep_the_repr(value: Any) -> None:
    shown = repr(value)
    assert " object at 0x" not in shown
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(value, protocol))
        assert type(again) is type(value) and repr(again) == shown
    assert repr(copy.copy(value)) == shown
    assert repr(copy.deepcopy(value)) == shown


# A user's game shows its callables; a certificate its period (its values,
# up to 2^20 of them, would not make a readable repr).
NOT_EVALUATED = set(USER_GAMES) | {"PeriodCertificate"}


@pytest.mark.parametrize("value", [v for n, v in INSTANCES if n not in NOT_EVALUATED], ids=lambda v: repr(v)[:40])
def test_repr_evaluates_back(value: Any) -> None:
    namespace = dict(vars(stonegame))
    again = eval(repr(value), namespace)
    assert type(again) is type(value) and repr(again) == repr(value)


def test_copies_answer_as_the_original() -> None:
    game = stonegame.Subtraction([2, 5, 7], misere=True)
    twin = pickle.loads(pickle.dumps(game))
    for heap in range(40):
        assert twin.outcome([heap, 3]) == game.outcome([heap, 3])
    mine = USER_GAMES["ImpartialGame"]()
    assert copy.deepcopy(mine).outcome(7) == mine.outcome(7) == stonegame.Outcome.First
    scoring = USER_GAMES["ScoringGame"]()
    assert pickle.loads(pickle.dumps(scoring)).value() == scoring.value()
    certificate = stonegame.find_period("kayles")
    assert certificate is not None
    again = pickle.loads(pickle.dumps(certificate))
    assert again == certificate and again.checked_len == certificate.checked_len
    assert [again.grundy(n) for n in range(300)] == [certificate.grundy(n) for n in range(300)]


def nim_solution(heaps: List[int]) -> Any:
    return stonegame.Nim().solve(heaps)


def outcome_in(job: Tuple[Any, List[int]]) -> Any:
    game, heaps = job
    return game.outcome(heaps), game.winning_move(heaps)


def test_answers_and_games_cross_processes() -> None:
    positions = [[a, b, a ^ b ^ (a % 3)] for a in range(6) for b in range(4)]
    games = [stonegame.Nim(), stonegame.OctalGame("kayles", misere=True), stonegame.Subtraction([1, 3])]
    jobs = [(game, heaps) for game in games for heaps in positions[:8]]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        solutions = pool.map(nim_solution, positions)
        outcomes = pool.map(outcome_in, jobs)
    assert solutions == [nim_solution(p) for p in positions]
    assert outcomes == [outcome_in(job) for job in jobs]


def test_outcome_is_an_enum_of_the_cli_words() -> None:
    Outcome = stonegame.Outcome
    assert issubclass(Outcome, enum.Enum) and issubclass(Outcome, str)
    assert [o.value for o in Outcome] == ["First", "Second", "Draw"]
    assert Outcome("First") is Outcome.First and Outcome.First == "First"
    assert {Outcome.First: 1}["First"] == 1
    assert f"{Outcome.Draw}" == str(Outcome.Draw) == "Draw"
    assert Outcome.Second < Outcome.Draw < Outcome.First
    assert sorted([Outcome.First, Outcome.Draw, Outcome.Second]) == [Outcome.Second, Outcome.Draw, Outcome.First]
    assert max(Outcome) is Outcome.First
    assert stonegame.Nim().outcome([1, 1]) is Outcome.Second
    assert stonegame.Ends([1, 1]).outcome() is Outcome.Draw
    assert repr(Outcome.First) == "Outcome.First"


def test_convention_is_an_enum_of_the_cli_words() -> None:
    Convention = stonegame.Convention
    assert issubclass(Convention, enum.Enum)
    assert [c.value for c in Convention] == ["normal", "misère"]
    assert stonegame.Nim().convention is Convention.Normal
    assert stonegame.LastOne().convention is Convention.Misere
    assert stonegame.ImpartialGame(moves_below, misere=True).convention is Convention.Misere
    assert hash(Convention.Misere) == hash("misère")


def test_move_fields_read_the_text() -> None:
    nim = stonegame.Nim().winning_move([3, 4, 5])
    assert nim is not None and str(nim) == "1:3->1"
    assert (nim.heap, nim.from_, nim.to, nim.parts, nim.changes) == (0, 3, 1, [1], [(0, 3, 1)])
    assert nim == "1:3->1" and hash(nim) == hash("1:3->1")
    split = stonegame.OctalGame("kayles", misere=True).winning_move([1500, 1200, 900, 7])
    assert split is not None and str(split) == "1:1500->3+1496"
    assert (split.heap, split.from_, split.to, split.parts) == (0, 1500, None, [3, 1496])
    diagonal = stonegame.Move("1:5->3 2:7->5")
    assert diagonal.changes == [(0, 5, 3), (1, 7, 5)] and diagonal.heap is None
    edge = stonegame.GreenHackenbush([(0, 1), (1, 2), (2, 0), (0, 3), (3, 4)]).winning_move()
    assert edge is not None and (edge.edge, edge.ends, edge.heap) == (4, (3, 4), None)
    sides = [m.side for m in stonegame.Ends([5, 3, 4, 5]).solve().line]
    assert sides == ["L", "R", "R", "L"]
    assert [m.count for m in stonegame.Front([1, 2, 3], 3).solve().line] == [3]
    assert stonegame.Move("L").heap is None and stonegame.Move("L").count is None


@given(st.lists(st.integers(0, 40), min_size=1, max_size=4))
def test_a_winning_move_applied_by_its_fields_leaves_a_losing_position(heaps: List[int]) -> None:
    nim = stonegame.Nim()
    found = nim.winning_move(heaps)
    if found is None:
        assert nim.outcome(heaps) == stonegame.Outcome.Second
        return
    assert found.heap is not None and heaps[found.heap] == found.from_
    after = list(heaps)
    after[found.heap] = found.to
    assert nim.outcome(after) == stonegame.Outcome.Second


def test_solution_repr_and_equality() -> None:
    solution = stonegame.Ends([5, 3, 4, 5]).solve()
    assert repr(solution) == (
        "Solution(value=1, outcome=Outcome.First, "
        "line=[Move('L'), Move('R'), Move('R'), Move('L')], line_complete=True)"
    )
    assert eval(repr(solution), dict(vars(stonegame))) == solution
    assert solution != stonegame.Ends([5, 3, 4, 6]).solve()


def cargo_version(path: Path) -> str:
    match = re.search(r'^version = "([^"]+)"', path.read_text(encoding="utf-8"), re.M)
    assert match is not None
    return match.group(1)


def test_version_is_the_crates() -> None:
    assert stonegame.__version__ == cargo_version(ROOT / "Cargo.toml")
    assert stonegame.__version__ == cargo_version(ROOT / "python" / "Cargo.toml")
    assert 'dynamic = ["version"]' in (ROOT / "python" / "pyproject.toml").read_text(encoding="utf-8")


def brute_nim_product(a: int, b: int, table: Dict[Tuple[int, int], int]) -> int:
    """Conway's definition: mex of a'b ^ ab' ^ a'b' over a' < a, b' < b."""
    if (a, b) not in table:
        seen = {
            brute_nim_product(x, b, table) ^ brute_nim_product(a, y, table) ^ brute_nim_product(x, y, table)
            for x in range(a)
            for y in range(b)
        }
        table[(a, b)] = next(m for m in range(len(seen) + 1) if m not in seen)
    return table[(a, b)]


def test_nim_product_and_inverse_match_the_definition() -> None:
    table: Dict[Tuple[int, int], int] = {}
    for a in range(16):
        for b in range(16):
            assert stonegame.nim_product(a, b) == brute_nim_product(a, b, table), (a, b)
    for a in range(1, 64):
        assert stonegame.nim_product(a, stonegame.nim_inverse(a)) == 1
    with pytest.raises(stonegame.InvalidInputError, match="no nim inverse"):
        stonegame.nim_inverse(0)


@given(st.integers(1, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_nim_inverse_undoes_the_product(a: int, b: int) -> None:
    assert stonegame.nim_product(stonegame.nim_product(a, b), stonegame.nim_inverse(a)) == b


def kayles(n: int) -> List[List[int]]:
    return [[left, n - take - left] for take in (1, 2) for left in range(n - take + 1)]


def test_a_users_grundy_sequence_is_its_nimbers() -> None:
    import numpy as np

    mine = stonegame.ImpartialGame(kayles, splits=True)
    values = mine.grundy_sequence(150)
    assert values.dtype == np.uint64 and len(values) == 151
    assert list(values) == list(stonegame.grundy_sequence("kayles", 150))
    assert list(values[:20]) == [mine.nimber(n) for n in range(20)]
    with pytest.raises(stonegame.UnsupportedConventionError):
        stonegame.ImpartialGame(kayles, splits=True, misere=True).grundy_sequence(5)
    with pytest.raises(stonegame.InvalidInputError, match="upto"):
        mine.grundy_sequence(-1)


@pytest.mark.parametrize(
    "positions, words",
    [
        ([[-1, 2]], "negative"),
        ([[1.5, 2]], "dtype float64"),
        ([[[1]]], "3 dimensions"),
        ([["a"]], "dtype"),
        (object(), "positions"),
    ],
)
def test_arrays_of_positions_are_validated(positions: Any, words: str) -> None:
    with pytest.raises(stonegame.InvalidInputError, match=words):
        stonegame.Nim().outcomes(positions)


def test_arrays_of_positions_rows_are_named() -> None:
    with pytest.raises(stonegame.InvalidInputError, match="row 1: value 2 .'0'. is not a positive"):
        stonegame.Euclid().outcomes([[3, 4], [5, 0]])
    with pytest.raises(stonegame.InvalidInputError, match="expected two whole numbers, got 3"):
        stonegame.Wythoff().outcomes([[1, 2, 3]])
    import numpy as np

    assert list(stonegame.Nim().outcomes(np.zeros((3, 0), dtype=np.uint64))) == [stonegame.Outcome.Second] * 3
    assert len(stonegame.Nim().nimbers(np.zeros((0, 4), dtype=np.int64))) == 0
    assert list(stonegame.Nim().nimbers([1, 2, 3])) == [1, 2, 3]


def test_rows_on_either_side_of_the_calling_thread_threshold_agree() -> None:
    """Rows of up to 64 stones are answered on the calling thread, longer ones
    on a worker: a row one stone past it answers as its reverse (same value)."""
    for n in (63, 64, 65, 66):
        row = [(i * 37) % 11 + 1 for i in range(n)]
        assert stonegame.Ends(row).value() == stonegame.Ends(row[::-1]).value()
        assert stonegame.Ends(row).solve().value == stonegame.Ends(row).value()
