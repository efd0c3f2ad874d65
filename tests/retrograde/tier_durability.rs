//! Tier databases under crashes, stale files and re-solves: whatever happens
//! to a solve, a label that differs from a fresh in-memory solve is never
//! returned without an error.
//!
//! The kill test runs this test binary again as a child process (the ignored
//! test `kill_test_child`, selected by an environment variable) and kills it
//! at random moments of a solve or of a re-solve under the other convention.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use stonegame::retrograde::{
    DenseSolver, Graph, Label, TierDatabase, TierPosition, TieredGame, TieredSolver,
};
use stonegame::{Budget, Convention, Error};

/// A tiered game with cycles inside tiers and moves down one tier, its moves
/// drawn from a hash of the position: tier `t` has `size` positions.
struct Woven {
    tiers: u32,
    size: u32,
    /// Panics while listing the moves of this tier (a crash inside a solve).
    panic_at: Option<u32>,
    /// Other moves from position 1 of every tier (not one the game
    /// fingerprint samples): other rules under the same identity and sizes.
    twisted: bool,
}

impl Woven {
    fn new(tiers: u32, size: u32) -> Self {
        Self {
            tiers,
            size,
            panic_at: None,
            twisted: false,
        }
    }

    fn global(&self, p: TierPosition) -> u32 {
        p.tier * self.size + p.index
    }

