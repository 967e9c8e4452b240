//! Source positions for diagnostics: turning byte offsets into line and column,
//! so every error about a user's file names where the mistake is.

/// 1-based line and column of a byte offset in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// `file:line:col: message` for a TOML parse error.
pub fn toml_error(origin: &std::path::Path, text: &str, err: &toml::de::Error) -> String {
    match err.span() {
        Some(span) => {
            let (line, col) = line_col(text, span.start);
            format!("{}:{line}:{col}: {}", origin.display(), err.message())
        }
        None => format!("{}: {}", origin.display(), err.message()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let t = "ab\ncd\nef";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 3), (2, 1));
        assert_eq!(line_col(t, 7), (3, 2));
    }
}
