//! What the commands share: the seats' bots, seeds in JSON, the JSON stamp, the deals of a
//! shard, tables and wrapped prose, exit codes. The commands read it; it reads none of them.

use std::process::ExitCode;

use anyhow::{Result, bail};
use comfy_table::{ContentArrangement, Table, presets};
use hunters::bot::BotKind;

/// Exit code for bad input or usage (clap uses it for usage errors too).
pub(super) const EXIT_BAD_INPUT: u8 = 2;

/// The seats' bots: `--bots` names one per seat, or one for all `--players` seats (2 by
/// default).
pub(super) fn seats(
    players: Option<u8>,
    bots: &[BotKind],
    timeout: &BotTimeout,
) -> Result<Vec<BotKind>> {
    let seats = seat_list(players, bots)?;
    let ms = timeout.millis()?;
    Ok(seats.into_iter().map(|b| b.with_timeout(ms)).collect())
}

/// [`seats`] for the commands that play many games or several at once: bots only.
pub(super) fn seats_of_bots(
    players: Option<u8>,
    bots: &[BotKind],
    timeout: &BotTimeout,
) -> Result<Vec<BotKind>> {
    bots_only(bots)?;
    seats(players, bots, timeout)
}

/// Refuses a human among `bots`: the command plays its games with bots only.
pub(super) fn bots_only(bots: &[BotKind]) -> Result<()> {
    if bots.contains(&BotKind::Human) {
        bail!("a human seat plays in `hunters play`; this command plays its games with bots only");
    }
    Ok(())
}

/// How long a program bot (`exec:PROGRAM`) may take to answer.
#[derive(clap::Args, Clone, Debug)]
pub(super) struct BotTimeout {
    /// Seconds an `exec:` bot may take for each answer before the game ends with an error.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub(super) bot_timeout: f64,
}

impl BotTimeout {
    /// The timeout in milliseconds, checked.
    pub(super) fn millis(&self) -> Result<u64> {
        let ms = (self.bot_timeout * 1000.0).round();
        if !(1.0..=86_400_000.0).contains(&ms) {
            bail!(
                "--bot-timeout takes seconds, from 0.001 to 86400; found {}",
                self.bot_timeout
            );
        }
        Ok(ms as u64)
    }
}

pub(super) fn seat_list(players: Option<u8>, bots: &[BotKind]) -> Result<Vec<BotKind>> {
    match (players.map(usize::from), bots.len()) {
        (None, 1) => Ok(vec![bots[0].clone(); 2]),
        (Some(n), 1) => Ok(vec![bots[0].clone(); n]),
        (None, n) | (Some(_), n) if !(2..=5).contains(&n) => {
            bail!("--bots names {n} bots; a game has 2 to 5 players")
        }
        (Some(p), n) if p != n => {
            bail!("--players {p} but --bots names {n} bots; give one bot per seat or a single bot")
        }
        (_, _) => Ok(bots.to_vec()),
    }
}

/// `--jobs J`: the threads to use, every core when not given.
pub(super) fn jobs(given: Option<usize>) -> Result<usize> {
    let jobs = given.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    if jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    Ok(jobs)
}

/// `--shard K/M` as `(K, M)`; the whole run, `(1, 1)`, without one.
pub(super) fn shard_of(given: Option<&str>) -> Result<(u64, u64)> {
    given.map_or(Ok((1, 1)), parse_shard)
}

/// `--shard K/M` as `(K, M)`.
pub(super) fn parse_shard(s: &str) -> Result<(u64, u64)> {
    let parsed = s
        .split_once('/')
        .and_then(|(k, m)| Some((k.parse::<u64>().ok()?, m.parse::<u64>().ok()?)));
    match parsed {
        Some((k, m)) if m >= 1 && (1..=m).contains(&k) => Ok((k, m)),
        _ => bail!("--shard takes K/M with 1 <= K <= M, e.g. 2/4; found {s:?}"),
    }
}

