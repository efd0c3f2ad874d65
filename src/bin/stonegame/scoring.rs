//! Scoring games on the command line (placeholder until the scoring family lands).

use clap::Args;

/// Take the stone at either end and score its value.
#[derive(Args)]
pub struct EndsArgs {
    /// Stone values in a row (one instance); read from standard input when absent.
    #[arg(allow_negative_numbers = true)]
    pub values: Vec<String>,
}

/// Solves one `ends` instance.
pub fn ends(_args: &EndsArgs, _line: &str) -> Result<String, String> {
    Err("not implemented yet".to_string())
}
