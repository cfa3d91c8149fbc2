//! `simulate --levels --report FILE.html`: the answers by level as one self-contained page —
//! the table with its verdicts, and a chart per answer: its value with the 95 % interval at
//! each level, weakest first. Inline SVG; no script and nothing from elsewhere, like the
//! other reports.

use std::fmt::Write;

use hunters::levels::{AnswerSummary, Unit, Verdict};

use super::report::{Run, cell, legend, step_cell, verdict_cell};
use crate::cli::page::{esc, nice_step, report};

const STYLE: &str = include_str!("../../../web/levels.css");

/// The colour and class of a verdict.
fn look(v: Verdict) -> (&'static str, &'static str) {
    match v {
        Verdict::Settled => ("#009e73", "settled"),
        Verdict::StillMoving => ("#d55e00", "moving"),
        Verdict::NotYetKnown => ("#777777", "unknown"),
    }
}

/// The page.
pub fn page(run: &Run) -> String {
    let c = &run.config;
    let levels = &c.levels;
    let (top, second) = (&levels[levels.len() - 1], &levels[levels.len() - 2]);
    let mut h = String::new();
    let _ = write!(
        h,
        r#"<h1>Carcassonne: Hunters &amp; Gatherers — answers by level of play</h1>
<p class="note">{variants} · levels {levels_list} (weakest first; at each level that bot holds every seat) · {players} seats · <strong>{deals} distinct deals</strong>, the same at every level{shard}, seed {seed}; hunters {version}.
Every figure rests on those {deals} deals, with its 95 % interval over them. The last step is {top} − {second}, deal by deal, so its interval is over deals too: what the tiles of a deal do to both levels alike cancels.</p>
<p class="note">Paired differences (A − B) are in points per player and game; the first player's edge in percentage points of wins (seat 1's share minus an even share); a win rate in percent of the games that the bot forgoing a class ({without}) wins against itself, the seats rotated (a shared best total counting half; an even share is one over the seats), its margin in points per game. An answer is <span class="settled">settled at the top</span> when the last step holds 0 within ± {tp} points or ± {tpp} percentage points, <span class="moving">still moving</span> when the step leaves out 0, and <span class="unknown">not yet known</span> when it holds 0 but is wider.</p>
"#,
        variants = esc(&c.variants.join(", ")),
        levels_list = esc(&levels.join(" → ")),
        players = c.players,
        deals = run.deals,
        shard = run
            .shard
            .as_ref()
            .map_or(String::new(), |s| format!(" (shard {})", esc(s))),
        seed = c.seed,
        version = esc(&run.stamp.version),
        top = esc(top),
        second = esc(second),
        without = esc(&c.without.join(", ")),
        tp = run.tolerance.points,
        tpp = run.tolerance.percentage_points,
    );
    h.push_str("<h2>The answers by level</h2>\n<div class=\"wide\"><table>\n<tr><th>answer</th>");
    for l in levels {
        let _ = write!(h, "<th>{}</th>", esc(l));
    }
    let _ = writeln!(
        h,
        "<th>{} − {}</th><th>verdict</th></tr>",
        esc(top),
        esc(second)
    );
    for a in &run.answers {
        let _ = write!(h, "<tr><td>{}</td>", esc(&a.answer.name));
        for i in &a.by_level {
            let _ = write!(h, "<td>{}</td>", esc(&cell(a.unit, i)));
        }
        let _ = writeln!(
            h,
            r#"<td>{}</td><td class="{}">{}</td></tr>"#,
            esc(&step_cell(a.unit, &a.top_step)),
            look(a.verdict).1,
            esc(&verdict_cell(a))
        );
    }
    h.push_str("</table></div>\n");
    h.push_str("<ul class=\"note\">\n");
    for line in legend(run) {
        let _ = writeln!(h, "<li>{}</li>", esc(&line));
    }
    h.push_str("</ul>\n");
    h.push_str(
        "<h2>Each answer at each level</h2>\n<p class=\"note\">The value at each level with \
         its 95 % interval, weakest level on the left; the dashed line is 0.</p>\n\
         <div class=\"charts\">\n",
    );
    for a in &run.answers {
        chart(&mut h, a, levels);
    }
    h.push_str("</div>\n");
    let title = format!(
        "hunters: answers by level of play, {}",
        esc(&c.variants.join(", "))
    );
    report(&title, STYLE, &h)
}

