//! Cancel and progress in the impartial, octal and retrograde engines
//! (issue 47): a cancelled control refuses before any work, a cancel from
//! another thread stops a long solve within a fraction of a second, and a
//! progress callback sees the work advance without changing the answer.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use stonegame::control::Control;
use stonegame::game::MoveOrder;
use stonegame::impartial::ImpartialGame;
use stonegame::impartial::grundy::GrundySolver;
use stonegame::impartial::hackenbush::GreenHackenbush;
use stonegame::impartial::octal::{
    MisereSearch, QuotientGrowth, SparseGrundy, TakeAndBreak, grundy_sequence,
};
use stonegame::impartial::subtraction::SubtractionSet;
use stonegame::retrograde::{
    DenseSolver, FnImplicitGame, Graph, ImplicitSolver, Retrograde, TierPosition, TieredGame,
    TieredSolver,
};
use stonegame::{Budget, Convention, Error, Nimber};

/// A work cap no test reaches: a cancel, not the cap, must stop the solve.
const BIG_WORK: u64 = u64::MAX / 4;

/// How long after the start of a solve the other thread cancels it.
const CANCEL_AFTER: Duration = Duration::from_millis(150);

/// A generous bound on the time from the cancel to the refusal (the
/// engines look every few milliseconds; the machine may be loaded).
const LATENCY_BOUND: Duration = Duration::from_secs(2);

fn cancelled_budget() -> Budget {
    let control = Control::new();
    control.cancel();
    // The budget names the control: keep it alive for the test.
    std::mem::forget(control.clone());
    Budget::default().with_control(&control)
}

fn assert_cancelled<T>(result: stonegame::Result<T>, engine: &str) {
    match result {
        Err(Error::Cancelled { .. }) => {}
        Err(other) => panic!("{engine}: expected Cancelled, got {other}"),
        Ok(_) => panic!("{engine}: expected Cancelled, got an answer"),
    }
}

/// Runs `solve` under a control that another thread cancels after
/// [`CANCEL_AFTER`]; asserts `Cancelled` within [`LATENCY_BOUND`] of the
/// cancel and prints the latency measured.
fn cancel_during<T>(engine: &str, solve: impl FnOnce(Budget) -> stonegame::Result<T>) {
    let control = Control::new();
    let budget = Budget::default().with_work(BIG_WORK).with_control(&control);
    let cancelled_at = Arc::new(Mutex::new(None::<Instant>));
    let done = Arc::new(AtomicBool::new(false));
    let canceller = {
        let (control, cancelled_at, done) = (
            control.clone(),
            Arc::clone(&cancelled_at),
            Arc::clone(&done),
        );
        thread::spawn(move || {
            thread::sleep(CANCEL_AFTER);
            if !done.load(Ordering::Relaxed) {
                *cancelled_at.lock().unwrap() = Some(Instant::now());
                control.cancel();
            }
        })
    };
    let result = solve(budget);
    let returned = Instant::now();
    done.store(true, Ordering::Relaxed);
    canceller.join().unwrap();
    let Some(cancelled) = *cancelled_at.lock().unwrap() else {
        panic!("{engine}: the solve ended before the cancel (make it longer)");
    };
    let latency = returned.saturating_duration_since(cancelled);
    println!("{engine}: cancelled, refused {latency:?} after the cancel");
    assert_cancelled(result, engine);
    assert!(
        latency < LATENCY_BOUND,
        "{engine}: {latency:?} after the cancel"
    );
}

/// Every report a progress callback saw: the work done and expected.
type Reports = Arc<Mutex<Vec<(u64, Option<u64>)>>>;

/// A control whose callback records every report it sees.
fn progress_control() -> (Control, Reports) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    let control = Control::with_progress(move |p| sink.lock().unwrap().push((p.done, p.expected)));
    (control, seen)
}

/// The reports never go back, and never pass the work expected.
fn assert_progress(engine: &str, seen: &Mutex<Vec<(u64, Option<u64>)>>) {
    let seen = seen.lock().unwrap();
    assert!(!seen.is_empty(), "{engine}: no progress report");
    assert!(
        seen.windows(2).all(|w| w[0].0 <= w[1].0),
        "{engine}: progress went back: {seen:?}"
    );
    for &(done, expected) in seen.iter() {
        if let Some(expected) = expected {
            assert!(
                done <= expected,
                "{engine}: {done} done of {expected} expected"
            );
        }
    }
}

