// Why this file is long (over 1,500 lines): every integration test file is
// its own binary linked against the crate, so the retrograde tests stay in
// one (sections below: references, strategies, misère Nim, cyclic cases,
// tic-tac-toe, errors, ties/symmetry/tiers/analysis/parallel) to keep the
// suite's link time down; the shared proptest strategies live in
// tests/retrograde/retrograde_strategies/.
//! Retrograde analysis against independent references: plain minimax on
//! acyclic graphs, a naive fixpoint on cyclic ones, the definition of
//! remoteness, bottom-up tables for subtraction games, and the misère Nim rule.

use crate::retrograde_strategies as strategies;

use proptest::prelude::*;
use std::ops::ControlFlow;
use stonegame::impartial::ImpartialGame;
use stonegame::retrograde::{
    self, DenseSolver, Graph, Label, Retrograde, Value, solve_impartial_sum, sum_key,
};
use stonegame::{Budget, Convention, Error, Outcome};
use strategies::{any_convention, terminal_rules};

const BUDGET: Budget = Budget::from_mebibytes(64);

// ---------- references ----------

/// Plain minimax (no memo, recursion is fine on tiny acyclic graphs): each
/// player prefers Win > Tie > Draw > Lose; the winner takes the nearest win,
/// the loser the farthest loss, a tie is taken as soon as possible.
fn minimax(
    adjacency: &[Vec<u32>],
    terminal: &[Option<Value>],
    convention: Convention,
    u: usize,
) -> Label {
    if let Some(value) = terminal[u] {
        return terminal_label(value);
    }
    if adjacency[u].is_empty() {
        return terminal_label(no_move_value(convention));
    }
    let children: Vec<Label> = adjacency[u]
        .iter()
        .map(|&v| minimax(adjacency, terminal, convention, v as usize))
        .collect();
    let fastest_win = children
        .iter()
        .filter(|l| l.value == Value::Lose)
        .filter_map(|l| l.remoteness)
        .min();
    if let Some(r) = fastest_win {
        return Label {
            value: Value::Win,
            remoteness: Some(r + 1),
        };
    }
    let nearest_tie = children
        .iter()
        .filter(|l| l.value == Value::Tie)
        .filter_map(|l| l.remoteness)
        .min();
    if let Some(r) = nearest_tie {
        return Label {
            value: Value::Tie,
            remoteness: Some(r + 1),
        };
    }
    if children.iter().any(|l| l.value == Value::Draw) {
        return Label {
            value: Value::Draw,
            remoteness: None,
        };
    }
    let slowest_loss = children
        .iter()
        .filter_map(|l| l.remoteness)
        .max()
        .unwrap_or(0);
    Label {
        value: Value::Lose,
        remoteness: Some(slowest_loss + 1),
    }
}

fn terminal_label(value: Value) -> Label {
    let remoteness = (value != Value::Draw).then_some(0);
    Label { value, remoteness }
}

fn no_move_value(convention: Convention) -> Value {
    match convention.terminal_outcome() {
        Outcome::First => Value::Win,
        _ => Value::Lose,
    }
}

/// Labels by synchronous rounds, a different algorithm from the queue-based
/// induction, valid on cyclic graphs: in round `k` a position is won if a
/// move reaches a position lost in round `k - 1`, lost if every move reaches
/// a position won before round `k`; once nothing changes, tied in round `k`
/// if neither and a move reaches a position tied in round `k - 1`. The round
/// is the remoteness; whatever is never labelled is a draw.
fn round_fixpoint(
    adjacency: &[Vec<u32>],
    terminal: &[Option<Value>],
    convention: Convention,
) -> Vec<Label> {
    let n = adjacency.len();
    let mut known: Vec<Option<Label>> = (0..n)
        .map(|u| {
            terminal[u]
                .or_else(|| adjacency[u].is_empty().then(|| no_move_value(convention)))
                .map(terminal_label)
        })
        .collect();
    let is = |label: Option<Label>, value: Value| label.is_some_and(|l| l.value == value);
    for round in 1..=n as u32 + 1 {
        let before = known.clone();
        for u in 0..n {
            if before[u].is_some() {
                continue;
            }
            let children = || adjacency[u].iter().map(|&v| before[v as usize]);
            let lost_last_round =
                |c: Option<Label>| is(c, Value::Lose) && c.unwrap().remoteness == Some(round - 1);
            if children().any(lost_last_round) {
                known[u] = Some(Label {
                    value: Value::Win,
                    remoteness: Some(round),
                });
            } else if children().all(|c| is(c, Value::Win)) {
                known[u] = Some(Label {
                    value: Value::Lose,
                    remoteness: Some(round),
                });
            }
        }
        // A round that labels nothing makes the next one label nothing too.
        if known == before {
            break;
        }
    }
    for round in 1..=n as u32 + 1 {
        let before = known.clone();
        for u in 0..n {
            if before[u].is_some() {
                continue;
            }
            let tied_last_round = adjacency[u].iter().any(|&v| {
                let c = before[v as usize];
                is(c, Value::Tie) && c.unwrap().remoteness == Some(round - 1)
            });
            if tied_last_round {
                known[u] = Some(Label {
                    value: Value::Tie,
                    remoteness: Some(round),
                });
            }
        }
        if known == before {
            break;
        }
    }
    known
        .into_iter()
        .map(|k| {
            k.unwrap_or(Label {
                value: Value::Draw,
                remoteness: None,
            })
        })
        .collect()
}

/// Checks every label and best move against the definitions.
fn check_definition(
    adjacency: &[Vec<u32>],
    terminal: &[Option<Value>],
    convention: Convention,
    label: impl Fn(u32) -> Label,
    best_move: impl Fn(u32) -> Option<u32>,
) -> Result<(), TestCaseError> {
    for u in 0..adjacency.len() as u32 {
        let here = label(u);
        let forced = terminal[u as usize].or_else(|| {
            adjacency[u as usize]
                .is_empty()
                .then(|| no_move_value(convention))
        });
        if let Some(value) = forced {
            prop_assert_eq!(here, terminal_label(value), "terminal {}", u);
            prop_assert_eq!(best_move(u), None);
            continue;
        }
        let moves = &adjacency[u as usize];
        let child = |v: &u32| label(*v);
        let best = best_move(u);
        prop_assert!(
            best.is_some_and(|b| moves.contains(&b)),
            "best move of {} invalid",
            u
        );
        let best_label = label(best.unwrap_or(0));
        match (here.value, here.remoteness) {
            (Value::Win, Some(r)) => {
                let nearest = moves.iter().map(child).filter(|l| l.value == Value::Lose);
                prop_assert_eq!(nearest.filter_map(|l| l.remoteness).min(), Some(r - 1));
                prop_assert_eq!(
                    best_label,
                    Label {
                        value: Value::Lose,
                        remoteness: Some(r - 1)
                    }
                );
            }
            (Value::Lose, Some(r)) => {
                prop_assert!(moves.iter().map(child).all(|l| l.value == Value::Win));
                let farthest = moves.iter().map(child).filter_map(|l| l.remoteness).max();
                prop_assert_eq!(farthest, Some(r - 1));
                prop_assert_eq!(
                    best_label,
                    Label {
                        value: Value::Win,
                        remoteness: Some(r - 1)
                    }
                );
            }
            (Value::Tie, Some(r)) => {
                prop_assert!(moves.iter().map(child).all(|l| l.value != Value::Lose));
                let nearest = moves.iter().map(child).filter(|l| l.value == Value::Tie);
                prop_assert_eq!(nearest.filter_map(|l| l.remoteness).min(), Some(r - 1));
                prop_assert_eq!(
                    best_label,
                    Label {
                        value: Value::Tie,
                        remoteness: Some(r - 1)
                    }
                );
            }
            (Value::Draw, None) => {
                prop_assert!(
                    moves
                        .iter()
                        .map(child)
                        .all(|l| !matches!(l.value, Value::Lose | Value::Tie))
                );
                prop_assert!(moves.iter().map(child).any(|l| l.value == Value::Draw));
                prop_assert_eq!(best_label.value, Value::Draw);
            }
            other => prop_assert!(false, "inconsistent label {:?} at {}", other, u),
        }
    }
    Ok(())
}

