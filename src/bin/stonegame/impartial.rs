//! Impartial games on the command line: `nim`, `subtraction`, `boxes`, `grundy`.

use std::process::ExitCode;

use clap::Args;
use stonegame::impartial::HeapMove;
use stonegame::impartial::boxes::{BallBox, Boxes};
use stonegame::impartial::nim::Nim;
use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
use stonegame::{Error, Outcome};

use crate::input;

/// The largest `--upto` of `grundy` (the answer is one line of N + 1 values).
const MAX_UPTO: u64 = 10_000_000;

const HEAP_KIND: &str = "a heap size (a whole number from 0 to 18446744073709551615)";

/// Nim: a move takes any positive number of stones from one heap.
///
/// One instance: heap sizes (0 to 18446744073709551615), separated by spaces.
/// Answer: `First` (the player to move wins with perfect play) or `Second`.
/// Normal play (the last stone wins) unless `--misere` (the last stone loses).
/// Any number of heaps; O(n) per line.
#[derive(Args)]
pub struct NimArgs {
    #[command(flatten)]
    pub play: input::PlayArgs,
    /// Heap sizes (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// Subtraction game: a move takes s stones from one heap, s in the set S.
///
/// One instance: heap sizes (0 to 18446744073709551615, so 10^18 is fine),
/// separated by spaces. Answer: `First` or `Second`. Normal play unless
/// `--misere`. Heaps of any size are answered from the exact period of the
/// Grundy sequence (found within the 1 GiB memory budget, else an error); a
/// set with a few amounts far above the rest (e.g. 1,2,1000000000) is stored
/// as periodic runs, so its largest amount costs no memory or time. Under
/// misère play: S = {1..a} uses the proven boxes rule, a single playable heap
/// uses the exact misère period, and other sums are searched exactly (refused
/// with an error above 1048576 positions).
#[derive(Args)]
pub struct SubtractionArgs {
    #[command(flatten)]
    pub play: input::PlayArgs,
    /// The amounts a move may take, comma-separated positive integers (e.g. `2,3`).
    #[arg(long, value_name = "S", required = true)]
    pub set: String,
    /// Heap sizes (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// Boxes: box i holds x balls, a move takes 1..=a balls from one box.
///
/// One instance: `x:a` pairs separated by spaces (x >= 0, a >= 1, both up to
/// 18446744073709551615). Answer: `First` or `Second`. Normal play (last ball
/// wins) unless `--misere` (last ball loses). A box's size in a `--move`
/// answer counts its balls.
#[derive(Args)]
pub struct BoxesArgs {
    #[command(flatten)]
    pub play: input::PlayArgs,
    /// `x:a` pairs (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

fn message(error: Error) -> String {
    error.to_string()
}

/// A work-cap refusal of a period search names the game by its `--set`
/// (cut to 60 characters); the misère search names it already.
fn named(error: Error, set: &str) -> String {
    match error {
        Error::WorkLimitExceeded { what, steps } if !what.contains("subtraction S =") => {
            Error::WorkLimitExceeded {
                what: format!("subtraction --set {}: {what}", crate::input::shown(set)),
                steps,
            }
            .to_string()
        }
        other => other.to_string(),
    }
}

/// Formats an outcome, with the winning move when asked for: `First I:F->T`,
/// or `First` alone when the player to move has already won.
pub fn answer(outcome: Outcome, show_move: bool, found: Option<HeapMove>) -> String {
    match (outcome, show_move, found) {
        (Outcome::First, true, Some(m)) => format!("First {m}"),
        (outcome, _, _) => outcome.to_string(),
    }
}

fn parse_heaps(line: &str) -> Result<Vec<u64>, String> {
    input::parse_numbers(line, HEAP_KIND)
}

/// Runs `nim`.
pub fn nim(args: &NimArgs) -> ExitCode {
    let nim = Nim::new().with_convention(args.play.convention());
    input::run(&args.values, |line| {
        let heaps = parse_heaps(line)?;
        let outcome = nim.outcome(&heaps);
        let found = nim.winning_move(&heaps);
        Ok(answer(outcome, args.play.show_move, found))
    })
}

/// Parses `--set` (comma-separated positive amounts).
fn parse_set(text: &str) -> Result<SubtractionSet, String> {
    let amounts = text
        .split(',')
        .map(str::trim_ascii)
        .enumerate()
        .map(|(index, token)| {
            input::parse_number::<u64>(token, "a positive whole number", index + 1)
        })
        .collect::<Result<Vec<u64>, String>>()
        .map_err(|e| format!("invalid --set {}: {e}", crate::input::shown(text)))?;
    SubtractionSet::new(amounts)
        .map_err(|e| format!("invalid --set {}: {e}", crate::input::shown(text)))
}

/// Runs `subtraction`.
pub fn subtraction(args: &SubtractionArgs) -> ExitCode {
    let mut game = match parse_set(&args.set) {
        Ok(set) => Subtraction::new(set)
            .with_convention(args.play.convention())
            .with_budget(crate::input::budget()),
        Err(e) => return input::run_single(Err(e)),
    };
    input::run(&args.values, |line| {
        let heaps = parse_heaps(line)?;
        let outcome = game.outcome(&heaps).map_err(|e| named(e, &args.set))?;
        let found = if args.play.show_move && outcome == Outcome::First {
            game.winning_move(&heaps).map_err(|e| named(e, &args.set))?
        } else {
            None
        };
        Ok(answer(outcome, args.play.show_move, found))
    })
}

fn parse_box(token: &str, position: usize) -> Result<BallBox, String> {
    let bad = || {
        format!(
            "value {position} ({}) is not an x:a pair of whole numbers with a >= 1 \
             (x balls, take 1..=a)",
            input::shown(token)
        )
    };
    let (balls, bound) = token.split_once(':').ok_or_else(bad)?;
    let balls: u64 = balls.parse().map_err(|_| bad())?;
    let bound: u64 = bound.parse().map_err(|_| bad())?;
    BallBox::new(balls, bound).map_err(|_| bad())
}

/// Runs `boxes`.
pub fn boxes(args: &BoxesArgs) -> ExitCode {
    let game = Boxes::new().with_convention(args.play.convention());
    input::run(&args.values, |line| {
        let boxes = input::tokens(line)
            .enumerate()
            .map(|(index, token)| parse_box(token, index + 1))
            .collect::<Result<Vec<_>, String>>()?;
        let outcome = game.outcome(&boxes);
        let found = game.winning_move(&boxes);
        Ok(answer(outcome, args.play.show_move, found))
    })
}

/// Runs `grundy`.
/// The `grundy --set S` answer: values, and with `period` a second line.
pub fn grundy_of_set(
    set: &str,
    upto: u64,
    period: bool,
    out: &mut dyn std::io::Write,
) -> Result<(), String> {
    if upto > MAX_UPTO {
        return Err(message(Error::SizeLimitExceeded {
            what: "--upto",
            value: u128::from(upto),
            limit: u128::from(MAX_UPTO),
        }));
    }
    let text = set;
    let set = parse_set(set)?;
    let mut solver = Subtraction::new(set).with_budget(crate::input::budget());
    // Computed before anything is printed, so a refusal leaves no partial line.
    solver.grundy(upto).map_err(|e| named(e, text))?;
    let written = |e: std::io::Error| format!("cannot write output: {e}");
    for n in 0..=upto {
        if n > 0 {
            out.write_all(b" ").map_err(written)?;
        }
        write!(out, "{}", solver.grundy(n).map_err(message)?.0).map_err(written)?;
    }
    writeln!(out).map_err(written)?;
    if period {
        let line = match solver.periodicity() {
            Ok(p) => format!("preperiod {} period {}", p.preperiod(), p.period()),
            Err(Error::NoPeriodWithinBudget { searched, .. }) => {
                format!("no period certified up to {searched}")
            }
            Err(e) => return Err(named(e, text)),
        };
        writeln!(out, "{line}").map_err(written)?;
    }
    Ok(())
}
