//! Green Hackenbush's winning move inside one 2-edge-connected component
//! (see the module documentation of [`super`]): the component copied out on
//! its own, its 2-edge cut classes from random labels, the chains of pieces a
//! class leaves, their values from portraits of binary-tree automorphisms, and
//! the scan that takes over should a label collide.

use super::*;

/// One 2-edge-connected component copied out on its own: its vertices
/// renumbered from its top vertex (local vertex 0), its inner edges, its
/// branches as fixed weights on the vertices they hang from, and the main
/// depth-first tree restricted to it.
pub(super) struct Component {
    /// The global number of each local edge.
    pub(super) inner: Vec<u32>,
    /// The inner edges in local vertex numbers.
    pub(super) edges: Vec<(u32, u32)>,
    pub(super) weights: Vec<u64>,
    pub(super) tree: LocalTree,
}

/// The depth-first tree of the whole graph restricted to one 2-edge-connected
/// component, in local numbers. It is a depth-first tree of the component on
/// its own: the component is a connected part of the tree cut at bridges, so
/// the tree path between two of its vertices stays inside it, and every inner
/// non-tree edge still joins a vertex to one of its ancestors. Local numbers
/// follow the preorder, so a vertex's number is its discovery time and every
/// subtree is a range of numbers. (This spares a second depth-first search.)
pub(super) struct LocalTree {
    /// Parent of each local vertex, `NONE` for the top (local vertex 0).
    pub(super) parent: Vec<u32>,
    /// Local number of the tree edge to the parent, `NONE` for the top.
    pub(super) parent_edge: Vec<u32>,
}

impl Component {
    pub(super) fn copy(
        graph: &Graph,
        analysis: &Analysis,
        at: u32,
        branches: &[(u32, u32, u32)],
        work: &mut Work,
    ) -> Result<Self> {
        let mut inner: Vec<u32> = Vec::new();
        for e in 0..graph.edges.len() as u32 {
            let u = graph.edges[e as usize].0;
            if analysis.component[u as usize] == at && !analysis.bridge[e as usize] {
                push(&mut inner, e)?;
            }
        }
        // Local numbers in preorder: the component's top vertex is the first
        // of its vertices discovered, so it becomes local vertex 0.
        let mut local = filled(graph.vertex_count(), NONE)?;
        let mut names = 0u32;
        for &v in &analysis.preorder {
            if analysis.component[v as usize] == at {
                local[v as usize] = names;
                names += 1;
            }
        }
        let mut weights = filled(names as usize, 0u64)?;
        for &(_, child, from) in branches {
            weights[local[from as usize] as usize] ^= analysis.value[child as usize] + 1;
        }
        let mut parent = filled(names as usize, NONE)?;
        let mut parent_edge = filled(names as usize, NONE)?;
        let mut edges = filled(inner.len(), (0u32, 0u32))?;
        for (slot, (i, &e)) in edges.iter_mut().zip(inner.iter().enumerate()) {
            *slot = {
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
            };
        }
        work.done = work
            .done
            .saturating_add((graph.edges.len() + analysis.preorder.len()) as u64);
        Ok(Self {
            inner,
            edges,
            weights,
            tree: LocalTree {
                parent,
                parent_edge,
            },
        })
    }

    pub(super) fn vertex_count(&self) -> usize {
        self.weights.len()
    }

    /// The component's value (with its branches) after deleting local edge `e`.
    pub(super) fn value_without(
        &self,
        e: u32,
        work: &mut Work,
        buffers: &mut Buffers,
    ) -> Result<u64> {
        let graph = Graph::reusing(self.vertex_count(), &self.edges, buffers)?;
        let analysis = Analysis::reusing(&graph, 0, Some(&self.weights), Some(e), work, buffers)?;
        let value = analysis.root_value();
        analysis.recycle(buffers);
        graph.recycle(buffers);
        Ok(value)
    }
}

