//! Validation: every reason a [`Setup`] is not a usable position, reported together.
//!
//! The checks are those of python-chess's `Board.status()` in Chess960 mode, split into finer
//! kinds; a setup is valid exactly when python-chess finds no problem.

use std::fmt;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::castling::back_rank_king;
use crate::setup::Setup;
use crate::types::{Color, Rank, Role};

/// One reason a setup is not a usable position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// There are no pieces at all.
    Empty,
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A side has more than 16 pieces.
    TooManyPieces(Color),
    /// A side has more than 8 pawns.
    TooManyPawns(Color),
    /// A pawn stands on rank 1 or 8.
    PawnsOnBackRank,
    /// A side has castling rights but no king on its back rank.
    CastlingWithoutKing(Color),
    /// A castling right names a square without a rook of that side.
    CastlingWithoutRook(Color),
    /// A side has two castling rights on one side of its king (or more than two rights).
    CastlingSameSide(Color),
    /// The en passant square is not on the rank a double push by the side not to move crosses
    /// (rank 6 with White to move, rank 3 with Black to move).
    EnPassantWrongRank,
    /// No pawn of the side not to move stands in front of the en passant square.
    EnPassantNoPushedPawn,
    /// The en passant square, or the square the pushed pawn came from, is occupied.
    EnPassantNotEmpty,
    /// The side not to move is in check.
    OppositeCheck,
    /// The side to move is in check by more than two pieces.
    TooManyCheckers,
    /// The checks on the side to move cannot result from any last move.
    ImpossibleCheck,
}

impl Problem {
    /// Every problem kind, in the order [`Problems`] iterates them.
    pub const ALL: [Problem; 22] = [
        Problem::Empty,
        Problem::MissingKing(Color::White),
        Problem::MissingKing(Color::Black),
        Problem::TooManyKings(Color::White),
        Problem::TooManyKings(Color::Black),
        Problem::TooManyPieces(Color::White),
        Problem::TooManyPieces(Color::Black),
        Problem::TooManyPawns(Color::White),
        Problem::TooManyPawns(Color::Black),
        Problem::PawnsOnBackRank,
        Problem::CastlingWithoutKing(Color::White),
        Problem::CastlingWithoutKing(Color::Black),
        Problem::CastlingWithoutRook(Color::White),
        Problem::CastlingWithoutRook(Color::Black),
        Problem::CastlingSameSide(Color::White),
        Problem::CastlingSameSide(Color::Black),
        Problem::EnPassantWrongRank,
        Problem::EnPassantNoPushedPawn,
        Problem::EnPassantNotEmpty,
        Problem::OppositeCheck,
        Problem::TooManyCheckers,
        Problem::ImpossibleCheck,
    ];

    const fn bit(self) -> u32 {
        1 << match self {
            Problem::Empty => 0,
            Problem::MissingKing(color) => 1 + color as u32,
            Problem::TooManyKings(color) => 3 + color as u32,
            Problem::TooManyPieces(color) => 5 + color as u32,
            Problem::TooManyPawns(color) => 7 + color as u32,
            Problem::PawnsOnBackRank => 9,
            Problem::CastlingWithoutKing(color) => 10 + color as u32,
            Problem::CastlingWithoutRook(color) => 12 + color as u32,
            Problem::CastlingSameSide(color) => 14 + color as u32,
            Problem::EnPassantWrongRank => 16,
            Problem::EnPassantNoPushedPawn => 17,
            Problem::EnPassantNotEmpty => 18,
            Problem::OppositeCheck => 19,
            Problem::TooManyCheckers => 20,
            Problem::ImpossibleCheck => 21,
        }
    }

    /// Whether this is one of the castling problems.
    #[must_use]
    pub const fn is_castling(self) -> bool {
        matches!(self, Problem::CastlingWithoutKing(_) | Problem::CastlingWithoutRook(_) | Problem::CastlingSameSide(_))
    }

