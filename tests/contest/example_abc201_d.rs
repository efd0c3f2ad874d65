//! The AtCoder ABC 201 D "Game in Momotetsu World" example: the samples,
//! malformed input (refused with the line named), and random grids against
//! a plain minimax over the paths.

#[allow(dead_code)]
#[path = "../../examples/abc201_d.rs"]
mod abc201_d;

use proptest::prelude::*;

/// Plain minimax from `(r, c)`: the mover's best difference.
fn brute(grid: &[Vec<bool>], r: usize, c: usize) -> i32 {
    let (height, width) = (grid.len(), grid[0].len());
    [(r, c + 1), (r + 1, c)]
        .into_iter()
        .filter(|&(nr, nc)| nr < height && nc < width)
        .map(|(nr, nc)| if grid[nr][nc] { 1 } else { -1 } - brute(grid, nr, nc))
        .max()
        .unwrap_or(0)
}

#[test]
fn answers_the_atcoder_samples() {
    for (input, expected) in [
        ("3 3\n---\n+-+\n+--\n", "Takahashi"),
        ("2 4\n+++-\n-+-+\n", "Aoki"),
        ("1 1\n-\n", "Draw"),
    ] {
        assert_eq!(abc201_d::solve(input).as_deref(), Ok(expected), "{input:?}");
    }
}

#[test]
fn rejects_malformed_input_naming_the_line() {
    for (input, line) in [
        ("", "line 1:"),
        ("3\n", "line 1:"),
        ("0 2\n", "line 1:"),
        ("2001 1\n", "line 1:"),
        ("1 x\n+\n", "line 1:"),
        ("2 2\n++\n", "line 3:"),
        ("2 2\n++\n+\n", "line 3:"),
        ("2 2\n+-\n+x\n", "line 3:"),
        ("1 2\n++\n--\n", "line 3:"),
    ] {
        let refused = abc201_d::solve(input);
        assert!(
            refused
                .as_ref()
                .is_err_and(|message| message.starts_with(line)),
            "{input:?}: {refused:?}"
        );
    }
    // Windows line ends and a final blank line are fine.
    assert_eq!(abc201_d::solve("1 2\r\n+-\r\n\n").as_deref(), Ok("Aoki"));
}

proptest! {
    #[test]
    fn agrees_with_minimax(grid in (1usize..=5, 1usize..=5).prop_flat_map(|(h, w)| {
        prop::collection::vec(prop::collection::vec(any::<bool>(), w), h)
    })) {
        let mut input = format!("{} {}\n", grid.len(), grid[0].len());
        for row in &grid {
            input.extend(row.iter().map(|&plus| if plus { '+' } else { '-' }));
            input.push('\n');
        }
        let value = brute(&grid, 0, 0);
        let expected = match value.signum() {
            1 => "Takahashi",
            -1 => "Aoki",
            _ => "Draw",
        };
        prop_assert_eq!(abc201_d::solve(&input).unwrap(), expected);
    }
}
