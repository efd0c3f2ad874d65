//! Impartial games: every fast path against an independent brute force, plus
//! published values (AtCoder DP K samples, OEIS A030193) and the seeds' examples.

use std::collections::HashMap;
use std::ops::ControlFlow;

use proptest::prelude::*;
use stonegame::impartial::HeapMove;
use stonegame::impartial::boxes::{BallBox, Boxes};
use stonegame::impartial::grundy::{GrundySolver, heap_table};
use stonegame::impartial::misere::{ExactSearch, nim_rule_outcome};
use stonegame::impartial::nim::Nim;
use stonegame::impartial::periodic::WindowRecurrence;
use stonegame::impartial::subtraction::{Subtraction, SubtractionRule, SubtractionSet};
use stonegame::impartial::{FnGame, ImpartialGame};
use stonegame::{Budget, Convention, Error, Nimber, Outcome, Solution};

// ---------------------------------------------------------------------------
// The independent reference: plain recursive win/lose search over sums of
// heaps, where `moves(h)` lists the heaps a move on `h` can leave. It knows
// nothing of Grundy values, XOR, periods or the misère rule.
// ---------------------------------------------------------------------------

fn brute_wins(
    heaps: &[u64],
    moves: &dyn Fn(u64) -> Vec<u64>,
    misere: bool,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    'outer: for i in 0..key.len() {
        for left in moves(key[i]) {
            any_move = true;
            let mut next = key.clone();
            next[i] = left;
            if !brute_wins(&next, moves, misere, memo) {
                wins = true;
                break 'outer;
            }
        }
    }
    let result = if any_move { wins } else { misere };
    memo.insert(key, result);
    result
}

fn brute_outcome(
    heaps: &[u64],
    moves: &dyn Fn(u64) -> Vec<u64>,
    convention: Convention,
) -> Outcome {
    let misere = convention == Convention::Misere;
    if brute_wins(heaps, moves, misere, &mut HashMap::new()) {
        Outcome::First
    } else {
        Outcome::Second
    }
}

fn subtraction_moves(set: &[u64]) -> impl Fn(u64) -> Vec<u64> + '_ {
    move |h| set.iter().filter(|&&s| s <= h).map(|&s| h - s).collect()
}

fn nim_moves(h: u64) -> Vec<u64> {
    (0..h).collect()
}

fn convention_strategy() -> impl Strategy<Value = Convention> {
    prop_oneof![Just(Convention::Normal), Just(Convention::Misere)]
}

fn small_set() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::btree_set(1u64..=7, 1..=3).prop_map(|s| s.into_iter().collect())
}

/// Brute-force Grundy table of a subtraction set, by the mex definition.
fn brute_grundy_table(set: &[u64], upto: usize) -> Vec<u64> {
    let mut table = Vec::new();
    for n in 0..=upto {
        let options: Vec<u64> = set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| table[n - s as usize])
            .collect();
        table.push((0..).find(|g| !options.contains(g)).unwrap());
    }
    table
}

// ---------------------------------------------------------------------------
// Sums: XOR composition against exact search.
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn xor_of_grundy_values_equals_exact_search(set in small_set(),
                                                heaps in prop::collection::vec(0u64..12, 0..4)) {
        let game = SubtractionSet::new(set.clone()).unwrap();
        let mut solver = GrundySolver::new(&game);
        let by_xor = solver.outcome(&heaps).unwrap();
        let exact = ExactSearch::default().with_convention(Convention::Normal).outcome(&game, &heaps).unwrap();
        let brute = brute_outcome(&heaps, &subtraction_moves(&set), Convention::Normal);
        prop_assert_eq!(by_xor, brute);
        prop_assert_eq!(exact, brute);
    }

    #[test]
    fn exact_search_matches_brute_force_in_both_conventions(set in small_set(),
            heaps in prop::collection::vec(0u64..10, 0..4), convention in convention_strategy()) {
        let game = SubtractionSet::new(set.clone()).unwrap();
        let exact = ExactSearch::default().with_convention(convention).outcome(&game, &heaps).unwrap();
        prop_assert_eq!(exact, brute_outcome(&heaps, &subtraction_moves(&set), convention));
    }

    #[test]
    fn generic_winning_move_in_a_sum_leaves_a_loss(set in small_set(),
                                                  heaps in prop::collection::vec(0u64..15, 1..4)) {
        let game = SubtractionSet::new(set.clone()).unwrap();
        let mut solver = GrundySolver::new(&game);
        let found = solver.winning_move(&heaps).unwrap();
        let outcome = brute_outcome(&heaps, &subtraction_moves(&set), Convention::Normal);
        prop_assert_eq!(found.is_some(), outcome == Outcome::First);
        if let Some(m) = found {
            let mut next = heaps.clone();
            next.remove(m.component);
            next.extend(m.option);
            prop_assert_eq!(brute_outcome(&next, &subtraction_moves(&set), Convention::Normal), Outcome::Second);
        }
    }

    #[test]
    fn solver_winning_moves_leave_a_loss(set in small_set(), heaps in prop::collection::vec(0u64..14, 1..4),
                                         convention in convention_strategy()) {
        let game = SubtractionSet::new(set.clone()).unwrap();
        let mut solver = Subtraction::new(game).with_convention(convention);
        let outcome = solver.outcome(&heaps).unwrap();
        prop_assert_eq!(outcome, brute_outcome(&heaps, &subtraction_moves(&set), convention));
        let found = solver.winning_move(&heaps).unwrap();
        if let Some(m) = found {
            prop_assert!(set.contains(&m.removed()) && m.removed() <= heaps[m.index()]);
            let mut next = heaps.clone();
            next[m.index()] -= m.removed();
            prop_assert_eq!(brute_outcome(&next, &subtraction_moves(&set), convention), Outcome::Second);
        } else if outcome == Outcome::First {
            // Only a misère position with no move left is a win without a move.
            prop_assert_eq!(convention, Convention::Misere);
            prop_assert!(heaps.iter().all(|&h| h < set[0]));
        }
    }
}

