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
