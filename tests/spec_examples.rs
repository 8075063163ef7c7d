//! Table tests of the rules in `spec-notes/`: each expected value comes from a spec (PGN 16.1,
//! the seed documents, X-FEN, Shredder-FEN, Scharnagl's table) or from python-chess, never from
//! our own output.

use chessfen::{
    Color::{Black, White},
    Dialect, EnPassantMode, ParseMode, Problem, Setup, Square, Syntax, WriteError, chess960,
};
use rstest::rstest;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn parse(fen: &str) -> Setup {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn write(setup: &Setup, dialect: Dialect) -> Result<String, WriteError> {
    setup.to_fen(&dialect, EnPassantMode::AsIs).map(|f| f.to_string())
}

/// The four examples of PGN 16.1.4, as both seed documents give them.
#[rstest]
#[case::start(START)]
#[case::after_e4("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")]
#[case::after_c5("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2")]
#[case::after_nf3("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")]
fn seed_examples_round_trip(#[case] fen: &str) {
    let setup = parse(fen);
    assert_eq!(setup.to_string(), fen);
    for dialect in [Dialect::Standard, Dialect::XFen] {
        assert_eq!(Setup::parse(fen.as_bytes(), &dialect, Syntax::Strict).as_ref(), Ok(&setup));
        assert_eq!(write(&setup, dialect).as_deref(), Ok(fen));
    }
    // Shredder-FEN names the same rooks by file: KQkq is HAha for the classical array.
    let shredder = fen.replace("KQkq", "HAha");
    assert_eq!(write(&setup, Dialect::Shredder), Ok(shredder.clone()));
    assert_eq!(Setup::parse(shredder.as_bytes(), &Dialect::Shredder, Syntax::Strict), Ok(setup.clone()));
    assert!(setup.validate().is_empty());
}

#[test]
fn seed_examples_describe_the_game() {
    let e4 = parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(e4.turn, Black);
    assert_eq!(e4.ep_square, Some(Square::E3));
    assert_eq!(e4.board.piece_at(Square::E4).map(|p| p.char()), Some('P'));
    assert_eq!(e4.board.piece_at(Square::E2), None);
    let nf3 = parse("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    assert_eq!((nf3.halfmoves, nf3.fullmoves), (1, 2));
    assert_eq!(nf3.board.piece_at(Square::F3).map(|p| p.char()), Some('N'));
    assert_eq!(parse(START), Setup::standard());
}

/// The seed's en passant rule: PGN 16.1 records the square after every double push, the revised
/// rule only when a legal capture exists; X-FEN when a pawn attacks it.
#[rstest]
#[case::no_capturer("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", Some(Square::E3), None, None)]
#[case::capture(
    "rnbqkbnr/ppp1pppp/8/8/2PpP3/8/PP1P1PPP/RNBQKBNR b KQkq e3 0 3",
    Some(Square::E3),
    Some(Square::E3),
    Some(Square::E3)
)]
#[case::rank_pin("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", Some(Square::D3), Some(Square::D3), None)]
#[case::diagonal_pin("4k3/8/8/8/3Pp3/8/8/B3K3 b - d3 0 1", Some(Square::D3), Some(Square::D3), Some(Square::D3))]
#[case::pinned_capturer("B3K3/8/8/8/3Pp3/8/8/7k b - d3 0 1", Some(Square::D3), Some(Square::D3), None)]
#[case::evasion_by_capture("8/8/8/8/2kPp3/8/8/4K3 b - d3 0 1", Some(Square::D3), Some(Square::D3), Some(Square::D3))]
#[case::check_not_evaded("8/8/8/8/3Pp2k/8/8/4K2R b - d3 0 1", Some(Square::D3), Some(Square::D3), None)]
fn en_passant_policies(
    #[case] fen: &str,
    #[case] as_is: Option<Square>,
    #[case] pseudo: Option<Square>,
    #[case] legal: Option<Square>,
) {
    let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(setup.ep_square_for(EnPassantMode::AsIs), as_is);
    assert_eq!(setup.ep_square_for(EnPassantMode::PseudoLegal), pseudo);
    assert_eq!(setup.ep_square_for(EnPassantMode::Legal), legal);
}

