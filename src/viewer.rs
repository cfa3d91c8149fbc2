//! A game as one page to step through: the board move by move, what each move scored and why,
//! and the score track.
//!
//! The page holds one board — every tile and piece the game ever had, each marked with the
//! moves it was there for — and a small script shows the board of the chosen move. The page
//! loads nothing from elsewhere: it opens the same on a machine without a network.

use std::fmt::Write;

use crate::game::{Category, Event, Game, OnBoard};
use crate::render::{self, Frame, PLAYER, S, Timeline, esc};
use crate::scout::Special;
use crate::variant::Edition;
use crate::{log, notation};

pub mod template;

use template::fill;

/// What one step of the page shows: the move (none before the first), and the events from
/// the draw before it to the last of its consequences.
struct Step<'a> {
    /// The index in [`Game::events`] of the move's `Place` or `Refuse`.
    mv: Option<usize>,
    events: Vec<&'a Event>,
    /// Points of each player by category after the step.
    scores: Vec<[u32; Category::ALL.len()]>,
}

/// The steps of a game: the start, then one per move (tiles laid and Scout refusals, as
/// [`log::Log::moves`] counts them), with the pieces' life spans and the move of each tile.
fn steps(game: &Game) -> (Vec<Step<'_>>, Timeline) {
    let mut steps = vec![Step {
        mv: None,
        events: Vec::new(),
        scores: vec![[0; Category::ALL.len()]; game.players()],
    }];
    let mut timeline = Timeline {
        laid: vec![0],
        pieces: Vec::new(),
    };
    // Draws and discards come before the move they lead to.
    let mut pending = Vec::new();
    for (i, e) in game.events().iter().enumerate() {
        let k = steps.len() - 1;
        match e {
            Event::Draw { .. } | Event::Discard { .. } => pending.push(e),
            Event::Deal { .. } => steps[k].events.push(e),
            Event::Place { .. } | Event::Refuse { .. } => {
                let scores = steps[k].scores.clone();
                let mut events = std::mem::take(&mut pending);
                events.push(e);
                steps.push(Step {
                    mv: Some(i),
                    events,
                    scores,
                });
                let k = k + 1;
                if let Event::Place {
                    player,
                    recall,
                    piece,
                    ..
                } = e
                {
                    timeline.laid.push(k);
                    if let Some(r) = recall {
                        leave(&mut timeline, *r, k);
                    }
                    if let Some((piece, at)) = piece {
                        let on = OnBoard {
                            player: *player,
                            piece: *piece,
                            at: *at,
                        };
                        timeline.pieces.push((on, k, None));
                    }
                }
            }
            Event::Return { player, piece, at } => {
                let on = OnBoard {
                    player: *player,
                    piece: *piece,
                    at: *at,
                };
                leave(&mut timeline, on, k);
                steps[k].events.push(e);
            }
            Event::Score(s) => {
                for &p in &s.players {
                    steps[k].scores[p][s.category as usize] += s.points();
                }
                steps[k].events.push(e);
            }
            // Tiles that fit nowhere when the stack runs out belong to the last move.
            Event::End => {
                steps[k].events.append(&mut pending);
                steps[k].events.push(e);
            }
            Event::Cover { .. } => steps[k].events.push(e),
        }
    }
    // A game in progress: the draw for the next move.
    let k = steps.len() - 1;
    steps[k].events.append(&mut pending);
    (steps, timeline)
}

/// Each player's supply (meeples, huts) after each step: what they hold at the end, plus what
/// stands on the board then, less what stood on the board after the step.
fn supplies(game: &Game, timeline: &Timeline, steps: usize) -> Vec<Vec<(u32, u32)>> {
    let is_hut = |on: &OnBoard| on.piece == crate::tile::Piece::Hut;
    let on_board = |k: usize, p: usize, hut: bool| {
        timeline
            .pieces
            .iter()
            .filter(|(on, from, to)| {
                on.player == p && is_hut(on) == hut && *from <= k && to.is_none_or(|t| t > k)
            })
            .count() as u32
    };
    let start: Vec<(u32, u32)> = (0..game.players())
        .map(|p| {
            let (m, h) = game.supply(p);
            let still = |hut| {
                timeline
                    .pieces
                    .iter()
                    .filter(|(on, _, to)| on.player == p && is_hut(on) == hut && to.is_none())
                    .count() as u32
            };
            (u32::from(m) + still(false), u32::from(h) + still(true))
        })
        .collect();
    (0..steps)
        .map(|k| {
            (0..game.players())
                .map(|p| {
                    (
                        start[p].0 - on_board(k, p, false),
                        start[p].1 - on_board(k, p, true),
                    )
                })
                .collect()
        })
        .collect()
}

