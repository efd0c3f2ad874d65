//! Issue 43, item 2, for the generic negamax: a game whose numbering or
//! listing contradicts itself is refused with an error, never answered
//! wrongly, in every build (these tests run in the test profile, but no
//! check they exercise depends on `debug_assertions`).
//!
//! Random small games (a DAG on positions `0..n`, every move to a larger
//! position, up to three moves a position, random points) are given a
//! numbering and a listing with one lie planted at a random place: two
//! positions given one number (`dense_index(k) = k - 1`, `k` never listed),
//! a child the listing skipped, a child numbered outside `0..count`, a child
//! without a number, numbers that run against the declared order, a listing
//! out of sweep order. Each is solved every numbered way (the sweep through
//! `play` and `dense_index`, the sweep of a game naming its children by
//! number, the search without an order): the answer must be an error, or
//! the value of an independent brute-force negamax over the game's true
//! moves (and every value the table gives, too). Honest games must be
//! answered, and right.

use std::ops::ControlFlow;

use proptest::prelude::*;
use stonegame::Error;
use stonegame::game::MoveOrder;
use stonegame::scoring::{Negamax, ScoringGame};

/// The lie planted in a game's numbering or listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lie {
    Honest,
    /// `dense_index(k) = k - 1` (number `k - 1` is position `k - 1`'s), `k`
    /// not listed: two positions, one number.
    Collision,
    /// Position `k` left out of the listing, its number kept.
    Skipped,
    /// Position `k` numbered `count + j`.
    OutOfRange,
    /// Position `k` without a number.
    Unnumbered,
    /// Positions `k` and `j` swap numbers (and places in the listing): a
    /// move between them, or to them, may run against the order.
    AgainstOrder,
    /// Positions `k` and `k - 1` listed the other way round.
    ListingOutOfOrder,
}

const LIES: [Lie; 7] = [
    Lie::Honest,
    Lie::Collision,
    Lie::Skipped,
    Lie::OutOfRange,
    Lie::Unnumbered,
    Lie::AgainstOrder,
    Lie::ListingOutOfOrder,
];

/// How the game is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// The sweep (`ToLarger` declared), children through `play` and
    /// `dense_index`, checked by the round trip.
    Sweep,
    /// The sweep, children named by number (`for_each_numbered_move`).
    NumberedSweep,
    /// No order declared: the depth-first search over the numbers.
    Search,
}

const WAYS: [Way; 3] = [Way::Sweep, Way::NumberedSweep, Way::Search];

/// A game on positions `0..n`: `moves[p]` lists `(points, child)`, each
/// child larger than `p`; numbered and listed as the lie says.
#[derive(Debug)]
struct Lying {
    moves: Vec<Vec<(i32, usize)>>,
    /// `dense_index` of each position.
    index: Vec<Option<usize>>,
    /// `dense_position` of each number: the first position listed with it.
    inverse: Vec<Option<usize>>,
    /// The positions `for_each_dense_position` lists, in order.
    listing: Vec<usize>,
    count: usize,
    way: Way,
}

impl Lying {
    fn new(moves: Vec<Vec<(i32, usize)>>, lie: Lie, k: usize, j: usize, way: Way) -> Self {
        let n = moves.len();
        let count = n;
        let mut index: Vec<Option<usize>> = (0..n).map(Some).collect();
        let mut listing: Vec<usize> = (0..n).rev().collect(); // ToLarger: descending
        // k in 1..n (never the start); j any position but k.
        let k = 1 + k % (n - 1);
        let j = (k + 1 + j % (n - 1)) % n;
        match lie {
            Lie::Honest => {}
            Lie::Collision => {
                index[k] = Some(k - 1);
                listing.retain(|&p| p != k);
            }
            Lie::Skipped => listing.retain(|&p| p != k),
            Lie::OutOfRange => index[k] = Some(count + j),
            Lie::Unnumbered => index[k] = None,
            Lie::AgainstOrder => {
                index.swap(k, j);
                for p in &mut listing {
                    if *p == k {
                        *p = j;
                    } else if *p == j {
                        *p = k;
                    }
                }
            }
            Lie::ListingOutOfOrder => {
                let at = listing.iter().position(|&p| p == k).unwrap_or(0);
                if at + 1 < listing.len() {
                    listing.swap(at, at + 1);
                }
            }
        }
        let mut inverse = vec![None; count];
        for &p in &listing {
            if let Some(number) = index[p].filter(|&number| number < count) {
                inverse[number].get_or_insert(p);
            }
        }
        if way == Way::Search {
            // No listing: the inverse is the numbering's own.
            for p in (0..n).rev() {
                if let Some(number) = index[p].filter(|&number| number < count) {
                    inverse[number] = Some(p);
                }
            }
            if lie == Lie::Collision {
                inverse[k - 1] = Some(k - 1);
            }
        }
        Self {
            moves,
            index,
            inverse,
            listing,
            count,
            way,
        }
    }
}