/// One answer's chart: a dot and an interval bar per level, on a y axis that holds 0.
fn chart(h: &mut String, a: &AnswerSummary, levels: &[String]) {
    let (w, ht) = (330.0, 210.0);
    let (left, right, top, bottom) = (48.0, 10.0, 12.0, 46.0);
    let (colour, class) = look(a.verdict);
    let mut lo = a.by_level.iter().map(|i| i.low).fold(0.0f64, f64::min);
    let mut hi = a.by_level.iter().map(|i| i.high).fold(0.0f64, f64::max);
    if a.unit == Unit::Percent {
        // A win rate: the even share of two seats in view.
        (lo, hi) = (lo.min(50.0), hi.max(50.0));
    }
    let step = nice_step(hi - lo, 4.0);
    let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let span = (hi - lo).max(step);
    let y = |v: f64| top + (hi - v) / span * (ht - top - bottom);
    let n = levels.len() as f64;
    let x = |k: usize| left + (k as f64 + 0.5) * (w - left - right) / n;
    let _ = writeln!(
        h,
        r#"<figure><svg viewBox="0 0 {w} {ht}" width="100%" role="img" aria-label="{}">"#,
        esc(&a.answer.name)
    );
    // The y axis: round ticks with their labels.
    let mut v = lo;
    while v <= hi + 1e-9 {
        let label = if v.abs() < 1e-9 {
            "0".to_string()
        } else if step < 1.0 {
            format!("{v:.1}")
        } else {
            format!("{v:.0}")
        };
        let _ = writeln!(
            h,
            r##"<line x1="{l0}" y1="{yy:.1}" x2="{l1}" y2="{yy:.1}" stroke="#e4e4e4"/><text class="y-label" x="{tx}" y="{ty:.1}" font-size="11" text-anchor="end" fill="#444">{label}</text>"##,
            l0 = left,
            l1 = w - right,
            yy = y(v),
            tx = left - 6.0,
            ty = y(v) + 4.0,
        );
        v += step;
    }
    let _ = writeln!(
        h,
        r##"<line x1="{left}" y1="{z:.1}" x2="{r}" y2="{z:.1}" stroke="#888" stroke-dasharray="4 3"/>"##,
        z = y(0.0),
        r = w - right
    );
    for (k, (i, name)) in a.by_level.iter().zip(levels).enumerate() {
        let xx = x(k);
        let _ = writeln!(
            h,
            r#"<line class="bar" x1="{xx:.1}" y1="{:.1}" x2="{xx:.1}" y2="{:.1}" stroke="{colour}" stroke-width="3"/><circle cx="{xx:.1}" cy="{:.1}" r="4.5" fill="{colour}"><title>{}: {}</title></circle>"#,
            y(i.low),
            y(i.high),
            y(i.value),
            esc(name),
            esc(&cell(a.unit, i))
        );
        let _ = writeln!(
            h,
            r##"<text class="x-label" x="{xx:.1}" y="{ty}" font-size="11" text-anchor="middle" fill="#444">{}</text>"##,
            esc(name),
            ty = ht - bottom + 16.0
        );
    }
    let unit = match a.unit {
        Unit::Points => "points",
        Unit::Percent => "percent of the games",
        Unit::PercentagePoints => "percentage points of wins",
    };
    let _ = writeln!(
        h,
        r##"<text x="{mid}" y="{ty}" font-size="11" text-anchor="middle" fill="#444">{unit}; level of play →</text>"##,
        mid = left + (w - left - right) / 2.0,
        ty = ht - 8.0
    );
    let _ = writeln!(
        h,
        r#"</svg><figcaption><strong>{}</strong> — <span class="{class}">{}</span></figcaption></figure>"#,
        esc(&a.answer.name),
        esc(&verdict_cell(a))
    );
}
