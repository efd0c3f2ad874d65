//! Last One (the seed's game): rows of sticks; a move strikes out any run of
//! adjacent sticks in one row (possibly splitting it); whoever strikes the last
//! stick loses. It is the misère play of the octal game `0.(7)`, whose heaps
//! have `G(n) = n` and which follows the misère Nim rule: with a row of two or
//! more sticks, XOR the row lengths (non-zero: the player to move wins); with
//! only single sticks, an even count wins. Row lengths may go up to `u64::MAX`.

use super::HeapMove;
use super::misere::misere_nim_move;
use crate::Outcome;

/// Who wins Last One with these row lengths (the player to move is `First`).
///
/// With no sticks left the player to move wins: the opponent struck the last one.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{last_one_outcome, last_one_pyramid};
/// use stonegame::Outcome;
///
/// // The seed's 6-row pyramid (rows of 1..=6 sticks): the first player wins.
/// assert_eq!(last_one_outcome(&last_one_pyramid(6)), Outcome::First);
/// assert_eq!(last_one_outcome(&[1, 1, 1]), Outcome::Second);
/// assert_eq!(last_one_outcome(&[1_000_000_000_000_000_000, 1_000_000_000_000_000_000]), Outcome::Second);
/// ```
pub fn last_one_outcome(rows: &[u64]) -> Outcome {
    if last_one_winning_move(rows).is_some() || rows.iter().all(|&r| r == 0) {
        Outcome::First
    } else {
        Outcome::Second
    }
}

/// A winning move: row `index` of `heap` sticks keeps `left[0]` sticks before
/// the struck run and `left[1]` (if present) after it; `None` when the player
/// to move loses or no stick is left.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::last_one_winning_move;
///
/// // Rows 1..=6: XOR is 7; row 4 keeps 4 ^ 7 = 3 sticks (strike its last one).
/// let m = last_one_winning_move(&[1, 2, 3, 4, 5, 6]).unwrap();
/// assert_eq!(m.to_string(), "4:4->3");
/// ```
pub fn last_one_winning_move(rows: &[u64]) -> Option<HeapMove> {
    misere_nim_move(rows)
}

/// The pyramid of `rows` rows: `1, 2, …, rows` sticks.
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::octal::last_one_pyramid(4), [1, 2, 3, 4]);
/// ```
pub fn last_one_pyramid(rows: u64) -> Vec<u64> {
    (1..=rows).collect()
}
