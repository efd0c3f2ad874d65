//! Cross-family checks: retrograde analysis, which knows nothing of Grundy
//! theory, misère rules or periods, is the independent judge of the other
//! families' fast paths on small random positions.

use proptest::prelude::*;
use stonegame::impartial::games::boxes::{self, BallBox, Boxes};
use stonegame::impartial::games::octal::TakeAndBreak;
use stonegame::impartial::games::subtraction::{SubtractionSet, SubtractionSolver};
use stonegame::impartial::octal::{HeapValues, last_one_outcome, misere_outcome};
use stonegame::retrograde::{solve_impartial_sum, sum_key};
use stonegame::{Convention, MemoryBudget, Outcome};

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
        let mut solver = SubtractionSolver::new(&set, MemoryBudget::default()).unwrap();
        for convention in CONVENTIONS {
            let fast = solver.outcome(&heaps, convention).unwrap();
            prop_assert_eq!(fast, retrograde_outcome(&set, heaps.clone(), convention), "{:?}", convention);
        }
    }

    /// Boxes (Rem-W(n) and Rem-L(n)): the seed's strategies against retrograde analysis.
    #[test]
    fn boxes_match_retrograde(pairs in prop::collection::vec((0u64..8, 1u64..4), 1..4)) {
        let boxes: Vec<BallBox> = pairs.iter().map(|&(x, a)| BallBox::new(x, a).unwrap()).collect();
        for convention in CONVENTIONS {
            let fast = boxes::outcome(&boxes, convention);
            prop_assert_eq!(fast, retrograde_outcome(&Boxes, boxes.clone(), convention), "{:?}", convention);
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
        let misere = misere_outcome(&game, &heaps, MemoryBudget::default()).unwrap();
        prop_assert_eq!(misere, retrograde_outcome(&game, heaps.clone(), Convention::Misere));
    }

    /// Last One (seed 001): the whole-stick game under misère play.
    #[test]
    fn last_one_matches_retrograde(rows in prop::collection::vec(0u64..7, 1..4)) {
        let game = TakeAndBreak::last_one();
        prop_assert_eq!(last_one_outcome(&rows), retrograde_outcome(&game, rows.clone(), Convention::Misere));
    }
}

/// The seed's 6-row pyramid (rows 1..=6) is a first-player win; retrograde
/// analysis of the full sum agrees with the library's answer.
#[test]
fn last_one_pyramid_matches_retrograde() {
    let rows: Vec<u64> = (1..=6).collect();
    let game = TakeAndBreak::last_one();
    let expected = retrograde_outcome(&game, rows.clone(), Convention::Misere);
    assert_eq!(last_one_outcome(&rows), expected);
    assert_eq!(expected, Outcome::First);
}
