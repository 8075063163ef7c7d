//! Property tests over generated positions.
//!
//! Expected values never come from our own output: properties compare our functions with
//! each other (write then read, one dialect against another, one policy against another),
//! with a second naive reader (`fuzz_checks::reference_parse`), with shakmaty, or with rules
//! stated in `spec-notes/`.
//!
//! Generators: `valid_setup()` constructs positions that pass validation (kings, castling
//! rights on a rook beside the king on the back rank, inner rooks included, as in Chess960 and
//! DFRC, en passant squares behind a pawn that just made a double push, capturers beside it),
//! filtered by `validate()` for the checks it does not construct away; `any_setup()` makes
//! arbitrary, mostly invalid setups (random pieces, rights on any back-rank square, en passant
//! on any square).

#[path = "common/fuzz_checks.rs"]
mod fuzz_checks;

use std::collections::HashSet;
use std::time::Instant;

use chessfen::{
    Bitboard, CastlingRights, Color, Dialect, EnPassantMode, File, Piece, Rank, Role, Setup, Square, Syntax, chess960,
};
use proptest::prelude::*;
use proptest::sample::Index;
use strum::IntoEnumIterator;

// ---------------------------------------------------------------------------------------------
// Generators.
// ---------------------------------------------------------------------------------------------

/// One side's back rank: where the king stands, which files hold rooks, which rights.
#[derive(Clone, Debug)]
struct SideSpec {
    king_file: u8,
    king_on_back_rank: bool,
    king_elsewhere: u8,
    rook_files: u8,
    a_right: Option<Index>,
    h_right: Option<Index>,
    others: Vec<u8>,
}

#[derive(Clone, Debug)]
struct PosSpec {
    white: SideSpec,
    black: SideSpec,
    turn: Color,
    /// (file, which neighbours hold a capturing pawn: bit 0 left, bit 1 right).
    ep: Option<(u8, u8)>,
    pieces: Vec<(u8, u8)>,
    halfmoves: u32,
    fullmoves: u32,
}

fn side_spec() -> impl Strategy<Value = SideSpec> {
    (
        0u8..8,
        prop::bool::weighted(0.85),
        8u8..56,
        any::<u8>(),
        prop::option::weighted(0.7, any::<Index>()),
        prop::option::weighted(0.7, any::<Index>()),
        prop::collection::vec(0u8..6, 8),
    )
        .prop_map(|(king_file, king_on_back_rank, king_elsewhere, rook_files, a_right, h_right, others)| {
            SideSpec { king_file, king_on_back_rank, king_elsewhere, rook_files, a_right, h_right, others }
        })
}

fn pos_spec() -> impl Strategy<Value = PosSpec> {
    (
        side_spec(),
        side_spec(),
        any::<bool>(),
        prop::option::weighted(0.5, (0u8..8, 0u8..4)),
        prop::collection::vec((8u8..56, 0u8..10), 0..12),
        prop_oneof![3 => 0u32..120, 1 => any::<u32>()],
        prop_oneof![3 => 1u32..200, 1 => 1u32..=u32::MAX],
    )
        .prop_map(|(white, black, white_to_move, ep, pieces, halfmoves, fullmoves)| PosSpec {
            white,
            black,
            turn: Color::from_white(white_to_move),
            ep,
            pieces,
            halfmoves,
            fullmoves,
        })
}

fn sq(file: u8, rank: u8) -> Square {
    Square::from_coords(File::ALL[usize::from(file)], Rank::ALL[usize::from(rank)])
}

