"""Every whole-number argument of every public callable, and every whole
number inside a position or a row, refuses what is not a whole number in its
range (negative, beyond 64 bits, a float, a bool, a string, None) with
`InvalidInputError` naming it: never Python's `OverflowError` or
`TypeError`. The callables and their number parameters are found by
introspection (the stub's annotations, checked against the module's own
signatures), so a new function or method is covered without a word here;
one whose sample call cannot be made from its annotations fails
`test_every_callable_has_a_sample_call` until SAMPLES says how."""

import inspect
from decimal import Decimal
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import numpy as np
import pytest

import calls
import stonegame
from calls import CALLABLES, INSTANCES, METHODS, NUMBER, OPTIONAL_NUMBER, SIGNED, call
from stub import Callable as StubCallable
from stub import Parameter


def numbers(item: StubCallable) -> List[Parameter]:
    return [p for p in item.parameters if p.annotation in (NUMBER, OPTIONAL_NUMBER)]


def holds_numbers(parameter: Parameter) -> bool:
    """An iterable or a pair of ints (heaps, a row, edges, a position)."""
    annotation = parameter.annotation
    return annotation not in (NUMBER, OPTIONAL_NUMBER) and "int" in annotation and "Callable" not in annotation


def bad_numbers(signed: bool, optional: bool) -> List[Any]:
    """What no whole-number parameter accepts."""
    values: List[Any] = [
        2**200,
        -(2**200),
        1.0,
        1.5,
        float("nan"),
        True,
        False,
        "1",
        Decimal(1),
        np.float64(1.0),
        [1],
    ]
    values += [-(2**63) - 1, 2**64] if signed else [-1, 2**64, np.int64(-1)]
    if not optional:
        values.append(None)
    return values


def test_every_public_name_is_in_the_stub() -> None:
    stubbed = {item.owner or item.name for item in CALLABLES.values()}
    runtime = {
        name
        for name in stonegame.__all__
        if callable(getattr(stonegame, name)) and not (
            isinstance(getattr(stonegame, name), type) and issubclass(getattr(stonegame, name), BaseException)
        )
    }
    assert runtime - stubbed <= {"Outcome", "Convention", "Move", "Solution"}
    assert stubbed <= set(stonegame.__all__)


def runtime_parameters(item: StubCallable) -> List[inspect.Parameter]:
    if item.owner is None:
        function: Any = getattr(stonegame, item.name)
    elif item.name == "__init__":
        function = getattr(stonegame, item.owner)
    else:
        function = getattr(getattr(stonegame, item.owner), item.name)
    return [p for p in inspect.signature(function).parameters.values() if p.name != "self"]


@pytest.mark.parametrize("item", [i for i in METHODS], ids=lambda i: i.label)
def test_the_stub_matches_the_module(item: StubCallable) -> None:
    """Names, order, keyword-only markers and defaults agree."""
    if item.owner in INSTANCES and item.name == "__init__":
        return
    runtime = runtime_parameters(item)
    assert [p.name for p in runtime] == [p.name for p in item.parameters]
    for mine, theirs in zip(item.parameters, runtime):
        assert mine.keyword_only == (theirs.kind == inspect.Parameter.KEYWORD_ONLY), mine.name
        assert (mine.default is None) == (theirs.default is inspect.Parameter.empty), mine.name
        if mine.default not in (None, "..."):
            assert repr(theirs.default) == mine.default, mine.name


@pytest.mark.parametrize("item", METHODS, ids=lambda i: i.label)
def test_every_callable_has_a_sample_call(item: StubCallable) -> None:
    call(item)


def probes() -> Iterator[Tuple[StubCallable, Parameter, Any]]:
    for item in METHODS:
        for parameter in numbers(item):
            signed = (item.label, parameter.name) in SIGNED
            for value in bad_numbers(signed, parameter.annotation == OPTIONAL_NUMBER):
                yield item, parameter, value


@pytest.mark.parametrize(
    "item, parameter, value",
    list(probes()),
    ids=[f"{i.label}-{p.name}-{v!r}"[:80] for i, p, v in probes()],
)
def test_number_arguments_refuse_what_is_not_a_whole_number_in_range(
    item: StubCallable, parameter: Parameter, value: Any
) -> None:
    with pytest.raises(stonegame.InvalidInputError) as caught:
        call(item, **{parameter.name: value})
    assert f"invalid {parameter.name}:" in str(caught.value)


def leaves(value: Any, path: Tuple[int, ...] = ()) -> Iterator[Tuple[int, ...]]:
    """The paths of the ints inside a sample (a list of pairs, a pair, ...)."""
    if isinstance(value, int) and not isinstance(value, bool):
        yield path
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from leaves(item, path + (index,))