/// Scharnagl's numbering, from the published table (Wikipedia, "Chess960 numbering scheme").
#[rstest]
#[case(0, "BBQNNRKR")]
#[case(1, "BQNBNRKR")]
#[case(2, "BQNNRBKR")]
#[case(3, "BQNNRKRB")]
#[case(4, "QBBNNRKR")]
#[case(5, "QNBBNRKR")]
#[case(6, "QNBNRBKR")]
#[case(7, "QNBNRKRB")]
#[case(8, "QBNNBRKR")]
#[case(9, "QNNBBRKR")]
#[case(518, "RNBQKBNR")]
#[case(959, "RKRNNQBB")]
fn scharnagl_table(#[case] n: u32, #[case] rank: &str) {
    let setup = chess960::start_position(n).expect("in range");
    let fen = format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1", rank.to_ascii_lowercase());
    assert_eq!(setup.to_string(), fen);
    let roles = chess960::back_rank(n).expect("in range");
    assert_eq!(roles.iter().map(|r| r.char().to_ascii_uppercase()).collect::<String>(), rank);
    assert_eq!(chess960::number_of_back_rank(&roles), Some(n as u16));
    assert_eq!(parse(&fen).chess960_number(), Some(n as u16));
}

#[rstest]
#[case::too_big(960)]
#[case::huge(u32::MAX)]
#[case::past_u16(65_536 + 518)]
fn chess960_numbers_out_of_range(#[case] n: u32) {
    let message = format!("{n} is not a Chess960 start position number (0 to 959)");
    assert_eq!(chess960::start_position(n).map_err(|e| e.to_string()), Err(message));
    assert!(chess960::back_rank(n).is_err());
    assert!(chess960::dfrc_start_position(0, n).is_err());
    assert!(chess960::dfrc_start_position(n, 0).is_err());
}

#[rstest]
#[case::moved_king("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1")]
#[case::black_to_move("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")]
#[case::missing_right("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1")]
#[case::ep_square("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1")]
#[case::pawn_moved("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")]
#[case::not_mirrored("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")]
#[case::not_960_array("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1")]
fn not_chess960_start_positions(#[case] fen: &str) {
    assert_eq!(parse(fen).chess960_number(), None);
}

#[test]
fn chess960_number_ignores_clocks() {
    assert_eq!(parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 42").chess960_number(), Some(518));
}

/// DFRC: White's and Black's back ranks from two numbers; expected text from python-chess
/// (tests/vectors/dfrc.tsv).
#[rstest]
#[case(
    0,
    959,
    "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1",
    "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
)]
#[case(
    959,
    0,
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"
)]
#[case(
    518,
    0,
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
)]
fn dfrc(#[case] white: u32, #[case] black: u32, #[case] shredder: &str, #[case] xfen: &str) {
    let setup = chess960::dfrc_start_position(white, black).expect("in range");
    assert_eq!(write(&setup, Dialect::Shredder).as_deref(), Ok(shredder));
    assert_eq!(setup.to_string(), xfen);
    assert_eq!(setup.dfrc_numbers(), Some((white as u16, black as u16)));
    assert_eq!(setup.chess960_number(), None);
    assert_eq!(parse(shredder), setup);
}

