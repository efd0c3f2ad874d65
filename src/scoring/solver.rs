//! The generic negamax solver: memoised with `ahash`, iterative (an explicit
//! stack), so the depth of a game never touches the call stack.

use super::{OptimalPlay, ScoringGame, overflow, totals_from};
use crate::{Budget, Error, Outcome, Result};
use ahash::AHashMap;
use num_traits::{CheckedAdd, CheckedSub, Zero};

/// What the solver knows about a position.
#[derive(Debug, Clone)]
enum Entry<P, M, T> {
    /// On the current search path: meeting it again means the game has a cycle.
    InProgress,
    /// Solved.
    Solved(Solved<P, M, T>),
}

#[derive(Debug, Clone)]
struct Solved<P, M, T> {
    /// Best difference for the player to move.
    value: T,
    /// Points scored by both players together along the chosen line.
    total: T,
    /// The chosen move and where it leads; `None` at the end of the game.
    best: Option<(M, P)>,
}

/// One position being expanded on the explicit stack.
struct Frame<P, M, T> {
    position: P,
    moves: Vec<M>,
    next: usize,
    best: Option<Candidate<T>>,
}

#[derive(Clone, Copy)]
struct Candidate<T> {
    value: T,
    total: T,
    index: usize,
}

/// A solved game: the value of every position reachable from the start, the
/// best move from each, and the optimal line from the start.
///
/// Ties between equally good moves go to the earliest in
/// [`ScoringGame::moves`] order.
///
/// # Example
/// ```
/// use stonegame::scoring::{End, Ends, solve};
/// use stonegame::Budget;
///
/// let game = Ends::new(vec![4i64, 5, 3, 1, 2]).unwrap();
/// let solution = solve(&game, Budget::default()).unwrap();
/// assert_eq!(solution.value(), 1);
/// assert_eq!(solution.best_move(&(1, 5)), Some(&End::Left)); // after the first player took 4
/// assert_eq!(solution.value_at(&(1, 5)), Some(3));
/// ```
pub struct Solution<G: ScoringGame> {
    start: G::Position,
    entries: Memo<G>,
    line: Vec<G::Move>,
}

impl<G: ScoringGame> std::fmt::Debug for Solution<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solution")
            .field("positions", &self.entries.len())
            .field("line", &self.line)
            .finish()
    }
}

impl<G: ScoringGame> Solution<G> {
    fn solved(&self, position: &G::Position) -> Option<&Solved<G::Position, G::Move, G::Score>> {
        match self.entries.get(position) {
            Some(Entry::Solved(solved)) => Some(solved),
            _ => None,
        }
    }

    fn root(&self) -> &Solved<G::Position, G::Move, G::Score> {
        match self.solved(&self.start) {
            Some(solved) => solved,
            None => unreachable!("solve() only returns a Solution once the start is solved"),
        }
    }

    /// First player's total minus second player's total under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, solve};
    /// let game = Front::new(vec![1i64, 2, 3, -9], 3).unwrap();
    /// assert_eq!(solve(&game, Default::default()).unwrap().value(), 15);
    /// ```
    pub fn value(&self) -> G::Score {
        self.root().value
    }

