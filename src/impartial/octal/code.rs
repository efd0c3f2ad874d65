//! Take-and-break games: octal codes (`0.77`, `0.07`, `4.07`, `0.(7)`, …) and Grundy's game.
//!
//! # Octal codes
//!
//! A code `d0.d1d2d3…` describes, for every `k`, what may happen when `k` tokens
//! are removed from one heap. Digit `dk` (0..=7) is a sum of
//! - `1`: the heap may be removed completely (only when exactly `k` tokens are left),
//! - `2`: one non-empty heap may remain,
//! - `4`: two non-empty heaps may remain (the heap is split).
//!
//! The digit before the point is `0` or `4` (`4.` codes split a heap without
//! removing anything); `1` or `2` there would not change the position.
//!
//! **Repeating digits.** A group in parentheses at the end repeats forever:
//! `0.(7)` is `0.777…` (Last One: remove any run of sticks), `0.(3)` is Nim,
//! `0.1(37)` is `0.1373737…`. The overline form `0.7̅` (a combining overline,
//! U+0305, after each repeated digit) is accepted too and means the same.
//! A code with no repeating group is *finite*: its last non-zero digit is the
//! largest number of tokens a move can remove (`t` in the periodicity theorem).

use crate::impartial::ImpartialGame;
use crate::{Error, Result};
use std::fmt;
use std::ops::ControlFlow;

/// The largest number of digits accepted in an octal code (prefix plus repeating group).
pub const MAX_CODE_DIGITS: usize = 64;

/// A parsed octal code: digits `d0.d1d2…`, optionally ending in a group that repeats forever.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::OctalCode;
///
/// let kayles: OctalCode = "0.77".parse()?;
/// assert_eq!(kayles.digit(2), 7);
/// assert_eq!(kayles.digit(3), 0);
/// assert_eq!(kayles.max_take(), Some(2));
///
/// let last_one: OctalCode = "0.(7)".parse()?;
/// assert_eq!(last_one.digit(1_000_000), 7);
/// assert_eq!(last_one.max_take(), None);
/// assert_eq!(last_one.to_string(), "0.(7)");
/// # Ok::<(), stonegame::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `d0, d1, …` before the repeating group (trailing zeros trimmed when there is no group).
    prefix: Vec<u8>,
    /// The group repeated forever after `prefix` (empty for a finite code).
    repeat: Vec<u8>,
}

impl OctalCode {
    /// Builds a code from its digits `d0, d1, …` and a repeating group (may be empty).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when a digit is above 7, `d0` is not 0 or 4,
    /// the repeating group is all zeros, the code has no move at all, or it has
    /// more than [`MAX_CODE_DIGITS`] digits.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::OctalCode;
    /// let code = OctalCode::from_digits(&[4, 0, 7], &[])?;
    /// assert_eq!(code.to_string(), "4.07");
    /// assert!(OctalCode::from_digits(&[0, 8], &[]).is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn from_digits(digits: &[u8], repeat: &[u8]) -> Result<Self> {
        let invalid = |reason: String| Error::InvalidParameter {
            name: "octal code",
            reason,
        };
        if digits.is_empty() {
            return Err(invalid("a code needs the digit before the point".into()));
        }
        if digits.len() + repeat.len() > MAX_CODE_DIGITS {
            return Err(invalid(format!(
                "{} digits, above the limit of {MAX_CODE_DIGITS}",
                digits.len() + repeat.len()
            )));
        }
        if let Some(d) = digits.iter().chain(repeat).find(|&&d| d > 7) {
            return Err(invalid(format!("digit {d} is not an octal digit (0..=7)")));
        }
        if digits[0] != 0 && digits[0] != 4 {
            return Err(invalid(format!(
                "the digit before the point must be 0 or 4, not {} (removing nothing \
                 and leaving the heap unchanged is not a move)",
                digits[0]
            )));
        }
        if !repeat.is_empty() && repeat.iter().all(|&d| d == 0) {
            return Err(invalid("the repeating group is all zeros".into()));
        }
        let mut prefix = digits.to_vec();
        if repeat.is_empty() {
            while prefix.len() > 1 && prefix.last() == Some(&0) {
                prefix.pop();
            }
            if prefix == [0] {
                return Err(invalid("the code allows no move at all".into()));
            }
        }
        Ok(Self {
            prefix,
            repeat: repeat.to_vec(),
        })
    }

    /// Digit `dk`: what may remain after removing `k` tokens.
    ///
    /// # Example
    /// ```
    /// let code: stonegame::impartial::octal::OctalCode = "0.1(37)".parse()?;
    /// assert_eq!((1..=5).map(|k| code.digit(k)).collect::<Vec<_>>(), [1, 3, 7, 3, 7]);
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn digit(&self, k: u64) -> u8 {
        let len = self.prefix.len() as u64;
        if k < len {
            return self.prefix[k as usize];
        }
        if self.repeat.is_empty() {
            return 0;
        }
        let offset = (k - len) % self.repeat.len() as u64;
        self.repeat[offset as usize]
    }

    /// The largest number of tokens one move may remove (`t`), or `None` when
    /// the code repeats forever.
    ///
    /// # Example
    /// ```
    /// let code: stonegame::impartial::octal::OctalCode = "0.137".parse()?;
    /// assert_eq!(code.max_take(), Some(3));
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn max_take(&self) -> Option<u64> {
        self.repeat.is_empty().then(|| self.prefix.len() as u64 - 1)
    }

    /// Whether every move's result is a Nim-like reduction: `d0 = 0` and every
    /// digit from `d1` on is 3 or 7, forever. Then any heap can be reduced to
    /// any smaller heap, and a split `a + b < n` has value `a ^ b <= a + b < n`,
    /// so `G(n) = n` for every `n` and misère play follows the misère Nim rule
    /// (proof in the [octal guide](crate::guide::octal)). Nim `0.(3)` and Last One `0.(7)` are such codes.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::OctalCode;
    /// assert!("0.(7)".parse::<OctalCode>()?.is_nim_like());
    /// assert!(!"0.77".parse::<OctalCode>()?.is_nim_like());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn is_nim_like(&self) -> bool {
        !self.repeat.is_empty()
            && self.prefix[0] == 0
            && self.prefix[1..]
                .iter()
                .chain(&self.repeat)
                .all(|&d| d == 3 || d == 7)
    }
}

