//! The solver: queue-based backward induction over a [`Graph`].

use crate::budget::filled_vec;
use crate::{Budget, Convention, Error, Outcome, Result};

use super::graph::{Graph, csr_bytes};
use super::work::{
    DEFAULT_RETROGRADE_WORK, Metered, WorkMeter, charge_entries, charge_graph, metered_reverse,
};
use super::{Analysis, Counts, Label, Value};

/// What a refusal of [`DenseSolver`] names.
const DENSE_WORK: &str = "retrograde analysis of a graph (DenseSolver: positions, moves and \
                          predecessors visited)";

/// Not labelled by the induction; after it, a draw by endless play.
pub(crate) const UNKNOWN: u8 = 0;
pub(crate) const WIN: u8 = 1;
pub(crate) const LOSE: u8 = 2;
/// A tie: the game ends level (by a terminal rule), or optimal play leads to
/// such an ending.
pub(crate) const TIE: u8 = 3;
/// A position a terminal rule declares drawn (play is deemed endless there).
pub(crate) const DRAW: u8 = 4;

/// Bytes per position of the induction's own tables: the value byte, the
/// counter/remoteness word and the queue slot.
const BYTES_PER_POSITION: u128 = 1 + 4 + 4;

pub(crate) fn value_code(value: Value) -> u8 {
    match value {
        Value::Win => WIN,
        Value::Lose => LOSE,
        Value::Tie => TIE,
        Value::Draw => DRAW,
    }
}

/// Bytes the induction allocates for `positions`, plus predecessor lists
/// for `moves` when it has to build them.
pub(crate) fn induction_bytes(positions: usize, moves: usize, builds_predecessors: bool) -> u128 {
    let own = BYTES_PER_POSITION * positions as u128;
    if builds_predecessors {
        own + csr_bytes(positions, moves)
    } else {
        own
    }
}

/// Two FIFO queues sharing `N` slots: won positions fill the array from the
/// front, lost ones from the back; each position is queued at most once.
struct LevelQueue {
    slots: Vec<u32>,
    wins: usize,
    losses: usize,
    win_head: usize,
    lose_head: usize,
}

impl LevelQueue {
    fn new(n: usize) -> Result<Self> {
        Ok(Self {
            slots: filled_vec(n, 0, "retrograde level queue", Budget::unlimited())?,
            wins: 0,
            losses: 0,
            win_head: 0,
            lose_head: 0,
        })
    }

    fn push_win(&mut self, u: u32) {
        self.slots[self.wins] = u;
        self.wins += 1;
    }

    fn push_lose(&mut self, u: u32) {
        self.losses += 1;
        let slot = self.slots.len() - self.losses;
        self.slots[slot] = u;
    }

    /// Where the current level ends in each queue: (lost, won).
    fn level_ends(&self) -> (usize, usize) {
        (self.losses, self.wins)
    }

    fn pop_lose(&mut self, end: usize) -> Option<u32> {
        (self.lose_head < end).then(|| {
            self.lose_head += 1;
            self.slots[self.slots.len() - self.lose_head]
        })
    }

    fn pop_win(&mut self, end: usize) -> Option<u32> {
        (self.win_head < end).then(|| {
            self.win_head += 1;
            self.slots[self.win_head - 1]
        })
    }

    /// The won position `ahead` places after the next to pop (0 past the end;
    /// only used to warm the cache, so a stale slot does no harm).
    fn peek_win(&self, ahead: usize) -> u32 {
        self.slots.get(self.win_head + ahead).copied().unwrap_or(0)
    }

    /// The lost position `ahead` places after the next to pop (as `peek_win`).
    fn peek_lose(&self, ahead: usize) -> u32 {
        let n = self.slots.len();
        n.checked_sub(self.lose_head + ahead + 1)
            .map_or(0, |k| self.slots[k])
    }

    fn push_code(&mut self, code: u8, u: u32) {
        if code == WIN {
            self.push_win(u);
        } else {
            self.push_lose(u);
        }
    }

    fn into_slots(self) -> Vec<u32> {
        self.slots
    }

    fn is_drained(&self) -> bool {
        self.win_head == self.wins && self.lose_head == self.losses
    }
}

fn counter_overflow(n: usize, degree: u32) -> Error {
    Error::SizeLimitExceeded {
        what: "number of positions plus moves from one position (u32 counters)",
        value: n as u128 + u128::from(degree),
        limit: u128::from(u32::MAX) + 1,
    }
}

/// The labels of every position, compactly: one value byte and one `u32`
/// word (the remoteness of a labelled position; see [`Labels::induce`] for
/// what it holds while a position is unlabelled).
#[derive(Debug, Clone)]
pub(crate) struct Labels {
    code: Vec<u8>,
    word: Vec<u32>,
}

