//! Misère quotients (`impartial::octal::MisereQuotient`) against an
//! independent memoised brute force of misère play, the crate's exact misère
//! search, genus theory for tame games, and published facts.

use proptest::prelude::*;
use std::collections::HashMap;
use std::ops::ControlFlow;
use stonegame::impartial::ImpartialGame;
use stonegame::impartial::octal::{
    MisereQuotient, MisereSearch, OctalGame, QuotientGrowth, TakeAndBreak,
};
use stonegame::{Budget, Convention, Error, Outcome};

/// Misère brute force: does the player to move win the sum `heaps`?
/// (Iterative over an explicit stack; positions are sorted multisets.)
struct Brute {
    game: TakeAndBreak,
    memo: HashMap<Vec<u64>, bool>,
}

impl Brute {
    fn new(game: TakeAndBreak) -> Self {
        Self {
            game,
            memo: HashMap::new(),
        }
    }

    fn options(&self, position: &[u64]) -> Vec<Vec<u64>> {
        let mut result = Vec::new();
        for i in 0..position.len() {
            let _ = self.game.for_each_option(&position[i], |parts| {
                let mut next: Vec<u64> = position[..i].to_vec();
                next.extend_from_slice(&position[i + 1..]);
                next.extend_from_slice(parts);
                next.sort_unstable();
                result.push(next);
                ControlFlow::Continue(())
            });
        }
        result
    }

    fn first_wins(&mut self, heaps: &[u64]) -> bool {
        let mut root = heaps.to_vec();
        root.sort_unstable();
        let mut stack = vec![root.clone()];
        while let Some(top) = stack.last().cloned() {
            if self.memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            let options = self.options(&top);
            let unknown: Vec<Vec<u64>> = options
                .iter()
                .filter(|o| !self.memo.contains_key(*o))
                .cloned()
                .collect();
            if unknown.is_empty() {
                // Misère: no move means the player to move has won.
                let wins = options.is_empty() || options.iter().any(|o| !self.memo[o]);
                self.memo.insert(top, wins);
                stack.pop();
            } else {
                stack.extend(unknown);
            }
        }
        self.memo[&root]
    }
}

fn outcome(first_wins: bool) -> Outcome {
    if first_wins {
        Outcome::First
    } else {
        Outcome::Second
    }
}

/// Every multiset of at most `count` heaps in `0..=bound`.
fn sums(count: usize, bound: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    let mut level: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..count {
        let mut next = Vec::new();
        for sum in &level {
            for h in sum.last().copied().unwrap_or(0)..=bound {
                let mut longer = sum.clone();
                longer.push(h);
                next.push(longer);
            }
        }
        all.extend(next.iter().cloned());
        level = next;
    }
    all
}

/// The quotient agrees with brute force on `positions`, and its winning
/// moves lead to positions brute force calls lost.
fn check_against_brute(code: &str, bound: u64, positions: &[Vec<u64>]) {
    let game = TakeAndBreak::by_name(code).unwrap();
    let quotient = MisereQuotient::up_to(&game, bound, Budget::default())
        .unwrap_or_else(|e| panic!("{code} up to {bound}: {e}"));
    let mut brute = Brute::new(game);
    for heaps in positions {
        let exact = brute.first_wins(heaps);
        assert_eq!(
            quotient.outcome(heaps).unwrap(),
            outcome(exact),
            "{code} {heaps:?}"
        );
        let best = quotient.winning_move(heaps).unwrap();
        let has_move = !brute.options(heaps).is_empty();
        assert_eq!(best.is_some(), exact && has_move, "{code} {heaps:?}");
        if let Some(best) = best {
            let after = best.apply(heaps).unwrap();
            assert!(!brute.first_wins(&after), "{code} {heaps:?} -> {best}");
        }
    }
}

#[test]
fn every_sum_of_three_heaps_up_to_12_agrees_with_brute_force() {
    let positions = sums(3, 12);
    for code in ["0.77", "0.07", "0.137", "0.75", "0.03"] {
        check_against_brute(code, 12, &positions);
    }
    // Nim's quotient grows with every power of two; small heaps suffice.
    check_against_brute("0.(3)", 7, &sums(3, 7));
}

