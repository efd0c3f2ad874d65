//! Long solves on each engine, the user's own games they run on, and the
//! errors an application would show.

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use stonegame::control::Control;
use stonegame::counting::{AbsorbingWalk, Modular};
use stonegame::game::MoveOrder;
use stonegame::impartial::octal::{TakeAndBreak, grundy_sequence};
use stonegame::impartial::{GrundySolver, ImpartialGame};
use stonegame::retrograde::{DenseSolver, Graph, ImplicitSolver, Retrograde, Value};
use stonegame::scoring::{DpFamily, DpLineup, DpSolver, Negamax, ScoringGame};
use stonegame::{Budget, Error, Result};

use crate::Report;

/// Take 1..=`max_take` stones from the front of the row, scoring their sum
/// (LeetCode 1406 generalised). Position: the number of stones taken.
pub struct FrontTake {
    prefix: Vec<i64>,
    max_take: usize,
}

impl FrontTake {
    pub fn new(stones: &[i64], max_take: usize) -> Self {
        let mut prefix = Vec::with_capacity(stones.len() + 1);
        prefix.push(0);
        for s in stones {
            prefix.push(prefix.last().unwrap() + s);
        }
        FrontTake { prefix, max_take }
    }

    /// A reproducible row of `n` stones in -50..50.
    pub fn random(n: usize, max_take: usize) -> Self {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let stones: Vec<i64> = (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % 100) as i64 - 50
            })
            .collect();
        Self::new(&stones, max_take)
    }

    fn len(&self) -> usize {
        self.prefix.len() - 1
    }
}

impl ScoringGame for FrontTake {
    type Position = usize;
    type Move = usize;
    type Score = i64;

    fn start(&self) -> usize {
        0
    }
    fn for_each_move(
        &self,
        &i: &usize,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for k in 1..=self.max_take.min(self.len() - i) {
            visit(k)?;
        }
        ControlFlow::Continue(())
    }
    fn play(&self, &i: &usize, &k: &usize) -> (i64, usize) {
        (self.prefix[i + k] - self.prefix[i], i + k)
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(self.len() + 1)
    }
    fn dense_index(&self, &i: &usize) -> Option<usize> {
        Some(i)
    }
    fn dense_position(&self, index: usize) -> Option<usize> {
        (index <= self.len()).then_some(index)
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToLarger
    }
}

/// A heap of `n`: take 1..=`max_take`, or split a heap of at least 3 into
/// two unequal non-empty heaps (Grundy's game mixed with a subtraction
/// game). Not numbered: the solver hashes positions.
#[derive(Clone, Copy)]
pub struct TakeOrSplit {
    pub max_take: u64,
}

impl ImpartialGame for TakeOrSplit {
    type Position = u64;

