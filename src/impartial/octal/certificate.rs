//! Periodicity certificates for octal games, proved with the octal periodicity
//! theorem of Guy and Smith.
//!
//! **Theorem.** Let an octal game have a finite code whose last non-zero digit
//! is `d_t` (no move removes more than `t` tokens). If `G(n + p) = G(n)` for
//! every `n` with `n0 <= n < 2·n0 + p + t`, then `G(n + p) = G(n)` for every
//! `n >= n0`. (The proof, by induction on `n`, also covers `4.` codes: a split
//! of `n + p - k` has a part of at least `n0 + p`, which can be shifted down by
//! `p`.) Checking the range compares `G(n)` with `G(n + p)`, so it needs the
//! values `G(0 .. 2·n0 + 2p + t)`.

use super::sequence::{SparseGrundy, ValueSlice, naming_the_goal};
use super::table::GrundyTable;
use crate::budget::filled_vec;
use crate::impartial::octal::TakeAndBreak;
use crate::{Budget, Error, Nimber, Result};

/// A proof that a Grundy sequence is periodic from `preperiod` on with `period`.
///
/// Inspectable: the values of one preperiod and one period, and the range that
/// was checked against the theorem's bound.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::TakeAndBreak;
/// use stonegame::impartial::octal::find_period_certificate;
/// use stonegame::Budget;
///
/// let kayles = find_period_certificate(&TakeAndBreak::kayles(), 10_000, Budget::default())?
///     .expect("Kayles is periodic");
/// assert_eq!((kayles.preperiod(), kayles.period()), (71, 12));
/// assert_eq!(kayles.bound(), 2 * 71 + 12 + 2);
/// // 10^18 is 4 modulo 12, in the periodic part: the value of heap 16.
/// assert_eq!(kayles.grundy(1_000_000_000_000_000_000), kayles.grundy(16));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodCertificate {
    preperiod: u64,
    period: u64,
    max_take: u64,
    checked_len: u64,
    values: Vec<u32>,
}

impl PeriodCertificate {
    /// The first heap from which the sequence repeats (`n0`).
    ///
    /// # Example
    /// ```
    /// let values = [1, 0, 0, 0, 0, 0, 0, 0];
    /// let c = stonegame::impartial::octal::certify_values(&values, 1).unwrap();
    /// assert_eq!(c.preperiod(), 1);
    /// ```
    pub fn preperiod(&self) -> u64 {
        self.preperiod
    }

    /// The smallest period `p`.
    ///
    /// # Example
    /// ```
    /// let values = [0, 1, 0, 1, 0, 1, 0, 1];
    /// let c = stonegame::impartial::octal::certify_values(&values, 1).unwrap();
    /// assert_eq!(c.period(), 2);
    /// ```
    pub fn period(&self) -> u64 {
        self.period
    }

    /// `t`: the most tokens one move removes.
    ///
    /// # Example
    /// ```
    /// let c = stonegame::impartial::octal::certify_values(&[0, 1, 0, 1, 0, 1, 0, 1], 1).unwrap();
    /// assert_eq!(c.max_take(), 1);
    /// ```
    pub fn max_take(&self) -> u64 {
        self.max_take
    }

    /// The theorem's bound `2·n0 + p + t`: `G(n + p) = G(n)` was checked for
    /// every `n0 <= n < bound`.
    ///
    /// # Example
    /// ```
    /// let c = stonegame::impartial::octal::certify_values(&[0, 1, 0, 1, 0, 1, 0, 1], 1).unwrap();
    /// assert_eq!(c.bound(), 2 * 0 + 2 + 1);
    /// ```
    pub fn bound(&self) -> u64 {
        2 * self.preperiod + self.period + self.max_take
    }

    /// How many values `G(0..checked_len)` the sequence was computed and compared
    /// on (at least `bound() + period()`).
    ///
    /// # Example
    /// ```
    /// let c = stonegame::impartial::octal::certify_values(&[0, 1, 0, 1, 0, 1, 0, 1], 1).unwrap();
    /// assert_eq!(c.checked_len(), 8);
    /// ```
    pub fn checked_len(&self) -> u64 {
        self.checked_len
    }

    /// `G(0..preperiod + period)`: everything needed to answer any heap.
    ///
    /// # Example
    /// ```
    /// let c = stonegame::impartial::octal::certify_values(&[0, 1, 0, 1, 0, 1, 0, 1], 1).unwrap();
    /// assert_eq!(c.values(), [0, 1]);
    /// ```
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// `G(heap)` for any heap size.
    ///
    /// # Example
    /// ```
    /// let c = stonegame::impartial::octal::certify_values(&[0, 1, 0, 1, 0, 1, 0, 1], 1).unwrap();
    /// assert_eq!(c.grundy(u64::MAX).0, 1);
    /// ```
    pub fn grundy(&self, heap: u64) -> Nimber {
        let index = if heap < self.preperiod + self.period {
            heap
        } else {
            self.preperiod + (heap - self.preperiod) % self.period
        };
        Nimber(u64::from(self.values[index as usize]))
    }
}

