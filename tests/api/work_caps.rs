//! Work caps charged by the real inner operations (issue 35): a library
//! call refuses below the steps it measured and succeeds with exactly them,
//! and the steps are at least the inner operations counted independently.

use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak};
use stonegame::scoring::{EndsRemainder, REMAINDER_CELLS_PER_STEP};
use stonegame::{Budget, Error};

fn capped(steps: u64) -> Budget {
    Budget::default().with_work(steps)
}

#[test]
fn ends_remainder_charges_its_cells_exactly() {
    let values: Vec<i64> = (0..3000).map(|i| (i * 37 % 101) - 50).collect();
    let n = values.len() as u128;
    // Cells of the sweep: every interval of two stones or more.
    let cells = n * (n - 1) / 2;
    let steps = cells.div_ceil(REMAINDER_CELLS_PER_STEP) as u64;
    let game = EndsRemainder::new(values.clone()).unwrap();
    let expected = game.value().unwrap();
    let at_cap = game.clone().with_budget(capped(steps));
    assert_eq!(at_cap.value().unwrap(), expected);
    let below = game.clone().with_budget(capped(steps - 1));
    assert!(matches!(
        below.value(),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    // The table: a step a cell, n(n+1)/2 of them.
    let table_cells = (n * (n + 1) / 2) as u64;
    let table = game
        .clone()
        .with_budget(capped(table_cells))
        .solve()
        .unwrap();
    assert_eq!(table.value(), expected);
    let short = game.with_budget(capped(table_cells - 1)).solve();
    assert!(matches!(short, Err(Error::WorkLimitWouldExceed { .. })));
}

/// Computes G(0..=upto) with the default cap and returns the steps charged.
fn measured_steps(game: &TakeAndBreak, upto: u64) -> u64 {
    let mut solver = SparseGrundy::new(game.clone());
    solver.extend_to(upto, Budget::default()).unwrap();
    solver.work()
}

/// The same run refuses with half its steps and succeeds with all of them.
fn assert_cap_is_exact(game: &TakeAndBreak, upto: u64) -> u64 {
    let steps = measured_steps(game, upto);
    let mut enough = SparseGrundy::new(game.clone());
    enough.extend_to(upto, capped(steps)).unwrap();
    assert_eq!(enough.work(), steps);
    let mut short = SparseGrundy::new(game.clone());
    let refused = short.extend_to(upto, capped(steps / 2)).unwrap_err();
    let message = refused.to_string();
    assert!(
        matches!(refused, Error::WorkLimitExceeded { .. }),
        "{message}"
    );
    assert!(message.contains(&game.to_string()), "{message}");
    steps
}

#[test]
fn codes_that_repeat_forever_are_charged_every_removal_they_list() {
    // Nim 0.(3) and 0.(1): heap n lists n + 1 removals (no split to pair),
    // the quadratic work that went uncharged before.
    let upto = 3000u64;
    let removals: u64 = (0..=upto).map(|n| n + 1).sum();
    for code in ["0.(3)", "0.(1)"] {
        let game = TakeAndBreak::octal(code).unwrap();
        let steps = assert_cap_is_exact(&game, upto);
        assert!(steps >= removals, "{code}: {steps} < {removals}");
        // …and not wildly more: the marks cost a step per 16 entries.
        assert!(steps <= 3 * removals, "{code}: {steps} > 3 × {removals}");
    }
}

#[test]
fn splitting_codes_are_charged_at_least_their_rare_pairs_and_listing() {
    // 4.(7) lists n splits a heap; Kayles two removals and two splits.
    for (code, upto) in [("4.(7)", 600u64), ("0.77", 20_000)] {
        let game = TakeAndBreak::octal(code).unwrap();
        let steps = assert_cap_is_exact(&game, upto);
        let max_take = game.max_take().unwrap_or(u64::MAX);
        let listing: u64 = (0..=upto).map(|n| n.min(max_take) + 1).sum();
        assert!(steps >= listing, "{code}: {steps} < {listing}");
    }
}

#[test]
fn quadratic_stone_rows_are_charged_their_cells_up_front() {
    use stonegame::scoring::{
        DpVariant, FRONT_DOUBLING_STEPS_PER_CELL, FrontDoubling, STONE_SPLIT_STEPS_PER_CELL,
        StoneSplit,
    };
    let values: Vec<i64> = (0..41).map(|i| (i * 37 % 101) + 1).collect();
    // Take up to 2M: rows M = 1..=20 of 42 cells each.
    let steps = (20 * 42 * FRONT_DOUBLING_STEPS_PER_CELL) as u64;
    let game = FrontDoubling::new(values.clone()).unwrap();
    let expected = game.value_by(DpVariant::FullTable).unwrap();
    let at_cap = game.clone().with_budget(capped(steps));
    assert_eq!(at_cap.value().unwrap(), expected);
    assert_eq!(at_cap.solve().unwrap().value(), expected);
    let below = game.with_budget(capped(steps - 1)).value().unwrap_err();
    assert!(
        matches!(below, Error::WorkLimitWouldExceed { .. }),
        "{below}"
    );
    assert!(below.to_string().contains("front-doubling"), "{below}");
    // Stone Game V: every interval, 41 · 42 / 2 of them.
    let steps = (41 * 42 / 2 * STONE_SPLIT_STEPS_PER_CELL) as u64;
    let game = StoneSplit::new(values).unwrap();
    let expected = game.value_by(DpVariant::FullTable).unwrap();
    let at_cap = game.clone().with_budget(capped(steps));
    assert_eq!(at_cap.value().unwrap(), expected);
    assert_eq!(at_cap.solve().unwrap().value(), expected);
    let below = game.with_budget(capped(steps - 1)).solve().unwrap_err();
    assert!(
        matches!(below, Error::WorkLimitWouldExceed { .. }),
        "{below}"
    );
    assert!(below.to_string().contains("stone-split"), "{below}");
}

/// Grundy values of take 1 or 200 by the definition.
fn take_one_or_two_hundred(len: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let mut options = vec![];
        if n >= 1 {
            options.push(values[n - 1]);
        }
        if n >= 200 {
            options.push(values[n - 200]);
        }
        values.push((0..).find(|g| !options.contains(g)).unwrap_or(0));
    }
    values
}

#[test]
fn subtraction_tables_are_charged_up_front() {
    use stonegame::impartial::subtraction::SubtractionSet;
    let set = SubtractionSet::new([1, 200]).unwrap();
    // 14 units a heap (8 + 3 a move): 10^5 heaps need 1.4·10^6.
    let refused = set.grundy_table(99_999, capped(1_399_999)).unwrap_err();
    assert!(
        matches!(
            refused,
            Error::WorkLimitWouldExceed {
                needed: 1_400_000,
                limit: 1_399_999,
                ..
            }
        ),
        "{refused}"
    );
    assert!(refused.to_string().contains("S = {1,200}"), "{refused}");
    let table = set.grundy_table(99_999, capped(1_400_000)).unwrap();
    let expected = take_one_or_two_hundred(100_000);
    assert!(table.iter().map(|g| g.0).eq(expected.iter().copied()));
    let outcomes = set
        .outcome_table(99_999, stonegame::Convention::Normal, capped(1_400_000))
        .unwrap();
    assert!(
        outcomes
            .iter()
            .zip(&expected)
            .all(|(o, &g)| (*o == stonegame::Outcome::Second) == (g == 0))
    );
    assert!(
        set.outcome_table(99_999, stonegame::Convention::Normal, capped(1_399_999))
            .is_err()
    );
}

#[test]
fn a_window_recurrence_is_charged_per_value() {
    use stonegame::impartial::subtraction::SubtractionSet;
    let set = SubtractionSet::new([1, 200]).unwrap();
    let expected = take_one_or_two_hundred(1000);
    // The period (201) shows once two windows of 200 have been computed:
    // about 600 values of 14 units.
    let mut short = set.grundy_recurrence(capped(2_000)).unwrap();
    assert!(matches!(
        short.value(10u64.pow(12)),
        Err(Error::WorkLimitExceeded { steps: 2_000, .. })
    ));
    let mut enough = set.grundy_recurrence(capped(100_000)).unwrap();
    for n in [0u64, 1, 199, 200, 201, 999] {
        assert_eq!(u64::from(enough.value(n).unwrap()), expected[n as usize]);
    }
    let far = 10u64.pow(12);
    let period = enough.periodicity().unwrap();
    assert_eq!(period.period(), 201);
    assert_eq!(
        u64::from(enough.value(far).unwrap()),
        expected[(far % 201) as usize]
    );
}