#[test]
fn every_pair_up_to_20_agrees_with_brute_force() {
    let positions = sums(2, 20);
    for code in ["0.77", "0.07", "0.137", "0.75", "0.03"] {
        check_against_brute(code, 20, &positions);
    }
}

#[test]
fn codes_that_split_without_taking_agree_with_brute_force() {
    // First digit 4: a heap may be split in two without taking a token, so
    // an option can have as many tokens as its position (representatives are
    // chosen by weight, `2h - 1` per heap, which every move lowers).
    // 4.7 is Daisies (Plambeck, "Daisies, Kayles, and the Sibert-Conway
    // decomposition in misère octal games", TCS 96, 1992).
    for code in ["4.7", "4.07"] {
        check_against_brute(code, 16, &sums(2, 16));
        check_against_brute(code, 9, &sums(3, 9));
    }
}

/// Grundy values by the mex rule, from the game's own options (independent
/// of the quotient code).
fn grundy_values(game: &TakeAndBreak, bound: u64) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for h in 0..=bound {
        let mut seen = Vec::new();
        let _ = game.for_each_option(&h, |parts| {
            seen.push(parts.iter().fold(0, |acc, &p| acc ^ values[p as usize]));
            ControlFlow::Continue(())
        });
        values.push((0..).find(|g| !seen.contains(g)).unwrap());
    }
    values
}

#[test]
fn dawsons_kayles_is_tame_up_to_heap_9_and_its_quotient_is_misere_nims() {
    // Genus theory (Conway, On Numbers and Games ch. 12): a sum of tame heaps
    // is played like misère Nim on their Grundy values: P exactly when every
    // value is at most 1 and the nim-sum is 1, or some value is at least 2
    // and the nim-sum is 0.
    let game = TakeAndBreak::octal("0.07").unwrap();
    for h in 1..=9 {
        let genus =
            stonegame::impartial::genus::heap_genus(&game, h, 3, 200_000, Budget::default())
                .unwrap();
        assert!(genus.is_tame(), "0.07 heap {h}: {genus}");
    }
    let wild =
        stonegame::impartial::genus::heap_genus(&game, 10, 3, 200_000, Budget::default()).unwrap();
    assert!(!wild.is_tame(), "0.07 heap 10: {wild}");
    let values = grundy_values(&game, 9);
    let q = MisereQuotient::up_to(&game, 9, Budget::default()).unwrap();
    // The values 0..=3 occur: the quotient of misère Nim on heaps up to 3.
    assert_eq!(values.iter().max(), Some(&3));
    let nim = MisereQuotient::up_to(&TakeAndBreak::nim(), 3, Budget::default()).unwrap();
    assert_eq!(q.order(), nim.order());
    assert_eq!(q.order(), 6);
    for heaps in sums(4, 9) {
        let g: Vec<u64> = heaps.iter().map(|&h| values[h as usize]).collect();
        let nim_sum = g.iter().fold(0, |acc, &v| acc ^ v);
        let p = if g.iter().all(|&v| v <= 1) {
            nim_sum == 1
        } else {
            nim_sum == 0
        };
        let expected = if p { Outcome::Second } else { Outcome::First };
        assert_eq!(q.outcome(&heaps).unwrap(), expected, "0.07 {heaps:?}");
    }
    // The first wild heap makes the quotient bigger than any tame one with
    // the same values.
    let wild_q = MisereQuotient::up_to(&game, 10, Budget::default()).unwrap();
    assert_eq!(wild_q.order(), 12);
}

