"""The planner behind OctalGame.outcome, grundy_sequence and grundy_stats:
the CLI's path (issue 49). Outcomes of heaps above 4,096 of codes without a
short period come from the values up to the largest heap; periodic games'
sequences and statistics are read off their certified period."""

from functools import reduce

import stonegame
from test_cli import cli


def test_outcomes_above_4096_equal_the_sequence_xor() -> None:
    for code, heaps in [("0.6", [5000]), ("0.37", [5000, 4097]), ("0.1777", [4097, 12])]:
        values = stonegame.grundy_sequence(code, max(heaps))
        total = reduce(lambda acc, h: acc ^ int(values[h]), heaps, 0)
        expected = stonegame.Outcome.First if total else stonegame.Outcome.Second
        assert stonegame.OctalGame(code).outcome(heaps) == expected
        assert str(expected) == cli(["octal", code, *map(str, heaps)])


def test_periodic_sequences_are_read_off_their_period() -> None:
    # 10^6 values of Kayles: the kernel alone stopped at its work cap.
    kayles = stonegame.grundy_sequence("kayles", 10**6)
    assert len(kayles) == 10**6 + 1
    assert list(kayles[-12:]) == list(kayles[-24:-12])
    stats = stonegame.grundy_stats("kayles", 10**6)
    assert stats["heaps"] == 10**6 + 1
    printed = cli(["grundy", "--game", "kayles", "--upto", str(10**6), "--stats"])
    figures = dict(line.split(" ", 1) for line in printed.splitlines() if not line.startswith("at "))
    assert int(figures["rare"]) == stats["rare_count"]
    assert int(figures["mask"], 16) == stats["mask"]
