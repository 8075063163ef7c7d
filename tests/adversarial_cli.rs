//! The real `fen` binary against hostile input and hostile surroundings (contract:
//! `spec-notes/cli.md`): a 100 MB line with and without a newline, invalid UTF-8, NUL bytes,
//! CRLF files, lines of exactly 4096 and 4097 bytes, lines straddling the binary's read
//! boundary, a file that is missing, disappears or is a directory, stdin closed early, and
//! stdout or stderr closed by the reader.
//!
//! Every test checks the diagnostic and the exit status, and that every valid line around a
//! bad one comes out, in order, exactly as python-chess wrote it (the pairs below are copied
//! from `shared/bench/chess960-xfen.fen` and `chess960.fen`, which python-chess 1.11.2 made;
//! the classical `HAha` is the table of `spec-notes/shredder-fen.md`), never from our output.
//!
//! The 100 MB inputs are generated on the fly (stdin from a writer thread, or a temp file
//! removed afterwards) and the binary's peak RSS is measured while it runs: `VmHWM` from
//! `/proc/<pid>/status`, or `/usr/bin/time -v` where there is no `/proc`; with neither, the
//! memory assertion is skipped with a printed note.

#![cfg(feature = "cli")]

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// (X-FEN input, the Shredder-FEN python-chess wrote for the same position).
const PAIRS: [(&str, &str); 5] = [
    (
        "br1kqrnb/p2pp1p1/n1p2p2/1p5p/PP6/4P3/2PPNPPP/BR1KQRNB b Kk - 0 9",
        "br1kqrnb/p2pp1p1/n1p2p2/1p5p/PP6/4P3/2PPNPPP/BR1KQRNB b Ff - 0 9",
    ),
    (
        "r1nbr3/1k5P/5p1p/1P1ppP2/P5P1/2PPK3/2RR4/1B2B2N w - d6 0 32",
        "r1nbr3/1k5P/5p1p/1P1ppP2/P5P1/2PPK3/2RR4/1B2B2N w - d6 0 32",
    ),
    (
        "b1nk1qn1/2p2pp1/1r4Pr/1p1p1P2/1P1Pp2p/2P1P2P/Pb6/BRNK1BN1 w Q - 0 17",
        "b1nk1qn1/2p2pp1/1r4Pr/1p1p1P2/1P1Pp2p/2P1P2P/Pb6/BRNK1BN1 w B - 0 17",
    ),
    (
        "1krq2rb/2p3p1/1p3n2/1p1B2Pb/1B1P1pp1/P1P1n1P1/1R2P3/1K2RQ2 w c - 1 30",
        "1krq2rb/2p3p1/1p3n2/1p1B2Pb/1B1P1pp1/P1P1n1P1/1R2P3/1K2RQ2 w c - 1 30",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    ),
];

const MAX_LINE: usize = 4096;
const TOO_LONG: &str = "line is longer than 4096 bytes";
const NOT_UTF8: &str = "line is not valid UTF-8";
/// Peak RSS allowed for any run: the binary streams, so input size must not show.
const RSS_LIMIT_KB: u64 = 32 * 1024;

fn fen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fen"))
}

fn input(i: usize) -> &'static str {
    PAIRS[i % PAIRS.len()].0
}

fn shredder(i: usize) -> &'static str {
    PAIRS[i % PAIRS.len()].1
}

/// The expected stdout: the Shredder-FEN of each listed pair, one per line.
fn expected(indices: &[usize]) -> String {
    indices.iter().map(|&i| format!("{}\n", shredder(i))).collect()
}

