//! What the Scout's special pieces are worth to a bot: plays two bots against each other in
//! a Scout variant, every deal twice with the seats swapped, and splits the first bot's win
//! rate by the special piece each player was dealt (two players hold one piece each by
//! default; the other three leave the game). It also counts how the first bot used its piece:
//! the Shaman's recalls, the Scout tile's refusals, and in which of its turns it laid its
//! special tile; and where each bot's points come from (its mean points a game by category)
//! when the first bot, the second or neither held the Shaman.
//!
//! ```sh
//! cargo run --release --example hands -- --deals 1000 --bots greedy,greedy 2002-scout
//! cargo run --release --example hands -- --deals 400 --bots mcts,greedy 2014-scout
//! ```
//!
//! Special pieces are dealt by seat, so a deal's two games give the first bot both pieces of
//! the deal, one in each game: the games of one row come from different deals, and each row's
//! interval (Wilson, 95 %) is over independent games. The deals come from `--seed` (default
//! 31337, the tuning seed of `examples/tune.rs`).

#[path = "shared/command.rs"]
mod command;
#[path = "shared/parallel.rs"]
mod parallel;

use std::collections::BTreeSet;
use std::process::ExitCode;

use hunters::Variant;
use hunters::bot::{Bot, BotKind};
use hunters::compare::deal_seed;
use hunters::game::{Category, Game, Play};
use hunters::scout::Special;
use hunters::statistics::wilson;

fn main() -> ExitCode {
    command::exit("hands", run())
}

/// One game, seen from the first bot.
struct Game1 {
    deal: u64,
    mine: String,
    theirs: String,
    /// A win 1, a draw ½, a loss 0.
    share: f64,
    recalls: u32,
    refusals: u32,
    /// The first bot's turn in which it laid its special tile, if it did.
    laid: Option<u32>,
    /// Points by category ([`Category::ALL`]) of the first bot and of the second.
    points: [[u32; 5]; 2],
}

