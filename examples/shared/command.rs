//! What the examples' command lines share: the arguments with the values their options take,
//! a whole-number value, and the way out with the error on standard error.

use std::process::ExitCode;

/// `s` as a whole number, or an error that names it.
pub fn number(s: &str) -> Result<u64, String> {
    s.parse()
        .map_err(|_| format!("{s:?} is not a whole number"))
}

/// An example's arguments after its name, one at a time, with the value an option takes.
pub struct Args(std::iter::Skip<std::env::Args>);

impl Args {
    /// The arguments the example was given.
    pub fn from_env() -> Args {
        Args(std::env::args().skip(1))
    }

    /// The value of option `name`: the argument after it, which it must have.
    pub fn value(&mut self, name: &str) -> Result<String, String> {
        self.0.next().ok_or(format!("{name} takes a value"))
    }

    /// The value of option `name` as a whole number.
    pub fn number(&mut self, name: &str) -> Result<u64, String> {
        number(&self.value(name)?)
    }
}

impl Iterator for Args {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        self.0.next()
    }
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
