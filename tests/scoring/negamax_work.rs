//! `Negamax`'s work cap (issues 43 and 49): steps weighted per way of
//! solving, the numbers of a numbering charged before the solve starts, and
//! every move charged as it is listed, so a position whose listing never
//! ends is refused at the cap, quickly.

use std::cell::Cell;
use std::ops::ControlFlow;

use stonegame::game::MoveOrder;
use stonegame::scoring::{
    HASHED_STEPS_PER_MOVE, HASHED_STEPS_PER_POSITION, Negamax, SEARCH_STEPS_PER_MOVE,
    SEARCH_STEPS_PER_NUMBER, SEARCH_STEPS_PER_POSITION, SWEEP_STEPS_PER_MOVE,
    SWEEP_STEPS_PER_NUMBER, ScoringGame,
};
use stonegame::{Budget, Error};

/// The three ways `Negamax` solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Sweep,
    Search,
    Hashed,
}

const MODES: [Mode; 3] = [Mode::Sweep, Mode::Search, Mode::Hashed];

/// Moves the endless start lists.
const ENDLESS: u64 = 3_000_000;

/// TDPC B's two piles: take the top stone of either pile, score its value.
/// With `endless`, the start lists [`ENDLESS`] moves (to the end of the
/// game): endless for a cap of 10^4, short enough that a solver charging
/// only after a listing ends fails the test instead of hanging it. Counts
/// the moves it lists.
struct Piles {
    a: Vec<i64>,
    b: Vec<i64>,
    mode: Mode,
    endless: bool,
    listed: Cell<u64>,
    positions_listed: Cell<u64>,
}

impl Piles {
    fn new(a: usize, b: usize, mode: Mode, endless: bool) -> Self {
        Self {
            a: (0..a as i64).map(|i| i * 7 % 11 + 1).collect(),
            b: (0..b as i64).map(|i| i * 5 % 13 + 1).collect(),
            mode,
            endless,
            listed: Cell::new(0),
            positions_listed: Cell::new(0),
        }
    }

    fn count(&self) -> usize {
        (self.a.len() + 1) * (self.b.len() + 1)
    }

    /// Moves of the whole game: one from every position to each pile not empty.
    fn moves(&self) -> u64 {
        let (a, b) = (self.a.len() as u64, self.b.len() as u64);
        a * (b + 1) + b * (a + 1)
    }

    fn solver(&self, steps: Option<u64>) -> Negamax<&Self> {
        self.listed.set(0);
        self.positions_listed.set(0);
        let budget = steps.map_or(Budget::default(), |steps| {
            Budget::default().with_work(steps)
        });
        Negamax::new(self).with_budget(budget)
    }
}

impl ScoringGame for Piles {
    type Position = (usize, usize);
    type Move = bool;
    type Score = i64;

    fn start(&self) -> (usize, usize) {
        (0, 0)
    }

