//! `hunters balance`: which numbers of the rules bring a variant's games to the goals given —
//! the search and its confirmation are the library's ([`hunters::balance`]); this plays their
//! games on a pool of threads, shows progress, and writes the answer.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use hunters::Variant;
use hunters::balance::{
    Confirmation, Goal, Problem, Round, Search, Space, Verdict, confirm, confirmation_seed,
    search_seed,
};
use hunters::bot::BotKind;
use hunters::compare::Table;
use hunters::statistics::Clustered;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::common;

mod html;

#[derive(clap::Args)]
pub struct Args {
    /// The variant whose numbers are searched (a built-in name, a variant file, or
    /// NAME@key=value,…).
    #[arg(value_name = "VARIANT")]
    variant: String,
    /// The numbers to vary, each over a range LOW..HIGH (both included) or a list V1,V2,…:
    /// e.g. --vary deer=0..4,mammoth=2..6 (`hunters variants --show VARIANT` lists the
    /// numbers). Repeat it or separate keys with commas.
    #[arg(long, value_name = "KEY=RANGE,…", required = true)]
    vary: Vec<String>,
    /// What the games should come out at, each QUANTITY=TARGET[+-TOLERANCE][*WEIGHT]:
    /// points per player and game by category (rivers, forests, huts, meadows, specials,
    /// total), a per-game measure (margin, tiles, bonus-turns, …), first-player-edge (in
    /// percentage points), worth(no-CLASS) (what a class of moves is worth to the first bot,
    /// in points a game); QUANTITY-VARIANT:QUANTITY is the difference to another variant on
    /// the same deals (meadows-2002:meadows=0). Tolerance 1 and weight 1 unless given.
    #[arg(long, value_name = "GOAL,…", required = true, value_delimiter = ',')]
    target: Vec<String>,
    /// The bot of each seat, comma-separated (one name serves two seats) [default: greedy].
    #[arg(long, short, value_name = "BOT,…", value_delimiter = ',')]
    bots: Vec<BotKind>,
    /// Games the search may play (the confirmation's come on top).
    #[arg(long, value_name = "GAMES", default_value_t = 20_000)]
    budget: u64,
    /// Deals of the confirmation, on which the finalists and the base variant play again
    /// [default: a deal for every 8 games of the budget, at least 200].
    #[arg(long, value_name = "DEALS")]
    confirm: Option<u64>,
    /// Candidates played again on the confirmation's deals.
    #[arg(long, value_name = "N", default_value_t = 3)]
    finalists: usize,
    /// Master seed: the search's deals and its first candidates, and the confirmation's
    /// deals (another stream), derive from it.
    #[arg(long, short, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Threads (default: every core). The answer does not depend on it.
    #[arg(long, short, value_name = "J")]
    jobs: Option<usize>,
    /// Print JSON: the space, the goals, every candidate with its sums, the confirmation.
    #[arg(long)]
    json: bool,
    /// Write the best variant as a variant file that every command accepts, with comments
    /// on what it was searched for, by which command, and what the confirmation measured.
    #[arg(long, value_name = "FILE.toml")]
    out: Option<PathBuf>,
    /// Also write the search and its confirmation as one self-contained HTML page: the
    /// verdict, each goal's confirmation against its band, every candidate by each key with
    /// its interval, and the search's rounds.
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,
    /// Play only the K-th of M slices of the next step (a round of the search, or the
    /// confirmation) and print its tallies as JSON, for --merge; needs --state. Each round
    /// waits for the last, so the slices of one step run at once on many machines and
    /// `--merge` moves the search on (docs/cluster.md).
    #[arg(long, value_name = "K/M", requires = "state", conflicts_with = "merge")]
    shard: Option<String>,
    /// Add the slices of one step (the --shard outputs) to the state file (--state), then
    /// say what to run next; after the confirmation's slices, the answer as an unsharded run
    /// gives it.
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "state")]
    merge: Vec<PathBuf>,
    /// The search so far, for --shard and --merge: every step merged, in a JSON file that
    /// --merge writes (a missing file is a search not yet begun).
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
}

