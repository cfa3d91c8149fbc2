//! Untrusted input never makes the library panic: random bytes and mutated golden logs are
//! either verified, refused as unreadable, or found to diverge.

use crate::props;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use hunters::log;
use hunters::replay::{self, Failure};
use hunters::rng::{Stream, below, stream};

fn golden() -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("golden");
    let mut out = Vec::new();
    for sub in [dir.clone(), dir.join("scenarios")] {
        for e in std::fs::read_dir(sub).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "log") {
                let text = std::fs::read_to_string(&p).unwrap();
                out.push((p, text));
            }
        }
    }
    out.sort();
    out
}

/// What verifying `bytes` as a log gives: 0 verified, 1 diverges, 2 unreadable. Panics are
/// caught and reported with the input.
fn outcome(bytes: &[u8]) -> Result<u8, String> {
    let run = || {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return 2;
        };
        match log::parse(text, "fuzz.log") {
            Err(_) => 2,
            Ok(parsed) => match replay::verify(&parsed, None) {
                Ok(_) => 0,
                Err(Failure::Diverged(_)) => 1,
                Err(Failure::Unreadable(_)) => 2,
            },
        }
    };
    catch_unwind(AssertUnwindSafe(run)).map_err(|_| {
        format!(
            "panicked on input:\n{}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(2000)])
        )
    })
}

fn random_bytes(rng: &mut Stream, max: usize) -> Vec<u8> {
    let n = below(rng, max + 1);
    (0..n).map(|_| below(rng, 256) as u8).collect()
}

#[test]
fn random_byte_strings_never_panic() {
    let mut rng = stream(1, "fuzz bytes");
    let alphabet: &[u8] = b"[]\"# \n0123456789,:-.placedrwsoetuhnfigb=FMRLNESWr";
    for i in 0..props::cases(10_000) {
        // Half raw bytes, half text made of the log's own characters.
        let bytes = if i % 2 == 0 {
            random_bytes(&mut rng, 300)
        } else {
            let n = below(&mut rng, 400);
            let mut v: Vec<u8> = b"[Format \"hunters-log 1\"]\n".to_vec();
            v.extend((0..n).map(|_| alphabet[below(&mut rng, alphabet.len())]));
            v
        };
        let code = outcome(&bytes).unwrap_or_else(|e| panic!("{e}"));
        assert!(code == 1 || code == 2, "random input verified: {bytes:?}");
    }
}

/// One random change to an event line (comments and header tags are left alone): a byte
/// replaced, the line deleted, duplicated or swapped with the next event line, a number in it
/// changed, or the text cut short inside it.
fn mutate(text: &str, rng: &mut Stream) -> Vec<u8> {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let events: Vec<usize> = (0..lines.len())
        .filter(|&i| {
            let l = lines[i].trim_start();
            !l.is_empty() && !l.starts_with('#') && !l.starts_with('[')
        })
        .collect();
    let k = below(rng, events.len());
    let i = events[k];
    match below(rng, 6) {
        0 => {
            let line = lines[i].as_bytes().to_vec();
            let at = below(rng, line.len());
            let mut b = line;
            b[at] = below(rng, 256) as u8;
            lines[i] = String::from_utf8_lossy(&b).into_owned();
        }
        1 => {
            lines.remove(i);
        }
        2 => {
            let l = lines[i].clone();
            lines.insert(i, l);
        }
        3 if k + 1 < events.len() => lines.swap(i, events[k + 1]),
        4 => {
            // Change one number in the line by 1 to 3 either way (or delete a line without).
            let mut words: Vec<String> = lines[i].split(' ').map(String::from).collect();
            let numbers: Vec<usize> = (0..words.len())
                .filter(|&w| words[w].parse::<i64>().is_ok())
                .collect();
            if numbers.is_empty() {
                lines.remove(i);
            } else {
                let w = numbers[below(rng, numbers.len())];
                let delta = [-3, -2, -1, 1, 2, 3][below(rng, 6)];
                words[w] = (words[w].parse::<i64>().unwrap_or(0) + delta).to_string();
                lines[i] = words.join(" ");
            }
        }
        _ => {
            // Cut inside this line.
            let before: usize = lines[..i].iter().map(|l| l.len() + 1).sum();
            let b = text.as_bytes();
            return b[..before + below(rng, lines[i].len().max(1))].to_vec();
        }
    }
    (lines.join("\n") + "\n").into_bytes()
}

