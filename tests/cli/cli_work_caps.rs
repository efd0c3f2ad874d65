#![cfg(feature = "cli")]
//! Issue 35's reproductions with `--max-work 1000000`: each refuses, naming
//! the game, the cap and the option that raises it in under 300
//! characters, or answers correctly, in well under a second of work.

use crate::common;

use common::{run, stderr, stdout};
use proptest::prelude::*;

const CAP: &str = "1000000";

/// Exit 2 and a short message with the cap, `--max-work` and `names`.
fn assert_refused(args: &[&str], stdin: &str, names: &str) {
    let mut all = vec!["--max-work", CAP];
    all.extend_from_slice(args);
    let output = run(&all, stdin);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
    let last = message.lines().last().unwrap_or_default();
    assert!(last.starts_with("line 1: "), "{last}");
    for part in [names, "--max-work"] {
        assert!(last.contains(part), "{part}: {last}");
    }
    // Stopped at the cap, or refused before starting for needing more.
    assert!(
        last.contains("after 1000000 steps") || last.contains("over the work limit of 1000000"),
        "{last}"
    );
    assert!(last.len() < 300, "{} characters: {last}", last.len());
}

/// Standard output of a run that must succeed within the cap.
fn answered(args: &[&str]) -> String {
    let mut all = vec!["--max-work", CAP];
    all.extend_from_slice(args);
    let output = run(&all, "");
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
}

/// The `key value` line of `--stats` output.
fn figure<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|line| line.strip_prefix(key)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no `{key}` in {text}"))
}

#[test]
fn octal_codes_that_repeat_forever_are_charged_their_listing() {
    assert_refused(&["octal", "0.(1)", "4194303"], "", "0.(1)");
    assert_refused(&["octal", "4.(7)", "100000"], "", "4.(7)");
    assert_refused(
        &[
            "grundy",
            "--octal",
            "0.(1)",
            "--upto",
            "2^17",
            "--period-only",
        ],
        "",
        "0.(1)",
    );
}

#[test]
fn quadratic_stone_rows_are_refused_up_front() {
    // front-doubling charges 128 steps a cell (n²/2 cells), stone-split 32 an
    // interval: 300 stones are over a million steps, 6 are not.
    let long = (1..=300)
        .map(|i| (i % 7 + 1).to_string())
        .collect::<Vec<_>>();
    let long = long.join(" ");
    assert_refused(
        &["front-doubling"],
        &long,
        "front-doubling (take up to 2M) on 300 stones",
    );
    assert_refused(
        &["stone-split"],
        &long,
        "stone-split (Stone Game V) on 300 stones",
    );
    assert_refused(
        &["stone-split", "--line"],
        &long,
        "stone-split (Stone Game V) on 300 stones",
    );
    assert_eq!(
        answered(&["front-doubling", "2", "7", "9", "4", "4"]),
        "-6\n"
    );
    assert_eq!(
        answered(&["stone-split", "6", "2", "3", "4", "5", "5"]),
        "18\n"
    );
}

#[test]
fn ends_remainder_is_refused_up_front_on_long_rows() {
    for stones in [100_000, 3_000_000] {
        let row = vec!["7"; stones].join(" ");
        assert_refused(
            &["ends-remainder"],
            &row,
            &format!("ends-remainder on {stones} stones"),
        );
    }
    // A short row still answers (5 3 1 4 2 is worth 6).
    let output = run(
        &["--max-work", CAP, "ends-remainder", "5", "3", "1", "4", "2"],
        "",
    );
    assert_eq!(stdout(&output), "6\n");
}

#[test]
fn misere_searches_refuse_within_the_cap() {
    let set: Vec<String> = (2..=1001).map(|s| s.to_string()).collect();
    let set = set.join(",");
    assert_refused(
        &["subtraction", "--misere", "--set", &set, "1000", "1000"],
        "",
        "misère subtraction S = {2,3,4,5,… (1000 amounts)}",
    );
    assert_refused(
        &["octal", "--misere", "grundys-game", "1000", "3"],
        "",
        "exact misère search of grundys-game",
    );
}

/// Take 20, 64, 89 or 109: one heap's win/lose bits need 3,477,971 heaps
/// (at 5 steps each) before Brent's search sees their period.
#[test]
fn single_heap_win_lose_bits_are_charged() {
    let heap = "1000000000000000000";
    for (misere, names) in [
        (
            false,
            "line 1: subtraction S = {20,64,89,109}: win/lose period search",
        ),
        (
            true,
            "line 1: misère subtraction S = {20,64,89,109}: win/lose period search",
        ),
    ] {
        let mut args = vec!["--max-work", "1000", "subtraction", "--set", "20,64,89,109"];
        if misere {
            args.push("--misere");
        }
        args.push(heap);
        let refused = run(&args, "");
        let message = stderr(&refused);
        assert_eq!(refused.status.code(), Some(2), "{message}");
        let last = message.lines().last().unwrap_or_default();
        for part in [names, "1000 steps", "--max-work"] {
            assert!(last.contains(part), "{part}: {last}");
        }
        assert!(last.len() < 300, "{} characters: {last}", last.len());
        // A cap with room answers as the run without one.
        args[1] = "18000000";
        let answered = run(&args, "");
        assert!(answered.status.success(), "{}", stderr(&answered));
        let uncapped = run(&args[2..], "");
        assert!(uncapped.status.success(), "{}", stderr(&uncapped));
        assert_eq!(stdout(&answered), stdout(&uncapped));
    }
}