/// A scratch directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "chessfen-adversarial-{}-{}-{name}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
    fn file(&self, name: &str, content: &[u8]) -> PathBuf {
        let path = self.0.join(name);
        fs::write(&path, content).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs `cmd` with `feed` writing its stdin from another thread (write errors such as a
/// broken pipe are ignored: the binary may stop reading), collecting stdout and stderr, and
/// measuring peak RSS. Fails the test if the binary runs longer than `limit`.
fn run(mut cmd: Command, feed: impl FnOnce(ChildStdin) + Send + 'static, limit: Duration) -> (Output, Option<u64>) {
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || feed(stdin));
    let (output, rss) = wait_measuring(child, limit);
    writer.join().unwrap();
    (output, rss)
}

fn run_bytes(cmd: Command, stdin: Vec<u8>) -> Output {
    run(
        cmd,
        move |mut s| {
            let _ = s.write_all(&stdin);
        },
        Duration::from_secs(60),
    )
    .0
}

fn vm_hwm_kb(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Waits for `child`, reading its outputs on threads, polling its `VmHWM` meanwhile.
fn wait_measuring(mut child: Child, limit: Duration) -> (Output, Option<u64>) {
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_reader = thread::spawn(move || {
        let mut v = Vec::new();
        out.read_to_end(&mut v).unwrap();
        v
    });
    let err_reader = thread::spawn(move || {
        let mut v = Vec::new();
        err.read_to_end(&mut v).unwrap();
        v
    });
    let started = Instant::now();
    let mut peak = None;
    let status = loop {
        if let Some(kb) = vm_hwm_kb(child.id()) {
            peak = Some(peak.unwrap_or(0).max(kb));
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("fen ran longer than {limit:?}");
        }
        thread::sleep(Duration::from_millis(5));
    };
    let output = Output { status, stdout: out_reader.join().unwrap(), stderr: err_reader.join().unwrap() };
    (output, peak)
}

/// Peak RSS of a run of `args` with stdin from `/dev/null` via `/usr/bin/time -v`, for systems
/// without `/proc`.
fn time_v_peak_kb(args: &[&std::ffi::OsStr]) -> Option<u64> {
    let time = Path::new("/usr/bin/time");
    if !time.exists() {
        return None;
    }
    let out =
        Command::new(time).arg("-v").arg(env!("CARGO_BIN_EXE_fen")).args(args).stdin(Stdio::null()).output().ok()?;
    let text = String::from_utf8_lossy(&out.stderr);
    let line = text.lines().find(|l| l.contains("Maximum resident set size"))?;
    line.rsplit(':').next()?.trim().parse().ok()
}

fn check_rss(what: &str, peak: Option<u64>) {
    match peak {
        Some(kb) => {
            println!("peak RSS of fen ({what}): {kb} kB");
            assert!(kb < RSS_LIMIT_KB, "fen used {kb} kB for {what}: memory grows with the input");
        }
        None => println!("note: no way to measure peak RSS here (no /proc, no /usr/bin/time): skipped for {what}"),
    }
}

fn stderr_lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 diagnostics").lines().map(String::from).collect()
}

fn stdout(out: &Output) -> &str {
    std::str::from_utf8(&out.stdout).expect("UTF-8 output")
}

fn code(status: ExitStatus) -> i32 {
    status.code().unwrap_or_else(|| panic!("fen was killed by a signal: {status:?}"))
}

fn assert_no_panic(out: &Output) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "fen panicked: {err}");
}

fn convert() -> Command {
    let mut cmd = fen();
    cmd.args(["convert", "--to", "shredder"]);
    cmd
}

/// Writes `n` bytes of `byte` in 1 MiB pieces.
fn write_run(out: &mut impl Write, byte: u8, n: usize) -> std::io::Result<()> {
    let chunk = vec![byte; 1 << 20];
    let mut left = n;
    while left > 0 {
        let k = left.min(chunk.len());
        out.write_all(&chunk[..k])?;
        left -= k;
    }
    Ok(())
}

const HUNDRED_MB: usize = 100 * 1000 * 1000;

// ---------------------------------------------------------------------------------------------
// Huge lines.
// ---------------------------------------------------------------------------------------------

#[test]
fn hundred_megabyte_line_in_the_middle_of_stdin() {
    let (out, peak) = run(
        convert(),
        |mut s| {
            let _ = (|| -> std::io::Result<()> {
                writeln!(s, "{}", input(0))?;
                write_run(&mut s, b'x', HUNDRED_MB)?;
                writeln!(s)?;
                write!(s, "{}", input(1)) // last line without a newline
            })();
        },
        Duration::from_secs(120),
    );
    assert_no_panic(&out);
    assert_eq!(stdout(&out), expected(&[0, 1]));
    assert_eq!(stderr_lines(&out), [format!("-:2: {TOO_LONG}")]);
    assert_eq!(code(out.status), 1);
    check_rss("a 100 MB line on stdin", peak);
}

