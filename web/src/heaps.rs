//! Heap games: Nim, subtraction games and take-and-break (octal) games.
//!
//! A position is a list of heaps; a move replaces one heap by the heaps of
//! one of its options (the library's `ImpartialGame::for_each_option`). The
//! nimber of a position is the XOR of its heaps' Grundy values, which the
//! library's solver for each game gives; remoteness comes from the library's
//! retrograde solver over the sums, under a work cap.

use std::collections::HashMap;
use std::ops::ControlFlow;

use stonegame::impartial::ImpartialGame;
use stonegame::impartial::octal::TakeAndBreak;
use stonegame::prelude::*;
use stonegame::retrograde::RetrogradeTable;

use crate::analysis::{
    Analysis, MAX_MOVES, MoveValue, REMOTENESS_WORK, for_mover, join, parse_numbers,
};

/// The memory the page lets one analysis use.
pub const PAGE_BYTES: u64 = 256;

/// The budget of the page's games: 256 MiB, and the library's default work caps.
pub fn page_budget() -> Budget {
    Budget::from_mebibytes(PAGE_BYTES)
}

/// Analyses `heaps` of the game `kind` (`nim`, `subtraction`, `octal`),
/// under misère play (the last move loses) when `misere`.
pub fn analyze(kind: &str, rules: &str, heaps: &str, misere: bool) -> Result<Analysis, String> {
    let heaps = parse_numbers(heaps, "heaps")?;
    let text = |e: stonegame::Error| e.to_string();
    let convention = if misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    match kind {
        "nim" => {
            let nim = Nim::new().with_convention(convention);
            let value = |hs: &[u64]| match convention {
                Convention::Normal => nimber_value(hs, Ok),
                Convention::Misere => Ok((nim.outcome(hs), None)),
            };
            run(&Nim::new(), value, &heaps, convention)
        }
        "subtraction" => {
            let set = SubtractionSet::new(parse_numbers(rules, "move set")?).map_err(text)?;
            let mut game = Subtraction::new(set.clone())
                .with_convention(convention)
                .with_budget(page_budget());
            let mut known = HashMap::new();
            let value = |hs: &[u64]| match convention {
                Convention::Normal => nimber_value(hs, |h| {
                    cached(&mut known, h, |h| game.grundy(h).map(|n| n.0).map_err(text))
                }),
                Convention::Misere => Ok((game.outcome(hs).map_err(text)?, None)),
            };
            run(&set, value, &heaps, convention)
        }
        "octal" => {
            let rules = TakeAndBreak::by_name(rules.trim()).map_err(text)?;
            let mut game = OctalGame::new(rules.clone())
                .with_convention(convention)
                .with_budget(page_budget());
            let mut known = HashMap::new();
            let value = |hs: &[u64]| match convention {
                Convention::Normal => nimber_value(hs, |h| {
                    cached(&mut known, h, |h| {
                        game.nimber(&[h]).map(|n| n.0).map_err(text)
                    })
                }),
                Convention::Misere => Ok((game.outcome(hs).map_err(text)?, None)),
            };
            run(&rules, value, &heaps, convention)
        }
        other => Err(format!("unknown heap game \"{other}\"")),
    }
}

/// `grundy(h)`, computed once a heap size.
fn cached(
    known: &mut HashMap<u64, u64>,
    h: u64,
    grundy: impl FnOnce(u64) -> Result<u64, String>,
) -> Result<u64, String> {
    if let Some(&g) = known.get(&h) {
        return Ok(g);
    }
    let g = grundy(h)?;
    known.insert(h, g);
    Ok(g)
}

/// Normal play: the nimber of a sum is the XOR of its heaps' Grundy values,
/// and a position of nimber 0 is lost for the player to move.
fn nimber_value(
    heaps: &[u64],
    mut grundy: impl FnMut(u64) -> Result<u64, String>,
) -> Result<(Outcome, Option<u64>), String> {
    let mut total = 0;
    for &h in heaps {
        total ^= grundy(h)?;
    }
    let outcome = if total == 0 {
        Outcome::Second
    } else {
        Outcome::First
    };
    Ok((outcome, Some(total)))
}

