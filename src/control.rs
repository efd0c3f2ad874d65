//! Stopping a solve from another thread, and watching it advance.
//!
//! A [`Control`] is a handle an application keeps: [`Control::cancel`] from
//! any thread makes the solve that carries it return [`Error::Cancelled`]
//! within a fraction of a second, and a progress callback given to
//! [`Control::with_progress`] sees the work done (in the same steps as the
//! work cap, [`Budget::with_work`]) and, where the engine knows it, the work
//! expected. A solve carries the control in its budget
//! ([`Budget::with_control`]), so every game and solver takes it the way it
//! takes a memory budget: `.with_budget(budget)`.
//!
//! Engines look at the control where they count their work, every few
//! million steps (a few milliseconds), so a solve without a control costs
//! one comparison a block of work more than before.
//!
//! # Example
//! ```
//! use std::sync::atomic::{AtomicU64, Ordering};
//! use std::sync::Arc;
//! use stonegame::impartial::octal::{grundy_sequence, TakeAndBreak};
//! use stonegame::{control::Control, Budget, Error};
//!
//! // Watch a long computation advance, then cancel it from the callback.
//! let seen = Arc::new(AtomicU64::new(0));
//! let watched = Arc::clone(&seen);
//! let control = Control::with_progress(move |progress| {
//!     watched.store(progress.done, Ordering::Relaxed);
//! });
//! let budget = Budget::default().with_control(&control);
//! control.cancel(); // as another thread would, at any time
//! let refused = grundy_sequence(&TakeAndBreak::octal("0.6")?, 1_000_000, budget);
//! assert!(matches!(refused, Err(Error::Cancelled { .. })));
//! # Ok::<(), stonegame::Error>(())
//! ```

use std::fmt;
use std::num::NonZeroU64;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

#[cfg(not(stonegame_bundle))]
use std::cell::Cell;

#[cfg(not(stonegame_bundle))]
use crate::Error;
use crate::budget::ControlId;
use crate::{Budget, Result};

/// What a progress callback sees: the work done so far under one
/// [`Control`] and, where the engine knows it, the work expected.
///
/// # Example
/// ```
/// use stonegame::control::Progress;
/// let progress = Progress {
///     what: "octal sequence",
///     done: 1_050,
///     done_here: 50,
///     expected: Some(200),
///     finished: false,
/// };
/// assert_eq!(progress.fraction(), Some(0.25));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress<'a> {
    /// The computation that reports (e.g. "negamax sweep", "GrundySolver",
    /// "DenseSolver", "ImplicitSolver", "Retrograde").
    pub what: &'a str,
    /// Steps done so far by every computation under this control (the
    /// steps of the work cap, [`Budget::with_work`]), since it was made or
    /// last [`reset`](Control::reset); never decreasing in between.
    pub done: u64,
    /// Steps done so far by the reporting computation alone (its worker
    /// threads included): what [`expected`](Progress::expected) is
    /// measured against.
    pub done_here: u64,
    /// Steps the reporting computation expects in all, when it states it
    /// (`None` where the engine cannot know: show the steps done, not a
    /// bar). Some engines state an upper bound (the retrograde solvers: a
    /// solve with many draws ends below it).
    pub expected: Option<u64>,
    /// Whether this is the computation's last report: it ended (answered or
    /// refused; a cancelled one sends none). A bar reads it as 100%.
    pub finished: bool,
}

impl Progress<'_> {
    /// `done_here / expected`, at most 1, when the work expected is known;
    /// 1 in the last report.
    ///
    /// # Example
    /// ```
    /// use stonegame::control::Progress;
    /// let mut progress = Progress {
    ///     what: "sweep",
    ///     done: 10,
    ///     done_here: 10,
    ///     expected: None,
    ///     finished: false,
    /// };
    /// assert_eq!(progress.fraction(), None);
    /// progress.finished = true;
    /// assert_eq!(progress.fraction(), Some(1.0));
    /// ```
    pub fn fraction(&self) -> Option<f64> {
        match self.expected {
            _ if self.finished => Some(1.0),
            Some(0) => Some(1.0),
            Some(expected) => Some((self.done_here as f64 / expected as f64).min(1.0)),
            None => None,
        }
    }
}

