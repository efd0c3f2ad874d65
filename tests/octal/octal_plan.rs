//! The planner behind `HeapValues` / `OctalGame`: whatever the limits, an
//! answer equals the XOR of the values a simple reference computes, and a
//! way refused by a limit falls back to what the values computed answer.

use proptest::prelude::*;
use stonegame::impartial::octal::{
    HeapValues, OctalGame, PlannedValues, SparseGrundy, TakeAndBreak, grundy_sequence_plain,
    planned_values,
};
use stonegame::{Budget, Error, Outcome};

const CODES: [&str; 8] = [
    "0.6", "0.37", "0.1777", "0.007", "0.77", "0.137", "4.(3)", "0.(4)",
];

fn game(index: usize) -> TakeAndBreak {
    TakeAndBreak::by_name(CODES[index % CODES.len()]).unwrap()
}

/// The outcome of `heaps` from the reference values.
fn reference(game: &TakeAndBreak, heaps: &[u64]) -> Outcome {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let values = grundy_sequence_plain(game, largest, Budget::default()).unwrap();
    let total = heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]);
    if total == 0 {
        Outcome::Second
    } else {
        Outcome::First
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn answers_equal_the_reference_xor_under_any_limits(
        index in 0usize..CODES.len(),
        heaps in proptest::collection::vec(0u64..400, 1..4),
        limit in 1u64..500,
        search in 1u64..700,
    ) {
        let game = game(index);
        let mut values = HeapValues::new(game.clone()).with_limit(limit).with_search_limit(search);
        let largest = *heaps.iter().max().unwrap();
        match values.outcome(&heaps) {
            Ok(outcome) => prop_assert_eq!(outcome, reference(&game, &heaps)),
            // Only a heap beyond the direct limit may go unanswered.
            Err(Error::SizeLimitExceeded { .. }) => prop_assert!(largest >= limit),
            Err(other) => prop_assert!(false, "{other}"),
        }
        // Below the direct limit the values way is sure.
        let mut direct = HeapValues::new(game.clone()).with_limit(largest + 1);
        prop_assert_eq!(direct.outcome(&heaps).unwrap(), reference(&game, &heaps));
    }

    #[test]
    fn planned_sequences_equal_the_reference(index in 0usize..CODES.len(), upto in 0u64..600) {
        let game = game(index);
        let planned = planned_values(&game, upto, 1, Budget::default(), || Ok(())).unwrap();
        let all = planned.into_vec(upto, Budget::default()).unwrap();
        prop_assert_eq!(all, grundy_sequence_plain(&game, upto, Budget::default()).unwrap());
    }
}

#[test]
fn a_period_search_stopped_by_its_work_cap_falls_back_to_the_values_it_computed() {
    // 0.6 has no period within thousands of heaps: the search computes on
    // until its cap; the heap asked (beyond the direct limit) is among the
    // values computed by then.
    let game = TakeAndBreak::octal("0.6").unwrap();
    let mut probe = SparseGrundy::new(game.clone());
    probe.extend_to(1500, Budget::default()).unwrap();
    let cap = probe.work();
    let budget = Budget::default().with_work(cap);
    let mut values = HeapValues::new(game.clone())
        .with_limit(100)
        .with_search_limit(1 << 20)
        .with_budget(budget);
    assert_eq!(
        values.outcome(&[700, 3]).unwrap(),
        reference(&game, &[700, 3])
    );
    assert!(values.certificate().is_none());
    // A heap beyond what the capped search reached is refused by that cap.
    let refused = values.outcome(&[100_000]).unwrap_err();
    assert!(
        matches!(refused, Error::WorkLimitExceeded { .. }),
        "{refused}"
    );
}

#[test]
fn heaps_below_the_direct_limit_are_not_answered_by_a_period_hunt() {
    // A work cap far below a period hunt to 2^22 but above the values up to
    // the heap: the old path (a period search first) was refused.
    let game = TakeAndBreak::octal("0.1777").unwrap();
    let mut probe = SparseGrundy::new(game.clone());
    probe.extend_to(5000, Budget::default()).unwrap();
    let budget = Budget::default().with_work(probe.work() * 2);
    let mut octal = OctalGame::new(game.clone())
        .with_search_limit(1 << 32)
        .with_budget(budget);
    assert_eq!(octal.outcome(&[4097]).unwrap(), reference(&game, &[4097]));
    // The values up to the heap and no more (no period search past it).
    assert_eq!(octal.heap_values().computed(), 4098);
    assert_eq!(
        octal.outcome(&[5000, 1]).unwrap(),
        reference(&game, &[5000, 1])
    );
}

#[test]
fn a_periodic_game_is_answered_by_its_proof_past_the_direct_limit() {
    let mut kayles = HeapValues::new(TakeAndBreak::kayles()).with_limit(1 << 10);
    assert_eq!(kayles.outcome(&[1 << 40, 4]).unwrap(), Outcome::Second);
    assert_eq!(kayles.certificate().unwrap().period(), 12);
    let planned = planned_values(
        &TakeAndBreak::kayles(),
        1 << 20,
        1,
        Budget::default(),
        || Ok(()),
    );
    assert!(matches!(planned.unwrap(), PlannedValues::Certified(..)));
}

#[test]
fn an_interruption_stops_a_planned_sequence() {
    let game = TakeAndBreak::octal("0.6").unwrap();
    let stop = || {
        Err(Error::WorkLimitExceeded {
            what: "interrupted".into(),
            steps: 0,
        })
    };
    assert!(planned_values(&game, 1 << 16, 1, Budget::default(), stop).is_err());
}