impl ScoringGame for Lying {
    type Position = usize;
    type Move = usize;
    type Score = i32;

    fn start(&self) -> usize {
        0
    }
    fn for_each_move(
        &self,
        &p: &usize,
        visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (0..self.moves[p].len()).try_for_each(visit)
    }
    fn play(&self, &p: &usize, &m: &usize) -> (i32, usize) {
        self.moves[p][m]
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(self.count)
    }
    fn dense_index(&self, &p: &usize) -> Option<usize> {
        self.index[p]
    }
    fn dense_position(&self, number: usize) -> Option<usize> {
        self.inverse.get(number).copied().flatten()
    }
    fn dense_order(&self) -> MoveOrder {
        match self.way {
            Way::Search => MoveOrder::Unordered,
            _ => MoveOrder::ToLarger,
        }
    }
    fn numbered_moves(&self) -> bool {
        self.way == Way::NumberedSweep
    }
    fn for_each_dense_position(
        &self,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.listing.iter().try_for_each(|&p| visit(p))
    }
}

/// Plain negamax over the true moves: the reference.
fn brute(moves: &[Vec<(i32, usize)>], p: usize) -> i32 {
    moves[p]
        .iter()
        .map(|&(points, child)| points - brute(moves, child))
        .max()
        .unwrap_or(0)
}

/// A random DAG of 2 to 10 positions, each with up to three moves to
/// larger positions, points in -5..=5.
fn dag() -> impl Strategy<Value = Vec<Vec<(i32, usize)>>> {
    (2usize..=10).prop_flat_map(|n| {
        prop::collection::vec(
            prop::collection::vec((-5i32..=5, any::<prop::sample::Index>()), 0..=3),
            n,
        )
        .prop_map(move |raw| {
            raw.into_iter()
                .enumerate()
                .map(|(p, moves)| {
                    if p + 1 == n {
                        return Vec::new();
                    }
                    moves
                        .into_iter()
                        .map(|(points, child)| (points, p + 1 + child.index(n - p - 1)))
                        .collect()
                })
                .collect()
        })
    })
}