#[test]
fn dawsons_kayles_past_heap_24_comes_from_the_candidate_search() {
    // Q_24(0.07) has 24 elements; heap 25 splits classes of smaller heaps, and
    // the candidate search (after Siegel's MisereSolver) finds Q_25 and Q_26,
    // of 144 elements each, each proven by the closure verification.
    let game = TakeAndBreak::octal("0.07").unwrap();
    let q = MisereQuotient::up_to(&game, 24, Budget::default()).unwrap();
    assert_eq!(q.order(), 24);
    for bound in [25, 26] {
        let q = MisereQuotient::up_to(&game, bound, Budget::default()).unwrap();
        assert_eq!(q.order(), 144, "Q_{bound}(0.07)");
        assert_onto_and_reduced(&q, bound, "0.07");
    }
    // A work cap too small for heap 25 is a typed refusal naming the cap.
    match MisereQuotient::up_to(&game, 25, Budget::default().with_work(12_000_000)) {
        Err(Error::WorkLimitExceeded { steps, .. }) => assert_eq!(steps, 12_000_000),
        other => panic!("expected the work cap, got {other:?}"),
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "about 2 s in a release build; run with --release"
)]
fn dawsons_kayles_q30_has_siegels_360_elements() {
    // Siegel reports |Q_30(0.07)| = 360 (A. Siegel on the misère games blog,
    // 28 August 2007, "Some MisereSolver questions answered").
    let game = TakeAndBreak::dawsons_kayles();
    let q = MisereQuotient::up_to(&game, 30, Budget::default()).unwrap();
    assert_eq!(q.order(), 360);
    assert_onto_and_reduced(&q, 30, "0.07");
    // Its answers agree with the exact search on sums of heaps up to 30.
    let mut search = MisereSearch::new(game);
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = |below: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % below
    };
    for _ in 0..60 {
        let big = 25 + next(6);
        let mut heaps = vec![big];
        for _ in 0..next(3) {
            heaps.push(1 + next(10));
        }
        assert_eq!(
            q.outcome(&heaps).unwrap(),
            search.outcome(&heaps).unwrap(),
            "{heaps:?}"
        );
    }
}

/// The order of a verified quotient is exactly the number of
/// indistinguishability classes: every element is a product of heap elements
/// (the map is onto) and no two elements are indistinguishable inside the
/// monoid (it is reduced). With the verification (every sum predicted
/// correctly), distinct elements are then distinguished by real sums.
fn assert_onto_and_reduced(q: &MisereQuotient, bound: u64, what: &str) {
    let order = q.order();
    let mut gens: Vec<u32> = (0..=bound).map(|h| q.heap_element(h).unwrap()).collect();
    gens.sort_unstable();
    gens.dedup();
    let mut reached = vec![false; order];
    reached[0] = true;
    let mut stack = vec![0u32];
    while let Some(x) = stack.pop() {
        for &g in &gens {
            let y = q.product(x, g);
            if !reached[y as usize] {
                reached[y as usize] = true;
                stack.push(y);
            }
        }
    }
    assert!(reached.iter().all(|&r| r), "{what}: not onto");
    // Partition refinement from P/N under multiplication by the generators.
    let mut block: Vec<usize> = (0..order as u32).map(|x| usize::from(q.is_p(x))).collect();
    let mut count = 0;
    loop {
        let mut ids: HashMap<Vec<usize>, usize> = HashMap::new();
        let next: Vec<usize> = (0..order as u32)
            .map(|x| {
                let mut signature = vec![block[x as usize]];
                signature.extend(gens.iter().map(|&g| block[q.product(x, g) as usize]));
                let fresh = ids.len();
                *ids.entry(signature).or_insert(fresh)
            })
            .collect();
        block = next;
        if ids.len() == count {
            break;
        }
        count = ids.len();
    }
    assert_eq!(count, order, "{what}: not reduced");
}

#[test]
fn verified_quotients_are_onto_and_reduced() {
    // Kayles: the certified quotient has order 40, so |Q(0.77)| = 40 exactly.
    let kayles = MisereQuotient::certified(&TakeAndBreak::kayles(), Budget::default()).unwrap();
    assert_eq!(kayles.order(), 40);
    assert_onto_and_reduced(&kayles, kayles.bound(), "0.77");
    for (code, bound) in [
        ("0.07", 24),
        ("4.7", 16),
        ("4.07", 20),
        ("0.137", 20),
        ("0.75", 30),
    ] {
        let game = TakeAndBreak::by_name(code).unwrap();
        let q = MisereQuotient::up_to(&game, bound, Budget::default()).unwrap();
        assert_onto_and_reduced(&q, bound, code);
    }
}

