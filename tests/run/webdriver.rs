//! A small W3C WebDriver client over chromedriver, for the checks that have to click through
//! a page rather than only look at it. Plain HTTP/1.1 on loopback, one connection per
//! command: a test sends a few thousand commands at most, and a fresh connection per command
//! leaves nothing of one exchange to trip the next.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The key under which WebDriver hands out element references (the W3C web element
/// identifier).
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How often the waits look again.
const POLL: Duration = Duration::from_millis(50);

/// Page loads, the slowest commands, take seconds: an answer that takes longer than this
/// means chromedriver or the page hangs, and failing then beats a test run that never ends.
const READ_TIMEOUT: Duration = Duration::from_secs(120);

/// A running chromedriver, killed when dropped.
pub struct Driver {
    child: Child,
    port: u16,
    browser: PathBuf,
}

/// A browser session, deleted (and its browser closed) when dropped. It borrows its
/// [`Driver`] so that it cannot outlive the chromedriver that has to close the browser.
pub struct Session<'d> {
    driver: &'d Driver,
    id: String,
}

/// An element of the page of a session.
#[derive(Clone, Debug)]
pub struct Element {
    port: u16,
    session: String,
    id: String,
}

/// An error WebDriver answered with.
#[derive(Debug)]
struct Failure {
    error: String,
    message: String,
}

/// The first executable named `name` on `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|file| file.is_file())
}

/// chromedriver, started; `None` only when `HUNTERS_SKIP_BROWSER=1` asks to skip the browser
/// checks. Without chromedriver or a browser the check fails, saying what to install.
pub fn driver() -> Option<Driver> {
    if super::skip_browser() {
        return None;
    }
    let check = "a check clicked through over WebDriver";
    let chromedriver = on_path("chromedriver")
        .unwrap_or_else(|| panic!("{}", super::missing(check, "chromedriver")));
    let browser = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find_map(on_path)
        .unwrap_or_else(|| panic!("{}", super::missing(check, "chromium")));
    // The free port is found by binding and letting go, so another process may take it
    // before chromedriver does; a second or third port then serves.
    let mut last = String::new();
    for _ in 0..3 {
        let port = free_port();
        let mut child = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        match ready(&mut child, port) {
            Ok(()) => {
                return Some(Driver {
                    child,
                    port,
                    browser,
                });
            }
            Err(why) => {
                let _ = child.kill();
                let _ = child.wait();
                last = why;
            }
        }
    }
    panic!("chromedriver did not start: {last}");
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a loopback port is free")
        .port()
}

/// Waits until chromedriver on `port` says it is ready for sessions.
fn ready(child: &mut Child, port: u16) -> Result<(), String> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("chromedriver exited: {status}"));
        }
        if let Ok(Ok(value)) = request(port, "GET", "/status", None)
            && value["ready"] == Value::Bool(true)
        {
            return Ok(());
        }
        std::thread::sleep(POLL);
    }
    Err(format!("no ready answer on port {port} within 20 s"))
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    /// A new headless session of `width` x `height`, whose downloads land in `downloads`
    /// (created if missing) without asking.
    pub fn session(&self, downloads: &Path, width: u32, height: u32) -> Session<'_> {
        std::fs::create_dir_all(downloads).expect("the downloads directory is made");
        // Chromium takes only an absolute download directory.
        let downloads = downloads
            .canonicalize()
            .expect("the downloads directory exists");
        let dir = downloads.to_string_lossy().into_owned();
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": self.browser.to_string_lossy(),
                // Containers run the tests as root, without a sandbox, GPU or a large /dev/shm.
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--hide-scrollbars",
                    format!("--window-size={width},{height}"),
                ],
                "prefs": {
                    "download.default_directory": dir,
                    "download.prompt_for_download": false,
                },
            },
            "goog:loggingPrefs": {"browser": "ALL"},
        }}});
        // A browser's window is at least 500 pixels wide; a phone's screen is emulated, touch
        // and all (a click is then a tap, and a drag a finger's).
        let mut capabilities = capabilities;
        if width < 500 {
            capabilities["capabilities"]["alwaysMatch"]["goog:chromeOptions"]["mobileEmulation"] = json!({
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0, "mobile": true, "touch": true},
            });
        }
        let value = call(self.port, "POST", "/session", Some(&capabilities));
        let id = value["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("a new session without an id: {value}"))
            .to_string();
        let session = Session { driver: self, id };
        if width >= 500 {
            session.fit_viewport(width, height);
        }
        session
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.id);
        let _ = request(self.driver.port, "DELETE", &path, None);
    }
}

