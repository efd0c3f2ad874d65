//! Issue 35: octal searches charge the work cap what their loops really
//! cost (a step about a nanosecond), so a cap refuses the heavy cases in
//! time and a sufficient cap answers exactly what an uncapped run does.

use stonegame::impartial::octal::{
    MisereSearch, TakeAndBreak, grundy_sequence, grundy_sequence_plain,
};
use stonegame::{Budget, Error, Outcome};

#[test]
fn the_mex_search_of_a_code_with_many_splits_and_large_values_is_charged() {
    // 4.(7) to heap 1000: its mex searches mark about 10^8 pairs one by
    // one (a scattered store each), which were charged an eighth of a step
    // as compared pairs: 1.2·10^7 steps for 6 ns of CPU a step. Charged a
    // quarter step more a marked pair and a step a split looked at, it
    // needs about 3.4·10^7.
    let game: TakeAndBreak = "4.(7)".parse().unwrap();
    let capped = grundy_sequence(&game, 1000, Budget::default().with_work(20_000_000));
    assert!(
        matches!(
            capped,
            Err(Error::WorkLimitExceeded {
                steps: 20_000_000,
                ..
            })
        ),
        "{capped:?}"
    );
    let plain = grundy_sequence_plain(&game, 1000, Budget::default()).unwrap();
    let answered = grundy_sequence(&game, 1000, Budget::default().with_work(40_000_000)).unwrap();
    assert_eq!(answered, plain);
}

#[test]
fn a_repeating_code_lists_its_removals_as_before() {
    // The digits of a code that repeats forever are now read in order
    // without a division a removal: the values stay those of the plain
    // computation (which lists the same move classes).
    for code in ["0.(1)", "4.(7)", "0.1(37)", "0.(26)", "0.5(4)"] {
        let game: TakeAndBreak = code.parse().unwrap();
        let plain = grundy_sequence_plain(&game, 300, Budget::default()).unwrap();
        let mut brute = vec![0u32; 301];
        for n in 0..=300u64 {
            let mut seen = vec![false; 1024];
            for k in 1..=n {
                let digit = game_digit(code, k);
                let left = n - k;
                if digit & 1 != 0 && left == 0 {
                    seen[0] = true;
                }
                if digit & 2 != 0 && left >= 1 {
                    seen[brute[left as usize] as usize] = true;
                }
                if digit & 4 != 0 && left >= 2 {
                    for a in 1..left {
                        seen[(brute[a as usize] ^ brute[(left - a) as usize]) as usize] = true;
                    }
                }
            }
            if game_digit(code, 0) & 4 != 0 {
                for a in 1..n {
                    seen[(brute[a as usize] ^ brute[(n - a) as usize]) as usize] = true;
                }
            }
            brute[n as usize] = seen.iter().position(|&s| !s).unwrap() as u32;
        }
        assert_eq!(plain, brute, "{code}");
    }
}

/// Digit `k` of `code`, read off its text (the test's own reading).
fn game_digit(code: &str, k: u64) -> u8 {
    let (whole, rest) = code.split_once('.').unwrap();
    let (prefix, repeat) = match rest.split_once('(') {
        Some((prefix, repeat)) => (prefix, repeat.trim_end_matches(')')),
        None => (rest, ""),
    };
    let digits: Vec<u8> = std::iter::once(whole)
        .chain(std::iter::once(prefix))
        .flat_map(|part| part.bytes().map(|b| b - b'0'))
        .collect();
    if (k as usize) < digits.len() {
        return digits[k as usize];
    }
    if repeat.is_empty() {
        return 0;
    }
    let offset = (k as usize - digits.len()) % repeat.len();
    repeat.as_bytes()[offset] - b'0'
}

#[test]
fn the_exact_misere_search_charges_each_option_its_cost() {
    // Misère Grundy's game on 20 + 13: about 1.6·10^6 steps at 48 a move
    // examined and 8 a heap it leaves; at a step a heap it took 1.1·10^5,
    // for 8-28 ns of CPU a step.
    let game = TakeAndBreak::grundys_game();
    let capped = MisereSearch::new(game.clone())
        .with_budget(Budget::default().with_work(800_000))
        .outcome(&[20, 13]);
    assert!(
        matches!(capped, Err(Error::WorkLimitExceeded { steps: 800_000, .. })),
        "{capped:?}"
    );
    let uncapped = MisereSearch::new(game.clone()).outcome(&[20, 13]).unwrap();
    let answered = MisereSearch::new(game)
        .with_budget(Budget::default().with_work(3_000_000))
        .outcome(&[20, 13])
        .unwrap();
    assert_eq!(answered, uncapped);
    assert_eq!(answered, Outcome::First);
}
