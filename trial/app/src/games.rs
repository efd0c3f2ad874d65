//! Games a user picks at run time from strings, kept in one Vec.
//!
//! The documented way (docs/conventions.md, "Games chosen at run time") is
//! the object-safe twin of each definition trait. It holds games of one
//! family *with the same position and move types*: `Ends` and
//! `EndsRemainder` fit one `DynScoringGame<(usize, usize), End, i64>`,
//! `Front` and a `usize`-positioned game of my own another, and every
//! heap game fits `DynImpartialGame<u64>`. One Vec across families (or
//! across scoring games with other move types) needs a trait of the
//! application's own: `AppGame` below.

use std::fmt;

use stonegame::impartial::octal::TakeAndBreak;
use stonegame::impartial::{DynImpartialGame, GrundySolver, Nim, SubtractionSet};
use stonegame::retrograde::Retrograde;
use stonegame::scoring::{DynScoringGame, End, Ends, EndsRemainder, Front, Negamax};
use stonegame::{Budget, Error, Result};

use crate::engines::{FrontTake, TakeOrSplit};

/// The application's own object-safe game: a name and an answer as text.
pub trait AppGame: Send + Sync {
    fn name(&self) -> String;
    fn answer(&self, budget: Budget) -> Result<String>;
}

type IntervalGame = Box<dyn DynScoringGame<(usize, usize), End, i64> + Send + Sync>;
type PrefixGame = Box<dyn DynScoringGame<usize, usize, i64> + Send + Sync>;
type HeapGame = Box<dyn DynImpartialGame<u64> + Send + Sync>;

struct Interval(String, IntervalGame);
struct Prefix(String, PrefixGame);
struct Heaps(String, HeapGame, Vec<u64>);
/// A race on a cycle with draws: from n go to n - 1 or n - 2 (mod `size`),
/// and at 0 the player to move has lost.
struct Race(u32);

impl AppGame for Interval {
    fn name(&self) -> String {
        self.0.clone()
    }
    fn answer(&self, budget: Budget) -> Result<String> {
        let solution = Negamax::new(&self.1).with_budget(budget).solve()?;
        Ok(format!(
            "value {} line {:?}",
            solution.value(),
            solution.line()
        ))
    }
}

impl AppGame for Prefix {
    fn name(&self) -> String {
        self.0.clone()
    }
    fn answer(&self, budget: Budget) -> Result<String> {
        let solution = Negamax::new(&self.1).with_budget(budget).solve()?;
        Ok(format!(
            "value {} line {:?}",
            solution.value(),
            solution.line()
        ))
    }
}

impl AppGame for Heaps {
    fn name(&self) -> String {
        self.0.clone()
    }
    fn answer(&self, budget: Budget) -> Result<String> {
        let mut solver = GrundySolver::new(&self.1).with_budget(budget);
        let outcome = solver.outcome(&self.2[..])?;
        let best = solver.winning_move(&self.2[..])?;
        Ok(format!(
            "{outcome:?}, winning move {}",
            best.map_or("none".into(), |m| m.to_string())
        ))
    }
}

impl AppGame for Race {
    fn name(&self) -> String {
        format!("race on a cycle of {}", self.0)
    }
    fn answer(&self, budget: Budget) -> Result<String> {
        let size = self.0;
        let table = Retrograde::new(move |&n: &u32| [(n + size - 1) % size, (n + size - 2) % size])
            .terminal(|&n: &u32| (n == 0).then_some(stonegame::retrograde::Value::Lose))
            .with_budget(budget)
            .solve([size - 1])?;
        Ok(format!(
            "{:?} ({} positions, {:?})",
            table.label(&(size - 1)),
            table.len(),
            table.counts()
        ))
    }
}

/// A spec that did not parse: which one, and why.
#[derive(Debug)]
pub struct BadSpec {
    spec: String,
    why: String,
}

impl fmt::Display for BadSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {:?}: {}", self.spec, self.why)
    }
}

impl std::error::Error for BadSpec {}

fn numbers<T: std::str::FromStr>(list: &str) -> std::result::Result<Vec<T>, String> {
    list.split(',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.trim()
                .parse::<T>()
                .map_err(|_| format!("{s:?} is not a number"))
        })
        .collect()
}

fn from_crate(e: Error) -> String {
    e.to_string()
}

fn parse(spec: &str) -> std::result::Result<Box<dyn AppGame>, String> {
    let (kind, rest) = spec.split_once(':').ok_or("expected KIND:ARGS")?;
    let heaps_at = |rest: &str| -> std::result::Result<(String, Vec<u64>), String> {
        let (rule, heaps) = rest.split_once('@').ok_or("expected RULE@HEAPS")?;
        Ok((rule.to_string(), numbers(heaps)?))
    };
    Ok(match kind {
        "ends" => Box::new(Interval(
            spec.into(),
            Box::new(Ends::new(numbers::<i64>(rest)?).map_err(from_crate)?),
        )),
        "remainder" => Box::new(Interval(
            spec.into(),
            Box::new(EndsRemainder::new(numbers::<i64>(rest)?).map_err(from_crate)?),
        )),
        k if k.starts_with("front") => {
            let take: usize = k["front".len()..]
                .parse()
                .map_err(|_| "frontK: K is a number")?;
            Box::new(Prefix(
                spec.into(),
                Box::new(Front::new(numbers::<i64>(rest)?, take).map_err(from_crate)?),
            ))
        }
        "sum" => Box::new(Prefix(
            spec.into(),
            Box::new(FrontTake::new(&numbers::<i64>(rest)?, 2)),
        )),
        "subtract" => {
            let (set, heaps) = heaps_at(rest)?;
            let set = SubtractionSet::new(numbers::<u64>(&set)?).map_err(from_crate)?;
            Box::new(Heaps(spec.into(), Box::new(set), heaps))
        }
        "octal" => {
            let (code, heaps) = heaps_at(rest)?;
            let game = TakeAndBreak::by_name(&code).map_err(from_crate)?;
            Box::new(Heaps(spec.into(), Box::new(game), heaps))
        }
        "nim" => Box::new(Heaps(spec.into(), Box::new(Nim::new()), numbers(rest)?)),
        "mykayles" => Box::new(Heaps(
            spec.into(),
            Box::new(TakeOrSplit { max_take: 2 }),
            numbers(rest)?,
        )),
        "race" => {
            let size: u32 = rest.parse().map_err(|_| "race:N: N is a number")?;
            if size < 3 {
                return Err("race:N needs N >= 3".into());
            }
            Box::new(Race(size))
        }
        other => return Err(format!("unknown game kind {other:?}")),
    })
}

pub fn parse_all(specs: &[String]) -> std::result::Result<Vec<Box<dyn AppGame>>, BadSpec> {
    specs
        .iter()
        .map(|spec| {
            parse(spec).map_err(|why| BadSpec {
                spec: spec.clone(),
                why,
            })
        })
        .collect()
}
