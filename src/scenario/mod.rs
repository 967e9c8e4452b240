//! Scenario files: TOML game-state snippets with questions, read with spans so a
//! mistake is reported at its line and column.
