#!/usr/bin/env bash
# "Your own game at the cost of a hand-written DP" (issue 32), impartial side:
# examples/poj2311.rs (the Cutting Game through ImpartialGame, numbered as the
# docs recommend, solved by GrundySolver's one-sweep table) against
# benches/baseline/hand_poj2311.rs (a flat byte table, each cut once, a stamp
# mex), and the bundled example (tools/bundle, rustc -O as a judge compiles it)
# against the hand program compiled the same way (hand-judge).
#
#   benches/baseline/own_impartial.sh [ROUNDS] [QUERIES] [REPEAT]
#
# ROUNDS alternations (default 5); QUERIES random `W H` lines after `200 200`
# (default 10000), so every sheet up to 200 x 200 is needed; REPEAT runs of
# each program a round (default 20: one run takes milliseconds). Checks that
# the three outputs agree, runs the bundle under `ulimit -v 262144`, then
# prints per round and program the CPU time of one run (user + system, mean
# of REPEAT, from wait4's microsecond counters) and the peak RSS (KiB, from
# /usr/bin/time), and the ratios ours / hand of the medians.
set -euo pipefail
rounds=${1:-5}
queries=${2:-10000}
repeat=${3:-20}
cd "$(dirname "$0")/../.."
build=target/own-impartial
mkdir -p "$build"

# The release profile's optimisation (Cargo.toml: opt-level 3, one codegen
# unit, fat LTO) for the hand program.
rustc --edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat \
    -o "$build/hand" benches/baseline/hand_poj2311.rs
# The hand program as a judge compiles it too, the bundle's yardstick.
rustc --edition 2021 -O -o "$build/hand-judge" benches/baseline/hand_poj2311.rs
cargo build --release --quiet --example poj2311
cp target/release/examples/poj2311 "$build/ours"
tools/bundle examples/poj2311.rs >"$build/bundle.rs"
rustc --edition 2021 -O -o "$build/bundle" "$build/bundle.rs"

python3 - "$queries" >"$build/input.txt" <<'EOF'
import random, sys
rng = random.Random(2311)
print("200 200")
for _ in range(int(sys.argv[1])):
    print(rng.randint(2, 200), rng.randint(2, 200))
EOF

"$build/hand" <"$build/input.txt" >"$build/hand.out"
"$build/ours" <"$build/input.txt" >"$build/ours.out"
(ulimit -v 262144 && "$build/bundle" <"$build/input.txt" >"$build/bundle.out")
cmp "$build/hand.out" "$build/ours.out"
cmp "$build/hand.out" "$build/bundle.out"
echo "outputs agree: $(wc -l <"$build/hand.out") answers, $(grep -c LOSE "$build/hand.out") LOSE;" \
    "the bundle answered under ulimit -v 262144"

python3 - "$build" "$rounds" "$repeat" <<'EOF'
import os, statistics, subprocess, sys
build, rounds, repeat = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
programs = ["hand", "ours", "hand-judge", "bundle"]

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
        print(f"round {r + 1} {p:10} {cpu[p][-1] * 1000:7.3f} ms CPU {peak[p][-1]:6} KiB", flush=True)
median = {p: statistics.median(cpu[p]) for p in programs}
top = {p: max(peak[p]) for p in programs}
for p in programs:
    base = "hand-judge" if p == "bundle" else "hand"
    print(f"median {p:10} {median[p] * 1000:7.3f} ms CPU, peak {top[p]} KiB: "
          f"x{median[p] / median[base]:.2f} CPU and x{top[p] / top[base]:.2f} peak of {base}")
EOF