    /// Whether this is one of the en passant problems.
    #[must_use]
    pub const fn is_en_passant(self) -> bool {
        matches!(self, Problem::EnPassantWrongRank | Problem::EnPassantNoPushedPawn | Problem::EnPassantNotEmpty)
    }
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::Empty => f.write_str("the board is empty"),
            Problem::MissingKing(c) => write!(f, "{} has no king", side(c)),
            Problem::TooManyKings(c) => write!(f, "{} has more than one king", side(c)),
            Problem::TooManyPieces(c) => write!(f, "{} has more than 16 pieces", side(c)),
            Problem::TooManyPawns(c) => write!(f, "{} has more than 8 pawns", side(c)),
            Problem::PawnsOnBackRank => f.write_str("a pawn stands on rank 1 or 8"),
            Problem::CastlingWithoutKing(c) => {
                write!(f, "{} has castling rights but no king on rank {}", side(c), c.back_rank())
            }
            Problem::CastlingWithoutRook(c) => {
                write!(f, "a castling right of {} names a square without a {} rook", side(c), side(c))
            }
            Problem::CastlingSameSide(c) => {
                write!(f, "{} has more than one castling right on one side of its king", side(c))
            }
            Problem::EnPassantWrongRank => {
                f.write_str("the en passant square is not on the rank a double push of the side not to move crosses")
            }
            Problem::EnPassantNoPushedPawn => {
                f.write_str("no pawn of the side not to move stands in front of the en passant square")
            }
            Problem::EnPassantNotEmpty => f.write_str("the en passant square or the square behind it is occupied"),
            Problem::OppositeCheck => f.write_str("the side not to move is in check"),
            Problem::TooManyCheckers => f.write_str("the side to move is in check by more than two pieces"),
            Problem::ImpossibleCheck => f.write_str("the checks on the side to move cannot come from any last move"),
        }
    }
}

/// A set of [`Problem`]s; empty means the setup is valid.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Problems(u32);

impl Problems {
    /// No problems.
    pub const NONE: Problems = Problems(0);

    /// Whether there are no problems.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `problem` is in the set.
    #[must_use]
    pub const fn contains(self, problem: Problem) -> bool {
        self.0 & problem.bit() != 0
    }

    /// Adds a problem.
    pub fn insert(&mut self, problem: Problem) {
        self.0 |= problem.bit();
    }

    /// How many problems there are.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The problems, in [`Problem::ALL`] order.
    #[must_use]
    pub const fn iter(self) -> ProblemsIter {
        ProblemsIter { set: self, next: 0 }
    }
}

impl FromIterator<Problem> for Problems {
    fn from_iter<I: IntoIterator<Item = Problem>>(iter: I) -> Problems {
        let mut set = Problems::NONE;
        iter.into_iter().for_each(|p| set.insert(p));
        set
    }
}

impl IntoIterator for Problems {
    type Item = Problem;
    type IntoIter = ProblemsIter;
    fn into_iter(self) -> ProblemsIter {
        self.iter()
    }
}

/// Iterator over a [`Problems`] set, in [`Problem::ALL`] order.
#[derive(Clone, Debug)]
pub struct ProblemsIter {
    set: Problems,
    next: usize,
}

impl Iterator for ProblemsIter {
    type Item = Problem;
    fn next(&mut self) -> Option<Problem> {
        while let Some(&p) = Problem::ALL.get(self.next) {
            self.next += 1;
            if self.set.contains(p) {
                return Some(p);
            }
        }
        None
    }
}

