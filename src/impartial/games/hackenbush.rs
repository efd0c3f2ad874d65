//! Green Hackenbush: delete an edge of a graph rooted at the ground; whatever
//! is no longer connected to the ground falls away; the last move wins.
//!
//! # Theory
//!
//! The value of a position is computed from two principles of *Winning Ways*
//! (Berlekamp, Conway, Guy, chapter 7) and of Conway's *On Numbers and Games*:
//!
//! - **Colon principle** (trees): branches meeting at a vertex may be replaced
//!   by a single stalk of the nim-sum of their values; hence a branch hanging
//!   from a vertex by one edge is worth `value(branch) + 1`.
//! - **Fusion principle** (cycles): the vertices of any cycle may be fused into
//!   one without changing the value; the cycle's edges become loops, each loop
//!   a stalk of one edge (`*1`).
//!
//! Fusing every cycle collapses each 2-edge-connected component to one vertex
//! carrying its non-bridge edges as loops, so the graph becomes a tree of
//! components joined by its bridges. A component's value is the parity of its
//! non-bridge edges (its loops), nim-added to `value(child) + 1` for every
//! bridge to a child component; the answer is the value of the ground's
//! component. Edges not connected to the ground contribute nothing.
//!
//! # Algorithm and complexity
//!
//! Bridges come from one iterative depth-first search (Tarjan's low-link
//! values, explicit stack: a path of any length is fine), the components are
//! the depth-first tree cut at its bridges, and the values one pass in reverse
//! preorder: **O(V + E)** time and memory for [`GreenHackenbush::nimber`].
//!
//! A winning move ([`GreenHackenbush::winning_move`]) descends the component
//! tree with target values, as in Nim: at a component of value `g` that must
//! become `t`, a branch of value `c` with `c ^ g ^ t < c` is cut (when
//! `c ^ g ^ t = 0`) or entered with target `(c ^ g ^ t) - 1`. The descent is
//! O(V + E). When no branch qualifies, the move must be an edge inside the
//! component `X` reached, and the target is `g ^ 1` (the deciding bit of
//! `g ^ t` is carried by no branch, so it is bit 0, the parity of the loops).
//!
//! - A loop of `X`, or any edge in no 2-edge cut of `X`, wins: deleting it
//!   leaves `X` 2-edge-connected with one loop less after fusion.
//! - Otherwise the edge lies in a *cut class* `E_1, …, E_k` (any two of them
//!   disconnect `X`), which splits `X` into pieces `Q_0, …, Q_(k-1)` in
//!   cyclic order, `Q_0` holding `X`'s top vertex. Deleting `E_j` leaves two
//!   chains of pieces hanging from `Q_0` by the other class edges, now
//!   bridges; a chain is valued by the colon principle from its far end,
//!   `f(x) = 1 + (own ^ x)`. The values for every `j` at once come from the
//!   inverse maps of the chain folds, kept as portraits of binary-tree
//!   automorphisms (one flip bit per prefix of the values, bit 0 first): one
//!   walk of `b` steps per value both reads a chain's value and composes the
//!   next map.
//!
//! The classes come from the depth-first tree of the main analysis restricted
//! to `X` (a depth-first tree of `X` on its own): each back edge gets a
//! random 64-bit label, each tree edge the XOR of the labels of the back
//! edges spanning it; two edges form a cut exactly when their labels agree
//! (up to a collision, about `E² / 2^64`). The pieces' own values (parity of
//! their inner edges, nim-sum of their branches) are differences of subtree
//! sums. So the search inside `X` is **O(|X| · b)**, `b` the bit length of the
//! values (`b ≤ 20` for 2·10^5 edges), and the whole winning move
//! O((V + E) · b). The chosen edge is checked by recomputing `X` without it
//! (O(|X|)); should that ever fail (a label collision), a scan takes over:
//! each candidate edge tried by recomputing `X`'s
//! contribution, O(|X|²), bounded by a work cap ([`DEFAULT_MOVE_WORK`] steps
//! unless the budget sets one).

use crate::control::Watch;
use std::fmt;
use std::ops::ControlFlow;

use crate::into_vec::{IntoVec, owned};
use crate::{Budget, Error, Nimber, Outcome, Result, Solution};

mod cut_classes;
use cut_classes::{Component, inner_edge_with_value, scan_every_edge};

/// The default work cap of the winning-move search (elementary steps: vertices
/// and edges visited while analysing a component, levels walked while valuing
/// its cut classes). The search takes O((V + E) · bits) steps unless
/// its fallback scan runs, so only that scan comes near the default.
pub const DEFAULT_MOVE_WORK: u64 = 200_000_000;

