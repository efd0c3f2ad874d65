//! Green Hackenbush: the colon/fusion evaluation and the winning-move search
//! against a brute-force Grundy search over edge subsets.

use proptest::prelude::*;
use std::ops::ControlFlow;
use stonegame::impartial::FnGame;
use stonegame::impartial::grundy::GrundySolver;
use stonegame::impartial::hackenbush::GreenHackenbush;
use stonegame::{Budget, Error, Nimber, Outcome};

/// The edges (as a bit mask) still connected to the ground.
fn grounded(edges: &[(u32, u32)], mask: u32) -> u32 {
    let mut reached = [false; 16];
    reached[0] = true;
    let mut kept = 0u32;
    loop {
        let before = kept;
        for (i, &(u, v)) in edges.iter().enumerate() {
            if mask & (1 << i) != 0 && (reached[u as usize] || reached[v as usize]) {
                reached[u as usize] = true;
                reached[v as usize] = true;
                kept |= 1 << i;
            }
        }
        if kept == before {
            return kept;
        }
    }
}

/// Brute force: positions are subsets of the edges; a move deletes one edge of
/// the subset and then everything cut off from the ground.
fn brute_force(
    edges: &[(u32, u32)],
) -> GrundySolver<impl stonegame::impartial::ImpartialGame<Position = u32>> {
    let edges = edges.to_vec();
    GrundySolver::new(FnGame::new(
        move |mask: &u32, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>| {
            for i in 0..edges.len() {
                if mask & (1 << i) != 0 {
                    visit(&[grounded(&edges, mask & !(1 << i))])?;
                }
            }
            ControlFlow::Continue(())
        },
    ))
}

fn brute_nimber(edges: &[(u32, u32)]) -> Nimber {
    let all = grounded(edges, (1u32 << edges.len()) - 1);
    brute_force(edges).grundy(&all).expect("small game")
}

/// Random multigraphs on vertices 0..=5 (loops, repeated edges, cycles and
/// parts away from the ground all occur).
fn graphs() -> impl Strategy<Value = Vec<(u32, u32)>> {
    prop::collection::vec((0u32..6, 0u32..6), 0..=10)
}

/// Mostly tree-like graphs with a few extra edges, to reach deep descents.
fn sparse_graphs() -> impl Strategy<Value = Vec<(u32, u32)>> {
    prop::collection::vec((0u32..10, 0u32..3), 1..=11).prop_map(|raw| {
        raw.iter()
            .enumerate()
            .map(|(i, &(a, b))| {
                let child = i as u32 + 1;
                if b == 0 && i > 0 {
                    (a % child, a % 11) // an extra edge between old vertices
                } else {
                    (a % child, child)
                }
            })
            .collect()
    })
}

fn check_against_brute_force(edges: &[(u32, u32)]) -> Result<(), TestCaseError> {
    let game = GreenHackenbush::new(edges).unwrap();
    let expected = brute_nimber(edges);
    prop_assert_eq!(game.nimber().unwrap(), expected, "edges {:?}", edges);
    prop_assert_eq!(game.outcome().unwrap(), expected.normal_outcome());
    let best = game.winning_move().unwrap();
    prop_assert_eq!(best.is_some(), !expected.is_zero());
    if let Some(best) = best {
        prop_assert_eq!(edges[best.index], (best.from, best.to));
        let mut rest = edges.to_vec();
        rest.remove(best.index);
        prop_assert_eq!(
            brute_nimber(&rest),
            Nimber::ZERO,
            "move {} in {:?}",
            best,
            edges
        );
        // The deleted edge was in play.
        let all = grounded(edges, (1u32 << edges.len()) - 1);
        prop_assert!(all & (1 << best.index) != 0);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn nimber_and_winning_move_match_brute_force(edges in graphs()) {
        check_against_brute_force(&edges)?;
    }

    #[test]
    fn deep_graphs_match_brute_force(edges in sparse_graphs()) {
        check_against_brute_force(&edges)?;
    }
}

#[test]
fn published_small_values() {
    let value = |edges: &[(u32, u32)]| GreenHackenbush::new(edges).unwrap().nimber().unwrap().0;
    // A loop on the ground is a stalk of one edge (fusion principle): *1.
    assert_eq!(value(&[(0, 0)]), 1);
    // Nothing at all: 0.
    assert_eq!(value(&[]), 0);
    // A stalk of n edges is *n.
    assert_eq!(value(&[(0, 1), (1, 2), (2, 3), (3, 4)]), 4);
    // A triangle on the ground fuses to three loops: *1 (Winning Ways, ch. 7).
    assert_eq!(value(&[(0, 1), (1, 2), (2, 0)]), 1);
    // A square on the ground fuses to four loops: 0.
    assert_eq!(value(&[(0, 1), (1, 2), (2, 3), (3, 0)]), 0);
    // Colon principle: a vertex on a one-edge stalk carrying branches of 1 and 2
    // is a stalk of 1 + (1 ^ 2) = 4 edges.
    assert_eq!(value(&[(0, 1), (1, 2), (1, 3), (3, 4)]), 4);
    // Two edges both joining the ground to vertex 1 (a digon): each deletion
    // leaves a single edge, so the value is mex{1} = 0 (two loops after fusion).
    assert_eq!(value(&[(0, 1), (0, 1)]), 0);
    // A flagpole: a triangle on top of a stalk of one edge: 1 + 1 = *2.
    assert_eq!(value(&[(0, 1), (1, 2), (2, 3), (3, 1)]), 2);
}

#[test]
fn long_odd_cycle_wins_by_its_middle_edge() {
    let n = 2_001u32;
    let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    let game = GreenHackenbush::new(&edges).unwrap();
    assert_eq!(game.nimber().unwrap(), Nimber(1));
    let best = game.winning_move().unwrap().unwrap();
    // Deleting it leaves two stalks of equal length.
    assert_eq!(best.index, 1_000);
    let mut rest = edges.clone();
    rest.remove(best.index);
    assert_eq!(
        GreenHackenbush::new(&rest).unwrap().nimber().unwrap(),
        Nimber(0)
    );
}

#[test]
fn the_work_cap_refuses_with_a_typed_error() {
    let n = 2_001u32;
    let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    let game = GreenHackenbush::new(&edges)
        .unwrap()
        .with_budget(Budget::default().with_work(10_000));
    assert!(matches!(
        game.winning_move(),
        Err(Error::WorkLimitExceeded { .. })
    ));
    // The nimber itself needs no search.
    assert_eq!(game.nimber().unwrap(), Nimber(1));
}

#[test]
fn solve_reports_the_move_and_whether_it_ends_the_game() {
    let s = GreenHackenbush::new(&[(0, 1), (1, 2)])
        .unwrap()
        .solve()
        .unwrap();
    assert_eq!(s.outcome(), Outcome::First);
    assert_eq!(s.best_move().unwrap().to_string(), "1:0-1");
    assert!(s.is_line_complete());
    let lost = GreenHackenbush::new(&[(0, 0), (0, 0)])
        .unwrap()
        .solve()
        .unwrap();
    assert_eq!(lost.outcome(), Outcome::Second);
    assert_eq!(lost.best_move(), None);
    assert!(!lost.is_line_complete());
    let over = GreenHackenbush::new(&[(3, 4)]).unwrap().solve().unwrap();
    assert_eq!(over.outcome(), Outcome::Second);
    assert!(over.is_line_complete());
}

#[test]
fn memory_budget_is_checked() {
    let game = GreenHackenbush::new(&[(0, 1); 100])
        .unwrap()
        .with_budget(Budget::from_bytes(1_000));
    assert!(matches!(
        game.nimber(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
}
