//! Retrograde tables that the budget allows but the system refuses are an
//! error, never an abort (issue 35).
//!
//! Each case runs this test binary again under `ulimit -v` (so that only the
//! child's allocations are refused), with a budget far above that cap: the
//! child solves a game whose tables cannot fit and checks that the answer is
//! `Error::AllocationRefused`. A child that aborted instead fails the parent.

use std::ops::ControlFlow;
use std::process::Command;

use stonegame::retrograde::{ImplicitSolver, TierPosition, TieredGame, TieredSolver};
use stonegame::{Budget, Error};

/// The case the child runs, when set.
const CASE: &str = "STONEGAME_ALLOC_CASE";

/// The child's address-space cap: far below the 2 GiB tables asked for.
const CAP_KIB: u64 = 600_000;

/// Positions of the games below: a code table alone takes 2 GiB.
const POSITIONS: u32 = 1 << 31;

/// A budget that lets every table through, so that the system refuses first.
fn roomy() -> Budget {
    Budget::from_bytes(1 << 40)
}

/// Runs `case` in a child under the address-space cap and checks its verdict.
fn run_capped(case: &str) {
    let exe = std::env::current_exe().expect("the test binary");
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {CAP_KIB} && exec \"$0\" \"$@\""))
        .arg(exe)
        .args([
            "--ignored",
            "--exact",
            "retrograde_alloc::child",
            "--nocapture",
        ])
        .env(CASE, case)
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{case}: {:?}\n{stdout}\n{stderr}",
        output.status
    );
    assert!(stdout.contains("refused as expected"), "{case}: {stdout}");
}

/// One tier of [`POSITIONS`] positions, each moving to the next.
struct OneHugeTier;

impl TieredGame for OneHugeTier {
    fn num_tiers(&self) -> u32 {
        1
    }

    fn tier_size(&self, _tier: u32) -> u32 {
        POSITIONS
    }

    fn for_each_move(
        &self,
        p: TierPosition,
        mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if p.index + 1 < POSITIONS {
            visit(TierPosition {
                tier: p.tier,
                index: p.index + 1,
            })?;
        }
        ControlFlow::Continue(())
    }
}

/// The child: solves its case and reports the refusal on stdout.
#[test]
#[ignore = "run by the tests below, under an address-space cap"]
fn child() {
    let Ok(case) = std::env::var(CASE) else {
        return;
    };
    let result = match case.as_str() {
        "implicit" => ImplicitSolver::from_fns(
            POSITIONS as usize,
            |u| (u + 1 < POSITIONS).then_some(u + 1),
            |v| v.checked_sub(1),
        )
        .with_budget(roomy())
        .solve()
        .map(drop),
        "tiered" => {
            let dir = std::env::temp_dir().join(format!("stonegame-alloc-{}", std::process::id()));
            let solved = TieredSolver::new(&OneHugeTier, &dir)
                .with_budget(roomy())
                .solve()
                .map(drop);
            let _ = std::fs::remove_dir_all(&dir);
            solved
        }
        other => panic!("unknown case {other}"),
    };
    match result {
        Err(Error::AllocationRefused { what, bytes }) => {
            println!("{case}: {what}, {bytes} bytes, refused as expected");
        }
        other => panic!("{case}: expected AllocationRefused, got {other:?}"),
    }
}

#[test]
fn implicit_tables_the_system_refuses_are_an_error_not_an_abort() {
    run_capped("implicit");
}

#[test]
fn tier_tables_the_system_refuses_are_an_error_not_an_abort() {
    run_capped("tiered");
}