    fn for_each_option(
        &self,
        &n: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for s in 1..=self.max_take.min(n) {
            visit(&[n - s])?;
        }
        // A few splits only, to keep the options per heap bounded.
        for a in 1..=3.min(n / 2) {
            if a != n - a {
                visit(&[a, n - a])?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A token game on 0..n with cycles: from u go to (3u + 1) mod n, (5u + 2)
/// mod n or u / 2; at a multiple of 97 the player to move has lost. Many
/// positions are draws.
pub fn loopy_successors(n: u32) -> impl Fn(&u32) -> [u32; 3] + Clone + Send + Sync + 'static {
    move |&u: &u32| {
        let n64 = u64::from(n);
        let u64_ = u64::from(u);
        [
            ((3 * u64_ + 1) % n64) as u32,
            ((5 * u64_ + 2) % n64) as u32,
            u / 2,
        ]
    }
}

fn loopy_terminal(u: &u32) -> Option<Value> {
    u.is_multiple_of(97).then_some(Value::Lose)
}

type Job = Box<dyn FnOnce(Budget) -> Result<String> + Send>;

/// Every engine with an instance that runs for seconds.
pub fn all() -> Vec<(&'static str, Job)> {
    let graph =
        Arc::new(Graph::pseudo_random(2_000_000, 6, 5, 1, Budget::default()).expect("graph"));
    let graph2 = Arc::clone(&graph);
    let sweep_game = FrontTake::random(5_000_000, 200);
    vec![
        (
            "Negamax sweep (own ScoringGame, 5·10^6 × 200)",
            Box::new(move |budget| {
                // Built before the clock starts: 5·10^6 stones take 0.1 s or more.
                Negamax::new(sweep_game)
                    .with_budget(budget)
                    .value()
                    .map(|v| v.to_string())
            }) as Job,
        ),
        (
            "GrundySolver hashed (own ImpartialGame)",
            Box::new(|budget| {
                let mut solver =
                    GrundySolver::new(TakeOrSplit { max_take: 300 }).with_budget(budget);
                solver.grundy(&2_000_000).map(|g| format!("{g:?}"))
            }),
        ),
        (
            "Retrograde hashed (own loopy game, draws)",
            Box::new(|budget| {
                let table = Retrograde::new(loopy_successors(3_000_000))
                    .terminal(loopy_terminal)
                    .with_budget(budget)
                    .solve([1u32])?;
                Ok(format!("{:?}", table.value(&1)))
            }),
        ),
        (
            "octal grundy_sequence 0.6 to 10^7",
            Box::new(|budget| {
                let values = grundy_sequence(&TakeAndBreak::octal("0.6")?, 10_000_000, budget)?;
                Ok(format!("{} values", values.len()))
            }),
        ),
        (
            "janken (AbsorbingWalk 20000,20000, 40000 rounds, mod p)",
            Box::new(|budget| {
                let count: Modular<998_244_353> = AbsorbingWalk::janken(20_000, 20_000)
                    .with_budget(budget)
                    .total_absorbed(40_000)?;
                Ok(format!("{count:?}"))
            }),
        ),
        (
            "DpLineup built-in Ends rolling (10^5 stones)",
            Box::new(|budget| {
                let lineup = DpLineup::of(DpFamily::Ends);
                let stones: Vec<i64> = (0..100_000).map(|i| (i * 7919) % 1000).collect();
                let rolling = lineup
                    .solvers()
                    .iter()
                    .find(|s| s.info().variant == "rolling")
                    .expect("rolling");
                rolling.value(&stones, budget).map(|v| v.to_string())
            }),
        ),
        (
            "own DpSolver variant (Ends, 4·10^4 stones)",
            Box::new(|budget| {
                let stones: Vec<i64> = (0..40_000).map(|i| (i * 7919) % 1000).collect();
                crate::variant::mine()
                    .value(&stones, budget)
                    .map(|v| v.to_string())
            }),
        ),
        (
            "ImplicitSolver (own closures, 10^7 positions, all draws)",
            Box::new(|budget| {
                let n = 10_000_000u32;
                let solution = ImplicitSolver::from_fns(
                    n as usize,
                    move |u| [(u + 1) % n, (u + 3) % n],
                    move |v| [(v + n - 1) % n, (v + n - 3) % n],
                )
                .with_budget(budget)
                .solve()?;
                Ok(format!("{:?}", solution.value(0)))
            }),
        ),
        (
            "DenseSolver one core (2·10^6 positions)",
            Box::new(move |budget| {
                let solution = DenseSolver::new(&graph).with_budget(budget).solve()?;
                Ok(format!("{:?}", solution.value(0)))
            }),
        ),
        (
            "DenseSolver parallel (2·10^6 positions)",
            Box::new(move |budget| {
                let solution = DenseSolver::new(&graph2)
                    .with_parallel(true)
                    .with_budget(budget)
                    .solve()?;
                Ok(format!("{:?}", solution.value(0)))
            }),
        ),
    ]
}

/// A control whose callback keeps every report.
fn recording() -> (Control, Arc<Mutex<Vec<Report>>>) {
    let start = Instant::now();
    let reports = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&reports);
    let control = Control::with_progress(move |p| {
        sink.lock().unwrap().push(Report {
            at: start.elapsed(),
            what: p.what.to_string(),
            done: p.done,
            expected: p.expected,
        })
    });
    (control, reports)
}

/// Complete (smaller) solves under a recording control: what progress says
/// from start to end. The last entry runs two solves under one control.
pub fn complete_with_progress() -> Vec<(&'static str, Vec<Report>)> {
    let mut out = Vec::new();
    let mut run = |name: &'static str, job: &dyn Fn(Budget) -> Result<()>| {
        let (control, reports) = recording();
        let result = job(Budget::default().with_control(&control));
        if let Err(e) = result {
            println!("{name}: error {e}");
        }
        out.push((name, reports.lock().unwrap().clone()));
    };
    run("Negamax sweep 10^6 × 100", &|b| {
        Negamax::new(FrontTake::random(1_000_000, 100))
            .with_budget(b)
            .value()
            .map(drop)
    });
    run("GrundySolver hashed to 200,000", &|b| {
        GrundySolver::new(TakeOrSplit { max_take: 100 })
            .with_budget(b)
            .grundy(&200_000)
            .map(drop)
    });
    run("Retrograde 3·10^5", &|b| {
        Retrograde::new(loopy_successors(300_000))
            .terminal(loopy_terminal)
            .with_budget(b)
            .solve([1u32])
            .map(drop)
    });
    run("octal 0.6 to 10^6", &|b| {
        grundy_sequence(&TakeAndBreak::octal("0.6")?, 1_000_000, b).map(drop)
    });
    run("janken 5000,5000, 10^4 rounds mod p", &|b| {
        AbsorbingWalk::janken(5_000, 5_000)
            .with_budget(b)
            .total_absorbed::<Modular<998_244_353>>(10_000)
            .map(drop)
    });
    run("DenseSolver parallel 5·10^5", &|b| {
        let graph = Graph::pseudo_random(500_000, 6, 5, 3, Budget::default())?;
        DenseSolver::new(&graph)
            .with_parallel(true)
            .with_budget(b)
            .solve()
            .map(drop)
    });
    run("two janken counts under one control", &|b| {
        let walk = AbsorbingWalk::janken(5_000, 5_000).with_budget(b);
        walk.total_absorbed::<Modular<998_244_353>>(10_000)?;
        walk.total_absorbed::<Modular<998_244_353>>(10_000)
            .map(drop)
    });
    run("two sweeps under one control", &|b| {
        Negamax::new(FrontTake::random(1_000_000, 100))
            .with_budget(b)
            .value()?;
        Negamax::new(FrontTake::random(1_000_000, 100))
            .with_budget(b)
            .value()
            .map(drop)
    });
    out
}

/// Errors an application would show its user.
pub fn errors() -> Vec<(&'static str, Error)> {
    let mut out = Vec::new();
    let mut push = |what: &'static str, r: Result<String>| match r {
        Ok(v) => println!("{what}: accepted (!): {v}"),
        Err(e) => out.push((what, e)),
    };
    let small_work = Budget::default().with_work(100_000);
    push(
        "Negamax sweep over a work cap of 10^5",
        Negamax::new(FrontTake::random(100_000, 50))
            .with_budget(small_work)
            .value()
            .map(|v| v.to_string()),
    );
    push(
        "GrundySolver over a work cap of 10^5",
        GrundySolver::new(TakeOrSplit { max_take: 50 })
            .with_budget(small_work)
            .grundy(&100_000)
            .map(|g| format!("{g:?}")),
    );
    push(
        "octal sequence over a work cap of 10^5",
        grundy_sequence(&TakeAndBreak::octal("0.6").unwrap(), 1_000_000, small_work)
            .map(|v| v.len().to_string()),
    );
    push(
        "Retrograde over a work cap of 10^5",
        Retrograde::new(loopy_successors(300_000))
            .terminal(loopy_terminal)
            .with_budget(small_work)
            .solve([1u32])
            .map(|t| t.len().to_string()),
    );
    push(
        "janken over a work cap of 10^5",
        AbsorbingWalk::janken(5_000, 5_000)
            .with_budget(small_work)
            .total_absorbed::<Modular<998_244_353>>(10_000)
            .map(|c| format!("{c:?}")),
    );
    push(
        "Negamax over 1 MiB of memory",
        Negamax::new(FrontTake::random(1_000_000, 50))
            .with_budget(Budget::from_mebibytes(1))
            .value()
            .map(|v| v.to_string()),
    );
    push(
        "octal code 0.9",
        TakeAndBreak::octal("0.9").map(|g| format!("{g:?}")),
    );
    push(
        "octal code 'kayles!'",
        TakeAndBreak::octal("kayles!").map(|g| format!("{g:?}")),
    );
    push(
        "game name 'chess' (by_name)",
        TakeAndBreak::by_name("chess").map(|g| format!("{g:?}")),
    );
    push(
        "subtraction set {0}",
        stonegame::impartial::SubtractionSet::new([0]).map(|s| format!("{s:?}")),
    );
    push(
        "janken modulo 0",
        stonegame::counting::janken_count_modulo(5, 5, 24, 0).map(|c| c.to_string()),
    );
    push(
        "graph edge out of range",
        Graph::from_edges(3, &[(0, 5)], Budget::default()).map(|g| g.num_moves().to_string()),
    );
    push("a cancelled control, pre-cancelled", {
        let control = Control::new();
        control.cancel();
        grundy_sequence(
            &TakeAndBreak::octal("0.6").unwrap(),
            1000,
            Budget::default().with_control(&control),
        )
        .map(|v| v.len().to_string())
    });
    out
}

