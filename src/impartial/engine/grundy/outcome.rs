//! The outcome sweep: win or lose of one position of one impartial game,
//! one byte a number, stopping a position's options at the first that
//! leads to a lost position, as a hand-written win/lose DP does.
//!
//! It walks the numbers in the declared order exactly as the Grundy sweep
//! does (`dense.rs`), with its checks and its refusals (the same helpers):
//! cells start as holes, so one comparison a read refuses a component that
//! is against the order, outside `0..n` or a number the listing skipped.
//! What differs: a cell holds [`LOST`] or [`WON`], and a position's options
//! are read only until one is lost.

use std::ops::ControlFlow;

use super::dense::{
    Halt, Lie, against_numbering, charge, collision, mismatched_numbering, off_next, slot_of,
    unlisted_root,
};
use super::{GRUNDY_SWEEP_POSITION_STEPS, WorkCount};
use crate::game::MoveOrder;
use crate::impartial::ImpartialGame;
use crate::{Budget, Convention, Error, Outcome, Result};

/// A cell: the player to move loses.
const LOST: u8 = 0;
/// A cell: the player to move wins.
const WON: u8 = 1;
/// A cell: no position (yet) at this number (`Cell::HOLE` of a byte, so the
/// Grundy sweep's diagnosis reads these cells as its own).
const HOLE: u8 = u8::MAX;

/// What the budget is charged for.
const WHAT: &str = "outcome table (dense numbering)";

/// What a cancelled or capped query names.
const NAME: &str = "OutcomeSolver";

