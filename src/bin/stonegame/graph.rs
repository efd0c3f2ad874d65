//! The `graph` subcommand: a token game on a directed graph, one instance
//! read from the whole of standard input.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use clap::Args;
use stonegame::retrograde::{DenseSolver, Graph, Value};

use crate::input;

/// Options of `graph` (none: the graph comes from standard input).
#[derive(Args)]
pub struct GraphArgs {}

/// Exit status for malformed input or refused work.
const BAD_INPUT: u8 = 2;

/// Reads `N M` and M moves, labels every vertex, prints one line per vertex.
pub fn run(_args: &GraphArgs) -> ExitCode {
    let stdin = io::stdin();
    let answer = read_graph(stdin.lock()).and_then(|(n, edges)| solve(n, &edges));
    match answer {
        Ok(lines) => {
            let mut out = BufWriter::new(io::stdout().lock());
            let written = lines
                .iter()
                .try_for_each(|line| writeln!(out, "{line}"))
                .and_then(|()| out.flush());
            match written {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("stonegame: cannot write output: {e}");
                    ExitCode::from(BAD_INPUT)
                }
            }
        }
        Err((number, message)) => {
            input::report(number, &message);
            ExitCode::from(BAD_INPUT)
        }
    }
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
fn read_graph(reader: impl BufRead) -> Result<(usize, Vec<(u32, u32)>), Failure> {
    let mut lines = reader
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line));
    let mut next_line = || -> Result<Option<(usize, String)>, Failure> {
        for (number, line) in lines.by_ref() {
            let line = line.map_err(|e| (number, format!("cannot read input: {e}")))?;
            let trimmed = line.trim();
            if !trimmed.is_empty() && !trimmed.starts_with('#') {
                return Ok(Some((number, trimmed.to_string())));
            }
        }
        Ok(None)
    };
    let Some((header_line, header)) = next_line()? else {
        return Err((1, "empty input, expected `N M`".to_string()));
    };
    let [n, m] = pair(&header, "`N M`").map_err(|e| (header_line, e))?;
    let limit = u64::from(u32::MAX);
    for (name, count) in [("N", n), ("M", m)] {
        if count > limit {
            return Err((
                header_line,
                format!("{name} = {count} is above the limit {limit}"),
            ));
        }
    }
    let budget = input::budget();
    budget
        .check_bytes(bytes_needed(n, m), "the graph and its labels")
        .map_err(|e| (header_line, e.to_string()))?;
    // Within the budget, so reserving is safe.
    let mut edges = Vec::with_capacity(m as usize);
    while let Some((number, line)) = next_line()? {
        if edges.len() as u64 == m {
            return Err((number, format!("more than M = {m} moves")));
        }
        let [u, v] = pair(&line, "a move `u v`").map_err(|e| (number, e))?;
        for vertex in [u, v] {
            if vertex >= n {
                return Err((
                    number,
                    format!("vertex {vertex} is outside 0..{n} (N = {n})"),
                ));
            }
        }
        // Both are below N <= u32::MAX.
        edges.push((u as u32, v as u32));
    }
    if (edges.len() as u64) < m {
        return Err((
            header_line,
            format!("M = {m} moves announced, {} given", edges.len()),
        ));
    }
    Ok((n as usize, edges))
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

/// One line per vertex: `Win R`, `Lose R` or `Draw`.
fn solve(n: usize, edges: &[(u32, u32)]) -> Result<Vec<String>, Failure> {
    let budget = input::budget();
    let refused = |e: stonegame::Error| (1, e.to_string());
    let graph = Graph::from_edges(n, edges, budget).map_err(refused)?;
    let solution = DenseSolver::new(&graph)
        .with_budget(budget)
        .solve()
        .map_err(refused)?;
    Ok((0..n as u32)
        .map(|u| match solution.label(u) {
            Some(label) => match (label.value, label.remoteness) {
                (Value::Draw, _) | (_, None) => "Draw".to_string(),
                (value, Some(r)) => format!("{value} {r}"),
            },
            None => "Draw".to_string(),
        })
        .collect())
}
