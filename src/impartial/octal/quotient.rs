// Why this file is long (over 1,500 lines): one type, MisereQuotient, with
// its construction (the builder), the verification that makes every quotient
// proven before it is used (closures, refinement) and its queries, all on
// the same private fields; about 300 lines are doc comments with examples and
// 75 are unit tests. The verification (`verify_or_refine_with` to `verified`)
// is the part that could live in a sibling file if the file grows further.
//! Misère quotients of take-and-break games (Plambeck; Plambeck and Siegel).
//!
//! # Theory
//! Let `A` be the set of all sums of heaps of one game with at most `n` tokens
//! each. Two sums `X`, `Y` are *indistinguishable* when `X + Z` and `Y + Z`
//! have the same misère outcome for every `Z` in `A`. The classes form a
//! commutative monoid `Q` (the *misère quotient*), with a *P-portion*: the
//! classes of misère second-player wins. With `Φ(h)` the class of a heap
//! `h`, the misère outcome of `h1 + h2 + …` is `P` exactly when
//! `Φ(h1)·Φ(h2)·…` lies in the P-portion. For tame games (genus theory) `Q`
//! is the quotient of misère Nim restricted to the Grundy values that appear;
//! for wild games such as Kayles it is bigger, but often still small.
//!
//! # Construction
//! Heaps are added one at a time. With `Q` the quotient of heaps below `h`
//! (each class carrying a representative sum of least weight — `2h − 1` per
//! heap of `h` tokens, which every move lowers — and the classes
//! of that representative's options), the outcomes of `x·h^k` are computed
//! for every `x` in `Q` and `k = 0, 1, 2, …` from the options (the options of
//! `h`, whose classes are products in `Q`, and those of the representative),
//! until two columns `k` and `k − 2` agree, after which they repeat. The
//! product monoid `Q × {1, h, …, h^(K−1)}` is then reduced by
//! indistinguishability (partition refinement under multiplication by the
//! generators, starting from the P/N partition).
//!
//! # Verification (what is proven)
//! The construction above assumes that the classes of smaller heaps do not
//! split when `h` is added. Rather than rely on that, every quotient is
//! *verified* before it is used: for a sum `X` let `T(X)` be the set of `z`
//! in `Q` such that some option `X'` has `z·Φ(X')` in the P-portion. Then
//! `T(X + Y) = {z : z·Φ(Y) ∈ T(X)} ∪ {z : z·Φ(X) ∈ T(Y)}`, so the triples
//! `(Φ(X), T(X), X ≠ 0)` reachable from the heaps form a finite closure, and
//! the quotient is correct for *every* sum exactly when each reachable triple
//! satisfies `Φ(X) ∈ P ⇔ X ≠ 0 and 1 ∉ T(X)` (induction on the weight of
//! `X`). A candidate that fails is refused with an error, never used.
//!
//! # Periodicity
//! For an octal code with a last non-zero digit `t` (at most `t` tokens per
//! move): if `Φ(h + p) = Φ(h)` for `n0 ≤ h ≤ N − p` with `N ≥ 2·n0 + 2p + t`,
//! then the classes of the options of any heap `h ≥ 2·n0 + p + t` repeat
//! with period `p` (a split `a + b` with a part of at least `n0 + p` shifts
//! by `p`), so every heap beyond `N` has the same (class, option classes) as
//! one below it. Verification over heaps up to `N` then proves `Φ` periodic
//! for all heaps and the quotient complete: this is Plambeck and Siegel's
//! periodicity theorem for misère quotients, here checked by the closure
//! above. Codes that repeat forever (Nim) are answered up to the bound only.
//!
//! # Complexity
//! Adding heap `h` costs `O(h·t)` products for its options, `O(|Q|·K·(|Q| +
//! options))` for the outcome columns and `O(r·|Q|·K)` per refinement round
//! (`r` generators). Answers then cost one product per heap, and a winning
//! move `O(h)` products for a heap of `h` tokens (`O(n0 + p)` when periodic).

use super::{MoveClass, TakeAndBreak};
use crate::budget::filled_vec;
use crate::control::Watch;
use crate::impartial::HeapMove;
use crate::{Budget, Error, Outcome, Result};
use ahash::AHashMap;
use std::rc::Rc;

mod candidate;
mod growth;
mod presentation;
pub use growth::{GrowthStop, QuotientGrowth};
pub use presentation::Presentation;

/// Default work cap of a quotient computation, in steps of about a
/// nanosecond like every other work cap (each product or comparison the
/// construction counts is [`QUOTIENT_UNIT_STEPS`] steps): about ten seconds.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{DEFAULT_QUOTIENT_WORK, QUOTIENT_UNIT_STEPS};
/// // About 1.7 billion products and comparisons.
/// assert_eq!(DEFAULT_QUOTIENT_WORK / QUOTIENT_UNIT_STEPS, 1_666_666_666);
/// ```
pub const DEFAULT_QUOTIENT_WORK: u64 = 10_000_000_000;

/// Work-cap steps charged for one unit the quotient construction counts (a
/// product looked up, a comparison, a table entry, a set operation). A unit
/// measured 2 to 11 ns of CPU (about 5 typically) over wild octal games, and
/// 0.3 to 1.2 ns a step at six steps a unit, so `--max-work W` means about
/// W ns (the misère quotient guide, [Work units](crate::guide::misere_quotients#work-units)).
///
/// # Example
/// ```
/// assert_eq!(stonegame::impartial::octal::QUOTIENT_UNIT_STEPS, 6);
/// ```
pub const QUOTIENT_UNIT_STEPS: u64 = 6;

/// The largest quotient order accepted (elements are numbered with `u32`;
/// the multiplication table alone would need 16 GiB at this order).
pub const MAX_QUOTIENT_ORDER: usize = 1 << 16;

/// How far [`MisereQuotient::certified`] computes heaps by default while
/// looking for a period.
pub const DEFAULT_QUOTIENT_HEAPS: u64 = 1024;

/// How many refinements of a candidate quotient are tried before giving up.
const MAX_REFINEMENTS: usize = 4;

/// How many times a heap's step may be redone on a finer base.
const MAX_BASE_LEVELS: usize = 4;

/// The most states an option closure (the finer base of a heap that splits
/// classes) may have: its table has the square of this many entries.
const MAX_CLOSURE_STATES: usize = 1 << 13;

/// A closure state: an element, a set of elements (bits), whether the sum is non-empty.
type ClosureState = (u32, Vec<u64>, bool);

/// The states a closure reached, the transition of each by each generator
/// (row-major), and each state's breadth-first parent and generator.
struct Closure {
    states: Vec<ClosureState>,
    transitions: Vec<usize>,
    parent: Vec<(usize, usize)>,
}

/// A quotient's table, P-portion and closure generators `(Φ(h), T(h))` whose
/// verification passed: a later check of the same table and P-portion whose
/// generators are among these reaches no state that was not checked then.
struct PassedClosure {
    mul: Vec<u32>,
    p_portion: Vec<bool>,
    generators: ahash::AHashSet<(u32, Vec<u64>)>,
}

/// What a closure's refusals are called, and its cap on states.
struct ClosureLimits {
    memory: &'static str,
    states: &'static str,
    max_states: usize,
    work: &'static str,
}

/// The weight of a heap of `h ≥ 1` tokens; a sum weighs the total of its
/// heaps. Every move lowers the weight of a sum: taking `k ≥ 1` tokens lowers
/// `2·tokens` by `2k` and adds at most one heap, and a move that takes nothing
/// (first code digit 4, as in `4.7`) must split a heap in two. Fewest-*token*
/// representatives would not do there: such a split keeps every token, so an
/// option could weigh as much as its position.
fn heap_weight(h: u64) -> u64 {
    2 * h - 1
}

