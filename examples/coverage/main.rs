//! The coverage check of docs/statistics.md: do the 95 % intervals that `hunters simulate`
//! prints cover the truth 95 % of the time? It plays many small independent experiments (each
//! on its own range of deals), summarizes each exactly as `simulate` does, and counts for each
//! kind of interval how often an experiment's interval contains the truth: the value over
//! the other half of the experiments' deals, pooled.
//!
//! ```sh
//! cargo run --release --example coverage                      # 1,000 experiments of 40 deals
//! cargo run --release --example coverage -- --experiments 200 --deals 20
//! ```
//!
//! It prints a Markdown table and exits 1 when a coverage falls outside 93–97 % (at least 93 %
//! where an interval promises only a floor: percentiles, and a lopsided pair's rotated seat
//! share).

mod experiments;

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut size = experiments::Size {
        experiments: 1000,
        deals: 40,
        seed: 1,
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
            "--seed" => size.seed = value("--seed"),
            "-h" | "--help" => {
                println!(
                    "usage: coverage [--experiments N] [--deals D] [--seed S]\n\
                     N experiments of D deals each (default 1000 of 40) from master seed S \
                     (1); each experiment's truth is the value over the other half of the \
                     experiments."
                );
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("unknown argument {other:?}; try --help");
                return ExitCode::from(2);
            }
        }
    }
    if size.experiments < 2 || size.deals < 2 {
        eprintln!("give at least two experiments of two deals");
        return ExitCode::from(2);
    }
    let (setups, kinds) = experiments::standard(true);
    let start = std::time::Instant::now();
    let measured = experiments::run(&setups, &kinds, &size, |what| {
        eprintln!("[{:>6.0} s] {what}", start.elapsed().as_secs_f64());
    });
    let found: Vec<_> = measured.iter().map(|m| m.coverage(1.0)).collect();
    // The project's promise: 93–97 % (three standard errors of 1,000 experiments).
    let band = (0.93, 0.97);
    print!("{}", experiments::table(&found, &size, band));
    eprintln!("{:.0} s", start.elapsed().as_secs_f64());
    if found.iter().all(|c| c.within(band)) {
        ExitCode::SUCCESS
    } else {
        eprintln!("some coverage is outside its band");
        ExitCode::from(1)
    }
}
