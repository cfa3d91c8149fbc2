//! Speed of the engine: whole games, move generation on fixed positions, playouts from
//! mid-game (what a search lives on), the searching bot's time per decision, and verifying
//! the golden corpus. Run with
//! `cargo bench --bench speed` (release build, one thread); name sections to run only those
//! (`cargo bench --bench speed -- playouts`).
//!
//! Each measurement repeats its work until about a second has passed and reports the rate;
//! `HUNTERS_BENCH_SECONDS` changes that budget.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use hunters::Variant;
use hunters::bot::BotKind;
use hunters::compare::{self, Table};
use hunters::game::{Game, Move};
use hunters::{log, replay};

/// The system allocator, counting allocations (for the `allocations` section).
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn budget() -> Duration {
    let secs = std::env::var("HUNTERS_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(1.0);
    Duration::from_secs_f64(secs)
}

/// Runs `f` (one unit of work per call) until the budget is spent; units per second.
fn rate(mut f: impl FnMut(u64)) -> (f64, u64) {
    let budget = budget();
    let start = Instant::now();
    let mut n = 0;
    while start.elapsed() < budget || n == 0 {
        f(n);
        n += 1;
    }
    (n as f64 / start.elapsed().as_secs_f64(), n)
}

fn games() {
    println!("## Whole games (one thread)");
    println!();
    println!("| variant | players | bots | games/s | games timed |");
    println!("|---|---|---|---:|---:|");
    for bot in [BotKind::Random, BotKind::Greedy] {
        for variant in ["2002", "2014", "2020"] {
            let v = Variant::load(variant).expect("a built-in variant");
            for players in [2, 5] {
                let bots = vec![bot.clone(); players];
                let (r, n) = rate(|i| {
                    std::hint::black_box(compare::play(&v, &bots, i).unwrap());
                });
                println!("| {variant} | {players} | {bot} | {r:.1} | {n} |");
            }
        }
    }
    println!();
}

/// A random game of `variant` played up to (not including) turn `turn`.
fn position(variant: &Variant, turn: usize) -> Game {
    let mut game = Game::seeded(variant, 2, 11);
    let mut bots = [BotKind::Random.make(11, 0), BotKind::Random.make(11, 1)];
    let mut moves = Vec::new();
    for _ in 0..turn {
        let Some(t) = game.turn() else { break };
        game.legal_moves(&mut moves);
        let mv = bots[t.player].choose(&game, &moves).unwrap();
        game.play_unchecked(mv);
    }
    game
}

fn move_generation() {
    println!("## Legal moves on fixed positions (2 players, seed 11)");
    println!();
    println!("| variant | turn | tiles laid | placements | moves | µs per legal_moves |");
    println!("|---|---:|---:|---:|---:|---:|");
    for variant in ["2002", "2020"] {
        let v = Variant::load(variant).expect("a built-in variant");
        for turn in [10, 30, 60] {
            let game = position(&v, turn);
            let Some(tile) = game.turn().and_then(|t| t.tile) else {
                continue;
            };
            let mut placements = Vec::new();
            game.board()
                .legal_placements(&game.tiles().tiles[tile], &mut placements);
            let mut moves: Vec<Move> = Vec::new();
            let (r, _) = rate(|_| {
                game.legal_moves(&mut moves);
                std::hint::black_box(&moves);
            });
            println!(
                "| {variant} | {turn} | {} | {} | {} | {:.2} |",
                game.board().len(),
                placements.len(),
                moves.len(),
                1e6 / r
            );
        }
    }
    println!();
}

/// One playout: from a position at turn 30, random moves to the end of the game, then back to
/// the position; either by copying the game first or with a trial and its undo.
fn playouts() {
    println!("## Playouts from mid-game (turn 30, random moves to the end, 2 players)");
    println!();
    println!("| variant | back to the position by | playouts/s | µs per playout |");
    println!("|---|---|---:|---:|");
    for variant in ["2002", "2020", "2002-scout"] {
        let v = Variant::load(variant).expect("a built-in variant");
        let root = position(&v, 30);
        let mut bot = BotKind::Random.make(5, 0);
        let mut moves: Vec<Move> = Vec::new();
        let mut play_to_end = |g: &mut Game| {
            while g.turn().is_some() {
                g.legal_moves(&mut moves);
                let mv = bot.choose(g, &moves).unwrap();
                g.play_unchecked(mv);
            }
        };
        let mut copy = root.clone();
        let (r, _) = rate(|_| {
            copy.copy_for_trial(&root);
            play_to_end(&mut copy);
        });
        println!("| {variant} | copy | {r:.0} | {:.1} |", 1e6 / r);
        let mut game = root.clone();
        game.keep_no_events();
        let (r, _) = rate(|_| {
            game.begin_trial();
            play_to_end(&mut game);
            game.undo_trial();
        });
        println!("| {variant} | trial and undo | {r:.0} | {:.1} |", 1e6 / r);
    }
    println!();
}

/// Allocations (and reallocations) per turn of whole games, as `simulate` plays them (no
/// events kept) and as `play` does (every event kept for the log); the same without those
/// of setting a game up (dealing, the board, the bots); and with bots that played a game
/// before (their buffers, the greedy bot's copy of the game, are grown to size once); and
/// with the game kept too (`compare::Table`), its setup counted.
fn allocations() {
    println!("## Allocations per turn (2 players, 100 games each)");
    println!();
    println!(
        "| variant | bots | events kept | allocations per turn | without the setup | bots kept from game to game | game and bots kept, setup included |"
    );
    println!("|---|---|---|---:|---:|---:|---:|");
    for variant in ["2002", "2020", "2002-scout"] {
        let v = Variant::load(variant).expect("a built-in variant");
        for bot in [BotKind::Random, BotKind::Greedy] {
            for keep in [false, true] {
                let mut turns = 0u64;
                let mut setup = 0u64;
                let before = ALLOCATIONS.load(Ordering::Relaxed);
                for seed in 0..100 {
                    let start = ALLOCATIONS.load(Ordering::Relaxed);
                    let mut game = Game::seeded(&v, 2, seed);
                    if !keep {
                        game.keep_no_events();
                    }
                    let mut bots = [bot.make(seed, 0), bot.make(seed, 1)];
                    let mut moves: Vec<Move> = Vec::with_capacity(1024);
                    setup += ALLOCATIONS.load(Ordering::Relaxed) - start;
                    while let Some(t) = game.turn() {
                        game.legal_moves(&mut moves);
                        let mv = bots[t.player].choose(&game, &moves).unwrap();
                        game.play_unchecked(mv);
                        turns += 1;
                    }
                }
                let n = ALLOCATIONS.load(Ordering::Relaxed) - before;
                // The same bots for every game, after one game to grow their buffers; only
                // the turns are counted.
                let mut bots = [bot.make(0, 0), bot.make(0, 1)];
                let mut moves: Vec<Move> = Vec::with_capacity(1024);
                let (mut kept_turns, mut kept) = (0u64, 0u64);
                for seed in 0..101 {
                    let mut game = Game::seeded(&v, 2, seed);
                    if !keep {
                        game.keep_no_events();
                    }
                    let start = ALLOCATIONS.load(Ordering::Relaxed);
                    while let Some(t) = game.turn() {
                        game.legal_moves(&mut moves);
                        let mv = bots[t.player].choose(&game, &moves).unwrap();
                        game.play_unchecked(mv);
                        kept_turns += u64::from(seed > 0);
                    }
                    if seed > 0 {
                        kept += ALLOCATIONS.load(Ordering::Relaxed) - start;
                    }
                }
                // The same games again on one table, as a `simulate` worker plays them: the
                // game restarted and the bots started over, setting up included.
                let mut table = Table::default();
                let seats = [bot.clone(), bot.clone()];
                table.play(&v, &seats, 0, keep).unwrap();
                let start = ALLOCATIONS.load(Ordering::Relaxed);
                for seed in 1..101 {
                    table.play(&v, &seats, seed, keep).unwrap();
                }
                let on_table = ALLOCATIONS.load(Ordering::Relaxed) - start;
                println!(
                    "| {variant} | {bot} | {} | {:.1} | {:.2} | {:.3} | {:.3} |",
                    if keep { "yes" } else { "no" },
                    n as f64 / turns as f64,
                    (n - setup) as f64 / turns as f64,
                    kept as f64 / kept_turns as f64,
                    on_table as f64 / kept_turns as f64
                );
            }
        }
    }
    println!();
}

fn golden() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "log") {
                    out.push(p);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("golden"),
        &mut out,
    );
    out.sort();
    out
}