fn build(spec: &PosSpec) -> Setup {
    let mut setup = Setup { turn: spec.turn, halfmoves: spec.halfmoves, fullmoves: spec.fullmoves, ..Setup::empty() };
    let mut reserved = Bitboard::EMPTY;
    // En passant first: the pushed pawn, the empty squares it crossed and left, capturers.
    if let Some((file, capturers)) = spec.ep {
        let them = spec.turn.other();
        let (pushed_rank, ep_rank, origin_rank) = if spec.turn == Color::White { (4, 5, 6) } else { (3, 2, 1) };
        setup.board.set_piece_at(sq(file, pushed_rank), Some(Role::Pawn.of(them)));
        reserved |= sq(file, ep_rank);
        reserved |= sq(file, origin_rank);
        for (bit, df) in [(1u8, -1i8), (2, 1)] {
            let f = file as i8 + df;
            if capturers & bit != 0 && (0..8).contains(&f) {
                setup.board.set_piece_at(sq(f as u8, pushed_rank), Some(Role::Pawn.of(spec.turn)));
            }
        }
        setup.ep_square = Some(sq(file, ep_rank));
    }
    for (color, side) in [(Color::White, &spec.white), (Color::Black, &spec.black)] {
        let rank = color.back_rank() as u8;
        let king = if side.king_on_back_rank { side.king_file } else { 8 };
        let mut a_rooks = Vec::new();
        let mut h_rooks = Vec::new();
        for file in 0..8u8 {
            let square = sq(file, rank);
            let piece = if file == king {
                Some(Role::King)
            } else if side.rook_files & (1 << file) != 0 {
                if file < king {
                    a_rooks.push(square)
                } else {
                    h_rooks.push(square)
                }
                Some(Role::Rook)
            } else {
                [None, Some(Role::Knight), Some(Role::Bishop), Some(Role::Queen), None, None]
                    [usize::from(side.others[usize::from(file)])]
            };
            setup.board.set_piece_at(square, piece.map(|r| r.of(color)));
        }
        if side.king_on_back_rank {
            for (rooks, pick) in [(&a_rooks, side.a_right), (&h_rooks, side.h_right)] {
                if let (Some(pick), false) = (pick, rooks.is_empty()) {
                    assert!(setup.castling.insert(*pick.get(rooks)));
                }
            }
        } else {
            // Somewhere in the middle, on the first free square from the chosen one.
            let start = side.king_elsewhere;
            let free = (0..48u8)
                .map(|k| Square::ALL[usize::from(8 + (start - 8 + k) % 48)])
                .find(|&s| setup.board.piece_at(s).is_none() && !reserved.contains(s));
            if let Some(s) = free {
                setup.board.set_piece_at(s, Some(Role::King.of(color)));
            }
        }
    }
    for &(index, kind) in &spec.pieces {
        let square = Square::ALL[usize::from(index)];
        if setup.board.piece_at(square).is_none() && !reserved.contains(square) {
            let role = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen][usize::from(kind % 5)];
            setup.board.set_piece_at(square, Some(role.of(Color::from_white(kind < 5))));
        }
    }
    setup
}

/// Setups that pass validation.
fn valid_setup() -> impl Strategy<Value = Setup> {
    pos_spec().prop_map(|spec| build(&spec)).prop_filter("validate() finds a problem", Setup::is_valid)
}

/// A change to a setup, for arbitrary setups.
#[derive(Clone, Debug)]
enum Mutation {
    Piece(u8, u8),
    Right(u8),
    Ep(Option<u8>),
    EpNearRank(u8, bool),
    Turn,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (0u8..64, 0u8..13).prop_map(|(s, p)| Mutation::Piece(s, p)),
        2 => (0u8..16).prop_map(Mutation::Right),
        1 => prop::option::of(0u8..64).prop_map(Mutation::Ep),
        2 => (0u8..8, any::<bool>()).prop_map(|(f, r)| Mutation::EpNearRank(f, r)),
        1 => Just(Mutation::Turn),
    ]
}

fn mutate(mut setup: Setup, mutations: &[Mutation]) -> Setup {
    for m in mutations {
        match *m {
            Mutation::Piece(s, p) => {
                setup.board.set_piece_at(Square::ALL[usize::from(s)], Piece::ALL.get(usize::from(p)).copied());
            }
            Mutation::Right(k) => {
                let square = Square::ALL[usize::from(if k < 8 { k } else { 48 + k })];
                if setup.castling.contains(square) {
                    setup.castling.remove(square);
                } else {
                    assert!(setup.castling.insert(square));
                }
            }
            Mutation::Ep(s) => setup.ep_square = s.map(|s| Square::ALL[usize::from(s)]),
            Mutation::EpNearRank(f, sixth) => setup.ep_square = Some(sq(f, if sixth { 5 } else { 2 })),
            Mutation::Turn => setup.turn = setup.turn.other(),
        }
    }
    setup
}

/// Arbitrary setups, valid or not (fullmove ≥ 1, as every parse produces).
fn any_setup() -> impl Strategy<Value = Setup> {
    (pos_spec(), prop::collection::vec(mutation(), 0..8)).prop_map(|(spec, ms)| mutate(build(&spec), &ms))
}

// ---------------------------------------------------------------------------------------------
// Round trips.
// ---------------------------------------------------------------------------------------------

