//! Games given explicitly: positions numbered `0..N`, moves in a compressed
//! (CSR) adjacency with `u32` indices.

use crate::budget::{filled_vec, vec_with_capacity};
use crate::{Budget, Error, Result};

/// Largest number of positions (and of moves) a [`Graph`] can hold: indices are `u32`.
const MAX_INDEX_COUNT: u128 = u32::MAX as u128;

/// A game as a directed graph: positions `0..N`, a move from `u` to `v` is an
/// edge. Stored as compressed sparse rows: 4 bytes per position plus 4 bytes
/// per move.
///
/// Repeated moves (the same edge twice) and self-loops are allowed.
///
/// # Example
/// ```
/// use stonegame::Budget;
/// use stonegame::retrograde::Graph;
///
/// let graph = Graph::from_edges(3, &[(0, 1), (0, 2), (1, 2)], Budget::default()).unwrap();
/// assert_eq!(graph.num_positions(), 3);
/// assert_eq!(graph.num_moves(), 3);
/// assert_eq!(graph.successors(0), &[1, 2]);
/// assert!(graph.successors(2).is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    /// `offsets[u]..offsets[u + 1]` is the range of `u`'s moves in `targets`.
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Graph {
    /// Builds a graph from a list of moves `(from, to)`.
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] for more than `u32::MAX` positions or moves,
    /// [`Error::InvalidParameter`] for an endpoint `>= num_positions`,
    /// [`Error::MemoryBudgetExceeded`] if the tables would not fit `budget`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Error, Budget};
    /// use stonegame::retrograde::Graph;
    ///
    /// let graph = Graph::from_edges(2, &[(1, 0)], Budget::default()).unwrap();
    /// assert_eq!(graph.successors(1), &[0]);
    /// let bad = Graph::from_edges(2, &[(0, 2)], Budget::default());
    /// assert!(matches!(bad, Err(Error::InvalidParameter { .. })));
    /// ```
    pub fn from_edges(num_positions: usize, edges: &[(u32, u32)], budget: Budget) -> Result<Self> {
        check_counts(num_positions, edges.len())?;
        if let Some(&(from, to)) = edges
            .iter()
            .find(|&&(from, to)| from as usize >= num_positions || to as usize >= num_positions)
        {
            return Err(Error::InvalidParameter {
                name: "edge",
                reason: format!("move ({from}, {to}) has an endpoint outside 0..{num_positions}"),
            });
        }
        budget.check_bytes(
            csr_bytes(num_positions, edges.len()),
            "retrograde move graph",
        )?;
        const WHAT: &str = "retrograde move graph";
        let mut offsets = filled_vec(num_positions + 1, 0u32, WHAT, budget)?;
        for &(from, _) in edges {
            offsets[from as usize] += 1;
        }
        let mut targets = filled_vec(edges.len(), 0u32, WHAT, budget)?;
        into_end_offsets(&mut offsets);
        // Filling backwards turns each end offset into a start offset and keeps
        // every position's moves in input order.
        for &(from, to) in edges.iter().rev() {
            let slot = &mut offsets[from as usize];
            *slot -= 1;
            targets[*slot as usize] = to;
        }
        Ok(Self { offsets, targets })
    }

    /// Builds a graph from a successor function over `0..num_positions`.
    ///
    /// The function is called twice per position (once to count, once to
    /// fill), so the tables are allocated at their exact size; it must return
    /// the same moves both times.
    ///
    /// # Errors
    /// As [`Graph::from_edges`]; also [`Error::InvalidParameter`] if the two
    /// calls for a position disagree.
    ///
    /// # Example
    /// ```
    /// use stonegame::Budget;
    /// use stonegame::retrograde::Graph;
    ///
    /// // Positions 0..10; a move subtracts 1 or 2.
    /// let graph = Graph::from_successors(10, Budget::default(), |n| {
    ///     (1..=2).filter(move |&s| s <= n).map(move |s| n - s)
    /// })
    /// .unwrap();
    /// assert_eq!(graph.num_moves(), 17);
    /// assert_eq!(graph.successors(5), &[4, 3]);
    /// ```
    pub fn from_successors<F, I>(
        num_positions: usize,
        budget: Budget,
        mut successors: F,
    ) -> Result<Self>
    where
        F: FnMut(u32) -> I,
        I: IntoIterator<Item = u32>,
    {
        check_counts(num_positions, 0)?;
        budget.check_bytes(csr_bytes(num_positions, 0), "retrograde move graph")?;
        // A control in `budget` sees the positions and moves listed (each
        // position twice), and stops the build within milliseconds.
        let watch = budget.watch("building a move graph", None);
        let steps = |entries: u128| (entries as u64).saturating_mul(BUILD_STEPS_PER_ENTRY);
        watch.check()?;
        let mut offsets = vec_with_capacity(num_positions + 1, "retrograde move graph", budget)?;
        offsets.push(0u32);
        let mut total: u128 = 0;
        for u in 0..num_positions as u32 {
            watch.poll(steps(u128::from(u) + total))?;
            for v in successors(u) {
                if v as usize >= num_positions {
                    return Err(Error::InvalidParameter {
                        name: "successors",
                        reason: format!(
                            "position {u} has a move to {v}, outside 0..{num_positions}"
                        ),
                    });
                }
                total += 1;
                if total > MAX_INDEX_COUNT {
                    return Err(too_many_moves(total));
                }
            }
            offsets.push(total as u32);
        }
        let moves = total as usize;
        budget.check_bytes(csr_bytes(num_positions, moves), "retrograde move graph")?;
        let mut targets = vec_with_capacity(moves, "retrograde move graph", budget)?;
        let first_pass = num_positions as u128 + total;
        for u in 0..num_positions as u32 {
            watch.poll(steps(first_pass + u128::from(u) + targets.len() as u128))?;
            let end = offsets[u as usize + 1] as usize;
            for v in successors(u) {
                if v as usize >= num_positions || targets.len() == end {
                    return Err(nondeterministic(u));
                }
                targets.push(v);
            }
            if targets.len() != end {
                return Err(nondeterministic(u));
            }
        }
        Ok(Self { offsets, targets })
    }

    /// A reproducible pseudo-random graph for benchmarks and experiments: a
    /// position has no move with probability `terminal_percent`%, otherwise a
    /// number of moves uniform in `1..=max_moves`, to uniformly random targets
    /// (self-loops and repeats included), from a xorshift generator seeded by
    /// `seed` and the position. With `max_moves = 6` and `terminal_percent = 5`
    /// there are about 3.3 moves per position and a mix of wins, losses and
    /// draws (roughly 42%, 16%, 42%). With `max_moves = 0` every position is
    /// terminal.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if `terminal_percent > 100`;
    /// [`Error::MemoryBudgetExceeded`] at once when `num_positions × max_moves`
    /// moves (the most the graph can have) would not fit the budget, before
    /// any is drawn; otherwise as [`Graph::from_successors`].
    ///
    /// # Example
    /// ```
    /// use stonegame::Budget;
    /// use stonegame::retrograde::Graph;
    ///
    /// let a = Graph::pseudo_random(1000, 6, 5, 7, Budget::default()).unwrap();
    /// let b = Graph::pseudo_random(1000, 6, 5, 7, Budget::default()).unwrap();
    /// assert_eq!(a, b);
    /// assert!((3000..3700).contains(&a.num_moves()));
    /// assert_eq!(Graph::pseudo_random(10, 0, 0, 7, Budget::default())?.num_moves(), 0);
    /// assert!(Graph::pseudo_random(10, u32::MAX, 0, 7, Budget::default()).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn pseudo_random(
        num_positions: usize,
        max_moves: u32,
        terminal_percent: u8,
        seed: u64,
        budget: Budget,
    ) -> Result<Self> {
        if terminal_percent > 100 {
            return Err(Error::InvalidParameter {
                name: "terminal_percent",
                reason: format!("{terminal_percent} is above 100"),
            });
        }
        // Sized for the most moves the graph can have, so a huge `max_moves`
        // is refused at once instead of after drawing billions of moves.
        budget.check_elements::<u32>(
            (num_positions as u128).saturating_mul(u128::from(max_moves)),
            "moves of the pseudo-random graph (positions × max_moves)",
        )?;
        let n = num_positions as u64;
        Self::from_successors(num_positions, budget, |u| {
            pseudo_random_moves(u64::from(u), n, max_moves, terminal_percent, seed)
                .map(|v| v as u32)
        })
    }

    /// The number of positions `N`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::Graph};
    /// assert_eq!(Graph::from_edges(5, &[], Budget::default()).unwrap().num_positions(), 5);
    /// ```
    pub fn num_positions(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of moves (edges).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(2, &[(0, 1), (0, 1)], Budget::default()).unwrap();
    /// assert_eq!(graph.num_moves(), 2);
    /// ```
    pub fn num_moves(&self) -> usize {
        self.targets.len()
    }

    /// The moves from `position` (empty if `position` is out of range).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
    /// assert_eq!(graph.successors(0), &[1]);
    /// assert!(graph.successors(7).is_empty());
    /// ```
    pub fn successors(&self, position: u32) -> &[u32] {
        let u = position as usize;
        match (self.offsets.get(u), self.offsets.get(u + 1)) {
            (Some(&start), Some(&end)) => &self.targets[start as usize..end as usize],
            _ => &[],
        }
    }

    /// The reverse graph (every move turned round): the predecessor lists,
    /// built by a counting sort in O(V + E).
    ///
    /// # Errors
    /// [`Error::MemoryBudgetExceeded`] if the copy would not fit `budget`.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[(0, 2), (1, 2)], Budget::default()).unwrap();
    /// let reverse = graph.reversed(Budget::default()).unwrap();
    /// assert_eq!(reverse.successors(2), &[0, 1]);
    /// ```
    pub fn reversed(&self, budget: Budget) -> Result<Self> {
        self.reversed_polled(budget, |_| Ok(()))
    }

    /// [`Graph::reversed`], calling `poll` with the work done so far every
    /// [`REVERSE_POLL_MOVES`] moves or positions (never an edge at a time):
    /// `done` grows to [`Graph::reverse_work`]. An error from `poll` (a cancel) stops
    /// the build.
    pub(crate) fn reversed_polled(
        &self,
        budget: Budget,
        mut poll: impl FnMut(u64) -> Result<()>,
    ) -> Result<Self> {
        budget.check_bytes(
            csr_bytes(self.num_positions(), self.num_moves()),
            "retrograde predecessor lists",
        )?;
        const WHAT: &str = "retrograde predecessor lists";
        let mut offsets = filled_vec(self.offsets.len(), 0u32, WHAT, budget)?;
        let mut counted = 0u64;
        for chunk in self.targets.chunks(REVERSE_POLL_MOVES) {
            for &v in chunk {
                offsets[v as usize] += 1;
            }
            counted += chunk.len() as u64;
            poll(counted)?;
        }
        into_end_offsets(&mut offsets);
        // Zeroed a chunk at a time: at 10^8 moves the writes and page faults
        // alone take a good part of a second.
        let mut sources = vec_with_capacity(self.targets.len(), WHAT, budget)?;
        while sources.len() < self.targets.len() {
            let chunk = REVERSE_POLL_MOVES.min(self.targets.len() - sources.len());
            sources.resize(sources.len() + chunk, 0u32);
            counted += chunk as u64;
            poll(counted)?;
        }
        // Backwards, so each predecessor list comes out sorted. Reading the
        // counter of the move `FILL_LOOKAHEAD` places ahead lets the cache
        // misses of random targets overlap.
        let mut sink = 0u32;
        let (n, m) = (self.num_positions(), self.targets.len());
        let mut e = m;
        // Looks between positions, once `REVERSE_POLL_MOVES` moves or
        // positions have gone by: one comparison a position.
        let mut next_poll = e.saturating_sub(REVERSE_POLL_MOVES);
        for u in (0..n as u32).rev() {
            let start = self.offsets[u as usize] as usize;
            while e > start {
                e -= 1;
                if let Some(&ahead) = e
                    .checked_sub(FILL_LOOKAHEAD)
                    .and_then(|k| self.targets.get(k))
                {
                    sink ^= offsets[ahead as usize];
                }
                let slot = &mut offsets[self.targets[e] as usize];
                *slot -= 1;
                sources[*slot as usize] = u;
            }
            if e <= next_poll || u as usize % REVERSE_POLL_MOVES == 0 {
                let placed = (m - e) as u64 + (n - u as usize) as u64;
                poll(2 * m as u64 + placed)?;
                next_poll = e.saturating_sub(REVERSE_POLL_MOVES);
            }
        }
        std::hint::black_box(sink);
        Ok(Self {
            offsets,
            targets: sources,
        })
    }

    /// The work [`Graph::reversed_polled`] reports in all: each move three
    /// times (counted, its slot zeroed, placed) and each position once.
    pub(crate) fn reverse_work(&self) -> u64 {
        (self.num_moves() as u64)
            .saturating_mul(3)
            .saturating_add(self.num_positions() as u64)
    }

    /// The out-degree of `u`, which the caller knows is in range.
    pub(crate) fn degree(&self, u: usize) -> u32 {
        self.offsets[u + 1] - self.offsets[u]
    }

    /// Bytes held by the tables.
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, retrograde::Graph};
    /// let graph = Graph::from_edges(3, &[(0, 1)], Budget::default()).unwrap();
    /// assert_eq!(graph.heap_bytes(), 4 * 4 + 4);
    /// ```
    pub fn heap_bytes(&self) -> usize {
        4 * (self.offsets.len() + self.targets.len())
    }

    /// The CSR tables: offsets (`N + 1` of them) and targets.
    #[cfg(feature = "parallel")]
    pub(crate) fn parts(&self) -> (&[u32], &[u32]) {
        (&self.offsets, &self.targets)
    }

    /// Builds a graph from tables the caller guarantees are consistent.
    pub(crate) fn from_parts(offsets: Vec<u32>, targets: Vec<u32>) -> Self {
        Self { offsets, targets }
    }
}

