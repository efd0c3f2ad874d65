#![cfg(feature = "cli")]
//! `grundy --stats` and `--checkpoint`: the statistics, a run killed at
//! random moments and resumed until it finishes, and refused checkpoints.

use crate::common;

use common::{checkpoint_key, run, stderr, stdout, stonegame};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};
use stonegame::Budget;
use stonegame::impartial::octal::{SequenceRun, TakeAndBreak, grundy_sequence};

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "stonegame-cli-octal-run-{}-{name}",
        std::process::id()
    ))
}

/// The final statistics: every line but the timing lines and the
/// power-of-two lines (a resumed run prints those it passes itself only).
fn final_stats(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| {
            !line.starts_with("at 2^")
                && !line.starts_with("values-per-second ")
                && !line.starts_with("seconds ")
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn stats_print_the_figures_not_the_values() {
    let output = run(
        &[
            "grundy",
            "--game",
            "grundys-game",
            "--upto",
            "2^14",
            "--stats",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    // G(0..2^14) at the power of two, then the run to 2^14 inclusive.
    assert!(lines[0].starts_with("at 2^14 rare "), "{text}");
    assert_eq!(lines[1], "game grundys-game");
    assert_eq!(lines[2], "heaps 16385");
    assert!(lines[3].starts_with("rare "), "{text}");
    assert!(lines[7].starts_with("values-per-second "), "{text}");
    assert!(lines[8].starts_with("seconds "), "{text}");
    assert_eq!(lines.len(), 9);
    // Largest value and first heap as the library's definition-checked run gives them.
    let mut library = SequenceRun::new(TakeAndBreak::grundys_game());
    library.extend_to(1 << 14).unwrap();
    let stats = library.stats();
    assert_eq!(
        lines[5],
        format!(
            "largest {} at {}",
            stats.largest_value, stats.largest_first_heap
        )
    );
    assert_eq!(lines[3], format!("rare {}", stats.rare_count));
    assert_eq!(lines[6], format!("mask {:#x}", stats.mask));
}

#[test]
fn stats_count_under_a_given_mask() {
    let output = run(
        &[
            "grundy",
            "--octal",
            "0.04",
            "--upto",
            "2^14",
            "--stats",
            "--count-mask",
            "0x7b8",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let mut library = SequenceRun::new(TakeAndBreak::octal("0.04").unwrap()).with_count_mask(0x7b8);
    library.extend_to(1 << 14).unwrap();
    let counted = library.stats().counted.unwrap();
    let last = counted.last_rare_heap.unwrap();
    assert!(
        text.contains(&format!(
            "\ncount-mask 0x7b8\ncount-mask-rare {}\ncount-mask-last-rare {last}\n",
            counted.rare_count
        )),
        "{text}"
    );
    // The line at 2^14 counts G(0..2^14), one heap fewer than the end.
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("at 2^14 rare "), "{text}");
    assert!(first.contains(" count-mask 0x7b8 rare "), "{text}");
    // Decimal masks too.
    let decimal = run(
        &[
            "grundy",
            "--octal",
            "0.04",
            "--upto",
            "2^14",
            "--stats",
            "--count-mask",
            "1976",
        ],
        "",
    );
    assert_eq!(final_stats(&stdout(&decimal)), final_stats(&text));
}

#[test]
fn bad_stats_arguments_are_refused() {
    for args in [
        &[
            "grundy",
            "--game",
            "kayles",
            "--upto",
            "5",
            "--checkpoint",
            "x",
        ][..],
        &["grundy", "--set", "1,2", "--upto", "5", "--stats"],
        &[
            "grundy", "--game", "kayles", "--upto", "5", "--stats", "--period",
        ],
        &["grundy", "--game", "kayles", "--upto", "2^64", "--stats"],
        &["grundy", "--game", "kayles", "--upto", "3^2", "--stats"],
        &["grundy", "--game", "kayles", "--upto", "2^33", "--stats"],
        &[
            "grundy",
            "--game",
            "kayles",
            "--upto",
            "5",
            "--stats",
            "--checkpoint-seconds",
            "3",
        ],
        &[
            "grundy",
            "--game",
            "kayles",
            "--upto",
            "4294967295",
            "--stats",
        ],
        &["grundy", "--game", "nonsense", "--upto", "5", "--stats"],
        &[
            "grundy",
            "--game",
            "kayles",
            "--upto",
            "5",
            "--count-mask",
            "0x3",
        ],
        &[
            "grundy",
            "--game",
            "kayles",
            "--upto",
            "5",
            "--stats",
            "--count-mask",
            "0",
        ],
        &[
            "grundy",
            "--game",
            "kayles",
            "--upto",
            "5",
            "--stats",
            "--count-mask",
            "0x1g",
        ],
        &[
            "grundy",
            "--game",
            "kayles",
            "--upto",
            "5",
            "--stats",
            "--count-mask",
            "4294967296",
        ],
    ] {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).starts_with("line 1: "),
            "{args:?}: {}",
            stderr(&output)
        );
        // A refusal before any work prints no statistics of an empty run.
        assert_eq!(stdout(&output), "", "{args:?}");
    }
}

#[test]
fn a_run_refused_at_its_limits_leaves_no_checkpoint() {
    let file = scratch("refused.ckpt");
    let _ = std::fs::remove_file(&file);
    for upto in ["2^33", "4294967295"] {
        let output = run(
            &[
                "grundy",
                "--game",
                "kayles",
                "--upto",
                upto,
                "--stats",
                "--checkpoint",
                file.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(2), "{upto}");
        assert_eq!(stdout(&output), "", "{upto}");
        assert!(
            !file.exists(),
            "{upto}: a refused run created its checkpoint"
        );
    }
}

/// `grundy SOURCE --upto 3000 --stats --checkpoint FILE` (SOURCE e.g.
/// `["--octal", "0.6"]`).
fn stats_with_checkpoint(source: &[&str], upto: &str, file: &str) -> std::process::Output {
    let mut args = vec!["grundy"];
    args.extend_from_slice(source);
    args.extend_from_slice(&["--upto", upto, "--stats", "--checkpoint", file]);
    run(&args, "")
}

/// The run is refused (exit 2) with `expected` in its message and prints no statistics.
fn assert_checkpoint_refused(output: &std::process::Output, expected: &str) {
    assert_eq!(output.status.code(), Some(2), "{}", stderr(output));
    assert!(stderr(output).contains(expected), "{}", stderr(output));
}

#[test]
fn foreign_and_damaged_checkpoints_are_refused() {
    let path = scratch("refused");
    let file = path.to_str().unwrap();
    let output = stats_with_checkpoint(&["--octal", "0.6"], "3000", file);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = stats_with_checkpoint(&["--game", "kayles"], "3000", file);
    assert_checkpoint_refused(&output, "checkpoint of another computation");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 20;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let output = stats_with_checkpoint(&["--octal", "0.6"], "3000", file);
    assert_checkpoint_refused(&output, "damaged checkpoint");
    assert!(stdout(&output).is_empty());
    std::fs::remove_file(&path).unwrap();
    // A checkpoint that cannot be written is refused before the run.
    let output = stats_with_checkpoint(&["--game", "kayles"], "2^20", "/nonexistent-directory/x");
    assert_checkpoint_refused(&output, "/nonexistent-directory/x");
}

/// A small pseudo-random sequence (SplitMix64) seeded from the clock: each
/// run of the test kills at other moments.
struct Moments(u64);

impl Moments {
    fn next_millis(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % below
    }
}

/// The CLI is killed (SIGKILL) at random moments, during the computation or
/// a checkpoint write, and started again on the same file until a run
/// finishes; its statistics and the values in its checkpoint are those of
/// a run never interrupted. The first kill comes as soon as the first
/// checkpoint is written (after a second), so the last run resumes; every
/// later kill at a random moment up to 70% of the uninterrupted run's time.
#[test]
fn a_killed_run_resumes_to_identical_results() {
    let path = scratch("killed");
    let file = path.to_str().unwrap();
    let _ = std::fs::remove_file(&path);
    // The run must outlast a few checkpoint intervals (1 s) whatever the build
    // and the machine: the heap count doubles until the uninterrupted run takes
    // 3 s (600,000 heaps take about 1 s in a release build, longer in debug).
    let mut heaps: u64 = 600_000;
    let (uninterrupted, whole) = loop {
        let started = Instant::now();
        let output = run(
            &[
                "grundy",
                "--game",
                "grundys-game",
                "--upto",
                &heaps.to_string(),
                "--stats",
            ],
            "",
        );
        let whole = started.elapsed().as_millis() as u64;
        assert!(output.status.success(), "{}", stderr(&output));
        if whole >= 3_000 || heaps >= 1 << 23 {
            break (output, whole);
        }
        heaps *= 2;
    };
    let upto = heaps.to_string();
    let upto = upto.as_str();
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut moments = Moments(seed);
    let mut kills = 0;
    let finished = loop {
        let mut child = stonegame()
            .args([
                "grundy",
                "--game",
                "grundys-game",
                "--upto",
                upto,
                "--stats",
            ])
            .args(["--checkpoint", file, "--checkpoint-seconds", "1"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        if kills == 0 {
            // Until a checkpoint holds at least a chunk of values (one byte each).
            let holds_values = || std::fs::metadata(&path).is_ok_and(|m| m.len() > 16_384);
            while !holds_values() && child.try_wait().unwrap().is_none() {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        // The first kill comes as soon as the checkpoint holds values: a
        // random moment could fall after the end of a run that goes faster
        // than the measured one (the machine's load changes), and the test
        // would then prove nothing.
        let after = if kills == 0 {
            0
        } else {
            20 + moments.next_millis(whole * 7 / 10)
        };
        let deadline = Instant::now() + Duration::from_millis(after);
        while Instant::now() < deadline && child.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(5));
        }
        if child.try_wait().unwrap().is_none() && kills < 8 {
            child.kill().unwrap();
            child.wait().unwrap();
            kills += 1;
            continue;
        }
        break child.wait_with_output().unwrap();
    };
    assert!(
        finished.status.success(),
        "seed {seed}: {}",
        stderr(&finished)
    );
    assert!(
        kills > 0,
        "seed {seed}: never killed (the run takes {whole} ms)"
    );
    assert!(
        stderr(&finished).contains("grundy: resumed"),
        "seed {seed}: {}",
        stderr(&finished)
    );
    assert_eq!(
        final_stats(&stdout(&finished)),
        final_stats(&stdout(&uninterrupted)),
        "seed {seed}, {kills} kills"
    );
    let resumed = SequenceRun::resume(
        &path,
        TakeAndBreak::grundys_game(),
        Budget::default(),
        &checkpoint_key(),
    )
    .unwrap();
    let reference =
        grundy_sequence(&TakeAndBreak::grundys_game(), heaps, Budget::default()).unwrap();
    assert!(resumed.solver().values().eq(reference), "seed {seed}");
    std::fs::remove_file(&path).unwrap();
    // A write killed midway leaves its partial file beside the checkpoint (the next write replaces it).
    let aside = path.with_file_name(format!(
        ".{}.partial",
        path.file_name().unwrap().to_str().unwrap()
    ));
    let _ = std::fs::remove_file(aside);
}

/// A game whose sparse space fails (.06: the solver runs its dense kernel
/// from heap 4,096 on) stopped at a checkpoint inside the dense part and
/// resumed, by the CLI (as tools/octal-frontier runs its two phases) and by
/// the library: the statistics, the solver's state (its work included) and
/// the values are those of a run never stopped.
#[test]
fn a_dense_run_resumes_from_its_checkpoint_to_identical_results() {
    let path = scratch("dense");
    let file = path.to_str().unwrap();
    let _ = std::fs::remove_file(&path);
    let args = |upto: &'static str| ["grundy", "--octal", "0.06", "--upto", upto, "--stats"];
    let whole = run(&args("12000"), "");
    assert!(whole.status.success(), "{}", stderr(&whole));
    let first = stonegame()
        .args(args("6000"))
        .args(["--checkpoint", file])
        .output()
        .unwrap();
    assert!(first.status.success(), "{}", stderr(&first));
    let second = stonegame()
        .args(args("12000"))
        .args(["--checkpoint", file])
        .output()
        .unwrap();
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(
        stderr(&second).contains("grundy: resumed"),
        "{}",
        stderr(&second)
    );
    assert_eq!(final_stats(&stdout(&second)), final_stats(&stdout(&whole)));
    let game = TakeAndBreak::octal("0.06").unwrap();
    let mut resumed =
        SequenceRun::resume(&path, game.clone(), Budget::default(), &checkpoint_key()).unwrap();
    assert_eq!(resumed.stats().heaps, 12_001);
    let mut uninterrupted = SequenceRun::new(game.clone());
    uninterrupted.extend_to(12_000).unwrap();
    assert_eq!(resumed.stats(), uninterrupted.stats());
    assert_eq!(resumed.solver().state(), uninterrupted.solver().state());
    resumed.extend_to(14_000).unwrap();
    uninterrupted.extend_to(14_000).unwrap();
    assert_eq!(resumed.solver().state(), uninterrupted.solver().state());
    let reference = grundy_sequence(&game, 14_000, Budget::default()).unwrap();
    assert!(resumed.solver().values().eq(reference));
    std::fs::remove_file(&path).unwrap();
}
