//! Seed discipline: one master seed derives labelled, value-stable random streams.
//!
//! Each stream is a ChaCha8 generator (whose output `rand_chacha` keeps stable across
//! versions) keyed by the master seed and a label such as `"regular"` or `"bot 2"`, so two
//! editions that share tile shapes see the same deck order for the same seed whatever their
//! bots do. Shuffling and bounded draws are written out here rather than taken from `rand`, whose
//! algorithms may change between versions.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A random stream.
pub type Stream = ChaCha8Rng;

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The stream labelled `label` of master seed `seed`.
pub fn stream(seed: u64, label: &str) -> Stream {
    // FNV-1a of the label, mixed with the seed, expanded to a 32-byte key.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in label.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    let mut state = seed ^ h.rotate_left(17);
    let mut key = [0u8; 32];
    for chunk in key.chunks_mut(8) {
        chunk.copy_from_slice(&splitmix(&mut state).to_le_bytes());
    }
    ChaCha8Rng::from_seed(key)
}

/// A uniform number below `n` (`n > 0`), without modulo bias.
pub fn below(rng: &mut Stream, n: usize) -> usize {
    let n = n as u64;
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let x = rng.next_u64();
        if x < zone {
            return (x % n) as usize;
        }
    }
}

/// Shuffles in place (Fisher–Yates from the back).
pub fn shuffle<T>(items: &mut [T], rng: &mut Stream) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i + 1);
        items.swap(i, j);
    }
}

/// Shuffles so that the first `reach` items are a uniform draw from all of them, in random
/// order (Fisher–Yates from the front, stopped early); the rest stay in an order that depends
/// only on the items and the draws.
pub fn shuffle_prefix<T>(items: &mut [T], reach: usize, rng: &mut Stream) {
    let n = items.len();
    for i in 0..reach.min(n.saturating_sub(1)) {
        let j = i + below(rng, n - i);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_value_stable() {
        // Pinned values: a change here changes every seeded game and must be deliberate.
        let mut r = stream(7, "regular");
        let mut v: Vec<u32> = (0..10).collect();
        shuffle(&mut v, &mut r);
        assert_eq!(v, PINNED);
        let mut a = stream(7, "bot 0");
        let mut b = stream(7, "bot 1");
        assert_ne!(a.next_u64(), b.next_u64());
    }

    const PINNED: [u32; 10] = [0, 9, 3, 5, 8, 6, 7, 1, 4, 2];
}
