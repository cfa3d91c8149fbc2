//! `hunters serve`: a local web server for playing at a table in the browser: the page
//! (`page`) and the JSON API it speaks (`api`), over a little HTTP of its own (`http`).
//!
//! Safe by default: it listens on loopback unless `--bind` says otherwise; the loopback guard
//! (`guard`) refuses requests of other sites and other names before anything is done; no
//! request names a file the server opens (variants are built-in, logs are uploaded as text);
//! requests are limited in size and time (`http`) and connections in number
//! ([`Args::connections`]); each game sits behind a random 128-bit id and its own lock, and a
//! bot thinks off every lock; programs (`exec:`) cannot be seated. A handler that panics is
//! answered 500 and the server goes on.

mod answer;
mod api;
mod guard;
mod http;
mod page;
mod record;
mod view;

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use answer::Answer;
use anyhow::{Context, Result};
use api::{At, Entry, Kept, NewGame, Tables, lock};
use guard::Guard;
use record::{ENTRY_SHAPE, NewRecord, Told};
use serde::Deserialize;

#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (default: a free one, printed).
    #[arg(long, value_name = "P", default_value_t = 0)]
    port: u16,
    /// The address to listen on. Anything but loopback lets other machines play (and read
    /// the games): a warning says so.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// A host name other machines reach this one by, accepted in `Host` and `Origin` besides
    /// loopback and the bound address (with `--bind`; repeatable).
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,
    /// The most connections served at once, each on a thread of its own; one more waits a
    /// second for one to close, then is answered 503.
    #[arg(long, value_name = "N", default_value_t = 64)]
    connections: usize,
    /// Seconds an unused game is kept before it is ended (30 minutes; tests set a few).
    #[arg(long, value_name = "SECONDS", default_value_t = 1800)]
    idle: u64,
}

/// How long a connection beyond the most waits for one to close before it is refused, in ms.
const SLOT_WAIT_MS: u32 = 1000;

/// What every connection's thread shares.
struct Shared {
    tables: Tables,
    guard: Guard,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    if !args.bind.is_loopback() {
        eprintln!(
            "warning: listening on {}, not loopback: anyone who can reach this machine can \
             start and play games here",
            args.bind
        );
    }
    let listener = TcpListener::bind(SocketAddr::new(args.bind, args.port))
        .with_context(|| format!("cannot listen on {}:{}", args.bind, args.port))?;
    let addr = listener.local_addr()?;
    println!("hunters serves on http://{addr}/ (the JSON API under /api; Ctrl-C stops it)");
    let shared = Arc::new(Shared {
        tables: Tables::new(Duration::from_secs(args.idle.max(1))),
        guard: Guard::new(args.bind, addr.port(), &args.allow_host),
    });
    let open = Arc::new(AtomicUsize::new(0));
    let most = args.connections.max(1);
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        // A connection beyond the most waits a moment for one to close (a client's next
        // request may come before the thread of its last has ended), then is refused.
        let mut waited = 0;
        while open.load(Ordering::SeqCst) >= most && waited < SLOT_WAIT_MS {
            std::thread::sleep(Duration::from_millis(1));
            waited += 1;
        }
        if open.fetch_add(1, Ordering::SeqCst) >= most {
            open.fetch_sub(1, Ordering::SeqCst);
            busy(stream, most);
            continue;
        }
        let (shared, slot) = (Arc::clone(&shared), Slot(Arc::clone(&open)));
        let spawned = std::thread::Builder::new()
            .name("request".to_string())
            .spawn(move || {
                let _slot = slot;
                serve(stream, &shared);
            });
        // A thread that did not start dropped its slot, which gave it back.
        drop(spawned);
    }
    Ok(ExitCode::SUCCESS)
}

