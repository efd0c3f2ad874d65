//! Reproduces the retrograde throughput figure: builds a deterministic
//! pseudo-random game graph and solves it single-threaded.
//!
//! ```text
//! cargo build --release --example retrograde_random
//! /usr/bin/time -v target/release/examples/retrograde_random [N] [MAX_MOVES] [TERMINAL_PERCENT] [SEED] [--phases] [--parallel] [--analysis]
//! ```
//! Defaults: N = 10 000 000 positions, a position has no move with
//! probability 5%, otherwise 1..=6 moves (about 3.3 × 10^7 moves), seed 1.
//! Prints the sizes, the wins/losses/draws, the time of each phase and the
//! bytes per move of the solver's tables (the input graph included); compare
//! the last with the maximum resident set size from `/usr/bin/time -v`.
//! `--phases` also times a second solve split into predecessor lists and
//! induction (it holds more tables at once: measure memory without it).
//! `--parallel` solves on every core (build with `--features parallel`);
//! `--analysis` prints the statistics ([`Analysis`]: counts by remoteness,
//! longest win and loss).

use std::process::ExitCode;
use std::time::Instant;

use stonegame::Budget;
#[allow(unused_imports)] // linked from the module documentation
use stonegame::retrograde::Analysis;
use stonegame::retrograde::{Counts, DenseSolution, DenseSolver, Graph};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().any(|a| a == name);
    let (phases, parallel, analysis) = (flag("--phases"), flag("--parallel"), flag("--analysis"));
    args.retain(|a| !a.starts_with("--"));
    let arg = |index: usize, default: u64| -> Result<u64, String> {
        args.get(index).map_or(Ok(default), |text| {
            text.parse().map_err(|_| {
                format!(
                    "argument {}: `{text}` is not a non-negative integer",
                    index + 1
                )
            })
        })
    };
    let n = usize::try_from(arg(0, 10_000_000)?).map_err(|e| e.to_string())?;
    let max_moves = u32::try_from(arg(1, 6)?).map_err(|e| e.to_string())?;
    let terminal_percent = u8::try_from(arg(2, 5)?).map_err(|e| e.to_string())?;
    let seed = arg(3, 1)?;
    let budget = Budget::from_mebibytes(8 << 10);

    let started = Instant::now();
    let graph = Graph::pseudo_random(n, max_moves, terminal_percent, seed, budget)
        .map_err(|e| e.to_string())?;
    let built = started.elapsed();
    println!("build graph          {:.3} s", built.as_secs_f64());

    let solving = Instant::now();
    let cpu_before = process_cpu_seconds();
    let solver = DenseSolver::new(&graph).with_budget(budget);
    let solution = if parallel {
        with_parallel(solver)?
    } else {
        solver
    }
    .solve()
    .map_err(|e| e.to_string())?;
    let solved = solving.elapsed();
    let cpu = process_cpu_seconds()
        .zip(cpu_before)
        .map(|(after, before)| after - before);

    println!(
        "solve                {:.3} s ({})",
        solved.as_secs_f64(),
        if parallel { "every core" } else { "one core" }
    );
    if let Some(cpu) = cpu {
        // On a loaded machine wall time includes waiting for a core.
        println!("solve (CPU time)     {cpu:.3} s, all threads");
    }
    if phases {
        print_phases(&graph, budget, solution.counts())?;
    }
    report(&graph, &solution);
    if analysis {
        print!("{}", solution.analysis());
    }
    Ok(())
}

#[cfg(feature = "parallel")]
fn with_parallel<T, R>(solver: DenseSolver<'_, T, R>) -> Result<DenseSolver<'_, T, R>, String> {
    Ok(solver.with_parallel(true))
}

#[cfg(not(feature = "parallel"))]
fn with_parallel<T, R>(_: DenseSolver<'_, T, R>) -> Result<DenseSolver<'_, T, R>, String> {
    Err("--parallel needs the `parallel` feature: cargo build --release --features parallel --example retrograde_random".to_string())
}

/// The same solve split in two phases (predecessor lists, then induction).
/// It keeps more tables alive at once, so measure memory without `--phases`.
fn print_phases(graph: &Graph, budget: Budget, counts: Counts) -> Result<(), String> {
    let reversing = Instant::now();
    let cpu_start = thread_cpu_seconds();
    let reverse = graph.reversed(budget).map_err(|e| e.to_string())?;
    let reversed = reversing.elapsed();
    let cpu_reversed = thread_cpu_seconds();
    let inducing = Instant::now();
    let again = DenseSolver::new(graph)
        .with_budget(budget)
        .predecessors(|v| reverse.successors(v).iter().copied())
        .solve()
        .map_err(|e| e.to_string())?;
    let induced = inducing.elapsed();
    let cpu_induced = thread_cpu_seconds();
    if again.counts() != counts {
        return Err("the two solves disagree".to_string());
    }
    println!(
        "  of which            {:.3} s predecessor lists, {:.3} s induction",
        reversed.as_secs_f64(),
        induced.as_secs_f64()
    );
    if let (Some(start), Some(middle), Some(end)) = (cpu_start, cpu_reversed, cpu_induced) {
        println!(
            "  on-CPU              {:.3} s predecessor lists, {:.3} s induction",
            middle - start,
            end - middle
        );
    }
    Ok(())
}

fn report(graph: &Graph, solution: &DenseSolution<'_>) {
    let n = graph.num_positions();
    let moves = graph.num_moves();
    let counts = solution.counts();
    // Graph (CSR) + predecessor lists (CSR) + value byte, word and queue slot per position.
    let table_bytes = 2 * graph.heap_bytes() + 9 * n;
    println!("positions            {n}");
    println!("moves                {moves}");
    println!(
        "win / lose / tie / draw {} / {} / {} / {}",
        counts.win, counts.lose, counts.tie, counts.draw
    );
    println!(
        "table bytes          {table_bytes} ({:.2} bytes per move)",
        table_bytes as f64 / moves.max(1) as f64
    );
    println!(
        "checksum             {}",
        (0..n as u32)
            .step_by((n / 1000).max(1))
            .filter_map(|u| solution.remoteness(u))
            .map(u64::from)
            .sum::<u64>()
    );
}

/// Time every thread of this process has spent on a CPU (user + system), from
/// Linux's `/proc/self/stat` in clock ticks of 1/100 s (`None` elsewhere).
fn process_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    let rest = text.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// Time this thread has spent on a CPU, from Linux's `/proc/thread-self/schedstat`
/// (`None` elsewhere).
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds as f64 / 1e9)
}
