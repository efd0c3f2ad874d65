//! Every call of docs/contest.md's cookbook, written as the table gives it (with the imports the
//! table names), to see whether each compiles as written.
use stonegame::impartial::{
    euclid, fibonacci_nim, hackenbush, moore, nim, nim_field, octal, staircase, subtraction,
    wythoff,
};
use stonegame::scoring;

fn main() -> Result<(), stonegame::Error> {
    use euclid::Euclid;
    use fibonacci_nim::{FibonacciNim, FibonacciPosition};
    use hackenbush::GreenHackenbush;
    use moore::Moore;
    use nim::Nim;
    use octal::{OctalGame, TakeAndBreak};
    use scoring::{Ends, Front};
    use staircase::Staircase;
    use stonegame::Convention;
    use subtraction::{Subtraction, SubtractionSet};
    use wythoff::Wythoff;
    let (k, n) = (4u64, 10u64);
    let heaps = vec![3u64, 4, 5];
    println!(
        "{:?}",
        Subtraction::new(SubtractionSet::new([1, 2, k])?).outcome(&[n])?
    );
    println!("{:?}", Nim::new().outcome(&heaps));
    println!(
        "{:?}",
        Nim::new()
            .with_convention(Convention::Misere)
            .outcome(&heaps)
    );
    println!("{:?}", Wythoff::new().outcome(&[3u64, 5]));
    println!(
        "{:?}",
        OctalGame::new(TakeAndBreak::laskers_nim()).outcome(&heaps)?
    );
    println!(
        "{:?}",
        OctalGame::new(TakeAndBreak::kayles()).outcome(&heaps)?
    );
    println!(
        "{:?}",
        OctalGame::new(TakeAndBreak::dawsons_chess()).outcome(&[n])?
    );
    println!(
        "{:?}",
        OctalGame::new(TakeAndBreak::treblecross()).outcome(&[n + 2])?
    );
    let _ = TakeAndBreak::octal("0.6")?;
    let edges = vec![(1u32, 2u32), (1, 3), (3, 4)];
    println!("{:?}", GreenHackenbush::from_tree(1, &edges)?.outcome()?);
    println!(
        "{:?}",
        GreenHackenbush::from_graph(0, &[(0u32, 1u32), (1, 2), (2, 0)])?.outcome()?
    );
    println!("{:?}", Staircase::new().outcome(&heaps));
    println!("{:?}", Moore::new(2)?.outcome(&heaps));
    println!("{:?}", Euclid::new().outcome(&[25u64, 7])?);
    println!(
        "{:?}",
        FibonacciNim::new().outcome(&FibonacciPosition::start(n)?)
    );
    println!("{:?}", Ends::new(vec![4i64, 5, 3, 1, 2])?.value());
    println!("{:?}", Front::new(vec![1i64, 2, 3, 7], 3)?.value());
    println!("{:?}", nim_field::product(3, 5));
    Ok(())
}
