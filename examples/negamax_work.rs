//! What a step of [`Negamax`]'s work cap costs: the measuring program of
//! `tools/work-calibration`'s library families (`negamax sweep`, `negamax
//! search`, `negamax hashed`), and of the listing that never ends.
//!
//! ```text
//! negamax_work ENGINE A B [--max-work STEPS]
//! ```
//!
//! `ENGINE` is `sweep` (numbered, order declared: one bottom-up sweep),
//! `search` (numbered, no order: depth-first over the value array),
//! `hashed` (not numbered: depth-first with a hash map), or `endless-sweep`
//! / `endless-search` / `endless-hashed` (the start lists moves without end,
//! so only the work cap stops it), or `take-sweep` / `take-search` /
//! `take-hashed` (a row of `A` stones, take 1 to `B` from the front and
//! score their sum: `A × B` moves, many a position). The game is TDPC B "ゲーム": two piles of
//! `A` and `B` stones with values (seeded, 1..=1000); each player in turn
//! takes the top stone of either pile and scores its value. Written as
//! docs/contest.md shows: positions `(i, j)` (stones taken from each pile)
//! numbered `i (B + 1) + j`, every move to a larger number (declared), the
//! DP's own loops as the listing. Prints the first player's total, or the
//! refusal on standard error with exit status 1.
//!
//! ```text
//! $ cargo run --release --example negamax_work -- sweep 7100 7100
//! ```

use std::ops::ControlFlow;
use std::process::ExitCode;

use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};
use stonegame::{Budget, Error};

/// How the game offers itself to [`Negamax`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Engine {
    Sweep,
    Search,
    Hashed,
}

/// TDPC B: two piles of valued stones, take the top of either.
struct Piles {
    a: Vec<i64>,
    b: Vec<i64>,
    engine: Engine,
    /// The start lists moves (to the end of the game) without end.
    endless: bool,
}

impl ScoringGame for Piles {
    /// Stones taken from each pile.
    type Position = (usize, usize);
    /// From the first pile?
    type Move = bool;
    type Score = i64;

    fn start(&self) -> (usize, usize) {
        (0, 0)
    }

