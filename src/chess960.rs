//! Chess960 and Double Fischer Random start positions, with Scharnagl's numbering.
//!
//! Position `n` (0..=959) is decoded as Scharnagl defined it: `n mod 4` places the
//! light-squared bishop (files b, d, f, h), the next base-4 digit the dark-squared one (a, c,
//! e, g), the next base-6 digit the queen on the free squares, the remaining quotient (0..=9)
//! the two knights by the KRN table, and the three squares left get rook, king, rook.
//! 518 is the classical array, 0 is `BBQNNRKR`, 959 is `RKRNNQBB`.

use crate::board::Board;
use crate::castling::CastlingRights;
use crate::error::Chess960Error;
use crate::setup::Setup;
use crate::types::{Color, File, Rank, Role, Square};

/// The Scharnagl number of the classical start position.
pub const STANDARD: u16 = 518;

/// The knight placements among the five squares left after bishops and queen.
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

fn check(n: u32) -> Result<u16, Chess960Error> {
    u16::try_from(n).ok().filter(|&n| n < 960).ok_or(Chess960Error(n))
}

/// The back rank of start position `n`, a-file first.
///
/// # Errors
///
/// [`Chess960Error`] if `n` is not in 0..=959.
///
/// ```
/// use chessfen::{chess960, Role::*};
/// assert_eq!(chess960::back_rank(518)?, [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook]);
/// assert!(chess960::back_rank(960).is_err());
/// # Ok::<(), chessfen::Chess960Error>(())
/// ```
pub fn back_rank(n: u32) -> Result<[Role; 8], Chess960Error> {
    check(n).map(back_rank_of)
}

fn back_rank_of(n: u16) -> [Role; 8] {
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = usize::from(n);
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let queen = n % 6;
    n /= 6;
    let (k1, k2) = KNIGHTS[n % 10];
    let mut place = |skip: usize, role: Role| {
        if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(skip) {
            *slot = Some(role);
        }
    };
    place(queen, Role::Queen);
    // The second knight's index counts the first knight's square, which is now taken.
    place(k1, Role::Knight);
    place(k2 - 1, Role::Knight);
    place(0, Role::Rook);
    place(0, Role::King);
    place(0, Role::Rook);
    rank.map(|r| r.unwrap_or(Role::Pawn))
}

/// The Scharnagl number of a back rank (a-file first), or `None` if it is not a Chess960 array
/// (bishops on opposite colours, king between the rooks, one queen, two knights).
#[must_use]
pub fn number_of_back_rank(rank: &[Role; 8]) -> Option<u16> {
    let find = |role: Role, skip: &dyn Fn(usize) -> bool| (0..8).filter(|&f| !skip(f)).position(|f| rank[f] == role);
    let light = (0..4).find(|&i| rank[2 * i + 1] == Role::Bishop)?;
    let dark = (0..4).find(|&i| rank[2 * i] == Role::Bishop)?;
    let queen = find(Role::Queen, &|f| rank[f] == Role::Bishop)?;
    let not_bq = |f: usize| matches!(rank[f], Role::Bishop | Role::Queen);
    let k1 = find(Role::Knight, &not_bq)?;
    let k2 = (0..8).filter(|&f| !not_bq(f)).enumerate().filter(|&(_, f)| rank[f] == Role::Knight).nth(1)?.0;
    let knights = KNIGHTS.iter().position(|&k| k == (k1, k2))?;
    let n = (light + 4 * dark + 16 * queen + 96 * knights) as u16;
    (back_rank_of(n) == *rank).then_some(n)
}

/// The board of a DFRC start position (both numbers already checked).
pub(crate) fn start_board(white: u16, black: u16) -> Board {
    let mut board = Board::empty();
    for (color, n) in [(Color::White, white), (Color::Black, black)] {
        let pawn_rank = if color == Color::White { Rank::Second } else { Rank::Seventh };
        for (file, role) in File::ALL.into_iter().zip(back_rank_of(n)) {
            board.set_piece_at(Square::from_coords(file, color.back_rank()), Some(role.of(color)));
            board.set_piece_at(Square::from_coords(file, pawn_rank), Some(Role::Pawn.of(color)));
        }
    }
    board
}

pub(crate) fn dfrc_setup(white: u16, black: u16) -> Setup {
    let board = start_board(white, black);
    let rooks = board.by_role(Role::Rook);
    Setup { castling: CastlingRights::from_bitboard(rooks).unwrap_or_default(), board, ..Setup::empty() }
}

/// Chess960 start position `n`: White to move, all four castling rights, clocks 0 and 1.
///
/// # Errors
///
/// [`Chess960Error`] if `n` is not in 0..=959.
///
/// ```
/// let setup = chessfen::chess960::start_position(959)?;
/// assert_eq!(setup.to_string(), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
/// assert_eq!(setup.chess960_number(), Some(959));
/// # Ok::<(), chessfen::Chess960Error>(())
/// ```
pub fn start_position(n: u32) -> Result<Setup, Chess960Error> {
    let n = check(n)?;
    Ok(dfrc_setup(n, n))
}

/// Double Fischer Random start position: White's back rank from Chess960 number `white`,
/// Black's (mirrored) from `black`; White to move, all four castling rights.
///
/// # Errors
///
/// [`Chess960Error`] if either number is not in 0..=959.
pub fn dfrc_start_position(white: u32, black: u32) -> Result<Setup, Chess960Error> {
    Ok(dfrc_setup(check(white)?, check(black)?))
}

impl Setup {
    /// The Chess960 number if this is a Chess960 start position (White to move, all four
    /// castling rights, no en passant square, pawns on ranks 2 and 7, mirrored back ranks);
    /// the clocks are not considered.
    #[must_use]
    pub fn chess960_number(&self) -> Option<u16> {
        self.dfrc_numbers().filter(|(w, b)| w == b).map(|(w, _)| w)
    }

    /// White's and Black's numbers if this is a DFRC start position (as
    /// [`Setup::chess960_number`], but the back ranks may differ).
    #[must_use]
    pub fn dfrc_numbers(&self) -> Option<(u16, u16)> {
        let rank_roles = |color: Color| -> Option<[Role; 8]> {
            let mut roles = [Role::Pawn; 8];
            for (file, slot) in File::ALL.into_iter().zip(roles.iter_mut()) {
                let piece = self.board.piece_at(Square::from_coords(file, color.back_rank()))?;
                if piece.color != color {
                    return None;
                }
                *slot = piece.role;
            }
            Some(roles)
        };
        let white = number_of_back_rank(&rank_roles(Color::White)?)?;
        let black = number_of_back_rank(&rank_roles(Color::Black)?)?;
        let start = dfrc_setup(white, black);
        (self.turn == Color::White
            && self.ep_square.is_none()
            && self.castling == start.castling
            && self.board == start.board)
            .then_some((white, black))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_round_trips() {
        for n in 0..960u16 {
            assert_eq!(number_of_back_rank(&back_rank_of(n)), Some(n), "position {n}");
        }
    }
}
