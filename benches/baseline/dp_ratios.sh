#!/usr/bin/env bash
# The quadratic DP families through the release CLI (whole process) against
# the fastest C++ loop for the same recurrence, alternating in one run.
#
#   benches/baseline/dp_ratios.sh [ROUNDS]
#
# Builds the CLI twice: plain `cargo build --release` (target/release) and with
# RUSTFLAGS="-C target-cpu=native" (target/native/release), so each is set
# against g++ -O3 -march=native. Prints every run and each side's median.
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
plain=target/release/stonegame
native=target/native/release/stonegame

run() { # label input command...
    local label=$1 input=$2
    shift 2
    /usr/bin/time -f "$label %e" "$@" < "$input" 2>&1 >/dev/null | tail -1
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
    label, seconds = line.rsplit(" ", 1)
    runs.setdefault(label, []).append(float(seconds))
for label, times in runs.items():
    print(f"median {label}: {statistics.median(times):.2f} s over {len(times)} runs")
PY
    rm -f "$log"
}

echo "== Stone Game VII (LeetCode 1690), n = 60,000, values 1..10^6"
compare "$inputs/remainder_pos_60000.txt" \
    "cpp-kept-sum-avx512::target/ends_remainder_variants kept" \
    "cpp-length-major::target/ends_remainder_variants length" \
    "stonegame-release::$plain ends-remainder" \
    "stonegame-native::$native ends-remainder"
echo "== Stone Game V (LeetCode 1563), n = 16,000, values 1..10^6"
compare "$inputs/split_16000.txt" \
    "cpp-monotone::target/stone_split_monotone" \
    "stonegame-release::$plain stone-split" \
    "stonegame-native::$native stone-split"
