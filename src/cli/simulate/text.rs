//! The text tables of a run.

use comfy_table::{Cell, CellAlignment};
use hunters::measures::{CATEGORIES, MEASURES, Shown};
use hunters::summary::{Estimate, Interval, Precision};

use super::report_data::Report;
use crate::cli::common::table;

/// Prints every table of the run.
pub fn print(r: &Report) {
    let c = &r.config;
    let (games, deals) = r.games_and_deals();
    println!(
        "{games} games per variant from {deals} deals{}, seed {}, seats: {}{}",
        r.part(),
        c.seed,
        c.bots.join(", "),
        if c.rotations > 1 {
            " (seats rotated: each deal once per rotation)"
        } else {
            ""
        }
    );
    println!("Points per player and game (mean ± 95 % interval over the {deals} deals):");
    let mut t = table();
    let mut header = vec![Cell::new("variant")];
    header.extend(CATEGORIES.iter().map(Cell::new));
    header.extend(
        MEASURES
            .iter()
            .filter(|a| a.shown == Shown::WithPoints)
            .map(|a| Cell::new(a.heading)),
    );
    t.set_header(header);
    let fmt = |e: &Estimate| format!("{:.2} ± {:.2}", e.mean, e.half_width);
    for v in &r.results {
        let s = &v.summary;
        let mut row = vec![Cell::new(&v.variant)];
        let points = s.points.to_array();
        for e in points
            .iter()
            .chain(s.shown(Shown::WithPoints).map(|(_, e)| e))
        {
            row.push(Cell::new(fmt(e)).set_alignment(CellAlignment::Right));
        }
        t.add_row(row);
    }
    println!("{t}");
    let seats = r.seats();
    println!(
        "Wins by seat, a shared victory split among its winners{}:",
        if c.rotations > 1 {
            " (seats rotated: every bot in every seat)"
        } else {
            ""
        }
    );
    let mut t = table();
    let mut header = vec![Cell::new("variant")];
    header.extend((1..=seats).map(|s| Cell::new(format!("seat {s}"))));
    header.push(Cell::new("first player's edge"));
    t.set_header(header);
    let pct = |i: &Interval| {
        format!(
            "{:.1} % ({:.1}–{:.1})",
            100.0 * i.value,
            100.0 * i.low,
            100.0 * i.high
        )
    };
    for v in &r.results {
        let mut row = vec![Cell::new(&v.variant)];
        row.extend(
            v.summary
                .win_share_by_seat
                .iter()
                .map(|i| Cell::new(pct(i)).set_alignment(CellAlignment::Right)),
        );
        let a = &v.summary.first_player_advantage;
        row.push(
            Cell::new(format!(
                "{:+.1} pts ({:+.1} to {:+.1})",
                100.0 * a.value,
                100.0 * a.low,
                100.0 * a.high
            ))
            .set_alignment(CellAlignment::Right),
        );
        t.add_row(row);
    }
    println!("{t}");
    println!("Finishing rank by seat (share of games; ties share the better rank):");
    let mut t = table();
    let mut header = vec![Cell::new("variant"), Cell::new("seat")];
    header.extend((1..=seats).map(|k| Cell::new(format!("rank {k}"))));
    t.set_header(header);
    for v in &r.results {
        for (s, by_rank) in v.summary.rank_by_seat.iter().enumerate() {
            let mut row = vec![Cell::new(&v.variant), Cell::new(s + 1)];
            row.extend(by_rank.iter().map(|i| {
                Cell::new(format!("{:.1} %", 100.0 * i.value)).set_alignment(CellAlignment::Right)
            }));
            t.add_row(row);
        }
    }
    println!("{t}");
    println!("Spread (percentiles of totals and margins with their 95 % intervals):");
    let mut t = table();
    t.set_header(vec![
        "variant",
        "total p10",
        "total p50",
        "total p90",
        "margin p10",
        "margin p50",
        "margin p90",
    ]);
    let q = |i: &Interval| format!("{:.0} ({:.0}–{:.0})", i.value, i.low, i.high);
    for v in &r.results {
        let (a, b) = (&v.summary.total_percentiles, &v.summary.margin_percentiles);
        let mut row = vec![Cell::new(&v.variant)];
        for i in [&a.p10, &a.p50, &a.p90, &b.p10, &b.p50, &b.p90] {
            row.push(Cell::new(q(i)).set_alignment(CellAlignment::Right));
        }
        t.add_row(row);
    }
    println!("{t}");
    println!("Length and tension per game (mean ± 95 % interval):");
    let mut t = table();
    let mut header = vec!["variant"];
    header.extend(
        MEASURES
            .iter()
            .filter(|a| a.shown == Shown::PerGame)
            .map(|a| a.heading),
    );
    t.set_header(header);
    for v in &r.results {
        let mut row = vec![Cell::new(&v.variant)];
        for (_, e) in v.summary.shown(Shown::PerGame) {
            row.push(Cell::new(fmt(e)).set_alignment(CellAlignment::Right));
        }
        t.add_row(row);
    }
    println!("{t}");
    if r.results.len() > 1 {
        println!(
            "Paired difference to {} per game (same deals; {}):",
            r.results[0].variant,
            r.paired_intervals()
        );
        let mut t = table();
        let cols = || MEASURES.iter().filter(|a| a.paired_table);
        let mut header = vec![Cell::new("variant")];
        header.extend(cols().map(|a| Cell::new(a.heading)));
        t.set_header(header);
        for v in &r.results[1..] {
            let Some(p) = &v.summary.paired_game_difference else {
                continue;
            };
            let mut row = vec![Cell::new(&v.variant)];
            for a in cols() {
                let e = p.get(a.measure);
                row.push(
                    Cell::new(format!("{:+.2} ± {:.2}", e.mean, e.half_width))
                        .set_alignment(CellAlignment::Right),
                );
            }
            t.add_row(row);
        }
        println!("{t}");
    }
    if r.results.iter().any(|v| !v.summary.bots.is_empty()) {
        println!(
            "Bot against bot{} (a game whose best total two bots share counts half; 95 % \
             intervals over deals):",
            if c.rotations > 1 {
                ", seats rotated"
            } else {
                "; --rotate-seats makes it seat-fair"
            }
        );
        // With more than two seats a bot's fair share is not one half, and its Elo is against
        // the field under Luce's model: say both.
        let field = r
            .results
            .iter()
            .flat_map(|v| &v.summary.bots)
            .any(|b| b.fair_share != 0.5);
        let mut t = table();
        let mut header = vec![
            "variant",
            "bot",
            "games",
            "deals",
            "win rate (95 % interval)",
        ];
        if field {
            header.push("fair share");
        }
        header.extend([
            "margin",
            if field {
                "Elo vs the field (Luce)"
            } else {
                "Elo vs the other"
            },
        ]);
        t.set_header(header);
        for v in &r.results {
            for b in &v.summary.bots {
                let mut row = vec![
                    Cell::new(&v.variant),
                    Cell::new(&b.bot),
                    Cell::new(b.games).set_alignment(CellAlignment::Right),
                    Cell::new(b.deals).set_alignment(CellAlignment::Right),
                    Cell::new(format!(
                        "{:.1} % ({:.1}–{:.1})",
                        100.0 * b.win_rate.value,
                        100.0 * b.win_rate.low,
                        100.0 * b.win_rate.high
                    ))
                    .set_alignment(CellAlignment::Right),
                ];
                if field {
                    row.push(
                        Cell::new(format!("{:.1} %", 100.0 * b.fair_share))
                            .set_alignment(CellAlignment::Right),
                    );
                }
                row.extend([
                    Cell::new(format!(
                        "{:+.2} ± {:.2}",
                        b.margin.mean, b.margin.half_width
                    ))
                    .set_alignment(CellAlignment::Right),
                    Cell::new(format!(
                        "{:+.0} ({:+.0} to {:+.0})",
                        b.elo.value, b.elo.low, b.elo.high
                    ))
                    .set_alignment(CellAlignment::Right),
                ]);
                t.add_row(row);
            }
        }
        println!("{t}");
        if field {
            println!(
                "Elo vs the field: Luce's choice model, as if the other seats were equally \
                 strong; 0 at the fair share (the bot's seats over all seats)."
            );
        }
    }
    if r.results.len() > 1 {
        println!(
            "Paired difference to {} (same deals; per player and game; {}):",
            r.results[0].variant,
            r.paired_intervals()
        );
        let mut t = table();
        let mut header = vec![Cell::new("variant")];
        header.extend(CATEGORIES.iter().map(Cell::new));
        t.set_header(header);
        for v in &r.results[1..] {
            let mut row = vec![Cell::new(&v.variant)];
            for e in v
                .summary
                .paired_difference
                .iter()
                .flat_map(|p| p.to_array())
            {
                row.push(
                    Cell::new(format!("{:+.2} ± {:.2}", e.mean, e.half_width))
                        .set_alignment(CellAlignment::Right),
                );
            }
            t.add_row(row);
        }
        println!("{t}");
    }
    let p = &r.precision;
    if p.deals > 0 {
        let unit = |x: f64| {
            let kind = if p.measure.starts_with("win_rate") {
                " percentage"
            } else {
                ""
            };
            format!("{kind} point{}", if x == 1.0 { "" } else { "s" })
        };
        println!(
            "Precision: {} is ± {:.2}{} over {} deals; ± {}{} would take about {} deals \
             (--precision X).",
            precision_name(p),
            p.half_width,
            unit(p.half_width),
            p.deals,
            p.target,
            unit(p.target),
            p.deals_needed
        );
    }
    print_time_per_move(&r.time_per_move);
}

/// The time each bot took per move, one line (timing, not a result).
pub fn print_time_per_move(times: &[super::report_data::BotTime]) {
    if !times.is_empty() {
        println!(
            "Time per move: {} (one core each; timing, not a result).",
            super::report_data::BotTime::line(times)
        );
    }
}

/// The main figure of `--precision`, in words.
fn precision_name(p: &Precision) -> String {
    match p.measure.as_str() {
        "paired_total" => format!("the paired difference of totals of {}", p.variant),
        "total" => format!("the mean total of {}", p.variant),
        m => format!(
            "the win rate of {} in {}",
            m.trim_start_matches("win_rate of "),
            p.variant
        ),
    }
}
