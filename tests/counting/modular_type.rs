//! `janken_count::<Modular<M>>` takes the modular fast path (the linear
//! recurrence) when it is cheaper, with the same answers as the sweep in
//! the type itself and as `janken_count_modulo`.

use proptest::prelude::*;
use stonegame::counting::{
    AbsorbingWalk, CountingMethod, Modular, janken_count, janken_count_modulo,
};

/// The count in `Modular<M>` by the generic path, by the sweep forced (in the
/// type, no recurrence), and by `janken_count_modulo`.
fn agree<const M: u64>(a: u64, b: u64, rounds: u64) -> Result<(), TestCaseError> {
    let fast: Modular<M> = janken_count(a, b, rounds).unwrap();
    let swept: Modular<M> = AbsorbingWalk::janken(a, b)
        .with_method(CountingMethod::Sweep)
        .total_absorbed(rounds)
        .unwrap();
    prop_assert_eq!(
        fast,
        swept,
        "a {} b {} rounds {} modulo {}",
        a,
        b,
        rounds,
        M
    );
    prop_assert_eq!(fast.value(), janken_count_modulo(a, b, rounds, M).unwrap());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn modular_counts_equal_the_sweep_in_the_type(a in 1_u64..25, b in 1_u64..25, rounds in 0_u64..1500) {
        agree::<998_244_353>(a, b, rounds)?;
        agree::<1_000_000_007>(a, b, rounds)?;
        agree::<{ u64::MAX }>(a, b, rounds)?;
        agree::<12>(a, b, rounds)?;
    }
}

#[test]
fn many_rounds_take_the_recurrence() {
    let (a, b) = (20, 13);
    // The sweep in the type would need 10^18 steps; the recurrence answers.
    let walk = AbsorbingWalk::janken(a, b);
    assert_eq!(
        walk.method_for(3000, 998_244_353),
        CountingMethod::Recurrence
    );
    let rounds = 1_000_000_000_000_000_000;
    let far: Modular<998_244_353> = janken_count(a, b, rounds).unwrap();
    assert_eq!(
        far.value(),
        janken_count_modulo(a, b, rounds, 998_244_353).unwrap()
    );
    // A forced sweep keeps the sweep's limit and refuses.
    assert!(
        walk.with_method(CountingMethod::Sweep)
            .total_absorbed::<Modular<7>>(rounds)
            .is_err()
    );
}
