//! Reading and writing the six fields. The castling field is delegated to a
//! [`CastlingEncoding`]; everything else is common to all dialects.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::Bitboard;
use crate::board::{Board, piece_bitboards};
use crate::castling::{Auto, CastlingEncoding, CastlingRights, CastlingText, Dialect, XFen};
use crate::error::{Field, ParseError, ParseErrorKind, WriteError};
use crate::setup::Setup;
use crate::types::{Color, File, Piece, Rank, Square};

/// How forgiving the parser is with everything but the castling letters (which the
/// [`CastlingEncoding`] decides).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, strum::EnumIter)]
pub enum Syntax {
    /// Accepts what is met in the wild: missing clocks (4 or 5 fields), fullmove `0` (read as
    /// 1), runs of whitespace around and between fields, a `+` sign or leading zeros in the
    /// clocks, consecutive digits in a rank (`44`), `~` promoted-piece markers (ignored).
    #[default]
    Lenient,
    /// Accepts only the text the writer produces: six fields separated by single spaces,
    /// canonical numbers, fullmove ≥ 1, no `~`.
    Strict,
}

/// How to read a FEN, chosen at run time: [`ParseMode::Auto`] or one dialect, strictly.
///
/// ```
/// use chessfen::{Dialect, ParseMode};
/// assert_eq!("auto".parse::<ParseMode>(), Ok(ParseMode::Auto));
/// assert_eq!("shredder".parse::<ParseMode>(), Ok(ParseMode::Strict(Dialect::Shredder)));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ParseMode {
    /// Every dialect and the mixes X-FEN implies, with [`Syntax::Lenient`].
    #[default]
    Auto,
    /// Only the canonical text of one dialect, with [`Syntax::Strict`].
    Strict(Dialect),
}

impl FromStr for ParseMode {
    type Err = strum::ParseError;

    /// `auto`, or a [`Dialect`] name (`standard`, `shredder`, `xfen`).
    fn from_str(s: &str) -> Result<ParseMode, strum::ParseError> {
        if s == "auto" { Ok(ParseMode::Auto) } else { s.parse().map(ParseMode::Strict) }
    }
}

impl fmt::Display for ParseMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMode::Auto => f.write_str("auto"),
            ParseMode::Strict(dialect) => dialect.fmt(f),
        }
    }
}

/// Which en passant square to write.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, strum::EnumString, strum::Display, strum::EnumIter)]
#[strum(serialize_all = "kebab-case")]
pub enum EnPassantMode {
    /// The stored square, whatever it is (PGN 16.1: recorded after every double push).
    #[default]
    AsIs,
    /// The stored square only if a legal en passant capture exists (pins, the rank pin of the
    /// two pawns leaving the rank, and check evasion taken into account).
    Legal,
    /// The stored square only if a pawn of the side to move attacks it (X-FEN), pins ignored.
    PseudoLegal,
}

const WS: u8 = 0xf0;
const DIGIT: u8 = 0xf1;
const SLASH: u8 = 0xf2;
const TILDE: u8 = 0xf3;
const BAD: u8 = 0xff;

/// Byte classes of the placement field: a piece index (0..12), or one of the markers above.
static PLACEMENT: [u8; 256] = {
    let mut table = [BAD; 256];
    let mut i = 0;
    while i < 12 {
        table[Piece::ALL[i].char() as usize] = i as u8;
        i += 1;
    }
    let mut d = b'1';
    while d <= b'8' {
        table[d as usize] = DIGIT;
        d += 1;
    }
    table[b'/' as usize] = SLASH;
    table[b'~' as usize] = TILDE;
    let ws = *b" \t\n\r\x0c";
    let mut w = 0;
    while w < ws.len() {
        table[ws[w] as usize] = WS;
        w += 1;
    }
    table
};

/// What one byte does on the placement field's fast path (see `Parser::placement_fast`).
#[derive(Copy, Clone)]
#[repr(align(4))]
struct Step {
    /// What the byte puts on the square it starts at, as the board's mailbox holds it: the
    /// piece letter itself, or 0 (empty) for a digit or `/`.
    letter: u8,
    /// The bitboard that square joins: the piece's index, or `SCRATCH` for a digit or `/`
    /// (where the loop keeps bitboards).
    slot: u8,
    /// How many squares the byte covers: 1 for a piece, 1 to 8 for a digit, 0 for `/` (and
    /// for every other byte, which never gets that far).
    squares: u8,
    /// What the byte does to the count of squares open in the rank, modulo 256: minus the
    /// squares it covers, plus the 8 of a new rank for a `/`, and 9 for every other byte.
    ///
    /// One bound then checks every byte: the count stays at most 8 exactly when the byte fits.
    /// A piece or digit leaves 0 to 7 squares open if the rank had room for it, and wraps
    /// around to 248 or more if not; a `/` leaves 8 only if the rank was full (9 to 16
    /// otherwise); any other byte leaves 9 to 17, and so always ends the loop.
    delta: u8,
}

