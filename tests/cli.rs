//! The `fen` binary, driven as a user or a script would: every subcommand, exit codes,
//! diagnostics, input edge cases and a closed output pipe (contract: `spec-notes/cli.md`).
//!
//! Expected FENs come from python-chess (tests/vectors/*.tsv, the benchmark corpus in
//! ../shared/bench, and examples/chess960-shredder.fen, copied from that corpus), never from
//! our own output.

#![cfg(feature = "cli")]

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Stdio};

use assert_cmd::Command;
use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

fn fen() -> Command {
    cargo_bin_cmd!("fen")
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn example(name: &str) -> PathBuf {
    root().join("examples").join(name)
}

/// The records (non-comment lines) of a vector file, split on tabs.
fn vectors(name: &str) -> Vec<Vec<String>> {
    let text = fs::read_to_string(root().join("tests/vectors").join(name)).expect("vector file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(String::from).collect())
        .collect()
}

/// One column of a vector file, as lines (each with `\n`).
fn column(name: &str, col: usize) -> String {
    vectors(name).iter().map(|r| format!("{}\n", r[col])).collect()
}

/// The benchmark corpus folder: `$CHESSFEN_BENCH_DIR`, by default `../shared/bench` beside the
/// repository. Missing: a note and `None`, except under CI, where it always exists.
fn bench() -> Option<PathBuf> {
    let dir = std::env::var_os("CHESSFEN_BENCH_DIR").map_or_else(|| root().join("../shared/bench"), PathBuf::from);
    if dir.join("chess960-xfen.fen").is_file() {
        return Some(dir);
    }
    assert!(std::env::var_os("CI").is_none(), "benchmark corpus missing in CI: {}", dir.display());
    eprintln!("skipping: no benchmark corpus in {} (set CHESSFEN_BENCH_DIR)", dir.display());
    None
}

fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().expect("run fen");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// `X` is byte offset 49, column 50.
const BAD_CASTLING: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1";
const BAD_CASTLING_MSG: &str = "50: castling field: 'X' is not a castling letter";

// ---------------------------------------------------------------- convert: conversions

#[test]
fn readme_command_converts_the_example_to_shredder() {
    let expected = fs::read_to_string(example("chess960-shredder.fen")).unwrap();
    fen()
        .args(["convert", "--to", "shredder"])
        .arg(example("chess960.fen"))
        .assert()
        .success()
        .stdout(expected)
        .stderr("");
}

#[test]
fn example_converts_back_to_xfen() {
    let expected = fs::read_to_string(example("chess960.fen")).unwrap();
    assert_eq!(expected.lines().count(), 40);
    assert!(expected.contains(" w c - 1 30\n"), "the X-FEN line with a file letter is in the example");
    fen()
        .args(["convert", "--to", "xfen", "--from", "shredder"])
        .arg(example("chess960-shredder.fen"))
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn bench_corpus_xfen_to_shredder_byte_for_byte() {
    let Some(dir) = bench() else { return };
    let expected = fs::read(dir.join("chess960.fen")).unwrap();
    let out = fen().args(["convert", "--to", "shredder"]).arg(dir.join("chess960-xfen.fen")).output().unwrap();
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    assert!(out.stdout == expected, "output differs from chess960.fen");
}

#[test]
fn bench_corpus_shredder_to_xfen_and_classical_unchanged() {
    let Some(dir) = bench() else { return };
    let out =
        fen().args(["convert", "--to", "xfen", "--from", "shredder"]).arg(dir.join("chess960.fen")).output().unwrap();
    assert!(out.status.success());
    assert!(out.stdout == fs::read(dir.join("chess960-xfen.fen")).unwrap(), "output differs from chess960-xfen.fen");
    let out = fen().args(["convert", "--to", "standard"]).arg(dir.join("classical.fen")).output().unwrap();
    assert!(out.status.success());
    assert!(out.stdout == fs::read(dir.join("classical.fen")).unwrap(), "classical.fen is not its own standard FEN");
}

#[test]
fn castling_vectors_both_ways() {
    let shredder = column("castling.tsv", 0);
    let xfen = column("castling.tsv", 1);
    fen().args(["convert", "--to", "xfen"]).write_stdin(shredder.clone()).assert().success().stdout(xfen.clone());
    fen().args(["convert", "--to", "shredder"]).write_stdin(xfen.clone()).assert().success().stdout(shredder.clone());
    // Strict input of each dialect accepts python-chess's canonical text.
    fen()
        .args(["convert", "--from", "xfen", "--to", "shredder", "-"])
        .write_stdin(xfen)
        .assert()
        .success()
        .stdout(shredder);
}

#[test]
fn to_standard_fails_exactly_for_file_letters() {
    let rows = vectors("castling.tsv");
    let input: String = rows.iter().map(|r| format!("{}\n", r[1])).collect();
    let mut expected_out = String::new();
    let mut failing = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let castling = r[1].split(' ').nth(2).unwrap();
        if castling.chars().all(|c| "KQkq-".contains(c)) {
            // X-FEN with only K/Q/k/q is standard FEN.
            expected_out.push_str(&r[1]);
            expected_out.push('\n');
        } else {
            failing.push(i + 1);
        }
    }
    assert!(failing.len() > 100);
    let out = fen().args(["convert", "--to", "standard"]).write_stdin(input).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected_out);
    let stderr = String::from_utf8(out.stderr).unwrap();
    let diagnosed: Vec<usize> = stderr
        .lines()
        .map(|l| {
            let rest = l.strip_prefix("-:").expect("stdin prefix");
            let (line, msg) = rest.split_once(": ").expect("no column");
            assert!(msg.contains("cannot be written in standard"), "{l}");
            line.parse().expect("line number without column")
        })
        .collect();
    assert_eq!(diagnosed, failing);
}

#[test]
fn en_passant_policies_follow_python_chess() {
    let rows = vectors("en_passant.tsv");
    let input: String = rows.iter().map(|r| format!("{}\n", r[0])).collect();
    for (mode, col) in [("pseudo-legal", Some(1)), ("legal", Some(2)), ("as-is", None)] {
        let out =
            stdout_of(fen().args(["convert", "--to", "shredder", "--en-passant", mode]).write_stdin(input.clone()));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), rows.len());
        for (line, row) in lines.iter().zip(&rows) {
            let ep_in = row[0].split(' ').nth(3).unwrap();
            let ep_out = line.split(' ').nth(3).unwrap();
            let keep = col.is_none_or(|c| row[c] == "1");
            assert_eq!(ep_out, if keep { ep_in } else { "-" }, "{mode}: {}", row[0]);
        }
    }
    // The default is as-is.
    fen()
        .args(["convert", "--to", "xfen"])
        .write_stdin("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1\n")
        .assert()
        .stdout("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1\n");
}