/// The moves of `position` in [`Graph::pseudo_random`]'s graph of
/// `num_positions` positions (also generated one position at a time by the
/// distributed solver, on the rank that owns it).
pub(crate) fn pseudo_random_moves(
    position: u64,
    num_positions: u64,
    max_moves: u32,
    terminal_percent: u8,
    seed: u64,
) -> impl Iterator<Item = u64> {
    let mut rng = XorShift::new(seed ^ position.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let degree = if max_moves == 0 || rng.below(100) < u64::from(terminal_percent) {
        0
    } else {
        1 + rng.below(u64::from(max_moves))
    };
    (0..degree).map(move |_| rng.below(num_positions))
}

/// How far ahead [`Graph::reversed`] touches the counter of a coming move.
const FILL_LOOKAHEAD: usize = 16;

/// Steps [`Graph::from_successors`] shows its budget's control for each
/// position or move listed: a call of the game's closure costs at least as
/// much as reading a table entry (16 steps in the solvers' work cap).
const BUILD_STEPS_PER_ENTRY: u64 = 16;

/// Moves (or positions) between two looks of [`Graph::reversed_polled`]:
/// a fraction of a millisecond of work, so the look costs nothing measurable
/// and a cancel is seen well within 0.1 s.
pub(crate) const REVERSE_POLL_MOVES: usize = 1 << 16;

/// Bytes of a CSR adjacency with `positions` rows and `moves` entries.
pub(crate) fn csr_bytes(positions: usize, moves: usize) -> u128 {
    4 * (positions as u128 + 1 + moves as u128)
}

/// Refuses counts that `u32` indices cannot address.
pub(crate) fn check_counts(positions: usize, moves: usize) -> Result<()> {
    if positions as u128 > MAX_INDEX_COUNT {
        return Err(Error::SizeLimitExceeded {
            what: "number of positions for retrograde analysis (u32 indices)",
            value: positions as u128,
            limit: MAX_INDEX_COUNT,
        });
    }
    if moves as u128 > MAX_INDEX_COUNT {
        return Err(too_many_moves(moves as u128));
    }
    Ok(())
}

fn nondeterministic(u: u32) -> Error {
    Error::InvalidParameter {
        name: "successors",
        reason: format!(
            "the successor function returned different moves for position {u} \
             on its second call; it must be deterministic"
        ),
    }
}

pub(crate) fn too_many_moves(moves: u128) -> Error {
    Error::SizeLimitExceeded {
        what: "number of moves for retrograde analysis (u32 indices)",
        value: moves,
        limit: MAX_INDEX_COUNT,
    }
}

/// Turns per-row counts in `offsets[0..N]` into end offsets (inclusive prefix
/// sums) and sets `offsets[N]` to the total. Totals fit `u32`: checked by the caller.
fn into_end_offsets(offsets: &mut [u32]) {
    let mut running = 0u32;
    if let Some((last, rows)) = offsets.split_last_mut() {
        for slot in rows {
            running += *slot;
            *slot = running;
        }
        *last = running;
    }
}

/// xorshift64* with a splitmix-style seed scramble: tiny, deterministic, good enough
/// for benchmark graphs.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> Self {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Self((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..bound` (multiply-shift; `bound` 0 gives 0).
    fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(bound)) >> 64) as u64
    }
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