// ---------- strategies ----------

fn adjacency_of(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<u32>> {
    let mut adjacency = vec![Vec::new(); n];
    for &(u, v) in edges {
        adjacency[u as usize].push(v);
    }
    adjacency
}

/// A random graph on up to `max_n` positions (self-loops and repeated moves included).
fn cyclic_graph(max_n: usize, max_edges: usize) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1..=max_n).prop_flat_map(move |n| {
        let edge = (0..n as u32, 0..n as u32);
        (Just(n), proptest::collection::vec(edge, 0..=max_edges))
    })
}

/// A random acyclic graph: moves go from a higher rank to a lower one, ranks
/// shuffled so index order says nothing.
fn acyclic_graph(
    max_n: usize,
    max_edges: usize,
) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1..=max_n).prop_flat_map(move |n| {
        let ranks = Just((0..n as u32).collect::<Vec<_>>()).prop_shuffle();
        let pairs = proptest::collection::vec((0..n as u32, 0..n as u32), 0..=max_edges);
        (Just(n), ranks, pairs).prop_map(|(n, rank, pairs)| {
            let edges = pairs
                .into_iter()
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (rank[a.max(b) as usize], rank[a.min(b) as usize]))
                .collect();
            (n, edges)
        })
    })
}

fn solve_dense<'g>(
    graph: &'g Graph,
    terminal: &[Option<Value>],
    convention: Convention,
) -> retrograde::DenseSolution<'g> {
    let rules = terminal.to_vec();
    DenseSolver::new(graph)
        .with_convention(convention)
        .terminal(move |u| rules[u as usize])
        .with_budget(BUDGET)
        .solve()
        .expect("small graph fits the budget")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn dense_matches_minimax_on_acyclic_graphs(
        (n, edges) in acyclic_graph(10, 24),
        convention in any_convention(),
        seed in any::<u64>(),
    ) {
        let terminal = pseudo_rules(n, seed);
        let adjacency = adjacency_of(n, &edges);
        let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let solution = solve_dense(&graph, &terminal, convention);
        for u in 0..n {
            let expected = minimax(&adjacency, &terminal, convention, u);
            prop_assert_eq!(solution.label(u as u32), Some(expected), "position {}", u);
        }
    }

    #[test]
    fn hashed_matches_minimax_on_acyclic_graphs(
        (n, edges) in acyclic_graph(10, 24),
        convention in any_convention(),
    ) {
        let adjacency = adjacency_of(n, &edges);
        let no_rules = vec![None; n];
        let solution = Retrograde::new(|&u: &u32| adjacency[u as usize].clone())
            .with_convention(convention)
            .solve(0..n as u32)
            .unwrap();
        for u in 0..n as u32 {
            let expected = minimax(&adjacency, &no_rules, convention, u as usize);
            prop_assert_eq!(solution.label(&u), Some(expected));
        }
    }

    #[test]
    fn labels_satisfy_the_definition_on_cyclic_graphs(
        (n, edges) in cyclic_graph(12, 30),
        convention in any_convention(),
        terminal in terminal_rules(12),
    ) {
        let terminal = &terminal[..n];
        let adjacency = adjacency_of(n, &edges);
        let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let solution = solve_dense(&graph, terminal, convention);
        check_definition(
            &adjacency,
            terminal,
            convention,
            |u| solution.label(u).unwrap(),
            |u| solution.best_move(u),
        )?;
        let labels = round_fixpoint(&adjacency, terminal, convention);
        for (u, &label) in labels.iter().enumerate() {
            prop_assert_eq!(solution.label(u as u32), Some(label), "position {}", u);
        }
    }

    #[test]
    fn hashed_predecessors_and_dense_agree(
        (n, edges) in cyclic_graph(12, 30),
        convention in any_convention(),
        terminal in terminal_rules(12),
    ) {
        let terminal = &terminal[..n];
        let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let reverse = graph.reversed(BUDGET).unwrap();
        let dense = solve_dense(&graph, terminal, convention);
        let with_predecessors = DenseSolver::new(&graph)
            .with_convention(convention)
            .terminal(|u| terminal[u as usize])
            .predecessors(|v| reverse.successors(v).to_vec())
            .solve()
            .unwrap();
        let hashed = Retrograde::new(|&u: &u32| graph.successors(u).to_vec())
            .with_convention(convention)
            .terminal(|&u: &u32| terminal[u as usize])
            .solve(0..n as u32)
            .unwrap();
        let hashed_with_predecessors = Retrograde::new(|&u: &u32| graph.successors(u).to_vec())
            .with_convention(convention)
            .terminal(|&u: &u32| terminal[u as usize])
            .predecessors(|&v: &u32| reverse.successors(v).to_vec())
            .solve(0..n as u32)
            .unwrap();
        for u in 0..n as u32 {
            let label = dense.label(u);
            prop_assert_eq!(with_predecessors.label(u), label);
            prop_assert_eq!(hashed.label(&u), label);
            prop_assert_eq!(hashed_with_predecessors.label(&u), label);
            prop_assert_eq!(hashed.best_move(&u).copied(), dense.best_move(u));
        }
    }

    #[test]
    fn from_successors_equals_from_edges((n, edges) in cyclic_graph(12, 30)) {
        let adjacency = adjacency_of(n, &edges);
        let by_edges = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let by_closure =
            Graph::from_successors(n, BUDGET, |u| adjacency[u as usize].clone()).unwrap();
        prop_assert_eq!(&by_edges, &by_closure);
        for u in 0..n as u32 {
            prop_assert_eq!(by_edges.successors(u), &adjacency[u as usize][..]);
        }
        let reverse = by_edges.reversed(BUDGET).unwrap();
        prop_assert_eq!(reverse.num_moves(), edges.len());
        for v in 0..n as u32 {
            let mut expected: Vec<u32> =
                edges.iter().filter(|e| e.1 == v).map(|e| e.0).collect();
            expected.sort_unstable();
            prop_assert_eq!(reverse.successors(v), &expected[..]);
        }
    }

    #[test]
    fn subtraction_games_match_a_bottom_up_table(
        set in proptest::collection::btree_set(1u32..=7, 1..=4),
        misere in any::<bool>(),
    ) {
        let set: Vec<u32> = set.into_iter().collect();
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        const TOP: u32 = 80;
        // win[n]: the player to move wins with n stones left.
        let mut win = vec![false; TOP as usize + 1];
        for n in 0..=TOP {
            let moves: Vec<u32> = set.iter().filter(|&&s| s <= n).map(|&s| n - s).collect();
            win[n as usize] = if moves.is_empty() {
                misere
            } else {
                moves.iter().any(|&m| !win[m as usize])
            };
        }
        let moves = |&n: &u32| -> Vec<u32> {
            set.iter().filter(|&&s| s <= n).map(|&s| n - s).collect()
        };
        let solution = Retrograde::new(moves).with_convention(convention).solve([TOP]).unwrap();
        for n in 0..=TOP {
            if let Some(value) = solution.value(&n) {
                let expected = if win[n as usize] { Value::Win } else { Value::Lose };
                prop_assert_eq!(value, expected, "heap {}", n);
            }
        }
        let all = Retrograde::new(moves).with_convention(convention).solve(0..=TOP).unwrap();
        prop_assert_eq!(all.len(), TOP as usize + 1);
        for n in 0..=TOP {
            prop_assert_eq!(all.value(&n), Some(if win[n as usize] { Value::Win } else { Value::Lose }));
        }
    }
}

