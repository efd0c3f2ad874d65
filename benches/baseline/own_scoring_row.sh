#!/usr/bin/env bash
# Issue 42, "few options a position": the two-option row written as
# docs/contest.md shows it (examples/scoring_row.rs: Negamax's sweep, each
# child named by its number) against the best hand-written plain-Rust DP
# over the same recurrence (hand_scoring_row.rs here).
#
#   benches/baseline/own_scoring_row.sh [ROUNDS]
#
# Generates the largest input (a random row of 3000 numbers, 10^5 random
# queries), builds the example (cargo --release) and compiles the hand
# program and the bundled example (tools/bundle) with rustc and the flags of
# [profile.release] (opt-level 3, codegen-units 1, fat LTO); checks that
# every program gives the same answers; then times them whole (reading,
# solving, printing), alternating, ROUNDS rounds (default 7), and prints
# each run's CPU seconds (user + system, from the rusage of the waited
# child) and peak RSS (KiB), then the medians and the ratios ours / hand.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-7}
work=target/own-scoring-row
mkdir -p "$work"

python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
rng = random.Random(42)
n, q = 3000, 100_000
with open(f"{work}/scoring_row.txt", "w") as out:
    out.write(f"{n} {q}\n")
    out.write(" ".join(str(rng.randint(-10**9, 10**9)) for _ in range(n)) + "\n")
    for _ in range(q):
        l = rng.randint(0, n)
        r = rng.randint(l, n)
        out.write(f"{l} {r} {rng.randint(0, 1)}\n")
PY

flags=(--edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat)
cargo build --release --quiet --example scoring_row
rustc "${flags[@]}" -o "$work/hand" benches/baseline/hand_scoring_row.rs
tools/bundle examples/scoring_row.rs > "$work/bundle.rs"
rustc "${flags[@]}" -o "$work/bundle" "$work/bundle.rs"

program() { # side -> the binary
    case $1 in
        ours) echo "target/release/examples/scoring_row" ;;
        hand) echo "$work/hand" ;;
        bundle) echo "$work/bundle" ;;
    esac
}

input="$work/scoring_row.txt"
expected=$("$(program hand)" < "$input")
for side in ours bundle; do
    got=$("$(program "$side")" < "$input")
    if [ "$got" != "$expected" ]; then
        echo "own_scoring_row: $side disagrees with the hand DP" >&2
        exit 1
    fi
done
echo "scoring_row: all agree (start $(echo "$expected" | head -n 1))"

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

log="$work/times.txt"
: > "$log"
for round in $(seq "$rounds"); do
    # Alternate which side goes first, so both see the same machine load.
    if [ $((round % 2)) -eq 0 ]; then sides="hand ours bundle"; else sides="ours bundle hand"; fi
    for side in $sides; do
        read -r cpu kib < <(measure "$(program "$side")" "$input")
        echo "$side $cpu $kib" >> "$log"
        printf '%-6s round %d: %7s s CPU %8s KiB\n' "$side" "$round" "$cpu" "$kib"
    done
done

python3 - "$log" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    side, cpu, kib = line.split()
    runs.setdefault(side, []).append((float(cpu), int(kib)))
print("\n| program | median CPU (s) | median peak (KiB) | CPU / hand | peak / hand |")
print("|---|---|---|---|---|")
hand_cpu = statistics.median(c for c, _ in runs["hand"])
hand_kib = statistics.median(k for _, k in runs["hand"])
for side in ("hand", "ours", "bundle"):
    cpu = statistics.median(c for c, _ in runs[side])
    kib = statistics.median(k for _, k in runs[side])
    ratio = f"{cpu / hand_cpu:.2f}" if hand_cpu > 0 else "-"
    print(f"| {side} | {cpu:.4f} | {kib:.0f} | {ratio} | {kib / hand_kib:.2f} |")
PY