impl<'d> Session<'d> {
    /// Sends a command of this session: `path` is below `/session/{id}`.
    fn cmd(&self, method: &str, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.id);
        let body = (method == "POST").then_some(&body);
        call(self.driver.port, method, &path, body)
    }

    fn try_cmd(&self, method: &str, path: &str, body: Value) -> Result<Value, Failure> {
        let path = format!("/session/{}{path}", self.id);
        let body = (method == "POST").then_some(&body);
        request(self.driver.port, method, &path, body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
    }

    fn element(&self, reference: &Value) -> Element {
        let id = reference[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("not an element reference: {reference}"));
        Element {
            port: self.driver.port,
            session: self.id.clone(),
            id: id.to_string(),
        }
    }

    /// Sizes the window so that the page's viewport is `width` x `height`: the window's size
    /// counts the browser's own bars, whose height varies from one version to the next.
    fn fit_viewport(&self, width: u32, height: u32) {
        let inner = self.script("return [innerWidth, innerHeight];", Vec::new());
        let (w, h) = (inner[0].as_i64().unwrap(), inner[1].as_i64().unwrap());
        let rect = self.cmd("GET", "/window/rect", Value::Null);
        let (ow, oh) = (
            rect["width"].as_i64().unwrap(),
            rect["height"].as_i64().unwrap(),
        );
        let (w, h) = (ow + i64::from(width) - w, oh + i64::from(height) - h);
        self.cmd("POST", "/window/rect", json!({ "width": w, "height": h }));
    }

    /// Opens `url` and waits until it has loaded.
    pub fn goto(&self, url: &str) {
        self.cmd("POST", "/url", json!({ "url": url }));
    }

    /// Loads the page again, as the browser's reload does, and waits until it has loaded.
    pub fn refresh(&self) {
        self.cmd("POST", "/refresh", json!({}));
    }

    /// The first element matching `css`. A miss panics with what the page showed instead,
    /// which is what one needs to see to tell a wrong selector from a wrong page.
    pub fn find(&self, css: &str) -> Element {
        let query = json!({"using": "css selector", "value": css});
        match self.try_cmd("POST", "/element", query) {
            Ok(reference) => self.element(&reference),
            Err(f) => {
                let text: String = self.text().chars().take(2000).collect();
                panic!(
                    "no element matches {css:?} ({}: {}); the page shows:\n{text}",
                    f.error, f.message
                )
            }
        }
    }

    /// Every element matching `css`, in document order.
    pub fn find_all(&self, css: &str) -> Vec<Element> {
        let query = json!({"using": "css selector", "value": css});
        let found = self.cmd("POST", "/elements", query);
        found
            .as_array()
            .unwrap_or_else(|| panic!("elements {css:?} are not a list: {found}"))
            .iter()
            .map(|r| self.element(r))
            .collect()
    }

    /// The first displayed element matching `css`, waiting up to `secs` for one to appear.
    pub fn wait_for(&self, css: &str, secs: u64) -> Element {
        let mut found = None;
        self.wait_until(&format!("a displayed {css:?}"), secs, |s| {
            // The page may replace an element between the search and the look at it; a stale
            // reference only means looking again.
            found = s
                .find_all(css)
                .into_iter()
                .find(|e| e.try_displayed().unwrap_or(false));
            found.is_some()
        });
        found.expect("the wait ends with an element")
    }

    /// Waits up to `secs` until `cond` holds, looking every 50 ms; a timeout panics with
    /// `what` was awaited and what the page showed.
    pub fn wait_until(&self, what: &str, secs: u64, mut cond: impl FnMut(&Session<'d>) -> bool) {
        let start = Instant::now();
        loop {
            if cond(self) {
                return;
            }
            if start.elapsed() >= Duration::from_secs(secs) {
                let text: String = self.text().chars().take(2000).collect();
                panic!("waited {secs} s for {what} in vain; the page shows:\n{text}");
            }
            std::thread::sleep(POLL);
        }
    }

    /// Runs `js` as the body of a function called with `args`, and gives back what it
    /// returned.
    pub fn script(&self, js: &str, args: Vec<Value>) -> Value {
        self.cmd("POST", "/execute/sync", json!({"script": js, "args": args}))
    }

    /// Presses the mouse on the middle of `on`, moves it by (`dx`, `dy`) pixels in a few
    /// steps and lets go: a drag as a hand makes it.
    pub fn drag(&self, on: &Element, dx: i64, dy: i64) {
        self.act(json!([{
            "type": "pointer",
            "id": "mouse",
            "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "origin": on.arg(), "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "origin": "pointer", "x": dx / 4, "y": dy / 4, "duration": 50},
                {"type": "pointerMove", "origin": "pointer", "x": dx / 4, "y": dy / 4, "duration": 50},
                {"type": "pointerMove", "origin": "pointer", "x": dx - 2 * (dx / 4), "y": dy - 2 * (dy / 4), "duration": 50},
                {"type": "pointerUp", "button": 0},
            ],
        }]));
    }

    /// Turns the mouse wheel by `dy` (negative: away from the person) over the middle of `on`.
    pub fn wheel(&self, on: &Element, dy: i64) {
        self.act(json!([{
            "type": "wheel",
            "id": "wheel",
            "actions": [
                {"type": "scroll", "origin": on.arg(), "x": 0, "y": 0, "deltaX": 0, "deltaY": dy},
            ],
        }]));
    }

    /// Two fingers on the middle of `on`, `apart` pixels apart, moved to `to` pixels apart:
    /// a pinch (the fingers spread when `to` is the larger).
    pub fn pinch(&self, on: &Element, apart: i64, to: i64) {
        let finger = |id: &str, sign: i64| {
            json!({
                "type": "pointer",
                "id": id,
                "parameters": {"pointerType": "touch"},
                "actions": [
                    {"type": "pointerMove", "origin": on.arg(), "x": sign * apart / 2, "y": 0},
                    {"type": "pointerDown", "button": 0},
                    {"type": "pointerMove", "origin": on.arg(), "x": sign * (apart + to) / 4, "y": 0, "duration": 80},
                    {"type": "pointerMove", "origin": on.arg(), "x": sign * to / 2, "y": 0, "duration": 80},
                    {"type": "pointerUp", "button": 0},
                ],
            })
        };
        self.act(json!([finger("one", -1), finger("two", 1)]));
    }

    /// Performs a sequence of input actions, then lets go of every key and button.
    fn act(&self, actions: Value) {
        self.cmd("POST", "/actions", json!({ "actions": actions }));
        self.cmd("DELETE", "/actions", Value::Null);
    }

    /// Writes a PNG of the viewport to `path`.
    pub fn screenshot(&self, path: &Path) {
        let shot = self.cmd("GET", "/screenshot", Value::Null);
        let encoded = shot
            .as_str()
            .unwrap_or_else(|| panic!("a screenshot that is not a string: {shot}"));
        std::fs::write(path, base64(encoded))
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }

    /// The errors the page logged to the console (and uncaught exceptions) since the last
    /// call. A log that cannot be read fails the check: an empty list would say "no errors"
    /// when nothing was looked at.
    pub fn logs_of_errors(&self) -> Vec<String> {
        let entries = match self.try_cmd("POST", "/se/log", json!({"type": "browser"})) {
            Ok(Value::Array(entries)) => entries,
            Ok(other) => panic!("the browser's log is not a list of entries: {other}"),
            Err(f) => panic!(
                "the browser's log cannot be read ({}: {}), so its script errors cannot be \
                 checked",
                f.error, f.message
            ),
        };
        entries
            .iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// The visible text of the page.
    pub fn text(&self) -> String {
        let text = self.script(
            "return document.body ? document.body.innerText : '';",
            Vec::new(),
        );
        text.as_str().unwrap_or_default().to_string()
    }
}

