//! Scoring games: every fast path against the generic solver and against a
//! plain exponential minimax written here, independently of the library.

use std::ops::ControlFlow;

use proptest::prelude::*;
use stonegame::scoring::{
    End, Ends, EndsReducer, EndsRemainder, Front, FrontDoubling, Negamax, NegamaxTable,
    ScoringGame, Valuations,
};
use stonegame::{Budget, Error, Outcome, Solution};

// ---------------------------------------------------------------------------
// Brute force: exponential minimax on the difference, no memo, no library code.
// ---------------------------------------------------------------------------

fn brute_ends(v: &[i64]) -> i64 {
    match v {
        [] => 0,
        [.., last] => {
            let left = v[0] - brute_ends(&v[1..]);
            let right = last - brute_ends(&v[..v.len() - 1]);
            left.max(right)
        }
    }
}

fn brute_ends_remainder(v: &[i64]) -> i64 {
    if v.is_empty() {
        return 0;
    }
    let without_left = &v[1..];
    let without_right = &v[..v.len() - 1];
    let left = without_left.iter().sum::<i64>() - brute_ends_remainder(without_left);
    let right = without_right.iter().sum::<i64>() - brute_ends_remainder(without_right);
    left.max(right)
}

fn brute_front(v: &[i64], k: usize) -> i64 {
    (1..=k.min(v.len()))
        .map(|take| v[..take].iter().sum::<i64>() - brute_front(&v[take..], k))
        .max()
        .unwrap_or(0)
}

fn brute_doubling(v: &[i64], m: usize) -> i64 {
    (1..=(2 * m).min(v.len()))
        .map(|x| v[..x].iter().sum::<i64>() - brute_doubling(&v[x..], m.max(x)))
        .max()
        .unwrap_or(0)
}

/// `mine` and `theirs`: the values of the remaining stones to the player to move and to the other.
fn brute_valuations(mine: &[i64], theirs: &[i64]) -> i64 {
    (0..mine.len())
        .map(|i| {
            let rest = |v: &[i64]| -> Vec<i64> {
                v.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &x)| x)
                    .collect()
            };
            mine[i] - brute_valuations(&rest(theirs), &rest(mine))
        })
        .max()
        .unwrap_or(0)
}

fn generic<G: ScoringGame>(game: &G) -> NegamaxTable<&G> {
    Negamax::new(game)
        .into_table()
        .expect("small games fit the default budget")
}

fn values(max_len: usize) -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(-20i64..=20, 0..=max_len)
}

