//! Properties over random seeds, player counts, bots and variants: every game's log
//! verifies, and any single-token change in a log's body is refused.

use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare;
use hunters::log::{self, Header};
use hunters::replay;
use proptest::prelude::*;

const VARIANTS: [&str; 5] = ["2002", "2014", "2020", "2002-scout", "2014-scout"];

fn played(variant: &str, seed: u64, players: usize, greedy_seat: Option<usize>) -> String {
    let v = Variant::load(variant).unwrap();
    let mut bots = vec![BotKind::Random; players];
    if let Some(s) = greedy_seat {
        bots[s % players] = BotKind::Greedy;
    }
    let game = compare::play(&v, &bots, seed).unwrap();
    log::write(&game, &Header::for_bots(variant, seed, &bots))
}

fn verifies(text: &str) -> bool {
    log::parse(text, "p.log").is_ok_and(|l| replay::verify(&l, None).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_played_game_verifies(
        seed in any::<u64>(),
        players in 2..=5usize,
        variant in 0..VARIANTS.len(),
        greedy in proptest::option::of(0..5usize),
    ) {
        let text = played(VARIANTS[variant], seed, players, greedy);
        prop_assert!(verifies(&text));
        prop_assert_eq!(&text, &played(VARIANTS[variant], seed, players, greedy));
    }

    /// One word of one event line replaced by another word a log uses (a number one off, a
    /// piece, a zone, a rotation, a keyword): the log no longer verifies.
    #[test]
    fn a_single_token_change_in_the_body_is_refused(
        seed in any::<u64>(),
        players in 2..=5usize,
        variant in 0..VARIANTS.len(),
        line_pick in any::<prop::sample::Index>(),
        word_pick in any::<prop::sample::Index>(),
        replacement in prop::sample::select(vec![
            "+1", "-1", "gatherer", "fisher", "hunter", "hut", "N", "E", "S", "W", "Es", "Nw",
            "L0", "r0", "r90", "r180", "bonus", "again", "draw", "place", "score", "return",
            "forests", "rivers", "meadows", "huts", "1", "2", "0,0", "x",
        ]),
    ) {
        let text = played(VARIANTS[variant], seed, players, None);
        let lines: Vec<&str> = text.lines().collect();
        let body: Vec<usize> = (0..lines.len())
            .filter(|&i| !lines[i].is_empty() && !lines[i].starts_with('['))
            .collect();
        let i = body[line_pick.index(body.len())];
        let mut words: Vec<String> = lines[i].split(' ').map(String::from).collect();
        let w = word_pick.index(words.len());
        let new = match replacement {
            "+1" | "-1" => match words[w].parse::<i64>() {
                Ok(n) => (n + if replacement == "+1" { 1 } else { -1 }).to_string(),
                Err(_) => format!("{}1", words[w]),
            },
            other => other.to_string(),
        };
        prop_assume!(new != words[w]);
        words[w] = new;
        let changed = words.join(" ");
        let mut copy: Vec<&str> = lines.clone();
        copy[i] = &changed;
        prop_assert!(!verifies(&(copy.join("\n") + "\n")), "line {}: `{}` accepted", i + 1, changed);
    }
}
