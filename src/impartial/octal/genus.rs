//! Conway's genus of heap positions of take-and-break games: the misère
//! generalisation of the Grundy value.
//!
//! The genus of a position `X` is `g^(γ0 γ1 γ2 …)`: `g` is the normal-play
//! Grundy value and `γk` the misère Grundy value of `X + *2 + … + *2` (`k`
//! copies), where a misère Grundy value is `1` for a position with no move and
//! the mex of the options' values otherwise (0 exactly for misère losses).
//! Values are computed here by exact search, so they are exact for the terms
//! asked for. The *tame* genera are those of Nim positions: `0^120…`,
//! `1^031…`, `0^020…`, `1^131…` and `g^(g, g^2, g, …)` for `g >= 2`.

use crate::control::Watch;
use crate::impartial::ImpartialGame;
use crate::impartial::mex::MexSet;
use crate::impartial::octal::TakeAndBreak;
use crate::impartial::octal::grundy_sequence;
use crate::{Budget, Error, Result};
use ahash::AHashMap;
use std::fmt;
use std::ops::ControlFlow;

/// A genus `g^(γ0 γ1 …)` (a finite prefix of the misère terms).
///
/// # Example
/// ```
/// use stonegame::impartial::genus::heap_genus;
/// use stonegame::impartial::octal::TakeAndBreak;
///
/// let genus = heap_genus(&TakeAndBreak::last_one(), 1, 4, 100_000, Default::default())?;
/// assert_eq!(genus.to_string(), "1^0313");
/// assert!(genus.is_tame());
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play Grundy value `g`.
    pub normal: u64,
    /// `γ0, γ1, …`: misère Grundy values with 0, 1, … extra `*2` heaps.
    pub misere: Vec<u64>,
}

impl Genus {
    /// Whether this is the genus of a Nim position (tame), on the computed terms.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::genus::Genus;
    /// assert!(Genus { normal: 3, misere: vec![3, 1, 3] }.is_tame());
    /// assert!(!Genus { normal: 0, misere: vec![1, 3, 1] }.is_tame());
    /// ```
    pub fn is_tame(&self) -> bool {
        let start_ok = match (self.normal, self.misere.first(), self.misere.get(1)) {
            (_, None, _) => true,
            (0, Some(&g0), second) => (g0 == 1 || g0 == 0) && second.is_none_or(|&g1| g1 == 2),
            (1, Some(&g0), second) => (g0 == 0 || g0 == 1) && second.is_none_or(|&g1| g1 == 3),
            (g, Some(&g0), second) => g0 == g && second.is_none_or(|&g1| g1 == g ^ 2),
        };
        start_ok && self.misere.windows(2).skip(1).all(|w| w[1] == w[0] ^ 2)
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        let wide = self.misere.iter().any(|&g| g >= 10);
        let parts: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        f.write_str(&parts.join(if wide { "," } else { "" }))
    }
}

/// A sum of heaps plus `twos` Nim heaps `*2` and `ones` Nim heaps `*1`.
type State = (Vec<u64>, u32, u32);

struct Frame {
    state: State,
    children: Vec<State>,
    next: usize,
}

