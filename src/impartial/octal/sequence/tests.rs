//! Tests of the sparse-space solver against the plain definition.

use super::*;
use crate::impartial::octal::OctalCode;
use proptest::prelude::*;

/// The general (`u32`, marking) path alone, as before the byte tables existed.
fn general_path(game: &TakeAndBreak, upto: u64) -> Vec<u32> {
    let mut solver = SparseGrundy::new(game.clone());
    solver.store = Store::Full(Vec::new());
    solver.extend_to(upto, Budget::default()).unwrap();
    assert!(matches!(solver.store, Store::Full(_)));
    solver.into_values()
}

/// The general path reading the values in 8- and 16-bit cells (as
/// without a reversed copy): every value stays in the narrowest cells.
fn general_path_in_cells(game: &TakeAndBreak, upto: u64) -> Vec<u32> {
    let mut solver = SparseGrundy::new(game.clone());
    // Heap by heap without `extend_to`, which would reserve the reversed
    // copy; the mask is re-chosen now and then.
    for n in 0..=upto as u32 {
        if n % 50 == 49 {
            solver.reselect_sparseness().unwrap();
        }
        assert!(!solver.store.fast());
        let value = solver.next_value(n).unwrap();
        solver.record(n, value).unwrap();
    }
    let widest = solver.values().max().unwrap_or(0);
    match &solver.store {
        Store::Narrow(_) => assert!(widest < 256),
        Store::Wide(_) => assert!((256..65_536).contains(&widest)),
        Store::Full(_) => assert!(widest >= 65_536),
    }
    solver.into_values()
}

/// The 16-bit compact path from the start, with blocks of `block_len`
/// heaps; with `span` 512 the marks table starts at 512 entries (as once
/// a value of 256 appeared), so the constant-512 loops run.
fn wide_path(game: &TakeAndBreak, upto: u64, block_len: usize, span: usize) -> Vec<u32> {
    wide_threaded(game, upto, block_len, span, 1)
}

/// [`wide_path`] with the first phase of each block on `threads` threads.
fn wide_threaded(
    game: &TakeAndBreak,
    upto: u64,
    block_len: usize,
    span: usize,
    threads: usize,
) -> Vec<u32> {
    let mut solver = SparseGrundy::new(game.clone()).with_threads(threads);
    solver.store = Store::Wide(Tables::default());
    solver.seen.resize(span.max(256), 0);
    solver.block_len = block_len;
    solver.extend_to(upto, Budget::default()).unwrap();
    assert!(matches!(&solver.store, Store::Wide(t) if t.fast()));
    solver.into_values()
}

/// The byte path, extended heap by heap (the reversed copy grows many times).
fn byte_path_stepwise(game: &TakeAndBreak, upto: u64) -> Vec<u32> {
    let mut solver = SparseGrundy::new(game.clone());
    for heap in 0..=upto {
        solver.extend_to(heap, Budget::default()).unwrap();
    }
    solver.into_values()
}

/// The byte path with blocks of `block_len` heaps (tiny blocks put rare
/// positions, equal-split windows and reselections inside blocks often).
fn blocked(game: &TakeAndBreak, upto: u64, block_len: usize) -> Vec<u32> {
    let mut solver = SparseGrundy::new(game.clone());
    solver.block_len = block_len;
    solver.extend_to(upto, Budget::default()).unwrap();
    solver.into_values()
}

/// Blocks of `block_len` heaps whose first phase runs on `threads` threads
/// and scans at most `horizon` pairs a split (a small horizon sends heaps
/// to the second phase's fallback).
fn threaded(
    game: &TakeAndBreak,
    upto: u64,
    block_len: usize,
    threads: usize,
    horizon: u32,
) -> Vec<u32> {
    let mut solver = SparseGrundy::new(game.clone()).with_threads(threads);
    solver.block_len = block_len;
    solver.scan_horizon = horizon;
    solver.extend_to(upto, Budget::default()).unwrap();
    solver.into_values()
}

fn plain(game: &TakeAndBreak, upto: u64) -> Vec<u32> {
    grundy_sequence_plain(game, upto, Budget::default()).unwrap()
}

#[test]
fn byte_path_is_used_while_values_fit_and_dropped_after() {
    let mut grundy = SparseGrundy::new(TakeAndBreak::grundys_game());
    grundy.extend_to(3000, Budget::default()).unwrap();
    assert!(matches!(&grundy.store, Store::Narrow(t) if t.fast()));
    // Last One has G(n) = n: past 255 the byte cells give way to 16-bit
    // ones, past 65,535 to `u32`s and the general path; values stay exact.
    let game = TakeAndBreak::last_one();
    let mut solver = SparseGrundy::new(game.clone());
    solver.extend_to(255, Budget::default()).unwrap();
    assert!(matches!(&solver.store, Store::Narrow(t) if t.fast()));
    solver.extend_to(700, Budget::default()).unwrap();
    assert!(matches!(&solver.store, Store::Wide(t) if t.fast()));
    assert!(solver.values().eq(plain(&game, 700)));
    // (Reaching 65,536 for real takes quadratic time: the value alone is recorded.)
    solver.record(701, 70_000).unwrap();
    assert!(matches!(solver.store, Store::Full(_)));
    assert!(!solver.widen_pending);
    assert_eq!(solver.value(701), Some(70_000));
    assert!(solver.values().take(701).eq(plain(&game, 700)));
    assert_eq!(solver.len(), 702);
}

