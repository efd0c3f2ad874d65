//! Arithmetic periodicity: Lasker's Nim against its closed form, heaps of
//! 10^18, and the detected pattern against computed sequences of random codes.

use proptest::prelude::*;
use stonegame::impartial::octal::{
    Evidence, OctalGame, TakeAndBreak, Theorem, arithmetic_period, find_arithmetic_period,
    grundy_sequence, grundy_sequence_plain,
};
use stonegame::{Budget, Error, Nimber};

/// Lasker's closed form, written independently of the crate.
fn lasker(n: u64) -> u64 {
    match n % 4 {
        0 if n == 0 => 0,
        1 | 2 => n,
        3 => n + 1,
        _ => n - 1,
    }
}

fn laskers_nim() -> TakeAndBreak {
    TakeAndBreak::octal("4.(3)").unwrap()
}

#[test]
fn laskers_nim_matches_its_closed_form() {
    let plain = grundy_sequence_plain(&laskers_nim(), 300, Budget::default()).unwrap();
    let fast = grundy_sequence(&laskers_nim(), 3000, Budget::default()).unwrap();
    for (n, &g) in fast.iter().enumerate() {
        assert_eq!(u64::from(g), lasker(n as u64), "G({n})");
    }
    assert_eq!(&fast[..plain.len()], &plain[..]);
    let pattern = arithmetic_period(&laskers_nim(), 500, Budget::default())
        .unwrap()
        .unwrap();
    assert_eq!(pattern.evidence(), Evidence::Certified(Theorem::LaskersNim));
    assert_eq!(
        (pattern.preperiod(), pattern.period(), pattern.saltus()),
        (1, 4, 4)
    );
    for n in (0..3000).chain([
        10u64.pow(18),
        10u64.pow(18) + 1,
        10u64.pow(18) + 2,
        10u64.pow(18) + 3,
    ]) {
        assert_eq!(pattern.grundy(n).unwrap(), Nimber(lasker(n)), "G({n})");
    }
}

#[test]
fn octal_game_answers_laskers_nim_at_ten_to_the_eighteen() {
    let mut game = OctalGame::new(laskers_nim());
    let big = 10u64.pow(18);
    assert_eq!(game.nimber(&[big]).unwrap(), Nimber(big - 1));
    assert_eq!(game.nimber(&[big + 3, 7]).unwrap(), Nimber((big + 4) ^ 8));
    for heaps in [
        vec![big],
        vec![big + 3, 5],
        vec![big + 3, big + 2, 1],
        vec![big + 2, big + 1],
        vec![big + 7, big + 4],
        vec![big + 3, big],
    ] {
        let total = heaps.iter().fold(0, |x, &h| x ^ lasker(h));
        let found = game.winning_move(&heaps).unwrap();
        assert_eq!(found.is_some(), total != 0, "{heaps:?}");
        if let Some(m) = found {
            let after = m.apply(&heaps).unwrap();
            assert_eq!(
                after.iter().fold(0, |x, &h| x ^ lasker(h)),
                0,
                "{m} in {heaps:?}"
            );
            assert!(after.iter().sum::<u64>() <= heaps.iter().sum::<u64>());
        }
    }
}

#[test]
fn observed_patterns_answer_only_the_computed_heaps() {
    // 4.(7): take any number and optionally split the rest; not covered by a theorem.
    let game = TakeAndBreak::octal("4.(7)").unwrap();
    if let Some(pattern) = arithmetic_period(&game, 400, Budget::default()).unwrap() {
        assert!(!pattern.is_certified());
        assert!(matches!(
            pattern.grundy(401),
            Err(Error::SizeLimitExceeded { .. })
        ));
    }
    let found = find_arithmetic_period(&[0, 1, 2, 3, 4, 5, 6, 7]).unwrap();
    assert_eq!(found.evidence(), Evidence::Observed { checked_upto: 7 });
    assert!(found.grundy(8).is_err());
}

#[test]
fn nim_like_codes_are_certified() {
    for code in ["0.(3)", "0.(7)", "0.3(7)"] {
        let game = TakeAndBreak::octal(code).unwrap();
        if !game.is_nim_like() {
            continue;
        }
        let pattern = arithmetic_period(&game, 100, Budget::default())
            .unwrap()
            .unwrap();
        assert_eq!(
            pattern.evidence(),
            Evidence::Certified(Theorem::NimLike),
            "{code}"
        );
        assert_eq!(pattern.grundy(u64::MAX).unwrap(), Nimber(u64::MAX));
    }
}

/// Codes `d0.prefix(repeat)` with short parts.
fn codes() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![0u8, 4]),
        prop::collection::vec(0u8..8, 0..3),
        prop::collection::vec(0u8..8, 1..3),
    )
        .prop_map(|(d0, prefix, repeat)| {
            let digits = |ds: &[u8]| ds.iter().map(|d| char::from(b'0' + d)).collect::<String>();
            format!("{d0}.{}({})", digits(&prefix), digits(&repeat))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn detected_pattern_reproduces_the_computed_values(code in codes()) {
        let Ok(game) = TakeAndBreak::octal(&code) else { return Ok(()); };
        let values = grundy_sequence(&game, 300, Budget::default()).unwrap();
        if let Some(pattern) = find_arithmetic_period(&values) {
            for (n, &g) in values.iter().enumerate() {
                prop_assert_eq!(pattern.grundy(n as u64).unwrap(), Nimber(u64::from(g)), "{} G({})", code, n);
            }
        }
        if let Some(pattern) = arithmetic_period(&game, 300, Budget::default()).unwrap() {
            if pattern.is_certified() {
                let longer = grundy_sequence(&game, 1200, Budget::default()).unwrap();
                for (n, &g) in longer.iter().enumerate() {
                    prop_assert_eq!(pattern.grundy(n as u64).unwrap(), Nimber(u64::from(g)), "{} G({})", code, n);
                }
            }
        }
    }

    #[test]
    fn detection_finds_planted_patterns(
        head in prop::collection::vec(0u32..50, 0..6),
        cycle in prop::collection::vec(0u32..50, 1..5),
        saltus in 0u32..6,
        extra_turns in 0usize..4,
    ) {
        // Enough turns that the pattern fills the second half of the values.
        let turns = 2 * head.len() + 4 + extra_turns;
        let mut values = head.clone();
        for t in 0..turns {
            values.extend(cycle.iter().map(|&c| c + t as u32 * saltus));
        }
        let found = find_arithmetic_period(&values).expect("a planted pattern repeats enough");
        // The least period is found; it reproduces every value.
        prop_assert!(found.period() <= cycle.len() as u64);
        for (n, &g) in values.iter().enumerate() {
            prop_assert_eq!(found.grundy(n as u64).unwrap(), Nimber(u64::from(g)));
        }
    }
}
