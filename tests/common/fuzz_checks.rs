//! The checks the fuzz targets run, shared with `tests/regressions.rs` (which replays the
//! committed corpora through them) so that CI exercises every fuzz finding with plain
//! `cargo test`, without a nightly toolchain or cargo-fuzz.
//!
//! Included with `#[path]` by `fuzz/fuzz_targets/*.rs` and `tests/regressions.rs`; it depends
//! only on `chessfen` and `std`. Every check panics (assert) on a violated property, which is
//! what libFuzzer reports as a crash.
//!
//! The expected values never come from the code under test alone: the text checks compare
//! our parser with [`reference_parse`], a deliberately naive second reader of the leniency
//! rules of `spec-notes/leniency.md`; the other checks compare our functions with each other
//! (write then read, one dialect against another) or with rules stated in `spec-notes/`.

#![allow(dead_code)]

use chessfen::{
    Auto, CastlingRights, Color, Dialect, EnPassantMode, File, ParseError, ParseErrorKind, ParseMode, Piece, Problem,
    Rank, Role, Setup, Square, Syntax, WriteError, chess960,
};

/// Every dialect.
pub const DIALECTS: [Dialect; 3] = [Dialect::Standard, Dialect::Shredder, Dialect::XFen];

/// Every en passant write policy.
pub const EP_MODES: [EnPassantMode; 3] = [EnPassantMode::AsIs, EnPassantMode::Legal, EnPassantMode::PseudoLegal];

/// Longest input the text checks look at: a FEN is at most ~115 bytes, and anything longer
/// than this only repeats the same paths more slowly (the parse itself is still run on the
/// whole input).
const ORACLE_LIMIT: usize = 4096;

// ---------------------------------------------------------------------------------------------
// The reference reader.
// ---------------------------------------------------------------------------------------------

/// A setup as read by [`reference_parse`]: plain arrays, no bitboards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefSetup {
    /// The piece letter on each square, a1 first.
    pub squares: [Option<u8>; 64],
    /// `b'w'` or `b'b'`.
    pub turn: u8,
    /// The castling rook squares (indices 0..64).
    pub castling: Vec<usize>,
    /// The en passant square index.
    pub ep: Option<usize>,
    /// The halfmove clock.
    pub halfmoves: u32,
    /// The fullmove number (0 read as 1).
    pub fullmoves: u32,
}

fn is_piece_letter(b: u8) -> bool {
    b"PNBRQKpnbrqk".contains(&b)
}

/// The back-rank square of `color`'s king (the highest file if several), by scanning letters.
fn ref_king_file(squares: &[Option<u8>; 64], white: bool) -> Option<usize> {
    let (rank, king) = if white { (0, b'K') } else { (7, b'k') };
    (0..8).rev().find(|&f| squares[rank * 8 + f] == Some(king))
}

/// The outermost rook of a colour on its back rank on one side of its king (any rook on the
/// rank when there is no king there), by scanning letters: what `K`/`Q` name (x-fen.md).
pub fn ref_outermost(squares: &[Option<u8>; 64], white: bool, h_side: bool) -> Option<usize> {
    let (rank, rook) = if white { (0, b'R') } else { (7, b'r') };
    let king = ref_king_file(squares, white);
    let files: Vec<usize> = (0..8).filter(|&f| squares[rank * 8 + f] == Some(rook)).collect();
    let pick = if h_side { files.last() } else { files.first() }.copied()?;
    let beyond = match king {
        None => true,
        Some(k) => (h_side && pick > k) || (!h_side && pick < k),
    };
    beyond.then_some(rank * 8 + pick)
}

fn ref_number(field: &[u8]) -> Option<u32> {
    // `u32::from_str` accepts exactly one optional `+` and ASCII digits, leading zeros too,
    // and refuses anything above u32::MAX: the lenient rules of leniency.md.
    std::str::from_utf8(field).ok()?.parse::<u32>().ok()
}

