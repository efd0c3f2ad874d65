//! Issue 43, item 2, replayed from the outside: games whose numbering or
//! listing contradicts itself, given to each generic engine the way a user
//! would write them. Every answer is either a refusal or the true answer of
//! the game the moves describe (a brute force over the moves alone, which
//! never looks at the numbering): never a silent wrong answer, in any build.
//!
//! The lies, each at a random position `k` of a random game that moves to
//! smaller numbers:
//! - **collision**: `k` is numbered `k - 1` and the listing skips `k`;
//! - **skipped**: the listing skips `k` but a move still reaches it;
//! - **outside**: `k` is numbered past the end of the numbering;
//! - for [`ImplicitSolver`], predecessors that miss a move, list one too
//!   many, or list one twice, and a move outside `0..N`.

use std::collections::HashMap;
use std::ops::ControlFlow;

use proptest::prelude::*;
use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame};
use stonegame::retrograde::{ImplicitGame, ImplicitSolver, Value};
use stonegame::scoring::{Negamax, ScoringGame};

/// A game on positions `0..n`: each position's moves go to smaller ones,
/// with the points the mover scores.
#[derive(Clone, Debug)]
struct Dag {
    moves: Vec<Vec<(usize, i64)>>,
}

#[derive(Clone, Copy, Debug)]
enum Lie {
    Collision(usize),
    Skipped(usize),
    Outside(usize),
}

fn dag(max_positions: usize) -> impl Strategy<Value = Dag> {
    (2..=max_positions).prop_flat_map(|n| {
        let position = |u: usize| {
            if u == 0 {
                Just(Vec::new()).boxed()
            } else {
                prop::collection::vec((0..u, -9i64..=9), 0..=3).boxed()
            }
        };
        (0..n)
            .map(position)
            .collect::<Vec<_>>()
            .prop_map(|moves| Dag { moves })
    })
}

fn lie(n: usize) -> impl Strategy<Value = Lie> {
    (0..3u8, 1..n).prop_map(|(kind, k)| match kind {
        0 => Lie::Collision(k),
        1 => Lie::Skipped(k),
        _ => Lie::Outside(k),
    })
}

fn dag_and_lie(max_positions: usize) -> impl Strategy<Value = (Dag, Lie)> {
    dag(max_positions).prop_flat_map(|game| {
        let n = game.moves.len();
        (Just(game), lie(n))
    })
}

/// The lying numbering of a game with `n` positions.
fn lying_index(n: usize, lie: Lie, position: usize) -> usize {
    match lie {
        Lie::Collision(k) if position == k => k - 1,
        Lie::Outside(k) if position == k => n + 5,
        _ => position,
    }
}

fn lying_inverse(lie: Lie, number: usize) -> Option<usize> {
    match lie {
        Lie::Collision(k) | Lie::Skipped(k) if number == k => None,
        _ => Some(number),
    }
}

// --- the scoring side ---------------------------------------------------------

/// Negamax over the moves alone, memoised by position.
fn true_value(game: &Dag, position: usize, memo: &mut HashMap<usize, i64>) -> i64 {
    if let Some(&value) = memo.get(&position) {
        return value;
    }
    let value = game.moves[position]
        .iter()
        .map(|&(child, points)| points - true_value(game, child, memo))
        .max()
        .unwrap_or(0);
    memo.insert(position, value);
    value
}

struct LyingScoring {
    game: Dag,
    lie: Lie,
    order: MoveOrder,
    /// Lists its own positions (as a hand DP's loops) instead of the inverse.
    lists_itself: bool,
}

impl ScoringGame for LyingScoring {
    type Position = usize;
    type Move = usize;
    type Score = i64;
    fn start(&self) -> usize {
        self.game.moves.len() - 1
    }
    fn for_each_move(
        &self,
        &position: &usize,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (0..self.game.moves[position].len()).try_for_each(&mut visit)
    }
    fn play(&self, &position: &usize, &mv: &usize) -> (i64, usize) {
        let (child, points) = self.game.moves[position][mv];
        (points, child)
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(self.game.moves.len())
    }
    fn dense_index(&self, &position: &usize) -> Option<usize> {
        Some(lying_index(self.game.moves.len(), self.lie, position))
    }
    fn dense_position(&self, number: usize) -> Option<usize> {
        if self.lists_itself {
            return None;
        }
        lying_inverse(self.lie, number).filter(|&p| p < self.game.moves.len())
    }
    fn dense_order(&self) -> MoveOrder {
        self.order
    }
    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.game.moves.len();
        (0..n)
            .filter(|&number| lying_inverse(self.lie, number).is_some())
            .try_for_each(&mut visit)
    }
}

