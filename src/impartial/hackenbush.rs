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

use std::fmt;
use std::ops::ControlFlow;

use crate::{Budget, Error, Nimber, Outcome, Result, Solution};

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
        Self::from_edges(edges.to_vec())
    }

    /// As [`GreenHackenbush::new`], taking the list of edges over (no copy).
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
    pub fn from_edges(edges: Vec<(u32, u32)>) -> Result<Self> {
        Self::check_size(edges.len())?;
        let budget = Budget::default();
        check_memory(budget, edges.len())?;
        let (renumbered, vertex_count) = renumber(&edges);
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
        let mut vertices: Vec<u32> = game.dense().iter().flat_map(|&(u, v)| [u, v]).collect();
        vertices.push(0);
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
        let swapped: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (swap(u), swap(v))).collect();
        let (renumbered, vertex_count) = renumber(&swapped);
        let dense = renumbered.unwrap_or(swapped);
        let graph = Graph::new(vertex_count, &dense);
        let analysis = Analysis::new(&graph, 0, None, None, &mut Work::unlimited());
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
        Ok(Self {
            edges: edges.to_vec(),
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
        let graph = Graph::new(self.vertex_count, self.dense());
        let analysis = Analysis::new(&graph, 0, None, None, &mut Work::unlimited());
        Ok(Nimber(analysis.root_value()))
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
        let graph = Graph::new(self.vertex_count, self.dense());
        let mut work = Work::new(self.budget.work_or(DEFAULT_MOVE_WORK));
        let analysis = Analysis::new(&graph, 0, None, None, &mut work);
        if analysis.root_value() == 0 {
            return Ok(None);
        }
        let found = match descend(&graph, &analysis, &mut work) {
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
                        let graph = Graph::reusing(self.vertex_count, self.dense(), &mut buffers);
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
        let Some(best) = best else {
            let over = ground_edge_count(self.vertex_count, self.dense(), None) == 0;
            return Ok(Solution::from_line(Outcome::Second, Vec::new(), over));
        };
        let complete = ground_edge_count(self.vertex_count, self.dense(), Some(best.index)) == 0;
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

/// Renumbers the vertices densely (0 stays the ground), so that vertex numbers
/// up to `u32::MAX` cost nothing.
fn renumber(edges: &[(u32, u32)]) -> (Option<Vec<(u32, u32)>>, usize) {
    let max = edges.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0);
    if (max as usize) <= 2 * edges.len() + 1 {
        return (None, max as usize + 1);
    }
    let mut names: Vec<u32> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
    names.push(0);
    names.sort_unstable();
    names.dedup();
    let id = |v: u32| names.binary_search(&v).expect("every endpoint is named") as u32;
    let dense = edges.iter().map(|&(u, v)| (id(u), id(v))).collect();
    (Some(dense), names.len())
}

/// The number of edges still connected to the ground after deleting `skip`.
fn ground_edge_count(vertex_count: usize, edges: &[(u32, u32)], skip: Option<usize>) -> usize {
    let graph = Graph::new(vertex_count, edges);
    let skip = skip.map_or(NONE, |s| s as u32);
    let analysis = Analysis::new(&graph, 0, None, Some(skip), &mut Work::unlimited());
    (0..edges.len() as u32)
        .filter(|&e| e != skip && analysis.reaches_edge(&graph, e))
        .count()
}

/// Counts elementary steps against a cap.
struct Work {
    done: u64,
    cap: u64,
}

impl Work {
    fn new(cap: u64) -> Self {
        Self { done: 0, cap }
    }

    fn unlimited() -> Self {
        Self::new(u64::MAX)
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
        Ok(())
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

/// `vec` emptied and refilled with `len` copies of `fill` (its memory kept).
fn refill<T: Clone>(vec: &mut Vec<T>, len: usize, fill: T) -> Vec<T> {
    let mut vec = std::mem::take(vec);
    vec.clear();
    vec.resize(len, fill);
    vec
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
    fn new(vertex_count: usize, edges: &'a [(u32, u32)]) -> Self {
        Self::reusing(vertex_count, edges, &mut Buffers::default())
    }

    /// The graph, built in memory left in `buffers` by an earlier one.
    fn reusing(vertex_count: usize, edges: &'a [(u32, u32)], buffers: &mut Buffers) -> Self {
        // Degrees, then their running sums: `start[v]` ends `v`'s range. The
        // edges are then placed from the last one, each end of a range filled
        // from its top, so each vertex lists its edges in order and `start[v]`
        // comes down to where `v`'s range starts. (No arrays besides.)
        let mut start = refill(&mut buffers.start, vertex_count + 1, 0u32);
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
        let mut incidences = refill(&mut buffers.incidences, total as usize, (0u32, 0u32));
        for (e, &(u, v)) in edges.iter().enumerate().rev() {
            start[u as usize] -= 1;
            incidences[start[u as usize] as usize] = (v, e as u32);
            if u != v {
                start[v as usize] -= 1;
                incidences[start[v as usize] as usize] = (u, e as u32);
            }
        }
        Self {
            edges,
            start,
            incidences,
        }
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
    ) -> Self {
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
    ) -> Self {
        let skip = skip.unwrap_or(NONE);
        let n = graph.vertex_count();
        let mut discovered = refill(&mut buffers.discovered, n, NONE);
        let mut low = refill(&mut buffers.low, n, 0u32);
        let mut parent_edge = refill(&mut buffers.parent_edge, n, NONE);
        let mut parent = refill(&mut buffers.parent, n, NONE);
        let mut bridge = refill(&mut buffers.bridge, graph.edges.len(), false);
        // Sized once: both can hold every vertex (a path is one long stack).
        let mut preorder = refill(&mut buffers.preorder, 0, 0u32);
        preorder.reserve(n);
        // Explicit stack of (vertex, next incidence to look at).
        let mut stack = refill(&mut buffers.stack, 0, (0u32, 0u32));
        stack.reserve(n);
        stack.push((root, graph.start[root as usize]));
        discovered[root as usize] = 0;
        low[root as usize] = 0;
        preorder.push(root);
        while let Some(top) = stack.last_mut() {
            let (v, next) = *top;
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
        let mut component = refill(&mut buffers.component, n, NONE);
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
        let mut value = refill(&mut buffers.value, tops as usize, 0u64);
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
        Self {
            preorder,
            discovered,
            parent_edge,
            parent,
            bridge,
            component,
            value,
        }
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
fn descend(graph: &Graph, analysis: &Analysis, work: &mut Work) -> Descent {
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
    let mut first = vec![0u32; tops + 1];
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
    let mut branches = vec![(0u32, 0u32, 0u32); total as usize];
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
                    return Descent::Bridge(edge as usize);
                }
                at = child;
                target = wanted - 1;
                entered = true;
                break;
            }
        }
        if !entered {
            let component = Component::copy(graph, analysis, at, of(at), work);
            return Descent::Inside {
                component,
                here,
                target,
            };
        }
    }
}

/// One 2-edge-connected component copied out on its own: its vertices
/// renumbered from its top vertex (local vertex 0), its inner edges, its
/// branches as fixed weights on the vertices they hang from, and the main
/// depth-first tree restricted to it.
struct Component {
    /// The global number of each local edge.
    inner: Vec<u32>,
    /// The inner edges in local vertex numbers.
    edges: Vec<(u32, u32)>,
    weights: Vec<u64>,
    tree: LocalTree,
}

/// The depth-first tree of the whole graph restricted to one 2-edge-connected
/// component, in local numbers. It is a depth-first tree of the component on
/// its own: the component is a connected part of the tree cut at bridges, so
/// the tree path between two of its vertices stays inside it, and every inner
/// non-tree edge still joins a vertex to one of its ancestors. Local numbers
/// follow the preorder, so a vertex's number is its discovery time and every
/// subtree is a range of numbers. (This spares a second depth-first search.)
struct LocalTree {
    /// Parent of each local vertex, `NONE` for the top (local vertex 0).
    parent: Vec<u32>,
    /// Local number of the tree edge to the parent, `NONE` for the top.
    parent_edge: Vec<u32>,
}

impl Component {
    fn copy(
        graph: &Graph,
        analysis: &Analysis,
        at: u32,
        branches: &[(u32, u32, u32)],
        work: &mut Work,
    ) -> Self {
        let inner: Vec<u32> = (0..graph.edges.len() as u32)
            .filter(|&e| {
                let u = graph.edges[e as usize].0;
                analysis.component[u as usize] == at && !analysis.bridge[e as usize]
            })
            .collect();
        // Local numbers in preorder: the component's top vertex is the first
        // of its vertices discovered, so it becomes local vertex 0.
        let mut local = vec![NONE; graph.vertex_count()];
        let mut names = 0u32;
        for &v in &analysis.preorder {
            if analysis.component[v as usize] == at {
                local[v as usize] = names;
                names += 1;
            }
        }
        let mut weights = vec![0u64; names as usize];
        for &(_, child, from) in branches {
            weights[local[from as usize] as usize] ^= analysis.value[child as usize] + 1;
        }
        let mut parent = vec![NONE; names as usize];
        let mut parent_edge = vec![NONE; names as usize];
        let edges: Vec<(u32, u32)> = inner
            .iter()
            .enumerate()
            .map(|(i, &e)| {
                let (u, v) = graph.edges[e as usize];
                let (lu, lv) = (local[u as usize], local[v as usize]);
                // The inner tree edges are exactly the parent edges of the
                // component's vertices other than its top.
                if analysis.parent_edge[v as usize] == e {
                    parent[lv as usize] = lu;
                    parent_edge[lv as usize] = i as u32;
                } else if analysis.parent_edge[u as usize] == e {
                    parent[lu as usize] = lv;
                    parent_edge[lu as usize] = i as u32;
                }
                (lu, lv)
            })
            .collect();
        work.done = work
            .done
            .saturating_add((graph.edges.len() + analysis.preorder.len()) as u64);
        Self {
            inner,
            edges,
            weights,
            tree: LocalTree {
                parent,
                parent_edge,
            },
        }
    }

    fn vertex_count(&self) -> usize {
        self.weights.len()
    }

    /// The component's value (with its branches) after deleting local edge `e`.
    fn value_without(&self, e: u32, work: &mut Work, buffers: &mut Buffers) -> u64 {
        let graph = Graph::reusing(self.vertex_count(), &self.edges, buffers);
        let analysis = Analysis::reusing(&graph, 0, Some(&self.weights), Some(e), work, buffers);
        let value = analysis.root_value();
        analysis.recycle(buffers);
        graph.recycle(buffers);
        value
    }
}

/// An edge inside a component of value `here` whose deletion gives the
/// component (with its branches) the value `target`.
fn inner_edge_with_value(
    component: &Component,
    here: u64,
    target: u64,
    budget: Budget,
    work: &mut Work,
    buffers: &mut Buffers,
) -> Result<Option<usize>> {
    let global = |e: u32| Some(component.inner[e as usize] as usize);
    // The descent only stops here with target `here ^ 1` (see the module
    // documentation); the fast paths rely on it, the scan does not.
    if here ^ 1 == target {
        // Deleting a loop leaves the component's structure alone: it flips one loop.
        if let Some(e) = component.edges.iter().position(|&(u, v)| u == v) {
            return Ok(global(e as u32));
        }
        if let Some(e) = cut_class_move(component, target, budget, work)? {
            // One linear recomputation guards the fast path (random labels
            // could in principle collide); on failure the scan below decides.
            // (On the component, numbered in preorder: a cache-friendly
            // search, cheaper than one over the whole position.)
            work.spend(0)?;
            if component.value_without(e, work, buffers) == target {
                return Ok(global(e));
            }
        }
    }
    #[cfg(test)]
    SCANS.with(|scans| scans.set(scans.get() + 1));
    for e in 0..component.edges.len() as u32 {
        work.spend(0)?;
        if component.value_without(e, work, buffers) == target {
            return Ok(global(e));
        }
    }
    work.spend(0)?;
    Ok(None)
}

#[cfg(test)]
thread_local! {
    /// How often the candidate-by-candidate scan ran (the fast path missed).
    static SCANS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The fast search inside a component `X` for an edge whose deletion gives
/// value `target = value(X) ^ 1`, O(|X| · bits of the values).
///
/// An edge `e` in no 2-edge cut leaves `X - e` 2-edge-connected: one loop less
/// after fusion, so the value flips its last bit, and `e` wins. Otherwise `e`
/// belongs to a class of edges any two of which form a cut; deleting one of
/// them turns `X` into a path of pieces, valued by [`class_move`].
fn cut_class_move(
    component: &Component,
    target: u64,
    budget: Budget,
    work: &mut Work,
) -> Result<Option<u32>> {
    let n = component.vertex_count() as u128;
    let m = component.edges.len() as u128;
    budget.check_bytes(
        n * CUT_BYTES_PER_VERTEX + m * CUT_BYTES_PER_EDGE,
        "Green Hackenbush winning-move search (2-edge cuts of a component)",
    )?;
    let tree = &component.tree;
    work.spend(0)?;
    let (subtrees, mut by_label) = Subtrees::new(&component.edges, tree, &component.weights);
    // Edges grouped by label: equal labels, equal 2-edge-cut class (label 0,
    // a bridge, never occurs inside a component).
    by_label.sort_unstable();
    let classes = || {
        by_label
            .chunk_by(|a, b| a.0 == b.0)
            .filter(|class| class[0].0 != 0)
    };
    if let Some(alone) = classes().find(|class| class.len() == 1) {
        return Ok(Some(alone[0].1));
    }
    let mut portrait = Portrait::default();
    for class in classes() {
        let Some(cycle) = PieceCycle::new(&component.edges, tree, &subtrees, class) else {
            continue;
        };
        if let Some(e) = class_move(&cycle, target, &mut portrait, budget, work)? {
            return Ok(Some(e));
        }
    }
    Ok(None)
}

/// Working bytes per vertex and per edge of [`cut_class_move`] (the copied
/// component and its tree, subtree sums, labels and their sorted copy, the
/// verifying analysis).
const CUT_BYTES_PER_VERTEX: u128 = 72;
const CUT_BYTES_PER_EDGE: u128 = 48;

/// Subtree facts of a depth-first tree of a 2-edge-connected component.
struct Subtrees {
    /// Vertices in each vertex's subtree (so `v` lies under `a` exactly when
    /// `a <= v < a + size[a]`, vertices being numbered in preorder).
    size: Vec<u32>,
    /// XOR over each vertex's subtree of `weight(w) ^ (parity of the edges
    /// assigned to w)`, every edge assigned to its later-discovered endpoint:
    /// so a set of vertices closed under the tree's descendants sums its
    /// inner edges' parity and its branches by two look-ups.
    own: Vec<u64>,
}

impl Subtrees {
    /// The subtree facts, and each edge's label with the edge's number, by
    /// edge: a random label for a back edge; for a tree edge, the XOR of the
    /// labels of the back edges spanning it. Two edges form a cut exactly
    /// when their labels are equal (with high probability; the chosen move
    /// is verified anyway). (The pairs are what the caller sorts: no
    /// separate array of labels.)
    fn new(edges: &[(u32, u32)], tree: &LocalTree, weights: &[u64]) -> (Self, Vec<(u64, u32)>) {
        let n = weights.len();
        let mut label: Vec<(u64, u32)> = (0..edges.len() as u32).map(|e| (0, e)).collect();
        let mut spanning = vec![0u64; n];
        let mut own: Vec<u64> = weights.to_vec();
        // A fixed seed keeps answers reproducible; the verification makes a
        // collision (about m² / 2^64) cost time, never correctness.
        let mut random = SplitMix(0x5eed_6ac6_e0b5_0000 ^ edges.len() as u64);
        for (e, &(u, v)) in edges.iter().enumerate() {
            // Numbers are discovery times: the later endpoint is the larger.
            own[u.max(v) as usize] ^= 1;
            let is_tree = tree.parent_edge[u as usize] == e as u32
                || tree.parent_edge[v as usize] == e as u32;
            if !is_tree {
                let r = random.next();
                label[e].0 = r;
                spanning[u as usize] ^= r;
                spanning[v as usize] ^= r;
            }
        }
        let mut size = vec![1u32; n];
        for v in (0..n).rev() {
            let p = tree.parent[v];
            if p != NONE {
                size[p as usize] += size[v];
                own[p as usize] ^= own[v];
                spanning[p as usize] ^= spanning[v];
                label[tree.parent_edge[v] as usize].0 = spanning[v];
            }
        }
        (Self { size, own }, label)
    }

    /// Whether `v` lies in the subtree of `a`.
    fn under(&self, v: u32, a: u32) -> bool {
        a <= v && v - a < self.size[a as usize]
    }
}

/// The splitmix64 generator: labels need only be distinct, not secret.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A 2-edge-cut class `E_1, …, E_k` (k ≥ 2) and the pieces it cuts the
/// component into, in cyclic order: `E_i` joins `Q_(i-1)` and `Q_(i mod k)`,
/// and `Q_0` holds the component's top vertex.
struct PieceCycle {
    edges: Vec<u32>,
    /// Own value of each piece: parity of its inner edges XOR its branches.
    own: Vec<u64>,
}

impl PieceCycle {
    /// The class's tree edges lie on one downward path `c_1, …, c_m` (named
    /// by their lower vertices) and at most one back edge closes it from below
    /// `c_m` to above `c_1`. The regions between them are `above c_1`,
    /// `under c_i but not c_(i+1)` and `under c_m`; without a back edge the
    /// first and the last are one piece. `None` when the class does not have
    /// this shape (only after a label collision).
    fn new(
        inner: &[(u32, u32)],
        tree: &LocalTree,
        subtrees: &Subtrees,
        class: &[(u64, u32)],
    ) -> Option<Self> {
        let mut lower = Vec::with_capacity(class.len());
        let mut back = None;
        for &(_, e) in class {
            let (u, v) = inner[e as usize];
            if tree.parent_edge[v as usize] == e {
                lower.push(v);
            } else if tree.parent_edge[u as usize] == e {
                lower.push(u);
            } else if back.replace(e).is_some() {
                return None;
            }
        }
        lower.sort_unstable();
        let (&first, &last) = (lower.first()?, lower.last()?);
        if lower.windows(2).any(|w| !subtrees.under(w[1], w[0])) {
            return None;
        }
        let s = |v: u32| subtrees.own[v as usize];
        // Each tree edge of the class is assigned to its lower vertex, the back
        // edge to its endpoint under `last`: their parity comes off here.
        // (Sized once; the edges then take the place of their lower vertices.)
        let mut own = Vec::with_capacity(lower.len() + 1);
        own.push(s(0) ^ s(first));
        for w in lower.windows(2) {
            own.push(s(w[0]) ^ s(w[1]) ^ 1);
        }
        let tree_edges = lower.len();
        let mut edges = lower;
        for v in &mut edges {
            *v = tree.parent_edge[*v as usize];
        }
        match back {
            Some(b) => {
                let (u, v) = inner[b as usize];
                let (upper, below) = (u.min(v), u.max(v));
                if !subtrees.under(below, last) || subtrees.under(upper, first) {
                    return None;
                }
                own.push(s(last));
                edges.push(b);
            }
            None => {
                if tree_edges < 2 {
                    return None;
                }
                own[0] ^= s(last) ^ 1;
            }
        }
        Some(Self { edges, own })
    }
}

/// The component's value after deleting each class edge `E_1, …, E_k` in
/// turn (`None` only when the values could need 64 bits).
///
/// Deleting `E_j` leaves `Q_0` with two chains: `Q_1, …, Q_(j-1)` and
/// `Q_(k-1), …, Q_j`, each class edge between them now a bridge. A chain
/// `R_1, …, R_t` hanging from `Q_0` is worth `f_1(f_2(… f_t(0)))` with
/// `f_i(x) = 1 + (own(R_i) ^ x)` (colon principle); [`Portrait::chain_values`]
/// gives that for every length at once, in both directions. ([`class_move`]
/// does the same and stops at the first value that is its target.)
#[cfg(test)]
fn values_after_deleting(
    cycle: &PieceCycle,
    portrait: &mut Portrait,
    budget: Budget,
    work: &mut Work,
) -> Result<Option<Vec<u64>>> {
    let k = cycle.edges.len();
    let own = &cycle.own[1..];
    let Some(bits) = portrait.prepare(own, budget, work)? else {
        return Ok(None);
    };
    // `values[j - 1]` collects the value after deleting `E_j`: `own(Q_0)`,
    // the chain `Q_1, …, Q_(j-1)` and the chain `Q_(k-1), …, Q_j`.
    let mut values = vec![cycle.own[0]; k];
    portrait.chain_values(bits, own, |t, forward, backward| {
        values[t] ^= forward;
        values[k - 1 - t] ^= backward;
        ControlFlow::Continue(())
    });
    Ok(Some(values))
}

/// The class edge whose deletion gives the component the value `target`.
fn class_move(
    cycle: &PieceCycle,
    target: u64,
    portrait: &mut Portrait,
    budget: Budget,
    work: &mut Work,
) -> Result<Option<u32>> {
    let k = cycle.edges.len();
    let own = &cycle.own[1..];
    let Some(bits) = portrait.prepare(own, budget, work)? else {
        return Ok(None);
    };
    // As in `values_after_deleting`, stopping at the first value that is
    // the target: `values[i]` is complete once the forward walk has passed
    // `i` and the backward one `k - 1 - i`, so step `t >= k - 1 - t`
    // completes `k - 1 - t` and `t`. (A winning edge near the middle of a
    // long class, as in an odd cycle, is found after half the walks.)
    let mut values = vec![cycle.own[0]; k];
    let mut found = None;
    portrait.chain_values(bits, own, |t, forward, backward| {
        values[t] ^= forward;
        values[k - 1 - t] ^= backward;
        if t >= k - 1 - t {
            found = [k - 1 - t, t].into_iter().find(|&i| values[i] == target);
        }
        if found.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Ok(found.map(|j| cycle.edges[j]))
}

/// For a chain with own values `own = [o_1, …, o_n]`, the value of every
/// initial part `o_1, …, o_t` (t = 0..=n) hanging by one edge,
/// `f_1(f_2(… f_t(0)))` with `f_i(x) = 1 + (o_i ^ x)`, and the same for the
/// chain read backwards. O(n · bits). `None` when the values could need 64
/// bits or more (never for a real position). (The search goes through
/// [`Portrait`] itself, to share it between every class.)
#[cfg(test)]
fn chain_values(
    own: &[u64],
    budget: Budget,
    work: &mut Work,
) -> Result<Option<(Vec<u64>, Vec<u64>)>> {
    let mut portrait = Portrait::default();
    let Some(bits) = portrait.prepare(own, budget, work)? else {
        return Ok(None);
    };
    let mut forward = vec![0; own.len() + 1];
    let mut backward = vec![0; own.len() + 1];
    portrait.chain_values(bits, own, |t, f, b| {
        forward[t] = f;
        backward[t] = b;
        ControlFlow::Continue(())
    });
    assert!(portrait.flips.iter().all(|&word| word == 0));
    Ok(Some((forward, backward)))
}

/// The chain values `F_t(0)`, `F_t = f_1 ∘ … ∘ f_t`, `f_i(x) = 1 + (o_i ^ x)`,
/// for every `t`, from the inverse maps `G_t = F_t^(-1)`, kept as a
/// *portrait*.
///
/// Both maps are read on `bits`-bit values (no value reaches `2^bits`, so
/// arithmetic modulo `2^bits` is exact). Each `f_i` changes bit `j` of a value
/// depending only on bits `0..j`, so `G_t` is an automorphism of the binary
/// tree of prefixes (bit 0 first): it is described by one flip bit per
/// prefix `u` of `j` bits, bit `j` of the image being `x_j ^ flip(x mod 2^j)`.
/// `G_t` is kept as `P(x) ^ M`: `P` a portrait, `M` a mask (`XOR` by the
/// mask is free).
///
/// - `G_t = f_t^(-1) ∘ G_(t-1)` with `f_t^(-1)(y) = (y - 1) ^ o_t`. Writing
///   `(P(x) ^ M) - 1 = D(P(x)) ^ M` with `D(z) = ((z ^ M) - 1) ^ M`, the new
///   `P` is `D ∘ P` and the new mask `M ^ o_t`. Bit `j` of `D(z)` is `z_j`
///   flipped exactly when `z mod 2^j = M mod 2^j`: `D`'s portrait is one
///   path, so composing on the left flips `P`'s bits along one path only,
///   the prefixes of `P^(-1)(M)` (where `P` maps onto `D`'s path).
/// - `F_t(0) = G_t^(-1)(0)` is the `x` with `P(x) = M`: the same
///   `P^(-1)(M)`, read bit by bit from the portrait (`x_j = M_j ^
///   flip(x mod 2^j)`).
///
/// So one walk of `bits` steps from the root both answers `F_t(0)` and
/// builds `G_(t+1)`: O(bits) per value, no pointers, and the flip bits take
/// `2^bits` bits, at most a few bits per edge of the component (the values
/// are at most its edge count): 32 KiB for a chain of 2·10^5.
///
/// Layout: the prefix tree is cut into subtrees of [`BLOCK`] levels, each
/// subtree's 63 flip bits in one word, so a walk loads one word per 6 levels
/// and steps inside it in registers. The root's subtree takes the leftover
/// levels (1 to 6): the deep subtrees, the many ones, are then full. Both
/// directions of a chain are walked in step, each with its own flip bits:
/// two independent chains of dependent steps, which the processor overlaps.
#[derive(Default)]
struct Portrait {
    /// The subtrees' flip bits, two halves (one per direction), each the
    /// root's subtree first, then level by level: the subtree under prefix
    /// `u` of `j` bits (`j` a subtree's first level) at word `start(j) + u`.
    /// Inside a word, a node's children follow it as in a binary heap. All
    /// zero between runs.
    flips: Vec<u64>,
    /// The values walked, kept only when clearing their words one by one is
    /// cheaper than clearing all the words.
    walked: Vec<(u64, u64)>,
}

/// Levels of the prefix tree per word of a [`Portrait`] (63 flip bits).
const BLOCK: u32 = 6;

impl Portrait {
    /// The bit length for the chain values of `own`, the flip bits sized and
    /// checked against the budget, the work counted. `None` when the values
    /// could need 64 bits or more.
    fn prepare(&mut self, own: &[u64], budget: Budget, work: &mut Work) -> Result<Option<u32>> {
        let n = own.len();
        // Every value stays at most the sum of (o_i + 1) (XOR never exceeds a
        // sum), so values of `bits` bits never wrap when one is added.
        let bound = own
            .iter()
            .fold(0u64, |sum, &o| sum.saturating_add(o).saturating_add(1));
        let bits = (u64::BITS - bound.leading_zeros()).max(1);
        if bits >= u64::BITS {
            // Beyond any real position (values are at most the number of edges).
            return Ok(None);
        }
        let words = 2 * Self::words(bits);
        // The flip bits, the walked values and the answers.
        budget.check_bytes(
            words * 8 + (n as u128 + 1) * 24,
            "Green Hackenbush winning-move search (chain values)",
        )?;
        work.spend((n + 1).saturating_mul(2 * bits as usize + 4))?;
        if self.flips.len() < words as usize {
            // Zeroed pages from the system: only the words walked are touched.
            self.flips.resize(words as usize, 0);
        }
        Ok(Some(bits))
    }

    /// Levels of the root's subtree: the leftover ones (1 to [`BLOCK`]).
    fn first(bits: u32) -> u32 {
        bits - BLOCK * ((bits - 1) / BLOCK)
    }

    /// Words for every prefix shorter than `bits` bits, one direction: one
    /// for the root's subtree, then `2^j` for the subtrees starting at level `j`.
    fn words(bits: u32) -> u128 {
        let mut words = 1u128;
        let mut j = Self::first(bits);
        while j < bits {
            words += 1 << j;
            j += BLOCK;
        }
        words
    }

    /// Calls `emit(t, forward, backward)` for `t = 0..=n` in order:
    /// `forward = f_1(f_2(… f_t(0)))` with `f_i(x) = 1 + (own[i - 1] ^ x)`,
    /// `backward` the same for `own` reversed, every value below `2^bits`
    /// (see [`Portrait::prepare`]). Leaves the flip bits all zero.
    /// `emit` may stop the run early by returning `Break`.
    fn chain_values(
        &mut self,
        bits: u32,
        own: &[u64],
        mut emit: impl FnMut(usize, u64, u64) -> ControlFlow<()>,
    ) {
        let n = own.len();
        let words = Self::words(bits) as usize;
        let blocks = bits.div_ceil(BLOCK) as usize;
        // Clearing: all the words, or the words of each value walked,
        // whichever is less work.
        let one_by_one = words / 8 > (n + 1).saturating_mul(blocks);
        let mut walked = std::mem::take(&mut self.walked);
        walked.clear();
        let (a, rest) = self.flips.split_at_mut(words);
        let b = &mut rest[..words];
        let (mut forward, mut backward) = (0u64, 0u64);
        for t in 0..n {
            let x = walk::<true>(a, b, bits, forward, backward);
            if one_by_one {
                walked.push(x);
            }
            if emit(t, x.0, x.1).is_break() {
                break;
            }
            forward ^= own[t];
            backward ^= own[n - 1 - t];
            if t + 1 == n {
                let x = walk::<false>(a, b, bits, forward, backward);
                let _ = emit(n, x.0, x.1);
            }
        }
        if n == 0 {
            let _ = emit(0, 0, 0);
        }
        if one_by_one {
            // Every flip bit set lies in a word some walk went through.
            for &(x, y) in &walked {
                clear_path(a, bits, x);
                clear_path(b, bits, y);
            }
        } else {
            a.fill(0);
            b.fill(0);
        }
        self.walked = walked;
    }
}

/// `P^(-1)(M)` for two portraits `a` and `b` and their masks, in step (see
/// [`Portrait`]); with `FLIP`, flipping each portrait's bit at every prefix
/// of its answer (`P` becomes `D ∘ P`).
#[inline]
fn walk<const FLIP: bool>(
    a: &mut [u64],
    b: &mut [u64],
    bits: u32,
    mask_a: u64,
    mask_b: u64,
) -> (u64, u64) {
    let first = Portrait::first(bits);
    let mut x = subtree::<FLIP>(&mut a[0], mask_a, first);
    let mut y = subtree::<FLIP>(&mut b[0], mask_b, first);
    let mut j = first;
    let mut start = 1usize;
    while j < bits {
        let dx = subtree::<FLIP>(&mut a[start + x as usize], mask_a >> j, BLOCK);
        let dy = subtree::<FLIP>(&mut b[start + y as usize], mask_b >> j, BLOCK);
        x |= dx << j;
        y |= dy << j;
        start += 1 << j;
        j += BLOCK;
    }
    (x, y)
}

/// The walk inside one subtree of `levels` levels: the local bits of the
/// answer (`x_d = mask_d ^ flip`), flipping the bits passed with `FLIP`.
///
/// The mask's bits come in all at once: [`DEPTH_MASKS`] spreads mask bit `d`
/// over the nodes of depth `d`, so the direction at a node is one bit of
/// `flips ^ spread`. The path is read off the last node (heap numbering: the
/// node after `d` steps is `2^d - 1` plus the directions taken, the first one
/// highest), through [`REVERSED`].
#[inline(always)]
fn subtree<const FLIP: bool>(word: &mut u64, mask: u64, levels: u32) -> u64 {
    let flips = *word;
    let directions = flips ^ DEPTH_MASKS[(mask & 63) as usize];
    let mut passed = 0u64;
    let mut node = 0u32;
    for _ in 0..levels {
        passed |= 1 << node;
        node = 2 * node + 1 + (directions >> node & 1) as u32;
    }
    if FLIP {
        *word = flips ^ passed;
    }
    let path = node + 1 - (1 << levels);
    u64::from(REVERSED[(path << (BLOCK - levels)) as usize])
}

/// Per 6 mask bits: the word with the bits of the depth-`d` nodes of a
/// subtree (heap numbering, `2^d - 1 ..= 2^(d + 1) - 2`) set when mask bit
/// `d` is.
const DEPTH_MASKS: [u64; 64] = {
    let mut masks = [0u64; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut d = 0;
        while d < BLOCK {
            if mask >> d & 1 == 1 {
                masks[mask] |= ((1u64 << (1 << d)) - 1) << ((1 << d) - 1);
            }
            d += 1;
        }
        mask += 1;
    }
    masks
};

/// The 6-bit numbers with their bits in reverse order.
const REVERSED: [u8; 64] = {
    let mut reversed = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        let mut d = 0;
        while d < BLOCK {
            reversed[i] |= ((i >> d & 1) << (BLOCK - 1 - d)) as u8;
            d += 1;
        }
        i += 1;
    }
    reversed
};

/// Zeroes the words a walk to `x` went through.
fn clear_path(flips: &mut [u64], bits: u32, x: u64) {
    flips[0] = 0;
    let mut j = Portrait::first(bits);
    let mut start = 1usize;
    while j < bits {
        flips[start + (x & ((1u64 << j) - 1)) as usize] = 0;
        start += 1 << j;
        j += BLOCK;
    }
}

/// The last resort: try every edge on the whole graph.
fn scan_every_edge(graph: &Graph, work: &mut Work, buffers: &mut Buffers) -> Result<Option<usize>> {
    let reach = Analysis::new(graph, 0, None, None, work);
    for e in 0..graph.edges.len() as u32 {
        // An edge away from the ground is no move at all.
        if !reach.reaches_edge(graph, e) {
            continue;
        }
        work.spend(0)?;
        let analysis = Analysis::reusing(graph, 0, None, Some(e), work, buffers);
        let wins = analysis.root_value() == 0;
        analysis.recycle(buffers);
        if wins {
            return Ok(Some(e as usize));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_long_path_does_not_overflow_the_stack() {
        let edges: Vec<(u32, u32)> = (0..200_000u32).map(|i| (i, i + 1)).collect();
        let game = GreenHackenbush::new(&edges).unwrap();
        assert_eq!(game.nimber().unwrap(), Nimber(200_000));
        assert_eq!(game.winning_move().unwrap().unwrap().index, 0);
    }

    /// Random multigraphs rich in 2-edge cuts: cycles (digons included) hung
    /// on earlier vertices, stalks, and now and then a chord or a loop.
    fn cut_rich_graphs() -> impl Strategy<Value = Vec<(u32, u32)>> {
        prop::collection::vec((0u32..6, 0u32..64, 2u32..7), 1..=10).prop_map(|items| {
            let mut edges = Vec::new();
            let mut vertices = 1u32;
            for (kind, anchor, length) in items {
                let at = anchor % vertices;
                match kind {
                    0..=3 => {
                        // A cycle of `length` edges through `at`.
                        let mut previous = at;
                        for _ in 1..length {
                            edges.push((previous, vertices));
                            previous = vertices;
                            vertices += 1;
                        }
                        edges.push((previous, at));
                    }
                    4 => {
                        edges.push((at, vertices));
                        vertices += 1;
                    }
                    _ => edges.push((at, (anchor / 3 + length) % vertices)),
                }
            }
            edges
        })
    }

    /// The branches of the ground's component, as `find_winning_edge` lists them.
    fn ground_branches(analysis: &Analysis) -> Vec<(u32, u32, u32)> {
        analysis
            .preorder
            .iter()
            .filter_map(|&v| {
                let e = analysis.parent_edge[v as usize];
                let p = analysis.parent[v as usize];
                (e != NONE && analysis.bridge[e as usize] && analysis.component[p as usize] == 0)
                    .then(|| (e, analysis.component[v as usize], p))
            })
            .collect()
    }

    /// Every edge whose deletion leaves nimber 0, by deleting each in turn.
    fn winning_edges(edges: &[(u32, u32)]) -> Vec<usize> {
        (0..edges.len())
            .filter(|&i| {
                let mut rest = edges.to_vec();
                rest.remove(i);
                let reach = GreenHackenbush::new(edges).unwrap();
                let graph = Graph::new(reach.vertex_count, reach.dense());
                let analysis = Analysis::new(&graph, 0, None, None, &mut Work::unlimited());
                analysis.reaches_edge(&graph, i as u32)
                    && GreenHackenbush::new(&rest).unwrap().nimber().unwrap() == Nimber(0)
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5000))]

        /// The 2-edge-cut path always answers: the candidate-by-candidate scan
        /// never runs, and its verification never fails.
        #[test]
        fn the_fast_path_never_falls_back(edges in cut_rich_graphs()) {
            SCANS.with(|scans| scans.set(0));
            let game = GreenHackenbush::new(&edges).unwrap();
            let best = game.winning_move().unwrap();
            prop_assert_eq!(SCANS.with(|scans| scans.get()), 0, "edges {:?}", edges);
            let winners = winning_edges(&edges);
            prop_assert_eq!(best.is_some(), !winners.is_empty(), "edges {:?}", edges);
            if let Some(best) = best {
                prop_assert!(winners.contains(&best.index), "{} in {:?}", best, edges);
            }
        }

        /// Every class edge's value after deletion, from the cycle of pieces,
        /// against recomputing the component without it.
        #[test]
        fn class_values_match_recomputation(edges in cut_rich_graphs()) {
            let game = GreenHackenbush::new(&edges).unwrap();
            let graph = Graph::new(game.vertex_count, game.dense());
            let mut work = Work::unlimited();
            let analysis = Analysis::new(&graph, 0, None, None, &mut work);
            let component =
                Component::copy(&graph, &analysis, 0, &ground_branches(&analysis), &mut work);
            let piece = &component.edges;
            let tree = &component.tree;
            let (subtrees, mut by_label) = Subtrees::new(piece, tree, &component.weights);
            by_label.sort_unstable();
            let mut portrait = Portrait::default();
            for class in by_label.chunk_by(|a, b| a.0 == b.0) {
                prop_assert!(class[0].0 != 0, "no bridge inside a component");
                // A label of its own: deleting the edge keeps the component
                // 2-edge-connected, so only the loop count changes.
                let here = analysis.root_value();
                if class.len() == 1 {
                    prop_assert_eq!(component.value_without(class[0].1, &mut work, &mut Buffers::default()), here ^ 1);
                    continue;
                }
                let cycle = PieceCycle::new(piece, tree, &subtrees, class);
                prop_assert!(cycle.is_some(), "class {:?} of {:?}", class, edges);
                let cycle = cycle.unwrap();
                let values = values_after_deleting(
                    &cycle,
                    &mut portrait,
                    Budget::default(),
                    &mut work,
                )
                    .unwrap()
                    .unwrap();
                for (&e, &value) in cycle.edges.iter().zip(&values) {
                    prop_assert_eq!(
                        value,
                        component.value_without(e, &mut work, &mut Buffers::default()),
                        "edge {} of {:?}",
                        component.inner[e as usize],
                        edges
                    );
                }
            }
        }

        /// The chain values, both directions, against folding each chain directly.
        #[test]
        fn chain_values_match_direct_folds(
            own in prop::collection::vec(prop_oneof![0u64..4, 0u64..40, 0u64..1 << 20], 0..60)
        ) {
            let (forward, backward) =
                chain_values(&own, Budget::default(), &mut Work::unlimited())
                    .unwrap()
                    .unwrap();
            let reversed: Vec<u64> = own.iter().rev().copied().collect();
            for t in 0..=own.len() {
                let direct = own[..t].iter().rev().fold(0u64, |x, &o| 1 + (o ^ x));
                prop_assert_eq!(forward[t], direct, "t = {} in {:?}", t, own);
                let direct = reversed[..t].iter().rev().fold(0u64, |x, &o| 1 + (o ^ x));
                prop_assert_eq!(backward[t], direct, "t = {} backwards in {:?}", t, own);
            }
        }
    }

    /// One portrait serves chains of every size in turn (sparse ones cleared
    /// walk by walk, dense ones all at once) and is left all zero each time.
    #[test]
    fn a_portrait_is_reused_across_chains() {
        let mut portrait = Portrait::default();
        let chains: [Vec<u64>; 5] = [
            vec![1 << 20, 3, 0, 7],
            (0..5000).map(|i| i % 3).collect(),
            vec![],
            vec![0; 70],
            (0..300).map(|i| (i * 7919) % 1000).collect(),
        ];
        for own in &chains {
            let bits = portrait
                .prepare(own, Budget::default(), &mut Work::unlimited())
                .unwrap()
                .unwrap();
            let mut values = Vec::new();
            portrait.chain_values(bits, own, |t, forward, backward| {
                values.push((t, forward, backward));
                ControlFlow::Continue(())
            });
            assert!(portrait.flips.iter().all(|&word| word == 0));
            for (t, forward, backward) in values {
                let direct = own[..t].iter().rev().fold(0u64, |x, &o| 1 + (o ^ x));
                assert_eq!(forward, direct);
                let direct = own[own.len() - t..].iter().fold(0u64, |x, &o| 1 + (o ^ x));
                assert_eq!(backward, direct);
            }
        }
    }

    #[test]
    fn a_long_odd_cycle_needs_no_scan() {
        SCANS.with(|scans| scans.set(0));
        let n = 20_001u32;
        let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let best = GreenHackenbush::new(&edges)
            .unwrap()
            .winning_move()
            .unwrap();
        assert_eq!(best.unwrap().index, 10_000);
        assert_eq!(SCANS.with(|scans| scans.get()), 0);
    }

    #[test]
    fn huge_vertex_numbers_are_renumbered() {
        let game = GreenHackenbush::new(&[(0, u32::MAX), (u32::MAX, 7)]).unwrap();
        assert_eq!(game.nimber().unwrap(), Nimber(2));
    }
}