#[test]
fn strict_from_rejects_other_dialects_with_a_column() {
    // Chess960 #0 in Shredder-FEN is not X-FEN.
    let shredder = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n";
    fen()
        .args(["convert", "--to", "xfen", "--from", "xfen"])
        .write_stdin(shredder)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::starts_with("-:1:47: castling field: "));
    fen().args(["convert", "--to", "xfen", "--from", "auto"]).write_stdin(shredder).assert().success();
    // Strict: no missing clocks; auto: fine.
    fen()
        .args(["validate", "--from", "standard"])
        .write_stdin("8/8/8/8/8/8/8/K6k w - -\n")
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("-:1:24: halfmove clock: "));
    fen()
        .args(["convert", "--to", "xfen"])
        .write_stdin("  8/8/8/8/8/8/8/K6k   w - -\n")
        .assert()
        .success()
        .stdout("8/8/8/8/8/8/8/K6k w - - 0 1\n");
}

// ---------------------------------------------------------------- input and diagnostics

#[test]
fn diagnostics_with_blank_lines_and_two_files() {
    let dir = tempfile::tempdir().unwrap();
    // Lines: 1 ok, 2 blank, 3 spaces/tabs, 4 bad castling, 5 ok (CRLF), 6 empty board (valid
    // syntax), 7 bad placement, 8 " \r" (blank).
    let a = format!(
        "{START}\n\n \t \n{BAD_CASTLING}\n{START}\r\n8/8/8/8/8/8/8/8 w - - 0 1\nrnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n \r\n"
    );
    let b = format!("\n{BAD_CASTLING}\r\n{START}");
    fs::write(dir.path().join("a.fen"), a).unwrap();
    fs::write(dir.path().join("b.fen"), b).unwrap();

    let out = fen().current_dir(dir.path()).args(["convert", "--to", "shredder", "a.fen", "b.fen"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let shredder = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n";
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{shredder}{shredder}8/8/8/8/8/8/8/8 w - - 0 1\n{shredder}")
    );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "a.fen:4:{BAD_CASTLING_MSG}\n\
             a.fen:7:14: placement field: 'X' is not a piece letter, a digit 1-8 or '/'\n\
             b.fen:2:{BAD_CASTLING_MSG}\n"
        )
    );

    let out = fen().current_dir(dir.path()).args(["validate", "a.fen", "b.fen"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "a.fen:4:{BAD_CASTLING_MSG}\n\
             a.fen:6: the board is empty; White has no king; Black has no king\n\
             a.fen:7:14: placement field: 'X' is not a piece letter, a digit 1-8 or '/'\n\
             b.fen:2:{BAD_CASTLING_MSG}\n"
        )
    );
}

