//! Take-and-break games, one home for their definitions and their solvers:
//! octal codes ([`OctalCode`]) and the games they describe ([`TakeAndBreak`]:
//! Kayles, Dawson's Kayles, Grundy's game, …); Grundy sequences (plain
//! reference and sparse-space fast path), periodicity certificates, any heap
//! up to `u64::MAX` for certified games, winning moves, misère play, and Last One.
//!
//! | task | call |
//! |---|---|
//! | outcome, nimber, winning move and line of a sum of heaps, either convention | [`OctalGame`] |
//! | Last One (rows of sticks, whoever strikes the last stick loses) | [`LastOne`] |
//! | `G(0..=n)` | [`grundy_sequence`] (fast), [`grundy_sequence_plain`] (reference) |
//! | long runs: rare counts, largest values, checkpoints | [`SequenceRun`], [`SequenceStats`] |
//! | prove a period | [`find_period_certificate`], [`certify_values`] |
//! | `G(heap)` for huge heaps (the normal-play solver inside [`OctalGame`]) | [`HeapValues`] |
//! | misère play | [`OctalGame`] with `Convention::Misere`; [`MisereQuotient`] (misère quotient: any heap once its period is proven); [`MisereSearch`] (exact search) |
//! | arithmetic periodicity (Lasker's Nim `4.(3)`) | [`arithmetic_period`], [`find_arithmetic_period`] |

mod arithmetic;
mod certificate;
mod checkpoint_key;
mod code;
mod files;
mod game;
pub mod genus;
mod last_one;
mod misere;
mod misere_play;
mod plan;
mod planned;
mod planned_stats;
mod quotient;
mod run;
mod sequence;
mod siphash;
mod table;

pub use arithmetic::{
    ArithmeticPeriod, Evidence, Theorem, arithmetic_period, find_arithmetic_period,
};
pub use certificate::{PeriodCertificate, certify_values, find_period_certificate};
pub use checkpoint_key::{CHECKPOINT_KEY_ENV, CheckpointKey};
pub use code::{MAX_CODE_DIGITS, MoveClass, OctalCode, TakeAndBreak};
pub use game::OctalGame;
pub use last_one::LastOne;
pub use misere::{DEFAULT_MISERE_STATES, DEFAULT_MISERE_WORK, MAX_MISERE_HEAP, MisereSearch};
pub use misere_play::{BEYOND_QUOTIENT_WORK, QUOTIENT_ATTEMPT_WORK};
pub use plan::{Question, Step, Way, plan};
pub use planned::{PlannedValues, planned_values};
pub use planned_stats::planned_stats;
pub use quotient::{
    DEFAULT_QUOTIENT_HEAPS, DEFAULT_QUOTIENT_WORK, GrowthStop, MAX_QUOTIENT_ORDER, MisereQuotient,
    Presentation, QUOTIENT_UNIT_STEPS, QuotientGrowth, QuotientPeriod,
};
pub use run::{
    CHECKPOINT_VERSION, CheckpointLock, MaskCount, RUN_CHUNK, ResumeCheck, SequenceRun,
    SequenceStats,
};
pub use sequence::{
    DEFAULT_SEQUENCE_WORK, MAX_SEQUENCE_HEAP, MAX_SEQUENCE_THREADS, SolverState, SparseGrundy,
    Values, grundy_sequence, grundy_sequence_plain,
};

use crate::impartial::HeapMove;
use crate::{Budget, Error, Nimber, Outcome, Result};
use table::{GrundyTable, Table};

/// How far [`HeapValues`] computes Grundy values by default (4,194,304 heaps,
/// 16 MiB of values) before giving up on a period.
pub const DEFAULT_SEARCH_LIMIT: u64 = plan::DEFAULT_LIMIT;

