//! The command line: output a user relies on, exit codes, and clear errors without panics.

use std::process::{Command, Output};

fn hunters(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hunters"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn tiles_reports_the_decks_of_each_edition() {
    for (variant, decks) in [
        ("2020", "Decks: 1 start + 78 regular + 16 menhir"),
        ("2002", "Decks: 1 start + 78 regular + 12 bonus"),
        ("2014", "Decks: 1 start + 78 regular + 12 bonus"),
    ] {
        let o = hunters(&["tiles", "--variant", variant]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains(decks), "{variant}: {out}");
        assert!(out.contains("Provenance:"), "{variant}");
    }
    let out = stdout(&hunters(&["tiles", "--variant", "2002"]));
    assert!(
        out.contains("Reconstruction"),
        "the classic set says it is a reconstruction"
    );
    assert!(out.contains("| 56 "), "the volcano is listed");
}

#[test]
fn tiles_totals_for_2020_equal_the_published_totals() {
    let out = stdout(&hunters(&["tiles", "--variant", "2020", "--totals"]));
    let all = out
        .lines()
        .find(|l| l.starts_with("| all"))
        .expect("a totals row");
    let cells: Vec<&str> = all
        .split('|')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    // all, tiles, deer, aurochs, mammoths, tigers, bears, lakes, lake fish, river fish,
    // nuggets, menhirs, mushrooms, specials
    assert_eq!(
        &cells[..13],
        [
            "all", "95", "33", "13", "8", "13", "0", "29", "42", "8", "0", "31", "2"
        ]
    );
}

#[test]
fn a_broken_tile_set_exits_2_with_a_message_naming_the_tile() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/bad-inputs/tilesets/lake-without-fish.toml"
    );
    let o = hunters(&["tiles", "--tile-set", path]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("lake-without-fish.toml:7: tile 1: lake L1 has no fish"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn unknown_variants_and_garbage_files_exit_2_without_panicking() {
    let o = hunters(&["tiles", "--variant", "1999"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the built-in variants are 2002, 2014, 2020"),
        "{}",
        stderr(&o)
    );

    let dir = std::env::temp_dir().join(format!("hunters-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.toml");
    std::fs::write(&junk, [0xffu8, 0xfe, 0x00, 0x13, 0x37, b'\n', 0x80]).unwrap();
    for args in [["tiles", "--tile-set"], ["tiles", "--variant"]] {
        let o = hunters(&[args[0], args[1], junk.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("not UTF-8"), "{}", stderr(&o));
    }
    let o = hunters(&[
        "tiles",
        "--tile-set",
        dir.join("missing.toml").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot read the file"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(hunters(&["tiles", "--no-such-flag"]).status.code(), Some(2));
    assert_eq!(hunters(&["frobnicate"]).status.code(), Some(2));
    let help = hunters(&["tiles", "--help"]);
    assert!(help.status.success());
    assert!(stdout(&help).contains("--variant"));
}