/// The bitboard slot that digits and slashes write to where the loop keeps bitboards (see
/// [`BITBOARDS_FROM_MAILBOX`]), so that every byte takes the same path.
const SCRATCH: u8 = 12;

/// Whether the placement loop writes only the mailbox and the piece bitboards are read off it
/// afterwards ([`piece_bitboards`]: four vector loads and a dozen bit operations per bit plane
/// on x86-64), rather than each byte also OR-ing its square into its piece's bitboard (a
/// load, a read-modify-write of memory and a table lookup per byte: about 15% of a parse).
const BITBOARDS_FROM_MAILBOX: bool = cfg!(target_arch = "x86_64");

static STEPS: [Step; 256] = {
    let stop = Step { letter: 0, slot: SCRATCH, squares: 0, delta: 9 };
    let mut table = [stop; 256];
    let mut i = 0;
    while i < 12 {
        let letter = Piece::ALL[i].char() as u8;
        table[letter as usize] = Step { letter, slot: i as u8, squares: 1, delta: 1u8.wrapping_neg() };
        i += 1;
    }
    let mut d = 1;
    while d <= 8 {
        table[(b'0' + d) as usize] = Step { letter: 0, slot: SCRATCH, squares: d, delta: d.wrapping_neg() };
        d += 1;
    }
    table[b'/' as usize] = Step { letter: 0, slot: SCRATCH, squares: 0, delta: 8 };
    table
};

/// The bitboard bit of each square in FEN order (a8 = 0 … h1 = 63): `1 << (i ^ 56)`, the rank
/// mirrored. One load gives the bit from the FEN index the parser counts in.
static SQUARE_BITS: [u64; 64] = {
    let mut bits = [0; 64];
    let mut i = 0;
    while i < 64 {
        bits[i] = 1 << (i ^ 56);
        i += 1;
    }
    bits
};

#[cold]
#[inline(never)]
fn err(field: Field, offset: usize, kind: ParseErrorKind) -> ParseError {
    ParseError { field, offset, kind }
}

#[inline]
fn is_ws(b: u8) -> bool {
    b.is_ascii_whitespace()
}

/// The first square of each run of empty squares (runs end at the edge of a rank): where a
/// canonical placement writes a digit, and the only squares where it does.
#[inline]
fn empty_run_starts(occupied: u64) -> u64 {
    const NOT_A_FILE: u64 = !0x0101_0101_0101_0101;
    let empty = !occupied;
    // A run starts on an empty square whose western neighbour (in the same rank) is occupied.
    empty & !((empty << 1) & NOT_A_FILE)
}

/// Where the castling field starting at `start` ends: at the first whitespace byte, or the end
/// of the input. A canonical field is at most four letters and a space: the eight bytes from
/// `start` are searched at once for the first byte below `!` (the lowest letter-like byte),
/// with no branch per letter; the byte-by-byte search is left for what that does not settle
/// (no such byte in reach, or one that is not whitespace).
#[inline]
fn castling_field_end(s: &[u8], start: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    if let Some(&bytes) = s.get(start..).and_then(|rest| rest.first_chunk::<8>()) {
        let x = u64::from_le_bytes(bytes);
        // The top bit of the first byte below 0x21 is the lowest set bit (bytes after it may be
        // flagged falsely by the borrow, which does not matter).
        let low = x.wrapping_sub(ONES * 0x21) & !x & (ONES * 0x80);
        let end = start + (low.trailing_zeros() / 8) as usize;
        if low != 0 && s[end] == b' ' {
            return end;
        }
    }
    token_end(s, start)
}

/// The end of the token starting at `start`: the first whitespace byte, or the end of `s`.
#[inline]
fn token_end(s: &[u8], start: usize) -> usize {
    s[start..].iter().position(|&b| is_ws(b)).map_or(s.len(), |n| start + n)
}

/// The fields after the placement, as [`Parser::tail_fast`] reads them.
struct Tail {
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
}

/// A number of 1 to 9 digits without a leading zero (`0` itself is fine), and what follows
/// it: the clocks as the writer prints them. `None` for anything else.
#[inline]
fn canonical_number(s: &[u8]) -> Option<(u32, &[u8])> {
    let mut value = 0;
    let mut len = 0;
    while let Some(digit) = s.get(len).map(|b| b.wrapping_sub(b'0')).filter(|&d| d <= 9) {
        if len == 9 {
            return None;
        }
        value = value * 10 + u32::from(digit);
        len += 1;
    }
    if len == 0 || (s[0] == b'0' && len > 1) {
        return None;
    }
    Some((value, &s[len..]))
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    strict: bool,
}