/// Lasker's Nim by its definition: a heap loses any number of tokens or
/// splits in two non-empty heaps.
fn laskers_reference(upto: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=upto {
        let mut seen = vec![false; 2 * n + 2];
        for smaller in 0..n {
            seen[values[smaller] as usize] = true;
        }
        for a in 1..n {
            seen[(values[a] ^ values[n - a]) as usize] = true;
        }
        values.push(seen.iter().position(|&s| !s).unwrap() as u64);
    }
    values
}

#[test]
fn laskers_nim_values_are_read_off_its_theorem() {
    let text = answered(&[
        "grundy",
        "--game",
        "laskers-nim",
        "--upto",
        "100000",
        "--period",
    ]);
    let mut lines = text.lines();
    let values: Vec<u64> = lines
        .next()
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(values.len(), 100_001);
    assert_eq!(&values[..=300], &laskers_reference(300)[..]);
    // G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
    assert_eq!(&values[99_997..], &[99_997, 99_998, 100_000, 99_999]);
    assert!(lines.next().unwrap().contains("saltus 4"), "{text}");
}

#[test]
fn stats_of_proven_games_are_read_off_their_formula() {
    let nim = answered(&["grundy", "--game", "nim", "--upto", "2^16", "--stats"]);
    assert_eq!(figure(&nim, "heaps"), "65537");
    assert_eq!(figure(&nim, "largest"), "65536 at 65536");
    // Kayles's kernel stretch (2^14 heaps, its quadratic scans) is over the
    // cap of a million steps; the default cap answers at once.
    let args = ["grundy", "--game", "kayles", "--upto", "2^22", "--stats"];
    assert_refused(&args, "", "0.77");
    let output = run(&args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    let kayles = stdout(&output);
    assert_eq!(figure(&kayles, "heaps"), "4194305");
    // Kayles's largest value is 8, first at heap 27 (period 12 from heap 71).
    assert_eq!(figure(&kayles, "largest"), "8 at 27");
    assert!(kayles.contains("at 2^22 "), "{kayles}");
}

/// The `--stats` figures with the values computed by the kernel to the end
/// (a checkpointed run never switches to a formula).
fn stats_by_kernel(args: &[&str]) -> String {
    let dir = std::env::temp_dir().join(format!("stonegame-caps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!(
        "{}.ckpt",
        args.join("_").replace(['/', '(', ')'], "")
    ));
    let _ = std::fs::remove_file(&file);
    let mut all = vec!["grundy"];
    all.extend_from_slice(args);
    all.extend(["--stats", "--checkpoint", file.to_str().unwrap()]);
    let output = run(&all, "");
    let _ = std::fs::remove_file(&file);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

/// Every line but the timings.
fn figures(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.starts_with("values-per-second") && !l.starts_with("seconds"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    #[test]
    fn figures_read_off_a_formula_are_those_of_the_kernel(
        game in prop::sample::select(vec!["kayles", "dawsons-kayles", "nim", "laskers-nim", "0.137"]),
        extra in 0u64..20_000,
        mask in prop::option::of(1u32..16),
    ) {
        // Past the stretch the kernel computes before the formula takes
        // over: 2^10 heaps for a formula known beforehand, 2^14 for a period.
        let upto = match game {
            "nim" | "laskers-nim" => (1u64 << 10) + extra % 4000,
            _ => (1u64 << 14) + extra,
        };
        let upto = upto.to_string();
        let mask = mask.map(|m| m.to_string());
        let source = if game.starts_with('0') { "--octal" } else { "--game" };
        let mut args = vec![source, game, "--upto", &upto];
        if let Some(mask) = &mask {
            args.extend(["--count-mask", mask]);
        }
        let direct = stats_by_kernel(&args);
        let mut formula_args = vec!["grundy"];
        formula_args.extend_from_slice(&args);
        formula_args.push("--stats");
        let output = run(&formula_args, "");
        prop_assert!(output.status.success(), "{}", stderr(&output));
        let formula = stdout(&output);
        prop_assert_eq!(figures(&formula), figures(&direct));
    }
}

/// 500 amounts up to about 59,600: a window search of 6 units an amount read.
fn wide_set() -> String {
    let amounts: Vec<String> = (1..=500u64)
        .map(|i| (119 * i + i * i % 97).to_string())
        .collect();
    amounts.join(",")
}

#[test]
fn subtraction_period_searches_are_charged_per_amount_read() {
    let set = wide_set();
    assert_refused(
        &["subtraction", "--set", &set, "1000000000000"],
        "",
        "subtraction --set '120,242,",
    );
    assert_refused(
        &["grundy", "--set", &set, "--upto", "100000"],
        "",
        "period search (window ",
    );
}

/// Take 1 or 200 by the definition: win/lose of heaps `0..len`.
fn one_or_two_hundred(len: usize) -> Vec<bool> {
    let mut wins = vec![false; len];
    for n in 1..len {
        wins[n] = !wins[n - 1] || (n >= 200 && !wins[n - 200]);
    }
    wins
}

#[test]
fn a_period_search_within_the_cap_answers_as_the_definition() {
    // 8 + 6·2 units a value: 50,000 values fit 10^6, 50 do not fit 1000.
    let heaps: Vec<String> = (0..3000).map(|n| format!("{}", n * 7 + 200)).collect();
    let output = run(
        &["--max-work", CAP, "subtraction", "--set", "1,200"],
        &heaps.join("\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let wins = one_or_two_hundred(3000 * 7 + 201);
    let expected: Vec<&str> = (0..3000)
        .map(|n| if wins[n * 7 + 200] { "First" } else { "Second" })
        .collect();
    assert_eq!(stdout(&output).lines().collect::<Vec<_>>(), expected);
    let refused = run(
        &[
            "--max-work",
            "1000",
            "subtraction",
            "--set",
            "1,200",
            "100000",
        ],
        "",
    );
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("1000 steps"),
        "{}",
        stderr(&refused)
    );
}
