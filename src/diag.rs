//! Source positions for diagnostics: turning byte offsets into line and column,
//! so every error about a user's file names where the mistake is.

/// 1-based line and column of a byte offset in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = text.floor_char_boundary(offset);
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

/// Do one file's work, turning a panic inside it into an error naming the
/// file, so that one file's internal error is reported and a run over many
/// files goes on.
pub fn isolate<T>(origin: &std::path::Path, work: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|panic| {
        let what = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("no message");
        format!(
            "{}: internal error while checking this file ({what}); this is a bug in daystrom, please report it with the file",
            origin.display()
        )
    })
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
        // An offset inside a character counts from its start.
        assert_eq!(line_col("é", 1), (1, 1));
    }

    #[test]
    fn a_panic_becomes_an_error_naming_the_file() {
        let e = isolate(std::path::Path::new("x.toml"), || -> u8 { panic!("boom") }).unwrap_err();
        assert!(
            e.starts_with("x.toml: internal error") && e.contains("boom"),
            "{e}"
        );
        assert_eq!(isolate(std::path::Path::new("x.toml"), || 1), Ok(1));
    }
}
