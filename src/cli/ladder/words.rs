//! What a ladder's figures allow a designer to conclude, in sentences: which variants differ
//! in depth, where the first player gains, how much the deal decides, and where the deals
//! are too few to order the bots. The text and the page end with the same sentences.

use hunters::ladder::{Bound, Estimate};

use super::output::ByVariant;

/// Below this many deals a ladder's intervals are too wide for most conclusions, and the
/// text says so first.
const FEW_DEALS: u64 = 50;

/// The conclusions, one sentence or short paragraph each.
pub(super) fn conclusions(results: &[ByVariant], deals: u64) -> Vec<String> {
    let mut out = Vec::new();
    let ladders: Vec<&ByVariant> = results
        .iter()
        .filter(|r| r.summary.rungs.len() > 1)
        .collect();
    if deals < FEW_DEALS {
        out.push(format!(
            "Only {deals} deals: intervals are wide, a sweep's bound is low, and bots close in \
             strength may come out in either order; {FEW_DEALS} deals or more (--games {}) \
             are advised before concluding anything.",
            2 * FEW_DEALS
        ));
    }
    if !ladders.is_empty() {
        out.push(depth(&ladders));
        out.extend(order(&ladders, deals));
        out.push(first_player(&ladders));
        if let Some(l) = luck(&ladders) {
            out.push(l);
        }
    }
    out
}

fn steps(e: &Estimate, bound: bool) -> String {
    if bound {
        format!("at least {:.1} steps", e.value)
    } else {
        format!("{:.1} steps ({:.1} to {:.1})", e.value, e.low, e.high)
    }
}

/// Which variants differ in depth: two depths differ when their intervals do not overlap
/// (a conservative reading); a depth that is only a lower bound exceeds another only by
/// lying above that one's interval.
fn depth(ladders: &[&ByVariant]) -> String {
    let list: Vec<String> = ladders
        .iter()
        .map(|r| {
            let d = &r.summary.depth;
            format!("{} {}", r.variant, steps(&d.steps, d.at_least))
        })
        .collect();
    let mut deeper = Vec::new();
    for a in ladders {
        for b in ladders {
            let (da, db) = (&a.summary.depth, &b.summary.depth);
            // `a` is deeper when its low end lies above `b`'s high end (and `b`'s high end
            // is known: a lower bound has none).
            if !db.at_least && da.steps.low > db.steps.high {
                deeper.push(format!("{} is deeper than {}", a.variant, b.variant));
            }
        }
    }
    let bounded = ladders.iter().all(|r| r.summary.depth.at_least);
    let verdict = if ladders.len() < 2 {
        String::new()
    } else if !deeper.is_empty() {
        format!(" {}.", capitalise(&deeper.join("; ")))
    } else if bounded {
        format!(
            " Every depth here is a lower bound, so depth cannot order the variants; above \
             the anchor, {}",
            top_ratings(ladders)
        )
    } else {
        " The variants cannot be told apart by depth: their intervals overlap.".to_string()
    };
    let bound_note = if ladders.iter().any(|r| r.summary.depth.at_least) {
        " A depth \"at least\" holds a sweep, counted only as far as its deals show; a \
         stronger top bot or a weaker bottom one could stretch any chain."
    } else {
        " Depth is this ladder's: a stronger top bot could stretch any chain."
    };
    format!(
        "Depth, in steps of the ladder's win probability: {}.{verdict}{bound_note}",
        list.join(", ")
    )
}

/// The strongest bot's rating in each variant and whether any two differ (intervals apart).
fn top_ratings(ladders: &[&ByVariant]) -> String {
    let tops: Vec<(&str, &Estimate, Bound)> = ladders
        .iter()
        .filter_map(|r| {
            let top = r.summary.rungs.last()?;
            Some((r.variant.as_str(), &top.elo, top.bound))
        })
        .collect();
    let list: Vec<String> = tops
        .iter()
        .map(|(v, e, b)| match b {
            Bound::Exact => format!("{v} {:+.0} ({:+.0} to {:+.0})", e.value, e.low, e.high),
            Bound::AtLeast => format!("{v} ≥ {:+.0}", e.value),
            Bound::AtMost => format!("{v} ≤ {:+.0}", e.value),
        })
        .collect();
    let mut apart = Vec::new();
    for (va, a, ba) in &tops {
        for (vb, b, bb) in &tops {
            if *ba == Bound::Exact && *bb == Bound::Exact && a.low > b.high {
                apart.push(format!("{va} above {vb}"));
            }
        }
    }
    let name = ladders
        .first()
        .and_then(|r| r.summary.rungs.last())
        .map_or("", |r| r.bot.as_str());
    let verdict = if apart.is_empty() {
        "no two intervals lie apart".to_string()
    } else {
        format!("intervals apart: {}", apart.join(", "))
    };
    format!("{name} stands at {} Elo: {verdict}.", list.join(", "))
}

