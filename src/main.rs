//! The `hunters` command line; the work is done by the library and `cli`.

mod cli;

fn main() -> std::process::ExitCode {
    quiet_on_closed_pipe();
    cli::main()
}

/// A reader that stops early (`hunters tiles | head -1`) closes the pipe; the command then
/// ends quietly, as Unix tools do, instead of reporting a failed write.
#[cfg(unix)]
fn quiet_on_closed_pipe() {
    use nix::sys::signal::{SigHandler, Signal, signal};
    // SAFETY: restores the default action of SIGPIPE before any thread starts; no handler
    // of ours runs.
    unsafe {
        let _ = signal(Signal::SIGPIPE, SigHandler::SigDfl);
    }
}

#[cfg(not(unix))]
fn quiet_on_closed_pipe() {}