type ProgressCallback = Box<dyn Fn(&Progress<'_>) + Send + Sync>;

/// A handle that cancels a solve from another thread and watches its progress.
///
/// Cloning gives another handle to the same control. Give it to a solve with
/// [`Budget::with_control`]; several solves (one after another, or at once)
/// may share one control: cancelling it stops them all, and the progress
/// callback sees their work added up.
///
/// # Example
/// ```
/// use std::thread;
/// use std::time::Duration;
/// use stonegame::{control::Control, retrograde::{DenseSolver, Graph}, Budget, Error};
///
/// let control = Control::new();
/// let budget = Budget::default().with_control(&control);
/// let canceller = control.clone();
/// let stopper = thread::spawn(move || {
///     thread::sleep(Duration::from_millis(10));
///     canceller.cancel();
/// });
/// stopper.join().unwrap();
/// assert!(control.is_cancelled());
/// let chain: Vec<(u32, u32)> = (0..999).map(|u| (u, u + 1)).collect();
/// let graph = Graph::from_edges(1000, &chain, Budget::default())?;
/// let refused = DenseSolver::new(&graph).with_budget(budget).solve();
/// assert!(matches!(refused, Err(Error::Cancelled { .. })));
/// control.reset(); // ready for the next solve
/// assert!(DenseSolver::new(&graph).with_budget(budget).solve().is_ok());
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Clone)]
pub struct Control {
    shared: Arc<Shared>,
}

struct Shared {
    id: NonZeroU64,
    cancelled: AtomicBool,
    done: AtomicU64,
    progress: Option<ProgressCallback>,
}

impl Drop for Shared {
    fn drop(&mut self) {
        let mut registry = registry();
        registry.retain(|(id, _)| *id != self.id);
    }
}

