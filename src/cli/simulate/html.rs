//! `simulate --report FILE.html`: the run as one self-contained page — tables, charts drawn
//! as inline SVG, and a sample board per variant. No script, no stylesheet or font from
//! elsewhere: the file opens the same on a machine without a network.

use std::collections::BTreeMap;
use std::fmt::Write;

use hunters::measures::{CATEGORIES, MEASURES, Shown};
use hunters::summary::{Estimate, Interval, Simultaneous, Summary};

use super::report_data::Report;
use crate::cli::page::{self, colour, esc, nice_step};

/// The page. `boards` holds one sample board per variant (an SVG picture each).
pub fn html(r: &Report, boards: &[(String, String)]) -> String {
    let mut h = String::new();
    let c = &r.config;
    let (games, deals) = r.games_and_deals();
    let _ = write!(
        h,
        r#"<h1>Carcassonne: Hunters &amp; Gatherers — {variants}</h1>
<p class="note">{games} games per variant from <strong>{deals} distinct deals</strong>{part}, seed {seed}, seats: {bots}{rotated}; hunters {version}.
Every figure on this page rests on those {deals} deals: games that share a deal (its tiles) count
once in every interval, and the players of a game are not counted as independent. Intervals
are 95 %{paired}. Every number here is in the run's JSON (<code>--json</code>).</p>
<p class="note">{comparisons}</p>
"#,
        variants = esc(&variants(r)),
        part = esc(&r.part()),
        seed = c.seed,
        bots = esc(&c.bots.join(", ")),
        rotated = if c.rotations > 1 {
            " (seats rotated: each deal played once per rotation)"
        } else {
            ""
        },
        version = esc(&r.stamp.version),
        paired =
            if r.comparisons.per_measure > 1 && r.comparisons.method == Simultaneous::Bonferroni {
                format!(
                    ", the paired differences Bonferroni-adjusted ({:.2} % each, so that each \
                 measure's {} comparisons hold together at 95 %)",
                    100.0 * r.comparisons.confidence_each,
                    r.comparisons.per_measure
                )
            } else {
                String::new()
            },
        comparisons = comparisons_note(r),
    );
    legend(&mut h, r);
    if r.results.iter().any(|v| !v.swept.is_empty()) {
        sweep_charts(&mut h, r);
    }
    points_table(&mut h, r);
    h.push_str("<h2>How the totals spread</h2>\n");
    histogram(&mut h, r);
    percentile_table(&mut h, r);
    if r.results.len() > 1 {
        let _ = writeln!(
            h,
            "<h2>Paired difference to {} (same deals, per player and game)</h2>",
            esc(&r.results[0].variant)
        );
        paired_chart(&mut h, r);
    }
    h.push_str("<h2>Seats</h2>\n");
    h.push_str(
        "<p class=\"note\">Each seat's share of the wins, a shared victory split among its \
         winners, so the seats add up to 100 %; the dashed line is an even share. With \
         <code>--rotate-seats</code> every bot sits in every seat equally often, so the first \
         player's edge is measured fairly.</p>\n",
    );
    seat_chart(&mut h, r);
    seat_table(&mut h, r);
    h.push_str("<h2>Length and tension (per game)</h2>\n");
    tension_table(&mut h, r);
    paired_measures_table(&mut h, r);
    if r.results.iter().any(|v| !v.summary.bots.is_empty()) {
        h.push_str("<h2>Bot against bot</h2>\n");
        bots_table(&mut h, r);
    }
    if !boards.is_empty() {
        h.push_str(
            "<h2>A sample game per variant (the run's first seed)</h2>\n<div class=\"boards\">\n",
        );
        for (caption, svg) in boards {
            let svg = svg.trim_start_matches(|c| c != '<');
            let svg = if svg.starts_with("<?xml") {
                svg.split_once("?>").map_or(svg, |(_, rest)| rest)
            } else {
                svg
            };
            let _ = writeln!(
                h,
                "<figure>{svg}<figcaption>{}</figcaption></figure>",
                esc(caption)
            );
        }
        h.push_str("</div>\n");
    }
    let title = esc(&format!("hunters: {}", variants(r)));
    page::report(&title, include_str!("../../web/simulate.css"), &h)
}

/// The variants the report compares, or the one it sweeps and how.
fn variants(r: &Report) -> String {
    let c = &r.config;
    if c.sweep.is_empty() {
        c.variants.join(", ")
    } else {
        format!(
            "{}, sweeping {}",
            c.variants.first().map_or("", String::as_str),
            c.sweep.join(" and ")
        )
    }
}

