//! The generic negamax with a dense numbering of positions against the same
//! game hashed and against a plain exponential minimax (UVa 10891 "Game of
//! Sum": take one or more stones from either end, score their sum).

use std::ops::ControlFlow;

use proptest::prelude::*;
use stonegame::scoring::{Negamax, ScoringGame};
use stonegame::{Budget, Error};

/// Game of Sum; `dense` says whether it numbers its positions.
struct GameOfSum {
    row: Vec<i64>,
    dense: bool,
}

impl ScoringGame for GameOfSum {
    type Position = (usize, usize);
    type Move = (bool, usize);
    type Score = i64;

    fn start(&self) -> (usize, usize) {
        (0, self.row.len())
    }

    fn for_each_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut((bool, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for k in 1..=r - l {
            visit((true, k))?;
            visit((false, k))?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &(l, r): &(usize, usize), &(left, k): &(bool, usize)) -> (i64, (usize, usize)) {
        if left {
            (self.row[l..l + k].iter().sum(), (l + k, r))
        } else {
            (self.row[r - k..r].iter().sum(), (l, r - k))
        }
    }

    fn dense_positions(&self) -> Option<usize> {
        self.dense.then(|| (self.row.len() + 1).pow(2))
    }

    fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
        self.dense.then(|| l * (self.row.len() + 1) + r)
    }
}

/// Plain minimax over the interval, no memo: the reference.
fn brute(row: &[i64]) -> i64 {
    if row.is_empty() {
        return 0;
    }
    let mut best = i64::MIN;
    for k in 1..=row.len() {
        let left: i64 = row[..k].iter().sum();
        best = best.max(left - brute(&row[k..]));
        let right: i64 = row[row.len() - k..].iter().sum();
        best = best.max(right - brute(&row[..row.len() - k]));
    }
    best
}

proptest! {
    #[test]
    fn dense_and_hashed_agree_with_brute_force(row in prop::collection::vec(-50i64..=50, 0..=9)) {
        let expected = brute(&row);
        let dense = Negamax::new(GameOfSum { row: row.clone(), dense: true });
        let hashed = Negamax::new(GameOfSum { row: row.clone(), dense: false });
        prop_assert_eq!(dense.value().unwrap(), expected);
        prop_assert_eq!(hashed.value().unwrap(), expected);
        let (line_dense, line_hashed) = (dense.solve().unwrap(), hashed.solve().unwrap());
        prop_assert_eq!(line_dense.line(), line_hashed.line());
        let table = dense.table().unwrap();
        prop_assert_eq!(table.positions(), hashed.table().unwrap().positions());
    }
}

#[test]
fn uva_sample() {
    for (row, expected) in [(vec![4, -10, -20, 7], 7), (vec![1, 2, 3], 6)] {
        let game = GameOfSum { row, dense: true };
        assert_eq!(Negamax::new(game).value().unwrap(), expected);
    }
}

/// A numbering that leaves a position out is refused, not trusted.
#[test]
fn a_wrong_numbering_is_refused() {
    struct Short(GameOfSum);
    impl ScoringGame for Short {
        type Position = (usize, usize);
        type Move = (bool, usize);
        type Score = i64;
        fn start(&self) -> (usize, usize) {
            self.0.start()
        }
        fn for_each_move(
            &self,
            p: &(usize, usize),
            visit: impl FnMut((bool, usize)) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            self.0.for_each_move(p, visit)
        }
        fn play(&self, p: &(usize, usize), m: &(bool, usize)) -> (i64, (usize, usize)) {
            self.0.play(p, m)
        }
        fn dense_positions(&self) -> Option<usize> {
            Some(3)
        }
        fn dense_index(&self, p: &(usize, usize)) -> Option<usize> {
            self.0.dense_index(p)
        }
    }
    let game = Short(GameOfSum {
        row: vec![1, 2, 3],
        dense: true,
    });
    assert!(matches!(
        Negamax::new(game).value(),
        Err(Error::InvalidParameter { .. })
    ));
}

/// The dense memo is sized against the budget before it is allocated.
#[test]
fn the_dense_memo_is_checked_against_the_budget() {
    let game = GameOfSum {
        row: vec![1; 1000],
        dense: true,
    };
    let refused = Negamax::new(game)
        .with_budget(Budget::from_bytes(1 << 16))
        .value();
    assert!(matches!(refused, Err(Error::MemoryBudgetExceeded { .. })));
}
