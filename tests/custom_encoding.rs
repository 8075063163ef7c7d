//! A fourth castling encoding defined outside the crate: the trait is pluggable.
//!
//! `SeedOrder` is Shredder-FEN in the order the seed document writes it (`AHah`: a-side first),
//! and refuses `K`/`Q`.

use chessfen::{
    Board, CastlingEncoding, CastlingError, CastlingErrorKind, CastlingRights, CastlingText, Color, EnPassantMode,
    Field, File, ParseErrorKind, Setup, Square, Syntax, WriteError, chess960,
};

struct SeedOrder;

impl CastlingEncoding for SeedOrder {
    fn name(&self) -> &'static str {
        "Shredder-FEN, a-side first"
    }

    fn parse(&self, field: &[u8], _board: &Board) -> Result<CastlingRights, CastlingError> {
        let mut rights = CastlingRights::NONE;
        for (i, &letter) in field.iter().enumerate() {
            let file = File::from_ascii(letter)
                .ok_or(CastlingError::new(i, CastlingErrorKind::Custom("only file letters are allowed")))?;
            let color = Color::from_white(letter.is_ascii_uppercase());
            rights.insert(Square::from_coords(file, color.back_rank()));
        }
        Ok(rights)
    }

    fn write(&self, rights: CastlingRights, _board: &Board, out: &mut CastlingText) -> Result<(), WriteError> {
        for color in [Color::White, Color::Black] {
            for sq in rights.of(color) {
                let letter = sq.file().char() as u8;
                out.push(if color == Color::White { letter.to_ascii_uppercase() } else { letter })?;
            }
        }
        Ok(())
    }
}

#[test]
fn seed_order_reads_and_writes_ahah() {
    // The seed: "Para la configuración tradicional, Shredder-FEN usaría AHah en lugar de KQkq".
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1";
    let setup = Setup::parse(fen.as_bytes(), &SeedOrder, Syntax::Strict).expect("AHah");
    assert_eq!(setup, Setup::standard());
    assert_eq!(setup.to_fen(&SeedOrder, EnPassantMode::AsIs).expect("writable").as_str(), fen);
    // Chess960 position 0 has its rooks on f and h.
    let setup = chess960::start_position(0).expect("in range");
    assert!(setup.to_fen(&SeedOrder, EnPassantMode::AsIs).expect("writable").ends_with(" w FHfh - 0 1"));
    // Dynamic dispatch works too.
    let encoding: &dyn CastlingEncoding = &SeedOrder;
    assert_eq!(
        Setup::parse(b"4k3/8/8/8/8/8/8/R3K3 w A - 0 1", encoding, Syntax::Lenient)
            .map(|s| s.castling.squares().count()),
        Ok(1)
    );
}

#[test]
fn custom_errors_carry_field_and_offset() {
    let err = Setup::parse(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHKh - 0 1", &SeedOrder, Syntax::Strict)
        .expect_err("K is not a file letter");
    assert_eq!(err.field, Field::Castling);
    assert_eq!(err.offset, 48);
    assert_eq!(err.kind, ParseErrorKind::Castling(CastlingErrorKind::Custom("only file letters are allowed")));
    assert_eq!(err.to_string(), "castling field at byte 48: only file letters are allowed");
}