#[test]
fn four_small_kayles_heaps_agree_with_brute_force() {
    check_against_brute("0.77", 9, &sums(4, 9));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random sums against the crate's exact misère search.
    #[test]
    fn random_sums_agree_with_the_exact_search(
        code in prop::sample::select(vec!["0.77", "0.07", "0.75", "0.137", "4.7", "4.07"]),
        heaps in prop::collection::vec(0u64..=12, 0..=4),
    ) {
        let game = TakeAndBreak::by_name(code).unwrap();
        let quotient = MisereQuotient::up_to(&game, 12, Budget::default()).unwrap();
        let mut search = MisereSearch::new(game);
        prop_assert_eq!(quotient.outcome(&heaps).unwrap(), search.outcome(&heaps).unwrap());
    }
}

#[test]
fn tame_games_have_the_quotients_of_misere_nim() {
    // 0.03 only has Grundy values 0 and 1 and is tame: misère Nim on heaps of
    // 0 and 1, the quotient {1, a} with a² = 1 and P = {a}.
    let game = TakeAndBreak::octal("0.03").unwrap();
    for h in 1..=12 {
        let genus =
            stonegame::impartial::genus::heap_genus(&game, h, 3, 200_000, Budget::default())
                .unwrap();
        assert!(genus.is_tame(), "0.03 heap {h}: {genus}");
    }
    let q = MisereQuotient::certified(&game, Budget::default()).unwrap();
    assert_eq!(q.order(), 2);
    assert!(q.period().is_some());
    // Misère Nim restricted to heaps below 2^k (k >= 2): genus theory gives
    // the classes 1, a (a single 1-heap), and the 2^k nim-values of sums with
    // a heap of 2 or more, each of which is its own class: order 2^k + 2
    // (the tame quotients of Plambeck and Siegel, "Misère quotients for
    // impartial games"; order 6 for heaps up to 2 and 3).
    for (bound, order) in [(1, 2), (3, 6), (7, 10), (15, 18)] {
        let nim = MisereQuotient::up_to(&TakeAndBreak::nim(), bound, Budget::default()).unwrap();
        assert_eq!(nim.order(), order, "Nim up to {bound}");
    }
}

#[test]
fn kayles_quotient_and_heap_map_become_periodic() {
    // The normal-play Kayles sequence has period 12 from heap 71 on (Guy;
    // the table on https://miseregames.wordpress.com/2003/09/21/the-discovery-of-the-solution-to-misere-kayles/);
    // the misère quotient's heap map is certified with the same preperiod and
    // period. The order, 40, is this crate's computation (proven by the
    // closure verification and checked above against brute force).
    let kayles = MisereQuotient::certified(&TakeAndBreak::kayles(), Budget::default()).unwrap();
    let period = kayles.period().expect("Kayles' heap map is periodic");
    assert_eq!(period.period, 12);
    assert_eq!(period.preperiod, 71);
    assert_eq!(kayles.order(), 40);
    // The certified map agrees with a plain quotient computed further.
    let plain = MisereQuotient::up_to(&TakeAndBreak::kayles(), 300, Budget::default()).unwrap();
    assert_eq!(plain.order(), kayles.order());
    for a in 0..=300 {
        for b in [0, 1, 4, 71, 150, 299] {
            assert_eq!(
                kayles.outcome(&[a, b]).unwrap(),
                plain.outcome(&[a, b]).unwrap()
            );
        }
    }
}

