"""Errors in Python's words: no Rust advice (`Budget::...`, score or count
types) in any message, and the refusals the CLI also makes read as the CLI's
(after its `line N: `), with the CLI's flags named as keyword arguments."""

import re
import subprocess
from typing import Any, Callable, List, Optional

import pytest

import stonegame
from test_cli import cli_binary
from test_errors import REFUSALS

RUST_WORDS = re.compile(r"Budget::|wider score type|num_bigint|i128\)|with_work|from_bytes")


@pytest.mark.parametrize("case", REFUSALS, ids=lambda case: case[0])
def test_no_refusal_gives_rust_advice(case: Any) -> None:
    _, ask, _ = case
    with pytest.raises(stonegame.Error) as caught:
        ask()
    error: Optional[BaseException] = caught.value
    while error is not None:
        assert not RUST_WORDS.search(str(error)), str(error)
        error = error.__cause__


def cli_refusal(args: List[str], stdin: Optional[str] = None) -> str:
    """The CLI's message (exit status 2), without `line N: ` and its flag hint."""
    done = subprocess.run([str(cli_binary()), *args], input=stdin, capture_output=True, text=True)
    assert done.returncode == 2, done
    message = re.sub(r"^(line \d+|stonegame): ", "", done.stderr.strip())
    return re.sub(r"; on the command line: .*$", "", message)


def in_python_words(message: str) -> str:
    return message.replace("Budget::with_work", "max_work=").replace("Budget::from_bytes", "memory_mib=")


SAME_AS_THE_CLI: List[tuple] = [
    (["euclid"], "0 5", lambda: stonegame.Euclid().outcome((0, 5))),
    (["euclid"], "7 0", lambda: stonegame.Euclid().winning_move((7, 0))),
    (["grundy", "--octal", "0.1777", "--upto", "1000000", "--max-work", "1000"], None,
     lambda: stonegame.grundy_sequence("0.1777", 10**6, max_work=1000)),
    (["grundy", "--octal", "0.9", "--upto", "10"], None, lambda: stonegame.grundy_sequence("0.9", 10)),
]


@pytest.mark.parametrize("args, stdin, ask", SAME_AS_THE_CLI, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_refusals_read_as_the_clis(args: List[str], stdin: Optional[str], ask: Callable[[], Any]) -> None:
    with pytest.raises(stonegame.Error) as caught:
        ask()
    assert str(caught.value) == in_python_words(cli_refusal(args, stdin))


def test_limits_are_named_as_keyword_arguments() -> None:
    with pytest.raises(stonegame.WorkLimitError, match=r"raise it with max_work=\)$"):
        stonegame.grundy_sequence("0.1777", 10**6, max_work=1000)
    with pytest.raises(stonegame.BudgetError, match=r"raise it with memory_mib=\)$"):
        stonegame.grundy_sequence("0.1777", 10**7, memory_mib=1)


def test_score_overflow_gives_python_advice() -> None:
    game = stonegame.ScoringGame(0, lambda p: [1] if p < 5 else [], lambda p, m: (2**62, p + 1))
    with pytest.raises(stonegame.InvalidInputError, match="use smaller values") as caught:
        game.value()
    assert "wider score type" not in str(caught.value)
