//! The generic negamax's three ways of solving against each other and
//! against a plain exponential minimax: the bottom-up sweep of a declared
//! `dense_order` (both directions), the depth-first search over a dense
//! numbering without an order, and the hashed search. Two games: UVa 10891
//! "Game of Sum" (take one or more stones from either end, score their sum)
//! and AtCoder ABC 201 D (a piece moves right or down on a grid of `+`/`-`,
//! the mover scores +1 or -1 for the cell entered). Best moves, lines and
//! totals, re-derived from the values, are checked against the brute force;
//! wrong declarations, budgets and very long games are refused or answered
//! without aborting.

use std::ops::ControlFlow;

use proptest::prelude::*;
use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};
use stonegame::{Budget, Error};

/// How a test game numbers its positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// No numbering: the hashed search.
    Hashed,
    /// A numbering without a declared order: the dense search.
    Dense,
    /// Numbered so every move goes to a smaller number, declared: the sweep up.
    ToSmaller,
    /// Numbered so every move goes to a larger number, declared: the sweep down.
    ToLarger,
}

const MODES: [Mode; 4] = [Mode::Hashed, Mode::Dense, Mode::ToSmaller, Mode::ToLarger];

impl Mode {
    fn order(self) -> MoveOrder {
        match self {
            Mode::ToSmaller => MoveOrder::ToSmaller,
            Mode::ToLarger => MoveOrder::ToLarger,
            _ => MoveOrder::Unordered,
        }
    }
}

/// Game of Sum over `row`, numbered as `mode` says.
struct GameOfSum {
    row: Vec<i64>,
    mode: Mode,
}

impl GameOfSum {
    fn new(row: &[i64], mode: Mode) -> Self {
        Self {
            row: row.to_vec(),
            mode,
        }
    }

    fn stride(&self) -> usize {
        self.row.len() + 1
    }
}

impl ScoringGame for GameOfSum {
    type Position = (usize, usize);
    type Move = (bool, usize);
    type Score = i64;

    fn start(&self) -> (usize, usize) {
        (0, self.row.len())
    }

    fn for_each_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut((bool, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for k in 1..=r - l {
            visit((true, k))?;
            visit((false, k))?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &(l, r): &(usize, usize), &(left, k): &(bool, usize)) -> (i64, (usize, usize)) {
        if left {
            (self.row[l..l + k].iter().sum(), (l + k, r))
        } else {
            (self.row[r - k..r].iter().sum(), (l, r - k))
        }
    }

    fn dense_positions(&self) -> Option<usize> {
        (self.mode != Mode::Hashed).then(|| self.stride() * self.stride())
    }

    fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
        let (stride, length_first) = (self.stride(), (r - l) * self.stride() + l);
        match self.mode {
            Mode::Hashed => None,
            Mode::Dense => Some(l * stride + r),
            Mode::ToSmaller => Some(length_first),
            Mode::ToLarger => Some(stride * stride - 1 - length_first),
        }
    }

    fn dense_position(&self, number: usize) -> Option<(usize, usize)> {
        let stride = self.stride();
        let length_first = match self.mode {
            Mode::ToSmaller => number,
            Mode::ToLarger => (stride * stride - 1).checked_sub(number)?,
            Mode::Dense => {
                let (l, r) = (number / stride, number % stride);
                return (l <= r && r <= self.row.len()).then_some((l, r));
            }
            Mode::Hashed => return None,
        };
        let (length, l) = (length_first / stride, length_first % stride);
        (l + length <= self.row.len()).then_some((l, l + length))
    }

    fn dense_order(&self) -> MoveOrder {
        self.mode.order()
    }
}

/// Plain minimax over the interval, no memo: the reference.
fn brute_sum(row: &[i64]) -> i64 {
    let mut best = None;
    for k in 1..=row.len() {
        let left: i64 = row[..k].iter().sum();
        let right: i64 = row[row.len() - k..].iter().sum();
        for option in [
            left - brute_sum(&row[k..]),
            right - brute_sum(&row[..row.len() - k]),
        ] {
            best = Some(best.map_or(option, |b: i64| b.max(option)));
        }
    }
    best.unwrap_or(0)
}

/// ABC 201 D over a grid of `+` (true) and `-`, numbered as `mode` says.
struct Grid {
    height: usize,
    width: usize,
    plus: Vec<bool>,
    mode: Mode,
}

impl Grid {
    fn new(height: usize, width: usize, plus: &[bool], mode: Mode) -> Self {
        Self {
            height,
            width,
            plus: plus.to_vec(),
            mode,
        }
    }

