//! Read, verify, merge, write: for any module that reads and verifies, merging must not panic
//! and its output must read back and verify.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(mut m) = mergefn_ir::parse_module(data) else { return };
    if mergefn_ir::verify_module(&m).is_err() {
        return;
    }
    mergefn_merge::merge_functions(&mut m, &mergefn_merge::Options::default());
    let out = mergefn_ir::module_to_string(&m);
    let again = mergefn_ir::parse_module(out.as_bytes()).expect("merged output reads back");
    mergefn_ir::verify_module(&again).expect("merged output verifies");
});
