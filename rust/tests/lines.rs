//! `fsb_lines` through the ABI: ranges of generated files against Python's universal-newline reader, the reference
//! nobody here wrote, and the inputs that must fail rather than read without bound.

mod common;

use common::*;
use fsbench_native::*;
use std::process::Command;

const EFBIG: i32 = 27;

fn lines(path: &std::ffi::CString, from: i64, count: i32, limit: i64) -> Result<Vec<Vec<u8>>, i32> {
    let mut out = [0i64; 2];
    let rc = unsafe { fsb_lines(p(path), from, count, limit, &mut out) };
    if rc != 0 {
        assert_eq!(out, [0, 0], "a failed call hands nothing over");
        return Err(rc);
    }
    let packed = take_result(out);
    let mut rest = &packed[..];
    let mut found = Vec::new();
    while !rest.is_empty() {
        let len = u32::from_le_bytes(rest[..4].try_into().unwrap()) as usize;
        found.push(rest[4..4 + len].to_vec());
        rest = &rest[4 + len..];
    }
    Ok(found)
}

/// Python's lines `[from, from + count)` of the file: `open(newline=None)` ends lines at `\n`, `\r\n` and `\r`; the
/// bytes come back as they were (`surrogateescape`), so invalid UTF-8 compares byte for byte.
fn python_lines(path: &std::path::Path, from: usize, count: usize) -> Vec<Vec<u8>> {
    let script = "import sys, itertools\n\
        f = open(sys.argv[1], encoding='utf-8', errors='surrogateescape', newline=None)\n\
        out = sys.stdout.buffer\n\
        for line in itertools.islice(f, int(sys.argv[2]), int(sys.argv[2]) + int(sys.argv[3])):\n\
        \x20   b = line.encode('utf-8', 'surrogateescape')\n\
        \x20   b = b[:-1] if b.endswith(b'\\n') else b\n\
        \x20   out.write(len(b).to_bytes(4, 'little') + b)\n";
    let output = Command::new("/usr/bin/python3")
        .args(["-c", script])
        .arg(path)
        .arg(from.to_string())
        .arg(count.to_string())
        .output()
        .expect("python3 runs");
    assert!(output.status.success(), "python3: {}", String::from_utf8_lossy(&output.stderr));
    let mut rest = &output.stdout[..];
    let mut found = Vec::new();
    while !rest.is_empty() {
        let len = u32::from_le_bytes(rest[..4].try_into().unwrap()) as usize;
        found.push(rest[4..4 + len].to_vec());
        rest = &rest[4 + len..];
    }
    found
}

/// Text of `lines` lines mixing the three terminators, empty lines, NULs, invalid UTF-8 and multi-byte characters, with
/// lines long enough that some cross a 64 KiB block and `\r\n` pairs that straddle one.
fn mixed_text(lines: usize, seed: u64) -> Vec<u8> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let pieces: [&[u8]; 8] =
        [b"plain ascii", b"", b"caf\xc3\xa9", b"\xff\xfe bad", b"nul\0inside", b"x", b"\xe2\x82", b"tab\t"];
    let mut text = Vec::new();
    for _ in 0..lines {
        let mut len = next() % 4;
        if next() % 50 == 0 {
            len = 9000; // about 50 KiB: long lines cross the blocks
        }
        for _ in 0..len {
            text.extend_from_slice(pieces[next() % pieces.len()]);
        }
        text.extend_from_slice(match next() % 4 {
            0 | 1 => b"\n",
            2 => b"\r\n",
            _ => b"\r",
        });
    }
    text
}

#[test]
fn ranges_match_pythons_universal_newlines() {
    let sb = Sandbox::new("lines-python");
    for (seed, ending) in [(1u64, &b""[..]), (2, b"last line without terminator"), (3, b"\r")] {
        let mut text = mixed_text(3000, seed);
        text.extend_from_slice(ending);
        let file = sb.write(&format!("text-{seed}"), &text);
        let all = python_lines(&file, 0, usize::MAX >> 1);
        // Fewer than generated: a line ending in `\r` before an empty one ending in `\n` makes one `\r\n`.
        assert!(all.len() > 2500, "{} lines", all.len());
        let c = sb.c(&format!("text-{seed}"));
        assert_eq!(lines(&c, 0, i32::MAX, 1 << 30).unwrap(), all, "the whole file, seed {seed}");
        for (from, count) in [(0, 100), (1500, 100), (all.len() - 10, 100), (all.len(), 5), (all.len() + 7, 1), (10, 0)]
        {
            let expected = all.iter().skip(from).take(count).cloned().collect::<Vec<_>>();
            assert_eq!(lines(&c, from as i64, count as i32, 1 << 30).unwrap(), expected, "{from}+{count} seed {seed}");
        }
    }
}

