//! `fen convert` and `fen validate`: one FEN per line in, one FEN (or nothing) per line out,
//! one diagnostic per failed line on stderr.
//!
//! Memory is bounded (see [`crate::cli::lines`]) and the per-line path does not allocate: lines
//! are parsed straight from the read buffer, written from the library's inline `FenBuf`, and
//! diagnostics are formatted into a buffered stderr.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chessfen::{Dialect, EnPassantMode, ParseMode, Problems, Setup};
use indicatif::ProgressBar;

use crate::cli::lines::{self, Event, Line, MAX_LINE, Stop};
use crate::cli::{FAILURE, SUCCESS, progress};

/// Bytes read from the input at a time.
const READ_BUFFER: usize = 128 * 1024;
/// Bytes of output buffered before a write.
const WRITE_BUFFER: usize = 64 * 1024;

/// What to do with each parsed line.
#[derive(Copy, Clone, Debug)]
pub enum Action {
    /// Write the FEN in `to` with the en passant policy `en_passant`.
    Convert {
        /// The dialect to write.
        to: Dialect,
        /// Which en passant square to write.
        en_passant: EnPassantMode,
    },
    /// Report the validation problems, write nothing.
    Validate,
}

/// Why processing stopped before the end of the inputs.
enum Halt {
    /// A reader of our output went away: end quietly.
    Closed,
    /// Writing the output failed otherwise.
    Output(io::Error),
}

/// The problems of a setup, joined with `; `.
struct Joined(Problems);

impl fmt::Display for Joined {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

/// The state of one run over all inputs.
struct Run<W: Write, E: Write> {
    mode: ParseMode,
    action: Action,
    out: W,
    err: E,
    failed: bool,
}

impl<W: Write, E: Write> Run<W, E> {
    /// Writes `<name>:<line>:[<col>:] <message>` to stderr (around the progress bar, if any).
    fn diagnose(
        &mut self,
        name: &str,
        line: u64,
        col: Option<usize>,
        message: impl fmt::Display,
        bar: Option<&ProgressBar>,
    ) -> ControlFlow<Halt> {
        self.failed = true;
        let write = |err: &mut E| -> io::Result<()> {
            match col {
                Some(col) => writeln!(err, "{name}:{line}:{col}: {message}")?,
                None => writeln!(err, "{name}:{line}: {message}")?,
            }
            if bar.is_some() { err.flush() } else { Ok(()) }
        };
        let result = match bar {
            Some(bar) => bar.suspend(|| write(&mut self.err)),
            None => write(&mut self.err),
        };
        match result {
            // `fen validate … 2>&1 | head`: nobody reads the diagnostics any more.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ControlFlow::Break(Halt::Closed),
            // Any other stderr failure: there is nowhere to report it; the status still says 1.
            _ => ControlFlow::Continue(()),
        }
    }

    /// Handles an event of input `name`.
    #[inline]
    fn event(&mut self, name: &str, event: Event<'_>, bar: Option<&ProgressBar>) -> ControlFlow<Halt> {
        match event {
            Event::Line(n, line) => self.line(name, n, line, bar),
            Event::Consumed(len) => {
                if let Some(bar) = bar {
                    bar.inc(len as u64);
                }
                // The next read may wait for more input: show what is done so far.
                if let Err(e) = self.out.flush() {
                    return ControlFlow::Break(if e.kind() == io::ErrorKind::BrokenPipe {
                        Halt::Closed
                    } else {
                        Halt::Output(e)
                    });
                }
                match self.err.flush() {
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ControlFlow::Break(Halt::Closed),
                    _ => ControlFlow::Continue(()),
                }
            }
        }
    }

