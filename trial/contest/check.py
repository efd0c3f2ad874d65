#!/usr/bin/env python3
"""Random small cases plus the samples: the stonegame and hand programs must agree.

    python3 check.py [cases]    (run from trial/contest after `cargo build --release --examples`)
    CHECK_BIN=judge/ python3 check.py    (the bundles, see timing-judge.txt)
"""
import os
import random
import subprocess
import sys

# CHECK_BIN=judge/ checks the bundles (compiled as a judge does) against the hand programs.
BIN = os.environ.get("CHECK_BIN", "target/release/examples/")
CASES = int(sys.argv[1]) if len(sys.argv) > 1 else 250
rng = random.Random(464)


def run(name, text, *args):
    out = subprocess.run([BIN + name, *args], input=text.encode(), capture_output=True, check=True)
    return out.stdout.decode()


def agree(problem, inputs, expected=None, variants=(("sg",), ("hand",))):
    bad = 0
    variants = [v for v in variants if os.path.exists(f"{BIN}{problem}_{v[0]}")]
    for k, text in enumerate(inputs):
        outs = [run(f"{problem}_{v[0]}", text, *v[1:]) for v in variants]
        if len(set(outs)) != 1 or (expected and expected[k] is not None and outs[0] != expected[k]):
            bad += 1
            if bad <= 3:
                print(f"{problem}: disagreement on\n{text}\n{outs} expected {expected and expected[k]}")
    print(f"{problem}: {len(inputs)} inputs, {bad} disagreements")
    return bad


def can_i_win():
    samples = "10 11\n10 0\n10 1\n"
    lines = [f"{rng.randint(1, 12)} {rng.randint(0, 80)}" for _ in range(CASES)]
    lines += [f"{m} {t}" for m in range(1, 11) for t in range(0, 60, 3)]
    variants = (("sg",), ("negamax",), ("handmex",), ("hand",))
    return agree("can_i_win", [samples, "\n".join(lines) + "\n"], ["false\ntrue\ntrue\n", None], variants)


def grid_case():
    h, w = rng.randint(1, 8), rng.randint(1, 8)
    while h * w < 3:
        h, w = rng.randint(1, 8), rng.randint(1, 8)
    cells = [rng.choice(".#") if rng.random() < 0.3 else "." for _ in range(h * w)]
    c, m, f = rng.sample(range(h * w), 3)
    cells[c], cells[m], cells[f] = "C", "M", "F"
    rows = ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]
    return f"{h} {w} {rng.randint(1, 8)} {rng.randint(1, 8)}\n" + "\n".join(rows) + "\n"


def cat_mouse():
    samples = open("samples_cat_mouse.txt").read()
    random_cases = "".join(grid_case() for _ in range(CASES))
    variants = (("sg",), ("sg", "--trusted"), ("hand",))
    return agree("cat_mouse", [samples, random_cases], ["true\ntrue\nfalse\nfalse\ntrue\n", None], variants)


def lucky7():
    samples = [("2\n35\nAT\n", "Takahashi\n"), ("2\n35\nTA\n", "Aoki\n"),
               ("5\n12345\nAAAAT\n", "Aoki\n"), ("5\n67890\nTTTTA\n", "Takahashi\n")]
    inputs = [s for s, _ in samples]
    expected = [e for _, e in samples]
    for _ in range(CASES):
        n = rng.randint(1, 12)
        s = "".join(rng.choice("0123456789") for _ in range(n))
        x = "".join(rng.choice("TA") for _ in range(n))
        inputs.append(f"{n}\n{s}\n{x}\n")
        expected.append(None)
    return agree("lucky7", inputs, expected, (("sg",), ("sparse_sg",), ("handtable",), ("hand",)))


def v2(x):
    return (x & -x).bit_length() - 1


def divisor():
    inputs, expected = [], []
    for _ in range(CASES):
        n = rng.randint(1, 6)
        piles = [rng.randint(1, rng.choice([10, 100, 5000])) for _ in range(n)]
        inputs.append(f"{n}\n{' '.join(map(str, piles))}\n")
        x = 0
        for p in piles:
            x ^= v2(p)  # independent check: the Grundy value is the power of 2 in x
        expected.append("First\n" if x else "Second\n")
    return agree("divisor", inputs, expected)


def weighted_brute(a):
    n = len(a)
    from functools import lru_cache

    @lru_cache(None)
    def v(l, r):
        if l == r:
            return 0
        k = n - (r - l) + 1
        return max(k * a[l] - v(l + 1, r), k * a[r - 1] - v(l, r - 1))
    return v(0, n)


def weighted_ends():
    inputs, expected = ["3\n1 5 2\n"], [f"{weighted_brute((1, 5, 2))}\n"]
    for _ in range(CASES):
        n = rng.randint(0, 12)
        a = tuple(rng.randint(-10**9, 10**9) if rng.random() < 0.3 else rng.randint(-9, 9) for _ in range(n))
        inputs.append(f"{n}\n{' '.join(map(str, a))}\n")
        expected.append(f"{weighted_brute(a)}\n")
    return agree("weighted_ends", inputs, expected, (("sg",), ("handfull",), ("hand",)))


bad = sum(f() for f in (can_i_win, cat_mouse, lucky7, divisor, weighted_ends))
sys.exit(1 if bad else 0)