/// Replays the solution's line in `game` from its start and checks the
/// totals along it and the difference.
fn check_line<G: ScoringGame<Score = i64>>(
    game: &G,
    play: &Solution<i64, G::Move>,
    (first_total, second_total): (i64, i64),
) {
    let mut position = game.start();
    let mut totals = [0i64; 2];
    for (turn, mv) in play.line().iter().enumerate() {
        let (points, next) = game.play(&position, mv);
        totals[turn % 2] += points;
        position = next;
    }
    assert!(
        game.for_each_move(&position, |_| ControlFlow::Break(()))
            .is_continue(),
        "the line must end the game"
    );
    assert_eq!(totals, [first_total, second_total]);
    assert_eq!(first_total - second_total, play.value());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn ends_fast_paths_agree_with_generic_and_brute_force(v in values(10)) {
        let game = Ends::new(v.clone()).unwrap();
        let solution = generic(&game);
        let expected = brute_ends(&v);
        prop_assert_eq!(game.value(), expected);
        prop_assert_eq!(solution.value(), expected);
        prop_assert_eq!(game.outcome(), Outcome::from_difference(expected));

        let table = game.table().unwrap();
        let play = table.solution();
        prop_assert_eq!(&play, &solution.solution());
        prop_assert_eq!(&play, &game.solve().unwrap());
        prop_assert_eq!(game.totals(), solution.totals());
        prop_assert_eq!(table.totals(), solution.totals());
        check_line(&game, &play, game.totals());
        for left in 0..=v.len() {
            for right in left..=v.len() {
                prop_assert_eq!(table.value_at(left, right), solution.value_at(&(left, right)));
                prop_assert_eq!(table.best_move(left, right), solution.best_move(&(left, right)));
                prop_assert_eq!(table.value_at(left, right), Some(brute_ends(&v[left..right])));
            }
        }
    }

    #[test]
    fn ends_remainder_fast_paths_agree(v in values(10)) {
        let game = EndsRemainder::new(v.clone()).unwrap();
        let solution = generic(&game);
        let expected = brute_ends_remainder(&v);
        prop_assert_eq!(game.value().unwrap(), expected);
        prop_assert_eq!(solution.value(), expected);

        let play = game.solve().unwrap();
        prop_assert_eq!(&play, &solution.solution());
        let totals = game.totals().unwrap();
        prop_assert_eq!(totals, solution.totals());
        check_line(&game, &play, totals);
        let table = game.table().unwrap();
        prop_assert_eq!(table.totals(), totals);
        for left in 0..=v.len() {
            for right in left..=v.len() {
                prop_assert_eq!(table.value_at(left, right), solution.value_at(&(left, right)));
                prop_assert_eq!(table.best_move(left, right), solution.best_move(&(left, right)));
            }
        }
    }

    #[test]
    fn front_deque_agrees(v in values(10), k in 1usize..=12) {
        let game = Front::new(v.clone(), k).unwrap();
        let fast = game.table().unwrap();
        let solution = generic(&game);
        prop_assert_eq!(fast.value(), brute_front(&v, k));
        prop_assert_eq!(game.value(), fast.value());
        let play = game.solve().unwrap();
        prop_assert_eq!(&play, &solution.solution());
        prop_assert_eq!(&play, &fast.solution());
        prop_assert_eq!(fast.totals(), solution.totals());
        prop_assert_eq!(game.totals(), solution.totals());
        check_line(&game, &play, game.totals());
        for first in 0..=v.len() {
            prop_assert_eq!(fast.value_at(first), solution.value_at(&first));
            prop_assert_eq!(fast.best_move(first), solution.best_move(&first));
            prop_assert_eq!(fast.value_at(first), Some(brute_front(&v[first..], k)));
        }
    }

    #[test]
    fn front_doubling_table_agrees(v in values(11)) {
        let game = FrontDoubling::new(v.clone()).unwrap();
        let table = game.table().unwrap();
        let solution = generic(&game);
        prop_assert_eq!(table.value(), brute_doubling(&v, 1));
        prop_assert_eq!(game.value().unwrap(), table.value());
        let play = game.solve().unwrap();
        prop_assert_eq!(&play, &solution.solution());
        prop_assert_eq!(&play, &table.solution());
        prop_assert_eq!(table.totals(), solution.totals());
        prop_assert_eq!(game.totals().unwrap(), solution.totals());
        check_line(&game, &play, table.totals());
        // Every state, reachable or not, against the brute force; reachable ones against the solver.
        for first in 0..=v.len() {
            for m in 1..=v.len() + 1 {
                let expected = brute_doubling(&v[first..], m);
                prop_assert_eq!(table.value_at(first, m), Some(expected));
                if let Some(value) = solution.value_at(&(first, m)) {
                    prop_assert_eq!(value, expected);
                    prop_assert_eq!(table.best_move(first, m), solution.best_move(&(first, m)));
                }
            }
        }
    }

    #[test]
    fn valuations_greedy_is_optimal(
        pairs in prop::collection::vec((-10i64..=10, -10i64..=10), 0..=7)
    ) {
        let (a, b): (Vec<i64>, Vec<i64>) = pairs.into_iter().unzip();
        let game = Valuations::new(a.clone(), b.clone()).unwrap();
        let expected = brute_valuations(&a, &b);
        let greedy = game.solve().unwrap();
        let exact = game.exact_table().unwrap();
        let solution = generic(&game);
        prop_assert_eq!(greedy.value(), expected);
        prop_assert_eq!(game.value(), expected);
        prop_assert_eq!(exact.value(), expected);
        prop_assert_eq!(solution.value(), expected);
        prop_assert_eq!(&exact.solution(), &solution.solution());
        prop_assert_eq!(exact.totals(), solution.totals());
        check_line(&game, &greedy, game.totals());
        check_line(&game, &exact.solution(), exact.totals());

        // Every greedy move, from every position, is optimal, and its value is exact.
        let n = a.len();
        for remaining in 0..1usize << n {
            let taken: Vec<bool> = (0..n).map(|i| remaining >> i & 1 == 0).collect();
            prop_assert_eq!(Some(game.value_at(&taken).unwrap()), exact.value_at(remaining));
            if let Some(stone) = game.best_move(&taken).unwrap() {
                let (points, _) = game.play(&taken, &stone);
                let after = exact.value_at(remaining ^ (1 << stone)).unwrap();
                prop_assert_eq!(points - after, exact.value_at(remaining).unwrap());
            }
        }
    }

    /// Narrow score types: whenever the constructor accepts, no hot loop overflows.
    #[test]
    fn narrow_types_are_exact_when_accepted(v in prop::collection::vec(-40i8..=40, 0..=8), k in 1usize..=4) {
        let wide: Vec<i64> = v.iter().map(|&x| i64::from(x)).collect();
        if let Ok(game) = Ends::new(v.clone()) {
            prop_assert_eq!(i64::from(game.value()), brute_ends(&wide));
            prop_assert_eq!(i64::from(game.solve().unwrap().value()), brute_ends(&wide));
        }
        if let Ok(game) = EndsRemainder::new(v.clone()) {
            prop_assert_eq!(i64::from(game.value().unwrap()), brute_ends_remainder(&wide));
            let (first, second) = game.totals().unwrap();
            prop_assert_eq!(i64::from(first) - i64::from(second), brute_ends_remainder(&wide));
        }
        if let Ok(game) = Front::new(v.clone(), k) {
            prop_assert_eq!(i64::from(game.solve().unwrap().value()), brute_front(&wide, k));
        }
        if let Ok(game) = FrontDoubling::new(v.clone()) {
            prop_assert_eq!(i64::from(game.value().unwrap()), brute_doubling(&wide, 1));
        }
        if let Ok(game) = Valuations::new(v.clone(), v.iter().rev().copied().collect::<Vec<_>>()) {
            let reversed: Vec<i64> = wide.iter().rev().copied().collect();
            prop_assert_eq!(i64::from(game.value()), brute_valuations(&wide, &reversed));
        }
    }

    #[test]
    fn i32_and_i128_agree_with_i64(v in values(9), k in 1usize..=5) {
        let narrow: Vec<i32> = v.iter().map(|&x| x as i32).collect();
        let wide: Vec<i128> = v.iter().map(|&x| i128::from(x)).collect();
        prop_assert_eq!(i64::from(Ends::new(narrow.clone()).unwrap().value()), brute_ends(&v));
        prop_assert_eq!(Ends::new(wide.clone()).unwrap().value(), i128::from(brute_ends(&v)));
        prop_assert_eq!(EndsRemainder::new(wide.clone()).unwrap().value().unwrap(), i128::from(brute_ends_remainder(&v)));
        prop_assert_eq!(Front::new(wide.clone(), k).unwrap().solve().unwrap().value(), i128::from(brute_front(&v, k)));
        prop_assert_eq!(
            i64::from(FrontDoubling::new(narrow.clone()).unwrap().value().unwrap()),
            brute_doubling(&v, 1)
        );
        prop_assert_eq!(
            Valuations::new(wide.clone(), wide.iter().map(|x| -x).collect::<Vec<_>>()).unwrap().value(),
            i128::from(brute_valuations(&v, &v.iter().map(|x| -x).collect::<Vec<_>>()))
        );
    }

    #[test]
    fn colouring_strategy_never_loses_against_random_opponents(
        v in prop::collection::vec(-50i64..=50, 0..=30).prop_map(|mut v| { v.truncate(v.len() / 2 * 2); v }),
        choices in prop::collection::vec(any::<bool>(), 15),
    ) {
        let game = Ends::new(v.clone()).unwrap();
        let strategy = game.colouring_strategy().unwrap();
        let margin = play_colouring(&v, &strategy, |turn, _, _| if choices[turn] { End::Left } else { End::Right });
        prop_assert_eq!(margin, strategy.guaranteed_margin());
        prop_assert!(margin >= 0);
        prop_assert!(margin <= game.value());
    }
}

