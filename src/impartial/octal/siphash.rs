//! SipHash-2-4 (Aumasson and Bernstein, 2012): a pseudorandom function of a
//! 128-bit key and a message, 64 bits out. Checkpoints carry it as their
//! signature: without the key nobody can compute the tag of a changed file,
//! which plain checksums (public, recomputed by any forger) cannot promise.
//! Fed in pieces of any size, so that a file is signed as it streams.

/// The state of one SipHash-2-4 computation.
#[derive(Clone)]
pub(crate) struct SipHash24 {
    v: [u64; 4],
    /// Message bytes not yet compressed (fewer than eight), low byte first.
    pending: u64,
    pending_len: u32,
    /// Every byte fed so far (its low byte ends the message).
    total: u64,
}

impl SipHash24 {
    /// A computation under `key` (the two 64-bit halves read little-endian).
    pub(crate) fn new(key: &[u8; 16]) -> Self {
        let k0 = u64::from_le_bytes(key[..8].try_into().expect("8 bytes"));
        let k1 = u64::from_le_bytes(key[8..].try_into().expect("8 bytes"));
        Self {
            // The initial constants spell "somepseudorandomlygeneratedbytes".
            v: [
                k0 ^ 0x736f_6d65_7073_6575,
                k1 ^ 0x646f_7261_6e64_6f6d,
                k0 ^ 0x6c79_6765_6e65_7261,
                k1 ^ 0x7465_6462_7974_6573,
            ],
            pending: 0,
            pending_len: 0,
            total: 0,
        }
    }

    fn round(&mut self) {
        let [v0, v1, v2, v3] = &mut self.v;
        *v0 = v0.wrapping_add(*v1);
        *v1 = v1.rotate_left(13) ^ *v0;
        *v0 = v0.rotate_left(32);
        *v2 = v2.wrapping_add(*v3);
        *v3 = v3.rotate_left(16) ^ *v2;
        *v0 = v0.wrapping_add(*v3);
        *v3 = v3.rotate_left(21) ^ *v0;
        *v2 = v2.wrapping_add(*v1);
        *v1 = v1.rotate_left(17) ^ *v2;
        *v2 = v2.rotate_left(32);
    }

    /// Two compression rounds per 8-byte word.
    fn compress(&mut self, word: u64) {
        self.v[3] ^= word;
        self.round();
        self.round();
        self.v[0] ^= word;
    }