// ---------------------------------------------------------------------------
// Nim and boxes: closed forms and the misère rule against brute force.
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn nim_rule_matches_exhaustive_search(heaps in prop::collection::vec(0u64..6, 0..5),
                                          convention in convention_strategy()) {
        let expected = brute_outcome(&heaps, &nim_moves, convention);
        let nim = Nim::new().with_convention(convention);
        prop_assert_eq!(nim.outcome(&heaps), expected);
        prop_assert_eq!(ExactSearch::default().with_convention(convention).outcome(&nim, &heaps).unwrap(), expected);
        match nim.winning_move(&heaps) {
            Some(m) => {
                prop_assert!(m.removed() >= 1 && m.removed() <= heaps[m.index()]);
                let mut next = heaps.clone();
                next[m.index()] -= m.removed();
                prop_assert_eq!(brute_outcome(&next, &nim_moves, convention), Outcome::Second);
            }
            None => prop_assert!(expected == Outcome::Second || heaps.iter().all(|&h| h == 0)),
        }
    }

    #[test]
    fn boxes_rule_matches_exhaustive_search(pairs in prop::collection::vec((0u64..13, 1u64..5), 0..4),
                                            convention in convention_strategy()) {
        let boxes: Vec<BallBox> = pairs.iter().map(|&(x, a)| BallBox::new(x, a).unwrap()).collect();
        let game = Boxes::new().with_convention(convention);
        let expected = ExactSearch::default().with_convention(convention).outcome(&game, &boxes).unwrap();
        prop_assert_eq!(game.outcome(&boxes), expected);
        match game.winning_move(&boxes) {
            Some(m) => {
                let b = boxes[m.index()];
                prop_assert_eq!(m.from(), b.balls());
                prop_assert!(m.removed() >= 1 && m.removed() <= b.max_take() && m.removed() <= b.balls());
                let mut next = boxes.clone();
                next[m.index()] = BallBox::new(b.balls() - m.removed(), b.max_take()).unwrap();
                prop_assert_eq!(ExactSearch::default().with_convention(convention).outcome(&game, &next).unwrap(),
                                Outcome::Second);
            }
            None => prop_assert!(expected == Outcome::Second || boxes.iter().all(|b| b.balls() == 0)),
        }
    }

    #[test]
    fn box_grundy_is_the_residue(x in 0u64..40, a in 1u64..8) {
        let b = BallBox::new(x, a).unwrap();
        prop_assert_eq!(GrundySolver::new(Boxes::new()).grundy(&b).unwrap(), b.grundy());
        prop_assert_eq!(b.grundy(), Nimber(x % (a + 1)));
    }
}

#[test]
fn misere_nim_rule_fails_for_a_wild_game_and_exact_search_does_not() {
    // Kayles (knock down 1 or 2 adjacent pins, possibly splitting the row) is
    // not tame: the misère Nim rule applied to its Grundy values is wrong.
    let kayles = FnGame::new(
        |n: &u64, visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>| {
            for take in 1..=2u64.min(*n) {
                for left in 0..=(n - take) {
                    let right = n - take - left;
                    let parts: Vec<u64> = [left, right].into_iter().filter(|&p| p > 0).collect();
                    visit(&parts)?;
                }
            }
            ControlFlow::Continue(())
        },
    );
    let mut grundy = GrundySolver::new(&kayles);
    let value = grundy.grundy(&8).unwrap();
    assert_eq!(value, Nimber(1));
    let by_rule = nim_rule_outcome(&[value.0]);
    let exact = ExactSearch::default()
        .with_convention(Convention::Misere)
        .outcome(&kayles, &[8])
        .unwrap();
    assert_eq!(by_rule, Outcome::Second);
    assert_eq!(
        exact,
        Outcome::First,
        "misère Kayles with 8 pins is a first-player win"
    );
    // The rule is never used for subtraction sets other than {1..a}: there
    // the answers come from the exact period or exact search (checked above).
}

