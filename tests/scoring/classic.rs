//! The classic games (Wythoff, Moore's Nim_k, Staircase Nim, Fibonacci Nim,
//! Euclid's game, nim multiplication) against independent references: brute
//! force written here, the crate's generic Grundy solver over games defined
//! here with `FnGame`, exact big-integer checks, and published values (OEIS).

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::OnceLock;

use num_bigint::BigInt;
use proptest::prelude::*;
use stonegame::impartial::FnGame;
use stonegame::impartial::euclid::Euclid;
use stonegame::impartial::fibonacci_nim::{
    FibonacciNim, FibonacciPosition, is_fibonacci, smallest_zeckendorf_term, zeckendorf,
};
use stonegame::impartial::grundy::GrundySolver;
use stonegame::impartial::moore::Moore;
use stonegame::impartial::nim_field;
use stonegame::impartial::staircase::Staircase;
use stonegame::impartial::wythoff::{
    Wythoff, floor_sqrt, floor_times_sqrt5, lower_wythoff, partner, upper_wythoff,
};
use stonegame::{Convention, Nimber, Outcome};

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

fn outcome_of(wins: bool) -> Outcome {
    if wins {
        Outcome::First
    } else {
        Outcome::Second
    }
}

// ---------------------------------------------------------------------------
// Wythoff
// ---------------------------------------------------------------------------

const WYTHOFF_SIDE: usize = 48;

/// wins[convention][a][b] for a, b < WYTHOFF_SIDE, by the rules alone.
fn wythoff_brute() -> &'static [Vec<Vec<bool>>; 2] {
    static TABLE: OnceLock<[Vec<Vec<bool>>; 2]> = OnceLock::new();
    TABLE.get_or_init(|| {
        CONVENTIONS.map(|convention| {
            let n = WYTHOFF_SIDE;
            let mut wins = vec![vec![false; n]; n];
            for a in 0..n {
                for b in 0..n {
                    let mut options = Vec::new();
                    options.extend((0..a).map(|x| (x, b)));
                    options.extend((0..b).map(|y| (a, y)));
                    options.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
                    wins[a][b] = if options.is_empty() {
                        convention == Convention::Misere
                    } else {
                        options.iter().any(|&(x, y)| !wins[x][y])
                    };
                }
            }
            wins
        })
    })
}

fn convention_index(convention: Convention) -> usize {
    usize::from(convention == Convention::Misere)
}

#[test]
fn wythoff_matches_brute_force_in_both_conventions() {
    for convention in CONVENTIONS {
        let game = Wythoff::new().with_convention(convention);
        let wins = &wythoff_brute()[convention_index(convention)];
        for a in 0..WYTHOFF_SIDE {
            for b in 0..WYTHOFF_SIDE {
                let position = [a as u64, b as u64];
                assert_eq!(
                    game.outcome(&position),
                    outcome_of(wins[a][b]),
                    "{convention} {position:?}"
                );
                match game.winning_move(&position) {
                    Some(m) => {
                        assert_eq!(m.from, position);
                        let [x, y] = m.to;
                        let (da, db) = (a as u64 - x, b as u64 - y);
                        assert!(da == db || da == 0 || db == 0, "{m:?} is not a move");
                        assert!(da + db > 0);
                        assert!(!wins[x as usize][y as usize], "{m:?} does not win");
                    }
                    // No move: a loss, or the misère position with nothing left.
                    None => assert!(!wins[a][b] || (a, b) == (0, 0)),
                }
            }
        }
    }
}

