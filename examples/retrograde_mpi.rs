//! The retrograde throughput figure across MPI ranks: the graph of
//! `retrograde_random` (same arguments, same positions and moves), each rank
//! generating and holding only its own range of positions.
//!
//! ```text
//! cargo build --release --features mpi --example retrograde_mpi
//! mpirun -np 2 target/release/examples/retrograde_mpi [N] [MAX_MOVES] [TERMINAL_PERCENT] [SEED]
//! ```
//! (add `--allow-run-as-root --oversubscribe` to run as root, or more ranks
//! than cores). Rank 0 prints the sizes, wins/losses/ties/draws and the
//! checksum of `retrograde_random` (they must agree), then every rank's peak
//! memory (`VmHWM` of `/proc/self/status`) and what it exchanged.

use std::process::ExitCode;
use std::time::Instant;

use stonegame::Budget;
use stonegame::retrograde::mpi::rsmpi::traits::{Communicator, CommunicatorCollectives, Root};
use stonegame::retrograde::mpi::{DistributedSolver, PseudoRandomMoves, rsmpi};

fn main() -> ExitCode {
    let Some(universe) = rsmpi::initialize() else {
        eprintln!("MPI could not be initialised");
        return ExitCode::from(2);
    };
    let world = universe.world();
    match run(&world) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("rank {}: {message}", world.rank());
            ExitCode::from(2)
        }
    }
}

fn run<C: Communicator>(world: &C) -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
    let n = arg(0, 10_000_000)?;
    let max_moves = u32::try_from(arg(1, 6)?).map_err(|e| e.to_string())?;
    let terminal_percent = u8::try_from(arg(2, 5)?).map_err(|e| e.to_string())?;
    let seed = arg(3, 1)?;
    let budget = Budget::from_mebibytes(8 << 10);
    let rank = world.rank();
    let generator =
        PseudoRandomMoves::new(n, max_moves, terminal_percent, seed).map_err(|e| e.to_string())?;

    let started = Instant::now();
    let cpu_before = process_cpu_ticks();
    let solution = DistributedSolver::new(world, n, |u| generator.moves(u))
        .with_budget(budget)
        .solve()
        .map_err(|e| e.to_string())?;
    let solved = started.elapsed();
    let cpu_ticks = process_cpu_ticks()
        .zip(cpu_before)
        .map_or(0, |(after, before)| after - before);
    let counts = solution.counts(world);
    let moves: u64 = solution
        .positions()
        .map(|u| generator.moves(u).count() as u64)
        .sum();
    let mut total_moves = 0u64;
    let mut checksum = 0u64;
    let local_checksum: u64 = (0..n)
        .step_by((n / 1000).max(1) as usize)
        .filter_map(|u| solution.remoteness(u))
        .map(u64::from)
        .sum();
    world.all_reduce_into(
        &moves,
        &mut total_moves,
        rsmpi::collective::SystemOperation::sum(),
    );
    world.all_reduce_into(
        &local_checksum,
        &mut checksum,
        rsmpi::collective::SystemOperation::sum(),
    );
    let stats = solution.exchange_stats();
    let mine = [
        peak_memory_kib().unwrap_or(0),
        stats.rounds,
        stats.bytes_sent,
        stats.largest_round_bytes,
        solution.positions().end - solution.positions().start,
        cpu_ticks,
    ];
    let ranks = world.size() as usize;
    let root = world.process_at_rank(0);
    if rank == 0 {
        let mut all = vec![0u64; FIELDS * ranks];
        root.gather_into_root(&mine[..], &mut all[..]);
        println!("ranks                {ranks}");
        println!("solve                {:.3} s", solved.as_secs_f64());
        println!("positions            {n}");
        println!("moves                {total_moves}");
        println!(
            "win / lose / tie / draw {} / {} / {} / {}",
            counts.win, counts.lose, counts.tie, counts.draw
        );
        println!("checksum             {checksum}");
        for (r, row) in all.chunks(FIELDS).enumerate() {
            let [peak, rounds, sent, largest, owned, cpu] =
                [row[0], row[1], row[2], row[3], row[4], row[5]];
            println!(
                "rank {r}: {owned} positions, solve {:.2} s on-CPU, peak memory {:.1} MiB, \
                 {rounds} rounds, {:.1} MiB sent ({:.0} bytes per round on average, {largest} at most)",
                cpu as f64 / 100.0,
                peak as f64 / 1024.0,
                sent as f64 / (1 << 20) as f64,
                sent as f64 / rounds.max(1) as f64
            );
        }
    } else {
        root.gather_into(&mine[..]);
    }
    Ok(())
}

/// Numbers each rank reports to rank 0.
const FIELDS: usize = 6;

/// Time this process has spent on a CPU (user + system), in ticks of
/// 1/100 s, from Linux's `/proc/self/stat` (`None` elsewhere). MPI ranks
/// wait by polling, so this includes time spent waiting for other ranks.
fn process_cpu_ticks() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    let rest = text.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// This process's peak resident memory in KiB (`VmHWM` of
/// `/proc/self/status`, Linux only).
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