fn run() -> Result<(), String> {
    let mut deals: u64 = 200;
    let mut seed: u64 = 31337;
    let mut bots = "mcts,greedy".to_string();
    let mut variant = None;
    let mut args = command::Args::from_env();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--deals" => deals = args.number("--deals")?,
            "--seed" => seed = args.number("--seed")?,
            "--bots" => bots = args.value("--bots")?,
            name => variant = Some(Variant::load(name).map_err(|e| format!("{name}: {e}"))?),
        }
    }
    let variant = variant.ok_or("name a Scout variant, e.g. 2002-scout")?;
    if variant.options.scout.is_none() {
        return Err(format!("{} has no Scout pieces", variant.name));
    }
    let kinds: Vec<BotKind> = bots.split(',').map(str::parse).collect::<Result<_, _>>()?;
    let [first, second] = &kinds[..] else {
        return Err("--bots takes two bots, e.g. mcts,greedy".to_string());
    };
    let games: Vec<Game1> = parallel::in_parallel(deals, parallel::cores(), |deal| {
        (0..2)
            .map(|seat| Game1 {
                deal,
                ..game(&variant, [first, second], deal_seed(seed, deal), seat)
            })
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect();
    println!(
        "{} against {} in {}, {deals} deals (seed {seed}), seats swapped: {} games",
        first.name(),
        second.name(),
        variant.name,
        games.len()
    );
    every(&games, deals);
    println!("by the piece {} held:", first.name());
    for piece in pieces(&games, |g| &g.mine) {
        row(&piece, games.iter().filter(|g| g.mine == piece));
    }
    println!("by the piece {} held:", second.name());
    for piece in pieces(&games, |g| &g.theirs) {
        row(&piece, games.iter().filter(|g| g.theirs == piece));
    }
    let mean = |f: &dyn Fn(&Game1) -> Option<f64>| {
        let v: Vec<f64> = games.iter().filter_map(f).collect();
        v.iter().sum::<f64>() / v.len().max(1) as f64
    };
    println!(
        "{}: {:.1} recalls a game with the Shaman, {:.1} refusals with the Scout, special tile laid in its turn {:.1} on average",
        first.name(),
        mean(&|g| (g.mine == "shaman").then_some(f64::from(g.recalls))),
        mean(&|g| (g.mine == "Scout").then_some(f64::from(g.refusals))),
        mean(&|g| g.laid.map(f64::from)),
    );
    // Where the points come from, by who held the Shaman: what the card is worth to each
    // bot, category by category.
    println!(
        "points a game, {} / {} ({}):",
        first.name(),
        second.name(),
        Category::ALL.map(|c| c.name()).join(", ")
    );
    let (a, b) = if first.name() == second.name() {
        (
            format!("the first {}", first.name()),
            format!("the second {}", second.name()),
        )
    } else {
        (first.name(), second.name())
    };
    for (label, held) in [
        (format!("{a} held the Shaman"), [true, false]),
        (format!("{b} held the Shaman"), [false, true]),
        ("neither held it".to_string(), [false, false]),
    ] {
        let those: Vec<&Game1> = games
            .iter()
            .filter(|g| [g.mine == "shaman", g.theirs == "shaman"] == held)
            .collect();
        let n = those.len().max(1) as f64;
        let means = |who: usize| {
            (0..5)
                .map(|c| {
                    let sum: u32 = those.iter().map(|g| g.points[who][c]).sum();
                    format!("{:.1}", f64::from(sum) / n)
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!(
            "  {label:<26} {} / {}  ({} games)",
            means(0),
            means(1),
            those.len()
        );
    }
    Ok(())
}

/// The pieces held, by `key`, in name order.
fn pieces(games: &[Game1], key: impl Fn(&Game1) -> &String) -> BTreeSet<String> {
    games.iter().map(|g| key(g).clone()).collect()
}

/// The first bot's win rate over every game, with its 95 % interval over deals (a deal's two
/// games are one unit).
fn every(games: &[Game1], deals: u64) {
    let mut by_deal = vec![0.0; deals as usize];
    for g in games {
        by_deal[g.deal as usize] += g.share / 2.0;
    }
    let n = by_deal.len() as f64;
    let mean = by_deal.iter().sum::<f64>() / n;
    let var = by_deal.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "  {:<22} {:5.1} % ({:.1}–{:.1}) over {n} deals",
        "every game",
        100.0 * mean,
        100.0 * (mean - half),
        100.0 * (mean + half)
    );
}

/// The first bot's win rate over games of distinct deals, with its Wilson 95 % interval.
fn row<'a>(label: &str, games: impl Iterator<Item = &'a Game1>) {
    let shares: Vec<f64> = games.map(|g| g.share).collect();
    let n = shares.len() as f64;
    let rate = shares.iter().sum::<f64>() / n;
    let (lo, hi) = wilson(rate, n, 0.95);
    println!(
        "  {label:<22} {:5.1} % ({:.1}–{:.1}) over {n} games",
        100.0 * rate,
        100.0 * lo,
        100.0 * hi
    );
}

/// One game with the first bot in `seat` (its `deal` left for the caller to set).
fn game(variant: &Variant, kinds: [&BotKind; 2], seed: u64, seat: usize) -> Game1 {
    let mut game = Game::seeded(variant, 2, seed);
    let hand = |game: &Game, p: usize| {
        game.hand(p)
            .iter()
            .map(|s| match *s {
                Special::Shaman => "shaman".to_string(),
                Special::Tile(i) => {
                    let t = &game.tiles().tiles[i];
                    t.name.clone().unwrap_or_else(|| t.id.clone())
                }
            })
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let (mine, theirs) = (hand(&game, seat), hand(&game, 1 - seat));
    let mut bots: Vec<Box<dyn Bot + Send>> = (0..2)
        .map(|s| kinds[usize::from(s != seat)].make(seed, s))
        .collect();
    let (mut recalls, mut refusals, mut turns, mut laid) = (0, 0, 0, None);
    let mut moves = Vec::new();
    while let Some(turn) = game.turn() {
        let mv = bots[turn.player]
            .choose_in(&game, &mut moves)
            .expect("a built-in bot chooses");
        if turn.player == seat {
            match mv.play {
                Play::Special(_) => laid = Some(turns),
                Play::Refuse => refusals += 1,
                Play::Drawn => turns += 1,
                Play::Draw => {}
            }
            recalls += u32::from(mv.recall.is_some());
        }
        game.play_unchecked(mv);
    }
    let (me, other) = (game.total(seat), game.total(1 - seat));
    let by_category = |p: usize| Category::ALL.map(|c| game.score(p, c));
    Game1 {
        deal: 0,
        mine,
        theirs,
        share: match me.cmp(&other) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        },
        recalls,
        refusals,
        laid,
        points: [by_category(seat), by_category(1 - seat)],
    }
}
