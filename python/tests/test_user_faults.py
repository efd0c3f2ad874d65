"""A user's game that fails part way is refused, never answered wrongly
afterwards (issue 43).

Each callable of each user class (`moves`, `play`, `successors`, and the
positions' own `__hash__`, `__eq__` and `__lt__`) fails at its k-th call,
for every k up to the number of calls a clean solve makes, in each way a
callable can fail: raising, raising part way through the listing it returns
(a generator), or returning what is not a move's result. The call that meets
the failure raises it (the same exception object) or a clean
`stonegame.Error`; every later question to the same game, with the failure
gone, gets the true answer (that of a fresh game, itself checked against a
brute force)."""

from functools import lru_cache
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import pytest

import stonegame


class Injected(Exception):
    """The failure a test injects."""


class Faults:
    """Counts the calls of each callable; fails the `target`'s k-th call."""

    def __init__(self) -> None:
        self.calls: Dict[str, int] = {}
        self.target: Optional[str] = None
        self.at = 0
        self.how = "raise"
        self.raised: Optional[Injected] = None

    def arm(self, target: str, at: int, how: str) -> None:
        self.calls = {}
        self.target, self.at, self.how, self.raised = target, at, how, None

    def disarm(self) -> None:
        self.target = None

    def hit(self, name: str) -> Optional[str]:
        """Counts a call of `name`; the way it must fail now, if it must."""
        self.calls[name] = self.calls.get(name, 0) + 1
        if self.target == name and self.calls[name] == self.at:
            return self.how
        return None

    def error(self) -> Injected:
        self.raised = Injected(f"{self.target} call {self.at}")
        return self.raised


FAULTS = Faults()


