//! `stonegame`: solve game instances from the command line.
//!
//! Each subcommand is one game. Values on the command line form one instance;
//! without them, instances are read from standard input, one per line. Bad input
//! prints `line N: <what is wrong>` on standard error and exits with status 2.

mod bundle;
mod classic;
mod counting;
mod graph;
mod hackenbush;
mod impartial;
mod input;
mod octal;
mod progress;
mod scoring;
mod stones;
mod stream;

use clap::error::ErrorKind;
use clap::{ArgGroup, Args, Parser, Subcommand};
use input::{InputFormat, Layout};
use std::process::ExitCode;
use stonegame::Budget;
use stonegame::control::Control;

/// Exact solutions of two-player perfect-information games.
///
/// Values given after the game form one instance; without them, instances are
/// read from standard input, one per line (blank lines and lines starting with
/// `#` are skipped). One answer line per instance. Bad input prints
/// `line N: <what is wrong>` on standard error and exits with status 2
/// (command-line values count as line 1; argument errors are line 1 too).
///
/// Scoring games answer the first player's total minus the second's; `--line`
/// adds the optimal line. Win/lose games answer `First` or `Second`; `--move`
/// adds one winning move after `First`, in one format for every game:
/// `I:F->T`, heap I (from 1) goes from F to T (`0` when emptied, `3+3` when
/// a move splits it). `stonegame GAME --help` gives each game's line format,
/// answer, options and limits.
#[derive(Parser)]
#[command(name = "stonegame", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    game: Game,

    /// How standard input lays out instances: `lines` (one per line), `contest`
    /// (a count N then N values, repeated) or `cases` (a number of test cases T,
    /// then T instances as in `contest`). Games whose line is not a list of values
    /// (janken, grundy, wythoff, euclid, fibonacci-nim) accept only `lines`;
    /// `graph` reads `N M` and its 2M vertex numbers in place of the count and values.
    #[arg(long, global = true, value_enum, default_value_t = InputFormat::Lines)]
    format: InputFormat,

    /// Memory budget in MiB for tables, searches and input (default 1024).
    #[arg(long, global = true, value_name = "MIB", default_value_t = 1024,
          value_parser = memory_mebibytes)]
    memory_mib: u64,

    /// One work cap for every search (moves tried, values computed); by default
    /// each search uses its own documented cap (about 10 s of work).
    #[arg(long, global = true, value_name = "STEPS", value_parser = positive_count)]
    max_work: Option<u64>,

    /// Show no progress on standard error. Without it, a run that lasts more
    /// than a few seconds shows its progress there: on a terminal one line
    /// that rewrites itself, otherwise a line every 5 seconds. Answers on
    /// standard output are the same either way.
    #[arg(long, global = true)]
    quiet: bool,
}

impl Cli {
    /// The budget of every solve, watched by `control` (the progress lines).
    fn budget(&self, control: Option<&Control>) -> Budget {
        let memory = Budget::from_mebibytes(self.memory_mib);
        let budget = match self.max_work {
            Some(steps) => memory.with_work(steps),
            None => memory,
        };
        match control {
            Some(control) => budget.with_control(control),
            None => budget,
        }
    }
}

/// How a game's instance is laid out under `--format contest` and `cases`.
fn layout(game: &Game) -> Layout {
    match game {
        Game::Valuations(_) => Layout::CountedTwice,
        Game::Janken(_)
        | Game::Grundy(_)
        | Game::Wythoff(_)
        | Game::Euclid(_)
        | Game::FibonacciNim(_)
        | Game::Graph(_)
        | Game::Bundle(_) => Layout::None,
        _ => Layout::Counted,
    }
}

/// Parses a count that must be at least 1 (`--max-work`, `--modulo`), naming
/// the real range rather than clap's `1..18446744073709551615`.
pub fn positive_count(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(count) => Ok(count),
        Err(_) => Err("must be a whole number from 1 to 2^64 - 1".to_string()),
    }
}

/// Parses `--memory-mib`: 1 MiB up to 2^40 MiB (a budget in bytes must fit
/// in 64 bits).
fn memory_mebibytes(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(mib) if (1..=1 << 40).contains(&mib) => Ok(mib),
        _ => Err("must be a whole number of MiB from 1 to 2^40".to_string()),
    }
}

/// Parses the command line; every argument error is reported as `line 1: …`
/// with exit status 2, like bad input (help and version print as usual).
fn parse_cli() -> Result<Cli, ExitCode> {
    Cli::try_parse().map_err(|error| match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            input::report(1, &argument_error(&error));
            ExitCode::from(2)
        }
    })
}

