//! Errors about input files: every one names the file, the line where known, and what was
//! expected there.

use std::fmt;

/// Something wrong in an input file (tile set, variant or game log) or value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The file, or a label such as `built-in tile set "menhir"`.
    pub file: String,
    /// 1-based line number, where the fault has one.
    pub line: Option<usize>,
    pub message: String,
}

impl InputError {
    pub fn new(file: impl Into<String>, line: Option<usize>, message: impl Into<String>) -> Self {
        InputError {
            file: file.into(),
            line,
            message: message.into(),
        }
    }

    /// `given` is neither a built-in `kind` (one of `builtins`, a name table) nor a file.
    pub fn neither_builtin_nor_file(given: &str, kind: &str, builtins: &[(&str, &str)]) -> Self {
        let names: Vec<&str> = builtins.iter().map(|(n, _)| *n).collect();
        InputError::new(
            given,
            None,
            format!(
                "no built-in {kind} has this name and no such file exists; the built-in {kind}s \
                 are {}",
                names.join(", ")
            ),
        )
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// The 1-based line holding byte `offset` of `text`.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Turns a TOML syntax or type error into an [`InputError`] with its line.
pub(crate) fn from_toml(file: &str, text: &str, err: &toml::de::Error) -> InputError {
    let line = err.span().map(|s| line_of(text, s.start));
    InputError::new(file, line, err.message().trim().to_string())
}
