//! Misère quotients of octal games: orders, periods, presentations, and the
//! time to answer thousands of misère sums of large heaps.
//!
//! `cargo run --release --example misere_quotients -- 0.77 0.75`

use std::time::Instant;
use stonegame::impartial::octal::{MisereQuotient, MisereSearch, TakeAndBreak};
use stonegame::{Budget, Outcome};

fn main() -> Result<(), stonegame::Error> {
    let mut codes: Vec<String> = std::env::args().skip(1).collect();
    if codes.is_empty() {
        codes = vec!["0.77".into(), "0.75".into(), "0.07".into()];
    }
    for code in codes {
        let game = TakeAndBreak::by_name(&code)?;
        let mut orders = Vec::new();
        for bound in [5u64, 10, 15, 20, 25, 30, 40, 60, 100] {
            match MisereQuotient::up_to(&game, bound, Budget::default()) {
                Ok(q) => orders.push(format!("n={bound}: {}", q.order())),
                Err(e) => {
                    orders.push(format!("n={bound}: refused ({e})"));
                    break;
                }
            }
        }
        println!("{code}: orders {}", orders.join(", "));
        let started = Instant::now();
        let quotient = match MisereQuotient::certified(&game, Budget::default()) {
            Ok(q) => q,
            Err(e) => {
                println!("{code}: no quotient for all heaps ({e})");
                continue;
            }
        };
        let built = started.elapsed();
        match quotient.period() {
            Some(p) => println!(
                "{code}: order {}, heap map periodic from {} with period {} (built in {built:.2?})",
                quotient.order(),
                p.preperiod,
                p.period
            ),
            None => println!(
                "{code}: order {} up to heap {} (built in {built:.2?})",
                quotient.order(),
                quotient.bound()
            ),
        }
        println!("{}", quotient.presentation());
        if quotient.period().is_none() {
            continue;
        }
        // 4,000 sums of four heaps up to 1,500: outcome and a winning move.
        let started = Instant::now();
        let mut state = 12345u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % 1501
        };
        let mut wins = 0;
        for _ in 0..4_000 {
            let heaps = [next(), next(), next(), next()];
            if quotient.outcome(&heaps)? == Outcome::First {
                wins += 1;
                let best = quotient.winning_move(&heaps)?.expect("a winning move");
                assert_eq!(quotient.outcome(&best.apply(&heaps)?)?, Outcome::Second);
            }
        }
        println!(
            "{code}: 4000 sums of four heaps <= 1500 ({wins} first-player wins, each with a \
             winning move checked) in {:.2?}; with construction {:.2?}",
            started.elapsed(),
            built + started.elapsed()
        );
        // Baseline: the exact search on the sums it can answer, alternating.
        let small: Vec<[u64; 3]> = (0..200).map(|i| [i % 13, (i / 13) % 13, 9]).collect();
        let (mut quotient_time, mut search_time) = (0.0, 0.0);
        for _ in 0..3 {
            let t = Instant::now();
            for heaps in &small {
                let _ = quotient.outcome(heaps)?;
            }
            quotient_time += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let mut search = MisereSearch::new(game.clone());
            for heaps in &small {
                assert_eq!(search.outcome(heaps)?, quotient.outcome(heaps)?);
            }
            search_time += t.elapsed().as_secs_f64();
        }
        println!(
            "{code}: 200 sums of heaps <= 12: quotient {:.3} ms, exact search {:.3} ms (ratio {:.0})",
            quotient_time * 1e3 / 3.0,
            search_time * 1e3 / 3.0,
            search_time / quotient_time.max(1e-9)
        );
    }
    Ok(())
}