/// Steps whose order the deals cannot settle, or that go the wrong way.
fn order(ladders: &[&ByVariant], deals: u64) -> Vec<String> {
    let mut out = Vec::new();
    for r in ladders {
        let mut unsettled = Vec::new();
        let mut reversed = Vec::new();
        for st in &r.summary.steps {
            if st.gap_bound != Bound::Exact {
                continue;
            }
            let g = &st.gap;
            // `+ 0.0` turns a printed "-0" into "+0".
            let text = format!(
                "{} over {} ({:+.0} Elo, {:+.0} to {:+.0})",
                st.upper,
                st.lower,
                g.value.round() + 0.0,
                g.low,
                g.high
            );
            if g.high < 0.0 {
                reversed.push(text);
            } else if st.adds_nothing {
                unsettled.push(text);
            }
        }
        if !unsettled.is_empty() {
            out.push(format!(
                "{}: {} deals cannot order {}: each interval holds 0, so the ratings' order \
                 there is chance, whichever way it falls; more deals or bots further apart \
                 would settle it.",
                r.variant,
                deals,
                unsettled.join(", ")
            ));
        }
        if !reversed.is_empty() {
            out.push(format!(
                "{}: the later bot is the weaker, beyond chance: {}. The ladder is not in \
                 order of strength there.",
                r.variant,
                reversed.join(", ")
            ));
        }
    }
    out
}

/// Where the first player gains: the levels whose edge interval leaves out 0, set against
/// how many chance alone would give.
fn first_player(ladders: &[&ByVariant]) -> String {
    let mut measured = 0;
    let mut found = Vec::new();
    for r in ladders {
        for rung in &r.summary.rungs {
            if let Some(e) = &rung.first_player_edge {
                measured += 1;
                if e.low > 0.0 || e.high < 0.0 {
                    found.push(format!(
                        "{} at {} ({:+.1} percentage points of wins, {:+.1} to {:+.1})",
                        r.variant, rung.bot, e.value, e.low, e.high
                    ));
                }
            }
        }
    }
    if measured == 0 {
        return "No bot played itself, so the first player's edge was not measured.".to_string();
    }
    let chance = 0.05 * f64::from(measured);
    if found.is_empty() {
        return format!(
            "No first player's edge shows: all {measured} intervals hold 0 (the seat's share \
             of the wins a bot takes against itself)."
        );
    }
    let tail = binomial_tail(measured, found.len() as u32, 0.05);
    let weight = if tail < 0.05 {
        format!(
            "chance alone would give so many only {:.1} % of the time, so the edge is likely \
             real at some of them",
            100.0 * tail
        )
    } else {
        format!(
            "chance alone would give so many {:.0} % of the time, so none of them is sure on \
             its own; more deals would tell",
            100.0 * tail
        )
    };
    format!(
        "The first player gains where the interval leaves out 0: {}. That is {} of \
         {measured} intervals against {chance:.1} expected by chance: {weight}.",
        found.join("; "),
        found.len()
    )
}

/// `P(X ≥ k)` for `X` binomial with `n` trials of probability `p`.
fn binomial_tail(n: u32, k: u32, p: f64) -> f64 {
    let mut term = (1.0 - p).powi(n as i32);
    let mut below = 0.0;
    for i in 0..k {
        below += term;
        term *= f64::from(n - i) / f64::from(i + 1) * p / (1.0 - p);
    }
    (1.0 - below).max(0.0)
}

/// How much the deal decides, by variant.
fn luck(ladders: &[&ByVariant]) -> Option<String> {
    let mut parts = Vec::new();
    let mut pair = None;
    for r in ladders {
        let Some(l) = &r.summary.luck else { continue };
        pair.get_or_insert_with(|| (l.upper.clone(), l.lower.clone()));
        parts.push(format!(
            "{} {:.0} % of the margin ({:.0}–{:.0}) and {:.0} % of who wins ({:.0}–{:.0})",
            r.variant,
            100.0 * l.margin.deal.value,
            100.0 * l.margin.deal.low,
            100.0 * l.margin.deal.high,
            100.0 * l.win.deal.value,
            100.0 * l.win.deal.low,
            100.0 * l.win.deal.high,
        ));
    }
    let (upper, lower) = pair?;
    Some(format!(
        "How much the deal decides between {upper} and {lower}, as shares of the variance \
         (its tiles, and how they suit one seat): {}. The rest is play and the first player's \
         edge; between players further apart the deal decides less.",
        parts.join("; ")
    ))
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
