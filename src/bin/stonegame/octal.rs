//! Take-and-break games on the command line: `octal`, `last-one`, and the
//! `--octal` / `--game` sources of `grundy`.

use crate::impartial::answer;
use crate::input;
use clap::Args;
use std::io::Write;
use stonegame::Outcome;
use stonegame::impartial::octal::{
    LastOne, MAX_SEQUENCE_HEAP, MAX_SEQUENCE_THREADS, OctalGame, PlannedValues, RUN_CHUNK,
    SequenceStats, TakeAndBreak, planned_stats, planned_values,
};

/// An octal game: heap sizes in, `First` or `Second` out.
///
/// CODE is an octal code such as `0.77` (Kayles), `0.07` (Dawson's Kayles),
/// `0.137`, `4.07`; a group in parentheses at the end repeats forever
/// (`0.(7)` is Last One, `0.(3)` is Nim); names `kayles`, `dawsons-kayles`,
/// `dawsons-chess`, `laskers-nim`, `officers`, `guiles`, `treblecross`, `nim`,
/// `last-one`, `grundys-game` are accepted too.
/// Heaps may go up to 10^18 when the game's period is proven (searching up to
/// 2^32 heaps, as far as `grundy --period` certifies, within the memory
/// budget and work cap) or the game is Nim-like; otherwise up to 4,194,303.
/// With --misere, Nim-like codes use the misère Nim rule; other codes use
/// their misère quotient when one with a proven period is found within 1,024
/// heaps (Kayles, 0.75, tame codes: heaps up to 10^18); otherwise sums of
/// heaps up to the last heap the quotient is verified for (24 for Dawson's
/// Kayles) are answered from it, and other sums by an exact search (at most
/// 4,000,000 positions; 300,000,000 steps for a heap beyond the verified quotient
/// unless --max-work is given, then an error naming the game, the last
/// verified heap and why). A `--move` that splits a heap leaves two heaps,
/// e.g. `First 1:5->2+2`.
#[derive(Args)]
pub struct OctalArgs {
    #[command(flatten)]
    pub play: input::PlayArgs,
    /// The octal code or game name.
    pub code: String,
    /// Heap sizes (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// Last One: rows of sticks, whoever strikes the last stick loses.
///
/// One instance: row lengths (up to 10^18). A move strikes any run of adjacent
/// sticks in one row (possibly splitting it in two). Answer: `First` or `Second`.
/// In a `--move` answer a row that keeps sticks on both sides of the struck
/// run becomes two rows, e.g. `First 1:5->1+1`.
#[derive(Args)]
pub struct LastOneArgs {
    #[arg(long = "move", help = input::MOVE_HELP)]
    pub show_move: bool,
    /// Row lengths (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

fn parse_heaps(line: &str) -> Result<Vec<u64>, String> {
    input::parse_numbers(
        line,
        "a heap size (a non-negative integer up to 18446744073709551615)",
    )
}

/// A solver for one `octal` invocation (values are reused across lines).
pub struct OctalSolver {
    game: OctalGame,
}

impl OctalSolver {
    /// Parses the code once for the whole run.
    pub fn new(args: &OctalArgs) -> Result<Self, String> {
        let game = TakeAndBreak::by_name(&args.code)
            .map_err(|e| crate::input::echoing(&e.to_string(), &args.code))?;
        Ok(Self {
            game: OctalGame::new(game)
                .with_convention(args.play.convention())
                .with_budget(crate::input::budget())
                // Every period `grundy --upto N --period` can certify.
                .with_search_limit(MAX_SEQUENCE_HEAP + 1),
        })
    }

