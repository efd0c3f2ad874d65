//! Issue 44: the vectorised transforms (Shoup twiddles, fixed-size small
//! levels, runtime vector dispatch), the fold of symmetric walks and the
//! Control checks of the counting loops, against simple references.

use proptest::prelude::*;
use stonegame::control::Control;
use stonegame::counting::{
    AbsorbingWalk, CountingMethod, StepWeights, polynomial_product_modulo,
    rational_series_coefficient_modulo,
};
use stonegame::{Budget, Error};

/// One modulus of each engine: NTT primes (one transform), moduli below
/// 2^32 (three primes, Barrett reduction), 64-bit moduli (five primes).
fn modulus() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(998_244_353_u64),
        Just(167_772_161),
        Just(469_762_049),
        Just(1_000_000_007),
        Just(4_294_967_295),
        2_u64..(1 << 32),
        Just(u64::MAX),
        Just((1 << 61) - 1),
        any::<u64>().prop_map(|m| m.max(1)),
    ]
}

fn naive_convolution(left: &[u64], right: &[u64], m: u64) -> Vec<u64> {
    let mut out = vec![0_u64; left.len() + right.len() - 1];
    for (i, &x) in left.iter().enumerate() {
        for (j, &y) in right.iter().enumerate() {
            let term = u128::from(x % m) * u128::from(y % m) % u128::from(m);
            out[i + j] = ((u128::from(out[i + j]) + term) % u128::from(m)) as u64;
        }
    }
    out
}

/// `[x^index] p / q` term by term (`q[0] = 1`).
fn series_term(p: &[u64], q: &[u64], index: usize, m: u64) -> u64 {
    let mut series = vec![0_u64; index + 1];
    for k in 0..=index {
        let mut value = u128::from(p.get(k).copied().unwrap_or(0) % m);
        for j in 1..=k.min(q.len() - 1) {
            let term = u128::from(q[j] % m) * u128::from(series[k - j]) % u128::from(m);
            value = (value + u128::from(m) - term) % u128::from(m);
        }
        series[k] = value as u64;
    }
    series[index]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Products by transforms of every size up to 2^12 (every level kind:
    /// the fixed-size small ones and the general ones) equal the naive
    /// convolution, for each modulus class.
    #[test]
    fn products_equal_the_naive_convolution(
        left in prop::collection::vec(any::<u64>(), 1..1500),
        right in prop::collection::vec(any::<u64>(), 1..1500),
        m in modulus(),
    ) {
        let fast = polynomial_product_modulo(&left, &right, m, Budget::default()).unwrap();
        prop_assert_eq!(fast, naive_convolution(&left, &right, m));
    }

    /// Bostan–Mori (transforms at every step) against term-by-term division.
    #[test]
    fn series_coefficients_equal_term_by_term_division(
        p in prop::collection::vec(any::<u64>(), 1..120),
        q in prop::collection::vec(any::<u64>(), 1..120),
        index in 0_usize..600,
        m in modulus(),
    ) {
        let mut q = q;
        q[0] = 1;
        let fast = rational_series_coefficient_modulo(&p, &q, index as u64, m, Budget::default()).unwrap();
        prop_assert_eq!(fast, series_term(&p, &q, index, m));
    }

    /// The folded recurrence (symmetric weights) against the sweep.
    #[test]
    fn symmetric_walks_by_recurrence_equal_the_sweep(
        a in 1_u64..60,
        b in 1_u64..60,
        u in 0_u64..4,
        stay in 0_u64..4,
        rounds in 0_u64..400,
        m in modulus(),
    ) {
        let walk = AbsorbingWalk::new(a, b, StepWeights::new(u, stay, u));
        let series = walk.with_method(CountingMethod::Recurrence).total_absorbed_modulo(rounds, m).unwrap();
        let sweep = walk.with_method(CountingMethod::Sweep).total_absorbed_modulo(rounds, m).unwrap();
        prop_assert_eq!(series, sweep);
    }
}

#[test]
fn a_cancelled_control_refuses_every_counting_loop() {
    let control = Control::new();
    control.cancel();
    let budget = Budget::default().with_control(&control);
    let cancelled = |result: stonegame::Result<u64>| matches!(result, Err(Error::Cancelled { .. }));
    let walk = AbsorbingWalk::janken(300, 200).with_budget(budget);
    let huge = 1_000_000_000_000_000_000;
    for modulus in [998_244_353, 1_000_000_007, u64::MAX] {
        assert!(
            cancelled(walk.total_absorbed_modulo(huge, modulus)),
            "recurrence mod {modulus}"
        );
    }
    // The asymmetric (unfolded) recurrence and the sweep.
    let lopsided = AbsorbingWalk::new(30, 20, StepWeights::new(1, 1, 2)).with_budget(budget);
    assert!(cancelled(
        lopsided.total_absorbed_modulo(huge, 1_000_000_007)
    ));
    assert!(cancelled(
        walk.with_method(CountingMethod::Sweep)
            .total_absorbed_modulo(1000, 7)
    ));
    assert!(cancelled(walk.total_absorbed::<u64>(10)));
    let series = rational_series_coefficient_modulo(&[1], &[1, 1, 1], huge, 1_000_000_007, budget);
    assert!(cancelled(series));
    // Reset, the same computations run.
    control.reset();
    assert!(walk.total_absorbed_modulo(huge, 998_244_353).is_ok());
}
