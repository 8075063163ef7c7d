//! The `fen` binary's modules: argument parsers, line reading, the streaming commands
//! (`convert`, `validate`), `chess960` and `show`. All chess logic is in the library; these
//! modules only move bytes and format messages. The contract is in `spec-notes/cli.md`.

pub mod args;
pub mod chess960;
pub mod lines;
pub mod progress;
pub mod show;
pub mod stream;

use std::io::{self, Write};
use std::process::ExitCode;

/// Exit status: every line succeeded.
pub const SUCCESS: u8 = 0;
/// Exit status: some line failed, or an input could not be read.
pub const FAILURE: u8 = 1;
/// Exit status: bad arguments (clap uses the same).
pub const USAGE: u8 = 2;

/// Prints `fen: <message>` on stderr and returns `status`.
pub fn fail(status: u8, message: impl std::fmt::Display) -> ExitCode {
    // Nothing sensible to do if stderr itself is gone.
    let _ = writeln!(io::stderr().lock(), "fen: {message}");
    ExitCode::from(status)
}

/// Writes `text` to stdout; a closed pipe ends the program quietly with `status_if_closed`.
pub fn print(text: &[u8]) -> Result<(), ExitCode> {
    let mut out = io::stdout().lock();
    match out.write_all(text).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(ExitCode::from(SUCCESS)),
        Err(e) => Err(fail(FAILURE, format_args!("cannot write to standard output: {e}"))),
    }
}

/// Describes a parse error of a FEN given as an argument, pointing at the column.
pub fn describe_parse_error(fen: &[u8], e: &chessfen::ParseError) -> String {
    let col = e.offset + 1;
    let mut msg = format!("{}: {} (column {col})", e.field, e.kind);
    if fen.is_ascii() && !fen.iter().any(|b| b.is_ascii_control()) {
        let shown = String::from_utf8_lossy(fen);
        msg.push_str(&format!("\n  {shown}\n  {:>col$}", "^"));
    }
    msg
}
