//! LeetCode 464 "Can I Win" with stonegame's generic `Negamax` instead of `GrundySolver`:
//! the pick that reaches the total scores 1, nothing else scores, so a position is worth +1
//! (won) or -1 (lost) to the player to move. Numbered by the unused set (`ToSmaller`), the
//! DP's loop as the listing, each child by its number: the docs' fastest scoring form.
use std::io::{Read, Write};
use std::ops::ControlFlow;

use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};

struct CanIWin {
    m: u32,
    total: u32,
}

impl CanIWin {
    fn all(&self) -> u32 {
        self.m * (self.m + 1) / 2
    }
}

impl ScoringGame for CanIWin {
    /// (unused set, sum picked so far)
    type Position = (u32, u32);
    /// The number picked.
    type Move = u32;
    type Score = i8;

    fn start(&self) -> (u32, u32) {
        ((1 << self.m) - 1, 0)
    }
    fn for_each_move(
        &self,
        &(unused, picked): &(u32, u32),
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if picked < self.total {
            for i in 0..self.m {
                if unused >> i & 1 == 1 {
                    visit(i + 1)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
    fn play(&self, &(unused, picked): &(u32, u32), &k: &u32) -> (i8, (u32, u32)) {
        let after = picked + k;
        (
            i8::from(after >= self.total),
            (unused & !(1 << (k - 1)), after),
        )
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(1 << self.m)
    }
    fn dense_index(&self, &(unused, _): &(u32, u32)) -> Option<usize> {
        Some(unused as usize)
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }
    fn numbered_moves(&self) -> bool {
        true
    }
    #[inline(always)]
    fn for_each_numbered_move(
        &self,
        &(unused, picked): &(u32, u32),
        mut visit: impl FnMut(i8, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if picked < self.total {
            let mut rest = unused;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                let k = bit.trailing_zeros() + 1;
                visit(i8::from(picked + k >= self.total), (unused ^ bit) as usize)?;
                rest ^= bit;
            }
        }
        ControlFlow::Continue(())
    }
    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut((u32, u32)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut unused_sum = 0u32;
        for unused in 0..1u32 << self.m {
            if unused > 0 {
                let t = (unused - 1).trailing_ones();
                unused_sum = unused_sum - t * (t + 1) / 2 + t + 1;
            }
            visit((unused, self.all() - unused_sum))?;
        }
        ControlFlow::Continue(())
    }
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    for (index, line) in input.lines().enumerate() {
        let v: Vec<u32> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        if v.is_empty() {
            continue;
        }
        let (m, total) = (v[0], v[1]);
        assert!(
            v.len() == 2 && (1..=20).contains(&m) && total <= 300,
            "line {}: bad input",
            index + 1
        );
        let win = if total == 0 {
            true
        } else if m * (m + 1) / 2 < total {
            false
        } else {
            Negamax::new(CanIWin { m, total })
                .value()
                .unwrap_or_else(|e| {
                    eprintln!("line {}: {e}", index + 1);
                    std::process::exit(2)
                })
                > 0
        };
        out.push_str(if win { "true\n" } else { "false\n" });
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
