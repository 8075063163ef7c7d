//! A progress bar on stderr, for large files read in a terminal only.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fs::File;
use std::io::{self, IsTerminal};

/// Files smaller than this finish in well under a second: no bar.
pub const THRESHOLD: u64 = 64 * 1024 * 1024;

/// Whether a bar may be drawn at all: stderr is a terminal and this is not a CI run.
fn allowed() -> bool {
    io::stderr().is_terminal() && std::env::var_os("CI").is_none_or(|v| v.is_empty() || v == "false")
}

/// A bar for reading `file` if it is a regular file of at least [`THRESHOLD`] bytes and
/// [`allowed`]; `None` otherwise (pipes, CI, small files).
pub fn for_file(file: &File, name: &str) -> Option<ProgressBar> {
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() < THRESHOLD || !allowed() {
        return None;
    }
    let style = ProgressStyle::with_template("[{bar:30}] {percent:>3}% {bytes_per_sec:>11} eta {eta:>3} {wide_msg}")
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    let bar = ProgressBar::with_draw_target(Some(meta.len()), ProgressDrawTarget::stderr_with_hz(4))
        .with_style(style)
        .with_message(name.to_owned());
    Some(bar)
}
