//! Green Hackenbush on the command line.

use clap::Args;
use stonegame::Outcome;
use stonegame::impartial::hackenbush::GreenHackenbush;

/// Green Hackenbush: delete an edge; whatever is cut off from the ground falls away.
///
/// One instance: edges `u-v` separated by spaces (vertex numbers 0 to
/// 4294967295; vertex 0 is the ground; loops `v-v` and repeated edges are
/// allowed). The last move wins. Answer: `First` or `Second`.
///
/// With --move, a win is printed as `First I:U-V`: delete edge number I
/// (counted from 1 in input order), which joins U and V.
///
/// Limits: the value takes O(V + E) time (2*10^5 edges in tens of milliseconds).
/// A winning move takes O((V + E) * b), b the bit length of the values: inside
/// a 2-edge-connected component it comes from the component's 2-edge cuts
/// (2*10^5 edges in tens of milliseconds as well). The search counts its steps
/// and stops after 2*10^8 (--max-work raises it).
#[derive(Args)]
pub struct HackenbushArgs {
    /// After `First`, print one winning edge.
    #[arg(long = "move")]
    pub show_move: bool,
    /// Edges `u-v` (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

fn parse_edge(token: &str, position: usize) -> Result<(u32, u32), String> {
    let bad = || {
        format!(
            "value {position} ({}) is not an edge u-v of two vertex numbers \
             from 0 to 4294967295",
            crate::input::shown(token)
        )
    };
    let (u, v) = token.split_once('-').ok_or_else(bad)?;
    let u = u.parse().map_err(|_| bad())?;
    let v = v.parse().map_err(|_| bad())?;
    Ok((u, v))
}

/// The edges of a line: a fast pass over the bytes for the usual `u-v`
/// tokens (digits only); on anything else, token by token with
/// [`parse_edge`], which accepts what `u32` parsing accepts (a `+` sign) and
/// names the first bad token.
fn parse_edges(line: &str) -> Result<Vec<(u32, u32)>, String> {
    // Every edge has a `-`, so either way the list holds at most this many:
    // checked against the budget before either pass allocates it.
    let dashes = line.bytes().filter(|&b| b == b'-').count();
    let mut edges = crate::input::vec_within_budget::<(u32, u32)>(line.len(), dashes)?;
    if parse_plain_edges(line, &mut edges) {
        return Ok(edges);
    }
    edges.clear();
    for (index, token) in crate::input::tokens(line).enumerate() {
        // At most `dashes` edges: the room reserved above is never exceeded.
        edges.push(parse_edge(token, index + 1)?);
    }
    Ok(edges)
}

/// Edges `u-v` of plain decimal numbers separated by ASCII whitespace (the
/// same separators as [`crate::input::tokens`]); `None` on anything else.
/// `edges` was sized by the line's count of `-`, so it never grows. `false`
/// on anything else.
fn parse_plain_edges(line: &str, edges: &mut Vec<(u32, u32)>) -> bool {
    let bytes = line.as_bytes();
    let mut i = 0;
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i == bytes.len() {
            return true;
        }
        let Some((u, after)) = plain_number(bytes, i) else {
            return false;
        };
        if bytes.get(after) != Some(&b'-') {
            return false;
        }
        let Some((v, after)) = plain_number(bytes, after + 1) else {
            return false;
        };
        if bytes.get(after).is_some_and(|b| !b.is_ascii_whitespace()) {
            return false;
        }
        edges.push((u, v));
        i = after;
    }
}

/// The decimal number at `bytes[start..]` (at least one digit, at most
/// `u32::MAX`) and the index after it.
fn plain_number(bytes: &[u8], start: usize) -> Option<(u32, usize)> {
    let mut value = 0u64;
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        if !b.is_ascii_digit() {
            break;
        }
        value = value * 10 + u64::from(b - b'0');
        if value > u64::from(u32::MAX) {
            return None;
        }
        i += 1;
    }
    (i > start).then_some((value as u32, i))
}

/// Solves one line.
pub fn hackenbush(args: &HackenbushArgs, line: &str) -> Result<String, String> {
    let edges = parse_edges(line)?;
    let game = GreenHackenbush::from_edges(edges)
        .map_err(|e| e.to_string())?
        .with_budget(crate::input::budget());
    if !args.show_move {
        return Ok(game.outcome().map_err(|e| e.to_string())?.to_string());
    }
    Ok(match game.winning_move().map_err(|e| e.to_string())? {
        Some(best) => format!("{} {best}", Outcome::First),
        None => Outcome::Second.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast pass agrees with token-by-token parsing, and leaves every
    /// other token to it.
    #[test]
    fn plain_edges_parse_as_tokens_do() {
        for line in [
            "0-1 1-2\t2-0\r\n",
            "  007-4294967295 \x0c 5-5",
            "",
            "0-1 +2-3",
            "0-4294967296",
            "0-1 1--2",
            "0-1 1-2-3",
            "0-1 -1-2",
            "0-1 1-",
            "0-1 -2",
            "0-1 1-2\u{a0}",
            "0-1 1-2\x0b2-3",
            "0-1 x",
        ] {
            let tokens: Result<Vec<_>, String> = crate::input::tokens(line)
                .enumerate()
                .map(|(index, token)| parse_edge(token, index + 1))
                .collect();
            assert_eq!(parse_edges(line), tokens, "{line:?}");
            let mut plain = Vec::new();
            if parse_plain_edges(line, &mut plain) {
                assert_eq!(Ok(plain), tokens, "{line:?}");
            }
        }
        let mut plain = Vec::new();
        assert!(parse_plain_edges("3-4 0-0", &mut plain));
        assert_eq!(plain, [(3, 4), (0, 0)]);
        assert!(!parse_plain_edges("0-1 +2-3", &mut Vec::new()));
    }
}
