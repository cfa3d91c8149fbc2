//! The coverage check of docs/statistics.md, scaled down and with fixed seeds: small
//! experiments against a reference run, every kind of interval `simulate` prints. The full
//! check (1,000 experiments of 40 deals) is `cargo run --release --example coverage`.
//!
//! The band is wide enough for the chance of so few experiments (three standard errors of a
//! 95 % coverage, plus two points for intervals over few deals), and narrow enough to catch an
//! interval that counts games instead of deals (rotated identical seats gave 81 %).

#[path = "../examples/coverage/experiments.rs"]
mod experiments;
use crate::props;

#[test]
fn intervals_cover_the_reference_as_often_as_they_say() {
    let size = experiments::Size {
        experiments: props::cases(100),
        deals: 20,
        reference_deals: 600,
        seed: 11,
        reference_seed: 12,
    };
    let (setups, kinds) = experiments::standard();
    let found = experiments::run(&setups, &kinds, &size, |_| {});
    println!("{}", experiments::table(&found, &size));
    assert_eq!(found.len(), kinds.len(), "every kind was measured");
    let e = size.experiments as f64;
    let slack = 3.0 * (0.95 * 0.05 / e).sqrt() + 0.02;
    for c in &found {
        assert_eq!(c.experiments, size.experiments, "{}", c.name);
        let low = 0.95 - slack;
        let high = if c.band.1 >= 1.0 { 1.0 } else { 0.95 + slack };
        assert!(
            (low..=high).contains(&c.share()),
            "{}: covered {:.1} % of {} experiments, outside {:.1}–{:.1} %",
            c.name,
            100.0 * c.share(),
            c.experiments,
            100.0 * low,
            100.0 * high
        );
    }
}