/// A connection counted among those open, given back when its thread ends (even by a panic).
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Answers a connection beyond the most served at once, without reading its request (what
/// has come of it is dropped for a moment, so that closing does not reset the connection
/// before the answer is read).
fn busy(mut stream: TcpStream, most: usize) {
    let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
    let _ = stream.set_read_timeout(Some(Duration::from_millis(50)));
    let body = format!("{{\"error\": \"{most} connections are open; try again\"}}");
    let _ = write!(
        stream,
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let mut sink = [0u8; 4096];
    for _ in 0..16 {
        if !matches!(stream.read(&mut sink), Ok(n) if n > 0) {
            break;
        }
    }
}

/// Reads one request of a connection, within the limits, and answers it.
fn serve(stream: TcpStream, shared: &Shared) {
    let mut conn = http::Conn::new(stream);
    let mut headers_only = false;
    let answer = match conn.read_head() {
        Err(a) => a,
        Ok(head) => match shared.guard.check(&head) {
            Err(a) => a,
            Ok(()) => match conn.read_body(&head) {
                Err(a) => a,
                Ok(body) => match String::from_utf8(body) {
                    Err(_) => Answer::refuse(400, "the request's body is not UTF-8"),
                    Ok(body) => {
                        // A HEAD is answered as its GET would be, without the body.
                        headers_only = head.method == "HEAD";
                        let method = if headers_only { "GET" } else { &head.method };
                        caught(|| route(method, &head.target, &body, &shared.tables))
                    }
                },
            },
        },
    };
    let (bytes, kind) = match answer.text {
        Some((t, kind)) => (t.into_bytes(), kind),
        None => (answer.body.to_string().into_bytes(), "application/json"),
    };
    conn.answer(answer.status, kind, &bytes, headers_only);
}

/// The answer `handle` gives, or a 500 when it panics: the server goes on, and so do the other
/// tables (no lock is left unusable: see [`lock`]).
fn caught(handle: impl FnOnce() -> Answer) -> Answer {
    catch_unwind(AssertUnwindSafe(handle)).unwrap_or_else(|_| {
        Answer::refuse(
            500,
            "the server failed on this request (a bug: the other games go on)",
        )
    })
}

/// A log uploaded to go on with: `{"log": "…"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Upload {
    log: String,
}

/// The log of an upload's body.
fn uploaded(body: &str) -> Result<String, Answer> {
    serde_json::from_str::<Upload>(body)
        .map(|u| u.log)
        .map_err(|e| Answer::refuse(400, format!("a log is sent as {{\"log\": \"…\"}}: {e}")))
}

/// The version of the state a request that says nothing else was sent from:
/// `{"version": 5}`.
fn at(body: &str, what: &str) -> Result<u64, Answer> {
    serde_json::from_str::<At>(body)
        .map(|a| a.version)
        .map_err(|e| {
            Answer::refuse(
                400,
                format!(
                    "{what} is sent as {{\"version\": 5}}, the version of the state it was sent \
                 from: {e}"
                ),
            )
        })
}

/// The answer to `method url` with `body`.
fn route(method: &str, url: &str, body: &str, tables: &Tables) -> Answer {
    let path = url.split('?').next().unwrap_or(url);
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        ("GET", [""]) => Answer::page(page::html()),
        ("GET", ["api", "games"]) => tables.list(),
        ("POST", ["api", "games"]) => match serde_json::from_str::<NewGame>(body) {
            Ok(request) => match new_id() {
                Ok(id) => tables.start(request, id, super::common::pick_seed()),
                Err(a) => a,
            },
            Err(e) => Answer::refuse(
                400,
                format!(
                    "a new game is {{\"variant\": \"2020\", \"seats\": [\"person\", \
                     \"greedy\"], \"seed\": \"7\"}}: {e}"
                ),
            ),
        },
        ("POST", ["api", "games", "resume"]) => match (uploaded(body), new_id()) {
            (Ok(log), Ok(id)) => tables.resume(&log, id),
            (Err(a), _) | (_, Err(a)) => a,
        },
        ("POST", ["api", "records"]) => match serde_json::from_str::<NewRecord>(body) {
            Ok(request) => match new_id() {
                Ok(id) => tables.record(request, id),
                Err(a) => a,
            },
            Err(e) => Answer::refuse(
                400,
                format!(
                    "a recording is {{\"variant\": \"2014\", \"players\": [\"Ann\", \
                     \"Bob\"]}}: {e}"
                ),
            ),
        },
        ("POST", ["api", "records", "resume"]) => match (uploaded(body), new_id()) {
            (Ok(log), Ok(id)) => tables.resume_record(&log, id),
            (Err(a), _) | (_, Err(a)) => a,
        },
        (method, ["api", kind @ ("games" | "records"), id, rest @ ..]) => {
            let what = if *kind == "games" {
                "game"
            } else {
                "recording"
            };
            let missing = || {
                Answer::refuse(
                    404,
                    format!("no {what} has that id (it ended, or the server restarted)"),
                )
            };
            let looking = method == "GET" && rest == ["version"];
            let held = if looking {
                tables.peek(id)
            } else {
                tables.get(id)
            };
            let Some(held) = held else {
                return missing();
            };
            if !matches!(
                (&*lock(&held.kept), *kind),
                (Kept::Play(_), "games") | (Kept::Record(_), "records")
            ) {
                return missing();
            }
            if looking {
                let version = lock(&held.kept).version();
                return Answer::ok(serde_json::json!({ "version": version }));
            }
            match (method, rest) {
                ("POST", ["end"]) => {
                    tables.end(id);
                    return Answer::ok(serde_json::json!({ "ended": id }));
                }
                // The bot thinks with the table unlocked.
                ("POST", ["bot"]) if *kind == "games" => {
                    return match at(body, "a bot's move") {
                        Ok(sent) => api::bot_move(&held, sent),
                        Err(a) => a,
                    };
                }
                _ => {}
            }
            let mut kept = lock(&held.kept);
            let answer = match (&mut *kept, method, rest) {
                (t, "GET", []) => Answer::ok(t.state()),
                (Kept::Play(t), "POST", ["move"]) => match serde_json::from_str::<Entry>(body) {
                    Ok(e) => t.play(&e.entry, e.version),
                    Err(e) => Answer::refuse(
                        400,
                        format!(
                            "a move is {{\"entry\": \"place 1 34 1,0 r90 hunter Es\", \
                             \"version\": 5}} (the move as a log writes it, or its number in \
                             `moves`, and the version of the state it was chosen in): {e}"
                        ),
                    ),
                },
                (Kept::Play(t), "POST", ["undo"]) => match at(body, "an undo") {
                    Ok(sent) => t.undo(sent),
                    Err(a) => a,
                },
                (Kept::Play(t), "GET", ["log"]) => t.log(),
                (Kept::Play(t), "GET", ["history"]) => t.history(),
                (Kept::Record(r), "GET", ["history"]) => r.history(),
                (Kept::Record(r), "POST", ["entry"]) => match serde_json::from_str::<Told>(body) {
                    Ok(told) => r.tell(told),
                    Err(e) => Answer::refuse(400, format!("{ENTRY_SHAPE}: {e}")),
                },
                (Kept::Record(r), "POST", ["undo"]) => match at(body, "an undo") {
                    Ok(sent) => r.undo(sent),
                    Err(a) => a,
                },
                (Kept::Record(r), "GET", ["log"]) => r.log(),
                _ => not_found(method, path),
            };
            held.touch(&kept);
            answer
        }
        _ => not_found(method, path),
    }
}