fn verify_corpus() {
    let files = golden();
    let texts: Vec<(PathBuf, String)> = files
        .iter()
        .map(|p| (p.clone(), std::fs::read_to_string(p).expect("a golden log")))
        .collect();
    let (r, _) = rate(|_| {
        for (path, text) in &texts {
            let parsed = log::parse(text, "golden").expect("a golden log parses");
            replay::verify(&parsed, path.parent()).expect("a golden log verifies");
        }
    });
    println!("## Verifying the golden corpus");
    println!();
    println!(
        "{} logs: {:.1} ms per pass over the corpus ({:.0} logs/s)",
        texts.len(),
        1e3 / r,
        r * texts.len() as f64
    );
}

/// The searching bot's time per decision: whole 2-player 2020 games of `mcts` (and of its
/// yardsticks `mcts-v3`, `mcts-v2` and `mcts-v1`) against `greedy`, timing only the search's
/// decisions.
fn search() {
    println!("## The searching bot's decisions (2020, 2 players, against greedy, one thread)");
    println!();
    println!("| bot | decisions timed | ms per decision | slowest ms |");
    println!("|---|---:|---:|---:|");
    let v = Variant::load("2020").expect("a built-in variant");
    let kinds = [
        BotKind::Mcts { playouts: 200 },
        BotKind::Mcts { playouts: 1000 },
        BotKind::MctsV3 { playouts: 1000 },
        BotKind::MctsV2 { playouts: 1000 },
        BotKind::MctsV1 { playouts: 1000 },
    ];
    for kind in kinds {
        let budget = budget() * 3;
        let (mut spent, mut slowest, mut decisions) = (Duration::ZERO, Duration::ZERO, 0u32);
        let mut seed = 0;
        while spent < budget {
            let mut game = Game::seeded(&v, 2, seed);
            let mut bots = [kind.make(seed, 0), BotKind::Greedy.make(seed, 1)];
            let mut moves = Vec::new();
            while let Some(t) = game.turn() {
                game.legal_moves(&mut moves);
                let start = Instant::now();
                let mv = bots[t.player].choose(&game, &moves).unwrap();
                if t.player == 0 {
                    let took = start.elapsed();
                    spent += took;
                    slowest = slowest.max(took);
                    decisions += 1;
                }
                game.play_unchecked(mv);
            }
            seed += 1;
        }
        println!(
            "| {kind} | {decisions} | {:.1} | {:.1} |",
            spent.as_secs_f64() * 1e3 / f64::from(decisions),
            slowest.as_secs_f64() * 1e3
        );
    }
    println!();
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument picks sections by name.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wants = |s: &str| args.is_empty() || args.iter().any(|a| a == s);
    if wants("games") {
        games();
    }
    if wants("moves") {
        move_generation();
    }
    if wants("playouts") {
        playouts();
    }
    if wants("allocations") {
        allocations();
    }
    if wants("search") {
        search();
    }
    if wants("verify") {
        verify_corpus();
    }
}
