//! What the page shows for one position, and its JSON text.

use std::fmt::Write as _;

use stonegame::Outcome;

/// At most this many moves are listed; a position with more is refused with
/// a plain message (the page asks for smaller heaps) rather than cut short,
/// so a listed position always shows every move.
pub const MAX_MOVES: usize = 5_000;

/// The work cap of the retrograde search that finds remoteness (steps of the
/// library's budget: a few tens of milliseconds). Beyond it the page shows
/// the outcome and nimber without remoteness, and says why.
pub const REMOTENESS_WORK: u64 = 20_000_000;

/// One legal move and its value for the player who makes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveValue {
    /// How the page names the move ("heap 2: 5 → 3").
    pub label: String,
    /// The position after the move, as the page types it.
    pub to: String,
    /// The result for the mover with perfect play afterwards: `First` = the
    /// mover wins, `Second` = the mover loses, `Draw`.
    pub outcome: Outcome,
    /// Nimber of the position after the move (impartial games that have one).
    pub nimber: Option<u64>,
    /// Moves until the game ends with perfect play, counting this move.
    pub remoteness: Option<u32>,
    /// Scoring games: the mover's final lead with perfect play afterwards.
    pub score: Option<i64>,
}

/// A position's value and its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The position as the library read it (normalised text).
    pub position: String,
    /// The result for the player to move.
    pub outcome: Outcome,
    /// The position's nimber, where the game has one.
    pub nimber: Option<u64>,
    /// Moves until the end with perfect play, when known.
    pub remoteness: Option<u32>,
    /// Scoring games: the player to move's final lead with perfect play.
    pub score: Option<i64>,
    /// Why remoteness is missing, in plain words (empty when shown).
    pub note: String,
    /// Every legal move.
    pub moves: Vec<MoveValue>,
}

/// The page's word for an outcome seen by the player it belongs to.
pub fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::First => "win",
        Outcome::Second => "lose",
        Outcome::Draw => "draw",
    }
}

/// The outcome for the player who moved into a position of outcome `after`.
pub fn for_mover(after: Outcome) -> Outcome {
    match after {
        Outcome::First => Outcome::Second,
        Outcome::Second => Outcome::First,
        Outcome::Draw => Outcome::Draw,
    }
}

/// `text` as a JSON string literal.
fn quote(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn optional(out: &mut String, key: &str, value: Option<impl std::fmt::Display>) {
    let _ = write!(out, ",\"{key}\":");
    match value {
        Some(v) => {
            let _ = write!(out, "{v}");
        }
        None => out.push_str("null"),
    }
}

impl MoveValue {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"label\":");
        quote(out, &self.label);
        out.push_str(",\"to\":");
        quote(out, &self.to);
        let _ = write!(out, ",\"outcome\":\"{}\"", outcome_word(self.outcome));
        optional(out, "nimber", self.nimber);
        optional(out, "remoteness", self.remoteness);
        optional(out, "score", self.score);
        out.push('}');
    }
}

impl Analysis {
    /// The JSON text the page reads.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(64 + 96 * self.moves.len());
        out.push_str("{\"position\":");
        quote(&mut out, &self.position);
        let _ = write!(out, ",\"outcome\":\"{}\"", outcome_word(self.outcome));
        optional(&mut out, "nimber", self.nimber);
        optional(&mut out, "remoteness", self.remoteness);
        optional(&mut out, "score", self.score);
        out.push_str(",\"note\":");
        quote(&mut out, &self.note);
        out.push_str(",\"moves\":[");
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            m.write_json(&mut out);
        }
        out.push_str("]}");
        out
    }
}

/// Parses whitespace- or comma-separated non-negative integers.
pub fn parse_numbers(text: &str, what: &str) -> Result<Vec<u64>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<u64>()
                .map_err(|_| format!("{what}: \"{t}\" is not a whole number from 0 up"))
        })
        .collect()
}

/// Numbers as the page types them.
pub fn join(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_quotes_and_lists_moves() {
        let a = Analysis {
            position: "a\"b".into(),
            outcome: Outcome::First,
            nimber: Some(3),
            remoteness: None,
            score: None,
            note: String::new(),
            moves: vec![MoveValue {
                label: "x".into(),
                to: "1".into(),
                outcome: Outcome::Second,
                nimber: None,
                remoteness: Some(2),
                score: Some(-1),
            }],
        };
        assert_eq!(
            a.to_json(),
            "{\"position\":\"a\\\"b\",\"outcome\":\"win\",\"nimber\":3,\"remoteness\":null,\
             \"score\":null,\"note\":\"\",\"moves\":[{\"label\":\"x\",\"to\":\"1\",\
             \"outcome\":\"lose\",\"nimber\":null,\"remoteness\":2,\"score\":-1}]}"
        );
    }

    #[test]
    fn numbers_parse_or_say_which_token_is_wrong() {
        assert_eq!(parse_numbers("3, 4 5", "heaps"), Ok(vec![3, 4, 5]));
        assert!(parse_numbers("3 x", "heaps").unwrap_err().contains("\"x\""));
        assert!(parse_numbers("-1", "heaps").is_err());
    }
}
