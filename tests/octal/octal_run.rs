//! Long Grundy-sequence runs (`SequenceRun`): statistics against an
//! independent computation and published figures, checkpoints that resume
//! to identical results, and checkpoints that are refused.

use proptest::prelude::*;
use std::path::PathBuf;
use std::time::Duration;
use stonegame::impartial::octal::{
    CheckpointKey, OctalCode, ResumeCheck, SequenceRun, SequenceStats, SparseGrundy, TakeAndBreak,
    grundy_sequence, grundy_sequence_plain,
};
use stonegame::{Budget, Error};

/// The key these tests sign checkpoints with (never the user's own).
const TEST_KEY: [u8; 16] = *b"octal_run tests!";

fn key() -> CheckpointKey {
    CheckpointKey::from_bytes(TEST_KEY)
}

/// The signature a checkpoint ends with: SipHash-2-4 under `key` of every
/// byte before it (the standard library's deprecated `SipHasher` is that
/// function: an implementation independent of the crate's).
#[allow(deprecated)]
fn signature(key: [u8; 16], bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let k0 = u64::from_le_bytes(key[..8].try_into().unwrap());
    let k1 = u64::from_le_bytes(key[8..].try_into().unwrap());
    let mut hasher = std::hash::SipHasher::new_with_keys(k0, k1);
    hasher.write(bytes);
    hasher.finish()
}

/// A fresh file name in the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "stonegame-octal-run-{}-{name}-{n}",
        std::process::id()
    ))
}

/// The statistics of `values` under the split `(mask, domain, offset)`,
/// straight from their definitions.
fn stats_by_definition(
    values: &[u32],
    mask: u32,
    domain: u32,
    offset: u32,
) -> (u64, Option<u64>, u32, u64) {
    let rare: Vec<u64> = (1..values.len() as u64)
        .filter(|&n| {
            let parity = (values[n as usize] & mask).count_ones() & 1;
            parity == domain & ((n as u32 ^ offset) & 1)
        })
        .collect();
    let largest = values.iter().copied().max().unwrap_or(0);
    let first = values.iter().position(|&v| v == largest).unwrap_or(0) as u64;
    (rare.len() as u64, rare.last().copied(), largest, first)
}

fn check_against_definition(game: &TakeAndBreak, upto: u64) -> Result<(), TestCaseError> {
    let mut run = SequenceRun::new(game.clone());
    run.extend_to(upto).unwrap();
    let plain = grundy_sequence_plain(game, upto, Budget::default()).unwrap();
    let stats = run.stats();
    let state = run.solver().state();
    prop_assert!(run.solver().values().eq(plain.iter().copied()));
    prop_assert_eq!(stats.heaps, upto + 1);
    prop_assert_eq!(stats.mask, state.mask);
    prop_assert_eq!(
        (
            stats.rare_count,
            stats.last_rare_heap,
            stats.largest_value,
            stats.largest_first_heap
        ),
        stats_by_definition(&plain, state.mask, state.domain, state.offset)
    );
    Ok(())
}

fn random_code(first: u8, digits: Vec<u8>) -> Option<TakeAndBreak> {
    OctalCode::from_digits(&[vec![first], digits].concat(), &[])
        .ok()
        .map(TakeAndBreak::Octal)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every statistic agrees with the plain definition's values.
    #[test]
    fn stats_agree_with_the_definition(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..4),
        upto in 0u64..1500,
    ) {
        if let Some(game) = random_code(first, digits) {
            check_against_definition(&game, upto)?;
        }
    }

    /// A run stopped at any heap, written, read back and extended ends with
    /// the values, rare positions, solver state and statistics of a run
    /// that stopped at the same heap without a checkpoint.
    #[test]
    fn checkpoints_resume_to_identical_runs(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..4),
        cut in 0u64..3000,
        more in 0u64..3000,
    ) {
        if let Some(game) = random_code(first, digits) {
            let path = scratch("prop");
            let mut whole = SequenceRun::new(game.clone());
            whole.extend_to(cut).unwrap();
            whole.extend_to(cut + more).unwrap();
            let mut first_part = SequenceRun::new(game.clone())
                .with_checkpoint_key(key())
                .with_checkpoint(&path, Duration::from_secs(3600));
            first_part.extend_to(cut).unwrap();
            let mut resumed = SequenceRun::resume(&path, game, Budget::default(), &key()).unwrap();
            prop_assert_eq!(resumed.stats(), first_part.stats());
            resumed.extend_to(cut + more).unwrap();
            std::fs::remove_file(&path).unwrap();
            prop_assert!(resumed.solver().values().eq(whole.solver().values()));
            prop_assert_eq!(resumed.solver().rare_positions(), whole.solver().rare_positions());
            prop_assert_eq!(resumed.solver().state(), whole.solver().state());
            prop_assert_eq!(resumed.stats(), whole.stats());
        }
    }
}

