//! Arithmetic periodicity: `G(n + p) = G(n) + s` for every `n >= n0`
//! (preperiod `n0`, period `p`, saltus `s`; `s = 0` is ordinary periodicity).
//!
//! # What is proved, and what is only observed
//!
//! Detecting the pattern in a computed prefix `G(0..=N)` is easy
//! ([`find_arithmetic_period`], O(N · p) for the least period `p` found);
//! *proving* that it continues for ever needs a theorem about the game:
//!
//! - **Nim-like codes** ([`TakeAndBreak::is_nim_like`]: any heap may be reduced
//!   to any smaller one and a split never adds a value, e.g. `0.(3)`, `0.(7)`):
//!   `G(n) = n`, preperiod 0, period 1, saltus 1.
//! - **Lasker's Nim** `4.(3)` (remove any number from a heap, or split a heap in
//!   two without removing): `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`,
//!   `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3` for every `k >= 0` (Lasker 1931;
//!   Berlekamp–Conway–Guy, *Winning Ways*, ch. 4; the proof is an induction on
//!   `n` over the residues mod 4, using that a split of `n` pairs two residues
//!   whose values have a known parity). Preperiod 1, period 4, saltus 4; the
//!   certificate also checks that the computed prefix agrees.
//!
//! Everything else is [`Evidence::Observed`]: the arithmetic-periodicity
//! theorems in the literature do not apply to the codes this crate parses.
//! Howse and Nowakowski's test (*Periodicity and arithmetic-periodicity in
//! hexadecimal games*, TCS 313, 2004) and Austin's earlier one are stated for
//! finite *hexadecimal* codes (moves that split a heap into three), and finite
//! octal codes are never arithmetic-periodic with a positive saltus (Horrocks
//! and Nowakowski, INTEGERS 3, 2003, abstract) — for them the ordinary octal
//! periodicity theorem ([`super::find_period_certificate`]) is the tool. An
//! observed pattern answers only the heaps that were computed; it never
//! answers a larger heap.

use super::{TakeAndBreak, grundy_sequence};
use crate::{Budget, Error, Nimber, Result};

/// Why an [`ArithmeticPeriod`] may be trusted beyond the computed values.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{Evidence, Theorem, TakeAndBreak, arithmetic_period};
/// let lasker = arithmetic_period(&TakeAndBreak::octal("4.(3)")?, 200, Default::default())?.unwrap();
/// assert_eq!(lasker.evidence(), Evidence::Certified(Theorem::LaskersNim));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Evidence {
    /// A theorem proves the pattern for every heap.
    Certified(Theorem),
    /// The pattern holds on `G(0..=checked_upto)` only; no theorem applies.
    Observed {
        /// The largest heap whose value was computed and checked.
        checked_upto: u64,
    },
}

/// The theorem behind a certified [`ArithmeticPeriod`] (see the module documentation).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{Evidence, Theorem, TakeAndBreak, arithmetic_period};
/// let nim = arithmetic_period(&TakeAndBreak::nim(), 50, Default::default())?.unwrap();
/// assert_eq!(nim.evidence(), Evidence::Certified(Theorem::NimLike));
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Theorem {
    /// `G(n) = n` for nim-like codes ([`TakeAndBreak::is_nim_like`]).
    NimLike,
    /// Lasker's closed form for `4.(3)`.
    LaskersNim,
}

/// An arithmetic-periodic Grundy sequence: `G(n + p) = G(n) + s` for `n >= n0`.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::find_arithmetic_period;
/// // 0, then 1 2 4 3, 5 6 8 7, …: preperiod 1, period 4, saltus 4.
/// let values = [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, 13, 14, 16, 15];
/// let found = find_arithmetic_period(&values).unwrap();
/// assert_eq!((found.preperiod(), found.period(), found.saltus()), (1, 4, 4));
/// assert_eq!(found.grundy(16)?.0, 15);
/// assert!(found.grundy(17).is_err()); // only observed: no answer beyond the data
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ArithmeticPeriod {
    preperiod: u64,
    period: u64,
    saltus: u64,
    /// `G(0..preperiod + period)`.
    first: Vec<u32>,
    evidence: Evidence,
}

impl ArithmeticPeriod {
    /// The least `n0` from which the pattern holds.
    ///
    /// # Example
    /// ```
    /// let found = stonegame::impartial::octal::find_arithmetic_period(&[0, 1, 2, 3, 4, 5]).unwrap();
    /// assert_eq!(found.preperiod(), 0);
    /// ```
    pub fn preperiod(&self) -> u64 {
        self.preperiod
    }

    /// The period `p`.
    ///
    /// # Example
    /// ```
    /// let found = stonegame::impartial::octal::find_arithmetic_period(&[0, 1, 2, 3, 4, 5]).unwrap();
    /// assert_eq!(found.period(), 1);
    /// ```
    pub fn period(&self) -> u64 {
        self.period
    }

