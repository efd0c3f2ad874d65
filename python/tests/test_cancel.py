"""Ctrl-C cancels the work (issue 45): the worker returns within a fraction
of a second, KeyboardInterrupt is raised, and the next call answers at once.

Checked on a scoring game (`EndsRemainder`, whose O(n^2) sweep looks at its
control between passes); the impartial and retrograde engines look at it too
once wired (issue 47)."""

import _thread
import os
import threading
import time
from pathlib import Path

import pytest

import stonegame


def native_threads(prefix: str) -> int:
    """Threads of this process whose name starts with `prefix` (Linux)."""
    count = 0
    for task in Path("/proc/self/task").iterdir():
        try:
            if (task / "comm").read_text().startswith(prefix):
                count += 1
        except OSError:
            pass
    return count


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="Linux only")
def test_ctrl_c_cancels_a_long_scoring_call() -> None:
    # 200,000 stones: 2·10^10 cells, seconds of work uninterrupted.
    row = [(i * 7919) % 1000 - 500 for i in range(200_000)]
    game = stonegame.EndsRemainder(row)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        game.value()
    interrupted = time.monotonic() - started
    timer.join()
    assert interrupted < 3, f"KeyboardInterrupt after {interrupted:.2f} s"
    # The worker was cancelled and waited for: it is gone (or going) now,
    # not running on to its end.
    deadline = time.monotonic() + 0.5
    while native_threads("stonegame-work") and time.monotonic() < deadline:
        time.sleep(0.01)
    assert native_threads("stonegame-work") == 0
    # The next calls answer at once (no abandoned work competes for the CPU).
    started = time.monotonic()
    assert stonegame.EndsRemainder(row[:2000]).value() == stonegame.EndsRemainder(
        row[:2000]
    ).value()
    small = stonegame.EndsRemainder([5, 3, 1, 4, 2] * 20)
    assert isinstance(small.value(), int)
    assert time.monotonic() - started < 2


def test_ctrl_c_cancels_a_call_on_a_game_of_its_own_thread() -> None:
    # An octal game lives on a thread of its own; before its calls were
    # cancelled, the next call on the same object queued behind the
    # abandoned one (52.8 s once). A heap of 10^9 in 0.6: seconds of work.
    game = stonegame.OctalGame("0.6")
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        game.nimber([10**9])
    interrupted = time.monotonic() - started
    timer.join()
    assert interrupted < 3, f"KeyboardInterrupt after {interrupted:.2f} s"
    started = time.monotonic()
    assert game.nimber([3]) == stonegame.OctalGame("0.6").nimber([3])
    assert time.monotonic() - started < 2, "the next call waited for the abandoned one"
