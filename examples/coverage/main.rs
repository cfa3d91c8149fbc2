//! The coverage check of docs/statistics.md: do the 95 % intervals that `hunters simulate`
//! prints cover the truth 95 % of the time? It plays many small independent experiments (each
//! on its own range of deals) and one large reference run on other deals, summarizes each
//! exactly as `simulate` does, and counts for each kind of interval how often the
//! experiments' intervals contain the reference's value.
//!
//! ```sh
//! cargo run --release --example coverage                      # 1,000 experiments of 40 deals
//! cargo run --release --example coverage -- --experiments 200 --deals 20 --reference 4000
//! ```
//!
//! It prints a Markdown table and exits 1 when a coverage falls outside its band (93–97 %;
//! at least 93 % for percentiles, whose intervals are conservative by construction).

mod experiments;

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut size = experiments::Size {
        experiments: 1000,
        deals: 40,
        reference_deals: 20_000,
        seed: 1,
        reference_seed: 2,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| -> u64 {
            let v = args.next().and_then(|v| v.parse().ok());
            v.unwrap_or_else(|| {
                eprintln!("{name} takes a whole number");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--experiments" => size.experiments = value("--experiments"),
            "--deals" => size.deals = value("--deals"),
            "--reference" => size.reference_deals = value("--reference"),
            "--seed" => size.seed = value("--seed"),
            "--reference-seed" => size.reference_seed = value("--reference-seed"),
            "-h" | "--help" => {
                println!(
                    "usage: coverage [--experiments N] [--deals D] [--reference R] [--seed S] \
                     [--reference-seed S2]\n\
                     N experiments of D deals each (default 1000 of 40) against a reference of \
                     R deals (default 20000); the experiments use master seed S (1), the \
                     reference S2 (2)."
                );
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("unknown argument {other:?}; try --help");
                return ExitCode::from(2);
            }
        }
    }
    if size.experiments == 0 || size.deals < 2 || size.reference_deals == 0 {
        eprintln!("give at least one experiment of two deals, and a reference of one deal");
        return ExitCode::from(2);
    }
    if size.seed == size.reference_seed {
        eprintln!("the reference needs a seed of its own (--reference-seed)");
        return ExitCode::from(2);
    }
    let (setups, kinds) = experiments::standard();
    let start = std::time::Instant::now();
    let found = experiments::run(&setups, &kinds, &size, |what| {
        eprintln!("[{:>6.0} s] {what}", start.elapsed().as_secs_f64());
    });
    print!("{}", experiments::table(&found, &size));
    eprintln!("{:.0} s", start.elapsed().as_secs_f64());
    if found.iter().all(experiments::Coverage::within_band) {
        ExitCode::SUCCESS
    } else {
        eprintln!("some coverage is outside its band");
        ExitCode::from(1)
    }
}