#[test]
fn huge_kayles_sums_have_winning_moves_into_p() {
    let kayles = MisereQuotient::certified(&TakeAndBreak::kayles(), Budget::default()).unwrap();
    let heaps = [1_000_000_000_000_000_007, 1500, 1200, 900, 7];
    if let Some(best) = kayles.winning_move(&heaps).unwrap() {
        assert_eq!(
            kayles.outcome(&best.apply(&heaps).unwrap()).unwrap(),
            Outcome::Second
        );
    } else {
        assert_eq!(kayles.outcome(&heaps).unwrap(), Outcome::Second);
    }
}

#[test]
fn octal_game_uses_the_quotient_for_misere_kayles() {
    let mut game = OctalGame::new(TakeAndBreak::kayles()).with_convention(Convention::Misere);
    // Far beyond the exact search (which refuses 30 30 30 after its work cap).
    let heaps = [1500, 1200, 900, 7];
    let solution = game.solve(&heaps).unwrap();
    if let Some(best) = solution.best_move() {
        let after = best.apply(&heaps).unwrap();
        assert_eq!(game.outcome(&after).unwrap(), Outcome::Second);
    }
    assert_eq!(
        game.outcome(&[30, 30, 30]).unwrap(),
        game.misere_quotient()
            .unwrap()
            .outcome(&[30, 30, 30])
            .unwrap()
    );
}

#[test]
fn presentations_print() {
    let nim = MisereQuotient::up_to(&TakeAndBreak::nim(), 2, Budget::default()).unwrap();
    let text = nim.presentation().to_string();
    assert!(text.contains("a^2 = 1"), "{text}");
    assert!(text.contains("b^3 = b"), "{text}");
    let kayles = MisereQuotient::certified(&TakeAndBreak::kayles(), Budget::default()).unwrap();
    let presentation = kayles.presentation();
    assert_eq!(presentation.normal_forms.len(), 40);
}

#[test]
fn limits_are_refused_with_typed_errors() {
    let kayles = TakeAndBreak::kayles();
    let tiny_work = Budget::default().with_work(1_000);
    assert!(matches!(
        MisereQuotient::up_to(&kayles, 200, tiny_work),
        Err(Error::WorkLimitExceeded { .. })
    ));
    assert!(matches!(
        MisereQuotient::up_to(&kayles, 200, Budget::from_bytes(2_000)),
        Err(Error::MemoryBudgetExceeded { .. })
    ));
    let q = MisereQuotient::up_to(&kayles, 20, Budget::default()).unwrap();
    assert!(matches!(
        q.outcome(&[21]),
        Err(Error::SizeLimitExceeded { .. })
    ));
    assert!(matches!(
        MisereQuotient::up_to(&TakeAndBreak::grundys_game(), 10, Budget::default()),
        Err(Error::InvalidParameter { .. })
    ));
}

