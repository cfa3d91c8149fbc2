//! How many cases the property tests run.
//!
//! `cargo test` runs a tenth of the full counts so that it stays quick on a laptop; CI sets
//! `HUNTERS_PROPERTY_SCALE=1` (`.ci/run`) for the full thousands, and any other scale may be
//! given for a longer run (`HUNTERS_PROPERTY_SCALE=10 cargo test --release`).
#![allow(dead_code)]

/// `full` scaled by `HUNTERS_PROPERTY_SCALE` (0.1 when unset), at least 1.
pub fn cases(full: u64) -> u64 {
    let scale = match std::env::var("HUNTERS_PROPERTY_SCALE") {
        Err(_) => 0.1,
        Ok(s) => s
            .parse::<f64>()
            .ok()
            .filter(|x| *x > 0.0)
            .unwrap_or_else(|| {
                panic!(
                    "HUNTERS_PROPERTY_SCALE={s:?}: give a positive number, e.g. 1 for the full runs"
                )
            }),
    };
    ((full as f64 * scale).round() as u64).max(1)
}
