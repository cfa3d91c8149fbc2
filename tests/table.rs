//! The table in the browser (`hunters serve`), clicked through in headless Chromium over
//! WebDriver as a person would: a whole 2020 game against `greedy` with an illegal attempt,
//! an undo and the log downloaded and verified; a whole 2014 game recorded at a real table,
//! tile by tile from the box, whose log is the one `hunters record` writes.
//!
//! `HUNTERS_SHOTS=DIR` keeps the screenshots (a turn, a bot's move, the final scoring, the
//! box) in DIR: the pictures of docs/serve.md come from here.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::run::webdriver::{self, Element, Session};
use crate::run::{assert_drawn, feed, hunters, stdout};
use crate::serve::{Served, at, entry};

use serde_json::json;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hunters-table-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A server, a fresh directory for the test and, in it, the folder the browser downloads to.
fn table(name: &str) -> (Served, PathBuf, PathBuf) {
    let d = dir(name);
    let downloads = d.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    (Served::start(), d, downloads)
}

/// A screenshot, checked to be a picture, and kept where `HUNTERS_SHOTS` says.
fn shot(s: &Session, dir: &Path, name: &str) {
    let path = dir.join(name);
    s.screenshot(&path);
    assert_drawn(&path);
    if let Some(keep) = std::env::var_os("HUNTERS_SHOTS") {
        std::fs::copy(&path, Path::new(&keep).join(name)).unwrap();
    }
}

/// What the page waits for (`person`, `bot`, `draw`, `move`, `deal`, `choice`, `over`), and
/// how many answers it has shown.
fn waits(s: &Session) -> (String, u64) {
    let v = s.script(
        "return [document.body.dataset.waits || '', +(document.body.dataset.shown || 0)];",
        vec![],
    );
    (
        v[0].as_str().unwrap_or("").to_string(),
        v[1].as_u64().unwrap_or(0),
    )
}

/// Waits until the page has shown an answer after the `after`-th and waits for one of `for_`.
fn settle(s: &Session, after: u64, for_: &[&str]) -> String {
    let mut now = String::new();
    s.wait_until(&format!("the page to wait for {for_:?}"), 60, |s| {
        let (w, shown) = waits(s);
        now = w;
        shown > after && for_.contains(&now.as_str())
    });
    now
}

/// The marked square nearest the start tile: a compact board makes readable pictures.
fn nearest_spot(s: &Session) -> Element {
    let spots = s.find_all("rect.spot");
    assert!(!spots.is_empty(), "no square is marked: {}", s.text());
    spots
        .into_iter()
        .min_by_key(|e| {
            let at = e.attr("data-square").unwrap();
            let (x, y) = at.split_once(',').unwrap();
            x.parse::<i32>().unwrap().abs() + y.parse::<i32>().unwrap().abs()
        })
        .unwrap()
}

/// Lays the drawn tile on the nearest marked square, turned once when it may be, with a piece
/// when `piece` and the tile offers one (its place clicked on the board, then the piece from
/// the list), else without. The circles for pieces are checked on the way
/// ([`assert_targets`]); how many there were on the board.
fn lay(s: &Session, server: &Served, piece: bool) -> usize {
    nearest_spot(s).click();
    let turn = s.find("#turn");
    if turn.attr("disabled").is_none() {
        turn.click();
    }
    let targets = assert_targets(s, server);
    choose_piece(s, piece);
    targets
}

/// Chooses a piece by its place on the board and then from the list, when `piece` and the
/// tile offers one; else lays the tile alone.
fn choose_piece(s: &Session, piece: bool) {
    let targets = s.find_all("#board-svg g.target");
    match targets.last() {
        Some(t) if piece => {
            // The click draws the board again: the place is read before.
            let k = t.attr("data-target").unwrap();
            t.click();
            let listed = s.find_all("#choices button.piece");
            assert!(!listed.is_empty(), "no piece is listed for place {k}");
            for b in &listed {
                assert_eq!(b.attr("data-target").as_deref(), Some(k.as_str()));
            }
            assert!(
                !s.find_all("#board-svg g.outline *").is_empty(),
                "the place chosen is not outlined"
            );
            listed[0].click();
        }
        _ => s.find("#choices button.no-piece").click(),
    }
}

