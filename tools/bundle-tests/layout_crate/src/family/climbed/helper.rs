/// Whether a heap of 1 has a move. It climbs out of its directory
/// (`super::super::`), so `climbed` must stay a module in a bundle.
pub fn has_move(game: &impl super::super::Game) -> bool {
    !game.options(1).is_empty()
}