#[test]
fn the_exact_search_charges_an_option_and_its_components() {
    // Misère {1} on one heap of 1: one option, of a sum of one component,
    // charged OPTION_STEPS + COMPONENT_STEPS = 80 steps each time the sum's
    // options are listed: before its option is searched and again after.
    let set = SubtractionSet::new([1]).unwrap();
    let search = |cap: u64| {
        ExactSearch::default()
            .with_budget(Budget::default().with_work(cap))
            .with_convention(Convention::Misere)
            .outcome(&set, &[1])
    };
    assert_eq!(ExactSearch::OPTION_STEPS + ExactSearch::COMPONENT_STEPS, 80);
    assert_eq!(search(160).unwrap(), Outcome::Second);
    let refused = search(159);
    assert!(
        matches!(refused, Err(Error::WorkLimitExceeded { steps: 159, .. })),
        "{refused:?}"
    );
}

#[test]
fn misere_sums_too_large_to_search_are_refused() {
    let set = SubtractionSet::new([2, 3]).unwrap();
    let mut solver = Subtraction::new(set).with_convention(Convention::Misere);
    let huge = [10u64.pow(18), 10u64.pow(18) - 1];
    assert!(matches!(
        solver.outcome(&huge),
        Err(Error::SizeLimitExceeded { .. })
    ));
    // One playable heap is exact at any size.
    assert!(solver.outcome(&[10u64.pow(18), 1]).is_ok());
}

// ---------------------------------------------------------------------------
// Periodicity: exact preperiod and period, answers equal to a full table.
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn periodic_answers_equal_a_full_table(set in prop::collection::btree_set(1u64..=12, 1..=5),
                                           queries in prop::collection::vec(0u64..3000, 1..20)) {
        let set: Vec<u64> = set.into_iter().collect();
        let game = SubtractionSet::new(set.clone()).unwrap();
        let table = brute_grundy_table(&set, 3000);
        let mut solver = Subtraction::new(game.clone());
        for n in queries {
            prop_assert_eq!(solver.grundy(n).unwrap().0, table[n as usize]);
        }
        let dense = game.grundy_table(3000, Budget::default()).unwrap();
        prop_assert!(dense.iter().map(|g| g.0).eq(table.iter().copied()));
    }

    #[test]
    fn preperiod_and_period_are_exact_and_least(set in prop::collection::btree_set(1u64..=10, 1..=4)) {
        let set: Vec<u64> = set.into_iter().collect();
        let p = SubtractionSet::new(set.clone()).unwrap().periodicity(Budget::default()).unwrap();
        let (pre, per) = (p.preperiod() as usize, p.period() as usize);
        let table = brute_grundy_table(&set, pre + 3 * per + 50);
        for n in pre..table.len() - per {
            prop_assert_eq!(table[n], table[n + per]);
        }
        if pre > 0 {
            prop_assert_ne!(table[pre - 1], table[pre - 1 + per], "preperiod not least");
        }
        // A smaller period would be a proper divisor holding from the preperiod on.
        for d in (1..per).filter(|d| per % d == 0) {
            prop_assert!((pre..pre + per).any(|n| table[n] != table[n + d]), "period {} not least", per);
        }
        for (n, &value) in table.iter().enumerate() {
            prop_assert_eq!(u64::from(p.value(n as u64)), value);
        }
    }

    #[test]
    fn single_heap_loss_bits_equal_the_tables(set in prop::collection::btree_set(1u64..=128, 1..=6),
                                              queries in prop::collection::vec(0u64..4000, 1..12),
                                              huge in prop::collection::vec(any::<u64>(), 1..4)) {
        // The loss-bit fast path (one playable heap, sets within 1..=128) against
        // the outcome table, and huge heaps against the Grundy period.
        let game = SubtractionSet::new(set).unwrap();
        let grundy = game.periodicity(Budget::default()).unwrap();
        let mut normal = Subtraction::new(game.clone());
        for convention in [Convention::Normal, Convention::Misere] {
            let mut solver = Subtraction::new(game.clone()).with_convention(convention);
            let table = game.outcome_table(4000, convention, Budget::default()).unwrap();
            for &n in &queries {
                prop_assert_eq!(solver.outcome(&[n]).unwrap(), table[n as usize]);
                // Inert heaps (below the smallest move) do not change a single heap's outcome.
                prop_assert_eq!(solver.outcome(&[0, n]).unwrap(), table[n as usize]);
                let found = solver.winning_move(&[n]).unwrap();
                let first_to_loss = game.moves().iter().copied().take_while(|&s| s <= n)
                    .find(|&s| table[(n - s) as usize] == Outcome::Second);
                prop_assert_eq!(found.map(|m| m.removed()), first_to_loss);
            }
        }
        for n in huge {
            let expected = if grundy.value(n) == 0 { Outcome::Second } else { Outcome::First };
            prop_assert_eq!(normal.outcome(&[n]).unwrap(), expected);
        }
    }

    #[test]
    fn long_preperiods_are_found_exactly(preperiod in 0u32..5000, period in 1u32..700) {
        // 0, 1, …, q + p - 1, then back to q: preperiod q and period p, long
        // enough that distinguished windows, not Brent's doubling, usually find it.
        let rule = move |v: &[u32]| match v.last() {
            None => 0,
            Some(&last) if last + 1 < preperiod + period => last + 1,
            Some(_) => preperiod,
        };
        let mut r = WindowRecurrence::new(1, Box::new(rule), Budget::default()).unwrap();
        let p = r.periodicity().unwrap();
        prop_assert_eq!((p.preperiod(), p.period()), (u64::from(preperiod), u64::from(period)));
    }

    #[test]
    fn single_heap_misere_period_matches_brute_force(set in small_set(), heap in 0u64..60) {
        let game = SubtractionSet::new(set.clone()).unwrap();
        let mut solver = Subtraction::new(game).with_convention(Convention::Misere);
        prop_assert_eq!(solver.outcome(&[heap]).unwrap(),
                        brute_outcome(&[heap], &subtraction_moves(&set), Convention::Misere));
    }

    #[test]
    fn outcome_table_matches_brute_force(set in small_set(), convention in convention_strategy()) {
        let game = SubtractionSet::new(set.clone()).unwrap();
        let table = game.outcome_table(40, convention, Budget::default()).unwrap();
        for (n, &outcome) in table.iter().enumerate() {
            prop_assert_eq!(outcome, brute_outcome(&[n as u64], &subtraction_moves(&set), convention));
        }
    }
}

