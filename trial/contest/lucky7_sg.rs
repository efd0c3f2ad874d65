//! AtCoder ABC 195 E "Lucky 7 Battle" with stonegame's generic negamax.
//! Input: `N`, `S` (N digits), `X` (N letters T/A). Round i: player X_i appends S_i or 0;
//! Takahashi wins when the number is a multiple of 7. Prints `Takahashi` or `Aoki`.
//!
//! Negamax alternates players, but X does not; a round whose player also played the round
//! before is preceded by a position where the other player passes (phase 1). Positions
//! `(i, r, phase)`, numbered `((N - i) · 7 + r) · 2 + phase`: every move goes to a smaller
//! number. The last round's move scores ±1 for its mover; nothing else scores.
use std::io::{Read, Write};
use std::ops::ControlFlow;

use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};

struct Lucky7 {
    digits: Vec<u8>,
    takahashi: Vec<bool>,
}

impl Lucky7 {
    fn n(&self) -> usize {
        self.digits.len()
    }
    #[inline(always)]
    fn number(&self, i: usize, r: usize, phase: usize) -> usize {
        ((self.n() - i) * 7 + r) * 2 + phase
    }
    /// Where a move of round `i` to residue `r2` goes, and what it scores for its mover.
    #[inline(always)]
    fn after(&self, i: usize, r2: usize) -> (i8, (usize, usize, usize)) {
        let n = self.n();
        if i + 1 == n {
            let good = self.takahashi[i] == (r2 == 0);
            (if good { 1 } else { -1 }, (n, r2, 0))
        } else {
            let phase = usize::from(self.takahashi[i + 1] == self.takahashi[i]);
            (0, (i + 1, r2, phase))
        }
    }
}

impl ScoringGame for Lucky7 {
    type Position = (usize, usize, usize);
    /// The digit appended (`None`: the pass of phase 1).
    type Move = Option<u8>;
    type Score = i8;

    fn start(&self) -> (usize, usize, usize) {
        (0, 0, 0)
    }
    fn for_each_move(
        &self,
        &(i, _, phase): &(usize, usize, usize),
        mut visit: impl FnMut(Option<u8>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if i < self.n() {
            if phase == 1 {
                visit(None)?;
            } else {
                visit(Some(self.digits[i]))?;
                visit(Some(0))?;
            }
        }
        ControlFlow::Continue(())
    }
    fn play(
        &self,
        &(i, r, _): &(usize, usize, usize),
        mv: &Option<u8>,
    ) -> (i8, (usize, usize, usize)) {
        match *mv {
            None => (0, (i, r, 0)),
            Some(d) => self.after(i, (r * 10 + d as usize) % 7),
        }
    }
    fn dense_positions(&self) -> Option<usize> {
        Some((self.n() + 1) * 14)
    }
    fn dense_index(&self, &(i, r, phase): &(usize, usize, usize)) -> Option<usize> {
        Some(self.number(i, r, phase))
    }
    fn dense_position(&self, number: usize) -> Option<(usize, usize, usize)> {
        let (k, rest) = (number / 14, number % 14);
        (k <= self.n()).then(|| (self.n() - k, rest / 2, rest % 2))
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }
    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut((usize, usize, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for i in (0..=self.n()).rev() {
            for r in 0..7 {
                visit((i, r, 0))?;
                visit((i, r, 1))?;
            }
        }
        ControlFlow::Continue(())
    }
    fn numbered_moves(&self) -> bool {
        true
    }
    #[inline(always)]
    fn for_each_numbered_move(
        &self,
        &(i, r, phase): &(usize, usize, usize),
        mut visit: impl FnMut(i8, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if i < self.n() {
            if phase == 1 {
                visit(0, self.number(i, r, 0))?;
            } else {
                for d in [self.digits[i] as usize, 0] {
                    let (points, (i2, r2, p2)) = self.after(i, (r * 10 + d) % 7);
                    visit(points, self.number(i2, r2, p2))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let digits: Vec<u8> = it.next().unwrap().bytes().map(|b| b - b'0').collect();
    let takahashi: Vec<bool> = it.next().unwrap().bytes().map(|b| b == b'T').collect();
    assert!(digits.len() == n && takahashi.len() == n && n >= 1);
    let first_is_takahashi = takahashi[0];
    let value = Negamax::new(Lucky7 { digits, takahashi })
        .value()
        .unwrap_or_else(|e| {
            eprintln!("line 1: {e}");
            std::process::exit(2)
        });
    let takahashi_wins = (value > 0) == first_is_takahashi;
    let answer = if takahashi_wins {
        "Takahashi\n"
    } else {
        "Aoki\n"
    };
    std::io::stdout().write_all(answer.as_bytes()).unwrap();
}