/// A supply as the score table shows it under the player's name: `5 meeples · 1 hut`.
fn supply_text(meeples: u32, huts: u32) -> String {
    format!(
        "{meeples} meeple{} · {huts} hut{}",
        if meeples == 1 { "" } else { "s" },
        if huts == 1 { "" } else { "s" }
    )
}

/// A piece leaves the board on move `k`.
fn leave(timeline: &mut Timeline, on: OnBoard, k: usize) {
    if let Some(life) = timeline
        .pieces
        .iter_mut()
        .find(|(p, _, to)| *p == on && to.is_none())
    {
        life.2 = Some(k);
    }
}

fn name(names: &[String], p: usize) -> String {
    names
        .get(p)
        .cloned()
        .unwrap_or_else(|| format!("player {}", p + 1))
}

/// A player as the page shows them: their colour, seat and name.
fn player(names: &[String], p: usize) -> String {
    format!(
        r#"<span class="who"><i style="background:{}"></i>{} {}</span>"#,
        PLAYER[p % PLAYER.len()],
        p + 1,
        esc(&name(names, p))
    )
}

/// A move in words: who laid which tile where, and what they put on it.
fn move_sentence(game: &Game, names: &[String], e: &Event) -> String {
    match e {
        Event::Place {
            player: p,
            tile,
            at,
            recall,
            piece,
        } => {
            let mut s = format!(
                "{} lays tile <b>{}</b> on {},{} turned {}°",
                player(names, *p),
                esc(&game.tiles().tiles[*tile].id),
                at.pos.x,
                at.pos.y,
                at.rot.degrees()
            );
            if let Some(r) = recall {
                let _ = write!(
                    s,
                    ", takes back the {} on {} with the shaman",
                    notation::piece_name(r.piece),
                    esc(&notation::piece_address(game, r.at))
                );
            }
            if let Some((piece, at)) = piece {
                let _ = write!(
                    s,
                    ", puts a {} on {}",
                    notation::piece_name(*piece),
                    esc(&notation::piece_address(game, *at))
                );
            }
            s
        }
        Event::Refuse { player: p, .. } => {
            format!("{} refuses the drawn tile", player(names, *p))
        }
        _ => String::new(),
    }
}

/// The events of a step as lines of the panel. The plain draw of the tile the move lays goes
/// without saying; pieces going home together (at the end of the game, a dozen of them) share
/// one line, so that the scores that follow stay in sight.
fn event_items(game: &Game, names: &[String], events: &[&Event]) -> Vec<String> {
    let laid = events.iter().find_map(|e| match e {
        Event::Place { tile, .. } => Some(*tile),
        _ => None,
    });
    let mut items = Vec::new();
    let mut i = 0;
    while i < events.len() {
        if let Event::Draw {
            tile,
            bonus: false,
            again: false,
            ..
        } = events[i]
            && Some(*tile) == laid
        {
            i += 1;
            continue;
        }
        let run = events[i..]
            .iter()
            .take_while(|e| matches!(e, Event::Return { .. }))
            .count();
        if run < 2 {
            items.extend(event_item(game, names, events[i]));
            i += 1;
            continue;
        }
        let pieces: Vec<String> = events[i..i + run]
            .iter()
            .filter_map(|e| match e {
                Event::Return {
                    player: p,
                    piece,
                    at,
                } => Some(format!(
                    r#"<span class="who"><i style="background:{}"></i>{} {}</span> {}"#,
                    PLAYER[p % PLAYER.len()],
                    p + 1,
                    notation::piece_name(*piece),
                    esc(&notation::piece_address(game, *at))
                )),
                _ => None,
            })
            .collect();
        items.push(format!(
            r#"<li class="return">{run} pieces go home: {}</li>"#,
            pieces.join(", ")
        ));
        i += run;
    }
    items
}