class Pos:
    """A position whose hash and == can fail (and < too, though the engines
    order positions by hash first and call it only on a collision)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __hash__(self) -> int:
        if FAULTS.hit("hash"):
            raise FAULTS.error()
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        if FAULTS.hit("eq"):
            raise FAULTS.error()
        return isinstance(other, Pos) and self.value == other.value

    def __lt__(self, other: "Pos") -> bool:
        if FAULTS.hit("lt"):
            raise FAULTS.error()
        return bool(self.value < other.value)

    def __repr__(self) -> str:
        return f"Pos({self.value!r})"


def listing(name: str, items: List[Any]) -> Any:
    """What a listing callable returns: the items, or a failure."""
    how = FAULTS.hit(name)
    if how == "raise":
        raise FAULTS.error()
    if how == "partway":
        return partway(items)
    if how == "garbage":
        return 42  # not iterable
    return items


def partway(items: List[Any]) -> Iterator[Any]:
    yield from items[: len(items) // 2]
    raise FAULTS.error()


# --- the games -------------------------------------------------------------


def kayles_parts(n: int) -> List[Tuple[int, int]]:
    return [(left, n - take - left) for take in (1, 2) for left in range(n - take + 1)]


def kayles_moves(position: Pos) -> Any:
    options = [[Pos(a), Pos(b)] for a, b in kayles_parts(position.value)]
    return listing("moves", options)


ROW = [3, 9, 1, 2, 7, 4]


def ends_moves(position: Pos) -> Any:
    i, j = position.value
    return listing("moves", ["L", "R"] if i < j else [])


def ends_play(position: Pos, move: str) -> Any:
    how = FAULTS.hit("play")
    if how in ("raise", "partway"):
        raise FAULTS.error()
    i, j = position.value
    if how == "garbage":
        return "not a pair"
    if move == "L":
        return ROW[i], Pos((i + 1, j))
    return ROW[j - 1], Pos((i, j - 1))


# A graph with cycles (draws), lost ends and won ends.
GRAPH = {0: [1, 2], 1: [3], 2: [0, 4], 3: [5], 4: [4, 6], 5: [], 6: [7], 7: [], 8: [0, 8]}


def graph_successors(position: Pos) -> Any:
    return listing("successors", [Pos(v) for v in GRAPH[position.value]])


# --- brute forces ----------------------------------------------------------


@lru_cache(maxsize=None)
def kayles(n: int) -> int:
    values = {kayles(a) ^ kayles(b) for a, b in kayles_parts(n)}
    g = 0
    while g in values:
        g += 1
    return g


@lru_cache(maxsize=None)
def ends(i: int, j: int) -> int:
    if i == j:
        return 0
    return max(ROW[i] - ends(i + 1, j), ROW[j - 1] - ends(i, j - 1))


def retrograde(misere: bool) -> Dict[int, str]:
    """Win, Lose or Draw for the player to move, by fixpoint."""
    value: Dict[int, str] = {}
    changed = True
    while changed:
        changed = False
        for vertex, targets in GRAPH.items():
            if vertex in value:
                continue
            if not targets:
                value[vertex] = "Win" if misere else "Lose"
            elif any(value.get(t) == "Lose" for t in targets):
                value[vertex] = "Win"
            elif all(value.get(t) == "Win" for t in targets):
                value[vertex] = "Lose"
            else:
                continue
            changed = True
    return {vertex: value.get(vertex, "Draw") for vertex in GRAPH}


# --- what each entry point answers, comparably -----------------------------


def shown(value: Any) -> Any:
    """An answer with positions as their values (comparable across games)."""
    if isinstance(value, Pos):
        return ("Pos", shown(value.value))
    if isinstance(value, (list, tuple)):
        return type(value)(shown(v) for v in value)
    if isinstance(value, stonegame.Solution):
        return ("Solution", shown(value.value), value.outcome, shown(value.line), value.line_complete)
    return value


Ask = Callable[[Any], Any]


def impartial_questions(misere: bool) -> Dict[str, Ask]:
    # Misère play searches sums exactly: smaller positions keep the calls
    # (every one of which is made to fail in turn) in the hundreds.
    a, b, c = (3, 4, 5) if misere else (5, 6, 7)
    questions: Dict[str, Ask] = {
        "outcome": lambda g: g.outcome(Pos(b)),
        "winning_move": lambda g: g.winning_move(Pos(c)),
        "solve": lambda g: g.solve(Pos(a)),
        "outcome_sum": lambda g: g.outcome([Pos(a - 2), Pos(b - 2)], sum=True),
        "winning_move_sum": lambda g: g.winning_move([Pos(a - 1), Pos(a)], sum=True),
        "solve_sum": lambda g: g.solve([Pos(a - 2), Pos(a - 1)], sum=True),
    }
    if not misere:
        questions["nimber"] = lambda g: g.nimber(Pos(c))
        questions["nimber_sum"] = lambda g: g.nimber([Pos(a), Pos(b)], sum=True)
    return questions


SCORING_QUESTIONS: Dict[str, Ask] = {
    "value": lambda g: g.value(),
    "outcome": lambda g: g.outcome(),
    "solve": lambda g: g.solve(),
}

RETROGRADE_QUESTIONS: Dict[str, Ask] = {
    "value": lambda g: g.value(Pos(0)),
    "outcome": lambda g: g.outcome(Pos(2)),
    "solve": lambda g: g.solve(Pos(1)),
    "solve_draw": lambda g: g.solve(Pos(8)),
}


class Kind:
    """A user class: how to make a game, its questions, its callables."""

    def __init__(self, name: str, make: Callable[[], Any], questions: Dict[str, Ask], callables: List[str], garbage: List[str]) -> None:
        self.name, self.make, self.questions = name, make, questions
        self.callables, self.garbage = callables, garbage

    def __repr__(self) -> str:
        return self.name


KINDS = [
    Kind(
        "ImpartialGame",
        lambda: stonegame.ImpartialGame(kayles_moves, splits=True),
        impartial_questions(False),
        ["moves", "hash", "eq"],
        ["moves"],
    ),
    Kind(
        "ImpartialGame-misere",
        lambda: stonegame.ImpartialGame(kayles_moves, splits=True, misere=True),
        impartial_questions(True),
        ["moves", "hash", "eq"],
        ["moves"],
    ),
    Kind(
        "ScoringGame",
        lambda: stonegame.ScoringGame(Pos((0, len(ROW))), ends_moves, ends_play),
        SCORING_QUESTIONS,
        ["moves", "play", "hash", "eq"],
        ["moves", "play"],
    ),
    Kind(
        "RetrogradeGame",
        lambda: stonegame.RetrogradeGame(graph_successors),
        RETROGRADE_QUESTIONS,
        ["successors", "hash", "eq"],
        ["successors"],
    ),
    Kind(
        "RetrogradeGame-misere",
        lambda: stonegame.RetrogradeGame(graph_successors, misere=True),
        RETROGRADE_QUESTIONS,
        ["successors", "hash", "eq"],
        ["successors"],
    ),
]


@lru_cache(maxsize=None)
def truth(kind: Kind) -> Dict[str, Any]:
    """Every question's answer from a fresh game, no failure armed."""
    FAULTS.disarm()
    answers: Dict[str, Any] = {}
    for name, ask in kind.questions.items():
        answers[name] = shown(ask(kind.make()))
    return answers


def test_the_clean_answers_are_the_brute_forces() -> None:
    FAULTS.disarm()
    impartial = truth(KINDS[0])
    assert impartial["nimber"] == kayles(7)
    assert impartial["nimber_sum"] == kayles(5) ^ kayles(6)
    first = stonegame.Outcome.First
    assert impartial["outcome"] == (first if kayles(6) else stonegame.Outcome.Second)
    scoring = truth(KINDS[2])
    assert scoring["value"] == ends(0, len(ROW)) != 0
    assert scoring["solve"][1] == ends(0, len(ROW))
    assert scoring["solve"][2] == (first if ends(0, len(ROW)) > 0 else stonegame.Outcome.Second)
    words = {"Win": stonegame.Outcome.First, "Lose": stonegame.Outcome.Second, "Draw": stonegame.Outcome.Draw}
    for kind, misere in ((KINDS[3], False), (KINDS[4], True)):
        retro, brute = truth(kind), retrograde(misere)
        assert retro["value"] == brute[0]
        assert retro["outcome"] == words[brute[2]]
        assert retro["solve"][1] == brute[1] and retro["solve_draw"][1] == brute[8] == "Draw"
    assert retrograde(False)[2] == "Draw" and {retrograde(True)[v] for v in GRAPH} == {"Win", "Lose", "Draw"}


