//! Cancel and progress in the scoring engines (issue 47): a cancelled
//! control refuses before any work, a cancel from another thread stops a
//! long sweep, search or interval DP within a bound, progress only grows,
//! and a control changes no answer.

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use stonegame::control::Control;
use stonegame::game::MoveOrder;
use stonegame::scoring::{
    DpVariant, Ends, EndsRemainder, FrontDoubling, Negamax, ScoringGame, StoneSplit, Valuations,
};
use stonegame::{Budget, Error};

/// Take one or two from a pile of `n`, scoring `n mod 7 - 3` a take: a
/// numbered game whose moves go to smaller numbers (swept bottom-up).
#[derive(Clone)]
struct Pile {
    n: usize,
    /// Whether the game declares its numbering (else: the hashed search).
    numbered: bool,
}

impl ScoringGame for Pile {
    type Position = usize;
    type Move = usize;
    type Score = i32;

    fn start(&self) -> usize {
        self.n
    }

    fn for_each_move(
        &self,
        &pile: &usize,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for take in 1..=pile.min(2) {
            visit(take)?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &pile: &usize, &take: &usize) -> (i32, usize) {
        ((pile % 7) as i32 - 3, pile - take)
    }

    fn dense_positions(&self) -> Option<usize> {
        self.numbered.then_some(self.n + 1)
    }

    fn dense_index(&self, &pile: &usize) -> Option<usize> {
        Some(pile)
    }

    fn dense_position(&self, number: usize) -> Option<usize> {
        Some(number)
    }

    fn dense_order(&self) -> MoveOrder {
        if self.numbered {
            MoveOrder::ToSmaller
        } else {
            MoveOrder::Unordered
        }
    }
}

/// Two piles, take one from either, scoring the pile taken from mod 5 minus
/// 2: about `a · b` positions, no numbering (the hashed search, wide and
/// only `a + b` deep).
#[derive(Clone)]
struct TwoPiles(u32, u32);

impl ScoringGame for TwoPiles {
    type Position = (u32, u32);
    type Move = bool;
    type Score = i64;

    fn start(&self) -> (u32, u32) {
        (self.0, self.1)
    }

