//! `GrundySolver` on games whose numbering contradicts itself (issue 43,
//! item 2): random small games with one random lie (two positions given
//! one number, a move to a number the listing skipped, a number outside
//! `0..n`, a move against the declared order), solved by the sweep (up and
//! down, by positions and by numbered options, checked and trusting) and by
//! the dense search. Every answer must be a refusal or the value of a plain
//! recursive mex over the game's true graph: never a wrong value. Honest
//! games must be answered exactly.

use std::collections::HashMap;
use std::ops::ControlFlow;

use proptest::prelude::*;
use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame};
use stonegame::{Budget, Error};

/// One lie a game tells about its numbering (labels are positions' names).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Lie {
    Honest,
    /// `dense_index(at)` is the number of label `at - 1`: two labels, one
    /// number (`dense_position` still names `at - 1`).
    Collision {
        at: usize,
    },
    /// `at` is a position that options reach, but `dense_position` (so the
    /// listing) skips its number.
    Skipped {
        at: usize,
    },
    /// `dense_index(at)` is `n + at`, outside `0..n`.
    OutOfRange {
        at: usize,
    },
    /// Position `from` also moves to the larger label `to`: against the
    /// declared order (and maybe a cycle).
    AgainstOrder {
        from: usize,
        to: usize,
    },
}

/// How the solver sees the game.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Path {
    /// Sweep with `ToSmaller`, options by position.
    SweepUp,
    /// Sweep with `ToLarger` (labels numbered `n - 1 - label`).
    SweepDown,
    /// Sweep with `ToSmaller`, options by number.
    Numbered,
    /// Sweep with `ToLarger`, options by number.
    NumberedDown,
    /// The dense search (`Unordered`).
    Search,
}

#[derive(Clone, Debug)]
struct LyingGame {
    /// `options[label]`: each option's components, as labels (the truth
    /// when listed by position).
    options: Vec<Vec<Vec<usize>>>,
    holes: Vec<bool>,
    lie: Lie,
    path: Path,
}

impl LyingGame {
    fn n(&self) -> usize {
        self.options.len()
    }

    fn reversed(&self) -> bool {
        matches!(self.path, Path::SweepDown | Path::NumberedDown)
    }

    /// The honest number of a label.
    fn true_number(&self, label: usize) -> usize {
        if self.reversed() {
            self.n() - 1 - label
        } else {
            label
        }
    }

    /// The options of `label` with the against-order lie added.
    fn listed_options(&self, label: usize) -> Vec<Vec<usize>> {
        let mut options = self.options[label].clone();
        if let Lie::AgainstOrder { from, to } = self.lie {
            if from == label {
                options.push(vec![to]);
            }
        }
        options
    }
}

impl ImpartialGame for LyingGame {
    type Position = usize;

    fn for_each_option(
        &self,
        &label: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for option in self.listed_options(label) {
            visit(&option)?;
        }
        ControlFlow::Continue(())
    }

    fn dense_positions(&self) -> Option<usize> {
        Some(self.n())
    }

    fn dense_index(&self, &label: &usize) -> Option<usize> {
        if label >= self.n() {
            return None;
        }
        Some(match self.lie {
            Lie::Collision { at } if at == label => self.true_number(at - 1),
            Lie::OutOfRange { at } if at == label => self.n() + at,
            _ => self.true_number(label),
        })
    }

    fn dense_position(&self, index: usize) -> Option<usize> {
        if index >= self.n() {
            return None;
        }
        let label = self.true_number(index);
        let skipped = matches!(self.lie, Lie::Skipped { at } if at == label);
        (!self.holes[label] && !skipped).then_some(label)
    }

    fn dense_order(&self) -> MoveOrder {
        match self.path {
            Path::SweepUp | Path::Numbered => MoveOrder::ToSmaller,
            Path::SweepDown | Path::NumberedDown => MoveOrder::ToLarger,
            Path::Search => MoveOrder::Unordered,
        }
    }

    fn numbered_options(&self) -> bool {
        matches!(self.path, Path::Numbered | Path::NumberedDown)
    }