/// Solves `game` and checks the answer: an error (allowed only when the
/// game lies), or the true values, at the start and everywhere the table
/// answers.
fn check(game: &Lying, lie: Lie) -> Result<(), TestCaseError> {
    let solver = Negamax::new(game);
    match solver.table() {
        Err(error) => {
            prop_assert!(
                lie != Lie::Honest,
                "an honest game was refused: {error} ({:?})",
                game.way
            );
            prop_assert!(matches!(error, Error::InvalidParameter { .. }), "{error:?}");
        }
        Ok(table) => {
            prop_assert_eq!(
                table.value(),
                brute(&game.moves, 0),
                "{:?} {:?}",
                lie,
                game.way
            );
            for p in 0..game.moves.len() {
                if let Some(value) = table.value_at(&p) {
                    prop_assert_eq!(value, brute(&game.moves, p), "position {} {:?}", p, lie);
                }
            }
            let line = table.solution().line().to_vec();
            let (mut p, mut sum, mut sign) = (0, 0, 1);
            for &m in &line {
                let (points, child) = game.moves[p][m];
                sum += sign * points;
                sign = -sign;
                p = child;
            }
            prop_assert!(game.moves[p].is_empty(), "the line stops early");
            prop_assert_eq!(sum, table.value());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every lie, every way (collisions not for a game that names its
    /// children by number: there a number is the child).
    #[test]
    fn a_lying_game_is_refused_or_answered_right(
        moves in dag(),
        lie in prop::sample::select(LIES.to_vec()),
        k in 0usize..100,
        j in 0usize..100,
    ) {
        for way in WAYS {
            if way == Way::NumberedSweep && lie == Lie::Collision {
                continue;
            }
            check(&Lying::new(moves.clone(), lie, k, j, way), lie)?;
        }
    }

    /// A collision met by a move is refused, naming the number, on both
    /// ways that read children through `dense_index`.
    #[test]
    fn a_collision_met_is_refused(
        moves in dag(),
        k in 0usize..100,
    ) {
        let n = moves.len();
        let target = 1 + k % (n - 1);
        let reachable = reachable_from_start(&moves);
        // The sweep meets every listed position's moves; the search, those
        // reachable from the start.
        let listed_moves_to = (0..n).any(|p| p != target && moves[p].iter().any(|&(_, c)| c == target));
        for way in [Way::Sweep, Way::Search] {
            let met = match way {
                Way::Search => reachable[target],
                _ => listed_moves_to,
            };
            let game = Lying::new(moves.clone(), Lie::Collision, k, 0, way);
            let answer = Negamax::new(&game).value();
            if met {
                prop_assert!(
                    matches!(&answer, Err(Error::InvalidParameter { reason, .. })
                        if reason.contains(&(target - 1).to_string())),
                    "{:?}: {:?}", way, answer
                );
            } else {
                prop_assert_eq!(answer.ok(), Some(brute(&moves, 0)));
            }
        }
    }
}

fn reachable_from_start(moves: &[Vec<(i32, usize)>]) -> Vec<bool> {
    let mut seen = vec![false; moves.len()];
    let mut stack = vec![0];
    while let Some(p) = stack.pop() {
        if !std::mem::replace(&mut seen[p], true) {
            stack.extend(moves[p].iter().map(|&(_, child)| child));
        }
    }
    seen
}

/// The refusals name the position and what contradicts what.
#[test]
fn each_refusal_names_the_position() {
    // 0 -> 1, 2; 1 -> 3; 2 -> 3, one point a move.
    let moves = vec![vec![(1, 1), (1, 2)], vec![(1, 3)], vec![(1, 3)], vec![]];
    let reason = |lie, k, way| match Negamax::new(Lying::new(moves.clone(), lie, k, 0, way)).value()
    {
        Err(Error::InvalidParameter { reason, .. }) => reason,
        other => panic!("{lie:?} {way:?}: {other:?}"),
    };
    // k = 2: position 2.
    let skipped = reason(Lie::Skipped, 1, Way::Sweep);
    assert!(
        skipped.contains("position number 0 goes to number 2") && skipped.contains("did not list"),
        "{skipped}"
    );
    let skipped = reason(Lie::Skipped, 1, Way::NumberedSweep);
    assert!(
        skipped.contains("position number 0 goes to number 2"),
        "{skipped}"
    );
    let collision = reason(Lie::Collision, 1, Way::Sweep);
    assert!(
        collision.contains("position number 0")
            && collision.contains("numbers 1")
            && collision.contains("share"),
        "{collision}"
    );
    let collision = reason(Lie::Collision, 1, Way::Search);
    assert!(collision.contains("share number 1"), "{collision}");
    // Position 2 numbered 4 + 3 = 7: the listing names it, and so does the
    // search at the move to it.
    let out = reason(Lie::OutOfRange, 1, Way::Sweep);
    assert!(
        out.contains("numbers 7, not below dense_positions() = 4"),
        "{out}"
    );
    let out = reason(Lie::OutOfRange, 1, Way::Search);
    assert!(out.contains("numbers a position 7, not below"), "{out}");
    // Position 2 without a number: listed, it cannot be named by one.
    let unnumbered = reason(Lie::Unnumbered, 1, Way::Sweep);
    assert!(unnumbered.contains("gives no number"), "{unnumbered}");
    let unnumbered = reason(Lie::Unnumbered, 1, Way::Search);
    assert!(unnumbered.contains("no number"), "{unnumbered}");
}