#[test]
fn values_widen_from_bytes_to_16_bits_to_u32_in_place() {
    // Values move to wider cells at 256 and 65,536; each is kept once.
    let mut solver = SparseGrundy::new(TakeAndBreak::last_one());
    solver.extend_to(300, Budget::default()).unwrap();
    let Store::Wide(tables) = &solver.store else {
        panic!("16-bit cells past 255");
    };
    assert_eq!(tables.values.len(), 301);
    assert!(tables.values.iter().copied().eq(0..=300));
    assert_eq!(
        solver.values().rev().collect::<Vec<_>>(),
        (0..=300).rev().collect::<Vec<_>>()
    );
    assert_eq!(solver.values().nth(299), Some(299));
    assert_eq!(solver.values().len(), 301);
    let mut wide = solver.clone();
    // Room for two more values, as `extend_to` makes.
    wide.store.reserve(303, 0, Budget::default()).unwrap();
    wide.record(301, 65_535).unwrap();
    assert!(matches!(wide.store, Store::Wide(_)));
    wide.record(302, 65_536).unwrap();
    let Store::Full(values) = &wide.store else {
        panic!("u32 cells past 65,535");
    };
    assert_eq!(values[300..], [300, 65_535, 65_536]);
    assert_eq!(wide.values().fold(0u64, |sum, v| sum + u64::from(v)), {
        (0..=300u64).sum::<u64>() + 65_535 + 65_536
    });
}

#[test]
fn general_path_in_narrow_and_wide_cells_agrees_with_plain() {
    // Values past 255 (Last One, 0.(7)) and below (Grundy's game, Kayles):
    // the general path reads them in bytes, then 16-bit cells.
    for game in [
        TakeAndBreak::last_one(),
        TakeAndBreak::grundys_game(),
        TakeAndBreak::kayles(),
        TakeAndBreak::octal("4.(7)").unwrap(),
    ] {
        assert_eq!(
            general_path_in_cells(&game, 600),
            plain(&game, 600),
            "{game}"
        );
    }
}

#[test]
fn byte_and_general_paths_agree_on_grundys_game() {
    let game = TakeAndBreak::grundys_game();
    let fast = grundy_sequence(&game, 20_000, Budget::default()).unwrap();
    assert_eq!(fast, general_path(&game, 20_000));
    assert_eq!(fast[..1500], plain(&game, 1499)[..]);
}

