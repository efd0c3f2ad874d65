//! The work cap shared by the retrograde engines: one meter per solve,
//! charged once per position listed (with the number of moves or
//! predecessors listed there), so that the innermost loops stay free of
//! bookkeeping.

use std::cell::Cell;
use std::ops::ControlFlow;

use crate::control::Watch;
use crate::{Budget, Error, Result};

use super::graph::Graph;
use super::graph::{Moves, Predecessors};

/// The default work cap of every retrograde engine (the hashed
/// [`Retrograde`](super::Retrograde), [`DenseSolver`](super::DenseSolver),
/// [`ImplicitSolver`](super::ImplicitSolver),
/// [`TieredSolver`](super::TieredSolver) and the MPI solvers) when the
/// budget sets none ([`Budget::with_work`]): steps are positions and moves
/// listed, predecessors visited, weighted so that a step costs one to a
/// few nanoseconds of CPU: measured (release, one thread) 1.0–2.4 ns on
/// pseudo-random graphs of 10^6 to 3·10^7 positions (`DenseSolver`; the
/// default refused the largest after 11.8 s), 2.0 ns for `Retrograde` over
/// pairs of heaps (refused after 10.1 s), 1.7–3.1 ns for `ImplicitSolver`
/// (moves from closures). The MPI solvers count each rank's own steps
/// against the cap.
///
/// # Example
/// ```
/// use stonegame::{Budget, Error, retrograde::{DEFAULT_RETROGRADE_WORK, DenseSolver, Graph}};
/// assert!(DEFAULT_RETROGRADE_WORK >= 1_000_000_000);
/// // A cap of 10 steps is too small for a chain of 100 positions.
/// let chain: Vec<(u32, u32)> = (0..99).map(|u| (u, u + 1)).collect();
/// let graph = Graph::from_edges(100, &chain, Budget::default())?;
/// let solver = DenseSolver::new(&graph).with_budget(Budget::default().with_work(10));
/// let refused = solver.solve();
/// assert!(matches!(refused, Err(Error::WorkLimitExceeded { steps: 10, .. })));
/// # Ok::<(), stonegame::Error>(())
/// ```
pub const DEFAULT_RETROGRADE_WORK: u64 = 5_000_000_000;

/// Counts the steps of one solve against its work cap, and shows them to
/// the budget's control (a cancel is seen where the cap is charged).
pub(crate) struct WorkMeter {
    spent: Cell<u64>,
    cap: u64,
    /// The engine (and game, where one has a name) that a refusal names.
    what: String,
    watch: Watch,
    /// Steps charged that worker threads show to the control instead.
    unreported: Cell<u64>,
}

impl WorkMeter {
    /// A meter for `budget`'s work cap (`default_steps` when none is set),
    /// watched by `budget`'s control; progress reports name the engine
    /// `label` ("DenseSolver"), refusals `what`.
    pub(crate) fn new(
        budget: Budget,
        default_steps: u64,
        label: &'static str,
        what: impl Into<String>,
    ) -> Self {
        Self {
            watch: budget.watch(label, None),
            ..Self::with_cap(budget.work_or(default_steps), what)
        }
    }

    /// A meter that refuses past `cap` steps (no control watches it).
    pub(crate) fn with_cap(cap: u64, what: impl Into<String>) -> Self {
        Self {
            spent: Cell::new(0),
            cap,
            what: what.into(),
            watch: Budget::default().watch("", None),
            unreported: Cell::new(0),
        }
    }

    /// Tells the control the solve expects `more` steps beyond those
    /// charged so far (an upper bound, once the graph's size is known).
    pub(crate) fn expect_more(&self, more: u64) {
        self.watch
            .expect(Some(self.spent.get().saturating_add(more)));
    }

    /// Refuses at once if the control was cancelled (before a big
    /// allocation, say).
    pub(crate) fn check(&self) -> Result<()> {
        self.watch.check().map_err(|error| self.renamed(error))
    }

    /// Refuses if the control was cancelled, reporting nothing (once a
    /// level of the parallel induction: a level of a few positions still
    /// costs a join of every thread, far more than its steps show).
    #[cfg(feature = "parallel")]
    pub(crate) fn stop_if_cancelled(&self) -> Result<()> {
        self.watch
            .stop_if_cancelled()
            .map_err(|error| self.renamed(error))
    }

    /// A watch of the same control for a worker thread: it counts the
    /// steps the worker does that [`WorkMeter::charge_unreported`] charged.
    #[cfg(feature = "parallel")]
    pub(crate) fn fork_watch(&self) -> Watch {
        self.watch.fork()
    }

    /// The error of a watch (a cancel) named after this meter's engine.
    pub(crate) fn renamed(&self, error: Error) -> Error {
        match error {
            Error::Cancelled { steps, .. } => Error::Cancelled {
                what: self.what.clone(),
                steps,
            },
            other => other,
        }
    }

