//! `ladder --report FILE.html`: depth, luck and strategies as one self-contained page — the
//! ratings of every variant as a ladder chart with their intervals, the chains, the deal's
//! share of the outcome, the first player's edge at each level, and what each strategy is
//! worth as interval bars. No script and nothing from elsewhere, like the `simulate` report.

use std::fmt::Write;

use hunters::ladder::{Bound, Estimate};

use super::output::{ByVariant, Output};
use crate::cli::page::{colour, esc, nice_step, report};

const STYLE: &str = include_str!("../../web/ladder.css");

/// The page.
pub(super) fn html(out: &Output) -> String {
    let mut h = String::new();
    let variants: Vec<&str> = out.variants.iter().map(|v| v.variant.as_str()).collect();
    let _ = write!(
        h,
        r#"<h1>Carcassonne: Hunters &amp; Gatherers — depth, luck and strategies</h1>
<p class="note">{variants} · ladder {bots} · <strong>{deals} distinct deals</strong> per variant ({games} games of each pair, seats swapped), seed {seed}; 95 % intervals over deals; hunters {version}.</p>
"#,
        variants = esc(&variants.join(", ")),
        bots = esc(&out.bots.join(" → ")),
        deals = out.deals,
        games = out.games_per_pair,
        seed = out.seed,
        version = esc(&out.stamp.version),
    );
    legend(&mut h, &variants);
    let strategies = out
        .variants
        .first()
        .is_some_and(|v| !v.summary.strategies.is_empty());
    let luck = out.variants.iter().any(|v| v.summary.luck.is_some());
    let mut sections = Vec::new();
    if out.bots.len() > 1 {
        sections.push("Depth");
        if luck {
            sections.push("luck");
        }
    }
    if strategies {
        sections.push("strategies");
    }
    let _ = writeln!(h, "<h2>{}</h2>", and_list(&sections));
    if out.bots.len() > 1 {
        h.push_str("<h3>Ratings</h3>\n");
        h.push_str(
            "<p class=\"note\">Bradley–Terry ratings in Elo, anchored at the same bot in every \
             variant so that they compare; bars are 95 % intervals (bootstrap over deals). An \
             arrow marks a bound: a pair that one bot swept is only known to lie at least as \
             far apart as the exact 95 % bound of its deals, and every rating beyond it from \
             the anchor is at most or at least that.</p>\n",
        );
        ratings_chart(&mut h, out);
        summary_table(&mut h, out);
        steps_table(&mut h, out);
        edge_table(&mut h, out);
    }
    if strategies {
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
    let said = super::words::conclusions(&out.variants, out.deals);
    if !said.is_empty() {
        h.push_str("<h2>What the figures allow one to conclude</h2>\n<ul>\n");
        for line in said {
            let _ = writeln!(h, "<li>{}</li>", esc(&line));
        }
        h.push_str("</ul>\n");
    }
    let title = format!("hunters ladder: {}", esc(&variants.join(", ")));
    report(&title, STYLE, &h)
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

/// "Depth, luck and strategies".
fn and_list(parts: &[&str]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
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
        "<table><tr><th>variant</th><th>depth (steps)</th><th>skill chain (whole steps)</th>\
         <th>deal's share of the margin</th><th>first player's edge's share of the margin</th>\
         <th>deal's share of who wins</th><th>first player's edge's share of who wins</th></tr>\n",
    );
    for v in &out.variants {
        let d = &v.summary.depth;
        let (steps, chain) = if d.at_least {
            (
                format!("≥ {:.2}", d.steps.value),
                format!("≥ {}", d.whole_steps[0]),
            )
        } else {
            (
                format!(
                    "{:.2} ({:.2}–{:.2})",
                    d.steps.value, d.steps.low, d.steps.high
                ),
                format!(
                    "{} ({}–{})",
                    d.whole_steps[0], d.whole_steps[1], d.whole_steps[2]
                ),
            )
        };
        let luck = match &v.summary.luck {
            Some(l) => [
                &l.margin.deal,
                &l.margin.first_player,
                &l.win.deal,
                &l.win.first_player,
            ]
            .map(pct)
            .join("</td><td>"),
            None => ["—"; 4].join("</td><td>"),
        };
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{steps}</td><td>{chain}</td><td>{luck}</td></tr>",
            esc(&v.variant),
        );
    }
    h.push_str("</table>\n");
    let luck = out.variants.first().and_then(|v| v.summary.luck.as_ref());
    let _ = write!(
        h,
        "<p class=\"note\">Depth: steps of {:.0} % ({:.0} Elo) between the weakest and the \
         strongest bot of this ladder; a chain of k whole steps has k + 1 players. \"≥\": a \
         sweep, counted only as far as its deals show.",
        100.0 * out.step,
        hunters::statistics::elo(out.step),
    );
    if let Some(l) = luck {
        let _ = write!(
            h,
            " Luck: {} against {}, each deal played {} times with other decisions; the shares \
             of the variance that the deal explains (its tiles, and how they suit one seat) and \
             that the first player's edge explains; the rest is play.",
            esc(&l.upper),
            esc(&l.lower),
            l.games_per_deal
        );
    }
    h.push_str("</p>\n");
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
            let note = match st.gap_bound {
                Bound::AtLeast => format!(" (a sweep: ≥ {:+.0} Elo)", st.gap.value),
                Bound::AtMost => format!(" (a sweep: ≤ {:+.0} Elo)", st.gap.value),
                Bound::Exact if st.adds_nothing => " (no gap)".to_string(),
                Bound::Exact => String::new(),
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
         the games each bot plays against itself, minus one half, in percentage points of wins.</p>\n\
         <table><tr><th>bot</th>",
    );
    for v in &out.variants {
        let _ = write!(h, "<th>{}</th>", esc(&v.variant));
    }
    h.push_str("</tr>\n");
    for (b, bot) in out.bots.iter().enumerate() {
        let _ = write!(h, "<tr><td>{}</td>", esc(bot));
        for v in &out.variants {
            match &v.summary.rungs[b].first_player_edge {
                Some(e) => {
                    let _ = write!(
                        h,
                        "<td>{:+.1} ({:+.1} to {:+.1})</td>",
                        e.value, e.low, e.high
                    );
                }
                None => h.push_str("<td>—</td>"),
            }
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