/// The default work cap of one period search of [`HeapValues`] (steps of the
/// sparse Grundy computation) when the budget sets none: about 6 to 11 s on
/// the development machine, enough for every period proof `grundy --period`
/// has certified in tests (`.376` needs about 5·10^9 steps for 4.7 M values).
/// The sequence's own cap ([`DEFAULT_SEQUENCE_WORK`]) is for tables a user
/// asks for; a search for a period that may not exist gives up no later.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{DEFAULT_PERIOD_SEARCH_WORK, DEFAULT_SEQUENCE_WORK};
/// assert!(DEFAULT_PERIOD_SEARCH_WORK <= DEFAULT_SEQUENCE_WORK);
/// ```
pub const DEFAULT_PERIOD_SEARCH_WORK: u64 = 6_000_000_000;

/// Heaps up to this size were answered from the table of values up to them,
/// never by a period hunt. Kept for compatibility: the planner ([`plan()`])
/// now answers every heap below the direct limit from the values up to it.
pub const DIRECT_TABLE_HEAP: u64 = 4096;

#[derive(Debug, Clone)]
enum Proof {
    /// No proof yet: only computed heaps can be answered.
    Unknown,
    /// Periodic from some heap on (octal periodicity theorem).
    Periodic(PeriodCertificate),
    /// `G(n) = n` for every heap (see [`TakeAndBreak::is_nim_like`]).
    NimLike,
    /// Arithmetic-periodic, proved by a theorem (see [`ArithmeticPeriod`]).
    Arithmetic(ArithmeticPeriod),
}

/// Grundy values of single heaps of one game, for any heap size the game's
/// proofs reach: a certified period or `G(n) = n` answer heaps up to
/// `u64::MAX`; otherwise values are computed up to a limit.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::TakeAndBreak;
/// use stonegame::impartial::octal::HeapValues;
/// use stonegame::{Nimber, Outcome};
///
/// let mut kayles = HeapValues::new(TakeAndBreak::kayles());
/// assert_eq!(kayles.grundy(1_000_000_000_000_000_000)?, Nimber(1));
/// let heaps = [1_000_000_000_000_000_000, 5];
/// assert_eq!(kayles.outcome(&heaps)?, Outcome::First);
/// let best = kayles.winning_move(&heaps)?.unwrap();
/// assert!(kayles.outcome(&best.apply(&heaps)?)? == Outcome::Second);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct HeapValues {
    /// The values computed so far (the sparse-space solver; a plain table
    /// in a contest bundle, see `table.rs`).
    solver: Table,
    proof: Proof,
    limit: u64,
    /// How many values the period search may compute (at least `limit`).
    search_limit: u64,
    budget: Budget,
    /// The period was looked for among `G(0..searched)` without a proof.
    searched: u64,
    /// Whether an infinite code's prefix was probed for an arithmetic period.
    probed: bool,
}