/// The largest number of edges accepted (edge and vertex indices are `u32`).
pub const MAX_EDGES: usize = (u32::MAX / 4) as usize;

/// Bytes of working memory per edge and per vertex (an upper estimate used
/// against the budget).
const BYTES_PER_EDGE: u128 = 48;
const BYTES_PER_VERTEX: u128 = 40;

const NONE: u32 = u32::MAX;

/// A move of Green Hackenbush: delete the edge number `index` (0-based, in the
/// order given), joining `from` and `to`.
///
/// Its `Display` is `I:U-V` with `I` the 1-based edge number and `U-V` its
/// endpoints as given: `3:1-2`.
///
/// # Example
/// ```
/// use stonegame::impartial::hackenbush::EdgeMove;
/// let m = EdgeMove { index: 2, from: 1, to: 2 };
/// assert_eq!(m.to_string(), "3:1-2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EdgeMove {
    /// The edge's index (0-based) in the list given to [`GreenHackenbush::new`].
    pub index: usize,
    /// One endpoint, as given.
    pub from: u32,
    /// The other endpoint, as given.
    pub to: u32,
}

impl fmt::Display for EdgeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}-{}", self.index + 1, self.from, self.to)
    }
}

/// A Green Hackenbush position: an undirected multigraph (loops and repeated
/// edges allowed) whose vertex 0 is the ground.
///
/// # Example
/// ```
/// use stonegame::impartial::hackenbush::GreenHackenbush;
/// use stonegame::{Nimber, Outcome};
///
/// // A triangle standing on the ground: *1; deleting the far edge wins.
/// let triangle = GreenHackenbush::new(&[(0, 1), (1, 2), (2, 0)])?;
/// assert_eq!(triangle.nimber()?, Nimber(1));
/// assert_eq!(triangle.outcome()?, Outcome::First);
/// let best = triangle.winning_move()?.unwrap();
/// assert_eq!(best.to_string(), "2:1-2");
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GreenHackenbush {
    /// Edges as given.
    edges: Vec<(u32, u32)>,
    /// Edges with endpoints renumbered densely (the ground stays 0), `None`
    /// when the numbers given are dense enough already (no second copy).
    renumbered: Option<Vec<(u32, u32)>>,
    vertex_count: usize,
    budget: Budget,
}

