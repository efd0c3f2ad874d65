//! Cat and mouse on a grid (examples/cat_and_mouse.rs, the implicit solver's
//! labels-only search as docs/contest.md shows it) against the hand-written
//! breadth-first search (benches/baseline/hand_chase.rs) on random grids;
//! the example's division by multiplication against `/`; its input errors.

#[allow(dead_code)]
#[path = "../../examples/cat_and_mouse.rs"]
mod cat_and_mouse;

#[allow(dead_code)]
#[path = "../../benches/baseline/hand_chase.rs"]
mod hand;

use proptest::prelude::*;
use stonegame::retrograde::{ImplicitSolver, Value};

/// The hand program's two answer lines.
fn hand_answer(input: &str) -> String {
    let grid = hand::Grid::parse(input);
    let result = hand::solve(&grid);
    let winner = match result[grid.mouse * grid.free + grid.cat] {
        1 => "Mouse",
        2 => "Cat",
        _ => "Draw",
    };
    let mut counts = [0usize; 3];
    for &r in &result {
        counts[r as usize] += 1;
    }
    format!("{winner}\n{} {} {}\n", counts[1], counts[2], counts[0])
}

/// A random grid of up to 7 × 7 cells with walls and the three markers.
fn grid() -> impl Strategy<Value = String> {
    (1..=7usize, 1..=7usize)
        .prop_filter("room for M, C and E", |&(h, w)| h * w >= 3)
        .prop_flat_map(|(h, w)| {
            (
                Just((h, w)),
                proptest::collection::vec(prop::bool::weighted(0.25), h * w),
                Just((0..h * w).collect::<Vec<_>>()).prop_shuffle(),
            )
        })
        .prop_map(|((h, w), walls, order)| {
            let mut cells: Vec<char> = walls.iter().map(|&x| if x { '#' } else { '.' }).collect();
            for (&at, marker) in order.iter().zip(['M', 'C', 'E']) {
                cells[at] = marker;
            }
            let rows: Vec<String> = cells.chunks(w).map(|r| r.iter().collect()).collect();
            format!("{h} {w}\n{}\n", rows.join("\n"))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The example answers as the hand program; the full solve (labels and
    /// remoteness) and the trusted and exactly checked searches agree.
    #[test]
    fn the_example_answers_as_the_hand_program(input in grid()) {
        prop_assert_eq!(cat_and_mouse::solve(&input).unwrap(), hand_answer(&input));
        let game = cat_and_mouse::parse(&input).unwrap();
        let full = ImplicitSolver::new(&game).with_predecessor_check(true).solve().unwrap();
        let trusted = ImplicitSolver::new(&game).with_trusted_predecessors().solve_values().unwrap();
        prop_assert_eq!(full.counts(), trusted.counts());
        let start = game.start_position();
        prop_assert_eq!(full.value(start), trusted.value(start));
    }

    /// Division by multiplication equals `/` for any 32-bit dividend.
    #[test]
    fn the_divider_divides(d in 2u32.., x in any::<u32>()) {
        prop_assert_eq!(cat_and_mouse::Divider::new(d).divide(x), x / d);
    }
}

#[test]
fn the_divider_divides_at_the_edges() {
    for d in [
        2,
        3,
        5,
        7,
        1937,
        46_340,
        65_535,
        65_536,
        u32::MAX - 1,
        u32::MAX,
    ] {
        let divider = cat_and_mouse::Divider::new(d);
        for x in [0, 1, d - 1, d, d.wrapping_add(1), u32::MAX - 1, u32::MAX] {
            assert_eq!(divider.divide(x), x / d, "{x} / {d}");
        }
        for k in [1u32, 2, 1000, u32::MAX / d] {
            let x = k.wrapping_mul(d);
            assert_eq!(divider.divide(x), x / d);
            assert_eq!(divider.divide(x.wrapping_sub(1)), x.wrapping_sub(1) / d);
        }
    }
}

#[test]
fn the_samples_and_a_corridor() {
    assert_eq!(
        cat_and_mouse::solve("1 4\nM.CE\n").unwrap(),
        "Cat\n18 14 0\n"
    );
    assert_eq!(
        cat_and_mouse::solve("3 3\nM..\n.#.\nC.E\n").unwrap(),
        "Mouse\n78 50 0\n"
    );
    // Mouse and cat apart on two islands: endless play.
    let input = "1 5\nM#C.E\n";
    let answer = cat_and_mouse::solve(input).unwrap();
    assert!(
        answer.starts_with("Cat\n") || answer.starts_with("Draw\n"),
        "{answer}"
    );
    assert_eq!(answer, hand_answer(input));
    let values = ImplicitSolver::new(&cat_and_mouse::parse(input).unwrap())
        .solve_values()
        .unwrap();
    assert_eq!(values.value(0), Some(Value::Lose));
}

#[test]
fn bad_input_names_its_line() {
    for (input, expected) in [
        ("", "line 1: empty input"),
        ("0 3\n", "line 1: h = 0"),
        ("1 3\nM.\n", "line 2: expected 3 cells"),
        ("1 3\nMCx\n", "line 2: unexpected `x`"),
        ("1 4\nMMCE\n", "line 2: a second `M`"),
        (
            "1 3\nM.C\n",
            "line 1: the grid needs one `M`, one `C` and one `E`",
        ),
        (
            "1 3\nMCE\nextra\n",
            "line 3: unexpected input after the grid",
        ),
        ("2 3\nMCE\n", "line 3: the grid ends after 1 rows"),
    ] {
        let Err(message) = cat_and_mouse::solve(input) else {
            panic!("{input:?} was accepted");
        };
        assert!(message.starts_with(expected), "{input:?}: {message}");
    }
}