    /// Charges `steps` more to the cap, but does not show them to the
    /// control: worker threads show them through their own watches
    /// ([`WorkMeter::fork_watch`]) as they do them, or this thread with
    /// [`WorkMeter::show`].
    pub(crate) fn charge_unreported(&self, steps: u64) -> Result<()> {
        let spent = self.spent.get();
        if steps > self.cap - spent {
            return Err(self.refusal());
        }
        self.spent.set(spent + steps);
        self.unreported.set(self.unreported.get() + steps);
        Ok(())
    }

    /// Shows the control `steps` that [`WorkMeter::charge_unreported`]
    /// charged, as this thread does them (a look every stride, as
    /// [`WorkMeter::charge`]).
    pub(crate) fn show(&self, steps: u64) -> Result<()> {
        let unreported = self.unreported.get().saturating_sub(steps);
        self.unreported.set(unreported);
        self.watch
            .poll(self.spent.get() - unreported)
            .map_err(|error| self.renamed(error))
    }

    /// The cap.
    #[cfg(feature = "mpi")]
    pub(crate) fn cap(&self) -> u64 {
        self.cap
    }

    /// Charges `steps` more, refusing once the total would pass the cap.
    #[inline]
    pub(crate) fn charge(&self, steps: u64) -> Result<()> {
        let spent = self.spent.get();
        if steps > self.cap - spent {
            return Err(self.refusal());
        }
        self.spent.set(spent + steps);
        // One comparison between looks at the control.
        self.watch
            .poll(spent + steps - self.unreported.get())
            .map_err(|error| self.renamed(error))
    }

    /// The error of a refusal: the engine, the cap and how to raise it.
    pub(crate) fn refusal(&self) -> Error {
        Error::WorkLimitExceeded {
            what: self.what.clone(),
            steps: self.cap,
        }
    }
}

/// Steps charged for each position and each move or predecessor the
/// induction reads from tables (a [`Graph`], hashed predecessor lists):
/// on pseudo-random graphs, release build, a position or move costs 10 ns
/// (10^5 positions) to 34 ns (10^7 positions, cache misses throughout),
/// so 16 steps make a step 0.6–2.4 ns.
pub(crate) const STEPS_PER_TABLE_ENTRY: u64 = 16;

/// Moves or predecessors read through a [`WorkMeter`]: each position's
/// listing is charged `weight` steps for the position and as many for each
/// entry listed, after the listing (a position's list is bounded, so the
/// overshoot before a refusal is one list).
pub(crate) struct Metered<'m, X> {
    inner: X,
    meter: &'m WorkMeter,
    weight: u64,
}

impl<'m, X> Metered<'m, X> {
    /// Lists read from tables: [`STEPS_PER_TABLE_ENTRY`] steps an entry.
    pub(crate) fn new(inner: X, meter: &'m WorkMeter) -> Self {
        Self::weighted(inner, meter, STEPS_PER_TABLE_ENTRY)
    }

    /// Lists charged `weight` steps an entry.
    pub(crate) fn weighted(inner: X, meter: &'m WorkMeter, weight: u64) -> Self {
        Self {
            inner,
            meter,
            weight,
        }
    }

    fn charge(&self, entries: u64) -> Result<()> {
        self.meter.charge(entries.saturating_mul(self.weight))
    }
}

impl<X: Moves> Moves for Metered<'_, X> {
    fn num_positions(&self) -> usize {
        self.inner.num_positions()
    }

    fn out_degree(&self, u: u32) -> Result<u32> {
        let degree = self.inner.out_degree(u)?;
        self.charge(u64::from(degree) + 1)?;
        Ok(degree)
    }

    fn for_each_successor(&self, u: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        let mut listed = 1u64;
        self.inner.for_each_successor(u, &mut |v| {
            listed += 1;
            visit(v);
        })?;
        self.charge(listed)
    }

    /// Not charged: queries (best moves) read one position's moves.
    fn find_move(&self, u: u32, wanted: impl FnMut(u32) -> bool) -> Option<u32> {
        self.inner.find_move(u, wanted)
    }
}

impl<X: Predecessors> Predecessors for Metered<'_, X> {
    fn for_each(&mut self, v: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        let mut listed = 1u64;
        self.inner.for_each(v, &mut |u| {
            listed += 1;
            visit(u);
        })?;
        self.charge(listed)
    }

    fn warm(&self, v: u32) -> u32 {
        self.inner.warm(v)
    }
}

impl<X: Moves + ?Sized> Moves for &X {
    fn num_positions(&self) -> usize {
        (**self).num_positions()
    }

    fn out_degree(&self, u: u32) -> Result<u32> {
        (**self).out_degree(u)
    }

    fn for_each_successor(&self, u: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        (**self).for_each_successor(u, visit)
    }

    fn find_move(&self, u: u32, wanted: impl FnMut(u32) -> bool) -> Option<u32> {
        (**self).find_move(u, wanted)
    }
}

impl<X: Predecessors + ?Sized> Predecessors for &mut X {
    fn for_each(&mut self, v: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        (**self).for_each(v, visit)
    }

    fn warm(&self, v: u32) -> u32 {
        (**self).warm(v)
    }
}

