//! The line of play every heap game's `solve` returns: the winner's strategy
//! against a fixed reply of the loser, the smallest take from the largest heap.

use crate::impartial::HeapMove;
use crate::{Error, Outcome, Result, Solution};

/// How one heap game plays out its line: the winner's move, the loser's
/// reply, and how a move changes the position.
pub(crate) trait LinePlay<P> {
    /// A winning move from `position`, or `None` when there is no move.
    fn winning(&mut self, position: &[P]) -> Result<Option<HeapMove>>;
    /// The loser's reply: the move that removes the fewest stones from the
    /// largest heap that has a move (the first such heap), or `None` when no
    /// heap has a move.
    fn reply(&mut self, position: &[P]) -> Result<Option<HeapMove>>;
    /// The position after `played`.
    fn apply(&self, position: &[P], played: &HeapMove) -> Result<Vec<P>>;
}

/// Plays `outcome`'s winner against the loser's reply from `start`, for at
/// most `LINE_LIMIT` moves.
///
/// Cost: at most `LINE_LIMIT` calls of each of the game's move functions.
pub(crate) fn play_line<P: Clone>(
    game: &mut impl LinePlay<P>,
    start: &[P],
    outcome: Outcome,
) -> Result<Solution<Outcome, HeapMove>> {
    let limit = Solution::<Outcome, HeapMove>::LINE_LIMIT;
    let mut position = start.to_vec();
    let mut winner_to_move = outcome == Outcome::First;
    let mut line = Vec::new();
    while line.len() < limit {
        let next = if winner_to_move {
            game.winning(&position)?
        } else {
            game.reply(&position)?
        };
        let Some(next) = next else {
            // The winner finds no winning move only where no move is left.
            if winner_to_move && game.reply(&position)?.is_some() {
                return Err(no_winning_move());
            }
            return Ok(Solution::from_line(outcome, line, true));
        };
        position = game.apply(&position, &next)?;
        line.push(next);
        winner_to_move = !winner_to_move;
    }
    let complete = game.reply(&position)?.is_none();
    Ok(Solution::from_line(outcome, line, complete))
}

/// The loser's reply in a game of plain heaps: the first largest heap for
/// which `smallest_move(index, heap)` gives a move.
///
/// The first largest heap is tried alone first (in most games it has a move
/// whenever any heap has one): one pass. Otherwise heaps are tried from the
/// largest down, after a sort.
pub(crate) fn reply_from_largest(
    heaps: &[u64],
    mut smallest_move: impl FnMut(usize, u64) -> Result<Option<HeapMove>>,
) -> Result<Option<HeapMove>> {
    let Some(largest) = first_largest(heaps) else {
        return Ok(None);
    };
    if let Some(found) = smallest_move(largest, heaps[largest])? {
        return Ok(Some(found));
    }
    let mut order: Vec<usize> = (0..heaps.len()).collect();
    // Largest first; among equal heaps, the first in the list.
    order.sort_by(|&a, &b| heaps[b].cmp(&heaps[a]).then(a.cmp(&b)));
    for index in order {
        if let Some(found) = smallest_move(index, heaps[index])? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// The index of the first largest heap, `None` when there is no heap.
pub(crate) fn first_largest(heaps: &[u64]) -> Option<usize> {
    heaps
        .iter()
        .enumerate()
        .max_by(|(a, x), (b, y)| x.cmp(y).then(b.cmp(a)))
        .map(|(index, _)| index)
}

/// The error for a winner that has no winning move although moves remain:
/// the game's rules and its solver disagree.
pub(crate) fn no_winning_move() -> Error {
    Error::InvalidParameter {
        name: "position",
        reason: "no winning move found for the winning player (this is a bug: please report it)"
            .to_string(),
    }
}
