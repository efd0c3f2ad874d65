//! The windowed sweep of `Negamax::rolling_value` (a game that declares
//! `dense_reach`): against the full sweep's table and a plain recursion on
//! random interval games (two or three options a position, plain or k-th
//! take scoring k·a, both orders, children named by number or through
//! `play`); a move beyond the declared reach, to the position itself or to
//! a skipped number is refused; the budget charges the ring, not the table;
//! the work cap and a cancel stop it.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use stonegame::control::Control;
use stonegame::game::MoveOrder;
use stonegame::scoring::{DynScoringGame, Negamax, ScoringGame};
use stonegame::{Budget, Error};

/// A row game: take the number at either end (or, with `three`, also the
/// first two together); the k-th take (k = 1, 2, …) scores `k · taken`
/// when `weighted`, `taken` otherwise.
#[derive(Clone, Debug)]
struct Interval {
    row: Vec<i64>,
    weighted: bool,
    three: bool,
    order: MoveOrder,
    numbered: bool,
    /// Added to the exact reach (0: the ring is as small as it can be;
    /// negative: a lie).
    slack: isize,
}

impl Interval {
    fn n(&self) -> usize {
        self.row.len()
    }

    fn width(&self) -> usize {
        self.n() + 1
    }

    /// The row of the numbering of the intervals of length `len`.
    fn band(&self, len: usize) -> usize {
        match self.order {
            MoveOrder::ToLarger => self.n() - len,
            _ => len,
        }
    }

    fn number(&self, l: usize, r: usize) -> usize {
        self.band(r - l) * self.width() + l
    }

    /// The farthest a move reaches through the numbering.
    fn exact_reach(&self) -> usize {
        let n = self.n();
        match (self.order, self.three) {
            (MoveOrder::ToLarger, true) => 2 * n + 4,
            (MoveOrder::ToLarger, false) => n + 2,
            (_, true) => (2 * n).max(n + 1),
            (_, false) => n + 1,
        }
    }

    fn factor(&self, l: usize, r: usize) -> i64 {
        if self.weighted {
            (self.n() - (r - l) + 1) as i64
        } else {
            1
        }
    }

    /// Each move's points and child, in listing order.
    fn moves(&self, l: usize, r: usize) -> Vec<(i64, (usize, usize))> {
        let k = self.factor(l, r);
        let mut moves = Vec::new();
        if l < r {
            moves.push((k * self.row[l], (l + 1, r)));
            moves.push((k * self.row[r - 1], (l, r - 1)));
        }
        if self.three && r - l >= 2 {
            moves.push((k * (self.row[l] + self.row[l + 1]), (l + 2, r)));
        }
        moves
    }
}

impl ScoringGame for Interval {
    type Position = (usize, usize);
    type Move = u8;
    type Score = i64;

    fn start(&self) -> (usize, usize) {
        (0, self.n())
    }