#[test]
fn wythoff_losing_positions_are_grundy_zero() {
    let game = FnGame::new(
        |p: &[u64; 2], visit: &mut dyn FnMut(&[[u64; 2]]) -> ControlFlow<()>| {
            let [a, b] = *p;
            (0..a).try_for_each(|x| visit(&[[x, b]]))?;
            (0..b).try_for_each(|y| visit(&[[a, y]]))?;
            (1..=a.min(b)).try_for_each(|t| visit(&[[a - t, b - t]]))
        },
    );
    let mut solver = GrundySolver::new(&game);
    let mut through_the_crate = GrundySolver::new(Wythoff::new());
    let normal = Wythoff::new();
    for a in 0..30u64 {
        for b in 0..30u64 {
            let value = solver.grundy(&[a, b]).unwrap();
            assert_eq!(
                normal.outcome(&[a, b]) == Outcome::Second,
                value == Nimber(0),
                "{a} {b}"
            );
            assert_eq!(through_the_crate.grundy(&[a, b]).unwrap(), value, "{a} {b}");
        }
    }
}

#[test]
fn wythoff_misere_losing_positions_are_the_known_list() {
    let wins = &wythoff_brute()[1];
    let mut losing = Vec::new();
    for (a, row) in wins.iter().enumerate() {
        for (b, &won) in row.iter().enumerate().skip(a) {
            if !won {
                losing.push((a as u128, b as u128));
            }
        }
    }
    let mut expected = vec![(0, 1), (2, 2)];
    expected.extend(
        (2..)
            .map(|k| (lower_wythoff(k), upper_wythoff(k)))
            .take_while(|&(_, b)| b < WYTHOFF_SIDE as u128),
    );
    assert_eq!(losing, expected);
}

/// OEIS A000201 (lower Wythoff sequence) and A001950 (upper), first terms.
#[test]
fn wythoff_sequences_match_oeis() {
    let a000201 = [
        1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37, 38,
        40, 42, 43, 45, 46, 48, 50, 51, 53, 55, 56, 58, 59, 61, 63, 64, 66, 67, 69, 71, 72, 74,
    ];
    let a001950 = [
        2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52, 54, 57, 60,
        62, 65, 68, 70, 73, 75, 78, 81, 83, 86, 89, 91, 94, 96, 99, 102, 104, 107, 109, 112, 115,
    ];
    for (k, &value) in (1..).zip(&a000201) {
        assert_eq!(lower_wythoff(k), value, "A000201({k})");
    }
    for (k, &value) in (1..).zip(&a001950) {
        assert_eq!(upper_wythoff(k), value, "A001950({k})");
    }
}

