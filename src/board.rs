//! Piece placement: a mailbox for O(1) lookups beside one bitboard per piece.

use std::fmt;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, Piece, Role, Square};

/// The placement of the pieces (the first FEN field).
///
/// Held twice, kept in step by every mutator: a 64-square mailbox (what stands on a square) and
/// a bitboard per piece (where the pieces of a kind stand). Both are read-only from outside.
///
/// The mailbox holds one byte per square: the piece's FEN letter (`PNBRQKpnbrqk`), or 0 for an
/// empty square, in the order FEN lists the squares (a8, b8 … h8, a7 … h1: index `sq ^ 56`).
/// That is what the parser reads and the writer writes, in the order they go, so neither
/// translates; [`Board::piece_at`] flips the index and decodes the letter with a table. The
/// whole board is 64 + 96 bytes.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    letters: [u8; 64],
    by_piece: [Bitboard; 12],
}

/// Where a square (a1 = 0 … h8 = 63) is in FEN order (a8 = 0 … h1 = 63), and back: the rank
/// is mirrored, the file kept.
#[inline]
const fn fen_index(sq: usize) -> usize {
    sq ^ 56
}

/// The mailbox byte of a square holding `piece` (its FEN letter), or of an empty square (0).
#[inline]
const fn letter_of(piece: Option<Piece>) -> u8 {
    match piece {
        Some(p) => p.char() as u8,
        None => 0,
    }
}

/// The piece of each mailbox byte: `None` for 0 (empty) and for every byte that is not a
/// piece letter (which the mailbox never holds).
const PIECE_OF_LETTER: [Option<Piece>; 256] = {
    let mut table = [None; 256];
    let mut i = 0;
    while i < 12 {
        table[Piece::ALL[i].char() as usize] = Some(Piece::ALL[i]);
        i += 1;
    }
    table
};

/// The piece bitboards of a mailbox (FEN letters or 0, in FEN order): what the parser's fast
/// path fills in after reading the letters alone.
///
/// On x86-64 the 64 letters are read as four 16-byte vectors, and each bit of the letters
/// becomes a bitboard at once: SSE2's `pmovmskb` gathers one bit of 16 bytes, after a shift
/// brings the wanted bit to the top of each byte. Six such bit planes tell the twelve pieces
/// apart (see [`pieces_from_planes`]). Through `safe_arch`, whose intrinsics exist only where
/// the CPU feature is compiled in (SSE2 is part of x86-64 itself), so no `unsafe` here.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn piece_bitboards(letters: &[u8; 64]) -> [Bitboard; 12] {
    use safe_arch::{m128i, move_mask_i8_m128i, shl_imm_u16_m128i};

    /// One bit of each of the 64 letters as a bitboard: shifting each 16-bit lane left by
    /// `SHIFT` brings bit `7 - SHIFT` of every byte to its top (the bits that cross into the
    /// next byte land below its top bit), which `pmovmskb` gathers. FEN order lists rank 8
    /// first, one byte per rank, so the bytes of the mask are swapped into a bitboard.
    #[inline]
    fn plane<const SHIFT: i32>(vectors: &[m128i; 4]) -> u64 {
        let bits = |v: m128i| u64::from(move_mask_i8_m128i(shl_imm_u16_m128i::<SHIFT>(v)) as u16);
        (bits(vectors[0]) | bits(vectors[1]) << 16 | bits(vectors[2]) << 32 | bits(vectors[3]) << 48).swap_bytes()
    }
    let mut vectors = [m128i::default(); 4];
    for (v, chunk) in vectors.iter_mut().zip(letters.chunks_exact(16)) {
        *v = safe_arch::load_unaligned_m128i(chunk.try_into().unwrap_or(&[0; 16]));
    }
    let v = &vectors;
    pieces_from_planes([plane::<7>(v), plane::<6>(v), plane::<5>(v), plane::<4>(v), plane::<3>(v), plane::<2>(v)])
}