impl Element {
    fn cmd(&self, method: &str, what: &str, body: Value) -> Value {
        let path = format!("/session/{}/element/{}{what}", self.session, self.id);
        let body = (method == "POST").then_some(&body);
        call(self.port, method, &path, body)
    }

    pub fn click(&self) {
        self.cmd("POST", "/click", json!({}));
    }

    /// The rendered text of the element.
    pub fn text(&self) -> String {
        let text = self.cmd("GET", "/text", Value::Null);
        text.as_str().unwrap_or_default().to_string()
    }

    /// The attribute `name` as the markup or a script set it, `None` when it is not set.
    /// Typing leaves the `value` attribute alone: what was typed is in [`Element::prop`].
    pub fn attr(&self, name: &str) -> Option<String> {
        match self.cmd("GET", &format!("/attribute/{}", escape(name)), Value::Null) {
            Value::Null => None,
            Value::String(s) => Some(s),
            other => Some(other.to_string()),
        }
    }

    /// The DOM property `name` (an input's current `value`, a checkbox's `checked`), which
    /// typing changes where it leaves the attribute alone.
    pub fn prop(&self, name: &str) -> Value {
        self.cmd("GET", &format!("/property/{}", escape(name)), Value::Null)
    }

    /// The element as an argument of [`Session::script`].
    pub fn arg(&self) -> Value {
        json!({ ELEMENT: self.id })
    }

