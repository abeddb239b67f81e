//! The workspace's member crates as the root `Cargo.toml` lists them, for the tests that scan every member's
//! sources (`safety_notes.rs`, `code_map.rs`): read from the file, so a new crate is scanned without editing them.

/// The paths of the workspace `members = [...]` array of a root `Cargo.toml` (the array may span lines).
pub fn workspace_members(manifest: &str) -> Vec<String> {
    let Some(start) = manifest.lines().position(|l| l.trim_start().starts_with("members")) else { return Vec::new() };
    let mut array = String::new();
    for line in manifest.lines().skip(start) {
        let line = line.split('#').next().unwrap_or("");
        array.push_str(line);
        if line.contains(']') {
            break;
        }
    }
    let inner = array.split_once('[').and_then(|(_, rest)| rest.split_once(']')).map_or("", |(inner, _)| inner);
    inner.split(',').map(|m| m.trim().trim_matches('"').to_string()).filter(|m| !m.is_empty()).collect()
}