/// What makes two runs one search: the arguments that change its answer.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
struct Run {
    variant: String,
    vary: Vec<String>,
    target: Vec<String>,
    bots: Vec<String>,
    budget: u64,
    confirm: u64,
    finalists: usize,
    seed: u64,
}

/// The samples of one step, deal by deal: each entrant's goal sums.
type StepSamples = Vec<Vec<Vec<Clustered>>>;

/// The search so far (`--state`): the samples of every step merged.
#[derive(Serialize, serde::Deserialize)]
struct State {
    #[serde(flatten)]
    stamp: common::Stamp,
    run: Run,
    steps: Vec<StepSamples>,
}

/// One slice of one step (`--shard K/M --json`).
#[derive(Serialize, serde::Deserialize)]
struct Slice {
    #[serde(flatten)]
    stamp: common::Stamp,
    shard: Option<String>,
    run: Run,
    /// The step, from 1: the search's rounds, then the confirmation.
    step: usize,
    /// The deals played, each with its samples.
    samples: Vec<(u64, Vec<Vec<Clustered>>)>,
}

impl common::Shard for Slice {
    const WHAT: &'static str = "the output of hunters balance --shard";
    const RUN: &'static str = "other arguments or another step";
    fn stamp(&self) -> &common::Stamp {
        &self.stamp
    }
    fn shard(&self) -> Option<&str> {
        self.shard.as_deref()
    }
    fn same_run(&self, other: &Self) -> bool {
        self.run == other.run && self.step == other.step
    }
    fn add(&mut self, other: Self) {
        self.samples.extend(other.samples);
    }
    fn mark(&mut self, part: Option<String>) {
        self.shard = part;
        self.samples.sort_by_key(|(d, _)| *d);
    }
}

/// The next step of a search: a round, or the confirmation of its finalists (and of the
/// base variant, last).
enum Step {
    Round(Round),
    Confirm(Vec<String>, Round),
}

impl Step {
    fn round(&self) -> &Round {
        match self {
            Step::Round(r) | Step::Confirm(_, r) => r,
        }
    }
}