    fn cells(&self) -> usize {
        self.height * self.width
    }
}

/// Right or down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Right,
    Down,
}

impl ScoringGame for Grid {
    type Position = (usize, usize);
    type Move = Step;
    type Score = i32;

    fn start(&self) -> (usize, usize) {
        (0, 0)
    }

    fn for_each_move(
        &self,
        &(r, c): &(usize, usize),
        mut visit: impl FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if c + 1 < self.width {
            visit(Step::Right)?;
        }
        if r + 1 < self.height {
            visit(Step::Down)?;
        }
        ControlFlow::Continue(())
    }

    fn play(&self, &(r, c): &(usize, usize), step: &Step) -> (i32, (usize, usize)) {
        let next = match step {
            Step::Right => (r, c + 1),
            Step::Down => (r + 1, c),
        };
        let points = if self.plus[next.0 * self.width + next.1] {
            1
        } else {
            -1
        };
        (points, next)
    }

    fn dense_positions(&self) -> Option<usize> {
        (self.mode != Mode::Hashed).then(|| self.cells())
    }

    fn dense_index(&self, &(r, c): &(usize, usize)) -> Option<usize> {
        let row_major = r * self.width + c;
        match self.mode {
            Mode::Hashed => None,
            // Column-major: right moves jump ahead, down moves step by one;
            // both go up, but nothing is declared.
            Mode::Dense => Some(c * self.height + r),
            Mode::ToLarger => Some(row_major),
            Mode::ToSmaller => Some(self.cells() - 1 - row_major),
        }
    }

    fn dense_position(&self, number: usize) -> Option<(usize, usize)> {
        let row_major = match self.mode {
            Mode::ToLarger => number,
            Mode::ToSmaller => (self.cells() - 1).checked_sub(number)?,
            Mode::Dense => {
                let (r, c) = (number % self.height, number / self.height);
                return (c < self.width).then_some((r, c));
            }
            Mode::Hashed => return None,
        };
        (row_major < self.cells()).then(|| (row_major / self.width, row_major % self.width))
    }

    fn dense_order(&self) -> MoveOrder {
        self.mode.order()
    }
}

/// Plain minimax over the paths from `(r, c)`: the reference.
fn brute_grid(grid: &Grid, (r, c): (usize, usize)) -> i32 {
    let mut best = None;
    let _ = grid.for_each_move(&(r, c), |step| {
        let (points, next) = grid.play(&(r, c), &step);
        let option = points - brute_grid(grid, next);
        best = Some(best.map_or(option, |b: i32| b.max(option)));
        ControlFlow::Continue(())
    });
    best.unwrap_or(0)
}

/// Checks the solver's table of `game` against `brute` (the value of any
/// position) at every position in `positions`: values, the best move (the
/// earliest achieving the value), the line from the start and its totals.
fn check_table<G: ScoringGame>(
    game: &G,
    positions: &[G::Position],
    brute: impl Fn(&G::Position) -> G::Score,
) -> Result<(), TestCaseError>
where
    G::Position: std::fmt::Debug,
    G::Move: PartialEq,
{
    let solver = Negamax::new(game);
    let table = solver.table().unwrap();
    let start = game.start();
    prop_assert_eq!(table.value(), brute(&start));
    for position in positions {
        let value = brute(position);
        prop_assert_eq!(table.value_at(position), Some(value), "{:?}", position);
        let mut earliest = None;
        let _ = game.for_each_move(position, |mv| {
            let (points, child) = game.play(position, &mv);
            if earliest.is_none() && points - brute(&child) == value {
                earliest = Some(mv);
            }
            ControlFlow::Continue(())
        });
        prop_assert_eq!(table.best_move(position), earliest, "{:?}", position);
    }
    // The line from the start: each move optimal, the totals add up, the
    // game over at its end.
    let line = table.solution().line().to_vec();
    let (mut position, mut totals) = (start, [G::Score::default(); 2]);
    for (turn, mv) in line.iter().enumerate() {
        let (points, child) = game.play(&position, mv);
        prop_assert_eq!(points - brute(&child), brute(&position));
        totals[turn % 2] = totals[turn % 2] + points;
        position = child;
    }
    prop_assert!(
        game.for_each_move(&position, |_| ControlFlow::Break(()))
            .is_continue()
    );
    prop_assert_eq!(table.totals(), (totals[0], totals[1]));
    prop_assert_eq!(totals[0] - totals[1], table.value());
    Ok(())
}

