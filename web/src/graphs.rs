//! Games on a small drawn graph: Green Hackenbush (cut an edge; what no
//! longer reaches the ground, vertex 0, falls away) and a token game on a
//! directed graph, where cycles make draws.

use std::collections::VecDeque;

use stonegame::prelude::*;

use crate::analysis::{Analysis, MoveValue, REMOTENESS_WORK, for_mover, parse_numbers};
use crate::heaps::page_budget;

/// The most edges the page draws and lists.
pub const MAX_EDGES: usize = 60;

/// Edges typed as `a-b` (Hackenbush) or `a>b` (arcs), separated by spaces or commas.
fn parse_edges(text: &str, separator: char) -> Result<Vec<(u32, u32)>, String> {
    let edges = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| {
            let (a, b) = t
                .split_once(separator)
                .ok_or_else(|| format!("edge \"{t}\": write it as a{separator}b"))?;
            let vertex = |v: &str| {
                v.parse::<u32>()
                    .map_err(|_| format!("edge \"{t}\": \"{v}\" is not a vertex number"))
            };
            Ok((vertex(a)?, vertex(b)?))
        })
        .collect::<Result<Vec<_>, String>>()?;
    if edges.len() > MAX_EDGES {
        return Err(format!(
            "{} edges, more than the page draws ({MAX_EDGES})",
            edges.len()
        ));
    }
    Ok(edges)
}

/// The edges of `mask` still connected to the ground (vertex 0).
fn grounded(edges: &[(u32, u32)], mask: u64) -> u64 {
    let mut reached = std::collections::HashSet::from([0u32]);
    let mut queue = VecDeque::from([0u32]);
    while let Some(v) = queue.pop_front() {
        for (i, &(a, b)) in edges.iter().enumerate() {
            if mask >> i & 1 == 1 && (a == v || b == v) {
                let other = if a == v { b } else { a };
                if reached.insert(other) {
                    queue.push_back(other);
                }
            }
        }
    }
    (0..edges.len())
        .filter(|&i| mask >> i & 1 == 1 && reached.contains(&edges[i].0))
        .fold(0, |m, i| m | 1 << i)
}