/// The options of a state, each counted against the work cap and its bytes
/// against the memory budget as it is listed (one heap can have millions).
fn children(
    game: &TakeAndBreak,
    (heaps, twos, ones): &State,
    usage: &mut Usage,
) -> Result<Vec<State>> {
    let mut out = Vec::new();
    let mut listed_bytes: u128 = 0;
    let held = usage.stack_bytes + usage.memo_bytes;
    let room = usage.budget.bytes();
    for (i, &heap) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == heap {
            continue;
        }
        let flow = game.for_each_option(&heap, |sum| {
            usage.work = usage.work.saturating_add(1);
            listed_bytes += state_bytes(&(Vec::new(), 0, 0))
                + ((heaps.len() + sum.len()) * std::mem::size_of::<u64>()) as u128;
            if usage.work > usage.work_cap || held + listed_bytes > room {
                return ControlFlow::Break(());
            }
            let mut next: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            next.extend(sum.iter().copied().filter(|&h| h > 0));
            next.sort_unstable();
            out.push((next, *twos, *ones));
            ControlFlow::Continue(())
        });
        if flow.is_break() {
            if usage.work > usage.work_cap {
                return Err(usage.work_error());
            }
            return Err(Error::MemoryBudgetExceeded {
                what: "genus search (the options being listed)",
                needed_bytes: held + listed_bytes,
                budget_bytes: room,
            });
        }
    }
    // Once a state: one comparison between looks at the control.
    usage.watch.poll(usage.work)?;
    if *twos > 0 {
        out.push((heaps.clone(), twos - 1, ones + 1));
        out.push((heaps.clone(), twos - 1, *ones));
    }
    if *ones > 0 {
        out.push((heaps.clone(), *twos, ones - 1));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The misère Grundy value of `root`, by iterative exact search.
/// Default work cap of the exact genus search: options generated.
pub const DEFAULT_GENUS_WORK: u64 = 50_000_000;

/// Bytes a state occupies, its heap list included (as a map key or in a list).
fn state_bytes((heaps, _, _): &State) -> u128 {
    (std::mem::size_of::<State>() + heaps.len() * std::mem::size_of::<u64>()) as u128
}

/// Bytes of a frame's option list.
fn children_bytes(children: &[State]) -> u128 {
    children.iter().map(state_bytes).sum::<u128>() + std::mem::size_of::<Frame>() as u128
}

/// Memory and work the search has used, checked against the budget as it grows.
struct Usage {
    stack_bytes: u128,
    memo_bytes: u128,
    work: u64,
    work_cap: u64,
    budget: Budget,
    watch: Watch,
}

impl Usage {
    fn check(&self) -> Result<()> {
        self.budget.check_bytes(
            self.stack_bytes + self.memo_bytes,
            "genus search (stack of options and table of positions)",
        )
    }

    fn work_error(&self) -> Error {
        Error::WorkLimitExceeded {
            what: "the exact genus search (counting options listed)".into(),
            steps: self.work_cap,
        }
    }

    /// Puts the options of one expanded position on the stack (their work was
    /// counted as they were listed).
    fn expand(&mut self, children: &[State]) -> Result<()> {
        self.stack_bytes += children_bytes(children);
        self.check()
    }
}

fn misere_value(
    game: &TakeAndBreak,
    root: State,
    memo: &mut AHashMap<State, u64>,
    max_states: usize,
    usage: &mut Usage,
) -> Result<u64> {
    let root_children = children(game, &root, usage)?;
    usage.expand(&root_children)?;
    let mut stack = vec![Frame {
        children: root_children,
        state: root.clone(),
        next: 0,
    }];
    while let Some(top) = stack.last_mut() {
        if let Some(child) = top.children.get(top.next) {
            if memo.contains_key(child) {
                top.next += 1;
            } else {
                let child = child.clone();
                let grandchildren = children(game, &child, usage)?;
                usage.expand(&grandchildren)?;
                stack.push(Frame {
                    children: grandchildren,
                    state: child,
                    next: 0,
                });
            }
            continue;
        }
        let value = if top.children.is_empty() {
            1
        } else {
            let mut set = MexSet::new();
            for child in &top.children {
                set.insert(memo.get(child).copied().unwrap_or(0) as usize);
            }
            set.mex() as u64
        };
        usage.stack_bytes -= children_bytes(&top.children);
        let state = std::mem::take(&mut top.state);
        stack.pop();
        if memo.len() >= max_states {
            return Err(Error::SizeLimitExceeded {
                what: "positions of the exact genus search",
                value: (memo.len() + 1) as u128,
                limit: max_states as u128,
            });
        }
        // A map entry: the key, its value, and the table's control byte and slack.
        usage.memo_bytes += state_bytes(&state) + 16;
        usage.check()?;
        memo.insert(state, value);
    }
    memo.get(&root)
        .copied()
        .ok_or_else(|| Error::InvalidParameter {
            name: "position",
            reason: "genus search lost its root (this is a bug: please report it)".into(),
        })
}

/// The genus of one heap of `heap` tokens, with `terms` misère terms
/// `γ0..γ(terms-1)`, storing at most `max_states` positions.
///
/// # Errors
/// [`Error::SizeLimitExceeded`] when the search needs more positions (or the
/// heap is above 10,000); [`Error::MemoryBudgetExceeded`] when its stack of
/// options and its table of positions together exceed `budget`;
/// [`Error::WorkLimitExceeded`] after `budget.work_or(DEFAULT_GENUS_WORK)`
/// options generated.
///
/// # Example
/// ```
/// use stonegame::impartial::genus::heap_genus;
/// use stonegame::impartial::octal::TakeAndBreak;
///
/// // Kayles is not tame: a row of 5 pins has genus 4^146, not 4^464.
/// let five = heap_genus(&TakeAndBreak::kayles(), 5, 3, 100_000, Default::default())?;
/// assert_eq!(five.to_string(), "4^146");
/// assert!(!five.is_tame());
/// # Ok::<(), stonegame::Error>(())
/// ```
pub fn heap_genus(
    game: &TakeAndBreak,
    heap: u64,
    terms: usize,
    max_states: usize,
    budget: Budget,
) -> Result<Genus> {
    const MAX_HEAP: u64 = 10_000;
    if heap > MAX_HEAP {
        return Err(Error::SizeLimitExceeded {
            what: "heap size for the exact genus search",
            value: heap.into(),
            limit: MAX_HEAP.into(),
        });
    }
    let normal = u64::from(*grundy_sequence(game, heap, budget)?.last().unwrap_or(&0));
    let mut memo = AHashMap::default();
    let mut usage = Usage {
        stack_bytes: 0,
        memo_bytes: 0,
        work: 0,
        work_cap: budget.work_or(DEFAULT_GENUS_WORK),
        budget,
        watch: budget.watch("genus search", None),
    };
    usage.watch.check()?;
    let heaps = if heap == 0 { vec![] } else { vec![heap] };
    let misere = (0..terms)
        .map(|k| {
            let twos = u32::try_from(k).unwrap_or(u32::MAX);
            misere_value(
                game,
                (heaps.clone(), twos, 0),
                &mut memo,
                max_states,
                &mut usage,
            )
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Genus { normal, misere })
}