impl GreenHackenbush {
    /// The position with these edges (vertex 0 is the ground; vertex numbers
    /// need not be consecutive).
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] above [`MAX_EDGES`] edges;
    /// [`Error::MemoryBudgetExceeded`] when the working memory does not fit
    /// the default budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// // A single loop on the ground is *1.
    /// assert_eq!(GreenHackenbush::new(&[(0, 0)])?.nimber()?.0, 1);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn new(edges: &[(u32, u32)]) -> Result<Self> {
        // Refused before the copy is made.
        Self::check_size(edges.len())?;
        check_memory(Budget::default(), edges.len())?;
        let mut copy = Vec::new();
        copy.try_reserve_exact(edges.len())
            .map_err(|_| refused::<(u32, u32)>(edges.len()))?;
        copy.extend_from_slice(edges);
        Self::from_edges(copy)
    }

    /// As [`GreenHackenbush::new`], from edges given as a `Vec` (taken over, no
    /// copy) or as a borrowed slice or an array (copied): see
    /// [`IntoVec`]. ([`GreenHackenbush::new`] borrows and
    /// refuses an oversized list before it copies.)
    ///
    /// # Errors
    /// As [`GreenHackenbush::new`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// let stalk = GreenHackenbush::from_edges(vec![(0, 1), (1, 2)])?;
    /// assert_eq!(stalk.nimber()?.0, 2);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn from_edges(edges: impl IntoVec<(u32, u32)>) -> Result<Self> {
        let edges = owned(edges, "edges")?;
        Self::check_size(edges.len())?;
        let budget = Budget::default();
        check_memory(budget, edges.len())?;
        let (renumbered, vertex_count) = renumber(&edges)?;
        Ok(Self {
            edges,
            renumbered,
            vertex_count,
            budget,
        })
    }

    /// The position of a rooted tree as contests give it: `edges` joins
    /// vertices with any numbers, and `root` stands on the ground (AtCoder
    /// AGC 017 D "Game on Tree": vertices `1..=N`, root 1). Moves report the
    /// vertex numbers as given.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when an edge is not connected to `root`
    /// (it would silently be a different game) or the edges have a cycle (not
    /// a tree; [`GreenHackenbush::from_graph`] takes any graph); otherwise as
    /// [`GreenHackenbush::new`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// use stonegame::Outcome;
    /// // AGC 017 D, sample 1: vertices 1..=5, root 1.
    /// let tree = GreenHackenbush::from_tree(1, &[(1, 2), (2, 3), (2, 4), (4, 5)])?;
    /// assert_eq!(tree.outcome()?, Outcome::First);
    /// assert!(GreenHackenbush::from_tree(1, &[(1, 2), (3, 4)]).is_err());
    /// assert!(GreenHackenbush::from_tree(1, &[(1, 2), (2, 1)]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn from_tree(root: u32, edges: &[(u32, u32)]) -> Result<Self> {
        let game = Self::grounded(root, edges)?;
        let mut vertices = filled(2 * game.dense().len() + 1, 0u32)?;
        for (pair, &(u, v)) in vertices.chunks_exact_mut(2).zip(game.dense()) {
            pair.copy_from_slice(&[u, v]);
        }
        vertices.sort_unstable();
        vertices.dedup();
        if edges.len() + 1 != vertices.len() {
            return Err(Error::InvalidParameter {
                name: "edges",
                reason: format!(
                    "{} edges join {} vertices, so they are not a tree (a tree has one edge \
                     less than vertices); GreenHackenbush::from_graph takes any graph",
                    edges.len(),
                    vertices.len()
                ),
            });
        }
        Ok(game)
    }

    /// The position of any graph (loops and repeated edges allowed) standing
    /// on the ground at vertex `ground`; vertex numbers are as given (no
    /// vertex 0 convention). Moves report the vertex numbers as given.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when an edge is not connected to `ground`
    /// (in a contest's input that is a mistake, not a part that falls away);
    /// otherwise as [`GreenHackenbush::new`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// // A triangle on the ground vertex 3: *1.
    /// let triangle = GreenHackenbush::from_graph(3, &[(3, 1), (1, 2), (2, 3)])?;
    /// assert_eq!(triangle.nimber()?.0, 1);
    /// assert_eq!(triangle.winning_move()?.unwrap().to_string(), "2:1-2");
    /// assert!(GreenHackenbush::from_graph(3, &[(3, 1), (4, 5)]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn from_graph(ground: u32, edges: &[(u32, u32)]) -> Result<Self> {
        Self::grounded(ground, edges)
    }

    /// The position with `ground` as the ground: vertex numbers `ground` and
    /// 0 trade places in the working copy, the edges as given are kept for
    /// moves, and every edge must reach the ground.
    fn grounded(ground: u32, edges: &[(u32, u32)]) -> Result<Self> {
        Self::check_size(edges.len())?;
        let budget = Budget::default();
        check_memory(budget, edges.len())?;
        let swap = |v: u32| match v {
            v if v == ground => 0,
            0 => ground,
            v => v,
        };
        let mut swapped = filled(edges.len(), (0u32, 0u32))?;
        for (to, &(u, v)) in swapped.iter_mut().zip(edges) {
            *to = (swap(u), swap(v));
        }
        let (renumbered, vertex_count) = renumber(&swapped)?;
        let dense = renumbered.unwrap_or(swapped);
        let graph = Graph::new(vertex_count, &dense)?;
        let analysis = Analysis::new(&graph, 0, None, None, &mut Work::unlimited())?;
        if let Some(e) = (0..dense.len() as u32).find(|&e| !analysis.reaches_edge(&graph, e)) {
            let (u, v) = edges[e as usize];
            return Err(Error::InvalidParameter {
                name: "edges",
                reason: format!(
                    "edge {} ({u}-{v}) is not connected to the ground (vertex {ground})",
                    e + 1
                ),
            });
        }
        let mut given = Vec::new();
        given
            .try_reserve_exact(edges.len())
            .map_err(|_| refused::<(u32, u32)>(edges.len()))?;
        given.extend_from_slice(edges);
        Ok(Self {
            edges: given,
            renumbered: Some(dense),
            vertex_count,
            budget,
        })
    }

    fn check_size(edges: usize) -> Result<()> {
        if edges > MAX_EDGES {
            return Err(Error::SizeLimitExceeded {
                what: "number of Green Hackenbush edges",
                value: edges as u128,
                limit: MAX_EDGES as u128,
            });
        }
        Ok(())
    }

    /// The same position with another budget (memory and the work cap of the
    /// winning-move search).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// use stonegame::Budget;
    /// let game = GreenHackenbush::new(&[(0, 1)])?.with_budget(Budget::from_bytes(10));
    /// assert!(game.nimber().is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The edges, as given.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// assert_eq!(GreenHackenbush::new(&[(0, 5)])?.edges(), &[(0, 5)]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The Grundy value of the position, O(V + E).
    ///
    /// # Errors
    /// [`Error::MemoryBudgetExceeded`] when the working memory does not fit
    /// the budget.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// // A stalk of three edges is *3; an edge away from the ground is nothing.
    /// let game = GreenHackenbush::new(&[(0, 1), (1, 2), (2, 3), (7, 8)])?;
    /// assert_eq!(game.nimber()?.0, 3);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn nimber(&self) -> Result<Nimber> {
        check_memory(self.budget, self.edges.len())?;
        let mut work = self.value_work("Green Hackenbush value", true)?;
        let graph = Graph::new(self.vertex_count, self.dense())?;
        let analysis = Analysis::new(&graph, 0, None, None, &mut work)?;
        Ok(Nimber(analysis.root_value()))
    }

    /// The work of one analysis of the position (a vertex or an incidence
    /// visited a step), refused up front past the budget's cap
    /// ([`DEFAULT_MOVE_WORK`] unless it sets one), watched by its control
    /// (told the steps expected when the analysis is the whole call).
    fn value_work(&self, what: &'static str, alone: bool) -> Result<Work> {
        let cap = self.budget.work_or(DEFAULT_MOVE_WORK);
        let needed = analysis_steps(self.vertex_count, self.edges.len());
        if needed > u128::from(cap) {
            return Err(Error::WorkLimitWouldExceed {
                what: format!("{what} ({} edges)", self.edges.len()),
                needed,
                limit: cap,
            });
        }
        let expected = alone.then_some(needed as u64);
        let work = Work::new(cap, self.budget.watch(what, expected));
        work.watch.check()?;
        Ok(work)
    }

    /// Who wins: `First` exactly when the nimber is not zero.
    ///
    /// # Errors
    /// As [`GreenHackenbush::nimber`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// use stonegame::Outcome;
    /// // Two loops on the ground: *1 + *1 = 0.
    /// assert_eq!(GreenHackenbush::new(&[(0, 0), (0, 0)])?.outcome()?, Outcome::Second);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self) -> Result<Outcome> {
        Ok(self.nimber()?.normal_outcome())
    }

    /// A winning move (an edge whose deletion leaves nimber 0), or `None` when
    /// the player to move loses. See the module documentation for the method
    /// and its cost.
    ///
    /// # Errors
    /// [`Error::MemoryBudgetExceeded`] as [`GreenHackenbush::nimber`];
    /// [`Error::WorkLimitExceeded`] when the search inside a 2-edge-connected
    /// component needs more than its work cap ([`DEFAULT_MOVE_WORK`] unless
    /// the budget sets one with [`Budget::with_work`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// // A stalk of 2 beside a stalk of 3: cut the top edge of the 3-stalk.
    /// let game = GreenHackenbush::new(&[(0, 1), (1, 2), (0, 3), (3, 4), (4, 5)])?;
    /// assert_eq!(game.winning_move()?.unwrap().to_string(), "5:4-5");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&self) -> Result<Option<EdgeMove>> {
        check_memory(self.budget, self.edges.len())?;
        let mut work = Work::new(
            self.budget.work_or(DEFAULT_MOVE_WORK),
            self.budget.watch("Green Hackenbush winning move", None),
        );
        work.watch.check()?;
        let graph = Graph::new(self.vertex_count, self.dense())?;
        let analysis = Analysis::new(&graph, 0, None, None, &mut work)?;
        if analysis.root_value() == 0 {
            return Ok(None);
        }
        let found = match descend(&graph, &analysis, &mut work)? {
            Descent::Bridge(edge) => Some(edge),
            Descent::Inside {
                component,
                here,
                target,
            } => {
                // The position's memory serves the recomputations to come.
                let mut buffers = Buffers::default();
                analysis.recycle(&mut buffers);
                graph.recycle(&mut buffers);
                match inner_edge_with_value(
                    &component,
                    here,
                    target,
                    self.budget,
                    &mut work,
                    &mut buffers,
                )? {
                    Some(edge) => Some(edge),
                    None => {
                        drop(component);
                        let graph = Graph::reusing(self.vertex_count, self.dense(), &mut buffers)?;
                        scan_every_edge(&graph, &mut work, &mut buffers)?
                    }
                }
            }
        };
        match found {
            Some(index) => Ok(Some(self.edge_move(index))),
            None => Err(Error::InvalidParameter {
                name: "position",
                reason: "no winning edge found although the nimber is not zero \
                         (this is a bug: please report it)"
                    .into(),
            }),
        }
    }

    /// The full answer: the outcome and, when the player to move wins, a
    /// winning edge. The line holds that one move only (replaying a whole game
    /// would redo the analysis after every move), so it is complete exactly
    /// when the move ends the game.
    ///
    /// # Errors
    /// As [`GreenHackenbush::winning_move`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::hackenbush::GreenHackenbush;
    /// use stonegame::Outcome;
    /// let s = GreenHackenbush::new(&[(0, 1)])?.solve()?;
    /// assert_eq!(s.outcome(), Outcome::First);
    /// assert_eq!(s.best_move().unwrap().to_string(), "1:0-1");
    /// assert!(s.is_line_complete());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Solution<Outcome, EdgeMove>> {
        let best = self.winning_move()?;
        // Whether the line ends the game: one more analysis.
        // The control has seen the winning move's steps: no total expected.
        let mut work = self.value_work("Green Hackenbush line", false)?;
        let (vertices, edges) = (self.vertex_count, self.dense());
        let Some(best) = best else {
            let over = ground_edge_count(vertices, edges, None, &mut work)? == 0;
            return Ok(Solution::from_line(Outcome::Second, Vec::new(), over));
        };
        let complete = ground_edge_count(vertices, edges, Some(best.index), &mut work)? == 0;
        Ok(Solution::from_line(Outcome::First, vec![best], complete))
    }

    /// The edges with dense vertex numbers.
    fn dense(&self) -> &[(u32, u32)] {
        self.renumbered.as_deref().unwrap_or(&self.edges)
    }

    fn edge_move(&self, index: usize) -> EdgeMove {
        let (from, to) = self.edges[index];
        EdgeMove { index, from, to }
    }
}