/// Clap's message on one line, without its `error:` prefix and usage hints.
fn argument_error(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    // The message is the first paragraph (clap lists missing arguments on
    // the lines after its first); usage and hints follow a blank line.
    let message = rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    if message.is_empty() {
        "invalid arguments".to_string()
    } else {
        short_quotes(message)
    }
}

/// `message` with every quoted value clap echoes (`'…'`) cut to its first 60
/// characters, so a refusal stays short whatever was typed.
fn short_quotes(message: &str) -> String {
    const SHOWN_CHARS: usize = 60;
    let mut out = String::with_capacity(message.len().min(400));
    for (index, part) in message.split('\'').enumerate() {
        if index > 0 {
            out.push('\'');
        }
        // Odd parts lie between quotes.
        match part.char_indices().nth(SHOWN_CHARS) {
            Some((cut, _)) if index % 2 == 1 => {
                out.push_str(&part[..cut]);
                out.push_str("...");
            }
            _ => out.push_str(part),
        }
    }
    out
}

#[derive(Subcommand)]
enum Game {
    /// Take the stone at either end of the row; it scores its value (LeetCode 877, EDPC L).
    ///
    /// Line: integers, the stone values in a row (negative allowed).
    ///
    /// Answer: first player's total minus second's, both playing optimally.
    ///
    /// With --line: `DIFFERENCE | MOVES`, each move `L` or `R` (the end taken).
    ///
    /// Limits: values are i64; sums beyond i64 are solved in i128. O(n) time;
    /// lines on standard input are streamed (memory: the reduced row, at most
    /// one value per stone). --line takes O(n^2) time and O(n) memory (refused
    /// above 10^10 steps, 4 a stone scanned: about n = 50,000).
    Ends(scoring::ScoringArgs),
    /// Take the stone at either end; the move scores the sum of the stones that remain.
    ///
    /// Line: integers, the stone values in a row (negative allowed).
    ///
    /// Answer: first player's total minus second's, both playing optimally.
    ///
    /// With --line: `DIFFERENCE | MOVES`, each move `L` or `R`.
    ///
    /// Limits: values are i64; when n * sum|values| exceeds i64 the game is
    /// solved in i128. O(n^2) time, O(n) memory; --line keeps an n(n+1)/2-cell
    /// table (refused above 1 GiB).
    EndsRemainder(scoring::ScoringArgs),
    /// Take 1..=K stones from the front of the row (K from the required
    /// --max-take); the move scores their sum.
    ///
    /// Line: integers, the stone values in a row (negative allowed).
    ///
    /// Answer: first player's total minus second's, both playing optimally.
    ///
    /// With --line: `DIFFERENCE | MOVES`, each move the number of stones taken
    /// (ties: fewest).
    ///
    /// Limits: values are i64 (i128 when sums need it). O(n) time and memory
    /// for any K.
    Front(scoring::FrontArgs),
    /// Take X stones from the front, 1 <= X <= 2M; scores their sum, then M = max(M, X). M starts at 1.
    ///
    /// Line: integers, the stone values in a row (negative allowed).
    ///
    /// Answer: first player's total minus second's, both playing optimally.
    ///
    /// With --line: `DIFFERENCE | MOVES`, each move the number of stones taken
    /// (ties: fewest).
    ///
    /// Limits: values are i64 (i128 when sums need it). O(n^2) time; a table of
    /// about n^2/2 cells (refused above 1 GiB, about n = 16,000).
    FrontDoubling(scoring::ScoringArgs),
    /// Each player values the stones differently; a move takes any stone.
    ///
    /// Line: `a_1 … a_n / b_1 … b_n`: stone i is worth a_i to the first player
    /// and b_i to the second (negative allowed; both lists the same length).
    ///
    /// Answer: first player's points minus second's, both playing optimally
    /// (greedy by a_i + b_i, proved optimal; ties by smaller index).
    ///
    /// With --line: `DIFFERENCE | STONES`, the stones taken in order, numbered from 1.
    ///
    /// Limits: values are i64 (i128 when sums need it). O(n log n).
    Valuations(scoring::ScoringArgs),
    StoneSplit(stones::SplitArgs),
    StoneMerge(stones::MergeArgs),
    StoneMod3(stones::Mod3Args),
    /// Rock-paper-scissors with coins: count the outcome sequences that bankrupt a player.
    ///
    /// A line `A,B,N`: A and B hold A and B coins; each round A wins, draws or
    /// loses and the loser pays the winner one coin; play stops when a player
    /// has no coin. The answer is the number of outcome sequences (A wins / draw
    /// / B wins per round) in which a player runs out of coins within N rounds,
    /// each counted once at the round its player hits zero; exact (big
    /// integer), or modulo M with --modulo M. Zero coins or zero rounds give 0.
    ///
    /// Limits: A, B <= 18446744073709551615. Exact counts: N <= 100000000, and
    /// work in cell updates of the sweep (at most N * min(2N+1, A+B-1);
    /// positions that can no longer reach a barrier are skipped) times the
    /// 64-bit limbs of a count (N / 40) <= 1.2*10^10 (about 9 s; --max-work sets
    /// another cap; A = B = 5000, N = 10000, the worst with N <= 10000, needs
    /// 1.24*10^10), with about 1 GiB of big integers. With --modulo: any N <=
    /// 18446744073709551615, and estimated work <= 2*10^10 (about 10 s;
    /// --max-work sets another cap): the sweep for small N, or the count as the
    /// N-th term of a linear recurrence of order min(A,N+1) + min(B,N+1)
    /// (Bostan-Mori over number-theoretic transforms, O(d log d log N)),
    /// which admits A = B = 500000 for every N modulo any M (2.1*10^9 modulo
    /// 998244353, 8.9*10^9 modulo 10^9+7, 1.55*10^10 modulo 2^64-1: janken's
    /// recurrence is folded by its symmetry to half the order). Example:
    /// `echo 50,50,10000 | stonegame janken`, `echo
    /// 50000,50000,1000000000000000000 | stonegame janken --modulo 998244353`.
    Janken(counting::JankenArgs),
    Nim(impartial::NimArgs),
    Subtraction(impartial::SubtractionArgs),
    Boxes(impartial::BoxesArgs),
    Octal(octal::OctalArgs),
    LastOne(octal::LastOneArgs),
    Grundy(GrundyArgs),
    Wythoff(classic::WythoffArgs),
    Moore(classic::MooreArgs),
    Staircase(classic::StaircaseArgs),
    Euclid(classic::EuclidArgs),
    FibonacciNim(classic::FibonacciNimArgs),
    Hackenbush(hackenbush::HackenbushArgs),
    /// A token on a directed graph; a move takes it along an edge; a player who cannot move loses.
    ///
    /// Input: the whole of standard input is one instance: `N M`, then M
    /// lines `u v` (a move from vertex u to v, 0 <= u, v < N; loops and
    /// repeated moves allowed; blank lines and `#` lines skipped). With
    /// `--format contest`, instances `N M` followed by their 2M vertex numbers
    /// (over any lines) follow one another until the end of the input; with
    /// `--format cases`, a number of test cases T comes first.
    ///
    /// Answer: N lines per instance, vertex i's value for the player to move
    /// there: `Win R` or `Lose R` with R the number of moves to the end under
    /// optimal play (the winner hurries, the loser delays), or `Draw` (play
    /// goes on for ever).
    ///
    /// Limits: N, M <= 4294967295; memory about 8M + 8(N+M) + 9N bytes, within
    /// --memory-mib. O(N + M) time. Example: `printf '3 2\n0 1\n1 2\n' | stonegame graph`.
    Graph(graph::GraphArgs),
    Bundle(bundle::BundleArgs),
}