/// Live controls by identity. A control leaves when its last handle (or the
/// last solve watching it) is dropped; a budget naming a control that is
/// gone runs unwatched.
static REGISTRY: Mutex<Vec<(NonZeroU64, Weak<Shared>)>> = Mutex::new(Vec::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

fn registry() -> std::sync::MutexGuard<'static, Vec<(NonZeroU64, Weak<Shared>)>> {
    // A panic elsewhere while the lock was held leaves the list itself whole.
    REGISTRY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Control {
    /// A control with no progress callback.
    ///
    /// # Example
    /// ```
    /// let control = stonegame::control::Control::new();
    /// assert!(!control.is_cancelled());
    /// ```
    pub fn new() -> Self {
        Self::build(None)
    }

    /// A control whose `callback` sees the work advance, every few million
    /// steps (a few milliseconds of work) of each computation under it.
    /// The callback runs on the solving thread (or threads): keep it short,
    /// and throttle by time inside it when it prints.
    ///
    /// # Example
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use stonegame::impartial::octal::{grundy_sequence, TakeAndBreak};
    /// use stonegame::{control::Control, Budget};
    ///
    /// let reports = Arc::new(Mutex::new(Vec::new()));
    /// let sink = Arc::clone(&reports);
    /// let control = Control::with_progress(move |p| sink.lock().unwrap().push(p.done));
    /// let budget = Budget::default().with_control(&control);
    /// grundy_sequence(&TakeAndBreak::octal("0.137")?, 20_000, budget)?;
    /// let reports = reports.lock().unwrap();
    /// assert!(!reports.is_empty());
    /// assert!(reports.windows(2).all(|w| w[0] <= w[1]));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_progress(callback: impl Fn(&Progress<'_>) + Send + Sync + 'static) -> Self {
        Self::build(Some(Box::new(callback)))
    }

    fn build(progress: Option<ProgressCallback>) -> Self {
        let id =
            NonZeroU64::new(NEXT_ID.fetch_add(1, Ordering::Relaxed)).unwrap_or(NonZeroU64::MIN);
        let shared = Arc::new(Shared {
            id,
            cancelled: AtomicBool::new(false),
            done: AtomicU64::new(0),
            progress,
        });
        registry().push((id, Arc::downgrade(&shared)));
        Self { shared }
    }

    /// Asks every solve under this control to stop; each returns
    /// [`Error::Cancelled`] at its next look (within a fraction of a second).
    ///
    /// # Example
    /// ```
    /// let control = stonegame::control::Control::new();
    /// control.cancel();
    /// assert!(control.is_cancelled());
    /// ```
    pub fn cancel(&self) {
        self.shared.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Control::cancel`] was called since the last reset.
    ///
    /// # Example
    /// ```
    /// assert!(!stonegame::control::Control::new().is_cancelled());
    /// ```
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancelled.load(Ordering::Relaxed)
    }

    /// [`Error::Cancelled`] naming `what` once [`Control::cancel`] was
    /// called, for your own code run inside a solve (a
    /// [`DpSolver`](crate::scoring::DpSolver) of your own, a long listing of
    /// moves) to stop the way the crate's engines do. One atomic load: call
    /// it every row or block of work. Your code reaches the control through
    /// the budget it is given ([`Budget::control`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::{control::Control, Budget, Error};
    ///
    /// fn my_dp(rows: u64, budget: Budget) -> Result<u64, Error> {
    ///     let control = budget.control();
    ///     let mut sum = 0;
    ///     for row in 0..rows {
    ///         if let Some(control) = &control {
    ///             control.check_cancelled("my DP")?;
    ///         }
    ///         sum += row;
    ///     }
    ///     Ok(sum)
    /// }
    ///
    /// let control = Control::new();
    /// let budget = Budget::default().with_control(&control);
    /// assert_eq!(my_dp(4, budget)?, 6);
    /// control.cancel();
    /// assert!(matches!(my_dp(4, budget), Err(Error::Cancelled { .. })));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn check_cancelled(&self, what: &str) -> Result<()> {
        if self.is_cancelled() {
            return Err(Error::Cancelled {
                what: what.to_string(),
                steps: self.work_done(),
            });
        }
        Ok(())
    }

    /// Clears the cancel request and the work count, for the next solve.
    ///
    /// # Example
    /// ```
    /// let control = stonegame::control::Control::new();
    /// control.cancel();
    /// control.reset();
    /// assert!(!control.is_cancelled());
    /// assert_eq!(control.work_done(), 0);
    /// ```
    pub fn reset(&self) {
        self.shared.cancelled.store(false, Ordering::Relaxed);
        self.shared.done.store(0, Ordering::Relaxed);
    }

    /// Steps reported so far by the computations under this control (they
    /// report every few million steps, so this trails the true count).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::control::Control::new().work_done(), 0);
    /// ```
    pub fn work_done(&self) -> u64 {
        self.shared.done.load(Ordering::Relaxed)
    }

    pub(crate) fn id(&self) -> ControlId {
        ControlId(self.shared.id)
    }
}

impl Default for Control {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Control")
            .field("cancelled", &self.is_cancelled())
            .field("work_done", &self.work_done())
            .field("progress_callback", &self.shared.progress.is_some())
            .finish()
    }
}

/// The live control named by `id`, if any.
fn lookup(id: ControlId) -> Option<Arc<Shared>> {
    let registry = registry();
    let found = registry
        .iter()
        .find(|(live, _)| *live == id.0)
        .and_then(|(_, shared)| shared.upgrade());
    drop(registry); // before `found` could be the last handle and lock again
    found
}

/// Steps between two looks at the control: a few milliseconds of work, so a
/// cancel is seen well within 0.1 s and a callback runs a few hundred times
/// a second at most.
pub(crate) const WATCH_STRIDE: u64 = 1 << 22;

/// One computation's view of its budget's control: engines call
/// [`Watch::poll`] (or [`Watch::advance`]) where they count work; between
/// looks it costs one comparison.
///
/// A watch is per thread (it counts in `Cell`s); a parallel engine gives
/// each worker its own with [`Watch::fork`].
#[cfg(not(stonegame_bundle))]
pub(crate) struct Watch {
    shared: Option<Arc<Shared>>,
    what: &'static str,
    /// Set when known, at the start or once the computation has sized its
    /// work ([`Watch::expect`]).
    expected: Cell<Option<u64>>,
    /// Steps counted through [`Watch::advance`].
    counted: Cell<u64>,
    /// Steps already added to the control's total.
    reported: Cell<u64>,
    /// The count at which to look next (`u64::MAX` without a control).
    next: Cell<u64>,
    /// The control's total when the computation began: `done_here` is the
    /// total less this.
    base: u64,
    /// Whether this is the computation's own watch, not a worker's fork:
    /// only it sends the last report.
    root: bool,
}