fn check_memory(budget: Budget, edges: usize) -> Result<()> {
    let vertices = 2 * edges as u128 + 1;
    budget.check_bytes(
        edges as u128 * BYTES_PER_EDGE + vertices * BYTES_PER_VERTEX,
        "Green Hackenbush graph",
    )
}

/// Edges with dense vertex numbers (`None`: already dense) and the vertex count.
type Renumbered = (Option<Vec<(u32, u32)>>, usize);

/// Renumbers the vertices densely (0 stays the ground), so that vertex numbers
/// up to `u32::MAX` cost nothing.
fn renumber(edges: &[(u32, u32)]) -> Result<Renumbered> {
    let max = edges.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0);
    if (max as usize) <= 2 * edges.len() + 1 {
        return Ok((None, max as usize + 1));
    }
    let mut names = filled(2 * edges.len() + 1, 0u32)?;
    for (pair, &(u, v)) in names.chunks_exact_mut(2).zip(edges) {
        pair.copy_from_slice(&[u, v]);
    }
    names.sort_unstable();
    names.dedup();
    let id = |v: u32| names.binary_search(&v).expect("every endpoint is named") as u32;
    let mut dense = filled(edges.len(), (0u32, 0u32))?;
    for (to, &(u, v)) in dense.iter_mut().zip(edges) {
        *to = (id(u), id(v));
    }
    Ok((Some(dense), names.len()))
}

