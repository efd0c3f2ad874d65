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

/// Solves one line.
pub fn hackenbush(args: &HackenbushArgs, line: &str) -> Result<String, String> {
    let edges = crate::input::tokens(line)
        .enumerate()
        .map(|(index, token)| parse_edge(token, index + 1))
        .collect::<Result<Vec<_>, String>>()?;
    let game = GreenHackenbush::new(&edges)
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