/// Where the induction finds the predecessors of a position.
pub(crate) trait Predecessors {
    /// Calls `visit` for each predecessor of `v` (with multiplicity).
    fn for_each(&mut self, v: u32, visit: &mut impl FnMut(u32)) -> Result<()>;

    /// Reads the start of `v`'s list ahead of time so its cache misses
    /// overlap with other work; returns something derived from it.
    fn warm(&self, _v: u32) -> u32 {
        0
    }
}

impl Predecessors for Graph {
    fn for_each(&mut self, v: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        self.successors(v).iter().for_each(|&u| visit(u));
        Ok(())
    }

    fn warm(&self, v: u32) -> u32 {
        self.successors(v).first().copied().unwrap_or(0)
    }
}

/// What the induction needs to know of the moves themselves: how many
/// positions there are, each one's out-degree (the loss counters start
/// there), the moves of a position for the predecessor check, and the
/// first move to a wanted target for best moves. A [`Graph`] answers from
/// its tables; an implicit game (`super::implicit`) lists the moves again.
pub(crate) trait Moves {
    /// The number of positions `N`.
    fn num_positions(&self) -> usize;

    /// The number of moves from `u` (`u < N`).
    fn out_degree(&self, u: u32) -> Result<u32>;

    /// Calls `visit` for each move of `u` (with multiplicity); a move
    /// outside `0..N` is an error.
    fn for_each_successor(&self, u: u32, visit: &mut impl FnMut(u32)) -> Result<()>;

    /// The first move of `u` whose target `wanted` accepts (targets outside
    /// `0..N` are skipped).
    fn find_move(&self, u: u32, wanted: impl FnMut(u32) -> bool) -> Option<u32>;
}

impl Moves for Graph {
    fn num_positions(&self) -> usize {
        Graph::num_positions(self)
    }

    fn out_degree(&self, u: u32) -> Result<u32> {
        Ok(self.degree(u as usize))
    }

    fn for_each_successor(&self, u: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        self.successors(u).iter().for_each(|&v| visit(v));
        Ok(())
    }

    fn find_move(&self, u: u32, mut wanted: impl FnMut(u32) -> bool) -> Option<u32> {
        self.successors(u).iter().copied().find(|&v| wanted(v))
    }
}

/// Whether predecessor functions are checked unless the caller says:
/// in debug builds (tests included), not in release builds.
pub(crate) const PREDECESSOR_CHECK_DEFAULT: bool = cfg!(debug_assertions);

/// Checks that `predecessors` lists for every position `v` each position
/// `u` with a move to `v`, once per such move, and nothing else; positions
/// a terminal rule ends (`code` set) are left out on both sides, as the
/// induction never follows their moves. Each move `u → v` is hashed; the
/// hashes are added to `v`'s sum from the successors and subtracted from
/// the predecessors, so equal lists leave every sum at zero and any
/// difference leaves one nonzero except with probability about 2⁻⁶⁴.
pub(crate) fn check_predecessors(
    graph: &impl Moves,
    code: &[u8],
    predecessors: &mut impl Predecessors,
    budget: Budget,
    describe: impl Fn(u32) -> String,
) -> Result<()> {
    let n = graph.num_positions();
    budget.check_bytes(8 * n as u128, "the predecessor check (8 bytes a position)")?;
    let ends = |u: u32| code.get(u as usize).is_some_and(|&c| c != UNKNOWN);
    let mut sums = filled_vec(n, 0u64, "the predecessor check", budget)?;
    for u in 0..n as u32 {
        if ends(u) {
            continue;
        }
        graph.for_each_successor(u, &mut |v| {
            sums[v as usize] = sums[v as usize].wrapping_add(move_hash(u, v));
        })?;
    }
    for v in 0..n as u32 {
        let sum = &mut sums[v as usize];
        predecessors.for_each(v, &mut |u| {
            if !ends(u) {
                *sum = sum.wrapping_sub(move_hash(u, v));
            }
        })?;
    }
    match sums.iter().position(|&sum| sum != 0) {
        Some(v) => Err(Error::PredecessorMismatch {
            position: describe(v as u32),
        }),
        None => Ok(()),
    }
}