/// Terminal rules derived from a seed (for the acyclic minimax test).
fn pseudo_rules(n: usize, seed: u64) -> Vec<Option<Value>> {
    (0..n)
        .map(|u| match (seed >> (3 * (u % 20))) & 15 {
            0 => Some(Value::Win),
            1 => Some(Value::Lose),
            2 => Some(Value::Tie),
            3 => Some(Value::Draw),
            _ => None,
        })
        .collect()
}

// ---------- misère Nim ----------

// The position type is `Vec<u8>`, so the successor closure receives `&Vec<u8>`.
#[allow(clippy::ptr_arg)]
fn nim_moves(heaps: &Vec<u8>) -> Vec<Vec<u8>> {
    let mut options = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for smaller in 0..h {
            let mut next = heaps.clone();
            next[i] = smaller;
            next.sort_unstable();
            options.push(next);
        }
    }
    options
}

fn misere_nim_first_player_wins(heaps: &[u8]) -> bool {
    let xor = heaps.iter().fold(0, |acc, &h| acc ^ h);
    let all_small = heaps.iter().all(|&h| h <= 1);
    if all_small { xor == 0 } else { xor != 0 }
}

#[test]
fn misere_nim_follows_the_known_rule() {
    let mut checked = 0;
    for count in 1..=3u32 {
        let start = vec![5u8; count as usize];
        let solution = Retrograde::new(nim_moves)
            .with_convention(Convention::Misere)
            .solve([start])
            .unwrap();
        for (heaps, label) in solution.iter() {
            let expected = misere_nim_first_player_wins(heaps);
            assert_eq!(label.value == Value::Win, expected, "heaps {heaps:?}");
            assert_ne!(label.value, Value::Draw);
            checked += 1;
        }
    }
    let four = Retrograde::new(nim_moves)
        .with_convention(Convention::Misere)
        .solve([vec![3u8; 4]])
        .unwrap();
    for (heaps, label) in four.iter() {
        assert_eq!(
            label.value == Value::Win,
            misere_nim_first_player_wins(heaps)
        );
    }
    // Sorted heaps ≤ 5: 6 + 21 + 56 positions; four heaps ≤ 3: 35.
    assert_eq!(checked, 6 + 21 + 56);
    assert_eq!(four.len(), 35);
}

#[test]
fn normal_nim_is_the_xor_rule() {
    let solution = retrograde::solve(vec![4u8, 5, 6], nim_moves).unwrap();
    for (heaps, label) in solution.iter() {
        let xor = heaps.iter().fold(0, |acc, &h| acc ^ h);
        assert_eq!(label.value == Value::Win, xor != 0, "heaps {heaps:?}");
    }
}

/// Nim as an impartial game (taking a whole heap leaves nothing).
struct NimHeap;

