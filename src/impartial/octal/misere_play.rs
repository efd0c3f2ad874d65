//! Misère play of an [`OctalGame`]: the solvers behind
//! `OctalGame::with_convention(Convention::Misere)`.
//!
//! Everything misère about [`OctalGame`] is here, reached from `game.rs` only
//! through the [`MisereSolver`] trait object, so a normal-play program never
//! names these types and `tools/bundle` leaves them (and the misère search
//! and quotient they use) out of a contest submission.

use std::any::Any;

use super::game::MisereSolver;
use super::misere::{misere_nim_move, misere_nim_outcome};
use super::{
    DEFAULT_MISERE_WORK, GrowthStop, MisereQuotient, MisereSearch, OctalGame, QuotientGrowth,
    TakeAndBreak,
};
use crate::impartial::HeapMove;
use crate::{Budget, Convention, Error, Outcome, Result};

/// The work cap of the misère quotient [`OctalGame`] grows on its first
/// misère query (when the budget sets none): enough to prove Kayles' period
/// (about 0.1 s) and to verify `Q_26` of Dawson's Kayles (about 0.2 s), and
/// short enough that a refusal beyond a wild game's quotient comes well
/// within a second (the growth spends its whole cap on the heap it cannot add).
/// Steps as [`DEFAULT_QUOTIENT_WORK`](super::DEFAULT_QUOTIENT_WORK) counts
/// them: 30 million products and comparisons.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{QuotientGrowth, TakeAndBreak, QUOTIENT_ATTEMPT_WORK};
/// use stonegame::Budget;
/// let kayles = QuotientGrowth::new(TakeAndBreak::kayles())
///     .with_budget(Budget::default().with_work(QUOTIENT_ATTEMPT_WORK))
///     .grow()?;
/// assert!(kayles.quotient().period().is_some());
/// # Ok::<(), stonegame::Error>(())
/// ```
pub const QUOTIENT_ATTEMPT_WORK: u64 = 180_000_000;

/// Misère sums of at most this many tokens are searched exactly without
/// first building the quotient.
const SMALL_MISERE_TOKENS: u64 = 40;

/// The work cap of the exact search (steps as [`DEFAULT_MISERE_WORK`]
/// charges them) for a sum beyond the verified part of a wild game's
/// quotient, when the budget sets no work cap: about a third of a second,
/// so that a hopeless sum is refused quickly with the reason.
pub const BEYOND_QUOTIENT_WORK: u64 = 300_000_000;

/// The misère solvers of one game, keeping what they compute between calls.
#[derive(Debug, Clone)]
struct MiserePlay {
    budget: Budget,
    /// Built on first misère query of a game that is not Nim-like.
    search: Option<MisereSearch>,
    /// The misère quotient: `None` until tried, then the quotient with a
    /// proven period, or else the largest verified bounded quotient with the
    /// reason it could not be extended (`None` when not even that was built).
    quotient: Option<Option<(MisereQuotient, Option<GrowthStop>)>>,
}

impl MiserePlay {
    fn new(budget: Budget) -> Self {
        Self {
            budget,
            search: None,
            quotient: None,
        }
    }

    /// The quotient with the reason its growth stopped, tried once: the
    /// quotient of every heap when its period is proven on the way, else the
    /// largest verified bounded quotient.
    fn grown(&mut self, game: &TakeAndBreak) -> Option<&(MisereQuotient, Option<GrowthStop>)> {
        if self.quotient.is_none() {
            // An automatic attempt gets a smaller work cap than an explicit
            // computation, so that games whose quotient is out of reach
            // (Dawson's Kayles) are settled quickly. One growth both looks
            // for a period (Kayles) and keeps what it verified (Dawson's
            // Kayles): a separate search for a period first built the same
            // quotients again, and doubled the time of every refusal.
            let work = self.budget.work().unwrap_or(QUOTIENT_ATTEMPT_WORK);
            let attempt = match QuotientGrowth::new(game.clone())
                .with_budget(self.budget.with_work(work))
                .grow()
            {
                // Not tried to the end: the next query tries again (the
                // exact search then sees the cancel too).
                Err(Error::Cancelled { .. }) => return None,
                grown => grown.ok().map(|grown| {
                    let stop = grown.stop().cloned();
                    (grown.into_quotient(), stop)
                }),
            };
            self.quotient = Some(attempt);
        }
        self.quotient.as_ref().and_then(Option::as_ref)
    }

