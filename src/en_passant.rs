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

    /// Whether an en passant capture is legal: some capturer is neither pinned off the line to
    /// the en passant square nor exposes its king along the rank or a diagonal when both pawns
    /// leave their squares, and, in check, the capture takes the checking pawn or blocks the
    /// check. With two checkers only king moves are legal; without a king, every
    /// pseudo-legal capture counts. This is python-chess's `has_legal_en_passant`, decision for
    /// decision, including for malformed en passant squares.
    #[must_use]
    pub fn has_legal_ep(&self) -> bool {
        let capturers = self.ep_capturers();
        let (Some(ep), Some(king)) = (self.ep_square, self.board.king_of(self.turn)) else {
            return capturers.any();
        };
        let Some(pushed) = self.pushed_pawn_square(ep).filter(|_| capturers.any()) else { return false };
        let them = self.turn.other();
        let checkers = self.board.attackers_to(king, them, self.board.occupied());
        if let Some(checker) = checkers.first()
            && (checkers.more_than_one() || !(checker == pushed || attacks::between(king, checker).contains(ep)))
        {
            return false;
        }
        capturers
            .into_iter()
            .any(|from| self.pin_line(king, from).contains(ep) && !self.ep_skewered(king, from, ep, pushed))
    }

    /// The squares a piece of the side to move on `from` may move to without leaving a pin:
    /// the pin line if an enemy slider pins it to the king, otherwise everything.
    fn pin_line(&self, king: Square, from: Square) -> Bitboard {
        let board = &self.board;
        let them = self.turn.other();
        let enemy = |role: Role| board.by_piece(role.of(them));
        let straight = enemy(Role::Rook) | enemy(Role::Queen);
        let diagonal = enemy(Role::Bishop) | enemy(Role::Queen);
        let occupied = board.occupied().with(from);
        let lines = [
            (attacks::file_attacks(king, Bitboard::EMPTY), straight),
            (attacks::rank_attacks(king, Bitboard::EMPTY), straight),
            (attacks::bishop_attacks(king, Bitboard::EMPTY), diagonal),
        ];
        let Some((rays, sliders)) = lines.into_iter().find(|(rays, _)| rays.contains(from)) else {
            return Bitboard::FULL;
        };
        (rays & sliders)
            .into_iter()
            .rev()
            .find(|&sniper| attacks::between(sniper, king) & occupied == Bitboard::from_square(from))
            .map_or(Bitboard::FULL, |sniper| attacks::line(king, sniper))
    }

    /// Whether the king is exposed along its rank or a diagonal once the capturer and the
    /// pushed pawn leave their squares and the capturer lands on the en passant square.
    fn ep_skewered(&self, king: Square, from: Square, ep: Square, pushed: Square) -> bool {
        let board = &self.board;
        let them = self.turn.other();
        let enemy = |role: Role| board.by_piece(role.of(them));
        let occupied = (board.occupied() - pushed - from).with(ep);
        (attacks::rank_attacks(king, occupied) & (enemy(Role::Rook) | enemy(Role::Queen))).any()
            || (attacks::bishop_attacks(king, occupied) & (enemy(Role::Bishop) | enemy(Role::Queen))).any()
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