/// The number of edges still connected to the ground after deleting `skip`.
fn ground_edge_count(
    vertex_count: usize,
    edges: &[(u32, u32)],
    skip: Option<usize>,
    work: &mut Work,
) -> Result<usize> {
    let graph = Graph::new(vertex_count, edges)?;
    let skip = skip.map_or(NONE, |s| s as u32);
    let analysis = Analysis::new(&graph, 0, None, Some(skip), work)?;
    Ok((0..edges.len() as u32)
        .filter(|&e| e != skip && analysis.reaches_edge(&graph, e))
        .count())
}

/// The steps of one analysis of a position of `vertices` vertices and
/// `edges` edges: a vertex entered or left, or an incidence (two an edge)
/// looked at, a step.
fn analysis_steps(vertices: usize, edges: usize) -> u128 {
    2 * vertices as u128 + 2 * edges as u128
}

/// Vertices or incidences the depth-first search of an analysis visits
/// between two looks at the control.
const ANALYSIS_POLL_STEPS: u64 = 1 << 16;

/// Counts elementary steps against a cap.
struct Work {
    done: u64,
    cap: u64,
    /// The budget's control, shown `done` where it is spent.
    watch: Watch,
}

impl Work {
    fn new(cap: u64, watch: Watch) -> Self {
        Self {
            done: 0,
            cap,
            watch,
        }
    }

    /// A work with no cap that no control watches (tests, and analyses
    /// whose cap is checked by their caller).
    fn unlimited() -> Self {
        Self::new(u64::MAX, Budget::default().watch("", None))
    }