/// `m = ⌊kφ⌋` exactly when `m < kφ < m + 1`, i.e. `m² − mk − k² < 0 < (m+1)² − (m+1)k − k²`.
fn is_floor_of_k_phi(m: u128, k: u64) -> bool {
    let norm = |m: u128| {
        let (m, k) = (BigInt::from(m), BigInt::from(k));
        &m * &m - &m * &k - &k * &k
    };
    k == 0 && m == 0 || norm(m) < BigInt::from(0) && norm(m + 1) > BigInt::from(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn floor_sqrt_is_exact(n in any::<u128>()) {
        let r = BigInt::from(floor_sqrt(n));
        let n = BigInt::from(n);
        prop_assert!(&r * &r <= n && (&r + 1) * (&r + 1) > n);
    }

    #[test]
    fn floor_times_sqrt5_is_exact(x in any::<u64>()) {
        let m = BigInt::from(floor_times_sqrt5(x));
        let five_x2 = BigInt::from(5) * BigInt::from(x) * BigInt::from(x);
        prop_assert!(&m * &m <= five_x2 && (&m + 1) * (&m + 1) > five_x2);
    }

    #[test]
    fn lower_wythoff_is_floor_of_k_phi(k in any::<u64>()) {
        prop_assert!(is_floor_of_k_phi(lower_wythoff(k), k));
    }

    /// Every pair (⌊kφ⌋, ⌊kφ⌋ + k) that fits u64 is lost, mirrored too, and
    /// moving one stone off either heap makes it a win.
    #[test]
    fn wythoff_pairs_up_to_u64_max_are_losing(k in 1u64..7_046_000_000_000_000_000) {
        let game = Wythoff::new();
        let (a, b) = (lower_wythoff(k) as u64, upper_wythoff(k) as u64);
        prop_assert_eq!(partner(a), u128::from(b));
        prop_assert_eq!(partner(b), u128::from(a));
        prop_assert_eq!(game.outcome(&[a, b]), Outcome::Second);
        prop_assert_eq!(game.outcome(&[b, a]), Outcome::Second);
        prop_assert_eq!(game.outcome(&[a - 1, b]), Outcome::First);
        prop_assert_eq!(game.outcome(&[a, b - 1]), Outcome::First);
    }

    /// On huge heaps the winning move is a legal move to a losing position.
    #[test]
    fn wythoff_moves_on_huge_heaps_win(a in any::<u64>(), b in any::<u64>(), misere in any::<bool>()) {
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let game = Wythoff::new().with_convention(convention);
        match game.winning_move(&[a, b]) {
            Some(m) => {
                let (da, db) = (a - m.to[0], b - m.to[1]);
                prop_assert!((da == db || da == 0 || db == 0) && da.max(db) > 0);
                prop_assert_eq!(game.outcome(&m.to), Outcome::Second);
            }
            None => prop_assert_eq!(game.outcome(&[a, b]), Outcome::Second),
        }
    }

    #[test]
    fn wythoff_solve_line_alternates_to_the_end(a in 0u64..200, b in 0u64..200) {
        let game = Wythoff::new();
        let solution = game.solve(&[a, b]).unwrap();
        prop_assert_eq!(solution.outcome(), game.outcome(&[a, b]));
        prop_assert!(solution.is_line_complete());
        let last = solution.line().last().map_or([a, b], |m| m.to);
        prop_assert_eq!(last, [0, 0]);
        // The winner made the last move: the line's length is odd iff the first player wins.
        prop_assert_eq!(solution.line().len() % 2 == 1, solution.outcome() == Outcome::First);
    }
}

// ---------------------------------------------------------------------------
// Moore's Nim_k
// ---------------------------------------------------------------------------

/// Whether the player to move wins Nim_k on `heaps`, by trying every move.
fn moore_brute(heaps: &[u64], k: usize, misere: bool, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    // Every vector of takes (0..=heap each) with 1..=k non-zero entries.
    let mut takes = vec![0u64; key.len()];
    'search: loop {
        let mut i = 0;
        loop {
            if i == key.len() {
                break 'search;
            }
            if takes[i] < key[i] {
                takes[i] += 1;
                break;
            }
            takes[i] = 0;
            i += 1;
        }
        let touched = takes.iter().filter(|&&t| t > 0).count();
        if touched == 0 || touched > k {
            continue;
        }
        any_move = true;
        let next: Vec<u64> = key.iter().zip(&takes).map(|(h, t)| h - t).collect();
        if !moore_brute(&next, k, misere, memo) {
            wins = true;
            break;
        }
    }
    let result = if any_move { wins } else { misere };
    memo.insert(key, result);
    result
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn moore_matches_brute_force(
        k in 1usize..=3,
        heaps in prop::collection::vec(0u64..=5, 0..=4),
        misere in any::<bool>(),
    ) {
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let game = Moore::new(k as u64).unwrap().with_convention(convention);
        let mut memo = HashMap::new();
        let wins = moore_brute(&heaps, k, misere, &mut memo);
        prop_assert_eq!(game.outcome(&heaps), outcome_of(wins));
        match game.winning_move(&heaps) {
            Some(m) => {
                prop_assert!(!m.changes.is_empty() && m.changes.len() <= k);
                for c in &m.changes {
                    prop_assert!(c.to < c.from && heaps[c.heap] == c.from);
                }
                let after = m.apply(&heaps);
                prop_assert!(!moore_brute(&after, k, misere, &mut memo), "{} does not win", m);
            }
            None => prop_assert!(!wins || heaps.iter().all(|&h| h == 0)),
        }
    }

    /// Large heaps and large k: the move is legal and leaves a losing position.
    #[test]
    fn moore_moves_on_huge_heaps_win(
        k in 1u64..=6,
        heaps in prop::collection::vec(any::<u64>(), 1..=9),
        misere in any::<bool>(),
    ) {
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let game = Moore::new(k).unwrap().with_convention(convention);
        if let Some(m) = game.winning_move(&heaps) {
            prop_assert!(!m.changes.is_empty() && m.changes.len() as u64 <= k);
            prop_assert!(m.changes.iter().all(|c| c.to < c.from));
            prop_assert_eq!(game.outcome(&m.apply(&heaps)), Outcome::Second);
        } else {
            prop_assert_eq!(game.outcome(&heaps), Outcome::Second);
        }
    }
}

