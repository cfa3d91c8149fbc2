//! `balance --report FILE.html`: the search and its confirmation as one self-contained page —
//! the verdict, each goal's confirmation against its band, the landscape of each key (every
//! candidate's value of each goal with its interval, by its value of the key), and the
//! search's path round by round. Inline SVG; no script and nothing from elsewhere, like the
//! other reports.

use std::fmt::Write;

use hunters::balance::{Confirmation, Goal, Problem, Search, Verdict};
use hunters::statistics::CONFIDENCE;

use crate::cli::page::{colour, esc, nice_step, report};

const STYLE: &str = include_str!("../../web/balance.css");

/// What the page says about the run besides the search and the confirmation.
pub(super) struct Meta<'a> {
    pub command: &'a str,
    pub bots: String,
    pub seed: u64,
    pub confirm_deals: u64,
    pub seconds: f64,
    pub verdict: &'a str,
}

fn class(v: Verdict) -> &'static str {
    match v {
        Verdict::Met => "met",
        Verdict::NotMet => "not-met",
        Verdict::Unsure => "unsure",
    }
}

/// The page.
pub(super) fn page(
    problem: &Problem,
    search: &Search,
    confirmed: &[Confirmation],
    base: &Confirmation,
    meta: &Meta,
) -> String {
    let mut h = String::new();
    let keys: Vec<String> = problem
        .space
        .keys
        .iter()
        .map(|k| format!("{} in {}", k.name, k.values.join(", ")))
        .collect();
    let search_deals: u64 = search.history.iter().map(|(r, _)| r.deals).sum();
    let _ = write!(
        h,
        r#"<h1>Carcassonne: Hunters &amp; Gatherers — which numbers balance {base}</h1>
<p class="note">{keys} ({size} candidates) · bots {bots} · seed {seed} · hunters {version}.<br>
The search tried {tried} candidates in {rounds} rounds: {played} games on {search_deals} deals, every candidate of a round on the same deals. The confirmation played the finalists and the variant as printed again on <strong>{confirm} other deals</strong>; every interval is 95 % over deals. {seconds:.0} s.<br>
Command: <code>{command}</code></p>
<p class="verdict">{verdict}</p>
"#,
        base = esc(&problem.space.base),
        keys = esc(&keys.join("; ")),
        size = problem.space.size(),
        bots = esc(&meta.bots),
        seed = meta.seed,
        version = env!("CARGO_PKG_VERSION"),
        tried = search.candidates.len(),
        rounds = search.history.len(),
        played = search.played,
        confirm = meta.confirm_deals,
        seconds = meta.seconds,
        command = esc(meta.command),
        verdict = esc(meta.verdict),
    );

    // The confirmation: a table, and a chart per goal against its band.
    h.push_str("<h2>The confirmation</h2>\n<div class=\"wide\"><table>\n<tr><th>variant</th>");
    for g in &problem.goals {
        let _ = write!(
            h,
            "<th>{} (target {} ± {})</th>",
            esc(&g.text),
            g.target,
            g.tolerance
        );
    }
    h.push_str("</tr>\n");
    for c in confirmed.iter().chain(std::iter::once(base)) {
        let name = if std::ptr::eq(c, base) {
            format!("{} (as printed)", c.variant)
        } else {
            c.variant.clone()
        };
        let _ = write!(h, "<tr><td>{}</td>", esc(&name));
        for x in &c.goals {
            let _ = write!(
                h,
                r#"<td class="{}">{:.2} ({:.2} to {:.2}) {}</td>"#,
                class(x.verdict),
                x.value,
                x.low,
                x.high,
                x.verdict.words()
            );
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table></div>\n<div class=\"charts\">\n");
    for (g, goal) in problem.goals.iter().enumerate() {
        let points: Vec<Dot> = confirmed
            .iter()
            .chain(std::iter::once(base))
            .enumerate()
            .map(|(i, c)| Dot {
                x: i as f64,
                label: if std::ptr::eq(c, base) {
                    "as printed".to_string()
                } else {
                    short(&c.variant, &problem.space.base)
                },
                value: c.goals[g].value,
                low: c.goals[g].low,
                high: c.goals[g].high,
                colour: colour(0),
            })
            .collect();
        let ticks: Vec<(f64, String)> = points.iter().map(|p| (p.x, p.label.clone())).collect();
        chart(
            &mut h,
            &format!("{} on the confirmation's deals", goal.text),
            goal,
            &points,
            &ticks,
        );
    }
    h.push_str("</div>\n");

    // The landscape: every candidate the search measured, by each key.
    h.push_str(
        "<h2>The landscape of each key</h2>\n<p class=\"note\">Every candidate the search \
         measured, at its value of the key: its value of the goal with the 95 % interval over \
         the deals of its last race (a candidate that left early rests on fewer deals, so its \
         bar is longer); the finalists in orange. The band is the target ± tolerance.</p>\n\
         <div class=\"charts\">\n",
    );
    let finalists: Vec<&str> = confirmed.iter().map(|c| c.variant.as_str()).collect();
    for (k, key) in problem.space.keys.iter().enumerate() {
        for (g, goal) in problem.goals.iter().enumerate() {
            let points: Vec<Dot> = search
                .candidates
                .iter()
                .filter(|c| c.sums[g].deals >= 2)
                .enumerate()
                .map(|(i, c)| {
                    let (value, low, high) = problem.interval(goal, &c.sums[g], CONFIDENCE);
                    // Candidates of one value side by side, a little apart.
                    let spread = ((i % 7) as f64 - 3.0) * 0.04;
                    Dot {
                        x: c.point[k] as f64 + spread,
                        label: c.variant.clone(),
                        value,
                        low,
                        high,
                        colour: if finalists.contains(&c.variant.as_str()) {
                            colour(1)
                        } else {
                            colour(0)
                        },
                    }
                })
                .collect();
            let ticks: Vec<(f64, String)> = key
                .values
                .iter()
                .enumerate()
                .map(|(i, v)| (i as f64, v.clone()))
                .collect();
            chart(
                &mut h,
                &format!("{} by {}", goal.text, key.name),
                goal,
                &points,
                &ticks,
            );
        }
    }
    h.push_str("</div>\n");

    // The path: each round's candidates, best first.
    h.push_str(
        "<h2>The search's path</h2>\n<p class=\"note\">Each round of successive halving: the \
         candidates in it, best first by the objective it ranked them by (the sum over the \
         goals of weight × ((value − target) / tolerance)², pooled over the candidates that share \
         a value while many are in); the better half went on. The figure after each is the \
         candidate's own objective over the deals of its last race.</p>\n\
         <div class=\"wide\"><table>\n<tr><th>round</th><th>deals</th><th>candidates</th>\
         <th>best first (objective)</th></tr>\n",
    );
    for (round, ranked) in &search.history {
        let list: Vec<String> = ranked
            .iter()
            .take(8)
            .map(|&c| {
                let cand = &search.candidates[c];
                format!(
                    "{} ({:.2})",
                    short(&cand.variant, &problem.space.base),
                    problem.objective(&cand.sums)
                )
            })
            .collect();
        let more = if ranked.len() > 8 {
            format!(", and {} more", ranked.len() - 8)
        } else {
            String::new()
        };
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"list\">{}{}</td></tr>",
            round.number,
            round.deals,
            round.candidates.len(),
            esc(&list.join(", ")),
            esc(&more)
        );
    }
    h.push_str("</table></div>\n");
    let title = format!("hunters balance: {}", esc(&problem.space.base));
    report(&title, STYLE, &h)
}

