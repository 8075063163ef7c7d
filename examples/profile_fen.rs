//! A small driver for profilers: runs one FEN operation over a corpus, `passes` times.
//!
//! ```text
//! cargo build --release --example profile_fen
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='profile_fen::run' \
//!     target/release/examples/profile_fen parse-auto ../shared/bench/classical.fen 1
//! ```
//!
//! Only `run` is collected, so callgrind's total divided by the number of lines is the
//! instruction count per FEN. Operations: `parse-auto`, `parse-standard`, `parse-shredder`,
//! `parse-xfen`, `validate`, `write-standard`, `write-shredder`, `write-xfen`, `fenbuf-xfen` (`to_fen`,
//! no `String`), `convert-shredder`,
//! `convert-xfen`, and `shakmaty-parse`, `shakmaty-validate`, `shakmaty-write` for comparison.
//!
//! With `PROFILE_FEN_TIME=1` in the environment it prints the fastest of `passes` timed passes
//! instead (ns per line): a quick wall-clock comparison of two builds, not a benchmark.

use std::hint::black_box;

use chessfen::{Dialect, EnPassantMode, Setup, Syntax};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

enum Input {
    Lines(Vec<String>),
    Setups(Vec<Setup>),
    Positions(Vec<Chess>),
}

fn dialect(name: &str) -> Dialect {
    name.parse().unwrap_or_else(|_| panic!("unknown dialect {name}"))
}

#[inline(never)]
fn run(op: &str, input: &Input, passes: usize) -> usize {
    let mut ok = 0;
    let mut out = String::with_capacity(128);
    for _ in 0..passes {
        match (op, input) {
            ("parse-auto", Input::Lines(lines)) => {
                for line in lines {
                    ok += usize::from(black_box(Setup::from_ascii(line.as_bytes())).is_ok());
                }
            }
            ("validate", Input::Lines(lines)) => {
                for line in lines {
                    let problems = Setup::from_ascii(line.as_bytes()).map(|s| s.validate());
                    ok += usize::from(black_box(problems).is_ok_and(|p| p.is_empty()));
                }
            }
            ("shakmaty-parse", Input::Lines(lines)) => {
                for line in lines {
                    ok += usize::from(black_box(Fen::from_ascii(line.as_bytes())).is_ok());
                }
            }
            ("shakmaty-validate", Input::Lines(lines)) => {
                for line in lines {
                    let pos = Fen::from_ascii(line.as_bytes())
                        .ok()
                        .and_then(|fen| fen.into_position::<Chess>(CastlingMode::Chess960).ok());
                    ok += usize::from(black_box(pos).is_some());
                }
            }
            ("shakmaty-write", Input::Positions(positions)) => {
                for pos in positions {
                    out.clear();
                    Fen::from_position(pos, shakmaty::EnPassantMode::Always).append_to_string(&mut out);
                    ok += black_box(&out).len();
                }
            }
            (op, Input::Lines(lines)) if op.starts_with("parse-") => {
                let d = dialect(&op["parse-".len()..]);
                for line in lines {
                    ok += usize::from(black_box(Setup::parse(line.as_bytes(), &d, Syntax::Strict)).is_ok());
                }
            }
            (op, Input::Lines(lines)) if op.starts_with("convert-") => {
                let d = dialect(&op["convert-".len()..]);
                for line in lines {
                    out.clear();
                    if let Ok(setup) = Setup::from_ascii(line.as_bytes()) {
                        ok += usize::from(setup.write_fen(&mut out, &d, EnPassantMode::AsIs).is_ok());
                    }
                    black_box(&out);
                }
            }
            (op, Input::Setups(setups)) if op.starts_with("fenbuf-") => {
                let d = dialect(&op["fenbuf-".len()..]);
                for setup in setups {
                    ok += usize::from(black_box(setup.to_fen(&d, EnPassantMode::AsIs)).is_ok());
                }
            }
            (op, Input::Setups(setups)) if op.starts_with("write-") => {
                let d = dialect(&op["write-".len()..]);
                for setup in setups {
                    out.clear();
                    ok += usize::from(black_box(setup.write_fen(&mut out, &d, EnPassantMode::AsIs)).is_ok());
                    black_box(&out);
                }
            }
            _ => panic!("unknown operation {op}"),
        }
    }
    ok
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, op, path, rest @ ..] = args.as_slice() else {
        eprintln!("usage: profile_fen OPERATION CORPUS [PASSES]");
        std::process::exit(2);
    };
    let passes = rest.first().map_or(1, |p| p.parse().expect("PASSES is a number"));
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let n = lines.len();
    let input = if op == "shakmaty-write" {
        Input::Positions(
            lines
                .iter()
                .map(|l| Fen::from_ascii(l.as_bytes()).unwrap().into_position(CastlingMode::Chess960).unwrap())
                .collect(),
        )
    } else if op.starts_with("write-") || op.starts_with("fenbuf-") {
        Input::Setups(lines.iter().map(|l| Setup::from_ascii(l.as_bytes()).unwrap()).collect())
    } else {
        Input::Lines(lines)
    };
    if std::env::var_os("PROFILE_FEN_TIME").is_some() {
        // Wall clock, for comparing two builds on a noisy machine: the fastest of `passes`
        // single passes (interference only ever adds time).
        let best = (0..passes)
            .map(|_| {
                let start = std::time::Instant::now();
                black_box(run(op, &input, 1));
                start.elapsed()
            })
            .min()
            .unwrap_or_default();
        println!("{op}: {:.1} ns per line (fastest of {passes} passes)", best.as_nanos() as f64 / n as f64);
        return;
    }
    let ok = run(op, &input, passes);
    println!("{op}: {ok} of {} lines ok", n * passes);
}