#[test]
fn moore_with_k_one_is_nim_and_k_zero_is_refused() {
    let game = Moore::new(1).unwrap();
    for heaps in [[1u64, 2, 3], [3, 4, 5], [7, 7, 0]] {
        let xor = heaps.iter().fold(0, |x, h| x ^ h);
        assert_eq!(game.outcome(&heaps), outcome_of(xor != 0));
    }
    assert!(Moore::new(0).is_err());
    // k larger than the number of heaps: any non-empty position is a win.
    assert_eq!(
        Moore::new(u64::MAX).unwrap().outcome(&[5, 9]),
        Outcome::First
    );
}

// ---------------------------------------------------------------------------
// Staircase Nim
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn staircase_nimber_matches_the_grundy_solver(coins in prop::collection::vec(0u64..=3, 0..=4)) {
        // The rules, independently of the crate's Staircase type.
        let rules = FnGame::new(|c: &Vec<u64>, visit: &mut dyn FnMut(&[Vec<u64>]) -> ControlFlow<()>| {
            for step in 0..c.len() {
                for moved in 1..=c[step] {
                    let mut next = c.clone();
                    next[step] -= moved;
                    if step > 0 {
                        next[step - 1] += moved;
                    }
                    visit(&[next])?;
                }
            }
            ControlFlow::Continue(())
        });
        let mut solver = GrundySolver::new(&rules);
        let game = Staircase::new();
        prop_assert_eq!(game.nimber(&coins).unwrap(), solver.grundy(&coins).unwrap());
        prop_assert_eq!(game.outcome(&coins), solver.outcome(std::slice::from_ref(&coins)).unwrap());
        if let Some(m) = game.winning_move(&coins) {
            prop_assert!(m.to < m.from && coins[m.step] == m.from);
            prop_assert_eq!(solver.grundy(&m.apply(&coins).unwrap()).unwrap(), Nimber(0));
        } else {
            prop_assert_eq!(game.outcome(&coins), Outcome::Second);
        }
    }

    #[test]
    fn staircase_moves_on_huge_counts_win(coins in prop::collection::vec(any::<u64>(), 0..=12)) {
        let game = Staircase::new();
        match game.winning_move(&coins) {
            Some(m) => {
                prop_assert_eq!(m.step % 2, 0);
                prop_assert!(m.to < m.from);
                let mut after = coins.clone();
                after[m.step] = m.to;
                prop_assert_eq!(game.nimber(&after).unwrap(), Nimber(0));
            }
            None => prop_assert_eq!(game.nimber(&coins).unwrap(), Nimber(0)),
        }
    }
}

#[test]
fn staircase_solve_refuses_totals_above_u64() {
    assert!(Staircase::new().solve(&[u64::MAX, 1]).is_err());
    let solution = Staircase::new().solve(&[3, 1, 2]).unwrap();
    assert_eq!(solution.outcome(), Outcome::First);
    assert!(solution.is_line_complete());
}

// ---------------------------------------------------------------------------
// Fibonacci Nim
// ---------------------------------------------------------------------------