impl Parser<'_> {
    /// The end of the token starting at `self.pos`.
    #[inline]
    fn token_end(&self) -> usize {
        token_end(self.s, self.pos)
    }

    /// Moves past the whitespace before the next field. `Ok(false)` at the end of input.
    #[inline]
    fn separator(&mut self, next: Field) -> Result<bool, ParseError> {
        let start = self.pos;
        if self.strict {
            match self.s.get(start) {
                None => return Ok(false),
                Some(b' ') => self.pos += 1,
                Some(_) => return Err(err(next, start, ParseErrorKind::Whitespace)),
            }
            match self.s.get(self.pos) {
                Some(&b) if is_ws(b) => Err(err(next, self.pos, ParseErrorKind::Whitespace)),
                Some(_) => Ok(true),
                None => Err(err(next, self.pos, ParseErrorKind::Whitespace)),
            }
        } else {
            while self.pos < self.s.len() && is_ws(self.s[self.pos]) {
                self.pos += 1;
            }
            Ok(self.pos < self.s.len())
        }
    }

    fn require(&mut self, next: Field, expected: &'static str) -> Result<(), ParseError> {
        if self.separator(next)? {
            Ok(())
        } else {
            Err(err(next, self.pos, ParseErrorKind::UnexpectedEnd { expected }))
        }
    }

    /// Reads the placement field into `board` (empty on entry).
    fn placement(&mut self, board: &mut Board) -> Result<(), ParseError> {
        if !self.placement_fast::<BITBOARDS_FROM_MAILBOX>(board) {
            *board = self.placement_checked()?;
        }
        Ok(())
    }

    /// The common case in one pass and no unpredictable branch: a well-formed field of pieces,
    /// digits and slashes (and, in strict mode, no two digits in a row), ended by whitespace
    /// or the end of the input. Anything else, including every error, returns `false` (leaving
    /// `board` to be overwritten) for [`Parser::placement_checked`] to read again and report
    /// exactly.
    ///
    /// Each byte is one table lookup and the same arithmetic: a piece, a digit and a `/` differ
    /// only in the table's numbers. `left` counts the squares still open in the rank; a byte
    /// that covers more than that, or a `/` before the rank is full, or any other byte, ends
    /// the loop. With `FROM_MAILBOX` the bitboards are left to [`piece_bitboards`] (see
    /// [`BITBOARDS_FROM_MAILBOX`]); both ways are tested against each other.
    #[inline]
    fn placement_fast<const FROM_MAILBOX: bool>(&mut self, board: &mut Board) -> bool {
        let (mailbox, bitboards) = board.views_mut();
        let mut by_piece = [Bitboard::EMPTY; SCRATCH as usize + 1];
        // Squares read so far in FEN order (a8 = 0 … h1 = 63), the order of the mailbox (see
        // `Board`), and those still open in the rank. A `/` leaves `at` on the first square of
        // the next rank, not yet written: writing its 0 there is harmless. Extra ranks take
        // `at` past 63; the index wraps around (the field fails the check below, and the board
        // is discarded).
        //
        // `at` is a `u32` (a byte would need widening for every index) and `left` is updated in
        // place: the loop keeps one copy of each, and nothing after it needs the `left` of the
        // byte that stopped it.
        let (mut at, mut left) = (0u32, 8u8);
        // A placement the fast path accepts has at most 71 bytes (64 one-square bytes and 7
        // slashes): looking no further keeps `at` small whatever the input's length.
        let full = self.s;
        let s = &full[..full.len().min(self.pos + 71)];
        let mut i = self.pos;
        while let Some(&byte) = s.get(i) {
            let step = &STEPS[usize::from(byte)];
            left = left.wrapping_add(step.delta);
            if left > 8 {
                break;
            }
            let sq = (at & 63) as usize;
            mailbox[sq] = step.letter;
            if !FROM_MAILBOX {
                by_piece[usize::from(step.slot)].0 |= SQUARE_BITS[sq];
            }
            at += u32::from(step.squares);
            i += 1;
        }
        // Complete means eight full ranks. Each `/` needs a full rank and opens one, and a piece
        // or digit leaves at most 7 squares open, so after `k` slashes `at` is `8k + 8 - left`
        // with `left` 0 to 8: `at == 64` is either seven slashes and a full last rank, or eight
        // slashes and nothing after the last one, which the last byte tells apart.
        let ended = full.get(i).is_none_or(|&b| is_ws(b));
        if !(ended && at == 64 && full[i - 1] != b'/') {
            return false;
        }
        if FROM_MAILBOX {
            *bitboards = piece_bitboards(mailbox);
        } else {
            bitboards.copy_from_slice(&by_piece[..SCRATCH as usize]);
        }
        if self.strict {
            // A strict placement has one byte per piece, one digit per run of empty squares and
            // seven slashes; more bytes mean two digits in a row somewhere (`44`), which the
            // checked path names.
            let occupied = bitboards.iter().fold(0, |acc, bb| acc | bb.0);
            if i - self.pos != 7 + (occupied | empty_run_starts(occupied)).count_ones() as usize {
                return false;
            }
        }
        self.pos = i;
        true
    }

    /// Reads the placement field byte by byte, reporting the first problem exactly.
    fn placement_checked(&mut self) -> Result<Board, ParseError> {
        use ParseErrorKind::*;
        let f = Field::Placement;
        let mut board = Board::empty();
        let mut rank: usize = 7;
        let mut file: usize = 0;
        // What the previous byte was: a piece (a `~` may follow), a digit, or other.
        let (mut after_piece, mut after_digit) = (false, false);
        let s = self.s;
        let mut i = self.pos;
        while i < s.len() {
            let class = PLACEMENT[usize::from(s[i])];
            if class < 12 {
                if file >= 8 {
                    return Err(err(f, i, RankTooLong { rank: rank as u8 + 1 }));
                }
                board.put_new(rank * 8 + file, Piece::ALL[usize::from(class)]);
                file += 1;
                (after_piece, after_digit) = (true, false);
            } else if class == DIGIT {
                if self.strict && after_digit {
                    return Err(err(f, i, ConsecutiveDigits));
                }
                file += usize::from(s[i] - b'0');
                if file > 8 {
                    return Err(err(f, i, RankTooLong { rank: rank as u8 + 1 }));
                }
                (after_piece, after_digit) = (false, true);
            } else if class == SLASH {
                if file < 8 {
                    return Err(err(f, i, RankTooShort { rank: rank as u8 + 1, squares: file as u8 }));
                }
                if rank == 0 {
                    return Err(err(f, i, TooManyRanks));
                }
                rank -= 1;
                file = 0;
                (after_piece, after_digit) = (false, false);
            } else if class == TILDE {
                if !after_piece {
                    return Err(err(f, i, MisplacedPromotedMarker));
                }
                if PLACEMENT[usize::from(s[i - 1])] % 6 == 5 {
                    return Err(err(f, i, PromotedKing));
                }
                if self.strict {
                    return Err(err(f, i, PromotedMarker));
                }
                (after_piece, after_digit) = (false, false);
            } else if class == WS {
                break;
            } else {
                return Err(err(f, i, UnexpectedByte { found: s[i], expected: "a piece letter, a digit 1-8 or '/'" }));
            }
            i += 1;
        }
        if file < 8 {
            return Err(err(f, i, RankTooShort { rank: rank as u8 + 1, squares: file as u8 }));
        }
        if rank > 0 {
            return Err(err(f, i, TooFewRanks { ranks: 8 - rank as u8 }));
        }
        self.pos = i;
        Ok(board)
    }

    /// The five fields after the placement in their canonical form, the common case: single
    /// spaces, `w`/`b`, a castling field, `-` or a square, and two clocks without sign or
    /// leading zeros (at most 9 digits, so no overflow check), the fullmove at least 1, then the
    /// end of the input. `Ok(None)` for anything else, which the field-by-field path reads
    /// from the same place. The castling field goes to the encoding exactly as that path
    /// would hand it over, so its error is returned as is.
    #[inline]
    fn tail_fast<E: CastlingEncoding + ?Sized>(&self, board: &Board, enc: &E) -> Result<Option<Tail>, ParseError> {
        let s = self.s;
        let start = self.pos;
        let [b' ', turn, b' ', ..] = s[start..] else { return Ok(None) };
        // From one FEN to the next the side to move is a coin toss: a branch on it would be
        // mispredicted half the time, so the letter is checked with one test and the colour
        // chosen without a branch.
        const TURN_LETTERS: u128 = 1 << b'w' | 1 << b'b';
        if turn >= 128 || TURN_LETTERS >> turn & 1 == 0 {
            return Ok(None);
        }
        let turn = std::hint::select_unpredictable(turn == b'w', Color::White, Color::Black);
        let field_start = start + 3;
        // Most FENs have no castling rights left: `-` and a space, tested at once, before
        // looking for the end of a field of letters.
        let (castling, field_end) = if let [b'-', b' ', ..] = s[field_start..] {
            (CastlingRights::NONE, field_start + 1)
        } else {
            let field_end = castling_field_end(s, field_start);
            let field = &s[field_start..field_end];
            if let [] | [b'-', ..] = field {
                return Ok(None);
            }
            let rights = enc
                .parse(field, board)
                .map_err(|e| err(Field::Castling, field_start + e.offset.min(field.len()), e.kind.into()))?;
            (rights, field_end)
        };
        let (ep_square, clocks) = match s.get(field_end..) {
            Some([b' ', b'-', b' ', rest @ ..]) => (None, rest),
            Some([b' ', file @ b'a'..=b'h', rank @ b'1'..=b'8', b' ', rest @ ..]) => {
                let (Some(file), Some(rank)) = (File::from_ascii(*file), Rank::from_ascii(*rank)) else {
                    return Ok(None);
                };
                (Some(Square::from_coords(file, rank)), rest)
            }
            _ => return Ok(None),
        };
        let Some((halfmoves, rest)) = canonical_number(clocks) else { return Ok(None) };
        let [b' ', rest @ ..] = rest else { return Ok(None) };
        let Some((fullmoves, [])) = canonical_number(rest) else { return Ok(None) };
        if fullmoves == 0 {
            return Ok(None);
        }
        Ok(Some(Tail { turn, castling, ep_square, halfmoves, fullmoves }))
    }

    fn turn(&mut self) -> Result<Color, ParseError> {
        let start = self.pos;
        let turn = match self.s[start] {
            b'w' => Color::White,
            b'b' => Color::Black,
            found => {
                return Err(err(Field::Turn, start, ParseErrorKind::UnexpectedByte { found, expected: "'w' or 'b'" }));
            }
        };
        self.pos += 1;
        self.end_of_token(Field::Turn, "a space (the side to move is one letter)")?;
        Ok(turn)
    }

    /// Errors unless the current token ends here.
    #[inline]
    fn end_of_token(&self, field: Field, expected: &'static str) -> Result<(), ParseError> {
        match self.s.get(self.pos) {
            Some(&found) if !is_ws(found) => {
                Err(err(field, self.pos, ParseErrorKind::UnexpectedByte { found, expected }))
            }
            _ => Ok(()),
        }
    }

    fn castling<E: CastlingEncoding + ?Sized>(&mut self, board: &Board, enc: &E) -> Result<CastlingRights, ParseError> {
        let start = self.pos;
        let end = self.token_end();
        self.pos = end;
        let field = &self.s[start..end];
        if field[0] == b'-' {
            self.pos = start + 1;
            self.end_of_token(Field::Castling, "a space (the field ends after '-')")?;
            return Ok(CastlingRights::NONE);
        }
        enc.parse(field, board).map_err(|e| err(Field::Castling, start + e.offset.min(field.len()), e.kind.into()))
    }

    fn en_passant(&mut self) -> Result<Option<Square>, ParseError> {
        let f = Field::EnPassant;
        let start = self.pos;
        let first = self.s[start];
        if first == b'-' {
            self.pos += 1;
            self.end_of_token(f, "a space (the field ends after '-')")?;
            return Ok(None);
        }
        let file = File::from_ascii(first).filter(|_| first.is_ascii_lowercase()).ok_or(err(
            f,
            start,
            ParseErrorKind::UnexpectedByte { found: first, expected: "a square such as 'e3', or '-'" },
        ))?;
        let rank = match self.s.get(start + 1) {
            Some(&b) => Rank::from_ascii(b).ok_or(err(
                f,
                start + 1,
                ParseErrorKind::UnexpectedByte { found: b, expected: "a rank digit 1-8" },
            ))?,
            None => return Err(err(f, start + 1, ParseErrorKind::UnexpectedEnd { expected: "a rank digit 1-8" })),
        };
        self.pos += 2;
        self.end_of_token(f, "a space (the field ends after the square)")?;
        Ok(Some(Square::from_coords(file, rank)))
    }

    fn number(&mut self, field: Field) -> Result<u32, ParseError> {
        let start = self.pos;
        let s = self.s;
        let mut i = start;
        if s[i] == b'+' {
            if self.strict {
                return Err(err(field, i, ParseErrorKind::NonCanonicalNumber));
            }
            i += 1;
        }
        let digits = i;
        let mut value: u64 = 0;
        while i < s.len() && !is_ws(s[i]) {
            let d = s[i].wrapping_sub(b'0');
            if d > 9 {
                return Err(err(field, i, ParseErrorKind::UnexpectedByte { found: s[i], expected: "a digit" }));
            }
            value = value * 10 + u64::from(d);
            if value > u64::from(u32::MAX) {
                return Err(err(field, start, ParseErrorKind::NumberTooLarge));
            }
            i += 1;
        }
        if i == digits {
            return Err(match s.get(i) {
                Some(&found) => err(field, i, ParseErrorKind::UnexpectedByte { found, expected: "a digit" }),
                None => err(field, i, ParseErrorKind::UnexpectedEnd { expected: "a digit" }),
            });
        }
        if self.strict && s[digits] == b'0' && i - digits > 1 {
            return Err(err(field, digits, ParseErrorKind::NonCanonicalNumber));
        }
        self.pos = i;
        Ok(value as u32)
    }
}

