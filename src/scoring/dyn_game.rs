//! Scoring games chosen at run time: [`DynScoringGame`], the object-safe
//! form of [`ScoringGame`], so an application can keep a user's games in one
//! `Vec<Box<dyn DynScoringGame<…>>>` and hand any of them to the same
//! solvers.
//!
//! [`ScoringGame`] takes its visitors as `impl FnMut` (one copy of the
//! solver's loop per game, inlined, the fast form), which makes it
//! impossible to name as `dyn ScoringGame`. [`DynScoringGame`] takes them as
//! `&mut dyn FnMut`; every `ScoringGame` is one (a blanket implementation),
//! and a `dyn DynScoringGame` (boxed, borrowed or in an `Arc`) is a
//! `ScoringGame` again. The price is one indirect call a move.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Score, ScoringGame};
use crate::game::MoveOrder;

/// The object-safe form of [`ScoringGame`] over positions `P`, moves `M`
/// and scores `S`: implemented by every `ScoringGame`, and a
/// `dyn DynScoringGame<P, M, S>` is a `ScoringGame` again, so the same
/// solvers take it. Each method is the `ScoringGame` method of the same
/// name without its `dyn_` prefix; call those, not these.
///
/// # Example
/// ```
/// use stonegame::scoring::{DynScoringGame, End, Ends, EndsRemainder, Negamax};
///
/// // Games a user picked at run time, kept in one Vec: games with the same
/// // position, move and score types (`Front`, whose position and move are
/// // `usize`, needs a `DynScoringGame<usize, usize, i64>` of its own; the
/// // conventions' "Games chosen at run time" mixes any games in one list).
/// let games: Vec<Box<dyn DynScoringGame<(usize, usize), End, i64> + Send + Sync>> = vec![
///     Box::new(Ends::new(vec![3i64, 9, 1, 2])?),
///     Box::new(Ends::new(vec![5i64, 5])?),
///     Box::new(EndsRemainder::new(vec![5i64, 3, 1, 4, 2])?),
/// ];
/// let values: Vec<i64> = games
///     .iter()
///     .map(|game| Negamax::new(game).value())
///     .collect::<Result<_, _>>()?;
/// assert_eq!(values, vec![7, 0, 6]);
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait DynScoringGame<P, M, S> {
    /// [`ScoringGame::start`].
    fn dyn_start(&self) -> P;
    /// [`ScoringGame::for_each_move`].
    fn dyn_for_each_move(
        &self,
        position: &P,
        visit: &mut dyn FnMut(M) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// [`ScoringGame::play`].
    fn dyn_play(&self, position: &P, mv: &M) -> (S, P);
    /// [`ScoringGame::dense_positions`].
    fn dyn_dense_positions(&self) -> Option<usize>;
    /// [`ScoringGame::dense_index`].
    fn dyn_dense_index(&self, position: &P) -> Option<usize>;
    /// [`ScoringGame::dense_position`].
    fn dyn_dense_position(&self, index: usize) -> Option<P>;
    /// [`ScoringGame::for_each_dense_position`].
    fn dyn_for_each_dense_position(
        &self,
        visit: &mut dyn FnMut(P) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// [`ScoringGame::dense_order`].
    fn dyn_dense_order(&self) -> MoveOrder;
    /// [`ScoringGame::numbered_moves`].
    fn dyn_numbered_moves(&self) -> bool;
    /// [`ScoringGame::dense_reach`].
    fn dyn_dense_reach(&self) -> Option<usize>;
    /// [`ScoringGame::for_each_numbered_move`].
    fn dyn_for_each_numbered_move(
        &self,
        position: &P,
        visit: &mut dyn FnMut(S, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
}

impl<G: ScoringGame> DynScoringGame<G::Position, G::Move, G::Score> for G {
    fn dyn_start(&self) -> G::Position {
        self.start()
    }
    fn dyn_for_each_move(
        &self,
        position: &G::Position,
        visit: &mut dyn FnMut(G::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_move(position, visit)
    }
    fn dyn_play(&self, position: &G::Position, mv: &G::Move) -> (G::Score, G::Position) {
        self.play(position, mv)
    }
    fn dyn_dense_positions(&self) -> Option<usize> {
        self.dense_positions()
    }
    fn dyn_dense_index(&self, position: &G::Position) -> Option<usize> {
        self.dense_index(position)
    }
    fn dyn_dense_position(&self, index: usize) -> Option<G::Position> {
        self.dense_position(index)
    }
    fn dyn_for_each_dense_position(
        &self,
        visit: &mut dyn FnMut(G::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_dense_position(visit)
    }
    fn dyn_dense_order(&self) -> MoveOrder {
        self.dense_order()
    }
    fn dyn_numbered_moves(&self) -> bool {
        self.numbered_moves()
    }
    fn dyn_dense_reach(&self) -> Option<usize> {
        self.dense_reach()
    }
    fn dyn_for_each_numbered_move(
        &self,
        position: &G::Position,
        visit: &mut dyn FnMut(G::Score, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_numbered_move(position, visit)
    }
}

/// `dyn DynScoringGame` with and without `Send + Sync` is a `ScoringGame`:
/// each method forwards to its `dyn_` twin.
macro_rules! scoring_game_for_dyn {
    ($($bounds:tt)*) => {
        impl<'a, P, M, S> ScoringGame for dyn DynScoringGame<P, M, S> $($bounds)* + 'a
        where
            P: Clone + Eq + std::hash::Hash,
            M: Clone + std::fmt::Debug,
            S: Score,
        {
            type Position = P;
            type Move = M;
            type Score = S;

            fn start(&self) -> P {
                self.dyn_start()
            }
            fn for_each_move(
                &self,
                position: &P,
                mut visit: impl FnMut(M) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_move(position, &mut visit)
            }
            fn play(&self, position: &P, mv: &M) -> (S, P) {
                self.dyn_play(position, mv)
            }
            fn dense_positions(&self) -> Option<usize> {
                self.dyn_dense_positions()
            }
            fn dense_index(&self, position: &P) -> Option<usize> {
                self.dyn_dense_index(position)
            }
            fn dense_position(&self, index: usize) -> Option<P> {
                self.dyn_dense_position(index)
            }
            fn for_each_dense_position(
                &self,
                mut visit: impl FnMut(P) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_dense_position(&mut visit)
            }
            fn dense_order(&self) -> MoveOrder {
                self.dyn_dense_order()
            }
            fn numbered_moves(&self) -> bool {
                self.dyn_numbered_moves()
            }
            fn dense_reach(&self) -> Option<usize> {
                self.dyn_dense_reach()
            }
            fn for_each_numbered_move(
                &self,
                position: &P,
                mut visit: impl FnMut(S, usize) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_numbered_move(position, &mut visit)
            }
        }
    };
}

scoring_game_for_dyn!();
scoring_game_for_dyn!(+ Send);
scoring_game_for_dyn!(+ Send + Sync);

/// A game in a `Box` or an `Arc` is the same game (as a borrowed one is).
macro_rules! scoring_game_through {
    ($pointer:ident) => {
        impl<G: ScoringGame + ?Sized> ScoringGame for $pointer<G> {
            type Position = G::Position;
            type Move = G::Move;
            type Score = G::Score;

            fn start(&self) -> G::Position {
                (**self).start()
            }
            fn for_each_move(
                &self,
                position: &G::Position,
                visit: impl FnMut(G::Move) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_move(position, visit)
            }
            fn play(&self, position: &G::Position, mv: &G::Move) -> (G::Score, G::Position) {
                (**self).play(position, mv)
            }
            fn dense_positions(&self) -> Option<usize> {
                (**self).dense_positions()
            }
            fn dense_index(&self, position: &G::Position) -> Option<usize> {
                (**self).dense_index(position)
            }
            fn dense_position(&self, index: usize) -> Option<G::Position> {
                (**self).dense_position(index)
            }
            fn for_each_dense_position(
                &self,
                visit: impl FnMut(G::Position) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_dense_position(visit)
            }
            fn dense_order(&self) -> MoveOrder {
                (**self).dense_order()
            }
            fn numbered_moves(&self) -> bool {
                (**self).numbered_moves()
            }
            fn dense_reach(&self) -> Option<usize> {
                (**self).dense_reach()
            }
            #[inline(always)]
            fn for_each_numbered_move(
                &self,
                position: &G::Position,
                visit: impl FnMut(G::Score, usize) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_numbered_move(position, visit)
            }
        }
    };
}

scoring_game_through!(Box);
scoring_game_through!(Arc);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::{Ends, Negamax};

    #[test]
    fn a_boxed_game_answers_as_the_game_itself() {
        let game = Ends::new(vec![4i64, -10, -20, 7]).unwrap();
        let direct = Negamax::new(&game).solve().unwrap();
        let boxed: Box<dyn DynScoringGame<_, _, i64>> = Box::new(game);
        let erased = Negamax::new(&boxed).solve().unwrap();
        assert_eq!(erased.value(), direct.value());
        assert_eq!(erased.line(), direct.line());
    }
}
