//! Grows the bounded misère quotient of an octal game heap by heap
//! (`QuotientGrowth`) and prints how far it is verified, its order, why it
//! stopped and the time; with `--orders`, the order of every `Q_n` from heap
//! 20 on (each computed by `MisereQuotient::up_to`).
//!
//! `cargo run --release --example misere_growth -- 0.07 30 [WORK] [--orders]`

use std::time::Instant;
use stonegame::Budget;
use stonegame::impartial::octal::{
    DEFAULT_QUOTIENT_WORK, MisereQuotient, QuotientGrowth, TakeAndBreak,
};

fn main() -> Result<(), stonegame::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let orders = args.iter().any(|a| a == "--orders");
    let mut values = args.iter().filter(|a| !a.starts_with("--"));
    let code = values.next().map_or("0.07", String::as_str);
    let max_heap: u64 = values
        .next()
        .map_or(30, |a| a.parse().expect("a heap bound"));
    let work: u64 = values
        .next()
        .map_or(DEFAULT_QUOTIENT_WORK, |a| a.parse().expect("a work cap"));
    let game = TakeAndBreak::by_name(code)?;
    let budget = Budget::default().with_work(work);
    let started = Instant::now();
    let grown = QuotientGrowth::new(game.clone())
        .with_budget(budget)
        .with_max_heap(max_heap)
        .grow()?;
    let q = grown.quotient();
    println!(
        "{code}: verified to heap {}, order {} ({:.2?})",
        q.bound(),
        q.order(),
        started.elapsed()
    );
    if let Some(stop) = grown.stop() {
        println!("{code}: stopped at heap {}: {}", stop.heap, stop.reason);
    }
    if orders {
        for n in 20.min(q.bound())..=q.bound() {
            let q = MisereQuotient::up_to(&game, n, budget)?;
            println!("Q_{n}({code}) = {}", q.order());
        }
    }
    Ok(())
}