/// As [`assert_progress`], and the last report knows the work expected.
fn assert_progress_expected(engine: &str, seen: &Mutex<Vec<(u64, Option<u64>)>>) {
    assert_progress(engine, seen);
    let last = *seen.lock().unwrap().last().unwrap();
    assert!(last.1.is_some(), "{engine}: no work expected in {last:?}");
}

/// Take 1 to `k` from a heap of at most `n`; numbered by its size.
#[derive(Debug, Clone, Copy)]
struct TakeUpTo {
    k: u64,
    n: u64,
    /// Whether the game declares its numbering (and in which order).
    numbered: Option<MoveOrder>,
}

impl ImpartialGame for TakeUpTo {
    type Position = u64;
    fn for_each_option(
        &self,
        &heap: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (1..=self.k.min(heap)).try_for_each(|take| visit(&[heap - take]))
    }
    fn dense_positions(&self) -> Option<usize> {
        self.numbered.map(|_| self.n as usize + 1)
    }
    fn dense_index(&self, &heap: &u64) -> Option<usize> {
        (heap <= self.n).then_some(heap as usize)
    }
    fn dense_position(&self, index: usize) -> Option<u64> {
        (index as u64 <= self.n).then_some(index as u64)
    }
    fn dense_order(&self) -> MoveOrder {
        self.numbered.unwrap_or_default()
    }
}

fn grundy_forms() -> [(&'static str, Option<MoveOrder>); 3] {
    [
        ("GrundySolver sweep", Some(MoveOrder::ToSmaller)),
        ("GrundySolver search", Some(MoveOrder::Unordered)),
        ("GrundySolver hashed", None),
    ]
}

#[test]
fn grundy_solver_refuses_under_a_cancelled_control() {
    for (engine, numbered) in grundy_forms() {
        let game = TakeUpTo {
            k: 3,
            n: 1000,
            numbered,
        };
        let mut solver = GrundySolver::new(game).with_budget(cancelled_budget());
        assert_cancelled(solver.grundy(&1000), engine);
        // Nothing half done was kept: the same solver answers once free.
        let mut solver = solver.with_budget(Budget::default());
        assert_eq!(solver.grundy(&1000).unwrap(), Nimber(0), "{engine}");
    }
}

#[test]
fn grundy_solver_stops_soon_after_a_cancel() {
    for (engine, numbered, n) in [
        (
            "GrundySolver sweep",
            Some(MoveOrder::ToSmaller),
            200_000_000,
        ),
        (
            "GrundySolver search",
            Some(MoveOrder::Unordered),
            20_000_000,
        ),
        ("GrundySolver hashed", None, 5_000_000),
    ] {
        let game = TakeUpTo { k: 40, n, numbered };
        cancel_during(engine, |budget| {
            GrundySolver::new(game).with_budget(budget).grundy(&n)
        });
    }
}

#[test]
fn grundy_solver_reports_progress_and_the_same_values() {
    for (engine, numbered) in grundy_forms() {
        let game = TakeUpTo {
            k: 7,
            n: 50_000,
            numbered,
        };
        let (control, seen) = progress_control();
        let budget = Budget::default().with_control(&control);
        let watched = GrundySolver::new(game).with_budget(budget).grundy(&50_000);
        let plain = GrundySolver::new(game).grundy(&50_000);
        assert_eq!(watched.unwrap(), plain.unwrap(), "{engine}");
        assert_progress(engine, &seen);
    }
}

#[test]
fn a_cancelled_sweep_keeps_only_final_values() {
    // Cancelled mid-sweep, then asked again: every value equals the plain one.
    let game = TakeUpTo {
        k: 5,
        n: 60_000_000,
        numbered: Some(MoveOrder::ToSmaller),
    };
    let mut solver = GrundySolver::new(game);
    let control = Control::new();
    let budget = Budget::default().with_control(&control);
    let canceller = {
        let control = control.clone();
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(50));
            control.cancel();
        })
    };
    solver = solver.with_budget(budget);
    let first = solver.grundy(&60_000_000);
    canceller.join().unwrap();
    assert_cancelled(first, "GrundySolver sweep");
    let mut solver = solver.with_budget(Budget::default());
    for heap in [0, 1, 12_345, 1_000_001, 2_000_000] {
        assert_eq!(
            solver.grundy(&heap).unwrap(),
            Nimber(heap % 6),
            "heap {heap}"
        );
    }
}

