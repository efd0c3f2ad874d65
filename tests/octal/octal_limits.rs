//! The exact misère search refuses work it cannot finish, promptly and with a
//! typed error, instead of running for hours or exhausting memory.

use stonegame::impartial::octal::TakeAndBreak;
use stonegame::impartial::octal::{MAX_MISERE_HEAP, MisereSearch, OctalGame};
use stonegame::{Budget, Convention, Error, Outcome};

#[test]
fn huge_heaps_are_refused_before_listing_their_options() {
    // Dawson's Kayles: no misère quotient within the automatic attempt (Kayles has
    // one, which answers any heap), so the exact search is asked.
    let error = OctalGame::new(TakeAndBreak::dawsons_kayles())
        .with_convention(Convention::Misere)
        .outcome(&[1 << 60])
        .expect_err("a heap of 2^60 cannot be searched");
    // The heap is beyond the verified bounded quotient, and the exact search
    // refuses it by its heap limit (without listing options): the error says both.
    assert!(
        matches!(error, Error::BeyondMisereQuotient { heap, verified, .. } if heap == 1 << 60 && verified < heap),
        "{error}"
    );
    let message = error.to_string();
    assert!(
        message.contains(&MAX_MISERE_HEAP.to_string()),
        "the search's heap limit is named: {message}"
    );
}

#[test]
fn the_work_limit_stops_a_search_that_is_too_big() {
    let mut search = MisereSearch::new(TakeAndBreak::kayles())
        .with_max_states(usize::MAX)
        .with_work_limit(1_000);
    let error = search
        .outcome(&[30, 30, 30])
        .expect_err("1,000 moves are not enough");
    assert!(
        matches!(error, Error::WorkLimitExceeded { steps: 1_000, .. }),
        "{error}"
    );
    let message = error.to_string();
    for hint in ["work limit", "Budget::with_work", "misère"] {
        assert!(message.contains(hint), "{message}");
    }
    // The library speaks of the library; the command line adds its flag.
    assert!(!message.contains("--max-work"), "{message}");
}

#[test]
fn the_memory_budget_stops_a_search_that_is_too_big() {
    let mut search = MisereSearch::new(TakeAndBreak::kayles())
        .with_max_states(usize::MAX)
        .with_budget(Budget::from_bytes(64 << 10));
    let error = search
        .outcome(&[30, 30, 30])
        .expect_err("64 KiB are not enough");
    assert!(
        matches!(error, Error::MemoryBudgetExceeded { .. }),
        "{error}"
    );
}

#[test]
fn a_refused_query_leaves_the_search_usable() {
    let mut search = MisereSearch::new(TakeAndBreak::kayles())
        .with_max_states(usize::MAX)
        .with_work_limit(2_000);
    assert!(search.outcome(&[40, 40, 40]).is_err());
    // Small queries still fit the same limit afterwards, with the right answers.
    assert_eq!(search.outcome(&[1]).unwrap(), Outcome::Second);
    assert_eq!(search.outcome(&[3]).unwrap(), Outcome::First);
    assert_eq!(search.outcome(&[4]).unwrap(), Outcome::Second);
}

#[test]
fn genus_search_refuses_within_its_budget_and_work_cap() {
    use stonegame::impartial::genus::heap_genus;
    let kayles = TakeAndBreak::kayles();
    let refused = heap_genus(&kayles, 10_000, 3, usize::MAX, Budget::from_mebibytes(64));
    assert!(
        matches!(
            refused,
            Err(Error::MemoryBudgetExceeded { .. } | Error::WorkLimitExceeded { .. })
        ),
        "{refused:?}"
    );
    let capped = heap_genus(
        &kayles,
        40,
        3,
        usize::MAX,
        Budget::default().with_work(1_000),
    );
    assert!(
        matches!(capped, Err(Error::WorkLimitExceeded { steps: 1_000, .. })),
        "{capped:?}"
    );
}

#[test]
fn small_heaps_are_answered_from_their_table_without_a_period_hunt() {
    // These codes have no period within the search limit; a heap of 5 used to
    // start a hunt to 4,194,304 values (over a minute).
    for code in ["0.06", "0.007", "0.6"] {
        let game: TakeAndBreak = code.parse().unwrap();
        let plain =
            stonegame::impartial::octal::grundy_sequence_plain(&game, 10, Budget::default())
                .unwrap();
        let mut values = stonegame::impartial::octal::HeapValues::new(game.clone())
            .with_budget(Budget::default().with_work(1_000_000));
        for heap in 0..=10u64 {
            assert_eq!(
                values.grundy(heap).unwrap().0,
                u64::from(plain[heap as usize]),
                "{code} {heap}"
            );
        }
    }
}

#[test]
fn long_sequence_computations_stop_at_the_work_cap() {
    let game: TakeAndBreak = "0.(4)".parse().unwrap();
    let capped = stonegame::impartial::octal::grundy_sequence(
        &game,
        10_000,
        Budget::default().with_work(10_000_000),
    );
    assert!(
        matches!(
            capped,
            Err(Error::WorkLimitExceeded {
                steps: 10_000_000,
                ..
            })
        ),
        "{capped:?}"
    );
}
