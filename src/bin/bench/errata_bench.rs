//! Benchmarks for `errata`: check an erratum, apply it to a copy of the card
//! model and re-run the whole `rulings/` set before and after; then the same
//! over 100 … 1,000 generated scenarios (real rulings copied with their
//! attribute thresholds varied) to show how the time grows.

use daystrom::errata::{assess, read_scenarios, Errata, ScenarioText};
use daystrom::scenario::check::collect;
use std::path::{Path, PathBuf};
use std::time::Instant;

const ERRATUM: &str = "[[card]]\ntitle = \"Hugh\"\ntext = \"Destroys (discard) all {Rogue Borg} at one location.\"\n\n[[card]]\ntitle = \"Worf\"\nstrength = 4\n";

/// Median wall time in ms of `rounds` runs of `f`.
fn median_ms(rounds: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// `n` scenarios made from the real ones: copy k varies every attribute
/// threshold ("STRENGTH>40" → "STRENGTH>41" …) and the title, so no two are
/// the same text.
fn generate(base: &[ScenarioText], n: usize, dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let threshold =
        regex::Regex::new(r"(INTEGRITY|CUNNING|STRENGTH|RANGE|WEAPONS|SHIELDS)([<>]=?)(\d+)")?;
    let mut files = Vec::with_capacity(n);
    for k in 0..n {
        let src = &base[k % base.len()];
        let round = (k / base.len()) as i64;
        let text = threshold.replace_all(&src.text, |c: &regex::Captures| {
            let v: i64 = c[3].parse().unwrap_or(0);
            format!("{}{}{}", &c[1], &c[2], (v + round % 5 - 2).max(0))
        });
        let text = text.replacen("title = \"", &format!("title = \"(variant {k}) "), 1);
        let path = dir.join(format!("s{k:04}.toml"));
        std::fs::write(&path, text.as_bytes())?;
        files.push(path);
    }
    Ok(files)
}

pub fn run() -> anyhow::Result<()> {
    let repo = daystrom::corpus::repo_root();
    let corpus = daystrom::corpus::locate(None, None)?;
    let t = Instant::now();
    let db = daystrom::cards::ingest::load_corpus(&corpus)?;
    println!(
        "errata: card model loaded in {:.0} ms ({} cards; not counted below)",
        t.elapsed().as_secs_f64() * 1e3,
        db.len()
    );
    let files = collect(&[repo.join("rulings")], &[])?;
    let rulings = read_scenarios(&files)?;
    let path = Path::new("bench-erratum.toml");
    let mut flips = 0;
    let total = median_ms(5, || {
        let errata = Errata::parse(path, ERRATUM, &db).expect("erratum checks");
        let r = assess(&errata, &db, &rulings);
        flips = r.flips.len() + r.became_undecided.len();
    });
    println!(
        "errata: check + apply + re-run rulings/ before and after: {total:.0} ms for {} scenarios \
         ({:.0} ms per 100; {flips} verdicts move)",
        rulings.len(),
        total * 100.0 / rulings.len() as f64
    );
    let dir = tempfile::tempdir()?;
    let all = generate(&rulings, 1000, dir.path())?;
    let mut table = comfy_table::Table::new();
    table.set_header(vec![
        "scenarios",
        "read + check + apply + re-run (ms)",
        "µs per scenario",
    ]);
    for n in [100, 250, 500, 1000] {
        let ms = median_ms(3, || {
            let scenarios = read_scenarios(&all[..n]).expect("generated scenarios read");
            let errata = Errata::parse(path, ERRATUM, &db).expect("erratum checks");
            std::hint::black_box(assess(&errata, &db, &scenarios));
        });
        table.add_row(vec![
            n.to_string(),
            format!("{ms:.0}"),
            format!("{:.0}", ms * 1e3 / n as f64),
        ]);
    }
    println!("errata: growth over generated scenarios\n{table}");
    Ok(())
}