    fn for_each_move(
        &self,
        &(a, b): &(u32, u32),
        mut visit: impl FnMut(bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if a > 0 {
            visit(true)?;
        }
        if b > 0 {
            visit(false)?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &(a, b): &(u32, u32), &first: &bool) -> (i64, (u32, u32)) {
        if first {
            (i64::from(a % 5) - 2, (a - 1, b))
        } else {
            (i64::from(b % 5) - 2, (a, b - 1))
        }
    }
}

fn cancelled() -> (Control, Budget) {
    let control = Control::new();
    control.cancel();
    let budget = Budget::default().with_control(&control);
    (control, budget)
}

fn is_cancelled<T: std::fmt::Debug>(result: stonegame::Result<T>) -> bool {
    matches!(result, Err(Error::Cancelled { .. }))
}

#[test]
fn a_cancelled_control_refuses_every_scoring_engine() -> stonegame::Result<()> {
    let (_control, budget) = cancelled();
    let sweep = Pile {
        n: 1000,
        numbered: true,
    };
    let hashed = Pile {
        n: 1000,
        numbered: false,
    };
    assert!(is_cancelled(
        Negamax::new(&sweep).with_budget(budget).value()
    ));
    assert!(is_cancelled(
        Negamax::new(&hashed).with_budget(budget).value()
    ));
    let ends = Ends::new(vec![3i64, 1, 4, 1, 5, 9, 2, 6])?.with_budget(budget);
    for variant in [
        DpVariant::LengthMajor,
        DpVariant::Rolling,
        DpVariant::FullTable,
    ] {
        assert!(is_cancelled(ends.value_by(variant)), "ends {variant:?}");
    }
    let remainder = EndsRemainder::new(vec![5i64, 3, 1, 4, 2, 7])?.with_budget(budget);
    for variant in [
        DpVariant::LengthMajor,
        DpVariant::Rolling,
        DpVariant::FullTable,
    ] {
        assert!(
            is_cancelled(remainder.value_by(variant)),
            "ends-remainder {variant:?}"
        );
    }
    assert!(is_cancelled(remainder.totals()));
    let doubling = FrontDoubling::new(vec![2i64, 7, 9, 4, 4, 1, 8])?.with_budget(budget);
    assert!(is_cancelled(doubling.value()));
    assert!(is_cancelled(doubling.value_by(DpVariant::FullTable)));
    let split = StoneSplit::new(vec![6i64, 2, 3, 4, 5, 5])?.with_budget(budget);
    for variant in [
        DpVariant::MonotoneSplit,
        DpVariant::FullTable,
        DpVariant::Memoised,
    ] {
        assert!(
            is_cancelled(split.value_by(variant)),
            "stone split {variant:?}"
        );
    }
    let valuations = Valuations::new(vec![2i64, 4, 3], vec![1, 6, 7])?.with_budget(budget);
    assert!(is_cancelled(valuations.exact_table()));
    Ok(())
}

/// Runs `solve` under a fresh control, cancels it from another thread after
/// `after`, and returns the result and how long the solve took to return
/// once cancelled.
fn cancel_after<T: Send>(
    after: Duration,
    solve: impl FnOnce(Budget) -> stonegame::Result<T> + Send,
) -> (stonegame::Result<T>, Duration) {
    let control = Control::new();
    let budget = Budget::default().with_control(&control);
    let cancelled_at = Mutex::new(None);
    let (result, returned) = thread::scope(|scope| {
        scope.spawn(|| {
            thread::sleep(after);
            *cancelled_at.lock().unwrap() = Some(Instant::now());
            control.cancel();
        });
        let result = solve(budget);
        (result, Instant::now())
    });
    // A solve that answered before the cancel shows as no latency (and
    // fails the caller's check for `Cancelled`).
    let at = cancelled_at.into_inner().unwrap().unwrap_or(returned);
    (result, returned.saturating_duration_since(at))
}

fn assert_stops<T: Send + std::fmt::Debug>(
    what: &str,
    solve: impl FnOnce(Budget) -> stonegame::Result<T> + Send,
) {
    let (result, latency) = cancel_after(Duration::from_millis(50), solve);
    println!("{what}: returned {latency:?} after the cancel");
    assert!(
        matches!(result, Err(Error::Cancelled { .. })),
        "{what}: {result:?}"
    );
    assert!(latency <= Duration::from_secs(2), "{what}: {latency:?}");
}

#[test]
fn a_cancel_stops_a_long_sweep() {
    // 10^8 numbers: seconds of sweeping (400 MB of cells, touched only
    // as far as the sweep gets).
    let game = Pile {
        n: 100_000_000,
        numbered: true,
    };
    assert_stops("negamax sweep", |budget| {
        Negamax::new(&game).with_budget(budget).value()
    });
}

#[test]
fn a_cancel_stops_a_long_hashed_search() {
    let game = TwoPiles(3000, 3000);
    assert_stops("negamax hashed search", |budget| {
        Negamax::new(&game).with_budget(budget).value()
    });
}

#[test]
fn a_cancel_stops_the_long_interval_dps() {
    let row: Vec<i64> = (0..200_000).map(|i| (i * 7919) % 1000 - 500).collect();
    assert_stops("ends-remainder", |budget| {
        EndsRemainder::new(row.clone())?.with_budget(budget).value()
    });
    // 10^5 stones: 5·10^9 cells, under the default cap.
    let shorter = &row[..100_000];
    assert_stops("ends interval DP", |budget| {
        Ends::new(shorter.to_vec())?
            .with_budget(budget)
            .value_by(DpVariant::LengthMajor)
    });
    assert_stops("ends-remainder totals", |budget| {
        EndsRemainder::new(shorter.to_vec())?
            .with_budget(budget)
            .totals()
    });
    // The cubic variants: n³/6 cuts or n³/3 moves, seconds of work.
    let positive: Vec<i64> = row[..2000].iter().map(|v| v.abs() + 1).collect();
    for variant in [DpVariant::FullTable, DpVariant::Memoised] {
        assert_stops("Stone Game V", |budget| {
            StoneSplit::new(positive.clone())?
                .with_budget(budget)
                .value_by(variant)
        });
    }
    assert_stops("front doubling full table", |budget| {
        FrontDoubling::new(row[..3000].to_vec())?
            .with_budget(budget)
            .value_by(DpVariant::FullTable)
    });
}

#[test]
fn progress_grows_and_answers_do_not_change() -> stonegame::Result<()> {
    let reports = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&reports);
    let control = Control::with_progress(move |progress| {
        sink.lock()
            .unwrap()
            .push((progress.what.to_string(), progress.done));
    });
    let budget = Budget::default().with_control(&control);
    let game = Pile {
        n: 20_000_000,
        numbered: true,
    };
    let watched = Negamax::new(&game).with_budget(budget).value()?;
    let plain = Negamax::new(&game).value()?;
    assert_eq!(watched, plain);
    {
        let reports = reports.lock().unwrap();
        assert!(reports.len() >= 3, "{} reports", reports.len());
        assert!(reports.windows(2).all(|w| w[0].1 <= w[1].1), "{reports:?}");
        assert!(reports.iter().all(|(what, _)| what == "negamax sweep"));
    }
    // The other engines answer the same under a control.
    control.reset();
    let row: Vec<i64> = (0..3000).map(|i| (i * 7919) % 1000 - 500).collect();
    let ends = Ends::new(row.clone())?;
    let remainder = EndsRemainder::new(row.clone())?;
    for variant in [
        DpVariant::LengthMajor,
        DpVariant::Rolling,
        DpVariant::FullTable,
    ] {
        let plain = ends.value_by(variant)?;
        assert_eq!(ends.clone().with_budget(budget).value_by(variant)?, plain);
        let plain = remainder.value_by(variant)?;
        assert_eq!(
            remainder.clone().with_budget(budget).value_by(variant)?,
            plain
        );
    }
    assert_eq!(
        remainder.clone().with_budget(budget).totals()?,
        remainder.totals()?
    );
    let hashed = TwoPiles(200, 150);
    assert_eq!(
        Negamax::new(&hashed).with_budget(budget).value()?,
        Negamax::new(&hashed).value()?
    );
    let positive: Vec<i64> = row[..300].iter().map(|v| v.abs() + 1).collect();
    let split = StoneSplit::new(positive)?;
    let doubling = FrontDoubling::new(row[..300].to_vec())?;
    for variant in [
        DpVariant::MonotoneSplit,
        DpVariant::FullTable,
        DpVariant::Memoised,
    ] {
        assert_eq!(
            split.clone().with_budget(budget).value_by(variant)?,
            split.value_by(variant)?
        );
    }
    for variant in [DpVariant::SlidingWindow, DpVariant::FullTable] {
        let plain = doubling.value_by(variant)?;
        assert_eq!(
            doubling.clone().with_budget(budget).value_by(variant)?,
            plain
        );
    }
    let valuations = Valuations::new(vec![2i64, 4, 3, 8, 1], vec![1, 6, 7, 2, 9])?;
    assert_eq!(
        valuations
            .clone()
            .with_budget(budget)
            .exact_table()?
            .value(),
        valuations.exact_table()?.value()
    );
    assert!(!control.is_cancelled());
    Ok(())
}

#[test]
fn the_sweep_keeps_its_exact_work_cap_under_a_control() -> stonegame::Result<()> {
    // More moves than one chunk between two looks at the control (2^21):
    // the chunks handed out add up to the cap exactly.
    let n = 3_000_000usize;
    let game = Pile { n, numbered: true };
    let moves = 2 * n as u64 - 1;
    let needed = stonegame::scoring::SWEEP_STEPS_PER_NUMBER * (n as u64 + 1)
        + stonegame::scoring::SWEEP_STEPS_PER_MOVE * moves;
    let control = Control::new();
    let watched = |steps| Budget::default().with_work(steps).with_control(&control);
    let plain = Negamax::new(&game)
        .with_budget(Budget::default().with_work(needed))
        .value()?;
    assert_eq!(
        Negamax::new(&game).with_budget(watched(needed)).value()?,
        plain
    );
    let refused = Negamax::new(&game).with_budget(watched(needed - 1)).value();
    assert!(
        matches!(refused, Err(Error::WorkLimitExceeded { .. })),
        "{refused:?}"
    );
    Ok(())
}