#[test]
fn octal_sequence_refuses_stops_and_reports() {
    let game = TakeAndBreak::octal("0.6").unwrap();
    assert_cancelled(
        grundy_sequence(&game, 1_000_000, cancelled_budget()),
        "octal sequence",
    );
    cancel_during("octal sequence", |budget| {
        grundy_sequence(&TakeAndBreak::GrundysGame, 50_000_000, budget)
    });
    let kayles = TakeAndBreak::kayles();
    let (control, seen) = progress_control();
    let budget = Budget::default().with_control(&control);
    let watched = grundy_sequence(&kayles, 20_000, budget).unwrap();
    assert_eq!(
        watched,
        grundy_sequence(&kayles, 20_000, Budget::default()).unwrap()
    );
    assert_progress("octal sequence", &seen);
}

#[test]
fn a_cancelled_octal_sequence_keeps_correct_values() {
    let game = TakeAndBreak::GrundysGame;
    let mut solver = SparseGrundy::new(game.clone());
    let control = Control::new();
    let canceller = {
        let control = control.clone();
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(50));
            control.cancel();
        })
    };
    let first = solver.extend_to(50_000_000, Budget::default().with_control(&control));
    canceller.join().unwrap();
    assert_cancelled(first, "octal sequence");
    let kept: Vec<u32> = solver.values().collect();
    assert!(!kept.is_empty());
    let plain = grundy_sequence(&game, kept.len() as u64 - 1, Budget::default()).unwrap();
    assert_eq!(kept, plain);
    // And the solver goes on from there once free.
    solver
        .extend_to(kept.len() as u64 + 1000, Budget::default())
        .unwrap();
}

#[test]
fn octal_misere_search_and_quotient_refuse_and_stop() {
    let kayles = TakeAndBreak::kayles();
    let mut search = MisereSearch::new(kayles.clone()).with_budget(cancelled_budget());
    assert_cancelled(search.outcome(&[9, 9, 9]), "octal misère search");
    let free = search.with_budget(Budget::default()).outcome(&[9, 9, 9]);
    let fresh = MisereSearch::new(kayles.clone()).outcome(&[9, 9, 9]);
    assert_eq!(free.unwrap(), fresh.unwrap());
    cancel_during("octal misère search", |budget| {
        MisereSearch::new(TakeAndBreak::dawsons_kayles())
            .with_budget(budget)
            .with_max_states(usize::MAX)
            .outcome(&[21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32])
    });
    let growth = QuotientGrowth::new(TakeAndBreak::dawsons_kayles())
        .with_budget(cancelled_budget())
        .grow();
    assert_cancelled(growth, "misère quotient");
    // Q_30(0.07) takes seconds; a cancel is an error, not a growth stop.
    cancel_during("misère quotient", |budget| {
        QuotientGrowth::new(TakeAndBreak::dawsons_kayles())
            .with_budget(budget)
            .with_max_heap(40)
            .grow()
    });
    let (control, seen) = progress_control();
    let budget = Budget::default().with_control(&control);
    let watched = MisereSearch::new(kayles.clone())
        .with_budget(budget)
        .outcome(&[7, 8, 9]);
    let plain = MisereSearch::new(kayles).outcome(&[7, 8, 9]);
    assert_eq!(watched.unwrap(), plain.unwrap());
    assert_progress("octal misère search", &seen);
}

#[test]
fn subtraction_tables_refuse_stop_and_report() {
    let set = SubtractionSet::new((1..=200).step_by(3)).unwrap();
    assert_cancelled(
        set.grundy_table(1_000_000, cancelled_budget()),
        "subtraction Grundy table",
    );
    assert_cancelled(
        set.outcome_table(1_000_000, Convention::Normal, cancelled_budget()),
        "subtraction win/lose table",
    );
    cancel_during("subtraction Grundy table", |budget| {
        set.grundy_table(100_000_000, budget)
    });
    let small = SubtractionSet::new([2, 7, 9]).unwrap();
    for (engine, table) in [
        ("subtraction win/lose table (mask)", &small),
        ("subtraction win/lose table", &set),
    ] {
        let (control, seen) = progress_control();
        let budget = Budget::default().with_control(&control);
        let watched = table.outcome_table(300_000, Convention::Normal, budget);
        let plain = table.outcome_table(300_000, Convention::Normal, Budget::default());
        assert_eq!(watched.unwrap(), plain.unwrap(), "{engine}");
        assert_progress(engine, &seen);
    }
}