/// [`piece_bitboards`] square by square: the reference the vector version is tested against,
/// and the version on targets without SSE2 (where the parser does not use it).
#[cfg(not(target_arch = "x86_64"))]
pub(crate) use piece_bitboards_portable as piece_bitboards;

/// [`piece_bitboards`] square by square.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn piece_bitboards_portable(letters: &[u8; 64]) -> [Bitboard; 12] {
    let mut by_piece = [Bitboard::EMPTY; 12];
    for (i, &letter) in letters.iter().enumerate() {
        if let Some(piece) = PIECE_OF_LETTER[usize::from(letter)] {
            by_piece[piece.index()].0 |= 1 << fen_index(i);
        }
    }
    by_piece
}

/// The twelve piece bitboards from where bits 0 to 5 of the squares' letters are set.
///
/// The letters' low five bits tell the roles apart (`P` 0x50 = 1_0000, `N` 0x4E = 0_1110, `B`
/// 0x42 = 0_0010, `R` 0x52 = 1_0010, `Q` 0x51 = 1_0001, `K` 0x4B = 0_1011) and bit 5 is set in
/// lowercase, Black's, letters. An empty square (0) has no bit set, so falls out of every role.
#[inline]
fn pieces_from_planes([b0, b1, b2, b3, b4, black]: [u64; 6]) -> [Bitboard; 12] {
    let knights = b2;
    let kings = b3 & !b2;
    let queens = b0 & b4;
    let rooks = b1 & b4;
    let pawns = b4 & !b0 & !b1;
    let bishops = b1 & !b3 & !b4;
    let roles = [pawns, knights, bishops, rooks, queens, kings];
    let mut by_piece = [Bitboard::EMPTY; 12];
    for (i, role) in roles.into_iter().enumerate() {
        by_piece[i] = Bitboard(role & !black);
        by_piece[i + 6] = Bitboard(role & black);
    }
    by_piece
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board { letters: [0; 64], by_piece: [Bitboard::EMPTY; 12] }
    }

    /// The classical starting placement.
    #[must_use]
    pub fn standard() -> Board {
        crate::chess960::start_board(crate::chess960::STANDARD, crate::chess960::STANDARD)
    }

    /// The piece on a square, if any.
    #[inline]
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        PIECE_OF_LETTER[self.letters[fen_index(sq as usize)] as usize]
    }

    /// The 64 squares' contents, a1 first.
    #[must_use]
    pub const fn mailbox(&self) -> [Option<Piece>; 64] {
        let mut squares = [None; 64];
        let mut i = 0;
        while i < 64 {
            squares[i] = self.piece_at(Square::ALL[i]);
            i += 1;
        }
        squares
    }

    /// Puts a piece on a square (replacing what was there) or clears it with `None`.
    #[inline]
    pub fn set_piece_at(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(old) = self.piece_at(sq) {
            self.by_piece[old.index()].remove(sq);
        }
        if let Some(new) = piece {
            self.by_piece[new.index()].add(sq);
        }
        self.letters[fen_index(sq as usize)] = letter_of(piece);
    }

    /// Both views, for the parser to fill in place (the mailbox as letters in FEN order, see
    /// [`Board`]); it must leave them in step.
    #[inline]
    pub(crate) fn views_mut(&mut self) -> (&mut [u8; 64], &mut [Bitboard; 12]) {
        (&mut self.letters, &mut self.by_piece)
    }

    /// Puts a piece on an empty square (the parser's checked path).
    #[inline]
    pub(crate) fn put_new(&mut self, sq: usize, piece: Piece) {
        debug_assert!(self.letters[fen_index(sq)] == 0);
        self.letters[fen_index(sq)] = letter_of(Some(piece));
        self.by_piece[piece.index()].0 |= 1 << sq;
    }

    /// Where the pieces of one kind and colour stand.
    #[inline]
    #[must_use]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_piece[piece.index()]
    }

    /// Where the pieces of a colour stand.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: Color) -> Bitboard {
        Bitboard((0..6).fold(0, |acc, role| acc | self.by_piece[color.index() * 6 + role].0))
    }

    /// Where the pieces of a role, of both colours, stand.
    #[inline]
    #[must_use]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        Bitboard(self.by_piece[role as usize].0 | self.by_piece[6 + role as usize].0)
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.by_piece.iter().fold(0, |acc, bb| acc | bb.0))
    }

    /// The square of `color`'s king, or with several kings the highest-numbered one (as
    /// python-chess's `king()` does); `None` without a king.
    #[inline]
    #[must_use]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Role::King.of(color)).last()
    }

    /// The pieces, with their squares, from a1 to h8.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL.iter().filter_map(|&sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The pieces of `attacker` that attack `sq`, with the given occupancy.
    #[must_use]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = |role: Role| self.by_piece(role.of(attacker));
        let queens = them(Role::Queen);
        attacks::slider_attackers(sq, them(Role::Rook) | queens, them(Role::Bishop) | queens, occupied)
            | (attacks::knight_attacks(sq) & them(Role::Knight))
            | (attacks::king_attacks(sq) & them(Role::King))
            | (attacks::pawn_attacks(attacker.other(), sq) & them(Role::Pawn))
    }

    /// Whether a piece of `attacker` attacks `sq` with the given occupancy: the same as
    /// `attackers_to(..).any()`, cheapest checks first.
    #[inline]
    pub(crate) fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        let them = |role: Role| self.by_piece(role.of(attacker));
        let leapers = (attacks::knight_attacks(sq) & them(Role::Knight))
            | (attacks::king_attacks(sq) & them(Role::King))
            | (attacks::pawn_attacks(attacker.other(), sq) & them(Role::Pawn));
        let queens = them(Role::Queen);
        leapers.any()
            || attacks::slider_attackers(sq, them(Role::Rook) | queens, them(Role::Bishop) | queens, occupied).any()
    }

    /// Writes the placement field (e.g. `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`) into
    /// `out` and returns the number of bytes written (at most 71). `out` must have room for
    /// 72: each rank is written as one 8-byte block, and a slash follows the last one.
    ///
    /// Each rank's text comes whole from a table indexed by its occupancy (digits for the runs
    /// of empty squares, placeholders for the pieces), which also gives where each piece's
    /// letter goes; then one pass over the occupied squares copies the letters from the
    /// mailbox. Everything here is in FEN order (rank 8 first), like the mailbox and the text.
    pub(crate) fn write_placement(&self, out: &mut [u8]) -> usize {
        // The occupancy in FEN order (a8 = bit 0 … h1 = bit 63): mirroring the ranks of a
        // bitboard reverses its bytes, and byte `r` is then the `r`-th rank written.
        let occupied = self.occupied().0.swap_bytes();
        // Where the letter of the piece on each square goes, by FEN index.
        let mut letter_at = [0u8; 64];
        let mut n = 0;
        for rank in 0..8 {
            let text = &RANK_TEXT[((occupied >> (8 * rank)) & 0xff) as usize];
            out[n..n + 8].copy_from_slice(&text.bytes.to_le_bytes());
            // `n` is at most 63 and a position at most 7: adding `n` to each byte cannot carry.
            let letters = text.letters + n as u64 * 0x0101_0101_0101_0101;
            letter_at[rank * 8..rank * 8 + 8].copy_from_slice(&letters.to_le_bytes());
            n += usize::from(text.len);
            out[n] = b'/';
            n += 1;
        }
        let mut pieces = occupied;
        while pieces != 0 {
            let i = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            out[usize::from(letter_at[i])] = self.letters[i];
        }
        n - 1
    }
}