#[test]
fn a_crlf_pair_split_by_the_block_is_one_terminator() {
    let sb = Sandbox::new("lines-split-crlf");
    let mut text = vec![b'a'; 64 * 1024 - 1];
    text.extend_from_slice(b"\r\nnext\n");
    sb.write("f", &text);
    let found = lines(&sb.c("f"), 0, 10, 1 << 30).unwrap();
    assert_eq!(found.len(), 2);
    assert_eq!(found[1], b"next");
}

#[test]
fn empty_files_and_ranges_past_the_end_are_empty() {
    let sb = Sandbox::new("lines-empty");
    sb.write("empty", b"");
    assert_eq!(lines(&sb.c("empty"), 0, 10, 100).unwrap(), Vec::<Vec<u8>>::new());
    sb.write("two", b"a\nb\n");
    assert_eq!(lines(&sb.c("two"), 2, 10, 100).unwrap(), Vec::<Vec<u8>>::new());
    assert_eq!(lines(&sb.c("two"), i64::MAX, i32::MAX, 100).unwrap(), Vec::<Vec<u8>>::new());
}

#[test]
fn what_cannot_be_lines_fails_with_its_errno() {
    let sb = Sandbox::new("lines-errors");
    sb.mkdirs("dir");
    assert_eq!(lines(&sb.c("dir"), 0, 1, 100), Err(EISDIR));
    assert_eq!(lines(&sb.c("missing"), 0, 1, 100), Err(ENOENT));
    sb.write("f", b"x\n");
    assert_eq!(lines(&sb.c("f"), -1, 1, 100), Err(EINVAL));
    assert_eq!(lines(&sb.c("f"), 0, -1, 100), Err(EINVAL));
    let mut out = [0i64; 2];
    assert_eq!(unsafe { fsb_lines(std::ptr::null(), 0, 1, 100, &mut out) }, EINVAL);
}

#[test]
fn an_endless_line_stops_at_the_limit() {
    // /dev/zero never sends a newline: the first line, kept or skipped, passes any limit.
    let zero = cb(b"/dev/zero");
    assert_eq!(lines(&zero, 0, 1, 1 << 20), Err(EFBIG));
    assert_eq!(lines(&zero, 5, 1, 1 << 20), Err(EFBIG));
    let sb = Sandbox::new("lines-limit");
    sb.write("long", &[b"y".repeat(5000), b"\nshort\n".to_vec()].concat());
    assert_eq!(lines(&sb.c("long"), 1, 1, 4096), Err(EFBIG), "a skipped line counts too");
    assert_eq!(lines(&sb.c("long"), 0, 2, 5005).unwrap().len(), 2, "5000 and 5 bytes kept");
    assert_eq!(lines(&sb.c("long"), 0, 2, 5004), Err(EFBIG), "the lines kept count together");
}

#[test]
fn a_fifo_is_read_as_its_writer_sends_it() {
    let sb = Sandbox::new("lines-fifo");
    let fifo = sb.path("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let writer_path = fifo.clone();
    // The writer stays open after its lines: the call must return once it has its range, without waiting for EOF.
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new().write(true).open(&writer_path).unwrap();
        f.write_all(b"one\ntwo\nthree\n").unwrap();
        f.flush().unwrap();
        let _ = done_rx.recv_timeout(std::time::Duration::from_secs(10));
    });
    let found = lines(&sb.c("fifo"), 1, 2, 1 << 20).unwrap();
    done_tx.send(()).unwrap();
    writer.join().unwrap();
    assert_eq!(found, vec![b"two".to_vec(), b"three".to_vec()]);
}
