//! `glossary/synonyms.toml`. (Skeleton: to be written.)

use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
pub struct Synonyms {}
