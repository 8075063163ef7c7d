//! Castling rights as rook squares, and the dialects that turn them into text and back.
//!
//! A castling right is the square of the rook that may castle, never a letter: that is what
//! makes Chess960 and DFRC positions unambiguous. A [`CastlingEncoding`] decides how those
//! squares are written and read; [`Standard`] (`KQkq`), [`Shredder`] (`HAha`) and [`XFen`] are
//! the three dialects people meet, [`Auto`] reads any of them, and callers can add their own.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::error::{CastlingError, CastlingErrorKind, WriteError};
use crate::types::{Color, Rank, Role, Square};

/// The side of the king a castling rook stands on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::EnumIter, strum::Display)]
pub enum CastlingSide {
    /// Towards the a-file (queenside, `Q`/`q`, "O-O-O").
    #[strum(serialize = "a-side")]
    ASide,
    /// Towards the h-file (kingside, `K`/`k`, "O-O").
    #[strum(serialize = "h-side")]
    HSide,
}

/// The castling rights of a position: the set of rook squares that may still castle.
///
/// Only squares on rank 1 (White's rights) and rank 8 (Black's) can be held, so a right's
/// colour is its rank. Whether the rights make sense for the board (a rook there, the king
/// between its rooks, one right per side) is for [`Setup::validate`](crate::Setup::validate).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(Bitboard);

impl CastlingRights {
    /// No rights (`-`).
    pub const NONE: CastlingRights = CastlingRights(Bitboard::EMPTY);

    /// Rights for the rooks on the given squares, or `None` if a square is not on rank 1 or 8.
    #[must_use]
    pub const fn from_bitboard(squares: Bitboard) -> Option<CastlingRights> {
        if squares.0 & !Bitboard::BACK_RANKS.0 == 0 { Some(CastlingRights(squares)) } else { None }
    }

    /// The rook squares of all rights.
    #[inline]
    #[must_use]
    pub const fn squares(self) -> Bitboard {
        self.0
    }

    /// The rook squares of one colour's rights.
    #[inline]
    #[must_use]
    pub const fn of(self, color: Color) -> Bitboard {
        Bitboard(self.0.0 & Bitboard::from_rank(color.back_rank()).0)
    }

    /// Whether there are no rights.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// Whether the rook on `sq` may castle.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0.contains(sq)
    }

    /// Adds the right of the rook on `sq`; returns `false` (and adds nothing) if `sq` is not on
    /// rank 1 or 8.
    pub fn insert(&mut self, sq: Square) -> bool {
        let ok = Bitboard::BACK_RANKS.contains(sq);
        if ok {
            self.0.add(sq);
        }
        ok
    }

    /// Removes the right of the rook on `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0.remove(sq);
    }

    /// The side of the king that the right on `sq` (a back-rank square) is on, judged against
    /// the king of its colour on its back rank; `None` if there is no such king.
    #[must_use]
    pub fn side(board: &Board, sq: Square) -> Option<CastlingSide> {
        let color = color_of_back_rank(sq)?;
        let king = back_rank_king(board, color)?;
        match sq.file().cmp(&king.file()) {
            std::cmp::Ordering::Less => Some(CastlingSide::ASide),
            std::cmp::Ordering::Greater => Some(CastlingSide::HSide),
            std::cmp::Ordering::Equal => None,
        }
    }
}

fn color_of_back_rank(sq: Square) -> Option<Color> {
    match sq.rank() {
        Rank::First => Some(Color::White),
        Rank::Eighth => Some(Color::Black),
        _ => None,
    }
}

/// The king of `color` on its back rank (the highest-numbered one if several, as python-chess).
#[inline]
pub(crate) fn back_rank_king(board: &Board, color: Color) -> Option<Square> {
    (board.by_piece(Role::King.of(color)) & color.back_rank()).last()
}

#[inline]
fn back_rank_rooks(board: &Board, color: Color) -> Bitboard {
    board.by_piece(Role::Rook.of(color)) & color.back_rank()
}

/// The rook that `K`/`Q` (for `side`) names: the outermost rook of `color` on its back rank on
/// that side of the king. Without a king on the back rank, the outermost rook on the rank.
#[must_use]
pub fn outermost_rook(board: &Board, color: Color, side: CastlingSide) -> Option<Square> {
    let [h_side, a_side] = outermost_rook_bits(board, color);
    Bitboard(match side {
        CastlingSide::HSide => h_side,
        CastlingSide::ASide => a_side,
    })
    .first()
}

