//! The skill ladder: ratings recover a known Bradley–Terry truth within their intervals as
//! often as they say, an identical bot shows no gap, `hunters ladder` answers bad input
//! with exit 2 and prints what its JSON carries, and its shards merge to the whole run.

use crate::props;
use crate::run::{hunters, stderr, stdout};

use hunters::Variant;
use hunters::bot::BotKind;
use hunters::ladder::{self, Bound, Deal, Estimate, Ladder, Result2};
use hunters::rng::{Stream, below, stream};

/// The truth: Elo of five bots, the second (greedy) the anchor.
const TRUTH: [f64; 5] = [-300.0, 0.0, 120.0, 200.0, 420.0];

/// The same with a bottom gap of 900 Elo: greedy sweeps random in about a third of the runs
/// of 100 deals.
const SWEPT_TRUTH: [f64; 5] = [-900.0, 0.0, 120.0, 200.0, 420.0];

fn ladder_of(bots: &[BotKind]) -> Ladder {
    Ladder {
        bots: bots.to_vec(),
        luck: None,
        replays: 1,
        strategies: Vec::new(),
    }
}

fn five_bots() -> [BotKind; 5] {
    [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Mcts { playouts: 30 },
        BotKind::Mcts { playouts: 100 },
        BotKind::Mcts { playouts: 300 },
    ]
}

/// A game of bot `a` against bot `b` under `truth`: `a`'s result (no draws).
fn drawn(rng: &mut Stream, truth: &[f64], a: usize, b: usize) -> Result2 {
    let p = 1.0 / (1.0 + 10f64.powf((truth[b] - truth[a]) / 400.0));
    let win = (below(rng, 1_000_000) as f64) < p * 1_000_000.0;
    Result2 {
        share: if win { 1.0 } else { 0.0 },
        margin: if win { 10 } else { -10 },
    }
}

/// 100 deals of the five bots under `truth`, each pair twice a deal.
fn deals_from(truth: &[f64], experiment: u64) -> Vec<Deal> {
    let mut rng = stream(experiment, "ladder truth");
    (0..100)
        .map(|_| Deal {
            steps: (0..4)
                .map(|s| {
                    [
                        drawn(&mut rng, truth, s, s + 1),
                        drawn(&mut rng, truth, s, s + 1),
                    ]
                })
                .collect(),
            mirror: vec![Result2::default(); 5],
            replays: Vec::new(),
            strategies: Vec::new(),
        })
        .collect()
}

/// How often an interval, its half-widths scaled by each of [`SCALES`], covered the truth.
const SCALES: [f64; 3] = [1.0, 1.5, 0.7];

#[derive(Default)]
struct Covered {
    hits: [u64; 3],
    of: u64,
}

impl Covered {
    fn add(&mut self, e: &Estimate, truth: f64) {
        self.of += 1;
        for (k, f) in SCALES.iter().enumerate() {
            let low = e.value - f * (e.value - e.low);
            let high = e.value + f * (e.high - e.value);
            self.hits[k] += u64::from(low <= truth && truth <= high);
        }
    }

    fn share(&self, k: usize) -> f64 {
        self.hits[k] as f64 / self.of as f64
    }
}

/// The band a 95 % interval's coverage must land in over `n` experiments: three standard
/// errors either side (about ±2.9 points at 500, ±2.1 at 1,000), and never narrower than
/// the 93–97 % the intervals promise.
fn band(n: u64) -> (f64, f64) {
    let slack = (3.0 * (0.95 * 0.05 / n as f64).sqrt()).max(0.02);
    (0.95 - slack, 0.95 + slack)
}

/// Experiments of the ladder's truth tests: 1,000 at any scale, enough for a band of about
/// ±2 points that tells intervals 1.5 times too wide apart (they cost a few seconds), more
/// under a larger `HUNTERS_PROPERTY_SCALE` (5 gives the 5,000 of docs/statistics.md).
fn experiments() -> u64 {
    props::cases(1000).max(1000)
}

