//! Reading instances (one per line) and reporting bad input as `line N: …` with exit status 2.

use clap::{Args, ValueEnum};
use std::io::{self, BufRead, BufWriter, Read, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::OnceLock;
use stonegame::Budget;

/// How standard input lays out its instances.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// One instance per line; blank lines and lines starting with `#` are skipped.
    #[default]
    Lines,
    /// Judge style: a count N, then N values (over any number of lines);
    /// instances follow one another until the end of the input.
    Contest,
    /// Judge style with a leading number of test cases T, then T instances
    /// laid out as in `contest`.
    Cases,
}

/// How one game's instance is laid out in the judge-style formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A count N, then N values: the instance is those values.
    Counted,
    /// A count N, then N values, then N more (`valuations`: `a … / b …`).
    CountedTwice,
    /// The game has no judge-style layout (its line is not a list of values).
    None,
}

/// Options that apply to every game.
struct Settings {
    format: InputFormat,
    layout: Layout,
    budget: Budget,
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// Records the options every game shares; called once by `main` before any game runs.
pub fn configure(format: InputFormat, layout: Layout, budget: Budget) {
    let _ = SETTINGS.set(Settings {
        format,
        layout,
        budget,
    });
}

fn settings() -> &'static Settings {
    SETTINGS.get_or_init(|| Settings {
        format: InputFormat::Lines,
        layout: Layout::Counted,
        budget: Budget::default(),
    })
}

/// How standard input lays out instances (`--format`).
pub fn format() -> InputFormat {
    settings().format
}

/// The memory budget and work cap set by `--memory-mib` and `--max-work`.
pub fn budget() -> Budget {
    settings().budget
}

/// The help of `--move`, the same words for every heap game: the one place
/// the move format is documented.
pub const MOVE_HELP: &str = "After `First`, print one winning move as `First I:F->T`: heap I \
(counted from 1; a box or a row) of size F becomes the heaps T joined by `+`, or `0` when \
nothing remains, e.g. `First 1:3->1`. With nothing left to take under misère play, `First` \
alone (the opponent made the last move)";

/// The play options every `First`/`Second` heap game shares.
#[derive(Args)]
pub struct PlayArgs {
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    #[arg(long = "move", help = MOVE_HELP)]
    pub show_move: bool,
}

impl PlayArgs {
    /// The convention these options ask for.
    pub fn convention(&self) -> stonegame::Convention {
        if self.misere {
            stonegame::Convention::Misere
        } else {
            stonegame::Convention::Normal
        }
    }
}

/// Exit status for malformed input or refused work.
const BAD_INPUT: u8 = 2;

/// Solves every instance and prints one answer per instance.
///
/// With `values` non-empty they form the single instance (reported as line 1);
/// otherwise instances are read from standard input, one per line, skipping
/// blank lines and lines starting with `#`. The first failing instance stops
/// the run with `line N: <message>` on standard error and exit status 2.
pub fn run(values: &[String], mut solve: impl FnMut(&str) -> Result<String, String>) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let settings = settings();
    let result = if !values.is_empty() {
        solve_line(&mut out, 1, &values.join(" "), &mut solve)
    } else if settings.format == InputFormat::Lines {
        solve_stdin(&mut out, &mut solve)
    } else {
        solve_judge_style(&mut out, settings, &mut solve)
    };
    finish(out, result)
}

/// Prints one answer computed without reading instances (e.g. `grundy`).
pub fn run_single(answer: Result<String, String>) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = answer
        .map_err(|message| (1, message))
        .and_then(|text| writeln!(out, "{text}").map_err(|e| (0, e.to_string())));
    finish(out, result)
}

/// Prints an answer too long to hold as one string (e.g. `grundy --upto N`):
/// `write` streams it. A failure before anything is written is reported as
/// line 1, like every argument error.
pub fn run_streamed(write: impl FnOnce(&mut dyn Write) -> Result<(), String>) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = write(&mut out).map_err(|message| (1, message));
    finish(out, result)
}

/// A failure: the line number (0 for none) and the message.
pub type Failure = (usize, String);