/// Units a refinement round of a candidate of `size` elements costs, with
/// `letters` products in each element's signature and an `order`-square
/// product table: a product and a signature slot each, and eight times that
/// once the table outgrows the cache, where each product is a miss. Charged
/// a unit a product, 0.64 (orders up to 7,782, a 240 MB table) ran 4.1 to
/// 7.0 s under a cap of 3·10^8 units and then stopped at the order limit,
/// not the cap: 14 to 23 ns a unit or more.
fn refinement_units(size: usize, letters: usize, order: usize) -> u64 {
    let per_element = (letters as u64 + 1) * 2;
    let miss = if order > CACHED_ORDER { 8 } else { 1 };
    (size as u64).saturating_mul(per_element * miss)
}

/// The largest order whose product table (`order²` entries of 4 bytes, 4 MiB)
/// stays in a cache.
const CACHED_ORDER: usize = 1024;

/// Heaps between two verifications of the optimistic construction.
const CHECKPOINT: u64 = 16;

/// The same for a growth that keeps its last verified quotient
/// ([`QuotientGrowth`]).
const PARTIAL_CHECKPOINT: u64 = 4;

/// Period of the heap map: `Φ(h + period) = Φ(h)` for every `h ≥ preperiod`.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
/// let q = MisereQuotient::certified(&TakeAndBreak::kayles(), Default::default())?;
/// assert_eq!(q.period().unwrap().period, 12);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QuotientPeriod {
    /// `n0`: the first heap of the periodic part.
    pub preperiod: u64,
    /// `p`.
    pub period: u64,
}

/// The misère quotient of a take-and-break game restricted to heaps up to a
/// bound (or, once certified periodic, to all heaps): its elements `0..order`
/// (0 is the identity, the class of the empty sum), multiplication table,
/// P-portion and heap map. Every quotient is verified before it is returned
/// (see the [module docs](crate::impartial::octal)).
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
/// use stonegame::Outcome;
///
/// let kayles = MisereQuotient::certified(&TakeAndBreak::kayles(), Default::default())?;
/// assert_eq!(kayles.order(), 40);
/// // Misère Kayles: a single pin loses for the player to move, two rows of 30 win.
/// assert_eq!(kayles.outcome(&[1])?, Outcome::Second);
/// let heaps = [1_000_000_000_000, 30, 30];
/// let best = kayles.winning_move(&heaps)?.unwrap();
/// assert_eq!(kayles.outcome(&best.apply(&heaps)?)?, Outcome::Second);
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct MisereQuotient {
    game: TakeAndBreak,
    order: usize,
    /// `mul[a * order + b]`.
    mul: Vec<u32>,
    p_portion: Vec<bool>,
    /// `Φ(h)` for `h` in `0..=bound`.
    heap_element: Vec<u32>,
    period: Option<QuotientPeriod>,
}

/// The monoid being built: a quotient with, for each class, its least-weight
/// representative and the classes of that representative's options.
struct Builder {
    order: usize,
    mul: Vec<u32>,
    p_portion: Vec<bool>,
    rep_weight: Vec<u64>,
    rep_options: Vec<Vec<u32>>,
    heap_element: Vec<u32>,
    /// Distinct classes of heaps (they generate the monoid).
    generators: Vec<u32>,
    work: u64,
    max_work: u64,
    budget: Budget,
    what: String,
    /// Shared with the snapshots, which go on with the same count.
    watch: Rc<Watch>,
}

/// Whether `units` of the construction's work pass the cap `max_work`,
/// which is in steps ([`QUOTIENT_UNIT_STEPS`] a unit).
fn past_cap(units: u64, max_work: u64) -> bool {
    units.saturating_mul(QUOTIENT_UNIT_STEPS) > max_work
}

/// Adds `units` to `work` and refuses once it passes `max_work` (the
/// construction and the candidate search count their work the same way),
/// or once `watch`'s control is cancelled.
fn charge_work(work: &mut u64, max_work: u64, units: u64, what: &str, watch: &Watch) -> Result<()> {
    *work = work.saturating_add(units);
    if past_cap(*work, max_work) {
        return Err(Error::WorkLimitExceeded {
            what: what.to_owned(),
            steps: max_work,
        });
    }
    watch
        .poll(work.saturating_mul(QUOTIENT_UNIT_STEPS))
        .map_err(|error| match error {
            Error::Cancelled { steps, .. } => Error::Cancelled {
                what: what.to_owned(),
                steps,
            },
            other => other,
        })
}

impl Builder {
    fn new(game: &TakeAndBreak, budget: Budget) -> Self {
        Self {
            order: 1,
            mul: vec![0],
            p_portion: vec![false],
            rep_weight: vec![0],
            rep_options: vec![Vec::new()],
            heap_element: vec![0],
            generators: Vec::new(),
            work: 0,
            max_work: budget.work_or(DEFAULT_QUOTIENT_WORK),
            budget,
            what: format!("misère quotient of {game}"),
            watch: Rc::new(budget.watch("misère quotient", None)),
        }
    }

    fn charge(&mut self, steps: u64) -> Result<()> {
        charge_work(
            &mut self.work,
            self.max_work,
            steps,
            &self.what,
            &self.watch,
        )
    }

    /// The classes of the options of heap `h` (all heaps below `h` are known).
    fn heap_options(&mut self, game: &TakeAndBreak, h: u64) -> Result<Vec<u32>> {
        let mut seen = vec![false; self.order];
        let mut steps = 0u64;
        let elements = &self.heap_element;
        let (order, mul) = (self.order, &self.mul);
        game.for_each_move_class(h, |class| match class {
            MoveClass::TakeAll => seen[0] = true,
            MoveClass::LeaveOne(left) => seen[elements[left as usize] as usize] = true,
            MoveClass::Split { total, .. } => {
                for a in 1..=class.largest_smaller_part() {
                    let x = elements[a as usize] as usize;
                    let y = elements[(total - a) as usize] as usize;
                    seen[mul[x * order + y] as usize] = true;
                }
                steps += total;
            }
        });
        self.charge(steps + 1)?;
        Ok((0..self.order as u32)
            .filter(|&x| seen[x as usize])
            .collect())
    }

