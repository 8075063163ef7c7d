//! FEN throughput: chessfen against shakmaty 0.30.1 and cozy-chess 0.3.4, in the same run.
//!
//! Every benchmark iterates over all lines of one corpus per iteration and reports throughput
//! in FENs (`Throughput::Elements`); `benches/report.py` turns criterion's estimates into the
//! ns/FEN and ratio table of BENCHMARKS.md.
//!
//! The corpora are read from `$CHESSFEN_BENCH_DIR`, by default `../shared/bench` next to the
//! repository. Run with `cargo bench --bench throughput`.

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use chessfen::{Dialect, EnPassantMode, Setup, Syntax};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// One corpus file: its lines, and what dialects it is written in.
struct Corpus {
    /// Short name used in benchmark ids: `classical`, `chess960`, `chess960-xfen`.
    name: &'static str,
    lines: Vec<&'static str>,
    /// The strict dialects that read every line of the file.
    dialects: &'static [Dialect],
    /// Whether cozy-chess should read it as Shredder-FEN; `None` if cozy-chess cannot read it
    /// (X-FEN Chess960: cozy-chess maps `K`/`Q` to the h/a files only).
    cozy_shredder: Option<bool>,
}

fn bench_dir() -> PathBuf {
    match std::env::var_os("CHESSFEN_BENCH_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/bench"),
    }
}

/// Whether criterion will measure (`cargo bench`), rather than run each benchmark once as a
/// smoke test (`cargo test --benches`) or list them.
fn benchmarking() -> bool {
    let args: Vec<String> = std::env::args().collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    has("--bench") && !has("--test") && !has("--list")
}

/// How many lines of each corpus a smoke test (not a measurement) reads.
const SMOKE_LINES: usize = 200;

fn load(name: &'static str, file: &str, dialects: &'static [Dialect], cozy_shredder: Option<bool>) -> Option<Corpus> {
    let path = bench_dir().join(file);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            let message = format!(
                "cannot read the benchmark corpus {}: {e}\n\
                 The corpora (classical.fen, chess960.fen, chess960-xfen.fen) live in ../shared/bench \
                 next to the repository; set CHESSFEN_BENCH_DIR to the folder that holds them.",
                path.display()
            );
            if benchmarking() {
                panic!("{message}");
            }
            eprintln!("{message}\nNot benchmarking, so the smoke run is skipped.");
            return None;
        }
    };
    let text: &'static str = Box::leak(text.into_boxed_str());
    let mut lines: Vec<&'static str> = text.lines().filter(|l| !l.is_empty()).collect();
    assert!(!lines.is_empty(), "{} has no lines", path.display());
    if !benchmarking() {
        lines.truncate(SMOKE_LINES);
    }
    Some(Corpus { name, lines, dialects, cozy_shredder })
}

fn corpora() -> Option<Vec<Corpus>> {
    Some(vec![
        load("classical", "classical.fen", &[Dialect::Standard, Dialect::XFen], Some(false))?,
        load("chess960", "chess960.fen", &[Dialect::Shredder], Some(true))?,
        load("chess960-xfen", "chess960-xfen.fen", &[Dialect::XFen], None)?,
    ])
}

/// Checks, before timing anything, that every library reads every line (so no row measures
/// an early error exit) and that our writer reproduces each line in its own dialect.
fn sanity_check(corpus: &Corpus) {
    let mut out = String::new();
    for &line in &corpus.lines {
        let setup = Setup::from_ascii(line.as_bytes()).unwrap_or_else(|e| panic!("chessfen: {line}: {e}"));
        assert!(setup.validate().is_empty(), "chessfen finds {line} invalid");
        for &dialect in corpus.dialects {
            let strict = Setup::parse(line.as_bytes(), &dialect, Syntax::Strict)
                .unwrap_or_else(|e| panic!("chessfen {dialect}: {line}: {e}"));
            assert_eq!(strict, setup);
            out.clear();
            setup.write_fen(&mut out, &dialect, EnPassantMode::AsIs).expect("writable");
            assert_eq!(out, line, "chessfen {dialect} does not round-trip");
        }
        let fen = Fen::from_ascii(line.as_bytes()).unwrap_or_else(|e| panic!("shakmaty: {line}: {e}"));
        let _: Chess = fen.into_position(CastlingMode::Chess960).unwrap_or_else(|e| panic!("shakmaty: {line}: {e}"));
        if let Some(shredder) = corpus.cozy_shredder {
            cozy_chess::Board::from_fen(line, shredder).unwrap_or_else(|e| panic!("cozy-chess: {line}: {e:?}"));
        }
    }
}