/// A second, deliberately simple reader of the lenient (Auto) syntax of leniency.md: split on
/// ASCII whitespace, 4 to 6 fields, each field checked on its own. `None` if it refuses.
/// It follows leniency.md as of its writing; a policy change there must be made here too.
pub fn reference_parse(input: &[u8]) -> Option<RefSetup> {
    let fields: Vec<&[u8]> = input.split(|b| b.is_ascii_whitespace()).filter(|f| !f.is_empty()).collect();
    if !(4..=6).contains(&fields.len()) {
        return None;
    }
    // Placement: exactly 8 ranks of exactly 8 squares, digits 1-8 (runs allowed), `~` only
    // right after a piece letter.
    let ranks: Vec<&[u8]> = fields[0].split(|&b| b == b'/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut squares = [None; 64];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut cells: Vec<Option<u8>> = Vec::new();
        // Whether a `~` may follow: right after a piece letter other than a king (a king is
        // never a promoted piece).
        let mut promotable = false;
        for &b in *rank_text {
            if is_piece_letter(b) {
                cells.push(Some(b));
                promotable = !b.eq_ignore_ascii_case(&b'k');
            } else if (b'1'..=b'8').contains(&b) {
                cells.extend(std::iter::repeat_n(None, usize::from(b - b'0')));
                promotable = false;
            } else if b == b'~' && promotable {
                promotable = false;
            } else {
                return None;
            }
            if cells.len() > 8 {
                return None;
            }
        }
        if cells.len() != 8 {
            return None;
        }
        for (file, cell) in cells.into_iter().enumerate() {
            squares[rank * 8 + file] = cell;
        }
    }
    let turn = match fields[1] {
        b"w" => b'w',
        b"b" => b'b',
        _ => return None,
    };
    let mut castling = Vec::new();
    if fields[2] != b"-" {
        for &b in fields[2] {
            let white = b.is_ascii_uppercase();
            let sq = match b.to_ascii_lowercase() {
                b'k' => ref_outermost(&squares, white, true)?,
                b'q' => ref_outermost(&squares, white, false)?,
                f @ b'a'..=b'h' => usize::from(f - b'a') + if white { 0 } else { 56 },
                _ => return None,
            };
            if !castling.contains(&sq) {
                castling.push(sq);
            }
        }
        castling.sort_unstable();
    }
    let ep = match fields[3] {
        b"-" => None,
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(usize::from(r - b'1') * 8 + usize::from(f - b'a')),
        _ => return None,
    };
    let halfmoves = match fields.get(4) {
        Some(f) => ref_number(f)?,
        None => 0,
    };
    let fullmoves = match fields.get(5) {
        Some(f) => ref_number(f)?.max(1),
        None => 1,
    };
    Some(RefSetup { squares, turn, castling, ep, halfmoves, fullmoves })
}

/// Our setup in the reference's plain form.
pub fn to_ref(setup: &Setup) -> RefSetup {
    let mut squares = [None; 64];
    for (sq, piece) in setup.board.pieces() {
        squares[sq.index()] = Some(piece.char() as u8);
    }
    RefSetup {
        squares,
        turn: setup.turn.char() as u8,
        castling: setup.castling.squares().into_iter().map(Square::index).collect(),
        ep: setup.ep_square.map(Square::index),
        halfmoves: setup.halfmoves,
        fullmoves: setup.fullmoves,
    }
}

// ---------------------------------------------------------------------------------------------
// Invariants of one setup.
// ---------------------------------------------------------------------------------------------

/// The board's two views (mailbox and bitboards) agree, and castling rights are on back ranks.
pub fn check_consistent(setup: &Setup) {
    let board = &setup.board;
    let mut count = 0;
    for sq in Square::ALL {
        let on = board.piece_at(sq);
        for piece in Piece::ALL {
            assert_eq!(board.by_piece(piece).contains(sq), on == Some(piece), "{sq}: bitboard and mailbox disagree");
        }
        assert_eq!(board.mailbox()[sq.index()], on);
        count += usize::from(on.is_some());
    }
    assert_eq!(board.occupied().count() as usize, count);
    for sq in setup.castling.squares() {
        assert!(matches!(sq.rank(), Rank::First | Rank::Eighth), "castling right off the back ranks: {sq}");
    }
}

fn with_ep(setup: &Setup, ep_square: Option<Square>) -> Setup {
    Setup { ep_square, ..setup.clone() }
}

fn fixed_fullmoves(setup: &Setup) -> Setup {
    Setup { fullmoves: setup.fullmoves.max(1), ..setup.clone() }
}

