//! Cross-family checks: retrograde analysis, which knows nothing of Grundy
//! theory, misère rules or periods, is the independent judge of the other
//! families' fast paths on small random positions.

use proptest::prelude::*;
use stonegame::impartial::boxes::{BallBox, Boxes};
use stonegame::impartial::octal::{HeapValues, LastOne, OctalGame, TakeAndBreak};
use stonegame::impartial::subtraction::{Subtraction, SubtractionSet};
use stonegame::retrograde::{Retrograde, Value, solve_impartial_sum, sum_key};
use stonegame::scoring::{Ends, EndsRemainder, Front, FrontDoubling, Valuations};
use stonegame::{Convention, Outcome};

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

/// The outcome of a sum of components by retrograde analysis of the whole sum.
fn retrograde_outcome<G>(game: &G, components: Vec<G::Position>, convention: Convention) -> Outcome
where
    G: stonegame::impartial::ImpartialGame,
    G::Position: std::hash::Hash,
{
    let solution = solve_impartial_sum(game, components.clone(), convention).unwrap();
    solution
        .outcome(&sum_key(components))
        .expect("the start is always solved")
}

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(96)
}

proptest! {
    #![proptest_config(config())]

    /// Subtraction games, both conventions: periodic tables, boxes rule and
    /// exact misère search all agree with retrograde analysis.
    #[test]
    fn subtraction_sums_match_retrograde(
        set in prop::collection::btree_set(1u64..6, 1..4),
        heaps in prop::collection::vec(0u64..9, 1..4),
    ) {
        let set = SubtractionSet::new(set).unwrap();
        for convention in CONVENTIONS {
            let mut solver = Subtraction::new(set.clone()).with_convention(convention);
            let fast = solver.outcome(&heaps).unwrap();
            prop_assert_eq!(fast, retrograde_outcome(&set, heaps.clone(), convention), "{:?}", convention);
        }
    }

    /// Boxes (Rem-W(n) and Rem-L(n)): the seed's strategies against retrograde analysis.
    #[test]
    fn boxes_match_retrograde(pairs in prop::collection::vec((0u64..8, 1u64..4), 1..4)) {
        let boxes: Vec<BallBox> = pairs.iter().map(|&(x, a)| BallBox::new(x, a).unwrap()).collect();
        for convention in CONVENTIONS {
            let game = Boxes::new().with_convention(convention);
            let fast = game.outcome(&boxes);
            prop_assert_eq!(fast, retrograde_outcome(&game, boxes.clone(), convention), "{:?}", convention);
        }
    }

    /// Take-and-break games: Grundy values (normal) and the misère solver
    /// (Nim rule where proven, exact search otherwise) against retrograde analysis.
    #[test]
    fn octal_sums_match_retrograde(
        name in prop::sample::select(vec!["kayles", "dawsons-kayles", "last-one", "0.137", "4.07", "grundys-game"]),
        heaps in prop::collection::vec(0u64..8, 1..4),
    ) {
        let game = TakeAndBreak::by_name(name).unwrap();
        let normal = HeapValues::new(game.clone()).outcome(&heaps).unwrap();
        prop_assert_eq!(normal, retrograde_outcome(&game, heaps.clone(), Convention::Normal));
        let misere = OctalGame::new(game.clone()).with_convention(Convention::Misere).outcome(&heaps).unwrap();
        prop_assert_eq!(misere, retrograde_outcome(&game, heaps.clone(), Convention::Misere));
    }

    /// Last One (rows of sticks, whoever strikes the last one loses): misère play of 0.(7).
    #[test]
    fn last_one_matches_retrograde(rows in prop::collection::vec(0u64..7, 1..4)) {
        let game = TakeAndBreak::last_one();
        prop_assert_eq!(LastOne::new().outcome(&rows), retrograde_outcome(&game, rows.clone(), Convention::Misere));
    }
}

/// The seed's 6-row pyramid (rows 1..=6) is a first-player win; retrograde
/// analysis of the full sum agrees with the library's answer.
#[test]
fn last_one_pyramid_matches_retrograde() {
    let rows: Vec<u64> = (1..=6).collect();
    let game = TakeAndBreak::last_one();
    let expected = retrograde_outcome(&game, rows.clone(), Convention::Misere);
    assert_eq!(LastOne::new().outcome(&rows), expected);
    assert_eq!(expected, Outcome::First);
}

