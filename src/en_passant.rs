//! Which en passant captures exist: the policies behind [`EnPassantMode`].

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::fen::EnPassantMode;
use crate::setup::Setup;
use crate::types::{Color, Rank, Role, Square};

impl Setup {
    /// The square of the pawn that made the double push, for the stored en passant square.
    fn pushed_pawn_square(&self, ep: Square) -> Option<Square> {
        ep.offset(if self.turn == Color::White { -8 } else { 8 })
    }

    /// The pawns of the side to move that attack the stored en passant square, provided it is
    /// on the rank a double push crosses (6 with White to move, 3 with Black) and empty. Pins,
    /// checks and whether a pawn stands in front of the square are ignored: this is X-FEN's
    /// rule, and exactly python-chess's pseudo-legal en passant.
    #[must_use]
    pub fn ep_capturers(&self) -> Bitboard {
        let Some(ep) = self.ep_square else { return Bitboard::EMPTY };
        let us = self.turn;
        let ep_rank = if us == Color::White { Rank::Sixth } else { Rank::Third };
        if ep.rank() != ep_rank || self.board.piece_at(ep).is_some() {
            return Bitboard::EMPTY;
        }
        attacks::pawn_attacks(us.other(), ep) & self.board.by_piece(Role::Pawn.of(us))
    }

    /// Whether a pawn of the side to move attacks the en passant square (see
    /// [`Setup::ep_capturers`]).
    #[must_use]
    pub fn has_pseudo_legal_ep(&self) -> bool {
        self.ep_capturers().any()
    }

    /// Whether an en passant capture is legal: some capturer does not leave its king attacked
    /// (pins, including the rank pin when both pawns leave the rank, and check evasion). With
    /// more than one checker no pawn move is legal; without a king, every pseudo-legal capture
    /// counts.
    #[must_use]
    pub fn has_legal_ep(&self) -> bool {
        let capturers = self.ep_capturers();
        if capturers.is_empty() {
            return false;
        }
        let (Some(ep), Some(king)) = (self.ep_square, self.board.king_of(self.turn)) else {
            return true;
        };
        let them = self.turn.other();
        let occupied = self.board.occupied();
        if self.board.attackers_to(king, them, occupied).more_than_one() {
            return false;
        }
        let Some(pushed) = self.pushed_pawn_square(ep) else { return false };
        capturers.into_iter().any(|from| {
            let after = (occupied - from - pushed).with(ep);
            (self.board.attackers_to(king, them, after) - pushed).is_empty()
        })
    }

    /// The en passant square to write under a policy.
    #[must_use]
    pub fn ep_square_for(&self, mode: EnPassantMode) -> Option<Square> {
        match mode {
            EnPassantMode::AsIs => self.ep_square,
            EnPassantMode::Legal => self.ep_square.filter(|_| self.has_legal_ep()),
            EnPassantMode::PseudoLegal => self.ep_square.filter(|_| self.has_pseudo_legal_ep()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(fen: &str) -> Setup {
        fen.parse().expect("valid FEN")
    }

    #[test]
    fn policies() {
        // 1.e4: no black pawn can capture.
        let s = setup("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assert_eq!(s.ep_square_for(EnPassantMode::AsIs), Some(Square::E3));
        assert_eq!(s.ep_square_for(EnPassantMode::PseudoLegal), None);
        assert_eq!(s.ep_square_for(EnPassantMode::Legal), None);
        // Rank pin: taking exd6 would expose the king on a5 to the rook on h5.
        let s = setup("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2");
        assert!(s.has_pseudo_legal_ep());
        assert!(!s.has_legal_ep());
    }
}