    /// The quotient, tried once (`None` when not even a bounded one was built).
    fn quotient(&mut self, game: &TakeAndBreak) -> Option<&MisereQuotient> {
        self.grown(game).map(|(q, _)| q)
    }

    /// Answers from the misère quotient when it covers the heaps. Small sums
    /// (at most `SMALL_MISERE_TOKENS` tokens) go to the exact search, which
    /// answers them in microseconds, unless the quotient is already built.
    fn answer_from_quotient<T>(
        &mut self,
        game: &TakeAndBreak,
        heaps: &[u64],
        query: impl Fn(&MisereQuotient) -> Result<T>,
    ) -> Option<T> {
        let tokens = heaps.iter().fold(0u64, |sum, &h| sum.saturating_add(h));
        if tokens <= SMALL_MISERE_TOKENS && self.quotient.is_none() {
            return None;
        }
        self.quotient(game).and_then(|q| query(q).ok())
    }

    /// Whether a sum lies beyond the verified part of a bounded quotient
    /// (then the exact search gets a short work cap, and its refusal says why).
    fn beyond_quotient(&mut self, game: &TakeAndBreak, heaps: &[u64]) -> Option<u64> {
        let tokens = heaps.iter().fold(0u64, |sum, &h| sum.saturating_add(h));
        if tokens <= SMALL_MISERE_TOKENS && self.quotient.is_none() {
            return None;
        }
        let (q, _) = self.grown(game)?;
        if q.period().is_some() {
            return None;
        }
        heaps.iter().copied().filter(|&h| h > q.bound()).max()
    }

    /// Runs `query` on the exact search. The search keeps its positions
    /// between queries; when they fill its limits, a refused query is tried
    /// once more with an empty memo, so earlier queries never make a later
    /// one fail. For a sum beyond a bounded quotient (`beyond`: its largest
    /// heap past the bound), the search examines at most
    /// [`BEYOND_QUOTIENT_WORK`] moves unless the budget sets a work cap, and
    /// a refusal names the game, the verified bound and why it ends there.
    fn search<T>(
        &mut self,
        game: &TakeAndBreak,
        beyond: Option<u64>,
        query: impl Fn(&mut MisereSearch) -> Result<T>,
    ) -> Result<T> {
        let budget = self.budget;
        let short = beyond.is_some() && budget.work().is_none();
        let fresh = || {
            let search = MisereSearch::new(game.clone()).with_budget(budget);
            if short {
                search.with_work_limit(BEYOND_QUOTIENT_WORK)
            } else {
                search
            }
        };
        let search = self.search.get_or_insert_with(fresh);
        // The kept search serves every query: its cap is this query's.
        if short {
            search.set_work_limit(BEYOND_QUOTIENT_WORK);
        } else if budget.work().is_none() {
            search.set_work_limit(DEFAULT_MISERE_WORK);
        }
        let held_positions = search.stored_positions() > 0;
        let answer = match query(search) {
            Err(Error::SizeLimitExceeded { .. } | Error::MemoryBudgetExceeded { .. })
                if held_positions =>
            {
                query(self.search.insert(fresh()))
            }
            answer => answer,
        };
        match (answer, beyond) {
            (Err(search_error), Some(heap)) => Err(self.beyond_error(game, heap, &search_error)),
            (answer, _) => answer,
        }
    }

    /// The refusal of a sum beyond the verified bound of a wild game's
    /// quotient: one short sentence (a command line prints it whole), with
    /// the heap the quotient stopped at, the limit each stage met and the
    /// budget setting that raises them.
    fn beyond_error(&mut self, game: &TakeAndBreak, heap: u64, search_error: &Error) -> Error {
        let Some((q, stop)) = self.grown(game) else {
            return search_error.clone();
        };
        Error::BeyondMisereQuotient {
            game: game_title(game),
            verified: q.bound(),
            order: q.order(),
            heap,
            reason: beyond_reason(stop.as_ref(), q.bound(), search_error),
            source: Box::new(search_error.clone()),
        }
    }
}