/// The circles for pieces the page draws, on the board and on the tile in hand: no two
/// overlap (their rectangles as the browser lays them out), and each stands where the
/// server's layout of the tile in that turn puts its target. How many there are on the board.
fn assert_targets(s: &Session, server: &Served) -> usize {
    let found = s.script(
        "var out = [];
         var hand = document.querySelector('#hand-tile');
         var chosen = document.querySelector('#board-svg rect.chosen');
         [['#board-svg', chosen ? [+chosen.getAttribute('x'), +chosen.getAttribute('y')] : null],
          ['#hand-tile', [0, 0]]].forEach(function (w) {
           if (!w[1]) return;
           var root = document.querySelector(w[0]), m = root.getScreenCTM();
           root.querySelectorAll('g.target').forEach(function (g) {
             var r = g.querySelector('circle').getBoundingClientRect();
             out.push([w[0], +g.getAttribute('data-target'), r.left, r.top, r.right, r.bottom,
                       m.a, m.b, m.c, m.d, m.e + m.a * w[1][0] + m.c * w[1][1],
                       m.f + m.b * w[1][0] + m.d * w[1][1]]);
           });
         });
         return [hand.getAttribute('data-tile'), +hand.getAttribute('data-rotation'), out,
                 location.hash.slice(1)];",
        vec![],
    );
    let tile = found[0].as_str().expect("a tile in hand");
    let turn = found[1].as_u64().unwrap() as usize / 90;
    let (_, state) = server.json("GET", &format!("/api/{}", found[3].as_str().unwrap()), "");
    let layout = &state["view"]["targets"][tile][turn];
    let circles: Vec<(String, Vec<f64>)> = found[2]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let c = c.as_array().unwrap();
            let nums = c[1..].iter().map(|v| v.as_f64().unwrap()).collect();
            (c[0].as_str().unwrap().to_string(), nums)
        })
        .collect();
    for (i, (at, a)) in circles.iter().enumerate() {
        // Where the server puts target k, through the picture's transform to the screen.
        let t = &layout[a[0] as usize];
        let (x, y) = (t["x"].as_f64().unwrap(), t["y"].as_f64().unwrap());
        let (sx, sy) = (a[5] * x + a[7] * y + a[9], a[6] * x + a[8] * y + a[10]);
        let (cx, cy) = ((a[1] + a[3]) / 2.0, (a[2] + a[4]) / 2.0);
        assert!(
            (sx - cx).abs() < 1.0 && (sy - cy).abs() < 1.0,
            "tile {tile} turn {turn}: target {} in {at} is at {cx:.1},{cy:.1}, not {sx:.1},{sy:.1}",
            a[0]
        );
        for (other, b) in &circles[i + 1..] {
            if other != at {
                continue;
            }
            let apart = a[3] <= b[1] || b[3] <= a[1] || a[4] <= b[2] || b[4] <= a[2];
            assert!(
                apart,
                "tile {tile} turn {turn}: targets {} and {} overlap in {at}: {a:?} {b:?}",
                a[0], b[0]
            );
        }
    }
    circles.iter().filter(|(at, _)| at == "#board-svg").count()
}

/// The game's id, from the page's address (`#games/ID`).
fn id_of(s: &Session) -> String {
    let hash = s.script("return location.hash;", vec![]);
    let hash = hash.as_str().unwrap();
    hash.rsplit('/').next().unwrap().to_string()
}