    /// Types `text` into the element; for an `<input type=file>` the text is the path of
    /// the file to pick.
    pub fn send_keys(&self, text: &str) {
        self.cmd("POST", "/value", json!({ "text": text }));
    }

    pub fn clear(&self) {
        self.cmd("POST", "/clear", json!({}));
    }

    pub fn displayed(&self) -> bool {
        self.try_displayed()
            .unwrap_or_else(|f| panic!("displayed of an element: {}: {}", f.error, f.message))
    }

    fn try_displayed(&self) -> Result<bool, Failure> {
        let path = format!("/session/{}/element/{}/displayed", self.session, self.id);
        let value =
            request(self.port, "GET", &path, None).unwrap_or_else(|e| panic!("GET {path}: {e}"))?;
        Ok(value == Value::Bool(true))
    }
}

/// `name` fit for a path segment.
fn escape(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Sends a command and gives its value, panicking with the command and WebDriver's message
/// if it failed.
fn call(port: u16, method: &str, path: &str, body: Option<&Value>) -> Value {
    match request(port, method, path, body) {
        Ok(Ok(value)) => value,
        Ok(Err(f)) => panic!("{method} {path}: {}: {}", f.error, f.message),
        Err(e) => panic!("{method} {path}: {e}"),
    }
}

/// One HTTP exchange with chromedriver: the outer error is the transport's, the inner one
/// WebDriver's answer to the command.
fn request(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<Result<Value, Failure>, String> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(READ_TIMEOUT))
        .map_err(|e| e.to_string())?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\n\
         Host: 127.0.0.1:{port}\r\n\
         Content-Type: application/json; charset=utf-8\r\n\
         Content-Length: {}\r\n\
         Connection: close\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body.as_bytes()))
        .map_err(|e| format!("sending: {e}"))?;
    // chromedriver leaves the connection open despite `Connection: close`, so the response
    // ends where its framing says, not at the end of the stream.
    let mut raw = Vec::new();
    let mut buf = [0; 64 * 1024];
    let (status, content) = loop {
        let n = stream
            .read(&mut buf)
            .map_err(|e| format!("receiving: {e}"))?;
        raw.extend_from_slice(&buf[..n]);
        if let Some(whole) = response(&raw, n == 0)? {
            break whole;
        }
    };
    let value: Value = serde_json::from_slice(&content).map_err(|e| {
        format!(
            "status {status}, not JSON ({e}): {}",
            String::from_utf8_lossy(&content)
        )
    })?;
    let value = match value {
        Value::Object(mut o) => o.remove("value").unwrap_or(Value::Null),
        other => {
            return Err(format!(
                "status {status}, an answer without a value: {other}"
            ));
        }
    };
    if (200..300).contains(&status) && value.get("error").is_none() {
        return Ok(Ok(value));
    }
    let text = |key: &str| value[key].as_str().unwrap_or_default().to_string();
    Ok(Err(Failure {
        error: format!("{} (status {status})", text("error")),
        message: text("message"),
    }))
}