    /// Adds heap `h` (whose options are `options`, classes of the current monoid).
    fn add_heap(&mut self, h: u64, options: &[u32]) -> Result<()> {
        if options.is_empty() {
            // No move: the heap is the empty sum.
            self.heap_element.push(0);
            return Ok(());
        }
        let m = self.order;
        let mut by_size: Vec<u32> = (0..m as u32).collect();
        by_size.sort_by_key(|&x| self.rep_weight[x as usize]);
        // columns[k][x]: is x·h^k a P-position?
        let mut columns: Vec<Vec<bool>> = vec![self.p_portion.clone()];
        loop {
            let k = columns.len();
            if k > 64 {
                return Err(self.inconsistent("powers of a heap do not become periodic"));
            }
            let previous = &columns[k - 1];
            let mut column = vec![false; m];
            let mut steps = 0u64;
            for &x in &by_size {
                let x = x as usize;
                let via_heap = options
                    .iter()
                    .all(|&o| !previous[self.mul[x * m + o as usize] as usize]);
                let mut via_rest = true;
                for &y in &self.rep_options[x] {
                    if self.rep_weight[y as usize] >= self.rep_weight[x] {
                        return Err(self.inconsistent("a representative is not the smallest"));
                    }
                    via_rest &= !column[y as usize];
                }
                steps += (options.len() + self.rep_options[x].len()) as u64;
                column[x] = via_heap && via_rest;
            }
            self.charge(steps)?;
            columns.push(column);
            if k >= 2 && columns[k] == columns[k - 2] {
                break;
            }
        }
        // Exponents 0..k_max, with h^k_max = h^(k_max - 2).
        let k_max = columns.len() - 1;
        let exp_add = |j: usize, i: usize| {
            let s = j + i;
            if s < k_max {
                s
            } else {
                k_max - 2 + (s - (k_max - 2)) % 2
            }
        };
        let size = m * k_max;
        // The current table stays alive, and its copy below, until the new
        // table replaces it: both count against the budget with the new one.
        let live_tables = 2 * (m as u128).pow(2);
        self.budget
            .check_elements::<u32>(size as u128 * 8 + live_tables, "misère quotient candidate")?;
        let old_mul = self.mul.clone();
        let old_weight = self.rep_weight.clone();
        let candidate_mul = |a: usize, b: usize| {
            let (x, j) = (a % m, a / m);
            let (y, i) = (b % m, b / m);
            exp_add(j, i) * m + old_mul[x * m + y] as usize
        };
        let mut letters: Vec<usize> = self.generators.iter().map(|&g| g as usize).collect();
        letters.push(m); // h itself: (identity, 1)
        // Partition refinement from the P/N partition.
        let mut block: Vec<u32> = (0..size)
            .map(|c| u32::from(columns[c / m][c % m]))
            .collect();
        let mut blocks = 2usize;
        loop {
            // Each round is paid for before it runs (so are the tables
            // below): a round or a table of a product monoid that has grown
            // large would otherwise overrun the cap many times over.
            self.charge(refinement_units(size, letters.len(), m))?;
            // The signatures of a round, counted high (a key's heap block
            // and its bucket in a table that may have doubled).
            self.budget.check_bytes(
                size as u128 * (4 * (letters.len() as u128 + 1) + 96),
                "misère quotient candidate (signatures of a refinement round)",
            )?;
            let mut ids: AHashMap<Vec<u32>, u32> = AHashMap::default();
            let mut next = Vec::with_capacity(size);
            // One buffer for every signature: only a new block's is kept.
            let mut signature = Vec::with_capacity(letters.len() + 1);
            for c in 0..size {
                signature.clear();
                signature.push(block[c]);
                for &g in &letters {
                    signature.push(block[candidate_mul(c, g)]);
                }
                let id = match ids.get(signature.as_slice()) {
                    Some(&id) => id,
                    None => {
                        let fresh = ids.len() as u32;
                        ids.insert(signature.clone(), fresh);
                        fresh
                    }
                };
                next.push(id);
            }
            let count = ids.len();
            block = next;
            if count == blocks {
                break;
            }
            blocks = count;
        }
        if blocks > MAX_QUOTIENT_ORDER {
            return Err(Error::SizeLimitExceeded {
                what: "order of a misère quotient",
                value: blocks as u128,
                limit: MAX_QUOTIENT_ORDER as u128,
            });
        }
        self.budget.check_elements::<u32>(
            (blocks as u128).pow(2) + live_tables,
            "misère quotient table",
        )?;
        self.charge((blocks * blocks) as u64)?;
        // The representative of each block: its member of least weight.
        let tokens = |c: usize| old_weight[c % m] + (c / m) as u64 * heap_weight(h);
        let mut member = vec![usize::MAX; blocks];
        for (c, &b) in block.iter().enumerate() {
            let b = b as usize;
            if member[b] == usize::MAX || tokens(c) < tokens(member[b]) {
                member[b] = c;
            }
        }
        let mut mul = filled_vec(blocks * blocks, 0u32, "misère quotient table", self.budget)?;
        for a in 0..blocks {
            for b in 0..blocks {
                mul[a * blocks + b] = block[candidate_mul(member[a], member[b])];
            }
        }
        let p_portion = member.iter().map(|&c| columns[c / m][c % m]).collect();
        let rep_weight = member.iter().map(|&c| tokens(c)).collect();
        let rep_options = member
            .iter()
            .map(|&c| {
                let (x, j) = (c % m, c / m);
                let mut list: Vec<u32> = self.rep_options[x]
                    .iter()
                    .map(|&y| block[j * m + y as usize])
                    .collect();
                if j >= 1 {
                    list.extend(
                        options
                            .iter()
                            .map(|&o| block[(j - 1) * m + self.mul[x * m + o as usize] as usize]),
                    );
                }
                list.sort_unstable();
                list.dedup();
                list
            })
            .collect();
        for e in &mut self.heap_element {
            *e = block[*e as usize];
        }
        self.heap_element.push(block[m]);
        let mut generators: Vec<u32> = self.heap_element.clone();
        generators.sort_unstable();
        generators.dedup();
        generators.retain(|&g| g != block[0]);
        debug_assert_eq!(block[0], 0, "the identity keeps number 0");
        self.generators = generators;
        self.order = blocks;
        self.mul = mul;
        self.p_portion = p_portion;
        self.rep_weight = rep_weight;
        self.rep_options = rep_options;
        Ok(())
    }

    /// The exact quotient of the heaps so far (verified, refined if needed),
    /// with least-weight representatives recomputed (Dijkstra over the heaps).
    fn candidate(self, game: &TakeAndBreak) -> MisereQuotient {
        MisereQuotient {
            game: game.clone(),
            order: self.order,
            mul: self.mul,
            p_portion: self.p_portion,
            heap_element: self.heap_element,
            period: None,
        }
    }

    /// A builder on an exact (or finer than exact) quotient, with
    /// least-weight representatives computed by Dijkstra over the heaps.
    fn from_quotient(
        q: MisereQuotient,
        mut work: u64,
        max_work: u64,
        budget: Budget,
        what: String,
    ) -> Result<Self> {
        let m = q.order;
        // The smallest heap of each class, with its option classes.
        let mut heap_of_class: Vec<Option<u64>> = vec![None; m];
        for (h, &e) in q.heap_element.iter().enumerate() {
            if e != 0 && heap_of_class[e as usize].is_none() {
                heap_of_class[e as usize] = Some(h as u64);
            }
        }
        let heaps: Vec<(u32, u64, Vec<u32>)> = heap_of_class
            .iter()
            .enumerate()
            .filter_map(|(e, h)| h.map(|h| (e as u32, h)))
            .map(|(e, h)| {
                let options = q.heap_option_elements(h, &mut work);
                let list = (0..m as u32).filter(|&o| options[o as usize]).collect();
                (e, h, list)
            })
            .collect();
        let mut rep_weight = vec![u64::MAX; m];
        let mut rep_options: Vec<Vec<u32>> = vec![Vec::new(); m];
        rep_weight[0] = 0;
        let mut queue = std::collections::BinaryHeap::new();
        queue.push(std::cmp::Reverse((0u64, 0u32)));
        while let Some(std::cmp::Reverse((tokens, x))) = queue.pop() {
            if tokens > rep_weight[x as usize] {
                continue;
            }
            for (g, h, options) in &heaps {
                let y = q.product(x, *g) as usize;
                let t = tokens + heap_weight(*h);
                if t < rep_weight[y] {
                    rep_weight[y] = t;
                    let mut list: Vec<u32> = rep_options[x as usize]
                        .iter()
                        .map(|&o| q.product(o, *g))
                        .chain(options.iter().map(|&o| q.product(o, x)))
                        .collect();
                    list.sort_unstable();
                    list.dedup();
                    rep_options[y] = list;
                    queue.push(std::cmp::Reverse((t, y as u32)));
                }
            }
            work += heaps.len() as u64;
        }
        let mut generators: Vec<u32> = q.heap_element.clone();
        generators.sort_unstable();
        generators.dedup();
        generators.retain(|&g| g != 0);
        let mut builder = Self {
            order: m,
            mul: q.mul,
            p_portion: q.p_portion,
            rep_weight,
            rep_options,
            heap_element: q.heap_element,
            generators,
            work: 0,
            max_work,
            budget,
            what,
            watch: Rc::new(budget.watch("misère quotient", None)),
        };
        builder.charge(work)?;
        Ok(builder)
    }

