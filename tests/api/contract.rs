//! The contract the compiler holds (issue 33): every public game, solver and
//! table can cross threads and be copied and printed; every family's trait
//! takes every type of the family in one generic function; an inherent call
//! and the trait call of the same name are one function; promised properties
//! are bounds; definitions may borrow; an error chain prints each cause once.
//!
//! Most of this file is checked by compiling it: a type that loses `Send`,
//! a trait impl or a bound fails the build, one line per type.

use std::fmt::{Debug, Display};
use std::ops::ControlFlow;

use stonegame::counting::AbsorbingWalk;
use stonegame::impartial::fibonacci_nim::FibonacciPosition;
use stonegame::impartial::octal::{
    ArithmeticPeriod, HeapValues, MisereQuotient, MisereSearch, OctalCode, PeriodCertificate,
    QuotientGrowth, SequenceRun, SparseGrundy,
};
use stonegame::impartial::periodic::{Periodicity, WindowRecurrence};
use stonegame::impartial::sum::SumMove;
use stonegame::impartial::{BallBox, ExactSearch};
use stonegame::prelude::*;
use stonegame::retrograde::{
    Analysis, DenseSolution, FnImplicitGame, ImplicitSolution, ImplicitValues, RetrogradeTable,
    TierPosition, solve_impartial_sum_within,
};
use stonegame::scoring::{
    DpGame, DpVariant, EndsTable, FrontDoublingTable, FrontTable, NegamaxTable, ValuationsTable,
};

