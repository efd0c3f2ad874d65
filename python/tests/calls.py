"""Sample calls of every public callable, made from the stub's annotations
(with the few arguments they cannot give), for the tests that cover the
whole module by introspection."""

from typing import Any, Callable, Dict, List, Tuple

import stonegame
from stub import Callable as StubCallable
from stub import Parameter, callables

CALLABLES = callables()

# Sample arguments the annotations cannot give.
SAMPLES: Dict[Tuple[str, str], Any] = {
    ("GreenHackenbush.__init__", "edges"): [(0, 1), (1, 2)],
    ("solve_graph", "edges"): [(0, 1), (1, 0)],
    ("find_period", "game"): "0.137",
    ("find_period", "max_len"): 1 << 12,
    # Misère by default: its nimber refuses (see test_conventions.py).
    ("LastOne.__init__", "misere"): False,
    ("Solution.__init__", "value"): 1,
    ("Solution.__init__", "outcome"): stonegame.Outcome.First,
    ("Solution.__init__", "line"): ["L"],
    ("Move.__init__", "text"): "1:3->1",
    # A legal move from the sample position [1, 2] of every heap game.
    ("Nim.apply", "move"): "1:1->0",
    ("Subtraction.apply", "move"): "1:1->0",
    ("OctalGame.apply", "move"): "1:1->0",
    # Kayles' values to heap 200 prove its period (preperiod 71, period 12).
    ("PeriodCertificate.__init__", "values"): list(stonegame.grundy_sequence("kayles", 200)),
    ("PeriodCertificate.__init__", "max_take"): 2,
}

# Instances of classes the stub gives no constructor.
INSTANCES: Dict[str, Callable[[], Any]] = {
    "PeriodCertificate": lambda: stonegame.find_period("0.137", 1 << 16),
}

# The rows of the scoring games hold signed stone values (i64).
SIGNED = {
    (f"{name}.__init__", parameter)
    for name in ("Ends", "EndsRemainder", "Front", "FrontDoubling", "StoneSplit", "StoneMerge")
    for parameter in ("values",)
} | {("Valuations.__init__", "first"), ("Valuations.__init__", "second")}

NUMBER = "int"
OPTIONAL_NUMBER = "Optional[int]"


def sample(label: str, parameter: Parameter) -> Any:
    """A valid argument: from SAMPLES, else made from the annotation."""
    if (label, parameter.name) in SAMPLES:
        return SAMPLES[(label, parameter.name)]
    annotation = parameter.annotation
    made: Dict[str, Any] = {
        "int": 2,
        "Optional[int]": None,
        "str": "kayles",
        "bool": False,
        "Iterable[int]": [1, 2],
        "Iterable[Tuple[int, int]]": [(1, 2)],
        "Tuple[int, int]": (1, 2),
        "Union[int, Tuple[int, int]]": (3, 2),
        "Hashable": 0,
        # One position of two numbers: a valid row of every game.
        "npt.ArrayLike": [[1, 2]],
    }
    if annotation in made:
        return made[annotation]
    if annotation.startswith("Callable["):
        return lambda *arguments: []
    raise LookupError(f"{label}: no sample for {parameter.name}: {annotation}")


def arguments(item: StubCallable) -> Tuple[List[Any], Dict[str, Any]]:
    """A valid call's arguments."""
    positional: List[Any] = []
    keywords: Dict[str, Any] = {}
    for parameter in item.parameters:
        if parameter.default is not None and (item.label, parameter.name) not in SAMPLES:
            continue
        value = sample(item.label, parameter)
        if parameter.keyword_only:
            keywords[parameter.name] = value
        else:
            positional.append(value)
    return positional, keywords


def target(item: StubCallable) -> Callable[..., Any]:
    """What to call: the function, the class, or the method of a sample instance."""
    if item.owner is None:
        return getattr(stonegame, item.name)
    cls = getattr(stonegame, item.owner)
    if item.name == "__init__":
        return cls
    if item.owner in INSTANCES:
        return getattr(INSTANCES[item.owner](), item.name)
    constructor = CALLABLES[f"{item.owner}.__init__"]
    positional, keywords = arguments(constructor)
    return getattr(cls(*positional, **keywords), item.name)


def call(item: StubCallable, **replaced: Any) -> Any:
    """A valid call with the arguments `replaced` given instead."""
    function = target(item)
    positional, keywords = arguments(item)
    names = [p.name for p in item.parameters if not p.keyword_only]
    for name, value in replaced.items():
        if name in names and names.index(name) < len(positional):
            positional[names.index(name)] = value
        else:
            keywords[name] = value
    return function(*positional, **keywords)


METHODS = [item for item in CALLABLES.values() if not item.is_property]
