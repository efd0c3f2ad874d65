//! Boxes of balls: from one box take 1..=a balls, where `a` is that box's bound.
//!
//! The one-box game ("x balls, take 1 to a, whoever takes the last ball
//! loses") is a classic Japanese puzzle, shown on the TV quiz show
//! 平成教育委員会 and analysed in the blog post 「玉を取れ! 〜石取りゲーム必勝法〜」,
//! whose names Rem-W(n) and Rem-L(n) for sums of n boxes are kept here.
//!
//! A single box of `x` balls with bound `a` has Grundy value `x mod (a + 1)`:
//! whatever the opponent takes (`t`), answering `a + 1 - t` restores a multiple
//! of `a + 1` (the "kokekokko" strategy of that post). A sum of boxes
//! (Rem-W(n), last ball wins) is therefore Nim on the residues
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
//!
//! Cost: [`Boxes::outcome`], [`Boxes::nimber`] and [`Boxes::winning_move`] are
//! one pass over the boxes, O(n); [`Boxes::solve`] plays its line out, O(n)
//! per move.

use crate::impartial::HeapMove;
use crate::impartial::ImpartialGame;
use crate::impartial::line::{LinePlay, play_line};
use crate::impartial::misere::{nim_rule_move, nim_rule_outcome};
use crate::{Convention, Error, Nimber, Outcome, Result, Solution};
use std::ops::ControlFlow;

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

/// Boxes of balls: the rules (box `i` holds `x_i` balls, a move takes
/// 1..=`a_i` of them), and the solver of any position, a list of [`BallBox`]es.
///
/// Normal play is Rem-W(n) (whoever takes the last ball wins),
/// misère play its Rem-L(n) (whoever takes the last ball loses).
///
/// # Example
/// ```
/// use stonegame::impartial::boxes::{BallBox, Boxes};
/// use stonegame::{Convention, Outcome};
///
/// let boxes = [BallBox::new(10, 3)?, BallBox::new(7, 5)?];
/// assert_eq!(Boxes::new().outcome(&boxes), Outcome::First);
/// // Residues 2 and 1: take 1 ball from the first box so both residues are 1.
/// let solution = Boxes::new().solve(&boxes)?;
/// assert_eq!(solution.best_move().unwrap().to_string(), "1:10->9");
/// assert_eq!(Boxes::new().with_convention(Convention::Misere).outcome(&boxes), Outcome::First);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Boxes {
    convention: Convention,
    budget: crate::Budget,
}

impl Boxes {
    /// Boxes under normal play (whoever takes the last ball wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::boxes::Boxes, Convention};
    /// assert_eq!(Boxes::new().convention(), Convention::Normal);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The same game under `convention`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::boxes::{BallBox, Boxes}, Convention, Outcome};
    /// let misere = Boxes::new().with_convention(Convention::Misere);
    /// assert_eq!(misere.outcome(&[BallBox::new(9, 3).unwrap()]), Outcome::Second);
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        Self { convention, ..self }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::{impartial::boxes::Boxes, Convention};
    /// assert_eq!(Boxes::new().convention(), Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Who wins the sum of `boxes` (Rem-W(n) under normal play, Rem-L(n)
    /// under misère play).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::boxes::{BallBox, Boxes};
    /// use stonegame::{Convention, Outcome};
    ///
    /// // One box, take 1..=3: under misère play x = 4k + 1 loses for the player to move.
    /// let b = |x| [BallBox::new(x, 3).unwrap()];
    /// let misere = Boxes::new().with_convention(Convention::Misere);
    /// assert_eq!(misere.outcome(&b(9)), Outcome::Second);
    /// assert_eq!(misere.outcome(&b(8)), Outcome::First);
    /// assert_eq!(Boxes::new().outcome(&b(8)), Outcome::Second);
    /// ```
    pub fn outcome(&self, boxes: &[BallBox]) -> Outcome {
        match self.convention {
            Convention::Normal => Self::normal_nimber(boxes).normal_outcome(),
            Convention::Misere => nim_rule_outcome(&residues(boxes)),
        }
    }

