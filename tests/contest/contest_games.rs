//! The games contests ask, as the contest examples call them: the named octal
//! codes against brute force, and Green Hackenbush with an explicit ground.

use proptest::prelude::*;
use std::collections::HashMap;
use stonegame::impartial::hackenbush::GreenHackenbush;
use stonegame::impartial::octal::{HeapValues, OctalGame, TakeAndBreak, grundy_sequence_plain};
use stonegame::{Budget, Convention, Error, Outcome};

#[test]
fn named_codes_are_the_published_ones() {
    let named = [
        ("nim", TakeAndBreak::nim(), "0.(3)"),
        ("kayles", TakeAndBreak::kayles(), "0.77"),
        ("dawsons-kayles", TakeAndBreak::dawsons_kayles(), "0.07"),
        ("dawsons-chess", TakeAndBreak::dawsons_chess(), "0.137"),
        ("laskers-nim", TakeAndBreak::laskers_nim(), "4.(3)"),
        ("officers", TakeAndBreak::officers(), "0.6"),
        ("guiles", TakeAndBreak::guiles(), "0.15"),
        ("treblecross", TakeAndBreak::treblecross(), "0.007"),
        ("last-one", TakeAndBreak::last_one(), "0.(7)"),
    ];
    for (name, game, code) in named {
        assert_eq!(game.to_string(), code, "{name}");
        assert_eq!(TakeAndBreak::by_name(name).unwrap(), game, "{name}");
        assert_eq!(TakeAndBreak::octal(code).unwrap(), game, "{name}");
    }
}

#[test]
fn dawsons_chess_is_dawsons_kayles_with_one_pin_more() {
    // Dawson's chess on n files is Dawson's Kayles on n + 1 pins (Winning Ways, ch. 4).
    let mut chess = HeapValues::new(TakeAndBreak::dawsons_chess());
    let mut kayles = HeapValues::new(TakeAndBreak::dawsons_kayles());
    for n in (0..600).chain([1 << 40, u64::MAX - 1]) {
        assert_eq!(
            chess.grundy(n).unwrap(),
            kayles.grundy(n + 1).unwrap(),
            "{n}"
        );
    }
}

#[test]
fn named_games_match_their_definition() {
    for game in [
        TakeAndBreak::laskers_nim(),
        TakeAndBreak::guiles(),
        TakeAndBreak::officers(),
        TakeAndBreak::treblecross(),
    ] {
        let plain = grundy_sequence_plain(&game, 300, Budget::default()).unwrap();
        let mut values = HeapValues::new(game.clone());
        for (heap, &value) in plain.iter().enumerate() {
            assert_eq!(
                values.grundy(heap as u64).unwrap().0,
                u64::from(value),
                "{game} {heap}"
            );
        }
    }
}

/// Crosses and Crosses (POJ 3537) by full search: three crosses in a row win.
fn crosses_first_wins(n: u32) -> bool {
    fn wins(n: u32, board: u32, memo: &mut HashMap<u32, bool>) -> bool {
        if let Some(&known) = memo.get(&board) {
            return known;
        }
        let free: Vec<u32> = (0..n).filter(|i| board >> i & 1 == 0).collect();
        let three = |b: u32| (0..n.saturating_sub(2)).any(|s| b >> s & 7 == 7);
        let result = free.iter().any(|&i| three(board | 1 << i))
            || free.iter().any(|&i| !wins(n, board | 1 << i, memo));
        memo.insert(board, result);
        result
    }
    wins(n, 0, &mut HashMap::new())
}

#[test]
fn treblecross_on_n_plus_two_is_crosses_and_crosses() {
    let mut game = OctalGame::new(TakeAndBreak::treblecross());
    for n in 3..=14 {
        let expected = if crosses_first_wins(n) {
            Outcome::First
        } else {
            Outcome::Second
        };
        assert_eq!(
            game.outcome(&[u64::from(n) + 2]).unwrap(),
            expected,
            "n = {n}"
        );
    }
}

#[test]
fn laskers_nim_misere_is_still_reachable() {
    // Normal play bundles without misère code; the library keeps both.
    let mut misere =
        OctalGame::new(TakeAndBreak::laskers_nim()).with_convention(Convention::Misere);
    assert_eq!(misere.convention(), Convention::Misere);
    assert_eq!(misere.outcome(&[1]).unwrap(), Outcome::Second);
    let copy = misere.clone();
    assert_eq!(copy.convention(), Convention::Misere);
    let mut normal = OctalGame::new(TakeAndBreak::laskers_nim());
    assert_eq!(normal.outcome(&[1]).unwrap(), Outcome::First);
}

/// The value of a rooted tree by the colon principle, from `root`.
fn colon_value(root: u32, edges: &[(u32, u32)]) -> u64 {
    let mut adjacent: HashMap<u32, Vec<u32>> = HashMap::new();
    for &(x, y) in edges {
        adjacent.entry(x).or_default().push(y);
        adjacent.entry(y).or_default().push(x);
    }
    let (mut order, mut parent, mut stack) = (Vec::new(), HashMap::new(), vec![root]);
    parent.insert(root, None);
    while let Some(v) = stack.pop() {
        order.push(v);
        for &w in adjacent.get(&v).into_iter().flatten() {
            if parent.get(&v) != Some(&Some(w)) {
                parent.insert(w, Some(v));
                stack.push(w);
            }
        }
    }
    let mut value: HashMap<u32, u64> = HashMap::new();
    for &v in order.iter().rev() {
        let own = value.get(&v).copied().unwrap_or(0);
        if let Some(Some(p)) = parent.get(&v) {
            *value.entry(*p).or_default() ^= own + 1;
        }
    }
    value.get(&root).copied().unwrap_or(0)
}