/// Plays the colouring strategy (first player) against `opponent`
/// (called with its turn number and the interval) and returns the difference.
fn play_colouring(
    v: &[i64],
    strategy: &stonegame::scoring::ColouringStrategy<i64>,
    mut opponent: impl FnMut(usize, usize, usize) -> End,
) -> i64 {
    let (mut left, mut right, mut difference) = (0, v.len(), 0);
    let take = |end: End, left: &mut usize, right: &mut usize| match end {
        End::Left => {
            *left += 1;
            v[*left - 1]
        }
        End::Right => {
            *right -= 1;
            v[*right]
        }
    };
    let mut turn = 0;
    while left < right {
        let mine = strategy
            .next_move(left, right)
            .expect("even length on the first player's turn");
        difference += take(mine, &mut left, &mut right);
        let theirs = opponent(turn, left, right);
        difference -= take(theirs, &mut left, &mut right);
        turn += 1;
    }
    difference
}

#[test]
fn colouring_strategy_never_loses_against_every_opponent() {
    for v in [
        vec![4i64, 5, 3, 1, 2, 6],
        vec![1, 100, 2, 3],
        vec![-5, 7, -3, 2, 8, -1, 0, 4],
        vec![3, 3, 3, 3],
    ] {
        let game = Ends::new(v.clone()).unwrap();
        let strategy = game.colouring_strategy().unwrap();
        let opponent_moves = v.len() / 2;
        for pattern in 0u32..1 << opponent_moves {
            let margin = play_colouring(&v, &strategy, |turn, _, _| {
                if pattern >> turn & 1 == 0 {
                    End::Left
                } else {
                    End::Right
                }
            });
            assert_eq!(
                margin,
                strategy.guaranteed_margin(),
                "{v:?} pattern {pattern:b}"
            );
            assert!(margin >= 0 && margin <= game.value());
        }
    }
    assert!(
        Ends::new(vec![1i64, 2, 3])
            .unwrap()
            .colouring_strategy()
            .is_none()
    );
}