const FIBONACCI_SIDE: usize = 90;

/// wins[convention][heap][max_take] for heap, max_take < FIBONACCI_SIDE.
fn fibonacci_brute() -> &'static [Vec<Vec<bool>>; 2] {
    static TABLE: OnceLock<[Vec<Vec<bool>>; 2]> = OnceLock::new();
    TABLE.get_or_init(|| {
        CONVENTIONS.map(|convention| {
            let n = FIBONACCI_SIDE;
            let mut wins = vec![vec![false; n]; n];
            for heap in 0..n {
                for max in 1..n {
                    wins[heap][max] = if heap == 0 {
                        convention == Convention::Misere
                    } else {
                        // A limit of n - 1 is as good as any larger one: every heap left is smaller.
                        (1..=max.min(heap)).any(|t| !wins[heap - t][(2 * t).min(n - 1)])
                    };
                }
            }
            wins
        })
    })
}

#[test]
fn fibonacci_nim_matches_brute_force_in_both_conventions() {
    for convention in CONVENTIONS {
        let game = FibonacciNim::new().with_convention(convention);
        let wins = &fibonacci_brute()[convention_index(convention)];
        for heap in 0..FIBONACCI_SIDE {
            for max in 1..FIBONACCI_SIDE {
                let position = FibonacciPosition::new(heap as u64, max as u64).unwrap();
                assert_eq!(
                    game.outcome(&position),
                    outcome_of(wins[heap][max]),
                    "{convention} heap {heap} max {max}"
                );
                if let Some(m) = game.winning_move(&position) {
                    let take = m.take as usize;
                    assert!(take >= 1 && take <= max.min(heap));
                    let next_max = (2 * take).min(FIBONACCI_SIDE - 1);
                    assert!(
                        !wins[heap - take][next_max],
                        "{convention} {heap} {max}: {m}"
                    );
                }
            }
        }
    }
}

/// OEIS A000045: the first player loses exactly when n is a Fibonacci number.
#[test]
fn fibonacci_nim_losing_starts_are_the_fibonacci_numbers() {
    let a000045 = [
        0u64, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987,
    ];
    let game = FibonacciNim::new();
    let losing: Vec<u64> = (2..1000)
        .filter(|&n| game.outcome(&FibonacciPosition::start(n).unwrap()) == Outcome::Second)
        .collect();
    assert_eq!(losing, a000045[3..]);
    let wins = &fibonacci_brute()[0];
    for n in 2..FIBONACCI_SIDE {
        assert_eq!(!wins[n][n - 1], a000045.contains(&(n as u64)), "{n}");
    }
    assert!(FibonacciPosition::start(1).is_err());
    assert!(FibonacciPosition::new(3, 0).is_err());
}

proptest! {
    #[test]
    fn zeckendorf_terms_are_non_consecutive_fibonacci_numbers(n in any::<u64>()) {
        let terms = zeckendorf(n);
        prop_assert_eq!(terms.iter().map(|&t| u128::from(t)).sum::<u128>(), u128::from(n));
        prop_assert!(terms.iter().all(|&t| is_fibonacci(t)));
        for pair in terms.windows(2) {
            // Non-consecutive: F(i+2) - F(i) = F(i+1) > F(i), while F(i+1) - F(i) <= F(i).
            prop_assert!(pair[0] > pair[1] && pair[0] - pair[1] > pair[1]);
        }
        prop_assert_eq!(smallest_zeckendorf_term(n), terms.last().copied());
    }

    #[test]
    fn fibonacci_nim_takes_on_huge_heaps_leave_a_loss(heap in 1u64.., max in 1u64..) {
        let game = FibonacciNim::new();
        let position = FibonacciPosition::new(heap, max).unwrap();
        if let Some(m) = game.winning_move(&position) {
            prop_assert!(m.take <= heap.min(max));
            let next = FibonacciPosition::new(heap - m.take, m.take.saturating_mul(2)).unwrap();
            prop_assert_eq!(game.outcome(&next), Outcome::Second);
        }
    }
}