/// Longest common prefix of `s` and `s[p..]` for every `p < limit` (the
/// Z-function), in `O(len)`, of the sequence `s(i)` of length `len`. Each
/// entry uses only entries before it, so a prefix of the table can be
/// computed alone. The sequence is read through an accessor so that the
/// reversed values need no copy, and lengths are `u32` (sequences are at most
/// [`super::MAX_SEQUENCE_HEAP`] long): a reversed copy and `usize` tables
/// would take five times the memory. With a `budget` (a period search over
/// values it computed) the table is allocated fallibly; without one (values
/// a caller already holds, twice the table's size) as any vector.
fn z_function(
    len: usize,
    limit: usize,
    s: impl Fn(usize) -> u32,
    budget: Option<Budget>,
) -> Result<Vec<u32>> {
    let limit = limit.min(len);
    let mut z = match budget {
        Some(budget) => filled_vec(limit, 0u32, "period search", budget)?,
        None => vec![0u32; limit],
    };
    if limit == 0 {
        return Ok(z);
    }
    z[0] = len as u32;
    let (mut left, mut right) = (0usize, 0usize);
    for i in 1..limit {
        let mut length = if i < right {
            (z[i - left] as usize).min(right - i)
        } else {
            0
        };
        while i + length < len && s(length) == s(i + length) {
            length += 1;
        }
        z[i] = length as u32;
        if i + length > right {
            left = i;
            right = i + length;
        }
    }
    Ok(z)
}

/// For every period `p <= len / 2` (a longer one cannot be seen twice), the
/// smallest `n0(p)` with `G(n + p) = G(n)` for all `n0(p) <= n < len - p`,
/// read off the Z-function of the reversed sequence (overwritten in place:
/// one `u32` table of half the values' length in all, 2 bytes a value; the
/// values are read in their cells, never copied).
fn preperiods<T: Copy + Into<u32>>(values: &[T], budget: Option<Budget>) -> Result<Vec<u32>> {
    let len = values.len();
    let mut starts = z_function(len, len / 2 + 1, |i| values[len - 1 - i].into(), budget)?;
    for (p, start) in starts.iter_mut().enumerate() {
        *start = if p == 0 {
            0
        } else {
            (len - p - *start as usize) as u32
        };
    }
    Ok(starts)
}

/// The smallest period (and its preperiod) that the values `G(0..values.len())`
/// prove by the octal periodicity theorem for a game removing at most
/// `max_take` tokens a move; `None` if the values do not reach the bound for
/// any period.
///
/// The smallest certified period is the true smallest period of the infinite
/// sequence, and its preperiod is the true preperiod: every certified period is
/// a true period, so the minimal one divides it and is certified too.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::certify_values;
/// // 3 is an exception; afterwards 1, 2 repeat.
/// let values = [3, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2];
/// let c = certify_values(&values, 1).unwrap();
/// assert_eq!((c.preperiod(), c.period()), (1, 2));
/// assert!(certify_values(&values[..5], 1).is_none());
/// ```
pub fn certify_values(values: &[u32], max_take: u64) -> Option<PeriodCertificate> {
    // Without a budget the search cannot fail.
    let candidate = best_candidate(values, max_take, None).ok()?;
    certificate_of(values, max_take, candidate)
}

/// The certificate of `candidate` when `values` reach what its proof needs.
fn certificate_of<T: Copy + Into<u32>>(
    values: &[T],
    max_take: u64,
    candidate: Option<(u64, u64, u64)>,
) -> Option<PeriodCertificate> {
    candidate
        .filter(|&(_, _, needed)| needed <= values.len() as u64)
        .map(|(preperiod, period, _)| PeriodCertificate {
            preperiod,
            period,
            max_take,
            checked_len: values.len() as u64,
            values: values[..(preperiod + period) as usize]
                .iter()
                .map(|&v| v.into())
                .collect(),
        })
}

