//! Every named DP variant of every quadratic family against a plain
//! exponential recursion, over several score types (the fast paths narrow
//! wide types to `i32` when the bound allows and compare by sign when twice
//! the bound fits, so both sides of each threshold are drawn).

use proptest::prelude::*;
use stonegame::scoring::{
    DpFamily, DpGame, DpVariant, Ends, EndsRemainder, FrontDoubling, Score, StoneSplit,
};
use stonegame::{Budget, Error};

/// LeetCode 877 by plain recursion: the value of `values[l..r]`.
fn ends_brute(values: &[i128], l: usize, r: usize) -> i128 {
    if l == r {
        return 0;
    }
    (values[l] - ends_brute(values, l + 1, r)).max(values[r - 1] - ends_brute(values, l, r - 1))
}

/// LeetCode 1690 by plain recursion.
fn remainder_brute(values: &[i128], l: usize, r: usize) -> i128 {
    if r - l <= 1 {
        return 0;
    }
    let sum: i128 = values[l..r].iter().sum();
    (sum - values[l] - remainder_brute(values, l + 1, r))
        .max(sum - values[r - 1] - remainder_brute(values, l, r - 1))
}

/// LeetCode 1140 by plain recursion over `(first, M)`.
fn doubling_brute(values: &[i128], first: usize, m: usize) -> i128 {
    let n = values.len();
    if first == n {
        return 0;
    }
    (1..=(2 * m).min(n - first))
        .map(|x| {
            let taken: i128 = values[first..first + x].iter().sum();
            taken - doubling_brute(values, first + x, m.max(x))
        })
        .max()
        .unwrap()
}

/// LeetCode 1563 by plain recursion over `i..=j`.
fn split_brute(stones: &[i128], i: usize, j: usize) -> i128 {
    let mut best = 0;
    for k in i..j {
        let l: i128 = stones[i..=k].iter().sum();
        let r: i128 = stones[k + 1..=j].iter().sum();
        if l <= r {
            best = best.max(l + split_brute(stones, i, k));
        }
        if l >= r {
            best = best.max(r + split_brute(stones, k + 1, j));
        }
    }
    best
}

fn wide<T: Score>(values: &[T]) -> Vec<i128> {
    values.iter().map(|v| v.to_i128().unwrap()).collect()
}

fn check_ends<T: Score>(values: Vec<T>) {
    let expected = ends_brute(&wide(&values), 0, values.len());
    let Ok(game) = Ends::new(values) else { return };
    for &variant in DpFamily::Ends.variants() {
        let got = game.value_by(variant).unwrap().to_i128().unwrap();
        assert_eq!(got, expected, "{variant}");
    }
}

fn check_remainder<T: Score>(values: Vec<T>) {
    let expected = remainder_brute(&wide(&values), 0, values.len());
    let Ok(game) = EndsRemainder::new(values) else {
        return;
    };
    for &variant in DpFamily::EndsRemainder.variants() {
        let got = game.value_by(variant).unwrap().to_i128().unwrap();
        assert_eq!(got, expected, "{variant}");
    }
}

fn check_doubling<T: Score>(values: Vec<T>) {
    let expected = doubling_brute(&wide(&values), 0, 1);
    let Ok(game) = FrontDoubling::new(values) else {
        return;
    };
    for &variant in DpFamily::FrontDoubling.variants() {
        let got = game.value_by(variant).unwrap().to_i128().unwrap();
        assert_eq!(got, expected, "{variant}");
    }
}

fn check_split<T: Score>(stones: Vec<T>) {
    let expected = if stones.is_empty() {
        0
    } else {
        split_brute(&wide(&stones), 0, stones.len() - 1)
    };
    let Ok(game) = StoneSplit::new(stones) else {
        return;
    };
    for &variant in DpFamily::StoneSplit.variants() {
        let got = game.value_by(variant).unwrap().to_i128().unwrap();
        assert_eq!(got, expected, "{variant}");
    }
}

/// Each family's reference value: its plain recursion.
fn reference(family: DpFamily, values: &[i128]) -> i128 {
    match family {
        DpFamily::Ends => ends_brute(values, 0, values.len()),
        DpFamily::EndsRemainder => remainder_brute(values, 0, values.len()),
        DpFamily::FrontDoubling => doubling_brute(values, 0, 1),
        DpFamily::StoneSplit if values.is_empty() => 0,
        DpFamily::StoneSplit => split_brute(values, 0, values.len() - 1),
    }
}

