/// Take one or two, with Nim's budget (`super::` of a flattened module's child).
pub fn take_one_or_two(heap: u64) -> u64 {
    let game = super::nim::Nim { budget: crate::Budget(heap) };
    crate::family::sum::grundy(&TakeOneOrTwo, game.budget.0)
}

struct TakeOneOrTwo;

impl crate::family::Game for TakeOneOrTwo {
    fn options(&self, heap: u64) -> Vec<u64> {
        (1..=2).filter(|&t| t <= heap).map(|t| heap - t).collect()
    }
}