/// How many comparisons the page makes, and what that means for the chance of a miss (HTML).
fn comparisons_note(r: &Report) -> String {
    let c = &r.comparisons;
    if c.per_measure == 0 {
        return "This page compares no variants with each other: each interval stands alone."
            .to_string();
    }
    let base = format!(
        "This page makes {} paired comparisons with {}: {} variant{} against it on each of {} \
         measures.",
        c.intervals,
        esc(&r.results[0].variant),
        c.per_measure,
        if c.per_measure == 1 { "" } else { "s" },
        c.intervals / c.per_measure.max(1)
    );
    match c.method {
        Simultaneous::Bonferroni => format!(
            "{base} Each measure's comparisons hold together with at least {:.0} % confidence \
             (Bonferroni); across all measures, expect about {:.1} intervals of {} to miss.",
            100.0 * c.confidence_together,
            c.expected_misses(),
            c.intervals
        ),
        Simultaneous::None => format!(
            "{base} At 95 % each, about {:.1} of them would miss their truth by chance; \
             <code>--simultaneous bonferroni</code> makes each measure's comparisons hold \
             together.",
            c.expected_misses()
        ),
    }
}

/// One value of a measure with its 95 % interval, as a sweep chart plots it.
struct Point {
    value: f64,
    low: f64,
    high: f64,
}

impl From<&Estimate> for Point {
    fn from(e: &Estimate) -> Point {
        Point {
            value: e.mean,
            low: e.mean - e.half_width,
            high: e.mean + e.half_width,
        }
    }
}

impl From<&Interval> for Point {
    fn from(i: &Interval) -> Point {
        Point {
            value: i.value,
            low: i.low,
            high: i.high,
        }
    }
}