/// A random tree on labels `1..=n` (any root), as edges in random order.
fn labelled_trees() -> impl Strategy<Value = (u32, Vec<(u32, u32)>)> {
    (1u32..40)
        .prop_flat_map(|n| {
            let parents = proptest::collection::vec(any::<u32>(), (n - 1) as usize);
            (
                Just(n),
                parents,
                Just(()).prop_perturb(move |_, mut rng| {
                    let mut labels: Vec<u32> = (1..=n).collect();
                    for i in (1..labels.len()).rev() {
                        labels.swap(i, rng.random_range(0..=i));
                    }
                    labels
                }),
            )
        })
        .prop_map(|(n, parents, labels)| {
            let edges = (1..n as usize)
                .map(|i| {
                    let p = labels[parents[i - 1] as usize % i];
                    if i % 2 == 0 {
                        (p, labels[i])
                    } else {
                        (labels[i], p)
                    }
                })
                .collect();
            (labels[0], edges)
        })
}

proptest! {
    #[test]
    fn a_tree_from_any_root_has_its_colon_value((root, edges) in labelled_trees()) {
        let tree = GreenHackenbush::from_tree(root, &edges).unwrap();
        prop_assert_eq!(tree.nimber().unwrap().0, colon_value(root, &edges));
        prop_assert_eq!(tree.edges(), &edges[..]);
        if let Some(best) = tree.winning_move().unwrap() {
            // The move names the edge as given, and deleting it leaves value 0.
            prop_assert_eq!((best.from, best.to), edges[best.index]);
            let mut rest = edges.clone();
            rest.remove(best.index);
            let reached: Vec<(u32, u32)> = rest
                .iter()
                .copied()
                .filter(|&(x, _)| colon_reaches(root, &rest, x))
                .collect();
            prop_assert_eq!(colon_value(root, &reached), 0);
        }
    }

    #[test]
    fn a_graph_on_any_ground_is_the_graph_on_ground_zero(
        edges in proptest::collection::vec((1u32..8, 1u32..8), 0..14),
        ground in 1u32..8,
    ) {
        // The same graph with `ground` and 0 trading names, through `new`.
        let swap = |v: u32| if v == ground { 0 } else { v };
        let swapped: Vec<(u32, u32)> = edges.iter().map(|&(x, y)| (swap(x), swap(y))).collect();
        let reference = GreenHackenbush::new(&swapped).unwrap();
        let all_reach = reference.nimber().is_ok()
            && swapped.iter().all(|&(x, _)| colon_reaches(0, &swapped, x));
        match GreenHackenbush::from_graph(ground, &edges) {
            Ok(game) => {
                prop_assert!(all_reach);
                prop_assert_eq!(game.nimber().unwrap(), reference.nimber().unwrap());
                prop_assert_eq!(game.outcome().unwrap(), reference.outcome().unwrap());
            }
            Err(error) => {
                prop_assert!(!all_reach);
                let refused = matches!(error, Error::InvalidParameter { name: "edges", .. });
                prop_assert!(refused, "{}", error);
            }
        }
    }
}

/// Whether `vertex` is joined to `root` by `edges`.
fn colon_reaches(root: u32, edges: &[(u32, u32)], vertex: u32) -> bool {
    let mut seen = vec![root];
    let mut grew = true;
    while grew {
        grew = false;
        for &(x, y) in edges {
            for (a, b) in [(x, y), (y, x)] {
                if seen.contains(&a) && !seen.contains(&b) {
                    seen.push(b);
                    grew = true;
                }
            }
        }
    }
    seen.contains(&vertex)
}

#[test]
fn edges_away_from_the_ground_are_refused() {
    // AGC 017 D numbers vertices from 1: read with the ground at 0 they would
    // silently be another game; with the root named they are refused or right.
    let edges = [(1, 2), (2, 3)];
    assert_eq!(
        GreenHackenbush::from_tree(1, &edges)
            .unwrap()
            .nimber()
            .unwrap()
            .0,
        2
    );
    let error = GreenHackenbush::from_tree(1, &[(1, 2), (3, 4)]).unwrap_err();
    assert!(
        error.to_string().contains("edge 2 (3-4) is not connected"),
        "{error}"
    );
    let cycle = GreenHackenbush::from_tree(1, &[(1, 2), (2, 3), (3, 1)]).unwrap_err();
    assert!(cycle.to_string().contains("not a tree"), "{cycle}");
    assert!(GreenHackenbush::from_tree(1, &[(1, 1)]).is_err());
    // A root with no edge is a finished game; any graph may have cycles.
    assert_eq!(
        GreenHackenbush::from_tree(7, &[])
            .unwrap()
            .outcome()
            .unwrap(),
        Outcome::Second
    );
    let triangle = GreenHackenbush::from_graph(5, &[(5, 6), (6, 7), (7, 5)]).unwrap();
    assert_eq!(triangle.nimber().unwrap().0, 1);
}