    /// Who wins under optimal play.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, solve};
    /// use stonegame::Outcome;
    /// let game = Front::new(vec![1i64, 2, 3, 6], 3).unwrap();
    /// assert_eq!(solve(&game, Default::default()).unwrap().outcome(), Outcome::Draw);
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::from_difference(self.value())
    }

    /// The value of `position` for the player to move there, if it is
    /// reachable from the start (only those are solved).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, solve};
    /// let solution = solve(&Ends::new(vec![1i64, 100, 2]).unwrap(), Default::default()).unwrap();
    /// assert_eq!(solution.value_at(&(1, 2)), Some(100));
    /// assert_eq!(solution.value_at(&(0, 9)), None);
    /// ```
    pub fn value_at(&self, position: &G::Position) -> Option<G::Score> {
        self.solved(position).map(|s| s.value)
    }

    /// The best move from `position` (`None` at the end of the game or for an
    /// unreachable position).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{End, Ends, solve};
    /// let solution = solve(&Ends::new(vec![1i64, 100, 2]).unwrap(), Default::default()).unwrap();
    /// assert_eq!(solution.best_move(&(0, 3)), Some(&End::Left)); // both ends lose by 97
    /// ```
    pub fn best_move(&self, position: &G::Position) -> Option<&G::Move> {
        self.solved(position)
            .and_then(|s| s.best.as_ref())
            .map(|(mv, _)| mv)
    }

    /// The optimal line of play from the start.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, solve};
    /// let solution = solve(&Front::new(vec![1i64, 2, 3, 7], 3).unwrap(), Default::default()).unwrap();
    /// assert_eq!(solution.line(), &[3, 1]);
    /// ```
    pub fn line(&self) -> &[G::Move] {
        &self.line
    }

    /// The optimal line of play from any solved `position` (empty if it is not solved).
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, solve};
    /// let solution = solve(&Front::new(vec![1i64, 2, 3, 7], 3).unwrap(), Default::default()).unwrap();
    /// assert_eq!(solution.line_from(&2), vec![2]);
    /// ```
    pub fn line_from(&self, position: &G::Position) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut current = self.solved(position);
        while let Some((mv, next)) = current.and_then(|s| s.best.as_ref()) {
            line.push(mv.clone());
            current = self.solved(next);
        }
        line
    }

    /// Value, both totals and the line from the start.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Front, solve};
    /// let solution = solve(&Front::new(vec![1i64, 2, 3, 7], 3).unwrap(), Default::default()).unwrap();
    /// let play = solution.optimal_play();
    /// assert_eq!((play.first_total, play.second_total), (6, 7));
    /// ```
    pub fn optimal_play(&self) -> OptimalPlay<G::Score, G::Move> {
        let root = self.root();
        let (first_total, second_total) = totals_from(root.total, root.value);
        OptimalPlay {
            difference: root.value,
            first_total,
            second_total,
            line: self.line.clone(),
        }
    }

    /// How many positions were solved.
    ///
    /// # Example
    /// ```
    /// use stonegame::scoring::{Ends, solve};
    /// let solution = solve(&Ends::new(vec![1i64, 2, 3]).unwrap(), Default::default()).unwrap();
    /// assert!(solution.positions() >= 7);
    /// ```
    pub fn positions(&self) -> usize {
        self.entries.len()
    }
}

/// Solves `game` from its start by memoised negamax on the value difference.
///
/// Iterative: positions wait on an explicit stack, so a game whose lines are
/// millions of moves long does not overflow the call stack. Arithmetic is
/// checked ([`Error::ScoreOverflow`]); the memo table and stack are counted
/// against `budget` ([`Error::MemoryBudgetExceeded`]); a position met again
/// on its own line of play means the game is not finite
/// ([`Error::InvalidParameter`]).
///
/// # Example
/// ```
/// use stonegame::scoring::{Ends, solve};
/// use stonegame::{Budget, Outcome};
///
/// let solution = solve(&Ends::new(vec![5i64, 3, 4, 5]).unwrap(), Budget::default()).unwrap();
/// assert_eq!(solution.value(), 1);
/// assert_eq!(solution.outcome(), Outcome::First);
/// ```
pub fn solve<G: ScoringGame>(game: &G, budget: Budget) -> Result<Solution<G>> {
    let mut search = Search::<G> {
        game,
        budget,
        entries: AHashMap::new(),
        stack: Vec::new(),
    };
    let start = game.start();
    search.run(start.clone())?;
    let mut solution = Solution {
        start,
        entries: search.entries,
        line: Vec::new(),
    };
    solution.line = solution.line_from(&solution.start);
    Ok(solution)
}

type Memo<G> = AHashMap<
    <G as ScoringGame>::Position,
    Entry<<G as ScoringGame>::Position, <G as ScoringGame>::Move, <G as ScoringGame>::Score>,
>;

struct Search<'g, G: ScoringGame> {
    game: &'g G,
    budget: Budget,
    entries: Memo<G>,
    stack: Vec<Frame<G::Position, G::Move, G::Score>>,
}

