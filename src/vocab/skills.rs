//! `glossary/skills.toml`. (Skeleton: to be written.)

use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
pub struct Skills {}
