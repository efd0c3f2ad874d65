//! Wythoff's game: a queen moved left, down or diagonally towards the corner;
//! the player who cannot move loses. A position is the two heaps "x y".

use std::ops::ControlFlow;

use stonegame::impartial::ImpartialGame;
use stonegame::prelude::*;

use crate::analysis::{
    Analysis, MAX_MOVES, MoveValue, REMOTENESS_WORK, for_mover, join, parse_numbers,
};
use crate::heaps::page_budget;

/// Both heaps in order: (x, y) and (y, x) play alike.
fn canonical(&[a, b]: &[u64; 2]) -> [u64; 2] {
    [a.min(b), a.max(b)]
}

/// Analyses the position `text` ("x y"), under misère play when `misere`.
pub fn analyze(text: &str, misere: bool) -> Result<Analysis, String> {
    let convention = if misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let numbers = parse_numbers(text, "position")?;
    let position: [u64; 2] = numbers
        .try_into()
        .map_err(|_| "position: type the two coordinates x y".to_string())?;
    let game = Wythoff::new().with_convention(convention);
    let mut children = Vec::new();
    let flow = game.for_each_option(&position, |option| {
        if children.len() == MAX_MOVES {
            return ControlFlow::Break(());
        }
        children.push(option[0]);
        ControlFlow::Continue(())
    });
    if flow.is_break() {
        return Err(format!(
            "this position has more than {MAX_MOVES} moves, more than the page lists: \
             choose smaller coordinates"
        ));
    }
    let table = Retrograde::new(|p: &[u64; 2]| {
        let mut next = Vec::new();
        let _ = game.for_each_option(p, |o| {
            next.push(canonical(&o[0]));
            ControlFlow::Continue(())
        });
        next
    })
    .with_convention(convention)
    .with_budget(page_budget().with_work(REMOTENESS_WORK))
    .with_canonical(canonical)
    .solve([canonical(&position)])
    .map_err(|e| format!("remoteness not shown: the position is too big to search ({e})"));
    let remoteness_of = |p: &[u64; 2]| table.as_ref().ok()?.remoteness(p);
    let moves = children
        .iter()
        .map(|child| MoveValue {
            label: format!(
                "({}, {}) → ({}, {})",
                position[0], position[1], child[0], child[1]
            ),
            to: join(child),
            outcome: for_mover(game.outcome(child)),
            nimber: None,
            remoteness: remoteness_of(child).map(|r| r + 1),
            score: None,
        })
        .collect();
    Ok(Analysis {
        position: join(&position),
        outcome: game.outcome(&position),
        nimber: None,
        remoteness: remoteness_of(&position),
        score: None,
        note: table.err().unwrap_or_default(),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winning_moves_go_to_wythoff_pairs() {
        let a = analyze("4 8", false).unwrap();
        assert_eq!(a.outcome, Outcome::First);
        assert_eq!(a.moves.len(), 4 + 8 + 4);
        let winning: Vec<_> = a
            .moves
            .iter()
            .filter(|m| m.outcome == Outcome::First)
            .map(|m| m.to.as_str())
            .collect();
        assert_eq!(winning, ["4 7"]);
        assert_eq!(analyze("3 5", false).unwrap().outcome, Outcome::Second);
        for m in &a.moves {
            assert_eq!(m.remoteness.unwrap() % 2 == 1, m.outcome == Outcome::First);
        }
        assert!(analyze("1 2 3", false).is_err());
        // Misère Wythoff: (0, 1) and (2, 2) are the first losing pairs.
        assert_eq!(analyze("0 1", true).unwrap().outcome, Outcome::Second);
        assert_eq!(analyze("2 2", true).unwrap().outcome, Outcome::Second);
        let m = analyze("3 5", true).unwrap();
        for mv in &m.moves {
            assert_eq!(
                mv.remoteness.unwrap() % 2 == 0,
                mv.outcome == Outcome::First
            );
        }
    }
}