/// A hash of the move `u → v` (the SplitMix64 finaliser of both, offset so
/// that no move hashes to zero by construction).
fn move_hash(u: u32, v: u32) -> u64 {
    let mut x = (u64::from(u) << 32 | u64::from(v)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A user's predecessor closure over dense indices, checked against the range.
struct DensePredecessors<R> {
    predecessors: R,
    num_positions: usize,
}

impl<R, I> Predecessors for DensePredecessors<R>
where
    R: FnMut(u32) -> I,
    I: IntoIterator<Item = u32>,
{
    fn for_each(&mut self, v: u32, visit: &mut impl FnMut(u32)) -> Result<()> {
        for u in (self.predecessors)(v) {
            if u as usize >= self.num_positions {
                return Err(Error::InvalidParameter {
                    name: "predecessors",
                    reason: format!(
                        "position {v} has a predecessor {u}, outside 0..{}",
                        self.num_positions
                    ),
                });
            }
            visit(u);
        }
        Ok(())
    }
}

impl Labels {
    /// Runs the induction. `code` holds, for each position, the value a
    /// terminal rule gave it or `UNKNOWN`; positions without moves get the
    /// convention's value. `seeded` optionally gives the remoteness of
    /// positions whose label is already known (their `code` is set): the
    /// results of lower tiers; such positions must have no moves in `graph`.
    ///
    /// One `u32` word per position does double duty, so that visiting a
    /// predecessor touches a single random memory location: a word
    /// `<= base` is the remoteness of a labelled position; a word `base + k`
    /// says `k` moves have not yet been shown to lead to a win for the
    /// opponent. `base` is `N - 1` plus the largest seeded remoteness, above
    /// every remoteness because every level of the induction past the seeds
    /// holds at least one new position.
    ///
    /// Positions are processed level by level (all positions of remoteness
    /// `r`, then `r + 1`, …), so the first lost successor seen gives the
    /// nearest win (the winner hurries) and the last won successor to be
    /// labelled gives the farthest loss (the loser delays). Won and lost
    /// positions are queued at the two ends of one array of `N` slots, so
    /// neither the value nor the remoteness of a queued position is read back.
    /// A second, breadth-first pass from the tied endings labels the
    /// positions that can force a tie (see [`Labels::spread_ties`]).
    pub(crate) fn induce(
        graph: &impl Moves,
        mut code: Vec<u8>,
        seeded: Option<Vec<u32>>,
        convention: Convention,
        predecessors: &mut impl Predecessors,
    ) -> Result<Self> {
        let n = graph.num_positions();
        let mut word = match seeded {
            Some(word) => word,
            None => filled_vec(n, 0u32, "retrograde labels", Budget::unlimited())?,
        };
        let highest_seed = word.iter().copied().max().unwrap_or(0);
        // `Graph` guarantees N <= u32::MAX.
        let unresolved_base = (n as u32)
            .saturating_sub(1)
            .checked_add(highest_seed)
            .ok_or_else(|| counter_overflow(n, highest_seed))?;
        let no_move_code = match convention.terminal_outcome() {
            Outcome::First => WIN,
            _ => LOSE,
        };
        let mut queue = LevelQueue::new(n)?;
        let mut seeds = Vec::new();
        for (u, slot) in code.iter_mut().enumerate() {
            if *slot == UNKNOWN {
                match graph.out_degree(u as u32)? {
                    0 => *slot = no_move_code,
                    degree => {
                        word[u] = unresolved_base
                            .checked_add(degree)
                            .ok_or_else(|| counter_overflow(n, degree))?;
                    }
                }
            }
            if matches!(*slot, WIN | LOSE) {
                if word[u] == 0 {
                    queue.push_code(*slot, u as u32);
                } else {
                    seeds.push(u as u32);
                }
            }
        }
        seeds.sort_unstable_by_key(|&u| word[u as usize]);
        let mut seeds = seeds.into_iter().peekable();
        let last_move = unresolved_base + 1;
        // Random graphs miss the cache on every list; touching the list of
        // the position a few places ahead lets those misses overlap.
        const LOOKAHEAD: usize = 8;
        let mut sink = 0u32;
        let mut remoteness = 0u32;
        loop {
            while let Some(u) = seeds.next_if(|&u| word[u as usize] <= remoteness) {
                queue.push_code(code[u as usize], u);
            }
            if queue.is_drained() {
                match seeds.peek() {
                    Some(&u) => {
                        remoteness = word[u as usize];
                        continue;
                    }
                    None => break,
                }
            }
            let next = remoteness + 1;
            let (lost_end, won_end) = queue.level_ends();
            while let Some(v) = queue.pop_lose(lost_end) {
                sink ^= predecessors.warm(queue.peek_lose(LOOKAHEAD));
                predecessors.for_each(v, &mut |u| {
                    let u = u as usize;
                    if word[u] > unresolved_base {
                        word[u] = next;
                        code[u] = WIN;
                        queue.push_win(u as u32);
                    }
                })?;
            }
            while let Some(v) = queue.pop_win(won_end) {
                sink ^= predecessors.warm(queue.peek_win(LOOKAHEAD));
                predecessors.for_each(v, &mut |u| {
                    let u = u as usize;
                    let w = word[u];
                    if w == last_move {
                        word[u] = next;
                        code[u] = LOSE;
                        queue.push_lose(u as u32);
                    } else if w > last_move {
                        word[u] = w - 1;
                    }
                })?;
            }
            remoteness = next;
        }
        std::hint::black_box(sink);
        let mut labels = Self { code, word };
        labels.spread_ties(queue.into_slots(), predecessors)?;
        Ok(labels)
    }

    /// Labels ties after wins and losses are known. A position that is
    /// neither won nor lost cannot reach a lost position in one move, so its
    /// player's best hope is a tie: it is a tie when one of its moves leads
    /// to a tie, with remoteness one more than the nearest such tie (ties are
    /// reached as soon as possible, as in GamesmanOne); otherwise it is a
    /// draw. Breadth-first from the tied endings (and seeded ties, each
    /// entering at its own level) over `slots`, a scratch array of `N` slots.
    fn spread_ties(
        &mut self,
        mut slots: Vec<u32>,
        predecessors: &mut impl Predecessors,
    ) -> Result<()> {
        let code = &mut self.code;
        let word = &mut self.word;
        let mut tail = 0;
        let mut seeds = Vec::new();
        for (u, &c) in code.iter().enumerate() {
            if c == TIE {
                if word[u] == 0 {
                    slots[tail] = u as u32;
                    tail += 1;
                } else {
                    seeds.push(u as u32);
                }
            }
        }
        seeds.sort_unstable_by_key(|&u| word[u as usize]);
        let mut seeds = seeds.into_iter().peekable();
        let mut head = 0;
        loop {
            // Seeds of the level being processed (or, when the queue is
            // empty, of the next seeded level) join at the tail.
            let level = match slots[head..tail].first() {
                Some(&v) => word[v as usize],
                None => match seeds.peek() {
                    Some(&u) => word[u as usize],
                    None => return Ok(()),
                },
            };
            while let Some(u) = seeds.next_if(|&u| word[u as usize] <= level) {
                slots[tail] = u;
                tail += 1;
            }
            while head < tail && word[slots[head] as usize] == level {
                let v = slots[head];
                head += 1;
                let next = level + 1;
                predecessors.for_each(v, &mut |u| {
                    let u = u as usize;
                    if code[u] == UNKNOWN {
                        code[u] = TIE;
                        word[u] = next;
                        slots[tail] = u as u32;
                        tail += 1;
                    }
                })?;
            }
        }
    }

    /// Labels from tables computed elsewhere (the parallel induction).
    #[cfg(feature = "parallel")]
    pub(crate) fn from_parts(code: Vec<u8>, word: Vec<u32>) -> Self {
        Self { code, word }
    }

    pub(crate) fn len(&self) -> usize {
        self.code.len()
    }

    pub(crate) fn value(&self, u: usize) -> Option<Value> {
        self.code.get(u).map(|&c| code_value(c))
    }

    pub(crate) fn remoteness(&self, u: usize) -> Option<u32> {
        match self.code.get(u) {
            Some(&(WIN | LOSE | TIE)) => self.word.get(u).copied(),
            _ => None,
        }
    }

    pub(crate) fn label(&self, u: usize) -> Option<Label> {
        Some(Label {
            value: self.value(u)?,
            remoteness: self.remoteness(u),
        })
    }

    /// A move that realises the label: to the nearest loss for a win, to the
    /// farthest win for a loss, to the nearest tie for a tie, to a draw for a
    /// draw; `None` at the end.
    pub(crate) fn best_move(&self, graph: &impl Moves, u: u32) -> Option<u32> {
        let code = *self.code.get(u as usize)?;
        let wanted = |target_code: u8| {
            let r = self.word[u as usize].checked_sub(1)?;
            graph.find_move(u, |v| {
                self.code.get(v as usize) == Some(&target_code) && self.word[v as usize] == r
            })
        };
        match code {
            WIN => wanted(LOSE),
            LOSE => wanted(WIN),
            TIE => wanted(TIE),
            UNKNOWN => graph.find_move(u, |v| {
                matches!(self.code.get(v as usize), Some(&(UNKNOWN | DRAW)))
            }),
            _ => None,
        }
    }

    /// Best moves from `u` until the game ends (a draw has no end, so its
    /// line is just `[u]`).
    pub(crate) fn principal_line(&self, graph: &impl Moves, u: u32) -> Vec<u32> {
        let mut line = vec![u];
        if matches!(self.code.get(u as usize), Some(&(WIN | LOSE | TIE))) {
            let mut current = u;
            // Remoteness drops by one each move, so this ends.
            while let Some(next) = self.best_move(graph, current) {
                line.push(next);
                current = next;
            }
        }
        line
    }

    /// Draw-keeping moves from the drawn position `u` until a position
    /// repeats (the repeated one is the last entry, so the cycle shows) or
    /// a position a terminal rule declared drawn is reached; just `[u]` for
    /// a position that is not drawn. Each position enters the line at most
    /// once before the repeat, so it has at most `V + 1` entries.
    pub(crate) fn drawing_line(&self, graph: &impl Moves, u: u32) -> Vec<u32> {
        let mut line = vec![u];
        if self.code.get(u as usize) != Some(&UNKNOWN) {
            return line;
        }
        let mut seen = ahash::AHashSet::default();
        seen.insert(u);
        let mut current = u;
        // From an unlabelled (drawn) position the move found leads to another
        // drawn position, so the player to move there keeps the draw too.
        while let Some(next) = self.best_move(graph, current) {
            line.push(next);
            if !seen.insert(next) {
                break;
            }
            current = next;
        }
        line
    }

    pub(crate) fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for &c in &self.code {
            match c {
                WIN => counts.win += 1,
                LOSE => counts.lose += 1,
                TIE => counts.tie += 1,
                _ => counts.draw += 1,
            }
        }
        counts
    }

    /// The value codes and words (remoteness where labelled), for analysis
    /// and storage.
    pub(crate) fn raw(&self) -> (&[u8], &[u32]) {
        (&self.code, &self.word)
    }
}

/// The value a code stands for.
pub(crate) fn code_value(code: u8) -> Value {
    match code {
        WIN => Value::Win,
        LOSE => Value::Lose,
        TIE => Value::Tie,
        _ => Value::Draw,
    }
}

#[cfg(feature = "parallel")]
use super::parallel::{
    REVERSE_SCRATCH_BYTES_PER_MOVE, induce as parallel_induce, reversed as parallel_reversed,
};

#[cfg(not(feature = "parallel"))]
const REVERSE_SCRATCH_BYTES_PER_MOVE: u128 = 0;

/// Without the `parallel` feature the flag cannot be set.
#[cfg(not(feature = "parallel"))]
fn parallel_reversed(_: &Graph) -> Result<Graph> {
    unreachable!("DenseSolver::with_parallel needs the `parallel` feature")
}

/// Without the `parallel` feature the flag cannot be set.
#[cfg(not(feature = "parallel"))]
fn parallel_induce(
    _: &Graph,
    _: &Graph,
    _: Vec<u8>,
    _: Convention,
    _: bool,
    _: &WorkMeter,
) -> Result<Labels> {
    unreachable!("DenseSolver::with_parallel needs the `parallel` feature")
}

/// Solves a [`Graph`] (positions numbered `0..N`): the fast path.
///
/// Options: the [`Convention`] for positions without moves (default normal
/// play), a terminal rule (a callback that ends the game at a position with a
/// given [`Value`], even if it has moves), a predecessor function (saves
/// building predecessor lists: 4 bytes per position and per move), and a
/// [`Budget`] (default 1 GiB).
///
/// A predecessor function must list `u` among the predecessors of `v` exactly
/// as many times as `u` has a move to `v`; otherwise the labels are wrong.
///
/// # Cost
/// The [`Graph`] holds every move once (`4 (V + 1) + 4 E` bytes, charged
/// when it is built) and the solver reads its out-degrees and best moves
/// from it. The solver charges `9 V` bytes (value byte, counter word, queue
/// slot), plus `4 (V + 1) + 4 E` for the predecessor lists it builds when
/// no predecessor function is given (with one, nothing a move beyond the
/// graph), plus `8 V` for the frontiers of `DenseSolver::with_parallel` (feature `parallel`)
/// (and `8 E` of scratch to build the lists on every core, when it fits).
/// The solution keeps `5 V`. A game whose moves do not fit even once:
/// [`ImplicitSolver`](super::ImplicitSolver), `9 V` and nothing a move.
///
/// # Example
/// ```
/// use stonegame::Convention;
/// use stonegame::Budget;
/// use stonegame::retrograde::{DenseSolver, Graph, Value};
///
/// // 0 → 1 → 2; under misère play the player who cannot move wins.
/// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
/// let solution = DenseSolver::new(&graph).with_convention(Convention::Misere).solve().unwrap();
/// assert_eq!(solution.value(2), Some(Value::Win));
/// assert_eq!(solution.value(1), Some(Value::Lose));
/// assert_eq!(solution.value(0), Some(Value::Win));
/// assert_eq!(solution.best_move(0), Some(1));
/// ```
#[derive(Debug, Clone)]
pub struct DenseSolver<'g, T = fn(u32) -> Option<Value>, R = fn(u32) -> std::iter::Empty<u32>> {
    graph: &'g Graph,
    convention: Convention,
    terminal: Option<T>,
    predecessors: Option<R>,
    budget: Budget,
    parallel: bool,
    checks_predecessors: bool,
}