/// X-FEN letters (spec-notes/x-fen.md): `K`/`Q` for the outermost rook on that side of the king,
/// the file letter in the same slot when another rook stands further out. Shredder-FEN: file
/// letters, White first, h-side first.
#[rstest]
// King e1, rooks a1 f1 h1 (the example): rights a1 + f1.
#[case::inner_h_side("4k3/8/8/8/8/8/8/R3KR1R", "FA", "FQ", None)]
#[case::outer_both("4k3/8/8/8/8/8/8/R3KR1R", "HA", "KQ", Some("KQ"))]
#[case::inner_only("4k3/8/8/8/8/8/8/R3KR1R", "F", "F", None)]
#[case::outer_only("4k3/8/8/8/8/8/8/R3KR1R", "H", "K", Some("K"))]
// King g1, rooks a1 b1 h1: the inner a-side rook.
#[case::inner_a_side("4k3/8/8/8/8/8/8/RR4KR", "HB", "KB", None)]
#[case::outer_a_side("4k3/8/8/8/8/8/8/RR4KR", "HA", "KQ", Some("KQ"))]
// Black mirrors White, in lowercase, after White.
#[case::black_inner("r3kr1r/8/8/8/8/8/8/R3K2R", "HAfa", "KQfq", None)]
#[case::black_outer("r3kr1r/8/8/8/8/8/8/R3K2R", "Hh", "Kk", Some("Kk"))]
// Chess960 position 0, BBQNNRKR: both rooks on the h-side of b1... no: king g1, rooks f1 h1.
#[case::position_0("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR", "HFhf", "KQkq", Some("KQkq"))]
// King b1 between a1 and c1, d1: c1 is inner on the h-side.
#[case::king_b1("4k3/8/8/8/8/8/8/RKRR4", "CA", "CQ", None)]
#[case::king_b1_outer("4k3/8/8/8/8/8/8/RKRR4", "DA", "KQ", Some("KQ"))]
fn castling_dialects(#[case] board: &str, #[case] shredder: &str, #[case] xfen: &str, #[case] standard: Option<&str>) {
    let fen = |castling: &str| format!("{board} w {castling} - 0 1");
    let setup = Setup::parse(fen(shredder).as_bytes(), &Dialect::Shredder, Syntax::Strict)
        .unwrap_or_else(|e| panic!("{}: {e}", fen(shredder)));
    assert_eq!(write(&setup, Dialect::XFen), Ok(fen(xfen)));
    assert_eq!(Setup::parse(fen(xfen).as_bytes(), &Dialect::XFen, Syntax::Strict).as_ref(), Ok(&setup));
    assert_eq!(parse(&fen(xfen)), setup);
    match standard {
        Some(text) => assert_eq!(write(&setup, Dialect::Standard), Ok(fen(text))),
        None => assert!(matches!(
            write(&setup, Dialect::Standard),
            Err(WriteError::UnrepresentableCastling { encoding: "standard FEN (KQkq)", .. })
        )),
    }
}

#[test]
fn standard_refuses_an_inner_rook_naming_its_square() {
    let setup = parse("4k3/8/8/8/8/8/8/R3KR1R w FQ - 0 1");
    assert_eq!(
        write(&setup, Dialect::Standard).map_err(|e| e.to_string()),
        Err("the castling right of the rook on f1 cannot be written in standard FEN (KQkq): \
             K and Q only name the outermost rook on each side of the king"
            .to_owned())
    );
}

