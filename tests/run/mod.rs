//! Running the `hunters` binary from integration tests.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `hunters` with these arguments and waits for it.
pub fn hunters(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hunters"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
