//! Subtraction sequences with a few huge moves, stored as periodic runs.
//!
//! A subtraction set such as `{1, 2, k}` (Codeforces 1194D "1-2-K Game") or
//! `{2, 3, …, 1000, 10^8}` has a window of `max(S)` values, so the plain
//! period search ([`super::periodic::WindowRecurrence`]) needs memory and
//! time in proportion to the largest move. Here the sequence is computed as
//! a list of *runs*: stretches `[start, end)` on which it repeats one short
//! pattern. The moves are split at their widest ratio gap into small ones
//! (at most `window`) and large ones. A *round* starting at the end `n` of
//! the known runs computes values one by one, reading small moves from its
//! own buffer and large moves from the runs, until the state (the last
//! `window` values and the phase of the large moves' runs) repeats at `y2`
//! after having been seen at `y1 = y2 - C`. Then the sequence is
//! `C`-periodic from `y1 - window` for as long as every large move `s` reads
//! a `C`-periodic stretch starting at `y1 - s`, which is measured on the runs
//! (the extension lemma, proved in the [impartial guide](crate::guide::impartial)):
//!
//! > if the values on `[y1 - w, y2)` are true values and `C`-periodic
//! > (`w = window`, `C = y2 - y1`), and for each large move `s` the sequence
//! > `H` (true values below the round, the claimed `C`-periodic values from
//! > `y1 - w` on, "no move" below 0) satisfies `H(x) = H(x + C)` for `x` in
//! > `[y1 - s, y1 - s + E)`, then the true sequence is `C`-periodic on
//! > `[y1 - w, y2 + E)`.
//!
//! A large move only shifts the runs it reads, so a round covers up to the
//! next place where a shifted run ends, and the number of rounds grows with
//! the number of runs, not with `max(S)`. Once the sequence repeats as a
//! whole, rounds stop: at each round start `n >= max(S)` the window
//! `[n - max(S), n)` is fingerprinted from the runs (a polynomial hash,
//! computed per run with geometric sums) and compared exactly, run by run,
//! with an earlier round start of the same fingerprint; two equal windows are
//! the crate's usual certificate that everything after them repeats.
//!
//! Comparisons of two stretches walk the runs: inside one run on each side,
//! with periods `p` and `q`, agreeing on `p + q` consecutive values implies
//! agreeing on the whole stretch (Fine and Wilf's theorem), so a comparison
//! costs the number of runs it crosses times the run periods.

use crate::budget::{allocation_refused, try_reserve};
use crate::impartial::periodic::{HASH_BASE, HASH_MODULUS, add_mod, mul_mod, pow_mod};
use crate::{Budget, Error, Result};
use std::collections::HashMap;

/// The value read at a negative position: the move does not fit.
const ABSENT: u32 = u32::MAX;
/// The end of a run that goes on for ever (far above any `u64` heap, and
/// far enough below `i128::MAX` that sums of positions do not overflow).
const FOREVER: i128 = 1 << 100;
/// Elementary steps (one option read) a query may take, unless the budget
/// sets a work cap: about a second; `Subtraction` then falls back to the
/// window search.
const DEFAULT_WORK: u64 = 200_000_000;
/// Work charged per computed value besides its option reads: hashing the
/// state and finding the runs cost about as much as this many reads.
const STEP_OVERHEAD: u64 = 64;
/// Work charged per round besides its values (fingerprints by long powers).
const ROUND_OVERHEAD: u64 = 2048;
/// Moves whose gap to the next larger move is below this ratio stay small.
const SPLIT_RATIO: u64 = 4;
/// Bytes charged per computed value of a round (the value, and its state in
/// the cycle table with room to grow).
const BYTES_PER_ROUND_VALUE: u128 = 64;
/// Bytes charged per run besides its pattern.
const BYTES_PER_RUN: u128 = 96;
/// What the round buffers and the cycle table are called in errors.
const ROUND_VALUES: &str = "run search of a subtraction sequence";
/// What the runs are called in errors.
const RUNS: &str = "runs of a subtraction sequence";
/// Largest phase modulus the cycle search tracks (a heuristic only: the
/// certificate does not rely on it).
const MAX_PHASE: u64 = 1 << 16;

/// How a value follows from the values of the options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RunRule {
    /// The Grundy value: the least value not among the options.
    Mex,
    /// Single-heap misère outcome: 1 (the player to move wins) when there is
    /// no move or some option is 0 (a loss), else 0.
    MisereWin,
}

