//! Replays the committed fuzz corpora through the fuzz targets' own checks, so plain
//! `cargo test` (stable, no cargo-fuzz) runs every crash input and every seed:
//!
//! - `fuzz/regressions/<target>/`: inputs that once failed a check (one file per finding);
//! - `fuzz/seeds/<target>/`: the seed corpus (bench positions, spec examples, leniency cases),
//!   regenerated with `cargo test --test regressions -- --ignored make_seeds`;
//! - `fuzz/min/<target>/`: the corpus libFuzzer grew, minimised with `-merge=1`;
//! - `fuzz/corpus/<target>/` (local only, not committed): a fuzzing session's working corpus.
//!
//! Named tests below pin each bug the fuzzers found, with the expected behaviour taken from
//! the spec notes, not from our output.

#[path = "common/fuzz_checks.rs"]
mod fuzz_checks;

use std::fs;
use std::path::{Path, PathBuf};

use chessfen::{Color, EnPassantMode, Setup};

/// A fuzz target's check.
type Check = fn(&[u8]);

const TARGETS: [(&str, Check); 4] = [
    ("parse", fuzz_checks::fuzz_parse),
    ("roundtrip", fuzz_checks::fuzz_roundtrip),
    ("validate", fuzz_checks::fuzz_validate),
    ("chess960", fuzz_checks::fuzz_chess960),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// Runs every file of `fuzz/<kind>/<target>/` through the target's checks; returns how many.
fn replay(kind: &str, target: &str, check: Check) -> usize {
    let files = files_in(&fuzz_dir().join(kind).join(target));
    for file in &files {
        let data = match fs::read(file) {
            Ok(data) => data,
            // A running fuzzer may have just replaced a file of its working corpus.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => panic!("{}: {e}", file.display()),
        };
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} failed the {target} checks ({} bytes: {:?})", file.display(), data.len(), {
            String::from_utf8_lossy(&data[..data.len().min(200)])
        });
    }
    files.len()
}

#[test]
fn fuzz_regressions() {
    for (target, check) in TARGETS {
        replay("regressions", target, check);
    }
}

#[test]
fn fuzz_seeds() {
    for (target, check) in TARGETS {
        let n = replay("seeds", target, check);
        assert!(n > 0, "fuzz/seeds/{target} is empty: run `cargo test --test regressions -- --ignored make_seeds`");
    }
}

#[test]
fn fuzz_minimised_corpora() {
    for (target, check) in TARGETS {
        replay("min", target, check);
    }
}

/// The uncommitted working corpora of a local fuzzing session (`fuzz/corpus/`, ignored by
/// git), when present: lets a change to the checks be tried on everything the fuzzers found.
#[test]
fn fuzz_local_corpora() {
    for (target, check) in TARGETS {
        replay("corpus", target, check);
    }
}

/// The checks themselves must fail on a broken property (a check that cannot fail proves
/// nothing): feed them a setup whose reading by Auto is known to differ from the reference.
#[test]
fn checks_catch_a_disagreement() {
    let fen = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let mut reference = fuzz_checks::reference_parse(fen).unwrap();
    let ours = fuzz_checks::to_ref(&Setup::from_ascii(fen).unwrap());
    assert_eq!(ours, reference);
    reference.turn = b'b';
    assert_ne!(ours, reference);
    // And the reference refuses what leniency.md says Auto refuses.
    for bad in [
        &b"4k3/8/8/8/8/8/8/4K3 w -"[..],
        b"4k3/8/8/8/8/8/8/4K3 W - - 0 1",
        b"4k3/8/8/8/8/8/8/4K3 w Q - 0 1",
        b"4k3/8/8/8/8/8/8/4K3 w - - -1 1",
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
        b"4k3/8/8/8/8/8/8/4K3 w - E3 0 1",
        b"4k3/8/8/8/8/8/8/4K~~3 w - - 0 1",
        b"4k3/8/8/8/8/8/8/~4K3 w - - 0 1",
        b"4k3/8/8/8/8/8/8/4K~3 w - - 0 1",
        b"4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1",
    ] {
        assert_eq!(fuzz_checks::reference_parse(bad), None, "{}", String::from_utf8_lossy(bad));
        assert!(Setup::from_ascii(bad).is_err());
    }
}

// ---------------------------------------------------------------------------------------------
// Seed corpus generation (run by hand; the output is committed).
// ---------------------------------------------------------------------------------------------

fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

fn write_seed(target: &str, data: &[u8]) {
    let dir = fuzz_dir().join("seeds").join(target);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join(format!("{:016x}", fnv(data))), data).unwrap();
}

/// The structured encoding `fuzz_checks::setup_from_bytes` reads.
fn setup_to_bytes(setup: &Setup) -> Vec<u8> {
    let bits = setup.castling.squares().0;
    let mut out = vec![u8::from(setup.turn == Color::Black), bits as u8, (bits >> 56) as u8];
    out.push(setup.ep_square.map_or(255, |sq| sq.index() as u8));
    out.extend(setup.halfmoves.to_le_bytes());
    out.extend(setup.fullmoves.to_le_bytes());
    for (sq, piece) in setup.board.pieces() {
        out.push(sq.index() as u8);
        out.push(piece.index() as u8);
    }
    out
}