fn main() -> ExitCode {
    let cli = match parse_cli() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    // The control lives as long as the run: budgets name it.
    let control = progress::start(cli.quiet);
    input::configure(cli.format, layout(&cli.game), cli.budget(control.as_ref()));
    let code = run(cli.game);
    progress::clear();
    drop(control);
    code
}

/// Runs the game the command line names.
fn run(game: Game) -> ExitCode {
    match game {
        Game::Ends(args) => scoring::ends_main(&args),
        Game::EndsRemainder(args) => {
            input::run(&args.values, |line| scoring::ends_remainder(&args, line))
        }
        Game::Front(args) => scoring::front_main(&args),
        Game::FrontDoubling(args) => {
            input::run(&args.values, |line| scoring::front_doubling(&args, line))
        }
        Game::Valuations(args) => input::run(&args.values, |line| scoring::valuations(&args, line)),
        Game::StoneSplit(args) => input::run(&args.values, |line| stones::stone_split(&args, line)),
        Game::StoneMerge(args) => input::run(&args.values, |line| stones::stone_merge(&args, line)),
        Game::StoneMod3(args) => input::run(&args.values, |line| stones::stone_mod3(&args, line)),
        Game::Janken(args) => input::run(&args.values, |line| counting::janken(&args, line)),
        Game::Nim(args) => impartial::nim(&args),
        Game::Subtraction(args) => impartial::subtraction(&args),
        Game::Boxes(args) => impartial::boxes(&args),
        Game::Octal(args) => match octal::OctalSolver::new(&args) {
            Ok(mut solver) => input::run(&args.values, |line| solver.solve(&args, line)),
            Err(message) => input::run_single(Err(message)),
        },
        Game::LastOne(args) => input::run(&args.values, |line| octal::last_one(&args, line)),
        Game::Grundy(args) => input::run_streamed(|out| grundy(&args, out)),
        Game::Wythoff(args) => classic::wythoff(&args),
        Game::Moore(args) => classic::moore(&args),
        Game::Staircase(args) => classic::staircase(&args),
        Game::Euclid(args) => classic::euclid(&args),
        Game::FibonacciNim(args) => classic::fibonacci_nim(&args),
        Game::Hackenbush(args) => {
            input::run(&args.values, |line| hackenbush::hackenbush(&args, line))
        }
        Game::Graph(args) => graph::run(&args),
        Game::Bundle(args) => bundle::bundle(&args),
    }
}

