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

/// A file's mistake as `file:line:col: message` (`file: message` when line
/// 0 means the whole file), then each of its other mistakes on a line.
pub fn write_mistakes<E: std::fmt::Display>(
    f: &mut std::fmt::Formatter<'_>,
    file: &std::path::Path,
    (line, col): (usize, usize),
    message: &str,
    further: &[E],
) -> std::fmt::Result {
    match line {
        0 => write!(f, "{}: {message}", file.display())?,
        _ => write!(f, "{}:{line}:{col}: {message}", file.display())?,
    }
    for more in further {
        write!(f, "\n{more}")?;
    }
    Ok(())
}

/// Byte offset of a 1-based line and column in `text` (clamped to it).
pub fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let in_line = text[start.min(text.len())..]
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(0, |(i, _)| i);
    (start + in_line).min(text.len())
}

/// A located error: the file, the place in it, what is wrong and (maybe)
/// how to put it right. Rendered by miette with the offending line and a
/// caret under the place.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct Located {
    pub message: String,
    #[source_code]
    pub code: miette::NamedSource<String>,
    #[label("here")]
    pub span: miette::SourceSpan,
    #[help]
    pub help: Option<String>,
}

impl Located {
    /// The error at 1-based `line` and `col` of `text`, read from `origin`.
    pub fn at_line(origin: &str, text: &str, line: usize, col: usize, message: &str) -> Located {
        let offset = offset_of(text, line, col);
        // A place at the very end (a missing value) gets a blank to stand on.
        let mut text = text.to_string();
        if offset == text.len() {
            text.push(' ');
        }
        Located {
            message: message.to_string(),
            code: miette::NamedSource::new(origin, text),
            span: offset.into(),
            help: None,
        }
    }

    /// The offending line with a caret and the message, without colour.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let handler =
            miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor());
        match handler.render_report(&mut out, self) {
            Ok(()) => out,
            Err(_) => self.message.clone(),
        }
    }
}

/// The offending line of the file at `path` with a caret under `line:col`,
/// for showing under a `file:line:col: message` error (empty when the file
/// cannot be read or the place is the whole file).
pub fn snippet(path: &std::path::Path, line: usize, col: usize, message: &str) -> String {
    match std::fs::read_to_string(path) {
        Ok(text) if line > 0 => {
            Located::at_line(&path.display().to_string(), &text, line, col, message).render()
        }
        _ => String::new(),
    }
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
    fn a_located_error_shows_its_line_and_a_caret() {
        let text = "title = \"t\"\n[game]\nphase = \"lunch\"\n";
        assert_eq!(offset_of(text, 3, 9), text.find("\"lunch").unwrap());
        let shown = Located::at_line("x.toml", text, 3, 9, "unknown phase").render();
        assert!(shown.contains("unknown phase"), "{shown}");
        assert!(shown.contains("phase = \"lunch\""), "{shown}");
        assert!(shown.contains("x.toml:3:9"), "{shown}");
        assert!(shown.contains('▲'), "{shown}");
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
