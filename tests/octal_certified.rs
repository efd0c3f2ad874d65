//! The solved octal games of the published tables, certified from heap 0
//! with the octal periodicity theorem (the quick ones; `.354`, `.376` and
//! `.1777` take seconds to minutes and are listed with their time and
//! memory in docs/octal.md).

use stonegame::Budget;
use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};

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
