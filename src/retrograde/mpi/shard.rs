//! One rank's part of the distributed induction: its range of positions,
//! their predecessor lists (gathered from every rank), and the level by
//! level induction with one bulk exchange per phase and round.

use ::mpi::traits::Communicator;

use crate::budget::{filled_vec, vec_with_capacity};
use crate::{Budget, Convention, Error, Outcome, Result};

use super::super::Value;
use super::super::induction::{LOSE, TIE, UNKNOWN, WIN, value_code};
use super::super::work::{WorkMeter, charge_entries};
use super::exchange::{
    Exchanger, Index, agree, exchanger_bytes, min_over_ranks, records_per_round,
};
use super::{ExchangeStats, RankPartition};

/// A move found by a rank's move generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Move {
    /// To a position of the game being solved (a global index).
    Here(u64),
    /// To a position solved earlier (a lower tier): its value code and
    /// remoteness (0 for draws).
    Solved { code: u8, remoteness: u32 },
}

/// Where a rank gets the terminal rule and the moves of its positions.
pub(crate) trait MoveSource {
    /// The terminal rule at `position`.
    fn terminal(&mut self, position: u64) -> Option<Value>;
    /// Appends the moves of `position` to `out`.
    fn moves(&mut self, position: u64, out: &mut Vec<Move>) -> Result<()>;
}

/// What every rank passes alike.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Setup {
    pub(crate) num_positions: u64,
    pub(crate) convention: Convention,
    pub(crate) budget: Budget,
    pub(crate) exchange_bytes: u128,
    /// 8-byte indices and offsets even where 4 would do (to test that path).
    pub(crate) wide: bool,
}

/// One rank's labels: value codes and words (remoteness where labelled).
#[derive(Debug, Clone)]
pub(crate) struct ShardLabels {
    pub(crate) code: Vec<u8>,
    pub(crate) word: Vec<u32>,
}

/// Bytes a rank holds per position of its range: the value byte, the
/// counter/remoteness word, the predecessor offset (4 bytes, 8 when the
/// rank receives more than `u32::MAX` moves) and a queue slot (an index).
pub(crate) fn bytes_per_position(index_bytes: usize) -> u128 {
    (1 + 4 + 4 + index_bytes) as u128
}

/// Predecessor offsets: `u32` while the rank's incoming moves fit.
enum Offsets {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

impl Offsets {
    fn get(&self, k: usize) -> usize {
        match self {
            Offsets::Narrow(o) => o[k] as usize,
            Offsets::Wide(o) => o[k] as usize,
        }
    }

    /// Moves entry `k` one place down and returns the new value.
    fn take_slot(&mut self, k: usize) -> usize {
        match self {
            Offsets::Narrow(o) => {
                o[k] -= 1;
                o[k] as usize
            }
            Offsets::Wide(o) => {
                o[k] -= 1;
                o[k] as usize
            }
        }
    }
}

/// The predecessor lists of a rank's positions (global indices of the
/// positions that move to them).
struct Lists<I> {
    offsets: Offsets,
    sources: Vec<I>,
}

impl<I: Index> Lists<I> {
    fn of(&self, v: usize) -> &[I] {
        &self.sources[self.offsets.get(v)..self.offsets.get(v + 1)]
    }
}

/// Labels and the level queue. Won positions fill `slots` from the front,
/// lost ones from the back, each at most once (as in the one-machine
/// solver); the tie pass then reuses the slots as one FIFO.
struct State<I> {
    code: Vec<u8>,
    /// Unlabelled (`code == UNKNOWN`): moves not yet shown to lead to a win
    /// for the opponent; labelled: remoteness.
    word: Vec<u32>,
    slots: Vec<I>,
    wins: usize,
    losses: usize,
}

impl<I: Index> State<I> {
    fn push_win(&mut self, u: usize) {
        self.slots[self.wins] = I::from_u64(u as u64);
        self.wins += 1;
    }

    fn push_lose(&mut self, u: usize) {
        self.losses += 1;
        let at = self.slots.len() - self.losses;
        self.slots[at] = I::from_u64(u as u64);
    }