/// Whether every right is the outermost rook of its colour on its side: what `KQkq` can name.
fn standard_can_write(setup: &Setup) -> bool {
    fuzz_checks::standard_can_write(setup)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, max_global_rejects: 20_000, ..ProptestConfig::default() })]

    /// parse(write(p, d), d) == p for valid p, every dialect that can represent p, strict and
    /// auto; and strict parse → write is the byte identity.
    #[test]
    fn valid_positions_round_trip_in_every_dialect(setup in valid_setup()) {
        for dialect in Dialect::iter() {
            let fen = match setup.to_fen(&dialect, EnPassantMode::AsIs) {
                Ok(fen) => fen,
                Err(e) => {
                    prop_assert_eq!(dialect, Dialect::Standard, "{} must write any rights: {}", dialect, e);
                    prop_assert!(!standard_can_write(&setup), "KQkq refused nameable rights: {}", e);
                    continue;
                }
            };
            prop_assert_eq!(Setup::parse(fen.as_bytes(), &dialect, Syntax::Strict), Ok(setup.clone()), "{}", fen);
            prop_assert_eq!(Setup::from_ascii(fen.as_bytes()), Ok(setup.clone()), "{}", fen);
            let strict = Setup::parse(fen.as_bytes(), &dialect, Syntax::Strict).unwrap();
            prop_assert_eq!(strict.to_fen(&dialect, EnPassantMode::AsIs).unwrap(), fen);
        }
        // Every valid position is representable in Shredder-FEN and X-FEN, so it is in at
        // least two dialects; KQkq exactly when every right is an outermost rook.
        prop_assert_eq!(setup.to_fen(&Dialect::Standard, EnPassantMode::AsIs).is_ok(), standard_can_write(&setup));
    }

    /// The same with the other en passant policies: the written square is the policy's, and
    /// reading it back gives the setup with that square.
    #[test]
    fn every_ep_policy_round_trips(setup in valid_setup()) {
        for dialect in [Dialect::Shredder, Dialect::XFen] {
            for mode in EnPassantMode::iter() {
                let fen = setup.to_fen(&dialect, mode).unwrap();
                let expected = Setup { ep_square: setup.ep_square_for(mode), ..setup.clone() };
                prop_assert_eq!(Setup::parse(fen.as_bytes(), &dialect, Syntax::Strict), Ok(expected));
            }
        }
    }

    /// Arbitrary (mostly invalid) setups: Shredder-FEN and X-FEN write any rights and read
    /// them back unchanged; Standard refuses exactly the rights KQkq cannot name.
    #[test]
    fn arbitrary_setups_round_trip(setup in any_setup()) {
        for dialect in Dialect::iter() {
            match setup.to_fen(&dialect, EnPassantMode::AsIs) {
                Ok(fen) => {
                    prop_assert_eq!(Setup::parse(fen.as_bytes(), &dialect, Syntax::Strict), Ok(setup.clone()));
                    prop_assert_eq!(Setup::from_ascii(fen.as_bytes()), Ok(setup.clone()));
                }
                Err(_) => prop_assert!(dialect == Dialect::Standard && !standard_can_write(&setup)),
            }
        }
        fuzz_checks::check_roundtrip(&setup);
    }

    /// Shredder → X-FEN → Shredder is the identity on text, for any setup.
    #[test]
    fn shredder_to_xfen_to_shredder_is_the_identity(setup in prop_oneof![valid_setup(), any_setup()]) {
        let shredder = setup.to_fen(&Dialect::Shredder, EnPassantMode::AsIs).unwrap();
        let xfen = Setup::parse(shredder.as_bytes(), &Dialect::Shredder, Syntax::Strict)
            .unwrap()
            .to_fen(&Dialect::XFen, EnPassantMode::AsIs)
            .unwrap();
        let back = Setup::parse(xfen.as_bytes(), &Dialect::XFen, Syntax::Strict)
            .unwrap()
            .to_fen(&Dialect::Shredder, EnPassantMode::AsIs)
            .unwrap();
        prop_assert_eq!(back, shredder);
        // And X-FEN → Shredder → X-FEN too.
        let again = Setup::parse(back.as_bytes(), &Dialect::Shredder, Syntax::Strict)
            .unwrap()
            .to_fen(&Dialect::XFen, EnPassantMode::AsIs)
            .unwrap();
        prop_assert_eq!(again, xfen);
    }

    /// A setup with fullmove 0 (only constructible in code) is never silently read back as
    /// another position by a strict reader; Auto reads the documented 1 (leniency.md).
    #[test]
    fn fullmove_zero_is_refused_by_strict_reading(setup in any_setup()) {
        let setup = Setup { fullmoves: 0, ..setup };
        for dialect in [Dialect::Shredder, Dialect::XFen] {
            let fen = setup.to_fen(&dialect, EnPassantMode::AsIs).unwrap();
            prop_assert!(Setup::parse(fen.as_bytes(), &dialect, Syntax::Strict).is_err());
            prop_assert_eq!(Setup::from_ascii(fen.as_bytes()), Ok(Setup { fullmoves: 1, ..setup.clone() }));
        }
    }

    /// The serde form (a FEN string) round-trips.
    #[test]
    fn serde_round_trips(setup in prop_oneof![valid_setup(), any_setup()]) {
        let json = serde_json::to_string(&setup).unwrap();
        prop_assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    }
}