/// Whether every castling right is the outermost rook on its side of a king on the back rank
/// (the only rights `KQkq` can name, x-fen.md: without that king a right has no side), judged
/// by the reference's own scan.
pub fn standard_can_write(setup: &Setup) -> bool {
    let squares = to_ref(setup).squares;
    setup.castling.squares().into_iter().all(|sq| {
        let white = sq.rank() == Rank::First;
        ref_king_file(&squares, white).is_some()
            && [true, false].iter().any(|&h| ref_outermost(&squares, white, h) == Some(sq.index()))
    })
}

/// Whether X-FEN writes a `K`/`Q` letter for no right of a colour without a king on its back
/// rank (such rights have no side; x-fen.md: written as file letters).
pub fn xfen_letters_have_a_side(setup: &Setup, xfen: &str) -> bool {
    let squares = to_ref(setup).squares;
    let field = xfen.split(' ').nth(2).unwrap_or("-");
    field.bytes().all(|b| {
        !matches!(b.to_ascii_lowercase(), b'k' | b'q') || ref_king_file(&squares, b.is_ascii_uppercase()).is_some()
    })
}

/// Writes `setup` in every dialect with every en passant policy and reads each text back
/// (strictly in that dialect, and in Auto): the setup must come back unchanged (with the
/// written ep square). Also: Shredder → X-FEN → Shredder is the identity on text, the
/// `Display`/`write_fen`/`write_fen_io` paths agree with `to_fen`, and a setup `KQkq` can
/// write is written identically by X-FEN.
pub fn check_roundtrip(setup: &Setup) {
    check_consistent(setup);
    for dialect in DIALECTS {
        for mode in EP_MODES {
            let written = match setup.to_fen(&dialect, mode) {
                Ok(fen) => fen,
                Err(e) => {
                    assert_eq!(dialect, Dialect::Standard, "{dialect} refused to write {setup:?}: {e}");
                    assert!(matches!(e, WriteError::UnrepresentableCastling { .. }), "unexpected error {e:?}");
                    assert!(!standard_can_write(setup), "KQkq refused rights it can name: {setup:?}");
                    continue;
                }
            };
            let text = written.as_bytes();
            assert_eq!(written.as_str().as_bytes(), text);
            assert!(text.iter().all(|b| b.is_ascii_graphic() || *b == b' '), "non-ASCII output {written:?}");
            assert_eq!(text.split(|&b| b == b' ').count(), 6, "not six fields: {written:?}");
            assert!(text.split(|&b| b == b' ').all(|f| !f.is_empty()), "empty field: {written:?}");
            if dialect == Dialect::Standard && mode == EnPassantMode::AsIs {
                assert!(standard_can_write(setup), "KQkq wrote rights it cannot name: {written:?}");
            }
            let expected = with_ep(setup, setup.ep_square_for(mode));
            let strict = Setup::parse(text, &dialect, Syntax::Strict);
            if setup.fullmoves == 0 {
                // Not a value any parse produces; strict reading refuses the `0` it writes.
                let e = strict.expect_err("strict accepted fullmove 0");
                assert_eq!(e.kind, ParseErrorKind::FullmoveZero);
            } else {
                let back = strict.unwrap_or_else(|e| panic!("strict {dialect} refused our own {written:?}: {e}"));
                assert_eq!(back, expected, "strict {dialect} changed {written:?}");
                let again = back.to_fen(&dialect, EnPassantMode::AsIs).expect("rewrite");
                assert_eq!(again.as_bytes(), text, "strict parse → write is not the identity");
            }
            let auto = Setup::from_ascii(text).unwrap_or_else(|e| panic!("Auto refused our own {written:?}: {e}"));
            assert_eq!(auto, fixed_fullmoves(&expected), "Auto changed {written:?}");
            assert_eq!(Setup::from_ascii_with(text, ParseMode::Auto), Ok(auto));
        }
    }
    let xfen = setup.to_fen(&Dialect::XFen, EnPassantMode::AsIs).expect("X-FEN writes any rights");
    assert!(xfen_letters_have_a_side(setup, &xfen), "K/Q written for a colour with no king on its back rank: {xfen}");
    if let Ok(standard) = setup.to_fen(&Dialect::Standard, EnPassantMode::AsIs) {
        assert_eq!(standard, xfen, "X-FEN must write KQkq wherever KQkq can");
    }
    assert_eq!(setup.to_string(), xfen.as_str());
    let mut s = String::from("junk");
    s.clear();
    setup.write_fen(&mut s, &Dialect::XFen, EnPassantMode::AsIs).expect("write_fen");
    assert_eq!(s, xfen.as_str());
    let mut v = Vec::new();
    setup.write_fen_io(&mut v, &Dialect::XFen, EnPassantMode::AsIs).expect("write_fen_io");
    assert_eq!(v, xfen.as_bytes());
    if setup.fullmoves > 0 {
        check_shredder_xfen_shredder(setup.to_fen(&Dialect::Shredder, EnPassantMode::AsIs).unwrap().as_bytes());
    }
}