#[test]
fn hundred_megabyte_file_with_no_newline() {
    let scratch = Scratch::new("huge");
    let path = scratch.0.join("huge.fen");
    {
        let mut f = std::io::BufWriter::new(fs::File::create(&path).unwrap());
        writeln!(f, "{}", input(2)).unwrap();
        write_run(&mut f, b'a', HUNDRED_MB).unwrap();
        f.flush().unwrap();
    }
    let mut cmd = convert();
    cmd.arg(&path);
    let (out, mut peak) = run(cmd, drop, Duration::from_secs(120));
    assert_no_panic(&out);
    assert_eq!(stdout(&out), expected(&[2]));
    assert_eq!(stderr_lines(&out), [format!("{}:2: {TOO_LONG}", path.display())]);
    assert_eq!(code(out.status), 1);
    if peak.is_none() {
        peak = time_v_peak_kb(&["convert".as_ref(), "--to".as_ref(), "shredder".as_ref(), path.as_os_str()]);
    }
    check_rss("a 100 MB file with no newline", peak);
}

#[test]
fn hundred_megabytes_of_nul_without_newline_in_validate() {
    let (out, peak) = run(
        {
            let mut c = fen();
            c.arg("validate");
            c
        },
        |mut s| {
            let _ = write_run(&mut s, 0, HUNDRED_MB);
        },
        Duration::from_secs(120),
    );
    assert_no_panic(&out);
    assert_eq!(stdout(&out), "");
    assert_eq!(stderr_lines(&out), [format!("-:1: {TOO_LONG}")]);
    assert_eq!(code(out.status), 1);
    check_rss("100 MB of NUL bytes", peak);
}

/// Many ordinary lines: memory stays flat too (2 × 10^5 lines, ~13 MB).
#[test]
fn many_lines_stream_in_constant_memory() {
    const N: usize = 200_000;
    let (out, peak) = run(
        convert(),
        |mut s| {
            let mut block = String::new();
            for i in 0..1000 {
                block.push_str(input(i));
                block.push('\n');
            }
            for _ in 0..N / 1000 {
                if s.write_all(block.as_bytes()).is_err() {
                    return;
                }
            }
        },
        Duration::from_secs(120),
    );
    assert_no_panic(&out);
    assert_eq!(code(out.status), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), N);
    assert!(text.lines().enumerate().all(|(i, l)| l == shredder(i)));
    check_rss("200,000 lines", peak);
}

// ---------------------------------------------------------------------------------------------
// Line lengths and read boundaries.
// ---------------------------------------------------------------------------------------------

/// `line` padded with trailing spaces (which Auto accepts) to exactly `len` bytes.
fn padded(line: &str, len: usize) -> Vec<u8> {
    let mut v = line.as_bytes().to_vec();
    v.resize(len, b' ');
    v
}

#[test]
fn lines_of_exactly_4096_and_4097_bytes() {
    let mut text = Vec::new();
    for (len, cr) in [(MAX_LINE, false), (MAX_LINE + 1, false), (MAX_LINE, true), (MAX_LINE + 1, true), (80, false)] {
        text.extend(padded(input(3), len));
        if cr {
            text.push(b'\r'); // one trailing \r is not counted
        }
        text.push(b'\n');
    }
    let out = run_bytes(convert(), text);
    assert_no_panic(&out);
    assert_eq!(stdout(&out), expected(&[3, 3, 3]));
    assert_eq!(stderr_lines(&out), [format!("-:2: {TOO_LONG}"), format!("-:4: {TOO_LONG}")]);
    assert_eq!(code(out.status), 1);
}

