//! Hostile input through the public API: every mode returns (an error or a setup) without
//! panicking, and errors point inside the input.

use chessfen::{Dialect, EnPassantMode, ParseMode, Setup};

const MODES: [ParseMode; 4] = [
    ParseMode::Auto,
    ParseMode::Strict(Dialect::Standard),
    ParseMode::Strict(Dialect::Shredder),
    ParseMode::Strict(Dialect::XFen),
];

fn exercise(input: &[u8]) {
    for mode in MODES {
        match Setup::from_ascii_with(input, mode) {
            Ok(setup) => {
                let _ = setup.validate();
                for dialect in [Dialect::Standard, Dialect::Shredder, Dialect::XFen] {
                    let _ = setup.to_fen(&dialect, EnPassantMode::Legal);
                }
            }
            Err(e) => assert!(e.offset <= input.len(), "{mode}: offset {} past {} bytes", e.offset, input.len()),
        }
    }
}

/// A deterministic byte stream (xorshift), biased towards FEN characters.
fn noise(len: usize, seed: u64) -> Vec<u8> {
    const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0123456789~+\t\r\n\0\xff";
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x.is_multiple_of(5) { (x >> 24) as u8 } else { ALPHABET[(x >> 32) as usize % ALPHABET.len()] }
        })
        .collect()
}

#[test]
fn a_megabyte_of_noise() {
    exercise(&noise(1 << 20, 42));
}

#[test]
fn many_short_noisy_inputs() {
    for seed in 0..20_000u64 {
        exercise(&noise((seed % 90) as usize, seed));
    }
}

#[test]
fn mutated_real_fens() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
        "4k3/8/8/8/8/8/8/R3KR1R w FQ - 0 1",
    ];
    for (i, fen) in fens.iter().enumerate() {
        let bytes = fen.as_bytes();
        for pos in 0..bytes.len() {
            for replacement in noise(24, (i * 1000 + pos) as u64) {
                let mut mutated = bytes.to_vec();
                mutated[pos] = replacement;
                exercise(&mutated);
                mutated.insert(pos, replacement);
                exercise(&mutated);
            }
            exercise(&bytes[..pos]);
        }
    }
}

#[test]
fn huge_fields() {
    let mega = 1 << 20;
    let cases: Vec<Vec<u8>> = vec![
        vec![b' '; mega],
        vec![b'/'; mega],
        vec![b'1'; mega],
        [b"8/8/8/8/8/8/8/8 w ".as_slice(), &vec![b'K'; mega], b" - 0 1"].concat(),
        [b"8/8/8/8/8/8/8/8 w - - ".as_slice(), &vec![b'0'; mega], b"1 1"].concat(),
        [b"8/8/8/8/8/8/8/8 w - - 0 1".as_slice(), &vec![b' '; mega]].concat(),
        [b"8/8/8/8/8/8/8/Q".as_slice(), &vec![b'~'; mega]].concat(),
    ];
    for case in cases {
        exercise(&case);
    }
    // Leading zeros are lenient: a megabyte of them is still the number 1.
    let zeros = [b"8/8/8/8/8/8/8/k6K w - - ".as_slice(), &vec![b'0'; mega], b"1 1"].concat();
    assert_eq!(Setup::from_ascii(&zeros).map(|s| s.halfmoves), Ok(1));
}

/// The placement fast path looks at no more than a well-formed field's 71 bytes, so a field of
/// endless ranks can never wrap its square counter into a board: it is "more than 8 ranks".
#[test]
fn endless_ranks_are_too_many_ranks() {
    let ranks = "8/".repeat(1 << 20);
    let err = Setup::from_ascii(format!("{ranks}8 w - - 0 1").as_bytes()).expect_err("too many ranks");
    assert_eq!(err.to_string(), "placement field at byte 15: there are more than 8 ranks");
}