// ---------------------------------------------------------------------------
// Published examples (LeetCode) and the seed's example, each also checked
// against the brute force so a mistaken note cannot slip through.
// ---------------------------------------------------------------------------

#[test]
fn leetcode_877_stone_game() {
    let v = vec![5i64, 3, 4, 5];
    let game = Ends::new(v.clone()).unwrap();
    assert_eq!(game.outcome(), Outcome::First);
    assert_eq!(game.value(), brute_ends(&v));
    assert!(game.value() > 0);
}

#[test]
fn seed_game_1_example() {
    let v = vec![4i64, 5, 3, 1, 2];
    let game = Ends::new(v.clone()).unwrap();
    assert_eq!(game.value(), brute_ends(&v));
    assert_eq!(game.value(), 1);
    assert_eq!(game.totals(), (8, 7));
    // The seed's other example: whoever gets the 100 wins.
    assert_eq!(
        Ends::new(vec![1i64, 100, 2, 3]).unwrap().value(),
        brute_ends(&[1, 100, 2, 3])
    );
}

#[test]
fn leetcode_1690_stone_game_vii() {
    for (v, expected) in [
        (vec![5i64, 3, 1, 4, 2], 6),
        (vec![7, 90, 5, 1, 100, 10, 10, 2], 122),
    ] {
        assert_eq!(brute_ends_remainder(&v), expected);
        assert_eq!(EndsRemainder::new(v).unwrap().value().unwrap(), expected);
    }
}

#[test]
fn leetcode_1406_stone_game_iii() {
    for (v, outcome) in [
        (vec![1i64, 2, 3, 7], Outcome::Second),
        (vec![1, 2, 3, -9], Outcome::First),
        (vec![1, 2, 3, 6], Outcome::Draw),
    ] {
        let solution = Front::new(v.clone(), 3).unwrap().solve().unwrap();
        assert_eq!(solution.outcome(), outcome, "{v:?}");
        assert_eq!(solution.value(), brute_front(&v, 3));
    }
}

#[test]
fn leetcode_1140_stone_game_ii() {
    for (v, alice) in [
        (vec![2i64, 7, 9, 4, 4], 10),
        (vec![1, 2, 3, 4, 5, 100], 104),
    ] {
        let game = FrontDoubling::new(v.clone()).unwrap();
        assert_eq!(game.totals().unwrap().0, alice, "{v:?}");
        let sum: i64 = v.iter().sum();
        assert_eq!(2 * alice - sum, brute_doubling(&v, 1));
    }
}

