//! `hunters serve` holds: requests too large, too slow, from other sites or asking for too much
//! thinking are refused and the server goes on; a bot thinking holds up no other request; an
//! unused game makes room for a new one. Raw requests over loopback, as a client would send
//! them. No assertion on how long anything took: a socket timeout only keeps a server that
//! stopped answering from hanging the test.

use crate::serve::{Served, at, entry, play_to_end};

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{Value, json};

/// A request of `method` to `path` with `headers` (each ending in CRLF) and `body`.
fn request(s: &Served, method: &str, path: &str, headers: &str, body: &str) -> (u16, String) {
    s.raw(&format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    ))
}

fn new_game(seats: Value) -> String {
    json!({ "variant": "2020", "seats": seats, "seed": "5" }).to_string()
}

/// The games under way, as the listing tells.
fn under_way(s: &Served) -> Vec<Value> {
    let (status, list) = s.json("GET", "/api/games", "");
    assert_eq!(status, 200, "{list}");
    list["games"].as_array().unwrap().clone()
}

/// The server still answers: the page, and a game started.
fn alive(s: &Served) {
    let (status, page) = s.call("GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<html"), "{page}");
    let (status, body) = s.json("POST", "/api/games", &new_game(json!(["person", "greedy"])));
    assert_eq!(status, 201, "{body}");
}

#[test]
fn a_body_larger_than_the_limit_is_refused_and_the_server_goes_on() {
    let s = Served::start();
    let json = "Content-Type: application/json\r\n";
    // A Content-Length far beyond memory, with one byte sent: refused before reading.
    let (status, body) = s.raw(&format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\n{json}Content-Length: 99999999999\r\n\r\nx",
        s.addr
    ));
    assert_eq!(status, 413, "{body}");
    alive(&s);
    // One beyond what a u64 holds.
    let (status, body) = s.raw(&format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\n{json}Content-Length: 99999999999999999999999\r\n\r\n",
        s.addr
    ));
    assert_eq!(status, 413, "{body}");
    // A body of 2 MiB, sent whole.
    let big = "x".repeat(2 << 20);
    let host = format!("Host: {}\r\n{json}", s.addr);
    let (status, body) = request(&s, "POST", "/api/games/resume", &host, &big);
    assert_eq!(status, 413, "{body}");
    // Chunks are not read.
    let (status, body) = s.raw(&format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\n{json}Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        s.addr
    ));
    assert_eq!(status, 501, "{body}");
    alive(&s);
}

#[test]
fn a_header_of_a_megabyte_is_refused_and_the_server_goes_on() {
    let s = Served::start();
    let long = "a".repeat(1 << 20);
    let (status, body) = s.raw(&format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nX-Long: {long}\r\n\r\n",
        s.addr
    ));
    assert!(status == 431 || status == 400, "{status} {body}");
    // A line of a megabyte without an end.
    let (status, _) = s.raw(&format!("GET /{long}"));
    assert!(status == 431 || status == 400, "{status}");
    alive(&s);
}

#[test]
fn slow_clients_do_not_hold_up_the_others() {
    let s = Served::start();
    // Twenty clients send half a request each and stall.
    let stalled: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut c = TcpStream::connect(&s.addr).unwrap();
            write!(
                c,
                "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Le",
                s.addr
            )
            .unwrap();
            c
        })
        .collect();
    // Another client is answered meanwhile (`raw` fails the test rather than wait forever).
    alive(&s);
    assert!(under_way(&s).len() == 1);
    // A stalled client is answered in the end, 408, and its connection closed.
    let mut first = stalled.into_iter().next().unwrap();
    first
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let mut out = String::new();
    first.read_to_string(&mut out).unwrap();
    assert!(out.starts_with("HTTP/1.1 408"), "{out}");
}

