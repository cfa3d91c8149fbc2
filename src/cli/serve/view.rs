//! What the page draws: the board as the viewer and `render --svg` draw it, and each legal
//! move laid out for clicking — the square, the turn of the tile, the piece and where on the
//! tile it stands — with the pictures of the tiles the moves lay.

use hunters::feature::PieceAt;
use hunters::game::{Game, Move, Play};
use hunters::notation::{move_text, piece_address, piece_name, zone_name};
use hunters::render::{self, Place, SQUARE};
use hunters::tell::place_words;
use hunters::tile::{Rotation, Tile};
use serde_json::{Map, Value, json};

/// The state every table shows: what a player at the table sees (the bot protocol's state),
/// who sits at each seat (`who`), the board and `moves` laid out for clicking (`view`), and
/// once the game is `over` its winners and final scoring, told with `names`.
pub fn table_state(
    game: &Game,
    who: &[String],
    names: &[String],
    over: bool,
    moves: &[Move],
) -> Value {
    let mut state = hunters::bot::exec::state(game);
    for (player, who) in state["players"]
        .as_array_mut()
        .expect("players")
        .iter_mut()
        .zip(who)
    {
        player["who"] = json!(who);
    }
    state["view"] = view(game, moves);
    state["over"] = json!(over);
    state["winners"] = if over {
        json!(game.winners().iter().map(|w| w + 1).collect::<Vec<_>>())
    } else {
        Value::Null
    };
    if over {
        state["final_scoring"] = json!(hunters::tell::final_scoring(game, names));
    }
    state
}

/// The board, and the moves of `moves` as the page offers them (the index in `moves` is the
/// move's number, which the page sends back).
fn view(game: &Game, moves: &[Move]) -> Value {
    let board = render::table_board(game);
    let tiles = &game.tiles().tiles;
    let mut pictures = Map::new();
    let mut targets = Map::new();
    let mut offers = Vec::new();
    for (n, mv) in moves.iter().enumerate() {
        let text = move_text(game, mv);
        let tile = match mv.play {
            Play::Draw => {
                offers.push(json!({ "n": n, "kind": "draw", "text": text }));
                continue;
            }
            Play::Refuse => {
                offers.push(json!({ "n": n, "kind": "refuse", "text": text }));
                continue;
            }
            Play::Special(t) => t,
            Play::Drawn => match game.turn().and_then(|t| t.tile) {
                Some(t) => t,
                None => continue,
            },
        };
        let t = &tiles[tile];
        pictures.entry(t.id.clone()).or_insert_with(|| turns(t));
        targets.entry(t.id.clone()).or_insert_with(|| places(t));
        let rot = mv.at.rot;
        let piece = mv.piece.map(|(piece, at)| {
            let (place, name) = match at {
                PieceAt::Zone(z) => (Place::Zone(z.zone), zone_name(t, rot, z.zone)),
                PieceAt::Spot { spot, .. } => {
                    (Place::Spot(spot), t.spots[usize::from(spot)].name.clone())
                }
            };
            let target = render::piece_targets(t, rot)
                .iter()
                .position(|target| target.place == place);
            json!({
                "name": piece_name(piece),
                "zone": name,
                "target": target,
                "words": format!("{} on {}", piece_name(piece), place_words(t, rot, place)),
            })
        });
        let recall = mv.recall.map(|i| {
            json!({
                "index": i,
                "at": piece_address(game, game.pieces()[i].at),
                "piece": piece_name(game.pieces()[i].piece),
            })
        });
        offers.push(json!({
            "n": n,
            "kind": if matches!(mv.play, Play::Special(_)) { "special" } else { "place" },
            "tile": t.id,
            "x": mv.at.pos.x,
            "y": mv.at.pos.y,
            "rotation": rot.degrees(),
            "recall": recall,
            "piece": piece,
            "text": text,
        }));
    }
    // The drawn tile is shown even when no move lays it.
    if let Some(t) = game.turn().and_then(|t| t.tile) {
        let t = &tiles[t];
        pictures.entry(t.id.clone()).or_insert_with(|| turns(t));
    }
    json!({
        "board": {
            "svg": board.shapes,
            "width": board.width,
            "height": board.height,
            "x0": board.x0,
            "y0": board.y0,
            "margin": board.margin,
            "square": SQUARE,
        },
        "offers": offers,
        "names": pictures
            .keys()
            .filter_map(|id| {
                let t = tiles.iter().find(|t| &t.id == id)?;
                Some((id.clone(), json!(t.name.as_ref()?)))
            })
            .collect::<Map<String, Value>>(),
        "pictures": pictures,
        "targets": targets,
        "target_radius": render::TARGET_RADIUS,
        "pieces": piece_pictures(game.players()),
    })
}

/// A tile's four turns (0, 90, 180, 270 degrees), as the board draws them.
fn turns(tile: &Tile) -> Value {
    Rotation::ALL
        .iter()
        .map(|&r| json!(render::tile_picture(tile, r)))
        .collect()
}

/// The places a piece may stand on a tile, in its four turns: for each, its target (where
/// the page draws the circle to click), its name in words and its outline.
fn places(tile: &Tile) -> Value {
    Rotation::ALL
        .iter()
        .map(|&r| {
            render::piece_targets(tile, r)
                .iter()
                .map(|t| {
                    json!({
                        "x": t.x,
                        "y": t.y,
                        "words": place_words(tile, r, t.place),
                        "outline": render::place_outline(tile, r, t.place, t.x, t.y),
                    })
                })
                .collect::<Value>()
        })
        .collect()
}

/// Each player's pieces, drawn at the origin as the board draws them: what the page puts on
/// a tile while the person chooses.
fn piece_pictures(players: usize) -> Value {
    (0..players)
        .map(|p| {
            let mut m = Map::new();
            for piece in hunters::tile::Piece::ALL {
                m.insert(
                    piece_name(piece).to_string(),
                    json!(render::piece_picture(piece, p, 0.0, 0.0)),
                );
            }
            Value::Object(m)
        })
        .collect()
}
