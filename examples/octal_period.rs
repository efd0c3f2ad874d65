//! Times the sparse-space Grundy sequence and periodicity certificates.
//!
//! `cargo run --release --example octal_period -- 0.16 1000000` certifies a
//! code's period (searching up to the given number of values);
//! `cargo run --release --example octal_period -- grundys-game 2097152` computes
//! a sequence and prints its largest value and where it first occurs.

use std::time::Instant;
use stonegame::Budget;
use stonegame::impartial::octal::TakeAndBreak;
use stonegame::impartial::octal::{SparseGrundy, find_period_certificate};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let game: TakeAndBreak = args.next().unwrap_or_else(|| "0.156".into()).parse()?;
    let limit: u64 = args.next().map_or(Ok(1 << 22), |s| s.parse())?;
    let start = Instant::now();
    if game.max_take().is_some() {
        match find_period_certificate(&game, limit, Budget::default())? {
            Some(c) => println!(
                "{game}: preperiod {} period {} (bound {}, checked {} values) in {:.2?}",
                c.preperiod(),
                c.period(),
                c.bound(),
                c.checked_len(),
                start.elapsed()
            ),
            None => println!(
                "{game}: no period certified up to {limit} in {:.2?}",
                start.elapsed()
            ),
        }
    } else {
        let mut solver = SparseGrundy::new(game.clone());
        // A timing tool: the user names the size, so no work cap applies.
        solver.extend_to(limit, Budget::default().with_work(u64::MAX))?;
        let max = solver.values().max().unwrap_or(0);
        let first = solver.values().position(|v| v == max).unwrap_or(0);
        println!(
            "{game}: G(0..={limit}) in {:.2?}; largest value {max}, first at {first}; \
             {} rare positions, mask {:#x}",
            start.elapsed(),
            solver.rare_count(),
            solver.mask()
        );
    }
    Ok(())
}
