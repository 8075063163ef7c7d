//! `fen show`: a position for people: the board, then every field spelled out.

use std::fmt::Write as _;
use std::io::{self, IsTerminal};
use std::process::ExitCode;

use chessfen::{Color, Dialect, EnPassantMode, File, ParseMode, Piece, Rank, Role, Setup, Square};
use strum::IntoEnumIterator;

use crate::cli::{FAILURE, SUCCESS, describe_parse_error, fail, print};

/// How to draw the pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Glyphs {
    /// Letters (`K`, `p`) and `.` for empty squares.
    Ascii,
    /// Chess symbols (`♔`, `♟`) and `·` for empty squares.
    Unicode,
}

impl Glyphs {
    /// Unicode only if stdout is a terminal and the locale (`LC_ALL`, else `LC_CTYPE`, else
    /// `LANG`, as POSIX orders them) names UTF-8.
    pub fn detect() -> Glyphs {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .filter_map(|var| std::env::var(var).ok())
            .find(|value| !value.is_empty())
            .unwrap_or_default()
            .to_ascii_lowercase();
        if io::stdout().is_terminal() && (locale.contains("utf-8") || locale.contains("utf8")) {
            Glyphs::Unicode
        } else {
            Glyphs::Ascii
        }
    }

    fn piece(self, piece: Option<Piece>) -> char {
        match (self, piece) {
            (Glyphs::Ascii, None) => '.',
            (Glyphs::Ascii, Some(p)) => p.char(),
            (Glyphs::Unicode, None) => '·',
            (Glyphs::Unicode, Some(p)) => {
                let symbols = match p.color {
                    Color::White => ['♙', '♘', '♗', '♖', '♕', '♔'],
                    Color::Black => ['♟', '♞', '♝', '♜', '♛', '♚'],
                };
                symbols[Role::ALL.iter().position(|&r| r == p.role).unwrap_or(0)]
            }
        }
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The text `fen show` prints for a setup.
pub fn render(setup: &Setup, glyphs: Glyphs) -> String {
    let mut s = String::new();
    // `write!` into a String cannot fail.
    for rank in Rank::ALL.iter().rev() {
        let _ = write!(s, "{rank} ");
        for file in File::ALL {
            let _ = write!(s, " {}", glyphs.piece(setup.board.piece_at(Square::from_coords(file, *rank))));
        }
        s.push('\n');
    }
    s.push_str("  ");
    for file in File::ALL {
        let _ = write!(s, " {}", file.char());
    }
    s.push_str("\n\n");

    let _ = writeln!(s, "{:<17}{}", "Side to move:", color_name(setup.turn));
    let rooks: Vec<String> = setup.castling.squares().into_iter().map(|sq| sq.to_string()).collect();
    let rooks = if rooks.is_empty() { "none".to_owned() } else { rooks.join(" ") };
    let _ = writeln!(s, "{:<17}{rooks}", "Castling rooks:");
    for dialect in Dialect::iter() {
        let label = format!("  {dialect}:");
        match setup.to_fen(&dialect, EnPassantMode::AsIs) {
            Ok(fen) => {
                let field = fen.split(' ').nth(2).unwrap_or("-");
                let _ = writeln!(s, "{label:<17}{field}");
            }
            Err(e) => {
                let _ = writeln!(s, "{label:<17}cannot be written: {e}");
            }
        }
    }
    let ep = match setup.ep_square {
        None => "none".to_owned(),
        Some(sq) => {
            let legal = if setup.has_legal_ep() {
                "a legal en passant capture exists"
            } else if setup.has_pseudo_legal_ep() {
                "attacked by a pawn, but no legal en passant capture"
            } else {
                "no en passant capture"
            };
            format!("{sq} ({legal})")
        }
    };
    let _ = writeln!(s, "{:<17}{ep}", "En passant:");
    let _ = writeln!(s, "{:<17}{}", "Halfmove clock:", setup.halfmoves);
    let _ = writeln!(s, "{:<17}{}", "Fullmove number:", setup.fullmoves);
    let chess960 = match (setup.chess960_number(), setup.dfrc_numbers()) {
        (Some(n), _) => n.to_string(),
        (None, Some((white, black))) => format!("none (DFRC start position: White {white}, Black {black})"),
        (None, None) => "none (not a start position)".to_owned(),
    };
    let _ = writeln!(s, "{:<17}{chess960}", "Chess960 number:");
    let problems = setup.validate();
    if problems.is_empty() {
        let _ = writeln!(s, "{:<17}none (valid)", "Problems:");
    } else {
        let _ = writeln!(s, "Problems:");
        for problem in problems {
            let _ = writeln!(s, "  - {problem}");
        }
    }
    s
}

/// `fen show FEN`: exit 0 once the FEN is parsed (problems are shown, not failed on), 1 if it
/// cannot be parsed.
pub fn run(fen: &[u8], mode: ParseMode, glyphs: Glyphs) -> ExitCode {
    match Setup::from_ascii_with(fen, mode) {
        Ok(setup) => print(render(&setup, glyphs).as_bytes()).map_or_else(|code| code, |()| ExitCode::from(SUCCESS)),
        Err(e) => fail(FAILURE, describe_parse_error(fen, &e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let text = render(&Setup::standard(), Glyphs::Ascii);
        assert!(text.starts_with("8  r n b q k b n r\n7  p p p p p p p p\n6  . . . . . . . .\n"), "{text}");
        assert!(text.contains("1  R N B Q K B N R\n   a b c d e f g h\n"), "{text}");
        assert!(text.contains("Castling rooks:  a1 h1 a8 h8\n"), "{text}");
        assert!(text.contains("  shredder:      HAha\n"), "{text}");
        assert!(text.contains("Chess960 number: 518\n"), "{text}");
        let unicode = render(&Setup::standard(), Glyphs::Unicode);
        assert!(unicode.starts_with("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"), "{unicode}");
    }
}
