//! Every built-in game through one generic function per family: the
//! crate-wide traits (`SolveAt`, `NimberAt`, `Solve`, `Configure`) answer
//! alike for all of them, and agree with an exhaustive search of the game's
//! moves (the generic `GrundySolver`, which searches misère sums exactly).

use std::borrow::Borrow;
use std::ops::ControlFlow;

use stonegame::impartial::fibonacci_nim::FibonacciPosition;
use stonegame::impartial::{BallBox, Euclid, FibonacciNim, Moore, Staircase};
use stonegame::prelude::*;

/// The callback an `FnGame` closure calls once per option.
type Visit<'a, P> = &'a mut dyn FnMut(&[P]) -> ControlFlow<()>;

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

/// The calls of one `SolveAt` game on one position agree with each other and
/// with `expected`.
fn check_solve_at<G: SolveAt>(game: &mut G, position: &G::Position, expected: Outcome)
where
    G::Position: std::fmt::Debug,
    G::Move: std::fmt::Debug + PartialEq,
{
    let outcome = game.outcome(position).unwrap();
    assert_eq!(
        outcome,
        expected,
        "{position:?} under {}",
        game.convention()
    );
    let winning = game.winning_move(position).unwrap();
    if outcome == Outcome::Second {
        assert_eq!(winning, None, "{position:?}: a loss has no winning move");
    }
    let solution = game.solve(position).unwrap();
    assert_eq!(solution.outcome(), outcome, "{position:?}");
    assert_eq!(solution.best_move(), winning.as_ref(), "{position:?}");
}

/// A game configured through the traits keeps what it was given.
fn check_configure<G: SolveAt + Configure>(game: G, convention: Convention) -> G {
    let budget = Budget::from_mebibytes(64);
    let game = game.with_convention(convention).with_budget(budget);
    assert_eq!(game.convention(), convention);
    assert_eq!(game.budget(), budget);
    game
}

/// The exact outcome of a sum of `components` of `definition`.
fn searched<D>(definition: &D, components: &[D::Position], convention: Convention) -> Outcome
where
    D: ImpartialGame,
    D::Position: Ord,
{
    let mut solver = GrundySolver::new(definition).with_convention(convention);
    solver.outcome(components).unwrap()
}

/// Every sum of up to `heaps` heaps of at most `max` stones, as lists.
fn heap_lists(heaps: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    let mut longest: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..heaps {
        longest = longest
            .iter()
            .flat_map(|list| {
                (0..=max).map(move |heap| {
                    let mut next = list.clone();
                    next.push(heap);
                    next
                })
            })
            .collect();
        all.extend(longest.iter().cloned());
    }
    all
}

/// A heap game played on a list of heaps, checked against the search of its
/// own moves (a sum of one-heap components), under both conventions.
fn check_heap_game<G, D>(make: impl Fn() -> G, definition: &D, heaps: usize, max: u64)
where
    G: SolveAt<Position = [u64]> + Configure,
    G::Move: std::fmt::Debug + PartialEq,
    D: ImpartialGame<Position = u64>,
{
    for convention in CONVENTIONS {
        let mut game = check_configure(make(), convention);
        for position in heap_lists(heaps, max) {
            let expected = searched(definition, &position, convention);
            check_solve_at(&mut game, &position[..], expected);
        }
    }
}

/// A game whose whole position is one component of `definition`.
fn check_single<G, D, Q>(
    make: impl Fn() -> G,
    definition: &D,
    positions: &[(Q, D::Position)],
    conventions: &[Convention],
) where
    G: SolveAt + Configure,
    G::Position: std::fmt::Debug,
    G::Move: std::fmt::Debug + PartialEq,
    Q: Borrow<G::Position>,
    D: ImpartialGame,
    D::Position: Ord,
{
    for &convention in conventions {
        let mut game = check_configure(make(), convention);
        for (position, component) in positions {
            let expected = searched(definition, std::slice::from_ref(component), convention);
            check_solve_at(&mut game, position.borrow(), expected);
        }
    }
}