impl ImpartialGame for NimHeap {
    type Position = u8;
    fn for_each_option(
        &self,
        heap: &u8,
        mut visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for smaller in 0..*heap {
            if smaller == 0 {
                visit(&[])?
            } else {
                visit(&[smaller])?
            }
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn impartial_sums_follow_the_nim_rules() {
    for convention in [Convention::Normal, Convention::Misere] {
        let solution = solve_impartial_sum(&NimHeap, vec![4, 3, 2, 1], convention).unwrap();
        assert!(solution.len() > 20, "{}", solution.len());
        for (heaps, label) in solution.iter() {
            let xor = heaps.iter().fold(0, |acc, &h| acc ^ h);
            let first_wins = match convention {
                Convention::Normal => xor != 0,
                Convention::Misere => misere_nim_first_player_wins(heaps),
            };
            assert_eq!(
                label.value == Value::Win,
                first_wins,
                "{convention} {heaps:?}"
            );
        }
        assert_eq!(solution.value(&sum_key(vec![1, 2, 3, 4])), Some(Value::Win));
    }
}

// ---------- hand-checked cyclic cases ----------

fn solve_edges(n: usize, edges: &[(u32, u32)]) -> Vec<Label> {
    let graph = Graph::from_edges(n, edges, BUDGET).unwrap();
    let solution = graph.solve().unwrap();
    (0..n as u32).map(|u| solution.label(u).unwrap()).collect()
}

fn win(r: u32) -> Label {
    Label {
        value: Value::Win,
        remoteness: Some(r),
    }
}
fn lose(r: u32) -> Label {
    Label {
        value: Value::Lose,
        remoteness: Some(r),
    }
}
const DRAW: Label = Label {
    value: Value::Draw,
    remoteness: None,
};

#[test]
fn a_two_cycle_is_a_draw() {
    assert_eq!(solve_edges(2, &[(0, 1), (1, 0)]), vec![DRAW, DRAW]);
}

#[test]
fn a_self_loop_is_a_draw() {
    assert_eq!(solve_edges(1, &[(0, 0)]), vec![DRAW]);
}

#[test]
fn a_cycle_with_an_escape_is_decided() {
    // 0 ⇄ 1, and 1 → 2 where 2 has no move: 1 escapes and wins, so 0 loses.
    assert_eq!(
        solve_edges(3, &[(0, 1), (1, 0), (1, 2)]),
        vec![lose(2), win(1), lose(0)]
    );
    // A 3-cycle 0 → 1 → 2 → 0 with an escape 2 → 3.
    assert_eq!(
        solve_edges(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]),
        vec![win(3), lose(2), win(1), lose(0)]
    );
}

#[test]
fn a_draw_beats_a_certain_loss() {
    // 0 can loop on itself or move to 1, which wins at once (1 → 2): 0 draws.
    assert_eq!(
        solve_edges(3, &[(0, 0), (0, 1), (1, 2)]),
        vec![DRAW, win(1), lose(0)]
    );
    // With a losing escape (0 → 3, 3 has no move) 0 wins instead.
    assert_eq!(
        solve_edges(4, &[(0, 0), (0, 1), (1, 2), (0, 3)]),
        vec![win(1), win(1), lose(0), lose(0)]
    );
}

#[test]
fn the_winner_hurries_and_the_loser_delays() {
    // 0 → 1 → 2 → 3 (a long win) and 0 → 4 (an immediate win): remoteness 1.
    let labels = solve_edges(5, &[(0, 1), (1, 2), (2, 3), (0, 4)]);
    assert_eq!(labels[0], win(1));
    // 5 must move to 6 (wins in 1) or 7 (wins in 3): 5 loses in 4.
    let labels = solve_edges(9, &[(5, 6), (6, 8), (5, 7), (7, 1), (1, 2), (2, 3)]);
    assert_eq!(labels[6], win(1));
    assert_eq!(labels[1], lose(2));
    assert_eq!(labels[7], win(3));
    assert_eq!(labels[5], lose(4));
}

#[test]
fn misere_flips_the_terminal_value() {
    let graph = Graph::from_edges(3, &[(0, 1), (1, 2), (2, 1)], BUDGET).unwrap();
    let solution = DenseSolver::new(&graph)
        .with_convention(Convention::Misere)
        .solve()
        .unwrap();
    // Nobody ever runs out of moves on the loop 1 ⇄ 2: all draws.
    assert_eq!(solution.counts().draw, 3);
    let chain = Graph::from_edges(3, &[(0, 1), (1, 2)], BUDGET).unwrap();
    let solution = DenseSolver::new(&chain)
        .with_convention(Convention::Misere)
        .solve()
        .unwrap();
    assert_eq!(solution.label(2), Some(win(0)));
    assert_eq!(solution.label(1), Some(lose(1)));
    assert_eq!(solution.label(0), Some(win(2)));
}

// ---------- a game with its own terminal rule: tic-tac-toe ----------

type Board = [u8; 9];
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn to_move(board: &Board) -> u8 {
    if board.iter().filter(|&&c| c != 0).count() % 2 == 0 {
        1
    } else {
        2
    }
}

fn tic_tac_toe_moves(board: &Board) -> Vec<Board> {
    let mark = to_move(board);
    (0..9)
        .filter(|&i| board[i] == 0)
        .map(|i| {
            let mut next = *board;
            next[i] = mark;
            next
        })
        .collect()
}

fn tic_tac_toe_end(board: &Board) -> Option<Value> {
    let completed = LINES
        .iter()
        .any(|line| board[line[0]] != 0 && line.iter().all(|&i| board[i] == board[line[0]]));
    if completed {
        Some(Value::Lose) // the previous player completed a line
    } else if board.iter().all(|&c| c != 0) {
        Some(Value::Tie)
    } else {
        None
    }
}

#[test]
fn tic_tac_toe_is_a_tie() {
    let solution = Retrograde::new(tic_tac_toe_moves)
        .terminal(tic_tac_toe_end)
        .solve([[0u8; 9]])
        .unwrap();
    // The published count of legal positions reachable in play.
    assert_eq!(solution.len(), 5478);
    // Perfect play fills the board: a tie in 9 moves.
    assert_eq!(solution.value(&[0; 9]), Some(Value::Tie));
    assert_eq!(solution.remoteness(&[0; 9]), Some(9));
    // The empty board is the longest tie; the counts add up to the positions.
    let analysis = solution.analysis();
    assert_eq!(analysis.longest_tie, Some((&[0u8; 9], 9)));
    assert_eq!(analysis.counts.total(), 5478);
    assert_eq!(analysis.counts.draw, 0); // tic-tac-toe always ends
    // X in a corner, O on an adjacent edge: X wins (in 5 more plies).
    let mut board = [0u8; 9];
    board[0] = 1;
    board[1] = 2;
    assert_eq!(solution.value(&board), Some(Value::Win));
    let line = solution.principal_line(&board);
    assert_eq!(tic_tac_toe_end(line[line.len() - 1]), Some(Value::Lose));
    assert_eq!(line.len() as u32 - 1, solution.remoteness(&board).unwrap());
}

// ---------- errors ----------

#[test]
fn budgets_are_refused_before_allocating() {
    let graph = Graph::from_edges(1000, &[(0, 1)], BUDGET).unwrap();
    let err = DenseSolver::new(&graph)
        .with_budget(Budget::from_bytes(4096))
        .solve()
        .unwrap_err();
    assert!(matches!(
        err,
        Error::MemoryBudgetExceeded {
            budget_bytes: 4096,
            ..
        }
    ));
    assert!(err.to_string().contains("4096 bytes"), "{err}");

    let err = Graph::from_edges(1 << 20, &[], Budget::from_bytes(1 << 20)).unwrap_err();
    assert!(matches!(err, Error::MemoryBudgetExceeded { .. }));

    let err = Retrograde::new(|&n: &u64| n.checked_sub(1))
        .with_budget(Budget::from_mebibytes(1))
        .solve([u64::MAX])
        .unwrap_err();
    assert!(
        err.to_string().contains(&(1u128 << 20).to_string()),
        "{err}"
    );

    // Predecessor lists are counted only when built.
    let chain = Graph::from_successors(10_000, BUDGET, |u| (u > 0).then(|| u - 1)).unwrap();
    let tight = Budget::from_bytes(9 * 10_000);
    assert!(DenseSolver::new(&chain).with_budget(tight).solve().is_err());
    let solution = DenseSolver::new(&chain)
        .with_budget(tight)
        .predecessors(|v| (v + 1 < 10_000).then_some(v + 1))
        .solve()
        .unwrap();
    assert_eq!(solution.remoteness(9_999), Some(9_999));
}

#[test]
fn bad_graphs_are_reported() {
    let err = Graph::from_edges(3, &[(0, 1), (3, 0)], BUDGET).unwrap_err();
    assert!(err.to_string().contains("(3, 0)"), "{err}");
    let err = Graph::from_successors(3, BUDGET, |u| Some(u + 1)).unwrap_err();
    assert!(matches!(
        err,
        Error::InvalidParameter {
            name: "successors",
            ..
        }
    ));
    let mut calls = 0;
    let err = Graph::from_successors(2, BUDGET, |_| {
        calls += 1;
        if calls > 2 { vec![0, 1] } else { vec![0] }
    })
    .unwrap_err();
    assert!(err.to_string().contains("deterministic"), "{err}");
    let graph = Graph::from_edges(2, &[(0, 1)], BUDGET).unwrap();
    let err = DenseSolver::new(&graph)
        .predecessors(|_| Some(7))
        .solve()
        .unwrap_err();
    assert!(matches!(
        err,
        Error::InvalidParameter {
            name: "predecessors",
            ..
        }
    ));
}

#[test]
fn more_than_u32_max_positions_is_refused() {
    let too_many = u32::MAX as usize + 1;
    for err in [
        Graph::from_edges(too_many, &[], Budget::unlimited()).unwrap_err(),
        Graph::from_successors(too_many, Budget::unlimited(), |_| None).unwrap_err(),
    ] {
        assert!(
            matches!(err, Error::SizeLimitExceeded { limit, .. } if limit == u32::MAX as u128),
            "{err}"
        );
        assert!(err.to_string().contains("4294967295"), "{err}");
    }
}

#[test]
fn queries_out_of_range_are_none() {
    let graph = Graph::from_edges(2, &[(0, 1)], BUDGET).unwrap();
    let solution = graph.solve().unwrap();
    assert_eq!(solution.value(2), None);
    assert_eq!(solution.best_move(u32::MAX), None);
    assert!(solution.principal_line(5).is_empty());
    let hashed = retrograde::solve(3u8, |&n: &u8| n.checked_sub(1)).unwrap();
    assert_eq!(hashed.value(&9), None);
    assert_eq!(hashed.best_move(&9), None);
    assert!(hashed.principal_line(&9).is_empty());
}

#[test]
fn pseudo_random_graphs_are_reproducible_and_solved_consistently() {
    let graph = Graph::pseudo_random(2_000, 6, 5, 42, BUDGET).unwrap();
    assert_eq!(
        graph,
        Graph::pseudo_random(2_000, 6, 5, 42, BUDGET).unwrap()
    );
    assert_ne!(
        graph,
        Graph::pseudo_random(2_000, 6, 5, 43, BUDGET).unwrap()
    );
    let adjacency: Vec<Vec<u32>> = (0..2_000).map(|u| graph.successors(u).to_vec()).collect();
    let solution = graph.solve().unwrap();
    let counts = solution.counts();
    assert!(
        counts.win > 0 && counts.lose > 0 && counts.draw > 0,
        "{counts:?}"
    );
    let labels = round_fixpoint(&adjacency, &vec![None; 2_000], Convention::Normal);
    for u in 0..2_000u32 {
        assert_eq!(solution.label(u), Some(labels[u as usize]));
    }
    let no_rules = vec![None; 2_000];
    check_definition(
        &adjacency,
        &no_rules,
        Convention::Normal,
        |u| solution.label(u).unwrap(),
        |u| solution.best_move(u),
    )
    .unwrap();
}

// ---------- ties, symmetry, tiers, analysis, parallel ----------

/// A random game that is symmetric under swapping two copies of a graph:
/// position `(side, u)`; an edge `(u, v, cross)` moves to `(side ^ cross, v)`.
fn doubled_successors(
    adjacency: &[Vec<(u32, bool)>],
) -> impl Fn(&(bool, u32)) -> Vec<(bool, u32)> + '_ {
    move |&(side, u)| {
        adjacency[u as usize]
            .iter()
            .map(|&(v, cross)| (side ^ cross, v))
            .collect()
    }
}

/// The terminal values of a tiered test game, by global index.
fn tier_of(u: u32, tiers: &[u32]) -> u32 {
    tiers[u as usize]
}

/// A graph game split into tiers: vertex `u` is in tier `tiers[u]`, at its
/// rank among the vertices of that tier.
struct TieredGraph<'a> {
    adjacency: &'a [Vec<u32>],
    terminal: &'a [Option<Value>],
    tiers: &'a [u32],
    members: Vec<Vec<u32>>,
    /// Each vertex's predecessors, when the game lists them (then each tier
    /// is solved without storing its moves).
    reverse: Option<Vec<Vec<u32>>>,
}