/// The text of one rank, for each of the 256 ways its squares can be occupied: the bytes
/// (a digit for each run of empty squares, a placeholder where each piece's letter goes,
/// a-file first, little-endian), how many of them there are, and for each occupied file the
/// offset of its letter (one byte per file).
struct RankText {
    bytes: u64,
    letters: u64,
    len: u8,
}

static RANK_TEXT: [RankText; 256] = {
    let mut table = [const { RankText { bytes: 0, letters: 0, len: 0 } }; 256];
    let mut occupancy = 0;
    while occupancy < 256 {
        let (mut bytes, mut letters, mut len, mut run) = (0u64, 0u64, 0u64, 0u64);
        let mut file = 0;
        while file < 8 {
            if occupancy >> file & 1 == 1 {
                if run > 0 {
                    bytes |= (b'0' as u64 + run) << (8 * len);
                    len += 1;
                    run = 0;
                }
                bytes |= (b'?' as u64) << (8 * len);
                letters |= len << (8 * file);
                len += 1;
            } else {
                run += 1;
            }
            file += 1;
        }
        if run > 0 {
            bytes |= (b'0' as u64 + run) << (8 * len);
            len += 1;
        }
        table[occupancy] = RankText { bytes, letters, len: len as u8 };
        occupancy += 1;
    }
    table
};

