#![cfg(feature = "cli")]
//! One question, one answer (issue 49): each question asked through every
//! Rust path — the inherent method, the crate-wide trait, the generic engine
//! over the game's definition, the command line, the command line resuming a
//! checkpoint of a larger run, a fresh game and one reused in another order —
//! gets the same answer, or the same kind of refusal. The Python paths are
//! asked the same questions in python/tests/test_one_question.py.

use std::path::PathBuf;

use stonegame::impartial::octal::{OctalGame, TakeAndBreak, grundy_sequence_plain};
use stonegame::prelude::*;

use crate::common;

/// Octal codes without a short period (Officers, 0.37, 0.1777) and with
/// one (Kayles, Dawson's Kayles, 0.07), each with sums that reach past the
/// 4096 heaps the outcome path used to stop at.
const CODES: [&str; 6] = ["0.6", "0.37", "0.1777", "0.137", "kayles", "0.07"];
const SUMS: [&[u64]; 5] = [
    &[5000, 3],
    &[4097],
    &[1, 2, 3],
    &[4096, 4095, 7],
    &[2500, 2500],
];

/// The answer a path gives: an outcome, or the kind of refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
    Outcome(Outcome),
    Refused(&'static str),
}

fn kind(error: &Error) -> &'static str {
    match error {
        Error::WorkLimitExceeded { .. } | Error::WorkLimitWouldExceed { .. } => "work",
        Error::MemoryBudgetExceeded { .. } | Error::AllocationRefused { .. } => "memory",
        _ => "other",
    }
}

fn answer(result: Result<Outcome>) -> Answer {
    match result {
        Ok(outcome) => Answer::Outcome(outcome),
        Err(error) => Answer::Refused(kind(&error)),
    }
}

/// The command line's answer: its outcome line, or the refusal its message names.
fn cli_answer(args: &[&str]) -> Answer {
    let output = common::run(args, "");
    let text = common::stdout(&output);
    if output.status.success() {
        return match text.trim() {
            "First" => Answer::Outcome(Outcome::First),
            "Second" => Answer::Outcome(Outcome::Second),
            other => panic!("{args:?}: unexpected answer {other:?}"),
        };
    }
    let message = common::stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
    if message.contains("--max-work") {
        Answer::Refused("work")
    } else if message.contains("--memory-mib") {
        Answer::Refused("memory")
    } else {
        Answer::Refused("other")
    }
}

/// The XOR of G(heap) over a sum, from values listed by a reference sequence.
fn xor_outcome(values: &[u32], heaps: &[u64]) -> Outcome {
    let total = heaps.iter().fold(0, |x, &h| x ^ values[h as usize]);
    if total == 0 {
        Outcome::Second
    } else {
        Outcome::First
    }
}

fn code_game(code: &str) -> TakeAndBreak {
    match code {
        "kayles" => TakeAndBreak::kayles(),
        other => TakeAndBreak::octal(other).unwrap(),
    }
}

fn cli_values(code: &str, upto: u64, checkpoint: Option<&PathBuf>) -> Vec<u32> {
    let upto = upto.to_string();
    let mut args = vec!["grundy", "--octal", code, "--upto", &upto];
    let path;
    if let Some(file) = checkpoint {
        path = file.display().to_string();
        args.extend(["--checkpoint", &path]);
    }
    let output = common::run(&args, "");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        common::stderr(&output)
    );
    let text = common::stdout(&output);
    let line = text.lines().next().unwrap_or_default();
    line.split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn octal_outcomes_agree_on_every_path() {
    for code in CODES {
        let game = code_game(code);
        let largest = SUMS.iter().flat_map(|s| s.iter()).copied().max().unwrap();
        let reference = grundy_sequence_plain(&game, largest, Budget::default()).unwrap();
        let cli_sequence = cli_values(code, largest, None);
        assert_eq!(cli_sequence, reference, "{code}: grundy --upto");
        let mut reused = OctalGame::new(game.clone());
        let mut reused_backwards = OctalGame::new(game.clone());
        for (index, heaps) in SUMS.iter().enumerate() {
            let expected = Answer::Outcome(xor_outcome(&reference, heaps));
            let mut fresh = OctalGame::new(game.clone());
            let backwards = SUMS[SUMS.len() - 1 - index];
            let _ = reused_backwards.outcome(backwards);
            let heap_args: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let mut args = vec!["octal", code];
            args.extend(heap_args.iter().map(String::as_str));
            let paths = [
                ("inherent, fresh", answer(fresh.outcome(heaps))),
                (
                    "trait, reused",
                    answer(SolveAt::outcome(&mut reused, heaps)),
                ),
                (
                    "nimber",
                    answer(reused.nimber(heaps).map(Nimber::normal_outcome)),
                ),
                ("command line", cli_answer(&args)),
            ];
            for (path, got) in paths {
                assert_eq!(got, expected, "{code} {heaps:?} by {path}");
            }
        }
        // The reused game asked backwards answers each sum as a fresh one.
        for heaps in SUMS {
            let expected = Answer::Outcome(xor_outcome(&reference, heaps));
            assert_eq!(
                answer(reused_backwards.outcome(heaps)),
                expected,
                "{code} {heaps:?}"
            );
        }
    }
}

