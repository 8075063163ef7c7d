//! Splitting input into lines with bounded memory.
//!
//! Lines are split on `\n`; one trailing `\r` is removed. A line is handed out straight from
//! the reader's buffer when it lies inside one chunk, otherwise it is assembled in a buffer of
//! at most [`MAX_LINE`]` + 1` bytes. A longer line is never stored: the reader skips to the
//! next newline and reports [`Line::TooLong`].

use std::io::{self, BufRead};
use std::ops::ControlFlow;

/// The longest line accepted, in bytes, without the `\n` and the trailing `\r`.
pub const MAX_LINE: usize = 4096;

/// One input line.
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The line's bytes, without the `\n` and without one trailing `\r`.
    Text(&'a [u8]),
    /// The line is longer than [`MAX_LINE`] bytes; its bytes were skipped.
    TooLong,
}

/// Why [`for_each_line`] stopped early.
#[derive(Debug)]
pub enum Stop<B> {
    /// The reader failed.
    Read(io::Error),
    /// The callback asked to stop.
    Break(B),
}

/// A line as found between newlines: strips one `\r` and applies the length bound.
#[inline]
fn classify(raw: &[u8]) -> Line<'_> {
    let text = raw.strip_suffix(b"\r").unwrap_or(raw);
    if text.len() > MAX_LINE { Line::TooLong } else { Line::Text(text) }
}

/// What [`for_each_line`] reports.
#[derive(Debug, PartialEq, Eq)]
pub enum Event<'a> {
    /// Line `n` (1-based).
    Line(u64, Line<'a>),
    /// A chunk of `len` bytes was consumed and the next read may block: the time to flush
    /// output (so that `tail -f x | fen convert …` answers line by line) and report progress.
    Consumed(usize),
}

/// Calls `on_event` with each line of `reader`, and after each chunk read.
///
/// A final line without `\n` is still a line; an empty input has no lines. Memory stays within
/// the reader's buffer plus [`MAX_LINE`]` + 1` bytes, whatever the input.
///
/// # Errors
///
/// [`Stop::Read`] if the reader fails (after the lines read so far were handed out), or
/// [`Stop::Break`] with the value the callback broke with.
pub fn for_each_line<R: BufRead, B>(
    mut reader: R,
    mut on_event: impl FnMut(Event<'_>) -> ControlFlow<B>,
) -> Result<(), Stop<B>> {
    // The start of a line that crosses chunk boundaries; never more than MAX_LINE + 1 bytes (the
    // `+ 1` leaves room for a `\r` that will be stripped).
    let mut partial: Vec<u8> = Vec::with_capacity(MAX_LINE + 1);
    // Inside a line already known to be too long.
    let mut skipping = false;
    let mut line_no: u64 = 0;
    let mut emit = |event: Event<'_>| match on_event(event) {
        ControlFlow::Continue(()) => Ok(()),
        ControlFlow::Break(b) => Err(Stop::Break(b)),
    };
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Stop::Read(e)),
        };
        if chunk.is_empty() {
            if skipping {
                emit(next(&mut line_no, Line::TooLong))?;
            } else if !partial.is_empty() {
                emit(next(&mut line_no, classify(&partial)))?;
            }
            return Ok(());
        }
        let len = chunk.len();
        let mut pos = 0;
        while pos < len {
            let rest = &chunk[pos..];
            match find_newline(rest) {
                Some(i) => {
                    let raw = &rest[..i];
                    if skipping {
                        skipping = false;
                        emit(next(&mut line_no, Line::TooLong))?;
                    } else if partial.is_empty() {
                        emit(next(&mut line_no, classify(raw)))?;
                    } else if partial.len() + raw.len() > MAX_LINE + 1 {
                        partial.clear();
                        emit(next(&mut line_no, Line::TooLong))?;
                    } else {
                        partial.extend_from_slice(raw);
                        emit(next(&mut line_no, classify(&partial)))?;
                        partial.clear();
                    }
                    pos += i + 1;
                }
                None => {
                    if !skipping {
                        if partial.len() + rest.len() > MAX_LINE + 1 {
                            partial.clear();
                            skipping = true;
                        } else {
                            partial.extend_from_slice(rest);
                        }
                    }
                    pos = len;
                }
            }
        }
        reader.consume(len);
        emit(Event::Consumed(len))?;
    }
}

/// How far [`find_newline`] looks eight bytes at a time before handing over to `memchr`.
const SHORT_LINE: usize = 128;

