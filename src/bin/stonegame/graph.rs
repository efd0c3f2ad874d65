//! The `graph` subcommand: a token game on a directed graph. Under the
//! default `--format lines` the whole of standard input is one instance;
//! under `contest` instances follow one another, and under `cases` a number
//! of test cases T comes first.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use clap::Args;
use stonegame::retrograde::{DenseSolver, Graph, Value};

use crate::input::{self, InputFormat};

/// Options of `graph` (none: the graph comes from standard input).
#[derive(Args)]
pub struct GraphArgs {}

/// Reads the instances `--format` lays out, labels every vertex of each,
/// prints one line per vertex.
pub fn run(_args: &GraphArgs) -> ExitCode {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    let result = match input::format() {
        InputFormat::Lines => {
            read_graph(stdin.lock()).and_then(|(n, edges)| write_labels(&mut out, 1, n, &edges))
        }
        format => judge_style(stdin.lock(), format, &mut out),
    };
    input::finish(out, result)
}

type Failure = (usize, String);

/// Bytes the run needs for `n` vertices and `m` moves: the move list as read
/// (8 bytes a move), the graph and its predecessor lists (4 bytes a vertex
/// and a move each), and the solver's labels and queue (9 bytes a vertex).
fn bytes_needed(n: u64, m: u64) -> u128 {
    let (n, m) = (u128::from(n), u128::from(m));
    8 * m + 2 * 4 * (n + 1 + m) + 9 * n
}

/// The header and the moves, 0-based, with the line of every problem. The
/// input is read as a stream of tokens: memory stays a few dozen bytes a
/// token whatever the length of a line.
fn read_graph(reader: impl BufRead) -> Result<(usize, Vec<(u32, u32)>), Failure> {
    let mut tokens = TokenStream::new(reader);
    let Some((header_line, header)) = tokens.next_line()? else {
        return Err((1, "empty input, expected `N M`".to_string()));
    };
    let [n, m] = pair(&header, "`N M`").map_err(|e| (header_line, e))?;
    check_header(n, m).map_err(|e| (header_line, e))?;
    let mut edges = reserve_edges(m).map_err(|e| (header_line, e))?;
    while let Some((number, line)) = tokens.next_line()? {
        if edges.len() as u64 == m {
            return Err((number, format!("more than M = {m} moves")));
        }
        let [u, v] = pair(&line, "a move `u v`").map_err(|e| (number, e))?;
        edges.push(check_move(u, v, n).map_err(|e| (number, e))?);
    }
    if (edges.len() as u64) < m {
        return Err((
            header_line,
            format!("M = {m} moves announced, {} given", edges.len()),
        ));
    }
    Ok((n as usize, edges))
}

/// The tokens of one line of `lines` input: the first two, and how many there were.
struct LineTokens {
    first: Vec<Token>,
    count: u64,
}

/// Two non-negative integers, or what is wrong with the line.
fn pair(line: &LineTokens, expected: &str) -> Result<[u64; 2], String> {
    let mut values = [0; 2];
    for (slot, token) in values.iter_mut().zip(&line.first) {
        *slot = token.value.ok_or_else(|| {
            format!(
                "{} is not a non-negative integer (expected {expected})",
                token.shown()
            )
        })?;
    }
    if line.count != 2 {
        return Err(format!("{} numbers, expected {expected}", line.count));
    }
    Ok(values)
}

/// Labels the graph and writes one line per vertex: `Win R`, `Lose R` or
/// `Draw`. A refusal (size or budget) is reported on `line`, the instance's
/// `N M` line.
fn write_labels(
    out: &mut impl Write,
    line: usize,
    n: usize,
    edges: &[(u32, u32)],
) -> Result<(), Failure> {
    let budget = input::budget();
    let refused = |e: stonegame::Error| (line, e.to_string());
    let graph = Graph::from_edges(n, edges, budget).map_err(refused)?;
    let solution = DenseSolver::new(&graph)
        .with_budget(budget)
        .solve()
        .map_err(refused)?;
    let write_error = |e: io::Error| (0, format!("cannot write output: {e}"));
    for u in 0..n as u32 {
        match solution
            .label(u)
            .map(|label| (label.value, label.remoteness))
        {
            Some((Value::Draw, _) | (_, None)) | None => writeln!(out, "Draw"),
            Some((value, Some(r))) => writeln!(out, "{value} {r}"),
        }
        .map_err(write_error)?;
    }
    Ok(())
}