/// The status code and body of an HTTP/1.1 response once `raw` holds all of it, the body
/// sized by `Content-Length` or sent in chunks, as chromedriver does either; `None` while
/// more is to come. `eof` says the stream has ended, so that nothing more will.
fn response(raw: &[u8], eof: bool) -> Result<Option<(u16, Vec<u8>)>, String> {
    let cut = || {
        format!(
            "the response is cut short: {:?}",
            String::from_utf8_lossy(raw)
        )
    };
    let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
        return if eof { Err(cut()) } else { Ok(None) };
    };
    let head = String::from_utf8_lossy(&raw[..split]);
    let rest = &raw[split + 4..];
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {head:?}"))?;
    let mut chunked = false;
    let mut length = None;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.trim().eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.to_ascii_lowercase().contains("chunked");
        } else if name.trim().eq_ignore_ascii_case("content-length") {
            length = Some(
                value
                    .parse::<usize>()
                    .map_err(|e| format!("Content-Length {value:?}: {e}"))?,
            );
        }
    }
    let body = match (chunked, length) {
        (true, _) => dechunk(rest)?,
        (false, Some(n)) => rest.get(..n).map(<[u8]>::to_vec),
        // Without framing only the end of the stream ends the body.
        (false, None) => eof.then(|| rest.to_vec()),
    };
    match body {
        Some(body) => Ok(Some((status, body))),
        None if eof => Err(cut()),
        None => Ok(None),
    }
}

/// The body sent in chunks, once `rest` holds the last of them.
fn dechunk(mut rest: &[u8]) -> Result<Option<Vec<u8>>, String> {
    let mut body = Vec::new();
    loop {
        let Some(end) = rest.windows(2).position(|w| w == b"\r\n") else {
            return Ok(None);
        };
        let line = String::from_utf8_lossy(&rest[..end]);
        // Chunk extensions follow a `;` and mean nothing here.
        let size = line.split(';').next().unwrap_or_default().trim();
        let size =
            usize::from_str_radix(size, 16).map_err(|e| format!("chunk size {size:?}: {e}"))?;
        rest = &rest[end + 2..];
        if size == 0 {
            return Ok(Some(body));
        }
        let Some(chunk) = rest.get(..size) else {
            return Ok(None);
        };
        body.extend_from_slice(chunk);
        let Some(next) = rest.get(size + 2..) else {
            return Ok(None);
        };
        rest = next;
    }
}

/// Decodes standard base64, padding optional and line breaks skipped.
fn base64(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let mut bits = 0u32;
    let mut count = 0;
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            b'\r' | b'\n' | b' ' => continue,
            _ => panic!("not base64: byte {c:#04x}"),
        };
        bits = bits << 6 | u32::from(v);
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    out
}

#[test]
fn base64_decodes_with_and_without_padding() {
    assert_eq!(base64("aGVsbG8="), b"hello");
    assert_eq!(base64("aGVsbG8"), b"hello");
    assert_eq!(base64("aGk="), b"hi");
    assert_eq!(base64("YWJj\r\nZGVm"), b"abcdef");
    assert_eq!(base64(""), b"");
}