/// The rooks `K` and `Q` (in that order) name for each colour, found once per field written.
/// None for a colour whose king is not on its back rank: its rights have no side, so writing
/// them as `K`/`Q` would make a rook on the a-file a `K` that every other reader takes for the
/// h-file (x-fen.md); X-FEN writes their file letters, KQkq cannot write them.
fn outermost_rooks(board: &Board) -> [[Option<Square>; 2]; 2] {
    [Color::White, Color::Black].map(|color| {
        if back_rank_king(board, color).is_none() {
            return [None, None];
        }
        [CastlingSide::HSide, CastlingSide::ASide].map(|side| outermost_rook(board, color, side))
    })
}

/// `Some(side)` if the right on `sq` is the one `K`/`Q` would name, `None` otherwise, given
/// [`outermost_rooks`].
fn outermost_side(outermost: &[[Option<Square>; 2]; 2], color: Color, sq: Square) -> Option<CastlingSide> {
    match outermost[color.index()] {
        [Some(h), _] if h == sq => Some(CastlingSide::HSide),
        [_, Some(a)] if a == sq => Some(CastlingSide::ASide),
        _ => None,
    }
}

/// A castling field being written: at most [`CastlingText::CAPACITY`] ASCII bytes, inline.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CastlingText {
    buf: [u8; CastlingText::CAPACITY],
    len: u8,
}

impl CastlingText {
    /// The most bytes a castling field can hold (16 rights, one letter each).
    pub const CAPACITY: usize = 16;

    /// An empty field.
    #[must_use]
    pub const fn new() -> CastlingText {
        CastlingText { buf: [0; CastlingText::CAPACITY], len: 0 }
    }

    /// Appends one ASCII letter.
    ///
    /// # Errors
    ///
    /// [`WriteError::CastlingTooLong`] when full, or [`WriteError::Custom`] for a byte that is
    /// not an ASCII letter.
    pub fn push(&mut self, letter: u8) -> Result<(), WriteError> {
        if !letter.is_ascii_alphabetic() {
            return Err(WriteError::Custom("a castling field can only hold ASCII letters"));
        }
        let slot = self.buf.get_mut(usize::from(self.len)).ok_or(WriteError::CastlingTooLong)?;
        *slot = letter;
        self.len += 1;
        Ok(())
    }

    /// The bytes written so far.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..usize::from(self.len)]
    }

    /// The text written so far.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII letters are ever pushed.
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// Whether nothing has been written.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Display for CastlingText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_empty() { "-" } else { self.as_str() })
    }
}

impl fmt::Debug for CastlingText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// A way of writing castling rights as text and reading them back.
///
/// The FEN parser and writer handle the `-` of "no rights" themselves; an encoding sees only
/// non-empty fields and non-empty rights. Implement it to support another dialect: the
/// parser knows dialects only through this trait.
pub trait CastlingEncoding {
    /// A human name for messages, e.g. `"Shredder-FEN"`.
    fn name(&self) -> &'static str;

