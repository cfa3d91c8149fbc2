//! Any bytes as a game log: parsing and verifying return a result, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(log) = hunters::log::parse(text, "fuzz.log")
    {
        let _ = hunters::replay::verify(&log, None);
    }
});