impl Setup {
    /// Parses a FEN with any castling encoding and syntax: the general entry point.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the field and byte offset of the first problem.
    ///
    /// ```
    /// use chessfen::{Setup, Shredder, Syntax};
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    /// let setup = Setup::parse(fen.as_bytes(), &Shredder, Syntax::Strict)?;
    /// assert_eq!(setup, Setup::standard());
    /// assert!(Setup::parse(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &Shredder, Syntax::Strict).is_err());
    /// # Ok::<(), chessfen::ParseError>(())
    /// ```
    pub fn parse<E: CastlingEncoding + ?Sized>(fen: &[u8], castling: &E, syntax: Syntax) -> Result<Setup, ParseError> {
        let strict = syntax == Syntax::Strict;
        let mut p = Parser { s: fen, pos: 0, strict };
        if !strict {
            p.separator(Field::Placement)?;
        }
        if p.pos == fen.len() {
            return Err(err(Field::Placement, p.pos, ParseErrorKind::Empty));
        }
        if strict && is_ws(fen[0]) {
            return Err(err(Field::Placement, 0, ParseErrorKind::Whitespace));
        }
        let mut board = Board::empty();
        p.placement(&mut board)?;
        if let Some(Tail { turn, castling, ep_square, halfmoves, fullmoves }) = p.tail_fast(&board, castling)? {
            return Ok(Setup { board, turn, castling, ep_square, halfmoves, fullmoves });
        }
        p.require(Field::Turn, "the side to move ('w' or 'b')")?;
        let turn = p.turn()?;
        p.require(Field::Castling, "castling rights")?;
        let castling = p.castling(&board, castling)?;
        p.require(Field::EnPassant, "an en passant square or '-'")?;
        let ep_square = p.en_passant()?;
        let (mut halfmoves, mut fullmoves) = (0, 1);
        if p.separator(Field::Halfmove)? {
            halfmoves = p.number(Field::Halfmove)?;
            if p.separator(Field::Fullmove)? {
                fullmoves = p.number(Field::Fullmove)?;
                if fullmoves == 0 {
                    if strict {
                        return Err(err(Field::Fullmove, p.pos - 1, ParseErrorKind::FullmoveZero));
                    }
                    fullmoves = 1;
                }
                if p.separator(Field::Trailing)? {
                    return Err(err(Field::Trailing, p.pos, ParseErrorKind::TrailingText));
                }
            } else if strict {
                return Err(err(
                    Field::Fullmove,
                    p.pos,
                    ParseErrorKind::UnexpectedEnd { expected: "the fullmove number" },
                ));
            }
        } else if strict {
            return Err(err(Field::Halfmove, p.pos, ParseErrorKind::UnexpectedEnd { expected: "the halfmove clock" }));
        }
        Ok(Setup { board, turn, castling, ep_square, halfmoves, fullmoves })
    }

