#!/bin/sh
# Bundles each stonegame program with tools/bundle and compiles bundles and hand programs as a
# judge does (rustc 1.70, edition 2021, -O) into judge/, named like the Cargo examples, for
# `python3 timing.py 7 judge` and `CHECK_BIN=judge/ python3 check.py`.
set -e
cd "$(dirname "$0")"
mkdir -p bundles judge
flat() { # a program with its include!("cat_mouse_common.rs") inlined: the bundler needs one file
    python3 -c 'import sys; s = open(sys.argv[1]).read(); c = open("cat_mouse_common.rs").read(); print(s.replace("include!(\"cat_mouse_common.rs\");", c), end="")' "$1"
}
flat cat_mouse_sg.rs > bundles/cat_mouse_sg_flat.rs
flat cat_mouse_hand.rs > bundles/cat_mouse_hand_flat.rs
for p in can_i_win cat_mouse lucky7 divisor weighted_ends; do
    src=${p}_sg.rs; hand=${p}_hand.rs
    if [ "$p" = cat_mouse ]; then src=bundles/cat_mouse_sg_flat.rs; hand=bundles/cat_mouse_hand_flat.rs; fi
    ../../tools/bundle "$src" > "bundles/$p.rs"
    echo "$p: $(wc -c < "bundles/$p.rs") bytes"
    rustup run 1.70.0 rustc --edition 2021 -O -o "judge/${p}_sg" "bundles/$p.rs"
    rustup run 1.70.0 rustc --edition 2021 -O -o "judge/${p}_hand" "$hand"
done
