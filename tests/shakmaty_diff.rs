//! Differential test against shakmaty 0.30.1 on the benchmark corpora (`../shared/bench`, or
//! `$CHESSFEN_BENCH_DIR`): the same positions field by field, and the same X-FEN text.

use std::path::PathBuf;

use chessfen::{Dialect, EnPassantMode, Setup, Square, Syntax};
use shakmaty::fen::Fen;

fn corpus(name: &str) -> Option<String> {
    let dir = std::env::var_os("CHESSFEN_BENCH_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/bench"), PathBuf::from);
    let path = dir.join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        // CI always has the corpora beside the clone; a newcomer without them gets a note.
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipping: {}: {e}", path.display());
            None
        }
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

fn same_position(ours: &Setup, theirs: &shakmaty::Setup, line: &str) {
    for sq in Square::ALL {
        let their_piece = theirs.board.piece_at(shakmaty::Square::new(sq as u32)).map(|p| p.char());
        assert_eq!(ours.board.piece_at(sq).map(|p| p.char()), their_piece, "{line}: {sq}");
    }
    assert_eq!(ours.turn.char(), theirs.turn.char(), "{line}");
    assert_eq!(ours.castling.squares().0, theirs.castling_rights.0, "{line}");
    assert_eq!(ours.ep_square.map(|sq| sq as u32), theirs.ep_square.map(u32::from), "{line}");
    assert_eq!(ours.halfmoves, theirs.halfmoves, "{line}");
    assert_eq!(ours.fullmoves, theirs.fullmoves.get(), "{line}");
}

/// Every line: same fields as shakmaty, same X-FEN as shakmaty writes, and our strict parse in
/// the corpus's own dialect gives the same setup as the auto parse.
fn check(name: &str, dialect: Dialect) {
    let Some(text) = corpus(name) else { return };
    let mut lines = 0;
    for line in text.lines() {
        let ours = Setup::from_ascii(line.as_bytes()).unwrap_or_else(|e| panic!("{line}: {e}"));
        let fen = Fen::from_ascii(line.as_bytes()).unwrap_or_else(|e| panic!("shakmaty: {line}: {e}"));
        same_position(&ours, fen.as_setup(), line);
        assert_eq!(ours.to_string(), fen.to_string(), "X-FEN of {line}");
        assert_eq!(Setup::parse(line.as_bytes(), &dialect, Syntax::Strict).as_ref(), Ok(&ours), "{line}");
        assert_eq!(ours.to_fen(&dialect, EnPassantMode::AsIs).map(|f| f.to_string()), Ok(line.to_owned()));
        lines += 1;
    }
    assert_eq!(lines, 100_000, "{name}");
}

#[test]
fn classical_corpus() {
    check("classical.fen", Dialect::Standard);
}

#[test]
fn chess960_shredder_corpus() {
    check("chess960.fen", Dialect::Shredder);
}

#[test]
fn chess960_xfen_corpus() {
    check("chess960-xfen.fen", Dialect::XFen);
}

/// The two Chess960 files hold the same positions line for line (python-chess wrote both).
#[test]
fn shredder_and_xfen_corpora_are_the_same_positions() {
    let (Some(shredder), Some(xfen)) = (corpus("chess960.fen"), corpus("chess960-xfen.fen")) else { return };
    for (s, x) in shredder.lines().zip(xfen.lines()) {
        let setup = Setup::from_ascii(s.as_bytes()).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(Setup::from_ascii(x.as_bytes()).as_ref(), Ok(&setup));
        assert_eq!(setup.to_fen(&Dialect::XFen, EnPassantMode::AsIs).map(|f| f.to_string()), Ok(x.to_owned()));
        assert_eq!(setup.to_fen(&Dialect::Shredder, EnPassantMode::AsIs).map(|f| f.to_string()), Ok(s.to_owned()));
    }
}