fn take_up_to(limit: u64) -> impl Fn(&u64, Visit<'_, u64>) -> ControlFlow<()> {
    move |&heap, visit| (1..=heap.min(limit)).try_for_each(|take| visit(&[heap - take]))
}

#[test]
fn nim_against_the_search() {
    let rules = FnGame::new(take_up_to(u64::MAX));
    check_heap_game(Nim::new, &rules, 3, 4);
}

#[test]
fn subtraction_against_the_search() {
    let rules = FnGame::new(|&heap: &u64, visit: Visit<'_, u64>| {
        [2u64, 3, 7]
            .into_iter()
            .filter(|&take| take <= heap)
            .try_for_each(|take| visit(&[heap - take]))
    });
    let set = SubtractionSet::new([2, 3, 7]).unwrap();
    check_heap_game(|| Subtraction::new(set.clone()), &rules, 3, 9);
}

#[test]
fn octal_games_against_the_search() {
    // Kayles: knock down one or two adjacent pins, possibly splitting the row.
    let kayles = FnGame::new(|&row: &u64, visit: Visit<'_, u64>| {
        for take in 1..=2u64.min(row) {
            for left in 0..=row - take {
                let right = row - take - left;
                let parts: Vec<u64> = [left, right].into_iter().filter(|&p| p > 0).collect();
                visit(&parts)?;
            }
        }
        ControlFlow::Continue(())
    });
    check_heap_game(|| OctalGame::new(TakeAndBreak::kayles()), &kayles, 2, 7);
}

#[test]
fn last_one_against_the_search() {
    // Strike any run of adjacent sticks in one row.
    let rules = FnGame::new(|&row: &u64, visit: Visit<'_, u64>| {
        for take in 1..=row {
            for left in 0..=row - take {
                let right = row - take - left;
                let parts: Vec<u64> = [left, right].into_iter().filter(|&p| p > 0).collect();
                visit(&parts)?;
            }
        }
        ControlFlow::Continue(())
    });
    check_heap_game(LastOne::new, &rules, 3, 5);
}

#[test]
fn boxes_against_the_search() {
    let rules = FnGame::new(|b: &(u64, u64), visit: Visit<'_, (u64, u64)>| {
        (1..=b.0.min(b.1)).try_for_each(|take| visit(&[(b.0 - take, b.1)]))
    });
    for convention in CONVENTIONS {
        let mut game = check_configure(Boxes::new(), convention);
        for balls in heap_lists(2, 6) {
            for bound in 1..=3 {
                let boxes: Vec<BallBox> = balls
                    .iter()
                    .map(|&n| BallBox::new(n, bound).unwrap())
                    .collect();
                let components: Vec<(u64, u64)> = balls.iter().map(|&n| (n, bound)).collect();
                let expected = searched(&rules, &components, convention);
                check_solve_at(&mut game, &boxes[..], expected);
            }
        }
    }
}

#[test]
fn wythoff_against_the_search() {
    let rules = FnGame::new(
        |p: &[u64; 2], visit: &mut dyn FnMut(&[[u64; 2]]) -> ControlFlow<()>| {
            for take in 1..=p[0] {
                visit(&[[p[0] - take, p[1]]])?;
            }
            for take in 1..=p[1] {
                visit(&[[p[0], p[1] - take]])?;
            }
            for take in 1..=p[0].min(p[1]) {
                visit(&[[p[0] - take, p[1] - take]])?;
            }
            ControlFlow::Continue(())
        },
    );
    let positions: Vec<([u64; 2], [u64; 2])> = (0..9)
        .flat_map(|a| (0..9).map(move |b| ([a, b], [a, b])))
        .collect();
    check_single(Wythoff::new, &rules, &positions, &CONVENTIONS);
}