#[test]
fn hackenbush_refuses_under_a_cancelled_control() {
    let game = GreenHackenbush::new(&[(0, 1), (1, 2), (2, 0), (0, 3), (3, 4)])
        .unwrap()
        .with_budget(cancelled_budget());
    assert_cancelled(game.winning_move(), "Green Hackenbush winning move");
}

/// Moves `u → u + 1, u + 2, u + 3` (and a long jump) on a line of `n`.
fn line_edges(n: u32) -> Vec<(u32, u32)> {
    (0..n)
        .flat_map(|u| {
            [1, 2, 3, 1000]
                .into_iter()
                .map(move |s| (u, u + s))
                .filter(move |&(_, v)| v < n)
        })
        .collect()
}

#[test]
fn dense_solver_refuses_stops_and_reports() {
    let small = Graph::from_edges(10_000, &line_edges(10_000), Budget::default()).unwrap();
    assert_cancelled(
        DenseSolver::new(&small)
            .with_budget(cancelled_budget())
            .solve(),
        "DenseSolver",
    );
    let (control, seen) = progress_control();
    let budget = Budget::default().with_control(&control);
    let watched = DenseSolver::new(&small)
        .with_budget(budget)
        .solve()
        .unwrap();
    let plain = DenseSolver::new(&small).solve().unwrap();
    for u in (0..10_000).step_by(37) {
        assert_eq!(watched.label(u), plain.label(u), "position {u}");
    }
    assert_progress_expected("DenseSolver", &seen);
    // A long solve: its graph built first, the cancel during the solve.
    let n = 6_000_000;
    let big = Graph::from_edges(n as usize, &line_edges(n), Budget::default()).unwrap();
    cancel_during("DenseSolver", |budget| {
        DenseSolver::new(&big)
            .with_budget(budget)
            .solve()
            .map(|_| ())
    });
    #[cfg(feature = "parallel")]
    {
        assert_cancelled(
            DenseSolver::new(&small)
                .with_parallel(true)
                .with_budget(cancelled_budget())
                .solve(),
            "parallel DenseSolver",
        );
        cancel_during("parallel DenseSolver", |budget| {
            DenseSolver::new(&big)
                .with_parallel(true)
                .with_budget(budget)
                .solve()
                .map(|_| ())
        });
        let (control, seen) = progress_control();
        let budget = Budget::default().with_control(&control);
        let watched = DenseSolver::new(&small)
            .with_parallel(true)
            .with_budget(budget)
            .solve()
            .unwrap();
        for u in (0..10_000).step_by(37) {
            assert_eq!(watched.label(u), plain.label(u), "position {u}");
        }
        assert_progress_expected("parallel DenseSolver", &seen);
    }
}

/// A control that cancels itself from its progress callback once the work
/// reported reaches `at` steps (as an application's thread would, at a
/// moment the test chooses).
fn cancelling_at(at: u64) -> Control {
    let me = Arc::new(Mutex::new(None::<Control>));
    let handle = Arc::clone(&me);
    let control = Control::with_progress(move |p| {
        if p.done >= at {
            if let Some(control) = handle.lock().unwrap().as_ref() {
                control.cancel();
            }
        }
    });
    *me.lock().unwrap() = Some(control.clone());
    // The callback holds a handle to its own control: leaked with it.
    control
}

/// The steps the solve had shown when it stopped.
fn cancelled_steps<T>(result: stonegame::Result<T>, engine: &str) -> u64 {
    match result {
        Err(Error::Cancelled { steps, .. }) => steps,
        Err(other) => panic!("{engine}: expected Cancelled, got {other}"),
        Ok(_) => panic!("{engine}: expected Cancelled, got an answer"),
    }
}

/// Solves `graph` (on every core when `parallel`), keeping no answer.
fn dense_solve(graph: &Graph, parallel: bool, budget: Budget) -> stonegame::Result<()> {
    let solver = DenseSolver::new(graph).with_budget(budget);
    #[cfg(feature = "parallel")]
    let solver = solver.with_parallel(parallel);
    #[cfg(not(feature = "parallel"))]
    assert!(
        !parallel,
        "the parallel solver needs the `parallel` feature"
    );
    solver.solve().map(|_| ())
}

