//! Issue 35, stored records: every deserialized type is checked as its
//! constructor checks, and the counters a hand-built or stored value can
//! overflow never panic (run in debug builds: plain `cargo test`).

use stonegame::impartial::staircase::StaircaseMove;
use stonegame::impartial::wythoff::WythoffMove;
use stonegame::retrograde::{Analysis, Counts};

/// `Counts::total`, an analysis's `Display`, `WythoffMove::take` and
/// `StaircaseMove::coins` panicked on overflow in debug builds.
#[test]
fn overflowing_counters_do_not_panic() {
    let counts = Counts {
        win: 1,
        lose: 0,
        tie: 0,
        draw: usize::MAX,
    };
    assert_eq!(counts.total(), usize::MAX);
    assert_eq!(counts.checked_total(), None);
    let analysis: Analysis = Analysis {
        counts,
        ..Analysis::default()
    };
    assert!(analysis.to_string().starts_with("positions "));
    let backwards = WythoffMove {
        from: [1, 2],
        to: [5, 9],
    };
    assert_eq!(backwards.take(), 0);
    let up = StaircaseMove {
        step: 0,
        from: 1,
        to: 4,
    };
    assert_eq!(up.coins(), 0);
}

#[test]
fn move_constructors_refuse_what_the_game_forbids() {
    assert!(WythoffMove::new([1, 2], [5, 9]).is_err());
    assert!(WythoffMove::new([4, 4], [4, 4]).is_err());
    assert!(WythoffMove::new([4, 9], [3, 2]).is_err());
    assert_eq!(WythoffMove::new([4, 9], [3, 8]).unwrap().take(), 1);
    assert_eq!(WythoffMove::new([4, 9], [4, 0]).unwrap().take(), 9);
    assert!(StaircaseMove::new(0, 3, 3).is_err());
    assert!(StaircaseMove::new(0, 3, 4).is_err());
    assert_eq!(StaircaseMove::new(usize::MAX, 3, 0).unwrap().coins(), 3);
}

/// `StaircaseMove::apply` indexed past the staircase for a hand-built move.
#[test]
fn a_staircase_move_that_does_not_fit_is_refused_not_a_panic() {
    let far = StaircaseMove::new(usize::MAX, 3, 0).unwrap();
    assert!(far.apply(&[3, 3]).is_err());
    let wrong_count = StaircaseMove::new(1, 5, 0).unwrap();
    assert!(wrong_count.apply(&[3, 3]).is_err());
    let up = StaircaseMove {
        step: 0,
        from: 1,
        to: 4,
    };
    assert!(up.apply(&[1]).is_err());
    assert_eq!(
        StaircaseMove::new(1, 3, 1).unwrap().apply(&[0, 3]).unwrap(),
        [2, 1]
    );
}

/// The checked constructors refuse what deserialization refuses; the
/// solvers' own answers pass them.
#[test]
fn checked_solution_constructors_refuse_contradictions() {
    use stonegame::retrograde::Value;
    use stonegame::{Outcome, Solution};
    assert!(Solution::<i64, u8>::try_new(3, Outcome::First, vec![1, 2]).is_ok());
    assert!(Solution::<i64, u8>::try_new(0, Outcome::Draw, vec![]).is_ok());
    assert!(Solution::<i64, u8>::try_new(-3, Outcome::Second, vec![1]).is_ok());
    assert!(Solution::<i64, u8>::try_new(3, Outcome::First, vec![]).is_err());
    assert!(Solution::<i64, u8>::try_new(3, Outcome::Second, vec![1]).is_err());
    assert!(Solution::<i32, u8>::try_new(0, Outcome::First, vec![1]).is_err());
    assert!(Solution::<Value, u8>::try_new(Value::Win, Outcome::First, vec![]).is_ok());
    assert!(Solution::<Value, u8>::try_new(Value::Lose, Outcome::First, vec![1]).is_err());
    assert!(Solution::try_from_line(Outcome::Second, vec![1u8, 2], true).is_ok());
    assert!(Solution::try_from_line(Outcome::First, Vec::<u8>::new(), true).is_ok());
    assert!(Solution::try_from_line(Outcome::Draw, vec![1u8], true).is_err());
    let ends = stonegame::scoring::Ends::new(vec![4i64, 5, 3, 1, 2]).unwrap();
    let solved = ends.solve().unwrap();
    let again =
        Solution::<i64, _>::try_new(solved.value(), solved.outcome(), solved.line().to_vec());
    assert_eq!(again.unwrap(), solved);
}

#[cfg(feature = "serde")]
mod stored {
    use stonegame::impartial::staircase::{Staircase, StaircaseMove};
    use stonegame::impartial::wythoff::{Wythoff, WythoffMove};
    use stonegame::retrograde::{Analysis, Counts, Graph, Value};
    use stonegame::{Budget, Convention, Outcome, Solution};