    /// Handles line `n` of input `name`.
    #[inline]
    fn line(&mut self, name: &str, n: u64, line: Line<'_>, bar: Option<&ProgressBar>) -> ControlFlow<Halt> {
        let text = match line {
            Line::Text(text) => text,
            Line::TooLong => {
                return self.diagnose(name, n, None, format_args!("line is longer than {MAX_LINE} bytes"), bar);
            }
        };
        if lines::is_blank(text) {
            return ControlFlow::Continue(());
        }
        // Borrowed out of the `Result` (a move would copy the setup's 180 bytes again).
        let parsed = Setup::from_ascii_with(text, self.mode);
        let setup = match &parsed {
            Ok(setup) => setup,
            // Only ASCII parses, so the UTF-8 check is needed only for lines that do not: a line
            // that is not UTF-8 is reported as such rather than at its first odd byte.
            Err(_) if std::str::from_utf8(text).is_err() => {
                return self.diagnose(name, n, None, "line is not valid UTF-8", bar);
            }
            Err(e) => {
                return self.diagnose(name, n, Some(e.offset + 1), format_args!("{}: {}", e.field, e.kind), bar);
            }
        };
        match self.action {
            Action::Convert { to, en_passant } => match &setup.to_fen(&to, en_passant) {
                Ok(fen) => {
                    let written = self.out.write_all(fen.as_bytes()).and_then(|()| self.out.write_all(b"\n"));
                    match written {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ControlFlow::Break(Halt::Closed),
                        Err(e) => ControlFlow::Break(Halt::Output(e)),
                    }
                }
                Err(e) => self.diagnose(name, n, None, e, bar),
            },
            Action::Validate => {
                let problems = setup.validate();
                if problems.is_empty() {
                    ControlFlow::Continue(())
                } else {
                    self.diagnose(name, n, None, Joined(problems), bar)
                }
            }
        }
    }

    /// Reports an input that cannot be opened or read (line 0, whatever was read before).
    fn unreadable(&mut self, name: &str, e: &io::Error) -> Result<(), Halt> {
        match self.diagnose(name, 0, None, format_args!("cannot read: {e}"), None) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(halt) => Err(halt),
        }
    }

    /// Processes one input; `Err` stops the whole run.
    fn input(&mut self, path: &Path) -> Result<(), Halt> {
        let stdin = path.as_os_str() == "-";
        let name = if stdin { "-".to_owned() } else { path.display().to_string() };
        let (result, bar) = if stdin {
            let reader = BufReader::with_capacity(READ_BUFFER, io::stdin().lock());
            (lines::for_each_line(reader, |event| self.event(&name, event, None)), None)
        } else {
            let file = match File::open(path) {
                Ok(file) => file,
                Err(e) => return self.unreadable(&name, &e),
            };
            let bar = progress::for_file(&file, &name);
            let reader = BufReader::with_capacity(READ_BUFFER, file);
            (lines::for_each_line(reader, |event| self.event(&name, event, bar.as_ref())), bar)
        };
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        match result {
            Ok(()) => Ok(()),
            Err(Stop::Break(halt)) => Err(halt),
            Err(Stop::Read(e)) => self.unreadable(&name, &e),
        }
    }
}

/// Runs `convert` or `validate` over `files` (standard input if empty) and returns the exit
/// status: 0 if every line succeeded, 1 otherwise.
pub fn run(files: &[PathBuf], mode: ParseMode, action: Action) -> ExitCode {
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut run = Run {
        mode,
        action,
        out: BufWriter::with_capacity(WRITE_BUFFER, io::stdout().lock()),
        err: BufWriter::new(io::stderr()),
        failed: false,
    };
    let mut halt = None;
    for path in files {
        if let Err(h) = run.input(path) {
            halt = Some(h);
            break;
        }
    }
    if halt.is_none()
        && let Err(e) = run.out.flush()
    {
        halt = Some(if e.kind() == io::ErrorKind::BrokenPipe { Halt::Closed } else { Halt::Output(e) });
    }
    if let Some(Halt::Output(e)) = &halt {
        let _ = writeln!(run.err, "fen: cannot write to standard output: {e}");
        run.failed = true;
    }
    let _ = run.err.flush();
    let status = if run.failed { FAILURE } else { SUCCESS };
    // On a closed output the buffered rest is dropped: `BufWriter`'s drop would retry the
    // write, which fails again with the same `BrokenPipe` (ignored), so nothing is printed.
    ExitCode::from(status)
}
