"""Ctrl-C: long native work raises KeyboardInterrupt, and stops."""

import _thread
import os
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

import stonegame


def native_threads(prefix: str) -> int:
    """Threads of this process whose name starts with `prefix` (Linux)."""
    tasks = Path("/proc/self/task")
    count = 0
    for task in tasks.iterdir():
        try:
            if (task / "comm").read_text().startswith(prefix):
                count += 1
        except OSError:
            pass
    return count


def interrupt_in(seconds: float) -> threading.Timer:
    """Presses Ctrl-C (a SIGINT for the main thread) after `seconds`."""
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="Linux only")
def test_ctrl_c_stops_a_grundy_sequence() -> None:
    started = time.monotonic()
    interrupt_in(0.5)
    with pytest.raises(KeyboardInterrupt):
        stonegame.grundy_sequence("grundys-game", 200_000_000, memory_mib=2048)
    assert time.monotonic() - started < 5
    # The abandoned work sees the cancel flag within one chunk and ends.
    deadline = time.monotonic() + 5
    while native_threads("stonegame-seq") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert native_threads("stonegame-seq") == 0


def test_ctrl_c_stops_a_python_defined_game() -> None:
    def moves(n: int) -> Iterator[int]:
        return iter(range(n))

    started = time.monotonic()
    interrupt_in(0.5)
    with pytest.raises(KeyboardInterrupt):
        stonegame.ImpartialGame(moves).nimber(1_000_000)
    assert time.monotonic() - started < 5