/// Everything a run says, in JSON.
#[derive(Serialize)]
struct Answer<'a> {
    #[serde(flatten)]
    stamp: common::Stamp,
    command: String,
    variant: &'a str,
    space: &'a Space,
    goals: &'a [Goal],
    bots: Vec<String>,
    seed: u64,
    budget: u64,
    games_played: u64,
    search_deals: u64,
    confirmation_deals: u64,
    candidates: &'a [hunters::balance::Candidate],
    finalists: &'a [Confirmation],
    base: &'a Confirmation,
    verdict: String,
    seconds: f64,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let start = Instant::now();
    let named = if args.bots.is_empty() {
        vec![BotKind::Greedy]
    } else {
        args.bots.clone()
    };
    let bots = common::seats_of_bots(None, &named, &common::BotTimeout { bot_timeout: 10.0 })?;
    let space = Space::parse(&args.variant, &args.vary).map_err(anyhow::Error::msg)?;
    let goals = args
        .target
        .iter()
        .map(|t| Goal::parse(t))
        .collect::<Result<Vec<_>, _>>()
        .map_err(anyhow::Error::msg)?;
    let problem = Problem::new(space, goals, bots).map_err(anyhow::Error::msg)?;
    if args.finalists == 0 {
        bail!("--finalists 0 confirms nothing; give 1 or more (default 3)");
    }
    if args.budget < 100 {
        bail!(
            "--budget {} is too few games to compare candidates; give 100 or more, e.g. --budget 20000",
            args.budget
        );
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    if jobs == 0 {
        bail!("--jobs 0 runs nothing; give 1 or more");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let references: Vec<Variant> = problem
        .references
        .iter()
        .map(|r| Variant::load(r))
        .collect::<Result<_, _>>()?;

    let confirm_deals = args.confirm.unwrap_or((args.budget / 8).max(200));
    let this_run = Run {
        variant: args.variant.clone(),
        vary: args.vary.clone(),
        target: args.target.clone(),
        bots: problem.bots.iter().map(BotKind::name).collect(),
        budget: args.budget,
        confirm: confirm_deals,
        finalists: args.finalists,
        seed: args.seed,
    };
    let shard = args.shard.as_deref().map(common::parse_shard).transpose()?;
    let mut state = match &args.state {
        Some(path) => load_state(path, &this_run)?,
        None => State {
            stamp: common::Stamp::now(),
            run: this_run.clone(),
            steps: Vec::new(),
        },
    };
    let merging = !args.merge.is_empty();
    let mut merged = if args.merge.is_empty() {
        None
    } else {
        let slice: Slice = common::merge_shards(&args.merge, common::Slices::Every)?;
        if slice.run != this_run {
            bail!(
                "the slices are of another search (other arguments); merge them with the \
                 command that played them"
            );
        }
        if slice.step != state.steps.len() + 1 {
            bail!(
                "the slices are of step {}, but the state holds {} steps and waits for step {}; \
                 merge each step once, in order",
                slice.step,
                state.steps.len(),
                state.steps.len() + 1
            );
        }
        Some(slice)
    };

    let search_games = args.budget;
    let confirm_games = confirm_deals
        * (problem.games_per_deal() * (args.finalists as u64 + 1)
            + problem.reference_games_per_deal());
    let progress = bar(search_games + confirm_games);

    // The search, step by step: the steps already merged are replayed from their samples.
    let mut search = Search::new(problem.clone(), args.budget, args.seed);
    let mut step_number = 0;
    let (shown, samples) = loop {
        let step = match search.round() {
            Some(round) => Step::Round(round),
            None => {
                let finalists = search.finalists(args.finalists);
                let mut shown: Vec<String> = finalists
                    .iter()
                    .map(|&c| search.candidates[c].variant.clone())
                    .collect();
                shown.push(args.variant.clone());
                let round = Round {
                    number: 0,
                    candidates: (0..shown.len()).collect(),
                    first_deal: 0,
                    deals: confirm_deals,
                };
                Step::Confirm(shown, round)
            }
        };
        step_number += 1;
        let round = step.round().clone();
        let (names, seed): (Vec<String>, u64) = match &step {
            Step::Round(r) => (
                r.candidates
                    .iter()
                    .map(|&c| search.candidates[c].variant.clone())
                    .collect(),
                search_seed(args.seed),
            ),
            Step::Confirm(shown, _) => (shown.clone(), confirmation_seed(args.seed)),
        };
        let per_deal =
            problem.games_per_deal() * names.len() as u64 + problem.reference_games_per_deal();
        let recorded = if let Some(s) = state.steps.get(step_number - 1) {
            Some(s.clone())
        } else if let Some(slice) = merged.take() {
            let deals: Vec<u64> = slice.samples.iter().map(|(d, _)| *d).collect();
            let want: Vec<u64> = (round.first_deal..round.first_deal + round.deals).collect();
            if deals != want {
                bail!(
                    "the slices of step {step_number} hold {} of its {} deals; every slice is needed",
                    deals.len(),
                    want.len()
                );
            }
            let samples: StepSamples = slice.samples.iter().map(|(_, s)| s.clone()).collect();
            state.steps.push(samples.clone());
            let path = args.state.as_ref().expect("--merge requires --state");
            save_state(path, &state)?;
            Some(samples)
        } else {
            None
        };
        let samples = match recorded {
            Some(s) => {
                progress.inc(round.deals * per_deal);
                s
            }
            None if merging => {
                // The step just merged was a round of the search: the next is for the shards.
                progress.finish_and_clear();
                let path = args.state.as_ref().expect("--merge requires --state");
                println!(
                    "{}",
                    common::wrap(&format!(
                        "Step {} merged into {}. Next, step {step_number}: {} on {} deals ({} \
                         games); run every slice of it with the same command and --state {}, \
                         then --merge them.",
                        step_number - 1,
                        path.display(),
                        match &step {
                            Step::Round(r) => format!(
                                "round {} of the search, {} candidates",
                                r.number,
                                names.len()
                            ),
                            Step::Confirm(..) => format!(
                                "the confirmation of {} finalists and the variant as printed",
                                names.len() - 1
                            ),
                        },
                        round.deals,
                        round.deals * per_deal,
                        path.display()
                    ))
                );
                return Ok(ExitCode::SUCCESS);
            }
            None => {
                let loaded: Vec<Variant> = names
                    .iter()
                    .map(|v| Variant::load(v))
                    .collect::<Result<_, _>>()?;
                let entrants: Vec<&Variant> = loaded.iter().collect();
                let deals: Vec<u64> = match shard {
                    Some((k, m)) => (round.first_deal..round.first_deal + round.deals)
                        .filter(|d| d % m == k - 1)
                        .collect(),
                    None => (round.first_deal..round.first_deal + round.deals).collect(),
                };
                let played = play_deals(
                    &pool,
                    &problem,
                    &references,
                    &entrants,
                    &deals,
                    seed,
                    &progress,
                )?;
                if let Some((k, m)) = shard {
                    progress.finish_and_clear();
                    let slice = Slice {
                        stamp: common::Stamp::now(),
                        shard: Some(format!("{k}/{m}")),
                        run: this_run,
                        step: step_number,
                        samples: deals.into_iter().zip(played).collect(),
                    };
                    println!("{}", serde_json::to_string(&slice)?);
                    return Ok(ExitCode::SUCCESS);
                }
                played
            }
        };
        match step {
            Step::Round(r) => {
                search.record(&r, &samples);
                if search.round().is_none() {
                    // The search played what it played: the bar counts exactly that.
                    progress.set_length(search.played + confirm_games);
                }
            }
            Step::Confirm(shown, _) => break (shown, samples),
        }
    };
    progress.finish_and_clear();
    if let (Some(path), Some(_)) = (&args.state, shard) {
        bail!(
            "the search in {} is over, its confirmation merged: there is no slice left to \
             play; without --shard the command prints its answer again",
            path.display()
        );
    }
    let played: Vec<&str> = shown.iter().map(String::as_str).collect();
    let mut sums = vec![vec![Clustered::default(); problem.goals.len()]; played.len()];
    for deal in &samples {
        for (acc, s) in sums.iter_mut().zip(deal) {
            for (a, x) in acc.iter_mut().zip(s) {
                a.merge(x);
            }
        }
    }
    let mut confirmed: Vec<Confirmation> = shown
        .iter()
        .zip(&sums)
        .map(|(v, s)| confirm(&problem, v, s))
        .collect();
    let base = confirmed.pop().expect("the base was played");
    // Best first on the confirmation's deals.
    confirmed.sort_by(|a, b| a.objective.total_cmp(&b.objective));
    let verdict = verdict(&problem, &confirmed);
    let seconds = start.elapsed().as_secs_f64();
    let command = command_line();

    if let Some(path) = &args.out {
        let best = &confirmed[0];
        let text = variant_file(&problem, best, &base, &command, confirm_deals)?;
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &args.report {
        let meta = html::Meta {
            command: &command,
            bots: bots_named(&problem),
            seed: args.seed,
            confirm_deals,
            seconds,
            verdict: &verdict,
        };
        let page = html::page(&problem, &search, &confirmed, &base, &meta);
        std::fs::write(path, page).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if args.json {
        let answer = Answer {
            stamp: common::Stamp::now(),
            command,
            variant: &args.variant,
            space: &problem.space,
            goals: &problem.goals,
            bots: problem.bots.iter().map(BotKind::name).collect(),
            seed: args.seed,
            budget: args.budget,
            games_played: search.played,
            search_deals: search.history.iter().map(|(r, _)| r.deals).sum(),
            confirmation_deals: confirm_deals,
            candidates: &search.candidates,
            finalists: &confirmed,
            base: &base,
            verdict: verdict.clone(),
            seconds,
        };
        println!("{}", serde_json::to_string_pretty(&answer)?);
    } else {
        print!(
            "{}",
            text(
                &problem,
                &search,
                &confirmed,
                &base,
                confirm_deals,
                &verdict,
                seconds
            )
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays `deals` for every entrant (and the reference variants once per deal), in
/// parallel, the samples back in the order of the deals.
fn play_deals(
    pool: &rayon::ThreadPool,
    problem: &Problem,
    references: &[Variant],
    entrants: &[&Variant],
    deals: &[u64],
    seed: u64,
    progress: &ProgressBar,
) -> Result<StepSamples> {
    let per_deal =
        problem.games_per_deal() * entrants.len() as u64 + problem.reference_games_per_deal();
    let out: Result<Vec<_>, _> = pool.install(|| {
        deals
            .par_iter()
            .map_init(Table::default, |table, &d| {
                let refs = problem.reference_games(table, references, seed, d)?;
                let s: Result<Vec<_>, _> = entrants
                    .iter()
                    .map(|v| problem.samples(table, v, &refs, seed, d))
                    .collect();
                progress.inc(per_deal);
                s
            })
            .collect()
    });
    Ok(out?)
}

/// The state of a sharded search, or a search not yet begun when `path` does not exist.
fn load_state(path: &std::path::Path, run: &Run) -> Result<State> {
    if !path.exists() {
        return Ok(State {
            stamp: common::Stamp::now(),
            run: run.clone(),
            steps: Vec::new(),
        });
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{}: cannot read the state file", path.display()))?;
    let state: State = serde_json::from_str(&text).with_context(|| {
        format!(
            "{}: not a state file of hunters balance (written by --merge)",
            path.display()
        )
    })?;
    if state.stamp != common::Stamp::now() {
        bail!(
            "{}: written by hunters {}; run the whole search with one version",
            path.display(),
            state.stamp.version
        );
    }
    if state.run != *run {
        bail!(
            "{}: the state of another search (other arguments); give the arguments it was \
             begun with, or another --state file",
            path.display()
        );
    }
    Ok(state)
}

fn save_state(path: &std::path::Path, state: &State) -> Result<()> {
    let text = serde_json::to_string(state)?;
    // Written whole, then moved over the old: an interrupted write leaves the old state.
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

fn bar(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// The verdict in words: met, or not, and the closest.
fn verdict(problem: &Problem, confirmed: &[Confirmation]) -> String {
    let best = &confirmed[0];
    if let Some(met) = confirmed.iter().find(|c| c.met()) {
        return format!(
            "Met: {} brings every goal within its tolerance on the confirmation's deals.",
            met.variant
        );
    }
    let unsure = best.goals.iter().all(|g| g.verdict != Verdict::NotMet);
    if unsure {
        return format!(
            "Not shown: {} is the closest, but an interval still straddles its goal's \
             tolerance; more confirmation deals (--confirm) decide.",
            best.variant
        );
    }
    let missed: Vec<String> = problem
        .goals
        .iter()
        .zip(&best.goals)
        .filter(|(_, c)| c.verdict == Verdict::NotMet)
        .map(|(g, c)| {
            format!(
                "{} came out at {:.2} ({:.2} to {:.2})",
                g.text, c.value, c.low, c.high
            )
        })
        .collect();
    format!(
        "Not met: no candidate the search found meets every goal; the closest is {}, where {}.",
        best.variant,
        missed.join("; ")
    )
}

fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    format!("hunters {}", args.join(" "))
}

/// The best variant as a variant file, with what it was searched for and what the
/// confirmation measured.
fn variant_file(
    problem: &Problem,
    best: &Confirmation,
    base: &Confirmation,
    command: &str,
    deals: u64,
) -> Result<String> {
    let mut head = String::new();
    head.push_str(&format!(
        "# Found by `hunters balance` {} for {}.\n# Command: {command}\n",
        env!("CARGO_PKG_VERSION"),
        problem
            .goals
            .iter()
            .map(|g| g.text.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    head.push_str(&format!(
        "# Confirmed on {deals} deals the search never saw ({}), 95 % intervals:\n",
        bots_named(problem)
    ));
    for ((g, c), b) in problem.goals.iter().zip(&best.goals).zip(&base.goals) {
        head.push_str(&format!(
            "#   {}: {:.2} ({:.2} to {:.2}), {}; {} as printed: {:.2}\n",
            g.text,
            c.value,
            c.low,
            c.high,
            c.verdict.words(),
            problem.space.base,
            b.value
        ));
    }
    let body = crate::cli::variants::show(&best.variant)?;
    Ok(format!("{head}{body}"))
}

fn text(
    problem: &Problem,
    search: &Search,
    confirmed: &[Confirmation],
    base: &Confirmation,
    deals: u64,
    verdict: &str,
    seconds: f64,
) -> String {
    let mut out = String::new();
    let keys: Vec<String> = problem
        .space
        .keys
        .iter()
        .map(|k| format!("{} in {}", k.name, k.values.join(",")))
        .collect();
    out.push_str(&format!(
        "Balance of {}: {} ({} candidates), bots {}.\n",
        problem.space.base,
        keys.join("; "),
        problem.space.size(),
        bots_named(problem)
    ));
    let search_deals: u64 = search.history.iter().map(|(r, _)| r.deals).sum();
    out.push_str(&common::wrap(&format!(
        "Search: {} candidates tried in {} rounds, {} games on {} deals; confirmation on {} \
         other deals; {:.0} s.",
        search.candidates.len(),
        search.history.len(),
        search.played,
        search_deals,
        deals,
        seconds
    )));
    out.push_str("\n\n");
    for g in &problem.goals {
        out.push_str(&format!(
            "Goal {}: {} at {} ± {}{}.\n",
            g.text,
            match &g.minus {
                Some(r) => format!("{} minus {r}'s on the same deals", g.quantity),
                None => g.quantity.to_string(),
            },
            g.target,
            g.tolerance,
            if g.weight == 1.0 {
                String::new()
            } else {
                format!(", weight {}", g.weight)
            }
        ));
    }
    out.push('\n');
    let mut t = common::prose_table();
    let mut header = vec!["variant".to_string()];
    header.extend(
        problem
            .goals
            .iter()
            .map(|g| format!("{} (95 %)", g.quantity)),
    );
    t.set_header(header);
    for c in confirmed.iter().chain(std::iter::once(base)) {
        let mut row = vec![if std::ptr::eq(c, base) {
            format!("{} (as printed)", c.variant)
        } else {
            c.variant.clone()
        }];
        for x in &c.goals {
            row.push(format!(
                "{:.2} ({:.2} to {:.2}) {}",
                x.value,
                x.low,
                x.high,
                x.verdict.words()
            ));
        }
        t.add_row(row);
    }
    out.push_str(&t.to_string());
    out.push_str("\n\n");
    out.push_str(&common::wrap(verdict));
    out.push('\n');
    out
}

/// The bots of the seats, as the output names them: `mcts:100, mcts:100`.
fn bots_named(problem: &Problem) -> String {
    problem
        .bots
        .iter()
        .map(BotKind::name)
        .collect::<Vec<_>>()
        .join(", ")
}
