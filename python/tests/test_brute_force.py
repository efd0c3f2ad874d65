"""Property tests: the native solvers against pure-Python brute forces."""

from functools import lru_cache
from typing import List, Tuple

from hypothesis import given
from hypothesis import strategies as st

import stonegame


def mex(values: "set[int]") -> int:
    """The least non-negative integer not in `values`."""
    n = 0
    while n in values:
        n += 1
    return n


@lru_cache(maxsize=None)
def nim_heap(n: int) -> int:
    """G(n) of one Nim heap by its definition (mex over every take)."""
    return mex({nim_heap(n - t) for t in range(1, n + 1)})


@lru_cache(maxsize=None)
def subtraction_heap(moves: Tuple[int, ...], n: int) -> int:
    """G(n) of a subtraction game by its definition."""
    return mex({subtraction_heap(moves, n - t) for t in moves if t <= n})


@lru_cache(maxsize=None)
def kayles_heap(n: int) -> int:
    """G(n) of Kayles: knock down one pin or two adjacent ones."""
    options = set()
    for take in (1, 2):
        for left in range(0, n - take + 1):
            options.add(kayles_heap(left) ^ kayles_heap(n - take - left))
    return mex(options)


@lru_cache(maxsize=None)
def misere_nim_wins(heaps: Tuple[int, ...]) -> bool:
    """Whether the player to move wins misère Nim (last stone loses)."""
    if sum(heaps) == 0:
        return True
    for i, h in enumerate(heaps):
        for t in range(1, h + 1):
            after = tuple(sorted(heaps[:i] + (h - t,) + heaps[i + 1 :]))
            if not misere_nim_wins(after):
                return True
    return False


def ends_difference(row: List[int]) -> int:
    """Take-from-ends (LeetCode 877) by exhaustive recursion."""

    @lru_cache(maxsize=None)
    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        return max(row[i] - best(i + 1, j), row[j] - best(i, j - 1))

    return best(0, len(row) - 1)


heaps = st.lists(st.integers(0, 12), max_size=5)


@given(heaps)
def test_nim_matches_brute_force(position: List[int]) -> None:
    expected = 0
    for h in position:
        expected ^= nim_heap(h)
    nim = stonegame.Nim()
    assert nim.nimber(position) == expected
    winner = stonegame.Outcome.First if expected else stonegame.Outcome.Second
    assert nim.outcome(position) == winner
    move = nim.winning_move(position)
    assert (move is None) == (expected == 0)


@given(st.lists(st.integers(0, 5), max_size=4))
def test_misere_nim_matches_brute_force(position: List[int]) -> None:
    wins = misere_nim_wins(tuple(sorted(position)))
    outcome = stonegame.Nim(misere=True).outcome(position)
    assert outcome == (stonegame.Outcome.First if wins else stonegame.Outcome.Second)


@given(st.sets(st.integers(1, 7), min_size=1, max_size=3), st.lists(st.integers(0, 60), max_size=4))
def test_subtraction_matches_brute_force(moves: "set[int]", position: List[int]) -> None:
    key = tuple(sorted(moves))
    game = stonegame.Subtraction(sorted(moves))
    expected = 0
    for h in position:
        expected ^= subtraction_heap(key, h)
    assert game.nimber(position) == expected
    sequence = game.grundy_sequence(40)
    assert list(sequence) == [subtraction_heap(key, n) for n in range(41)]


@given(st.lists(st.integers(0, 40), max_size=4))
def test_kayles_octal_matches_brute_force(position: List[int]) -> None:
    expected = 0
    for h in position:
        expected ^= kayles_heap(h)
    for code in ("0.77", "kayles"):
        assert stonegame.OctalGame(code).nimber(position) == expected


def kayles_options(n: int) -> List[List[int]]:
    """Kayles written by the user: a move leaves a sum of two rows."""
    return [[left, n - take - left] for take in (1, 2) for left in range(0, n - take + 1)]


def test_user_kayles_equals_octal_kayles() -> None:
    user = stonegame.ImpartialGame(kayles_options, splits=True)
    native = stonegame.grundy_sequence("kayles", 200)
    assert [user.nimber(n) for n in range(201)] == list(native)
    assert [kayles_heap(n) for n in range(80)] == list(native[:80])


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=9))
def test_ends_matches_brute_force(row: List[int]) -> None:
    game = stonegame.Ends(row)
    expected = ends_difference(row)
    assert game.value() == expected
    solution = game.solve()
    assert solution.value == expected
    assert len(solution.line) == len(row)
    assert all(str(m) in ("L", "R") for m in solution.line)


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=8))
def test_user_scoring_game_matches_ends(row: List[int]) -> None:
    def moves(p: Tuple[int, int]) -> List[str]:
        return ["L", "R"] if p[0] < p[1] else []

    def play(p: Tuple[int, int], m: str) -> Tuple[int, Tuple[int, int]]:
        if m == "L":
            return row[p[0]], (p[0] + 1, p[1])
        return row[p[1] - 1], (p[0], p[1] - 1)

    game = stonegame.ScoringGame((0, len(row)), moves, play)
    assert game.value() == ends_difference(row)


@given(st.integers(0, 30))
def test_user_game_misere_matches_nim(n: int) -> None:
    game = stonegame.ImpartialGame(lambda h: range(h), misere=True)
    expected = stonegame.Nim(misere=True).outcome([n])
    assert game.outcome(n) == expected
