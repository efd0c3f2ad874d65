//! Bulk exchange between ranks: records staged by destination, sent in one
//! all-to-all per round, with a fixed number of records per rank per round
//! so that every buffer is sized (and checked against the budget) up front.

use ::mpi::Count;
use ::mpi::collective::SystemOperation;
use ::mpi::datatype::{Partition, PartitionMut};
use ::mpi::traits::{Communicator, CommunicatorCollectives, Equivalence};

use crate::budget::vec_with_capacity;
use crate::{Budget, Error, Result};

use super::ExchangeStats;

/// A position index on the wire and in the predecessor lists: `u32` when
/// every position index fits, `u64` otherwise.
pub(crate) trait Index: Equivalence + Copy + Default + Send + Sync + 'static {
    /// Bytes of one index.
    const BYTES: usize;
    /// `x`, which the caller knows fits.
    fn from_u64(x: u64) -> Self;
    /// The index as a `u64`.
    fn get(self) -> u64;
}

impl Index for u32 {
    const BYTES: usize = 4;
    fn from_u64(x: u64) -> Self {
        x as u32
    }
    fn get(self) -> u64 {
        u64::from(self)
    }
}

impl Index for u64 {
    const BYTES: usize = 8;
    fn from_u64(x: u64) -> Self {
        x
    }
    fn get(self) -> u64 {
        self
    }
}

/// Records per rank per round for `exchange_bytes` of buffers on each rank
/// (staging, send and a receive buffer that can take a full round from
/// every rank), at least one.
pub(crate) fn records_per_round(exchange_bytes: u128, ranks: usize, record_bytes: usize) -> usize {
    let per_record = (4 + record_bytes * (ranks + 2)) as u128;
    // MPI counts are `int`, and the counts sent ahead of a round carry a
    // flag in their low bit: a round must stay below 2^30 elements.
    let count_limit = ((i32::MAX / 2) as usize / (ranks * record_bytes.max(1))).max(1);
    ((exchange_bytes / per_record).max(1) as usize).min(count_limit)
}

/// Bytes [`Exchanger::new`] allocates for that many records per round.
pub(crate) fn exchanger_bytes(records: usize, ranks: usize, record_bytes: usize) -> u128 {
    records as u128 * (4 + record_bytes * (ranks + 2)) as u128
}

/// One phase's exchange: records of `width` indices each, staged by
/// destination rank, then sent to their ranks in one all-to-all per round.
pub(crate) struct Exchanger<'c, C, I> {
    comm: &'c C,
    rank: usize,
    width: usize,
    limit: usize,
    dest: Vec<u32>,
    staged: Vec<I>,
    send: Vec<I>,
    recv: Vec<I>,
    send_counts: Vec<Count>,
    send_displs: Vec<Count>,
    recv_counts: Vec<Count>,
    recv_displs: Vec<Count>,
    stats: &'c mut ExchangeStats,
}

impl<'c, C: Communicator, I: Index> Exchanger<'c, C, I> {
    /// Buffers for `limit` records of `width` indices per round (the
    /// caller checked [`exchanger_bytes`] against the budget). Not
    /// collective: a refusal of the allocator is returned to the caller,
    /// which [`agree`]s on it with the other ranks.
    pub(crate) fn new(
        comm: &'c C,
        width: usize,
        limit: usize,
        stats: &'c mut ExchangeStats,
    ) -> Result<Self> {
        const WHAT: &str = "distributed exchange buffers";
        let room = Budget::unlimited();
        let ranks = comm.size() as usize;
        let records = limit.saturating_mul(width);
        Ok(Self {
            comm,
            rank: comm.rank() as usize,
            width,
            limit,
            dest: vec_with_capacity(limit, WHAT, room)?,
            staged: vec_with_capacity(records, WHAT, room)?,
            send: vec_with_capacity(records, WHAT, room)?,
            recv: vec_with_capacity(records.saturating_mul(ranks), WHAT, room)?,
            send_counts: vec![0; ranks],
            send_displs: vec![0; ranks],
            recv_counts: vec![0; ranks],
            recv_displs: vec![0; ranks],
            stats,
        })
    }

    /// Whether this round's staging is full.
    pub(crate) fn is_full(&self) -> bool {
        self.dest.len() >= self.limit
    }