/// Why a sum beyond a quotient verified to heap `bound` is refused: where
/// and why the growth stopped, what stopped the exact search, and the budget
/// settings that raise those limits.
fn beyond_reason(stop: Option<&GrowthStop>, bound: u64, search_error: &Error) -> String {
    let (why, growth_limit) = match stop {
        Some(GrowthStop { heap: next, reason }) => growth_refusal(*next, reason),
        None => (format!("no period found up to heap {bound}"), None),
    };
    let (search, search_limit) = search_refusal(search_error);
    let mut raise: Vec<&str> = Vec::new();
    for limit in [growth_limit, search_limit].into_iter().flatten() {
        if !raise.contains(&limit) {
            raise.push(limit);
        }
    }
    if raise.is_empty() {
        format!("{why}; {search}")
    } else {
        format!("{why}; {search} (raise: {})", raise.join(", "))
    }
}

/// Why a quotient's growth stopped at heap `next`, said briefly, and the
/// budget setting that raises that limit (none for the construction's own).
fn growth_refusal(next: u64, reason: &Error) -> (String, Option<&'static str>) {
    match reason {
        Error::WorkLimitExceeded { steps, .. } => (
            format!("heap {next} hit the cap of {steps} steps"),
            Some("Budget::with_work"),
        ),
        Error::MemoryBudgetExceeded { budget_bytes, .. } => (
            format!("heap {next} needs over {budget_bytes} bytes"),
            Some("Budget::from_bytes"),
        ),
        Error::SizeLimitExceeded { value, limit, .. } => (
            format!("heap {next} needs {value} elements (limit {limit})"),
            None,
        ),
        _ => (
            format!("heap {next} splits classes beyond the construction"),
            None,
        ),
    }
}

/// What stopped the exact search of the sum, said briefly, and the budget
/// setting that raises it.
fn search_refusal(error: &Error) -> (String, Option<&'static str>) {
    match error {
        Error::WorkLimitExceeded { steps, .. } => (
            format!("exact search hit its cap of {steps} steps"),
            Some("Budget::with_work"),
        ),
        Error::MemoryBudgetExceeded { budget_bytes, .. } => (
            format!("exact search needs over {budget_bytes} bytes"),
            Some("Budget::from_bytes"),
        ),
        Error::SizeLimitExceeded { what, limit, .. } if what.starts_with("positions") => (
            format!("exact search hit its limit of {limit} positions"),
            None,
        ),
        Error::SizeLimitExceeded { limit, .. } => {
            (format!("exact search takes heaps up to {limit}"), None)
        }
        _ => ("exact search refused".into(), None),
    }
}

/// The game as users know it: its name and code, e.g. "Dawson's Kayles (0.07)".
fn game_title(game: &TakeAndBreak) -> String {
    const NAMES: [(&str, &str); 7] = [
        ("kayles", "Kayles"),
        ("dawsons-kayles", "Dawson's Kayles"),
        ("dawsons-chess", "Dawson's chess"),
        ("laskers-nim", "Lasker's Nim"),
        ("officers", "Officers"),
        ("guiles", "Guiles"),
        ("treblecross", "Treblecross"),
    ];
    NAMES
        .iter()
        .find(|(key, _)| TakeAndBreak::by_name(key).is_ok_and(|named| &named == game))
        .map_or_else(|| game.to_string(), |(_, name)| format!("{name} ({game})"))
}

impl MisereSolver for MiserePlay {
    fn outcome(&mut self, game: &TakeAndBreak, heaps: &[u64]) -> Result<Outcome> {
        if game.is_nim_like() {
            return Ok(misere_nim_outcome(heaps));
        }
        match self.answer_from_quotient(game, heaps, |q| q.outcome(heaps)) {
            Some(outcome) => Ok(outcome),
            None => {
                let beyond = self.beyond_quotient(game, heaps);
                self.search(game, beyond, |search| search.outcome(heaps))
            }
        }
    }

    fn winning_move(&mut self, game: &TakeAndBreak, heaps: &[u64]) -> Result<Option<HeapMove>> {
        if game.is_nim_like() {
            return Ok(misere_nim_move(heaps));
        }
        match self.answer_from_quotient(game, heaps, |q| q.winning_move(heaps)) {
            Some(best) => Ok(best),
            None => {
                let beyond = self.beyond_quotient(game, heaps);
                self.search(game, beyond, |search| search.winning_move(heaps))
            }
        }
    }

    fn set_budget(&mut self, budget: Budget) {
        *self = MiserePlay::new(budget);
    }