// ---------------------------------------------------------------------------------------------
// Leniency never changes a position.
// ---------------------------------------------------------------------------------------------

/// A byte source for the lenient rewriting below.
struct Choices<'a>(&'a [u8], usize);

impl Choices<'_> {
    fn next(&mut self) -> u8 {
        let b = self.0.get(self.1 % self.0.len().max(1)).copied().unwrap_or(0);
        self.1 += 1;
        b.wrapping_add((self.1 / self.0.len().max(1)) as u8)
    }
    fn chance(&mut self, in_four: u8) -> bool {
        self.next() % 4 < in_four
    }
}

/// Rewrites a FEN with the liberties leniency.md lets Auto take: any ASCII whitespace runs
/// around and between the fields, split digit runs (`44`), `~` after a non-king piece, the
/// castling letters in any order, duplicated, and K/Q swapped with the file letter of the
/// same (outermost) rook, `+` signs and leading zeros in the clocks, fullmove 0 for 1, and
/// the clocks left out when they are 0 and 1.
fn lenient_text(setup: &Setup, dialect: Dialect, c: &mut Choices) -> String {
    const WS: [&str; 6] = [" ", "  ", "\t", " \t ", "\n", "\x0c"];
    let fen = setup.to_fen(&dialect, EnPassantMode::AsIs).unwrap();
    let fields: Vec<&str> = fen.split(' ').collect();
    let mut placement = String::new();
    for ch in fields[0].chars() {
        match ch.to_digit(10) {
            Some(n) if n >= 2 && c.chance(2) => {
                let a = 1 + u32::from(c.next()) % (n - 1);
                placement.push_str(&format!("{a}{}", n - a));
            }
            _ => placement.push(ch),
        }
        if ch.is_ascii_alphabetic() && !ch.eq_ignore_ascii_case(&'k') && c.chance(1) {
            placement.push('~');
        }
    }
    let mut castling: Vec<u8> = Vec::new();
    if fields[2] != "-" {
        let squares = fuzz_checks::to_ref(setup).squares;
        for sq in setup.castling.squares() {
            let white = sq.rank() == Rank::First;
            let file = sq.file().char() as u8;
            let file = if white { file.to_ascii_uppercase() } else { file };
            let side = [(true, b'k'), (false, b'q')]
                .into_iter()
                .find(|&(h, _)| fuzz_checks::ref_outermost(&squares, white, h) == Some(sq.index()))
                .map(|(_, l)| if white { l.to_ascii_uppercase() } else { l });
            castling.push(match side {
                Some(l) if c.chance(2) => l,
                _ => file,
            });
        }
        for i in (1..castling.len()).rev() {
            castling.swap(i, usize::from(c.next()) % (i + 1));
        }
        if c.chance(1) {
            let dup = castling[usize::from(c.next()) % castling.len()];
            castling.push(dup);
        }
    }
    let castling = if castling.is_empty() { "-".to_string() } else { String::from_utf8(castling).unwrap() };
    let number = |n: u32, c: &mut Choices| match c.next() % 4 {
        0 => format!("+{n}"),
        1 => format!("00{n}"),
        _ => n.to_string(),
    };
    let mut out: Vec<String> = vec![placement, fields[1].into(), castling, fields[3].into()];
    let clocks = (setup.halfmoves, setup.fullmoves);
    if clocks == (0, 1) && c.chance(1) {
        // EPD-like: four fields.
    } else if setup.fullmoves == 1 && c.chance(1) {
        out.push(number(setup.halfmoves, c));
    } else {
        out.push(number(setup.halfmoves, c));
        out.push(if setup.fullmoves == 1 && c.chance(1) { "0".into() } else { number(setup.fullmoves, c) });
    }
    let mut text = String::new();
    if c.chance(1) {
        text.push_str(WS[usize::from(c.next()) % WS.len()]);
    }
    for (i, field) in out.iter().enumerate() {
        if i > 0 {
            text.push_str(WS[usize::from(c.next()) % WS.len()]);
        }
        text.push_str(field);
    }
    if c.chance(1) {
        text.push_str(WS[usize::from(c.next()) % WS.len()]);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, max_global_rejects: 20_000, ..ProptestConfig::default() })]

    /// Whatever liberty the lenient reader takes, it reads the same position, and the naive
    /// reference reader agrees.
    #[test]
    fn lenient_text_reads_the_same_position(
        setup in prop_oneof![valid_setup(), any_setup()],
        bytes in prop::collection::vec(any::<u8>(), 1..64),
        xfen in any::<bool>(),
    ) {
        let dialect = if xfen { Dialect::XFen } else { Dialect::Shredder };
        let text = lenient_text(&setup, dialect, &mut Choices(&bytes, 0));
        prop_assert_eq!(Setup::from_ascii(text.as_bytes()), Ok(setup.clone()), "{:?}", text);
        let reference = fuzz_checks::reference_parse(text.as_bytes());
        prop_assert_eq!(reference, Some(fuzz_checks::to_ref(&setup)));
        // Strict readers refuse it unless it is exactly canonical.
        for d in Dialect::iter() {
            let canonical = setup.to_fen(&d, EnPassantMode::AsIs).is_ok_and(|f| f.as_str() == text);
            prop_assert_eq!(Setup::parse(text.as_bytes(), &d, Syntax::Strict).is_ok(), canonical, "{:?}", text);
        }
        fuzz_checks::check_parse(text.as_bytes());
    }
}