/// FEN-looking snippets of a text: a token with seven `/`, and up to five tokens after it.
fn fens_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for chunk in text.split(['`', '"', '(', ')', '«', '»', '|']) {
        let tokens: Vec<&str> = chunk.split_whitespace().collect();
        for (i, t) in tokens.iter().enumerate() {
            if t.matches('/').count() == 7 {
                let end = (i + 6).min(tokens.len());
                let fen = tokens[i..end].join(" ");
                found.push(fen.trim_end_matches([',', '.', ';', ':']).to_string());
            }
        }
    }
    found
}

/// Regenerates `fuzz/seeds/`: every 1000th line of the three bench corpora, every FEN-looking
/// snippet of `spec-notes/` and `shared/seeds/`, lenient variants of the leniency table, and
/// the same positions in the structured encoding of the `validate` target.
#[test]
#[ignore = "writes fuzz/seeds/; run by hand"]
fn make_seeds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = std::env::var_os("CHESSFEN_SHARED").map_or(root.join("../shared"), PathBuf::from);
    let mut texts: Vec<String> = Vec::new();
    for name in ["classical.fen", "chess960.fen", "chess960-xfen.fen"] {
        let corpus = fs::read_to_string(shared.join("bench").join(name)).expect("shared/bench");
        texts.extend(corpus.lines().step_by(1000).map(String::from));
    }
    let mut docs: Vec<PathBuf> = files_in(&root.join("spec-notes"));
    docs.extend(files_in(&shared.join("seeds")));
    for doc in docs {
        texts.extend(fens_in(&fs::read_to_string(doc).unwrap()));
    }
    // The leniency table (leniency.md), one input per row, accepted and refused alike.
    for extra in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw  KQkq -\r\n+3 007 ",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1_0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQ - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ABH - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Bb - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/~RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq h1 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E3 0 1",
        "8/8/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1",
        "r3k2r/8/8/8/8/8/8/R3KR1R w FQ - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R b KQ - 99 4294967295",
        "",
        " ",
    ] {
        texts.push(extra.to_string());
    }
    let mut n = 0;
    for text in &texts {
        for target in ["parse", "roundtrip"] {
            write_seed(target, text.as_bytes());
        }
        if let Ok(setup) = Setup::from_ascii(text.as_bytes()) {
            write_seed("validate", &setup_to_bytes(&setup));
            for dialect in fuzz_checks::DIALECTS {
                if let Ok(fen) = setup.to_fen(&dialect, EnPassantMode::AsIs) {
                    write_seed("roundtrip", fen.as_bytes());
                }
            }
        }
        n += 1;
    }
    let rank_bytes = |n: u32| chessfen::chess960::back_rank(n).unwrap().map(|r| r.index() as u8);
    for (a, b) in [(0, 0), (518, 518), (959, 959), (0, 959), (959, 0), (960, 0), (0, 960), (u32::MAX, 1 << 16)] {
        let mut data = Vec::new();
        data.extend(u32::to_le_bytes(a));
        data.extend(u32::to_le_bytes(b));
        data.extend(rank_bytes(a.min(959)));
        write_seed("chess960", &data);
    }
    println!("{n} texts");
}

// ---------------------------------------------------------------------------------------------
// One test per bug found by fuzzing (expected values from the spec notes).
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// One test per bug found (expected values from the spec notes and python-chess, not our output).
// ---------------------------------------------------------------------------------------------

/// A right of a colour whose king is not on its back rank has no side. X-FEN and KQkq wrote it
/// as `K` or `Q` anyway (`K` for a lone rook on a1), and every other reader takes `K` for the
/// h-file: python-chess reads `4k3/8/8/8/8/8/4K3/R7 w K - 0 1` as a right on h1. x-fen.md: such
/// rights are written as their file letters; KQkq has none, so it refuses.
#[test]
fn rights_without_a_back_rank_king_are_file_letters_in_xfen() {
    use chessfen::{Dialect, Syntax, WriteError};
    let fen = "4k3/8/8/8/8/8/4K3/R7 w A - 0 1";
    let setup = Setup::from_ascii(fen.as_bytes()).unwrap();
    assert!(setup.castling.contains(chessfen::Square::A1));
    let xfen = setup.to_fen(&Dialect::XFen, EnPassantMode::AsIs).unwrap();
    assert_eq!(xfen.as_str(), fen);
    assert_eq!(Setup::parse(xfen.as_bytes(), &Dialect::XFen, Syntax::Strict), Ok(setup.clone()));
    assert!(matches!(
        setup.to_fen(&Dialect::Standard, EnPassantMode::AsIs),
        Err(WriteError::UnrepresentableCastling { square: chessfen::Square::A1, .. })
    ));
    // Both colours, rooks on both wings, kings in the middle of the board.
    let fen = "r6r/8/3k4/8/8/4K3/8/R6R w HAha - 0 1";
    let setup = Setup::from_ascii(fen.as_bytes()).unwrap();
    assert_eq!(setup.to_fen(&Dialect::XFen, EnPassantMode::AsIs).unwrap().as_str(), fen);
    // A colour with its king at home keeps K/Q.
    let fen = "r6r/8/3k4/8/8/8/8/R3K2R w KQha - 0 1";
    let setup = Setup::from_ascii(fen.as_bytes()).unwrap();
    assert_eq!(setup.to_fen(&Dialect::XFen, EnPassantMode::AsIs).unwrap().as_str(), fen);
    fuzz_checks::check_roundtrip(&setup);
}
