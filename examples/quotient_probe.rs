use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
use stonegame::impartial::ImpartialGame;
use std::collections::HashMap;
fn wins(game: &TakeAndBreak, pos: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut pos: Vec<u64> = pos.into_iter().filter(|&h| { let mut any=false; game.for_each_option(&h, &mut |_| any=true); any }).collect();
    pos.sort();
    if let Some(&w) = memo.get(&pos) { return w; }
    let mut opts = Vec::new();
    for i in 0..pos.len() { if i>0 && pos[i]==pos[i-1] {continue;}
        game.for_each_option(&pos[i], &mut |o| { let mut v = pos.clone(); v.remove(i); v.extend_from_slice(o); opts.push(v); });
    }
    let w = opts.is_empty() || opts.into_iter().any(|o| !wins(game, o, memo));
    memo.insert(pos, w);
    w
}
fn main() {
    let code = std::env::args().nth(1).unwrap();
    let n: u64 = std::env::args().nth(2).unwrap().parse().unwrap();
    let game = TakeAndBreak::by_name(&code).unwrap();
    let q = match MisereQuotient::up_to(&game, n, Default::default()) {
        Ok(q) => { println!("{code} n={n} order={}", q.order()); q }
        Err(e) => { println!("{code} n={n} err {e}"); return }
    };
    let mut memo = HashMap::new();
    let mut bad = 0;
    for a in 0..=n { for b in a..=n { for c in b..=n { for d in [0,1,2,3] {
        let mut pos = vec![a,b,c]; if d > 0 { pos.push(d.min(n)); }
        let exact = wins(&game, pos.clone(), &mut memo);
        let qw = q.outcome(&pos).unwrap() == stonegame::Outcome::First;
        if exact != qw { bad += 1; if bad < 10 { println!("mismatch {pos:?} exact_first={exact}"); } }
    }}}}
    println!("mismatches {bad}");
}