/// Each validation kind: a setup that has it, and a near twin that does not.
#[rstest]
#[case::empty(Problem::Empty, "8/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/k3K3 w - - 0 1")]
#[case::no_white_king(Problem::MissingKing(White), "4k3/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")]
#[case::no_black_king(Problem::MissingKing(Black), "8/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")]
#[case::two_white_kings(
    Problem::TooManyKings(White),
    "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
    "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
)]
#[case::two_black_kings(
    Problem::TooManyKings(Black),
    "3kk3/8/8/8/8/8/8/4K3 w - - 0 1",
    "3qk3/8/8/8/8/8/8/4K3 w - - 0 1"
)]
#[case::white_pieces(
    Problem::TooManyPieces(White),
    "4k3/8/8/8/QQQQQQQQ/QQQQQQQQ/8/4K3 b - - 0 1",
    "4k3/8/8/8/QQQQQQQ1/QQQQQQQQ/8/4K3 b - - 0 1"
)]
#[case::black_pieces(
    Problem::TooManyPieces(Black),
    "4k3/8/qqqqqqqq/qqqqqqqq/8/8/8/4K3 w - - 0 1",
    "4k3/8/qqqqqqq1/qqqqqqqq/8/8/8/4K3 w - - 0 1"
)]
#[case::white_pawns(
    Problem::TooManyPawns(White),
    "4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1",
    "4k3/8/8/8/N7/PPPPPPPP/8/4K3 w - - 0 1"
)]
#[case::black_pawns(
    Problem::TooManyPawns(Black),
    "4k3/8/pppppppp/p7/8/8/8/4K3 w - - 0 1",
    "4k3/8/pppppppp/n7/8/8/8/4K3 w - - 0 1"
)]
#[case::pawn_rank_8(Problem::PawnsOnBackRank, "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/7P/8/8/8/8/8/4K3 w - - 0 1")]
#[case::pawn_rank_1(Problem::PawnsOnBackRank, "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "4k3/8/8/8/8/8/p7/4K3 w - - 0 1")]
#[case::white_castling_no_king(
    Problem::CastlingWithoutKing(White),
    "4k3/8/8/8/8/8/4K3/R6R w HA - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1"
)]
#[case::black_castling_no_king(
    Problem::CastlingWithoutKing(Black),
    "r6r/4k3/8/8/8/8/8/4K3 w ha - 0 1",
    "r3k2r/8/8/8/8/8/8/4K3 w ha - 0 1"
)]
#[case::white_castling_no_rook(
    Problem::CastlingWithoutRook(White),
    "4k3/8/8/8/8/8/8/4K2R w G - 0 1",
    "4k3/8/8/8/8/8/8/4K1R1 w G - 0 1"
)]
#[case::white_castling_black_rook(
    Problem::CastlingWithoutRook(White),
    "4k3/8/8/8/8/8/8/r3K3 b A - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 b A - 0 1"
)]
#[case::black_castling_no_rook(
    Problem::CastlingWithoutRook(Black),
    "4k2r/8/8/8/8/8/8/4K3 w g - 0 1",
    "4k1r1/8/8/8/8/8/8/4K3 w g - 0 1"
)]
#[case::white_same_side(
    Problem::CastlingSameSide(White),
    "4k3/8/8/8/8/8/8/RR2K3 w BA - 0 1",
    "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1"
)]
#[case::black_same_side(
    Problem::CastlingSameSide(Black),
    "4k1rr/8/8/8/8/8/8/4K3 w hg - 0 1",
    "r3k1r1/8/8/8/8/8/8/4K3 w ga - 0 1"
)]
#[case::three_rights(
    Problem::CastlingSameSide(White),
    "4k3/8/8/8/8/8/8/RR2K2R w HBA - 0 1",
    "4k3/8/8/8/8/8/8/RR2K2R w HA - 0 1"
)]
#[case::ep_wrong_rank(
    Problem::EnPassantWrongRank,
    "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
    "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"
)]
#[case::ep_a1(Problem::EnPassantWrongRank, "4k3/8/8/8/8/8/8/4K3 w - a1 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")]
#[case::ep_no_pawn(
    Problem::EnPassantNoPushedPawn,
    "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
    "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"
)]
#[case::ep_own_pawn(
    Problem::EnPassantNoPushedPawn,
    "4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1",
    "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1"
)]
#[case::ep_square_taken(
    Problem::EnPassantNotEmpty,
    "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1",
    "4k3/8/8/8/4P3/3N4/8/4K3 b - e3 0 1"
)]
#[case::ep_origin_taken(
    Problem::EnPassantNotEmpty,
    "4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1",
    "4k3/8/8/8/4P3/8/3N4/4K3 b - e3 0 1"
)]
#[case::opposite_check(Problem::OppositeCheck, "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "4k3/8/8/8/8/8/8/4RK2 b - - 0 1")]
#[case::three_checkers(
    Problem::TooManyCheckers,
    "4k3/8/3N4/1B6/8/8/8/4RK2 b - - 0 1",
    "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1"
)]
#[case::aligned_checkers(
    Problem::ImpossibleCheck,
    "R3k2R/8/8/8/8/8/8/4K3 b - - 0 1",
    "4k2R/8/8/8/8/8/8/R3K3 b - - 0 1"
)]
#[case::check_before_push(
    Problem::ImpossibleCheck,
    "8/8/8/k6Q/4P3/8/8/4K3 b - e3 0 1",
    "K7/8/8/7B/4P3/8/8/3k4 b - e3 0 1"
)]
#[case::two_checkers_with_ep(
    Problem::ImpossibleCheck,
    "8/8/8/8/3kP3/8/8/K2R4 b - e3 0 1",
    "8/8/8/8/3kP3/8/8/K7 b - e3 0 1"
)]
fn validation_kinds(#[case] problem: Problem, #[case] with: &str, #[case] without: &str) {
    let problems = parse(with).validate();
    assert!(problems.contains(problem), "{with}: {problems:?} lacks {problem:?}");
    assert!(problem.to_string().len() > 10);
    let problems = parse(without).validate();
    assert!(!problems.contains(problem), "{without}: {problems:?} has {problem:?}");
}

