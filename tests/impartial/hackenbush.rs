//! Green Hackenbush: the colon/fusion evaluation and the winning-move search
//! against a brute-force Grundy search over edge subsets.

use proptest::prelude::*;
use std::ops::ControlFlow;
use stonegame::impartial::FnGame;
use stonegame::impartial::grundy::GrundySolver;
use stonegame::impartial::hackenbush::GreenHackenbush;
use stonegame::{Budget, Error, Nimber, Outcome};

/// The edges (as a bit mask) still connected to the ground.
/// Appends a path of `length` edges from `from` through fresh vertices
/// (numbered from `*vertices` on) and returns its far end (`from` when empty).
fn stalk(edges: &mut Vec<(u32, u32)>, vertices: &mut u32, from: u32, length: usize) -> u32 {
    let mut end = from;
    for _ in 0..length {
        edges.push((end, *vertices));
        end = *vertices;
        *vertices += 1;
    }
    end
}

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

/// One cycle of 3 to 9 edges through the ground (sometimes lifted on a
/// stalk), with up to three extra edges: stalks, loops or repeated edges.
fn cycles_with_extras() -> impl Strategy<Value = Vec<(u32, u32)>> {
    (
        3u32..=9,
        any::<bool>(),
        prop::collection::vec((0u32..3, 0u32..16), 0..=3),
    )
        .prop_map(|(length, lifted, extras)| {
            let base = u32::from(lifted);
            let mut edges: Vec<(u32, u32)> = if lifted { vec![(0, 1)] } else { Vec::new() };
            edges.extend((0..length).map(|i| (base + i, base + (i + 1) % length)));
            let mut vertices = base + length;
            for (kind, at) in extras {
                let at = at % vertices;
                match kind {
                    0 => {
                        edges.push((at, vertices));
                        vertices += 1;
                    }
                    1 => edges.push((at, at)),
                    _ => {
                        let (u, v) = edges[at as usize % edges.len()];
                        edges.push((u, v));
                    }
                }
            }
            edges
        })
}

/// Cactus-like graphs: cycles (loops and digons included) hung on earlier
/// vertices, so cycles nest on cycles, plus stalks; at most 12 edges.
fn nested_cycles() -> impl Strategy<Value = Vec<(u32, u32)>> {
    prop::collection::vec((any::<bool>(), 0u32..16, 1u32..5), 1..=6).prop_map(|items| {
        let mut edges = Vec::new();
        let mut vertices = 1u32;
        for (cycle, anchor, length) in items {
            let at = anchor % vertices;
            let length = if cycle { length } else { 1 };
            if edges.len() + length as usize > 12 {
                break;
            }
            if !cycle {
                edges.push((at, vertices));
                vertices += 1;
                continue;
            }
            let end = stalk(&mut edges, &mut vertices, at, length as usize - 1);
            edges.push((end, at));
        }
        edges
    })
}

/// The reference for bigger graphs: every edge whose deletion leaves nimber 0
/// (the nimber itself is checked against the brute force above).
fn winning_edges(edges: &[(u32, u32)]) -> Vec<usize> {
    let nimber = |edges: &[(u32, u32)]| GreenHackenbush::new(edges).unwrap().nimber().unwrap();
    (0..edges.len())
        .filter(|&i| {
            let mut rest = edges.to_vec();
            rest.remove(i);
            // An edge away from the ground is no move at all.
            is_in_play(edges, i) && nimber(&rest) == Nimber::ZERO
        })
        .collect()
}

/// Whether edge `i` is connected to the ground.
fn is_in_play(edges: &[(u32, u32)], i: usize) -> bool {
    let mut reached = std::collections::HashSet::from([0u32]);
    loop {
        let before = reached.len();
        for &(u, v) in edges {
            if reached.contains(&u) || reached.contains(&v) {
                reached.insert(u);
                reached.insert(v);
            }
        }
        if reached.len() == before {
            return reached.contains(&edges[i].0);
        }
    }
}