// ---------------------------------------------------------------------------
// Euclid's game
// ---------------------------------------------------------------------------

const EUCLID_SIDE: usize = 90;

fn euclid_brute() -> &'static Vec<Vec<bool>> {
    static TABLE: OnceLock<Vec<Vec<bool>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let n = EUCLID_SIDE;
        let mut wins = vec![vec![false; n]; n];
        // Increasing a + b: every move lowers the sum.
        for sum in 2..2 * n {
            for a in 1..n {
                let Some(b) = sum.checked_sub(a).filter(|&b| (1..n).contains(&b)) else {
                    continue;
                };
                let (large, small) = (a.max(b), a.min(b));
                wins[a][b] = (1..=large / small).any(|t| {
                    let rest = large - t * small;
                    rest == 0 || !wins[rest][small]
                });
            }
        }
        wins
    })
}

/// The player to move wins at the first quotient >= 2 (or exact division)
/// of the Euclidean algorithm; quotients of 1 are forced moves.
fn euclid_by_quotients(mut a: u64, mut b: u64) -> bool {
    let mut mover_wins = true;
    loop {
        if a < b {
            std::mem::swap(&mut a, &mut b);
        }
        if a % b == 0 || a / b >= 2 {
            return mover_wins;
        }
        (a, b) = (b, a - b);
        mover_wins = !mover_wins;
    }
}

#[test]
fn euclid_matches_brute_force() {
    let game = Euclid::new();
    let wins = euclid_brute();
    for a in 1..EUCLID_SIDE {
        for b in 1..EUCLID_SIDE {
            let position = [a as u64, b as u64];
            assert_eq!(
                game.outcome(&position).unwrap(),
                outcome_of(wins[a][b]),
                "{a} {b}"
            );
            if let Some(m) = game.winning_move(&position).unwrap() {
                let other = position[1 - m.index];
                assert!(m.to < m.from && (m.from - m.to) % other == 0 && m.from >= other);
                assert!(
                    m.to == 0 || !wins[m.to as usize][other as usize],
                    "{a} {b}: {m}"
                );
            } else {
                assert!(!wins[a][b]);
            }
        }
    }
    assert!(game.outcome(&[0, 1]).is_err());
    assert!(game.solve(&[7, 0]).is_err());
}

