//! Read and write chess positions in Forsyth–Edwards Notation, in every castling dialect
//! people meet: classical `KQkq`, Shredder-FEN (`HAha`) and X-FEN.
//!
//! A castling right is held as the square of the rook that may castle, so Chess960 and Double
//! Fischer Random positions are unambiguous; a [`CastlingEncoding`] only decides how those
//! squares become text and back.
//!
//! ```
//! use chessfen::{Dialect, EnPassantMode, Setup};
//!
//! // Any dialect in (auto mode)...
//! let setup: Setup = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1".parse()?;
//! assert_eq!(setup.chess960_number(), Some(0));
//! // ...any dialect out.
//! assert_eq!(setup.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
//! let shredder = setup.to_fen(&Dialect::Shredder, EnPassantMode::AsIs)?;
//! assert_eq!(&*shredder, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
//! assert!(setup.validate().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attacks;
mod bitboard;
mod board;
mod castling;
pub mod chess960;
mod en_passant;
mod error;
mod fen;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod types;
mod validate;

pub use crate::bitboard::{Bitboard, Squares};
pub use crate::board::Board;
pub use crate::castling::{
    Auto, CastlingEncoding, CastlingRights, CastlingSide, CastlingText, Dialect, Shredder, Standard, XFen,
    outermost_rook,
};
pub use crate::error::{
    CastlingError, CastlingErrorKind, Chess960Error, Field, ParseError, ParseErrorKind, ShowByte, WriteError,
};
pub use crate::fen::{EnPassantMode, FenBuf, ParseMode, Syntax};
pub use crate::setup::Setup;
pub use crate::types::{Color, File, Piece, Rank, Role, Square};
pub use crate::validate::{Problem, Problems, ProblemsIter};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
