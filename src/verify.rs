//! Checking a [`Solution`] against its game: a solution read back from a
//! file (serde) or received from elsewhere is trusted only once it follows
//! from the game.
//!
//! Deserialization already refuses a solution that contradicts itself (an
//! outcome its value does not imply, a best move that is not its line's
//! first). What it cannot see is the game: a value of 1000 for a row of five
//! stones, a 40-move line for five stones, a move the game does not have.
//! These calls replay the solution on its game:
//!
//! - [`Solution::verify`] for a scoring game that solves itself (every
//!   built-in stone game) and [`Solution::verify_by`] for a game of your own
//!   solved by [`Negamax`]: every move of the line is a legal move of the
//!   position it is played from, the line ends the game, the points it scores
//!   add up to the value, and the value is the game's value;
//! - [`Solution::verify_at`] for a win/lose game at a position: the outcome is
//!   the game's and the best move and line are the ones the game plays (the
//!   winner's strategy against the documented reply is deterministic).

use std::ops::ControlFlow;

use crate::game::{Solve, SolveAt};
use crate::scoring::{Negamax, Score, ScoringGame};
use crate::{Budget, Error, Outcome, Result, Solution};

/// Moves listed while replaying a line: one step each, capped by the
/// default work cap of a budget ([`Budget::work_or`]) so that a game whose
/// listing never ends is refused instead of hanging the check.
const DEFAULT_REPLAY_WORK: u64 = 10_000_000_000;

fn mismatch(reason: String) -> Error {
    Error::InvalidParameter {
        name: "solution",
        reason: format!("does not follow from its game: {reason}"),
    }
}

impl<T: Score, M: Clone + PartialEq + std::fmt::Debug> Solution<T, M> {
    /// Checks this solution against `game`, a scoring game that solves itself
    /// (every built-in stone game: [`Ends`](crate::scoring::Ends),
    /// [`Front`](crate::scoring::Front), …).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] naming the first thing that does not follow
    /// from the game (an illegal move, a line that stops early or runs on, a
    /// total that is not the value, a value that is not the game's); the
    /// game's own refusals (memory budget, work cap) when it cannot be solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::Ends;
    /// use stonegame::game::Solve;
    /// use stonegame::{Outcome, Solution};
    ///
    /// let game = Ends::new(vec![4i64, 5, 3, 1, 2])?;
    /// let solution = game.solve()?;
    /// assert!(solution.verify(&game).is_ok());
    ///
    /// // A value of 1000 for five stones is refused, however consistent it looks.
    /// let forged = Solution::new(1000i64, Outcome::First, solution.line().to_vec());
    /// assert!(forged.verify(&game).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn verify<G>(&self, game: &G) -> Result<()>
    where
        G: ScoringGame<Score = T, Move = M> + Solve<Value = T>,
    {
        self.replay(game, Budget::default())?;
        self.check_value(game.value()?)
    }

    /// Checks this solution against a game of your own solved by
    /// [`Negamax`] (the replay is charged to the solver's work cap).
    ///
    /// # Errors
    /// As [`Solution::verify`].
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use stonegame::scoring::{Negamax, ScoringGame};
    /// use stonegame::game::Solve;
    ///
    /// /// Take one or two coins from the front; each scores its value.
    /// struct Coins(Vec<i64>);
    /// impl ScoringGame for Coins {
    ///     type Position = usize;
    ///     type Move = usize;
    ///     type Score = i64;
    ///     fn start(&self) -> usize { 0 }
    ///     fn for_each_move(&self, &i: &usize, mut visit: impl FnMut(usize) -> ControlFlow<()>) -> ControlFlow<()> {
    ///         for take in 1..=2.min(self.0.len() - i) {
    ///             visit(take)?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn play(&self, &i: &usize, &take: &usize) -> (i64, usize) {
    ///         (self.0[i..i + take].iter().sum(), i + take)
    ///     }
    /// }
    ///
    /// let solver = Negamax::new(Coins(vec![3, 9, 1, 2]));
    /// let solution = solver.solve()?;
    /// assert!(solution.verify_by(&solver).is_ok());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn verify_by<G>(&self, solver: &Negamax<G>) -> Result<()>
    where
        G: ScoringGame<Score = T, Move = M>,
    {
        self.replay(solver.game(), solver.budget())?;
        self.check_value(solver.value()?)
    }

    fn check_value(&self, value: T) -> Result<()> {
        if self.value() != value {
            return Err(mismatch(format!(
                "its value is {}, the game's is {value}",
                self.value()
            )));
        }
        Ok(())
    }