    fn for_each_move(
        &self,
        &(i, j): &(usize, usize),
        mut visit: impl FnMut(bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut listed = |first| {
            self.listed.set(self.listed.get() + 1);
            visit(first)
        };
        if self.endless && (i, j) == (0, 0) {
            for _ in 0..ENDLESS {
                listed(true)?;
            }
            return ControlFlow::Continue(());
        }
        if i < self.a.len() {
            listed(true)?;
        }
        if j < self.b.len() {
            listed(false)?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &(i, j): &(usize, usize), &first: &bool) -> (i64, (usize, usize)) {
        if self.endless && (i, j) == (0, 0) {
            return (1, (self.a.len(), self.b.len()));
        }
        if first {
            (self.a[i], (i + 1, j))
        } else {
            (self.b[j], (i, j + 1))
        }
    }

    fn dense_positions(&self) -> Option<usize> {
        (self.mode != Mode::Hashed).then(|| self.count())
    }

    fn dense_index(&self, &(i, j): &(usize, usize)) -> Option<usize> {
        Some(i * (self.b.len() + 1) + j)
    }

    fn dense_position(&self, number: usize) -> Option<(usize, usize)> {
        let stride = self.b.len() + 1;
        (number < self.count()).then(|| (number / stride, number % stride))
    }

    fn dense_order(&self) -> MoveOrder {
        match self.mode {
            Mode::Sweep => MoveOrder::ToLarger,
            _ => MoveOrder::Unordered,
        }
    }

    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut((usize, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for i in (0..=self.a.len()).rev() {
            for j in (0..=self.b.len()).rev() {
                self.positions_listed.set(self.positions_listed.get() + 1);
                visit((i, j))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The steps one solve of `game` costs, by the documented weights: every
/// position is reachable from the start, so each way expands all of them.
fn documented_steps(game: &Piles) -> u64 {
    let (count, moves) = (game.count() as u64, game.moves());
    match game.mode {
        Mode::Sweep => SWEEP_STEPS_PER_NUMBER * count + SWEEP_STEPS_PER_MOVE * moves,
        Mode::Search => {
            (SEARCH_STEPS_PER_NUMBER + SEARCH_STEPS_PER_POSITION) * count
                + SEARCH_STEPS_PER_MOVE * moves
        }
        Mode::Hashed => HASHED_STEPS_PER_POSITION * count + HASHED_STEPS_PER_MOVE * moves,
    }
}

fn is_work_limit(result: &stonegame::Result<i64>, cap: u64) -> bool {
    match result {
        Err(Error::WorkLimitExceeded { steps, .. }) => *steps == cap,
        Err(Error::WorkLimitWouldExceed { limit, needed, .. }) => {
            *limit == cap && *needed > u128::from(cap)
        }
        _ => false,
    }
}

#[test]
fn each_way_is_charged_exactly_its_documented_weights() {
    for mode in MODES {
        let game = Piles::new(13, 9, mode, false);
        let steps = documented_steps(&game);
        let expected = game.solver(None).value().unwrap();
        assert_eq!(
            game.solver(Some(steps)).value().unwrap(),
            expected,
            "{mode:?}"
        );
        let short = game.solver(Some(steps - 1)).value();
        assert!(is_work_limit(&short, steps - 1), "{mode:?}: {short:?}");
    }
}

#[test]
fn a_listing_that_never_ends_is_refused_at_the_cap() {
    let cap = 10_000;
    for mode in MODES {
        let game = Piles::new(3, 3, mode, true);
        let refused = game.solver(Some(cap)).value();
        assert!(is_work_limit(&refused, cap), "{mode:?}: {refused:?}");
        // Charged move by move: the listing stopped at the cap, not after.
        let per_move = match mode {
            Mode::Sweep => SWEEP_STEPS_PER_MOVE,
            Mode::Search => SEARCH_STEPS_PER_MOVE,
            Mode::Hashed => HASHED_STEPS_PER_MOVE,
        };
        let listed = game.listed.get();
        assert!(
            listed * per_move <= cap + per_move,
            "{mode:?}: {listed} moves listed"
        );
        assert!(
            listed * per_move >= cap / 2,
            "{mode:?}: only {listed} moves listed"
        );
    }
}

#[test]
fn a_numbering_too_large_for_the_cap_is_refused_before_anything_is_listed() {
    for mode in [Mode::Sweep, Mode::Search] {
        // 10^6 numbers: 4·10^6 steps or more up front, against 10^5.
        let game = Piles::new(999, 999, mode, false);
        let refused = game.solver(Some(100_000)).value();
        assert!(is_work_limit(&refused, 100_000), "{mode:?}: {refused:?}");
        assert_eq!(game.listed.get(), 0, "{mode:?}");
        assert_eq!(game.positions_listed.get(), 0, "{mode:?}");
        let Err(error) = refused else { unreachable!() };
        assert!(
            error.to_string().contains("1000000 numbered positions"),
            "{error}"
        );
    }
}

/// TDPC B at its largest shape (7100 × 7100: 5·10^7 numbers, 10^8 moves)
/// fits the default cap of the sweep with room to spare (it answers in well
/// under a second); checked by the documented weights, not by solving it.
#[test]
fn the_largest_tdpc_b_fits_the_default_sweep_cap() {
    let (a, b) = (7100u64, 7100u64);
    let count = (a + 1) * (b + 1);
    let moves = a * (b + 1) + b * (a + 1);
    let steps = SWEEP_STEPS_PER_NUMBER * count + SWEEP_STEPS_PER_MOVE * moves;
    let default = Negamax::<Piles>::DEFAULT_WORK;
    assert!(steps * 10 < default, "{steps} of {default}");
}
