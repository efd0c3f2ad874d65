// AtCoder ABC 201 D "Game in Momotetsu World", the hand-written DP the
// generic solver is measured against (benches/baseline/own_scoring.sh):
// one flat i32 table over the cells, filled from the bottom-right corner
// row by row, dp[cell] = max over right/down of (points entering - dp[next]),
// rows as slices (no bounds checks in the inner loop), the edges apart.
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut lines = input.lines();
    let mut sides = lines.next().unwrap().split_ascii_whitespace();
    let h: usize = sides.next().unwrap().parse().unwrap();
    let w: usize = sides.next().unwrap().parse().unwrap();
    // What entering each cell scores, one byte a cell.
    let mut points = vec![0i8; h * w];
    for r in 0..h {
        let row = lines.next().unwrap().trim_end().as_bytes();
        for c in 0..w {
            points[r * w + c] = if row[c] == b'+' { 1 } else { -1 };
        }
    }
    // The last row and column have one move each; every other cell has
    // both, so the inner loop has no branch.
    let mut dp = vec![0i32; h * w];
    let last = h - 1;
    for c in (0..w - 1).rev() {
        let cell = last * w + c;
        dp[cell] = i32::from(points[cell + 1]) - dp[cell + 1];
    }
    for r in (0..last).rev() {
        let (rows, below) = dp.split_at_mut((r + 1) * w);
        let row = &mut rows[r * w..];
        let (here, down) = (&points[r * w..(r + 1) * w], &points[(r + 1) * w..(r + 2) * w]);
        row[w - 1] = i32::from(down[w - 1]) - below[w - 1];
        for c in (0..w - 1).rev() {
            let right = i32::from(here[c + 1]) - row[c + 1];
            let down = i32::from(down[c]) - below[c];
            row[c] = right.max(down);
        }
    }
    let answer = match dp[0] {
        v if v > 0 => "Takahashi",
        v if v < 0 => "Aoki",
        _ => "Draw",
    };
    println!("{answer}");
}
