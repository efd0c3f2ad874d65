/// Reached by nothing the program uses.
pub(crate) fn never() -> u64 {
    7
}