    /// Plays the line from the start: each move must be listed by the
    /// position it is played from, the points must add up to the value, and
    /// a complete line must end the game.
    fn replay<G>(&self, game: &G, budget: Budget) -> Result<()>
    where
        G: ScoringGame<Score = T, Move = M>,
    {
        let cap = budget.work_or(DEFAULT_REPLAY_WORK);
        let mut listed = 0u64;
        let mut position = game.start();
        let mut total = T::zero();
        let mut sign = T::one();
        for (index, mv) in self.line().iter().enumerate() {
            if !lists(
                game,
                &position,
                |candidate| candidate == mv,
                &mut listed,
                cap,
            )? {
                return Err(mismatch(format!(
                    "move {} of the line ({mv:?}) is not a move of the position it is played from",
                    index + 1
                )));
            }
            let (points, next) = game.play(&position, mv);
            total = add_signed(total, sign, points)?;
            sign = T::zero() - sign;
            position = next;
        }
        if self.is_line_complete() {
            if lists(game, &position, |_| true, &mut listed, cap)? {
                return Err(mismatch(format!(
                    "the line stops after {} moves but the game goes on",
                    self.line().len()
                )));
            }
            if total != self.value() {
                return Err(mismatch(format!(
                    "the line scores a difference of {total}, not the value {}",
                    self.value()
                )));
            }
        }
        Ok(())
    }
}