/// DenseSolver's cancel latency against the graph's size, and its whole
/// solve time: does any phase go unpolled?
pub fn dense_scaling(after: std::time::Duration) {
    for n in [1_000_000usize, 2_000_000, 4_000_000] {
        let graph = Arc::new(Graph::pseudo_random(n, 6, 5, 1, Budget::default()).expect("graph"));
        for parallel in [false, true] {
            let t = Instant::now();
            DenseSolver::new(&graph)
                .with_parallel(parallel)
                .solve()
                .expect("solve");
            let whole = t.elapsed();
            let g = Arc::clone(&graph);
            let trial = crate::cancel_trial("dense", after, move |budget| {
                DenseSolver::new(&g)
                    .with_parallel(parallel)
                    .with_budget(budget)
                    .solve()
                    .map(|s| format!("{:?}", s.value(0)))
            });
            println!(
                "n {n} parallel {parallel}: whole solve {:.0} ms; cancelled {} latency {:.0} ms, {} reports at {:?} ms",
                whole.as_secs_f64() * 1e3,
                trial.cancelled,
                trial.latency.unwrap_or_default().as_secs_f64() * 1e3,
                trial.reports.len(),
                trial
                    .reports
                    .iter()
                    .map(|r| r.at.as_millis())
                    .collect::<Vec<_>>()
            );
        }
    }
}