fn edges_text(edges: &[(u32, u32)], mask: u64) -> String {
    (0..edges.len())
        .filter(|&i| mask >> i & 1 == 1)
        .map(|i| format!("{}-{}", edges[i].0, edges[i].1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The library's nimber of the edges in `mask`.
fn hackenbush_nimber(edges: &[(u32, u32)], mask: u64) -> Result<u64, String> {
    let kept: Vec<(u32, u32)> = (0..edges.len())
        .filter(|&i| mask >> i & 1 == 1)
        .map(|i| edges[i])
        .collect();
    if kept.is_empty() {
        return Ok(0);
    }
    GreenHackenbush::new(&kept)
        .and_then(|g| g.nimber())
        .map(|n| n.0)
        .map_err(|e| e.to_string())
}

/// Green Hackenbush on the edges typed (`0-1 1-2 2-0`), vertex 0 the ground.
pub fn analyze_hackenbush(text: &str) -> Result<Analysis, String> {
    let edges = parse_edges(text, '-')?;
    let all = (0..edges.len()).fold(0u64, |m, i| m | 1 << i);
    let start = grounded(&edges, all);
    let successors = |&mask: &u64| -> Vec<u64> {
        (0..edges.len())
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| grounded(&edges, mask & !(1 << i)))
            .collect()
    };
    let table = Retrograde::new(successors)
        .with_budget(page_budget().with_work(REMOTENESS_WORK))
        .solve([start])
        .map_err(|e| format!("remoteness not shown: the graph is too big to search ({e})"));
    let remoteness_of = |mask: u64| table.as_ref().ok()?.remoteness(&mask);
    let nimber = hackenbush_nimber(&edges, start)?;
    let mut moves = Vec::new();
    for i in (0..edges.len()).filter(|&i| start >> i & 1 == 1) {
        let child = grounded(&edges, start & !(1 << i));
        let child_nimber = hackenbush_nimber(&edges, child)?;
        moves.push(MoveValue {
            label: format!("cut {}-{}", edges[i].0, edges[i].1),
            to: edges_text(&edges, child),
            outcome: for_mover(outcome_of(child_nimber)),
            nimber: Some(child_nimber),
            remoteness: remoteness_of(child).map(|r| r + 1),
            score: None,
        });
    }
    Ok(Analysis {
        position: edges_text(&edges, start),
        outcome: outcome_of(nimber),
        nimber: Some(nimber),
        remoteness: remoteness_of(start),
        score: None,
        note: table.err().unwrap_or_default(),
        moves,
    })
}

fn outcome_of(nimber: u64) -> Outcome {
    if nimber == 0 {
        Outcome::Second
    } else {
        Outcome::First
    }
}

/// The token game on the arcs typed (`0>1 1>2 2>0`), the token on `token`:
/// a move pushes it along an arc, a player without a move loses, and play
/// that can go on for ever is a draw (the library's retrograde analysis).
pub fn analyze_graph_game(arcs: &str, token: &str) -> Result<Analysis, String> {
    let arcs = parse_edges(arcs, '>')?;
    let token = match parse_numbers(token, "token")?.as_slice() {
        [t] => u32::try_from(*t).map_err(|_| "token: not a vertex number".to_string())?,
        _ => return Err("token: type the one vertex the token stands on".into()),
    };
    let successors = |&v: &u32| -> Vec<u32> {
        arcs.iter()
            .filter(|&&(a, _)| a == v)
            .map(|&(_, b)| b)
            .collect()
    };
    let table = Retrograde::new(successors)
        .with_budget(page_budget().with_work(REMOTENESS_WORK))
        .solve([token])
        .map_err(|e| e.to_string())?;
    let outcome = |v: u32| table.outcome(&v).unwrap_or(Outcome::Draw);
    let moves = successors(&token)
        .into_iter()
        .map(|to| MoveValue {
            label: format!("{token} → {to}"),
            to: to.to_string(),
            outcome: for_mover(outcome(to)),
            nimber: None,
            remoteness: table.remoteness(&to).map(|r| r + 1),
            score: None,
        })
        .collect();
    Ok(Analysis {
        position: token.to_string(),
        outcome: outcome(token),
        nimber: None,
        remoteness: table.remoteness(&token),
        score: None,
        note: String::new(),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_triangle_on_the_ground_is_star_one_and_cutting_the_far_edge_wins() {
        let a = analyze_hackenbush("0-1 1-2 2-0 5-6").unwrap();
        assert_eq!(a.position, "0-1 1-2 2-0", "the floating edge falls away");
        assert_eq!(a.nimber, Some(1));
        let winning: Vec<_> = a
            .moves
            .iter()
            .filter(|m| m.outcome == Outcome::First)
            .map(|m| m.label.as_str())
            .collect();
        assert_eq!(winning, ["cut 1-2"]);
        // Cutting 0-1 leaves the stalk 2-0, 1-2: *2.
        assert_eq!(a.moves[0].to, "1-2 2-0");
        assert_eq!(a.moves[0].nimber, Some(2));
        for m in &a.moves {
            assert_eq!(m.remoteness.unwrap() % 2 == 1, m.outcome == Outcome::First);
        }
        assert!(analyze_hackenbush("0-x").is_err());
        assert!(analyze_hackenbush("0>1").is_err());
    }

    #[test]
    fn a_cycle_draws_and_a_dead_end_loses() {
        // 0 → 1 → 2 → 0 cycles; 1 → 3 is a dead end: moving there wins.
        let a = analyze_graph_game("0>1 1>2 2>0 1>3", "1").unwrap();
        assert_eq!(a.outcome, Outcome::First);
        let values: Vec<_> = a.moves.iter().map(|m| (m.to.as_str(), m.outcome)).collect();
        assert_eq!(values, [("2", Outcome::Second), ("3", Outcome::First)]);
        let cycle = analyze_graph_game("0>1 1>0", "0").unwrap();
        assert_eq!(cycle.outcome, Outcome::Draw);
        assert_eq!(cycle.moves[0].outcome, Outcome::Draw);
        assert!(analyze_graph_game("0>1", "0 1").is_err());
    }
}
