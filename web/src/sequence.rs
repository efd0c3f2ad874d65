//! The Grundy sequence of a take-and-break game, computed in steps so the
//! page's worker can report progress between them (and be stopped: the page
//! ends the worker), with its period certified by the library when it can.

use std::fmt::Write as _;

use stonegame::Budget;
use stonegame::impartial::octal::{SparseGrundy, TakeAndBreak, certify_values};
use wasm_bindgen::prelude::*;

use crate::heaps::page_budget;

/// The largest heap the page plots (it states this limit).
pub const MAX_PLOT: u64 = 1_000_000;

/// A Grundy sequence being computed, `G(0..=upto)`.
///
/// # Example
/// ```
/// let mut job = stonegame_web::SequenceJob::new("kayles", 100.0, 0.0).unwrap();
/// while !job.finished() {
///     job.step(40.0).unwrap();
/// }
/// assert_eq!(&job.values()[..6], &[0, 1, 2, 3, 1, 4]);
/// ```
#[wasm_bindgen]
pub struct SequenceJob {
    solver: SparseGrundy,
    rules: TakeAndBreak,
    upto: u64,
    done: Option<u64>,
    budget: Budget,
}

impl SequenceJob {
    /// The job for the game `rules` (an octal code or name) up to heap `upto`,
    /// within `work` steps of the library's budget (0: the library's default).
    pub fn create(rules: &str, upto: u64, work: u64) -> Result<Self, String> {
        let rules = TakeAndBreak::by_name(rules.trim()).map_err(|e| e.to_string())?;
        if upto > MAX_PLOT {
            return Err(format!(
                "the page plots heaps up to {MAX_PLOT}; {upto} is beyond (the CLI goes further)"
            ));
        }
        let budget = match work {
            0 => page_budget(),
            w => page_budget().with_work(w),
        };
        Ok(Self {
            solver: SparseGrundy::new(rules.clone()),
            rules,
            upto,
            done: None,
            budget,
        })
    }

    /// Extends the sequence by up to `chunk` heaps; the last heap now known.
    pub fn advance(&mut self, chunk: u64) -> Result<u64, String> {
        let next = match self.done {
            None => chunk.saturating_sub(1).min(self.upto),
            Some(d) => d.saturating_add(chunk.max(1)).min(self.upto),
        };
        self.solver
            .extend_to(next, self.budget)
            .map_err(|e| format!("stopped at heap {}: {e}", self.done.unwrap_or(0)))?;
        if let Some(cap) = self.budget.work()
            && self.solver.work() > cap
        {
            return Err(format!(
                "stopped at heap {next}: the work cap of {cap} steps is spent \
                 (raise the work cap to go further)"
            ));
        }
        self.done = Some(next);
        Ok(next)
    }

    /// The values computed so far, `G(0..=done)`.
    pub fn grundy_values(&self) -> Vec<u32> {
        self.solver.values().collect()
    }

    /// JSON: the largest value and the certified preperiod and period, or why none.
    pub fn summary_json(&self) -> String {
        let values = self.grundy_values();
        let max = values.iter().copied().max().unwrap_or(0);
        let mut out = format!(
            "{{\"upto\":{},\"len\":{},\"max\":{max},\"work\":{},\"rare\":{},\"mask\":{}",
            self.upto,
            values.len(),
            self.solver.work(),
            self.solver.rare_count(),
            self.solver.mask()
        );
        let certificate = self
            .rules
            .max_take()
            .and_then(|take| certify_values(&values, take));
        match certificate {
            Some(c) => {
                let _ = write!(
                    out,
                    ",\"preperiod\":{},\"period\":{},\"note\":\"preperiod {} and period {} proved \
                     from the first {} values\"}}",
                    c.preperiod(),
                    c.period(),
                    c.preperiod(),
                    c.period(),
                    c.checked_len()
                );
            }
            None => {
                let why = if self.rules.max_take().is_none() {
                    "no period proof: a move may take any number of tokens"
                } else {
                    "no period proved within these values"
                };
                let _ = write!(
                    out,
                    ",\"preperiod\":null,\"period\":null,\"note\":\"{why}\"}}"
                );
            }
        }
        out
    }
}

#[wasm_bindgen]
impl SequenceJob {
    /// Starts a job (`work` 0: the library's default work cap).
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, upto: f64, work: f64) -> Result<SequenceJob, JsError> {
        Self::create(rules, whole(upto, "limit")?, whole(work, "work cap")?)
            .map_err(|e| JsError::new(&e))
    }

    /// Extends by up to `chunk` heaps; returns the last heap known.
    pub fn step(&mut self, chunk: f64) -> Result<f64, JsError> {
        let chunk = whole(chunk, "chunk")?;
        self.advance(chunk)
            .map(|d| d as f64)
            .map_err(|e| JsError::new(&e))
    }

    /// Whether every heap up to the limit is known.
    pub fn finished(&self) -> bool {
        self.done == Some(self.upto)
    }

    /// `G(0..=done)`.
    pub fn values(&self) -> Vec<u32> {
        self.grundy_values()
    }

    /// The rare heaps of the sparse space (ascending): the few heaps whose
    /// values the solver pairs with every other; the page marks them.
    pub fn rare(&self) -> Vec<u32> {
        self.solver.rare_positions().to_vec()
    }

    /// The period summary (JSON).
    pub fn summary(&self) -> String {
        self.summary_json()
    }
}

/// A whole number from the page (JavaScript numbers are doubles).
fn whole(x: f64, what: &str) -> Result<u64, JsError> {
    if x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x <= 9.0e15 {
        Ok(x as u64)
    } else {
        Err(JsError::new(&format!(
            "{what}: {x} is not a whole number from 0 up"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_in_steps_finds_its_period() {
        let mut job = SequenceJob::create("kayles", 2_000, 0).unwrap();
        let mut last = 0;
        while job.done != Some(2_000) {
            last = job.advance(300).unwrap();
        }
        assert_eq!(last, 2_000);
        let values = job.grundy_values();
        assert_eq!(values.len(), 2_001);
        assert_eq!(&values[..6], &[0, 1, 2, 3, 1, 4]);
        let summary = job.summary_json();
        assert!(
            summary.contains("\"preperiod\":71,\"period\":12"),
            "{summary}"
        );
        assert!(summary.contains("\"rare\":"), "{summary}");
    }

    #[test]
    fn the_work_cap_and_the_limit_are_refused_in_words() {
        assert!(SequenceJob::create("0.1777", MAX_PLOT + 1, 0).is_err());
        let mut job = SequenceJob::create("0.1777", 100_000, 1_000).unwrap();
        let error = (0..100).find_map(|_| job.advance(10_000).err()).unwrap();
        assert!(error.contains("work"), "{error}");
    }
}