/// Room for `m` moves (within the budget, checked by [`check_header`]),
/// refused with a message when the system will not give it.
fn reserve_edges(m: u64) -> Result<Vec<(u32, u32)>, String> {
    let mut edges = Vec::new();
    edges.try_reserve_exact(m as usize).map_err(|_| {
        stonegame::Error::AllocationRefused {
            what: "the moves",
            bytes: u128::from(m) * 8,
        }
        .to_string()
    })?;
    Ok(edges)
}

/// Refuses counts above `u32::MAX` and sizes over the memory budget.
fn check_header(n: u64, m: u64) -> Result<(), String> {
    let limit = u64::from(u32::MAX);
    for (name, count) in [("N", n), ("M", m)] {
        if count > limit {
            return Err(format!("{name} = {count} is above the limit {limit}"));
        }
    }
    input::budget()
        .check_bytes(bytes_needed(n, m), "the graph and its labels")
        .map_err(|e| e.to_string())
}

/// A move `u v` with both ends in `0..n`, or what is wrong.
fn check_move(u: u64, v: u64, n: u64) -> Result<(u32, u32), String> {
    for vertex in [u, v] {
        if vertex >= n {
            return Err(format!("vertex {vertex} is outside 0..{n} (N = {n})"));
        }
    }
    // Both are below N <= u32::MAX (checked with the header).
    Ok((u as u32, v as u32))
}

/// Judge-style input (`--format contest` or `cases`): instances `N M` and
/// 2M vertex numbers, over any lines (every token counts; no comments),
/// one after another until the end of the input, or T of them after a
/// leading T.
fn judge_style(
    reader: impl BufRead,
    format: InputFormat,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut tokens = TokenStream::new(reader);
    let cases = match format {
        InputFormat::Cases => Some(tokens.number("the number of test cases T")?.1),
        _ => None,
    };
    let mut solved = 0u64;
    while cases.is_none_or(|expected| solved < expected) && tokens.has_more()? {
        let (line, n, m) = {
            let (line, n) = tokens.number("the vertex count N")?;
            let (_, m) = tokens.number("the move count M")?;
            (line, n, m)
        };
        check_header(n, m).map_err(|e| (line, e))?;
        let mut edges = reserve_edges(m).map_err(|e| (line, e))?;
        for k in 0..m {
            let what = format!("move {} of {m} (`u v`)", k + 1);
            let (at, u) = tokens.number(&what)?;
            let (_, v) = tokens.number(&what)?;
            edges.push(check_move(u, v, n).map_err(|e| (at, e))?);
        }
        write_labels(out, line, n as usize, &edges)?;
        solved += 1;
    }
    if let Some(expected) = cases {
        if solved < expected {
            return Err((
                tokens.last_line,
                format!("the input ends after {solved} of the {expected} test cases"),
            ));
        }
        if tokens.has_more()? {
            return Err((
                tokens.number,
                format!("unexpected value after the {expected} test cases"),
            ));
        }
    }
    Ok(())
}

/// A token as read: its value if it is a non-negative integer that fits
/// 64 bits, its first bytes (for messages) and its length.
struct Token {
    value: Option<u64>,
    head: [u8; TOKEN_HEAD],
    kept: usize,
    bytes: u64,
}

impl Token {
    /// The token as messages show it (escaped, cut).
    fn shown(&self) -> String {
        input::shown_head(&self.head[..self.kept], self.bytes)
    }
}

/// Bytes of a token kept for its message.
const TOKEN_HEAD: usize = 64;

/// Whitespace-separated tokens read straight from the input, a buffer at a
/// time, so no line is ever held whole: one rule for every format (ASCII
/// whitespace separates; anything else, a no-break space say, is part of a
/// token and refused with it).
struct TokenStream<R> {
    reader: R,
    /// The number of the line the next byte is on.
    number: usize,
    /// The line of the last token read: where a truncated input is reported.
    last_line: usize,
}

impl<R: BufRead> TokenStream<R> {
    fn new(reader: R) -> Self {
        Self {
            reader,
            number: 1,
            last_line: 1,
        }
    }

