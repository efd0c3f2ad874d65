#![cfg(feature = "cli")]
//! Issue 35 for octal games on the command line: a sequence the system
//! cannot hold is refused (exit 2), never an abort, and a search stopped at
//! the work cap names the game, the cap and how to raise it.

use std::process::{Command, Output};

/// Runs the binary under `ulimit -v 600000` (KiB) with a budget of 100,000 MiB.
fn run_under_ulimit(args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 600000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_stonegame"))
        .arg("--memory-mib")
        .arg("100000")
        .args(args)
        .output()
        .expect("sh runs")
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stonegame"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_grundy_sequence_the_system_cannot_hold_is_an_error_not_an_abort() {
    // 4·10^9 values of Grundy's game: their cells (4 GB) were reserved
    // infallibly and the process died of SIGABRT.
    let output = run_under_ulimit(&[
        "grundy",
        "--game",
        "grundys-game",
        "--upto",
        "4000000000",
        "--period-only",
    ]);
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{message}");
    for part in [
        "line 1: the system refused 4000000001 bytes for Grundy sequence",
        "--memory-mib",
    ] {
        assert!(message.contains(part), "{part}: {message}");
    }
    assert!(message.len() < 300, "{message}");
}

#[test]
fn octal_refusals_name_the_game_the_cap_and_the_option() {
    for args in [
        ["octal", "4.(7)", "100000"].as_slice(),
        ["octal", "0.(1)", "4194303"].as_slice(),
        ["octal", "--misere", "grundys-game", "1000", "3"].as_slice(),
    ] {
        let mut capped = vec!["--max-work", "1000000"];
        capped.extend_from_slice(args);
        let output = run(&capped);
        let message = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        let game = args[args.len() - 2].trim_start_matches("--");
        let game = if game == "1000" { "grundys-game" } else { game };
        for part in [game, "1000000", "--max-work"] {
            assert!(message.contains(part), "{part}: {message}");
        }
        assert!(
            message.len() < 300,
            "{} characters: {message}",
            message.len()
        );
    }
}

/// The misère quotient of 0.36 grows past heap 20 to tables of about 880 MB.
/// Growing a heap copied the current table while building the next one, so
/// two such tables lived at once within a 1 GiB budget that counted one:
/// 1.75 GB peak, and under `ulimit -v` the copy died of SIGABRT. Both tables
/// count now: the budget refuses, below the process's limit.
#[test]
fn a_growing_misere_quotient_stays_within_the_memory_budget() {
    let output = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1200000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_stonegame"))
        .args(["--memory-mib", "1024", "--max-work", "10000000000"])
        .args(["octal", "--misere", "0.36", "2000000"])
        .output()
        .expect("sh runs");
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{message}");
    for part in [
        "line 1: misère 0.36",
        "needs over 1073741824 bytes",
        "--memory-mib",
    ] {
        assert!(message.contains(part), "{part}: {message}");
    }
    assert!(message.len() < 300, "{message}");
}