fn solve_stdin(
    out: &mut impl Write,
    solve: &mut impl FnMut(&str) -> Result<String, String>,
) -> Result<(), Failure> {
    let limit = u64::try_from(budget().bytes()).unwrap_or(u64::MAX);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        // One line at a time, never more than the memory budget of it.
        let read = (&mut input)
            .take(limit.saturating_add(1))
            .read_until(b'\n', &mut bytes)
            .map_err(|e| (number, format!("cannot read input: {e}")))?;
        if read == 0 {
            break;
        }
        if read as u64 > limit {
            return Err((
                number,
                format!(
                    "the line is longer than the memory budget of {limit} bytes \
                     (raise it with --memory-mib)"
                ),
            ));
        }
        let line = std::str::from_utf8(&bytes)
            .map_err(|_| (number, "the line is not valid UTF-8 text".to_string()))?;
        let trimmed = line.trim_ascii();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        solve_line(out, number, trimmed, solve)?;
    }
    Ok(())
}

fn solve_line(
    out: &mut impl Write,
    number: usize,
    line: &str,
    solve: &mut impl FnMut(&str) -> Result<String, String>,
) -> Result<(), Failure> {
    // Each instance's progress counts from zero (its expected work is its own).
    crate::progress::next_instance();
    let answer = solve(line).map_err(|message| (number, message))?;
    writeln!(out, "{answer}").map_err(|e| (0, format!("cannot write output: {e}")))
}

/// Flushes the answers and reports the first failure as `line N: …` (exit status 2).
pub fn finish(mut out: impl Write, result: Result<(), Failure>) -> ExitCode {
    // Answers already computed are flushed before the error, so output stays in order.
    let flushed = out.flush();
    crate::progress::clear();
    match (result, flushed) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err((0, message)), _) => {
            eprintln!("stonegame: {}", printable(&message));
            ExitCode::from(BAD_INPUT)
        }
        (Err((number, message)), _) => {
            report(number, &message);
            ExitCode::from(BAD_INPUT)
        }
        (Ok(()), Err(e)) => {
            eprintln!(
                "stonegame: cannot write output: {}",
                printable(&e.to_string())
            );
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// Prints `line N: message` on standard error (made printable: see [`printable`]).
pub fn report(number: usize, message: &str) {
    crate::progress::clear();
    eprintln!(
        "line {number}: {}{}",
        printable(message),
        command_line_hint(message)
    );
}

/// The library's refusals say how to raise a limit in code (`Budget::…`);
/// on the command line the same limit is a flag, named here.
fn command_line_hint(message: &str) -> &'static str {
    match (
        message.contains("Budget::from_bytes"),
        message.contains("Budget::with_work"),
    ) {
        (true, true) => "; on the command line: --memory-mib and --max-work",
        (true, false) => "; on the command line: --memory-mib",
        (false, true) => "; on the command line: --max-work",
        (false, false) => "",
    }
}

/// The longest piece of a token quoted in a message.
const SHOWN_CHARS: usize = 40;

/// The longest message printed whole; a longer one (a library message that
/// quotes a huge input, say) is cut.
const MESSAGE_CHARS: usize = 300;

/// A token as messages show it: quoted, cut to [`SHOWN_CHARS`] characters, with
/// control and invisible characters escaped (`\n`, `\u{1b}`, `\u{a0}`), so a
/// message is always one readable line. Every message that quotes what the
/// user typed quotes it through this (or [`shown_head`]).
pub fn shown(token: &str) -> String {
    let mut text = String::from("'");
    for (count, c) in token.chars().enumerate() {
        if count == SHOWN_CHARS {
            let total = token.chars().count();
            text.push_str(&format!("…' ({total} characters)"));
            return text;
        }
        push_escaped(&mut text, c);
    }
    text.push('\'');
    text
}

/// A token of `bytes` bytes of which only the first few, `head`, were kept
/// (streamed input): shown as [`shown`] shows tokens, with its length in
/// bytes when it is cut.
pub fn shown_head(head: &[u8], bytes: u64) -> String {
    let text = String::from_utf8_lossy(head);
    let whole = bytes == head.len() as u64;
    if whole && text.chars().count() <= SHOWN_CHARS {
        return shown(&text);
    }
    let mut shown = String::from("'");
    for c in text.chars().take(SHOWN_CHARS) {
        push_escaped(&mut shown, c);
    }
    shown.push_str(&format!("…' ({bytes} bytes)"));
    shown
}

