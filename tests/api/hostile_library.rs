//! Hostile arguments to the library: each call returns a typed error or a
//! correct answer promptly, never panics, wraps or exhausts memory.

use stonegame::Error;
use stonegame::impartial::HeapMove;
use stonegame::impartial::nim::Nim;
use stonegame::impartial::octal::LastOne;
use stonegame::scoring::FrontDoubling;

#[test]
fn inconsistent_heap_moves_are_rejected() {
    assert!(HeapMove::new(0, 5, &[3, 3]).is_err());
    assert!(HeapMove::take(0, 5, 6).is_err());
    let legal = HeapMove::take(usize::MAX, u64::MAX, 1).unwrap();
    assert_eq!(legal.removed(), 1);
    assert!(legal.apply(&[1, 2]).is_err());
    assert_eq!(
        Nim::new().outcome(&[u64::MAX, u64::MAX]),
        stonegame::Outcome::Second
    );
}

#[test]
fn oversized_requests_are_refused_not_aborted() {
    assert!(matches!(
        LastOne::pyramid(u64::MAX),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    let table = FrontDoubling::new(vec![1i64, 2, 3])
        .unwrap()
        .table()
        .unwrap();
    assert_eq!(table.best_move(0, usize::MAX), Some(3));
}

/// Nim written as a closure: the solvers know nothing about its structure and
/// must list its options one by one.
fn closure_nim() -> impl stonegame::impartial::ImpartialGame<Position = u64> {
    stonegame::impartial::FnGame::new(
        |heap: &u64, visit: &mut dyn FnMut(&[u64]) -> std::ops::ControlFlow<()>| {
            (0..*heap).try_for_each(|left| visit(&[left]))
        },
    )
}

/// Runs `query`, asserting it returns within `seconds` (a hang shows as a
/// failure with the time it took, not as a stuck test run).
fn within<T>(seconds: u64, query: impl FnOnce() -> T) -> T {
    let start = std::time::Instant::now();
    let answer = query();
    let took = start.elapsed();
    assert!(
        took < std::time::Duration::from_secs(seconds),
        "took {took:?}"
    );
    answer
}

#[test]
fn astronomically_long_option_lists_stop_at_the_work_cap() {
    use stonegame::impartial::grundy::{GrundySolver, heap_table};
    use stonegame::impartial::misere::ExactSearch;
    use stonegame::{Budget, Convention};

    let capped = Budget::default().with_work(1_000_000);
    let game = closure_nim();
    let error = within(10, || {
        GrundySolver::new(&game)
            .with_budget(capped)
            .grundy(&u64::MAX)
    })
    .expect_err("u64::MAX options cannot be listed");
    assert!(
        matches!(
            error,
            Error::WorkLimitExceeded {
                steps: 1_000_000,
                ..
            }
        ),
        "{error}"
    );
    assert!(error.to_string().contains("Budget::with_work"), "{error}");

    let winning = within(10, || {
        GrundySolver::new(&game)
            .with_budget(capped)
            .winning_move(&[u64::MAX])
    });
    assert!(
        matches!(winning, Err(Error::WorkLimitExceeded { .. })),
        "{winning:?}"
    );

    for convention in [Convention::Normal, Convention::Misere] {
        let exact = within(10, || {
            ExactSearch::default()
                .with_budget(capped)
                .with_convention(convention)
                .outcome(&game, &[u64::MAX])
        });
        assert!(
            matches!(exact, Err(Error::WorkLimitExceeded { .. })),
            "{exact:?}"
        );
    }

    // The bottom-up table: quadratic in the heap for Nim, so capped too.
    let table = within(10, || heap_table(&game, 1 << 20, capped));
    assert!(
        matches!(table, Err(Error::WorkLimitExceeded { .. })),
        "{table:?}"
    );
    // A subtraction rule listing every amount stops at the cap as well.
    let any_amount = stonegame::impartial::subtraction::SubtractionRule::new(
        |heap: u64, visit: &mut dyn FnMut(u64) -> std::ops::ControlFlow<()>| {
            (1..=heap).try_for_each(visit)
        },
    );
    let rule = within(10, || {
        GrundySolver::new(&any_amount)
            .with_budget(capped)
            .grundy(&u64::MAX)
    });
    assert!(
        matches!(rule, Err(Error::WorkLimitExceeded { .. })),
        "{rule:?}"
    );
    // Under the cap the answers are still right (heap 300: 45,150 options
    // of 10 steps each in the hashed search, within 10^6).
    let mut solver = GrundySolver::new(&game).with_budget(capped);
    assert_eq!(solver.grundy(&300).unwrap().0, 300);
    assert_eq!(heap_table(&game, 300, capped).unwrap()[300].0, 300);
}

#[test]
fn the_default_budget_refuses_a_heap_of_u64_max() {
    use stonegame::impartial::grundy::GrundySolver;
    // No work cap given: the default cap or the memory budget stops the listing.
    let game = closure_nim();
    let error = within(60, || GrundySolver::new(&game).grundy(&u64::MAX))
        .expect_err("u64::MAX options cannot be listed");
    assert!(
        matches!(
            error,
            Error::WorkLimitExceeded { .. } | Error::MemoryBudgetExceeded { .. }
        ),
        "{error}"
    );
}

#[test]
fn option_enumeration_stops_when_the_visitor_breaks() {
    use std::ops::ControlFlow;
    use stonegame::impartial::ImpartialGame;
    use stonegame::impartial::octal::TakeAndBreak;
    use stonegame::impartial::wythoff::Wythoff;

    // 0.(4): every removal may split the rest, about u64::MAX^2 / 2 options.
    let splitting = TakeAndBreak::octal("0.(4)").unwrap();
    let mut seen = 0;
    let flow = splitting.for_each_option(&u64::MAX, |_| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((flow, seen), (ControlFlow::Break(()), 3));

    let mut seen = 0;
    let flow = Wythoff::new().for_each_option(&[u64::MAX, u64::MAX], |_| {
        seen += 1;
        ControlFlow::Break(())
    });
    assert_eq!((flow, seen), (ControlFlow::Break(()), 1));

    // A complete enumeration reports Continue.
    let mut all = Vec::new();
    let flow = splitting.for_each_option(&4, |sum| {
        all.push(sum.to_vec());
        ControlFlow::Continue(())
    });
    assert_eq!(flow, ControlFlow::Continue(()));
    assert_eq!(all, vec![vec![1, 2], vec![1, 1]]);
}

#[test]
fn the_retrograde_sum_check_refuses_an_endless_option_list() {
    use stonegame::Convention;
    use stonegame::retrograde::{Value, solve_impartial_sum, sum_key};

    // One heap of u64::MAX lists u64::MAX options: refused once the list
    // alone would pass the default budget, not collected until memory runs out.
    let game = closure_nim();
    let refused = within(60, || {
        solve_impartial_sum(&game, vec![u64::MAX], Convention::Normal)
    });
    match refused {
        Err(Error::MemoryBudgetExceeded {
            what, budget_bytes, ..
        }) => {
            assert_eq!(what, "the option list of one sum");
            assert_eq!(budget_bytes, 1 << 30);
        }
        other => panic!(
            "expected a memory refusal, got {:?}",
            other.map(|t| t.len())
        ),
    }
    // Small sums still solve, and agree with Nim's rule.
    let solved = solve_impartial_sum(&game, vec![3, 5, 6], Convention::Normal).unwrap();
    assert_eq!(solved.value(&sum_key(vec![3, 5, 6])), Some(Value::Lose));
    // closure_nim leaves an empty heap as a component of 0.
    assert_eq!(solved.value(&sum_key(vec![3, 5, 0])), Some(Value::Win));
}
