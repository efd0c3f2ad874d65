//! Codeforces 786A "Berzerk", solved with stonegame's implicit retrograde
//! solver: no move is stored.
//!
//! `n` objects stand in a circle, object 1 is a black hole. Rick has a set
//! of step sizes, Morty another (each in `1..n`); a monster starts on one of
//! the objects `2..=n`, and the players alternately move it clockwise by a
//! step from their own set. Whoever moves it onto the black hole wins. For
//! each start, print `Win`, `Lose` or `Loop` (play goes on for ever) for the
//! player who moves first: one line when Rick starts, one when Morty does.
//!
//! Input (standard input):
//! ```text
//! n
//! k1 s1_1 … s1_k1
//! k2 s2_1 … s2_k2
//! ```
//! with `2 <= n`, `1 <= k <= n - 1` distinct steps in `1..n` per line.
//! Invalid input prints `line N: <problem>` on standard error and exits
//! with status 1.
//!
//! The positions are (player to move, object) pairs, numbered densely
//! `player * n + object` (objects 0-based, 0 the black hole). A position on
//! the black hole is over, lost for the player to move: a terminal rule.
//! Moves and predecessors are listed from the step sets, so the solver keeps
//! 9 bytes a position (a value byte, a `u32` loss counter, a queue slot) and
//! nothing a move (`n = 7000` with full sets has about 98 million moves);
//! the counters start from the step sets' sizes (`move_count`), no move is
//! listed to count them.
//!
//! ```text
//! $ printf '5\n2 3 2\n3 1 2 3\n' | cargo run --release --example cf786a
//! Lose Win Win Loop
//! Loop Win Win Win
//! ```

use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};

/// Berzerk's positions: `player * n + object`, player 0 Rick, 1 Morty.
pub struct Berzerk {
    n: u32,
    steps: [Vec<u32>; 2],
}

impl Berzerk {
    /// `n` objects (`n >= 2`), Rick's and Morty's steps (each in `1..n`).
    pub fn new(n: u32, rick: Vec<u32>, morty: Vec<u32>) -> Self {
        Self {
            n,
            steps: [rick, morty],
        }
    }
}

impl ImplicitGame for Berzerk {
    fn positions(&self) -> usize {
        2 * self.n as usize
    }

    fn for_each_move(
        &self,
        position: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.n;
        let (player, object) = (position / n, position % n);
        let next = (1 - player) * n;
        for &step in &self.steps[player as usize] {
            // object + step < 2n; one subtraction instead of a division.
            let target = object + step;
            visit(next + if target >= n { target - n } else { target })?;
        }
        ControlFlow::Continue(())
    }

    fn for_each_predecessor(
        &self,
        position: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.n;
        let (player, object) = (position / n, position % n);
        let mover = 1 - player;
        let base = mover * n;
        for &step in &self.steps[mover as usize] {
            let from = if object >= step {
                object - step
            } else {
                object + n - step
            };
            visit(base + from)?;
        }
        ControlFlow::Continue(())
    }

    fn terminal(&self, position: u32) -> Option<Value> {
        // The monster is in the black hole: the player who put it there won.
        (position % self.n == 0).then_some(Value::Lose)
    }

    fn move_count(&self, position: u32) -> Option<u32> {
        // Read by the trusting solver only: no move is listed to count them.
        Some(self.steps[(position / self.n) as usize].len() as u32)
    }
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = io::stdin().read_to_string(&mut input) {
        eprintln!("line 1: cannot read standard input as text: {error}");
        return ExitCode::FAILURE;
    }
    match solve(&input) {
        Ok(answer) => {
            let mut out = io::stdout().lock();
            if out.write_all(answer.as_bytes()).is_err() || out.flush().is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// The two answer lines, or `line N: …` explaining what is wrong.
pub fn solve(input: &str) -> Result<String, String> {
    let game = parse(input)?;
    let n = game.n;
    // The predecessors are the moves reversed step by step, checked against
    // them by tests/retrograde (the exact check and the fingerprint); trusted
    // here, as the fingerprint would cost 40–55% more CPU on 3,500–7,000
    // moves a position (benches/baseline/own_retrograde.sh), and trusting
    // lets the solver take the move counts from `move_count` instead of
    // listing 98 million moves. Values alone: no remoteness is printed.
    let solution = ImplicitSolver::new(&game)
        .with_trusted_predecessors()
        .solve_values()
        .map_err(|e| format!("line 1: {e}"))?;
    let mut answer = String::with_capacity(2 * 5 * n as usize);
    for player in 0..2 {
        for object in 1..n {
            if object > 1 {
                answer.push(' ');
            }
            answer.push_str(match solution.value(player * n + object) {
                Some(Value::Win) => "Win",
                Some(Value::Lose) => "Lose",
                _ => "Loop",
            });
        }
        answer.push('\n');
    }
    Ok(answer)
}

/// The circle size and both step sets, validated.
fn parse(input: &str) -> Result<Berzerk, String> {
    let mut lines = input
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty());
    let (first, header) = lines
        .next()
        .ok_or_else(|| "line 1: empty input, expected `n`".to_string())?;
    let numbers = integers(header).map_err(|e| format!("line {first}: {e}"))?;
    let [n] = numbers[..] else {
        return Err(format!(
            "line {first}: found {} numbers, expected one: `n`",
            numbers.len()
        ));
    };
    // Two positions per object, numbered in u32.
    let limit = u64::from(u32::MAX / 2);
    if !(2..=limit).contains(&n) {
        return Err(format!("line {first}: n = {n}, expected 2 <= n <= {limit}"));
    }
    let n = n as u32;
    let mut steps: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    let mut last = first;
    for (player, name) in ["Rick", "Morty"].into_iter().enumerate() {
        let (number, line) = lines
            .next()
            .ok_or_else(|| format!("line {}: input ends before {name}'s steps", last + 1))?;
        last = number;
        steps[player] = step_set(line, n).map_err(|e| format!("line {number}: {name}: {e}"))?;
    }
    if let Some((number, _)) = lines.next() {
        return Err(format!(
            "line {number}: unexpected input after Morty's steps"
        ));
    }
    let [rick, morty] = steps;
    Ok(Berzerk::new(n, rick, morty))
}

/// `k s_1 … s_k`: `1 <= k <= n - 1` distinct steps in `1..n`.
fn step_set(line: &str, n: u32) -> Result<Vec<u32>, String> {
    let numbers = integers(line)?;
    let Some((&k, steps)) = numbers.split_first() else {
        return Err("empty line, expected `k s_1 … s_k`".to_string());
    };
    if k == 0 || k >= u64::from(n) {
        return Err(format!("k = {k}, expected 1 <= k <= {}", n - 1));
    }
    if steps.len() as u64 != k {
        return Err(format!("k = {k}, but {} steps follow", steps.len()));
    }
    let mut seen = vec![false; n as usize];
    let mut set = Vec::with_capacity(steps.len());
    for &step in steps {
        if step == 0 || step >= u64::from(n) {
            return Err(format!("step {step} is outside 1..{n}"));
        }
        if std::mem::replace(&mut seen[step as usize], true) {
            return Err(format!("step {step} is repeated"));
        }
        set.push(step as u32);
    }
    Ok(set)
}

/// The non-negative integers of a line.
fn integers(line: &str) -> Result<Vec<u64>, String> {
    line.split_whitespace()
        .map(|token| {
            token
                .parse::<u64>()
                .map_err(|_| format!("`{token}` is not a non-negative integer"))
        })
        .collect()
}
