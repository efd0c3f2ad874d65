/// The least value missing from `values`.
pub fn mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap_or(0)
}