/// The callback an `FnGame` closure calls once per option.
type Visit<'a, P> = &'a mut dyn FnMut(&[P]) -> ControlFlow<()>;
/// A move rule as a plain function: a `SubtractionRule` that is `Clone + Send + Sync`.
type RuleFn = fn(u64, &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()>;
type OptionsFn = fn(&u64, Visit<'_, u64>) -> ControlFlow<()>;
type ListFn = fn(u32) -> Option<u32>;
type Successors = fn(&u8) -> Option<u8>;

fn take_one_or_two(heap: u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()> {
    (1..=heap.min(2)).try_for_each(visit)
}

fn nim_options(heap: &u64, visit: Visit<'_, u64>) -> ControlFlow<()> {
    (0..*heap).try_for_each(|left| visit(&[left]))
}

/// A tiered countdown: tier `t` holds one position, which moves to tier `t - 1`.
#[derive(Debug, Clone)]
struct Countdown(u32);

impl TieredGame for Countdown {
    fn num_tiers(&self) -> u32 {
        self.0 + 1
    }
    fn tier_size(&self, _tier: u32) -> u32 {
        1
    }
    fn for_each_move(
        &self,
        position: TierPosition,
        mut visit: impl FnMut(TierPosition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if position.tier > 0 {
            visit(TierPosition {
                tier: position.tier - 1,
                index: 0,
            })?;
        }
        ControlFlow::Continue(())
    }
}

// --- 1. Send + Sync + Clone + Debug, one line per type ----------------------

fn everything<T: Send + Sync + Clone + Debug>() {}
/// Types that hold files or closures that cannot be copied: no `Clone`.
fn shareable<T: Send + Sync + Debug>() {}
/// For types that cannot be named (a closure's): the value's type.
fn everything_value<T: Send + Sync + Clone + Debug>(_: T) {}
/// A boxed game of a named DP family goes to a worker thread.
#[test]
fn dp_family_games_move_between_threads() {
    use stonegame::scoring::{DpFamily, DpVariant};
    fn moves<T: Send + Sync>(_: &T) {}
    for family in [
        DpFamily::Ends,
        DpFamily::EndsRemainder,
        DpFamily::FrontDoubling,
    ] {
        let game = family
            .build(&[5i64, 3, 1, 4, 2], Budget::default())
            .unwrap();
        moves(&game);
        let serial = game.value_by(DpVariant::FullTable).unwrap();
        let threaded = std::thread::spawn(move || game.value_by(DpVariant::FullTable));
        assert_eq!(threaded.join().unwrap().unwrap(), serial);
    }
}

#[test]
fn every_game_solver_and_table_is_send_sync_clone_debug() {
    // Shared vocabulary.
    everything::<Solution<i64, End>>();
    everything::<Solution<Outcome, HeapMove>>();
    everything::<Outcome>();
    everything::<Convention>();
    everything::<Nimber>();
    everything::<Budget>();
    everything::<Error>();
    everything::<HeapMove>();
    everything::<SumMove<Vec<u64>>>();
    // Scoring games, solvers, tables.
    everything::<Ends<i64>>();
    everything::<EndsRemainder<i64>>();
    everything::<Front<i64>>();
    everything::<FrontDoubling<i64>>();
    everything::<Valuations<i64>>();
    everything::<StoneSplit<i64>>();
    everything::<StoneMerge<i64>>();
    everything::<StoneMod3>();
    everything::<Negamax<Ends<i64>>>();
    everything::<EndsTable<i64>>();
    everything::<FrontTable<i64>>();
    everything::<FrontDoublingTable<i64>>();
    everything::<ValuationsTable<i64>>();
    everything::<NegamaxTable<Ends<i64>>>();
    // Impartial games, solvers, tables.
    everything::<Nim>();
    everything::<SubtractionSet>();
    everything::<Subtraction>();
    everything::<SubtractionRule<RuleFn>>();
    everything::<Boxes>();
    everything::<BallBox>();
    everything::<Wythoff>();
    everything::<Moore>();
    everything::<Staircase>();
    everything::<FibonacciNim>();
    everything::<FibonacciPosition>();
    everything::<Euclid>();
    everything::<GreenHackenbush>();
    everything::<TakeAndBreak>();
    everything::<OctalCode>();
    everything::<OctalGame>();
    everything::<LastOne>();
    everything::<HeapValues>();
    everything::<MisereSearch>();
    everything::<QuotientGrowth>();
    everything::<MisereQuotient>();
    everything::<ArithmeticPeriod>();
    everything::<SparseGrundy>();
    // A run writes checkpoints to its file as it goes: it moves, it is not copied.
    shareable::<SequenceRun>();
    everything::<PeriodCertificate>();
    everything::<Periodicity>();
    everything::<ExactSearch>();
    everything::<FnGame<u64, OptionsFn>>();
    everything::<GrundySolver<Nim>>();
    everything::<GrundySolver<SubtractionSet>>();
    everything::<GrundySolver<FnGame<u64, OptionsFn>>>();
    // A game from a successor closure is as shareable as its closure.
    everything_value(FnGame::from_successors(|&n: &u64| {
        (0..n).collect::<Vec<_>>()
    }));
    // The recurrence's rule is a boxed closure: it moves, it is not copied.
    shareable::<WindowRecurrence<'static>>();
    // Retrograde analysis.
    everything::<Retrograde<u8, Successors>>();
    everything::<RetrogradeTable<u8>>();
    everything::<Graph>();
    everything::<DenseSolver<'static>>();
    everything::<DenseSolution<'static>>();
    everything::<ImplicitSolver<FnImplicitGame<ListFn, ListFn>>>();
    everything::<ImplicitSolution<FnImplicitGame<ListFn, ListFn>>>();
    everything::<ImplicitValues>();
    everything::<TieredSolver<'static, Countdown>>();
    everything::<Analysis>();
    everything::<Label>();
    everything::<Value>();
    // A database reads its files as it is asked: it moves, it is not copied.
    shareable::<TierDatabase>();
    // Counting.
    everything::<AbsorbingWalk>();
}

#[test]
fn games_are_solved_on_worker_threads() {
    let kayles = OctalGame::new(TakeAndBreak::kayles()).with_convention(Convention::Misere);
    let subtraction = Subtraction::new(SubtractionSet::new([2, 3]).unwrap());
    let solver = GrundySolver::new(Nim::new());
    let (misere, normal, sum) = std::thread::spawn(move || {
        let (mut kayles, mut subtraction, mut solver) = (kayles, subtraction, solver);
        (
            kayles.outcome(&[4]).unwrap(),
            subtraction.outcome(&[10]).unwrap(),
            solver.outcome(&[1, 2, 3]).unwrap(),
        )
    })
    .join()
    .unwrap();
    // Misère Kayles: a row of four is lost; EDPC K: 10 = 0 mod 5 is lost.
    assert_eq!(
        (misere, normal, sum),
        (Outcome::Second, Outcome::Second, Outcome::Second)
    );

    // Shared by reference between threads (`Sync`): a graph solved twice at once.
    let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
    std::thread::scope(|scope| {
        let first = scope.spawn(|| DenseSolver::new(&graph).solve().unwrap().value(0));
        let second = scope.spawn(|| DenseSolver::new(&graph).solve().unwrap().value(1));
        assert_eq!(first.join().unwrap(), Some(Value::Lose));
        assert_eq!(second.join().unwrap(), Some(Value::Win));
    });
}

// --- 4. One generic function per trait, every type of the family ---------

/// Every game and solver takes and reports its budget alike.
fn configured<G: Configure>(game: G) -> G {
    let budget = Budget::from_mebibytes(64).with_work(1 << 30);
    let game = game.with_budget(budget);
    assert_eq!(game.budget(), budget);
    game
}

#[test]
fn every_game_and_solver_is_configured_through_configure() {
    let row = vec![4i64, 5, 3, 1, 2];
    configured(Ends::new(row.clone()).unwrap());
    configured(EndsRemainder::new(row.clone()).unwrap());
    configured(Front::new(row.clone(), 3).unwrap());
    configured(FrontDoubling::new(row.clone()).unwrap());
    configured(Valuations::new(row.clone(), row.clone()).unwrap());
    configured(StoneSplit::new(row.clone()).unwrap());
    configured(StoneMerge::new(row.clone()).unwrap());
    configured(StoneMod3::new(vec![1, 2, 3]).unwrap());
    configured(Negamax::new(Ends::new(row.clone()).unwrap()));
    configured(Nim::new());
    configured(Subtraction::new(SubtractionSet::new([1, 2]).unwrap()));
    configured(SubtractionRule::new(take_one_or_two as RuleFn));
    configured(Boxes::new());
    configured(Wythoff::new());
    configured(Moore::new(2).unwrap());
    configured(Staircase::new());
    configured(FibonacciNim::new());
    configured(Euclid::new());
    configured(GreenHackenbush::from_edges(vec![(0, 1)]).unwrap());
    configured(OctalGame::new(TakeAndBreak::kayles()));
    configured(LastOne::new());
    configured(GrundySolver::new(Nim::new()));
    configured(HeapValues::new(TakeAndBreak::kayles()));
    configured(MisereSearch::new(TakeAndBreak::kayles()));
    configured(ExactSearch::new());
    configured(Retrograde::new(|&n: &u8| n.checked_sub(1)));
    let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
    let dense = configured(DenseSolver::new(&graph)).solve().unwrap();
    assert_eq!(dense.value(0), Some(Value::Win));
    let implicit = configured(ImplicitSolver::from_fns(
        2,
        |u| (u == 0).then_some(1),
        |v| (v == 1).then_some(0),
    ));
    assert_eq!(implicit.solve().unwrap().value(0), Some(Value::Win));
    let dir = std::env::temp_dir().join(format!("stonegame-contract-{}", std::process::id()));
    let mut database = configured(TieredSolver::new(&Countdown(3), &dir))
        .solve()
        .unwrap();
    assert_eq!(
        database.value(TierPosition { tier: 3, index: 0 }).unwrap(),
        Some(Value::Win)
    );
    std::fs::remove_dir_all(&dir).unwrap();
    configured(AbsorbingWalk::janken(2, 2));
}

/// A scoring game (its own start) answers alike through `Solve`; its value
/// and best move print (`Solve::Value: Debug`, `Solve::Move: Debug`).
fn solved<G: Solve>(game: &G) -> (String, Outcome) {
    let solution = game.solve().unwrap();
    assert_eq!(solution.outcome(), game.outcome().unwrap());
    assert_eq!(
        format!("{:?}", solution.value()),
        format!("{:?}", game.value().unwrap())
    );
    (format!("{:?}", solution.best_move()), solution.outcome())
}

#[test]
fn every_game_with_a_start_answers_through_solve() {
    let row = vec![4i64, 5, 3, 1, 2];
    assert_eq!(solved(&Ends::new(row.clone()).unwrap()).1, Outcome::First);
    solved(&EndsRemainder::new(row.clone()).unwrap());
    solved(&Front::new(row.clone(), 3).unwrap());
    solved(&FrontDoubling::new(row.clone()).unwrap());
    solved(&Valuations::new(row.clone(), row.clone()).unwrap());
    solved(&StoneSplit::new(row.clone()).unwrap());
    solved(&StoneMerge::new(row.clone()).unwrap());
    solved(&StoneMod3::new(vec![1, 2, 3]).unwrap());
    solved(&Negamax::new(Ends::new(row.clone()).unwrap()));
    let stalk = GreenHackenbush::from_edges(vec![(0, 1), (1, 2)]).unwrap();
    assert_eq!(solved(&stalk).1, Outcome::First);
}

/// A scoring game's inherent `value`/`outcome` and the `Solve` trait's answer
/// one question under one set of limits (issue 49): at every work cap, both
/// answer the same or both refuse the same way.
fn same_answer_at_every_cap<G: Solve + Configure + Clone>(
    name: &str,
    game: &G,
    inherent: impl Fn(&G) -> (Result<String>, Result<Outcome>),
) {
    for cap in [Some(1), Some(1_000), Some(100_000), None] {
        let budget = cap.map_or(Budget::default(), |steps| {
            Budget::default().with_work(steps)
        });
        let game = game.clone().with_budget(budget);
        let (value, outcome) = inherent(&game);
        let through_trait = (
            Solve::value(&game).map(|value| format!("{value:?}")),
            Solve::outcome(&game),
        );
        assert_eq!(
            format!("{:?}", (&value, &outcome)),
            format!("{through_trait:?}"),
            "{name} at cap {cap:?}"
        );
    }
}

#[test]
fn scoring_inherent_and_trait_calls_answer_under_the_same_limits() {
    fn shown<T: Debug>(value: Result<T>) -> Result<String> {
        value.map(|value| format!("{value:?}"))
    }
    // Long enough that the quadratic and cubic games refuse the small caps.
    let row: Vec<i64> = (0..300).map(|i| (i * 37 % 101) - 50).collect();
    let remainder = EndsRemainder::new(row.clone()).unwrap();
    same_answer_at_every_cap("EndsRemainder", &remainder, |g| {
        (shown(g.value()), g.outcome())
    });
    let ends = Ends::new(row.clone()).unwrap();
    same_answer_at_every_cap("Ends", &ends, |g| (shown(Ok(g.value())), Ok(g.outcome())));
    let front = Front::new(row.clone(), 3).unwrap();
    same_answer_at_every_cap("Front", &front, |g| (shown(Ok(g.value())), Ok(g.outcome())));
    let doubling = FrontDoubling::new(row[..60].to_vec()).unwrap();
    same_answer_at_every_cap("FrontDoubling", &doubling, |g| {
        (shown(g.value()), g.outcome())
    });
    let valuations = Valuations::new(row.clone(), row.clone()).unwrap();
    same_answer_at_every_cap("Valuations", &valuations, |g| {
        (shown(Ok(g.value())), Ok(g.outcome()))
    });
    let positive: Vec<i64> = row.iter().map(|v| v.abs() + 1).collect();
    let split = StoneSplit::new(positive).unwrap();
    same_answer_at_every_cap("StoneSplit", &split, |g| {
        let value = g.value();
        let outcome = value
            .as_ref()
            .map(|&v| Outcome::from_difference(v))
            .map_err(Clone::clone);
        (shown(value), outcome)
    });
    let merge = StoneMerge::new(row.clone()).unwrap();
    same_answer_at_every_cap("StoneMerge", &merge, |g| {
        (shown(Ok(g.value())), Ok(g.outcome()))
    });
    let mod3 = StoneMod3::new(vec![1, 2, 3, 4, 5]).unwrap();
    same_answer_at_every_cap("StoneMod3", &mod3, |g| {
        (shown(Ok(g.outcome())), Ok(g.outcome()))
    });
    let negamax = Negamax::new(EndsRemainder::new(row[..100].to_vec()).unwrap());
    same_answer_at_every_cap("Negamax", &negamax, |g| {
        // A fresh solver for each call: the first keeps its values.
        let again = g.clone();
        (shown(g.value()), again.outcome())
    });
    // The capped answers refuse, the uncapped answer: the test sees both.
    let capped = remainder
        .clone()
        .with_budget(Budget::default().with_work(1_000));
    assert!(matches!(
        capped.value(),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    assert!(matches!(
        Solve::value(&capped),
        Err(Error::WorkLimitWouldExceed { .. })
    ));
    // The DP variants of a family: the inherent reference and the named
    // variant are charged alike.
    let ends = ends.with_budget(Budget::default().with_work(1_000));
    assert_eq!(
        format!("{:?}", ends.value_by_interval_dp()),
        format!("{:?}", DpGame::value_by(&ends, DpVariant::LengthMajor))
    );
    assert!(ends.value_by_interval_dp().is_err());
}

/// An impartial game answers alike through `SolveAt` under both conventions;
/// its winning move prints in the `I:…` form (`Move: Display`), its
/// solution prints (`Move: Debug`).
fn answered<G: SolveAt>(mut game: G, position: &G::Position) -> Vec<String> {
    let mut printed = Vec::new();
    for convention in [Convention::Normal, Convention::Misere] {
        game = game.with_convention(convention);
        assert_eq!(game.convention(), convention);
        let outcome = game.outcome(position).unwrap();
        let winning = game.winning_move(position).unwrap();
        assert_eq!(winning.is_some(), outcome == Outcome::First);
        let solution = game.solve(position).unwrap();
        assert_eq!(solution.outcome(), outcome);
        assert!(!format!("{solution:?}").is_empty());
        if let Some(winning) = winning {
            let text = first_move_text(&winning);
            assert!(text.contains(':'), "{text}: not in the I:… form");
            printed.push(text);
        }
    }
    printed
}

/// The promise of `SolveAt::Move: Display`, used by generic code.
fn first_move_text<M: Display>(winning: &M) -> String {
    winning.to_string()
}

#[test]
fn every_impartial_game_answers_through_solve_at() {
    assert_eq!(answered(Nim::new(), &[3, 4, 5][..]), ["1:3->1", "1:3->1"]);
    answered(
        Subtraction::new(SubtractionSet::new([1, 2]).unwrap()),
        &[4, 2][..],
    );
    answered(SubtractionRule::new(take_one_or_two as RuleFn), &[4, 2][..]);
    answered(Boxes::new(), &[BallBox::new(9, 3).unwrap()][..]);
    answered(Wythoff::new(), &[5, 7]);
    answered(Moore::new(2).unwrap(), &[1, 2, 4][..]);
    answered(Staircase::new(), &[3, 1, 2][..]);
    answered(FibonacciNim::new(), &FibonacciPosition::start(13).unwrap());
    answered(Euclid::new(), &[7, 3]);
    answered(OctalGame::new(TakeAndBreak::kayles()), &[5, 2][..]);
    answered(LastOne::new(), &[1, 2, 3, 4][..]);
    assert_eq!(
        answered(GrundySolver::new(Nim::new()), &[3, 4, 5][..]),
        ["1:->1", "1:->1"]
    );
    let own_nim = FnGame::new(nim_options as OptionsFn);
    assert_eq!(
        answered(GrundySolver::new(own_nim), &[3, 4, 5][..]),
        ["1:->1", "1:->1"]
    );
}

/// A game with Grundy values answers them through `NimberAt`, and refuses
/// misère play with a message that says why.
fn nimber_of<G: NimberAt>(game: G, position: &G::Position) -> u64 {
    let mut game = game.with_convention(Convention::Normal);
    let value = game.nimber(position).unwrap().0;
    let mut misere = game.with_convention(Convention::Misere);
    let refusal = misere.nimber(position).unwrap_err();
    assert!(matches!(refusal, Error::UnsupportedConvention { .. }));
    let message = refusal.to_string();
    assert!(message.contains("normal play only"), "{message}");
    assert!(!message.contains("no misère play solver"), "{message}");
    value
}

#[test]
fn every_game_with_grundy_values_answers_through_nimber_at() {
    assert_eq!(nimber_of(Nim::new(), &[3, 5][..]), 6);
    assert_eq!(
        nimber_of(
            Subtraction::new(SubtractionSet::new([1, 2]).unwrap()),
            &[4, 2][..]
        ),
        1 ^ 2
    );
    assert_eq!(
        nimber_of(SubtractionRule::new(take_one_or_two as RuleFn), &[4, 2][..]),
        1 ^ 2
    );
    assert_eq!(
        nimber_of(Boxes::new(), &[BallBox::new(9, 3).unwrap()][..]),
        1
    );
    assert_eq!(nimber_of(Staircase::new(), &[3, 9, 5][..]), 3 ^ 5);
    assert_eq!(
        nimber_of(OctalGame::new(TakeAndBreak::kayles()), &[3][..]),
        3
    );
    assert_eq!(nimber_of(GrundySolver::new(Nim::new()), &[3, 5][..]), 6);
}

// --- 2, 3. One answer per call ------------------------------------------

/// GrundySolver: the inherent calls and the `SolveAt` calls are one function
/// under both conventions (they disagreed under misère play).
#[test]
fn grundy_solver_inherent_and_trait_calls_agree() {
    for convention in [Convention::Normal, Convention::Misere] {
        for heaps in [
            vec![1, 1],
            vec![1, 2, 3],
            vec![3, 4, 5],
            vec![2, 2, 1],
            vec![],
        ] {
            let mut solver = GrundySolver::new(Nim::new()).with_convention(convention);
            let inherent = (
                solver.outcome(&heaps).unwrap(),
                solver.winning_move(&heaps).unwrap(),
                solver.solve(&heaps).unwrap(),
            );
            let through_trait = (
                SolveAt::outcome(&mut solver, &heaps[..]).unwrap(),
                SolveAt::winning_move(&mut solver, &heaps[..]).unwrap(),
                SolveAt::solve(&mut solver, &heaps[..]).unwrap(),
            );
            assert_eq!(inherent, through_trait, "{heaps:?} under {convention}");
            // And both agree with Nim's closed forms.
            let nim = Nim::new().with_convention(convention);
            assert_eq!(
                inherent.0,
                nim.outcome(&heaps),
                "{heaps:?} under {convention}"
            );
        }
    }
}

/// `nimber`: the inherent call and `NimberAt::nimber` are one function for
/// every game that has both (the inherent one answered under misère play
/// while the trait refused).
#[test]
fn nimber_inherent_and_trait_calls_agree() {
    fn both<G: NimberAt>(
        mut game: G,
        position: &G::Position,
        inherent: impl Fn(&mut G) -> Result<Nimber>,
    ) {
        for convention in [Convention::Normal, Convention::Misere] {
            game = game.with_convention(convention);
            let own = inherent(&mut game);
            let trait_call = NimberAt::nimber(&mut game, position);
            assert_eq!(own, trait_call, "under {convention}");
            assert_eq!(own.is_ok(), convention == Convention::Normal);
        }
    }
    let heaps = [3u64, 5];
    both(Nim::new(), &heaps[..], |g| g.nimber(&heaps));
    both(Staircase::new(), &heaps[..], |g| g.nimber(&heaps));
    let boxes = [BallBox::new(9, 3).unwrap()];
    both(Boxes::new(), &boxes[..], |g| g.nimber(&boxes));
    let set = SubtractionSet::new([1, 2]).unwrap();
    both(Subtraction::new(set), &heaps[..], |g| g.nimber(&heaps));
    both(
        SubtractionRule::new(take_one_or_two as RuleFn),
        &heaps[..],
        |g| g.nimber(&heaps),
    );
    both(OctalGame::new(TakeAndBreak::kayles()), &heaps[..], |g| {
        g.nimber(&heaps)
    });
}

/// Last One is misère by default, so it does not implement `NimberAt` (the
/// compile_fail example of `NimberAt` checks that); its own `nimber` refuses
/// its default convention with a message that tells the truth, and answers
/// under normal play.
#[test]
fn last_one_refuses_nimbers_under_its_default_convention_truthfully() {
    let refusal = LastOne::new().nimber(&[1, 2, 3]).unwrap_err();
    let message = refusal.to_string();
    assert!(message.contains("normal play only"), "{message}");
    assert!(!message.contains("no misère play solver"), "{message}");
    // The crate does solve misère Last One: rows 1 2 3 (XOR 0, a row of two
    // or more) lose for the player to move, rows 1 1 win (take one).
    assert_eq!(LastOne::new().outcome(&[1, 2, 3]), Outcome::Second);
    assert_eq!(LastOne::new().outcome(&[1, 1]), Outcome::First);
    let normal = LastOne::new().with_convention(Convention::Normal);
    assert_eq!(normal.nimber(&[1, 2, 3]).unwrap(), Nimber(0));
}

// --- 4. Budgets for long searches ---------------------------------------

#[test]
fn the_impartial_sum_search_takes_a_budget() {
    let nim = Nim::new();
    let refused = solve_impartial_sum_within(
        &nim,
        [30, 30, 30],
        Convention::Normal,
        Budget::from_bytes(10_000),
    );
    assert!(matches!(
        refused,
        Err(Error::MemoryBudgetExceeded {
            budget_bytes: 10_000,
            ..
        })
    ));
    let solved =
        solve_impartial_sum_within(&nim, vec![1, 1], Convention::Misere, Budget::default())
            .unwrap();
    // Misère Nim 1 1: take one, the opponent must take the last.
    let key = stonegame::retrograde::sum_key(vec![1, 1]);
    assert_eq!(
        solved.value(&key).map(|v| v.outcome()),
        Some(Outcome::First)
    );
}

// --- 6. Definitions borrow -----------------------------------------------

#[test]
fn definitions_and_rules_may_borrow() {
    // A recurrence rule borrowing a local table.
    let period = [0u32, 1, 1, 0];
    let borrowing = |values: &[u32]| period[values.len() % period.len()];
    let mut recurrence = WindowRecurrence::new(4, Box::new(borrowing), Budget::default()).unwrap();
    assert_eq!(recurrence.value(1_000_000_000_000).unwrap(), 0);
    assert_eq!(recurrence.periodicity().unwrap().period(), 4);

    // A move rule borrowing a local move set.
    let amounts = [1u64, 3, 4];
    let rule = SubtractionRule::new(|heap: u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>| {
        amounts
            .iter()
            .copied()
            .filter(|&s| s <= heap)
            .try_for_each(&mut *visit)
    });
    assert_eq!(rule.outcome(&[2]).unwrap(), Outcome::Second);
    assert_eq!(rule.outcome(&[7]).unwrap(), Outcome::Second);
    assert_eq!(rule.outcome(&[5]).unwrap(), Outcome::First);

    // A game borrowed by the generic solver, and a closure over a board.
    let board = [2u64, 0, 1];
    let game = FnGame::new(|&square: &usize, visit: Visit<'_, usize>| {
        (1..=board[square] as usize)
            .filter(|step| square + step < board.len())
            .try_for_each(|step| visit(&[square + step]))
    });
    let mut solver = GrundySolver::new(&game);
    assert_eq!(solver.grundy(&0).unwrap(), Nimber(1));
}

/// Builds a game from the caller's vector borrowed whole and as a slice, from
/// an array owned and borrowed, and from the vector moved in: all answer alike.
macro_rules! same_from_every_input {
    ($build:expr, $row:expr, $array:expr) => {{
        let row = $row;
        let from_vec_ref = $build(&row);
        assert_eq!(from_vec_ref, $build(row.as_slice()));
        assert_eq!(from_vec_ref, $build($array));
        assert_eq!(from_vec_ref, $build(&$array));
        // The caller still has its vector after lending it.
        assert_eq!(row.len(), $array.len());
        assert_eq!(from_vec_ref, $build(row));
    }};
}

#[test]
fn constructors_take_a_vector_a_borrowed_slice_or_an_array() {
    use stonegame::IntoVec;
    use stonegame::impartial::hackenbush::GreenHackenbush;
    use stonegame::scoring::{
        Ends, EndsRemainder, Front, FrontDoubling, StoneMerge, StoneMod3, StoneSplit, Valuations,
    };

    // Each closure is generic over the input only through `IntoVec`, as the
    // constructors are: the value, not the type, is compared.
    fn ends(row: impl IntoVec<i64>) -> i64 {
        Ends::new(row).unwrap().value()
    }
    fn remainder(row: impl IntoVec<i64>) -> i64 {
        EndsRemainder::new(row).unwrap().value().unwrap()
    }
    fn front(row: impl IntoVec<i64>) -> i64 {
        Front::new(row, 2).unwrap().value()
    }
    fn doubling(row: impl IntoVec<i64>) -> i64 {
        FrontDoubling::new(row).unwrap().value().unwrap()
    }
    fn split(row: impl IntoVec<i64>) -> i64 {
        StoneSplit::new(row).unwrap().value().unwrap()
    }
    fn merge(row: impl IntoVec<i64>) -> i64 {
        StoneMerge::new(row).unwrap().value()
    }
    fn mod3(row: impl IntoVec<u64>) -> Outcome {
        StoneMod3::new(row).unwrap().outcome()
    }
    fn valuations(first: impl IntoVec<i64>) -> i64 {
        Valuations::new(first, [3i64, 1, 4, 1, 5]).unwrap().value()
    }
    fn hackenbush(edges: impl IntoVec<(u32, u32)>) -> u64 {
        GreenHackenbush::from_edges(edges)
            .unwrap()
            .nimber()
            .unwrap()
            .0
    }

    same_from_every_input!(ends, vec![4i64, 5, 3, 1, 2], [4i64, 5, 3, 1, 2]);
    same_from_every_input!(remainder, vec![4i64, 5, 3, 1, 2], [4i64, 5, 3, 1, 2]);
    same_from_every_input!(front, vec![4i64, 5, 3, 1, 2], [4i64, 5, 3, 1, 2]);
    same_from_every_input!(doubling, vec![4i64, 5, 3, 1, 2], [4i64, 5, 3, 1, 2]);
    same_from_every_input!(split, vec![4i64, 5, 3, 1, 2], [4i64, 5, 3, 1, 2]);
    same_from_every_input!(merge, vec![4i64, 5, 3, 1, 2], [4i64, 5, 3, 1, 2]);
    same_from_every_input!(mod3, vec![4u64, 5, 3, 1, 2], [4u64, 5, 3, 1, 2]);
    same_from_every_input!(valuations, vec![2i64, 7, 1, 8, 2], [2i64, 7, 1, 8, 2]);
    same_from_every_input!(
        hackenbush,
        vec![(0u32, 1u32), (1, 2)],
        [(0u32, 1u32), (1, 2)]
    );

    // The games themselves, built from a borrowed row, equal the games built
    // from the row moved in; the caller keeps using its row in between.
    let row = vec![4i64, 5, 3, 1, 2];
    let lent = (
        Ends::new(&row).unwrap(),
        Valuations::new(&row, &row[..]).unwrap(),
    );
    let total: i64 = row.iter().sum();
    assert_eq!(total, 15);
    assert_eq!(lent.0, Ends::new(row.clone()).unwrap());
    assert_eq!(
        lent.1.value(),
        Valuations::new(row.clone(), row).unwrap().value()
    );

    // A vector moved in is kept as it is: the game's row is the caller's buffer.
    let row = vec![4i64, 5, 3, 1, 2];
    let buffer = row.as_ptr();
    assert_eq!(Ends::new(row).unwrap().values().as_ptr(), buffer);

    // A subtraction set takes amounts from any iterable of `u64` or `&u64`.
    let amounts = vec![1u64, 3, 4];
    let from_slice = SubtractionSet::new(&amounts).unwrap();
    assert_eq!(
        from_slice,
        SubtractionSet::new(amounts.iter().copied()).unwrap()
    );
    assert_eq!(from_slice, SubtractionSet::new([4u64, 3, 1, 3]).unwrap());
    assert_eq!(from_slice, SubtractionSet::new(amounts).unwrap());
}

// --- 7. Errors: each cause once, positions named, paths as paths ---------

/// The messages of an error and of each of its sources, in chain order.
fn chain(error: &(dyn std::error::Error + 'static)) -> Vec<String> {
    let mut links = vec![error.to_string()];
    let mut next = error.source();
    while let Some(link) = next {
        links.push(link.to_string());
        next = link.source();
    }
    links
}

/// No link repeats a later link's text: a chain printed link by link shows
/// each cause once.
fn assert_each_cause_once(error: &Error) {
    let links = chain(error);
    for (k, link) in links.iter().enumerate() {
        for later in &links[k + 1..] {
            assert!(
                !link.contains(later.as_str()),
                "{links:?}: {link:?} repeats its cause {later:?}"
            );
        }
    }
}

/// An error with a cause of its own, as a custom `io::Error` holds it.
#[derive(Debug)]
struct DiskFailure(std::io::Error);

impl Display for DiskFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the disk failed")
    }
}

impl std::error::Error for DiskFailure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

#[test]
fn an_error_chain_prints_each_cause_once() {
    // The file system's refusals: the real one, and one with a cause below it.
    let missing = std::fs::File::open("/no/such/stonegame/file").unwrap_err();
    let io = Error::Io {
        path: std::path::PathBuf::from("/no/such/stonegame/file"),
        error: missing.into(),
    };
    assert!(io.to_string().starts_with("/no/such/stonegame/file: "));
    assert_each_cause_once(&io);
    let below = std::io::Error::other(DiskFailure(std::io::Error::other("sector 7")));
    let layered = Error::Io {
        path: "tier.bin".into(),
        error: below.into(),
    };
    assert_each_cause_once(&layered);
    if let Error::Io { path, error } = &layered {
        let _: &std::path::Path = path;
        assert_eq!(error.kind(), std::io::ErrorKind::Other);
    }

    // A real I/O refusal from the library: a tier database that is not there.
    let mut absent = TierDatabase::open("/no/such/stonegame/database", Budget::default());
    let refused = absent
        .value(TierPosition { tier: 0, index: 0 })
        .unwrap_err();
    assert!(matches!(refused, Error::Io { .. }), "{refused}");
    assert_each_cause_once(&refused);

    // The other refusals of this file's games.
    let nimber = Nim::new()
        .with_convention(Convention::Misere)
        .nimber(&[1])
        .unwrap_err();
    assert_each_cause_once(&nimber);
    let budget = Budget::from_bytes(16)
        .check_elements::<u64>(100, "a table")
        .unwrap_err();
    assert_each_cause_once(&budget);
}

/// A game whose position `n` moves to `n + 1`, and 5 back to 3: a cycle.
struct Loopy;

impl ImpartialGame for Loopy {
    type Position = u64;
    fn for_each_option(
        &self,
        position: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        visit(&[if *position == 5 { 3 } else { position + 1 }])
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(8)
    }
    fn dense_index(&self, position: &u64) -> Option<usize> {
        Some(*position as usize)
    }
    fn dense_position(&self, index: usize) -> Option<u64> {
        Some(index as u64)
    }
}

#[test]
fn a_cycle_names_the_position_met_again() {
    let error = GrundySolver::new(Loopy).grundy(&0).unwrap_err();
    match &error {
        Error::CyclicGame { position, .. } => assert_eq!(position, "position number 3"),
        other => panic!("{other}"),
    }
    assert!(
        error
            .to_string()
            .contains("position number 3 is reachable from itself"),
        "{error}"
    );
    assert_each_cause_once(&error);
}