/// OEIS A000201: for b >= 1 the losing a > b are exactly b < a <= ⌊bφ⌋.
#[test]
fn euclid_losing_range_ends_at_the_lower_wythoff_numbers() {
    let a000201 = [
        1u64, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32,
    ];
    let game = Euclid::new();
    for (b, &end) in (1u64..).zip(&a000201) {
        let largest_losing = (b + 1..=2 * b)
            .filter(|&a| game.outcome(&[a, b]).unwrap() == Outcome::Second)
            .max()
            .unwrap_or(b);
        assert_eq!(largest_losing, end, "b = {b}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn euclid_matches_the_quotient_argument_on_huge_numbers(a in 1u64.., b in 1u64..) {
        let game = Euclid::new();
        prop_assert_eq!(game.outcome(&[a, b]).unwrap(), outcome_of(euclid_by_quotients(a, b)));
        if let Some(m) = game.winning_move(&[a, b]).unwrap() {
            let after = m.apply(&[a, b]);
            prop_assert!(after[0] == 0 || after[1] == 0 || !euclid_by_quotients(after[0], after[1]));
        }
        let solution = game.solve(&[a, b]).unwrap();
        prop_assert!(solution.is_line_complete());
        prop_assert_eq!(solution.line().len() % 2 == 1, solution.outcome() == Outcome::First);
    }
}

// ---------------------------------------------------------------------------
// Nim multiplication
// ---------------------------------------------------------------------------

/// a ⊗ b for a, b < 64 from the definition: the mex of
/// (a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') over a' < a, b' < b.
fn mex_products() -> Vec<Vec<u64>> {
    let n = 64;
    let mut table = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = [false; 257];
            for x in 0..a {
                for y in 0..b {
                    let value = table[x][b] ^ table[a][y] ^ table[x][y];
                    seen[value as usize] = true;
                }
            }
            table[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    table
}

#[test]
fn nim_product_matches_the_mex_definition() {
    let table = mex_products();
    for a in 0..64u64 {
        for b in 0..64u64 {
            let expected = table[a as usize][b as usize];
            assert_eq!(nim_field::product(a, b), expected, "{a} ⊗ {b}");
            assert_eq!(nim_field::product_by_halves(a, b), expected, "{a} ⊗ {b}");
        }
    }
}

/// OEIS A051775: the nim-product table read by antidiagonals.
#[test]
fn nim_product_matches_oeis_a051775() {
    let a051775 = [
        0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0, 0, 6,
        10, 12, 12, 10, 6, 0, 0, 7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0, 0, 9,
        12, 14, 14, 7, 14, 14, 12, 9, 0, 0, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7,
        11,
    ];
    let by_antidiagonals =
        (0u64..).flat_map(|d| (0..=d).map(move |n| nim_field::product(n, d - n)));
    let ours: Vec<u64> = by_antidiagonals.take(a051775.len()).collect();
    assert_eq!(ours, a051775);
}

#[test]
fn nim_field_known_values() {
    // Fermat 2-powers: F ⊗ F = 3F/2; distinct ones multiply as integers.
    for f in [2u64, 4, 16, 256, 65536, 1 << 32] {
        assert_eq!(nim_field::product(f, f), 3 * f / 2);
    }
    assert_eq!(nim_field::product(1 << 16, 1 << 32), 1 << 48);
    assert_eq!(nim_field::inverse(0), None);
    assert_eq!(nim_field::inverse(1), Some(1));
    assert_eq!(nim_field::power(7, 0), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn nim_product_matches_the_recursion_on_halves(a in any::<u64>(), b in any::<u64>()) {
        prop_assert_eq!(nim_field::product(a, b), nim_field::product_by_halves(a, b));
    }

    #[test]
    fn nim_field_axioms(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        use nim_field::product as mul;
        prop_assert_eq!(mul(a, b), mul(b, a));
        prop_assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)));
        prop_assert_eq!(mul(a, b ^ c), mul(a, b) ^ mul(a, c));
        prop_assert_eq!(mul(a, 1), a);
        prop_assert_eq!(mul(a, 0), 0);
        if a != 0 {
            prop_assert_eq!(mul(a, nim_field::inverse(a).unwrap()), 1);
        }
        prop_assert_eq!(nim_field::square(nim_field::sqrt(a)), a);
    }

    #[test]
    fn nim_power_is_repeated_product(a in any::<u64>(), e in 0u64..40) {
        let repeated = (0..e).fold(1, |acc, _| nim_field::product(acc, a));
        prop_assert_eq!(nim_field::power(a, e), repeated);
    }
}

// ---------------------------------------------------------------------------
// The Library Checker example
// ---------------------------------------------------------------------------

#[allow(dead_code)]
#[path = "../../examples/nim_product.rs"]
mod nim_product;

#[test]
fn nim_product_example_reads_the_library_checker_format() {
    let output = nim_product::solve("3\n1 1\n2 2\n18446744073709551615 2\n").unwrap();
    let expected = format!("1\n3\n{}\n", nim_field::product_by_halves(u64::MAX, 2));
    assert_eq!(output, expected);
    for bad in [
        "",
        "2\n1 1\n",
        "1\n1 x\n",
        "1\n1 18446744073709551616\n",
        "1\n1 1 1\n",
    ] {
        assert!(nim_product::solve(bad).is_err(), "{bad:?} was accepted");
    }
}
