//! Issue 43 items 3–4: the generic engines charge their work cap as a
//! game's closure lists moves, options or predecessors, not after a whole
//! listing, so a listing that never ends (or lists billions of entries)
//! is refused within a batch of the cap. Each test counts the entries the
//! game listed before the refusal; the caps are tiny, so the tests are
//! fast in debug builds and would hang without the charging.

use std::cell::Cell;
use std::ops::ControlFlow;
use std::path::PathBuf;

use stonegame::impartial::ImpartialGame;
use stonegame::impartial::grundy::GrundySolver;
use stonegame::retrograde::{
    FnImplicitGame, ImplicitSolver, TierPosition, TieredGame, TieredSolver,
};
use stonegame::{Budget, Convention, Error};

const CAP: u64 = 10_000;
/// The engines charge a batch at a time (1024 entries, up to 16 steps
/// each): the most a listing may run past the cap.
const SLACK: u64 = 1024;

fn capped() -> Budget {
    Budget::default().with_work(CAP)
}

fn assert_work_refusal<T: std::fmt::Debug>(result: stonegame::Result<T>, listed: u64) {
    match result {
        Err(Error::WorkLimitExceeded { steps, .. }) => assert_eq!(steps, CAP),
        other => panic!("expected a work refusal, got {other:?}"),
    }
    assert!(
        listed <= CAP + SLACK,
        "{listed} entries listed under a cap of {CAP}"
    );
}

#[test]
fn implicit_solver_stops_an_endless_predecessor_listing() {
    for check in [false, true] {
        let listed = Cell::new(0u64);
        // 0 → 1; position 1 claims 0 as its predecessor forever.
        let game = FnImplicitGame::new(
            2,
            |u| (u == 0).then_some(1),
            |v| {
                std::iter::repeat_n(0, if v == 1 { usize::MAX } else { 0 })
                    .inspect(|_| listed.set(listed.get() + 1))
            },
        );
        let result = ImplicitSolver::new(&game)
            .with_predecessor_check(check)
            .with_budget(capped())
            .solve();
        assert_work_refusal(result, listed.get());
    }
}

#[test]
fn implicit_solver_stops_a_huge_move_listing() {
    for check in [false, true] {
        let listed = Cell::new(0u64);
        // Position 0 lists 2·10^10 moves to 1 (the out-degree count).
        let game = FnImplicitGame::new(
            2,
            |u| {
                std::iter::repeat_n(1, if u == 0 { 20_000_000_000 } else { 0 })
                    .inspect(|_| listed.set(listed.get() + 1))
            },
            |v| (v == 1).then_some(0),
        );
        let result = ImplicitSolver::new(&game)
            .with_predecessor_check(check)
            .with_budget(capped())
            .solve();
        assert_work_refusal(result, listed.get());
    }
}

/// One tier of two positions: 0 → 1 listed `moves` times, and 1's
/// predecessors listed `predecessors` times (when the game lists them).
struct Endless {
    moves: u64,
    predecessors: Option<u64>,
    listed: Cell<u64>,
}

impl TieredGame for Endless {
    fn identity(&self) -> &str {
        "endless listings for the listing-cap tests v1"
    }
    fn num_tiers(&self) -> u32 {
        1
    }
    fn tier_size(&self, _tier: u32) -> u32 {
        2
    }
    fn for_each_move(
        &self,
        p: TierPosition,
        mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if p.index == 0 {
            for _ in 0..self.moves {
                self.listed.set(self.listed.get() + 1);
                visit(TierPosition { tier: 0, index: 1 })?;
            }
        }
        ControlFlow::Continue(())
    }
    fn lists_predecessors(&self) -> bool {
        self.predecessors.is_some()
    }
    fn for_each_predecessor(
        &self,
        p: TierPosition,
        _tier: u32,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if p.index == 1 {
            for _ in 0..self.predecessors.unwrap_or(0) {
                self.listed.set(self.listed.get() + 1);
                visit(0)?;
            }
        }
        ControlFlow::Continue(())
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "stonegame-listing-caps-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn tiered_solver_stops_huge_listings_of_moves_and_predecessors() {
    let cases = [
        ("moves", 20_000_000_000, None),
        ("stored", 20_000_000_000, Some(1)),
        ("predecessors", 1, Some(u64::MAX)),
    ];
    for (name, moves, predecessors) in cases {
        let game = Endless {
            moves,
            predecessors,
            listed: Cell::new(0),
        };
        let dir = scratch(name);
        let result = TieredSolver::new(&game, &dir)
            .with_predecessor_check(false)
            .with_budget(capped())
            .solve();
        assert_work_refusal(result.map(|_| ()), game.listed.get());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Position 1 has `count` options, each the terminal position 0; position
/// 2 has the single option 1.
struct ManyOptions<'a> {
    count: u64,
    listed: &'a Cell<u64>,
}

impl ImpartialGame for ManyOptions<'_> {
    type Position = u64;
    fn for_each_option(
        &self,
        p: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match *p {
            1 => {
                for _ in 0..self.count {
                    self.listed.set(self.listed.get() + 1);
                    visit(&[0])?;
                }
            }
            2 => visit(&[1])?,
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

fn many_options(count: u64, listed: &Cell<u64>) -> ManyOptions<'_> {
    ManyOptions { count, listed }
}

#[test]
fn grundy_solver_stops_a_huge_option_listing() {
    for convention in [Convention::Normal, Convention::Misere] {
        let listed = Cell::new(0);
        let game = many_options(20_000_000_000, &listed);
        let mut solver = GrundySolver::new(&game)
            .with_convention(convention)
            .with_budget(capped());
        assert_work_refusal(solver.outcome(&[2, 1]), listed.get());
    }
}

/// The same listing on a numbered game: positions 0..3, options to smaller.
struct NumberedMany<'a> {
    listed: &'a Cell<u64>,
    ordered: bool,
}

impl ImpartialGame for NumberedMany<'_> {
    type Position = u64;
    fn for_each_option(
        &self,
        p: &u64,
        visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut visit = visit;
        match *p {
            1 => loop {
                self.listed.set(self.listed.get() + 1);
                visit(&[0])?;
            },
            2 => visit(&[1]),
            _ => ControlFlow::Continue(()),
        }
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(3)
    }
    fn dense_index(&self, p: &u64) -> Option<usize> {
        Some(*p as usize)
    }
    fn dense_position(&self, index: usize) -> Option<u64> {
        Some(index as u64)
    }
    fn dense_order(&self) -> stonegame::game::MoveOrder {
        if self.ordered {
            stonegame::game::MoveOrder::ToSmaller
        } else {
            stonegame::game::MoveOrder::Unordered
        }
    }
}

#[test]
fn grundy_solver_stops_an_endless_listing_on_both_dense_paths() {
    for ordered in [true, false] {
        let listed = Cell::new(0);
        let game = NumberedMany {
            listed: &listed,
            ordered,
        };
        let mut solver = GrundySolver::new(game).with_budget(capped());
        assert_work_refusal(solver.grundy(&2), listed.get());
    }
}