#[test]
fn named_games_agree_with_the_definition() {
    for game in [
        TakeAndBreak::grundys_game(),
        TakeAndBreak::kayles(),
        TakeAndBreak::dawsons_kayles(),
        TakeAndBreak::octal("0.6").unwrap(),
        TakeAndBreak::octal("0.(7)").unwrap(),
    ] {
        check_against_definition(&game, 2500).unwrap();
    }
}

/// Grundy's game to 2^17 heaps, G(0..131072), through the run (chunk by
/// chunk), against published figures:
/// - tczajka/octal-games, `UnsolvedGames.md` and its reference solver
///   `old/src/analyze_exec.cc` (figures at 2^17 by running it, as in
///   tests/octal/octal_published.rs): mask 0xfe, 1,274 rare heaps counting heap 0
///   (1,273 without), the last at 82,860; largest value 230, first at 45,668;
/// - A. Flammenkamp, "Sprague-Grundy Values of Grundy's Game"
///   (wwwhomes.uni-bielefeld.de/achim/grundy.html): the sparse set is the
///   values with an even number of ones above the lowest bit (mask 0111…10),
///   and its first members, listed there with their values, are the heaps
///   below (heap 0 left out here).
#[test]
fn grundys_game_matches_published_figures_to_2_17() {
    let mut run = SequenceRun::new(TakeAndBreak::grundys_game());
    let mut powers = Vec::new();
    run.extend_with((1 << 17) - 1, |run| {
        let stats = run.stats();
        if stats.heaps.is_power_of_two() {
            powers.push(stats.heaps);
        }
        Ok(())
    })
    .unwrap();
    assert_eq!(powers, [1 << 14, 1 << 15, 1 << 16, 1 << 17]);
    let stats = run.stats();
    assert_eq!(stats.heaps, 1 << 17);
    assert_eq!(stats.mask, 0xfe);
    assert_eq!(stats.rare_count, 1_273);
    assert_eq!(stats.last_rare_heap, Some(82_860));
    assert_eq!(
        (stats.largest_value, stats.largest_first_heap),
        (230, 45_668)
    );
    // Flammenkamp's list of sparse values, from heap 1 to heap 231: (heap, G).
    let listed: [(u32, u32); 47] = [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    let solver = run.solver();
    let first: Vec<u32> = solver
        .rare_positions()
        .iter()
        .copied()
        .take_while(|&h| h <= 231)
        .collect();
    assert_eq!(first, listed.map(|(heap, _)| heap));
    for (heap, value) in listed {
        assert_eq!(solver.value(heap.into()), Some(value), "G({heap})");
    }
}

fn written_run(game: TakeAndBreak, upto: u64) -> (PathBuf, SequenceStats) {
    let path = scratch("file");
    // Kayles to 2^20 scans about 7 * 10^10 common pairs (charged a step per
    // eight since issue 35): more than the default cap.
    let mut run = SequenceRun::new(game)
        .with_budget(Budget::default().with_work(1 << 40))
        .with_checkpoint_key(key())
        .with_checkpoint(&path, Duration::from_secs(3600));
    run.extend_to(upto).unwrap();
    (path, run.stats())
}

fn resume(path: &PathBuf, game: TakeAndBreak) -> stonegame::Result<SequenceRun> {
    SequenceRun::resume(path, game, Budget::default(), &key())
}

#[test]
fn a_checkpoint_of_another_game_is_refused() {
    let (path, _) = written_run(TakeAndBreak::grundys_game(), 3000);
    for other in [TakeAndBreak::kayles(), TakeAndBreak::octal("0.6").unwrap()] {
        let error = resume(&path, other).unwrap_err();
        assert!(matches!(error, Error::CheckpointMismatch { .. }), "{error}");
        assert!(error.to_string().contains("grundys-game"), "{error}");
    }
    std::fs::remove_file(&path).unwrap();
}

/// Every byte of a checkpoint matters: a change anywhere, a cut or an
/// extension is refused, never resumed.
#[test]
fn a_damaged_checkpoint_is_refused() {
    let game = TakeAndBreak::grundys_game();
    let (path, stats) = written_run(game.clone(), 5000);
    let sound = std::fs::read(&path).unwrap();
    assert_eq!(resume(&path, game.clone()).unwrap().stats(), stats);
    // Bytes 0..8 are the magic, 8..12 the version: every byte, header and
    // values, and the signature (the last 8 bytes: no longer this key's).
    let mut places: Vec<usize> = (0..120).collect();
    places.extend((120..sound.len()).step_by(97));
    places.extend(sound.len() - 9..sound.len());
    for place in places {
        for flip in [0x01u8, 0x80] {
            let mut bytes = sound.clone();
            bytes[place] ^= flip;
            std::fs::write(&path, &bytes).unwrap();
            match resume(&path, game.clone()) {
                Err(Error::CheckpointCorrupt { .. }) => {}
                Err(Error::CheckpointMismatch { .. }) if (20..32).contains(&place) => {}
                Err(Error::CheckpointUnsigned { .. }) if place >= sound.len() - 8 => {}
                other => panic!("byte {place} ^ {flip:#x}: {other:?}"),
            }
        }
    }
    for len in [0, 7, 19, 40, sound.len() / 2, sound.len() - 1] {
        std::fs::write(&path, &sound[..len]).unwrap();
        let error = resume(&path, game.clone()).unwrap_err();
        assert!(
            matches!(error, Error::CheckpointCorrupt { .. }),
            "{len}: {error}"
        );
    }
    let mut longer = sound.clone();
    longer.push(0);
    std::fs::write(&path, &longer).unwrap();
    assert!(matches!(
        resume(&path, game.clone()),
        Err(Error::CheckpointCorrupt { .. })
    ));
    // Another format version is named as such.
    let mut newer = sound.clone();
    newer[8] = 3;
    std::fs::write(&path, &newer).unwrap();
    let error = resume(&path, game.clone()).unwrap_err();
    assert!(error.to_string().contains("format version 3"), "{error}");
    std::fs::remove_file(&path).unwrap();
    let error = resume(&path, game).unwrap_err();
    assert!(matches!(error, Error::Io { .. }), "{error}");
}

/// A checkpoint whose values are not the game's (written by a program with
/// another rule under the same name, sums recomputed, signed with the key)
/// is refused by the definition check.
#[test]
fn values_of_another_game_under_a_sound_header_are_refused() {
    let game = TakeAndBreak::grundys_game();
    let (path, _) = written_run(TakeAndBreak::kayles(), 5000);
    let bytes = std::fs::read(&path).unwrap();
    let kayles = TakeAndBreak::kayles().to_string();
    // Rename the game in the header and recompute both checksums the way the format does.
    let named = rewrite_name(&bytes, &kayles, &game.to_string());
    std::fs::write(&path, named).unwrap();
    let error = resume(&path, game).unwrap_err();
    assert!(matches!(error, Error::CheckpointCorrupt { .. }), "{error}");
    assert!(error.to_string().contains("definition"), "{error}");
    std::fs::remove_file(&path).unwrap();
}

/// The header with `from` renamed `to`, both checksums recomputed (the
/// format's checksum, written out independently: XOR, multiply, rotate per
/// little-endian word, the tail zero-padded, the length last) and the file
/// signed again with [`TEST_KEY`].
fn rewrite_name(bytes: &[u8], from: &str, to: &str) -> Vec<u8> {
    fn checksum(seed: u64, bytes: &[u8]) -> u64 {
        let mut state = 0xcbf2_9ce4_8422_2325 ^ seed;
        let mut step = |word: u64| {
            state = (state ^ word)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(29);
        };
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            step(u64::from_le_bytes(word));
        }
        step(bytes.len() as u64);
        state
    }
    let name_len = u32::from_le_bytes(bytes[16..20].try_into().unwrap()) as usize;
    assert_eq!(&bytes[20..20 + name_len], from.as_bytes());
    let header_end = 20 + name_len + 56;
    let mut head = bytes[..16].to_vec();
    head.extend_from_slice(&(to.len() as u32).to_le_bytes());
    head.extend_from_slice(to.as_bytes());
    head.extend_from_slice(&bytes[20 + name_len..header_end]);
    let head_sum = checksum(0, &head);
    let values = &bytes[header_end + 8..bytes.len() - 16];
    let mut out = head;
    out.extend_from_slice(&head_sum.to_le_bytes());
    out.extend_from_slice(values);
    out.extend_from_slice(&checksum(head_sum, values).to_le_bytes());
    let signed = signature(TEST_KEY, &out);
    out.extend_from_slice(&signed.to_le_bytes());
    out
}