/// When does a large negamax sweep report? (The cancel trial saw none in
/// its first 150 ms.)
pub fn sweep_reports() {
    for (n, take) in [
        (1_000_000usize, 100usize),
        (5_000_000, 200),
        (5_000_000, 20),
    ] {
        let game = FrontTake::random(n, take);
        let (control, reports) = recording();
        let t = Instant::now();
        Negamax::new(game)
            .with_budget(Budget::default().with_control(&control))
            .value()
            .expect("sweep");
        let reports = reports.lock().unwrap();
        println!(
            "sweep {n} x {take}: {:.0} ms, {} reports, first at {:?} ms, done at first {:?}",
            t.elapsed().as_secs_f64() * 1e3,
            reports.len(),
            reports.first().map(|r| r.at.as_millis()),
            reports.first().map(|r| r.done)
        );
    }
}

/// The sweep under `cancel_trial`, at two cancel times.
pub fn sweep_cancel_reports() {
    for ms in [150u64, 1000] {
        for prebuilt in [false, true] {
            let built = prebuilt.then(|| FrontTake::random(5_000_000, 200));
            let trial = crate::cancel_trial(
                "sweep",
                std::time::Duration::from_millis(ms),
                move |budget| {
                    let game = built.unwrap_or_else(|| FrontTake::random(5_000_000, 200));
                    Negamax::new(game)
                        .with_budget(budget)
                        .value()
                        .map(|v| v.to_string())
                },
            );
            println!(
                "cancel at {ms} ms, game built before: {prebuilt}: cancelled {}, {} reports {:?}",
                trial.cancelled,
                trial.reports.len(),
                trial
                    .reports
                    .iter()
                    .take(3)
                    .map(|r| (r.at.as_millis(), r.done))
                    .collect::<Vec<_>>()
            );
        }
    }
}
