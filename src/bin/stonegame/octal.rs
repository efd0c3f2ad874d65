//! Take-and-break games on the command line: `octal`, `last-one`, and the
//! `--octal` / `--game` sources of `grundy`.

use crate::impartial::answer;
use crate::input;
use clap::Args;
use std::io::Write;
use stonegame::Outcome;
use stonegame::impartial::octal::{
    ArithmeticPeriod, DEFAULT_SEQUENCE_WORK, LastOne, MAX_SEQUENCE_HEAP, MAX_SEQUENCE_THREADS,
    OctalGame, PeriodCertificate, PlannedValues, RUN_CHUNK, SequenceStats, SolverState,
    SparseGrundy, TakeAndBreak, arithmetic_period, certify_values, planned_values,
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

/// Heaps whose values are computed to look for a proven arithmetic period
/// (the pattern of Lasker's Nim shows well within them).
const ARITHMETIC_PROBE: u64 = 400;

/// The proven arithmetic period of `game` (Lasker's Nim), if one applies.
fn proven_arithmetic(game: &TakeAndBreak, upto: u64) -> Result<Option<ArithmeticPeriod>, String> {
    let probe = upto.min(ARITHMETIC_PROBE);
    let found =
        arithmetic_period(game, probe, crate::input::budget()).map_err(|e| e.to_string())?;
    Ok(found.filter(ArithmeticPeriod::is_certified))
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

/// Seconds between two progress lines of `grundy --stats`.
const PROGRESS_SECONDS: u64 = 5;

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
    let budget = crate::input::budget();
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
        let stats = run.stats_at(goal).map_err(|e| e.to_string())?;
        let written = |e: std::io::Error| format!("cannot write output: {e}");
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
    let mut last_line = std::time::Instant::now();
    let mut look = |run: &SequenceRun| -> stonegame::Result<()> {
        let stats = run.stats();
        // The run looks every RUN_CHUNK heaps and at its end (not at the
        // end of the stretch before a formula takes over).
        if stats.heaps.is_power_of_two() && (stats.heaps >= RUN_CHUNK || stats.heaps == goal) {
            write_power_line(out, &stats).map_err(|e| stonegame::Error::Io {
                path: "standard output".into(),
                error: e.into(),
            })?;
        }
        if last_line.elapsed().as_secs() >= PROGRESS_SECONDS {
            last_line = std::time::Instant::now();
            eprintln!(
                "grundy: {} heap {} of {goal} ({:.1}%), {} rare, largest {}, {:.0} values/s",
                stats.game(),
                stats.heaps,
                stats.heaps as f64 * 100.0 / goal as f64,
                stats.rare_count,
                stats.largest_value,
                run.values_per_second()
            );
        }
        Ok(())
    };
    // A game whose values a theorem gives past a first stretch is not run
    // through the quadratic kernel to the end: the kernel computes the first
    // stretch, and the figures of the rest are read off the proven formula.
    // (A checkpointed run keeps the kernel, so its file stays resumable.)
    // Formulas known before any value is computed need a shorter stretch.
    let known = known_formula(run.solver().game(), upto)?;
    let probe = if known.is_some() {
        SHORT_STATS_PROBE
    } else {
        STATS_PROBE
    };
    let formula_from = probe.min(upto);
    let mut result = Ok(());
    let mut by_formula = None;
    if checkpoint.is_none() && upto > formula_from {
        result = run.extend_with(formula_from, &mut look);
        if result.is_ok() {
            by_formula = match known {
                Some(formula) => Some(formula),
                None => periodic_formula(run.solver()),
            };
        }
    }
    let written = |e: std::io::Error| format!("cannot write output: {e}");
    let mut stats = run.stats();
    match by_formula {
        Some(formula) => {
            let spent = run.solver().work();
            let cap = crate::input::budget().work_or(DEFAULT_SEQUENCE_WORK);
            let state = run.solver().state();
            let read_off =
                extend_stats_by_formula(&mut stats, state, &formula, upto, out, |heaps| {
                    (spent.saturating_add(heaps) > cap).then(|| {
                        format!(
                            "{} --stats stopped at heap {heaps} (read off its proven \
                         formula), the work limit of {cap} steps; raise it with --max-work",
                            run.solver().game()
                        )
                    })
                });
            writeln!(out, "{stats}").map_err(written)?;
            let seconds = run.elapsed().as_secs_f64();
            writeln!(
                out,
                "values-per-second {:.0}",
                stats.heaps as f64 / seconds.max(1e-9)
            )
            .map_err(written)?;
            writeln!(out, "seconds {seconds:.3}").map_err(written)?;
            read_off
        }
        None => {
            if result.is_ok() {
                result = run.extend_with(upto, &mut look);
                stats = run.stats();
            }
            writeln!(out, "{stats}").map_err(written)?;
            writeln!(out, "values-per-second {:.0}", run.values_per_second()).map_err(written)?;
            writeln!(out, "seconds {:.3}", run.elapsed().as_secs_f64()).map_err(written)?;
            result.map_err(|e| e.to_string())
        }
    }
}

/// Heaps `grundy --stats` computes with the kernel before it looks for a
/// proven formula for the rest: the first `at 2^14` line's.
const STATS_PROBE: u64 = (1 << 14) - 1;

/// The stretch for a game whose formula is known beforehand (the kernel
/// still chooses the rare/common split the figures are counted under).
const SHORT_STATS_PROBE: u64 = (1 << 10) - 1;

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

/// Every value of a game past some heap, by a theorem.
enum Formula {
    /// G(n) = n (Nim-like codes).
    Identity,
    /// The octal periodicity theorem's certificate.
    Periodic(PeriodCertificate),
    /// A proven arithmetic period (Lasker's Nim).
    Arithmetic(ArithmeticPeriod),
}

impl Formula {
    /// G(heap), refused when it does not fit the statistics' 32 bits.
    fn value(&self, heap: u64) -> Result<u32, String> {
        let value = match self {
            Formula::Identity => heap,
            Formula::Periodic(certificate) => certificate.grundy(heap).0,
            Formula::Arithmetic(pattern) => pattern.grundy(heap).map_err(|e| e.to_string())?.0,
        };
        u32::try_from(value).map_err(|_| format!("G({heap}) = {value} does not fit 32 bits"))
    }
}

/// The formula a theorem gives `game` whatever its values: G(n) = n for
/// Nim-like codes, Lasker's Nim's arithmetic period.
fn known_formula(game: &TakeAndBreak, upto: u64) -> Result<Option<Formula>, String> {
    if game.is_nim_like() {
        return Ok(Some(Formula::Identity));
    }
    Ok(proven_arithmetic(game, upto)?.map(Formula::Arithmetic))
}

/// The octal periodicity theorem's certificate for `solver`'s values, if
/// they prove one (finite codes only).
fn periodic_formula(solver: &SparseGrundy) -> Option<Formula> {
    let max_take = solver.game().max_take()?;
    let values: Vec<u32> = solver.values().collect();
    certify_values(&values, max_take).map(Formula::Periodic)
}

/// Whether `heap` is rare under the solver's split `state` (the rule of
/// the solver's rare list: `parity(G & mask) == domain · ((heap + offset) mod 2)`).
fn is_rare(state: SolverState, heap: u64, value: u32) -> bool {
    (value & state.mask).count_ones() & 1 == state.domain & ((heap as u32 ^ state.offset) & 1)
}

/// Extends `stats` (of G(0..stats.heaps)) to G(0..=upto) with values read
/// off `formula`, printing the `at 2^K` lines; `over_cap(heaps)` stops it
/// (one step of work a heap) with the message it returns.
fn extend_stats_by_formula(
    stats: &mut SequenceStats,
    state: SolverState,
    formula: &Formula,
    upto: u64,
    out: &mut dyn Write,
    over_cap: impl Fn(u64) -> Option<String>,
) -> Result<(), String> {
    let written = |e: std::io::Error| format!("cannot write output: {e}");
    // The cap is looked at every 2^16 heaps: a check a heap would cost more than the heap.
    const CHECK_EVERY: u64 = 1 << 16;
    for heap in stats.heaps..=upto {
        if heap % CHECK_EVERY == 0 {
            if let Some(message) = over_cap(heap) {
                return Err(message);
            }
        }
        let value = formula.value(heap)?;
        if heap > 0 && is_rare(state, heap, value) {
            stats.rare_count += 1;
            stats.last_rare_heap = Some(heap);
        }
        if value > stats.largest_value || heap == 0 {
            stats.largest_value = value;
            stats.largest_first_heap = heap;
        }
        if let Some(counted) = &mut stats.counted {
            if heap > 0 && (value & counted.mask).count_ones() % 2 == 0 {
                counted.rare_count += 1;
                counted.last_rare_heap = Some(heap);
            }
        }
        stats.heaps = heap + 1;
        // As the kernel's run, which looks at its figures every RUN_CHUNK heaps.
        if stats.heaps.is_power_of_two() && stats.heaps >= RUN_CHUNK {
            write_power_line(out, stats).map_err(written)?;
        }
    }
    Ok(())
}
