//! The `graph` subcommand: a token game on a directed graph. Under the
//! default `--format lines` the whole of standard input is one instance;
//! under `contest` instances follow one another, and under `cases` a number
//! of test cases T comes first.

use std::io::{self, BufRead, BufWriter, Read, Write};
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

/// The header and the moves, 0-based, with the line of every problem.
fn read_graph(mut reader: impl BufRead) -> Result<(usize, Vec<(u32, u32)>), Failure> {
    let limit = u64::try_from(input::budget().bytes()).unwrap_or(u64::MAX);
    let mut number = 0;
    let mut bytes = Vec::new();
    // The next line that is neither blank nor a comment, trimmed, with its
    // number; a line is never read beyond the memory budget.
    let mut next_line = || -> Result<Option<(usize, String)>, Failure> {
        loop {
            number += 1;
            bytes.clear();
            let read = Read::take(&mut reader, limit.saturating_add(1))
                .read_until(b'\n', &mut bytes)
                .map_err(|e| (number, format!("cannot read input: {e}")))?;
            if read == 0 {
                return Ok(None);
            }
            if read as u64 > limit {
                return Err((number, too_long(limit)));
            }
            let line = std::str::from_utf8(&bytes)
                .map_err(|_| (number, "the line is not valid UTF-8 text".to_string()))?;
            let trimmed = line.trim();
            if !trimmed.is_empty() && !trimmed.starts_with('#') {
                return Ok(Some((number, trimmed.to_string())));
            }
        }
    };
    let Some((header_line, header)) = next_line()? else {
        return Err((1, "empty input, expected `N M`".to_string()));
    };
    let [n, m] = pair(&header, "`N M`").map_err(|e| (header_line, e))?;
    check_header(n, m).map_err(|e| (header_line, e))?;
    // Within the budget, so reserving is safe.
    let mut edges = Vec::with_capacity(m as usize);
    while let Some((number, line)) = next_line()? {
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

/// The message for a line longer than the memory budget.
fn too_long(limit: u64) -> String {
    format!(
        "the line is longer than the memory budget of {limit} bytes (raise it with --memory-mib)"
    )
}

/// Two non-negative integers, or what is wrong with the line.
fn pair(line: &str, expected: &str) -> Result<[u64; 2], String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let [a, b] = tokens[..] else {
        return Err(format!("{} numbers, expected {expected}", tokens.len()));
    };
    let parse = |token: &str| {
        token
            .parse::<u64>()
            .map_err(|_| format!("`{token}` is not a non-negative integer (expected {expected})"))
    };
    Ok([parse(a)?, parse(b)?])
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
    let limit = u64::try_from(input::budget().bytes()).unwrap_or(u64::MAX);
    let mut tokens = TokenReader::new(reader, limit);
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
        // Within the budget, so reserving is safe.
        let mut edges = Vec::with_capacity(m as usize);
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

/// Whitespace-separated numbers read one line at a time (a line never held
/// beyond the memory budget), with the line each comes from.
struct TokenReader<R> {
    reader: R,
    limit: u64,
    line: Vec<u8>,
    at: usize,
    /// The number of the line in `line`.
    number: usize,
    /// The line of the last token read: where a truncated input is reported.
    last_line: usize,
}

impl<R: BufRead> TokenReader<R> {
    fn new(reader: R, limit: u64) -> Self {
        Self {
            reader,
            limit,
            line: Vec::new(),
            at: 0,
            number: 0,
            last_line: 1,
        }
    }

    /// Skips whitespace, reading lines as needed; `false` at the end of the input.
    fn has_more(&mut self) -> Result<bool, Failure> {
        loop {
            while self.line.get(self.at).is_some_and(u8::is_ascii_whitespace) {
                self.at += 1;
            }
            if self.at < self.line.len() {
                return Ok(true);
            }
            self.line.clear();
            self.at = 0;
            let number = self.number + 1;
            let read = Read::take(&mut self.reader, self.limit.saturating_add(1))
                .read_until(b'\n', &mut self.line)
                .map_err(|e| (number, format!("cannot read input: {e}")))?;
            if read == 0 {
                return Ok(false);
            }
            self.number = number;
            if read as u64 > self.limit {
                return Err((number, too_long(self.limit)));
            }
        }
    }

    /// The next token as a non-negative integer, with its line.
    fn number(&mut self, what: &str) -> Result<(usize, u64), Failure> {
        if !self.has_more()? {
            return Err((self.last_line, format!("the input ends before {what}")));
        }
        let start = self.at;
        while self
            .line
            .get(self.at)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            self.at += 1;
        }
        self.last_line = self.number;
        let token = String::from_utf8_lossy(&self.line[start..self.at]);
        let value = token.parse::<u64>().map_err(|_| {
            (
                self.number,
                format!(
                    "{what}: {} is not a non-negative integer",
                    input::shown(&token)
                ),
            )
        })?;
        Ok((self.number, value))
    }
}