#[test]
fn the_budget_holds_the_values_in_their_cells() {
    // Bytes while values are below 256: 100,001 values of Grundy's game fit
    // in a budget of about a byte a value (plus the small rare list) ...
    let game = TakeAndBreak::grundys_game();
    let mut solver = SparseGrundy::new(game.clone());
    solver
        .extend_to(100_000, Budget::from_bytes(150_000))
        .unwrap();
    assert!(matches!(&solver.store, Store::Narrow(t) if t.fast()));
    assert!(solver.values().take(3001).eq(plain(&game, 3000)));
    // ... but not in fewer bytes than values.
    let mut tight = SparseGrundy::new(game);
    assert!(matches!(
        tight.extend_to(100_000, Budget::from_bytes(90_000)),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    // Last One moves to 16-bit cells past 255: two bytes a value, checked
    // when the values move. The budget holds 701 byte cells and everything
    // else a run to heap 255 holds (the rare list, the marks, the value
    // counts), not 16-bit cells besides.
    let last_one = TakeAndBreak::last_one();
    // (Under one split throughout, with the count table's room for 512
    // values given up front: re-choosing the split and growing the table
    // take memory of their own, refused before the values move.)
    let mut probe = SparseGrundy::new(last_one.clone());
    probe.fix_sparseness(1, 1, 0);
    probe.counts.resize(512, [0, 0]);
    probe.extend_to(255, Budget::default()).unwrap();
    let mut wide = SparseGrundy::new(last_one.clone());
    wide.fix_sparseness(1, 1, 0);
    wide.counts.resize(512, [0, 0]);
    let small = Budget::from_bytes(701 + probe.others_bytes() + 64);
    let refused = wide.extend_to(700, small);
    assert!(
        matches!(&refused, Err(Error::MemoryBudgetExceeded { what, .. }) if what.contains("wider cells")),
        "{refused:?}"
    );
    assert_eq!(wide.len(), 256);
    wide.extend_to(700, Budget::default()).unwrap();
    assert!(matches!(&wide.store, Store::Wide(t) if t.fast()));
    assert!(wide.values().eq(plain(&last_one, 700)));
}

#[test]
fn a_rare_list_that_grows_with_the_heaps_is_refused_in_time() {
    // Last One (G(n) = n): under any mask about half the heaps are rare. A
    // budget of 2 bytes a value holds the 16-bit values but not a rare list
    // of 6 bytes for every other heap.
    let mut solver = SparseGrundy::new(TakeAndBreak::last_one());
    let result = solver.extend_to(3_000, Budget::from_bytes(9_000));
    assert!(matches!(result, Err(Error::MemoryBudgetExceeded { .. })));
}

#[test]
fn blocked_path_is_planned_for_large_heaps_only() {
    let mut solver = SparseGrundy::new(TakeAndBreak::grundys_game());
    solver.extend_to(1000, Budget::default()).unwrap();
    assert_eq!(solver.block_plan(10), None);
    let plan = solver.block_plan(1000).unwrap();
    assert_eq!(plan.offsets, [0]);
    assert!(plan.unequal);
}

#[test]
fn blocked_path_agrees_with_plain_on_grundys_game() {
    let game = TakeAndBreak::grundys_game();
    let reference = plain(&game, 3000);
    for block_len in [1, 2, 3, 5, 8, 17, 64] {
        assert_eq!(blocked(&game, 3000, block_len), reference, "{block_len}");
    }
    // Values past 256 drop the byte tables in the middle of a block.
    let last_one = TakeAndBreak::last_one();
    assert_eq!(blocked(&last_one, 700, 7), plain(&last_one, 700));
}

#[test]
fn threads_give_the_values_of_one_thread_on_grundys_game() {
    let game = TakeAndBreak::grundys_game();
    let reference = plain(&game, 3000);
    for (block_len, threads, horizon) in [(64, 2, SCAN_HORIZON), (17, 3, 4), (256, 2, 0), (5, 4, 1)]
    {
        assert_eq!(
            threaded(&game, 3000, block_len, threads, horizon),
            reference,
            "{block_len} {threads} {horizon}"
        );
    }
    // Far enough for blocks of 256 heaps on two threads, the default.
    let one = grundy_sequence(&game, 200_000, Budget::default()).unwrap();
    let mut two = SparseGrundy::new(game).with_threads(2);
    two.extend_to(200_000, Budget::default()).unwrap();
    assert_eq!(two.block_len, PARALLEL_BLOCK_LEN);
    assert!(two.values().eq(one));
}

#[test]
fn thread_counts_are_clamped() {
    let game = TakeAndBreak::kayles();
    assert_eq!(SparseGrundy::new(game.clone()).with_threads(0).threads(), 1);
    let many = SparseGrundy::new(game).with_threads(1000);
    assert_eq!(many.threads(), MAX_SEQUENCE_THREADS);
}

#[test]
fn wide_path_agrees_with_plain_on_grundys_game() {
    let game = TakeAndBreak::grundys_game();
    let reference = plain(&game, 3000);
    for block_len in [1, 3, 17, 64] {
        assert_eq!(
            wide_path(&game, 3000, block_len, 256),
            reference,
            "{block_len}"
        );
        assert_eq!(
            wide_path(&game, 3000, block_len, 512),
            reference,
            "{block_len}"
        );
    }
    // Values in 256..512 (a 512-entry mark table) and beyond (any length).
    let last_one = TakeAndBreak::last_one();
    assert_eq!(wide_path(&last_one, 600, 7, 256), plain(&last_one, 600));
}

#[test]
fn mask_is_rechosen_when_the_rare_list_grows() {
    let mut solver = SparseGrundy::new(TakeAndBreak::grundys_game());
    solver.extend_to(1 << 16, Budget::default()).unwrap();
    // Between doublings the rare list never outgrows its size at the last
    // choice by more than a quarter (plus slack) before the mask is re-chosen.
    assert!(solver.rare.len() <= solver.rare_at_reselect + solver.rare_at_reselect / 4 + 65);
    assert_eq!(
        solver.width_at_reselect,
        solver.values_below.next_power_of_two()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn blocked_path_agrees_with_plain(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..5),
        repeating in proptest::collection::vec(0u8..8, 0..2),
        upto in 0u64..1500,
        block_len in 1usize..24,
    ) {
        if let Ok(code) = OctalCode::from_digits(&[vec![first], digits].concat(), &repeating) {
            let game = TakeAndBreak::Octal(code);
            prop_assert_eq!(blocked(&game, upto, block_len), plain(&game, upto));
        }
    }

    #[test]
    fn threaded_path_agrees_with_plain_and_one_thread(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..5),
        repeating in proptest::collection::vec(0u8..8, 0..2),
        upto in 0u64..1500,
        block_len in 1usize..40,
        threads in 2usize..5,
        horizon in prop_oneof![Just(SCAN_HORIZON), 0u32..6],
    ) {
        if let Ok(code) = OctalCode::from_digits(&[vec![first], digits].concat(), &repeating) {
            let game = TakeAndBreak::Octal(code);
            let parallel = threaded(&game, upto, block_len, threads, horizon);
            prop_assert_eq!(&parallel, &plain(&game, upto));
            prop_assert_eq!(&parallel, &threaded(&game, upto, block_len, 1, horizon));
        }
    }

    #[test]
    fn byte_path_agrees_with_general_path_and_plain(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..5),
        repeating in proptest::collection::vec(0u8..8, 0..2),
        upto in 0u64..700,
    ) {
        if let Ok(code) = OctalCode::from_digits(&[vec![first], digits].concat(), &repeating) {
            let game = TakeAndBreak::Octal(code);
            let fast = grundy_sequence(&game, upto, Budget::default()).unwrap();
            prop_assert_eq!(&fast, &general_path(&game, upto));
            prop_assert_eq!(&fast, &general_path_in_cells(&game, upto));
            prop_assert_eq!(&fast, &plain(&game, upto));
            prop_assert_eq!(&fast, &byte_path_stepwise(&game, upto));
            prop_assert_eq!(&fast, &wide_path(&game, upto, 5, 256));
            prop_assert_eq!(&fast, &wide_path(&game, upto, 3, 512));
            prop_assert_eq!(&fast, &wide_threaded(&game, upto, 9, 256, 2));
            prop_assert_eq!(&fast, &wide_threaded(&game, upto, 6, 512, 3));
        }
    }

    #[test]
    fn leading_second_phase_gives_the_plain_values(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..5),
        repeating in proptest::collection::vec(0u8..8, 0..2),
        start in 40u32..900,
        block_len in 1u32..24,
        horizon in prop_oneof![Just(SCAN_HORIZON), 0u32..6],
    ) {
        if let Ok(code) = OctalCode::from_digits(&[vec![first], digits].concat(), &repeating) {
            check_leading_rows(&TakeAndBreak::Octal(code), start, block_len, horizon)?;
        }
    }
}