#[test]
fn chunked_and_sized_responses_are_read_whole() {
    let sized = b"HTTP/1.1 200 OK\r\nContent-Length:7\r\n\r\n{\"a\":1}";
    assert_eq!(
        response(sized, false).unwrap(),
        Some((200, b"{\"a\":1}".to_vec()))
    );
    assert_eq!(response(&sized[..sized.len() - 1], false).unwrap(), None);
    assert!(response(&sized[..sized.len() - 1], true).is_err());
    let chunked = b"HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n\
                    3\r\n{\"a\r\n4;x=y\r\n\":1}\r\n0\r\n\r\n";
    assert_eq!(
        response(chunked, false).unwrap(),
        Some((404, b"{\"a\":1}".to_vec()))
    );
    for cut in [20, 60, 65, 70, chunked.len() - 5] {
        assert_eq!(
            response(&chunked[..cut], false).unwrap(),
            None,
            "cut at {cut}"
        );
    }
    let unframed = b"HTTP/1.1 200 OK\r\n\r\n{}";
    assert_eq!(response(unframed, false).unwrap(), None);
    assert_eq!(
        response(unframed, true).unwrap(),
        Some((200, b"{}".to_vec()))
    );
}

#[test]
fn a_page_is_clicked_through_webdriver() {
    let Some(driver) = driver() else {
        return;
    };
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let dir =
        std::env::temp_dir().join(format!("hunters-webdriver-{}-{nanos}", std::process::id()));
    let downloads = dir.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    let page = dir.join("page.html");
    std::fs::write(
        &page,
        r#"<!doctype html>
<html><body>
<p id="out">before</p>
<button id="go" onclick="document.getElementById('out').textContent = 'after'">Go</button>
<a id="save">Save</a>
<input id="name" value="old">
<script>
  const a = document.getElementById('save');
  a.href = URL.createObjectURL(new Blob(['saved through the browser\n'], {type: 'text/plain'}));
  a.download = 'x.txt';
</script>
</body></html>
"#,
    )
    .unwrap();

    let session = driver.session(&downloads, 800, 600);
    session.goto(&format!("file://{}", page.display()));
    assert_eq!(session.find("#out").text(), "before");
    assert!(session.find_all(".nothing").is_empty());
    assert_eq!(
        session.find("#save").attr("download").as_deref(),
        Some("x.txt")
    );
    assert_eq!(session.find("#out").attr("data-none"), None);

    session.wait_for("#go", 5).click();
    session.wait_until("the paragraph to change", 5, |s| {
        s.find("#out").text() == "after"
    });
    assert!(session.text().contains("after"));

    let name = session.find("#name");
    name.clear();
    name.send_keys("typed");
    assert_eq!(name.attr("value").as_deref(), Some("old"));
    assert_eq!(name.prop("value"), json!("typed"));
    let value = session.script("return arguments[0].value;", vec![name.arg()]);
    assert_eq!(value, json!("typed"));
    assert!(name.displayed());

    session.find("#save").click();
    let saved = downloads.join("x.txt");
    session.wait_until("x.txt to be downloaded", 20, |_| {
        std::fs::read_to_string(&saved).is_ok_and(|s| s == "saved through the browser\n")
    });

    let shot = dir.join("shot.png");
    session.screenshot(&shot);
    let png = std::fs::read(&shot).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let width = session.script("return window.innerWidth;", Vec::new());
    assert_eq!(width, json!(800));
    assert_eq!(
        session.script("return arguments[0] + 1;", vec![json!(41)]),
        json!(42)
    );
    assert_eq!(session.logs_of_errors(), Vec::<String>::new());
    // An error the page logs is read back: a log that stays empty would let every page's
    // errors through unseen.
    session.script("console.error('boom');", Vec::new());
    let mut errors = Vec::new();
    session.wait_until("the error logged to be read back", 10, |s| {
        errors.extend(s.logs_of_errors());
        errors.iter().any(|e| e.contains("boom"))
    });

    drop(session);
    drop(driver);
    let _ = std::fs::remove_dir_all(&dir);
}
