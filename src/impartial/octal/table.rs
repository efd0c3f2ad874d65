//! The growing table of Grundy values behind [`super::HeapValues`] and the
//! period search, and a plain implementation of it for contest bundles.
//!
//! A library build uses Flammenkamp's sparse-space solver
//! ([`super::SparseGrundy`]), which proves periods needing millions of values
//! (`0.376`). A contest bundle (`tools/bundle`, which compiles as if
//! `cfg(stonegame_bundle)` were set) uses [`PlainTable`] instead: the games
//! contests ask (Kayles, Dawson's Kayles and chess, Treblecross, Lasker's
//! Nim) are proved or answered from a few thousand values, where the plain
//! definition is fast and 30 KB shorter in a 64 KiB submission.

use crate::impartial::mex::MexSet;
use crate::impartial::octal::{MoveClass, TakeAndBreak};
use crate::{Budget, Error, Result};

/// The engine [`super::HeapValues`] computes values with.
#[cfg(not(stonegame_bundle))]
pub(super) type Table = super::SparseGrundy;
/// The engine [`super::HeapValues`] computes values with.
#[cfg(stonegame_bundle)]
pub(super) type Table = PlainTable;

/// The stored values in their cells, for code generic over the cell type.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ValueSlice<'a> {
    Narrow(&'a [u8]),
    Wide(&'a [u16]),
    Full(&'a [u32]),
}

/// What the period search and [`super::HeapValues`] need of a table of
/// `G(0..len)` that grows on demand.
pub(crate) trait GrundyTable {
    /// A table of `game` with no value yet.
    fn for_game(game: TakeAndBreak) -> Self;
    /// The game.
    fn game(&self) -> &TakeAndBreak;
    /// How many values are known (`G(0..len)`).
    fn len(&self) -> usize;
    /// `G(heap)` when known.
    fn known(&self, heap: u64) -> Option<u32>;
    /// Computes values up to and including heap `upto`.
    fn extend_to(&mut self, upto: u64, budget: Budget) -> Result<()>;
    /// The known values.
    fn value_slice(&self) -> ValueSlice<'_>;
}

impl GrundyTable for super::SparseGrundy {
    fn for_game(game: TakeAndBreak) -> Self {
        Self::new(game)
    }
    fn game(&self) -> &TakeAndBreak {
        Self::game(self)
    }
    fn len(&self) -> usize {
        Self::len(self)
    }
    fn known(&self, heap: u64) -> Option<u32> {
        Self::value(self, heap)
    }
    fn extend_to(&mut self, upto: u64, budget: Budget) -> Result<()> {
        Self::extend_to(self, upto, budget)
    }
    fn value_slice(&self) -> ValueSlice<'_> {
        Self::value_slice(self)
    }
}

/// `G(0..len)` by the definition, extended on demand: every option of every
/// heap is visited, `O(len^2)` for a code with splits.
#[derive(Debug, Clone)]
#[cfg_attr(not(stonegame_bundle), allow(dead_code))] // the bundles' engine; tested here
pub(super) struct PlainTable {
    game: TakeAndBreak,
    values: Vec<u32>,
    /// Options visited so far, against the budget's work cap.
    work: u64,
}

/// The work cap of a [`PlainTable`] when the budget sets none: about a
/// second of option visits.
#[cfg_attr(not(stonegame_bundle), allow(dead_code))]
const PLAIN_TABLE_WORK: u64 = 1_000_000_000;

impl GrundyTable for PlainTable {
    fn for_game(game: TakeAndBreak) -> Self {
        Self {
            game,
            values: Vec::new(),
            work: 0,
        }
    }

    fn game(&self) -> &TakeAndBreak {
        &self.game
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn known(&self, heap: u64) -> Option<u32> {
        self.values.get(usize::try_from(heap).ok()?).copied()
    }

    fn extend_to(&mut self, upto: u64, budget: Budget) -> Result<()> {
        if upto > super::MAX_SEQUENCE_HEAP {
            return Err(Error::SizeLimitExceeded {
                what: "heap size of a Grundy sequence",
                value: upto.into(),
                limit: super::MAX_SEQUENCE_HEAP.into(),
            });
        }
        let len = upto as usize + 1;
        if len <= self.values.len() {
            return Ok(());
        }
        budget.check_elements::<u32>(len as u128, "Grundy sequence")?;
        self.values
            .try_reserve_exact(len - self.values.len())
            .map_err(|_| {
                crate::budget::bytes_refused("Grundy sequence", len as u128 * 4, budget)
            })?;
        let cap = budget.work_or(PLAIN_TABLE_WORK);
        let mut seen = MexSet::new();
        while self.values.len() < len {
            let n = self.values.len() as u64;
            if self.work > cap {
                return Err(Error::WorkLimitExceeded {
                    what: format!(
                        "computing Grundy values of {} up to heap {upto} (stopped at heap {n})",
                        self.game
                    ),
                    steps: cap,
                });
            }
            seen.clear();
            let values = &self.values;
            let mut visited = 1u64;
            self.game.for_each_move_class(n, |class| match class {
                MoveClass::TakeAll => seen.insert(0),
                MoveClass::LeaveOne(left) => seen.insert(values[left as usize] as usize),
                MoveClass::Split { total, .. } => {
                    let largest = class.largest_smaller_part();
                    visited += largest;
                    for a in 1..=largest {
                        let b = total - a;
                        seen.insert((values[a as usize] ^ values[b as usize]) as usize);
                    }
                }
            });
            self.work = self.work.saturating_add(visited);
            let mex = seen.mex();
            let value = u32::try_from(mex).map_err(|_| Error::SizeLimitExceeded {
                what: "Grundy value",
                value: mex as u128,
                limit: u32::MAX.into(),
            })?;
            self.values.push(value);
        }
        Ok(())
    }

    fn value_slice(&self) -> ValueSlice<'_> {
        ValueSlice::Full(&self.values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::octal::SparseGrundy;
    use crate::impartial::octal::certificate::certify_with;
    use proptest::prelude::*;

    fn values_of<T: GrundyTable>(table: &T) -> Vec<u32> {
        (0..table.len() as u64)
            .map(|heap| table.known(heap).unwrap())
            .collect()
    }

    fn finite_codes() -> impl Strategy<Value = TakeAndBreak> {
        (proptest::collection::vec(0u8..8, 0..4), 1u8..8).prop_map(|(mut digits, last)| {
            digits.insert(0, 0);
            digits.push(last);
            TakeAndBreak::Octal(
                crate::impartial::octal::OctalCode::from_digits(&digits, &[]).unwrap(),
            )
        })
    }

    proptest! {
        #[test]
        fn the_plain_table_matches_the_sparse_solver(game in finite_codes(), upto in 0u64..300) {
            let mut plain = PlainTable::for_game(game.clone());
            let mut sparse = SparseGrundy::for_game(game);
            // in two steps, as the period search extends it
            plain.extend_to(upto / 2, Budget::default()).unwrap();
            plain.extend_to(upto, Budget::default()).unwrap();
            sparse.extend_to(upto, Budget::default()).unwrap();
            prop_assert_eq!(values_of(&plain), values_of(&sparse));
        }

        #[test]
        fn both_tables_prove_the_same_period(game in finite_codes()) {
            let budget = Budget::default();
            let plain = certify_with(&mut PlainTable::for_game(game.clone()), 4096, budget).unwrap();
            let sparse = certify_with(&mut SparseGrundy::for_game(game), 4096, budget).unwrap();
            let shape = |c: Option<crate::impartial::octal::PeriodCertificate>| {
                c.map(|c| (c.preperiod(), c.period()))
            };
            prop_assert_eq!(shape(plain), shape(sparse));
        }
    }

    #[test]
    fn the_plain_table_proves_the_classic_periods() {
        let mut kayles = PlainTable::for_game(TakeAndBreak::kayles());
        let c = certify_with(&mut kayles, 1 << 16, Budget::default())
            .unwrap()
            .unwrap();
        assert_eq!((c.preperiod(), c.period()), (71, 12));
        let mut chess = PlainTable::for_game(TakeAndBreak::dawsons_chess());
        let c = certify_with(&mut chess, 1 << 16, Budget::default())
            .unwrap()
            .unwrap();
        assert_eq!((c.preperiod(), c.period()), (52, 34));
    }

    #[test]
    fn the_plain_table_keeps_to_its_limits() {
        let mut officers = PlainTable::for_game(TakeAndBreak::officers());
        let tiny = Budget::default().with_work(1_000);
        assert!(matches!(
            officers.extend_to(10_000, tiny),
            Err(Error::WorkLimitExceeded { .. })
        ));
        let small = Budget::from_bytes(1_000);
        assert!(matches!(
            PlainTable::for_game(TakeAndBreak::kayles()).extend_to(1_000, small),
            Err(Error::MemoryBudgetExceeded { .. })
        ));
        assert!(matches!(
            PlainTable::for_game(TakeAndBreak::kayles()).extend_to(u64::MAX, Budget::default()),
            Err(Error::SizeLimitExceeded { .. })
        ));
    }
}
