//! A user's own DP variant beside the crate's (issue 47): the hand-written
//! Stone Game VII DP of `examples/dp_own_variant.rs`, a `DpSolver` of its
//! own, against every built-in variant of its family on random stones, and
//! listed by the lineup's `costs()` report as they are.

#[allow(dead_code)]
#[path = "../../examples/dp_own_variant.rs"]
mod dp_own_variant;

use dp_own_variant::HandRolling;
use proptest::prelude::*;
use stonegame::scoring::{
    BuiltInVariant, DpFamily, DpGame, DpLineup, DpSolver, DpVariant, EndsRemainder, Order,
    TableSize, VariantInfo,
};
use stonegame::{Budget, Error};

/// LeetCode 1690 by plain recursion: the mover's best difference on `stones[l..r]`.
fn brute(stones: &[i64], l: usize, r: usize) -> i64 {
    if r - l <= 1 {
        return 0;
    }
    let sum: i64 = stones[l..r].iter().sum();
    (sum - stones[l] - brute(stones, l + 1, r)).max(sum - stones[r - 1] - brute(stones, l, r - 1))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The user's variant gives every built-in variant's value, through the
    /// lineup as through the family's game.
    #[test]
    fn the_users_variant_agrees_with_the_built_in_ones(
        stones in prop::collection::vec(-1000i64..=1000, 0..60),
    ) {
        let budget = Budget::default();
        let expected = EndsRemainder::from_values(&stones, budget)?.value()?;
        prop_assert_eq!(HandRolling.value(&stones, budget)?, expected);
        let lineup = dp_own_variant::lineup();
        for solver in lineup.in_family("EndsRemainder") {
            prop_assert_eq!(solver.value(&stones, budget)?, expected, "{}", solver.info());
        }
    }

    /// Against the plain recursion on small rows.
    #[test]
    fn the_users_variant_matches_the_recursion(
        stones in prop::collection::vec(1i64..=1000, 0..12),
    ) {
        let value = HandRolling.value(&stones, Budget::default())?;
        prop_assert_eq!(value, brute(&stones, 0, stones.len()));
    }
}

#[test]
fn the_report_lists_the_users_variant_with_the_built_in_ones() {
    let lineup = dp_own_variant::lineup();
    let costs = lineup.costs();
    let names: Vec<&str> = costs.iter().map(|c| c.variant.as_ref()).collect();
    assert_eq!(
        names,
        [
            "memoised",
            "full-table",
            "rolling",
            "length-major",
            "hand-rolling"
        ]
    );
    // The built-in rows are the family's costs, in order.
    for (row, cost) in costs.iter().zip(DpFamily::EndsRemainder.costs()) {
        assert_eq!(row.variant, cost.variant.name());
        assert_eq!((row.time, row.memory), (cost.time, cost.memory));
    }
    let mine = costs.last().unwrap();
    assert_eq!(mine.family, "EndsRemainder");
    assert_eq!(mine.game, DpFamily::EndsRemainder.name());
    assert_eq!((mine.time, mine.memory), (Order::QUADRATIC, Order::LINEAR));
    assert_eq!(mine.table, TableSize::array(Order::LINEAR).times(2));

    let report = lineup.report(1000).to_string();
    assert_eq!(
        report,
        "Stone Game VII (LeetCode 1690) [EndsRemainder], n = 1000:\n\
         \x20 memoised: O(n^2) time, O(n^2) memory, 500000 memo entries (n^2/2 memo entries)\n\
         \x20 full-table: O(n^2) time, O(n^2) memory, 500000 cells (n^2/2 cells)\n\
         \x20 rolling: O(n^2) time, O(n) memory, 1000 cells (n cells)\n\
         \x20 length-major: O(n^2) time, O(n) memory, 1000 cells (n cells)\n\
         \x20 hand-rolling: O(n^2) time, O(n) memory, 2000 cells (2n cells)\n"
    );
}

#[test]
fn every_built_in_variant_is_in_the_lineup_as_the_family_lists_it() {
    let lineup = DpLineup::<i64>::built_in();
    let keys: Vec<&str> = DpFamily::ALL.iter().map(|f| f.key()).collect();
    assert_eq!(lineup.families(), keys);
    for family in DpFamily::ALL {
        let listed: Vec<(String, Order, Order)> = lineup
            .in_family(family.key())
            .map(|s| {
                let info = s.info();
                (info.variant.into_owned(), info.time, info.memory)
            })
            .collect();
        let costs: Vec<(String, Order, Order)> = family
            .costs()
            .iter()
            .map(|c| (c.variant.name().to_string(), c.time, c.memory))
            .collect();
        assert_eq!(listed, costs, "{family:?}");
    }
}

/// A family of the user's own is a family of the lineup like the others.
#[test]
fn a_family_of_the_users_own_gets_its_own_heading() {
    struct Total;
    impl DpSolver<i64> for Total {
        fn info(&self) -> VariantInfo {
            VariantInfo::new(
                "Total",
                "the sum of the stones",
                "fold",
                Order::LINEAR,
                Order::CONSTANT,
            )
        }
        fn value(&self, stones: &[i64], _: Budget) -> stonegame::Result<i64> {
            Ok(stones.iter().sum())
        }
    }
    let lineup = dp_own_variant::lineup().with(Total);
    assert_eq!(lineup.families(), ["EndsRemainder", "Total"]);
    assert_eq!(lineup.in_family("Total").count(), 1);
    let report = lineup.report(10).to_string();
    assert!(
        report.ends_with("the sum of the stones [Total], n = 10:\n  fold: O(n) time, O(1) memory, 1 cells (1 cells)\n"),
        "{report}"
    );
}

#[test]
fn the_users_variant_refuses_what_it_cannot_do() {
    let huge = [i64::MAX / 2, 3, i64::MAX / 2];
    assert!(matches!(
        HandRolling.value(&huge, Budget::default()),
        Err(Error::ScoreOverflow { .. })
    ));
    let capped = Budget::default().with_work(1000);
    let refused = HandRolling.value(&[1; 100], capped).unwrap_err();
    assert!(
        matches!(
            refused,
            Error::WorkLimitWouldExceed {
                needed: 4950,
                limit: 1000,
                ..
            }
        ),
        "{refused}"
    );
    assert!(
        refused
            .to_string()
            .contains("would need 4950 steps, over the work limit of 1000")
    );
    assert!(matches!(
        HandRolling.value(&[1; 100], Budget::from_bytes(100)),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    // A built-in variant the family lacks is refused, naming those it has.
    let lacking = BuiltInVariant::new(DpFamily::EndsRemainder, DpVariant::Linear).unwrap_err();
    assert!(lacking.to_string().contains("length-major"), "{lacking}");
}
