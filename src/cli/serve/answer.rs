//! What every request is answered with, and the two checks every kind of table makes before
//! it changes anything: that the request was sent from the state it would change, and that
//! the variant it names is one the server may load. The tables of games ([`super::api`]) and
//! of recordings ([`super::record`]) both lean on these; neither leans on the other's.

use hunters::Variant;
use hunters::variant::BUILTIN;
use serde_json::{Value, json};

/// An answer: the HTTP status and its body.
pub struct Answer {
    pub status: u16,
    pub body: Value,
    /// A body of another type instead, with its type: the log's text, the page.
    pub text: Option<(String, &'static str)>,
}

impl Answer {
    pub fn text(text: String) -> Answer {
        Answer {
            status: 200,
            body: Value::Null,
            text: Some((text, "text/plain; charset=utf-8")),
        }
    }

    pub fn page(html: String) -> Answer {
        Answer {
            status: 200,
            body: Value::Null,
            text: Some((html, "text/html; charset=utf-8")),
        }
    }

    pub fn ok(body: Value) -> Answer {
        Answer {
            status: 200,
            body,
            text: None,
        }
    }

    pub fn refuse(status: u16, message: impl Into<String>) -> Answer {
        Answer {
            status,
            body: json!({ "error": message.into() }),
            text: None,
        }
    }
}

/// The refusal of a request sent from another state than the game's `version`: a number or
/// a click means something else in another state (another tab, or a page left open, may have
/// moved since), so nothing is done and the page is told to look again.
pub fn moved_on(version: u64, sent: u64) -> Option<Answer> {
    (version != sent).then(|| Answer {
        status: 409,
        body: json!({
            "error": format!(
                "this game moved on: it is at version {version}, and this request was sent \
                 from version {sent}; nothing was done (load the game again)"
            ),
            "version": version,
        }),
        text: None,
    })
}

/// The variant a request names, loaded: a built-in one, or `NAME@key=value,…` of one —
/// never a file, whose path a request could name.
pub fn built_in(name: &str) -> Result<Variant, String> {
    let base = name.split('@').next().unwrap_or(name);
    if BUILTIN.iter().any(|(n, _)| *n == base) {
        Variant::load(name).map_err(|e| e.to_string())
    } else {
        Err(format!(
            "{name:?}: a game here plays a built-in variant ({}), or NAME@key=value,… of one; \
             files are not read",
            BUILTIN
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }
}
