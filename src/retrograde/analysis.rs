//! Analysis statistics of a solved game: counts by value and remoteness, and
//! the positions farthest from the end.

use std::fmt;

use super::Counts;
use super::induction::{LOSE, Labels, TIE, WIN};

/// How many positions have one remoteness, by value.
///
/// # Example
/// ```
/// use stonegame::retrograde::RemotenessCounts;
/// let row = RemotenessCounts { win: 2, lose: 1, tie: 0 };
/// assert_eq!(row.win + row.lose + row.tie, 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RemotenessCounts {
    /// Won positions with this remoteness.
    pub win: usize,
    /// Lost positions with this remoteness.
    pub lose: usize,
    /// Tied positions with this remoteness.
    pub tie: usize,
}

/// Statistics of a solved game, as GamesmanOne reports them: counts by
/// value, counts by remoteness, and the longest win, loss and tie (a
/// position with the largest remoteness of its value, the first in index
/// order among equals).
///
/// `P` is the position type: `u32` for a [`DenseSolution`](super::DenseSolution),
/// the game's own position for a [`RetrogradeTable`](super::RetrogradeTable).
///
/// # Example
/// ```
/// use stonegame::{Budget, Convention, retrograde::Graph};
///
/// // A chain 0 → 1 → 2 → 3 (3 has no move) and a loop 4 ⇄ 5.
/// let graph = Graph::from_edges(6, &[(0, 1), (1, 2), (2, 3), (4, 5), (5, 4)], Budget::default()).unwrap();
/// let analysis = graph.solve().unwrap().analysis();
/// assert_eq!(analysis.counts.draw, 2);
/// assert_eq!(analysis.longest_win, Some((0, 3)));
/// assert_eq!(analysis.longest_loss, Some((1, 2)));
/// assert_eq!(analysis.by_remoteness.len(), 4);
/// assert_eq!(analysis.by_remoteness[0].lose, 1);
/// println!("{analysis}");
/// ```
///
/// With the `serde` feature an analysis deserializes only when it agrees
/// with itself: the counts' total fits a `usize`, the rows by remoteness sum
/// to the counts, the last row is not empty, there are fewer rows than
/// positions with a remoteness (a position of remoteness `r` starts a line
/// of `r + 1` of them), each longest win, loss or tie is present exactly
/// when its value occurs, at the largest remoteness its rows show, and no
/// position is the longest of two values.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        try_from = "AnalysisFields<P>",
        bound(deserialize = "P: serde::Deserialize<'de> + PartialEq")
    )
)]
pub struct Analysis<P = u32> {
    /// Positions by value.
    pub counts: Counts,
    /// `by_remoteness[r]`: positions of remoteness `r` by value (draws have
    /// no remoteness and are not listed).
    pub by_remoteness: Vec<RemotenessCounts>,
    /// A won position of the largest remoteness, with that remoteness.
    pub longest_win: Option<(P, u32)>,
    /// A lost position of the largest remoteness, with that remoteness.
    pub longest_loss: Option<(P, u32)>,
    /// A tied position of the largest remoteness, with that remoteness.
    pub longest_tie: Option<(P, u32)>,
}

impl Analysis<u32> {
    /// One pass over the labels.
    pub(crate) fn of_labels(labels: &Labels) -> Self {
        let (codes, words) = labels.raw();
        let mut analysis = Self {
            counts: labels.counts(),
            ..Self::default()
        };
        for (u, (&code, &r)) in codes.iter().zip(words).enumerate() {
            let value = match code {
                WIN => 0,
                LOSE => 1,
                TIE => 2,
                _ => continue,
            };
            if analysis.by_remoteness.len() <= r as usize {
                // Remoteness is below the number of positions, so this
                // grows to at most N rows.
                analysis
                    .by_remoteness
                    .resize(r as usize + 1, RemotenessCounts::default());
            }
            let row = &mut analysis.by_remoteness[r as usize];
            let (count, longest) = match value {
                0 => (&mut row.win, &mut analysis.longest_win),
                1 => (&mut row.lose, &mut analysis.longest_loss),
                _ => (&mut row.tie, &mut analysis.longest_tie),
            };
            *count += 1;
            if longest.is_none_or(|(_, best)| r > best) {
                *longest = Some((u as u32, r));
            }
        }
        analysis
    }
}