#[test]
fn connections_beyond_the_most_are_answered_503() {
    let s = Served::start_with(&["--connections", "3"]);
    let stalled: Vec<TcpStream> = (0..3)
        .map(|_| {
            let mut c = TcpStream::connect(&s.addr).unwrap();
            write!(c, "GET / HTTP/1.1\r\n").unwrap();
            c
        })
        .collect();
    // The fourth is refused while the three are open (the server may not have taken them
    // all yet: then it is answered, which the loop allows).
    let mut refused = false;
    for _ in 0..50 {
        let (status, body) = s.call("GET", "/api/games", "");
        if status == 503 {
            assert!(body.contains("connections are open"), "{body}");
            refused = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(refused, "a fourth connection was never refused");
    drop(stalled);
    // Once they close, requests are served again.
    let mut served = false;
    for _ in 0..500 {
        if s.call("GET", "/api/games", "").0 == 200 {
            served = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(served);
}

#[test]
fn requests_of_other_sites_and_names_are_refused_before_anything_is_done() {
    let s = Served::start();
    let port = s.addr.split(':').nth(1).unwrap().to_string();
    let body = new_game(json!(["person", "greedy"]));
    let host = format!("Host: {}\r\n", s.addr);
    let json = "Content-Type: application/json\r\n";
    let cases = [
        (
            format!("{host}Origin: http://evil.example\r\n{json}"),
            403,
            "another site's page",
        ),
        (
            format!("{host}Origin: null\r\n{json}"),
            403,
            "an opaque origin",
        ),
        (
            format!("{host}Origin: http://localhost:1\r\n{json}"),
            403,
            "another port's page",
        ),
        (
            format!("Host: evil.example\r\n{json}"),
            403,
            "a rebound name",
        ),
        (
            format!("Host: evil.example:{port}\r\n{json}"),
            403,
            "a rebound name with the port",
        ),
        (format!("Host: 127.0.0.1:1\r\n{json}"), 403, "another port"),
        (json.to_string(), 400, "no Host"),
        (
            format!("{host}Content-Type: text/plain\r\n"),
            415,
            "a text body",
        ),
        (
            format!("{host}Content-Type: application/x-www-form-urlencoded\r\n"),
            415,
            "a form",
        ),
        (host.clone(), 415, "no Content-Type"),
    ];
    for (headers, want, why) in &cases {
        let (status, answer) = request(&s, "POST", "/api/games", headers, &body);
        assert_eq!(status, *want, "{why}: {answer}");
        let v: Value = serde_json::from_str(&answer).unwrap();
        assert!(v["error"].as_str().is_some_and(|m| !m.is_empty()), "{why}");
    }
    // The page of another site cannot read a game either.
    let (status, _) = request(&s, "GET", "/api/games", "Host: evil.example\r\n", "");
    assert_eq!(status, 403);
    assert!(under_way(&s).is_empty(), "a refused request started a game");
    // The page's own requests are carried out, under each loopback name.
    for (name, origin) in [
        (s.addr.clone(), format!("http://{}", s.addr)),
        (
            format!("localhost:{port}"),
            format!("http://localhost:{port}"),
        ),
    ] {
        let headers = format!("Host: {name}\r\nOrigin: {origin}\r\n{json}");
        let (status, answer) = request(&s, "POST", "/api/games", &headers, &body);
        assert_eq!(status, 201, "{name}: {answer}");
    }
    let headers = format!("{host}Content-Type: application/json; charset=utf-8\r\n");
    let (status, answer) = request(&s, "POST", "/api/games", &headers, &body);
    assert_eq!(status, 201, "{answer}");
    assert_eq!(under_way(&s).len(), 3);
}

#[test]
fn a_bot_thinking_beyond_the_cap_is_refused() {
    let s = Served::start();
    for seat in ["mcts:999999999", "mcts:50001", "mcts-v2:60000/no-meadows"] {
        let (status, body) = s.json("POST", "/api/games", &new_game(json!(["person", seat])));
        assert_eq!(status, 400, "{seat}: {body}");
        assert!(
            body["error"].as_str().unwrap().contains("at most 50000"),
            "{seat}: {body}"
        );
    }
    let (status, body) = s.json(
        "POST",
        "/api/games",
        &new_game(json!(["person", "mcts:50000"])),
    );
    assert_eq!(status, 201, "{body}");
    assert!(under_way(&s).len() == 1);
}

/// While a bot of one table thinks at the cap, the page, its own table's state and another
/// table's moves are answered: the bot's request is still waiting when they are.
#[test]
fn a_bot_thinking_holds_up_no_other_request() {
    let s = Served::start();
    let (status, slow) = s.json(
        "POST",
        "/api/games",
        &new_game(json!(["mcts:50000", "person"])),
    );
    assert_eq!(status, 201, "{slow}");
    let started = slow.clone();
    let slow = slow["id"].as_str().unwrap().to_string();
    let (_, other) = s.json("POST", "/api/games", &new_game(json!(["person", "greedy"])));
    let other_state = other.clone();
    let other = other["id"].as_str().unwrap().to_string();
    std::thread::scope(|scope| {
        let thinking =
            scope.spawn(|| s.json("POST", &format!("/api/games/{slow}/bot"), &at(&started)));
        // The listing says when the bot has begun.
        let mut begun = false;
        for _ in 0..3000 {
            let games = under_way(&s);
            if games
                .iter()
                .any(|g| g["id"] == slow.as_str() && g["thinking"] == true)
            {
                begun = true;
                break;
            }
            assert!(
                !thinking.is_finished(),
                "the bot moved before it was seen thinking"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(begun, "the bot was never seen thinking");
        let (status, _) = s.call("GET", "/", "");
        assert_eq!(status, 200);
        let (status, state) = s.json("GET", &format!("/api/games/{slow}"), "");
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["thinking"], true, "{state}");
        let (status, again) = s.json("POST", &format!("/api/games/{slow}/bot"), &at(&state));
        assert_eq!(status, 409, "one bot move at a time: {again}");
        let (status, moved) = s.json(
            "POST",
            &format!("/api/games/{other}/move"),
            &entry(&other_state, "0"),
        );
        assert_eq!(status, 200, "{moved}");
        let (status, bot) = s.json("POST", &format!("/api/games/{other}/bot"), &at(&moved));
        assert_eq!(status, 200, "{bot}");
        assert!(
            !thinking.is_finished(),
            "the other requests waited for the thinking bot"
        );
        let (status, played) = thinking.join().unwrap();
        assert_eq!(status, 200, "{played}");
        assert!(played["played"]["move"].is_string(), "{played}");
    });
    let (_, state) = s.json("GET", &format!("/api/games/{slow}"), "");
    assert_eq!(state["turn"]["person"], true);
}

#[test]
fn games_are_listed_and_ended() {
    let s = Served::start();
    let (_, game) = s.json("POST", "/api/games", &new_game(json!(["person", "greedy"])));
    let id = game["id"].as_str().unwrap();
    let record = json!({ "variant": "2014", "players": ["Ann", "Bob"] });
    let (_, record) = s.json("POST", "/api/records", &record.to_string());
    let rid = record["id"].as_str().unwrap();
    let games = under_way(&s);
    assert_eq!(games.len(), 2);
    let g = games.iter().find(|g| g["id"] == id).unwrap();
    assert_eq!(g["kind"], "games");
    // A person's seat is called as the logs call it.
    assert_eq!(g["seats"], json!(["human", "greedy"]));
    assert_eq!(g["turn"], 1);
    assert!(g["unused_seconds"].is_u64());
    let r = games.iter().find(|g| g["id"] == rid).unwrap();
    assert_eq!(r["kind"], "records");
    assert_eq!(r["seats"], json!(["Ann", "Bob"]));
    let (status, body) = s.json("POST", &format!("/api/games/{id}/end"), "{}");
    assert_eq!(status, 200, "{body}");
    let (status, _) = s.json("GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 404);
    let (status, _) = s.json("POST", &format!("/api/records/{rid}/end"), "{}");
    assert_eq!(status, 200);
    assert!(under_way(&s).is_empty());
}

/// Two thousand unfinished games started as fast as a script can: the server never stays
/// full, and a new game is played to its end once the unused ones are ended.
#[test]
fn thousands_of_unfinished_games_do_not_lock_everyone_out() {
    let s = Served::start_with(&["--idle", "2"]);
    let body = new_game(json!(["person", "greedy"]));
    let mut started = 0;
    for _ in 0..2000 {
        let (status, answer) = s.call("POST", "/api/games", &body);
        match status {
            201 => started += 1,
            503 => assert!(answer.contains("under way"), "{answer}"),
            _ => panic!("{status}: {answer}"),
        }
    }
    assert!(started >= 1000, "{started} started");
    assert!(under_way(&s).len() <= 1000);
    // Past the idle time every one of them is unused.
    std::thread::sleep(Duration::from_secs(3));
    let (status, game) = s.json("POST", "/api/games", &body);
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap();
    play_to_end(&s, id);
}

/// Every attack above on one server, one after the other — a length beyond memory, a header
/// of a megabyte, stalled clients, another site's request, a bot beyond the cap, two
/// thousand games — and then a whole game is played on it.
#[test]
fn a_flooded_server_still_plays_a_whole_game() {
    let s = Served::start_with(&["--idle", "2"]);
    let json = "Content-Type: application/json\r\n";
    let (status, body) = s.raw(&format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\n{json}Content-Length: 99999999999\r\n\r\nx",
        s.addr
    ));
    assert_eq!(status, 413, "{body}");
    let long = "a".repeat(1 << 20);
    let (status, _) = s.raw(&format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nX-Long: {long}\r\n\r\n",
        s.addr
    ));
    assert!(status == 431 || status == 400, "{status}");
    let stalled: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut c = TcpStream::connect(&s.addr).unwrap();
            write!(c, "POST /api/games HTTP/1.1\r\nHost: {}\r\n", s.addr).unwrap();
            c
        })
        .collect();
    let body = new_game(json!(["person", "greedy"]));
    let evil = format!("Host: {}\r\nOrigin: http://evil.example\r\n{json}", s.addr);
    let (status, answer) = request(&s, "POST", "/api/games", &evil, &body);
    assert_eq!(status, 403, "{answer}");
    assert!(
        under_way(&s).is_empty(),
        "another site's request started a game"
    );
    let (status, answer) = s.json(
        "POST",
        "/api/games",
        &new_game(json!(["person", "mcts:999999999"])),
    );
    assert_eq!(status, 400, "{answer}");
    for _ in 0..2000 {
        let (status, answer) = s.call("POST", "/api/games", &body);
        assert!(status == 201 || status == 503, "{status}: {answer}");
    }
    drop(stalled);
    // Past the idle time every one of those games is unused, and makes room.
    std::thread::sleep(Duration::from_secs(3));
    let (status, game) = s.json("POST", "/api/games", &body);
    assert_eq!(status, 201, "{game}");
    play_to_end(&s, game["id"].as_str().unwrap());
}
