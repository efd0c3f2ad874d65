#!/usr/bin/env bash
# Issue 32, "your own game at the cost of a hand-written DP": the contest
# examples written against the generic ScoringGame trait (examples/abc201_d.rs,
# examples/uva10891.rs) against the best hand-written plain-Rust DPs over the
# same moves and recurrence (hand_abc201_d.rs, hand_uva10891.rs here).
#
#   benches/baseline/own_scoring.sh [ROUNDS]
#
# Generates the largest inputs (a random 2000 x 2000 grid; 100 cases of
# n = 100), builds the examples (cargo --release) and compiles the hand
# programs and the bundled examples (tools/bundle) with rustc and the flags
# of [profile.release] (opt-level 3, codegen-units 1, fat LTO); checks that
# every program gives the same answers; then times them whole (reading,
# solving, printing), alternating, ROUNDS rounds (default 7), and prints each
# run's CPU seconds (user + system) and peak RSS (KiB), then the medians and
# the ratios ours / hand. Last, runs each bundle on the largest input under
# `ulimit -v 262144` (256 MiB of address space, the judge's limit).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-7}
work=target/own-scoring
mkdir -p "$work"

python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
rng = random.Random(32)
h = w = 2000
with open(f"{work}/abc201_d.txt", "w") as out:
    out.write(f"{h} {w}\n")
    for _ in range(h):
        out.write("".join(rng.choice("+-") for _ in range(w)) + "\n")
with open(f"{work}/uva10891.txt", "w") as out:
    for _ in range(100):
        out.write("100\n" + " ".join(str(rng.randint(-10**6, 10**6)) for _ in range(100)) + "\n")
    out.write("0\n")
PY

flags=(--edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat)
cargo build --release --quiet --example abc201_d --example uva10891
for problem in abc201_d uva10891; do
    rustc "${flags[@]}" -o "$work/hand_$problem" "benches/baseline/hand_$problem.rs"
    tools/bundle "examples/$problem.rs" > "$work/bundle_$problem.rs"
    rustc "${flags[@]}" -o "$work/bundle_$problem" "$work/bundle_$problem.rs"
done

program() { # problem side -> the binary
    case $2 in
        ours) echo "target/release/examples/$1" ;;
        hand) echo "$work/hand_$1" ;;
        bundle) echo "$work/bundle_$1" ;;
    esac
}

for problem in abc201_d uva10891; do
    input="$work/$problem.txt"
    expected=$("$(program "$problem" hand)" < "$input")
    for side in ours bundle; do
        got=$("$(program "$problem" "$side")" < "$input")
        if [ "$got" != "$expected" ]; then
            echo "own_scoring: $problem: $side disagrees with the hand DP" >&2
            exit 1
        fi
    done
    echo "$problem: all agree ($(echo "$expected" | head -c 60 | tr '\n' ' '))"
done

# One run: CPU seconds (user + system, from the rusage of the waited child:
# microseconds, where /usr/bin/time prints hundredths, too coarse here) and
# peak RSS (KiB, from /usr/bin/time, whose fresh child does not inherit the
# Python process's resident set as a fork of Python would).
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
    for problem in abc201_d uva10891; do
        # Alternate which side goes first, so both see the same machine load.
        if [ $((round % 2)) -eq 0 ]; then sides="hand ours bundle"; else sides="ours bundle hand"; fi
        for side in $sides; do
            read -r cpu kib < <(measure "$(program "$problem" "$side")" "$work/$problem.txt")
            echo "$problem $side $cpu $kib" >> "$log"
            printf '%-9s %-6s round %d: %7s s CPU %8s KiB\n' "$problem" "$side" "$round" "$cpu" "$kib"
        done
    done
done

python3 - "$log" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    problem, side, cpu, kib = line.split()
    runs.setdefault((problem, side), []).append((float(cpu), int(kib)))
print("\n| problem | program | median CPU (s) | median peak (KiB) | CPU / hand | peak / hand |")
print("|---|---|---|---|---|---|")
for problem in ("abc201_d", "uva10891"):
    hand = runs[(problem, "hand")]
    hand_cpu = statistics.median(c for c, _ in hand)
    hand_kib = statistics.median(k for _, k in hand)
    for side in ("hand", "ours", "bundle"):
        cpu = statistics.median(c for c, _ in runs[(problem, side)])
        kib = statistics.median(k for _, k in runs[(problem, side)])
        ratio = f"{cpu / hand_cpu:.2f}" if hand_cpu > 0 else "-"
        print(f"| {problem} | {side} | {cpu:.4f} | {kib:.0f} | {ratio} | {kib / hand_kib:.2f} |")
PY

echo
for problem in abc201_d uva10891; do
    if answer=$( (ulimit -v 262144; "$(program "$problem" bundle)" < "$work/$problem.txt") 2>&1 ); then
        echo "$problem bundle under ulimit -v 262144: ok ($(echo "$answer" | head -c 40 | tr '\n' ' '))"
    else
        echo "$problem bundle under ulimit -v 262144: FAILED: $answer" >&2
        exit 1
    fi
done
