//! Subtraction sets with a few huge moves (answered from periodic runs, see
//! docs/impartial.md "Huge moves") against a plain dynamic programme written
//! here, on random sets whose large moves are large relative to the heaps
//! tested, and on published answers (Codeforces 1194D).

use proptest::prelude::*;
use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
use stonegame::{Budget, Convention, Error, Nimber, Outcome};

/// Grundy values and single-heap misère wins of heaps `0..upto`, by the
/// definition: the mex of the options; a misère heap is won when it has no
/// move or a move to a lost heap.
fn plain(moves: &[u64], upto: usize) -> (Vec<u64>, Vec<bool>) {
    let mut grundy: Vec<u64> = Vec::with_capacity(upto);
    let mut misere_wins: Vec<bool> = Vec::with_capacity(upto);
    for n in 0..upto {
        let fitting: Vec<usize> = moves
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| n - s as usize)
            .collect();
        let options: Vec<u64> = fitting.iter().map(|&m| grundy[m]).collect();
        grundy.push((0..).find(|g| !options.contains(g)).unwrap_or(0));
        misere_wins.push(fitting.is_empty() || fitting.iter().any(|&m| !misere_wins[m]));
    }
    (grundy, misere_wins)
}

/// A few small amounts and one or two large ones (above 2^16 and at least
/// four times the small ones, so the runs answer them).
fn set_with_huge_moves() -> impl Strategy<Value = Vec<u64>> {
    (
        prop::collection::vec(1u64..=12, 1..5),
        prop::collection::vec(65_537u64..=90_000, 1..3),
    )
        .prop_map(|(mut small, large)| {
            small.extend(large);
            small
        })
}

fn outcome_of(wins: bool) -> Outcome {
    if wins {
        Outcome::First
    } else {
        Outcome::Second
    }
}

const UPTO: usize = 300_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn runs_match_the_plain_table_in_both_conventions(moves in set_with_huge_moves(),
                                                      probes in prop::collection::vec(0usize..UPTO, 40)) {
        let (grundy, misere_wins) = plain(&moves, UPTO);
        let set = SubtractionSet::new(moves.clone()).unwrap();
        let mut normal = Subtraction::new(set.clone());
        let mut misere = Subtraction::new(set).with_convention(Convention::Misere);
        for &n in &probes {
            let heap = n as u64;
            prop_assert_eq!(normal.grundy(heap).unwrap(), Nimber(grundy[n]), "{:?} G({})", moves, n);
            prop_assert_eq!(normal.outcome(&[heap]).unwrap(), outcome_of(grundy[n] != 0));
            prop_assert_eq!(misere.outcome(&[heap]).unwrap(), outcome_of(misere_wins[n]),
                "{:?} misère {}", moves, n);
        }
        // Sums of heaps: the XOR of the plain values.
        for pair in probes.chunks(2) {
            if let [a, b] = pair {
                let heaps = [*a as u64, *b as u64];
                prop_assert_eq!(normal.outcome(&heaps).unwrap(), outcome_of(grundy[*a] != grundy[*b]));
            }
        }
    }

    #[test]
    fn every_heap_in_order_matches(moves in set_with_huge_moves()) {
        let (grundy, misere_wins) = plain(&moves, 200_000);
        let set = SubtractionSet::new(moves.clone()).unwrap();
        let mut normal = Subtraction::new(set.clone());
        let mut misere = Subtraction::new(set).with_convention(Convention::Misere);
        for n in 0..200_000 {
            prop_assert_eq!(normal.grundy(n as u64).unwrap().0, grundy[n], "{:?} G({})", moves, n);
            prop_assert_eq!(misere.outcome(&[n as u64]).unwrap(), outcome_of(misere_wins[n]));
        }
    }

    #[test]
    fn winning_moves_leave_a_loss(moves in set_with_huge_moves(),
                                  heaps in prop::collection::vec(0u64..UPTO as u64, 1..3)) {
        let (grundy, _) = plain(&moves, UPTO);
        let mut game = Subtraction::new(SubtractionSet::new(moves).unwrap());
        let before = heaps.iter().fold(0, |x, &h| x ^ grundy[h as usize]);
        match game.winning_move(&heaps).unwrap() {
            Some(found) => {
                let after = found.apply(&heaps).unwrap();
                prop_assert_eq!(after.iter().fold(0, |x, &h| x ^ grundy[h as usize]), 0);
            }
            None => prop_assert_eq!(before, 0),
        }
    }
}

