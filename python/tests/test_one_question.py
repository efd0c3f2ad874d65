"""One question, one answer (issue 49): the Python paths (a fresh object, one
reused in another order, the module functions) answer what the CLI answers,
or refuse with the exception class of the CLI's cause. The Rust paths are
compared in tests/cli/one_question.rs."""

import subprocess
from functools import reduce
from typing import List, Tuple, Union

import pytest

import stonegame

from test_cli import cli_binary

CODES = ["0.6", "0.37", "0.1777", "0.137", "kayles", "0.07"]
SUMS: List[List[int]] = [[5000, 3], [4097], [1, 2, 3], [4096, 4095, 7], [2500, 2500]]

Answer = Union[str, type]


def cli_answer(args: List[str]) -> Answer:
    """The CLI's outcome line, or the exception class its refusal maps to."""
    done = subprocess.run([str(cli_binary()), *args], capture_output=True, text=True)
    if done.returncode == 0:
        return done.stdout.strip()
    assert done.returncode == 2, done.stderr
    if "--max-work" in done.stderr:
        return stonegame.WorkLimitError
    if "--memory-mib" in done.stderr:
        return stonegame.BudgetError
    return stonegame.Error


def py_answer(call) -> Answer:
    try:
        return str(call())
    except stonegame.Error as error:
        return type(error)


def cli_values(code: str, upto: int) -> List[int]:
    done = subprocess.run(
        [str(cli_binary()), "grundy", "--octal", code, "--upto", str(upto)],
        capture_output=True,
        text=True,
        check=True,
    )
    return [int(v) for v in done.stdout.split("\n")[0].split()]


def xor_outcome(values: List[int], heaps: List[int]) -> str:
    total = reduce(lambda x, h: x ^ values[h], heaps, 0)
    return "Second" if total == 0 else "First"


@pytest.mark.parametrize("code", CODES)
def test_octal_outcomes_agree_with_the_cli(code: str) -> None:
    largest = max(max(s) for s in SUMS)
    values = cli_values(code, largest)
    assert list(stonegame.grundy_sequence(code, largest)) == values
    reused = stonegame.OctalGame(code)
    backwards = stonegame.OctalGame(code)
    for heaps in reversed(SUMS):
        backwards.outcome(heaps)
    for heaps in SUMS:
        expected = xor_outcome(values, heaps)
        assert py_answer(lambda: stonegame.OctalGame(code).outcome(heaps)) == expected
        assert py_answer(lambda: reused.outcome(heaps)) == expected
        assert py_answer(lambda: backwards.outcome(heaps)) == expected
        assert cli_answer(["octal", code, *map(str, heaps)]) == expected


@pytest.mark.parametrize("code", ["0.6", "0.1777"])
def test_refusals_have_the_cli_cause(code: str) -> None:
    cap = 10_000
    python = py_answer(lambda: stonegame.OctalGame(code, max_work=cap).outcome([5000, 3]))
    command = cli_answer(["octal", code, "--max-work", str(cap), "5000", "3"])
    assert python is stonegame.WorkLimitError
    assert command is python
    sequence = py_answer(lambda: stonegame.grundy_sequence(code, 5000, max_work=cap))
    assert sequence is stonegame.WorkLimitError


@pytest.mark.parametrize("game", ["kayles", "dawsons-kayles", "grundys-game"])
def test_stats_agree_with_the_cli(game: str) -> None:
    upto = 1 << 14
    stats = stonegame.grundy_stats(game, upto)
    done = subprocess.run(
        [str(cli_binary()), "grundy", "--game", game, "--upto", str(upto), "--stats"],
        capture_output=True,
        text=True,
        check=True,
    )
    figures: List[Tuple[str, str]] = []
    for line in done.stdout.splitlines():
        key, _, rest = line.partition(" ")
        if key in ("rare", "last-rare"):
            figures.append((key, rest))
    names = {"rare": "rare_count", "last-rare": "last_rare_heap"}
    assert len(figures) == 2, done.stdout
    for key, text in figures:
        assert str(stats[names[key]]) == text, (game, key)
