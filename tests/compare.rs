//! Comparing editions: `diff` of one seed and of a log, and `simulate` results that do not
//! depend on threads or on sharding.

use crate::run;

use run::{hunters, stdout};

use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare;
use hunters::game::{Category, Event};
use hunters::log::{self, Header};
use hunters::replay;

#[test]
fn diff_seed_7_of_the_three_editions_shows_per_category_differences() {
    let o = hunters(&["diff", "--seed", "7", "2002", "2014", "2020"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = stdout(&o);
    assert!(out.contains("Seed 7"), "{out}");
    for v in ["2002", "2014", "2020"] {
        assert!(out.contains(&format!("| {v} ")), "{out}");
    }
    // A difference to the first variant is shown next to the value, e.g. `54 (+3)`.
    assert!(out.contains("(+") || out.contains("(-"), "{out}");
    let json = hunters(&["diff", "--seed", "7", "--json", "2002", "2014", "2020"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    let cols = v["variants"].as_array().unwrap();
    assert_eq!(cols.len(), 3);
    // The differences are the values minus the first variant's.
    let categories = ["rivers", "forests", "huts", "meadows", "specials", "total"];
    for c in cols {
        assert_eq!(c["source"], "play");
        for (seat, p) in c["players"].as_array().unwrap().iter().enumerate() {
            assert_eq!(p["player"], seat + 1);
            for k in categories {
                let here = p["points"][k].as_i64().unwrap();
                let base = cols[0]["players"][seat]["points"][k].as_i64().unwrap();
                assert_eq!(p["difference"][k].as_i64().unwrap(), here - base, "{k}");
            }
        }
    }
}

/// The 2002 and 2014 texts differ in forests and rivers only by counting segments or tiles:
/// replaying 2002 games under 2014, every forest and river score has the same scorers and the
/// same terms except that one, and every meadow and hut score is identical.
#[test]
fn the_first_editions_differ_in_forests_and_rivers_only_by_the_counting_unit() {
    let v2002 = Variant::load("2002").unwrap();
    let v2014 = Variant::load("2014").unwrap();
    let mut unit_differences = 0;
    for seed in 0..30 {
        let bots = [BotKind::Random, BotKind::Random, BotKind::Random];
        let game = compare::play(&v2002, &bots, seed).unwrap();
        let text = log::write(&game, &Header::for_bots("2002", seed, &bots));
        let parsed = log::parse(&text, "game.log").unwrap();
        let under = replay::replay_under(&parsed, None, &v2014).unwrap();
        assert!(under.stopped.is_none(), "every 2002 move is legal in 2014");
        let scores = |g: &hunters::game::Game| -> Vec<_> {
            g.events()
                .iter()
                .filter_map(|e| match e {
                    Event::Score(s) => Some(s.clone()),
                    _ => None,
                })
                .collect()
        };
        let (a, b) = (scores(&game), scores(&under.game));
        assert_eq!(a.len(), b.len(), "seed {seed}: the same features score");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!((x.category, x.zone), (y.category, y.zone), "seed {seed}");
            assert_eq!(x.players, y.players, "seed {seed}: the same scorers");
            match x.category {
                Category::Forests | Category::Rivers => {
                    let (tx, ty) = (&x.breakdown.terms(), &y.breakdown.terms());
                    assert_eq!(tx[0].what, "segments");
                    assert_eq!(ty[0].what, "tiles");
                    assert_eq!(tx[0].each, ty[0].each);
                    assert!(
                        tx[0].count >= ty[0].count,
                        "a tile holds at least one segment"
                    );
                    assert_eq!(tx[1..], ty[1..], "seed {seed}: the other terms are equal");
                    unit_differences += usize::from(tx[0].count != ty[0].count);
                }
                _ => assert_eq!(x.breakdown, y.breakdown, "seed {seed}"),
            }
        }
    }
    assert!(
        unit_differences > 0,
        "some feature had more segments than tiles"
    );
}

#[test]
fn diff_of_a_log_names_the_features_that_score_differently() {
    let dir = std::env::temp_dir().join(format!("hunters-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.log");
    let p = path.to_str().unwrap();
    let o = hunters(&[
        "play",
        "--variant",
        "2002",
        "--seed",
        "3",
        "--bots",
        "random",
        "--log",
        p,
    ]);
    assert!(o.status.success());
    let o = hunters(&["diff", "--log", p, "2014", "2020"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("2014: all 78 moves replayed"), "{out}");
    assert!(out.contains("Features that scored differently"), "{out}");
    assert!(out.contains("| 2002 (log) |"), "{out}");

    // A 2020 log's menhir tiles do not exist in the classic set: the replay stops there.
    let path20 = dir.join("g20.log");
    let p20 = path20.to_str().unwrap();
    hunters(&["play", "--variant", "2020", "--seed", "5", "--log", p20]);
    let text = std::fs::read_to_string(&path20).unwrap();
    let first_bonus = text
        .lines()
        .position(|l| l.starts_with("draw") && l.ends_with(" bonus"))
        .expect("a menhir tile is drawn");
    let out = stdout(&hunters(&["diff", "--log", p20, "2014"]));
    assert!(out.contains("2014: stopped after "), "{out}");
    assert!(
        out.contains(&format!(
            "g20.log:{}: expected `a tile of the bonus deck of tile set classic",
            first_bonus + 1
        )),
        "{out}"
    );
    assert!(out.contains("final scoring is left out"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn without_timing(json: &str) -> String {
    json.lines()
        .filter(|l| {
            !["games_per_second", "wall_seconds", "seconds", "ms_per_move"]
                .iter()
                .any(|k| l.contains(&format!("\"{k}\"")))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn simulate_results_do_not_depend_on_threads_or_shards() {
    let base = [
        "simulate", "--games", "2000", "--bots", "random", "--json", "2002", "2020",
    ];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        let o = hunters(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    let one = run(&["--jobs", "1"]);
    let two = run(&["--jobs", "2"]);
    assert_eq!(without_timing(&one), without_timing(&two));
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
    // The time per move is there and positive (its value is timing, never compared).
    let time = &v["time_per_move"][0];
    assert_eq!(time["bot"], "random");
    assert!(time["moves"].as_u64().unwrap() > 0);
    assert!(time["ms_per_move"].as_f64().unwrap() > 0.0);
    assert_eq!(v["results"][0]["tally"]["games"], 2000);
    assert!(v["results"][1]["summary"]["paired_difference"]["total"]["mean"].is_number());

    let dir = std::env::temp_dir().join(format!("hunters-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for k in 1..=4 {
        let shard = run(&["--shard", &format!("{k}/4")]);
        let f = dir.join(format!("shard{k}.json"));
        std::fs::write(&f, shard).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let mut args = vec!["simulate", "--json", "--merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = hunters(&args);
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    assert_eq!(without_timing(&stdout(&merged)), without_timing(&one));

    // Merging needs every shard, once.
    let o = hunters(&["simulate", "--merge", &files[0], &files[1]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("every shard is needed"));
    let o = hunters(&["simulate", "--merge", &files[0], &files[0]]);
    assert_eq!(o.status.code(), Some(2));

    // With --partial the slices given are reported as what they are, a partial run: their
    // deals alone, the slices named; every slice given makes the whole run as without it.
    let deals_of = |json: &str| -> u64 {
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        v["results"][0]["tally"]["deals"].as_u64().unwrap()
    };
    let o = hunters(&[
        "simulate",
        "--json",
        "--partial",
        "--merge",
        &files[2],
        &files[0],
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let partial = stdout(&o);
    let v: serde_json::Value = serde_json::from_str(&partial).unwrap();
    assert_eq!(v["shard"], "1, 3 of 4");
    let slice = |k: usize| std::fs::read_to_string(&files[k]).unwrap();
    assert_eq!(
        deals_of(&partial),
        deals_of(&slice(0)) + deals_of(&slice(2))
    );
    assert!(deals_of(&partial) < deals_of(&one));
    let o = hunters(&["simulate", "--partial", "--merge", &files[0], &files[2]]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("(slices 1, 3 of 4: a partial run)"));
    let mut args = vec!["simulate", "--json", "--partial", "--merge"];
    args.extend(files.iter().map(String::as_str));
    let o = hunters(&args);
    assert_eq!(without_timing(&stdout(&o)), without_timing(&one));
    // A partial run's report is not a slice: it merges no further.
    let f = dir.join("partial.json");
    std::fs::write(&f, &partial).unwrap();
    let o = hunters(&[
        "simulate",
        "--partial",
        "--merge",
        f.to_str().unwrap(),
        &files[1],
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("merges no further"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn simulate_refuses_bad_arguments() {
    for (args, message) in [
        (
            vec!["simulate", "--games", "0", "2020"],
            "--games must be at least 1",
        ),
        (
            vec!["simulate", "--games", "5", "--shard", "5/4", "2020"],
            "--shard takes K/M",
        ),
        (
            vec!["simulate", "--games", "5", "--jobs", "0", "2020"],
            "--jobs must be at least 1",
        ),
        (
            vec!["simulate", "--games", "5", "1999"],
            "the built-in variants are",
        ),
    ] {
        let o = hunters(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains(message),
            "{args:?}"
        );
    }
}

#[test]
fn simulate_with_rotated_seats_plays_each_seed_in_every_seat() {
    let o = hunters(&[
        "simulate",
        "--games",
        "9",
        "--players",
        "3",
        "--bots",
        "greedy,random,random",
        "--rotate-seats",
        "--json",
        "2020",
    ]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["results"][0]["tally"]["games"], 9);
    // The greedy bot sits in each seat three times and wins nearly always: no seat wins every
    // game.
    let wins: Vec<u64> = v["results"][0]["tally"]["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    assert_eq!(wins.len(), 3);
    assert!(wins.iter().all(|&w| w < 9), "{wins:?}");
}

/// `--games-out` writes a row per game and variant; the rows give back the summary's means,
/// and a row's seed and bots replay its game.
#[test]
fn games_out_rows_add_up_to_the_summary_and_replay() {
    let dir = std::env::temp_dir().join(format!("hunters-rows-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("games.csv");
    let jsonl = dir.join("games.jsonl");
    let mut summaries = Vec::new();
    for file in [&csv, &jsonl] {
        let o = hunters(&[
            "simulate",
            "--games",
            "30",
            "--bots",
            "greedy,random",
            "--rotate-seats",
            "--jobs",
            "2",
            "--games-out",
            file.to_str().unwrap(),
            "--json",
            "2002",
            "2020",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        summaries.push(serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap());
    }
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<String>> = lines
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    assert_eq!(rows.len(), 30 * 2, "games × variants rows");
    for (v, variant) in ["2002", "2020"].iter().enumerate() {
        let mine: Vec<&Vec<String>> = rows
            .iter()
            .filter(|r| r[col("variant")] == *variant)
            .collect();
        let sum: u64 = mine
            .iter()
            .map(|r| {
                r[col("seat1_total")].parse::<u64>().unwrap()
                    + r[col("seat2_total")].parse::<u64>().unwrap()
            })
            .sum();
        let mean = sum as f64 / (2.0 * mine.len() as f64);
        let shown = summaries[0]["results"][v]["summary"]["points"]["total"]["mean"]
            .as_f64()
            .unwrap();
        assert!((mean - shown).abs() < 1e-3, "{variant}: {mean} vs {shown}");
        let tiles: f64 = mine
            .iter()
            .map(|r| r[col("tiles")].parse::<f64>().unwrap())
            .sum::<f64>()
            / mine.len() as f64;
        let shown = summaries[0]["results"][v]["summary"]["tiles_per_game"]["mean"]
            .as_f64()
            .unwrap();
        assert!(
            (tiles - shown).abs() < 1e-3,
            "{variant}: tiles {tiles} vs {shown}"
        );
    }
    // The JSON lines say the same.
    let json_rows: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(json_rows.len(), rows.len());
    for (j, r) in json_rows.iter().zip(&rows) {
        assert_eq!(j["seed"].as_str().unwrap(), r[col("seed")]);
        assert_eq!(
            j["seats"][0]["points"]["total"].to_string(),
            r[col("seat1_total")]
        );
    }
    // A row replays: its seed and bots play the same totals.
    let r = &rows[7];
    let bots = format!("{},{}", r[col("seat1_bot")], r[col("seat2_bot")]);
    let o = hunters(&[
        "play",
        "--variant",
        &r[col("variant")],
        "--seed",
        &r[col("seed")],
        "--bots",
        &bots,
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        v["players"][0]["points"]["total"].to_string(),
        r[col("seat1_total")]
    );
    assert_eq!(
        v["players"][1]["points"]["total"].to_string(),
        r[col("seat2_total")]
    );
    let o = hunters(&["simulate", "--games", "2", "--games-out", "x.txt", "2020"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(".csv for CSV or .jsonl"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn quantiles_of_a_histogram_come_with_order_statistic_intervals() {
    use hunters::statistics::Histogram;
    // 1..=100 once each, a deal each: the median is 50, the 10th percentile 10.
    let mut h = Histogram::default();
    for v in 1..=100 {
        h.add_deal(&mut [v]);
    }
    let (low, mid, high) = h.quantile(0.5, 0.95).unwrap();
    assert_eq!(mid, 50);
    // Ranks n q ∓ (t √(n q (1 − q) · D / (D − 1)) + ½) = 50 ∓ 10.47, rounded to the counts
    // below the median they hold (40 to 60), give the 40th and the 61st sample: the
    // distribution-free interval, which holds the median with 96.5 %.
    assert_eq!((low, high), (40, 61));
    assert_eq!(h.quantile(0.1, 0.95).unwrap().1, 10);
    assert!(Histogram::default().quantile(0.5, 0.95).is_none());
    // Counts weigh: nine 1s and one 100 have median 1.
    let mut skewed = Histogram::default();
    for v in [1, 1, 1, 1, 1, 1, 1, 1, 1, 100] {
        skewed.add_deal(&mut [v]);
    }
    assert_eq!(skewed.quantile(0.5, 0.95).unwrap().1, 1);
}

/// `diff --log` over a corpus: every log replayed under each variant, partial replays named
/// with their first failing move and left out of the totals, and the exit code saying whether
/// any replay was partial.
#[test]
fn diff_over_a_corpus_totals_the_complete_replays_and_marks_the_partial_ones() {
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/golden");
    let o = hunters(&["diff", "--log", golden, "2014", "2020"]);
    assert_eq!(o.status.code(), Some(1), "partial replays exit 1");
    let out = stdout(&o);
    assert!(
        out.contains("Partial replays (left out of the totals)"),
        "{out}"
    );
    // A 2020 log stops under 2014 at its first menhir tile.
    assert!(
        out.lines()
            .any(|l| l.contains("2020-s1-greedy-random.log under 2014:")
                && l.contains("a tile of the bonus deck of tile set classic")),
        "{out}"
    );
    let totals = out
        .lines()
        .find(|l| l.starts_with("| 2014 "))
        .expect("a totals row for 2014");
    assert!(totals.contains(" of "), "{totals}");

    // Two 2002 logs replay completely under 2014: exit 0, both counted.
    let a = format!("{golden}/2002-s1-greedy-random.log");
    let b = format!("{golden}/2002-s2-3greedy.log");
    let o = hunters(&["diff", "--log", &a, "--log", &b, "--json", "2014"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["totals"][0]["logs"], 2);
    assert_eq!(v["totals"][0]["partial"], 0);
    // 2002 and 2014 differ in how forests and rivers count, not in huts or meadows.
    assert_eq!(
        v["totals"][0]["points"]["huts"],
        v["totals"][0]["recorded"]["huts"]
    );
    assert_eq!(
        v["totals"][0]["points"]["meadows"],
        v["totals"][0]["recorded"]["meadows"]
    );
}

/// `simulate` shows a variant file by its `name`, and adds the path only where two variants
/// would otherwise look alike: in the tables, the JSON, the rows and the report.
#[test]
fn simulate_shows_a_variant_file_by_its_name() {
    let dir = std::env::temp_dir().join(format!("hunters-named-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, file: &str| {
        let path = dir.join(file);
        std::fs::write(
            &path,
            format!(
                "name = \"{name}\"\ndescription = \"a test\"\nedition = \"2020\"\ntiles = \
                 \"menhir\"\n[scoring]\nmammoth = 4\n"
            ),
        )
        .unwrap();
        path.to_string_lossy().into_owned()
    };
    let big = file("Big Hunt", "myrules.toml");
    let other = file("Big Hunt", "other.toml");
    let rows = dir.join("rows.csv");
    let report = dir.join("report.html");
    let o = hunters(&[
        "simulate",
        "--games",
        "2",
        "--bots",
        "random",
        "--games-out",
        rows.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
        "2020",
        &big,
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("| Big Hunt "), "{out}");
    assert!(!out.contains("myrules.toml"), "{out}");
    let csv = std::fs::read_to_string(&rows).unwrap();
    assert!(csv.lines().nth(2).unwrap().contains(",Big Hunt,"), "{csv}");
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.contains("Big Hunt"));
    let o = hunters(&[
        "simulate", "--games", "2", "--bots", "random", "--json", &big,
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["results"][0]["variant"], "Big Hunt");
    // Two files of one name: each with its path. A file with changes keeps its name.
    let sweep = format!("{big}@deer=2");
    let o = hunters(&[
        "simulate", "--games", "2", "--bots", "random", &big, &other, &sweep,
    ]);
    let out = stdout(&o);
    assert!(out.contains(&format!("Big Hunt ({big})")), "{out}");
    assert!(out.contains(&format!("Big Hunt ({other})")), "{out}");
    assert!(out.contains("| Big Hunt@deer=2 "), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