/// The deals of `deals` that shard `k` of `m` plays: whole deals, so that the games of a deal
/// are tallied together.
pub(super) fn shard_deals(deals: u64, k: u64, m: u64) -> Vec<u64> {
    (0..deals).filter(|d| d % m == k - 1).collect()
}

/// The `--json` output of one shard of a run, which `--merge` adds up with the others.
pub(super) trait Shard: Sized + serde::de::DeserializeOwned {
    /// What the files must be, for the message when one is not: `the --json output of
    /// hunters simulate`.
    const WHAT: &'static str;
    /// What identifies a run, for the message when a file is of another run.
    const RUN: &'static str;
    fn stamp(&self) -> &Stamp;
    /// `K/M`, or none for a whole run.
    fn shard(&self) -> Option<&str>;
    /// Whether `other` is a slice of the same run.
    fn same_run(&self, other: &Self) -> bool;
    /// Adds `other`'s deals (sums, and timing).
    fn add(&mut self, other: Self);
    /// Marks the sum of the slices as what it is: the whole run (`None`), or a partial run
    /// whose label names its slices (`1, 2 of 16`).
    fn mark(&mut self, part: Option<String>);
    /// How to report some slices only, for the message when one is missing (none where a
    /// partial run is not offered).
    const PARTIAL: Option<&'static str> = None;
}

/// What `--merge` may add up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slices {
    /// Every slice of the run, each once: the whole run.
    Every,
    /// Some slices of the run, each once: a partial run, marked as one (`--partial`).
    Some,
}

/// The shards in `paths` added up: the whole run, every slice of one run each once, written
/// by one version; or with [`Slices::Some`] the slices given, marked `K, … of M`, which no
/// later `--merge` takes as a slice.
pub(super) fn merge_shards<T: Shard>(paths: &[std::path::PathBuf], slices: Slices) -> Result<T> {
    use anyhow::Context;
    let mut merged: Option<T> = None;
    let mut seen: Vec<u64> = Vec::new();
    let mut of = None;
    for path in paths {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read the file", path.display()))?;
        let r: T = serde_json::from_str(&text)
            .with_context(|| format!("{}: not {}", path.display(), T::WHAT))?;
        let Some(shard) = r.shard().map(str::to_string) else {
            bail!(
                "{}: a whole run, not a shard; only shards merge",
                path.display()
            );
        };
        let Ok((k, m)) = parse_shard(&shard) else {
            bail!(
                "{}: shard {shard:?} is not one slice K/M of a run (a partial run's report \
                 merges no further; merge its slices' own files)",
                path.display()
            );
        };
        if *of.get_or_insert(m) != m {
            bail!("{}: a shard of another run ({})", path.display(), T::RUN);
        }
        if seen.contains(&k) {
            bail!("{}: shard {shard} appears twice", path.display());
        }
        seen.push(k);
        match &mut merged {
            None => merged = Some(r),
            Some(m) => {
                let (a, b) = (m.stamp(), r.stamp());
                if a != b {
                    bail!(
                        "{}: written by hunters {} (JSON schema {}), the first shard by hunters \
                         {} (schema {}); run every shard with one version",
                        path.display(),
                        b.version,
                        b.schema,
                        a.version,
                        a.schema
                    );
                }
                if !m.same_run(&r) {
                    bail!("{}: a shard of another run ({})", path.display(), T::RUN);
                }
                m.add(r);
            }
        }
    }
    let (Some(mut m), Some(total)) = (merged, of) else {
        bail!("--merge needs the files of the shards");
    };
    if seen.len() as u64 == total {
        m.mark(None);
        return Ok(m);
    }
    if slices == Slices::Every {
        bail!(
            "the run has {total} shards but {} were given; every shard is needed{}",
            seen.len(),
            T::PARTIAL.map_or(String::new(), |hint| format!(" ({hint})"))
        );
    }
    seen.sort_unstable();
    let list: Vec<String> = seen.iter().map(u64::to_string).collect();
    m.mark(Some(format!("{} of {total}", list.join(", "))));
    Ok(m)
}

