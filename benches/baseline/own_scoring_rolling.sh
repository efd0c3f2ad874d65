#!/usr/bin/env bash
# One position asked: take either end, the k-th take scoring k · a, written
# as docs/contest.md shows it with the reach declared
# (examples/scoring_rolling.rs: Negamax::rolling_value's windowed sweep, a ring of
# about n values) against the best hand-written plain-Rust rolling-row DP
# over the same recurrence (hand_scoring_rolling.rs here).
#
#   benches/baseline/own_scoring_rolling.sh [ROUNDS] [N...]
#
# For each N (default 5000 and 10000) generates a random row (|a| ≤ 10^9),
# builds the example (cargo --release) and compiles the hand program with
# rustc and the flags of [profile.release] (opt-level 3, codegen-units 1,
# fat LTO); checks that both print the same value; then times them whole
# (reading, solving, printing), alternating which goes first, ROUNDS rounds
# (default 7), and prints each run's CPU seconds (user + system, from the
# rusage of the waited child) and peak RSS (KiB), then the medians and the
# ratios ours / hand.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-7}
shift || true
[ $# -gt 0 ] && sizes=("$@") || sizes=(5000 10000)
work=target/own-scoring-rolling
mkdir -p "$work"

flags=(--edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat)
cargo build --release --quiet --example scoring_rolling
rustc "${flags[@]}" -o "$work/hand" benches/baseline/hand_scoring_rolling.rs

program() { # side -> the binary
    case $1 in
        ours) echo "target/release/examples/scoring_rolling" ;;
        hand) echo "$work/hand" ;;
    esac
}

# One run: CPU seconds (user + system, from the rusage of the waited child)
# and peak RSS (KiB, from /usr/bin/time, whose fresh child does not inherit
# the Python process's resident set as a fork of Python would).
measure() { # binary input -> "cpu kib"
    python3 - "$1" "$2" "$work/kib.txt" <<'PY'
import os, sys
binary, input_path, kib_path = sys.argv[1:]
with open(input_path, "rb") as stdin, open(os.devnull, "wb") as stdout:
    pid = os.fork()
    if pid == 0:
        os.dup2(stdin.fileno(), 0)
        os.dup2(stdout.fileno(), 1)
        os.execv("/usr/bin/time", ["/usr/bin/time", "-f", "%M", "-o", kib_path, binary])
    _, status, usage = os.wait4(pid, 0)
if status != 0:
    sys.exit(f"{binary} failed: status {status}")
kib = open(kib_path).read().split()[-1]
print(f"{usage.ru_utime + usage.ru_stime:.4f} {kib}")
PY
}


for n in "${sizes[@]}"; do
    input="$work/rolling_$n.txt"
    python3 - "$n" "$input" <<'PY'
import random, sys
n, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(n)
with open(path, "w") as out:
    out.write(f"{n}\n")
    out.write(" ".join(str(rng.randint(-10**9, 10**9)) for _ in range(n)) + "\n")
PY
    expected=$("$(program hand)" < "$input")
    got=$("$(program ours)" < "$input")
    if [ "$got" != "$expected" ]; then
        echo "own_scoring_rolling: n = $n: ours $got, hand $expected" >&2
        exit 1
    fi
    echo "n = $n: both $expected"
    log="$work/times_$n.txt"
    : > "$log"
    for round in $(seq "$rounds"); do
        # Alternate which side goes first, so both see the same machine load.
        if [ $((round % 2)) -eq 0 ]; then sides="hand ours"; else sides="ours hand"; fi
        for side in $sides; do
            read -r cpu kib < <(measure "$(program "$side")" "$input")
            echo "$side $cpu $kib" >> "$log"
            printf '%-5s n = %5d round %d: %7s s CPU %8s KiB\n' "$side" "$n" "$round" "$cpu" "$kib"
        done
    done
    python3 - "$log" "$n" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    side, cpu, kib = line.split()
    runs.setdefault(side, []).append((float(cpu), int(kib)))
print(f"\nn = {sys.argv[2]}")
print("| program | median CPU (s) | median peak (KiB) | CPU / hand | peak / hand |")
print("|---|---|---|---|---|")
hand_cpu = statistics.median(c for c, _ in runs["hand"])
hand_kib = statistics.median(k for _, k in runs["hand"])
for side in ("hand", "ours"):
    cpu = statistics.median(c for c, _ in runs[side])
    kib = statistics.median(k for _, k in runs[side])
    ratio = f"{cpu / hand_cpu:.2f}" if hand_cpu > 0 else "-"
    print(f"| {side} | {cpu:.4f} | {kib:.0f} | {ratio} | {kib / hand_kib:.2f} |")
PY
done
