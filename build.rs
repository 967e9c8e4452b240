//! Link the binaries as position-dependent executables. `daystrom search` is
//! a short-lived process, and a position-independent binary of this size
//! spends a fifth of a lexical search applying ~50,000 relocations at start
//! (measured with `perf`); `-no-pie` resolves them at link time.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