#[test]
fn heaps_of_ten_to_the_eighteen_follow_the_period() {
    let set = SubtractionSet::new([2, 5, 7]).unwrap();
    let mut solver = Subtraction::new(set);
    let p = solver.periodicity().unwrap();
    let table = brute_grundy_table(&[2, 5, 7], (p.preperiod() + 2 * p.period()) as usize);
    let n = 10u64.pow(18);
    let reduced = p.preperiod() + (n - p.preperiod()) % p.period();
    assert_eq!(solver.grundy(n).unwrap().0, table[reduced as usize]);
    assert_eq!(
        solver.grundy(u64::MAX).unwrap().0,
        u64::from(p.value(u64::MAX))
    );
}

// ---------------------------------------------------------------------------
// Published values.
// ---------------------------------------------------------------------------

fn dp_k(amounts: &[u64], k: u64) -> Outcome {
    let set = SubtractionSet::new(amounts.iter().copied()).unwrap();
    set.outcome_table(k, Convention::Normal, Budget::default())
        .unwrap()[k as usize]
}

#[test]
fn atcoder_dp_k_samples() {
    let samples: [(&[u64], u64, Outcome); 6] = [
        (&[2, 3], 4, Outcome::First),
        (&[2, 3], 5, Outcome::Second),
        (&[2, 3], 7, Outcome::First),
        (&[1, 2, 3], 20, Outcome::Second),
        (&[1, 2, 3], 21, Outcome::First),
        (&[1], 100_000, Outcome::Second),
    ];
    for (amounts, k, expected) in samples {
        assert_eq!(dp_k(amounts, k), expected, "A = {amounts:?}, K = {k}");
        if k <= 100 {
            assert_eq!(
                brute_outcome(&[k], &subtraction_moves(amounts), Convention::Normal),
                expected
            );
        }
    }
    // The last sample by the alternating pattern of A = {1}: even K loses.
    assert_eq!(dp_k(&[1], 99_999), Outcome::First);
}

/// The callback a subtraction rule calls once per amount.
type Amounts<'a> = &'a mut dyn FnMut(u64) -> ControlFlow<()>;

fn squares_rule() -> SubtractionRule<impl Fn(u64, Amounts<'_>) -> ControlFlow<()>> {
    SubtractionRule::new(|heap: u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>| {
        (1..)
            .map(|k: u64| k * k)
            .take_while(|&s| s <= heap)
            .try_for_each(visit)
    })
}

