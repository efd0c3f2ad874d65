#!/usr/bin/env bash
# "Your own game at the cost of a hand-written DP" (issue 42), GrundySolver:
# examples/grundy_grid.rs (a token on an N x N grid moves up by A, left by B
# or diagonally by C; the XOR of the Grundy values of Q token cells) in its
# fastest form (cells listed with their numbers, options given by number)
# against benches/baseline/hand_grundy_grid.rs (a flat byte table, a 64-bit
# mask mex). Also times the example's other forms: `positions` (options by
# position, each component numbered by the solver and checked by mapping
# its number back) and `positions-trusting` (the same without the check).
#
#   benches/baseline/own_grundy_grid.sh [ROUNDS] [SIDE] [QUERIES]
#
# ROUNDS alternations (default 5), SIDE the board's side (default 3000),
# QUERIES token cells drawn by a seeded RNG (default 200000). Checks that the
# outputs agree, then prints per round and program the CPU time (user +
# system, from wait4) and the peak RSS (KiB, from /usr/bin/time), and the
# ratios ours / hand of the medians.
set -euo pipefail
rounds=${1:-5}
side=${2:-3000}
queries=${3:-200000}
cd "$(dirname "$0")/../.."
build=target/own-grundy-grid
mkdir -p "$build"

# The release profile's optimisation (Cargo.toml: opt-level 3, one codegen
# unit, fat LTO) for the hand program.
rustc --edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat \
    -o "$build/hand" benches/baseline/hand_grundy_grid.rs
cargo build --release --quiet --example grundy_grid
cp target/release/examples/grundy_grid "$build/ours"

python3 - "$side" "$queries" >"$build/input.txt" <<'PY'
import random, sys
side, queries = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(42)
print(side, 2, 3, 5, queries)
print("\n".join(f"{rng.randrange(side)} {rng.randrange(side)}" for _ in range(queries)))
PY

"$build/hand" <"$build/input.txt" >"$build/hand.out"
for form in numbered positions positions-trusting; do
    "$build/ours" --form "$form" <"$build/input.txt" >"$build/$form.out"
    cmp "$build/hand.out" "$build/$form.out"
done
echo "outputs agree: XOR $(cat "$build/hand.out")"

python3 - "$build" "$rounds" <<'PY'
import os, statistics, subprocess, sys
build, rounds = sys.argv[1], int(sys.argv[2])
programs = {
    "hand": [f"{build}/hand"],
    "numbered": [f"{build}/ours", "--form", "numbered"],
    "positions": [f"{build}/ours", "--form", "positions"],
    "trusting": [f"{build}/ours", "--form", "positions-trusting"],
}

def cpu_seconds(command):
    with open(f"{build}/input.txt") as stdin:
        child = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
    assert status == 0, command
    return usage.ru_utime + usage.ru_stime

def peak_kib(command):
    with open(f"{build}/input.txt") as stdin:
        done = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdin=stdin,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(done.stderr.split()[-1])

cpu = {p: [] for p in programs}
peak = {p: [] for p in programs}
for r in range(rounds):
    for p, command in programs.items():  # alternating: every program sees the same load
        cpu[p].append(cpu_seconds(command))
        peak[p].append(peak_kib(command))
        print(f"round {r + 1} {p:10} {cpu[p][-1] * 1000:8.1f} ms CPU {peak[p][-1]:7} KiB", flush=True)
median = {p: statistics.median(cpu[p]) for p in programs}
top = {p: max(peak[p]) for p in programs}
for p in programs:
    print(f"median {p:10} {median[p] * 1000:8.1f} ms CPU, peak {top[p]} KiB: "
          f"x{median[p] / median['hand']:.2f} CPU and x{top[p] / top['hand']:.2f} peak of hand")
PY