    /// Parses any dialect leniently ([`ParseMode::Auto`]), from bytes.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the field and byte offset of the first problem.
    #[inline]
    pub fn from_ascii(fen: &[u8]) -> Result<Setup, ParseError> {
        Setup::parse(fen, &Auto, Syntax::Lenient)
    }

    /// Parses with a mode chosen at run time.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the field and byte offset of the first problem.
    #[inline]
    pub fn from_ascii_with(fen: &[u8], mode: ParseMode) -> Result<Setup, ParseError> {
        match mode {
            ParseMode::Auto => Setup::parse(fen, &Auto, Syntax::Lenient),
            ParseMode::Strict(dialect) => Setup::parse(fen, &dialect, Syntax::Strict),
        }
    }

    /// Writes the FEN with a castling encoding and en passant policy, into an inline buffer
    /// (no allocation).
    ///
    /// # Errors
    ///
    /// A [`WriteError`] if the encoding cannot write the castling rights (e.g. an inner rook in
    /// [`Standard`](crate::Standard)).
    ///
    /// ```
    /// use chessfen::{Dialect, EnPassantMode, Setup};
    /// let setup = chessfen::chess960::start_position(0)?;
    /// let fen = setup.to_fen(&Dialect::Shredder, EnPassantMode::AsIs)?;
    /// assert_eq!(fen.as_str(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn to_fen<E: CastlingEncoding + ?Sized>(
        &self,
        castling: &E,
        en_passant: EnPassantMode,
    ) -> Result<FenBuf, WriteError> {
        let mut out = FenBuf::new();
        self.write_into(&mut out, castling, en_passant)?;
        Ok(out)
    }

    /// [`Setup::to_fen`] into a fresh `FenBuf` of the caller's (writing in place spares the
    /// callers that only borrow the text a copy of the whole buffer).
    #[inline]
    fn write_into<E: CastlingEncoding + ?Sized>(
        &self,
        out: &mut FenBuf,
        castling: &E,
        en_passant: EnPassantMode,
    ) -> Result<(), WriteError> {
        let mut text = CastlingText::new();
        if !self.castling.is_empty() {
            castling.write(self.castling, &self.board, &mut text)?;
        }
        let b = &mut out.buf;
        let mut n = self.board.write_placement(b);
        b[n] = b' ';
        b[n + 1] = self.turn.char() as u8;
        b[n + 2] = b' ';
        n += 3;
        if text.is_empty() {
            b[n] = b'-';
            n += 1;
        } else {
            let t = text.as_bytes();
            b[n..n + t.len()].copy_from_slice(t);
            n += t.len();
        }
        b[n] = b' ';
        n += 1;
        match self.ep_square_for(en_passant) {
            Some(sq) => {
                b[n] = sq.file().char() as u8;
                b[n + 1] = sq.rank().char() as u8;
                n += 2;
            }
            None => {
                b[n] = b'-';
                n += 1;
            }
        }
        b[n] = b' ';
        n = write_u32(b, n + 1, self.halfmoves);
        b[n] = b' ';
        n = write_u32(b, n + 1, self.fullmoves);
        out.len = n as u8;
        Ok(())
    }

    /// Writes the FEN into any [`fmt::Write`] (e.g. a reused `String`).
    ///
    /// # Errors
    ///
    /// As [`Setup::to_fen`]; a formatter error becomes [`WriteError::Custom`].
    pub fn write_fen<W: fmt::Write + ?Sized, E: CastlingEncoding + ?Sized>(
        &self,
        out: &mut W,
        castling: &E,
        en_passant: EnPassantMode,
    ) -> Result<(), WriteError> {
        let mut fen = FenBuf::new();
        self.write_into(&mut fen, castling, en_passant)?;
        out.write_str(fen.as_str()).map_err(|_| WriteError::Custom("the output refused the text"))
    }

    /// Writes the FEN into any [`std::io::Write`] (e.g. a `BufWriter`).
    ///
    /// # Errors
    ///
    /// The [`WriteError`] of [`Setup::to_fen`] as [`std::io::ErrorKind::InvalidData`], or the
    /// writer's own error.
    pub fn write_fen_io<W: std::io::Write + ?Sized, E: CastlingEncoding + ?Sized>(
        &self,
        out: &mut W,
        castling: &E,
        en_passant: EnPassantMode,
    ) -> std::io::Result<()> {
        let fen =
            self.to_fen(castling, en_passant).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
        out.write_all(fen.as_bytes())
    }
}