    /// Adds heap `h` and makes sure the result is exact: when the candidate
    /// fails its verification (classes of smaller heaps split once `h` is
    /// there), the step is redone on the unreduced closure of the smaller
    /// heaps' quotient, whose elements also record their options' outcomes.
    fn add_exact_heap(self, game: &TakeAndBreak, h: u64) -> Result<Self> {
        let mut base = self;
        for level in 0..=MAX_BASE_LEVELS {
            let mut saved = base.snapshot();
            let options = base.heap_options(game, h)?;
            let attempt = base.add_heap(h, &options);
            if let Err(e) = attempt {
                if !matches!(e, Error::InvalidParameter { .. }) {
                    return Err(e);
                }
            } else {
                let mut work = base.work;
                let (max_work, budget, what) = (base.max_work, base.budget, base.what.clone());
                let candidate = base.candidate(game);
                if candidate.passes_verification(&mut work, budget)? {
                    return Self::from_quotient(candidate, work, max_work, budget, what);
                }
            }
            if level == MAX_BASE_LEVELS {
                break;
            }
            if level == 0 {
                // Classes of smaller heaps split: first the candidate search,
                // which finds the splits from the sums its candidates get wrong.
                let mut work = saved.work;
                let (max_work, budget, what) = (saved.max_work, saved.budget, saved.what.clone());
                match candidate::extend_one(&saved.snapshot().candidate(game), h, budget, &mut work)
                {
                    Ok(extended) => {
                        return Self::from_quotient(extended, work, max_work, budget, what);
                    }
                    // Then the finer base below, its work counted.
                    Err(Error::InvalidParameter { .. } | Error::SizeLimitExceeded { .. }) => {
                        saved.work = work;
                    }
                    Err(e) => return Err(e),
                }
            }
            // Redo the step on a finer base.
            let (work, max_work, budget, what) =
                (saved.work, saved.max_work, saved.budget, saved.what.clone());
            let mut work = work;
            let finer = match saved.candidate(game).option_closure(&mut work, budget) {
                Ok(finer) => finer,
                // The state cap is part of the construction, not of the
                // budget: name the heap, and that no setting raises it.
                Err(Error::SizeLimitExceeded { value, limit, .. }) => {
                    return Err(Error::InvalidParameter {
                        name: "game",
                        reason: format!(
                            "the misère quotient of {game} could not be extended to heap {h}: \
                             classes of smaller heaps split, and the finer base that separates \
                             them (the option closure) reached {value} states, the construction's \
                             fixed limit of {limit}; no budget raises it, use the exact search \
                             or a bound below {h}"
                        ),
                    });
                }
                Err(e) => return Err(e),
            };
            base = Self::from_quotient(finer, work, max_work, budget, what)?;
        }
        Err(Error::InvalidParameter {
            name: "game",
            reason: format!(
                "the misère quotient of {game} could not be extended to heap {h} \
                 (classes of smaller heaps split beyond what the construction handles); \
                 use the exact search"
            ),
        })
    }

    /// Whether the current monoid passes the closure verification (a check
    /// that only repeats the last one that passed is answered from `passed`).
    fn is_exact(
        &mut self,
        game: &TakeAndBreak,
        passed: &mut Option<PassedClosure>,
    ) -> Result<bool> {
        let mut work = self.work;
        let candidate = self.snapshot().candidate(game);
        let exact = candidate.passes_verification_after(&mut work, self.budget, passed)?;
        self.work = work;
        Ok(exact)
    }

    fn snapshot(&self) -> Self {
        Self {
            order: self.order,
            mul: self.mul.clone(),
            p_portion: self.p_portion.clone(),
            rep_weight: self.rep_weight.clone(),
            rep_options: self.rep_options.clone(),
            heap_element: self.heap_element.clone(),
            generators: self.generators.clone(),
            work: self.work,
            max_work: self.max_work,
            budget: self.budget,
            what: self.what.clone(),
            watch: Rc::clone(&self.watch),
        }
    }

    fn inconsistent(&self, why: &str) -> Error {
        Error::InvalidParameter {
            name: "game",
            reason: format!(
                "the {} could not be built by the incremental construction ({why})",
                self.what
            ),
        }
    }
}

