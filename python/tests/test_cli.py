"""The README's command-line examples answered by `import stonegame`: each
answer is compared with the CLI binary's (target/release/stonegame, built by
`cargo build --release --features cli` when missing)."""

import os
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Callable, List, Optional

import pytest

import stonegame

if hasattr(sys, "set_int_max_str_digits"):
    # Exact janken counts have thousands of digits.
    sys.set_int_max_str_digits(0)

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def cli_binary() -> Path:
    """The CLI: $STONEGAME_CLI, else target/release/stonegame brought up to
    date once per session (`cargo build --release --features cli`)."""
    override = os.environ.get("STONEGAME_CLI")
    if override:
        return Path(override)
    if shutil.which("cargo") is None:
        pytest.fail("no cargo to build the CLI (or set STONEGAME_CLI to its path)")
    subprocess.run(["cargo", "build", "--release", "--features", "cli"], cwd=ROOT, check=True)
    return ROOT / "target" / "release" / "stonegame"


def cli(args: List[str], stdin: Optional[str] = None) -> str:
    """The CLI's answer (standard output, stripped)."""
    done = subprocess.run(
        [str(cli_binary()), *args], input=stdin, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def first_move(outcome: stonegame.Outcome, move: Optional[stonegame.Move]) -> str:
    """The CLI's `--move` answer."""
    if outcome == stonegame.Outcome.First and move is not None:
        return f"First {move}"
    return str(outcome)


def line(solution: stonegame.Solution) -> str:
    """The CLI's `--line` answer."""
    return f"{solution.value} | " + " ".join(str(m) for m in solution.line)


EXAMPLES: List[tuple] = [
    (["ends"], "4 5 3 1 2", lambda: str(stonegame.Ends([4, 5, 3, 1, 2]).value())),
    (["ends", "--line"], "5 3 4 5", lambda: line(stonegame.Ends([5, 3, 4, 5]).solve())),
    (["front", "--max-take", "3"], "1 2 3 7", lambda: str(stonegame.Front([1, 2, 3, 7], 3).value())),
    (["valuations"], "2 4 3 / 1 6 7", lambda: str(stonegame.Valuations([2, 4, 3], [1, 6, 7]).value())),
    (["stone-split"], "6 2 3 4 5 5", lambda: str(stonegame.StoneSplit([6, 2, 3, 4, 5, 5]).value())),
    (
        ["nim", "--move", "3", "4", "5"],
        None,
        lambda: first_move(stonegame.Nim().outcome([3, 4, 5]), stonegame.Nim().winning_move([3, 4, 5])),
    ),
    (
        ["subtraction", "--set", "2,3", "--move", "1000000000000000002"],
        None,
        lambda: first_move(
            stonegame.Subtraction([2, 3]).outcome([10**18 + 2]),
            stonegame.Subtraction([2, 3]).winning_move([10**18 + 2]),
        ),
    ),
    (
        ["boxes", "--misere", "9:3", "5:2"],
        None,
        lambda: str(stonegame.Boxes(misere=True).outcome([(9, 3), (5, 2)])),
    ),
    (
        ["octal", "kayles", "--move", "5", "3"],
        None,
        lambda: first_move(
            stonegame.OctalGame("kayles").outcome([5, 3]),
            stonegame.OctalGame("kayles").winning_move([5, 3]),
        ),
    ),
    (["last-one", "1", "2", "3", "4", "5", "6"], None, lambda: str(stonegame.LastOne().outcome([1, 2, 3, 4, 5, 6]))),
    # Rows of single sticks tell misère play (the default) from normal play.
    (["last-one", "1"], None, lambda: str(stonegame.LastOne().outcome([1]))),
    (["last-one", "1", "1"], None, lambda: str(stonegame.LastOne().outcome([1, 1]))),
    (
        ["wythoff", "--move", "5", "7"],
        None,
        lambda: first_move(stonegame.Wythoff().outcome((5, 7)), stonegame.Wythoff().winning_move((5, 7))),
    ),
    (
        ["hackenbush", "--move", "0-1", "1-2", "2-0", "0-3", "3-4"],
        None,
        lambda: first_move(
            stonegame.GreenHackenbush([(0, 1), (1, 2), (2, 0), (0, 3), (3, 4)]).outcome(),
            stonegame.GreenHackenbush([(0, 1), (1, 2), (2, 0), (0, 3), (3, 4)]).winning_move(),
        ),
    ),
    (
        ["octal", "--misere", "--move", "kayles", "1500", "1200", "900", "7"],
        None,
        lambda: first_move(
            stonegame.OctalGame("kayles", misere=True).outcome([1500, 1200, 900, 7]),
            stonegame.OctalGame("kayles", misere=True).winning_move([1500, 1200, 900, 7]),
        ),
    ),
    (
        ["octal", "4.(3)", "1000000000000000000", "5"],
        None,
        lambda: str(stonegame.OctalGame("4.(3)").outcome([10**18, 5])),
    ),
    (
        ["grundy", "--game", "kayles", "--upto", "20", "--period"],
        None,
        lambda: " ".join(str(v) for v in stonegame.grundy_sequence("kayles", 20))
        + "\n"
        + "no period certified up to 20",
    ),
    (
        ["grundy", "--set", "2,3", "--upto", "30", "--period"],
        None,
        lambda: " ".join(str(v) for v in stonegame.Subtraction([2, 3]).grundy_sequence(30))
        + "\npreperiod {} period {}".format(*stonegame.Subtraction([2, 3]).period()),
    ),
    (
        ["grundy", "--octal", "0.137", "--upto", "2000", "--period-only"],
        None,
        lambda: "preperiod {0.preperiod} period {0.period}".format(stonegame.find_period("0.137", 2001)),
    ),
    (
        ["grundy", "--octal", "0.1777", "--upto", "100000"],
        None,
        lambda: " ".join(map(str, stonegame.grundy_sequence("0.1777", 100000).tolist())),
    ),
    (["janken"], "30,30,24", lambda: str(stonegame.janken_count(30, 30, 24))),
    (["janken"], "50,50,10000", lambda: str(stonegame.janken_count(50, 50, 10000))),
    (
        ["janken", "--modulo", "1000000007"],
        "30,40,1000000000000",
        lambda: str(stonegame.janken_count(30, 40, 10**12, modulo=1_000_000_007)),
    ),
    (
        ["graph"],
        "3 2\n0 1\n1 2\n",
        lambda: "\n".join(
            value if r is None else f"{value} {r}" for value, r in stonegame.solve_graph(3, [(0, 1), (1, 2)])
        ),
    ),
    (
        ["moore", "--k", "2", "--move", "1", "2", "3"],
        None,
        lambda: first_move(stonegame.Moore(2).outcome([1, 2, 3]), stonegame.Moore(2).winning_move([1, 2, 3])),
    ),
    (
        ["staircase", "--move", "3", "1", "4"],
        None,
        lambda: first_move(stonegame.Staircase().outcome([3, 1, 4]), stonegame.Staircase().winning_move([3, 1, 4])),
    ),
    (
        ["euclid", "--move", "25", "7"],
        None,
        lambda: first_move(stonegame.Euclid().outcome((25, 7)), stonegame.Euclid().winning_move((25, 7))),
    ),
    (
        ["fibonacci-nim", "--move", "20"],
        None,
        lambda: first_move(stonegame.FibonacciNim().outcome(20), stonegame.FibonacciNim().winning_move(20)),
    ),
    (["ends-remainder", "--line"], "5 3 1 4 2", lambda: line(stonegame.EndsRemainder([5, 3, 1, 4, 2]).solve())),
    (["front-doubling", "--line"], "2 7 9 4 4", lambda: line(stonegame.FrontDoubling([2, 7, 9, 4, 4]).solve())),
    (["valuations", "--line"], "1 3 / 2 1", lambda: line(stonegame.Valuations([1, 3], [2, 1]).solve())),
    (["stone-merge", "--line"], "-1 2 -3 4 -5", lambda: line(stonegame.StoneMerge([-1, 2, -3, 4, -5]).solve())),
    (["stone-mod3"], "2 1", lambda: str(stonegame.StoneMod3([2, 1]).value())),
]


@pytest.mark.parametrize("args, stdin, python", EXAMPLES, ids=[" ".join(e[0]) for e in EXAMPLES])
def test_same_answer_as_cli(args: List[str], stdin: Optional[str], python: Callable[[], str]) -> None:
    assert python() == cli(args, stdin)


def test_same_error_message_as_cli() -> None:
    done = subprocess.run(
        [str(cli_binary()), "octal", "0.9", "1"], capture_output=True, text=True
    )
    assert done.returncode == 2
    with pytest.raises(stonegame.InvalidInputError) as caught:
        stonegame.OctalGame("0.9")
    assert str(caught.value) in done.stderr