/// The best plausible period (seen at least twice in a row at the end):
/// `(n0, p, values needed)`. When some candidate is proved by the values, the
/// smallest proved period (the true one, see [`certify_values`]); otherwise
/// the candidate whose proof needs the fewest values, so a short period that
/// merely happens to repeat at the end of the values (its proof needs about
/// twice as many) does not outrank one about to be proved.
fn best_candidate<T: Copy + Into<u32>>(
    values: &[T],
    max_take: u64,
    budget: Option<Budget>,
) -> Result<Option<(u64, u64, u64)>> {
    let len = values.len();
    let starts = preperiods(values, budget)?;
    Ok((1..starts.len())
        .filter(|&p| len - starts[p] as usize >= 2 * p)
        .map(|p| {
            let n0 = u64::from(starts[p]);
            let p = p as u64;
            (n0, p, (2 * n0 + 2 * p).saturating_add(max_take))
        })
        .min_by_key(|&(n0, p, needed)| {
            if needed <= len as u64 {
                (false, p, n0)
            } else {
                (true, needed, p)
            }
        }))
}

/// Computes the Grundy sequence of a finite octal code until the periodicity
/// theorem proves a period, or `max_len` values have been computed.
///
/// Returns the values computed and the certificate, if any. The values are
/// computed with the sparse-space solver in growing stages; after each, the
/// best candidate period decides how far the next stage goes.
///
/// # Errors
/// [`Error::InvalidParameter`] when the game has no bound on the tokens a move
/// removes (a repeating code, or Grundy's game: the theorem does not apply);
/// the errors of [`SparseGrundy::extend_to`].
///
/// # Example
/// ```
/// use stonegame::impartial::octal::TakeAndBreak;
/// use stonegame::impartial::octal::find_period_certificate;
///
/// let game = TakeAndBreak::octal("0.137")?;
/// let c = find_period_certificate(&game, 1 << 16, stonegame::Budget::default())?.unwrap();
/// assert_eq!((c.preperiod(), c.period()), (52, 34));
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn find_period_certificate(
    game: &TakeAndBreak,
    max_len: u64,
    budget: Budget,
) -> Result<Option<PeriodCertificate>> {
    let mut solver = SparseGrundy::new(game.clone());
    certify_with(&mut solver, max_len, budget)
}

impl SparseGrundy {
    /// As [`find_period_certificate`], extending this solver: its values up to
    /// where the proof (or the search) stopped stay available.
    ///
    /// # Errors
    /// As [`find_period_certificate`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
    /// let mut solver = SparseGrundy::new(TakeAndBreak::kayles());
    /// let c = solver.certify_period(10_000, stonegame::Budget::default())?.unwrap();
    /// assert_eq!((c.preperiod(), c.period()), (71, 12));
    /// assert!(solver.len() as u64 >= c.bound() + c.period());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn certify_period(
        &mut self,
        max_len: u64,
        budget: Budget,
    ) -> Result<Option<PeriodCertificate>> {
        certify_with(self, max_len, budget)
    }
}

/// As [`find_period_certificate`], extending an existing solver (whose values
/// are kept for reuse).
pub(crate) fn certify_with<S: GrundyTable>(
    solver: &mut S,
    max_len: u64,
    budget: Budget,
) -> Result<Option<PeriodCertificate>> {
    certify_looking(solver, max_len, budget, &mut || Ok(()))
}

/// Values a stage of [`certify_looking`] computes between two looks: the
/// chunk of a [`super::SequenceRun`], so a caller that polls for an
/// interruption (Python's Ctrl-C) waits no longer than a run does.
const LOOK_EVERY: u64 = 1 << 14;

/// As [`certify_with`], calling `look` every [`LOOK_EVERY`] values (an error
/// it returns stops the search). The values are extended in those chunks
/// whoever calls, so every caller computes them the same way.
pub(crate) fn certify_looking<S: GrundyTable>(
    solver: &mut S,
    max_len: u64,
    budget: Budget,
    look: &mut dyn FnMut() -> Result<()>,
) -> Result<Option<PeriodCertificate>> {
    let max_take = solver
        .game()
        .max_take()
        .ok_or_else(|| Error::InvalidParameter {
            name: "game",
            reason: format!(
                "{} removes unboundedly many tokens a move; the octal periodicity theorem \
             needs a finite code",
                solver.game()
            ),
        })?;
    let max_len = max_len.max(1);
    let mut target = (solver.len() as u64).clamp(256.min(max_len), max_len);
    loop {
        while (solver.len() as u64) < target {
            let next = ((solver.len() as u64 / LOOK_EVERY + 1) * LOOK_EVERY).min(target);
            solver
                .extend_to(next - 1, budget)
                .map_err(|error| naming_the_goal(error, next - 1, max_len - 1))?;
            look()?;
        }
        let len = solver.len() as u64;
        // One candidate search a stage: it holds a `u32` for every other value
        // (2 bytes a value), besides the values in their cells.
        let cell: u128 = match solver.value_slice() {
            ValueSlice::Narrow(_) => 1,
            ValueSlice::Wide(_) => 2,
            ValueSlice::Full(_) => 4,
        };
        let table = (u128::from(len) / 2 + 1) * 4;
        budget.check_bytes(u128::from(len) * cell + table, "period search")?;
        let (candidate, certificate) = match solver.value_slice() {
            ValueSlice::Narrow(values) => stage(values, max_take, budget)?,
            ValueSlice::Wide(values) => stage(values, max_take, budget)?,
            ValueSlice::Full(values) => stage(values, max_take, budget)?,
        };
        if let Some(certificate) = certificate {
            return Ok(Some(certificate));
        }
        if len >= max_len {
            return Ok(None);
        }
        let suggested = candidate.map_or(2 * len, |(_, _, needed)| needed);
        target = suggested.clamp(len + len / 8 + 1, 2 * len).min(max_len);
    }
}