fn intervals(n: usize) -> Vec<(usize, usize)> {
    (0..=n).flat_map(|l| (l..=n).map(move |r| (l, r))).collect()
}

fn grid_strategy() -> impl Strategy<Value = (usize, usize, Vec<bool>)> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(h, w)| {
        (
            Just(h),
            Just(w),
            prop::collection::vec(any::<bool>(), h * w),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn game_of_sum_every_way_agrees_with_brute_force(row in prop::collection::vec(-50i64..=50, 0..=7)) {
        let expected = brute_sum(&row);
        let mut positions = None;
        for mode in MODES {
            let game = GameOfSum::new(&row, mode);
            prop_assert_eq!(Negamax::new(&game).value().unwrap(), expected, "{:?}", mode);
            check_table(&game, &intervals(row.len()), |&(l, r)| brute_sum(&row[l..r]))?;
            // Every interval is reachable: every way solves them all.
            let solved = Negamax::new(&game).table().unwrap().positions();
            prop_assert_eq!(*positions.get_or_insert(solved), solved, "{:?}", mode);
        }
    }

    #[test]
    fn grid_every_way_agrees_with_brute_force((h, w, plus) in grid_strategy()) {
        let reference = Grid::new(h, w, &plus, Mode::Hashed);
        let expected = brute_grid(&reference, (0, 0));
        let cells: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
        for mode in MODES {
            let game = Grid::new(h, w, &plus, mode);
            prop_assert_eq!(Negamax::new(&game).value().unwrap(), expected, "{:?}", mode);
            check_table(&game, &cells, |&p| brute_grid(&reference, p))?;
            prop_assert_eq!(Negamax::new(&game).table().unwrap().positions(), h * w);
        }
    }

    /// Declaring the wrong direction is refused, never answered.
    #[test]
    fn a_wrong_declared_order_is_refused((h, w, plus) in grid_strategy()) {
        prop_assume!(h * w > 1);
        let game = Grid::new(h, w, &plus, Mode::ToLarger);
        prop_assert!(Negamax::new(&game).value().is_ok());
        // Row-major numbers (moves go up) declared as going down.
        let wrong = WrongOrder(game, MoveOrder::ToSmaller);
        let refused = Negamax::new(&wrong).value();
        prop_assert!(matches!(refused, Err(Error::InvalidParameter { .. })), "{:?}", refused);
    }
}

/// A game with its declared order replaced.
struct WrongOrder<G>(G, MoveOrder);

impl<G: ScoringGame> ScoringGame for WrongOrder<G> {
    type Position = G::Position;
    type Move = G::Move;
    type Score = G::Score;
    fn start(&self) -> G::Position {
        self.0.start()
    }
    fn for_each_move(
        &self,
        p: &G::Position,
        visit: impl FnMut(G::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.0.for_each_move(p, visit)
    }
    fn play(&self, p: &G::Position, m: &G::Move) -> (G::Score, G::Position) {
        self.0.play(p, m)
    }
    fn dense_positions(&self) -> Option<usize> {
        self.0.dense_positions()
    }
    fn dense_index(&self, p: &G::Position) -> Option<usize> {
        self.0.dense_index(p)
    }
    fn dense_position(&self, number: usize) -> Option<G::Position> {
        self.0.dense_position(number)
    }
    fn dense_order(&self) -> MoveOrder {
        self.1
    }
}

#[test]
fn uva_sample_every_way() {
    for (row, expected) in [(vec![4, -10, -20, 7], 7), (vec![1, 2, 3], 6)] {
        for mode in MODES {
            let game = GameOfSum::new(&row, mode);
            assert_eq!(Negamax::new(game).value().unwrap(), expected, "{mode:?}");
        }
    }
}

#[test]
fn abc201_d_samples_every_way() {
    let samples: [(&[&str], i32); 3] = [
        (&["---", "+-+", "+--"], 1),
        (&["+++-", "-+-+"], -1),
        (&["-"], 0),
    ];
    for (rows, sign) in samples {
        let plus: Vec<bool> = rows
            .iter()
            .flat_map(|row| row.bytes().map(|b| b == b'+'))
            .collect();
        for mode in MODES {
            let game = Grid::new(rows.len(), rows[0].len(), &plus, mode);
            assert_eq!(
                Negamax::new(game).value().unwrap().signum(),
                sign,
                "{rows:?} {mode:?}"
            );
        }
    }
}

/// The refusal names the position numbers of the move against the order.
#[test]
fn the_order_refusal_names_the_numbers() {
    let game = WrongOrder(
        GameOfSum::new(&[1, 2, 3], Mode::ToSmaller),
        MoveOrder::ToLarger,
    );
    let Err(Error::InvalidParameter { reason, .. }) = Negamax::new(game).value() else {
        panic!("a move against the order was answered");
    };
    // Numbers 0..=3 are the empty intervals; the sweep down meets the
    // longest first: number 12 = (0, 3), whose first move goes to (1, 3),
    // number 2 * 4 + 1 = 9.
    assert!(reason.contains("12") && reason.contains('9'), "{reason}");
    // The column-major grid (every move to a larger number) declared the
    // other way.
    let grid = WrongOrder(
        Grid::new(3, 3, &[true; 9], Mode::Dense),
        MoveOrder::ToSmaller,
    );
    assert!(matches!(
        Negamax::new(grid).value(),
        Err(Error::InvalidParameter { .. })
    ));
}

/// A game with its `dense_position` taken away (None for every number).
struct NoInverse<G>(G);

impl<G: ScoringGame> ScoringGame for NoInverse<G> {
    type Position = G::Position;
    type Move = G::Move;
    type Score = G::Score;
    fn start(&self) -> G::Position {
        self.0.start()
    }
    fn for_each_move(
        &self,
        p: &G::Position,
        visit: impl FnMut(G::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.0.for_each_move(p, visit)
    }
    fn play(&self, p: &G::Position, m: &G::Move) -> (G::Score, G::Position) {
        self.0.play(p, m)
    }
    fn dense_positions(&self) -> Option<usize> {
        self.0.dense_positions()
    }
    fn dense_index(&self, p: &G::Position) -> Option<usize> {
        self.0.dense_index(p)
    }
    fn dense_order(&self) -> MoveOrder {
        self.0.dense_order()
    }
}

/// A declared order without `dense_position` (every number None), or
/// without `dense_positions`, is refused.
#[test]
fn a_declared_order_needs_the_inverse_numbering() {
    let no_inverse = NoInverse(GameOfSum::new(&[1, 2, 3], Mode::ToSmaller));
    let refused = Negamax::new(no_inverse).value();
    assert!(
        matches!(&refused, Err(Error::InvalidParameter { reason, .. }) if reason.contains("dense_position")),
        "{refused:?}"
    );
    let unnumbered = WrongOrder(
        GameOfSum::new(&[1, 2, 3], Mode::Hashed),
        MoveOrder::ToLarger,
    );
    assert!(matches!(
        Negamax::new(unnumbered).value(),
        Err(Error::InvalidParameter { .. })
    ));
}

/// A numbering that leaves a position out is refused, not trusted.
#[test]
fn a_numbering_too_small_is_refused() {
    struct Short(GameOfSum);
    impl ScoringGame for Short {
        type Position = (usize, usize);
        type Move = (bool, usize);
        type Score = i64;
        fn start(&self) -> (usize, usize) {
            self.0.start()
        }
        fn for_each_move(
            &self,
            p: &(usize, usize),
            visit: impl FnMut((bool, usize)) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            self.0.for_each_move(p, visit)
        }
        fn play(&self, p: &(usize, usize), m: &(bool, usize)) -> (i64, (usize, usize)) {
            self.0.play(p, m)
        }
        fn dense_positions(&self) -> Option<usize> {
            Some(3)
        }
        fn dense_index(&self, p: &(usize, usize)) -> Option<usize> {
            self.0.dense_index(p)
        }
        fn dense_position(&self, number: usize) -> Option<(usize, usize)> {
            self.0.dense_position(number)
        }
        fn dense_order(&self) -> MoveOrder {
            self.0.dense_order()
        }
    }
    for mode in [Mode::Dense, Mode::ToSmaller] {
        let game = Short(GameOfSum::new(&[1, 2, 3], mode));
        let refused = Negamax::new(game).value();
        assert!(
            matches!(refused, Err(Error::InvalidParameter { .. })),
            "{mode:?}: {refused:?}"
        );
    }
}

/// A row so long that its table would not fit in memory: refused by the
/// budget before anything is allocated (allocating it would abort).
#[test]
fn a_too_small_budget_is_refused_before_allocating() {
    struct Huge(Mode);
    impl ScoringGame for Huge {
        type Position = usize;
        type Move = ();
        type Score = i64;
        fn start(&self) -> usize {
            1
        }
        fn for_each_move(
            &self,
            &n: &usize,
            mut visit: impl FnMut(()) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if n > 0 {
                visit(())?;
            }
            ControlFlow::Continue(())
        }
        fn play(&self, &n: &usize, _: &()) -> (i64, usize) {
            (1, n - 1)
        }
        fn dense_positions(&self) -> Option<usize> {
            Some(1 << 60)
        }
        fn dense_index(&self, &n: &usize) -> Option<usize> {
            Some(n)
        }
        fn dense_position(&self, n: usize) -> Option<usize> {
            Some(n)
        }
        fn dense_order(&self) -> MoveOrder {
            self.0.order()
        }
    }
    for mode in [Mode::Dense, Mode::ToSmaller] {
        let refused = Negamax::new(Huge(mode)).value();
        assert!(
            matches!(refused, Err(Error::MemoryBudgetExceeded { .. })),
            "{mode:?}: {refused:?}"
        );
        // No budget to pass: the allocator's own refusal (2^63 bytes), never an abort.
        let refused = Negamax::new(Huge(mode))
            .with_budget(Budget::unlimited())
            .value();
        assert!(
            matches!(refused, Err(Error::AllocationRefused { .. })),
            "{mode:?}: {refused:?}"
        );
    }
    // Small games under tiny budgets, every way.
    for mode in MODES {
        let game = GameOfSum::new(&[1; 60], mode);
        let refused = Negamax::new(&game)
            .with_budget(Budget::from_bytes(4096))
            .value();
        assert!(
            matches!(refused, Err(Error::MemoryBudgetExceeded { .. })),
            "{mode:?}: {refused:?}"
        );
        assert!(Negamax::new(&game).value().is_ok());
    }
}

/// The work cap counts the moves visited on every way.
#[test]
fn the_work_cap_holds_every_way() {
    for mode in MODES {
        let game = GameOfSum::new(&[1; 30], mode);
        let capped = Negamax::new(&game)
            .with_budget(Budget::default().with_work(1000))
            .value();
        assert!(
            matches!(
                capped,
                Err(Error::WorkLimitExceeded { .. } | Error::WorkLimitWouldExceed { .. })
            ),
            "{mode:?}: {capped:?}"
        );
    }
}

/// A chain: from n the only move goes to n - 1 and scores 1.
struct Chain(usize, Mode);

impl ScoringGame for Chain {
    type Position = usize;
    type Move = ();
    type Score = i64;
    fn start(&self) -> usize {
        self.0
    }
    fn for_each_move(
        &self,
        &n: &usize,
        mut visit: impl FnMut(()) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if n > 0 {
            visit(())?;
        }
        ControlFlow::Continue(())
    }
    fn play(&self, &n: &usize, _: &()) -> (i64, usize) {
        (1, n - 1)
    }
    fn dense_positions(&self) -> Option<usize> {
        (self.1 != Mode::Hashed).then_some(self.0 + 1)
    }
    fn dense_index(&self, &n: &usize) -> Option<usize> {
        match self.1 {
            Mode::Hashed => None,
            Mode::ToLarger => Some(self.0 - n),
            _ => Some(n),
        }
    }
    fn dense_position(&self, number: usize) -> Option<usize> {
        match self.1 {
            Mode::ToLarger => Some(self.0 - number),
            Mode::ToSmaller | Mode::Dense => Some(number),
            Mode::Hashed => None,
        }
    }
    fn dense_order(&self) -> MoveOrder {
        self.1.order()
    }
}

#[test]
fn a_chain_of_a_million_moves_does_not_overflow_the_stack_any_way() {
    for mode in MODES {
        let table = Negamax::new(Chain(1_000_000, mode)).into_table().unwrap();
        // Players alternate single points: an even number of moves is a draw.
        assert_eq!(table.value(), 0, "{mode:?}");
        assert_eq!(table.totals(), (500_000, 500_000), "{mode:?}");
        assert_eq!(table.solution().line().len(), 1_000_000, "{mode:?}");
        assert_eq!(table.positions(), 1_000_001, "{mode:?}");
        assert_eq!(Negamax::new(Chain(999_999, mode)).value().unwrap(), 1);
    }
}

/// Values that do not fit the score type are refused on every way, the
/// sweep's cold path included.
#[test]
fn overflow_is_reported_every_way() {
    /// From n, one move to n - 1 scoring ±100 in `i8`: the values run out of range.
    struct Swing(Mode);
    impl ScoringGame for Swing {
        type Position = u8;
        type Move = ();
        type Score = i8;
        fn start(&self) -> u8 {
            3
        }
        fn for_each_move(
            &self,
            &p: &u8,
            mut visit: impl FnMut(()) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if p > 0 {
                visit(())?;
            }
            ControlFlow::Continue(())
        }
        fn play(&self, &p: &u8, _: &()) -> (i8, u8) {
            (if p % 2 == 1 { 100 } else { -100 }, p - 1)
        }
        fn dense_positions(&self) -> Option<usize> {
            (self.0 != Mode::Hashed).then_some(4)
        }
        fn dense_index(&self, &p: &u8) -> Option<usize> {
            match self.0 {
                Mode::Hashed => None,
                Mode::ToLarger => Some(3 - usize::from(p)),
                _ => Some(usize::from(p)),
            }
        }
        fn dense_position(&self, number: usize) -> Option<u8> {
            let p = match self.0 {
                Mode::ToLarger => 3 - number,
                Mode::ToSmaller | Mode::Dense => number,
                Mode::Hashed => return None,
            };
            u8::try_from(p).ok()
        }
        fn dense_order(&self) -> MoveOrder {
            self.0.order()
        }
    }
    for mode in MODES {
        let refused = Negamax::new(Swing(mode)).value();
        assert!(
            matches!(refused, Err(Error::ScoreOverflow { .. })),
            "{mode:?}: {refused:?}"
        );
    }
}

/// An empty numbering cannot hold the start: refused on every numbered way.
#[test]
fn an_empty_numbering_is_refused() {
    for mode in [Mode::Dense, Mode::ToSmaller, Mode::ToLarger] {
        struct Empty(Mode);
        impl ScoringGame for Empty {
            type Position = usize;
            type Move = ();
            type Score = i64;
            fn start(&self) -> usize {
                0
            }
            fn for_each_move(
                &self,
                _: &usize,
                _: impl FnMut(()) -> ControlFlow<()>,
            ) -> ControlFlow<()> {
                ControlFlow::Continue(())
            }
            fn play(&self, &n: &usize, _: &()) -> (i64, usize) {
                (0, n)
            }
            fn dense_positions(&self) -> Option<usize> {
                Some(0)
            }
            fn dense_index(&self, &n: &usize) -> Option<usize> {
                Some(n)
            }
            fn dense_position(&self, n: usize) -> Option<usize> {
                Some(n)
            }
            fn dense_order(&self) -> MoveOrder {
                self.0.order()
            }
        }
        let refused = Negamax::new(Empty(mode)).value();
        assert!(
            matches!(refused, Err(Error::InvalidParameter { .. })),
            "{mode:?}: {refused:?}"
        );
    }
}

/// AtCoder EDPC L "Deque" with the DP's own loops as its listing
/// (`for_each_dense_position`, no inverse numbering); `skip` leaves one
/// interval length out of the listing, `swap` lists the two shortest
/// lengths in the wrong order.
struct ListedDeque {
    row: Vec<i64>,
    skip: Option<usize>,
    swap: bool,
}

impl ListedDeque {
    fn width(&self) -> usize {
        self.row.len() + 1
    }
}

impl ScoringGame for ListedDeque {
    type Position = (usize, usize);
    type Move = bool;
    type Score = i64;
    fn start(&self) -> (usize, usize) {
        (0, self.row.len())
    }
    fn for_each_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut(bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if l < r {
            visit(true)?;
            visit(false)?;
        }
        ControlFlow::Continue(())
    }
    fn play(&self, &(l, r): &(usize, usize), &left: &bool) -> (i64, (usize, usize)) {
        if left {
            (self.row[l], (l + 1, r))
        } else {
            (self.row[r - 1], (l, r - 1))
        }
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(self.width() * self.width())
    }
    fn dense_index(&self, &(l, r): &(usize, usize)) -> Option<usize> {
        Some((r - l) * self.width() + l)
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToSmaller
    }
    // The fast form: each child named by its number as it is listed.
    fn numbered_moves(&self) -> bool {
        true
    }
    fn for_each_numbered_move(
        &self,
        &(l, r): &(usize, usize),
        mut visit: impl FnMut(i64, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if l < r {
            let number = (r - l) * self.width() + l;
            visit(self.row[l], number - self.width() + 1)?;
            visit(self.row[r - 1], number - self.width())?;
        }
        ControlFlow::Continue(())
    }
    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut((usize, usize)) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.row.len();
        let mut lengths: Vec<usize> = (0..=n).filter(|&len| Some(len) != self.skip).collect();
        if self.swap && lengths.len() >= 2 {
            lengths.swap(0, 1);
        }
        for len in lengths {
            for l in 0..=n - len {
                visit((l, l + len))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Plain minimax of Deque.
fn brute_deque(row: &[i64]) -> i64 {
    match row {
        [] => 0,
        [first, rest @ ..] => {
            let (init, last) = (&row[..row.len() - 1], row[row.len() - 1]);
            (first - brute_deque(rest)).max(last - brute_deque(init))
        }
    }
}

proptest! {
    /// A game that lists its own positions (no `dense_position`) is swept
    /// to the brute force's values, best moves and lines.
    #[test]
    fn a_listing_without_an_inverse_agrees_with_brute_force(row in prop::collection::vec(-50i64..=50, 0..=8)) {
        let game = ListedDeque { row: row.clone(), skip: None, swap: false };
        let table = Negamax::new(&game).into_table().unwrap();
        prop_assert_eq!(table.value(), brute_deque(&row));
        prop_assert_eq!(table.positions(), (row.len() + 1) * (row.len() + 2) / 2);
        for l in 0..=row.len() {
            for r in l..=row.len() {
                prop_assert_eq!(table.value_at(&(l, r)), Some(brute_deque(&row[l..r])));
            }
        }
        let line = table.solution().line().to_vec();
        prop_assert_eq!(line.len(), row.len());
    }

    /// A listing out of sweep order is refused, never answered: by the
    /// order of the numbers listed, or (debug builds, first) by a move to a
    /// number not listed yet.
    #[test]
    fn a_listing_out_of_order_is_refused(row in prop::collection::vec(-50i64..=50, 1..=8)) {
        let game = ListedDeque { row, skip: None, swap: true };
        let refused = Negamax::new(&game).value();
        prop_assert!(
            matches!(&refused, Err(Error::InvalidParameter { reason, .. })
                if reason.contains("strictly increasing") || reason.contains("did not list")),
            "{:?}", refused
        );
    }
}

/// A move to a number the listing skipped is refused in every build (the
/// cell read says it was never filled).
#[test]
fn a_move_to_a_skipped_number_is_refused() {
    let game = ListedDeque {
        row: vec![3, 1, 4, 1, 5],
        skip: Some(2),
        swap: false,
    };
    let answer = Negamax::new(&game).value();
    assert!(
        matches!(&answer, Err(Error::InvalidParameter { reason, .. })
            if reason.contains("position number 18 goes to number 13") && reason.contains("did not list")),
        "{answer:?}"
    );
    // The start itself unlisted is refused in every build.
    let game = ListedDeque {
        row: vec![3, 1, 4],
        skip: Some(3),
        swap: false,
    };
    assert!(matches!(
        Negamax::new(&game).value(),
        Err(Error::InvalidParameter { .. })
    ));
}