    fn for_each_numbered_option(
        &self,
        _number: usize,
        &label: &usize,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for option in self.listed_options(label) {
            let numbers: Vec<usize> = option
                .iter()
                .map(|c| self.dense_index(c).unwrap_or(usize::MAX))
                .collect();
            visit(&numbers)?;
        }
        ControlFlow::Continue(())
    }
}

/// The true value of `label`: the mex of its options' values, each the XOR
/// of its components' values; `None` when no value exists (a cycle, or, for
/// a game that gives options by number, a number that names no position).
fn reference(
    game: &LyingGame,
    label: usize,
    memo: &mut HashMap<usize, Option<u64>>,
) -> Option<u64> {
    if let Some(&known) = memo.get(&label) {
        return known;
    }
    memo.insert(label, None); // on the line: a cycle reads None
    let numbered = game.numbered_options();
    let mut values = Vec::new();
    for option in game.listed_options(label) {
        let mut total = 0;
        for &component in &option {
            if numbered {
                // The truth is the numbers listed: they must name positions.
                let number = game.dense_index(&component)?;
                let named = game.dense_position(number)?;
                total ^= reference(game, named, memo)?;
            } else {
                total ^= reference(game, component, memo)?;
            }
        }
        values.push(total);
    }
    let value = (0..).find(|g| !values.contains(g));
    memo.insert(label, value);
    value
}

/// A random DAG on labels `0..n` (options to smaller labels, one or two
/// components), some labels holes, and one lie of a random kind at a random
/// place (`Honest` when the place does not fit the kind).
fn lying_game(path: Path, honest: bool) -> impl Strategy<Value = LyingGame> {
    (2usize..40)
        .prop_flat_map(|n| {
            (
                prop::collection::vec(prop::bool::weighted(0.2), n),
                prop::collection::vec(
                    prop::collection::vec(
                        prop::collection::vec(any::<prop::sample::Index>(), 1..=2),
                        0..4,
                    ),
                    n,
                ),
                0usize..4,
                any::<prop::sample::Index>(),
                any::<prop::sample::Index>(),
            )
        })
        .prop_map(move |(mut holes, picks, kind, a, b)| {
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
            let positions: Vec<usize> = (0..n).filter(|&p| !holes[p]).collect();
            let at = positions[a.index(positions.len())];
            let other = positions[b.index(positions.len())];
            let lie = match kind {
                _ if honest => Lie::Honest,
                0 if at > 0 => Lie::Collision { at },
                1 => Lie::Skipped { at },
                2 => Lie::OutOfRange { at },
                3 if at < other => Lie::AgainstOrder {
                    from: at,
                    to: other,
                },
                _ => Lie::Honest,
            };
            // Two positions with one number cannot be said by number.
            let lie = match (lie, path) {
                (Lie::Collision { .. }, Path::Numbered | Path::NumberedDown) => Lie::Honest,
                _ => lie,
            };
            LyingGame {
                options,
                holes,
                lie,
                path,
            }
        })
}

/// Asks every position, in a random order, of one solver: each answer is a
/// refusal or the true value (and an honest game is always answered).
fn check(
    game: &LyingGame,
    order: &[prop::sample::Index],
    trusting: bool,
) -> Result<(), TestCaseError> {
    let mut memo = HashMap::new();
    let mut solver = GrundySolver::new(game).with_budget(Budget::default().with_work(1_000_000));
    if trusting {
        solver = solver.trusting_numbering();
    }
    let positions: Vec<usize> = (0..game.n()).filter(|&p| !game.holes[p]).collect();
    for pick in order {
        let label = positions[pick.index(positions.len())];
        let truth = reference(game, label, &mut memo);
        match (solver.grundy(&label), truth) {
            (Ok(got), Some(want)) => prop_assert_eq!(got.0, want, "label {}", label),
            (Ok(got), None) => {
                prop_assert!(false, "label {} answered {} but has no value", label, got.0)
            }
            (Err(error), _) => {
                prop_assert!(game.lie != Lie::Honest, "honest game refused: {}", error);
                prop_assert!(
                    matches!(
                        error,
                        Error::InvalidParameter { .. } | Error::CyclicGame { .. }
                    ),
                    "{}",
                    error
                );
            }
        }
    }
    Ok(())
}

