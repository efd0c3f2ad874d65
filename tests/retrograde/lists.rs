//! The test game told by lists both ways (moves and predecessors), which the
//! lies tests corrupt: shared by the implicit-solver tests.

use std::ops::ControlFlow;
use stonegame::retrograde::{ImplicitGame, Value};

/// A game told by lists both ways (the lists may contradict each other),
/// walking its positions (`for_each_position`) when `walks`.
#[derive(Debug, Clone)]
pub(crate) struct Lists {
    pub(crate) successors: Vec<Vec<u32>>,
    pub(crate) predecessors: Vec<Vec<u32>>,
    pub(crate) terminal: Vec<Option<Value>>,
    pub(crate) walks: bool,
}

impl Lists {
    /// The true game of `edges` on `n` positions, not walking.
    pub(crate) fn new(n: usize, edges: &[(u32, u32)], terminal: Vec<Option<Value>>) -> Self {
        let mut successors = vec![Vec::new(); n];
        let mut predecessors = vec![Vec::new(); n];
        for &(u, v) in edges {
            successors[u as usize].push(v);
            predecessors[v as usize].push(u);
        }
        Self {
            successors,
            predecessors,
            terminal,
            walks: false,
        }
    }
}

impl ImplicitGame for Lists {
    fn positions(&self) -> usize {
        self.successors.len()
    }

    fn for_each_move(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.successors[position as usize]
            .iter()
            .copied()
            .try_for_each(visit)
    }

    fn for_each_predecessor(
        &self,
        position: u32,
        visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.predecessors[position as usize]
            .iter()
            .copied()
            .try_for_each(visit)
    }

    fn terminal(&self, position: u32) -> Option<Value> {
        self.terminal[position as usize]
    }

    fn for_each_position(
        &self,
        mut visit: impl FnMut(u32, Option<Value>, &[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        self.walks.then(|| {
            (0..self.successors.len())
                .try_for_each(|u| visit(u as u32, self.terminal[u], &self.successors[u]))
        })
    }
}
