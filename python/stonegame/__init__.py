"""stonegame: exact, fast solvers for two-player perfect-information games.

The Rust library's games with the Rust names (``Nim``, ``OctalGame``,
``Subtraction``, ``Ends``, ...), its answers (``Outcome``, moves printed as the
command line prints them, ``Solution``), Grundy sequences as numpy arrays, and
your own games from Python callables. See ``python/README.md`` for a tour.
"""

from ._stonegame import *  # noqa: F401,F403
from . import _stonegame

__all__ = [name for name in dir(_stonegame) if not name.startswith("_")]
