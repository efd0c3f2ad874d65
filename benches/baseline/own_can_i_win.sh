#!/usr/bin/env bash
# LeetCode 464 "Can I Win": examples/can_i_win.rs (the game through
# ImpartialGame, numbered by mask, solved by OutcomeSolver's one-sweep byte
# table with early exit) against benches/baseline/hand_can_i_win.rs (a
# bottom-up byte table over the masks, early exit: the same sweep by hand),
# and for reference the hand memoised recursion (`--top-down`, which visits
# only the masks reachable before early exits).
#
#   benches/baseline/own_can_i_win.sh [ROUNDS] [QUERIES] [REPEAT]
#
# ROUNDS alternations (default 5); QUERIES random lines `20 T` with
# 100 <= T <= 210 (default 40: every one sweeps all 2^20 masks); REPEAT runs
# of each program a round (default 3). Checks that the outputs agree, then
# prints per round and program the CPU time of one run (user + system, mean
# of REPEAT, from wait4) and the peak RSS (KiB, /usr/bin/time), and the
# ratios to the bottom-up hand DP of the medians.
set -euo pipefail
rounds=${1:-5}
queries=${2:-40}
repeat=${3:-3}
cd "$(dirname "$0")/../.."
build=target/own-can-i-win
mkdir -p "$build"

# The release profile's optimisation (Cargo.toml) for the hand program.
rustc --edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat \
    -o "$build/hand" benches/baseline/hand_can_i_win.rs
printf '#!/bin/sh\nexec "%s/hand" --top-down\n' "$(pwd)/$build" >"$build/hand-top-down"
chmod +x "$build/hand-top-down"
cargo build --release --quiet --example can_i_win
cp target/release/examples/can_i_win "$build/ours"

python3 - "$queries" >"$build/input.txt" <<'PY'
import random, sys
rng = random.Random(464)
for _ in range(int(sys.argv[1])):
    print(20, rng.randint(100, 210))
PY

"$build/hand" <"$build/input.txt" >"$build/hand.out"
"$build/hand-top-down" <"$build/input.txt" >"$build/top.out"
"$build/ours" <"$build/input.txt" >"$build/ours.out"
cmp "$build/hand.out" "$build/ours.out"
cmp "$build/hand.out" "$build/top.out"
echo "outputs agree: $(wc -l <"$build/hand.out") answers, $(grep -c true "$build/hand.out") true"

python3 - "$build" "$rounds" "$repeat" <<'PY'
import os, statistics, subprocess, sys
build, rounds, repeat = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
programs = ["hand", "ours", "hand-top-down"]

def cpu_seconds(binary):
    with open(f"{build}/input.txt") as stdin:
        child = subprocess.Popen([binary], stdin=stdin, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
    assert status == 0, binary
    return usage.ru_utime + usage.ru_stime

def peak_kib(binary):
    with open(f"{build}/input.txt") as stdin:
        done = subprocess.run(["/usr/bin/time", "-f", "%M", binary], stdin=stdin,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(done.stderr.split()[-1])

cpu = {p: [] for p in programs}
peak = {p: [] for p in programs}
for r in range(rounds):
    for p in programs:  # alternating: every program sees the same load
        binary = f"{build}/{p}"
        cpu[p].append(sum(cpu_seconds(binary) for _ in range(repeat)) / repeat)
        peak[p].append(peak_kib(binary))
        print(f"round {r + 1} {p:13} {cpu[p][-1] * 1000:8.1f} ms CPU {peak[p][-1]:6} KiB", flush=True)
median = {p: statistics.median(cpu[p]) for p in programs}
top = {p: max(peak[p]) for p in programs}
for p in programs:
    print(f"median {p:13} {median[p] * 1000:8.1f} ms CPU, peak {top[p]} KiB: "
          f"x{median[p] / median['hand']:.2f} CPU and x{top[p] / top['hand']:.2f} peak of hand")
PY