/// One move: heap `index` replaced by `parts`.
struct HeapOption {
    index: usize,
    parts: Vec<u64>,
}

/// Every move of `heaps`, or a refusal past [`MAX_MOVES`].
fn options<G: ImpartialGame<Position = u64>>(
    game: &G,
    heaps: &[u64],
) -> Result<Vec<HeapOption>, String> {
    let mut out = Vec::new();
    for (index, heap) in heaps.iter().enumerate() {
        let flow = game.for_each_option(heap, |parts| {
            if out.len() == MAX_MOVES {
                return ControlFlow::Break(());
            }
            out.push(HeapOption {
                index,
                parts: parts.to_vec(),
            });
            ControlFlow::Continue(())
        });
        if flow.is_break() {
            return Err(format!(
                "this position has more than {MAX_MOVES} moves, more than the page lists: \
                 choose smaller heaps"
            ));
        }
    }
    Ok(out)
}

/// The heaps after `option`, in the order typed (the replaced heap's parts
/// where it stood).
fn after(heaps: &[u64], option: &HeapOption) -> Vec<u64> {
    let mut out = heaps[..option.index].to_vec();
    out.extend_from_slice(&option.parts);
    out.extend_from_slice(&heaps[option.index + 1..]);
    out
}

/// Sorted, without empty heaps: positions that play alike share one form.
fn canonical(heaps: &[u64]) -> Vec<u64> {
    let mut out: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    out.sort_unstable();
    out
}

/// The canonical form of a sum, as the retrograde solver takes it.
type SumForm = fn(&Vec<u64>) -> Vec<u64>;
const SUM_FORM: SumForm = |sum| canonical(sum);

/// The retrograde table of sums of heaps.
type SumTable = RetrogradeTable<Vec<u64>, SumForm>;

/// The retrograde table of every sum reachable from `heaps`, within
/// [`REMOTENESS_WORK`]; the refusal in words otherwise.
fn remoteness_table<G: ImpartialGame<Position = u64>>(
    game: &G,
    heaps: &[u64],
    convention: Convention,
) -> Result<SumTable, String> {
    let successors = |sum: &Vec<u64>| {
        let mut next = Vec::new();
        for (index, heap) in sum.iter().enumerate() {
            // Equal heaps have the same options: list them once.
            if index > 0 && sum[index - 1] == *heap {
                continue;
            }
            let _ = game.for_each_option(heap, |parts| {
                let mut child = sum.clone();
                child.remove(index);
                child.extend_from_slice(parts);
                next.push(canonical(&child));
                ControlFlow::Continue(())
            });
        }
        next
    };
    Retrograde::new(successors)
        .with_convention(convention)
        .with_budget(page_budget().with_work(REMOTENESS_WORK))
        .with_canonical(SUM_FORM)
        .solve([canonical(heaps)])
        .map_err(|e| format!("remoteness not shown: the position is too big to search ({e})"))
}