/// Asks one solver by number and by position, interleaved in a random
/// order (numbers drawn from `0..n + 3`, so some are outside the table):
/// an answer by number must be the true value of the position the number
/// names (`dense_position`), or a refusal; a number naming no position
/// (a hole, or outside `0..n`) must be refused; an honest game must answer
/// every number that names a position with what `grundy` answers for it.
fn check_by_number(
    game: &LyingGame,
    order: &[(bool, prop::sample::Index)],
) -> Result<(), TestCaseError> {
    let mut memo = HashMap::new();
    let mut solver = GrundySolver::new(game).with_budget(Budget::default().with_work(1_000_000));
    let mut by_position = GrundySolver::new(game);
    for &(numbered, pick) in order {
        let number = pick.index(game.n() + 3);
        let named = game.dense_position(number);
        if !numbered {
            // A position query between the number queries (same solver).
            let label = named.unwrap_or(0);
            let truth = reference(game, label, &mut memo);
            if let Ok(got) = solver.grundy(&label) {
                prop_assert_eq!(Some(got.0), truth, "label {}", label);
            }
            continue;
        }
        let got = solver.grundy_at_number(number);
        match (got, named) {
            (Ok(got), Some(label)) => {
                let truth = reference(game, label, &mut memo);
                prop_assert_eq!(Some(got.0), truth, "number {} (label {})", number, label);
                if game.lie == Lie::Honest {
                    prop_assert_eq!(
                        Ok(got),
                        by_position.grundy(&label).map_err(|e| e.to_string())
                    );
                }
            }
            (Ok(got), None) => {
                prop_assert!(
                    false,
                    "number {} names no position but answered {}",
                    number,
                    got.0
                )
            }
            (Err(error), named) => {
                prop_assert!(
                    game.lie != Lie::Honest || named.is_none(),
                    "honest game refused number {}: {}",
                    number,
                    error
                );
                prop_assert!(
                    matches!(
                        error,
                        Error::InvalidParameter { .. } | Error::CyclicGame { .. }
                    ),
                    "{}",
                    error
                );
            }
        }
    }
    Ok(())
}

/// Sums by number (`grundy_of_sum_at_numbers`) on a fresh solver each,
/// or after earlier sums on one solver: the XOR of the true values of the
/// positions the numbers name, or a refusal (always when one names none,
/// never for an honest game whose numbers all name positions).
fn check_sums_by_number(
    game: &LyingGame,
    sums: &[Vec<prop::sample::Index>],
) -> Result<(), TestCaseError> {
    let mut memo = HashMap::new();
    let mut shared = GrundySolver::new(game).with_budget(Budget::default().with_work(1_000_000));
    for picks in sums {
        let numbers: Vec<usize> = picks.iter().map(|pick| pick.index(game.n() + 3)).collect();
        let named: Option<Vec<usize>> = numbers.iter().map(|&k| game.dense_position(k)).collect();
        let truth = named.as_ref().and_then(|labels| {
            labels.iter().try_fold(0, |total, &label| {
                Some(total ^ reference(game, label, &mut memo)?)
            })
        });
        let mut fresh = GrundySolver::new(game).with_budget(Budget::default().with_work(1_000_000));
        for solver in [&mut shared, &mut fresh] {
            match solver.grundy_of_sum_at_numbers(numbers.iter().copied()) {
                Ok(got) => {
                    prop_assert!(
                        named.is_some(),
                        "{:?} name a non-position, answered {}",
                        numbers,
                        got.0
                    );
                    prop_assert_eq!(Some(got.0), truth, "numbers {:?}", numbers);
                }
                Err(error) => {
                    prop_assert!(
                        game.lie != Lie::Honest || named.is_none(),
                        "honest game refused {:?}: {}",
                        numbers,
                        error
                    );
                    prop_assert!(
                        matches!(
                            error,
                            Error::InvalidParameter { .. } | Error::CyclicGame { .. }
                        ),
                        "{:?}: {}",
                        numbers,
                        error
                    );
                }
            }
        }
    }
    Ok(())
}

