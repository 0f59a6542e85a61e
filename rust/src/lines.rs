//! `fsb_lines`: the lines `[from, from + count)` of a text file, reading no further than the block that ends the last
//! of them.
//!
//! A line ends at `\n`, `\r\n` or a lone `\r` (Python's universal newlines, Java's `BufferedReader.readLine`); the
//! terminator is not part of the line, and a last line without one is still a line. The bytes are handed over as they
//! are: the caller decodes them (the Java bindings as `new String(bytes, UTF_8)` does, invalid sequences becoming
//! U+FFFD), so a line costs no decoding here and no line outside the range is decoded at all.
//!
//! # Why blocks and a byte scan, not a buffered reader
//!
//! The work the seed's native library made 262x faster than Node's whole-file read is the first 100 lines of a 16 MiB
//! file: what pays is to stop reading. The file is read in blocks of [`BLOCK`] bytes (one `read` for a range in the
//! first 64 KiB), each scanned eight bytes at a time for the two terminator bytes, and the call returns as soon as the
//! last line of the range has ended, whatever follows.
//!
//! # Bounds
//!
//! No line, kept or skipped, may be longer than `limit` bytes, nor the lines kept together: past it the call fails with
//! `EFBIG`, having held at most `limit` bytes of them. That is what stops `/dev/zero` or a FIFO that never sends a
//! newline (the Java caller passes a quarter of the JVM's `ReadLimit`). A directory is `EISDIR` (from its first `read`;
//! a range of no lines reads nothing, so it is only opened); a FIFO is read like a file, and its `open` waits for a
//! writer, as every reader of a FIFO does.

use crate::error::Fail;
use crate::fd::{read_some, Fd};
use crate::sys;
use std::ffi::CStr;

/// The read size: 64 KiB, a few hundred lines of text, the size `cat` and the JDK's buffered streams read by.
const BLOCK: usize = 64 * 1024;

/// The lines `[from, from + count)` of the file at `path`, each as a little-endian `u32` byte length and the bytes.
pub(crate) fn lines(path: &CStr, from: u64, count: u32, limit: u64) -> Result<Vec<u8>, Fail> {
    // No stat: read(2) of a directory fails with EISDIR, and a range of no lines reads nothing.
    let fd = Fd::open_at(sys::AT_FDCWD, path, sys::O_RDONLY, 0)?;
    let mut range = Range::new(from, count, limit);
    if range.is_done() {
        return Ok(Vec::new());
    }
    let mut block = vec![0u8; BLOCK];
    loop {
        let n = read_some(&fd, &mut block)?;
        if n == 0 {
            range.end_of_file();
            break;
        }
        range.feed(&block[..n])?;
        if range.is_done() {
            break;
        }
    }
    Ok(range.out)
}

/// The state of a scan through the file: which line the next byte belongs to and what has been kept.
struct Range {
    from: u64,
    end: u64,
    limit: u64,
    /// The index of the line the next byte belongs to.
    line: u64,
    /// Bytes of that line seen so far (kept or skipped): a line of any length is counted against `limit`.
    seen: u64,
    /// Bytes of the lines kept so far, their length prefixes aside.
    kept: u64,
    /// Where that line's length prefix stands in `out`, while it is being kept.
    open: Option<usize>,
    /// The previous block ended with `\r`: a `\n` first in the next block belongs to that terminator.
    after_cr: bool,
    out: Vec<u8>,
}

impl Range {
    fn new(from: u64, count: u32, limit: u64) -> Range {
        Range {
            from,
            end: from.saturating_add(count as u64),
            limit,
            line: 0,
            seen: 0,
            kept: 0,
            open: None,
            after_cr: false,
            out: Vec::new(),
        }
    }

    fn is_done(&self) -> bool {
        self.line >= self.end
    }

    /// Scans `data`, the next bytes of the file, ending lines as it meets their terminators and stopping at the
    /// range's end.
    fn feed(&mut self, mut data: &[u8]) -> Result<(), Fail> {
        if self.after_cr {
            self.after_cr = false;
            if data[0] == b'\n' {
                data = &data[1..];
            }
        }
        while !data.is_empty() && !self.is_done() {
            match terminator(data) {
                Some(at) => {
                    self.take(&data[..at])?;
                    self.end_line();
                    let cr = data[at] == b'\r';
                    data = &data[at + 1..];
                    if cr {
                        match data.first() {
                            Some(b'\n') => data = &data[1..],
                            Some(_) => {}
                            None => self.after_cr = true,
                        }
                    }
                }
                None => {
                    self.take(data)?;
                    data = &[];
                }
            }
        }
        Ok(())
    }

    /// Adds `bytes` to the current line: kept if the line is in the range, counted against the limit either way.
    fn take(&mut self, bytes: &[u8]) -> Result<(), Fail> {
        let keep = self.line >= self.from;
        self.seen += bytes.len() as u64;
        if keep {
            self.kept += bytes.len() as u64;
        }
        if self.seen > self.limit || self.kept > self.limit {
            return Err(sys::EFBIG.into());
        }
        if keep {
            if self.open.is_none() {
                self.open = Some(self.out.len());
                self.out.extend_from_slice(&[0; 4]);
            }
            self.out.extend_from_slice(bytes);
        }
        Ok(())
    }

    fn end_line(&mut self) {
        if self.line >= self.from {
            let at = match self.open {
                Some(at) => at,
                None => {
                    // An empty line: its prefix only.
                    self.out.extend_from_slice(&[0; 4]);
                    self.out.len() - 4
                }
            };
            let len = (self.out.len() - at - 4) as u32;
            self.out[at..at + 4].copy_from_slice(&len.to_le_bytes());
        }
        self.open = None;
        self.seen = 0;
        self.line += 1;
    }