    /// Stages one record for rank `to`.
    pub(crate) fn stage(&mut self, to: usize, record: &[I]) {
        debug_assert_eq!(record.len(), self.width);
        self.dest.push(to as u32);
        self.staged.extend_from_slice(record);
    }

    /// Sends every staged record to its rank and keeps the records this
    /// rank receives (from every rank, itself included, by rank order) for
    /// [`Exchanger::received`]. `more` says this rank has records left for
    /// another round; returns whether any rank has. Collective: every rank
    /// calls it until it returns `false`.
    pub(crate) fn round(&mut self, more: bool) -> bool {
        let width = self.width;
        self.send_counts.iter_mut().for_each(|c| *c = 0);
        for &d in &self.dest {
            self.send_counts[d as usize] += width as Count;
        }
        let mut at = 0;
        for (displ, &count) in self.send_displs.iter_mut().zip(&self.send_counts) {
            *displ = at;
            at += count;
        }
        // A counting sort by destination into the send buffer.
        self.send.clear();
        self.send.resize(self.staged.len(), I::default());
        let mut fill = self.send_displs.clone();
        for (k, &d) in self.dest.iter().enumerate() {
            let slot = &mut fill[d as usize];
            let start = *slot as usize;
            self.send[start..start + width].copy_from_slice(&self.staged[k * width..][..width]);
            *slot += width as Count;
        }
        // Every rank sends every rank its count, so a flag in the low bit
        // tells all of them whether any rank needs another round, without
        // a reduction of its own.
        let flagged: Vec<Count> = self
            .send_counts
            .iter()
            .map(|&c| c << 1 | Count::from(more))
            .collect();
        self.comm
            .all_to_all_into(&flagged[..], &mut self.recv_counts[..]);
        let any_more = self.recv_counts.iter().any(|&c| c & 1 == 1);
        let mut total = 0;
        for (displ, count) in self.recv_displs.iter_mut().zip(self.recv_counts.iter_mut()) {
            *count >>= 1;
            *displ = total;
            total += *count;
        }
        self.recv.clear();
        self.recv.resize(total as usize, I::default());
        {
            let send = Partition::new(&self.send[..], &self.send_counts[..], &self.send_displs[..]);
            let mut recv = PartitionMut::new(
                &mut self.recv[..],
                &self.recv_counts[..],
                &self.recv_displs[..],
            );
            self.comm.all_to_all_varcount_into(&send, &mut recv);
        }
        let remote: u64 = self
            .send_counts
            .iter()
            .enumerate()
            .filter(|&(to, _)| to != self.rank)
            .map(|(_, &c)| c as u64 * I::BYTES as u64)
            .sum();
        self.stats.record_round(remote);
        self.dest.clear();
        self.staged.clear();
        any_more
    }

    /// The records received in the last round.
    pub(crate) fn received(&self) -> &[I] {
        &self.recv
    }

    /// The communicator.
    pub(crate) fn comm(&self) -> &'c C {
        self.comm
    }
}

/// The smallest of every rank's `value` (collective).
pub(crate) fn min_over_ranks<C: Communicator>(comm: &C, value: u64) -> u64 {
    let mut all = 0u64;
    comm.all_reduce_into(&value, &mut all, SystemOperation::min());
    all
}

/// The largest of every rank's `value` (collective).
pub(crate) fn max_over_ranks<C: Communicator>(comm: &C, value: u64) -> u64 {
    let mut all = 0u64;
    comm.all_reduce_into(&value, &mut all, SystemOperation::max());
    all
}

/// The sum of every rank's `values`, element by element (collective).
pub(crate) fn sum_over_ranks<C: Communicator>(comm: &C, values: &[u64]) -> Vec<u64> {
    let mut all = vec![0u64; values.len()];
    comm.all_reduce_into(values, &mut all[..], SystemOperation::sum());
    all
}

/// Makes every rank stop together: `Ok` on every rank only if every rank
/// passes `Ok`; a failing rank keeps its own error, the others get
/// [`Error::RankFailed`] (collective).
pub(crate) fn agree<C: Communicator, T>(comm: &C, local: Result<T>) -> Result<T> {
    let mine = if local.is_err() {
        comm.rank() as u64 + 1
    } else {
        0
    };
    let failed = max_over_ranks(comm, mine);
    match local {
        Err(error) => Err(error),
        Ok(_) if failed != 0 => Err(Error::RankFailed {
            rank: (failed - 1) as u32,
        }),
        Ok(value) => Ok(value),
    }
}