impl HeapValues {
    /// Values of `game` with the default limit ([`DEFAULT_SEARCH_LIMIT`]) and budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut nim = stonegame::impartial::octal::HeapValues::new(TakeAndBreak::nim());
    /// assert_eq!(nim.grundy(u64::MAX)?.0, u64::MAX);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(game: TakeAndBreak) -> Self {
        let proof = if game.is_nim_like() {
            Proof::NimLike
        } else {
            Proof::Unknown
        };
        Self {
            solver: Table::for_game(game),
            proof,
            limit: DEFAULT_SEARCH_LIMIT,
            search_limit: DEFAULT_SEARCH_LIMIT,
            budget: Budget::default(),
            searched: 0,
            probed: false,
        }
    }

    /// The same solver computing at most `limit` values (and searching for a
    /// period among them).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// use stonegame::impartial::octal::HeapValues;
    /// let mut grundy = HeapValues::new(TakeAndBreak::grundys_game()).with_limit(100);
    /// assert_eq!(grundy.grundy(10)?.0, 0);
    /// assert!(grundy.grundy(1_000).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_limit(self, limit: u64) -> Self {
        Self {
            limit,
            search_limit: limit,
            ..self
        }
    }

    /// The same solver letting the search for a period of a finite code
    /// compute up to `limit` values (never fewer than the limit of directly
    /// computed heaps), so a period whose proof needs more values than that
    /// limit is still found. The budget's memory and work caps still apply.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{HeapValues, TakeAndBreak};
    /// let game = TakeAndBreak::octal("0.137")?;
    /// // The proof of 0.137's period needs 2·52 + 2·34 + 3 = 175 values.
    /// let mut values = HeapValues::new(game).with_limit(100).with_search_limit(1_000);
    /// assert!(values.grundy(1_000_000_000)?.0 <= 4);
    /// assert_eq!(values.certificate().unwrap().period(), 34);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_search_limit(self, limit: u64) -> Self {
        Self {
            search_limit: limit.max(self.limit),
            ..self
        }
    }

    /// The same solver with its tables limited to `budget`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{HeapValues, TakeAndBreak};
    /// use stonegame::Budget;
    /// let mut kayles = HeapValues::new(TakeAndBreak::kayles()).with_budget(Budget::from_bytes(64));
    /// assert!(kayles.grundy(1_000).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    /// The budget in force (the default, 1 GiB, unless set).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{HeapValues, TakeAndBreak};
    /// use stonegame::Budget;
    /// assert_eq!(HeapValues::new(TakeAndBreak::kayles()).budget(), Budget::default());
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The game.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let values = stonegame::impartial::octal::HeapValues::new(TakeAndBreak::kayles());
    /// assert_eq!(values.game(), &TakeAndBreak::kayles());
    /// ```
    pub fn game(&self) -> &TakeAndBreak {
        self.solver.game()
    }

    /// How many values are computed (`G(0..computed)`): the planner computes
    /// no more than the question needs.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{HeapValues, TakeAndBreak};
    /// let mut officers = HeapValues::new(TakeAndBreak::octal("0.6")?);
    /// officers.grundy(5000)?;
    /// assert_eq!(officers.computed(), 5001);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn computed(&self) -> u64 {
        self.solver.len() as u64
    }

    /// The periodicity certificate, once one has been found (it is searched
    /// for the first time a heap beyond the computed values is asked).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut values = stonegame::impartial::octal::HeapValues::new(TakeAndBreak::dawsons_kayles());
    /// values.grundy(1 << 40)?;
    /// assert_eq!(values.certificate().unwrap().period(), 34);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn certificate(&self) -> Option<&PeriodCertificate> {
        match &self.proof {
            Proof::Periodic(certificate) => Some(certificate),
            _ => None,
        }
    }

    /// `G(heap)`, by the cheapest way the planner ([`plan()`]) finds: a
    /// proven formula, else the values up to the heap (the period looked
    /// for among them) below the limit, else a period search.
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] when the heap is at or above the limit,
    /// beyond the computed values, and no period is proven within the
    /// search limit; [`Error::WorkLimitExceeded`] /
    /// [`Error::MemoryBudgetExceeded`] when every way that could answer was
    /// refused by the budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut values = stonegame::impartial::octal::HeapValues::new(TakeAndBreak::last_one());
    /// assert_eq!(values.grundy(6)?.0, 6);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn grundy(&mut self, heap: u64) -> Result<Nimber> {
        self.prepare(heap)?;
        self.answer(heap)
    }

    /// `G(heap)` when a proof or the table answers it now.
    fn known(&self, heap: u64) -> Option<Result<Nimber>> {
        match &self.proof {
            Proof::NimLike => Some(Ok(Nimber(heap))),
            Proof::Periodic(certificate) => Some(Ok(certificate.grundy(heap))),
            Proof::Arithmetic(pattern) => Some(pattern.grundy(heap)),
            Proof::Unknown => self
                .solver
                .known(heap)
                .map(|value| Ok(Nimber(u64::from(value)))),
        }
    }

    /// `G(heap)` once [`Self::prepare`] has run for a heap at least as large.
    fn answer(&self, heap: u64) -> Result<Nimber> {
        self.known(heap).unwrap_or_else(|| {
            Err(Error::SizeLimitExceeded {
                what: "heap size of a game with no proven period (Grundy values are computed \
                       up to the search limit)",
                value: heap.into(),
                limit: self.limit.saturating_sub(1).into(),
            })
        })
    }

    /// The question "heaps up to `largest`" as the planner sees it.
    fn question(&self, largest: u64) -> Question {
        Question {
            largest,
            finite: self.game().max_take().is_some(),
            computed: self.solver.len() as u64,
            proven: !matches!(self.proof, Proof::Unknown),
            probed: self.probed,
            searched: self.searched,
            direct_limit: self.limit,
            search_limit: self.search_limit,
        }
    }

    /// Makes every heap up to `largest` answerable: the planner's ways
    /// ([`plan()`]), cheapest first, each tried while the earlier ones were
    /// refused by a limit of the budget or left the heap unanswered.
    ///
    /// # Errors
    /// The last way's refusal ([`Error::WorkLimitExceeded`],
    /// [`Error::MemoryBudgetExceeded`]), else [`Error::SizeLimitExceeded`]
    /// when no way answers `largest`.
    fn prepare(&mut self, largest: u64) -> Result<()> {
        if self.known(largest).is_some() {
            return Ok(());
        }
        let mut refusal = None;
        for step in plan::plan(&self.question(largest)) {
            match self.take(step.way) {
                Err(
                    error @ (Error::WorkLimitExceeded { .. } | Error::MemoryBudgetExceeded { .. }),
                ) => refusal = Some(error),
                Err(other) => return Err(other),
                Ok(()) => refusal = None,
            }
            // A refused way keeps the values it computed: they may answer.
            if self.known(largest).is_some() {
                return Ok(());
            }
        }
        match refusal {
            Some(error) => Err(error),
            None => self.answer(largest).map(|_| ()),
        }
    }

    /// Takes one way of the plan.
    fn take(&mut self, way: Way) -> Result<()> {
        match way {
            Way::Proven => Ok(()),
            Way::ArithmeticProbe { prefix } => {
                let upto = prefix.min(self.limit.saturating_sub(1));
                let extended = self.solver.extend_to(upto, self.budget);
                // A cancelled probe is tried again by the next question.
                self.probed = !matches!(extended, Err(Error::Cancelled { .. }));
                extended?;
                // A short prefix: at most ARITHMETIC_PREFIX values.
                let prefix: Vec<u32> = (0..self.solver.len() as u64)
                    .filter_map(|heap| self.solver.known(heap))
                    .collect();
                if let Some(pattern) = arithmetic::certify_values(self.game(), &prefix) {
                    self.proof = Proof::Arithmetic(pattern);
                }
                Ok(())
            }
            Way::Values {
                upto,
                look_for_period: true,
            } => self.search(upto.saturating_add(1), self.budget),
            Way::Values { upto, .. } => self.solver.extend_to(upto, self.budget),
            Way::PeriodSearch { max_len } => {
                // A search for a period that may not exist gives up at its own cap.
                let budget = match self.budget.work() {
                    Some(_) => self.budget,
                    None => self.budget.with_work(DEFAULT_PERIOD_SEARCH_WORK),
                };
                self.search(max_len, budget)
            }
        }
    }

    /// Looks for a period among up to `max_len` values.
    fn search(&mut self, max_len: u64, budget: Budget) -> Result<()> {
        let found = certificate::certify_with(&mut self.solver, max_len, budget)?;
        match found {
            Some(certificate) => self.proof = Proof::Periodic(certificate),
            None => self.searched = self.searched.max(self.solver.len() as u64),
        }
        Ok(())
    }

    /// The normal-play outcome of a sum of heaps (XOR of their values).
    ///
    /// # Errors
    /// As [`HeapValues::grundy`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// use stonegame::Outcome;
    /// let mut kayles = stonegame::impartial::octal::HeapValues::new(TakeAndBreak::kayles());
    /// assert_eq!(kayles.outcome(&[3, 3])?, Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome> {
        Ok(self.sum_value(heaps)?.normal_outcome())
    }

    fn sum_value(&mut self, heaps: &[u64]) -> Result<Nimber> {
        // One plan for the whole question: its largest heap.
        if let Some(&largest) = heaps.iter().max() {
            self.prepare(largest)?;
        }
        let mut total = Nimber::ZERO;
        for &heap in heaps {
            total ^= self.answer(heap)?;
        }
        Ok(total)
    }

    /// A normal-play winning move in the sum `heaps`, or `None` when the
    /// player to move loses.
    ///
    /// # Errors
    /// As [`HeapValues::grundy`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut kayles = stonegame::impartial::octal::HeapValues::new(TakeAndBreak::kayles());
    /// let m = kayles.winning_move(&[5])?.unwrap();
    /// assert_eq!(m.to_string(), "1:5->2+2");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        let total = self.sum_value(heaps)?;
        if total.is_zero() {
            return Ok(None);
        }
        if matches!(self.proof, Proof::NimLike) {
            return Ok(nim_like_move(heaps, total.0));
        }
        let computed = self.solver.len() as u64;
        let mut skipped = None;
        for (index, &heap) in heaps.iter().enumerate() {
            let value = self.grundy(heap)?;
            let target = value ^ total;
            // Only a heap whose value drops is sure to have the option (mex);
            // looking elsewhere could scan every split of a heap in vain.
            if target >= value {
                continue;
            }
            let target = self.grundy(heap)? ^ total;
            if let (Proof::Arithmetic(pattern), true) = (&self.proof, heap >= computed) {
                // Beyond the table: invert the proved pattern instead of
                // enumerating every option of a huge heap.
                match arithmetic::option_with_value(self.game(), pattern, heap, target)? {
                    Some(left) => return HeapMove::new(index, heap, &left).map(Some),
                    None => {
                        skipped = Some(heap);
                        continue;
                    }
                }
            }
            if let Some(left) = self.option_with_value(heap, target)? {
                return HeapMove::new(index, heap, &left).map(Some);
            }
        }
        if let Some(heap) = skipped {
            return Err(Error::SizeLimitExceeded {
                what: "heap of an arithmetic-periodic game whose winning move is neither a \
                       take nor a split with a small part (only heaps up to the computed \
                       values are searched completely)",
                value: heap.into(),
                limit: computed.saturating_sub(1).into(),
            });
        }
        Err(crate::impartial::line::no_winning_move())
    }

    /// An option of `heap` whose value is `target`.
    fn option_with_value(&mut self, heap: u64, target: Nimber) -> Result<Option<Vec<u64>>> {
        let mut classes = Vec::new();
        self.game()
            .for_each_move_class(heap, |class| classes.push(class));
        // A split whose smaller part is at least n0 + p can be shifted down by p
        // without changing either value, so smaller parts beyond n0 + p need no look.
        let shift_bound = self
            .certificate()
            .map_or(u64::MAX, |c| c.preperiod() + c.period());
        for class in classes {
            match class {
                MoveClass::TakeAll if target.is_zero() => return Ok(Some(Vec::new())),
                MoveClass::LeaveOne(left) if self.grundy(left)? == target => {
                    return Ok(Some(vec![left]));
                }
                MoveClass::Split { total, .. } => {
                    for a in 1..=class.largest_smaller_part().min(shift_bound) {
                        if self.grundy(a)? ^ self.grundy(total - a)? == target {
                            return Ok(Some(vec![a, total - a]));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(None)
    }
}

/// The Nim move for a game where any heap can be reduced to any smaller one.
fn nim_like_move(heaps: &[u64], total: u64) -> Option<HeapMove> {
    heaps.iter().enumerate().find_map(|(index, &heap)| {
        let target = heap ^ total;
        (target < heap)
            .then(|| HeapMove::leaving(index, heap, target).ok())
            .flatten()
    })
}

crate::game::delegate_configure!(HeapValues);