/// The three (domain, offset) variants, in the order the choice prefers them.
const VARIANTS: [(u32, u32); 3] = [(0, 0), (1, 0), (1, 1)];

/// Rare positions under `sparseness` straight from the counts.
fn rare_by_counts(counts: &[[u64; 2]], sparseness: Sparseness) -> u64 {
    let mut rare = 0;
    for (value, by_parity) in counts.iter().enumerate() {
        for (parity, &count) in by_parity.iter().enumerate() {
            if sparseness.is_rare(parity as u32, value as u32) {
                rare += count;
            }
        }
    }
    rare
}

/// The fewest rare positions over every candidate, one at a time (the first
/// in the order mask, then variant, among equals).
fn fewest_rare_by_brute_force(counts: &[[u64; 2]], bits: u32) -> Option<(u64, Sparseness)> {
    fewest_rare_of_variants(counts, bits, &VARIANTS)
}

/// [`fewest_rare_by_brute_force`] among the given variants only.
fn fewest_rare_of_variants(
    counts: &[[u64; 2]],
    bits: u32,
    variants: &[(u32, u32)],
) -> Option<(u64, Sparseness)> {
    let mut best: Option<(u64, Sparseness)> = None;
    for mask in 1..1u32 << bits {
        for &(domain, offset) in variants {
            let candidate = Sparseness {
                mask,
                domain,
                offset,
            };
            let rare = rare_by_counts(counts, candidate);
            if best.is_none_or(|(fewest, _)| rare < fewest) {
                best = Some((rare, candidate));
            }
        }
    }
    best
}

/// A solver holding `values` (synthetic: only the counts and the rare list
/// matter here), under the split `(mask, 0, 0)`.
fn holding(values: &[u32], mask: u32) -> SparseGrundy {
    let state = SolverState {
        mask,
        domain: 0,
        offset: 0,
        next_reselect: 64,
        rare_at_reselect: 0,
        width_at_reselect: 1,
        work: 0,
    };
    SparseGrundy::resume(
        TakeAndBreak::kayles(),
        values.to_vec(),
        state,
        Budget::default(),
    )
    .unwrap()
}

#[test]
fn a_mask_with_bits_above_ten_is_chosen_when_it_is_best() {
    // Values below 4096 whose bit 11 alone tells the many (odd parity under
    // 0x800: values 2048..4096) from the few: only 0x800 and masks with bit
    // 11 that agree on the few make most positions common.
    // The low bits are scrambled (a multiplicative hash), so that no mask
    // of low bits, nor the heap's parity, separates anything.
    let scrambled = |n: u32| (u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 53) as u32;
    let values: Vec<u32> = (0..5000u32)
        .map(|n| {
            if n % 97 == 0 {
                scrambled(n)
            } else {
                2048 + scrambled(n)
            }
        })
        .collect();
    let mut solver = holding(&values, 1);
    solver.reselect_sparseness().unwrap();
    let chosen = solver.sparseness;
    assert!(chosen.mask >= 1 << 10, "{chosen:?}");
    assert_eq!(solver.rare, rare_positions_of(&values, chosen));
    let (fewest, _) = fewest_rare_by_brute_force(&solver.counts, 12).unwrap();
    assert_eq!(solver.rare.len() as u64, fewest);
    assert!(solver.rare.len() < 100);
}