#[cfg(not(stonegame_bundle))]
impl Watch {
    /// A watch of `budget`'s control for the computation `what`, which
    /// expects `expected` steps in all when known.
    pub(crate) fn new(budget: Budget, what: &'static str, expected: Option<u64>) -> Self {
        let shared = budget.control_id().and_then(lookup);
        let next = if shared.is_some() { 0 } else { u64::MAX };
        let base = shared
            .as_ref()
            .map_or(0, |shared| shared.done.load(Ordering::Relaxed));
        Self {
            shared,
            what,
            expected: Cell::new(expected),
            counted: Cell::new(0),
            reported: Cell::new(0),
            next: Cell::new(next),
            base,
            root: true,
        }
    }

    /// A watch of the same control for another thread of the same computation.
    #[cfg(feature = "parallel")]
    pub(crate) fn fork(&self) -> Self {
        let next = if self.shared.is_some() { 0 } else { u64::MAX };
        Self {
            shared: self.shared.clone(),
            what: self.what,
            expected: Cell::new(self.expected.get()),
            counted: Cell::new(0),
            reported: Cell::new(0),
            next: Cell::new(next),
            base: self.base,
            root: false,
        }
    }

    /// Whether a control watches this computation at all (engines may skip
    /// their own bookkeeping for [`Watch::poll`] when not).
    #[inline]
    pub(crate) fn is_active(&self) -> bool {
        self.shared.is_some()
    }

    /// The steps the whole computation expects, once it knows them (after
    /// sizing its work, say); later reports carry them. Watches forked
    /// before keep what they had.
    pub(crate) fn expect(&self, expected: Option<u64>) {
        self.expected.set(expected);
    }

    /// Looks at the control if `done` (this watch's steps so far, never
    /// decreasing) has passed the next stride: [`Error::Cancelled`] once
    /// cancelled, the progress callback told otherwise.
    #[inline]
    pub(crate) fn poll(&self, done: u64) -> Result<()> {
        if done < self.next.get() {
            return Ok(());
        }
        self.look(done)
    }

    /// Counts `steps` more on the watch's own counter, then polls.
    #[inline]
    pub(crate) fn advance(&self, steps: u64) -> Result<()> {
        let done = self.counted.get().saturating_add(steps);
        self.counted.set(done);
        self.poll(done)
    }

    /// [`Error::Cancelled`] once the control is cancelled, without counting
    /// or reporting anything: one atomic load, for a loop whose rounds cost
    /// far more than their steps show (a parallel level of a few positions
    /// still costs a join of every thread).
    #[cfg(feature = "parallel")]
    #[inline]
    pub(crate) fn stop_if_cancelled(&self) -> Result<()> {
        match &self.shared {
            Some(shared) if shared.cancelled.load(Ordering::Relaxed) => Err(Error::Cancelled {
                what: self.what.to_string(),
                steps: shared.done.load(Ordering::Relaxed),
            }),
            _ => Ok(()),
        }
    }

    /// Looks at the control now, whatever the count (at the start of a
    /// phase, say, so a cancelled control refuses before any work).
    pub(crate) fn check(&self) -> Result<()> {
        self.look(self.counted.get().max(self.reported.get()))
    }

    #[cold]
    #[inline(never)]
    fn look(&self, done: u64) -> Result<()> {
        let Some(shared) = &self.shared else {
            self.next.set(u64::MAX);
            return Ok(());
        };
        let fresh = done.saturating_sub(self.reported.get());
        self.reported.set(self.reported.get().max(done));
        let total = shared
            .done
            .fetch_add(fresh, Ordering::Relaxed)
            .saturating_add(fresh);
        self.next.set(done.saturating_add(WATCH_STRIDE));
        if shared.cancelled.load(Ordering::Relaxed) {
            return Err(Error::Cancelled {
                what: self.what.to_string(),
                steps: total,
            });
        }
        if let Some(callback) = &shared.progress {
            callback(&Progress {
                what: self.what,
                done: total,
                done_here: total.saturating_sub(self.base),
                expected: self.expected.get(),
                finished: false,
            });
        }
        Ok(())
    }
}