    fn spend(&mut self, steps: usize) -> Result<()> {
        self.done = self.done.saturating_add(steps as u64);
        if self.done > self.cap {
            return Err(Error::WorkLimitExceeded {
                what: "winning-move search of Green Hackenbush inside a \
                       2-edge-connected component"
                    .into(),
                steps: self.cap,
            });
        }
        self.watch.poll(self.done)
    }
}

/// The memory of a [`Graph`] and an [`Analysis`], kept for the next ones:
/// every fresh page costs a fault, and the winning move builds up to three
/// (the position, then the component without the chosen edge, and the
/// scans should they ever run).
#[derive(Default)]
struct Buffers {
    start: Vec<u32>,
    incidences: Vec<(u32, u32)>,
    preorder: Vec<u32>,
    discovered: Vec<u32>,
    low: Vec<u32>,
    parent_edge: Vec<u32>,
    parent: Vec<u32>,
    bridge: Vec<bool>,
    stack: Vec<(u32, u32)>,
    component: Vec<u32>,
    value: Vec<u64>,
}

/// `vec` emptied and refilled with `len` copies of `fill` (its memory kept),
/// growing fallibly: a refusal of the system is [`Error::AllocationRefused`].
fn refill<T: Clone>(vec: &mut Vec<T>, len: usize, fill: T) -> Result<Vec<T>> {
    let mut vec = std::mem::take(vec);
    vec.clear();
    vec.try_reserve_exact(len).map_err(|_| refused::<T>(len))?;
    vec.resize(len, fill);
    Ok(vec)
}

/// `len` copies of `fill`, allocated fallibly (see [`refill`]).
fn filled<T: Clone>(len: usize, fill: T) -> Result<Vec<T>> {
    refill(&mut Vec::new(), len, fill)
}

/// Pushes `item`, growing fallibly (see [`refill`]).
fn push<T>(vec: &mut Vec<T>, item: T) -> Result<()> {
    vec.try_reserve(1)
        .map_err(|_| refused::<T>(vec.len() + 1))?;
    vec.push(item);
    Ok(())
}

/// The system's refusal of `len` values of `T` for the working memory (the
/// budget was checked before: see [`check_memory`]).
fn refused<T>(len: usize) -> Error {
    Error::AllocationRefused {
        what: "Green Hackenbush working memory",
        bytes: (len as u128).saturating_mul(std::mem::size_of::<T>() as u128),
    }
}

/// An undirected multigraph in compressed adjacency form (borrowing its edge
/// list: a copy would cost a fresh allocation, so page faults, per graph).
struct Graph<'a> {
    edges: &'a [(u32, u32)],
    /// `start[v]..start[v + 1]` indexes `incidences`.
    start: Vec<u32>,
    /// `(neighbour, edge)` pairs; a loop appears once.
    incidences: Vec<(u32, u32)>,
}

impl<'a> Graph<'a> {
    fn new(vertex_count: usize, edges: &'a [(u32, u32)]) -> Result<Self> {
        Self::reusing(vertex_count, edges, &mut Buffers::default())
    }

    /// The graph, built in memory left in `buffers` by an earlier one.
    fn reusing(
        vertex_count: usize,
        edges: &'a [(u32, u32)],
        buffers: &mut Buffers,
    ) -> Result<Self> {
        // Degrees, then their running sums: `start[v]` ends `v`'s range. The
        // edges are then placed from the last one, each end of a range filled
        // from its top, so each vertex lists its edges in order and `start[v]`
        // comes down to where `v`'s range starts. (No arrays besides.)
        let mut start = refill(&mut buffers.start, vertex_count + 1, 0u32)?;
        for &(u, v) in edges {
            start[u as usize] += 1;
            if u != v {
                start[v as usize] += 1;
            }
        }
        let mut total = 0u32;
        for s in &mut start {
            total += *s;
            *s = total;
        }
        let mut incidences = refill(&mut buffers.incidences, total as usize, (0u32, 0u32))?;
        for (e, &(u, v)) in edges.iter().enumerate().rev() {
            start[u as usize] -= 1;
            incidences[start[u as usize] as usize] = (v, e as u32);
            if u != v {
                start[v as usize] -= 1;
                incidences[start[v as usize] as usize] = (u, e as u32);
            }
        }
        Ok(Self {
            edges,
            start,
            incidences,
        })
    }

    /// Leaves the graph's memory for the next one.
    fn recycle(self, buffers: &mut Buffers) {
        buffers.start = self.start;
        buffers.incidences = self.incidences;
    }

    fn vertex_count(&self) -> usize {
        self.start.len() - 1
    }
}

