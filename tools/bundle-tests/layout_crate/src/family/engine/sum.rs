// `super::` of a flattened module's child names the parent in a bundle, which
// re-exports every name `engine` holds.
use super::mex;

/// The Grundy value of a heap of a game whose options are single heaps.
pub fn grundy(game: &impl crate::family::Game, heap: u64) -> u64 {
    let values: Vec<u64> = game.options(heap).iter().map(|&h| grundy(game, h)).collect();
    mex::mex(&values)
}

/// The nim-sum of values.
pub fn nim_sum(values: &[u64]) -> u64 {
    values.iter().fold(0, |a, b| a ^ b)
}
