use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
use std::time::Instant;
fn main() {
    let codes: Vec<String> = std::env::args().skip(1).collect();
    for code in codes {
        let game = TakeAndBreak::by_name(&code).unwrap();
        let mut orders = Vec::new();
        for bound in [5u64, 10, 20, 30, 40, 60, 80, 100] {
            let t = Instant::now();
            match MisereQuotient::up_to(&game, bound, Default::default()) {
                Ok(q) => orders.push(format!("Q{bound}={} ({:.0?})", q.order(), t.elapsed())),
                Err(e) => { orders.push(format!("Q{bound} err {e}")); break }
            }
            if t.elapsed().as_secs() > 3 { break }
        }
        println!("{code}: {}", orders.join(", "));
        let t = Instant::now();
        match MisereQuotient::certified(&game, Default::default()) {
            Ok(q) => println!("{code} certified order={} period={:?} bound={} {:?}", q.order(), q.period(), q.bound(), t.elapsed()),
            Err(e) => println!("{code} cert err {e} {:?}", t.elapsed()),
        }
    }
}
