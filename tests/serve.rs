//! `hunters serve`: the JSON API of a table in the browser, driven by a scripted client over
//! loopback — whole games to their end with an illegal attempt, an undo and the log verified;
//! bad requests answered with a 4xx and a message; fifty games at once.

use crate::run::{hunters, stderr};

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

/// A server on a free port of loopback, stopped when dropped.
pub struct Served {
    child: Child,
    pub addr: String,
}

/// `hunters serve` with `args`, and the line it prints once it listens.
pub fn serve(args: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hunters"))
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (child, line)
}

impl Served {
    pub fn start() -> Served {
        Served::start_with(&[])
    }

    /// A server with `args` besides.
    pub fn start_with(args: &[&str]) -> Served {
        let (child, line) = serve(args);
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        assert!(
            addr.starts_with("127.0.0.1:"),
            "loopback by default: {addr}"
        );
        Served { child, addr }
    }

    /// One request: the status and the body. A request other than GET says its body is
    /// JSON, as the page's do.
    pub fn call(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let kind = if method == "GET" {
            ""
        } else {
            "Content-Type: application/json\r\n"
        };
        self.raw(&format!(
            "{method} {path} HTTP/1.0\r\nHost: {}\r\nConnection: close\r\n{kind}Content-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        ))
    }

    /// A request as it is written: the status and the body of the answer.
    pub fn raw(&self, request: &str) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        // A server that stops answering fails the test instead of hanging it.
        s.set_read_timeout(Some(std::time::Duration::from_secs(120)))
            .unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        // Connection: close: the whole body, never in chunks.
        let status = out[9..12].parse().unwrap();
        let body = out
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        (status, body)
    }

    pub fn json(&self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let (status, text) = self.call(method, path, body);
        let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
        (status, v)
    }

    /// Memory the server holds, from /proc (Linux), in kB.
    fn resident_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The body that uploads a log.
pub fn upload(log: &str) -> String {
    json!({ "log": log }).to_string()
}

/// The body of a person's move `entry` chosen in `state`.
pub fn entry(state: &Value, entry: &str) -> String {
    json!({ "entry": entry, "version": state["version"] }).to_string()
}

/// The body of a request sent from `state` that says nothing more: a bot's move, an undo.
pub fn at(state: &Value) -> String {
    json!({ "version": state["version"] }).to_string()
}

/// Plays game `id` to its end: the person takes the first legal move, the bots move when
/// asked. The number of requests it took.
pub fn play_to_end(s: &Served, id: &str) -> usize {
    let mut requests = 0;
    loop {
        let (status, state) = s.json("GET", &format!("/api/games/{id}"), "");
        assert_eq!(status, 200, "{state}");
        requests += 1;
        if state["over"] == true {
            return requests;
        }
        let (status, after) = if state["turn"]["person"] == true {
            s.json(
                "POST",
                &format!("/api/games/{id}/move"),
                &entry(&state, "0"),
            )
        } else {
            s.json("POST", &format!("/api/games/{id}/bot"), &at(&state))
        };
        assert_eq!(status, 200, "{after}");
        requests += 1;
    }
}

#[test]
fn a_whole_game_is_played_through_the_api_and_its_log_verifies() {
    let s = Served::start();
    let new = json!({ "variant": "2020", "seats": ["person", "greedy"], "seed": "7" });
    let (status, state) = s.json("POST", "/api/games", &new.to_string());
    assert_eq!(status, 201, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32, "a 128-bit id");
    assert_eq!(state["turn"]["person"], true);
    // An illegal attempt is answered with the terminal's reason.
    let (status, refused) = s.json(
        "POST",
        &format!("/api/games/{id}/move"),
        &entry(&state, "5,5 r0"),
    );
    assert_eq!(status, 422);
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("touches no tile"),
        "{refused}"
    );
    // A move, the bot's answer, then undo: back to the first state.
    let first = s.json("GET", &format!("/api/games/{id}"), "").1;
    assert_eq!(
        first["version"], state["version"],
        "a refusal changes nothing"
    );
    let (status, moved) = s.json(
        "POST",
        &format!("/api/games/{id}/move"),
        &entry(&first, "1"),
    );
    assert_eq!(status, 200, "{moved}");
    assert!(
        moved["played"]["move"]
            .as_str()
            .unwrap()
            .starts_with("place 1 ")
    );
    // It is the bot's turn: a person's move is out of order.
    let (status, _) = s.json(
        "POST",
        &format!("/api/games/{id}/move"),
        &entry(&moved, "0"),
    );
    assert_eq!(status, 409);
    let (status, bot) = s.json("POST", &format!("/api/games/{id}/bot"), &at(&moved));
    assert_eq!(status, 200, "{bot}");
    assert_eq!(bot["can_undo"], true);
    let (status, undone) = s.json("POST", &format!("/api/games/{id}/undo"), &at(&bot));
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["board"], first["board"]);
    assert_eq!(undone["moves"], first["moves"]);
    play_to_end(&s, &id);
    let (status, end) = s.json("GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200);
    assert_eq!(end["over"], true);
    assert!(end["winners"].is_array());
    // The log, downloaded, verifies; uploaded again it starts the same game.
    let (status, log) = s.call("GET", &format!("/api/games/{id}/log"), "");
    assert_eq!(status, 200);
    let dir = std::env::temp_dir().join(format!("hunters-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.log");
    std::fs::write(&path, &log).unwrap();
    let v = hunters(&["verify", path.to_str().unwrap()]);
    assert!(v.status.success(), "{}\n{log}", stderr(&v));
    let (status, resumed) = s.json("POST", "/api/games/resume", &upload(&log));
    assert_eq!(status, 201, "{resumed}");
    assert_eq!(resumed["board"], end["board"]);
    assert_eq!(resumed["players"], end["players"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game resumed from the log of its first moves goes on as the game itself does: its bots
/// choose again at their earlier turns, so that their streams stand where they stood.
#[test]
fn a_resumed_game_goes_on_as_the_game_itself() {
    let s = Served::start();
    let new = json!({ "variant": "2020", "seats": ["person", "mcts:20", "random"], "seed": "8" });
    let (status, state) = s.json("POST", "/api/games", &new.to_string());
    assert_eq!(status, 201, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    let mut state = state;
    for _ in 0..3 {
        let (status, moved) = s.json(
            "POST",
            &format!("/api/games/{id}/move"),
            &entry(&state, "0"),
        );
        assert_eq!(status, 200, "{moved}");
        state = moved;
        for _ in 0..2 {
            let (status, bot) = s.json("POST", &format!("/api/games/{id}/bot"), &at(&state));
            assert_eq!(status, 200, "{bot}");
            state = bot;
        }
    }
    let (status, so_far) = s.call("GET", &format!("/api/games/{id}/log"), "");
    assert_eq!(status, 200);
    let (status, resumed) = s.json("POST", "/api/games/resume", &upload(&so_far));
    assert_eq!(status, 201, "{resumed}");
    let again = resumed["id"].as_str().unwrap().to_string();
    play_to_end(&s, &id);
    play_to_end(&s, &again);
    let moves = |id: &str| -> Vec<String> {
        let (status, log) = s.call("GET", &format!("/api/games/{id}/log"), "");
        assert_eq!(status, 200);
        log.lines()
            .filter(|l| l.starts_with("place "))
            .map(String::from)
            .collect()
    };
    let (once, twice) = (moves(&id), moves(&again));
    assert!(once.len() > 60, "{} moves", once.len());
    assert_eq!(once, twice, "the resumed game went another way");
}

#[test]
fn bad_requests_get_a_4xx_and_a_message() {
    let s = Served::start();
    let post = |path: &str, body: &str| s.json("POST", path, body);
    let cases: Vec<((u16, Value), u16, &str)> = vec![
        (
            post("/api/games/0123/bot", r#"{"version": 0}"#),
            404,
            "unknown game id",
        ),
        (post("/api/games", "{not json"), 400, "malformed body"),
        (
            post(
                "/api/games",
                &json!({"variant": "/etc/passwd", "seats": ["person", "greedy"]}).to_string(),
            ),
            400,
            "a path in a request",
        ),
        (
            post(
                "/api/games",
                &json!({"variant": "../variants/x.toml", "seats": ["person", "greedy"]})
                    .to_string(),
            ),
            400,
            "a relative path",
        ),
        (
            post(
                "/api/games",
                &json!({"variant": "2020", "seats": ["person", "exec:/bin/sh"]}).to_string(),
            ),
            400,
            "a program seat",
        ),
        (
            post(
                "/api/games",
                &json!({"variant": "2020", "seats": ["person"]}).to_string(),
            ),
            400,
            "one seat",
        ),
        (
            post("/api/games/resume", &upload("not a log")),
            400,
            "a malformed log",
        ),
        (
            post("/api/games/resume", "[Format \"hunters-log 1\"]"),
            400,
            "a log not sent as JSON",
        ),
        (
            s.json("DELETE", "/api/games", ""),
            404,
            "an unknown request",
        ),
    ];
    for ((status, body), want, why) in cases {
        assert_eq!(status, want, "{why}: {body}");
        assert!(
            body["error"].as_str().is_some_and(|m| !m.is_empty()),
            "{why}: {body}"
        );
    }
    // An oversized upload.
    let big = "x".repeat(2 << 20);
    let (status, body) = s.json("POST", "/api/games/resume", &big);
    assert_eq!(status, 413, "{body}");
    // A move for the wrong player: the bot's seat moves first here.
    let new = json!({ "variant": "2002", "seats": ["greedy", "person"], "seed": "3" });
    let (_, state) = post("/api/games", &new.to_string());
    let id = state["id"].as_str().unwrap();
    let (status, body) = post(&format!("/api/games/{id}/move"), &entry(&state, "0"));
    assert_eq!(status, 409, "{body}");
    let (status, body) = post(&format!("/api/games/{id}/undo"), &at(&state));
    assert_eq!(status, 409, "nothing to undo: {body}");
    // A change that does not say which state it was sent from.
    let (status, body) = post(&format!("/api/games/{id}/bot"), "{}");
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("version"),
        "{body}"
    );
    let (status, body) = post(&format!("/api/games/{id}/move"), r#"{"entry": "0"}"#);
    assert_eq!(status, 400, "{body}");
    // The server still answers after all of it.
    let (status, _) = s.json("GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200);
    // A game's id is no recording's, and the other way round.
    let (status, body) = s.json("GET", &format!("/api/records/{id}"), "");
    assert_eq!(status, 404, "{body}");
}

#[test]
fn bad_entries_of_a_recording_get_a_4xx_and_the_reason() {
    let s = Served::start();
    let post = |path: &str, body: &str| s.json("POST", path, body);
    let new = json!({ "variant": "2014", "players": ["Ann", "Bob"] });
    let (status, state) = post("/api/records", &new.to_string());
    assert_eq!(status, 201, "{state}");
    assert_eq!(state["need"]["kind"], "draw");
    let id = state["id"].as_str().unwrap().to_string();
    // Each entry is told to the recording as the last answer left it.
    let version = std::cell::Cell::new(0);
    let tell = |mut body: Value| {
        body["version"] = json!(version.get());
        let (status, answer) = post(&format!("/api/records/{id}/entry"), &body.to_string());
        if status == 200 {
            version.set(answer["version"].as_u64().unwrap());
        }
        (status, answer)
    };
    let cases: Vec<((u16, Value), u16, &str, &str)> = vec![
        (
            post(
                "/api/records",
                &json!({"variant": "2014", "players": ["Ann"]}).to_string(),
            ),
            400,
            "one player",
            "2 to 5",
        ),
        (
            post(
                "/api/records",
                &json!({"variant": "/tmp/v.toml", "players": ["Ann", "Bob"]}).to_string(),
            ),
            400,
            "a path",
            "files are not read",
        ),
        (
            post("/api/records/0123/undo", r#"{"version": 0}"#),
            404,
            "unknown id",
            "no recording",
        ),
        (
            post(&format!("/api/games/{id}/undo"), r#"{"version": 0}"#),
            404,
            "a recording's id as a game's",
            "no game",
        ),
        (tell(json!({"draw": "999"})), 422, "an unknown tile", "999"),
        (
            tell(json!({"move": "0,1 r0"})),
            422,
            "a move before the draw",
            "tile drawn first",
        ),
        (
            tell(json!({"deal": "S1"})),
            422,
            "a deal without the Scout",
            "not in this variant",
        ),
        (
            tell(json!({"throw": "1"})),
            400,
            "a malformed entry",
            "an entry is",
        ),
        (
            tell(json!({"draw": "4", "move": "0"})),
            400,
            "two entries in one",
            "an entry is",
        ),
        (
            post(&format!("/api/records/{id}/undo"), r#"{"version": 0}"#),
            409,
            "nothing to undo",
            "nothing",
        ),
        (
            post(
                "/api/records/resume",
                &upload("[Format \"hunters-log 1\"]\n[Variant \"2014\"]\n"),
            ),
            400,
            "a log without players",
            "Players",
        ),
    ];
    for ((status, body), want, why, says) in cases {
        assert_eq!(status, want, "{why}: {body}");
        let m = body["error"].as_str().unwrap_or_default();
        assert!(m.contains(says), "{why}: {body}");
    }
    // A tile drawn, then laid where it cannot go: the rules' reason; then where it can.
    let (status, state) = tell(json!({"draw": "4"}));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["need"]["kind"], "move");
    assert_eq!(state["need"]["tile"], "4");
    let (status, body) = tell(json!({"move": "5,5 r0"}));
    assert_eq!(status, 422);
    assert!(body["error"].as_str().unwrap().contains("touches no tile"));
    let (status, body) = tell(json!({"draw": "5"}));
    assert_eq!(status, 422, "a draw while a move is awaited: {body}");
    let (status, state) = tell(json!({"move": "0"}));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["need"]["kind"], "draw");
    assert_eq!(state["need"]["player"], 2);
    let (status, body) = tell(json!({"draw": "4"}));
    assert_eq!(status, 422, "the one copy of 4 is out of the box: {body}");
    // The log so far resumes as a recording, and not as a game (it has no seed).
    let (_, log) = s.call("GET", &format!("/api/records/{id}/log"), "");
    let (status, again) = post("/api/records/resume", &upload(&log));
    assert_eq!(status, 201, "{again}");
    assert_eq!(again["need"], state["need"]);
    assert_eq!(again["board"], state["board"]);
    let (status, body) = post("/api/games/resume", &upload(&log));
    assert_eq!(status, 400, "{body}");
}

/// A change names the state it was chosen in. Two tabs show a game; the second moves; every
/// change the first then sends from the state it still shows — the move it saw, a number that
/// now means another move, an undo, a bot's move — is refused with 409 and the game's version,
/// and the game's log is as it was. Sent from the state the game is in, the same requests are
/// carried out.
#[test]
fn a_stale_move_is_refused_and_changes_nothing() {
    let s = Served::start();
    let new = json!({ "variant": "2020", "seats": ["person", "person"], "seed": "12" });
    let (status, seen) = s.json("POST", "/api/games", &new.to_string());
    assert_eq!(status, 201, "{seen}");
    let id = seen["id"].as_str().unwrap().to_string();
    let path = |rest: &str| format!("/api/games/{id}{rest}");
    let log = || s.call("GET", &path("/log"), "").1;
    let first = seen["moves"][0]["text"].as_str().unwrap();
    let (status, moved) = s.json("POST", &path("/move"), &entry(&seen, first));
    assert_eq!(status, 200, "{moved}");
    assert_ne!(moved["version"], seen["version"]);
    let (status, now) = s.json("GET", &path("/version"), "");
    assert_eq!(status, 200, "{now}");
    assert_eq!(now, json!({ "version": moved["version"] }));

    let before = log();
    let last = seen["moves"].as_array().unwrap().last().unwrap()["text"]
        .as_str()
        .unwrap();
    // Move 0 is legal for the second seat too: by its number alone it would be played.
    assert!(!moved["moves"].as_array().unwrap().is_empty());
    let stale = [
        ("/move", entry(&seen, last)),
        ("/move", entry(&seen, "0")),
        ("/undo", at(&seen)),
        ("/move", json!({ "entry": "0", "version": 99 }).to_string()),
    ];
    for (rest, body) in stale {
        let (status, refused) = s.json("POST", &path(rest), &body);
        assert_eq!(status, 409, "{rest} {body}: {refused}");
        assert!(
            refused["error"].as_str().unwrap().contains("moved on"),
            "{refused}"
        );
        assert_eq!(refused["version"], moved["version"], "{refused}");
    }
    assert_eq!(log(), before, "a stale request changed the game");
    assert_eq!(s.json("GET", &path("/version"), "").1, now);

    // From the state the game is in, the number is the move of that state.
    let (status, played) = s.json("POST", &path("/move"), &entry(&moved, "0"));
    assert_eq!(status, 200, "{played}");
    assert_eq!(played["played"]["move"], moved["moves"][0]["text"]);
    let after = log();
    assert_ne!(after, before);
    assert!(
        after.contains(played["played"]["move"].as_str().unwrap()),
        "{after}"
    );

    // A bot's move and an undo, each from a state the game has left.
    let new = json!({ "variant": "2020", "seats": ["person", "greedy"], "seed": "12" });
    let (_, seen) = s.json("POST", "/api/games", &new.to_string());
    let id = seen["id"].as_str().unwrap().to_string();
    let path = |rest: &str| format!("/api/games/{id}{rest}");
    let (_, moved) = s.json("POST", &path("/move"), &entry(&seen, "0"));
    let (status, bot) = s.json("POST", &path("/bot"), &at(&moved));
    assert_eq!(status, 200, "{bot}");
    let before = s.call("GET", &path("/log"), "").1;
    for (rest, from) in [("/bot", &moved), ("/undo", &moved), ("/undo", &seen)] {
        let (status, refused) = s.json("POST", &path(rest), &at(from));
        assert_eq!(status, 409, "{rest}: {refused}");
        assert_eq!(refused["version"], bot["version"], "{refused}");
    }
    assert_eq!(s.call("GET", &path("/log"), "").1, before);
    let (status, undone) = s.json("POST", &path("/undo"), &at(&bot));
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["board"], seen["board"]);
    // Undone, the game is as it was, but at a version of its own: a request from the state it
    // came back to is still one from the past.
    assert_ne!(undone["version"], seen["version"]);
    let (status, _) = s.json("POST", &path("/move"), &entry(&seen, "0"));
    assert_eq!(status, 409);
}

/// Asking whether a game moved on is no use of it: a tab left open, asking every two seconds,
/// does not keep an abandoned game from being ended.
#[test]
fn asking_for_the_version_does_not_keep_a_game() {
    let s = Served::start_with(&["--idle", "2"]);
    let new = json!({ "variant": "2020", "seats": ["person", "greedy"], "seed": "3" });
    let (_, game) = s.json("POST", "/api/games", &new.to_string());
    let id = game["id"].as_str().unwrap();
    for _ in 0..5 {
        std::thread::sleep(std::time::Duration::from_millis(600));
        let (status, asked) = s.json("GET", &format!("/api/games/{id}/version"), "");
        assert_eq!(status, 200, "{asked}");
        assert_eq!(asked, json!({ "version": game["version"] }));
    }
    // Three seconds unused but for the questions: past the idle time, the list ends it.
    let (_, list) = s.json("GET", "/api/games", "");
    let games = list["games"].as_array().unwrap();
    assert!(games.iter().all(|g| g["id"] != id), "{list}");
    let (status, _) = s.json("GET", &format!("/api/games/{id}/version"), "");
    assert_eq!(status, 404);
}

/// A recording's entries and undo name the state they were told from too: after an undo the
/// recording has as many entries as before the draw, but a draw told from then is refused.
#[test]
fn a_stale_entry_of_a_recording_is_refused_and_changes_nothing() {
    let s = Served::start();
    let new = json!({ "variant": "2014", "players": ["Ann", "Bob"] });
    let (_, seen) = s.json("POST", "/api/records", &new.to_string());
    let id = seen["id"].as_str().unwrap().to_string();
    let path = |rest: &str| format!("/api/records/{id}{rest}");
    let log = || s.call("GET", &path("/log"), "").1;
    let draw = |from: &Value, tile: &str| {
        let body = json!({ "draw": tile, "version": from["version"] }).to_string();
        s.json("POST", &path("/entry"), &body)
    };
    let (status, drawn) = draw(&seen, "4");
    assert_eq!(status, 200, "{drawn}");
    let (status, undone) = s.json("POST", &path("/undo"), &at(&drawn));
    assert_eq!(status, 200, "{undone}");
    let before = log();
    for (status, refused) in [
        draw(&seen, "5"),
        draw(&drawn, "5"),
        s.json("POST", &path("/undo"), &at(&drawn)),
    ] {
        assert_eq!(status, 409, "{refused}");
        assert!(
            refused["error"].as_str().unwrap().contains("moved on"),
            "{refused}"
        );
        assert_eq!(refused["version"], undone["version"]);
    }
    assert_eq!(log(), before);
    assert_eq!(
        s.json("GET", &path("/version"), "").1["version"],
        undone["version"]
    );
    let (status, again) = draw(&undone, "5");
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["need"]["tile"], "5");
}

#[test]
fn fifty_games_at_once_are_played_to_their_end() {
    let s = Served::start();
    let ids: Vec<String> = (0..50)
        .map(|g| {
            let seats = if g % 2 == 0 {
                json!(["person", "random"])
            } else {
                json!(["greedy", "person", "random"])
            };
            let variant = ["2002", "2014", "2020", "2002-scout", "2014-scout"][g % 5];
            let new = json!({ "variant": variant, "seats": seats, "seed": g.to_string() });
            let (status, state) = s.json("POST", "/api/games", &new.to_string());
            assert_eq!(status, 201, "{state}");
            state["id"].as_str().unwrap().to_string()
        })
        .collect();
    let start = std::time::Instant::now();
    let requests: usize = std::thread::scope(|scope| {
        let handles: Vec<_> = ids
            .iter()
            .map(|id| scope.spawn(|| play_to_end(&s, id)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    for id in &ids {
        let (status, state) = s.json("GET", &format!("/api/games/{id}"), "");
        assert_eq!(status, 200);
        assert_eq!(state["over"], true);
    }
    println!(
        "50 games, {requests} requests in {:.1} s; the server holds {} kB",
        start.elapsed().as_secs_f64(),
        s.resident_kb().map_or("?".to_string(), |k| k.to_string())
    );
}

#[test]
fn another_address_than_loopback_is_warned_of() {
    let (mut child, line) = serve(&["--bind", "0.0.0.0"]);
    assert!(line.contains("http://0.0.0.0:"), "{line}");
    child.kill().unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning") && err.contains("not loopback"),
        "{err}"
    );
}

/// Every key of a game's and a recording's state, and of its `view`, is in docs/serve.md.
#[test]
fn every_key_of_the_state_is_documented() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/serve.md")).unwrap();
    let s = Served::start();
    let game = json!({ "variant": "2014-scout", "seats": ["person", "greedy"], "seed": "3" });
    let (_, game) = s.json("POST", "/api/games", &game.to_string());
    let record = json!({ "variant": "2014-scout", "players": ["Ann", "Bob"] });
    let (_, record) = s.json("POST", "/api/records", &record.to_string());
    let (_, moved) = s.json(
        "POST",
        &format!("/api/games/{}/move", game["id"].as_str().unwrap()),
        &entry(&game, "0"),
    );
    for state in [&game, &record, &moved] {
        let keys = state.as_object().unwrap().keys().map(|k| k.to_string());
        let view = state["view"]
            .as_object()
            .unwrap()
            .keys()
            .map(|k| format!("view.{k}"));
        for key in keys.chain(view) {
            assert!(
                doc.contains(&format!("`{key}`")) || doc.contains(&format!("`{key}[]`")),
                "docs/serve.md does not describe `{key}`"
            );
        }
    }
}

/// The move of `state` that lays a tile without a piece, or else the first that lays one.
fn plain_move(state: &Value) -> String {
    let offers = state["view"]["offers"].as_array().unwrap();
    let lays: Vec<&Value> = offers
        .iter()
        .filter(|o| o["kind"] == "place" || o["kind"] == "special")
        .collect();
    lays.iter()
        .find(|o| o["piece"].is_null() && o["recall"].is_null())
        .unwrap_or(&lays[0])["text"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Pass and play: the last move is taken back until the next person moves. The person who
/// moved (or the next one, at the same screen) may take it back; once the next person has
/// moved, only that move may be.
#[test]
fn pass_and_play_undo_takes_the_last_move_back_until_the_next_person_moves() {
    let s = Served::start();
    let new = json!({ "variant": "2020", "seats": ["human", "human"], "seed": "5" });
    let (_, first) = s.json("POST", "/api/games", &new.to_string());
    let id = first["id"].as_str().unwrap().to_string();
    let path = |rest: &str| format!("/api/games/{id}{rest}");
    assert_eq!(first["can_undo"], false);

    let (_, one) = s.json("POST", &path("/move"), &entry(&first, &plain_move(&first)));
    assert_eq!(one["turn"]["player"], 2);
    assert_eq!(one["can_undo"], true, "the next person may take it back");
    let (status, undone) = s.json("POST", &path("/undo"), &at(&one));
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["turn"]["player"], 1);
    assert_eq!(undone["board"], first["board"]);
    assert_eq!(undone["can_undo"], false);

    let (_, one) = s.json(
        "POST",
        &path("/move"),
        &entry(&undone, &plain_move(&undone)),
    );
    let (_, two) = s.json("POST", &path("/move"), &entry(&one, &plain_move(&one)));
    assert_eq!(two["can_undo"], true);
    let (status, back) = s.json("POST", &path("/undo"), &at(&two));
    assert_eq!(status, 200, "{back}");
    assert_eq!(back["board"], one["board"]);
    assert_eq!(back["turn"]["player"], 2);
    // The first person's move was followed by another person's: it stays.
    assert_eq!(back["can_undo"], false);
    let (status, body) = s.json("POST", &path("/undo"), &at(&back));
    assert_eq!(status, 409, "{body}");
}

/// The list of moves: `history` in the state counts the moves (a bot's too), `…/history`
/// tells each as the move's answer told it; an undo shortens it; a game or a recording
/// resumed from its log has the same list, a Scout player's draw among its moves.
#[test]
fn the_list_of_moves_is_kept_through_undo_and_resume() {
    let s = Served::start();
    let new = json!({ "variant": "2014-scout", "seats": ["human", "greedy"], "seed": "3" });
    let (_, mut state) = s.json("POST", "/api/games", &new.to_string());
    let id = state["id"].as_str().unwrap().to_string();
    let path = |rest: &str| format!("/api/games/{id}{rest}");
    let mut played = Vec::new();
    let mut drew = false;
    while played.len() < 12 {
        let (status, after) = if state["turn"]["person"] == true {
            let offers = state["view"]["offers"].as_array().unwrap();
            // The Scout's draw, once, when it is offered instead of the special tile.
            let text = match offers.iter().find(|o| o["kind"] == "draw") {
                Some(d) if !drew => {
                    drew = true;
                    d["text"].as_str().unwrap().to_string()
                }
                _ => plain_move(&state),
            };
            s.json("POST", &path("/move"), &entry(&state, &text))
        } else {
            s.json("POST", &path("/bot"), &at(&state))
        };
        assert_eq!(status, 200, "{after}");
        played.push(after["played"].clone());
        assert_eq!(after["history"], played.len());
        state = after;
    }
    assert!(drew, "the Scout's draw was never offered");
    let (_, told) = s.json("GET", &path("/history"), "");
    assert_eq!(told["history"], json!(played));

    // Resumed from its log, under a new id: the same list.
    let (_, log) = s.call("GET", &path("/log"), "");
    let (status, resumed) = s.json("POST", "/api/games/resume", &upload(&log));
    assert_eq!(status, 201, "{resumed}");
    assert_eq!(resumed["history"], played.len());
    let again = format!("/api/games/{}/history", resumed["id"].as_str().unwrap());
    let (_, told) = s.json("GET", &again, "");
    assert_eq!(told["history"], json!(played));

    // An undo takes the person's move and the bot's reply off the list.
    if state["turn"]["person"] != true {
        let (_, after) = s.json("POST", &path("/bot"), &at(&state));
        played.push(after["played"].clone());
        state = after;
    }
    let (_, moved) = s.json("POST", &path("/move"), &entry(&state, &plain_move(&state)));
    let (_, replied) = s.json("POST", &path("/bot"), &at(&moved));
    let (status, undone) = s.json("POST", &path("/undo"), &at(&replied));
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["history"], played.len());
    let (_, told) = s.json("GET", &path("/history"), "");
    assert_eq!(told["history"], json!(played));

    // A recording: one entry of the list for each entry told, each with what it did.
    let new = json!({ "variant": "2014", "players": ["Ann", "Bob"] });
    let (_, mut rec) = s.json("POST", "/api/records", &new.to_string());
    let rid = rec["id"].as_str().unwrap().to_string();
    let mut told_here = Vec::new();
    for _ in 0..8 {
        let body = if rec["need"]["kind"] == "draw" {
            json!({ "draw": rec["box"][0]["id"], "version": rec["version"] })
        } else {
            json!({ "move": plain_move(&rec), "version": rec["version"] })
        };
        let (status, after) = s.json(
            "POST",
            &format!("/api/records/{rid}/entry"),
            &body.to_string(),
        );
        assert_eq!(status, 200, "{after}");
        told_here.push(after["played"].clone());
        assert_eq!(after["history"], told_here.len());
        rec = after;
    }
    let (_, told) = s.json("GET", &format!("/api/records/{rid}/history"), "");
    assert_eq!(told["history"], json!(told_here));
    let (_, log) = s.call("GET", &format!("/api/records/{rid}/log"), "");
    let (_, resumed) = s.json("POST", "/api/records/resume", &upload(&log));
    let again = format!("/api/records/{}/history", resumed["id"].as_str().unwrap());
    let (_, told) = s.json("GET", &again, "");
    assert_eq!(told["history"], json!(told_here));
}

/// `HEAD /` is answered as `GET /` is, without the body: 200 and the page's length.
#[test]
fn the_head_of_the_page_is_answered_without_its_body() {
    let s = Served::start();
    let (_, page) = s.call("GET", "/", "");
    let mut c = TcpStream::connect(&s.addr).unwrap();
    c.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    write!(
        c,
        "HEAD / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        s.addr
    )
    .unwrap();
    let mut answer = String::new();
    c.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(body.is_empty(), "a body of {} bytes", body.len());
    assert!(
        head.contains(&format!("Content-Length: {}\r\n", page.len())),
        "{head}"
    );
    assert!(head.contains("Content-Type: text/html"), "{head}");
}

/// A person's seat is `human`, as `hunters play` and the logs call it: the state and the log
/// say so, `person` is taken too, and a seat that is neither a person nor a built-in bot is
/// refused with the seats this server takes (not a program's).
#[test]
fn a_seat_is_human_in_the_state_and_in_the_log() {
    let s = Served::start();
    for word in ["human", "person"] {
        let new = json!({ "variant": "2020", "seats": [word, "greedy"], "seed": "2" });
        let (status, state) = s.json("POST", "/api/games", &new.to_string());
        assert_eq!(status, 201, "{state}");
        assert_eq!(state["players"][0]["who"], "human");
        assert_eq!(state["turn"]["person"], true);
        let (_, log) = s.call(
            "GET",
            &format!("/api/games/{}/log", state["id"].as_str().unwrap()),
            "",
        );
        assert!(log.contains("[Players \"human, greedy\"]"), "{log}");
    }
    for seat in ["robot", "exec:/bin/sh", "mcts:abc"] {
        let new = json!({ "variant": "2020", "seats": ["human", seat] });
        let (status, body) = s.json("POST", "/api/games", &new.to_string());
        assert_eq!(status, 400, "{body}");
        let why = body["error"].as_str().unwrap();
        assert!(!why.contains("exec:PROGRAM"), "{seat}: {why}");
        assert!(!why.contains(" human or "), "{seat}: {why}");
        if seat != "mcts:abc" {
            assert!(why.contains("`human`"), "{seat}: {why}");
        }
    }
}

/// With the Scout, the deal names each special tile and draws it, as the box does.
#[test]
fn the_scout_deal_names_and_draws_each_special_tile() {
    let s = Served::start();
    let new = json!({ "variant": "2002-scout", "players": ["Ann", "Bob"] });
    let (_, rec) = s.json("POST", "/api/records", &new.to_string());
    assert_eq!(rec["need"]["kind"], "deal");
    let tiles = rec["need"]["tiles"].as_array().unwrap();
    let ids: Vec<&str> = tiles.iter().map(|t| t["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["S1", "S2", "S3", "S4"]);
    let names: Vec<&str> = tiles.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"Hunter on the Bridge"), "{names:?}");
    for t in tiles {
        assert!(t["picture"].as_str().unwrap().contains("<rect"), "{t}");
    }
}