/// Asserts that the intervals cover within the band, and that the same intervals made 1.5
/// times as wide, or 0.7 times as wide, fall outside it: the check fails both ways.
fn assert_covers_both_ways(name: &str, c: &Covered) {
    let (low, high) = band(c.of);
    let share = c.share(0);
    assert!(
        (low..=high).contains(&share),
        "{name}: covered {:.1} % of {}, outside {:.1}–{:.1} %",
        100.0 * share,
        c.of,
        100.0 * low,
        100.0 * high
    );
    assert!(
        c.share(1) > high,
        "{name}: 1.5 times as wide covered {:.1} %, which the check would pass",
        100.0 * c.share(1)
    );
    assert!(
        c.share(2) < low,
        "{name}: 0.7 times as wide covered {:.1} %, which the check would pass",
        100.0 * c.share(2)
    );
}

#[test]
fn ratings_drawn_from_a_known_truth_are_covered_as_often_as_they_say() {
    let bots = five_bots();
    let names: Vec<String> = bots.iter().map(BotKind::name).collect();
    let plan = ladder_of(&bots);
    let experiments = experiments();
    let step = ladder::STEP;
    let span = (TRUTH[4] - TRUTH[0]) / hunters::statistics::elo(step);
    let mut rungs: Vec<Covered> = (0..5).map(|_| Covered::default()).collect();
    let mut depth = Covered::default();
    let mut error = [0.0f64; 5];
    for e in 0..experiments {
        let deals = deals_from(&TRUTH, e);
        let summary = ladder::summarize(&deals, &plan, &names, step, e);
        assert_eq!(summary.anchor, "greedy");
        assert!(!summary.depth.at_least, "no sweep at these gaps");
        for (b, rung) in summary.rungs.iter().enumerate() {
            rungs[b].add(&rung.elo, TRUTH[b]);
            error[b] += (rung.elo.value - TRUTH[b]).abs() / experiments as f64;
        }
        depth.add(&summary.depth.steps, span);
    }
    println!(
        "of {experiments}: ratings {:?}, depth {:?}; mean errors {error:.1?}",
        rungs.iter().map(|c| c.hits).collect::<Vec<_>>(),
        depth.hits
    );
    for b in [0, 2, 3, 4] {
        assert_covers_both_ways(&format!("rung {b}"), &rungs[b]);
        assert!(error[b] < 60.0, "rung {b}: mean error {:.0} Elo", error[b]);
    }
    assert_eq!(rungs[1].hits[0], experiments, "the anchor is 0 exactly");
    assert_covers_both_ways("the depth", &depth);
}

