//! Misère play of take-and-break games: whoever makes the last move loses.
//!
//! Nim-like codes (every digit from `d1` on is 3 or 7, for ever: Nim, Last
//! One) follow the misère Nim rule, which is proven for them ([octal guide](crate::guide::octal))
//! and whose heaps all have the tame genus of Nim heaps. Every other game
//! (misère Kayles and Dawson's Kayles are not tame) is solved by exact search
//! over canonical sums: sorted multisets of heap sizes, with heaps that have no
//! move dropped (they change nothing). When the search would visit more
//! positions than allowed, it stops with an error instead of guessing.

use crate::control::Watch;
use crate::impartial::octal::TakeAndBreak;
use crate::impartial::{HeapMove, ImpartialGame};
use crate::{Budget, Error, Outcome, Result};
use ahash::AHashMap;
use std::ops::ControlFlow;

/// Default cap on the positions an exact misère search may store.
pub const DEFAULT_MISERE_STATES: usize = 4_000_000;

/// Default work cap of one exact misère query. A move examined is charged
/// what it costs, in steps of about a nanosecond like every other search's
/// (48 steps and 8 more for each heap of the position it leaves; measured
/// 1.6 ns a step on Grundy's game `1000 3`, 2.9 on the smaller positions of
/// `60 3`), so a refused query fails within about ten seconds instead of
/// running for hours; `Budget::with_work` (the CLI's `--max-work`) raises it.
pub const DEFAULT_MISERE_WORK: u64 = 6_000_000_000;

/// The steps charged for a move examined in a position of `heaps` heaps:
/// [`OPTION_STEPS`] for the position it leaves (allocated, hashed, sorted
/// among the others, looked up in the memo) and [`HEAP_STEPS`] for each of
/// its heaps (copied, looked up among the heaps with no move, sorted).
/// Fitted on Grundy's game (long positions) and `0.16` (short ones): both
/// then run about a nanosecond a step, where a step a heap made them 8 and
/// 28 ns (release build, one thread).
const fn option_steps(heaps: usize) -> u64 {
    OPTION_STEPS + HEAP_STEPS * (heaps as u64 + 1)
}

/// The fixed part of [`option_steps`].
const OPTION_STEPS: u64 = 40;

/// The part of [`option_steps`] for each heap of the position left.
const HEAP_STEPS: u64 = 8;

/// The largest heap the exact misère search accepts: a heap of `h` tokens has
/// O(h) options, so larger heaps are refused before any option is listed.
pub const MAX_MISERE_HEAP: u64 = 1_000_000;

/// Bytes one canonical sum costs on the search stack, counted high: a `Vec`
/// header in a vector that may have doubled (2 × 24), its heap sizes and the
/// allocator's overhead (16).
fn stack_state_bytes(state: &[u64]) -> u128 {
    64 + 8 * state.len() as u128
}

/// Bytes one canonical sum costs in the memo, counted high: a 32-byte bucket
/// and its control byte in a table that may be up to 2.3 times its length
/// after growing, plus the key's heap sizes and the allocator's overhead.
fn memo_state_bytes(state: &[u64]) -> u128 {
    96 + 8 * state.len() as u128
}

/// The misère-Nim outcome: with a heap of 2 or more, the Nim rule (XOR);
/// with only heaps of 0 and 1, the player to move wins on an even count of 1s.
pub(crate) fn misere_nim_outcome(heaps: &[u64]) -> Outcome {
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let xor = heaps.iter().fold(0, |x, &h| x ^ h);
    let first_wins = if big == 0 { ones % 2 == 0 } else { xor != 0 };
    if first_wins {
        Outcome::First
    } else {
        Outcome::Second
    }
}

/// A winning misère-Nim move for a Nim-like game (any heap may be reduced to
/// any smaller size), or `None` when the player to move loses or nothing is left.
pub(crate) fn misere_nim_move(heaps: &[u64]) -> Option<HeapMove> {
    if misere_nim_outcome(heaps) == Outcome::Second {
        return None;
    }
    let (index, left) = crate::impartial::misere::nim_rule_move(heaps)?;
    HeapMove::leaving(index, heaps[index], left).ok()
}

