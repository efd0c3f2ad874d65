"""The answer types that are Python's own: ``Outcome`` and ``Convention``.

Both are ``enum.Enum`` subclasses of ``str`` whose values are the command
line's words, so they compare equal to those words, hash as them, sort, pickle
and copy as any enum does.
"""

import enum
from typing import Any, Dict

__all__ = ["Outcome", "Convention"]


class Outcome(str, enum.Enum):
    """Who wins with perfect play; the value (and ``str()``) is the CLI's word.

    Outcomes are ordered by what they give the player to move:
    ``Outcome.Second < Outcome.Draw < Outcome.First``.

    >>> import stonegame
    >>> stonegame.Nim().outcome([1, 2, 3])
    Outcome.Second
    >>> sorted([stonegame.Outcome.First, stonegame.Outcome.Second]), str(stonegame.Outcome.Draw)
    ([Outcome.Second, Outcome.First], 'Draw')
    """

    First = "First"
    Second = "Second"
    Draw = "Draw"

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def __lt__(self, other: Any) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return _RANK[self.value] < _RANK[other.value]

    def __le__(self, other: Any) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return _RANK[self.value] <= _RANK[other.value]

    def __gt__(self, other: Any) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return _RANK[self.value] > _RANK[other.value]

    def __ge__(self, other: Any) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return _RANK[self.value] >= _RANK[other.value]

    # `str`'s hash and `==` (equal to the word), stated because an Enum
    # subclass that defines ordering would otherwise lose `__hash__`.
    __hash__ = str.__hash__


# What each outcome gives the player to move (outside the class: in the
# class body it would be a member).
_RANK: Dict[str, int] = {"Second": 0, "Draw": 1, "First": 2}


class Convention(str, enum.Enum):
    """The play convention; the value (and ``str()``) is the CLI's word.

    >>> import stonegame
    >>> stonegame.Nim(misere=True).convention
    Convention.Misere
    >>> str(stonegame.Convention.Misere)
    'misère'
    """

    Normal = "normal"
    Misere = "misère"

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    def __repr__(self) -> str:
        return f"Convention.{self.name}"

    __hash__ = str.__hash__


# Pickled by the package's name, where users import them from.
Outcome.__module__ = "stonegame"
Convention.__module__ = "stonegame"
