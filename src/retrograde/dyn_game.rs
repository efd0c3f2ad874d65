//! Retrograde games chosen at run time: [`DynImplicitGame`] and
//! [`DynTieredGame`], the object-safe forms of [`ImplicitGame`] and
//! [`TieredGame`], so an application can keep a user's games in one `Vec`
//! of boxes and hand any of them to [`ImplicitSolver`](super::ImplicitSolver)
//! or [`TieredSolver`](super::TieredSolver).
//!
//! The definition traits take their visitors as `impl FnMut` (the solver's
//! loops are compiled for each game, the fast form), which makes them
//! impossible to name as `dyn`. The `Dyn` forms take them as
//! `&mut dyn FnMut`; every game is one, and a boxed `Dyn` game (or one in an
//! `Arc`) is a game again. The price is one indirect call a move.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{ImplicitGame, TierPosition, TieredGame, Value};

/// What [`DynImplicitGame::dyn_for_each_position`] calls for each position:
/// its number, its terminal value and its moves.
pub type PositionVisitor<'a> = dyn FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()> + 'a;

/// The object-safe form of [`ImplicitGame`]: implemented by every
/// `ImplicitGame`, and a `Box<dyn DynImplicitGame>` is an `ImplicitGame`
/// again. Each method is the `ImplicitGame` method of the same name
/// without its `dyn_` prefix; call those, not these.
///
/// # Example
/// ```
/// use stonegame::retrograde::{DynImplicitGame, FnImplicitGame, ImplicitSolver, Value};
///
/// // Take 1 or 2 (or 1, 2 or 3) from a heap of 0..=10, chosen at run time.
/// fn take_up_to(most: u32) -> Box<dyn DynImplicitGame + Send + Sync> {
///     Box::new(FnImplicitGame::new(
///         11,
///         move |n: u32| (1..=most).filter(move |&s| s <= n).map(move |s| n - s),
///         move |n: u32| (1..=most).filter(move |&s| n + s <= 10).map(move |s| n + s),
///     ))
/// }
/// let games = vec![take_up_to(2), take_up_to(3)];
/// let values: Vec<Option<Value>> = games
///     .into_iter()
///     .map(|game| ImplicitSolver::new(game).solve().map(|solution| solution.value(8)))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(values, vec![Some(Value::Win), Some(Value::Lose)]);
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait DynImplicitGame {
    /// [`ImplicitGame::positions`].
    fn dyn_positions(&self) -> usize;
    /// [`ImplicitGame::for_each_move`].
    fn dyn_for_each_move(
        &self,
        position: u32,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// [`ImplicitGame::for_each_predecessor`].
    fn dyn_for_each_predecessor(
        &self,
        position: u32,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// [`ImplicitGame::terminal`].
    fn dyn_terminal(&self, position: u32) -> Option<Value>;
    /// [`ImplicitGame::move_count`].
    fn dyn_move_count(&self, position: u32) -> Option<u32>;
    /// [`ImplicitGame::for_each_position`].
    fn dyn_for_each_position(&self, visit: &mut PositionVisitor<'_>) -> Option<ControlFlow<()>>;
}

impl<G: ImplicitGame> DynImplicitGame for G {
    fn dyn_positions(&self) -> usize {
        self.positions()
    }
    fn dyn_for_each_move(
        &self,
        position: u32,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_move(position, visit)
    }
    fn dyn_for_each_predecessor(
        &self,
        position: u32,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_predecessor(position, visit)
    }
    fn dyn_terminal(&self, position: u32) -> Option<Value> {
        self.terminal(position)
    }
    fn dyn_move_count(&self, position: u32) -> Option<u32> {
        self.move_count(position)
    }
    fn dyn_for_each_position(&self, visit: &mut PositionVisitor<'_>) -> Option<ControlFlow<()>> {
        self.for_each_position(visit)
    }
}

/// The object-safe form of [`TieredGame`]: implemented by every
/// `TieredGame`, and a `Box<dyn DynTieredGame>` is a `TieredGame` again.
/// Each method is the `TieredGame` method of the same name without its
/// `dyn_` prefix; call those, not these.
///
/// # Example
/// ```
/// use std::ops::ControlFlow;
/// use stonegame::retrograde::{DynTieredGame, TierPosition, TieredGame, TieredSolver, Value};
///
/// /// Take 1..=most from n; tier t holds the single position n = t.
/// struct Countdown { n: u32, most: u32 }
/// impl TieredGame for Countdown {
///     fn num_tiers(&self) -> u32 { self.n + 1 }
///     fn tier_size(&self, _tier: u32) -> u32 { 1 }
///     fn for_each_move(
///         &self,
///         p: TierPosition,
///         mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
///     ) -> ControlFlow<()> {
///         (1..=self.most).filter_map(|take| p.tier.checked_sub(take))
///             .try_for_each(|tier| visit(TierPosition { tier, index: 0 }))
///     }
/// }
///
/// let games: Vec<Box<dyn DynTieredGame + Send + Sync>> =
///     vec![Box::new(Countdown { n: 9, most: 2 }), Box::new(Countdown { n: 9, most: 3 })];
/// let dir = std::env::temp_dir().join(format!("stonegame-dyn-tiers-{}", std::process::id()));
/// let mut values = Vec::new();
/// for (i, game) in games.iter().enumerate() {
///     let mut database = TieredSolver::new(game, dir.join(i.to_string())).solve()?;
///     values.push(database.value(TierPosition { tier: 9, index: 0 })?);
/// }
/// assert_eq!(values, vec![Some(Value::Lose), Some(Value::Win)]);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), stonegame::Error>(())
/// ```
pub trait DynTieredGame {
    /// [`TieredGame::num_tiers`].
    fn dyn_num_tiers(&self) -> u32;
    /// [`TieredGame::tier_size`].
    fn dyn_tier_size(&self, tier: u32) -> u32;
    /// [`TieredGame::for_each_move`].
    fn dyn_for_each_move(
        &self,
        position: TierPosition,
        visit: &mut dyn FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// [`TieredGame::terminal`].
    fn dyn_terminal(&self, position: TierPosition) -> Option<Value>;
    /// [`TieredGame::lists_predecessors`].
    fn dyn_lists_predecessors(&self) -> bool;
    /// [`TieredGame::for_each_predecessor`].
    fn dyn_for_each_predecessor(
        &self,
        position: TierPosition,
        tier: u32,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// [`TieredGame::identity`].
    fn dyn_identity(&self) -> &str;
}

impl<G: TieredGame> DynTieredGame for G {
    fn dyn_num_tiers(&self) -> u32 {
        self.num_tiers()
    }
    fn dyn_tier_size(&self, tier: u32) -> u32 {
        self.tier_size(tier)
    }
    fn dyn_for_each_move(
        &self,
        position: TierPosition,
        visit: &mut dyn FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_move(position, visit)
    }
    fn dyn_terminal(&self, position: TierPosition) -> Option<Value> {
        self.terminal(position)
    }
    fn dyn_lists_predecessors(&self) -> bool {
        self.lists_predecessors()
    }
    fn dyn_for_each_predecessor(
        &self,
        position: TierPosition,
        tier: u32,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_predecessor(position, tier, visit)
    }
    fn dyn_identity(&self) -> &str {
        self.identity()
    }
}

/// `dyn DynImplicitGame` and `dyn DynTieredGame`, with and without
/// `Send + Sync`, are games again: each method forwards to its `dyn_` twin.
macro_rules! games_for_dyn {
    ($($bounds:tt)*) => {
        impl<'a> ImplicitGame for dyn DynImplicitGame $($bounds)* + 'a {
            fn positions(&self) -> usize {
                self.dyn_positions()
            }
            fn for_each_move(
                &self,
                position: u32,
                mut visit: impl FnMut(u32) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_move(position, &mut visit)
            }
            fn for_each_predecessor(
                &self,
                position: u32,
                mut visit: impl FnMut(u32) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_predecessor(position, &mut visit)
            }
            fn terminal(&self, position: u32) -> Option<Value> {
                self.dyn_terminal(position)
            }
            fn move_count(&self, position: u32) -> Option<u32> {
                self.dyn_move_count(position)
            }
            fn for_each_position(
                &self,
                mut visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
            ) -> Option<ControlFlow<()>> {
                self.dyn_for_each_position(&mut visit)
            }
        }

        impl<'a> TieredGame for dyn DynTieredGame $($bounds)* + 'a {
            fn num_tiers(&self) -> u32 {
                self.dyn_num_tiers()
            }
            fn tier_size(&self, tier: u32) -> u32 {
                self.dyn_tier_size(tier)
            }
            fn for_each_move(
                &self,
                position: TierPosition,
                mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_move(position, &mut visit)
            }
            fn terminal(&self, position: TierPosition) -> Option<Value> {
                self.dyn_terminal(position)
            }
            fn lists_predecessors(&self) -> bool {
                self.dyn_lists_predecessors()
            }
            fn for_each_predecessor(
                &self,
                position: TierPosition,
                tier: u32,
                mut visit: impl FnMut(u32) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                self.dyn_for_each_predecessor(position, tier, &mut visit)
            }
            fn identity(&self) -> &str {
                self.dyn_identity()
            }
        }
    };
}

games_for_dyn!();
games_for_dyn!(+ Send);
games_for_dyn!(+ Send + Sync);

/// A game in a `Box` or an `Arc` is the same game (as a borrowed one is).
macro_rules! games_through {
    ($pointer:ident) => {
        impl<G: ImplicitGame + ?Sized> ImplicitGame for $pointer<G> {
            fn positions(&self) -> usize {
                (**self).positions()
            }
            fn for_each_move(
                &self,
                position: u32,
                visit: impl FnMut(u32) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_move(position, visit)
            }
            fn for_each_predecessor(
                &self,
                position: u32,
                visit: impl FnMut(u32) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_predecessor(position, visit)
            }
            fn terminal(&self, position: u32) -> Option<Value> {
                (**self).terminal(position)
            }
            fn move_count(&self, position: u32) -> Option<u32> {
                (**self).move_count(position)
            }
            fn for_each_position(
                &self,
                visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
            ) -> Option<ControlFlow<()>> {
                (**self).for_each_position(visit)
            }
        }

        impl<G: TieredGame + ?Sized> TieredGame for $pointer<G> {
            fn num_tiers(&self) -> u32 {
                (**self).num_tiers()
            }
            fn tier_size(&self, tier: u32) -> u32 {
                (**self).tier_size(tier)
            }
            fn for_each_move(
                &self,
                position: TierPosition,
                visit: impl FnMut(TierPosition) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_move(position, visit)
            }
            fn terminal(&self, position: TierPosition) -> Option<Value> {
                (**self).terminal(position)
            }
            fn lists_predecessors(&self) -> bool {
                (**self).lists_predecessors()
            }
            fn for_each_predecessor(
                &self,
                position: TierPosition,
                tier: u32,
                visit: impl FnMut(u32) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                (**self).for_each_predecessor(position, tier, visit)
            }
            fn identity(&self) -> &str {
                (**self).identity()
            }
        }
    };
}

games_through!(Box);
games_through!(Arc);
