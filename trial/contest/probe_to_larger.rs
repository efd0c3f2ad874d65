//! Black-box probe (no engine source read): what `from` does `GrundySolver` pass to
//! `ImpartialGame::for_each_dense_position` under `MoveOrder::ToLarger`, and what must the
//! listing do with it? A heap of h (0..=9) is numbered 9 - h, so taking stones goes to larger
//! numbers. The listing logs `from` and lists the numbers from `from` down to 0.
use std::cell::RefCell;
use std::ops::ControlFlow;

use stonegame::game::MoveOrder;
use stonegame::impartial::{GrundySolver, ImpartialGame};

struct Probe {
    log: RefCell<Vec<usize>>,
}

impl ImpartialGame for Probe {
    type Position = u32;
    fn for_each_option(
        &self,
        &h: &u32,
        mut visit: impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for take in 1..=2.min(h) {
            visit(&[h - take])?;
        }
        ControlFlow::Continue(())
    }
    fn dense_positions(&self) -> Option<usize> {
        Some(10)
    }
    fn dense_index(&self, &h: &u32) -> Option<usize> {
        Some(9 - h as usize)
    }
    fn dense_position(&self, number: usize) -> Option<u32> {
        (number <= 9).then(|| 9 - number as u32)
    }
    fn dense_order(&self) -> MoveOrder {
        MoveOrder::ToLarger
    }
    fn for_each_dense_position(
        &self,
        from: usize,
        mut visit: impl FnMut(usize, u32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.log.borrow_mut().push(from);
        for number in (0..=from.min(9)).rev() {
            visit(number, 9 - number as u32)?;
        }
        ControlFlow::Continue(())
    }
}

fn main() {
    let mut solver = GrundySolver::new(Probe {
        log: RefCell::new(Vec::new()),
    });
    for heap in [3u32, 9, 0] {
        let g = solver.grundy(&heap);
        println!(
            "heap {heap}: {g:?}; from values so far {:?}",
            solver.game().log.borrow()
        );
    }
}
