//! Progress on standard error, for runs that last more than a few seconds.
//!
//! Every solve gets its budget from `input::budget()`, which carries one
//! [`Control`] whose callback lands here: the engines report their work
//! every few milliseconds, and this module decides whether to show it. On a
//! terminal, one line that rewrites itself (`\r`), from the second second
//! on, ten times a second at most; otherwise (a pipe, a file, a log), a plain
//! line every five seconds. `--quiet` shows nothing. Standard output, the
//! answers, is never touched.

use std::io::{IsTerminal, Write};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};
use stonegame::control::{Control, Progress};

/// Seconds between two plain lines when standard error is not a terminal
/// (`grundy --stats` uses the same pace for its own lines).
pub const LINE_SECONDS: u64 = 5;

/// On a terminal: nothing before this, then a redraw at most this often.
const TERMINAL_DELAY: Duration = Duration::from_secs(2);
const TERMINAL_REDRAW: Duration = Duration::from_millis(100);

/// Undocumented, for tests: milliseconds before the first line and between
/// two lines, on a terminal or not (so a test sees lines from a short run).
const INTERVAL_ENV: &str = "STONEGAME_PROGRESS_INTERVAL_MS";

/// The reporter's state, shared by the solving threads.
struct Reporter {
    started: Instant,
    terminal: bool,
    every: Duration,
    /// When the next line may be shown, and whether a self-rewriting line is
    /// on the terminal now (to be cleared before anything else is written).
    state: Mutex<(Instant, bool)>,
}

static REPORTER: OnceLock<Option<Reporter>> = OnceLock::new();

/// The control every budget carries (none with `--quiet`).
static CONTROL: OnceLock<Control> = OnceLock::new();

/// Starts the clock of the run; returns the control every budget carries,
/// or `None` with `quiet` (then nothing is ever shown).
pub fn start(quiet: bool) -> Option<Control> {
    let reporter = (!quiet).then(|| {
        let terminal = std::io::stderr().is_terminal();
        let custom = std::env::var(INTERVAL_ENV)
            .ok()
            .and_then(|ms| ms.parse::<u64>().ok())
            .map(Duration::from_millis);
        let (delay, every) = match (custom, terminal) {
            (Some(interval), _) => (interval, interval),
            (None, true) => (TERMINAL_DELAY, TERMINAL_REDRAW),
            (None, false) => (
                Duration::from_secs(LINE_SECONDS),
                Duration::from_secs(LINE_SECONDS),
            ),
        };
        let started = Instant::now();
        Reporter {
            started,
            terminal,
            every,
            state: Mutex::new((started + delay, false)),
        }
    });
    let quiet = reporter.is_none();
    let _ = REPORTER.set(reporter);
    let control = (!quiet).then(|| Control::with_progress(|progress| show(|| describe(progress))));
    if let Some(control) = &control {
        let _ = CONTROL.set(control.clone());
    }
    control
}

/// Starts the count of work done afresh, for the next instance (a line of
/// input): the engines report the work done under the control in all, and
/// each instance expects its own.
pub fn next_instance() {
    if let Some(control) = CONTROL.get() {
        control.reset();
    }
}

/// `what: done steps of expected (P%), S s`, as the engines report it.
fn describe(progress: &Progress<'_>) -> String {
    let steps = match (progress.expected, progress.fraction()) {
        (Some(expected), Some(fraction)) => format!(
            "{} of {} steps ({:.1}%)",
            progress.done,
            expected,
            fraction * 100.0
        ),
        _ => format!("{} steps", progress.done),
    };
    format!("{}: {steps}", progress.what)
}

/// Shows the line `text()` makes if one is due (and progress is shown at
/// all), with the time since the run started.
pub fn show(text: impl FnOnce() -> String) {
    let Some(Some(reporter)) = REPORTER.get() else {
        return;
    };
    let now = Instant::now();
    let Ok(mut state) = reporter.state.lock() else {
        return;
    };
    if now < state.0 {
        return;
    }
    state.0 = now + reporter.every;
    let elapsed = now.duration_since(reporter.started).as_secs_f64();
    let line = format!("stonegame: {}, {elapsed:.1} s", text());
    let mut err = std::io::stderr().lock();
    // A failed write to standard error has nowhere to be reported.
    let _ = if reporter.terminal {
        state.1 = true;
        // Back to the start of the line and clear it, then the new text.
        write!(err, "\r\x1b[K{line}")
    } else {
        writeln!(err, "{line}")
    };
    let _ = err.flush();
}

/// Clears the self-rewriting line, if one is shown, before anything else
/// is written to standard error (an error message) and at the end of the run.
pub fn clear() {
    let Some(Some(reporter)) = REPORTER.get() else {
        return;
    };
    if let Ok(mut state) = reporter.state.lock() {
        if state.1 {
            state.1 = false;
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}