/// Grundy values G(0..=N) of one heap, on one line separated by spaces.
///
/// Exactly one source of the game: `--set S` (a subtraction game: comma-separated
/// positive amounts), `--octal CODE` (a take-and-break code such as `0.77`, `0.07`,
/// `4.07`, `0.(7)`; see docs/octal.md) or `--game NAME` (grundys-game, last-one,
/// kayles, dawsons-kayles, dawsons-chess, laskers-nim, officers, guiles, treblecross,
/// nim). With `--period`, a second line
/// `preperiod P period Q` when the sequence is proven periodic (subtraction sets:
/// a repeated window of max(S) values; octal codes: the Guy-Smith octal periodicity
/// theorem applied to G(0..=N)), else `no period certified up to L`.
/// With `--stats` (take-and-break games), statistics in place of the values,
/// for runs far past what can be printed; `--checkpoint FILE` makes a long run
/// survive an interruption (see docs/octal.md).
/// Limits: N <= 10000000 for --set, N <= 4294967295 (2^32 - 1) for
/// --octal/--game. Values are computed until the period is certified and read
/// off the certificate beyond it; the values computed must fit the memory
/// budget (--memory-mib: a byte a value while values are below 256, two below
/// 65536) and the work cap (--max-work). `--period-only` certifies without
/// printing the values; `--threads N` shares an octal sequence's work among N
/// threads (the values are the same).
#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).multiple(false)))]
struct GrundyArgs {
    /// Subtraction game: comma-separated positive amounts a move may take.
    #[arg(long, value_name = "S", group = "source")]
    set: Option<String>,
    /// A take-and-break (octal) code, e.g. `0.77`, `4.07`, `0.(7)`.
    #[arg(long, value_name = "CODE", group = "source")]
    octal: Option<String>,
    /// A named heap game: grundys-game, last-one, kayles, dawsons-kayles, dawsons-chess,
    /// laskers-nim, officers, guiles, treblecross, nim.
    #[arg(long, value_name = "NAME", group = "source")]
    game: Option<String>,
    /// Print G(0) through G(N) (N a number or a power of two written `2^K`).
    #[arg(long, value_name = "N", value_parser = heap_bound)]
    upto: u64,
    /// Also print the preperiod and period on a second line.
    #[arg(long, conflicts_with = "stats")]
    period: bool,
    /// Print only the period line (the values are computed, not printed).
    #[arg(long, conflicts_with = "stats")]
    period_only: bool,
    /// Threads computing an --octal/--game sequence (1 to 64; the values do
    /// not depend on it).
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Take-and-break games: compute G(0..=N) (N up to 4294967295, within
    /// --memory-mib and --max-work) without printing the values; print the
    /// sparse-space statistics (rare count, last rare heap, largest value and
    /// its first heap, the mask, values per second), one `key value` per line,
    /// after a line `at 2^K …` with the same figures at every power of two
    /// from 2^14 heaps; a progress line on standard error every 5 seconds.
    #[arg(long, conflicts_with = "set")]
    stats: bool,
    /// With --stats: keep the run's state in FILE (rewritten safely every
    /// --checkpoint-seconds and at the end), signed with your checkpoint key
    /// (--checkpoint-key); a run whose FILE exists resumes from it (a
    /// checkpoint of another game, a damaged file, or one whose signature
    /// does not verify under your key is refused).
    #[arg(long, value_name = "FILE", requires = "stats")]
    checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint: the secret key file (16 bytes) that signs and
    /// checks checkpoints, created on first use with mode 0600. Default:
    /// $STONEGAME_CHECKPOINT_KEY, else $XDG_STATE_HOME/stonegame/checkpoint.key,
    /// else ~/.local/state/stonegame/checkpoint.key. It protects against
    /// someone who can change your checkpoint but cannot read this key;
    /// not against someone who can read it or run programs as you.
    #[arg(long, value_name = "FILE", requires = "checkpoint")]
    checkpoint_key: Option<std::path::PathBuf>,
    /// With --stats: also count the rare positions under MASK (hex `0x7b8`
    /// or decimal), e.g. a published mask, whatever mask the solver chose:
    /// lines `count-mask`, `count-mask-rare`, `count-mask-last-rare`, and the
    /// same figures on the `at 2^K` lines. Works on a resumed (even a
    /// finished) checkpoint too.
    #[arg(long, value_name = "MASK", requires = "stats", value_parser = count_mask)]
    count_mask: Option<u32>,
    /// With --checkpoint: re-derive every stored value from the values below
    /// it before going on (about the work of the run itself; a resume
    /// otherwise checks the signature and re-derives the first 4,096
    /// values). A file signed with another key, or of the unsigned format
    /// version 1, is then accepted when every value agrees, and signed with
    /// your key.
    #[arg(long, requires = "checkpoint")]
    verify: bool,
    /// With --checkpoint: seconds between two writes (default 60).
    #[arg(long, value_name = "SECONDS", requires = "checkpoint", value_parser = positive_count)]
    checkpoint_seconds: Option<u64>,
}

/// Parses `--count-mask`: a nonzero 32-bit mask, hex with `0x` or decimal.
fn count_mask(text: &str) -> Result<u32, String> {
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16),
        None => text.parse::<u32>(),
    };
    match parsed {
        Ok(0) => Err("must be nonzero (a mask of 0 makes every heap rare)".into()),
        Ok(mask) => Ok(mask),
        Err(_) => Err("must be a mask from 1 to 0xffffffff, in hex (0x7b8) or decimal".into()),
    }
}