#[test]
fn validation_reports_every_problem_at_once() {
    let problems = parse("8/8/8/8/8/8/8/8 w K - 0 1".replace(" K ", " H ").as_str()).validate();
    let expected = [
        Problem::Empty,
        Problem::MissingKing(White),
        Problem::MissingKing(Black),
        Problem::CastlingWithoutKing(White),
        Problem::CastlingWithoutRook(White),
    ];
    assert_eq!(problems.iter().collect::<Vec<_>>(), expected);
    assert_eq!(
        problems.to_string(),
        "the board is empty; White has no king; Black has no king; \
         White has castling rights but no king on rank 1; \
         a castling right of White names a square without a White rook"
    );
}

/// Every parse error: its field, byte offset and sentence.
#[rstest]
#[case::empty("", ParseMode::Auto, "placement field at byte 0: the FEN is empty")]
#[case::blank("   ", ParseMode::Auto, "placement field at byte 3: the FEN is empty")]
#[case::bad_castling_letter(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",
    ParseMode::Auto,
    "castling field at byte 49: 'X' is not a castling letter"
)]
#[case::digit_nine(
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ParseMode::Auto,
    "placement field at byte 18: '9' is not a piece letter, a digit 1-8 or '/'"
)]
#[case::bad_turn(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ParseMode::Auto,
    "turn field at byte 44: 'x' is not 'w' or 'b'"
)]
#[case::long_turn(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
    ParseMode::Auto,
    "turn field at byte 45: 'h' is not a space (the side to move is one letter)"
)]
#[case::no_rook(
    "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
    ParseMode::Auto,
    "castling field at byte 22: 'K' names no rook: White has no rook on its back rank on the h-side of the king"
)]
#[case::no_black_rook(
    "4k2r/8/8/8/8/8/8/4K3 w q - 0 1",
    ParseMode::Auto,
    "castling field at byte 23: 'q' names no rook: Black has no rook on its back rank on the a-side of the king"
)]
#[case::dash_then_letter(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1",
    ParseMode::Auto,
    "castling field at byte 47: 'K' is not a space (the field ends after '-')"
)]
#[case::bad_rank(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    ParseMode::Auto,
    "en passant field at byte 52: '9' is not a rank digit 1-8"
)]
#[case::uppercase_square(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E3 0 1",
    ParseMode::Auto,
    "en passant field at byte 51: 'E' is not a square such as 'e3', or '-'"
)]
#[case::rank_too_long(
    "8/8/8/8/8/8/8/4K3k w - - 0 1",
    ParseMode::Auto,
    "placement field at byte 17: rank 1 has more than 8 squares"
)]
#[case::rank_too_short(
    "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ParseMode::Auto,
    "placement field at byte 16: rank 7 has 7 squares, not 8"
)]
#[case::too_many_ranks(
    "8/8/8/8/8/8/8/8/8 w - - 0 1",
    ParseMode::Auto,
    "placement field at byte 15: there are more than 8 ranks"
)]
#[case::too_few_ranks(
    "8/8/8/8/8/8/8 w - - 0 1",
    ParseMode::Auto,
    "placement field at byte 13: there are 7 ranks, not 8"
)]
#[case::missing_turn(
    "8/8/8/8/8/8/8/8",
    ParseMode::Auto,
    "turn field at byte 15: expected the side to move ('w' or 'b'), found the end of the FEN"
)]
#[case::missing_castling(
    "8/8/8/8/8/8/8/8 w",
    ParseMode::Auto,
    "castling field at byte 17: expected castling rights, found the end of the FEN"
)]
#[case::missing_ep(
    "8/8/8/8/8/8/8/8 w -",
    ParseMode::Auto,
    "en passant field at byte 19: expected an en passant square or '-', found the end of the FEN"
)]
#[case::trailing_text(
    "8/8/8/8/8/8/8/8 w - - 0 1 x",
    ParseMode::Auto,
    "end of the FEN at byte 26: unexpected text after the fullmove number"
)]
#[case::too_large(
    "8/8/8/8/8/8/8/8 w - - 4294967296 1",
    ParseMode::Auto,
    "halfmove clock at byte 22: the number is too large"
)]
#[case::u32_max_is_fine_but_letters_are_not(
    "8/8/8/8/8/8/8/8 w - - 4294967295 1x",
    ParseMode::Auto,
    "fullmove number at byte 34: 'x' is not a digit"
)]
#[case::negative("8/8/8/8/8/8/8/8 w - - -1 1", ParseMode::Auto, "halfmove clock at byte 22: '-' is not a digit")]
#[case::non_ascii(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\u{e9} w KQkq - 0 1",
    ParseMode::Auto,
    "placement field at byte 42: byte 0xC3 is not a piece letter, a digit 1-8 or '/'"
)]
#[case::nul(
    "8/8/8/8/8/8/8/8 w - \0 0 1",
    ParseMode::Auto,
    "en passant field at byte 20: byte 0x00 is not a square such as 'e3', or '-'"
)]
#[case::misplaced_tilde(
    "8/8/8/8/8/8/8/~8 w - - 0 1",
    ParseMode::Auto,
    "placement field at byte 14: '~' must follow a piece letter"
)]
#[case::promoted_king(
    "8/8/8/8/8/8/8/K~7 w - - 0 1",
    ParseMode::Auto,
    "placement field at byte 15: a king cannot be a promoted piece"
)]
#[case::strict_tilde(
    "8/8/8/8/8/8/8/Q~7 w - - 0 1",
    ParseMode::Strict(Dialect::XFen),
    "placement field at byte 15: '~' promoted-piece markers are not allowed in strict FEN"
)]
#[case::strict_digits(
    "8/8/8/8/8/8/8/44 w - - 0 1",
    ParseMode::Strict(Dialect::XFen),
    "placement field at byte 15: two digits in a row (strict FEN writes one digit per run of empty squares)"
)]
#[case::strict_double_space(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1",
    ParseMode::Strict(Dialect::Standard),
    "castling field at byte 46: unexpected whitespace (strict FEN separates the fields with single spaces)"
)]
#[case::strict_tab(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1",
    ParseMode::Strict(Dialect::Standard),
    "turn field at byte 43: unexpected whitespace (strict FEN separates the fields with single spaces)"
)]
#[case::strict_leading_space(
    " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ParseMode::Strict(Dialect::Standard),
    "placement field at byte 0: unexpected whitespace (strict FEN separates the fields with single spaces)"
)]
#[case::strict_trailing_space(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ",
    ParseMode::Strict(Dialect::Standard),
    "end of the FEN at byte 57: unexpected whitespace (strict FEN separates the fields with single spaces)"
)]
#[case::strict_epd(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    ParseMode::Strict(Dialect::Standard),
    "halfmove clock at byte 52: expected the halfmove clock, found the end of the FEN"
)]
#[case::strict_five_fields(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
    ParseMode::Strict(Dialect::Standard),
    "fullmove number at byte 54: expected the fullmove number, found the end of the FEN"
)]
#[case::strict_plus(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +0 1",
    ParseMode::Strict(Dialect::Standard),
    "halfmove clock at byte 53: '+' signs and leading zeros are not allowed in strict FEN"
)]
#[case::strict_leading_zero(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 01",
    ParseMode::Strict(Dialect::Standard),
    "fullmove number at byte 55: '+' signs and leading zeros are not allowed in strict FEN"
)]
#[case::strict_fullmove_zero(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    ParseMode::Strict(Dialect::Standard),
    "fullmove number at byte 55: the fullmove number starts at 1, found 0"
)]
#[case::strict_shredder_rejects_kqkq(
    START,
    ParseMode::Strict(Dialect::Shredder),
    "castling field at byte 46: not canonical Shredder-FEN (expected 'HAha')"
)]
#[case::strict_shredder_rejects_seed_order(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
    ParseMode::Strict(Dialect::Shredder),
    "castling field at byte 46: not canonical Shredder-FEN (expected 'HAha')"
)]
#[case::strict_standard_rejects_letters(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    ParseMode::Strict(Dialect::Standard),
    "castling field at byte 46: not canonical standard FEN (KQkq) (expected 'KQkq')"
)]
#[case::strict_standard_rejects_inner_rooks(
    "4k3/8/8/8/8/8/8/R3KR1R w FQ - 0 1",
    ParseMode::Strict(Dialect::Standard),
    "castling field at byte 25: the castling right of the rook on f1 cannot be written in standard FEN (KQkq): \
     K and Q only name the outermost rook on each side of the king"
)]
#[case::strict_xfen_rejects_needless_letter(
    "4k3/8/8/8/8/8/8/R3KR1R w HA - 0 1",
    ParseMode::Strict(Dialect::XFen),
    "castling field at byte 25: not canonical X-FEN (expected 'KQ')"
)]
#[case::strict_xfen_rejects_order(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1",
    ParseMode::Strict(Dialect::XFen),
    "castling field at byte 46: not canonical X-FEN (expected 'KQkq')"
)]
#[case::strict_xfen_rejects_duplicates(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1",
    ParseMode::Strict(Dialect::XFen),
    "castling field at byte 46: not canonical X-FEN (expected 'KQkq')"
)]
fn parse_errors(#[case] fen: &str, #[case] mode: ParseMode, #[case] message: &str) {
    let err = Setup::from_ascii_with(fen.as_bytes(), mode).expect_err(fen);
    assert_eq!(err.to_string(), message);
    assert!(err.offset <= fen.len());
}