    fn clone_box(&self) -> Box<dyn MisereSolver> {
        Box::new(self.clone())
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl OctalGame {
    /// The same game under `convention`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// use stonegame::{Convention, Outcome};
    /// let mut dawson = OctalGame::new(TakeAndBreak::dawsons_kayles()).with_convention(Convention::Misere);
    /// assert_eq!(dawson.outcome(&[2])?, Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_convention(mut self, convention: Convention) -> Self {
        if convention == Convention::Misere {
            self.misere_play();
        }
        Self { convention, ..self }
    }

    /// The misère quotient, computed on first use (`None` when it cannot be,
    /// within the budget: then the exact search answers).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{OctalGame, TakeAndBreak};
    /// let mut kayles = OctalGame::new(TakeAndBreak::kayles());
    /// assert_eq!(kayles.misere_quotient().unwrap().order(), 40);
    /// ```
    pub fn misere_quotient(&mut self) -> Option<&MisereQuotient> {
        let game = self.values.game();
        let budget = self.budget;
        let solver = self
            .misere
            .get_or_insert_with(|| Box::new(MiserePlay::new(budget)));
        solver
            .as_any_mut()
            .downcast_mut::<MiserePlay>()
            .and_then(|play| play.quotient(game))
    }

    /// The misère solvers, installed on first use.
    fn misere_play(&mut self) {
        let budget = self.budget;
        self.misere
            .get_or_insert_with(|| Box::new(MiserePlay::new(budget)));
    }
}

// The crate-wide traits live here, beside `with_convention`, which they
// call: a bundle of a normal-play program that reaches the traits through
// another game does not pull misère play in with them.
crate::game::delegate_solve_at!(OctalGame, [u64], HeapMove, fallible);
crate::game::delegate_configure!(OctalGame);
crate::game::delegate_nimber_at!(OctalGame, [u64]);

#[cfg(test)]
mod tests {
    use super::*;

    /// Every refusal beyond a quotient fits the 300 characters a command line
    /// prints whole, with the longest code (64 digits), the largest caps and
    /// budgets, and the largest heap each stage can meet.
    #[test]
    fn refusals_beyond_a_quotient_are_short() {
        let code = format!("0.{}", "7".repeat(super::super::MAX_CODE_DIGITS - 1));
        let game = TakeAndBreak::octal(&code).unwrap();
        let big = u64::MAX;
        let growth_stops = [
            Error::WorkLimitExceeded {
                what: String::new(),
                steps: big,
            },
            Error::MemoryBudgetExceeded {
                what: "",
                needed_bytes: u128::MAX,
                budget_bytes: big.into(),
            },
            Error::SizeLimitExceeded {
                what: "",
                value: u32::MAX.into(),
                limit: 1 << 16,
            },
            Error::InvalidParameter {
                name: "game",
                reason: String::new(),
            },
        ];
        // A heap above the exact search's limit is refused before any move.
        let searches = [
            (
                super::super::MAX_MISERE_HEAP,
                Error::WorkLimitExceeded {
                    what: String::new(),
                    steps: big,
                },
            ),
            (
                super::super::MAX_MISERE_HEAP,
                Error::MemoryBudgetExceeded {
                    what: "",
                    needed_bytes: u128::MAX,
                    budget_bytes: big.into(),
                },
            ),
            (
                super::super::MAX_MISERE_HEAP,
                Error::SizeLimitExceeded {
                    what: "positions of the exact misère search",
                    value: u128::MAX,
                    limit: big.into(),
                },
            ),
            (
                big,
                Error::SizeLimitExceeded {
                    what: "heap size",
                    value: big.into(),
                    limit: super::super::MAX_MISERE_HEAP.into(),
                },
            ),
        ];
        for stop in &growth_stops {
            for (heap, search_error) in &searches {
                let stop = GrowthStop {
                    heap: 1025,
                    reason: stop.clone(),
                };
                let message = Error::BeyondMisereQuotient {
                    game: game_title(&game),
                    verified: 1024,
                    order: 1 << 16,
                    heap: *heap,
                    reason: beyond_reason(Some(&stop), 1024, search_error),
                    source: Box::new(search_error.clone()),
                }
                .to_string();
                assert!(
                    message.chars().count() <= 300,
                    "{} {message}",
                    message.chars().count()
                );
            }
        }
    }
}
