//! What the HTML reports share (`simulate --report`, `simulate --levels --report`, `ladder
//! --report`): the page around them and its style, escaping, the colours of the variants,
//! round steps for the axes.

use hunters::viewer::template::fill;

const REPORT: &str = include_str!("../web/report.html");
const REPORT_STYLE: &str = include_str!("../web/report.css");

/// A report's page: `title` (escaped already), the report's own `style` after the style the
/// reports share, and its `body`. No script and nothing from elsewhere: the file opens the
/// same on a machine without a network.
pub(super) fn report(title: &str, style: &str, body: &str) -> String {
    fill(
        REPORT,
        &[
            ("title", title),
            ("style", &format!("{REPORT_STYLE}{style}")),
            ("body", body),
        ],
    )
}

/// Colours of the variants, in order (distinct for the colour-blind as far as five go).
const COLOURS: [&str; 6] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
];

pub(super) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The colour of the `i`-th variant.
pub(super) fn colour(i: usize) -> &'static str {
    COLOURS[i % COLOURS.len()]
}

/// The least round step (1, 2 or 5 times a power of ten) that cuts `span` into at most
/// `most` parts.
pub(super) fn nice_step(span: f64, most: f64) -> f64 {
    if span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let mut p = 10f64.powf((span / most).log10().floor());
    loop {
        for m in [1.0, 2.0, 5.0] {
            if span / (m * p) <= most + 1e-9 {
                return m * p;
            }
        }
        p *= 10.0;
    }
}

#[cfg(test)]
mod tests {
    use super::nice_step;

    #[test]
    fn steps_are_round_and_cut_the_span_into_few_parts() {
        for (span, most, step) in [
            (1.0, 4.0, 0.5),
            (0.15, 6.0, 0.05),
            (12.0, 5.0, 5.0),
            (0.8, 5.0, 0.2),
            (163.7 - 149.6, 5.0, 5.0),
        ] {
            assert!((nice_step(span, most) - step).abs() < 1e-12, "{span}");
        }
    }
}
