//! Attack sets for validation and en passant legality: leaper tables, ray-scan sliders, and
//! a table of the squares between two aligned squares for finding slider attackers.

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

const fn leaper_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < deltas.len() {
            let (f, r) = (file + deltas[i].0, rank + deltas[i].1);
            if 0 <= f && f < 8 && 0 <= r && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING: [u64; 64] = leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static PAWN: [[u64; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// The eight ray directions as (file, rank) steps. Even indices grow the square index
/// (the nearest blocker is the lowest bit), odd ones shrink it (the highest bit).
const DIRECTIONS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (-1, 1), (1, -1)];

static RAYS: [[u64; 64]; 8] = {
    let mut rays = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
            loop {
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                rays[d][sq] |= 1 << (r * 8 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// Every square a rook (`[0]`) or a bishop (`[1]`) on a square could reach on an empty board.
static LINES: [[u64; 64]; 2] = {
    let mut lines = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            lines[d / 4][sq] |= RAYS[d][sq];
            d += 1;
        }
        sq += 1;
    }
    lines
};

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` on their rank, file or diagonal;
/// empty if they are not aligned (or adjacent, or equal).
static BETWEEN: [[u64; 64]; 64] = {
    let mut between = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            // Each square on the ray: the ray from `a` less the ray from that square onwards.
            let mut rest = RAYS[d][a];
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                between[a][b] = RAYS[d][a] & !RAYS[d][b] & !(1 << b);
                rest &= rest - 1;
            }
            d += 1;
        }
        a += 1;
    }
    between
};

#[inline]
fn ray_attacks(d: usize, sq: Square, occupied: Bitboard) -> u64 {
    let ray = RAYS[d][sq as usize];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        return ray;
    }
    let nearest = if d.is_multiple_of(2) { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
    ray ^ RAYS[d][nearest as usize]
}

/// Squares a knight on `sq` attacks.
#[inline]
#[must_use]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq as usize])
}

/// Squares a king on `sq` attacks.
#[inline]
#[must_use]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq as usize])
}

/// Squares a pawn of `color` on `sq` attacks (captures towards).
#[inline]
#[must_use]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color as usize][sq as usize])
}

/// Squares a rook on `sq` attacks, given the occupied squares (the reference that
/// [`slider_attackers`] is tested against).
#[cfg(test)]
#[must_use]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard((0..4).fold(0, |acc, d| acc | ray_attacks(d, sq, occupied)))
}

/// Squares a rook on `sq` attacks along its rank only.
#[inline]
#[must_use]
pub fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(ray_attacks(0, sq, occupied) | ray_attacks(1, sq, occupied))
}

/// Squares a rook on `sq` attacks along its file only.
#[inline]
#[must_use]
pub fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(ray_attacks(2, sq, occupied) | ray_attacks(3, sq, occupied))
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard((4..8).fold(0, |acc, d| acc | ray_attacks(d, sq, occupied)))
}

/// The whole line (rank, file or diagonal, edge to edge) through `a` and `b`, or empty if they
/// are not aligned. Both squares are on the line.
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    for d in (0..8).step_by(2) {
        if RAYS[d][a as usize] >> b as u32 & 1 != 0 || RAYS[d + 1][a as usize] >> b as u32 & 1 != 0 {
            return Bitboard(RAYS[d][a as usize] | RAYS[d + 1][a as usize]).with(a);
        }
    }
    Bitboard::EMPTY
}

/// The squares strictly between `a` and `b` if they are aligned, else empty.
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a as usize][b as usize])
}

/// The sliders among `rooks` (moving along ranks and files) and `bishops` (along diagonals)
/// that attack `sq` with the given occupancy: those on one of its lines with nothing occupied
/// in between (the slider's own square need not be in `occupied`). The same as intersecting
/// the rook and bishop attacks of `sq` with them (the tests' reference), but it only looks at
/// the sliders that are aligned with `sq`, usually none or one.
#[inline]
#[must_use]
pub fn slider_attackers(sq: Square, rooks: Bitboard, bishops: Bitboard, occupied: Bitboard) -> Bitboard {
    let aligned = (LINES[0][sq as usize] & rooks.0) | (LINES[1][sq as usize] & bishops.0);
    let mut attackers = 0;
    for slider in Bitboard(aligned) {
        if between(sq, slider).0 & occupied.0 == 0 {
            attackers |= 1 << slider as u32;
        }
    }
    Bitboard(attackers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leapers() {
        assert_eq!(knight_attacks(Square::A1), Bitboard::from_iter([Square::B3, Square::C2]));
        assert_eq!(king_attacks(Square::H8).count(), 3);
        assert_eq!(pawn_attacks(Color::White, Square::E4), Bitboard::from_iter([Square::D5, Square::F5]));
        assert_eq!(pawn_attacks(Color::Black, Square::A5), Bitboard::from_iter([Square::B4]));
    }

    #[test]
    fn sliders_stop_at_blockers() {
        let occ = Bitboard::from_iter([Square::E6, Square::C4, Square::E2]);
        let rook = rook_attacks(Square::E4, occ);
        assert!(rook.contains(Square::E6) && !rook.contains(Square::E7));
        assert!(rook.contains(Square::E2) && !rook.contains(Square::E1));
        assert!(rook.contains(Square::C4) && !rook.contains(Square::B4) && rook.contains(Square::H4));
        let bishop = bishop_attacks(Square::A1, Bitboard::from_iter([Square::D4]));
        assert_eq!(bishop, Bitboard::from_iter([Square::B2, Square::C3, Square::D4]));
    }

    #[test]
    fn slider_attackers_match_the_ray_scan() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let occupied = Bitboard(random() & random());
            let (rooks, bishops) = (Bitboard(random() & random()), Bitboard(random() & random()));
            for sq in Square::ALL {
                let scan = (rook_attacks(sq, occupied) & rooks) | (bishop_attacks(sq, occupied) & bishops);
                assert_eq!(slider_attackers(sq, rooks, bishops, occupied), scan);
            }
        }
    }

    #[test]
    fn between_is_the_open_segment() {
        for a in Square::ALL {
            for b in Square::ALL {
                let span = (!0u64 << a as u32) ^ (!0u64 << b as u32);
                let segment = line(a, b).0 & span;
                assert_eq!(between(a, b), Bitboard(segment & segment.wrapping_sub(1)), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn lines() {
        assert_eq!(line(Square::A1, Square::C3).count(), 8);
        assert!(line(Square::B1, Square::G1).contains(Square::H1));
        assert!(line(Square::A1, Square::B3).is_empty());
        assert_eq!(between(Square::A1, Square::D4), Bitboard::from_iter([Square::B2, Square::C3]));
        assert_eq!(between(Square::H1, Square::E1), Bitboard::from_iter([Square::F1, Square::G1]));
        assert!(between(Square::A1, Square::B3).is_empty());
        assert!(between(Square::A1, Square::A2).is_empty());
    }
}