    /// Reads a non-empty castling field (never `-`) into rook squares, given the board.
    ///
    /// # Errors
    ///
    /// A [`CastlingError`] with the offset within `field`.
    fn parse(&self, field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError>;

    /// Writes non-empty rights into `out`.
    ///
    /// # Errors
    ///
    /// A [`WriteError`] if a right cannot be written in this encoding.
    fn write(&self, rights: CastlingRights, board: &Board, out: &mut CastlingText) -> Result<(), WriteError>;
}

impl<E: CastlingEncoding + ?Sized> CastlingEncoding for &E {
    fn name(&self) -> &'static str {
        (**self).name()
    }
    fn parse(&self, field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError> {
        (**self).parse(field, board)
    }
    fn write(&self, rights: CastlingRights, board: &Board, out: &mut CastlingText) -> Result<(), WriteError> {
        (**self).write(rights, board, out)
    }
}

/// Reads every dialect and the mixes X-FEN implies (`HAkq`, letters in any order, repeats);
/// writes X-FEN.
///
/// `K`/`Q`/`k`/`q` name the outermost rook of that colour on that side of the king (an error
/// if there is none); a file letter names the back-rank square of that file, rook or not.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Auto;

/// Classical `KQkq`: each letter names the outermost rook on a side of the king. Strict: reads
/// only the text it writes (`KQkq` order, no repeats, no file letters); refuses to write a
/// right whose rook is not the outermost one, or whose king is not on its back rank.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Standard;

/// Shredder-FEN: the rooks' file letters, uppercase for White, White first and the h-side
/// first within a colour (`HAha`, as Stockfish and python-chess write). Strict: reads only
/// that canonical text.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shredder;

/// X-FEN: `KQkq` for outermost rooks, the rook's file letter (in the same slot) for a rook with
/// another rook of its colour further out on that side, or of a colour whose king is not on its
/// back rank (such a right has no side). Strict: reads only that canonical text.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct XFen;

/// What each byte of a castling field names, for [`parse_any`]: a file letter its back-rank
/// square (rank 1 for uppercase, 8 for lowercase); `K`, `Q`, `k`, `q` a bit of rank 2 (`SIDE_K`
/// and the next three), resolved against the board afterwards; any other byte `INVALID`.
static LETTERS: [u64; 256] = {
    let mut table = [INVALID; 256];
    let mut file = 0;
    while file < 8 {
        table[(b'A' + file) as usize] = 1 << file;
        table[(b'a' + file) as usize] = 1 << (56 + file);
        file += 1;
    }
    let mut side = 0;
    while side < 4 {
        table[b"KQkq"[side] as usize] = SIDE_K << side;
        side += 1;
    }
    table
};
/// `K` in [`LETTERS`]; `Q`, `k` and `q` are the next three bits.
const SIDE_K: u64 = 1 << 8;
/// Any byte that is not a castling letter, in [`LETTERS`].
const INVALID: u64 = 1 << 16;

/// The outermost rook on each side of `color`'s king on its back rank, as single-bit masks
/// (0 where there is none): `[h-side, a-side]`, for [`outermost_rook`] and, without branches,
/// for [`parse_any`]. Without a king on the back rank both sides are the whole rank.
#[inline]
fn outermost_rook_bits(board: &Board, color: Color) -> [u64; 2] {
    let rooks = back_rank_rooks(board, color).0;
    let king = back_rank_king(board, color).map_or(0, |k| 1u64 << k as u32);
    // Squares above the king (all of them without a king), and below it (the same).
    let above = if king == 0 { !0 } else { !((king << 1).wrapping_sub(1)) };
    let below = king.wrapping_sub(1);
    let h_side = rooks & above;
    let a_side = rooks & below;
    [if h_side == 0 { 0 } else { 1 << (63 - h_side.leading_zeros()) }, a_side & a_side.wrapping_neg()]
}

/// Reads any mix of `KQkq` and file letters. Each letter is one table lookup; `K`/`Q` letters
/// are resolved against the board once for the whole field. A field with an error is read
/// again letter by letter ([`parse_any_checked`]) to report the first one.
///
/// Which letters a field holds is a coin toss from one FEN to the next, so the common fields
/// (one to four letters) are read without a branch on them: four lookups, the last letter
/// read again for a shorter field (naming a right twice changes nothing), and the rooks the
/// letters name picked with masks.
#[inline]
fn parse_any(field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError> {
    let lookup = |letter: u8| LETTERS[usize::from(letter)];
    let named = match field.len() {
        len @ 1..=4 => (0..4).fold(0, |acc, i: usize| acc | lookup(field[i.min(len - 1)])),
        _ => field.iter().fold(0, |acc, &letter| acc | lookup(letter)),
    };
    if named & INVALID != 0 {
        return parse_any_checked(field, board);
    }
    let mut squares = named & Bitboard::BACK_RANKS.0;
    let sides = (named >> SIDE_K.trailing_zeros()) & 0xf;
    if sides != 0 {
        let [white_h, white_a] = outermost_rook_bits(board, Color::White);
        let [black_h, black_a] = outermost_rook_bits(board, Color::Black);
        // All ones if the field holds the letter of that side (`K`, `Q`, `k`, `q`).
        let wants = |side: u32| 0u64.wrapping_sub((sides >> side) & 1);
        let found = u64::from(white_h != 0)
            | u64::from(white_a != 0) << 1
            | u64::from(black_h != 0) << 2
            | u64::from(black_a != 0) << 3;
        if sides & !found != 0 {
            return parse_any_checked(field, board);
        }
        squares |= white_h & wants(0) | white_a & wants(1) | black_h & wants(2) | black_a & wants(3);
    }
    Ok(CastlingRights(Bitboard(squares)))
}

/// [`parse_any`] letter by letter, stopping at the first error.
#[cold]
#[inline(never)]
fn parse_any_checked(field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError> {
    let mut squares = Bitboard::EMPTY;
    for (i, &letter) in field.iter().enumerate() {
        let color = Color::from_white(letter.is_ascii_uppercase());
        let square = match letter.to_ascii_lowercase() {
            b'k' => outermost_rook(board, color, CastlingSide::HSide),
            b'q' => outermost_rook(board, color, CastlingSide::ASide),
            lower @ b'a'..=b'h' => {
                let file = crate::types::File::ALL[usize::from(lower - b'a')];
                Some(Square::from_coords(file, color.back_rank()))
            }
            _ => return Err(CastlingError::new(i, CastlingErrorKind::InvalidLetter(letter))),
        };
        squares.add(square.ok_or(CastlingError::new(i, CastlingErrorKind::NoRook(letter)))?);
    }
    Ok(CastlingRights(squares))
}

/// Writes one letter per right, White first, h-side (higher file) first within a colour.
fn write_each(
    rights: CastlingRights,
    out: &mut CastlingText,
    mut letter: impl FnMut(Color, Square) -> Result<u8, WriteError>,
) -> Result<(), WriteError> {
    for color in [Color::White, Color::Black] {
        for sq in rights.of(color).into_iter().rev() {
            let l = letter(color, sq)?;
            out.push(if color == Color::White { l.to_ascii_uppercase() } else { l })?;
        }
    }
    Ok(())
}

fn file_letter(sq: Square) -> u8 {
    sq.file().char() as u8
}

fn side_letter(side: CastlingSide) -> u8 {
    match side {
        CastlingSide::HSide => b'k',
        CastlingSide::ASide => b'q',
    }
}

/// Parses leniently, then insists the field is exactly what `dialect` would write.
fn parse_strict(dialect: Dialect, field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError> {
    let rights = parse_any(field, board)?;
    if surely_canonical(dialect, field, board) {
        return Ok(rights);
    }
    let mut canonical = CastlingText::new();
    dialect
        .write(rights, board, &mut canonical)
        .map_err(|e| CastlingError::new(0, CastlingErrorKind::NotRepresentable(e)))?;
    if canonical.as_bytes() == field {
        Ok(rights)
    } else {
        Err(CastlingError::new(0, CastlingErrorKind::NotCanonical { dialect, expected: canonical }))
    }
}

/// Whether a field that [`parse_any`] read is, without writing it, certainly the text `dialect`
/// writes for its rights: the common forms only (`false` leaves the question to the writer).
///
/// - Shredder-FEN: file letters in the writer's order (White first, then from the h-file down),
///   none repeated. They name distinct squares, which the writer spells back in that order.
/// - KQkq and X-FEN: letters of `KQkq` in that order, none repeated, each of a colour whose
///   king is on its back rank. `K` and `Q` then name the outermost rook on either side of the
///   king, which both dialects write as `K` and `Q` again, the h-side first.
#[inline]
fn surely_canonical(dialect: Dialect, field: &[u8], board: &Board) -> bool {
    /// Each letter's place in the writer's order, or `NONE` for a letter that is not of the form.
    const fn ranks(side_letters: bool) -> [u8; 128] {
        let mut table = [NONE; 128];
        let mut i = 0;
        while i < 8 {
            if side_letters {
                // `K`, `Q`, `k`, `q`: 0, 1, 2, 3.
                table[b"KQkq"[i % 4] as usize] = (i % 4) as u8;
            } else {
                // `H` … `A`, then `h` … `a`: 0 … 15.
                table[(b'H' - i as u8) as usize] = i as u8;
                table[(b'h' - i as u8) as usize] = 8 + i as u8;
            }
            i += 1;
        }
        table
    }
    const NONE: u8 = 0xff;
    static SIDES: [u8; 128] = ranks(true);
    static FILES: [u8; 128] = ranks(false);
    let table = if dialect == Dialect::Shredder { &FILES } else { &SIDES };
    // The letters' places must increase: `next` is the least place the next letter may have.
    let mut next = 0;
    for &letter in field {
        let place = table.get(usize::from(letter)).copied().unwrap_or(NONE);
        if place == NONE || place < next {
            return false;
        }
        next = place + 1;
    }
    if dialect == Dialect::Shredder {
        return true;
    }
    // `K`/`Q` of a colour without a back-rank king are written as file letters, or not at all.
    let has_king = |color| back_rank_king(board, color).is_some();
    let white = field.first().is_some_and(u8::is_ascii_uppercase);
    let black = field.last().is_some_and(u8::is_ascii_lowercase);
    (!white || has_king(Color::White)) && (!black || has_king(Color::Black))
}

impl CastlingEncoding for Auto {
    fn name(&self) -> &'static str {
        "X-FEN"
    }
    fn parse(&self, field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError> {
        parse_any(field, board)
    }
    fn write(&self, rights: CastlingRights, board: &Board, out: &mut CastlingText) -> Result<(), WriteError> {
        XFen.write(rights, board, out)
    }
}

impl CastlingEncoding for Standard {
    fn name(&self) -> &'static str {
        Dialect::Standard.long_name()
    }
    fn parse(&self, field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError> {
        parse_strict(Dialect::Standard, field, board)
    }
    fn write(&self, rights: CastlingRights, board: &Board, out: &mut CastlingText) -> Result<(), WriteError> {
        let outermost = outermost_rooks(board);
        write_each(rights, out, |color, sq| {
            outermost_side(&outermost, color, sq).map(side_letter).ok_or(WriteError::UnrepresentableCastling {
                square: sq,
                encoding: self.name(),
                reason: if back_rank_king(board, color).is_some() {
                    "K and Q only name the outermost rook on each side of the king"
                } else {
                    "K and Q name no side when the king is not on its back rank"
                },
            })
        })
    }
}

impl CastlingEncoding for Shredder {
    fn name(&self) -> &'static str {
        Dialect::Shredder.long_name()
    }
    fn parse(&self, field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError> {
        parse_strict(Dialect::Shredder, field, board)
    }
    fn write(&self, rights: CastlingRights, _board: &Board, out: &mut CastlingText) -> Result<(), WriteError> {
        write_each(rights, out, |_, sq| Ok(file_letter(sq)))
    }
}

impl CastlingEncoding for XFen {
    fn name(&self) -> &'static str {
        Dialect::XFen.long_name()
    }
    fn parse(&self, field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError> {
        parse_strict(Dialect::XFen, field, board)
    }
    fn write(&self, rights: CastlingRights, board: &Board, out: &mut CastlingText) -> Result<(), WriteError> {
        let outermost = outermost_rooks(board);
        write_each(rights, out, |color, sq| {
            Ok(outermost_side(&outermost, color, sq).map_or(file_letter(sq), side_letter))
        })
    }
}

/// The three castling dialects, for choosing one at run time (e.g. per game, or from a
/// command-line flag). `Dialect` is itself a [`CastlingEncoding`] (strict on reading).
///
/// ```
/// use chessfen::Dialect;
/// assert_eq!("shredder".parse::<Dialect>(), Ok(Dialect::Shredder));
/// assert_eq!(Dialect::XFen.to_string(), "xfen");
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::Display, strum::EnumIter, strum::VariantNames,
)]
#[strum(serialize_all = "lowercase")]
pub enum Dialect {
    /// Classical `KQkq` ([`Standard`]).
    Standard,
    /// Shredder-FEN, rook file letters ([`Shredder`]).
    Shredder,
    /// X-FEN ([`XFen`]).
    #[strum(to_string = "xfen", serialize = "x-fen")]
    XFen,
}

impl Dialect {
    /// A human name: `standard FEN (KQkq)`, `Shredder-FEN` or `X-FEN`.
    #[must_use]
    pub const fn long_name(self) -> &'static str {
        match self {
            Dialect::Standard => "standard FEN (KQkq)",
            Dialect::Shredder => "Shredder-FEN",
            Dialect::XFen => "X-FEN",
        }
    }
}

impl CastlingEncoding for Dialect {
    fn name(&self) -> &'static str {
        self.long_name()
    }
    fn parse(&self, field: &[u8], board: &Board) -> Result<CastlingRights, CastlingError> {
        match self {
            Dialect::Standard => Standard.parse(field, board),
            Dialect::Shredder => Shredder.parse(field, board),
            Dialect::XFen => XFen.parse(field, board),
        }
    }
    fn write(&self, rights: CastlingRights, board: &Board, out: &mut CastlingText) -> Result<(), WriteError> {
        match self {
            Dialect::Standard => Standard.write(rights, board, out),
            Dialect::Shredder => Shredder.write(rights, board, out),
            Dialect::XFen => XFen.write(rights, board, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use strum::IntoEnumIterator;

    use super::*;
    use crate::setup::Setup;

    /// Boards with every arrangement the castling letters care about: classical, Chess960 and
    /// DFRC rooks, two rooks on a side, kings off their back rank, no kings, no rooks.
    fn boards() -> Vec<Board> {
        let mut boards: Vec<Board> = [0, 1, 100, 518, 959]
            .iter()
            .map(|&n| crate::chess960::start_position(n).expect("a Chess960 number").board)
            .collect();
        boards.push(crate::chess960::dfrc_start_position(0, 959).expect("a DFRC pair").board);
        for placement in [
            "r3k2r/8/8/8/8/8/8/R3K2R",
            "rr2k1rr/8/8/8/8/8/8/RR2K1RR",
            "r3k3/8/8/8/8/8/4K3/R6R",
            "8/4k3/8/8/8/8/8/R3K2R",
            "rr4rr/8/8/8/8/8/8/RR4RR",
            "4k3/8/8/8/8/8/8/4K3",
            "1r2k3/8/8/8/8/8/8/4K1R1",
        ] {
            boards.push(Setup::from_ascii(format!("{placement} w - - 0 1").as_bytes()).expect("a placement").board);
        }
        boards
    }

    /// Every field of one to three letters a castling field may hold.
    fn fields() -> Vec<Vec<u8>> {
        let letters = b"KQkqABCDEFGHabcdefgh";
        let mut fields: Vec<Vec<u8>> = letters.iter().map(|&l| vec![l]).collect();
        for _ in 0..2 {
            let longer: Vec<Vec<u8>> = fields
                .iter()
                .filter(|f| f.len() == fields.last().map_or(0, Vec::len))
                .flat_map(|f| letters.iter().map(move |&l| [f.as_slice(), &[l]].concat()))
                .collect();
            fields.extend(longer);
        }
        fields
    }

    /// The shortcut may only call a field canonical if writing its rights gives it back.
    #[test]
    fn surely_canonical_fields_are_what_the_writer_writes() {
        let fields = fields();
        assert_eq!(fields.len(), 20 + 400 + 8000);
        let mut confirmed = 0;
        for board in boards() {
            for field in &fields {
                let Ok(rights) = parse_any(field, &board) else { continue };
                for dialect in Dialect::iter() {
                    if surely_canonical(dialect, field, &board) {
                        let mut text = CastlingText::new();
                        dialect.write(rights, &board, &mut text).expect("a canonical field is writable");
                        assert_eq!(text.as_bytes(), field.as_slice(), "{dialect} on {board:?}");
                        confirmed += 1;
                    }
                }
            }
        }
        assert!(confirmed > 1000, "the shortcut fired only {confirmed} times");
    }

    /// The table-driven reader gives what reading letter by letter gives, errors included,
    /// for every field of up to three letters (and some longer ones) on every kind of board.
    #[test]
    fn parse_any_reads_as_letter_by_letter() {
        let mut fields = fields();
        fields.extend(
            ["KQkq", "kqKQ", "HAha", "KQkqK", "AbCdEfGh", "KQkq-", "K Q", "\0K"].map(|f| f.as_bytes().to_vec()),
        );
        fields.extend([b'-', b'x', b'Z', b' ', 0, 0xff].map(|b| vec![b]));
        fields.extend([b"Kx".to_vec(), b"xK".to_vec(), vec![b'k', 0xc3]]);
        for board in boards() {
            for field in &fields {
                assert_eq!(parse_any(field, &board), parse_any_checked(field, &board), "{field:?} on {board:?}");
            }
        }
    }

    /// It fires on the forms it is for, and leaves the rest to the writer.
    #[test]
    fn surely_canonical_takes_the_common_forms() {
        let start = Board::standard();
        let yes = [
            (Dialect::Standard, "KQkq"),
            (Dialect::XFen, "Kq"),
            (Dialect::Shredder, "HAha"),
            (Dialect::Shredder, "Ab"),
        ];
        for (dialect, field) in yes {
            assert!(surely_canonical(dialect, field.as_bytes(), &start), "{dialect} {field}");
        }
        let no = [
            (Dialect::Standard, "QK"),
            (Dialect::Standard, "KK"),
            (Dialect::XFen, "Hq"),
            (Dialect::Shredder, "AH"),
            (Dialect::Shredder, "K"),
        ];
        for (dialect, field) in no {
            assert!(!surely_canonical(dialect, field.as_bytes(), &start), "{dialect} {field}");
        }
    }
}
