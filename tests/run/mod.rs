//! Running the `hunters` binary from integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

pub mod webdriver;

/// Runs `command` with `input` on its standard input and waits for it. The input is written
/// from a thread: the program may stop reading before all of it is taken.
pub fn feed(mut command: Command, input: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    out
}

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

/// The headless browser the page checks run in; `None` only when `HUNTERS_SKIP_BROWSER=1`
/// asks to skip the browser checks. A machine without one fails the check, saying what to
/// install: a check that passes without running would say the page works when nothing looked.
pub fn browser(check: &str) -> Option<&'static str> {
    if skip_browser() {
        return None;
    }
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            Command::new(b)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        });
    Some(
        found
            .unwrap_or_else(|| panic!("{}", missing(&format!("the check of {check}"), "chromium"))),
    )
}

/// Why a browser check cannot run, and what to do about it.
pub fn missing(check: &str, program: &str) -> String {
    format!(
        "{check} needs {program}, which is not installed: apt-get install -y chromium \
         chromium-driver (or set HUNTERS_SKIP_BROWSER=1 to skip the browser checks)"
    )
}

/// The browser checks skipped in this run.
static SKIPPED: AtomicUsize = AtomicUsize::new(0);
static NOTE: Once = Once::new();

/// Whether the browser checks are to be skipped, which only `HUNTERS_SKIP_BROWSER=1` asks
/// for; each one skipped is counted, and the run ends with one line saying how many were.
pub fn skip_browser() -> bool {
    if std::env::var_os("HUNTERS_SKIP_BROWSER").is_none_or(|v| v != "1") {
        return false;
    }
    SKIPPED.fetch_add(1, Ordering::SeqCst);
    // The harness keeps what a passing test prints to itself and has no hook after the last
    // test, so the count is said as the process exits.
    NOTE.call_once(|| {
        unsafe extern "C" {
            fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
        }
        // SAFETY: atexit only keeps the pointer to a function that takes nothing, holds no
        // borrow and cannot unwind.
        unsafe {
            atexit(say_skipped);
        }
    });
    true
}

extern "C" fn say_skipped() {
    let n = SKIPPED.load(Ordering::SeqCst);
    let _ = writeln!(
        std::io::stderr(),
        "note: HUNTERS_SKIP_BROWSER=1: {n} browser check{} skipped",
        if n == 1 { " was" } else { "s were" }
    );
}

/// The flags of every headless run: no sandbox or GPU (containers have neither), script
/// errors logged to stderr.
pub const HEADLESS: [&str; 6] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--hide-scrollbars",
    "--enable-logging=stderr",
    "--v=0",
];

/// The page at `url` as the headless browser parsed it (profile flag `profile`), asserting
/// that no script error was logged.
pub fn parsed_page(browser: &str, profile: &str, url: &str) -> String {
    let dom = Command::new(browser)
        .args(HEADLESS)
        .arg(profile)
        .args(["--dump-dom", url])
        .output()
        .expect("the browser runs");
    let log = String::from_utf8_lossy(&dom.stderr);
    assert!(
        !log.contains("Uncaught") && !log.contains("CONSOLE"),
        "the browser logged script errors: {log}"
    );
    String::from_utf8_lossy(&dom.stdout).into_owned()
}

/// A screenshot of `url` in a window of `size` (`"1200,2400"`) written to `shot`, and
/// asserted to be a picture ([`assert_drawn`]).
pub fn assert_screenshot(browser: &str, profile: &str, url: &str, size: &str, shot: &Path) {
    let o = Command::new(browser)
        .args(HEADLESS)
        .arg(profile)
        .arg(format!("--window-size={size}"))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(url)
        .output()
        .expect("the browser runs");
    assert!(shot.exists(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_drawn(shot);
}

/// Asserts that a PNG screenshot is a picture: inked, and in many colours, not a blank page.
pub fn assert_drawn(shot: &std::path::Path) {
    let decoder = png::Decoder::new(std::fs::File::open(shot).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let px = info.color_type.samples();
    let pixels = &buf[..info.buffer_size()];
    let inked = pixels
        .chunks(px)
        .filter(|p| p.iter().take(3).any(|&c| c < 200))
        .count();
    let total = pixels.len() / px;
    assert!(
        inked * 50 > total,
        "the screenshot is nearly blank: {inked} of {total} pixels drawn"
    );
    let colours: std::collections::BTreeSet<[u8; 3]> =
        pixels.chunks(px).map(|p| [p[0], p[1], p[2]]).collect();
    assert!(colours.len() > 50, "only {} colours drawn", colours.len());
}
