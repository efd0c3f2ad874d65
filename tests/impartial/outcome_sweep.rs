//! `OutcomeSolver`, the outcome sweep: win or lose of one game, stopping a
//! position's options at the first lost one. Random small DAGs (numbered
//! with moves to smaller numbers and to larger ones, options by position and
//! by number, checked and trusting) against a plain brute force and against
//! `GrundySolver` (`grundy != 0`) under normal play, against the brute force
//! under misère play of one game; lying numberings never answered wrongly
//! and refused where the sweep reads the lie; sums, caps, budgets and
//! cancels refused.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use stonegame::control::Control;
use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame, OutcomeSolver};
use stonegame::{Budget, Convention, Error, Outcome};

/// How the solver sees the game.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Path {
    /// `ToSmaller`, options by position.
    Up,
    /// `ToLarger` (label `l` numbered `n - 1 - l`), options by position.
    Down,
    /// `ToSmaller`, options by number.
    NumberedUp,
    /// `ToLarger`, options by number.
    NumberedDown,
}

const PATHS: [Path; 4] = [Path::Up, Path::Down, Path::NumberedUp, Path::NumberedDown];

/// One lie about the numbering (labels name positions).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Lie {
    Honest,
    /// Label `at` is reached by options but the listing skips it.
    Skipped {
        at: usize,
    },
    /// Label `from` also moves to label `to >= from`: against the order.
    AgainstOrder {
        from: usize,
        to: usize,
    },
    /// `dense_index(at)` is `n + at`, outside `0..n`.
    OutOfRange {
        at: usize,
    },
    /// `dense_index(at)` is the number of label `at - 1`.
    Collision {
        at: usize,
    },
}

/// A game on labels `0..n`; every option moves to smaller labels (one
/// component, or none: a move to the empty sum, a position without options).
#[derive(Clone, Debug)]
struct Dag {
    options: Vec<Vec<Vec<usize>>>,
    holes: Vec<bool>,
    path: Path,
    lie: Lie,
}

impl Dag {
    fn n(&self) -> usize {
        self.options.len()
    }

    fn down(&self) -> bool {
        matches!(self.path, Path::Down | Path::NumberedDown)
    }

    fn true_number(&self, label: usize) -> usize {
        if self.down() {
            self.n() - 1 - label
        } else {
            label
        }
    }

    fn label_of(&self, number: usize) -> usize {
        if self.down() {
            self.n() - 1 - number
        } else {
            number
        }
    }

    /// The options of `label` as the game lists them (the lie included).
    fn listed_options(&self, label: usize) -> Vec<Vec<usize>> {
        let mut options = self.options[label].clone();
        if let Lie::AgainstOrder { from, to } = self.lie {
            if from == label {
                // First, so no early stop skips it.
                options.insert(0, vec![to]);
            }
        }
        options
    }
}

impl ImpartialGame for Dag {
    type Position = usize;

    fn for_each_option(
        &self,
        &label: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for option in self.listed_options(label) {
            visit(&option)?;
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(self.n())
    }

    fn dense_index(&self, &label: &usize) -> Option<usize> {
        match self.lie {
            Lie::OutOfRange { at } if at == label => Some(self.n() + at),
            Lie::Collision { at } if at == label => Some(self.true_number(at - 1)),
            _ => (label < self.n()).then(|| self.true_number(label)),
        }
    }

    fn dense_position(&self, number: usize) -> Option<usize> {
        if number >= self.n() {
            return None;
        }
        let label = self.label_of(number);
        let skipped = matches!(self.lie, Lie::Skipped { at } if at == label);
        (!self.holes[label] && !skipped).then_some(label)
    }

    fn dense_order(&self) -> MoveOrder {
        if self.down() {
            MoveOrder::ToLarger
        } else {
            MoveOrder::ToSmaller
        }
    }

    fn numbered_options(&self) -> bool {
        matches!(self.path, Path::NumberedUp | Path::NumberedDown)
    }

    fn for_each_numbered_option(
        &self,
        _: usize,
        &label: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for option in self.listed_options(label) {
            let numbers: Vec<usize> = option
                .iter()
                .map(|c| self.dense_index(c).unwrap_or(usize::MAX))
                .collect();
            visit(&numbers)?;
        }
        ControlFlow::Continue(())
    }
}

/// Whether the player to move wins each label of the true graph (labels
/// ascending: every option moves to a smaller label). `misere`: a position
/// without options is won.
fn brute_force(game: &Dag, misere: bool) -> Vec<bool> {
    let mut wins: Vec<bool> = Vec::with_capacity(game.n());
    for label in 0..game.n() {
        let options = &game.options[label];
        let lost = |option: &Vec<usize>| match option.as_slice() {
            [] => !misere, // the empty sum: no options
            [c] => !wins[*c],
            _ => unreachable!("one component at most"),
        };
        let win = if options.is_empty() {
            misere
        } else {
            options.iter().any(lost)
        };
        wins.push(win);
    }
    wins
}

/// A random honest DAG: `raw[label]` picks each option's target among the
/// non-hole labels below (the last pick of a range: the empty option).
fn dag(raw: &[Vec<usize>], hole_picks: &[usize], path: Path) -> Dag {
    let n = raw.len();
    let mut holes = vec![false; n];
    for &pick in hole_picks {
        // The last label is the query's: never a hole.
        if n > 1 {
            holes[pick % (n - 1)] = true;
        }
    }
    let options = raw
        .iter()
        .enumerate()
        .map(|(label, picks)| {
            let below: Vec<usize> = (0..label).filter(|&l| !holes[l]).collect();
            picks
                .iter()
                .map(|&pick| match pick % (4 * below.len() + 1) {
                    0 => vec![],
                    k => vec![below[(k - 1) % below.len()]],
                })
                .collect()
        })
        .collect();
    Dag {
        options,
        holes,
        path,
        lie: Lie::Honest,
    }
}

fn raw_game() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<usize>)> {
    (
        prop::collection::vec(prop::collection::vec(0usize..1000, 0..5), 1..24),
        prop::collection::vec(0usize..1000, 0..6),
    )
}

