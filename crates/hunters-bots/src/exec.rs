//! Bots outside the program: `--bots exec:PROGRAM` runs PROGRAM for a seat and plays its
//! answers. The protocol is one JSON object per line on the program's standard input and
//! output (docs/bot-protocol.md):
//!
//! - `start`: the seat, the players, the edition and its options, a seed for the program's
//!   own random choices;
//! - `choose`: what a player at the table sees (the board, the pieces, every score, supply
//!   and hand, the drawn tile, how many of each tile are still to come) and the legal moves,
//!   numbered; the program answers `{"move": N}`;
//! - `end`: the final scores; then its input closes.
//!
//! A program that cannot be started, exits, answers anything but a listed move, or takes
//! longer than the time-out (default [`DEFAULT_TIMEOUT_MS`]) ends the game with an error that
//! names the seat and the program's line; the program is killed, nothing waits on it.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::Duration;

use serde_json::{Value, json};

use hunters_engine::feature::PieceAt;
use hunters_engine::game::{Category, Game, Move, Play};
use hunters_engine::notation::{move_text, piece_address, piece_name, zone_name};
use hunters_engine::rng::Stream;
use hunters_engine::scout::Special;

use super::Bot;

/// Lines of a program read before the game asks for them.
const LINES_AHEAD: usize = 4;

/// The protocol's version, sent in `start`.
pub const PROTOCOL: u32 = 1;

/// How long a program may take for one answer unless `--bot-timeout` says otherwise.
pub const DEFAULT_TIMEOUT_MS: u64 = 10_000;

/// A program playing one seat through the bot protocol.
pub struct ExecBot {
    command: String,
    seat: usize,
    seed: u64,
    timeout: Duration,
    running: Option<Running>,
    /// Lines read from the program so far (for error messages).
    lines_read: usize,
}

struct Running {
    child: Child,
    /// The program's standard input: one end of a socket pair rather than a pipe, because a
    /// socket can be written without SIGPIPE (the command line keeps SIGPIPE's default
    /// action so that `| head` ends it quietly; a program that died must not end the game
    /// that way).
    stdin: UnixStream,
    lines: Receiver<std::io::Result<String>>,
}

impl ExecBot {
    /// The bot for `seat` running `command` (a program and its arguments, split at spaces),
    /// with `timeout_ms` milliseconds for each answer; the program is started at the first
    /// decision.
    pub fn new(command: &str, seat: usize, mut rng: Stream, timeout_ms: u64) -> ExecBot {
        use rand_core::Rng;
        ExecBot {
            command: command.to_string(),
            seat,
            // Below 2^53, so that a program in JavaScript reads it exactly.
            seed: rng.next_u64() >> 11,
            timeout: Duration::from_millis(timeout_ms.max(1)),
            running: None,
            lines_read: 0,
        }
    }

