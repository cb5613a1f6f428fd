//! The reader on arbitrary bytes: it must return a module or an error, never panic, and
//! whatever it reads must verify (either way) and print to text that reads back.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(m) = mergefn_ir::parse_module(data) {
        let _ = mergefn_ir::verify_module(&m);
        let out = mergefn_ir::module_to_string(&m);
        mergefn_ir::parse_module(out.as_bytes()).expect("our output reads back");
    }
});
