"""A play convention is honoured or refused, never ignored.

Every class whose constructor takes `misere` (found in the stub) answers each
of its methods under misère play either with `UnsupportedConventionError` or
with a misère answer; the methods that answer are checked here against a
brute force of the game's rules under both conventions (the outcome, the
winning move, and the whole line of `solve`)."""

from functools import lru_cache
from itertools import product
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple

import pytest

import stonegame
from calls import CALLABLES, METHODS, arguments
from stub import Callable as StubCallable

# Methods that answer misère play, each checked against a brute force below.
HONOURED = {
    "outcome",
    "outcomes",
    "move_outcomes",
    "winning_move",
    "solve",
    "value",
    "misere",
    "held_bytes",
    "convention",
    # The rules' moves, the same under both conventions (checked below).
    "legal_moves",
    "apply",
}


def misere_classes() -> List[str]:
    return sorted(
        item.owner
        for item in CALLABLES.values()
        if item.name == "__init__" and item.owner and any(p.name == "misere" for p in item.parameters)
    )


def test_the_classes_with_a_convention() -> None:
    assert misere_classes() == sorted(
        [
            "Boxes",
            "Euclid",
            "FibonacciNim",
            "ImpartialGame",
            "LastOne",
            "Moore",
            "Nim",
            "OctalGame",
            "RetrogradeGame",
            "Staircase",
            "Subtraction",
            "Wythoff",
        ]
    )


def misere_methods() -> List[StubCallable]:
    owners = set(misere_classes())
    return [item for item in METHODS if item.owner in owners and item.name != "__init__"]


@pytest.mark.parametrize("item", misere_methods(), ids=lambda item: item.label)
def test_every_method_honours_or_refuses_misere_play(item: StubCallable) -> None:
    cls = getattr(stonegame, item.owner or "")
    positional, keywords = arguments(CALLABLES[f"{item.owner}.__init__"])
    keywords["misere"] = True
    game = cls(*positional, **keywords)
    assert game.misere is True
    method = getattr(game, item.name)
    positional, keywords = arguments(item)
    try:
        method(*positional, **keywords)
    except stonegame.UnsupportedConventionError as refusal:
        assert "misère" in str(refusal)
        return
    assert item.name in HONOURED, f"{item.label} answers under misère play without a check against a brute force"


@pytest.mark.parametrize("name", ["nimber", "nimbers", "grundy_sequence", "period"])
def test_grundy_values_are_refused_under_misere_play(name: str) -> None:
    game = stonegame.Subtraction([2, 3], misere=True)
    arguments_of: Dict[str, Tuple[Any, ...]] = {
        "nimber": ([5],),
        "nimbers": ([[5], [6]],),
        "grundy_sequence": (5,),
        "period": (),
    }
    with pytest.raises(stonegame.UnsupportedConventionError, match="misère"):
        getattr(game, name)(*arguments_of[name])
    normal = stonegame.Subtraction([2, 3])
    assert list(normal.grundy_sequence(5)) == [0, 0, 1, 1, 2, 0]
    assert normal.period() == (0, 5)


# --- brute forces: a game is `options(position) -> positions`; a position is
# lost for the player to move when every option is won (no option: lost
# under normal play, won under misère play).


def solver(options: Callable[[Hashable], Iterable[Hashable]]) -> Callable[[Hashable, bool], bool]:
    @lru_cache(maxsize=None)
    def wins(position: Hashable, misere: bool) -> bool:
        found = list(options(position))
        if not found:
            return misere
        return any(not wins(option, misere) for option in found)

    return wins


Heaps = Tuple[int, ...]


def canonical(heaps: Iterable[int]) -> Heaps:
    return tuple(sorted(h for h in heaps if h > 0))


def heap_game(single: Callable[[int], Iterable[Heaps]]) -> Callable[[Hashable], Iterable[Heaps]]:
    """Options of a sum of heaps, a heap moving to a tuple of heaps."""

    def options(position: Hashable) -> Iterable[Heaps]:
        heaps = position
        assert isinstance(heaps, tuple)
        for index, heap in enumerate(heaps):
            for parts in single(heap):
                yield canonical(heaps[:index] + tuple(parts) + heaps[index + 1 :])

    return options


