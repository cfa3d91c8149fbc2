//! `hunters record`: scores a game played at the table, turn by turn, under the rules of the
//! printing on the table. On a terminal it asks for each tile drawn and where it went; from a
//! pipe it reads a log's own `deal`, `draw`, `place` and `refuse` lines.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use comfy_table::{Cell, CellAlignment};
use hunters::game::{Category, Event, Game};
use hunters::log::{self, Header};
use hunters::notation;
use hunters::record::{Need, Recording};
use hunters::scout::Special;
use hunters::{Deck, Edition, Tile, Variant, render};

#[derive(clap::Args)]
#[command(after_long_help = AFTER)]
pub struct Args {
    /// The rules of the game on the table: a built-in variant (2002, 2014, 2020, 2002-scout,
    /// 2014-scout) or a variant TOML file [default: 2020, or the `Variant` tag of a log piped in].
    #[arg(long, value_name = "NAME|FILE")]
    variant: Option<String>,
    /// The players in seat order, comma-separated, 2 to 5 names (e.g. Ann,Bob); the first one
    /// plays first [default: the `Players` tag of a log piped in].
    #[arg(long, value_name = "NAME,…", value_delimiter = ',')]
    players: Vec<String>,
    /// Write the game's log to FILE after every entry, so that nothing is lost; `hunters
    /// record --resume FILE` goes on from it and `hunters verify FILE` checks a finished one.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Go on with the game recorded in FILE (its variant and players), writing it back to FILE
    /// (or to --log).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["variant", "players"])]
    resume: Option<PathBuf>,
}

const AFTER: &str = "\
On a terminal, each turn shows the board and the scores and asks for the tile drawn (its id, \
as `hunters tiles` lists them; `find WORDS` searches the tiles not drawn yet by their \
contents), then where it went: `X,Y rDEGREES [PIECE ZONE]`, a log's `place` line, or the \
number of a move from `moves`. Each entry is checked at once against the rules. `undo` takes \
back the last entry, `quit` leaves (the log is already written).

From a pipe or a file, it reads a log's `deal`, `draw`, `place` and `refuse` lines (what \
follows `=` may be left out; the lines the rules write, such as `score`, are passed over), so \
`hunters record < game.log` plays the moves of any log again and prints its scores. Tiles \
that fit nowhere are discarded by the rules: the next line is the next draw.

Exit codes: 0 the game was recorded (to its end, or as far as the input went); 1 an entry \
from a pipe broke a rule, or a log to resume does not replay; 2 bad input or usage.";

