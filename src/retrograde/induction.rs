//! The induction: labels of every position as value codes and remoteness
//! words ([`Labels`]), computed level by level ([`Labels::induce`]), and the
//! predecessor check.

use crate::budget::filled_vec;
use crate::{Budget, Convention, Error, Outcome, Result};

use super::graph::{Moves, Predecessors, csr_bytes};
use super::{Counts, Label, Value};

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

/// Whether predecessor functions are checked unless the caller says: in
/// every build, so a release build never answers a game whose predecessors
/// contradict its moves (issue 43); `with_predecessor_check(false)` is the
/// named opt-out of the solvers that store or explore their moves
/// (`ImplicitSolver` checks by a cheaper fingerprint instead).
pub(crate) const PREDECESSOR_CHECK_DEFAULT: bool = true;

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

/// What the induction shows of each predecessor it lists: `u` and its
/// word as read (see [`Labels::induce_tallied`]), then, once the listing of
/// `v`'s predecessors is over, `v`.
pub(crate) trait PredecessorTally {
    fn predecessor(&mut self, u: u32, word: u32);
    fn listed(&mut self, v: u32);
    /// Whether anything is tallied (listings made only for the tally are
    /// skipped otherwise).
    fn is_kept(&self) -> bool {
        true
    }
}

/// No tally: the induction as the table-driven solvers run it.
impl PredecessorTally for () {
    #[inline(always)]
    fn predecessor(&mut self, _u: u32, _word: u32) {}
    #[inline(always)]
    fn listed(&mut self, _v: u32) {}
    fn is_kept(&self) -> bool {
        false
    }
}

/// A keyed fingerprint of a multiset of moves `u → v`: the sum (mod 2^64)
/// of `from(u) · to(v)` over the moves, where `from` and `to` are two
/// different keyed hashes of a position. Summed position by position, it
/// costs one hash and one addition a move, and one multiplication a
/// position: forwards `from(u) · Σ to(v)` over `u`'s moves, backwards
/// `to(v) · Σ from(u)` over `v`'s predecessors. Two multisets that differ
/// give different sums unless the keyed hashes happen to cancel, which no
/// game can arrange, as the keys are drawn at random for each process.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MoveFingerprint {
    keys: (u64, u64),
    sum: u64,
    /// The hashes of the positions listed since the last `listed`.
    pending: u64,
}

impl MoveFingerprint {
    /// An empty fingerprint under keys drawn at random for this process.
    pub(crate) fn random() -> Self {
        use std::hash::{BuildHasher, Hasher};
        let state = std::collections::hash_map::RandomState::new();
        // `build_hasher` and `write_u64`, not `hash_one`: contest bundles
        // are compiled by rustc 1.70.
        let key = |salt: u64| {
            let mut hasher = state.build_hasher();
            hasher.write_u64(salt);
            hasher.finish()
        };
        Self::keyed((key(1), key(2)))
    }

    /// An empty fingerprint under `keys` (another fingerprint's, to compare).
    pub(crate) fn keyed(keys: (u64, u64)) -> Self {
        Self {
            keys,
            sum: 0,
            pending: 0,
        }
    }

    pub(crate) fn keys(&self) -> (u64, u64) {
        self.keys
    }

    pub(crate) fn sum(&self) -> u64 {
        self.sum
    }

    /// A keyed hash of a position: the square of the keyed position, made
    /// odd (never 0), so that sums of hashes do not cancel as sums of the
    /// positions would; one multiplication, no dependency between moves.
    #[inline(always)]
    fn hash(key: u64, position: u32) -> u64 {
        let x = u64::from(position) ^ key;
        x.wrapping_mul(x) | 1
    }

    /// Adds a move to `v` from the position being listed forwards.
    #[inline(always)]
    pub(crate) fn add_target(&mut self, v: u32) {
        self.pending = self.pending.wrapping_add(Self::hash(self.keys.1, v));
    }

    /// Adds the moves from `u` to each of `targets` (a whole listing,
    /// forwards) and returns the largest target (0 for none): the targets'
    /// hashes summed in a register, the sum touched once.
    #[inline(always)]
    pub(crate) fn add_moves(&mut self, u: u32, targets: &[u32]) -> u32 {
        let key = self.keys.1;
        let (largest, pending) = scan_moves(targets, |v| Self::hash(key, v));
        let weight = Self::hash(self.keys.0, u);
        self.sum = self.sum.wrapping_add(weight.wrapping_mul(pending));
        largest
    }

    /// Ends the forward listing of `u`'s moves.
    #[inline(always)]
    pub(crate) fn moves_listed(&mut self, u: u32) {
        let weight = Self::hash(self.keys.0, u);
        self.sum = self.sum.wrapping_add(weight.wrapping_mul(self.pending));
        self.pending = 0;
    }
}

/// The backward side of the fingerprint: each predecessor listed whose
/// label was not known before the induction (word not 0), as a move; the
/// forward side adds each move listed from such a position.
impl PredecessorTally for MoveFingerprint {
    #[inline(always)]
    fn predecessor(&mut self, u: u32, word: u32) {
        if word != 0 {
            self.pending = self.pending.wrapping_add(Self::hash(self.keys.0, u));
        }
    }