/// With a bottom gap of 900 Elo, greedy sweeps random in about a third of the runs: every
/// figure then claims only a bound, and every claim — bound or interval — holds at least as
/// often as the page's confidence; the ratings above the anchor, untouched by the sweep,
/// still cover as often as they say.
#[test]
fn a_sweep_claims_no_more_than_its_deals_show() {
    let bots = five_bots();
    let names: Vec<String> = bots.iter().map(BotKind::name).collect();
    let plan = ladder_of(&bots);
    let experiments = experiments();
    let step_elo = hunters::statistics::elo(ladder::STEP);
    let span = (SWEPT_TRUTH[4] - SWEPT_TRUTH[0]) / step_elo;
    let mut swept = 0;
    let mut held = [0u64; 5];
    let (mut gap_held, mut depth_held) = (0, 0);
    let mut above: Vec<Covered> = (0..5).map(|_| Covered::default()).collect();
    let exact = hunters::statistics::elo(hunters::statistics::all_succeeded_bound(100, 0.95));
    for e in 0..experiments {
        let deals = deals_from(&SWEPT_TRUTH, 10_000 + e);
        let s = ladder::summarize(&deals, &plan, &names, ladder::STEP, e);
        let bottom = &s.steps[0];
        if bottom.sweep {
            swept += 1;
            assert_eq!(bottom.gap_bound, Bound::AtLeast);
            // Never more than the exact bound of 100 deals: about 570 Elo.
            assert!((bottom.gap.value - exact).abs() < 1e-9, "{bottom:?}");
            assert_eq!(s.rungs[0].bound, Bound::AtMost);
            assert!(s.depth.at_least);
            assert!(s.depth.steps.value <= span, "{:?}", s.depth);
        }
        for (b, rung) in s.rungs.iter().enumerate() {
            let t = SWEPT_TRUTH[b];
            held[b] += u64::from(match rung.bound {
                Bound::Exact => rung.elo.low <= t && t <= rung.elo.high,
                Bound::AtMost => t <= rung.elo.value,
                Bound::AtLeast => t >= rung.elo.value,
            });
            if b >= 2 {
                above[b].add(&rung.elo, t);
            }
        }
        let g = 900.0;
        gap_held += u64::from(match bottom.gap_bound {
            Bound::Exact => bottom.gap.low <= g && g <= bottom.gap.high,
            Bound::AtLeast => g >= bottom.gap.value,
            Bound::AtMost => g <= bottom.gap.value,
        });
        let d = &s.depth;
        depth_held += u64::from(if d.at_least {
            span >= d.steps.value
        } else {
            d.steps.low <= span && span <= d.steps.high
        });
    }
    println!(
        "{swept} of {experiments} swept; claims held: rungs {held:?}, bottom gap {gap_held}, \
         depth {depth_held}"
    );
    assert!(
        swept > experiments / 5 && swept < experiments / 2,
        "{swept} sweeps of {experiments}"
    );
    let (low, _) = band(experiments);
    for (name, h) in [
        ("random's rating", held[0]),
        ("the bottom gap", gap_held),
        ("the depth", depth_held),
    ] {
        let share = h as f64 / experiments as f64;
        assert!(
            share >= low,
            "{name}: the claim held in {:.1} % of {experiments}",
            100.0 * share
        );
    }
    for (b, covered) in above.iter().enumerate().skip(2) {
        assert_covers_both_ways(&format!("rung {b} beside a sweep"), covered);
    }
}

