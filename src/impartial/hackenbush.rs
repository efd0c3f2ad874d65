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
//! component `X` reached, whose deletion may create new bridges there: each
//! candidate edge is tried by recomputing only `X`'s contribution (its
//! branches enter as fixed weights), O(|X|) per candidate, so **O(|X|²)** in
//! the worst case (e.g. a long odd cycle through the ground, where only the
//! middle edge wins), bounded by a work cap ([`DEFAULT_MOVE_WORK`] steps unless
//! the budget sets one; 5 to 8 s). A loop in `X` is tried first: deleting it
//! never changes the component's structure. (When the descent stops inside
//! `X`, the target is always `g ^ 1`: the deciding bit of `g ^ t` is carried by
//! no branch, so it is bit 0, the parity of the loops. Any edge whose deletion
//! leaves `X` 2-edge-connected is then a winning move, which is why the scan
//! usually stops at its first candidates; minimally 2-edge-connected
//! components such as one long cycle are the slow case.)

use std::fmt;

use crate::{Budget, Error, Nimber, Outcome, Result, Solution};

/// The default work cap of the winning-move search (elementary steps: vertices
/// and edges visited while recomputing a component).
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
    /// Edges with endpoints renumbered densely (the ground stays 0).
    dense: Vec<(u32, u32)>,
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
        if edges.len() > MAX_EDGES {
            return Err(Error::SizeLimitExceeded {
                what: "number of Green Hackenbush edges",
                value: edges.len() as u128,
                limit: MAX_EDGES as u128,
            });
        }
        let budget = Budget::default();
        check_memory(budget, edges.len())?;
        let (dense, vertex_count) = renumber(edges);
        Ok(Self {
            edges: edges.to_vec(),
            dense,
            vertex_count,
            budget,
        })
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
        let graph = Graph::new(self.vertex_count, &self.dense);
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
        let graph = Graph::new(self.vertex_count, &self.dense);
        let mut work = Work::new(self.budget.work_or(DEFAULT_MOVE_WORK));
        let analysis = Analysis::new(&graph, 0, None, None, &mut work);
        if analysis.root_value() == 0 {
            return Ok(None);
        }
        let found = match find_winning_edge(&graph, &analysis, &mut work)? {
            Some(edge) => Some(edge),
            None => scan_every_edge(&graph, &mut work)?,
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
            let over = ground_edge_count(self.vertex_count, &self.dense, None) == 0;
            return Ok(Solution::from_line(Outcome::Second, Vec::new(), over));
        };
        let complete = ground_edge_count(self.vertex_count, &self.dense, Some(best.index)) == 0;
        Ok(Solution::from_line(Outcome::First, vec![best], complete))
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
fn renumber(edges: &[(u32, u32)]) -> (Vec<(u32, u32)>, usize) {
    let max = edges.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0);
    if (max as usize) <= 2 * edges.len() + 1 {
        return (edges.to_vec(), max as usize + 1);
    }
    let mut names: Vec<u32> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
    names.push(0);
    names.sort_unstable();
    names.dedup();
    let id = |v: u32| names.binary_search(&v).expect("every endpoint is named") as u32;
    let dense = edges.iter().map(|&(u, v)| (id(u), id(v))).collect();
    (dense, names.len())
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
                what: "winning-move search of Green Hackenbush (recomputing a \
                       2-edge-connected component per candidate edge)"
                    .into(),
                steps: self.cap,
            });
        }
        Ok(())
    }
}

/// An undirected multigraph in compressed adjacency form.
struct Graph {
    edges: Vec<(u32, u32)>,
    /// `start[v]..start[v + 1]` indexes `incidences`.
    start: Vec<u32>,
    /// `(neighbour, edge)` pairs; a loop appears once.
    incidences: Vec<(u32, u32)>,
}

