//! The arguments of `hunters simulate`, read by the run and by `--levels` alike.

use std::path::PathBuf;

use hunters::bot::BotKind;
use hunters::summary;

#[derive(clap::Args)]
pub struct Args {
    /// The variants to play (built-in names or variant files); the first is the reference
    /// for paired differences.
    #[arg(value_name = "VARIANT", required_unless_present = "merge")]
    pub(super) variants: Vec<String>,
    /// Games per variant. Each game is dealt its own tiles, except with --rotate-seats and
    /// different bots, where a deal is played once per seat rotation (N is then rounded up to
    /// whole deals). Games that share a deal count as one unit in every interval, and the
    /// output says how many deals each figure rests on.
    #[arg(long, short, value_name = "N", required_unless_present = "merge")]
    pub(super) games: Option<u64>,
    /// Master seed; deal i is dealt from a seed derived from it and i, the same for every
    /// variant.
    #[arg(long, short, value_name = "S", default_value_t = 0)]
    pub(super) seed: u64,
    /// Threads (default: every core). The results do not depend on it.
    #[arg(long, short, value_name = "J")]
    pub(super) jobs: Option<usize>,
    /// Number of players, 2 to 5 (default 2, or as many as --bots names).
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=5))]
    pub(super) players: Option<u8>,
    /// The bot of each seat, comma-separated: random, greedy, mcts, mcts:N (N playouts), the
    /// yardsticks mcts-v1[:N], mcts-v2[:N] and mcts-v3[:N], or exec:PROGRAM (docs/bot-protocol.md); one
    /// name serves every seat [default: greedy].
    #[arg(long, short, value_name = "BOT,…", value_delimiter = ',')]
    pub(super) bots: Vec<BotKind>,
    /// Measure the headline answers at several levels of play, weakest first (e.g.
    /// greedy,mcts:100,mcts): at each level one bot holds every seat, on the same deals; the
    /// variants' paired differences to the first, the first player's edge and the worth of
    /// the classes of --without, and whether each is settled at the top level.
    #[arg(long, value_name = "BOT,…", value_delimiter = ',')]
    pub(super) levels: Vec<BotKind>,
    /// With --levels: the classes of moves whose worth is measured at each level, the
    /// level's bot forgoing each against itself, seats rotated [default: no-hunters].
    #[arg(long, value_name = "CLASS,…", value_delimiter = ',', value_parser = crate::cli::common::class)]
    pub(super) without: Vec<hunters::bot::Class>,
    /// With --levels: an answer in points is settled when the step between the two highest
    /// levels holds 0 within ± this many points [default: 2].
    #[arg(long, value_name = "X")]
    pub(super) tolerance_points: Option<f64>,
    /// With --levels: the same for win rates and the first player's edge, in percentage
    /// points [default: 5].
    #[arg(long, value_name = "X")]
    pub(super) tolerance_pp: Option<f64>,
    #[command(flatten)]
    pub(super) timeout: crate::cli::common::BotTimeout,
    /// Play each deal once per rotation of the bots around the table, so that every bot sits
    /// in every seat equally often on the same tiles (the games are rounded up to a multiple
    /// of the players). When every seat holds the same bot a rotation would replay the same
    /// game, so each game is then a deal of its own, as without this option.
    #[arg(long)]
    pub(super) rotate_seats: bool,
    /// Intervals of the paired differences to the first variant that hold together: with
    /// `bonferroni`, each column's comparisons (one per variant after the first) all cover
    /// their truth with 95 % confidence at once, instead of each one alone. Worth it for a
    /// sweep, where one interval in twenty misses by chance.
    #[arg(long, value_name = "METHOD", value_enum, default_value_t = Simultaneous::None)]
    pub(super) simultaneous: Simultaneous,
    /// The half-width to plan for: after the run, how many deals would bring the main
    /// interval to ± X (the bots' win rate in percentage points when the seats have different
    /// bots, default 3; else the paired difference of totals to the first variant, or the
    /// mean total with one variant, in points per player and game, default 1).
    #[arg(long, value_name = "X")]
    pub(super) precision: Option<f64>,
    /// Run only the K-th of M slices of the deals (K from 1; a deal's games stay together);
    /// merge the --json outputs with --merge.
    #[arg(long, value_name = "K/M")]
    pub(super) shard: Option<String>,
    /// Merge the --json outputs of shards of one run and report the whole run.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["variants", "games", "shard"])]
    pub(super) merge: Vec<PathBuf>,
    /// With --merge: report the slices given when some of the run's are missing, as a
    /// partial run (its header names the slices; its intervals hold for the deals of those
    /// slices alone, which the run's seed dealt before any result was known). Its --json
    /// output merges no further.
    #[arg(long, requires = "merge")]
    pub(super) partial: bool,
    /// Print JSON (with the raw tallies, games per second and wall time).
    #[arg(long)]
    pub(super) json: bool,
    /// Also write one row per game and variant to FILE: CSV for a `.csv` name, JSON lines
    /// for `.jsonl` (columns in docs/json.md).
    #[arg(long, value_name = "FILE", conflicts_with = "merge")]
    pub(super) games_out: Option<PathBuf>,
    /// Also write the report as one self-contained HTML page to FILE: the tables, histograms
    /// of totals, paired differences and seat shares as charts, a sample board per variant.
    #[arg(long, value_name = "FILE")]
    pub(super) report: Option<PathBuf>,
    /// Play the one VARIANT under each value of a number of the rules or an option:
    /// KEY=V1,V2,… (e.g. mammoth=2,3,4,5; `hunters variants --show` lists the numbers).
    /// Repeat it to sweep several keys over every combination. The variant as printed plays
    /// first, as the reference; every combination plays the same deals.
    #[arg(long, value_name = "KEY=V,…", conflicts_with = "merge")]
    pub(super) sweep: Vec<String>,
}

/// `--simultaneous`: how the paired differences of a run hold together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum Simultaneous {
    /// Each interval at 95 % on its own.
    #[default]
    None,
    /// Bonferroni: each at 1 − 5 % / K for K comparisons, all K at 95 % together.
    Bonferroni,
}

impl From<Simultaneous> for summary::Simultaneous {
    fn from(s: Simultaneous) -> Self {
        match s {
            Simultaneous::None => summary::Simultaneous::None,
            Simultaneous::Bonferroni => summary::Simultaneous::Bonferroni,
        }
    }
}
