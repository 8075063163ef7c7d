//! `fen`: convert, validate and inspect FEN in every castling dialect (KQkq, Shredder-FEN,
//! X-FEN), Chess960 and DFRC included. A thin front end over the `chessfen` library; the
//! contract (input, diagnostics, exit status) is in `spec-notes/cli.md`.

#![forbid(unsafe_code)]

mod cli;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use chessfen::{Dialect, EnPassantMode, ParseMode};
use clap::{ArgGroup, Args, Parser, Subcommand};

use crate::cli::args;
use crate::cli::show::Glyphs;
use crate::cli::stream::Action;

/// The input and exit-status part of `convert --help` and `validate --help`.
macro_rules! input_help {
    () => {
        "Input: one FEN per line from the FILEs, or from standard input if there is none or for `-`. \
         A trailing CR is ignored; blank lines (empty or only spaces and tabs) are skipped but \
         counted. Each failed line gets one diagnostic on stderr, `FILE:LINE:COLUMN: message` \
         (`FILE:LINE: message` without a column; `-` for stdin), and processing goes on. Lines \
         longer than 4096 bytes and lines that are not UTF-8 are errors.\n\n\
         Exit status: 0 if every line succeeded, 1 if any failed or a file could not be read \
         (`FILE:0: cannot read: ...`), 2 for usage errors."
    };
}

#[derive(Parser, Debug)]
#[command(
    name = "fen",
    version,
    about = "Convert, validate and inspect FEN in every castling dialect: KQkq, Shredder-FEN and X-FEN",
    long_about = "Convert, validate and inspect FEN in every castling dialect: classical KQkq, \
                  Shredder-FEN (rook files, HAha) and X-FEN; Chess960 and Double Fischer Random included.",
    after_help = "Examples:\n  \
                  fen convert --to shredder examples/chess960.fen\n  \
                  fen validate games.fen\n  \
                  fen chess960 518\n  \
                  fen show 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'",
    propagate_version = true,
    subcommand_required = true,
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Convert FENs, one per line, to another castling dialect
    #[command(
        after_help = "Example:\n  fen convert --to shredder examples/chess960.fen",
        after_long_help = concat!(
            "Examples:\n  fen convert --to shredder examples/chess960.fen\n  \
             fen convert --to xfen --from shredder --en-passant legal < games.fen > games-xfen.fen\n\n\
             Convert checks syntax and that the castling rights can be written in the target dialect \
             (`--to standard` fails for rights that K/Q/k/q cannot name); it does not check legality \
             (that is `fen validate`). One six-field FEN is written per successful line, in input \
             order.\n\n",
            input_help!()
        )
    )]
    Convert(ConvertArgs),
    /// Check FENs, one per line; print a diagnostic for each invalid one
    #[command(
        after_help = "Example:\n  fen validate examples/chess960.fen",
        after_long_help = concat!(
            "Examples:\n  fen validate examples/chess960.fen\n  \
             fen validate --from shredder - < games.fen\n\n\
             Prints nothing for a valid line; for an invalid one, one diagnostic naming every problem \
             (the syntax error, or all validation problems joined with `; `).\n\n",
            input_help!()
        )
    )]
    Validate(ValidateArgs),
    /// Print Chess960 (and DFRC) start positions by Scharnagl number, or a position's number
    #[command(
        group(ArgGroup::new("what").required(true).args(["n", "all", "number"])),
        after_help = "Examples:\n  \
                      fen chess960 518                 # the classical start position, in X-FEN\n  \
                      fen chess960 0 --to shredder     # bbqnnrkr/... w HFhf - 0 1\n  \
                      fen chess960 0 --black 959       # DFRC: White from 0, Black from 959\n  \
                      fen chess960 --all --to shredder\n  \
                      fen chess960 --number 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1'"
    )]
    Chess960(Chess960Args),
    /// Show a position: the board, side to move, castling in every dialect, en passant, clocks,
    /// Chess960 number and problems
    #[command(after_help = "Example:\n  \
                            fen show 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n  \
                            fen show --ascii rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
    Show(ShowArgs),
}

#[derive(Args, Debug)]
struct ConvertArgs {
    /// Dialect to write
    #[arg(long, value_name = "DIALECT", value_parser = args::dialect())]
    to: Dialect,
    /// How to read the input: any dialect, or one dialect strictly
    #[arg(long, value_name = "MODE", default_value = "auto", value_parser = args::parse_mode())]
    from: ParseMode,
    /// Which en passant square to write
    #[arg(long, value_name = "MODE", default_value = "as-is", value_parser = args::en_passant())]
    en_passant: EnPassantMode,
    /// Input files, one FEN per line; standard input if none or `-`
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct ValidateArgs {
    /// How to read the input: any dialect, or one dialect strictly
    #[arg(long, value_name = "MODE", default_value = "auto", value_parser = args::parse_mode())]
    from: ParseMode,
    /// Input files, one FEN per line; standard input if none or `-`
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct Chess960Args {
    /// Scharnagl number of the start position, 0 to 959 (518 is the classical one)
    #[arg(value_name = "N", value_parser = args::scharnagl, allow_negative_numbers = true)]
    n: Option<u32>,
    /// Double Fischer Random: Black's back rank from start position M (White's from N)
    #[arg(long, value_name = "M", requires = "n", conflicts_with_all = ["all", "number"], value_parser = args::scharnagl, allow_negative_numbers = true)]
    black: Option<u32>,
    /// Print all 960 start positions, 0 to 959, one per line
    #[arg(long)]
    all: bool,
    /// Print the Scharnagl number of a Chess960 start position (clocks ignored); exit 1 if it is
    /// not one
    #[arg(long, value_name = "FEN", conflicts_with = "to")]
    number: Option<OsString>,
    /// Dialect to write
    #[arg(long, value_name = "DIALECT", default_value = "xfen", value_parser = args::dialect())]
    to: Dialect,
}

#[derive(Args, Debug)]
struct ShowArgs {
    /// The FEN (quoted, or its fields as separate arguments)
    #[arg(value_name = "FEN", required = true, num_args = 1..)]
    fen: Vec<OsString>,
    /// How to read the FEN: any dialect, or one dialect strictly
    #[arg(long, value_name = "MODE", default_value = "auto", value_parser = args::parse_mode())]
    from: ParseMode,
    /// Draw the board with letters (default unless stdout is a UTF-8 terminal)
    #[arg(long, conflicts_with = "unicode")]
    ascii: bool,
    /// Draw the board with chess symbols
    #[arg(long)]
    unicode: bool,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Convert(a) => {
            cli::stream::run(&a.files, a.from, Action::Convert { to: a.to, en_passant: a.en_passant })
        }
        Command::Validate(a) => cli::stream::run(&a.files, a.from, Action::Validate),
        Command::Chess960(a) => match (a.n, a.all, a.number) {
            (Some(n), _, _) => cli::chess960::one(n, a.black, a.to),
            (None, true, _) => cli::chess960::all(a.to),
            (None, false, Some(fen)) => cli::chess960::number(&fen),
            (None, false, None) => cli::fail(cli::USAGE, "give N, --all or --number FEN"),
        },
        Command::Show(a) => {
            let glyphs = if a.ascii {
                Glyphs::Ascii
            } else if a.unicode {
                Glyphs::Unicode
            } else {
                Glyphs::detect()
            };
            let fen = a.fen.join(std::ffi::OsStr::new(" "));
            cli::show::run(fen.as_encoded_bytes(), a.from, glyphs)
        }
    }
}