/// The leniency policy of spec-notes/leniency.md: what Auto accepts and what it reads, and that
/// strict modes refuse the same text.
#[rstest]
#[case::epd_four_fields("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", START)]
#[case::five_fields(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1"
)]
#[case::fullmove_zero("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", START)]
#[case::whitespace("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w   KQkq - 0\t1 \r\n", START)]
#[case::plus_sign(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +3 +9",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9"
)]
#[case::leading_zeros(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 007 010",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 10"
)]
#[case::duplicates("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkqq - 0 1", START)]
#[case::same_rook_twice("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KHQAkq - 0 1", START)]
#[case::out_of_order("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1", START)]
#[case::seed_shredder_order("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1", START)]
#[case::mixed("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAkq - 0 1", START)]
#[case::promoted_marker("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w KQkq - 0 1", START)]
#[case::consecutive_digits("rnbqkbnr/pppppppp/44/8/8/251/PPPPPPPP/RNBQKBNR w KQkq - 0 1", START)]
#[case::ep_any_square(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1"
)]
fn auto_leniency(#[case] input: &str, #[case] canonical: &str) {
    let setup = parse(input);
    assert_eq!(setup.to_string(), canonical);
    if input != canonical {
        for dialect in [Dialect::Standard, Dialect::Shredder, Dialect::XFen] {
            assert!(
                Setup::from_ascii_with(input.as_bytes(), ParseMode::Strict(dialect)).is_err(),
                "{dialect}: {input}"
            );
        }
    }
}

