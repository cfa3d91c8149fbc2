//! Replaying logs: [`verify`] plays the moves of a log under the rules of its header and
//! compares, line by line, what the rules produce with what is written; [`bless`] writes a
//! hand-written or outdated log again as the rules produce it; [`replay_under`] and
//! [`replay_to`] play its moves without comparing, under another variant or up to a move.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use crate::error::InputError;
use crate::game::{Game, Move, Turn};
use crate::log::{Header, Line, LineKind, Log, NOTE_TAGS, Renderer, known_tag, result_text, write};
use crate::notation::{lays_special, move_of_line, to_move, turn_of};
use crate::rng::{shuffle, stream};
use crate::scout::Special;
use crate::tile::Deck;
use crate::tileset::TileSet;
use crate::variant::Variant;
use crate::variant::ruleset;

/// Where a replay parts from what the log says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub file: String,
    pub line: usize,
    pub expected: String,
    pub found: String,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: expected `{}`, found `{}`",
            self.file, self.line, self.expected, self.found
        )
    }
}

/// Why a log was not verified: it could not be read (exit 2), or its game differs (exit 1).
#[derive(Clone, Debug)]
pub enum Failure {
    Unreadable(InputError),
    Diverged(Divergence),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Unreadable(e) => e.fmt(f),
            Failure::Diverged(d) => d.fmt(f),
        }
    }
}

impl std::error::Error for Failure {}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Failure {
        Failure::Unreadable(e)
    }
}

/// A verified log: the game replayed to its end.
pub struct Verified {
    pub game: Game,
    pub variant: Variant,
    /// Tiles placed after the start tile (bonus tiles included).
    pub turns: usize,
    /// When the log's variant file was not at hand: what the log was checked against.
    pub stand_in: Option<String>,
    /// The log stops before the game's end (it has no `Result`): everything up to its last
    /// line was checked, and the game can go on from there.
    pub unfinished: bool,
}

/// What the header sets up: the variant with the log's options, seats and seed.
struct Setup {
    variant: Variant,
    /// The tiles in play (the base set and the expansions').
    set: Arc<TileSet>,
    players: Vec<String>,
    seed: Option<u64>,
    /// When the log's variant file could not be found: what the log was checked against
    /// instead, in words.
    stand_in: Option<String>,
}

