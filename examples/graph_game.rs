//! A classic contest task that needs draws: a game on a directed graph.
//!
//! A token sits on a vertex; the players alternately move it along an edge.
//! A player who cannot move loses; if play goes on for ever, it is a draw.
//! For every start vertex, print its value for the player to move there,
//! with the number of moves to the end under optimal play.
//!
//! Same conventions as `stonegame graph` (docs/retrograde.md): input on
//! standard input
//! ```text
//! N M
//! u_1 v_1
//! ...
//! u_M v_M
//! ```
//! with vertices `0..N` (0-based), multiple edges and self-loops allowed,
//! blank lines and lines starting with `#` skipped. Output: `N` lines, `Win R`,
//! `Lose R` (R moves to the end: the winner hurries, the loser delays) or
//! `Draw`. Malformed input prints `line K: <problem>` on standard error and
//! exits with status 2.
//!
//! ```text
//! $ printf '5 6\n0 1\n0 3\n1 0\n1 2\n2 3\n4 4\n' | cargo run --release --example graph_game
//! Win 1
//! Lose 2
//! Win 1
//! Lose 0
//! Draw
//! ```
//! (3 has no move: lost. 2 → 3 and 0 → 3 win. 1 can only reach the won 0 and
//! 2: lost in 2, although 0 ⇄ 1 is a cycle. 4 loops on itself for ever: a draw.)

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use stonegame::Budget;
use stonegame::retrograde::{Graph, Label, Value};

/// Exit status for malformed input or refused work.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = io::stdin().read_to_string(&mut input) {
        eprintln!("line 1: cannot read standard input as text: {error}");
        return ExitCode::from(BAD_INPUT);
    }
    match solve(&input) {
        Ok(values) => print_values(&values),
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

fn print_values(labels: &[Label]) -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    for label in labels {
        if writeln!(out, "{}", shown(label)).is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// A vertex's answer line: `Win R`, `Lose R` or `Draw`.
pub fn shown(label: &Label) -> String {
    match (label.value, label.remoteness) {
        (Value::Win | Value::Lose | Value::Tie, Some(r)) => format!("{} {r}", label.value),
        _ => "Draw".to_string(),
    }
}

/// Parses the graph and labels every vertex, or explains what is wrong.
pub fn solve(input: &str) -> Result<Vec<Label>, String> {
    let (n, edges) = parse(input)?;
    let budget = Budget::default();
    let graph = Graph::from_edges(n, &edges, budget).map_err(|e| format!("line 1: {e}"))?;
    let solution = graph.solve().map_err(|e| format!("line 1: {e}"))?;
    Ok((0..n as u32).filter_map(|u| solution.label(u)).collect())
}

/// The vertex count and the edges, 0-based.
fn parse(input: &str) -> Result<(usize, Vec<(u32, u32)>), String> {
    let mut lines = input
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
    let Some((first, header)) = lines.next() else {
        return Err("line 1: empty input, expected `N M`".to_string());
    };
    let [n, m] = pair(header).map_err(|e| format!("line {first}: {e} (expected `N M`)"))?;
    let limit = u64::from(u32::MAX);
    if n > limit {
        return Err(format!(
            "line {first}: N = {n} is above the limit of {limit} vertices"
        ));
    }
    if m > limit {
        return Err(format!(
            "line {first}: M = {m} is above the limit of {limit} edges"
        ));
    }
    // Grow as edges arrive: a huge M must not reserve memory before it is backed by input.
    let mut edges = Vec::with_capacity(m.min(1 << 20) as usize);
    let mut last_line = first;
    for (number, line) in lines {
        last_line = number;
        if edges.len() as u64 == m {
            return Err(format!(
                "line {number}: unexpected input after the {m} edges"
            ));
        }
        let [u, v] =
            pair(line).map_err(|e| format!("line {number}: {e} (expected an edge `u v`)"))?;
        for vertex in [u, v] {
            if vertex >= n {
                return Err(format!("line {number}: vertex {vertex} is outside 0..{n}"));
            }
        }
        // Both are below N <= u32::MAX, checked above.
        edges.push((u as u32, v as u32));
    }
    if (edges.len() as u64) < m {
        return Err(format!(
            "line {}: input ends after {} of the {m} edges",
            last_line + 1,
            edges.len()
        ));
    }
    Ok((n as usize, edges))
}

/// Exactly two non-negative integers.
fn pair(line: &str) -> Result<[u64; 2], String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let [a, b] = tokens[..] else {
        return Err(format!("found {} numbers, expected 2", tokens.len()));
    };
    let number = |token: &str| {
        token
            .parse::<u64>()
            .map_err(|_| format!("`{token}` is not a non-negative integer"))
    };
    Ok([number(a)?, number(b)?])
}
