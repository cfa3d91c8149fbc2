//! The pages' one template function: the viewer's page here, and the command line's pages
//! (the table of `serve`, the reports of `simulate` and `ladder`) fill the HTML files of
//! `src/web/` with it. Those files are embedded at build time (`include_str!`), so a page
//! still holds everything it shows, inline, and opens without a network.
//!
//! A marker is `{{name}}` (letters, digits, `_` and `-`). The text put in for a marker is
//! never read for markers again, so a script or a player's name may hold `{{` freely.

use std::fmt;

/// What is wrong between a template and the slots given for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FillError {
    /// The template has `{{name}}` but no slot of that name was given: the page would show
    /// the marker.
    LeftOver(String),
    /// A slot was given that the template never asks for: its text would be lost.
    Unused(String),
    /// The same slot was given twice: which text was meant is unknown.
    Twice(String),
}

impl fmt::Display for FillError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FillError::LeftOver(name) => write!(f, "the marker {{{{{name}}}}} has no slot"),
            FillError::Unused(name) => write!(f, "the slot `{name}` has no marker"),
            FillError::Twice(name) => write!(f, "the slot `{name}` is given twice"),
        }
    }
}

impl std::error::Error for FillError {}

/// The name of the marker that starts `text` (after its `{{`), and the length of the whole
/// marker with its braces; `None` when `text` does not start a marker.
fn marker(text: &str) -> Option<(&str, usize)> {
    let end = text.find("}}")?;
    let name = &text[..end];
    let good = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    good.then_some((name, end + 4))
}

/// `template` with every `{{name}}` replaced by the text of slot `name`. Every marker must
/// have a slot and every slot a marker (a marker may be used several times).
pub fn try_fill(template: &str, slots: &[(&str, &str)]) -> Result<String, FillError> {
    for (i, (name, _)) in slots.iter().enumerate() {
        if slots[..i].iter().any(|(n, _)| n == name) {
            return Err(FillError::Twice((*name).to_string()));
        }
    }
    let mut used = vec![false; slots.len()];
    let mut out =
        String::with_capacity(template.len() + slots.iter().map(|s| s.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(i) = rest.find("{{") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        match marker(after) {
            Some((name, len)) => {
                let Some(k) = slots.iter().position(|(n, _)| *n == name) else {
                    return Err(FillError::LeftOver(name.to_string()));
                };
                used[k] = true;
                out.push_str(slots[k].1);
                rest = &rest[i + len..];
            }
            // Braces that name nothing (`{{` in a style or a script) stay as they are.
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    match used.iter().position(|u| !u) {
        Some(k) => Err(FillError::Unused(slots[k].0.to_string())),
        None => Ok(out),
    }
}

/// [`try_fill`] for the templates built into the binary: a marker without a slot or a slot
/// without a marker there is a mistake in the program, not in anything a user gave, and the
/// tests of every page would meet it first.
///
/// # Panics
///
/// When [`try_fill`] finds a marker without a slot, a slot without a marker or a slot twice.
pub fn fill(template: &str, slots: &[(&str, &str)]) -> String {
    try_fill(template, slots).unwrap_or_else(|e| panic!("a page's template: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_marker_takes_its_slot_as_often_as_it_appears() {
        let page = fill(
            "<title>{{title}}</title><h1>{{title}}</h1><p>{{body}}</p>",
            &[("title", "A &amp; B"), ("body", "text")],
        );
        assert_eq!(
            page,
            "<title>A &amp; B</title><h1>A &amp; B</h1><p>text</p>"
        );
    }

    #[test]
    fn the_text_put_in_is_not_read_for_markers() {
        let page = fill("<script>{{script}}</script>", &[("script", "a = '{{x}}';")]);
        assert_eq!(page, "<script>a = '{{x}}';</script>");
    }

    #[test]
    fn braces_that_name_nothing_stay() {
        for text in [
            "{{",
            "{{}}",
            "{{ a }}",
            "a {{b c}} d",
            "}}{{",
            "{{{{",
            "{{x",
        ] {
            assert_eq!(try_fill(text, &[]).as_deref(), Ok(text), "{text}");
        }
        // `{a` is not a name: the first two braces start no marker.
        assert_eq!(try_fill("{{{a}}}", &[]).as_deref(), Ok("{{{a}}}"));
    }

    #[test]
    fn a_marker_without_a_slot_is_refused() {
        assert_eq!(
            try_fill("<p>{{body}}</p><p>{{foot}}</p>", &[("body", "x")]),
            Err(FillError::LeftOver("foot".into()))
        );
    }

    #[test]
    fn a_slot_without_a_marker_is_refused() {
        assert_eq!(
            try_fill("<p>{{body}}</p>", &[("body", "x"), ("style", "y")]),
            Err(FillError::Unused("style".into()))
        );
    }

    #[test]
    fn a_slot_given_twice_is_refused() {
        assert_eq!(
            try_fill("{{a}}", &[("a", "1"), ("a", "2")]),
            Err(FillError::Twice("a".into()))
        );
    }

    #[test]
    #[should_panic(expected = "the marker {{foot}} has no slot")]
    fn fill_panics_on_a_mistake() {
        let _ = fill("{{foot}}", &[]);
    }
}