impl<P> Analysis<P> {
    /// The same statistics with positions mapped by `f` (e.g. from dense
    /// indices to the game's positions).
    ///
    /// # Example
    /// ```
    /// use stonegame::{Budget, Convention, retrograde::Graph};
    /// let graph = Graph::from_edges(2, &[(0, 1)], Budget::default()).unwrap();
    /// let analysis = graph.solve().unwrap().analysis();
    /// let named = analysis.map_positions(|u| format!("v{u}"));
    /// assert_eq!(named.longest_win, Some(("v0".to_string(), 1)));
    /// ```
    pub fn map_positions<Q>(self, mut f: impl FnMut(P) -> Q) -> Analysis<Q> {
        let mut map = |extreme: Option<(P, u32)>| extreme.map(|(p, r)| (f(p), r));
        Analysis {
            counts: self.counts,
            by_remoteness: self.by_remoteness,
            longest_win: map(self.longest_win),
            longest_loss: map(self.longest_loss),
            longest_tie: map(self.longest_tie),
        }
    }
}

impl<P: fmt::Debug> fmt::Display for Analysis<P> {
    /// A small report: totals, the longest results, then one line per
    /// remoteness.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.counts;
        writeln!(
            f,
            "positions {}: win {}, lose {}, tie {}, draw {}",
            c.total(),
            c.win,
            c.lose,
            c.tie,
            c.draw
        )?;
        for (name, extreme) in [
            ("win", &self.longest_win),
            ("loss", &self.longest_loss),
            ("tie", &self.longest_tie),
        ] {
            if let Some((position, r)) = extreme {
                writeln!(f, "longest {name}: {position:?} in {r} moves")?;
            }
        }
        writeln!(f, "remoteness  win  lose  tie")?;
        for (r, row) in self.by_remoteness.iter().enumerate() {
            writeln!(f, "{r} {} {} {}", row.win, row.lose, row.tie)?;
        }
        Ok(())
    }
}

/// An analysis as stored, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Analysis")]
struct AnalysisFields<P> {
    counts: Counts,
    by_remoteness: Vec<RemotenessCounts>,
    longest_win: Option<(P, u32)>,
    longest_loss: Option<(P, u32)>,
    longest_tie: Option<(P, u32)>,
}

/// One value's column: its name, its field in a row, its count and its longest position.
#[cfg(feature = "serde")]
type Column<'a, P> = (
    &'static str,
    fn(&RemotenessCounts) -> usize,
    usize,
    &'a Option<(P, u32)>,
);

#[cfg(feature = "serde")]
impl<P: PartialEq> TryFrom<AnalysisFields<P>> for Analysis<P> {
    type Error = String;

    fn try_from(fields: AnalysisFields<P>) -> Result<Self, String> {
        let rows = &fields.by_remoteness;
        let counts = &fields.counts;
        if counts.checked_total().is_none() {
            return Err("the counts add up to more than a usize holds".to_string());
        }
        // win + lose + tie fits: it is at most the checked total.
        let with_remoteness = counts.win + counts.lose + counts.tie;
        if rows.len() > with_remoteness {
            return Err(format!(
                "remoteness up to {} with {with_remoteness} positions that have one",
                rows.len() - 1
            ));
        }
        let longest = [
            &fields.longest_win,
            &fields.longest_loss,
            &fields.longest_tie,
        ];
        for (index, first) in longest.iter().enumerate() {
            for second in &longest[index + 1..] {
                if let (Some((a, _)), Some((b, _))) = (first, second) {
                    if a == b {
                        return Err("one position is the longest of two values".to_string());
                    }
                }
            }
        }
        if rows.last() == Some(&RemotenessCounts::default()) {
            return Err("the last row by remoteness is empty".to_string());
        }
        let columns: [Column<'_, P>; 3] = [
            (
                "wins",
                |row| row.win,
                fields.counts.win,
                &fields.longest_win,
            ),
            (
                "losses",
                |row| row.lose,
                fields.counts.lose,
                &fields.longest_loss,
            ),
            (
                "ties",
                |row| row.tie,
                fields.counts.tie,
                &fields.longest_tie,
            ),
        ];
        for (name, column, count, longest) in columns {
            let sum = rows
                .iter()
                .try_fold(0usize, |sum, row| sum.checked_add(column(row)))
                .ok_or_else(|| format!("the {name} by remoteness overflow"))?;
            if sum != count {
                return Err(format!("{count} {name} counted, {sum} by remoteness"));
            }
            let farthest = rows.iter().rposition(|row| column(row) > 0);
            let stated = longest.as_ref().map(|(_, r)| *r as usize);
            if farthest != stated {
                return Err(format!(
                    "the longest of the {name} is at remoteness {stated:?}, the rows say {farthest:?}"
                ));
            }
        }
        Ok(Analysis {
            counts: fields.counts,
            by_remoteness: fields.by_remoteness,
            longest_win: fields.longest_win,
            longest_loss: fields.longest_loss,
            longest_tie: fields.longest_tie,
        })
    }
}
