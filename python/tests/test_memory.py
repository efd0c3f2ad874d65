"""A user's game keeps within its memory budget, its Python positions
included (issue 43): each position the game holds counts at its deep size as
`sys.getsizeof` reports it, against half of `memory_mib` (the solver's
tables have the other half), and one more is refused with `BudgetError`."""

import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from typing import Any, List, Set

import pytest

import stonegame

RECORD_BYTES = 64  # the Rust record of a position, counted with it


def reference_size(position: Any) -> int:
    """The deep size of a position by `sys.getsizeof`, as documented: each
    container once, None, bools and the small ints (-5 to 256) free."""
    seen: Set[int] = set()
    total = 0
    pending = [position]
    while pending:
        item = pending.pop()
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, int):
            total += 0 if -5 <= item <= 256 else sys.getsizeof(item)
            continue
        if isinstance(item, (float, str, bytes)):
            total += sys.getsizeof(item)
            continue
        if id(item) in seen:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, (tuple, list, set, frozenset)):
            pending.extend(item)
        elif isinstance(item, dict):
            for key, value in item.items():
                pending += [key, value]
        else:
            if isinstance(getattr(item, "__dict__", None), dict):
                pending.append(item.__dict__)
            for cls in type(item).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if name.startswith("__") and not name.endswith("__"):
                        name = f"_{cls.__name__.lstrip('_')}{name}"  # a private slot
                    if name not in ("__dict__", "__weakref__") and hasattr(item, name):
                        pending.append(getattr(item, name))
    return total


@dataclass(frozen=True)
class Board:
    cells: tuple
    name: str


class Slotted:
    __slots__ = ("stones", "__secret")

    def __init__(self, stones: tuple) -> None:
        self.stones = stones
        self.__secret = "x" * 300

    def __hash__(self) -> int:
        return hash(self.stones)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Slotted) and self.stones == other.stones


SHARED = tuple(range(1000, 1100))

POSITIONS: List[Any] = [
    7,
    10**6,
    2**100,
    -(2**70),
    "a string of some length" * 10,
    b"bytes" * 50,
    1.5,
    (),
    tuple(range(2001)),
    tuple(range(10**6, 10**6 + 2001)),
    frozenset(range(300, 600)),
    (("nested", (1, 2, (3, 4.5))), frozenset({"a", "b"})),
    (SHARED, SHARED, SHARED),  # one container, counted once
    Board((1, 2, 300000), "board"),
    Slotted(tuple(range(500, 700))),
    None,
    True,
]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: type(p).__name__ + str(hash(p) % 1000))
def test_a_held_position_counts_its_deep_size(position: Any) -> None:
    game = stonegame.ImpartialGame(lambda p: [])
    assert game.held_bytes == 0
    assert game.nimber(position) == 0
    # The solver remembers the one position it met.
    assert game.held_bytes == reference_size(position) + RECORD_BYTES


def test_the_count_follows_what_is_held() -> None:
    def moves(n: int) -> List[tuple]:
        return [(n - 1,) + tuple(range(10**6, 10**6 + 50))] if n else []

    def chain(p: Any) -> List[Any]:
        n = p if isinstance(p, int) else p[0]
        return moves(n)

    game = stonegame.ImpartialGame(chain)
    game.nimber(30)
    held = game.held_bytes
    one = reference_size((0,) + tuple(range(10**6, 10**6 + 50))) + RECORD_BYTES
    assert held == 30 * one + (reference_size(30) + RECORD_BYTES)
    # A refusal frees the stopped search: nothing of it stays counted.
    small = stonegame.ImpartialGame(chain, memory_mib=1)
    with pytest.raises(stonegame.BudgetError, match="Python positions"):
        small.nimber(10**5)
    assert small.held_bytes == 0
    assert small.nimber(3) == game.nimber(3) == 1


def test_every_user_class_refuses_positions_past_the_budget() -> None:
    def big(n: int) -> tuple:
        return (n,) + tuple(range(10**7, 10**7 + 2000))

    with pytest.raises(stonegame.BudgetError, match="Python positions"):
        stonegame.ImpartialGame(lambda p: [big(p[0] - 1)] if p[0] else [], memory_mib=1).outcome(big(400))
    with pytest.raises(stonegame.BudgetError, match="Python positions"):
        stonegame.ImpartialGame(lambda p: [big(p[0] - 1)] if p[0] else [], misere=True, memory_mib=1).outcome(big(400))
    with pytest.raises(stonegame.BudgetError, match="Python positions"):
        stonegame.ScoringGame(big(400), lambda p: [1] if p[0] else [], lambda p, m: (1, big(p[0] - 1)), memory_mib=1).value()
    with pytest.raises(stonegame.BudgetError, match="Python positions"):
        stonegame.RetrogradeGame(lambda p: [big(p[0] - 1)] if p[0] else [], memory_mib=1).value(big(400))
    # The same games within a larger budget.
    assert stonegame.RetrogradeGame(lambda p: [big(p[0] - 1)] if p[0] else [], memory_mib=64).value(big(400)) == "Lose"


RSS_SCRIPT = textwrap.dedent(
    """
    import re
    import resource
    import stonegame

    def status(field):
        text = open("/proc/self/status").read()
        return int(re.search(field + r":\\s+(\\d+) kB", text).group(1)) * 1024

    WIDTH = 2001

    def position(n):
        # Ints above 256 are objects of their own: about 80 KB a position.
        return tuple(range(n * 10**6, n * 10**6 + WIDTH))

    def moves(p):
        n = p[0] // 10**6
        return [position(n - 1)] if n > 0 else []

    # Everything but the positions, loaded and warmed up first.
    stonegame.ImpartialGame(moves, memory_mib=16).nimber(position(3))
    # The peak resident size so far is forgotten (Linux: "5" resets VmHWM,
    # which getrusage's ru_maxrss reports in a process of its own; here it
    # would start at the size of pytest, which spawned this one).
    with open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")
    before = status("VmRSS")
    game = stonegame.ImpartialGame(moves, memory_mib=16)
    try:
        game.nimber(position(2000))
        print("answered", status("VmHWM") - before, game.held_bytes)
    except stonegame.BudgetError:
        print("refused", status("VmHWM") - before, game.held_bytes)
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    """
)


@pytest.mark.skipif(not os.path.exists("/proc/self/clear_refs"), reason="Linux: the peak RSS is reset and read in /proc")
def test_the_budget_holds_under_a_real_rss_measurement() -> None:
    """2,000 positions of 2,001 ints (about 160 MB held without the count)
    under a 16 MiB budget: refused, and the peak resident size grows by less
    than the budget and a margin for the interpreter's own allocations."""
    done = subprocess.run([sys.executable, "-c", RSS_SCRIPT], capture_output=True, text=True, check=True)
    words = done.stdout.split()
    assert words[0] == "refused", done.stdout
    grown = int(words[1])
    assert 4 * 2**20 < grown < (16 + 8) * 2**20, f"peak RSS grew by {grown / 2**20:.1f} MiB"
    assert int(words[2]) == 0