fn mixed_queries() -> impl Strategy<Value = Vec<(bool, prop::sample::Index)>> {
    prop::collection::vec(
        (prop::bool::weighted(0.8), any::<prop::sample::Index>()),
        1..30,
    )
}

fn queries() -> impl Strategy<Value = Vec<prop::sample::Index>> {
    prop::collection::vec(any::<prop::sample::Index>(), 1..30)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The sweep upwards, by positions, checked: never a wrong value.
    #[test]
    fn sweep_up_lies_are_refused(game in lying_game(Path::SweepUp, false), order in queries()) {
        check(&game, &order, false)?;
    }

    /// The sweep downwards, by positions, checked.
    #[test]
    fn sweep_down_lies_are_refused(game in lying_game(Path::SweepDown, false), order in queries()) {
        check(&game, &order, false)?;
    }

    /// The sweep by numbered options, up and down: collisions cannot be
    /// said; skipped numbers, numbers out of range and against the order
    /// are refused.
    #[test]
    fn numbered_lies_are_refused(
        up in lying_game(Path::Numbered, false),
        down in lying_game(Path::NumberedDown, false),
        order in queries(),
    ) {
        check(&up, &order, false)?;
        check(&down, &order, false)?;
    }

    /// The dense search without an order, checked.
    #[test]
    fn search_lies_are_refused(game in lying_game(Path::Search, false), order in queries()) {
        check(&game, &order, false)?;
    }

    /// Trusting the numbering skips only the collision check: every other
    /// lie is still refused or harmless.
    #[test]
    fn trusting_still_refuses_other_lies(
        game in lying_game(Path::SweepUp, false).prop_filter("no collision", |g| {
            !matches!(g.lie, Lie::Collision { .. })
        }),
        down in lying_game(Path::SweepDown, false).prop_filter("no collision", |g| {
            !matches!(g.lie, Lie::Collision { .. })
        }),
        order in queries(),
    ) {
        check(&game, &order, true)?;
        check(&down, &order, true)?;
    }

    /// Queries by number (`grundy_at_number`), every path, honest and
    /// lying games, interleaved with queries by position: the value of the
    /// position the number names, or a refusal (always for a number that
    /// names none).
    #[test]
    fn queries_by_number_agree(
        up in lying_game(Path::SweepUp, false),
        down in lying_game(Path::SweepDown, false),
        numbered in lying_game(Path::Numbered, false),
        numbered_down in lying_game(Path::NumberedDown, false),
        search in lying_game(Path::Search, false),
        honest in lying_game(Path::SweepUp, true),
        order in mixed_queries(),
    ) {
        for game in [&up, &down, &numbered, &numbered_down, &search, &honest] {
            check_by_number(game, &order)?;
        }
    }

    /// Sums by number, every path, honest and lying games: the XOR of
    /// the true values, or a refusal.
    #[test]
    fn sums_by_number_agree(
        up in lying_game(Path::SweepUp, false),
        down in lying_game(Path::SweepDown, false),
        numbered in lying_game(Path::Numbered, false),
        numbered_down in lying_game(Path::NumberedDown, false),
        search in lying_game(Path::Search, false),
        honest in lying_game(Path::Numbered, true),
        sums in prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 0..6), 1..5),
    ) {
        for game in [&up, &down, &numbered, &numbered_down, &search, &honest] {
            check_sums_by_number(game, &sums)?;
        }
    }

    /// Honest games, every path, checked and trusting: the true values.
    #[test]
    fn honest_games_are_answered(
        up in lying_game(Path::SweepUp, true),
        numbered in lying_game(Path::Numbered, true),
        down in lying_game(Path::NumberedDown, true),
        search in lying_game(Path::Search, true),
        order in queries(),
    ) {
        for game in [&up, &numbered, &down, &search] {
            check(game, &order, false)?;
            check(game, &order, true)?;
        }
    }
}

