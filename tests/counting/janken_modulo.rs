//! Janken modulo M for any number of rounds: the rational generating function
//! and Bostan–Mori against the walk sweep, against an independent
//! matrix-power reference for huge N, and the polynomial and recurrence
//! primitives against schoolbook arithmetic.

use proptest::prelude::*;
use stonegame::counting::{
    AbsorbingWalk, CountingMethod, StepWeights, janken_count_modulo, linear_recurrence_term_modulo,
    polynomial_product_modulo, rational_series_coefficient_modulo,
};
use stonegame::{Budget, Error};

/// Moduli that exercise every engine: NTT primes (the direct transform),
/// 10^9 + 7 and composites (three primes and Garner), 64-bit numbers (five
/// primes), tiny ones, and 1.
fn modulus() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(1_u64),
        Just(2),
        Just(998_244_353),
        Just(167_772_161),
        Just(1_000_000_007),
        Just(1 << 32),
        Just(1_000_000_000_000),
        Just((1 << 62) - 57), // the largest prime below 2^62
        Just((1 << 61) - 1),  // a Mersenne prime
        Just(u64::MAX - 58),  // the largest prime below 2^64
        Just(u64::MAX),
        2_u64..1_000,
        1_u64..=u64::MAX,
    ]
}

fn weights() -> impl Strategy<Value = StepWeights> {
    prop_oneof![
        3 => Just(StepWeights::UNIT),
        1 => (0_u64..4, 0_u64..4, 0_u64..4).prop_map(|(d, s, u)| StepWeights::new(d, s, u)),
        1 => (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(d, s, u)| StepWeights::new(d, s, u)),
    ]
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

/// The independent reference: the walk as a matrix on the live positions
/// `1..=L` plus one cell that accumulates absorbed paths, raised to the
/// `steps`-th power by repeated squaring in u128 arithmetic.
fn matrix_power_reference(a: u64, b: u64, weights: StepWeights, steps: u64, m: u64) -> u64 {
    if a == 0 || b == 0 {
        return 0;
    }
    let live = (a + b - 1) as usize;
    let size = live + 1;
    let (down, stay, up) = (weights.down % m, weights.stay % m, weights.up % m);
    // step[to][from]
    let mut step = vec![vec![0_u64; size]; size];
    for from in 0..live {
        step[from][from] = stay;
        if from + 1 < live {
            step[from + 1][from] = up;
        }
        if from > 0 {
            step[from - 1][from] = down;
        }
    }
    step[live][0] = (step[live][0] + down) % m; // from position 1 down into the lower barrier
    step[live][live - 1] = (step[live][live - 1] + up) % m; // from position L up into the upper one
    step[live][live] = 1 % m; // absorbed paths stay counted
    let multiply = |x: &Vec<Vec<u64>>, y: &Vec<Vec<u64>>| {
        let mut z = vec![vec![0_u64; size]; size];
        for i in 0..size {
            for k in 0..size {
                if x[i][k] == 0 {
                    continue;
                }
                for j in 0..size {
                    z[i][j] = ((u128::from(z[i][j]) + u128::from(x[i][k]) * u128::from(y[k][j]))
                        % u128::from(m)) as u64;
                }
            }
        }
        z
    };
    let mut result = vec![vec![0_u64; size]; size];
    for (i, row) in result.iter_mut().enumerate() {
        row[i] = 1 % m;
    }
    let mut base = step;
    let mut exponent = steps;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = multiply(&result, &base);
        }
        base = multiply(&base, &base);
        exponent >>= 1;
    }
    // Start at position a (index a - 1); read the absorbed-paths cell.
    result[live][(a - 1) as usize]
}

fn schoolbook(left: &[u64], right: &[u64], m: u64) -> Vec<u64> {
    if left.is_empty() || right.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0_u64; left.len() + right.len() - 1];
    for (i, &x) in left.iter().enumerate() {
        for (j, &y) in right.iter().enumerate() {
            out[i + j] = ((u128::from(out[i + j]) + u128::from(x % m) * u128::from(y % m))
                % u128::from(m)) as u64;
        }
    }
    out
}

