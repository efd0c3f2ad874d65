//! Issue 49: misère sums through `GrundySolver` keep their searches between
//! calls on the same solver (and the moves of a line reuse them), refuse
//! by the budget's limits (no fixed count of sums) naming how to raise
//! them, and agree with a brute-force misère search.

use std::cell::Cell;
use std::collections::HashMap;
use std::ops::ControlFlow;

use proptest::prelude::*;
use stonegame::impartial::ImpartialGame;
use stonegame::impartial::grundy::GrundySolver;
use stonegame::impartial::misere::ExactSearch;
use stonegame::{Budget, Convention, Error, Outcome};

/// Kayles-like cutting: take 1 or 2 stones from a row, leaving the rest
/// as up to two rows. Every option listed is counted.
struct Cutting<'a> {
    listed: &'a Cell<u64>,
}

impl ImpartialGame for Cutting<'_> {
    type Position = u64;
    fn for_each_option(
        &self,
        &n: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for take in 1..=2u64.min(n) {
            let rest = n - take;
            for left in 0..=rest / 2 {
                self.listed.set(self.listed.get() + 1);
                match (left, rest - left) {
                    (0, 0) => visit(&[])?,
                    (0, right) => visit(&[right])?,
                    (left, right) => visit(&[left, right])?,
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn cutting(listed: &Cell<u64>) -> Cutting<'_> {
    Cutting { listed }
}

fn misere<G: ImpartialGame>(game: G) -> GrundySolver<G> {
    GrundySolver::new(game).with_convention(Convention::Misere)
}

#[test]
fn a_second_call_on_the_same_sum_searches_nothing() {
    let listed = Cell::new(0);
    let game = cutting(&listed);
    let mut solver = misere(&game);
    let first = solver.outcome(&[7, 5, 4]).unwrap();
    assert!(listed.get() > 0);
    let known = solver.known_misere_sums();
    assert!(known > 100, "{known}");
    listed.set(0);
    // The same sum, in another order, under a cap of no work at all.
    let mut solver = solver.with_budget(Budget::default().with_work(0));
    assert_eq!(solver.outcome(&[4, 7, 5]).unwrap(), first);
    assert_eq!(listed.get(), 0);
    assert_eq!(solver.known_misere_sums(), known);
    // A sum one move away was decided by the first search too.
    assert!(solver.outcome(&[7, 5, 3]).is_ok());
    assert_eq!(listed.get(), 0);
}

#[test]
fn a_line_reuses_the_searches_of_its_moves() {
    let listed = Cell::new(0);
    let game = cutting(&listed);
    let mut solver = misere(&game);
    let solution = solver.solve(&[8, 6, 3]).unwrap();
    let known = solver.known_misere_sums();
    let first_listing = listed.get();
    listed.set(0);
    // Asked again: the outcome and every move of the line are known; what
    // is listed is only the options replayed to pick the moves.
    let again = solver.solve(&[8, 6, 3]).unwrap();
    assert_eq!(again.outcome(), solution.outcome());
    assert_eq!(again.line(), solution.line());
    assert_eq!(solver.known_misere_sums(), known);
    assert!(
        listed.get() * 4 < first_listing,
        "{} options listed again, {first_listing} the first time",
        listed.get()
    );
}

#[test]
fn refusals_name_the_limit_and_how_to_raise_it() {
    let listed = Cell::new(0);
    let game = cutting(&listed);
    let sum = [12, 11, 10, 9];
    let tiny_work = misere(&game)
        .with_budget(Budget::default().with_work(1000))
        .outcome(&sum)
        .unwrap_err();
    assert!(matches!(
        tiny_work,
        Error::WorkLimitExceeded { steps: 1000, .. }
    ));
    assert!(
        tiny_work.to_string().contains("Budget::with_work"),
        "{tiny_work}"
    );
    let tiny_memory = misere(&game)
        .with_budget(Budget::from_bytes(20_000))
        .outcome(&sum)
        .unwrap_err();
    assert!(
        matches!(tiny_memory, Error::MemoryBudgetExceeded { .. }),
        "{tiny_memory}"
    );
    assert!(
        tiny_memory.to_string().contains("Budget::from_bytes"),
        "{tiny_memory}"
    );
    let counted = ExactSearch::new()
        .with_max_positions(50)
        .with_convention(Convention::Misere)
        .outcome(&game, &sum)
        .unwrap_err();
    assert!(
        matches!(counted, Error::SizeLimitExceeded { .. }),
        "{counted}"
    );
    assert!(
        counted.to_string().contains("with_max_positions"),
        "{counted}"
    );
}

/// Brute force: whether the player to move wins the misère sum `rows`
/// (memoised on the sorted rows, recursing on the total, which is small).
fn brute_wins(rows: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = rows.to_vec();
    key.sort_unstable();
    if let Some(&wins) = memo.get(&key) {
        return wins;
    }
    let mut any_move = false;
    let mut wins = false;
    'search: for (i, &n) in key.iter().enumerate() {
        for take in 1..=2u64.min(n) {
            let rest = n - take;
            for left in 0..=rest / 2 {
                any_move = true;
                let mut next: Vec<u64> = key.clone();
                next.remove(i);
                next.extend([left, rest - left].into_iter().filter(|&r| r > 0));
                if !brute_wins(&next, memo) {
                    wins = true;
                    break 'search;
                }
            }
        }
    }
    // Misère: who cannot move has won (the opponent moved last).
    let wins = wins || !any_move;
    memo.insert(key, wins);
    wins
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn kept_searches_agree_with_brute_force(
        sums in prop::collection::vec(prop::collection::vec(0u64..9, 0..4), 1..6)
    ) {
        let listed = Cell::new(0);
        let game = cutting(&listed);
        // One solver for every sum: later sums start from earlier searches.
        let mut solver = misere(&game);
        let mut memo = HashMap::new();
        for sum in &sums {
            let wins = brute_wins(sum, &mut memo);
            let expected = if wins { Outcome::First } else { Outcome::Second };
            prop_assert_eq!(solver.outcome(sum).unwrap(), expected, "{:?}", sum);
            match solver.winning_move(sum).unwrap() {
                Some(winning) => {
                    prop_assert!(wins);
                    let mut next = sum.clone();
                    next.splice(winning.component..=winning.component, winning.option.iter().copied());
                    prop_assert!(!brute_wins(&next, &mut memo), "{:?} -> {:?}", sum, next);
                }
                None => prop_assert!(!wins || sum.iter().all(|&n| n == 0)),
            }
            prop_assert_eq!(solver.solve(sum).unwrap().outcome(), expected);
        }
    }
}
