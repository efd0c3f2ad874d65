//! Looks for slow subtraction sets: the random sets whose Grundy periodicity
//! takes longest to find, i.e. the worst cases of "a heap of 10^18 with
//! A ⊆ [1, max]".
//!
//! `cargo run --release --example period_search -- [trials] [max] [seed]`
//! (defaults 300, 100, 1) draws `trials` sets within 1..=`max` with a fixed
//! seed (sizes uniform in 1..=`max`), times one normal-play query of a heap of
//! 10^18 and the full Grundy periodicity of each, and prints, with
//! the Grundy preperiod and period and the set itself (ready for `--set`):
//! the three slowest one-heap queries and the three slowest periodicities.

use std::time::{Duration, Instant};
use stonegame::Budget;
use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};

/// xorshift64: a reproducible stream without extra dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

fn random_set(rng: &mut Rng, max: u64) -> Vec<u64> {
    let size = rng.below(max) + 1;
    let mut amounts: Vec<u64> = (1..=max).collect();
    // Partial Fisher–Yates: the first `size` entries are a uniform sample.
    for i in 0..size as usize {
        let j = i + rng.below(max - i as u64) as usize;
        amounts.swap(i, j);
    }
    amounts.truncate(size as usize);
    amounts.sort_unstable();
    amounts
}

struct Timed {
    query: Duration,
    periodicity: Duration,
    preperiod: u64,
    period: u64,
    amounts: Vec<u64>,
}

fn time_set(amounts: Vec<u64>) -> Result<Timed, Box<dyn std::error::Error>> {
    let set = SubtractionSet::new(amounts.iter().copied())?;
    let start = Instant::now();
    let mut game = Subtraction::new(set.clone());
    std::hint::black_box(game.outcome(&[10u64.pow(18)])?);
    let query = start.elapsed();
    let start = Instant::now();
    let p = set.periodicity(Budget::default())?;
    let periodicity = start.elapsed();
    Ok(Timed {
        query,
        periodicity,
        preperiod: p.preperiod(),
        period: p.period(),
        amounts,
    })
}

fn report(title: &str, results: &[Timed]) {
    println!("{title}");
    for t in results {
        let list: Vec<String> = t.amounts.iter().map(u64::to_string).collect();
        println!(
            "  query {:.2?} periodicity {:.2?} |A|={} preperiod {} period {}\n    --set {}",
            t.query,
            t.periodicity,
            t.amounts.len(),
            t.preperiod,
            t.period,
            list.join(",")
        );
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let trials: usize = args.next().map_or(Ok(300), |s| s.parse())?;
    let max: u64 = args.next().map_or(Ok(100), |s| s.parse())?;
    let seed: u64 = args.next().map_or(Ok(1), |s| s.parse())?;
    if max == 0 {
        return Err("max must be at least 1".into());
    }
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut results = Vec::with_capacity(trials);
    let start = Instant::now();
    for _ in 0..trials {
        results.push(time_set(random_set(&mut rng, max))?);
    }
    let total = start.elapsed();
    println!("{trials} sets within 1..={max} (seed {seed}) in {total:.2?}");
    results.sort_by_key(|t| std::cmp::Reverse(t.query));
    report(
        "slowest one-heap queries (loss bits):",
        &results[..results.len().min(3)],
    );
    results.sort_by_key(|t| std::cmp::Reverse(t.periodicity));
    report(
        "slowest Grundy periodicity:",
        &results[..results.len().min(3)],
    );
    Ok(())
}
