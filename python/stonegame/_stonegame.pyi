"""Type stubs of the native module (re-exported by ``stonegame``)."""

from typing import Any, Callable, Dict, Generic, Hashable, Iterable, List, Optional, Tuple, TypeVar, Union

import numpy as np
import numpy.typing as npt

from ._types import Convention as Convention, Outcome as Outcome

__version__: str


class Error(Exception):
    """Every error of the library; the message is the Rust error's.

    The class is the deepest cause's: an error caused by another library
    error (``__cause__``) takes the subclass of the cause that names one.
    """

class BudgetError(Error):
    """A table or search needs more memory than ``memory_mib`` allows."""

class WorkLimitError(Error):
    """A search reached its work cap (``max_work``), or would need more steps than the cap and
    was refused before it started."""

class InvalidInputError(Error):
    """An input is outside what the game accepts.

    Every whole-number argument and item (heaps, counts, limits,
    ``memory_mib``, ``max_work``, ``threads``, ...) that is negative, too
    large for its type, a float, a bool, a string or anything else that is
    not an int raises it, naming the argument.
    """

class UnsupportedConventionError(Error):
    """The game has no solver for the play convention asked for."""

class Move:
    """A move of a built-in game; ``str()`` is the CLI's form (``1:3->1``).

    The fields read the text; one that does not apply is ``None``. ``heap``
    counts from 0 (the text, as the CLI, from 1).
    """

    def __init__(self, text: str) -> None: ...
    @property
    def heap(self) -> Optional[int]: ...
    @property
    def from_(self) -> Optional[int]: ...
    @property
    def to(self) -> Optional[int]: ...
    @property
    def parts(self) -> Optional[List[int]]: ...
    @property
    def changes(self) -> List[Tuple[int, int, int]]: ...
    @property
    def side(self) -> Optional[str]: ...
    @property
    def count(self) -> Optional[int]: ...
    @property
    def edge(self) -> Optional[int]: ...
    @property
    def ends(self) -> Optional[Tuple[int, int]]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Solution:
    """A solved game: value, outcome, best move and the optimal line."""

    def __init__(self, value: Any, outcome: Outcome, line: Iterable[Any], line_complete: bool = True) -> None: ...
    @property
    def value(self) -> Any: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def line(self) -> List[Any]: ...
    @property
    def line_complete(self) -> bool: ...
    @property
    def best_move(self) -> Any: ...

Heaps = Iterable[int]
Pair = Tuple[int, int]

_Position = TypeVar("_Position")

class _Impartial(Generic[_Position]):
    @property
    def misere(self) -> bool: ...
    @property
    def convention(self) -> Convention: ...
    def outcome(self, position: _Position) -> Outcome: ...
    def winning_move(self, position: _Position) -> Optional[Move]: ...
    def solve(self, position: _Position) -> Solution: ...
    def outcomes(self, positions: npt.ArrayLike) -> npt.NDArray[np.object_]:
        """The outcome of each row of a 2-D array (each number of a 1-D one): one call, a native loop."""