fn check_scoring(game: Dag, lie: Lie, order: MoveOrder, lists_itself: bool) -> Result<(), TestCaseError> {
    let start = game.moves.len() - 1;
    let truth = true_value(&game, start, &mut HashMap::new());
    let lying = LyingScoring {
        game,
        lie,
        order,
        lists_itself,
    };
    if let Ok(value) = Negamax::new(&lying).value() {
        prop_assert_eq!(value, truth, "{:?}: answered without refusing", lie);
    }
    Ok(())
}

// --- the impartial side -------------------------------------------------------

fn true_grundy(game: &Dag, position: usize, memo: &mut HashMap<usize, u64>) -> u64 {
    if let Some(&value) = memo.get(&position) {
        return value;
    }
    let options: Vec<u64> = game.moves[position]
        .iter()
        .map(|&(child, _)| true_grundy(game, child, memo))
        .collect();
    let value = (0..).find(|v| !options.contains(v)).unwrap_or(0);
    memo.insert(position, value);
    value
}

struct LyingImpartial {
    game: Dag,
    lie: Lie,
    order: MoveOrder,
}

impl ImpartialGame for LyingImpartial {
    type Position = usize;
    fn for_each_option(
        &self,
        &position: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.game.moves[position]
            .iter()
            .try_for_each(|&(child, _)| visit(&[child]))
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(self.game.moves.len())
    }
    fn dense_index(&self, &position: &usize) -> Option<usize> {
        Some(lying_index(self.game.moves.len(), self.lie, position))
    }
    fn dense_position(&self, number: usize) -> Option<usize> {
        lying_inverse(self.lie, number).filter(|&p| p < self.game.moves.len())
    }
    fn dense_order(&self) -> MoveOrder {
        self.order
    }
}

fn check_impartial(game: Dag, lie: Lie, order: MoveOrder) -> Result<(), TestCaseError> {
    let start = game.moves.len() - 1;
    let truth = true_grundy(&game, start, &mut HashMap::new());
    let lying = LyingImpartial { game, lie, order };
    if let Ok(value) = GrundySolver::new(&lying).grundy(&start) {
        prop_assert_eq!(value.0, truth, "{:?}: answered without refusing", lie);
    }
    Ok(())
}

// --- the implicit retrograde side -------------------------------------------

#[derive(Clone, Copy, Debug)]
enum PredecessorLie {
    Missing(usize),
    Extra(usize, usize),
    Twice(usize),
    MoveOutside(usize),
}

/// Labels from the moves alone: a fixed point, positions without a label draw.
fn true_labels(moves: &[Vec<usize>]) -> Vec<Value> {
    let mut labels: Vec<Option<Value>> = vec![None; moves.len()];
    loop {
        let mut changed = false;
        for u in 0..moves.len() {
            if labels[u].is_some() {
                continue;
            }
            let children = || moves[u].iter().map(|&v| labels[v]);
            let label = if children().any(|l| l == Some(Value::Lose)) {
                Some(Value::Win)
            } else if children().all(|l| l == Some(Value::Win)) {
                Some(Value::Lose)
            } else {
                None
            };
            if label.is_some() {
                labels[u] = label;
                changed = true;
            }
        }
        if !changed {
            return labels.into_iter().map(|l| l.unwrap_or(Value::Draw)).collect();
        }
    }
}

struct LyingImplicit {
    moves: Vec<Vec<usize>>,
    predecessors: Vec<Vec<usize>>,
    outside_from: Option<usize>,
}

impl LyingImplicit {
    fn new(moves: Vec<Vec<usize>>, lie: PredecessorLie) -> Self {
        let n = moves.len();
        let mut predecessors = vec![Vec::new(); n];
        for (u, targets) in moves.iter().enumerate() {
            for &v in targets {
                predecessors[v].push(u);
            }
        }
        let mut outside_from = None;
        match lie {
            PredecessorLie::Missing(v) => {
                let v = (0..n).map(|i| (v + i) % n).find(|&v| !predecessors[v].is_empty());
                if let Some(v) = v {
                    predecessors[v].pop();
                }
            }
            PredecessorLie::Extra(u, v) => predecessors[v % n].push(u % n),
            PredecessorLie::Twice(v) => {
                let v = (0..n).map(|i| (v + i) % n).find(|&v| !predecessors[v].is_empty());
                if let Some(v) = v {
                    let again = predecessors[v][0];
                    predecessors[v].push(again);
                }
            }
            PredecessorLie::MoveOutside(u) => outside_from = Some(u % n),
        }
        Self {
            moves,
            predecessors,
            outside_from,
        }
    }
}