/// A stretch `[start, end)` on which the value at `x` is
/// `pattern[(x - start) % pattern.len()]`.
#[derive(Debug, Clone)]
struct Run {
    start: i128,
    end: i128,
    pattern: Vec<u32>,
    /// `prefix[r]`: hash of the first `r` values of the pattern.
    prefix: Vec<u64>,
    /// Hash of all values before `start`.
    hash_before: u64,
}

impl Run {
    fn new(start: i128, pattern: Vec<u32>, hash_before: u64) -> Self {
        let mut prefix = Vec::with_capacity(pattern.len() + 1);
        prefix.push(0);
        let mut hash = 0;
        for &v in &pattern {
            hash = add_mod(mul_mod(hash, HASH_BASE), u64::from(v) + 1);
            prefix.push(hash);
        }
        Self {
            start,
            end: FOREVER,
            pattern,
            prefix,
            hash_before,
        }
    }

    fn period(&self) -> i128 {
        self.pattern.len() as i128
    }

    fn at(&self, x: i128) -> u32 {
        self.pattern[((x - self.start) % self.period()) as usize]
    }

    /// Hash of all values before `x`, for `start <= x <= end`.
    fn hash_through(&self, x: i128) -> u64 {
        let j = (x - self.start) as u128;
        let q = self.pattern.len() as u128;
        let (laps, rest) = (j / q, (j % q) as usize);
        let laps_hash = mul_mod(self.prefix[q as usize], geometric(base_power(q), laps));
        let inside = add_mod(
            mul_mod(laps_hash, base_power(rest as u128)),
            self.prefix[rest],
        );
        add_mod(mul_mod(self.hash_before, base_power(j)), inside)
    }
}

/// `HASH_BASE^exponent` for any exponent (Fermat: the base's order divides
/// the prime minus one).
fn base_power(exponent: u128) -> u64 {
    pow_mod(HASH_BASE, (exponent % u128::from(HASH_MODULUS - 1)) as u64)
}

/// `1 + z + … + z^(count-1)` modulo the hash prime, by doubling (no inverse
/// needed, so `z = 1` is fine).
fn geometric(z: u64, count: u128) -> u64 {
    let (mut sum, mut power) = (0u64, 1u64); // sum of z^0..z^(c-1), and z^c, for c = 0
    for bit in (0..128).rev() {
        // c -> 2c
        sum = mul_mod(sum, add_mod(1, power));
        power = mul_mod(power, power);
        if count >> bit & 1 == 1 {
            // c -> c + 1
            sum = add_mod(sum, power);
            power = mul_mod(power, z);
        }
    }
    sum
}

/// The moves split at their widest ratio gap: `Some(i)` when `moves[..=i]` are
/// small and the rest at least [`SPLIT_RATIO`] times larger.
pub(crate) fn split_index(moves: &[u64]) -> Option<usize> {
    // The ratio rounded down is enough to choose a gap: only speed depends on it.
    (0..moves.len().saturating_sub(1))
        .max_by_key(|&i| (moves[i + 1] / moves[i], std::cmp::Reverse(i)))
        .filter(|&i| moves[i + 1] / moves[i] >= SPLIT_RATIO)
}

/// The values of a subtraction set's sequence (Grundy values, or single-heap
/// misère outcomes) as periodic runs; see the module documentation.
pub(crate) struct RunSequence {
    small: Vec<u64>,
    large: Vec<u64>,
    window: usize,
    max: i128,
    rule: RunRule,
    runs: Vec<Run>,
    /// Values below `known` are in `runs` (`FOREVER` once a run never ends).
    known: i128,
    /// `(base, period)`: the value at `x >= base` is the value at
    /// `base + (x - base) % period`, and `base + period <= known`.
    repeat: Option<(i128, i128)>,
    /// Window fingerprints at round starts, with the latest start of each.
    round_starts: HashMap<u64, i128>,
    stamps: Vec<u64>,
    stamp: u64,
    /// Work of the run walks not yet charged.
    walked: u64,
    bytes: u128,
    budget: Budget,
    work: u64,
    work_cap: u64,
}

