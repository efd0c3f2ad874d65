/// How a move reads.
pub(crate) fn describe(from: u64, to: u64) -> String {
    format!("{from}->{to}")
}
