//! Strategies shared by the retrograde tests (tests/retrograde/retrograde.rs,
//! tests/retrograde/retrograde_implicit.rs).

use proptest::prelude::*;
use stonegame::Convention;
use stonegame::retrograde::Value;

pub fn any_convention() -> impl Strategy<Value = Convention> {
    prop_oneof![Just(Convention::Normal), Just(Convention::Misere)]
}

/// Mostly no terminal rule; sometimes a forced Win, Lose, Tie or Draw.
pub fn terminal_rules(n: usize) -> impl Strategy<Value = Vec<Option<Value>>> {
    let rule = prop_oneof![
        8 => Just(None),
        1 => Just(Some(Value::Win)),
        1 => Just(Some(Value::Lose)),
        2 => Just(Some(Value::Tie)),
        1 => Just(Some(Value::Draw)),
    ];
    proptest::collection::vec(rule, n)
}