/// Win or lose of single positions of an impartial game with a declared
/// order ([`ImpartialGame::dense_order`] `ToSmaller` or `ToLarger`), one
/// byte a number: **the fastest form when a single game's winner is all
/// that is asked** (LeetCode 464 "Can I Win", `examples/can_i_win.rs`).
///
/// The sweep is [`GrundySolver`](super::GrundySolver)'s (the same listing,
/// [`for_each_dense_position`](ImpartialGame::for_each_dense_position) and
/// [`for_each_numbered_option`](ImpartialGame::for_each_numbered_option)
/// when [`numbered_options`](ImpartialGame::numbered_options) is set, else
/// [`for_each_option`](ImpartialGame::for_each_option) mapped through
/// [`dense_index`](ImpartialGame::dense_index)), but a position is won as
/// soon as one option is lost: the listing is stopped there
/// ([`ControlFlow::Break`]), where the Grundy sweep reads every option for
/// its mex.
///
/// **Conventions.** Under [`Convention::Normal`] a position without options
/// is lost for the player to move; under [`Convention::Misere`] it is won.
/// Misère here is for **one game only**: the misère outcome of a sum is not
/// decided by its components' outcomes, so ask
/// [`GrundySolver::outcome`](super::GrundySolver::outcome) under misère for
/// a sum. In either convention an option must have one component (an empty
/// option is a move to a position without options); **an option that
/// splits into a sum of two or more components is refused** (when the
/// sweep reads it: one listed after a lost option is never read, and the
/// position is won whatever the sum is worth) with
/// [`Error::InvalidParameter`]: outcomes alone cannot decide a sum, ask
/// [`GrundySolver`](super::GrundySolver) (normal play) instead.
///
/// **Refusals** are the Grundy sweep's, in every build: a game without a
/// numbering or without a declared order; a component numbered against
/// the order, outside `0..n`, without a number, or at a number the listing
/// skipped; a position listed under a number out of order or under another
/// number than its `dense_index`; two positions sharing a number (the round
/// trip through [`dense_position`](ImpartialGame::dense_position), skipped
/// by [`trusting_numbering`](OutcomeSolver::trusting_numbering) and not
/// needed with numbered options).
///
/// **Costs.** One byte a number swept (numbers without a position
/// included), charged to the [`Budget`] before allocating (the array
/// doubles, up to `n`). Work: [`GRUNDY_SWEEP_POSITION_STEPS`](super::GRUNDY_SWEEP_POSITION_STEPS)
/// a number, charged before the sweep starts, and
/// [`GRUNDY_SWEEP_STEPS`](super::GRUNDY_SWEEP_STEPS) a component of each
/// option listed (options never listed, after the first lost one, are not
/// charged), against the cap of [`Budget::with_work`] or
/// [`DEFAULT_GRUNDY_WORK`](super::DEFAULT_GRUNDY_WORK). Under a
/// [`Control`](crate::control::Control) the sweep looks at it every
/// million steps or so, and a cancel is [`Error::Cancelled`]. Outcomes are
/// kept between queries: a later query sweeps on from where the last
/// stopped, or reads one byte.
///
/// # Example
/// ```
/// use std::ops::ControlFlow;
/// use stonegame::game::MoveOrder;
/// use stonegame::impartial::{ImpartialGame, OutcomeSolver};
/// use stonegame::{Convention, Outcome};
///
/// /// Take 1, 3 or 4 from a heap of at most 1000: a heap is its number.
/// struct Take134;
///
/// impl ImpartialGame for Take134 {
///     type Position = usize;
///     fn for_each_option(
///         &self,
///         &heap: &usize,
///         mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
///     ) -> ControlFlow<()> {
///         self.for_each_numbered_option(heap, &heap, |option| visit(option))
///     }
///     fn dense_positions(&self) -> Option<usize> {
///         Some(1001)
///     }
///     fn dense_index(&self, &heap: &usize) -> Option<usize> {
///         Some(heap)
///     }
///     fn dense_position(&self, index: usize) -> Option<usize> {
///         Some(index)
///     }
///     fn dense_order(&self) -> MoveOrder {
///         MoveOrder::ToSmaller
///     }
///     fn numbered_options(&self) -> bool {
///         true
///     }
///     fn for_each_numbered_option(
///         &self,
///         heap: usize,
///         _: &usize,
///         mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
///     ) -> ControlFlow<()> {
///         for take in [1, 3, 4] {
///             if take <= heap {
///                 visit(&[heap - take])?;
///             }
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut solver = OutcomeSolver::new(Take134);
/// assert_eq!(solver.outcome_at_number(7)?, Outcome::Second); // 7 ≡ 0, 2 (mod 7) lose
/// assert_eq!(solver.outcome(&1000)?, Outcome::First);
/// // Misère, one heap: a heap of 0 wins (no move), 1 loses (its move leads to 0).
/// let mut misere = OutcomeSolver::new(Take134).with_convention(Convention::Misere);
/// assert_eq!(misere.outcome(&1)?, Outcome::Second);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Clone)]
pub struct OutcomeSolver<G: ImpartialGame> {
    game: G,
    /// Numbers run over `0..n` (0 when the game has no numbering).
    n: usize,
    order: MoveOrder,
    /// [`LOST`], [`WON`] or [`HOLE`] a slot (`slot_of` a number).
    cells: Vec<u8>,
    /// Slots below this are final.
    swept: usize,
    /// Positions with an outcome.
    known: usize,
    budget: Budget,
    work_cap: u64,
    convention: Convention,
    trusted: bool,
}

/// The game, the limits and how many outcomes are known.
// Not in contest bundles, which print no solver (smaller submissions).
#[cfg(not(stonegame_bundle))]
impl<G: ImpartialGame + std::fmt::Debug> std::fmt::Debug for OutcomeSolver<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutcomeSolver")
            .field("game", &self.game)
            .field("convention", &self.convention)
            .field("budget", &self.budget)
            .field("known_positions", &self.known)
            .finish()
    }
}

impl<G: ImpartialGame> OutcomeSolver<G> {
    /// A solver under normal play with the default budget. A game without
    /// a numbering or an order is refused by its first query.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, OutcomeSolver};
    /// use stonegame::Error;
    /// // Nim numbers no positions: the outcome sweep cannot run.
    /// let mut solver = OutcomeSolver::new(Nim::new());
    /// assert!(matches!(solver.outcome(&3), Err(Error::InvalidParameter { .. })));
    /// ```
    pub fn new(game: G) -> Self {
        Self {
            n: game.dense_positions().unwrap_or(0),
            order: game.dense_order(),
            game,
            cells: Vec::new(),
            swept: 0,
            known: 0,
            budget: Budget::default(),
            work_cap: super::DEFAULT_GRUNDY_WORK,
            convention: Convention::Normal,
            trusted: false,
        }
    }