#[test]
fn a_checkpoint_larger_than_the_budget_is_refused_before_reading() {
    let game = TakeAndBreak::grundys_game();
    let (path, _) = written_run(game.clone(), 100_000);
    let error = SequenceRun::resume(&path, game, Budget::from_bytes(64 << 10), &key()).unwrap_err();
    assert!(
        matches!(error, Error::MemoryBudgetExceeded { .. }),
        "{error}"
    );
    std::fs::remove_file(&path).unwrap();
}

/// The budget a resume needs is that of the values in their cells (one byte
/// each here) plus the solver's tables, not four bytes a value twice over: a
/// budget of three bytes a value holds a byte-cell checkpoint.
#[test]
fn a_checkpoint_resumes_within_a_budget_of_its_cells() {
    // A subtraction game ({1, 2}: values 0, 1, 2, …) fills a million byte
    // cells in well under a second of a debug build; Kayles, whose common
    // pairs are scanned, took minutes there and tests nothing more here.
    let game = TakeAndBreak::octal("0.33").unwrap();
    let heaps = 1u64 << 20;
    let (path, stats) = written_run(game.clone(), heaps);
    assert!(stats.largest_value < 256, "byte cells");
    let budget = Budget::from_bytes(3 * u128::from(heaps));
    let run = SequenceRun::resume(&path, game, budget, &key()).unwrap();
    assert_eq!(run.stats(), stats);
    std::fs::remove_file(&path).unwrap();
}

