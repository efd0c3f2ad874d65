//! Hostile arguments to the library: each call returns a typed error or a
//! correct answer promptly, never panics, wraps or exhausts memory.

use stonegame::Error;
use stonegame::impartial::HeapMove;
use stonegame::impartial::nim::Nim;
use stonegame::impartial::octal::LastOne;
use stonegame::scoring::FrontDoubling;

#[test]
fn inconsistent_heap_moves_are_rejected() {
    assert!(HeapMove::new(0, 5, &[3, 3]).is_err());
    assert!(HeapMove::take(0, 5, 6).is_err());
    let legal = HeapMove::take(usize::MAX, u64::MAX, 1).unwrap();
    assert_eq!(legal.removed(), 1);
    assert!(legal.apply(&[1, 2]).is_err());
    assert_eq!(
        Nim::new().outcome(&[u64::MAX, u64::MAX]),
        stonegame::Outcome::Second
    );
}

#[test]
fn oversized_requests_are_refused_not_aborted() {
    assert!(matches!(
        LastOne::pyramid(u64::MAX),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    let table = FrontDoubling::new(vec![1i64, 2, 3])
        .unwrap()
        .table()
        .unwrap();
    assert_eq!(table.best_move(0, usize::MAX), Some(3));
}
