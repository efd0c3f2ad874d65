//! LeetCode 464 "Can I Win" with stonegame: each line `maxChoosableInteger desiredTotal`,
//! prints `true`/`false`. An impartial game over the set of numbers still unused, numbered by
//! that set's bitmask (every pick removes a bit: `MoveOrder::ToSmaller`), in the docs' fastest
//! form (positions listed in the DP's loop, options given by number).
use std::io::{Read, Write};
use std::ops::ControlFlow;

use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame};

struct CanIWin {
    m: u32,
    total: u32,
}

impl CanIWin {
    /// Sum of the numbers in the unused set `unused` (bit i = number i + 1).
    fn sum_of(unused: u32) -> u32 {
        (0..32)
            .filter(|i| unused >> i & 1 == 1)
            .map(|i| i + 1)
            .sum()
    }
    fn all(&self) -> u32 {
        self.m * (self.m + 1) / 2
    }
}

impl ImpartialGame for CanIWin {
    /// (unused set, sum of the numbers already picked)
    type Position = (u32, u32);

    fn for_each_option(
        &self,
        &(unused, picked): &(u32, u32),
        mut visit: impl FnMut(&[(u32, u32)]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if picked >= self.total {
            return ControlFlow::Continue(()); // the previous player reached the total
        }
        for i in 0..self.m {
            if unused >> i & 1 == 1 {
                visit(&[(unused & !(1 << i), picked + i + 1)])?;
            }
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(1usize << self.m)
    }
    fn dense_index(&self, &(unused, _): &(u32, u32)) -> Option<usize> {
        Some(unused as usize)
    }
    fn dense_position(&self, index: usize) -> Option<(u32, u32)> {
        let unused = index as u32;
        Some((unused, self.all() - Self::sum_of(unused)))
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }
    fn for_each_dense_position(
        &self,
        from: usize,
        mut visit: impl FnMut(usize, (u32, u32)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let end = 1usize << self.m;
        if from >= end {
            return ControlFlow::Continue(());
        }
        let mut unused_sum = Self::sum_of(from as u32);
        for number in from..end {
            if number > from {
                // number = (number - 1) + 1: its t trailing ones clear, bit t sets.
                let t = (number - 1).trailing_ones();
                unused_sum = unused_sum - t * (t + 1) / 2 + t + 1;
            }
            visit(number, (number as u32, self.all() - unused_sum))?;
        }
        ControlFlow::Continue(())
    }
    fn numbered_options(&self) -> bool {
        true
    }
    #[inline(always)]
    fn for_each_numbered_option(
        &self,
        number: usize,
        &(unused, picked): &(u32, u32),
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if picked >= self.total {
            return ControlFlow::Continue(());
        }
        let mut rest = unused;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            visit(&[number ^ bit as usize])?;
            rest ^= bit;
        }
        ControlFlow::Continue(())
    }
}

fn can_i_win(m: u32, total: u32) -> Result<bool, stonegame::Error> {
    if total == 0 {
        return Ok(true);
    }
    if m * (m + 1) / 2 < total {
        return Ok(false);
    }
    let mut solver = GrundySolver::new(CanIWin { m, total });
    Ok(!solver.grundy_at_number((1usize << m) - 1)?.is_zero())
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
        assert!(
            v.len() == 2 && (1..=20).contains(&v[0]) && v[1] <= 300,
            "line {}: bad input",
            index + 1
        );
        match can_i_win(v[0], v[1]) {
            Ok(win) => out.push_str(if win { "true\n" } else { "false\n" }),
            Err(e) => {
                eprintln!("line {}: {e}", index + 1);
                std::process::exit(2);
            }
        }
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
