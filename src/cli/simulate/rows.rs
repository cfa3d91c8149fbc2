//! `--games-out`: one row per game and variant, as CSV or JSON lines (docs/json.md).

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use hunters::compare::ByCategory;
use hunters::measures::{CATEGORIES, MEASURES};

use super::play::Game;

/// `--games-out`: one row per game and variant, as CSV or JSON lines.
pub struct GamesOut {
    path: PathBuf,
    format: RowFormat,
}

enum RowFormat {
    Csv(Box<csv::Writer<std::fs::File>>),
    JsonLines(std::io::BufWriter<std::fs::File>),
}

impl GamesOut {
    pub fn create(path: &std::path::Path, seats: usize) -> Result<GamesOut> {
        let csv = match path.extension().and_then(|e| e.to_str()) {
            Some("csv") => true,
            Some("jsonl") => false,
            _ => bail!(
                "--games-out {}: name the file .csv for CSV or .jsonl for JSON lines",
                path.display()
            ),
        };
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        let mut out = GamesOut {
            path: path.to_path_buf(),
            format: if csv {
                RowFormat::Csv(Box::new(csv::Writer::from_writer(file)))
            } else {
                RowFormat::JsonLines(std::io::BufWriter::new(file))
            },
        };
        if csv {
            let mut header: Vec<String> = ["game", "deal", "seed", "variant", "winners"]
                .into_iter()
                .map(String::from)
                .collect();
            header.extend(MEASURES.iter().map(|a| a.column.to_string()));
            for s in 1..=seats {
                header.push(format!("seat{s}_bot"));
                header.extend(CATEGORIES.iter().map(|c| format!("seat{s}_{c}")));
            }
            out.csv_record(&header)?;
        }
        Ok(out)
    }

    fn csv_record(&mut self, cells: &[String]) -> Result<()> {
        let RowFormat::Csv(w) = &mut self.format else {
            unreachable!("a CSV record goes to a CSV file")
        };
        w.write_record(cells)
            .with_context(|| format!("cannot write {}", self.path.display()))
    }

    /// The row of game `g`, played under the variant the tables call `variant`.
    pub fn row(&mut self, g: &Game, variant: &str) -> Result<()> {
        let (game, deal, seed, seats, o) = (g.game, g.deal, g.seed, g.seats, g.outcome);
        let points = |s: usize| {
            let p = &o.points[s];
            [p[0], p[1], p[2], p[3], p[4], o.totals[s]]
        };
        match &mut self.format {
            RowFormat::Csv(_) => {
                let winners: Vec<String> = o.winners.iter().map(|w| (w + 1).to_string()).collect();
                let mut cells = vec![
                    game.to_string(),
                    deal.to_string(),
                    seed.to_string(),
                    variant.to_string(),
                    winners.join(" "),
                ];
                cells.extend(MEASURES.iter().map(|a| o.measure(a.measure).to_string()));
                for (s, bot) in seats.iter().enumerate() {
                    cells.push(bot.name());
                    cells.extend(points(s).iter().map(u32::to_string));
                }
                self.csv_record(&cells)
            }
            RowFormat::JsonLines(file) => {
                let seats: Vec<serde_json::Value> = seats
                    .iter()
                    .enumerate()
                    .map(|(s, bot)| {
                        serde_json::json!({
                            "seat": s + 1,
                            "bot": bot.name(),
                            "points": ByCategory::from_array(points(s)),
                        })
                    })
                    .collect();
                let mut row = serde_json::json!({
                    "game": game,
                    "deal": deal,
                    // A string: JavaScript holds only 53 bits of a number exactly.
                    "seed": seed.to_string(),
                    "variant": variant,
                    "seats": seats,
                    "winners": o.winners.iter().map(|w| w + 1).collect::<Vec<_>>(),
                });
                for a in &MEASURES {
                    row[a.column] = o.measure(a.measure).into();
                }
                use std::io::Write;
                writeln!(file, "{row}")
                    .with_context(|| format!("cannot write {}", self.path.display()))
            }
        }
    }

    pub fn finish(self) -> Result<()> {
        use std::io::Write;
        match self.format {
            RowFormat::Csv(mut w) => w.flush(),
            RowFormat::JsonLines(mut f) => f.flush(),
        }
        .with_context(|| format!("cannot write {}", self.path.display()))
    }
}