    /// The `k`-th lost position queued.
    fn lost(&self, k: usize) -> usize {
        self.slots[self.slots.len() - 1 - k].get() as usize
    }

    /// A successor of unlabelled `u` is lost at `level - 1`: `u` is won.
    fn lost_successor(&mut self, u: usize, level: u32) {
        if self.code[u] == UNKNOWN {
            self.code[u] = WIN;
            self.word[u] = level;
            self.push_win(u);
        }
    }

    /// A successor of `u` is won: one fewer move to hope from; none left
    /// means `u` is lost.
    fn won_successor(&mut self, u: usize, level: u32) {
        if self.code[u] == UNKNOWN {
            self.word[u] -= 1;
            if self.word[u] == 0 {
                self.code[u] = LOSE;
                self.word[u] = level;
                self.push_lose(u);
            }
        }
    }

    /// A successor of `u` is tied: an unlabelled `u` ties (the tie FIFO
    /// grows in `wins`).
    fn tied_successor(&mut self, u: usize, level: u32) {
        if self.code[u] == UNKNOWN {
            self.code[u] = TIE;
            self.word[u] = level;
            self.push_win(u);
        }
    }
}

/// Moves to earlier-solved positions, by the phase they act in, sorted by
/// the remoteness of their target: `(remoteness, local position)`.
#[derive(Default)]
struct SolvedMoves {
    lose: Vec<(u32, u32)>,
    win: Vec<(u32, u32)>,
    tie: Vec<(u32, u32)>,
}

/// The next remoteness at or after `at` in a sorted event list.
fn next_event(events: &[(u32, u32)], at: usize) -> u64 {
    events.get(at).map_or(u64::MAX, |&(w, _)| u64::from(w))
}

/// Runs the distributed induction on this rank's range (collective: every
/// rank calls it with the same `setup`).
pub(crate) fn solve_shard<C: Communicator, I: Index>(
    comm: &C,
    setup: Setup,
    source: &mut impl MoveSource,
    stats: &mut ExchangeStats,
    meter: &WorkMeter,
) -> Result<ShardLabels> {
    let ranks = comm.size() as usize;
    let partition = RankPartition::new(setup.num_positions, ranks);
    let range = partition.range(comm.rank() as usize);
    let n = (range.end - range.start) as usize;
    let budget = setup.budget;
    let limit1 = records_per_round(setup.exchange_bytes, ranks, I::BYTES);
    let limit2 = records_per_round(setup.exchange_bytes, ranks, 2 * I::BYTES);
    let base_bytes = bytes_per_position(I::BYTES) * n as u128;
    // Each table is charged below before it is made; `room` only turns a
    // refusal of the allocator into an error.
    const TABLES: &str = "distributed retrograde tables of one rank";
    let room = Budget::unlimited();
    agree(
        comm,
        budget.check_bytes(
            base_bytes + exchanger_bytes(limit1, ranks, I::BYTES),
            "distributed retrograde tables of one rank",
        ),
    )?;
    // Pass 1: every rank lists its moves; targets are counted by their owners.
    // Every table is allocated before the next collective step and the
    // ranks agree on it, so a refusal on one rank stops them all.
    let tables = (|| {
        Ok((
            filled_vec(n, UNKNOWN, TABLES, room)?,
            filled_vec(n, 0u32, TABLES, room)?,
            filled_vec(n + 1, 0u32, TABLES, room)?,
        ))
    })();
    let (code, word, indegree) = agree(comm, tables)?;
    let mut shard = Shard {
        partition,
        range: range.clone(),
        code,
        word,
    };
    let mut ex: Exchanger<'_, C, I> = agree(comm, Exchanger::new(comm, 1, limit1, stats))?;
    let first = count_moves(&mut ex, &mut shard, source, &setup, indegree, meter);
    drop(ex);
    let (indegree, solved_counts) = agree(comm, first)?;

    // Room for the lists, the moves to solved positions and pass 2's exchange.
    let incoming: u64 = indegree.iter().map(|&d| u64::from(d)).sum();
    let wide = setup.wide || incoming > u64::from(u32::MAX);
    let solved_total: usize = solved_counts.iter().sum();
    let lists_bytes = u128::from(incoming) * I::BYTES as u128
        + if wide { 8 * (n as u128 + 1) } else { 0 }
        + 8 * solved_total as u128;
    agree(
        comm,
        budget.check_bytes(
            base_bytes + lists_bytes + exchanger_bytes(limit2, ranks, 2 * I::BYTES),
            "distributed retrograde tables of one rank",
        ),
    )?;
    let tables = (|| {
        let lists = Lists {
            offsets: end_offsets(indegree, wide)?,
            sources: filled_vec(
                usize::try_from(incoming).unwrap_or(usize::MAX),
                I::default(),
                TABLES,
                room,
            )?,
        };
        let solved = SolvedMoves {
            lose: vec_with_capacity(solved_counts[0], TABLES, room)?,
            win: vec_with_capacity(solved_counts[1], TABLES, room)?,
            tie: vec_with_capacity(solved_counts[2], TABLES, room)?,
        };
        Ok((lists, solved))
    })();
    let (mut lists, mut solved) = agree(comm, tables)?;

    // Pass 2: the same moves again, now with their sources, filled into the
    // lists of their targets' owners.
    let mut ex: Exchanger<'_, C, I> = agree(comm, Exchanger::new(comm, 2, limit2, stats))?;
    let second = file_predecessors(&mut ex, &shard, source, &mut lists, &mut solved, meter);
    drop(ex);
    agree(
        comm,
        second.and_then(|()| {
            let counted = solved.lose.len() + solved.win.len() + solved.tie.len();
            if counted == solved_total {
                Ok(())
            } else {
                Err(nondeterministic(range.start))
            }
        }),
    )?;
    for events in [&mut solved.lose, &mut solved.win, &mut solved.tie] {
        events.sort_unstable();
    }

    let slots = agree(comm, filled_vec(n, I::default(), TABLES, room))?;
    let mut state = State {
        code: shard.code,
        word: shard.word,
        slots,
        wins: 0,
        losses: 0,
    };
    for u in 0..n {
        match state.code[u] {
            WIN => state.push_win(u),
            LOSE => state.push_lose(u),
            _ => {}
        }
    }
    let mut ex: Exchanger<'_, C, I> = agree(comm, Exchanger::new(comm, 1, limit1, stats))?;
    win_lose_levels(&mut ex, &partition, &lists, &mut state, &solved, meter)?;
    tie_levels(&mut ex, &partition, &lists, &mut state, &solved, meter)?;
    Ok(ShardLabels {
        code: state.code,
        word: state.word,
    })
}

/// This rank's positions and, while the moves are listed, their value
/// codes and move counts.
struct Shard {
    partition: RankPartition,
    range: std::ops::Range<u64>,
    code: Vec<u8>,
    word: Vec<u32>,
}

/// Pass 1: lists the moves of every position of the shard (its terminal
/// rule first), sets the codes of terminal positions and the move counts of
/// the others, and counts the predecessors of the positions this rank owns
/// from the targets every rank sends. Returns the in-degrees (with a spare
/// entry) and the moves to solved positions by kind (collective).
fn count_moves<C: Communicator, I: Index>(
    ex: &mut Exchanger<'_, C, I>,
    shard: &mut Shard,
    source: &mut impl MoveSource,
    setup: &Setup,
    mut indegree: Vec<u32>,
    meter: &WorkMeter,
) -> Result<(Vec<u32>, [usize; 3])> {
    let n = shard.code.len();
    let no_move_code = match setup.convention.terminal_outcome() {
        Outcome::First => WIN,
        _ => LOSE,
    };
    let mut solved_counts = [0usize; 3];
    let mut moves = Vec::new();
    let mut error: Option<Error> = None;
    let mut next = 0usize;
    let mut at = 0usize;
    loop {
        while !ex.is_full() && error.is_none() {
            if let Some(&m) = moves.get(at) {
                at += 1;
                if let Move::Here(target) = m {
                    let (owner, local) = shard.partition.locate(target);
                    ex.stage(owner, &[I::from_u64(local)]);
                }
                continue;
            }
            if next == n {
                break;
            }
            let u = next;
            next += 1;
            moves.clear();
            at = 0;
            let position = shard.range.start + u as u64;
            match list_moves(source, setup, position, &mut moves) {
                Err(e) => error = Some(e),
                Ok(Some(value)) => shard.code[u] = value_code(value),
                Ok(None) if moves.is_empty() => shard.code[u] = no_move_code,
                Ok(None) => match u32::try_from(moves.len()) {
                    Ok(degree) => {
                        shard.word[u] = degree;
                        for m in &moves {
                            if let Move::Solved { code, .. } = *m {
                                if let Some(k) = solved_kind(code) {
                                    solved_counts[k] += 1;
                                }
                            }
                        }
                    }
                    Err(_) => error = Some(too_many_moves_from(position)),
                },
            }
            // A refusal stops the listing like any error: the rounds go on
            // until every rank is done, then the ranks agree.
            if error.is_none() {
                error = charge_entries(moves.len() as u64 + 1, meter).err();
            }
        }
        let done = error.is_some() || (next == n && at == moves.len());
        let more = ex.round(!done);
        for &t in ex.received() {
            let slot = &mut indegree[t.get() as usize];
            match slot.checked_add(1) {
                Some(count) => *slot = count,
                None => {
                    error.get_or_insert(Error::SizeLimitExceeded {
                        what: "moves into one position (u32 counters)",
                        value: u128::from(u32::MAX) + 1,
                        limit: u128::from(u32::MAX),
                    });
                }
            }
        }
        if !more {
            break;
        }
    }
    match error {
        Some(e) => Err(e),
        None => Ok((indegree, solved_counts)),
    }
}

/// Pass 2: lists the same moves again (checking that they are the same
/// number), sends `(target, source)` to the target's owner, files the pairs
/// this rank receives into its predecessor lists, and keeps the moves to
/// solved positions as events (collective).
fn file_predecessors<C: Communicator, I: Index>(
    ex: &mut Exchanger<'_, C, I>,
    shard: &Shard,
    source: &mut impl MoveSource,
    lists: &mut Lists<I>,
    solved: &mut SolvedMoves,
    meter: &WorkMeter,
) -> Result<()> {
    let n = shard.code.len();
    let mut moves = Vec::new();
    let mut error: Option<Error> = None;
    let mut next = 0usize;
    let mut at = 0usize;
    let mut from = 0u64;
    loop {
        while !ex.is_full() && error.is_none() {
            if let Some(&m) = moves.get(at) {
                at += 1;
                if let Move::Here(target) = m {
                    let (owner, local) = shard.partition.locate(target);
                    ex.stage(owner, &[I::from_u64(local), I::from_u64(from)]);
                }
                continue;
            }
            if next == n {
                break;
            }
            let u = next;
            next += 1;
            moves.clear();
            at = 0;
            if shard.code[u] != UNKNOWN {
                continue;
            }
            from = shard.range.start + u as u64;
            if let Err(e) = source.moves(from, &mut moves) {
                error = Some(e);
                continue;
            }
            if moves.len() as u64 != u64::from(shard.word[u]) {
                error = Some(nondeterministic(from));
                continue;
            }
            if let Err(refused) = charge_entries(moves.len() as u64 + 1, meter) {
                error = Some(refused);
                continue;
            }
            for m in &moves {
                if let Move::Solved { code, remoteness } = *m {
                    let event = (remoteness, u as u32);
                    match solved_kind(code) {
                        Some(0) => solved.lose.push(event),
                        Some(1) => solved.win.push(event),
                        Some(_) => solved.tie.push(event),
                        None => {}
                    }
                }
            }
        }
        let done = error.is_some() || (next == n && at == moves.len());
        let more = ex.round(!done);
        for pair in ex.received().chunks_exact(2) {
            let slot = lists.offsets.take_slot(pair[0].get() as usize);
            lists.sources[slot] = pair[1];
        }
        if !more {
            break;
        }
    }
    match error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The terminal rule at `position`, or its moves (checked against the range).
fn list_moves(
    source: &mut impl MoveSource,
    setup: &Setup,
    position: u64,
    moves: &mut Vec<Move>,
) -> Result<Option<Value>> {
    if let Some(value) = source.terminal(position) {
        return Ok(Some(value));
    }
    source.moves(position, moves)?;
    if let Some(&Move::Here(bad)) = moves
        .iter()
        .find(|m| matches!(m, Move::Here(t) if *t >= setup.num_positions))
    {
        return Err(Error::InvalidParameter {
            name: "successors",
            reason: format!(
                "position {position} has a move to {bad}, outside 0..{}",
                setup.num_positions
            ),
        });
    }
    Ok(None)
}

/// 0: a move to a lost position, 1: to a won one, 2: to a tie; `None` for
/// a draw (it only keeps its predecessor from being lost).
fn solved_kind(code: u8) -> Option<usize> {
    match code {
        LOSE => Some(0),
        WIN => Some(1),
        TIE => Some(2),
        _ => None,
    }
}

/// In-degrees (with one spare entry) turned into end offsets.
fn end_offsets(mut indegree: Vec<u32>, wide: bool) -> Result<Offsets> {
    if wide {
        let mut running = 0u64;
        let mut offsets: Vec<u64> = vec_with_capacity(
            indegree.len(),
            "distributed retrograde tables of one rank",
            Budget::unlimited(),
        )?;
        offsets.extend(indegree.iter().map(|&d| {
            running += u64::from(d);
            running
        }));
        let last = offsets.len() - 1;
        offsets[last] = running;
        Ok(Offsets::Wide(offsets))
    } else {
        let mut running = 0u32;
        for slot in indegree.iter_mut() {
            running += *slot;
            *slot = running;
        }
        Ok(Offsets::Narrow(indegree))
    }
}

/// Sends one notice per predecessor of each frontier position to the
/// predecessor's owner, in rounds of bulk exchange, and applies the notices
/// this rank receives (collective: every rank loops until all are done).
fn notify<C: Communicator, I: Index>(
    ex: &mut Exchanger<'_, C, I>,
    partition: &RankPartition,
    lists: &Lists<I>,
    state: &mut State<I>,
    frontier: impl Fn(&State<I>, usize) -> usize,
    frontier_len: usize,
    apply: impl Fn(&mut State<I>, usize),
) {
    let mut i = 0;
    let mut j = 0;
    loop {
        while !ex.is_full() && i < frontier_len {
            let list = lists.of(frontier(state, i));
            match list.get(j) {
                Some(&u) => {
                    j += 1;
                    let (owner, local) = partition.locate(u.get());
                    ex.stage(owner, &[I::from_u64(local)]);
                }
                None => {
                    i += 1;
                    j = 0;
                }
            }
        }
        let more = ex.round(i < frontier_len);
        for &t in ex.received() {
            apply(state, t.get() as usize);
        }
        if !more {
            break;
        }
    }
}

/// The next level: the smallest over every rank of the levels with work.
fn next_level<C: Communicator>(comm: &C, local: u64) -> Result<Option<u32>> {
    match min_over_ranks(comm, local) {
        u64::MAX => Ok(None),
        level => u32::try_from(level)
            .ok()
            .filter(|&l| l < u32::MAX)
            .map(Some)
            .ok_or(Error::SizeLimitExceeded {
                what: "remoteness (u32)",
                value: u128::from(level) + 1,
                limit: u128::from(u32::MAX),
            }),
    }
}

/// Wins and losses, level by level of remoteness: at level `r` the
/// predecessors of positions lost at `r` are won at `r + 1`, then the
/// predecessors of positions won at `r` lose one hope each (lost at `r + 1`
/// when none is left), so every rank labels exactly as the one-machine
/// solver does.
fn win_lose_levels<C: Communicator, I: Index>(
    ex: &mut Exchanger<'_, C, I>,
    partition: &RankPartition,
    lists: &Lists<I>,
    state: &mut State<I>,
    solved: &SolvedMoves,
    meter: &WorkMeter,
) -> Result<()> {
    let (mut win_head, mut lose_head) = (0usize, 0usize);
    let (mut next_lose, mut next_win) = (0usize, 0usize);
    let mut level = 0u64;
    loop {
        let pending = win_head < state.wins || lose_head < state.losses;
        let local = if pending {
            level
        } else {
            next_event(&solved.lose, next_lose).min(next_event(&solved.win, next_win))
        };
        let Some(r) = next_level(ex.comm(), local)? else {
            return Ok(());
        };
        let labelled = r + 1;
        let (lost_end, won_end) = (state.losses, state.wins);
        let frontier = (lose_head..lost_end).map(|k| state.lost(k)).chain(
            state.slots[win_head..won_end]
                .iter()
                .map(|u| u.get() as usize),
        );
        charge_level(ex.comm(), lists, frontier, meter)?;
        while let Some(&(w, u)) = solved.lose.get(next_lose).filter(|e| e.0 <= r) {
            debug_assert_eq!(w, r);
            state.lost_successor(u as usize, labelled);
            next_lose += 1;
        }
        let start = lose_head;
        notify(
            ex,
            partition,
            lists,
            state,
            |s, i| s.lost(start + i),
            lost_end - lose_head,
            |s, u| s.lost_successor(u, labelled),
        );
        lose_head = lost_end;
        while let Some(&(_, u)) = solved.win.get(next_win).filter(|e| e.0 <= r) {
            state.won_successor(u as usize, labelled);
            next_win += 1;
        }
        let start = win_head;
        notify(
            ex,
            partition,
            lists,
            state,
            |s, i| s.slots[start + i].get() as usize,
            won_end - win_head,
            |s, u| s.won_successor(u, labelled),
        );
        win_head = won_end;
        level = u64::from(labelled);
    }
}

/// Charges one level's frontier positions and their predecessor lists to
/// this rank's meter, then lets every rank know whether one refused
/// (collective, once a level), so that all stop at the same level.
fn charge_level<C: Communicator, I: Index>(
    comm: &C,
    lists: &Lists<I>,
    frontier: impl Iterator<Item = usize>,
    meter: &WorkMeter,
) -> Result<()> {
    let entries: u64 = frontier.map(|v| lists.of(v).len() as u64 + 1).sum();
    agree(comm, charge_entries(entries, meter))
}

/// Ties, breadth-first from the tied endings and the moves to tied solved
/// positions: an unlabelled position with a move to a tie at level `l` ties
/// at `l + 1` (ties come as soon as possible); what stays unlabelled is a draw.
fn tie_levels<C: Communicator, I: Index>(
    ex: &mut Exchanger<'_, C, I>,
    partition: &RankPartition,
    lists: &Lists<I>,
    state: &mut State<I>,
    solved: &SolvedMoves,
    meter: &WorkMeter,
) -> Result<()> {
    state.wins = 0;
    state.losses = 0;
    for u in 0..state.code.len() {
        if state.code[u] == TIE {
            state.push_win(u);
        }
    }
    let mut head = 0usize;
    let mut next_tie = 0usize;
    let mut level = 0u64;
    loop {
        let local = if head < state.wins {
            level
        } else {
            next_event(&solved.tie, next_tie)
        };
        let Some(r) = next_level(ex.comm(), local)? else {
            return Ok(());
        };
        let labelled = r + 1;
        let end = state.wins;
        let frontier = state.slots[head..end].iter().map(|u| u.get() as usize);
        charge_level(ex.comm(), lists, frontier, meter)?;
        while let Some(&(_, u)) = solved.tie.get(next_tie).filter(|e| e.0 <= r) {
            state.tied_successor(u as usize, labelled);
            next_tie += 1;
        }
        let start = head;
        notify(
            ex,
            partition,
            lists,
            state,
            |s, i| s.slots[start + i].get() as usize,
            end - head,
            |s, u| s.tied_successor(u, labelled),
        );
        head = end;
        level = u64::from(labelled);
    }
}

fn nondeterministic(position: u64) -> Error {
    Error::InvalidParameter {
        name: "successors",
        reason: format!(
            "the move generator returned different moves for position {position} \
             on its second call; it must be deterministic"
        ),
    }
}

fn too_many_moves_from(position: u64) -> Error {
    Error::InvalidParameter {
        name: "successors",
        reason: format!("position {position} has more than {} moves", u32::MAX),
    }
}
