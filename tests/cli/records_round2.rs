#![cfg(feature = "cli")]
//! Issue 35 (round two of attacks on checkpoints): each reproduction as a
//! test. A checkpoint answers only the question asked (a smaller range from
//! its first values, with that range's figures), forged headers and values
//! are refused, one writer at a time, no FIFO, short messages, and a
//! finished read-only checkpoint is answered without being rewritten.

use crate::common;

use common::{checkpoint_key, run, stderr, stdout, stonegame};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;
use stonegame::impartial::octal::{
    CheckpointKey, CheckpointLock, ResumeCheck, SequenceRun, TakeAndBreak, grundy_sequence,
    grundy_sequence_plain,
};
use stonegame::{Budget, Error};

fn scratch(name: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "stonegame-records2-{}-{name}-{n}",
        std::process::id()
    ))
}

/// The key the tests' checkpoints are signed with (the one the binary uses in them).
fn key() -> CheckpointKey {
    checkpoint_key()
}

/// Removes a checkpoint and its lock file.
fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
    let name = path.file_name().unwrap().to_string_lossy();
    let _ = std::fs::remove_file(path.with_file_name(format!(".{name}.lock")));
}

/// The file's identity (a rewrite renames a new file over it), and its
/// modification time.
fn identity(path: &Path) -> (u64, std::time::SystemTime) {
    let meta = std::fs::metadata(path).unwrap();
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let inode = 0;
    (inode, meta.modified().unwrap())
}

/// The figures of a `grundy --stats` output, without timings.
fn figures(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| {
            !line.starts_with("at 2^")
                && !line.starts_with("values-per-second ")
                && !line.starts_with("seconds ")
        })
        .map(str::to_string)
        .collect()
}

fn stats_run(game: &str, upto: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["grundy", "--game", game, "--upto", upto, "--stats"];
    args.extend_from_slice(extra);
    run(&args, "")
}

/// The first reproduction: a checkpoint solved further than asked
/// answered with the stored run's figures (`rare 1273, last-rare 82860` for
/// 2^16 after 2^18). Now the figures are those of an honest run to the
/// range asked, with or without `--count-mask`, and the file is unchanged.
#[test]
fn a_smaller_range_is_answered_with_its_own_figures() {
    let path = scratch("smaller");
    let file = path.to_str().unwrap();
    let long = stats_run("grundys-game", "2^17", &["--checkpoint", file]);
    assert!(long.status.success(), "{}", stderr(&long));
    let stored = std::fs::read(&path).unwrap();
    let inode = identity(&path);
    for extra in [
        &[][..],
        &["--count-mask", "0x7b8"][..],
        &["--count-mask", "1"][..],
    ] {
        let honest = stats_run("grundys-game", "2^15", extra);
        let mut args = extra.to_vec();
        args.extend_from_slice(&["--checkpoint", file]);
        let resumed = stats_run("grundys-game", "2^15", &args);
        assert!(resumed.status.success(), "{}", stderr(&resumed));
        assert_eq!(
            figures(&stdout(&resumed)),
            figures(&stdout(&honest)),
            "{extra:?}"
        );
        assert!(
            stdout(&resumed).contains("heaps 32769"),
            "{}",
            stdout(&resumed)
        );
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        stored,
        "the file was rewritten"
    );
    assert_eq!(identity(&path), inode, "the file was replaced");
    remove(&path);
}