impl MisereQuotient {
    /// The quotient of `game` restricted to heaps of at most `bound` tokens.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for Grundy's game (not an octal code) or
    /// when the construction cannot be verified; [`Error::WorkLimitExceeded`]
    /// beyond the work cap (`budget.work_or(DEFAULT_QUOTIENT_WORK)`);
    /// [`Error::MemoryBudgetExceeded`] when a table would not fit;
    /// [`Error::SizeLimitExceeded`] for a bound above `u32::MAX` or a quotient
    /// above [`MAX_QUOTIENT_ORDER`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// // Misère Nim on heaps of at most 2 tokens: the quotient of order 6.
    /// let nim = MisereQuotient::up_to(&TakeAndBreak::nim(), 2, Default::default())?;
    /// assert_eq!(nim.order(), 6);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn up_to(game: &TakeAndBreak, bound: u64, budget: Budget) -> Result<Self> {
        Self::build(game, bound, budget, false)
    }

    /// The quotient of `game` for all heaps, proven by a period of the heap
    /// map found within [`DEFAULT_QUOTIENT_HEAPS`] heaps; without one, the
    /// quotient up to that bound (see [`MisereQuotient::period`]).
    ///
    /// # Errors
    /// As [`MisereQuotient::up_to`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::certified(&TakeAndBreak::kayles(), Default::default())?;
    /// assert!(q.period().is_some());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn certified(game: &TakeAndBreak, budget: Budget) -> Result<Self> {
        Self::certified_within(game, DEFAULT_QUOTIENT_HEAPS, budget)
    }

    /// As [`MisereQuotient::certified`], computing at most `max_bound` heaps.
    ///
    /// # Errors
    /// As [`MisereQuotient::up_to`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::certified_within(&TakeAndBreak::kayles(), 50, Default::default())?;
    /// assert!(q.period().is_none());
    /// assert_eq!(q.bound(), 50);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn certified_within(game: &TakeAndBreak, max_bound: u64, budget: Budget) -> Result<Self> {
        Self::build(game, max_bound, budget, true)
    }

    /// The quotient of heaps up to 0: the identity alone.
    pub(super) fn empty(game: &TakeAndBreak) -> Self {
        Self {
            game: game.clone(),
            order: 1,
            mul: vec![0],
            p_portion: vec![false],
            heap_element: vec![0],
            period: None,
        }
    }

    fn build(game: &TakeAndBreak, bound: u64, budget: Budget, seek_period: bool) -> Result<Self> {
        let (quotient, stop) = Self::grow(game, bound, budget, seek_period, false)?;
        debug_assert!(stop.is_none(), "a strict build returns every refusal");
        Ok(quotient)
    }

    /// Grows the quotient heap by heap up to `bound`. With `keep_partial`, a
    /// refusal while adding a heap ends the growth with the last verified
    /// quotient and the refusal; without it, the refusal is returned.
    pub(super) fn grow(
        game: &TakeAndBreak,
        bound: u64,
        budget: Budget,
        seek_period: bool,
        keep_partial: bool,
    ) -> Result<(Self, Option<GrowthStop>)> {
        if game.code().is_none() {
            return Err(Error::InvalidParameter {
                name: "game",
                reason: format!("misère quotients are computed for octal codes, not {game}"),
            });
        }
        if bound > u64::from(u32::MAX) {
            return Err(Error::SizeLimitExceeded {
                what: "heap bound of a misère quotient",
                value: bound.into(),
                limit: u32::MAX.into(),
            });
        }
        budget.check_elements::<u32>(u128::from(bound) + 1, "misère quotient heap map")?;
        // Optimistic steps, verified every CHECKPOINT heaps; a failed check
        // rolls back to the last verified heap and redoes the steps exactly
        // (each one verified, on a finer base when classes split).
        let mut builder = Builder::new(game, budget);
        // A growth that keeps what it verified checks more often while the
        // quotient grows: a failed check of many optimistic heaps can cost
        // more than the work cap. Once its order holds still (a period on
        // its way, as for Kayles), checks pass and cost as much as a check
        // of the whole closure: then every CHECKPOINT heaps is enough.
        let due = |h: u64, order: usize, good: &(Builder, u64)| {
            h % CHECKPOINT == 0
                || h == bound
                || (keep_partial && h % PARTIAL_CHECKPOINT == 0 && order != good.0.order)
        };
        let mut good = (builder.snapshot(), 0u64);
        // The last closure that passed: once the monoid stops changing (a
        // period on its way), each check would walk the same closure again.
        let mut passed = None;
        let mut exact_until = 0u64;
        let mut period = None;
        let mut stop = None;
        let mut h = 1u64;
        // Whether the current state was proven by the closure verification
        // when it was reached (then it is not verified a second time).
        let mut proven = true;
        while h <= bound {
            // Whether heap h was added (an optimistic step can be refused as
            // inconsistent: then it is redone exactly) and, at a checkpoint,
            // verified; an error is a refusal (work cap, memory, order limit).
            let verified = if h <= exact_until {
                // Every exact step is verified: `good` holds the state before it.
                let base = std::mem::replace(&mut builder, Builder::new(game, budget));
                base.add_exact_heap(game, h).map(|next| {
                    builder = next;
                    proven = true;
                    true
                })
            } else {
                proven = false;
                let attempt = builder
                    .heap_options(game, h)
                    .and_then(|options| builder.add_heap(h, &options));
                match attempt {
                    Ok(()) if due(h, builder.order, &good) => {
                        let exact = builder.is_exact(game, &mut passed);
                        proven = matches!(exact, Ok(true));
                        exact
                    }
                    Ok(()) => Ok(true),
                    Err(Error::InvalidParameter { .. }) => Ok(false),
                    Err(reason) => Err(reason),
                }
            };
            let verified = match verified {
                Ok(verified) => verified,
                // A cancel is no limit of the game: nothing is kept as grown.
                Err(reason) if keep_partial && !matches!(reason, Error::Cancelled { .. }) => {
                    // Optimistic steps since the last check are not verified
                    // (and an exact step was refused): fall back to the last
                    // verified heap.
                    builder = good.0.snapshot();
                    stop = Some(GrowthStop {
                        heap: good.1 + 1,
                        reason,
                    });
                    break;
                }
                Err(reason) => return Err(reason),
            };
            if !verified {
                let work = builder.work;
                builder = good.0.snapshot();
                builder.work = work;
                exact_until = h;
                h = good.1 + 1;
                continue;
            }
            let checked = due(h, builder.order, &good);
            if checked || h <= exact_until {
                good = (builder.snapshot(), h);
                if seek_period && checked {
                    period = find_period(&builder.heap_element, game);
                    if period.is_some() {
                        break;
                    }
                }
            }
            h += 1;
        }
        let mut work = builder.work;
        let quotient = Self {
            game: game.clone(),
            order: builder.order,
            mul: builder.mul,
            p_portion: builder.p_portion,
            heap_element: builder.heap_element,
            period,
        };
        if stop.is_some() {
            // The state kept was verified when it was reached (and its work
            // counted then): a second verification could only hit the cap.
            return Ok((quotient, stop));
        }
        let quotient = if proven {
            quotient
        } else {
            quotient.verified(&mut work, budget)?
        };
        if let Some(p) = quotient.period {
            // Refinement may have changed the heap map: the period must still hold.
            if find_period(&quotient.heap_element, game) != Some(p) {
                return Err(Error::InvalidParameter {
                    name: "game",
                    reason: format!(
                        "the period of the misère quotient of {game} did not survive verification"
                    ),
                });
            }
        }
        Ok((quotient, None))
    }

    /// The classes of the options of heap `h` under this quotient's heap map.
    fn heap_option_elements(&self, h: u64, work: &mut u64) -> Vec<bool> {
        let mut option_elements = vec![false; self.order];
        let mut classes = Vec::new();
        self.game
            .for_each_move_class(h, |class| classes.push(class));
        for class in classes {
            match class {
                MoveClass::TakeAll => option_elements[0] = true,
                MoveClass::LeaveOne(l) => {
                    option_elements[self.heap_element[l as usize] as usize] = true;
                }
                MoveClass::Split { total, .. } => {
                    for a in 1..=class.largest_smaller_part() {
                        let x = self.heap_element[a as usize];
                        let y = self.heap_element[(total - a) as usize];
                        option_elements[self.product(x, y) as usize] = true;
                    }
                    *work += total;
                }
            }
        }
        option_elements
    }

    /// The closure of the module docs: proves the quotient correct for every
    /// sum of the heaps it covers (`Ok(None)`), or returns the reduced closure,
    /// a finer candidate that predicts every sum one move deeper correctly.
    fn verify_or_refine(
        &self,
        work: &mut u64,
        budget: Budget,
        unreduced: bool,
    ) -> Result<Option<Self>> {
        self.verify_or_refine_with(work, budget, unreduced, None)
    }

    /// Whether the closure verification passes, stopping at the first failing state.
    fn passes_verification(&self, work: &mut u64, budget: Budget) -> Result<bool> {
        self.passes_verification_after(work, budget, &mut None)
    }

    /// [`MisereQuotient::passes_verification`], skipping the closure when
    /// `passed` (the last closure that passed) covers it, and recording the
    /// closure in `passed` when it passes.
    fn passes_verification_after(
        &self,
        work: &mut u64,
        budget: Budget,
        passed: &mut Option<PassedClosure>,
    ) -> Result<bool> {
        Ok(self
            .verify_or_refine_with(work, budget, false, Some(passed))?
            .is_none())
    }

    /// [`MisereQuotient::verify_or_refine`]; with `check_only` (the last
    /// closure that passed), a failing candidate is returned unrefined as soon
    /// as its first failing state is met, and a candidate whose closure lies
    /// within the last one that passed passes without walking it.
    fn verify_or_refine_with(
        &self,
        work: &mut u64,
        budget: Budget,
        unreduced: bool,
        check_only: Option<&mut Option<PassedClosure>>,
    ) -> Result<Option<Self>> {
        let order = self.order;
        let words = order.div_ceil(64);
        // Distinct (Φ(h), T(h)) over the heaps, and each heap's generator.
        let mut generator_of: AHashMap<(u32, Vec<u64>), usize> = AHashMap::default();
        let mut generators: Vec<(u32, Vec<u64>)> = Vec::new();
        let mut heap_generator: Vec<Option<usize>> = vec![None; self.heap_element.len()];
        let mut option_sets: AHashMap<Vec<bool>, Vec<u64>> = AHashMap::default();
        for h in 1..self.heap_element.len() as u64 {
            let option_elements = self.heap_option_elements(h, work);
            if !option_elements.contains(&true) {
                continue;
            }
            let set = match option_sets.get(&option_elements) {
                Some(set) => set.clone(),
                None => {
                    self.spend(work, budget, (order * order) as u64, "verification")?;
                    let mut set = vec![0u64; words];
                    for z in 0..order {
                        if (0..order).any(|o| {
                            option_elements[o]
                                && self.p_portion[self.product(z as u32, o as u32) as usize]
                        }) {
                            set[z / 64] |= 1 << (z % 64);
                        }
                    }
                    option_sets.insert(option_elements, set.clone());
                    set
                }
            };
            let key = (self.heap_element[h as usize], set);
            let next = generators.len();
            let index = *generator_of.entry(key.clone()).or_insert(next);
            if index == next {
                generators.push(key);
            }
            heap_generator[h as usize] = Some(index);
        }
        // The same table and P-portion with generators that passed before:
        // every state reachable now was reached, and found consistent, then.
        let repeats = |last: &PassedClosure| {
            last.p_portion == self.p_portion
                && last.mul == self.mul
                && generators.iter().all(|g| last.generators.contains(g))
        };
        if let Some(Some(last)) = check_only.as_deref() {
            *work += (order * order) as u64;
            if repeats(last) {
                return Ok(None);
            }
        }
        let member = |set: &[u64], z: usize| set[z / 64] >> (z % 64) & 1 == 1;
        // States (Φ(X), T(X), X ≠ 0) reachable from the empty sum, with the
        // generator transitions and a BFS parent for each.
        let mut consistent = true;
        let Closure {
            states,
            transitions,
            parent,
        } = self.closure_states(
            &generators,
            ClosureLimits {
                memory: "misère quotient verification",
                states: "states of the misère quotient verification",
                max_states: 1 << 26,
                work: "verification",
            },
            work,
            budget,
            |(x, set, nonempty)| {
                // P exactly when X ≠ 0 and no option lands in P (1 ∉ T(X)).
                if self.p_portion[*x as usize] != (*nonempty && !member(set, 0)) {
                    consistent = false;
                }
                // A check stops at the first failure; a refinement needs every state.
                consistent || check_only.is_none()
            },
            |x, set, gx, gset, next| {
                for z in 0..order {
                    if member(set, self.product(z as u32, gx) as usize)
                        || member(gset, self.product(z as u32, x) as usize)
                    {
                        next[z / 64] |= 1 << (z % 64);
                    }
                }
            },
        )?;
        if consistent && !unreduced {
            if let Some(passed) = check_only {
                *passed = Some(PassedClosure {
                    mul: self.mul.clone(),
                    p_portion: self.p_portion.clone(),
                    generators: generators.into_iter().collect(),
                });
            }
            return Ok(None);
        }
        if check_only.is_some() {
            // The candidate failed: it is returned as its own (unrefined) witness.
            return Ok(Some(self.clone()));
        }
        // Reduce the closure by indistinguishability under its own outcomes.
        let r = generators.len();
        let count = states.len();
        let mut block: Vec<u32> = states
            .iter()
            .map(|(x, set, nonempty)| {
                let _ = x;
                u32::from(*nonempty && !member(set, 0))
            })
            .collect();
        let mut blocks = 0usize;
        loop {
            self.spend(work, budget, (count * r) as u64, "verification")?;
            let mut ids: AHashMap<Vec<u32>, u32> = AHashMap::default();
            let mut next = Vec::with_capacity(count);
            for s in 0..count {
                let mut signature = Vec::with_capacity(r + 1);
                signature.push(block[s]);
                signature.extend(transitions[s * r..(s + 1) * r].iter().map(|&t| block[t]));
                let fresh = ids.len() as u32;
                next.push(*ids.entry(signature).or_insert(fresh));
            }
            block = next;
            if ids.len() == blocks {
                break;
            }
            blocks = ids.len();
        }
        if unreduced {
            // Every state its own element (the finer base of a heap whose
            // addition splits classes of smaller heaps).
            block = (0..count as u32).collect();
            blocks = count;
        }
        if blocks > MAX_QUOTIENT_ORDER {
            return Err(Error::SizeLimitExceeded {
                what: "order of a misère quotient",
                value: blocks as u128,
                limit: MAX_QUOTIENT_ORDER as u128,
            });
        }
        budget.check_elements::<u32>((blocks as u128).pow(2), "misère quotient table")?;
        // The first (shortest) state of each block and its generator path.
        let mut first = vec![usize::MAX; blocks];
        for s in 0..count {
            if first[block[s] as usize] == usize::MAX {
                first[block[s] as usize] = s;
            }
        }
        let closure = Closure {
            states,
            transitions,
            parent,
        };
        let mul = self.closure_table(&closure, &first, |s| block[s], work, budget, "refinement")?;
        let Closure {
            states,
            transitions,
            ..
        } = closure;
        let p_portion = first
            .iter()
            .map(|&s| states[s].2 && !member(&states[s].1, 0))
            .collect();
        let heap_element = heap_generator
            .iter()
            .map(|g| g.map_or(block[0], |g| block[transitions[g]]))
            .collect();
        debug_assert_eq!(block[0], 0);
        Ok(Some(Self {
            game: self.game.clone(),
            order: blocks,
            mul,
            p_portion,
            heap_element,
            period: self.period,
        }))
    }

    /// Adds `units` to `work` before they are taken, and refuses once the
    /// total passes the budget's work cap (`what` names the stage).
    fn spend(&self, work: &mut u64, budget: Budget, units: u64, what: &str) -> Result<()> {
        let max_work = budget.work_or(DEFAULT_QUOTIENT_WORK);
        *work = work.saturating_add(units);
        if past_cap(*work, max_work) {
            return Err(Error::WorkLimitExceeded {
                what: format!("{what} of the misère quotient of {}", self.game),
                steps: max_work,
            });
        }
        Ok(())
    }

    /// The multiplication table of the elements `0..first.len()` of a
    /// closure, element `i` standing for the state `first[i]` and `class`
    /// giving the element of any state: `a·b` is `a`'s state moved along the
    /// generators that reach `b`'s state from the empty sum. Paid for before
    /// it is built.
    fn closure_table(
        &self,
        closure: &Closure,
        first: &[usize],
        class: impl Fn(usize) -> u32,
        work: &mut u64,
        budget: Budget,
        what: &str,
    ) -> Result<Vec<u32>> {
        let r = closure.transitions.len() / closure.states.len();
        let path_of = |mut s: usize| {
            let mut path = Vec::new();
            while s != 0 {
                let (p, g) = closure.parent[s];
                path.push(g);
                s = p;
            }
            path
        };
        let paths: Vec<Vec<usize>> = first.iter().map(|&s| path_of(s)).collect();
        let order = first.len();
        let path_steps: usize = paths.iter().map(|path| path.len() + 1).sum();
        self.spend(work, budget, (order * path_steps) as u64, what)?;
        let mut mul = filled_vec(order * order, 0u32, "misère quotient table", budget)?;
        for (b, path) in paths.iter().enumerate() {
            for (a, &start) in first.iter().enumerate() {
                let mut s = start;
                for &g in path {
                    s = closure.transitions[s * r + g];
                }
                mul[a * order + b] = class(s);
            }
        }
        Ok(mul)
    }

    /// The states `(element, set of elements, non-empty)` reachable from the
    /// empty sum by adding generators, breadth first: each new state's set is
    /// written by `next_set(x, set, g's element, g's set, out)`; `visit` sees
    /// every state once. Memory, state count and work are checked as it grows.
    fn closure_states(
        &self,
        generators: &[(u32, Vec<u64>)],
        limits: ClosureLimits,
        work: &mut u64,
        budget: Budget,
        mut visit: impl FnMut(&ClosureState) -> bool,
        next_set: impl Fn(u32, &[u64], u32, &[u64], &mut [u64]),
    ) -> Result<Closure> {
        let words = self.order.div_ceil(64);
        let start: ClosureState = (0, vec![0u64; words], false);
        let mut index: AHashMap<ClosureState, usize> = AHashMap::default();
        let mut states: Vec<ClosureState> = vec![start.clone()];
        let mut parent: Vec<(usize, usize)> = vec![(0, 0)];
        index.insert(start, 0);
        let mut transitions: Vec<usize> = Vec::new();
        let bytes_per_state = 96 + 8 * words as u128 + 8 * generators.len() as u128;
        let mut next_state = 0;
        while next_state < states.len() {
            if !visit(&states[next_state]) {
                break;
            }
            let (x, set, _) = states[next_state].clone();
            for (g, (gx, gset)) in generators.iter().enumerate() {
                let mut next = vec![0u64; words];
                next_set(x, &set, *gx, gset, &mut next);
                *work += self.order as u64;
                let state: ClosureState = (self.product(x, *gx), next, true);
                let target = match index.get(&state) {
                    Some(&t) => t,
                    None => {
                        budget.check_bytes(
                            bytes_per_state * (states.len() as u128 + 1) * 2,
                            limits.memory,
                        )?;
                        if states.len() >= limits.max_states {
                            return Err(Error::SizeLimitExceeded {
                                what: limits.states,
                                value: states.len() as u128,
                                limit: limits.max_states as u128,
                            });
                        }
                        index.insert(state.clone(), states.len());
                        states.push(state);
                        parent.push((next_state, g));
                        states.len() - 1
                    }
                };
                transitions.push(target);
            }
            self.spend(work, budget, 0, limits.work)?;
            next_state += 1;
        }
        Ok(Closure {
            states,
            transitions,
            parent,
        })
    }

    /// The unreduced option closure: every sum `X` becomes the pair
    /// `(Φ(X), classes of X's options)`; `Opt(X + Y) = Φ(Y)·Opt(X) ∪ Φ(X)·Opt(Y)`,
    /// so the pairs reachable from the heaps form a finite monoid finer than
    /// this one, on which a heap that splits classes can be added again.
    fn option_closure(&self, work: &mut u64, budget: Budget) -> Result<Self> {
        let order = self.order;
        let words = order.div_ceil(64);
        let to_bits = |elements: &[bool]| {
            let mut set = vec![0u64; words];
            for (z, _) in elements.iter().enumerate().filter(|(_, b)| **b) {
                set[z / 64] |= 1 << (z % 64);
            }
            set
        };
        let member = |set: &[u64], z: usize| set[z / 64] >> (z % 64) & 1 == 1;
        let mut generator_of: AHashMap<(u32, Vec<u64>), usize> = AHashMap::default();
        let mut generators: Vec<(u32, Vec<u64>)> = Vec::new();
        let mut heap_generator: Vec<Option<usize>> = vec![None; self.heap_element.len()];
        for h in 1..self.heap_element.len() as u64 {
            let option_elements = self.heap_option_elements(h, work);
            if !option_elements.contains(&true) {
                continue;
            }
            let key = (self.heap_element[h as usize], to_bits(&option_elements));
            let next = generators.len();
            let index = *generator_of.entry(key.clone()).or_insert(next);
            if index == next {
                generators.push(key);
            }
            heap_generator[h as usize] = Some(index);
        }
        let Closure {
            states,
            transitions,
            parent,
        } = self.closure_states(
            &generators,
            ClosureLimits {
                memory: "misère quotient option closure",
                states: "states of a misère quotient's option closure",
                max_states: MAX_CLOSURE_STATES,
                work: "option closure",
            },
            work,
            budget,
            |_| true,
            |x, set, gx, gset, next| {
                for z in 0..order {
                    if member(set, z) {
                        let w = self.product(z as u32, gx) as usize;
                        next[w / 64] |= 1 << (w % 64);
                    }
                    if member(gset, z) {
                        let w = self.product(z as u32, x) as usize;
                        next[w / 64] |= 1 << (w % 64);
                    }
                }
            },
        )?;
        let count = states.len();
        budget.check_elements::<u32>((count as u128).pow(2), "misère quotient table")?;
        let states_in_order: Vec<usize> = (0..count).collect();
        let closure = Closure {
            states,
            transitions,
            parent,
        };
        let mul = self.closure_table(
            &closure,
            &states_in_order,
            |s| s as u32,
            work,
            budget,
            "option closure",
        )?;
        let Closure {
            states,
            transitions,
            ..
        } = closure;
        Ok(Self {
            game: self.game.clone(),
            order: count,
            mul,
            p_portion: states
                .iter()
                .map(|(x, _, _)| self.p_portion[*x as usize])
                .collect(),
            heap_element: heap_generator
                .iter()
                .map(|g| g.map_or(0, |g| transitions[g] as u32))
                .collect(),
            period: self.period,
        })
    }

    /// Verifies, refining until the closure is consistent (each refinement
    /// predicts every sum at least one move deeper correctly).
    fn verified(mut self, work: &mut u64, budget: Budget) -> Result<Self> {
        for _ in 0..MAX_REFINEMENTS {
            match self.verify_or_refine(work, budget, false)? {
                None => return Ok(self),
                Some(finer) => self = finer,
            }
        }
        Err(Error::InvalidParameter {
            name: "game",
            reason: format!(
                "the misère quotient of {} was not verified after {MAX_REFINEMENTS} refinements",
                self.game
            ),
        })
    }

    /// The game.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::up_to(&TakeAndBreak::kayles(), 5, Default::default())?;
    /// assert_eq!(q.game(), &TakeAndBreak::kayles());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn game(&self) -> &TakeAndBreak {
        &self.game
    }

    /// The number of elements.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// // 0.03 is tame with Grundy values 0 and 1 only: the quotient of order 2.
    /// let q = MisereQuotient::up_to(&TakeAndBreak::octal("0.03")?, 30, Default::default())?;
    /// assert_eq!(q.order(), 2);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn order(&self) -> usize {
        self.order
    }

    /// The largest heap computed (every heap is covered when [`MisereQuotient::period`] is known).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::up_to(&TakeAndBreak::kayles(), 9, Default::default())?;
    /// assert_eq!(q.bound(), 9);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn bound(&self) -> u64 {
        self.heap_element.len() as u64 - 1
    }

    /// The proven period of the heap map, if any: then every heap is answered.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::up_to(&TakeAndBreak::kayles(), 9, Default::default())?;
    /// assert!(q.period().is_none());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn period(&self) -> Option<QuotientPeriod> {
        self.period
    }

    /// The product of two elements.
    ///
    /// # Panics
    /// When an element is not below [`MisereQuotient::order`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::up_to(&TakeAndBreak::kayles(), 1, Default::default())?;
    /// let a = q.heap_element(1)?;
    /// assert_eq!(q.product(a, a), 0); // a² = 1
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn product(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.order + b as usize]
    }

    /// Whether an element lies in the P-portion (its sums are misère second-player wins).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::up_to(&TakeAndBreak::kayles(), 1, Default::default())?;
    /// assert!(!q.is_p(0));
    /// assert!(q.is_p(q.heap_element(1)?));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn is_p(&self, element: u32) -> bool {
        self.p_portion[element as usize]
    }

    /// `Φ(heap)`: the element of a heap.
    ///
    /// # Errors
    /// [`Error::SizeLimitExceeded`] for a heap above the bound when no period is proven.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::up_to(&TakeAndBreak::kayles(), 10, Default::default())?;
    /// assert_eq!(q.heap_element(0)?, 0);
    /// assert!(q.heap_element(11).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn heap_element(&self, heap: u64) -> Result<u32> {
        if let Some(&e) = self.heap_element.get(heap as usize) {
            if heap <= self.bound() {
                return Ok(e);
            }
        }
        match self.period {
            Some(QuotientPeriod { preperiod, period }) => {
                let reduced = preperiod + (heap - preperiod) % period;
                Ok(self.heap_element[reduced as usize])
            }
            None => Err(Error::SizeLimitExceeded {
                what: "heap size for the misère quotient (computed up to its bound, \
                       no period proven)",
                value: heap.into(),
                limit: self.bound().into(),
            }),
        }
    }

    /// The element of a sum of heaps.
    ///
    /// # Errors
    /// As [`MisereQuotient::heap_element`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::up_to(&TakeAndBreak::kayles(), 1, Default::default())?;
    /// assert_eq!(q.sum_element(&[1, 1])?, 0);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn sum_element(&self, heaps: &[u64]) -> Result<u32> {
        heaps
            .iter()
            .try_fold(0, |acc, &h| Ok(self.product(acc, self.heap_element(h)?)))
    }

    /// The misère outcome of a sum of heaps: one product per heap.
    ///
    /// # Errors
    /// As [`MisereQuotient::heap_element`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// use stonegame::Outcome;
    /// let q = MisereQuotient::certified(&TakeAndBreak::octal("0.75")?, Default::default())?;
    /// assert_eq!(q.outcome(&[])?, Outcome::First); // no move: the player to move has won
    /// assert_eq!(q.outcome(&[1_000_000_000])?, Outcome::First);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome> {
        Ok(if self.is_p(self.sum_element(heaps)?) {
            Outcome::Second
        } else {
            Outcome::First
        })
    }

    /// A winning move in misère play, or `None` when the player to move
    /// loses (or has no move, and so wins without one).
    ///
    /// # Errors
    /// As [`MisereQuotient::heap_element`].
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::certified(&TakeAndBreak::kayles(), Default::default())?;
    /// let heaps = [1500, 1200, 900, 7];
    /// let best = q.winning_move(&heaps)?.unwrap();
    /// assert!(q.is_p(q.sum_element(&best.apply(&heaps)?)?));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn winning_move(&self, heaps: &[u64]) -> Result<Option<HeapMove>> {
        let elements = heaps
            .iter()
            .map(|&h| self.heap_element(h))
            .collect::<Result<Vec<u32>>>()?;
        let total = elements.iter().fold(0, |acc, &e| self.product(acc, e));
        if self.is_p(total) {
            return Ok(None);
        }
        // rest[i]: the product of every heap but heap i.
        let mut suffix = vec![0u32; elements.len() + 1];
        for i in (0..elements.len()).rev() {
            suffix[i] = self.product(elements[i], suffix[i + 1]);
        }
        let mut prefix = 0u32;
        for (index, &heap) in heaps.iter().enumerate() {
            let rest = self.product(prefix, suffix[index + 1]);
            if let Some(left) = self.option_into_p(heap, rest)? {
                return HeapMove::new(index, heap, &left).map(Some);
            }
            prefix = self.product(prefix, elements[index]);
        }
        Ok(None)
    }

    /// An option of `heap` whose element times `rest` lies in the P-portion.
    fn option_into_p(&self, heap: u64, rest: u32) -> Result<Option<Vec<u64>>> {
        let mut classes = Vec::new();
        self.game
            .for_each_move_class(heap, |class| classes.push(class));
        // With a period, a split whose smaller part is at least n0 + p shifts
        // down by p without changing either element.
        let shift_bound = self.period.map_or(u64::MAX, |p| p.preperiod + p.period);
        for class in classes {
            match class {
                MoveClass::TakeAll if self.is_p(rest) => return Ok(Some(Vec::new())),
                MoveClass::LeaveOne(left)
                    if self.is_p(self.product(rest, self.heap_element(left)?)) =>
                {
                    return Ok(Some(vec![left]));
                }
                MoveClass::Split { total, .. } => {
                    for a in 1..=class.largest_smaller_part().min(shift_bound) {
                        let pair =
                            self.product(self.heap_element(a)?, self.heap_element(total - a)?);
                        if self.is_p(self.product(rest, pair)) {
                            return Ok(Some(vec![a, total - a]));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// A presentation: generators (named `a`, `b`, … after the heaps that
    /// introduce them), the complete set of relations `word = normal form`
    /// (the minimal non-normal words in degree-lexicographic order), and the
    /// P-portion in normal forms.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MisereQuotient, TakeAndBreak};
    /// let q = MisereQuotient::up_to(&TakeAndBreak::kayles(), 1, Default::default())?;
    /// let text = q.presentation().to_string();
    /// assert!(text.contains("a^2 = 1"), "{text}");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn presentation(&self) -> Presentation {
        Presentation::of(self)
    }
}

/// The smallest `(n0, p)` with `Φ(h + p) = Φ(h)` for `n0 ≤ h ≤ N − p` and
/// `N ≥ 2·n0 + 2p + t`, if any.
fn find_period(heap_element: &[u32], game: &TakeAndBreak) -> Option<QuotientPeriod> {
    let t = game.max_take()?;
    let last = heap_element.len() as u64 - 1;
    for p in 1..=last / 2 {
        // The smallest n0 from which the period holds up to `last`.
        let mut n0 = last - p + 1;
        while n0 > 0 && heap_element[(n0 - 1) as usize] == heap_element[(n0 - 1 + p) as usize] {
            n0 -= 1;
        }
        if 2 * n0 + 2 * p + t <= last {
            return Some(QuotientPeriod {
                preperiod: n0,
                period: p,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_unit_of_the_construction_is_six_steps_of_the_cap() {
        // A cap of 60 steps holds 10 units, not 11: the cap is in steps.
        let mut work = 0;
        let watch = Budget::default().watch("", None);
        assert!(charge_work(&mut work, 60, 10, "a test", &watch).is_ok());
        let refused = charge_work(&mut work, 60, 1, "a test", &watch);
        assert!(
            matches!(refused, Err(Error::WorkLimitExceeded { steps: 60, .. })),
            "{refused:?}"
        );
        // A refinement slot costs two units, eight times that once the
        // product table leaves the cache.
        assert_eq!(refinement_units(10, 3, CACHED_ORDER), 80);
        assert_eq!(refinement_units(10, 3, CACHED_ORDER + 1), 640);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// A check answered from the last closure that passed agrees with a
        /// check that walks its closure, on a sequence of verified quotients
        /// `Q_1, Q_2, …` with wrong candidates in between (a P-portion or a
        /// heap's element changed: the same table, other generators).
        #[test]
        fn checks_from_the_last_passed_closure_agree_with_full_checks(
            digits in proptest::collection::vec(0u8..8, 0..=2),
            last in 1u8..8,
            bound in 2u64..=14,
            changes in proptest::collection::vec((any::<bool>(), 0usize..1000, 0usize..1000), 14),
        ) {
            let digits: String = digits.iter().map(|d| d.to_string()).collect();
            let game = TakeAndBreak::octal(&format!("0.{digits}{last}")).unwrap();
            let mut passed = None;
            let mut shortcuts = 0;
            for (h, &(flip_p, at, to)) in (1..=bound).zip(&changes) {
                let Ok(q) = MisereQuotient::up_to(&game, h, Budget::default()) else {
                    break;
                };
                let mut wrong = q.clone();
                if flip_p {
                    let x = at % wrong.order;
                    wrong.p_portion[x] = !wrong.p_portion[x];
                } else {
                    let heap = 1 + at % (wrong.heap_element.len() - 1);
                    wrong.heap_element[heap] = (to % wrong.order) as u32;
                }
                for (step, candidate) in [&q, &wrong, &q].into_iter().enumerate() {
                    let (mut a, mut b) = (0, 0);
                    let cached = candidate
                        .passes_verification_after(&mut a, Budget::default(), &mut passed)
                        .unwrap();
                    let full = candidate.passes_verification(&mut b, Budget::default()).unwrap();
                    prop_assert_eq!(cached, full, "heap {} of 0.{}{}", h, digits, last);
                    // The third check repeats the first (a wrong one between):
                    // the case the shortcut answers.
                    shortcuts += usize::from(step == 2 && cached);
                }
            }
            // The case the shortcut answers was met (Q_h re-checked after it passed).
            prop_assert!(shortcuts > 0);
        }
    }

    /// A re-check of a quotient whose closure passed is answered without
    /// walking the closure again: cheaper than the full check (Kayles, where
    /// the closure is large; on tiny closures the table comparison can cost
    /// as much as the walk).
    #[test]
    fn a_repeated_check_skips_the_closure_walk() {
        let game = TakeAndBreak::kayles();
        let q = MisereQuotient::up_to(&game, 20, Budget::default()).unwrap();
        let mut passed = None;
        let mut first = 0;
        assert!(
            q.passes_verification_after(&mut first, Budget::default(), &mut passed)
                .unwrap()
        );
        let (mut again, mut full) = (0, 0);
        assert!(
            q.passes_verification_after(&mut again, Budget::default(), &mut passed)
                .unwrap()
        );
        assert!(q.passes_verification(&mut full, Budget::default()).unwrap());
        assert_eq!(first, full, "the first check walks the closure");
        assert!(again < full, "re-check {again} steps, full check {full}");
    }
}