impl<T, R> crate::game::Configure for DenseSolver<'_, T, R> {
    fn with_budget(self, budget: Budget) -> Self {
        DenseSolver::with_budget(self, budget)
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

impl<'g> DenseSolver<'g> {
    /// A solver for `graph` with normal play, no terminal rule, predecessor
    /// lists built by counting sort, and the default memory budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph, Value}};
    /// let graph = Graph::from_edges(2, &[(0, 1), (1, 0)], Budget::default()).unwrap();
    /// assert_eq!(DenseSolver::new(&graph).solve().unwrap().value(0), Some(Value::Draw));
    /// ```
    pub fn new(graph: &'g Graph) -> Self {
        Self {
            graph,
            convention: Convention::Normal,
            terminal: None,
            predecessors: None,
            budget: Budget::default(),
            parallel: false,
            checks_predecessors: PREDECESSOR_CHECK_DEFAULT,
        }
    }
}

impl<'g, T, R> DenseSolver<'g, T, R> {
    /// Sets who wins at a position without moves.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::{DenseSolver, Graph, Value}};
    /// let graph = Graph::from_edges(1, &[], Budget::default()).unwrap();
    /// let solution = DenseSolver::new(&graph).with_convention(Convention::Misere).solve().unwrap();
    /// assert_eq!(solution.value(0), Some(Value::Win));
    /// ```
    pub fn with_convention(mut self, convention: Convention) -> Self {
        self.convention = convention;
        self
    }

    /// Sets the memory budget for the solver's tables and the work cap
    /// (default [`DEFAULT_RETROGRADE_WORK`](super::DEFAULT_RETROGRADE_WORK);
    /// 16 steps a position, move and predecessor read).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Error, Budget, retrograde::{DenseSolver, Graph}};
    /// let graph = Graph::from_edges(1000, &[], Budget::default()).unwrap();
    /// let refused = DenseSolver::new(&graph).with_budget(Budget::from_bytes(100)).solve();
    /// assert!(matches!(refused, Err(Error::MemoryBudgetExceeded { budget_bytes: 100, .. })));
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget in force (the default, 1 GiB, unless set).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph}};
    /// let graph = Graph::from_edges(1, &[], Budget::default()).unwrap();
    /// assert_eq!(DenseSolver::new(&graph).budget(), Budget::default());
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Runs the induction on every core (rayon's global pool), one parallel
    /// pass per level with atomic counters; the labels are identical to the
    /// single-core ones. The predecessor lists are built on every core too,
    /// through buckets by target range, when the budget has room for 8 more
    /// bytes a move of scratch, otherwise on one core. Ignored when a
    /// predecessor function is given (the closure is called from one
    /// thread). Needs the `parallel` feature. See the [retrograde guide](crate::guide::retrograde) for
    /// measured speed (on a 2-vCPU machine shared with other work).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph}};
    /// let graph = Graph::pseudo_random(10_000, 6, 5, 1, Budget::default()).unwrap();
    /// let one = DenseSolver::new(&graph).solve().unwrap();
    /// let all = DenseSolver::new(&graph).with_parallel(true).solve().unwrap();
    /// assert!((0..10_000).all(|u| one.label(u) == all.label(u)));
    /// ```
    #[cfg(feature = "parallel")]
    #[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
    pub fn with_parallel(mut self, parallel: bool) -> Self {
        self.parallel = parallel;
        self
    }

    /// Sets a terminal rule: `Some(value)` ends the game at that position with
    /// that value for the player to move (its moves are ignored); `None` lets
    /// play go on. `Some(Value::Tie)` is a level ending; `Some(Value::Draw)`
    /// declares the position drawn (as if play went on for ever).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph, Value}};
    /// // 0 ⇄ 1 forever, unless reaching 1 means the player to move has lost.
    /// let graph = Graph::from_edges(2, &[(0, 1), (1, 0)], Budget::default()).unwrap();
    /// let solution = DenseSolver::new(&graph)
    ///     .terminal(|u| (u == 1).then_some(Value::Lose))
    ///     .solve()
    ///     .unwrap();
    /// assert_eq!(solution.value(0), Some(Value::Win));
    /// assert_eq!(solution.best_move(1), None);
    /// ```
    pub fn terminal<T2>(self, rule: T2) -> DenseSolver<'g, T2, R>
    where
        T2: FnMut(u32) -> Option<Value>,
    {
        DenseSolver {
            graph: self.graph,
            convention: self.convention,
            terminal: Some(rule),
            predecessors: self.predecessors,
            budget: self.budget,
            parallel: self.parallel,
            checks_predecessors: self.checks_predecessors,
        }
    }

    /// Supplies predecessors instead of having the solver build them (each
    /// `u` listed as often as `u` has a move to `v`).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph, Value}};
    /// // A chain 0 → 1 → … → 9: the predecessor of v is v - 1.
    /// let graph = Graph::from_successors(10, Budget::default(), |u| (u + 1 < 10).then_some(u + 1)).unwrap();
    /// let solution = DenseSolver::new(&graph).predecessors(|v| v.checked_sub(1)).solve().unwrap();
    /// assert_eq!(solution.value(0), Some(Value::Win));
    /// assert_eq!(solution.remoteness(0), Some(9));
    /// ```
    pub fn predecessors<R2, I>(self, predecessors: R2) -> DenseSolver<'g, T, R2>
    where
        R2: FnMut(u32) -> I,
        I: IntoIterator<Item = u32>,
    {
        DenseSolver {
            graph: self.graph,
            convention: self.convention,
            terminal: self.terminal,
            predecessors: Some(predecessors),
            budget: self.budget,
            parallel: self.parallel,
            checks_predecessors: self.checks_predecessors,
        }
    }

    /// Whether a predecessor function given is checked against the graph
    /// before the induction: on by default in debug builds (and so in
    /// tests), off in release builds. The check costs one pass over the
    /// moves and the predecessors and 8 bytes a position.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, Error, retrograde::{DenseSolver, Graph}};
    /// // A chain 0 → 1 → 2, and a predecessor function that is off by one.
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
    /// let wrong = |v: u32| v.checked_sub(2);
    /// let refused = DenseSolver::new(&graph).predecessors(wrong).with_predecessor_check(true).solve();
    /// assert!(matches!(refused, Err(Error::PredecessorMismatch { .. })));
    /// ```
    pub fn with_predecessor_check(mut self, check: bool) -> Self {
        self.checks_predecessors = check;
        self
    }

    /// Labels every position.
    ///
    /// # Errors
    /// [`Error::MemoryBudgetExceeded`] (computed before allocating) if the
    /// solver's tables would not fit the budget; [`Error::WorkLimitExceeded`]
    /// past the work cap; [`Error::InvalidParameter`] if
    /// the predecessor function returns an index out of range;
    /// [`Error::PredecessorMismatch`] if it disagrees with the graph (when
    /// checked: [`DenseSolver::with_predecessor_check`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::{DenseSolver, Graph, Value}};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2), (1, 0)], Budget::default()).unwrap();
    /// let solution = DenseSolver::new(&graph).solve().unwrap();
    /// assert_eq!(solution.value(1), Some(Value::Win));
    /// assert_eq!(solution.value(0), Some(Value::Lose));
    /// ```
    pub fn solve<I>(self) -> Result<DenseSolution<'g>>
    where
        T: FnMut(u32) -> Option<Value>,
        R: FnMut(u32) -> I,
        I: IntoIterator<Item = u32>,
    {
        let graph = self.graph;
        let n = graph.num_positions();
        // The parallel induction also keeps two frontiers (4 bytes a position each).
        let frontiers = if self.parallel { 8 * n as u128 } else { 0 };
        let tables = induction_bytes(n, graph.num_moves(), self.predecessors.is_none()) + frontiers;
        self.budget
            .check_bytes(tables, "retrograde solver tables")?;
        // The parallel predecessor build needs scratch (one pair a move);
        // without room for it the lists are built on one core.
        let parallel_lists = self.parallel
            && self
                .budget
                .check_bytes(
                    tables + REVERSE_SCRATCH_BYTES_PER_MOVE * graph.num_moves() as u128,
                    "retrograde solver tables",
                )
                .is_ok();
        let meter = WorkMeter::new(self.budget, DEFAULT_RETROGRADE_WORK, DENSE_WORK);
        let code = match self.terminal {
            Some(mut rule) => {
                // The terminal rule, as much a position as reading a table.
                charge_entries(n as u64, &meter)?;
                (0..n as u32)
                    .map(|u| rule(u).map_or(UNKNOWN, value_code))
                    .collect()
            }
            None => filled_vec(n, UNKNOWN, "retrograde solver tables", self.budget)?,
        };
        let moves = Metered::new(graph, &meter);
        let labels = match self.predecessors {
            Some(predecessors) => {
                let predecessors = DensePredecessors {
                    predecessors,
                    num_positions: n,
                };
                let mut predecessors = Metered::new(predecessors, &meter);
                if self.checks_predecessors {
                    check_predecessors(&moves, &code, &mut predecessors, self.budget, |v| {
                        format!("position {v}")
                    })?;
                }
                Labels::induce(&moves, code, None, self.convention, &mut predecessors)?
            }
            None if self.parallel => {
                charge_graph(graph, &meter)?;
                let reverse = if parallel_lists {
                    parallel_reversed(graph)?
                } else {
                    graph.reversed(Budget::unlimited())?
                };
                // The routed induction reuses the room of the lists' scratch.
                parallel_induce(
                    graph,
                    &reverse,
                    code,
                    self.convention,
                    parallel_lists,
                    &meter,
                )?
            }
            None => {
                let mut reverse = metered_reverse(graph, &meter)?;
                let mut reverse = Metered::new(&mut reverse, &meter);
                Labels::induce(&moves, code, None, self.convention, &mut reverse)?
            }
        };
        Ok(DenseSolution { graph, labels })
    }
}