#[test]
fn splits_of_every_size_keep_the_early_heaps_common() {
    // 0.(4): G(n) grows like n / 2, and every split size is allowed. Masks of
    // high bits (0x300 at heap 1,474 before) make all heaps below some
    // point rare and fewer heaps rare in all, but an early rare position is
    // paired in nearly every split: the split kept must cost the next
    // heap's rare pass no more pairs than the fewest-rare split would.
    let game = TakeAndBreak::Octal(OctalCode::from_digits(&[0], &[4]).unwrap());
    let mut solver = SparseGrundy::new(game.clone());
    solver.extend_to(1500, Budget::default()).unwrap();
    let values: Vec<u32> = solver.values().collect();
    let pairs = |sparseness: Sparseness| {
        let rare = rare_positions_of(&values, sparseness);
        let mut pairs = 0;
        game.for_each_move_class(1501, |class| {
            if let MoveClass::Split { total, .. } = class {
                pairs += rare.iter().filter(|&&a| u64::from(a) < total).count();
            }
        });
        pairs
    };
    let bits = usize::BITS - solver.values_below.leading_zeros();
    let (_, fewest) = fewest_rare_sparseness(&solver.counts, bits).unwrap();
    assert!(fewest.mask >= 1 << 8, "{fewest:?}");
    assert!(
        pairs(solver.sparseness) < pairs(fewest),
        "{:?}",
        solver.sparseness
    );
}