/// Long odd cycles through the ground with chords and stalks: one big
/// component where most edges lie in 2-edge cuts.
fn long_cycles() -> impl Strategy<Value = Vec<(u32, u32)>> {
    (
        3u32..120,
        prop::collection::vec((0u32..1000, 0u32..1000, any::<bool>()), 0..6),
    )
        .prop_map(|(length, extras)| {
            let mut edges: Vec<(u32, u32)> = (0..length).map(|i| (i, (i + 1) % length)).collect();
            let mut vertices = length;
            for (a, b, chord) in extras {
                if chord {
                    edges.push((a % vertices, b % vertices));
                } else {
                    edges.push((a % vertices, vertices));
                    vertices += 1;
                }
            }
            edges
        })
}

fn check_against_every_deletion(edges: &[(u32, u32)]) -> Result<(), TestCaseError> {
    let best = GreenHackenbush::new(edges).unwrap().winning_move().unwrap();
    let winners = winning_edges(edges);
    prop_assert_eq!(best.is_some(), !winners.is_empty(), "edges {:?}", edges);
    if let Some(best) = best {
        prop_assert!(winners.contains(&best.index), "{} in {:?}", best, edges);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn cycles_match_brute_force(edges in cycles_with_extras()) {
        check_against_brute_force(&edges)?;
    }

    #[test]
    fn nested_cycles_match_brute_force(edges in nested_cycles()) {
        check_against_brute_force(&edges)?;
    }

    #[test]
    fn long_cycles_match_every_deletion(edges in long_cycles()) {
        check_against_every_deletion(&edges)?;
    }

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

/// A xorshift generator for reproducible large test graphs.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, bound: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % u64::from(bound)) as u32
    }
}

/// A 2-edge-connected graph in which every edge lies in a 2-edge cut: each
/// edge of a base graph (a cycle through the ground plus random chords)
/// becomes a path of 2 or 3 edges. The edge count is made odd, so the nimber
/// is 1 and the winning edge lies inside (no edge leaves the graph
/// 2-edge-connected, so only the cut-class method finds it fast). Pairs of
/// equal stalks of even length hang from random vertices: they cancel in the
/// nimber (and give no branch move) but weigh the pieces between cuts.
fn subdivided_graph(
    base_vertices: u32,
    chords: u32,
    stalk_pairs: u32,
    seed: u64,
) -> Vec<(u32, u32)> {
    let mut random = Xorshift(seed);
    let mut base: Vec<(u32, u32)> = (0..base_vertices)
        .map(|i| (i, (i + 1) % base_vertices))
        .collect();
    for _ in 0..chords {
        base.push((random.below(base_vertices), random.below(base_vertices)));
    }
    let mut edges = Vec::new();
    let mut vertices = base_vertices;
    for (i, &(u, v)) in base.iter().enumerate() {
        let mut length = 2 + random.below(2) as usize;
        if i + 1 == base.len() && (edges.len() + length) % 2 == 0 {
            length += 1;
        }
        let end = stalk(&mut edges, &mut vertices, u, length - 1);
        edges.push((end, v));
    }
    let inside = vertices;
    for _ in 0..stalk_pairs {
        let length = 2 * (1 + random.below(2));
        for _ in 0..2 {
            stalk(
                &mut edges,
                &mut vertices,
                random.below(inside),
                length as usize,
            );
        }
    }
    edges
}

/// An odd cycle of `n` edges through the ground with pairs of equal stalks of
/// even length hung at random cycle vertices: the pairs cancel in the nimber
/// (1) and give no branch move, so the winning edge is a cycle edge, and only
/// the few whose two remaining arcs (with their stalks) balance win. Trying
/// cycle edges one by one (the former method) is quadratic here.
fn cycle_with_stalk_pairs(n: u32, pairs: u32, seed: u64) -> Vec<(u32, u32)> {
    let mut random = Xorshift(seed);
    let mut edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    let mut vertices = n;
    for _ in 0..pairs {
        let length = 2 * (1 + random.below(2));
        for _ in 0..2 {
            stalk(&mut edges, &mut vertices, random.below(n), length as usize);
        }
    }
    edges
}

