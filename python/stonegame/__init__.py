"""stonegame: exact, fast solvers for two-player perfect-information games.

The Rust library's games with the Rust names (``Nim``, ``OctalGame``,
``Subtraction``, ``Ends``, ...), its answers (``Outcome`` and ``Convention``,
enums of the command line's words; ``Move``, printed as the command line prints
it, with its fields; ``Solution``), Grundy sequences as numpy arrays, and your
own games from Python callables. Every game and answer pickles and copies.
See ``python/README.md`` for a tour.
"""

# `X as X`: re-exported for type checkers too (`mypy --strict`).
from ._types import Convention as Convention, Outcome as Outcome
from ._stonegame import *  # noqa: F401,F403
from ._stonegame import __version__ as __version__
from . import _stonegame

__all__ = sorted(
    {name for name in dir(_stonegame) if not name.startswith("_")} | {"Outcome", "Convention"}
)