#[test]
fn the_count_tables_are_charged_to_the_budget() {
    // Values up to 60,000: 2^16 count entries (1 MiB) do not fit 512 KiB.
    let values: Vec<u32> = (0..1000u32).map(|n| n * 60).collect();
    let state = holding(&[0], 1).state();
    let tight = Budget::from_bytes(512 << 10);
    let refused = SparseGrundy::resume(TakeAndBreak::kayles(), values.clone(), state, tight);
    assert!(
        matches!(refused, Err(Error::MemoryBudgetExceeded { .. })),
        "{refused:?}"
    );
    let roomy = Budget::from_bytes(4 << 20);
    assert!(SparseGrundy::resume(TakeAndBreak::kayles(), values, state, roomy).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The transform against its definition, term by term.
    #[test]
    fn walsh_hadamard_agrees_with_its_definition(
        bits in 0u32..7,
        seed in proptest::collection::vec(-1000i64..1000, 64),
    ) {
        let size = 1usize << bits;
        let before: Vec<i64> = seed[..size].to_vec();
        let mut after = before.clone();
        walsh_hadamard(&mut after);
        for (mask, &got) in after.iter().enumerate() {
            let expected: i64 = before
                .iter()
                .enumerate()
                .map(|(v, &c)| if (v & mask).count_ones() % 2 == 0 { c } else { -c })
                .sum();
            prop_assert_eq!(got, expected);
        }
    }

    /// The split chosen from the transform has the fewest rare positions of
    /// all candidates, counted one by one, and is the first such.
    #[test]
    fn the_transform_finds_the_fewest_rare_positions(
        bits in 1u32..8,
        counts in proptest::collection::vec((0u64..50, 0u64..50), 128),
        sparse in any::<bool>(),
    ) {
        let size = 1usize << bits;
        let counts: Vec<[u64; 2]> = counts[..size]
            .iter()
            .enumerate()
            // Sparse: most values never occur (as in real sequences).
            .map(|(v, &(a, b))| if sparse && v % 5 != 0 { [0, 0] } else { [a, b] })
            .collect();
        let chosen = fewest_rare_sparseness(&counts, bits);
        prop_assert_eq!(chosen, fewest_rare_by_brute_force(&counts, bits));
        let by_variant = fewest_rare_by_variant(&counts, bits);
        for (variant, best) in VARIANTS.iter().zip(by_variant) {
            prop_assert_eq!(best, fewest_rare_of_variants(&counts, bits, &[*variant]));
        }
        if let Some((rare, sparseness)) = chosen {
            prop_assert_eq!(rare, rare_by_counts(&counts, sparseness));
        }
    }

    /// After a run, the rare list is exactly the positions rare under the
    /// chosen split (counted from the values), and no variant's fewest-rare
    /// split of as many bits as the values need is estimated a tenth cheaper.
    #[test]
    fn the_chosen_split_counts_what_it_says(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..5),
        upto in 0u64..3000,
    ) {
        if let Ok(code) = OctalCode::from_digits(&[vec![first], digits].concat(), &[]) {
            let mut solver = SparseGrundy::new(TakeAndBreak::Octal(code));
            solver.extend_to(upto, Budget::default()).unwrap();
            let values: Vec<u32> = solver.values().collect();
            prop_assert_eq!(&solver.rare, &rare_positions_of(&values, solver.sparseness));
            let mut counts = vec![[0u64; 2]; solver.values_below.next_power_of_two()];
            for (n, &v) in values.iter().enumerate().skip(1) {
                counts[v as usize][n % 2] += 1;
            }
            prop_assert_eq!(&counts[..solver.counts.len()], &solver.counts[..]);
            solver.reselect_sparseness().unwrap();
            prop_assert_eq!(&solver.rare, &rare_positions_of(&values, solver.sparseness));
            // No variant's fewest-rare split (found one by one) is estimated a
            // tenth cheaper than the split kept.
            let bits = (usize::BITS - solver.values_below.leading_zeros()).max(1);
            let cost = MaskCost::new(&solver);
            let kept = cost.estimate(&solver, solver.sparseness, solver.rare.len() as u64);
            for variant in VARIANTS {
                if let Some((rare, best)) = fewest_rare_of_variants(&counts, bits, &[variant]) {
                    let estimate = cost.estimate(&solver, best, rare);
                    prop_assert!(estimate >= 0.9 * kept, "{best:?} {estimate} {kept}");
                }
            }
        }
    }

    /// The rare pass pairs of the next heap that the estimate counts are
    /// those of the splits listed one by one: every rare `a >= 1` below a
    /// split's total (codes with repeated digits have splits of every size).
    #[test]
    fn the_estimate_counts_the_rare_pass_pairs(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 0..4),
        repeating in proptest::collection::vec(0u8..8, 0..2),
        upto in 1u64..400,
        mask in 1u32..1 << 10,
        variant in 0usize..3,
    ) {
        if let Ok(code) = OctalCode::from_digits(&[vec![first], digits].concat(), &repeating) {
            let game = TakeAndBreak::Octal(code);
            let values = plain(&game, upto);
            let mut solver = SparseGrundy::new(game.clone());
            solver.extend_to(upto, Budget::default()).unwrap();
            let (domain, offset) = VARIANTS[variant];
            let sparseness = Sparseness { mask, domain, offset };
            let rare = rare_positions_of(&values, sparseness);
            let next = upto + 1;
            let mut expected = 0u64;
            game.for_each_move_class(next, |class| {
                if let MoveClass::Split { total, .. } = class {
                    if class.largest_smaller_part() >= 1 {
                        expected += rare.iter().filter(|&&a| u64::from(a) < total).count() as u64;
                    }
                }
            });
            let cost = MaskCost::new(&solver);
            prop_assert_eq!(cost.rare_pairs(&solver, sparseness, rare.len() as u64), expected);
        }
    }

    /// Whatever split the estimate picks, the values are the plain
    /// definition's, on codes with splits of every size too (where the
    /// choice departs most from the fewest rare positions).
    #[test]
    fn the_choice_does_not_change_values(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 0..4),
        repeating in proptest::collection::vec(0u8..8, 0..2),
        upto in 0u64..700,
    ) {
        if let Ok(code) = OctalCode::from_digits(&[vec![first], digits].concat(), &repeating) {
            let game = TakeAndBreak::Octal(code);
            let mut solver = SparseGrundy::new(game.clone());
            solver.extend_to(upto, Budget::default()).unwrap();
            let values: Vec<u32> = solver.values().collect();
            prop_assert_eq!(&values, &plain(&game, upto));
            prop_assert_eq!(&solver.rare, &rare_positions_of(&values, solver.sparseness));
        }
    }

    /// The values are the plain definition's whatever split is forced, with
    /// masks of up to 16 bits and every (domain, offset) variant, on the
    /// blocked, threaded and general paths.
    #[test]
    fn values_do_not_depend_on_the_split(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..5),
        upto in 0u64..1500,
        mask in 1u32..1 << 16,
        variant in 0usize..3,
        threads in 1usize..3,
        block_len in 1usize..20,
    ) {
        if let Ok(code) = OctalCode::from_digits(&[vec![first], digits].concat(), &[]) {
            let game = TakeAndBreak::Octal(code);
            let (domain, offset) = VARIANTS[variant];
            let mut solver = SparseGrundy::new(game.clone()).with_threads(threads);
            solver.block_len = block_len;
            solver.fix_sparseness(mask, domain, offset);
            solver.extend_to(upto, Budget::default()).unwrap();
            prop_assert_eq!(solver.mask(), mask);
            let values: Vec<u32> = solver.values().collect();
            prop_assert_eq!(&values, &plain(&game, upto));
            prop_assert_eq!(&solver.rare, &rare_positions_of(&values, solver.sparseness));
            let mut general = SparseGrundy::new(game.clone());
            general.store = Store::Full(Vec::new());
            general.fix_sparseness(mask, domain, offset);
            general.extend_to(upto, Budget::default()).unwrap();
            prop_assert_eq!(general.into_values(), values);
        }
    }
}

