//! Honest intervals: rotated seats never replay a game, the deal is the unit of independence,
//! and an interval does not move when each game is given twice (unless its deals show no
//! spread at all) or the run is split in shards.

use crate::run;

use std::collections::{BTreeMap, BTreeSet};

use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare::{Outcome, Plan, Table, Tally};
use hunters::statistics::{CONFIDENCE, Clustered, wilson};
use hunters::summary::Summary;
use run::{hunters, stderr, stdout};

/// Every deal's games under each variant, played once.
fn deals(
    variants: &[Variant],
    bots: &[BotKind],
    rotate: bool,
    count: u64,
) -> Vec<Vec<Vec<Outcome>>> {
    let plan = Plan::new(bots, rotate);
    let mut table = Table::default();
    (0..count)
        .map(|d| table.tally_deal(variants, &plan, 5, d).unwrap())
        .collect()
}

fn tallies<'a>(
    bots: &[BotKind],
    variants: usize,
    played: impl Iterator<Item = &'a Vec<Vec<Outcome>>>,
    twice: bool,
) -> Vec<Tally> {
    let mut t: Vec<Tally> = (0..variants).map(|v| Tally::new(bots, v > 0)).collect();
    for by_variant in played {
        let doubled: Vec<Vec<Outcome>> = by_variant
            .iter()
            .map(|games| {
                let mut g = games.clone();
                if twice {
                    g.extend(games.iter().cloned());
                }
                g
            })
            .collect();
        for (v, games) in doubled.iter().enumerate() {
            t[v].add_deal(games, (v > 0).then(|| &doubled[0][..]));
        }
    }
    t
}

/// Whether every deal of `c` shows the same rate: then nothing shows how a deal's games move
/// together, and a rate's interval counts the games as independent trials, as one trial the
/// other way would (docs/statistics.md), so giving each game twice narrows it.
fn without_spread(c: &Clustered) -> bool {
    c.variance_of_mean() == Some(0.0)
}

/// The rates of `t` whose deals show no spread, as paths into its summary's JSON.
fn rates_without_spread(t: &Tally) -> Vec<Vec<serde_json::Value>> {
    let mut out = Vec::new();
    for (seat, c) in t.win_sixtieths.iter().enumerate() {
        if without_spread(c) {
            out.push(vec!["win_share_by_seat".into(), seat.into()]);
            if seat == 0 {
                out.push(vec!["first_player_advantage".into()]);
            }
        }
    }
    for (seat, by_rank) in t.ranks.iter().enumerate() {
        for (rank, c) in by_rank.iter().enumerate() {
            if without_spread(c) {
                out.push(vec!["rank_by_seat".into(), seat.into(), rank.into()]);
            }
        }
    }
    for (b, bot) in t.bots.iter().enumerate() {
        if without_spread(&bot.result) {
            for key in ["win_rate", "elo"] {
                out.push(vec!["bots".into(), b.into(), key.into()]);
            }
        }
    }
    out
}

fn at<'a>(v: &'a mut serde_json::Value, path: &[serde_json::Value]) -> &'a mut serde_json::Value {
    path.iter().fold(v, |v, key| match key {
        serde_json::Value::String(k) => &mut v[k.as_str()],
        k => &mut v[k.as_u64().unwrap() as usize],
    })
}

/// A summary as JSON, without the counts of games (which giving each game twice doubles) and
/// without the rates whose deals show no spread ([`without_spread`]).
fn intervals(t: &Tally) -> serde_json::Value {
    let mut v = serde_json::to_value(Summary::of(t, CONFIDENCE)).unwrap();
    v["games"] = 0.into();
    if let Some(bots) = v["bots"].as_array_mut() {
        for b in bots {
            b["games"] = 0.into();
        }
    }
    for path in rates_without_spread(t) {
        *at(&mut v, &path) = serde_json::Value::Null;
    }
    v
}

/// The width of the interval at `path` in `t`'s summary.
fn width(t: &Tally, path: &[serde_json::Value]) -> f64 {
    let mut v = serde_json::to_value(Summary::of(t, CONFIDENCE)).unwrap();
    let i = at(&mut v, path);
    i["high"].as_f64().unwrap() - i["low"].as_f64().unwrap()
}