/// An exact misère solver for sums of heaps of one take-and-break game,
/// memoising the outcome of every canonical sum it meets (iterative: the
/// recursion depth never depends on the input).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::TakeAndBreak;
/// use stonegame::impartial::octal::MisereSearch;
/// use stonegame::Outcome;
///
/// let mut kayles = MisereSearch::new(TakeAndBreak::kayles());
/// // Misère Kayles: a single pin, or a row of four, is lost for the player to move.
/// assert_eq!(kayles.outcome(&[1])?, Outcome::Second);
/// assert_eq!(kayles.outcome(&[3])?, Outcome::First);
/// assert_eq!(kayles.outcome(&[4])?, Outcome::Second);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct MisereSearch {
    game: TakeAndBreak,
    /// Outcome for the player to move: true when they win.
    memo: AHashMap<Vec<u64>, bool>,
    max_states: usize,
    budget: Budget,
    /// Heap sizes known to have no move (dropped from states).
    inert: AHashMap<u64, bool>,
    /// Moves one query may examine, and how many the current query has.
    max_work: u64,
    work: u64,
    /// Bytes held by the memo and by the search stack, checked against `budget`.
    memo_bytes: u128,
    stack_bytes: u128,
}

struct Frame {
    state: Vec<u64>,
    children: Vec<Vec<u64>>,
    next: usize,
    /// What this frame holds, released when it is popped.
    bytes: u128,
}

impl MisereSearch {
    /// A search for `game` storing at most [`DEFAULT_MISERE_STATES`]
    /// positions within the default budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let search = stonegame::impartial::octal::MisereSearch::new(TakeAndBreak::kayles());
    /// assert_eq!(search.stored_positions(), 0);
    /// ```
    pub fn new(game: TakeAndBreak) -> Self {
        Self {
            game,
            memo: AHashMap::default(),
            max_states: DEFAULT_MISERE_STATES,
            budget: Budget::default(),
            inert: AHashMap::default(),
            max_work: DEFAULT_MISERE_WORK,
            work: 0,
            memo_bytes: 0,
            stack_bytes: 0,
        }
    }