/// Each lie, written out once, with the message it gets.
#[test]
fn each_lie_is_named() {
    // 0 <- 1 <- 2 <- 3, each moving one down.
    let chain = LyingGame {
        options: vec![vec![], vec![vec![0]], vec![vec![1]], vec![vec![2]]],
        holes: vec![false; 4],
        lie: Lie::Honest,
        path: Path::SweepUp,
    };
    let cases = [
        (
            Lie::Collision { at: 2 },
            Path::SweepUp,
            "number 2 (by for_each_dense_position, by default dense_position(2)) has dense_index 1",
        ),
        (
            Lie::Collision { at: 2 },
            Path::Search,
            "two positions share number 1",
        ),
        (
            Lie::Skipped { at: 1 },
            Path::Numbered,
            "component numbered 1, a number that no position has",
        ),
        (
            Lie::OutOfRange { at: 1 },
            Path::SweepUp,
            "has dense_index 5",
        ),
        (
            Lie::OutOfRange { at: 1 },
            Path::Search,
            "outside the dense_positions() range",
        ),
        (
            Lie::AgainstOrder { from: 1, to: 3 },
            Path::SweepUp,
            "against the declared dense_order",
        ),
    ];
    for (lie, path, message) in cases {
        let game = LyingGame {
            lie,
            path,
            ..chain.clone()
        };
        let error = GrundySolver::new(&game).grundy(&3).unwrap_err().to_string();
        assert!(error.contains(message), "{lie:?} {path:?}: {error}");
    }
    // Trusting the numbering, a read of a skipped number is still refused.
    let skipped = LyingGame {
        lie: Lie::Skipped { at: 1 },
        ..chain.clone()
    };
    let error = GrundySolver::new(&skipped)
        .trusting_numbering()
        .grundy(&3)
        .unwrap_err()
        .to_string();
    assert!(error.contains("a number that no position has"), "{error}");
    // A position listed under another number than its own is named, by
    // number too, and the sweep forgets every value from it on: asked
    // again (by number, past it), the same refusal, not a value computed
    // after it.
    let mislisted = LyingGame {
        lie: Lie::Collision { at: 2 },
        ..chain.clone()
    };
    let mut solver = GrundySolver::new(&mislisted);
    let message =
        "number 2 (by for_each_dense_position, by default dense_position(2)) has dense_index 1";
    for _ in 0..2 {
        let error = solver.grundy_at_number(3).unwrap_err().to_string();
        assert!(error.contains(message), "{error}");
    }
    assert_eq!(solver.known_positions(), 2); // 0 and 1
    assert_eq!(solver.grundy_at_number(1).unwrap().0, 1);
    // Numbers outside the table and holes are refused by number.
    let holes = LyingGame {
        holes: vec![false, true, false, false],
        options: vec![vec![], vec![], vec![vec![0]], vec![vec![2]]],
        ..chain.clone()
    };
    let mut solver = GrundySolver::new(&holes);
    assert_eq!(solver.grundy_at_number(3).unwrap().0, 0);
    let error = solver.grundy_at_number(1).unwrap_err().to_string();
    assert!(
        error.contains("number 1, which names no position"),
        "{error}"
    );
    let error = solver.grundy_at_number(4).unwrap_err().to_string();
    assert!(
        error.contains("number 4 is outside the dense numbering 0..4"),
        "{error}"
    );
}

/// A numbered listing that never ends stops at the work cap.
#[test]
fn an_endless_numbered_listing_stops_at_the_cap() {
    struct Endless;
    impl ImpartialGame for Endless {
        type Position = usize;
        fn for_each_option(
            &self,
            _: &usize,
            _: impl FnMut(&[usize]) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn dense_positions(&self) -> Option<usize> {
            Some(10)
        }
        fn dense_index(&self, &p: &usize) -> Option<usize> {
            Some(p)
        }
        fn dense_position(&self, index: usize) -> Option<usize> {
            Some(index)
        }
        fn dense_order(&self) -> MoveOrder {
            MoveOrder::ToSmaller
        }
        fn numbered_options(&self) -> bool {
            true
        }
        fn for_each_numbered_option(
            &self,
            number: usize,
            _: &usize,
            mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if number == 0 {
                return ControlFlow::Continue(());
            }
            loop {
                visit(&[0])?;
            }
        }
    }
    let mut solver = GrundySolver::new(Endless).with_budget(Budget::default().with_work(100_000));
    let error = solver.grundy(&5).unwrap_err();
    assert!(matches!(error, Error::WorkLimitExceeded { .. }), "{error}");
}
