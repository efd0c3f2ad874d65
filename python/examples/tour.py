"""A short tour of stonegame from Python (checked by ``mypy --strict``)."""

from typing import List

import stonegame


def kayles_options(n: int) -> List[List[int]]:
    """Kayles written by hand: knock down one pin or two adjacent ones."""
    return [[left, n - take - left] for take in (1, 2) for left in range(n - take + 1)]


def main() -> None:
    print(stonegame.Ends([4, 5, 3, 1, 2]).value())  # 1: LeetCode 877
    nim = stonegame.Nim()
    print(nim.outcome([3, 4, 5]), nim.winning_move([3, 4, 5]))  # First 1:3->1
    kayles = stonegame.OctalGame("kayles")
    print(kayles.winning_move([5, 3]))  # 1:5->3
    mine = stonegame.ImpartialGame(kayles_options, splits=True)
    assert [mine.nimber(n) for n in range(30)] == list(stonegame.grundy_sequence("kayles", 29))
    values = stonegame.grundy_sequence("0.1777", 1000)
    print(int(values.max()), values[:12])
    certificate = stonegame.find_period("0.137", 1 << 16)
    if certificate is not None:
        print(certificate.preperiod, certificate.period)  # 52 34
    try:
        stonegame.OctalGame("0.9")
    except stonegame.InvalidInputError as error:
        print(error)


if __name__ == "__main__":
    main()
