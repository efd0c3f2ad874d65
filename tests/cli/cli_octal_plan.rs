#![cfg(feature = "cli")]
//! The planner on the command line: `octal CODE HEAPS` answers heaps above
//! 4,096 of codes with no short period from the values up to the largest
//! heap (as `grundy --octal CODE --upto MAX` computes them), never by a
//! period hunt to 2^22 first; and a checkpoint holding more heaps than asked
//! prints the figures of an uninterrupted run.

use crate::common;

use common::run;
use std::path::PathBuf;

fn stdout(args: &[&str]) -> String {
    let output = run(args, "");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// `grundy --octal CODE --upto UPTO`: the values.
fn sequence(code: &str, upto: u64) -> Vec<u64> {
    let text = stdout(&["grundy", "--octal", code, "--upto", &upto.to_string()]);
    text.split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

/// The outcome the XOR of the sequence's values gives.
fn by_xor(values: &[u64], heaps: &[u64]) -> &'static str {
    let total = heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]);
    if total == 0 { "Second" } else { "First" }
}

#[test]
fn heaps_above_4096_of_codes_without_a_short_period_are_answered() {
    // (code, heaps): the cases of issue 49, which a period search to 2^22
    // refused after its work cap; each sum checked against the sequence's XOR.
    let cases: [(&str, &[u64]); 4] = [
        ("0.6", &[5000]),
        ("0.37", &[5000, 4097]),
        ("0.1777", &[4097]),
        ("0.1777", &[4097, 4100, 12]),
    ];
    for (code, heaps) in cases {
        let largest = *heaps.iter().max().unwrap();
        let values = sequence(code, largest);
        let mut args = vec!["octal".to_string(), code.to_string()];
        args.extend(heaps.iter().map(u64::to_string));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let answer = stdout(&args);
        assert_eq!(answer.trim(), by_xor(&values, heaps), "{code} {heaps:?}");
    }
    // A sum whose XOR is zero: a heap against itself.
    assert_eq!(stdout(&["octal", "0.6", "5000", "5000"]).trim(), "Second");
}

#[test]
fn a_small_work_cap_refuses_as_the_sequence_does() {
    // Values up to 5000 need more than 1,000 steps: both refuse by the work cap.
    let octal = run(&["octal", "--max-work", "1000", "0.6", "5000"], "");
    let sequence = run(
        &[
            "grundy",
            "--max-work",
            "1000",
            "--octal",
            "0.6",
            "--upto",
            "5000",
        ],
        "",
    );
    for output in [&octal, &sequence] {
        assert_eq!(output.status.code(), Some(2));
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("1000 steps"), "{message}");
    }
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "stonegame-cli-octal-plan-{}-{name}",
        std::process::id()
    ))
}

/// Every line but the timing ones.
fn figures(output: &std::process::Output) -> Vec<String> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| !line.starts_with("values-per-second ") && !line.starts_with("seconds "))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_checkpoint_with_more_heaps_prints_the_figures_of_an_uninterrupted_run() {
    let dir = scratch("checkpoints");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("grundys-game.ckpt");
    let fresh_file = dir.join("fresh.ckpt");
    let path = file.to_str().unwrap();
    let stats = |upto: &str, checkpoint: Option<&str>| {
        let mut args = vec![
            "grundy",
            "--game",
            "grundys-game",
            "--upto",
            upto,
            "--stats",
        ];
        if let Some(path) = checkpoint {
            args.extend_from_slice(&["--checkpoint", path]);
        }
        run(&args, "")
    };
    figures(&stats("65536", Some(path)));
    let resumed = figures(&stats("16384", Some(path)));
    let fresh = figures(&stats("16384", Some(fresh_file.to_str().unwrap())));
    let plain = figures(&stats("16384", None));
    assert_eq!(resumed, plain);
    assert_eq!(fresh, plain);
    // Between two powers of two, too.
    let resumed = figures(&stats("30000", Some(path)));
    assert_eq!(resumed, figures(&stats("30000", None)));
    let _ = std::fs::remove_dir_all(&dir);
}