/// One stage of the period search on the values in their cells: the best
/// candidate, and its certificate when the values prove it.
/// A candidate period: `(n0, p, values needed)` (see `best_candidate`).
type Candidate = (u64, u64, u64);

fn stage<T: Copy + Into<u32>>(
    values: &[T],
    max_take: u64,
    budget: Budget,
) -> Result<(Option<Candidate>, Option<PeriodCertificate>)> {
    let candidate = best_candidate(values, max_take, Some(budget))?;
    Ok((candidate, certificate_of(values, max_take, candidate)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_function_matches_naive() {
        let s = [1, 2, 1, 2, 1, 3, 1, 2];
        let z = z_function(s.len(), s.len(), |i| s[i], None).unwrap();
        assert_eq!(z_function(s.len(), 3, |i| s[i], None).unwrap()[..], z[..3]);
        for p in 1..s.len() {
            let naive = (0..s.len() - p).take_while(|&i| s[i] == s[i + p]).count();
            assert_eq!(z[p] as usize, naive);
        }
    }

    #[test]
    fn a_short_period_repeating_at_the_end_does_not_outrank_the_real_one() {
        // Ten exceptional values, then period 6 (1 1 2 3 4 5) twice and the
        // start of a third: the last two values repeat (period 1, needing
        // about twice the values to prove) but period 6 needs 2·10 + 12 + 1.
        let mut values: Vec<u32> = (100..110).collect();
        for _ in 0..2 {
            values.extend([1, 1, 2, 3, 4, 5]);
        }
        values.extend([1, 1]);
        assert_eq!(values.len(), 24);
        assert_eq!(best_candidate(&values, 1, None).unwrap(), Some((10, 6, 33)));
        assert!(certify_values(&values, 1).is_none());
        // Once enough values are there, the smallest proved period wins.
        let mut longer: Vec<u32> = (100..110).collect();
        for _ in 0..5 {
            longer.extend([1, 1, 2, 3, 4, 5]);
        }
        let c = certify_values(&longer, 1).unwrap();
        assert_eq!((c.preperiod(), c.period()), (10, 6));
    }

    proptest::proptest! {
        #[test]
        fn preperiods_and_certificates_match_naive(
            values in proptest::collection::vec(0u32..3, 0..80),
            max_take in 1u64..4,
        ) {
            let len = values.len();
            let starts = preperiods(&values, None).unwrap();
            let naive_start = |p: usize| {
                (0..=len - p)
                    .find(|&n0| (n0..len - p).all(|n| values[n] == values[n + p]))
                    .unwrap_or(len - p)
            };
            for (p, &start) in starts.iter().enumerate().skip(1) {
                proptest::prop_assert_eq!(start as usize, naive_start(p));
            }
            // A certificate is the smallest period whose theorem bound the values reach.
            let naive = (1..len).find_map(|p| {
                let n0 = naive_start(p);
                let proved = len >= 2 * p + n0 && (2 * n0 + 2 * p) as u64 + max_take <= len as u64;
                proved.then_some((n0 as u64, p as u64))
            });
            let found = certify_values(&values, max_take).map(|c| (c.preperiod(), c.period()));
            proptest::prop_assert_eq!(found, naive);
        }
    }

    #[test]
    fn preperiods_match_naive() {
        let s: [u32; 11] = [5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0];
        let starts = preperiods(&s, None).unwrap();
        assert_eq!(starts.len(), s.len() / 2 + 1);
        for p in 1..starts.len() {
            let naive = (0..=s.len() - p)
                .find(|&n0| (n0..s.len() - p).all(|n| s[n] == s[n + p]))
                .unwrap();
            assert_eq!(starts[p] as usize, naive, "p = {p}");
        }
    }
}
