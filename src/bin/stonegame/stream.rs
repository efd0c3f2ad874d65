//! `ends` from standard input without holding a line: bytes go straight from
//! the read buffer through the number parser into the linear evaluator
//! ([`EndsReducer`]), so memory is the reduced row, not the text or the values.
//!
//! Same input rules as the line-based harness ([`crate::input::run`]): one
//! instance per line, blank lines and lines whose first non-blank character
//! is `#` skipped, the first bad token reported as `line N: …` with exit
//! status 2. Values are `i64`; a row whose `sum |values|` outgrows `i64`
//! continues in `i128`.

use crate::input::{self, INTEGER, fast_i64, parse_number};
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use stonegame::scoring::EndsReducer;

/// The evaluator of the current line, widened to `i128` when `i64` no longer fits.
enum Reducer {
    Narrow(EndsReducer<i64>),
    Wide(EndsReducer<i128>),
}

impl Reducer {
    fn push(&mut self, stone: i64) {
        match self {
            Reducer::Narrow(narrow) => {
                if narrow.push(stone).is_err() {
                    // The reduced row has no interior peak, so pushing it again
                    // rebuilds it unchanged; fewer than 2^64 stones below 2^63
                    // each cannot overflow i128.
                    let mut wide = EndsReducer::new();
                    for &kept in narrow.reduced().iter().chain([&stone]) {
                        let _ = wide.push(i128::from(kept));
                    }
                    *self = Reducer::Wide(wide);
                }
            }
            Reducer::Wide(wide) => {
                let _ = wide.push(i128::from(stone));
            }
        }
    }

    fn answer(&self) -> String {
        match self {
            Reducer::Narrow(narrow) => narrow.value().to_string(),
            Reducer::Wide(wide) => wide.value().to_string(),
        }
    }
}

/// One line being read.
struct Line {
    number: usize,
    tokens: usize,
    in_comment: bool,
    reducer: Reducer,
    /// The most stones the memory budget allows on one line.
    max_stones: usize,
}

impl Line {
    fn new(number: usize) -> Self {
        Self {
            number,
            tokens: 0,
            in_comment: false,
            reducer: Reducer::Narrow(EndsReducer::new()),
            max_stones: usize::try_from(input::budget().bytes() / 16).unwrap_or(usize::MAX),
        }
    }

    fn token(&mut self, bytes: &[u8]) -> Result<(), (usize, String)> {
        self.tokens += 1;
        // The reducer's stack holds at most one value per stone (i128 at worst).
        if self.tokens > self.max_stones {
            return Err((
                self.number,
                format!(
                    "{} stones need more than the memory budget of {} bytes \
                     (raise it with --memory-mib)",
                    self.tokens,
                    input::budget().bytes()
                ),
            ));
        }
        let stone = match fast_i64(bytes) {
            Some(stone) => stone,
            None => {
                let text = String::from_utf8_lossy(bytes);
                parse_number(&text, INTEGER, self.tokens).map_err(|e| (self.number, e))?
            }
        };
        self.reducer.push(stone);
        Ok(())
    }

    /// Writes the answer of a line with values and starts the next line.
    fn end(&mut self, out: &mut impl Write) -> Result<(), (usize, String)> {
        if self.tokens > 0 {
            writeln!(out, "{}", self.reducer.answer())
                .map_err(|e| (0, format!("cannot write output: {e}")))?;
        }
        *self = Line::new(self.number + 1);
        Ok(())
    }
}

/// Solves every `ends` instance on standard input, streaming.
pub fn ends_stdin() -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = read_all(&mut out);
    input::finish(out, result)
}

fn read_all(out: &mut impl Write) -> Result<(), (usize, String)> {
    let mut reader = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut line = Line::new(1);
    // A token cut by the end of the read buffer waits here for its rest.
    let mut carry: Vec<u8> = Vec::new();
    loop {
        let buffer = reader
            .fill_buf()
            .map_err(|e| (line.number, format!("cannot read input: {e}")))?;
        if buffer.is_empty() {
            break;
        }
        let len = buffer.len();
        let mut i = 0;
        if !carry.is_empty() {
            let end = buffer
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(len);
            carry.extend_from_slice(&buffer[..end]);
            i = end;
            if end < len {
                line.token(&carry)?;
                carry.clear();
            }
        }
        while i < len {
            let byte = buffer[i];
            if byte == b'\n' {
                line.end(out)?;
                i += 1;
            } else if line.in_comment {
                i = buffer[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(len, |offset| i + offset);
            } else if byte.is_ascii_whitespace() {
                i += 1;
            } else if byte == b'#' && line.tokens == 0 {
                line.in_comment = true;
                i += 1;
            } else {
                let start = i;
                while i < len && !buffer[i].is_ascii_whitespace() {
                    i += 1;
                }
                if i == len {
                    carry.extend_from_slice(&buffer[start..]);
                } else {
                    line.token(&buffer[start..i])?;
                }
            }
        }
        reader.consume(len);
    }
    if !carry.is_empty() {
        line.token(&carry)?;
    }
    line.end(out)
}