class Nim(_Impartial[Heaps]):
    """Nim: take any positive number of stones from one heap."""

    def __init__(self, *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    def legal_moves(self, position: Heaps) -> List[Move]:
        """Every legal move from ``position`` (at most 1,000,000)."""
    def apply(self, position: Heaps, move: Union[Move, str]) -> List[int]:
        """The heaps after a legal ``move`` (a split's parts in place; an emptied heap dropped)."""
    def move_outcomes(self, position: Heaps) -> List[Tuple[Move, Outcome]]:
        """Each legal move with the outcome after it, for the player then to move."""
    def nimber(self, position: Heaps) -> int: ...
    def nimbers(self, positions: npt.ArrayLike) -> npt.NDArray[np.uint64]:
        """The Grundy value of each row of a 2-D array (each number of a 1-D one)."""

class Subtraction(_Impartial[Heaps]):
    """Take ``s`` stones from one heap, ``s`` in the set ``moves``."""

    def __init__(self, moves: Iterable[int], *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    @property
    def moves(self) -> List[int]: ...
    def legal_moves(self, position: Heaps) -> List[Move]:
        """Every legal move from ``position`` (at most 1,000,000)."""
    def apply(self, position: Heaps, move: Union[Move, str]) -> List[int]:
        """The heaps after a legal ``move`` (a split's parts in place; an emptied heap dropped)."""
    def move_outcomes(self, position: Heaps) -> List[Tuple[Move, Outcome]]:
        """Each legal move with the outcome after it, for the player then to move."""
    def nimber(self, position: Heaps) -> int: ...
    def nimbers(self, positions: npt.ArrayLike) -> npt.NDArray[np.uint64]:
        """The Grundy value of each row of a 2-D array (each number of a 1-D one)."""
    def grundy_sequence(self, upto: int) -> npt.NDArray[np.uint64]:
        """G(0..=upto), normal play only (a misère game raises ``UnsupportedConventionError``)."""
    def period(self) -> Tuple[int, int]:
        """``(preperiod, period)`` of G, normal play only (as ``grundy_sequence``)."""

class Boxes(_Impartial[Iterable[Pair]]):
    """Take 1..=a balls from one box; positions are ``(balls, a)`` pairs."""

    def __init__(self, *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    def nimber(self, position: Iterable[Pair]) -> int: ...
    def nimbers(self, positions: npt.ArrayLike) -> npt.NDArray[np.uint64]:
        """The Grundy value of each row of a 2-D array (each number of a 1-D one)."""

class OctalGame(_Impartial[Heaps]):
    """A take-and-break game by octal code (``"0.77"``) or name (``"kayles"``)."""

    def __init__(self, code: str, *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    @property
    def code(self) -> str: ...
    def legal_moves(self, position: Heaps) -> List[Move]:
        """Every legal move from ``position`` (at most 1,000,000)."""
    def apply(self, position: Heaps, move: Union[Move, str]) -> List[int]:
        """The heaps after a legal ``move`` (a split's parts in place; an emptied heap dropped)."""
    def move_outcomes(self, position: Heaps) -> List[Tuple[Move, Outcome]]:
        """Each legal move with the outcome after it, for the player then to move."""
    def nimber(self, position: Heaps) -> int: ...
    def nimbers(self, positions: npt.ArrayLike) -> npt.NDArray[np.uint64]:
        """The Grundy value of each row of a 2-D array (each number of a 1-D one)."""

class LastOne(_Impartial[Heaps]):
    """Last One: strike a run of sticks in one row; the last stick loses (misère by default)."""

    def __init__(self, *, misere: bool = True, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    def nimber(self, position: Heaps) -> int: ...

class Wythoff(_Impartial[Pair]):
    """Wythoff's game on a pair ``(a, b)``."""

    def __init__(self, *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class Moore(_Impartial[Heaps]):
    """Moore's Nim_k: take from one to ``k`` heaps."""

    def __init__(self, k: int, *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class Staircase(_Impartial[Heaps]):
    """Staircase Nim: coins per step."""

    def __init__(self, *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    def nimber(self, position: Heaps) -> int: ...
    def nimbers(self, positions: npt.ArrayLike) -> npt.NDArray[np.uint64]:
        """The Grundy value of each row of a 2-D array (each number of a 1-D one)."""

class Euclid(_Impartial[Pair]):
    """Euclid's game on a pair ``(a, b)``."""

    def __init__(self, *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class FibonacciNim(_Impartial[Union[int, Pair]]):
    """Fibonacci Nim: a heap ``n``, or ``(heap, max_take)``."""

    def __init__(self, *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class GreenHackenbush:
    """Green Hackenbush on a graph whose vertex 0 is the ground."""

    def __init__(self, edges: Iterable[Pair], *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    def value(self) -> Outcome: ...
    def outcome(self) -> Outcome: ...
    def nimber(self) -> int: ...
    def winning_move(self) -> Optional[Move]: ...
    def solve(self) -> Solution: ...

class _Scoring:
    def value(self) -> int: ...
    def outcome(self) -> Outcome: ...
    def solve(self) -> Solution: ...
    def __len__(self) -> int: ...

class Ends(_Scoring):
    """Take the stone at either end; it scores its value (LeetCode 877)."""

    def __init__(self, values: Iterable[int], *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class EndsRemainder(_Scoring):
    """Take either end; score the stones that remain (LeetCode 1690)."""

    def __init__(self, values: Iterable[int], *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class Front(_Scoring):
    """Take 1..=max_take stones from the front (LeetCode 1406)."""

    def __init__(self, values: Iterable[int], max_take: int, *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class FrontDoubling(_Scoring):
    """Take up to 2M stones from the front (LeetCode 1140)."""

    def __init__(self, values: Iterable[int], *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class Valuations(_Scoring):
    """Each player values the stones differently (LeetCode 1686)."""

    def __init__(self, first: Iterable[int], second: Iterable[int], *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class StoneSplit(_Scoring):
    """Split the row, keep and score the lighter part (LeetCode 1563)."""

    def __init__(self, values: Iterable[int], *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class StoneMerge(_Scoring):
    """Merge the x > 1 leftmost stones, score their sum (LeetCode 1872)."""

    def __init__(self, values: Iterable[int], *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...

class StoneMod3:
    """Stone Game IX (LeetCode 2029): the value is the ``Outcome``."""

    def __init__(self, values: Iterable[int], *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    def value(self) -> Outcome: ...
    def outcome(self) -> Outcome: ...
    def solve(self) -> Solution: ...
    def __len__(self) -> int: ...

class PeriodCertificate:
    """A proven period of a take-and-break game's Grundy sequence."""

    def __init__(self, values: Iterable[int], max_take: int) -> None: ...
    @property
    def values(self) -> List[int]: ...
    @property
    def preperiod(self) -> int: ...
    @property
    def period(self) -> int: ...
    @property
    def max_take(self) -> int: ...
    @property
    def checked_len(self) -> int: ...
    def grundy(self, heap: int) -> int: ...

def grundy_sequence(game: str, upto: int, *, threads: int = 1, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> npt.NDArray[np.uint32]:
    """G(0..=upto) of a take-and-break game as a numpy array (no copy)."""

def find_period(game: str, max_len: int = ..., *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> Optional[PeriodCertificate]:
    """A certified period among heaps below ``max_len``, or ``None``."""

def grundy_stats(game: str, upto: int, *, threads: int = 1, count_mask: Optional[int] = None, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> Dict[str, Any]:
    """The figures of ``grundy --stats`` as a dict."""

class ImpartialGame:
    """Your impartial game: ``moves(position)`` lists the options.

    ``memory_mib`` bounds the solver's tables (half of it) and the Python
    positions the game holds (the other half, each at its deep size as
    ``sys.getsizeof`` reports it): past it, ``BudgetError``.
    """

    def __init__(self, moves: Callable[[Any], Iterable[Any]], *, splits: bool = False, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    @property
    def misere(self) -> bool: ...
    @property
    def convention(self) -> Convention: ...
    def nimber(self, position: Hashable, *, sum: bool = False) -> int: ...
    def grundy_sequence(self, upto: int) -> npt.NDArray[np.uint64]:
        """G(0..=upto) of a game whose positions are the ints 0, 1, 2, ..."""
    def outcome(self, position: Hashable, *, sum: bool = False) -> Outcome: ...
    def winning_move(self, position: Hashable, *, sum: bool = False) -> Optional[Tuple[int, Any]]: ...
    def solve(self, position: Hashable, *, sum: bool = False) -> Solution: ...
    @property
    def held_bytes(self) -> int:
        """The bytes the game's Python positions count against its budget now."""

class ScoringGame:
    """Your scoring game: ``moves(position)`` and ``play(position, move) -> (points, next)``.

    ``memory_mib`` is shared as ``ImpartialGame``'s.
    """

    def __init__(self, start: Hashable, moves: Callable[[Any], Iterable[Any]], play: Callable[[Any, Any], Tuple[int, Any]], *, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    def value(self) -> int: ...
    def outcome(self) -> Outcome: ...
    def solve(self) -> Solution: ...
    @property
    def held_bytes(self) -> int:
        """The bytes the game's Python positions count against its budget now."""

class RetrogradeGame:
    """Your game with cycles and draws: ``successors(position)``.

    ``memory_mib`` is shared as ``ImpartialGame``'s.
    """

    def __init__(self, successors: Callable[[Any], Iterable[Any]], *, misere: bool = False, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> None: ...
    @property
    def misere(self) -> bool: ...
    @property
    def convention(self) -> Convention: ...
    def value(self, start: Hashable) -> str: ...
    def outcome(self, start: Hashable) -> Outcome: ...
    def solve(self, start: Hashable) -> Solution: ...

def janken_count(a_coins: int, b_coins: int, rounds: int, *, modulo: Optional[int] = None, memory_mib: Optional[int] = None, max_work: Optional[int] = None) -> int:
    """Outcome sequences of rock-paper-scissors with coins that bankrupt a player (the CLI's ``janken``).

    Exact counts take up to 10^8 rounds; with ``modulo`` any number of rounds below 2^64.
    """

def solve_graph(n: int, edges: Iterable[Pair], *, memory_mib: Optional[int] = None) -> List[Tuple[str, Optional[int]]]:
    """``(value, remoteness)`` of every vertex of a token game on a graph (the CLI's ``graph``)."""

def nim_product(a: int, b: int) -> int:
    """The nim product of ``a`` and ``b`` (the field of nimbers below 2^64)."""

def nim_inverse(a: int) -> int:
    """The nim inverse of ``a`` (``InvalidInputError`` for 0)."""