fn outcome_of(win: bool) -> Outcome {
    if win { Outcome::First } else { Outcome::Second }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Normal play: every listed label's outcome is the brute force's and
    /// `grundy != 0`, on every path, checked and trusting, asked in a
    /// random order (so sweeps resume) by position and by number.
    #[test]
    fn normal_play_matches_brute_force_and_grundy(
        (raw, hole_picks) in raw_game(),
        order in prop::collection::vec(0usize..1000, 1..8),
    ) {
        for path in PATHS {
            let game = dag(&raw, &hole_picks, path);
            let wins = brute_force(&game, false);
            let mut grundy = GrundySolver::new(game.clone());
            for trusted in [false, true] {
                let mut solver = OutcomeSolver::new(game.clone());
                if trusted {
                    solver = solver.trusting_numbering();
                }
                for &pick in &order {
                    let label = pick % game.n();
                    let number = game.true_number(label);
                    if game.holes[label] {
                        let refused = solver.outcome_at_number(number);
                        prop_assert!(matches!(refused, Err(Error::InvalidParameter { .. })), "{:?}", refused);
                        continue;
                    }
                    let by_number = solver.outcome_at_number(number).unwrap();
                    prop_assert_eq!(by_number, outcome_of(wins[label]), "{:?} {}", path, label);
                    prop_assert_eq!(solver.outcome(&label).unwrap(), by_number);
                    let nimber = grundy.grundy(&label).unwrap();
                    prop_assert_eq!(nimber.0 != 0, wins[label]);
                }
            }
        }
    }

    /// Misère play of one game: the brute force with positions without
    /// options won.
    #[test]
    fn misere_single_game_matches_brute_force((raw, hole_picks) in raw_game()) {
        for path in PATHS {
            let game = dag(&raw, &hole_picks, path);
            let wins = brute_force(&game, true);
            let mut solver = OutcomeSolver::new(game.clone()).with_convention(Convention::Misere);
            for label in (0..game.n()).rev().filter(|&l| !game.holes[l]) {
                prop_assert_eq!(solver.outcome(&label).unwrap(), outcome_of(wins[label]));
            }
        }
    }

    /// A lying numbering: never a wrong outcome (a refusal or the true
    /// graph's), and the last label's query, which sweeps every listed
    /// position, is refused when the lie is in what it reads.
    #[test]
    fn lies_are_never_answered_wrongly(
        (raw, hole_picks) in raw_game(),
        kind in 0usize..3,
        a in 0usize..1000,
        b in 0usize..1000,
    ) {
        for path in PATHS {
            let mut game = dag(&raw, &hole_picks, path);
            let n = game.n();
            let wins = brute_force(&game, false);
            // Where a lie is sure to be read by the sweep through n - 1.
            let reached: Vec<usize> = (0..n)
                .filter(|&l| game.options.iter().any(|os| os.iter().any(|o| o == &vec![l])))
                .collect();
            game.lie = match kind {
                0 if !reached.is_empty() => Lie::Skipped { at: reached[a % reached.len()] },
                1 => {
                    let from = (0..n).filter(|&l| !game.holes[l]).nth(a % n).unwrap_or(n - 1);
                    Lie::AgainstOrder { from, to: from + b % (n - from) }
                }
                2 if !reached.is_empty() => Lie::OutOfRange { at: reached[a % reached.len()] },
                _ => Lie::Honest,
            };
            for trusted in [false, true] {
                let mut solver = OutcomeSolver::new(game.clone());
                if trusted {
                    solver = solver.trusting_numbering();
                }
                let result = solver.outcome_at_number(game.true_number(n - 1));
                match result {
                    // A lie the early stop never read changes nothing.
                    Ok(outcome) => {
                        prop_assert!(!matches!(game.lie, Lie::AgainstOrder { .. }), "{:?}", path);
                        prop_assert!(trusted || !matches!(game.lie, Lie::OutOfRange { .. }), "{:?}", path);
                        prop_assert_eq!(outcome, outcome_of(wins[n - 1]));
                    }
                    Err(Error::InvalidParameter { .. }) => {
                        prop_assert_ne!(game.lie, Lie::Honest);
                    }
                    Err(other) => prop_assert!(false, "{:?}: {}", path, other),
                }
            }
        }
    }
}