/// One event as a line of the panel.
fn event_item(game: &Game, names: &[String], e: &Event) -> Option<String> {
    let tiles = &game.tiles().tiles;
    let extra = if game.rules().edition() == Edition::E2020 {
        "a menhir tile: an extra turn"
    } else {
        "a bonus tile: a bonus turn"
    };
    let item = match e {
        Event::Draw {
            player: p,
            tile,
            bonus,
            again,
        } => format!(
            r#"<li class="draw">{} draws tile <b>{}</b>{}{}</li>"#,
            player(names, *p),
            esc(&tiles[*tile].id),
            if *bonus { format!(", {extra}") } else { String::new() },
            if *again {
                ", again from the bottom of its stack"
            } else {
                ""
            }
        ),
        Event::Discard { tile } => format!(
            r#"<li class="discard">tile <b>{}</b> fits nowhere and is discarded</li>"#,
            esc(&tiles[*tile].id)
        ),
        Event::Deal { player: p, special } => format!(
            r#"<li class="deal">{} is dealt {}</li>"#,
            player(names, *p),
            match special {
                Special::Tile(t) => format!("the special tile <b>{}</b>", esc(&tiles[*t].id)),
                Special::Shaman => "the Shaman card".to_string(),
            }
        ),
        Event::Refuse { player: p, tile, .. } => format!(
            r#"<li class="refuse">{} refuses tile <b>{}</b>: it goes under its stack</li>"#,
            player(names, *p),
            esc(&tiles[*tile].id)
        ),
        // The move itself heads the step.
        Event::Place { .. } => return None,
        Event::Return {
            player: p,
            piece,
            at,
        } => format!(
            r#"<li class="return">{}’s {} goes home from {}</li>"#,
            player(names, *p),
            notation::piece_name(*piece),
            esc(&notation::piece_address(game, *at))
        ),
        Event::Cover { zone, animals } => format!(
            r#"<li class="cover">the hunting trap covers {} at {}</li>"#,
            esc(&notation::herd_text(animals)),
            esc(&notation::zone_address(game, *zone))
        ),
        Event::Score(s) => {
            let who: Vec<String> = s.players.iter().map(|&p| player(names, p)).collect();
            format!(
                r#"<li class="score"><span class="cat">{}</span> <b>+{}</b> {}<br><span class="breakdown">{}</span> <span class="where">at {}</span></li>"#,
                s.category.name(),
                s.points(),
                if who.is_empty() {
                    "nobody".to_string()
                } else {
                    who.join(", ")
                },
                esc(&s.breakdown.to_string()),
                esc(&notation::zone_address(game, s.zone))
            )
        }
        Event::End => r#"<li class="end">End of the game: gatherers and fishers go home, huts and hunters score</li>"#.to_string(),
    };
    Some(item)
}

