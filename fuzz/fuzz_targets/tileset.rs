//! Any bytes as a tile-set file: a checked tile set or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = hunters::TileSet::parse(text, "fuzz.toml");
    }
});