/// A library message that quotes `token` as `'token'`, with the quote
/// replaced by the token [`shown`].
pub fn echoing(message: &str, token: &str) -> String {
    message.replace(&format!("'{token}'"), &shown(token))
}

/// A message as it is printed: control and invisible characters escaped as
/// in [`shown`] (so no byte of the input reaches the terminal raw), and cut
/// after [`MESSAGE_CHARS`] characters.
pub fn printable(message: &str) -> String {
    let mut text = String::new();
    for (count, c) in message.chars().enumerate() {
        if count == MESSAGE_CHARS {
            let total = message.chars().count();
            text.push_str(&format!("… (message cut, {total} characters)"));
            return text;
        }
        push_escaped(&mut text, c);
    }
    text
}

/// Appends `c`, escaped if it is a control, whitespace other than a space,
/// or invisible character.
fn push_escaped(text: &mut String, c: char) {
    match c {
        '\n' => text.push_str("\\n"),
        '\r' => text.push_str("\\r"),
        '\t' => text.push_str("\\t"),
        ' ' => text.push(' '),
        c if c.is_control() || c.is_whitespace() || is_invisible(c) => {
            text.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
        c => text.push(c),
    }
}

/// Format characters that print as nothing (zero-width spaces and joiners, marks).
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

/// Splits an instance into tokens: one whitespace rule for every game, ASCII
/// whitespace only. Any other character (a no-break space, say) stays inside
/// its token, which is then refused with the character shown escaped.
pub fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split_ascii_whitespace()
}

/// Parses whitespace-separated numbers, naming the first bad token. The list
/// is sized against the memory budget (with the line it comes from) before it
/// is allocated.
pub fn parse_numbers<T: FromStr>(text: &str, kind: &str) -> Result<Vec<T>, String> {
    let count = tokens(text).count();
    let mut values = vec_within_budget::<T>(text.len(), count)?;
    for (index, token) in tokens(text).enumerate() {
        values.push(parse_number(token, kind, index + 1)?);
    }
    Ok(values)
}

/// Checks that `count` values of `T` fit the memory budget beside an input
/// line of `line_bytes` bytes.
pub fn reserve_within_budget<T>(line_bytes: usize, count: usize) -> Result<(), String> {
    let needed = (count as u128)
        .saturating_mul(std::mem::size_of::<T>() as u128)
        .saturating_add(line_bytes as u128);
    let limit = budget().bytes();
    if needed > limit {
        return Err(format!(
            "{count} values need {needed} bytes with their line, above the memory budget of \
             {limit} bytes (raise it with --memory-mib)"
        ));
    }
    Ok(())
}

/// An empty list with room for `count` values of `T`, checked against the
/// memory budget beside a line of `line_bytes` bytes, then allocated
/// fallibly: a process memory limit below the budget is a message, not an
/// abort.
pub fn vec_within_budget<T>(line_bytes: usize, count: usize) -> Result<Vec<T>, String> {
    reserve_within_budget::<T>(line_bytes, count)?;
    let mut values = Vec::new();
    values.try_reserve_exact(count).map_err(|_| {
        stonegame::Error::AllocationRefused {
            what: "the values of an input line",
            bytes: (count as u128).saturating_mul(std::mem::size_of::<T>() as u128),
        }
        .to_string()
    })?;
    Ok(values)
}

/// Parses one number; `position` (1-based) names the token in the message.
pub fn parse_number<T: FromStr>(token: &str, kind: &str, position: usize) -> Result<T, String> {
    token
        .parse()
        .map_err(|_| format!("value {position} ({}) is not {kind}", shown(token)))
}

pub const INTEGER: &str = "an integer in the i64 range";

/// A decimal `i64` (optional sign, at most 18 digits) without the generic
/// machinery of `str::parse`; anything else is left to `str::parse`.
pub fn fast_i64(bytes: &[u8]) -> Option<i64> {
    let (negative, digits) = match bytes {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, bytes),
    };
    // 18 digits cannot overflow i64, so the loop needs no checks.
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut magnitude: i64 = 0;
    for &byte in digits {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        magnitude = magnitude * 10 + i64::from(digit);
    }
    Some(if negative { -magnitude } else { magnitude })
}