/// Writes `value` in decimal at `b[at..]` and returns the end. Clocks are almost always below
/// 100: those take two table bytes and no division.
#[inline]
fn write_u32(b: &mut [u8; FenBuf::BLOCKS], at: usize, value: u32) -> usize {
    if let Some(&[tens, units]) = DIGIT_PAIRS.get(value as usize) {
        // Below 10 the units overwrite the tens' `0`.
        let two = usize::from(value >= 10);
        b[at] = tens;
        b[at + two] = units;
        return at + 1 + two;
    }
    let mut digits = [0u8; 10];
    let mut v = value;
    let mut n = 0;
    loop {
        digits[n] = b'0' + (v % 10) as u8;
        n += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for (k, d) in digits[..n].iter().rev().enumerate() {
        b[at + k] = *d;
    }
    at + n
}

/// `00` to `99`.
static DIGIT_PAIRS: [[u8; 2]; 100] = {
    let mut pairs = [[0; 2]; 100];
    let mut n = 0;
    while n < 100 {
        pairs[n] = [b'0' + (n / 10) as u8, b'0' + (n % 10) as u8];
        n += 1;
    }
    pairs
};

impl FromStr for Setup {
    type Err = ParseError;

    /// Parses any dialect leniently ([`ParseMode::Auto`]).
    fn from_str(s: &str) -> Result<Setup, ParseError> {
        Setup::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Setup {
    /// Writes X-FEN with the stored en passant square: for classical positions, this is
    /// classical FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.to_fen(&XFen, EnPassantMode::AsIs).map_err(|_| fmt::Error)?;
        f.write_str(fen.as_str())
    }
}

/// A written FEN, held inline (no allocation): dereferences to `str`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct FenBuf {
    /// The text, then zeros up to a whole number of 16-byte blocks (see [`FenBuf::as_str`]).
    buf: [u8; FenBuf::BLOCKS],
    len: u8,
}

impl FenBuf {
    /// Room for the longest FEN the writer can produce.
    pub const CAPACITY: usize = 71 + 3 + CastlingText::CAPACITY + 1 + 2 + 1 + 10 + 1 + 10;

    /// The buffer: `CAPACITY` rounded up to whole 16-byte blocks.
    const BLOCKS: usize = FenBuf::CAPACITY.next_multiple_of(16);

    const fn new() -> FenBuf {
        FenBuf { buf: [0; FenBuf::BLOCKS], len: 0 }
    }

    /// The FEN as bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..usize::from(self.len)]
    }

    /// The FEN as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // `str::from_utf8` is the one safe way from bytes to `str`. It checks ASCII 16 bytes at
        // a time where they are aligned, and byte by byte elsewhere: so it is given the whole
        // aligned blocks that hold the text, whose bytes after the text are still the zeros of
        // `new` (the writer only emits ASCII, and nothing past the text). It therefore never
        // fails; if it did, the text would be empty rather than wrong.
        let len = usize::from(self.len);
        std::str::from_utf8(&self.buf[..len.next_multiple_of(16)]).ok().and_then(|s| s.get(..len)).unwrap_or_default()
    }
}