    /// The same solver under `convention` (outcomes known under the other
    /// one are forgotten). [`Convention::Misere`] is for one game only.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, OutcomeSolver};
    /// use stonegame::Convention;
    /// let solver = OutcomeSolver::new(Nim::new()).with_convention(Convention::Misere);
    /// assert_eq!(solver.convention(), Convention::Misere);
    /// ```
    pub fn with_convention(self, convention: Convention) -> Self {
        if convention == self.convention {
            return self;
        }
        Self {
            convention,
            cells: Vec::new(),
            swept: 0,
            known: 0,
            ..self
        }
    }

    /// The play convention.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, OutcomeSolver};
    /// use stonegame::Convention;
    /// assert_eq!(OutcomeSolver::new(Nim::new()).convention(), Convention::Normal);
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The same solver with its table limited to `budget` and each query
    /// to the budget's work cap (outcomes already known are kept).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, OutcomeSolver};
    /// use stonegame::Budget;
    /// let solver = OutcomeSolver::new(Nim::new()).with_budget(Budget::from_bytes(4096));
    /// assert_eq!(solver.budget(), Budget::from_bytes(4096));
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self {
            budget,
            work_cap: budget.work_or(super::DEFAULT_GRUNDY_WORK),
            ..self
        }
    }

    /// The budget in force.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, OutcomeSolver};
    /// use stonegame::Budget;
    /// assert_eq!(OutcomeSolver::new(Nim::new()).budget(), Budget::default());
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The same solver, trusting that a component's `dense_index` names it
    /// (no round trip through `dense_position`), as
    /// [`GrundySolver::trusting_numbering`](super::GrundySolver::trusting_numbering).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, OutcomeSolver};
    /// let _solver = OutcomeSolver::new(Nim::new()).trusting_numbering();
    /// ```
    pub fn trusting_numbering(self) -> Self {
        Self {
            trusted: true,
            ..self
        }
    }

    /// The game being solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, OutcomeSolver};
    /// let solver = OutcomeSolver::new(Nim::new());
    /// let _nim: &Nim = solver.game();
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions have a known outcome.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::{nim::Nim, OutcomeSolver};
    /// assert_eq!(OutcomeSolver::new(Nim::new()).known_positions(), 0);
    /// ```
    pub fn known_positions(&self) -> usize {
        self.known
    }

    /// Who wins the position numbered `number` (one game, the player to
    /// move first): [`Outcome::First`] or [`Outcome::Second`]. Refused when
    /// `number` is outside `0..n` or names no position, and with every
    /// refusal of the sweep (see [`OutcomeSolver`]).
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::game::MoveOrder;
    /// # use stonegame::impartial::{ImpartialGame, OutcomeSolver};
    /// # use stonegame::{Error, Outcome};
    /// /// Take 1 or 2 from a heap of at most 100 (a heap is its number).
    /// struct Take12;
    /// # impl ImpartialGame for Take12 {
    /// #     type Position = usize;
    /// #     fn for_each_option(
    /// #         &self,
    /// #         &heap: &usize,
    /// #         mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    /// #     ) -> ControlFlow<()> {
    /// #         for take in 1..=heap.min(2) {
    /// #             visit(&[heap - take])?;
    /// #         }
    /// #         ControlFlow::Continue(())
    /// #     }
    /// #     fn dense_positions(&self) -> Option<usize> { Some(101) }
    /// #     fn dense_index(&self, &heap: &usize) -> Option<usize> { Some(heap) }
    /// #     fn dense_position(&self, number: usize) -> Option<usize> { Some(number) }
    /// #     fn dense_order(&self) -> MoveOrder { MoveOrder::ToSmaller }
    /// # }
    /// let mut solver = OutcomeSolver::new(Take12);
    /// assert_eq!(solver.outcome_at_number(99)?, Outcome::Second); // a multiple of 3
    /// assert_eq!(solver.outcome_at_number(100)?, Outcome::First);
    /// assert!(matches!(solver.outcome_at_number(101), Err(Error::InvalidParameter { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome_at_number(&mut self, number: usize) -> Result<Outcome> {
        self.check_game()?;
        if number >= self.n {
            return Err(Error::InvalidParameter {
                name: "number",
                reason: format!(
                    "number {number} is outside the dense numbering 0..{} (dense_positions())",
                    self.n
                ),
            });
        }
        let slot = self.slot(number);
        let cell = if slot < self.swept {
            self.cells[slot]
        } else {
            self.sweep_through(slot)?
        };
        match cell {
            WON => Ok(Outcome::First),
            LOST => Ok(Outcome::Second),
            _ => Err(unlisted_root(number)),
        }
    }

    /// Who wins `position` (one game): its number, checked as the Grundy
    /// sweep checks a query's, then
    /// [`outcome_at_number`](OutcomeSolver::outcome_at_number).
    ///
    /// # Example
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use stonegame::game::MoveOrder;
    /// # use stonegame::impartial::{ImpartialGame, OutcomeSolver};
    /// # use stonegame::{Error, Outcome};
    /// /// Take 1 or 2 from a heap of at most 100 (a heap is its number).
    /// struct Take12;
    /// # impl ImpartialGame for Take12 {
    /// #     type Position = usize;
    /// #     fn for_each_option(
    /// #         &self,
    /// #         &heap: &usize,
    /// #         mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    /// #     ) -> ControlFlow<()> {
    /// #         for take in 1..=heap.min(2) {
    /// #             visit(&[heap - take])?;
    /// #         }
    /// #         ControlFlow::Continue(())
    /// #     }
    /// #     fn dense_positions(&self) -> Option<usize> { Some(101) }
    /// #     fn dense_index(&self, &heap: &usize) -> Option<usize> { Some(heap) }
    /// #     fn dense_position(&self, number: usize) -> Option<usize> { Some(number) }
    /// #     fn dense_order(&self) -> MoveOrder { MoveOrder::ToSmaller }
    /// # }
    /// let mut solver = OutcomeSolver::new(Take12);
    /// assert_eq!(solver.outcome(&4)?, Outcome::First);
    /// assert!(matches!(solver.outcome(&500), Err(Error::InvalidParameter { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome> {
        self.check_game()?;
        let number = match self.game.dense_index(position) {
            Some(number) if number < self.n => number,
            other => return Err(against_numbering(self.n, other)),
        };
        if !self.trusted && self.game.dense_position(number).as_ref() != Some(position) {
            return Err(mismatched_numbering(number));
        }
        self.outcome_at_number(number)
    }

    /// A numbering with a declared order, or the refusal.
    fn check_game(&self) -> Result<()> {
        if self.game.dense_positions().is_some() && self.order != MoveOrder::Unordered {
            return Ok(());
        }
        Err(Error::InvalidParameter {
            name: "game",
            reason: "OutcomeSolver needs a dense numbering (dense_positions()) and a declared \
                     dense_order() (ToSmaller or ToLarger); GrundySolver solves games without"
                .to_string(),
        })
    }

    fn slot(&self, number: usize) -> usize {
        if self.order == MoveOrder::ToLarger {
            slot_of::<true>(self.n, number)
        } else {
            slot_of::<false>(self.n, number)
        }
    }

    /// Sweeps slots `swept..=last` and returns the cell of `last`.
    fn sweep_through(&mut self, last: usize) -> Result<u8> {
        // Known before any is swept: the bytes, then the numbers' work.
        let wanted = (last + 1).max(self.cells.capacity().saturating_mul(2).min(self.n));
        let needed = wanted as u128;
        self.budget.check_bytes(needed, WHAT)?;
        let mut work = WorkCount::new(self.work_cap, self.budget.watch(NAME, None));
        work.watch.check()?;
        let numbers = (last + 1 - self.swept) as u128;
        if work
            .up_front(numbers * u128::from(GRUNDY_SWEEP_POSITION_STEPS))
            .is_break()
        {
            return Err(work.error(&format!(
                "{NAME} (outcome sweep over the dense numbering, {numbers} numbers to sweep, \
                 charged before it starts)"
            )));
        }
        if self.cells.capacity() < wanted {
            let additional = wanted - self.cells.len();
            if self.cells.try_reserve_exact(additional).is_err() {
                return Err(crate::budget::bytes_refused(WHAT, needed, self.budget));
            }
        }
        // Holes through the query's slot: a read of a number not swept yet
        // (or skipped) is one comparison.
        self.cells.resize(last + 1, HOLE);
        let terminal = match self.convention {
            Convention::Misere => WON,
            _ => LOST,
        };
        // Without a control, one segment: the whole sweep.
        let mut segment = if work.watch.is_active() { 1024 } else { self.n };
        loop {
            let until = last.min(self.swept.saturating_add(segment));
            let used_before = work.left;
            let state = State {
                n: self.n,
                last: until,
                terminal,
                trusted: self.trusted,
                left: &mut work.left,
                swept: &mut self.swept,
                known: &mut self.known,
            };
            let cells = &mut self.cells[..=until];
            let stop = match (
                self.order == MoveOrder::ToLarger,
                self.game.numbered_options(),
            ) {
                (true, true) => sweep::<G, true, true>(&self.game, cells, state),
                (true, false) => sweep::<G, true, false>(&self.game, cells, state),
                (false, true) => sweep::<G, false, true>(&self.game, cells, state),
                (false, false) => sweep::<G, false, false>(&self.game, cells, state),
            };
            match stop {
                None if until == last => break,
                None => {
                    // A segment done: shown to the control, the next sized
                    // to about SEGMENT_STEPS steps.
                    work.poll()?;
                    let used = (used_before - work.left).max(1);
                    let scaled = segment as u128 * u128::from(SEGMENT_STEPS) / u128::from(used);
                    segment = usize::try_from(scaled).unwrap_or(self.n).clamp(64, 1 << 20);
                }
                Some(Stop::Over) => {
                    work.left = 0;
                    work.over = true;
                    return Err(
                        work.error(&format!("{NAME} (outcome sweep over the dense numbering)"))
                    );
                }
                Some(Stop::Refused(error)) => return Err(error),
            }
        }
        Ok(self.cells[last])
    }
}