/// A random octal code of up to three digits after `0.` (or `4.`), each
/// digit 0..=7 with at least one move.
fn small_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "4"]),
        prop::collection::vec(0u8..=7, 1..=3),
    )
        .prop_filter_map("a code with a move", |(first, digits)| {
            let code = format!(
                "{first}.{}",
                digits.iter().map(|d| d.to_string()).collect::<String>()
            );
            TakeAndBreak::octal(&code).ok().map(|_| code)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A grown quotient, wherever it stopped, answers every sum of heaps up
    /// to its verified bound as the exact search does (random small codes;
    /// sums of up to three heaps, at most 30 tokens, so the search is quick).
    #[test]
    fn grown_quotients_agree_with_the_exact_search(
        code in small_code(),
        max_heap in 1u64..=14,
        picks in prop::collection::vec(prop::collection::vec(0u64..=1_000, 0..=3), 1..=12),
    ) {
        let game = TakeAndBreak::octal(&code).unwrap();
        let grown = QuotientGrowth::new(game.clone())
            .with_budget(Budget::default().with_work(120_000_000))
            .with_max_heap(max_heap)
            .grow()
            .unwrap();
        let quotient = grown.quotient();
        prop_assert!(quotient.bound() <= max_heap);
        if let Some(stop) = grown.stop() {
            prop_assert_eq!(stop.heap, quotient.bound() + 1);
        } else if quotient.period().is_none() {
            prop_assert_eq!(quotient.bound(), max_heap);
        }
        let mut search = MisereSearch::new(game);
        let bound = quotient.bound();
        for pick in picks {
            let heaps: Vec<u64> = pick.iter().map(|h| h % (bound + 1)).collect();
            if heaps.iter().sum::<u64>() > 30 {
                continue;
            }
            prop_assert_eq!(
                quotient.outcome(&heaps).unwrap(),
                search.outcome(&heaps).unwrap(),
                "{} {:?}", code, heaps
            );
        }
    }
}

#[test]
fn dawsons_kayles_grows_past_heap_24_and_says_why_it_stops() {
    // Heap 25 splits classes; the candidate search carries the growth on.
    let grown = QuotientGrowth::new(TakeAndBreak::dawsons_kayles())
        .with_max_heap(26)
        .grow()
        .unwrap();
    assert_eq!(grown.quotient().bound(), 26);
    assert_eq!(grown.quotient().order(), 144);
    assert!(grown.stop().is_none());
    // With a smaller work cap the growth keeps its last verified quotient and
    // names the cap.
    let capped = QuotientGrowth::new(TakeAndBreak::dawsons_kayles())
        .with_max_heap(30)
        .with_budget(Budget::default().with_work(120_000_000))
        .grow()
        .unwrap();
    let bound = capped.quotient().bound();
    assert!((24..30).contains(&bound), "{bound}");
    let stop = capped.stop().expect("the work cap stops it");
    assert_eq!(stop.heap, bound + 1);
    assert!(
        matches!(
            stop.reason,
            Error::WorkLimitExceeded {
                steps: 120_000_000,
                ..
            }
        ),
        "{}",
        stop.reason
    );
    // The grown quotient is the strict one of the same bound.
    let strict =
        MisereQuotient::up_to(&TakeAndBreak::dawsons_kayles(), bound, Budget::default()).unwrap();
    assert_eq!(capped.quotient().order(), strict.order());
    for heaps in sums(3, 24) {
        assert_eq!(
            capped.quotient().outcome(&heaps).unwrap(),
            strict.outcome(&heaps).unwrap()
        );
    }
}

#[test]
fn misere_dawsons_kayles_beyond_the_quotient_is_refused_with_the_reason() {
    let mut dawson =
        OctalGame::new(TakeAndBreak::dawsons_kayles()).with_convention(Convention::Misere);
    // Within the verified quotient: answered, and as the exact search says.
    let heaps = [24, 24, 24, 24, 17];
    let mut search = MisereSearch::new(TakeAndBreak::dawsons_kayles());
    assert_eq!(
        dawson.outcome(&[20, 3]).unwrap(),
        search.outcome(&[20, 3]).unwrap()
    );
    assert!(dawson.outcome(&heaps).is_ok());
    // The automatic attempt's work cap verifies Q_26 (144 elements).
    let within = [26, 25, 24];
    assert!(dawson.outcome(&within).is_ok());
    // Beyond it: a typed refusal naming the game, the bound and why.
    match dawson.outcome(&[30, 30, 30]) {
        Err(Error::BeyondMisereQuotient {
            game,
            verified,
            order,
            heap,
            reason,
            source,
        }) => {
            assert_eq!(game, "Dawson's Kayles (0.07)");
            // The exact search's own refusal is the error's source.
            assert!(
                matches!(*source, Error::WorkLimitExceeded { .. }),
                "{source:?}"
            );
            assert_eq!((verified, order, heap), (26, 144, 30));
            assert!(reason.contains("heap 27"), "{reason}");
            assert!(reason.contains("Budget::with_work"), "{reason}");
        }
        other => panic!("expected a refusal beyond the quotient, got {other:?}"),
    }
    // A single big heap is still within the exact search's reach.
    assert_eq!(
        dawson.outcome(&[31]).unwrap(),
        search.outcome(&[31]).unwrap()
    );
}