/// Every variant of every family, reached only through [`DpGame`] (built by
/// [`DpFamily::build`], listed by its costs, run by name), against the
/// family's reference. Small values: every family must accept positive ones,
/// and Stone Game V must refuse the others.
fn check_every_family<T: Score>(values: &[T]) {
    let wide = wide(values);
    for family in DpFamily::ALL {
        let built = family.build(values, Budget::default());
        if family == DpFamily::StoneSplit && wide.iter().any(|&v| v <= 0) {
            assert!(matches!(built, Err(Error::InvalidParameter { .. })));
            continue;
        }
        let game = built.unwrap();
        assert_eq!(game.family(), family);
        let expected = reference(family, &wide);
        for cost in game.costs() {
            let got = game.value_by_name(cost.variant.name()).unwrap();
            assert_eq!(
                got.to_i128().unwrap(),
                expected,
                "{family:?} {}",
                cost.variant
            );
        }
    }
}

/// The same through the statically typed path, [`DpGame::from_values`].
fn every_variant<G: DpGame<i64>>(values: &[i64]) -> Vec<i64> {
    let game = G::from_values(values, Budget::default()).unwrap();
    let costs = game.costs();
    costs
        .iter()
        .map(|c| game.value_by(c.variant).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_variant_of_every_family_matches_its_reference(
        positive in prop::collection::vec(1i64..=60, 0..10),
        signed in prop::collection::vec(-60i64..=60, 0..10),
    ) {
        check_every_family(&positive);
        check_every_family(&positive.iter().map(|&v| v as i16).collect::<Vec<_>>());
        check_every_family(&positive.iter().map(|&v| i128::from(v)).collect::<Vec<_>>());
        check_every_family(&signed);
        check_every_family(&signed.iter().map(|&v| v as i32).collect::<Vec<_>>());
    }

    #[test]
    fn the_typed_path_agrees_with_the_reference(values in prop::collection::vec(1i64..=60, 1..10)) {
        let wide = wide(&values);
        let check = |family: DpFamily, got: Vec<i64>| {
            assert_eq!(got.len(), family.costs().len());
            for value in got {
                assert_eq!(i128::from(value), reference(family, &wide), "{family:?}");
            }
        };
        check(DpFamily::Ends, every_variant::<Ends<i64>>(&values));
        check(DpFamily::EndsRemainder, every_variant::<EndsRemainder<i64>>(&values));
        check(DpFamily::FrontDoubling, every_variant::<FrontDoubling<i64>>(&values));
        check(DpFamily::StoneSplit, every_variant::<StoneSplit<i64>>(&values));
    }

    #[test]
    fn ends_variants_agree(values in prop::collection::vec(-1000i64..=1000, 0..11)) {
        check_ends(values.clone());
        check_ends(values.iter().map(|&v| i128::from(v)).collect());
        check_ends(values.iter().map(|&v| (v / 8) as i16).collect());
        check_ends(values.iter().map(|&v| (v / 100) as i8).collect());
    }

    #[test]
    fn ends_variants_agree_near_the_type_limit(values in prop::collection::vec(-(1i64 << 59)..=(1 << 59), 0..9)) {
        // sum |values| fits i64, twice it often does not: the plain maximum.
        check_ends(values);
    }

    #[test]
    fn remainder_variants_agree(values in prop::collection::vec(-1000i64..=1000, 0..11)) {
        check_remainder(values.clone());
        check_remainder(values.iter().map(|&v| i128::from(v)).collect());
        check_remainder(values.iter().map(|&v| v as i32).collect());
        check_remainder(values.iter().map(|&v| (v / 20) as i16).collect());
        check_remainder(values.iter().map(|&v| (v / 300) as i8).collect());
    }

    #[test]
    fn remainder_variants_agree_past_the_narrow_bound(values in prop::collection::vec(-(1i64 << 57)..=(1 << 57), 0..9)) {
        // n · sum near i64::MAX: neither narrowing nor the sign maximum apply.
        check_remainder(values);
    }

    #[test]
    fn remainder_variants_agree_around_i32(values in prop::collection::vec(-(1i64 << 27)..=(1 << 27), 2..9)) {
        // 2 · n · sum straddles i32::MAX: narrowed, and in f64 lanes on plain x86-64.
        check_remainder(values.iter().map(|&v| i128::from(v) << 12).collect());
        check_remainder(values);
    }

    #[test]
    fn doubling_variants_agree(values in prop::collection::vec(-1000i64..=1000, 0..11)) {
        check_doubling(values.clone());
        check_doubling(values.iter().map(|&v| v as i32).collect());
    }

    #[test]
    fn split_variants_agree(stones in prop::collection::vec(1i64..=50, 0..11)) {
        check_split(stones.clone());
        check_split(stones.iter().map(|&v| v as i16).collect());
        // i128 fills by rows, the others by columns.
        check_split(stones.iter().map(|&v| i128::from(v)).collect());
    }

    #[test]
    fn split_variants_agree_with_many_ties(stones in prop::collection::vec(1i64..=3, 0..12)) {
        check_split(stones.iter().map(|&v| i128::from(v)).collect());
        check_split(stones);
    }
}

#[test]
fn published_values() {
    // LeetCode 1690 example 1 and 2; EDPC L sample 1; LeetCode 1140 example 1
    // (Alice 10 of 26: 10 − 16); LeetCode 1563 example 1.
    let remainder = EndsRemainder::new(vec![5i64, 3, 1, 4, 2]).unwrap();
    let remainder2 = EndsRemainder::new(vec![7i64, 90, 5, 1, 100, 10, 10, 2]).unwrap();
    let deque = Ends::new(vec![10i64, 80, 90, 30]).unwrap();
    let doubling = FrontDoubling::new(vec![2i64, 7, 9, 4, 4]).unwrap();
    let split = StoneSplit::new(vec![6i64, 2, 3, 4, 5, 5]).unwrap();
    for variant in DpVariant::ALL {
        if DpFamily::EndsRemainder.variants().contains(&variant) {
            assert_eq!(remainder.value_by(variant).unwrap(), 6);
            assert_eq!(remainder2.value_by(variant).unwrap(), 122);
        }
        if DpFamily::Ends.variants().contains(&variant) {
            assert_eq!(deque.value_by(variant).unwrap(), 10);
        }
        if DpFamily::FrontDoubling.variants().contains(&variant) {
            assert_eq!(doubling.value_by(variant).unwrap(), -6);
        }
        if DpFamily::StoneSplit.variants().contains(&variant) {
            assert_eq!(split.value_by(variant).unwrap(), 18);
        }
    }
}

#[test]
fn names_and_orders_are_data() {
    let game = DpFamily::Ends
        .build(&[4i64, 5, 3, 1, 2], Budget::default())
        .unwrap();
    let linear = game.costs().last().unwrap();
    assert_eq!(linear.variant, DpVariant::Linear);
    assert_eq!(
        (linear.time.to_string(), linear.memory.to_string()),
        ("O(n)".into(), "O(n)".into())
    );
    assert_eq!(game.value_by_name("length-major").unwrap(), 1);
    let err = game.value_by_name("sliding-window").unwrap_err();
    assert!(err.to_string().contains("LeetCode 877"), "{err}");
    let err = game.value_by_name("quadratic").unwrap_err();
    assert!(err.to_string().contains("unknown DP variant"), "{err}");
}

#[test]
fn missing_variants_are_refused_by_name() {
    let game = EndsRemainder::new(vec![1i64, 2, 3]).unwrap();
    let err = game.value_by(DpVariant::Linear).unwrap_err();
    assert!(matches!(err, Error::InvalidParameter { .. }));
    assert!(err.to_string().contains("LeetCode 1690"), "{err}");
    let split = StoneSplit::new(vec![1i64, 2]).unwrap();
    assert!(split.value_by(DpVariant::Rolling).is_err());
}

#[test]
fn cubic_variants_check_work_and_memory_up_front() {
    let split = StoneSplit::new(vec![1i64; 3000])
        .unwrap()
        .with_budget(Budget::default().with_work(1000));
    assert!(matches!(
        split.value_by(DpVariant::FullTable),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    assert!(matches!(
        split.value_by(DpVariant::Memoised),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    let doubling = FrontDoubling::new(vec![1i64; 3000])
        .unwrap()
        .with_budget(Budget::from_mebibytes(1));
    assert!(matches!(
        doubling.value_by(DpVariant::FullTable),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    let remainder = EndsRemainder::new(vec![1i64; 3000])
        .unwrap()
        .with_budget(Budget::from_mebibytes(1));
    assert!(matches!(
        remainder.value_by(DpVariant::FullTable),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    // The O(n)-memory variants need no table.
    assert_eq!(remainder.value_by(DpVariant::Rolling).unwrap(), 1500);
}