/// Bridges, 2-edge-connected components and their values, for the part of a
/// graph connected to `root`.
struct Analysis {
    /// Reached vertices in depth-first preorder.
    preorder: Vec<u32>,
    /// Discovery time (index in `preorder`), `NONE` when not reached.
    discovered: Vec<u32>,
    /// The tree edge to the parent, `NONE` for the root and unreached vertices.
    parent_edge: Vec<u32>,
    parent: Vec<u32>,
    /// Whether each edge is a bridge.
    bridge: Vec<bool>,
    /// The component of each reached vertex.
    component: Vec<u32>,
    /// Per component: its value (the nimber of the part hanging from its top vertex).
    value: Vec<u64>,
}

impl Analysis {
    /// Analyses `graph` from `root`, ignoring edge `skip`; `weights` (one per
    /// vertex) are nim-added to the value of the vertex's component: they stand
    /// for branches already evaluated.
    fn new(
        graph: &Graph,
        root: u32,
        weights: Option<&[u64]>,
        skip: Option<u32>,
        work: &mut Work,
    ) -> Result<Self> {
        Self::reusing(graph, root, weights, skip, work, &mut Buffers::default())
    }

    /// As [`Analysis::new`], in memory left in `buffers` by an earlier one.
    fn reusing(
        graph: &Graph,
        root: u32,
        weights: Option<&[u64]>,
        skip: Option<u32>,
        work: &mut Work,
        buffers: &mut Buffers,
    ) -> Result<Self> {
        let skip = skip.unwrap_or(NONE);
        let n = graph.vertex_count();
        let mut discovered = refill(&mut buffers.discovered, n, NONE)?;
        let mut low = refill(&mut buffers.low, n, 0u32)?;
        let mut parent_edge = refill(&mut buffers.parent_edge, n, NONE)?;
        let mut parent = refill(&mut buffers.parent, n, NONE)?;
        let mut bridge = refill(&mut buffers.bridge, graph.edges.len(), false)?;
        // Sized once: both can hold every vertex (a path is one long stack).
        let mut preorder = refill(&mut buffers.preorder, 0, 0u32)?;
        preorder
            .try_reserve_exact(n)
            .map_err(|_| refused::<u32>(n))?;
        // Explicit stack of (vertex, next incidence to look at).
        let mut stack = refill(&mut buffers.stack, 0, (0u32, 0u32))?;
        stack
            .try_reserve_exact(n)
            .map_err(|_| refused::<(u32, u32)>(n))?;
        stack.push((root, graph.start[root as usize]));
        discovered[root as usize] = 0;
        low[root as usize] = 0;
        preorder.push(root);
        // Looks at the control every `ANALYSIS_POLL_STEPS` visits (the cap
        // is the caller's, charged after: the analysis is O(V + E)).
        let mut visits = 0u64;
        while let Some(top) = stack.last_mut() {
            let (v, next) = *top;
            visits += 1;
            if visits % ANALYSIS_POLL_STEPS == 0 {
                work.watch.poll(work.done.saturating_add(visits))?;
            }
            if next < graph.start[v as usize + 1] {
                top.1 += 1;
                let (w, e) = graph.incidences[next as usize];
                if e == skip || e == parent_edge[v as usize] {
                    continue;
                }
                if discovered[w as usize] == NONE {
                    let time = preorder.len() as u32;
                    discovered[w as usize] = time;
                    low[w as usize] = time;
                    parent_edge[w as usize] = e;
                    parent[w as usize] = v;
                    preorder.push(w);
                    stack.push((w, graph.start[w as usize]));
                } else {
                    low[v as usize] = low[v as usize].min(discovered[w as usize]);
                }
            } else {
                stack.pop();
                let p = parent[v as usize];
                if p != NONE {
                    low[p as usize] = low[p as usize].min(low[v as usize]);
                    if low[v as usize] > discovered[p as usize] {
                        bridge[parent_edge[v as usize] as usize] = true;
                    }
                }
            }
        }
        // Components: the depth-first tree cut at its bridges.
        buffers.low = low;
        buffers.stack = stack;
        let mut component = refill(&mut buffers.component, n, NONE)?;
        let mut tops = 0u32;
        for &v in &preorder {
            let e = parent_edge[v as usize];
            component[v as usize] = if e == NONE || bridge[e as usize] {
                tops += 1;
                tops - 1
            } else {
                component[parent[v as usize] as usize]
            };
        }
        let mut value = refill(&mut buffers.value, tops as usize, 0u64)?;
        for (e, &(u, _)) in graph.edges.iter().enumerate() {
            let c = component[u as usize];
            if e as u32 != skip && c != NONE && !bridge[e] {
                value[c as usize] ^= 1;
            }
        }
        if let Some(weights) = weights {
            for &v in &preorder {
                value[component[v as usize] as usize] ^= weights[v as usize];
            }
        }
        for &v in preorder.iter().rev() {
            let e = parent_edge[v as usize];
            if e != NONE && bridge[e as usize] {
                let child = value[component[v as usize] as usize];
                value[component[parent[v as usize] as usize] as usize] ^= child + 1;
            }
        }
        // The caller's cap is checked by the caller; count the work here.
        work.done = work
            .done
            .saturating_add((n + graph.incidences.len()) as u64);
        Ok(Self {
            preorder,
            discovered,
            parent_edge,
            parent,
            bridge,
            component,
            value,
        })
    }

