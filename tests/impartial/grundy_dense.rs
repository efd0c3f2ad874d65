//! `GrundySolver` on games with a dense numbering: the one-sweep tables
//! (`MoveOrder::ToSmaller`, `ToLarger`), the explicit-stack search over the
//! same arrays (`Unordered`) and the hashed memo (no numbering) against a
//! plain recursive brute force written here, on random games; the cutting
//! game (POJ 2311) against a full search of the real game; widening past a
//! byte; refusals (a wrong declared order, a number out of range, cycles,
//! the budget, the work cap).

use std::collections::HashMap;
use std::ops::ControlFlow;

use proptest::prelude::*;
use stonegame::game::{MoveOrder, NimberAt, SolveAt};
use stonegame::impartial::{GrundySolver, ImpartialGame};
use stonegame::{Budget, Error, Nimber, Outcome};

// --- a game given by a table, numbered four ways ----------------------------

/// How a `TableGame` numbers its positions.
#[derive(Clone, Debug)]
enum Numbering {
    /// No numbering: the hashed memo.
    Hashed,
    /// Position `p` is number `p`, with the declared order.
    Identity(MoveOrder),
    /// Position `p` is number `n - 1 - p`, with the declared order.
    Reversed(MoveOrder),
    /// Position `p` is number `perm[p]`; no order declared.
    Permuted(Vec<usize>),
}

/// Positions `0..n`; `options[p]` lists each option of `p` as the labels of
/// its components. Labels in `holes` are no positions (their numbers are
/// skipped by a sweep).
#[derive(Clone, Debug)]
struct TableGame {
    options: Vec<Vec<Vec<usize>>>,
    holes: Vec<bool>,
    numbering: Numbering,
}

impl TableGame {
    fn n(&self) -> usize {
        self.options.len()
    }

    fn numbered(&self, numbering: Numbering) -> Self {
        Self {
            numbering,
            ..self.clone()
        }
    }

    fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n()).filter(|&p| !self.holes[p])
    }
}

impl ImpartialGame for TableGame {
    type Position = usize;