    fn for_each_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut(u8) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (0..self.moves(l, r).len() as u8).try_for_each(&mut visit)
    }

    fn play(&self, &(l, r): &(usize, usize), &mv: &u8) -> (i64, (usize, usize)) {
        self.moves(l, r)[mv as usize]
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(self.width() * self.width())
    }

    fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
        Some(self.number(l, r))
    }

    fn dense_position(&self, number: usize) -> Option<(usize, usize)> {
        let (band, l) = (number / self.width(), number % self.width());
        let len = match self.order {
            MoveOrder::ToLarger => self.n().checked_sub(band)?,
            _ => band,
        };
        (l + len <= self.n()).then_some((l, l + len))
    }

    fn dense_order(&self) -> MoveOrder {
        self.order
    }

    fn dense_reach(&self) -> Option<usize> {
        Some(self.exact_reach().saturating_add_signed(self.slack))
    }

    fn numbered_moves(&self) -> bool {
        self.numbered
    }

    fn for_each_numbered_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut(i64, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (points, (cl, cr)) in self.moves(l, r) {
            visit(points, self.number(cl, cr))?;
        }
        ControlFlow::Continue(())
    }

    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut((usize, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.n();
        let mut lens: Vec<usize> = (0..=n).collect();
        if self.order == MoveOrder::ToLarger {
            // Numbers run down: the longest intervals first, each band's
            // left ends down.
            for len in lens.drain(..) {
                for l in (0..=n - len).rev() {
                    visit((l, l + len))?;
                }
            }
        } else {
            for len in lens {
                for l in 0..=n - len {
                    visit((l, l + len))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The value by plain recursion over the moves (no memo; small rows).
fn brute(game: &Interval, l: usize, r: usize) -> i64 {
    game.moves(l, r)
        .into_iter()
        .map(|(points, (cl, cr))| points - brute(game, cl, cr))
        .max()
        .unwrap_or(0)
}

fn interval() -> impl Strategy<Value = Interval> {
    (
        prop::collection::vec(-50i64..=50, 0..=8),
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(MoveOrder::ToSmaller), Just(MoveOrder::ToLarger)],
        any::<bool>(),
        0isize..=3,
    )
        .prop_map(|(row, weighted, three, order, numbered, slack)| Interval {
            row,
            weighted,
            three,
            order,
            numbered,
            slack,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_window_agrees_with_the_table_and_the_recursion(game in interval()) {
        let windowed = Negamax::new(&game).rolling_value().unwrap();
        let table = Negamax::new(&game).table().unwrap().value();
        prop_assert_eq!(windowed, table);
        prop_assert_eq!(windowed, brute(&game, 0, game.n()));
        // Trusted, through play: the same.
        let trusted = Negamax::new(&game).trusting_numbering().rolling_value().unwrap();
        prop_assert_eq!(trusted, windowed);
    }

    #[test]
    fn a_reach_one_short_is_refused(game in interval()) {
        prop_assume!(game.n() >= 2);
        let liar = Interval { slack: -1, ..game };
        match Negamax::new(&liar).rolling_value() {
            Err(Error::InvalidParameter { reason, .. }) => {
                prop_assert!(reason.contains("outside dense_reach()"), "{}", reason);
            }
            other => prop_assert!(false, "expected a refusal, got {:?}", other),
        }
    }
}

/// A chain: from `x` a move goes `1..=steps` back (to `x - s`), scoring
/// `s` (or `x - s + lie` for one listed number: a move to itself, or past
/// the numbering's listed positions).
struct Chain {
    count: usize,
    steps: usize,
    reach: usize,
    /// Numbers the listing skips.
    skip: Option<usize>,
    /// A position whose last move goes to itself.
    self_loop: Option<usize>,
}

impl Chain {
    fn new(count: usize, steps: usize, reach: usize) -> Self {
        Self {
            count,
            steps,
            reach,
            skip: None,
            self_loop: None,
        }
    }
}

impl ScoringGame for Chain {
    type Position = usize;
    type Move = usize;
    type Score = i64;

    fn start(&self) -> usize {
        self.count - 1
    }

    fn for_each_move(
        &self,
        &x: &usize,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (1..=self.steps.min(x)).try_for_each(&mut visit)
    }

    fn play(&self, &x: &usize, &s: &usize) -> (i64, usize) {
        (s as i64, x - s)
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(self.count)
    }

    fn dense_index(&self, &x: &usize) -> Option<usize> {
        Some(x)
    }

    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }

    fn dense_reach(&self) -> Option<usize> {
        Some(self.reach)
    }

    fn numbered_moves(&self) -> bool {
        true
    }

    fn for_each_numbered_move(
        &self,
        &x: &usize,
        mut visit: impl FnMut(i64, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for s in 1..=self.steps.min(x) {
            visit(s as i64, x - s)?;
        }
        if self.self_loop == Some(x) {
            visit(0, x)?;
        }
        ControlFlow::Continue(())
    }

    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (0..self.count)
            .filter(|&x| self.skip != Some(x))
            .try_for_each(&mut visit)
    }
}

fn refusal(result: stonegame::Result<i64>) -> String {
    match result {
        Err(Error::InvalidParameter { reason, .. }) => reason,
        other => panic!("expected InvalidParameter, got {other:?}"),
    }
}

#[test]
fn a_move_beyond_the_reach_is_refused_naming_its_numbers() {
    // Moves go 3 back, the game says 2: from number 3, to number 0.
    let reason = refusal(Negamax::new(Chain::new(100, 3, 2)).rolling_value());
    assert!(
        reason.contains("position number 3 goes to number 0, outside dense_reach() = 2"),
        "{reason}"
    );
    // Told the truth, it answers as the table does.
    let truthful = Chain::new(100, 3, 3);
    assert_eq!(
        Negamax::new(&truthful).rolling_value().unwrap(),
        Negamax::new(&truthful).table().unwrap().value()
    );
}

#[test]
fn a_move_to_itself_or_to_a_skipped_number_is_refused() {
    let looping = Chain {
        self_loop: Some(40),
        ..Chain::new(100, 3, 3)
    };
    let reason = refusal(Negamax::new(looping).rolling_value());
    assert!(reason.contains("number 40 goes to number 40"), "{reason}");
    // Number 50 is skipped; 51 moves to it (its cell then holds number 46's
    // value in a ring of 4: it must not be read).
    let skipping = Chain {
        skip: Some(50),
        ..Chain::new(100, 3, 3)
    };
    let reason = refusal(Negamax::new(skipping).rolling_value());
    assert!(
        reason.contains("number 51 goes to number 50, which for_each_dense_position did not list"),
        "{reason}"
    );
    // A start that is skipped is refused too.
    let no_start = Chain {
        skip: Some(99),
        ..Chain::new(100, 3, 3)
    };
    let reason = refusal(Negamax::new(no_start).rolling_value());
    assert!(reason.contains("did not list the start"), "{reason}");
}

#[test]
fn the_budget_charges_the_ring_not_the_table() {
    // 2001 × 2001 numbers: the table is 32 MB, the ring 2048 × 8 bytes.
    let game = Interval {
        row: (0..2000).map(|i| (i * 7919 % 201) - 100).collect(),
        weighted: true,
        three: false,
        order: MoveOrder::ToSmaller,
        numbered: true,
        slack: 0,
    };
    let budget = Budget::from_bytes(64 * 1024);
    let windowed = Negamax::new(&game)
        .with_budget(budget)
        .rolling_value()
        .unwrap();
    assert!(matches!(
        Negamax::new(&game).with_budget(budget).table(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert_eq!(windowed, Negamax::new(&game).table().unwrap().value());
    // The ring alone over the budget: refused before it is allocated.
    assert!(matches!(
        Negamax::new(&game)
            .with_budget(Budget::from_bytes(2048 * 8 - 1))
            .rolling_value(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    // A boxed game keeps its reach (the table would not fit).
    let boxed: Box<dyn DynScoringGame<(usize, usize), u8, i64>> = Box::new(game.clone());
    assert_eq!(
        Negamax::new(boxed)
            .with_budget(budget)
            .rolling_value()
            .unwrap(),
        windowed
    );
}

#[test]
fn the_work_cap_refuses() {
    // 10^4 numbers up front at 6 steps: refused before the sweep.
    let game = Chain::new(10_000, 3, 3);
    assert!(matches!(
        Negamax::new(&game)
            .with_budget(Budget::default().with_work(59_999))
            .rolling_value(),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    // The numbers fit, the moves (about 3 a number at 2 steps) do not.
    assert!(matches!(
        Negamax::new(&game)
            .with_budget(Budget::default().with_work(60_000 + 1000))
            .rolling_value(),
        Err(Error::WorkLimitExceeded { .. })
    ));
    let moves = 3 * 10_000 - 3;
    assert!(
        Negamax::new(&game)
            .with_budget(Budget::default().with_work(60_000 + 2 * moves))
            .rolling_value()
            .is_ok()
    );
}

#[test]
fn a_cancel_stops_the_window() {
    // 10^12 numbers in a ring of 4 cells: no table could hold them.
    let game = Chain::new(1_000_000_000_000, 3, 3);
    let control = Control::new();
    control.cancel();
    let budget = Budget::default()
        .with_work(u64::MAX / 4)
        .with_control(&control);
    assert!(matches!(
        Negamax::new(&game).with_budget(budget).rolling_value(),
        Err(Error::Cancelled { .. })
    ));
    control.reset();
    let budget = Budget::default()
        .with_work(u64::MAX / 4)
        .with_control(&control);
    let done = Arc::new(AtomicBool::new(false));
    let canceller = {
        let (control, done) = (control.clone(), Arc::clone(&done));
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(150));
            let at = Instant::now();
            if !done.load(Ordering::Relaxed) {
                control.cancel();
            }
            at
        })
    };
    let result = Negamax::new(&game).with_budget(budget).rolling_value();
    let returned = Instant::now();
    done.store(true, Ordering::Relaxed);
    let cancelled_at = canceller.join().unwrap();
    assert!(matches!(result, Err(Error::Cancelled { .. })), "{result:?}");
    let latency = returned.saturating_duration_since(cancelled_at);
    eprintln!("windowed sweep: cancelled within {latency:?}");
    assert!(latency < Duration::from_secs(2), "{latency:?}");
}

#[allow(dead_code)]
#[path = "../../examples/scoring_rolling.rs"]
mod scoring_rolling;

#[test]
fn the_example_answers_its_sample_and_refuses_bad_input() {
    assert_eq!(scoring_rolling::solve("3\n1 3 1\n").as_deref(), Ok("-2"));
    assert_eq!(scoring_rolling::solve("3\n1\n3\n1").as_deref(), Ok("-2"));
    for (input, line) in [
        ("", "line 1:"),
        ("0\n", "line 1:"),
        ("10001\n", "line 1:"),
        ("2\n1 x\n", "line 2:"),
        ("2\n1 1000000001\n", "line 2:"),
        ("2\n1\n", "line 2:"),
        ("2\n1 2\n3\n", "line 3:"),
    ] {
        let error = scoring_rolling::solve(input).unwrap_err();
        assert!(error.starts_with(line), "{input:?}: {error}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn the_example_agrees_with_the_recursion(row in prop::collection::vec(-1000i64..=1000, 1..=9)) {
        let input = format!(
            "{}\n{}\n",
            row.len(),
            row.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(" ")
        );
        let game = Interval {
            row,
            weighted: true,
            three: false,
            order: MoveOrder::ToSmaller,
            numbered: true,
            slack: 0,
        };
        prop_assert_eq!(scoring_rolling::solve(&input), Ok(brute(&game, 0, game.n()).to_string()));
    }
}