def counts(kind: Kind, question: str) -> Dict[str, int]:
    """The calls of each callable in a clean answer of `question`."""
    FAULTS.arm("none", 0, "raise")
    kind.questions[question](kind.make())
    found = dict(FAULTS.calls)
    FAULTS.disarm()
    return found


def scenarios() -> Iterator[Tuple[Kind, str, str, str]]:
    for kind in KINDS:
        for question in kind.questions:
            for callable_name in kind.callables:
                ways = ["raise"]
                if callable_name in ("moves", "successors"):
                    ways.append("partway")
                if callable_name in kind.garbage:
                    ways.append("garbage")
                for how in ways:
                    yield kind, question, callable_name, how


@pytest.mark.parametrize(
    "kind, question, callable_name, how",
    list(scenarios()),
    ids=[f"{k.name}-{q}-{c}-{h}" for k, q, c, h in scenarios()],
)
def test_a_failure_at_any_call_never_leaves_a_wrong_answer(kind: Kind, question: str, callable_name: str, how: str) -> None:
    expected = truth(kind)
    calls = counts(kind, question).get(callable_name, 0)
    if callable_name in ("hash", "moves", "successors", "play"):
        assert calls > 0, f"{callable_name} is never called by {question}"
    for at in range(1, calls + 1):
        game = kind.make()
        FAULTS.arm(callable_name, at, how)
        try:
            answer: Any = shown(kind.questions[question](game))
        except Injected as error:
            assert error is FAULTS.raised, "the callable's exception comes out unchanged"
            answer = None
        except stonegame.Error as error:
            assert how == "garbage" or isinstance(error, stonegame.InvalidInputError), error
            answer = None
        except TypeError:
            # A listing that is not iterable: Python's own error.
            assert how == "garbage"
            answer = None
        failed = FAULTS.raised is not None or (how == "garbage" and FAULTS.calls.get(callable_name, 0) >= at)
        FAULTS.disarm()
        if failed:
            assert answer is None, f"{question} answered {answer!r} although {callable_name} call {at} failed"
        else:
            assert answer == expected[question]
        # Every question again, the same game, nothing failing now.
        for again, ask in kind.questions.items():
            assert shown(ask(game)) == expected[again], (again, f"after {callable_name} call {at} failed ({how})")
        # And the question that failed, a second time.
        assert shown(kind.questions[question](game)) == expected[question]


def test_issue_43_scoring_value_after_a_failed_value() -> None:
    """The reported case: `moves` raises once on the start's listing."""
    FAULTS.disarm()
    raised = [False]

    def moves(position: Pos) -> List[str]:
        if position.value == (0, len(ROW)) and not raised[0]:
            raised[0] = True
            raise ValueError("once")
        i, j = position.value
        return ["L", "R"] if i < j else []

    game = stonegame.ScoringGame(Pos((0, len(ROW))), moves, ends_play)
    with pytest.raises(ValueError):
        game.value()
    assert game.value() == ends(0, len(ROW))
    assert game.outcome() == stonegame.Outcome.First
    solution = game.solve()
    assert solution.value == ends(0, len(ROW)) and len(solution.line) == len(ROW)


def test_a_game_asked_from_inside_another_keeps_the_outer_failure() -> None:
    """A position's `==` may ask another game. When the outer solve already
    carries a failure (an earlier `==` raised), the inner solve must not
    swallow it: the outer call raises it, and answers nothing."""
    FAULTS.disarm()
    inner = stonegame.ImpartialGame(lambda n: range(n))
    failed = Injected("outer")
    compared = [0]

    class Asking:
        def __init__(self, value: int) -> None:
            self.value = value

        def __hash__(self) -> int:
            return hash(self.value)

        def __eq__(self, other: object) -> bool:
            compared[0] += 1
            if compared[0] == 1:
                raise failed
            assert inner.nimber(2) == 2
            return isinstance(other, Asking) and self.value == other.value

    def moves(position: Asking) -> List[List[Asking]]:
        return [[Asking(a), Asking(b)] for a, b in kayles_parts(position.value)]

    outer = stonegame.ImpartialGame(moves, splits=True)
    with pytest.raises(Injected) as caught:
        outer.nimber(Asking(8))
    assert caught.value is failed
    assert compared[0] > 1, "the inner game was asked while the failure was kept"
    assert outer.nimber(Asking(8)) == kayles(8)