/// A sweep: each measure against the first swept key's values, one line per combination of
/// the other keys, with the printed rules as a dashed line.
fn sweep_charts(h: &mut String, r: &Report) {
    // Each measure with the least span its axis shows: a tenth of the measure's size, so that
    // a change of a few tenths of a point inside the intervals does not fill the panel as a
    // cliff; the first player's edge always shows its zero and at least ten points.
    type Measure = (&'static str, Span, fn(&Summary) -> Point);
    let size = Span::Tenth;
    let measures: [Measure; 10] = [
        ("total points per player", size, |s| {
            (&s.points.total).into()
        }),
        ("rivers", size, |s| (&s.points.rivers).into()),
        ("forests", size, |s| (&s.points.forests).into()),
        ("huts", size, |s| (&s.points.huts).into()),
        ("meadows", size, |s| (&s.points.meadows).into()),
        ("specials", size, |s| (&s.points.specials).into()),
        ("winning margin", size, |s| (&s.margin).into()),
        (
            "first player's edge (percentage points)",
            Span::AroundZero(10.0),
            |s| {
                let i = &s.first_player_advantage;
                Point {
                    value: i.value * 100.0,
                    low: i.low * 100.0,
                    high: i.high * 100.0,
                }
            },
        ),
        ("lead changes per game", size, |s| {
            (&s.lead_changes_per_game).into()
        }),
        ("tiles per game", size, |s| (&s.tiles_per_game).into()),
    ];
    let swept: Vec<_> = r.results.iter().filter(|v| !v.swept.is_empty()).collect();
    let key = &swept[0].swept[0].key;
    // The x values in the order swept; numbers are placed by value, words evenly.
    let mut xs: Vec<&str> = Vec::new();
    for v in &swept {
        if !xs.contains(&v.swept[0].value.as_str()) {
            xs.push(&v.swept[0].value);
        }
    }
    // With one key swept the printed rules are a point of the line too, at the printed value.
    let printed: Option<String> = if swept.iter().all(|v| v.swept.len() == 1) {
        hunters::Variant::load(&r.results[0].variant)
            .ok()
            .and_then(|v| {
                v.options.params.get(key).or_else(|| {
                    v.options
                        .pairs()
                        .into_iter()
                        .find(|(n, _)| n == key)
                        .map(|(_, value)| value)
                })
            })
    } else {
        None
    };
    if let Some(p) = &printed
        && !xs.contains(&p.as_str())
    {
        xs.push(p);
        // Numbers in order; words keep the order swept, the printed one last.
        if xs.iter().all(|x| x.parse::<f64>().is_ok()) {
            xs.sort_by(|a, b| {
                a.parse::<f64>()
                    .unwrap_or(0.0)
                    .total_cmp(&b.parse().unwrap_or(0.0))
            });
        }
    }
    let numeric: Option<Vec<f64>> = xs.iter().map(|x| x.parse::<f64>().ok()).collect();
    let position = |x: &str| -> f64 {
        match &numeric {
            Some(nums) => {
                let (lo, hi) = nums
                    .iter()
                    .fold((f64::MAX, f64::MIN), |(a, b), &n| (a.min(n), b.max(n)));
                let n: f64 = x.parse().unwrap_or(lo);
                if hi > lo { (n - lo) / (hi - lo) } else { 0.5 }
            }
            None => {
                let i = xs.iter().position(|y| *y == x).unwrap_or(0);
                if xs.len() > 1 {
                    i as f64 / (xs.len() - 1) as f64
                } else {
                    0.5
                }
            }
        }
    };
    // One line per combination of the other keys.
    let mut lines: Vec<(String, Vec<(&str, usize)>)> = Vec::new();
    for (i, v) in r.results.iter().enumerate() {
        if v.swept.is_empty() {
            continue;
        }
        let rest: Vec<String> = v.swept[1..]
            .iter()
            .map(|s| format!("{}={}", s.key, s.value))
            .collect();
        let label = if rest.is_empty() {
            format!("{key} swept")
        } else {
            rest.join(", ")
        };
        match lines.iter_mut().find(|(l, _)| *l == label) {
            Some((_, pts)) => pts.push((&v.swept[0].value, i)),
            None => lines.push((label, vec![(&v.swept[0].value, i)])),
        }
    }
    if let (Some(p), [(_, pts)]) = (&printed, &mut lines[..])
        && !pts.iter().any(|(x, _)| x == p)
    {
        pts.push((p, 0));
        pts.sort_by_key(|(x, _)| xs.iter().position(|y| y == x));
    }
    let _ = writeln!(
        h,
        "<h2>Against {key} (the dashed line is {} as printed)</h2>",
        esc(&r.results[0].variant)
    );
    h.push_str(
        "<p class=\"note\">Each measure under every swept value, on the same deals; a dot is \
         a variant in its colour above, its bar the 95 % interval. Where the bars overlap the \
         runs have not told the values apart.</p>\n<p>",
    );
    for (k, (label, _)) in lines.iter().enumerate() {
        let _ = write!(
            h,
            r##"<svg class="line-key" width="30" height="10" aria-hidden="true"><line x1="0" y1="5" x2="30" y2="5" stroke="{SWEPT}" stroke-width="2" stroke-dasharray="{}"/></svg> {} &nbsp; "##,
            dashes(k),
            esc(label)
        );
    }
    h.push_str("</p>\n<div class=\"boards\">\n");
    // The points sit `pad` inside the axes so that no dot or bar touches a label.
    let (w, ht, left, right, top, bottom, pad) = (340.0, 210.0, 52.0, 14.0, 26.0, 34.0, 18.0);
    for (title, span, get) in measures {
        let reference = get(&r.results[0].summary);
        let all: Vec<Point> = r.results.iter().map(|v| get(&v.summary)).collect();
        let axis = Axis::covering(&all, span);
        let (lo, hi) = (axis.low, axis.high);
        let x = |f: f64| left + pad + f * (w - left - right - 2.0 * pad);
        let y = |v: f64| top + (hi - v) / (hi - lo) * (ht - top - bottom);
        let _ = writeln!(
            h,
            r#"<figure><svg class="sweep" viewBox="0 0 {w} {ht}" role="img" aria-label="{t} against {k}" data-low="{lo}" data-high="{hi}" data-values="{values}">"#,
            t = esc(title),
            k = esc(key),
            values = all
                .iter()
                .map(|p| format!("{:.3}", p.value))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let _ = writeln!(
            h,
            r##"<text x="{left}" y="16" font-size="13" fill="#222">{}</text>"##,
            esc(title)
        );
        let _ = writeln!(
            h,
            r##"<line class="y-axis" x1="{left}" y1="{top}" x2="{left}" y2="{b}" stroke="#999"/>"##,
            b = ht - bottom
        );
        for v in axis.ticks() {
            let _ = writeln!(
                h,
                r##"<line x1="{left}" y1="{yy:.1}" x2="{r}" y2="{yy:.1}" stroke="#eee"/><text class="y-label" x="{tx}" y="{ty:.1}" font-size="10" text-anchor="end" fill="#555">{v:.d$}</text>"##,
                yy = y(v),
                r = w - right,
                tx = left - 4.0,
                ty = y(v) + 3.0,
                d = axis.digits()
            );
        }
        if lo <= 0.0 && hi >= 0.0 {
            let _ = writeln!(
                h,
                r##"<line class="zero" x1="{left}" y1="{yy:.1}" x2="{r}" y2="{yy:.1}" stroke="#777"/>"##,
                yy = y(0.0),
                r = w - right
            );
        }
        let _ = writeln!(
            h,
            r##"<line x1="{left}" y1="{yy:.1}" x2="{r}" y2="{yy:.1}" stroke="{c}" stroke-dasharray="5 4"/>"##,
            yy = y(reference.value),
            r = w - right,
            c = colour(0)
        );
        for xv in &xs {
            let _ = writeln!(
                h,
                r##"<text x="{:.1}" y="{ty}" font-size="11" text-anchor="middle" fill="#333">{}</text>"##,
                x(position(xv)),
                esc(xv),
                ty = ht - bottom + 16.0
            );
        }
        let _ = writeln!(
            h,
            r##"<text x="{:.1}" y="{ty}" font-size="11" text-anchor="middle" fill="#555">{}</text>"##,
            left + (w - left - right) / 2.0,
            esc(key),
            ty = ht - 4.0
        );
        for (k, (_, pts)) in lines.iter().enumerate() {
            let path: Vec<String> = pts
                .iter()
                .map(|(xv, i)| format!("{:.1},{:.1}", x(position(xv)), y(all[*i].value)))
                .collect();
            let _ = writeln!(
                h,
                r#"<polyline points="{}" fill="none" stroke="{SWEPT}" stroke-width="1.5" stroke-dasharray="{}"/>"#,
                path.join(" "),
                dashes(k)
            );
            for (xv, i) in pts {
                let p = &all[*i];
                let cx = x(position(xv));
                let c = colour(*i);
                let _ = writeln!(
                    h,
                    r#"<line class="bar" x1="{cx:.1}" y1="{:.1}" x2="{cx:.1}" y2="{:.1}" stroke="{c}" stroke-width="2"/><circle cx="{cx:.1}" cy="{:.1}" r="3.5" fill="{c}"/>"#,
                    y(p.low),
                    y(p.high),
                    y(p.value)
                );
            }
        }
        h.push_str("</svg></figure>\n");
    }
    h.push_str("</div>\n");
}

/// The colour of the lines through a sweep: none of the variants' colours, which mark its dots.
const SWEPT: &str = "#333";

/// Each line of a sweep (one per combination of the other swept keys) in its own dashes.
fn dashes(line: usize) -> &'static str {
    ["none", "7 4", "2 3", "9 3 2 3"][line % 4]
}

/// How little of a measure an axis may show.
#[derive(Clone, Copy)]
enum Span {
    /// A tenth of the largest value's size (at least 1).
    Tenth,
    /// Zero and the given span at least.
    AroundZero(f64),
}

/// A value axis at round ticks, covering every interval and at least its `Span`.
struct Axis {
    low: f64,
    high: f64,
    step: f64,
}

impl Axis {
    fn covering(points: &[Point], span: Span) -> Axis {
        let mut lo = points.iter().map(|p| p.low).fold(f64::INFINITY, f64::min);
        let mut hi = points
            .iter()
            .map(|p| p.high)
            .fold(f64::NEG_INFINITY, f64::max);
        if !lo.is_finite() || !hi.is_finite() {
            (lo, hi) = (0.0, 1.0);
        }
        let least = match span {
            Span::Tenth => (lo.abs().max(hi.abs()) * 0.1).max(1.0),
            Span::AroundZero(least) => {
                (lo, hi) = (lo.min(0.0), hi.max(0.0));
                least
            }
        };
        if hi - lo < least {
            let mid = (lo + hi) / 2.0;
            // A measure whose intervals stay at or above zero keeps its axis there too.
            let low = if lo >= 0.0 {
                (mid - least / 2.0).max(0.0)
            } else {
                mid - least / 2.0
            };
            (lo, hi) = (low, low + least);
        }
        let step = nice_step(hi - lo, 5.0);
        Axis {
            low: (lo / step).floor() * step,
            high: (hi / step).ceil() * step,
            step,
        }
    }

    fn ticks(&self) -> impl Iterator<Item = f64> + '_ {
        let n = ((self.high - self.low) / self.step).round() as usize;
        (0..=n).map(|k| self.low + k as f64 * self.step)
    }

    /// Decimals that tell the ticks apart.
    fn digits(&self) -> usize {
        (-self.step.log10().floor()).max(0.0) as usize
    }
}

