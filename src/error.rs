//! Error types: one per operation, each with a `Display` that reads as a sentence.

use std::fmt;

use crate::castling::{CastlingText, Dialect};
use crate::types::Square;

/// A FEN field, for locating parse errors.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::EnumIter)]
pub enum Field {
    /// Field 1, the piece placement.
    Placement,
    /// Field 2, the side to move.
    Turn,
    /// Field 3, the castling rights.
    Castling,
    /// Field 4, the en passant target square.
    EnPassant,
    /// Field 5, the halfmove clock.
    Halfmove,
    /// Field 6, the fullmove number.
    Fullmove,
    /// Anything after the sixth field.
    Trailing,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Placement => "placement field",
            Field::Turn => "turn field",
            Field::Castling => "castling field",
            Field::EnPassant => "en passant field",
            Field::Halfmove => "halfmove clock",
            Field::Fullmove => "fullmove number",
            Field::Trailing => "end of the FEN",
        })
    }
}

/// Shows a byte of input: `'x'` for printable ASCII, `a space`, or `byte 0xC3`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShowByte(pub u8);

impl fmt::Display for ShowByte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            b' ' => f.write_str("a space"),
            b'\t' => f.write_str("a tab"),
            b if b.is_ascii_graphic() => write!(f, "'{}'", b as char),
            b => write!(f, "byte 0x{b:02X}"),
        }
    }
}

/// Why a FEN could not be parsed, and where: the field and the byte offset in the input.
///
/// ```
/// let err = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1"
///     .parse::<chessfen::Setup>()
///     .unwrap_err();
/// assert_eq!(err.to_string(), "castling field at byte 49: 'X' is not a castling letter");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{field} at byte {offset}: {kind}")]
pub struct ParseError {
    /// The field the error is in.
    pub field: Field,
    /// The byte offset of the problem in the input, 0-based.
    pub offset: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong in a FEN (see [`ParseError`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input is empty or only whitespace.
    #[error("the FEN is empty")]
    Empty,
    /// The input ends before this field.
    #[error("expected {expected}, found the end of the FEN")]
    UnexpectedEnd {
        /// What should have come.
        expected: &'static str,
    },
    /// A byte that cannot stand here.
    #[error("{} is not {expected}", ShowByte(*found))]
    UnexpectedByte {
        /// The offending byte.
        found: u8,
        /// What could have stood here.
        expected: &'static str,
    },
    /// Strict mode: whitespace other than one space between fields.
    #[error("unexpected whitespace (strict FEN separates the fields with single spaces)")]
    Whitespace,
    /// A rank describes more than 8 squares.
    #[error("rank {rank} has more than 8 squares")]
    RankTooLong {
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// A rank describes fewer than 8 squares.
    #[error("rank {rank} has {squares} squares, not 8")]
    RankTooShort {
        /// The rank, 1 to 8.
        rank: u8,
        /// How many squares it describes.
        squares: u8,
    },
    /// More than 8 ranks.
    #[error("there are more than 8 ranks")]
    TooManyRanks,
    /// Fewer than 8 ranks.
    #[error("there are {ranks} ranks, not 8")]
    TooFewRanks {
        /// How many ranks there are.
        ranks: u8,
    },
    /// Strict mode: two digits in a row in a rank.
    #[error("two digits in a row (strict FEN writes one digit per run of empty squares)")]
    ConsecutiveDigits,
    /// A `~` that does not follow a piece letter.
    #[error("'~' must follow a piece letter")]
    MisplacedPromotedMarker,
    /// A `~` after a king letter: kings are never promoted pieces.
    #[error("a king cannot be a promoted piece")]
    PromotedKing,
    /// Strict mode: a `~` promoted-piece marker.
    #[error("'~' promoted-piece markers are not allowed in strict FEN")]
    PromotedMarker,
    /// A number does not fit in 32 bits.
    #[error("the number is too large")]
    NumberTooLarge,
    /// Strict mode: a `+` sign or a leading zero.
    #[error("'+' signs and leading zeros are not allowed in strict FEN")]
    NonCanonicalNumber,
    /// Strict mode: fullmove number 0.
    #[error("the fullmove number starts at 1, found 0")]
    FullmoveZero,
    /// Text after the sixth field.
    #[error("unexpected text after the fullmove number")]
    TrailingText,
    /// The castling encoding rejected the castling field.
    #[error(transparent)]
    Castling(#[from] CastlingErrorKind),
}

/// An error from [`CastlingEncoding::parse`](crate::CastlingEncoding::parse): the offset is
/// relative to the start of the castling field; the FEN parser makes it absolute.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("at byte {offset} of the castling field: {kind}")]
pub struct CastlingError {
    /// Byte offset within the castling field.
    pub offset: usize,
    /// What is wrong.
    pub kind: CastlingErrorKind,
}

impl CastlingError {
    /// An error at `offset` within the castling field.
    #[must_use]
    pub const fn new(offset: usize, kind: CastlingErrorKind) -> CastlingError {
        CastlingError { offset, kind }
    }
}

/// What is wrong with a castling field.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum CastlingErrorKind {
    /// Not `K`, `Q`, `k`, `q` or a file letter.
    #[error("{} is not a castling letter", ShowByte(*.0))]
    InvalidLetter(u8),
    /// `K`/`Q`/`k`/`q` but no rook of that colour on that side of the king.
    #[error("'{}' names no rook: {} has no rook on its back rank on the {} of the king", *.0 as char, if .0.is_ascii_uppercase() { "White" } else { "Black" }, if .0.eq_ignore_ascii_case(&b'k') { "h-side" } else { "a-side" })]
    NoRook(u8),
    /// Strict mode: the field names the right rooks, but not as the dialect writes them.
    #[error("not canonical {dialect} (expected '{expected}')", dialect = .dialect.long_name())]
    NotCanonical {
        /// The strict dialect.
        dialect: Dialect,
        /// The canonical text for the same rights.
        expected: CastlingText,
    },
    /// Strict mode: the rights cannot be written in the dialect at all.
    #[error("{0}")]
    NotRepresentable(WriteError),
    /// An error from a third-party encoding.
    #[error("{0}")]
    Custom(&'static str),
}

/// Why a position could not be written in a dialect.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// A castling right the encoding has no way to write (e.g. an inner rook in KQkq).
    #[error("the castling right of the rook on {square} cannot be written in {encoding}: {reason}")]
    UnrepresentableCastling {
        /// The rook square of the right.
        square: Square,
        /// The encoding's name.
        encoding: &'static str,
        /// Why not.
        reason: &'static str,
    },
    /// The encoding wrote more bytes than a castling field can hold.
    #[error("the castling field is longer than {} bytes", CastlingText::CAPACITY)]
    CastlingTooLong,
    /// An error from a third-party encoding.
    #[error("{0}")]
    Custom(&'static str),
}

/// A Chess960 or DFRC start position number outside 0..=959.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{0} is not a Chess960 start position number (0 to 959)")]
pub struct Chess960Error(pub u32);