impl ImplicitGame for LyingImplicit {
    fn positions(&self) -> usize {
        self.moves.len()
    }
    fn for_each_move(&self, u: u32, mut visit: impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
        for &v in &self.moves[u as usize] {
            visit(v as u32)?;
        }
        if self.outside_from == Some(u as usize) {
            visit(self.moves.len() as u32 + 3)?;
        }
        ControlFlow::Continue(())
    }
    fn for_each_predecessor(
        &self,
        v: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.predecessors[v as usize]
            .iter()
            .try_for_each(|&u| visit(u as u32))
    }
}

/// A graph with cycles (so draws happen): up to three moves a position, anywhere.
fn cyclic_moves(max_positions: usize) -> impl Strategy<Value = Vec<Vec<usize>>> {
    (2..=max_positions).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n, 0..=3), n))
}

fn predecessor_lie() -> impl Strategy<Value = PredecessorLie> {
    (0..4u8, 0..64usize, 0..64usize).prop_map(|(kind, a, b)| match kind {
        0 => PredecessorLie::Missing(a),
        1 => PredecessorLie::Extra(a, b),
        2 => PredecessorLie::Twice(a),
        _ => PredecessorLie::MoveOutside(a),
    })
}

fn check_implicit(moves: Vec<Vec<usize>>, lie: PredecessorLie) -> Result<(), TestCaseError> {
    let truth = true_labels(&moves);
    let lying = LyingImplicit::new(moves, lie);
    let (lied_outside, n) = (lying.outside_from.is_some(), lying.moves.len());
    if let Ok(solution) = ImplicitSolver::new(&lying).solve() {
        // A move outside 0..N has no true answer: only a refusal is right.
        prop_assert!(!lied_outside, "{:?}: a move outside 0..{} was accepted", lie, n);
        for (u, &value) in truth.iter().enumerate() {
            prop_assert_eq!(solution.value(u as u32), Some(value), "{:?}: position {}", lie, u);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn negamax_sweep_never_answers_a_lying_numbering_wrongly((game, lie) in dag_and_lie(24)) {
        check_scoring(game, lie, MoveOrder::ToSmaller, false)?;
    }

    #[test]
    fn negamax_sweep_over_its_own_listing_never_answers_wrongly((game, lie) in dag_and_lie(24)) {
        check_scoring(game, lie, MoveOrder::ToSmaller, true)?;
    }

    #[test]
    fn negamax_numbered_search_never_answers_a_lying_numbering_wrongly(
        (game, lie) in dag_and_lie(24),
    ) {
        check_scoring(game, lie, MoveOrder::Unordered, false)?;
    }

    #[test]
    fn grundy_sweep_never_answers_a_lying_numbering_wrongly((game, lie) in dag_and_lie(24)) {
        check_impartial(game, lie, MoveOrder::ToSmaller)?;
    }

    #[test]
    fn grundy_search_never_answers_a_lying_numbering_wrongly((game, lie) in dag_and_lie(24)) {
        check_impartial(game, lie, MoveOrder::Unordered)?;
    }

    #[test]
    fn implicit_solver_never_answers_lying_predecessors_wrongly(
        moves in cyclic_moves(16),
        lie in predecessor_lie(),
    ) {
        check_implicit(moves, lie)?;
    }
}

/// The honest games pass through the same checks: the numbering is the
/// identity and nothing is skipped (guards against a check that refuses all).
#[test]
fn honest_games_are_answered() {
    let game = Dag {
        moves: vec![vec![], vec![(0, 3)], vec![(0, 1), (1, -2)], vec![(1, 4), (2, 2)]],
    };
    let truth = true_value(&game, 3, &mut HashMap::new());
    let honest = LyingScoring {
        game: game.clone(),
        lie: Lie::Skipped(usize::MAX),
        order: MoveOrder::ToSmaller,
        lists_itself: false,
    };
    assert_eq!(Negamax::new(&honest).value().unwrap(), truth);
    let nimber = true_grundy(&game, 3, &mut HashMap::new());
    let honest = LyingImpartial {
        game,
        lie: Lie::Skipped(usize::MAX),
        order: MoveOrder::ToSmaller,
    };
    assert_eq!(GrundySolver::new(&honest).grundy(&3).unwrap().0, nimber);
    let moves = vec![vec![1], vec![2], vec![0], vec![3, 4], vec![]];
    let truth = true_labels(&moves);
    let honest = LyingImplicit::new(moves, PredecessorLie::Extra(0, 0));
    // An extra predecessor 0 of 0 is a lie: drop it to get the honest game.
    let honest = LyingImplicit {
        predecessors: honest.predecessors.iter().enumerate()
            .map(|(v, us)| if v == 0 { us[..us.len() - 1].to_vec() } else { us.clone() })
            .collect(),
        ..honest
    };
    let solution = ImplicitSolver::new(&honest).solve().unwrap();
    let labels: Vec<_> = (0..5).map(|u| solution.value(u).unwrap()).collect();
    assert_eq!(labels, truth);
    assert_eq!(truth[3], Value::Win);
}
