//! `render --html`: a game as one self-contained page to step through — checked as text (every
//! move, every score with its breakdown, the result) and in headless Chromium: the address and
//! the keys choose the move, the board and the panel show that move, no script error, and the
//! screenshot is a picture.
//!
//! Without a Chromium on the machine the browser half fails, saying what to install, unless
//! `HUNTERS_SKIP_BROWSER=1` asks to skip it.

use crate::run;

use std::path::{Path, PathBuf};
use std::process::Command;

use hunters::{log, replay};
use run::{HEADLESS, assert_drawn, browser, hunters, stderr};

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("golden")
        .join(name)
}

fn temp_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hunters-viewer-{what}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the page of `log` (opening after `turn` moves when given) and reads it back.
fn page(log: &Path, out: &Path, turn: Option<usize>) -> String {
    let mut args = vec![
        "render".to_string(),
        "--html".into(),
        out.display().to_string(),
        log.display().to_string(),
    ];
    if let Some(n) = turn {
        args.extend(["--turn".into(), n.to_string()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = hunters(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::read_to_string(out).unwrap()
}

/// The text of the step section for move `k`, from its opening tag to its end.
fn step(page: &str, k: usize) -> &str {
    let start = page
        .find(&format!(r#"<section class="step" data-step="{k}""#))
        .unwrap_or_else(|| panic!("no step {k}"));
    let end = start + page[start..].find("</section>").unwrap();
    &page[start..end]
}

/// The points of each player after a step, from its `data-scores` (points by category).
fn totals(section: &str) -> Vec<u32> {
    let start = section.find(r#"data-scores="[["#).unwrap() + r#"data-scores="[["#.len();
    let end = start + section[start..].find("]]").unwrap();
    section[start..end]
        .split("],[")
        .map(|p| p.split(',').map(|v| v.parse::<u32>().unwrap()).sum())
        .collect()
}

/// The moves of a log as its lines write them, without the check that follows ` = `.
fn move_texts(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("place ") || l.starts_with("refuse "))
        .map(|l| l.split(" = ").next().unwrap().to_string())
        .collect()
}

#[test]
fn the_page_is_self_contained_and_holds_every_move() {
    let dir = temp_dir("text");
    for name in [
        "2020-s1-greedy-random.log",
        "2002-scout-s1-greedy-random.log",
    ] {
        let path = golden(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let html = page(&path, &dir.join("game.html"), None);
        assert!(html.starts_with("<!DOCTYPE html>"));
        // Nothing from elsewhere: one inline script, no linked file, no address at all.
        assert_eq!(html.matches("<script").count(), 1, "{name}");
        assert!(html.contains("<script>"), "{name}: the script is inline");
        for outside in ["<link", "src=", "url(", "@import", "http"] {
            assert!(!html.contains(outside), "{name}: {outside}");
        }

        // A step for the start and one for every move, each with the move as the log writes
        // it (a Scout refusal is a move too).
        let moves = move_texts(&text);
        let parsed = log::load(&path).unwrap();
        assert_eq!(moves.len(), parsed.moves());
        assert_eq!(
            html.matches(r#"<section class="step""#).count(),
            moves.len() + 1,
            "{name}"
        );
        for (i, mv) in moves.iter().enumerate() {
            assert!(step(&html, i + 1).contains(mv), "{name}: move {}", i + 1);
        }

        // The last step's points are the log's result; the page opens at the start, so as
        // not to give the end away.
        let result: Vec<u32> = parsed
            .tag("Result")
            .unwrap()
            .value
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(totals(step(&html, moves.len())), result, "{name}");
        assert!(html.contains(r#"data-open="0""#));
        assert!(step(&html, moves.len()).contains("hidden"));
        assert!(!step(&html, 0).contains("hidden"));
        // Each step carries the supplies, and at the end they are the game's.
        let game = replay::replay_to(&parsed, None, None).unwrap();
        let last = step(&html, moves.len());
        let supply: Vec<String> = (0..game.players())
            .map(|p| {
                let (m, h) = game.supply(p);
                format!("[{m},{h}]")
            })
            .collect();
        assert!(
            last.contains(&format!(r#"data-supply="[{}]""#, supply.join(","))),
            "{name}: {:.300}",
            last
        );

        // Every score of the log is shown with its breakdown.
        for line in text.lines().filter(|l| l.starts_with("score ")) {
            let breakdown = line.split(" = ").nth(1).unwrap();
            assert!(html.contains(breakdown), "{name}: {line}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_page_opens_at_the_turn_asked_for() {
    let dir = temp_dir("turn");
    let html = page(
        &golden("2020-s1-greedy-random.log"),
        &dir.join("game.html"),
        Some(10),
    );
    assert!(html.contains(r#"data-open="10""#));
    assert!(!step(&html, 10).contains("hidden"));
    assert!(step(&html, 11).contains("hidden"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game in progress (left early, say) has a page too: a step per move played so far, and
/// the draw of the move to come.
#[test]
fn a_game_in_progress_has_a_page_as_far_as_it_went() {
    let variant = hunters::Variant::load("2020").unwrap();
    let mut game = hunters::game::Game::seeded(&variant, 3, 5);
    let mut moves = Vec::new();
    for _ in 0..12 {
        moves.clear();
        game.legal_moves(&mut moves);
        game.play(moves[moves.len() / 2]).unwrap();
    }
    let names = ["a".to_string(), "b".into(), "c".into()];
    let html = hunters::viewer::html(&game, &names, "in progress", None);
    assert_eq!(html.matches(r#"<section class="step""#).count(), 13);
    assert!(html.contains(r#"data-open="0""#));
    let last = step(&html, 12);
    assert!(last.contains("draws tile"), "{last}");
    assert!(!last.contains("End of the game") && !last.contains("Winner"));
}

/// The page as the browser leaves it after loading `url`, once it has logged no script error.
fn dom(browser: &str, profile: &Path, url: &str) -> String {
    let o = Command::new(browser)
        .args(HEADLESS)
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--dump-dom", url])
        .output()
        .expect("the browser runs");
    let log = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        !log.contains("Uncaught") && !log.contains("CONSOLE"),
        "the browser logged script errors: {log}"
    );
    let dom = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        !dom.contains(r#"<p id="script-error""#),
        "the page caught a script error: {dom:.2000}"
    );
    dom
}

/// Checks that the browser's page shows the board and the panel after `k` of `n` moves of the
/// golden 2020 game (which has no Scout refusals: every move lays a tile).
fn assert_shows(dom: &str, k: usize, n: usize, moves: &[String]) {
    let visible_tiles = dom.matches(r#"<g class="tile" "#).count();
    assert_eq!(visible_tiles, k + 1, "the start tile and {k} laid");
    assert_eq!(
        visible_tiles + dom.matches(r#"<g class="tile off" "#).count(),
        n + 1
    );
    let parsed = log::load(&golden("2020-s1-greedy-random.log")).unwrap();
    let game = replay::replay_to(&parsed, None, Some(k)).unwrap();
    let standing = dom
        .split(r#"<g class="piece "#)
        .skip(1)
        .filter(|g| {
            let class = &g[..g.find('"').unwrap()];
            !class.contains("off") && !class.contains("left")
        })
        .count();
    assert_eq!(standing, game.pieces().len(), "pieces after {k} moves");
    let shown: Vec<&str> = dom
        .split(r#"<section class="step""#)
        .skip(1)
        .filter(|s| !s[..s.find('>').unwrap()].contains("hidden"))
        .collect();
    assert_eq!(shown.len(), 1, "one step shown");
    assert!(shown[0].starts_with(&format!(r#" data-step="{k}""#)));
    if k > 0 {
        assert!(
            shown[0].contains(&moves[k - 1]),
            "move {k}: {:.300}",
            shown[0]
        );
        assert!(dom.contains(&format!(">Move {k} of {n}<")));
        assert!(
            dom.contains(r#"<rect id="now" class=""#),
            "the laid tile is marked"
        );
    }
}

#[test]
fn the_page_steps_through_the_game_in_a_headless_browser() {
    let Some(browser) = browser("the viewer") else {
        return;
    };
    let dir = temp_dir("browser");
    let profile = dir.join("profile");
    let log_path = golden("2020-s1-greedy-random.log");
    let moves = move_texts(&std::fs::read_to_string(&log_path).unwrap());
    let n = moves.len();
    let at_ten = dir.join("ten.html");
    page(&log_path, &at_ten, Some(10));
    let whole = dir.join("game.html");
    let html = page(&log_path, &whole, None);

    // Where `--turn` opens it, and where the address says.
    let d = dom(browser, &profile, &format!("file://{}", at_ten.display()));
    assert_shows(&d, 10, n, &moves);
    let d = dom(
        browser,
        &profile,
        &format!("file://{}#turn=7", whole.display()),
    );
    assert_shows(&d, 7, n, &moves);
    // Without a move asked for, it opens at the start: no tile laid, no line drawn past the
    // start on the score track, every supply full.
    let d = dom(browser, &profile, &format!("file://{}", whole.display()));
    assert_shows(&d, 0, n, &moves);
    // The score track's segments hidden: (segments, hidden) over the two players.
    let track = |d: &str| {
        let segments: Vec<&str> = d
            .split(r#"<line data-k=""#)
            .skip(1)
            .map(|s| &s[..s.find('>').unwrap()])
            .collect();
        let hidden = segments
            .iter()
            .filter(|s| s.contains(r#"class="off""#))
            .count();
        (segments.len(), hidden)
    };
    assert_eq!(track(&d), (2 * n, 2 * n), "no line drawn at the start");
    assert!(
        d.contains(r#"<span class="supply">5 meeples · 3 huts</span>"#),
        "{d:.3000}"
    );
    let d = dom(
        browser,
        &profile,
        &format!("file://{}#turn=7", whole.display()),
    );
    assert_eq!(track(&d), (2 * n, 2 * (n - 7)), "the track up to move 7");
    let d = dom(
        browser,
        &profile,
        &format!("file://{}#turn={n}", whole.display()),
    );
    assert_shows(&d, n, n, &moves);
    assert!(d.contains("Winner"));
    assert_eq!(track(&d), (2 * n, 0), "the whole track at the end");

    // Keys and buttons: the copy of the page presses them once the page's script has run,
    // and notes where Home went on the way.
    let driven = dir.join("driven.html");
    let presses = r#"<script>
function press(key) { document.dispatchEvent(new KeyboardEvent('keydown', { key: key, bubbles: true })); }
press('Home');
document.body.dataset.home = document.querySelector('#at').textContent;
press('ArrowRight'); press('ArrowRight'); press('ArrowRight'); press('ArrowLeft');
document.body.dataset.keys = document.querySelector('#at').textContent;
press('End'); press('ArrowLeft');
document.querySelector('#prev').click();
</script>
</body>"#;
    std::fs::write(&driven, html.replace("</body>", presses)).unwrap();
    let d = dom(browser, &profile, &format!("file://{}", driven.display()));
    assert!(
        d.contains(&format!(r#"data-home="Start ({n} moves)""#)),
        "{d:.400}"
    );
    assert!(d.contains(r#"data-keys="Move 2 of "#));
    assert_shows(&d, n - 2, n, &moves);

    // A screenshot in the middle of the game, and it is not blank.
    let shot = dir.join("viewer.png");
    let o = Command::new(browser)
        .args(HEADLESS)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--window-size=1280,900")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}#turn={}", whole.display(), n / 2))
        .output()
        .expect("the browser runs");
    assert!(shot.exists(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_drawn(&shot);
    std::fs::remove_dir_all(&dir).unwrap();
}
