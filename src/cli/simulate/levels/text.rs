//! `simulate --levels` as text: the table of answers by level, the verdicts in words.

use comfy_table::{Cell, CellAlignment};
use hunters::levels::Verdict;

use super::report::{Run, cell, legend, step_cell, verdict_cell};
use crate::cli::common::{table, wrap};

pub fn print(run: &Run) {
    let c = &run.config;
    let levels = &c.levels;
    println!(
        "{}",
        wrap(&format!(
            "Answers by level of play: {} at {} levels, weakest first ({}), {} seats{}, seed \
             {}. Every figure rests on the same {} distinct deals, with its 95 % interval \
             over them.",
            c.variants.join(", "),
            levels.len(),
            levels.join(", "),
            c.players,
            run.shard
                .as_ref()
                .map_or(String::new(), |s| format!(" (shard {s})")),
            c.seed,
            run.deals
        ))
    );
    println!(
        "{}",
        wrap(&format!(
            "At each level that bot holds every seat; for the worth of a class it forgoes \
             the class ({}) against itself, the seats rotated. Paired differences (A − B) in \
             points per player and game; the first player's edge in percentage points of \
             wins (seat 1's share minus an even share); a win rate in percent of the games \
             the bot forgoing the class wins (a shared best total counting half; an even \
             share is one over the seats), its margin in points per game. The last step is {} − {}, deal by deal.",
            c.without.join(", "),
            levels[levels.len() - 1],
            levels[levels.len() - 2]
        ))
    );
    let mut t = table();
    let mut header = vec![Cell::new("answer")];
    header.extend(levels.iter().map(Cell::new));
    header.push(Cell::new(format!(
        "{} − {}",
        levels[levels.len() - 1],
        levels[levels.len() - 2]
    )));
    header.push(Cell::new("verdict"));
    t.set_header(header);
    for a in &run.answers {
        let mut row = vec![Cell::new(&a.answer.name)];
        row.extend(
            a.by_level
                .iter()
                .map(|i| Cell::new(cell(a.unit, i)).set_alignment(CellAlignment::Right)),
        );
        row.push(Cell::new(step_cell(a.unit, &a.top_step)).set_alignment(CellAlignment::Right));
        row.push(Cell::new(verdict_cell(a)));
        t.add_row(row);
    }
    println!("{t}");
    let count = |v: Verdict| run.answers.iter().filter(|a| a.verdict == v).count();
    println!(
        "{}",
        wrap(&format!(
            "{} answers settled at the top, {} still moving, {} not yet known:",
            count(Verdict::Settled),
            count(Verdict::StillMoving),
            count(Verdict::NotYetKnown),
        ))
    );
    for line in legend(run) {
        println!("{}", wrap(&format!("- {line}")));
    }
    super::super::text::print_time_per_move(&run.time_per_move);
}