// ---------------------------------------------------------------------------------------------
// En passant policies and validation.
// ---------------------------------------------------------------------------------------------

fn ep_subsets_hold(setup: &Setup) -> Result<(), TestCaseError> {
    let legal = setup.ep_square_for(EnPassantMode::Legal);
    let pseudo = setup.ep_square_for(EnPassantMode::PseudoLegal);
    let as_is = setup.ep_square_for(EnPassantMode::AsIs);
    prop_assert_eq!(as_is, setup.ep_square);
    prop_assert!(legal.is_none() || legal == pseudo, "Legal {:?} ⊄ PseudoLegal {:?}", legal, pseudo);
    prop_assert!(pseudo.is_none() || pseudo == as_is, "PseudoLegal {:?} ⊄ AsIs {:?}", pseudo, as_is);
    prop_assert_eq!(legal.is_some(), setup.has_legal_ep());
    prop_assert_eq!(pseudo.is_some(), setup.has_pseudo_legal_ep());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, max_global_rejects: 40_000, ..ProptestConfig::default() })]

    /// `Legal` en passant ⊆ `PseudoLegal` ⊆ `AsIs`, on valid and arbitrary setups.
    #[test]
    fn ep_policies_nest(setup in prop_oneof![valid_setup(), any_setup()]) {
        ep_subsets_hold(&setup)?;
    }

    /// On valid positions our policies agree with shakmaty's (an independent implementation
    /// of the same rules: X-FEN's pseudo-legal square, and a fully legal capture), whenever
    /// shakmaty accepts the position.
    #[test]
    fn ep_policies_agree_with_shakmaty(setup in valid_setup()) {
        use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
        let fen = setup.to_fen(&Dialect::Shredder, EnPassantMode::AsIs).unwrap();
        let parsed = Fen::from_ascii(fen.as_bytes()).unwrap();
        if let Ok(pos) = parsed.into_position::<Chess>(CastlingMode::Chess960) {
            let theirs = |m| pos.ep_square(m).map(|s| s.to_string());
            let ours = |m| setup.ep_square_for(m).map(|s| s.to_string());
            prop_assert_eq!(ours(EnPassantMode::Legal), theirs(shakmaty::EnPassantMode::Legal), "{}", fen);
            prop_assert_eq!(ours(EnPassantMode::PseudoLegal), theirs(shakmaty::EnPassantMode::PseudoLegal), "{}", fen);
        }
    }

    /// The validation verdict, the whole problem set and the en passant answers depend on the
    /// position only: writing it in any dialect and reading it back (strictly and in Auto)
    /// changes none of them.
    #[test]
    fn validation_is_unchanged_by_reencoding(setup in prop_oneof![valid_setup(), any_setup()]) {
        let problems = setup.validate();
        for dialect in Dialect::iter() {
            for mode in [EnPassantMode::AsIs] {
                let Ok(fen) = setup.to_fen(&dialect, mode) else { continue };
                for back in [Setup::from_ascii(fen.as_bytes()), Setup::parse(fen.as_bytes(), &dialect, Syntax::Strict)] {
                    let back = back.unwrap();
                    prop_assert_eq!(back.validate(), problems, "{}", fen);
                    prop_assert_eq!(back.has_legal_ep(), setup.has_legal_ep());
                    prop_assert_eq!(back.has_pseudo_legal_ep(), setup.has_pseudo_legal_ep());
                }
            }
        }
        fuzz_checks::check_validate(&setup);
    }
}

