//! Counting family: rock-paper-scissors with coins and weighted absorbing walks,
//! checked against brute-force enumeration, the values of the article's program, trinomial
//! coefficients and (with big integers) the reflection principle.

use proptest::prelude::*;
use stonegame::counting::{
    AbsorbingWalk, Modular, PathCount, StepWeights, janken_count, janken_count_modulo,
    janken_counts_by_round, janken_table,
};
use stonegame::{Budget, Error};

/// Absorptions per step (lower, upper), found by walking every sequence of
/// labelled steps: `weights.down` distinct down-steps, and so on.
fn brute_force(lower: u64, upper: u64, weights: StepWeights, steps: u64) -> (Vec<u128>, Vec<u128>) {
    let len = steps as usize;
    let mut absorbed = (vec![0_u128; len], vec![0_u128; len]);
    if lower == 0 || upper == 0 {
        return absorbed;
    }
    let (lower, upper) = (lower as i64, upper as i64);
    let labelled: Vec<i64> = [(-1, weights.down), (0, weights.stay), (1, weights.up)]
        .iter()
        .flat_map(|&(step, copies)| std::iter::repeat_n(step, copies as usize))
        .collect();
    // (position, steps taken)
    let mut stack = vec![(0_i64, 0_usize)];
    while let Some((position, taken)) = stack.pop() {
        if taken == len {
            continue;
        }
        for &step in &labelled {
            let next = position + step;
            if next == -lower {
                absorbed.0[taken] += 1;
            } else if next == upper {
                absorbed.1[taken] += 1;
            } else {
                stack.push((next, taken + 1));
            }
        }
    }
    absorbed
}

/// Surviving sequences of exactly `steps` rounds, by A's gain.
fn brute_survivors(a: u64, b: u64, steps: u64) -> Vec<(i64, u64)> {
    let mut rows = std::collections::BTreeMap::new();
    for code in 0..3_u64.pow(steps as u32) {
        let mut gain = 0_i64;
        let mut alive = true;
        let mut rest = code;
        for _ in 0..steps {
            gain += (rest % 3) as i64 - 1;
            rest /= 3;
            if gain == -(a as i64) || gain == b as i64 {
                alive = false;
                break;
            }
        }
        if alive {
            *rows.entry(gain).or_insert(0) += 1;
        }
    }
    rows.into_iter().collect()
}

fn sum(values: &[u128]) -> u128 {
    values.iter().sum()
}

#[test]
fn values_computed_by_the_articles_program() {
    // Output of the article's Python program (the CodeIQ puzzle's write-up) on inputs where it does not crash.
    for (a, b, n, expected) in [
        (1, 1, 1, 2_u64),
        (1, 2, 7, 127),
        (1, 3, 7, 169),
        (5, 5, 24, 8_243_669_008),
        (10, 7, 24, 3_437_514_543),
        (3, 4, 20, 119_325_165),
        (24, 24, 24, 2),
        (12, 12, 24, 401_146_772),
    ] {
        assert_eq!(
            janken_count::<u64>(a, b, n).unwrap(),
            expected,
            "{a},{b},{n}"
        );
    }
}

#[test]
fn more_coins_than_rounds_is_not_a_crash() {
    // The article's program raises KeyError on these.
    assert_eq!(janken_count::<u64>(30, 30, 24).unwrap(), 0);
    assert_eq!(janken_count::<u64>(24, 30, 24).unwrap(), 1); // B wins all 24
    assert_eq!(janken_count::<u64>(25, 24, 24).unwrap(), 1); // A wins all 24
    assert_eq!(janken_count::<u64>(u64::MAX, u64::MAX, 10_000).unwrap(), 0);
    assert_eq!(
        janken_count::<u64>(u64::MAX, 3, 10).unwrap(),
        janken_count::<u64>(11, 3, 10).unwrap()
    );
}

