//! `fen chess960`: start positions by Scharnagl number, and the number of a start position.

use std::ffi::OsStr;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use chessfen::{Dialect, EnPassantMode, ParseMode, Setup, chess960};

use crate::cli::{FAILURE, SUCCESS, USAGE, describe_parse_error, fail, print};

/// The FEN of a (DFRC) start position in `dialect`, with a newline.
fn start_fen(white: u32, black: u32, dialect: Dialect) -> Result<String, String> {
    let setup = chess960::dfrc_start_position(white, black).map_err(|e| e.to_string())?;
    let fen = setup.to_fen(&dialect, EnPassantMode::AsIs).map_err(|e| e.to_string())?;
    Ok(format!("{fen}\n"))
}

/// `fen chess960 N [--black M]`: one start position. Numbers outside 0..=959 are usage errors
/// (exit 2); clap already rejects them, this is the second line of defence.
pub fn one(n: u32, black: Option<u32>, dialect: Dialect) -> ExitCode {
    match start_fen(n, black.unwrap_or(n), dialect) {
        Ok(fen) => print(fen.as_bytes()).map_or_else(|code| code, |()| ExitCode::from(SUCCESS)),
        Err(message) => fail(USAGE, message),
    }
}

/// `fen chess960 --all`: the 960 start positions, 0 first.
pub fn all(dialect: Dialect) -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut write = || -> io::Result<()> {
        for n in 0..960 {
            let setup = chess960::start_position(n).map_err(io::Error::other)?;
            setup.write_fen_io(&mut out, &dialect, EnPassantMode::AsIs)?;
            out.write_all(b"\n")?;
        }
        out.flush()
    };
    match write() {
        Ok(()) => ExitCode::from(SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(SUCCESS),
        Err(e) => fail(FAILURE, format_args!("cannot write to standard output: {e}")),
    }
}

/// `fen chess960 --number FEN`: prints N, or fails (exit 1) if the FEN is not a Chess960 start
/// position. The clocks are ignored.
pub fn number(fen: &OsStr) -> ExitCode {
    let bytes = fen.as_encoded_bytes();
    let setup = match Setup::from_ascii_with(bytes, ParseMode::Auto) {
        Ok(setup) => setup,
        Err(e) => return fail(FAILURE, describe_parse_error(bytes, &e)),
    };
    if let Some(n) = setup.chess960_number() {
        return print(format!("{n}\n").as_bytes()).map_or_else(|code| code, |()| ExitCode::from(SUCCESS));
    }
    match setup.dfrc_numbers() {
        Some((white, black)) => fail(
            FAILURE,
            format_args!(
                "not a Chess960 start position: the back ranks differ (DFRC start position: White {white}, \
                 Black {black}; `fen chess960 {white} --black {black}`)"
            ),
        ),
        None => fail(
            FAILURE,
            "not a Chess960 start position (that needs White to move, pawns on ranks 2 and 7, a Chess960 \
             back rank mirrored by Black, all four castling rights and no en passant square)",
        ),
    }
}
