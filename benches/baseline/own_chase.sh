#!/usr/bin/env bash
# Cat and mouse on a 50 × 50 grid with walls and an exit (issue 42, a chase
# game with draws, ≤ 4 options a position): examples/cat_and_mouse.rs (the
# implicit solver's labels-only search, as docs/contest.md shows it) against
# hand_chase.rs (breadth-first retrograde analysis with a 1-byte value, a
# 1-byte counter and a queue of the solved positions, plain Rust), both built
# with the release profile's flags, alternating.
#
#   benches/baseline/own_chase.sh [ROUNDS]
#
# ROUNDS alternations (default 7) of four programs: the example, the hand
# program, and the example's bundle (tools/bundle) with the default checks and
# trusted (`with_trusted_predecessors()` added), both built with the release
# flags. The grid: 24% walls at random (seed 42),
# 1,937 free cells, 7,503,938 positions (mouse cell × cat cell × side). The
# outputs are compared first. CPU is user + system from wait4 (GNU time),
# peak the maximum resident set; prints each run, then the medians and the
# ratios.
set -euo pipefail
rounds=${1:-7}
cd "$(dirname "$0")/../.."
build=target/own-chase-baseline
mkdir -p "$build"

python3 - "$build/grid.txt" <<'PY'
import random, sys
rng = random.Random(42)
h = w = 50
grid = [['#' if rng.random() < 0.24 else '.' for _ in range(w)] for _ in range(h)]
free = [(r, c) for r in range(h) for c in range(w) if grid[r][c] == '.']
for (r, c), marker in zip(rng.sample(free, 3), "MCE"):
    grid[r][c] = marker
with open(sys.argv[1], "w") as out:
    out.write(f"{h} {w}\n" + "".join("".join(row) + "\n" for row in grid))
PY

cargo build --release --example cat_and_mouse --quiet
ours=target/release/examples/cat_and_mouse
# The release profile's flags (Cargo.toml: opt-level 3, codegen-units 1, fat LTO).
rustc --edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat \
    -o "$build/hand" benches/baseline/hand_chase.rs
hand=$build/hand

"$hand" <"$build/grid.txt" >"$build/expected.txt"
"$ours" <"$build/grid.txt" | cmp -s - "$build/expected.txt" ||
    { echo "the example disagrees with the hand program" >&2; exit 1; }
echo "outputs agree: $(tr '\n' ' ' <"$build/expected.txt")"
# As a judge compiles a submission: the bundle, under the judge's 256 MiB.
tools/bundle examples/cat_and_mouse.rs >"$build/bundle.rs"
rustc --edition 2021 -O -o "$build/bundle" "$build/bundle.rs"
(ulimit -v 262144; "$build/bundle" <"$build/grid.txt" | cmp -s - "$build/expected.txt") ||
    { echo "the bundle fails under ulimit -v 262144" >&2; exit 1; }
echo "bundle: $(wc -c <"$build/bundle.rs") bytes, answers under ulimit -v 262144"
# The trusted form (`with_trusted_predecessors()`: no fingerprint, the
# counters from `move_count`), from the bundle with the one call added, and
# the bundle itself, both built with the release profile's flags: the pair
# shows what the default checks cost.
# (Added to the example before bundling: the bundle keeps only what is called.)
sed 's/ImplicitSolver::new(&game)$/ImplicitSolver::new(\&game).with_trusted_predecessors()/' \
    examples/cat_and_mouse.rs >"$build/trusted_example.rs"
grep -q 'with_trusted_predecessors()$' "$build/trusted_example.rs" ||
    { echo "could not make the trusted form of the example" >&2; exit 1; }
tools/bundle "$build/trusted_example.rs" >"$build/trusted.rs"
for form in bundle trusted; do
    rustc --edition 2021 -C opt-level=3 -C codegen-units=1 -C lto=fat \
        -o "$build/$form-release" "$build/$form.rs"
    "$build/$form-release" <"$build/grid.txt" | cmp -s - "$build/expected.txt" ||
        { echo "the $form form disagrees with the hand program" >&2; exit 1; }
done

log=$build/times.txt
: >"$log"
for round in $(seq "$rounds"); do
    for side in ours hand checked trusted; do
        case $side in
            ours) program=$ours ;;
            hand) program=$hand ;;
            checked) program=$build/bundle-release ;;
            trusted) program=$build/trusted-release ;;
        esac
        /usr/bin/time -f "%U %S %M" "$program" <"$build/grid.txt" >/dev/null 2>"$build/time.err"
        read -r user sys kib < <(tail -n 1 "$build/time.err")
        echo "$side $user $sys $kib" >>"$log"
        echo "round $round: $side CPU $(python3 -c "print(round($user + $sys, 2))") s, peak $kib KiB"
    done
done
python3 - "$log" <<'PY'
import statistics, sys
cpu, peak = {}, {}
for line in open(sys.argv[1]):
    side, user, sys_, kib = line.split()
    cpu.setdefault(side, []).append(float(user) + float(sys_))
    peak.setdefault(side, []).append(int(kib))
hand, mh = statistics.median(cpu["hand"]), statistics.median(peak["hand"])
for side, label in [("ours", "ours (example)"), ("checked", "bundle, checked"),
                    ("trusted", "bundle, trusted")]:
    ours, mo = statistics.median(cpu[side]), statistics.median(peak[side])
    print(f"{label}: {ours:.3f} s, hand {hand:.3f} s: {ours / hand:.2f}x CPU (medians); "
          f"peak {mo} KiB vs {mh} KiB: {mo / mh:.2f}x")
PY
