//! What is stored is checked when it is read back (feature `serde`): a
//! label, an analysis or a solution that contradicts itself is refused,
//! and everything the solvers produce still reads back unchanged.
#![cfg(feature = "serde")]

use proptest::prelude::*;
use stonegame::retrograde::{Analysis, DenseSolver, Graph, Label, Value};
use stonegame::{Budget, Convention, Outcome, Solution};

fn label(text: &str) -> Result<Label, serde_json::Error> {
    serde_json::from_str(text)
}

#[test]
fn self_contradicting_labels_are_refused() {
    for forged in [
        r#"{"value":"Draw","remoteness":5}"#,
        r#"{"value":"Win","remoteness":null}"#,
        r#"{"value":"Lose","remoteness":null}"#,
        r#"{"value":"Tie","remoteness":null}"#,
    ] {
        let refused = label(forged).unwrap_err();
        assert!(
            refused.to_string().contains("remoteness"),
            "{forged}: {refused}"
        );
    }
    assert_eq!(
        label(r#"{"value":"Draw","remoteness":null}"#).unwrap(),
        Label {
            value: Value::Draw,
            remoteness: None
        }
    );
    assert_eq!(
        label(r#"{"value":"Tie","remoteness":0}"#).unwrap(),
        Label {
            value: Value::Tie,
            remoteness: Some(0)
        }
    );
}

#[test]
fn self_contradicting_solutions_are_refused() {
    let read = |text: &str| serde_json::from_str::<Solution<Outcome, u8>>(text);
    let good =
        r#"{"value":"First","outcome":"First","best_move":1,"line":[1,2],"line_complete":true}"#;
    assert_eq!(
        read(good).unwrap(),
        Solution::from_line(Outcome::First, vec![1, 2], true)
    );
    let contradictions = [
        r#"{"value":"Second","outcome":"First","best_move":null,"line":[],"line_complete":true}"#,
        r#"{"value":"First","outcome":"First","best_move":2,"line":[1,2],"line_complete":true}"#,
        r#"{"value":"First","outcome":"First","best_move":1,"line":[],"line_complete":true}"#,
    ];
    for forged in contradictions {
        assert!(read(forged).is_err(), "{forged}");
    }
    // A score difference implies who wins.
    let scored = |text: &str| serde_json::from_str::<Solution<i64, char>>(text);
    assert!(
        scored(
            r#"{"value":-3,"outcome":"First","best_move":"L","line":["L"],"line_complete":true}"#
        )
        .is_err()
    );
    assert!(
        scored(r#"{"value":0,"outcome":"Second","best_move":null,"line":[],"line_complete":true}"#)
            .is_err()
    );
    assert!(
        scored(
            r#"{"value":-3,"outcome":"Second","best_move":"L","line":["L"],"line_complete":true}"#
        )
        .is_ok()
    );
    let valued = |text: &str| serde_json::from_str::<Solution<Value, u8>>(text);
    assert!(
        valued(
            r#"{"value":"Tie","outcome":"First","best_move":null,"line":[],"line_complete":true}"#
        )
        .is_err()
    );
    assert!(
        valued(
            r#"{"value":"Tie","outcome":"Draw","best_move":null,"line":[],"line_complete":true}"#
        )
        .is_ok()
    );
}

#[test]
fn self_contradicting_analyses_are_refused() {
    let graph = Graph::from_edges(
        6,
        &[(0, 1), (1, 2), (2, 3), (4, 5), (5, 4)],
        Budget::default(),
    )
    .unwrap();
    let analysis = graph.solve().unwrap().analysis();
    let text = serde_json::to_string(&analysis).unwrap();
    assert_eq!(serde_json::from_str::<Analysis>(&text).unwrap(), analysis);
    let forge = |change: &dyn Fn(&mut Analysis)| {
        let mut forged = analysis.clone();
        change(&mut forged);
        let text = serde_json::to_string(&forged).unwrap();
        serde_json::from_str::<Analysis>(&text).unwrap_err()
    };
    forge(&|a| a.counts.win += 1);
    forge(&|a| a.longest_win = None);
    forge(&|a| a.longest_loss = Some((1, 7)));
    forge(&|a| a.longest_tie = Some((4, 0)));
    forge(&|a| a.by_remoteness.push(Default::default()));
}

proptest! {
    /// Every label and analysis a solver produces reads back unchanged.
    #[test]
    fn solved_labels_and_analyses_read_back(
        n in 1usize..=12,
        edges in proptest::collection::vec((0u32..12, 0u32..12), 0..=30),
        misere in any::<bool>(),
    ) {
        let edges: Vec<(u32, u32)> =
            edges.into_iter().map(|(u, v)| (u % n as u32, v % n as u32)).collect();
        let graph = Graph::from_edges(n, &edges, Budget::default()).unwrap();
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let solution = DenseSolver::new(&graph).with_convention(convention).solve().unwrap();
        for u in 0..n as u32 {
            let label = solution.label(u).unwrap();
            let text = serde_json::to_string(&label).unwrap();
            prop_assert_eq!(serde_json::from_str::<Label>(&text).unwrap(), label);
        }
        let analysis = solution.analysis();
        let text = serde_json::to_string(&analysis).unwrap();
        prop_assert_eq!(serde_json::from_str::<Analysis>(&text).unwrap(), analysis);
    }
}

/// `Ends::solve` is documented as work-capped with O(n) memory: a zero
/// memory budget does not refuse it, a small work cap does.
#[test]
fn ends_solve_is_work_capped_not_memory_checked() {
    use stonegame::scoring::Ends;
    let values: Vec<i64> = (1..=50).collect();
    let zero = Ends::new(values.clone())
        .unwrap()
        .with_budget(Budget::from_bytes(0));
    assert_eq!(zero.solve().unwrap().line().len(), 50);
    let capped = Ends::new(values)
        .unwrap()
        .with_budget(Budget::from_bytes(0).with_work(100));
    assert!(matches!(
        capped.solve(),
        Err(stonegame::Error::WorkLimitWouldExceed { .. })
    ));
}
