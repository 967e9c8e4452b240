//! Terminal output: colours only on a terminal and never with NO_COLOR set,
//! JSON printing for `--json`.

use std::io::IsTerminal;

/// Whether stdout should get ANSI colours.
pub fn colour_stdout() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}

fn colour_stderr() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal()
}

/// Render a word diff: colours on a terminal, `[-old-]{+new+}` otherwise.
pub fn render_words(words: &[(&'static str, String)], colour: bool) -> String {
    let mut out = String::new();
    for (tag, text) in words {
        match (*tag, colour) {
            ("equal", _) => out.push_str(text),
            ("delete", true) => out.push_str(&paint(text, Style::Bad, true)),
            ("insert", true) => out.push_str(&paint(text, Style::Good, true)),
            ("delete", false) => {
                let t = text.trim_end();
                out.push_str(&format!("[-{t}-]{}", &text[t.len()..]));
            }
            _ => {
                let t = text.trim_end();
                out.push_str(&format!("{{+{t}+}}{}", &text[t.len()..]));
            }
        }
    }
    out
}

/// Wrap text in an ANSI style when colour is on.
pub fn paint(text: &str, style: Style, on: bool) -> String {
    if !on {
        return text.to_string();
    }
    let code = match style {
        Style::Bold => "1",
        Style::Dim => "2",
        Style::Highlight => "1;33",
        Style::Good => "1;32",
        Style::Bad => "1;31",
        Style::Title => "1;36",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

#[derive(Debug, Clone, Copy)]
pub enum Style {
    Bold,
    Dim,
    Highlight,
    Good,
    Bad,
    Title,
}

pub fn eprint_error(msg: &str) {
    eprintln!("{}", paint(msg, Style::Bad, colour_stderr()));
}

/// Print a value as pretty JSON on stdout.
pub fn print_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

/// `--json`, declared once for every command that prints an answer.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct Json {
    /// Print JSON instead of text (search: schema in docs/search-json.md).
    #[arg(long)]
    pub json: bool,
}
