//! The layers of ARCHITECTURE.md hold: a module uses only modules of its own
//! layer or of the layers above it. The table is read from ARCHITECTURE.md
//! ("| layer | `module` | owns |"), and every `crate::…` path in the code
//! under src/ (a `use` line, a `use crate::{…}` group or a path written in
//! place) is checked against it, so the engine can never reach up into the
//! scenario reader or the CLI.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Module path ("engine::checks") → layer rank, in the table's order.
fn layers() -> BTreeMap<String, (usize, String)> {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .expect("ARCHITECTURE.md");
    let mut order: Vec<String> = Vec::new();
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, layer, module, ..] = cells.as_slice() else {
            continue;
        };
        let Some(module) = module.strip_prefix('`').and_then(|m| m.strip_suffix('`')) else {
            continue;
        };
        if !order.iter().any(|l| l == layer) {
            order.push(layer.to_string());
        }
        let rank = order.iter().position(|l| l == layer).unwrap();
        out.insert(module.to_string(), (rank, layer.to_string()));
    }
    assert!(
        out.len() > 10,
        "the module table of ARCHITECTURE.md was not found"
    );
    out
}

/// The table row a module path belongs to: the longest declared prefix,
/// else a declared module sharing its first segment (`engine::derived` is an
/// engine module even before the table names it).
fn row<'a>(
    table: &'a BTreeMap<String, (usize, String)>,
    path: &str,
) -> Option<(&'a str, usize, &'a str)> {
    let segs: Vec<&str> = path.split("::").collect();
    (1..=segs.len())
        .rev()
        .find_map(|n| {
            let p = segs[..n].join("::");
            table.get_key_value(&p)
        })
        .or_else(|| {
            table
                .iter()
                .filter(|(m, _)| m.split("::").next() == segs.first().copied())
                .max_by_key(|(_, (rank, _))| *rank)
        })
        .map(|(m, (rank, layer))| (m.as_str(), *rank, layer.as_str()))
}

/// The module path of a source file: src/engine/checks/act.rs → engine::checks::act.
fn module_of(file: &Path, src: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut segs: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if segs.last().is_some_and(|s| s == "mod") {
        segs.pop();
    }
    segs.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every module path a line of code names through `crate::`, with `use
/// crate::{a, b::c}` groups expanded to their first segments.
fn crate_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let after = &rest[i + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            out.extend(
                group[..end]
                    .split(',')
                    .map(|s| s.trim().trim_start_matches('{').to_string())
                    .filter(|s| !s.is_empty()),
            );
        } else {
            let end = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(after.len());
            out.push(after[..end].trim_end_matches(':').to_string());
        }
        rest = after;
    }
    out
}