/// For a block from `start`, the leading thread's second phase
/// ([`pool::QuickRow`]) gives every row its plain value while the values
/// fit bytes. Returns how many rows the first phase's mex stood for (the
/// quick check) and how many needed the full second phase.
fn check_leading_rows(
    game: &TakeAndBreak,
    start: u32,
    block_len: u32,
    horizon: u32,
) -> std::result::Result<(usize, usize), TestCaseError> {
    let reference = plain(game, u64::from(start + block_len));
    let mut solver = SparseGrundy::new(game.clone());
    solver.block_len = block_len as usize;
    solver.scan_horizon = horizon;
    solver
        .extend_to(u64::from(start) - 1, Budget::default())
        .unwrap();
    let span = solver.seen.len();
    let Some(plan) = solver.block_plan(start) else {
        return Ok((0, 0));
    };
    let Store::Narrow(tables) = &solver.store else {
        return Ok((0, 0));
    };
    let rows = Rows {
        tables: (),
        rare: &solver.rare,
        plan: &plan,
        game,
    };
    let mut marks = vec![0; plan.len as usize * span];
    let mut answers = vec![None; plan.len as usize];
    rows.with(tables)
        .solve_rows::<256>(&mut marks, &mut answers, 0..plan.len, span);
    let mut block = Vec::new();
    let mut scratch = pool::RowScratch::default();
    let (mut stood, mut full) = (0, 0);
    for (j, &answer) in answers.iter().enumerate() {
        let n = start + j as u32;
        let value = reference[n as usize];
        let leading = pool::QuickRow {
            tables,
            rare: &solver.rare,
            plan: &plan,
            game,
            block: &block,
        }
        .value(n, answer, &marks[j * span..(j + 1) * span], &mut scratch);
        let Ok(cell) = u8::try_from(value) else {
            // The values widen here: the caller's own path takes over.
            prop_assert_eq!(leading, None, "heap {} of {}", n, game);
            break;
        };
        prop_assert_eq!(leading, Some(cell), "heap {} of {}", n, game);
        if answer == Some(value) {
            stood += 1;
        } else {
            full += 1;
        }
        block.push(cell);
    }
    Ok((stood, full))
}

#[test]
fn leading_second_phase_on_grundys_game_and_kayles() {
    let (mut stood, mut full) = (0, 0);
    for game in [TakeAndBreak::grundys_game(), TakeAndBreak::kayles()] {
        for (start, block_len, horizon) in [(3000, 64, SCAN_HORIZON), (1000, 17, 2), (500, 5, 0)] {
            let (quick, slow) = check_leading_rows(&game, start, block_len, horizon).unwrap();
            stood += quick;
            full += slow;
        }
    }
    // Both the quick check and the full second phase were tried.
    assert!(stood > 20 && full > 5, "{stood} {full}");
}

/// The solver with the dense kernel forced by `choice` (every heap with
/// `Alternate(u32::MAX)`; switching both ways every `period` heaps with
/// `Alternate(period)`), on `threads` threads.
fn dense(game: &TakeAndBreak, upto: u64, choice: DenseChoice, threads: usize) -> SparseGrundy {
    let mut solver = SparseGrundy::new(game.clone()).with_threads(threads);
    solver.dense = choice;
    solver.extend_to(upto, Budget::default()).unwrap();
    solver
}

#[test]
fn the_measured_choice_goes_dense_where_the_sparse_space_fails_only() {
    // .06: about 40% of the heaps are rare by 2^13.
    let mut solver = SparseGrundy::new(TakeAndBreak::octal("0.06").unwrap());
    solver.extend_to(1 << 13, Budget::default()).unwrap();
    assert!(solver.dense_pays(1 << 13), "{} rare", solver.rare_count());
    assert!(!solver.dense_pays(100), "small heaps stay sparse");
    let mut grundy = SparseGrundy::new(TakeAndBreak::grundys_game());
    grundy.extend_to(1 << 13, Budget::default()).unwrap();
    assert!(!grundy.dense_pays(1 << 13));
    // u32 cells never take the dense kernel.
    let mut full = SparseGrundy::new(TakeAndBreak::octal("0.06").unwrap());
    full.store = Store::Full(Vec::new());
    full.extend_to(1 << 13, Budget::default()).unwrap();
    assert!(!full.dense_pays(1 << 13));
}