#[test]
fn leetcode_1686_stone_game_vi() {
    for (a, b, sign) in [
        (vec![1i64, 3], vec![2, 1], 1),
        (vec![1, 2], vec![3, 1], 0),
        (vec![2, 4, 3], vec![1, 6, 7], -1),
    ] {
        let game = Valuations::new(a.clone(), b.clone()).unwrap();
        let difference = game.value();
        assert_eq!(difference.signum(), sign, "{a:?} {b:?}");
        assert_eq!(difference, brute_valuations(&a, &b));
    }
}

#[test]
fn negative_values_break_the_seeds_take_everything_shortcut() {
    // The seed returns sum(stones[i:]) once 2M covers the rest: -5 here.
    let v = vec![5i64, -10];
    let solution = FrontDoubling::new(v.clone()).unwrap().solve().unwrap();
    assert_eq!(solution.value(), 15);
    assert_eq!(brute_doubling(&v, 1), 15);
    assert_eq!(solution.line(), &[1, 1]);
}

// ---------------------------------------------------------------------------
// Limits: overflow, budgets, sizes.
// ---------------------------------------------------------------------------

#[test]
fn overflow_is_refused_up_front() {
    assert!(matches!(
        Ends::new(vec![i64::MAX, 1]),
        Err(Error::ScoreOverflow { .. })
    ));
    assert!(matches!(
        Ends::new(vec![i64::MIN]),
        Err(Error::ScoreOverflow { .. })
    ));
    assert!(Ends::new(vec![i64::MAX]).is_ok());
    assert!(matches!(
        EndsRemainder::new(vec![i64::MAX / 2, 0, 0]),
        Err(Error::ScoreOverflow { .. })
    ));
    assert!(matches!(
        Front::new(vec![i32::MAX, -1], 2),
        Err(Error::ScoreOverflow { .. })
    ));
    assert!(matches!(
        FrontDoubling::new(vec![i32::MIN + 1, -1]),
        Err(Error::ScoreOverflow { .. })
    ));
    assert!(matches!(
        Valuations::new(vec![i64::MAX], vec![1]),
        Err(Error::ScoreOverflow { .. })
    ));
    let err = Ends::new(vec![i32::MAX, 1]).unwrap_err();
    assert!(err.to_string().contains("i32"), "{err}");
}

#[test]
fn extreme_values_that_fit_are_exact() {
    let v = vec![i64::MAX / 2, -(i64::MAX / 2) - 1];
    let game = Ends::new(v.clone()).unwrap();
    assert_eq!(game.value(), i64::MAX);
    let (first, second) = game.totals();
    assert_eq!((first, second), (v[0], v[1]));
    let wide: Vec<i128> = v.iter().map(|&x| i128::from(x)).collect();
    assert_eq!(i128::from(game.value()), Ends::new(wide).unwrap().value());
}