/// Three labels: 0 (no options), 1 -> 0, 2 -> 1 and 2 -> 0.
fn small(path: Path, lie: Lie) -> Dag {
    Dag {
        options: vec![vec![], vec![vec![0]], vec![vec![1], vec![0]]],
        holes: vec![false; 3],
        path,
        lie,
    }
}

#[test]
fn each_lie_is_refused_on_each_path() {
    for path in PATHS {
        for lie in [
            Lie::Skipped { at: 1 },
            Lie::AgainstOrder { from: 1, to: 2 },
            Lie::AgainstOrder { from: 1, to: 1 },
            Lie::OutOfRange { at: 0 },
        ] {
            let mut solver = OutcomeSolver::new(small(path, lie));
            let refused = solver.outcome(&2);
            assert!(
                matches!(refused, Err(Error::InvalidParameter { .. })),
                "{path:?} {lie:?}: {refused:?}"
            );
        }
        // Two positions with one number: refused unless trusted.
        let mut solver = OutcomeSolver::new(small(path, Lie::Collision { at: 1 }));
        let refused = solver.outcome_at_number(small(path, Lie::Honest).true_number(2));
        assert!(
            matches!(refused, Err(Error::InvalidParameter { .. })),
            "{path:?}: {refused:?}"
        );
    }
}

#[test]
fn an_option_that_splits_into_a_sum_is_refused() {
    for path in PATHS {
        let mut game = small(path, Lie::Honest);
        game.options[2].insert(0, vec![0, 1]);
        let refused = OutcomeSolver::new(game.clone()).outcome(&2).unwrap_err();
        assert!(refused.to_string().contains("sum"), "{refused}");
        // Listed after a lost option, it is never read: the answer (won,
        // whatever the sum is worth) stands.
        game.options[2].remove(0);
        game.options[2].push(vec![0, 1]);
        let first = OutcomeSolver::new(game).outcome(&2).unwrap();
        assert_eq!(first, Outcome::First, "{path:?}");
    }
}

#[test]
fn a_game_without_an_order_or_a_numbering_is_refused() {
    let game = stonegame::impartial::nim::Nim::new();
    let refused = OutcomeSolver::new(game).outcome(&3).unwrap_err();
    assert!(refused.to_string().contains("dense_order"), "{refused}");
}

/// Heaps `0..n`: heap 1 moves to 0, heaps of 2 and up list `k` moves to
/// heap 1 (won), so no option stops a position early (lost, every one).
#[derive(Clone, Copy, Debug)]
struct Busy {
    n: usize,
    /// Heaps of 2 and up list `k` moves to heap 1 (won): no early stop.
    k: usize,
}

impl ImpartialGame for Busy {
    type Position = usize;
    fn for_each_option(
        &self,
        &heap: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_numbered_option(heap, &heap, |o| visit(o))
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(self.n)
    }
    fn dense_index(&self, &heap: &usize) -> Option<usize> {
        Some(heap)
    }
    fn dense_position(&self, number: usize) -> Option<usize> {
        Some(number)
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }
    fn numbered_options(&self) -> bool {
        true
    }
    fn for_each_numbered_option(
        &self,
        heap: usize,
        _: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match heap {
            0 => ControlFlow::Continue(()),
            1 => visit(&[0]),
            _ => {
                for _ in 0..self.k {
                    visit(&[1])?;
                }
                ControlFlow::Continue(())
            }
        }
    }
}

