//! "Did you mean …": the known names closest to a name a user wrote, by one
//! metric for every command (Jaro-Winkler similarity of folded names, see
//! [`crate::repair::fold_for_match`]).
//!
//! Bounded in time whatever the input: a name longer than [`MAX_NAME`]
//! characters is no mistyped name (the longest card title has 62), so it gets
//! no suggestion instead of a comparison with every known name that costs
//! time in proportion to its length.

/// The longest name worth comparing with the known ones.
pub const MAX_NAME: usize = 200;

/// How similar a suggestion must be (Jaro-Winkler, 0 to 1).
pub const SIMILAR: f64 = 0.8;

/// True when `name` is too long to be a mistyped name.
pub fn too_long(name: &str) -> bool {
    name.chars().nth(MAX_NAME).is_some()
}

/// The known names similar to `name`, most similar first (ties keep the
/// order of `known`), at most `limit`.
pub fn closest<'a, I, T>(name: &str, known: I, limit: usize) -> Vec<&'a T>
where
    I: IntoIterator<Item = &'a T>,
    T: AsRef<str> + ?Sized + 'a,
{
    if too_long(name) {
        return Vec::new();
    }
    let folded = crate::repair::fold_for_match(name);
    let mut scored: Vec<(f64, &T)> = known
        .into_iter()
        .filter(|k| !too_long(k.as_ref()))
        .map(|k| {
            let similarity =
                strsim::jaro_winkler(&folded, &crate::repair::fold_for_match(k.as_ref()));
            (similarity, k)
        })
        .filter(|(s, _)| *s >= SIMILAR)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().take(limit).map(|(_, k)| k).collect()
}

/// The one most similar known name.
pub fn best<'a, I, T>(name: &str, known: I) -> Option<&'a T>
where
    I: IntoIterator<Item = &'a T>,
    T: AsRef<str> + ?Sized + 'a,
{
    closest(name, known, 1).pop()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_find_their_name() {
        let known = ["text", "lore", "title", "stopped", "Klingon", "Hugh"];
        assert_eq!(best("txet", known.iter().copied()), Some("text"));
        assert_eq!(best("stoped", known.iter().copied()), Some("stopped"));
        assert_eq!(best("KLINGONN", known.iter().copied()), Some("Klingon"));
        assert_eq!(best("Hugg", known.iter().copied()), Some("Hugh"));
        assert_eq!(best("warp core", known.iter().copied()), None);
    }

    #[test]
    fn a_huge_name_is_answered_at_once() {
        let huge = "Hugh".repeat(250_000);
        assert!(closest(&huge, ["Hugh"].iter().copied(), 3).is_empty());
    }
}
