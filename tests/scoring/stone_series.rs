//! LeetCode Stone Game V, VIII and IX: every fast method against a brute force
//! written here (exhaustive play on the actual row, no library code), plus the
//! LeetCode samples, the invalid inputs and the limits.

use proptest::prelude::*;
use std::collections::HashMap;
use stonegame::scoring::Negamax;
use stonegame::scoring::{Removal, Side, Split, StoneMerge, StoneMod3, StoneSplit};
use stonegame::{Budget, Error, Outcome};

// ---------------------------------------------------------------------------
// Stone Game V (1563)
// ---------------------------------------------------------------------------

/// Every cut of the row, every allowed part, recursively (no memo).
fn brute_split(row: &[i64]) -> i64 {
    let mut best = 0;
    for cut in 1..row.len() {
        let (left, right) = row.split_at(cut);
        let (l, r): (i64, i64) = (left.iter().sum(), right.iter().sum());
        if l <= r {
            best = best.max(l + brute_split(left));
        }
        if l >= r {
            best = best.max(r + brute_split(right));
        }
    }
    best
}

/// The textbook O(n³) interval DP, for rows too long for the brute force.
fn cubic_split(row: &[i64]) -> i64 {
    let n = row.len();
    if n < 2 {
        return 0;
    }
    let mut prefix = vec![0i64; n + 1];
    for (i, v) in row.iter().enumerate() {
        prefix[i + 1] = prefix[i] + v;
    }
    let mut dp = vec![vec![0i64; n]; n];
    for len in 2..=n {
        for i in 0..=n - len {
            let j = i + len - 1;
            for k in i..j {
                let l = prefix[k + 1] - prefix[i];
                let r = prefix[j + 1] - prefix[k + 1];
                if l <= r {
                    dp[i][j] = dp[i][j].max(l + dp[i][k]);
                }
                if l >= r {
                    dp[i][j] = dp[i][j].max(r + dp[k + 1][j]);
                }
            }
        }
    }
    dp[0][n - 1]
}

/// Plays `line` on `row`: checks every split is legal and returns Alice's total.
fn replay_split(row: &[i64], line: &[Split]) -> i64 {
    let (mut i, mut j) = (0, row.len());
    let mut total = 0;
    for split in line {
        assert!(
            i < split.after && split.after < j,
            "{split} outside {i}..{j}"
        );
        let l: i64 = row[i..split.after].iter().sum();
        let r: i64 = row[split.after..j].iter().sum();
        match split.keep {
            Side::Left => {
                assert!(l <= r, "{split}: kept the heavier left part");
                total += l;
                j = split.after;
            }
            Side::Right => {
                assert!(l >= r, "{split}: kept the heavier right part");
                total += r;
                i = split.after;
            }
        }
    }
    assert_eq!(
        j - i,
        row.len().min(1),
        "the line stops before one stone is left"
    );
    total
}

#[test]
fn stone_split_answers_the_leetcode_samples() -> stonegame::Result<()> {
    for (row, expected) in [
        (vec![6i64, 2, 3, 4, 5, 5], 18),
        (vec![7; 7], 28),
        (vec![4], 0),
    ] {
        let game = StoneSplit::new(row.clone())?;
        assert_eq!(game.value()?, expected, "{row:?}");
        let solution = game.solve()?;
        assert_eq!(solution.value(), expected);
        assert_eq!(replay_split(&row, solution.line()), expected);
    }
    let line: Vec<String> = StoneSplit::new(vec![6i64, 2, 3, 4, 5, 5])?
        .solve()?
        .line()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(line, ["3L", "1R", "2L"]);
    Ok(())
}