#[rstest]
#[case::uppercase_turn("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1")]
#[case::three_fields("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq")]
#[case::seven_fields("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0")]
#[case::king_side_without_rook("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1")]
#[case::zero_digit("rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")]
#[case::underscore("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1")]
#[case::python_underscore_number("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1_0 1")]
fn auto_refuses(#[case] input: &str) {
    assert!(Setup::from_ascii(input.as_bytes()).is_err(), "{input}");
}

#[test]
fn display_is_xfen_and_from_str_reads_any_dialect() {
    let setup = chess960::start_position(0).expect("in range");
    assert_eq!(setup.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    assert_eq!(parse("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"), setup);
}

#[test]
fn writers_accept_any_output() {
    let setup = Setup::standard();
    let mut text = String::from("> ");
    setup.write_fen(&mut text, &Dialect::Shredder, EnPassantMode::AsIs).expect("writable");
    assert_eq!(text, "> rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    let mut bytes = Vec::new();
    setup.write_fen_io(&mut bytes, &chessfen::Standard, EnPassantMode::Legal).expect("writable");
    assert_eq!(bytes, START.as_bytes());
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_fen_string() {
    let setup = chess960::start_position(0).expect("in range");
    let json = serde_json::to_string(&setup).expect("serializable");
    assert_eq!(json, "\"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"");
    let back: Setup =
        serde_json::from_str("\"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"").expect("FEN");
    assert_eq!(back, setup);
    let err = serde_json::from_str::<Setup>("\"8/8 w - - 0 1\"").expect_err("bad FEN");
    assert!(err.to_string().contains("placement field at byte 3"), "{err}");
}