#[test]
fn the_valid_generator_is_not_degenerate() {
    // Guard against a generator that silently stopped producing what the properties need.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = valid_setup();
    let (mut inner, mut ep, mut legal_ep, mut non_standard, mut both_colours) = (0, 0, 0, 0, 0);
    for _ in 0..500 {
        let setup = strategy.new_tree(&mut runner).unwrap().current();
        assert!(setup.is_valid());
        ep += usize::from(setup.ep_square.is_some());
        legal_ep += usize::from(setup.has_legal_ep());
        non_standard += usize::from(!standard_can_write(&setup));
        inner += usize::from(
            setup
                .to_fen(&Dialect::XFen, EnPassantMode::AsIs)
                .unwrap()
                .split(' ')
                .nth(2)
                .unwrap()
                .bytes()
                .any(|b| b.to_ascii_lowercase() <= b'h'),
        );
        both_colours += usize::from(setup.castling.of(Color::White).any() && setup.castling.of(Color::Black).any());
    }
    for (what, n) in [
        ("ep", ep),
        ("legal ep", legal_ep),
        ("inner-rook rights", inner),
        ("KQkq-unwritable", non_standard),
        ("rights for both colours", both_colours),
    ] {
        assert!(n >= 10, "only {n} of 500 valid setups have {what}");
    }
}

// ---------------------------------------------------------------------------------------------
// Chess960 and DFRC numbers.
// ---------------------------------------------------------------------------------------------

fn rank_text(roles: &[Role; 8]) -> String {
    roles.iter().map(|r| r.char().to_ascii_uppercase()).collect()
}

#[test]
fn spec_anchor_positions() {
    // scharnagl.md: 0 = BBQNNRKR, 518 = RNBQKBNR (classical), 959 = RKRNNQBB.
    for (n, rank) in [(0, "BBQNNRKR"), (518, "RNBQKBNR"), (959, "RKRNNQBB")] {
        assert_eq!(rank_text(&chess960::back_rank(n).unwrap()), rank);
    }
    assert_eq!(chess960::start_position(518).unwrap(), Setup::standard());
    // shredder-fen.md table.
    for (w, b, letters) in [(518, 518, "HAha"), (0, 0, "HFhf"), (959, 959, "CAca"), (0, 518, "HFha"), (518, 0, "HAhf")]
    {
        let fen = chess960::dfrc_start_position(w, b).unwrap().to_fen(&Dialect::Shredder, EnPassantMode::AsIs).unwrap();
        assert_eq!(fen.split(' ').nth(2), Some(letters));
    }
    for bad in [960, 961, 1 << 16, u32::MAX] {
        assert_eq!(chess960::back_rank(bad).unwrap_err().0, bad);
        assert!(chess960::start_position(bad).is_err());
        assert!(chess960::dfrc_start_position(0, bad).is_err());
        assert!(chess960::dfrc_start_position(bad, 0).is_err());
    }
}