#[test]
fn the_work_cap_and_the_byte_budget_refuse() {
    let game = Busy { n: 100_000, k: 10 };
    // 2 steps a number up front (200,000), then 10 a position: stops near
    // heap 30,000.
    let mut capped = OutcomeSolver::new(game).with_budget(Budget::default().with_work(500_000));
    let refused = capped.outcome(&99_999).unwrap_err();
    assert!(
        matches!(refused, Error::WorkLimitExceeded { .. }),
        "{refused}"
    );
    // The numbers swept before the cap are kept; a larger cap finishes.
    let mut free = capped.with_budget(Budget::default());
    assert_eq!(free.outcome(&99_999).unwrap(), Outcome::Second);
    assert_eq!(free.outcome(&1).unwrap(), Outcome::First);

    let mut small = OutcomeSolver::new(game).with_budget(Budget::from_bytes(1000));
    let refused = small.outcome(&99_999).unwrap_err();
    assert!(
        matches!(refused, Error::MemoryBudgetExceeded { .. }),
        "{refused}"
    );
    assert_eq!(small.outcome(&500).unwrap(), Outcome::Second);
}

/// Options after the first lost one are not listed, so not charged: a cap
/// the Grundy sweep's charge would pass is enough here.
#[test]
fn options_never_listed_are_not_charged() {
    /// Heap 1 and up: first a move to heap 0 (lost), then `k` more.
    #[derive(Clone, Copy)]
    struct FirstLoses;
    impl ImpartialGame for FirstLoses {
        type Position = usize;
        fn for_each_option(
            &self,
            &heap: &usize,
            mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if heap > 0 {
                for _ in 0..1000 {
                    visit(&[0])?;
                }
            }
            ControlFlow::Continue(())
        }
        fn dense_positions(&self) -> Option<usize> {
            Some(1001)
        }
        fn dense_index(&self, &heap: &usize) -> Option<usize> {
            Some(heap)
        }
        fn dense_position(&self, number: usize) -> Option<usize> {
            Some(number)
        }
        fn dense_order(&self) -> MoveOrder {
            MoveOrder::ToSmaller
        }
    }
    // 1001 numbers at 2 steps, 1000 options at 1 step: 3002 steps.
    let budget = Budget::default().with_work(3002);
    let mut solver = OutcomeSolver::new(FirstLoses).with_budget(budget);
    assert_eq!(solver.outcome(&1000).unwrap(), Outcome::First);
    let mut grundy = GrundySolver::new(FirstLoses).with_budget(budget);
    assert!(matches!(
        grundy.grundy(&1000),
        Err(Error::WorkLimitExceeded { .. })
    ));
    // One step less: refused.
    let mut short = OutcomeSolver::new(FirstLoses).with_budget(budget.with_work(3001));
    assert!(matches!(
        short.outcome(&1000),
        Err(Error::WorkLimitExceeded { .. })
    ));
}

#[test]
fn a_cancelled_control_refuses_and_a_cancel_lands_soon() {
    let control = Control::new();
    control.cancel();
    let budget = Budget::default().with_control(&control);
    let game = Busy { n: 1000, k: 3 };
    let mut solver = OutcomeSolver::new(game).with_budget(budget);
    assert!(matches!(solver.outcome(&999), Err(Error::Cancelled { .. })));
    let mut solver = solver.with_budget(Budget::default());
    assert_eq!(solver.outcome(&999).unwrap(), Outcome::Second);

    // About 10^10 steps of work, cancelled after 150 ms.
    let control = Control::new();
    let budget = Budget::default()
        .with_work(u64::MAX / 4)
        .with_control(&control);
    let game = Busy {
        n: 1_000_000,
        k: 10_000,
    };
    let done = Arc::new(AtomicBool::new(false));
    let cancelled_at = Arc::new(Mutex::new(None::<Instant>));
    let canceller = {
        let (control, done, cancelled_at) = (
            control.clone(),
            Arc::clone(&done),
            Arc::clone(&cancelled_at),
        );
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(150));
            if !done.load(Ordering::Relaxed) {
                *cancelled_at.lock().unwrap() = Some(Instant::now());
                control.cancel();
            }
        })
    };
    let result = OutcomeSolver::new(game)
        .with_budget(budget)
        .outcome(&999_999);
    let returned = Instant::now();
    done.store(true, Ordering::Relaxed);
    canceller.join().unwrap();
    let cancelled = cancelled_at.lock().unwrap().expect("the sweep ended first");
    let latency = returned.saturating_duration_since(cancelled);
    println!("OutcomeSolver: refused {latency:?} after the cancel");
    assert!(matches!(result, Err(Error::Cancelled { .. })), "{result:?}");
    // Generous: the machine may be loaded (the sweep looks every ~1 ms).
    assert!(latency < Duration::from_secs(2), "{latency:?}");
}