/// Steps of a segment of a sweep under a control (as the Grundy sweep's).
const SEGMENT_STEPS: u64 = 1 << 20;

/// The state of one segment of a sweep, beside the game and the cells.
struct State<'a> {
    n: usize,
    /// The last slot of the segment.
    last: usize,
    /// The cell of a position without options.
    terminal: u8,
    trusted: bool,
    left: &'a mut u64,
    swept: &'a mut usize,
    known: &'a mut usize,
}

/// Why a segment stopped before its end.
enum Stop {
    /// The work cap.
    Over,
    /// A numbering that contradicts itself, or an option with several
    /// components.
    Refused(Error),
}

/// How one option reads: the outcome of its component for the player who
/// moves there, or why it cannot be read.
enum Read {
    Cell(u8),
    /// A component without a value (`None`: without a number), or two
    /// positions sharing its number (`Some((index, true))`).
    Lie(Option<usize>, bool),
    /// Several components.
    Sum(usize),
}

/// Fills `cells` from slot `swept` through `state.last` in the declared
/// order (`LARGER`: `ToLarger`). A position's options are listed until one
/// reads [`LOST`] (the position is [`WON`]); with none lost it is [`LOST`],
/// and without options it is `terminal`. One branch an option beyond the
/// work charge's in the numbered form: a cell that is not [`WON`] is lost
/// or a hole, told apart off the hot path.
fn sweep<G: ImpartialGame, const LARGER: bool, const NUMBERED: bool>(
    game: &G,
    cells: &mut [u8],
    state: State<'_>,
) -> Option<Stop> {
    let State {
        n,
        last,
        terminal,
        trusted,
        left,
        swept,
        known,
    } = state;
    let mut rest = *left;
    let mut next = *swept;
    let mut stored = 0;
    let mut stop = None;
    let _ = game.for_each_dense_position(slot_of::<LARGER>(n, next), |number, position| {
        let listed = if trusted || game.dense_index(&position) == Some(number) {
            number
        } else {
            usize::MAX // outside 0..n: off_next names the lie
        };
        let slot = slot_of::<LARGER>(n, listed);
        if slot != next || slot > last {
            match off_next::<G, LARGER>(game, n, next, last, trusted, number, &position) {
                Some(Some(Halt::Lie(error))) => {
                    stop = Some(Stop::Refused(error));
                    return ControlFlow::Break(());
                }
                Some(_) => return ControlFlow::Break(()), // past the segment
                None => {}                                // numbers skipped stay holes
            }
        }
        next = slot;
        let filled = &*cells;
        let read = |index: usize| {
            filled
                .get(slot_of::<LARGER>(n, index))
                .copied()
                .unwrap_or(HOLE)
        };
        // The cell of the position: `terminal` until an option is seen.
        let mut value = terminal;
        let mut odd = None;
        let mut over = false;
        let _ = if NUMBERED {
            game.for_each_numbered_option(number, &position, |option| {
                if charge(&mut rest, option.len()) {
                    over = true;
                    return ControlFlow::Break(());
                }
                let cell = match option {
                    &[index] => read(index),
                    [] => terminal,
                    _ => {
                        odd = Some(Read::Sum(option.len()));
                        return ControlFlow::Break(());
                    }
                };
                if cell == WON {
                    value = LOST;
                    return ControlFlow::Continue(());
                }
                if cell == LOST {
                    value = WON;
                } else {
                    odd = Some(Read::Lie(option.first().copied(), false));
                }
                ControlFlow::Break(())
            })
        } else {
            game.for_each_option(&position, |option| {
                if charge(&mut rest, option.len()) {
                    over = true;
                    return ControlFlow::Break(());
                }
                let read_one = match option {
                    [component] => read_component(game, component, trusted, &read),
                    [] => Read::Cell(terminal),
                    _ => Read::Sum(option.len()),
                };
                match read_one {
                    Read::Cell(WON) => {
                        value = LOST;
                        ControlFlow::Continue(())
                    }
                    Read::Cell(LOST) => {
                        value = WON;
                        ControlFlow::Break(())
                    }
                    Read::Cell(_) => {
                        odd = Some(Read::Lie(None, false));
                        ControlFlow::Break(())
                    }
                    other => {
                        odd = Some(other);
                        ControlFlow::Break(())
                    }
                }
            })
        };
        if over {
            stop = Some(Stop::Over);
            return ControlFlow::Break(());
        }
        if let Some(odd) = odd {
            stop = Some(Stop::Refused(refusal::<LARGER>(
                cells, n, slot, number, odd,
            )));
            return ControlFlow::Break(());
        }
        cells[slot] = value;
        next = slot + 1;
        stored += 1;
        ControlFlow::Continue(())
    });
    *known += stored;
    // Listed through the segment (or to the listing's end): the numbers
    // after the last listed one are no positions, their cells stay holes.
    *swept = if stop.is_none() { last + 1 } else { next };
    *left = rest;
    stop
}

