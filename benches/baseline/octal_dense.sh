#!/usr/bin/env bash
# Times the dense kernel of the octal solver against the C baseline
# (octal_dense.c, both its plain and its chunked loop, -O3 -march=native) and,
# optionally, an older stonegame binary, alternating the runs so every side
# sees the same machine load. Checks that every side computes the same values
# (largest value, first heap, FNV-1a hash of G(0..N-1)).
#
#   benches/baseline/octal_dense.sh [CODES] [LOG2] [ROUNDS] [OLD_BINARY]
#
# CODES  octal codes (default "0.06 0.04 0.76"); LOG2 heaps 2^LOG2 (default 17);
# ROUNDS alternations (default 3); OLD_BINARY e.g. main's target/release/stonegame.
# Prints one line per run: side, code, user seconds, wall seconds.
set -euo pipefail
codes=${1:-"0.06 0.04 0.76"}
log2=${2:-17}
rounds=${3:-3}
old=${4:-}
cd "$(dirname "$0")/../.."
build=target/octal-dense-baseline
mkdir -p "$build"
cc -O3 -march=native -o "$build/plain" benches/baseline/octal_dense.c
cc -O3 -march=native -DCHUNKED -o "$build/chunked" benches/baseline/octal_dense.c
cargo build --release --features cli --quiet
ours=target/release/stonegame
heaps=$((1 << log2))
hash_values() { # FNV-1a of the values printed by the CLI, as the C program hashes them
    python3 -c '
import sys
h = 0xcbf29ce484222325
vs = [int(v) for v in sys.stdin.read().split()]
best = max(vs); first = vs.index(best)
for v in vs:
    for b in range(4):
        h ^= (v >> (8 * b)) & 0xff
        h = (h * 0x100000001b3) & 0xffffffffffffffff
print(f"heaps {len(vs)} largest {best} at {first} fnv1a {h:016x}")'
}
for code in $codes; do
    expected=$("$build/chunked" "$code" "$heaps")
    got=$("$ours" --max-work 1000000000000 grundy --octal "$code" --upto $((heaps - 1)) | hash_values)
    [ "$expected" = "$got" ] || { echo "$code: C says '$expected', stonegame '$got'" >&2; exit 1; }
    echo "$code: values agree ($expected)"
done
timed() { # side code command...
    local side=$1 code=$2
    shift 2
    /usr/bin/time -f "$side $code %U user %e wall" "$@" >/dev/null 2>"$build/time.err" || true
    tail -n 1 "$build/time.err"
}
for _ in $(seq "$rounds"); do
    for code in $codes; do
        timed c-plain "$code" "$build/plain" "$code" "$heaps"
        timed c-chunked "$code" "$build/chunked" "$code" "$heaps"
        timed stonegame "$code" "$ours" --max-work 1000000000000 grundy --octal "$code" \
            --upto $((heaps - 1)) --stats
        if [ -n "$old" ]; then
            timed old "$code" "$old" --max-work 1000000000000 grundy --octal "$code" \
                --upto $((heaps - 1)) --stats
        fi
    done
done