/// The score track: each player's total after each step, as lines; the current step is marked
/// by the script.
fn track(out: &mut String, steps: &[Step], players: usize) {
    let (w, h) = (380.0, 150.0);
    let (left, right, top, bottom) = (30.0, 8.0, 8.0, 20.0);
    let n = (steps.len() - 1).max(1) as f64;
    let totals = |k: usize, p: usize| steps[k].scores[p].iter().sum::<u32>();
    let best = (0..steps.len())
        .flat_map(|k| (0..players).map(move |p| (k, p)))
        .map(|(k, p)| totals(k, p))
        .max()
        .unwrap_or(0);
    // Grid lines at a round step, four or five of them.
    let tick = [5, 10, 20, 25, 50, 100, 200]
        .into_iter()
        .find(|t| best / t < 5)
        .unwrap_or(500);
    let top_value = (best / tick + 1) * tick;
    let x = |k: usize| left + k as f64 * (w - left - right) / n;
    let y = |v: u32| top + (h - top - bottom) * (1.0 - f64::from(v) / f64::from(top_value));
    let _ = writeln!(
        out,
        r#"<svg id="track" viewBox="0 0 {w} {h}" data-x0="{left}" data-dx="{:.4}" role="img" aria-label="Each player's total after each move">"#,
        (w - left - right) / n
    );
    let mut v = 0;
    while v <= top_value {
        let _ = writeln!(
            out,
            r##"<line x1="{left}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="#e2e2e2"/><text x="{:.1}" y="{:.1}" font-size="9" text-anchor="end" fill="#666">{v}</text>"##,
            w - right,
            y(v),
            y(v),
            left - 4.0,
            y(v) + 3.0
        );
        v += tick;
    }
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{:.1}" font-size="9" text-anchor="middle" fill="#666">move</text><text x="{left}" y="{:.1}" font-size="9" text-anchor="middle" fill="#666">0</text><text x="{:.1}" y="{:.1}" font-size="9" text-anchor="middle" fill="#666">{}</text>"##,
        (left + w - right) / 2.0,
        h - 5.0,
        h - 5.0,
        w - right,
        h - 5.0,
        steps.len() - 1
    );
    // One segment per move, each marked with its move: the script shows the lines only up to
    // the move on screen, so the track never tells the end before it comes.
    for p in 0..players {
        let _ = write!(
            out,
            r#"<g class="line" stroke="{}" stroke-width="2" stroke-linecap="round">"#,
            PLAYER[p % PLAYER.len()]
        );
        for k in 1..steps.len() {
            let _ = write!(
                out,
                r#"<line data-k="{k}" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
                x(k - 1),
                y(totals(k - 1, p)),
                x(k),
                y(totals(k, p))
            );
        }
        out.push_str("</g>\n");
    }
    let _ = writeln!(
        out,
        r##"<line id="mark" x1="{left}" x2="{left}" y1="{top}" y2="{:.1}" stroke="#222" stroke-dasharray="3 2"/>"##,
        h - bottom
    );
    out.push_str("</svg>\n");
}

/// The page around what the code below writes; its style and script are inlined into it.
const PAGE: &str = include_str!("web/viewer.html");
const STYLE: &str = include_str!("web/viewer.css");
/// The script shows step `k` of the board and the panel: small on purpose, since everything
/// it shows is in the page already. Its arithmetic and wording come first, in a file that
/// node tests on its own.
const SCRIPT: [&str; 2] = [
    include_str!("web/viewer-lib.js"),
    include_str!("web/viewer.js"),
];

