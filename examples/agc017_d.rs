//! AtCoder Grand Contest 017 D "Game on Tree" (Green Hackenbush on a tree),
//! solved with stonegame.
//!
//! Input (standard input): `N`, then `N - 1` edges `x_i y_i` of a tree on
//! vertices `1..=N`. Alice and Bob alternately delete an edge; the part no
//! longer connected to vertex 1 is removed; whoever cannot move loses. Prints
//! `Alice` if Alice, who moves first, wins, else `Bob`. Invalid input prints
//! a message on standard error and exits with status 1.
//!
//! The game is Green Hackenbush with vertex 1 on the ground:
//! [`GreenHackenbush::from_tree`] takes the edges as read and the root, and
//! refuses edges that do not reach it.
//!
//! ```text
//! $ echo "5
//! 1 2
//! 2 3
//! 2 4
//! 4 5" | cargo run --release --example agc017_d
//! Alice
//! ```
//!
//! For a judge: `tools/bundle examples/agc017_d.rs > submission.rs` (docs/contest.md).

use std::io::Read;
use std::process::ExitCode;

use stonegame::Outcome;
use stonegame::impartial::hackenbush::GreenHackenbush;

pub fn solve(input: &str) -> Result<String, String> {
    let mut numbers = input
        .split_ascii_whitespace()
        .enumerate()
        .map(|(index, token)| {
            token.parse::<u32>().map_err(|_| {
                format!(
                    "token {} ('{token}') is not a non-negative integer",
                    index + 1
                )
            })
        });
    let mut next = |what: &str| {
        numbers
            .next()
            .unwrap_or_else(|| Err(format!("input ended before {what}")))
    };
    let n = next("N")?;
    if n == 0 {
        return Err("N is 0: the tree needs vertex 1".to_string());
    }
    let mut edges = Vec::with_capacity(n as usize - 1);
    for i in 1..n {
        let x = next(&format!("x_{i}"))?;
        let y = next(&format!("y_{i}"))?;
        for vertex in [x, y] {
            if !(1..=n).contains(&vertex) {
                return Err(format!("edge {i} names vertex {vertex}, outside 1..={n}"));
            }
        }
        edges.push((x, y));
    }
    if let Some(extra) = numbers.next() {
        let token = extra.map_or_else(|e| e, |v| v.to_string());
        return Err(format!(
            "unexpected extra input after edge {}: {token}",
            n - 1
        ));
    }
    let tree = GreenHackenbush::from_tree(1, &edges).map_err(|e| e.to_string())?;
    Ok(match tree.outcome().map_err(|e| e.to_string())? {
        Outcome::First => "Alice",
        _ => "Bob",
    }
    .to_string())
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("agc017_d: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("agc017_d: {message}");
            ExitCode::FAILURE
        }
    }
}