#[test]
fn stone_split_rejects_bad_rows() {
    for row in [vec![1i64, 0, 2], vec![-3], vec![5, -1]] {
        assert!(
            matches!(
                StoneSplit::new(row.clone()),
                Err(Error::InvalidParameter { .. })
            ),
            "{row:?}"
        );
    }
    // 2 · sum must fit: 2 · (2^30 − 1 + 2^30) overflows i32, 2 · 2^30 does not.
    assert!(matches!(
        StoneSplit::new(vec![(1i32 << 30) - 1, 1 << 30]),
        Err(Error::ScoreOverflow { .. })
    ));
    assert!(StoneSplit::new(vec![1i32 << 29, (1 << 29) - 1]).is_ok());
    let too_big = StoneSplit::new(vec![1i64; 3000])
        .unwrap()
        .with_budget(Budget::from_mebibytes(4));
    assert!(matches!(
        too_big.value(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    // The empty row is over before it starts.
    let empty = StoneSplit::new(Vec::<i64>::new()).unwrap();
    assert_eq!(empty.value(), Ok(0));
    assert!(empty.solve().unwrap().line().is_empty());
}

#[test]
fn stone_split_fits_the_narrowest_type_allowed() -> stonegame::Result<()> {
    // Sum 2^29 + 2^29 − 2: twice that is just below i32::MAX.
    let row = vec![1i32 << 29, (1 << 29) - 2];
    let wide: Vec<i64> = row.iter().map(|&v| i64::from(v)).collect();
    assert_eq!(
        i64::from(StoneSplit::new(row)?.value()?),
        cubic_split(&wide)
    );
    Ok(())
}

proptest! {
    #[test]
    fn stone_split_matches_the_brute_force(row in prop::collection::vec(1i64..=12, 0..=9)) {
        let game = StoneSplit::new(row.clone()).unwrap();
        let expected = brute_split(&row);
        prop_assert_eq!(game.value().unwrap(), expected);
        let solution = game.solve().unwrap();
        prop_assert_eq!(solution.value(), expected);
        prop_assert_eq!(replay_split(&row, solution.line()), expected);
        prop_assert_eq!(solution.best_move(), solution.line().first());
        let expected_outcome = if row.len() >= 2 { Outcome::First } else { Outcome::Draw };
        prop_assert_eq!(solution.outcome(), expected_outcome);
    }

    #[test]
    fn stone_split_matches_the_cubic_dp(row in prop::collection::vec(1i64..=1000, 0..=70)) {
        let game = StoneSplit::new(row.clone()).unwrap();
        let expected = cubic_split(&row);
        prop_assert_eq!(game.value().unwrap(), expected);
        let solution = game.solve().unwrap();
        prop_assert_eq!(replay_split(&row, solution.line()), expected);
    }

    /// Light and very heavy stones mixed: the share of intervals a later cut
    /// keeps (the cells `value` stores) ranges from almost none to almost all.
    #[test]
    fn stone_split_matches_the_cubic_dp_on_skewed_rows(
        row in prop::collection::vec(prop_oneof![1i64..=3, 10_000i64..=1_000_000], 0..=60),
    ) {
        let game = StoneSplit::new(row.clone()).unwrap();
        let expected = cubic_split(&row);
        prop_assert_eq!(game.value().unwrap(), expected);
        prop_assert_eq!(replay_split(&row, game.solve().unwrap().line()), expected);
        let narrow: Vec<i32> = row.iter().map(|&v| v as i32).collect();
        prop_assert_eq!(i64::from(StoneSplit::new(narrow).unwrap().value().unwrap()), expected);
    }

    /// Many ties: rows of equal stones and powers of two.
    #[test]
    fn stone_split_handles_ties(row in prop::collection::vec(prop::sample::select(vec![1i64, 2, 4]), 0..=40)) {
        let game = StoneSplit::new(row.clone()).unwrap();
        let expected = cubic_split(&row);
        prop_assert_eq!(game.value().unwrap(), expected);
        prop_assert_eq!(replay_split(&row, game.solve().unwrap().line()), expected);
    }
}

// ---------------------------------------------------------------------------
// Stone Game VIII (1872)
// ---------------------------------------------------------------------------

/// Exhaustive minimax on the actual row: merge, recurse.
fn brute_merge(row: &[i64]) -> i64 {
    if row.len() < 2 {
        return 0;
    }
    (2..=row.len())
        .map(|x| {
            let taken: i64 = row[..x].iter().sum();
            let mut next = vec![taken];
            next.extend_from_slice(&row[x..]);
            taken - brute_merge(&next)
        })
        .max()
        .expect("a row of two stones has a move")
}

/// The direct O(n²) DP over prefix sums, for rows too long for the brute force.
fn quadratic_merge(row: &[i64]) -> i64 {
    let n = row.len();
    let mut prefix = vec![0i64; n + 1];
    for (i, v) in row.iter().enumerate() {
        prefix[i + 1] = prefix[i] + v;
    }
    let mut f = vec![0i64; n + 1];
    for i in (1..n).rev() {
        f[i] = (i + 1..=n).map(|j| prefix[j] - f[j]).max().unwrap();
    }
    f[1]
}

/// Plays the line of x's on the row; checks each move is legal and optimal
/// (by the brute force) and returns the first player's total minus the second's.
fn replay_merge(row: &[i64], line: &[usize]) -> i64 {
    let mut current = row.to_vec();
    let mut difference = 0;
    let mut sign = 1;
    for &x in line {
        assert!(
            x >= 2 && x <= current.len(),
            "take {x} of {}",
            current.len()
        );
        let taken: i64 = current[..x].iter().sum();
        let mut next = vec![taken];
        next.extend_from_slice(&current[x..]);
        assert_eq!(
            taken - brute_merge(&next),
            brute_merge(&current),
            "taking {x} of {current:?} is not optimal"
        );
        difference += sign * taken;
        sign = -sign;
        current = next;
    }
    assert_eq!(current.len(), 1, "the line stops early");
    difference
}

#[test]
fn stone_merge_answers_the_leetcode_samples() -> stonegame::Result<()> {
    for (row, expected) in [
        (vec![-1i64, 2, -3, 4, -5], 5),
        (vec![7, -6, 5, 10, 5, -2, -6], 13),
        (vec![-10, -12], -22),
    ] {
        let game = StoneMerge::new(row.clone())?;
        assert_eq!(game.value(), expected, "{row:?}");
        let solution = game.solve()?;
        assert_eq!(solution.value(), expected);
        assert_eq!(replay_merge(&row, solution.line()), expected);
        assert_eq!(solution.outcome(), Outcome::from_difference(expected));
    }
    Ok(())
}

#[test]
fn stone_merge_rejects_bad_rows() {
    for row in [vec![], vec![4i64]] {
        assert!(matches!(
            StoneMerge::new(row),
            Err(Error::InvalidParameter { .. })
        ));
    }
    // 3 · max |P(j)| must fit (j >= 2): |P(2)| = 2^30 overflows i32 when tripled.
    assert!(matches!(
        StoneMerge::new(vec![1i32 << 29, 1 << 29]),
        Err(Error::ScoreOverflow { .. })
    ));
    assert!(matches!(
        StoneMerge::new(vec![i64::MIN, 0]),
        Err(Error::ScoreOverflow { .. })
    ));
    // The bound is attained: the value and every candidate stay in range.
    let m = i32::MAX / 3;
    let game = StoneMerge::new(vec![m, 0, -m, -m]).unwrap();
    let wide = [m, 0, -m, -m].map(i64::from);
    assert_eq!(i64::from(game.value()), quadratic_merge(&wide));
    let game = StoneMerge::new(vec![1i64; 100]).unwrap();
    assert!(matches!(
        game.clone().with_budget(Budget::from_bytes(799)).solve(),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    assert!(game.with_budget(Budget::from_bytes(800)).solve().is_ok());
}

proptest! {
    #[test]
    fn stone_merge_matches_the_brute_force_and_negamax(row in prop::collection::vec(-20i64..=20, 2..=8)) {
        let game = StoneMerge::new(row.clone()).unwrap();
        let expected = brute_merge(&row);
        prop_assert_eq!(game.value(), expected);
        let solution = game.solve().unwrap();
        prop_assert_eq!(solution.value(), expected);
        prop_assert_eq!(replay_merge(&row, solution.line()), expected);
        // The crate's generic negamax breaks ties the same way (fewest stones).
        let reference = Negamax::new(&game).solve().unwrap();
        prop_assert_eq!(reference.value(), expected);
        prop_assert_eq!(reference.line(), solution.line());
    }

    #[test]
    fn stone_merge_matches_the_quadratic_dp(row in prop::collection::vec(-10_000i64..=10_000, 2..=300)) {
        let game = StoneMerge::new(row.clone()).unwrap();
        prop_assert_eq!(game.value(), quadratic_merge(&row));
        prop_assert_eq!(game.solve().unwrap().value(), quadratic_merge(&row));
    }

    /// Extremes of the overflow bound: the narrowest type the check accepts
    /// gives the same answer as i64.
    #[test]
    fn stone_merge_in_i16_agrees_with_i64(row in prop::collection::vec(-3000i16..=3000, 2..=12)) {
        let wide: Vec<i64> = row.iter().map(|&v| i64::from(v)).collect();
        if let Ok(game) = StoneMerge::new(row) {
            prop_assert_eq!(i64::from(game.value()), quadratic_merge(&wide));
        }
    }
}

// ---------------------------------------------------------------------------
// Stone Game IX (2029)
// ---------------------------------------------------------------------------

/// Whether the player to move wins once the stones in `removed` (a bit mask)
/// are gone: exhaustive over which stone to remove, memoised on the mask.
fn brute_mod3_wins(stones: &[u64], removed: u32, memo: &mut HashMap<u32, bool>) -> bool {
    if let Some(&known) = memo.get(&removed) {
        return known;
    }
    let n = stones.len();
    let wins = if removed.count_ones() as usize == n {
        // Every stone is gone: Bob wins, and Bob moves after an odd number of moves.
        removed.count_ones() % 2 == 1
    } else {
        let sum: u64 = (0..n)
            .filter(|i| removed & (1 << i) != 0)
            .map(|i| stones[i])
            .sum();
        (0..n).filter(|i| removed & (1 << i) == 0).any(|i| {
            (sum + stones[i]) % 3 != 0 && !brute_mod3_wins(stones, removed | (1 << i), memo)
        })
    };
    memo.insert(removed, wins);
    wins
}

fn brute_mod3(stones: &[u64]) -> Outcome {
    if brute_mod3_wins(stones, 0, &mut HashMap::new()) {
        Outcome::First
    } else {
        Outcome::Second
    }
}

/// The same game on residue counts (for counts too large for the masks):
/// `(zeros, ones, twos, sum mod 3, moves made)`.
fn counts_wins(
    state: (u32, u32, u32, u32, u32),
    memo: &mut HashMap<(u32, u32, u32, u32, u32), bool>,
) -> bool {
    if let Some(&known) = memo.get(&state) {
        return known;
    }
    let (z, a, b, sum, moves) = state;
    let wins = if z + a + b == 0 {
        moves % 2 == 1
    } else {
        [(0, z), (1, a), (2, b)].into_iter().any(|(r, count)| {
            if count == 0 || (sum + r) % 3 == 0 {
                return false;
            }
            let next = match r {
                0 => (z - 1, a, b),
                1 => (z, a - 1, b),
                _ => (z, a, b - 1),
            };
            !counts_wins((next.0, next.1, next.2, (sum + r) % 3, moves + 1), memo)
        })
    };
    memo.insert(state, wins);
    wins
}

/// Replays the line: legal, each stone removed once, the winner's every move
/// winning (by the brute force), and the game's end agreeing with the outcome.
fn replay_mod3(stones: &[u64], outcome: Outcome, line: &[Removal]) {
    let mut removed = 0u32;
    let mut sum = 0;
    let mut memo = HashMap::new();
    let winner_moves_first = outcome == Outcome::First;
    for (ply, removal) in line.iter().enumerate() {
        assert_eq!(stones[removal.index], removal.value);
        assert_eq!(removed & (1 << removal.index), 0, "stone removed twice");
        assert!(sum % 3 != 0 || ply == 0, "a move after the game ended");
        removed |= 1 << removal.index;
        sum += removal.value;
        let winner_moved = (ply % 2 == 0) == winner_moves_first;
        if winner_moved {
            assert!(sum % 3 != 0, "the winner lost at move {ply}");
            assert!(
                !brute_mod3_wins(stones, removed, &mut memo),
                "move {ply} of the winner does not win"
            );
        }
    }
    // The line runs to the end: either a loss by a multiple of 3, or every stone gone.
    let ended_by_sum = !line.is_empty() && sum % 3 == 0;
    assert!(
        ended_by_sum || line.len() == stones.len(),
        "the line stops early"
    );
    let last_mover_first = line.len() % 2 == 1;
    let first_won = if ended_by_sum {
        !last_mover_first
    } else {
        false
    };
    assert_eq!(first_won, outcome == Outcome::First);
}

#[test]
fn stone_mod3_answers_the_leetcode_samples() -> stonegame::Result<()> {
    for (row, expected) in [
        (vec![2u64, 1], Outcome::First),
        (vec![2], Outcome::Second),
        (vec![5, 1, 2, 4, 3], Outcome::Second),
    ] {
        let game = StoneMod3::new(row.clone())?;
        assert_eq!(game.outcome(), expected, "{row:?}");
        let solution = game.solve()?;
        assert_eq!(solution.outcome(), expected);
        assert!(solution.is_line_complete());
        replay_mod3(&row, expected, solution.line());
    }
    Ok(())
}

#[test]
fn stone_mod3_rejects_zero_and_cuts_long_lines() {
    assert!(matches!(
        StoneMod3::new(vec![1, 0]),
        Err(Error::InvalidParameter { .. })
    ));
    let empty = StoneMod3::new(vec![]).unwrap().solve().unwrap();
    assert_eq!(empty.outcome(), Outcome::Second);
    assert!(empty.line().is_empty() && empty.is_line_complete());
    // 30,001 zeros and residues 1, 1, 1, 1 (z odd, |a − b| = 4): Alice wins, the
    // game lasts 30,004 moves, the line stops at the limit.
    let mut stones = vec![3u64; 30_001];
    stones.extend([1, 1, 1, 1]);
    let solution = StoneMod3::new(stones).unwrap().solve().unwrap();
    assert_eq!(solution.outcome(), Outcome::First);
    assert_eq!(solution.best_move().map(Removal::residue), Some(1));
    assert_eq!(
        solution.line().len(),
        stonegame::Solution::<Outcome, Removal>::LINE_LIMIT
    );
    assert!(!solution.is_line_complete());
}

proptest! {
    #[test]
    fn stone_mod3_matches_the_brute_force(stones in prop::collection::vec(1u64..=9, 0..=9)) {
        let game = StoneMod3::new(stones.clone()).unwrap();
        let expected = brute_mod3(&stones);
        prop_assert_eq!(game.outcome(), expected);
        let solution = game.solve().unwrap();
        prop_assert_eq!(solution.outcome(), expected);
        prop_assert!(solution.is_line_complete());
        prop_assert_eq!(solution.best_move().is_some(), expected == Outcome::First);
        replay_mod3(&stones, expected, solution.line());
    }

    #[test]
    fn stone_mod3_matches_the_count_game(z in 0u32..=14, a in 0u32..=14, b in 0u32..=14) {
        let expected = if counts_wins((z, a, b, 0, 0), &mut HashMap::new()) {
            Outcome::First
        } else {
            Outcome::Second
        };
        let counts = [u64::from(z), u64::from(a), u64::from(b)];
        prop_assert_eq!(StoneMod3::outcome_of_counts(counts), expected);
    }
}

// ---------------------------------------------------------------------------
// The example with LeetCode's signatures
// ---------------------------------------------------------------------------

#[allow(dead_code)]
#[path = "../../examples/leetcode_stone_series.rs"]
mod leetcode_stone_series;

#[test]
fn the_leetcode_signatures_answer_the_samples() {
    use leetcode_stone_series::{stone_game_ix, stone_game_v, stone_game_viii};
    assert_eq!(stone_game_v(vec![6, 2, 3, 4, 5, 5]), 18);
    assert_eq!(stone_game_v(vec![7, 7, 7, 7, 7, 7, 7]), 28);
    assert_eq!(stone_game_v(vec![4]), 0);
    assert_eq!(stone_game_viii(vec![-1, 2, -3, 4, -5]), 5);
    assert_eq!(stone_game_viii(vec![7, -6, 5, 10, 5, -2, -6]), 13);
    assert_eq!(stone_game_viii(vec![-10, -12]), -22);
    assert!(stone_game_ix(vec![2, 1]));
    assert!(!stone_game_ix(vec![2]));
    assert!(!stone_game_ix(vec![5, 1, 2, 4, 3]));
    // The extremes of LeetCode's constraints fit the types chosen.
    assert_eq!(
        stone_game_v(vec![1_000_000; 500]),
        cubic_split(&[1_000_000; 500]) as i32
    );
    let row: Vec<i32> = (0..100_000)
        .map(|i| if i % 2 == 0 { 10_000 } else { -10_000 })
        .collect();
    assert_eq!(stone_game_viii(row.clone()), quadratic_merge_fast(&row));
}

/// The same recurrence as the quadratic DP with the running maximum written
/// out (so the long row of the extremes test stays fast).
fn quadratic_merge_fast(row: &[i32]) -> i32 {
    let prefix: Vec<i64> = row
        .iter()
        .scan(0i64, |sum, &v| {
            *sum += i64::from(v);
            Some(*sum)
        })
        .collect();
    let n = row.len();
    let mut best = prefix[n - 1];
    for j in (1..n - 1).rev() {
        best = best.max(prefix[j] - best);
    }
    i32::try_from(best).unwrap()
}