#[test]
fn mutated_golden_logs_never_panic() {
    let logs = golden();
    let mut rng = stream(2, "fuzz logs");
    let mut same = 0;
    for n in 0..props::cases(10_000) as usize {
        let (_, text) = &logs[n % logs.len()];
        let bytes = mutate(text, &mut rng);
        let code = outcome(&bytes).unwrap_or_else(|e| panic!("{e}"));
        if code == 0 {
            // Only a change that leaves every event line as it reads (a replaced byte that is
            // still a space, a swap of two equal lines) may verify.
            let words = |t: &str| {
                log::parse(t, "x")
                    .unwrap()
                    .lines
                    .into_iter()
                    .map(|l| l.text)
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                words(std::str::from_utf8(&bytes).unwrap()),
                words(text),
                "a changed event line verified"
            );
            same += 1;
        }
    }
    assert!(
        same < 100 * props::cases(100) as usize / 100 + 1,
        "{same} mutations left the log as it was"
    );
}

/// A random change anywhere in a text: a byte replaced, a line deleted or duplicated, or the
/// text cut short.
fn mutate_any(text: &str, rng: &mut Stream) -> Vec<u8> {
    let mut lines: Vec<&str> = text.lines().collect();
    let i = below(rng, lines.len());
    match below(rng, 4) {
        0 => {
            let mut b = text.as_bytes().to_vec();
            let at = below(rng, b.len());
            b[at] = below(rng, 256) as u8;
            b
        }
        1 => {
            lines.remove(i);
            (lines.join("\n") + "\n").into_bytes()
        }
        2 => {
            lines.insert(i, lines[i]);
            (lines.join("\n") + "\n").into_bytes()
        }
        _ => text.as_bytes()[..below(rng, text.len())].to_vec(),
    }
}

/// Variant and tile-set files from other people: mutated built-in files are accepted or
/// refused with a message naming the file, never a panic.
#[test]
fn mutated_variant_and_tile_set_files_never_panic() {
    let mut rng = stream(3, "fuzz toml");
    let variants: Vec<&str> = hunters::variant::BUILTIN.iter().map(|(_, t)| *t).collect();
    let sets: Vec<&str> = hunters::tileset::BUILTIN.iter().map(|(_, t)| *t).collect();
    for n in 0..3_000 {
        let (text, is_set) = if n % 3 == 0 {
            (sets[n / 3 % sets.len()], true)
        } else {
            (variants[n % variants.len()], false)
        };
        let bytes = mutate_any(text, &mut rng);
        let result = catch_unwind(AssertUnwindSafe(|| {
            let Ok(t) = std::str::from_utf8(&bytes) else {
                return None;
            };
            let err = if is_set {
                hunters::TileSet::parse(t, "fuzz.toml").err()
            } else {
                hunters::Variant::parse(t, "fuzz.toml", None).err()
            };
            err.map(|e| e.to_string())
        }));
        match result {
            Err(_) => panic!(
                "panicked on input:\n{}",
                String::from_utf8_lossy(&bytes[..bytes.len().min(3000)])
            ),
            Ok(Some(message)) => assert!(message.starts_with("fuzz.toml"), "{message}"),
            Ok(None) => {}
        }
    }
}

/// Every file in tests/bad-inputs starts with `# error: LINE: MESSAGE` (exit 2) or, for logs
/// that read but disagree with the rules, `# diverges: LINE: MESSAGE` (exit 1). The command
/// line must print exactly that message after the file name, with that exit code.
#[test]
fn every_bad_input_gives_its_message_and_exit_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-inputs");
    let mut checked = 0;
    for (dir, args) in [
        ("tilesets", ["tiles", "--tile-set"]),
        ("variants", ["tiles", "--variant"]),
        ("logs", ["verify", "--"]),
    ] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = e.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let first = text.lines().next().unwrap_or_default();
            let (kind, expected) = first
                .strip_prefix("# ")
                .and_then(|r| r.split_once(": "))
                .unwrap_or_else(|| panic!("{} has no `# error:` line", path.display()));
            let p = path.to_str().unwrap();
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_hunters"))
                .args(args)
                .arg(p)
                .output()
                .unwrap();
            let (code, shown) = match kind {
                "error" => (2, String::from_utf8_lossy(&out.stderr).into_owned()),
                "diverges" => (1, String::from_utf8_lossy(&out.stdout).into_owned()),
                other => panic!("{}: unknown kind {other}", path.display()),
            };
            assert_eq!(out.status.code(), Some(code), "{}: {shown}", path.display());
            // With a line: `file:LINE: message`; about the whole file: `file: message`.
            assert!(
                shown.contains(&format!("{p}:{expected}"))
                    || shown.contains(&format!("{p}: {expected}")),
                "{}: expected `{expected}`, got {shown}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 45, "only {checked} bad inputs");
}