    /// The issue's forged analyses: one position both the longest win and
    /// the longest loss; remoteness 1000 with one position; counts that
    /// overflow (`draw 18446744073709551615`).
    #[test]
    fn self_contradicting_analyses_are_refused() {
        let read = |text: &str| serde_json::from_str::<Analysis>(text);
        let sound = r#"{"counts":{"win":1,"lose":1,"tie":0,"draw":0},
            "by_remoteness":[{"win":0,"lose":1,"tie":0},{"win":1,"lose":0,"tie":0}],
            "longest_win":[0,1],"longest_loss":[1,0],"longest_tie":null}"#;
        assert!(read(sound).is_ok());
        let both = sound.replace(r#""longest_loss":[1,0]"#, r#""longest_loss":[0,0]"#);
        let error = read(&both).unwrap_err().to_string();
        assert!(error.contains("longest of two values"), "{error}");
        let mut rows = vec![r#"{"win":0,"lose":0,"tie":0}"#; 1000];
        rows.push(r#"{"win":1,"lose":0,"tie":0}"#);
        let far = format!(
            r#"{{"counts":{{"win":1,"lose":0,"tie":0,"draw":0}},"by_remoteness":[{}],
            "longest_win":[0,1000],"longest_loss":null,"longest_tie":null}}"#,
            rows.join(",")
        );
        let error = read(&far).unwrap_err().to_string();
        assert!(error.contains("remoteness up to 1000"), "{error}");
        let overflow = sound.replace(r#""draw":0"#, r#""draw":18446744073709551615"#);
        assert!(read(&overflow).is_err());
        let counts = r#"{"win":1,"lose":0,"tie":0,"draw":18446744073709551615}"#;
        assert!(serde_json::from_str::<Counts>(counts).is_err());
        let fine = r#"{"win":1,"lose":0,"tie":0,"draw":18446744073709551614}"#;
        assert!(serde_json::from_str::<Counts>(fine).is_ok());
    }

    fn outcome_solution(text: &str) -> Result<Solution<Outcome, u8>, serde_json::Error> {
        serde_json::from_str(text)
    }

    fn scored_solution(text: &str) -> Result<Solution<i64, u8>, serde_json::Error> {
        serde_json::from_str(text)
    }

    fn labelled_solution(text: &str) -> Result<Solution<Value, u8>, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The issue's forged solutions: `First` with no move, `Second` with a
    /// best move, no best move but a line.
    #[test]
    fn self_contradicting_solutions_are_refused() {
        let first_no_move = r#"{"value":"First","outcome":"First","best_move":null,"line":[3],"line_complete":true}"#;
        assert!(outcome_solution(first_no_move).is_err());
        let second_with_move = r#"{"value":"Second","outcome":"Second","best_move":3,"line":[3],"line_complete":true}"#;
        assert!(outcome_solution(second_with_move).is_err());
        let scored_no_move =
            r#"{"value":2,"outcome":"First","best_move":null,"line":[],"line_complete":true}"#;
        assert!(scored_solution(scored_no_move).is_err());
        let scored_line_no_move =
            r#"{"value":-2,"outcome":"Second","best_move":null,"line":[1],"line_complete":true}"#;
        assert!(scored_solution(scored_line_no_move).is_err());
        let labelled_line_no_move = r#"{"value":"Lose","outcome":"Second","best_move":null,"line":[1],"line_complete":true}"#;
        let error = labelled_solution(labelled_line_no_move).unwrap_err();
        assert!(error.to_string().contains("no best move"), "{error}");
        let labelled_loss =
            labelled_line_no_move.replace(r#""best_move":null"#, r#""best_move":1"#);
        assert!(labelled_solution(&labelled_loss).is_ok());
        // What solvers produce reads back: a loser's line without a best
        // move, a misère win at the end of the game, a scored loss's move.
        let loss = r#"{"value":"Second","outcome":"Second","best_move":null,"line":[1,2],"line_complete":true}"#;
        assert!(outcome_solution(loss).is_ok());
        let misere_end = r#"{"value":"First","outcome":"First","best_move":null,"line":[],"line_complete":true}"#;
        assert!(outcome_solution(misere_end).is_ok());
        let scored_loss =
            r#"{"value":-2,"outcome":"Second","best_move":1,"line":[1],"line_complete":true}"#;
        assert!(scored_solution(scored_loss).is_ok());
    }

    fn round_trip<T>(value: &T)
    where
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let text = serde_json::to_string(value).unwrap();
        assert_eq!(&serde_json::from_str::<T>(&text).unwrap(), value, "{text}");
    }

    #[test]
    fn solver_answers_still_read_back() {
        use stonegame::game::SolveAt;
        use stonegame::impartial::nim::Nim;
        let mut misere = Nim::new().with_convention(Convention::Misere);
        round_trip(&SolveAt::solve(&mut misere, &[]).unwrap());
        round_trip(&SolveAt::solve(&mut misere, &[1, 1]).unwrap());
        round_trip(&Nim::new().solve(&[]).unwrap());
        round_trip(&Wythoff::new().solve(&[3, 5]).unwrap());
        round_trip(&Staircase::new().solve(&[0, 3, 1]).unwrap());
        let graph = Graph::from_edges(3, &[(0, 1), (1, 2)], Budget::default()).unwrap();
        round_trip(&graph.solve().unwrap().analysis());
    }

    #[test]
    fn impossible_moves_are_refused_when_read() {
        let wythoff = |text: &str| serde_json::from_str::<WythoffMove>(text);
        assert!(wythoff(r#"{"from":[1,2],"to":[5,2]}"#).is_err());
        assert!(wythoff(r#"{"from":[4,9],"to":[3,2]}"#).is_err());
        assert!(wythoff(r#"{"from":[4,9],"to":[4,9]}"#).is_err());
        assert_eq!(
            wythoff(r#"{"from":[4,9],"to":[2,7]}"#).unwrap(),
            WythoffMove::new([4, 9], [2, 7]).unwrap()
        );
        let staircase = |text: &str| serde_json::from_str::<StaircaseMove>(text);
        assert!(staircase(r#"{"step":0,"from":1,"to":4}"#).is_err());
        assert!(staircase(r#"{"step":0,"from":4,"to":1}"#).is_ok());
    }
}