    /// The Grundy value of the sum: the XOR of the residues `x_i mod (a_i + 1)`.
    ///
    /// # Errors
    /// [`Error::UnsupportedConvention`] under misère play, where Grundy
    /// values do not add up over sums.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::boxes::{BallBox, Boxes};
    /// use stonegame::Nimber;
    /// let boxes = [BallBox::new(10, 3).unwrap(), BallBox::new(7, 5).unwrap()];
    /// assert_eq!(Boxes::new().nimber(&boxes)?, Nimber(2 ^ 1));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn nimber(&self, boxes: &[BallBox]) -> crate::Result<Nimber> {
        crate::game::require_normal(self.convention)?;
        Ok(Self::normal_nimber(boxes))
    }

    /// The normal-play Grundy value, whatever the convention.
    fn normal_nimber(boxes: &[BallBox]) -> Nimber {
        boxes.iter().map(|b| b.grundy()).sum()
    }

    /// A winning move (`from` and `to` count balls), or `None` when the
    /// player to move loses or, under misère play, when every box is empty.
    /// The first move of [`Boxes::solve`], without playing out the line.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::boxes::{BallBox, Boxes};
    /// use stonegame::Convention;
    ///
    /// let misere = Boxes::new().with_convention(Convention::Misere);
    /// // Every residue is 0: take a = 3 balls, leaving residue 1.
    /// let m = misere.winning_move(&[BallBox::new(8, 3).unwrap()]).unwrap();
    /// assert_eq!(m.to_string(), "1:8->5");
    /// ```
    pub fn winning_move(&self, boxes: &[BallBox]) -> Option<HeapMove> {
        let residues = residues(boxes);
        let reduce = match self.convention {
            Convention::Normal => {
                let total = residues.iter().fold(0, |acc, &r| acc ^ r);
                residues
                    .iter()
                    .position(|&r| r ^ total < r)
                    .map(|i| (i, residues[i] ^ total))
            }
            Convention::Misere => nim_rule_move(&residues),
        };
        if let Some((index, left)) = reduce {
            let take = residues[index] - left;
            return HeapMove::take(index, boxes[index].balls, take).ok();
        }
        let all_residues_zero = residues.iter().all(|&r| r == 0);
        if self.convention == Convention::Misere && all_residues_zero {
            // Every box is a multiple of a + 1: taking a leaves residue 1, one 1 in all.
            let index = boxes.iter().position(|b| b.balls > 0)?;
            return HeapMove::take(index, boxes[index].balls, boxes[index].max_take).ok();
        }
        None
    }

    /// The whole answer: who wins, a winning move, and the winner's line
    /// against a loser who takes one ball from the fullest box (cut after
    /// `LINE_LIMIT` moves).
    ///
    /// # Errors
    /// None in practice; the `Result` is the shape every game's `solve` has.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::boxes::{BallBox, Boxes};
    /// use stonegame::Outcome;
    ///
    /// let solution = Boxes::new().solve(&[BallBox::new(5, 3)?])?;
    /// let line: Vec<String> = solution.line().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(line, ["1:5->4", "1:4->3", "1:3->0"]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self, boxes: &[BallBox]) -> Result<Solution<Outcome, HeapMove>> {
        play_line(&mut BoxesLine(*self), boxes, self.outcome(boxes))
    }
}

struct BoxesLine(Boxes);

impl LinePlay<BallBox> for BoxesLine {
    fn winning(&mut self, boxes: &[BallBox]) -> Result<Option<HeapMove>> {
        Ok(self.0.winning_move(boxes))
    }

    fn reply(&mut self, boxes: &[BallBox]) -> Result<Option<HeapMove>> {
        let balls: Vec<u64> = boxes.iter().map(|b| b.balls).collect();
        super::nim::largest_heap_reply(&balls, 1)
    }

    fn apply(&self, boxes: &[BallBox], played: &HeapMove) -> Result<Vec<BallBox>> {
        let balls: Vec<u64> = boxes.iter().map(|b| b.balls).collect();
        played.apply(&balls)?;
        let mut after = boxes.to_vec();
        // `apply` checked the index and the box's balls; a box keeps its bound.
        after[played.index()].balls = played.to().first().copied().unwrap_or(0);
        Ok(after)
    }
}

crate::game::delegate_solve_at!(Boxes, [BallBox], HeapMove, plain);
crate::game::stateless_configure!(Boxes);

crate::game::delegate_nimber_at!(Boxes, [BallBox]);

impl ImpartialGame for Boxes {
    type Position = BallBox;

    fn for_each_option(
        &self,
        position: &BallBox,
        mut visit: impl FnMut(&[BallBox]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for take in 1..=position.max_take.min(position.balls) {
            visit(&[BallBox {
                balls: position.balls - take,
                max_take: position.max_take,
            }])?;
        }
        ControlFlow::Continue(())
    }
}

fn residues(boxes: &[BallBox]) -> Vec<u64> {
    boxes.iter().map(|b| b.residue()).collect()
}