fn not_found(method: &str, path: &str) -> Answer {
    Answer::refuse(
        404,
        format!(
            "no such request: {method} {path} (GET /api/games, POST /api/games, POST \
             /api/games/resume, GET /api/games/ID, GET /api/games/ID/version, POST \
             /api/games/ID/move, /bot, /undo, /end, GET /api/games/ID/log)"
        ),
    )
}

/// A game id: 128 bits from the system's randomness, so that ids cannot be guessed.
fn new_id() -> Result<String, Answer> {
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| Answer::refuse(500, format!("no randomness for a game id: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_a_handler_is_answered_500() {
        let answer = caught(|| panic!("a handler's bug"));
        assert_eq!(answer.status, 500);
        assert!(
            answer.body["error"]
                .as_str()
                .unwrap()
                .contains("other games go on")
        );
        assert_eq!(caught(|| Answer::ok(serde_json::json!(1))).status, 200);
    }

    #[test]
    fn a_table_whose_handler_panicked_still_answers() {
        let tables = Tables::new(Duration::from_secs(60));
        let new = r#"{"variant": "2020", "seats": ["person", "greedy"], "seed": "1"}"#;
        let started = route("POST", "/api/games", new, &tables);
        assert_eq!(started.status, 201);
        let id = started.body["id"].as_str().unwrap().to_string();
        let held = tables.get(&id).unwrap();
        // A panic while the table is locked leaves its lock poisoned.
        let answer = caught(|| {
            let _kept = held.kept.lock().unwrap();
            panic!("a handler's bug with the table locked");
        });
        assert_eq!(answer.status, 500);
        assert!(held.kept.is_poisoned());
        let path = format!("/api/games/{id}");
        assert_eq!(route("GET", &path, "", &tables).status, 200);
        assert_eq!(route("GET", "/api/games", "", &tables).status, 200);
    }
}
