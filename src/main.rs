//! The `daystrom` binary: everything lives in the library; this only runs the CLI.
fn main() -> std::process::ExitCode {
    daystrom::cli::main()
}