#[test]
fn the_generic_engine_agrees_with_the_octal_family() {
    // The definition (`TakeAndBreak` is an `ImpartialGame`) through
    // `GrundySolver`: the engine for a game of one's own.
    for code in CODES {
        let game = code_game(code);
        let mut solver = GrundySolver::new(&game);
        let mut family = OctalGame::new(game.clone());
        for heaps in [&[300u64, 7][..], &[129], &[64, 65, 66]] {
            let engine = answer(solver.outcome(heaps));
            assert_eq!(engine, answer(family.outcome(heaps)), "{code} {heaps:?}");
        }
    }
}

#[test]
fn refusals_agree_on_every_path() {
    // A work cap far below what the values to 5000 need: every path refuses
    // for the same cause, and names the same remedy.
    for code in ["0.6", "0.1777"] {
        let budget = Budget::default().with_work(10_000);
        let mut game = OctalGame::new(code_game(code)).with_budget(budget);
        let library = answer(game.outcome(&[5000, 3]));
        let trait_path = answer(SolveAt::outcome(&mut game, &[5000, 3]));
        let cli = cli_answer(&["octal", code, "--max-work", "10000", "5000", "3"]);
        assert_eq!(library, Answer::Refused("work"), "{code}");
        assert_eq!(trait_path, library, "{code}");
        assert_eq!(cli, library, "{code}");
    }
}

#[test]
fn a_refusal_names_the_heap_asked() {
    // Values are computed in chunks of 16,384; the refusal names the
    // question's heap, on the outcome path and the sequence path alike.
    for args in [
        &["octal", "0.6", "--max-work", "100000000", "100000", "3"][..],
        &[
            "grundy",
            "--octal",
            "0.6",
            "--max-work",
            "100000000",
            "--upto",
            "100000",
        ],
    ] {
        let output = common::run(args, "");
        let message = common::stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(
            message.contains("up to heap 100000 "),
            "{args:?}: {message}"
        );
    }
}

#[test]
fn a_checkpoint_never_changes_what_is_printed() {
    let dir = std::env::temp_dir().join(format!("stonegame-one-question-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A checkpoint of a longer run, then a shorter question (read off the
    // stored values), and of a shorter run, then a longer one (resumed):
    // games the kernel runs to the end, games with a period certified on the
    // way, and games whose formula a theorem gives (Nim, Lasker's Nim).
    let cases = [
        ("grundys-game", "2^16", "2^14"),
        ("grundys-game", "2^14", "2^15"),
        ("kayles", "5000", "3000"),
        ("kayles", "2^15", "2^14"),
        ("nim", "2^17", "2^15"),
        ("laskers-nim", "2^15", "20000"),
        ("laskers-nim", "1000", "2^16"),
    ];
    for (game, first, then) in cases {
        let file = dir.join(format!("{game}.ckpt"));
        let path = file.display().to_string();
        let stats = |upto: &str, checkpoint: bool| {
            let mut args = vec!["grundy", "--game", game, "--upto", upto, "--stats"];
            if checkpoint {
                args.extend(["--checkpoint", &path]);
            }
            let output = common::run(&args, "");
            assert!(
                output.status.success(),
                "{args:?}: {}",
                common::stderr(&output)
            );
            // The rate and the time are the machine's, not the game's.
            common::stdout(&output)
                .lines()
                .filter(|line| {
                    !line.starts_with("values-per-second") && !line.starts_with("seconds")
                })
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        let _ = std::fs::remove_file(&file);
        stats(first, true);
        let resumed = stats(then, true);
        let fresh = stats(then, false);
        assert_eq!(
            resumed, fresh,
            "{game}: --upto {then} after a run to {first}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