impl std::ops::Deref for FenBuf {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for FenBuf {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for FenBuf {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl fmt::Display for FenBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for FenBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::{Board, Parser};

    /// Both ways of filling the bitboards (in the loop, or read off the mailbox after it) take
    /// the same inputs and give the same boards, strict and lenient, on placements built from
    /// the field's alphabet and a few bytes outside it.
    #[test]
    fn placement_loop_variants_agree() {
        let alphabet = b"pnbrqkPNBRQK1234567888//// ~x";
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut inputs: Vec<Vec<u8>> = vec![
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_vec(),
            b"8/8/8/8/8/8/8/8".to_vec(),
            b"44/8/8/8/8/8/8/8 w - - 0 1".to_vec(),
            b"8/8/8/8/8/8/8/8/".to_vec(),
            b"8/8/8/8/8/8/8/8/8".to_vec(),
            b"kK6/8/8/8/8/8/8/7".to_vec(),
        ];
        for _ in 0..50_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 80) as usize;
            let mut seed = state;
            let input: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    alphabet[(seed >> 40) as usize % alphabet.len()]
                })
                .collect();
            inputs.push(input);
        }
        // Mostly valid placements too: eight ranks of random pieces and runs.
        for _ in 0..20_000 {
            let mut placement = Vec::new();
            for rank in 0..8 {
                let mut left = 8;
                while left > 0 {
                    state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    let r = (state >> 33) as usize;
                    if r.is_multiple_of(3) {
                        let run = 1 + r / 3 % left;
                        placement.push(b'0' + run as u8);
                        left -= run;
                    } else {
                        placement.push(b"pnbrqkPNBRQK"[r % 12]);
                        left -= 1;
                    }
                }
                if rank < 7 {
                    placement.push(b'/');
                }
            }
            placement.extend_from_slice(b" w - - 0 1");
            inputs.push(placement);
        }
        let mut accepted = 0;
        for input in &inputs {
            for strict in [false, true] {
                let (mut a, mut b) = (Board::empty(), Board::empty());
                let mut pa = Parser { s: input, pos: 0, strict };
                let mut pb = Parser { s: input, pos: 0, strict };
                let ok_a = pa.placement_fast::<true>(&mut a);
                let ok_b = pb.placement_fast::<false>(&mut b);
                assert_eq!(ok_a, ok_b, "{:?} strict {strict}", input.escape_ascii().to_string());
                if ok_a {
                    assert_eq!(a, b, "{:?}", input.escape_ascii().to_string());
                    assert_eq!(pa.pos, pb.pos);
                    accepted += 1;
                }
            }
        }
        assert!(accepted > 20_000, "only {accepted} placements accepted");
    }

    /// The eight-byte search for the castling field's end agrees with the byte-by-byte one.
    #[test]
    fn castling_field_end_is_the_first_whitespace() {
        let texts: [&[u8]; 12] = [
            b"KQkq - 0 1",
            b"K - 0 1",
            b"- - 0 1",
            b"KQkq",
            b"KQ",
            b"",
            b"KQkqKQkqKQ - 0 1",
            b"KQ\tkq - 0 1",
            b"K\x01Q - 0 1 xxxxxx",
            b"Kq\n- 0 1 xxxxxxxxx",
            b"HAha\x0c- 0 1",
            b"\xff\xfe \x80 1 2 3 4",
        ];
        for text in texts {
            for start in 0..=text.len().min(3) {
                let expected =
                    text[start..].iter().position(|b| b.is_ascii_whitespace()).map_or(text.len(), |n| start + n);
                assert_eq!(super::castling_field_end(text, start), expected, "{:?} from {start}", text.escape_ascii());
            }
        }
    }
}