/// The analysis of `heaps` in `game`; `value` gives a sum's outcome for the
/// player to move and its nimber (normal play).
fn run<G: ImpartialGame<Position = u64>>(
    game: &G,
    mut value: impl FnMut(&[u64]) -> Result<(Outcome, Option<u64>), String>,
    heaps: &[u64],
    convention: Convention,
) -> Result<Analysis, String> {
    let moves = options(game, heaps)?;
    let (outcome, nimber) = value(heaps)?;
    let table = remoteness_table(game, heaps, convention);
    let remoteness_of =
        |sum: &[u64]| -> Option<u32> { table.as_ref().ok()?.remoteness(&canonical(sum)) };
    let mut listed = Vec::with_capacity(moves.len());
    for option in &moves {
        let from = heaps[option.index];
        let to = after(heaps, option);
        let (child, child_nimber) = value(&to)?;
        let parts = if option.parts.is_empty() {
            "0".to_string()
        } else {
            option
                .parts
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join("+")
        };
        listed.push(MoveValue {
            label: format!("heap {}: {from} → {parts}", option.index + 1),
            outcome: for_mover(child),
            nimber: child_nimber,
            remoteness: remoteness_of(&to).map(|r| r + 1),
            score: None,
            to: join(&to),
        });
    }
    Ok(Analysis {
        position: join(heaps),
        outcome,
        nimber,
        remoteness: remoteness_of(heaps),
        score: None,
        note: table.err().unwrap_or_default(),
        moves: listed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_moves_are_coloured_by_the_xor() {
        let a = analyze("nim", "", "3 4 5", false).unwrap();
        assert_eq!((a.outcome, a.nimber), (Outcome::First, Some(2)));
        assert_eq!(a.moves.len(), 12);
        let winning: Vec<_> = a
            .moves
            .iter()
            .filter(|m| m.outcome == Outcome::First)
            .map(|m| m.to.as_str())
            .collect();
        assert_eq!(winning, ["1 4 5"]);
        // Remoteness agrees with the outcome: odd for a win, even for a loss.
        for m in &a.moves {
            let r = m.remoteness.unwrap();
            assert_eq!(r % 2 == 1, m.outcome == Outcome::First, "{m:?}");
        }
    }

    #[test]
    fn kayles_splits_a_row_and_agrees_with_the_retrograde_outcome() {
        let a = analyze("octal", "kayles", "4 3", false).unwrap();
        assert!(a.note.is_empty(), "{}", a.note);
        assert!(a.moves.iter().any(|m| m.label == "heap 1: 4 → 1+1"));
        for m in &a.moves {
            assert_eq!(m.outcome == Outcome::First, m.nimber == Some(0));
            assert_eq!(m.remoteness.unwrap() % 2 == 1, m.outcome == Outcome::First);
        }
    }

    #[test]
    fn subtraction_uses_the_move_set_and_bad_input_is_refused() {
        let a = analyze("subtraction", "2 3", "5", false).unwrap();
        assert_eq!(a.outcome, Outcome::Second);
        assert_eq!(a.moves.len(), 2);
        assert!(analyze("subtraction", "0", "5", false).is_err());
        assert!(analyze("octal", "0.9", "5", false).is_err());
        assert!(analyze("nim", "", "3 x", false).is_err());
        let big = analyze("nim", "", "100000", false).unwrap_err();
        assert!(big.contains("more than 5000 moves"), "{big}");
    }

    #[test]
    fn misere_play_values_and_remoteness_follow_the_last_move_losing() {
        // Misère Nim: all heaps of one, an even count of them: the player to move wins.
        let a = analyze("nim", "", "1 1", true).unwrap();
        assert_eq!((a.outcome, a.nimber), (Outcome::First, None));
        assert_eq!(
            analyze("nim", "", "1", true).unwrap().outcome,
            Outcome::Second
        );
        // The empty position is a win for the player to move (the last move lost).
        let empty = analyze("octal", "kayles", "", true).unwrap();
        assert_eq!((empty.outcome, empty.remoteness), (Outcome::First, Some(0)));
        for kind in ["nim", "octal", "subtraction"] {
            let a = analyze(
                kind,
                if kind == "octal" { "kayles" } else { "1 2" },
                "3 4 2",
                true,
            )
            .unwrap();
            for m in &a.moves {
                // The player left without a move wins: a win takes an even
                // number of moves, counting the mover's (normal play: odd).
                assert_eq!(
                    m.remoteness.unwrap() % 2 == 0,
                    m.outcome == Outcome::First,
                    "{kind} {m:?}"
                );
            }
        }
    }

    #[test]
    fn a_big_position_keeps_its_values_without_remoteness() {
        let a = analyze("nim", "", "900 900 900 900", false).unwrap();
        assert_eq!(a.remoteness, None);
        assert!(a.note.starts_with("remoteness not shown"), "{}", a.note);
        assert_eq!(a.nimber, Some(0));
    }
}