/// Source text with comments and string literals removed (a doc link or a
/// message may name any module).
fn code_only(text: &str) -> String {
    text.lines()
        .map(|l| {
            let l = l.split("//").next().unwrap_or("");
            let mut out = String::new();
            let mut in_str = false;
            for c in l.chars() {
                if c == '"' {
                    in_str = !in_str;
                } else if !in_str {
                    out.push(c);
                }
            }
            out
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn no_module_reaches_up_a_layer() {
    let table = layers();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut upward = Vec::new();
    for f in &files {
        let module = module_of(f, &src);
        // The binaries sit above every layer.
        let Some((own, rank, layer)) = row(&table, &module) else {
            continue;
        };
        let code = code_only(&std::fs::read_to_string(f).unwrap());
        for path in crate_paths(&code) {
            if let Some((used, used_rank, used_layer)) = row(&table, &path) {
                if used_rank > rank {
                    upward.push(format!(
                        "{} ({own}, layer {layer}) uses crate::{path} ({used}, layer {used_layer})",
                        f.strip_prefix(&src).unwrap().display()
                    ));
                }
            }
        }
    }
    upward.sort();
    upward.dedup();
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
}

#[test]
fn the_reader_of_imports_sees_groups_and_paths_in_place() {
    assert_eq!(
        crate_paths("use crate::{engine::state, scenario::words}; let x = crate::cli::main();"),
        ["engine::state", "scenario::words", "cli::main"]
    );
    assert_eq!(
        code_only("let s = \"crate::cli\"; // crate::scenario"),
        "let s = ; "
    );
}

#[test]
fn the_engine_is_below_the_scenario_reader_and_the_cli() {
    let table = layers();
    let engine = row(&table, "engine::checks").unwrap().1;
    assert!(engine < row(&table, "scenario").unwrap().1);
    assert!(engine < row(&table, "cli").unwrap().1);
    assert!(engine < row(&table, "engine::derived").unwrap().1 + 1);
}

/// The string methods that would re-read card text (or lore) by substring.
const TEXT_SEARCHES: [&str; 8] = [
    "contains(",
    "to_lowercase(",
    "to_uppercase(",
    "split",
    "find(",
    "starts_with(",
    "ends_with(",
    "lines(",
];

/// The places in `code` (comments and strings removed) where a `.text` or
/// `.lore` is searched with a string method: `card.text.contains("land")`.
fn text_searches(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for field in [".text.", ".lore."] {
        for (i, _) in code.match_indices(field) {
            let after = &code[i + field.len()..];
            if let Some(m) = TEXT_SEARCHES.iter().find(|m| after.starts_with(*m)) {
                let start = code[..i]
                    .rfind(|c: char| c.is_whitespace())
                    .map_or(0, |s| s + 1);
                out.push(format!("{}{field}{m}", &code[start..i]));
            }
        }
    }
    out
}

/// "Card text is understood in ONE place - the ability compiler": no
/// module of the engine outside `engine::abilities` (the checks, the
/// ruleset, the derived state...; their unit tests aside) searches a card's
/// text or lore by substring; it asks the compiler, which read it.
#[test]
fn no_engine_module_rereads_card_text() {
    let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut files = Vec::new();
    rust_files(&engine, &mut files);
    files.retain(|f| !f.starts_with(engine.join("abilities")));
    assert!(
        files.iter().any(|f| f.starts_with(engine.join("checks"))),
        "no checks found under {}",
        engine.display()
    );
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        // The unit tests at the end of a module build cards from text.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for hit in text_searches(&code_only(code)) {
            found.push(format!("{}: {hit}", f.display()));
        }
    }
    assert!(
        found.is_empty(),
        "engine modules reading card text outside the ability compiler:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_reader_of_text_searches_sees_a_substring_test() {
    let code = code_only("if p.card.text.contains(\"land\") && c.lore.to_lowercase() == x {}");
    assert_eq!(
        text_searches(&code),
        ["p.card.text.contains(", "c.lore.to_lowercase("]
    );
    assert!(text_searches(&code_only("let t = e.reason.text.clone();")).is_empty());
}

/// Each row's "owns" cell, by module path.
fn owners() -> BTreeMap<String, String> {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .expect("ARCHITECTURE.md");
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if let [_, _, module, owns, ..] = cells.as_slice() {
            if let Some(m) = module.strip_prefix('`').and_then(|m| m.strip_suffix('`')) {
                out.insert(m.to_string(), owns.to_string());
            }
        }
    }
    out
}

/// The map stays whole: every module file in the directory of a row the
/// table names (src/engine/checks/ for `engine::checks`) is named in that
/// row, so a new module cannot land without its line in the map.
#[test]
fn every_module_of_a_mapped_directory_is_named_in_its_row() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut missing = Vec::new();
    for (module, owns) in owners() {
        let dir = src.join(module.replace("::", "/"));
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let stem = name.strip_suffix(".rs").unwrap_or(&name).to_string();
            // Unit tests and data directories are no modules of the map.
            let module_file = name.ends_with(".rs") || e.path().join("mod.rs").is_file();
            if stem == "mod" || stem == "tests" || !module_file {
                continue;
            }
            let named = [
                format!("`{stem}`"),
                format!("`{stem}::"),
                format!("::{stem}`"),
            ];
            if !named.iter().any(|n| owns.contains(n.as_str())) {
                missing.push(format!("{module}::{stem}"));
            }
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "modules ARCHITECTURE.md does not name in their row: {missing:?}"
    );
}