#[test]
fn every_game_given_twice_leaves_every_interval_as_it_was() {
    let variants = [
        Variant::load("2002").unwrap(),
        Variant::load("2020").unwrap(),
    ];
    for (bots, rotate) in [
        (vec![BotKind::Greedy, BotKind::Random], true),
        (
            vec![BotKind::Random, BotKind::Random, BotKind::Greedy],
            false,
        ),
    ] {
        let played = deals(&variants, &bots, rotate, 24);
        let once = tallies(&bots, 2, played.iter(), false);
        let twice = tallies(&bots, 2, played.iter(), true);
        let mut flat = 0;
        for (a, b) in once.iter().zip(&twice) {
            assert_eq!(b.games, 2 * a.games);
            assert_eq!(a.deals, b.deals);
            assert_eq!(intervals(a), intervals(b), "{bots:?}");
            // Where the deals show no spread the games count, and twice as many narrow it.
            for path in rates_without_spread(a) {
                assert!(width(b, &path) < width(a, &path), "{bots:?}: {path:?}");
                flat += 1;
            }
        }
        // greedy wins every game against random: its win rate, and the seats' shares when
        // rotated, are the same in every deal.
        assert!(flat > 0, "{bots:?}");
        // The same games counted as if each were a deal of its own claim narrower intervals:
        // the deal is what the intervals count.
        let loose: Vec<Vec<Vec<Outcome>>> = played
            .iter()
            .flat_map(|by_variant| {
                (0..by_variant[0].len())
                    .map(|g| {
                        by_variant
                            .iter()
                            .map(|games| vec![games[g].clone()])
                            .collect()
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        let loose = tallies(&bots, 2, loose.iter(), false);
        if rotate {
            let a = Summary::of(&once[1], CONFIDENCE);
            let b = Summary::of(&loose[1], CONFIDENCE);
            assert_eq!(a.points.total.mean, b.points.total.mean);
            assert_ne!(a.points.total.half_width, b.points.total.half_width);
            assert_eq!(a.deals * 2, b.deals);
        }
    }
}

#[test]
fn shards_of_deals_merge_to_the_intervals_of_one_run() {
    let variants = [
        Variant::load("2014").unwrap(),
        Variant::load("2020").unwrap(),
    ];
    let bots = [BotKind::Greedy, BotKind::Random];
    let played = deals(&variants, &bots, true, 30);
    let whole = tallies(&bots, 2, played.iter(), false);
    let mut merged: Vec<Tally> = (0..2).map(|v| Tally::new(&bots, v > 0)).collect();
    for k in 0..3 {
        let shard = tallies(&bots, 2, played.iter().skip(k).step_by(3), false);
        for (m, s) in merged.iter_mut().zip(&shard) {
            m.merge(s);
        }
    }
    assert_eq!(whole, merged);
    for (a, b) in whole.iter().zip(&merged) {
        assert_eq!(
            serde_json::to_value(Summary::of(a, CONFIDENCE)).unwrap(),
            serde_json::to_value(Summary::of(b, CONFIDENCE)).unwrap()
        );
    }
}

/// Whole runs through the command line: shards of a rotated run with two bots merge to the
/// unsharded run's output, every interval included.
#[test]
fn simulate_shards_merge_to_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("hunters-intervals-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = [
        "simulate",
        "--games",
        "14",
        "--bots",
        "greedy,random",
        "--rotate-seats",
        "--json",
        "2002",
        "2020",
    ];
    let mut files = Vec::new();
    for k in 1..=3 {
        let mut a = args.to_vec();
        let shard = format!("{k}/3");
        a.extend(["--shard", &shard]);
        let o = hunters(&a);
        assert!(o.status.success(), "{}", stderr(&o));
        let f = dir.join(format!("s{k}.json"));
        std::fs::write(&f, stdout(&o)).unwrap();
        files.push(f.to_string_lossy().into_owned());
    }
    let mut merge = vec!["simulate", "--json", "--merge"];
    merge.extend(files.iter().map(String::as_str));
    let o = hunters(&merge);
    assert!(o.status.success(), "{}", stderr(&o));
    let timeless = |text: &str| {
        let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
        v["games_per_second"] = 0.into();
        v["wall_seconds"] = 0.into();
        v["time_per_move"] = 0.into();
        v
    };
    let merged = timeless(&stdout(&o));
    let whole = timeless(&stdout(&hunters(&args)));
    assert_eq!(merged, whole);
    assert_eq!(whole["config"]["deals"], 7);
    assert_eq!(whole["results"][0]["summary"]["deals"], 7);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The rows of a `--games-out` CSV, by column name.
fn rows(path: &std::path::Path) -> Vec<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(l.split(',').map(String::from))
                .collect()
        })
        .collect()
}

/// What makes a game itself: its seed, its seats' bots and every number it scored.
fn game_of(r: &BTreeMap<String, String>) -> String {
    r.iter()
        .filter(|(k, _)| *k != "game" && *k != "deal")
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn rotating_the_same_bot_in_every_seat_never_replays_a_game() {
    let dir = std::env::temp_dir().join(format!("hunters-rotate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for bot in ["greedy", "random", "mcts:50"] {
        let csv = dir.join(format!("{}.csv", bot.replace(':', "-")));
        let o = hunters(&[
            "simulate",
            "--games",
            "10",
            "--rotate-seats",
            "--bots",
            bot,
            "--games-out",
            csv.to_str().unwrap(),
            "2020",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("rotating the seats would replay the same games"),
            "{bot}: {}",
            stderr(&o)
        );
        assert!(stdout(&o).contains("10 games per variant from 10 deals"));
        let rows = rows(&csv);
        assert_eq!(rows.len(), 10);
        let games: BTreeSet<String> = rows.iter().map(game_of).collect();
        assert_eq!(games.len(), 10, "{bot}: two rows are the same game");
        let deals: BTreeSet<&str> = rows.iter().map(|r| r["deal"].as_str()).collect();
        assert_eq!(deals.len(), 10, "{bot}: a deal per game");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With two different bots, a deal is played once per rotation: the rows carry the deal, and
/// the bot's win-rate interval is computed over deals, not over games as if each were
/// independent.
#[test]
fn rotated_games_of_two_bots_are_tied_by_their_deal() {
    let dir = std::env::temp_dir().join(format!("hunters-deals-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("rows.csv");
    let o = hunters(&[
        "simulate",
        "--games",
        "24",
        "--rotate-seats",
        "--bots",
        "mcts:50,greedy",
        "--games-out",
        csv.to_str().unwrap(),
        "--json",
        "2020",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let rows = rows(&csv);
    assert_eq!(rows.len(), 24);
    // Rotations of a deal: consecutive games, the same seed, the bots swapped.
    let mut by_deal: BTreeMap<u64, Vec<&BTreeMap<String, String>>> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r["game"], i.to_string());
        by_deal
            .entry(r["deal"].parse().unwrap())
            .or_default()
            .push(r);
    }
    assert_eq!(by_deal.len(), 12);
    for games in by_deal.values() {
        let [a, b] = games[..] else {
            panic!("two games a deal")
        };
        assert_eq!(a["seed"], b["seed"]);
        assert_eq!(
            (&a["seat1_bot"], &a["seat2_bot"]),
            (&b["seat2_bot"], &b["seat1_bot"])
        );
    }
    // The search bot's half-points, game by game and deal by deal.
    let points = |r: &BTreeMap<String, String>| -> i64 {
        let seat = if r["seat1_bot"] == "mcts:50" { 1 } else { 2 };
        let winners: Vec<&str> = r["winners"].split(' ').collect();
        if !winners.contains(&seat.to_string().as_str()) {
            0
        } else if winners.len() > 1 {
            1
        } else {
            2
        }
    };
    let mut clustered = Clustered::default();
    let mut won = 0;
    for games in by_deal.values() {
        let s: i64 = games.iter().map(|r| points(r)).sum();
        clustered.add_deal(s, 4);
        won += s;
    }
    let shown = &json["results"][0]["summary"]["bots"][0];
    assert_eq!(shown["bot"], "mcts:50");
    assert_eq!(shown["deals"], 12);
    let (p, low, high) = clustered.rate_of(CONFIDENCE, 2);
    let r4 = |x: f64| (x * 1e4).round() / 1e4;
    assert_eq!(shown["win_rate"]["value"].as_f64().unwrap(), r4(p));
    assert_eq!(shown["win_rate"]["low"].as_f64().unwrap(), r4(low));
    assert_eq!(shown["win_rate"]["high"].as_f64().unwrap(), r4(high));
    // Not the interval as if the 24 games were independent. Which is wider depends on how
    // the rotations of a deal move together: rotation cancels a seat's edge, so a bot's
    // results on one deal tend to differ (seat 1 once, seat 2 once) and the interval over
    // deals is often the narrower; docs/statistics.md has the measured coverage of both.
    let (old_low, old_high) = wilson(won as f64 / 48.0, 24.0, CONFIDENCE);
    assert!(
        ((high - low) - (old_high - old_low)).abs() > 1e-3,
        "over deals {low:.3}–{high:.3}, over games {old_low:.3}–{old_high:.3}"
    );
    // The points: the interval of the mean total is the one over the 12 deals (each deal's
    // four player totals one unit), not the one over 24 games taken as independent.
    let total = |r: &BTreeMap<String, String>| -> i64 {
        r["seat1_total"].parse::<i64>().unwrap() + r["seat2_total"].parse::<i64>().unwrap()
    };
    let mut over_deals = Clustered::default();
    for games in by_deal.values() {
        over_deals.add_deal(games.iter().map(|r| total(r)).sum(), 4);
    }
    let mut over_games = Clustered::default();
    for r in &rows {
        over_games.add_deal(total(r), 2);
    }
    let shown = &json["results"][0]["summary"]["points"]["total"];
    assert_eq!(shown["mean"].as_f64().unwrap(), r4(over_deals.mean()));
    let half = shown["half_width"].as_f64().unwrap();
    assert_eq!(half, r4(over_deals.half_width(CONFIDENCE)));
    assert!(
        (half - over_games.half_width(CONFIDENCE)).abs() > 1e-3,
        "total: ± {half} over deals, ± {} over games",
        over_games.half_width(CONFIDENCE)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Three copies of one bot (`/no-scout` changes nothing in 2020, which has no Scout): the first
/// wins about a third of the games, its fair share, and its strength against the field is 0
/// Elo. The Elo of a pair, `400 log10(p / (1 − p))`, read a third as −120 Elo and left 0
/// outside its interval.
#[test]
fn an_equal_bot_against_two_is_even_with_the_field() {
    let o = hunters(&[
        "simulate",
        "--games",
        "300",
        "--seed",
        "11",
        "--bots",
        "greedy,greedy/no-scout,greedy/no-scout",
        "--json",
        "2020",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let bots = &json["results"][0]["summary"]["bots"];
    let first = &bots[0];
    assert_eq!(first["bot"], "greedy");
    assert_eq!(first["fair_share"], 0.3333);
    assert_eq!(bots[1]["fair_share"], 0.6667);
    let f = |v: &serde_json::Value| v.as_f64().unwrap();
    let (elo, rate) = (&first["elo"], &first["win_rate"]);
    assert!(
        f(&elo["low"]) < 0.0 && 0.0 < f(&elo["high"]),
        "{elo} against the field"
    );
    assert!(f(&rate["low"]) < 1.0 / 3.0 && 1.0 / 3.0 < f(&rate["high"]));
    // The pair's Elo of the same interval misses 0 by far.
    let pair = |p: f64| 400.0 * (p / (1.0 - p)).log10();
    assert!(pair(f(&rate["high"])) < -50.0, "{rate}");
    // Both bots are rated on the one scale: the field's gain is the first bot's loss.
    assert_eq!(f(&bots[1]["elo"]["value"]), -f(&elo["value"]));
    let text = stdout(&hunters(&[
        "simulate",
        "--games",
        "30",
        "--bots",
        "greedy,greedy/no-scout,greedy/no-scout",
        "2020",
    ]));
    assert!(text.contains("Elo vs the field (Luce)"), "{text}");
    assert!(text.contains("fair share"), "{text}");
}
