//! The contest examples answer their samples and reject malformed input.
//! Each example file is compiled here as a module so its `solve` can be called.

#[allow(dead_code)]
#[path = "../examples/dp_k.rs"]
mod dp_k;

#[allow(dead_code)]
#[path = "../examples/graph_game.rs"]
mod graph_game;

use stonegame::retrograde::Value;

#[test]
fn dp_k_answers_the_atcoder_samples() {
    let samples = [
        ("2 4\n2 3\n", "First"),
        ("2 5\n2 3\n", "Second"),
        ("2 7\n2 3\n", "First"),
        ("3 20\n1 2 3\n", "Second"),
        ("3 21\n1 2 3\n", "First"),
        ("1 100000\n1\n", "Second"),
    ];
    for (input, expected) in samples {
        assert_eq!(dp_k::solve(input).as_deref(), Ok(expected), "{input:?}");
    }
}

#[test]
fn dp_k_rejects_malformed_input() {
    for input in [
        "",
        "2 4\n2\n",
        "2 4\n2 x\n",
        "1 4\n0\n",
        "2 4\n2 3 9\n",
        "-1 4\n1\n",
    ] {
        assert!(dp_k::solve(input).is_err(), "{input:?} was accepted");
    }
}

#[test]
fn graph_game_labels_the_documented_sample() {
    use Value::{Draw, Lose, Win};
    let input = "5 6\n1 2\n1 4\n2 1\n2 3\n3 4\n5 5\n";
    assert_eq!(
        graph_game::solve(input),
        Ok(vec![Win, Lose, Win, Lose, Draw])
    );
    // A pure cycle is a draw everywhere; a cycle with an exit to a lost vertex is won.
    assert_eq!(graph_game::solve("2 2\n1 2\n2 1\n"), Ok(vec![Draw, Draw]));
    assert_eq!(
        graph_game::solve("3 3\n1 2\n2 1\n2 3\n"),
        Ok(vec![Lose, Win, Lose])
    );
}

#[test]
fn graph_game_names_the_bad_line() {
    let cases = [
        ("", "line 1:"),
        ("2 1\n1 3\n", "line 2:"),
        ("2 2\n1 2\n", "line 3:"),
        ("2 1\n1 2\n2 1\n", "line 3:"),
        ("2 1\n1 x\n", "line 2:"),
    ];
    for (input, prefix) in cases {
        let error = graph_game::solve(input).expect_err(input);
        assert!(error.starts_with(prefix), "{input:?}: {error}");
    }
}