/// A scoring position for retrograde analysis: the game state plus the margin
/// (mover's points minus the opponent's so far). The game ends when `done`
/// holds; the sign of the margin then decides Win, Lose or Draw (a tie).
fn scoring_outcome<P, S>(
    start: P,
    done: impl Fn(&P) -> bool,
    margin: impl Fn(&P) -> i64,
    successors: S,
) -> Outcome
where
    P: Clone + Eq + std::hash::Hash,
    S: FnMut(&P) -> Vec<P>,
{
    let solution = Retrograde::new(successors)
        .terminal(|p: &P| {
            done(p).then(|| match margin(p).signum() {
                1 => Value::Win,
                -1 => Value::Lose,
                _ => Value::Draw,
            })
        })
        .solve([start.clone()])
        .unwrap();
    solution
        .outcome(&start)
        .expect("the start is always solved")
}

fn small_values() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(-6i64..10, 0..7)
}

proptest! {
    #![proptest_config(config())]

    /// The scoring games' outcomes (who finishes ahead) against retrograde
    /// analysis of (state, margin) positions: no negamax, no tables.
    #[test]
    fn ends_outcome_matches_retrograde(values in small_values()) {
        let v = values.clone();
        let expected = scoring_outcome(
            (0usize, values.len(), 0i64),
            |&(l, r, _)| l == r,
            |&(_, _, m)| m,
            |&(l, r, m)| vec![(l + 1, r, -(m + v[l])), (l, r - 1, -(m + v[r - 1]))],
        );
        prop_assert_eq!(Ends::new(values).unwrap().outcome(), expected);
    }

    #[test]
    fn ends_remainder_outcome_matches_retrograde(values in small_values()) {
        let v = values.clone();
        let sum = move |l: usize, r: usize| v[l..r].iter().sum::<i64>();
        let expected = scoring_outcome(
            (0usize, values.len(), 0i64),
            |&(l, r, _)| l == r,
            |&(_, _, m)| m,
            |&(l, r, m)| vec![(l + 1, r, -(m + sum(l + 1, r))), (l, r - 1, -(m + sum(l, r - 1)))],
        );
        prop_assert_eq!(EndsRemainder::new(values).unwrap().outcome().unwrap(), expected);
    }

    #[test]
    fn front_outcome_matches_retrograde(values in small_values(), k in 1usize..4) {
        let v = values.clone();
        let n = values.len();
        let expected = scoring_outcome(
            (0usize, 0i64),
            |&(i, _)| i == n,
            |&(_, m)| m,
            |&(i, m)| (1..=k.min(n - i)).map(|x| (i + x, -(m + v[i..i + x].iter().sum::<i64>()))).collect(),
        );
        let front = Front::new(values, k).unwrap();
        prop_assert_eq!(Outcome::from_difference(front.value()), expected);
        prop_assert_eq!(front.solve().unwrap().outcome(), expected);
    }

    #[test]
    fn front_doubling_outcome_matches_retrograde(values in small_values()) {
        let v = values.clone();
        let n = values.len();
        let expected = scoring_outcome(
            (0usize, 1usize, 0i64),
            |&(i, _, _)| i == n,
            |&(_, _, m)| m,
            |&(i, big_m, m)| {
                (1..=(2 * big_m).min(n - i))
                    .map(|x| (i + x, big_m.max(x), -(m + v[i..i + x].iter().sum::<i64>())))
                    .collect()
            },
        );
        let game = FrontDoubling::new(values).unwrap();
        prop_assert_eq!(game.outcome().unwrap(), expected);
    }

    #[test]
    fn valuations_outcome_matches_retrograde(
        pairs in prop::collection::vec((-5i64..9, -5i64..9), 0..7),
    ) {
        let (a, b): (Vec<i64>, Vec<i64>) = pairs.iter().copied().unzip();
        let n = pairs.len();
        let full = (1u32 << n) - 1;
        // (stones taken, first player to move?, margin of the player to move)
        let expected = scoring_outcome(
            (0u32, true, 0i64),
            |&(taken, _, _)| taken == full,
            |&(_, _, m)| m,
            |&(taken, first, m)| {
                (0..n)
                    .filter(|i| taken & (1 << i) == 0)
                    .map(|i| {
                        let points = if first { pairs[i].0 } else { pairs[i].1 };
                        (taken | (1 << i), !first, -(m + points))
                    })
                    .collect()
            },
        );
        prop_assert_eq!(Valuations::new(a, b).unwrap().outcome(), expected);
    }
}
