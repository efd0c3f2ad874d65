//! The distributed retrograde solver under `mpirun -np 1, 2, 4`, compared
//! label by label with the one-machine solvers.
//!
//! This file is its own MPI program: run by `cargo test`, it launches
//! `mpirun --allow-run-as-root --oversubscribe -np K` on itself with
//! `STONEGAME_MPI_WORKER` set; each rank then solves random graphs (cycles,
//! terminal ties, wins, losses and draws, both conventions, tiny exchange
//! buffers so that levels take many rounds, 4- and 8-byte indices) and a
//! random tiered game, and
//! checks every label it owns against `DenseSolver` / `TieredSolver`.
//! Without `mpirun` the test is skipped with a message, except under CI
//! (`CI` set), where it fails.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use stonegame::retrograde::mpi::rsmpi::collective::SystemOperation;
use stonegame::retrograde::mpi::rsmpi::traits::{Communicator, CommunicatorCollectives};
use stonegame::retrograde::mpi::{DistributedSolver, DistributedTieredSolver, rsmpi};
use stonegame::retrograde::{
    DenseSolver, Graph, TierDatabase, TierPosition, TieredGame, TieredSolver, Value,
};
use stonegame::{Budget, Convention, Error};

const WORKER: &str = "STONEGAME_MPI_WORKER";
const DIRECTORY: &str = "STONEGAME_MPI_DIR";

fn main() -> ExitCode {
    if std::env::var_os(WORKER).is_some() {
        worker()
    } else {
        driver()
    }
}

fn driver() -> ExitCode {
    let found = Command::new("mpirun").arg("--version").output();
    if found.is_err() {
        if std::env::var_os("CI").is_some() {
            eprintln!("mpirun not found, and CI is set: the MPI tests must run in CI");
            return ExitCode::FAILURE;
        }
        println!("skipping the MPI tests: mpirun not found (apt-get install openmpi-bin)");
        return ExitCode::SUCCESS;
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    for ranks in [1, 2, 4] {
        let dir =
            std::env::temp_dir().join(format!("stonegame-mpi-test-{}-{ranks}", std::process::id()));
        let output = Command::new("mpirun")
            .args(["--allow-run-as-root", "--oversubscribe", "-np"])
            .arg(ranks.to_string())
            .arg(&exe)
            .env(WORKER, "1")
            .env(DIRECTORY, &dir)
            .output()
            .expect("mpirun starts");
        let _ = std::fs::remove_dir_all(&dir);
        print!("{}", String::from_utf8_lossy(&output.stdout));
        eprint!("{}", String::from_utf8_lossy(&output.stderr));
        if !output.status.success() {
            eprintln!("mpirun -np {ranks} failed: {}", output.status);
            return ExitCode::FAILURE;
        }
        println!("mpirun -np {ranks}: every label agrees");
    }
    ExitCode::SUCCESS
}

fn worker() -> ExitCode {
    let universe = rsmpi::initialize().expect("MPI initialises");
    let world = universe.world();
    let mut failures = Vec::new();
    random_graphs(&world, &mut failures);
    tiered_games(&world, &mut failures);
    errors_stop_every_rank(&world, &mut failures);
    work_caps_stop_every_rank(&world, &mut failures);
    world.barrier();
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        for failure in failures.iter().take(10) {
            eprintln!("rank {}: {failure}", world.rank());
        }
        ExitCode::FAILURE
    }
}

/// splitmix64: the same numbers on every rank.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A terminal rule drawn from the case: mostly none, else any value.
fn terminal_rule(case: u64, percent: u64) -> impl Fn(u64) -> Option<Value> + Copy {
    move |u| {
        let r = mix(case ^ mix(u ^ 0xABCD));
        if r % 100 >= percent {
            return None;
        }
        Some([Value::Tie, Value::Draw, Value::Win, Value::Lose][(r / 100 % 4) as usize])
    }
}