    /// The buffered bytes (empty at the end of the input).
    fn buffer(&mut self) -> Result<&[u8], Failure> {
        let number = self.number;
        self.reader
            .fill_buf()
            .map_err(|e| (number, format!("cannot read input: {e}")))
    }

    fn peek(&mut self) -> Result<Option<u8>, Failure> {
        Ok(self.buffer()?.first().copied())
    }

    /// Consumes the next `count` buffered bytes, counting their newlines.
    fn consume(&mut self, count: usize) -> Result<(), Failure> {
        let newlines = self.buffer()?[..count]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.number += newlines;
        self.reader.consume(count);
        Ok(())
    }

    /// Consumes bytes while `keep` holds; `true` if it stopped at a byte
    /// that does not (rather than at the end of the input).
    fn consume_while(&mut self, keep: impl Fn(u8) -> bool) -> Result<bool, Failure> {
        loop {
            let buffer = self.buffer()?;
            if buffer.is_empty() {
                return Ok(false);
            }
            let length = buffer.len();
            let end = buffer.iter().position(|&b| !keep(b)).unwrap_or(length);
            self.consume(end)?;
            if end < length {
                return Ok(true);
            }
        }
    }

    /// Skips whitespace, across lines if `lines` is set, else up to the end
    /// of this line.
    fn skip_space(&mut self, lines: bool) -> Result<(), Failure> {
        self.consume_while(|b| b.is_ascii_whitespace() && (lines || b != b'\n'))?;
        Ok(())
    }

    /// Skips the rest of the line, its newline included.
    fn skip_line(&mut self) -> Result<(), Failure> {
        if self.consume_while(|b| b != b'\n')? {
            self.consume(1)?;
        }
        Ok(())
    }

    /// The token starting here (the caller has skipped the whitespace before it).
    fn token(&mut self) -> Result<Token, Failure> {
        self.last_line = self.number;
        let mut token = Token {
            value: Some(0),
            head: [0; TOKEN_HEAD],
            kept: 0,
            bytes: 0,
        };
        loop {
            let buffer = self.buffer()?;
            let length = buffer.len();
            let end = buffer
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(length);
            for &byte in &buffer[..end] {
                if token.kept < TOKEN_HEAD {
                    token.head[token.kept] = byte;
                    token.kept += 1;
                }
                token.value = token.value.and_then(|value| {
                    let digit = byte.checked_sub(b'0').filter(|&d| d <= 9)?;
                    value.checked_mul(10)?.checked_add(u64::from(digit))
                });
            }
            token.bytes += end as u64;
            // A token holds no newline: nothing to count.
            self.reader.consume(end);
            if end < length || length == 0 {
                return Ok(token);
            }
        }
    }

    /// `false` at the end of the input (after skipping whitespace).
    fn has_more(&mut self) -> Result<bool, Failure> {
        self.skip_space(true)?;
        Ok(self.peek()?.is_some())
    }

    /// The next line that is neither blank nor a comment (`#` first), with
    /// its number: its first two tokens and how many it has.
    fn next_line(&mut self) -> Result<Option<(usize, LineTokens)>, Failure> {
        loop {
            self.skip_space(false)?;
            match self.peek()? {
                None => return Ok(None),
                Some(b'\n') => self.consume(1)?,
                Some(b'#') => self.skip_line()?,
                Some(_) => break,
            }
        }
        let number = self.number;
        let mut line = LineTokens {
            first: Vec::with_capacity(2),
            count: 0,
        };
        loop {
            self.skip_space(false)?;
            match self.peek()? {
                None => break,
                Some(b'\n') => {
                    self.consume(1)?;
                    break;
                }
                Some(_) => {
                    let token = self.token()?;
                    line.count += 1;
                    if line.first.len() < 2 {
                        line.first.push(token);
                    }
                }
            }
        }
        Ok(Some((number, line)))
    }

    /// The next token as a non-negative integer, with its line.
    fn number(&mut self, what: &str) -> Result<(usize, u64), Failure> {
        if !self.has_more()? {
            return Err((self.last_line, format!("the input ends before {what}")));
        }
        let token = self.token()?;
        let value = token.value.ok_or_else(|| {
            (
                self.last_line,
                format!("{what}: {} is not a non-negative integer", token.shown()),
            )
        })?;
        Ok((self.last_line, value))
    }
}
