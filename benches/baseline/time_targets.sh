#!/usr/bin/env bash
# Times the scoring-game targets through the release CLI (whole process:
# reading, parsing, solving, printing) and the C++ baseline, several runs each.
#
#   benches/baseline/time_targets.sh [RUNS]
#
# Prints wall seconds and peak RSS (KiB) per run, from /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
inputs=target/scoring-inputs
python3 benches/baseline/gen_inputs.py "$inputs"
cargo build --release --features cli --quiet
g++ -O2 -o target/ends_rolling benches/baseline/ends_rolling.cpp
g++ -O2 -o target/sum_scanf benches/baseline/sum_scanf.cpp
g++ -O3 -march=native -o target/ends_remainder_rolling benches/baseline/ends_remainder_rolling.cpp
bin=target/release/stonegame

measure() {
    local label=$1 input=$2
    shift 2
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "$label %e s %M KiB" "$@" < "$input" > /dev/null
    done
}

# Interleaved, so both sides see the same machine load.
for _ in $(seq "$runs"); do
    runs=1 measure "cpp-rolling ends n=20000" "$inputs/ends_20000.txt" target/ends_rolling
    runs=1 measure "stonegame   ends n=20000" "$inputs/ends_20000.txt" "$bin" ends
done
for _ in $(seq "$runs"); do
    runs=1 measure "cpp-scanf-sum n=10^7" "$inputs/ends_10000000.txt" target/sum_scanf
    runs=1 measure "stonegame   ends n=10^7" "$inputs/ends_10000000.txt" "$bin" ends
done
for _ in $(seq "$runs"); do
    runs=1 measure "cpp-O3-rolling ends-remainder n=60000" "$inputs/remainder_60000.txt" target/ends_remainder_rolling
    runs=1 measure "stonegame   ends-remainder n=60000" "$inputs/remainder_60000.txt" "$bin" ends-remainder
done
measure "stonegame   front k=n=10^6" "$inputs/front_1000000.txt" "$bin" front --max-take 1000000
measure "stonegame   front-doubling n=2000" "$inputs/doubling_2000.txt" "$bin" front-doubling
