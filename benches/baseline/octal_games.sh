#!/usr/bin/env bash
# Times Grundy's game (or an octal code) in this crate's sparse-space solver
# against the reference solver of tczajka/octal-games (its C++ `analyze` in
# old/src; the checkout is not part of this repository), alternating runs so
# both sides see the same machine load.
#
#   benches/baseline/octal_games.sh CHECKOUT [EXPONENTS] [RUNS] [GAME]
#
# CHECKOUT  a checkout of https://github.com/tczajka/octal-games
# EXPONENTS heap counts as powers of two, e.g. "21 23 24" (default "21 23")
# RUNS      runs of each side per exponent (default 3)
# GAME      grundy (default) or an octal code such as .354 (for the reference;
#           ours gets grundys-game or 0.354)
#
# The reference stops at a hard-coded 2^28 heaps; it is built once per
# exponent from a copy with that limit replaced (it prints its statistics at
# every power of two and stops at the limit). Ours runs
# examples/grundy_growth.rs to the same exponent. Prints wall seconds and
# peak RSS (KiB) per run, from /usr/bin/time.
set -euo pipefail
checkout=${1:?usage: octal_games.sh CHECKOUT [EXPONENTS] [RUNS] [GAME]}
exponents=${2:-"21 23"}
runs=${3:-3}
game=${4:-grundy}
src="$checkout/old/src"
[ -f "$src/analyze_exec.cc" ] || { echo "no $src/analyze_exec.cc in $checkout" >&2; exit 2; }
cd "$(dirname "$0")/../.."
build=target/octal-games-baseline
mkdir -p "$build"
cargo build --release --example grundy_growth --quiet
ours=target/release/examples/grundy_growth
if [ "$game" = grundy ]; then ours_game=grundys-game; else ours_game="0$game"; fi

for e in $exponents; do
    ref="$build/analyze_2_$e"
    if [ ! -x "$ref" ]; then
        sed "s/constexpr uint64_t maxn = 1<<28;/constexpr uint64_t maxn = uint64_t(1) << $e;/" \
            "$src/analyze_exec.cc" > "$build/analyze_2_$e.cc"
        grep -q "uint64_t(1) << $e" "$build/analyze_2_$e.cc" \
            || { echo "could not set the reference's limit (maxn) to 2^$e" >&2; exit 2; }
        g++ -O2 -std=c++11 -I"$src" "$build/analyze_2_$e.cc" "$src/game.cc" "$src/hadamard.cc" -o "$ref"
    fi
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "reference 2^$e %e s %M KiB" "$ref" "$game" > "$build/reference_2_$e.out"
        /usr/bin/time -f "stonegame 2^$e %e s %M KiB" "$ours" "$e" "$ours_game" > "$build/stonegame_2_$e.out"
    done
    tail -n 1 "$build/reference_2_$e.out" "$build/stonegame_2_$e.out"
done