#[test]
fn zero_coins_or_rounds_give_zero() {
    for (a, b, n) in [(0, 5, 5), (5, 0, 5), (0, 0, 3), (5, 5, 0), (1, 1, 0)] {
        assert_eq!(janken_count::<u64>(a, b, n).unwrap(), 0);
        assert_eq!(janken_count_modulo(a, b, n, 7).unwrap(), 0);
    }
    assert_eq!(janken_counts_by_round::<u64>(0, 3, 4).unwrap(), vec![0; 4]);
    assert!(
        AbsorbingWalk::janken(0, 3)
            .survivor_table::<u64>(4)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn articles_table_is_the_trinomial_triangle() {
    let rows = janken_table::<u128>(40).unwrap();
    assert_eq!(rows.len(), 40);
    for (index, row) in rows.iter().enumerate() {
        let k = index as u128 + 1;
        assert_eq!(row.lowest, -(k as i64));
        assert_eq!(row.counts.len() as u128, 2 * k + 1);
        for (offset, count) in row.counts.iter().enumerate() {
            let gain = (offset as i64 + row.lowest).unsigned_abs() as u128;
            assert_eq!(*count, trinomial(k, gain), "k = {k}, gain = {gain}");
        }
    }
    assert_eq!(rows[2].counts, vec![1, 3, 6, 7, 6, 3, 1]);
}

/// Coefficient of x^gain in (x^-1 + 1 + x)^k: choose i losses, i + gain wins.
fn trinomial(k: u128, gain: u128) -> u128 {
    (0..=k)
        .take_while(|i| 2 * i + gain <= k)
        .map(|i| binomial(k, i) * binomial(k - i, i + gain))
        .sum()
}

fn binomial(n: u128, r: u128) -> u128 {
    (0..r).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn three_hand_pairs_per_outcome_multiply_by_powers_of_three() {
    let unit = AbsorbingWalk::janken(4, 6).absorptions::<u128>(30).unwrap();
    let hands = AbsorbingWalk::new(4, 6, StepWeights::new(3, 3, 3))
        .absorptions::<u128>(30)
        .unwrap();
    for k in 0..30 {
        let scale = 3_u128.pow(k as u32 + 1);
        assert_eq!(hands.lower[k], unit.lower[k] * scale);
        assert_eq!(hands.upper[k], unit.upper[k] * scale);
    }
}

#[test]
fn overflow_is_an_error_not_a_wrong_number() {
    let err = janken_count::<u64>(50, 50, 1000).unwrap_err();
    assert!(
        matches!(
            err,
            Error::CountOverflow {
                type_name: "u64",
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("does not fit u64"));
    // 3^40 < u64::MAX < 3^41: the single all-wins sequence count is fine, totals are not.
    assert!(janken_counts_by_round::<u64>(1, 1, 100_000).is_ok());
    assert!(janken_count::<u128>(50, 50, 100).is_ok());
}

#[test]
fn invalid_parameters_are_refused() {
    assert!(matches!(
        janken_count_modulo(3, 3, 3, 0),
        Err(Error::InvalidParameter {
            name: "modulus",
            ..
        })
    ));
    let heavy = AbsorbingWalk::new(2, 2, StepWeights::new(1, 300, 1));
    assert!(matches!(
        heavy.total_absorbed::<u8>(3),
        Err(Error::InvalidParameter {
            name: "step weight",
            ..
        })
    ));
    let small = AbsorbingWalk::janken(1_000_000, 1_000_000).with_budget(Budget::from_bytes(1000));
    assert!(matches!(
        small.total_absorbed::<u64>(1_000_000),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert!(matches!(
        AbsorbingWalk::janken(1, 1).absorptions::<u64>(u64::MAX),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert!(matches!(
        janken_table::<u64>(1_000_000),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
}

#[test]
fn wide_barriers_cost_little() {
    // Only the two extreme positions can still reach a barrier: 2 per step.
    let walk = AbsorbingWalk::janken(10_000, 10_000);
    assert!(walk.cell_updates(10_000) <= 2 * 10_000 + 1);
    assert_eq!(walk.total_absorbed::<u64>(10_000).unwrap(), 2);
    assert_eq!(AbsorbingWalk::janken(50, 50).row_len(10_000), 99);
}

#[test]
fn runtime_and_constant_moduli_agree_with_exact_counts() {
    for (a, b, n) in [(5, 5, 24), (3, 9, 60), (1, 1, 70), (7, 2, 75)] {
        let exact = janken_count::<u128>(a, b, n).unwrap();
        let constant: Modular<1_000_000_007> = janken_count(a, b, n).unwrap();
        assert_eq!(u128::from(constant.value()), exact % 1_000_000_007);
        let big_modulus = u64::MAX - 58; // the largest prime below 2^64
        let residue = janken_count_modulo(a, b, n, big_modulus).unwrap();
        assert_eq!(u128::from(residue), exact % u128::from(big_modulus));
        assert_eq!(janken_count_modulo(a, b, n, 1).unwrap(), 0);
    }
}

#[test]
fn modular_arithmetic() {
    type M7 = Modular<7>;
    assert_eq!((M7::new(5) + M7::new(4)).value(), 2);
    assert_eq!((M7::new(5) * M7::new(4)).value(), 6);
    assert_eq!(
        <M7 as stonegame::num_traits::FromPrimitive>::from_i64(-1)
            .unwrap()
            .value(),
        6
    );
    type Huge = Modular<{ u64::MAX }>;
    let big = Huge::new(u64::MAX - 1);
    assert_eq!((big + big).value(), u64::MAX - 2);
    assert_eq!((big * big).value(), 1);
    let mut count = M7::new(6);
    assert!(count.checked_add_assign(&M7::new(6)));
    assert_eq!(count.value(), 5);
    assert_eq!(format!("{count} {count:?}"), "5 5 (mod 7)");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn janken_matches_enumeration(a in 0_u64..8, b in 0_u64..8, rounds in 0_u64..10) {
        let (lower, upper) = brute_force(a, b, StepWeights::UNIT, rounds);
        let by_round: Vec<u128> = lower.iter().zip(&upper).map(|(l, u)| l + u).collect();
        prop_assert_eq!(janken_counts_by_round::<u128>(a, b, rounds).unwrap(), by_round.clone());
        prop_assert_eq!(janken_count::<u64>(a, b, rounds).unwrap() as u128, sum(&by_round));
        let walk = AbsorbingWalk::janken(a, b).absorptions::<u32>(rounds).unwrap();
        prop_assert_eq!(walk.lower.iter().map(|&x| u128::from(x)).collect::<Vec<_>>(), lower);
        prop_assert_eq!(walk.upper.iter().map(|&x| u128::from(x)).collect::<Vec<_>>(), upper);
    }

    #[test]
    fn weighted_walks_match_enumeration(
        lower in 0_u64..6,
        upper in 0_u64..6,
        down in 0_u64..3,
        stay in 0_u64..3,
        up in 0_u64..3,
        steps in 0_u64..7,
    ) {
        let weights = StepWeights::new(down, stay, up);
        let (lower_counts, upper_counts) = brute_force(lower, upper, weights, steps);
        let walk = AbsorbingWalk::new(lower, upper, weights);
        let counts = walk.absorptions::<u64>(steps).unwrap();
        prop_assert_eq!(counts.lower.iter().map(|&x| u128::from(x)).collect::<Vec<_>>(), lower_counts.clone());
        prop_assert_eq!(counts.upper.iter().map(|&x| u128::from(x)).collect::<Vec<_>>(), upper_counts.clone());
        let total = sum(&lower_counts) + sum(&upper_counts);
        prop_assert_eq!(u128::from(walk.total_absorbed::<u64>(steps).unwrap()), total);
        prop_assert_eq!(u128::from(walk.total_absorbed_modulo(steps, 7).unwrap()), total % 7);
    }

    #[test]
    fn survivors_match_enumeration(a in 0_u64..6, b in 0_u64..6, rounds in 1_u64..8) {
        let rows = AbsorbingWalk::janken(a, b).survivor_table::<u64>(rounds).unwrap();
        if a == 0 || b == 0 {
            prop_assert!(rows.is_empty());
        } else {
            prop_assert_eq!(rows.len() as u64, rounds);
            let last = rows.last().unwrap();
            let listed: Vec<(i64, u64)> = (0..last.counts.len())
                .map(|i| (last.lowest + i as i64, last.counts[i]))
                .filter(|&(_, count)| count != 0)
                .collect();
            prop_assert_eq!(listed, brute_survivors(a, b, rounds));
        }
    }

    /// Narrow types: Ok exactly when the true answer fits, and then equal to it.
    #[test]
    fn narrow_types_fail_exactly_when_the_answer_does_not_fit(
        a in 1_u64..7,
        b in 1_u64..7,
        rounds in 0_u64..14,
        down in 0_u64..3,
        stay in 0_u64..3,
        up in 0_u64..3,
    ) {
        let walk = AbsorbingWalk::new(a, b, StepWeights::new(down, stay, up));
        let exact = walk.absorptions::<u128>(rounds).unwrap();
        let total = exact.total().unwrap();
        match walk.total_absorbed::<u8>(rounds) {
            Ok(value) => prop_assert_eq!(u128::from(value), total),
            Err(Error::CountOverflow { .. }) => prop_assert!(total > u128::from(u8::MAX)),
            Err(other) => prop_assert!(false, "unexpected {:?}", other),
        }
        let largest = exact.lower.iter().chain(&exact.upper).copied().max().unwrap_or(0);
        match walk.absorptions::<u16>(rounds) {
            Ok(counts) => prop_assert_eq!(
                counts.lower.iter().map(|&x| u128::from(x)).collect::<Vec<_>>(),
                exact.lower.clone()
            ),
            Err(Error::CountOverflow { .. }) => prop_assert!(largest > u128::from(u16::MAX)),
            Err(other) => prop_assert!(false, "unexpected {:?}", other),
        }
    }

    /// The pruned sweep against the unpruned survivor table on medium sizes:
    /// paths absorbed at step k leave the cell next to a barrier at step k - 1.
    #[test]
    fn pruning_keeps_absorptions(
        lower in 1_u64..30,
        upper in 1_u64..30,
        down in 0_u64..3,
        stay in 0_u64..3,
        up in 0_u64..3,
        steps in 1_u64..60,
    ) {
        type M = Modular<1_000_000_007>;
        let walk = AbsorbingWalk::new(lower, upper, StepWeights::new(down, stay, up));
        let counts = walk.absorptions::<M>(steps).unwrap();
        let table = walk.survivor_table::<M>(steps).unwrap();
        let at = |k: u64, position: i64| -> M {
            if k == 0 {
                M::new(u64::from(position == 0))
            } else {
                table[k as usize - 1].get(position).copied().unwrap_or(M::new(0))
            }
        };
        for k in 1..=steps {
            let index = k as usize - 1;
            prop_assert_eq!(counts.lower[index], at(k - 1, 1 - lower as i64) * M::new(down));
            prop_assert_eq!(counts.upper[index], at(k - 1, upper as i64 - 1) * M::new(up));
        }
    }

    #[test]
    fn moduli_reduce_exact_counts(a in 0_u64..30, b in 0_u64..30, rounds in 0_u64..75, modulus in 1_u64..1_000_000) {
        let exact = janken_count::<u128>(a, b, rounds).unwrap();
        prop_assert_eq!(u128::from(janken_count_modulo(a, b, rounds, modulus).unwrap()), exact % u128::from(modulus));
        let constant: Modular<998_244_353> = janken_count(a, b, rounds).unwrap();
        prop_assert_eq!(u128::from(constant.value()), exact % 998_244_353);
    }
}

/// Large rounds with big integers, against methods that share nothing with
/// the sweep but the definition.
#[cfg(feature = "bigint")]
mod big {
    use super::*;
    use num_bigint::{BigInt, BigUint};
    use stonegame::num_traits::{One, Zero};

    /// Surviving paths from 0 to `position` in k steps between barriers at
    /// `-lower` and `upper`, by the method of images: a walk with steps -1, 0,
    /// +1 cannot jump a barrier, so reflecting in both barriers (period
    /// 2 * (lower + upper)) cancels every path that touches one.
    fn images(row: &[BigInt], k: i64, position: i64, lower: i64, upper: i64) -> BigInt {
        let period = 2 * (lower + upper);
        let entry = |x: i64| -> BigInt {
            if x.abs() > k {
                BigInt::zero()
            } else {
                row[(x + k) as usize].clone()
            }
        };
        let mut total = BigInt::zero();
        let reach = k / period + 2;
        for j in -reach..=reach {
            total += entry(position + j * period);
            total -= entry(2 * upper - position + j * period);
        }
        total
    }

    /// Per-round bankruptcy counts by images over unrestricted trinomial rows.
    fn reflection_counts(a: u64, b: u64, rounds: u64) -> Vec<BigUint> {
        let (lower, upper) = (a as i64, b as i64);
        let mut row = vec![BigInt::one()]; // k = 0
        let mut counts = Vec::new();
        for k in 0..rounds as i64 {
            let absorbed =
                images(&row, k, 1 - lower, lower, upper) + images(&row, k, upper - 1, lower, upper);
            counts.push(absorbed.to_biguint().expect("counts are non-negative"));
            let mut next = vec![BigInt::zero(); row.len() + 2];
            for (i, value) in row.iter().enumerate() {
                for shift in 0..3 {
                    next[i + shift] += value;
                }
            }
            row = next;
        }
        counts
    }

    #[test]
    fn reflection_principle_agrees_for_many_rounds() {
        for (a, b, rounds) in [(50, 50, 1200), (17, 64, 900), (300, 301, 1000), (1, 2, 500)] {
            let sweep = janken_counts_by_round::<BigUint>(a, b, rounds).unwrap();
            assert_eq!(sweep, reflection_counts(a, b, rounds), "{a},{b},{rounds}");
            let total: BigUint = janken_count(a, b, rounds).unwrap();
            assert_eq!(total, sweep.iter().sum::<BigUint>());
        }
    }

    /// Every full-length sequence either bankrupts someone first (at round k,
    /// followed by any 3^(N-k) continuations) or survives.
    #[test]
    fn sequences_partition_three_to_the_n() {
        for (a, b, rounds) in [(50, 50, 2000), (5, 80, 700), (1, 1, 300)] {
            let by_round = janken_counts_by_round::<BigUint>(a, b, rounds).unwrap();
            let three = BigUint::from(3_u32);
            let mut total = BigUint::zero();
            for (index, count) in by_round.iter().enumerate() {
                total += count * three.pow((rounds - index as u64 - 1) as u32);
            }
            let survivors = AbsorbingWalk::janken(a, b)
                .survivor_table::<BigUint>(rounds)
                .unwrap();
            total += survivors.last().unwrap().counts.iter().sum::<BigUint>();
            assert_eq!(total, three.pow(rounds as u32));
        }
    }

    #[test]
    fn target_size_is_exact() {
        let exact: BigUint = janken_count(50, 50, 10_000).unwrap();
        let modulus = 1_000_000_007_u64;
        assert_eq!(
            exact.clone() % modulus,
            BigUint::from(janken_count_modulo(50, 50, 10_000, modulus).unwrap())
        );
        let constant: Modular<998_244_353> = janken_count(50, 50, 10_000).unwrap();
        assert_eq!(exact % 998_244_353_u64, BigUint::from(constant.value()));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn big_and_modular_agree(a in 1_u64..60, b in 1_u64..60, rounds in 0_u64..400, modulus in 1_u64..u64::MAX) {
            let exact: BigUint = janken_count(a, b, rounds).unwrap();
            let residue = janken_count_modulo(a, b, rounds, modulus).unwrap();
            prop_assert_eq!(exact % modulus, BigUint::from(residue));
        }

        #[test]
        fn weighted_big_counts_match_u128(lower in 1_u64..10, upper in 1_u64..10, down in 0_u64..4, stay in 0_u64..4, up in 0_u64..4, steps in 0_u64..25) {
            let walk = AbsorbingWalk::new(lower, upper, StepWeights::new(down, stay, up));
            let narrow = walk.absorptions::<u128>(steps).unwrap();
            let big = walk.absorptions::<BigUint>(steps).unwrap();
            prop_assert_eq!(big.lower, narrow.lower.iter().map(|&x| BigUint::from(x)).collect::<Vec<_>>());
            prop_assert_eq!(big.upper, narrow.upper.iter().map(|&x| BigUint::from(x)).collect::<Vec<_>>());
        }
    }
}