#[test]
fn dense_solver_stops_while_building_predecessor_lists() {
    // The lists cost 16 steps a position and a move, charged before the
    // induction: a cancel a few million steps in lands inside the build.
    let n = 2_000_000u32;
    let edges = line_edges(n);
    let graph = Graph::from_edges(n as usize, &edges, Budget::default()).unwrap();
    let lists = 16 * (u64::from(n) + edges.len() as u64);
    let mut forms = vec![("DenseSolver", false)];
    if cfg!(feature = "parallel") {
        forms.push(("parallel DenseSolver", true));
    }
    for (engine, parallel) in forms {
        let control = cancelling_at(1 << 24);
        let budget = Budget::default().with_control(&control);
        let steps = cancelled_steps(dense_solve(&graph, parallel, budget), engine);
        println!("{engine}: stopped after {steps} of the lists' {lists} steps");
        assert!(
            steps < lists,
            "{engine}: {steps} steps, the lists are {lists}"
        );
    }
}

#[test]
fn parallel_dense_solver_stops_soon_after_a_cancel_on_a_large_graph() {
    // 8·10^6 positions, 3.2·10^7 moves: the predecessor lists alone take
    // a good part of a second; the cancel comes while they are built.
    let n = 8_000_000;
    let big = Graph::from_edges(n as usize, &line_edges(n), Budget::default()).unwrap();
    let parallel = cfg!(feature = "parallel");
    let engine = if parallel {
        "parallel DenseSolver (large graph)"
    } else {
        "DenseSolver (large graph)"
    };
    cancel_during(engine, |budget| dense_solve(&big, parallel, budget));
}

/// Pairs of heaps below `n`: take any number from one heap.
fn two_heaps(n: u32) -> impl Fn(&(u32, u32)) -> Vec<(u32, u32)> + Clone {
    move |&(a, b)| {
        let from_a = (0..a).map(move |x| (x, b));
        let from_b = (0..b).map(move |y| (a, y));
        from_a
            .chain(from_b)
            .filter(|&(x, y)| x < n && y < n)
            .collect()
    }
}

#[test]
fn hashed_retrograde_refuses_stops_and_reports() {
    assert_cancelled(
        Retrograde::new(two_heaps(50))
            .with_budget(cancelled_budget())
            .solve([(49, 49)]),
        "Retrograde",
    );
    cancel_during("Retrograde", |budget| {
        Retrograde::new(two_heaps(3000))
            .with_budget(budget)
            .solve([(2999, 2999)])
            .map(|_| ())
    });
    let (control, seen) = progress_control();
    let budget = Budget::default().with_control(&control);
    let watched = Retrograde::new(two_heaps(120))
        .with_budget(budget)
        .solve([(119, 119)])
        .unwrap();
    let plain = Retrograde::new(two_heaps(120)).solve([(119, 119)]).unwrap();
    for p in [(0, 0), (3, 5), (119, 119), (100, 17)] {
        assert_eq!(watched.label(&p), plain.label(&p), "{p:?}");
    }
    assert_progress_expected("Retrograde", &seen);
}

/// A game of `n` positions, moves `u → u + s` for `s` in `1..=k`.
fn jumps(n: u32, k: u32) -> impl stonegame::retrograde::ImplicitGame {
    FnImplicitGame::new(
        n as usize,
        move |u: u32| (1..=k).map(move |s| u + s).filter(move |&v| v < n),
        move |v: u32| (1..=k).filter_map(move |s| v.checked_sub(s)),
    )
}

#[test]
fn implicit_solver_refuses_stops_and_reports() {
    assert_cancelled(
        ImplicitSolver::new(jumps(1000, 3))
            .with_budget(cancelled_budget())
            .solve(),
        "ImplicitSolver",
    );
    cancel_during("ImplicitSolver", |budget| {
        ImplicitSolver::new(jumps(20_000_000, 64))
            .with_budget(budget)
            .solve_values()
            .map(|_| ())
    });
    let (control, seen) = progress_control();
    let budget = Budget::default().with_control(&control);
    let watched = ImplicitSolver::new(jumps(100_000, 5))
        .with_budget(budget)
        .solve()
        .unwrap();
    let plain = ImplicitSolver::new(jumps(100_000, 5)).solve().unwrap();
    for u in (0..100_000).step_by(997) {
        assert_eq!(watched.label(u), plain.label(u), "position {u}");
    }
    assert_progress("ImplicitSolver", &seen);
}

