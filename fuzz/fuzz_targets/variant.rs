//! Any bytes as a variant file: a variant or an error naming the file, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = hunters::Variant::parse(text, "fuzz.toml", None);
    }
});