    fn for_each_move(
        &self,
        &(i, j): &(usize, usize),
        mut visit: impl FnMut(bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.endless && (i, j) == (0, 0) {
            loop {
                visit(true)?;
            }
        }
        if i < self.a.len() {
            visit(true)?;
        }
        if j < self.b.len() {
            visit(false)?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &(i, j): &(usize, usize), &first: &bool) -> (i64, (usize, usize)) {
        if self.endless && (i, j) == (0, 0) {
            // The endless start moves to the end of the game.
            return (1, (self.a.len(), self.b.len()));
        }
        if first {
            (self.a[i], (i + 1, j))
        } else {
            (self.b[j], (i, j + 1))
        }
    }

    fn dense_positions(&self) -> Option<usize> {
        (self.engine != Engine::Hashed).then(|| (self.a.len() + 1) * (self.b.len() + 1))
    }

    fn dense_index(&self, &(i, j): &(usize, usize)) -> Option<usize> {
        Some(i * (self.b.len() + 1) + j)
    }

    /// The inverse numbering, which the solver checks each child by (two
    /// positions given one number are refused).
    fn dense_position(&self, number: usize) -> Option<(usize, usize)> {
        let stride = self.b.len() + 1;
        (number < (self.a.len() + 1) * stride).then(|| (number / stride, number % stride))
    }

    fn dense_order(&self) -> MoveOrder {
        match self.engine {
            Engine::Sweep => MoveOrder::ToLarger,
            _ => MoveOrder::Unordered,
        }
    }

    /// The DP's loops: numbers strictly decreasing.
    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut((usize, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for i in (0..=self.a.len()).rev() {
            for j in (0..=self.b.len()).rev() {
                visit((i, j))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A row of stones: take 1 to `most` from the front, score their sum (a
/// game with many moves a position).
struct Take {
    prefix: Vec<i64>,
    most: usize,
    engine: Engine,
}

impl ScoringGame for Take {
    /// Stones taken so far.
    type Position = usize;
    /// How many to take.
    type Move = usize;
    type Score = i64;

    fn start(&self) -> usize {
        0
    }

    fn for_each_move(
        &self,
        &taken: &usize,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let left = self.prefix.len() - 1 - taken;
        for count in 1..=self.most.min(left) {
            visit(count)?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &taken: &usize, &count: &usize) -> (i64, usize) {
        let next = taken + count;
        (self.prefix[next] - self.prefix[taken], next)
    }

    fn dense_positions(&self) -> Option<usize> {
        (self.engine != Engine::Hashed).then_some(self.prefix.len())
    }

    fn dense_index(&self, &taken: &usize) -> Option<usize> {
        Some(taken)
    }

    fn dense_position(&self, number: usize) -> Option<usize> {
        Some(number)
    }

    fn dense_order(&self) -> MoveOrder {
        match self.engine {
            Engine::Sweep => MoveOrder::ToLarger,
            _ => MoveOrder::Unordered,
        }
    }
}

/// `count` values in 1..=1000 from a small linear congruential generator.
fn values(count: usize, seed: u64) -> Vec<i64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as i64 % 1000 + 1
        })
        .collect()
}

/// The game to solve.
enum Game {
    Piles(Piles),
    Take(Take),
}

/// Parses the arguments into the game and its budget.
fn parse(args: &[String]) -> Result<(Game, Budget), String> {
    let usage = "usage: negamax_work ENGINE A B [--max-work STEPS]";
    let [engine, a, b, rest @ ..] = args else {
        return Err(usage.into());
    };
    let (engine, endless, take) = match engine.as_str() {
        "sweep" => (Engine::Sweep, false, false),
        "search" => (Engine::Search, false, false),
        "hashed" => (Engine::Hashed, false, false),
        "endless-sweep" => (Engine::Sweep, true, false),
        "endless-search" => (Engine::Search, true, false),
        "endless-hashed" => (Engine::Hashed, true, false),
        "take-sweep" => (Engine::Sweep, false, true),
        "take-search" => (Engine::Search, false, true),
        "take-hashed" => (Engine::Hashed, false, true),
        other => return Err(format!("unknown engine {other:?}; {usage}")),
    };
    let side = |text: &str| text.parse::<usize>().map_err(|e| format!("{text:?}: {e}"));
    let budget = match rest {
        [] => Budget::default(),
        [flag, steps] if flag == "--max-work" => {
            Budget::default().with_work(steps.parse().map_err(|e| format!("{steps:?}: {e}"))?)
        }
        _ => return Err(usage.into()),
    };
    if take {
        let mut prefix = vec![0];
        for value in values(side(a)?, 1) {
            prefix.push(prefix[prefix.len() - 1] + value);
        }
        let most = side(b)?;
        return Ok((
            Game::Take(Take {
                prefix,
                most,
                engine,
            }),
            budget,
        ));
    }
    let game = Piles {
        a: values(side(a)?, 1),
        b: values(side(b)?, 2),
        engine,
        endless,
    };
    Ok((Game::Piles(game), budget))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, budget) = match parse(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let (total, answer) = match &game {
        Game::Piles(piles) => (
            piles.a.iter().chain(&piles.b).sum(),
            Negamax::new(piles).with_budget(budget).value(),
        ),
        Game::Take(take) => (
            take.prefix[take.prefix.len() - 1],
            Negamax::new(take).with_budget(budget).value(),
        ),
    };
    match answer {
        // The first player's total: (sum + difference) / 2.
        Ok(value) => {
            println!("{}", (total + value) / 2);
            ExitCode::SUCCESS
        }
        Err(error @ Error::WorkLimitExceeded { .. }) => {
            eprintln!("work limit: {error}");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
