//! placeholder
pub fn write_module() {}
pub fn module_to_string() {}