impl fmt::Debug for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for Problems {
    /// The problems as one sentence each, separated by `"; "`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl Setup {
    /// Every problem that keeps this setup from being a usable position.
    ///
    /// ```
    /// use chessfen::{Problem, Setup};
    /// let setup: Setup = "8/8/8/8/8/8/8/4K3 w - e6 0 1".parse()?;
    /// let problems = setup.validate();
    /// assert!(problems.contains(Problem::MissingKing(chessfen::Color::Black)));
    /// assert!(problems.contains(Problem::EnPassantNoPushedPawn));
    /// assert!(Setup::standard().validate().is_empty());
    /// # Ok::<(), chessfen::ParseError>(())
    /// ```
    #[must_use]
    pub fn validate(&self) -> Problems {
        let mut problems = Problems::NONE;
        let board = &self.board;
        let (white, black) = (board.by_color(Color::White), board.by_color(Color::Black));
        let occupied = white | black;
        if occupied.is_empty() {
            problems.insert(Problem::Empty);
        }
        if (board.by_role(Role::Pawn) & Bitboard::BACK_RANKS).any() {
            problems.insert(Problem::PawnsOnBackRank);
        }
        let pawns = |color: Color| board.by_piece(Role::Pawn.of(color)).0;
        let [white_pieces, black_pieces, white_pawns, black_pawns] =
            [white.0, black.0, pawns(Color::White), pawns(Color::Black)].map(u64::count_ones);
        for (color, pieces, pawns) in
            [(Color::White, white_pieces, white_pawns), (Color::Black, black_pieces, black_pawns)]
        {
            let kings = board.by_piece(Role::King.of(color));
            if kings.is_empty() {
                problems.insert(Problem::MissingKing(color));
            } else if kings.more_than_one() {
                problems.insert(Problem::TooManyKings(color));
            }
            if pieces > 16 {
                problems.insert(Problem::TooManyPieces(color));
            }
            if pawns > 8 {
                problems.insert(Problem::TooManyPawns(color));
            }
            self.check_castling(color, &mut problems);
        }
        let valid_ep = self.check_en_passant(&mut problems);

        let us = self.turn;
        let them = us.other();
        if board.king_of(them).is_some_and(|king| board.is_attacked(king, us, occupied)) {
            problems.insert(Problem::OppositeCheck);
        }
        let checkers = board.king_of(us).map_or(Bitboard::EMPTY, |k| board.attackers_to(k, them, occupied));
        if checkers.any() {
            let our_kings = board.by_piece(Role::King.of(us));
            if checkers.count() > 2 {
                problems.insert(Problem::TooManyCheckers);
            }
            let impossible = match valid_ep {
                Some(ep) => {
                    // The double push must have given every check: one checker, the pushed
                    // pawn itself or a piece it uncovered.
                    let pushed_to = ep.index() ^ 8;
                    let pushed_from = ep.index() ^ 24;
                    let before = Bitboard((occupied.0 & !(1 << pushed_to)) | 1 << pushed_from);
                    checkers.more_than_one()
                        || (checkers.last().map(|sq| sq.index()) != Some(pushed_to)
                            && our_kings.into_iter().any(|k| board.attackers_to(k, them, before).any()))
                }
                None => {
                    checkers.count() > 2
                        || (checkers.count() == 2
                            && checkers
                                .first()
                                .zip(checkers.last())
                                .is_some_and(|(a, b)| (attacks::line(a, b) & our_kings).any()))
                }
            };
            if impossible {
                problems.insert(Problem::ImpossibleCheck);
            }
        }
        problems
    }

    /// Whether [`Setup::validate`] finds nothing wrong.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.validate().is_empty()
    }

    fn check_castling(&self, color: Color, problems: &mut Problems) {
        let rights = self.castling.of(color);
        if rights.is_empty() {
            return;
        }
        let rooks = self.board.by_piece(Role::Rook.of(color)) & color.back_rank();
        if (rights - rooks).any() {
            problems.insert(Problem::CastlingWithoutRook(color));
        }
        match back_rank_king(&self.board, color) {
            None => problems.insert(Problem::CastlingWithoutKing(color)),
            Some(king) => {
                // The rooks and the king share the back rank: files compare as squares do.
                let valid = (rights & rooks).0;
                let a_side = valid & ((1 << king as u32) - 1);
                let h_side = valid & !a_side & !(1 << king as u32);
                if Bitboard(a_side).more_than_one() || Bitboard(h_side).more_than_one() {
                    problems.insert(Problem::CastlingSameSide(color));
                }
            }
        }
    }

    /// Adds the en passant problems; returns the square if it is valid.
    fn check_en_passant(&self, problems: &mut Problems) -> Option<crate::Square> {
        let ep = self.ep_square?;
        let (rank, forward) = match self.turn {
            Color::White => (Rank::Sixth, 8),
            Color::Black => (Rank::Third, -8),
        };
        if ep.rank() != rank {
            problems.insert(Problem::EnPassantWrongRank);
            return None;
        }
        let mut valid = true;
        // Both exist: the rank is 3 or 6.
        let (pushed, origin) = (ep.offset(-forward)?, ep.offset(forward)?);
        if self.board.piece_at(pushed) != Some(Role::Pawn.of(self.turn.other())) {
            problems.insert(Problem::EnPassantNoPushedPawn);
            valid = false;
        }
        if self.board.piece_at(ep).is_some() || self.board.piece_at(origin).is_some() {
            problems.insert(Problem::EnPassantNotEmpty);
            valid = false;
        }
        valid.then_some(ep)
    }
}
