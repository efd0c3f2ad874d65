//! The solved octal games of the published tables, certified from heap 0
//! with the octal periodicity theorem (the quick ones; `.354`, `.376` and
//! `.1777` take seconds to minutes and are listed with their time and
//! memory in docs/octal.md).

use stonegame::Budget;
use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak, grundy_sequence_plain};

/// `(code, preperiod, period)` of the nontrivial solved games in
/// tczajka/octal-games' `SolvedGames.md` (Kenyon 1967; Austin 1976;
/// Gangolli and Plambeck 1989).
const SOLVED: [(&str, u64, u64); 8] = [
    ("0.45", 498, 20),
    ("0.156", 3_479, 349),
    ("0.356", 7_315, 142),
    ("0.644", 3_256, 442),
    ("0.165", 5_181, 1_550),
    ("0.16", 105_351, 149_459),
    ("0.56", 326_640, 144),
    ("0.127", 46_578, 4),
];

#[test]
fn the_solved_games_are_certified_from_scratch_on_one_and_two_threads() {
    for (code, preperiod, period) in SOLVED {
        for threads in [1, 2] {
            let game = TakeAndBreak::octal(code).unwrap();
            let mut solver = SparseGrundy::new(game).with_threads(threads);
            let certificate = solver
                .certify_period(1 << 21, Budget::default())
                .unwrap()
                .unwrap_or_else(|| panic!("{code}: no certificate"));
            assert_eq!(
                (certificate.preperiod(), certificate.period()),
                (preperiod, period),
                "{code} on {threads} threads"
            );
        }
    }
}

/// Certifies `code` from heap 0 on one thread, within the first 2^21 values.
fn certify(code: &str) -> stonegame::impartial::octal::PeriodCertificate {
    let game = TakeAndBreak::octal(code).unwrap();
    SparseGrundy::new(game)
        .certify_period(1 << 21, Budget::default())
        .unwrap()
        .unwrap_or_else(|| panic!("{code}: no certificate"))
}

/// `4.364`, listed as unsolved in tczajka/octal-games' `UnsolvedGames.md`,
/// certifies from 23,501 values: preperiod 11,687, period 62 (the crate's
/// plain reference agrees that `G(11686) != G(11748)`, docs/octal.md). Its
/// equivalents `4.366`, `4.374`, `4.376` (`GameLookup.md`) certify alike in
/// the release sweep of docs/octal.md; a split-everywhere `4.` code costs
/// about half a second a code in a debug build, so only one is tested here.
#[test]
fn the_4_364_class_certifies_with_preperiod_11687_and_period_62() {
    let certificate = certify("4.364");
    assert_eq!(
        (certificate.preperiod(), certificate.period()),
        (11_687, 62)
    );
}

/// `4.344`, also in `UnsolvedGames.md`, certifies from 2,101 values:
/// preperiod 998, period 51. The plain reference (every option, no sparse
/// space) puts the last exception at the same heap, 997.
#[test]
fn the_4_344_class_certifies_and_the_plain_reference_finds_the_same_last_exception() {
    let certificate = certify("4.344");
    assert_eq!((certificate.preperiod(), certificate.period()), (998, 51));
    let game = TakeAndBreak::octal("4.344").unwrap();
    let plain = grundy_sequence_plain(&game, 3_000, Budget::default()).unwrap();
    let last_exception = (0..plain.len() - 51)
        .rev()
        .find(|&n| plain[n] != plain[n + 51]);
    assert_eq!(last_exception, Some(997));
    assert_eq!(&plain[..998 + 51], certificate.values());
}

/// The codes that tczajka/octal-games' `GameLookup.md` maps to `.644`
/// (period 442 from heap 3,256) and OEIS A071464's `.1271` (the values of
/// `.127`) certify with the published figures of their class.
#[test]
fn codes_equivalent_to_published_long_periods_certify_alike() {
    let classes: [(&str, &[&str], u64, u64); 2] = [
        (
            "0.644",
            &[
                "0.645", "0.646", "0.647", "0.654", "0.655", "0.656", "0.657", "0.664", "0.665",
                "0.666", "0.667", "0.674", "0.675", "0.676", "0.677",
            ],
            3_256,
            442,
        ),
        ("0.127", &["0.1271"], 46_578, 4),
    ];
    for (representative, equivalents, preperiod, period) in classes {
        let values = certify(representative).values().to_vec();
        for code in equivalents {
            let certificate = certify(code);
            assert_eq!(
                (certificate.preperiod(), certificate.period()),
                (preperiod, period),
                "{code}"
            );
            assert_eq!(certificate.values(), &values[..], "{code}");
        }
    }
}