impl std::str::FromStr for OctalCode {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        let invalid = |reason: String| Error::InvalidParameter {
            name: "octal code",
            reason,
        };
        let text = text.trim();
        let (before, after) = match text.split_once('.') {
            Some((b, a)) => (if b.is_empty() { "0" } else { b }, a),
            None => (text, ""),
        };
        let mut digits = Vec::new();
        if before.len() != 1 {
            return Err(invalid(format!(
                "'{text}': exactly one digit goes before the point"
            )));
        }
        digits.push(octal_digit(before.chars().next().unwrap_or('0'), text)?);
        let mut repeat = Vec::new();
        let mut chars = after.chars().peekable();
        let mut in_group = false;
        let mut group_closed = false;
        while let Some(c) = chars.next() {
            if group_closed {
                return Err(invalid(format!(
                    "'{text}': nothing may follow the repeating group"
                )));
            }
            match c {
                '(' if !in_group => in_group = true,
                ')' if in_group => {
                    in_group = false;
                    group_closed = true;
                    if repeat.is_empty() {
                        return Err(invalid(format!("'{text}': empty repeating group")));
                    }
                }
                '\u{305}' => {
                    return Err(invalid(format!(
                        "'{text}': an overline must follow a digit"
                    )));
                }
                _ => {
                    let d = octal_digit(c, text)?;
                    if chars.peek() == Some(&'\u{305}') {
                        chars.next();
                        if in_group {
                            return Err(invalid(format!(
                                "'{text}': use either parentheses or overlines"
                            )));
                        }
                        repeat.push(d);
                    } else if in_group {
                        repeat.push(d);
                    } else if !repeat.is_empty() {
                        return Err(invalid(format!(
                            "'{text}': overlined digits must come last"
                        )));
                    } else {
                        digits.push(d);
                    }
                }
            }
        }
        if in_group {
            return Err(invalid(format!("'{text}': unclosed '('")));
        }
        OctalCode::from_digits(&digits, &repeat)
    }
}