def octal(code: str) -> Callable[[int], Iterable[Heaps]]:
    """A heap's options in the octal game `0.d1d2...`."""
    digits = [int(d) for d in code.split(".")[1]]

    def single(n: int) -> Iterable[Heaps]:
        for take, digit in enumerate(digits, start=1):
            rest = n - take
            if rest < 0:
                continue
            if digit & 1 and rest == 0:
                yield ()
            if digit & 2 and rest > 0:
                yield (rest,)
            if digit & 4 and rest > 1:
                for left in range(1, rest // 2 + 1):
                    yield (left, rest - left)

    return single


def last_one(n: int) -> Iterable[Heaps]:
    """Strike a run of adjacent sticks: 0.777... of any length."""
    for take in range(1, n + 1):
        rest = n - take
        for left in range(0, rest // 2 + 1):
            yield canonical((left, rest - left))


def boxes(position: Hashable) -> Iterable[Tuple[Tuple[int, int], ...]]:
    assert isinstance(position, tuple)
    for index, (balls, bound) in enumerate(position):
        for take in range(1, min(balls, bound) + 1):
            yield tuple(sorted(position[:index] + ((balls - take, bound),) + position[index + 1 :]))


def wythoff(position: Hashable) -> Iterable[Tuple[int, int]]:
    assert isinstance(position, tuple)
    a, b = position
    for k in range(1, a + 1):
        yield (a - k, b)
    for k in range(1, b + 1):
        yield (a, b - k)
    for k in range(1, min(a, b) + 1):
        yield (a - k, b - k)


def moore(k: int) -> Callable[[Hashable], Iterable[Heaps]]:
    def options(position: Hashable) -> Iterable[Heaps]:
        assert isinstance(position, tuple)
        for after in product(*(range(h + 1) for h in position)):
            changed = sum(1 for x, y in zip(position, after) if x != y)
            if 1 <= changed <= k:
                yield tuple(after)

    return options


def staircase(position: Hashable) -> Iterable[Heaps]:
    assert isinstance(position, tuple)
    for step, coins in enumerate(position):
        for moved in range(1, coins + 1):
            after = list(position)
            after[step] -= moved
            if step > 0:
                after[step - 1] += moved
            yield tuple(after)


def euclid(position: Hashable) -> Iterable[Tuple[int, int]]:
    assert isinstance(position, tuple)
    a, b = position
    if a == 0 or b == 0:
        return
    if a >= b:
        for q in range(1, a // b + 1):
            yield (a - q * b, b)
    if b >= a:
        for q in range(1, b // a + 1):
            yield (a, b - q * a)


def fibonacci(position: Hashable) -> Iterable[Tuple[int, int]]:
    assert isinstance(position, tuple)
    heap, bound = position
    for take in range(1, min(heap, bound) + 1):
        yield (heap - take, 2 * take)


def subtraction(moves: Sequence[int]) -> Callable[[int], Iterable[Heaps]]:
    def single(n: int) -> Iterable[Heaps]:
        for s in moves:
            if s <= n:
                yield (n - s,)

    return single


def nim(n: int) -> Iterable[Heaps]:
    for rest in range(n):
        yield (rest,)


# --- moves as the CLI prints them, applied to a position.


def changes(text: str) -> List[Tuple[int, int, List[int]]]:
    """`I:F->T` changes (several, space-separated; `T` may be `a+b`)."""
    found = []
    for change in text.split():
        index, rest = change.split(":")
        before, after = rest.split("->")
        found.append((int(index) - 1, int(before), [int(part) for part in after.split("+")]))
    return found


def apply_heaps(position: Heaps, text: str) -> Heaps:
    """A move of a sum of heaps: each changed heap replaced in place by its parts."""
    heaps = list(position)
    for index, before, after in sorted(changes(text), reverse=True):
        assert heaps[index] == before, (position, text)
        heaps[index : index + 1] = [part for part in after if part > 0]
    return tuple(heaps)


def apply_pair(position: Tuple[int, ...], text: str) -> Tuple[int, ...]:
    """A move of a pair (Wythoff, Euclid) or of Moore's heaps: zeros stay."""
    values = list(position)
    for index, before, (after,) in changes(text):
        assert values[index] == before, (position, text)
        values[index] = after
    return tuple(values)


def apply_boxes(position: Tuple[Tuple[int, int], ...], text: str) -> Tuple[Tuple[int, int], ...]:
    boxes_after = list(position)
    for index, before, (after,) in changes(text):
        assert boxes_after[index][0] == before
        boxes_after[index] = (after, boxes_after[index][1])
    return tuple(boxes_after)


def apply_staircase(position: Heaps, text: str) -> Heaps:
    ((index, before, (after,)),) = changes(text)
    steps = list(position)
    assert steps[index] == before
    steps[index] = after
    if index > 0:
        steps[index - 1] += before - after
    return tuple(steps)


def apply_fibonacci(position: Tuple[int, int], text: str) -> Tuple[int, int]:
    ((_, before, (after,)),) = changes(text)
    assert position[0] == before
    return (after, 2 * (before - after))


class Case:
    """One game: how Python is asked, and the brute force that checks it."""

    def __init__(
        self,
        name: str,
        make: Callable[[bool], Any],
        options: Callable[[Hashable], Iterable[Hashable]],
        positions: Iterable[Hashable],
        asked: Callable[[Hashable], Any] = lambda p: list(p),
        key: Callable[[Hashable], Hashable] = lambda p: p,
        apply: Optional[Callable[[Any, str], Any]] = None,
    ) -> None:
        self.name = name
        self.make = make
        self.options = options
        self.positions = list(positions)
        self.asked = asked
        self.key = key
        self.apply = apply
        self.wins = solver(options)

    def __repr__(self) -> str:
        return self.name


def heap_positions(largest: int, count: int) -> List[Heaps]:
    return [p for n in range(1, count + 1) for p in product(range(largest + 1), repeat=n)]


CASES = [
    Case("Nim", lambda m: stonegame.Nim(misere=m), heap_game(nim), heap_positions(4, 3), key=canonical, apply=apply_heaps),
    Case(
        "Subtraction",
        lambda m: stonegame.Subtraction([2, 3], misere=m),
        heap_game(subtraction([2, 3])),
        heap_positions(9, 2) + heap_positions(4, 3),
        key=canonical,
        apply=apply_heaps,
    ),
    Case(
        "Subtraction-1-3-4",
        lambda m: stonegame.Subtraction([1, 3, 4], misere=m),
        heap_game(subtraction([1, 3, 4])),
        heap_positions(12, 2),
        key=canonical,
        apply=apply_heaps,
    ),
    Case(
        "Boxes",
        lambda m: stonegame.Boxes(misere=m),
        boxes,
        [tuple(p) for n in (1, 2) for p in product([(x, a) for x in range(5) for a in (1, 2, 3)], repeat=n)],
        asked=lambda p: list(p),
        key=lambda p: tuple(sorted(p)),
        apply=apply_boxes,
    ),
    Case("Kayles", lambda m: stonegame.OctalGame("kayles", misere=m), heap_game(octal("0.77")), heap_positions(9, 2), key=canonical, apply=apply_heaps),
    Case("DawsonsKayles", lambda m: stonegame.OctalGame("0.07", misere=m), heap_game(octal("0.07")), heap_positions(10, 2), key=canonical, apply=apply_heaps),
    Case("0.137", lambda m: stonegame.OctalGame("0.137", misere=m), heap_game(octal("0.137")), heap_positions(10, 2), key=canonical, apply=apply_heaps),
    Case("LastOne", lambda m: stonegame.LastOne(misere=m), heap_game(last_one), heap_positions(5, 3), key=canonical, apply=apply_heaps),
    Case("Wythoff", lambda m: stonegame.Wythoff(misere=m), wythoff, list(product(range(9), repeat=2)), asked=lambda p: p, apply=apply_pair),
    Case("Moore-2", lambda m: stonegame.Moore(2, misere=m), moore(2), heap_positions(3, 3), apply=apply_pair),
    Case("Staircase", lambda m: stonegame.Staircase(misere=m), staircase, heap_positions(3, 3), apply=apply_staircase),
    Case("Euclid", lambda m: stonegame.Euclid(misere=m), euclid, list(product(range(1, 13), repeat=2)), asked=lambda p: p, apply=apply_pair),
    Case(
        "FibonacciNim",
        lambda m: stonegame.FibonacciNim(misere=m),
        fibonacci,
        [(h, b) for h in range(1, 16) for b in range(1, 12)],
        asked=lambda p: p,
        apply=apply_fibonacci,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=repr)
@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_builtin_games_answer_the_convention_asked(case: Case, misere: bool) -> None:
    game = case.make(misere)
    assert game.misere is misere
    for position in case.positions:
        wins = case.wins(case.key(position), misere)
        expected = stonegame.Outcome.First if wins else stonegame.Outcome.Second
        assert game.outcome(case.asked(position)) == expected, position
        move = game.winning_move(case.asked(position))
        # No move when the player to move loses, or has won already (misère
        # play with nothing left to take).
        over = not list(case.options(case.key(position)))
        assert (move is None) == (not wins or over), position
        if move is not None and case.apply is not None:
            after = case.apply(position, str(move))
            assert case.key(after) in {case.key(o) for o in case.options(case.key(position))}, (position, move)
            assert not case.wins(case.key(after), misere), (position, move)
        solution = game.solve(case.asked(position))
        assert solution.outcome == expected and solution.value == expected, position
        if case.apply is not None:
            check_line(case, position, [str(m) for m in solution.line], misere, wins)
            assert solution.line_complete


def check_line(case: Case, position: Hashable, line: List[str], misere: bool, first_wins: bool) -> None:
    """Every move legal, the winner's moves keep the win, the line ends the game."""
    assert case.apply is not None
    winner_to_move = first_wins
    for text in line:
        after = case.apply(position, text)
        assert case.key(after) in {case.key(o) for o in case.options(case.key(position))}, (position, text)
        if winner_to_move:
            assert not case.wins(case.key(after), misere), (position, text)
        position = after
        winner_to_move = not winner_to_move
    assert list(case.options(case.key(position))) == [], position


def row(position: Any) -> Tuple[int, ...]:
    """A position as a row of numbers (pairs and boxes flattened)."""
    if isinstance(position, int):
        return (position,)
    return tuple(n for part in position for n in row(part))


@pytest.mark.parametrize("case", CASES, ids=repr)
@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_arrays_of_positions_answer_as_one_position_at_a_time(case: Case, misere: bool) -> None:
    """`outcomes` (and `nimbers`, normal play) over every position of each width, one call a width."""
    import numpy as np

    game = case.make(misere)
    widths: Dict[int, List[Any]] = {}
    for position in case.positions:
        widths.setdefault(len(row(case.asked(position))), []).append(position)
    for positions in widths.values():
        array = np.array([row(case.asked(p)) for p in positions], dtype=np.uint64)
        expected = [
            stonegame.Outcome.First if case.wins(case.key(p), misere) else stonegame.Outcome.Second
            for p in positions
        ]
        assert list(game.outcomes(array)) == expected
        # Any integer dtype, and nested lists.
        assert list(game.outcomes(array.astype(np.int32))) == expected
        assert list(game.outcomes(array.tolist())) == expected
        if hasattr(game, "nimbers") and not misere:
            assert list(game.nimbers(array)) == [game.nimber(case.asked(p)) for p in positions]


@pytest.mark.parametrize("case", [c for c in CASES if hasattr(c.make(False), "legal_moves")], ids=repr)
@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_stepping_through_a_game_follows_the_rules(case: Case, misere: bool) -> None:
    """`legal_moves` are the brute force's options, `apply` plays them, and
    `move_outcomes` gives each the brute force's outcome."""
    assert case.apply is not None
    game = case.make(misere)
    for position in case.positions:
        moves = game.legal_moves(case.asked(position))
        reached = [case.apply(position, str(m)) for m in moves]
        assert {case.key(p) for p in reached} == {case.key(o) for o in case.options(case.key(position))}, position
        assert len(set(map(str, moves))) == len(moves), position
        assert [case.key(game.apply(case.asked(position), m)) for m in moves] == [case.key(p) for p in reached]
        for (move, outcome), after in zip(game.move_outcomes(case.asked(position)), reached):
            wins = case.wins(case.key(after), misere)
            assert outcome == (stonegame.Outcome.First if wins else stonegame.Outcome.Second), (position, move)
        best = game.winning_move(case.asked(position))
        assert best is None or best in moves


@pytest.mark.parametrize("case", CASES, ids=repr)
def test_the_flag_changes_some_answer(case: Case) -> None:
    """Both conventions are asked for real: some position's outcome differs."""
    normal, misere = case.make(False), case.make(True)
    assert any(normal.outcome(case.asked(p)) != misere.outcome(case.asked(p)) for p in case.positions)


def test_user_games_answer_the_convention_asked() -> None:
    options = heap_game(octal("0.77"))
    wins = solver(options)

    def moves(heap: int) -> List[List[int]]:
        return [list(parts) for parts in octal("0.77")(heap)]

    for misere in (False, True):
        game = stonegame.ImpartialGame(moves, splits=True, misere=misere)
        retro = stonegame.RetrogradeGame(lambda p: list(options(p)), misere=misere)
        assert game.misere is misere and retro.misere is misere
        for position in heap_positions(8, 2):
            key = canonical(position)
            expected = stonegame.Outcome.First if wins(key, misere) else stonegame.Outcome.Second
            assert game.outcome(list(position), sum=True) == expected, position
            assert retro.outcome(key) == expected, position
            assert retro.value(key) == ("Win" if expected == stonegame.Outcome.First else "Lose")
            move = game.winning_move(list(position), sum=True)
            assert (move is None) == (expected == stonegame.Outcome.Second or key == ())
            if move is not None:
                component, parts = move
                after = canonical(position[:component] + tuple(parts) + position[component + 1 :])
                assert not wins(after, misere), (position, move)
            solution = game.solve(list(position), sum=True)
            assert solution.outcome == expected
            line = [key] + list(retro.solve(key).line)
            assert all(b in set(options(a)) for a, b in zip(line, line[1:]))
            assert list(options(line[-1])) == []
        if misere:
            with pytest.raises(stonegame.UnsupportedConventionError, match="misère"):
                game.nimber([3, 4], sum=True)
        else:
            assert game.nimber([3, 4], sum=True) == 3 ^ 1