    /// The file ended: a last line without a terminator is still a line, an empty rest is none.
    fn end_of_file(&mut self) {
        if self.seen > 0 && !self.is_done() {
            self.end_line();
        }
    }
}

/// The index of the first `\n` or `\r` in `data`, eight bytes at a time.
fn terminator(data: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let has_zero = |w: u64| w.wrapping_sub(ONES) & !w & HIGHS;
    let mut chunks = data.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        // Exact for the lowest matching byte: a false mark can only stand above a true one.
        let hits = has_zero(w ^ (ONES * b'\n' as u64)) | has_zero(w ^ (ONES * b'\r' as u64));
        if hits != 0 {
            return Some(base + (hits.trailing_zeros() / 8) as usize);
        }
        base += 8;
    }
    chunks.remainder().iter().position(|&b| b == b'\n' || b == b'\r').map(|i| base + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines a whole-file scan fed in blocks of `step` bytes keeps.
    fn scan(content: &[u8], from: u64, count: u32, step: usize) -> Result<Vec<Vec<u8>>, Fail> {
        let mut range = Range::new(from, count, 1 << 20);
        for block in content.chunks(step.max(1)) {
            if range.is_done() {
                break;
            }
            range.feed(block)?;
        }
        if !range.is_done() {
            range.end_of_file();
        }
        Ok(unpack(&range.out))
    }

    fn unpack(mut out: &[u8]) -> Vec<Vec<u8>> {
        let mut lines = Vec::new();
        while !out.is_empty() {
            let len = u32::from_le_bytes(out[..4].try_into().unwrap()) as usize;
            lines.push(out[4..4 + len].to_vec());
            out = &out[4 + len..];
        }
        lines
    }

    fn all(content: &[u8]) -> Vec<Vec<u8>> {
        let expected = scan(content, 0, u32::MAX, usize::MAX).unwrap();
        // The block boundaries never change the lines: every split of the content gives the same.
        for step in 1..=9 {
            assert_eq!(scan(content, 0, u32::MAX, step).unwrap(), expected, "blocks of {step}");
        }
        expected
    }

    fn strs(lines: &[&str]) -> Vec<Vec<u8>> {
        lines.iter().map(|l| l.as_bytes().to_vec()).collect()
    }

    #[test]
    fn terminators_are_lf_crlf_and_a_lone_cr() {
        assert_eq!(all(b"a\nb\r\nc\rd"), strs(&["a", "b", "c", "d"]));
        assert_eq!(all(b"a\r\r\nb"), strs(&["a", "", "b"]));
        assert_eq!(all(b"a\n\r\n\n"), strs(&["a", "", ""]));
        assert_eq!(all(b"\r"), strs(&[""]));
    }

    #[test]
    fn a_last_line_needs_no_terminator_and_an_empty_rest_is_no_line() {
        assert_eq!(all(b""), strs(&[]));
        assert_eq!(all(b"\n"), strs(&[""]));
        assert_eq!(all(b"only"), strs(&["only"]));
        assert_eq!(all(b"one\n"), strs(&["one"]));
        assert_eq!(all(b"one\ntwo"), strs(&["one", "two"]));
    }

    #[test]
    fn the_range_is_from_and_count_lines_and_stops_at_the_end_of_the_file() {
        let text = b"l0\nl1\nl2\nl3\nl4\n";
        assert_eq!(scan(text, 1, 2, 3).unwrap(), strs(&["l1", "l2"]));
        assert_eq!(scan(text, 3, 10, 64).unwrap(), strs(&["l3", "l4"]));
        assert_eq!(scan(text, 5, 1, 64).unwrap(), strs(&[]));
        assert_eq!(scan(text, u64::MAX, u32::MAX, 64).unwrap(), strs(&[]));
        assert_eq!(scan(text, 0, 0, 64).unwrap(), strs(&[]));
    }

    #[test]
    fn bytes_pass_as_they_are() {
        // NUL, invalid UTF-8 and a character split across two blocks: the caller decodes.
        let text = b"a\0b\n\xff\xfe\n\xc3\xa9t\xc3\xa9\n";
        assert_eq!(all(text), vec![b"a\0b".to_vec(), b"\xff\xfe".to_vec(), "\u{e9}t\u{e9}".as_bytes().to_vec()]);
    }

    #[test]
    fn no_line_may_pass_the_limit_kept_or_skipped() {
        let mut range = Range::new(1, 1, 4);
        assert_eq!(range.feed(b"12345\nok\n").unwrap_err(), Fail::from(sys::EFBIG));
        let mut range = Range::new(0, 1, 4);
        assert_eq!(range.feed(b"1234").map(|_| ()), Ok(()));
        assert_eq!(range.feed(b"5").unwrap_err(), Fail::from(sys::EFBIG));
        // Together too: two lines of 3 kept are 6 bytes; 2 and 2 are 4.
        let mut range = Range::new(0, 2, 4);
        assert_eq!(range.feed(b"abc\ndef\n").unwrap_err(), Fail::from(sys::EFBIG));
        let mut range = Range::new(0, 2, 4);
        assert_eq!(range.feed(b"ab\ncd\n").map(|_| ()), Ok(()));
        assert_eq!(unpack(&range.out), strs(&["ab", "cd"]));
    }

    #[test]
    fn the_scan_finds_the_first_terminator_at_every_offset() {
        for len in 0..40 {
            for at in 0..len {
                let mut data = vec![b'x'; len];
                data[at] = b'\r';
                if at + 3 < len {
                    data[at + 3] = b'\n';
                }
                assert_eq!(terminator(&data), Some(at), "len {len} at {at}");
            }
            assert_eq!(terminator(&vec![0x8a; len]), None);
        }
    }
}