#[test]
fn budgets_and_size_limits_are_enforced() {
    let small = Budget::from_bytes(4096);
    let v = vec![1i64; 100];
    assert!(matches!(
        Ends::new(v.clone()).unwrap().with_budget(small).table(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert!(matches!(
        EndsRemainder::new(v.clone())
            .unwrap()
            .with_budget(small)
            .solve(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert!(matches!(
        FrontDoubling::new(v.clone())
            .unwrap()
            .with_budget(small)
            .table(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert!(matches!(
        Front::new(v.clone(), 3)
            .unwrap()
            .with_budget(Budget::from_bytes(100))
            .solve(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert!(matches!(
        Negamax::new(Ends::new(v).unwrap())
            .with_budget(small)
            .table(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    let limit = Valuations::<i64>::EXACT_LIMIT;
    let big = Valuations::new(vec![1i64; limit + 1], vec![1; limit + 1]).unwrap();
    assert!(matches!(
        big.exact_table(),
        Err(Error::SizeLimitExceeded { .. })
    ));
    assert!(matches!(
        Valuations::new(vec![1i64; 3], vec![1; 2]),
        Err(Error::LengthMismatch { .. })
    ));
    assert!(matches!(
        Front::new(vec![1i64], 0),
        Err(Error::InvalidParameter { .. })
    ));
}

#[test]
fn empty_rows_are_draws() {
    assert_eq!(Ends::<i64>::new(vec![]).unwrap().value(), 0);
    assert_eq!(
        EndsRemainder::<i64>::new(vec![]).unwrap().totals().unwrap(),
        (0, 0)
    );
    assert_eq!(
        Front::<i64>::new(vec![], 3)
            .unwrap()
            .solve()
            .unwrap()
            .line(),
        &[] as &[usize]
    );
    assert_eq!(
        FrontDoubling::<i64>::new(vec![]).unwrap().value().unwrap(),
        0
    );
    assert_eq!(
        Valuations::<i64>::new(vec![], vec![]).unwrap().outcome(),
        Outcome::Draw
    );
}

#[test]
fn generic_solver_handles_a_line_of_a_million_moves() {
    // With one stone per move, the game is a chain of 10^6 positions.
    let v: Vec<i64> = (0..1_000_000).map(|i| i % 7 - 3).collect();
    let game = Front::new(v, 1).unwrap();
    let solution = Negamax::new(&game).solve().unwrap();
    let fast = game.solve().unwrap();
    assert_eq!(solution.value(), fast.value());
    assert_eq!(solution.line().len(), 1_000_000);
}

#[test]
fn large_front_windows_are_linear() {
    // k = n: every suffix may be taken whole; the deque still answers exactly.
    let v: Vec<i64> = (0..2_000).map(|i| (i * 7919 % 201) - 100).collect();
    let wide = Front::new(v.clone(), v.len()).unwrap().solve().unwrap();
    let generic = Negamax::new(Front::new(v, 2_000).unwrap()).solve().unwrap();
    assert_eq!(wide.value(), generic.value());
    assert_eq!(wide.line(), generic.line());
}

/// LeetCode 1872 "Stone Game VIII" written as a [`ScoringGame`]: the position
/// is how many of the original stones the leftmost stone holds (1 at the
/// start); a move merges the leftmost stones so that it holds `j > i` of them,
/// scoring their sum `prefix[j]`; the game ends when one stone (all n) remains.
/// Every position has up to n moves.
struct MergeFromLeft {
    prefix: Vec<i64>,
}

impl MergeFromLeft {
    fn new(values: &[i64]) -> Self {
        let mut prefix = vec![0];
        for &v in values {
            prefix.push(prefix.last().unwrap() + v);
        }
        Self { prefix }
    }

    fn stones(&self) -> usize {
        self.prefix.len() - 1
    }

    /// The O(n) recurrence: value(i) = max over j > i of (prefix[j] − value(j)).
    fn reference_value(&self) -> i64 {
        let n = self.stones();
        if n < 2 {
            return 0;
        }
        // best = max over j in i+1..=n of prefix[j] - value(j), for i going down.
        let mut best = self.prefix[n];
        for i in (2..n).rev() {
            let value_i = best;
            best = best.max(self.prefix[i] - value_i);
        }
        best
    }
}

impl ScoringGame for MergeFromLeft {
    type Position = usize;
    type Move = usize;
    type Score = i64;
    fn start(&self) -> usize {
        1
    }
    fn for_each_move(
        &self,
        &i: &usize,
        visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (i + 1..=self.stones()).try_for_each(visit)
    }
    fn play(&self, _: &usize, &j: &usize) -> (i64, usize) {
        (self.prefix[j], j)
    }
}

#[test]
fn generic_solver_on_leetcode_1872_matches_the_linear_recurrence() {
    for values in [
        vec![-1i64, 2, -3, 4, -5],
        vec![7, -6, 5, 10, 5, -2, -6],
        vec![-10, -12],
    ] {
        let game = MergeFromLeft::new(&values);
        assert_eq!(Negamax::new(&game).value().unwrap(), game.reference_value());
    }
    let values: Vec<i64> = (0..2_000).map(|i| (i * 7919 % 201) - 100).collect();
    let game = MergeFromLeft::new(&values);
    assert_eq!(Negamax::new(&game).value().unwrap(), game.reference_value());
}

#[test]
fn generic_solver_memory_grows_with_depth_not_branching() {
    // n = 3·10^4 moves from the start and a search 3·10^4 deep: keeping every
    // frame's move list would need about 3.6 GB; the frames alone need a few
    // MiB, so the search must run into the work cap, not the memory budget.
    let values: Vec<i64> = (0..30_000).map(|i| (i * 7919 % 201) - 100).collect();
    let game = MergeFromLeft::new(&values);
    let budget = Budget::from_mebibytes(32).with_work(2_000_000);
    let err = Negamax::new(&game).with_budget(budget).value().unwrap_err();
    assert!(matches!(err, Error::WorkLimitExceeded { .. }), "{err}");
}

// ---------------------------------------------------------------------------
// The linear evaluator of the take-either-end game (peak reduction) against
// an interval DP written here.
// ---------------------------------------------------------------------------

/// The textbook O(n²) interval DP, independent of the library.
fn interval_dp(v: &[i64]) -> i64 {
    let n = v.len();
    // d[i] = value of v[i..i + len] for the current len.
    let mut d = vec![0i64; n + 1];
    for len in 1..=n {
        for i in 0..=n - len {
            d[i] = (v[i] - d[i + 1]).max(v[i + len - 1] - d[i]);
        }
    }
    d[0]
}

#[test]
fn linear_value_matches_the_interval_dp_on_every_small_row() {
    // Every row of up to 9 stones over {-2, …, 2}: negatives, zeros and ties.
    let alphabet = [-2i64, -1, 0, 1, 2];
    let mut rows = 0;
    for n in 0..=9u32 {
        let mut row = vec![0i64; n as usize];
        for code in 0..5usize.pow(n) {
            let mut rest = code;
            for stone in row.iter_mut() {
                *stone = alphabet[rest % 5];
                rest /= 5;
            }
            let game = Ends::new(row.clone()).unwrap();
            assert_eq!(game.value(), interval_dp(&row), "{row:?}");
            rows += 1;
        }
    }
    assert_eq!(rows, (0..=9).map(|n| 5usize.pow(n)).sum::<usize>());
}

/// No `x ≤ y ≥ z` with `y` interior.
fn peak_free(row: &[i64]) -> bool {
    row.windows(3).all(|w| !(w[0] <= w[1] && w[1] >= w[2]))
}

/// `s₁ − s₂ + s₃ − …` over the stones sorted from the largest.
fn alternating_sorted_sum(row: &[i64]) -> i64 {
    let mut sorted = row.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    sorted
        .iter()
        .enumerate()
        .map(|(i, &v)| if i % 2 == 0 { v } else { -v })
        .sum()
}

/// Calls `f` on every row of up to `max_len` stones over `alphabet`.
fn for_every_row(alphabet: &[i64], max_len: u32, mut f: impl FnMut(&[i64])) {
    let base = alphabet.len();
    for n in 0..=max_len {
        let mut row = vec![0i64; n as usize];
        for code in 0..base.pow(n) {
            let mut rest = code;
            for stone in row.iter_mut() {
                *stone = alphabet[rest % base];
                rest /= base;
            }
            f(&row);
        }
    }
}

#[test]
fn ends_proof_lemmas_hold_on_every_small_row() {
    // The lemmas the proof in docs/scoring.md ("Why it is right") rests on,
    // against the interval DP. Lipschitz: one stone changed by d moves the
    // value by at most |d| (every row of up to 7 stones over {-2, …, 2}).
    for_every_row(&[-2, -1, 0, 1, 2], 7, |row| {
        let value = interval_dp(row);
        for i in 0..row.len() {
            let mut changed = row.to_vec();
            changed[i] += 3;
            assert!((interval_dp(&changed) - value).abs() <= 3, "{row:?} at {i}");
        }
    });
    // Rows without an interior peak are rare, so these take a wider alphabet:
    // every row of up to 8 stones over {-3, …, 3}.
    let mut pair_rows = 0;
    for_every_row(&[-3, -2, -1, 0, 1, 2, 3], 8, |row| {
        if !peak_free(row) {
            return;
        }
        let value = interval_dp(row);
        // Step 2: the greedy value, the alternating sum of the sorted stones.
        assert_eq!(value, alternating_sorted_sum(row), "{row:?}");
        // (L): V(y z C) ≥ V(C) − |y − z| when y z C has no interior peak.
        if let [y, z, ref c @ ..] = row[..] {
            pair_rows += 1;
            assert!(value >= interval_dp(c) - (y - z).abs(), "{row:?}");
        }
    });
    assert!(pair_rows > 5_000, "{pair_rows}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn linear_value_and_line_agree_with_the_table(v in prop::collection::vec(-30i64..=30, 0..=40)) {
        let game = Ends::new(v.clone()).unwrap();
        prop_assert_eq!(game.value(), interval_dp(&v));
        prop_assert_eq!(game.value_by_interval_dp().unwrap(), interval_dp(&v));
        let table = game.table().unwrap();
        let solution = game.solve().unwrap();
        prop_assert_eq!(&solution, &table.solution());
        check_line(&game, &solution, game.totals());
    }

    #[test]
    fn linear_value_on_long_rows_and_wide_values(v in prop::collection::vec(-1_000_000_000i64..=1_000_000_000, 0..=400)) {
        prop_assert_eq!(Ends::new(v.clone()).unwrap().value(), interval_dp(&v));
    }

    #[test]
    fn reducer_fed_one_stone_at_a_time_agrees(v in prop::collection::vec(-9i64..=9, 0..=60)) {
        let mut reducer = EndsReducer::new();
        for (i, &stone) in v.iter().enumerate() {
            reducer.push(stone).unwrap();
            // The reduced row never has an interior peak.
            let r = reducer.reduced();
            prop_assert!(r.windows(3).all(|w| !(w[0] <= w[1] && w[1] >= w[2])), "{:?}", r);
            prop_assert_eq!(reducer.value(), interval_dp(&v[..=i]));
        }
    }

    /// Narrow types: the constructor's bound covers every reduction.
    #[test]
    fn linear_value_is_exact_in_narrow_types_when_accepted(v in prop::collection::vec(-40i8..=40, 0..=12)) {
        let wide: Vec<i64> = v.iter().map(|&x| i64::from(x)).collect();
        if let Ok(game) = Ends::new(v.clone()) {
            prop_assert_eq!(i64::from(game.value()), interval_dp(&wide));
        }
        let mut reducer = EndsReducer::new();
        let accepted = v.iter().take_while(|&&x| reducer.push(x).is_ok()).count();
        prop_assert_eq!(i64::from(reducer.value()), interval_dp(&wide[..accepted]));
    }
}

#[test]
fn linear_value_matches_published_samples() {
    // AtCoder Educational DP Contest, problem L "Deque": the samples.
    for (row, expected) in [
        (vec![10i64, 80, 90, 30], 10),
        (vec![10, 100, 10], -80),
        (vec![10], 10),
        (
            vec![
                1_000_000_000,
                1,
                1_000_000_000,
                1,
                1_000_000_000,
                1,
                1_000_000_000,
                1,
                1_000_000_000,
                1,
            ],
            4_999_999_995,
        ),
        (vec![4, 2, 9, 7, 1, 5], 2),
    ] {
        assert_eq!(interval_dp(&row), expected);
        assert_eq!(Ends::new(row).unwrap().value(), expected);
    }
}

#[test]
fn linear_value_on_a_long_row_and_monotone_rows() {
    let v: Vec<i64> = (0..3_000).map(|i| (i * 7919 % 2001) - 1000).collect();
    assert_eq!(Ends::new(v.clone()).unwrap().value(), interval_dp(&v));
    // Monotone rows never reduce: the stack holds every stone.
    let falling: Vec<i64> = (0..500).rev().collect();
    assert_eq!(
        Ends::new(falling.clone()).unwrap().value(),
        interval_dp(&falling)
    );
    let rising: Vec<i64> = (0..500).collect();
    assert_eq!(
        Ends::new(rising.clone()).unwrap().value(),
        interval_dp(&rising)
    );
}

#[test]
fn the_line_is_refused_above_its_work_cap() {
    let game = Ends::new(vec![1i64; 1_000])
        .unwrap()
        .with_budget(Budget::default().with_work(10_000));
    assert!(matches!(
        game.solve(),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    assert_eq!(game.value(), 0);
}