/// A candidate's numbers without the base's name: `deer=3,mammoth=4`.
fn short(variant: &str, base: &str) -> String {
    variant
        .strip_prefix(base)
        .and_then(|rest| rest.strip_prefix('@'))
        .unwrap_or(variant)
        .to_string()
}

/// One value with its interval on a chart.
struct Dot {
    x: f64,
    label: String,
    value: f64,
    low: f64,
    high: f64,
    colour: &'static str,
}

/// A chart of `points` (x from 0 to the last tick) against the goal's band.
fn chart(h: &mut String, title: &str, goal: &Goal, points: &[Dot], ticks: &[(f64, String)]) {
    let slant = ticks.iter().any(|(_, l)| l.chars().count() > 6);
    let (w, ht) = (360.0, if slant { 250.0 } else { 220.0 });
    let (left, right, top, bottom) = (52.0, 10.0, 12.0, if slant { 76.0 } else { 46.0 });
    let (band_lo, band_hi) = (goal.target - goal.tolerance, goal.target + goal.tolerance);
    let finite = |v: f64| if v.is_finite() { v } else { goal.target };
    let mut lo = points.iter().map(|p| finite(p.low)).fold(band_lo, f64::min);
    let mut hi = points
        .iter()
        .map(|p| finite(p.high))
        .fold(band_hi, f64::max);
    let step = nice_step(hi - lo, 4.0);
    (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let span = (hi - lo).max(step);
    let y = |v: f64| top + (hi - finite(v)) / span * (ht - top - bottom);
    let last = ticks.len().saturating_sub(1).max(1) as f64;
    // A slanted name runs left from its point: room for the first.
    let inset = if slant { 80.0 } else { 14.0 };
    let x = |v: f64| left + inset + v / last * (w - left - right - inset - 14.0);
    let _ = writeln!(
        h,
        r#"<figure><svg viewBox="0 0 {w} {ht}" width="100%" role="img" aria-label="{}">"#,
        esc(title)
    );
    let _ = writeln!(
        h,
        r##"<rect class="band" x="{left}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#009e73" fill-opacity="0.15"><title>target {} ± {}</title></rect>"##,
        y(band_hi),
        w - left - right,
        (y(band_lo) - y(band_hi)).max(1.0),
        goal.target,
        goal.tolerance
    );
    let mut v = lo;
    while v <= hi + 1e-9 {
        let label = if step < 1.0 {
            format!("{v:.1}")
        } else {
            format!("{v:.0}")
        };
        let _ = writeln!(
            h,
            r##"<line x1="{left}" y1="{yy:.1}" x2="{r}" y2="{yy:.1}" stroke="#e4e4e4"/><text x="{tx}" y="{ty:.1}" font-size="11" text-anchor="end" fill="#444">{label}</text>"##,
            r = w - right,
            yy = y(v),
            tx = left - 6.0,
            ty = y(v) + 4.0,
        );
        v += step;
    }
    for (tx, label) in ticks {
        let _ = writeln!(
            h,
            r##"<text class="x-label" x="{xx:.1}" y="{ty}" font-size="10" text-anchor="{anchor}" fill="#444"{turn}>{}</text>"##,
            esc(label),
            xx = x(*tx),
            ty = ht - bottom + 14.0,
            // Long names (the finalists') slant, so that neighbours do not overlap.
            anchor = if slant { "end" } else { "middle" },
            turn = if slant {
                format!(
                    r#" transform="rotate(-20 {:.1} {})""#,
                    x(*tx),
                    ht - bottom + 14.0
                )
            } else {
                String::new()
            },
        );
    }
    for p in points {
        let xx = x(p.x);
        let _ = writeln!(
            h,
            r#"<line class="bar" x1="{xx:.1}" y1="{:.1}" x2="{xx:.1}" y2="{:.1}" stroke="{c}" stroke-width="2"/><circle cx="{xx:.1}" cy="{:.1}" r="3.5" fill="{c}"><title>{}: {:.2} ({:.2} to {:.2})</title></circle>"#,
            y(p.low),
            y(p.high),
            y(p.value),
            esc(&p.label),
            p.value,
            p.low,
            p.high,
            c = p.colour
        );
    }
    let _ = writeln!(
        h,
        r#"</svg><figcaption>{}</figcaption></figure>"#,
        esc(title)
    );
}
