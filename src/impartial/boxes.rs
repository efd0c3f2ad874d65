//! Boxes of balls: from one box take 1..=a balls, where `a` is that box's bound.
//!
//! A single box of `x` balls with bound `a` has Grundy value `x mod (a + 1)`:
//! whatever the opponent takes (`t`), answering `a + 1 - t` restores a multiple
//! of `a + 1` (the "kokekokko" strategy of the seed). A sum of boxes (the seed's
//! Rem-W(n), last ball wins) is therefore Nim on the residues
//! `r_i = x_i mod (a_i + 1)`; the misère sum (Rem-L(n), last ball loses) is
//! misère Nim on the residues. The winning strategies:
//!
//! - a move in a box whose residue the opponent just changed from a multiple
//!   of `a + 1` is answered by restoring it (kokekokko);
//! - otherwise play Nim (normal) or misère Nim on the residues: make the XOR
//!   zero, except that under misère play, when every residue would be 0 or 1,
//!   leave an odd number of residues equal to 1;
//! - under misère play with every residue 0 but balls left, take `a` from a
//!   non-empty box, leaving residue 1.
//!
//! Both rules are checked against exhaustive search in the tests.

use super::HeapMove;
use crate::impartial::ImpartialGame;
use crate::impartial::misere::{nim_rule_move, nim_rule_outcome};
use crate::{Convention, Error, Nimber, Outcome, Result};

/// One box: `balls` balls, of which a move takes 1..=`max_take`.
///
/// # Example
/// ```
/// use stonegame::impartial::boxes::BallBox;
/// let b = BallBox::new(10, 3).unwrap();
/// assert_eq!(b.residue(), 2);
/// assert!(BallBox::new(10, 0).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BallBox {
    balls: u64,
    max_take: u64,
}

impl BallBox {
    /// A box of `balls` balls from which 1..=`max_take` may be taken (`max_take >= 1`).
    ///
    /// # Example
    /// ```
    /// assert!(stonegame::impartial::boxes::BallBox::new(0, 1).is_ok());
    /// ```
    pub fn new(balls: u64, max_take: u64) -> Result<Self> {
        if max_take == 0 {
            return Err(Error::InvalidParameter {
                name: "box bound",
                reason: "a box must allow taking at least 1 ball (a >= 1)".to_string(),
            });
        }
        Ok(Self { balls, max_take })
    }

    /// The number of balls.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::boxes::BallBox::new(4, 2).unwrap().balls(), 4);
    /// ```
    pub fn balls(self) -> u64 {
        self.balls
    }

    /// The most balls one move may take.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::boxes::BallBox::new(4, 2).unwrap().max_take(), 2);
    /// ```
    pub fn max_take(self) -> u64 {
        self.max_take
    }

    /// `balls mod (max_take + 1)`: the box's Grundy value.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::boxes::BallBox;
    /// assert_eq!(BallBox::new(u64::MAX, u64::MAX).unwrap().residue(), u64::MAX);
    /// ```
    pub fn residue(self) -> u64 {
        if self.max_take >= self.balls {
            self.balls
        } else {
            // max_take < balls <= u64::MAX, so the divisor does not overflow.
            self.balls % (self.max_take + 1)
        }
    }

    /// The box's Grundy value, `balls mod (max_take + 1)`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::boxes::BallBox, Nimber};
    /// assert_eq!(BallBox::new(9, 3).unwrap().grundy(), Nimber(1));
    /// ```
    pub fn grundy(self) -> Nimber {
        Nimber(self.residue())
    }
}

/// Boxes as an [`ImpartialGame`] (a position is one box), for the generic solvers.
///
/// # Example
/// ```
/// use stonegame::impartial::{boxes::{BallBox, Boxes}, grundy::GrundySolver};
/// let mut solver = GrundySolver::new(Boxes);
/// assert_eq!(solver.grundy(&BallBox::new(9, 3).unwrap()).unwrap().0, 1);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Boxes;

impl ImpartialGame for Boxes {
    type Position = BallBox;

    fn for_each_option(&self, position: &BallBox, visit: &mut dyn FnMut(&[BallBox])) {
        for take in 1..=position.max_take.min(position.balls) {
            visit(&[BallBox {
                balls: position.balls - take,
                max_take: position.max_take,
            }]);
        }
    }
}

/// Who wins the sum of `boxes` under `convention` (Rem-W(n) for normal play,
/// Rem-L(n) for misère play).
///
/// # Example
/// ```
/// use stonegame::impartial::boxes::{outcome, BallBox};
/// use stonegame::{Convention, Outcome};
///
/// // One box, take 1..=3: under misère play x = 4k + 1 loses for the player to move.
/// let b = |x| [BallBox::new(x, 3).unwrap()];
/// assert_eq!(outcome(&b(9), Convention::Misere), Outcome::Second);
/// assert_eq!(outcome(&b(8), Convention::Misere), Outcome::First);
/// assert_eq!(outcome(&b(8), Convention::Normal), Outcome::Second);
/// ```
pub fn outcome(boxes: &[BallBox], convention: Convention) -> Outcome {
    let residues = residues(boxes);
    match convention {
        Convention::Normal => residues
            .iter()
            .copied()
            .map(Nimber)
            .sum::<Nimber>()
            .normal_outcome(),
        Convention::Misere => nim_rule_outcome(&residues),
    }
}

/// A winning move (box index and balls taken), or `None` when the player to
/// move loses or, under misère play, when every box is empty.
///
/// # Example
/// ```
/// use stonegame::impartial::{boxes::{winning_move, BallBox}, HeapMove};
/// use stonegame::Convention;
///
/// let boxes = [BallBox::new(10, 3).unwrap(), BallBox::new(7, 5).unwrap()];
/// // Residues 2 and 1: take 1 from the first box so both residues are 1.
/// assert_eq!(winning_move(&boxes, Convention::Normal), Some(HeapMove { heap: 0, take: 1 }));
/// ```
pub fn winning_move(boxes: &[BallBox], convention: Convention) -> Option<HeapMove> {
    let residues = residues(boxes);
    let reduce = match convention {
        Convention::Normal => {
            let total = residues.iter().fold(0, |acc, &r| acc ^ r);
            residues
                .iter()
                .position(|&r| r ^ total < r)
                .map(|i| (i, residues[i] ^ total))
        }
        Convention::Misere => nim_rule_move(&residues),
    };
    if let Some((heap, left)) = reduce {
        return Some(HeapMove {
            heap,
            take: residues[heap] - left,
        });
    }
    let all_residues_zero = residues.iter().all(|&r| r == 0);
    if convention == Convention::Misere && all_residues_zero {
        // Every box is a multiple of a + 1: taking a leaves residue 1, one 1 in all.
        return boxes.iter().position(|b| b.balls > 0).map(|heap| HeapMove {
            heap,
            take: boxes[heap].max_take,
        });
    }
    None
}

fn residues(boxes: &[BallBox]) -> Vec<u64> {
    boxes.iter().map(|b| b.residue()).collect()
}
