//! Colours, roles, pieces, files, ranks and squares.

use std::fmt;

use strum::{Display, EnumCount, EnumIter, EnumString};

/// A side: White or Black.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, EnumIter, EnumString, Display, EnumCount)]
#[strum(serialize_all = "lowercase")]
pub enum Color {
    /// The side that moves first; uppercase letters in FEN.
    White = 0,
    /// The side that moves second; lowercase letters in FEN.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank the side's king and rooks start on (rank 1 for White, rank 8 for Black).
    #[inline]
    #[must_use]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }

    /// The FEN turn letter: `w` or `b`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `White` for `true`, `Black` for `false`.
    #[inline]
    #[must_use]
    pub const fn from_white(white: bool) -> Color {
        if white { Color::White } else { Color::Black }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A kind of piece, without colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, EnumIter, EnumString, Display, EnumCount)]
#[strum(serialize_all = "lowercase")]
pub enum Role {
    /// `P`/`p`.
    Pawn = 0,
    /// `N`/`n`.
    Knight = 1,
    /// `B`/`b`.
    Bishop = 2,
    /// `R`/`r`.
    Rook = 3,
    /// `Q`/`q`.
    Queen = 4,
    /// `K`/`k`.
    King = 5,
}

impl Role {
    /// All roles, in index order.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// The lowercase FEN letter of the role.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a FEN letter of either case.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Role> {
        Some(match ch.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }

    /// 0 (pawn) to 5 (king).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Gives this role a colour.
    #[inline]
    #[must_use]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

/// A coloured piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for White, lowercase for Black.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece of a FEN letter (`PNBRQK` White, `pnbrqk` Black).
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Piece> {
        match Role::from_char(ch) {
            Some(role) => Some(Piece { color: Color::from_white(ch.is_ascii_uppercase()), role }),
            None => None,
        }
    }

    /// A dense index 0..12: White pawn 0 … White king 5, Black pawn 6 … Black king 11.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.role.index()
    }

    /// All twelve pieces, in [`Piece::index`] order.
    pub const ALL: [Piece; 12] = {
        let mut all = [Piece { color: Color::White, role: Role::Pawn }; 12];
        let mut i = 0;
        while i < 12 {
            all[i] = Piece { color: if i < 6 { Color::White } else { Color::Black }, role: Role::ALL[i % 6] };
            i += 1;
        }
        all
    };
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A file (column), `a` to `h`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, EnumIter, EnumString, Display, EnumCount)]
#[strum(serialize_all = "lowercase")]
pub enum File {
    /// The a-file, on White's left.
    A = 0,
    /// The b-file.
    B,
    /// The c-file.
    C,
    /// The d-file.
    D,
    /// The e-file.
    E,
    /// The f-file.
    F,
    /// The g-file.
    G,
    /// The h-file, on White's right.
    H,
}

impl File {
    /// All files from a to h.
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with index 0 (a) to 7 (h).
    #[inline]
    #[must_use]
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 { Some(File::ALL[index as usize]) } else { None }
    }

    /// The file of a letter `a`–`h` (either case).
    #[inline]
    #[must_use]
    pub const fn from_ascii(ch: u8) -> Option<File> {
        File::new(ch.to_ascii_lowercase().wrapping_sub(b'a') as u32)
    }

    /// 0 (a) to 7 (h).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter of the file.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The uppercase letter of the file.
    #[inline]
    #[must_use]
    pub const fn upper_char(self) -> char {
        (b'A' + self as u8) as char
    }
}

/// A rank (row), 1 to 8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, EnumIter, EnumCount)]
pub enum Rank {
    /// Rank 1, White's back rank.
    First = 0,
    /// Rank 2.
    Second,
    /// Rank 3.
    Third,
    /// Rank 4.
    Fourth,
    /// Rank 5.
    Fifth,
    /// Rank 6.
    Sixth,
    /// Rank 7.
    Seventh,
    /// Rank 8, Black's back rank.
    Eighth,
}

impl Rank {
    /// All ranks from 1 to 8.
    pub const ALL: [Rank; 8] =
        [Rank::First, Rank::Second, Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth, Rank::Seventh, Rank::Eighth];

    /// The rank with index 0 (rank 1) to 7 (rank 8).
    #[inline]
    #[must_use]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 { Some(Rank::ALL[index as usize]) } else { None }
    }

    /// The rank of a digit `1`–`8`.
    #[inline]
    #[must_use]
    pub const fn from_ascii(ch: u8) -> Option<Rank> {
        Rank::new(ch.wrapping_sub(b'1') as u32)
    }

    /// 0 (rank 1) to 7 (rank 8).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The digit of the rank.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

macro_rules! squares {
    ($($sq:ident),* $(,)?) => {
        /// A square of the board, `A1` = 0 to `H8` = 63 (rank-major, like python-chess and shakmaty).
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, EnumIter, EnumCount)]
        #[rustfmt::skip]
        #[allow(missing_docs)]
        pub enum Square { $($sq),* }

        impl Square {
            /// All 64 squares, `A1` first, `H8` last.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];
        }
    };
}

squares! {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// The square with index 0 (a1) to 63 (h8).
    #[inline]
    #[must_use]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 { Some(Square::ALL[index as usize]) } else { None }
    }

    /// The square at a file and rank.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// Parses a square name such as `e4` (lowercase file letter, rank digit).
    #[must_use]
    pub const fn from_ascii(name: &[u8]) -> Option<Square> {
        if name.len() != 2 || !name[0].is_ascii_lowercase() {
            return None;
        }
        match (File::from_ascii(name[0]), Rank::from_ascii(name[1])) {
            (Some(file), Some(rank)) => Some(Square::from_coords(file, rank)),
            _ => None,
        }
    }

    /// 0 (a1) to 63 (h8).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square's file.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The square's rank.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The same file, mirrored rank (a1 ↔ a8).
    #[inline]
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// The square `delta` indices away (8 is one rank up), if on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let i = self as i32 + delta;
        if 0 <= i && i < 64 { Some(Square::ALL[i as usize]) } else { None }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl std::str::FromStr for Square {
    type Err = strum::ParseError;

    fn from_str(s: &str) -> Result<Square, strum::ParseError> {
        Square::from_ascii(s.as_bytes()).ok_or(strum::ParseError::VariantNotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn squares_are_rank_major() {
        assert_eq!(Square::E4.file(), File::E);
        assert_eq!(Square::E4.rank(), Rank::Fourth);
        assert_eq!(Square::from_coords(File::H, Rank::Eighth), Square::H8);
        assert_eq!(Square::iter().count(), 64);
        assert!(Square::iter().enumerate().all(|(i, sq)| sq.index() == i));
    }

    #[test]
    fn square_names() {
        assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
        assert_eq!(Square::A8.to_string(), "a8");
        assert!("E4".parse::<Square>().is_err());
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
    }

    #[test]
    fn piece_letters() {
        for piece in Piece::ALL {
            assert_eq!(Piece::from_char(piece.char()), Some(piece));
            assert_eq!(Piece::ALL[piece.index()], piece);
        }
        assert_eq!(Piece::from_char('N'), Some(Role::Knight.of(Color::White)));
        assert_eq!(Piece::from_char('x'), None);
        assert_eq!("black".parse::<Color>(), Ok(Color::Black));
    }
}