fn assert_wins(edges: &[(u32, u32)]) -> usize {
    let game = GreenHackenbush::new(edges).unwrap();
    let best = game.winning_move().unwrap().expect("a first-player win");
    let mut rest = edges.to_vec();
    rest.remove(best.index);
    assert_eq!(
        GreenHackenbush::new(&rest).unwrap().nimber().unwrap(),
        Nimber::ZERO
    );
    best.index
}

#[test]
fn odd_cycle_of_200001_edges_is_answered() {
    let n = 200_001u32;
    let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    assert_eq!(
        GreenHackenbush::new(&edges).unwrap().nimber().unwrap(),
        Nimber(1)
    );
    // Only the middle edge leaves two equal stalks.
    assert_eq!(assert_wins(&edges), 100_000);
}

/// A long odd cycle with stalks of 1 to 4 edges hung at random cycle
/// vertices (not in cancelling pairs): the pieces between cuts weigh
/// different amounts, so the chain values are far from `t`, and whether the
/// move is a bridge or a cycle edge depends on the draw. Every seed's move is
/// checked by recomputing the nimber; `from_edges` gives the same answer.
#[test]
fn long_cycle_with_random_stalks_is_answered() {
    for seed in [5u64, 77, 1234] {
        let mut random = Xorshift(seed);
        let n = 100_001u32;
        let mut edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let mut vertices = n;
        while edges.len() < 200_000 {
            let length = 1 + random.below(4) as usize;
            stalk(&mut edges, &mut vertices, random.below(n), length);
        }
        let index = assert_wins(&edges);
        let owned = GreenHackenbush::from_edges(edges.clone()).unwrap();
        assert_eq!(owned.winning_move().unwrap().unwrap().index, index);
    }
}

#[test]
fn large_graph_of_2_edge_cuts_is_answered() {
    let edges = subdivided_graph(40_000, 40_000, 0, 0x1234_5678_9abc_def1);
    assert!(edges.len() > 199_000 && edges.len() % 2 == 1);
    assert_eq!(
        GreenHackenbush::new(&edges).unwrap().nimber().unwrap(),
        Nimber(1)
    );
    assert_wins(&edges);
    let stalks = cycle_with_stalk_pairs(100_001, 16_666, 99);
    assert!(stalks.len() > 199_000);
    assert_eq!(
        GreenHackenbush::new(&stalks).unwrap().nimber().unwrap(),
        Nimber(1)
    );
    assert_wins(&stalks);
    let weighted = subdivided_graph(30_000, 30_000, 2_000, 0x0fed_cba9_8765_4321);
    assert_eq!(
        GreenHackenbush::new(&weighted).unwrap().nimber().unwrap(),
        Nimber(1)
    );
    assert_wins(&weighted);
}

#[test]
fn the_work_cap_refuses_with_a_typed_error() {
    let n = 2_001u32;
    let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    let game = GreenHackenbush::new(&edges)
        .unwrap()
        .with_budget(Budget::default().with_work(1_000));
    assert!(matches!(
        game.winning_move(),
        Err(Error::WorkLimitExceeded { .. })
    ));
    // The nimber needs no search, only a few steps an edge: refused up front
    // under this cap, answered under one that covers them.
    assert!(matches!(
        game.nimber(),
        Err(Error::WorkLimitWouldExceed { needed, limit: 1_000, .. }) if needed > 1_000
    ));
    let roomy = GreenHackenbush::new(&edges)
        .unwrap()
        .with_budget(Budget::default().with_work(100_000));
    assert_eq!(roomy.nimber().unwrap(), Nimber(1));
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