fn octal_digit(c: char, text: &str) -> Result<u8> {
    c.to_digit(10)
        .filter(|&d| d <= 7)
        .map(|d| d as u8)
        .ok_or_else(|| Error::InvalidParameter {
            name: "octal code",
            reason: format!("'{text}': '{c}' is not an octal digit (0..=7), '(' or ')'"),
        })
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.prefix[0])?;
        for d in &self.prefix[1..] {
            write!(f, "{d}")?;
        }
        if !self.repeat.is_empty() {
            f.write_str("(")?;
            for d in &self.repeat {
                write!(f, "{d}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// What one move does to a heap of size `n`, grouped so that solvers can
/// treat every split of the same total at once.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::{MoveClass, TakeAndBreak};
///
/// let mut classes = Vec::new();
/// TakeAndBreak::kayles().for_each_move_class(3, |class| classes.push(class));
/// assert_eq!(
///     classes,
///     [
///         MoveClass::LeaveOne(2),
///         MoveClass::Split { total: 2, unequal: false },
///         MoveClass::LeaveOne(1),
///     ]
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// The whole heap is removed, leaving nothing.
    TakeAll,
    /// One heap of this (non-zero) size remains.
    LeaveOne(u64),
    /// Two non-empty heaps `a + b = total` remain (every such pair; with
    /// `unequal`, only `a != b`). Splits with no valid pair are still reported.
    Split {
        /// The tokens left, shared between the two heaps.
        total: u64,
        /// Whether the two heaps must differ in size (Grundy's game).
        unequal: bool,
    },
}

impl MoveClass {
    /// The largest `a` of the pairs `(a, total - a)` with `1 <= a <= total - a`
    /// (or `a < total - a` when unequal); 0 when there is no pair.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::MoveClass;
    /// assert_eq!(MoveClass::Split { total: 6, unequal: true }.largest_smaller_part(), 2);
    /// assert_eq!(MoveClass::Split { total: 6, unequal: false }.largest_smaller_part(), 3);
    /// ```
    pub fn largest_smaller_part(self) -> u64 {
        match self {
            MoveClass::Split { total, unequal } => {
                if unequal {
                    total.saturating_sub(1) / 2
                } else {
                    total / 2
                }
            }
            _ => 0,
        }
    }
}

/// A take-and-break heap game: an octal code or Grundy's game.
///
/// # Example
/// ```
/// use stonegame::impartial::octal::TakeAndBreak;
/// use stonegame::impartial::ImpartialGame;
///
/// let mut options = Vec::new();
/// let _ = TakeAndBreak::grundys_game().for_each_option(&6, |sum| {
///     options.push(sum.to_vec());
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!(options, vec![vec![1, 5], vec![2, 4]]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TakeAndBreak {
    /// The game of an octal code.
    Octal(OctalCode),
    /// Grundy's game: split one heap into two heaps of different sizes.
    GrundysGame,
}

impl TakeAndBreak {
    /// Parses an octal code (notation: `0.77`, `4.07`, `0.(7)`; see the [octal guide](crate::guide::octal)).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a malformed code.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// assert_eq!(TakeAndBreak::octal("0.77")?, TakeAndBreak::kayles());
    /// let by_name = TakeAndBreak::octal("kayles").unwrap_err().to_string();
    /// assert!(by_name.contains("TakeAndBreak::by_name"), "{by_name}");
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn octal(code: &str) -> Result<Self> {
        code.parse().map(TakeAndBreak::Octal).map_err(|e| {
            // A word ("kayles") is a game's name, which `by_name` reads.
            let looks_like_a_name = code.trim().chars().any(|c| c.is_ascii_alphabetic());
            match e {
                Error::InvalidParameter { name, reason } if looks_like_a_name => {
                    Error::InvalidParameter {
                        name,
                        reason: format!(
                            "{reason}; for a game by name, as '{}', call TakeAndBreak::by_name",
                            code.trim()
                        ),
                    }
                }
                other => other,
            }
        })
    }

    /// Nim, `0.(3)`: remove any number of tokens from one heap.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::octal::TakeAndBreak::nim().to_string(), "0.(3)");
    /// ```
    pub fn nim() -> Self {
        Self::from_known(&[0], &[3])
    }

    /// Kayles, `0.77`: knock down one pin or two adjacent pins from a row.
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::octal::TakeAndBreak::kayles().to_string(), "0.77");
    /// ```
    pub fn kayles() -> Self {
        Self::from_known(&[0, 7, 7], &[])
    }

    /// Dawson's Kayles, `0.07`: knock down two adjacent pins.
    ///
    /// # Example
    /// ```
    /// let game = stonegame::impartial::octal::TakeAndBreak::dawsons_kayles();
    /// assert_eq!(game.to_string(), "0.07");
    /// ```
    pub fn dawsons_kayles() -> Self {
        Self::from_known(&[0, 0, 7], &[])
    }

    /// Dawson's chess, `0.137`.
    ///
    /// # Example
    /// ```
    /// let game = stonegame::impartial::octal::TakeAndBreak::dawsons_chess();
    /// assert_eq!(game.to_string(), "0.137");
    /// ```
    pub fn dawsons_chess() -> Self {
        Self::from_known(&[0, 1, 3, 7], &[])
    }

    /// Lasker's Nim, `4.(3)`: remove any number of tokens from one heap, or
    /// split a heap into two non-empty heaps (HDU 3032 "Nim or not Nim?").
    /// Its values are arithmetic-periodic (period 4, saltus 4; Winning Ways,
    /// ch. 4), which [`super::OctalGame`] proves and uses for any heap.
    ///
    /// # Example
    /// ```
    /// let game = stonegame::impartial::octal::TakeAndBreak::laskers_nim();
    /// assert_eq!(game.to_string(), "4.(3)");
    /// ```
    pub fn laskers_nim() -> Self {
        Self::from_known(&[4], &[3])
    }

    /// Officers, `0.6`: take one token from a heap of at least two, leaving
    /// one or two heaps (Winning Ways, ch. 4; no period is known).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::octal::TakeAndBreak::officers().to_string(), "0.6");
    /// ```
    pub fn officers() -> Self {
        Self::from_known(&[0, 6], &[])
    }

    /// Guiles, `0.15`: take a heap of one, or two tokens leaving one or two
    /// heaps (Winning Ways, ch. 4).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::octal::TakeAndBreak::guiles().to_string(), "0.15");
    /// ```
    pub fn guiles() -> Self {
        Self::from_known(&[0, 1, 5], &[])
    }

    /// Treblecross, `0.007`: take three adjacent tokens from a row (Winning
    /// Ways, ch. 4). One-dimensional tic-tac-toe where both players place X
    /// and three in a row wins (POJ 3537 "Crosses and Crosses") is this game:
    /// a cross within two cells of another loses at once, so a stretch of `r`
    /// cells where a cross is safe plays as a heap of `r + 2`. A cross on its
    /// cell `i` leaves stretches of `i - 3` and `r - i - 2` cells, heaps of
    /// `i - 1` and `r - i`: what taking three tokens from `r + 2` leaves (heaps
    /// of 0 to 2 have value 0, so the stretches cut short at an end agree).
    ///
    /// # Example
    /// ```
    /// assert_eq!(stonegame::impartial::octal::TakeAndBreak::treblecross().to_string(), "0.007");
    /// ```
    pub fn treblecross() -> Self {
        Self::from_known(&[0, 0, 0, 7], &[])
    }

    /// Last One, `0.(7)`: remove any run of adjacent sticks from one row
    /// (from the Nintendo DS collection Clubhouse Games, アソビ大全; played
    /// misère: whoever takes the last stick loses, see [`super::LastOne`]).
    ///
    /// # Example
    /// ```
    /// let game = stonegame::impartial::octal::TakeAndBreak::last_one();
    /// assert_eq!(game.to_string(), "0.(7)");
    /// ```
    pub fn last_one() -> Self {
        Self::from_known(&[0], &[7])
    }

    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    ///
    /// # Example
    /// ```
    /// let game = stonegame::impartial::octal::TakeAndBreak::grundys_game();
    /// assert_eq!(game.to_string(), "grundys-game");
    /// ```
    pub fn grundys_game() -> Self {
        TakeAndBreak::GrundysGame
    }

    fn from_known(digits: &[u8], repeat: &[u8]) -> Self {
        // The named codes are valid by construction; build them without parsing.
        TakeAndBreak::Octal(OctalCode {
            prefix: digits.to_vec(),
            repeat: repeat.to_vec(),
        })
    }

    /// A game by name: `nim`, `kayles`, `dawsons-kayles`, `dawsons-chess`,
    /// `laskers-nim`, `officers`, `guiles`, `treblecross`, `last-one`,
    /// `grundys-game`; anything else is parsed as an octal code.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for an unknown name that is not a valid code.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// assert_eq!(TakeAndBreak::by_name("kayles")?, TakeAndBreak::kayles());
    /// assert_eq!(TakeAndBreak::by_name("0.07")?, TakeAndBreak::dawsons_kayles());
    /// assert!(TakeAndBreak::by_name("chess").is_err());
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn by_name(name: &str) -> Result<Self> {
        Ok(match name {
            "nim" => Self::nim(),
            "kayles" => Self::kayles(),
            "dawsons-kayles" => Self::dawsons_kayles(),
            "dawsons-chess" => Self::dawsons_chess(),
            "laskers-nim" => Self::laskers_nim(),
            "officers" => Self::officers(),
            "guiles" => Self::guiles(),
            "treblecross" => Self::treblecross(),
            "last-one" => Self::last_one(),
            "grundys-game" => Self::grundys_game(),
            other => other.parse().map(TakeAndBreak::Octal).map_err(|e: Error| {
                Error::InvalidParameter {
                    name: "game",
                    reason: format!(
                        "'{other}' is not one of nim, kayles, dawsons-kayles, dawsons-chess, \
                     laskers-nim, officers, guiles, treblecross, last-one, grundys-game, \
                     nor a valid octal code ({e})"
                    ),
                }
            })?,
        })
    }

    /// The octal code, if this is an octal game.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// assert!(TakeAndBreak::grundys_game().code().is_none());
    /// assert_eq!(TakeAndBreak::kayles().code().unwrap().to_string(), "0.77");
    /// ```
    pub fn code(&self) -> Option<&OctalCode> {
        match self {
            TakeAndBreak::Octal(code) => Some(code),
            TakeAndBreak::GrundysGame => None,
        }
    }

    /// The largest number of tokens a move removes, when bounded (`t` of the
    /// octal periodicity theorem); `None` for codes that repeat forever and
    /// for Grundy's game (which the theorem does not cover).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// assert_eq!(TakeAndBreak::kayles().max_take(), Some(2));
    /// assert_eq!(TakeAndBreak::last_one().max_take(), None);
    /// ```
    pub fn max_take(&self) -> Option<u64> {
        self.code().and_then(OctalCode::max_take)
    }

    /// Whether `G(n) = n` is proven for every heap and misère play follows the
    /// misère Nim rule (see [`OctalCode::is_nim_like`]).
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::TakeAndBreak;
    /// assert!(TakeAndBreak::last_one().is_nim_like());
    /// assert!(!TakeAndBreak::grundys_game().is_nim_like());
    /// ```
    pub fn is_nim_like(&self) -> bool {
        self.code().is_some_and(OctalCode::is_nim_like)
    }

    /// Calls `visit` for every kind of move from a heap of `n` tokens, in
    /// order of the number of tokens removed.
    ///
    /// # Example
    /// ```
    /// use stonegame::impartial::octal::{MoveClass, TakeAndBreak};
    /// let mut classes = Vec::new();
    /// TakeAndBreak::octal("4.07")?.for_each_move_class(2, |c| classes.push(c));
    /// assert_eq!(
    ///     classes,
    ///     [MoveClass::Split { total: 2, unequal: false }, MoveClass::TakeAll]
    /// );
    /// # Ok::<(), stonegame::Error>(())
    /// ```
    pub fn for_each_move_class(&self, n: u64, mut visit: impl FnMut(MoveClass)) {
        let _ = self.try_for_each_move_class(n, |class| {
            visit(class);
            ControlFlow::Continue(())
        });
    }

    /// As [`TakeAndBreak::for_each_move_class`], stopping at the first
    /// [`ControlFlow::Break`] `visit` returns (a code that repeats forever has
    /// a move class for every removal up to `n`).
    pub(crate) fn try_for_each_move_class(
        &self,
        n: u64,
        mut visit: impl FnMut(MoveClass) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match self {
            TakeAndBreak::GrundysGame => {
                if n >= 3 {
                    visit(MoveClass::Split {
                        total: n,
                        unequal: true,
                    })?;
                }
            }
            TakeAndBreak::Octal(code) => {
                let last = code.max_take().map_or(n, |t| t.min(n));
                let mut removal = |k: u64, digit: u8| {
                    let left = n - k;
                    if digit & 1 != 0 && left == 0 && k > 0 {
                        visit(MoveClass::TakeAll)?;
                    }
                    if digit & 2 != 0 && left >= 1 && k > 0 {
                        visit(MoveClass::LeaveOne(left))?;
                    }
                    if digit & 4 != 0 && left >= 2 {
                        visit(MoveClass::Split {
                            total: left,
                            unequal: false,
                        })?;
                    }
                    ControlFlow::Continue(())
                };
                // The digits in order, the repeating group cycled by an
                // index: `digit(k)`'s division cost more than the rest of
                // a removal (7 ns against 1 for a code that repeats forever).
                let mut k = 0;
                for &digit in &code.prefix {
                    if k > last {
                        return ControlFlow::Continue(());
                    }
                    removal(k, digit)?;
                    k += 1;
                }
                if !code.repeat.is_empty() {
                    for &digit in code.repeat.iter().cycle() {
                        if k > last {
                            break;
                        }
                        removal(k, digit)?;
                        k += 1;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl TakeAndBreak {
    /// The option of a heap of `n` that removes the fewest tokens (the first
    /// in [`ImpartialGame::for_each_option`]'s order), or `None` when the heap
    /// has no move. It looks at O(number of digits) removals whatever `n`,
    /// so it answers heaps up to `u64::MAX` for codes that repeat forever.
    pub(crate) fn smallest_option(&self, n: u64) -> Option<Vec<u64>> {
        let TakeAndBreak::Octal(code) = self else {
            // Grundy's game: the first split into unequal heaps.
            return (n >= 3).then(|| vec![1, n - 1]);
        };
        let option = |k: u64| -> Option<Vec<u64>> {
            let digit = code.digit(k);
            let left = n - k;
            if digit & 1 != 0 && left == 0 && k > 0 {
                Some(vec![])
            } else if digit & 2 != 0 && left >= 1 && k > 0 {
                Some(vec![left])
            } else if digit & 4 != 0 && left >= 2 {
                Some(vec![1, left - 1])
            } else {
                None
            }
        };
        // Digits repeat after `distinct`; below `n - 1` every digit's moves of
        // kind 2 and 4 fit, so if none appears among the distinct digits the
        // only remaining move is kind 1, which must take the whole heap.
        let distinct = (code.prefix.len() + code.repeat.len()) as u64;
        let last = code.max_take().map_or(n, |t| t.min(n));
        if last <= distinct.saturating_add(1) || n < distinct.saturating_add(2) {
            return (0..=last).find_map(option);
        }
        (0..distinct).find_map(option).or_else(|| option(n))
    }
}

impl fmt::Display for TakeAndBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakeAndBreak::Octal(code) => code.fmt(f),
            TakeAndBreak::GrundysGame => f.write_str("grundys-game"),
        }
    }
}

impl std::str::FromStr for TakeAndBreak {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self> {
        TakeAndBreak::by_name(text)
    }
}

impl ImpartialGame for TakeAndBreak {
    type Position = u64;

    fn for_each_option(
        &self,
        heap: &u64,
        mut visit: impl FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.try_for_each_move_class(*heap, |class| match class {
            MoveClass::TakeAll => visit(&[]),
            MoveClass::LeaveOne(left) => visit(&[left]),
            MoveClass::Split { total, .. } => {
                (1..=class.largest_smaller_part()).try_for_each(|a| visit(&[a, total - a]))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smallest_option_is_the_first_option() {
        let games = [
            "0.77", "0.07", "0.137", "4.07", "0.(7)", "0.1(37)", "0.6", "0.(1)", "0.01", "4.(3)",
            "0.4",
        ]
        .map(|code| TakeAndBreak::octal(code).unwrap());
        for game in games.iter().chain([&TakeAndBreak::grundys_game()]) {
            for n in 0..40 {
                let mut first = None;
                let _ = game.for_each_option(&n, |sum| {
                    first = Some(sum.to_vec());
                    ControlFlow::Break(())
                });
                assert_eq!(game.smallest_option(n), first, "{game} heap {n}");
            }
        }
        let whole = TakeAndBreak::octal("0.(1)").unwrap();
        assert_eq!(whole.smallest_option(u64::MAX), Some(vec![]));
        let last_one = TakeAndBreak::last_one();
        assert_eq!(last_one.smallest_option(u64::MAX), Some(vec![u64::MAX - 1]));
    }

    #[test]
    fn parses_and_prints_round_trip() {
        for text in [
            "0.77", "0.07", "0.137", "4.07", "0.(7)", "0.1(37)", "0.6", "0.16",
        ] {
            let code: OctalCode = text.parse().unwrap();
            assert_eq!(code.to_string(), text);
        }
        let overline: OctalCode = "0.7\u{305}".parse().unwrap();
        assert_eq!(overline.to_string(), "0.(7)");
        assert_eq!(".77".parse::<OctalCode>().unwrap().to_string(), "0.77");
        assert_eq!("0.770".parse::<OctalCode>().unwrap().to_string(), "0.77");
    }

    #[test]
    fn rejects_malformed_codes() {
        for text in [
            "",
            "0.8",
            "1.7",
            "2.07",
            "0.(0)",
            "0.()",
            "0.(7",
            "0.(7)1",
            "x",
            "0.",
            "0.0",
            "10.7",
            "0.7\u{305}1",
        ] {
            assert!(text.parse::<OctalCode>().is_err(), "{text:?} accepted");
        }
    }
}