    /// Solves one line of heap sizes.
    pub fn solve(&mut self, args: &OctalArgs, line: &str) -> Result<String, String> {
        let heaps = parse_heaps(line)?;
        let outcome = self.game.outcome(&heaps).map_err(|e| e.to_string())?;
        let best = if args.play.show_move && outcome == Outcome::First {
            self.game.winning_move(&heaps).map_err(|e| e.to_string())?
        } else {
            None
        };
        Ok(answer(outcome, args.play.show_move, best))
    }
}

/// Solves one `last-one` line.
pub fn last_one(args: &LastOneArgs, line: &str) -> Result<String, String> {
    let rows = input::parse_numbers::<u64>(
        line,
        "a row length (a non-negative integer up to 18446744073709551615)",
    )?;
    let game = LastOne::new();
    Ok(answer(
        game.outcome(&rows),
        args.show_move,
        game.winning_move(&rows),
    ))
}

/// What `grundy --octal CODE` / `--game NAME` prints.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// G(0..=N) on one line.
    Values,
    /// The values, then the period line.
    ValuesAndPeriod,
    /// The period line alone (`--period-only`).
    PeriodOnly,
}

/// `grundy --octal/--game`: G(0..=upto) streamed on one line, then with
/// `period` the certificate's line.
pub fn grundy(
    name: &str,
    upto: u64,
    shown: Shown,
    threads: usize,
    out: &mut dyn Write,
) -> Result<(), String> {
    let game =
        TakeAndBreak::by_name(name).map_err(|e| crate::input::echoing(&e.to_string(), name))?;
    if upto > MAX_SEQUENCE_HEAP {
        return Err(format!(
            "--upto {upto} is above the limit of {MAX_SEQUENCE_HEAP} (heaps are 32-bit)"
        ));
    }
    if !(1..=MAX_SEQUENCE_THREADS).contains(&threads) {
        return Err(format!(
            "--threads {threads} is outside 1..={MAX_SEQUENCE_THREADS}"
        ));
    }
    // The planner's path, shared with Python's `grundy_sequence`.
    let values = planned_values(&game, upto, threads, crate::input::budget(), || Ok(()))
        .map_err(|e| e.to_string())?;
    let written = |e: std::io::Error| format!("cannot write output: {e}");
    if shown != Shown::PeriodOnly {
        for heap in 0..=upto {
            if heap > 0 {
                out.write_all(b" ").map_err(written)?;
            }
            let value = values.get(heap).map_err(|e| e.to_string())?;
            write!(out, "{value}").map_err(written)?;
        }
        writeln!(out).map_err(written)?;
    }
    if shown != Shown::Values {
        let line = match &values {
            PlannedValues::Identity => format!(
                "no period certified up to {upto} (G(n) = n is proven: arithmetic, not periodic)"
            ),
            PlannedValues::Certified(_, c) => {
                format!("preperiod {} period {}", c.preperiod(), c.period())
            }
            PlannedValues::Computed(_) => format!("no period certified up to {upto}"),
            PlannedValues::Arithmetic(p) => format!(
                "no period certified up to {upto} (arithmetic-periodic, proven: preperiod {} \
                 period {} saltus {})",
                p.preperiod(),
                p.period(),
                p.saltus()
            ),
        };
        writeln!(out, "{line}").map_err(written)?;
    }
    Ok(())
}

/// `grundy --stats`: G(0..=upto) computed without printing it; at every
/// power of two from 2^14 heaps on a line `at 2^K …` with the statistics of
/// G(0..2^K), at the end the statistics on `out`; progress on standard error. With `checkpoint`, the
/// run resumes from the file when it exists and keeps it up to date (under
/// its lock: a second writer is refused at once); a file holding more heaps
/// than asked for answers from its first `upto + 1` values and is left as it
/// is. Checkpoints are signed with the key at `key_file` (else
/// `CheckpointKey::default_path`), created on first use. A run stopped by
/// a limit prints the statistics of what it computed, then fails.
#[allow(clippy::too_many_arguments)]
pub fn grundy_stats(
    name: &str,
    upto: u64,
    checkpoint: Option<(&std::path::Path, std::time::Duration)>,
    key_file: Option<&std::path::Path>,
    threads: usize,
    count_mask: Option<u32>,
    verify: bool,
    out: &mut dyn Write,
) -> Result<(), String> {
    use stonegame::impartial::octal::{CheckpointKey, CheckpointLock, ResumeCheck, SequenceRun};
    let game =
        TakeAndBreak::by_name(name).map_err(|e| crate::input::echoing(&e.to_string(), name))?;
    if !(1..=MAX_SEQUENCE_THREADS).contains(&threads) {
        return Err(format!(
            "--threads {threads} is outside 1..={MAX_SEQUENCE_THREADS}"
        ));
    }
    // Its own progress lines, richer than the engines' (`progress::show`
    // paces both, and `--quiet` silences both).
    let budget = crate::input::budget().without_control();
    // The lock first, so that nobody changes the file between the read and
    // the first write; a lock that cannot be created (a read-only directory)
    // matters only if the run has something to write.
    let (mut lock, mut lock_error) = (None, None);
    if let Some((path, _)) = checkpoint {
        match CheckpointLock::acquire(path) {
            Ok(held) => lock = Some(held),
            Err(busy @ stonegame::Error::CheckpointBusy { .. }) => return Err(busy.to_string()),
            Err(other) => lock_error = Some(other.to_string()),
        }
    }
    let check = if verify {
        ResumeCheck::Every
    } else {
        ResumeCheck::Signature
    };
    let key = match checkpoint {
        Some(_) => {
            let key_file = match key_file {
                Some(file) => file.to_path_buf(),
                None => CheckpointKey::default_path().map_err(|e| e.to_string())?,
            };
            Some(CheckpointKey::load_or_create(&key_file).map_err(|e| e.to_string())?)
        }
        None => None,
    };
    let mut run = match (checkpoint, &key) {
        (Some((path, _)), Some(key)) if path.exists() => {
            let run = SequenceRun::resume_checked(path, game, budget, key, check)
                .map_err(|e| e.to_string())?;
            let shown = path.display().to_string();
            let shown: String = shown.chars().take(60).collect();
            eprintln!(
                "grundy: resumed {} from {shown} at heap {}",
                run.stats().game(),
                run.stats().heaps
            );
            run
        }
        (_, Some(key)) => SequenceRun::new(game)
            .with_budget(budget)
            .with_checkpoint_key(key.clone()),
        _ => SequenceRun::new(game).with_budget(budget),
    };
    // Refused before anything is printed or a checkpoint file is created.
    run.check_goal(upto).map_err(|e| e.to_string())?;
    let goal = upto.saturating_add(1);
    if let (Some((_, every)), true) = (checkpoint, run.stats().heaps >= goal) {
        // Answered from the stored values, with the figures of G(0..=upto)
        // alone; the file stays as it is, unless --verify accepted it
        // without a signature of this key: then it is signed now.
        if run.needs_signing() {
            if let Some(error) = lock_error {
                return Err(error);
            }
            run = run.with_locked_checkpoint(lock.take().expect("taken above"), every);
            run.write_checkpoint().map_err(|e| e.to_string())?;
            eprintln!("grundy: every value agrees; the checkpoint is signed with this key now");
        }
        if let Some(mask) = count_mask {
            run = run.with_count_mask(mask);
        }
        // The split a fresh run on these threads would choose.
        run = run.with_threads(threads);
        let written = |e: std::io::Error| format!("cannot write output: {e}");
        // What an uninterrupted run prints, `at 2^K` lines included: the
        // planner's path over the stored values (a formula where a fresh
        // run reads one, under the split it chooses), computing nothing.
        let mut power_lines = |stats: &SequenceStats, _: f64| -> stonegame::Result<()> {
            if stats.heaps.is_power_of_two() && (stats.heaps >= RUN_CHUNK || stats.heaps == goal) {
                write_power_line(out, stats).map_err(|e| stonegame::Error::Io {
                    path: "standard output".into(),
                    error: e.into(),
                })?;
            }
            Ok(())
        };
        let (stats, result) = planned_stats(&mut run, upto, true, budget, &mut power_lines);
        result.map_err(|e| e.to_string())?;
        if goal.is_power_of_two() && goal < RUN_CHUNK {
            write_power_line(out, &stats).map_err(written)?;
        }
        writeln!(out, "{stats}").map_err(written)?;
        writeln!(out, "values-per-second 0").map_err(written)?;
        writeln!(out, "seconds {:.3}", run.elapsed().as_secs_f64()).map_err(written)?;
        return Ok(());
    }
    if let Some(error) = lock_error {
        return Err(error);
    }
    if let Some((_, every)) = checkpoint {
        let fresh = run.stats().heaps == 0;
        run = run.with_locked_checkpoint(lock.take().expect("taken above"), every);
        // A file that cannot be written is refused now, not after the first
        // interval; one --verify accepted is signed with this key at once.
        if fresh || run.needs_signing() {
            run.write_checkpoint().map_err(|e| e.to_string())?;
        }
    }
    run = run.with_threads(threads);
    if let Some(mask) = count_mask {
        run = run.with_count_mask(mask);
    }
    let mut look = |stats: &SequenceStats, per_second: f64| -> stonegame::Result<()> {
        // Lines at every power of two from RUN_CHUNK on and at the end (the
        // run looks every RUN_CHUNK heaps and at its end; a formula at
        // every power of two).
        if stats.heaps.is_power_of_two() && (stats.heaps >= RUN_CHUNK || stats.heaps == goal) {
            write_power_line(out, stats).map_err(|e| stonegame::Error::Io {
                path: "standard output".into(),
                error: e.into(),
            })?;
        }
        crate::progress::show(|| {
            format!(
                "grundy: {} heap {} of {goal} ({:.1}%), {} rare, largest {}, {per_second:.0} values/s",
                stats.game(),
                stats.heaps,
                stats.heaps as f64 * 100.0 / goal as f64,
                stats.rare_count,
                stats.largest_value,
            )
        });
        Ok(())
    };
    // The planner's path, shared with Python's `grundy_stats`: a game whose
    // values a theorem gives past a first stretch is not run through the
    // quadratic kernel to the end. A checkpoint keeps the stretch the kernel
    // computed, which is all a later run needs.
    let (stats, result) = planned_stats(&mut run, upto, true, budget, &mut look);
    let written = |e: std::io::Error| format!("cannot write output: {e}");
    writeln!(out, "{stats}").map_err(written)?;
    let seconds = run.elapsed().as_secs_f64();
    // The kernel's own rate, unless a formula gave part of the figures.
    let per_second = if stats.heaps == run.stats().heaps {
        run.values_per_second()
    } else {
        stats.heaps as f64 / seconds.max(1e-9)
    };
    writeln!(out, "values-per-second {per_second:.0}").map_err(written)?;
    writeln!(out, "seconds {seconds:.3}").map_err(written)?;
    result.map_err(|e| e.to_string())
}

/// `at 2^K …`: the figures of G(0..2^K), as research tables give them.
fn write_power_line(out: &mut dyn Write, stats: &SequenceStats) -> std::io::Result<()> {
    let last_rare = stats
        .last_rare_heap
        .map_or("none".to_string(), |h| h.to_string());
    let counted = stats.counted.map_or(String::new(), |counted| {
        let last = counted
            .last_rare_heap
            .map_or("none".to_string(), |h| h.to_string());
        format!(
            " count-mask {:#x} rare {} last-rare {last}",
            counted.mask, counted.rare_count
        )
    });
    writeln!(
        out,
        "at 2^{} rare {} last-rare {last_rare} largest {} at {} mask {:#x}{counted}",
        stats.heaps.trailing_zeros(),
        stats.rare_count,
        stats.largest_value,
        stats.largest_first_heap,
        stats.mask
    )
}