/// Every arrangement of R N B Q K B N R on a rank, enumerated independently: exactly those
/// obeying the Chess960 rules get a number, the numbers are exactly 0..960, and each number's
/// back rank is that arrangement.
#[test]
fn number_of_back_rank_is_a_bijection_onto_the_legal_arrangements() {
    use Role::*;
    fn permute(rest: &mut Vec<Role>, current: &mut Vec<Role>, out: &mut HashSet<[Role; 8]>) {
        if rest.is_empty() {
            out.insert(current.clone().try_into().unwrap());
            return;
        }
        for i in 0..rest.len() {
            let r = rest.remove(i);
            current.push(r);
            permute(rest, current, out);
            current.pop();
            rest.insert(i, r);
        }
    }
    let mut all = HashSet::new();
    permute(&mut vec![Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook], &mut Vec::new(), &mut all);
    assert_eq!(all.len(), 5040); // 8! / (2! 2! 2!)
    let mut numbers = HashSet::new();
    for rank in &all {
        let legal = fuzz_checks::is_chess960_rank(rank);
        match chess960::number_of_back_rank(rank) {
            Some(n) => {
                assert!(legal, "{} numbered {n}", rank_text(rank));
                assert_eq!(chess960::back_rank(u32::from(n)).as_ref(), Ok(rank));
                assert!(numbers.insert(n), "{n} given twice");
            }
            None => assert!(!legal, "{} obeys the rules but has no number", rank_text(rank)),
        }
    }
    assert_eq!(numbers, (0..960).collect());
}

#[test]
fn all_960_positions_round_trip() {
    for n in 0..960u32 {
        let setup = chess960::start_position(n).unwrap();
        let rank = chess960::back_rank(n).unwrap();
        assert!(fuzz_checks::is_chess960_rank(&rank));
        assert_eq!(chess960::number_of_back_rank(&rank), Some(n as u16));
        assert_eq!(setup.chess960_number(), Some(n as u16));
        assert!(setup.is_valid());
        // Through text, in every dialect (all can write start positions), strict and auto.
        for dialect in Dialect::iter() {
            let fen = setup.to_fen(&dialect, EnPassantMode::AsIs).unwrap();
            assert_eq!(
                Setup::parse(fen.as_bytes(), &dialect, Syntax::Strict).unwrap().chess960_number(),
                Some(n as u16)
            );
            assert_eq!(Setup::from_ascii(fen.as_bytes()).unwrap().chess960_number(), Some(n as u16));
        }
        // Through a FEN spelled out from the spec's template (scharnagl.md), not our writer.
        let white = rank_text(&rank);
        let text = format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1", white.to_ascii_lowercase());
        assert_eq!(Setup::from_ascii(text.as_bytes()).unwrap(), setup);
        // Not a start position any more after a move, an ep square, or a lost right.
        let mut moved = setup.clone();
        moved.turn = Color::Black;
        assert_eq!(moved.chess960_number(), None);
        let mut lost = setup.clone();
        lost.castling = CastlingRights::from_bitboard(
            setup.castling.squares()
                - Square::from_coords(File::ALL[rank.iter().position(|&r| r == Role::Rook).unwrap()], Rank::First),
        )
        .unwrap();
        assert_eq!(lost.chess960_number(), None);
    }
}

/// The DFRC pairs covered: all 960 × 960 in optimised builds (`cargo test --release`) or with
/// `CHESSFEN_EXHAUSTIVE=1`; in a plain debug build, where the full run takes 20-35 s, every
/// pair with `b ≡ w (mod 15)` (61,440 pairs: every White and every Black number, each with
/// 64 partners).
fn dfrc_pairs() -> impl Iterator<Item = (u32, u32)> {
    let exhaustive = !cfg!(debug_assertions) || std::env::var_os("CHESSFEN_EXHAUSTIVE").is_some();
    let step = if exhaustive { 1 } else { 15 };
    (0..960u32).flat_map(move |w| ((w % step)..960).step_by(step as usize).map(move |b| (w, b)))
}

/// DFRC pairs: the numbers come back, through the setup and through a FEN spelled from the
/// spec's template (scharnagl.md), not from our writer. 921,600 pairs take ~1 s in release.
#[test]
fn all_dfrc_pairs_round_trip() {
    let started = Instant::now();
    let ranks: Vec<String> = (0..960).map(|n| rank_text(&chess960::back_rank(n).unwrap())).collect();
    let mut text = String::with_capacity(80);
    let mut count = 0;
    for (w, b) in dfrc_pairs() {
        let setup = chess960::dfrc_start_position(w, b).unwrap();
        assert_eq!(setup.dfrc_numbers(), Some((w as u16, b as u16)));
        assert_eq!(setup.chess960_number(), (w == b).then_some(w as u16));
        text.clear();
        text.push_str(&ranks[b as usize].to_ascii_lowercase());
        text.push_str("/pppppppp/8/8/8/8/PPPPPPPP/");
        text.push_str(&ranks[w as usize]);
        text.push_str(" w KQkq - 0 1");
        assert_eq!(Setup::from_ascii(text.as_bytes()).as_ref(), Ok(&setup), "{text}");
        count += 1;
    }
    assert!(count == 921_600 || count == 61_440);
    println!("{count} DFRC pairs in {:?}", started.elapsed());
}

