#!/usr/bin/env bash
# Codeforces 786A "Berzerk" at n = 7000: examples/cf786a.rs (the implicit
# retrograde solver, as the docs show it) against hand_cf786a.rs (the
# standard BFS with out-degree counters, plain Rust), alternating, several
# rounds; then the bundled example (tools/bundle, rustc -O as a judge
# compiles it) timed the same way and run under `ulimit -v 262144`, and the
# hand program compiled the judge's way too (`hand-judge`, the bundle's fair
# comparison).
#
#   benches/baseline/own_retrograde.sh [ROUNDS] [RUNS]
#
# ROUNDS alternations (default 5); RUNS runs of each program per round
# (default 10: one run is ~0.05 s, below /usr/bin/time's 10 ms resolution
# per run, so a round sums RUNS runs). Inputs: `full` (k1 = k2 = n - 1, the
# largest input: ~98 million moves) and `half` (3,497 random steps each, a
# fixed seed). Every program's output is checked against the hand program's
# first. Prints one line per round and side (CPU seconds user+sys summed over
# RUNS runs, the largest peak KiB of a run), then the ratios of the sums.
set -euo pipefail
rounds=${1:-5}
runs=${2:-10}
cd "$(dirname "$0")/../.."
build=target/own-retrograde-baseline
mkdir -p "$build"

python3 - "$build" <<'EOF'
import random, sys
n = 7000
full = " ".join(map(str, range(1, n)))
with open(f"{sys.argv[1]}/full.txt", "w") as out:
    out.write(f"{n}\n{n - 1} {full}\n{n - 1} {full}\n")
rng = random.Random(5)
sets = [rng.sample(range(1, n), n // 2) for _ in range(2)]
with open(f"{sys.argv[1]}/half.txt", "w") as out:
    out.write(f"{n}\n" + "".join(f"{len(s)} {' '.join(map(str, s))}\n" for s in sets))
EOF

cargo build --release --example cf786a --quiet
ours=target/release/examples/cf786a
# The release profile's flags (Cargo.toml: opt-level 3, codegen-units 1, fat LTO).
rustc --edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat \
    -o "$build/hand" benches/baseline/hand_cf786a.rs
hand=$build/hand
# As a judge compiles a submission (what the bundle is compared with).
rustc --edition 2021 -O -o "$build/hand-judge" benches/baseline/hand_cf786a.rs
hand_judge=$build/hand-judge
tools/bundle examples/cf786a.rs >"$build/bundle.rs"
rustc --edition 2021 -O -o "$build/bundle" "$build/bundle.rs"
bundle=$build/bundle
echo "bundle: $(wc -c <"$build/bundle.rs") bytes"

for input in full half; do
    "$hand" <"$build/$input.txt" >"$build/expected-$input.txt"
    for side in "$ours" "$bundle" "$hand_judge"; do
        "$side" <"$build/$input.txt" | cmp -s - "$build/expected-$input.txt" ||
            { echo "$side disagrees with the hand program on $input" >&2; exit 1; }
    done
    # The judge's limit: 256 MiB of address space, the default contest budget.
    (ulimit -v 262144; "$bundle" <"$build/$input.txt" | cmp -s - "$build/expected-$input.txt") ||
        { echo "the bundle fails on $input under ulimit -v 262144" >&2; exit 1; }
    echo "$input: outputs agree (also the bundle under ulimit -v 262144)"
done

# side input: RUNS runs; prints "side input cpu_seconds peak_kib".
timed() {
    local side=$1 input=$2 program=$3 cpu=0 peak=0
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%U %S %M" "$program" <"$build/$input.txt" >/dev/null 2>"$build/time.err"
        read -r user sys kib < <(tail -n 1 "$build/time.err")
        cpu=$(python3 -c "print(round($cpu + $user + $sys, 2))")
        peak=$((kib > peak ? kib : peak))
    done
    echo "$side $input $cpu $peak"
}
log=$build/times.txt
: >"$log"
for round in $(seq "$rounds"); do
    for input in full half; do
        for side in ours hand bundle hand-judge; do
            case $side in
                ours) program=$ours ;;
                hand) program=$hand ;;
                bundle) program=$bundle ;;
                hand-judge) program=$hand_judge ;;
            esac
            line=$(timed "$side" "$input" "$program")
            echo "round $round: $line ($runs runs: CPU seconds, peak KiB)"
            echo "$line" >>"$log"
        done
    done
done
python3 - "$log" <<'EOF'
import sys
from collections import defaultdict
cpu, peak = defaultdict(float), defaultdict(int)
for line in open(sys.argv[1]):
    side, input, seconds, kib = line.split()
    cpu[side, input] += float(seconds)
    peak[side, input] = max(peak[side, input], int(kib))
for input in ("full", "half"):
    for side, base in (("ours", "hand"), ("bundle", "hand"), ("bundle", "hand-judge")):
        print(f"{input}: {side} {cpu[side, input]:.2f} s, {base} {cpu[base, input]:.2f} s: "
              f"{cpu[side, input] / cpu[base, input]:.2f}x CPU; peak {peak[side, input]} KiB "
              f"vs {peak[base, input]} KiB: {peak[side, input] / peak[base, input]:.2f}x")
EOF