impl fmt::Display for Board {
    /// The placement field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0; 72];
        let n = self.write_placement(&mut buf);
        f.write_str(std::str::from_utf8(&buf[..n]).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector bitboards agree with the square-by-square ones on mailboxes of every mix:
    /// each square empty or any of the twelve letters, chosen by a fixed pseudo-random sequence.
    #[test]
    fn piece_bitboards_agree_with_the_portable_reference() {
        let letters: Vec<u8> = std::iter::once(0).chain(Piece::ALL.iter().map(|p| p.char() as u8)).collect();
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for round in 0..20_000 {
            let mut mailbox = [0u8; 64];
            for (i, square) in mailbox.iter_mut().enumerate() {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                // Sparse, dense and full boards: the first rounds keep most squares empty.
                let pick = (state >> 33) as usize % (letters.len() + 40usize.saturating_sub(round / 100));
                *square = letters.get(pick).copied().unwrap_or(0);
                if round == 0 {
                    *square = letters[1 + i % 12];
                }
            }
            assert_eq!(piece_bitboards(&mailbox), piece_bitboards_portable(&mailbox), "{mailbox:?}");
        }
        let mut start = [0u8; 64];
        start.copy_from_slice(
            b"rnbqkbnrpppppppp\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0PPPPPPPPRNBQKBNR",
        );
        let by_piece = piece_bitboards(&start);
        assert_eq!(by_piece[Piece::from_char('K').unwrap().index()], Bitboard::from_square(Square::E1));
        assert_eq!(by_piece[Piece::from_char('q').unwrap().index()], Bitboard::from_square(Square::D8));
        assert_eq!(by_piece[Piece::from_char('P').unwrap().index()], Bitboard::from_rank(crate::types::Rank::Second));
    }

    #[test]
    fn set_and_clear_keep_both_views() {
        let mut board = Board::empty();
        board.set_piece_at(Square::E4, Piece::from_char('N'));
        board.set_piece_at(Square::E4, Piece::from_char('q'));
        assert_eq!(board.piece_at(Square::E4), Piece::from_char('q'));
        assert!(board.by_piece(Role::Knight.of(Color::White)).is_empty());
        assert_eq!(board.occupied(), Bitboard::from_square(Square::E4));
        board.set_piece_at(Square::E4, None);
        assert_eq!(board, Board::empty());
    }

    #[test]
    fn placement_text() {
        assert_eq!(Board::empty().to_string(), "8/8/8/8/8/8/8/8");
        assert_eq!(Board::standard().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        let mut board = Board::empty();
        board.set_piece_at(Square::H1, Piece::from_char('K'));
        board.set_piece_at(Square::A8, Piece::from_char('k'));
        board.set_piece_at(Square::D4, Piece::from_char('p'));
        assert_eq!(board.to_string(), "k7/8/8/8/3p4/8/8/7K");
    }
}
