//! The parallel reader against the serial one on arbitrary bytes: when it takes the text, the
//! module must print exactly as the serial reader's; it must never take text the serial reader
//! rejects; and it must never panic or hang (it may decline and leave the text to the serial
//! reader).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let serial = mergefn_ir::parse_module_serial(data);
    match (serial, mergefn_ir::parse_module_parallel(data)) {
        (Ok(s), Some(p)) => assert_eq!(
            mergefn_ir::module_to_string(&s),
            mergefn_ir::module_to_string(&p),
            "parallel and serial readers disagree"
        ),
        (Err(e), Some(_)) => panic!("parallel reader took text the serial reader rejects: {e}"),
        (_, None) => {}
    }
});
