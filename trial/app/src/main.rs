//! An embedder's trial of stonegame (issue 47), written from the public docs
//! only: cancel and progress from another thread on each engine, games
//! chosen at run time in one Vec, an own DP variant beside the built-in ones,
//! and the error messages an application shows its users.
//!
//! Run: `cargo run --release -- [GAMES...]`, e.g.
//! `cargo run --release -- ends:4,5,3,1,2 front3:1,2,3,7 subtract:1,3,4@20 octal:0.07@30 race:12`

mod engines;
mod games;
mod variant;

use std::error::Error as _;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use stonegame::control::Control;
use stonegame::{Budget, Error};

/// One progress report as the callback saw it.
#[derive(Clone, Debug)]
struct Report {
    at: Duration,
    what: String,
    done: u64,
    expected: Option<u64>,
}

/// What one cancelled run measured.
struct Trial {
    engine: &'static str,
    cancelled: bool,
    other: Option<String>,
    latency: Option<Duration>,
    ran_for: Duration,
    reports: Vec<Report>,
}

/// Starts `solve` on a worker thread under a control, cancels it from this
/// thread after `after`, and measures cancel → return.
fn cancel_trial(
    engine: &'static str,
    after: Duration,
    solve: impl FnOnce(Budget) -> stonegame::Result<String> + Send + 'static,
) -> Trial {
    let start = Instant::now();
    let reports = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&reports);
    let control = Control::with_progress(move |p| {
        sink.lock().unwrap().push(Report {
            at: start.elapsed(),
            what: p.what.to_string(),
            done: p.done,
            expected: p.expected,
        });
    });
    let budget = Budget::default().with_control(&control);
    let worker = thread::spawn(move || {
        let answer = solve(budget);
        (answer, Instant::now())
    });
    thread::sleep(after);
    let cancelled_at = Instant::now();
    control.cancel();
    let (answer, returned_at) = worker.join().expect("the solve panicked");
    let reports = reports.lock().unwrap().clone();
    let (cancelled, other) = match answer {
        Err(Error::Cancelled { .. }) => (true, None),
        Err(other) => (false, Some(format!("error: {other}"))),
        Ok(answer) => (
            false,
            Some(format!("answered, the cancel unseen: {answer}")),
        ),
    };
    Trial {
        engine,
        cancelled,
        other,
        latency: returned_at.checked_duration_since(cancelled_at),
        ran_for: returned_at - start,
        reports,
    }
}

fn progress_summary(reports: &[Report]) -> String {
    if reports.is_empty() {
        return "no report".into();
    }
    let monotone = reports.windows(2).all(|w| w[0].done <= w[1].done);
    let expected: Vec<u64> = reports.iter().filter_map(|r| r.expected).collect();
    let over = reports
        .iter()
        .filter(|r| r.expected.is_some_and(|e| r.done > e))
        .count();
    let whats: std::collections::BTreeSet<&str> = reports.iter().map(|r| r.what.as_str()).collect();
    let last = reports.last().unwrap();
    let gap = reports
        .windows(2)
        .map(|w| w[1].at - w[0].at)
        .max()
        .unwrap_or_default();
    format!(
        "{} reports, first at {:.0} ms, largest gap {:.0} ms, what {:?}, done {} at last, monotone {}, expected known in {}/{} ({}), done > expected in {}",
        reports.len(),
        reports[0].at.as_secs_f64() * 1e3,
        gap.as_secs_f64() * 1e3,
        whats,
        last.done,
        monotone,
        expected.len(),
        reports.len(),
        expected
            .last()
            .map_or("none".to_string(), |e| format!("last {e}")),
        over
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let after = Duration::from_millis(150);
    if args.first().map(String::as_str) == Some("sweep") {
        engines::sweep_reports();
        engines::sweep_cancel_reports();
        return;
    }
    if args.first().map(String::as_str) == Some("dense") {
        engines::dense_scaling(after);
        return;
    }

    println!(
        "== 1, 2: cancel after {} ms from another thread; progress ==",
        after.as_millis()
    );
    let mut trials = Vec::new();
    for (engine, solve) in engines::all() {
        let trial = cancel_trial(engine, after, solve);
        trials.push(trial);
    }
    println!("| engine | cancelled | latency cancel → return (ms) | ran (ms) | note |");
    println!("|---|---|---|---|---|");
    for t in &trials {
        println!(
            "| {} | {} | {} | {:.0} | {} |",
            t.engine,
            if t.cancelled { "yes" } else { "NO" },
            t.latency
                .map_or("-".into(), |l| format!("{:.1}", l.as_secs_f64() * 1e3)),
            t.ran_for.as_secs_f64() * 1e3,
            t.other.as_deref().unwrap_or("")
        );
    }
    println!();
    for t in &trials {
        println!("progress {}: {}", t.engine, progress_summary(&t.reports));
    }

    println!("\n== 2b: progress of complete solves ==");
    for (engine, reports) in engines::complete_with_progress() {
        println!("progress {engine}: {}", progress_summary(&reports));
    }

    println!("\n== 3: games chosen at run time ==");
    let specs: Vec<String> = if args.is_empty() {
        [
            "ends:4,5,3,1,2",
            "front3:1,2,3,7",
            "remainder:5,3,1,4,2",
            "sum:4,-10,-20,7",
            "subtract:1,3,4@20",
            "octal:0.07@30",
            "mykayles:1,2,7",
            "race:12",
            "nim:3,4,5",
        ]
        .map(String::from)
        .to_vec()
    } else {
        args
    };
    match games::parse_all(&specs) {
        Ok(games) => {
            for game in &games {
                match game.answer(Budget::default()) {
                    Ok(answer) => println!("{}: {answer}", game.name()),
                    Err(e) => println!("{}: error: {e}", game.name()),
                }
            }
            // The same Vec, solved on worker threads (the boxes are Send + Sync).
            let shared = Arc::new(games);
            let handles: Vec<_> = (0..shared.len())
                .map(|i| {
                    let games = Arc::clone(&shared);
                    thread::spawn(move || games[i].answer(Budget::default()).map(|_| ()))
                })
                .collect();
            let ok = handles
                .into_iter()
                .filter_map(|h| h.join().ok())
                .filter(|r| r.is_ok())
                .count();
            println!("solved again on {ok} threads");
        }
        Err(e) => println!("bad game list: {e}"),
    }
    for bad in [
        "ends:",
        "ends:1,x",
        "octal:0.9@5",
        "subtract:0@3",
        "chess:1",
        "front0:1,2",
    ] {
        match games::parse_all(&[bad.to_string()]) {
            Ok(_) => println!("{bad:?}: accepted (!)"),
            Err(e) => println!("{bad:?}: {e}"),
        }
    }

    println!("\n== 4: own DP variant beside the built-in ones ==");
    if let Err(e) = variant::show() {
        println!("error: {e}");
    }

    println!("\n== 5: error messages ==");
    for (what, error) in engines::errors() {
        println!("{what}:\n  Display: {error}\n  Debug:   {error:?}");
        let mut source = error.source();
        while let Some(s) = source {
            println!("  caused by: {s}");
            source = s.source();
        }
    }
}
