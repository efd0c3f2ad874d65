// Stands in for the `ahash` crate in a bundle: std's maps with a fast hasher
// (a multiply-and-fold mix, as ahash's fallback uses) seeded once per run from
// std's RandomState, so hack inputs cannot be built against a fixed seed.
// The crate creates its maps with `default()`, which these aliases support.
use std::hash::{BuildHasher, Hasher};

pub type AHashMap<K, V> = std::collections::HashMap<K, V, SeededState>;
pub type AHashSet<T> = std::collections::HashSet<T, SeededState>;

#[derive(Clone, Copy, Debug)]
pub struct SeededState(u64);

impl Default for SeededState {
    fn default() -> Self {
        use std::sync::OnceLock;
        static SEED: OnceLock<u64> = OnceLock::new();
        let seed = *SEED.get_or_init(|| {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u64(0x9e37_79b9_7f4a_7c15);
            h.finish() | 1
        });
        SeededState(seed)
    }
}

impl BuildHasher for SeededState {
    type Hasher = FoldHasher;
    fn build_hasher(&self) -> FoldHasher {
        FoldHasher(self.0)
    }
}

pub struct FoldHasher(u64);

impl FoldHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        // Fold the 128-bit product of the state and the word (as ahash's
        // fallback and wyhash do): every input bit reaches every output bit.
        let product = u128::from(self.0 ^ word).wrapping_mul(0x5851_f42d_4c95_7f2d_u128 | 1 << 64);
        self.0 = (product as u64) ^ ((product >> 64) as u64);
    }
}

impl Hasher for FoldHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        let mut word = [0u8; 8];
        word[..rest.len()].copy_from_slice(rest);
        self.mix(u64::from_le_bytes(word) ^ (rest.len() as u64) << 56);
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.mix(u64::from(i));
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.mix(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.mix(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.mix(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.mix(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}