impl<G: ScoringGame> Search<'_, G> {
    /// Bytes per memo entry, counting the hash table's spare capacity roughly.
    fn entry_bytes() -> u128 {
        let pair = std::mem::size_of::<(G::Position, Entry<G::Position, G::Move, G::Score>)>();
        (pair as u128 + 1) * 2
    }

    fn frame_bytes(moves: usize) -> u128 {
        let frame = std::mem::size_of::<Frame<G::Position, G::Move, G::Score>>();
        (frame + moves * std::mem::size_of::<G::Move>()) as u128
    }

    fn push(&mut self, position: G::Position) -> Result<()> {
        let moves = self.game.moves(&position);
        let needed = (self.entries.len() as u128 + 1) * Self::entry_bytes()
            + (self.stack.len() as u128 + 1) * Self::frame_bytes(moves.len());
        self.budget
            .check_bytes(needed, "generic solver memo table")?;
        self.entries.insert(position.clone(), Entry::InProgress);
        self.stack.push(Frame {
            position,
            moves,
            next: 0,
            best: None,
        });
        Ok(())
    }

    fn run(&mut self, start: G::Position) -> Result<()> {
        self.push(start)?;
        while let Some(frame) = self.stack.last_mut() {
            let Some(mv) = frame.moves.get(frame.next) else {
                self.finish_top();
                continue;
            };
            let (points, child) = self.game.play(&frame.position, mv);
            match self.entries.get(&child) {
                Some(Entry::Solved(solved)) => {
                    let candidate = Candidate {
                        value: points.checked_sub(&solved.value).ok_or_else(|| {
                            overflow::<G::Score>("a position's value difference does not fit")
                        })?,
                        total: points.checked_add(&solved.total).ok_or_else(|| {
                            overflow::<G::Score>("the points scored along a line do not fit")
                        })?,
                        index: frame.next,
                    };
                    if frame.best.is_none_or(|best| candidate.value > best.value) {
                        frame.best = Some(candidate);
                    }
                    frame.next += 1;
                }
                Some(Entry::InProgress) => {
                    return Err(Error::InvalidParameter {
                        name: "game",
                        reason:
                            "a position repeats on a line of play: the solver needs a finite game"
                                .to_string(),
                    });
                }
                None => self.push(child)?,
            }
        }
        Ok(())
    }

    fn finish_top(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let solved = match frame.best {
            None => Solved {
                value: G::Score::zero(),
                total: G::Score::zero(),
                best: None,
            },
            Some(best) => {
                let mv = frame.moves[best.index].clone();
                let (_, child) = self.game.play(&frame.position, &mv);
                Solved {
                    value: best.value,
                    total: best.total,
                    best: Some((mv, child)),
                }
            }
        };
        self.entries.insert(frame.position, Entry::Solved(solved));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain: from n the only move goes to n - 1 and scores 1.
    struct Chain(u32);

    impl ScoringGame for Chain {
        type Position = u32;
        type Move = ();
        type Score = i64;
        fn start(&self) -> u32 {
            self.0
        }
        fn moves(&self, &n: &u32) -> Vec<()> {
            if n > 0 { vec![()] } else { Vec::new() }
        }
        fn play(&self, &n: &u32, _: &()) -> (i64, u32) {
            (1, n - 1)
        }
    }

    #[test]
    fn a_chain_of_a_million_moves_does_not_overflow_the_stack() {
        let solution = solve(&Chain(1_000_000), Budget::default()).unwrap();
        // Players alternate single points: an even number of moves is a draw.
        assert_eq!(solution.value(), 0);
        assert_eq!(solution.line().len(), 1_000_000);
        let play = solution.optimal_play();
        assert_eq!((play.first_total, play.second_total), (500_000, 500_000));
        assert_eq!(
            solve(&Chain(999_999), Budget::default()).unwrap().value(),
            1
        );
    }

    #[test]
    fn the_budget_is_enforced() {
        let err = solve(&Chain(10_000), Budget::from_bytes(10_000)).unwrap_err();
        assert!(matches!(err, Error::MemoryBudgetExceeded { .. }));
    }

    struct Loop;
    impl ScoringGame for Loop {
        type Position = u8;
        type Move = ();
        type Score = i32;
        fn start(&self) -> u8 {
            0
        }
        fn moves(&self, _: &u8) -> Vec<()> {
            vec![()]
        }
        fn play(&self, &p: &u8, _: &()) -> (i32, u8) {
            (1, (p + 1) % 3)
        }
    }

    #[test]
    fn a_cycle_is_an_error_not_a_hang() {
        assert!(matches!(
            solve(&Loop, Budget::default()),
            Err(Error::InvalidParameter { .. })
        ));
    }

    struct Huge;
    impl ScoringGame for Huge {
        type Position = u8;
        type Move = ();
        type Score = i8;
        fn start(&self) -> u8 {
            3
        }
        fn moves(&self, &p: &u8) -> Vec<()> {
            if p > 0 { vec![()] } else { Vec::new() }
        }
        fn play(&self, &p: &u8, _: &()) -> (i8, u8) {
            (if p % 2 == 1 { 100 } else { -100 }, p - 1)
        }
    }

    #[test]
    fn overflow_is_reported() {
        assert!(matches!(
            solve(&Huge, Budget::default()),
            Err(Error::ScoreOverflow { .. })
        ));
    }
}