/// Deals whose luck pair's margins are drawn from known variance components: the deal
/// (variance 1), how the deal suits each seating on its own (variance 0.25) and one seat
/// against the other (±f, variance 0.25), a first player's edge of ±0.5 and play (variance
/// 2), three replays per deal and seating. The deal's share of the variance is (1 + 0.25 +
/// 0.25) / 3.75, the edge's 0.25 / 3.75.
#[test]
fn the_luck_figures_cover_known_variance_shares() {
    let bots = [BotKind::Greedy, BotKind::Mcts { playouts: 30 }];
    let names: Vec<String> = bots.iter().map(BotKind::name).collect();
    let plan = Ladder {
        bots: bots.to_vec(),
        luck: Some(0),
        replays: 3,
        strategies: Vec::new(),
    };
    let experiments = experiments();
    let (deal_truth, seat_truth) = (1.5 / 3.75, 0.25 / 3.75);
    let (mut deal, mut seat) = (Covered::default(), Covered::default());
    for e in 0..experiments {
        let mut rng = stream(e, "luck truth");
        let mut normal = || {
            // Box–Muller from two uniform draws.
            let u = (below(&mut rng, 1 << 30) as f64 + 0.5) / f64::from(1u32 << 30);
            let v = below(&mut rng, 1 << 30) as f64 / f64::from(1u32 << 30);
            (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
        };
        let deals: Vec<Deal> = (0..100)
            .map(|_| {
                let d = normal();
                let f = 0.5 * normal();
                let lean = [0.5 * normal() + f, 0.5 * normal() - f];
                let replays: Vec<[Result2; 2]> = (0..3)
                    .map(|_| {
                        [0, 1].map(|seating| {
                            let edge = if seating == 0 { 0.5 } else { -0.5 };
                            let y = d + edge + lean[seating] + 2f64.sqrt() * normal();
                            let margin = (100.0 * y).round() as i64;
                            Result2 {
                                share: if margin > 0 { 1.0 } else { 0.0 },
                                margin,
                            }
                        })
                    })
                    .collect();
                Deal {
                    steps: vec![replays[0]],
                    mirror: vec![Result2::default(); 2],
                    replays,
                    strategies: Vec::new(),
                }
            })
            .collect();
        let s = ladder::summarize(&deals, &plan, &names, ladder::STEP, e);
        let luck = s.luck.expect("a luck pair");
        deal.add(&luck.margin.deal, deal_truth);
        seat.add(&luck.margin.first_player, seat_truth);
    }
    println!(
        "of {experiments}: the deal's share {:?}, the first player's edge's {:?}",
        deal.hits, seat.hits
    );
    assert_covers_both_ways("the deal's share", &deal);
    assert_covers_both_ways("the first player's edge's share", &seat);
}

#[test]
fn an_identical_bot_under_two_names_shows_no_gap_and_no_chain() {
    // `greedy/no-scout` is `greedy` under another name where there is no Scout tile.
    let variant = Variant::load("2020").unwrap();
    let bots = [
        BotKind::Random,
        BotKind::Greedy,
        "greedy/no-scout".parse().unwrap(),
    ];
    let plan = Ladder {
        bots: bots.to_vec(),
        luck: Some(1),
        replays: 2,
        strategies: Vec::new(),
    };
    let deals: Vec<Deal> = (0..12)
        .map(|d| plan.play_deal(&variant, 3, d).unwrap())
        .collect();
    let names: Vec<String> = bots.iter().map(BotKind::name).collect();
    assert_eq!(names[2], "greedy/no-scout");
    let s = ladder::summarize(&deals, &plan, &names, ladder::STEP, 3);
    let same = &s.steps[1];
    assert_eq!(same.gap.value, 0.0, "{same:?}");
    assert!(same.gap.low <= 0.0 && same.gap.high >= 0.0);
    assert!(same.adds_nothing);
    assert_eq!(same.upper_wins.value, 0.5);
    assert_eq!(s.rungs[1].elo.value, s.rungs[2].elo.value);
    // Alone, the two make a chain of length zero.
    let two = ladder_of(&bots[1..]);
    let alone: Vec<Deal> = deals
        .iter()
        .map(|d| Deal {
            steps: d.steps[1..].to_vec(),
            mirror: d.mirror[1..].to_vec(),
            replays: Vec::new(),
            strategies: Vec::new(),
        })
        .collect();
    let s = ladder::summarize(&alone, &two, &names[1..], ladder::STEP, 3);
    assert_eq!(s.depth.whole_steps, [0, 0, 0], "{:?}", s.depth);
    assert_eq!(s.depth.steps.value, 0.0);
    // Replays play the same tiles with other decisions: greedy's ties and random's moves.
    let replays = &deals[0].replays;
    assert_eq!(replays.len(), 2);
    assert_eq!(replays[0], deals[0].steps[1]);
    assert!(
        deals.iter().any(|d| d.replays[0] != d.replays[1]),
        "a replay with other streams plays other games"
    );
}

#[test]
fn the_ladder_command_prints_its_figures_and_json() {
    let text = hunters(&["ladder", "--games", "6", "--bots", "random,greedy", "2020"]);
    assert!(text.status.success(), "{}", stderr(&text));
    let out = stdout(&text);
    for needle in [
        "greedy = 0",
        "Depth:",
        "first player's edge",
        "the deal (its tiles",
        "What the figures allow one to conclude",
        "Only 3 deals",
    ] {
        assert!(out.contains(needle), "{needle:?} in\n{out}");
    }
    let o = hunters(&[
        "ladder",
        "--games",
        "6",
        "--bots",
        "random,greedy",
        "--json",
        "--seed",
        "4",
        "2020",
        "2002",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["command"], "ladder");
    assert_eq!(v["deals"], 3);
    assert_eq!(v["seed"], "4");
    assert_eq!(v["variants"].as_array().unwrap().len(), 2);
    let first = &v["variants"][0];
    assert_eq!(first["variant"], "2020");
    assert_eq!(first["anchor"], "greedy");
    assert_eq!(first["rungs"][1]["elo"]["value"], 0.0);
    assert_eq!(first["rungs"][0]["bound"], "at-most");
    assert!(first["steps"][0]["sweep"].is_boolean());
    assert!(first["depth"]["whole_steps"].is_array());
    assert!(first["luck"]["margin"]["deal"]["value"].is_number());
    assert!(first["luck"]["margin"]["first_player"]["value"].is_number());
}

/// `greedy` wins every game against `random`: 100 deals can claim no more than the exact
/// bound of 100 out of 100 (about 570 Elo at 95 %), and the depth says "at least" that many
/// steps.
#[test]
fn a_swept_ladder_prints_the_exact_bound_of_its_deals() {
    let args = [
        "ladder",
        "--games",
        "200",
        "--seed",
        "4",
        "--bots",
        "random,greedy",
        "--replays",
        "1",
        "2020",
    ];
    let o = hunters(&[&args[..], &["--json"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let s = &v["variants"][0];
    assert_eq!(s["deals"], 100);
    let exact = hunters::statistics::elo(hunters::statistics::all_succeeded_bound(100, 0.95));
    assert!((exact - 570.1).abs() < 0.1);
    let step = &s["steps"][0];
    assert_eq!(step["sweep"], true, "{step}");
    assert_eq!(step["gap_bound"], "at-least");
    let gap = step["gap"]["value"].as_f64().unwrap();
    assert!((gap - exact).abs() < 1e-9, "the gap {gap}");
    let random = &s["rungs"][0];
    assert_eq!(random["bound"], "at-most");
    let r = random["elo"]["value"].as_f64().unwrap();
    assert!(
        r >= -exact - 1e-9,
        "random at most {r}: stronger than the deals show"
    );
    let depth = &s["depth"];
    assert_eq!(depth["at_least"], true);
    let steps = depth["steps"]["value"].as_f64().unwrap();
    let step_elo = depth["step_elo"].as_f64().unwrap();
    assert!(
        steps <= exact / step_elo + 1e-9 && steps > 2.5,
        "depth {steps}"
    );
    let text = hunters(&args);
    let out = stdout(&text);
    for needle in [
        format!("≤ {:+.0}", r),
        format!("gap ≥ {:+.0} Elo", gap),
        format!("at least {steps:.2} steps"),
        "exact 95 % interval".to_string(),
    ] {
        assert!(out.contains(&needle), "{needle:?} in\n{out}");
    }
}

#[test]
fn the_ladder_command_refuses_what_it_cannot_play() {
    for (args, says) in [
        (&["--bots", "human,greedy"][..], "bots only"),
        (&["--bots", "greedy"][..], "two or more"),
        (&["--bots", "random,greedy", "--step", "0.4"][..], "--step"),
        (
            &["--bots", "random,greedy", "--luck", "mcts"][..],
            "--luck mcts",
        ),
        (
            &["--bots", "random,greedy", "--replays", "0"][..],
            "--replays",
        ),
        (&["--bots", "random,nobody"][..], "nobody"),
    ] {
        let mut all = vec!["ladder", "--games", "2"];
        all.extend_from_slice(args);
        all.push("2020");
        let o = hunters(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        assert!(stderr(&o).contains(says), "{all:?}: {}", stderr(&o));
    }
}

/// `args` of `hunters ladder` played as slice `k` of `m`, written to `dir`: the file's path.
fn shard_file(dir: &std::path::Path, args: &[&str], k: u64, m: u64, name: &str) -> String {
    let shard = format!("{k}/{m}");
    let mut all = vec!["ladder"];
    all.extend_from_slice(args);
    all.extend(["--shard", &shard, "--json"]);
    let o = hunters(&all);
    assert!(o.status.success(), "{all:?}: {}", stderr(&o));
    let file = dir.join(name);
    std::fs::write(&file, stdout(&o)).unwrap();
    file.to_string_lossy().into_owned()
}

/// A ladder's JSON, its timing set aside.
fn timeless(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["wall_seconds"] = 0.into();
    v
}

#[test]
fn ladder_shards_merge_to_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("hunters-ladder-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = [
        "--bots",
        "random,greedy,mcts:2",
        "--games",
        "12",
        "--replays",
        "2",
        "--without",
        "no-huts",
        "--seed",
        "9",
        "2020",
        "2002",
    ];
    let files: Vec<String> = (1..=3)
        .map(|k| shard_file(&dir, &args, k, 3, &format!("s{k}.json")))
        .collect();
    let slice: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[1]).unwrap()).unwrap();
    assert_eq!(slice["shard"], "2/3");
    assert_eq!(slice["config"]["deals"], 6);
    assert_eq!(slice["config"]["luck"], 1);
    let deals: Vec<u64> = slice["variants"][1]["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["deal"].as_u64().unwrap())
        .collect();
    assert_eq!(deals, [1, 4], "deal d is in slice d mod M + 1");
    assert_eq!(
        slice["variants"][1]["deals"][0]["replays"]
            .as_array()
            .unwrap()
            .len(),
        2
    );

    let mut whole_args = vec!["ladder"];
    whole_args.extend_from_slice(&args);
    let text = hunters(&whole_args);
    whole_args.push("--json");
    let whole = hunters(&whole_args);
    assert!(whole.status.success(), "{}", stderr(&whole));
    // The files in another order: a merge puts every deal in its place.
    let mut merge = vec!["ladder", "--merge", &files[2], &files[0], &files[1]];
    let merged_text = hunters(&merge);
    merge.push("--json");
    let merged = hunters(&merge);
    assert!(merged.status.success(), "{}", stderr(&merged));
    let merged = timeless(&stdout(&merged));
    assert_eq!(merged, timeless(&stdout(&whole)));
    assert_eq!(merged["deals"], 6);
    assert!(merged["variants"][0]["luck"]["margin"]["deal"]["low"].is_number());
    assert!(merged["variants"][1]["strategies"][0]["wins"]["high"].is_number());
    // The tables too, up to the wall-clock time at their end.
    let before_clock = |o: &std::process::Output| {
        let out = stdout(o);
        out[..out.rfind("\n\n").unwrap()].to_string()
    };
    assert!(merged_text.status.success(), "{}", stderr(&merged_text));
    assert_eq!(before_clock(&merged_text), before_clock(&text));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_ladder_merge_refuses_what_is_not_one_run_once() {
    let dir = std::env::temp_dir().join(format!("hunters-ladder-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = ["--bots", "random,greedy", "--games", "6", "2020"];
    let s1 = shard_file(&dir, &args, 1, 3, "s1.json");
    let s2 = shard_file(&dir, &args, 2, 3, "s2.json");
    let s3 = shard_file(&dir, &args, 3, 3, "s3.json");
    let mut other = args.to_vec();
    other.extend(["--seed", "5"]);
    let seeded = shard_file(&dir, &other, 3, 3, "seeded.json");
    let halves = shard_file(&dir, &args, 2, 2, "half.json");
    let whole = dir.join("whole.json");
    let o = hunters(&[
        "ladder",
        "--bots",
        "random,greedy",
        "--games",
        "6",
        "--json",
        "2020",
    ]);
    std::fs::write(&whole, stdout(&o)).unwrap();
    let whole = whole.to_string_lossy().into_owned();
    let old = dir.join("old.json");
    let text = std::fs::read_to_string(&s3).unwrap();
    let version = format!("\"version\": \"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(text.contains(&version));
    std::fs::write(&old, text.replace(&version, "\"version\": \"0.0.1\"")).unwrap();
    let old = old.to_string_lossy().into_owned();
    for (files, says) in [
        (vec![&s1, &s2, &s2, &s3], format!("{s2}: shard 2/3 again")),
        (vec![&s1, &s3], "shard 2/3 missing".to_string()),
        (
            vec![&s1, &s2, &seeded],
            format!("{seeded}: a shard of another run"),
        ),
        (vec![&s1, &s2, &seeded], "--seed differ".to_string()),
        (
            vec![&s1, &halves],
            format!("{halves}: shard 2/2 of a run split in 2"),
        ),
        (vec![&s1, &s2, &whole], format!("{whole}: a whole run")),
        (
            vec![&s1, &s2, &old],
            format!("{old}: written by hunters 0.0.1"),
        ),
    ] {
        let mut all = vec!["ladder", "--merge"];
        all.extend(files.iter().map(|f| f.as_str()));
        let o = hunters(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        assert!(stderr(&o).contains(&says), "{all:?}: {}", stderr(&o));
    }
    // A slice is only for merging, so it is JSON.
    let o = hunters(&[
        "ladder",
        "--bots",
        "random,greedy",
        "--shard",
        "1/2",
        "2020",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("add --json"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every move a restricted bot makes in `games` games of each built-in variant, checked
/// against its classes as it is played.
#[test]
fn a_restricted_bot_never_plays_a_move_it_forgoes() {
    use hunters::game::Game;
    let games = props::cases(200).max(20);
    for name in ["2002", "2014", "2020", "2002-scout", "2014-scout"] {
        let variant = Variant::load(name).unwrap();
        for bot in [
            "random/no-meadows",
            "random/no-huts/no-shaman",
            "random/no-gatherers/no-refusals",
            "greedy/no-fishers/no-bridge",
        ] {
            let kind: BotKind = bot.parse().unwrap();
            let BotKind::Restricted { without, .. } = &kind else {
                panic!("{bot} is restricted");
            };
            let (mut forgone, mut offered) = (0, 0);
            for g in 0..games {
                let mut game = Game::seeded(&variant, 2, g);
                let mut bots = [kind.make(g, 0), BotKind::Random.make(g, 1)];
                let mut moves = Vec::new();
                while let Some(turn) = game.turn() {
                    let mv = bots[turn.player].choose_in(&game, &mut moves).unwrap();
                    if turn.player == 0 {
                        // What the unrestricted list held, to show the test had something to
                        // refuse.
                        game.legal_moves(&mut moves);
                        offered += moves
                            .iter()
                            .filter(|m| without.iter().any(|c| c.holds(&game, m)))
                            .count();
                        for c in without {
                            assert!(!c.holds(&game, &mv), "{name}: {bot} played {mv:?}");
                        }
                        forgone += 1;
                    }
                    game.play_unchecked(mv);
                }
            }
            assert!(forgone > 0, "{name} {bot}: no move made");
            // Random bots are offered pieces on every variant; the Scout's classes only with
            // the Scout.
            if !bot.contains("bridge") || name.ends_with("scout") {
                assert!(offered > 0, "{name} {bot}: nothing to forgo");
            }
        }
    }
}

#[test]
fn a_log_of_a_bot_forgoing_meadows_holds_no_hunter_of_its_seat() {
    let dir = std::env::temp_dir().join(format!("hunters-ladder-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (seed, variant) in [(1, "2020"), (2, "2002-scout")] {
        let log = dir.join(format!("{seed}.log"));
        let o = hunters(&[
            "play",
            "--seed",
            &seed.to_string(),
            "--variant",
            variant,
            "--bots",
            "mcts:20/no-meadows,random",
            "--log",
            log.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(
            text.contains("[Players \"mcts:20/no-hunters, random\"]"),
            "{text}"
        );
        let places = text.lines().filter(|l| l.starts_with("place "));
        let (mine, theirs): (Vec<&str>, Vec<&str>) =
            places.partition(|l| l.starts_with("place 1 "));
        assert!(!mine.is_empty());
        assert!(mine.iter().all(|l| !l.contains("hunter")), "{text}");
        assert!(
            theirs.iter().any(|l| l.contains("hunter")),
            "the other seat hunts: {text}"
        );
        let v = hunters(&["verify", log.to_str().unwrap()]);
        assert!(v.status.success(), "{}", stderr(&v));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn restrictions_are_refused_where_they_cannot_apply() {
    for (bots, says) in [
        ("human/no-huts,greedy", "restricts a bot"),
        ("greedy/no-nothing,greedy", "no-agriculture"),
    ] {
        let o = hunters(&["play", "--bots", bots]);
        assert_eq!(o.status.code(), Some(2), "{bots}");
        assert!(stderr(&o).contains(says), "{bots}: {}", stderr(&o));
    }
    let o = hunters(&["ladder", "--bots", "greedy", "--without", "no-way", "2020"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no-meadows"), "{}", stderr(&o));
    // An exec: program's path keeps its slashes; only class names are read from its end.
    let kind: BotKind = "exec:./bots/v2/run/no-huts".parse().unwrap();
    let BotKind::Restricted { bot, without } = kind else {
        panic!("restricted");
    };
    assert_eq!(bot.name(), "exec:./bots/v2/run");
    assert_eq!(without, vec![hunters::bot::Class::Huts]);
    let plain: BotKind = "exec:./bots/no-way/run".parse().unwrap();
    assert_eq!(plain.name(), "exec:./bots/no-way/run");
}

#[test]
fn strategies_are_valued_against_the_unrestricted_bot() {
    let o = hunters(&[
        "ladder",
        "--games",
        "4",
        "--bots",
        "greedy",
        "--without",
        "no-meadows,no-scout",
        "--json",
        "2002-scout",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let s = &v["variants"][0]["strategies"];
    assert_eq!(s[0]["class"], "no-hunters");
    assert_eq!(s[0]["restricted"], "greedy/no-hunters");
    assert_eq!(s[0]["against"], "greedy");
    assert!(s[1]["wins"]["value"].is_number());
    assert!(v["variants"][0]["luck"].is_null(), "one bot: no luck pair");
}

#[test]
fn the_ladder_report_draws_in_a_headless_browser() {
    use crate::run::{assert_screenshot, browser, parsed_page};
    let dir = std::env::temp_dir().join(format!("hunters-ladder-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("ladder.html");
    let o = hunters(&[
        "ladder",
        "--games",
        "6",
        "--bots",
        "random,greedy,mcts:5",
        "--without",
        "no-meadows,no-huts",
        "--json",
        "--report",
        page.to_str().unwrap(),
        "2002",
        "2020",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>"));
    assert!(!text.contains("<script") && !text.contains("<link") && !text.contains("src="));
    // The page carries the numbers the JSON does.
    let depth = &json["variants"][1]["depth"];
    let at = if depth["at_least"] == true {
        "≥ "
    } else {
        ""
    };
    let steps = depth["steps"]["value"].as_f64().unwrap();
    let chain = &depth["whole_steps"];
    let (steps_cell, chain_cell) = if at.is_empty() {
        (
            format!("{steps:.2} ("),
            format!("{} ({}–{})", chain[0], chain[1], chain[2]),
        )
    } else {
        (format!("≥ {steps:.2}<"), format!("≥ {}<", chain[0]))
    };
    assert!(
        text.contains(&steps_cell) && text.contains(&chain_cell),
        "depth {steps_cell}, chain {chain_cell}"
    );
    let wins = json["variants"][0]["strategies"][1]["wins"]["value"]
        .as_f64()
        .unwrap();
    assert!(text.contains(&format!("{:.1} % (", 100.0 * wins)));
    let Some(browser) = browser("the ladder report") else {
        return;
    };
    let url = format!("file://{}", page.display());
    let profile = format!("--user-data-dir={}", dir.join("profile").display());
    let parsed = parsed_page(browser, &profile, &url);
    for heading in [
        "Depth, luck and strategies",
        "Ratings",
        "The first player's edge at each level",
        "What a strategy is worth",
    ] {
        assert!(parsed.contains(heading), "{heading}: {parsed:.300}");
    }
    assert_eq!(
        parsed.matches("<svg").count(),
        2,
        "the ladder and the strategies"
    );
    assert!(
        parsed.contains(r#"class="bound""#),
        "random's bound is drawn"
    );
    assert_screenshot(
        browser,
        &profile,
        &url,
        "1200,2000",
        &dir.join("ladder.png"),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