    /// The saltus `s` (0 for an ordinary period).
    ///
    /// # Example
    /// ```
    /// let found = stonegame::impartial::octal::find_arithmetic_period(&[0, 1, 2, 3, 4, 5]).unwrap();
    /// assert_eq!(found.saltus(), 1);
    /// ```
    pub fn saltus(&self) -> u64 {
        self.saltus
    }

    /// Whether the pattern is proved or only observed.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{Evidence, find_arithmetic_period};
    /// let found = find_arithmetic_period(&[0, 1, 2, 3, 4, 5]).unwrap();
    /// assert_eq!(found.evidence(), Evidence::Observed { checked_upto: 5 });
    /// ```
    pub fn evidence(&self) -> Evidence {
        self.evidence
    }

    /// Whether a theorem proves the pattern for every heap.
    ///
    /// # Example
    /// ```
    /// let found = stonegame::impartial::octal::find_arithmetic_period(&[0, 1, 2, 3, 4, 5]).unwrap();
    /// assert!(!found.is_certified());
    /// ```
    pub fn is_certified(&self) -> bool {
        matches!(self.evidence, Evidence::Certified(_))
    }

    /// `G(heap)` from the pattern: any heap when certified, only heaps up to
    /// the checked range when observed.
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] for an observed pattern beyond its checked
    /// range, or when the value would not fit a `u64`.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{TakeAndBreak, arithmetic_period};
    /// let lasker = arithmetic_period(&TakeAndBreak::octal("4.(3)")?, 100, Default::default())?.unwrap();
    /// assert_eq!(lasker.grundy(1_000_000_000_000_000_000)?.0, 999_999_999_999_999_999);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn grundy(&self, heap: u64) -> Result<Nimber> {
        if let Evidence::Observed { checked_upto } = self.evidence {
            if heap > checked_upto {
                return Err(Error::SizeLimitExceeded {
                    what: "heap size for an arithmetic period that is only observed (no \
                           theorem proves it beyond the computed values)",
                    value: heap.into(),
                    limit: checked_upto.into(),
                });
            }
        }
        if let Some(&value) = self.first.get(heap as usize) {
            return Ok(Nimber(u64::from(value)));
        }
        let offset = heap - self.preperiod;
        let (turns, residue) = (offset / self.period, offset % self.period);
        let base = u128::from(self.first[(self.preperiod + residue) as usize]);
        let value = base + u128::from(turns) * u128::from(self.saltus);
        u64::try_from(value)
            .map(Nimber)
            .map_err(|_| Error::SizeLimitExceeded {
                what: "Grundy value of the heap (it does not fit 64 bits)",
                value,
                limit: u64::MAX.into(),
            })
    }

    /// Some heap below `below` whose value is `target`, found by inverting the
    /// pattern (each residue class is an arithmetic progression); `None` when
    /// no such heap exists.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{TakeAndBreak, arithmetic_period};
    /// let lasker = arithmetic_period(&TakeAndBreak::octal("4.(3)")?, 100, Default::default())?.unwrap();
    /// assert_eq!(lasker.heap_with_value(4_000_000_000_003, u64::MAX), Some(4_000_000_000_004));
    /// assert_eq!(lasker.heap_with_value(7, 5), None);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn heap_with_value(&self, target: u64, below: u64) -> Option<u64> {
        let end = below.min(self.first.len() as u64);
        if let Some(heap) = (0..end).find(|&n| u64::from(self.first[n as usize]) == target) {
            return Some(heap);
        }
        if self.saltus == 0 {
            return None;
        }
        (0..self.period).find_map(|residue| {
            let first = self.preperiod + residue;
            let base = u64::from(self.first[first as usize]);
            let steps = target.checked_sub(base)?;
            if steps % self.saltus != 0 {
                return None;
            }
            let heap = (steps / self.saltus)
                .checked_mul(self.period)?
                .checked_add(first)?;
            (heap < below && self.grundy(heap).ok() == Some(Nimber(target))).then_some(heap)
        })
    }
}

/// The least period (then the least preperiod) of an arithmetic-periodic
/// pattern seen in `values = G(0..=N)`, as [`Evidence::Observed`].
///
/// The pattern must hold on at least the second half of the values and
/// repeat at least twice (`n0 + 2p <= N + 1`, `n0 + p <= (N + 1) / 2`), so a
/// tail too short to show a repetition is not reported. O(N · p).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::find_arithmetic_period;
/// let found = find_arithmetic_period(&[5, 0, 1, 0, 1, 0, 1, 0, 1]).unwrap();
/// assert_eq!((found.preperiod(), found.period(), found.saltus()), (1, 2, 0));
/// assert!(find_arithmetic_period(&[0, 1, 0, 2]).is_none());
/// ```
pub fn find_arithmetic_period(values: &[u32]) -> Option<ArithmeticPeriod> {
    let len = values.len();
    for period in 1..=len / 4 {
        let last = len - 1;
        let saltus = i64::from(values[last]) - i64::from(values[last - period]);
        if saltus < 0 {
            continue;
        }
        // Walk back from the end while the step matches.
        let mut start = last - period;
        while start > 0
            && i64::from(values[start - 1 + period]) - i64::from(values[start - 1]) == saltus
        {
            start -= 1;
        }
        if start + period <= len / 2 {
            let end = start + period;
            return Some(ArithmeticPeriod {
                preperiod: start as u64,
                period: period as u64,
                saltus: saltus as u64,
                first: values[..end].to_vec(),
                evidence: Evidence::Observed {
                    checked_upto: last as u64,
                },
            });
        }
    }
    None
}

