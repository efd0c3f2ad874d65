//! Take-and-break games on the command line: `octal`, `last-one`, and the
//! `--octal` / `--game` sources of `grundy`.

use crate::impartial::answer;
use crate::input;
use clap::Args;
use stonegame::impartial::octal::{
    LastOne, OctalGame, TakeAndBreak, certify_values, grundy_sequence,
};
use stonegame::{Budget, Outcome};

/// An octal game: heap sizes in, `First` or `Second` out.
///
/// CODE is an octal code such as `0.77` (Kayles), `0.07` (Dawson's Kayles),
/// `0.137`, `4.07`; a group in parentheses at the end repeats forever
/// (`0.(7)` is Last One, `0.(3)` is Nim); names `kayles`, `dawsons-kayles`,
/// `dawsons-chess`, `nim`, `last-one`, `grundys-game` are accepted too.
/// Heaps may go up to 10^18 when the game's period is proven (searching up to
/// 4,194,304 heaps) or the game is Nim-like; otherwise up to 4,194,303.
/// With --misere, Nim-like codes use the misère Nim rule; other codes use
/// their misère quotient when one with a proven period is found within 1,024
/// heaps (Kayles, 0.75, tame codes: heaps up to 10^18), and otherwise an exact
/// search (at most 4,000,000 positions, else an error). A `--move` that
/// splits a heap leaves two heaps, e.g. `First 1:5->2+2`.
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
        let game = TakeAndBreak::by_name(&args.code).map_err(|e| e.to_string())?;
        Ok(Self {
            game: OctalGame::new(game).with_convention(args.play.convention()),
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

/// The `grundy --octal CODE` / `--game NAME` answer: values, and with
/// `period` a second line.
pub fn grundy(name: &str, upto: u64, period: bool) -> Result<String, String> {
    let game = TakeAndBreak::by_name(name).map_err(|e| e.to_string())?;
    let values: Vec<u64> = if game.is_nim_like() {
        // G(n) = n is proven for these codes (see docs/octal.md).
        if upto > 50_000_000 {
            return Err(format!(
                "--upto {} is above the limit of 50000000 values to print",
                upto
            ));
        }
        (0..=upto).collect()
    } else {
        grundy_sequence(&game, upto, Budget::default())
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(u64::from)
            .collect()
    };
    let mut text = values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    if period {
        text.push('\n');
        text.push_str(&period_line(&game, &values, upto));
    }
    Ok(text)
}

fn period_line(game: &TakeAndBreak, values: &[u64], upto: u64) -> String {
    if game.is_nim_like() {
        return format!(
            "no period certified up to {upto} (G(n) = n is proven: arithmetic, not periodic)"
        );
    }
    let Some(max_take) = game.max_take() else {
        return format!("no period certified up to {upto}");
    };
    let narrow: Vec<u32> = values.iter().map(|&v| v as u32).collect();
    match certify_values(&narrow, max_take) {
        Some(c) => format!("preperiod {} period {}", c.preperiod(), c.period()),
        None => format!("no period certified up to {upto}"),
    }
}