/// A class of moves, by its name (`no-hunters`, or its other name `no-meadows`).
pub(super) fn class(name: &str) -> Result<hunters::bot::Class, String> {
    hunters::bot::Class::named(name).ok_or_else(|| {
        format!(
            "no class of moves {name:?}; the classes are {}",
            hunters::bot::Class::names()
        )
    })
}

/// A log verified under its own rules; or, when it does not verify, the first divergence
/// printed (with a word on the version that wrote it), `consequence` said, and exit code 1.
pub(super) fn verified(
    parsed: &hunters::log::Log,
    path: &std::path::Path,
    consequence: &str,
) -> Result<std::result::Result<hunters::replay::Verified, ExitCode>> {
    use hunters::log;
    use hunters::replay::{self, Failure};
    match replay::verify(parsed, path.parent()) {
        Ok(v) => Ok(Ok(v)),
        Err(Failure::Unreadable(e)) => Err(e.into()),
        Err(Failure::Diverged(d)) => {
            println!("FAIL {d}");
            if let Some(note) = log::version_note(parsed) {
                eprintln!("note: {note}");
            }
            println!("{consequence}");
            Ok(Err(ExitCode::from(1)))
        }
    }
}

/// A seed when none is given: the clock, mixed, so that two runs in a row differ.
/// Seeds in JSON are decimal strings: they take all 64 bits, and a JavaScript number holds
/// only 53 exactly. Read back from a string or, for files written by hand, a number.
pub(crate) mod seed_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&seed.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Seed {
            Text(String),
            Number(u64),
        }
        match Seed::deserialize(d)? {
            Seed::Number(n) => Ok(n),
            Seed::Text(t) => t.parse().map_err(serde::de::Error::custom),
        }
    }

    /// The same for a seed that may be absent.
    pub mod option {
        use serde::Serializer;

        pub fn serialize<S: Serializer>(seed: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
            match seed {
                Some(seed) => s.serialize_str(&seed.to_string()),
                None => s.serialize_none(),
            }
        }
    }
}

pub(super) fn pick_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Keep seeds short enough to type back.
    (nanos ^ (nanos >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15) % 1_000_000_000
}

/// A table in the project's style (Markdown-compatible ASCII).
pub(super) fn table() -> Table {
    let mut t = Table::new();
    t.load_style(presets::ASCII_MARKDOWN)
        .set_content_arrangement(ContentArrangement::Dynamic);
    t
}

/// A [`table`] with cells of prose: as wide as the terminal or, into a pipe or a file, 80
/// columns; long cells wrap.
pub(super) fn prose_table() -> Table {
    let mut t = table();
    if t.width().is_none() {
        t.set_width(WIDTH);
    }
    t
}

/// What opens every JSON output: the layout's number, raised when a documented key changes
/// meaning or goes away (docs/json.md), and the version of `hunters` that wrote it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Stamp {
    pub(super) schema: u32,
    pub(super) version: String,
}

/// The JSON layout described by docs/json.md.
pub(super) const JSON_SCHEMA: u32 = 3;

impl Stamp {
    pub(super) fn now() -> Stamp {
        Stamp {
            schema: JSON_SCHEMA,
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }
}

/// The width of text output when no terminal says otherwise.
pub(super) const WIDTH: u16 = 80;

/// `text` broken into lines at spaces to fit the width of [`prose_table`]; later lines are
/// indented two spaces more than the first.
pub(super) fn wrap(text: &str) -> String {
    let width = usize::from(prose_table().width().unwrap_or(WIDTH));
    let body = text.trim_start_matches(' ');
    let lead = text.len() - body.len();
    let mut out = " ".repeat(lead);
    let mut line_len = lead;
    let mut first = true;
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        let len = word.chars().count();
        if !first && line_len + 1 + len > width {
            out.push('\n');
            out.push_str(&" ".repeat(lead + 2));
            line_len = lead + 2;
        } else if !first {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += len;
        first = false;
    }
    out
}
