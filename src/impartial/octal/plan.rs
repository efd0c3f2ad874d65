//! The planner behind every normal-play question about take-and-break heaps
//! ([`super::HeapValues`], so [`super::OctalGame`], the CLI's `octal` and
//! Python's `OctalGame.outcome`): which ways can answer the largest heap of
//! the question, what each costs at most, and in which order to try them.
//!
//! The ways, from what the question says before anything is computed:
//!
//! - a proven formula (`G(n) = n`, a certified period, a proven arithmetic
//!   period) answers any heap at no cost;
//! - an infinite code gets one look at a short prefix for an arithmetic
//!   period (Lasker's Nim) before anything longer;
//! - the values up to the largest heap asked, with the period looked for at
//!   growing stages among them (the work `grundy --octal CODE --upto MAX`
//!   does, stopping early when a period is proven first): a sure answer for
//!   heaps below the direct limit, never dearer than a period search that
//!   must compute at least as many values;
//! - a period search beyond the largest heap, up to the search limit: the
//!   only way for a heap beyond the direct limit, not sure to succeed.
//!
//! The plan lists the ways that apply, cheapest first; the caller tries them
//! in turn and falls back to the next one when a way is refused by a limit
//! of the budget, so a question is refused only when no way fits.

/// One way of answering a question (see the module documentation).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{Question, Way, plan};
/// let question = Question::new(5000, true);
/// assert_eq!(plan(&question)[0].way, Way::Values { upto: 5000, look_for_period: true });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    /// A formula already proven answers every heap.
    Proven,
    /// Compute `G(0..prefix)` once and look for a proven arithmetic period.
    ArithmeticProbe {
        /// How many values the probe computes.
        prefix: u64,
    },
    /// Compute the values up to heap `upto` (with the period looked for
    /// among them when `look_for_period`).
    Values {
        /// The largest heap asked.
        upto: u64,
        /// Whether a finite code's period is looked for at growing stages.
        look_for_period: bool,
    },
    /// Look for a period among up to `max_len` values.
    PeriodSearch {
        /// The search limit.
        max_len: u64,
    },
}

/// A way with its cost bound, in values computed beyond those already known.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{Question, plan};
/// let step = plan(&Question::new(100, true))[0];
/// assert!(step.sure && step.heaps == 101);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The way.
    pub way: Way,
    /// At most how many new values it computes (the cost estimate: a value's
    /// cost grows with the heap, so fewer values are never dearer).
    pub heaps: u64,
    /// Whether the way answers the question whenever it fits the budget.
    pub sure: bool,
}

/// What the planner needs to know of a question and of what is known already.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{Question, Way, plan};
/// // A heap beyond the direct limit of a finite code: only a period search.
/// let question = Question { direct_limit: 1 << 10, search_limit: 1 << 20, ..Question::new(5000, true) };
/// assert_eq!(plan(&question)[0].way, Way::PeriodSearch { max_len: 1 << 20 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question {
    /// The largest heap asked.
    pub largest: u64,
    /// Whether the code is finite (the octal periodicity theorem applies).
    pub finite: bool,
    /// Values known already (`G(0..computed)`).
    pub computed: u64,
    /// Whether a formula is proven already.
    pub proven: bool,
    /// Whether an infinite code's prefix was probed already.
    pub probed: bool,
    /// The period was looked for among `G(0..searched)` without a proof.
    pub searched: u64,
    /// Values are computed directly for heaps below this.
    pub direct_limit: u64,
    /// A period search may compute this many values.
    pub search_limit: u64,
}

impl Question {
    /// A question about heaps up to `largest` of a finite or infinite code,
    /// nothing known yet, with the default limits.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::Question;
    /// assert_eq!(Question::new(7, false).computed, 0);
    /// ```
    pub fn new(largest: u64, finite: bool) -> Self {
        Self {
            largest,
            finite,
            computed: 0,
            proven: false,
            probed: false,
            searched: 0,
            direct_limit: DEFAULT_LIMIT,
            search_limit: DEFAULT_LIMIT,
        }
    }