    /// The same search with its memory limited to `budget`; a work cap set
    /// with [`Budget::with_work`] becomes the moves one query may examine.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereSearch, TakeAndBreak};
    /// use stonegame::Budget;
    /// let mut tiny = MisereSearch::new(TakeAndBreak::kayles()).with_budget(Budget::default().with_work(10));
    /// assert!(tiny.outcome(&[20, 20]).is_err());
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        Self {
            budget,
            max_work: budget.work_or(self.max_work),
            ..self
        }
    }

    /// The budget in force (the default, 1 GiB, unless set).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereSearch, TakeAndBreak};
    /// use stonegame::Budget;
    /// assert_eq!(MisereSearch::new(TakeAndBreak::kayles()).budget(), Budget::default());
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The same search storing at most `max_states` positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereSearch, TakeAndBreak};
    /// let mut tiny = MisereSearch::new(TakeAndBreak::kayles()).with_max_states(10);
    /// assert!(tiny.outcome(&[20, 20]).is_err());
    /// ```
    pub fn with_max_states(self, max_states: usize) -> Self {
        Self { max_states, ..self }
    }

    /// Sets how many moves one query may examine before it is refused with
    /// [`Error::WorkLimitExceeded`] (default [`DEFAULT_MISERE_WORK`], or the
    /// cap of [`Budget::with_work`]; the CLI's `--max-work`).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// use stonegame::impartial::octal::MisereSearch;
    /// use stonegame::Error;
    /// let mut tiny = MisereSearch::new(TakeAndBreak::kayles()).with_work_limit(10);
    /// assert!(matches!(tiny.outcome(&[20, 20]), Err(Error::WorkLimitExceeded { .. })));
    /// ```
    pub fn with_work_limit(mut self, max_work: u64) -> Self {
        self.set_work_limit(max_work);
        self
    }

    /// Changes the work limit of a search that keeps its stored positions
    /// (the misère play of a game sets it per query).
    pub(super) fn set_work_limit(&mut self, max_work: u64) {
        self.max_work = max_work;
    }

    /// How many positions have been solved and stored so far.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut search = stonegame::impartial::octal::MisereSearch::new(TakeAndBreak::kayles());
    /// search.outcome(&[3])?;
    /// assert!(search.stored_positions() > 0);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn stored_positions(&self) -> usize {
        self.memo.len()
    }

    /// Refuses heaps too large to list their options, and starts a new work count.
    fn start_query(&mut self, heaps: &[u64]) -> Result<()> {
        if let Some(&heap) = heaps.iter().find(|&&h| h > MAX_MISERE_HEAP) {
            return Err(Error::SizeLimitExceeded {
                what: "heap size for the exact misère search (the game is not known to be tame)",
                value: u128::from(heap),
                limit: u128::from(MAX_MISERE_HEAP),
            });
        }
        self.work = 0;
        Ok(())
    }

    fn is_inert(&mut self, heap: u64) -> bool {
        let game = &self.game;
        *self.inert.entry(heap).or_insert_with(|| {
            let mut any = false;
            let _ = game.try_for_each_move_class(heap, |_| {
                any = true;
                ControlFlow::Break(())
            });
            !any
        })
    }

    fn canonical(&mut self, heaps: impl IntoIterator<Item = u64>) -> Vec<u64> {
        // Sized from the iterator's upper bound: states are stored by the
        // million, and `collect` after `filter` could double their capacity.
        let heaps = heaps.into_iter();
        let mut state = Vec::with_capacity(heaps.size_hint().1.unwrap_or(0));
        state.extend(heaps.filter(|&h| h > 0));
        state.retain(|&h| !self.game_is_small_inert(h));
        state.sort_unstable();
        state
    }

    fn game_is_small_inert(&mut self, heap: u64) -> bool {
        self.is_inert(heap)
    }

    fn children(&mut self, state: &[u64]) -> Result<Vec<Vec<u64>>> {
        let mut options: Vec<Vec<u64>> = Vec::new();
        // Options are counted against the work cap and the memory budget as
        // they are listed: one heap of an octal code can have millions.
        let held = self.memo_bytes + self.stack_bytes;
        let mut listed_bytes: u128 = 0;
        for (i, &heap) in state.iter().enumerate() {
            if i > 0 && state[i - 1] == heap {
                continue;
            }
            let mut replacements: Vec<Vec<u64>> = Vec::new();
            let (mut work, cap) = (self.work, self.max_work);
            let budget = self.budget.bytes();
            let mut over = false;
            // An option costs an allocation, a copy and a sort of the whole
            // state and a look-up of it.
            let per_option = option_steps(state.len());
            let _ = self.game.for_each_option(&heap, |sum| {
                work += per_option;
                listed_bytes += 2 * stack_state_bytes(state) + 16;
                if work > cap || held + listed_bytes > budget {
                    over = true;
                    return ControlFlow::Break(());
                }
                replacements.push(sum.to_vec());
                ControlFlow::Continue(())
            });
            self.work = work;
            if self.work > self.max_work {
                return Err(Error::WorkLimitExceeded {
                    what: format!(
                        "the exact misère search of {} (the position is too large to solve \
                         exactly and the game is not known to be tame)",
                        self.game
                    ),
                    steps: self.max_work,
                });
            }
            if over {
                return Err(Error::MemoryBudgetExceeded {
                    what: "exact misère search (the options being listed)",
                    needed_bytes: held + listed_bytes,
                    budget_bytes: budget,
                });
            }
            for replacement in replacements {
                let rest = state[..i].iter().chain(&state[i + 1..]).copied();
                let child = self.canonical(rest.chain(replacement));
                options.push(child);
            }
        }
        options.sort_unstable();
        options.dedup();
        Ok(options)
    }

    /// A search frame for `state`, its memory counted against the budget.
    fn frame(&mut self, state: Vec<u64>) -> Result<Frame> {
        let children = self.children(&state)?;
        let bytes =
            stack_state_bytes(&state) + children.iter().map(|c| stack_state_bytes(c)).sum::<u128>();
        self.stack_bytes += bytes;
        self.check_room()?;
        Ok(Frame {
            state,
            children,
            next: 0,
            bytes,
        })
    }

    /// Pops the top frame and stores its outcome.
    fn settle(&mut self, stack: &mut Vec<Frame>, wins: bool) -> Result<()> {
        if let Some(frame) = stack.pop() {
            self.stack_bytes -= frame.bytes;
            self.memo_bytes += memo_state_bytes(&frame.state);
            self.check_room()?;
            // The memo doubles when full: a refusal of the system is an
            // error, not an abort.
            self.memo
                .try_reserve(1)
                .map_err(|_| Error::AllocationRefused {
                    what: "exact misère search (stored sums)",
                    bytes: self.memo_bytes,
                })?;
            self.memo.insert(frame.state, wins);
        }
        Ok(())
    }

    fn check_room(&self) -> Result<()> {
        if self.memo.len() >= self.max_states {
            return Err(Error::SizeLimitExceeded {
                what: "positions of the exact misère search (the position is too large to \
                       solve exactly; the game is not known to be tame)",
                value: (self.memo.len() + 1) as u128,
                limit: self.max_states as u128,
            });
        }
        self.budget.check_bytes(
            self.memo_bytes + self.stack_bytes,
            "exact misère search (stored sums and search stack)",
        )
    }

    /// Whether the player to move wins the canonical `state`.
    fn solve(&mut self, root: Vec<u64>) -> Result<bool> {
        if let Some(&known) = self.memo.get(&root) {
            return Ok(known);
        }
        // Only settled frames are memoised: a cancel leaves no guess behind.
        let watch = self.budget.watch("exact misère search", None);
        watch.check()?;
        let mut stack = vec![self.frame(root.clone())?];
        let result = self.run(&mut stack, &watch);
        // Whatever happened, the stack's memory is no longer held.
        self.stack_bytes -= stack.iter().map(|f| f.bytes).sum::<u128>();
        result?;
        self.memo
            .get(&root)
            .copied()
            .ok_or_else(|| Error::InvalidParameter {
                name: "position",
                reason: "exact misère search lost its root (this is a bug: please report it)"
                    .into(),
            })
    }

    /// Depth-first search until the stack is empty; every settled frame is memoised.
    fn run(&mut self, stack: &mut Vec<Frame>, watch: &Watch) -> Result<()> {
        let work_before = self.work;
        while let Some(top) = stack.last_mut() {
            // With no move left (or every move leading to a win for the
            // opponent) the frame is settled: no move means a misère win.
            if top.next == top.children.len() {
                let wins = top.children.is_empty();
                self.settle(stack, wins)?;
                continue;
            }
            let child = &top.children[top.next];
            match self.memo.get(child) {
                Some(false) => self.settle(stack, true)?,
                Some(true) => top.next += 1,
                None => {
                    let child = child.clone();
                    let frame = self.frame(child)?;
                    stack.push(frame);
                    // Once a state listed: one comparison between looks.
                    watch.poll(self.work - work_before)?;
                }
            }
        }
        Ok(())
    }

    /// The misère outcome of the sum `heaps`.
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] when more than the allowed positions would
    /// be stored (or a heap is above [`MAX_MISERE_HEAP`]);
    /// [`Error::MemoryBudgetExceeded`] when they would not fit the budget;
    /// [`Error::WorkLimitExceeded`] when the query examines more moves than its
    /// work limit ([`MisereSearch::with_work_limit`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// use stonegame::Outcome;
    /// let mut dawson = stonegame::impartial::octal::MisereSearch::new(TakeAndBreak::dawsons_kayles());
    /// assert_eq!(dawson.outcome(&[2])?, Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome> {
        self.start_query(heaps)?;
        let state = self.canonical(heaps.iter().copied());
        Ok(if self.solve(state)? {
            Outcome::First
        } else {
            Outcome::Second
        })
    }

    /// A misère winning move, or `None` when the player to move loses (or has
    /// no move left, which under misère play means they have already won).
    ///
    /// # Errors
    /// As [`MisereSearch::outcome`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// let mut kayles = stonegame::impartial::octal::MisereSearch::new(TakeAndBreak::kayles());
    /// assert_eq!(kayles.winning_move(&[2])?.unwrap().to_string(), "1:2->1");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&mut self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        if self.outcome(heaps)? == Outcome::Second {
            return Ok(None);
        }
        // The moves below reuse the solved positions; they count as one query.
        self.work = 0;
        for (index, &heap) in heaps.iter().enumerate() {
            let mut replacements: Vec<Vec<u64>> = Vec::new();
            let _ = self.game.for_each_option(&heap, |sum| {
                replacements.push(sum.to_vec());
                ControlFlow::Continue(())
            });
            for left in replacements {
                let after = HeapMove::new(index, heap, &left)?;
                let state = self.canonical(after.apply(heaps)?);
                if !self.solve(state)? {
                    return Ok(Some(after));
                }
            }
        }
        Ok(None)
    }
}

crate::game::delegate_configure!(MisereSearch);
