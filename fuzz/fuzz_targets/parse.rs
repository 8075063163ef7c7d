//! Fuzz target `parse`: see `tests/common/fuzz_checks.rs` (`fuzz_parse`) for what it checks.
#![no_main]

#[path = "../../tests/common/fuzz_checks.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::fuzz_parse(data));