impl Graph {
    fn new(vertex_count: usize, edges: &[(u32, u32)]) -> Self {
        let mut degree = vec![0u32; vertex_count + 1];
        for &(u, v) in edges {
            degree[u as usize] += 1;
            if u != v {
                degree[v as usize] += 1;
            }
        }
        let mut start = vec![0u32; vertex_count + 1];
        let mut total = 0u32;
        for v in 0..vertex_count {
            start[v] = total;
            total += degree[v];
        }
        start[vertex_count] = total;
        let mut fill = start.clone();
        let mut incidences = vec![(0u32, 0u32); total as usize];
        for (e, &(u, v)) in edges.iter().enumerate() {
            incidences[fill[u as usize] as usize] = (v, e as u32);
            fill[u as usize] += 1;
            if u != v {
                incidences[fill[v as usize] as usize] = (u, e as u32);
                fill[v as usize] += 1;
            }
        }
        Self {
            edges: edges.to_vec(),
            start,
            incidences,
        }
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
        let skip = skip.unwrap_or(NONE);
        let n = graph.vertex_count();
        let mut discovered = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut parent_edge = vec![NONE; n];
        let mut parent = vec![NONE; n];
        let mut bridge = vec![false; graph.edges.len()];
        let mut preorder = Vec::new();
        // Explicit stack of (vertex, next incidence to look at).
        let mut stack: Vec<(u32, u32)> = vec![(root, graph.start[root as usize])];
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
        let mut component = vec![NONE; n];
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
        let mut value = vec![0u64; tops as usize];
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

    fn reaches_edge(&self, graph: &Graph, e: u32) -> bool {
        self.discovered[graph.edges[e as usize].0 as usize] != NONE
    }
}

/// The descent with target values; `None` when it reaches a component where
/// no branch and no inner edge gives the target (then the caller scans).
fn find_winning_edge(graph: &Graph, analysis: &Analysis, work: &mut Work) -> Result<Option<usize>> {
    // Child branches of each component: (bridge edge, child component, vertex it hangs from).
    let tops = analysis.value.len();
    let mut branches: Vec<Vec<(u32, u32, u32)>> = vec![Vec::new(); tops];
    for &v in &analysis.preorder {
        let e = analysis.parent_edge[v as usize];
        if e != NONE && analysis.bridge[e as usize] {
            let p = analysis.parent[v as usize];
            let from = analysis.component[p as usize];
            branches[from as usize].push((e, analysis.component[v as usize], p));
        }
    }
    let mut at = 0u32;
    let mut target = 0u64;
    loop {
        let here = analysis.value[at as usize];
        let difference = here ^ target;
        let mut entered = false;
        for &(edge, child, _) in &branches[at as usize] {
            let branch = analysis.value[child as usize] + 1;
            let wanted = branch ^ difference;
            if wanted < branch {
                if wanted == 0 {
                    return Ok(Some(edge as usize));
                }
                at = child;
                target = wanted - 1;
                entered = true;
                break;
            }
        }
        if !entered {
            return inner_edge_with_value(
                graph,
                analysis,
                at,
                &branches[at as usize],
                target,
                work,
            );
        }
    }
}

/// An edge inside component `at` whose deletion gives the component (with its
/// branches) the value `target`.
fn inner_edge_with_value(
    graph: &Graph,
    analysis: &Analysis,
    at: u32,
    branches: &[(u32, u32, u32)],
    target: u64,
    work: &mut Work,
) -> Result<Option<usize>> {
    let here = analysis.value[at as usize];
    let inner: Vec<u32> = (0..graph.edges.len() as u32)
        .filter(|&e| {
            let u = graph.edges[e as usize].0;
            analysis.component[u as usize] == at && !analysis.bridge[e as usize]
        })
        .collect();
    // Deleting a loop leaves the component's structure alone: it flips one loop.
    let is_loop = |e: &&u32| {
        let (u, v) = graph.edges[**e as usize];
        u == v
    };
    if here ^ 1 == target {
        if let Some(&e) = inner.iter().find(is_loop) {
            return Ok(Some(e as usize));
        }
    }
    // A local copy of the component: its vertices renumbered from its top vertex.
    let top = analysis.preorder[analysis
        .preorder
        .iter()
        .position(|&v| analysis.component[v as usize] == at)
        .expect("every component has a top vertex")];
    let mut local = vec![NONE; graph.vertex_count()];
    let mut names = vec![top];
    local[top as usize] = 0;
    for &v in &analysis.preorder {
        if analysis.component[v as usize] == at && local[v as usize] == NONE {
            local[v as usize] = names.len() as u32;
            names.push(v);
        }
    }
    let mut weights = vec![0u64; names.len()];
    for &(_, child, from) in branches {
        weights[local[from as usize] as usize] ^= analysis.value[child as usize] + 1;
    }
    let edges: Vec<(u32, u32)> = inner
        .iter()
        .map(|&e| {
            let (u, v) = graph.edges[e as usize];
            (local[u as usize], local[v as usize])
        })
        .collect();
    let piece = Graph::new(names.len(), &edges);
    for (position, &e) in inner.iter().enumerate() {
        work.spend(0)?;
        let after = Analysis::new(&piece, 0, Some(&weights), Some(position as u32), work);
        if after.root_value() == target {
            return Ok(Some(e as usize));
        }
    }
    work.spend(0)?;
    Ok(None)
}

/// The last resort: try every edge on the whole graph.
fn scan_every_edge(graph: &Graph, work: &mut Work) -> Result<Option<usize>> {
    let reach = Analysis::new(graph, 0, None, None, work);
    for e in 0..graph.edges.len() as u32 {
        // An edge away from the ground is no move at all.
        if !reach.reaches_edge(graph, e) {
            continue;
        }
        work.spend(0)?;
        if Analysis::new(graph, 0, None, Some(e), work).root_value() == 0 {
            return Ok(Some(e as usize));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_path_does_not_overflow_the_stack() {
        let edges: Vec<(u32, u32)> = (0..200_000u32).map(|i| (i, i + 1)).collect();
        let game = GreenHackenbush::new(&edges).unwrap();
        assert_eq!(game.nimber().unwrap(), Nimber(200_000));
        assert_eq!(game.winning_move().unwrap().unwrap().index, 0);
    }

    #[test]
    fn huge_vertex_numbers_are_renumbered() {
        let game = GreenHackenbush::new(&[(0, u32::MAX), (u32::MAX, 7)]).unwrap();
        assert_eq!(game.nimber().unwrap(), Nimber(2));
    }
}