/// The labels of every position of a [`Graph`]. Queries with an index out of
/// range return `None`.
///
/// # Example
/// ```
/// use stonegame::{Convention, Budget, Outcome, retrograde::{Graph, Value}};
///
/// // 0 → 1 → 2 → 0 is a cycle, with an escape 2 → 3.
/// let graph = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 0), (2, 3)], Budget::default()).unwrap();
/// let solution = graph.solve().unwrap();
/// assert_eq!(solution.value(2), Some(Value::Win)); // escape to 3
/// assert_eq!(solution.value(1), Some(Value::Lose));
/// assert_eq!(solution.outcome(0), Some(Outcome::First));
/// assert_eq!(solution.principal_line(0), vec![0, 1, 2, 3]);
/// assert_eq!(solution.value(9), None);
/// ```
#[derive(Debug, Clone)]
pub struct DenseSolution<'g> {
    graph: &'g Graph,
    labels: Labels,
}

impl DenseSolution<'_> {
    /// Number of positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether there are no positions.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(0, &[], Budget::default()).unwrap();
    /// assert!(graph.solve().unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Win, lose, tie or draw for the player to move at `position`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::{Graph, Value}};
    /// let graph = Graph::from_edges(1, &[], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().value(0), Some(Value::Lose));
    /// ```
    pub fn value(&self, position: u32) -> Option<Value> {
        self.labels.value(position as usize)
    }

    /// Moves to the end under optimal play (`None` for draws and out of range).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().remoteness(0), Some(2));
    /// ```
    pub fn remoteness(&self, position: u32) -> Option<u32> {
        self.labels.remoteness(position as usize)
    }

    /// Value and remoteness together.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::{Graph, Value}};
    /// let graph = Graph::from_edges(1, &[(0, 0)], Budget::default()).unwrap();
    /// let label = graph.solve().unwrap().label(0).unwrap();
    /// assert_eq!((label.value, label.remoteness), (Value::Draw, None));
    /// ```
    pub fn label(&self, position: u32) -> Option<Label> {
        self.labels.label(position as usize)
    }

    /// The value as an [`Outcome`] (`First`: the player to move wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, Outcome, retrograde::Graph};
    /// let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().outcome(0), Some(Outcome::First));
    /// ```
    pub fn outcome(&self, position: u32) -> Option<Outcome> {
        self.value(position).map(Value::outcome)
    }

    /// An optimal move: to a losing position at remoteness `r - 1` from a win,
    /// to a winning one at `r - 1` from a loss, to a draw from a draw; `None`
    /// where the game is over.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// // From 0: moving to 1 loses (1 → 2 wins for the opponent), moving to 2 wins.
    /// let graph = Graph::from_edges(3, &[(0, 1), (0, 2), (1, 2)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().best_move(0), Some(2));
    /// ```
    pub fn best_move(&self, position: u32) -> Option<u32> {
        self.labels.best_move(self.graph, position)
    }

    /// `position` followed by best moves until the game ends (just
    /// `[position]` for a draw, whose play never ends).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().principal_line(0), vec![0, 1, 2]);
    /// ```
    pub fn principal_line(&self, position: u32) -> Vec<u32> {
        if (position as usize) < self.len() {
            self.labels.principal_line(self.graph, position)
        } else {
            Vec::new()
        }
    }

    /// How many positions are wins, losses and draws.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
    /// let counts = graph.solve().unwrap().counts();
    /// assert_eq!((counts.win, counts.lose, counts.draw), (1, 1, 0));
    /// ```
    pub fn counts(&self) -> Counts {
        self.labels.counts()
    }

    /// Counts by value and remoteness and the longest win, loss and tie.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
    /// let analysis = graph.solve().unwrap().analysis();
    /// assert_eq!(analysis.longest_loss, Some((0, 2)));
    /// assert_eq!(analysis.longest_win, Some((1, 1)));
    /// ```
    pub fn analysis(&self) -> Analysis<u32> {
        Analysis::of_labels(&self.labels)
    }
}

impl Graph {
    /// Solves this graph under normal play with the defaults of
    /// [`DenseSolver`] (predecessor lists built, 1 GiB budget); another
    /// convention or budget is set on the solver, as for every game:
    /// `DenseSolver::new(&graph).with_convention(Convention::Misere).solve()`.
    ///
    /// # Errors
    /// [`Error::MemoryBudgetExceeded`] if the solver's tables exceed 1 GiB.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Convention, Budget, retrograde::{DenseSolver, Graph, Value}};
    /// let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
    /// assert_eq!(graph.solve().unwrap().value(0), Some(Value::Win));
    /// let misere = DenseSolver::new(&graph).with_convention(Convention::Misere).solve();
    /// assert_eq!(misere.unwrap().value(0), Some(Value::Lose));
    /// ```
    pub fn solve(&self) -> Result<DenseSolution<'_>> {
        DenseSolver::new(self).solve()
    }
}