impl TieredGraph<'_> {
    fn position(&self, u: u32) -> retrograde::TierPosition {
        let tier = tier_of(u, self.tiers);
        let index = self.members[tier as usize]
            .iter()
            .position(|&m| m == u)
            .unwrap();
        retrograde::TierPosition {
            tier,
            index: index as u32,
        }
    }
}

impl retrograde::TieredGame for TieredGraph<'_> {
    fn num_tiers(&self) -> u32 {
        self.members.len() as u32
    }
    fn tier_size(&self, tier: u32) -> u32 {
        self.members[tier as usize].len() as u32
    }
    fn for_each_move(
        &self,
        p: retrograde::TierPosition,
        mut visit: impl FnMut(retrograde::TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let u = self.members[p.tier as usize][p.index as usize];
        for &v in &self.adjacency[u as usize] {
            visit(self.position(v))?;
        }
        ControlFlow::Continue(())
    }
    fn terminal(&self, p: retrograde::TierPosition) -> Option<Value> {
        self.terminal[self.members[p.tier as usize][p.index as usize] as usize]
    }
    fn lists_predecessors(&self) -> bool {
        self.reverse.is_some()
    }
    fn for_each_predecessor(
        &self,
        p: retrograde::TierPosition,
        tier: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let v = self.members[p.tier as usize][p.index as usize];
        for &u in &self.reverse.as_ref().unwrap()[v as usize] {
            let from = self.position(u);
            if from.tier == tier {
                visit(from.index)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A graph whose moves never climb tiers: tiers drawn at random, edges
/// kept only where the tier does not rise.
fn tiered_graph() -> impl Strategy<Value = (usize, Vec<u32>, Vec<(u32, u32)>)> {
    (1usize..=12).prop_flat_map(|n| {
        let tiers = proptest::collection::vec(0u32..4, n);
        let edges = proptest::collection::vec((0..n as u32, 0..n as u32), 0..=30);
        (Just(n), tiers, edges).prop_map(|(n, tiers, edges)| {
            let edges = edges
                .into_iter()
                .filter(|&(u, v)| tiers[v as usize] <= tiers[u as usize])
                .collect();
            (n, tiers, edges)
        })
    })
}

fn scratch_dir(name: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!(
        "stonegame-test-{name}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Tier by tier through files gives exactly the labels of solving the
    /// whole graph at once, with the tiers' moves stored or (when the game
    /// lists predecessors) not.
    #[test]
    fn tiers_match_the_whole_graph(
        (n, tiers, edges) in tiered_graph(),
        terminal in terminal_rules(12),
        convention in any_convention(),
        lists_predecessors in any::<bool>(),
    ) {
        let terminal = &terminal[..n];
        let adjacency = adjacency_of(n, &edges);
        let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let whole = solve_dense(&graph, terminal, convention);
        let used = tiers.iter().max().map_or(0, |&t| t as usize + 1);
        let mut members = vec![Vec::new(); used];
        for u in 0..n as u32 {
            members[tiers[u as usize] as usize].push(u);
        }
        let reverse = lists_predecessors.then(|| {
            let mut reverse = vec![Vec::new(); n];
            for &(u, v) in &edges {
                reverse[v as usize].push(u);
            }
            reverse
        });
        let game = TieredGraph { adjacency: &adjacency, terminal, tiers: &tiers, members, reverse };
        let dir = scratch_dir("tiers");
        let mut database = retrograde::TieredSolver::new(&game, &dir)
            .with_convention(convention)
            .with_budget(BUDGET)
            .with_predecessor_check(true)
            .solve()
            .unwrap();
        // Reopened from disk only, to check the files themselves; and with a
        // budget too small to keep any tier, each answer read from its record.
        let mut reopened = retrograde::TierDatabase::open(&dir, BUDGET);
        let mut by_record = retrograde::TierDatabase::open(&dir, Budget::from_bytes(1));
        use retrograde::TieredGame as _;
        for u in 0..n as u32 {
            let p = game.position(u);
            prop_assert_eq!(database.label(p).unwrap(), whole.label(u), "vertex {}", u);
            prop_assert_eq!(reopened.label(p).unwrap(), whole.label(u), "vertex {}", u);
            prop_assert_eq!(by_record.label(p).unwrap(), whole.label(u), "vertex {}", u);
        }
        for tier in 0..used as u32 {
            let size = game.tier_size(tier);
            let outside = retrograde::TierPosition { tier, index: size };
            prop_assert_eq!(by_record.label(outside).unwrap(), None);
            prop_assert_eq!(reopened.label(outside).unwrap(), None);
            prop_assert_eq!(by_record.counts(tier).unwrap(), reopened.verify(tier).unwrap());
            prop_assert_eq!(by_record.counts(tier).unwrap().total(), size as usize);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A symmetric game solved with a canonical form stores half the
    /// positions and answers every query as the whole game does.
    #[test]
    fn canonical_forms_change_nothing_but_the_size(
        n in 1usize..=10,
        raw in proptest::collection::vec((0u32..10, 0u32..10, any::<bool>()), 0..=25),
        tie_at in proptest::option::of(0u32..10),
        convention in any_convention(),
    ) {
        let mut adjacency = vec![Vec::new(); n];
        for (u, v, cross) in raw {
            if (u as usize) < n && (v as usize) < n {
                adjacency[u as usize].push((v, cross));
            }
        }
        let successors = doubled_successors(&adjacency);
        let terminal = |&(_, u): &(bool, u32)| (Some(u) == tie_at).then_some(Value::Tie);
        let starts: Vec<(bool, u32)> = (0..n as u32).flat_map(|u| [(false, u), (true, u)]).collect();
        let whole = Retrograde::new(&successors)
            .with_convention(convention)
            .terminal(terminal)
            .solve(starts.clone())
            .unwrap();
        let folded = Retrograde::new(&successors)
            .with_convention(convention)
            .terminal(terminal)
            .with_canonical(|&(_, u): &(bool, u32)| (false, u))
            .solve(starts.clone())
            .unwrap();
        prop_assert_eq!(whole.len(), 2 * n);
        prop_assert_eq!(folded.len(), n);
        for p in &starts {
            prop_assert_eq!(folded.label(p), whole.label(p), "{:?}", p);
        }
        prop_assert_eq!(folded.counts().win * 2, whole.counts().win);
    }

    /// The analysis agrees with the labels it summarises.
    #[test]
    fn analysis_summarises_the_labels(
        (n, edges) in cyclic_graph(12, 30),
        terminal in terminal_rules(12),
    ) {
        let terminal = &terminal[..n];
        let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let solution = solve_dense(&graph, terminal, Convention::Normal);
        let analysis = solution.analysis();
        let labels: Vec<Label> = (0..n as u32).map(|u| solution.label(u).unwrap()).collect();
        for value in [Value::Win, Value::Lose, Value::Tie] {
            let longest = labels
                .iter()
                .enumerate()
                .filter(|(_, l)| l.value == value)
                .map(|(u, l)| (u as u32, l.remoteness.unwrap()))
                .fold(None, |best: Option<(u32, u32)>, (u, r)| match best {
                    Some((_, b)) if b >= r => best,
                    _ => Some((u, r)),
                });
            let reported = match value {
                Value::Win => analysis.longest_win,
                Value::Lose => analysis.longest_loss,
                _ => analysis.longest_tie,
            };
            prop_assert_eq!(reported, longest, "{:?}", value);
            for (r, row) in analysis.by_remoteness.iter().enumerate() {
                let count = labels
                    .iter()
                    .filter(|l| l.value == value && l.remoteness == Some(r as u32))
                    .count();
                let reported = match value {
                    Value::Win => row.win,
                    Value::Lose => row.lose,
                    _ => row.tie,
                };
                prop_assert_eq!(reported, count);
            }
        }
        prop_assert_eq!(analysis.counts, solution.counts());
        prop_assert_eq!(analysis.counts.total(), n);
    }

    /// `solve_from` returns the start's value and a line of best moves.
    #[test]
    fn solve_from_plays_the_principal_line(
        (n, edges) in cyclic_graph(12, 30),
        terminal in terminal_rules(12),
        start in 0u32..12,
    ) {
        let start = start % n as u32;
        let terminal = &terminal[..n];
        let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let dense = solve_dense(&graph, terminal, Convention::Normal);
        let solution = Retrograde::new(|&u: &u32| graph.successors(u).to_vec())
            .terminal(|&u: &u32| terminal[u as usize])
            .solve_from(start)
            .unwrap();
        let label = dense.label(start).unwrap();
        prop_assert_eq!(solution.value(), label.value);
        prop_assert_eq!(solution.outcome(), label.value.outcome());
        prop_assert_eq!(solution.best_move().copied(), dense.best_move(start));
        if label.value == Value::Draw {
            // A drawing line: real moves between drawn positions (by the
            // dense solver's labels), no position twice except the last,
            // which either closes a cycle or has no draw-keeping move.
            let mut seen = vec![start];
            let mut at = start;
            for (k, &next) in solution.line().iter().enumerate() {
                prop_assert!(graph.successors(at).contains(&next));
                prop_assert_eq!(dense.label(next).unwrap().value, Value::Draw);
                let last = k + 1 == solution.line().len();
                prop_assert_eq!(seen.contains(&next), last && dense.best_move(next).is_some());
                seen.push(next);
                at = next;
            }
            if dense.best_move(start).is_some() {
                prop_assert!(!solution.line().is_empty());
                let last = *solution.line().last().unwrap();
                let cycle_closed = solution.line()[..solution.line().len() - 1]
                    .contains(&last)
                    || last == start;
                prop_assert!(cycle_closed || dense.best_move(last).is_none());
            }
        } else {
            prop_assert_eq!(solution.line().len() as u32, label.remoteness.unwrap());
            let mut at = start;
            for &next in solution.line() {
                prop_assert_eq!(Some(next), dense.best_move(at));
                at = next;
            }
        }
    }
}

#[cfg(feature = "parallel")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Every core or one: the same labels.
    #[test]
    fn parallel_induction_gives_the_same_labels(
        (n, edges) in cyclic_graph(12, 30),
        terminal in terminal_rules(12),
        convention in any_convention(),
    ) {
        let terminal = &terminal[..n];
        let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let one = solve_dense(&graph, terminal, convention);
        let all = DenseSolver::new(&graph)
            .with_convention(convention)
            .terminal(|u| terminal[u as usize])
            .with_parallel(true)
            .solve()
            .unwrap();
        for u in 0..n as u32 {
            prop_assert_eq!(all.label(u), one.label(u));
        }
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_induction_agrees_on_a_large_random_graph() {
    let graph = Graph::pseudo_random(200_000, 6, 5, 9, BUDGET).unwrap();
    let one = graph.solve().unwrap();
    let all = DenseSolver::new(&graph)
        .with_parallel(true)
        .solve()
        .unwrap();
    assert!((0..200_000).all(|u| one.label(u) == all.label(u)));
    assert_eq!(one.analysis(), all.analysis());
}

/// The parallel solver builds its predecessor lists on every core when the
/// budget has room for their scratch (8 bytes a move) and on one core when it
/// has not; both give the single-core labels, and a budget short of the
/// tables themselves is still refused.
#[cfg(feature = "parallel")]
#[test]
fn parallel_solver_falls_back_to_one_core_lists_within_a_tight_budget() {
    let graph = Graph::pseudo_random(50_000, 6, 5, 4, BUDGET).unwrap();
    let (n, m) = (graph.num_positions() as u128, graph.num_moves() as u128);
    // Value byte, word and queue slot, predecessor lists, two frontiers.
    let tables = 9 * n + 4 * (n + 1 + m) + 8 * n;
    let one = graph.solve().unwrap();
    for bytes in [tables, tables + 8 * m - 1, tables + 8 * m] {
        let all = DenseSolver::new(&graph)
            .with_budget(Budget::from_bytes(bytes))
            .with_parallel(true)
            .solve()
            .unwrap();
        assert!(
            (0..n as u32).all(|u| one.label(u) == all.label(u)),
            "{bytes} bytes"
        );
    }
    let refused = DenseSolver::new(&graph)
        .with_budget(Budget::from_bytes(tables - 1))
        .with_parallel(true)
        .solve();
    assert!(matches!(refused, Err(Error::MemoryBudgetExceeded { .. })));
}

/// Many moves into few positions, so that threads meet on the same counters
/// (wins found from lost positions and countdowns from won ones in the same
/// pass), with every kind of terminal rule, under both conventions.
#[cfg(feature = "parallel")]
#[test]
fn parallel_induction_agrees_where_threads_collide() {
    let n = 6_000usize;
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut edges = Vec::new();
    for u in 0..n as u32 {
        // Position 0..200 are hubs: most moves go there; 5% have no move.
        if next() % 20 == 0 {
            continue;
        }
        for _ in 0..1 + next() % 12 {
            let v = if next() % 4 == 0 {
                next() % n as u64
            } else {
                next() % 200
            };
            edges.push((u, v as u32));
        }
    }
    let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
    // One position in 16 ends by a rule, with any value.
    let values = [Value::Win, Value::Lose, Value::Tie, Value::Draw];
    let rules: Vec<Option<Value>> = (0..n)
        .map(|_| (next() % 16 == 0).then(|| values[(next() % 4) as usize]))
        .collect();
    let counts = solve_dense(&graph, &rules, Convention::Normal).counts();
    assert!(counts.win > 0 && counts.lose > 0 && counts.tie > 0 && counts.draw > 0);
    for convention in [Convention::Normal, Convention::Misere] {
        let one = solve_dense(&graph, &rules, convention);
        for _ in 0..5 {
            let all = DenseSolver::new(&graph)
                .with_convention(convention)
                .terminal(|u| rules[u as usize])
                .with_parallel(true)
                .solve()
                .unwrap();
            assert!((0..n as u32).all(|u| one.label(u) == all.label(u)));
        }
    }
}

#[test]
fn a_tie_is_preferred_to_a_draw_and_a_draw_to_a_loss() {
    // 0 may go to 1 (a tied ending), to 2 (a loop 2 ⇄ 3) or to 4 (a won position: 4 → 5).
    let edges = [(0, 1), (0, 2), (2, 3), (3, 2), (0, 4), (4, 5)];
    let graph = Graph::from_edges(6, &edges, BUDGET).unwrap();
    let tie_at_1 = |u: u32| (u == 1).then_some(Value::Tie);
    let solution = DenseSolver::new(&graph).terminal(tie_at_1).solve().unwrap();
    assert_eq!(
        solution.label(0),
        Some(Label {
            value: Value::Tie,
            remoteness: Some(1)
        })
    );
    assert_eq!(solution.best_move(0), Some(1));
    // If 1 is won for its mover instead, the loop (a draw) beats moving to 1 or to the won 4.
    let win_at_1 = |u: u32| (u == 1).then_some(Value::Win);
    let solution = DenseSolver::new(&graph).terminal(win_at_1).solve().unwrap();
    assert_eq!(solution.value(0), Some(Value::Draw));
    assert_eq!(solution.best_move(0), Some(2));
    // A loop next to a tie: the tie is taken, as soon as possible.
    let graph = Graph::from_edges(4, &[(0, 0), (0, 1), (1, 2), (0, 3)], BUDGET).unwrap();
    let rule = |u: u32| matches!(u, 2 | 3).then_some(Value::Tie);
    let solution = DenseSolver::new(&graph).terminal(rule).solve().unwrap();
    assert_eq!(
        solution.label(0),
        Some(Label {
            value: Value::Tie,
            remoteness: Some(1)
        })
    );
    assert_eq!(solution.principal_line(0), vec![0, 3]);
}

/// FNV-1a 64, as the tier files use it (an independent copy of the published definition).
fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &byte in *part {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// Makes the header checksum of a version-2 tier file agree with its bytes.
fn rehash_header(b: &mut [u8]) {
    let hash = fnv1a(&[&b[..80]]);
    b[80..88].copy_from_slice(&hash.to_le_bytes());
}

/// Makes the checksum of the single block of a small version-2 tier file
/// agree with its records.
fn rehash_block(b: &mut [u8]) {
    let end = b.len() - 8;
    let hash = fnv1a(&[&b[56..64], &b[12..16], &0u64.to_le_bytes(), &b[88..end]]);
    b[end..].copy_from_slice(&hash.to_le_bytes());
}

/// A tiered game whose predecessor lists miss a move (within a tier, or
/// from a lower tier's position) is refused by the check, tier by tier.
#[test]
fn tiered_predecessors_that_disagree_are_refused() {
    use retrograde::TieredSolver;
    // Tier 0: 0; tier 1: 1 → 0, 2 → 1, 2 → 2 (2 keeps the game going: a draw).
    let adjacency = vec![vec![], vec![0], vec![1, 2]];
    let terminal = vec![None; 3];
    let tiers = vec![0, 1, 1];
    let right = vec![vec![1], vec![2], vec![2]];
    for (wrong, what) in [
        (vec![vec![], vec![2], vec![2]], "Tier"),
        (
            vec![vec![1], vec![], vec![2]],
            "TierPosition { tier: 1, index: 0 }",
        ),
        (
            vec![vec![1], vec![2], vec![2, 2]],
            "TierPosition { tier: 1, index: 1 }",
        ),
    ] {
        let game = TieredGraph {
            adjacency: &adjacency,
            terminal: &terminal,
            tiers: &tiers,
            members: vec![vec![0], vec![1, 2]],
            reverse: Some(wrong),
        };
        let dir = scratch_dir("tier-preds");
        let refused = TieredSolver::new(&game, &dir)
            .with_predecessor_check(true)
            .solve()
            .unwrap_err();
        assert!(
            matches!(&refused, Error::PredecessorMismatch { position } if position.contains(what)),
            "{refused}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
    let game = TieredGraph {
        adjacency: &adjacency,
        terminal: &terminal,
        tiers: &tiers,
        members: vec![vec![0], vec![1, 2]],
        reverse: Some(right),
    };
    let dir = scratch_dir("tier-preds");
    let mut database = TieredSolver::new(&game, &dir)
        .with_predecessor_check(true)
        .solve()
        .unwrap();
    let p = |tier, index| retrograde::TierPosition { tier, index };
    assert_eq!(database.value(p(1, 0)).unwrap(), Some(Value::Win));
    assert_eq!(database.value(p(1, 1)).unwrap(), Some(Value::Draw));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn corrupted_tier_files_are_refused() {
    use retrograde::{TierDatabase, TierPosition, TieredSolver};
    let adjacency = vec![vec![], vec![0], vec![1, 2]];
    let terminal = vec![None; 3];
    let tiers = vec![0, 1, 1];
    let game = TieredGraph {
        adjacency: &adjacency,
        terminal: &terminal,
        tiers: &tiers,
        members: vec![vec![0], vec![1, 2]],
        reverse: None,
    };
    let dir = scratch_dir("corrupt");
    TieredSolver::new(&game, &dir).solve().unwrap();
    let path = TierDatabase::open(&dir, BUDGET).path(1);
    let good = std::fs::read(&path).unwrap();
    // A header of 88 bytes, 2 records, one block checksum.
    assert_eq!(good.len(), 88 + 2 * 5 + 8);
    let p = TierPosition { tier: 1, index: 0 };
    assert_eq!(
        TierDatabase::open(&dir, BUDGET).label(p).unwrap(),
        Some(Label {
            value: Value::Win,
            remoteness: Some(1)
        })
    );
    let loop_with_exit = TierPosition { tier: 1, index: 1 };
    assert_eq!(
        TierDatabase::open(&dir, BUDGET)
            .value(loop_with_exit)
            .unwrap(),
        Some(Value::Draw)
    );
    // Every way in refuses a damaged file: a query with the labels kept,
    // a query through record reads (a budget too small to keep them), the
    // counts, and `verify`.
    let damaged = |change: &dyn Fn(&mut Vec<u8>)| {
        let mut bytes = good.clone();
        change(&mut bytes);
        std::fs::write(&path, &bytes).unwrap();
        let error = TierDatabase::open(&dir, BUDGET).label(p).unwrap_err();
        let tiny = Budget::from_bytes(8);
        let by_record = TierDatabase::open(&dir, tiny).label(p).unwrap_err();
        let counts = TierDatabase::open(&dir, tiny).counts(1).unwrap_err();
        let verified = TierDatabase::open(&dir, BUDGET).verify(1).unwrap_err();
        assert_eq!(error, by_record);
        assert_eq!(error, counts);
        assert_eq!(error, verified);
        error
    };
    // Every single byte changed is caught, wherever it is.
    for at in 0..good.len() {
        let error = damaged(&|b| b[at] ^= 0x10);
        assert!(
            matches!(
                error,
                Error::TierChecksumMismatch { .. }
                    | Error::TierCorrupt { .. }
                    | Error::TierVersionMismatch { .. }
                    | Error::TierTruncated { .. }
            ),
            "byte {at}: {error}"
        );
    }
    let flipped = damaged(&|b| b[90] ^= 1);
    assert!(
        matches!(&flipped, Error::TierChecksumMismatch { part, .. } if part.contains("block 0")),
        "{flipped}"
    );
    assert!(flipped.to_string().contains("checksum"));
    let header = damaged(&|b| b[60] ^= 1);
    assert!(
        matches!(&header, Error::TierChecksumMismatch { part, .. } if part.contains("header")),
        "{header}"
    );
    let truncated = damaged(&|b| b.truncate(b.len() - 1));
    let full = good.len() as u64;
    assert!(
        matches!(
            truncated,
            Error::TierTruncated { expected_bytes, found_bytes, .. }
                if expected_bytes == full && found_bytes == full - 1
        ),
        "{truncated}"
    );
    let cut_in_header = damaged(&|b| b.truncate(20));
    assert!(
        matches!(
            cut_in_header,
            Error::TierTruncated {
                found_bytes: 20,
                ..
            }
        ),
        "{cut_in_header}"
    );
    let version = damaged(&|b| b[8] = 3);
    assert!(
        matches!(
            version,
            Error::TierVersionMismatch {
                found: 3,
                expected: 2,
                ..
            }
        ),
        "{version}"
    );
    let corrupt = |error: Error, words: &str| {
        assert!(matches!(error, Error::TierCorrupt { .. }), "{error}");
        assert!(error.to_string().contains(words), "{error}");
    };
    corrupt(damaged(&|b| b[0] = b'X'), "magic");
    corrupt(
        damaged(&|b| {
            b[12] = 0;
            rehash_header(b);
        }),
        "tier 0",
    );
    corrupt(damaged(&|b| b.push(0)), "trailing");
    // A bad value byte with the block's checksum made to agree: the record check.
    corrupt(
        damaged(&|b| {
            b[88] = 9;
            rehash_block(b);
        }),
        "value byte 9",
    );
    // A win relabelled as a loss, checksum recomputed: the counts disagree.
    corrupt(
        damaged(&|b| {
            b[88] = 1;
            rehash_block(b);
        }),
        "counts",
    );
    // Another database's fingerprint, checksums made to agree: not this game's tier.
    let foreign = damaged(&|b| {
        b[56] ^= 0xff;
        rehash_header(b);
        rehash_block(b);
    });
    assert!(
        matches!(foreign, Error::TierMismatch { tier: 1, .. }),
        "{foreign}"
    );
    std::fs::write(&path, &good).unwrap();
    assert_eq!(TierDatabase::open(&dir, BUDGET).verify(1).unwrap().win, 1);
    // The case: a record read under a zero budget, one value byte
    // changed in place after the tier was first read. Its block is checked
    // again on every read.
    let mut zero = TierDatabase::open(&dir, Budget::from_bytes(0));
    assert_eq!(zero.value(p).unwrap(), Some(Value::Win));
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.seek(SeekFrom::Start(88)).unwrap();
        file.write_all(&[1]).unwrap();
    }
    let changed = zero.label(p).unwrap_err();
    assert!(
        matches!(changed, Error::TierChecksumMismatch { .. }),
        "{changed}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let missing = TierDatabase::open(&dir, BUDGET).label(p).unwrap_err();
    assert!(matches!(missing, Error::Io { .. }));
}

#[test]
fn tiers_refuse_moves_upwards() {
    use retrograde::TieredSolver;
    let adjacency = vec![vec![1], vec![]];
    let terminal = vec![None; 2];
    let tiers = vec![0, 1];
    let game = TieredGraph {
        adjacency: &adjacency,
        terminal: &terminal,
        tiers: &tiers,
        members: vec![vec![0], vec![1]],
        reverse: None,
    };
    let dir = scratch_dir("upwards");
    let refused = TieredSolver::new(&game, &dir).solve().unwrap_err();
    assert!(
        matches!(refused, Error::InvalidParameter { .. }),
        "{refused}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "serde")]
#[test]
fn labels_and_analyses_round_trip_through_serde() {
    let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], BUDGET).unwrap();
    let solution = graph.solve().unwrap();
    let label = solution.label(0).unwrap();
    let text = serde_json::to_string(&label).unwrap();
    assert_eq!(serde_json::from_str::<Label>(&text).unwrap(), label);
    let analysis = solution.analysis();
    let text = serde_json::to_string(&analysis).unwrap();
    assert_eq!(
        serde_json::from_str::<retrograde::Analysis>(&text).unwrap(),
        analysis
    );
    let outcome = serde_json::to_string(&Outcome::First).unwrap();
    assert_eq!(
        serde_json::from_str::<Outcome>(&outcome).unwrap(),
        Outcome::First
    );
}

/// The case: take 1 or 2 from a count, with predecessors that also
/// list v + 3. Checked (the default in debug builds only, so asked for here:
/// `cargo test --release` runs this too), it is refused with the position
/// where they differ; unchecked, the labels are wrong, which is why the
/// check exists.
#[test]
fn predecessors_that_disagree_with_the_successors_are_refused() {
    let succ = |&n: &u32| (1..=2).filter_map(move |s| n.checked_sub(s));
    let refused = Retrograde::new(succ)
        .predecessors(|&v: &u32| vec![v + 1, v + 2, v + 3])
        .with_predecessor_check(true)
        .solve([10])
        .unwrap_err();
    assert!(
        matches!(&refused, Error::PredecessorMismatch { position } if position.contains("numbered")),
        "{refused}"
    );
    let by_default = Retrograde::new(succ)
        .predecessors(|&v: &u32| vec![v + 1, v + 2, v + 3])
        .solve([10]);
    assert!(
        by_default.is_err(),
        "the check is on by default, in every build"
    );
    let unchecked = Retrograde::new(succ)
        .predecessors(|&v: &u32| vec![v + 1, v + 2, v + 3])
        .with_predecessor_check(false)
        .solve([10])
        .unwrap();
    let right = Retrograde::new(succ).solve([10]).unwrap();
    assert_eq!(right.value(&3), Some(Value::Lose));
    assert_ne!(unchecked.label(&3), right.label(&3));
    let good = Retrograde::new(succ)
        .predecessors(|&v: &u32| vec![v + 1, v + 2])
        .solve([10])
        .unwrap();
    assert_eq!(good.label(&3), right.label(&3));
}

proptest! {
    /// Predecessor lists made from the moves pass the check and change
    /// nothing; one predecessor dropped or one added is refused, naming the
    /// position it was dropped from or added to.
    #[test]
    fn the_predecessor_check_finds_the_position_that_differs(
        n in 1usize..=12,
        edges in proptest::collection::vec((0u32..12, 0u32..12), 1..=30),
        change in any::<prop::sample::Index>(),
        extra in 0u32..12,
        add in any::<bool>(),
        terminal in terminal_rules(12),
    ) {
        let edges: Vec<(u32, u32)> = edges
            .into_iter()
            .map(|(u, v)| (u % n as u32, v % n as u32))
            .collect();
        let graph = Graph::from_edges(n, &edges, BUDGET).unwrap();
        let mut preds = vec![Vec::new(); n];
        for &(u, v) in &edges {
            preds[v as usize].push(u);
        }
        let rule = |u: u32| terminal[u as usize];
        let plain = DenseSolver::new(&graph).terminal(rule).solve().unwrap();
        let given = DenseSolver::new(&graph)
            .terminal(rule)
            .predecessors(|v| preds[v as usize].clone())
            .with_predecessor_check(true)
            .solve()
            .unwrap();
        for u in 0..n as u32 {
            prop_assert_eq!(plain.label(u), given.label(u));
        }
        // Moves out of positions a terminal rule ends are never followed:
        // the check leaves them out, so change a move from a playing position.
        let playing: Vec<&(u32, u32)> =
            edges.iter().filter(|&&(u, _)| terminal[u as usize].is_none()).collect();
        prop_assume!(!playing.is_empty());
        let &(u, v) = *change.get(&playing);
        let mut wrong = preds.clone();
        if add {
            prop_assume!(terminal[(extra % n as u32) as usize].is_none());
            wrong[v as usize].push(extra % n as u32);
        } else {
            let at = wrong[v as usize].iter().position(|&w| w == u).unwrap();
            wrong[v as usize].remove(at);
        }
        let refused = DenseSolver::new(&graph)
            .terminal(rule)
            .predecessors(|w| wrong[w as usize].clone())
            .with_predecessor_check(true)
            .solve()
            .unwrap_err();
        prop_assert_eq!(refused, Error::PredecessorMismatch { position: format!("position {v}") });
    }
}
