#!/usr/bin/env bash
# The quadratic DP families through the release CLI (whole process) against
# the fastest C++ loop for the same recurrence, alternating in one run.
#
#   benches/baseline/dp_ratios.sh [ROUNDS]
#
# Builds the CLI twice: plain `cargo build --release` (target/release) and with
# RUSTFLAGS="-C target-cpu=native" (target/native/release), so each is set
# against g++ -O3 -march=native. Prints every run (CPU seconds, user + system,
# then wall seconds) and each side's medians; on a shared machine the CPU
# time is the steadier figure.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-5}
inputs=target/scoring-inputs
python3 benches/baseline/gen_inputs.py "$inputs"
cargo build --release --features cli --quiet
RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=target/native \
    cargo build --release --features cli --quiet
g++ -O3 -march=native -mprefer-vector-width=512 -o target/ends_remainder_variants \
    benches/baseline/ends_remainder_variants.cpp
g++ -O3 -march=native -o target/stone_split_monotone benches/baseline/stone_split_monotone.cpp
g++ -O3 -march=native -o target/front_doubling_windows benches/baseline/front_doubling_windows.cpp
plain=target/release/stonegame
native=target/native/release/stonegame

run() { # label input command...
    local label=$1 input=$2
    shift 2
    /usr/bin/time -f "$label %U %S %e" "$@" < "$input" 2>&1 >/dev/null | tail -1
}

compare() { # input, then "label::command" pairs, alternating for $rounds rounds
    local input=$1
    shift
    local log
    log=$(mktemp)
    for _ in $(seq "$rounds"); do
        for entry in "$@"; do
            # shellcheck disable=SC2086
            run "${entry%%::*}" "$input" ${entry#*::} | tee -a "$log"
        done
    done
    python3 - "$log" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    label, user, system, wall = line.rsplit(" ", 3)
    runs.setdefault(label, []).append((float(user) + float(system), float(wall)))
first = None
for label, times in runs.items():
    cpu = statistics.median(t[0] for t in times)
    wall = statistics.median(t[1] for t in times)
    first = first or cpu
    print(f"median {label}: cpu {cpu:.2f} s, wall {wall:.2f} s over {len(times)} runs; "
          f"cpu ratio to the first line {cpu / first:.2f}")
PY
    rm -f "$log"
}

echo "== Stone Game VII (LeetCode 1690), n = 60,000, values 1..10^6"
compare "$inputs/remainder_pos_60000.txt" \
    "cpp-kept-two-lengths-avx512::target/ends_remainder_variants kept2" \
    "cpp-kept-sum-avx512::target/ends_remainder_variants kept" \
    "cpp-length-major::target/ends_remainder_variants length" \
    "stonegame-release::$plain ends-remainder" \
    "stonegame-native::$native ends-remainder"
echo "== Stone Game V (LeetCode 1563), n = 16,000, values 1..10^6"
compare "$inputs/split_16000.txt" \
    "cpp-compact-two-pass::target/stone_split_monotone compact-two-pass" \
    "cpp-compact::target/stone_split_monotone compact" \
    "cpp-monotone-columns::target/stone_split_monotone column" \
    "cpp-monotone-two-pass::target/stone_split_monotone two-pass" \
    "cpp-monotone-rows::target/stone_split_monotone row" \
    "stonegame-release::$plain stone-split" \
    "stonegame-native::$native stone-split"
echo "== Stone Game II (LeetCode 1140), n = 8,000, values in [-10^9, 10^9]"
compare "$inputs/doubling_8000.txt" \
    "cpp-windows-fast::target/front_doubling_windows fast" \
    "cpp-windows-modulo::target/front_doubling_windows modulo" \
    "stonegame-release::$plain front-doubling" \
    "stonegame-native::$native front-doubling"