fn group<'a>(c: &'a mut Criterion, name: String, corpus: &Corpus) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(corpus.lines.len() as u64));
    // One iteration is a whole corpus (milliseconds), so a few dozen iterations suffice.
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(20);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
    g
}

fn dialect_id(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Standard => "standard",
        Dialect::Shredder => "shredder",
        Dialect::XFen => "xfen",
    }
}

fn benches(c: &mut Criterion) {
    let Some(corpora) = corpora() else { return };
    for corpus in &corpora {
        sanity_check(corpus);
    }
    let lines = |corpus: &Corpus| corpus.lines.clone();

    // The floor: copying each FEN's bytes into a reused buffer.
    {
        let corpus = &corpora[0];
        let mut g = group(c, format!("copy-{}", corpus.name), corpus);
        let mut out = String::new();
        g.bench_function("memcpy", |b| {
            b.iter(|| {
                for &line in &corpus.lines {
                    out.clear();
                    out.push_str(black_box(line));
                    black_box(&out);
                }
            })
        });
        g.finish();
    }

    for corpus in &corpora {
        let ls = lines(corpus);
        let mut g = group(c, format!("parse-{}", corpus.name), corpus);
        g.bench_function("chessfen-auto", |b| {
            b.iter(|| {
                for &line in &ls {
                    let _ = black_box(Setup::from_ascii(black_box(line.as_bytes())));
                }
            })
        });
        for &dialect in corpus.dialects {
            g.bench_function(format!("chessfen-{}", dialect_id(dialect)), |b| {
                b.iter(|| {
                    for &line in &ls {
                        let _ = black_box(Setup::parse(black_box(line.as_bytes()), &dialect, Syntax::Strict));
                    }
                })
            });
        }
        g.bench_function("shakmaty", |b| {
            b.iter(|| {
                for &line in &ls {
                    let _ = black_box(Fen::from_ascii(black_box(line.as_bytes())));
                }
            })
        });
        g.finish();
    }

    for corpus in &corpora {
        let ls = lines(corpus);
        let mut g = group(c, format!("validate-{}", corpus.name), corpus);
        g.bench_function("chessfen-auto", |b| {
            b.iter(|| {
                for &line in &ls {
                    let _ = black_box(Setup::from_ascii(black_box(line.as_bytes())).map(|s| s.validate()));
                }
            })
        });
        if let Some(&dialect) = corpus.dialects.first() {
            g.bench_function(format!("chessfen-{}", dialect_id(dialect)), |b| {
                b.iter(|| {
                    for &line in &ls {
                        let parsed = Setup::parse(black_box(line.as_bytes()), &dialect, Syntax::Strict);
                        let _ = black_box(parsed.map(|s| s.validate()));
                    }
                })
            });
        }
        g.bench_function("shakmaty", |b| {
            b.iter(|| {
                for &line in &ls {
                    let pos = Fen::from_ascii(black_box(line.as_bytes()))
                        .ok()
                        .and_then(|fen| fen.into_position::<Chess>(CastlingMode::Chess960).ok());
                    black_box(pos);
                }
            })
        });
        if let Some(shredder) = corpus.cozy_shredder {
            g.bench_function("cozy-chess", |b| {
                b.iter(|| {
                    for &line in &ls {
                        let _ = black_box(cozy_chess::Board::from_fen(black_box(line), shredder));
                    }
                })
            });
        }
        g.finish();
    }

    // Writing: the two Chess960 files hold the same positions, so only one of them is written.
    for corpus in corpora.iter().take(2) {
        let setups: Vec<Setup> = corpus.lines.iter().map(|l| Setup::from_ascii(l.as_bytes()).unwrap()).collect();
        let positions: Vec<Chess> = corpus
            .lines
            .iter()
            .map(|l| Fen::from_ascii(l.as_bytes()).unwrap().into_position(CastlingMode::Chess960).unwrap())
            .collect();
        let shredder = corpus.cozy_shredder.unwrap_or(false);
        let boards: Vec<cozy_chess::Board> =
            corpus.lines.iter().map(|l| cozy_chess::Board::from_fen(l, shredder).unwrap()).collect();
        let mut out = String::with_capacity(128);
        let mut g = group(c, format!("write-{}", corpus.name), corpus);
        for dialect in [Dialect::Standard, Dialect::Shredder, Dialect::XFen] {
            g.bench_function(format!("chessfen-{}", dialect_id(dialect)), |b| {
                b.iter(|| {
                    for setup in &setups {
                        out.clear();
                        let _ = black_box(black_box(setup).write_fen(&mut out, &dialect, EnPassantMode::AsIs));
                        black_box(&out);
                    }
                })
            });
        }
        g.bench_function("chessfen-xfen-fenbuf", |b| {
            b.iter(|| {
                for setup in &setups {
                    let _ = black_box(black_box(setup).to_fen(&Dialect::XFen, EnPassantMode::AsIs));
                }
            })
        });
        g.bench_function("shakmaty", |b| {
            b.iter(|| {
                for pos in &positions {
                    out.clear();
                    Fen::from_position(black_box(pos), shakmaty::EnPassantMode::Always).append_to_string(&mut out);
                    black_box(&out);
                }
            })
        });
        g.bench_function("cozy-chess", |b| {
            b.iter(|| {
                for board in &boards {
                    out.clear();
                    let _ = if shredder {
                        write!(out, "{:#}", black_box(board))
                    } else {
                        write!(out, "{}", black_box(board))
                    };
                    black_box(&out);
                }
            })
        });
        g.finish();
    }

    // Converting: parse any dialect (auto) and write another.
    for corpus in &corpora {
        let ls = lines(corpus);
        let target = if corpus.dialects.contains(&Dialect::Shredder) { Dialect::XFen } else { Dialect::Shredder };
        let mut out = String::with_capacity(128);
        let mut g = group(c, format!("convert-{}", corpus.name), corpus);
        g.bench_function(format!("chessfen-auto-to-{}", dialect_id(target)), |b| {
            b.iter(|| {
                for &line in &ls {
                    out.clear();
                    if let Ok(setup) = Setup::from_ascii(black_box(line.as_bytes())) {
                        let _ = black_box(setup.write_fen(&mut out, &target, EnPassantMode::AsIs));
                    }
                    black_box(&out);
                }
            })
        });
        g.bench_function("shakmaty", |b| {
            b.iter(|| {
                for &line in &ls {
                    out.clear();
                    if let Ok(fen) = Fen::from_ascii(black_box(line.as_bytes())) {
                        fen.append_to_string(&mut out);
                    }
                    black_box(&out);
                }
            })
        });
        if let Some(shredder) = corpus.cozy_shredder {
            g.bench_function("cozy-chess", |b| {
                b.iter(|| {
                    for &line in &ls {
                        out.clear();
                        if let Ok(board) = cozy_chess::Board::from_fen(black_box(line), shredder) {
                            let _ = if shredder { write!(out, "{board}") } else { write!(out, "{board:#}") };
                        }
                        black_box(&out);
                    }
                })
            });
        }
        g.finish();
    }
}

criterion_group!(throughput, benches);
criterion_main!(throughput);