impl RunSequence {
    /// The sequence of `moves` (increasing, positive) under `rule`, or `None`
    /// when the moves have no wide gap (the plain window search suits them).
    pub(crate) fn new(moves: &[u64], rule: RunRule, budget: Budget) -> Option<Self> {
        let split = split_index(moves)?;
        let window = usize::try_from(moves[split]).ok()?;
        Some(Self {
            small: moves[..=split].to_vec(),
            large: moves[split + 1..].to_vec(),
            window,
            max: i128::from(moves[moves.len() - 1]),
            rule,
            runs: vec![Run {
                start: -FOREVER,
                end: 0,
                pattern: vec![ABSENT],
                prefix: vec![0, 0],
                hash_before: 0,
            }],
            known: 0,
            repeat: None,
            round_starts: HashMap::new(),
            stamps: vec![0; moves.len() + 2],
            stamp: 0,
            walked: 0,
            bytes: 0,
            budget,
            work: 0,
            work_cap: budget.work_or(DEFAULT_WORK),
        })
    }

    /// The value at `n`.
    pub(crate) fn value(&mut self, n: u64) -> Result<u32> {
        let x = i128::from(n);
        // The work cap is per query.
        self.work = 0;
        let mut watch = None;
        loop {
            if x < self.known {
                return Ok(self.piece(x).at(x));
            }
            if let Some((base, period)) = self.repeat {
                let y = base + (x - base) % period;
                return Ok(self.piece(y).at(y));
            }
            // The watch lives for the query (the sequence stays `Sync`);
            // the query's work is shown to it once a round.
            let watch = watch.get_or_insert_with(|| {
                self.budget
                    .watch("run search of a subtraction sequence", None)
            });
            watch.poll(self.work)?;
            self.round(n)?;
        }
    }

    /// The run holding position `x < known` (the first run, "no move", holds
    /// every negative position).
    fn piece(&self, x: i128) -> &Run {
        &self.runs[self.runs.partition_point(|run| run.start <= x) - 1]
    }

    fn charge_work(&mut self, steps: u64, heap: u64) -> Result<()> {
        self.work = self.work.saturating_add(steps);
        if self.work > self.work_cap {
            return Err(Error::WorkLimitExceeded {
                what: format!("run search of the subtraction sequence (for heap {heap})"),
                steps: self.work_cap,
            });
        }
        Ok(())
    }

    fn charge_bytes(&mut self, bytes: u128, what: &'static str) -> Result<()> {
        self.bytes = self.bytes.saturating_add(bytes);
        self.budget.check_bytes(self.bytes, what)
    }

    /// The first `i < len` with `H(a + i) != H(b + i)`, if any, and the work
    /// it took; `len` may be `FOREVER`. Positions must be below `known` (or in
    /// a run without end).
    fn first_mismatch(&self, a: i128, b: i128, len: i128) -> (Option<i128>, u64) {
        let (mut i, mut cost) = (0, 0u64);
        while i < len {
            let (pa, pb) = (self.piece(a + i), self.piece(b + i));
            let span = (pa.end - (a + i)).min(pb.end - (b + i)).min(len - i);
            // Fine and Wilf: p + q agreeing values settle the whole span.
            let check = span.min(pa.period() + pb.period());
            cost = cost.saturating_add(check as u64 + STEP_OVERHEAD);
            if let Some(j) = (0..check).find(|&j| pa.at(a + i + j) != pb.at(b + i + j)) {
                return (Some(i + j), cost);
            }
            if span >= FOREVER / 2 {
                return (None, cost);
            }
            i += span;
        }
        (None, cost)
    }

    /// Hash of the values on `[0, x)`, for `0 <= x <= known < FOREVER`.
    fn hash_before(&self, x: i128) -> u64 {
        if x == 0 {
            return 0;
        }
        let index = self.runs.partition_point(|run| run.start < x) - 1;
        self.runs[index].hash_through(x)
    }

    /// At a round start: whether the window before it repeats an earlier
    /// round start's window, which proves the sequence periodic.
    fn check_repeat(&mut self, n: i128) {
        if n < self.max || n >= FOREVER {
            return;
        }
        let width = self.max;
        let before = self.hash_before(n - width);
        let through = self.hash_before(n);
        let fingerprint = add_mod(
            through,
            HASH_MODULUS - mul_mod(before, base_power(width as u128)),
        );
        // A round that failed (work or memory) is started again at the same place.
        if let Some(&earlier) = self.round_starts.get(&fingerprint).filter(|&&e| e < n) {
            let (mismatch, cost) = self.first_mismatch(earlier - width, n - width, width);
            self.walked = self.walked.saturating_add(cost);
            if mismatch.is_none() {
                // Equal windows: every later value repeats with period n - earlier.
                self.repeat = Some((earlier - width, n - earlier));
                self.round_starts = HashMap::new();
                return;
            }
        }
        // Without room the fingerprint is not kept: the search goes on, exact.
        if self.round_starts.try_reserve(1).is_ok() {
            self.round_starts.insert(fingerprint, n);
        }
    }