/// A run stopped by the work cap keeps (and writes) what it computed; with
/// a higher cap it resumes from there to the values of a run never stopped.
#[test]
fn a_run_stopped_by_the_work_cap_resumes_with_more_work() {
    let game = TakeAndBreak::grundys_game();
    let path = scratch("cap");
    let mut capped = SequenceRun::new(game.clone())
        .with_budget(Budget::default().with_work(3_000_000))
        .with_checkpoint_key(key())
        .with_checkpoint(&path, Duration::from_secs(3600));
    let error = capped.extend_to(60_000).unwrap_err();
    assert!(matches!(error, Error::WorkLimitExceeded { .. }), "{error}");
    let reached = capped.stats().heaps;
    assert!(reached > 0 && reached < 60_001, "{reached}");
    let mut resumed = resume(&path, game.clone()).unwrap();
    assert_eq!(resumed.stats(), capped.stats());
    resumed.extend_to(60_000).unwrap();
    std::fs::remove_file(&path).unwrap();
    let reference = grundy_sequence(&game, 60_000, Budget::default()).unwrap();
    assert!(resumed.solver().values().eq(reference));
}

/// `SparseGrundy::resume` refuses states no solver has.
#[test]
fn impossible_solver_states_are_refused() {
    let game = TakeAndBreak::kayles();
    let mut solver = SparseGrundy::new(game.clone());
    solver.extend_to(300, Budget::default()).unwrap();
    let values: Vec<u32> = solver.values().collect();
    let good = solver.state();
    use stonegame::impartial::octal::SolverState;
    let bad = [
        SolverState { domain: 2, ..good },
        SolverState {
            domain: 0,
            offset: 1,
            ..good
        },
        SolverState {
            next_reselect: 0,
            ..good
        },
        SolverState {
            next_reselect: 100,
            ..good
        },
        SolverState {
            width_at_reselect: 3,
            ..good
        },
        SolverState {
            rare_at_reselect: 302,
            ..good
        },
    ];
    for state in bad {
        let error = SparseGrundy::resume(game.clone(), values.clone(), state, Budget::default())
            .unwrap_err();
        assert!(
            matches!(error, Error::InvalidParameter { .. }),
            "{state:?}: {error}"
        );
    }
    // A value far beyond the budget's counts is refused, not allocated.
    let mut huge = values.clone();
    huge[5] = u32::MAX - 1;
    let error = SparseGrundy::resume(game, huge, good, Budget::from_mebibytes(16)).unwrap_err();
    assert!(
        matches!(error, Error::MemoryBudgetExceeded { .. }),
        "{error}"
    );
}

