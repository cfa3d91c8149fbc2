//! A game told in words, for people at the table: what each move did (the tile, its piece,
//! every score with its breakdown, the pieces going home) and the final scoring, feature by
//! feature. `hunters record` and the human seat of `hunters play` both speak it.

use crate::game::{Event, Game};
use crate::log;
use crate::scout::Special;

/// What the rules made of a move, in words: `names` holds each seat's name.
pub fn event(game: &Game, e: &Event, names: &[String]) -> String {
    let name = |p: usize| names.get(p).map_or("?", String::as_str);
    let id = |t: usize| game.tiles().tiles[t].id.as_str();
    let names = |ps: &[usize]| -> String {
        ps.iter()
            .map(|&p| name(p).to_string())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    match e {
        Event::Deal { player, special } => format!(
            "{} holds {}",
            name(*player),
            match special {
                Special::Tile(t) => id(*t),
                Special::Shaman => "the Shaman card",
            }
        ),
        Event::Draw {
            player,
            tile,
            bonus,
            again,
        } => format!(
            "{} draws {}{}{}",
            name(*player),
            id(*tile),
            if *bonus { " from the bonus deck" } else { "" },
            if *again { " again" } else { "" }
        ),
        Event::Refuse { player, tile, .. } => format!(
            "{} refuses {}: it goes under its stack",
            name(*player),
            id(*tile)
        ),
        Event::Discard { tile } => {
            format!("tile {} fits nowhere and leaves the game", id(*tile))
        }
        Event::Place {
            player,
            tile,
            at,
            recall,
            piece,
        } => {
            let mut s = format!(
                "{} lays {} at {},{} r{}",
                name(*player),
                id(*tile),
                at.pos.x,
                at.pos.y,
                at.rot.degrees()
            );
            if let Some(r) = recall {
                s += &format!(
                    ", the shaman takes back the {} at {}",
                    log::piece_name(r.piece),
                    log::piece_address(game, r.at)
                );
            }
            if let Some((p, at)) = piece {
                s += &format!(
                    ", a {} on {}",
                    log::piece_name(*p),
                    log::piece_address(game, *at)
                );
            }
            s
        }
        Event::Return { player, piece, at } => format!(
            "{}'s {} at {} goes home",
            name(*player),
            log::piece_name(*piece),
            log::piece_address(game, *at)
        ),
        Event::Cover { zone, animals } => format!(
            "the hunting trap covers {} at {}",
            log::herd_text(animals),
            log::zone_address(game, *zone)
        ),
        Event::Score(s) if s.players.is_empty() => format!(
            "nobody scores the {} at {}",
            singular(s.category.name()),
            log::zone_address(game, s.zone)
        ),
        Event::Score(s) => format!(
            "{} {} for the {} at {} ({})",
            names(&s.players),
            s.points(),
            singular(s.category.name()),
            log::zone_address(game, s.zone),
            s.breakdown
        ),
        Event::End => "the last tile is laid: final scoring".to_string(),
    }
}

/// The features scored at the end of the game, one line each, in the order they scored.
pub fn final_scoring(game: &Game, names: &[String]) -> Vec<String> {
    let end = game
        .events()
        .iter()
        .position(|e| matches!(e, Event::End))
        .unwrap_or(game.events().len());
    game.events()[end..]
        .iter()
        .filter(|e| matches!(e, Event::Score(_)))
        .map(|e| event(game, e, names))
        .collect()
}

fn singular(category: &str) -> &str {
    match category {
        "rivers" => "river",
        "forests" => "forest",
        "meadows" => "meadow",
        "huts" => "huts of the river system",
        _ => "special tile",
    }
}