/// Computes `G(0..=upto)` for `game`, finds an arithmetic period in it
/// ([`find_arithmetic_period`]) and certifies it when a theorem of the module
/// documentation applies to the game and agrees with the pattern found.
///
/// # Errors
/// Errors of [`grundy_sequence`] (size limit, memory budget).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{TakeAndBreak, arithmetic_period};
/// let lasker = arithmetic_period(&TakeAndBreak::octal("4.(3)")?, 400, Default::default())?.unwrap();
/// assert_eq!((lasker.preperiod(), lasker.period(), lasker.saltus()), (1, 4, 4));
/// assert!(lasker.is_certified());
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn arithmetic_period(
    game: &TakeAndBreak,
    upto: u64,
    budget: Budget,
) -> Result<Option<ArithmeticPeriod>> {
    let values = grundy_sequence(game, upto, budget)?;
    let Some(mut found) = find_arithmetic_period(&values) else {
        return Ok(None);
    };
    if let Some(theorem) = applicable_theorem(game) {
        if theorem_pattern(theorem) == (found.preperiod, found.period, found.saltus) {
            found.evidence = Evidence::Certified(theorem);
        }
    }
    Ok(Some(found))
}

/// The certified pattern of `game` seen in its values `G(0..=N)`, if any.
pub(super) fn certify_values(game: &TakeAndBreak, values: &[u32]) -> Option<ArithmeticPeriod> {
    let theorem = applicable_theorem(game)?;
    let mut found = find_arithmetic_period(values)?;
    (theorem_pattern(theorem) == (found.preperiod, found.period, found.saltus)).then(|| {
        found.evidence = Evidence::Certified(theorem);
        found
    })
}

/// How many small parts [`option_with_value`] tries when splitting a huge heap.
const SMALL_PARTS: u64 = 64;

/// An option of a huge `heap` of `game` with value `target`, using a certified
/// `pattern`: leaving one heap (found by inverting the pattern), removing
/// everything, or a split with a part of at most [`SMALL_PARTS`] tokens.
/// `None` when none of these has the value (a split with two large parts
/// may still have it).
pub(super) fn option_with_value(
    game: &TakeAndBreak,
    pattern: &ArithmeticPeriod,
    heap: u64,
    target: Nimber,
) -> Result<Option<Vec<u64>>> {
    let Some(code) = game.code() else {
        return Ok(None);
    };
    if target.is_zero() && code.digit(heap) & 1 != 0 {
        return Ok(Some(Vec::new()));
    }
    if let Some(left) = pattern.heap_with_value(target.0, heap) {
        if left > 0 && code.digit(heap - left) & 2 != 0 {
            return Ok(Some(vec![left]));
        }
    }
    for removed in 0..=SMALL_PARTS.min(heap) {
        if code.digit(removed) & 4 == 0 {
            continue;
        }
        let rest = heap - removed;
        for small in 1..=SMALL_PARTS.min(rest / 2) {
            if pattern.grundy(small)? ^ pattern.grundy(rest - small)? == target {
                return Ok(Some(vec![small, rest - small]));
            }
        }
    }
    Ok(None)
}

/// The theorem that covers `game`, if any.
fn applicable_theorem(game: &TakeAndBreak) -> Option<Theorem> {
    if game.is_nim_like() {
        return Some(Theorem::NimLike);
    }
    let code = game.code()?;
    // `4.(3)` in any spelling: d0 = 4 and every later digit 3 (the prefix and
    // repeating group together have at most 2 · MAX_CODE_DIGITS digits).
    let lasker = code.max_take().is_none()
        && code.digit(0) == 4
        && (1..=2 * super::MAX_CODE_DIGITS as u64 + 2).all(|k| code.digit(k) == 3);
    lasker.then_some(Theorem::LaskersNim)
}

/// `(n0, p, s)` each theorem proves.
fn theorem_pattern(theorem: Theorem) -> (u64, u64, u64) {
    match theorem {
        Theorem::NimLike => (0, 1, 1),
        Theorem::LaskersNim => (1, 4, 4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_laskers_nim_are_recognised() {
        for code in ["4.(3)", "4.3(3)", "4.(33)"] {
            let game = TakeAndBreak::octal(code).unwrap();
            assert_eq!(
                applicable_theorem(&game),
                Some(Theorem::LaskersNim),
                "{code}"
            );
        }
        for code in ["4.(7)", "0.(3)4", "4.3"] {
            if let Ok(game) = TakeAndBreak::octal(code) {
                assert_ne!(
                    applicable_theorem(&game),
                    Some(Theorem::LaskersNim),
                    "{code}"
                );
            }
        }
    }
}