/// Whether `position` lists a move that `wanted` accepts; each listed move
/// is a step of the work cap.
fn lists<G: ScoringGame>(
    game: &G,
    position: &G::Position,
    mut wanted: impl FnMut(&G::Move) -> bool,
    listed: &mut u64,
    cap: u64,
) -> Result<bool> {
    let mut found = false;
    let mut over = false;
    let _ = game.for_each_move(position, |candidate| {
        *listed += 1;
        if *listed > cap {
            over = true;
            return ControlFlow::Break(());
        }
        if wanted(&candidate) {
            found = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if over {
        return Err(Error::WorkLimitExceeded {
            what: "replaying a solution's line (moves listed)".into(),
            steps: cap,
        });
    }
    Ok(found)
}

/// `total + sign · points`, refused rather than wrapped: a forged line may
/// score beyond what the game's own bound check allows.
fn add_signed<T: Score>(total: T, sign: T, points: T) -> Result<T> {
    let signed = if sign > T::zero() {
        Some(points)
    } else {
        points.checked_neg()
    };
    signed
        .and_then(|signed| total.checked_add(&signed))
        .ok_or_else(|| mismatch("the line's points overflow the score type".into()))
}

impl<M: Clone + PartialEq + std::fmt::Debug> Solution<Outcome, M> {
    /// Checks this solution of a win/lose game against `game` at `position`:
    /// the outcome must be the game's, and the best move and the line the
    /// ones the game plays (the winner's strategy against the reply rule the
    /// game documents is deterministic, so a solution the game produced
    /// verifies, and any change to it is refused).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] naming the first difference; the game's own
    /// refusals when it cannot be solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::Nim;
    /// use stonegame::game::SolveAt;
    /// use stonegame::{Outcome, Solution};
    ///
    /// let mut nim = Nim::new();
    /// let solution = SolveAt::solve(&mut nim, &[3, 4, 5][..])?;
    /// assert!(solution.verify_at(&mut nim, &[3, 4, 5][..]).is_ok());
    ///
    /// let lost: Solution<Outcome, _> = Solution::from_line(Outcome::Second, Vec::new(), true);
    /// assert!(lost.verify_at(&mut nim, &[3, 4, 5][..]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn verify_at<G>(&self, game: &mut G, position: &G::Position) -> Result<()>
    where
        G: SolveAt<Move = M>,
    {
        let outcome = game.outcome(position)?;
        if outcome != self.outcome() {
            return Err(mismatch(format!(
                "its outcome is {:?}, the game's is {outcome:?}",
                self.outcome()
            )));
        }
        let played = game.solve(position)?;
        if played.best_move() != self.best_move() {
            return Err(mismatch(format!(
                "its best move is {:?}, the game plays {:?}",
                self.best_move(),
                played.best_move()
            )));
        }
        if let Some(index) = first_difference(played.line(), self.line()) {
            return Err(mismatch(format!(
                "its line differs from the game's at move {}",
                index + 1
            )));
        }
        if played.is_line_complete() != self.is_line_complete() {
            return Err(mismatch(
                "it says its line is complete where the game's is cut, or the reverse".into(),
            ));
        }
        Ok(())
    }
}

/// The index of the first move where two lines differ (a missing move
/// counts), or `None` when they are equal.
fn first_difference<M: PartialEq>(expected: &[M], given: &[M]) -> Option<usize> {
    let common = expected.len().min(given.len());
    (0..common)
        .find(|&i| expected[i] != given[i])
        .or((expected.len() != given.len()).then_some(common))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::{Ends, Front};

    fn ends(row: &[i64]) -> Ends<i64> {
        Ends::new(row.to_vec()).unwrap()
    }

    #[test]
    fn a_solved_ends_game_verifies_and_each_forgery_is_refused() {
        let game = ends(&[4, 5, 3, 1, 2]);
        let solution = game.solve().unwrap();
        solution.verify(&game).unwrap();
        let line = solution.line().to_vec();

        let wrong_value = Solution::new(1000i64, Outcome::First, line.clone());
        assert!(wrong_value.verify(&game).is_err());

        let mut long = line.clone();
        long.extend(line.iter().cloned().cycle().take(35));
        let forty = Solution::new(solution.value(), solution.outcome(), long);
        let err = forty.verify(&game).unwrap_err().to_string();
        assert!(err.contains("move 6"), "{err}");

        let short = Solution::new(solution.value(), solution.outcome(), line[..3].to_vec());
        assert!(
            short
                .verify(&game)
                .unwrap_err()
                .to_string()
                .contains("goes on")
        );
    }

    #[test]
    fn a_line_that_scores_another_total_is_refused() {
        use crate::scoring::End::{Left, Right};
        // 1 100 1: whoever moves first takes a 1, the other the 100: -98.
        let game = ends(&[1, 100, 1]);
        assert_eq!(game.value(), -98);
        let optimal = Solution::new(-98i64, Outcome::Second, vec![Left, Left, Left]);
        optimal.verify(&game).unwrap();
        // Legal moves throughout, but the second player leaves the 100: +100.
        let generous = Solution::new(-98i64, Outcome::Second, vec![Right, Left, Left]);
        let err = generous.verify(&game).unwrap_err().to_string();
        assert!(err.contains("scores a difference of 100"), "{err}");
    }

    #[test]
    fn front_solutions_verify() {
        let game = Front::new(vec![1i64, 2, 3, 7], 3).unwrap();
        let solution = game.solve().unwrap();
        solution.verify(&game).unwrap();
        let mut other = solution.line().to_vec();
        other[0] += 1;
        let forged = Solution::new(solution.value(), solution.outcome(), other);
        assert!(forged.verify(&game).is_err());
    }

    #[test]
    fn first_difference_counts_a_missing_move() {
        assert_eq!(first_difference(&[1, 2, 3], &[1, 2, 3]), None);
        assert_eq!(first_difference(&[1, 2, 3], &[1, 5, 3]), Some(1));
        assert_eq!(first_difference(&[1, 2, 3], &[1, 2]), Some(2));
        assert_eq!(first_difference::<u8>(&[], &[4]), Some(0));
    }

    /// Plays `line` on `row` by hand: `None` when a move is impossible,
    /// else the difference it scores and whether it emptied the row.
    fn brute_replay(row: &[i64], line: &[crate::scoring::End]) -> Option<(i64, bool)> {
        let (mut left, mut right, mut total, mut sign) = (0, row.len(), 0i64, 1i64);
        for end in line {
            if left == right {
                return None;
            }
            let stone = match end {
                crate::scoring::End::Left => {
                    left += 1;
                    row[left - 1]
                }
                crate::scoring::End::Right => {
                    right -= 1;
                    row[right]
                }
            };
            total += sign * stone;
            sign = -sign;
        }
        Some((total, left == right))
    }

    proptest::proptest! {
        /// Any claimed solution of an Ends row verifies exactly when a hand
        /// replay finds it legal, complete, adding up to its value, and that
        /// value is the game's.
        #[test]
        fn verify_agrees_with_a_hand_replay(
            row in proptest::collection::vec(-20i64..20, 0..7),
            moves in proptest::collection::vec(proptest::bool::ANY, 0..9),
            offset in -2i64..3,
            claim_the_lines_total in proptest::bool::ANY,
        ) {
            use crate::scoring::End;
            let game = ends(&row);
            let line: Vec<End> = moves.iter().map(|&l| if l { End::Left } else { End::Right }).collect();
            let replayed = brute_replay(&row, &line);
            // Either a value off the game's, or (a forger's best try) the
            // total the line really scores, optimal or not.
            let value = match replayed {
                Some((total, _)) if claim_the_lines_total => total,
                _ => game.value() + offset,
            };
            let claimed = Solution::new(value, Outcome::from_difference(value), line.clone());
            let expected = matches!(
                replayed,
                Some((total, true)) if total == value && value == game.value()
            );
            proptest::prop_assert_eq!(claimed.verify(&game).is_ok(), expected);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn a_consistent_forgery_reads_back_and_verify_refuses_it() {
        let game = ends(&[4, 5, 3, 1, 2]);
        let forged = r#"{"value":1000,"outcome":"First","best_move":"Left","line":["Left","Left","Left","Left","Left"],"line_complete":true}"#;
        let read: Solution<i64, crate::scoring::End> = serde_json::from_str(forged).unwrap();
        assert!(read.verify(&game).is_err());
        let honest = serde_json::to_string(&game.solve().unwrap()).unwrap();
        let read: Solution<i64, crate::scoring::End> = serde_json::from_str(&honest).unwrap();
        read.verify(&game).unwrap();
    }
}