/// Downloads the log with the page's button; its text.
fn download(s: &Session, downloads: &Path) -> String {
    s.find("#download").click();
    let start = Instant::now();
    loop {
        let done: Vec<PathBuf> = std::fs::read_dir(downloads)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "log"))
            .collect();
        if let [file] = done.as_slice() {
            return std::fs::read_to_string(file).unwrap();
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no log was downloaded to {}",
            downloads.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn verify(log: &Path) -> String {
    let o = hunters(&["verify", log.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stdout(&o));
    stdout(&o)
}

/// The text of an element.
fn text(s: &Session, css: &str) -> String {
    s.find(css).text()
}

/// The page logged no error but the illegal attempt's answer (422), which it shows.
fn assert_no_errors(s: &Session) {
    let errors: Vec<String> = s
        .logs_of_errors()
        .into_iter()
        .filter(|e| !e.contains("status of 422"))
        .collect();
    assert!(errors.is_empty(), "the page logged errors: {errors:?}");
}

#[test]
fn a_whole_2020_game_is_played_against_greedy_by_clicking() {
    let Some(driver) = webdriver::driver() else {
        return;
    };
    let (server, d, downloads) = table("play");
    let s = driver.session(&downloads, 1280, 900);
    s.goto(&format!("http://{}/", server.addr));
    assert_eq!(
        s.script("return [innerWidth, innerHeight];", vec![]),
        json!([1280, 900])
    );
    // The default game: 2020, a person against greedy.
    let seed = s.find("#seed");
    seed.clear();
    seed.send_keys("11");
    s.find("#start").click();
    settle(&s, 0, &["person"]);
    s.find("#speed option[value='0']").click();

    // An illegal attempt: a square the tile does not fit, answered with the terminal's
    // reason (the API's, which the terminal shares).
    let (_, shown) = waits(&s);
    let empty = s.find("rect.empty");
    let square = empty.attr("data-square").unwrap();
    empty.click();
    s.wait_until("the reason for the illegal attempt", 20, |s| {
        !text(s, "#error").is_empty()
    });
    let reason = text(&s, "#error");
    let id = id_of(&s);
    let (_, now) = server.json("GET", &format!("/api/games/{id}"), "");
    let (status, api) = server.json(
        "POST",
        &format!("/api/games/{id}/move"),
        &entry(&now, &format!("{square} r0")),
    );
    assert_eq!(status, 422);
    // The reason for the tile as the page shows it (not turned yet), and that no turn fits.
    let tile = now["turn"]["tile"].as_str().unwrap();
    assert_eq!(
        reason,
        format!(
            "Tile {tile} fits at {square} in no turn. Turned 0°, as shown: {}",
            api["error"].as_str().unwrap()
        )
    );
    assert_eq!(waits(&s).1, shown, "a refused move changes nothing");

    // The wheel zooms about the pointer; *Fit* shows the whole board again.
    let (fit, _) = board_view(&s);
    s.wheel(&s.find("#board"), -400);
    let (wheeled, _) = board_view(&s);
    assert!(wheeled > fit, "the wheel zoomed from {fit} to {wheeled}");
    s.find("#zoom-fit").click();
    assert_eq!(board_view(&s).0, fit);

    // One move, the bot's answer, then undo: back to the same tile on the same board.
    let tiles = s.find_all("#board-svg g.tile").len();
    let prompt = text(&s, "#prompt");
    let listed = s.find_all("#events > li").len();
    let (_, shown) = waits(&s);
    nearest_spot(&s).click();
    // A place for a piece chosen: outlined, the pieces that may stand there listed.
    if let Some(place) = s.find_all("#board-svg g.target").first() {
        place.click();
    }
    shot(&s, &d, "serve-turn.png");
    s.find("#choices button.no-piece").click();
    let shown = {
        settle(&s, shown, &["person"]);
        waits(&s).1
    };
    assert!(s.find_all("#board-svg g.tile").len() >= tiles + 2);
    shot(&s, &d, "serve-bot-move.png");
    assert!(
        text(&s, "#events").contains("greedy"),
        "{}",
        text(&s, "#events")
    );
    s.find("#undo").click();
    settle(&s, shown, &["person"]);
    assert_eq!(s.find_all("#board-svg g.tile").len(), tiles);
    assert_eq!(text(&s, "#prompt"), prompt);
    // The moves taken back leave the list of moves too.
    assert_eq!(s.find_all("#events > li").len(), listed);

    // The rest of the game, every move by clicking: a piece every other move.
    let mut moves = 0;
    let mut most = 0;
    loop {
        let (w, shown) = waits(&s);
        if w == "over" {
            break;
        }
        assert_eq!(w, "person");
        most = most.max(lay(&s, &server, moves % 2 == 0));
        settle(&s, shown, &["person", "over"]);
        let error = text(&s, "#error");
        assert!(error.is_empty(), "move {moves}: {error}");
        moves += 1;
        assert!(moves < 200, "the game does not end");
    }
    assert!(moves > 20, "only {moves} moves");
    assert!(most >= 4, "at most {most} places for a piece on one tile");
    let (status, state) = server.json("GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200);
    assert_eq!(state["over"], true);
    // The final scoring, feature by feature, and the winner, as the server tells them.
    let lines = s.find_all("#final li");
    assert_eq!(
        lines.len(),
        state["final_scoring"].as_array().unwrap().len().max(1)
    );
    assert!(text(&s, "#winners").starts_with("Winner") || text(&s, "#winners").contains("tie"));
    let scores = text(&s, "#scores");
    for p in state["players"].as_array().unwrap() {
        assert!(
            scores.contains(&p["points"]["total"].to_string()),
            "{scores}"
        );
    }
    s.script("document.querySelector('#end').scrollIntoView();", vec![]);
    shot(&s, &d, "serve-final.png");

    // Every letter on a tile names what it is in a tooltip and stands in the key; so does
    // every disc and piece.
    s.find("#key summary").click();
    let marks = s.script(
        "return Array.prototype.map.call(document.querySelectorAll('#board-svg g.tile text'),
           function (t) {
             var title = t.parentNode.querySelector(':scope > title');
             return [t.textContent, title ? title.textContent : ''];
           });",
        vec![],
    );
    let key: Vec<String> = s.find_all("#key .mark").iter().map(|m| m.text()).collect();
    let key_text = text(&s, "#key");
    let marks = marks.as_array().unwrap();
    assert!(marks.len() > 30, "{} marks on the board", marks.len());
    for mark in marks {
        let (shown, title) = (mark[0].as_str().unwrap(), mark[1].as_str().unwrap());
        assert!(!title.is_empty(), "{shown:?} has no tooltip");
        for token in shown.split_whitespace() {
            let token = token.trim_start_matches(|c: char| c.is_ascii_digit());
            assert!(
                key.iter().any(|k| k == token) || key_text.contains(title),
                "{token:?} ({title}) is not in the key: {key:?}"
            );
        }
    }
    let untitled = s.script(
        "return document.querySelectorAll('#board-svg g.piece:not(:has(> title))').length;",
        vec![],
    );
    assert_eq!(untitled, json!(0), "pieces without a tooltip");

    // The log, downloaded, is the server's and verifies.
    let log = download(&s, &downloads);
    let (_, served) = server.call("GET", &format!("/api/games/{id}/log"), "");
    assert_eq!(log, served);
    let file = d.join("game.log");
    std::fs::write(&file, &log).unwrap();
    assert!(verify(&file).contains("OK"), "{}", verify(&file));
    assert!(log.contains("[Players \"human, greedy\"]"), "{log}");

    // The log uploaded (its content, from a file the person picks) goes on as a game: this
    // one, over, under a new id.
    let (_, shown) = waits(&s);
    s.find("#upload").send_keys(file.to_str().unwrap());
    settle(&s, shown, &["over"]);
    assert_ne!(id_of(&s), id);
    let (_, resumed) = server.json("GET", &format!("/api/games/{}", id_of(&s)), "");
    assert_eq!(resumed["players"], state["players"]);
    assert_eq!(resumed["board"], state["board"]);
    assert_eq!(text(&s, "#scores"), scores);
    assert_no_errors(&s);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_whole_2014_game_at_a_real_table_is_recorded_by_clicking() {
    let Some(driver) = webdriver::driver() else {
        return;
    };
    let (server, d, downloads) = table("record");
    let s = driver.session(&downloads, 1280, 900);
    s.goto(&format!("http://{}/", server.addr));
    s.find("input[name=mode][value=record]").click();
    let variant = s.find("#variant");
    variant.clear();
    variant.send_keys("2014");
    s.find("#start").click();
    settle(&s, 0, &["draw"]);

    // The box filters: a forest side, then deer, each narrowing the tiles shown.
    let all = s.find_all("#gallery button").len();
    s.find("#side-filter .side[data-side='0']").click();
    let forest = s.find_all("#gallery button").len();
    assert!(0 < forest && forest < all, "{forest} of {all}");
    s.find("#content-filter button[data-word='deer']").click();
    let deer = s.find_all("#gallery button").len();
    assert!(0 < deer && deer < forest, "{deer} of {forest}");
    for tile in s.find_all("#gallery button").iter().take(3) {
        let id = tile.attr("data-tile").unwrap();
        let (_, state) = server.json("GET", &format!("/api/records/{}", id_of(&s)), "");
        let described = state["box"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == id.as_str())
            .unwrap()
            .clone();
        assert!(
            described["contents"]
                .as_array()
                .unwrap()
                .contains(&json!("deer"))
        );
        assert!(described["sides"].as_str().unwrap().contains('F'));
    }
    shot(&s, &d, "serve-box.png");
    s.find("#clear-filter").click();
    assert_eq!(s.find_all("#gallery button").len(), all);

    // A draw, found with a filter, taken back: the draw is looked for afresh, every tile in
    // the box shown.
    s.find("#side-filter .side[data-side='0']").click();
    let (_, shown) = waits(&s);
    s.find("#gallery button").click();
    let shown = {
        settle(&s, shown, &["move"]);
        waits(&s).1
    };
    s.find("#undo").click();
    settle(&s, shown, &["draw"]);
    assert!(s.find_all("#side-filter .side[data-want='F']").is_empty());
    assert_eq!(s.find_all("#gallery button").len(), all);

    // Then the whole game: each tile picked from the box, laid by clicking; an illegal
    // attempt on the way.
    let mut entries = 0;
    let mut tried = false;
    loop {
        let (w, shown) = waits(&s);
        match w.as_str() {
            "over" => break,
            "draw" => s.find("#gallery button").click(),
            "move" if !tried => {
                tried = true;
                s.find("rect.empty").click();
                s.wait_until("the reason for the illegal attempt", 20, |s| {
                    !text(s, "#error").is_empty()
                });
                assert!(text(&s, "#error").contains("the tile cannot go there"));
                continue;
            }
            "move" => {
                lay(&s, &server, entries % 4 == 1);
            }
            other => panic!("a 2014 recording waits for {other}"),
        }
        settle(&s, shown, &["draw", "move", "over"]);
        let error = text(&s, "#error");
        assert!(error.is_empty(), "entry {entries}: {error}");
        entries += 1;
        assert!(entries < 400, "the recording does not end");
    }
    assert!(entries > 100, "only {entries} entries");
    assert!(!s.find_all("#final li").is_empty());

    // The log: what `hunters record` writes for the same game, and it verifies.
    let log = download(&s, &downloads);
    let file = d.join("recorded.log");
    std::fs::write(&file, &log).unwrap();
    assert!(verify(&file).contains("OK"), "{}", verify(&file));
    assert!(!log.contains("[Seed "), "a game at a table has no seed");
    let again = d.join("again.log");
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_hunters"));
    c.args(["record", "--log", again.to_str().unwrap()]);
    let o = feed(c, &log);
    assert!(o.status.success(), "{}", crate::run::stderr(&o));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), log);
    assert_no_errors(&s);
    std::fs::remove_dir_all(&d).unwrap();
}

/// The page itself: one document with everything inline, nothing fetched from elsewhere.
#[test]
fn the_page_is_self_contained() {
    let server = Served::start();
    let (status, page) = server.call("GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.starts_with("<!DOCTYPE html>"));
    for outside in ["http://", "https://", "src=", "@import", "url("] {
        let hits: Vec<&str> = page
            .lines()
            .filter(|l| l.contains(outside) && !l.contains("http://www.w3.org/2000/svg"))
            .collect();
        assert!(hits.is_empty(), "{outside}: {hits:?}");
    }
}

/// Plays game `id` through the API until a person's turn offers what `wanted` looks for: the
/// person lays a piece when the move allows one, the bots move when asked. The state then.
fn play_until(
    server: &Served,
    id: &str,
    wanted: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    loop {
        let (_, state) = server.json("GET", &format!("/api/games/{id}"), "");
        assert_ne!(state["over"], true, "the game ended before the choice came");
        if state["turn"]["person"] != true {
            server.json("POST", &format!("/api/games/{id}/bot"), &at(&state));
            continue;
        }
        let offers = state["view"]["offers"].as_array().unwrap();
        if offers.iter().any(&wanted) {
            return state;
        }
        let n = offers
            .iter()
            .find(|o| !o["piece"].is_null())
            .unwrap_or(&offers[0])["n"]
            .to_string();
        let (status, body) =
            server.json("POST", &format!("/api/games/{id}/move"), &entry(&state, &n));
        assert_eq!(status, 200, "{body}");
    }
}

/// The choices the rules offer besides where the tile goes: the 2020 shaman's recall, by
/// clicking the meeple on the board; the Scout's special tile instead of a draw.
#[test]
fn the_shaman_and_the_scout_are_chosen_by_clicking() {
    let Some(driver) = webdriver::driver() else {
        return;
    };
    let d = dir("choices");
    let server = Served::start();
    let s = driver.session(&d, 1400, 900);

    let new = json!({ "variant": "2020", "seats": ["person", "greedy"], "seed": "4" });
    let (_, state) = server.json("POST", "/api/games", &new.to_string());
    let id = state["id"].as_str().unwrap().to_string();
    play_until(&server, &id, |o| !o["recall"].is_null());
    s.goto(&format!("http://{}/#games/{id}", server.addr));
    settle(&s, 0, &["person"]);
    s.find("#speed option[value='step']").click();
    let recallable = s.find_all("#board-svg .recallable");
    assert!(!recallable.is_empty(), "no meeple to take back is marked");
    recallable[0].click();
    let chosen = text(&s, "#recalls button[aria-pressed='true']");
    assert!(chosen.starts_with("Shaman: take back the "), "{chosen}");
    let (_, shown) = waits(&s);
    nearest_spot(&s).click();
    s.find("#choices button.no-piece").click();
    settle(&s, shown, &["bot", "person", "over"]);
    let laid = text(&s, "#events li");
    // "Shaman: take back the hunter at 0,-1:N": the move names that meeple.
    let words: Vec<&str> = chosen.split(' ').collect();
    let (piece, at) = (words[4], words[6]);
    assert!(laid.contains(&format!("shaman {piece} {at}")), "{laid}");
    let (_, log) = server.call("GET", &format!("/api/games/{id}/log"), "");
    let place = log.lines().rfind(|l| l.starts_with("place 1 ")).unwrap();
    assert!(place.contains(" shaman ") && place.contains(at), "{place}");

    // The Scout: the special tile is laid instead of drawing.
    let new = json!({ "variant": "2002-scout", "seats": ["person", "greedy"], "seed": "3" });
    let (_, state) = server.json("POST", "/api/games", &new.to_string());
    let id = state["id"].as_str().unwrap().to_string();
    let (_, shown) = waits(&s);
    s.goto(&format!("http://{}/#games/{id}", server.addr));
    settle(&s, shown, &["person"]);
    let special = s.find("#tiles-held button");
    let tile = special.attr("data-tile").unwrap();
    assert!(
        special.text().starts_with(&format!("Lay {tile} (")),
        "{}",
        special.text()
    );
    special.click();
    assert!(
        s.find("#choices button.draw").displayed(),
        "the draw is offered too"
    );
    let (_, shown) = waits(&s);
    nearest_spot(&s).click();
    // The special tile's piece goes on its spot: the choice is where.
    s.find("#choices button[data-n]").click();
    settle(&s, shown, &["bot", "person"]);
    let (_, log) = server.call("GET", &format!("/api/games/{id}/log"), "");
    assert!(
        log.lines()
            .any(|l| l.starts_with(&format!("place 1 {tile} "))),
        "{log}"
    );
    assert_no_errors(&s);
    std::fs::remove_dir_all(&d).unwrap();
}

/// The version of the game the page shows.
fn version(s: &Session) -> u64 {
    let v = s.script("return +(document.body.dataset.version || -1);", vec![]);
    v.as_u64()
        .unwrap_or_else(|| panic!("no version shown: {v}"))
}

/// The moves a game's log holds so far.
fn placed(server: &Served, id: &str) -> Vec<String> {
    let (status, log) = server.call("GET", &format!("/api/games/{id}/log"), "");
    assert_eq!(status, 200, "{log}");
    log.lines()
        .filter(|l| l.starts_with("place "))
        .map(String::from)
        .collect()
}

/// One game open in two tabs, passed and played: a move in the second, then a click in the
/// first, which still shows the game before it. The click is refused (409), nothing is played
/// for it, and the first tab shows the game as it now is, saying why; from then on it follows
/// the second tab's moves by itself.
#[test]
fn a_click_in_a_tab_left_behind_plays_nothing() {
    let Some(driver) = webdriver::driver() else {
        return;
    };
    let d = dir("tabs");
    let server = Served::start();
    let new = json!({ "variant": "2020", "seats": ["person", "person"], "seed": "21" });
    let (_, state) = server.json("POST", "/api/games", &new.to_string());
    let id = state["id"].as_str().unwrap().to_string();
    let url = format!("http://{}/#games/{id}", server.addr);
    // Two browsers, each showing the game: neither takes focus from the other as a second
    // tab of one browser would, so the first one's view stays as it was until it is clicked.
    let one = driver.session(&d, 1200, 900);
    one.goto(&url);
    settle(&one, 0, &["person"]);
    let two = driver.session(&d, 1200, 900);
    two.goto(&url);
    settle(&two, 0, &["person"]);
    // The first tab has not asked yet whether the game moved on (it asks every two seconds,
    // and a browser slows the timers of a tab out of view): its timers are stopped.
    one.script(
        "var last = setTimeout(function () {}, 0); \
         for (var i = 0; i <= last; i++) clearTimeout(i);",
        vec![],
    );

    let (_, shown) = waits(&two);
    nearest_spot(&two).click();
    two.find("#choices button.no-piece").click();
    settle(&two, shown, &["person"]);
    let after_two = placed(&server, &id);
    assert_eq!(after_two.len(), 1, "{after_two:?}");
    let (_, now) = server.json("GET", &format!("/api/games/{id}"), "");
    assert_ne!(version(&one), now["version"].as_u64().unwrap());

    // The first tab lays the tile it shows on the square it shows: the square the second tab
    // has just covered.
    let (_, shown) = waits(&one);
    nearest_spot(&one).click();
    one.find("#choices button.no-piece").click();
    settle(&one, shown, &["person"]);
    assert_eq!(
        placed(&server, &id),
        after_two,
        "the click in the tab left behind played a move"
    );
    let refused: Vec<String> = one
        .logs_of_errors()
        .into_iter()
        .filter(|e| e.contains("status of 409"))
        .collect();
    assert_eq!(
        refused.len(),
        1,
        "the move was not refused once: {refused:?}"
    );
    assert_eq!(
        text(&one, "#note"),
        "This game moved on in another tab; here it is now."
    );
    assert_eq!(version(&one), now["version"].as_u64().unwrap());
    assert_eq!(
        one.find_all("#board-svg g.tile").len(),
        two.find_all("#board-svg g.tile").len()
    );
    assert_eq!(text(&one, "#prompt"), text(&two, "#prompt"));
    assert!(text(&one, "#error").is_empty(), "{}", text(&one, "#error"));

    // The first tab, asking again, follows the second without a click.
    let (_, shown) = waits(&two);
    lay(&two, &server, true);
    settle(&two, shown, &["person"]);
    let (_, now) = server.json("GET", &format!("/api/games/{id}"), "");
    let latest = now["version"].as_u64().unwrap();
    one.wait_until("the first tab to show the second tab's move", 20, |s| {
        version(s) == latest
    });
    assert_eq!(
        one.find_all("#board-svg g.tile").len(),
        two.find_all("#board-svg g.tile").len()
    );
    assert_eq!(placed(&server, &id).len(), 2, "{:?}", placed(&server, &id));
    assert_no_errors(&one);
    assert_no_errors(&two);
    std::fs::remove_dir_all(&d).unwrap();
}

/// The marked squares wholly in the board's window, nearest the start tile first: the ones a
/// person sees and can touch.
fn spots_in_view(s: &Session) -> Vec<String> {
    let found = s.script(
        "var w = document.querySelector('#board').getBoundingClientRect();
         var squares = Array.prototype.filter.call(document.querySelectorAll('rect.spot'), function (r) {
           var b = r.getBoundingClientRect();
           return b.width > 0 && b.left >= w.left && b.right <= w.right && b.top >= w.top && b.bottom <= w.bottom;
         }).map(function (r) { return r.getAttribute('data-square'); });
         return squares;",
        vec![],
    );
    let mut squares: Vec<String> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    squares.sort_by_key(|at| {
        let (x, y) = at.split_once(',').unwrap();
        x.parse::<i32>().unwrap().abs() + y.parse::<i32>().unwrap().abs()
    });
    squares
}

/// The board's scale, in pixels per unit of its picture, and its viewBox.
fn board_view(s: &Session) -> (f64, String) {
    let v = s.script(
        "return [+document.querySelector('#board').dataset.scale, \
                 document.querySelector('#board-svg').getAttribute('viewBox')];",
        vec![],
    );
    (v[0].as_f64().unwrap(), v[1].as_str().unwrap().to_string())
}

/// Where the parts of the page lie: the window's width, the board's left, width, height and
/// bottom, the panel's top, the score table's right edge, the page's scrolling width.
fn layout(s: &Session) -> Vec<f64> {
    let v = s.script(
        "var r = function (c) { return document.querySelector(c).getBoundingClientRect(); };
         var b = r('#board'), a = r('aside'), t = r('#scores');
         return [innerWidth, b.left, b.width, b.height, b.bottom, a.top, t.right,
                 document.documentElement.scrollWidth];",
        vec![],
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

/// A phone: at 390×844 the board takes the width of the screen and the panel goes below it,
/// the score table within the screen; a whole 2020 game is played against greedy by clicking,
/// and every click lands on an element a person can touch (WebDriver refuses a click on an
/// element another covers). On the way the board is zoomed by its buttons and two fingers,
/// and moved by a drag that starts on a marked square and lays nothing; a square out of the
/// board's window is brought back by *Fit*. At the end, zoomed in, a tile and its
/// letters are large enough to read.
#[test]
fn a_whole_2020_game_is_played_on_a_phone() {
    let Some(driver) = webdriver::driver() else {
        return;
    };
    let (server, d, downloads) = table("phone");
    let s = driver.session(&downloads, 390, 844);
    s.goto(&format!("http://{}/", server.addr));
    let seed = s.find("#seed");
    seed.clear();
    seed.send_keys("5");
    s.find("#start").click();
    settle(&s, 0, &["person"]);
    s.find("#speed option[value='0']").click();

    let [
        width,
        left,
        board_width,
        board_height,
        board_bottom,
        panel_top,
        scores_right,
        page_width,
    ] = layout(&s)[..]
    else {
        panic!("a layout of eight numbers")
    };
    assert_eq!(width, 390.0);
    assert!(
        left <= 1.0 && board_width >= width - 2.0,
        "the board is {board_width} px wide from {left}"
    );
    assert!(board_height >= 400.0, "the board is {board_height} px high");
    assert!(
        panel_top >= board_bottom - 1.0,
        "the panel ({panel_top}) is not below the board ({board_bottom})"
    );
    assert!(scores_right <= width, "the scores reach {scores_right} px");
    assert!(page_width <= width, "the page is {page_width} px wide");

    let mut moves = 0;
    let mut refits = 0;
    let mut most = 0;
    loop {
        let (w, shown) = waits(&s);
        if w == "over" {
            break;
        }
        assert_eq!(w, "person");
        match moves {
            3 => {
                // The buttons zoom in; a drag that starts on a marked square moves the
                // board and lays nothing.
                let (fit, _) = board_view(&s);
                s.find("#zoom-in").click();
                s.find("#zoom-in").click();
                let (zoomed, before) = board_view(&s);
                assert!(zoomed > fit * 2.0, "zoomed from {fit} to {zoomed}");
                let area = s.find("#board");
                let on = match spots_in_view(&s).first() {
                    Some(sq) => s.find(&format!("rect.spot[data-square='{sq}']")),
                    None => area.clone(),
                };
                let seen = version(&s);
                s.drag(&on, -60, -40);
                let (_, after) = board_view(&s);
                assert_ne!(after, before, "the drag did not move the board");
                assert!(
                    s.find_all("rect.chosen").is_empty(),
                    "the drag chose a square"
                );
                assert_eq!(version(&s), seen, "the drag played a move");
                // Zoomed in all the way and moved to the board's corner, no marked square is
                // in view: *Fit* brings them back.
                while s.find("#zoom-in").attr("disabled").is_none() {
                    s.find("#zoom-in").click();
                }
                for _ in 0..6 {
                    s.drag(&area, -150, -200);
                }
                assert!(spots_in_view(&s).is_empty(), "{:?}", spots_in_view(&s));
            }
            7 => {
                // Two fingers spread zoom in; pinched, out to the whole board, which then
                // fits again.
                let area = s.find("#board");
                let (fit, _) = board_view(&s);
                let seen = version(&s);
                s.pinch(&area, 60, 180);
                let (pinched, _) = board_view(&s);
                assert!(
                    pinched > fit * 1.5,
                    "the pinch zoomed from {fit} to {pinched}"
                );
                s.pinch(&area, 200, 40);
                s.pinch(&area, 200, 40);
                let (out, _) = board_view(&s);
                assert!(
                    out < pinched,
                    "the pinch zoomed out from {pinched} to {out}"
                );
                assert_eq!(version(&s), seen, "the pinch played a move");
                assert!(
                    s.find_all("rect.chosen").is_empty(),
                    "the pinch chose a square"
                );
            }
            _ => {}
        }
        let square = match spots_in_view(&s).first() {
            Some(sq) => sq.clone(),
            None => {
                refits += 1;
                s.find("#zoom-fit").click();
                spots_in_view(&s)
                    .first()
                    .cloned()
                    .expect("every marked square is in view once the board fits")
            }
        };
        s.find(&format!("rect.spot[data-square='{square}']"))
            .click();
        if moves == 10 {
            s.script("window.scrollTo(0, 0);", vec![]);
            shot(&s, &d, "serve-phone.png");
        }
        let turn = s.find("#turn");
        if turn.attr("disabled").is_none() {
            turn.click();
        }
        most = most.max(assert_targets(&s, &server));
        choose_piece(&s, moves % 2 == 0);
        settle(&s, shown, &["person", "over"]);
        let error = text(&s, "#error");
        assert!(error.is_empty(), "move {moves}: {error}");
        moves += 1;
        assert!(moves < 200, "the game does not end");
    }
    assert!(moves > 20, "only {moves} moves");
    assert!(
        refits > 0,
        "no square was ever out of view: the zoom was not tried"
    );
    assert!(most >= 4, "at most {most} places for a piece on one tile");
    let id = id_of(&s);
    let (_, state) = server.json("GET", &format!("/api/games/{id}"), "");
    assert_eq!(state["over"], true);
    assert!(text(&s, "#winners").starts_with("Winner") || text(&s, "#winners").contains("tie"));
    let layout = layout(&s);
    assert!(layout[6] <= layout[0], "the scores reach {} px", layout[6]);

    // The end, zoomed in as far as it goes: the tiles are a quarter of a screen wide and their
    // letters larger than the page's own.
    s.find("#zoom-fit").click();
    while s.find("#zoom-in").attr("disabled").is_none() {
        s.find("#zoom-in").click();
    }
    let sizes = s.script(
        "var t = document.querySelector('#board-svg g.tile').getBoundingClientRect();
         var l = document.querySelector('#board-svg g.tile text');
         return [t.width, l ? l.getBoundingClientRect().height : 99];",
        vec![],
    );
    let (tile, letters) = (sizes[0].as_f64().unwrap(), sizes[1].as_f64().unwrap());
    assert!(tile >= 200.0, "a tile zoomed in is {tile} px wide");
    assert!(
        letters >= 16.0,
        "a tile's letters zoomed in are {letters} px high"
    );
    assert_no_errors(&s);
    std::fs::remove_dir_all(&d).unwrap();
}

/// What one game leaves behind does not reach the next, and what a game is survives a
/// reload: an upload's error goes once a game starts; pass and play takes the last move back
/// by clicking *Undo*; a reload shows the list of moves; a square refused is explained for
/// the turn shown; bots that move when clicked say so, and the next game's bots move by
/// themselves again; the Scout's deal shows each special tile by name and picture.
#[test]
fn undo_reload_and_the_next_game_by_clicking() {
    let Some(driver) = webdriver::driver() else {
        return;
    };
    let (server, d, downloads) = table("next");
    let s = driver.session(&downloads, 1280, 900);
    s.goto(&format!("http://{}/", server.addr));

    // A log that is none: its error shows, then goes with the game that starts.
    let bad = d.join("bad.log");
    std::fs::write(&bad, "[Seed \"1\"]\nnot a log\n").unwrap();
    s.find("#upload").send_keys(bad.to_str().unwrap());
    s.wait_until("the upload's error", 20, |s| {
        !text(s, "#setup-error").is_empty()
    });
    let seats = s.find_all("#seats input");
    seats[1].clear();
    seats[1].send_keys("human");
    let seed = s.find("#seed");
    seed.clear();
    seed.send_keys("9");
    s.find("#start").click();
    settle(&s, 0, &["person"]);
    assert_eq!(
        s.script(
            "return document.querySelector('#setup-error').textContent;",
            vec![]
        ),
        json!("")
    );

    // Pass and play: the first person's move, taken back from the next person's turn.
    let (_, shown) = waits(&s);
    lay(&s, &server, false);
    let shown = {
        settle(&s, shown, &["person"]);
        waits(&s).1
    };
    assert!(text(&s, "#prompt").starts_with("player 2 (human)"));
    assert_eq!(s.find_all("#events > li").len(), 1);
    s.find("#undo").click();
    settle(&s, shown, &["person"]);
    assert!(text(&s, "#prompt").starts_with("player 1 (human)"));
    assert!(s.find_all("#events > li").is_empty());
    assert!(s.find("#undo").attr("disabled").is_some());

    // A square refused, with the tile turned on another square: the reason is the turn's.
    let mut turned = false;
    for spot in s.find_all("rect.spot") {
        spot.click();
        if s.find("#turn").attr("disabled").is_none() {
            s.find("#turn").click();
            turned = true;
            break;
        }
    }
    let rotation = s.find("#hand-tile").attr("data-rotation").unwrap();
    let empty = s.find("rect.empty");
    let square = empty.attr("data-square").unwrap();
    empty.click();
    s.wait_until("the reason for the square", 20, |s| {
        !text(s, "#error").is_empty()
    });
    let (_, now) = server.json("GET", &format!("/api/games/{}", id_of(&s)), "");
    let (_, api) = server.json(
        "POST",
        &format!("/api/games/{}/move", id_of(&s)),
        &entry(&now, &format!("{square} r{rotation}")),
    );
    let reason = text(&s, "#error");
    assert!(
        reason.contains(&format!("in no turn. Turned {rotation}°, as shown: "))
            && reason.ends_with(api["error"].as_str().unwrap()),
        "{reason}"
    );
    assert!(turned || rotation == "0");
    s.script(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}));",
        vec![],
    );

    // Two moves, then a reload: the list of moves is read again.
    for _ in 0..2 {
        let (_, shown) = waits(&s);
        lay(&s, &server, true);
        settle(&s, shown, &["person"]);
    }
    let listed = text(&s, "#events");
    s.refresh();
    settle(&s, 0, &["person"]);
    s.wait_until("the list of moves after a reload", 20, |s| {
        s.find_all("#events > li").len() == 2
    });
    assert_eq!(text(&s, "#events"), listed);

    // Bots that move when clicked: the page says it waits for the click. The next game's
    // bots move by themselves.
    s.find("#new-game").click();
    let seats = s.find_all("#seats input");
    seats[1].clear();
    seats[1].send_keys("greedy");
    let (_, shown) = waits(&s);
    s.find("#start").click();
    settle(&s, shown, &["person"]);
    s.find("#speed option[value='step']").click();
    let (_, shown) = waits(&s);
    lay(&s, &server, false);
    let shown = {
        settle(&s, shown, &["bot"]);
        waits(&s).1
    };
    assert_eq!(
        text(&s, "#prompt"),
        "player 2 (greedy) moves when you click “Next bot move”."
    );
    s.find("#bot-step").click();
    settle(&s, shown, &["person"]);
    s.find("#new-game").click();
    let (_, shown) = waits(&s);
    s.find("#start").click();
    settle(&s, shown, &["person"]);
    assert_eq!(s.find("#speed").prop("value"), json!("600"));

    // The Scout's deal, recorded: each special tile by its name and picture.
    s.find("#new-game").click();
    s.find("input[name=mode][value=record]").click();
    let variant = s.find("#variant");
    variant.clear();
    variant.send_keys("2002-scout");
    let (_, shown) = waits(&s);
    s.find("#start").click();
    settle(&s, shown, &["deal"]);
    let deal = text(&s, "#deal");
    assert!(deal.contains("S2 Hunter on the Bridge"), "{deal}");
    assert_eq!(s.find_all("#deal button.special svg").len(), 4);
    // The errors logged are the answers to the log that was none (400) and to the square
    // refused (422), which the page showed.
    let errors: Vec<String> = s
        .logs_of_errors()
        .into_iter()
        .filter(|e| !e.contains("status of 422") && !e.contains("status of 400"))
        .collect();
    assert!(errors.is_empty(), "the page logged errors: {errors:?}");
    std::fs::remove_dir_all(&d).unwrap();
}