/// The index of the first `\n` in `hay`.
///
/// FENs are short (50 to 90 bytes): for them the set-up of `memchr`'s vector search costs more
/// than the search itself, so the first [`SHORT_LINE`] bytes are searched eight at a time in
/// a `u64`, and only longer lines go to `memchr`.
#[inline]
fn find_newline(hay: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let short = &hay[..hay.len().min(SHORT_LINE)];
    let mut words = short.chunks_exact(8);
    let mut at = 0;
    for word in &mut words {
        let x = u64::from_le_bytes(word.try_into().unwrap_or_default()) ^ (ONES * u64::from(b'\n'));
        // The top bit of the first zero byte of `x` (a newline) is the lowest bit set.
        let zero = x.wrapping_sub(ONES) & !x & (ONES * 0x80);
        if zero != 0 {
            return Some(at + (zero.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    if let Some(i) = words.remainder().iter().position(|&b| b == b'\n') {
        return Some(at + i);
    }
    memchr::memchr(b'\n', &hay[short.len()..]).map(|i| short.len() + i)
}

/// The event for the next line.
#[inline]
fn next<'a>(line_no: &mut u64, line: Line<'a>) -> Event<'a> {
    *line_no += 1;
    Event::Line(*line_no, line)
}

/// Whether a line is blank: empty, or only spaces and tabs.
#[inline]
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| b == b' ' || b == b'\t')
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    /// The lines of `input` read through a buffer of `capacity` bytes, as owned values.
    fn lines(input: &[u8], capacity: usize) -> Vec<(u64, Option<Vec<u8>>)> {
        let mut out = Vec::new();
        let reader = BufReader::with_capacity(capacity, input);
        let result: Result<(), Stop<()>> = for_each_line(reader, |event| {
            match event {
                Event::Line(n, Line::Text(t)) => out.push((n, Some(t.to_vec()))),
                Event::Line(n, Line::TooLong) => out.push((n, None)),
                Event::Consumed(_) => {}
            }
            ControlFlow::Continue(())
        });
        assert!(result.is_ok());
        out
    }

    fn text(n: u64, s: &[u8]) -> (u64, Option<Vec<u8>>) {
        (n, Some(s.to_vec()))
    }

    #[test]
    fn splits_on_newline_and_strips_one_cr() {
        for cap in [1, 2, 3, 7, 64, 8192] {
            assert_eq!(
                lines(b"a\r\n\nb c\r\r\nlast", cap),
                vec![text(1, b"a"), text(2, b""), text(3, b"b c\r"), text(4, b"last")],
                "capacity {cap}"
            );
            assert_eq!(lines(b"", cap), vec![]);
            assert_eq!(lines(b"\n", cap), vec![text(1, b"")]);
            assert_eq!(lines(b"x\n", cap), vec![text(1, b"x")]);
            assert_eq!(lines(b"\r", cap), vec![text(1, b"")]);
        }
    }

    #[test]
    fn bounds_line_length() {
        let mut input = Vec::new();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE));
        input.push(b'\n');
        input.extend(std::iter::repeat_n(b'y', MAX_LINE + 1));
        input.push(b'\n');
        input.extend(std::iter::repeat_n(b'z', MAX_LINE));
        input.extend(b"\r\nok\n");
        input.extend(std::iter::repeat_n(b'w', 3 * MAX_LINE));
        for cap in [1, 5, 100, 4096, 4097, 4098, 10_000, 65_536] {
            let got = lines(&input, cap);
            assert_eq!(got.len(), 5, "capacity {cap}");
            assert_eq!(got[0], (1, Some(vec![b'x'; MAX_LINE])));
            assert_eq!(got[1], (2, None));
            assert_eq!(got[2], (3, Some(vec![b'z'; MAX_LINE])));
            assert_eq!(got[3], text(4, b"ok"));
            assert_eq!(got[4], (5, None));
        }
    }

    /// The word-at-a-time search finds the first newline wherever it is, before, across and
    /// after the point where `memchr` takes over.
    #[test]
    fn finds_the_first_newline() {
        for len in [0, 1, 7, 8, 9, 15, 16, 63, 64, 127, 128, 129, 200, 5000] {
            let mut hay = vec![b'x'; len];
            assert_eq!(find_newline(&hay), None, "none in {len}");
            for at in (0..len).step_by(1 + len / 50) {
                hay[at] = b'\n';
                if at + 1 < len {
                    hay[at + 1] = b'\n';
                }
                assert_eq!(find_newline(&hay), Some(at), "{len} bytes, newline at {at}");
                assert_eq!(find_newline(&hay), memchr::memchr(b'\n', &hay));
                hay[at] = 0x8a;
                if at + 1 < len {
                    hay[at + 1] = b'\x0b';
                }
                assert_eq!(find_newline(&hay), None, "{len} bytes, near-newlines at {at}");
                hay[at] = b'x';
                if at + 1 < len {
                    hay[at + 1] = b'x';
                }
            }
        }
    }

    #[test]
    fn blank() {
        assert!(is_blank(b""));
        assert!(is_blank(b" \t "));
        assert!(!is_blank(b" x"));
        assert!(!is_blank(b"\x0c"));
    }
}