/// Resuming a finished checkpoint in a read-only directory prints the
/// figures and exits 0 (it used to rewrite the file, then exit 2).
#[cfg(unix)]
#[test]
fn a_finished_read_only_checkpoint_is_answered_not_rewritten() {
    use std::os::unix::fs::PermissionsExt;
    let directory = scratch("read-only");
    std::fs::create_dir(&directory).unwrap();
    let path = directory.join("g");
    let file = path.to_str().unwrap();
    let first = stats_run("kayles", "20000", &["--checkpoint", file]);
    assert!(first.status.success(), "{}", stderr(&first));
    let stored = std::fs::read(&path).unwrap();
    let inode = identity(&path);
    std::fs::set_permissions(&directory, std::fs::Permissions::from_mode(0o555)).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    for upto in ["20000", "5000"] {
        let again = stats_run("kayles", upto, &["--checkpoint", file]);
        assert_eq!(again.status.code(), Some(0), "{upto}: {}", stderr(&again));
        let honest = stats_run("kayles", upto, &[]);
        assert_eq!(figures(&stdout(&again)), figures(&stdout(&honest)));
    }
    // Going further needs the lock (and a writable directory): refused,
    // unless the tests run as root, who writes anywhere.
    let root = std::fs::File::create(directory.join("probe")).is_ok();
    if !root {
        let further = stats_run("kayles", "30000", &["--checkpoint", file]);
        assert_eq!(further.status.code(), Some(2), "{}", stderr(&further));
        assert_eq!(std::fs::read(&path).unwrap(), stored);
    }
    assert_eq!(std::fs::read(&path).unwrap(), stored);
    assert_eq!(identity(&path), inode, "the file was replaced");
    std::fs::set_permissions(&directory, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::remove_dir_all(&directory).unwrap();
}

/// Library side: `stats_at` over a prefix gives the figures of a run to
/// that range (the rare positions under the split a run to that range chooses, as the definition
/// counts them), for random games and ranges.
fn prefix_figures_hold(code: &str, long: u64, short: u64) -> Result<(), TestCaseError> {
    let game = TakeAndBreak::octal(code).unwrap();
    let mut run = SequenceRun::new(game.clone()).with_count_mask(0b101);
    run.extend_to(long).unwrap();
    let stats = run.stats_at(short + 1).unwrap();
    let mut honest = SequenceRun::new(game.clone()).with_count_mask(0b101);
    honest.extend_to(short).unwrap();
    let honest = honest.stats();
    prop_assert_eq!(stats.heaps, honest.heaps);
    prop_assert_eq!(stats.counted, honest.counted);
    prop_assert_eq!(
        (stats.largest_value, stats.largest_first_heap),
        (honest.largest_value, honest.largest_first_heap)
    );
    // The split too is the one a run to the prefix chooses (a checkpoint
    // never changes what is printed), and its rare positions are those the
    // definition counts under that split.
    let plain = grundy_sequence_plain(&game, short, Budget::default()).unwrap();
    let mut fresh = SequenceRun::new(game.clone());
    fresh.extend_to(short).unwrap();
    let state = fresh.solver().state();
    let rare: Vec<u64> = (1..plain.len() as u64)
        .filter(|&n| {
            let parity = (plain[n as usize] & state.mask).count_ones() & 1;
            parity == state.domain & ((n as u32 ^ state.offset) & 1)
        })
        .collect();
    prop_assert_eq!(stats.mask, honest.mask);
    prop_assert_eq!(stats.rare_count, honest.rare_count);
    prop_assert_eq!(stats.last_rare_heap, honest.last_rare_heap);
    prop_assert_eq!(stats.rare_count, rare.len() as u64);
    prop_assert_eq!(stats.last_rare_heap, rare.last().copied());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn prefix_statistics_match_a_run_to_the_prefix(
        digits in proptest::collection::vec(0u8..8, 1..4),
        long in 200u64..1500,
        cut in 0u64..1000,
    ) {
        let code = format!("0.{}", digits.iter().map(|d| d.to_string()).collect::<String>());
        prop_assume!(TakeAndBreak::octal(&code).is_ok());
        prefix_figures_hold(&code, long, cut % (long + 1))?;
    }
}

#[test]
fn stats_beyond_the_values_are_refused() {
    let mut run = SequenceRun::new(TakeAndBreak::kayles());
    run.extend_to(100).unwrap();
    assert!(matches!(
        run.stats_at(102),
        Err(Error::InvalidParameter { .. })
    ));
    assert_eq!(run.stats_at(101).unwrap(), run.stats());
}

// --- forgeries: the format's checksums recomputed by the forger ---

/// The format's checksum, written out independently: XOR, multiply,
/// rotate per little-endian word, the tail zero-padded, the length last.
fn checksum(seed: u64, bytes: &[u8]) -> u64 {
    let mut state = 0xcbf2_9ce4_8422_2325 ^ seed;
    let mut step = |word: u64| {
        state = (state ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    };
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        step(u64::from_le_bytes(word));
    }
    step(bytes.len() as u64);
    state
}

/// A checkpoint's parts: header (without its sum), cell width, values, and
/// the signature (under a key the forger cannot read: kept as it was).
struct Parts {
    head: Vec<u8>,
    cell: usize,
    values: Vec<u8>,
    signature: Vec<u8>,
}

/// Offset in the header of the fixed fields after the game's name.
fn tail_at(head: &[u8]) -> usize {
    20 + u32::from_le_bytes(head[16..20].try_into().unwrap()) as usize
}

fn split(bytes: &[u8]) -> Parts {
    let header_end = tail_at(bytes) + 56;
    let tail = tail_at(bytes);
    Parts {
        head: bytes[..header_end].to_vec(),
        cell: u32::from_le_bytes(bytes[tail + 8..tail + 12].try_into().unwrap()) as usize,
        values: bytes[header_end + 8..bytes.len() - 16].to_vec(),
        signature: bytes[bytes.len() - 8..].to_vec(),
    }
}

/// The parts written back with both checksums recomputed, the signature
/// left as it was.
fn seal(parts: &Parts) -> Vec<u8> {
    let head_sum = checksum(0, &parts.head);
    let mut out = parts.head.clone();
    out.extend_from_slice(&head_sum.to_le_bytes());
    out.extend_from_slice(&parts.values);
    out.extend_from_slice(&checksum(head_sum, &parts.values).to_le_bytes());
    out.extend_from_slice(&parts.signature);
    out
}

fn set_value(parts: &mut Parts, heap: usize, value: u32) {
    let at = heap * parts.cell;
    parts.values[at..at + parts.cell].copy_from_slice(&value.to_le_bytes()[..parts.cell]);
}

fn value_of(parts: &Parts, heap: usize) -> u32 {
    let mut cell = [0u8; 4];
    cell[..parts.cell].copy_from_slice(&parts.values[heap * parts.cell..(heap + 1) * parts.cell]);
    u32::from_le_bytes(cell)
}

fn written(game: &TakeAndBreak, upto: u64) -> (PathBuf, Vec<u8>) {
    let path = scratch("forged");
    let mut run = SequenceRun::new(game.clone())
        .with_checkpoint_key(checkpoint_key())
        .with_checkpoint(&path, Duration::from_secs(3600));
    run.extend_to(upto).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    (path, bytes)
}

/// The second reproduction: heap 10,000 set to 255, sums
/// recomputed, was served (`largest 255 at 10000`).
#[test]
fn a_forged_value_far_into_the_range_is_refused() {
    let game = TakeAndBreak::grundys_game();
    let (path, bytes) = written(&game, 1 << 16);
    let mut parts = split(&bytes);
    set_value(&mut parts, 10_000, 255);
    std::fs::write(&path, seal(&parts)).unwrap();
    for check in [ResumeCheck::Signature, ResumeCheck::Every] {
        let resumed =
            SequenceRun::resume_checked(&path, game.clone(), Budget::default(), &key(), check);
        let Err(error) = resumed else {
            panic!("{check:?}: the forged file was accepted");
        };
        match check {
            // The signature no longer matches; re-deriving finds the value.
            ResumeCheck::Signature => {
                assert!(matches!(error, Error::CheckpointUnsigned { .. }), "{error}")
            }
            _ => assert!(matches!(error, Error::CheckpointCorrupt { .. }), "{error}"),
        }
        assert!(error.to_string().len() < 300, "{error}");
    }
    remove(&path);
}

/// `ResumeCheck::Every` re-derives every value: any one changed value,
/// anywhere, to any other value, is refused; the sound file is accepted.
#[test]
fn verify_refuses_every_single_changed_value() {
    let game = TakeAndBreak::grundys_game();
    let (path, bytes) = written(&game, 30_000);
    let every = ResumeCheck::Every;
    let sound = SequenceRun::resume_checked(&path, game.clone(), Budget::default(), &key(), every);
    assert!(sound.is_ok());
    let mut seed = 0x1234_5678_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..20 {
        let mut parts = split(&bytes);
        let heap = (next() % 30_001) as usize;
        let old = value_of(&parts, heap);
        let new = (old + 1 + (next() % 200) as u32) % 256;
        set_value(&mut parts, heap, new);
        std::fs::write(&path, seal(&parts)).unwrap();
        let result =
            SequenceRun::resume_checked(&path, game.clone(), Budget::default(), &key(), every);
        assert!(result.is_err(), "G({heap}) {old} -> {new} accepted");
    }
    remove(&path);
}

/// The header forgeries (`mask 0`, `domain 1`) and other states no
/// run has, sums recomputed, are refused.
#[test]
fn forged_headers_are_refused() {
    let game = TakeAndBreak::grundys_game();
    let (path, bytes) = written(&game, 20_000);
    let tail = tail_at(&bytes);
    let fields: [(usize, usize, u64); 6] = [
        (12, 4, 0),       // mask 0: every heap rare
        (16, 4, 1),       // domain 1 under the same mask
        (12, 4, 1 << 20), // a mask above every value
        (24, 8, 1 << 40), // next choice far beyond the heaps
        (32, 8, 0),       // no rare position at the last choice
        (40, 8, 1 << 30), // a width above every value
    ];
    for (offset, width, value) in fields {
        let mut parts = split(&bytes);
        parts.head[tail + offset..tail + offset + width]
            .copy_from_slice(&value.to_le_bytes()[..width]);
        std::fs::write(&path, seal(&parts)).unwrap();
        let Err(error) = SequenceRun::resume(&path, game.clone(), Budget::default(), &key()) else {
            panic!("field at {offset} set to {value}: accepted");
        };
        assert!(
            matches!(
                error,
                Error::CheckpointCorrupt { .. } | Error::CheckpointUnsigned { .. }
            ),
            "{offset}: {error}"
        );
    }
    // The sound file still resumes.
    std::fs::write(&path, &bytes).unwrap();
    assert!(SequenceRun::resume(&path, game, Budget::default(), &key()).is_ok());
    remove(&path);
}

// --- one writer, regular files, short messages ---

#[test]
fn a_second_writer_is_refused_at_once_naming_the_file() {
    let path = scratch("busy");
    let held = CheckpointLock::acquire(&path).unwrap();
    let file = path.to_str().unwrap();
    let started = std::time::Instant::now();
    let output = stats_run("kayles", "1000", &["--checkpoint", file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(started.elapsed() < Duration::from_secs(10));
    let message = stderr(&output);
    assert!(message.contains("another run is writing"), "{message}");
    assert!(message.contains(file), "{message}");
    assert!(!path.exists(), "the refused run wrote the file");
    // The library writer is refused too, and nothing is written.
    let mut run = SequenceRun::new(TakeAndBreak::kayles())
        .with_checkpoint_key(key())
        .with_checkpoint(&path, Duration::ZERO);
    assert!(matches!(
        run.extend_to(100),
        Err(Error::CheckpointBusy { .. })
    ));
    drop(held);
    run.extend_to(100).unwrap();
    assert!(path.exists());
    remove(&path);
}

/// Three writers at once on one checkpoint, 20 times: one wins, the others
/// are refused naming the file, and the file always resumes whole.
#[test]
fn concurrent_writers_never_leave_a_damaged_file() {
    let path = scratch("concurrent");
    let file = path.to_str().unwrap().to_string();
    let mut refused = 0;
    for trial in 0..20 {
        let upto = (20_000 + 1000 * trial).to_string();
        let children: Vec<_> = (0..3)
            .map(|_| {
                stonegame()
                    .args([
                        "grundy",
                        "--game",
                        "grundys-game",
                        "--upto",
                        &upto,
                        "--stats",
                        "--checkpoint",
                        &file,
                        "--checkpoint-seconds",
                        "1",
                    ])
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            if !output.status.success() {
                let message = stderr(&output);
                assert!(message.contains("another run is writing"), "{message}");
                refused += 1;
            }
        }
        let game = TakeAndBreak::grundys_game();
        let resumed = SequenceRun::resume(&path, game, Budget::default(), &key());
        let resumed = resumed.unwrap_or_else(|e| panic!("trial {trial}: {e}"));
        let reference = grundy_sequence(
            &TakeAndBreak::grundys_game(),
            resumed.stats().heaps - 1,
            Budget::default(),
        )
        .unwrap();
        assert!(resumed.solver().values().eq(reference));
    }
    // No leftover partial files.
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let leftovers = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(|entry| entry.ok())
        .filter(|entry| {
            let entry = entry.file_name().to_string_lossy().to_string();
            entry.starts_with(&format!(".{name}.")) && entry.ends_with(".partial")
        })
        .count();
    assert_eq!(leftovers, 0);
    eprintln!("{refused} of 60 writers refused");
    remove(&path);
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_at_once() {
    let path = scratch("fifo");
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    if !made.is_ok_and(|status| status.success()) {
        return; // no mkfifo here
    }
    let started = std::time::Instant::now();
    let output = stats_run("kayles", "1000", &["--checkpoint", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("not a regular file"),
        "{}",
        stderr(&output)
    );
    assert!(!stderr(&output).contains("damaged"), "{}", stderr(&output));
    let error =
        SequenceRun::resume(&path, TakeAndBreak::kayles(), Budget::default(), &key()).unwrap_err();
    assert!(error.to_string().contains("not a regular file"), "{error}");
    assert!(matches!(error, Error::Io { .. }), "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(10));
    remove(&path);
}

/// A 300-character checkpoint path and a 256-byte game name in a forged
/// file gave 339-character messages.
#[test]
fn refusals_stay_under_300_characters() {
    let long = std::env::temp_dir()
        .join("d".repeat(200))
        .join("x".repeat(100));
    let output = stats_run("kayles", "1000", &["--checkpoint", long.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).trim_end().len() < 300,
        "{}",
        stderr(&output)
    );

    let game = TakeAndBreak::kayles();
    let (path, bytes) = written(&game, 5000);
    let name_len = u32::from_le_bytes(bytes[16..20].try_into().unwrap()) as usize;
    let parts = split(&bytes);
    let long_name = "n".repeat(256);
    let mut head = parts.head[..16].to_vec();
    head.extend_from_slice(&256u32.to_le_bytes());
    head.extend_from_slice(long_name.as_bytes());
    head.extend_from_slice(&parts.head[20 + name_len..]);
    let forged = Parts { head, ..parts };
    std::fs::write(&path, seal(&forged)).unwrap();
    let output = stats_run("kayles", "1000", &["--checkpoint", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("another computation"), "{message}");
    assert!(
        message.trim_end().len() < 300,
        "{} characters: {message}",
        message.len()
    );
    remove(&path);
}

/// clap echoed a mistyped value whole: a 300-digit `--modulo` gave a
/// 342-character message. Echoed values are cut to 60 characters.
#[test]
fn argument_errors_cut_echoed_values() {
    let long = "9".repeat(300);
    let output = run(&["janken", "--modulo", &long], "1,1,1\n");
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.starts_with("line 1: invalid value '"), "{message}");
    assert!(
        message.contains(&format!("{}...'", "9".repeat(60))),
        "{message}"
    );
    assert!(!message.contains(&"9".repeat(61)), "{message}");
    assert!(
        message.trim_end().len() < 300,
        "{} characters",
        message.len()
    );
}

/// A random change of one value (another value up to the largest, or 255
/// when `upward`), never the value itself.
fn forge_one_value(bytes: &[u8], heaps: u64, largest: u32, upward: bool, draw: u64) -> Vec<u8> {
    let mut parts = split(bytes);
    let heap = (draw % heaps) as usize;
    let old = value_of(&parts, heap);
    let new = if upward || largest == 0 {
        if old == 255 { 254 } else { 255 }
    } else {
        (old + 1 + ((draw >> 32) % u64::from(largest)) as u32) % (largest + 1)
    };
    set_value(&mut parts, heap, new);
    seal(&parts)
}

/// A checkpoint of `game` to 2^16 heaps (`STONEGAME_FORGERY_HEAPS` sets the
/// exponent), its bytes, its largest value and a random source seeded by the
/// clock, for the forgery trials.
struct Forgery<R: FnMut() -> u64> {
    exponent: u32,
    heaps: u64,
    path: PathBuf,
    bytes: Vec<u8>,
    largest: u32,
    next: R,
}

impl Forgery<Box<dyn FnMut() -> u64>> {
    fn of(game: &TakeAndBreak) -> Self {
        let exponent = std::env::var("STONEGAME_FORGERY_HEAPS")
            .ok()
            .and_then(|text| text.parse().ok())
            .unwrap_or(16u32);
        let heaps = 1u64 << exponent;
        let (path, bytes) = written(game, heaps - 1);
        let largest = (0..heaps as usize)
            .map(|heap| value_of(&split(&bytes), heap))
            .max()
            .unwrap();
        let mut seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
            | 1;
        // xorshift64: any spread of heaps and values will do.
        let next = Box::new(move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        });
        Self {
            exponent,
            heaps,
            path,
            bytes,
            largest,
            next,
        }
    }
}

/// The done-when: 100 checkpoints of Grundy's game to 2^16, each
/// with one random value changed and both checksums recomputed as a forger
/// would (the format is public), are all refused by a plain resume: the
/// signature, under a key the forger cannot read, no longer matches.
/// `STONEGAME_FORGERY_HEAPS=20` runs it at 2^20 heaps.
#[test]
fn forged_values_are_refused_on_a_plain_resume() {
    let game = TakeAndBreak::grundys_game();
    let Forgery {
        exponent,
        heaps,
        path,
        bytes,
        largest,
        mut next,
    } = Forgery::of(&game);
    let mut refused = 0;
    for trial in 0..100 {
        std::fs::write(
            &path,
            forge_one_value(&bytes, heaps, largest, trial % 4 == 0, next()),
        )
        .unwrap();
        match SequenceRun::resume(&path, game.clone(), Budget::default(), &key()) {
            Err(Error::CheckpointUnsigned { .. }) => refused += 1,
            Err(other) => panic!("trial {trial}: refused as {other}"),
            Ok(_) => {}
        }
    }
    eprintln!("2^{exponent} heaps: {refused}/100 forged checkpoints refused");
    assert_eq!(refused, 100);
    // The honest file resumes.
    std::fs::write(&path, &bytes).unwrap();
    assert!(SequenceRun::resume(&path, game, Budget::default(), &key()).is_ok());
    remove(&path);
}

/// A checkpoint written with the tests' key, resumed with another (a file
/// written by someone else, or one whose key was lost): refused with a
/// short message naming `--verify`, by the library and the binary.
#[test]
fn a_checkpoint_signed_with_another_key_is_refused() {
    let game = TakeAndBreak::kayles();
    let (path, _) = written(&game, 5000);
    let other = CheckpointKey::from_bytes([0x42; 16]);
    let error = SequenceRun::resume(&path, game.clone(), Budget::default(), &other).unwrap_err();
    assert!(matches!(error, Error::CheckpointUnsigned { .. }), "{error}");
    let key_dir = scratch("other-key");
    let other_file = key_dir.join("other.key");
    std::fs::create_dir_all(&key_dir).unwrap();
    std::fs::write(&other_file, [0x42; 16]).unwrap();
    let file = path.to_str().unwrap();
    let output = stats_run(
        "kayles",
        "5000",
        &[
            "--checkpoint",
            file,
            "--checkpoint-key",
            other_file.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("does not match this key"), "{message}");
    assert!(message.contains("--verify"), "{message}");
    assert!(
        message.trim_end().len() < 300,
        "{} characters",
        message.len()
    );
    assert_eq!(stdout(&output), "");
    remove(&path);
    std::fs::remove_dir_all(&key_dir).unwrap();
}

/// `--verify` accepts an honest checkpoint signed with another key (every
/// value agrees) and signs it with this key: a plain resume with this key
/// then goes on, with the other key it is refused. A finished file is
/// signed too, though nothing new is computed.
#[test]
fn verify_accepts_an_honest_file_of_another_key_and_signs_it() {
    let key_dir = scratch("verify-keys");
    std::fs::create_dir_all(&key_dir).unwrap();
    let (first, second) = (key_dir.join("first.key"), key_dir.join("second.key"));
    let (first, second) = (first.to_str().unwrap(), second.to_str().unwrap());
    let path = scratch("verify-resign");
    let file = path.to_str().unwrap();
    for upto in ["20000", "30000"] {
        let written = stats_run(
            "grundys-game",
            "20000",
            &["--checkpoint", file, "--checkpoint-key", first],
        );
        assert!(written.status.success(), "{}", stderr(&written));
        let refused = stats_run(
            "grundys-game",
            upto,
            &["--checkpoint", file, "--checkpoint-key", second],
        );
        assert_eq!(
            refused.status.code(),
            Some(2),
            "{upto}: {}",
            stderr(&refused)
        );
        let verified = stats_run(
            "grundys-game",
            upto,
            &["--checkpoint", file, "--checkpoint-key", second, "--verify"],
        );
        assert!(verified.status.success(), "{upto}: {}", stderr(&verified));
        let honest = stats_run("grundys-game", upto, &[]);
        assert_eq!(figures(&stdout(&verified)), figures(&stdout(&honest)));
        let again = stats_run(
            "grundys-game",
            upto,
            &["--checkpoint", file, "--checkpoint-key", second],
        );
        assert!(again.status.success(), "{upto}: {}", stderr(&again));
        let by_first = stats_run(
            "grundys-game",
            upto,
            &["--checkpoint", file, "--checkpoint-key", first],
        );
        assert_eq!(
            by_first.status.code(),
            Some(2),
            "{upto}: {}",
            stderr(&by_first)
        );
        remove(&path);
    }
    std::fs::remove_dir_all(&key_dir).unwrap();
}

/// A checkpoint of format version 1 (no signature, written by the release
/// before signatures) is refused by a plain resume, saying why and what to
/// do, not called damaged; `--verify` accepts it and writes it signed.
#[test]
fn an_unsigned_version_1_checkpoint_needs_verify() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/octal-0.04-5000-v1.ckpt");
    let path = scratch("v1");
    std::fs::copy(&fixture, &path).unwrap();
    let file = path.to_str().unwrap();
    let args = |extra: &'static [&'static str]| {
        let mut args = vec!["grundy", "--octal", "0.04", "--upto", "4999", "--stats"];
        args.extend_from_slice(&["--checkpoint", file]);
        args.extend_from_slice(extra);
        run(&args, "")
    };
    let refused = args(&[]);
    assert_eq!(refused.status.code(), Some(2));
    let message = stderr(&refused);
    assert!(message.contains("format version 1"), "{message}");
    assert!(message.contains("--verify"), "{message}");
    assert!(!message.contains("damaged"), "{message}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(&fixture).unwrap()
    );
    let verified = args(&["--verify"]);
    assert!(verified.status.success(), "{}", stderr(&verified));
    let signed = std::fs::read(&path).unwrap();
    assert_eq!(u32::from_le_bytes(signed[8..12].try_into().unwrap()), 2);
    let again = args(&[]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(figures(&stdout(&again)), figures(&stdout(&verified)));
    remove(&path);
}

/// Processes that find no key create it at once: whichever wins, every
/// one ends with the same key (each signs a checkpoint of its own, and
/// every checkpoint verifies under the one key file left), mode 0600.
#[test]
fn processes_creating_the_key_at_once_end_with_one_key() {
    let directory = scratch("key-race");
    std::fs::create_dir_all(&directory).unwrap();
    for trial in 0..10 {
        let key_file = directory
            .join(format!("trial-{trial}"))
            .join("checkpoint.key");
        let children: Vec<_> = (0..4)
            .map(|writer| {
                let checkpoint = directory.join(format!("{trial}-{writer}.ckpt"));
                stonegame()
                    .env(stonegame::impartial::octal::CHECKPOINT_KEY_ENV, &key_file)
                    .args(["grundy", "--game", "kayles", "--upto", "300", "--stats"])
                    .arg("--checkpoint")
                    .arg(&checkpoint)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert!(output.status.success(), "{}", stderr(&output));
        }
        let key = CheckpointKey::load(&key_file).unwrap();
        for writer in 0..4 {
            let checkpoint = directory.join(format!("{trial}-{writer}.ckpt"));
            let resumed =
                SequenceRun::resume(&checkpoint, TakeAndBreak::kayles(), Budget::default(), &key);
            assert!(
                resumed.is_ok(),
                "trial {trial}, writer {writer}: {resumed:?}"
            );
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&key_file).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{mode:o}");
        }
        // Only the key is left beside it: no partial file.
        let left: Vec<_> = std::fs::read_dir(key_file.parent().unwrap())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(left, ["checkpoint.key"], "trial {trial}");
    }
    std::fs::remove_dir_all(&directory).unwrap();
}

/// A key file cut short, grown, empty, or not a file at all is refused with
/// a message naming it (exit 2), never replaced, never a panic.
#[test]
fn bad_key_files_are_refused_naming_them() {
    let directory = scratch("bad-keys");
    std::fs::create_dir_all(&directory).unwrap();
    let checkpoint = directory.join("g.ckpt");
    for (name, bytes) in [
        ("short.key", vec![7u8; 15]),
        ("long.key", vec![7u8; 17]),
        ("empty.key", vec![]),
        ("huge.key", vec![7u8; 1 << 20]),
    ] {
        let key_file = directory.join(name);
        std::fs::write(&key_file, &bytes).unwrap();
        let error = CheckpointKey::load_or_create(&key_file).unwrap_err();
        assert!(
            matches!(&error, Error::Io { error, .. } if error.kind() == std::io::ErrorKind::InvalidData),
            "{name}: {error}"
        );
        let output = stats_run(
            "kayles",
            "1000",
            &[
                "--checkpoint",
                checkpoint.to_str().unwrap(),
                "--checkpoint-key",
                key_file.to_str().unwrap(),
            ],
        );
        assert_eq!(output.status.code(), Some(2), "{name}");
        let message = stderr(&output);
        assert!(message.contains(name), "{message}");
        assert!(message.contains("unusable checkpoint key"), "{message}");
        assert!(message.trim_end().len() < 300, "{message}");
        assert_eq!(
            std::fs::read(&key_file).unwrap(),
            bytes,
            "{name} was replaced"
        );
        assert!(!checkpoint.exists());
    }
    // A directory where the key should be.
    let error = CheckpointKey::load_or_create(&directory).unwrap_err();
    assert!(
        matches!(&error, Error::Io { error, .. } if error.kind() == std::io::ErrorKind::InvalidData),
        "{error}"
    );
    #[cfg(unix)]
    {
        let fifo = directory.join("fifo.key");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|status| status.success()) {
            let error = CheckpointKey::load_or_create(&fifo).unwrap_err();
            assert!(error.to_string().contains("not a regular file"), "{error}");
        }
    }
    std::fs::remove_dir_all(&directory).unwrap();
}

/// Without `--checkpoint-key` or the variable, the key lives under
/// `$XDG_STATE_HOME/stonegame/` (an absolute one), else under
/// `$HOME/.local/state/stonegame/`: here both point into a scratch directory.
#[test]
fn the_key_lives_in_the_users_state_directory() {
    let home = scratch("home");
    let state = scratch("state");
    let checkpoint = scratch("default-key.ckpt");
    let env_var = stonegame::impartial::octal::CHECKPOINT_KEY_ENV;
    let cases: [(&[(&str, &Path)], PathBuf); 3] = [
        (
            &[("HOME", &home)],
            home.join(".local/state/stonegame/checkpoint.key"),
        ),
        (
            &[("HOME", &home), ("XDG_STATE_HOME", &state)],
            state.join("stonegame/checkpoint.key"),
        ),
        (
            &[("HOME", &home), ("XDG_STATE_HOME", Path::new("relative"))],
            home.join(".local/state/stonegame/checkpoint.key"),
        ),
    ];
    for (vars, expected) in cases {
        let _ = std::fs::remove_dir_all(&home);
        let _ = std::fs::remove_dir_all(&state);
        let mut command = stonegame();
        command.env_remove(env_var).env_remove("XDG_STATE_HOME");
        for (name, value) in vars {
            command.env(name, value);
        }
        let output = command
            .args([
                "grundy",
                "--game",
                "kayles",
                "--upto",
                "100",
                "--stats",
                "--checkpoint",
            ])
            .arg(&checkpoint)
            .output()
            .unwrap();
        assert!(output.status.success(), "{vars:?}: {}", stderr(&output));
        assert!(
            expected.is_file(),
            "{vars:?}: no key at {}",
            expected.display()
        );
        let key = CheckpointKey::load(&expected).unwrap();
        assert!(
            SequenceRun::resume(&checkpoint, TakeAndBreak::kayles(), Budget::default(), &key)
                .is_ok()
        );
        remove(&checkpoint);
    }
    // Nowhere to keep it: a clear refusal.
    let output = stonegame()
        .env_remove(env_var)
        .env_remove("XDG_STATE_HOME")
        .env_remove("HOME")
        .args([
            "grundy",
            "--game",
            "kayles",
            "--upto",
            "100",
            "--stats",
            "--checkpoint",
        ])
        .arg(&checkpoint)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--checkpoint-key"),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_dir_all(&home);
    let _ = std::fs::remove_dir_all(&state);
    remove(&checkpoint);
}

/// The figures of the closing note: 100 forged checkpoints of Grundy's game
/// (2^16 heaps), each with one value changed (a random heap, a random other
/// value up to the largest, or 255), checksums recomputed, resumed with
/// each check, and the CPU time of each resume. Both must refuse all of
/// them (`cargo test --release --features cli --test records_round2 --
/// --ignored --nocapture`; `STONEGAME_FORGERY_HEAPS=20` for 2^20).
#[test]
#[ignore = "a measurement: about a minute in release"]
fn forgery_catch_rates() {
    let game = TakeAndBreak::grundys_game();
    let Forgery {
        exponent,
        heaps,
        path,
        bytes,
        largest,
        mut next,
    } = Forgery::of(&game);
    for upward in [false, true] {
        let (mut signature, mut every) = (0, 0);
        for _ in 0..100 {
            std::fs::write(
                &path,
                forge_one_value(&bytes, heaps, largest, upward, next()),
            )
            .unwrap();
            let resume = |check| {
                SequenceRun::resume_checked(&path, game.clone(), Budget::default(), &key(), check)
                    .is_err()
            };
            signature += usize::from(resume(ResumeCheck::Signature));
            every += usize::from(resume(ResumeCheck::Every));
        }
        eprintln!(
            "2^{exponent}, {}: signature check refused {signature}/100, every value {every}/100",
            if upward {
                "set to 255"
            } else {
                "another value"
            }
        );
        assert_eq!((signature, every), (100, 100));
    }
    remove(&path);
}
