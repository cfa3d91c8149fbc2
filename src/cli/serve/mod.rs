//! `hunters serve`: a local web server for playing at a table in the browser. This step
//! serves the JSON API that the page will use (`api`); requests are routed here, read with a
//! size limit, and every answer is JSON with a status (a 4xx with a message for a request
//! that cannot be carried out).
//!
//! Safe by default: it listens on loopback unless `--bind` says otherwise; no request names a
//! file the server opens (variants are built-in, logs are uploaded as text); bodies are
//! limited to [`MAX_BODY`]; each game sits behind a random 128-bit id; programs (`exec:`)
//! cannot be seated.

mod api;
mod page;
mod record;
mod view;

use std::io::Read;
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::sync::Mutex;

use anyhow::{Result, anyhow};
use api::{Answer, Entry, Kept, NewGame, Tables};
use record::{NewRecord, Told};
use tiny_http::{Header, Method, Request, Response, Server};

/// The largest request body read: a whole game's log fits many times over.
pub const MAX_BODY: u64 = 1 << 20;

#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (default: a free one, printed).
    #[arg(long, value_name = "P", default_value_t = 0)]
    port: u16,
    /// The address to listen on. Anything but loopback lets other machines play (and read
    /// the games): a warning says so.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Threads answering requests.
    #[arg(long, value_name = "J", default_value_t = 4)]
    threads: usize,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    if !args.bind.is_loopback() {
        eprintln!(
            "warning: listening on {}, not loopback: anyone who can reach this machine can \
             start and play games here",
            args.bind
        );
    }
    let server = Server::http(SocketAddr::new(args.bind, args.port))
        .map_err(|e| anyhow!("cannot listen on {}:{}: {e}", args.bind, args.port))?;
    let addr = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| anyhow!("the server has no IP address"))?;
    println!("hunters serves on http://{addr}/ (the JSON API under /api; Ctrl-C stops it)");
    let tables = Mutex::new(Tables::default());
    std::thread::scope(|s| {
        for _ in 0..args.threads.max(1) {
            s.spawn(|| {
                while let Ok(request) = server.recv() {
                    handle(request, &tables);
                }
            });
        }
    });
    Ok(ExitCode::SUCCESS)
}

/// Answers one request.
fn handle(mut request: Request, tables: &Mutex<Tables>) {
    let answer = match read_body(&mut request) {
        Ok(body) => route(request.method(), request.url(), &body, tables),
        Err(a) => a,
    };
    let (bytes, kind) = match &answer.text {
        Some((t, kind)) => (t.clone().into_bytes(), *kind),
        None => (answer.body.to_string().into_bytes(), "application/json"),
    };
    let header = Header::from_bytes("Content-Type", kind).expect("a valid header");
    let response = Response::from_data(bytes)
        .with_status_code(answer.status)
        .with_header(header);
    // A client gone before the answer is no error of the server's.
    let _ = request.respond(response);
}

/// The request's body, refused beyond [`MAX_BODY`] or when it is not text.
fn read_body(request: &mut Request) -> Result<String, Answer> {
    if request.body_length().is_some_and(|n| n as u64 > MAX_BODY) {
        return Err(Answer::refuse(
            413,
            format!("the request is larger than {MAX_BODY} bytes"),
        ));
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_end(&mut body);
    if read.is_err() {
        return Err(Answer::refuse(400, "the request's body could not be read"));
    }
    if body.len() as u64 > MAX_BODY {
        return Err(Answer::refuse(
            413,
            format!("the request is larger than {MAX_BODY} bytes"),
        ));
    }
    String::from_utf8(body).map_err(|_| Answer::refuse(400, "the request's body is not UTF-8"))
}

/// The answer to `method url` with `body`.
fn route(method: &Method, url: &str, body: &str, tables: &Mutex<Tables>) -> Answer {
    let path = url.split('?').next().unwrap_or(url);
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let mut tables = tables.lock().unwrap_or_else(|e| e.into_inner());
    match (method, parts.as_slice()) {
        (Method::Get, [""]) => Answer::page(page::html()),
        (Method::Post, ["api", "games"]) => match serde_json::from_str::<NewGame>(body) {
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
        (Method::Post, ["api", "games", "resume"]) => match new_id() {
            Ok(id) => tables.resume(body, id),
            Err(a) => a,
        },
        (Method::Post, ["api", "records"]) => match serde_json::from_str::<NewRecord>(body) {
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
        (Method::Post, ["api", "records", "resume"]) => match new_id() {
            Ok(id) => tables.resume_record(body, id),
            Err(a) => a,
        },
        (method, ["api", kind @ ("games" | "records"), id, rest @ ..]) => {
            let found = tables.get(id).filter(|t| {
                matches!(
                    (&**t, *kind),
                    (Kept::Play(_), "games") | (Kept::Record(_), "records")
                )
            });
            let Some(table) = found else {
                let what = if *kind == "games" {
                    "game"
                } else {
                    "recording"
                };
                return Answer::refuse(
                    404,
                    format!("no {what} has that id (the server may have restarted)"),
                );
            };
            match (table, method, rest) {
                (t, Method::Get, []) => Answer::ok(t.state()),
                (Kept::Play(t), Method::Post, ["move"]) => {
                    match serde_json::from_str::<Entry>(body) {
                        Ok(e) => t.play(&e.entry),
                        Err(e) => Answer::refuse(
                            400,
                            format!(
                                "a move is {{\"entry\": \"3\"}} (its number) or {{\"entry\": \
                             \"1,0 r90 hunter Es\"}}: {e}"
                            ),
                        ),
                    }
                }
                (Kept::Play(t), Method::Post, ["bot"]) => t.bot_move(),
                (Kept::Play(t), Method::Post, ["undo"]) => t.undo(),
                (Kept::Play(t), Method::Get, ["log"]) => t.log(),
                (Kept::Record(r), Method::Post, ["entry"]) => {
                    match serde_json::from_str::<Told>(body) {
                        Ok(told) => r.tell(told),
                        Err(e) => Answer::refuse(
                            400,
                            format!(
                                "an entry is {{\"deal\": \"S1\"}}, {{\"draw\": \"34\"}} or \
                                 {{\"move\": \"3\"}}: {e}"
                            ),
                        ),
                    }
                }
                (Kept::Record(r), Method::Post, ["undo"]) => r.undo(),
                (Kept::Record(r), Method::Get, ["log"]) => r.log(),
                _ => not_found(method, path),
            }
        }
        _ => not_found(method, path),
    }
}

fn not_found(method: &Method, path: &str) -> Answer {
    Answer::refuse(
        404,
        format!(
            "no such request: {method} {path} (POST /api/games, POST /api/games/resume, GET \
             /api/games/ID, POST /api/games/ID/move, /bot, /undo, GET /api/games/ID/log)"
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
