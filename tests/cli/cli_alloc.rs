#![cfg(feature = "cli")]
//! A memory budget above what the process may have: the system refuses the
//! allocation and the command line says so (exit 2), never an abort
//! (issue 35: `ulimit -v 4194304; stonegame --memory-mib 100000
//! ends-remainder --line` on 50,000 stones died of SIGABRT).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The address-space cap of these runs: far below what the inputs ask for.
const CAP_KIB: u64 = 600_000;

/// Runs the binary under `ulimit -v CAP_KIB` with a budget of 100,000 MiB.
fn run_under_ulimit(args: &[&str], stdin: &[u8]) -> Output {
    run_under(CAP_KIB, args, stdin)
}

/// Runs the binary under `ulimit -v cap_kib` with a budget of 100,000 MiB.
fn run_under(cap_kib: u64, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {cap_kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_stonegame"))
        .arg("--memory-mib")
        .arg("100000")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let _ = child.stdin.take().expect("piped").write_all(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// Exit 2 with a `line N:` message naming the refusal and the option to lower.
fn assert_refused_by_the_system(output: &Output, what: &str) {
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(2),
        "killed or wrong exit: {message}"
    );
    assert!(
        message.starts_with("line 1: the system refused "),
        "{message}"
    );
    for part in [what, "lower the budget", "--memory-mib"] {
        assert!(message.contains(part), "{part}: {message}");
    }
    assert!(
        message.len() < 300,
        "{} characters: {message}",
        message.len()
    );
}

#[test]
fn an_interval_table_the_system_refuses_is_an_error_not_an_abort() {
    // 50,000 stones: the --line table needs 10,000,200,000 bytes.
    let row: Vec<String> = (0..50_000).map(|i| (i % 97).to_string()).collect();
    let output = run_under_ulimit(
        &["ends-remainder", "--line", "--max-work", "100000000000"],
        row.join(" ").as_bytes(),
    );
    assert_refused_by_the_system(&output, "10000200000 bytes for interval table");
}

#[test]
fn a_users_graph_game_the_system_cannot_hold_is_an_error_not_an_abort() {
    // A token game on a graph given by its moves (the generic retrograde
    // engine): 10^8 and 10^9 positions, each table refused by the system.
    for positions in ["100000000", "1000000000"] {
        let output = run_under_ulimit(&["graph"], format!("{positions} 1\n0 1\n").as_bytes());
        assert_refused_by_the_system(&output, "bytes for retrograde");
    }
}

#[test]
fn take_up_to_2m_tables_the_system_refuses_are_an_error_not_an_abort() {
    // 16,000 stones: about n²/2 cells of i64, over a GiB (was SIGABRT).
    let row: Vec<String> = (0..16_000).map(|i| (i % 97 + 1).to_string()).collect();
    for line in [&[][..], &["--line"][..]] {
        let mut args = vec!["front-doubling", "--max-work", "100000000000000"];
        args.extend_from_slice(line);
        let output = run_under_ulimit(&args, row.join(" ").as_bytes());
        assert_refused_by_the_system(&output, "1023935992 bytes for take-up-to-2M table");
    }
}

#[test]
fn stone_split_tables_the_system_refuses_are_an_error_not_an_abort() {
    // 11,000 stones near 10^17 (solved in i128): the line's triangles need
    // 968,088,000 bytes; the command used to ignore --memory-mib.
    let row: Vec<String> = (0..11_000)
        .map(|i| (100_000_000_000_000_000u64 + i % 97).to_string())
        .collect();
    let output = run_under_ulimit(&["stone-split", "--line"], row.join(" ").as_bytes());
    assert_refused_by_the_system(&output, "968088000 bytes for Stone Game V interval tables");
}

#[test]
fn a_hackenbush_graph_the_system_cannot_hold_is_an_error_not_an_abort() {
    // A path of 4,000,000 edges (a 62 MB line): its graph and analysis need
    // about 400 MB, within the budget and above a 300 MB address space.
    let mut line = String::with_capacity(64 << 20);
    for v in 0..4_000_000u32 {
        line.push_str(&format!("{v}-{} ", v + 1));
    }
    line.push('\n');
    let output = run_under(300_000, &["hackenbush"], line.as_bytes());
    assert_refused_by_the_system(&output, "bytes for Green Hackenbush working memory");
}

#[test]
fn a_janken_recurrence_the_system_refuses_is_an_error_not_an_abort() {
    // Barriers a million steps away, counted modulo a prime by the
    // recurrence: its polynomials of about 10^6 coefficients (8 MB each, a
    // few dozen of them with the transforms) are far within the budget and
    // above a 60 MB address space.
    let args = [
        "janken",
        "--max-work",
        "100000000000000",
        "--modulo",
        "998244353",
        "1000000,1000000,1000000000000000000",
    ];
    let output = run_under(60_000, &args, b"");
    assert_refused_by_the_system(&output, "bytes for ");
    let message = String::from_utf8_lossy(&output.stderr);
    let buffers = [
        "polynomial product",
        "continuants",
        "generating function of a walk",
        "transform roots",
        "Bostan-Mori",
    ];
    assert!(
        buffers.iter().any(|name| message.contains(name)),
        "{message}"
    );
}