/// Solves judge-style input: instances given as a count and that many values.
fn solve_judge_style(
    out: &mut impl Write,
    settings: &Settings,
    solve: &mut impl FnMut(&str) -> Result<String, String>,
) -> Result<(), Failure> {
    if settings.layout == Layout::None {
        return Err((
            1,
            "this game has no judge-style input (--format contest or cases); \
             use the default --format lines"
                .into(),
        ));
    }
    let text = read_all_within(settings.budget)?;
    let mut tokens = Tokens::new(&text);
    let cases = match settings.format {
        InputFormat::Cases => Some(tokens.count("the number of test cases T")?),
        _ => None,
    };
    let mut solved = 0u64;
    while cases.is_none_or(|expected| solved < expected) && tokens.has_more() {
        let (number, instance) = next_instance(&mut tokens, settings.layout)?;
        solve_line(out, number, &instance, solve)?;
        solved += 1;
    }
    if let Some(expected) = cases {
        if solved < expected {
            return Err((
                tokens.last_token_line(),
                format!("the input ends after {solved} of the {expected} test cases"),
            ));
        }
        if tokens.has_more() {
            return Err((
                tokens.line_of_next(),
                format!("unexpected value after the {expected} test cases"),
            ));
        }
    }
    Ok(())
}

/// One instance as the line the game's solver reads, with the line number of its count.
fn next_instance(tokens: &mut Tokens<'_>, layout: Layout) -> Result<(usize, String), Failure> {
    let number = tokens.line_of_next();
    let count = tokens.count("the count N")?;
    let mut instance = tokens.take(count)?;
    if layout == Layout::CountedTwice {
        instance.push_str(" / ");
        instance.push_str(&tokens.take(count)?);
    }
    Ok((number, instance))
}

/// Reads all of standard input, refusing more than the memory budget allows.
fn read_all_within(budget: Budget) -> Result<String, Failure> {
    let limit = u64::try_from(budget.bytes()).unwrap_or(u64::MAX);
    let mut text = String::new();
    io::stdin()
        .lock()
        .take(limit.saturating_add(1))
        .read_to_string(&mut text)
        .map_err(|e| (1, format!("cannot read input: {e}")))?;
    if text.len() as u64 > limit {
        return Err((
            1,
            format!(
                "the input is larger than the memory budget of {limit} bytes \
                 (raise it with --memory-mib)"
            ),
        ));
    }
    Ok(text)
}

/// Whitespace-separated tokens with the line each starts on.
struct Tokens<'a> {
    rest: &'a str,
    line: usize,
    /// The line of the last token read: where a truncated input is reported.
    last_token_line: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            rest: text,
            line: 1,
            last_token_line: 1,
        }
    }

    /// Skips whitespace (ASCII, as [`tokens`] does), counting newlines.
    fn skip_space(&mut self) {
        let trimmed = self.rest.trim_ascii_start();
        let skipped = &self.rest[..self.rest.len() - trimmed.len()];
        self.line += skipped.matches('\n').count();
        self.rest = trimmed;
    }

    fn has_more(&mut self) -> bool {
        self.skip_space();
        !self.rest.is_empty()
    }

    fn last_token_line(&self) -> usize {
        self.last_token_line
    }

    fn line_of_next(&mut self) -> usize {
        self.skip_space();
        self.line
    }

    fn next(&mut self) -> Option<&'a str> {
        self.skip_space();
        if self.rest.is_empty() {
            return None;
        }
        let end = self
            .rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(self.rest.len());
        let (token, rest) = self.rest.split_at(end);
        self.rest = rest;
        self.last_token_line = self.line;
        Some(token)
    }

    /// A count: a non-negative integer.
    fn count(&mut self, what: &str) -> Result<u64, Failure> {
        let line = self.line_of_next();
        let Some(token) = self.next() else {
            return Err((
                self.last_token_line,
                format!("the input ends before {what}"),
            ));
        };
        token.parse().map_err(|_| {
            (
                line,
                format!("{what} ({}) is not a non-negative integer", shown(token)),
            )
        })
    }

    /// The next `count` tokens joined by spaces.
    fn take(&mut self, count: u64) -> Result<String, Failure> {
        let mut joined = String::new();
        for taken in 0..count {
            let token = self.next().ok_or_else(|| {
                (
                    self.last_token_line,
                    format!("the input ends after {taken} of the {count} values announced"),
                )
            })?;
            if taken > 0 {
                joined.push(' ');
            }
            joined.push_str(token);
        }
        Ok(joined)
    }
}