/// Grundy's game to 2^21 heaps, G(0..2097152), against tczajka/octal-games'
/// `UnsolvedGames.md` (n = 2^21): 1,274 rare heaps with heap 0 under the
/// mask 0xfe, the last at 82,860; the largest value 231, first at heap
/// 763,622. Checked at the power of two, as the run passes it.
#[test]
fn grundys_game_matches_published_figures_at_2_21() {
    let mut run = SequenceRun::new(TakeAndBreak::grundys_game())
        .with_budget(Budget::default().with_work(u64::MAX));
    let mut at_2_21 = None;
    run.extend_with(1 << 21, |run| {
        if run.stats().heaps == 1 << 21 {
            at_2_21 = Some(run.stats());
        }
        Ok(())
    })
    .unwrap();
    let stats = at_2_21.expect("the run stops at every multiple of its chunk");
    assert_eq!(stats.mask, 0xfe);
    assert_eq!(stats.rare_count + 1, 1_274);
    assert_eq!(stats.last_rare_heap, Some(82_860));
    assert_eq!(
        (stats.largest_value, stats.largest_first_heap),
        (231, 763_622)
    );
    // One heap further, the figures of G(0..=2^21).
    assert_eq!(run.stats().heaps, (1 << 21) + 1);
}

/// The count under a given mask, straight from the definition: heaps
/// `n >= 1` with `popcount(G(n) & mask)` even.
fn counted_by_definition(values: &[u32], mask: u32) -> (u64, Option<u64>) {
    let (rare, last, _, _) = stats_by_definition(values, mask, 0, 0);
    (rare, last)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The rare positions under a mask the caller gives agree with the
    /// definition, whether counted as the run goes or by one pass over the
    /// values afterwards, and whatever mask the solver chose.
    #[test]
    fn counts_under_a_given_mask_agree_with_the_definition(
        first in prop_oneof![Just(0u8), Just(4u8)],
        digits in proptest::collection::vec(0u8..8, 1..4),
        upto in 0u64..2500,
        cut in 0u64..2500,
        mask in prop_oneof![1u32..1 << 16, any::<u32>()],
    ) {
        if let Some(game) = random_code(first, digits) {
            let plain = grundy_sequence_plain(&game, upto, Budget::default()).unwrap();
            let expected = counted_by_definition(&plain, mask);
            let mut along = SequenceRun::new(game.clone()).with_count_mask(mask);
            along.extend_to(cut.min(upto)).unwrap();
            along.extend_to(upto).unwrap();
            let counted = along.stats().counted.unwrap();
            prop_assert_eq!(counted.mask, mask);
            prop_assert_eq!((counted.rare_count, counted.last_rare_heap), expected);
            let mut after = SequenceRun::new(game);
            after.extend_to(upto).unwrap();
            let after = after.with_count_mask(mask);
            prop_assert_eq!(after.stats().counted, Some(counted));
        }
    }
}

#[test]
fn a_finished_checkpoint_is_counted_under_a_given_mask() {
    // .04 to 2^13 heaps; tczajka/octal-games publishes its mask 0x7b8 (at 2^17).
    let game = TakeAndBreak::octal("0.04").unwrap();
    let (path, _) = written_run(game.clone(), (1 << 13) - 1);
    let resumed = resume(&path, game.clone()).unwrap().with_count_mask(0x7b8);
    std::fs::remove_file(&path).unwrap();
    let plain = grundy_sequence_plain(&game, (1 << 13) - 1, Budget::default()).unwrap();
    let counted = resumed.stats().counted.unwrap();
    assert_eq!(
        (counted.rare_count, counted.last_rare_heap),
        counted_by_definition(&plain, 0x7b8)
    );
    let shown = resumed.stats().to_string();
    assert!(
        shown.contains("\ncount-mask 0x7b8\ncount-mask-rare "),
        "{shown}"
    );
}

