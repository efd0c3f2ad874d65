#!/usr/bin/env python3
"""Writes the reproducible inputs of the scoring-game targets (fixed seeds).

    python3 benches/baseline/gen_inputs.py OUT_DIR

ends_20000.txt      20,000 values in [-10^9, 10^9] (ends: C++ baseline comparison)
ends_10000000.txt   10^7 values in [-10^9, 10^9]   (ends: against a C++ scanf loop that only sums)
remainder_60000.txt 60,000 values in [-10^4, 10^4] (ends-remainder: C++ rolling DP)
doubling_60000.txt  60,000 values in [-10^9, 10^9] (front-doubling value: C++ rolling DP)
front_1000000.txt   10^6 values in [-10^9, 10^9]   (front --max-take 1000000)
doubling_2000.txt   2,000 values in [-10^9, 10^9]  (front-doubling)
remainder_pos_60000.txt 60,000 values in [1, 10^6] (ends-remainder: dp_ratios.sh)
split_16000.txt     16,000 values in [1, 10^6]    (stone-split: dp_ratios.sh)
doubling_8000.txt   8,000 values in [-10^9, 10^9]  (front-doubling: dp_ratios.sh)
"""
import os
import random
import sys


def write(path, n, seed, bound=10**9, low=None):
    rng = random.Random(seed)
    low = -bound if low is None else low
    with open(path, "w") as f:
        # In chunks, so 10^7 values do not build one huge string.
        chunk = 100_000
        for start in range(0, n, chunk):
            count = min(chunk, n - start)
            if start:
                f.write(" ")
            f.write(" ".join(str(rng.randint(low, bound)) for _ in range(count)))
        f.write("\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "target/scoring-inputs"
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, "ends_20000.txt"), 20_000, 1)
    write(os.path.join(out, "front_1000000.txt"), 1_000_000, 2)
    write(os.path.join(out, "doubling_2000.txt"), 2_000, 3)
    write(os.path.join(out, "ends_10000000.txt"), 10_000_000, 4)
    write(os.path.join(out, "remainder_60000.txt"), 60_000, 5, 10**4)
    write(os.path.join(out, "doubling_60000.txt"), 60_000, 6)
    write(os.path.join(out, "remainder_pos_60000.txt"), 60_000, 7, 10**6, 1)
    write(os.path.join(out, "split_16000.txt"), 16_000, 8, 10**6, 1)
    write(os.path.join(out, "doubling_8000.txt"), 8_000, 9)


if __name__ == "__main__":
    main()
