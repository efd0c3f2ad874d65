//! Solutions and moves of every family survive a round trip through serde
//! (feature `serde`), and a stored move is checked when it is read back.
#![cfg(feature = "serde")]

use serde::Serialize;
use serde::de::DeserializeOwned;
use stonegame::impartial::HeapMove;
use stonegame::impartial::euclid::Euclid;
use stonegame::impartial::fibonacci_nim::{FibonacciNim, FibonacciPosition};
use stonegame::impartial::hackenbush::GreenHackenbush;
use stonegame::impartial::moore::Moore;
use stonegame::impartial::nim::Nim;
use stonegame::impartial::staircase::Staircase;
use stonegame::impartial::wythoff::Wythoff;
use stonegame::scoring::{Ends, StoneMod3, StoneSplit};

/// Writes `value` as JSON, reads it back and checks nothing changed.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let text = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&text).expect("deserialises");
    assert_eq!(&back, value, "{text}");
}

#[test]
fn impartial_solutions_round_trip() -> stonegame::Result<()> {
    round_trip(&Nim::new().solve(&[3, 5, 7])?);
    round_trip(&Wythoff::new().solve(&[4, 9])?);
    round_trip(&Moore::new(2)?.solve(&[1, 2, 4])?);
    round_trip(&Euclid::new().solve(&[31, 12])?);
    round_trip(&FibonacciNim::new().solve(&FibonacciPosition::start(20)?)?);
    round_trip(&Staircase::new().solve(&[0, 3, 1, 4])?);
    round_trip(&GreenHackenbush::new(&[(0, 1), (1, 2), (2, 0), (1, 3)])?.solve()?);
    Ok(())
}

#[test]
fn scoring_solutions_round_trip() -> stonegame::Result<()> {
    let ends = Ends::new(vec![4i64, -5, 3, 1, 2])?.solve()?;
    assert!(!ends.line().is_empty());
    round_trip(&ends);
    round_trip(&StoneSplit::new(vec![6i64, 2, 3, 4, 5, 5])?.solve()?);
    round_trip(&StoneMod3::new(vec![5, 1, 2, 4, 3])?.solve()?);
    Ok(())
}

#[test]
fn a_stored_heap_move_is_validated_when_read_back() {
    let kayles = HeapMove::new(1, 5, &[2, 2]).unwrap();
    let text = serde_json::to_string(&kayles).unwrap();
    assert_eq!(text, r#"{"index":1,"from":5,"to":[2,2]}"#);
    assert_eq!(serde_json::from_str::<HeapMove>(&text).unwrap(), kayles);
    // More stones left than the heap held, and a zero heap: refused with the
    // constructor's reason, not accepted as a broken move.
    for forged in [
        r#"{"index":0,"from":4,"to":[3,2]}"#,
        r#"{"index":0,"from":4,"to":[0]}"#,
        r#"{"index":0,"from":9,"to":[1,1,1]}"#,
    ] {
        let error = serde_json::from_str::<HeapMove>(forged).unwrap_err();
        assert!(error.to_string().contains("heap"), "{forged}: {error}");
    }
}
