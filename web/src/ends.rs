//! Take-from-ends with scores (LeetCode 877, EDPC L): the player to move
//! takes the stone at either end of the row and scores it.

use stonegame::prelude::*;

use crate::analysis::{Analysis, MoveValue};

/// The longest row the page takes (every move's position is sent back as text).
pub const MAX_STONES: usize = 10_000;

/// Stone values, which may be negative.
fn parse_row(text: &str) -> Result<Vec<i64>, String> {
    let row = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<i64>()
                .map_err(|_| format!("row: \"{t}\" is not a whole number"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if row.len() > MAX_STONES {
        return Err(format!(
            "row: {} stones, more than the page takes ({MAX_STONES})",
            row.len()
        ));
    }
    Ok(row)
}

/// The player to move's best lead over the rest of `row` (the library's `Ends::value`).
fn value(row: &[i64]) -> Result<i64, String> {
    if row.is_empty() {
        return Ok(0);
    }
    Ends::new(row.to_vec())
        .map(|g| g.value())
        .map_err(|e| e.to_string())
}

fn join(row: &[i64]) -> String {
    row.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
}

/// The mover's final outcome from their final lead.
fn outcome_of(lead: i64) -> Outcome {
    Outcome::from_difference(lead)
}

/// Analyses `row` with the player to move ahead by `lead` so far.
pub fn analyze(row: &str, lead: &str) -> Result<Analysis, String> {
    let row = parse_row(row)?;
    let lead: i64 = lead
        .trim()
        .parse()
        .map_err(|_| format!("lead: \"{}\" is not a whole number", lead.trim()))?;
    let rest = value(&row)?;
    let total = lead
        .checked_add(rest)
        .ok_or("lead: too large to add the row's value")?;
    let mut moves = Vec::new();
    if let (Some(&first), Some(&last)) = (row.first(), row.last()) {
        let ends: &[(&str, i64, &[i64])] = if row.len() == 1 {
            &[("take", first, &[])]
        } else {
            &[
                ("take left", first, &row[1..]),
                ("take right", last, &row[..row.len() - 1]),
            ]
        };
        for &(word, stone, left) in ends {
            let score = stone
                .checked_sub(value(left)?)
                .ok_or("row: the values are too large")?;
            let final_lead = lead.checked_add(score).ok_or("lead: too large")?;
            moves.push(MoveValue {
                label: format!("{word} {stone}"),
                to: join(left),
                outcome: outcome_of(final_lead),
                nimber: None,
                remoteness: Some(row.len() as u32),
                score: Some(final_lead),
            });
        }
    }
    Ok(Analysis {
        position: join(&row),
        outcome: outcome_of(total),
        nimber: None,
        remoteness: Some(row.len() as u32),
        score: Some(total),
        note: String::new(),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leetcode_877_values_each_end() {
        let a = analyze("4 5 3 1 2", "0").unwrap();
        assert_eq!((a.score, a.outcome), (Some(1), Outcome::First));
        let scores: Vec<_> = a
            .moves
            .iter()
            .map(|m| (m.label.as_str(), m.score))
            .collect();
        // Take 4: 4 - value(5 3 1 2) = 4 - 3; take 2: 2 - value(4 5 3 1) = 2 - 1.
        assert_eq!(
            scores,
            [("take left 4", Some(1)), ("take right 2", Some(1))]
        );
        let tied = analyze("1 1", "0").unwrap();
        assert_eq!(tied.outcome, Outcome::Draw);
        assert_eq!(analyze("", "-3").unwrap().outcome, Outcome::Second);
        assert!(analyze("1 x", "0").is_err());
    }
}