/// Shredder text → X-FEN text → Shredder text is the identity (text level).
pub fn check_shredder_xfen_shredder(shredder: &[u8]) {
    let a = Setup::parse(shredder, &Dialect::Shredder, Syntax::Strict).expect("canonical Shredder-FEN");
    let x = a.to_fen(&Dialect::XFen, EnPassantMode::AsIs).expect("X-FEN writes any rights");
    let b = Setup::parse(x.as_bytes(), &Dialect::XFen, Syntax::Strict).expect("canonical X-FEN");
    let back = b.to_fen(&Dialect::Shredder, EnPassantMode::AsIs).expect("Shredder writes any rights");
    assert_eq!(back.as_bytes(), shredder, "Shredder → X-FEN ({x}) → Shredder changed the text");
}

/// Validation: the verdict is a function of the position alone (unchanged by writing it in
/// any dialect and reading it back), the en passant policies nest (Legal ⊆ PseudoLegal ⊆
/// AsIs), the simple problem kinds match a count of the pieces (validation.md), and the
/// Chess960/DFRC recognisers agree with the generators.
pub fn check_validate(setup: &Setup) {
    check_consistent(setup);
    let problems = setup.validate();
    assert_eq!(setup.is_valid(), problems.is_empty());
    assert_eq!(problems.iter().count(), problems.len());
    assert_eq!(problems.iter().collect::<chessfen::Problems>(), problems);

    // Legal ⊆ PseudoLegal ⊆ AsIs.
    let legal = setup.ep_square_for(EnPassantMode::Legal);
    let pseudo = setup.ep_square_for(EnPassantMode::PseudoLegal);
    assert_eq!(setup.ep_square_for(EnPassantMode::AsIs), setup.ep_square);
    assert_eq!(legal.is_some(), setup.has_legal_ep());
    assert_eq!(pseudo.is_some(), setup.has_pseudo_legal_ep());
    assert!(legal.is_none() || legal == pseudo, "Legal ep without PseudoLegal ep: {setup:?}");
    assert!(pseudo.is_none() || pseudo == setup.ep_square);
    let capturers = setup.ep_capturers();
    assert!((capturers - setup.board.by_piece(Role::Pawn.of(setup.turn))).is_empty());

    // Problems that are plain piece counts (validation.md table).
    let board = &setup.board;
    let count = |f: &dyn Fn(Piece) -> bool| board.pieces().filter(|&(_, p)| f(p)).count();
    assert_eq!(problems.contains(Problem::Empty), count(&|_| true) == 0);
    for color in [Color::White, Color::Black] {
        let kings = count(&|p| p == Role::King.of(color));
        assert_eq!(problems.contains(Problem::MissingKing(color)), kings == 0);
        assert_eq!(problems.contains(Problem::TooManyKings(color)), kings > 1);
        assert_eq!(problems.contains(Problem::TooManyPieces(color)), count(&|p| p.color == color) > 16);
        assert_eq!(problems.contains(Problem::TooManyPawns(color)), count(&|p| p == Role::Pawn.of(color)) > 8);
        if setup.castling.of(color).is_empty() {
            assert!(!problems.iter().any(|p| p.is_castling() && castling_color(p) == Some(color)));
        }
    }
    let pawn_on_back =
        board.pieces().any(|(sq, p)| p.role == Role::Pawn && matches!(sq.rank(), Rank::First | Rank::Eighth));
    assert_eq!(problems.contains(Problem::PawnsOnBackRank), pawn_on_back);
    if setup.ep_square.is_none() {
        assert!(!problems.iter().any(Problem::is_en_passant));
    }
    // A valid setup's en passant square is on the rank the last double push crossed.
    if let (true, Some(ep)) = (problems.is_empty(), setup.ep_square) {
        let rank = if setup.turn == Color::White { Rank::Sixth } else { Rank::Third };
        assert_eq!(ep.rank(), rank);
    }

    // The verdict survives re-encoding.
    for dialect in DIALECTS {
        if let Ok(fen) = setup.to_fen(&dialect, EnPassantMode::AsIs) {
            let back = Setup::from_ascii(fen.as_bytes()).expect("Auto reads our output");
            assert_eq!(back.validate(), problems, "validation changed by writing {fen}");
            assert_eq!(back.has_legal_ep(), setup.has_legal_ep());
            assert_eq!(back.has_pseudo_legal_ep(), setup.has_pseudo_legal_ep());
        }
    }

    // Chess960 / DFRC recognisers against the generators.
    match setup.dfrc_numbers() {
        Some((w, b)) => {
            let start = chess960::dfrc_start_position(u32::from(w), u32::from(b)).expect("in range");
            assert_eq!(Setup { halfmoves: setup.halfmoves, fullmoves: setup.fullmoves, ..start }, *setup);
            assert!(problems.is_empty(), "a DFRC start position is valid");
            assert_eq!(setup.chess960_number(), (w == b).then_some(w));
        }
        None => assert_eq!(setup.chess960_number(), None),
    }
}

