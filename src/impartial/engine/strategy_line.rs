//! The line of play a win/lose game's `solve` returns: the winner's strategy
//! against a fixed reply of the loser, cut after
//! [`Solution::LINE_LIMIT`](crate::Solution) moves.

use crate::{Outcome, Solution};

/// Plays from `start`: whenever the player to move has a winning move it is
/// played, otherwise the loser's `reply`; stops when neither gives a move (the
/// game is over) or after the line limit. Returns the moves and whether the
/// line reached the end of the game.
///
/// Each step asks `winning_move` first, so the line is the same whoever wins:
/// the winner always has a winning move and the loser never does.
pub(crate) fn winner_line<P, M: Clone>(
    start: P,
    winning_move: impl Fn(&P) -> Option<M>,
    reply: impl Fn(&P) -> Option<M>,
    apply: impl Fn(&P, &M) -> P,
) -> (Vec<M>, bool) {
    let limit = Solution::<Outcome, M>::LINE_LIMIT;
    let mut position = start;
    let mut line = Vec::new();
    while line.len() < limit {
        let Some(next) = winning_move(&position).or_else(|| reply(&position)) else {
            return (line, true);
        };
        position = apply(&position, &next);
        line.push(next);
    }
    let over = winning_move(&position)
        .or_else(|| reply(&position))
        .is_none();
    (line, over)
}