    fn root_value(&self) -> u64 {
        self.value.first().copied().unwrap_or(0)
    }

    /// Leaves the analysis's memory for the next one.
    fn recycle(self, buffers: &mut Buffers) {
        buffers.preorder = self.preorder;
        buffers.discovered = self.discovered;
        buffers.parent_edge = self.parent_edge;
        buffers.parent = self.parent;
        buffers.bridge = self.bridge;
        buffers.component = self.component;
        buffers.value = self.value;
    }

    fn reaches_edge(&self, graph: &Graph, e: u32) -> bool {
        self.discovered[graph.edges[e as usize].0 as usize] != NONE
    }
}

/// Where the descent with target values ends.
enum Descent {
    /// A bridge whose deletion wins.
    Bridge(usize),
    /// A component no branch of which gives the target: the move is one of its
    /// inner edges, taking its value `here` to `target`.
    Inside {
        component: Component,
        here: u64,
        target: u64,
    },
}

/// The descent with target values from the ground's component.
fn descend(graph: &Graph, analysis: &Analysis, work: &mut Work) -> Result<Descent> {
    // Child branches of each component, (bridge edge, child component,
    // vertex it hangs from), in preorder: component `c`'s at
    // `branches[first[c]..first[c + 1]]` (one list for all: no allocation per
    // component).
    let tops = analysis.value.len();
    let hanging = |v: u32| {
        let e = analysis.parent_edge[v as usize];
        (e != NONE && analysis.bridge[e as usize]).then(|| {
            let p = analysis.parent[v as usize];
            (
                analysis.component[p as usize],
                (e, analysis.component[v as usize], p),
            )
        })
    };
    let mut first = filled(tops + 1, 0u32)?;
    for &v in &analysis.preorder {
        if let Some((from, _)) = hanging(v) {
            first[from as usize] += 1;
        }
    }
    let mut total = 0u32;
    for f in &mut first {
        total += *f;
        *f = total;
    }
    let mut branches = filled(total as usize, (0u32, 0u32, 0u32))?;
    for &v in analysis.preorder.iter().rev() {
        if let Some((from, branch)) = hanging(v) {
            first[from as usize] -= 1;
            branches[first[from as usize] as usize] = branch;
        }
    }
    let of = |c: u32| &branches[first[c as usize] as usize..first[c as usize + 1] as usize];
    let mut at = 0u32;
    let mut target = 0u64;
    loop {
        let here = analysis.value[at as usize];
        let difference = here ^ target;
        let mut entered = false;
        for &(edge, child, _) in of(at) {
            let branch = analysis.value[child as usize] + 1;
            let wanted = branch ^ difference;
            if wanted < branch {
                if wanted == 0 {
                    return Ok(Descent::Bridge(edge as usize));
                }
                at = child;
                target = wanted - 1;
                entered = true;
                break;
            }
        }
        if !entered {
            let component = Component::copy(graph, analysis, at, of(at), work)?;
            return Ok(Descent::Inside {
                component,
                here,
                target,
            });
        }
    }
}
/// A drawing holds its own position: `value()` is its [`Outcome`].
impl crate::game::Solve for GreenHackenbush {
    type Value = Outcome;
    type Move = EdgeMove;
    fn value(&self) -> Result<Outcome> {
        GreenHackenbush::outcome(self)
    }
    fn outcome(&self) -> Result<Outcome> {
        GreenHackenbush::outcome(self)
    }
    fn solve(&self) -> Result<Solution<Outcome, EdgeMove>> {
        GreenHackenbush::solve(self)
    }
}

impl crate::game::Configure for GreenHackenbush {
    fn with_budget(self, budget: Budget) -> Self {
        GreenHackenbush::with_budget(self, budget)
    }
    fn budget(&self) -> Budget {
        self.budget
    }
}