fn setup(log: &Log, base: Option<&Path>) -> Result<Setup, Failure> {
    let err = |line: usize, msg: String| InputError::new(&log.file, Some(line), msg);
    for t in &log.tags {
        if !known_tag(&t.name) {
            return Err(err(
                t.line,
                format!(
                    "unknown tag {:?}; a log has Format, Version, Variant, Edition, Seed, \
                     Players, Result, Title, Source, Comment, the rule options ({}) and the \
                     numbers of the rules ({})",
                    t.name,
                    crate::ruleset::Options::NAMES.join(", "),
                    crate::params::Params::names()
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .into());
        }
        if log.tags.iter().filter(|o| o.name == t.name).count() > 1 {
            return Err(err(t.line, format!("the tag {} appears twice", t.name)).into());
        }
    }
    let need = |name: &str| {
        log.tag(name).ok_or_else(|| {
            Failure::from(InputError::new(
                &log.file,
                Some(1),
                format!("the header has no [{name} \"…\"] tag"),
            ))
        })
    };
    let vt = need("Variant")?;
    let mut stand_in = None;
    let mut variant = match Variant::load(&vt.value) {
        Ok(v) => v,
        Err(first) => {
            // A variant file is looked for beside the log too.
            match base.map(|b| b.join(&vt.value)).filter(|p| p.exists()) {
                Some(p) => Variant::load(&p.display().to_string())?,
                None => match edition_stand_in(log) {
                    // The log records the edition, every option and every number that
                    // differs: with the edition's own variant, they make the same rules
                    // (unless the file also changed the tiles, which the replay then shows).
                    Some(mut v) => {
                        let beside = base
                            .filter(|b| !b.as_os_str().is_empty())
                            .map(|b| {
                                format!(" nor beside the log ({})", b.join(&vt.value).display())
                            })
                            .unwrap_or_default();
                        stand_in = Some(format!(
                            "the variant file {:?} is not here ({}){beside}: checked against \
                             the {} edition{} with the log's options and numbers",
                            vt.value,
                            std::env::current_dir()
                                .map(|d| d.join(&vt.value).display().to_string())
                                .unwrap_or_else(|_| vt.value.clone()),
                            v.edition.name(),
                            if v.expansions.is_empty() {
                                String::new()
                            } else {
                                format!(" and {}", v.expansions.join(", "))
                            }
                        ));
                        v.name = vt.value.clone();
                        v
                    }
                    None => {
                        return Err(err(vt.line, format!("variant: {}", first.message)).into());
                    }
                },
            }
        }
    };
    if let Some(t) = log.tag("Edition")
        && t.value != variant.edition.name()
    {
        return Err(Failure::Diverged(Divergence {
            file: log.file.clone(),
            line: t.line,
            expected: format!("[Edition \"{}\"]", variant.edition.name()),
            found: format!("[Edition \"{}\"]", t.value),
        }));
    }
    for t in &log.tags {
        if crate::options::is_rule(&t.name) {
            let before = variant.options.clone();
            variant
                .options
                .set(&t.name, &t.value)
                .map_err(|m| err(t.line, m))?;
            // Logs written before options were listed only where they apply carry every
            // option; one that cannot apply is accepted only at its printed value.
            if let Some(about) = crate::options::About::of(&t.name)
                .filter(|a| !a.shown_in(&variant.playing_set().tiles))
                && variant.options != before
            {
                return Err(err(
                    t.line,
                    format!(
                        "option {} is about the {} tile, which this game's tiles do not show; \
                         remove the tag",
                        t.name,
                        about.name()
                    ),
                )
                .into());
            }
        }
    }
    let pt = need("Players")?;
    let players: Vec<String> = pt.value.split(',').map(|s| s.trim().to_string()).collect();
    if !(2..=crate::feature::MAX_PLAYERS).contains(&players.len())
        || players.iter().any(String::is_empty)
    {
        return Err(err(
            pt.line,
            format!(
                "expected 2 to 5 comma-separated player names, found {:?}",
                pt.value
            ),
        )
        .into());
    }
    let seed = match log.tag("Seed") {
        None => None,
        Some(t) => Some(t.value.parse::<u64>().map_err(|_| {
            err(
                t.line,
                format!("expected a seed (a whole number), found {:?}", t.value),
            )
        })?),
    };
    let set = variant.playing_set();
    Ok(Setup {
        variant,
        set,
        players,
        seed,
        stand_in,
    })
}

/// The built-in variant of the log's `Edition` tag (with the Scout expansion when the log
/// deals Scout pieces), to check a log whose variant file is not at hand.
fn edition_stand_in(log: &Log) -> Option<Variant> {
    let edition = log.tag("Edition")?.value.clone();
    let scout = log
        .lines
        .iter()
        .any(|l| matches!(l.kind, LineKind::Deal { .. }));
    let name = if scout && edition != "2020" {
        format!("{edition}-scout")
    } else {
        edition
    };
    crate::variant::BUILTIN
        .iter()
        .any(|(n, _)| *n == name)
        .then(|| Variant::load(&name).ok())
        .flatten()
}

/// The decks in the order the log draws them, up to the first draw the tile set cannot give
/// (a tile it lacks, or one copy too many), which comes third.
fn decks(log: &Log, s: &Setup) -> (Vec<usize>, Vec<usize>, Option<Divergence>) {
    let set = &s.set;
    let diverge = |line: &Line, expected: String| Divergence {
        file: log.file.clone(),
        line: line.number,
        expected,
        found: line.text.clone(),
    };
    let mut regular = Vec::new();
    let mut bonus = Vec::new();
    let mut drawn: HashMap<usize, u32> = HashMap::new();
    for line in &log.lines {
        // A refused tile drawn again was counted when it was first drawn.
        let LineKind::Draw {
            tile,
            bonus: b,
            again: false,
            ..
        } = &line.kind
        else {
            continue;
        };
        let deck = if *b { Deck::Bonus } else { Deck::Regular };
        let Some((index, t)) = set.tile(tile).filter(|(_, t)| t.deck == deck) else {
            let bad = diverge(
                line,
                format!(
                    "a tile of the {} deck of tile set {}",
                    if *b { "bonus" } else { "regular" },
                    set.name
                ),
            );
            return (regular, bonus, Some(bad));
        };
        let n = drawn.entry(index).or_default();
        *n += 1;
        if *n > u32::from(t.count) {
            let bad = diverge(
                line,
                format!("no more copies of tile {} (the set has {})", t.id, t.count),
            );
            return (regular, bonus, Some(bad));
        }
        if *b { &mut bonus } else { &mut regular }.push(index);
    }
    (regular, bonus, None)
}

/// With a seed, the draws must follow the decks that seed shuffles: the first draw that does
/// not, if any.
fn seed_check(log: &Log, s: &Setup, regular: &[usize], bonus: &[usize]) -> Option<Divergence> {
    let seed = s.seed?;
    let set = &s.set;
    for (deck, label, drawn) in [
        (Deck::Regular, "regular", regular),
        (Deck::Bonus, "bonus", bonus),
    ] {
        let mut order = set.deck(deck);
        shuffle(&mut order, &mut stream(seed, label));
        let lines = log.lines.iter().filter(|l| {
            matches!(&l.kind, LineKind::Draw { bonus, again: false, .. }
                if *bonus == (deck == Deck::Bonus))
        });
        for ((got, want), line) in drawn.iter().zip(&order).zip(lines) {
            if got != want {
                return Some(Divergence {
                    file: log.file.clone(),
                    line: line.number,
                    expected: format!(
                        "tile {} next in the {label} deck of seed {seed}",
                        set.tiles[*want].id
                    ),
                    found: line.text.clone(),
                });
            }
        }
    }
    None
}

/// The Scout pieces the deal lines give each seat; with a seed, checked against its deal.
fn hands(log: &Log, s: &Setup) -> Result<Vec<Vec<Special>>, Divergence> {
    let mut hands = vec![Vec::new(); s.players.len()];
    let mut lines = Vec::new();
    for line in &log.lines {
        let LineKind::Deal { player, piece } = &line.kind else {
            continue;
        };
        let diverge = |expected: String| Divergence {
            file: log.file.clone(),
            line: line.number,
            expected,
            found: line.text.clone(),
        };
        let Some(options) = s.variant.options.scout else {
            return Err(diverge("no deal: the Scout expansion is not on".into()));
        };
        let Some(special) = Special::named(&s.set, piece) else {
            return Err(diverge("a Scout special tile or shaman".into()));
        };
        if *player >= s.players.len()
            || hands.iter().flatten().any(|h| *h == special)
            || hands[*player].len() >= crate::scout::pieces_each(s.players.len(), &options)
        {
            return Err(diverge(
                "each special piece dealt once, as many to each player as the rules say".into(),
            ));
        }
        hands[*player].push(special);
        lines.push(line);
    }
    if let (Some(seed), Some(options)) = (s.seed, s.variant.options.scout) {
        let dealt = crate::scout::deal(&s.set, s.players.len(), seed, &options);
        let mut expected = dealt
            .iter()
            .enumerate()
            .flat_map(|(p, h)| h.iter().map(move |x| (p, *x)));
        let mut got = hands
            .iter()
            .enumerate()
            .flat_map(|(p, h)| h.iter().map(move |x| (p, *x)));
        for line in &lines {
            if expected.next() != got.next() {
                return Err(Divergence {
                    file: log.file.clone(),
                    line: line.number,
                    expected: format!("the deal of seed {seed}"),
                    found: line.text.clone(),
                });
            }
        }
        if let Some((p, missing)) = expected.next() {
            // A deal line is missing: name the line where it should be.
            let after = lines.last().map_or(0, |l| l.number);
            let next = log.lines.iter().find(|l| l.number > after);
            return Err(Divergence {
                file: log.file.clone(),
                line: next.map_or(log.line_count + 1, |l| l.number),
                expected: format!(
                    "deal {} {}",
                    p + 1,
                    match missing {
                        Special::Tile(t) => s.set.tiles[t].id.as_str(),
                        Special::Shaman => "shaman",
                    }
                ),
                found: next.map_or("the end of the log".into(), |l| l.text.clone()),
            });
        }
    }
    Ok(hands)
}

fn new_game(s: &Setup, regular: Vec<usize>, bonus: Vec<usize>, hands: Vec<Vec<Special>>) -> Game {
    let set = Arc::clone(&s.set);
    let rules = ruleset(s.variant.edition, s.variant.options.clone());
    Game::with_hands(
        set,
        Arc::from(rules),
        s.players.len(),
        regular,
        bonus,
        hands,
    )
}

/// Whether the player to move is choosing between a Scout special tile and drawing, and
/// `next` (the next move line of the log) does not lay the special tile: then the player drew.
fn choosing(game: &Game, next: Option<&Line>) -> bool {
    let Some(turn) = game.turn() else {
        return false;
    };
    turn.tile.is_none()
        && !matches!(next, Some(Line { kind: LineKind::Place(m), .. })
            if m.player == turn.player && lays_special(game, m))
}

/// What the next move line should say, for a divergence.
fn expected_move(game: &Game) -> String {
    match game.turn() {
        None => "no move: the game is over".into(),
        Some(Turn {
            player,
            tile: Some(t),
            ..
        }) => format!("place {} {} …", player + 1, game.tiles().tiles[t].id),
        Some(Turn { player, .. }) => format!(
            "place {} with a special tile, or draw {} …",
            player + 1,
            player + 1
        ),
    }
}

/// Replays a log and compares every line with what the rules produce. When several lines are
/// wrong, the first one is reported.
pub fn verify(log: &Log, base: Option<&Path>) -> Result<Verified, Failure> {
    let s = setup(log, base)?;
    let (mut regular, mut bonus, bad) = decks(log, &s);
    if let Some(d) = bad {
        return Err(Failure::Diverged(d));
    }
    let hands = hands(log, &s).map_err(Failure::Diverged)?;
    let seed = seed_check(log, &s, &regular, &bonus);
    // A log without a result stops before the game's end (a game left early, a recording
    // still going on): the tiles not drawn yet follow the drawn ones, so that the game does
    // not end where the log does.
    let unfinished = is_unfinished(log);
    if unfinished {
        rest_of_deck(&s, Deck::Regular, &mut regular, "regular");
        rest_of_deck(&s, Deck::Bonus, &mut bonus, "bonus");
    }
    let game = new_game(&s, regular, bonus, hands);
    let replayed = replay(log, game, unfinished);
    let first = match (seed, replayed) {
        (None, Ok((game, turns))) => {
            return Ok(Verified {
                unfinished: !game.is_over(),
                game,
                variant: s.variant,
                turns,
                stand_in: s.stand_in,
            });
        }
        (Some(d), Err(Failure::Diverged(r))) => {
            if r.line < d.line {
                r
            } else {
                d
            }
        }
        (_, Err(Failure::Unreadable(e))) => return Err(Failure::Unreadable(e)),
        (Some(d), Ok(_)) => d,
        (None, Err(Failure::Diverged(r))) => r,
    };
    // A file cut short in the middle of a line is unreadable rather than wrong.
    if !log.ends_with_newline && first.line >= log.last_event_line {
        return Err(Failure::Unreadable(InputError::new(
            &log.file,
            Some(log.line_count),
            "the file ends in the middle of a line; it looks truncated",
        )));
    }
    let mut first = first;
    if let Some(why) = s.stand_in {
        // The file may have changed more than the log records (its tiles): say so.
        first.found = format!("{} — note: {why}", first.found);
    }
    Err(Failure::Diverged(first))
}

/// Plays the moves of a log on `game` (a new game of the log's variant and seed), checking
/// each as `verify` does: to go on with a game left early. The moves played.
pub fn play_moves(log: &Log, game: &mut Game) -> Result<usize, Failure> {
    play_moves_with(log, game, |_| {})
}

/// [`play_moves`], showing `before` the game before each move is played (a Scout player's
/// draw included): where a resumed game's bots choose again, their choices thrown away, so
/// that each bot's random stream stands where it stood when the game was left.
pub fn play_moves_with(
    log: &Log,
    game: &mut Game,
    mut before: impl FnMut(&Game),
) -> Result<usize, Failure> {
    let mut played = 0;
    let mut moves = log
        .lines
        .iter()
        .filter(|l| matches!(l.kind, LineKind::Place(_) | LineKind::Refuse { .. }))
        .peekable();
    while let Some(line) = moves.peek().copied() {
        if game.turn().is_none() {
            break;
        }
        before(game);
        if choosing(game, Some(line)) {
            game.play(Move::draw())
                .expect("drawing is legal while a Scout player chooses");
            continue;
        }
        moves.next();
        play_line(game, log, line)?;
        played += 1;
    }
    Ok(played)
}

/// Plays a `place` or `refuse` line on `game`: it must name the player to move and the tile
/// the rules drew (blessing and resuming write what the rules produce, never a move the line
/// did not describe), and be legal; otherwise the divergence at the line.
fn play_line(game: &mut Game, log: &Log, line: &Line) -> Result<(), Failure> {
    let diverge = |found: String| {
        Failure::Diverged(Divergence {
            file: log.file.clone(),
            line: line.number,
            expected: "a legal move".into(),
            found,
        })
    };
    let why = |e: &dyn fmt::Display| diverge(format!("`{}`: {e}", line.text));
    let mv = match &line.kind {
        LineKind::Place(m) => move_of_line(game, m).map_err(|e| why(&e))?,
        LineKind::Refuse { player } => {
            turn_of(game, *player).map_err(|e| why(&e))?;
            Move::refuse()
        }
        _ => return Ok(()),
    };
    game.play(mv).map_err(|e| why(&e))
}

/// Whether a log stops before its game's end: it has no `Result` and no `end` line.
pub fn is_unfinished(log: &Log) -> bool {
    log.tag("Result").is_none() && !log.lines.iter().any(|l| l.text == "end")
}

/// `drawn` followed by the tiles of `deck` not in it: in the order of the log's seed where it
/// has one, else in the tile set's order.
fn rest_of_deck(s: &Setup, deck: Deck, drawn: &mut Vec<usize>, label: &str) {
    let mut order = s.set.deck(deck);
    if let Some(seed) = s.seed {
        shuffle(&mut order, &mut stream(seed, label));
    }
    let mut left: HashMap<usize, usize> = HashMap::new();
    for &t in &order {
        *left.entry(t).or_default() += 1;
    }
    for t in drawn.iter() {
        if let Some(n) = left.get_mut(t) {
            *n = n.saturating_sub(1);
        }
    }
    let mut rest = Vec::new();
    for t in order {
        if let Some(n) = left.get_mut(&t)
            && *n > 0
        {
            *n -= 1;
            rest.push(t);
        }
    }
    drawn.extend(rest);
}

/// Plays the moves of the log and compares each line; the game and the turns played. An
/// `unfinished` log may stop anywhere: its end is where the game stands.
fn replay(log: &Log, mut game: Game, unfinished: bool) -> Result<(Game, usize), Failure> {
    let end = log.line_count + 1;
    let diverge = |line: usize, expected: String, found: String| {
        Failure::Diverged(Divergence {
            file: log.file.clone(),
            line,
            expected,
            found,
        })
    };
    let mut r = Renderer::new();
    let mut seen = 0;
    let mut k = 0;
    let mut turns = 0;
    loop {
        seen = seen.min(game.events().len());
        while seen < game.events().len() {
            let text = r.render(&game, &game.events()[seen]);
            seen += 1;
            match log.lines.get(k) {
                None if unfinished => return Ok((game, turns)),
                None => return Err(diverge(end, text, "the end of the log".into())),
                Some(l) if l.text != text => return Err(diverge(l.number, text, l.text.clone())),
                Some(_) => k += 1,
            }
        }
        if game.is_over() {
            break;
        }
        let want = expected_move(&game);
        let Some(line) = log.lines.get(k) else {
            if unfinished {
                return Ok((game, turns));
            }
            return Err(diverge(end, want, "the end of the log".into()));
        };
        if choosing(&game, Some(line)) {
            // The player drew rather than lay a special tile; the draw line follows.
            game.play(Move::draw())
                .expect("drawing is legal while a Scout player chooses");
            continue;
        }
        let mv = match &line.kind {
            LineKind::Place(m) => {
                turns += 1;
                to_move(&game, m).map_err(|e| diverge(line.number, want.clone(), e.to_string()))?
            }
            LineKind::Refuse { .. } => Move::refuse(),
            _ => return Err(diverge(line.number, want, line.text.clone())),
        };
        game.play(mv).map_err(|e| {
            diverge(
                line.number,
                "a legal move".into(),
                format!("{}: {e}", line.text),
            )
        })?;
    }
    if let Some(extra) = log.lines.get(k) {
        return Err(diverge(
            extra.number,
            "the end of the log after the game's end".into(),
            extra.text.clone(),
        ));
    }
    let result = result_text(&game);
    match log.tag("Result") {
        Some(t) if t.value.split_whitespace().collect::<Vec<_>>().join(" ") == result => {}
        Some(t) => {
            return Err(diverge(
                t.line,
                format!("[Result \"{result}\"]"),
                format!("[Result \"{}\"]", t.value),
            ));
        }
        None => {
            return Err(diverge(
                1,
                format!("[Result \"{result}\"]"),
                "no Result tag".into(),
            ));
        }
    }
    Ok((game, turns))
}

/// Replays only the draws and moves of a log and writes it again with everything the rules
/// produce: for a hand-written scenario, or to renew a golden log on purpose after a rules fix.
/// Notes, the variant, the seed and the players are kept.
pub fn bless(log: &Log, base: Option<&Path>) -> Result<String, Failure> {
    let s = setup(log, base)?;
    let (regular, bonus, bad) = decks(log, &s);
    if let Some(d) = bad {
        return Err(Failure::Diverged(d));
    }
    let hands = hands(log, &s).map_err(Failure::Diverged)?;
    let mut game = new_game(&s, regular, bonus, hands);
    let mut moves = log
        .lines
        .iter()
        .filter(|l| matches!(l.kind, LineKind::Place(_) | LineKind::Refuse { .. }))
        .peekable();
    while game.turn().is_some() {
        if choosing(&game, moves.peek().copied()) {
            game.play(Move::draw())
                .expect("drawing is legal while a Scout player chooses");
            continue;
        }
        let Some(line) = moves.next() else {
            return Err(Failure::Diverged(Divergence {
                file: log.file.clone(),
                line: log.line_count + 1,
                expected: expected_move(&game),
                found: "the end of the log".into(),
            }));
        };
        play_line(&mut game, log, line)?;
    }
    let header = Header {
        variant: log
            .tag("Variant")
            .map(|t| t.value.clone())
            .unwrap_or_default(),
        seed: s.seed,
        players: s.players,
        notes: log
            .tags
            .iter()
            .filter(|t| NOTE_TAGS.contains(&t.name.as_str()))
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
    };
    let mut out = String::new();
    for p in &log.preamble {
        out.push_str(p);
        out.push('\n');
    }
    out.push_str(&write(&game, &header));
    Ok(out)
}

/// The moves of a log replayed under another variant.
pub struct Rescored {
    pub game: Game,
    /// Moves replayed (tiles laid and refusals).
    pub moves: usize,
    /// The first move that cannot be played under this variant, and why; the replay stopped
    /// there, before final scoring.
    pub stopped: Option<Divergence>,
}

/// Replays the draws and moves of `log` under `variant` (with that variant's own options),
/// without comparing consequences. Tiles are matched by id. It stops at the first draw of a
/// tile the variant does not have, or the first move that is not legal there (another tile to
/// lay, another player's turn, an illegal placement or piece).
pub fn replay_under(
    log: &Log,
    base: Option<&Path>,
    variant: &Variant,
) -> Result<Rescored, Failure> {
    let own = setup(log, base)?;
    let s = Setup {
        set: variant.playing_set(),
        variant: variant.clone(),
        players: own.players,
        seed: None,
        stand_in: None,
    };
    Ok(replay_moves(log, s, None))
}

/// The game of a log after its first `moves` moves (every move when `None`), under its own
/// variant and options, without comparing consequences: for pictures of a game in progress.
pub fn replay_to(log: &Log, base: Option<&Path>, moves: Option<usize>) -> Result<Game, Failure> {
    let s = setup(log, base)?;
    Ok(replay_moves(log, s, moves).game)
}

fn replay_moves(log: &Log, s: Setup, limit_moves: Option<usize>) -> Rescored {
    let stop_at = |line: &Line, expected: String| Divergence {
        file: log.file.clone(),
        line: line.number,
        expected,
        found: line.text.clone(),
    };
    let (regular, bonus, mut stopped) = decks(log, &s);
    let hands = match hands(log, &s) {
        Ok(h) => h,
        Err(d) => {
            stopped = Some(d);
            Vec::new()
        }
    };
    let limit = stopped.as_ref().map_or(usize::MAX, |d| d.line);
    let mut game = new_game(&s, regular, bonus, hands);
    let mut moves = 0;
    for line in log.lines.iter().take_while(|l| l.number < limit) {
        if limit_moves.is_some_and(|m| moves >= m) {
            break;
        }
        // A Scout player who could have laid a special tile drew, unless this lays it.
        let is_move = matches!(line.kind, LineKind::Place(_) | LineKind::Refuse { .. });
        if is_move && choosing(&game, Some(line)) {
            game.play(Move::draw())
                .expect("drawing is legal while a Scout player chooses");
        }
        let mv = match &line.kind {
            LineKind::Place(m) => {
                let Some(turn) = game.turn() else {
                    stopped = Some(stop_at(line, "no move: the game is over".into()));
                    break;
                };
                let drawn = turn.tile.map(|t| game.tiles().tiles[t].id.as_str());
                if m.player != turn.player || (!lays_special(&game, m) && Some(&*m.tile) != drawn) {
                    stopped = Some(stop_at(line, expected_move(&game)));
                    break;
                }
                match to_move(&game, m) {
                    Ok(mv) => mv,
                    Err(e) => {
                        stopped = Some(stop_at(line, e.to_string()));
                        break;
                    }
                }
            }
            LineKind::Refuse { .. } => Move::refuse(),
            _ => continue,
        };
        if let Err(e) = game.play(mv) {
            stopped = Some(stop_at(line, format!("a legal move ({e})")));
            break;
        }
        moves += 1;
    }
    Rescored {
        game,
        moves,
        stopped,
    }
}