/// Checkpoints written by the binary of the release before masks wider than
/// ten bits (format version 1, no signature): `.04` to heap 4999 (byte
/// cells) and Last One, `0.(7)`, to heap 2999 (16-bit cells), each written
/// by `grundy --stats --checkpoint`; and the same runs in format version 2,
/// signed with `tests/data/test-checkpoint.key` (`STONEGAME_CHECKPOINT_KEY=
/// tests/data/test-checkpoint.key stonegame grundy --octal 0.04 --upto 4999
/// --stats --checkpoint …`). Version 1 is refused by a plain resume (no
/// signature) and resumes with every value re-derived; version 2 resumes
/// under its key and no other. They extend to the values of the
/// definition, and count under a given mask.
#[test]
fn stored_checkpoints_of_both_versions_resume() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let fixture_key = CheckpointKey::load(data.join("test-checkpoint.key")).unwrap();
    for (file, code, heaps) in [
        ("octal-0.04-5000-v1.ckpt", "0.04", 5000u64),
        ("last-one-3000-v1.ckpt", "0.(7)", 3000),
        ("octal-0.04-5000-v2.ckpt", "0.04", 5000u64),
        ("last-one-3000-v2.ckpt", "0.(7)", 3000),
    ] {
        let game = TakeAndBreak::octal(code).unwrap();
        let path = data.join(file);
        let budget = Budget::default();
        let resumed = if file.ends_with("-v1.ckpt") {
            let error = SequenceRun::resume(&path, game.clone(), budget, &fixture_key).unwrap_err();
            assert!(matches!(error, Error::CheckpointUnsigned { .. }), "{error}");
            assert!(error.to_string().contains("format version 1"), "{error}");
            let every = ResumeCheck::Every;
            let resumed = SequenceRun::resume_checked(&path, game.clone(), budget, &key(), every);
            let resumed = resumed.unwrap();
            assert!(resumed.needs_signing(), "{file}");
            resumed
        } else {
            let error = SequenceRun::resume(&path, game.clone(), budget, &key()).unwrap_err();
            assert!(matches!(error, Error::CheckpointUnsigned { .. }), "{error}");
            let resumed = SequenceRun::resume(&path, game.clone(), budget, &fixture_key).unwrap();
            assert!(!resumed.needs_signing(), "{file}");
            resumed
        };
        let mut resumed = resumed.with_count_mask(0x7b8);
        assert_eq!(resumed.stats().heaps, heaps, "{file}");
        let upto = heaps + 300;
        resumed.extend_to(upto).unwrap();
        let plain = grundy_sequence_plain(&game, upto, Budget::default()).unwrap();
        assert!(
            resumed.solver().values().eq(plain.iter().copied()),
            "{file}"
        );
        let counted = resumed.stats().counted.unwrap();
        assert_eq!(
            (counted.rare_count, counted.last_rare_heap),
            counted_by_definition(&plain, 0x7b8),
            "{file}"
        );
    }
}

/// A run with a checkpoint but no key writes nothing: refused, saying how.
#[test]
fn a_checkpoint_without_a_key_is_refused() {
    let path = scratch("keyless");
    let mut run = SequenceRun::new(TakeAndBreak::kayles()).with_checkpoint(&path, Duration::ZERO);
    let error = run.extend_to(100).unwrap_err();
    assert!(matches!(error, Error::InvalidParameter { .. }), "{error}");
    assert!(error.to_string().contains("with_checkpoint_key"), "{error}");
    assert!(!path.exists());
}

/// `Debug` of a key, and of a run holding one, shows no secret.
#[test]
fn debug_output_hides_the_key() {
    let secret = *b"\x01secret-bytes!!\x02";
    let shown = format!("{:?}", CheckpointKey::from_bytes(secret));
    let run = SequenceRun::new(TakeAndBreak::kayles())
        .with_checkpoint_key(CheckpointKey::from_bytes(secret));
    let shown_run = format!("{run:?}");
    for text in [&shown, &shown_run] {
        assert!(text.contains("<hidden>"), "{text}");
        assert!(!text.contains("secret-bytes"), "{text}");
        assert!(!text.contains("115, 101, 99"), "{text}"); // "sec" as numbers
    }
}