#[test]
fn the_dense_kernel_agrees_with_plain_on_dense_games_in_both_cell_widths() {
    let mut widest = 0;
    for code in ["0.06", "0.04", "0.76", "0.164"] {
        let game = TakeAndBreak::octal(code).unwrap();
        // Values pass 256 before 3,000 heaps in these games: bytes, then 16-bit cells.
        let reference = plain(&game, 3000);
        widest = widest.max(reference.iter().copied().max().unwrap_or(0));
        let solver = dense(&game, 3000, DenseChoice::Alternate(u32::MAX), 1);
        assert!(solver.values().eq(reference.iter().copied()), "{code}");
        for period in [1, 7, 64, 500] {
            let solver = dense(&game, 3000, DenseChoice::Alternate(period), 1);
            assert!(
                solver.values().eq(reference.iter().copied()),
                "{code} {period}"
            );
            assert_eq!(
                solver.rare_positions(),
                rare_positions_of(&reference, solver.sparseness),
                "{code} {period}"
            );
        }
    }
    assert!(
        widest < 256,
        "{widest}: the dense games stay in bytes this far"
    );
    // 4.(7) (any number taken, the rest in up to two heaps) passes 1,024 by
    // heap 600: 16-bit cells and marks of 512, 1,024 and 2,048 entries.
    let game = TakeAndBreak::octal("4.(7)").unwrap();
    let reference = plain(&game, 600);
    assert!(reference.iter().any(|&v| v >= 1024));
    for period in [u32::MAX, 1, 50] {
        let solver = dense(&game, 600, DenseChoice::Alternate(period), 1);
        assert!(solver.values().eq(reference.iter().copied()), "{period}");
    }
}

#[test]
fn the_dense_kernel_is_charged_a_unit_of_work_a_pair() {
    // .04 has one splitting digit: heap n has (n - 2) / 2 pairs; on top,
    // its min(n, 2) + 1 removals listed and its 256 marks (16 steps).
    let game = TakeAndBreak::octal("0.04").unwrap();
    let solver = dense(&game, 999, DenseChoice::Alternate(u32::MAX), 1);
    let pairs: u64 = (0..1000u64)
        .map(|n| n.saturating_sub(2) / 2 + n.min(2) + 1 + 16)
        .sum();
    assert_eq!(solver.work(), pairs);
    // The work cap stops a dense run as it stops a sparse one.
    let mut capped = SparseGrundy::new(game);
    capped.dense = DenseChoice::Alternate(u32::MAX);
    let result = capped.extend_to(100_000, Budget::default().with_work(1_000_000));
    assert!(matches!(result, Err(Error::WorkLimitExceeded { .. })));
    assert!(capped.len() < 3000, "{}", capped.len());
}

#[test]
fn a_dense_run_resumes_to_the_values_and_state_of_one_never_stopped() {
    // The measured choice switches .06 to the dense kernel at 4,096 heaps;
    // the stop at 5,000 falls inside the dense part, the one at 3,000 before it.
    let game = TakeAndBreak::octal("0.06").unwrap();
    let mut whole = SparseGrundy::new(game.clone());
    whole.extend_to(9000, Budget::default()).unwrap();
    for stop in [3000, 5000] {
        let mut first = SparseGrundy::new(game.clone());
        first.extend_to(stop, Budget::default()).unwrap();
        let stored: Vec<u32> = first.values().collect();
        let mut resumed =
            SparseGrundy::resume(game.clone(), stored, first.state(), Budget::default()).unwrap();
        resumed.extend_to(9000, Budget::default()).unwrap();
        assert!(resumed.values().eq(whole.values()), "{stop}");
        let (resumed_state, whole_state) = (resumed.state(), whole.state());
        assert_eq!(resumed_state.mask, whole_state.mask, "{stop}");
        if stop >= 4096 {
            // Dense heaps are charged one by one: the same work however the
            // run was cut (the sparse path charges blocks, which a resume
            // from a heap inside a block aligns differently).
            assert_eq!(resumed_state, whole_state, "{stop}");
        }
        assert_eq!(resumed.rare_positions(), whole.rare_positions(), "{stop}");
    }
    assert!(whole.dense_pays(9000));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The dense kernel, alone or switching with the sparse path every
    /// `period` heaps (both ways, across reselections and the move to
    /// 16-bit cells), gives the plain definition's values, on one thread or two.
    #[test]
    fn the_dense_kernel_agrees_with_plain(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..5),
        repeating in proptest::collection::vec(0u8..8, 0..2),
        upto in 0u64..1500,
        period in prop_oneof![Just(u32::MAX), 1u32..200],
        threads in 1usize..3,
        wide in any::<bool>(),
    ) {
        if let Ok(code) = OctalCode::from_digits(&[vec![first], digits].concat(), &repeating) {
            let game = TakeAndBreak::Octal(code);
            let mut solver = SparseGrundy::new(game.clone()).with_threads(threads);
            solver.dense = DenseChoice::Alternate(period);
            if wide {
                // 16-bit cells from the start, marks of 512 entries.
                solver.store = Store::Wide(Tables::default());
                solver.seen.resize(512, 0);
            }
            solver.extend_to(upto, Budget::default()).unwrap();
            let values: Vec<u32> = solver.values().collect();
            prop_assert_eq!(&values, &plain(&game, upto));
            prop_assert_eq!(&solver.rare, &rare_positions_of(&values, solver.sparseness));
        }
    }
}