    /// The phase modulus of a round: the periods of the runs the large moves
    /// read (a heuristic that lets the cycle search meet states in step).
    fn phase_modulus(&self, n: i128) -> u64 {
        let mut modulus: u64 = 1;
        for &s in &self.large {
            let x = n - i128::from(s);
            let piece = self.piece(x);
            let period = piece.period();
            // A short stretch (a transient) ends soon anyway; its length is no phase.
            if piece.end - x < 2 * period {
                continue;
            }
            let lcm = lcm(modulus, period as u64);
            if lcm <= MAX_PHASE {
                modulus = lcm;
            }
        }
        modulus
    }

    /// The option values at `y` for a round starting at `n` whose values
    /// from `n - window` are in `buffer`.
    fn next_value(&mut self, y: i128, n: i128, buffer: &[u32]) -> u32 {
        let origin = n - self.window as i128;
        self.stamp += 1;
        let mut any_option = false;
        let mut zero_option = false;
        for index in 0..self.small.len() + self.large.len() {
            let s = if index < self.small.len() {
                self.small[index]
            } else {
                self.large[index - self.small.len()]
            };
            let x = y - i128::from(s);
            let v = if x >= origin {
                buffer[(x - origin) as usize]
            } else {
                self.piece(x).at(x)
            };
            if v == ABSENT {
                continue;
            }
            any_option = true;
            zero_option |= v == 0;
            if (v as usize) < self.stamps.len() {
                self.stamps[v as usize] = self.stamp;
            }
        }
        match self.rule {
            RunRule::Mex => {
                let mut mex = 0;
                while self.stamps[mex] == self.stamp {
                    mex += 1;
                }
                mex as u32
            }
            RunRule::MisereWin => u32::from(!any_option || zero_option),
        }
    }

    /// Extends the runs by one round (or proves the sequence periodic).
    fn round(&mut self, heap: u64) -> Result<()> {
        let n = self.known;
        // A round also hashes its window with long powers: a fixed charge.
        self.charge_work(ROUND_OVERHEAD, heap)?;
        self.check_repeat(n);
        let walked = std::mem::take(&mut self.walked);
        self.charge_work(walked, heap)?;
        if self.repeat.is_some() {
            return Ok(());
        }
        let w = self.window as i128;
        let origin = n - w;
        let mut buffer: Vec<u32> = Vec::new();
        try_reserve(&mut buffer, self.window, ROUND_VALUES, self.budget)?;
        for x in origin..n {
            buffer.push(self.piece(x).at(x));
        }
        let phase_modulus = self.phase_modulus(n);
        let base_to_window = base_power(self.window as u128);
        let mut hash = buffer
            .iter()
            .fold(0, |h, &v| add_mod(mul_mod(h, HASH_BASE), encode(v)));
        let mut seen: HashMap<(u64, u64), i128> = HashMap::new();
        seen.insert((hash, 0), n);
        let options = (self.small.len() + self.large.len()) as u64;
        let mut round_bytes = 0u128;
        let (y1, y2) = loop {
            let y = origin + buffer.len() as i128;
            self.charge_work(options + STEP_OVERHEAD, heap)?;
            round_bytes += BYTES_PER_ROUND_VALUE;
            self.budget
                .check_bytes(self.bytes.saturating_add(round_bytes), ROUND_VALUES)?;
            let value = self.next_value(y, n, &buffer);
            try_reserve(&mut buffer, 1, ROUND_VALUES, self.budget)?;
            buffer.push(value);
            let leaving = buffer[buffer.len() - 1 - self.window];
            hash = add_mod(mul_mod(hash, HASH_BASE), encode(value));
            hash = add_mod(
                hash,
                HASH_MODULUS - mul_mod(encode(leaving), base_to_window),
            );
            let next = y + 1;
            let phase = ((next - n) % i128::from(phase_modulus)) as u64;
            if seen.try_reserve(1).is_err() {
                return Err(allocation_refused(
                    seen.len(),
                    1,
                    32,
                    ROUND_VALUES,
                    self.budget,
                ));
            }
            match seen.insert((hash, phase), next) {
                Some(earlier) if self.same_window(&buffer, origin, earlier, next) => {
                    break (earlier, next);
                }
                _ => {}
            }
        };
        self.close_round(n, y1, y2, &buffer)?;
        let walked = std::mem::take(&mut self.walked);
        self.charge_work(walked, heap)
    }