#[test]
fn subtract_a_square_losing_positions_oeis_a030193() {
    let table = squares_rule().grundy_table(200).unwrap();
    let losing: Vec<u64> = (0..=200u64)
        .filter(|&n| table[n as usize].is_zero())
        .collect();
    // Independent win/lose table.
    let mut wins = vec![false; 201];
    for n in 1..=200usize {
        wins[n] = (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .any(|s| !wins[n - s]);
    }
    let brute: Vec<u64> = (0..=200u64).filter(|&n| !wins[n as usize]).collect();
    assert_eq!(losing, brute);
    // The published start of A030193.
    assert_eq!(
        &losing[..13],
        &[0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44]
    );
    // LeetCode 1510 examples: n = 1 true, 2 false, 4 true, 7 false, 17 false.
    let outcome = squares_rule().outcome_table(17).unwrap();
    let alice_wins: Vec<bool> = [1, 2, 4, 7, 17]
        .iter()
        .map(|&n| outcome[n] == Outcome::First)
        .collect();
    assert_eq!(alice_wins, [true, false, true, false, false]);
}

#[test]
fn generic_memo_solver_agrees_with_the_dense_table() {
    let squares = squares_rule();
    let table = heap_table(&squares, 300, Budget::default()).unwrap();
    let mut solver = GrundySolver::new(&squares);
    for n in (0..=300).rev() {
        assert_eq!(solver.grundy(&n).unwrap(), table[n as usize], "heap {n}");
    }
}

// ---------------------------------------------------------------------------
// The seeds' examples.
// ---------------------------------------------------------------------------

fn misere_boxes() -> Boxes {
    Boxes::new().with_convention(Convention::Misere)
}

#[test]
fn seed_single_box_strategies() {
    // Rem-L(1): x = k(a+1) + r loses for the player to move exactly when r = 1.
    // Rem-W(1): x = k(a+1) loses exactly when r = 0.
    for a in 1..=5u64 {
        for x in 0..=30u64 {
            let b = [BallBox::new(x, a).unwrap()];
            let r = x % (a + 1);
            assert_eq!(
                misere_boxes().outcome(&b) == Outcome::Second,
                r == 1,
                "x={x} a={a}"
            );
            assert_eq!(
                Boxes::new().outcome(&b) == Outcome::Second,
                r == 0,
                "x={x} a={a}"
            );
        }
    }
    // "take r - 1 (or a when r = 0)" wins Rem-L(1).
    let m = misere_boxes()
        .winning_move(&[BallBox::new(11, 3).unwrap()])
        .unwrap();
    assert_eq!(m.removed(), 2); // 11 = 2*4 + 3: take 2, leaving 9 = 2*4 + 1
    let m = misere_boxes()
        .winning_move(&[BallBox::new(8, 3).unwrap()])
        .unwrap();
    assert_eq!(m.removed(), 3);
}

#[test]
fn seed_two_boxes_equal_residues_lose() {
    // Rem-W(2): equal non-zero residues are a second-player win.
    let pair = |x1, a1, x2, a2| [BallBox::new(x1, a1).unwrap(), BallBox::new(x2, a2).unwrap()];
    assert_eq!(Boxes::new().outcome(&pair(7, 4, 9, 3)), Outcome::First); // 2, 1
    assert_eq!(Boxes::new().outcome(&pair(7, 4, 10, 3)), Outcome::Second); // 2, 2
    assert_eq!(Boxes::new().outcome(&pair(7, 4, 11, 3)), Outcome::First); // 2, 3
    // Rem-L(2): residues both >= 2 and equal lose; (1, 0) loses.
    assert_eq!(misere_boxes().outcome(&pair(7, 4, 10, 3)), Outcome::Second);
    assert_eq!(misere_boxes().outcome(&pair(6, 4, 8, 3)), Outcome::Second); // 1, 0
    assert_eq!(misere_boxes().outcome(&pair(6, 4, 9, 3)), Outcome::First); // 1, 1
}

#[test]
fn seed_nim_xor_facts() {
    for heaps in [[1u64, 2, 3], [1, 4, 5], [2, 4, 6]] {
        assert_eq!(Nim::new().outcome(&heaps), Outcome::Second);
    }
    // The seed's constructive move: y -> y ^ x on a heap holding x's top bit.
    let m = Nim::new().winning_move(&[5, 6, 9]).unwrap();
    let x = 5 ^ 6 ^ 9;
    assert_eq!(m.index(), 2);
    assert_eq!(9 - m.removed(), 9 ^ x);
    // The win/lose DP of AtCoder EDPC K "Stones": A = {2, 3}, dp = 0 0 1 1 1 0 0 1 1 1.
    let set = SubtractionSet::new([2, 3]).unwrap();
    let t = set
        .outcome_table(9, Convention::Normal, Budget::default())
        .unwrap();
    let bits: Vec<u8> = t.iter().map(|&o| u8::from(o == Outcome::First)).collect();
    assert_eq!(bits, [0, 0, 1, 1, 1, 0, 0, 1, 1, 1]);
}

// ---------------------------------------------------------------------------
// Errors.
// ---------------------------------------------------------------------------

#[test]
fn invalid_sets_are_typed_errors() {
    assert!(matches!(
        SubtractionSet::new([0u64; 0]),
        Err(Error::InvalidParameter { .. })
    ));
    assert!(matches!(
        SubtractionSet::new([3, 0]),
        Err(Error::InvalidParameter { .. })
    ));
    assert!(matches!(
        BallBox::new(3, 0),
        Err(Error::InvalidParameter { .. })
    ));
}

#[test]
fn heaps_beyond_the_budget_without_a_period_are_refused() {
    // A period must span the window of the largest move; a budget of 25 values cannot hold it.
    let set = SubtractionSet::new([1, 40]).unwrap();
    let mut solver = Subtraction::new(set.clone()).with_budget(Budget::from_bytes(300));
    assert_eq!(solver.grundy(20).unwrap(), Nimber(0));
    let err = solver.grundy(10u64.pow(18)).unwrap_err();
    assert!(matches!(
        err,
        Error::NoPeriodWithinBudget {
            heap: 1_000_000_000_000_000_000,
            ..
        }
    ));
    assert!(err.to_string().contains("memory budget"));
    assert!(matches!(
        set.grundy_table(u64::MAX, Budget::default()),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
}

/// Take 20, 64, 89 or 109: the loss bits of one heap (either convention)
/// repeat from about heap 2.1 million with period 1,380,819, and Brent's
/// search computes 3,477,971 heaps before it sees the repeat, at 5 work
/// units a heap: 17,000,000 steps are too few, 18,000,000 enough.
#[test]
fn the_single_heap_loss_bits_are_charged_against_the_work_cap() {
    let set = SubtractionSet::new([20, 64, 89, 109]).unwrap();
    let heaps = [10u64.pow(18), 3_000_000, 123_456_789_012, u64::MAX];
    for convention in [Convention::Normal, Convention::Misere] {
        let mut uncapped = Subtraction::new(set.clone()).with_convention(convention);
        let expected: Vec<Outcome> = heaps
            .iter()
            .map(|&n| uncapped.outcome(&[n]).unwrap())
            .collect();
        // The table knows nothing of periods: heap 3,000,000 is past the preperiod.
        let table = set
            .outcome_table(3_000_000, convention, Budget::default())
            .unwrap();
        assert_eq!(expected[1], table[3_000_000]);
        for cap in [1000, 17_000_000] {
            let mut capped = Subtraction::new(set.clone())
                .with_convention(convention)
                .with_budget(Budget::default().with_work(cap));
            match capped.outcome(&[heaps[0]]) {
                Err(Error::WorkLimitExceeded { what, steps }) => {
                    assert_eq!(steps, cap, "{what}");
                    assert!(what.contains("subtraction S = {20,64,89,109}"), "{what}");
                    assert_eq!(
                        what.starts_with("misère "),
                        convention == Convention::Misere,
                        "{what}"
                    );
                }
                other => panic!("{convention:?}, cap {cap}: {other:?}"),
            }
        }
        let mut enough = Subtraction::new(set.clone())
            .with_convention(convention)
            .with_budget(Budget::default().with_work(18_000_000));
        for (&n, &outcome) in heaps.iter().zip(&expected) {
            assert_eq!(
                enough.outcome(&[n]).unwrap(),
                outcome,
                "{convention:?}, heap {n}"
            );
        }
    }
}

/// The per-heap charges of a set within 1..=128 (release measurements in
/// docs/impartial.md): 7 units a heap of the win/lose table, 18 of the Grundy
/// table, 32 a value of the Grundy window search. Each fits a cap of exactly
/// its charge and is refused one unit below.
#[test]
fn small_sets_are_charged_per_heap_as_measured() {
    let set = SubtractionSet::new([9, 21, 100, 112, 121]).unwrap();
    let work = |steps: u64| Budget::default().with_work(steps);
    let refused = |result: Result<(), Error>, cap: u64| match result {
        Err(Error::WorkLimitExceeded { steps, .. }) => assert_eq!(steps, cap),
        other => panic!("cap {cap}: {other:?}"),
    };
    // The tables' work is known before they start: refused before any of it.
    let refused_up_front = |result: Result<(), Error>, cap: u64| match result {
        Err(Error::WorkLimitWouldExceed { limit, needed, .. }) => {
            assert_eq!(limit, cap);
            assert_eq!(needed, u128::from(cap) + 1);
        }
        other => panic!("cap {cap}: {other:?}"),
    };
    assert!(
        set.outcome_table(999, Convention::Normal, work(7000))
            .is_ok()
    );
    refused_up_front(
        set.outcome_table(999, Convention::Normal, work(6999))
            .map(drop),
        6999,
    );
    assert!(set.grundy_table(999, work(18_000)).is_ok());
    refused_up_front(set.grundy_table(999, work(17_999)).map(drop), 17_999);
    // The window search has no period here (none below 10^9 values), so it
    // stops when the cap has paid for 1000 values.
    let mut game = Subtraction::new(set.clone()).with_budget(work(32_000));
    let table = set.grundy_table(999, Budget::default()).unwrap();
    assert_eq!(game.grundy(999).unwrap(), table[999]);
    refused(game.grundy(1000).map(drop), 32_000);
}

#[test]
fn cyclic_games_are_reported() {
    let two_cycle =
        FnGame::new(|p: &u8, visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>| visit(&[1 - *p]));
    assert!(matches!(
        GrundySolver::new(&two_cycle).grundy(&0),
        Err(Error::CyclicGame { .. })
    ));
    assert!(matches!(
        ExactSearch::default()
            .with_convention(Convention::Normal)
            .outcome(&two_cycle, &[0]),
        Err(Error::CyclicGame { .. })
    ));
    let mut options = 0;
    let _ = two_cycle.for_each_option(&0, |_| {
        options += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(options, 1);
}

#[test]
fn tables_for_sets_beyond_128_use_the_general_path_correctly() {
    let amounts = [3u64, 130, 200];
    let set = SubtractionSet::new(amounts).unwrap();
    let grundy = set.grundy_table(700, Budget::default()).unwrap();
    let brute = brute_grundy_table(&amounts, 700);
    assert!(grundy.iter().map(|g| g.0).eq(brute.iter().copied()));
    for convention in [Convention::Normal, Convention::Misere] {
        let table = set
            .outcome_table(700, convention, Budget::default())
            .unwrap();
        let mut wins = vec![false; 701];
        for n in 0..=700usize {
            let options: Vec<usize> = amounts
                .iter()
                .filter(|&&s| s as usize <= n)
                .map(|&s| n - s as usize)
                .collect();
            wins[n] = if options.is_empty() {
                convention == Convention::Misere
            } else {
                options.iter().any(|&o| !wins[o])
            };
            assert_eq!(table[n] == Outcome::First, wins[n], "heap {n} {convention}");
        }
    }
}

// ---------------------------------------------------------------------------
// solve(): the line is the winner's strategy against the loser's fixed reply.
// ---------------------------------------------------------------------------

/// Checks `solution` of the heap sum `start` against the brute force: its
/// outcome; its best move is the line's first exactly when the player to move
/// wins; every move is legal; the winner's moves leave losses; the loser takes
/// `smallest` from the first largest heap; a complete line ends the game.
fn check_line(
    start: &[u64],
    solution: &Solution<Outcome, HeapMove>,
    moves: &dyn Fn(u64) -> Vec<u64>,
    convention: Convention,
    smallest: u64,
) -> Result<(), TestCaseError> {
    let outcome = brute_outcome(start, moves, convention);
    prop_assert_eq!(solution.outcome(), outcome);
    let first = solution
        .line()
        .first()
        .filter(|_| outcome == Outcome::First);
    prop_assert_eq!(solution.best_move(), first);
    let mut position = start.to_vec();
    let mut winner_to_move = outcome == Outcome::First;
    for m in solution.line() {
        let next = m.apply(&position).unwrap();
        let left = m.to().first().copied().unwrap_or(0);
        prop_assert!(
            m.to().len() <= 1 && moves(m.from()).contains(&left),
            "{m} illegal"
        );
        if winner_to_move {
            prop_assert_eq!(
                brute_outcome(&next, moves, convention),
                Outcome::Second,
                "{}",
                m
            );
        } else {
            let largest = position.iter().copied().max().unwrap();
            prop_assert_eq!(
                m.index(),
                position.iter().position(|&h| h == largest).unwrap()
            );
            prop_assert_eq!(m.removed(), smallest);
        }
        position = next;
        winner_to_move = !winner_to_move;
    }
    if solution.is_line_complete() {
        prop_assert!(
            position.iter().all(|&h| moves(h).is_empty()),
            "moves left in {position:?}"
        );
    } else {
        prop_assert_eq!(
            solution.line().len(),
            Solution::<Outcome, HeapMove>::LINE_LIMIT
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn nim_lines_are_winning_strategies(heaps in prop::collection::vec(0u64..6, 0..4),
                                        convention in convention_strategy()) {
        let solution = Nim::new().with_convention(convention).solve(&heaps).unwrap();
        check_line(&heaps, &solution, &nim_moves, convention, 1)?;
        prop_assert!(solution.is_line_complete());
    }

    #[test]
    fn subtraction_lines_are_winning_strategies(set in small_set(),
            heaps in prop::collection::vec(0u64..14, 0..4), convention in convention_strategy()) {
        let game = SubtractionSet::new(set.clone()).unwrap();
        let solution = Subtraction::new(game).with_convention(convention).solve(&heaps).unwrap();
        check_line(&heaps, &solution, &subtraction_moves(&set), convention, set[0])?;
        prop_assert!(solution.is_line_complete());
    }

    #[test]
    fn boxes_lines_are_winning_strategies(pairs in prop::collection::vec((0u64..13, 1u64..5), 0..4),
                                          convention in convention_strategy()) {
        let boxes: Vec<BallBox> = pairs.iter().map(|&(x, a)| BallBox::new(x, a).unwrap()).collect();
        let game = Boxes::new().with_convention(convention);
        let solution = game.solve(&boxes).unwrap();
        let expected = ExactSearch::default().with_convention(convention).outcome(&game, &boxes).unwrap();
        prop_assert_eq!(solution.outcome(), expected);
        prop_assert_eq!(solution.best_move().copied(), game.winning_move(&boxes));
        let mut position = boxes.clone();
        let mut winner_to_move = expected == Outcome::First;
        for m in solution.line() {
            let b = position[m.index()];
            prop_assert_eq!(m.from(), b.balls());
            prop_assert!(m.removed() >= 1 && m.removed() <= b.max_take());
            if !winner_to_move {
                let fullest = position.iter().map(|b| b.balls()).max().unwrap();
                prop_assert_eq!(m.index(), position.iter().position(|b| b.balls() == fullest).unwrap());
                prop_assert_eq!(m.removed(), 1);
            }
            position[m.index()] = BallBox::new(b.balls() - m.removed(), b.max_take()).unwrap();
            if winner_to_move {
                prop_assert_eq!(ExactSearch::default().with_convention(convention).outcome(&game, &position).unwrap(),
                                Outcome::Second);
            }
            winner_to_move = !winner_to_move;
        }
        prop_assert!(solution.is_line_complete());
        prop_assert!(position.iter().all(|b| b.balls() == 0));
    }
}

#[test]
fn long_lines_are_cut_at_the_limit() {
    let huge = 10u64.pow(18);
    let solution = Nim::new().solve(&[huge, huge]).unwrap();
    assert_eq!(solution.outcome(), Outcome::Second);
    assert_eq!(solution.best_move(), None);
    assert_eq!(
        solution.line().len(),
        Solution::<Outcome, HeapMove>::LINE_LIMIT
    );
    assert!(!solution.is_line_complete());
    // The loser takes one stone from the first largest heap; the winner mirrors.
    assert_eq!(
        solution.line()[0].to_string(),
        "1:1000000000000000000->999999999999999999"
    );
    assert_eq!(
        solution.line()[1].to_string(),
        "2:1000000000000000000->999999999999999999"
    );
}

#[test]
fn heap_moves_are_shown_the_same_for_every_heap_game() {
    // Nim taking 2 from a heap of 3 first in the list.
    assert_eq!(
        Nim::new().winning_move(&[3, 4, 5]).unwrap().to_string(),
        "1:3->1"
    );
    let boxes = [BallBox::new(10, 3).unwrap(), BallBox::new(7, 5).unwrap()];
    assert_eq!(
        Boxes::new().winning_move(&boxes).unwrap().to_string(),
        "1:10->9"
    );
    let mut dp_k = Subtraction::new(SubtractionSet::new([2, 3]).unwrap());
    assert_eq!(
        dp_k.winning_move(&[7]).unwrap().unwrap().to_string(),
        "1:7->5"
    );
}

/// Ω(n): the prime factors of `n`, counted with multiplicity.
fn prime_factor_count(mut n: u64) -> u64 {
    let mut count = 0;
    let mut p = 2;
    while p * p <= n {
        while n % p == 0 {
            n /= p;
            count += 1;
        }
        p += 1;
    }
    count + u64::from(n > 1)
}

#[test]
fn dividing_game_abc_368_f_is_nim_on_prime_factor_counts() {
    // The game itself: replace a number by a proper divisor.
    let dividing = FnGame::new(
        |n: &u64, visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>| {
            (1..*n).filter(|d| n % d == 0).try_for_each(|d| visit(&[d]))
        },
    );
    let mut solver = GrundySolver::new(&dividing);
    for n in 1..=200u64 {
        assert_eq!(
            solver.grundy(&n).unwrap(),
            Nimber(prime_factor_count(n)),
            "{n}"
        );
    }
    // The contest's samples: 2 3 4 (Anna, the first player, wins), 2 3 4 6 (Bruno).
    let counts = |numbers: &[u64]| {
        numbers
            .iter()
            .map(|&a| prime_factor_count(a))
            .collect::<Vec<_>>()
    };
    assert_eq!(Nim::new().outcome(&counts(&[2, 3, 4])), Outcome::First);
    assert_eq!(Nim::new().outcome(&counts(&[2, 3, 4, 6])), Outcome::Second);
}

#[test]
fn the_guide_example_holds() {
    // docs/impartial.md, "Moves and lines".
    assert_eq!(
        Nim::new()
            .solve(&[3, 4, 5])
            .unwrap()
            .best_move()
            .unwrap()
            .to_string(),
        "1:3->1"
    );
    let mut stones = Subtraction::new(SubtractionSet::new([2, 3]).unwrap());
    assert_eq!(stones.outcome(&[4]).unwrap(), Outcome::First);
    let mut misere =
        Subtraction::new(SubtractionSet::new([1, 2]).unwrap()).with_convention(Convention::Misere);
    assert_eq!(
        misere.outcome(&[1_000_000_000_000_000_000]).unwrap(),
        Outcome::Second
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any data: the constructor accepts exactly the consistent moves, and no
    /// accessor, `apply` or `Display` panics or wraps.
    #[test]
    fn heap_moves_accept_exactly_consistent_data(
        index in prop_oneof![0usize..4, Just(usize::MAX)],
        from in prop_oneof![0u64..8, Just(u64::MAX)],
        to in prop::collection::vec(prop_oneof![0u64..8, Just(u64::MAX)], 0..4),
        heaps in prop::collection::vec(prop_oneof![0u64..8, Just(u64::MAX)], 0..5),
    ) {
        let total: u128 = to.iter().map(|&t| u128::from(t)).sum();
        let consistent = to.len() <= 2 && !to.contains(&0) && total <= u128::from(from)
            && to != [from] && from > 0;
        match HeapMove::new(index, from, &to) {
            Ok(m) => {
                prop_assert!(consistent);
                prop_assert_eq!((m.index(), m.from(), m.to()), (index, from, &to[..]));
                prop_assert_eq!(u128::from(m.removed()), u128::from(from) - total);
                let prefix = format!("{}:{}->", u128::from(index as u64) + 1, from);
                let shown = m.to_string();
                prop_assert!(shown.starts_with(&prefix), "{}", shown);
                match m.apply(&heaps) {
                    Ok(after) => {
                        prop_assert_eq!(heaps.get(index), Some(&from));
                        prop_assert_eq!(after.len() + 1, heaps.len() + to.len());
                        prop_assert_eq!(&after[index..index + to.len()], &to[..]);
                    }
                    Err(e) => {
                        let invalid = matches!(e, Error::InvalidParameter { .. });
                        prop_assert!(invalid, "{}", e);
                        prop_assert_ne!(heaps.get(index), Some(&from));
                    }
                }
            }
            Err(e) => {
                prop_assert!(!consistent, "{:?} {} {:?} refused", index, from, to);
                let invalid = matches!(e, Error::InvalidParameter { .. });
                prop_assert!(invalid, "{}", e);
            }
        }
    }
}
