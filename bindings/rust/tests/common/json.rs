//! The ABI manifest, read with the crate's JSON reader.

pub use sdy::json::Json;

/// The manifest named by SDY_ABI_MANIFEST (the ctest sets it). Missing, the
/// test fails: it is never skipped.
pub fn manifest() -> Json {
    let path = std::env::var("SDY_ABI_MANIFEST")
        .expect("SDY_ABI_MANIFEST must name share/sdy_c/abi.json (the ctest sets it)");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path, e));
    Json::parse(&text).unwrap_or_else(|e| panic!("{}: {}", path, e))
}