#[test]
fn stdin_by_default_and_as_dash() {
    let input = format!("{START}\n{BAD_CASTLING}\n");
    fen()
        .args(["convert", "--to", "xfen"])
        .write_stdin(input.clone())
        .assert()
        .code(1)
        .stdout(format!("{START}\n"))
        .stderr(format!("-:2:{BAD_CASTLING_MSG}\n"));
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f.fen"), format!("{BAD_CASTLING}\n")).unwrap();
    fen()
        .current_dir(dir.path())
        .args(["convert", "--to", "xfen", "f.fen", "-", "f.fen"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!("{START}\n"))
        .stderr(format!("f.fen:1:{BAD_CASTLING_MSG}\n-:2:{BAD_CASTLING_MSG}\nf.fen:1:{BAD_CASTLING_MSG}\n"));
}

#[test]
fn crlf_input_gives_lf_output_and_columns_without_cr() {
    let input = format!("{START}\r\n\r\n{BAD_CASTLING}\r\n");
    fen()
        .args(["convert", "--to", "xfen"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!("{START}\n"))
        .stderr(format!("-:3:{BAD_CASTLING_MSG}\n"));
    // A CR elsewhere than at the end is not removed: in auto mode it is whitespace...
    fen().args(["convert", "--to", "xfen"]).write_stdin(format!("{START}\r\r\n")).assert().success();
    // ...and in strict mode an error at its column.
    fen()
        .args(["convert", "--to", "xfen", "--from", "xfen"])
        .write_stdin(format!("{START}\r\r\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(format!("-:1:{}: ", START.len() + 1)));
}

#[test]
fn unreadable_files_are_reported_and_skipped() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("ok.fen"), format!("{START}\n")).unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    let out = fen()
        .current_dir(dir.path())
        .args(["convert", "--to", "xfen", "missing.fen", "ok.fen", "sub"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{START}\n"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(lines[0].starts_with("missing.fen:0: cannot read: "), "{stderr}");
    assert!(lines[1].starts_with("sub:0: cannot read: "), "{stderr}");
    fen()
        .args(["validate", "/nonexistent/x.fen"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("/nonexistent/x.fen:0: cannot read: "));
}

#[test]
fn overlong_lines_are_skipped_with_a_diagnostic() {
    let mut input = Vec::new();
    input.extend(std::iter::repeat_n(b'x', 100_000));
    input.push(b'\n');
    input.extend(format!("{START}\n").as_bytes());
    // Exactly 4096 bytes: not too long, so a parse error with a column.
    let mut exact = START.as_bytes().to_vec();
    exact.resize(4095, b' ');
    exact.push(b'x');
    assert_eq!(exact.len(), 4096);
    input.extend(&exact);
    input.extend(b"\r\n");
    // 4097 bytes.
    input.extend(std::iter::repeat_n(b' ', 4097));
    input.push(b'\n');
    // Too long and unterminated at the end of the input.
    input.extend(std::iter::repeat_n(b'y', 5000));
    fen()
        .args(["convert", "--to", "shredder"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n")
        .stderr(
            "-:1: line is longer than 4096 bytes\n\
             -:3:4096: end of the FEN: unexpected text after the fullmove number\n\
             -:4: line is longer than 4096 bytes\n\
             -:5: line is longer than 4096 bytes\n",
        );
}

#[test]
fn invalid_utf8_and_nul_bytes() {
    let mut input = format!("{START}\n").into_bytes();
    input.extend(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 \xff\n");
    input.extend(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ\0q - 0 1\n");
    input.extend("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 é\n".as_bytes());
    fen().args(["validate"]).write_stdin(input.clone()).assert().code(1).stderr(
        "-:2: line is not valid UTF-8\n\
         -:3:49: castling field: byte 0x00 is not a castling letter\n\
         -:4:56: fullmove number: byte 0xC3 is not a digit\n",
    );
    fen().args(["convert", "--to", "xfen"]).write_stdin(input).assert().code(1).stdout(format!("{START}\n"));
}

#[test]
fn empty_input_succeeds_with_no_output() {
    fen().args(["convert", "--to", "xfen"]).write_stdin("").assert().success().stdout("").stderr("");
    fen().args(["validate", "-"]).write_stdin("\n \n\t\r\n").assert().success().stdout("").stderr("");
}

#[test]
fn answers_each_line_before_stdin_closes() {
    // `tail -f games.fen | fen convert …`: output must not wait for the end of the input.
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin!("fen"))
        .args(["convert", "--to", "shredder"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        while let Some(Ok(line)) = lines.next() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let timeout = std::time::Duration::from_secs(20);
    writeln!(stdin, "{BAD_CASTLING}\n{START}").unwrap();
    stdin.flush().unwrap();
    assert_eq!(rx.recv_timeout(timeout).as_deref(), Ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"));
    writeln!(stdin, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1").unwrap();
    stdin.flush().unwrap();
    assert_eq!(rx.recv_timeout(timeout).as_deref(), Ok("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"));
    drop(stdin);
    reader.join().unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(1));
    assert_eq!(stderr, format!("-:1:{BAD_CASTLING_MSG}\n"));
}

// ---------------------------------------------------------------- validate

#[test]
fn validate_flags_exactly_what_python_chess_flags() {
    let rows = vectors("status.tsv");
    let input: String = rows.iter().map(|r| format!("{}\n", r[0])).collect();
    let out = fen().arg("validate").write_stdin(input).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    let flagged: Vec<usize> = stderr
        .lines()
        .map(|l| l.strip_prefix("-:").unwrap().split_once(": ").unwrap().0.parse().expect("no column"))
        .collect();
    let expected: Vec<usize> = rows.iter().enumerate().filter(|(_, r)| r[1] != "VALID").map(|(i, _)| i + 1).collect();
    assert_eq!(flagged, expected);
}

#[test]
fn validate_accepts_valid_input_silently() {
    fen()
        .arg("validate")
        .arg(example("chess960.fen"))
        .arg(example("chess960-shredder.fen"))
        .assert()
        .success()
        .stdout("")
        .stderr("");
    fen().args(["validate", "--from", "shredder"]).arg(example("chess960-shredder.fen")).assert().success();
    fen().args(["validate", "--from", "xfen"]).arg(example("chess960.fen")).assert().success();
}

#[test]
fn validate_names_every_problem() {
    // A pawn on rank 8 and White (not to move) in check: both named, joined with "; ".
    let out = fen().arg("validate").write_stdin("P3k3/8/8/8/8/8/8/4K2r b - - 0 1\n").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "-:1: a pawn stands on rank 1 or 8; the side not to move is in check\n"
    );
}

// ---------------------------------------------------------------- chess960

#[test]
fn chess960_all_matches_python_chess() {
    fen().args(["chess960", "--all", "--to", "shredder"]).assert().success().stdout(column("chess960.tsv", 2));
    fen().args(["chess960", "--all"]).assert().success().stdout(column("chess960.tsv", 1));
    fen().args(["chess960", "--all", "--to", "xfen"]).assert().success().stdout(column("chess960.tsv", 1));
}

#[test]
fn chess960_single_positions() {
    for row in vectors("chess960.tsv").iter().step_by(37).chain(vectors("chess960.tsv").iter().skip(518).take(1)) {
        let n = &row[0];
        fen().args(["chess960", n]).assert().success().stdout(format!("{}\n", row[1]));
        fen().args(["chess960", n, "--to", "shredder"]).assert().success().stdout(format!("{}\n", row[2]));
        fen()
            .args(["chess960", "--to", "shredder", n, "--black", n])
            .assert()
            .success()
            .stdout(format!("{}\n", row[2]));
    }
    fen().args(["chess960", "518", "--to", "standard"]).assert().success().stdout(format!("{START}\n"));
}

#[test]
fn chess960_dfrc_matches_python_chess() {
    for row in vectors("dfrc.tsv").iter().step_by(97) {
        let (w, b) = (&row[0], &row[1]);
        fen()
            .args(["chess960", w, "--black", b, "--to", "shredder"])
            .assert()
            .success()
            .stdout(format!("{}\n", row[2]));
        fen().args(["chess960", w, "--black", b]).assert().success().stdout(format!("{}\n", row[3]));
    }
}

#[test]
fn chess960_number_of_a_start_position() {
    for row in vectors("chess960.tsv").iter().step_by(41) {
        fen().args(["chess960", "--number", &row[1]]).assert().success().stdout(format!("{}\n", row[0]));
        fen().args(["chess960", "--number", &row[2]]).assert().success().stdout(format!("{}\n", row[0]));
        // Clocks are ignored.
        let moved = row[2].replace(" 0 1", " 7 42");
        fen().args(["chess960", "--number", &moved]).assert().success().stdout(format!("{}\n", row[0]));
    }
}

#[test]
fn chess960_number_fails_otherwise() {
    let not_start = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ];
    for f in not_start {
        fen()
            .args(["chess960", "--number", f])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("not a Chess960 start position"));
    }
    // A DFRC start position is not a Chess960 one.
    let dfrc = &vectors("dfrc.tsv")[1];
    assert_ne!(dfrc[0], dfrc[1]);
    fen().args(["chess960", "--number", &dfrc[2]]).assert().code(1).stdout("");
    // Unparsable.
    fen()
        .args(["chess960", "--number", BAD_CASTLING])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("castling field"));
}

#[test]
fn chess960_bad_numbers_are_usage_errors() {
    for args in [
        &["chess960", "960"][..],
        &["chess960", "-1"],
        &["chess960", "4294967296"],
        &["chess960", "abc"],
        &["chess960", "3", "--black", "960"],
        &["chess960"],
        &["chess960", "1", "--all"],
        &["chess960", "--all", "--black", "2"],
        &["chess960", "1", "--to", "kqkq"],
    ] {
        fen()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::is_empty().not().and(predicate::str::contains("panicked").not()));
    }
    fen()
        .args(["chess960", "960"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("960 is not a Chess960 start position number (0 to 959)"));
}

// ---------------------------------------------------------------- show

#[test]
fn show_prints_board_and_fields() {
    let f = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let out = stdout_of(fen().args(["show", "--ascii", f]));
    // The diagram is the placement field, rank 8 first, '.' for the empty squares.
    let diagram: Vec<String> = out
        .lines()
        .take(8)
        .map(|l| l.split_whitespace().skip(1).map(|c| if c == "." { "1" } else { c }).collect::<String>())
        .collect();
    let expanded: Vec<String> = f
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .map(|rank| rank.chars().map(|c| c.to_digit(10).map_or(c.to_string(), |n| "1".repeat(n as usize))).collect())
        .collect();
    assert_eq!(diagram, expanded, "{out}");
    for needle in ["Black", "a1 h1 a8 h8", "KQkq", "HAha", "e3", "Problems"] {
        assert!(out.contains(needle), "{needle} missing in\n{out}");
    }
    // Not a terminal: ASCII unless asked.
    assert!(stdout_of(fen().args(["show", f])).starts_with("8  r n b q k b n r\n"));
    assert!(stdout_of(fen().args(["show", "--unicode", f])).contains('♔'));
    // The fields may come as separate arguments.
    assert_eq!(stdout_of(fen().args(["show", "--ascii"]).args(f.split(' '))), out);
}

#[test]
fn show_castling_in_every_dialect_and_chess960_number() {
    let rows = vectors("chess960.tsv");
    let row = &rows[0];
    let out = stdout_of(fen().args(["show", &row[2]]));
    assert!(out.contains("h1 f1 h8 f8") || out.contains("f1 h1 f8 h8"), "{out}");
    assert!(out.contains("HFhf") && out.contains("KQkq"), "{out}");
    assert!(out.contains("Chess960 number: 0\n"), "{out}");
    // Unwritable in standard: shown, not failed.
    let inner = "1krq2rb/2p3p1/1p3n2/1p1B2Pb/1B1P1pp1/P1P1n1P1/1R2P3/1K2RQ2 w c - 1 30";
    let out = fen().args(["show", inner]).assert().success().get_output().stdout.clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("cannot be written"), "{out}");
    // Problems are listed.
    let out = stdout_of(fen().args(["show", "8/8/8/8/8/8/8/8 w - - 0 1"]));
    assert!(out.contains("White has no king") && out.contains("the board is empty"), "{out}");
}

#[test]
fn show_rejects_unparsable_fen() {
    fen().args(["show", BAD_CASTLING]).assert().code(1).stdout("").stderr(predicate::str::contains("column 50"));
    fen().args(["show", "--ascii", "--unicode", START]).assert().code(2);
    fen().arg("show").assert().code(2);
}

// ---------------------------------------------------------------- help, version, usage

#[test]
fn help_for_every_subcommand_has_an_example() {
    for sub in ["convert", "validate", "chess960", "show"] {
        for flag in ["-h", "--help"] {
            fen()
                .args([sub, flag])
                .assert()
                .success()
                .stdout(predicate::str::contains("Example").and(predicate::str::contains(format!("fen {sub}"))));
        }
    }
    fen()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("convert --to shredder examples/chess960.fen"));
    fen()
        .args(["convert", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("standard").and(predicate::str::contains("pseudo-legal")));
}

#[test]
fn version() {
    fen().arg("--version").assert().success().stdout(format!("fen {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["convert"],
        &["convert", "--to", "kqkq"],
        &["convert", "--to", "xfen", "--from", "lenient"],
        &["convert", "--to", "xfen", "--en-passant", "always"],
        &["validate", "--bogus"],
    ] {
        fen().args(args).write_stdin("").assert().code(2).stdout("");
    }
}

// ---------------------------------------------------------------- closed output pipe

/// Runs `fen convert` on a big input, reads one line and closes the pipe.
fn close_after_one_line(first_line_invalid: bool) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.fen");
    let chunk = fs::read(example("chess960.fen")).unwrap();
    {
        let mut file = std::io::BufWriter::new(fs::File::create(&path).unwrap());
        if first_line_invalid {
            writeln!(file, "{BAD_CASTLING}").unwrap();
        }
        for _ in 0..2500 {
            file.write_all(&chunk).unwrap();
        }
    }
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin!("fen"))
        .args(["convert", "--to", "shredder"])
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(!line.is_empty());
    drop(stdout);
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    (status.code(), stderr)
}

#[test]
fn broken_pipe_ends_quietly() {
    let (code, stderr) = close_after_one_line(false);
    assert_eq!(code, Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn broken_pipe_after_a_failure_keeps_status_1() {
    let (code, stderr) = close_after_one_line(true);
    assert_eq!(code, Some(1), "stderr: {stderr}");
    let dir_free = stderr.lines().map(|l| l.rsplit_once("big.fen:").map_or(l, |(_, r)| r)).collect::<Vec<_>>();
    assert_eq!(dir_free, [format!("1:{BAD_CASTLING_MSG}")]);
}

#[test]
fn chess960_all_into_a_closed_pipe() {
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin!("fen"))
        .args(["chess960", "--all"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert_eq!(stderr, "");
}
