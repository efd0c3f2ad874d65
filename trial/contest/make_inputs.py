#!/usr/bin/env python3
"""Writes the largest inputs the timings use into big/ (fixed seed: the same files each time)."""
import os
import random

rng = random.Random(7)
os.makedirs("big", exist_ok=True)
open("big/can_i_win.txt", "w").write("".join(f"20 {t}\n" for t in range(100, 211, 3)))


def grid(h, w, walls, cat_jump, mouse_jump):
    cells = ["#" if rng.random() < walls else "." for _ in range(h * w)]
    c, m, f = rng.sample(range(h * w), 3)
    cells[c], cells[m], cells[f] = "C", "M", "F"
    rows = "\n".join("".join(cells[r * w:(r + 1) * w]) for r in range(h))
    return f"{h} {w} {cat_jump} {mouse_jump}\n{rows}\n"


open("big/cat_mouse.txt", "w").write(grid(40, 40, 0.2, 3, 2))
n = 200000
digits = "".join(rng.choice("0123456789") for _ in range(n))
players = "".join(rng.choice("TA") for _ in range(n))
open("big/lucky7.txt", "w").write(f"{n}\n{digits}\n{players}\n")
piles = [rng.randint(1, 10**6) for _ in range(10**5 - 1)] + [10**6]
open("big/divisor.txt", "w").write(f"{len(piles)}\n{' '.join(map(str, piles))}\n")
row = " ".join(str(rng.randint(-10**9, 10**9)) for _ in range(5000))
open("big/weighted_ends.txt", "w").write(f"5000\n{row}\n")
