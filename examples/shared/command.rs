//! What the examples' command lines share: a whole-number value, and the way out with the
//! error on standard error.

use std::process::ExitCode;

/// `s` as a whole number, or an error that names it.
pub fn number(s: &str) -> Result<u64, String> {
    s.parse()
        .map_err(|_| format!("{s:?} is not a whole number"))
}

/// Success, or the error after `name:` on standard error and exit code 2.
pub fn exit(name: &str, result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::from(2)
        }
    }
}
