//! The page of the table: one self-contained document (its style and script inline, nothing
//! loaded from elsewhere) that speaks the JSON API of [`super::api`]. The server draws the
//! board and the tiles with the code that draws them for `render` and the viewer; the page
//! only places those pictures, marks where the drawn tile fits and where a piece may stand,
//! and sends the move the person clicked as a log writes it, with the version of the state
//! it was clicked in: a page out of date (another tab moved the game) is refused and shows the
//! game as it now is. While a game is shown and in view, the page asks every two seconds
//! whether it moved on.

use hunters::render::{BADGES, GROUNDS, PLAYER, PLAYER_COLOURS, SYMBOLS, piece_picture};
use hunters::tile::Piece;
use hunters::variant::BUILTIN;
use hunters::viewer::template::fill;

/// Bots the page suggests for a seat (any built-in bot may be typed).
const BOTS: [&str; 8] = [
    "greedy", "random", "mcts:100", "mcts:300", "mcts", "mcts-v1", "mcts-v2", "mcts-v3",
];

pub fn html() -> String {
    let options = |items: Vec<&str>| -> String {
        items
            .iter()
            .map(|v| format!(r#"<option value="{v}">"#))
            .collect()
    };
    let variants = options(BUILTIN.iter().map(|(n, _)| *n).collect());
    let bots = options(std::iter::once("human").chain(BOTS).collect());
    let colours: Vec<String> = PLAYER.iter().map(|c| format!("'{c}'")).collect();
    fill(
        PAGE,
        &[
            ("variants", variants.as_str()),
            ("bots", &bots),
            ("key", &key()),
            ("colours", &format!("[{}]", colours.join(","))),
            ("colour_names", &PLAYER_COLOURS.join(", ")),
            ("style", STYLE),
            ("script", &SCRIPT.concat()),
        ],
    )
}

/// The key to the board: every colour, letter, disc and piece a tile shows, with the marks
/// the page adds, each with a small picture and what it means. The letters come from the
/// list the pictures are drawn from, so that none is left out.
fn key() -> String {
    let sample = |shapes: String, meaning: &str| {
        format!(
            r#"<li title="{meaning}"><svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">{shapes}</svg> {meaning}</li>"#
        )
    };
    let mut items: Vec<String> = GROUNDS
        .iter()
        .map(|(fill, meaning)| {
            sample(
                format!(
                    r##"<rect x="2" y="4" width="20" height="16" fill="{fill}" stroke="#555"/>"##
                ),
                meaning,
            )
        })
        .collect();
    items.push(sample(
        r##"<circle cx="12" cy="12" r="5" fill="#9fd3ff" stroke="#154f8a" stroke-width="1.5"/>"##
            .to_string(),
        "spring: where a river starts",
    ));
    for (mark, meaning) in SYMBOLS {
        items.push(format!(
            r#"<li title="{meaning}"><b class="mark">{mark}</b> {meaning}</li>"#
        ));
    }
    items.push(
        r#"<li title="a number counts what follows"><b class="mark">2f</b> a number counts what follows: two fish</li>"#
            .to_string(),
    );
    for (mark, fill, meaning) in BADGES {
        items.push(sample(
            format!(
                r##"<circle cx="12" cy="12" r="9" fill="{fill}"/><text x="12" y="16.5" font-size="12" font-weight="bold" text-anchor="middle" fill="#fff">{mark}</text>"##
            ),
            meaning,
        ));
    }
    for (piece, meaning) in [
        (Piece::Gatherer, "gatherer (standing, in a forest)"),
        (Piece::Fisher, "fisher (standing, on a river or lake)"),
        (Piece::Hunter, "hunter (lying, in a meadow)"),
        (Piece::Hut, "hut (on a river or lake)"),
    ] {
        items.push(sample(piece_picture(piece, 0, 12.0, 12.0), meaning));
    }
    for (shapes, meaning) in [
        (
            r##"<rect x="2" y="2" width="20" height="20" fill="#ffd54a" fill-opacity=".45" stroke="#c77800" stroke-width="2"/>"##,
            "a square where the tile fits",
        ),
        (
            r##"<rect x="2" y="2" width="20" height="20" fill="none" stroke="#ff7a00" stroke-width="3"/>"##,
            "the square chosen for the tile",
        ),
        (
            r##"<circle cx="12" cy="12" r="8" fill="#fff" stroke="#111" stroke-width="1.5"/><text x="12" y="16" font-size="11" font-weight="bold" text-anchor="middle">2</text>"##,
            "a place for a piece (how many may stand there): click it, then choose the piece",
        ),
        (
            r##"<path d="M2,2 L22,2" stroke="#ff7a00" stroke-width="3.5" stroke-linecap="round"/><circle cx="12" cy="13" r="8" fill="none" stroke="#ff7a00" stroke-width="3"/>"##,
            "the place chosen: the edges its zone reaches",
        ),
        (
            r##"<rect x="2" y="2" width="20" height="20" fill="none" stroke="#1f5fd6" stroke-width="2.5" stroke-dasharray="5 2"/>"##,
            "the tile laid last",
        ),
        (
            r##"<rect x="3" y="7" width="18" height="10" rx="4" fill="#ddd" stroke="#ff7a00" stroke-width="4"/>"##,
            "a meeple the shaman may take back: click it",
        ),
    ] {
        items.push(sample(shapes.to_string(), meaning));
    }
    items.concat()
}

const PAGE: &str = include_str!("../../web/table.html");
const STYLE: &str = include_str!("../../web/table.css");
/// The script: the setup form, the table's requests, and what a click means. Every rule is
/// the server's: the page offers only the moves the state lists, and shows the server's
/// reason for anything else. Its arithmetic and wording come first, in a file that node tests
/// on its own.
const SCRIPT: [&str; 2] = [
    include_str!("../../web/table-lib.js"),
    include_str!("../../web/table.js"),
];
