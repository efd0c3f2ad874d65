#!/usr/bin/env python3
"""CPU time (user + sys) and peak RSS of each stonegame/hand pair on big/*.txt, alternating
rounds, via /usr/bin/time -f '%U %S %M'. Prints medians and the ratios.

    python3 timing.py [rounds] [bin-dir] [problem,problem]
"""
import os
import statistics
import subprocess
import sys

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
# Optional: a directory of other builds named like the examples (judge/: the bundles and the
# hand programs compiled as a judge does, `rustc +1.70.0 --edition 2021 -O`).
BIN = sys.argv[2] if len(sys.argv) > 2 else "target/release/examples"
PAIRS = [
    ("can_i_win", [("sg", []), ("negamax", []), ("handmex", []), ("hand", [])]),
    ("cat_mouse", [("sg", []), ("sg", ["--trusted"]), ("hand", [])]),
    ("lucky7", [("sg", []), ("sparse_sg", []), ("handtable", []), ("hand", [])]),
    ("divisor", [("sg", []), ("hand", [])]),
    ("weighted_ends", [("sg", []), ("handfull", []), ("hand", [])]),
]


def measure(problem, variant, args):
    # /usr/bin/time -f '%U %S %M' gives the peak RSS (and CPU in hundredths); os.wait4 on it
    # gives the same user + sys at microsecond resolution (it includes the program, which time
    # waited for, plus time's own ~0.5 ms). Python's own RSS would pollute a direct wait4's
    # ru_maxrss (the forked child starts with it), so memory comes from time.
    with open(f"big/{problem}.txt", "rb") as stdin:
        child = subprocess.Popen(["/usr/bin/time", "-f", "%U %S %M",
                                  f"{BIN}/{problem}_{variant}", *args],
                                 stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        err = child.stderr.read().decode()
        _, status, usage = os.wait4(child.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, (problem, variant, err)
    rss = int(err.split()[-1])
    return usage.ru_utime + usage.ru_stime, rss


ONLY = sys.argv[3].split(",") if len(sys.argv) > 3 else None
for problem, variants in PAIRS:
    if ONLY and problem not in ONLY:
        continue
    variants = [v for v in variants if os.path.exists(f"{BIN}/{problem}_{v[0]}")]
    cpu = {v: [] for v in range(len(variants))}
    mem = {v: [] for v in range(len(variants))}
    for _ in range(ROUNDS):
        for k, (variant, args) in enumerate(variants):
            c, m = measure(problem, variant, args)
            cpu[k].append(c)
            mem[k].append(m)
    hand = len(variants) - 1
    hc, hm = statistics.median(cpu[hand]), statistics.median(mem[hand])
    for k, (variant, args) in enumerate(variants):
        c, m = statistics.median(cpu[k]), statistics.median(mem[k])
        label = variant + ("".join(" " + a for a in args))
        ratio = f"{c / hc:.2f}x" if hc > 0 else "n/a"
        print(f"{problem:14} {label:14} cpu median {c:.4f} s (all {' '.join(f'{x:.4f}' for x in cpu[k])}) "
              f"rss {m} KiB  cpu ratio {ratio}  mem ratio {m / hm:.2f}x", flush=True)