fn legend(h: &mut String, r: &Report) {
    h.push_str("<p>");
    for (i, v) in r.results.iter().enumerate() {
        let _ = write!(
            h,
            "<span class=\"swatch\" style=\"background:{}\"></span>{} &nbsp; ",
            colour(i),
            esc(&v.variant)
        );
    }
    h.push_str("</p>\n");
}

fn est(e: &Estimate) -> String {
    format!("{:.2} ± {:.2}", e.mean, e.half_width)
}

fn points_table(h: &mut String, r: &Report) {
    h.push_str("<h2>Points per player and game</h2>\n<table><tr><th>variant</th>");
    for c in CATEGORIES {
        let _ = write!(h, "<th>{c}</th>");
    }
    for a in MEASURES.iter().filter(|a| a.shown == Shown::WithPoints) {
        let _ = write!(h, "<th>{}</th>", esc(a.heading));
    }
    h.push_str("</tr>\n");
    for v in &r.results {
        let s = &v.summary;
        let _ = write!(h, "<tr><td>{}</td>", esc(&v.variant));
        for e in s.points.to_array() {
            let _ = write!(h, "<td>{}</td>", est(&e));
        }
        for (_, e) in s.shown(Shown::WithPoints) {
            let _ = write!(h, "<td>{}</td>", est(e));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}

/// Overlaid histograms of the players' totals, one outline per variant, in bins of ten points.
fn histogram(h: &mut String, r: &Report) {
    const BIN: u32 = 10;
    let mut binned: Vec<BTreeMap<u32, f64>> = Vec::new();
    let (mut lo, mut hi, mut top) = (u32::MAX, 0u32, 0f64);
    for v in &r.results {
        let b = v.tally.totals.shares(BIN);
        if let (Some((&first, _)), Some((&last, _))) = (b.first_key_value(), b.last_key_value()) {
            lo = lo.min(first);
            hi = hi.max(last);
        }
        top = b.values().copied().fold(top, f64::max);
        binned.push(b);
    }
    if lo > hi || top <= 0.0 {
        return;
    }
    let (w, ht, left, bottom) = (900.0, 300.0, 50.0, 40.0);
    let bins = f64::from(hi - lo + 1);
    let bw = (w - left - 10.0) / bins;
    let y = |f: f64| ht - bottom - f / top * (ht - bottom - 10.0);
    let _ = writeln!(
        h,
        r#"<svg viewBox="0 0 {w} {ht}" width="100%" role="img" aria-label="Histogram of totals">"#
    );
    let _ = writeln!(
        h,
        r##"<line x1="{left}" y1="{b}" x2="{r}" y2="{b}" stroke="#444"/>"##,
        b = ht - bottom,
        r = w - 10.0
    );
    // The y-axis: the share of all totals in a bin, at round percentages.
    let _ = writeln!(
        h,
        r##"<line class="y-axis" x1="{left}" y1="10" x2="{left}" y2="{b}" stroke="#444"/>"##,
        b = ht - bottom
    );
    let tick = nice_step(top, 6.0).max(0.01);
    let mut f = 0.0;
    while f <= top + 1e-9 {
        let _ = writeln!(
            h,
            r##"<line x1="{l0}" y1="{yy:.1}" x2="{left}" y2="{yy:.1}" stroke="#444"/><text class="y-label" x="{tx}" y="{ty:.1}" font-size="11" text-anchor="end" fill="#444">{p} %</text>"##,
            l0 = left - 4.0,
            yy = y(f),
            tx = left - 6.0,
            ty = y(f) + 4.0,
            p = (f * 100.0).round()
        );
        f += tick;
    }
    // Axis labels every few bins.
    let step = ((bins / 12.0).ceil() as u32).max(1);
    let mut k = lo;
    while k <= hi + 1 {
        let x = left + f64::from(k - lo) * bw;
        let _ = writeln!(
            h,
            r##"<text x="{x:.1}" y="{ty}" font-size="12" text-anchor="middle" fill="#444">{v}</text>"##,
            ty = ht - bottom + 16.0,
            v = k * BIN
        );
        k += step;
    }
    let _ = writeln!(
        h,
        r##"<text x="{x}" y="{yy}" font-size="12" text-anchor="middle" fill="#444">points per player and game (share of totals in each bin of {BIN})</text>"##,
        x = w / 2.0,
        yy = ht - 4.0
    );
    for (i, b) in binned.iter().enumerate() {
        let mut d = format!("M{left:.1},{:.1}", y(0.0));
        for bin in lo..=hi {
            let f = b.get(&bin).copied().unwrap_or(0.0);
            let x0 = left + f64::from(bin - lo) * bw;
            let _ = write!(d, " L{x0:.1},{:.1} L{:.1},{:.1}", y(f), x0 + bw, y(f));
        }
        let _ = write!(d, " L{:.1},{:.1}", left + bins * bw, y(0.0));
        // Three or more translucent fills blend to grey: outlines alone stay readable.
        let fill = if binned.len() >= 3 { 0.0 } else { 0.12 };
        let _ = writeln!(
            h,
            r#"<path d="{d}" fill="{c}" fill-opacity="{fill}" stroke="{c}" stroke-width="2"/>"#,
            c = colour(i)
        );
    }
    h.push_str("</svg>\n");
}

fn interval(i: &Interval, scale: f64, digits: usize) -> String {
    format!(
        "{:.d$} ({:.d$}–{:.d$})",
        i.value * scale,
        i.low * scale,
        i.high * scale,
        d = digits
    )
}

fn percentile_table(h: &mut String, r: &Report) {
    h.push_str(
        "<table><tr><th>variant</th><th>total p10</th><th>total p50</th><th>total p90</th>\
         <th>margin p10</th><th>margin p50</th><th>margin p90</th></tr>\n",
    );
    for v in &r.results {
        let (a, b) = (&v.summary.total_percentiles, &v.summary.margin_percentiles);
        let _ = write!(h, "<tr><td>{}</td>", esc(&v.variant));
        for i in [&a.p10, &a.p50, &a.p90, &b.p10, &b.p50, &b.p90] {
            let _ = write!(h, "<td>{}</td>", interval(i, 1.0, 0));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}

/// Interval bars: per category, each later variant's mean paired difference with its 95 %
/// interval, around zero.
fn paired_chart(h: &mut String, r: &Report) {
    let rows: Vec<(usize, [Estimate; 6])> = r
        .results
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, v)| v.summary.paired_difference.map(|p| (i, p.to_array())))
        .collect();
    if rows.is_empty() {
        return;
    }
    let span = rows
        .iter()
        .flat_map(|(_, p)| p.iter().map(|e| e.mean.abs() + e.half_width))
        .fold(1.0f64, f64::max);
    let (w, left, row_h) = (900.0, 110.0, 18.0);
    let group = row_h * rows.len() as f64 + 12.0;
    let ht = group * 6.0 + 46.0;
    let mid = left + (w - left - 20.0) / 2.0;
    let x = |v: f64| mid + v / span * (w - left - 20.0) / 2.0;
    let _ = writeln!(
        h,
        r#"<svg viewBox="0 0 {w} {ht}" width="100%" role="img" aria-label="Paired differences">"#
    );
    let _ = writeln!(
        h,
        r##"<line x1="{mid}" y1="0" x2="{mid}" y2="{b}" stroke="#888" stroke-dasharray="4 3"/>"##,
        b = ht - 40.0
    );
    // Ticks at round values on both sides of a labelled zero.
    let tick = nice_step(span, 4.0);
    let mut v = -(span / tick).floor() * tick;
    while v <= span + 1e-9 {
        let _ = writeln!(
            h,
            r##"<line x1="{xx:.1}" y1="{t0:.1}" x2="{xx:.1}" y2="{t1:.1}" stroke="#444"/><text class="tick" x="{xx:.1}" y="{ty:.1}" font-size="11" text-anchor="middle" fill="#444">{label}</text>"##,
            xx = x(v),
            t0 = ht - 40.0,
            t1 = ht - 35.0,
            ty = ht - 23.0,
            label = if v.abs() < 1e-9 {
                "0".to_string()
            } else {
                format!("{v:+}")
            }
        );
        v += tick;
    }
    for (c, name) in CATEGORIES.iter().enumerate() {
        let top = c as f64 * group + 6.0;
        let _ = writeln!(
            h,
            r##"<text x="4" y="{:.1}" font-size="13" fill="#222">{name}</text>"##,
            top + group / 2.0
        );
        for (k, (i, p)) in rows.iter().enumerate() {
            let e = &p[c];
            let yy = top + k as f64 * row_h + row_h / 2.0;
            let _ = writeln!(
                h,
                r#"<line x1="{:.1}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="{col}" stroke-width="3"/><circle cx="{:.1}" cy="{yy:.1}" r="4.5" fill="{col}"/>"#,
                x(e.mean - e.half_width),
                x(e.mean + e.half_width),
                x(e.mean),
                col = colour(*i)
            );
        }
    }
    let _ = writeln!(
        h,
        r##"<text x="{mid}" y="{yy}" font-size="12" text-anchor="middle" fill="#444">points per player and game (−{span:.1} … +{span:.1}); bars are 95 % intervals</text>"##,
        yy = ht - 6.0
    );
    h.push_str("</svg>\n");
}

fn seat_chart(h: &mut String, r: &Report) {
    let seats = r.seats();
    if seats == 0 {
        return;
    }
    let (w, ht, left, bottom) = (900.0, 240.0, 50.0, 30.0);
    let group = (w - left - 10.0) / seats as f64;
    let bar = group * 0.8 / r.results.len() as f64;
    let y = |f: f64| ht - bottom - f * (ht - bottom - 10.0);
    let _ = writeln!(
        h,
        r#"<svg viewBox="0 0 {w} {ht}" width="100%" role="img" aria-label="Win share by seat">"#
    );
    for pct in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = writeln!(
            h,
            r##"<line x1="{left}" y1="{yy:.1}" x2="{r}" y2="{yy:.1}" stroke="#e4e4e4"/><text x="{tx}" y="{ty:.1}" font-size="11" text-anchor="end" fill="#444">{p:.0} %</text>"##,
            yy = y(pct),
            r = w - 10.0,
            tx = left - 4.0,
            ty = y(pct) + 4.0,
            p = pct * 100.0
        );
    }
    let even = 1.0 / seats as f64;
    let _ = writeln!(
        h,
        r##"<line x1="{left}" y1="{yy:.1}" x2="{r}" y2="{yy:.1}" stroke="#444" stroke-dasharray="5 4"/>"##,
        yy = y(even),
        r = w - 10.0
    );
    for s in 0..seats {
        let gx = left + s as f64 * group + group * 0.1;
        for (i, v) in r.results.iter().enumerate() {
            let Some(share) = v.summary.win_share_by_seat.get(s) else {
                continue;
            };
            let bx = gx + i as f64 * bar;
            let _ = writeln!(
                h,
                r##"<rect x="{bx:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{c}" fill-opacity="0.8"/><line x1="{cx:.1}" y1="{:.1}" x2="{cx:.1}" y2="{:.1}" stroke="#222" stroke-width="1.5"/>"##,
                y(share.value),
                bar * 0.9,
                y(0.0) - y(share.value),
                y(share.low),
                y(share.high),
                c = colour(i),
                cx = bx + bar * 0.45
            );
        }
        let _ = writeln!(
            h,
            r##"<text x="{:.1}" y="{ty}" font-size="12" text-anchor="middle" fill="#222">seat {}</text>"##,
            left + s as f64 * group + group / 2.0,
            s + 1,
            ty = ht - 10.0
        );
    }
    h.push_str("</svg>\n");
}

fn seat_table(h: &mut String, r: &Report) {
    let seats = r.seats();
    h.push_str("<table><tr><th>variant</th>");
    for s in 1..=seats {
        let _ = write!(h, "<th>seat {s}</th>");
    }
    h.push_str("<th>first player's edge (points of share)</th></tr>\n");
    for v in &r.results {
        let _ = write!(h, "<tr><td>{}</td>", esc(&v.variant));
        for i in &v.summary.win_share_by_seat {
            let _ = write!(h, "<td>{} %</td>", interval(i, 100.0, 1));
        }
        let a = &v.summary.first_player_advantage;
        let _ = writeln!(
            h,
            "<td>{:+.1} ({:+.1} to {:+.1})</td></tr>",
            a.value * 100.0,
            a.low * 100.0,
            a.high * 100.0
        );
    }
    h.push_str("</table>\n<table><tr><th>variant</th><th>seat</th>");
    for k in 1..=seats {
        let _ = write!(h, "<th>rank {k}</th>");
    }
    h.push_str("</tr>\n");
    for v in &r.results {
        for (s, by_rank) in v.summary.rank_by_seat.iter().enumerate() {
            let _ = write!(h, "<tr><td>{}</td><td>{}</td>", esc(&v.variant), s + 1);
            for i in by_rank {
                let _ = write!(h, "<td>{:.1} %</td>", i.value * 100.0);
            }
            h.push_str("</tr>\n");
        }
    }
    h.push_str("</table>\n");
}

fn tension_table(h: &mut String, r: &Report) {
    h.push_str("<table><tr><th>variant</th>");
    for a in MEASURES.iter().filter(|a| a.shown == Shown::PerGame) {
        let _ = write!(h, "<th>{}</th>", esc(a.heading));
    }
    h.push_str("</tr>\n");
    for v in &r.results {
        let _ = write!(h, "<tr><td>{}</td>", esc(&v.variant));
        for (_, e) in v.summary.shown(Shown::PerGame) {
            let _ = write!(h, "<td>{}</td>", est(e));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}

fn paired_measures_table(h: &mut String, r: &Report) {
    if r.results.len() < 2 {
        return;
    }
    let cols = || MEASURES.iter().filter(|a| a.paired_table);
    let _ = write!(
        h,
        "<p class=\"note\">Paired difference to {} per game (same deals; {}):</p>\n<table><tr><th>variant</th>",
        esc(&r.results[0].variant),
        esc(&r.paired_intervals())
    );
    for a in cols() {
        let _ = write!(h, "<th>{}</th>", esc(a.heading));
    }
    h.push_str("</tr>\n");
    for v in &r.results[1..] {
        let Some(p) = &v.summary.paired_game_difference else {
            continue;
        };
        let _ = write!(h, "<tr><td>{}</td>", esc(&v.variant));
        for a in cols() {
            let e = p.get(a.measure);
            let _ = write!(h, "<td>{:+.2} ± {:.2}</td>", e.mean, e.half_width);
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}

fn bots_table(h: &mut String, r: &Report) {
    h.push_str(
        "<table><tr><th>variant</th><th>bot</th><th>games</th><th>deals</th><th>win rate</th>\
         <th>fair share</th><th>margin</th><th>Elo vs the field (Luce; 0 at the fair share)\
         </th></tr>\n",
    );
    for v in &r.results {
        for b in &v.summary.bots {
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} %</td><td>{:.1} %</td><td>{}</td><td>{:+.0} ({:+.0} to {:+.0})</td></tr>",
                esc(&v.variant),
                esc(&b.bot),
                b.games,
                b.deals,
                interval(&b.win_rate, 100.0, 1),
                100.0 * b.fair_share,
                est(&b.margin),
                b.elo.value,
                b.elo.low,
                b.elo.high
            );
        }
    }
    h.push_str("</table>\n");
}

#[cfg(test)]
mod tests {
    use super::{Axis, Point, Span};

    fn point(value: f64, half: f64) -> Point {
        Point {
            value,
            low: value - half,
            high: value + half,
        }
    }

    #[test]
    fn a_narrow_range_is_shown_within_a_tenth_of_its_size() {
        // Tiles per game from 85.1 to 86.5: the axis spans at least 8.65, at round ticks.
        let axis = Axis::covering(&[point(85.4, 0.3), point(86.2, 0.3)], Span::Tenth);
        assert!(axis.high - axis.low >= 8.65, "{}..{}", axis.low, axis.high);
        assert!(axis.low <= 85.1 && axis.high >= 86.5);
        assert_eq!(axis.low % axis.step, 0.0);
        // Small counts never go below zero.
        let axis = Axis::covering(&[point(0.2, 0.1)], Span::Tenth);
        assert_eq!(axis.low, 0.0);
        assert!(axis.high >= 1.0);
        // The first player's edge shows its zero.
        let axis = Axis::covering(
            &[point(-12.0, 6.0), point(-6.0, 6.0)],
            Span::AroundZero(10.0),
        );
        assert!(axis.low <= -18.0 && axis.high >= 0.0);
        let axis = Axis::covering(&[point(3.0, 1.0)], Span::AroundZero(10.0));
        assert!(axis.low <= 0.0 && axis.high - axis.low >= 10.0);
    }
}