/// An edge inside a component of value `here` whose deletion gives the
/// component (with its branches) the value `target`.
pub(super) fn inner_edge_with_value(
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
            if component.value_without(e, work, buffers)? == target {
                return Ok(global(e));
            }
        }
    }
    #[cfg(test)]
    SCANS.with(|scans| scans.set(scans.get() + 1));
    for e in 0..component.edges.len() as u32 {
        work.spend(0)?;
        if component.value_without(e, work, buffers)? == target {
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
pub(super) fn cut_class_move(
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
    let (subtrees, mut by_label) = Subtrees::new(&component.edges, tree, &component.weights)?;
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
pub(super) const CUT_BYTES_PER_VERTEX: u128 = 72;
pub(super) const CUT_BYTES_PER_EDGE: u128 = 48;

/// Subtree facts of a depth-first tree of a 2-edge-connected component.
pub(super) struct Subtrees {
    /// Vertices in each vertex's subtree (so `v` lies under `a` exactly when
    /// `a <= v < a + size[a]`, vertices being numbered in preorder).
    pub(super) size: Vec<u32>,
    /// XOR over each vertex's subtree of `weight(w) ^ (parity of the edges
    /// assigned to w)`, every edge assigned to its later-discovered endpoint:
    /// so a set of vertices closed under the tree's descendants sums its
    /// inner edges' parity and its branches by two look-ups.
    pub(super) own: Vec<u64>,
}

impl Subtrees {
    /// The subtree facts, and each edge's label with the edge's number, by
    /// edge: a random label for a back edge; for a tree edge, the XOR of the
    /// labels of the back edges spanning it. Two edges form a cut exactly
    /// when their labels are equal (with high probability; the chosen move
    /// is verified anyway). (The pairs are what the caller sorts: no
    /// separate array of labels.)
    pub(super) fn new(
        edges: &[(u32, u32)],
        tree: &LocalTree,
        weights: &[u64],
    ) -> Result<(Self, Vec<(u64, u32)>)> {
        let n = weights.len();
        let mut label = filled(edges.len(), (0u64, 0u32))?;
        for (e, slot) in label.iter_mut().enumerate() {
            slot.1 = e as u32;
        }
        let mut spanning = filled(n, 0u64)?;
        let mut own = filled(n, 0u64)?;
        own.copy_from_slice(weights);
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
        let mut size = filled(n, 1u32)?;
        for v in (0..n).rev() {
            let p = tree.parent[v];
            if p != NONE {
                size[p as usize] += size[v];
                own[p as usize] ^= own[v];
                spanning[p as usize] ^= spanning[v];
                label[tree.parent_edge[v] as usize].0 = spanning[v];
            }
        }
        Ok((Self { size, own }, label))
    }

    /// Whether `v` lies in the subtree of `a`.
    pub(super) fn under(&self, v: u32, a: u32) -> bool {
        a <= v && v - a < self.size[a as usize]
    }
}

/// The splitmix64 generator: labels need only be distinct, not secret.
pub(super) struct SplitMix(u64);

impl SplitMix {
    pub(super) fn next(&mut self) -> u64 {
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
pub(super) struct PieceCycle {
    pub(super) edges: Vec<u32>,
    /// Own value of each piece: parity of its inner edges XOR its branches.
    pub(super) own: Vec<u64>,
}

impl PieceCycle {
    /// The class's tree edges lie on one downward path `c_1, …, c_m` (named
    /// by their lower vertices) and at most one back edge closes it from below
    /// `c_m` to above `c_1`. The regions between them are `above c_1`,
    /// `under c_i but not c_(i+1)` and `under c_m`; without a back edge the
    /// first and the last are one piece. `None` when the class does not have
    /// this shape (only after a label collision).
    pub(super) fn new(
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
pub(super) fn values_after_deleting(
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
    let mut values = filled(k, cycle.own[0])?;
    portrait.chain_values(bits, own, |t, forward, backward| {
        values[t] ^= forward;
        values[k - 1 - t] ^= backward;
        ControlFlow::Continue(())
    });
    Ok(Some(values))
}

/// The class edge whose deletion gives the component the value `target`.
pub(super) fn class_move(
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
    let mut values = filled(k, cycle.own[0])?;
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
pub(super) fn chain_values(
    own: &[u64],
    budget: Budget,
    work: &mut Work,
) -> Result<Option<(Vec<u64>, Vec<u64>)>> {
    let mut portrait = Portrait::default();
    let Some(bits) = portrait.prepare(own, budget, work)? else {
        return Ok(None);
    };
    let mut forward = filled(own.len() + 1, 0)?;
    let mut backward = filled(own.len() + 1, 0)?;
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
pub(super) struct Portrait {
    /// The subtrees' flip bits, two halves (one per direction), each the
    /// root's subtree first, then level by level: the subtree under prefix
    /// `u` of `j` bits (`j` a subtree's first level) at word `start(j) + u`.
    /// Inside a word, a node's children follow it as in a binary heap. All
    /// zero between runs.
    pub(super) flips: Vec<u64>,
    /// The values walked, kept only when clearing their words one by one is
    /// cheaper than clearing all the words.
    pub(super) walked: Vec<(u64, u64)>,
}

/// Levels of the prefix tree per word of a [`Portrait`] (63 flip bits).
pub(super) const BLOCK: u32 = 6;

impl Portrait {
    /// The bit length for the chain values of `own`, the flip bits sized and
    /// checked against the budget, the work counted. `None` when the values
    /// could need 64 bits or more.
    pub(super) fn prepare(
        &mut self,
        own: &[u64],
        budget: Budget,
        work: &mut Work,
    ) -> Result<Option<u32>> {
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
            let more = words as usize - self.flips.len();
            self.flips
                .try_reserve_exact(more)
                .map_err(|_| refused::<u64>(words as usize))?;
            self.flips.resize(words as usize, 0);
        }
        Ok(Some(bits))
    }

    /// Levels of the root's subtree: the leftover ones (1 to [`BLOCK`]).
    pub(super) fn first(bits: u32) -> u32 {
        bits - BLOCK * ((bits - 1) / BLOCK)
    }

    /// Words for every prefix shorter than `bits` bits, one direction: one
    /// for the root's subtree, then `2^j` for the subtrees starting at level `j`.
    pub(super) fn words(bits: u32) -> u128 {
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
    pub(super) fn chain_values(
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
pub(super) fn walk<const FLIP: bool>(
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
pub(super) fn subtree<const FLIP: bool>(word: &mut u64, mask: u64, levels: u32) -> u64 {
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
pub(super) const DEPTH_MASKS: [u64; 64] = {
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
pub(super) const REVERSED: [u8; 64] = {
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
pub(super) fn clear_path(flips: &mut [u64], bits: u32, x: u64) {
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
pub(super) fn scan_every_edge(
    graph: &Graph,
    work: &mut Work,
    buffers: &mut Buffers,
) -> Result<Option<usize>> {
    let reach = Analysis::new(graph, 0, None, None, work)?;
    for e in 0..graph.edges.len() as u32 {
        // An edge away from the ground is no move at all.
        if !reach.reaches_edge(graph, e) {
            continue;
        }
        work.spend(0)?;
        let analysis = Analysis::reusing(graph, 0, None, Some(e), work, buffers)?;
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
    use super::super::*;
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
                let graph = Graph::new(reach.vertex_count, reach.dense()).unwrap();
                let analysis =
                    Analysis::new(&graph, 0, None, None, &mut Work::unlimited()).unwrap();
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
            let graph = Graph::new(game.vertex_count, game.dense()).unwrap();
            let mut work = Work::unlimited();
            let analysis = Analysis::new(&graph, 0, None, None, &mut work).unwrap();
            let component =
                Component::copy(&graph, &analysis, 0, &ground_branches(&analysis), &mut work).unwrap();
            let piece = &component.edges;
            let tree = &component.tree;
            let (subtrees, mut by_label) = Subtrees::new(piece, tree, &component.weights).unwrap();
            by_label.sort_unstable();
            let mut portrait = Portrait::default();
            for class in by_label.chunk_by(|a, b| a.0 == b.0) {
                prop_assert!(class[0].0 != 0, "no bridge inside a component");
                // A label of its own: deleting the edge keeps the component
                // 2-edge-connected, so only the loop count changes.
                let here = analysis.root_value();
                if class.len() == 1 {
                    prop_assert_eq!(component.value_without(class[0].1, &mut work, &mut Buffers::default()).unwrap(), here ^ 1);
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
                        component.value_without(e, &mut work, &mut Buffers::default()).unwrap(),
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