def replaced(value: Any, path: Tuple[int, ...], new: Any) -> Any:
    if not path:
        return new
    items = list(value)
    items[path[0]] = replaced(items[path[0]], path[1:], new)
    return type(value)(items)


def element_probes() -> Iterator[Tuple[StubCallable, Parameter, Any]]:
    for item in METHODS:
        for parameter in item.parameters:
            if not holds_numbers(parameter):
                continue
            good = calls.sample(item.label, parameter)
            signed = (item.label, parameter.name) in SIGNED
            for path in leaves(good):
                for bad in bad_numbers(signed, optional=False):
                    if isinstance(bad, list):
                        continue
                    yield item, parameter, replaced(good, path, bad)
            # Not an iterable of numbers at all.
            for bad in (None, 1.5, object()):
                yield item, parameter, bad


@pytest.mark.parametrize(
    "item, parameter, value",
    list(element_probes()),
    ids=[f"{i.label}-{p.name}-{v!r}"[:80] for i, p, v in element_probes()],
)
def test_numbers_inside_arguments_refuse_what_is_not_a_whole_number_in_range(
    item: StubCallable, parameter: Parameter, value: Any
) -> None:
    with pytest.raises(stonegame.InvalidInputError) as caught:
        call(item, **{parameter.name: value})
    assert str(caught.value).startswith("invalid ")


def extremes(signed: bool) -> List[int]:
    return [-(2**63), 2**63 - 1, 0] if signed else [0, 2**32, 2**63, 2**64 - 1]


def extreme_probes() -> Iterator[Tuple[StubCallable, Parameter, int]]:
    for item in METHODS:
        for parameter in numbers(item):
            for value in extremes((item.label, parameter.name) in SIGNED):
                yield item, parameter, value


@pytest.mark.parametrize(
    "item, parameter, value",
    list(extreme_probes()),
    ids=[f"{i.label}-{p.name}-{v}" for i, p, v in extreme_probes()],
)
def test_extreme_whole_numbers_are_answered_or_refused_by_the_library(
    item: StubCallable, parameter: Parameter, value: int
) -> None:
    """Within the type, a value is answered or refused as the library
    refuses (a `stonegame.Error`): no overflow, no panic, no other error.
    Small limits keep every call short."""
    limits: Dict[str, Optional[int]] = {"memory_mib": 16, "max_work": 10**6}
    given = {
        name: limit
        for name, limit in limits.items()
        if name != parameter.name and any(p.name == name for p in item.parameters)
    }
    try:
        call(item, **{parameter.name: value}, **given)
    except stonegame.Error:
        pass


def test_numpy_integers_are_whole_numbers() -> None:
    heaps = np.array([3, 4, 5], dtype=np.uint64)
    assert stonegame.Nim().nimber(heaps) == 2
    assert stonegame.Nim().nimber([np.int8(3), np.uint16(4), np.int64(5)]) == 2
    assert list(stonegame.grundy_sequence("kayles", np.int32(4))) == [0, 1, 2, 3, 1]
    assert stonegame.Ends(np.array([4, -5, 3], dtype=np.int64)).value() == stonegame.Ends([4, -5, 3]).value() == -4


def test_messages_name_the_argument_and_what_it_was() -> None:
    with pytest.raises(stonegame.InvalidInputError, match=r"^invalid upto: -1 is not a whole number from 0 to"):
        stonegame.grundy_sequence("kayles", -1)
    with pytest.raises(stonegame.InvalidInputError, match=r"^invalid a_coins: -1 is not"):
        stonegame.janken_count(-1, 2, 3)
    with pytest.raises(stonegame.InvalidInputError, match=r"a 201-bit number"):
        stonegame.Nim(max_work=2**200)
    with pytest.raises(stonegame.InvalidInputError, match=r"invalid heap: value 2: bool \(True\)"):
        stonegame.Nim().outcome([1, True])
    with pytest.raises(stonegame.InvalidInputError, match=r"invalid edges: edge 2: v = -1"):
        stonegame.solve_graph(2, [(0, 1), (1, -1)])
    with pytest.raises(stonegame.InvalidInputError, match=r"invalid points: float \(2\.5\)"):
        stonegame.ScoringGame(0, lambda p: [1] if p == 0 else [], lambda p, m: (2.5, 1)).value()
    with pytest.raises(stonegame.InvalidInputError, match=r"invalid play: .* not 3$"):
        stonegame.ScoringGame(0, lambda p: [1] if p == 0 else [], lambda p, m: 3).value()