    fn start(&mut self, game: &Game) -> Result<(), String> {
        let mut words = self.command.split_whitespace();
        let program = words.next().ok_or("has no program to run")?;
        let (stdin, theirs) =
            UnixStream::pair().map_err(|e| format!("could not be given an input: {e}"))?;
        // A program that stops reading must not hold the game past its time.
        stdin
            .set_write_timeout(Some(self.timeout))
            .map_err(|e| format!("could not be given an input: {e}"))?;
        let mut command = Command::new(program);
        command
            .args(words)
            // Its own process group, so that stopping it stops what it started too.
            .process_group(0);
        // SAFETY: the closure only makes one async-signal-safe system call.
        unsafe {
            command.pre_exec(|| {
                die_with_parent();
                Ok(())
            });
        }
        let mut child = command
            .stdin(Stdio::from(OwnedFd::from(theirs)))
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("could not be started: {program}: {e}"))?;
        let stdout = child.stdout.take().ok_or("has no standard output")?;
        // A thread reads the program's lines, so that waiting for one can time out. It reads
        // only a few lines ahead of the game: a program that writes lines nobody asked for
        // (`yes`) waits on its own output instead of filling this process's memory.
        let (tx, rx) = sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let line = read_line(&mut reader);
                let end = !matches!(line, Ok(Some(_)));
                let sent = match line {
                    Ok(Some(l)) => tx.send(Ok(l)),
                    Ok(None) => break,
                    Err(e) => tx.send(Err(e)),
                };
                if sent.is_err() || end {
                    break;
                }
            }
        });
        self.running = Some(Running {
            child,
            stdin,
            lines: rx,
        });
        let options: BTreeMap<&str, String> = game.rules().options().pairs().into_iter().collect();
        self.send(&json!({
            "type": "start",
            "protocol": PROTOCOL,
            "hunters": env!("CARGO_PKG_VERSION"),
            "seat": self.seat + 1,
            "players": game.players(),
            "edition": game.rules().edition().name(),
            "options": options,
            "seed": self.seed,
        }))
    }

    fn send(&mut self, message: &Value) -> Result<(), String> {
        let Some(r) = &mut self.running else {
            return Err("is not running".to_string());
        };
        let mut line = message.to_string();
        line.push('\n');
        if let Err(e) = r.stdin.write_all(line.as_bytes()) {
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) {
                return Err(format!(
                    "did not read its input within {} s (--bot-timeout sets the limit)",
                    self.timeout.as_secs_f64()
                ));
            }
            // Most often the program has ended; say how.
            for _ in 0..40 {
                if let Ok(Some(status)) = r.child.try_wait() {
                    return Err(format!("exited ({status}) without answering"));
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            return Err(format!("stopped reading its input ({e})"));
        }
        Ok(())
    }

    fn receive(&mut self) -> Result<String, String> {
        let Some(r) = &mut self.running else {
            return Err("is not running".to_string());
        };
        match r.lines.recv_timeout(self.timeout) {
            Ok(Ok(line)) => {
                self.lines_read += 1;
                Ok(line)
            }
            Ok(Err(e)) if e.kind() == std::io::ErrorKind::Other => Err(format!("answered {e}")),
            Ok(Err(e)) => Err(format!("could not be read: {e}")),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "did not answer within {} s (--bot-timeout sets the limit)",
                self.timeout.as_secs_f64()
            )),
            Err(RecvTimeoutError::Disconnected) => {
                // Its output is closed: it can no longer answer. Whether it also ended is
                // worth saying, but it is not waited on past a moment (it is then stopped).
                let deadline =
                    std::time::Instant::now() + self.timeout.min(Duration::from_millis(500));
                loop {
                    match r.child.try_wait() {
                        Ok(Some(status)) => {
                            return Err(format!("exited ({status}) without answering"));
                        }
                        Ok(None) if std::time::Instant::now() < deadline => {
                            std::thread::sleep(Duration::from_millis(5));
                        }
                        _ => return Err("closed its output without answering".to_string()),
                    }
                }
            }
        }
    }

    /// Stops the program: it has had its say, or it failed.
    fn stop(&mut self) {
        if let Some(mut r) = self.running.take() {
            let _ = r.stdin.shutdown(std::net::Shutdown::Both);
            drop(r.stdin);
            // A program that ends on its own when its input closes is let go; any other
            // is killed.
            let deadline = std::time::Instant::now() + Duration::from_millis(500);
            loop {
                match r.child.try_wait() {
                    Ok(Some(_)) => return,
                    Ok(None) if std::time::Instant::now() < deadline => {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    _ => break,
                }
            }
            kill_group(&r.child);
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }

    fn ask(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String> {
        if self.running.is_none() {
            self.start(game)?;
        }
        let listed: Vec<Value> = moves
            .iter()
            .enumerate()
            .map(|(n, m)| describe(game, n, m))
            .collect();
        self.send(&json!({
            "type": "choose",
            "state": state(game),
            "moves": listed,
        }))?;
        let line = self.receive()?;
        let n = self.lines_read;
        let answer: Value = serde_json::from_str(&line)
            .map_err(|e| format!("answered line {n} `{}`: not JSON ({e})", shorten(&line)))?;
        let index = answer
            .get("move")
            .and_then(Value::as_u64)
            .filter(|&i| (i as usize) < moves.len())
            .ok_or_else(|| {
                format!(
                    "answered line {n} `{}`: expected {{\"move\": N}} with N from 0 to {}",
                    shorten(&line),
                    moves.len() - 1
                )
            })?;
        Ok(moves[index as usize])
    }
}

/// Kills the program's process group: a shell script's `sleep` dies with it instead of
/// holding the terminal's output open.
fn kill_group(child: &Child) {
    use nix::sys::signal::{Signal, killpg};
    use nix::unistd::Pid;
    if let Ok(pid) = i32::try_from(child.id()) {
        // The group this bot started: its leader is the child, still unreaped, so the id
        // cannot have been reused. A group already gone is what we wanted.
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

/// The longest line a program may answer: far more than any answer needs, and a bound on what
/// a program that never ends its line can make `hunters` hold.
const MAX_LINE: u64 = 1 << 20;

/// The next line of the program's output without its line end; `None` at the end of the
/// output. A line longer than [`MAX_LINE`] is an error.
fn read_line(reader: &mut impl BufRead) -> std::io::Result<Option<String>> {
    let mut buf = Vec::new();
    let n = reader
        .by_ref()
        .take(MAX_LINE + 1)
        .read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    } else if n as u64 > MAX_LINE {
        return Err(std::io::Error::other(format!(
            "a line longer than {} bytes",
            MAX_LINE
        )));
    }
    String::from_utf8(buf)
        .map(Some)
        .map_err(|_| std::io::Error::other("a line that is not UTF-8"))
}

/// Asks the kernel to kill this (child) process when the thread that started it ends, so
/// that a program bot never outlives a `hunters` that was killed or interrupted.
#[cfg(target_os = "linux")]
fn die_with_parent() {
    // Failing leaves the program as it would be elsewhere: stopped by `kill_group` alone.
    let _ = nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL);
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent() {}

/// A line cut to a length that fits an error message.
fn shorten(line: &str) -> String {
    let cut: String = line.chars().take(80).collect();
    if cut.len() < line.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

impl Drop for ExecBot {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Bot for ExecBot {
    fn name(&self) -> String {
        format!("exec:{}", self.command)
    }

    fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<Move, String> {
        let result = self.ask(game, moves);
        if result.is_err() {
            self.stop();
        }
        result
    }

    fn game_over(&mut self, game: &Game) {
        if self.running.is_some() {
            let _ = self.send(&json!({
                "type": "end",
                "players": players(game),
                "winners": game.winners().iter().map(|p| p + 1).collect::<Vec<_>>(),
            }));
        }
        self.stop();
    }
}

/// One numbered legal move: how a log line writes it, and its parts.
fn describe(game: &Game, n: usize, m: &Move) -> Value {
    let kind = match m.play {
        Play::Drawn => "place",
        Play::Special(_) => "special",
        Play::Draw => "draw",
        Play::Refuse => "refuse",
    };
    let mut v = json!({ "n": n, "kind": kind, "text": move_text(game, m) });
    if matches!(m.play, Play::Drawn | Play::Special(_)) {
        let tile = match m.play {
            Play::Special(t) => Some(t),
            _ => game.turn().and_then(|t| t.tile),
        };
        v["x"] = json!(m.at.pos.x);
        v["y"] = json!(m.at.pos.y);
        v["rotation"] = json!(m.at.rot.degrees());
        if let Some(t) = tile {
            let t = &game.tiles().tiles[t];
            v["tile"] = json!(t.id);
            if let Some((piece, at)) = m.piece {
                v["piece"] = json!(piece_name(piece));
                v["zone"] = json!(match at {
                    PieceAt::Zone(z) => zone_name(t, m.at.rot, z.zone),
                    PieceAt::Spot { .. } => "spot".to_string(),
                });
            }
        }
        if let Some(on) = m.recall.and_then(|r| game.pieces().get(r)) {
            v["recall"] = json!({
                "piece": piece_name(on.piece),
                "at": piece_address(game, on.at),
            });
        }
    }
    v
}

/// Each player's points by category, supply and hand.
fn players(game: &Game) -> Vec<Value> {
    (0..game.players())
        .map(|p| {
            let c = |k| game.score(p, k);
            let (meeples, huts) = game.supply(p);
            let hand: Vec<String> = game
                .hand(p)
                .iter()
                .map(|s| match s {
                    Special::Tile(t) => game.tiles().tiles[*t].id.clone(),
                    Special::Shaman => "shaman".to_string(),
                })
                .collect();
            json!({
                "player": p + 1,
                "points": {
                    "rivers": c(Category::Rivers),
                    "forests": c(Category::Forests),
                    "huts": c(Category::Huts),
                    "meadows": c(Category::Meadows),
                    "specials": c(Category::Specials),
                    "total": game.total(p),
                },
                "meeples": meeples,
                "huts": huts,
                "hand": hand,
            })
        })
        .collect()
}

/// What a player at the table sees, as the bot protocol sends it (docs/bot-protocol.md, and
/// the browser's table, docs/serve.md): never the order of the tiles to come.
pub fn state(game: &Game) -> Value {
    let tiles = &game.tiles().tiles;
    let turn = game.turn();
    let board: Vec<Value> = game
        .board()
        .placed()
        .iter()
        .map(|p| {
            json!({
                "x": p.pos.x,
                "y": p.pos.y,
                "tile": tiles[p.tile].id,
                "rotation": p.rot.degrees(),
            })
        })
        .collect();
    let pieces: Vec<Value> = game
        .pieces()
        .iter()
        .map(|on| {
            json!({
                "player": on.player + 1,
                "piece": piece_name(on.piece),
                "at": piece_address(game, on.at),
            })
        })
        .collect();
    let (regular, bonus) = game.unseen();
    let counts = |deck: &[usize]| {
        let mut m: BTreeMap<String, u32> = BTreeMap::new();
        for &t in deck {
            *m.entry(tiles[t].id.clone()).or_default() += 1;
        }
        m
    };
    json!({
        "turn": {
            "player": turn.map(|t| t.player + 1),
            "tile": turn.and_then(|t| t.tile).map(|t| tiles[t].id.clone()),
            "bonus": turn.is_some_and(|t| t.bonus),
        },
        "players": players(game),
        "board": board,
        "pieces": pieces,
        "unseen": { "regular": counts(&regular), "bonus": counts(&bonus) },
    })
}
