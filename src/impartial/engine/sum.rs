//! Disjunctive sums: play any one component per move.
//!
//! Under normal play a sum is equivalent to the Nim heap whose size is the XOR
//! of its components' Grundy values (Sprague–Grundy), so a sum is a
//! second-player win exactly when that XOR is zero. From a non-zero sum a
//! winning move changes one component `i` to an option of value
//! `G(i) ^ total`, which is smaller than `G(i)` for every component holding the
//! highest set bit of `total`; such an option exists by the definition of mex.

use crate::{Error, Nimber, Outcome, Result};

/// A move in a sum: play in `component` (an index into the sum) and replace it
/// by `option`.
///
/// Its `Display` (for an option listed as components) is `I:->T`, the
/// heap moves' `I:F->T` without `F`, which the move does not hold: `I` the
/// component from 1, `T` the components that replace it joined by `+`
/// (each as its `Debug` form, so any position type prints), or `0` when
/// none does.
///
/// # Example
/// ```
/// use stonegame::impartial::sum::SumMove;
/// let m = SumMove { component: 2, option: vec![4u64] };
/// assert_eq!(m.component, 2);
/// assert_eq!(m.to_string(), "3:->4");
/// assert_eq!(SumMove { component: 0, option: vec![(1, 2), (3, 4)] }.to_string(), "1:->(1, 2)+(3, 4)");
/// assert_eq!(SumMove::<Vec<u8>> { component: 0, option: vec![] }.to_string(), "1:->0");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SumMove<O> {
    /// Index of the component played in.
    pub component: usize,
    /// What the component becomes.
    pub option: O,
}

impl<P: std::fmt::Debug> std::fmt::Display for SumMove<Vec<P>> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:->", u128::from(self.component as u64) + 1)?;
        if self.option.is_empty() {
            return write!(f, "0");
        }
        for (k, component) in self.option.iter().enumerate() {
            if k > 0 {
                write!(f, "+")?;
            }
            write!(f, "{component:?}")?;
        }
        Ok(())
    }
}

/// The Grundy value of a sum: the XOR of its components' values.
///
/// # Example
/// ```
/// use stonegame::{impartial::sum::sum_grundy, Nimber};
/// assert_eq!(sum_grundy([Nimber(1), Nimber(2), Nimber(3)]), Nimber(0));
/// ```
pub fn sum_grundy(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    values.into_iter().sum()
}

/// The normal-play outcome of a sum from its components' Grundy values.
///
/// # Example
/// ```
/// use stonegame::{impartial::sum::sum_outcome, Nimber, Outcome};
/// assert_eq!(sum_outcome([Nimber(1), Nimber(2)]), Outcome::First);
/// ```
pub fn sum_outcome(values: impl IntoIterator<Item = Nimber>) -> Outcome {
    sum_grundy(values).normal_outcome()
}

/// A winning normal-play move in a sum whose components have Grundy `values`.
///
/// `find_option(i, target)` must return an option of component `i` whose
/// Grundy value is `target` (it is only asked for targets below `values[i]`,
/// which exist by the mex rule). Returns `Ok(None)` when the XOR is zero (every
/// move loses). If no component offers the required option, the values do not
/// belong to the components and the result is an [`Error::InvalidParameter`].
///
/// # Example
/// ```
/// use stonegame::{impartial::sum::winning_move, Nimber};
///
/// // Nim heaps 3, 4, 5: an option of heap i with value t is the heap t itself.
/// let values = [Nimber(3), Nimber(4), Nimber(5)];
/// let m = winning_move(&values, |_, target| Ok(Some(target.0))).unwrap().unwrap();
/// assert_eq!((m.component, m.option), (0, 1));
/// ```
pub fn winning_move<O>(
    values: &[Nimber],
    mut find_option: impl FnMut(usize, Nimber) -> Result<Option<O>>,
) -> Result<Option<SumMove<O>>> {
    let total = sum_grundy(values.iter().copied());
    if total.is_zero() {
        return Ok(None);
    }
    for (component, &value) in values.iter().enumerate() {
        let target = value ^ total;
        if target < value {
            if let Some(option) = find_option(component, target)? {
                return Ok(Some(SumMove { component, option }));
            }
        }
    }
    Err(Error::InvalidParameter {
        name: "Grundy values",
        reason: "no component has an option of the value a winning move needs; \
                 the values do not belong to these components"
            .to_string(),
    })
}