fn random_graphs<C: Communicator>(world: &C, failures: &mut Vec<String>) {
    for case in 0..120u64 {
        let n = match case % 6 {
            0 => case % 5,
            1 => 2000 + mix(case) % 3000,
            _ => mix(case) % 400,
        };
        let max_moves = (mix(case + 1) % 5) as u32;
        let terminal_percent = (mix(case + 2) % 30) as u8;
        let graph = Graph::pseudo_random(
            n as usize,
            max_moves,
            terminal_percent,
            case,
            Budget::default(),
        )
        .expect("a small graph");
        let convention = if case % 3 == 0 {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let rule_percent = [0, 5, 30][(case % 3) as usize];
        let rule = terminal_rule(case, rule_percent);
        let expected = DenseSolver::new(&graph)
            .with_convention(convention)
            .terminal(|u| rule(u64::from(u)))
            .solve()
            .expect("one-machine solve");
        let exchange_bytes = [64, 1000, 1 << 20][(case % 3) as usize];
        let solution = DistributedSolver::new(world, n, |u| {
            graph
                .successors(u as u32)
                .iter()
                .map(|&v| u64::from(v))
                .collect::<Vec<_>>()
        })
        .with_convention(convention)
        .terminal(rule)
        .with_exchange_bytes(exchange_bytes)
        .with_wide_indices(case % 4 == 1)
        .solve();
        let solution = match solution {
            Ok(solution) => solution,
            Err(e) => {
                failures.push(format!("case {case}: {e}"));
                continue;
            }
        };
        for u in solution.positions() {
            let (got, want) = (solution.label(u), expected.label(u as u32));
            if got != want {
                failures.push(format!(
                    "case {case} (n {n}): position {u} is {got:?}, the one-machine solver says {want:?}"
                ));
            }
        }
        if solution.counts(world) != expected.counts() {
            failures.push(format!("case {case}: counts disagree"));
        }
    }
}

/// Tiers of random sizes; moves to the own tier (cycles) or lower ones;
/// some positions end in ties, wins or losses by rule.
struct RandomTiers {
    seed: u64,
    sizes: Vec<u32>,
}

impl TieredGame for RandomTiers {
    fn num_tiers(&self) -> u32 {
        self.sizes.len() as u32
    }

    fn tier_size(&self, tier: u32) -> u32 {
        self.sizes[tier as usize]
    }

    fn for_each_move(
        &self,
        p: TierPosition,
        mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let key = mix(self.seed ^ (u64::from(p.tier) << 32 | u64::from(p.index)));
        for k in 0..key % 4 {
            let r = mix(key + k);
            let tier = if r % 3 == 0 || p.tier == 0 {
                p.tier
            } else {
                (r >> 8) as u32 % p.tier
            };
            let size = self.sizes[tier as usize];
            if size > 0 {
                visit(TierPosition {
                    tier,
                    index: (r >> 20) as u32 % size,
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    fn terminal(&self, p: TierPosition) -> Option<Value> {
        terminal_rule(self.seed, 8)(u64::from(p.tier) << 32 | u64::from(p.index))
    }
}

fn tiered_games<C: Communicator>(world: &C, failures: &mut Vec<String>) {
    let root = PathBuf::from(std::env::var_os(DIRECTORY).expect("the driver sets the directory"));
    for case in 0..6u64 {
        let game = RandomTiers {
            seed: case,
            sizes: (0..1 + case % 5)
                .map(|t| (mix(case * 31 + t) % 300) as u32)
                .collect(),
        };
        let convention = if case % 2 == 0 {
            Convention::Normal
        } else {
            Convention::Misere
        };
        let dir = root.join(format!("distributed-{case}"));
        let solved = DistributedTieredSolver::new(world, &game, &dir)
            .with_convention(convention)
            .with_exchange_bytes(200)
            .solve();
        if let Err(e) = solved {
            failures.push(format!("tiered case {case}: {e}"));
            continue;
        }
        world.barrier();
        if world.rank() == 0 {
            let one_dir = root.join(format!("one-machine-{case}"));
            let mut expected = TieredSolver::new(&game, &one_dir)
                .with_convention(convention)
                .solve()
                .expect("one-machine tiered solve");
            // Read back from the files alone, on one machine.
            let mut database = TierDatabase::open(&dir, Budget::default());
            for tier in 0..game.num_tiers() {
                if database.verify(tier).is_err() {
                    failures.push(format!("tiered case {case}: tier {tier}'s file is refused"));
                }
                for index in 0..game.tier_size(tier) {
                    let p = TierPosition { tier, index };
                    let (got, want) = (database.label(p), expected.label(p));
                    if got != want {
                        failures.push(format!(
                            "tiered case {case}: {p:?} is {got:?}, the one-machine solver says {want:?}"
                        ));
                    }
                }
            }
        }
        world.barrier();
    }
}

fn errors_stop_every_rank<C: Communicator>(world: &C, failures: &mut Vec<String>) {
    // A move out of range from the last position only: its owner reports
    // it, every other rank stops too.
    let n = 100u64;
    let bad =
        DistributedSolver::new(world, n, |u| if u == n - 1 { vec![n] } else { vec![] }).solve();
    let owner = world.size() as u64 - 1;
    let (own, other) = match bad {
        Err(Error::InvalidParameter { .. }) => (true, false),
        Err(Error::RankFailed { .. }) => (false, true),
        _ => (false, false),
    };
    let owns_last = stonegame::retrograde::mpi::RankPartition::new(n, world.size() as usize)
        .owner(n - 1) as u64
        == world.rank() as u64;
    if !(own && owns_last || other && !owns_last) {
        failures.push(format!(
            "a bad move on rank {owner}'s range was not reported as expected"
        ));
    }
    // A tiered game with a move upwards: refused on every rank.
    struct Upwards;
    impl TieredGame for Upwards {
        fn num_tiers(&self) -> u32 {
            2
        }
        fn tier_size(&self, _: u32) -> u32 {
            50
        }
        fn for_each_move(
            &self,
            p: TierPosition,
            mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if p.tier == 0 && p.index == 49 {
                visit(TierPosition { tier: 1, index: 0 })?;
            }
            ControlFlow::Continue(())
        }
    }
    let dir = PathBuf::from(std::env::var_os(DIRECTORY).expect("the driver sets the directory"))
        .join("upwards");
    match DistributedTieredSolver::new(world, &Upwards, &dir).solve() {
        Err(Error::InvalidParameter { .. } | Error::RankFailed { .. }) => {}
        other => failures.push(format!("a move upwards was not refused: {other:?}")),
    }
    let refused = DistributedSolver::new(world, 1 << 20, |_| Vec::new())
        .with_budget(Budget::from_bytes(1 << 20))
        .solve();
    if !matches!(
        refused,
        Err(Error::MemoryBudgetExceeded { .. } | Error::RankFailed { .. })
    ) {
        failures.push("a solve over the budget was not refused".to_string());
    }
}

/// How many ranks pass `flag` (collective).
fn ranks_with<C: Communicator>(world: &C, flag: bool) -> u64 {
    let mut all = 0u64;
    world.all_reduce_into(&u64::from(flag), &mut all, SystemOperation::sum());
    all
}

/// A work cap stops every rank at the same point: under each cap either
/// every rank answers (with the one-machine labels) or every rank refuses,
/// at least one of them with `WorkLimitExceeded` at exactly the cap and the
/// others with it or `RankFailed`.
fn work_caps_stop_every_rank<C: Communicator>(world: &C, failures: &mut Vec<String>) {
    let n = 3000u64;
    let graph = Graph::pseudo_random(n as usize, 4, 10, 35, Budget::default()).expect("small");
    let expected = DenseSolver::new(&graph).solve().expect("one-machine solve");
    // Work on the last rank only (the chain of the other ranks' positions
    // has no moves), so that the others learn of its refusal.
    let lopsided = |u: u64| -> Vec<u64> {
        if u >= n / 2 {
            graph
                .successors(u as u32)
                .iter()
                .map(|&v| u64::from(v))
                .collect()
        } else {
            Vec::new()
        }
    };
    for cap in [0, 1_000, 100_000, 400_000, 1_000_000, 10_000_000, 1 << 40] {
        for (name, half) in [("whole", false), ("lopsided", true)] {
            let solution = DistributedSolver::new(world, n, |u| {
                if half {
                    lopsided(u)
                } else {
                    graph
                        .successors(u as u32)
                        .iter()
                        .map(|&v| u64::from(v))
                        .collect()
                }
            })
            .with_exchange_bytes(1000)
            .with_budget(Budget::default().with_work(cap))
            .solve();
            let answered = ranks_with(world, solution.is_ok());
            let at_cap =
                matches!(&solution, Err(Error::WorkLimitExceeded { steps, .. }) if *steps == cap);
            let refused_here = ranks_with(world, at_cap);
            let failed = matches!(&solution, Err(Error::RankFailed { .. }));
            let size = world.size() as u64;
            if answered != 0 && answered != size {
                failures.push(format!(
                    "cap {cap} ({name}): {answered} of {size} ranks answered"
                ));
            }
            if answered == 0 && refused_here == 0 {
                failures.push(format!("cap {cap} ({name}): no rank reached the cap"));
            }
            if answered == 0 && !(at_cap || failed) {
                failures.push(format!("cap {cap} ({name}): {:?}", solution.as_ref().err()));
            }
            if cap <= 1_000 && answered != 0 {
                failures.push(format!("cap {cap} ({name}): not refused"));
            }
            if cap == 1 << 40 && answered != size {
                failures.push(format!("cap {cap} ({name}): refused"));
            }
            if let (Ok(solution), false) = (&solution, half) {
                for u in solution.positions() {
                    if solution.label(u) != expected.label(u as u32) {
                        failures.push(format!("cap {cap}: position {u} disagrees"));
                    }
                }
            }
        }
    }
    // A cap just past both listing passes of the busiest rank (16 steps a
    // position and a move, the second pass skipping positions without
    // moves): the levels' charges refuse.
    let range = stonegame::retrograde::mpi::RankPartition::new(n, world.size() as usize)
        .range(world.rank() as usize);
    let listing: u64 = range
        .map(|u| {
            let moves = graph.successors(u as u32).len() as u64;
            let second = if moves > 0 { 16 * (moves + 1) } else { 0 };
            16 * (moves + 1) + second
        })
        .sum();
    let mut busiest = 0u64;
    world.all_reduce_into(&listing, &mut busiest, SystemOperation::max());
    for (cap, answers) in [(busiest + 1, false), (busiest * 3, true)] {
        let solution = DistributedSolver::new(world, n, |u| {
            graph
                .successors(u as u32)
                .iter()
                .map(|&v| u64::from(v))
                .collect::<Vec<_>>()
        })
        .with_budget(Budget::default().with_work(cap))
        .solve();
        if ranks_with(world, solution.is_ok()) != if answers { world.size() as u64 } else { 0 } {
            failures.push(format!("cap {cap} past the listing: {:?}", solution.err()));
        }
    }
    // A tiered solve under a small cap: refused on every rank.
    let game = RandomTiers {
        seed: 35,
        sizes: vec![300, 200, 400],
    };
    let dir = PathBuf::from(std::env::var_os(DIRECTORY).expect("the driver sets the directory"))
        .join("work-capped");
    let refused = DistributedTieredSolver::new(world, &game, &dir)
        .with_budget(Budget::default().with_work(2_000))
        .solve();
    let stopped = matches!(
        refused,
        Err(Error::WorkLimitExceeded { steps: 2_000, .. } | Error::RankFailed { .. })
    );
    if ranks_with(world, stopped) != world.size() as u64 {
        failures.push(format!(
            "a capped tiered solve was not refused everywhere: {:?}",
            refused.err()
        ));
    }
    world.barrier();
}