    /// Values a way computing `G(0..len)` adds to those known.
    fn beyond_known(&self, len: u64) -> u64 {
        len.saturating_sub(self.computed)
    }
}

/// The default direct and search limits (`super::DEFAULT_SEARCH_LIMIT`).
pub(super) const DEFAULT_LIMIT: u64 = 1 << 22;

/// How many values the arithmetic probe of an infinite code computes.
pub(super) const ARITHMETIC_PREFIX: u64 = 1 << 11;

/// The ways that apply to `question`, cheapest first (empty when none does:
/// the question is beyond every limit).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{Question, Way, plan};
/// let kayles = Question { proven: true, ..Question::new(u64::MAX, true) };
/// assert_eq!(plan(&kayles)[0].way, Way::Proven);
/// // Lasker's Nim (an infinite code): the prefix first, then the values.
/// let ways: Vec<Way> = plan(&Question::new(5000, false)).iter().map(|s| s.way).collect();
/// assert_eq!(ways, [Way::ArithmeticProbe { prefix: 2048 }, Way::Values { upto: 5000, look_for_period: false }]);
/// ```
pub fn plan(question: &Question) -> Vec<Step> {
    if question.proven {
        return vec![Step {
            way: Way::Proven,
            heaps: 0,
            sure: true,
        }];
    }
    let mut steps = Vec::new();
    if !question.finite && !question.probed {
        let prefix = ARITHMETIC_PREFIX.min(question.direct_limit);
        steps.push(Step {
            way: Way::ArithmeticProbe { prefix },
            heaps: question.beyond_known(prefix),
            sure: false,
        });
    }
    let len = question.largest.saturating_add(1);
    if question.largest < question.direct_limit {
        steps.push(Step {
            way: Way::Values {
                upto: question.largest,
                look_for_period: question.finite && question.searched < len,
            },
            heaps: question.beyond_known(len),
            sure: true,
        });
    }
    // Below the direct limit the values way does all a period search would
    // (it looks for the period among the same values, stopping at a proof),
    // so a search beyond the heap is planned only for heaps past that limit.
    if question.finite
        && question.searched < question.search_limit
        && question.largest >= question.direct_limit
    {
        let max_len = question.search_limit;
        steps.push(Step {
            way: Way::PeriodSearch { max_len },
            heaps: question.beyond_known(max_len),
            sure: false,
        });
    }
    // Cheapest first; among equals a sure way first.
    steps.sort_by_key(|step| (step.heaps, !step.sure));
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ways(question: Question) -> Vec<Way> {
        plan(&question).into_iter().map(|step| step.way).collect()
    }

    #[test]
    fn values_first_below_the_direct_limit() {
        let question = Question {
            search_limit: 1 << 32,
            ..Question::new(5000, true)
        };
        assert_eq!(
            ways(question),
            [Way::Values {
                upto: 5000,
                look_for_period: true
            }]
        );
    }

    #[test]
    fn a_heap_beyond_the_direct_limit_needs_a_period() {
        let question = Question {
            direct_limit: 100,
            search_limit: 1000,
            ..Question::new(500, true)
        };
        assert_eq!(ways(question), [Way::PeriodSearch { max_len: 1000 }]);
        let exhausted = Question {
            searched: 1000,
            ..question
        };
        assert!(ways(exhausted).is_empty());
    }

    #[test]
    fn values_known_cost_nothing_and_a_searched_stretch_is_not_searched_again() {
        let question = Question {
            computed: 10_000,
            searched: 10_000,
            ..Question::new(5000, true)
        };
        let steps = plan(&question);
        assert_eq!(steps[0].heaps, 0);
        assert_eq!(
            steps[0].way,
            Way::Values {
                upto: 5000,
                look_for_period: false
            }
        );
    }
}
