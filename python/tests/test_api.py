"""The Python surface: errors, callables' exceptions, numpy, certificates."""

import numpy as np
import pytest

import stonegame


def test_outcome_words() -> None:
    assert str(stonegame.Outcome.First) == "First"
    assert str(stonegame.Outcome.Second) == "Second"
    assert str(stonegame.Outcome.Draw) == "Draw"


def test_error_hierarchy_and_messages() -> None:
    for cls in (
        stonegame.BudgetError,
        stonegame.WorkLimitError,
        stonegame.InvalidInputError,
        stonegame.UnsupportedConventionError,
    ):
        assert issubclass(cls, stonegame.Error)
    with pytest.raises(stonegame.InvalidInputError, match="not an octal digit"):
        stonegame.OctalGame("0.9")
    with pytest.raises(stonegame.UnsupportedConventionError, match="not under misère play"):
        stonegame.Nim(misere=True).nimber([1, 2])
    with pytest.raises(stonegame.BudgetError, match="above the memory budget"):
        stonegame.grundy_sequence("0.1777", 10**7, memory_mib=1)
    with pytest.raises(stonegame.InvalidInputError, match="heap"):
        stonegame.Nim().outcome([-1])
    with pytest.raises(stonegame.InvalidInputError):
        stonegame.Nim(memory_mib=0)


def test_work_cap() -> None:
    with pytest.raises(stonegame.WorkLimitError, match="work limit"):
        stonegame.grundy_sequence("0.1777", 10**6, max_work=1000)


def test_callable_exceptions_pass_through_unchanged() -> None:
    class Mine(Exception):
        pass

    error = Mine("from the game")

    def moves(n: int) -> list:
        if n == 3:
            raise error
        return list(range(n))

    with pytest.raises(Mine) as caught:
        stonegame.ImpartialGame(moves).nimber(5)
    assert caught.value is error

    with pytest.raises(Mine):
        stonegame.RetrogradeGame(moves).value(5)

    def play(p: int, m: int) -> tuple:
        raise error

    with pytest.raises(Mine):
        stonegame.ScoringGame(2, lambda p: [1] if p else [], play).value()

    with pytest.raises(TypeError):
        stonegame.ImpartialGame(lambda p: [[1, 2]]).nimber(0)  # a list is unhashable


def test_sequences_are_numpy() -> None:
    values = stonegame.grundy_sequence("grundys-game", 10)
    assert isinstance(values, np.ndarray) and values.dtype == np.uint32
    assert list(values) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
    assert values.flags.owndata or values.base is not None
    assert list(stonegame.grundy_sequence("nim", 5)) == [0, 1, 2, 3, 4, 5]
    certificate = stonegame.find_period("0.137", 1 << 16)
    assert certificate is not None
    assert (certificate.preperiod, certificate.period) == (52, 34)
    kayles = stonegame.grundy_sequence("kayles", 1000)
    period = stonegame.find_period("kayles")
    assert period is not None
    assert all(period.grundy(n) == kayles[n] for n in range(1001))
    stats = stonegame.grundy_stats("kayles", 10, count_mask=1)
    assert stats["heaps"] == 11 and stats["count_mask_rare"] == 5


def test_retrograde_draws() -> None:
    cycle = {0: [1], 1: [0]}
    game = stonegame.RetrogradeGame(lambda v: cycle[v])
    assert game.value(0) == "Draw"
    assert game.outcome(0) == stonegame.Outcome.Draw


def test_janken_and_graph() -> None:
    # Two coins each, two rounds: A wins twice or B wins twice.
    assert stonegame.janken_count(2, 2, 2) == 2
    assert stonegame.janken_count(30, 30, 24) == 0
    assert stonegame.janken_count(1, 1, 1, modulo=1000) == 2
    # With one coin each, every round is decisive or a draw: 2 sequences end
    # at each round, so 2N within N rounds, for any N modulo M.
    assert stonegame.janken_count(1, 1, 10**18, modulo=998244353) == 2 * 10**18 % 998244353
    with pytest.raises(stonegame.InvalidInputError):
        stonegame.janken_count(1, 1, 10**9)
    # The caps follow max_work, as --max-work does (both counts below need
    # millions of steps).
    with pytest.raises(stonegame.WorkLimitError, match=r"would need \d+ steps, over the work limit of 1000 "):
        stonegame.janken_count(50, 50, 10000, max_work=1000)
    with pytest.raises(stonegame.WorkLimitError, match=r"would need \d+ steps, over the work limit of 1000 "):
        stonegame.janken_count(30, 40, 10**12, modulo=1_000_000_007, max_work=1000)
    assert stonegame.janken_count(2, 2, 2, max_work=10**6) == 2
    assert stonegame.solve_graph(3, [(0, 1), (1, 2)]) == [("Lose", 2), ("Win", 1), ("Lose", 0)]
    assert stonegame.solve_graph(2, [(0, 1), (1, 0)]) == [("Draw", None), ("Draw", None)]


def test_a_callable_calling_its_own_game_is_refused() -> None:
    game: "list[stonegame.ImpartialGame]" = []

    def moves(n: int) -> "list[int]":
        if n == 2:
            game[0].nimber(1)
        return list(range(n))

    game.append(stonegame.ImpartialGame(moves))
    with pytest.raises(RuntimeError, match="called the game again"):
        game[0].nimber(3)
    assert game[0].nimber(1) == 1


def test_answers_stay_right_after_an_exception() -> None:
    fail = [True]

    def moves(n: int) -> "list[int]":
        if n == 4 and fail[0]:
            fail[0] = False
            raise ValueError("once")
        return list(range(n))

    game = stonegame.ImpartialGame(moves)
    with pytest.raises(ValueError):
        game.nimber(6)
    assert [game.nimber(n) for n in range(8)] == list(range(8))

    row = [3, 9, 1, 2]
    raised = [True]

    def play(p: "tuple[int, int]", m: str) -> "tuple[int, tuple[int, int]]":
        if raised[0] and p == (1, 3):
            raised[0] = False
            raise ValueError("once")
        if m == "L":
            return row[p[0]], (p[0] + 1, p[1])
        return row[p[1] - 1], (p[0], p[1] - 1)

    scoring = stonegame.ScoringGame((0, 4), lambda p: ["L", "R"] if p[0] < p[1] else [], play)
    with pytest.raises(ValueError):
        scoring.value()
    assert scoring.value() == stonegame.Ends(row).value()


def test_threads_give_the_same_sequence() -> None:
    one = stonegame.grundy_sequence("0.1777", 100_000)
    two = stonegame.grundy_sequence("0.1777", 100_000, threads=2)
    assert (one == two).all()
    with pytest.raises(stonegame.InvalidInputError, match="threads"):
        stonegame.grundy_sequence("kayles", 10, threads=0)
    with pytest.raises(stonegame.InvalidInputError, match="above the limit"):
        stonegame.grundy_sequence("kayles", 2**32)


def test_last_one_is_misere_by_default() -> None:
    # Whoever strikes the last stick loses: one stick loses for the mover.
    assert str(stonegame.LastOne().outcome([1])) == "Second"
    assert str(stonegame.LastOne(misere=False).outcome([1])) == "First"
    with pytest.raises(stonegame.UnsupportedConventionError):
        stonegame.LastOne().nimber([1, 2])
    assert stonegame.LastOne(misere=False).nimber([1, 2]) == 3