/// The predecessor lists of `graph`, charged for its positions and moves
/// ([`charge_graph`]) before they are built.
pub(crate) fn metered_reverse(graph: &Graph, meter: &WorkMeter) -> Result<Graph> {
    metered_reverse_weighted(graph, meter, STEPS_PER_TABLE_ENTRY)
}

/// [`metered_reverse`] at `weight` steps a position and a move. The steps
/// are charged up front (a refusal before any work) and shown to the
/// control as the lists are built, so a cancel stops the build within
/// milliseconds.
pub(crate) fn metered_reverse_weighted(
    graph: &Graph,
    meter: &WorkMeter,
    weight: u64,
) -> Result<Graph> {
    let entries = (graph.num_positions() as u64).saturating_add(graph.num_moves() as u64);
    let steps = entries.saturating_mul(weight);
    meter.charge_unreported(steps)?;
    let work = u128::from(graph.reverse_work().max(1));
    let mut shown = 0u64;
    let reverse = graph.reversed_polled(Budget::unlimited(), |done| {
        // The build's share of the charge, in proportion to its work done.
        let now = (u128::from(steps) * u128::from(done) / work) as u64;
        let fresh = now.saturating_sub(shown);
        shown = shown.max(now);
        meter.show(fresh)
    })?;
    meter.show(steps.saturating_sub(shown))?;
    Ok(reverse)
}

/// The most steps an induction over `graph` with predecessor lists built
/// from it charges, at `weight` steps an entry: the lists (each position
/// and move once), the loss counters (the same) and the induction (each
/// position listed at most once, with its predecessors).
pub(crate) fn induction_bound(graph: &Graph, weight: u64) -> u64 {
    let entries = (graph.num_positions() as u64).saturating_add(graph.num_moves() as u64);
    entries.saturating_mul(3).saturating_mul(weight)
}

/// Charges [`STEPS_PER_TABLE_ENTRY`] steps for each position and each move
/// of `graph`.
#[cfg(feature = "parallel")]
pub(crate) fn charge_graph(graph: &Graph, meter: &WorkMeter) -> Result<()> {
    charge_entries(
        (graph.num_positions() as u64).saturating_add(graph.num_moves() as u64),
        meter,
    )
}

/// Charges [`STEPS_PER_TABLE_ENTRY`] steps for each of `entries`.
pub(crate) fn charge_entries(entries: u64, meter: &WorkMeter) -> Result<()> {
    meter.charge(entries.saturating_mul(STEPS_PER_TABLE_ENTRY))
}

/// Moves or predecessors a game lists between two charges of the work cap:
/// a listing from a game's closure is charged as it goes, so one that never
/// ends (or lists far more than the cap) is refused at most this many
/// entries past the cap, and the meter is touched once a batch, not once an
/// entry.
pub(crate) const CHARGE_BATCH: u64 = 1024;

/// Charges the entries of a listing to a [`WorkMeter`] a batch at a time,
/// `weight` steps an entry; the first batch past the cap stops the listing.
/// The total charged is the same as charging the whole listing at its end.
pub(crate) struct BatchCharge<'m> {
    meter: &'m WorkMeter,
    weight: u64,
    /// Entries listed since the last charge (below `CHARGE_BATCH`).
    pending: u64,
    /// Whether a batch was refused (the meter makes the error: a flag keeps
    /// this struct, made for every listing, a few words).
    refused: bool,
}

impl<'m> BatchCharge<'m> {
    /// One step an entry.
    pub(crate) fn new(meter: &'m WorkMeter) -> Self {
        Self::weighted(meter, 1)
    }

    /// `weight` steps an entry.
    pub(crate) fn weighted(meter: &'m WorkMeter, weight: u64) -> Self {
        Self {
            meter,
            weight,
            pending: 0,
            refused: false,
        }
    }

    /// Counts one entry; `Break` once a batch passes the cap.
    #[inline]
    pub(crate) fn one(&mut self) -> ControlFlow<()> {
        self.pending += 1;
        if self.pending == CHARGE_BATCH {
            self.pending = 0;
            if self.meter.charge(CHARGE_BATCH * self.weight).is_err() {
                self.refused = true;
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether a batch was refused (the listing was stopped).
    pub(crate) fn is_refused(&self) -> bool {
        self.refused
    }

    /// The steps of the rest of the listing and `extra_steps` more, not
    /// charged (for a caller that charges many listings at once), or the
    /// refusal.
    #[inline]
    pub(crate) fn owed(self, extra_steps: u64) -> Result<u64> {
        if self.refused {
            Err(self.meter.refusal())
        } else {
            // `pending < CHARGE_BATCH` and weights are small: no overflow.
            Ok((self.pending * self.weight).saturating_add(extra_steps))
        }
    }

    /// Charges the rest of the listing and `extra_steps` more (for the
    /// position itself, say), or returns the refusal.
    #[inline]
    pub(crate) fn finish(self, extra_steps: u64) -> Result<()> {
        let meter = self.meter;
        meter.charge(self.owed(extra_steps)?)
    }

    /// The meter charged.
    pub(crate) fn meter(&self) -> &'m WorkMeter {
        self.meter
    }
}