proptest! {
    /// The number functions on arbitrary integers, biased towards the edge of the range.
    #[test]
    fn chess960_functions_on_arbitrary_integers(
        n in prop_oneof![any::<u32>(), 900u32..1100],
        m in prop_oneof![any::<u32>(), 900u32..1100],
        rank in prop::array::uniform8(prop::sample::select(Role::ALL.to_vec())),
    ) {
        fuzz_checks::check_chess960(n, m, rank);
    }
}

// ---------------------------------------------------------------------------------------------
// Differential run against python-chess (by hand: python-chess is not a build dependency).
// ---------------------------------------------------------------------------------------------

/// Kings and a few pieces around them, en passant squares on the right ranks: setups where
/// checks, pins and en passant interact, which is where validation is intricate.
fn crowded_setup() -> impl Strategy<Value = Setup> {
    (
        0u8..64,
        0u8..64,
        prop::collection::vec((0u8..64, 0u8..12), 0..7),
        prop::collection::vec(mutation(), 0..3),
        prop::option::of((0u8..8, any::<bool>(), any::<bool>())),
        any::<bool>(),
    )
        .prop_map(|(wk, bk, pieces, ms, ep, white)| {
            let mut setup = Setup { turn: Color::from_white(white), ..Setup::empty() };
            setup.board.set_piece_at(Square::ALL[usize::from(wk)], Some(Role::King.of(Color::White)));
            setup.board.set_piece_at(Square::ALL[usize::from(bk)], Some(Role::King.of(Color::Black)));
            for (s, p) in pieces {
                let square = Square::ALL[usize::from(s)];
                if setup.board.piece_at(square).is_none_or(|p| p.role != Role::King) {
                    setup.board.set_piece_at(square, Some(Piece::ALL[usize::from(p)]));
                }
            }
            if let Some((file, capturer_left, pushed)) = ep {
                let us = setup.turn;
                let (pushed_rank, ep_rank) = if us == Color::White { (4, 5) } else { (3, 2) };
                if pushed {
                    setup.board.set_piece_at(sq(file, pushed_rank), Some(Role::Pawn.of(us.other())));
                }
                let f = if capturer_left { file.wrapping_sub(1) } else { file + 1 };
                if f < 8 {
                    setup.board.set_piece_at(sq(f, pushed_rank), Some(Role::Pawn.of(us)));
                }
                setup.ep_square = Some(sq(file, ep_rank));
            }
            mutate(setup, &ms)
        })
}

/// Writes generated setups with our answers to `$CHESSFEN_DUMP` (default
/// `target/python-diff.tsv`) for `fuzz/python_diff.py`, which compares them with python-chess
/// 1.11.2 (`status()`, `has_legal_en_passant()`, `has_pseudo_legal_en_passant()`,
/// `chess960_pos()`). `CHESSFEN_DUMP_N` setups per generator (default 100,000).
#[test]
#[ignore = "differential run by hand, with python-chess"]
fn dump_for_python_chess() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    use std::io::Write;
    let path = std::env::var_os("CHESSFEN_DUMP")
        .map_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/python-diff.tsv"), Into::into);
    let n: usize = std::env::var("CHESSFEN_DUMP_N").ok().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut runner = TestRunner::new(Config {
        rng_seed: proptest::test_runner::RngSeed::Fixed(5),
        max_local_rejects: u32::MAX,
        ..Config::default()
    });
    let generators: [(&str, BoxedStrategy<Setup>); 3] =
        [("valid", valid_setup().boxed()), ("any", any_setup().boxed()), ("crowded", crowded_setup().boxed())];
    for (name, strategy) in generators {
        for _ in 0..n {
            let setup = strategy.new_tree(&mut runner).unwrap().current();
            let fen = setup.to_fen(&Dialect::Shredder, EnPassantMode::AsIs).unwrap();
            writeln!(
                out,
                "{name}\t{fen}\t{}\t{}\t{}\t{}\t{}",
                u8::from(setup.is_valid()),
                u8::from(setup.has_legal_ep()),
                u8::from(setup.has_pseudo_legal_ep()),
                setup.chess960_number().map_or(-1, i32::from),
                setup.validate()
            )
            .unwrap();
        }
    }
    println!("wrote {}", path.display());
}
