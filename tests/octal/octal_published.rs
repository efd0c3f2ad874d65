//! More published Grundy sequences (OEIS) for octal games, including two `4.`
//! codes (a heap may be split without removing anything), and their published
//! periods. The sparse-space fast path, the plain O(n^2) reference and the
//! periodicity certificate must all reproduce them.

use stonegame::Budget;
use stonegame::impartial::octal::TakeAndBreak;
use stonegame::impartial::octal::{
    find_period_certificate, grundy_sequence, grundy_sequence_plain,
};

struct Published {
    code: &'static str,
    oeis: &'static str,
    /// G(offset), G(offset + 1), ... as listed by OEIS.
    offset: usize,
    values: &'static [u32],
    /// The last heap whose value is an exception to the period.
    last_exception: u64,
    period: u64,
}

const PUBLISHED: [Published; 4] = [
    Published {
        code: "0.1377",
        oeis: "A071434",
        offset: 1,
        values: &[
            1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2, 6, 6, 4, 4, 1, 1, 2, 2, 7,
            7, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8, 5, 5, 4, 4,
            7, 7, 2, 2, 1, 1, 8, 8, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 7, 7, 2, 2, 1,
            1, 8, 8, 2, 2, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8,
        ],
        last_exception: 140,
        period: 24,
    },
    Published {
        code: "4.777",
        oeis: "A077069",
        offset: 1,
        values: &[
            1, 2, 4, 6, 1, 2, 8, 10, 1, 13, 2, 16, 1, 4, 13, 14, 1, 8, 4, 13, 1, 2, 4, 8, 1, 13,
            16, 8, 1, 4, 2, 13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1, 4, 2, 13,
            1, 4, 8, 13, 1, 16, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1, 4, 2, 13, 1, 4, 8, 13, 1, 16,
            4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1,
        ],
        last_exception: 18,
        period: 20,
    },
    Published {
        code: "4.102",
        oeis: "A125938",
        offset: 1,
        values: &[
            1, 1, 1, 2, 2, 2, 0, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4,
            2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2,
        ],
        last_exception: 7,
        period: 10,
    },
    Published {
        code: "0.117",
        oeis: "A071453",
        offset: 1,
        values: &[
            1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4, 0, 1, 5, 4, 3, 2, 2, 2, 3, 1,
            0, 1, 0, 4, 3, 2, 2, 2, 0, 1, 0, 1, 0, 4, 3, 2, 5, 4, 0, 1, 0, 1, 0, 2, 3, 2, 3, 4, 0,
            1, 0, 1, 3, 2, 3, 2, 3, 4, 0, 1, 0, 4, 3, 2, 3, 2, 3, 1, 0, 1, 0, 4, 3, 2, 3, 2, 0, 1,
            0, 1, 0, 4, 3, 2, 3, 4, 0, 1, 0, 1, 0, 2, 3, 2, 3, 4,
        ],
        last_exception: 46,
        period: 48,
    },
];

#[test]
fn sparse_and_plain_sequences_match_oeis() {
    for published in &PUBLISHED {
        let game = TakeAndBreak::by_name(published.code).unwrap();
        let upto = (published.offset + published.values.len() - 1) as u64;
        let sparse = grundy_sequence(&game, upto, Budget::default()).unwrap();
        let plain = grundy_sequence_plain(&game, upto, Budget::default()).unwrap();
        assert_eq!(sparse, plain, "{}: sparse vs plain", published.code);
        assert_eq!(
            &sparse[published.offset..],
            published.values,
            "{} ({})",
            published.code,
            published.oeis
        );
    }
}

#[test]
fn certificates_reproduce_published_periods() {
    for published in &PUBLISHED {
        let game = TakeAndBreak::by_name(published.code).unwrap();
        let certificate = find_period_certificate(&game, 1 << 16, Budget::default())
            .unwrap()
            .unwrap_or_else(|| panic!("{}: no certificate", published.code));
        assert_eq!(certificate.period(), published.period, "{}", published.code);
        assert_eq!(
            certificate.preperiod(),
            published.last_exception + 1,
            "{}",
            published.code
        );
    }
}

/// Grundy's game to 2^17 heaps, the statistics of the sparse-space method
/// (figures confirmed by running the reference solver of
/// tczajka/octal-games, `old/src/analyze_exec.cc` as `analyze grundy`, which
/// prints them at every power of two; the 2^12 figures also by this crate's
/// plain definition): with the
/// rare/common mask 0xfe, 1,273 rare heaps besides heap 0 (the reference
/// counts heap 0 too: 1,274), the last at 82,860; the largest value 230,
/// first at heap 45,668.
#[test]
fn grundys_game_sparse_statistics_to_2_17() {
    use stonegame::impartial::octal::SparseGrundy;
    let mut solver = SparseGrundy::new(TakeAndBreak::grundys_game());
    solver
        .extend_to((1 << 17) - 1, Budget::default())
        .expect("within the default work cap");
    assert_eq!(solver.mask(), 0xfe);
    assert_eq!(solver.rare_count(), 1_273);
    assert_eq!(solver.rare_positions().last(), Some(&82_860));
    let largest = solver.values().max().unwrap();
    assert_eq!(largest, 230);
    assert_eq!(solver.values().position(|v| v == largest), Some(45_668));
    let values: Vec<u32> = solver.values().collect();
    // At 2^12 (small enough for the plain definition): largest value 64, first at 4,019.
    let plain = grundy_sequence_plain(&TakeAndBreak::grundys_game(), 4095, Budget::default())
        .expect("small table");
    assert_eq!(plain[..], values[..4096]);
    assert_eq!(plain.iter().max(), Some(&64));
    assert_eq!(plain.iter().position(|&v| v == 64), Some(4_019));
}