    /// The whole game as one graph, solved in memory: the reference.
    fn reference(&self, convention: Convention) -> Vec<Option<Label>> {
        let mut edges = Vec::new();
        for tier in 0..self.tiers {
            for index in 0..self.size {
                let from = TierPosition { tier, index };
                let _ = self.for_each_move(from, |to| {
                    edges.push((self.global(from), self.global(to)));
                    ControlFlow::Continue(())
                });
            }
        }
        let n = (self.tiers * self.size) as usize;
        let graph = Graph::from_edges(n, &edges, Budget::default()).unwrap();
        let solution = DenseSolver::new(&graph)
            .with_convention(convention)
            .solve()
            .unwrap();
        (0..n as u32).map(|u| solution.label(u)).collect()
    }
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl TieredGame for Woven {
    fn identity(&self) -> &str {
        "woven test game v1"
    }
    fn num_tiers(&self) -> u32 {
        self.tiers
    }
    fn tier_size(&self, _tier: u32) -> u32 {
        self.size
    }
    fn for_each_move(
        &self,
        p: TierPosition,
        mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Not a position the fingerprint samples (first, middle, last): the
        // solve itself fails.
        if self.panic_at == Some(p.tier) && p.index == 1 {
            panic!("a game that fails in tier {}", p.tier);
        }
        let twist = u64::from(self.twisted && p.index == 1);
        let h = mix(u64::from(self.global(p)) ^ twist << 40);
        // 0 to 3 moves: a quarter of the positions end the game.
        for k in 0..(h % 4) {
            let g = mix(h ^ k);
            let tier = if p.tier > 0 && g % 3 != 0 {
                p.tier - 1
            } else {
                p.tier
            };
            visit(TierPosition {
                tier,
                index: ((g >> 8) % u64::from(self.size)) as u32,
            })?;
        }
        ControlFlow::Continue(())
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "stonegame-durability-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every label the database answers for `game`, read through `budget`.
fn read_all(
    dir: &Path,
    game: &Woven,
    budget: Budget,
    expect: Option<Convention>,
) -> Vec<(usize, Result<Option<Label>, Error>)> {
    read_every(dir, game, budget, expect, 1)
}

/// The labels of every `stride`-th position, with their global numbers.
fn read_every(
    dir: &Path,
    game: &Woven,
    budget: Budget,
    expect: Option<Convention>,
    stride: usize,
) -> Vec<(usize, Result<Option<Label>, Error>)> {
    let mut db = TierDatabase::open(dir, budget);
    if let Some(convention) = expect {
        db = db.with_convention(convention);
    }
    let mut labels = Vec::new();
    for tier in 0..game.tiers {
        for index in (0..game.size).step_by(stride) {
            let p = TierPosition { tier, index };
            labels.push((game.global(p) as usize, db.label(p)));
        }
    }
    labels
}

/// No label that is returned differs from the reference; returns how many were returned.
fn never_wrong(
    read: &[(usize, Result<Option<Label>, Error>)],
    reference: &[Option<Label>],
) -> usize {
    let mut served = 0;
    for (u, got) in read {
        let truth = &reference[*u];
        if let Ok(label) = got {
            assert_eq!(
                label, truth,
                "position {u}: a wrong label served without an error"
            );
            served += 1;
        }
    }
    served
}

#[cfg(unix)]
fn inode(path: &Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| m.ino())
}

#[cfg(unix)]
#[test]
fn a_panic_mid_re_solve_leaves_tiers_that_resume() {
    let dir = scratch("panic");
    let game = Woven::new(8, 300);
    let normal = game.reference(Convention::Normal);
    let misere = game.reference(Convention::Misere);
    TieredSolver::new(&game, &dir).solve().unwrap();
    let all = game.tiers as usize * game.size as usize;
    assert_eq!(
        never_wrong(&read_all(&dir, &game, Budget::default(), None), &normal),
        all
    );
    // A re-solve under misère play panics in tier 5.
    let failing = Woven {
        panic_at: Some(5),
        ..Woven::new(8, 300)
    };
    let crashed = std::panic::catch_unwind(|| {
        TieredSolver::new(&failing, &dir)
            .with_convention(Convention::Misere)
            .solve()
    });
    assert!(crashed.is_err());
    // Nothing is served: the database is an unfinished misère solve, and
    // tiers 5..8 are still normal play.
    for convention in [None, Some(Convention::Normal), Some(Convention::Misere)] {
        for budget in [Budget::default(), Budget::from_bytes(0)] {
            let read = read_all(&dir, &game, budget, convention);
            assert_eq!(never_wrong(&read, &misere), 0);
        }
    }
    let error = TierDatabase::open(&dir, Budget::default())
        .label(TierPosition { tier: 2, index: 0 })
        .unwrap_err();
    assert!(
        matches!(error, Error::TierIncomplete { tier: 2, .. }),
        "{error}"
    );
    let refused = TierDatabase::open(&dir, Budget::default())
        .with_convention(Convention::Normal)
        .verify(6)
        .unwrap_err();
    assert!(matches!(refused, Error::TierMismatch { .. }), "{refused}");
    // The re-solve resumes: tiers 0..5 are kept as they are, 5..8 rewritten.
    let before: Vec<_> = (0..8)
        .map(|t| inode(&dir.join(format!("tier-{t}.stonegame"))))
        .collect();
    TieredSolver::new(&game, &dir)
        .with_convention(Convention::Misere)
        .solve()
        .unwrap();
    let after: Vec<_> = (0..8)
        .map(|t| inode(&dir.join(format!("tier-{t}.stonegame"))))
        .collect();
    assert_eq!(before[..5], after[..5]);
    for t in 5..8 {
        assert_ne!(before[t], after[t], "tier {t} was not rewritten");
    }
    for budget in [Budget::default(), Budget::from_bytes(0)] {
        let read = read_all(&dir, &game, budget, Some(Convention::Misere));
        assert_eq!(never_wrong(&read, &misere), all);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_smaller_game_in_a_bigger_games_directory_hides_the_stale_tiers() {
    let dir = scratch("smaller");
    let big = Woven::new(12, 100);
    TieredSolver::new(&big, &dir).solve().unwrap();
    let small = Woven::new(4, 100);
    let reference = small.reference(Convention::Normal);
    let mut db = TieredSolver::new(&small, &dir).solve().unwrap();
    // Tiers 0..4 of the big game are the small game's tiers too: they are
    // reused, and right.
    let read = read_all(&dir, &small, Budget::default(), None);
    assert_eq!(never_wrong(&read, &reference), 400);
    for tier in 4..12 {
        let stale = db.label(TierPosition { tier, index: 0 }).unwrap_err();
        assert!(matches!(stale, Error::TierMismatch { .. }), "{stale}");
        assert!(db.verify(tier).is_err());
    }
    // A reader that names the game it expects refuses another one.
    let refused = TierDatabase::open(&dir, Budget::default())
        .with_game(&big)
        .label(TierPosition { tier: 0, index: 0 })
        .unwrap_err();
    assert!(matches!(refused, Error::TierMismatch { .. }), "{refused}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Rules changed without changing the identity, the sizes or the positions
/// the fingerprint samples: the moves of every tier are hashed into its file,
/// so no stale tier is resumed.
#[test]
fn a_re_solve_with_other_moves_under_the_same_identity_solves_again() {
    let dir = scratch("twisted");
    let plain = Woven::new(6, 200);
    let twisted = Woven {
        twisted: true,
        ..Woven::new(6, 200)
    };
    let reference = twisted.reference(Convention::Normal);
    assert_ne!(reference, plain.reference(Convention::Normal));
    TieredSolver::new(&plain, &dir).solve().unwrap();
    TieredSolver::new(&twisted, &dir).solve().unwrap();
    let read = read_all(&dir, &twisted, Budget::default(), None);
    assert_eq!(never_wrong(&read, &reference), 1200);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_manifest_is_refused() {
    let dir = scratch("manifest");
    let game = Woven::new(2, 10);
    TieredSolver::new(&game, &dir).solve().unwrap();
    let path = dir.join("manifest.stonegame");
    let good = std::fs::read(&path).unwrap();
    let p = TierPosition { tier: 1, index: 3 };
    for at in 0..good.len() {
        let mut bytes = good.clone();
        bytes[at] ^= 0x04;
        std::fs::write(&path, &bytes).unwrap();
        let refused = TierDatabase::open(&dir, Budget::default()).label(p);
        assert!(refused.is_err(), "byte {at} changed, still served");
    }
    std::fs::write(&path, &good[..good.len() - 1]).unwrap();
    assert!(
        TierDatabase::open(&dir, Budget::default())
            .label(p)
            .is_err()
    );
    // A re-solve repairs it.
    std::fs::write(&path, b"garbage").unwrap();
    TieredSolver::new(&game, &dir).solve().unwrap();
    let reference = game.reference(Convention::Normal);
    let read = read_all(&dir, &game, Budget::default(), None);
    assert_eq!(never_wrong(&read, &reference), 20);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The game the kill test's child solves.
fn kill_game() -> Woven {
    Woven::new(24, 4000)
}

const CHILD_VARIABLE: &str = "STONEGAME_TIER_KILL_CHILD";

/// The child process of the kill test: solves [`kill_game`] into the
/// directory and convention its environment names. Does nothing in a normal run.
#[test]
#[ignore = "run by kill_at_random_moments_never_serves_a_wrong_label as its child process"]
fn kill_test_child() {
    let Ok(spec) = std::env::var(CHILD_VARIABLE) else {
        return;
    };
    let (convention, dir) = spec.split_once(':').unwrap();
    let convention = match convention {
        "normal" => Convention::Normal,
        _ => Convention::Misere,
    };
    TieredSolver::new(&kill_game(), dir)
        .with_convention(convention)
        .solve()
        .unwrap();
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % bound.max(1)
    }
}

fn spawn_child(dir: &Path, convention: Convention) -> std::process::Child {
    let name = match convention {
        Convention::Normal => "normal",
        Convention::Misere => "misere",
    };
    std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "tier_durability::kill_test_child",
            "--ignored",
            "--test-threads=1",
        ])
        .env(CHILD_VARIABLE, format!("{name}:{}", dir.display()))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

#[test]
fn kill_at_random_moments_never_serves_a_wrong_label() {
    let dir = scratch("kill");
    let game = kill_game();
    let normal = game.reference(Convention::Normal);
    let misere = game.reference(Convention::Misere);
    let truth = |c: Convention| match c {
        Convention::Normal => &normal,
        Convention::Misere => &misere,
    };
    let seed = std::env::var("STONEGAME_KILL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
                | 1
        });
    println!("kill test seed {seed} (set STONEGAME_KILL_SEED to replay)");
    let mut rng = Rng(seed);
    // One whole solve in a child gives the scale of the kill times.
    let started = Instant::now();
    let finished = spawn_child(&dir, Convention::Normal).wait().unwrap();
    assert!(finished.success());
    let whole = started.elapsed();
    println!("one whole solve in a child: {whole:?}");
    let all = normal.len();
    assert_eq!(
        never_wrong(&read_all(&dir, &game, Budget::default(), None), &normal),
        all
    );
    let mut convention = Convention::Misere;
    let mut kills = 0;
    let mut served_after_kills = 0;
    let mut refused_after_kills = 0;
    let deadline = Instant::now() + Duration::from_secs(3);
    while kills < 12 && Instant::now() < deadline {
        // Solve or re-solve under a convention (a change of convention half
        // of the time), killed at a random moment up to the whole solve's time.
        if rng.below(2) == 0 {
            convention = match convention {
                Convention::Normal => Convention::Misere,
                Convention::Misere => Convention::Normal,
            };
        }
        let mut child = spawn_child(&dir, convention);
        let wait = rng.below(whole.as_micros() as u64 + 1);
        std::thread::sleep(Duration::from_micros(wait));
        let _ = child.kill();
        let _ = child.wait();
        kills += 1;
        // Whatever is read now, under either expectation, by kept labels or
        // by record reads, is right or an error.
        // Record reads (a zero budget) check a block each: every 11th position.
        for expect in [Convention::Normal, Convention::Misere] {
            let (budget, stride) = match rng.below(2) {
                0 => (Budget::default(), 1),
                _ => (Budget::from_bytes(0), 11),
            };
            let read = read_every(&dir, &game, budget, Some(expect), stride);
            let served = never_wrong(&read, truth(expect));
            if served == 0 {
                refused_after_kills += 1;
            }
            served_after_kills += served;
        }
    }
    // Finishing the last solve in this process: everything is served, and right.
    TieredSolver::new(&game, &dir)
        .with_convention(convention)
        .solve()
        .unwrap();
    let read = read_all(&dir, &game, Budget::from_bytes(0), Some(convention));
    assert_eq!(never_wrong(&read, truth(convention)), all);
    println!(
        "{kills} kills; {served_after_kills} labels served right after them, \
         {refused_after_kills} reads refused whole"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reader_of_the_other_convention_is_refused_naming_the_tier() {
    let dir = scratch("convention");
    let game = Woven::new(3, 50);
    TieredSolver::new(&game, &dir)
        .with_convention(Convention::Misere)
        .solve()
        .unwrap();
    let mut normal =
        TierDatabase::open(&dir, Budget::default()).with_convention(Convention::Normal);
    let refused = normal
        .label(TierPosition { tier: 2, index: 7 })
        .unwrap_err();
    assert!(
        matches!(refused, Error::TierMismatch { tier: 2, .. }),
        "{refused}"
    );
    assert!(refused.to_string().contains("misère"), "{refused}");
    let misere = game.reference(Convention::Misere);
    let read = read_all(&dir, &game, Budget::from_bytes(0), Some(Convention::Misere));
    assert_eq!(never_wrong(&read, &misere), 150);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 35: a reader that names game B refused game A's database only when
/// they differed at a sampled position (30 wrong labels of 36,000). Now every
/// tier's file is compared with B's moves all the way down.
#[test]
fn a_reader_naming_another_game_is_refused_wherever_the_moves_differ() {
    let dir = scratch("reader-twisted");
    let plain = Woven::new(6, 200);
    let twisted = Woven {
        twisted: true,
        ..Woven::new(6, 200)
    };
    TieredSolver::new(&plain, &dir).solve().unwrap();
    let expected = twisted.reference(Convention::Normal);
    for budget in [Budget::default(), Budget::from_bytes(0)] {
        let mut db = TierDatabase::open(&dir, budget).with_game(&twisted);
        let (mut refused, mut wrong) = (0, 0);
        for u in 0..1200u32 {
            let p = TierPosition {
                tier: u / 200,
                index: u % 200,
            };
            match db.label(p) {
                Err(Error::TierMismatch { .. }) => refused += 1,
                Ok(label) if label != expected[u as usize] => wrong += 1,
                Ok(_) => {}
                Err(other) => panic!("{other}"),
            }
        }
        assert_eq!(wrong, 0);
        // Every tier whose moves (or a lower tier's) differ is refused whole.
        assert!(refused >= 1000, "{refused} refused");
        // The game it was solved from reads back.
        let mut same = TierDatabase::open(&dir, budget).with_game(&plain);
        let reference = plain.reference(Convention::Normal);
        for u in [0u32, 1, 401, 1199] {
            let p = TierPosition {
                tier: u / 200,
                index: u % 200,
            };
            assert_eq!(same.label(p).unwrap(), reference[u as usize]);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 35: a tier file overwritten in place (by another solve's file)
/// after the reader checked it served a wrong label. Now each record read
/// compares the file's record of its moves with the one checked.
#[test]
fn a_tier_overwritten_in_place_after_the_check_is_refused() {
    let (plain_dir, twisted_dir) = (scratch("in-place-a"), scratch("in-place-b"));
    let plain = Woven::new(3, 3000);
    let twisted = Woven {
        twisted: true,
        ..Woven::new(3, 3000)
    };
    TieredSolver::new(&plain, &plain_dir).solve().unwrap();
    TieredSolver::new(&twisted, &twisted_dir).solve().unwrap();
    let reference = plain.reference(Convention::Normal);
    let other_labels = twisted.reference(Convention::Normal);
    // A tier whose labels differ between the two games.
    let tier = (0..3u32)
        .find(|&t| {
            let range = (t * 3000) as usize..((t + 1) * 3000) as usize;
            reference[range.clone()] != other_labels[range]
        })
        .expect("the twist changes some label");
    let base = (tier * 3000) as usize;
    // No tier fits the budget: every query reads its record from the open file.
    let mut db = TierDatabase::open(&plain_dir, Budget::from_bytes(0));
    let first = TierPosition { tier, index: 0 };
    assert_eq!(db.label(first).unwrap(), reference[base]);
    let name = db.path(tier).file_name().unwrap().to_owned();
    let other = std::fs::read(twisted_dir.join(&name)).unwrap();
    assert_ne!(other, std::fs::read(plain_dir.join(&name)).unwrap());
    // Written into the same file (the reader's open handle sees it).
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(plain_dir.join(&name))
        .unwrap();
    file.write_all(&other).unwrap();
    drop(file);
    let mut served_wrong = 0;
    for index in 0..3000 {
        match db.label(TierPosition { tier, index }) {
            Ok(label) if label != reference[base + index as usize] => served_wrong += 1,
            _ => {}
        }
    }
    assert_eq!(served_wrong, 0);
    std::fs::remove_dir_all(&plain_dir).unwrap();
    std::fs::remove_dir_all(&twisted_dir).unwrap();
}

/// Issue 35: concurrent solves into one directory failed with a misleading
/// manifest error. A second writer is refused at once, naming the directory.
#[test]
fn a_second_solve_into_a_directory_is_refused_at_once() {
    let dir = scratch("busy");
    std::fs::create_dir_all(&dir).unwrap();
    let game = Woven::new(2, 10);
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(".lock"))
        .unwrap();
    lock.try_lock().unwrap();
    let error = TieredSolver::new(&game, &dir).solve().unwrap_err();
    assert!(matches!(error, Error::CheckpointBusy { .. }), "{error}");
    assert!(
        error.to_string().contains("another run is writing"),
        "{error}"
    );
    drop(lock);
    TieredSolver::new(&game, &dir).solve().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