/// The cell of one component given as a position: its number's, when that
/// number names it (checked unless `trusted`).
#[inline]
fn read_component<G: ImpartialGame>(
    game: &G,
    component: &G::Position,
    trusted: bool,
    read: &impl Fn(usize) -> u8,
) -> Read {
    let Some(index) = game.dense_index(component) else {
        return Read::Lie(None, false);
    };
    let cell = read(index);
    if cell == HOLE {
        return Read::Lie(Some(index), false);
    }
    if !trusted && game.dense_position(index).as_ref() != Some(component) {
        return Read::Lie(Some(index), true);
    }
    Read::Cell(cell)
}

/// The error of an option of the position numbered `number` (in `slot`)
/// that could not be read: the Grundy sweep's diagnosis of a hole, a
/// collision, or an option with several components (cold: once a query).
#[cold]
fn refusal<const LARGER: bool>(
    cells: &[u8],
    n: usize,
    slot: usize,
    number: usize,
    odd: Read,
) -> Error {
    match odd {
        Read::Lie(Some(index), true) => collision(number, index),
        Read::Lie(index, _) => Lie::diagnose::<u8, LARGER>(cells, n, slot, index).error(number),
        Read::Sum(components) => Error::InvalidParameter {
            name: "game",
            reason: format!(
                "an option of the position numbered {number} has {components} components (a \
                 move that splits the game into a sum): the outcome sweep decides one game \
                 from its options' outcomes and cannot decide a sum; ask GrundySolver"
            ),
        },
        // A readable option stops nothing: a listing that changed.
        Read::Cell(_) => super::inconsistent_game(),
    }
}