#[test]
fn the_moduli_named_prime_are_prime() {
    let is_prime = |n: u64| {
        // Deterministic Miller-Rabin for 64-bit numbers.
        let pow = |mut b: u64, mut e: u64| {
            let mut r = 1_u64;
            b %= n;
            while e > 0 {
                if e & 1 == 1 {
                    r = mul_mod(r, b, n);
                }
                b = mul_mod(b, b, n);
                e >>= 1;
            }
            r
        };
        let (mut d, mut s) = (n - 1, 0);
        while d % 2 == 0 {
            d /= 2;
            s += 1;
        }
        [2_u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
            .iter()
            .all(|&a| {
                let mut x = pow(a, d);
                if x == 1 || x == n - 1 {
                    return true;
                }
                (1..s).any(|_| {
                    x = mul_mod(x, x, n);
                    x == n - 1
                })
            })
    };
    assert!(is_prime((1 << 62) - 57));
    assert!(is_prime(u64::MAX - 58));
    assert!(is_prime((1 << 61) - 1));
    assert!(!is_prime((1 << 62) - 55) && !is_prime(u64::MAX));
}

#[test]
fn recurrence_and_sweep_agree_on_every_small_instance() {
    for a in 0..6_u64 {
        for b in 0..6_u64 {
            for rounds in 0..20_u64 {
                for modulus in [998_244_353, 1_000_000_007, 1, 6, u64::MAX] {
                    let walk = AbsorbingWalk::janken(a, b);
                    let sweep = walk
                        .with_method(CountingMethod::Sweep)
                        .total_absorbed_modulo(rounds, modulus);
                    let series = walk
                        .with_method(CountingMethod::Recurrence)
                        .total_absorbed_modulo(rounds, modulus);
                    assert_eq!(
                        sweep.unwrap(),
                        series.unwrap(),
                        "{a},{b},{rounds} mod {modulus}"
                    );
                }
            }
        }
    }
}

#[test]
fn known_values() {
    // 1 coin each: every round absorbs 2 sequences (a decision after draws), 2N in all.
    let n = 1_000_000_000_000_000_000_u64;
    let m = 1_000_000_007;
    assert_eq!(
        janken_count_modulo(1, 1, n, m).unwrap(),
        (2 * u128::from(n) % u128::from(m)) as u64
    );
    // The article's program's value, by the recurrence.
    let by_series = AbsorbingWalk::janken(5, 5).with_method(CountingMethod::Recurrence);
    assert_eq!(
        by_series.total_absorbed_modulo(24, 1 << 40).unwrap(),
        8_243_669_008
    );
    assert_eq!(
        by_series.total_absorbed_modulo(24, 998_244_353).unwrap(),
        8_243_669_008 % 998_244_353
    );
}

#[test]
fn huge_rounds_choose_the_recurrence_and_small_ones_the_sweep() {
    let walk = AbsorbingWalk::janken(50_000, 50_000);
    assert_eq!(
        walk.method_for(1_000_000_000_000_000_000, 998_244_353),
        CountingMethod::Recurrence
    );
    assert_eq!(walk.method_for(100, 998_244_353), CountingMethod::Sweep);
    assert_eq!(
        AbsorbingWalk::janken(3, 3).method_for(10, 7),
        CountingMethod::Sweep
    );
    // The examples of docs/counting.md.
    let m = 1_000_000_007;
    assert_eq!(
        AbsorbingWalk::janken(5, 5).method_for(24, m),
        CountingMethod::Sweep
    );
    assert_eq!(
        AbsorbingWalk::janken(200, 200).method_for(100, m),
        CountingMethod::Sweep
    );
    assert_eq!(
        AbsorbingWalk::janken(200, 200).method_for(10_000, m),
        CountingMethod::Recurrence
    );
    // A forced method is kept.
    let forced = AbsorbingWalk::janken(5, 5).with_method(CountingMethod::Recurrence);
    assert_eq!(forced.method_for(24, m), CountingMethod::Recurrence);
}

#[test]
fn the_series_has_the_documented_shape() {
    let (p, q) = AbsorbingWalk::janken(3, 4)
        .absorbed_series_modulo(100, 1_000_003)
        .unwrap();
    assert_eq!((p.len(), q.len()), (7, 8));
    assert_eq!(q[0], 1);
    // A barrier beyond reach is moved to steps + 1.
    let (p, q) = AbsorbingWalk::janken(1_000_000, 2)
        .absorbed_series_modulo(10, 97)
        .unwrap();
    assert_eq!((p.len(), q.len()), (13, 14));
    assert_eq!(
        AbsorbingWalk::janken(0, 2)
            .absorbed_series_modulo(10, 97)
            .unwrap(),
        (vec![], vec![])
    );
}

#[test]
fn the_count_is_a_linear_recurrence_with_the_walk_s_characteristic_polynomial() {
    // Initial terms from the sweep, coefficients from the denominator
    // (1 - x) det(I - xT): the library-checker route gives the same far terms.
    let m = 1_000_000_007;
    for (a, b) in [(1, 1), (2, 3), (7, 4), (10, 10)] {
        let walk = AbsorbingWalk::janken(a, b);
        let (_, q) = walk.absorbed_series_modulo(u64::MAX, m).unwrap();
        let order = q.len() - 1;
        let initial: Vec<u64> = (0..order as u64)
            .map(|k| {
                walk.with_method(CountingMethod::Sweep)
                    .total_absorbed_modulo(k, m)
                    .unwrap()
            })
            .collect();
        let coefficients: Vec<u64> = q[1..].iter().map(|&c| (m - c) % m).collect();
        for far in [order as u64 + 5, 300, 1_000_000_000_000] {
            let term =
                linear_recurrence_term_modulo(&initial, &coefficients, far, m, Budget::default())
                    .unwrap();
            assert_eq!(
                term,
                walk.total_absorbed_modulo(far, m).unwrap(),
                "{a},{b} at {far}"
            );
        }
        assert_eq!(
            walk.total_absorbed_modulo(300, m).unwrap(),
            walk.with_method(CountingMethod::Sweep)
                .total_absorbed_modulo(300, m)
                .unwrap()
        );
    }
}

#[test]
fn errors_are_typed() {
    assert!(matches!(
        janken_count_modulo(3, 3, 10, 0),
        Err(Error::InvalidParameter { .. })
    ));
    assert!(matches!(
        AbsorbingWalk::janken(3, 3).absorbed_series_modulo(10, 0),
        Err(Error::InvalidParameter { .. })
    ));
    assert!(matches!(
        polynomial_product_modulo(&[1], &[1], 0, Budget::default()),
        Err(Error::InvalidParameter { .. })
    ));
    assert!(matches!(
        linear_recurrence_term_modulo(&[1, 2], &[1], 5, 7, Budget::default()),
        Err(Error::LengthMismatch { .. })
    ));
    assert!(matches!(
        rational_series_coefficient_modulo(&[1], &[2, 1], 5, 4, Budget::default()),
        Err(Error::InvalidParameter { .. })
    ));
    assert!(matches!(
        rational_series_coefficient_modulo(&[1], &[], 5, 4, Budget::default()),
        Err(Error::InvalidParameter { .. })
    ));
    // A non-unit constant term that is invertible is fine: 1 / (3 - 3x) = (1/3) sum x^k.
    assert_eq!(
        rational_series_coefficient_modulo(&[1], &[3, 4], 9, 7, Budget::default()).unwrap(),
        5
    );
    // Limits: work and memory, refused before any work.
    let tight = AbsorbingWalk::janken(5_000, 5_000)
        .with_method(CountingMethod::Recurrence)
        .with_budget(Budget::default().with_work(1_000));
    assert!(matches!(
        tight.total_absorbed_modulo(1 << 60, 998_244_353),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    let small = AbsorbingWalk::janken(5_000, 5_000)
        .with_method(CountingMethod::Recurrence)
        .with_budget(Budget::from_bytes(4096));
    assert!(matches!(
        small.total_absorbed_modulo(1 << 60, 998_244_353),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert!(matches!(
        polynomial_product_modulo(&[1; 1000], &[1; 1000], 7, Budget::from_bytes(100)),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert!(matches!(
        polynomial_product_modulo(&[1; 1000], &[1; 1000], 7, Budget::default().with_work(10)),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    // Orders beyond any transform: a size error, not an allocation.
    assert!(matches!(
        AbsorbingWalk::janken(1 << 40, 1 << 40)
            .with_method(CountingMethod::Recurrence)
            .total_absorbed_modulo(u64::MAX, 7),
        Err(Error::SizeLimitExceeded { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn recurrence_equals_the_sweep(a in 0_u64..40, b in 0_u64..40, rounds in 0_u64..300, m in modulus(), w in weights()) {
        let walk = AbsorbingWalk::new(a, b, w);
        let sweep = walk.with_method(CountingMethod::Sweep).total_absorbed_modulo(rounds, m).unwrap();
        let series = walk.with_method(CountingMethod::Recurrence).total_absorbed_modulo(rounds, m).unwrap();
        prop_assert_eq!(sweep, series);
        prop_assert_eq!(walk.total_absorbed_modulo(rounds, m).unwrap(), sweep);
    }

    #[test]
    fn huge_rounds_equal_the_matrix_power(a in 1_u64..7, b in 1_u64..7, rounds in any::<u64>(),
                                         m in 1_u64..=(1 << 62), w in weights()) {
        let walk = AbsorbingWalk::new(a, b, w);
        let expected = matrix_power_reference(a, b, w, rounds, m);
        prop_assert_eq!(walk.total_absorbed_modulo(rounds, m).unwrap(), expected);
        prop_assert_eq!(walk.with_method(CountingMethod::Recurrence).total_absorbed_modulo(rounds, m).unwrap(), expected);
    }

    #[test]
    fn huge_rounds_near_two_to_the_62(a in 1_u64..7, b in 1_u64..7, rounds in any::<u64>(), offset in 0_u64..1_000) {
        let m = (1 << 62) - offset;
        let expected = matrix_power_reference(a, b, StepWeights::UNIT, rounds, m);
        prop_assert_eq!(janken_count_modulo(a, b, rounds, m).unwrap(), expected);
    }

    #[test]
    fn products_equal_schoolbook(left in prop::collection::vec(any::<u64>(), 0..700),
                                 right in prop::collection::vec(any::<u64>(), 0..700), m in modulus()) {
        let product = polynomial_product_modulo(&left, &right, m, Budget::default()).unwrap();
        prop_assert_eq!(product, schoolbook(&left, &right, m));
    }

    #[test]
    fn recurrence_terms_equal_iteration(initial in prop::collection::vec(any::<u64>(), 1..80),
                                        seed in any::<u64>(), index in 0_u64..600, m in modulus()) {
        let order = initial.len();
        let coefficients: Vec<u64> = (0..order as u64).map(|i| seed.rotate_left(i as u32) ^ i).collect();
        let mut terms: Vec<u64> = initial.iter().map(|&x| x % m).collect();
        while terms.len() <= index as usize {
            let k = terms.len();
            let next = (0..order).fold(0_u128, |acc, j| {
                (acc + u128::from(coefficients[j] % m) * u128::from(terms[k - 1 - j])) % u128::from(m)
            });
            terms.push(next as u64);
        }
        let term = linear_recurrence_term_modulo(&initial, &coefficients, index, m, Budget::default()).unwrap();
        prop_assert_eq!(term, terms[index as usize]);
    }
}