    fn same_window(&self, buffer: &[u32], origin: i128, a: i128, b: i128) -> bool {
        let (a, b, w) = ((a - origin) as usize, (b - origin) as usize, self.window);
        buffer[a - w..a] == buffer[b - w..b]
    }

    /// Stores a round's values as runs: `[n, a)` as computed, then the
    /// `C`-periodic run from `a = max(n, y1 - window)` as far as the
    /// extension lemma proves it.
    fn close_round(&mut self, n: i128, y1: i128, y2: i128, buffer: &[u32]) -> Result<()> {
        let w = self.window as i128;
        let origin = n - w;
        let cycle = y2 - y1;
        let a = n.max(y1 - w);
        if a > n {
            let transient = buffer[(n - origin) as usize..(a - origin) as usize].to_vec();
            self.push_run(n, transient)?;
            self.set_last_end(a);
        }
        let from = (a - origin) as usize;
        let pattern = least_period(&buffer[from..from + cycle as usize]);
        self.push_run(a, pattern)?;
        // The run goes on for ever while the lemma's stretches are measured.
        let mut extent = FOREVER;
        for index in 0..self.large.len() {
            let s = i128::from(self.large[index]);
            let (mismatch, cost) = self.first_mismatch(y1 - s, y1 - s + cycle, extent);
            self.walked = self.walked.saturating_add(cost);
            if let Some(e) = mismatch {
                extent = extent.min(e);
            }
        }
        let end = if extent >= FOREVER {
            FOREVER
        } else {
            y2 + extent
        };
        self.set_last_end(end);
        Ok(())
    }

    fn push_run(&mut self, start: i128, pattern: Vec<u32>) -> Result<()> {
        let bytes = BYTES_PER_RUN + 12 * pattern.len() as u128;
        self.charge_bytes(bytes, RUNS)?;
        let hash_before = self.hash_before(start);
        try_reserve(&mut self.runs, 1, RUNS, self.budget)?;
        self.runs.push(Run::new(start, pattern, hash_before));
        self.known = FOREVER;
        Ok(())
    }

    fn set_last_end(&mut self, end: i128) {
        if let Some(last) = self.runs.last_mut() {
            last.end = end;
        }
        self.known = end;
    }
}

fn encode(v: u32) -> u64 {
    if v == ABSENT { 0 } else { u64::from(v) + 1 }
}

/// The shortest prefix of `cycle` whose repetition is `cycle`.
fn least_period(cycle: &[u32]) -> Vec<u32> {
    let len = cycle.len();
    let period = (1..=len)
        .filter(|q| len % q == 0)
        .find(|&q| (q..len).all(|i| cycle[i] == cycle[i - q]))
        .unwrap_or(len);
    cycle[..period].to_vec()
}

fn lcm(a: u64, b: u64) -> u64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (a / x).saturating_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(moves: &[u64], rule: RunRule, upto: usize) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::new();
        for n in 0..upto {
            let options: Vec<u32> = moves
                .iter()
                .filter(|&&s| s as usize <= n)
                .map(|&s| values[n - s as usize])
                .collect();
            values.push(match rule {
                RunRule::Mex => (0..).find(|g| !options.contains(g)).unwrap_or(0),
                RunRule::MisereWin => u32::from(options.is_empty() || options.contains(&0)),
            });
        }
        values
    }

    #[test]
    fn split_takes_the_widest_ratio() {
        assert_eq!(split_index(&[1, 2, 1000]), Some(1));
        assert_eq!(split_index(&[2, 3, 4, 100_000_000]), Some(2));
        assert_eq!(split_index(&[1, 2, 3]), None);
        assert_eq!(split_index(&[5]), None);
    }

    #[test]
    fn geometric_sums() {
        assert_eq!(geometric(1, 5), 5);
        assert_eq!(geometric(2, 4), 15);
        assert_eq!(geometric(7, 0), 0);
    }

    #[test]
    fn matches_the_plain_table() {
        for moves in [
            vec![1, 2, 9],
            vec![1, 2, 30],
            vec![1, 2, 31],
            vec![2, 3, 5, 41, 97],
            vec![1, 3, 4, 29, 30],
        ] {
            for rule in [RunRule::Mex, RunRule::MisereWin] {
                let expected = plain(&moves, rule, 3000);
                let mut runs = RunSequence::new(&moves, rule, Budget::default()).unwrap();
                for (n, &v) in expected.iter().enumerate() {
                    assert_eq!(runs.value(n as u64).unwrap(), v, "{moves:?} {rule:?} {n}");
                }
            }
        }
    }
}
