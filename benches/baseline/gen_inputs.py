#!/usr/bin/env python3
"""Writes the reproducible inputs of the scoring-game targets (fixed seeds).

    python3 benches/baseline/gen_inputs.py OUT_DIR

ends_20000.txt      20,000 values in [-10^9, 10^9] (ends: C++ baseline comparison)
front_1000000.txt   10^6 values in [-10^9, 10^9]   (front --max-take 1000000)
doubling_2000.txt   2,000 values in [-10^9, 10^9]  (front-doubling)
"""
import os
import random
import sys


def write(path, n, seed):
    rng = random.Random(seed)
    with open(path, "w") as f:
        f.write(" ".join(str(rng.randint(-10**9, 10**9)) for _ in range(n)))
        f.write("\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "target/scoring-inputs"
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, "ends_20000.txt"), 20_000, 1)
    write(os.path.join(out, "front_1000000.txt"), 1_000_000, 2)
    write(os.path.join(out, "doubling_2000.txt"), 2_000, 3)


if __name__ == "__main__":
    main()
