//! `ladder --report FILE.html`: depth, luck and strategies as one self-contained page — the
//! ratings of every variant as a ladder chart with their intervals, the chains, the deal's
//! share of the outcome, the first player's edge at each level, and what each strategy is
//! worth as interval bars. No script and nothing from elsewhere, like the `simulate` report.

use std::fmt::Write;

use hunters::ladder::{Bound, Estimate};

use super::{ByVariant, Output};
use crate::cli::page::{colour, esc, nice_step};

const STYLE: &str = r#"<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em;
       color: #222; background: #fff; }
h1 { font-size: 1.6em; margin-bottom: .2em; }
h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05em; margin-top: 1.5em; }
table { border-collapse: collapse; margin: .6em 0; font-size: .9em; }
th, td { padding: .25em .6em; border-bottom: 1px solid #e4e4e4; text-align: right; }
td { white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { background: #f4f4f4; }
.note { color: #555; font-size: .9em; }
.swatch { display: inline-block; width: .9em; height: .9em; margin-right: .3em;
          vertical-align: -0.1em; }
</style>"#;

/// The page.
pub(super) fn html(out: &Output) -> String {
    let mut h = String::new();
    let variants: Vec<&str> = out.variants.iter().map(|v| v.variant.as_str()).collect();
    let _ = write!(
        h,
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hunters ladder: {title}</title>
{STYLE}</head><body>
<h1>Carcassonne: Hunters &amp; Gatherers — depth, luck and strategies</h1>
<p class="note">{variants} · ladder {bots} · <strong>{deals} distinct deals</strong> per variant ({games} games of each pair, seats swapped), seed {seed}; 95 % intervals over deals; hunters {version}.</p>
"#,
        title = esc(&variants.join(", ")),
        variants = esc(&variants.join(", ")),
        bots = esc(&out.bots.join(" → ")),
        deals = out.deals,
        games = out.games_per_pair,
        seed = out.seed,
        version = esc(&out.stamp.version),
    );
    legend(&mut h, &variants);
    if out.bots.len() > 1 {
        h.push_str("<h2>Depth, luck and strategies</h2>\n<h3>Ratings</h3>\n");
        h.push_str(
            "<p class=\"note\">Bradley–Terry ratings in Elo, anchored at the same bot in every \
             variant so that they compare; bars are 95 % intervals (bootstrap over deals). An \
             arrow marks a bound: beyond a pair that one bot swept, a rating is only known to \
             be at most or at least that.</p>\n",
        );
        ratings_chart(&mut h, out);
        summary_table(&mut h, out);
        steps_table(&mut h, out);
        edge_table(&mut h, out);
    }
    if out
        .variants
        .first()
        .is_some_and(|v| !v.summary.strategies.is_empty())
    {
        h.push_str("<h3>What a strategy is worth</h3>\n");
        let top = out.bots.last().map_or("", String::as_str);
        let _ = writeln!(
            h,
            "<p class=\"note\">{} forgoing each class of moves against itself unrestricted, \
             on the same deals with the seats swapped: its win rate with its 95 % interval. \
             Below 50 % the strategy pays; the further, the more it is worth.</p>",
            esc(top)
        );
        strategies_chart(&mut h, out);
        strategies_table(&mut h, out);
    }
    h.push_str("</body></html>\n");
    h
}

fn legend(h: &mut String, variants: &[&str]) {
    h.push_str("<p>");
    for (i, v) in variants.iter().enumerate() {
        let _ = write!(
            h,
            r#"<span class="swatch" style="background:{}"></span>{} &nbsp; "#,
            colour(i),
            esc(v)
        );
    }
    h.push_str("</p>\n");
}

fn pct(e: &Estimate) -> String {
    format!(
        "{:.1} % ({:.1}–{:.1})",
        100.0 * e.value,
        100.0 * e.low,
        100.0 * e.high
    )
}

/// A horizontal chart: one row per label, one dot and bar per variant in each row, over an
/// axis from `lo` to `hi` with a dashed line at `mark`.
struct Rows<'a> {
    labels: &'a [String],
    variants: usize,
    lo: f64,
    hi: f64,
    mark: f64,
    unit: &'a str,
    caption: &'a str,
}

impl Rows<'_> {
    const W: f64 = 900.0;
    const LEFT: f64 = 190.0;
    const ROW: f64 = 14.0;

    fn x(&self, v: f64) -> f64 {
        Self::LEFT + (v - self.lo) / (self.hi - self.lo) * (Self::W - Self::LEFT - 20.0)
    }

    fn group(&self) -> f64 {
        Self::ROW * self.variants as f64 + 12.0
    }

    /// The chart around `draw`, which is given the y of each variant's line in each row.
    fn svg(
        &self,
        h: &mut String,
        name: &str,
        mut draw: impl FnMut(&mut String, usize, usize, f64),
    ) {
        let ht = self.group() * self.labels.len() as f64 + 46.0;
        let base = ht - 40.0;
        let _ = writeln!(
            h,
            r#"<svg viewBox="0 0 {w} {ht}" width="100%" role="img" aria-label="{name}">"#,
            w = Self::W
        );
        let step = nice_step(self.hi - self.lo, 6.0);
        let mut v = (self.lo / step).ceil() * step;
        while v <= self.hi + 1e-9 {
            let xx = self.x(v);
            let _ = writeln!(
                h,
                r##"<line x1="{xx:.1}" y1="0" x2="{xx:.1}" y2="{base:.1}" stroke="#eee"/><line x1="{xx:.1}" y1="{base:.1}" x2="{xx:.1}" y2="{t:.1}" stroke="#444"/><text class="tick" x="{xx:.1}" y="{ty:.1}" font-size="11" text-anchor="middle" fill="#444">{v}{unit}</text>"##,
                t = base + 5.0,
                ty = base + 17.0,
                unit = self.unit,
            );
            v += step;
        }
        let m = self.x(self.mark);
        let _ = writeln!(
            h,
            r##"<line x1="{m:.1}" y1="0" x2="{m:.1}" y2="{base:.1}" stroke="#888" stroke-dasharray="4 3"/>"##
        );
        for (r, label) in self.labels.iter().enumerate() {
            let top = r as f64 * self.group() + 6.0;
            let _ = writeln!(
                h,
                r##"<text x="4" y="{:.1}" font-size="13" fill="#222">{}</text>"##,
                top + self.group() / 2.0,
                esc(label)
            );
            for v in 0..self.variants {
                draw(h, r, v, top + v as f64 * Self::ROW + Self::ROW / 2.0);
            }
        }
        let _ = writeln!(
            h,
            r##"<text x="{x:.1}" y="{y:.1}" font-size="12" text-anchor="middle" fill="#444">{}</text>"##,
            esc(self.caption),
            x = (Self::W + Self::LEFT) / 2.0,
            y = ht - 6.0,
        );
        h.push_str("</svg>\n");
    }

    /// A dot at `e.value` with its interval as a bar.
    fn bar(&self, h: &mut String, e: &Estimate, y: f64, col: &str) {
        let _ = writeln!(
            h,
            r#"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{col}" stroke-width="3"/><circle cx="{:.1}" cy="{y:.1}" r="4.5" fill="{col}"/>"#,
            self.x(e.low.max(self.lo)),
            self.x(e.high.min(self.hi)),
            self.x(e.value.clamp(self.lo, self.hi)),
        );
    }
}

fn ratings_chart(h: &mut String, out: &Output) {
    let all = out
        .variants
        .iter()
        .flat_map(|v| v.summary.rungs.iter())
        .flat_map(|r| [r.elo.low, r.elo.high]);
    let (lo, hi) = all.fold((0.0f64, 0.0f64), |(a, b), v| (a.min(v), b.max(v)));
    let step = nice_step(hi - lo, 6.0);
    let rows = Rows {
        labels: &out.bots,
        variants: out.variants.len(),
        lo: (lo / step).floor() * step,
        hi: (hi / step).ceil() * step,
        mark: 0.0,
        unit: "",
        caption: "Elo (0 = the anchor); bars are 95 % intervals, arrows bounds",
    };
    rows.svg(h, "Ratings", |h, r, v, y| {
        let rung = &out.variants[v].summary.rungs[r];
        let col = colour(v);
        match rung.bound {
            Bound::Exact => rows.bar(h, &rung.elo, y, col),
            Bound::AtMost | Bound::AtLeast => {
                let x = rows.x(rung.elo.value);
                let dx = if rung.bound == Bound::AtMost { -8.0 } else { 8.0 };
                let _ = writeln!(
                    h,
                    r#"<path class="bound" d="M {x:.1} {y0:.1} L {xe:.1} {y:.1} L {x:.1} {y1:.1} Z" fill="{col}"/>"#,
                    y0 = y - 5.0,
                    y1 = y + 5.0,
                    xe = x + dx,
                );
            }
        }
    });
}

fn summary_table(h: &mut String, out: &Output) {
    h.push_str(
        "<table><tr><th>variant</th><th>depth (steps)</th><th>skill chain</th>\
         <th>deal's share of the margin</th><th>deal's share of who wins</th></tr>\n",
    );
    for v in &out.variants {
        let d = &v.summary.depth;
        let at = if d.at_least { "≥ " } else { "" };
        let (margin, win) = match &v.summary.luck {
            Some(l) => (pct(&l.margin), pct(&l.win)),
            None => ("—".to_string(), "—".to_string()),
        };
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{at}{:.2} ({:.2}–{:.2})</td><td>{at}{} ({}–{})</td><td>{margin}</td><td>{win}</td></tr>",
            esc(&v.variant),
            d.steps.value,
            d.steps.low,
            d.steps.high,
            d.chain[0],
            d.chain[1],
            d.chain[2],
        );
    }
    h.push_str("</table>\n");
    if let Some(l) = out.variants.first().and_then(|v| v.summary.luck.as_ref()) {
        let _ = writeln!(
            h,
            "<p class=\"note\">Depth: steps of {:.0} % ({:.0} Elo) between the weakest and the \
             strongest bot of this ladder. The deal's share: {} against {}, each deal played \
             {} times with other decisions; the share of the variance the tiles explain \
             (intraclass correlation).</p>",
            100.0 * out.step,
            hunters::statistics::elo(out.step),
            esc(&l.upper),
            esc(&l.lower),
            l.games_per_deal
        );
    }
}

fn steps_table(h: &mut String, out: &Output) {
    h.push_str("<table><tr><th>step</th>");
    for v in &out.variants {
        let _ = write!(h, "<th>{}</th>", esc(&v.variant));
    }
    h.push_str("</tr>\n");
    let steps = out.bots.len().saturating_sub(1);
    for s in 0..steps {
        let _ = write!(
            h,
            "<tr><td>{} over {}</td>",
            esc(&out.bots[s + 1]),
            esc(&out.bots[s])
        );
        for v in &out.variants {
            let st = &v.summary.steps[s];
            let note = if st.sweep {
                " (a sweep)"
            } else if st.adds_nothing {
                " (no gap)"
            } else {
                ""
            };
            let _ = write!(
                h,
                "<td>{}{note}, upsets {:.1} %</td>",
                pct(&st.upper_wins),
                100.0 * st.upset_rate
            );
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}

fn edge_table(h: &mut String, out: &Output) {
    h.push_str(
        "<h3>The first player's edge at each level</h3>\n<p class=\"note\">Seat 1's share of \
         the games each bot plays against itself, minus one half, in percentage points.</p>\n\
         <table><tr><th>bot</th>",
    );
    for v in &out.variants {
        let _ = write!(h, "<th>{}</th>", esc(&v.variant));
    }
    h.push_str("</tr>\n");
    for (b, bot) in out.bots.iter().enumerate() {
        let _ = write!(h, "<tr><td>{}</td>", esc(bot));
        for v in &out.variants {
            let e = &v.summary.rungs[b].first_player_edge;
            let _ = write!(
                h,
                "<td>{:+.1} ({:+.1} to {:+.1})</td>",
                e.value, e.low, e.high
            );
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}

fn strategies_chart(h: &mut String, out: &Output) {
    let first: &ByVariant = &out.variants[0];
    let labels: Vec<String> = first
        .summary
        .strategies
        .iter()
        .map(|s| s.class.clone())
        .collect();
    let rows = Rows {
        labels: &labels,
        variants: out.variants.len(),
        lo: 0.0,
        hi: 100.0,
        mark: 50.0,
        unit: " %",
        caption: "the restricted bot's win rate; bars are 95 % intervals",
    };
    rows.svg(h, "Strategies", |h, r, v, y| {
        let w = &out.variants[v].summary.strategies[r].wins;
        let e = Estimate {
            value: 100.0 * w.value,
            low: 100.0 * w.low,
            high: 100.0 * w.high,
        };
        rows.bar(h, &e, y, colour(v));
    });
}

fn strategies_table(h: &mut String, out: &Output) {
    h.push_str("<table><tr><th>forgoes</th>");
    for v in &out.variants {
        let _ = write!(h, "<th>{}</th>", esc(&v.variant));
    }
    h.push_str("</tr>\n");
    for (k, s) in out.variants[0].summary.strategies.iter().enumerate() {
        let _ = write!(h, "<tr><td>{}</td>", esc(&s.class));
        for v in &out.variants {
            let st = &v.summary.strategies[k];
            let _ = write!(
                h,
                "<td>{}, margin {:+.1} ({:+.1} to {:+.1})</td>",
                pct(&st.wins),
                st.margin.value,
                st.margin.low,
                st.margin.high
            );
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}