fn castling_color(p: Problem) -> Option<Color> {
    match p {
        Problem::CastlingWithoutKing(c) | Problem::CastlingWithoutRook(c) | Problem::CastlingSameSide(c) => Some(c),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Text input.
// ---------------------------------------------------------------------------------------------

/// Parses `input` in every mode (Auto; each dialect strict and lenient; Auto castling with
/// strict syntax), checking that nothing panics, errors point inside the input, every mode
/// accepts a subset of what Auto accepts and reads the same position, strict parse → write is
/// the byte identity, and Auto agrees with [`reference_parse`] on what it accepts and on the
/// position it reads. Returns Auto's reading.
pub fn check_parse(input: &[u8]) -> Option<Setup> {
    let auto = Setup::from_ascii(input);
    assert_eq!(Setup::from_ascii_with(input, ParseMode::Auto), auto);
    if let Ok(s) = std::str::from_utf8(input) {
        assert_eq!(s.parse::<Setup>(), auto);
    }
    let mut results =
        vec![(None, Syntax::Lenient, auto.clone()), (None, Syntax::Strict, Setup::parse(input, &Auto, Syntax::Strict))];
    for dialect in DIALECTS {
        for syntax in [Syntax::Lenient, Syntax::Strict] {
            results.push((Some(dialect), syntax, Setup::parse(input, &dialect, syntax)));
        }
        assert_eq!(
            Setup::from_ascii_with(input, ParseMode::Strict(dialect)),
            Setup::parse(input, &dialect, Syntax::Strict)
        );
    }
    for (dialect, syntax, result) in &results {
        match result {
            Err(e) => check_error_offset(input, e),
            Ok(setup) => {
                check_consistent(setup);
                assert!(setup.fullmoves >= 1, "a parse produced fullmove 0");
                assert_eq!(
                    auto.as_ref().ok(),
                    Some(setup),
                    "{dialect:?}/{syntax:?} accepted what Auto reads otherwise"
                );
                if let (Some(d), Syntax::Strict) = (dialect, syntax) {
                    let fen = setup.to_fen(d, EnPassantMode::AsIs).expect("strict input is writable");
                    assert_eq!(fen.as_bytes(), input, "strict {d} parse → write is not the identity");
                }
            }
        }
    }
    // Only ASCII parses (the CLI checks UTF-8 only for lines that fail to parse).
    if auto.is_ok() {
        assert!(input.is_ascii(), "a non-ASCII input parsed: {:?}", input.escape_ascii().to_string());
    }
    // Strict(d) accepts exactly the canonical text of what Auto reads.
    if let Ok(setup) = &auto {
        for dialect in DIALECTS {
            let canonical = setup.to_fen(&dialect, EnPassantMode::AsIs).is_ok_and(|f| f.as_bytes() == input);
            assert_eq!(
                Setup::parse(input, &dialect, Syntax::Strict).is_ok(),
                canonical,
                "strict {dialect} and its writer disagree on {:?}",
                String::from_utf8_lossy(input)
            );
        }
    }
    if input.len() <= ORACLE_LIMIT {
        let reference = reference_parse(input);
        match (&auto, &reference) {
            (Ok(setup), Some(r)) => assert_eq!(&to_ref(setup), r, "Auto and the reference read different positions"),
            (Ok(setup), None) => panic!("Auto accepted what the reference refuses: {setup:?}"),
            (Err(e), Some(_)) => panic!("Auto refused what the reference accepts: {e}"),
            (Err(_), None) => {}
        }
    }
    auto.ok()
}

/// A parse error points at the byte it names: the offset is inside the input (or at its
/// end for a missing field), and the byte there is the one the error is about.
pub fn check_error_offset(input: &[u8], e: &ParseError) {
    use ParseErrorKind as K;
    use chessfen::CastlingErrorKind as C;
    let at = input.get(e.offset).copied();
    let ws = |b: Option<u8>| b.is_none_or(|b| b.is_ascii_whitespace());
    assert!(e.offset <= input.len(), "error offset {} past the end ({}): {e}", e.offset, input.len());
    assert!(!e.to_string().is_empty());
    let ok = match &e.kind {
        K::Empty => input.iter().all(u8::is_ascii_whitespace),
        K::UnexpectedEnd { .. } => e.offset == input.len(),
        K::UnexpectedByte { found, .. } => at == Some(*found),
        K::Whitespace => ws(at),
        K::RankTooLong { .. } => at.is_some_and(|b| b.is_ascii_alphanumeric()),
        K::RankTooShort { .. } | K::TooFewRanks { .. } => at == Some(b'/') || ws(at),
        K::TooManyRanks => at == Some(b'/'),
        K::ConsecutiveDigits => at.is_some_and(|b| b.is_ascii_digit()) && input[e.offset - 1].is_ascii_digit(),
        K::MisplacedPromotedMarker | K::PromotedMarker => at == Some(b'~'),
        K::NumberTooLarge => at.is_some_and(|b| b == b'+' || b.is_ascii_digit()),
        K::NonCanonicalNumber => at == Some(b'+') || at == Some(b'0'),
        K::FullmoveZero => at == Some(b'0'),
        K::TrailingText => !ws(at),
        K::Castling(C::InvalidLetter(b) | C::NoRook(b)) => at == Some(*b),
        K::Castling(_) => e.offset > 0 && input[e.offset - 1].is_ascii_whitespace() && !ws(at),
        _ => true,
    };
    assert!(ok, "error offset {} does not point at what it names ({:?}): {e}", e.offset, at.map(char::from));
}

// ---------------------------------------------------------------------------------------------
// Structured input: a setup from arbitrary bytes.
// ---------------------------------------------------------------------------------------------

/// Builds an arbitrary (usually invalid) setup from bytes: a 12-byte header (turn, castling
/// bits of rank 1 and rank 8, en passant square (≥ 64: none), halfmoves, fullmoves), then
/// (square, piece) pairs (square mod 64, piece mod 13: 12 clears the square). Missing bytes
/// read as 0.
pub fn setup_from_bytes(data: &[u8]) -> Setup {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let word = |i: usize| u32::from_le_bytes([byte(i), byte(i + 1), byte(i + 2), byte(i + 3)]);
    let mut setup = Setup::empty();
    setup.turn = Color::from_white(byte(0) & 1 == 0);
    let bits = u64::from(byte(1)) | u64::from(byte(2)) << 56;
    setup.castling = CastlingRights::from_bitboard(chessfen::Bitboard(bits)).expect("back ranks only");
    setup.ep_square = Square::new(u32::from(byte(3)));
    setup.halfmoves = word(4);
    setup.fullmoves = word(8);
    for pair in data.get(12..).unwrap_or_default().chunks_exact(2) {
        let sq = Square::ALL[usize::from(pair[0] & 63)];
        setup.board.set_piece_at(sq, Piece::ALL.get(usize::from(pair[1] % 13)).copied());
    }
    setup
}

// ---------------------------------------------------------------------------------------------
// Chess960 numbers.
// ---------------------------------------------------------------------------------------------

/// Whether a back rank (a-file first) obeys the Chess960 rules (scharnagl.md): two bishops
/// on squares of opposite colours, two knights, one queen, the king between two rooks.
pub fn is_chess960_rank(rank: &[Role; 8]) -> bool {
    let files = |role: Role| (0..8).filter(|&f| rank[f] == role).collect::<Vec<_>>();
    let (b, n, q, k, r) =
        (files(Role::Bishop), files(Role::Knight), files(Role::Queen), files(Role::King), files(Role::Rook));
    b.len() == 2
        && b[0] % 2 != b[1] % 2
        && n.len() == 2
        && q.len() == 1
        && k.len() == 1
        && r.len() == 2
        && r[0] < k[0]
        && k[0] < r[1]
}

/// The `chess960` functions on arbitrary integers and an arbitrary back rank.
pub fn check_chess960(n: u32, m: u32, rank: [Role; 8]) {
    let in_range = |x: u32| x < 960;
    match chess960::back_rank(n) {
        Ok(roles) => {
            assert!(in_range(n));
            assert!(is_chess960_rank(&roles), "back_rank({n}) = {roles:?} breaks the Chess960 rules");
            assert_eq!(chess960::number_of_back_rank(&roles), Some(n as u16));
        }
        Err(e) => {
            assert!(!in_range(n));
            assert_eq!(e.0, n);
            assert!(!e.to_string().is_empty());
        }
    }
    match chess960::start_position(n) {
        Ok(setup) => {
            assert!(in_range(n));
            assert_eq!(setup.chess960_number(), Some(n as u16));
            assert_eq!(setup.dfrc_numbers(), Some((n as u16, n as u16)));
            let roles = chess960::back_rank(n).unwrap();
            for (file, role) in File::ALL.into_iter().zip(roles) {
                assert_eq!(setup.board.piece_at(Square::from_coords(file, Rank::First)), Some(role.of(Color::White)));
                assert_eq!(setup.board.piece_at(Square::from_coords(file, Rank::Eighth)), Some(role.of(Color::Black)));
            }
            assert!(setup.validate().is_empty());
            check_roundtrip(&setup);
        }
        Err(e) => {
            assert!(!in_range(n));
            assert_eq!(e.0, n);
        }
    }
    match chess960::dfrc_start_position(n, m) {
        Ok(setup) => {
            assert!(in_range(n) && in_range(m));
            assert_eq!(setup.dfrc_numbers(), Some((n as u16, m as u16)));
            assert_eq!(setup.chess960_number(), (n == m).then_some(n as u16));
            assert!(setup.validate().is_empty());
            // Every DFRC start position writes KQkq in X-FEN and Standard (x-fen.md).
            let fen = setup.to_fen(&Dialect::Standard, EnPassantMode::AsIs).expect("outermost rooks");
            assert_eq!(fen.split(' ').nth(2), Some("KQkq"));
        }
        Err(e) => {
            assert!(!(in_range(n) && in_range(m)));
            assert!((e.0 == n && !in_range(n)) || (e.0 == m && !in_range(m)));
        }
    }
    match chess960::number_of_back_rank(&rank) {
        Some(k) => {
            assert!(is_chess960_rank(&rank), "{rank:?} numbered {k} but breaks the rules");
            assert_eq!(chess960::back_rank(u32::from(k)), Ok(rank));
        }
        None => assert!(!is_chess960_rank(&rank), "{rank:?} obeys the rules but has no number"),
    }
}

/// Reads (n, m, back rank) from bytes: two little-endian u32 and 8 role bytes (mod 6).
pub fn chess960_input(data: &[u8]) -> (u32, u32, [Role; 8]) {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let word = |i: usize| u32::from_le_bytes([byte(i), byte(i + 1), byte(i + 2), byte(i + 3)]);
    let rank = std::array::from_fn(|f| Role::ALL[usize::from(byte(8 + f)) % 6]);
    (word(0), word(4), rank)
}

/// What each fuzz target runs on one input.
pub fn fuzz_parse(data: &[u8]) {
    check_parse(data);
}

/// Parse in every mode, then the full write/read round trip of what Auto read.
pub fn fuzz_roundtrip(data: &[u8]) {
    if let Some(setup) = check_parse(data) {
        check_roundtrip(&setup);
        check_validate(&setup);
    }
}

/// An arbitrary setup: validation, and the round trip of arbitrary (invalid) setups.
pub fn fuzz_validate(data: &[u8]) {
    let setup = setup_from_bytes(data);
    check_validate(&setup);
    check_roundtrip(&setup);
}

/// The chess960 number functions on arbitrary integers.
pub fn fuzz_chess960(data: &[u8]) {
    let (n, m, rank) = chess960_input(data);
    check_chess960(n, m, rank);
}