    /// Feeds `bytes` (the message is the concatenation of every piece).
    pub(crate) fn update(&mut self, mut bytes: &[u8]) {
        self.total = self.total.wrapping_add(bytes.len() as u64);
        while self.pending_len > 0 && !bytes.is_empty() {
            self.pending |= u64::from(bytes[0]) << (8 * self.pending_len);
            self.pending_len += 1;
            bytes = &bytes[1..];
            if self.pending_len == 8 {
                let word = self.pending;
                self.compress(word);
                self.pending = 0;
                self.pending_len = 0;
            }
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.compress(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        for &byte in words.remainder() {
            self.pending |= u64::from(byte) << (8 * self.pending_len);
            self.pending_len += 1;
        }
    }

    /// The 64-bit tag: the last word holds the leftover bytes and the
    /// length's low byte, then four finalization rounds.
    pub(crate) fn finish(mut self) -> u64 {
        let last = self.pending | (self.total << 56);
        self.compress(last);
        self.v[2] ^= 0xff;
        for _ in 0..4 {
            self.round();
        }
        self.v[0] ^ self.v[1] ^ self.v[2] ^ self.v[3]
    }
}

#[cfg(test)]
mod tests {
    use super::SipHash24;

    /// The reference vectors: key `00 01 … 0f`, message `00 01 … (n-1)` for
    /// n = 0..64 (the paper's appendix is n = 15: `a129ca6149be45e5`).
    const REFERENCE: [u64; 64] = [
        0x726fdb47dd0e0e31,
        0x74f839c593dc67fd,
        0x0d6c8009d9a94f5a,
        0x85676696d7fb7e2d,
        0xcf2794e0277187b7,
        0x18765564cd99a68d,
        0xcbc9466e58fee3ce,
        0xab0200f58b01d137,
        0x93f5f5799a932462,
        0x9e0082df0ba9e4b0,
        0x7a5dbbc594ddb9f3,
        0xf4b32f46226bada7,
        0x751e8fbc860ee5fb,
        0x14ea5627c0843d90,
        0xf723ca908e7af2ee,
        0xa129ca6149be45e5,
        0x3f2acc7f57c29bdb,
        0x699ae9f52cbe4794,
        0x4bc1b3f0968dd39c,
        0xbb6dc91da77961bd,
        0xbed65cf21aa2ee98,
        0xd0f2cbb02e3b67c7,
        0x93536795e3a33e88,
        0xa80c038ccd5ccec8,
        0xb8ad50c6f649af94,
        0xbce192de8a85b8ea,
        0x17d835b85bbb15f3,
        0x2f2e6163076bcfad,
        0xde4daaaca71dc9a5,
        0xa6a2506687956571,
        0xad87a3535c49ef28,
        0x32d892fad841c342,
        0x7127512f72f27cce,
        0xa7f32346f95978e3,
        0x12e0b01abb051238,
        0x15e034d40fa197ae,
        0x314dffbe0815a3b4,
        0x027990f029623981,
        0xcadcd4e59ef40c4d,
        0x9abfd8766a33735c,
        0x0e3ea96b5304a7d0,
        0xad0c42d6fc585992,
        0x187306c89bc215a9,
        0xd4a60abcf3792b95,
        0xf935451de4f21df2,
        0xa9538f0419755787,
        0xdb9acddff56ca510,
        0xd06c98cd5c0975eb,
        0xe612a3cb9ecba951,
        0xc766e62cfcadaf96,
        0xee64435a9752fe72,
        0xa192d576b245165a,
        0x0a8787bf8ecb74b2,
        0x81b3e73d20b49b6f,
        0x7fa8220ba3b2ecea,
        0x245731c13ca42499,
        0xb78dbfaf3a8d83bd,
        0xea1ad565322a1a0b,
        0x60e61c23a3795013,
        0x6606d7e446282b93,
        0x6ca4ecb15c5f91e1,
        0x9f626da15c9625f3,
        0xe51b38608ef25f57,
        0x958a324ceb064572,
    ];

    fn reference_key() -> [u8; 16] {
        std::array::from_fn(|i| i as u8)
    }

    #[test]
    fn reference_vectors() {
        let message: Vec<u8> = (0..64).collect();
        for (len, &expected) in REFERENCE.iter().enumerate() {
            let mut hash = SipHash24::new(&reference_key());
            hash.update(&message[..len]);
            assert_eq!(hash.finish(), expected, "{len} bytes");
        }
    }

    /// Fed in pieces, every way of cutting a message gives the same tag.
    #[test]
    fn pieces_of_any_size_give_the_tag_of_the_whole() {
        let message: Vec<u8> = (0..64).collect();
        for len in 0..64 {
            for first in 0..=len {
                for second in first..=len {
                    let mut hash = SipHash24::new(&reference_key());
                    hash.update(&message[..first]);
                    hash.update(&message[first..second]);
                    hash.update(&message[second..len]);
                    assert_eq!(hash.finish(), REFERENCE[len], "{len}: {first}, {second}");
                }
            }
        }
    }

    /// The standard library's (deprecated, but SipHash-2-4 with a 128-bit
    /// key) hasher agrees on long messages and other keys.
    #[test]
    #[allow(deprecated)]
    fn agrees_with_the_standard_librarys_siphasher() {
        use std::hash::Hasher;
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for len in [100usize, 1000, 65_537, 300_001] {
            let key: [u8; 16] = std::array::from_fn(|_| next() as u8);
            let message: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            let k0 = u64::from_le_bytes(key[..8].try_into().unwrap());
            let k1 = u64::from_le_bytes(key[8..].try_into().unwrap());
            let mut standard = std::hash::SipHasher::new_with_keys(k0, k1);
            standard.write(&message);
            let mut ours = SipHash24::new(&key);
            for piece in message.chunks(4099) {
                ours.update(piece);
            }
            assert_eq!(ours.finish(), standard.finish(), "{len} bytes");
        }
    }
}