/// Codeforces 1194D "1-2-K Game": the published rule, for k up to 10^18.
fn alice_wins_1194d(n: u64, k: u64) -> bool {
    if k % 3 != 0 {
        return n % 3 != 0;
    }
    let r = n % (k + 1);
    r == k || r % 3 != 0
}

#[test]
fn codeforces_1194d_samples_and_huge_k() {
    // The statement's samples: (n, k) -> Alice?
    for (n, k, alice) in [(0, 3, false), (3, 3, true), (3, 4, false), (4, 4, true)] {
        let mut game = Subtraction::new(SubtractionSet::new([1, 2, k]).unwrap());
        assert_eq!(game.outcome(&[n]).unwrap() == Outcome::First, alice);
    }
    let budget = Budget::from_mebibytes(16);
    for k in [
        999_999_999,
        1_000_000_000,
        10u64.pow(18),
        10u64.pow(18) - 1,
        3 << 40,
    ] {
        let mut game =
            Subtraction::new(SubtractionSet::new([1, 2, k]).unwrap()).with_budget(budget);
        for n in [
            0,
            1,
            k - 1,
            k,
            k + 1,
            2 * k,
            2 * k + 1,
            2 * k + 2,
            u64::MAX - 7,
            u64::MAX,
        ] {
            assert_eq!(
                game.outcome(&[n]).unwrap() == Outcome::First,
                alice_wins_1194d(n, k),
                "n = {n}, k = {k}"
            );
        }
    }
}

#[test]
fn many_small_and_one_huge_amount_fit_a_small_budget() {
    let moves: Vec<u64> = (2..=1000).chain([100_000_000]).collect();
    let mut game = Subtraction::new(SubtractionSet::new(moves).unwrap())
        .with_budget(Budget::from_mebibytes(16));
    let heap = 10u64.pow(18);
    assert_eq!(game.outcome(&[heap]).unwrap(), Outcome::First);
    // Below the huge move the game is {2..1000}: G(n) = floor((n mod 1002) / 2).
    for n in [0u64, 1, 2, 999, 1000, 1001, 1002, 5000, 99_999_999] {
        assert_eq!(game.grundy(n).unwrap(), Nimber((n % 1002) / 2), "G({n})");
    }
}

#[test]
fn a_tiny_budget_is_refused_with_a_typed_error() {
    let moves: Vec<u64> = (2..=1000).chain([100_000_000]).collect();
    let mut game =
        Subtraction::new(SubtractionSet::new(moves).unwrap()).with_budget(Budget::from_bytes(4096));
    assert!(matches!(
        game.outcome(&[10u64.pow(18)]),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    let huge = 3 * 10u64.pow(11);
    let mut capped = Subtraction::new(SubtractionSet::new([1, 2, huge]).unwrap())
        .with_budget(Budget::default().with_work(5));
    // Asked again after a refusal, the search resumes where it stopped (each
    // query has the whole cap) and never mistakes its own restart for a period.
    for _ in 0..3 {
        assert!(matches!(
            capped.outcome(&[10u64.pow(15)]),
            Err(Error::WorkLimitExceeded { .. })
        ));
    }
    let mut resumed = Subtraction::new(SubtractionSet::new([1, 2, huge]).unwrap())
        .with_budget(Budget::default().with_work(4000));
    let answer = (0..200).find_map(|_| resumed.outcome(&[10u64.pow(15)]).ok());
    assert_eq!(answer, Some(Outcome::First));
    assert!(alice_wins_1194d(10u64.pow(15), huge));
}

#[test]
fn runs_answer_as_the_closed_form_under_a_work_cap() {
    // Under a work cap the runs answer this set (about 10^4 steps), so the
    // hand-over itself is tested where it can be seen, in the unit test
    // `runs_that_give_up_hand_the_set_to_the_window_search` (src/impartial/
    // games/subtraction.rs): runs refused for memory become the window
    // search. Here: the answers under a cap are the closed form's.
    let moves = [1, 2, 70_000];
    let mut game = Subtraction::new(SubtractionSet::new(moves).unwrap())
        .with_budget(Budget::default().with_work(10_000_000));
    for n in [69_999u64, 70_000, 140_001, 10u64.pow(18)] {
        assert_eq!(
            game.outcome(&[n]).unwrap() == Outcome::First,
            alice_wins_1194d(n, 70_000),
            "{n}"
        );
    }
}
