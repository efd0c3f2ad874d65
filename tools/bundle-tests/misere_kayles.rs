//! Misère Kayles (the last pin loses) on rows of pins, for tools/check-bundles:
//! a program that asks for misère play must bundle the misère solvers.
//!
//! Input: `N` then `N` row lengths. Prints `First` or `Second`.

use std::io::Read;

use stonegame::Convention;
use stonegame::impartial::octal::{OctalGame, TakeAndBreak};

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("standard input");
    let numbers: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|token| token.parse().expect("a row length"))
        .collect();
    let rows = &numbers[1..];
    assert_eq!(rows.len() as u64, numbers[0], "N row lengths");
    let mut game = OctalGame::new(TakeAndBreak::kayles()).with_convention(Convention::Misere);
    match game.outcome(rows) {
        Ok(outcome) => println!("{outcome}"),
        Err(error) => {
            eprintln!("misere_kayles: {error}");
            std::process::exit(1);
        }
    }
}
