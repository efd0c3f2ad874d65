// Stands in for the `ahash` crate in a bundle: std's maps with the default hasher.
// (A judge's inputs are fixed, so the DoS resistance of SipHash costs only speed.)
pub type AHashMap<K, V> = std::collections::HashMap<K, V>;
pub type AHashSet<T> = std::collections::HashSet<T>;
