//! Impartial games chosen at run time: [`DynImpartialGame`], the object-safe
//! form of [`ImpartialGame`], so an application can keep a user's games in
//! one `Vec<Box<dyn DynImpartialGame<…>>>` and hand any of them to
//! [`GrundySolver`](crate::impartial::GrundySolver).
//!
//! [`ImpartialGame`] takes its visitor as `impl FnMut` (the solver's loop is
//! compiled for each game, the fast form), which makes it impossible to name
//! as `dyn ImpartialGame`. [`DynImpartialGame`] takes it as `&mut dyn FnMut`;
//! every `ImpartialGame` is one, and a `dyn DynImpartialGame` (boxed,
//! borrowed or in an `Arc`) is an `ImpartialGame` again. The price is one
//! indirect call an option.

use std::hash::Hash;
use std::ops::ControlFlow;
use std::sync::Arc;

use super::ImpartialGame;
use crate::game::MoveOrder;

/// The object-safe form of [`ImpartialGame`] over component positions `P`:
/// implemented by every `ImpartialGame`, and a `dyn DynImpartialGame<P>` is
/// an `ImpartialGame` again. Each method is the `ImpartialGame` method of
/// the same name without its `dyn_` prefix; call those, not these.
///
/// # Example
/// ```
/// use stonegame::impartial::{DynImpartialGame, GrundySolver, SubtractionSet};
///
/// // Subtraction games a user picked at run time, kept in one Vec.
/// let games: Vec<Box<dyn DynImpartialGame<u64> + Send + Sync>> = vec![
///     Box::new(SubtractionSet::new([1, 2])?),
///     Box::new(SubtractionSet::new([1, 3, 4])?),
/// ];
/// let nimbers: Vec<u64> = games
///     .iter()
///     .map(|game| GrundySolver::new(game).grundy(&7).map(|nimber| nimber.0))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(nimbers, vec![1, 0]);
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait DynImpartialGame<P> {
    /// [`ImpartialGame::for_each_option`].
    fn dyn_for_each_option(
        &self,
        position: &P,
        visit: &mut dyn FnMut(&[P]) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// [`ImpartialGame::dense_positions`].
    fn dyn_dense_positions(&self) -> Option<usize>;
    /// [`ImpartialGame::dense_index`].
    fn dyn_dense_index(&self, position: &P) -> Option<usize>;
    /// [`ImpartialGame::dense_position`].
    fn dyn_dense_position(&self, index: usize) -> Option<P>;
    /// [`ImpartialGame::dense_order`].
    fn dyn_dense_order(&self) -> MoveOrder;
    /// [`ImpartialGame::for_each_dense_position`].
    fn dyn_for_each_dense_position(
        &self,
        from: usize,
        visit: &mut dyn FnMut(usize, P) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// [`ImpartialGame::numbered_options`].
    fn dyn_numbered_options(&self) -> bool;
    /// [`ImpartialGame::for_each_numbered_option`].
    fn dyn_for_each_numbered_option(
        &self,
        number: usize,
        position: &P,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
}

impl<G: ImpartialGame> DynImpartialGame<G::Position> for G {
    fn dyn_for_each_option(
        &self,
        position: &G::Position,
        visit: &mut dyn FnMut(&[G::Position]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_option(position, visit)
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
    fn dyn_dense_order(&self) -> MoveOrder {
        self.dense_order()
    }
    fn dyn_for_each_dense_position(
        &self,
        from: usize,
        visit: &mut dyn FnMut(usize, G::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_dense_position(from, visit)
    }
    fn dyn_numbered_options(&self) -> bool {
        self.numbered_options()
    }
    fn dyn_for_each_numbered_option(
        &self,
        number: usize,
        position: &G::Position,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_numbered_option(number, position, visit)
    }
}

/// `dyn DynImpartialGame` with and without `Send + Sync` is an
/// `ImpartialGame`: each method forwards to its `dyn_` twin.
macro_rules! impartial_game_for_dyn {
    ($($bounds:tt)*) => {
        impl<'a, P: Clone + Eq + Hash> ImpartialGame for dyn DynImpartialGame<P> $($bounds)* + 'a {
            type Position = P;

            fn for_each_option(
                &self,
                position: &P,
                mut visit: impl FnMut(&[P]) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_option(position, &mut visit)
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
            fn dense_order(&self) -> MoveOrder {
                self.dyn_dense_order()
            }
            fn for_each_dense_position(
                &self,
                from: usize,
                mut visit: impl FnMut(usize, P) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_dense_position(from, &mut visit)
            }
            fn numbered_options(&self) -> bool {
                self.dyn_numbered_options()
            }
            fn for_each_numbered_option(
                &self,
                number: usize,
                position: &P,
                mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_numbered_option(number, position, &mut visit)
            }
        }
    };
}

impartial_game_for_dyn!();
impartial_game_for_dyn!(+ Send);
impartial_game_for_dyn!(+ Send + Sync);

/// A game in a `Box` or an `Arc` is the same game (as a borrowed one is).
macro_rules! impartial_game_through {
    ($pointer:ident) => {
        impl<G: ImpartialGame + ?Sized> ImpartialGame for $pointer<G> {
            type Position = G::Position;

            fn for_each_option(
                &self,
                position: &G::Position,
                visit: impl FnMut(&[G::Position]) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_option(position, visit)
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
            fn dense_order(&self) -> MoveOrder {
                (**self).dense_order()
            }
            fn for_each_dense_position(
                &self,
                from: usize,
                visit: impl FnMut(usize, G::Position) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_dense_position(from, visit)
            }
            fn numbered_options(&self) -> bool {
                (**self).numbered_options()
            }
            fn for_each_numbered_option(
                &self,
                number: usize,
                position: &G::Position,
                visit: impl FnMut(&[usize]) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_numbered_option(number, position, visit)
            }
        }
    };
}

impartial_game_through!(Box);
impartial_game_through!(Arc);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, Nim};

    #[test]
    fn a_boxed_game_answers_as_the_game_itself() {
        let boxed: Box<dyn DynImpartialGame<u64>> = Box::new(Nim::new());
        let mut solver = GrundySolver::new(&boxed);
        assert_eq!(solver.grundy_of_sum(&[3, 5, 6]).unwrap().0, 0);
        assert_eq!(solver.grundy(&9).unwrap().0, 9);
    }

    /// Take 1, 3 or 4, given only by numbers: listing options by position
    /// is refused, so an adapter that did not forward the numbered form
    /// would fail.
    struct NumberedOnly;

    impl ImpartialGame for NumberedOnly {
        type Position = usize;
        fn for_each_option(
            &self,
            _: &usize,
            _: impl FnMut(&[usize]) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            ControlFlow::Break(())
        }
        fn dense_positions(&self) -> Option<usize> {
            Some(100)
        }
        fn dense_index(&self, &heap: &usize) -> Option<usize> {
            Some(heap)
        }
        fn dense_position(&self, index: usize) -> Option<usize> {
            Some(index)
        }
        fn dense_order(&self) -> MoveOrder {
            MoveOrder::ToSmaller
        }
        fn numbered_options(&self) -> bool {
            true
        }
        fn for_each_numbered_option(
            &self,
            heap: usize,
            _: &usize,
            mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            [1, 3, 4]
                .into_iter()
                .filter(|&take| take <= heap)
                .try_for_each(|take| visit(&[heap - take]))
        }
    }

    #[test]
    fn a_boxed_game_keeps_its_numbered_form() {
        let direct = GrundySolver::new(NumberedOnly).grundy(&99).unwrap();
        let boxed: Box<dyn DynImpartialGame<usize> + Send + Sync> = Box::new(NumberedOnly);
        assert_eq!(GrundySolver::new(&boxed).grundy(&99).unwrap(), direct);
        let shared = Arc::new(NumberedOnly);
        assert_eq!(GrundySolver::new(shared).grundy(&99).unwrap(), direct);
    }
}