#[test]
fn euclid_against_the_search() {
    let rules = FnGame::new(
        |p: &[u64; 2], visit: &mut dyn FnMut(&[[u64; 2]]) -> ControlFlow<()>| {
            let (big, small) = (p[0].max(p[1]), p[0].min(p[1]));
            if small == 0 {
                return ControlFlow::Continue(());
            }
            (1..=big / small).try_for_each(|k| visit(&[[big - k * small, small]]))
        },
    );
    let positions: Vec<([u64; 2], [u64; 2])> = (1..25)
        .flat_map(|a| (1..25).map(move |b| ([a, b], [a, b])))
        .collect();
    check_single(Euclid::new, &rules, &positions, &CONVENTIONS);
}

#[test]
fn staircase_against_the_search() {
    let rules = FnGame::new(|coins: &Vec<u64>, visit: Visit<'_, Vec<u64>>| {
        for step in 0..coins.len() {
            for moved in 1..=coins[step] {
                let mut next = coins.clone();
                next[step] -= moved;
                if step > 0 {
                    next[step - 1] += moved;
                }
                visit(&[next])?;
            }
        }
        ControlFlow::Continue(())
    });
    let positions: Vec<(Vec<u64>, Vec<u64>)> = heap_lists(4, 2)
        .into_iter()
        .chain(heap_lists(3, 3))
        .map(|coins| (coins.clone(), coins))
        .collect();
    check_single(Staircase::new, &rules, &positions, &CONVENTIONS);
}

#[test]
fn moore_against_the_search() {
    let k = 2u64;
    let rules = FnGame::new(move |heaps: &Vec<u64>, visit: Visit<'_, Vec<u64>>| {
        // Every non-zero change that lowers at most k heaps.
        let n = heaps.len();
        let mut lowered = vec![0u64; n];
        loop {
            let mut i = 0;
            while i < n && lowered[i] == heaps[i] {
                lowered[i] = 0;
                i += 1;
            }
            if i == n {
                return ControlFlow::Continue(());
            }
            lowered[i] += 1;
            if lowered.iter().filter(|&&d| d > 0).count() as u64 <= k {
                let next: Vec<u64> = heaps.iter().zip(&lowered).map(|(h, d)| h - d).collect();
                visit(&[next])?;
            }
        }
    });
    for convention in CONVENTIONS {
        let mut game = check_configure(Moore::new(k).unwrap(), convention);
        for heaps in heap_lists(3, 3) {
            let expected = searched(&rules, std::slice::from_ref(&heaps), convention);
            check_solve_at(&mut game, &heaps[..], expected);
        }
    }
}

#[test]
fn fibonacci_nim_against_the_search() {
    let rules = FnGame::new(|p: &(u64, u64), visit: Visit<'_, (u64, u64)>| {
        (1..=p.0.min(p.1)).try_for_each(|take| visit(&[(p.0 - take, 2 * take)]))
    });
    let positions: Vec<(FibonacciPosition, (u64, u64))> = (0..20)
        .flat_map(|heap| (1..12).map(move |limit| (heap, limit)))
        .map(|(heap, limit)| (FibonacciPosition::new(heap, limit).unwrap(), (heap, limit)))
        .collect();
    check_single(FibonacciNim::new, &rules, &positions, &CONVENTIONS);
}

#[test]
fn grundy_solver_is_a_game_like_the_others() {
    let rules = FnGame::new(take_up_to(3));
    for convention in CONVENTIONS {
        let mut solver = check_configure(GrundySolver::new(&rules), convention);
        for position in heap_lists(3, 5) {
            let expected = match convention {
                Convention::Normal => {
                    let xor = position.iter().fold(0, |acc, h| acc ^ (h % 4));
                    if xor == 0 {
                        Outcome::Second
                    } else {
                        Outcome::First
                    }
                }
                Convention::Misere => searched(&rules, &position, convention),
            };
            check_solve_at(&mut solver, &position[..], expected);
        }
    }
}