const HELP: &str = "\
  TILE                  the tile drawn, by its id (e.g. 34); `find mammoth river` lists
                        the tiles not drawn yet that match (words, or sides like RMFF)
  X,Y rDEG [PIECE ZONE] where the drawn tile went, e.g. 1,0 r90 hunter Es (any case
                        or spacing: 1 0 R90 Hunter es); pieces: gatherer (forest),
                        fisher (river), hunter (meadow), hut (river system); zones, on
                        the tile as it lies: N E S W the middle of a side, Nw Ne En Es
                        Se Sw Ws Wn a river bank (side, then half: Ne = the north
                        side's eastern half), L0 L1 a lake as the description numbers it
  NUMBER                a move from the numbered list that `moves` prints
  place/draw/deal/refuse … a log line, as docs/log-format.md writes it
SCOUT  board                 the board again      moves   the legal moves, numbered
  look X,Y              the tile on a square: its zones with their features (size,
                        animals, fish, complete or open, who claims them) and pieces
  undo                  take back the last entry (a draw or a move)
  quit                  stop here; the log is written, --resume goes on later";

/// What an entry did.
enum Outcome {
    /// The game went on (or back, after an undo).
    Changed,
    /// Only something to read.
    Said(String),
    Quit,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let interactive = std::io::stdin().is_terminal();
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut input = Input::new(Box::new(std::io::stdin().lock()));
    let mut session = match &args.resume {
        Some(file) => match resume(file, args.log.clone())? {
            Ok(s) => s,
            Err(code) => return Ok(code),
        },
        None => start(args, &mut input, interactive)?,
    };
    if let Some(path) = &session.path
        && session.rec.entries().is_empty()
    {
        session.save()?;
        if interactive {
            eprintln!("The log goes to {} after every entry.", path.display());
        }
    }
    if interactive {
        eprintln!(
            "Recording a game of variant {} for {}. `help` lists what you can type.",
            session.header.variant,
            session
                .header
                .players
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{} {n}", i + 1))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let mut shown_view = false;
    while !session.rec.is_over() {
        if interactive {
            if !shown_view {
                eprint!("{}", session.view(colour));
                if let Need::Move { tile, .. } = session.rec.need() {
                    eprint!("{}", session.tile(tile, colour));
                }
                shown_view = true;
            }
            eprint!("{}", session.prompt());
            let _ = std::io::stderr().flush();
        }
        let Some((number, line)) = input.next_line()? else {
            if interactive {
                eprintln!();
            }
            return session.stopped("The input ended before the game's end.");
        };
        // The game is rebuilt from the entries, so what came before stays as it was: the new
        // events follow the old ones, unless an entry was taken back.
        let (entries, known) = (session.rec.entries().len(), session.rec.events().len());
        match session.handle(&line) {
            Ok(Outcome::Changed) => {
                session.save()?;
                if interactive {
                    if session.rec.entries().len() < entries {
                        eprintln!("Taken back.");
                    } else {
                        for e in &session.rec.events()[known..] {
                            eprintln!("  {}", session.words(e));
                        }
                    }
                    // The board again at the start of each turn; the tile drawn once.
                    match session.rec.need() {
                        Need::Move { tile, .. } => eprint!("{}", session.tile(tile, colour)),
                        Need::Deal { .. } => {}
                        _ => shown_view = false,
                    }
                }
            }
            Ok(Outcome::Said(text)) => {
                if interactive {
                    eprintln!("{text}");
                }
            }
            Ok(Outcome::Quit) => {
                if interactive {
                    eprint!("Stop recording here? The log keeps the game so far. (y/n) ");
                    let _ = std::io::stderr().flush();
                    let yes = input
                        .next_line()?
                        .is_none_or(|(_, a)| a.eq_ignore_ascii_case("y"));
                    if !yes {
                        continue;
                    }
                }
                return session.stopped("Recording stopped before the game's end.");
            }
            Err(why) if interactive => eprintln!("Not that: {why}."),
            Err(why) => {
                session.save()?;
                eprintln!("error: <stdin>:{number}: {why}");
                if let Some(path) = &session.path {
                    eprintln!(
                        "The log of the game up to the line before is in {}; fix the line and go \
                         on with `hunters record --resume {}`.",
                        path.display(),
                        path.display()
                    );
                }
                return Ok(ExitCode::from(1));
            }
        }
    }
    session.save()?;
    if interactive && !shown_view {
        eprint!("{}", session.view(colour));
    }
    session.final_scoring();
    Ok(ExitCode::SUCCESS)
}

/// Lines of input, numbered, with comments and surrounding spaces removed.
struct Input {
    lines: Box<dyn BufRead>,
    number: usize,
    /// A line read ahead (while looking for header tags) and not used yet.
    pending: Option<(usize, String)>,
}

impl Input {
    fn new(lines: Box<dyn BufRead>) -> Input {
        Input {
            lines,
            number: 0,
            pending: None,
        }
    }

    fn next_line(&mut self) -> Result<Option<(usize, String)>> {
        if let Some(p) = self.pending.take() {
            return Ok(Some(p));
        }
        loop {
            let mut raw = String::new();
            if self
                .lines
                .read_line(&mut raw)
                .context("cannot read the input")?
                == 0
            {
                return Ok(None);
            }
            self.number += 1;
            let text = raw.split('#').next().unwrap_or("").trim();
            if !text.is_empty() {
                return Ok(Some((self.number, text.to_string())));
            }
        }
    }
}

struct Session {
    rec: Recording,
    header: Header,
    path: Option<PathBuf>,
}

/// A new game: its variant and players from the command line, or from the header of a log
/// coming down a pipe.
fn start(args: &Args, input: &mut Input, interactive: bool) -> Result<Session> {
    let mut variant = args.variant.clone();
    let mut players = args.players.clone();
    if !interactive {
        while let Some((number, line)) = input.next_line()? {
            let Some(tag) = log::parse_tag(&line) else {
                input.pending = Some((number, line));
                break;
            };
            let from_tag = |given: &mut Option<String>, option: &str| -> Result<()> {
                match given {
                    Some(v) if *v != tag.value => bail!(
                        "<stdin>:{number}: the log is of {} {:?}, the command line says {option} \
                         {v}; leave {option} out to take the log's",
                        tag.name.to_lowercase(),
                        tag.value
                    ),
                    _ => *given = Some(tag.value.clone()),
                }
                Ok(())
            };
            match tag.name.as_str() {
                "Variant" => from_tag(&mut variant, "--variant")?,
                // Names are only labels: the command line's replace the log's, seat for seat.
                "Players" => {
                    let names: Vec<String> =
                        tag.value.split(',').map(|s| s.trim().to_string()).collect();
                    if players.is_empty() {
                        players = names;
                    } else if players.len() != names.len() {
                        bail!(
                            "<stdin>:{number}: the log is a game of {} players, the command line \
                             names {}; give as many names, or leave --players out",
                            names.len(),
                            players.len()
                        );
                    }
                }
                // The rest (format, seed, result, options) is the log's business: the rules
                // come from the variant.
                _ => {}
            }
        }
    }
    let variant_name = variant.unwrap_or_else(|| "2020".to_string());
    if players.is_empty() {
        bail!("give the players' names in seat order: --players Ann,Bob (2 to 5 names)");
    }
    let names = checked_names(players)?;
    let variant = Variant::load(&variant_name)?;
    if let Some(path) = &args.log
        && path.exists()
    {
        bail!(
            "{} exists already; go on with that game with `hunters record --resume {}`, or give \
             --log another file",
            path.display(),
            path.display()
        );
    }
    Ok(Session {
        rec: Recording::new(&variant, names.len()),
        header: Header {
            variant: variant_name,
            seed: None,
            players: names,
            notes: Vec::new(),
        },
        path: args.log.clone(),
    })
}

fn checked_names(names: Vec<String>) -> Result<Vec<String>> {
    let names: Vec<String> = names.into_iter().map(|n| n.trim().to_string()).collect();
    if !(2..=5).contains(&names.len()) {
        bail!(
            "--players names {} players; the game is for 2 to 5",
            names.len()
        );
    }
    for n in &names {
        if n.is_empty() || n.contains(['"', '#', ',']) {
            bail!("player name {n:?}: a name is not empty and has no \", # or comma");
        }
    }
    Ok(names)
}

/// The game of a log written by `record`, to go on with; exit 1 when it does not replay.
fn resume(file: &Path, log_to: Option<PathBuf>) -> Result<Result<Session, ExitCode>> {
    let parsed = log::load(file)?;
    let Some(variant_name) = parsed.tag("Variant").map(|t| t.value.clone()) else {
        bail!("{}: no Variant tag; is it a game log?", file.display());
    };
    let Some(players) = parsed.tag("Players") else {
        bail!("{}: no Players tag; is it a game log?", file.display());
    };
    if parsed.tag("Seed").is_some() {
        bail!(
            "{}: a seeded game (played by `hunters play`), not one recorded at the table",
            file.display()
        );
    }
    let names = checked_names(players.value.split(',').map(str::to_string).collect())?;
    let variant = variant_of_log(file, &variant_name)?;
    let rec = match Recording::from_log(&parsed, &variant, None) {
        Ok(rec) => rec,
        Err((line, why)) => {
            eprintln!(
                "error: {}:{line}: {why}; the log cannot be resumed (`hunters verify {}` shows \
                 more)",
                file.display(),
                file.display()
            );
            return Ok(Err(ExitCode::from(1)));
        }
    };
    let session = Session {
        rec,
        header: Header {
            variant: variant_name,
            seed: None,
            players: names,
            notes: Vec::new(),
        },
        path: Some(log_to.unwrap_or_else(|| file.to_path_buf())),
    };
    if session.rec.is_over() {
        eprintln!(
            "The game in {} is over; `hunters verify {}` checks it.",
            file.display(),
            file.display()
        );
        session.final_scoring();
        return Ok(Err(ExitCode::SUCCESS));
    }
    eprintln!(
        "Going on with the game in {} ({} entries so far).",
        file.display(),
        session.rec.entries().len()
    );
    Ok(Ok(session))
}

/// The variant a log names: built in or a file, looked for as given, then beside the log (as
/// `verify` does).
pub(super) fn variant_of_log(file: &Path, name: &str) -> Result<Variant> {
    match Variant::load(name) {
        Ok(v) => Ok(v),
        Err(e) => match file.parent().map(|d| d.join(name)) {
            Some(beside) if beside.exists() => Ok(Variant::load(&beside.display().to_string())?),
            _ => Err(e.into()),
        },
    }
}

impl Session {
    fn game(&self) -> &Game {
        self.rec.game()
    }

    fn name(&self, player: usize) -> &str {
        &self.header.players[player]
    }

    /// The seat and name, for tables (two players may share a name).
    fn seat(&self, player: usize) -> String {
        format!("{} {}", player + 1, self.name(player))
    }

    fn save(&self) -> Result<()> {
        if let Some(path) = &self.path {
            std::fs::write(path, self.rec.log(&self.header))
                .with_context(|| format!("cannot write the log to {}", path.display()))?;
        }
        Ok(())
    }

    /// What the rules made of an entry, in words, with the players' names.
    fn words(&self, e: &Event) -> String {
        hunters::tell::event(self.game(), e, &self.header.players)
    }

    /// The board, the scores and supplies, and the tiles left.
    fn view(&self, colour: bool) -> String {
        let game = self.game();
        let mut s = String::from("\n");
        s.push_str(&render::ascii_in_colour(game, colour));
        for p in 0..game.players() {
            let (meeples, huts) = game.supply(p);
            s.push_str(&format!(
                "  {} {:<12} {:>3} points   {meeples} meeple{}, {huts} hut{} in supply\n",
                p + 1,
                self.name(p),
                game.total(p),
                if meeples == 1 { "" } else { "s" },
                if huts == 1 { "" } else { "s" },
            ));
        }
        let land = self.rec.undrawn(Deck::Regular).len();
        let bonus = self.rec.undrawn(Deck::Bonus).len();
        s.push_str(&format!(
            "  {land} land tiles and {bonus} {} tiles not drawn yet\n",
            self.bonus_name()
        ));
        s
    }

    /// The tile drawn, in words and in its four turns.
    fn tile(&self, tile: usize, colour: bool) -> String {
        let t = &self.game().tiles().tiles[tile];
        format!(
            "Tile {}: {}\n{}",
            t.id,
            t.describe(),
            render::tile_turns(t, colour)
        )
    }

    fn bonus_name(&self) -> &'static str {
        if self.game().rules().edition() == Edition::E2020 {
            "menhir"
        } else {
            "bonus"
        }
    }

    /// What to type now.
    fn prompt(&self) -> String {
        let game = self.game();
        match self.rec.need() {
            Need::Deal { player } => format!(
                "Which special piece did {} get (S1…S4 or shaman)? ",
                self.name(player)
            ),
            Need::Draw { player, bonus } => format!(
                "{} draws a {} tile: which (its id, or find WORDS)? ",
                self.name(player),
                if bonus { self.bonus_name() } else { "land" }
            ),
            Need::Choice { player } => {
                let held: Vec<String> = game
                    .hand(player)
                    .iter()
                    .filter_map(|s| match s {
                        Special::Tile(t) => Some(game.tiles().tiles[*t].id.clone()),
                        Special::Shaman => None,
                    })
                    .collect();
                format!(
                    "{} may lay special tile {} instead of drawing: `place {} {} X,Y rDEG …`, or \
                     the id of the tile drawn? ",
                    self.name(player),
                    held.join(" or "),
                    player + 1,
                    held.first().map_or("S1", String::as_str)
                )
            }
            Need::Move { player, tile } => format!(
                "Where did {} lay tile {} (X,Y rDEG [PIECE ZONE], or moves)? ",
                self.name(player),
                game.tiles().tiles[tile].id
            ),
            Need::Over => String::new(),
        }
    }

    /// One line typed or read.
    fn handle(&mut self, line: &str) -> Result<Outcome, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let need = self.rec.need();
        match words[..] {
            ["help" | "?"] => {
                // The Scout's commands only where the Scout is played.
                let scout = if self.game().rules().options().scout.is_some() {
                    "  refuse                Scout: the Scout's owner refuses the tile drawn\n  \
                     draw                  Scout: draw rather than lay your special tile\n"
                } else {
                    ""
                };
                return Ok(Outcome::Said(HELP.replacen("SCOUT", scout, 1)));
            }
            ["board"] => return Ok(Outcome::Said(self.view(false))),
            ["look", ..] => {
                let said = match hunters::tell::square_named(&words[1..].join(" ")) {
                    None => "Look at which square? e.g. `look 1,0`.".to_string(),
                    Some(pos) => hunters::tell::square(self.game(), pos, &self.header.players)
                        .unwrap_or_else(|| format!("No tile lies on {},{}.", pos.x, pos.y)),
                };
                return Ok(Outcome::Said(said));
            }
            ["moves"] => return self.moves().map(Outcome::Said),
            ["find", ..] => return Ok(Outcome::Said(self.find(&words[1..]))),
            ["quit" | "exit"] => return Ok(Outcome::Quit),
            ["undo"] => {
                return match self.rec.undo() {
                    Some(_) => Ok(Outcome::Changed),
                    None => Err("nothing to undo yet".to_string()),
                };
            }
            ["draw"] | ["refuse"] | ["refuse", _] => {
                let mv = notation::read_move(self.game(), line).map_err(|e| e.to_string())?;
                self.rec.play(mv).map_err(|e| e.to_string())?;
                return Ok(Outcome::Changed);
            }
            // `draw 34`: the tile drawn, said as people say it.
            ["draw", id] => return self.draw(id),
            [first, ..]
                if [
                    "deal", "draw", "place", "refuse", "discard", "score", "return", "cover", "end",
                ]
                .contains(&first) =>
            {
                self.rec.enter_line(line).map_err(|e| e.to_string())?;
                return Ok(Outcome::Changed);
            }
            _ => {}
        }
        match need {
            Need::Deal { player } => {
                self.rec
                    .enter_line(&format!("deal {} {line}", player + 1))
                    .map_err(|e| e.to_string())?;
            }
            Need::Draw { .. } => return self.draw(line),
            Need::Choice { .. } if words.len() == 1 && !line.contains(',') => {
                return self.draw(line);
            }
            Need::Move { .. } | Need::Choice { .. } => {
                let mv = match line.parse::<usize>() {
                    Ok(n) => {
                        let moves = self.rec.legal_moves();
                        *moves.get(n).ok_or_else(|| {
                            format!(
                                "there are moves 0 to {} (`moves` lists them)",
                                moves.len().saturating_sub(1)
                            )
                        })?
                    }
                    Err(_) => notation::read_move(self.game(), line).map_err(|e| e.to_string())?,
                };
                self.rec.play(mv).map_err(|e| e.to_string())?;
            }
            Need::Over => return Err("the game is over".to_string()),
        }
        Ok(Outcome::Changed)
    }

    fn draw(&mut self, id: &str) -> Result<Outcome, String> {
        let tile = self.rec.tile_index(id).map_err(|e| e.to_string())?;
        self.rec.draw(tile).map_err(|e| e.to_string())?;
        Ok(Outcome::Changed)
    }

    fn moves(&self) -> Result<String, String> {
        let moves = self.rec.legal_moves();
        if moves.is_empty() {
            return Err("no move to choose now: a tile is drawn first".to_string());
        }
        let mut s = String::new();
        for (n, m) in moves.iter().enumerate() {
            s.push_str(&format!("{n:4}  {}\n", notation::move_text(self.game(), m)));
        }
        Ok(s)
    }

    /// The tiles not drawn yet (of the deck a draw now comes from) that match every word: an
    /// id, a name, the sides NESW at any turn (`RMFF`), or a word of the contents (`mammoths`
    /// as `mammoth`; `2 fish` as one phrase). Identical tiles are one line, with how many of
    /// them are left.
    fn find(&self, words: &[&str]) -> String {
        let bonus = matches!(self.rec.need(), Need::Draw { bonus: true, .. });
        let (deck, other) = if bonus {
            (Deck::Bonus, Deck::Regular)
        } else {
            (Deck::Regular, Deck::Bonus)
        };
        let terms = search_terms(words);
        let tiles = &self.game().tiles().tiles;
        let matching = |deck: Deck| -> Vec<(usize, usize)> {
            // (tile, copies left), identical tiles together under the first id.
            let mut found: Vec<(usize, usize)> = Vec::new();
            for t in self.rec.undrawn(deck) {
                if !terms.iter().all(|w| tile_matches(&tiles[t], w)) {
                    continue;
                }
                match found
                    .iter_mut()
                    .find(|(u, _)| same_tile(&tiles[*u], &tiles[t]))
                {
                    Some((_, n)) => *n += 1,
                    None => found.push((t, 1)),
                }
            }
            found
        };
        let hits = matching(deck);
        let deck_word = |d: Deck| match d {
            Deck::Bonus => format!("{} tile", self.game().tiles().bonus_name),
            _ => "land tile".to_string(),
        };
        if hits.is_empty() {
            let elsewhere: usize = matching(other).iter().map(|(_, n)| n).sum();
            return if elsewhere > 0 {
                format!(
                    "No {} left matches; {elsewhere} {} left do{} (the draw now is a {}).",
                    deck_word(deck),
                    deck_word(other) + if elsewhere == 1 { "" } else { "s" },
                    if elsewhere == 1 { "es" } else { "" },
                    deck_word(deck)
                )
            } else {
                "No tile left to draw matches; `find` with fewer words lists more.".into()
            };
        }
        let mut s = String::new();
        for (t, left) in hits {
            let tile = &tiles[t];
            let twins: Vec<&str> = tiles
                .iter()
                .filter(|u| u.id != tile.id && same_tile(u, tile))
                .map(|u| u.id.as_str())
                .collect();
            let name = tile
                .name
                .as_ref()
                .map_or(String::new(), |n| format!("[{n}] "));
            let also = if twins.is_empty() {
                String::new()
            } else {
                format!(" (the same as {})", twins.join(", "))
            };
            s.push_str(&format!(
                "{:>4}  {}  {left} left{also}: {name}{}\n",
                tile.id,
                tile.sides_code(),
                tile.describe()
            ));
        }
        s
    }

    /// The log is written; tell where it stands and how to go on.
    fn stopped(&self, why: &str) -> Result<ExitCode> {
        self.save()?;
        println!("{why}");
        self.totals("Scores so far");
        match &self.path {
            Some(p) => println!(
                "The log is in {}; `hunters record --resume {}` goes on.",
                p.display(),
                p.display()
            ),
            None => println!("Without --log the game so far is not kept."),
        }
        Ok(ExitCode::SUCCESS)
    }

    /// The final scoring, each feature with its breakdown, then the totals.
    fn final_scoring(&self) {
        let game = self.game();
        let end = game
            .events()
            .iter()
            .position(|e| matches!(e, Event::End))
            .unwrap_or(game.events().len());
        let mut t = super::common::table();
        t.set_header(vec!["who", "for", "points", "where", "how"]);
        for e in &game.events()[end..] {
            if let Event::Score(s) = e {
                let who: Vec<String> = s.players.iter().map(|&p| self.seat(p)).collect();
                t.add_row(vec![
                    Cell::new(if who.is_empty() {
                        "nobody".to_string()
                    } else {
                        who.join(", ")
                    }),
                    Cell::new(s.category.name()),
                    Cell::new(s.points()).set_alignment(CellAlignment::Right),
                    Cell::new(notation::zone_address(game, s.zone)),
                    Cell::new(s.breakdown.to_string()),
                ]);
            }
        }
        println!("Final scoring");
        println!("{t}");
        self.totals("Totals");
        let winners: Vec<&str> = game.winners().iter().map(|&p| self.name(p)).collect();
        let best = (0..game.players())
            .map(|p| game.total(p))
            .max()
            .unwrap_or(0);
        match winners[..] {
            [] => println!("No winner: the leaders tie on {best} points and victory is not shared"),
            [one] => println!("Winner: {one} with {best} points"),
            _ => println!(
                "Shared victory: {} with {best} points each",
                winners.join(" and ")
            ),
        }
        if let Some(p) = &self.path {
            println!(
                "The log is in {}; `hunters verify {}` checks it.",
                p.display(),
                p.display()
            );
        }
    }

    fn totals(&self, title: &str) {
        let game = self.game();
        let mut t = super::common::table();
        let mut header = vec![Cell::new("player")];
        header.extend(Category::ALL.iter().map(|c| Cell::new(c.name())));
        header.push(Cell::new("total"));
        t.set_header(header);
        for p in 0..game.players() {
            let mut row = vec![Cell::new(self.seat(p))];
            for c in Category::ALL {
                row.push(Cell::new(game.score(p, c)).set_alignment(CellAlignment::Right));
            }
            row.push(Cell::new(game.total(p)).set_alignment(CellAlignment::Right));
            t.add_row(row);
        }
        println!("{title}");
        println!("{t}");
    }
}

/// Two tiles a person cannot tell apart: the same sides, contents and name.
pub(super) fn same_tile(a: &Tile, b: &Tile) -> bool {
    a.deck == b.deck
        && a.sides_code() == b.sides_code()
        && a.name == b.name
        && a.describe() == b.describe()
}

/// The words of a search as terms: a number joins the word after it (`2 fish`).
fn search_terms(words: &[&str]) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i].parse::<u32>().is_ok() && i + 1 < words.len() {
            terms.push(format!("{} {}", words[i], words[i + 1]));
            i += 2;
        } else {
            terms.push(words[i].to_string());
            i += 1;
        }
    }
    terms
}

/// Whether a search term fits a tile: its id, its sides at some turn, or a word or phrase
/// of its name or contents (a plural as its singular; a number not part of a larger one).
fn tile_matches(tile: &Tile, term: &str) -> bool {
    let w = term.to_lowercase();
    if tile.id.eq_ignore_ascii_case(term) {
        return true;
    }
    let sides = tile.sides_code().to_lowercase();
    if w.len() == 4 && w.chars().all(|c| "fmr".contains(c)) {
        let twice = format!("{sides}{sides}");
        return twice.contains(&w);
    }
    let text = format!("{} {}", tile.name.as_deref().unwrap_or(""), tile.describe()).to_lowercase();
    let found = |w: &str| {
        text.match_indices(w).any(|(at, _)| {
            // A number must not be the tail of a larger one (`2 fish` is not `12 fish`).
            !w.starts_with(|c: char| c.is_ascii_digit())
                || !text[..at].ends_with(|c: char| c.is_ascii_digit())
        })
    };
    found(&w)
        || w.strip_suffix("es")
            .is_some_and(|s| s.len() > 2 && found(s))
        || w.strip_suffix('s').is_some_and(|s| s.len() > 2 && found(s))
}