    fn for_each_option(
        &self,
        position: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for option in &self.options[*position] {
            visit(option)?;
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        match self.numbering {
            Numbering::Hashed => None,
            _ => Some(self.n()),
        }
    }

    fn dense_index(&self, &p: &usize) -> Option<usize> {
        match &self.numbering {
            Numbering::Hashed => None,
            Numbering::Identity(_) => Some(p),
            Numbering::Reversed(_) => self.n().checked_sub(p + 1),
            Numbering::Permuted(perm) => perm.get(p).copied(),
        }
    }

    fn dense_position(&self, index: usize) -> Option<usize> {
        let p = match &self.numbering {
            Numbering::Hashed => return None,
            Numbering::Identity(_) => index,
            Numbering::Reversed(_) => self.n().checked_sub(index + 1)?,
            Numbering::Permuted(perm) => perm.iter().position(|&i| i == index)?,
        };
        (p < self.n() && !self.holes[p]).then_some(p)
    }

    fn dense_order(&self) -> MoveOrder {
        match self.numbering {
            Numbering::Identity(order) | Numbering::Reversed(order) => order,
            _ => MoveOrder::Unordered,
        }
    }
}

/// The plain definition: the mex of the options' values, each the XOR of its
/// components' values (recursion is fine: the test games are small).
fn brute(game: &TableGame, p: usize, memo: &mut HashMap<usize, u64>) -> u64 {
    if let Some(&g) = memo.get(&p) {
        return g;
    }
    let values: Vec<u64> = game.options[p]
        .iter()
        .map(|option| option.iter().fold(0, |acc, &c| acc ^ brute(game, c, memo)))
        .collect();
    let g = (0..).find(|g| !values.contains(g)).unwrap();
    memo.insert(p, g);
    g
}

/// Every way to solve `game`: sweeps up and down, the dense search, the hash.
fn every_path(game: &TableGame, perm: Vec<usize>) -> Vec<(&'static str, TableGame)> {
    vec![
        (
            "sweep up",
            game.numbered(Numbering::Identity(MoveOrder::ToSmaller)),
        ),
        (
            "sweep down",
            game.numbered(Numbering::Reversed(MoveOrder::ToLarger)),
        ),
        ("dense search", game.numbered(Numbering::Permuted(perm))),
        (
            "dense search, identity",
            game.numbered(Numbering::Identity(MoveOrder::Unordered)),
        ),
        ("hashed", game.numbered(Numbering::Hashed)),
    ]
}

/// A random game whose options go to smaller labels (a DAG), with up to
/// `max_parts` components an option and some labels that are no positions.
fn dag_game(max_n: usize, max_parts: usize) -> impl Strategy<Value = (TableGame, Vec<usize>)> {
    (1..max_n)
        .prop_flat_map(move |n| {
            (
                prop::collection::vec(any::<bool>(), n),
                prop::collection::vec(
                    prop::collection::vec(
                        prop::collection::vec(any::<prop::sample::Index>(), 0..=max_parts),
                        0..6,
                    ),
                    n,
                ),
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
            )
        })
        .prop_map(|(mut holes, picks, perm)| {
            holes[0] = false;
            let n = holes.len();
            let mut options = vec![Vec::new(); n];
            for p in 0..n {
                let below: Vec<usize> = (0..p).filter(|&q| !holes[q]).collect();
                if holes[p] || below.is_empty() {
                    continue;
                }
                options[p] = picks[p]
                    .iter()
                    .map(|parts| parts.iter().map(|i| below[i.index(below.len())]).collect())
                    .collect();
            }
            let game = TableGame {
                options,
                holes,
                numbering: Numbering::Hashed,
            };
            (game, perm)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every path gives the brute force's values, queried in any order.
    #[test]
    fn every_path_matches_the_brute_force(
        (game, perm) in dag_game(60, 3),
        queries in prop::collection::vec(any::<prop::sample::Index>(), 1..20),
    ) {
        let mut memo = HashMap::new();
        let positions: Vec<usize> = game.positions().collect();
        for (name, numbered) in every_path(&game, perm) {
            let mut solver = GrundySolver::new(&numbered);
            for query in &queries {
                let p = positions[query.index(positions.len())];
                let got = solver.grundy(&p).unwrap();
                prop_assert_eq!(got, Nimber(brute(&game, p, &mut memo)), "{} at {}", name, p);
            }
            for &p in &positions {
                prop_assert_eq!(solver.grundy(&p).unwrap().0, brute(&game, p, &mut memo), "{}", name);
            }
            let real = positions.len();
            prop_assert_eq!(solver.known_positions(), real, "{}", name);
        }
    }

    /// Sums, outcomes and winning moves agree on every path: the move found
    /// leaves a sum of value 0.
    #[test]
    fn sums_and_winning_moves_agree(
        (game, perm) in dag_game(40, 2),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
    ) {
        let mut memo = HashMap::new();
        let positions: Vec<usize> = game.positions().collect();
        let sum: Vec<usize> = picks.iter().map(|i| positions[i.index(positions.len())]).collect();
        let expected = sum.iter().fold(0, |acc, &p| acc ^ brute(&game, p, &mut memo));
        for (name, numbered) in every_path(&game, perm) {
            let mut solver = GrundySolver::new(&numbered);
            prop_assert_eq!(solver.grundy_of_sum(&sum).unwrap(), Nimber(expected), "{}", name);
            prop_assert_eq!(NimberAt::nimber(&mut solver, &sum).unwrap(), Nimber(expected));
            let outcome = if expected == 0 { Outcome::Second } else { Outcome::First };
            prop_assert_eq!(solver.outcome(&sum).unwrap(), outcome, "{}", name);
            prop_assert_eq!(SolveAt::outcome(&mut solver, &sum[..]).unwrap(), outcome);
            match solver.winning_move(&sum).unwrap() {
                None => prop_assert_eq!(expected, 0, "{}", name),
                Some(winning) => {
                    let mut after = sum.clone();
                    after.splice(winning.component..=winning.component, winning.option.iter().copied());
                    let left = after.iter().fold(0, |acc, &p| acc ^ brute(&game, p, &mut memo));
                    prop_assert_eq!(left, 0, "{}: {:?}", name, winning);
                    prop_assert!(game.options[sum[winning.component]].contains(&winning.option));
                }
            }
        }
    }

    /// Nim heaps up to 300 numbered by size: values pass 255, so the byte
    /// cells widen to two bytes, on every path, whatever the queries' order.
    #[test]
    fn values_past_a_byte_widen_the_cells(
        queries in prop::collection::vec(0usize..=300, 1..6),
        perm in Just((0..=300usize).collect::<Vec<_>>()).prop_shuffle(),
    ) {
        let nim = TableGame {
            options: (0..=300).map(|h| (0..h).map(|k| vec![k]).collect()).collect(),
            holes: vec![false; 301],
            numbering: Numbering::Hashed,
        };
        for (name, numbered) in every_path(&nim, perm) {
            let mut solver = GrundySolver::new(&numbered);
            for &h in queries.iter().chain(&[300, 255, 256, 3]) {
                prop_assert_eq!(solver.grundy(&h).unwrap(), Nimber(h as u64), "{}", name);
            }
            prop_assert_eq!(solver.grundy_of_sum(&[300, 44]).unwrap(), Nimber(300 ^ 44));
        }
    }
}

// --- the cutting game (POJ 2311) ---------------------------------------------

/// The cutting game's Grundy model on sheets with both sides at least 2 and
/// at most `max`, numbered `w * (max + 1) + h` (examples/poj2311.rs).
struct Cutting {
    max: u32,
    order: MoveOrder,
}

impl ImpartialGame for Cutting {
    type Position = (u32, u32);

    fn for_each_option(
        &self,
        &(w, h): &(u32, u32),
        mut visit: impl FnMut(&[(u32, u32)]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for i in 2..=w / 2 {
            visit(&[(i, h), (w - i, h)])?;
        }
        for j in 2..=h / 2 {
            visit(&[(w, j), (w, h - j)])?;
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        Some((self.max as usize + 1).pow(2))
    }

    fn dense_index(&self, &(w, h): &(u32, u32)) -> Option<usize> {
        (w <= self.max && h <= self.max).then(|| (w * (self.max + 1) + h) as usize)
    }

    fn dense_position(&self, index: usize) -> Option<(u32, u32)> {
        let stride = self.max as usize + 1;
        let (w, h) = ((index / stride) as u32, (index % stride) as u32);
        (w >= 2 && h >= 2 && w <= self.max).then_some((w, h))
    }

    fn dense_order(&self) -> MoveOrder {
        self.order
    }
}

/// A full search of the real game on a multiset of sheets: a player cuts one
/// sheet in two along a grid line; cutting out a 1 x 1 piece wins.
fn cutting_wins(sheets: &[(u32, u32)], memo: &mut HashMap<Vec<(u32, u32)>, bool>) -> bool {
    let mut key = sheets.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut wins = false;
    'search: for (k, &(w, h)) in key.iter().enumerate() {
        let cuts = (1..w)
            .map(|i| [(i, h), (w - i, h)])
            .chain((1..h).map(|j| [(w, j), (w, h - j)]));
        for pieces in cuts {
            if pieces.contains(&(1, 1)) {
                wins = true;
                break 'search;
            }
            let mut after = key.clone();
            after.remove(k);
            after.extend(pieces);
            if !cutting_wins(&after, memo) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(key, wins);
    wins
}

/// The plain recursive Grundy model (each cut once), for larger sheets.
fn cutting_brute(w: u32, h: u32, memo: &mut HashMap<(u32, u32), u64>) -> u64 {
    if let Some(&g) = memo.get(&(w, h)) {
        return g;
    }
    let mut values = Vec::new();
    for i in 2..=w / 2 {
        values.push(cutting_brute(i, h, memo) ^ cutting_brute(w - i, h, memo));
    }
    for j in 2..=h / 2 {
        values.push(cutting_brute(w, j, memo) ^ cutting_brute(w, h - j, memo));
    }
    let g = (0..).find(|g| !values.contains(g)).unwrap();
    memo.insert((w, h), g);
    g
}

#[test]
fn the_cutting_game_model_matches_a_full_search_of_the_real_game() {
    let mut memo = HashMap::new();
    let mut losing = Vec::new();
    for order in [MoveOrder::ToSmaller, MoveOrder::Unordered] {
        let mut solver = GrundySolver::new(Cutting { max: 6, order });
        for w in 2..=6 {
            for h in 2..=6 {
                let first_wins = cutting_wins(&[(w, h)], &mut memo);
                assert_eq!(
                    !solver.grundy(&(w, h)).unwrap().is_zero(),
                    first_wins,
                    "{w} x {h}"
                );
                if !first_wins && order == MoveOrder::ToSmaller {
                    losing.push((w, h));
                }
            }
        }
        // Sums of two sheets: the model's XOR against the real game's search.
        for a in [(2, 2), (2, 3), (3, 3), (4, 2), (2, 5)] {
            for b in [(2, 2), (3, 2), (4, 3), (3, 4)] {
                let first_wins = cutting_wins(&[a, b], &mut memo);
                assert_eq!(
                    solver.outcome(&[a, b]).unwrap() == Outcome::First,
                    first_wins
                );
            }
        }
    }
    // The problem's samples: no cut of these leaves both sides at least 2.
    for sheet in [(2, 2), (2, 3), (3, 2)] {
        assert!(losing.contains(&sheet), "{sheet:?} in {losing:?}");
    }
    assert!(!losing.contains(&(4, 2)));
}

#[test]
fn the_cutting_game_matches_the_recursive_model_up_to_24() {
    let mut memo = HashMap::new();
    for order in [MoveOrder::ToSmaller, MoveOrder::Unordered] {
        let mut solver = GrundySolver::new(Cutting { max: 24, order });
        // The largest sheet first (one sweep), then every other from the table.
        assert_eq!(
            solver.grundy(&(24, 24)).unwrap().0,
            cutting_brute(24, 24, &mut memo)
        );
        for w in 2..=24 {
            for h in 2..=24 {
                let got = solver.grundy(&(w, h)).unwrap().0;
                assert_eq!(got, cutting_brute(w, h, &mut memo), "{w} x {h}");
            }
        }
        let winning = solver.winning_move(&[(24, 24), (7, 5)]).unwrap();
        if let Some(winning) = winning {
            let rest = [(24, 24), (7, 5)][1 - winning.component];
            let left = winning
                .option
                .iter()
                .chain([&rest])
                .fold(0, |acc, &(w, h)| acc ^ cutting_brute(w, h, &mut memo));
            assert_eq!(left, 0);
        } else {
            assert_eq!(
                cutting_brute(24, 24, &mut memo),
                cutting_brute(7, 5, &mut memo)
            );
        }
    }
}

// --- refusals ------------------------------------------------------------------

/// A two-position game whose only option of 1 is 0 and whose option of 0
/// is `zero_to` (a cycle when it is 1).
fn tiny(zero_to: Option<usize>, numbering: Numbering) -> TableGame {
    TableGame {
        options: vec![
            zero_to.map(|p| vec![vec![p]]).unwrap_or_default(),
            vec![vec![0]],
        ],
        holes: vec![false, false],
        numbering,
    }
}

#[test]
fn a_wrong_declared_order_is_refused() {
    // 0 -> 1 goes up, 1 -> 0 down: each against one declaration.
    let up = vec![vec![vec![1]], vec![]];
    let down = vec![vec![], vec![vec![0]]];
    for (options, numbering) in [
        (&up, Numbering::Identity(MoveOrder::ToSmaller)),
        (&up, Numbering::Reversed(MoveOrder::ToLarger)),
        (&down, Numbering::Identity(MoveOrder::ToLarger)),
        (&down, Numbering::Reversed(MoveOrder::ToSmaller)),
    ] {
        let game = TableGame {
            options: options.clone(),
            holes: vec![false, false],
            numbering: numbering.clone(),
        };
        let mut solver = GrundySolver::new(&game);
        let refused =
            (0..2).any(|p| matches!(solver.grundy(&p), Err(Error::InvalidParameter { .. })));
        assert!(refused, "{numbering:?}");
    }
    // A number at or above dense_positions() is refused on every dense path.
    struct Outside(MoveOrder);
    impl ImpartialGame for Outside {
        type Position = usize;
        fn for_each_option(
            &self,
            &p: &usize,
            mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if p == 1 {
                visit(&[7])
            } else {
                ControlFlow::Continue(())
            }
        }
        fn dense_positions(&self) -> Option<usize> {
            Some(2)
        }
        fn dense_index(&self, &p: &usize) -> Option<usize> {
            Some(p)
        }
        fn dense_position(&self, index: usize) -> Option<usize> {
            Some(index)
        }
        fn dense_order(&self) -> MoveOrder {
            self.0
        }
    }
    for order in [
        MoveOrder::ToSmaller,
        MoveOrder::ToLarger,
        MoveOrder::Unordered,
    ] {
        let mut solver = GrundySolver::new(Outside(order));
        assert!(
            matches!(solver.grundy(&1), Err(Error::InvalidParameter { .. })),
            "{order:?}"
        );
        assert!(
            matches!(solver.grundy(&5), Err(Error::InvalidParameter { .. })),
            "{order:?}"
        );
    }
}

#[test]
fn cycles_are_refused() {
    for numbering in [Numbering::Identity(MoveOrder::Unordered), Numbering::Hashed] {
        let game = tiny(Some(1), numbering);
        let mut solver = GrundySolver::new(&game);
        assert!(matches!(solver.grundy(&1), Err(Error::CyclicGame { .. })));
        assert!(matches!(solver.grundy(&0), Err(Error::CyclicGame { .. })));
    }
    let acyclic = tiny(None, Numbering::Identity(MoveOrder::Unordered));
    assert_eq!(GrundySolver::new(&acyclic).grundy(&1).unwrap(), Nimber(1));
}

#[test]
fn a_refused_search_leaves_no_stale_line() {
    // The work cap stops the search with the whole chain on its line; a
    // second query must not mistake those positions for a cycle.
    let chain = GrundySolver::new(Chain(MoveOrder::Unordered));
    let mut chain = chain.with_budget(Budget::default().with_work(1000));
    assert!(matches!(
        chain.grundy(&5000),
        Err(Error::WorkLimitExceeded { .. })
    ));
    let mut chain = chain.with_budget(Budget::default());
    assert_eq!(chain.grundy(&5000).unwrap(), Nimber(0));
}

/// The chain 0 <- 1 <- 2 <- …: one option, one component smaller.
struct Chain(MoveOrder);

impl ImpartialGame for Chain {
    type Position = u64;

    fn for_each_option(
        &self,
        &p: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if p > 0 {
            visit(&[p - 1])?;
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(1 << 21)
    }

    fn dense_index(&self, &p: &u64) -> Option<usize> {
        usize::try_from(p).ok()
    }

    fn dense_position(&self, index: usize) -> Option<u64> {
        Some(index as u64)
    }

    fn dense_order(&self) -> MoveOrder {
        self.0
    }
}

#[test]
fn a_deep_chain_does_not_overflow_the_stack() {
    for order in [MoveOrder::Unordered, MoveOrder::ToSmaller] {
        let mut solver = GrundySolver::new(Chain(order));
        assert_eq!(solver.grundy(&1_000_000).unwrap(), Nimber(0), "{order:?}");
        assert_eq!(solver.grundy(&999_999).unwrap(), Nimber(1), "{order:?}");
        assert_eq!(solver.known_positions(), 1_000_001, "{order:?}");
    }
}

/// A numbering of astronomically many positions.
struct Huge(MoveOrder);

impl ImpartialGame for Huge {
    type Position = usize;

    fn for_each_option(
        &self,
        &p: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if p > 0 {
            visit(&[p - 1])?;
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(usize::MAX / 4)
    }

    fn dense_index(&self, &p: &usize) -> Option<usize> {
        Some(p)
    }

    fn dense_position(&self, index: usize) -> Option<usize> {
        Some(index)
    }

    fn dense_order(&self) -> MoveOrder {
        self.0
    }
}

#[test]
fn a_budget_too_small_is_refused_before_allocating() {
    // The search needs the whole array: refused at once, whatever the root.
    let mut search = GrundySolver::new(Huge(MoveOrder::Unordered));
    assert!(matches!(
        search.grundy(&3),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    // A sweep needs the array up to the root only: a small root fits.
    let mut sweep = GrundySolver::new(Huge(MoveOrder::ToSmaller));
    assert_eq!(sweep.grundy(&3).unwrap(), Nimber(1));
    assert!(matches!(
        sweep.grundy(&(usize::MAX / 8)),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    let mut down = GrundySolver::new(Huge(MoveOrder::ToLarger));
    assert!(matches!(
        down.grundy(&3),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    // A small budget, on every path of a small game.
    for order in [MoveOrder::Unordered, MoveOrder::ToSmaller] {
        let mut solver = GrundySolver::new(Chain(order)).with_budget(Budget::from_bytes(512));
        let error = solver.grundy(&100_000).unwrap_err();
        assert!(
            matches!(error, Error::MemoryBudgetExceeded { .. }),
            "{order:?}: {error}"
        );
        // A generous budget afterwards: the solver still answers.
        let mut solver = solver.with_budget(Budget::default());
        assert_eq!(solver.grundy(&100_000).unwrap(), Nimber(0));
    }
    // The search's arrays fit but its stack does not: refused as it grows
    // (arrays: 2^21 bytes of cells, 2^21 / 4 of state bits, 1 KiB of stamps).
    let arrays = (1u128 << 21) + (1 << 19) + 1024;
    for spare in [100, 80_000] {
        let budget = Budget::from_bytes(arrays + spare);
        let mut solver = GrundySolver::new(Chain(MoveOrder::Unordered)).with_budget(budget);
        assert_eq!(solver.grundy(&2).unwrap(), Nimber(0), "{spare}");
        let error = solver.grundy(&100_000).unwrap_err();
        assert!(
            matches!(error, Error::MemoryBudgetExceeded { .. }),
            "{spare}: {error}"
        );
        // Positions solved before the refusal stay; nothing else is wrong.
        assert_eq!(solver.grundy(&3).unwrap(), Nimber(1), "{spare}");
    }
    let nim = TableGame {
        options: (0..=300)
            .map(|h| (0..h).map(|k| vec![k]).collect())
            .collect(),
        holes: vec![false; 301],
        numbering: Numbering::Hashed,
    };
    let mut hashed = GrundySolver::new(&nim).with_budget(Budget::from_bytes(1024));
    assert!(matches!(
        hashed.grundy(&300),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
}

#[test]
fn the_work_cap_stops_every_path() {
    let nim = TableGame {
        options: (0..=300)
            .map(|h| (0..h).map(|k| vec![k]).collect())
            .collect(),
        holes: vec![false; 301],
        numbering: Numbering::Hashed,
    };
    let perm: Vec<usize> = (0..=300).rev().collect();
    for (name, numbered) in every_path(&nim, perm) {
        let capped = Budget::default().with_work(20_000);
        let mut solver = GrundySolver::new(&numbered).with_budget(capped);
        let error = solver.grundy(&300).unwrap_err();
        assert!(
            matches!(error, Error::WorkLimitExceeded { .. }),
            "{name}: {error}"
        );
        // Each query has its own cap: small steps up get there (up to ten
        // steps a component on the hashed path, each option listed twice).
        for h in (0..=300).step_by(2).chain([300]) {
            assert_eq!(solver.grundy(&h).unwrap(), Nimber(h as u64), "{name}");
        }
    }
}