/// The computation's last report, when it ends without a cancel: the steps
/// not yet shown are added, and the callback told it finished.
#[cfg(not(stonegame_bundle))]
impl Drop for Watch {
    fn drop(&mut self) {
        let Some(shared) = &self.shared else { return };
        let fresh = self.counted.get().saturating_sub(self.reported.get());
        let total = shared
            .done
            .fetch_add(fresh, Ordering::Relaxed)
            .saturating_add(fresh);
        // A panicking callback while unwinding would abort the process.
        if !self.root || shared.cancelled.load(Ordering::Relaxed) || std::thread::panicking() {
            return;
        }
        if let Some(callback) = &shared.progress {
            let done_here = total.saturating_sub(self.base);
            callback(&Progress {
                what: self.what,
                done: total,
                done_here,
                // The last report keeps `done_here <= expected`, even where
                // an engine's estimate fell short.
                expected: self.expected.get().map(|e| e.max(done_here)),
                finished: true,
            });
        }
    }
}

/// In a bundle for a judge there is no one to cancel: the watch is inert
/// and costs nothing.
#[cfg(stonegame_bundle)]
pub(crate) struct Watch;

#[cfg(stonegame_bundle)]
impl Watch {
    pub(crate) fn fork(&self) -> Self {
        Watch
    }
    #[inline]
    pub(crate) fn is_active(&self) -> bool {
        false
    }
    pub(crate) fn expect(&self, _: Option<u64>) {}
    #[inline]
    pub(crate) fn stop_if_cancelled(&self) -> Result<()> {
        Ok(())
    }
    #[inline]
    pub(crate) fn poll(&self, _: u64) -> Result<()> {
        Ok(())
    }
    #[inline]
    pub(crate) fn advance(&self, _: u64) -> Result<()> {
        Ok(())
    }
    pub(crate) fn check(&self) -> Result<()> {
        Ok(())
    }
}

impl Budget {
    /// The same budget watched by `control`: a solve under it stops with
    /// [`Error::Cancelled`](crate::Error::Cancelled) once the control is
    /// cancelled, and reports its progress to the control's callback.
    ///
    /// # Example
    /// ```
    /// use stonegame::{control::Control, Budget};
    /// let control = Control::new();
    /// let budget = Budget::default().with_control(&control);
    /// assert_eq!(budget.bytes(), Budget::default().bytes());
    /// assert_ne!(budget, Budget::default());
    /// ```
    #[cfg(not(stonegame_bundle))]
    pub fn with_control(self, control: &Control) -> Self {
        self.with_control_id(control.id())
    }

    /// The control this budget names, while it is alive: what your own code
    /// run under the budget asks ([`Control::check_cancelled`]). `None` for
    /// a budget without one, or whose control is gone. It takes a lock:
    /// call it once per solve, not per step.
    ///
    /// # Example
    /// ```
    /// use stonegame::{control::Control, Budget};
    /// let control = Control::new();
    /// let budget = Budget::default().with_control(&control);
    /// control.cancel();
    /// assert!(budget.control().is_some_and(|c| c.is_cancelled()));
    /// assert!(Budget::default().control().is_none());
    /// ```
    #[cfg(not(stonegame_bundle))]
    pub fn control(self) -> Option<Control> {
        self.control_id()
            .and_then(lookup)
            .map(|shared| Control { shared })
    }

    /// A watch of this budget's control for the computation `what`, which
    /// expects `expected` steps when known.
    #[cfg(not(stonegame_bundle))]
    pub(crate) fn watch(self, what: &'static str, expected: Option<u64>) -> Watch {
        Watch::new(self, what, expected)
    }

    /// In a bundle for a judge the watch is inert.
    #[cfg(stonegame_bundle)]
    pub(crate) fn watch(self, _: &str, _: Option<u64>) -> Watch {
        Watch
    }
}