    #[inline(always)]
    fn listed(&mut self, v: u32) {
        let weight = Self::hash(self.keys.1, v);
        self.sum = self.sum.wrapping_add(weight.wrapping_mul(self.pending));
        self.pending = 0;
    }
}

/// The largest of `targets` (0 for none) and the sum (mod 2^64) of
/// `hash` over them. One to four targets (a grid game's) are read without
/// a branch on their number: four reads at `min(j, len - 1)`, the hashes of
/// the repeated ones masked out; a branch on a length that changes from one
/// position to the next is mispredicted about every other time (the
/// walk of cat and mouse spent a quarter of its time in a loop over 2 to 4
/// moves).
#[inline(always)]
pub(crate) fn scan_moves(targets: &[u32], hash: impl Fn(u32) -> u64) -> (u32, u64) {
    let len = targets.len();
    let mut largest = 0u32;
    let mut pending = 0u64;
    if len.wrapping_sub(1) < 4 {
        let last = len - 1;
        for j in 0..4 {
            let v = targets[j.min(last)];
            largest = largest.max(v);
            let kept = 0u64.wrapping_sub(u64::from(j < len));
            pending = pending.wrapping_add(hash(v) & kept);
        }
    } else {
        for &v in targets {
            largest = largest.max(v);
            pending = pending.wrapping_add(hash(v));
        }
    }
    (largest, pending)
}

/// A hash of the move `u → v` (the SplitMix64 finaliser of both, offset so
/// that no move hashes to zero by construction).
fn move_hash(u: u32, v: u32) -> u64 {
    let mut x = (u64::from(u) << 32 | u64::from(v)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
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
        code: Vec<u8>,
        seeded: Option<Vec<u32>>,
        convention: Convention,
        predecessors: &mut impl Predecessors,
    ) -> Result<Self> {
        Self::induce_tallied(graph, code, seeded, convention, predecessors, &mut ())
    }

    /// [`Labels::induce`], showing `tally` every predecessor listed with the
    /// word of the predecessor as it was read (0 exactly for a position
    /// whose label was known before the induction: a terminal rule's, one
    /// without moves, a seed of remoteness 0).
    pub(crate) fn induce_tallied(
        graph: &impl Moves,
        mut code: Vec<u8>,
        seeded: Option<Vec<u32>>,
        convention: Convention,
        predecessors: &mut impl Predecessors,
        tally: &mut impl PredecessorTally,
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
                    tally.predecessor(u, word[u as usize]);
                    let u = u as usize;
                    if word[u] > unresolved_base {
                        word[u] = next;
                        code[u] = WIN;
                        queue.push_win(u as u32);
                    }
                })?;
                tally.listed(v);
            }
            while let Some(v) = queue.pop_win(won_end) {
                sink ^= predecessors.warm(queue.peek_win(LOOKAHEAD));
                predecessors.for_each(v, &mut |u| {
                    let u = u as usize;
                    let w = word[u];
                    tally.predecessor(u as u32, w);
                    if w == last_move {
                        word[u] = next;
                        code[u] = LOSE;
                        queue.push_lose(u as u32);
                    } else if w > last_move {
                        word[u] = w - 1;
                    }
                })?;
                tally.listed(v);
            }
            remoteness = next;
        }
        std::hint::black_box(sink);
        let mut labels = Self { code, word };
        labels.spread_ties(queue.into_slots(), predecessors, tally)?;
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
        tally: &mut impl PredecessorTally,
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
                    tally.predecessor(u, word[u as usize]);
                    let u = u as usize;
                    if code[u] == UNKNOWN {
                        code[u] = TIE;
                        word[u] = next;
                        slots[tail] = u as u32;
                        tail += 1;
                    }
                })?;
                tally.listed(v);
            }
        }
    }

    /// Lists the predecessors of the positions the induction never listed
    /// them for (draws, by endless play or by a terminal rule), showing
    /// `tally` each as [`Labels::induce_tallied`] does: after both, every
    /// position's predecessors have been shown once.
    pub(crate) fn tally_unlisted(
        &self,
        predecessors: &mut impl Predecessors,
        tally: &mut impl PredecessorTally,
    ) -> Result<()> {
        let word = &self.word;
        for (v, &c) in self.code.iter().enumerate() {
            if matches!(c, UNKNOWN | DRAW) {
                let v = v as u32;
                predecessors.for_each(v, &mut |u| tally.predecessor(u, word[u as usize]))?;
                tally.listed(v);
            }
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::MoveFingerprint;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A listing added at once (`add_moves`, the walk's) sums as its
        /// moves added one by one, and returns the largest target.
        #[test]
        fn moves_added_at_once_sum_as_one_by_one(
            keys in any::<(u64, u64)>(),
            listings in proptest::collection::vec(
                (any::<u32>(), proptest::collection::vec(any::<u32>(), 0..6)),
                0..20,
            ),
        ) {
            let mut at_once = MoveFingerprint::keyed(keys);
            let mut one_by_one = MoveFingerprint::keyed(keys);
            for (u, targets) in &listings {
                let largest = at_once.add_moves(*u, targets);
                prop_assert_eq!(largest, targets.iter().copied().max().unwrap_or(0));
                for &v in targets {
                    one_by_one.add_target(v);
                }
                one_by_one.moves_listed(*u);
            }
            prop_assert_eq!(at_once.sum(), one_by_one.sum());
        }
    }
}
