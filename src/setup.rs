//! The six FEN fields as one value.

use crate::board::Board;
use crate::castling::CastlingRights;
use crate::types::{Color, Square};

/// A position as FEN describes it: the six fields, parsed, with no claim that they make a
/// legal position (see [`Setup::validate`]).
///
/// Every field is public so an engine can load the position into its own structures.
///
/// ```
/// use chessfen::{Color, Setup, Square};
///
/// let setup: Setup = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
/// assert_eq!(setup.turn, Color::Black);
/// assert_eq!(setup.ep_square, Some(Square::E3));
/// assert!(setup.castling.contains(Square::H1));
/// assert_eq!(setup.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
/// # Ok::<(), chessfen::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Field 1: where the pieces stand.
    pub board: Board,
    /// Field 2: the side to move.
    pub turn: Color,
    /// Field 3: the rooks that may still castle, as squares.
    pub castling: CastlingRights,
    /// Field 4: the en passant target square, as written (any square; see
    /// [`Setup::validate`] and [`EnPassantMode`](crate::EnPassantMode)).
    pub ep_square: Option<Square>,
    /// Field 5: halfmoves since the last capture or pawn move.
    pub halfmoves: u32,
    /// Field 6: the move number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
}

impl Default for Setup {
    /// The classical starting position.
    fn default() -> Setup {
        Setup::standard()
    }
}

impl Setup {
    /// The classical starting position (Chess960 position 518).
    #[must_use]
    pub fn standard() -> Setup {
        crate::chess960::dfrc_setup(crate::chess960::STANDARD, crate::chess960::STANDARD)
    }

    /// An empty board, White to move, no rights, clocks 0 and 1.
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}
