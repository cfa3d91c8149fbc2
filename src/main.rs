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
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: restores the default action of SIGPIPE before any thread starts.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_on_closed_pipe() {}