/// The page of a game, opening on the board after `open_at` moves (the start when `None`).
/// `names` are the players' names in seat order; `title` heads the page. A game in progress
/// shows as far as it went.
pub fn html(game: &Game, names: &[String], title: &str, open_at: Option<usize>) -> String {
    let (steps, timeline) = steps(game);
    let lines = log::event_lines(game);
    let n = steps.len() - 1;
    // The page opens at the start (or at the move asked for): the end is not given away.
    let open = open_at.map_or(0, |k| k.min(n));
    let supplies = supplies(game, &timeline, steps.len());
    let players = game.players();
    // The board at its final extent, so that it does not move while one steps through it.
    let frame = Frame::of(game);
    let mut board = String::new();
    let _ = writeln!(
        board,
        r#"<svg viewBox="0 0 {:.0} {:.0}" font-family="sans-serif" role="img" aria-label="The board">"#,
        frame.width, frame.height
    );
    render::board(&mut board, game, &frame, Some(&timeline));
    let _ = writeln!(
        board,
        r##"<rect id="now" class="off" width="{S}" height="{S}" fill="none" stroke="#ff7a00" stroke-width="4"/>"##
    );
    board.push_str("</svg>\n");
    let mut h = String::new();
    for (k, step) in steps.iter().enumerate() {
        let scores: Vec<String> = step
            .scores
            .iter()
            .map(|s| {
                let s: Vec<String> = s.iter().map(u32::to_string).collect();
                format!("[{}]", s.join(","))
            })
            .collect();
        let supply: Vec<String> = supplies[k]
            .iter()
            .map(|(m, h)| format!("[{m},{h}]"))
            .collect();
        let _ = writeln!(
            h,
            r#"<section class="step" data-step="{k}" data-scores="[{}]" data-supply="[{}]"{}>"#,
            scores.join(","),
            supply.join(","),
            if k == open { "" } else { " hidden" }
        );
        if let Some(i) = step.mv {
            // The move as the log writes it, without the check of the tile's sides that
            // follows ` = `.
            let line = &lines[i];
            let text = line.split(" = ").next().unwrap_or(line);
            let _ = writeln!(
                h,
                r#"<p>{}</p><p class="move">{}</p>"#,
                move_sentence(game, names, &game.events()[i]),
                esc(text)
            );
        } else {
            h.push_str("<p>The start tile is laid.</p>\n");
        }
        let items = event_items(game, names, &step.events);
        if !items.is_empty() {
            let _ = writeln!(h, r#"<ul class="events">{}</ul>"#, items.join(""));
        }
        if k == n && game.is_over() {
            let winners: Vec<String> = game.winners().iter().map(|&p| player(names, p)).collect();
            let _ = writeln!(
                h,
                r#"<p class="events winner">{}</p>"#,
                if winners.is_empty() {
                    "A tie: nobody wins.".to_string()
                } else {
                    format!("Winner: {}", winners.join(", "))
                }
            );
        }
        h.push_str("</section>\n");
    }
    let categories: String = Category::ALL
        .iter()
        .map(|c| format!("<th>{}</th>", c.name()))
        .collect();
    let mut scores = String::new();
    for (p, (s, &(m, hut))) in steps[open].scores.iter().zip(&supplies[open]).enumerate() {
        // The supply under the name: what the player still has to lay.
        let _ = write!(
            scores,
            r#"<tr><td>{}<br><span class="supply">{}</span></td>"#,
            player(names, p),
            supply_text(m, hut)
        );
        for v in s {
            let _ = write!(scores, "<td>{v}</td>");
        }
        let _ = writeln!(
            scores,
            r#"<td class="total">{}</td></tr>"#,
            s.iter().sum::<u32>()
        );
    }
    let mut score_track = String::new();
    track(&mut score_track, &steps, players);
    let mut key = String::new();
    let height = render::key(&mut key, 0.0);
    let key = format!(
        "<svg viewBox=\"0 0 330 {:.0}\" width=\"330\" font-family=\"sans-serif\">{key}</svg>\n",
        height + 4.0
    );
    fill(
        PAGE,
        &[
            ("title", esc(title).as_str()),
            ("style", STYLE),
            ("open", &open.to_string()),
            ("moves", &n.to_string()),
            ("board", &board),
            ("steps", &h),
            ("categories", &categories),
            ("scores", &scores),
            ("track", &score_track),
            ("key", &key),
            ("script", &SCRIPT.concat()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each step of every golden game shows what `render --turn k` draws: the tiles laid, the
    /// pieces standing, the forests and rivers closed, and the scores after k moves.
    #[test]
    fn every_step_is_the_game_after_that_many_moves() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("golden");
        let mut logs = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "log") {
                continue;
            }
            logs += 1;
            let parsed = log::load(&path).unwrap();
            let game = crate::replay::verify(&parsed, Some(&dir)).unwrap().game;
            let (steps, timeline) = steps(&game);
            assert_eq!(steps.len(), parsed.moves() + 1, "{}", path.display());
            let closing = timeline.closing(&game);
            let tiles = &game.tiles().tiles;
            for (k, step) in steps.iter().enumerate() {
                let at = crate::replay::replay_to(&parsed, Some(&dir), Some(k)).unwrap();
                let here = format!("{} after {k} moves", path.display());
                let laid = timeline.laid.iter().filter(|&&m| m <= k).count();
                assert_eq!(laid, at.board().len(), "{here}");
                let mut standing: Vec<OnBoard> = timeline
                    .pieces
                    .iter()
                    .filter(|(_, from, to)| *from <= k && to.is_none_or(|to| to > k))
                    .map(|(on, _, _)| *on)
                    .collect();
                for on in at.pieces() {
                    let i = standing.iter().position(|s| s == on);
                    assert!(i.is_some(), "{here}: {on:?} is not drawn");
                    standing.swap_remove(i.unwrap());
                }
                assert!(standing.is_empty(), "{here}: {standing:?} drawn but gone");
                for (z, open) in crate::render::forest_and_river_zones(&at) {
                    let key = game.features().key(tiles, game.board(), z, false);
                    let shown = closing.get(&key).is_some_and(|&m| m <= k);
                    assert_eq!(open == 0, shown, "{here}: {z:?}");
                }
                for p in 0..game.players() {
                    for c in Category::ALL {
                        assert_eq!(step.scores[p][c as usize], at.score(p, c), "{here}");
                    }
                }
            }
        }
        assert!(logs >= 20, "only {logs} golden logs");
    }
}