/// Tiers of `size` positions; a position moves to `moves` positions of
/// the tier below.
struct Layers {
    tiers: u32,
    size: u32,
    moves: u32,
}

impl TieredGame for Layers {
    fn identity(&self) -> &str {
        "cancel test layers v1"
    }
    fn num_tiers(&self) -> u32 {
        self.tiers
    }
    fn tier_size(&self, _tier: u32) -> u32 {
        self.size
    }
    fn for_each_move(
        &self,
        p: TierPosition,
        mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(tier) = p.tier.checked_sub(1) else {
            return ControlFlow::Continue(());
        };
        (0..self.moves).try_for_each(|j| {
            let index = (p.index.wrapping_mul(31).wrapping_add(j * 7919)) % self.size;
            visit(TierPosition { tier, index })
        })
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("stonegame-cancel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn tiered_solver_refuses_stops_and_reports() {
    let small = Layers {
        tiers: 6,
        size: 500,
        moves: 3,
    };
    let dir = scratch("refused");
    assert_cancelled(
        TieredSolver::new(&small, &dir)
            .with_budget(cancelled_budget())
            .solve(),
        "TieredSolver",
    );
    assert!(!dir.exists(), "a cancelled solve wrote {dir:?}");
    let long = Layers {
        tiers: 1000,
        size: 200_000,
        moves: 20,
    };
    let dir = scratch("long");
    cancel_during("TieredSolver", |budget| {
        TieredSolver::new(&long, &dir)
            .with_budget(budget)
            .solve()
            .map(|_| ())
    });
    let _ = std::fs::remove_dir_all(&dir);
    let (control, seen) = progress_control();
    let budget = Budget::default().with_control(&control);
    let (watched_dir, plain_dir) = (scratch("watched"), scratch("plain"));
    let mut watched = TieredSolver::new(&small, &watched_dir)
        .with_budget(budget)
        .solve()
        .unwrap();
    let mut plain = TieredSolver::new(&small, &plain_dir).solve().unwrap();
    for tier in 0..6 {
        for index in (0..500).step_by(41) {
            let p = TierPosition { tier, index };
            assert_eq!(watched.label(p).unwrap(), plain.label(p).unwrap(), "{p:?}");
        }
    }
    assert_progress("TieredSolver", &seen);
    let _ = std::fs::remove_dir_all(&watched_dir);
    let _ = std::fs::remove_dir_all(&plain_dir);
}

#[test]
fn plain_octal_sequence_has_a_work_cap_and_a_control() {
    use stonegame::impartial::octal::grundy_sequence_plain;
    let kayles = TakeAndBreak::kayles();
    // Kayles to heap 2000: a step a heap and an option, known up front.
    let free = grundy_sequence_plain(&kayles, 2000, Budget::default()).unwrap();
    assert_eq!(
        free,
        grundy_sequence(&kayles, 2000, Budget::default()).unwrap()
    );
    let needed = match grundy_sequence_plain(&kayles, 2000, Budget::default().with_work(1000)) {
        Err(Error::WorkLimitWouldExceed {
            needed,
            limit: 1000,
            what,
        }) => {
            assert!(what.contains("by the definition"), "{what}");
            needed
        }
        other => panic!("expected a refusal up front, got {other:?}"),
    };
    // The count is exact: a cap of exactly that many steps is enough.
    let exact = Budget::default().with_work(needed as u64);
    assert_eq!(grundy_sequence_plain(&kayles, 2000, exact).unwrap(), free);
    let short = Budget::default().with_work(needed as u64 - 1);
    assert!(matches!(
        grundy_sequence_plain(&kayles, 2000, short),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    // A code that repeats forever is refused once past the cap.
    let forever = TakeAndBreak::octal("0.(7)").unwrap();
    let refused = grundy_sequence_plain(&forever, 5000, Budget::default().with_work(100_000));
    match refused {
        Err(Error::WorkLimitExceeded { steps, what }) => {
            assert_eq!(steps, 100_000);
            assert!(what.contains("by the definition"), "{what}");
        }
        other => panic!("expected WorkLimitExceeded, got {other:?}"),
    }
    assert_cancelled(
        grundy_sequence_plain(&kayles, 2000, cancelled_budget()),
        "plain octal sequence",
    );
    cancel_during("plain octal sequence", |budget| {
        grundy_sequence_plain(&TakeAndBreak::grundys_game(), 1_000_000, budget)
    });
    let (control, seen) = progress_control();
    let budget = Budget::default().with_control(&control);
    let watched = grundy_sequence_plain(&kayles, 20_000, budget).unwrap();
    assert_eq!(watched[..=2000], free[..]);
    assert_progress_expected("plain octal sequence", &seen);
}

/// A Green Hackenbush position of `n` edges: a long stalk and a ring of
/// loops beside it.
fn hackenbush_edges(n: u32) -> Vec<(u32, u32)> {
    let stalk = (0..n / 2).map(|v| (v, v + 1));
    let ring = (0..n - n / 2).map(|k| (n + k, n + (k + 1) % (n - n / 2)));
    std::iter::once((0, n))
        .chain(stalk)
        .chain(ring)
        .take(n as usize)
        .collect()
}

#[test]
fn hackenbush_values_have_a_work_cap_and_a_control() {
    let edges = hackenbush_edges(1000);
    let game = GreenHackenbush::new(&edges).unwrap();
    let free = game.nimber().unwrap();
    let capped = game.clone().with_budget(Budget::default().with_work(100));
    match capped.nimber() {
        Err(Error::WorkLimitWouldExceed {
            limit: 100, what, ..
        }) => {
            assert!(what.contains("Green Hackenbush value"), "{what}")
        }
        other => panic!("expected a refusal up front, got {other:?}"),
    }
    assert!(matches!(
        capped.solve(),
        Err(Error::WorkLimitWouldExceed { .. } | Error::WorkLimitExceeded { .. })
    ));
    let refused = game.clone().with_budget(cancelled_budget());
    assert_cancelled(refused.nimber(), "Green Hackenbush value");
    assert_cancelled(refused.solve(), "Green Hackenbush solve");
    let (control, seen) = progress_control();
    let big = GreenHackenbush::new(&hackenbush_edges(2_000_000)).unwrap();
    let watched = big
        .clone()
        .with_budget(Budget::default().with_control(&control))
        .nimber()
        .unwrap();
    assert_eq!(watched, big.nimber().unwrap());
    assert_progress_expected("Green Hackenbush value", &seen);
    assert_eq!(free, game.nimber().unwrap());
}

/// Prints the longest time between two progress reports of a whole solve
/// (where a cancel would wait longest), and the work done at its end: a
/// pass that does not look at the control shows as a long gap. Timing is
/// printed, not asserted (the machine may be loaded).
#[test]
fn dense_solver_gaps_between_looks() {
    // Few levels, each wide (a line of positions would make the parallel
    // induction a join per position: slow, see the test below).
    let big = Graph::pseudo_random(4_000_000, 6, 5, 3, Budget::default()).unwrap();
    let mut forms = vec![("DenseSolver", false)];
    if cfg!(feature = "parallel") {
        forms.push(("parallel DenseSolver", true));
    }
    for (engine, parallel) in forms {
        let times = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&times);
        let control = Control::with_progress(move |p| {
            sink.lock().unwrap().push((Instant::now(), p.done));
        });
        let started = Instant::now();
        dense_solve(&big, parallel, Budget::default().with_control(&control)).unwrap();
        let ended = Instant::now();
        let mut times = times.lock().unwrap().clone();
        times.insert(0, (started, 0));
        times.push((ended, u64::MAX));
        let (gap, at) = times
            .windows(2)
            .map(|w| (w[1].0 - w[0].0, w[0].1))
            .max()
            .unwrap();
        println!(
            "{engine}: {} reports in {:?}, longest gap {gap:?} after {at} steps",
            times.len() - 2,
            ended - started
        );
    }
}

/// A line of 10^6 positions has hundreds of thousands of levels of a few
/// positions each: the parallel induction's workers see too few steps to
/// look at the control, so each level looks too.
#[cfg(feature = "parallel")]
#[test]
fn parallel_dense_solver_stops_soon_on_many_small_levels() {
    let n = 1_000_000;
    let line = Graph::from_edges(n as usize, &line_edges(n), Budget::default()).unwrap();
    cancel_during("parallel DenseSolver (many small levels)", |budget| {
        dense_solve(&line, true, budget)
    });
}