/// Lines of 60, 4095, 4096 and 4097 bytes placed across the binary's 128 KiB read boundary at
/// many offsets, from a file (reads are then exactly 128 KiB) and through a pipe fed in small
/// pieces: every line is kept or reported, none is merged, split or altered.
#[test]
fn lines_straddling_read_boundaries() {
    const CHUNK: usize = 128 * 1024;
    let scratch = Scratch::new("boundaries");
    for target in [60, MAX_LINE - 1, MAX_LINE, MAX_LINE + 1] {
        for before in [0, 1, 2, 3, 30, 59, 61, 2048, 4095, 4096, 4097] {
            if before > target {
                continue;
            }
            // Line 1: filler up to the boundary minus `before` (too long: reported, skipped).
            let mut text = vec![b'f'; CHUNK - before - 1];
            text.push(b'\n');
            // Line 2: the target, starting `before` bytes before the boundary; then line 3.
            text.extend(padded(input(4), target));
            text.push(b'\n');
            text.extend(input(1).as_bytes());
            text.push(b'\n');
            let (mut want_out, mut want_err) = (Vec::new(), vec![format!("{}:1: {TOO_LONG}", "F")]);
            if target <= MAX_LINE {
                want_out.push(4);
            } else {
                want_err.push(format!("F:2: {TOO_LONG}"));
            }
            want_out.push(1);
            let path = scratch.file("straddle.fen", &text);
            let from_file = convert().arg(&path).output().unwrap();
            let from_pipe = run(
                convert(),
                move |mut s| {
                    for piece in text.chunks(997) {
                        if s.write_all(piece).is_err() {
                            return;
                        }
                    }
                },
                Duration::from_secs(60),
            )
            .0;
            for (out, name) in [(&from_file, path.display().to_string()), (&from_pipe, "-".to_string())] {
                let what = format!("target {target} bytes, {before} before the boundary, from {name}");
                assert_no_panic(out);
                assert_eq!(stdout(out), expected(&want_out), "{what}");
                let want: Vec<String> = want_err.iter().map(|l| l.replacen('F', &name, 1)).collect();
                assert_eq!(stderr_lines(out), want, "{what}");
                assert_eq!(code(out.status), 1, "{what}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Bad bytes.
// ---------------------------------------------------------------------------------------------

#[test]
fn invalid_utf8_lines_are_reported_and_their_neighbours_kept() {
    let mut text = Vec::new();
    let bad: [&[u8]; 5] = [
        b"\xff\xfe",
        b"\xc0\x80",                                                         // overlong NUL
        b"\xed\xa0\x80",                                                     // a UTF-16 surrogate
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\xe2\x82", // truncated sequence
        b"\xf4\x90\x80\x80",                                                 // above U+10FFFF
    ];
    let mut want_err = Vec::new();
    let mut want_out = Vec::new();
    let mut line = 0;
    for (i, b) in bad.iter().enumerate() {
        text.extend(input(i).as_bytes());
        text.push(b'\n');
        line += 1;
        want_out.push(i);
        text.extend(*b);
        text.push(b'\n');
        line += 1;
        want_err.push(format!("-:{line}: {NOT_UTF8}"));
    }
    text.extend(input(9).as_bytes()); // no newline
    want_out.push(9);
    let out = run_bytes(convert(), text);
    assert_no_panic(&out);
    assert_eq!(stdout(&out), expected(&want_out));
    assert_eq!(stderr_lines(&out), want_err);
    assert_eq!(code(out.status), 1);
}

#[test]
fn valid_non_ascii_utf8_is_a_parse_error_with_a_byte_column() {
    // "é" is valid UTF-8 but not FEN: a parse error at its (1-based byte) column.
    let text = format!("{}\n8/8/8/8/8/8/8/é w - - 0 1\n{}\n", input(0), input(1));
    let out = run_bytes(convert(), text.into_bytes());
    assert_no_panic(&out);
    assert_eq!(stdout(&out), expected(&[0, 1]));
    let err = stderr_lines(&out);
    assert_eq!(err.len(), 1);
    assert!(err[0].starts_with("-:2:15: placement field: "), "{err:?}");
    assert_eq!(code(out.status), 1);
}

#[test]
fn nul_bytes_are_parse_errors_at_their_column() {
    let mut text = Vec::new();
    text.extend(input(0).as_bytes());
    text.push(b'\n');
    text.extend(b"rnbq\0kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    text.extend(b"\0\0\0\n");
    text.extend(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\0\n");
    text.extend(input(1).as_bytes());
    text.extend(b"\n\0");
    let out = run_bytes(convert(), text);
    assert_no_panic(&out);
    assert_eq!(stdout(&out), expected(&[0, 1]));
    let err = stderr_lines(&out);
    assert_eq!(err.len(), 4, "{err:?}");
    for (diag, prefix) in
        err.iter().zip(["-:2:5: placement field: ", "-:3:1: placement field: ", "-:4:57: ", "-:6:1: "])
    {
        assert!(diag.starts_with(prefix), "{diag:?} should start with {prefix:?}");
        assert!(diag.contains("0x00"), "{diag:?} should name the NUL byte");
    }
    assert_eq!(code(out.status), 1);
}

// ---------------------------------------------------------------------------------------------
// Line endings.
// ---------------------------------------------------------------------------------------------

#[test]
fn crlf_files_convert_exactly_in_auto_and_strict_modes() {
    let scratch = Scratch::new("crlf");
    let mut xfen = String::new();
    let mut canonical = String::new();
    for i in 0..PAIRS.len() {
        xfen.push_str(input(i));
        xfen.push_str("\r\n");
        canonical.push_str(shredder(i));
        canonical.push_str("\r\n");
    }
    xfen.push_str("\r\n"); // a blank CRLF line: skipped
    xfen.push_str(input(0)); // last line: no newline at all
    canonical.push_str(shredder(0)); // last line: a lone \r
    canonical.push('\r');
    let all: Vec<usize> = (0..=PAIRS.len()).collect();

    let out = convert().arg(scratch.file("x.fen", xfen.as_bytes())).output().unwrap();
    assert_eq!((stdout(&out), stderr_lines(&out), code(out.status)), (&*expected(&all), vec![], 0));

    // Strict Shredder input with CRLF: the trailing \r is not part of the FEN.
    let path = scratch.file("s.fen", canonical.as_bytes());
    let out = convert().args(["--from", "shredder"]).arg(&path).output().unwrap();
    assert_eq!((stdout(&out), stderr_lines(&out), code(out.status)), (&*expected(&all[..PAIRS.len() + 1]), vec![], 0));
    let out = fen().args(["validate", "--from", "shredder"]).arg(&path).output().unwrap();
    assert_eq!((stdout(&out), stderr_lines(&out), code(out.status)), ("", vec![], 0));
}

#[test]
fn a_carriage_return_inside_a_line_is_whitespace_in_auto_and_an_error_in_strict() {
    let line = format!("{}\r\r\n", shredder(1).replacen(' ', "\r", 1));
    let out = run_bytes(convert(), line.clone().into_bytes());
    assert_eq!((stdout(&out), code(out.status)), (&*expected(&[1]), 0), "{:?}", stderr_lines(&out));
    let mut strict = convert();
    strict.args(["--from", "shredder"]);
    let out = run_bytes(strict, line.into_bytes());
    let err = stderr_lines(&out);
    let column = shredder(1).find(' ').unwrap() + 1;
    assert_eq!(stdout(&out), "");
    assert_eq!(err.len(), 1);
    assert!(err[0].starts_with(&format!("-:1:{column}: ")), "{err:?}");
    assert_eq!(code(out.status), 1);
}

// ---------------------------------------------------------------------------------------------
// Files that are not there.
// ---------------------------------------------------------------------------------------------

#[test]
fn missing_file_and_directory_are_reported_and_the_other_files_read() {
    let scratch = Scratch::new("files");
    let a = scratch.file("a.fen", format!("{}\n", input(0)).as_bytes());
    let b = scratch.file("b.fen", format!("{}\n{}", input(1), input(2)).as_bytes());
    let missing = scratch.0.join("missing.fen");
    let out = convert().arg(&a).arg(&missing).arg(&scratch.0).arg(&b).output().unwrap();
    assert_no_panic(&out);
    assert_eq!(stdout(&out), expected(&[0, 1, 2]));
    let err = stderr_lines(&out);
    assert_eq!(err.len(), 2, "{err:?}");
    assert!(err[0].starts_with(&format!("{}:0: cannot read: ", missing.display())), "{err:?}");
    assert!(err[1].starts_with(&format!("{}:0: cannot read: ", scratch.0.display())), "{err:?}");
    assert_eq!(code(out.status), 1);
}

/// Whether a process is asleep (for instance blocked reading an empty pipe), from
/// `/proc/<pid>/stat`; `None` where there is no `/proc`.
fn is_sleeping(pid: u32) -> Option<bool> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let state = stat.rsplit(')').next()?.split_whitespace().next()?;
    Some(state == "S")
}

/// The file is deleted while `fen` is still blocked on stdin, before it reaches the file.
#[test]
fn file_that_disappears_before_it_is_read() {
    let scratch = Scratch::new("vanish");
    let path = scratch.file("vanish.fen", format!("{}\n", input(3)).as_bytes());
    let mut cmd = convert();
    cmd.arg("-").arg(&path);
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{}", input(0)).unwrap();
    stdin.flush().unwrap();
    // Stdout is buffered, so wait until fen sleeps on the empty stdin pipe (or 2 s pass).
    let started = Instant::now();
    thread::sleep(Duration::from_millis(50));
    while is_sleeping(child.id()) == Some(false) && started.elapsed() < Duration::from_secs(2) {
        thread::sleep(Duration::from_millis(10));
    }
    fs::remove_file(&path).unwrap();
    writeln!(stdin, "{}", input(1)).unwrap();
    drop(stdin);
    let (out, _) = wait_measuring(child, Duration::from_secs(60));
    assert_no_panic(&out);
    // If fen had opened the file in advance it may still read it; either way nothing is lost
    // or altered, and the status tells.
    let err = stderr_lines(&out);
    if err.is_empty() {
        assert_eq!(stdout(&out), expected(&[0, 1, 3]));
        assert_eq!(code(out.status), 0);
    } else {
        assert_eq!(stdout(&out), expected(&[0, 1]));
        assert_eq!(err.len(), 1, "{err:?}");
        assert!(err[0].starts_with(&format!("{}:0: cannot read: ", path.display())), "{err:?}");
        assert_eq!(code(out.status), 1);
    }
}

// ---------------------------------------------------------------------------------------------
// Closed streams.
// ---------------------------------------------------------------------------------------------

#[test]
fn stdin_closed_before_anything_is_written() {
    let out = convert().stdin(Stdio::null()).output().unwrap();
    assert_eq!((stdout(&out), stderr_lines(&out), code(out.status)), ("", vec![], 0));
    let out = run_bytes(convert(), Vec::new());
    assert_eq!((stdout(&out), stderr_lines(&out), code(out.status)), ("", vec![], 0));
}

#[test]
fn stdin_closed_in_the_middle_of_a_line() {
    let half = &input(2)[..input(2).len() / 2];
    let text = format!("{}\n{}\n{half}", input(0), input(1));
    let out = run_bytes(convert(), text.into_bytes());
    assert_no_panic(&out);
    assert_eq!(stdout(&out), expected(&[0, 1]));
    let err = stderr_lines(&out);
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(err[0].starts_with("-:3:"), "{err:?}");
    assert_eq!(code(out.status), 1);
}

/// The reader of stdout goes away after one line: fen stops quietly (no message, no panic)
/// with status 0, as nothing had failed, and does not hang.
#[test]
fn stdout_closed_by_the_reader() {
    let mut child = convert().stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        let mut block = String::new();
        for i in 0..1000 {
            block.push_str(input(i));
            block.push('\n');
        }
        for _ in 0..200 {
            if stdin.write_all(block.as_bytes()).is_err() {
                return true; // fen stopped reading: expected
            }
        }
        false
    });
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert_eq!(first, expected(&[0]));
    drop(reader);
    let err_reader = child.stderr.take().unwrap();
    let (status, stderr) = wait_draining(child, err_reader);
    let stopped_early = writer.join().unwrap();
    assert!(stderr.is_empty(), "fen complained: {}", String::from_utf8_lossy(&stderr));
    assert_eq!(code(status), 0);
    assert!(stopped_early, "fen read all 200,000 lines although nobody read its output");
}

/// The reader of stderr goes away (`fen validate … 2>&1 | head -1`): fen stops with status 1.
#[test]
fn stderr_closed_by_the_reader() {
    let mut child =
        fen().arg("validate").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        let block = "8/8/8/8/8/8/8/8 w - - 0 1\n".repeat(1000);
        for _ in 0..200 {
            if stdin.write_all(block.as_bytes()).is_err() {
                return true;
            }
        }
        false
    });
    let mut reader = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(first.starts_with("-:1: "), "{first:?}");
    drop(reader);
    let out_reader = child.stdout.take().unwrap();
    let (status, stdout) = wait_draining(child, out_reader);
    assert!(stdout.is_empty(), "validate wrote to stdout: {}", String::from_utf8_lossy(&stdout));
    assert_eq!(code(status), 1);
    assert!(writer.join().unwrap(), "fen read all 200,000 lines although nobody read its diagnostics");
}

/// Waits (at most a minute) for a child one of whose output streams was already closed by
/// the test, draining the other one: returns the status and what that other stream held.
fn wait_draining(mut child: Child, mut other: impl Read + Send + 'static) -> (ExitStatus, Vec<u8>) {
    let drain = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = other.read_to_end(&mut v);
        v
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("fen did not stop after its reader went away");
        }
        thread::sleep(Duration::from_millis(5));
    };
    (status, drain.join().unwrap())
}