/// Parses `--upto`: a whole number, or `2^K` for K up to 63.
fn heap_bound(text: &str) -> Result<u64, String> {
    let bad = || "must be a whole number from 0 to 2^64 - 1, or 2^K with K up to 63".to_string();
    match text.split_once('^') {
        Some(("2", exponent)) => match exponent.parse::<u32>() {
            Ok(k) if k < 64 => Ok(1u64 << k),
            _ => Err(bad()),
        },
        Some(_) => Err(bad()),
        None => text.parse::<u64>().map_err(|_| bad()),
    }
}

fn grundy(args: &GrundyArgs, out: &mut dyn std::io::Write) -> Result<(), String> {
    match (&args.set, &args.octal, &args.game) {
        (Some(set), _, _) => {
            if args.period_only || args.threads != 1 {
                return Err("--period-only and --threads apply to --octal and --game".into());
            }
            impartial::grundy_of_set(set, args.upto, args.period, out)
        }
        (None, Some(name), _) | (None, None, Some(name)) if args.stats => {
            let checkpoint = args.checkpoint.as_deref().map(|path| {
                let every = args.checkpoint_seconds.unwrap_or(60);
                (path, std::time::Duration::from_secs(every))
            });
            octal::grundy_stats(
                name,
                args.upto,
                checkpoint,
                args.checkpoint_key.as_deref(),
                args.threads,
                args.count_mask,
                args.verify,
                out,
            )
        }
        (None, Some(name), _) | (None, None, Some(name)) => {
            let shown = if args.period_only {
                octal::Shown::PeriodOnly
            } else if args.period {
                octal::Shown::ValuesAndPeriod
            } else {
                octal::Shown::Values
            };
            octal::grundy(name, args.upto, shown, args.threads, out)
        }
        (None, None, None) => Err("give the game: --set S, --octal CODE or --game NAME".into()),
    }
}
