//! `janken`: rock-paper-scissors with coins on the command line.

use clap::Args;
use num_bigint::BigUint;
use stonegame::counting::AbsorbingWalk;

/// The largest round limit N of exact (big-integer) counts (the work check
/// itself is O(N)). With --modulo any N below 2^64 is accepted.
pub const MAX_ROUNDS: u64 = 100_000_000;
/// Exact mode: the default cap (`--max-work` sets another) in limb updates
/// ([`AbsorbingWalk::exact_limb_updates`]).
pub use stonegame::counting::DEFAULT_EXACT_COUNT_WORK as DEFAULT_EXACT_WORK;
/// Modulo mode: the default cap (`--max-work` sets another) of the estimated
/// operations ([`AbsorbingWalk::modulo_work`]).
pub use stonegame::counting::DEFAULT_MODULO_COUNT_WORK as DEFAULT_MODULO_WORK;

/// The work cap of a janken count: `--max-work` when given, else `default`.
fn work_cap(default: u128) -> u128 {
    crate::input::budget().work().map_or(default, u128::from)
}

/// Options of `janken`.
#[derive(Args)]
pub struct JankenArgs {
    /// Print the count modulo M (1 <= M < 2^64) instead of exactly.
    #[arg(long, value_name = "M", value_parser = crate::positive_count)]
    pub modulo: Option<u64>,

    /// One instance `A,B,N`; instances are read from standard input when absent.
    pub values: Vec<String>,
}

/// Solves one `janken` line `A,B,N`.
pub fn janken(args: &JankenArgs, line: &str) -> Result<String, String> {
    let (a_coins, b_coins, rounds) = parse_triple(line, args.modulo.is_some())?;
    if let Some(modulus) = args.modulo {
        let walk = AbsorbingWalk::janken(a_coins, b_coins).with_budget(crate::input::budget());
        let work = walk.modulo_work(rounds, modulus);
        let cap = work_cap(DEFAULT_MODULO_WORK);
        if work > cap {
            return Err(format!(
                "janken {a_coins},{b_coins},{rounds} modulo M (estimated operations) would need \
                 {work} steps, over the work limit of {cap} (raise it with --max-work)"
            ));
        }
        return walk
            .total_absorbed_modulo(rounds, modulus)
            .map(|count| count.to_string())
            .map_err(|e| e.to_string());
    }
    if rounds > MAX_ROUNDS {
        return Err(format!(
            "N = {rounds} is above the limit of {MAX_ROUNDS} rounds for exact counts; use --modulo M"
        ));
    }
    let walk = AbsorbingWalk::janken(a_coins, b_coins);
    let cells = walk.cell_updates(rounds);
    let work = walk.exact_limb_updates(rounds);
    let limbs = work.checked_div(cells).unwrap_or(0);
    let cap = work_cap(DEFAULT_EXACT_WORK);
    if work > cap {
        return Err(format!(
            "exact janken {a_coins},{b_coins},{rounds} ({cells} cell updates of {limbs} limbs) \
             would need {work} steps, over the work limit of {cap} (raise it with --max-work, \
             or use --modulo M)"
        ));
    }
    let bytes_per_count = u128::from(rounds) * 1585 / 8000 + 32;
    // Only positions the sweep updates grow beyond an empty number.
    let grown = walk.row_len(rounds).min(cells);
    let bytes = grown.saturating_mul(bytes_per_count);
    let budget = crate::input::budget().bytes();
    if bytes > budget {
        return Err(format!(
            "{a_coins},{b_coins},{rounds} needs about {bytes} bytes of big integers, above \
             the memory budget of {budget} bytes; use --modulo M or raise --memory-mib"
        ));
    }
    walk.total_absorbed::<BigUint>(rounds)
        .map(|count| count.to_string())
        .map_err(|e| e.to_string())
}

/// Parses `A,B,N` (spaces around the numbers allowed).
fn parse_triple(line: &str, modulo: bool) -> Result<(u64, u64, u64), String> {
    let fields: Vec<&str> = line.split(',').map(str::trim_ascii).collect();
    let [a, b, n] = fields.as_slice() else {
        return Err(format!(
            "expected A,B,N (three numbers separated by commas), found {} field(s) in {}",
            fields.len(),
            crate::input::shown(line)
        ));
    };
    Ok((
        parse_field(a, "A (coins of A)", u64::MAX)?,
        parse_field(b, "B (coins of B)", u64::MAX)?,
        parse_field(
            n,
            "N (round limit)",
            if modulo { u64::MAX } else { MAX_ROUNDS },
        )?,
    ))
}

/// A non-negative field; `limit` is the largest value accepted, named when a
/// number is too large to parse at all.
fn parse_field(text: &str, name: &str, limit: u64) -> Result<u64, String> {
    let shown = crate::input::shown(text);
    if text.is_empty() {
        return Err(format!("{name} is missing"));
    }
    let digits = text.strip_prefix('+').unwrap_or(text);
    if let Some(magnitude) = text.strip_prefix('-') {
        if !magnitude.is_empty() && magnitude.bytes().all(|c| c.is_ascii_digit()) {
            return Err(format!("{name} is {shown}, but must not be negative"));
        }
    }
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(format!("{name} ({shown}) is not a non-negative integer"));
    }
    digits
        .parse()
        .map_err(|_| format!("{name} is {shown}, above the limit of {limit}"))
}
