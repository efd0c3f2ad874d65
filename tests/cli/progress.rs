//! Progress on standard error (issue 47): a long run shows its progress,
//! `--quiet` shows none, and the answers on standard output are the same.

use crate::common;
use std::io::Write;
use std::process::{Output, Stdio};

/// The undocumented variable that shortens the wait before the first line
/// and between two lines (tests only).
const INTERVAL_ENV: &str = "STONEGAME_PROGRESS_INTERVAL_MS";

/// Runs the binary with `args` on `stdin`, standard error piped (not a
/// terminal), progress lines every `interval_ms` when given.
fn run(args: &[&str], stdin: &str, interval_ms: Option<&str>) -> Output {
    let mut command = common::stonegame();
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match interval_ms {
        Some(ms) => command.env(INTERVAL_ENV, ms),
        None => command.env_remove(INTERVAL_ENV),
    };
    let mut child = command.spawn().expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("the row is written");
    child.wait_with_output().expect("the binary finishes")
}

/// A row long enough for a few hundred progress reports of the O(n²)
/// ends-remainder sweep (a fraction of a second).
fn long_row() -> String {
    let row: Vec<String> = (0..30_000i64)
        .map(|i| ((i * 7919) % 1000 - 500).to_string())
        .collect();
    row.join(" ") + "\n"
}

fn progress_lines(output: &Output) -> Vec<String> {
    common::stderr(output)
        .lines()
        .filter(|line| line.starts_with("stonegame: ends-remainder"))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_long_run_shows_progress_and_quiet_shows_none() {
    let row = long_row();
    let shown = run(&["ends-remainder"], &row, Some("1"));
    assert!(shown.status.success(), "{}", common::stderr(&shown));
    let lines = progress_lines(&shown);
    assert!(
        !lines.is_empty(),
        "no progress: {:?}",
        common::stderr(&shown)
    );
    // `what: done of expected steps (P%), S s`, plain lines off a terminal.
    assert!(lines[0].contains(" steps ("), "{}", lines[0]);
    assert!(lines[0].ends_with(" s"), "{}", lines[0]);
    assert!(!common::stderr(&shown).contains('\r'));

    let quiet = run(&["ends-remainder", "--quiet"], &row, Some("1"));
    assert!(quiet.status.success());
    assert_eq!(common::stderr(&quiet), "");
    // By default a line comes only after five seconds: none for this run.
    let default = run(&["ends-remainder"], &row, None);
    assert_eq!(common::stderr(&default), "");

    assert_eq!(shown.stdout, quiet.stdout);
    assert_eq!(shown.stdout, default.stdout);
    assert!(!shown.stdout.is_empty());
}

#[test]
fn quiet_is_accepted_by_every_game_and_changes_no_answer() {
    let plain = run(&["ends", "3", "1", "4", "1", "5"], "", Some("1"));
    let quiet = run(&["--quiet", "ends", "3", "1", "4", "1", "5"], "", Some("1"));
    assert_eq!(plain.stdout, quiet.stdout);
    assert_eq!(common::stderr(&quiet), "");
}