/// Grundy values through `NimberAt` for every game that has them, and the
/// refusal under misère play.
fn check_nimbers<G: NimberAt<Position = [u64]>>(mut game: G, heaps: &[u64], expected: u64) {
    assert_eq!(game.nimber(heaps).unwrap(), Nimber(expected));
    let mut misere = game.with_convention(Convention::Misere);
    assert!(matches!(
        misere.nimber(heaps),
        Err(Error::UnsupportedConvention { .. })
    ));
}

#[test]
fn nimbers_are_normal_play_everywhere() {
    check_nimbers(Nim::new(), &[3, 5], 6);
    // Last One is misère by default: no `NimberAt`; its own `nimber`
    // answers under normal play (tests/api/contract.rs).
    let normal_last_one = LastOne::new().with_convention(Convention::Normal);
    assert_eq!(normal_last_one.nimber(&[3, 5]).unwrap(), Nimber(6));
    check_nimbers(
        Subtraction::new(SubtractionSet::new([1, 2]).unwrap()),
        &[4, 2],
        1 ^ 2,
    );
    check_nimbers(OctalGame::new(TakeAndBreak::kayles()), &[3], 3);
    check_nimbers(Staircase::new(), &[3, 9, 5], 3 ^ 5);
}

/// A `Solve` game: the calls agree with each other and with `expected`.
fn check_solve<G: Solve + Configure>(game: G, expected: G::Value)
where
    G::Value: std::fmt::Debug + PartialEq,
{
    let game = game.with_budget(Budget::from_mebibytes(32));
    assert_eq!(game.budget(), Budget::from_mebibytes(32));
    let value = game.value().unwrap();
    assert_eq!(value, expected);
    let solution = game.solve().unwrap();
    assert_eq!(solution.value(), value);
    assert_eq!(solution.outcome(), game.outcome().unwrap());
}

#[test]
fn every_scoring_game_through_solve() {
    use stonegame::scoring::*;
    // Each against the generic negamax over the same game.
    let row = vec![3i64, 9, 1, 2, 7, 4];
    let ends = Ends::new(&row).unwrap();
    check_solve(ends.clone(), Negamax::new(&ends).value().unwrap());
    let remainder = EndsRemainder::new(&row).unwrap();
    check_solve(remainder.clone(), Negamax::new(&remainder).value().unwrap());
    let front = Front::new(&row, 3).unwrap();
    check_solve(front.clone(), Negamax::new(&front).value().unwrap());
    let doubling = FrontDoubling::new(&row).unwrap();
    check_solve(doubling.clone(), Negamax::new(&doubling).value().unwrap());
    let valuations = Valuations::new(&row, vec![5, 1, 4, 4, 2, 8]).unwrap();
    check_solve(
        valuations.clone(),
        Negamax::new(&valuations).value().unwrap(),
    );
    let merge = StoneMerge::new(vec![-1i64, 2, -3, 4, -5]).unwrap();
    check_solve(merge.clone(), Negamax::new(&merge).value().unwrap());
    // LeetCode 1563 example 1: 18; LeetCode 2029 example 1: Alice wins.
    check_solve(StoneSplit::new(vec![6i64, 2, 3, 4, 5, 5]).unwrap(), 18);
    check_solve(StoneMod3::new(vec![2, 1]).unwrap(), Outcome::First);
    // The generic solver is a `Solve` game too, and keeps its table.
    let solver = Negamax::new(ends.clone());
    check_solve(solver, Ends::new(row).unwrap().value());
}

#[test]
fn a_drawing_is_a_solve_game() {
    // A triangle on the ground: nimber 1 (a loop and a stalk).
    let triangle = GreenHackenbush::new(&[(0, 1), (1, 2), (2, 0)]).unwrap();
    check_solve(triangle, Outcome::First);
}
